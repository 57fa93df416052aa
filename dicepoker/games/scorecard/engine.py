"""The engine of every scorecard game: turns, rolls, holds, scoring, bonuses, the end, saving.

One engine plays ``classic``, ``yahtzee``, ``yatzy`` and ``two_part``; it reads the rule set.

>>> game = ScorecardGame("classic", players=["Ann", "Bo"], seed=3)
>>> game.roll()
Dice('12225')
>>> game.roll(keep="222")
Dice('22256')
>>> game.score("Twos")
6
>>> game.player_names[game.current_player], game.round
('Bo', 1)
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from dicepoker.core.actions import Keep, Roll
from dicepoker.core.dice import NUMBER_OF_DICE, Dice, sub_dice
from dicepoker.core.errors import DicePokerError, IllegalActionError, InvalidDiceError, SaveFileError
from dicepoker.core.hand import DiceInHand
from dicepoker.core.i18n import _, fill_message, format_message, ngettext
from dicepoker.core.players import die_position, player_index, player_names
from dicepoker.core.randomness import generator
from dicepoker.core.saving import SavesByReplay, generator_state, hold_as, parsed_once
from dicepoker.games import find_game
from dicepoker.games.scorecard.rules import ScorecardRules, box_name, settlement_of

SAVE_FORMAT = "dicepoker.scorecard_game"
SAVE_VERSION = 2  # 2: the save holds how the game was played (mode, seats, hints); 1 still loads
_rules_from_save = parsed_once(ScorecardRules.from_dict)  # a rule set read once, however often saves load


# --- actions -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Score:
    """Score the turn's dice in ``box``, ending the turn.

    >>> str(Score("Full House"))
    'score Full House'
    """

    box: str

    def __str__(self) -> str:
        return f"score {self.box}"


Action = Roll | Keep | Score


@dataclass(frozen=True)
class Outcome:
    """The end of a game: the winners (ties share the win) and every player's total."""

    winners: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True)
class TurnView:
    """What a player sees: the rules, the player's own scorecard, the dice (``None`` before the
    turn's first roll), rolls left; and, since every scorecard is public, which seat it is and every
    seat's scorecard and poker bonus points (empty for a view made by hand: a solitaire player)."""

    rules: ScorecardRules
    filled: Mapping[str, int]
    dice: Dice | None
    rolls_left: int
    first_roll: bool
    poker_bonus_points: int = 0
    player: int = 0
    scorecards: tuple[Mapping[str, int], ...] = ()
    bonus_points: tuple[int, ...] = ()

    def options(self) -> dict[str, int]:
        """Every box that may be scored now, with what it would score."""
        if self.dice is None:
            raise IllegalActionError(_("roll first: nothing can be scored before the turn's first roll"))
        return self.rules.options(self.dice, self.filled, self.first_roll)

    @property
    def upper_total(self) -> int:
        return self.rules.upper_total(self.filled)

    def legal_actions(self) -> list[Action]:
        """Every action allowed now: roll first; then, while rolls are left, the distinct keeps and
        ``Roll()`` (the dice not held); and the boxes.

        >>> from dicepoker.games.scorecard.presets import CLASSIC
        >>> len(TurnView(CLASSIC, {}, Dice.parse("11111"), 2, True).legal_actions())  # 6 keeps, roll, 15
        22
        """
        if self.dice is None:
            return [Roll()]
        actions: list[Action] = []
        if self.rolls_left:
            actions += [Keep(k) for k in sub_dice(self.dice)] + [Roll()]
        return actions + [Score(b) for b in self.options()]


class ScorecardGame(DiceInHand, SavesByReplay):
    """A game of 1 to 8 players on one scorecard rule set.

    ``rules`` is a rule set or its name; ``players`` a list of names or a count; randomness comes
    only from ``rng`` (a ``numpy.random.Generator``) or ``seed``.
    """

    def __init__(
        self,
        rules: ScorecardRules | str = "classic",
        players: Sequence[str] | int = 1,
        *,
        seed: int | None = None,
        rng: np.random.Generator | int | None = None,
    ) -> None:
        if isinstance(rules, str):
            rules = find_game(rules)
        if not isinstance(rules, ScorecardRules):
            raise DicePokerError(f"{getattr(rules, 'name', rules)!r} is not a scorecard game")
        names = player_names(players, fewest=1, most=rules.max_players, game=rules.name)
        self.rules: ScorecardRules = rules
        self.player_names: tuple[str, ...] = names
        self._rng = generator(seed, rng)
        self._rng_start: dict[str, Any] = generator_state(self._rng)
        self._cards: list[dict[str, int]] = [{} for _ in names]
        self._bonus_points: list[int] = [0 for _ in names]
        self._positions: tuple[int, ...] | None = None
        self._held: tuple[bool, ...] = (False,) * NUMBER_OF_DICE
        self._rolls_used = 0
        self._stopped = False
        self._history: list[tuple[int, Action, tuple[bool, ...]]] = []

    # --- whose turn, what is on the table ------------------------------------------------------
    @property
    def current_player(self) -> int:
        """Index of the player whose turn it is (derived from the boxes filled)."""
        return sum(len(c) for c in self._cards) % len(self.player_names)

    @property
    def round(self) -> int:
        """The round number, from 1; each player has one turn a round."""
        filled = sum(len(c) for c in self._cards) // len(self.player_names)
        return min(filled, len(self.rules.boxes) - 1) + 1

    @property
    def rolls_left(self) -> int:
        """Rolls still allowed this turn (0 once the player stopped)."""
        return 0 if self._stopped else self.rules.rolls_per_turn - self._rolls_used

    @property
    def first_roll(self) -> bool:
        """True when exactly one roll has been made this turn (a score now is a first-roll score)."""
        return self._rolls_used == 1

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every action so far, as ``(player, action)``."""
        return tuple((p, a) for p, a, _ in self._history)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    # --- refusing what the rules forbid ----------------------------------------------------------
    def _check_turn(self, player: int | str | None) -> None:
        if self.is_over:
            raise IllegalActionError(_("the game is over: start a new game"))
        if player is None:
            return
        index = player_index(player, self.player_names)
        if index != self.current_player:
            raise IllegalActionError(
                format_message(
                    "it is {name}'s turn, not {other}'s",
                    name=self.player_names[self.current_player],
                    other=self.player_names[index],
                )
            )

    def _check_can_roll(self) -> None:
        if self._stopped:
            raise IllegalActionError(_("you stopped rolling this turn: score a box"))
        if self._rolls_used >= self.rules.rolls_per_turn:
            most = self.rules.rolls_per_turn
            raise IllegalActionError(
                fill_message(
                    ngettext(
                        "a turn has at most {most} roll: score a box",
                        "a turn has at most {most} rolls: score a box",
                        most,
                    ),
                    most=most,
                )
            )

    # --- actions -------------------------------------------------------------------------------
    def toggle_hold(self, position: int) -> None:
        """Hold or release the die at ``position`` (0..4) for the next roll."""
        self._check_turn(None)
        position = die_position(position)
        if self._positions is None:
            raise IllegalActionError(_("roll first: there are no dice to hold before the first roll"))
        self._check_can_roll()
        held = list(self._held)
        held[position] = not held[position]
        self._held = tuple(held)

    def roll(
        self, keep: Dice | str | Sequence[int] | None = None, *, player: int | str | None = None
    ) -> Dice:
        """Roll the un-held dice, or keep ``keep`` and roll the rest; returns the five dice.

        Keeping all five dice is "stop": nothing is rolled and the player must score.
        """
        self._check_turn(player)
        self._check_can_roll()
        if keep is not None:
            return self._keep(Dice.parse(keep))
        if self._positions is not None and all(self._held):
            self._stopped = True
            self._history.append((self.current_player, Keep(self.dice), self._held))
            return self.dice  # type: ignore[return-value]
        self._do_roll()
        return self.dice  # type: ignore[return-value]

    def _keep(self, keep: Dice) -> Dice:
        if self._positions is None:
            raise IllegalActionError(
                format_message("roll first: cannot keep {keep} before the first roll", keep=keep)
            )
        if not self.dice.contains(keep):  # type: ignore[union-attr]
            raise InvalidDiceError(
                format_message("cannot keep {keep}: the dice are {dice}", keep=keep, dice=self.dice)
            )
        held = [False] * NUMBER_OF_DICE
        wanted = list(keep.values)
        for i, v in enumerate(self._positions):
            if v in wanted:
                wanted.remove(v)
                held[i] = True
        self._held = tuple(held)
        if len(keep) == NUMBER_OF_DICE:
            self._stopped = True
            self._history.append((self.current_player, Keep(keep), self._held))
        else:
            self._do_roll(record=Keep(keep))
        return self.dice  # type: ignore[return-value]

    def _do_roll(self, record: Action | None = None) -> None:
        held = self._held if self._positions is not None else (False,) * NUMBER_OF_DICE
        fresh = iter(int(v) for v in self._rng.integers(1, 7, size=held.count(False)))
        old = self._positions or (0,) * NUMBER_OF_DICE
        self._history.append((self.current_player, record or Roll(), held))
        self._positions = tuple(old[i] if held[i] else next(fresh) for i in range(NUMBER_OF_DICE))
        self._held = held
        self._rolls_used += 1

    def options(self) -> dict[str, int]:
        """Every box that may be scored now, with what it would score ({} before a roll)."""
        if self._positions is None or self.is_over:
            return {}
        return self.rules.options(self.dice, self._cards[self.current_player], self.first_roll)  # type: ignore[arg-type]

    def score(self, box: str, *, player: int | str | None = None) -> int:
        """Score the dice in ``box``; returns the box's score. The turn passes to the next player."""
        self._check_turn(player)
        if self._positions is None:
            raise IllegalActionError(
                format_message(
                    "roll first: cannot score {box} before the turn's first roll",
                    box=repr(box_name(box) if isinstance(box, str) else box),
                )
            )
        who = self.current_player
        card = self._cards[who]
        points = self.rules.check_box(box, self.dice, card, self.first_roll)  # type: ignore[arg-type]
        bonus = self.rules.poker_bonus_for(self.dice, card)  # type: ignore[arg-type]
        name = self.rules.box(box).name
        self._history.append((who, Score(name), self._held))
        card[name] = points
        self._bonus_points[who] += bonus
        self._positions = None
        self._held = (False,) * NUMBER_OF_DICE
        self._rolls_used = 0
        self._stopped = False
        return points

    def apply(self, action: Action, *, player: int | str | None = None) -> Dice | int | None:
        """Carry out a :class:`Roll`, :class:`Keep` or :class:`Score` action."""
        match action:
            case Roll():
                return self.roll(player=player)
            case Keep(dice=dice):
                return self.roll(keep=dice, player=player)
            case Score(box=box):
                return self.score(box, player=player)
        raise IllegalActionError(f"{action!r} is not an action of a scorecard game")

    def legal_actions(self) -> list[Action]:
        """Every action allowed now (what the current player's view allows); none once the game is over."""
        return [] if self.is_over else self.view().legal_actions()

    # --- scorecards and totals ------------------------------------------------------------------
    def _index(self, player: int | str | None) -> int:
        return self.current_player if player is None else player_index(player, self.player_names)

    def scorecard(self, player: int | str | None = None) -> Mapping[str, int]:
        """The filled boxes of a player (default: the current one), read-only."""
        return dict(self._cards[self._index(player)])

    @property
    def scorecards(self) -> tuple[Mapping[str, int], ...]:
        return tuple(dict(c) for c in self._cards)

    def poker_bonus_points(self, player: int | str | None = None) -> int:
        return self._bonus_points[self._index(player)]

    def upper_total(self, player: int | str | None = None) -> int:
        return self.rules.upper_total(self._cards[self._index(player)])

    def upper_bonus_earned(self, player: int | str | None = None) -> bool:
        return self.rules.upper_bonus_earned(self._cards[self._index(player)])

    def totals(self) -> list[int]:
        """Every player's total: upper + upper bonus + lower + poker bonuses."""
        return [self.rules.total(c, b) for c, b in zip(self._cards, self._bonus_points, strict=True)]

    @property
    def outcome(self) -> Outcome | None:
        """The winners and totals once every box of every player is filled, else ``None``."""
        if any(len(c) < len(self.rules.boxes) for c in self._cards):
            return None
        totals = self.totals()
        best = max(totals)
        return Outcome(tuple(i for i, t in enumerate(totals) if t == best), tuple(totals))

    def winners(self) -> tuple[int, ...]:
        """The indices of the winners (ties share); empty while the game goes on."""
        outcome = self.outcome
        return outcome.winners if outcome else ()

    def settlement(self) -> list[Fraction]:
        """Each total minus the mean of the totals, exact; the results sum to zero.

        >>> game = ScorecardGame("two_part", players=3)
        >>> game.settlement()
        [Fraction(0, 1), Fraction(0, 1), Fraction(0, 1)]
        """
        return settlement_of(self.totals())

    def view(self, player: int | str | None = None) -> TurnView:
        """What ``player`` (default: the one to play) sees: every scorecard is public here.

        >>> game = ScorecardGame("classic", seed=3)
        >>> game.view().dice is None, game.roll() == game.view().dice
        (True, True)
        """
        who = self._index(player)
        mine = who == self.current_player
        return TurnView(
            rules=self.rules,
            filled=dict(self._cards[who]),
            dice=self.dice if mine else None,
            rolls_left=self.rolls_left if mine else self.rules.rolls_per_turn,
            first_roll=self.first_roll if mine else False,
            poker_bonus_points=self._bonus_points[who],
            player=who,
            scorecards=self.scorecards,
            bonus_points=tuple(self._bonus_points),
        )

    def copy(self) -> ScorecardGame:
        """An independent copy (same rules, state and random stream)."""
        return copy.deepcopy(self)

    # --- saving and loading: by replay (dicepoker.core.saving.SavesByReplay) -----------------------
    save_format = SAVE_FORMAT
    save_version = SAVE_VERSION
    versions_without_play = (1,)

    def _setup(self) -> dict[str, Any]:
        return {"rules": self.rules.to_dict(), "players": list(self.player_names)}

    @classmethod
    def _from_setup(cls, setup: dict[str, Any], rng: np.random.Generator) -> ScorecardGame:
        return cls(_rules_from_save(setup["rules"]), setup["players"], rng=rng)

    def _written_history(self) -> list[dict[str, Any]]:
        return [_action_to_dict(p, a, h) for p, a, h in self._history]

    def _replay(self, entry: dict[str, Any]) -> None:
        """One recorded action again: the dice held as they were, then the roll, keep or score."""
        kind = entry.get("action")
        if kind not in _ENTRY_KEYS or set(entry) != _ENTRY_KEYS[kind]:
            raise SaveFileError(f"malformed action in saved game: {entry!r}")
        player = player_index(entry["player"], self.player_names)
        if kind == "keep":  # the held dice follow from the dice kept
            self.roll(keep=entry["dice"], player=player)
            return
        self._check_turn(player)
        hold_as(self, entry["held"])
        if kind == "score":
            self.score(entry["box"], player=player)
        else:
            self.roll(player=player)

    def _replay_end(self, state: Any) -> None:
        hold_as(self, state["held"])  # dice held for the next roll, not yet rolled

    def _state(self) -> dict[str, Any]:
        return {
            "scorecards": [dict(c) for c in self._cards],
            "poker_bonus_points": list(self._bonus_points),
            "positions": list(self._positions) if self._positions else None,
            "held": list(self._held),
            "rolls_used": self._rolls_used,
            "stopped": self._stopped,
            "rng": generator_state(self._rng),
        }

    # --- display ------------------------------------------------------------------------------
    def __repr__(self) -> str:
        where = "over" if self.is_over else f"round {self.round}, {self.player_names[self.current_player]}"
        return f"<ScorecardGame {self.rules.name} {list(self.player_names)} {where}>"

    def _repr_html_(self) -> str:
        from dicepoker.games.scorecard.html import game_html

        return game_html(self)


def _action_to_dict(player: int, action: Action, held: tuple[bool, ...]) -> dict[str, Any]:
    entry: dict[str, Any] = {"player": player, "held": list(held)}
    match action:
        case Keep(dice=dice):
            entry.update(action="keep", dice=str(dice))
        case Score(box=box):
            entry.update(action="score", box=box)
        case _:
            entry.update(action="roll")
    return entry


_ENTRY_KEYS = {
    "roll": {"player", "held", "action"},
    "keep": {"player", "held", "action", "dice"},
    "score": {"player", "held", "action", "box"},
}
