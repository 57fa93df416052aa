"""A class's games in one table: a teacher collects the students' saved games in a folder, and
:func:`class_report` reads them all, reports every player with the coach, and draws the class
against the four bots.

>>> import tempfile
>>> from pathlib import Path
>>> from dicepoker.games.scorecard.analysis.lab import play_game
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
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from dicepoker.core.errors import DicePokerError, quoted
from dicepoker.core.i18n import _, format_message
from dicepoker.core.randomness import check_seed
from dicepoker.games.scorecard.coach import bot_losses, coach_report
from dicepoker.games.scorecard.engine import ScorecardGame
from dicepoker.games.scorecard.presets import is_kit_rule_set

BOTS = ("optimal", "greedy", "heuristic", "random")
COLUMNS = [
    "file", "player", "game", "over", "decisions", "total loss", "mean loss", "grade", "final score",
    "luck", "dice gave", "skill lost", "kit rules", "mode", "hints", "played by", "bot in student seat",
]  # fmt: skip
COACHED = COLUMNS[4:12]  # left empty for a save whose rule set is not one of the kit's
NOT_RECORDED = "not recorded"  # "played by" of a seat whose save does not say who played it


@dataclass(frozen=True, eq=False)
class ClassReport:
    """Every player of every saved game in a folder (``table``), the files that are not scorecard
    games (``skipped``, with the reason) and the bots' mean loss per decision on each game played.

    A save whose rule set is not one of the kit's (by content, whatever its name) has ``kit rules``
    false and is not coached: its decisions, losses, grade and luck are left empty.

    How each game was played comes from its save's play record: ``mode`` (``"graded"``: Hint and
    Coach were off; ``"practice"``), ``hints`` (hints and coach's words shown to that player),
    ``played by`` (``"human"``, ``"bot: <name>"``, or ``"not recorded"`` for an older save or a game
    played in Python), and ``bot in student seat``: a bot played the student's seat (see
    :func:`student_seats`). A record, not a proof: see ``docs/saves.md``."""

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
        own = sorted(set(self.table.loc[~self.table["kit rules"].astype(bool), "file"]))
        if own:
            flagged = format_message(
                "Not coached: the rule set of {files} is not one of the kit's", files=", ".join(own)
            )
            note = f'<div class="dp-own-rules"><b>{html.escape(flagged)}</b></div>' + note
        note = self._played_notes() + note
        games = self.table["file"].nunique()
        title = format_message(
            "The class: {players} player(s) in {games} game(s)", players=len(self.table), games=games
        )
        return f"<div><b>{html.escape(title)}</b></div>" + self.table.round(2).to_html(index=False) + note

    def _played_notes(self) -> str:
        """The flags on how games were played, in the class's language: a bot in a student's seat,
        seats not recorded."""
        table, notes = self.table, ""
        by_bot = table.loc[table["bot in student seat"].astype(bool)]
        if len(by_bot):
            players = ", ".join(f"{f} ({p})" for f, p in zip(by_bot["file"], by_bot["player"], strict=True))
            flagged = format_message("Played by a bot in the student's seat: {players}", players=players)
            notes += f'<div class="dp-bot-played"><b>{html.escape(flagged)}</b></div>'
        unknown = sorted(set(table.loc[table["played by"] == NOT_RECORDED, "file"]))
        if unknown:
            said = format_message(
                "Who played is not recorded (an older save, or a game played without a play widget): {files}",
                files=", ".join(unknown),
            )
            notes += f'<div class="dp-seats-unknown">{html.escape(said)}</div>'
        return notes


def class_report(folder: str | Path, *, bot_games: int = 20, seed: int = 0) -> ClassReport:
    """Read every saved scorecard game (``*.json``, ``*.txt`` and others) in ``folder``; one row per
    player: decisions, total and mean loss, grade, final score and luck. Files that are not saved
    scorecard games are listed in ``skipped``; ``bot_games`` seeded games measure each bot.

    A save carries its own rule set: one that is not one of the kit's (a variant, or a forged rule
    set under a kit game's name) is not solved nor coached; its row says ``kit rules`` false."""
    if not isinstance(folder, str | os.PathLike):
        raise DicePokerError(
            format_message("a class report reads a folder (its path), not {value}", value=quoted(folder))
        )
    if isinstance(bot_games, bool) or not isinstance(bot_games, int) or bot_games < 1:
        raise DicePokerError(
            format_message(
                "{name} is a whole number of games, at least 1, not {value}",
                name="bot_games",
                value=quoted(bot_games),
            )
        )
    seed = check_seed(seed)
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
        kit = is_kit_rule_set(game.rules)
        students = student_seats(path.stem, game)
        for player in range(len(game.player_names)):
            row = _row(path.name, game, player) if kit else _own_rules_row(path.name, game, player)
            rows.append({**row, **_how_played(game, player, player in students)})
    table = pd.DataFrame(rows, columns=COLUMNS)
    kit_games = table.loc[table["kit rules"].astype(bool), "game"]
    bots = [_bot_means(name, bot_games, seed) for name in sorted(set(kit_games))] or [
        pd.DataFrame(columns=["game", "bot", "mean loss"])
    ]
    return ClassReport(table, skipped, pd.concat(bots, ignore_index=True))


def _row(file: str, game: ScorecardGame, player: int) -> dict[str, Any]:
    report = coach_report(game, player)
    luck = report.luck
    return {
        "file": file,
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
        "kit rules": True,
    }


def _own_rules_row(file: str, game: ScorecardGame, player: int) -> dict[str, Any]:
    """A player of a game under a rule set that is not the kit's: what the save says, nothing solved."""
    return {
        "file": file,
        "player": game.player_names[player],
        "game": game.rules.name,
        "over": game.is_over,
        **dict.fromkeys(COACHED),
        "final score": game.totals()[player] if game.is_over else None,
        "kit rules": False,
    }


def student_seats(student: str, game: ScorecardGame) -> set[int]:
    """The seats a class report holds to be the student's in a save named after ``student``: the
    players named like the student (``ann.json``: Ann, in any case); else the seats a human
    played; else (nobody named so, no seat a human's) every seat.

    >>> from dicepoker.games.scorecard.analysis.lab import play_game
    >>> sorted(student_seats("ann", ScorecardGame("classic", players=["You", "Ann"])))
    [1]
    >>> sorted(student_seats("ada", play_game("greedy", "classic", rng=1)))  # a bot, named Player 1
    [0]
    """
    named = {i for i, name in enumerate(game.player_names) if name.casefold() == student.strip().casefold()}
    if named:
        return named
    seats = game.play_record.seats or ()
    humans = {i for i, seat in enumerate(seats) if not seat.is_bot}
    return humans or set(range(len(game.player_names)))


def _how_played(game: ScorecardGame, player: int, student: bool) -> dict[str, Any]:
    """The columns a save's play record fills for one player: mode, hints, who played, the flag."""
    record = game.play_record
    seat = record.seats[player] if record.seats is not None else None
    return {
        "mode": record.mode,
        "hints": record.hints_of(player),
        "played by": str(seat) if seat is not None else NOT_RECORDED,
        "bot in student seat": bool(student and seat is not None and seat.is_bot),
    }


def _bot_means(game: str, games: int, seed: int) -> pd.DataFrame:
    df = bot_losses(game, bots=BOTS, games=games, seed=seed)
    per_decision = df.groupby("bot", sort=False)[["total loss", "decisions"]].sum()
    means = per_decision["total loss"] / per_decision["decisions"]
    return pd.DataFrame({"game": game, "bot": list(means.index), "mean loss": list(means)})
