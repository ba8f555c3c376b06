"""Private: the text and the picture of a value, drawn by the modules above it.

``str()`` and ``format()`` of a :class:`~tonk.GameState`, an
:class:`~tonk.Observation`, a :class:`~tonk.GameRecord`, a
:class:`~tonk.Session` and a :class:`~tonk.bots.TournamentResult` are written
by :mod:`tonk.text`, and their ``_repr_svg_`` (Jupyter) drawn by
:mod:`tonk.svg`. Those two modules import the classes they show, and imports
run one way (docs/maintainers.md, "Layers"), so the classes cannot import
them. Instead each class asks this module (:func:`text`, :func:`svg`), and
:mod:`tonk.text` and :mod:`tonk.svg` register their functions here when they
are imported (:func:`add_text`, :func:`add_svg`). ``tonk/__init__`` imports
both, and Python runs it before any module of the package, so they are
registered before any of these values exists. A value of a subclass is
shown as its nearest registered class's values are.

Examples:
    >>> import tonk
    >>> state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
    >>> text(state) == str(state) and text(state, "ascii") == f"{state:ascii}"
    True
    >>> svg(state) == tonk.svg.draw(state)
    True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["add_svg", "add_text", "is_ascii_spec", "plural", "svg", "text"]

_TEXT: dict[type, Callable[..., str]] = {}
_SVG: dict[type, Callable[[Any], str]] = {}

_Shown = TypeVar("_Shown")


def is_ascii_spec(spec: str) -> bool:
    """Return whether a format spec asks for ASCII (``"ascii"``) or glyphs (``""``).

    Raises:
        ValueError: For any other spec.

    Examples:
        >>> is_ascii_spec("ascii"), is_ascii_spec("")
        (True, False)
        >>> is_ascii_spec("html")
        Traceback (most recent call last):
        ...
        ValueError: unknown format spec 'html': expected '' or 'ascii'
    """
    if spec not in ("", "ascii"):
        raise ValueError(f"unknown format spec {spec!r}: expected '' or 'ascii'")
    return spec == "ascii"


def plural(count: int, noun: str) -> str:
    """Return ``count`` and ``noun``, in the plural unless the count is 1.

    Examples:
        >>> plural(1, "hand"), plural(2, "hand"), plural(0, "card")
        ('1 hand', '2 hands', '0 cards')
    """
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def add_text(kind: type, write: Callable[..., str]) -> None:
    """Register ``write(value, *, ascii=...)`` as the text of ``kind``'s values."""
    _TEXT[kind] = write


def add_svg(kind: type, draw: Callable[[Any], str]) -> None:
    """Register ``draw(value)`` as the SVG picture of ``kind``'s values."""
    _SVG[kind] = draw


def _registered(table: dict[type, _Shown], value: object, what: str) -> _Shown:
    """Return what ``table`` holds for ``value``'s class, or its nearest base's.

    Raises:
        TypeError: If it holds nothing for the class or any of its bases.
    """
    for kind in type(value).__mro__:
        if kind in table:
            return table[kind]
    raise TypeError(f"no {what} is registered for {type(value).__name__}")


def text(value: object, spec: str = "") -> str:
    """Return ``value``'s text, in ASCII if ``spec`` asks (:func:`is_ascii_spec`).

    Raises:
        ValueError: If ``spec`` is neither ``""`` nor ``"ascii"``.
        TypeError: If no text is registered for ``value``'s class or its bases.
    """
    return _registered(_TEXT, value, "text")(value, ascii=is_ascii_spec(spec))


def svg(value: object) -> str:
    """Return ``value``'s SVG picture.

    Raises:
        TypeError: If no picture is registered for ``value``'s class or its bases.
    """
    return _registered(_SVG, value, "picture")(value)
