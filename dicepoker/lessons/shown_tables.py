"""Tables as a student reads them: a DataFrame's labels in the class's language, its data untouched.

The package's tables keep English column and row labels: they are API (``table.loc["Full House",
"ways"]`` works in every language). What a notebook *shows* of a table is another matter: in a
kernel where :func:`set_language` was called, a DataFrame is drawn with its labels translated (a
box, bluff hand or board label by its name in the sources, a column by the catalog's word in the
"table" context), and the DataFrame itself is not changed.

>>> import pandas as pd
>>> table = pd.DataFrame({"ways": [6], "probability": [0.0008]}, index=pd.Index(["Poker"], name="category"))
>>> shown = shown_table(table, lang="uk")
>>> list(shown.columns), list(shown.index), shown.index.name
(['способів', 'імовірність'], ['Покер'], 'категорія')
>>> list(table.columns)  # the table itself keeps its API labels
['ways', 'probability']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dicepoker.core.i18n import display_name, in_language, known_names, pgettext
from dicepoker.core.i18n import set_language as choose_language

if TYPE_CHECKING:
    import pandas as pd

NAME_KINDS_IN_TABLES = ("box", "bluff hand", "board label")


def NC_(context: str, word: str) -> str:  # noqa: N802 (gettext's naming)
    """Marks a word for the catalogs (pybabel keyword ``NC_:1c,2``) without translating it."""
    return word


# every column, row and axis label of a table the lessons show
TABLE_WORDS = frozenset(
    (
        NC_("table", "P(S >= 11)"),
        NC_("table", "P(S >= 7)"),
        NC_("table", "P(announce | cup)"),
        NC_("table", "after roll 1"),
        NC_("table", "after roll 2"),
        NC_("table", "after roll 3"),
        NC_("table", "announced"),
        NC_("table", "any_label"),
        NC_("table", "at least, 3 rolls"),
        NC_("table", "at least, one roll"),
        NC_("table", "best"),
        NC_("table", "best doubled box"),
        NC_("table", "best expected"),
        NC_("table", "bluff"),
        NC_("table", "bonus_high"),
        NC_("table", "bonus_low"),
        NC_("table", "bonus_rate"),
        NC_("table", "bot"),
        NC_("table", "box"),
        NC_("table", "call"),
        NC_("table", "category"),
        NC_("table", "cells"),
        NC_("table", "cells_per_label"),
        NC_("table", "certainty_equivalent"),
        NC_("table", "chance"),
        NC_("table", "chance_float"),
        NC_("table", "chance_product"),
        NC_("table", "choice"),
        NC_("table", "ci_95"),
        NC_("table", "ci_high"),
        NC_("table", "ci_low"),
        NC_("table", "combination"),
        NC_("table", "cup"),
        NC_("table", "decision"),
        NC_("table", "decisions"),
        NC_("table", "description"),
        NC_("table", "dice"),
        NC_("table", "doubles"),
        NC_("table", "draws"),
        NC_("table", "enumeration"),
        NC_("table", "equilibrium"),
        NC_("table", "exact"),
        NC_("table", "expected"),
        NC_("table", "expected final score"),
        NC_("table", "expected score (θ = 0)"),
        NC_("table", "exploitability"),
        NC_("table", "file"),
        NC_("table", "filled"),
        NC_("table", "final score"),
        NC_("table", "first rolls"),
        NC_("table", "formula"),
        NC_("table", "from_cache"),
        NC_("table", "gain"),
        NC_("table", "games"),
        NC_("table", "grade"),
        NC_("table", "greedy"),
        NC_("table", "hand"),
        NC_("table", "heuristic"),
        NC_("table", "high"),
        NC_("table", "in_a_turn"),
        NC_("table", "in_a_turn_float"),
        NC_("table", "information sets"),
        NC_("table", "interval holds it"),
        NC_("table", "joint"),
        NC_("table", "keep"),
        NC_("table", "kind"),
        NC_("table", "label"),
        NC_("table", "labels"),
        NC_("table", "loss"),
        NC_("table", "losses"),
        NC_("table", "low"),
        NC_("table", "lower"),
        NC_("table", "luck"),
        NC_("table", "mean"),
        NC_("table", "mean loss"),
        NC_("table", "mean_high"),
        NC_("table", "mean_low"),
        NC_("table", "mean_turns"),
        NC_("table", "median"),
        NC_("table", "my_strategy"),
        NC_("table", "naive"),
        NC_("table", "no blocking"),
        NC_("table", "no double"),
        NC_("table", "one roll"),
        NC_("table", "one_label"),
        NC_("table", "one_roll"),
        NC_("table", "one_roll_exact"),
        NC_("table", "open"),
        NC_("table", "opener"),
        NC_("table", "opponent"),
        NC_("table", "opponent_mean"),
        NC_("table", "optimal"),
        NC_("table", "p5"),
        NC_("table", "p5_high"),
        NC_("table", "p5_low"),
        NC_("table", "p95"),
        NC_("table", "p95_high"),
        NC_("table", "p95_low"),
        NC_("table", "player"),
        NC_("table", "plays to win"),
        NC_("table", "points"),
        NC_("table", "poker_high"),
        NC_("table", "poker_low"),
        NC_("table", "poker_rate"),
        NC_("table", "posterior"),
        NC_("table", "posterior: P(true | announced)"),
        NC_("table", "prior"),
        NC_("table", "prior: P(the cup holds it)"),
        NC_("table", "probability"),
        NC_("table", "random"),
        NC_("table", "rank"),
        NC_("table", "rarest"),
        NC_("table", "reasoning"),
        NC_("table", "reroll"),
        NC_("table", "rerolls the lower die on"),
        NC_("table", "responder"),
        NC_("table", "result"),
        NC_("table", "risk"),
        NC_("table", "risk +0.02"),
        NC_("table", "risk -0.02"),
        NC_("table", "risk avoider (θ = -ln 2)"),
        NC_("table", "risk seeker (θ = ln 2)"),
        NC_("table", "roll"),
        NC_("table", "roll on up to"),
        NC_("table", "roll_on"),
        NC_("table", "roll on"),
        NC_("table", "rolls left"),
        NC_("table", "round"),
        NC_("table", "sd"),
        NC_("table", "seconds"),
        NC_("table", "sequences"),
        NC_("table", "settles"),
        NC_("table", "simulated"),
        NC_("table", "std"),
        NC_("table", "stop"),
        NC_("table", "stop chance"),
        NC_("table", "stop from"),
        NC_("table", "stop share"),
        NC_("table", "strategy"),
        NC_("table", "ties"),
        NC_("table", "times_more_likely"),
        NC_("table", "total"),
        NC_("table", "total loss"),
        NC_("table", "true"),
        NC_("table", "truth"),
        NC_("table", "useful dice"),
        NC_("table", "value"),
        NC_("table", "value (decimal)"),
        NC_("table", "variance"),
        NC_("table", "ways"),
        NC_("table", "who"),
        NC_("table", "who judges 'four 6s'"),
        NC_("table", "win_rate"),
        NC_("table", "wins"),
        NC_("table", "within_three"),
    )
)


def shown_label(label: Any, lang: str | None = None) -> Any:
    """What a person reads for one label of a table: a game's name, a table word, or the label as it is.

    >>> shown_label("Full House", "uk"), shown_label("win_rate", "ro"), shown_label(3, "th")
    ('Фул хаус', 'rata de câștig', 3)
    """
    if isinstance(label, tuple):
        return tuple(shown_label(part, lang) for part in label)
    if not isinstance(label, str):
        return label
    for kind in NAME_KINDS_IN_TABLES:
        if (kind, label) in known_names():
            return display_name(kind, label, lang)
    if label in TABLE_WORDS:
        return pgettext("table", label, lang)
    return label


def shown_table(table: pd.DataFrame, lang: str | None = None) -> pd.DataFrame:
    """A copy of ``table`` whose column, row and axis labels are in ``lang`` (default: the current one),
    and whose words in the cells too (a box's name, "stop" or "roll on"); numbers stay as they are.

    >>> import pandas as pd
    >>> shown_table(pd.DataFrame({"box": ["Chance"], "best": ["roll on"]}), lang="ro").iloc[0].tolist()
    ['Șansă', 'aruncă mai departe']
    """
    with in_language(lang):
        shown = table.rename(index=shown_label, columns=shown_label)
        shown.index.names = [shown_label(name) for name in table.index.names]
        shown.columns.names = [shown_label(name) for name in table.columns.names]
        for i, kind in enumerate(table.dtypes):
            if kind.kind == "O":  # words, or a mix: translate what is a word
                shown.iloc[:, i] = [shown_label(v) if isinstance(v, str) else v for v in table.iloc[:, i]]
    return shown


def table_html(table: pd.DataFrame, lang: str | None = None) -> str | None:
    """The HTML a notebook draws for ``table``: its labels translated, its decimals written with the
    locale's sign (a comma in ro and uk; six significant digits, as pandas shows them).

    >>> import pandas as pd
    >>> html = table_html(pd.DataFrame({"chance": [0.3055556]}), lang="ro")
    >>> "0,305556" in html and "șansa" in html
    True
    """
    import pandas as pd
    from babel.numbers import get_decimal_symbol

    with in_language(lang) as speaking:
        shown = shown_table(table)
        decimal = get_decimal_symbol(speaking)
    if decimal == ".":
        return shown._repr_html_()
    with pd.option_context("display.float_format", lambda x: f"{x:.6g}".replace(".", decimal)):
        return shown._repr_html_()


def show_tables_in_language() -> bool:
    """In a notebook's kernel, draw every DataFrame with :func:`shown_table` (the current language at
    the time it is drawn); ``False`` outside IPython, where nothing is drawn."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    if shell is None:
        return False
    import pandas as pd

    shell.display_formatter.formatters["text/html"].for_type(pd.DataFrame, table_html)
    return True


def set_language(lang: str) -> None:
    """Make ``lang`` ("en", "ro", "uk" or "th") the language of everything shown from now on: the
    widgets, figures, messages, exercise feedback, and in a notebook the labels of the tables drawn.

    >>> set_language("ro"); shown_label("Chance")
    'Șansă'
    >>> set_language("en")
    """
    choose_language(lang)
    show_tables_in_language()
