"""Computer players for the board game, and a seeded tournament between them.

A bot has the one shape of every game's bots (:class:`~dicepoker.core.match.Bot`):
``bot(view, rng) -> action``, where the view is the board game's read-only look at the whole
position (:meth:`~dicepoker.games.board.engine.BoardGame.view`: the board is public).
:func:`~dicepoker.core.match.random_bot` picks any legal action;
:class:`ProbabilityBot` values each empty cell by the chance of completing its rows (and of
spoiling the opponents'), then keeps the dice that give the best expected value of the cell it
will take, with the exact turn odds of :mod:`dicepoker.games.board.odds`.

>>> from dicepoker.games.board.engine import BoardGame
>>> game = play_board_game([probability_bot, random_bot], rng=2)
>>> game.is_over
True
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

import numpy as np

from dicepoker.core.actions import Keep, Roll
from dicepoker.core.dice import NUMBER_OF_DICE, all_rolls
from dicepoker.core.i18n import pgettext
from dicepoker.core.match import Bot, play_match, random_bot, seat_of, tournament_rows
from dicepoker.core.randomness import generator
from dicepoker.games import WinTournament, pairwise_tournament
from dicepoker.games.board.engine import Action, BoardGame, Bounce, PassTurn, Place, Series
from dicepoker.games.board.labels import BOARD_LABELS
from dicepoker.games.board.odds import best_keep_for_values, chance_to_take
from dicepoker.games.board.rules import BOARD, BoardRules

WIN_VALUE = 1000.0  # placing the chip that wins the game
SERIES_VALUE = 3.0  # completing a series that does not win yet


# --- what the probability bot knows about the board -------------------------------------------------
@cache
def _holds_matrix() -> np.ndarray:
    """252 x labels: whether each roll holds each label."""
    from dicepoker.games.board.labels import label_combinations

    combos = list(label_combinations().values())
    return np.array([[c.test(d) for c in combos] for d in all_rolls()])


@cache
def _five_of_a_kind() -> np.ndarray:
    return np.array([max(d.counts) == NUMBER_OF_DICE for d in all_rolls()])


@dataclass(frozen=True)
class _BoardTables:
    """What the probability bot precomputes about a layout, as flat (row * size + column) arrays."""

    label_of: np.ndarray  # label index of each cell, -1 at the free centre
    chance: np.ndarray  # chance of taking each cell's label in a turn (1 at the centre)
    windows: np.ndarray  # the windows (five in a line) as flat cell indices
    line_of: np.ndarray  # which line each window lies on (one number per direction and line)
    chips_in: np.ndarray  # how many chip cells (not the centre) each window has
    centre: int


@cache
def _board_tables(rules: BoardRules) -> _BoardTables:
    n = rules.size
    label_of = np.full(n * n, -1)
    chance = np.ones(n * n)
    for r, c in rules.cells:
        label = rules.label((r, c))
        label_of[r * n + c] = BOARD_LABELS.index(label)
        chance[r * n + c] = float(chance_to_take(label, rules.rolls_per_turn))
    windows = np.array([[r * n + c for r, c in w] for _, w in rules.windows_with_lines])
    line_names = [line for line, _ in rules.windows_with_lines]
    numbering = {line: i for i, line in enumerate(dict.fromkeys(line_names))}
    centre = rules.centre[0] * n + rules.centre[1]
    return _BoardTables(
        label_of,
        chance,
        windows,
        np.array([numbering[line] for line in line_names]),
        (windows != centre).sum(axis=1),
        centre,
    )


def _owners(board: tuple[tuple[int | None, ...], ...], tables: _BoardTables) -> np.ndarray:
    """Flat owners: -1 empty, -2 the free centre, else the player."""
    flat = np.array([-1 if x is None else x for row in board for x in row])
    flat[tables.centre] = -2
    return flat


def _allowed_windows(rules: BoardRules, series: Sequence[Series], tables: _BoardTables) -> np.ndarray:
    """Windows that could still become a series of a player with these ``series`` under the
    second-series rule."""
    allowed = np.ones(len(tables.windows), dtype=bool)
    n = rules.size
    for s in series:
        member = np.zeros(n * n, dtype=bool)
        member[[r * n + c for r, c in s.cells]] = True
        member[tables.centre] = False
        new_chips = tables.chips_in - member[tables.windows].sum(axis=1)
        same_line = tables.line_of == tables.line_of[_window_number(tables, s.cells, n)]
        allowed &= ~same_line & (new_chips >= rules.second_series_new_chips)
    return allowed


def _window_number(tables: _BoardTables, cells: tuple[tuple[int, int], ...], n: int) -> int:
    flat = np.array([r * n + c for r, c in cells])
    return int(np.flatnonzero((tables.windows == flat).all(axis=1))[0])


def _window_chances(
    rules: BoardRules, player: int, series: Sequence[Series], owners: np.ndarray, tables: _BoardTables
) -> tuple[np.ndarray, np.ndarray]:
    """For each window: whether ``player`` (whose completed series are ``series``) can still make it,
    and the chance of taking its empty cells."""
    cells = owners[tables.windows]
    open_ = ~((cells >= 0) & (cells != player)).any(axis=1) & _allowed_windows(rules, series, tables)
    strength = np.where(cells == -1, tables.chance[tables.windows], 1.0).prod(axis=1)
    return open_, strength


@dataclass(frozen=True)
class ProbabilityBot:
    """Chooses keeps and cells by the chance of completing its rows and blocking the opponents'.

    A window (five cells in a line) that the bot can still fill is worth the product of the
    chances of taking its empty cells in a turn. Taking a cell raises that product for the
    bot's windows and wipes it out for the opponents' (times ``block_weight``); completing a
    series is worth more, winning most; with ``stop_threats`` the last empty cell of an
    opponent's run is worth half of completing it oneself. The keeps maximise the expected value
    of the cell the turn will end on.

    >>> game = BoardGame(rng=0)
    >>> _ = game.roll(result="66612")
    >>> ProbabilityBot()(game.view(0), rng=0)
    Keep(dice=Dice('666'))
    """

    block_weight: float = 1.0
    stop_threats: bool = True

    def __call__(self, view: BoardGame, rng: np.random.Generator | int | None = None) -> Action:
        game = view  # the board is public: the view is a read-only look at the whole game
        if game.dice is None:
            return Roll()
        place, bounce = self.cell_values(game)
        dice = game.dice
        if game.rolls_left > 0:
            keep, _ = best_keep_for_values(dice, self.turn_end_values(game, place, bounce), game.rolls_left)
            if keep != dice:
                return Keep(keep)
        n = game.rules.size
        options: list[tuple[float, Action]] = [
            (place[r * n + c], Place((r, c))) for r, c in game.takeable_cells()
        ]
        options += [(bounce[r * n + c], Bounce((r, c))) for r, c in game.bounce_targets()]
        if not options:
            return PassTurn()
        best = max(value for value, _ in options)
        return next(action for value, action in options if value == best)

    def cell_values(self, game: BoardGame) -> tuple[np.ndarray, np.ndarray]:
        """Flat arrays (read-only): the value of placing on each cell, and of bouncing the chip on it.

        They depend on the board, the completed series and whose turn it is, not on the dice, so
        the decisions of one turn (each keep, then the cell) share one computation.
        """
        series = tuple(game.series(player) for player in range(game.players))
        return _cell_values(self, game.rules, game.board, game.current_player, series)

    def turn_end_values(self, game: BoardGame, place: np.ndarray, bounce: np.ndarray) -> np.ndarray:
        """The value of ending the turn on each of the 252 rolls: the best cell or bounce it allows."""
        label_of = _board_tables(game.rules).label_of
        best_by_label = np.zeros(len(BOARD_LABELS))
        for flat, label in enumerate(label_of):
            if label >= 0 and place[flat] > best_by_label[label]:
                best_by_label[label] = place[flat]
        holds = _holds_matrix()
        values = np.where(holds, best_by_label, 0.0).max(axis=1)
        if game.rules.five_of_a_kind_takes_any:
            values = np.where(_five_of_a_kind(), max(0.0, float(place.max())), values)
        targets = [game.rules.size * r + c for r, c in game.removable_chips()]
        if targets:
            best_bounce = float(bounce[targets].max())
            for label in game.bouncers_in_force():
                column = holds[:, BOARD_LABELS.index(label)]
                values = np.where(column, np.maximum(values, best_bounce), values)
        return values


@lru_cache(maxsize=256)
def _cell_values(
    bot: ProbabilityBot,
    rules: BoardRules,
    board: tuple[tuple[int | None, ...], ...],
    me: int,
    series: tuple[tuple[Series, ...], ...],
) -> tuple[np.ndarray, np.ndarray]:
    """:meth:`ProbabilityBot.cell_values` of a position: ``board``, whose turn (``me``) and each
    player's completed ``series``, everything it reads (kept for the turn's later decisions)."""
    tables = _board_tables(rules)
    chance, windows = tables.chance, tables.windows
    owners = _owners(board, tables)
    need = rules.series_to_win
    place = np.zeros(len(owners))
    bounce = np.zeros(len(owners))
    empty = owners[windows] == -1
    for player, done in enumerate(series):
        open_, strength = _window_chances(rules, player, done, owners, tables)
        last = open_ & (empty.sum(axis=1) == 1)
        finish = WIN_VALUE if len(done) + 1 >= need else SERIES_VALUE
        rows = windows[open_]
        if player == me:
            gain = (strength[open_, None] / chance[rows]) * (1 - chance[rows]) * empty[open_]
            np.add.at(place, rows.ravel(), gain.ravel())
            np.add.at(place, windows[last].ravel(), finish * empty[last].ravel())
        else:
            np.add.at(place, rows.ravel(), bot.block_weight * (strength[open_, None] * empty[open_]).ravel())
            if bot.stop_threats:  # the opponent's last cell of a run: worth less than our own win
                np.add.at(place, windows[last].ravel(), finish / 2 * empty[last].ravel())
            chips = owners[rows] == player
            loss = strength[open_, None] * (1 - chance[rows]) * chips
            np.add.at(bounce, rows.ravel(), loss.ravel())
    place[owners != -1] = -np.inf
    place.flags.writeable = False  # shared by the turn's decisions: nobody may change them
    bounce.flags.writeable = False
    return place, bounce


probability_bot = ProbabilityBot()


BOARD_STRATEGIES: dict[str, Bot] = {"probability": probability_bot, "random": random_bot}
BOARD_BOTS: dict[str, Callable[[], Bot]] = {name: (lambda b=b: b) for name, b in BOARD_STRATEGIES.items()}
"""The board bots found by name (the registry's ``bots`` part, the front door's tournament)."""


# --- games and tournaments -----------------------------------------------------------------------
def play_board_game(
    strategies: Sequence[Bot],
    rules: BoardRules = BOARD,
    *,
    rng: np.random.Generator | int | None = None,
    names: Sequence[str] | None = None,
) -> BoardGame:
    """Play a whole game between computer strategies (one per seat, seat 0 starts); returns the game.

    >>> game = play_board_game([random_bot, random_bot], BOARD.variant(max_turns=10), rng=1)
    >>> game.outcome.is_draw, game.turns_played
    (True, 10)
    """
    rng = generator(rng=rng)
    dice_rng, choice_rng = rng.spawn(2)
    names = list(names) if names is not None else [f"Player {i + 1}" for i in range(len(strategies))]
    game = BoardGame(rules, names, rng=dice_rng)
    return play_match(game, [seat_of(bot) for bot in strategies], choice_rng)


def board_tournament(
    strategies: Mapping[str, Bot] | None = None,
    games: int = 100,
    *,
    players: int = 2,
    rules: BoardRules = BOARD,
    rng: np.random.Generator | int | None = None,
) -> object:
    """Every strategy against every other, seats rotated; a DataFrame of win rates with 95% CIs.

    With two players each pair plays ``games`` games; with three, each strategy plays ``games``
    games against two copies of each other one. One row per (strategy, opponent): games, wins,
    draws, losses, ``win_rate`` with its Wilson interval ``ci_low``..``ci_high``, and the mean
    number of turns.

    >>> table = board_tournament(games=2, rng=1)
    >>> list(table["strategy"]), int(table["games"].sum())
    (['probability', 'random'], 4)
    """
    strategies = dict(strategies or BOARD_STRATEGIES)
    rules = rules.variant(players=players)
    names = list(strategies)
    if players == 2:
        lineups = [(a, b) for a, b in itertools.permutations(names, 2) if a < b]
    else:
        lineups = [(a, b, b) for a, b in itertools.permutations(names, 2)]
    import pandas as pd

    rows = tournament_rows(
        lambda seats, dice: BoardGame(rules, seats, rng=dice),
        {name: seat_of(bot) for name, bot in strategies.items()},
        games=games,
        lineups=lineups,
        rng=rng,
        length=lambda game: game.turns_played,
    )
    table = pd.DataFrame(rows)
    table = table.rename(columns={"player": "strategy", "opponents": "opponent", "mean_length": "mean_turns"})
    table.insert(2, "players", players)
    return table.reset_index(drop=True)


def win_tournament(
    players: Sequence[Bot | str] | Mapping[str, Bot],
    games: int = 100,
    seed: int | None = 0,
    rules: BoardRules = BOARD,
) -> WinTournament:
    """Every pair of ``players`` (names of :data:`BOARD_STRATEGIES`, or strategies) plays ``games``
    seeded two-player games, seats rotating: ``.summary`` (win rates with 95% intervals) and
    ``.head_to_head``. The front door's ``tournament("board", players)``.

    >>> result = win_tournament(["probability", "random"], games=2, seed=1)
    >>> int(result.summary["games"].sum()), result.head_to_head.shape
    (4, (2, 2))
    """
    return pairwise_tournament(
        BoardGame, rules.variant(players=2), players, BOARD_BOTS, games=games, seed=seed
    )


def shown_bot_name(name: str) -> str | None:
    """``"probability"`` in the current language (the board's one bot of its own; ``random`` is every
    game's), ``None`` for any other name: the board game's registry part ``bot_names``.

    >>> shown_bot_name("Ann") is None
    True
    """
    # TRANSLATORS: a bot's name (not in the sources)
    return pgettext("bot", "probability") if name == "probability" else None
