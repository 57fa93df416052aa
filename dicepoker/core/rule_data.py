"""A frozen rule set as plain JSON-able data: its JSON text written once, read back on every save.

A rule set (a frozen dataclass) mixes this in; every save writes its rule set, so the text is
kept, and :meth:`to_dict` hands out a fresh copy each time.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Toy(RuleSetAsData):
...     lives: int = 3
>>> Toy().to_dict(), Toy().to_dict() is Toy().to_dict()
({'lives': 3}, False)
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


class RuleSetAsData:
    """``to_dict()`` from JSON text computed once, and the check that data read back has its types."""

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
