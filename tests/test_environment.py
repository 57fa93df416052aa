"""The Binder environment (environment.yml + postBuild) agrees with pyproject and with what runs here.

Binder cannot be built on this machine (no Docker, no conda), so these checks stand in for it:
every runtime dependency of the package is in environment.yml, every package environment.yml lists
imports here at the pinned minor version, postBuild installs the package itself, and README links
the kit and every notebook on Binder.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
import urllib.parse
from importlib import import_module
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

REPO = Path(__file__).resolve().parents[1]
ENVIRONMENT = REPO / "environment.yml"
POSTBUILD = REPO / "postBuild"
PYPROJECT = REPO / "pyproject.toml"
README = REPO / "README.md"
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))
BINDER_LINK = re.compile(
    r"https://mybinder\.org/v2/gh/(?P<repo>[^/\s)]+/[^/\s)]+)/(?P<ref>[^?\s)]+)(?:\?(?P<query>[^\s)]*))?"
)
BINDER_BADGE = re.compile(r"\[!\[[^\]]*\]\(https://mybinder\.org/badge_logo\.svg\)\]\((?P<link>[^)\s]+)\)")

# conda-forge names whose import name differs from the name (the default is name with - -> _)
IMPORT_NAMES = {"pyyaml": "yaml", "scikit-learn": "sklearn", "beautifulsoup4": "bs4"}
# packages repo2docker needs that are not dependencies of the kit itself
TOOLING = {"python", "pip"}

_SPEC = re.compile(r"^(?P<name>[A-Za-z0-9_.\-]+)\s*(?:(?P<op>==|=|>=|<=|>|<|~=)\s*(?P<version>\S+))?$")


def parse_conda_spec(spec: str) -> tuple[str, str, str]:
    """Split a conda match spec into (canonical name, operator, version); unpinned gives ("", "").

    >>> parse_conda_spec("numpy=2.4")
    ('numpy', '=', '2.4')
    >>> parse_conda_spec("PyYAML")
    ('pyyaml', '', '')
    """
    match = _SPEC.match(spec.strip())
    if match is None:
        raise ValueError(f"environment.yml entry {spec!r} is not a plain conda match spec 'name=X.Y'")
    return canonicalize_name(match["name"]), match["op"] or "", (match["version"] or "").rstrip(".*")


def environment() -> dict:
    return yaml.safe_load(ENVIRONMENT.read_text(encoding="utf-8"))


def conda_entries() -> dict[str, tuple[str, str]]:
    """The conda (not pip-section) dependencies of environment.yml: name -> (operator, version)."""
    entries = {}
    for item in environment().get("dependencies", []):
        if isinstance(item, str):
            name, op, ver = parse_conda_spec(item)
            entries[name] = (op, ver)
    return entries


def pyproject() -> dict:
    return tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))


def runtime_requirements() -> list[Requirement]:
    return [Requirement(text) for text in pyproject()["project"].get("dependencies", [])]


def extra_requirement_names() -> set[str]:
    extras = pyproject()["project"].get("optional-dependencies", {})
    return {canonicalize_name(Requirement(text).name) for group in extras.values() for text in group}


def minor(text: str) -> tuple[int, int]:
    release = Version(text).release
    return release[0], (release[1] if len(release) > 1 else 0)


def test_environment_uses_only_conda_forge():
    channels = environment().get("channels")
    assert channels == ["conda-forge"], (
        f"environment.yml channels {channels!r}: Binder should use conda-forge"
    )


def test_every_entry_is_a_plain_pin():
    for item in environment()["dependencies"]:
        assert isinstance(item, str), f"environment.yml entry {item!r}: the package comes from postBuild"
        name, op, ver = parse_conda_spec(item)
        if name == "pip":
            continue
        assert op == "=" and len(Version(ver).release) == 2, f"{item!r} should pin a minor: '{name}=X.Y'"


def test_python_minor_is_pinned_supported_and_the_one_running_here():
    op, pinned = conda_entries()["python"]
    requires = pyproject()["project"]["requires-python"]
    assert op == "=", "environment.yml must pin the Python minor (python=3.X)"
    assert Requirement(f"python{requires}").specifier.contains(pinned), (pinned, requires)
    assert minor(pinned) == sys.version_info[:2], f"tests run on {sys.version_info[:2]}, Binder on {pinned}"


def test_pip_is_listed_for_postbuild():
    assert "pip" in conda_entries(), "postBuild runs `python -m pip`: environment.yml must list pip"


def test_every_runtime_dependency_of_pyproject_is_in_environment():
    entries = conda_entries()
    missing = [str(req) for req in runtime_requirements() if canonicalize_name(req.name) not in entries]
    assert not missing, f"pyproject [project].dependencies missing from environment.yml: {missing}"


def test_environment_pins_satisfy_pyproject():
    entries = conda_entries()
    for req in runtime_requirements():
        if canonicalize_name(req.name) not in entries:
            continue  # reported by the test above
        op, pinned = entries[canonicalize_name(req.name)]
        assert req.specifier.contains(pinned), (
            f"environment.yml pins {req.name}={pinned}; pyproject wants {req}"
        )


def test_environment_lists_nothing_pyproject_does_not_know():
    known = {canonicalize_name(req.name) for req in runtime_requirements()} | extra_requirement_names()
    stray = sorted(set(conda_entries()) - known - TOOLING)
    assert not stray, f"environment.yml lists {stray}: add them to pyproject (dependencies or an extra)"


@pytest.mark.parametrize("name", sorted(set(conda_entries()) - {"python"}))
def test_listed_package_imports_at_the_pinned_minor(name):
    op, pinned = conda_entries()[name]
    import_module(IMPORT_NAMES.get(name, name.replace("-", "_")))
    try:
        installed = version(name)
    except PackageNotFoundError:
        pytest.fail(f"{name} imports but pip has no distribution called {name!r}")
    if pinned:
        assert minor(installed) == minor(pinned), (
            f"environment.yml pins {name}={pinned}, pip installed {installed}"
        )


def test_postbuild_is_an_executable_script():
    assert POSTBUILD.is_file(), "Binder needs ./postBuild to install the local package"
    assert os.access(POSTBUILD, os.X_OK), "postBuild must be executable (chmod +x postBuild)"
    assert POSTBUILD.read_text(encoding="utf-8").startswith("#!"), "postBuild needs a #! line"
    if shutil.which("bash"):
        subprocess.run(["bash", "-n", str(POSTBUILD)], check=True)


def test_postbuild_installs_the_package_without_touching_dependencies():
    commands = [shlex.split(line) for line in POSTBUILD.read_text(encoding="utf-8").splitlines()]
    installs = [words for words in commands if "pip" in words and "install" in words]
    assert installs, "postBuild should run `python -m pip install --no-deps -e .`"
    words = installs[0]
    assert "." in words, f"postBuild's pip install {words} does not install the repository (.)"
    assert "--no-deps" in words, "postBuild must not let pip replace conda-forge's packages (--no-deps)"


def test_postbuild_is_executable_in_git():
    if not (REPO / ".git").exists() or shutil.which("git") is None:
        pytest.skip("not a git checkout: Binder reads the mode from git")
    staged = subprocess.run(
        ["git", "ls-files", "--stage", "postBuild"], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout.split()
    if not staged:
        pytest.skip("postBuild is not committed yet")
    assert staged[0] == "100755", f"git stores postBuild as {staged[0]}; Binder needs 100755"


def binder_links() -> list[re.Match]:
    return list(BINDER_LINK.finditer(README.read_text(encoding="utf-8")))


def labpath(link: re.Match) -> str | None:
    """The notebook a Binder link opens in JupyterLab (its ``labpath``), or None."""
    values = urllib.parse.parse_qs(link["query"] or "").get("labpath")
    return values[0] if values else None


def test_labpath_reads_the_notebook_from_a_binder_link():
    link = BINDER_LINK.search("https://mybinder.org/v2/gh/o/r/HEAD?labpath=notebooks%2F01_x.ipynb")
    assert (link["repo"], link["ref"], labpath(link)) == ("o/r", "HEAD", "notebooks/01_x.ipynb")


def test_readme_has_a_binder_badge_for_the_kit():
    badges = BINDER_BADGE.findall(README.read_text(encoding="utf-8"))
    assert any(BINDER_LINK.match(link) for link in badges), (
        "README needs a Binder badge: [![Binder](https://mybinder.org/badge_logo.svg)](https://mybinder.org/v2/gh/OWNER/REPO/HEAD)"
    )


def test_binder_links_all_open_the_same_repository_at_head():
    targets = {(link["repo"], link["ref"]) for link in binder_links()}
    assert len(targets) == 1, f"README's Binder links open different repositories or refs: {sorted(targets)}"
    assert targets.pop()[1] == "HEAD", "Binder links should open HEAD (the default branch's latest commit)"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda path: path.stem)
def test_readme_opens_every_notebook_on_binder(notebook):
    opened = {labpath(link) for link in binder_links()}
    wanted = f"notebooks/{notebook.name}"
    assert wanted in opened, (
        f"README has no Binder link for {wanted}: add a badge linking "
        f"https://mybinder.org/v2/gh/OWNER/REPO/HEAD?labpath={urllib.parse.quote(wanted, safe='')}"
    )


def test_binder_and_ci_install_the_thai_font():
    """Thai lessons need a Thai font, or their text is drawn as boxes: Binder's apt.txt and CI install
    Debian's fonts-thai-tlwg."""
    apt = [line.strip() for line in (REPO / "apt.txt").read_text(encoding="utf-8").splitlines()]
    assert "fonts-thai-tlwg" in [line for line in apt if line and not line.startswith("#")]
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"apt-get install [^\n]*fonts-thai-tlwg", ci)
