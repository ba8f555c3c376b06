"""Private: the one cache type of tonk, and the one way to empty every cache.

A :class:`Cache` is a dict with a size limit: a full cache is emptied and
refilled. Few keys are in use at once (a few rule sets, table sizes and spread
patterns), so the refill costs little, and emptying needs no bookkeeping on
the hot path, where a hit is a plain dict subscript. A cache given a function
works its answers out itself (``cache[key]`` calls it on a miss); one
without is filled by :meth:`Cache.put`, for answers worked out from more than
the key.

Every cache is registered when made, so :func:`clear_caches` empties them all:
tests that must see the code behind a cache run (mutation testing's first run,
``tests/conftest.py``) call it, and nothing reaches into a module's private
names. Answers that depend on the rules are keyed by values (a rule set, or
its card options), never by an object's ``id()`` alone: :func:`by_identity`
keeps each object with its answer, so that no other object takes its ``id()``
while the answer is kept.

Examples:
    >>> squares = Cache(lambda n: n * n, limit=2)
    >>> squares[3], squares[4], len(squares)
    (9, 16, 2)
    >>> squares[5], len(squares)  # full: emptied, then refilled
    (25, 1)
    >>> clear_caches()
    >>> len(squares)
    0
"""

from __future__ import annotations

import functools
import itertools
import weakref
from collections.abc import Callable
from typing import Any, Generic, ParamSpec, TypeVar

__all__ = ["Cache", "by_identity", "cached", "caches", "clear_caches"]

K = TypeVar("K")
V = TypeVar("V")
P = ParamSpec("P")

_ALL: weakref.WeakValueDictionary[int, Cache[object, object]] = (
    weakref.WeakValueDictionary()
)
"""Every cache made and still alive (a rule set's compiled form keeps one), by
the order they were made in. A dict is unhashable, so it cannot be the member
of a set."""
_NUMBERS = itertools.count()


class Cache(dict[K, V], Generic[K, V]):
    """A dict of answers with a size limit: a full one is emptied and refilled.

    Args:
        work: Works out the answer for a key missing from the cache; ``None``
            for a cache filled by :meth:`put` alone.
        limit: How many answers the cache keeps.

    Examples:
        >>> names = Cache[int, str](None, limit=8)
        >>> names.put(1, "one"), names.get(2)
        ('one', None)
    """

    __slots__ = ("__weakref__", "limit", "work")

    def __init__(self, work: Callable[[K], V] | None, *, limit: int) -> None:
        super().__init__()
        self.work = work
        self.limit = limit
        _ALL[next(_NUMBERS)] = self  # type: ignore[assignment]

    def put(self, key: K, value: V) -> V:
        """Keep ``value`` for ``key`` (emptying a full cache first); return it."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value

    def __missing__(self, key: K) -> V:
        """Work out, keep and return the answer for ``key`` (on a missed ``[]``)."""
        work = self.work
        if work is None:
            raise KeyError(key)
        return self.put(key, work(key))


def cached(*, limit: int) -> Callable[[Callable[P, V]], Callable[P, V]]:
    """Return a decorator that keeps a function's answers in a :class:`Cache`.

    The answers are keyed by the arguments, which must hash; the decorated
    function's ``cache`` is the cache.

    Examples:
        >>> @cached(limit=16)
        ... def cube(n: int) -> int:
        ...     return n**3
        >>> cube(3), len(cube.cache)  # type: ignore[attr-defined]
        (27, 1)
    """

    def decorate(function: Callable[P, V]) -> Callable[P, V]:
        def work(key: tuple[Any, ...]) -> V:
            args, kwargs = key
            return function(*args, **dict(kwargs))

        cache: Cache[tuple[Any, ...], V] = Cache(work, limit=limit)

        @functools.wraps(function)
        def lookup(*args: P.args, **kwargs: P.kwargs) -> V:
            return cache[args, tuple(kwargs.items())]

        lookup.cache = cache  # type: ignore[attr-defined]
        return lookup

    return decorate


def by_identity(work: Callable[[Any], V], *, limit: int) -> Callable[[Any], V]:
    """Return ``work``, remembering its answer for each argument by its identity.

    For arguments that come back as the very same object and cost more to
    hash or compare than to look up by ``id()``: the engine's tuples of
    actions, which it keeps and hands out again; actions and spreads, each
    made once. Each argument is kept with its answer in a :class:`Cache` of
    ``limit`` answers, so that no other object takes its identity while the
    answer is kept.

    Examples:
        >>> lengths = by_identity(len, limit=8)
        >>> word = "tonk"
        >>> lengths(word), lengths(word)
        (4, 4)
    """
    known: Cache[int, tuple[Any, V]] = Cache(None, limit=limit)

    def remembered(value: Any) -> V:
        found = known.get(id(value))
        if found is None or found[0] is not value:
            found = known.put(id(value), (value, work(value)))
        return found[1]

    return remembered


def caches() -> list[Cache[object, object]]:
    """Return every cache of tonk alive, in the order they were made.

    Examples:
        >>> all(len(cache) <= cache.limit for cache in caches())
        True
    """
    return list(_ALL.values())


def clear_caches() -> None:
    """Empty every cache of tonk: each answer is worked out again when asked."""
    for cache in caches():
        cache.clear()
