"""What every figure needs to speak the class's language: plotly's number separators.

A figure function builds its figure inside ``with in_language(lang):`` and ends with
:func:`speaking_figure`, which tells plotly how the current language writes numbers, so that the
tick labels and the hover text plotly formats itself (``%{y:.1%}``) use the locale's decimal comma,
and, outside English, whole numbers in full on the axes ("10 000", never plotly's English "10k").

>>> separators("ro"), separators("en"), separators("uk") == ",\\xa0"
(',.', '.,', True)

A bot's name in the class's language is said by the game that has the bot (through the game registry).
"""

from __future__ import annotations

from typing import TypeVar

from dicepoker.core.i18n import SOURCE_LANGUAGE, language

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
