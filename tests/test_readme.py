"""README's Quickstart: exactly two commands, both true to the project."""

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def quickstart_commands() -> list[str]:
    section = README.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```bash\n(.*?)```", section, flags=re.S)]


def test_quickstart_has_exactly_two_commands():
    commands = quickstart_commands()
    assert len(commands) == 2 and all("\n" not in c for c in commands)
    lab, test = commands
    assert 'pip install -e ".[lab]"' in lab
    # rooted at the repository (apps/ within reach), the first lesson open
    assert "jupyter lab --ServerApp.root_dir=. notebooks/01_play_dice_poker.ipynb" in lab
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


@pytest.mark.slow
def test_the_python_tour_runs_and_its_comments_hold(tmp_path, monkeypatch):
    """Every line of README's "The kit in a few lines" runs; the numbers its comments quote are true."""
    import fractions

    import dicepoker

    code = re.search(r"## The kit in a few lines\n\n```python\n(.*?)```", README, flags=re.S).group(1)
    monkeypatch.chdir(tmp_path)
    namespace: dict = {}
    results = {}
    for line in filter(str.strip, code.splitlines()):
        statement = line.split("  #")[0].rstrip()
        try:
            results[statement] = eval(statement, namespace)
        except SyntaxError:
            exec(statement, namespace)
    assert results['dp.find_game("classic").score("Pair", "55321")'] == 16
    assert results['dp.find_game("two_part").score("Poker", "44444", first_roll=True)'] == 90
    full_house = fractions.Fraction(25, 648)
    assert results['dp.one_roll_probability("Full House")'] == full_house
    assert results['dp.closed_form_probability("Full House")'] == full_house
    within = results['dp.within_three_probability("Full House")']
    assert within == fractions.Fraction(5485535, 15116544)
    estimate = results['dp.simulate_within_three("Full House", n=100_000, rng=1)']
    assert f"{estimate.value:.5f}" in README and estimate.low <= within <= estimate.high
    advice = results['dp.best_keep("Large Straight", "23466")']
    assert str(advice.keep) == "2346" and f"{float(advice.chance):.4f}" in README
    optimal = results['dp.solve("classic").expected_score']
    assert f"{optimal:.4f}" in README
    assert isinstance(namespace["game"], dicepoker.ScorecardGame)
