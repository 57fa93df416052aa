"""A scorecard position a student can type: the filled boxes, the upper total, the poker flag, the
dice and the rolls left.

The notation is fields separated by ``;``, each a keyword and a value::

    filled: Ones 3, Twos 6, Pair 16, Chance filled; upper: 9; dice: 66123; rolls: 2

* ``filled``: the filled boxes, separated by commas, each with its score (``Sixes 18``,
  ``Sixes=18``) or the word ``filled`` (or ``x``) when the score does not matter; box names
  in any case, spaces optional (``two pairs``, ``TwoPairs``);
* ``upper``: the upper (part-1) total; needed when an upper box is only ``filled``;
* ``poker50``: ``yes`` or ``no``, whether the poker box holds its score (50 in ``classic``);
  needed when the poker box is only ``filled`` and the rules give it a bonus or a joker;
* ``dice``: the five dice (``66123``, ``6-6-1-2-3``);
* ``rolls``: the rolls left in the turn (0 to 2; default 2, just after the first roll);
* ``bonus``: poker bonus points already earned (default 0).

Boxes left out are open. A box given only as ``filled`` counts 0 points in the expected final
score (the ranking and the losses are exact all the same).

A refusal is written in the current language; the notation's keywords (``filled``, ``dice``, ...)
and the box names in it stay English, being what a student types.

>>> p = parse_position("classic", "filled: Sixes 18, Chance filled; upper: 18; dice: 66123; rolls: 2")
>>> p.dice, p.rolls_left, p.upper_total, p.filled
(Dice('12366'), 2, 18, {'Sixes': 18, 'Chance': None})
>>> str(p)
'filled: Sixes 18, Chance filled; upper: 18; poker50: no; dice: 12366; rolls: 2'
>>> parse_position("classic", "dice: 66123; rolls: 3")
Traceback (most recent call last):
...
dicepoker.games.scorecard.position.PositionError: rolls left must be 0 to 2 in classic, not 3 (in 'rolls: 3')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from dicepoker.core.dice import Dice, all_rolls
from dicepoker.core.errors import QUOTED_CHARACTERS, DicePokerError, quoted
from dicepoker.core.i18n import _, fill_message, format_message, ngettext
from dicepoker.games import find_game
from dicepoker.games.scorecard.bots import TurnView
from dicepoker.games.scorecard.engine import ScorecardGame
from dicepoker.games.scorecard.rules import ScorecardRules

FIELDS = ("filled", "upper", "poker50", "dice", "rolls", "bonus")
MAX_DIGITS = 9  # no field of a position holds a number of more digits (leading zeros aside)
FILLED_WORDS = ("filled", "x")
YES, NO = ("yes", "y", "true", "1"), ("no", "n", "false", "0")


class PositionError(DicePokerError):
    """A position that cannot be read, or cannot happen under the rules."""


@dataclass(frozen=True)
class Position:
    """A position of one player: filled boxes (a score, or ``None`` for "filled"), the upper total,
    whether the poker box holds its score, the dice, the rolls left, the poker bonus points."""

    rules: ScorecardRules
    filled: dict[str, int | None]
    upper_total: int
    poker_holds: bool
    dice: Dice
    rolls_left: int
    poker_bonus_points: int = 0

    @property
    def first_roll(self) -> bool:
        """Whether the dice are the turn's first roll (a score now is a first-roll score)."""
        return self.rolls_left == self.rules.rolls_per_turn - 1

    @property
    def scores_known(self) -> bool:
        """Whether every filled box has its score (then the expected final scores are complete)."""
        return all(v is not None for v in self.filled.values())

    @property
    def known_points(self) -> int:
        """The points written so far that the position gives (boxes only "filled" count 0)."""
        upper = {b.name for b in self.rules.upper_boxes}
        lower = sum(v for k, v in self.filled.items() if v is not None and k not in upper)
        return self.upper_total + lower + self.poker_bonus_points

    def scorecard(self) -> dict[str, int]:
        """A scorecard with the same state (filled boxes, upper total, poker flag): every box that is
        only "filled" gets a possible score that keeps the upper total and the poker flag."""
        return _scorecard_for(self)

    def view(self) -> TurnView:
        """What a strategy (or the hints) sees in this position."""
        return TurnView(
            rules=self.rules,
            filled=self.scorecard(),
            dice=self.dice,
            rolls_left=self.rolls_left,
            first_roll=self.first_roll,
            poker_bonus_points=self.poker_bonus_points,
        )

    def __str__(self) -> str:
        boxes = ", ".join(f"{k} {'filled' if v is None else v}" for k, v in self.filled.items())
        parts = [f"filled: {boxes}"] if boxes else []
        parts += [f"upper: {self.upper_total}", f"poker50: {'yes' if self.poker_holds else 'no'}"]
        parts += [f"dice: {self.dice}", f"rolls: {self.rolls_left}"]
        if self.poker_bonus_points:
            parts.append(f"bonus: {self.poker_bonus_points}")
        return "; ".join(parts)


# --- reading the notation ---------------------------------------------------------------------------
def parse_position(rules: ScorecardRules | str, text: str) -> Position:
    """Read a position in the notation above; a bad or impossible position raises :class:`PositionError`.

    >>> parse_position("classic", "filled: Sevens 7; dice: 12345")
    Traceback (most recent call last):
    ...
    dicepoker.games.scorecard.position.PositionError: no box 'Sevens' in classic; the boxes are: Ones, ...
    """
    rules = _scorecard_rules(rules)
    if not isinstance(text, str) or not text.strip():
        raise PositionError(
            format_message(
                "a position is text like {example}, not {text}",
                example="'filled: Sixes 18; dice: 66123; rolls: 2'",
                text=quoted(text),
            )
        )
    fields = _fields(text)
    if "dice" not in fields:
        raise PositionError(
            format_message(
                "a position needs its dice ({example}): none in {text}",
                example="'dice: 66123'",
                text=quoted(text),
            )
        )
    filled = _filled(rules, fields.get("filled", ""), text)
    try:
        dice = Dice.roll(fields["dice"])
    except DicePokerError as err:
        raise PositionError(
            format_message(
                "{reason} (in {field})", reason=_cut(str(err)), field=quoted(f"dice: {fields['dice']}")
            )
        ) from err
    rolls_left = _whole(fields.get("rolls", str(rules.rolls_per_turn - 1)), "rolls")
    if not 0 <= rolls_left < rules.rolls_per_turn:
        raise PositionError(
            format_message(
                "rolls left must be 0 to {most} in {game}, not {rolls} (in {field})",
                most=rules.rolls_per_turn - 1,
                game=rules.name,
                rolls=rolls_left,
                field=quoted(f"rolls: {fields['rolls']}"),
            )
        )
    upper = _upper_total(rules, filled, fields.get("upper"))
    poker = _poker_flag(rules, filled, fields.get("poker50"))
    bonus = _poker_bonus(rules, filled, poker, fields.get("bonus", "0"))
    if len(filled) == len(rules.boxes):
        raise PositionError(
            format_message(
                "every box is filled in {text}: the game is over, there is nothing to choose",
                text=quoted(text),
            )
        )
    position = Position(rules, filled, upper, poker, dice, rolls_left, bonus)
    _check_reachable(position, text)
    return position


def _fields(text: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        match = re.fullmatch(r"([A-Za-z0-9_]+)\s*[:=]?\s*(.*)", part, flags=re.DOTALL)
        key = match.group(1).lower() if match else ""
        if key not in FIELDS:
            raise PositionError(
                format_message(
                    "unknown field {part}: a position has the fields {fields}",
                    part=quoted(part),
                    fields=", ".join(FIELDS),
                )
            )
        if key in fields:
            raise PositionError(
                format_message("the field {key} is given twice in {text}", key=repr(key), text=quoted(text))
            )
        fields[key] = match.group(2).strip()  # type: ignore[union-attr]
    return fields


def _squeeze(name: str) -> str:
    return re.sub(r"[\s_\-]+", "", name).lower()


def _box_name(rules: ScorecardRules, name: str, item: str = "") -> str:
    wanted = _squeeze(name)
    for box in rules.box_names:
        if _squeeze(box) == wanted:
            return box
    words = item.rsplit(None, 1)
    if len(words) == 2 and any(_squeeze(box) == _squeeze(words[0]) for box in rules.box_names):
        raise PositionError(
            format_message(
                "the score in {item} must be a whole number or {filled}, not {score}",
                item=quoted(item.strip()),
                filled="'filled'",
                score=quoted(words[1]),
            )
        )
    raise PositionError(
        format_message(
            "no box {name} in {game}; the boxes are: {boxes}",
            name=quoted(name.strip()),
            game=rules.name,
            boxes=", ".join(rules.box_names),
        )
    )


def _filled(rules: ScorecardRules, text: str, whole: str) -> dict[str, int | None]:
    filled: dict[str, int | None] = {}
    for item in (i.strip() for i in text.split(",")):
        if not item:
            continue
        if "=" in item or ":" in item:
            name, value = re.split(r"[=:]", item, maxsplit=1)
        else:
            words = item.rsplit(None, 1)
            if len(words) == 2 and (_is_number(words[1]) or words[1].lower() in FILLED_WORDS):
                name, value = words
            else:
                name, value = item, "filled"
        box = _box_name(rules, name, item)
        if box in filled:
            raise PositionError(
                format_message("the box {box} is given twice in {text}", box=repr(box), text=quoted(whole))
            )
        value = value.strip()
        if value.lower() in FILLED_WORDS:
            filled[box] = None
            continue
        if not _is_number(value):
            raise PositionError(
                format_message(
                    "the score of {box} must be a whole number or {filled}, not {value}",
                    box=box,
                    filled="'filled'",
                    value=quoted(value),
                )
            )
        score = _number(value, box)
        possible = possible_scores(rules, box)
        if score not in possible:
            shown = ", ".join(str(s) for s in sorted(possible))
            raise PositionError(
                format_message(
                    "{box} cannot score {score} in {game}: its possible scores are {shown}",
                    box=box,
                    score=score,
                    game=rules.name,
                    shown=shown,
                )
            )
        filled[box] = score
    return filled


def _is_number(text: str) -> bool:
    return re.fullmatch(r"[+\-\u2212]?\d+", text.strip()) is not None


def _whole(text: str, field: str) -> int:
    if not _is_number(text):
        raise PositionError(
            format_message(
                "{field} must be a whole number, not {text}", field=f"'{field}'", text=quoted(text)
            )
        )
    return _number(text, field)


def _number(text: str, field: str) -> int:
    """The whole number ``text`` (already known to be digits with a sign), refused with the field's
    name when it has more than :data:`MAX_DIGITS` digits: before ``int()`` reads a huge text."""
    sign, digits = re.fullmatch(r"([+\-\u2212]?)(\d+)", text.strip()).groups()  # type: ignore[union-attr]
    digits = digits.lstrip("0") or "0"
    if len(digits) > MAX_DIGITS:
        raise PositionError(
            fill_message(
                ngettext(
                    "the number in {field} has {n} digit: a position's numbers have at most {most}",
                    "the number in {field} has {n} digits: a position's numbers have at most {most}",
                    len(digits),
                ),
                field=f"'{field}'",
                n=len(digits),
                most=MAX_DIGITS,
            )
        )
    value = int(digits)
    return -value if sign in ("-", "\u2212") else value


def _cut(text: str, limit: int = 2 * QUOTED_CHARACTERS) -> str:
    """A reason quoted in a refusal, cut short when long (the dice of a 5,000-digit roll)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _poker_bonus(rules: ScorecardRules, filled: Mapping[str, int | None], poker: bool, text: str) -> int:
    """The poker bonus points, refused unless the rules can have given them to this scorecard: in
    steps of the rules' bonus, only while the poker box holds its score, and each one a further five
    of a kind scored in another filled box that can hold a five of a kind's score."""
    bonus = _whole(text, "bonus")
    if not bonus:
        return 0
    if not rules.poker_bonus or bonus % rules.poker_bonus or bonus < 0 or not poker:
        raise PositionError(
            format_message(
                "poker bonus points {bonus} cannot happen in {game}: they come in steps of "
                "{step} and only while the {box} box holds its score",
                bonus=bonus,
                game=rules.name,
                step=rules.poker_bonus,
                box=rules.poker_box,
            )
        )
    bonuses = bonus // rules.poker_bonus
    hosts = [
        box
        for box, score in filled.items()
        if box != rules.poker_box and (score is None or score in _five_of_a_kind_scores(rules, box))
    ]
    if bonuses > len(hosts):
        impossible = ngettext(
            "poker bonus points {bonus} cannot happen in {game} with these boxes: each bonus is a "
            "further five of a kind scored in another box, and only {hosts} filled box can hold one",
            "poker bonus points {bonus} cannot happen in {game} with these boxes: each bonus is a "
            "further five of a kind scored in another box, and only {hosts} filled boxes can hold one",
            len(hosts),
        )
        raise PositionError(fill_message(impossible, bonus=bonus, game=rules.name, hosts=len(hosts)))
    return bonus


def _upper_total(rules: ScorecardRules, filled: Mapping[str, int | None], text: str | None) -> int:
    upper = [b.name for b in rules.upper_boxes if b.name in filled]
    known = sum(filled[b] or 0 for b in upper)
    unknown = [b for b in upper if filled[b] is None]
    if text is None:
        if unknown:
            raise PositionError(
                fill_message(
                    ngettext(
                        "give the upper total {example}: {boxes} is filled without a score",
                        "give the upper total {example}: {boxes} are filled without a score",
                        len(unknown),
                    ),
                    example="('upper: N')",
                    boxes=", ".join(unknown),
                )
            )
        return known
    total = _whole(text, "upper")
    if not unknown and total != known:
        raise PositionError(
            format_message(
                "the upper total {total} is not the sum of the upper boxes given ({known})",
                total=total,
                known=known,
            )
        )
    if _upper_assignment(rules, {b: filled[b] for b in upper}, total) is None:
        raise PositionError(
            format_message(
                "an upper total of {total} cannot happen with the upper boxes {boxes}",
                total=total,
                boxes=_listed(filled, upper),
            )
        )
    return total


def _listed(filled: Mapping[str, int | None], names: list[str]) -> str:
    return ", ".join(f"{n} {'filled' if filled[n] is None else filled[n]}" for n in names) or _(
        "(none filled)"
    )


def _poker_flag(rules: ScorecardRules, filled: Mapping[str, int | None], text: str | None) -> bool:
    box = rules.poker_box
    flag: bool | None = None
    if text is not None:
        word = text.strip().lower()
        if word not in YES + NO:
            raise PositionError(
                format_message(
                    "{field} is {yes} or {no}, not {text}",
                    field="'poker50'",
                    yes="yes",
                    no="no",
                    text=quoted(text),
                )
            )
        flag = word in YES
    if box is None or box not in filled:
        if flag:
            if box is None:
                raise PositionError(_("the poker box cannot hold its score: there is no poker box"))
            raise PositionError(
                format_message("the poker box cannot hold its score: {box} is not filled", box=box)
            )
        return False
    if filled[box] is not None:
        holds = filled[box] > 0  # type: ignore[operator]
        if flag is not None and flag != holds:
            raise PositionError(
                format_message(
                    "{field} does not agree with {box} {score}",
                    field=f"poker50: {text}",
                    box=box,
                    score=filled[box],
                )
            )
        return holds
    if flag is None:
        if rules.poker_bonus or rules.joker.value != "none":
            raise PositionError(
                format_message(
                    "say whether {box} holds its score ({yes} or {no}): it is only {filled}",
                    box=box,
                    yes="'poker50: yes'",
                    no="'no'",
                    filled="'filled'",
                )
            )
        return False
    return flag


def _check_reachable(position: Position, text: str) -> None:
    from dicepoker.games.scorecard.solver.tables import rule_tables

    t = rule_tables(position.rules)
    mask = t.mask(position.scorecard())
    if not t.mask_reachable[mask]:
        if position.rules.upper_first:
            template = _(
                "this scorecard cannot happen in {game}: every upper (part-1) box is filled before any "
                "lower one (in {text})"
            )
        else:
            template = _("this scorecard cannot happen in {game}: its rules (in {text})")
        raise PositionError(fill_message(template, game=position.rules.name, text=quoted(text)))


# --- the scores a box can hold, and a scorecard with the same state -----------------------------------
FIVES_OF_A_KIND = tuple(Dice([face] * 5) for face in range(1, 7))


@cache
def _possible(rules: ScorecardRules, box: str) -> frozenset[int]:
    found = {rules.score(box, roll, first) for roll in all_rolls() for first in (False, True)}
    b = rules.box(box)
    if rules.joker.value != "none" and b.section == "lower":
        found |= {b.qualifying_points(roll) for roll in FIVES_OF_A_KIND}
    return frozenset(found)


@cache
def _five_of_a_kind_scores(rules: ScorecardRules, box: str) -> frozenset[int]:
    """What ``box`` can hold after the turn of a poker bonus: a five of a kind scored in it while the
    poker box holds its score (as a joker whenever the rules make it one then)."""
    if rules.poker_box is None:
        return frozenset()
    b = rules.box(box)
    holds = {rules.poker_box: max(_possible(rules, rules.poker_box))}
    upper_filled = {**{u.name: 0 for u in rules.upper_boxes}, **holds}
    found: set[int] = set()
    for roll in FIVES_OF_A_KIND:
        for filled in (holds, upper_filled):
            if b.section == "lower" and rules.joker_active(roll, filled):
                found.add(b.qualifying_points(roll))
            else:
                found |= {rules.score(box, roll, first) for first in (False, True)}
    return frozenset(found)


def possible_scores(rules: ScorecardRules, box: str) -> frozenset[int]:
    """Every score ``box`` can hold under ``rules`` (from every roll, first roll or not, jokers too).

    >>> from dicepoker import find_game
    >>> sorted(possible_scores(find_game("classic"), "Fours"))
    [0, 4, 8, 12, 16, 20]
    """
    return _possible(rules, box)


def _upper_assignment(
    rules: ScorecardRules, upper: Mapping[str, int | None], total: int
) -> dict[str, int] | None:
    """Scores for the upper boxes (the known ones kept) that sum to ``total``, or ``None``."""
    reach: dict[int, dict[str, int]] = {0: {}}
    for box, score in upper.items():
        options = [score] if score is not None else sorted(_possible(rules, box))
        reach = {s + o: {**way, box: o} for s, way in reach.items() for o in options}
    return reach.get(total)


def _scorecard_for(position: Position) -> dict[str, int]:
    rules, filled = position.rules, position.filled
    upper = {b.name: filled[b.name] for b in rules.upper_boxes if b.name in filled}
    card = _upper_assignment(rules, upper, position.upper_total) or {}
    for name, score in filled.items():
        if name in card:
            continue
        if score is not None:
            card[name] = score
        elif name == rules.poker_box:
            possible = _possible(rules, name)
            card[name] = max(possible) if position.poker_holds else min(possible)
        else:
            card[name] = min(_possible(rules, name))
    return {name: card[name] for name in filled}


def position_of(game: ScorecardGame) -> Position:
    """The position of the current player of a game (after a roll), with every score known.

    >>> from dicepoker.games.scorecard.engine import ScorecardGame
    >>> game = ScorecardGame("classic", seed=3)
    >>> _ = game.roll()
    >>> str(position_of(game))
    'upper: 0; poker50: no; dice: 12225; rolls: 2'
    """
    if not isinstance(game, ScorecardGame):
        raise PositionError(
            format_message(
                "a position is text in the notation ({example}), a {type} or a scorecard game after "
                "a roll, not {value}",
                example="'filled: Sixes 18; dice: 66123; rolls: 2'",
                type="Position",
                value=quoted(game),
            )
        )
    if game.dice is None:
        raise PositionError(_("roll first: a position has dice on the table"))
    who = game.current_player
    filled = dict(game.scorecard(who))
    rules = game.rules
    return Position(
        rules,
        dict(filled),
        rules.upper_total(filled),
        rules.poker_holds_score(filled),
        game.dice,
        game.rolls_left,
        game.poker_bonus_points(who),
    )


def _scorecard_rules(rules: ScorecardRules | str) -> ScorecardRules:
    found = find_game(rules) if isinstance(rules, str) else rules
    if not isinstance(found, ScorecardRules):
        raise PositionError(
            format_message("{game} is not a scorecard game", game=quoted(getattr(found, "name", found)))
        )
    return found
