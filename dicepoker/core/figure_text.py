"""What every figure needs to speak the class's language: plotly's number separators and bot names.

A figure function builds its figure inside ``with in_language(lang):`` and ends with
:func:`speaking_figure`, which tells plotly how the current language writes numbers, so that the
tick labels and the hover text plotly formats itself (``%{y:.1%}``) use the locale's decimal comma,
and, outside English, whole numbers in full on the axes ("10 000", never plotly's English "10k").

>>> from dicepoker.core.i18n import in_language
>>> separators("ro"), separators("en"), separators("uk") == ",\\xa0"
(',.', '.,', True)
>>> with in_language("uk"):
...     bot_name("greedy"), bot_name("risk -0.05"), bot_name("my own bot")
('жадібний', 'ризик −0,05', 'my own bot')
"""

from __future__ import annotations

from typing import TypeVar

from dicepoker.core.i18n import SOURCE_LANGUAGE, fill_message, format_number, language, pgettext

FigureLike = TypeVar("FigureLike")


def separators(lang: str | None = None) -> str:
    """Plotly's ``layout.separators`` for ``lang`` (default: the current one): the decimal mark, then
    the thousands mark ("," and "." in Romanian)."""
    from babel.numbers import get_decimal_symbol, get_group_symbol

    locale = lang or language()
    return get_decimal_symbol(locale) + get_group_symbol(locale)


def speaking_figure(fig: FigureLike) -> FigureLike:
    """``fig`` with the current language's number separators (plotly's own number formatting follows);
    outside English the axes write numbers in full, not with the SI letters "k" and "M".

    >>> import plotly.graph_objects as go
    >>> from dicepoker.core.i18n import in_language
    >>> with in_language("uk"):
    ...     fig = speaking_figure(go.Figure(go.Scatter(x=[10, 10_000], y=[1, 2])))
    >>> fig.layout.separators == ",\xa0", fig.layout.xaxis.exponentformat, fig.layout.yaxis.exponentformat
    (True, 'none', 'none')
    """
    fig.update_layout(separators=separators())  # type: ignore[attr-defined]
    if language() != SOURCE_LANGUAGE:  # "k" for thousand is English: the axes write 10 000 in full
        fig.update_xaxes(exponentformat="none")  # type: ignore[attr-defined]
        fig.update_yaxes(exponentformat="none")  # type: ignore[attr-defined]
    return fig


def bot_name(name: str) -> str:
    """A bot's or strategy's name as the current language says it; a name of the user's own is kept.

    The API keeps the English names (``find_strategy("greedy")``, a tournament's index).
    """
    names = {
        # TRANSLATORS: a bot's name (not in the sources)
        "random": pgettext("bot", "random"),
        # TRANSLATORS: a bot's name (not in the sources)
        "greedy": pgettext("bot", "greedy"),
        # TRANSLATORS: a bot's name (not in the sources)
        "heuristic": pgettext("bot", "heuristic"),
        # TRANSLATORS: a bot's name (not in the sources)
        "optimal": pgettext("bot", "optimal"),
        # TRANSLATORS: a bot's name (not in the sources)
        "naive": pgettext("bot", "naive"),
        # TRANSLATORS: a bot's name (not in the sources)
        "reasoning": pgettext("bot", "reasoning"),
        # TRANSLATORS: a bot's name (not in the sources)
        "probability": pgettext("bot", "probability"),
        # TRANSLATORS: a bot's name (not in the sources)
        "plays to win": pgettext("bot", "plays to win"),
    }
    if name.startswith("risk ") and name not in names:  # a θ-player: "risk 0", "risk +0.05"
        try:
            theta = float(name.removeprefix("risk "))
        except ValueError:
            return name
        shown = format_number(theta) if theta <= 0 else "+" + format_number(theta)
        # TRANSLATORS: not in the sources: a bot that plays with the risk attitude θ (theta)
        return fill_message(pgettext("bot", "risk {theta}"), theta=shown)
    return names.get(name, name)
