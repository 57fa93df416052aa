"""The scorecard play widget in Romanian, Ukrainian and Thai: no English word left on the screen
through a whole game, a switch of language reaching an open widget, ``lang=`` keeping it, refusals
in the widget's language."""

from __future__ import annotations

import re
import types

import ipywidgets as widgets
import pytest
from english_labels_scorecard import ENGLISH_LABELS

from dicepoker.core.i18n import (
    _,
    display_name,
    format_message,
    in_language,
    language,
    pgettext,
    set_language,
    translations,
)
from dicepoker.core.words import die_label
from dicepoker.games.scorecard.bots import simple_bot
from dicepoker.games.scorecard.engine import Score, ScorecardGame
from dicepoker.games.scorecard.html import game_html, scorecard_html
from dicepoker.games.scorecard.widget import PlayUI, play
from dicepoker.ui.widget import descendants

LANGUAGES = ("ro", "uk", "th")
TAG = re.compile(r"<[^>]+>")


def fake_hints() -> types.ModuleType:
    """A hints module with a label in no language (the real labels are the coach's to translate)."""
    module = types.ModuleType("dicepoker.games.scorecard.hints")

    class Best:
        label = "⚅⚅ → ⚀⚀⚀"
        expected = 212.34

    class Hint:
        best = Best()

        def cost(self, action):
            return 0.0 if isinstance(action, Score) else 3.21

    module.hint = lambda game: Hint()
    return module


def widget_ui(game="classic", seats=("human", "computer"), names=None, lang=None, seed=1) -> PlayUI:
    return PlayUI(game, seats, names, seed, strategy=lambda rules: simple_bot, hints=fake_hints(), lang=lang)


def texts(ui: PlayUI) -> list[str]:
    """Every text a person reads in the widget: descriptions, tooltips, HTML and label values
    (tags removed), placeholders and option labels, of every widget inside it; the style sheet's
    only words, the one under a held die, are checked on their own."""
    found = []
    for w in descendants(ui.root) + list(ui.box_buttons.values()):
        if w is ui._style:
            continue
        for attribute in ("description", "tooltip", "placeholder"):
            found.append(getattr(w, attribute, None) or "")
        if isinstance(w, widgets.HTML | widgets.Label):
            found.append(TAG.sub(" ", w.value).replace("&nbsp;", " "))
        if isinstance(w, widgets.Dropdown):
            found += [label for label, _value in w.options]
    return [t for t in found if t]


def english_left(shown: list[str]) -> list[tuple[str, str]]:
    """(label, text) for each English label found as a word in a text."""
    left = []
    for label in ENGLISH_LABELS:
        pattern = re.compile(rf"(?<![A-Za-z]){re.escape(label)}(?![A-Za-z])")
        left += [(label, t) for t in shown if pattern.search(t)]
    return left


def assert_no_english(ui: PlayUI, lang: str) -> None:
    assert english_left(texts(ui)) == [], lang
    assert english_left([ui.last_message]) == [], (lang, ui.last_message)
    assert f"content: {_('held', lang)!r}".replace("'", '"') in ui._style.value


def test_the_english_labels_are_english_and_found_in_the_english_widget():
    ui = widget_ui(lang="en")
    ui.roll_button.click()
    shown = texts(ui)
    found = {label for label, _text in english_left(shown)}
    for label in ("Roll again", "Step ▶", "Whole turn", "New game", "Upper section", "Chance", "die", "Box"):
        assert label in found, label
    messages = {key for key in translations("en")._catalog if isinstance(key, str)}
    for lang in LANGUAGES:  # a label some language spells the same could not tell English apart
        for label in ENGLISH_LABELS:
            if label in messages:
                assert _(label, lang) != label, (lang, label)
    ui.close()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["classic", "two_part", "yahtzee"])
def test_a_whole_game_shows_no_english(lang, game):
    ui = widget_ui(game, lang=lang, seed=7)
    assert_no_english(ui, lang)
    assert ui.game.player_names == (pgettext("player", "You", lang), _("Computer", lang))
    ui.hint_button.click()  # refused before the roll: the reason in the widget's language
    ui.roll_button.click()
    ui.dice_buttons[0].click()
    assert_no_english(ui, lang)
    ui.hint_button.click()
    assert ui.last_message.startswith(
        TAG.sub("", _("Hint: {best} — expected final score {expected} with best play.", lang))[:3]
    )
    ui.coach.value = True
    ui.roll_button.click()
    assert_no_english(ui, lang)
    messages = set()
    while not ui.game.is_over:
        if ui.current_seat == "human":
            if ui.game.positions is None:
                ui.roll_button.click()
            shown = [b for b in ui.box_buttons.values() if b in ui.scorecard.children]
            shown[0].click()
        else:
            ui.turn_button.click()
        messages.add(ui.last_message)
        assert_no_english(ui, lang)
    assert english_left(sorted(messages)) == []
    assert "dp-msg-good" in ui.message.value  # the end of the game was said
    ui.refresh()
    assert_no_english(ui, lang)
    ui.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_refusals_are_in_the_widgets_language(lang):
    ui = widget_ui(seats=("human", "computer"), lang=lang)
    ui.box_buttons["Chance"].click()  # the engine refuses: no roll yet
    chance = repr(display_name("box", "Chance", lang))
    assert ui.last_message == format_message(
        "roll first: cannot score {box} before the turn's first roll", lang, box=chance
    )
    ui.step_button.click()  # the base widget refuses Step on a human's turn
    you = pgettext("player", "You", lang)
    assert ui.last_message == _("it is your turn: a human plays it with the buttons", lang)
    assert you not in ("", "You")
    for seat in ui.seat_choosers:
        seat.value = "empty"
    ui.new_game_button.click()
    assert ui.last_message == _("every seat is empty: choose Human or Computer for at least one seat", lang)
    assert english_left([ui.last_message]) == []
    ui.close()


def test_a_refusal_in_the_base_widget_says_refused_in_the_language():
    ui = widget_ui(seats=("human",), lang="uk")
    ui.REFUSED = "Refused: "  # as a widget that keeps the base class's prefix
    ui.box_buttons["Chance"].click()
    assert ui.last_message.startswith("Відмовлено: ")
    ui.close()


def test_switching_language_changes_an_open_widget_on_its_next_refresh():
    ui = widget_ui()
    assert ui.step_button.description == "Step ▶" and ui.game.player_names == ("You", "Computer")
    assert 'content: "held"' in ui._style.value
    try:
        set_language("uk")
        ui.refresh()
        assert_no_english(ui, "uk")
        assert ui.step_button.description == "Крок ▶"
        assert ui.shown_names() == ["Ти", "Комп’ютер"]  # default names follow the language
        assert ui.last_message == "" and ui.log.value == ""  # the English messages are gone
        ui.roll_button.click()
        assert ui.last_message.startswith("Ти кидаєш ")
        set_language("th")
        ui.refresh()
        assert_no_english(ui, "th")
    finally:
        set_language("en")
    ui.refresh()
    assert ui.step_button.description == "Step ▶" and ui.last_message == ""  # English again
    ui.close()


def test_lang_keeps_the_widget_in_its_language_while_the_kit_speaks_another():
    ui = widget_ui(lang="ro", names=["Ana", "Robo"])
    assert language() == "en"
    ui.roll_button.click()
    assert ui.last_message.startswith("Ana aruncă ")
    try:
        set_language("th")
        ui.refresh()
        ui.dice_buttons[1].click()
        assert ui.last_message.startswith("Ana ține un ")
        assert_no_english(ui, "ro")
    finally:
        set_language("en")
    assert language() == "en" and _("New game") == "New game"
    ui.close()


def test_a_typed_you_is_you_in_every_language_and_default_names_follow_the_rule():
    ui = widget_ui(names=["You", "Computer"], lang="ro")
    ui.roll_button.click()
    assert ui.last_message.startswith("Arunci ")  # spoken to: "you roll"
    with ui.speaking():
        assert ui.shown_names()[0] == "Tu"
    ui.close()
    assert play("classic", seats=("human", "human"), seed=1, lang="th").game.player_names == (
        "ผู้เล่น 1",
        "ผู้เล่น 2",
    )
    assert play("classic", seats=("human",), seed=1).game.player_names == ("Player 1",)
    assert widget_ui(seats=("human", "computer", "computer"), lang="uk").game.player_names == (
        "Ти",
        "Комп’ютер 1",
        "Комп’ютер 2",
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pictures_and_captions_of_the_game_in_every_language(lang):
    game = ScorecardGame("two_part", players=["You", "Bo"], seed=3)
    game.roll()
    with in_language(lang):
        page = game_html(game)
        card = scorecard_html(game.rules, list(game.scorecards), player_names=game.player_names)
    plain = TAG.sub(" ", page + card)
    assert english_left([plain]) == [], lang
    assert pgettext("player", "You", lang) in card
    assert die_label(2, 5, True, lang=lang) == format_message(
        "die {number}: {face}, held", lang, number=3, face=pgettext("die face", "five", lang)
    )
    assert english_left([die_label(0, 0, False, lang=lang), die_label(4, 6, False, lang=lang)]) == []


def test_english_stays_exactly_as_it_was():
    ui = widget_ui(names=["Ann", "Robot"], seed=5)
    assert ui.roll_button.description == "Roll (3 left)"
    ui.roll_button.click()
    assert ui.last_message.startswith("Ann rolls ") and ui.last_message.endswith(" 2 rolls left.")
    assert ui.dice_buttons[0].tooltip.endswith(" — click to hold")
    ui.step_button.click()
    assert ui.last_message == "it is Ann's turn: a human plays it with the buttons"
    assert ui.step_button.tooltip == "Step ▶ is disabled: it is Ann's turn"
    ui.close()
