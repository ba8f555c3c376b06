"""The engine reads by rule: its functions say what they do and which rule.

Ruff's docstring rules skip private modules, so this test holds the engine's
private modules to the same standard, and asks more of the transitions: every
``apply_*`` and ``*_actions`` function names the rules it implements by ID
(docs/rules/), so that one search for a rule ID finds its code.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import tonk

ENGINE_MODULES = (
    "_compiled",
    "_deal",
    "_slap_in",
    "_spreads",
    "_transition",
    "_turn",
    "engine",
    "scoring",
)
RULE_ID = re.compile(r"\b[BVXH]\d+[a-z]?\b")
SOURCE = Path(tonk.__file__).parent


def _functions(module: str) -> list[ast.FunctionDef]:
    tree = ast.parse((SOURCE / f"{module}.py").read_text(encoding="utf-8"))
    return [node for node in tree.body if isinstance(node, ast.FunctionDef)]


def _is_rule_entry(name: str) -> bool:
    return name.startswith("apply_") or name.endswith("_actions")


@pytest.mark.parametrize("module", ENGINE_MODULES)
def test_every_engine_function_has_a_docstring(module: str) -> None:
    missing = [f.name for f in _functions(module) if ast.get_docstring(f) is None]
    assert missing == [], f"tonk/{module}.py: functions without a docstring"


@pytest.mark.parametrize("module", ENGINE_MODULES)
def test_transitions_and_action_lists_cite_their_rules(module: str) -> None:
    uncited = [
        f.name
        for f in _functions(module)
        if _is_rule_entry(f.name) and not RULE_ID.search(ast.get_docstring(f) or "")
    ]
    assert uncited == [], f"tonk/{module}.py: transitions without a rule ID"


def test_the_check_sees_the_transitions() -> None:
    # The two tests above would pass over an empty list: make sure they see
    # the transitions and the action lists of the turn.
    names = {f.name for f in _functions("_turn")}
    assert {"apply_drop", "apply_discard", "play_actions"} <= names
