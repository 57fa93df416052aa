"""Does every word of a game's widget fit its box? The check the Voila tests make on every app.

A game is rolled once (so the buttons say how many rolls are left, their longest state). Then every
button, label, checkbox label and text box of the game's widget whose text is wider (or, once
wrapped, taller) than its box, every option of a dropdown wider than its dropdown, and every control
that sticks out of the widget is a failure named by language, app and text. In bluff a round is then
played to the lifted cup, whose five dice must all be drawn the same size.

Each app is rendered once under Voila and checked by one test: ``test_words_fit_in_browser.py`` for
most; the English apps by ``test_voila_in_browser.py`` and each language's classroom app by
``test_languages_in_browser.py``, on the page those tests render anyway, after a New game
(:data:`CHECKED_ELSEWHERE`).
"""

from __future__ import annotations

from typing import Any

from .browser_turns import PLAYERS, Turn

APP_GAMES = ("bluff", "board", "classic", "two_part")
LANGUAGES = ("en", "ro", "uk", "th")
IN_VOILA = {"ro": "two_part", "uk": "board", "th": "bluff"}  # each language's classroom app (languages test)
CHECKED_ELSEWHERE = {("en", game) for game in APP_GAMES} | set(IN_VOILA.items())
"""The (language, game) apps whose words another test checks, on the page it renders anyway."""

# every element of ``root`` whose text does not fit: [kind, text, needed px, room px]
CUT_OFF_JS = """
(root) => {
  const cut = [];
  const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  const textWidth = (text, e) => {
    const s = getComputedStyle(e);
    ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    return ctx.measureText(text).width;
  };
  const room = e => {
    const s = getComputedStyle(e);
    return e.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
  };
  const boxes = root.querySelectorAll(
    '.jupyter-button, .widget-button, .widget-toggle-button, .widget-label, .widget-label-basic, '
    + '.widget-checkbox label, .widget-checkbox span, .widget-dropdown label');
  for (const e of boxes) {
    if (!shown(e) || getComputedStyle(e).color === 'rgba(0, 0, 0, 0)') continue;  // a picture, not words
    const text = e.innerText.trim();
    if (!text) continue;
    if (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1) {
      const kind = [...e.classList].find(c => c.startsWith('dp-') || c.startsWith('widget-')) || e.tagName;
      const wide = e.scrollWidth > e.clientWidth + 1;
      cut.push([kind, text, wide ? `${e.scrollWidth} px wide` : `${e.scrollHeight} px high`,
                wide ? e.clientWidth : e.clientHeight]);
    }
  }
  for (const select of root.querySelectorAll('select')) {
    if (!shown(select)) continue;
    for (const option of select.querySelectorAll('option')) {
      const needed = textWidth(option.textContent, select);
      if (needed > room(select) + 1) {
        cut.push(['option', option.textContent, `${Math.ceil(needed)} px wide`, Math.floor(room(select))]);
      }
    }
  }
  const edge = root.getBoundingClientRect();
  for (const e of root.querySelectorAll('button, select, input')) {
    const r = e.getBoundingClientRect();
    if (shown(e) && (r.right > edge.right + 1 || r.left < edge.left - 1)) {
      const text = e.tagName === 'SELECT' ? e.options[e.selectedIndex]?.text : e.innerText || e.placeholder;
      cut.push(['outside the app', text || e.tagName,
                `${Math.ceil(r.right - edge.left)} px from its left`, Math.floor(edge.width)]);
    }
  }
  for (const input of root.querySelectorAll('input[type=text][placeholder]')) {
    if (!shown(input)) continue;
    const needed = textWidth(input.placeholder, input);
    if (needed > room(input) + 1) {
      cut.push(['placeholder', input.placeholder, `${Math.ceil(needed)} px wide`, Math.floor(room(input))]);
    }
  }
  return cut;
}
"""


def app_path(lang: str, game: str) -> str:
    """The app's path under the served root: ``apps/<game>.ipynb`` in English.

    >>> app_path("en", "board"), app_path("th", "board")
    ('apps/board.ipynb', 'apps/th/board.ipynb')
    """
    return f"apps/{game}.ipynb" if lang == "en" else f"apps/{lang}/{game}.ipynb"


def check_every_word_fits(app: Any, game: str, where: str) -> None:
    """Roll once in ``app`` (a game just started), then fail on every word that does not fit its box
    (``where`` names the app in the message); in bluff, play the round to the lifted cup and check its
    five dice are drawn the same size."""
    turn = Turn(app)
    turn.start()
    turn.click(".dp-roll", "first roll")  # now the buttons say how many rolls are left
    cut = sorted({tuple(found) for found in app.evaluate(CUT_OFF_JS)})  # each text once
    assert not cut, f"words cut off in {where}:\n  " + "\n  ".join(
        f"{kind}: {text!r} is {needed}, its box {room} px" for kind, text, needed, room in cut
    )
    if game == "bluff":  # the lifted cup: five dice of one size, while they rise and after
        PLAYERS[game](app)
        sizes = app.locator(".dp-reveal svg").evaluate_all(
            "dice => dice.map(d => Math.round(d.getBoundingClientRect().width))"
        )
        assert len(sizes) == 5 and len(set(sizes)) == 1, f"the revealed dice in {where}: {sizes} px wide"


def start_a_new_game(app: Any, *, keyboard: bool = False) -> None:
    """Press the app's New game (by mouse, or Tab and Enter): the next check starts from a fresh game
    on the page already rendered."""
    Turn(app, keyboard=keyboard).click(".dp-new-game", "new game")
