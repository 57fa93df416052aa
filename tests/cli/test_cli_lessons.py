"""``dicepoker lessons`` and ``dicepoker lab``: a fresh set for a class, never over a student's work,
opened in JupyterLab (the start of JupyterLab itself is replaced here: the slow packaging test
runs a lesson of a real copy under nbval); and the usage line for both ways of running the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from dicepoker.cli import lab as lab_command
from dicepoker.cli.main import main
from dicepoker.core.i18n import available_languages
from dicepoker.lessons.handout import copy_lessons, lesson_files, lessons_home

ROOT = Path(__file__).resolve().parents[2]


def _copy(tmp_path, *args):
    return main(["lessons", str(tmp_path / "class"), *args])


@pytest.mark.parametrize("lang", available_languages())
def test_every_language_has_all_the_lessons_and_apps(lang):
    files = lesson_files(lang)
    english = lesson_files("en")
    assert list(files) == list(english)  # the same names, in the same places
    assert len([p for p in files if p.parent == Path()]) == len(list((ROOT / "notebooks").glob("*.ipynb")))
    assert len([p for p in files if p.parent == Path("apps")]) == len(list((ROOT / "apps").glob("*.ipynb")))
    for source in files.values():
        meta = json.loads(source.read_text(encoding="utf-8"))["metadata"]
        assert meta.get("dicepoker", {}).get("language", "en") == lang, source


def test_in_a_checkout_the_lessons_are_the_repositorys_own():
    assert lessons_home() == ROOT


def test_the_lessons_are_copied_in_the_chosen_language(tmp_path, capsys):
    assert _copy(tmp_path, "--lang", "uk") == 0
    out = capsys.readouterr().out
    folder = tmp_path / "class"
    for relative, source in lesson_files("uk").items():
        assert (folder / relative).read_bytes() == source.read_bytes()
    n = len(lesson_files("uk"))
    assert str(folder) in out and out.startswith(f"Скопійовано {n} ")  # the report, in Ukrainian


def test_a_second_copy_changes_nothing(tmp_path, capsys):
    _copy(tmp_path)
    folder = tmp_path / "class"
    before = {p: p.stat().st_mtime_ns for p in folder.rglob("*")}
    assert _copy(tmp_path) == 0
    assert {p: p.stat().st_mtime_ns for p in folder.rglob("*")} == before


def test_a_students_work_is_kept_and_the_fresh_copy_goes_beside_it(tmp_path, capsys):
    _copy(tmp_path)
    folder = tmp_path / "class"
    work = folder / "03_three_rolls.ipynb"
    work.write_text('{"my": "work"}', encoding="utf-8")
    (folder / "apps" / "bluff.ipynb").unlink()  # a file deleted is simply copied again
    capsys.readouterr()
    assert _copy(tmp_path) == 0
    out = capsys.readouterr().out
    assert work.read_text(encoding="utf-8") == '{"my": "work"}'
    fresh = folder / "03_three_rolls-fresh.ipynb"
    assert fresh.read_bytes() == lesson_files()[Path("03_three_rolls.ipynb")].read_bytes()
    assert (folder / "apps" / "bluff.ipynb").is_file()
    assert "03_three_rolls-fresh.ipynb" in out and "kept" in out
    work.write_text('{"more": "work"}', encoding="utf-8")
    _copy(tmp_path)
    assert not (folder / "03_three_rolls-fresh-2.ipynb").exists()  # the fresh copy is still fresh
    fresh.write_text("the student opened this one too", encoding="utf-8")
    _copy(tmp_path)
    assert (folder / "03_three_rolls-fresh-2.ipynb").read_bytes() == lesson_files()[
        Path("03_three_rolls.ipynb")
    ].read_bytes()


def test_a_file_in_the_way_is_refused(tmp_path, capsys):
    (tmp_path / "class").write_text("not a folder")
    assert _copy(tmp_path) == 2
    assert "is a file" in capsys.readouterr().err


def test_an_unknown_language_is_refused(tmp_path, capsys):
    assert _copy(tmp_path, "--lang", "fr") == 2
    assert not (tmp_path / "class").exists()


def test_without_a_folder_the_copy_is_named_for_its_language(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["lessons", "--lang", "th"]) == 0
    assert (tmp_path / "dicepoker-lessons-th" / "01_play_dice_poker.ipynb").is_file()


def test_the_handout_works_from_python_too(tmp_path):
    handout = copy_lessons(tmp_path / "c", "ro")
    assert len(handout.copied) == len(lesson_files("ro")) and handout.beside == []


# --- dicepoker lab -----------------------------------------------------------------------------
class Replaced(Exception):
    """Raised where the real ``exec`` would have replaced the process with JupyterLab."""


@pytest.fixture(params=["exec (POSIX)", "subprocess (elsewhere)"])
def started(request, monkeypatch):
    """Record the JupyterLab commands instead of starting them (each way :func:`lab.start` has)."""
    calls = []
    where = []

    def fake_run(command, cwd, check):
        calls.append((command, Path(cwd)))
        return subprocess.CompletedProcess(command, 0)

    def fake_execv(path, command):
        assert path == command[0]
        calls.append((command, where[-1]))
        raise Replaced

    monkeypatch.setattr(lab_command, "REPLACE_PROCESS", request.param.startswith("exec"))
    monkeypatch.setattr(lab_command.subprocess, "run", fake_run)
    monkeypatch.setattr(lab_command, "execv", fake_execv)
    monkeypatch.setattr(lab_command, "chdir", lambda folder: where.append(Path(folder)))
    return calls


def run_lab(*args: str) -> int:
    """``dicepoker lab ...``; 0 where JupyterLab would have taken the process's place."""
    try:
        return main(["lab", *args])
    except Replaced:
        return 0


def test_lab_copies_the_lessons_then_opens_jupyterlab_there(tmp_path, started, capsys):
    folder = tmp_path / "class"
    assert run_lab(str(folder), "--lang", "uk") == 0
    [(command, cwd)] = started
    assert command[:3] == [sys.executable, "-m", "jupyterlab"]
    assert f"--ServerApp.root_dir={folder.resolve()}" in command
    assert command[-1] == "01_play_dice_poker.ipynb" and cwd == folder
    assert (folder / "01_play_dice_poker.ipynb").read_bytes() == lesson_files("uk")[
        Path("01_play_dice_poker.ipynb")
    ].read_bytes()


def test_lab_hands_jupyterlab_its_own_options(tmp_path, started, capsys):
    assert run_lab(str(tmp_path / "class"), "--lang", "ro", "--", "--port", "9999", "--no-browser") == 0
    [(command, _cwd)] = started
    assert command[-4:] == ["--port", "9999", "--no-browser", "01_play_dice_poker.ipynb"]
    assert (tmp_path / "class" / "01_play_dice_poker.ipynb").read_bytes() == lesson_files("ro")[
        Path("01_play_dice_poker.ipynb")
    ].read_bytes()


def test_lab_reads_its_language_after_the_folder_and_refuses_unknown_options(tmp_path, started, capsys):
    assert run_lab(str(tmp_path / "class"), "--lang", "uk", "--", "--no-browser") == 0
    [(command, _cwd)] = started
    assert command[-2:] == ["--no-browser", "01_play_dice_poker.ipynb"] and "--lang" not in command
    assert run_lab(str(tmp_path / "class"), "--port", "9999") == 2
    assert "--port 9999" in capsys.readouterr().err and len(started) == 1


def test_lab_opens_a_copy_as_it_is(tmp_path, started, capsys):
    main(["lessons", str(tmp_path / "class")])
    work = tmp_path / "class" / "01_play_dice_poker.ipynb"
    work.write_text('{"my": "work"}', encoding="utf-8")
    assert run_lab(str(tmp_path / "class")) == 0
    assert work.read_text(encoding="utf-8") == '{"my": "work"}'
    assert not list((tmp_path / "class").glob("*-fresh.ipynb"))  # no fresh copies each time it opens
    assert len(started) == 1


def test_lab_passes_on_jupyterlabs_exit_code_where_it_cannot_take_the_process_s_place(
    tmp_path, monkeypatch, capsys
):
    monkeypatch.setattr(lab_command, "REPLACE_PROCESS", False)
    monkeypatch.setattr(
        lab_command.subprocess, "run", lambda command, cwd, check: subprocess.CompletedProcess(command, 3)
    )
    assert main(["lab", str(tmp_path / "class")]) == 3


def test_lab_without_jupyterlab_says_how_to_install_it(tmp_path, monkeypatch, started, capsys):
    monkeypatch.setattr(lab_command.importlib.util, "find_spec", lambda name: None)
    assert run_lab(str(tmp_path / "class")) == 2
    assert 'pip install "dicepoker[lab]"' in capsys.readouterr().err
    assert started == []


# --- the usage line -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("command", "prog"),
    [
        ([sys.executable, "-m", "dicepoker", "--help"], "python -m dicepoker"),
        (
            [
                sys.executable,
                "-c",
                "import sys; from dicepoker.cli.main import main; sys.exit(main())",
                "--help",
            ],
            "dicepoker",
        ),
    ],
    ids=["python -m dicepoker", "dicepoker"],
)
def test_the_usage_line_names_the_way_it_was_run(command, prog):
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    assert out.startswith(f"usage: {prog} [-h]")
