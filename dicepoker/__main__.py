"""``python -m dicepoker``: the command line."""

from dicepoker.cli import main

raise SystemExit(main())
