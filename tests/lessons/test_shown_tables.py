"""Tables as a student reads them: labels in the class's language, data and API labels untouched."""

from __future__ import annotations

import re
from fractions import Fraction

import pandas as pd
import pytest

from dicepoker.core import i18n
from dicepoker.core.i18n import display_name, in_language, pgettext
from dicepoker.lessons.shown_tables import TABLE_WORDS, set_language, shown_label, shown_table

TRANSLATED = ("ro", "uk", "th")
# a word the language writes as English does (Romanian "total"), or maths with no word in it
SAME_AS_ENGLISH = {"ro": {"total"}, "uk": set(), "th": set()}


@pytest.fixture(autouse=True)
def english_again(monkeypatch):
    monkeypatch.delenv("DICEPOKER_LANG", raising=False)
    monkeypatch.setattr(i18n, "_chosen", None)
    yield


def only_maths(word: str) -> bool:
    """P(S >= 11): a probability of a sum, no word a student would read in English."""
    return re.fullmatch(r"P\([A-Z] >= \d+\)", word) is not None


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_table_word_is_translated(lang):
    for word in sorted(TABLE_WORDS):
        shown = pgettext("table", word, lang)
        assert shown.strip(), (lang, word)
        if word not in SAME_AS_ENGLISH[lang] and not only_maths(word):
            assert shown != word, f"{word!r} left in English in {lang}"
        assert "_" not in shown, f"{lang}: {word!r} shown as {shown!r}: a student reads words, not snake_case"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_maths_is_written_with_its_symbol(lang):
    assert pgettext("table", "P(S >= 11)", lang) == "P(S ≥ 11)"
    assert pgettext("table", "P(S >= 7)", lang) == "P(S ≥ 7)"
    assert "θ = -ln 2" in pgettext("table", "risk avoider (θ = -ln 2)", lang)


def test_decimal_comma_in_the_labels_of_romanian_and_ukrainian():
    assert "+0,02" in pgettext("table", "risk +0.02", "ro")
    assert "+0,02" in pgettext("table", "risk +0.02", "uk")
    assert "+0.02" in pgettext("table", "risk +0.02", "th")


def sample_table() -> pd.DataFrame:
    return pd.DataFrame(
        {"ways": [1800, 300], "probability": [Fraction(1800, 7776), Fraction(300, 7776)], "note": ["x", "y"]},
        index=pd.Index(["Two Pairs", "Full House"], name="category"),
    )


@pytest.mark.parametrize("lang", TRANSLATED)
def test_shown_table_translates_labels_and_keeps_data_and_the_original(lang):
    table = sample_table()
    before = table.copy(deep=True)
    shown = shown_table(table, lang=lang)
    assert list(shown.columns) == [
        pgettext("table", "ways", lang),
        pgettext("table", "probability", lang),
        "note",
    ]
    assert list(shown.index) == [
        display_name("box", "Two Pairs", lang),
        display_name("box", "Full House", lang),
    ]
    assert shown.index.name == pgettext("table", "category", lang)
    # the data: the same values, the same types (a Fraction stays exact), in the same order
    assert shown.to_numpy().tolist() == before.to_numpy().tolist()
    assert isinstance(shown.iloc[0, 1], Fraction)
    # the original keeps its API labels and its data
    pd.testing.assert_frame_equal(table, before)
    assert table.loc["Full House", "ways"] == 300


def test_shown_table_speaks_the_current_language_when_none_is_given():
    with in_language("ro"):
        assert list(shown_table(sample_table()).columns)[:2] == ["moduri", "probabilitate"]
    assert list(shown_table(sample_table()).columns)[:2] == ["ways", "probability"]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_multiindex_and_tuple_labels_are_translated_part_by_part(lang):
    index = pd.MultiIndex.from_tuples(
        [("optimal", "greedy"), ("optimal", "random"), ("heuristic", 3)], names=["strategy", "opponent"]
    )
    columns = pd.MultiIndex.from_tuples([("win_rate", "low"), ("win_rate", "high"), ("games", "")])
    table = pd.DataFrame([[0.6, 0.5, 10], [0.9, 0.8, 10], [0.4, 0.3, 10]], index=index, columns=columns)
    before = table.copy(deep=True)
    shown = shown_table(table, lang=lang)

    def word(w):
        return pgettext("table", w, lang)

    assert list(shown.index) == [
        (word("optimal"), word("greedy")),
        (word("optimal"), word("random")),
        (word("heuristic"), 3),
    ]
    assert list(shown.index.names) == [word("strategy"), word("opponent")]
    assert list(shown.columns) == [
        (word("win_rate"), word("low")),
        (word("win_rate"), word("high")),
        (word("games"), ""),
    ]
    assert shown.to_numpy().tolist() == before.to_numpy().tolist()
    pd.testing.assert_frame_equal(table, before)


def test_a_flat_index_of_tuples_is_translated_too():
    table = pd.DataFrame(
        {"value": [1, 2]}, index=pd.Index([("naive", "bluff"), ("reasoning", "call")], tupleize_cols=False)
    )
    shown = shown_table(table, lang="uk")
    assert list(shown.index) == [("наївний", "блеф"), ("розважливий", "розкрити")]
    assert shown_label(("naive", 1), "th") == (pgettext("table", "naive", "th"), 1)


def test_labels_that_are_no_words_stay_as_they_are():
    table = pd.DataFrame({1: [0.5], "dice: 66621": [1]}, index=pd.RangeIndex(1, 2, name="rank"))
    shown = shown_table(table, lang="th")
    assert list(shown.columns) == [1, "dice: 66621"]
    assert list(shown.index) == [1] and shown.index.name == "อันดับ"


@pytest.fixture
def shell():
    """An IPython shell, as in a notebook's kernel, whose DataFrame drawing is restored afterwards."""
    from IPython.core.interactiveshell import InteractiveShell

    ours = not InteractiveShell.initialized()  # a shell this test makes is gone after it
    shell = InteractiveShell.instance()
    formatter = shell.display_formatter.formatters["text/html"]
    before = formatter.type_printers.copy()
    yield shell
    formatter.type_printers.clear()
    formatter.type_printers.update(before)
    if ours:
        InteractiveShell.clear_instance()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_set_language_in_a_kernel_draws_every_dataframe_with_translated_labels(shell, lang):
    table = sample_table()
    english_html = shell.display_formatter.format(table)[0]["text/html"]
    assert ">ways<" in english_html and ">Two Pairs<" in english_html
    set_language(lang)
    html = shell.display_formatter.format(table)[0]["text/html"]
    for label in (
        pgettext("table", "ways", lang),
        pgettext("table", "category", lang),
        display_name("box", "Two Pairs", lang),
    ):
        assert f">{label}<" in html, (lang, label)
    assert ">ways<" not in html and ">Two Pairs<" not in html
    assert list(table.columns) == ["ways", "probability", "note"]  # drawn translated, not changed
    # the language is read when the table is drawn: a switch reaches the next drawing
    set_language("en")
    assert ">ways<" in shell.display_formatter.format(table)[0]["text/html"]


@pytest.mark.parametrize(
    ("lang", "decimal"), [("ro", "0,305556"), ("uk", "0,305556"), ("th", "0.305556"), ("en", "0.305556")]
)
def test_a_drawn_table_writes_its_decimals_the_locales_way(lang, decimal):
    import pandas as pd

    from dicepoker.lessons.shown_tables import table_html

    table = pd.DataFrame({"chance": [0.30555555], "ways": [3]})
    drawn = table_html(table, lang=lang)
    assert decimal in drawn and ">3<" in drawn
    assert table["chance"].iloc[0] == 0.30555555  # the data itself is untouched


def test_words_in_the_cells_are_shown_translated_and_the_table_keeps_its_own():
    import pandas as pd

    from dicepoker.lessons.shown_tables import shown_table

    table = pd.DataFrame({"box": ["Chance", "Poker"], "best": ["stop", "roll on"], "points": [22, 50]})
    shown = shown_table(table, lang="uk")
    assert shown.iloc[:, 1].tolist() == ["зупинитися", "кидати далі"]
    assert shown.iloc[:, 2].tolist() == [22, 50]
    assert table["best"].tolist() == ["stop", "roll on"] and table["box"].tolist() == ["Chance", "Poker"]
