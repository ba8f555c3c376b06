"""Hypothesis profiles for the test suite.

Choose one with the ``HYPOTHESIS_PROFILE`` environment variable:

- ``dev`` (the default): 100 examples per property.
- ``ci`` (the default when ``CI`` is set to true): 500 examples, derandomized so
  that every CI run tries the same examples and a failure can be reproduced.
- ``fast``: 20 examples, for a quick check while editing.

Deadlines are off everywhere: timings vary too much between machines.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("dev", max_examples=100, deadline=None)
settings.register_profile(
    "ci",
    max_examples=500,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
)
settings.register_profile("fast", max_examples=20, deadline=None)


def _profile_name() -> str:
    chosen = os.environ.get("HYPOTHESIS_PROFILE", "").strip()
    if chosen:
        return chosen
    if os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}:
        return "ci"
    return "dev"


settings.load_profile(_profile_name())
