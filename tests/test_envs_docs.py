"""The ``docs`` extra installs every framework the pages use.

The pages run the adapters' examples (``sphinx-build -b doctest``) and
document their modules, so ``sphinx-build -n -W`` from the ``docs`` extra
alone needs OpenSpiel, PettingZoo and Gymnasium.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).parent.parent
EXTRA_OF = {
    "openspiel": "openspiel",
    "pettingzoo": "pettingzoo",
    "gymnasium": "gymnasium",
    "vector": "gymnasium",
}
"""The extra each adapter (a module of tonk.envs) needs."""


def adapters() -> set[str]:
    """Return the adapters that the pages import or document."""
    found: set[str] = set()
    for page in (ROOT / "docs").rglob("*.md"):
        text = page.read_text(encoding="utf-8")
        found.update(re.findall(r"tonk\.envs\.(\w+)", text))
        found.update(re.findall(r"from tonk\.envs import (\w+)", text))
    return found & set(EXTRA_OF)


def docs_extras() -> set[str]:
    """Return the extras of tonk that the ``docs`` extra includes."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    requirements = project["project"]["optional-dependencies"]["docs"]
    included: set[str] = set()
    for requirement in requirements:
        match = re.fullmatch(r"tonk\[([\w,]+)\]", requirement)
        if match:
            included.update(match.group(1).split(","))
    return included


def test_the_docs_extra_installs_every_adapter_the_pages_use() -> None:
    used = adapters()
    assert used >= {"openspiel", "pettingzoo", "gymnasium"}
    assert {EXTRA_OF[name] for name in used} <= docs_extras()
