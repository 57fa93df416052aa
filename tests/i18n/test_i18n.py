"""The kit in the class's language: choosing it, the catalogs' health, plurals, names and numbers."""

from __future__ import annotations

import importlib.util
import io
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_keywords, parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from dicepoker.core import i18n
from dicepoker.core.dice import Dice
from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import (
    _,
    available_languages,
    display_name,
    format_fraction,
    format_number,
    format_percent,
    language,
    minus_sign,
    ngettext,
    parse_number,
    pgettext,
    set_language,
)
from dicepoker.games import REGISTRY, find_game
from dicepoker.games.bluff.categories import BLUFF_CATEGORIES
from dicepoker.games.board.labels import BOARD_LABELS, FREE_CENTRE, label_kind
from dicepoker.lessons.terms import terms

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "dicepoker" / "locale"
TRANSLATED = ("ro", "uk", "th")
SEEDS = Path("/work/shared/seeds")


@pytest.fixture(autouse=True)
def english_again(monkeypatch):
    """Each test starts with no language chosen and no DICEPOKER_LANG, and leaves none behind."""
    monkeypatch.delenv("DICEPOKER_LANG", raising=False)
    monkeypatch.setattr(i18n, "_chosen", None)
    yield


def catalog(lang: str):
    with (LOCALE / lang / "LC_MESSAGES" / "dicepoker.po").open("rb") as handle:
        return read_po(handle, locale=lang)


# --- choosing the language ------------------------------------------------------------------------
def test_the_kit_speaks_four_languages():
    assert available_languages() == ("en", "ro", "th", "uk")


def test_default_is_english_whatever_the_os_locale(monkeypatch):
    for variable in ("LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.setenv(variable, "ro_RO.UTF-8")
    assert language() == "en"
    assert _("upper") == "upper" and pgettext("box", "Two Pairs") == "Two Pairs"


def test_environment_variable_chooses_and_set_language_overrides(monkeypatch):
    monkeypatch.setenv("DICEPOKER_LANG", "uk")
    assert language() == "uk" and pgettext("box", "Pair") == "Пара"
    set_language("th")
    assert language() == "th" and pgettext("box", "Pair") == "คู่"


def test_an_unknown_environment_language_is_said_and_english_is_spoken(monkeypatch):
    """The variable may be set for the whole machine: a warning naming it, not an error (issue 23)."""
    monkeypatch.setenv("DICEPOKER_LANG", "xx")
    monkeypatch.setattr(i18n, "_warned", set(), raising=False)
    with pytest.warns(i18n.LanguageWarning, match=r"DICEPOKER_LANG is 'xx'.*it speaks en, ro, th, uk"):
        assert language() == "en"


@pytest.mark.parametrize("bad", ["fr", "RO", "", None, 3, "ro_RO"])
def test_an_unknown_language_is_refused_listing_the_languages_and_changes_nothing(bad):
    set_language("uk")
    with pytest.raises(DicePokerError, match=r"the languages are: en, ro, th, uk"):
        set_language(bad)
    assert language() == "uk"
    if bad is not None:  # lang=None means the current language
        with pytest.raises(DicePokerError, match="no language"):
            _("upper", lang=bad)


def test_helpers_read_the_language_when_called_so_a_switch_reaches_the_next_refresh():
    def caption() -> str:  # what a widget's refresh would compute
        return display_name("box", "Chance")

    assert caption() == "Chance"
    set_language("ro")
    assert caption() == "Șansă"
    set_language("th")
    assert caption() == "โอกาส"
    assert display_name("box", "Chance", lang="uk") == "Шанс" and language() == "th"


# --- plurals -------------------------------------------------------------------------------------
POINTS = {
    "en": ["1 point", "2 points", "5 points", "21 points"],
    "ro": ["1 punct", "2 puncte", "5 puncte", "21 de puncte"],
    "uk": ["1 очко", "2 очки", "5 очок", "21 очко"],
    "th": ["1 คะแนน", "2 คะแนน", "5 คะแนน", "21 คะแนน"],
}


@pytest.mark.parametrize("lang", sorted(POINTS))
def test_ngettext_gives_each_language_its_forms(lang):
    said = [ngettext("{n} point", "{n} points", n, lang=lang).format(n=n) for n in (1, 2, 5, 21)]
    assert said == POINTS[lang]


@pytest.mark.parametrize(("lang", "forms"), [("ro", 3), ("uk", 3), ("th", 1), ("en", 2)])
def test_each_catalog_declares_the_plural_forms_of_its_language(lang, forms):
    assert catalog(lang).num_plurals == forms == get_plural(lang).num_plurals


@pytest.mark.parametrize("lang", ["ro", "uk"])
def test_the_plural_rule_picks_the_cldr_category(lang):
    """Independently of gettext: the form chosen for n is CLDR's category for n (one / few / other)."""
    locale = Locale.parse(lang)
    order = {"ro": ["one", "few", "other"], "uk": ["one", "few", "many"]}[lang]
    singular, plural = "{n} point", "{n} points"
    forms = catalog(lang).get(singular).string
    for n in [0, 1, 2, 5, 11, 19, 20, 21, 22, 25, 101, 111, 112, 1000]:
        assert ngettext(singular, plural, n, lang=lang) == forms[order.index(locale.plural_form(n))], n


# --- the catalogs' health ------------------------------------------------------------------------
def extracted_messages() -> set[tuple[str | None, str]]:
    """What ``pybabel extract`` finds, with the keywords tools/update_catalogs.py gives it."""
    spec = importlib.util.spec_from_file_location("update_catalogs", ROOT / "tools" / "update_catalogs.py")
    update_catalogs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(update_catalogs)
    keywords = {**DEFAULT_KEYWORDS, **parse_keywords(list(update_catalogs.KEYWORDS))}
    with (ROOT / "babel.cfg").open() as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    found = set()
    messages = extract_from_dir(str(ROOT), method_map, options_map, keywords=keywords)
    for _file, _line, message, _comments, context in messages:
        found.add((context, message[0] if isinstance(message, tuple) else message))
    return found


def catalog_messages(lang: str) -> set[tuple[str | None, str]]:
    return {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id) for m in catalog(lang) if m.id}


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_every_catalog_holds_exactly_the_messages_of_the_code(lang):
    code = extracted_messages()
    held = catalog_messages(lang)
    assert code - held == set(), "new messages: run python tools/update_catalogs.py and translate them"
    assert held - code == set(), "messages the code no longer has: run python tools/update_catalogs.py"


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_pybabel_reports_every_message_translated_and_the_committed_mo_is_its_compilation(lang, tmp_path):
    po = LOCALE / lang / "LC_MESSAGES" / "dicepoker.po"
    mo = tmp_path / "dicepoker.mo"
    out = subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "compile", "--statistics",
         "-i", str(po), "-o", str(mo), "-l", lang],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    report = re.search(r"(\d+) of (\d+) messages \((\d+)%\) translated", out.stdout + out.stderr)
    assert report, out.stdout + out.stderr
    done, total, percent = map(int, report.groups())
    assert done == total > 50 and percent == 100, f"pybabel: {report.group(0)} in {lang}"
    committed = (po.with_suffix(".mo")).read_bytes()
    assert mo.read_bytes() == committed, f"{lang}.mo is stale: run python tools/update_catalogs.py"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_message_is_fuzzy_empty_or_left_in_english_by_mistake(lang):
    for message in catalog(lang):
        if not message.id:
            continue
        assert "fuzzy" not in message.flags, message.id
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(s.strip() for s in strings), f"untranslated in {lang}: {message.id!r}"


SCRIPTS = {"ro": "Latin", "uk": "Cyrillic", "th": "Thai"}
LETTERS = {
    "Latin": re.compile(r"[A-Za-zĂÂÎȘȚăâîșț]"),
    "Cyrillic": re.compile(r"[\u0400-\u04ff]"),
    "Thai": re.compile(r"[\u0e00-\u0e7f]"),
}
# brand names, kept as the sources keep them; the names of two algorithms and of a probability;
# the players the lessons name (Ann and Bo of lesson 10's toy game, lesson 08's Sam), named in every
# language as the code names them, and Python's True and False, which a student's function returns
KEPT_IN_LATIN = ("Yahtzee", "Yatzy", "dicepoker", "Dice Poker", "CFR+", "LP:", "P(", "Ann", "Bo", "Sam")
KEPT_IN_LATIN += ("True", "False")
# in a hint, code and maths stay as the English writes them: a call with what follows it
# (`report.costliest(1)[0].loss`, `C(5,3)`), a one-letter variable (p, q, x for times), ln
CALL = re.compile(r"[A-Za-z_][\w.]*\(")
ATTRIBUTE = re.compile(r"\.\w*")
MATHS_WORD = re.compile(r"(?<![\w'])(?:[A-Za-z]|ln)(?![\w'])")
CODE_SPAN = re.compile(r"`[^`]+`")  # quoted code (`view.seen_dice`, `"P3"`) stays as the English writes it
INLINE_MATHS = re.compile(r"\$[^$]+\$")  # maths is maths in every language (with its decimal comma)


def past_bracket(text: str, start: int) -> int:
    """Where the bracket opened at ``start`` is closed, plus one."""
    depth = 0
    for at in range(start, len(text)):
        depth += (text[at] in "([") - (text[at] in ")]")
        if depth == 0:
            return at + 1
    return len(text)


def code_and_maths(english: str) -> list[str]:
    """The calls, one-letter variables and logarithms of an English message, as it writes them
    (a translation may write P(S ≥ 11) for P(S >= 11): its S is kept as a variable).

    >>> code_and_maths("faces: C(6,2) x 4; use report.costliest(1)[0].loss with p = 1/2")
    ['C(6,2)', 'report.costliest(1)[0].loss', 'C', 'x', 'p']
    """
    spans, end = [], 0
    for call in CALL.finditer(english):
        if call.start() < end:
            continue
        end = call.end() - 1
        while end < len(english) and english[end] in "([.":  # the call, then .attribute, (...), [...]
            end = ATTRIBUTE.match(english, end).end() if english[end] == "." else past_bracket(english, end)
        spans.append(english[call.start() : end])
    return spans + CODE_SPAN.findall(english) + MATHS_WORD.findall(english)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_are_written_in_their_own_script_only(lang):
    """No Thai letter in a Ukrainian sentence, no Cyrillic in Romanian: slips of the keyboard are caught."""
    for message in catalog(lang):
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[-1]
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            for kept in code_and_maths(english):
                text = re.sub(rf"(?<![\w']){re.escape(kept)}(?![\w'])", " ", text)
            for kept in KEPT_IN_LATIN:
                text = text.replace(kept, "")
            text = INLINE_MATHS.sub(" ", PLACEHOLDER.sub("", text))
            for script, letters in LETTERS.items():
                if script != SCRIPTS[lang] and (lang != "ro" or script != "Latin"):
                    assert not letters.search(text), (lang, script, message.id, text)


PLACEHOLDER = re.compile(r"\{[a-z_]*(:[^}]*)?\}")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_every_placeholder_of_the_english(lang):
    for message in catalog(lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set(PLACEHOLDER.findall(ids[-1]))
        for text in strings:
            assert set(PLACEHOLDER.findall(text)) == wanted, (lang, message.id, text)


def test_the_english_catalog_is_the_source_itself():
    for message in catalog("en"):
        if message.id:
            assert message.string == message.id


def test_the_compiled_catalogs_are_package_data():
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = data["tool"]["setuptools"]["package-data"]["dicepoker"]
    assert "locale/*/LC_MESSAGES/*.mo" in patterns
    for lang in available_languages():
        assert (LOCALE / lang / "LC_MESSAGES" / "dicepoker.mo").match("locale/*/LC_MESSAGES/*.mo")


# --- the names of the games ------------------------------------------------------------------------
def every_name() -> list[tuple[str, str]]:
    """Built here from the rule sets, independently of lessons.terms."""
    names = [("box", box.name) for game in REGISTRY.family("scorecard") for box in find_game(game).boxes]
    names += [("bluff hand", name) for name in BLUFF_CATEGORIES]
    names += [("board label", label_kind(label)) for label in (*BOARD_LABELS, FREE_CENTRE)]
    names += [("game title", find_game(game).title) for game in REGISTRY.names]
    return sorted(set(names))


def test_terms_are_every_name_of_every_game():
    assert sorted(terms()) == every_name()
    assert len(terms()) == len(set(terms()))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_name_has_a_display_name_with_its_source_noted(lang):
    notes = {(m.context, m.id): m.user_comments for m in catalog(lang) if m.context}
    for kind, name in every_name():
        shown = display_name(kind, name, lang=lang)
        assert shown.strip() and "{" not in shown
        assert notes[(kind, name)] and notes[(kind, name)][0].startswith("source: "), (lang, name)
    assert display_name("box", "Full House", lang="en") == "Full House"


def test_the_source_words():
    """The names the source texts give (seeds 000, 001, 003), spelled as they spell them."""
    ro = {"Ones": "Ași", "Pair": "Pereche", "Two Pairs": "Două perechi", "Three of a Kind": "Trei de un fel",
          "Full House": "Full House", "Small Straight": "Drept mic", "Large Straight": "Drept mare",
          "Poker": "Poker", "Chance": "Șansă"}  # fmt: skip
    th = {"Ones": "เอซ", "Pair": "คู่", "Two Pairs": "สองคู่", "Full House": "ฟูลเฮาส์", "Chance": "โอกาส",
          "Small Straight": "สเตรทเล็ก", "Poker": "โป๊กเกอร์"}  # fmt: skip
    assert {k: display_name("box", k, lang="ro") for k in ro} == ro
    assert {k: display_name("box", k, lang="th") for k in th} == th
    uk = {"lucky 7": "щаслива сімка", "lucky 11": "щасливі одинадцять", "straight": "стріт",
          "full house": "фул хаус"}  # fmt: skip
    assert {k: display_name("board label", k, lang="uk") for k in uk} == uk
    assert display_name("game title", "Dice Poker with bluffing", lang="uk") == "Покер на кістках з блефом"


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the source texts live beside the repository")
def test_every_passage_a_note_quotes_is_in_the_source_it_cites():
    texts = {
        path.name[:3]: " ".join(path.read_text(encoding="utf-8").split()) for path in SEEDS.glob("00*.txt")
    }
    quoted = 0
    for lang in TRANSLATED:
        for message in catalog(lang):
            if not message.context:
                continue
            for part in " ".join(message.user_comments).removeprefix("source: ").split("; "):
                cited = re.match(r"(00\d) \(", part)
                for passage in re.findall(r"„(.+?)”", part) if cited else ():
                    assert passage in texts[cited.group(1)], (lang, message.id, passage)
                    quoted += 1
    assert quoted > 50


@pytest.mark.parametrize(("kind", "name"), [("box", "Sevens"), ("hand", "Pair"), ("bluff hand", "Pair")])
def test_an_unknown_name_or_kind_is_refused(kind, name):
    with pytest.raises(DicePokerError, match=repr(name) if kind != "hand" else "no kind of name 'hand'"):
        display_name(kind, name)


# --- numbers for the locale ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("lang", "number", "percent"),
    [("en", "1,234.5678", "38.5%"), ("ro", "1.234,5678", "38,5\u00a0%"), ("uk", "1\u00a0234,5678", "38,5%"),
     ("th", "1,234.5678", "38.5%")],
)  # fmt: skip
def test_numbers_are_written_the_locales_way(lang, number, percent):
    assert format_number(1234.5678, lang=lang) == number
    assert format_percent(Fraction(77, 200), lang=lang) == percent


def test_decimal_comma_in_romanian_and_ukrainian():
    for lang in ("ro", "uk"):
        assert format_number(0.25, lang=lang) == "0,25" and format_number(Fraction(1, 3), lang, 3) == "0,333"
    assert format_number(0.25, lang="en") == format_number(0.25, lang="th") == "0.25"


def test_fractions_stay_exact_with_their_decimal_for_the_locale():
    assert format_fraction(Fraction(25, 648), lang="uk", digits=4) == "25/648 ≈ 0,0386"
    assert format_fraction(Fraction(5485535, 15116544), lang="en") == "5,485,535/15,116,544"
    assert format_fraction(Fraction(-4, 2)) == "\u22122"  # the true minus sign, in every language


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_numbers_longer_than_decimals_28_digits_are_written_whole(lang):
    # Babel rounds in the current decimal context (28 digits): 10**28 in a refusal ("die value ... is not
    # one of 1..6") raised decimal.InvalidOperation instead of the kit's message (found by the CLI fuzz)
    cases = ((10**28, "1" + "0" * 28), (-(10**400) - 7, "1" + "0" * 399 + "7"), (1.5e300, "15" + "0" * 299))
    for number, whole in cases:
        text = format_number(number, lang, digits=2)
        assert "".join(ch for ch in text if ch.isdigit()) == whole, text
        assert text.startswith(minus_sign(lang)) == (number < 0)
    with pytest.raises(DicePokerError, match="1..6"):
        Dice.parse([10**28])


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_what_format_writes_parse_reads_back_exactly(lang):
    for value in (Fraction(1, 4), Fraction(-3, 8), Fraction(1234567, 100), Fraction(0)):
        assert parse_number(format_number(value, lang, digits=6), lang) == value
        assert parse_number(format_percent(value, lang, digits=6), lang) == value
        assert parse_number(format_fraction(value, lang), lang) == value


def test_a_student_may_type_the_comma_the_point_a_fraction_or_a_percentage():
    assert parse_number("0,25", "ro") == parse_number("0,25", "uk") == Fraction(1, 4)
    assert parse_number("0.25", "ro") == parse_number(" 0.25 ", "uk") == Fraction(1, 4)
    assert (
        parse_number("25%", "ro") == parse_number("25 %", "en") == parse_number("1/4", "th") == Fraction(1, 4)
    )
    assert parse_number("1 234,5", "uk") == Fraction(2469, 2)


@pytest.mark.parametrize("bad", ["", "quarter", "1/0", "0,25,1", None])
def test_what_is_not_a_number_is_refused_with_an_example_in_the_students_language(bad):
    with pytest.raises(DicePokerError, match=r"not a number: .* \(write e\.g\. 0\.25, 1/4 or 25%\)"):
        parse_number(bad, "en")
    with pytest.raises(DicePokerError, match=r"це не число: .* \(напишіть, наприклад, 0,25, 1/4 або 25%\)"):
        parse_number(bad, "uk")


def test_mo_files_load_with_the_standard_library_alone():
    import gettext

    with (LOCALE / "ro" / "LC_MESSAGES" / "dicepoker.mo").open("rb") as handle:
        translation = gettext.GNUTranslations(handle)
    assert translation.pgettext("box", "Two Pairs") == "Două perechi"
    buffer = io.BytesIO()
    write_mo(buffer, catalog("ro"))
    assert buffer.getvalue() == (LOCALE / "ro" / "LC_MESSAGES" / "dicepoker.mo").read_bytes()


@pytest.mark.parametrize("bad", ["INF", "-inf", "NaN", "1/2/3", "1e999999", "1/0"])
def test_infinity_nan_and_two_slashes_are_not_numbers(bad):
    for lang in ("en", "ro"):
        with pytest.raises(DicePokerError):
            parse_number(bad, lang=lang)


@pytest.mark.parametrize("lang", ["ro", "uk", "th"])
@pytest.mark.parametrize("risk", [0.0, 0.02])
def test_a_solved_games_summary_speaks_the_class_language(lang, risk):
    """What a notebook shows for ``solve(...)`` (lesson 04 shows classic's) is in the class's language."""
    import dataclasses

    from dicepoker.core.i18n import in_language
    from dicepoker.games.scorecard.solver.solve import solve

    yatzy = find_game("yatzy")
    sixes = yatzy.variant(name="sixes", boxes=yatzy.boxes[5:6], poker_box=None)
    solution = dataclasses.replace(solve(sixes, risk=risk, progress=False, cache=False), from_cache=True)
    with in_language("en"):
        english = solution._repr_html_()
    with in_language(lang):
        translated = solution._repr_html_()
    assert "loaded from the cache" in english and ("optimal play" in english or "worth a sure" in english)

    def words(markup: str) -> set[str]:
        return set(re.findall(r"\b[A-Za-z]{3,}\b", re.sub(r"<[^>]+>", " ", markup)))

    kept = {"Yatzy", "cache"}  # the game's name in every language; "memoria cache" in Romanian
    assert not (words(english) - kept) & words(translated), translated
