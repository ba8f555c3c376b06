"""The README works on PyPI as in a clone; docs/install.md lists every extra."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
SET_UP = [
    "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/tonk simulate"
    " --preset pagat --players 3 --hands 10000 --seed 1",
    "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/python"
    " -m pytest",
]
GUIDES = [
    "five-minutes",
    "tutorial",
    "bots",
    "training",
    "server",
    "records",
    "cli",
    "environments",
]


def blocks(text: str) -> list[tuple[str, str]]:
    """Return the fenced code blocks as (language, code)."""
    return re.findall(r"```(\w*)\n(.*?)```", text, flags=re.DOTALL)


def test_the_two_set_up_commands_come_first() -> None:
    before = README.split("```", 1)[0]
    assert before.strip() == "# tonk"
    assert [code.strip() for _, code in blocks(README)[:2]] == SET_UP


def test_the_readme_shows_the_pypi_install() -> None:
    assert "pip install tonk" in README


def test_no_relative_links_and_no_myst_markup() -> None:
    links = re.findall(r"\]\(([^)]*)\)", README)
    assert [link for link in links if not link.startswith("https://")] == []
    for markup in ("{doc}", "{func}", "{class}", "{mod}", "```{", ":::", "(#"):
        assert markup not in README


@pytest.mark.parametrize("guide", GUIDES)
def test_the_readme_points_to_every_guide(guide: str) -> None:
    assert f"docs/{guide}.md" in README


def test_the_readme_python_runs(capsys: pytest.CaptureFixture[str]) -> None:
    namespace: dict[str, object] = {}
    for language, code in blocks(README):
        if language == "python":
            exec(code, namespace)
    out = capsys.readouterr().out
    assert "payoffs: " in out  # print(state) of the finished hand
    assert "session: pagat rules, 100 hands dealt" in out


def test_install_lists_every_extra_of_pyproject() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"
    ]["optional-dependencies"]
    install = (ROOT / "docs" / "install.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| `([a-z]+)` \|", install, flags=re.MULTILINE))
    assert set(extras) <= listed
