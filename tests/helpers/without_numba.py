"""Run by tests/games/scorecard/test_without_numba.py in a fresh process where numba cannot be imported.

``sys.modules["numba"] = None`` makes every ``import numba`` fail as on Pyodide, before anything
of the kit is imported. Then with the value table of a small rule set already in the cache (the
test solved it there with numba) a hint, the advisor, the coach, the bots and every play widget
work; a full solve says first that it would be slow, and the command line says where the tables
can come from. Prints one JSON line of what it saw; any failure is a traceback and exit code 1.
"""

from __future__ import annotations

import sys

if __name__ == "__main__":
    sys.modules["numba"] = None  # as on Pyodide: "import numba" raises ImportError

import contextlib  # noqa: E402
import io  # noqa: E402
import json  # noqa: E402
import warnings  # noqa: E402

from solver_helpers import TINY  # noqa: E402

from dicepoker import ScorecardGame, hint, play  # noqa: E402
from dicepoker.cli.main import main  # noqa: E402
from dicepoker.games.scorecard import advisor as advisor_module  # noqa: E402
from dicepoker.games.scorecard.advisor_widget import advisor  # noqa: E402
from dicepoker.games.scorecard.bots import find_strategy, play_turn  # noqa: E402
from dicepoker.games.scorecard.coach import coach_report  # noqa: E402
from dicepoker.games.scorecard.solver import solve as solve_module  # noqa: E402
from dicepoker.games.scorecard.solver.jit import NUMBA_AVAILABLE  # noqa: E402
from dicepoker.games.scorecard.solver.moments import final_score_moments  # noqa: E402

RULES = TINY["classic joker and bonuses"]


def interrupted(*args, **kwargs):
    raise KeyboardInterrupt


def main_without_numba() -> None:
    seen: dict[str, object] = {"numba": NUMBA_AVAILABLE, "numba_importable": True}
    try:
        import numba  # noqa: F401
    except ImportError:
        seen["numba_importable"] = False

    solution = solve_module.solve(RULES, progress=False)
    seen["from_cache"] = solution.from_cache
    seen["expected_score"] = solution.expected_score
    moments = final_score_moments(solution)  # the moment sweep, as plain Python
    seen["moments"] = [moments.mean, moments.std]

    # a hint and the advisor: the kernel evaluates a turn as plain Python
    game = ScorecardGame(RULES, seed=4)
    game.roll()
    seen["hint"] = [hint(game).best.label, hint(game).best.expected]
    advice = advisor_module.advise(RULES, game)
    seen["advice"] = [advice.best.label, advice.best.expected]

    # the optimal bot plays a whole game, and the coach reports on it
    bot = find_strategy("optimal")
    played = ScorecardGame(RULES, seed=5)
    while not played.is_over:
        play_turn(played, bot)
    report = coach_report(played, grade=False)
    seen["bot_total"] = played.outcome.totals[0]
    seen["coach_decisions"] = len(report.decisions)
    seen["coach_loss"] = sum(d.loss for d in report.decisions)

    # every play widget: the scorecard one (a human with hints against the computer), bluff, board
    ui = play(RULES, seats=("human", "computer"), seed=6)
    clicks = 0
    while not ui.game.is_over and clicks < 200:
        if ui.game.current_player == 0:
            ui.hint_button.click()
            if ui.roll_button.disabled:
                open_boxes = [
                    b for name, b in ui.box_buttons.items() if not b.disabled and b in ui.scorecard.children
                ]
                open_boxes[0].click()
            else:
                ui.roll_button.click()
        else:
            ui.step_button.click()
        clicks += 1
    seen["scorecard_widget_over"] = ui.game.is_over
    report_button = ui.report_panel.buttons[0]
    report_button.click()
    seen["scorecard_widget_report"] = ui.report_panel.shown.player
    ui.close()
    for name in ("bluff", "board"):
        widget = play(
            name, seats=("computer", "computer") if name == "board" else ("reasoning", "naive"), seed=7
        )
        steps = 0
        while not widget.game.is_over and steps < 2000:
            widget.step_button.click()
            steps += 1
        seen[f"{name}_widget_over"] = widget.game.is_over
        widget.close()
    ui = advisor(RULES, "dice: 22233; rolls: 1")
    seen["advisor_widget"] = ui.advice.best.label
    ui.close()

    # a full solve: said to be slow before it starts (turned into an error here, so it never runs)
    with warnings.catch_warnings():
        warnings.simplefilter("error", solve_module.SlowSolveWarning)
        try:
            solve_module.solve("classic", progress=False, cache=False)
        except solve_module.SlowSolveWarning as warning:
            seen["slow_warning"] = str(warning)

    # and the command line says it too, and where the tables come from (the solve is interrupted)
    solve_module.backward_induction = interrupted
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        seen["cli_code"] = main(["solve", "--game", "classic"])
    seen["cli_stderr"] = err.getvalue()
    print(json.dumps(seen))


if __name__ == "__main__":  # imported (by pytest's doctest collection), it does nothing
    main_without_numba()
