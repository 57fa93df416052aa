"""The mechanism of a game registry: entries that say where a game's parts live, loaded on first use.

This module knows no game by name: ``dicepoker.games`` lists the games, one :class:`GameEntry`
a line, and a fifth game is registered there. Each part is written ``"module:attribute"``, so
registering a game imports nothing, and drawing a game never imports its widget.

>>> entry = GameEntry("toy", family="toy", rules="fractions:Fraction", engine="fractions:Fraction",
...                   widget="fractions:Fraction", combinations="fractions:Fraction")
>>> registry = Registry([entry])
>>> registry.names, registry.entry("toy").load("rules").__name__
(('toy',), 'Fraction')
>>> registry.entry("chess")
Traceback (most recent call last):
...
dicepoker.core.errors.UnknownNameError: no game 'chess'; the games are: toy
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from dicepoker.core.errors import UnknownNameError

PARTS = ("rules", "engine", "widget", "combinations", "describe", "bots", "bot_names", "tournament")


@dataclass(frozen=True)
class GameEntry:
    """One registered game or preset and where its parts live (each ``"module:attribute"``).

    ``rules`` is the rule set (a frozen dataclass), ``engine`` the class that plays it (the Game
    protocol of :mod:`dicepoker.core.protocol`), ``widget`` the function that opens its play widget
    (``widget(rules, seats=..., names=..., seed=...)``), ``combinations`` the function that lists
    its catalogue of :class:`~dicepoker.core.patterns.Combination` (``combinations(rules)``),
    ``describe`` its section of the rules page (``describe(rules, name, lang, level) -> list[str]``
    of Markdown; empty: the game has none), ``bots`` its computer players found by name (a mapping of
    each name to a function that makes the bot; every bot has the one shape ``bot(view, rng)`` of
    :class:`~dicepoker.core.match.Bot`), ``bot_names`` the function that says one of its bots'
    names in the current language (``bot_names(name) -> str | None``, ``None``: not its bot; empty:
    the game has no bots of its own), ``tournament`` its seeded tournament
    (``tournament(players, games=..., seed=..., rules=...)`` with ``.summary`` and ``.head_to_head``);
    ``family`` groups presets of one engine
    (``"scorecard"`` for classic, yahtzee, ...).
    """

    name: str
    family: str
    rules: str
    engine: str
    widget: str
    combinations: str
    describe: str = ""
    bots: str = ""
    bot_names: str = ""
    tournament: str = ""

    def load(self, part: str) -> Any:
        """The object that ``part`` (one of :data:`PARTS`) names, imported now."""
        if part not in PARTS:
            raise UnknownNameError(f"a game entry has no part {part!r}; the parts are: {', '.join(PARTS)}")
        module, _, attribute = getattr(self, part).partition(":")
        return getattr(import_module(module), attribute)


class Registry:
    """The games, found by name, in the order they were registered."""

    def __init__(self, entries: Iterable[GameEntry]) -> None:
        self._entries: dict[str, GameEntry] = {}
        for entry in entries:
            if entry.name in self._entries:
                raise ValueError(f"game {entry.name!r} is registered twice")
            self._entries[entry.name] = entry

    @property
    def names(self) -> tuple[str, ...]:
        """Every registered name, in order."""
        return tuple(self._entries)

    def entry(self, name: str) -> GameEntry:
        """The entry of the game called ``name``; an unknown name is refused with the list."""
        if not isinstance(name, str) or name not in self._entries:
            raise UnknownNameError(f"no game {name!r}; the games are: {', '.join(self._entries)}")
        return self._entries[name]

    def family(self, family: str) -> tuple[str, ...]:
        """The names of the games of one family (the presets of one engine)."""
        return tuple(name for name, e in self._entries.items() if e.family == family)
