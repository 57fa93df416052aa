"""README's Quickstart: exactly two commands, both true to the project."""

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def quickstart_commands() -> list[str]:
    section = README.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```bash\n(.*?)```", section, flags=re.S)]


def test_quickstart_has_exactly_two_commands():
    commands = quickstart_commands()
    assert len(commands) == 2 and all("\n" not in c for c in commands)
    lab, test = commands
    assert 'pip install -e ".[lab]"' in lab and "jupyter lab notebooks/01_play_dice_poker.ipynb" in lab
    assert test == 'python -m pip install -e ".[test]" && python -m pytest'
    assert (ROOT / "notebooks" / "01_play_dice_poker.ipynb").exists()


def test_ci_runs_the_readme_test_command():
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    extract = re.search(r'test_command="\$\((.*)\)"', script).group(1)
    out = subprocess.run(["bash", "-c", extract], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == quickstart_commands()[1]


def test_extras_named_in_quickstart_exist():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert "\nlab = [" in pyproject and "\ntest = [" in pyproject
