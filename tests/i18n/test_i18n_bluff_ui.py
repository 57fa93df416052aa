"""The bluff game in Romanian, Ukrainian and Thai: whole games by clicks with no English label left,
a switch of language reaching an open widget, ``lang=`` keeping one, refusals in the widget's language."""

import re

import ipywidgets as widgets
import numpy as np
import pytest
from english_labels_bluff import ENGLISH_LABELS, ENGLISH_REPORT_LABELS

from dicepoker.core.i18n import in_language, set_language
from dicepoker.games.bluff.engine import BluffGame, Phase
from dicepoker.games.bluff.html import game_html, view_html
from dicepoker.games.bluff.names import hand_text
from dicepoker.games.bluff.report import bluff_report
from dicepoker.games.bluff.widget import play, play_bluff
from dicepoker.ui.widget import descendants

LANGUAGES = ("ro", "uk", "th")

# what the shared widget machinery (dicepoker/ui, dicepoker/core/words.py) writes into the bluff widget
SHARED_LABELS = [
    "Refused",
    "Press New game to play again",
    "Whole turn ▶▶",
    "Computer plays by itself",
    "is disabled",
    "held",
    "die",
    "not rolled yet",
    "Player",
]


def readable_texts(ui, *, message: bool = True) -> list[str]:
    """Every text a person reads in the widget: descriptions, tooltips, placeholders, option labels,
    the text of HTML and Label widgets (tags and the style sheet left out; the message line too
    with ``message=False``)."""
    texts = []
    for widget in descendants(ui.root):
        if widget is ui.message and not message:
            continue
        for attribute in ("description", "tooltip", "placeholder"):
            value = getattr(widget, attribute, None)
            if value:
                texts.append(value)
        if isinstance(widget, widgets.HTML | widgets.Label) and not widget.value.startswith("<style"):
            texts.append(re.sub(r"<[^>]+>", " ", widget.value))
        texts += [str(label) for label in getattr(widget, "_options_labels", ())]
    return texts


def english_left(texts, labels=ENGLISH_LABELS + SHARED_LABELS) -> list[tuple[str, str]]:
    """The (label, text) pairs where an English label is still on the screen."""
    found = []
    for text in texts:
        for label in labels:
            if re.search(rf"(?<!\w){re.escape(label)}(?!\w)", text):
                found.append((label, text))
    return found


def test_the_english_labels_are_found_in_english():
    """The check can fail: an English game shows many of the labels."""
    ui = play_bluff(seats=("human", "reasoning"), seed=1)
    ui.roll_button.click()
    shown = readable_texts(ui) + [ui.last_message]
    assert len({label for label, _text in english_left(shown)}) >= 10
    ui.close()


def play_to_the_end(ui, rng) -> list[str]:
    """Click through a whole game (hints, holds, rerolls, accepts and calls; Step for the computers),
    collecting every readable text and message on the way."""
    seen = []
    for _ in range(3000):
        seen += readable_texts(ui) + [ui.last_message]
        if ui.game.is_over:
            break
        game = ui.game
        if not ui.step_button.disabled:
            ui.step_button.click()
        elif ui.needs_pass:
            ui.pass_button.click()
        else:
            ui.hint_button.click()
            seen.append(ui.last_message)
            if game.phase == Phase.RESPOND:
                button = (
                    ui.call_button if ui.accept_button.disabled or rng.random() < 0.5 else ui.accept_button
                )
                button.click()
            elif game.positions is None:
                ui.roll_button.click()
            elif game.rolls_left and rng.random() < 0.5:
                ui.dice_buttons[int(rng.integers(5))].click()
                seen += readable_texts(ui) + [ui.last_message]
                ui.roll_button.click()
            else:
                options = ui.announce_picker.options
                ui.announce_picker.value = options[min(int(rng.integers(len(options))), 3)][1]
                ui.announce_button.click()
    assert ui.game.is_over
    ui.roll_button.click()  # refused: the game is over
    seen += readable_texts(ui) + [ui.last_message]
    return seen


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    "seats",
    [
        pytest.param(("human", "reasoning", "naive"), marks=pytest.mark.slow),  # the reasoning bot: 1.5 s
        ("human", "human", "random"),
    ],
)
def test_a_whole_game_leaves_no_english_label(lang, seats):
    ui = play(seats=seats, seed=11, lang=lang)
    seen = play_to_the_end(ui, np.random.default_rng(2))
    assert english_left(seen) == []
    with in_language(lang):  # the pictures and the report of the game, in the same language
        game = ui.game
        pictures = [game_html(game), view_html(game.view(0))]
        report = bluff_report(game, 0)._repr_html_()
    texts = [re.sub(r"<[^>]+>", " ", page) for page in pictures]
    assert english_left(texts) == []
    assert english_left([re.sub(r"<[^>]+>", " ", report)], ENGLISH_REPORT_LABELS + ENGLISH_LABELS) == []
    assert "<th>" in report and "<li>" in report  # the table and the facts were there to look at
    ui.new_game_button.click()  # a new game, still in the widget's language
    assert english_left(readable_texts(ui) + [ui.last_message]) == []
    ui.close()


def test_the_report_in_english_shows_its_labels():
    game = BluffGame(players=["Ann", "Bo"], seed=7)
    game.roll()
    game.announce("five 6s")
    game.call_bluff()
    page = re.sub(r"<[^>]+>", " ", bluff_report(game, "Ann")._repr_html_())
    assert {"Bluff report", "bluffs", "was true", "announce"} <= {
        label for label, _text in english_left([page], ENGLISH_REPORT_LABELS)
    }


def test_switching_language_changes_an_open_widget_on_its_next_refresh():
    ui = play_bluff(seats=("human", "reasoning"), seed=3)
    ui.roll_button.click()
    assert ui.announce_button.description == "Announce"
    set_language("uk")
    ui.refresh()
    assert ui.announce_button.description == "Оголосити"
    assert ui.shown_names() == ["Ти", "Комп’ютер"]  # the default names follow the language
    assert ui.title.value == '<div class="dp-title">Покер на кістках з блефом</div>'
    assert 'content: "утримана"' in ui._style.value  # the word under a held die, in the style sheet
    assert ui.seat_choosers[0].label == "Людина" and ui.seat_choosers[0].value == "human"
    labels = dict((hand, label) for label, hand in ui.announce_picker.options)
    assert labels["pair of 5s"] == "пара 5" and ui.announce_picker.value in labels  # the value stays English
    assert english_left(readable_texts(ui, message=False)) == []  # the last message was said in English
    set_language("th")
    ui.refresh()
    assert ui.announce_button.description == "ประกาศ"
    ui.close()


def test_lang_keeps_a_widget_romanian_while_the_kit_speaks_english():
    ui = play_bluff(seats=("human", "reasoning"), seed=4, lang="ro")
    assert ui.last_message == "Joc nou: Tu, Calculator. Tu deschizi runda 1."
    ui.refresh()
    assert ui.announce_button.description == "Anunță" and ui.roll_button.description == "Aruncă"
    ui.roll_button.click()
    assert re.match(r"Arunci în secret: [1-6-]+ \(.+\)\. Alege o combinație", ui.last_message)
    hand = ui.announce_picker.value
    assert ui.announce_picker.label == hand_text(hand, lang="ro")
    ui.call_button.click()  # refused by the engine: nobody has announced
    assert ui.last_message == "Refuzat: nu se poate contesta acum: trebuie să arunci și să anunți"
    assert (
        BluffGame(seed=1).view()._repr_html_().startswith('<div class="dp-bluff-view"><div>What')
    )  # English
    ui.close()


@pytest.mark.parametrize(
    ("lang", "refusal"),
    [
        ("uk", "спершу передай екран: Bo; натисни «Я — Bo, покажи мені»"),
        ("th", "ส่งหน้าจอให้ Bo ก่อน: กด “ฉันคือ Bo — ให้ฉันดู”"),
    ],
)
def test_a_refused_action_is_explained_in_the_widgets_language(lang, refusal):
    ui = play_bluff(seats=("human", "human"), names=["Ann", "Bo"], seed=1, lang=lang)
    ui.pass_button.click()
    ui.roll_button.click()
    ui.announce_button.click()
    before = ui.game.to_json()
    ui.call_button.click()  # Bo has not taken the screen
    assert ui.last_message.endswith(refusal) and ui.game.to_json() == before
    ui.pass_button.click()
    ui.call_button.click()
    assert ui.game.rounds[-1].caller == 1
    ui.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_engine_refusal_a_click_can_meet_is_translated(lang):
    """The engine's refusals come out in the current language, with the hands as the class reads them."""
    game = BluffGame(players=["Ann", "Bo"], seed=2)
    with in_language(lang):
        refusals = []
        for action in (game.accept, game.call_bluff, lambda: game.announce("pair of 2s")):
            with pytest.raises(ValueError) as refused:
                action()
            refusals.append(str(refused.value))
        game.roll()
        for action in (lambda: game.roll(held=[True] * 5), lambda: game.roll(player="Bo")):
            with pytest.raises(ValueError) as refused:
                action()
            refusals.append(str(refused.value))
        game.roll()
        game.roll()
        with pytest.raises(ValueError) as refused:
            game.roll()
        refusals.append(str(refused.value))
        game.announce("five 6s")
        with pytest.raises(ValueError) as refused:
            game.accept()
        refusals.append(str(refused.value))
        assert hand_text("five 6s") in refusals[-1]
    assert english_left(refusals) == [], refusals
