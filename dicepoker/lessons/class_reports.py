"""A class's games in one table: a teacher collects the students' saved games in a folder, and
:func:`class_report` reads them all, reports every player with the coach, and draws the class
against the four bots.

>>> import tempfile
>>> from pathlib import Path
>>> from dicepoker.lessons.lab import play_game
>>> folder = Path(tempfile.mkdtemp())
>>> play_game("heuristic", "two_part", rng=1).save(folder / "ann.json")
>>> (folder / "notes.txt").write_text("not a game")
10
>>> report = class_report(folder, bot_games=2)
>>> list(report.table["file"]), list(report.skipped)
(['ann.json'], ['notes.txt'])
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import _, format_message
from dicepoker.games.scorecard.coach import bot_losses, coach_report
from dicepoker.games.scorecard.engine import ScorecardGame

BOTS = ("optimal", "greedy", "heuristic", "random")
COLUMNS = [
    "file", "player", "game", "over", "decisions", "total loss", "mean loss", "grade", "final score",
    "luck", "dice gave", "skill lost",
]  # fmt: skip


@dataclass(frozen=True, eq=False)
class ClassReport:
    """Every player of every saved game in a folder (``table``), the files that are not scorecard
    games (``skipped``, with the reason) and the bots' mean loss per decision on each game played."""

    table: pd.DataFrame
    skipped: dict[str, str]
    bots: pd.DataFrame  # one row per game name and bot: mean loss per decision

    def figure(self) -> Any:
        """Each player's mean loss per decision, against the four bots' (plotly)."""
        from dicepoker.lessons.class_figures import class_loss_figure

        return class_loss_figure(self)

    def _repr_html_(self) -> str:
        skipped = "".join(f"<li>{html.escape(f)}: {html.escape(why)}</li>" for f, why in self.skipped.items())
        not_read = html.escape(_("Not read:"))
        note = f"<div>{not_read}</div><ul>{skipped}</ul>" if skipped else ""
        games = self.table["file"].nunique()
        title = format_message(
            "The class: {players} player(s) in {games} game(s)", players=len(self.table), games=games
        )
        return f"<div><b>{html.escape(title)}</b></div>" + self.table.round(2).to_html(index=False) + note


def class_report(folder: str | Path, *, bot_games: int = 20, seed: int = 0) -> ClassReport:
    """Read every saved scorecard game (``*.json``, ``*.txt`` and others) in ``folder``; one row per
    player: decisions, total and mean loss, grade, final score and luck. Files that are not saved
    scorecard games are listed in ``skipped``; ``bot_games`` seeded games measure each bot."""
    folder = Path(folder)
    if not folder.is_dir():
        raise DicePokerError(
            format_message(
                "no folder {folder}: give the folder that holds the saved games", folder=repr(str(folder))
            )
        )
    rows, skipped = [], {}
    for path in sorted(p for p in folder.iterdir() if p.is_file()):
        try:
            game = ScorecardGame.load(path)
        except DicePokerError as err:
            skipped[path.name] = str(err)
            continue
        for player in range(len(game.player_names)):
            report = coach_report(game, player)
            luck = report.luck
            rows.append(
                {
                    "file": path.name,
                    "player": report.player,
                    "game": game.rules.name,
                    "over": report.is_over,
                    "decisions": len(report.decisions),
                    "total loss": report.total_loss,
                    "mean loss": report.mean_loss,
                    "grade": report.grade,
                    "final score": report.final_score,
                    "luck": luck.total,
                    "dice gave": luck.dice_gave,
                    "skill lost": luck.skill_lost,
                }
            )
    table = pd.DataFrame(rows, columns=COLUMNS)
    bots = [_bot_means(name, bot_games, seed) for name in sorted(set(table["game"]))] or [
        pd.DataFrame(columns=["game", "bot", "mean loss"])
    ]
    return ClassReport(table, skipped, pd.concat(bots, ignore_index=True))


def _bot_means(game: str, games: int, seed: int) -> pd.DataFrame:
    df = bot_losses(game, bots=BOTS, games=games, seed=seed)
    per_decision = df.groupby("bot", sort=False)[["total loss", "decisions"]].sum()
    means = per_decision["total loss"] / per_decision["decisions"]
    return pd.DataFrame({"game": game, "bot": list(means.index), "mean loss": list(means)})
