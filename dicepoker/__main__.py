"""``python -m dicepoker``: the command line (its usage line says ``python -m dicepoker``)."""

from dicepoker.cli.main import main

raise SystemExit(main(prog="python -m dicepoker"))
