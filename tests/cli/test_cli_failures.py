"""The command line never shows a traceback: bad arguments and output that cannot be written end
with a one-line message and a non-zero exit code."""

import io
import subprocess
import sys

import pytest

from dicepoker.cli.main import main

COMMANDS = {
    "rules": ["rules"],
    "rules --json": ["rules", "--game", "board", "--json"],
    "odds": ["odds", "--game", "bluff"],
    "simulate": ["simulate", "--game", "yatzy", "--strategy", "random", "--games", "2", "--seed", "1"],
    "--help": ["--help"],
    "--version": ["--version"],
    "no command": [],
}


def run(args: list[str], **streams) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "dicepoker", *args], stderr=subprocess.PIPE, text=True, timeout=120, **streams
    )


def assert_one_line_failure(out: subprocess.CompletedProcess, code: int, message: str) -> None:
    assert "Traceback" not in out.stderr and "Exception ignored" not in out.stderr, out.stderr
    assert out.returncode == code, out.stderr
    assert out.stderr.strip().splitlines()[-1].startswith(message)


# each case starts the command line in a new process (half a second): left out of the fast loop
NEW_PROCESS = pytest.mark.slow


@NEW_PROCESS
@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--seed", "-1", "--games", "2"],
        ["simulate", "--seed", "x"],
        ["simulate", "--seed", "1.5"],
        ["simulate", "--games", "0"],
        ["simulate", "--games", "-3"],
    ],
    ids=" ".join,
)
def test_a_bad_seed_or_number_of_games_is_a_usage_error(args):
    out = run(args, stdout=subprocess.PIPE)
    assert_one_line_failure(out, 2, "python -m dicepoker simulate: error: argument")
    assert "is not a whole number of at least" in out.stderr


@NEW_PROCESS
@pytest.mark.parametrize("command", COMMANDS)
def test_output_to_a_full_disk_is_a_one_line_error(command):
    with open("/dev/full", "w") as full:
        out = run(COMMANDS[command], stdout=full)
    assert_one_line_failure(out, 1, "error: cannot write the output: No space left on device")


@NEW_PROCESS
@pytest.mark.parametrize("command", COMMANDS)
def test_output_to_a_closed_stream_is_a_one_line_error(command):
    out = subprocess.run(  # the shell's ">&-" starts the command with its standard output closed
        f"{sys.executable} -m dicepoker {' '.join(COMMANDS[command])} >&-",
        shell=True,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
    )
    assert_one_line_failure(out, 1, "error: cannot write the output: standard output is closed")


@NEW_PROCESS
@pytest.mark.parametrize("command", ["odds", "rules"])
def test_output_to_a_pipe_closed_by_its_reader_is_a_one_line_error(command):
    with subprocess.Popen(
        [sys.executable, "-m", "dicepoker", *COMMANDS[command]],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:
        process.stdout.close()  # the reader is gone before anything is written (like "| head -0")
        stderr = process.stderr.read()
        process.wait(timeout=120)
    out = subprocess.CompletedProcess(process.args, process.returncode, None, stderr)
    assert_one_line_failure(out, 1, "error: cannot write the output: Broken pipe")


def test_output_to_a_closed_file_object_in_process(monkeypatch):
    closed, errors = io.StringIO(), io.StringIO()
    closed.close()
    monkeypatch.setattr(sys, "stdout", closed)
    monkeypatch.setattr(sys, "stderr", errors)
    assert main(["rules"]) == 1
    assert errors.getvalue() == "error: cannot write the output: standard output is closed\n"


def test_a_good_command_still_succeeds(capsys):
    assert main(COMMANDS["simulate"]) == 0
    assert capsys.readouterr().out.startswith("random on yatzy, 2 games (seed 1)")
