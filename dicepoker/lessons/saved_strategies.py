"""Students' strategies saved into the class folder, as source code, for the class tournament.

``save_strategy(my_strategy)`` writes the function's source, with the imports and constants it
uses, to ``<class folder>/strategies/<student>.<kind>.json``. The rule: the function is written
with ``def`` at the top of a cell and takes one argument, the view; besides its own code it may
use only modules and names from ``dicepoker``, ``numpy``, ``math``, ``fractions`` and a few
standard modules (:data:`ALLOWED_MODULES`) and plain constants (numbers, text, tuples of them), which
are written above it. A saved file is refused whole when it was changed by hand or is malformed.

>>> import tempfile
>>> folder = tempfile.mkdtemp()
>>> def my_strategy(view):
...     return Score(max(view.options(), key=view.options().get))
>>> from dicepoker.games.scorecard.engine import Score
>>> save_strategy(my_strategy, folder, student="Ann").name
'Ann.strategy.json'
>>> [(s.student, s.function) for s in saved_strategies(folder)[0]]
[('Ann', 'my_strategy')]
>>> save_strategy(lambda view: None, folder, student="Ann")
Traceback (most recent call last):
...
dicepoker.core.errors.DicePokerError: a `lambda` cannot be saved: write the strategy with `def`
"""

from __future__ import annotations

import ast
import builtins
import dis
import inspect
import json
import os
import re
import textwrap
import types
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Any

from dicepoker.core.errors import DicePokerError, SaveFileError
from dicepoker.core.files import FileRefusedError, as_path, read_limited, write_atomically
from dicepoker.core.i18n import format_message
from dicepoker.core.saving import opened, sealed
from dicepoker.core.words import N_
from dicepoker.lessons.class_record import (
    as_class_folder,
    checked_student,
    current_seat,
    existing_class_folder,
)
from dicepoker.lessons.exercise_record import refuse_package_code

KINDS = {"strategy": "04.3", "caller": "06.4"}
"""The kinds of saved function, and the exercise each answers: a scorecard strategy, a bluff caller."""
ALLOWED_MODULES = (
    "dicepoker",
    "numpy",
    "math",
    "fractions",
    "itertools",
    "functools",
    "collections",
    "statistics",
)
"""The modules a saved function may import from (written above it in the saved file)."""
PLAYER_MODULES = re.compile(
    r"dicepoker\.games\.\w+\.bots|dicepoker\.games\.scorecard\.(hints|advisor|coach\w*|solver)\b"
)
"""Where the package's own players live: their bots and strategies, and the optimal advice."""
HELPERS = frozenset({"announcer_start", "view_probability_true", "made_dice"})
"""What a student may use from those modules: what a player knows, not how a bot decides."""
FORMAT, VERSION = "dicepoker.saved-strategy", 1
FIELDS = {"student", "kind", "function", "source"}
FOLDER = "strategies"
MAX_SAVED_BYTES = 1024 * 1024


@dataclass(frozen=True)
class SavedStrategy:
    """One student's saved function: who, which kind, the function's name and the whole source."""

    student: str
    kind: str
    function: str
    source: str
    file: Path


def checked_kind(kind: object) -> str:
    """``kind`` if it is a kind of saved function (:data:`KINDS`), else a refusal naming them."""
    if kind not in KINDS:
        raise DicePokerError(
            format_message(
                "a saved strategy's kind is one of {kinds}, not {kind}",
                kinds=", ".join(KINDS),
                kind=repr(kind),
            )
        )
    return str(kind)


def _class_folder(folder: str | os.PathLike[str] | None, student: str | None) -> tuple[Path, str]:
    seat = current_seat()
    if folder is None or student is None:
        if seat is None:
            raise DicePokerError(
                format_message(
                    "join a class first ({call}) or give both `folder=` and `student=`",
                    call='join_class(folder, student="…")',
                )
            )
        folder = seat.folder if folder is None else folder
        student = seat.student if student is None else student
    return as_class_folder(folder), checked_student(student)


def _names_used(code: types.CodeType) -> set[str]:
    """The global names a function's code (and the code of functions inside it) looks up."""
    names = {i.argval for i in dis.get_instructions(code) if i.opname in ("LOAD_GLOBAL", "LOAD_NAME")}
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            names |= _names_used(constant)
    return names


def _is_literal(value: object) -> bool:
    if isinstance(value, type) or callable(value):
        return False
    try:
        return ast.literal_eval(repr(value)) == value
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False


def _allowed_module(name: str) -> bool:
    return name.split(".")[0] in ALLOWED_MODULES


def _package_player(value: object) -> bool:
    """Whether ``value`` is one of the package's bots or strategies, what makes one, or the optimal advice."""
    if isinstance(value, types.ModuleType):
        return bool(PLAYER_MODULES.match(value.__name__))
    if isinstance(value, types.FunctionType | types.BuiltinFunctionType | type):
        module, name = getattr(value, "__module__", "") or "", value.__name__
        return bool(PLAYER_MODULES.match(module)) and (isinstance(value, type) or name not in HELPERS)
    return bool(PLAYER_MODULES.match(type(value).__module__))


def _preamble_line(name: str, value: object) -> str | None:
    """The line that gives ``name`` its ``value`` in the saved file, or None if it cannot be written."""
    if isinstance(value, types.ModuleType):
        if not _allowed_module(value.__name__):
            return None
        return f"import {value.__name__}" if value.__name__ == name else f"import {value.__name__} as {name}"
    module, qualname = getattr(value, "__module__", None), getattr(value, "__qualname__", None)
    if isinstance(module, str) and isinstance(qualname, str) and _allowed_module(module):
        try:
            found = getattr(import_module(module), qualname, None)
        except ImportError:
            found = None
        if found is value:
            return f"from {module} import {qualname}" + ("" if qualname == name else f" as {name}")
    if _is_literal(value):
        return f"{name} = {value!r}"
    return None


def _refused(message: str, **values: object) -> DicePokerError:
    return DicePokerError(format_message(message, **values))


def strategy_source(function: object) -> str:
    """The source a saved ``function`` needs: its imports and constants, then its own ``def``.

    >>> import math
    >>> def cautious(view):
    ...     return math.floor(view)
    >>> print(strategy_source(cautious))
    import math
    <BLANKLINE>
    def cautious(view):
        return math.floor(view)
    <BLANKLINE>
    """
    if problem := refuse_package_code(function):
        raise DicePokerError(problem)
    if not isinstance(function, types.FunctionType):
        raise _refused(N_("save a function written with `def`, not {thing}"), thing=type(function).__name__)
    name = function.__name__
    if name == "<lambda>":
        raise _refused(N_("a `lambda` cannot be saved: write the strategy with `def`"))
    try:
        text = textwrap.dedent(inspect.getsource(function))
        tree = ast.parse(text)
    except (OSError, TypeError, SyntaxError):
        raise _refused(
            N_("the source of {name} cannot be read: define it in a notebook cell or a file"), name=name
        ) from None
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.FunctionDef) or tree.body[0].decorator_list:
        raise _refused(N_("save a function written with `def` at the top of a cell, without a decorator"))
    if function.__code__.co_freevars:
        raise _refused(
            N_("{name} uses {names} from the function around it: define it at the top of a cell"),
            name=name,
            names=", ".join(function.__code__.co_freevars),
        )
    _check_signature(function)
    lines, missing, undefined, players = [], [], [], []
    for used in sorted(_names_used(function.__code__) - {name}):
        if used in function.__globals__ and _package_player(function.__globals__[used]):
            players.append(used)
        elif used in function.__globals__:
            line = _preamble_line(used, function.__globals__[used])
            if line is None:
                missing.append(used)
            else:
                lines.append(line)
        elif not hasattr(builtins, used):
            undefined.append(used)
    if players:
        raise _refused(
            N_("{name} uses {names}, the package's own players: the rule must be yours"),
            name=name,
            names=", ".join(players),
        )
    if undefined:
        raise _refused(N_("{name} uses {names}, which is not defined"), name=name, names=", ".join(undefined))
    if missing:
        raise _refused(
            N_(
                "{name} uses {names} from elsewhere in your notebook: put it inside the function, or "
                "import it from {modules}"
            ),
            name=name,
            names=", ".join(missing),
            modules=", ".join(ALLOWED_MODULES),
        )
    preamble = "\n".join(sorted(lines, key=lambda line: (not line.startswith(("import", "from")), line)))
    return (preamble + "\n\n" if preamble else "") + text.rstrip() + "\n"


def _check_signature(function: types.FunctionType) -> None:
    try:
        signature = inspect.signature(function)
        signature.bind(None)
    except (TypeError, ValueError):
        raise _refused(
            N_("{name} must take one argument, the view: `def {name}(view)`"), name=function.__name__
        ) from None


def file_for(folder: Path, student: str, kind: str) -> Path:
    """Where a student's saved function of ``kind`` lives in the class folder."""
    return folder / FOLDER / f"{student}.{kind}.json"


def save_strategy(
    function: Any,
    folder: str | os.PathLike[str] | None = None,
    *,
    student: str | None = None,
    kind: str = "strategy",
) -> Path:
    """Save your strategy (exercise 04.3) or caller (``kind="caller"``, 06.4) for the class tournament.

    Without ``folder`` and ``student``, the class joined with ``join_class`` is used. Saving again
    replaces your own earlier function; returns the file written.
    """
    kind = checked_kind(kind)
    path, name = _class_folder(folder, student)
    source = strategy_source(function)
    _rebuilt(source, function.__name__, Path("<saved>"))
    target = file_for(path, name, kind)
    if target.exists():
        try:
            owner = read_saved(target).student
        except DicePokerError:
            owner = name
        if owner != name:
            raise _refused(
                N_("{file} belongs to {owner}: choose another student name"), file=target.name, owner=owner
            )
    data = sealed(
        FORMAT, VERSION, {"student": name, "kind": kind, "function": function.__name__, "source": source}
    )
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(target, (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8"))
    except OSError as err:
        raise _refused(
            N_("cannot save to {file}: {reason}"), file=str(target), reason=err.strerror or str(err)
        ) from None
    return target


def _rebuilt(source: str, function: str, file: Path) -> None:
    """Refuse a source that does not define ``function(view)`` as its last statement (never runs it)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        tree = None
    last = tree.body[-1] if tree is not None and tree.body else None
    if not isinstance(last, ast.FunctionDef) or last.name != function:
        raise _refused(N_("{file} does not hold the function {name}"), file=file.name, name=function)
    for statement in tree.body[:-1]:  # type: ignore[union-attr]
        if not isinstance(statement, ast.Import | ast.ImportFrom | ast.Assign):
            raise _refused(N_("{file} does not hold the function {name}"), file=file.name, name=function)


def read_saved(file: str | os.PathLike[str]) -> SavedStrategy:
    """One saved function, checked whole before anything is used (never half-read)."""
    path = as_path(file)
    try:
        data = json.loads(read_limited(path, limit=MAX_SAVED_BYTES).decode("utf-8"))
        content = opened(data, FORMAT, VERSION, FIELDS)
    except (OSError, FileRefusedError, UnicodeDecodeError, ValueError) as err:
        reason = str(err) if isinstance(err, SaveFileError) else type(err).__name__
        raise _refused(
            N_("{file} is not a saved strategy: {reason}"), file=path.name, reason=reason
        ) from None
    if not all(isinstance(content[field], str) for field in FIELDS) or content["kind"] not in KINDS:
        raise _refused(N_("{file} is not a saved strategy: {reason}"), file=path.name, reason="fields")
    _rebuilt(content["source"], content["function"], path)
    return SavedStrategy(content["student"], content["kind"], content["function"], content["source"], path)


def saved_strategies(
    folder: str | os.PathLike[str], kind: str = "strategy"
) -> tuple[list[SavedStrategy], dict[str, str]]:
    """The students' saved functions of ``kind`` in a class folder, and the files refused (name: why)."""
    kind = checked_kind(kind)
    path = existing_class_folder(folder)
    found, refused = [], {}
    for file in sorted((path / FOLDER).glob(f"*.{kind}.json")):
        try:
            saved = read_saved(file)
        except DicePokerError as err:
            refused[file.name] = str(err)
            continue
        if saved.kind != kind or file.name != f"{saved.student}.{kind}.json":
            refused[file.name] = format_message(
                "{file} is not a saved strategy: {reason}", file=file.name, reason="name"
            )
            continue
        found.append(saved)
    return found, refused
