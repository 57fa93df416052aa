"""The board game engine (RULES.md Game 4): turns, chips, bouncers, series, winning and draws.

A :class:`BoardGame` owns the state; every action is checked first and refused with a
:class:`~dicepoker.core.errors.DicePokerError` naming the rule, leaving the state exactly as it was.

>>> game = BoardGame(players=["Ann", "Bo"], rng=1)
>>> game.roll(result="33355")
Dice('33355')
>>> sorted({game.rules.label(c) for c in game.takeable_cells()})
['35', 'FH', 'P3', 'P5', 'T3']
>>> game.place((1, 4))
>>> game.owner((1, 4)), game.current_player, game.turn
(0, 1, 2)
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from dicepoker.core.actions import Keep, Roll
from dicepoker.core.dice import NUMBER_OF_DICE, Dice, sub_dice
from dicepoker.core.errors import DicePokerError, IllegalActionError, InvalidDiceError, SaveFileError
from dicepoker.core.hand import DiceInHand
from dicepoker.core.i18n import _, fill_message, format_message, ngettext
from dicepoker.core.players import die_position, player_index, player_names, whole_number
from dicepoker.core.randomness import generator
from dicepoker.core.saving import SavesByReplay, generator_state, hold_as, parsed_once
from dicepoker.core.words import N_, says, says_with
from dicepoker.games.board.html import board_html
from dicepoker.games.board.labels import FREE_CENTRE, cell_name, cell_place, describe_label
from dicepoker.games.board.rules import BoardRules, Cell, check_cell

CHIP_LETTERS = "ABC"
SAVE_FORMAT = "dicepoker.board"
SAVE_VERSION = 3  # 3: how the game was played (mode, seats, hints); 2 (replayed moves) still loads
_rules_from_save = parsed_once(BoardRules.from_dict)  # a rule set read once, however often saves load


# --- actions ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Place:
    """Place a chip on an empty cell that the final dice hold: ``Place((row, column))``.

    >>> str(Place([1, 4]))
    'place a chip on (1, 4)'
    """

    cell: Cell

    def __post_init__(self) -> None:
        object.__setattr__(self, "cell", _as_tuple(self.cell))

    def __str__(self) -> str:
        return f"place a chip on {self.cell}"


@dataclass(frozen=True)
class Bounce:
    """Use a bouncer (straight or full house whose cells are all occupied): remove an opponent chip.

    >>> Bounce((3, 3)).cell
    (3, 3)
    """

    cell: Cell

    def __post_init__(self) -> None:
        object.__setattr__(self, "cell", _as_tuple(self.cell))

    def __str__(self) -> str:
        return f"bounce the chip on {self.cell}"


@dataclass(frozen=True)
class PassTurn:
    """End the turn without a chip (allowed only when no cell can be taken).

    >>> str(PassTurn())
    'pass the turn'
    """

    def __str__(self) -> str:
        return "pass the turn"


Action = Roll | Keep | Place | Bounce | PassTurn


def _as_tuple(cell: Any) -> Any:
    try:
        return tuple(cell)
    except TypeError:
        return cell


# --- results ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Series:
    """A completed five in a row: its cells (ends first and last) and the line it lies on.

    >>> Series(((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)), "horizontal", 0).ends
    ((0, 0), (0, 4))
    """

    cells: tuple[Cell, ...]
    direction: str
    line: int

    @property
    def ends(self) -> tuple[Cell, Cell]:
        """The first and the last cell (for drawing the series as a stroke)."""
        return self.cells[0], self.cells[-1]


@dataclass(frozen=True)
class Move:
    """One entry of the history: which turn, who, what, and the dice after it."""

    turn: int
    player: int
    action: Action
    dice: Dice | None
    note: str = ""
    held: tuple[bool, ...] | None = None  # a roll: the dice held for it, by position
    given: tuple[int, ...] | None = None  # a roll with dice thrown by hand (``roll(result=...)``)


@dataclass(frozen=True)
class BoardOutcome:
    """How a game ended: the winner's index (``None`` for a draw), the turns played and why.

    >>> BoardOutcome(None, 200, "a draw").is_draw
    True
    """

    winner: int | None
    turns: int
    reason: str

    @property
    def is_draw(self) -> bool:
        """No winner: the turn limit was reached."""
        return self.winner is None

    @property
    def winners(self) -> tuple[int, ...]:
        """The winner as a tuple, as every game's outcome gives it; empty for a draw."""
        return () if self.winner is None else (self.winner,)


# --- the game ------------------------------------------------------------------------------------
class BoardGame(DiceInHand, SavesByReplay):
    """A game of the board game between 2 or 3 players (or teams), one chip colour each.

    ``rules`` is a :class:`BoardRules` or a game name; ``players`` a number or the names
    (their count replaces ``rules.players``); ``seed`` or ``rng`` (a Generator) for the dice.

    >>> game = BoardGame(players=3, rng=7)
    >>> game.player_names, game.rules.series_to_win
    (('Player 1', 'Player 2', 'Player 3'), 1)
    >>> game.place((0, 0))
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.IllegalActionError: roll the dice first: a chip is placed after at least one roll
    """

    def __init__(
        self,
        rules: BoardRules | str = "board",
        players: int | Sequence[str] | None = None,
        *,
        seed: int | None = None,
        rng: np.random.Generator | int | None = None,
    ) -> None:
        rng = generator(seed, rng)
        rules = _as_rules(rules)
        if players is None:
            players = rules.players
        if whole_number(players) and players != rules.players:
            rules = rules.variant(players=int(players))  # the rule set refuses a count before names are made
        names = player_names(players, fewest=1, most=len(CHIP_LETTERS), game="the board game")
        if len(names) != rules.players:
            rules = rules.variant(players=len(names))
        self.rules: BoardRules = rules
        self.player_names: tuple[str, ...] = names
        self._rng = rng
        n = rules.size
        self._owner: list[list[int | None]] = [[None] * n for _ in range(n)]
        self._series: list[list[Series]] = [[] for _ in names]
        self._turns_played = 0
        self._positions: tuple[int, ...] | None = None
        self._held = [False] * NUMBER_OF_DICE
        self._rolls_used = 0
        self._history: list[Move] = []
        self._outcome: BoardOutcome | None = None
        self._rng_start: dict[str, Any] = generator_state(rng) if isinstance(rng, np.random.Generator) else {}
        self._start: dict[str, Any] | None = None  # a position set up by hand (from_board), else None

    # --- reading the state -----------------------------------------------------------------------
    @property
    def players(self) -> int:
        """The number of players or teams."""
        return len(self.player_names)

    @property
    def current_player(self) -> int:
        """The index of the player whose turn it is (players take turns in order)."""
        return self._turns_played % self.players

    @property
    def turn(self) -> int:
        """The number of the turn being played, from 1 (all players' turns counted)."""
        return self._turns_played + 1

    @property
    def turns_played(self) -> int:
        """How many turns have ended."""
        return self._turns_played

    @property
    def rolls_left(self) -> int:
        """Rolls still allowed this turn."""
        return self.rules.rolls_per_turn - self._rolls_used

    @property
    def history(self) -> tuple[Move, ...]:
        """Every action so far, in order, with who made it and the dice after it."""
        return tuple(self._history)

    def owner(self, cell: Cell) -> int | None:
        """The player whose chip is on ``cell``, or ``None`` (always ``None`` for the free centre)."""
        r, c = check_cell(cell, self.rules.size)
        return self._owner[r][c]

    @property
    def board(self) -> tuple[tuple[int | None, ...], ...]:
        """The owner of every cell, row by row (``None``: empty or the free centre)."""
        return tuple(tuple(row) for row in self._owner)

    def empty_cells(self) -> tuple[Cell, ...]:
        """Cells without a chip (the free centre is not one: nobody can occupy it)."""
        return tuple(cell for cell in self.rules.cells if self._owner[cell[0]][cell[1]] is None)

    def chips(self, player: int) -> tuple[Cell, ...]:
        """The cells holding ``player``'s chips."""
        return tuple(cell for cell in self.rules.cells if self._owner[cell[0]][cell[1]] == player)

    def series(self, player: int | None = None) -> tuple[Series, ...]:
        """The completed series of ``player`` (default: the current player), in order."""
        return tuple(self._series[self._player_index(player)])

    def protected_cells(self) -> frozenset[Cell]:
        """Cells whose chip belongs to a completed series: they can never be removed."""
        return frozenset(cell for mine in self._series for s in mine for cell in s.cells)

    # --- what the dice allow -------------------------------------------------------------------------
    def takeable_cells(self) -> tuple[Cell, ...]:
        """The empty cells that the current dice may take (any empty cell for five of a kind)."""
        dice = self.dice
        if dice is None or self.is_over:
            return ()
        if self.rules.five_of_a_kind_takes_any and max(dice.counts) == NUMBER_OF_DICE:
            return self.empty_cells()
        layout = self.rules.layout
        held = set(self.rules.labels_held(dice))
        return tuple((r, c) for r, c in self.empty_cells() if layout[r][c] in held)

    def bouncers_in_force(self) -> tuple[str, ...]:
        """The bouncer labels whose cells are all occupied: rolling one now may remove a chip."""
        found = []
        for label in self.rules.bouncers:
            cells = self.rules.cells_of(label)
            if cells and all(self._owner[r][c] is not None for r, c in cells):
                found.append(label)
        return tuple(found)

    def bouncers(self) -> tuple[str, ...]:
        """The bouncers the current dice hold (so a chip may be removed instead of placing one)."""
        dice = self.dice
        if dice is None or self.is_over:
            return ()
        held = set(self.rules.labels_held(dice))
        return tuple(label for label in self.bouncers_in_force() if label in held)

    def removable_chips(self) -> tuple[Cell, ...]:
        """The opponent chips a bouncer could remove: every one not in a completed series."""
        me, protected = self.current_player, self.protected_cells()
        return tuple(
            cell
            for cell in self.rules.cells
            if self._owner[cell[0]][cell[1]] not in (None, me) and cell not in protected
        )

    def bounce_targets(self) -> tuple[Cell, ...]:
        """The opponent chips a bouncer may remove now (none if the dice are no bouncer)."""
        return self.removable_chips() if self.bouncers() else ()

    def legal_actions(self) -> list[Action]:
        """Every action allowed now: distinct keeps to roll with (or ``Roll()``: the dice not held),
        cells to take, chips to bounce, pass.

        >>> game = BoardGame(rng=0)
        >>> game.legal_actions()
        [Roll()]
        >>> _ = game.roll(result="12456")  # holds nothing on the board
        >>> game.legal_actions()[-1], len(game.legal_actions())
        (PassTurn(), 34)
        """
        if self.is_over:
            return []
        if self._positions is None:
            return [Roll()]
        actions: list[Action] = []
        if self.rolls_left > 0:
            actions += [Keep(k) for k in sub_dice(self.dice)] + [Roll()]
        takeable = self.takeable_cells()
        actions += [Place(c) for c in takeable]
        actions += [Bounce(c) for c in self.bounce_targets()]
        if not takeable:
            actions.append(PassTurn())
        return actions

    # --- acting ------------------------------------------------------------------------------------
    def toggle_hold(self, position: int, *, player: int | None = None) -> None:
        """Hold or release the die at ``position`` (0..4) for the next roll."""
        self._check_turn(player)
        position = die_position(position)
        if self._positions is None:
            raise IllegalActionError(_("roll the dice first: there is nothing to hold before the first roll"))
        if self.rolls_left == 0:
            raise IllegalActionError(
                fill_message(
                    ngettext(
                        "no rolls left: a turn has at most {n} roll; place a chip",
                        "no rolls left: a turn has at most {n} rolls; place a chip",
                        self.rules.rolls_per_turn,
                    ),
                    n=self.rules.rolls_per_turn,
                )
            )
        self._held[position] = not self._held[position]

    def roll(
        self,
        keep: Dice | str | Iterable[int] | None = None,
        *,
        player: int | None = None,
        result: str | Iterable[int] | None = None,
    ) -> Dice:
        """Roll the dice not kept and return all five.

        ``keep`` (values) chooses the dice to keep; ``None`` keeps the held ones. Keeping all
        five stops rolling. ``result`` gives the rolled values instead of the random dice
        (real dice on the table, lessons, tests): as many values as dice are thrown.
        """
        self._check_turn(player)
        if self.rolls_left <= 0:
            raise IllegalActionError(
                fill_message(
                    ngettext(
                        "no rolls left: a turn has at most {n} roll; place a chip or pass",
                        "no rolls left: a turn has at most {n} rolls; place a chip or pass",
                        self.rules.rolls_per_turn,
                    ),
                    n=self.rules.rolls_per_turn,
                )
            )
        held = self._held_for(keep)
        n = NUMBER_OF_DICE - sum(held)
        values = self._result_values(result, n)
        given = None if values is None else tuple(values)
        if values is None:
            values = [int(v) for v in self._rng.integers(1, 7, size=n)]
        positions = list(self._positions or (0,) * NUMBER_OF_DICE)
        fresh = iter(values)
        for i in range(NUMBER_OF_DICE):
            if not held[i]:
                positions[i] = next(fresh)
        kept = Dice(p for p, h in zip(positions, held, strict=True) if h)
        action = Keep(kept) if self._positions is not None else Roll()
        self._positions = tuple(positions)
        self._held = held
        self._rolls_used = self.rules.rolls_per_turn if n == 0 else self._rolls_used + 1
        note = "stop" if n == 0 else ""
        self._history.append(
            Move(self.turn, self.current_player, action, self.dice, note, tuple(held), given)
        )
        return self.dice

    def place(self, cell: Cell, *, player: int | None = None) -> None:
        """Put a chip of the current player on ``cell``; completes series; ends the turn."""
        self._check_turn(player)
        dice = self._check_rolled(_("roll the dice first: a chip is placed after at least one roll"))
        cell = check_cell(cell, self.rules.size)
        if cell == self.rules.centre:
            raise IllegalActionError(
                format_message(
                    "the cell at {place} is the free centre {centre}: nobody can occupy it",
                    place=cell_place(cell),
                    centre=FREE_CENTRE,
                )
            )
        holder = self.owner(cell)
        if holder is not None:
            raise IllegalActionError(
                says(
                    self.player_names[holder],
                    N_("the cell at {place} already holds your chip"),
                    N_("the cell at {place} is already occupied by {name}"),
                    place=cell_place(cell),
                )
            )
        if cell not in self.takeable_cells():
            label = self.rules.label(cell)
            raise IllegalActionError(
                format_message(
                    "the dice {dice} do not hold {label} ({words}), the label of the cell at {place}",
                    dice=dice,
                    label=label,
                    words=describe_label(label),
                    place=cell_place(cell),
                )
            )
        me = self.current_player
        self._owner[cell[0]][cell[1]] = me
        new = self._new_series(me, cell)
        self._series[me].extend(new)
        note = f"{len(new)} series" if new else ""
        self._history.append(Move(self.turn, me, Place(cell), dice, note))
        self._end_turn()

    def bounce(self, cell: Cell, *, player: int | None = None) -> None:
        """Remove an opponent chip with a bouncer (a straight or full house whose cells are full)."""
        self._check_turn(player)
        dice = self._check_rolled(_("roll the dice first: a bouncer is used after at least one roll"))
        cell = check_cell(cell, self.rules.size)
        if not self.bouncers():
            raise IllegalActionError(
                format_message(
                    "the dice {dice} are no bouncer: a bouncer is a {labels} "
                    "once every cell of it is occupied",
                    dice=dice,
                    labels=self.rules.bouncers_in_words(),
                )
            )
        holder = self.owner(cell)
        if holder is None:
            raise IllegalActionError(
                format_message("the cell at {place} has no chip to remove", place=cell_place(cell))
            )
        if holder == self.current_player:
            raise IllegalActionError(
                format_message(
                    "the cell at {place} holds your own chip: a bouncer removes an opponent chip",
                    place=cell_place(cell),
                )
            )
        if cell in self.protected_cells():
            raise IllegalActionError(
                format_message(
                    "the chip at {place} belongs to a completed series and can never be removed",
                    place=cell_place(cell),
                )
            )
        self._owner[cell[0]][cell[1]] = None
        note = f"removed {self.player_names[holder]}'s chip"
        self._history.append(Move(self.turn, self.current_player, Bounce(cell), dice, note))
        self._end_turn()

    def pass_turn(self, *, player: int | None = None) -> None:
        """End the turn with no chip; allowed only when no cell can be taken."""
        self._check_turn(player)
        dice = self._check_rolled(_("roll the dice first: a turn is passed after at least one roll"))
        takeable = self.takeable_cells()
        if takeable:
            raise IllegalActionError(
                fill_message(
                    ngettext(
                        "the dice {dice} can take {n} cell, e.g. {cell}: "
                        "a turn passes only when no cell can be taken",
                        "the dice {dice} can take {n} cells, e.g. {cell}: "
                        "a turn passes only when no cell can be taken",
                        len(takeable),
                    ),
                    dice=dice,
                    n=len(takeable),
                    cell=cell_name(takeable[0], self.rules.label(takeable[0])),
                )
            )
        self._history.append(Move(self.turn, self.current_player, PassTurn(), dice))
        self._end_turn()

    def apply(self, action: Action, *, player: int | None = None) -> None:
        """Carry out ``Roll()``, ``Keep(dice)``, ``Place(cell)``, ``Bounce(cell)``, ``PassTurn()``.

        >>> game = BoardGame(rng=1); game.apply(Roll()); game.rolls_used
        1
        """
        match action:
            case Roll():
                self.roll(player=player)
            case Keep():
                self.roll(action.dice, player=player)
            case Place():
                self.place(action.cell, player=player)
            case Bounce():
                self.bounce(action.cell, player=player)
            case PassTurn():
                self.pass_turn(player=player)
            case _:
                raise IllegalActionError(
                    format_message(
                        "{action} is not a board game action ({actions})",
                        action=repr(action),
                        actions="Roll, Keep, Place, Bounce, PassTurn",
                    )
                )

    # --- the end ------------------------------------------------------------------------------------
    @property
    def outcome(self) -> BoardOutcome | None:
        """How the game ended, or ``None`` while it goes on."""
        return self._outcome

    def outcome_text(self, names: Sequence[str] | None = None, lang: str | None = None) -> str:
        """How the game ended, in words in the current language (``""`` while it goes on); ``names``
        are the players' names as shown (default: the game's). ``outcome.reason`` is its English text.

        >>> game = BoardGame.from_board(". . . . . . . . .\\n" * 9, players=["Ann", "Bo"])
        >>> game.outcome_text()
        ''
        """
        outcome = self._outcome
        if outcome is None:
            return ""
        if outcome.winner is None:
            return fill_message(
                ngettext(
                    "a draw: no winner after {n} turn",
                    "a draw: no winner after {n} turns",
                    outcome.turns,
                    lang,
                ),
                lang,
                n=outcome.turns,
            )
        name = (self.player_names if names is None else names)[outcome.winner]
        need = self.rules.series_to_win
        forms = {
            "": ngettext("{name} completed {n} series", "{name} completed {n} series", need, lang),
            "name": ngettext("You completed {n} series", "You completed {n} series", need, lang),
        }
        return says_with({"name": name}, forms, lang, n=need)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (a winner or a draw)."""
        return self._outcome is not None

    @property
    def winner(self) -> int | None:
        """The winner's index, ``None`` while playing or after a draw."""
        return None if self._outcome is None else self._outcome.winner

    # --- helpers -----------------------------------------------------------------------------------
    def _player_index(self, player: int | str | None) -> int:
        return self.current_player if player is None else player_index(player, self.player_names)

    def _check_turn(self, player: int | None) -> None:
        if self._outcome is not None:
            raise IllegalActionError(
                format_message("the game is over ({reason}): start a new game", reason=self.outcome_text())
            )
        if player is not None and self._player_index(player) != self.current_player:
            raise IllegalActionError(
                format_message(
                    "it is {name}'s turn, not {other}'s",
                    name=self.player_names[self.current_player],
                    other=self.player_names[player],
                )
            )

    def _check_rolled(self, refusal: str) -> Dice:
        """The dice, or ``refusal`` (an :class:`IllegalActionError`) before the first roll."""
        dice = self.dice
        if dice is None:
            raise IllegalActionError(refusal)
        return dice

    def _held_for(self, keep: Dice | str | Iterable[int] | None) -> list[bool]:
        if self._positions is None:
            if keep is not None and len(Dice.parse(keep)) > 0:
                raise IllegalActionError(
                    format_message(
                        "nothing to keep before the first roll: all five dice are thrown ({keep})",
                        keep=repr(keep),
                    )
                )
            return [False] * NUMBER_OF_DICE
        if keep is None:
            return list(self._held)
        keep = Dice.parse(keep)
        dice = self.dice
        if not dice.contains(keep):
            raise InvalidDiceError(
                format_message("cannot keep {keep} from {dice}: not among the dice", keep=keep, dice=dice)
            )
        wanted = list(keep.values)
        held = []
        for value in self._positions:
            held.append(value in wanted)
            if value in wanted:
                wanted.remove(value)
        return held

    @staticmethod
    def _result_values(result: str | Iterable[int] | None, n: int) -> list[int] | None:
        if result is None:
            return None
        if isinstance(result, str):
            Dice.parse(result)  # checks every value is 1..6
            values = [int(ch) for ch in result if ch not in " ,-"]
        else:
            values = list(result)
            Dice.parse(values)
        if len(values) != n:
            raise InvalidDiceError(f"{n} dice are thrown, but the result {result!r} has {len(values)}")
        return values

    def _new_series(self, player: int, cell: Cell) -> list[Series]:
        """The series that the chip just placed on ``cell`` completes for ``player``, in counting order.

        The player gets the most series their chips allow (RULES.md), whichever way the board is
        turned: every complete window through ``cell`` that may follow the recorded series is a
        candidate, and of the sets of candidates that can count one after another the largest is
        taken; a tie goes to the set nearest the free centre (a distance that turning or mirroring
        the board keeps), then to board order.

        A row and the column through the centre, one chip short of both: the column (four chips)
        counts first, then the row (four chips not in it), on the board as on its quarter turn.

        >>> text = "\\n".join(["." * 9] * 2 + ["..AA.AA..", "....A....", "....*...."] + ["....A...."] * 2
        ...                   + ["." * 9] * 2)
        >>> game = BoardGame.from_board(text); _ = game.roll(result="66666"); game.place((2, 4))
        >>> [s.direction for s in game.series(0)], game.winner
        (['vertical', 'horizontal'], 0)
        """
        centre, earlier = self.rules.centre, self._series[player]
        by_line: dict[tuple[str, int], list[Series]] = {}
        for (direction, line), window in self.rules.windows_through(cell):
            if all(x == centre or self._owner[x[0]][x[1]] == player for x in window):
                candidate = Series(window, direction, line)
                if all(self._may_follow(candidate, s) for s in earlier):
                    by_line.setdefault((direction, line), []).append(candidate)
        best: list[Series] = []
        best_score = (0, 0)
        # two series never share a line, so a set takes at most one window of each line
        for choice in itertools.product(*([None, *windows] for windows in by_line.values())):
            chosen = [s for s in choice if s is not None]
            score = (len(chosen), -sum(self._distance_to_centre(s) for s in chosen))
            if score > best_score:
                order = self._counting_order(chosen)
                if order is not None:
                    best, best_score = order, score
        return best

    def _distance_to_centre(self, series: Series) -> int:
        """The squared distances of a series' cells to the free centre, summed (kept by turning the board)."""
        r0, c0 = self.rules.centre
        return sum((r - r0) ** 2 + (c - c0) ** 2 for r, c in series.cells)

    def _counting_order(self, series: Sequence[Series]) -> list[Series] | None:
        """``series`` in an order where each may follow every earlier one, or ``None`` if there is none.

        Each step takes the first series (in the given order) that all the others may follow; when
        the given order works it is kept, so a saved game reads back the same.
        """
        rest, order = list(series), []
        while rest:
            first = next((s for s in rest if all(self._may_follow(t, s) for t in rest if t is not s)), None)
            if first is None:
                return None
            order.append(first)
            rest.remove(first)
        return order

    def _may_follow(self, candidate: Series, earlier: Series) -> bool:
        """Whether ``candidate`` counts as a further series next to ``earlier`` (RULES.md)."""
        if (candidate.direction, candidate.line) == (earlier.direction, earlier.line):
            return False
        chips = [x for x in candidate.cells if x != self.rules.centre]
        new = [x for x in chips if x not in earlier.cells]
        return len(new) >= self.rules.second_series_new_chips

    def _end_turn(self) -> None:
        self._turns_played += 1
        self._positions = None
        self._held = [False] * NUMBER_OF_DICE
        self._rolls_used = 0
        self._outcome = self._decide()

    def _decide(self) -> BoardOutcome | None:
        need = self.rules.series_to_win
        for player, mine in enumerate(self._series):
            if len(mine) >= need:
                reason = f"{self.player_names[player]} completed {need} series"  # outcome_text in English
                return BoardOutcome(player, self._turns_played, reason)
        if self._turns_played >= self.rules.max_turns:
            return BoardOutcome(
                None, self._turns_played, f"a draw: no winner after {self.rules.max_turns} turns"
            )
        return None

    # --- text, copies and hand-built boards ------------------------------------------------------
    def board_text(self) -> str:
        """The board as text: ``.`` empty, ``★`` the free centre, ``A``/``B``/``C`` the players' chips."""
        rows = []
        for r, row in enumerate(self._owner):
            cells = []
            for c, holder in enumerate(row):
                if (r, c) == self.rules.centre:
                    cells.append(FREE_CENTRE)
                else:
                    cells.append("." if holder is None else CHIP_LETTERS[holder])
            rows.append(" ".join(cells))
        return "\n".join(rows) + "\n"

    def __str__(self) -> str:
        return self.board_text()

    def __repr__(self) -> str:
        state = (
            self._outcome.reason
            if self._outcome
            else f"turn {self.turn}, {self.player_names[self.current_player]} to play"
        )
        return f"<BoardGame {', '.join(self.player_names)}: {state}>"

    def view(self, player: int | None = None) -> BoardGame:
        """What a player sees: the whole board is public, so a read-only look at the game.

        The view shares the position but has no dice generator, so it cannot roll (or foresee a roll).

        >>> game = BoardGame(seed=1)
        >>> view = game.view(1)
        >>> view.current_player, view.legal_actions() == game.legal_actions()
        (0, True)
        """
        if player is not None:
            self._player_index(player)
        look = copy.copy(self)
        look._rng = None  # type: ignore[assignment]
        return look

    def copy(self) -> BoardGame:
        """An independent copy (its own dice generator in the same state)."""
        return copy.deepcopy(self)

    @classmethod
    def from_board(
        cls,
        text: str,
        rules: BoardRules | str = "board",
        players: int | Sequence[str] | None = None,
        *,
        series: Mapping[int, Sequence[Sequence[Cell]]] | None = None,
        to_move: int = 0,
        seed: int | None = None,
        rng: np.random.Generator | int | None = None,
    ) -> BoardGame:
        """A game set up from a board drawn as text: ``.`` empty, ``A``/``B``/``C`` chips, ``★`` centre.

        ``series`` names each player's completed series (lists of cells); without it none are
        recorded. ``to_move`` is the player whose turn it is; ``seed`` or ``rng`` as for a new game.

        >>> text = "\\n".join(["A A A A . . . . ."] + [". . . . . . . . ."] * 3 + [". . . . * . . . ."]
        ...                   + [". . . . . . . . ."] * 3 + ["B . . . . . . . ."])
        >>> game = BoardGame.from_board(text, to_move=0)
        >>> game.chips(0), game.chips(1)
        (((0, 0), (0, 1), (0, 2), (0, 3)), ((8, 0),))
        """
        game = cls(rules, players, seed=seed, rng=rng)
        rows = [
            line.split() if " " in line.strip() else list(line.strip()) for line in text.strip().splitlines()
        ]
        n = game.rules.size
        if len(rows) != n or any(len(row) != n for row in rows):
            raise DicePokerError(f"a board is {n} rows of {n} cells, not {[len(r) for r in rows]}")
        owners: list[list[int | None]] = [[None] * n for _ in range(n)]
        for r, row in enumerate(rows):
            for c, token in enumerate(row):
                if (r, c) == game.rules.centre:
                    if token not in (FREE_CENTRE, "*", "."):
                        raise DicePokerError(f"the free centre {(r, c)} cannot hold a chip ({token!r})")
                elif token != ".":
                    if token not in CHIP_LETTERS[: game.players]:
                        letters = ", ".join(CHIP_LETTERS[: game.players])
                        raise DicePokerError(f"cell {(r, c)}: {token!r} is not '.' or a chip {letters}")
                    owners[r][c] = CHIP_LETTERS.index(token)
        cells_of_series = [[] for _ in range(game.players)]
        for player, cell_lists in (series or {}).items():
            cells_of_series[game._player_index(player)] = [list(cells) for cells in cell_lists]
        game._set_start({"board": owners, "series": cells_of_series, "to_move": to_move})
        return game

    def _set_start(self, start: Any) -> None:
        """Set up a new game at a position given by hand (chips, series, the player to move).

        The position is checked like any board (chips only of the players, never on the free
        centre; each series the player's own, countable one after another) and kept, so a save
        replays from it.
        """
        if self._history or self._start is not None or any(h is not None for row in self._owner for h in row):
            raise DicePokerError("a position is set up only on a new game")  # pragma: no cover
        if not isinstance(start, dict) or set(start) != {"board", "series", "to_move"}:
            raise DicePokerError(f"a starting position has a board, series and to_move, not {start!r}")
        n, board, to_move = self.rules.size, start["board"], start["to_move"]
        if (
            not isinstance(board, list)
            or len(board) != n
            or any(not isinstance(row, list) or len(row) != n for row in board)
        ):
            raise DicePokerError(f"a board is {n} rows of {n} cells")
        for r, row in enumerate(board):
            for c, holder in enumerate(row):
                if holder is None:
                    continue
                if (r, c) == self.rules.centre or not whole_number(holder) or not 0 <= holder < self.players:
                    raise DicePokerError(f"cell {(r, c)} cannot hold {holder!r}")
                self._owner[r][c] = int(holder)
        if not whole_number(to_move) or not 0 <= to_move < self.players:
            raise DicePokerError(f"to_move must be a player 0..{self.players - 1}, not {to_move!r}")
        self._turns_played = int(to_move)
        series = start["series"]
        if not isinstance(series, list) or len(series) != self.players:
            raise DicePokerError("a starting position has one list of series per player")
        self._series = [[self._series_from_cells(cells) for cells in mine] for mine in series]
        self._check_series()
        self._outcome = self._decide()
        self._start = {
            "board": [list(row) for row in self._owner],
            "series": [[[list(c) for c in s.cells] for s in mine] for mine in self._series],
            "to_move": self._turns_played,
        }

    def _series_from_cells(self, cells: Sequence[Cell]) -> Series:
        wanted = tuple(check_cell(c, self.rules.size) for c in cells)
        for (direction, line), window in self.rules.windows_with_lines:
            if window == wanted or window == wanted[::-1]:
                return Series(window, direction, line)
        raise DicePokerError(f"{list(cells)} is not {self.rules.series_length} cells in a row")

    def _check_series(self) -> None:
        """Every recorded series is the player's and they can count one after another (put in that order)."""
        for player, mine in enumerate(self._series):
            for s in mine:
                for x in s.cells:
                    if x != self.rules.centre and self._owner[x[0]][x[1]] != player:
                        raise DicePokerError(
                            f"series {list(s.cells)} of player {player}: cell {x} is not theirs"
                        )
            order = self._counting_order(mine)
            if order is None:
                raise DicePokerError(
                    f"the series {[list(s.cells) for s in mine]} of player {player} break the second-series "
                    f"rule in every order (at least {self.rules.second_series_new_chips} new chips, "
                    "another line)"
                )
            self._series[player] = order

    # --- saving and loading: by replay (dicepoker.core.saving.SavesByReplay) -------------------------
    save_format = SAVE_FORMAT
    save_version = SAVE_VERSION
    versions_without_play = (2,)
    setup_fields = ("rules", "players", "start")

    def _setup(self) -> dict[str, Any]:
        return {"rules": self.rules.to_dict(), "players": list(self.player_names), "start": self._start}

    @classmethod
    def _from_setup(cls, setup: dict[str, Any], rng: np.random.Generator) -> BoardGame:
        rules = _rules_from_save(setup["rules"])
        players = setup["players"]
        if not isinstance(players, list) or len(players) != rules.players:
            raise SaveFileError("saved board game: the players do not match the rules")
        game = cls(rules, players, rng=rng)
        if setup["start"] is not None:
            game._set_start(setup["start"])
        return game

    def _written_history(self) -> list[dict[str, Any]]:
        return [_move_to_dict(m) for m in self._history]

    def _replay(self, entry: dict[str, Any]) -> None:
        """One recorded move again, through the rules: a roll with the dice held as they were
        (and the values thrown by hand, if they were), a chip placed, a chip bounced, a pass."""
        if set(entry) != _MOVE_KEYS or not isinstance(entry["action"], dict):
            raise SaveFileError(f"saved board game: malformed move {entry!r}")
        action, player = _action_from_dict(entry["action"]), self._player_index(entry["player"])
        match action:
            case Roll() | Keep():
                self._check_turn(player)
                hold_as(self, entry["held"])
                given = entry["given"]
                if given is not None and not isinstance(given, list):
                    raise SaveFileError(f"saved board game: dice thrown by hand {given!r} are not a list")
                self.roll(player=player, result=given)
            case _:
                self.apply(action, player=player)

    def _replay_end(self, state: Any) -> None:
        hold_as(self, state["held"])  # dice held for the next roll, not yet rolled

    def _state(self) -> dict[str, Any]:
        return {
            "board": [list(row) for row in self._owner],
            "series": [[[list(c) for c in s.cells] for s in mine] for mine in self._series],
            "turns_played": self._turns_played,
            "positions": None if self._positions is None else list(self._positions),
            "held": list(self._held),
            "rolls_used": self._rolls_used,
            "outcome": None if self._outcome is None else vars(self._outcome).copy(),
            "rng": generator_state(self._rng),
        }

    def _repr_html_(self) -> str:
        return board_html(self)


# --- helpers of saving --------------------------------------------------------------------------
_MOVE_KEYS = {"turn", "player", "action", "dice", "note", "held", "given"}


def _action_to_dict(action: Action) -> dict[str, Any]:
    match action:
        case Roll():
            return {"type": "roll"}
        case Keep():
            return {"type": "keep", "dice": str(action.dice)}
        case Place() | Bounce():
            return {"type": type(action).__name__.lower(), "cell": list(action.cell)}
        case _:
            return {"type": "pass"}


def _action_from_dict(data: Mapping[str, Any]) -> Action:
    kind = data["type"]
    if kind == "roll":
        return Roll()
    if kind == "keep":
        return Keep(data["dice"])
    if kind in ("place", "bounce"):
        cell = check_cell(data["cell"])
        return Place(cell) if kind == "place" else Bounce(cell)
    if kind == "pass":
        return PassTurn()
    raise SaveFileError(f"saved board game: unknown action {kind!r}")


def _move_to_dict(move: Move) -> dict[str, Any]:
    return {
        "turn": move.turn,
        "player": move.player,
        "action": _action_to_dict(move.action),
        "dice": None if move.dice is None else str(move.dice),
        "note": move.note,
        "held": None if move.held is None else list(move.held),
        "given": None if move.given is None else list(move.given),
    }


def _as_rules(rules: BoardRules | str) -> BoardRules:
    if isinstance(rules, str):
        from dicepoker.games import find_game

        rules = find_game(rules)
    if not isinstance(rules, BoardRules):
        raise DicePokerError(f"the board game needs board rules, not {rules!r}")
    return rules
