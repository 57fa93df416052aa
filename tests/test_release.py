"""A release a teacher can install and carry: licence, changelog, citation and metadata; one
kernelspec in every notebook; and (slow) the wheel and sdist built with no warning, ``twine check``
clean, the wheel installed in a fresh venv outside the repository, the Ukrainian lessons copied from
it with ``dicepoker lessons`` and one of them run there under nbval, and ``dicepoker lab`` serving them."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import time
import tomllib
import urllib.request
import zipfile
from pathlib import Path

import pytest

import dicepoker

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]
# the one kernelspec every lesson and app declares (JupyterLab's own default: a notebook saved
# there keeps it)
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def notebooks() -> list[Path]:
    return sorted(p for folder in ("notebooks", "apps") for p in (ROOT / folder).rglob("*.ipynb"))


# --- what a release carries -------------------------------------------------------------------
def test_the_licence_is_mit_and_the_metadata_says_so():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "the dicepoker authors" in text
    assert PROJECT["license"] == "MIT" and PROJECT["license-files"] == ["LICENSE"]
    assert PROJECT["authors"] == [{"name": "the dicepoker authors"}]


def test_the_classifiers_name_the_pythons_jupyter_and_education():
    classifiers = set(PROJECT["classifiers"])
    low = int(re.fullmatch(r">=3\.(\d+)", PROJECT["requires-python"])[1])
    assert {f"Programming Language :: Python :: 3.{minor}" for minor in range(low, 14)} <= classifiers
    assert {"Framework :: Jupyter", "Intended Audience :: Education", "Topic :: Education"} <= classifiers
    assert not [c for c in classifiers if c.startswith("License ::")]  # the SPDX field says it once


def test_the_project_links_point_at_the_repository():
    urls = PROJECT["urls"]
    assert {"Homepage", "Source", "Issues", "Changelog"} <= set(urls)
    assert all(url.startswith("https://") for url in urls.values())


def test_the_changelog_starts_at_this_version():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    versions = re.findall(r"^## \[([^\]]+)\]", text, flags=re.M)
    assert versions[:2] == ["Unreleased", dicepoker.__version__]
    assert "Keep a Changelog" in text
    assert f"[{dicepoker.__version__}]: https://" in text


def test_the_version_lives_in_one_place():
    assert "version" not in PROJECT and PROJECT["dynamic"] == ["version"]
    attr = PYPROJECT["tool"]["setuptools"]["dynamic"]["version"]["attr"]
    assert attr == "dicepoker.core.version.__version__"


def test_the_citation_names_this_version():
    text = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    assert re.search(r"^cff-version: 1\.2\.0$", text, flags=re.M)
    assert re.search(rf"^version: {re.escape(dicepoker.__version__)}$", text, flags=re.M)
    assert "license: MIT" in text


def test_the_contributing_guide_has_the_version_rule():
    text = (ROOT / "docs" / "contributing.md").read_text(encoding="utf-8")
    assert "CHANGELOG.md" in text and "CONTRIBUTING.md" in text
    for part in ("major", "minor", "patch"):
        assert part in text.lower()


def test_numba_is_not_required_where_it_cannot_be_had():
    [numba] = [d for d in PROJECT["dependencies"] if d.startswith("numba")]
    assert "platform_system != 'Emscripten'" in numba


def test_the_docs_name_no_machine_path():
    texts = [*(ROOT / "docs").glob("*.md"), ROOT / "README.md", ROOT / "dicepoker" / "lessons" / "terms.py"]
    found = [
        (p.name, m) for p in texts for m in re.findall(r"/(?:work|home|Users|root)/\S+", p.read_text("utf-8"))
    ]
    assert found == []


def test_every_notebook_declares_one_kernelspec():
    specs = {
        p.relative_to(ROOT).as_posix(): json.loads(p.read_text("utf-8"))["metadata"].get("kernelspec")
        for p in notebooks()
    }
    assert {name: spec for name, spec in specs.items() if spec != KERNELSPEC} == {}


# --- built, installed, used -------------------------------------------------------------------
def _ends(text: str, keep: int = 3000) -> str:
    """A long output's beginning (where the first failure is told) and its end (the summary)."""
    return text if len(text) <= 2 * keep else f"{text[:keep]}\n[...]\n{text[-keep:]}"


def _run(command, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run(command, capture_output=True, text=True, **kwargs)
    out, err = (_ends(text) for text in (done.stdout, done.stderr))
    assert done.returncode == 0, f"{command}\n{out}\n{err}"
    return done


def _clean_env(**extra: str) -> dict[str, str]:
    """The environment without this checkout on the path (the installed wheel must be what runs)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE", "VIRTUAL_ENV")
    }
    return {**env, **extra}


def _fresh_venv(where: Path) -> Path:
    """A new venv that sees this environment's installed packages (but not its editable dicepoker)."""
    _run([sys.executable, "-m", "venv", "--without-pip", str(where)])
    python = where / "bin" / "python"
    site = _run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]
    ).stdout.strip()
    # a plain path line: the packages here, not this environment's .pth files (its editable install)
    (Path(site) / "_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    return python


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def own_tmp():
    """A temporary folder of this test alone (pytest's own may be cleaned by another session meanwhile)."""
    path = Path(tempfile.mkdtemp(prefix="dicepoker-release-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.mark.slow
def test_the_wheel_installed_outside_the_repository_gives_a_class_its_lessons(own_tmp):
    tmp_path = own_tmp
    timings: dict[str, float] = {}
    start = time.perf_counter()
    dist = tmp_path / "dist"
    built = _run([sys.executable, "-m", "build", "--outdir", str(dist), str(ROOT)], env=_clean_env())
    warnings = [
        line for line in (built.stdout + built.stderr).splitlines() if re.search(r"warn|deprecat", line, re.I)
    ]
    assert warnings == []
    [wheel] = dist.glob("*.whl")
    [sdist] = dist.glob("*.tar.gz")
    checked = _run([sys.executable, "-m", "twine", "check", "--strict", str(wheel), str(sdist)])
    assert checked.stdout.count("PASSED") == 2 and "warning" not in checked.stdout.lower()
    timings["build and check"] = time.perf_counter() - start

    # the wheel: the lessons and apps in every language, the licence, not the translators' sources
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = archive.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    shipped = {
        n.removeprefix("dicepoker/_classroom/") for n in names if n.startswith("dicepoker/_classroom/")
    }
    expected = {p.relative_to(ROOT).as_posix() for p in notebooks() if "locale" not in p.parts}
    assert shipped == expected and {p.split("/")[0] for p in expected} == {"notebooks", "apps"}
    assert not [n for n in names if n.endswith(".po") and "_classroom" in n]
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert "License-Expression: MIT" in metadata and "Classifier: Framework :: Jupyter" in metadata
    # the sdist: everything its tests read
    with tarfile.open(sdist) as archive:
        members = {m.split("/", 1)[1] for m in archive.getnames() if "/" in m}
    for needed in (
        "translations/notebooks",
        "apps/uk/classic.ipynb",
        "docs/rules.md",
        "tests/conftest.py",
        "tools/update_catalogs.py",
    ):
        assert any(m == needed or m.startswith(needed + "/") for m in members), needed
    assert {"LICENSE", "CHANGELOG.md", "CITATION.cff", "README.md", "setup.py"} <= members
    assert not [m for m in members if m.endswith((".pyc", ".pyo"))]

    # a fresh venv outside the repository
    start = time.perf_counter()
    python = _fresh_venv(tmp_path / "venv")
    teacher = tmp_path / "teacher"
    teacher.mkdir()
    share = Path(sys.prefix) / "share" / "jupyter"  # JupyterLab's assets, where this environment has them
    env = _clean_env(
        DICEPOKER_CACHE_DIR=str(tmp_path / "cache"),
        JUPYTER_CONFIG_DIR=str(tmp_path / "jupyter"),
        JUPYTER_RUNTIME_DIR=str(tmp_path / "jupyter" / "runtime"),
        JUPYTER_PATH=str(share),
        JUPYTERLAB_DIR=str(share / "lab"),
    )
    # (this environment's pip, seen through the .pth file, installs into the new venv; it must not
    # touch this environment's own dicepoker: --ignore-installed)
    install = ["-m", "pip", "install", "-q", "--no-deps", "--no-index", "--ignore-installed", str(wheel)]
    _run([str(python), *install], env=env, cwd=teacher)
    where = _run(
        [str(python), "-c", "import dicepoker; print(dicepoker.__file__)"], env=env, cwd=teacher
    ).stdout
    assert where.startswith(str(tmp_path / "venv")), where
    timings["venv and install"] = time.perf_counter() - start

    start = time.perf_counter()
    dicepoker_command = tmp_path / "venv" / "bin" / "dicepoker"
    _run([str(dicepoker_command), "lessons", "./class", "--lang", "uk"], env=env, cwd=teacher)
    lesson = teacher / "class" / "01_play_dice_poker.ipynb"
    assert json.loads(lesson.read_text("utf-8"))["metadata"]["dicepoker"]["language"] == "uk"
    assert sorted(p.name for p in (teacher / "class").glob("*.ipynb")) == sorted(
        p.name for p in (ROOT / "notebooks" / "uk").glob("*.ipynb")
    ) and sorted(p.name for p in (teacher / "class" / "apps").glob("*.ipynb")) == sorted(
        p.name for p in (ROOT / "apps" / "uk").glob("*.ipynb")
    )
    _run(
        [
            str(python),
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "--nbval-lax",
            "--nbval-current-env",
            str(lesson.relative_to(teacher)),
        ],
        env=env,
        cwd=teacher,
    )
    timings["lessons and one under nbval"] = time.perf_counter() - start

    # dicepoker lab: JupyterLab really starts in the copy and serves the Ukrainian lessons
    start = time.perf_counter()
    port, token = _free_port(), "dicepoker-test"
    options = ["--", f"--ServerApp.port={port}", "--no-browser", f"--IdentityProvider.token={token}"]
    options += ["--allow-root"] if os.geteuid() == 0 else []  # as root JupyterLab refuses to start
    log = (tmp_path / "lab.log").open("w")
    server = subprocess.Popen(
        [str(dicepoker_command), "lab", "class", "--lang", "uk", *options],
        env=env,
        cwd=teacher,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        listing = None
        for _ in range(240):
            try:
                with urllib.request.urlopen(
                    f"http://127.0.0.1:{port}/api/contents?token={token}", timeout=2
                ) as reply:
                    listing = json.load(reply)
                break
            except OSError:
                if server.poll() is not None:
                    break
                time.sleep(0.5)
        assert listing is not None, (
            "JupyterLab did not answer:\n" + (tmp_path / "lab.log").read_text()[-3000:]
        )
        assert "01_play_dice_poker.ipynb" in {item["name"] for item in listing["content"]}
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()
    timings["lab answers"] = time.perf_counter() - start
    print({k: round(v, 1) for k, v in timings.items()})
