"""Build step: the lessons and apps go into the wheel as package data (everything else is in pyproject.toml).

``notebooks/`` and ``apps/`` stay where they are in the repository (the lessons are edited and
tested there); building the wheel copies their ``.ipynb`` files, in every language, into
``dicepoker/_classroom/`` of the built package, where ``dicepoker lessons`` finds them. The
translators' ``.po`` sources the translated notebooks are made from live in ``translations/``,
out of the lesson folders and out of the wheel; the sdist carries them. An editable install
copies nothing: the command finds the checkout's own folders.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

ROOT = Path(__file__).resolve().parent
CLASSROOM = ("notebooks", "apps")  # copied to dicepoker/_classroom/<folder>/...
LEFT_OUT = {"locale", ".ipynb_checkpoints"}
NEVER_SHIPPED = r"(^|/)(__pycache__|\.ipynb_checkpoints)/|\.py[cod]$"  # in the sdist either


def classroom_files() -> list[Path]:
    """The notebooks the wheel carries, relative to the repository's root."""
    found = []
    for folder in CLASSROOM:
        for path in sorted((ROOT / folder).rglob("*.ipynb")):
            relative = path.relative_to(ROOT)
            if not LEFT_OUT & set(relative.parts):
                found.append(relative)
    return found


class build_py_with_classroom(build_py):
    """setuptools' build_py, then the lessons and apps copied into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        files = classroom_files()
        if not files:
            raise SystemExit("no lessons found in notebooks/ and apps/: the wheel would carry none")
        target = Path(self.build_lib) / "dicepoker" / "_classroom"
        shutil.rmtree(target, ignore_errors=True)
        for relative in files:
            destination = target / relative
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ROOT / relative, destination)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        target = Path(self.build_lib) / "dicepoker" / "_classroom"
        return [*super().get_outputs(include_bytecode), *(str(target / p) for p in classroom_files())]


class sdist_without_caches(sdist):
    """setuptools' sdist, without bytecode or notebook checkpoints a working tree may hold (the test
    suite writes pytest's compiled test modules into __pycache__). Filtered where the release tree is
    made: newer setuptools build the file list in egg_info, where a pruning step here is never called."""

    def make_release_tree(self, base_dir: str, files: list[str]) -> None:
        kept = [f for f in files if not re.search(NEVER_SHIPPED, Path(f).as_posix())]
        super().make_release_tree(base_dir, kept)


setup(cmdclass={"build_py": build_py_with_classroom, "sdist": sdist_without_caches})
