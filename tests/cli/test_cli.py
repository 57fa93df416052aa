"""The command line: python -m dicepoker."""

import json
import subprocess
import sys

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
