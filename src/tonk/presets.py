"""Named rule sets: each preset is a plain :class:`~tonk.rules.Rules`.

Examples:
    >>> from tonk import presets
    >>> presets.get("pagat") == presets.PAGAT
    True
    >>> presets.names()
    ('pagat',)
"""

from __future__ import annotations

from tonk.errors import RulesError
from tonk.rules import Rules

__all__ = ["PAGAT", "get", "names"]

PAGAT = Rules()
"""pagat.com's "typical version" of Tonk: B1–B15 exactly (the default).

Source: John McLeod, pagat.com, "Tonk". Readings: B14 (nothing is drawn from an
empty stock; ties for lowest are all paid) and B15 (200 completed turns end the
hand as a stock exhaustion)."""

_PRESETS: dict[str, Rules] = {"pagat": PAGAT}
_ALIASES: dict[str, str] = {"standard": "pagat", "typical": "pagat", "default": "pagat"}


def names() -> tuple[str, ...]:
    """Return the names of every preset, sorted.

    Examples:
        >>> "pagat" in names()
        True
    """
    return tuple(sorted(_PRESETS))


def get(name: str) -> Rules:
    """Return the preset called ``name`` (case, ``-`` and spaces are ignored).

    Raises:
        RulesError: If no preset has that name; the message lists the known names.

    Examples:
        >>> get("Pagat") == Rules()
        True
        >>> get("klondike")
        Traceback (most recent call last):
        ...
        tonk.errors.RulesError: no preset named 'klondike'; known presets: pagat
    """
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    key = _ALIASES.get(key, key)
    try:
        return _PRESETS[key]
    except KeyError:
        raise RulesError(
            f"no preset named {name!r}; known presets: {', '.join(names())}"
        ) from None
