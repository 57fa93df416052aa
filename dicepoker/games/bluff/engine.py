"""The engine of ``bluff``: the cup, secret rolls, announcements, calls, lives and the winner.

Each player sees only what the rules let them see: :meth:`BluffGame.view` gives a player's
:class:`BluffView`, which never holds dice that player has not seen.

>>> game = BluffGame(players=["Ann", "Bo"], seed=7)
>>> game.roll()
Dice('44566')
>>> game.announce("three 6s")
>>> game.view("Bo").dice is None, game.view("Bo").last_announcement
(True, Hand('three 6s'))
>>> game.call_bluff().loser
0
>>> game.lives, game.current_player
((2, 3), 0)
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from typing import Any

import numpy as np

from dicepoker.core.dice import NUMBER_OF_DICE, Dice, sub_dice
from dicepoker.core.errors import DicePokerError, IllegalActionError, InvalidDiceError, SaveFileError
from dicepoker.core.i18n import _, fill_message, format_message, ngettext
from dicepoker.core.players import player_index, player_names
from dicepoker.core.randomness import generator
from dicepoker.core.saving import SavesByReplay, generator_state, parsed_once
from dicepoker.core.turn import throw_outcomes
from dicepoker.core.words import N_, says
from dicepoker.games import find_game
from dicepoker.games.bluff.html import game_html, view_html
from dicepoker.games.bluff.names import hand_text
from dicepoker.games.bluff.rules import BLUFF, HIGHEST_HAND, BluffRules, Hand, best_hand, hands_above

SAVE_FORMAT = "dicepoker.bluff_game"
SAVE_VERSION = 2  # 2: the save holds how the game was played (mode, seats, hints); 1 still loads
_rules_from_save = parsed_once(BluffRules.from_dict)  # a rule set read once, however often saves load


# --- actions -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Throw:
    """Keep these dice and throw the others (the opener's first throw is all five dice).

    >>> str(Throw()), str(Throw("66"))
    ('throw 5', 'keep 66 and throw 3')
    """

    keep: Dice = field(default_factory=Dice)

    def __init__(self, keep: Dice | str | Sequence[int] = "") -> None:
        object.__setattr__(self, "keep", Dice.parse(keep))

    def __str__(self) -> str:
        thrown = NUMBER_OF_DICE - len(self.keep)
        return f"keep {self.keep} and throw {thrown}" if len(self.keep) else f"throw {thrown}"


@dataclass(frozen=True)
class Announce:
    """Announce a hand (truthful or not) and pass the covered cup on.

    >>> Announce("full house 3 over 6")
    Announce(hand=Hand('full house 3s over 6s'))
    """

    hand: Hand

    def __init__(self, hand: Hand | str) -> None:
        object.__setattr__(self, "hand", Hand.parse(hand))

    def __str__(self) -> str:
        return f"announce {self.hand}"


@dataclass(frozen=True)
class CallBluff:
    """Call the bluff: the cup is lifted and the round ends.

    >>> str(CallBluff())
    'call the bluff'
    """

    def __str__(self) -> str:
        return "call the bluff"


@dataclass(frozen=True)
class Accept:
    """Believe the announcement: look at the dice in secret, reroll, announce higher.

    >>> str(Accept())
    'accept'
    """

    def __str__(self) -> str:
        return "accept"


Action = Throw | Announce | CallBluff | Accept


class Phase(StrEnum):
    """What the current player must do.

    >>> BluffGame(seed=1).phase
    <Phase.ROLL: 'roll'>
    """

    ROLL = "roll"  # roll (or reroll) the cup, then announce
    RESPOND = "respond"  # call the bluff or accept
    OVER = "over"  # the game has a winner


# --- public records -----------------------------------------------------------------------------
@dataclass(frozen=True)
class TurnRecord:
    """One player's turn in a round, as everyone at the table saw it.

    ``throws`` counts the dice thrown in each roll (the cup rattles in public; the values stay
    secret); ``accepted`` is False for the round's opener, who starts from an empty cup.

    >>> TurnRecord(0, accepted=False, throws=(5, 3), announcement=Hand.parse("three 2s")).throws
    (5, 3)
    """

    player: int
    accepted: bool
    throws: tuple[int, ...] = ()
    announcement: Hand | None = None


@dataclass(frozen=True)
class RoundResult:
    """A round that ended with a call: the revealed dice and who lost a life.

    >>> turn = TurnRecord(0, accepted=False, throws=(5,), announcement=Hand.parse("three 6s"))
    >>> result = RoundResult(1, (turn,), caller=1, dice=Dice.parse("66612"), loser=1)
    >>> result.was_true, result.best, result.announcer
    (True, Hand('three 6s'), 0)
    """

    number: int
    turns: tuple[TurnRecord, ...]
    caller: int
    dice: Dice
    loser: int

    @property
    def announcer(self) -> int:
        """The player whose announcement was called."""
        return self.turns[-1].player

    @property
    def announcement(self) -> Hand:
        """The announcement that was called."""
        assert self.turns[-1].announcement is not None
        return self.turns[-1].announcement

    @property
    def best(self) -> Hand:
        """The best reading of the revealed dice."""
        return best_hand(self.dice)

    @property
    def was_true(self) -> bool:
        """Whether the dice held the announcement (then the caller lost)."""
        return self.best >= self.announcement


@dataclass(frozen=True)
class BluffOutcome:
    """The end of a game: the winner and the players in the order they went out.

    >>> BluffOutcome(winner=2, eliminated=(0, 1), rounds=7).eliminated
    (0, 1)
    """

    winner: int
    eliminated: tuple[int, ...]
    rounds: int

    @property
    def winners(self) -> tuple[int, ...]:
        """The winner, as the one-element tuple every game's outcome gives."""
        return (self.winner,)


@dataclass(frozen=True)
class BluffView:
    """What one player knows: public information, plus the dice this player has seen.

    ``dice`` is the cup while this player is rolling it (else ``None``); ``seen_dice`` is the cup
    as this player last saw it this round, at the end of turn ``seen_in_turn`` (an index into
    ``turns``), or ``None``.

    >>> view = BluffGame(players=["Ann", "Bo"], seed=1).view("Bo")
    >>> view.is_my_turn, view.dice, view.lives
    (False, None, (3, 3))
    """

    rules: BluffRules
    player: int
    player_names: tuple[str, ...]
    lives: tuple[int, ...]
    current_player: int | None
    phase: Phase
    round_number: int
    turns: tuple[TurnRecord, ...]
    rolls_left: int
    dice: Dice | None
    seen_dice: Dice | None
    seen_in_turn: int | None
    past_rounds: tuple[RoundResult, ...]

    @property
    def is_my_turn(self) -> bool:
        """Whether this player must act now."""
        return self.current_player == self.player and self.phase != Phase.OVER

    @property
    def last_announcement(self) -> Hand | None:
        """The highest announcement of this round so far."""
        said = [t.announcement for t in self.turns if t.announcement is not None]
        return said[-1] if said else None

    @property
    def previous_announcement(self) -> Hand | None:
        """The announcement before the last one (what the last announcer was told)."""
        said = [t.announcement for t in self.turns if t.announcement is not None]
        return said[-2] if len(said) > 1 else None

    def legal_announcements(self) -> tuple[Hand, ...]:
        """Every hand this player may announce now (strictly above the last announcement)."""
        if not self.is_my_turn or self.phase != Phase.ROLL or self.dice is None:
            return ()
        return hands_above(self.last_announcement)

    @property
    def may_accept(self) -> bool:
        """Whether accepting is possible (there is a higher hand left to announce)."""
        return self.is_my_turn and self.phase == Phase.RESPOND and self.last_announcement != HIGHEST_HAND

    def legal_actions(self) -> list[Action]:
        """Every action this player may take now: distinct throws, announcements, or call/accept."""
        if not self.is_my_turn or self.phase == Phase.OVER:
            return []
        if self.phase == Phase.RESPOND:
            return [CallBluff()] + ([Accept()] if self.may_accept else [])
        actions: list[Action] = []
        if self.rolls_left > 0:
            actions += [Throw()] if self.dice is None else [Throw(k) for k in _keeps_below_five(self.dice)]
        return actions + [Announce(h) for h in self.legal_announcements()]

    def _repr_html_(self) -> str:
        return view_html(self)


# --- the game ----------------------------------------------------------------------------------
class BluffGame(SavesByReplay):
    """A game of ``bluff`` for 2 to 6 players (the rule set says how many, and the lives).

    ``players`` is a list of names or a count; randomness comes only from ``rng`` or ``seed``.

    >>> game = BluffGame(players=3, seed=2)
    >>> game.player_names, game.lives, game.legal_actions()
    (('Player 1', 'Player 2', 'Player 3'), (3, 3, 3), [Throw(keep=Dice(''))])
    """

    def __init__(
        self,
        rules: BluffRules | str = BLUFF,
        players: Sequence[str] | int = 2,
        *,
        seed: int | None = None,
        rng: np.random.Generator | int | None = None,
    ) -> None:
        if isinstance(rules, str):
            rules = find_game(rules)
        if not isinstance(rules, BluffRules):
            raise DicePokerError(f"{getattr(rules, 'name', rules)!r} is not the bluff game")
        names = player_names(players, fewest=rules.min_players, most=rules.max_players, game="bluff")
        self.rules: BluffRules = rules
        self.player_names: tuple[str, ...] = names
        self._rng = generator(seed, rng)
        self._rng_start: dict[str, Any] = generator_state(self._rng)
        self._lives = [rules.lives] * len(names)
        self._eliminated: list[int] = []
        self._rounds: list[RoundResult] = []
        self._history: list[tuple[int, Action, tuple[bool, ...] | None]] = []
        self._start_round(0)

    def _start_round(self, opener: int) -> None:
        self._phase = Phase.ROLL
        self._current = opener
        self._cup: tuple[int, ...] | None = None
        self._rolls_used = 0
        self._turns: list[TurnRecord] = [TurnRecord(opener, accepted=False)]
        self._seen: list[tuple[Dice, int] | None] = [None] * len(self.player_names)

    # --- the table -------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """Index of the player who must act, ``None`` when the game is over."""
        return None if self._phase == Phase.OVER else self._current

    @property
    def phase(self) -> Phase:
        """``roll`` (roll, then announce), ``respond`` (call or accept) or ``over``."""
        return self._phase

    @property
    def lives(self) -> tuple[int, ...]:
        """Every player's lives left."""
        return tuple(self._lives)

    @property
    def alive(self) -> tuple[int, ...]:
        """The players who still have lives."""
        return tuple(i for i, n in enumerate(self._lives) if n > 0)

    @property
    def round_number(self) -> int:
        """The 1-based number of the round being played (or the last, when over)."""
        return len(self._rounds) + (0 if self.is_over else 1)

    @property
    def turns(self) -> tuple[TurnRecord, ...]:
        """This round's turns so far, as everyone saw them."""
        return tuple(self._turns)

    @property
    def rounds(self) -> tuple[RoundResult, ...]:
        """Every finished round, in order."""
        return tuple(self._rounds)

    @property
    def last_announcement(self) -> Hand | None:
        """The highest announcement of this round so far."""
        said = [t.announcement for t in self._turns if t.announcement is not None]
        return said[-1] if said else None

    @property
    def rolls_left(self) -> int:
        """How many rolls the current roller has left (0 while responding)."""
        if self._phase != Phase.ROLL:
            return 0
        return self._max_rolls() - self._rolls_used

    @property
    def positions(self) -> tuple[int, ...] | None:
        """The hidden cup in table order (for the engine and tests; players use :meth:`view`)."""
        return self._cup

    @property
    def cup(self) -> Dice | None:
        """The hidden cup as a multiset (never show it to a player: use :meth:`view`)."""
        return None if self._cup is None else Dice(self._cup)

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every action so far as ``(player, action)``."""
        return tuple((p, a) for p, a, _ in self._history)

    @property
    def is_over(self) -> bool:
        """Whether only one player has lives left."""
        return self._phase == Phase.OVER

    @property
    def outcome(self) -> BluffOutcome | None:
        """The winner and the order of elimination, or ``None`` while the game goes on."""
        if not self.is_over:
            return None
        return BluffOutcome(self.alive[0], tuple(self._eliminated), len(self._rounds))

    @property
    def winner(self) -> int | None:
        """The last player with lives, or ``None`` while the game goes on."""
        return self.alive[0] if self.is_over else None

    def _max_rolls(self) -> int:
        return self.rules.reroll_rounds if self._turns[-1].accepted else self.rules.opening_rolls

    def _next_alive(self, player: int) -> int:
        n = len(self.player_names)
        for step in range(1, n + 1):
            other = (player + step) % n
            if self._lives[other] > 0:
                return other
        raise AssertionError("no player has lives")  # pragma: no cover

    def index(self, player: int | str) -> int:
        """A player's index from the index or the name."""
        return player_index(player, self.player_names)

    def _check(self, phase: Phase, what: str, player: int | str | None) -> None:
        """Refuse ``what`` ("roll", "announce", "accept", "call the bluff") unless it is ``player``'s
        turn in ``phase``; each refusal is one whole sentence in the current language."""
        if self._phase == Phase.OVER:
            over = {
                "roll": _("cannot roll: the game is over"),
                "announce": _("cannot announce: the game is over"),
                "accept": _("cannot accept: the game is over"),
                "call the bluff": _("cannot call the bluff: the game is over"),
            }
            raise IllegalActionError(over[what])
        if player is not None and self.index(player) != self._current:
            not_yours = {
                "roll": _("cannot roll: it is {name}'s turn, not {other}'s"),
                "announce": _("cannot announce: it is {name}'s turn, not {other}'s"),
                "accept": _("cannot accept: it is {name}'s turn, not {other}'s"),
                "call the bluff": _("cannot call the bluff: it is {name}'s turn, not {other}'s"),
            }
            raise IllegalActionError(
                fill_message(
                    not_yours[what],
                    name=self.player_names[self._current],
                    other=self.player_names[self.index(player)],
                )
            )
        if self._phase != phase:
            not_now = {  # who must roll cannot respond, and who must respond cannot roll
                "roll": (
                    N_("cannot roll now: you must call the bluff or accept"),
                    N_("cannot roll now: {name} must call the bluff or accept"),
                ),
                "announce": (
                    N_("cannot announce now: you must call the bluff or accept"),
                    N_("cannot announce now: {name} must call the bluff or accept"),
                ),
                "accept": (
                    N_("cannot accept now: you must roll and announce"),
                    N_("cannot accept now: {name} must roll and announce"),
                ),
                "call the bluff": (
                    N_("cannot call the bluff now: you must roll and announce"),
                    N_("cannot call the bluff now: {name} must roll and announce"),
                ),
            }
            raise IllegalActionError(says(self.player_names[self._current], *not_now[what]))

    # --- actions ---------------------------------------------------------------------------------
    def roll(
        self,
        keep: Dice | str | Sequence[int] | None = None,
        *,
        held: Sequence[bool] | None = None,
        player: int | str | None = None,
    ) -> Dice:
        """Throw the dice not kept, in secret; returns the cup (only the roller sees it).

        ``keep`` names the dice kept by value; ``held`` instead marks the kept dice by position.
        The opener's first roll throws all five; after accepting, up to ``reroll_rounds`` rerolls.
        """
        self._check(Phase.ROLL, "roll", player)
        if self._rolls_used >= self._max_rolls():
            n = self._max_rolls()
            if not self._turns[-1].accepted:
                refusal = ngettext(
                    "no roll left: the opener rolls at most {n} time; announce a hand",
                    "no roll left: the opener rolls at most {n} times; announce a hand",
                    n,
                )
            else:
                refusal = ngettext(
                    "no roll left: after accepting, a player rolls at most {n} time; announce a hand",
                    "no roll left: after accepting, a player rolls at most {n} times; announce a hand",
                    n,
                )
            raise IllegalActionError(fill_message(refusal, n=n))
        kept_positions = self._kept_positions(keep, held)
        values = list(self._cup) if self._cup else [0] * NUMBER_OF_DICE
        thrown = [i for i in range(NUMBER_OF_DICE) if i not in kept_positions]
        for i, v in zip(thrown, self._rng.integers(1, 7, size=len(thrown)), strict=True):
            values[i] = int(v)
        action = Throw([values[i] for i in kept_positions])
        self._history.append((self._current, action, tuple(i in kept_positions for i in range(5))))
        self._cup = tuple(values)
        self._rolls_used += 1
        turn = self._turns[-1]
        self._turns[-1] = replace(turn, throws=turn.throws + (len(thrown),))
        self._seen[self._current] = (Dice(self._cup), len(self._turns) - 1)
        return Dice(self._cup)

    def _kept_positions(
        self, keep: Dice | str | Sequence[int] | None, held: Sequence[bool] | None
    ) -> list[int]:
        if keep is not None and held is not None:
            raise DicePokerError(
                format_message(
                    "give the kept dice by value ({keep}) or by position ({held}), not both",
                    keep="keep",
                    held="held",
                )
            )
        if held is not None:
            held = tuple(held)
            if len(held) != NUMBER_OF_DICE or not all(isinstance(h, bool | np.bool_) for h in held):
                raise InvalidDiceError(
                    format_message(
                        "{name} must be five true/false values, not {held}", name="held", held=repr(held)
                    )
                )
            positions = [i for i, h in enumerate(held) if h]
        else:
            wanted = Dice.parse(keep if keep is not None else "")
            if self._cup is None:
                positions = list(range(len(wanted)))
            else:
                if not Dice(self._cup).contains(wanted):
                    raise InvalidDiceError(
                        format_message(
                            "cannot keep {wanted}: the cup holds {cup}", wanted=wanted, cup=Dice(self._cup)
                        )
                    )
                positions, rest = [], list(wanted)
                for i, v in enumerate(self._cup):
                    if v in rest:
                        rest.remove(v)
                        positions.append(i)
        if self._cup is None and positions:
            raise IllegalActionError(
                _("the opener's first roll throws all five dice: nothing can be kept yet")
            )
        if len(positions) == NUMBER_OF_DICE:
            raise IllegalActionError(_("keeping all five dice throws nothing: announce a hand instead"))
        return positions

    def announce(self, hand: Hand | str, *, player: int | str | None = None) -> None:
        """Announce a hand (strictly above the last announcement) and pass the covered cup on."""
        self._check(Phase.ROLL, "announce", player)
        hand = Hand.parse(hand)
        if self._cup is None:
            raise IllegalActionError(
                format_message(
                    "cannot announce {hand}: the opener must roll the dice first", hand=hand_text(hand)
                )
            )
        last = self.last_announcement
        if last is not None and not hand > last:
            raise IllegalActionError(
                format_message(
                    "cannot announce {hand}: an announcement must be strictly higher than {last}",
                    hand=hand_text(hand),
                    last=hand_text(last),
                )
            )
        self._history.append((self._current, Announce(hand), None))
        self._turns[-1] = replace(self._turns[-1], announcement=hand)
        self._phase = Phase.RESPOND
        self._current = self._next_alive(self._current)
        self._rolls_used = 0

    def accept(self, *, player: int | str | None = None) -> Dice:
        """Believe the announcement: take the cup, look at the dice in secret; returns them."""
        self._check(Phase.RESPOND, "accept", player)
        if self.last_announcement == HIGHEST_HAND:
            raise IllegalActionError(
                format_message(
                    "cannot accept {hand}: no hand is higher, so call the bluff", hand=hand_text(HIGHEST_HAND)
                )
            )
        assert self._cup is not None
        self._history.append((self._current, Accept(), None))
        self._turns.append(TurnRecord(self._current, accepted=True))
        self._phase = Phase.ROLL
        self._rolls_used = 0
        self._seen[self._current] = (Dice(self._cup), len(self._turns) - 1)
        return Dice(self._cup)

    def call_bluff(self, *, player: int | str | None = None) -> RoundResult:
        """Call the bluff: lift the cup; the caller loses a life if the dice hold the announcement,
        otherwise the announcer does. The loser opens the next round (or the next player, if out)."""
        self._check(Phase.RESPOND, "call the bluff", player)
        assert self._cup is not None
        self._history.append((self._current, CallBluff(), None))
        dice = Dice(self._cup)
        announcer = self._turns[-1].player
        result = RoundResult(len(self._rounds) + 1, tuple(self._turns), self._current, dice, announcer)
        if result.was_true:
            result = replace(result, loser=self._current)
        self._rounds.append(result)
        self._lives[result.loser] -= 1
        if self._lives[result.loser] == 0:
            self._eliminated.append(result.loser)
        if len(self.alive) == 1:
            self._phase = Phase.OVER
            self._current = self.alive[0]
            self._cup = None
            self._turns = []
            self._seen = [None] * len(self.player_names)
        else:
            loser = result.loser
            self._start_round(loser if self._lives[loser] > 0 else self._next_alive(loser))
        return result

    def apply(self, action: Action, *, player: int | str | None = None) -> Any:
        """Play one action object: :class:`Throw`, :class:`Announce`, :class:`CallBluff`, :class:`Accept`."""
        match action:
            case Throw(keep=keep):
                return self.roll(keep, player=player)
            case Announce(hand=hand):
                return self.announce(hand, player=player)
            case CallBluff():
                return self.call_bluff(player=player)
            case Accept():
                return self.accept(player=player)
        raise IllegalActionError(f"{action!r} is not a bluff action (Throw, Announce, CallBluff, Accept)")

    def legal_announcements(self) -> tuple[Hand, ...]:
        """The hands the current player may announce now (none before the opener has rolled)."""
        if self._phase != Phase.ROLL or self._cup is None:
            return ()
        return hands_above(self.last_announcement)

    def legal_actions(self) -> list[Action]:
        """Every action legal now: what the current player's view allows (none once the game is over)."""
        return [] if self._phase == Phase.OVER else self.view(self._current).legal_actions()

    def chance_outcomes(self, action: Action) -> list[tuple[Dice, Fraction]]:
        """The cup ``action`` can leave, each with its exact chance (only a :class:`Throw` throws dice).

        >>> BluffGame(seed=1).chance_outcomes(Throw())[0]  # the opener's first throw: all five dice
        (Dice('11111'), Fraction(1, 7776))
        """
        return throw_outcomes(action.keep) if isinstance(action, Throw) else []

    # --- what a player knows -----------------------------------------------------------------------
    def view(self, player: int | str | None = None) -> BluffView:
        """What ``player`` (default: the current player) knows; never dice they have not seen."""
        who = self._current if player is None else self.index(player)
        seen = self._seen[who]
        rolling = self._phase == Phase.ROLL and who == self._current and self._cup is not None
        return BluffView(
            rules=self.rules,
            player=who,
            player_names=self.player_names,
            lives=self.lives,
            current_player=self.current_player,
            phase=self._phase,
            round_number=self.round_number,
            turns=self.turns,
            rolls_left=self.rolls_left if who == self._current else 0,
            dice=Dice(self._cup) if rolling and self._cup is not None else None,
            seen_dice=seen[0] if seen else None,
            seen_in_turn=seen[1] if seen else None,
            past_rounds=self.rounds,
        )

    def copy(self) -> BluffGame:
        """An independent copy (same rules, state and random stream)."""
        return copy.deepcopy(self)

    # --- saving and loading: by replay (dicepoker.core.saving.SavesByReplay) -------------------------
    save_format = SAVE_FORMAT
    save_version = SAVE_VERSION
    versions_without_play = (1,)

    def _setup(self) -> dict[str, Any]:
        return {"rules": self.rules.to_dict(), "players": list(self.player_names)}

    @classmethod
    def _from_setup(cls, setup: dict[str, Any], rng: np.random.Generator) -> BluffGame:
        return cls(_rules_from_save(setup["rules"]), setup["players"], rng=rng)

    def _written_history(self) -> list[dict[str, Any]]:
        return [_action_to_dict(p, a, h) for p, a, h in self._history]

    def _replay(self, entry: dict[str, Any]) -> None:
        """One recorded action again: a throw (with the dice held by position), an announcement,
        a call or an acceptance."""
        kind = entry.get("action")
        if kind not in _ENTRY_KEYS or set(entry) != _ENTRY_KEYS[kind]:
            raise SaveFileError(f"malformed action in saved game: {entry!r}")
        player = player_index(entry["player"], self.player_names)
        if kind == "throw":
            held = entry["held"]
            if not isinstance(held, list) or not all(isinstance(h, bool) for h in held):
                raise SaveFileError(f"malformed held dice in saved game: {held!r}")
            self.roll(held=held, player=player)
        elif kind == "announce":
            self.announce(entry["hand"], player=player)
        elif kind == "call":
            self.call_bluff(player=player)
        else:
            self.accept(player=player)

    def _state(self) -> dict[str, Any]:
        return {
            "lives": list(self._lives),
            "phase": str(self._phase),
            "current": self._current,
            "cup": list(self._cup) if self._cup else None,
            "rolls_used": self._rolls_used,
            "turns": [_turn_to_dict(t) for t in self._turns],
            "rounds": len(self._rounds),
            "eliminated": list(self._eliminated),
            "rng": generator_state(self._rng),
        }

    # --- display -------------------------------------------------------------------------------------
    def __repr__(self) -> str:
        if self.is_over:
            where = f"over, {self.player_names[self.alive[0]]} wins"
        else:
            where = f"round {self.round_number}, {self.player_names[self._current]} to {self._phase}"
        return f"<BluffGame {list(self.player_names)} lives {list(self._lives)} {where}>"

    def _repr_html_(self) -> str:
        return game_html(self)


def _keeps_below_five(dice: Dice) -> list[Dice]:
    return [keep for keep in sub_dice(dice) if len(keep) < NUMBER_OF_DICE]


def _turn_to_dict(turn: TurnRecord) -> dict[str, Any]:
    return {
        "player": turn.player,
        "accepted": turn.accepted,
        "throws": list(turn.throws),
        "announcement": None if turn.announcement is None else str(turn.announcement),
    }


def _action_to_dict(player: int, action: Action, held: tuple[bool, ...] | None) -> dict[str, Any]:
    entry: dict[str, Any] = {"player": player}
    match action:
        case Throw():
            entry.update(action="throw", held=list(held or ()))
        case Announce(hand=hand):
            entry.update(action="announce", hand=str(hand))
        case CallBluff():
            entry.update(action="call")
        case _:
            entry.update(action="accept")
    return entry


_ENTRY_KEYS = {
    "throw": {"player", "action", "held"},
    "announce": {"player", "action", "hand"},
    "call": {"player", "action"},
    "accept": {"player", "action"},
}
