"""The board game in Romanian, Ukrainian and Thai: whole games through the widget's buttons, with human
and computer seats, to the end; then not one of the board's English labels may be on the screen."""

import html
import re
from urllib.parse import unquote

import pytest
from english_labels_board import ENGLISH_LABELS

from dicepoker.core.i18n import _, in_language, language, ngettext, pgettext, set_language
from dicepoker.games.board.bots import probability_bot
from dicepoker.games.board.engine import Bounce, Keep, PassTurn, Place
from dicepoker.games.board.html import board_html
from dicepoker.games.board.labels import cell_place
from dicepoker.games.board.report import board_report
from dicepoker.games.board.rules import BOARD
from dicepoker.games.board.widget import BoardUI, play
from dicepoker.ui.widget import descendants

LANGUAGES = ("ro", "uk", "th")
# a short game that still ends in a win or a draw: series of three, at most 40 turns
QUICK = BOARD.variant(series_length=3, second_series_new_chips=2, max_turns=40)
ENGLISH = re.compile("|".join(rf"\b{re.escape(label)}\b" for label in sorted(ENGLISH_LABELS, key=len)[::-1]))


def svg_words(css: str) -> list[str]:
    """The words drawn in the cell pictures of the widget's style sheet (SVG in data URIs)."""
    return re.findall(r"<text[^>]*>([^<]*)</text>", unquote(css))


def shown_texts(ui: BoardUI) -> list[str]:
    """Every text a person reads in the widget, the shared machinery's own words taken out."""
    shared_widgets = {id(ui.turn_button), id(ui.auto_play)}
    texts = []
    for widget in descendants(ui.root):
        if id(widget) in shared_widgets:
            continue
        if widget is ui._style:
            texts += svg_words(widget.value)
            continue
        for name in ("description", "tooltip", "placeholder"):
            texts.append(getattr(widget, name, "") or "")
        value = getattr(widget, "value", "")
        if isinstance(value, str) and type(widget).__name__ in ("HTML", "Label"):
            texts.append(html.unescape(re.sub(r"<[^>]+>", " ", value)))
        for option in getattr(widget, "options", ()) or ():
            texts.append(option[0] if isinstance(option, tuple) else str(option))
    texts.append(ui.last_message)
    return [strip_shared(t) for t in texts if t]


def strip_shared(text: str) -> str:
    text = text.strip()
    return text


def english_left(texts: list[str]) -> list[tuple[str, str]]:
    return [(m.group(0), t) for t in texts for m in ENGLISH.finditer(t)]


def play_human_turn_with_buttons(ui: BoardUI) -> None:
    """The human's next action, chosen by the probability bot and done by clicking the widget."""
    game = ui.game
    if game.positions is None:
        ui.roll_button.click()
        return
    action = probability_bot(game.view(), ui._rng)
    match action:
        case Keep():
            wanted = list(action.dice.values)
            for i, value in enumerate(game.positions):
                keep = value in wanted
                if keep:
                    wanted.remove(value)
                if keep != game.held[i]:
                    ui.dice_buttons[i].click()
            ui.roll_button.click()
        case Place():
            ui.cell_buttons[action.cell].click()
        case Bounce():
            ui.bounce_button.click()
            ui.cell_buttons[action.cell].click()
        case PassTurn():
            ui.pass_button.click()


def play_to_the_end(ui: BoardUI, seen: list[str]) -> None:
    for _step in range(2000):
        if ui.game.is_over:
            return
        if ui.current_seat == "human":
            play_human_turn_with_buttons(ui)
        else:
            ui.step_button.click()
        seen += shown_texts(ui)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_whole_games_leave_no_english_label(lang):
    """Human against computer and three seats: every text seen on the way and at the end is translated."""
    seen: list[str] = []
    for seats, names, seed in [
        (("human", "computer"), ["Ana", ""], 3),
        (("computer", "random", "human"), None, 5),
    ]:
        ui = play(QUICK, seats=seats, names=names, seed=seed, lang=lang)
        seen += shown_texts(ui)
        ui.hint_button.click()  # a hint before the roll, refused Step, a refused pass
        seen += shown_texts(ui)
        play_to_the_end(ui, seen)
        assert ui.game.is_over
        ui.roll_button.click()  # refused: the game is over
        seen += shown_texts(ui)
        with in_language(lang):
            seen.append(html.unescape(re.sub(r"<[^>]+>", " ", board_html(ui.game))))
            for player in range(ui.game.players):
                page = board_report(ui.game, player)._repr_html_()
                seen.append(html.unescape(re.sub(r"<[^>]+>", " ", page)))
        ui.new_game_button.click()
        seen += shown_texts(ui)
        ui.close()
    assert language() == "en"  # the widgets spoke their own language without switching the kit's
    assert english_left(seen) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_end_of_a_game_is_said_in_the_language(lang):
    ui = play(QUICK, seats=("computer", "computer"), seed=11, lang=lang)
    play_to_the_end(ui, [])
    with in_language(lang):
        outcome, names = ui.game.outcome, ui.shown_names()
        if outcome.is_draw:
            expected = ngettext(
                "The game is a draw: no winner after {n} turn.",
                "The game is a draw: no winner after {n} turns.",
                outcome.turns,
            ).format(n=outcome.turns)
        else:
            expected = _("{name} wins!").format(name=names[outcome.winner])
        assert expected in ui.last_message
        assert ui.game.outcome_text(names) in ui.status.value
    assert ui.game.outcome.reason == ui.game.outcome_text(lang="en")  # the API's reason stays English
    ui.close()


def test_switching_language_changes_an_open_widget_on_its_next_refresh():
    ui = BoardUI(seats=("human", "computer"), names=["Ana", ""], seed=2)
    ui.roll_button.click()
    assert ui.pass_button.description == "Pass the turn" and english_left(shown_texts(ui)) != []
    set_language("uk")
    ui.refresh()
    assert ui.pass_button.description == "Пропустити хід"
    assert ui.shown_names() == ["Ana", "Комп’ютер"]  # the default name follows the language
    assert [o[0] for o in ui.seat_choosers[0].options] == ["Людина", "Комп’ютер", "Випадковий комп’ютер"]
    assert ui.seat_choosers[1].value == "computer"  # the chosen seats survive the new option labels
    assert english_left([t for t in shown_texts(ui) if t != ui.last_message]) == []
    set_language("th")
    ui.refresh()
    assert ui.cell_buttons[(0, 0)].tooltip == "แถว 1 คอลัมน์ 1 — สเตรท"
    assert "ตัวไล่" not in ui._style.value and "สต" in svg_words(ui._style.value)  # the pictures too
    ui.close()


def test_a_romanian_widget_stays_romanian_while_the_kit_speaks_english():
    ui = play("board", seats=("human", "computer"), names=["Ana", ""], seed=4, lang="ro")
    ui.roll_button.click()
    assert language() == "en" and ui.last_message.startswith("Ana aruncă ")
    ui.refresh()
    assert ui.hint_button.description == "Sfat" and ui.new_game_button.description == "Joc nou"
    assert ui.game.player_names == ("Ana", "Calculator")
    assert english_left(shown_texts(ui)) == []
    ui.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refused_action_is_explained_in_the_widgets_language(lang):
    ui = BoardUI(seats=("human", "computer"), names=["Ana", "Bot"], seed=1, lang=lang)
    before = ui.game.to_json()
    ui.pass_button.click()
    english = "roll the dice first: a turn is passed after at least one roll"
    refusal = _(english, lang=lang)
    assert refusal != english and ui.last_message.endswith(refusal)
    assert "dp-msg-error" in ui.message.value and ui.game.to_json() == before
    ui.roll_button.click()
    taken = next(c for c in ui.game.rules.cells if c not in ui.game.takeable_cells() and c != (4, 4))
    ui.cell_buttons[taken].click()  # a cell the dice do not hold: the engine's refusal, translated
    with in_language(lang):
        label = ui.game.rules.label(taken)
        assert pgettext("board cell", "row {row}, column {column}") not in ui.last_message
        assert english_left([strip_shared(ui.last_message)]) == []
        assert cell_place(taken) in ui.last_message and label in ui.last_message
        assert str(taken) not in ui.last_message  # named as the tooltips name it, from 1, not (row, column)
    ui.close()


def test_english_stays_as_it_was():
    ui = BoardUI(seats=("human", "human"), names=["Ann", "Bo"], seed=1)
    assert ui.last_message == "New game: Ann (red, human), Bo (blue, human). 2 series of 5 in a row win."
    ui.roll_button.click()
    assert ui.last_message.startswith("Ann rolls ") and "rolls left." in ui.last_message
    assert ui.roll_button.description == "Roll again (2 left)"
    assert ui.cell_buttons[(7, 8)].tooltip == "row 8, column 9 — pair of 3s"
    ui.close()
