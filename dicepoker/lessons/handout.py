"""A fresh set of the lessons and apps for a class, in the class's language, never over a student's work.

The lessons (``notebooks/``) and apps (``apps/``) come inside the installed package (copied there
when the wheel is built, in every language; the translators' sources in ``translations/`` stay out), or,
in a checkout of the repository, from its own folders. :func:`copy_lessons` puts one language's
set in a folder: the lessons at its top, the apps in ``apps/``. A file already there is never
replaced: if it is the same as the fresh copy it is left alone; if it differs (a student worked
in it) it is kept, and the fresh copy is written beside it as ``NAME-fresh.ipynb``
(``NAME-fresh-2.ipynb``, ... if that is taken too).

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp()) / "class"
>>> handout = copy_lessons(folder, "uk")
>>> sorted(p.name for p in folder.iterdir())[:2], len(handout.copied) == len(lesson_files("uk"))
(['01_play_dice_poker.ipynb', '02_odds_of_each_combination.ipynb'], True)
>>> again = copy_lessons(folder, "uk")
>>> again.copied, len(again.unchanged) == len(handout.copied)
([], True)
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import SOURCE_LANGUAGE, available_languages, check_language

PACKAGE = Path(__file__).resolve().parent.parent
PACKAGED = PACKAGE / "_classroom"  # where the wheel carries them (setup.py copies them there)
CHECKOUT = PACKAGE.parent  # a repository's checkout (an editable install runs from here)
FOLDERS = {"notebooks": "", "apps": "apps"}  # source folder -> folder in the class's copy
FRESH = "-fresh"


def lessons_home() -> Path:
    """The folder holding ``notebooks/`` and ``apps/``: inside the installed package, else the checkout.

    >>> (lessons_home() / "notebooks").is_dir()
    True
    """
    for base in (PACKAGED, CHECKOUT):
        if all((base / folder).is_dir() for folder in FOLDERS):
            return base
    raise DicePokerError(
        f"the lessons are not installed with this copy of dicepoker (neither {PACKAGED} nor a "
        f"checkout at {CHECKOUT} has notebooks/ and apps/): install dicepoker from its wheel"
    )


def lesson_languages() -> tuple[str, ...]:
    """The languages the lessons come in (the kit's languages that have a translated set).

    >>> lesson_languages()
    ('en', 'ro', 'th', 'uk')
    """
    home = lessons_home()
    return tuple(
        lang
        for lang in available_languages()
        if lang == SOURCE_LANGUAGE or (home / "notebooks" / lang).is_dir()
    )


def lesson_files(lang: str = SOURCE_LANGUAGE) -> dict[Path, Path]:
    """The lessons and apps in ``lang``: where each goes in a class's folder (relative) -> its source.

    >>> files = lesson_files("ro")
    >>> [str(p) for p in files][:1], [str(p) for p in files][-1]
    (['01_play_dice_poker.ipynb'], 'apps/two_part.ipynb')
    """
    check_language(lang)
    if lang not in lesson_languages():
        raise DicePokerError(
            f"there are no lessons in {lang!r}; the lessons come in: {', '.join(lesson_languages())}"
        )
    home = lessons_home()
    files: dict[Path, Path] = {}
    for source, target in FOLDERS.items():
        folder = home / source if lang == SOURCE_LANGUAGE else home / source / lang
        for path in sorted(folder.glob("*.ipynb")):
            files[Path(target) / path.name] = path
    return files


@dataclass
class Handout:
    """What :func:`copy_lessons` did: files copied, files already there unchanged, and files kept
    (changed since they were copied) with the fresh copy written beside each."""

    folder: Path
    lang: str
    copied: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)
    beside: list[tuple[Path, Path]] = field(default_factory=list)  # (kept, fresh copy beside it)


def copy_lessons(folder: str | os.PathLike[str], lang: str = SOURCE_LANGUAGE) -> Handout:
    """Copy a fresh set of the lessons and apps in ``lang`` into ``folder`` (made if missing).

    Nothing already in ``folder`` is overwritten (see the module's description); a file is
    created only where none was (``open(..., "xb")``: even a student saving at the same moment
    is not overwritten). Raises :class:`DicePokerError` for an unknown language or a ``folder``
    that is a file.
    """
    folder = Path(folder)
    files = lesson_files(lang)
    if folder.exists() and not folder.is_dir():
        raise DicePokerError(f"{str(folder)!r} is a file, not a folder for the lessons")
    handout = Handout(folder=folder, lang=lang)
    for relative, source in files.items():
        data = source.read_bytes()
        target = folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if _create(target, data):
            handout.copied.append(target)
        elif target.is_file() and target.read_bytes() == data:
            handout.unchanged.append(target)
        else:
            handout.beside.append((target, _beside(target, data)))
    return handout


def _create(path: Path, data: bytes) -> bool:
    """Write ``data`` to a new file ``path``; ``False`` (nothing written) if ``path`` exists."""
    try:
        with open(path, "xb") as f:
            f.write(data)
    except FileExistsError:
        return False
    return True


def _beside(path: Path, data: bytes) -> Path:
    """The fresh copy of ``path`` beside it: ``NAME-fresh.ipynb``, or the first free ``-fresh-N``."""
    for n in range(1, 10_000):
        fresh = path.with_name(f"{path.stem}{FRESH}{'' if n == 1 else f'-{n}'}{path.suffix}")
        if _create(fresh, data) or (fresh.is_file() and fresh.read_bytes() == data):
            return fresh
    raise DicePokerError(f"too many fresh copies beside {str(path)!r}: remove some")  # pragma: no cover


def has_lessons(folder: str | os.PathLike[str], lang: str = SOURCE_LANGUAGE) -> bool:
    """Whether ``folder`` already holds a set of the lessons (its first lesson, in any state).

    >>> has_lessons("/nowhere")
    False
    """
    first = next(iter(lesson_files(lang)))
    return (Path(folder) / first).is_file()
