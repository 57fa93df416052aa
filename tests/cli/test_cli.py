"""The command line: python -m dicepoker."""

import json
import subprocess
import sys

from fresh_imports import modules_loaded_by

from dicepoker.cli.main import main


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dicepoker", *args], capture_output=True, text=True)


def test_help_lists_subcommands():
    out = run("--help")
    assert out.returncode == 0 and "rules" in out.stdout


def test_rules_json(capsys):
    assert main(["rules", "--game", "yahtzee", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "yahtzee" and len(data["boxes"]) == 13


def test_unknown_game_is_a_clear_error():
    out = run("rules", "--game", "chess")
    assert out.returncode == 2 and "invalid choice: 'chess'" in out.stderr


def test_each_command_names_the_module_that_adds_it():
    """`SUBCOMMANDS` must stay true: the whole parser's commands are exactly its keys (and `rules`),
    and a parser built for one command gives that command the same help as the whole parser."""
    from dicepoker.cli.main import SUBCOMMANDS, build_parser

    def commands(parser):
        return parser._subparsers._group_actions[0].choices  # noqa: SLF001 - argparse keeps them there

    whole = commands(build_parser())
    assert list(whole) == ["rules", *SUBCOMMANDS]
    for command in SUBCOMMANDS:
        alone = commands(build_parser(command=command))
        same_module = {c for c, module in SUBCOMMANDS.items() if module == SUBCOMMANDS[command]}
        assert set(alone) == {"rules", *same_module}  # solve.py adds solve and simulate
        assert alone[command].format_help() == whole[command].format_help()


def test_a_command_imports_only_its_own_module():
    """`dicepoker rules` and `dicepoker odds` do not import pandas and the class tournament's bots
    (every module imported made each command take a whole second)."""
    code = (
        "from dicepoker.cli.main import main\n"
        "main(['--lang', 'ro', 'rules', '--json']); main(['odds', '--game', 'yatzy', '--json'])"
    )
    assert modules_loaded_by(code, ["pandas", "dicepoker.lessons.class_tournament"]) == []
    assert run("--lang", "ro", "tournament", "--games", "0", "x").returncode == 2  # its own checks still run
