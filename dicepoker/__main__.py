"""``python -m dicepoker``: the command line."""

from dicepoker.cli.main import main

raise SystemExit(main())
