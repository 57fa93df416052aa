"""``python -m dicepoker``: the command line."""

from .cli import main

raise SystemExit(main())
