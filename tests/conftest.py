"""Hypothesis profiles for the test suite, and fresh caches for mutation testing.

Choose one with the ``HYPOTHESIS_PROFILE`` environment variable:

- ``dev`` (the default): 25 examples per property, so that the whole suite runs
  in about a minute on two cores while editing. No example database: a run
  depends on nothing a run before it left behind (the ``find`` examples in
  the docstrings included); a failure prints the blob that reproduces it.
- ``ci`` (the default when ``CI`` is set to true, and what ``.ci/run`` sets):
  500 examples, derandomized so that every CI run tries the same examples and a
  failure can be reproduced.

Deadlines are off everywhere: timings vary too much between machines.

Under mutmut's first run, which records the functions each test reaches
(``MUTANT_UNDER_TEST=stats``), every test starts with every cache of tonk
empty (``tonk._cache.clear_caches``: compiled rule sets, card tables,
spread patterns, actions, drop settlements, the deal's blank states, the
JSON codecs...):
otherwise only the first test to reach a cached function would be recorded,
and its mutants would be tried against that test alone (docs/testing.md,
"Mutation testing").
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

from tonk._cache import clear_caches

settings.register_profile(
    "dev", max_examples=25, deadline=None, database=None, print_blob=True
)
settings.register_profile(
    "deep", max_examples=1500, deadline=None, database=None, print_blob=True
)
settings.register_profile(
    "ci",
    max_examples=500,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
)


def _profile_name() -> str:
    chosen = os.environ.get("HYPOTHESIS_PROFILE", "").strip()
    if chosen:
        return chosen
    if os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}:
        return "ci"
    return "dev"


settings.load_profile(_profile_name())


@pytest.fixture(autouse=True)
def _empty_caches_for_mutmut() -> None:
    # Under mutmut each test starts with empty caches: its first run records
    # the tests that reach each function, and a cache filled when the tests
    # were imported (a preset's card tables) would answer a mutant with the
    # original code's values.
    if os.environ.get("MUTANT_UNDER_TEST"):
        clear_caches()
