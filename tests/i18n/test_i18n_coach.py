"""The coach's report, the hints and the advisor in Romanian, Ukrainian and Thai: no English label left,
numbers for the locale, a language switch reaching an open advisor, refusals in the widget's language."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from english_labels_coach import ENGLISH_LABELS  # noqa: E402

from dicepoker.core import i18n
from dicepoker.core.actions import Keep
from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import in_language, language, set_language
from dicepoker.games.scorecard.advisor import advise
from dicepoker.games.scorecard.advisor_widget import FILLED, OPEN, advisor
from dicepoker.games.scorecard.bots import find_strategy, play_turn
from dicepoker.games.scorecard.coach import GradeScale, Luck, coach_report
from dicepoker.games.scorecard.coach_panel import ReportPanel
from dicepoker.games.scorecard.engine import Score, ScorecardGame
from dicepoker.games.scorecard.hints import Choice, Hint, hint
from dicepoker.games.scorecard.position import parse_position
from dicepoker.ui.widget import descendants

TRANSLATED = ("ro", "uk", "th")
SCRIPT = {
    "ro": re.compile(r"[ăâîșț]"),
    "uk": re.compile(r"[\u0400-\u04ff]"),
    "th": re.compile(r"[\u0e00-\u0e7f]"),
}
LABEL = re.compile("|".join(rf"(?<![\w']){re.escape(label)}(?![\w'])" for label in ENGLISH_LABELS))


@pytest.fixture(autouse=True)
def english_again(monkeypatch):
    """Each test starts with no language chosen and no DICEPOKER_LANG, and leaves none behind."""
    monkeypatch.delenv("DICEPOKER_LANG", raising=False)
    monkeypatch.setattr(i18n, "_chosen", None)
    yield


def english_left(text: str) -> list[str]:
    """The English labels of ENGLISH_LABELS found in ``text`` (whole words, case-sensitive)."""
    return LABEL.findall(text)


class _Visible(HTMLParser):
    """The text a person reads in an HTML fragment (text, title, aria-label), without the parts that
    stay English or belong to other modules: style sheets, ``<code>`` (the notation a student types),
    and the scorecard drawn by :mod:`~dicepoker.games.scorecard.html`."""

    SKIPPED = ("style", "code")

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._open: list[bool] = []  # per open element: whether it is skipped

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        skipped = tag in self.SKIPPED or "dp-scorecard" in (attributes.get("class") or "")
        if tag in ("br", "img", "input", "hr", "meta", "link"):
            if not any(self._open):
                self.parts += [attributes.get(a) or "" for a in ("title", "aria-label", "alt")]
            return
        self._open.append(skipped or (bool(self._open) and self._open[-1]))
        if not self._open[-1]:
            self.parts += [attributes.get(a) or "" for a in ("title", "aria-label")]

    def handle_endtag(self, tag):
        if tag not in ("br", "img", "input", "hr", "meta", "link") and self._open:
            self._open.pop()

    def handle_data(self, data):
        if not (self._open and self._open[-1]):
            self.parts.append(data)


def visible(page: str, notation: tuple[str, ...] = ()) -> str:
    parser = _Visible()
    parser.feed(page)
    text = " ".join(p for p in parser.parts if p.strip())
    for typed in notation:  # a position written in its notation stays English
        text = text.replace(typed, " ")
    return text


def widget_texts(root) -> str:
    """Every text a person reads in a widget tree: descriptions, tooltips, labels, HTML, option labels."""
    found = []
    for w in descendants(root):
        for name in ("description", "tooltip", "placeholder"):
            value = getattr(w, name, None)
            if isinstance(value, str):
                found.append(value)
        if type(w).__name__ in ("HTML", "Label", "HTMLMath"):
            found.append(visible(w.value) if type(w).__name__ != "Label" else w.value)
        labels = getattr(w, "_options_labels", None)
        if labels:
            found += list(labels)
    return " | ".join(found)


def finished(game_name: str = "two_part", seed: int = 2) -> ScorecardGame:
    game = ScorecardGame(game_name, players=["Ann"], seed=seed)
    heuristic = find_strategy("heuristic")
    while not game.is_over:
        play_turn(game, heuristic)
    return game


# --- the coach's report ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def two_part_game():
    return finished()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_coach_report_has_no_english_label_left(lang, two_part_game):
    with in_language(lang):
        report = coach_report(two_part_game, "Ann")
        page = report._repr_html_()
        lines = [report.measures, report.luck.identity(), *report.scale.describe(), report.scale.source()]
        lines += [d.better_move() for d in report.decisions]
    assert report.grade is not None and report.costliest(3)  # every part of the page is drawn
    text = visible(page)
    assert SCRIPT[lang].search(text)
    assert english_left(text) == [], english_left(text)
    assert all(english_left(line) == [] for line in lines), [english_left(line) for line in lines]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_report_of_a_game_in_progress_and_its_one_decision(lang):
    game = ScorecardGame("classic", players=["Ann"], seed=5)
    game.roll()
    game.score("Chance")
    with in_language(lang):
        page = coach_report(game, grade=False)._repr_html_()
    text = visible(page)
    assert english_left(text) == [], english_left(text)


def test_numbers_in_the_report_are_written_for_the_locale(two_part_game):
    report = coach_report(two_part_game, "Ann")
    with in_language("ro"):
        ro = report._repr_html_()
    with in_language("th"):
        th = report._repr_html_()
    total = f"{report.total_loss:.2f}"  # written independently of the package's formatting
    assert "." in total
    assert total.replace(".", ",") in ro and total not in visible(ro)
    assert total in th  # Thai writes a decimal point and Arabic digits
    luck = report.luck
    with in_language("uk"):
        identity = luck.identity()
    assert identity.startswith(f"{luck.end:.1f}".replace(".", ",").replace("-", "\u2212"))


def test_a_report_made_in_english_is_drawn_in_the_language_of_the_moment(two_part_game):
    report = coach_report(two_part_game, "Ann")  # labels made in English
    assert report.decisions[0].choice.label.startswith(("keep", "score", "stop"))
    with in_language("uk"):
        text = visible(report._repr_html_())
    assert english_left(text) == [], english_left(text)


def test_english_report_is_unchanged(two_part_game):
    report = coach_report(two_part_game, "Ann")
    page = report._repr_html_()
    n = len(report.decisions)
    assert "<b>Coach's report: Ann</b>" in page
    assert f"<li>{n} decisions; total loss <b>{report.total_loss:.2f}</b> points" in page
    assert (
        f"final score: <b>{report.end_value:.1f}</b>; expected at the start: {report.start_expected:.1f}"
        in page
    )
    assert f"<summary>Every decision ({n})</summary>" in page
    assert "<th>your choice</th>" in page and f"<b>Grade: {report.grade}</b>" in page
    assert (
        Luck(250.0, 262.0, 20.0, 8.0).identity()
        == "262.0 − 250.0 = 12.0 = 20.0 (the dice) − 8.0 (skill lost)"
    )


def test_grade_lines_name_the_bots_in_each_language():
    scale = GradeScale("classic", {"optimal": 0.0, "greedy": 2.0, "heuristic": 3.0}, games=10, seed=0)
    with in_language("uk"):
        lines = scale.describe()
        source = scale.source()
    assert lines[2] == "C: від 2,00 до 3,00 (між ботом «жадібний» і ботом «евристичний», 3,00)"
    assert source.startswith("пороги виміряно на 10 іграх") and "жадібний 2,00" in source
    with in_language("ro"):
        assert scale.source().startswith("praguri măsurate pe 10 jocuri")


@pytest.mark.parametrize(
    ("lang", "counts"),
    [
        ("ro", {1: "1 decizie;", 2: "2 decizii;", 20: "20 de decizii;"}),
        ("uk", {1: "1 рішення;", 2: "2 рішення;", 5: "5 рішень;", 21: "21 рішення;"}),
        ("th", {1: "1 การตัดสินใจ;", 5: "5 การตัดสินใจ;"}),
    ],
)
def test_counts_take_the_plural_form_of_the_language(lang, counts):
    for n, start in counts.items():
        template = i18n.ngettext(
            "{n} decision; total loss {total} points, {mean} per decision",
            "{n} decisions; total loss {total} points, {mean} per decision",
            n,
            lang,
        )
        assert template.format(n=n, total="1", mean="1").startswith(start)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_report_buttons_speak_the_language(lang):
    panel = ReportPanel(lambda player: None)
    game = ScorecardGame("classic", players=["Ann", "Robot"], seed=3)
    with in_language(lang):
        panel.refresh(game, ("human", "computer"))
    button = panel.buttons[0]
    assert "Ann" in button.description and english_left(button.description + " " + button.tooltip) == []
    assert SCRIPT[lang].search(button.tooltip)


# --- hints -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", TRANSLATED)
def test_hint_text_has_no_english_label_left(lang):
    game = ScorecardGame("two_part", seed=1)
    with in_language(lang):
        before = hint(game)
        before_page = before._repr_html_()
    game.roll()
    with in_language(lang):
        h = hint(game)
        risky = hint(game, risk=0.05)
        texts = [
            h._repr_html_(),
            risky._repr_html_(),
            before_page,
            h.verdict(h.choices[-1].action),
            h.verdict(h.keeps[-1].action),
            h.verdict(h.best.action),
            risky.measure_text(),
            *[c.label for c in h.choices],
            *h.table()["choice"],
        ]
        assert before.best.label != "roll"
    for text in texts:
        shown = visible(text)
        assert english_left(shown) == [], (shown, english_left(shown))
    assert list(h.table().columns) == ["choice", "expected final score", "cost"]  # the API stays English
    assert risky.table().columns[1] == risky.measure == "certainty equivalent (θ = 0.05)"


def test_a_hint_made_in_english_keeps_its_english_labels_and_draws_in_the_language_of_the_moment():
    game = ScorecardGame("yatzy", seed=4)
    game.roll()
    h = hint(game)
    assert all(c.label == c.text("en") for c in h.choices)
    with in_language("th"):
        page = h._repr_html_()
        verdict = h.verdict(h.choices[-1].action)
    assert english_left(visible(page)) == [] and english_left(verdict) == []
    assert h.best.label == hint(game).best.label  # English unchanged


def test_hint_verdicts_and_labels_in_each_language():
    ones = Choice(Score("Ones"), 10.0, "score Ones")
    twos = Choice(Score("Twos"), 6.8, "score Twos")
    h = Hint((ones, twos), None, 0)
    assert h.verdict(Score("Twos")) == "this choice cost you 3.2 points on average (best: score Ones)"
    with in_language("ro"):
        assert (
            h.verdict(Score("Twos"))
            == "această alegere te-a costat în medie 3,2 puncte (cel mai bine: scrie Ași)"
        )
    keep = Choice(Keep("66"), 17.5, "keep 66 and roll 3")
    assert [keep.text(lang) for lang in ("en", "ro", "uk", "th")] == [
        "keep 66 and roll 3",
        "păstrează 66 și aruncă din nou 3 zaruri",
        "залишити 66 і перекинути 3 кістки",
        "เก็บ 66 แล้วทอยใหม่ 3 ลูก",
    ]


# --- the advisor -----------------------------------------------------------------------------------
def _exercise(ui) -> None:
    """Click through the advisor: a die, the rolls, boxes only filled, an impossible upper total."""
    ui.dice_buttons[0].click()
    ui.rolls.value = 1
    ui.box_choosers["Poker"].value = FILLED  # shows the poker checkbox
    ui.box_choosers["Sixes"].value = FILLED  # the upper total is asked for
    ui.upper.value = 7  # cannot happen: refused on the message line
    assert ui.advice is None
    ui.upper.value = 18
    assert ui.advice is not None


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_advisor_has_no_english_label_left(lang):
    ui = advisor("classic", "filled: Sixes 18; dice: 66612; rolls: 2", lang=lang)
    _exercise(ui)
    text = widget_texts(ui.root)
    notation = (ui.notation(), str(ui.advice.position))
    shown = text
    for typed in notation:
        shown = shown.replace(typed, " ")
    assert SCRIPT[lang].search(shown)
    assert english_left(shown) == [], english_left(shown)
    for chooser in ui.box_choosers.values():
        labels = [label for label, _ in chooser.options]
        values = [value for _, value in chooser.options]
        assert values[:2] == [OPEN, FILLED] and not {"open", "filled"} & set(labels)  # values stay English
    assert english_left(ui.last_message) == [] and SCRIPT[lang].search(ui.last_message)
    assert language() == "en"  # the widget's language did not leak out
    ui.close()


def test_a_refused_position_is_explained_in_the_widgets_language():
    ui = advisor("classic", "dice: 66666; rolls: 0", lang="uk")
    ui.box_choosers["Sixes"].value = FILLED
    ui.upper.value = 5
    assert ui.advice is None
    assert ui.last_message == "сума верхньої частини 5 неможлива з верхніми рядками Sixes filled"
    assert "dp-msg-error" in ui.message.value
    ui.close()


def test_switching_language_changes_an_open_advisor_on_its_next_refresh():
    ui = advisor("classic")
    ui.box_choosers["Sixes"].value = 18
    before = [c.label for c in ui.advice.choices]
    assert ui.rolls.description == "rolls left" and ui.box_labels["Two Pairs"].value == "Two Pairs"
    set_language("uk")
    ui.refresh()
    assert ui.rolls.description == "кидків залишилося"
    assert ui.box_labels["Two Pairs"].value == "Дві пари"
    assert ui.box_choosers["Sixes"].options[0] == ("відкрита", OPEN)
    assert ui.box_choosers["Sixes"].value == 18  # relabelling keeps the chosen score, quietly
    assert [c.label for c in ui.advice.choices] == before
    ui.dice_buttons[1].click()
    assert SCRIPT["uk"].search(ui.last_message) and english_left(ui.last_message) == []
    set_language("en")
    ui.refresh()
    assert ui.rolls.description == "rolls left" and ui.box_choosers["Sixes"].options[1] == ("filled", FILLED)
    ui.close()


def test_an_advisor_made_with_lang_stays_in_it_while_the_kit_speaks_english():
    ui = advisor("yatzy", lang="ro")
    assert language() == "en"
    ui.dice_buttons[2].click()
    assert ui.rolls.description == "aruncări rămase" and ui.upper.description == "total stânga"
    assert ui.last_message.startswith("Zaruri ") and english_left(ui.last_message) == []
    set_language("th")  # another language chosen for the kit: the widget keeps its own
    ui.refresh()
    assert ui.rolls.description == "aruncări rămase"
    ui.close()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_advice_html_has_no_english_label_left(lang):
    advice = advise("classic", "filled: Sixes filled, Chance 20; upper: 18; dice: 66612; rolls: 2")
    with in_language(lang):
        page = advice._repr_html_(limit=5)
    shown = visible(page, (str(advice.position),))
    assert english_left(shown) == [], english_left(shown)
    assert list(advice.table().columns) == ["choice", "kind", "expected final score", "loss"]


# --- refusals of a position ------------------------------------------------------------------------
BAD_POSITIONS = [
    ("classic", ""),
    ("classic", "filled: Sixes 18"),
    ("classic", "dice: 6612"),
    ("classic", "dice: 66127"),
    ("classic", "dice: 6612x"),
    ("classic", "dice: 6612345"),
    ("classic", "dice: 66123; rolls: 3"),
    ("classic", "dice: 66123; colour: red"),
    ("classic", "dice: 66123; dice: 11111"),
    ("classic", "filled: Sevens 7; dice: 12345"),
    ("classic", "filled: Sixes lots; dice: 12345"),
    ("classic", "filled: Sixes 18, Sixes 12; dice: 12345"),
    ("classic", "filled: Sixes 7; dice: 12345"),
    ("classic", "filled: Sixes filled; dice: 12345"),
    ("classic", "filled: Sixes 18; upper: 12; dice: 12345"),
    ("classic", "filled: Sixes filled; upper: 7; dice: 12345"),
    ("classic", "filled: Sixes 18; upper: x; dice: 12345"),
    ("classic", "poker50: maybe; dice: 12345"),
    ("classic", "poker50: yes; dice: 12345"),
    ("classic", "filled: Poker 50; poker50: no; dice: 12345"),
    ("classic", "filled: Poker filled; dice: 12345"),
    ("classic", "bonus: 30; dice: 12345"),
    ("two_part", "filled: Pair 12; dice: 12345"),
]


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize(("game", "text"), BAD_POSITIONS)
def test_every_refusal_of_a_position_is_in_the_language(lang, game, text):
    with pytest.raises(DicePokerError) as english:
        parse_position(game, text)
    with in_language(lang), pytest.raises(DicePokerError) as err:
        parse_position(game, text)
    message = str(err.value)
    assert message != str(english.value)
    assert SCRIPT[lang].search(message) or lang == "ro", message
    assert english_left(message) == [], (message, english_left(message))


def test_one_choice_is_found_by_its_action_in_every_language_not_by_its_label():
    found = {}
    for lang in ("en", *TRANSLATED):
        with in_language(lang):
            advice = advise("classic", "dice: 66621; rolls: 2")
            found[lang] = (advice.choice("Chance"), advice.choice(Keep("666")))
    labels = {lang: chance.label for lang, (chance, _keep) in found.items()}
    assert len(set(labels.values())) == 4 and labels["en"].startswith("score Chance")
    assert len({(c.loss, k.loss) for c, k in found.values()}) == 1  # the same choices, whatever the language
    assert found["uk"][1].kind == "keep" and found["uk"][1].label.startswith("залишити 666")
