"""How much the suite's random runs try, by the Hypothesis profile.

A count written in a test is what it tries under CI's profile (500 examples a
property); the local ``dev`` profile (25) scales it down in proportion, so
that the whole suite runs in about a minute while CI still tries everything
(tests/conftest.py).
"""

from __future__ import annotations

from hypothesis import settings

CI_EXAMPLES = 500
"""Examples a property tries under CI's profile."""


def under_ci(count: int) -> int:
    """Return ``count`` scaled from CI's profile to the loaded one (at least 1)."""
    return max(1, count * settings().max_examples // CI_EXAMPLES)
