"""The one cache type of tonk, and the one way to empty every cache."""

from __future__ import annotations

import pytest

import tonk
from tonk import _compiled
from tonk._cache import Cache, by_identity, cached, caches, clear_caches
from tonk.rules import Rules


def test_a_cache_works_out_each_answer_once_until_emptied() -> None:
    calls: list[int] = []

    def square(number: int) -> int:
        calls.append(number)
        return number * number

    squares = Cache(square, limit=3)
    assert [squares[2], squares[3], squares[2]] == [4, 9, 4]
    assert calls == [2, 3]
    squares.clear()
    assert squares[2] == 4
    assert calls == [2, 3, 2]


def test_a_full_cache_is_emptied_before_it_keeps_another_answer() -> None:
    kept = Cache[int, str](None, limit=2)
    kept.put(1, "one")
    kept.put(2, "two")
    assert kept.put(3, "three") == "three"
    assert dict(kept) == {3: "three"}
    assert len(kept) <= kept.limit


def test_a_cache_without_work_misses_as_a_dict_does() -> None:
    kept = Cache[int, str](None, limit=2)
    assert kept.get(1) is None
    with pytest.raises(KeyError) as raised:
        kept[1]
    assert raised.value.args == (1,)


def test_a_cached_function_works_out_each_call_once() -> None:
    calls: list[tuple[int, int]] = []

    @cached(limit=2)
    def power(base: int, exponent: int = 2) -> int:
        """Raise ``base`` to ``exponent``."""
        calls.append((base, exponent))
        return int(base**exponent)

    assert power.__name__ == "power"
    assert power.__doc__ == "Raise ``base`` to ``exponent``."
    assert [power(3), power(3), power(2, exponent=3), power(2, exponent=3)] == [
        9,
        9,
        8,
        8,
    ]
    assert calls == [(3, 2), (2, 3)]
    cache = power.cache  # type: ignore[attr-defined]
    assert any(registered is cache for registered in caches())
    assert cache.limit == 2
    assert power(4) == 16  # a third answer: the full cache was emptied first
    assert len(cache) == 1


def test_an_answer_by_identity_is_worked_out_once_for_each_object() -> None:
    calls: list[tuple[int, ...]] = []

    def total(values: tuple[int, ...]) -> int:
        calls.append(values)
        return sum(values)

    totals = by_identity(total, limit=2)
    first = (1, 2)
    assert [totals(first), totals(first)] == [3, 3]
    assert calls == [first]
    equal = (*first,)  # an equal tuple, another object: worked out anew
    assert equal is not first
    assert totals(equal) == 3
    assert len(calls) == 2
    assert calls[-1] is equal


def test_an_answer_by_identity_is_kept_with_its_object_and_forgotten_when_full() -> (
    None
):
    kept = caches()
    totals = by_identity(sum, limit=2)
    (cache,) = [cache for cache in caches() if all(cache is not old for old in kept)]
    first, second, third = (1,), (2,), (3,)
    totals(first)
    assert dict(cache) == {id(first): (first, 1)}  # the object is kept
    totals(second)
    totals(third)  # full: emptied first
    assert dict(cache) == {id(third): (third, 3)}
    other = (*first,)  # equal to first, another object
    assert other is not first
    cache[id(first)] = (other, 10)  # another object under first's identity
    assert totals(first) == 1
    clear_caches()
    assert len(cache) == 0


def test_every_cache_is_registered_and_emptied_by_clear_caches() -> None:
    made = Cache(str, limit=4)
    assert made["x"] == "x"
    assert any(cache is made for cache in caches())
    tonk.legal_actions(tonk.new_game(Rules(jokers=2), players=2, seed=3))
    assert any(caches())  # the engine's caches hold answers
    clear_caches()
    assert not any(caches())


def test_a_cache_no_longer_used_leaves_the_register() -> None:
    count = len(caches())
    made = Cache(str, limit=4)
    assert len(caches()) == count + 1
    del made
    assert len(caches()) == count


def test_clear_caches_leaves_no_compiled_form_to_be_found() -> None:
    # compiled() answers the rule set object it was asked about last without
    # a lookup; emptying the caches must forget that one too, or mutation
    # testing's first run would record only the first test to compile it.
    rules = Rules(hand_size=6)
    table = _compiled.compiled(rules)
    assert _compiled.compiled(rules) is table
    clear_caches()
    again = _compiled.compiled(rules)
    assert again is not table
    assert again == table
