"""Private run-time checks of values that may come from untrusted callers.

Four things live here, each the one place that does it:

- :func:`is_int` and :func:`is_seed`: what an int argument and a seed may be;
- :func:`wrong_type`: the error for an argument of the wrong kind (a preset's
  name given as rules, an observation given as a state);
- :func:`read_int`: digits read from text, bounded *before* :func:`int` runs
  (Python refuses to convert more than 4,300 digits, with a bare ``ValueError``);
- :func:`brief`: any value shown in an error message, cut short, so that a
  huge int (which :func:`repr` refuses past 4,300 digits), a megabyte string or
  a deep container cannot break or bloat the error being built.

Examples:
    >>> brief(7), brief("QH"), brief(10**5000)
    ('7', "'QH'", '<int of 5001 digits>')
    >>> read_int("12"), read_int("9" * 5000), read_int("-3", signed=True)
    (12, None, -3)
"""

from __future__ import annotations

import math
import reprlib
from collections.abc import Callable
from typing import Any

MAX_DIGITS = 1000
"""The most digits a number read from text, or a seed, may have."""

_SEED_LIMIT = 10**MAX_DIGITS
_SEED_FAST = 1 << 64  # a plain int below this in size is a seed: no digit count
_SHOWN_DIGITS = 50  # ints with more digits are shown by their size
_COUNTED_BITS = 100_000  # past this, a digit count is an estimate


def is_int(value: object) -> bool:
    """Return whether ``value`` is an int and not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_seed(value: object) -> bool:
    """Return whether ``value`` is a seed: an int of at most :data:`MAX_DIGITS` digits.

    Examples:
        >>> is_seed(-7), is_seed(10**999), is_seed(10**1000), is_seed(True)
        (True, True, False, False)
    """
    return is_int(value) and abs(value) < _SEED_LIMIT  # type: ignore[arg-type]


def check_seed(seed: object, error: type[Exception]) -> None:
    """Refuse a seed that is not ``None`` or an int too long for a seed.

    Raises:
        TypeError: If ``seed`` is neither ``None`` nor an int.
        Exception: ``error``, with :func:`seed_problem`'s message, if it is too long.
    """
    if seed is None or (type(seed) is int and -_SEED_FAST < seed < _SEED_FAST):
        return  # the usual seed, told apart in one step
    if not is_int(seed):
        raise TypeError(f"seed must be an int or None, got {brief(seed)}")
    problem = seed_problem(seed)  # type: ignore[arg-type]
    if problem is not None:
        raise error(problem)


def seed_problem(seed: int) -> str | None:
    """Return why the int ``seed`` cannot be a seed (too many digits), or ``None``.

    Examples:
        >>> seed_problem(10**1000)
        'a seed must have at most 1000 digits, got <int of 1001 digits>'
    """
    if is_seed(seed):
        return None
    return f"a seed must have at most {MAX_DIGITS} digits, got {brief(seed)}"


def read_int(text: str, *, signed: bool = False) -> int | None:
    """Return the int ``text`` spells in ASCII digits, or ``None``.

    At most :data:`MAX_DIGITS` digits are read; a leading ``-`` only if
    ``signed``. Longer or other text gives ``None``, never a ``ValueError``.

    Examples:
        >>> read_int("007"), read_int("-1"), read_int("+1"), read_int("")
        (7, None, None, None)
    """
    digits = text[1:] if signed and text.startswith("-") else text
    if not (0 < len(digits) <= MAX_DIGITS and digits.isascii() and digits.isdigit()):
        return None
    return int(text)


def instance_of(kinds: type | tuple[type, ...]) -> Callable[[Any, Any, Any], None]:
    """Return an attrs validator: a value not of ``kinds`` raises :class:`TypeError`.

    As ``attrs.validators.instance_of``, but its message shows the value with
    :func:`brief`, so that a huge int gives the :class:`TypeError`, not a
    ``ValueError`` from :func:`repr`.

    Examples:
        >>> instance_of(bool)(None, _Named("flag"), 10**5000)
        Traceback (most recent call last):
        ...
        TypeError: flag must be a bool, got <int of 5001 digits>
    """
    names = " or ".join(
        kind.__name__ for kind in (kinds if isinstance(kinds, tuple) else (kinds,))
    )

    def check(instance: Any, attribute: Any, value: Any) -> None:
        if not isinstance(value, kinds):
            raise TypeError(f"{attribute.name} must be a {names}, got {brief(value)}")

    return check


class _Named:
    """A stand-in for an attrs attribute in :func:`instance_of`'s doctest."""

    def __init__(self, name: str) -> None:
        self.name = name


def is_text(value: object) -> bool:
    """Return whether ``value`` is text (``str`` or ``bytes``), not a list of items."""
    return isinstance(value, str | bytes)


def _digits(value: int) -> str:
    """Return how many digits ``value`` has, without converting it to text."""
    bits = abs(value).bit_length()
    count = int(bits * math.log10(2)) + 1
    if bits > _COUNTED_BITS:
        return f"about {count}"
    if abs(value) < 10 ** (count - 1):
        count -= 1
    return str(count)


class _Brief(reprlib.Repr):
    """A :mod:`reprlib` that shows a huge int by its size, never its digits."""

    def __init__(self) -> None:
        super().__init__()
        self.maxstring = 100  # a name or a line of notation, not a document
        self.maxother = 500  # any action's repr, even a 14-card spread of wilds
        self.maxlevel = 3
        for kind in ("tuple", "list", "set", "frozenset", "dict", "deque", "array"):
            setattr(self, f"max{kind}", 20)  # any table's seats or names

    def repr_int(self, x: int, level: int) -> str:
        if abs(x).bit_length() > _SHOWN_DIGITS * 3.3:  # about 50 digits
            sign = "negative " if x < 0 else ""
            return f"<{sign}int of {_digits(x)} digits>"
        return repr(x)


_BRIEF = _Brief()


def brief(value: object) -> str:
    """Return ``repr(value)`` short enough for an error message, whatever it is.

    Short values are shown exactly as :func:`repr` shows them. An int of more
    than 50 digits is shown by its size; a string of over 100 characters, a
    container of over 20 items or nested over 3 deep, or any other repr of over
    500 characters is cut short with ``...``. Nothing here can raise.

    Examples:
        >>> brief(-12), brief("x" * 30)
        ('-12', "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'")
        >>> brief("x" * 5000)[:10], len(brief("x" * 5000))
        ("'xxxxxxxxx", 100)
        >>> brief(tuple(range(30)))
        '(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, ...)'
        >>> brief([10**60])
        '[<int of 61 digits>]'
    """
    try:
        return _BRIEF.repr(value)
    except Exception:  # a hostile __repr__ must not hide the error being built
        return f"<{type(value).__name__} object>"


_SHOWN_KINDS = (str, int, float, type(None))
"""The values a :func:`wrong_type` error shows as they are; others by their type."""


def wrong_type(name: str, kind: type, value: object) -> TypeError:
    """Return the error for ``value``, given as ``name`` where a ``kind`` is due.

    ``kind`` is a class of ``tonk``. A text, a number or ``None`` is shown
    (cut short, :func:`brief`); any other value by its type, which says more
    than a long repr. Two common slips get a hint: a preset's name given as
    rules, and a seat's observation given as the state.

    Examples:
        >>> class Rules: ...
        >>> print(wrong_type("rules", Rules, "pagat"))
        rules must be a tonk.Rules, got 'pagat' (a preset by its name: tonk.presets.get('pagat'))
        >>> class Observation: ...
        >>> class GameState: ...
        >>> print(wrong_type("state", GameState, Observation()))
        state must be a tonk.GameState, got an Observation (a seat's view; its legal actions are observation.legal_actions)
    """  # noqa: E501
    shown = (
        brief(value)
        if isinstance(value, _SHOWN_KINDS)
        else _with_article(type(value).__name__)
    )
    hint = ""
    if kind.__name__ == "Rules" and isinstance(value, str):
        hint = f" (a preset by its name: tonk.presets.get({brief(value)}))"
    elif type(value).__name__ == "Observation":
        hint = " (a seat's view; its legal actions are observation.legal_actions)"
    return TypeError(f"{name} must be a tonk.{kind.__name__}, got {shown}{hint}")


def _with_article(noun: str) -> str:
    """Return ``noun`` after "a" or "an"."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"
