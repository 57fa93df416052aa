"""The class record: every check and finished game appends one record to the student's own file in the
class folder; thirty students writing at once lose nothing; without a folder nothing is written."""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dicepoker import DicePokerError
from dicepoker.core.class_events import a_game_ended
from dicepoker.lessons import class_record
from dicepoker.lessons.class_record import class_games, class_progress, join_class, leave_class
from dicepoker.lessons.exercise_registry import check, forget_tries


@pytest.fixture(autouse=True)
def _no_class(monkeypatch):
    monkeypatch.delenv("DICEPOKER_CLASS", raising=False)
    monkeypatch.delenv("DICEPOKER_STUDENT", raising=False)
    leave_class()
    forget_tries()
    yield
    leave_class()
    forget_tries()


def test_every_check_appends_one_record_with_the_answer_the_verdict_and_the_hints(tmp_path):
    join_class(tmp_path, student="Ann")
    check("01.4", "6")  # a wrong sign: its targeted hint
    check("01.4", "-7")  # wrong: the first graduated hint
    check("01.4", ...)  # the placeholder is no attempt
    check("01.4", "-6")
    check("1/6", "1/6")  # a teacher's own exercise, explicit target
    table = class_progress(tmp_path)
    assert list(table.columns) == ["student", "exercise", "answer", "right", "hints", "seconds"]
    assert table["exercise"].tolist() == ["01.4", "01.4", "01.4", ""]
    assert table["right"].tolist() == [False, False, True, True]
    assert table["hints"].tolist() == [1, 2, 2, 0]
    assert table["answer"].tolist() == ["'6'", "'-7'", "'-6'", "'1/6'"]
    assert (table["seconds"] >= 0).all() and table["seconds"].is_monotonic_increasing
    assert (tmp_path / "Ann.jsonl").exists()


def test_without_a_class_folder_nothing_is_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    check("01.4", "-6")
    assert list(tmp_path.iterdir()) == []


def test_the_environment_sets_the_class(tmp_path):
    code = (
        "from dicepoker import check; check('01.4', '-6'); "
        "from dicepoker.lessons.class_record import class_progress; import sys; "
        f"print(class_progress({str(tmp_path)!r})['student'].tolist())"
    )
    env = {**os.environ, "DICEPOKER_CLASS": str(tmp_path), "DICEPOKER_STUDENT": "Bo"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['Bo']"


@pytest.mark.parametrize("name", ["", "../etc/passwd", "a/b", "x" * 61, None, 3, "_hidden"])
def test_a_bad_student_name_is_refused(tmp_path, name):
    with pytest.raises(DicePokerError, match="student's name"):
        join_class(tmp_path, student=name)


def test_a_class_folder_that_is_a_file_is_refused(tmp_path):
    (tmp_path / "f").write_text("x")
    with pytest.raises(DicePokerError, match="not a folder|cannot use"):
        join_class(tmp_path / "f", student="Ann")
    with pytest.raises(DicePokerError):
        join_class(None, student="Ann")  # type: ignore[arg-type]


def test_a_malformed_file_is_refused_whole_and_the_others_read(tmp_path):
    join_class(tmp_path, student="Ann")
    check("01.4", "-6")
    (tmp_path / "Eve.jsonl").write_text('{"student": "Eve", "exercise": "01.4", "right": true}\n{broken\n')
    with pytest.warns(RuntimeWarning, match="Eve.jsonl refused"):
        table = class_progress(tmp_path)
    assert table["student"].tolist() == ["Ann"]  # none of Eve's lines, not even the good first one
    assert "Eve.jsonl" in table.attrs["refused"]


def _student(folder: str, number: int, records: int) -> None:
    """One student process: joins the class and answers ``records`` times, each also in a shared file."""
    from dicepoker.lessons.class_record import append_record, join_class
    from dicepoker.lessons.exercise_registry import check

    join_class(folder, student=f"student{number:02d}")
    for index in range(records):
        check("01.4", str(index - 10))
        record = {"student": "shared", "exercise": "01.4", "answer": "'1'", "right": False, "hints": 0}
        append_record(Path(folder) / "shared.jsonl", {**record, "seconds": 0.0, "n": number})


def test_thirty_students_writing_at_once_lose_no_record(tmp_path):
    records = 25
    context = multiprocessing.get_context("fork")
    students = [context.Process(target=_student, args=(str(tmp_path), n, records)) for n in range(30)]
    for process in students:
        process.start()
    for process in students:
        process.join(60)
        assert process.exitcode == 0
    table = class_progress(tmp_path)
    mine = table[table["student"] != "shared"]
    assert len(mine) == 30 * records
    assert mine.groupby("student").size().eq(records).all()
    assert (
        mine.groupby("student")["answer"]
        .apply(list)
        .map(lambda a: a == [repr(str(i - 10)) for i in range(records)])
        .all()
    )
    shared = [json.loads(line) for line in (tmp_path / "shared.jsonl").read_text().splitlines()]
    assert len(shared) == 30 * records  # thirty writers in one file: every line whole
    assert sorted({row["n"] for row in shared}) == list(range(30))


def test_a_finished_game_in_a_widget_is_recorded_with_its_seats(tmp_path):
    from dicepoker import play

    join_class(tmp_path, student="Ann")
    ui = play("yatzy", seats=("computer",), seed=3)
    for _ in range(400):
        if ui.game.is_over:
            break
        ui.turn_button.click()  # the computer plays its turns, as a student sees them
    games = class_games(tmp_path)
    assert games["game"].tolist() == ["yatzy"] and games["seats"].tolist() == [["bot: optimal"]]
    assert games["mode"].tolist() == ["practice"] and games["hints"].tolist() == [0]


def test_a_graded_game_is_recorded_graded_and_a_practice_game_with_its_hints(tmp_path):
    from dicepoker import play

    join_class(tmp_path, student="Ann")
    for graded in (True, False):
        ui = play("yatzy", seats=("human",), seed=3, graded=graded)
        for _ in range(200):
            if ui.game.is_over:
                break
            ui.roll_button.click()
            ui.hint_button.click()  # refused in the graded game: no hint shown, none recorded
            ui.box_buttons[next(iter(ui.game.options()))].click()
        ui.close()
    games = class_games(tmp_path)
    turns = len(ui.game.rules.box_names)
    assert games["mode"].tolist() == ["graded", "practice"]
    assert games["seats"].tolist() == [["human"], ["human"]]
    assert games["hints"].tolist() == [0, turns]  # one hint a turn in practice


def test_a_listener_that_fails_never_stops_a_game(tmp_path, monkeypatch):
    join_class(tmp_path, student="Ann")
    monkeypatch.setattr(class_record, "append_record", lambda *a: (_ for _ in ()).throw(OSError("disk full")))
    with pytest.warns(RuntimeWarning, match="could not be written"):
        a_game_ended(object(), ("human",))


def _simulated_class(folder, seed=7, students=12):
    """Seeded students answer lesson 01: most get each exercise right on the first or second try,
    but exercise 01.3 is planted as the stuck one, its wrong answer the box without the bonus."""
    import numpy as np

    from dicepoker.lessons.exercise_registry import find_exercise

    rng = np.random.default_rng(seed)
    for number in range(students):
        forget_tries()
        join_class(folder, student=f"S{number:02d}")
        for exercise_id in ("01.1", "01.2", "01.3", "01.4", "01.5"):
            exercise = find_exercise(exercise_id)
            right = exercise.target()
            stuck = exercise_id == "01.3"
            for _try in range(4):
                if rng.random() < (0.15 if stuck else 0.7):
                    check(exercise_id, tuple(map(str, right)) if isinstance(right, tuple) else str(right))
                    break
                wrong = "15" if stuck else str(int(rng.integers(1, 9)))
                check(exercise_id, (wrong, wrong) if isinstance(right, tuple) else wrong)
    leave_class()


def test_class_progress_shows_the_stuck_exercise_that_was_planted(tmp_path):
    from dicepoker.lessons.class_progress_figures import stuck_table, tries_table

    _simulated_class(tmp_path)
    table = class_progress(tmp_path)
    assert table["student"].nunique() == 12
    stuck = stuck_table(table)
    assert stuck.index[0] == "01.3"
    assert stuck.loc["01.3", "commonest wrong answer"].startswith("'15'")
    tries = tries_table(table)
    assert (tries["01.3"] == -1).sum() > (tries["01.1"] == -1).sum()


def test_the_dashboard_and_its_figures_follow_the_pickers(tmp_path):
    from dicepoker.lessons.class_dashboard import class_dashboard
    from dicepoker.lessons.class_progress_figures import time_figure

    _simulated_class(tmp_path, students=4)
    board = class_dashboard(tmp_path)
    assert len(board.figures) == 2 and len(board.figures[0].data[0].y) == 4
    board.student.value = "S01"
    assert list(board.figures[0].data[0].y) == ["S01"]
    board.lesson.value = "01"
    assert set(board.chosen()["exercise"]) <= {"01.1", "01.2", "01.3", "01.4", "01.5"}
    assert len(board.output.outputs) == 2
    assert len(time_figure(class_progress(tmp_path)).data) == 5
    assert class_dashboard(tmp_path, lang="ro").student.options[0][0] == "(toată clasa)"


def test_the_class_command_prints_the_table_and_its_json(tmp_path, capsys):
    from dicepoker.cli.main import main

    _simulated_class(tmp_path, students=2)
    assert main(["class", str(tmp_path), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows and set(rows[0]) == {"student", "exercise", "answer", "right", "hints", "seconds"}
    assert main(["class", str(tmp_path)]) == 0
    assert "S00" in capsys.readouterr().out
    assert main(["class", str(tmp_path / "missing")]) == 2
    assert "is not a folder" in capsys.readouterr().err
