"""A frozen rule set as plain JSON-able data: its JSON text written once, read back on every save.

A rule set (a frozen dataclass) mixes this in; every save writes its rule set, so the text is
kept, and :meth:`to_dict` hands out a fresh copy each time. A rule set is also the key of every
table kept for it (solutions, turn tables, strategies' tables), looked up at each move of a
simulated game: its hash is computed once (a dataclass's own hash walks every box again each
time), and copying a game shares its rule set, which nothing can change, instead of copying it.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Toy(RuleSetAsData):
...     lives: int = 3
>>> Toy().to_dict(), Toy().to_dict() is Toy().to_dict()
({'lives': 3}, False)
>>> hash(Toy()) == hash(Toy(lives=3)) and Toy() == Toy(lives=3) and Toy() != Toy(lives=4)
True
>>> import copy
>>> rules = Toy(); copy.deepcopy(rules) is rules
True
>>> Toy()._refuse_mistyped({"lives": "3"}, "toy")
Traceback (most recent call last):
...
dicepoker.core.errors.DicePokerError: not a toy rule set: fields of the wrong type
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from functools import cached_property
from typing import Any

from dicepoker.core.errors import DicePokerError

_HASH = "_rule_set_hash"  # where an instance keeps its hash (never pickled: str hashes differ by process)


class RuleSetAsData:
    """``to_dict()`` from JSON text computed once, and the check that data read back has its types;
    a hash computed once, and copies that are the rule set itself (it is frozen, its fields too)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # ``@dataclass(frozen=True)`` writes its own ``__hash__`` unless the class has one, so each
        # rule set gets this one in its own namespace before the decorator runs
        super().__init_subclass__(**kwargs)
        cls.__hash__ = RuleSetAsData._hash_once  # type: ignore[method-assign]

    def _hash_once(self) -> int:
        """The dataclass's hash (of the fields it compares), computed on first use and kept."""
        try:
            return self.__dict__[_HASH]
        except KeyError:
            fields = dataclasses.fields(self)  # type: ignore[arg-type]
            kept = self.__dict__[_HASH] = hash(
                tuple(getattr(self, f.name) for f in fields if (f.compare if f.hash is None else f.hash))
            )
            return kept

    def __getstate__(self) -> dict[str, Any]:
        return {name: value for name, value in self.__dict__.items() if name != _HASH}

    def __copy__(self) -> RuleSetAsData:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> RuleSetAsData:
        return self

    def to_dict(self) -> dict[str, Any]:
        """The rule set as plain JSON-able data (a fresh copy each time: every save writes it)."""
        return json.loads(self._json_text)

    @cached_property
    def _json_text(self) -> str:
        return json.dumps(dataclasses.asdict(self))  # type: ignore[call-overload]

    def _refuse_mistyped(self, data: Mapping[str, Any], what: str) -> None:
        """Refuse ``data`` unless this rule set, built from it, writes the same data back."""
        if self.to_dict() != json.loads(json.dumps(dict(data))):
            raise DicePokerError(f"not a {what} rule set: fields of the wrong type")
