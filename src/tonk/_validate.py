"""Private run-time checks of values that may come from untrusted callers."""

from __future__ import annotations


def is_int(value: object) -> bool:
    """Return whether ``value`` is an int and not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)
