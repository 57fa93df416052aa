"""One random bot, one match runner and one tournament for every game (the Game protocol).

The tournament returns plain rows (dicts); the layer that shows them makes the DataFrame, so the
core needs no pandas.

Every game's computer players have ONE shape, :class:`Bot`: ``bot(view, rng) -> action``, where
``view`` is what the player to act sees (``game.view(player)``) and ``rng`` the numpy Generator of
whoever runs the game (a bot never owns one). A student's one-argument function ``decide(view)``
becomes a bot through :func:`as_bot`, the one adapter every place that takes a student's function
uses. Inside the runner a *seat* (``seat(game, player, rng)``) puts a bot at the table
(:func:`seat_of`); nothing outside this module needs seats.

>>> from dicepoker.games import new_game
>>> game = play_match(new_game("board", seed=1), [random_seat, random_seat], rng=2)
>>> game.is_over
True
>>> rows = tournament_rows(lambda names, rng: new_game("board", names, rng=rng),
...                        {"a": random_seat, "b": random_seat}, games=4, rng=1)
>>> [row["player"] for row in rows], sum(row["seats"] for row in rows)
(['a', 'b'], 8)
>>> all(row["wins"] + row["draws"] + row["losses"] == row["seats"] for row in rows)
True
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np

from dicepoker.core.errors import DicePokerError
from dicepoker.core.play_record import SeatKind
from dicepoker.core.protocol import Game
from dicepoker.core.randomness import generator
from dicepoker.core.stats import wilson_interval, z_for

Seat = Callable[[Any, int, np.random.Generator], Any]
MAX_ACTIONS = 1_000_000  # a match longer than this has a seat that never finishes


@runtime_checkable
class Bot(Protocol):
    """A computer player of any game: called with what its player sees and a generator, it answers
    one legal action. Deterministic bots simply ignore ``rng``.

    >>> isinstance(random_bot, Bot)
    True
    """

    def __call__(self, view: Any, rng: np.random.Generator) -> Any: ...


def random_action(actions: Sequence[Any], rng: np.random.Generator) -> Any:
    """One of ``actions``, all equally likely.

    >>> random_action(["a", "b", "c"], np.random.default_rng(0)) in ("a", "b", "c")
    True
    """
    if not actions:
        raise DicePokerError("there is no legal action to choose from")
    return actions[int(rng.integers(len(actions)))]


def random_bot(view: Any, rng: Any = None) -> Any:
    """The random bot of every game: any action the player's view allows, all equally likely.

    >>> from dicepoker.games import new_game
    >>> random_bot(new_game("classic", seed=1).view(), rng=1)
    Roll()
    """
    return random_action(view.legal_actions(), generator(rng=rng))


random_bot.name = "random"  # type: ignore[attr-defined]  # its name in tables and play records


def _positional_parameters(function: Callable[..., Any]) -> int | None:
    """How many positional arguments ``function`` can take (``None``: any number, or cannot tell)."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return None
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    if any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in parameters):
        return None
    return sum(1 for p in parameters if p.kind in kinds)


def as_bot(player: Callable[..., Any]) -> Bot:
    """``player`` in the one bot shape: a bot (``bot(view, rng)``) is returned as it is; a function of
    the view alone (``decide(view)``, how a student writes a strategy) is asked only when there is
    a choice: a forced move (the one legal action, like the roll that starts a turn) is played for it.

    >>> from dicepoker.games import new_game
    >>> def chance_always(view):
    ...     return [a for a in view.legal_actions() if getattr(a, "box", None) == "Chance"][0]
    >>> bot = as_bot(chance_always)
    >>> game = new_game("classic", seed=1)
    >>> bot(game.view(), np.random.default_rng(0))  # the turn starts with its one legal action
    Roll()
    >>> _ = game.roll(); bot(game.view(), np.random.default_rng(0)), bot.__name__
    (Score(box='Chance'), 'chance_always')
    >>> as_bot(random_bot) is random_bot
    True
    """
    if not callable(player):
        raise DicePokerError(f"a bot is a function of the view (and a generator), not {player!r}")
    if _positional_parameters(player) != 1:
        return player  # type: ignore[return-value]

    def bot(view: Any, rng: np.random.Generator) -> Any:
        actions = view.legal_actions()
        return actions[0] if len(actions) == 1 else player(view)

    bot.__name__ = bot_name_of(player)
    bot.__doc__ = player.__doc__
    return bot


def bot_name_of(bot: Any) -> str:
    """A bot's name: its ``name``, else its function's name.

    >>> bot_name_of(random_bot)
    'random'
    """
    return str(getattr(bot, "name", None) or getattr(bot, "__name__", None) or type(bot).__name__)


def seat_of(bot: Callable[..., Any]) -> Seat:
    """The runner's seat for a bot (or a student's one-argument function, through :func:`as_bot`):
    ``bot(game.view(player), rng)``."""
    bot = as_bot(bot)

    def seat(game: Game, player: int, rng: np.random.Generator) -> Any:
        return bot(game.view(player), rng)

    seat.__name__ = bot_name_of(bot)
    return seat


random_seat: Seat = seat_of(random_bot)


def play_match(game: Game, seats: Sequence[Seat], rng: Any = None) -> Game:
    """Play ``game`` to its end, each player's actions chosen by its seat; returns the game.

    The seats draw from ``rng`` (a Generator or a seed), the dice from the game's own generator,
    so a match replays exactly from the two seeds. A game that keeps a play record (every engine's
    save does) records each seat as a bot, named after its seat function.
    """
    rng = generator(rng=rng)
    if len(seats) != len(game.player_names):
        players = len(game.player_names)
        raise DicePokerError(f"{players} players need {players} seats, not {len(seats)}")
    record_seats = getattr(game, "record_seats", None)
    if record_seats is not None:
        record_seats(tuple(SeatKind("bot", getattr(seat, "__name__", "") or "bot") for seat in seats))
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            return game
        player = game.current_player
        game.apply(seats[player](game, player, rng))  # type: ignore[index]
    raise DicePokerError(f"the seats played {MAX_ACTIONS} actions without finishing the game")


def tournament_rows(
    new_match: Callable[[Sequence[str], np.random.Generator], Game],
    seats: Mapping[str, Seat],
    *,
    games: int = 100,
    lineups: Sequence[Sequence[str]] | None = None,
    rng: Any = None,
    confidence: float = 0.95,
    length: Callable[[Game], float] | None = None,
) -> list[dict[str, Any]]:
    """Every lineup plays ``games`` seeded games, seats rotating; wins with Wilson intervals.

    ``new_match(names, rng)`` starts a game for the players ``names`` with dice from ``rng``.
    ``lineups`` lists who sits at each table (by default every pair of seats, each pair once).
    One row per (player, lineup): games, wins, draws, losses, ``win_rate`` and its interval
    ``ci_low``..``ci_high`` at ``confidence``; a shared win (a tie) counts as a draw. With
    ``length``, the mean of ``length(game)`` over the lineup's games (e.g. the turns played).
    """
    rng = generator(rng=rng)
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise DicePokerError(f"a tournament plays a whole number of games from 1 up, not {games!r}")
    names = list(seats)
    if lineups is None:
        lineups = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
    if not lineups:
        raise DicePokerError("a tournament needs at least two players")
    z = z_for(confidence)
    rows = []
    for lineup in lineups:
        unknown = [n for n in lineup if n not in seats]
        if unknown:
            known = ", ".join(names)
            raise DicePokerError(f"no seat {unknown[0]!r} in this tournament; the seats are: {known}")
        tally = {name: [0, 0, 0, 0] for name in lineup}  # seats played, wins, draws, losses
        lengths = []
        for g in range(games):
            k = g % len(lineup)
            order = list(lineup[k:]) + list(lineup[:k])
            dice_rng, seat_rng = rng.spawn(2)
            labels = [f"{name} ({i + 1})" if order.count(name) > 1 else name for i, name in enumerate(order)]
            game = play_match(new_match(labels, dice_rng), [seats[n] for n in order], seat_rng)
            winners = game.outcome.winners  # type: ignore[union-attr]
            if length is not None:
                lengths.append(float(length(game)))
            for i, name in enumerate(order):
                result = 1 if winners == (i,) else 2 if i in winners or not winners else 3
                tally[name][0] += 1
                tally[name][result] += 1
        for name in dict.fromkeys(lineup):
            played, wins, draws, losses = tally[name]
            estimate = wilson_interval(wins, played, z)
            others = [n for n in lineup if n != name] or [name]
            counts = {n: others.count(n) for n in others}
            row = {
                "player": name,
                "opponents": " + ".join(n if k == 1 else f"{n} ×{k}" for n, k in counts.items()),
                "games": games,
                "seats": played,
                "wins": wins,
                "draws": draws,
                "losses": losses,
                "win_rate": wins / played,
                "ci_low": estimate.low,
                "ci_high": estimate.high,
            }
            if length is not None:
                row["mean_length"] = float(np.mean(lengths))
            rows.append(row)
    return rows
