"""One name for one thing across the apps: the one human at a table with the computer is "You" in
bluff and board as in the scorecard games, and every sentence about them is spoken to them ("You
roll", "Arunci", "Ти кидаєш", "คุณทอย"), never "You rolls"; a table of humans keeps "Player N".

Whole games through the widgets' buttons (Button.click(), no browser), in every language."""

import html
import re

import pytest

from dicepoker.core.i18n import format_message, in_language
from dicepoker.games.bluff.engine import Phase
from dicepoker.games.bluff.widget import play_bluff
from dicepoker.games.board.rules import BOARD
from dicepoker.games.board.widget import play_board

LANGUAGES = ("en", "ro", "uk", "th")
QUICK_BOARD = BOARD.variant(series_length=3, second_series_new_chips=2, max_turns=40)

# what the human is called, and a third-person verb (or a case form) after it: wrong in a sentence to "You"
YOU = {"en": "You", "ro": "Tu", "uk": "Ти", "th": "คุณ"}
WRONG = {
    "en": r"\b[Yy]ou (rolls|holds|releases|announces|calls|accepts|wins|opens|places|bounces|keeps|throws|"
    r"loses|is|has|was)\b|You's|of You\b|for You\b|to You\b",
    "ro": r"\bTu (aruncă|păstrează|eliberează|anunță|contestă|acceptă|câștigă|deschide |pune|scoate|"
    r"pierde|iese|a |nu poate|va |trebuie)|(lui|de|pentru|către) Tu\b|câștigă Tu\b",
    "uk": r"\bТи (кидає|залишає|відпускає|оголошує|перевіряє|приймає|перемагає|відкриває |ставить|вибиває|"
    r"втрачає|вибуває|має|не може|поставить)\b|гравця Ти\b|перемагає Ти\b|\(Ти\)",
    "th": r"ของ คุณ|ให้ คุณ|สำหรับ คุณ",
}
# how the human's own actions begin, in each language
ROLLS_IN_SECRET = {
    "en": "You roll in secret: ",
    "ro": "Arunci în secret: ",
    "uk": "Ти таємно кидаєш: ",
    "th": "คุณแอบทอย: ",
}
ANNOUNCES = {"en": "You announce '", "ro": "Anunți „", "uk": "Ти оголошуєш «", "th": "คุณประกาศ “"}
CALLS = {"en": "You call! ", "ro": "Contești! ", "uk": "Ти перевіряєш! ", "th": "คุณจับบลัฟ! "}
BOARD_ROLLS = {"en": "You roll ", "ro": "Arunci ", "uk": "Ти кидаєш ", "th": "คุณทอยได้ "}
PLACES = {"en": "You place a ", "ro": "Pui un jeton ", "uk": "Ти ставиш фішку ", "th": "คุณวางหมาก"}
WIN = {"en": "You win!", "ro": "Câștigi!", "uk": "Ти перемагаєш!", "th": "คุณชนะ!"}
YOUR_CHIP = {"en": ", your ", "ro": "jetonul tău", "uk": "твоя фішка", "th": "ของคุณ"}
LOSE_A_LIFE = {
    "en": "you lose a life",
    "ro": "pierzi o viață",
    "uk": "ти втрачаєш життя",
    "th": "คุณเสียหนึ่งชีวิต",
}


def text_of(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


def check_said(said: list[str], lang: str) -> None:
    player_1 = format_message("Player {number}", lang, number=1)
    for text in said:
        assert player_1 not in text, text
        assert not re.search(WRONG[lang], text), text


def play_bluff_to_the_end(lang: str, seed: int, computer: str = "reasoning") -> tuple[list[str], list[str]]:
    """A whole bluff game of one human against the computer: the messages, and the table's words."""
    ui = play_bluff(("human", computer), seed=seed, lang=lang)
    messages, table = [ui.last_message], []
    for _ in range(400):
        if ui.game.is_over:
            break
        if ui.computer_to_play:
            ui.step_button.click()
        elif ui.game.phase == Phase.ROLL:
            ui.roll_button.click()
            messages.append(ui.last_message)
            ui.announce_button.click()
        else:
            ui.call_button.click()
        messages.append(ui.last_message)
        table += [text_of(w.value) for w in (ui.table, ui.reveal, ui.screen_note, ui.private, ui.lives)]
        with in_language(lang):  # the pictures of the game and of the human's view, as a lesson shows them
            table += [text_of(ui.game._repr_html_()), text_of(ui.game.view(0)._repr_html_())]
    assert ui.game.is_over
    ui.roll_button.click()  # refused: the game is over (a refusal names the winner)
    messages.append(ui.last_message)
    ui.close()
    return messages, table


@pytest.mark.parametrize("lang", LANGUAGES)
def test_bluff_speaks_to_the_one_human_as_you(lang):
    messages, table = play_bluff_to_the_end(lang, seed=11)
    check_said(messages + table, lang)
    assert messages[0].count(YOU[lang]) >= 1  # the welcome names the human "You"
    assert any(m.startswith(ROLLS_IN_SECRET[lang]) for m in messages)
    assert any(m.startswith(ANNOUNCES[lang]) for m in messages)
    assert any(m.startswith(CALLS[lang]) for m in messages)
    assert any(LOSE_A_LIFE[lang] in m for m in messages) or any(WIN[lang] in m for m in messages)


def test_bluff_you_wins_and_loses_in_second_person():
    """Over a few seeds the human both wins and loses a game, and each reads in the second person."""
    endings = []
    for seed in range(1, 6):
        messages, _ = play_bluff_to_the_end("ro", seed, computer="random")
        endings.append(messages[-2])
        check_said(messages, "ro")
    assert any(WIN["ro"] in m for m in endings)


def play_board_to_the_end(lang: str, seed: int) -> tuple[list[str], list[str]]:
    ui = play_board(("human", "computer"), rules=QUICK_BOARD, seed=seed, lang=lang)
    messages, shown = [ui.last_message], []
    for _ in range(2000):
        if ui.game.is_over:
            break
        if ui.computer_to_play:
            ui.step_button.click()
        elif ui.game.positions is None or (not ui.game.takeable_cells() and ui.game.rolls_left):
            ui.roll_button.click()
        elif ui.game.takeable_cells():
            ui.cell_buttons[ui.game.takeable_cells()[0]].click()
        else:
            ui.pass_button.click()
        messages.append(ui.last_message)
        shown.append(text_of(ui.status.value))
    assert ui.game.is_over
    shown += [button.tooltip for button in ui.cell_buttons.values()]
    ui.close()
    return messages, shown


@pytest.mark.parametrize("lang", LANGUAGES)
def test_board_speaks_to_the_one_human_as_you(lang):
    messages, shown = play_board_to_the_end(lang, seed=3)
    check_said(messages + shown, lang)
    assert any(m.startswith(BOARD_ROLLS[lang]) for m in messages)
    assert any(m.startswith(PLACES[lang]) for m in messages)
    assert any(YOUR_CHIP[lang] in t for t in shown)  # the tooltip of a cell holding the human's chip


def test_board_hint_and_bounce_speak_to_you():
    ui = play_board(("human", "computer"), seed=5, lang="ro")
    ui.hint_button.click()
    assert ui.last_message == "Sfat: mai întâi aruncă zarurile."
    ui.roll_button.click()
    assert ui.last_message.startswith("Arunci ")
    ui.dice_buttons[0].click()
    assert re.match(r"Păstrezi \d \(zarul 1\)\.", ui.last_message)
    ui.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_table_of_humans_keeps_player_n(lang):
    with in_language(lang):
        first, second = [format_message("Player {number}", number=n) for n in (1, 2)]
    bluff = play_bluff(("human", "human", "reasoning"), seed=2, lang=lang)
    board = play_board(("human", "human"), seed=2, lang=lang)
    for ui in (bluff, board):
        with ui.speaking():
            assert ui.shown_names()[:2] == [first, second]
        assert first in ui.last_message and YOU[lang] + " " not in ui.last_message
        ui.close()
    board = play_board(("human", "human"), seed=2, lang=lang)
    board.roll_button.click()
    assert board.last_message.startswith(first)
    board.close()
