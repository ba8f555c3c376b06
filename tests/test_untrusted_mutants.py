"""Mutation tests of the shared checks of untrusted values and bad values.

Written to kill mutmut's survivors (docs/maintainers.md, "Mutation testing"):
each unsafe character class at both edges of its range, with the first safe
character past each edge; how an error message shows a bad value (huge ints,
long strings, big and deep containers, a value reprlib cannot show); a seed's limit and
its exact message. Public entry points are used wherever one reaches the code.
"""

from __future__ import annotations

import array
import collections
from typing import Any

import attrs
import pytest
from test_untrusted_text import forged_session

import tonk
from tonk._validate import _Brief, brief, instance_of
from tonk.errors import RulesError, SessionError

# Each unsafe range's first and last character.
UNSAFE_EDGES = [
    ("\x00", "\\x00"),
    ("\x1f", "\\x1f"),
    ("\x7f", "\\x7f"),
    ("\x80", "\\x80"),
    ("\x9f", "\\x9f"),
    ("\u2028", "\\u2028"),
    ("\u2029", "\\u2029"),
    ("\u202a", "\\u202a"),
    ("\u202e", "\\u202e"),
    ("\u2066", "\\u2066"),
    ("\u2069", "\\u2069"),
    ("\ud800", "\\ud800"),
    ("\udfff", "\\udfff"),
    ("\ufffe", "\\ufffe"),
    ("\uffff", "\\uffff"),
]

# The safe characters just past each edge.
SAFE_NEIGHBOURS = [
    " ",
    "~",
    "\xa0",
    "\xff",
    "\u0100",
    "\u2027",
    "\u202f",
    "\u2065",
    "\u206a",
    "\ud7ff",
    "\ue000",
    "\ufffd",
    "\U00010000",
]

TOO_MANY_PLAYERS = (
    "players must be 2..10 under these rules"
    " (5 cards to each hand and 1 upcard from a 52-card deck), got "
)


@pytest.mark.parametrize(("char", "escaped"), UNSAFE_EDGES)
def test_a_name_with_a_character_at_an_unsafe_edge_is_refused(
    char: str, escaped: str
) -> None:
    with pytest.raises(SessionError, match="may not hold control characters") as info:
        tonk.new_session(tonk.Rules(), players=["ann", f"b{char}b"])
    assert str(info.value).endswith(f"got 'b{escaped}b'")


@pytest.mark.parametrize("char", SAFE_NEIGHBOURS)
def test_a_name_with_the_safe_character_past_an_edge_is_welcome(char: str) -> None:
    session = tonk.new_session(tonk.Rules(), players=["ann", f"b{char}b"], dealer=0)
    assert session.players == ("ann", f"b{char}b")


@pytest.mark.parametrize(("char", "escaped"), UNSAFE_EDGES)
def test_a_forged_name_shows_its_unsafe_character_as_its_exact_escape(
    char: str, escaped: str
) -> None:
    shown = str(forged_session((f"e{char}e", "x")))
    assert f"e{escaped}e" in shown
    assert char not in shown


@pytest.mark.parametrize("char", SAFE_NEIGHBOURS)
def test_a_forged_name_keeps_the_safe_character_past_an_edge(char: str) -> None:
    shown = str(forged_session((f"e{char}e", "x")))
    assert f"e{char}e" in shown


def refusal(players: object) -> str:
    """The message of ``new_game``'s refusal of ``players`` (an int out of range)."""
    with pytest.raises(RulesError) as info:
        tonk.new_game(tonk.Rules(), players=players)  # type: ignore[arg-type]
    return str(info.value)


# Ints shown whole or by their size, with the message that shows them.
SHOWN_INTS = [
    (2**20, "1048576"),
    (2**164, str(2**164)),  # 50 digits, 165 bits: still shown whole
    (2**165, "<int of 50 digits>"),
    (10**60 - 1, "<int of 60 digits>"),
    (10**60, "<int of 61 digits>"),
    (-(10**60), "<negative int of 61 digits>"),
    (2**99999, "<int of 30103 digits>"),  # 100,000 bits: still counted
    (2**100000, "<int of about 30104 digits>"),  # an estimate: it has 30103
]


@pytest.mark.parametrize(
    ("players", "shown"), SHOWN_INTS, ids=[shown for _, shown in SHOWN_INTS]
)
def test_an_error_shows_an_int_whole_or_by_its_exact_size(
    players: int, shown: str
) -> None:
    assert refusal(players) == TOO_MANY_PLAYERS + shown


def test_an_error_shows_a_value_reprlib_cannot_show_by_its_type() -> None:
    def refuse(self: object) -> int:
        raise RuntimeError("no length")

    # reprlib picks its method by the type's name and calls len() on a "list".
    hostile = type("list", (), {"__len__": refuse})()
    with pytest.raises(TypeError) as info:
        tonk.new_game(tonk.Rules(), players=hostile)
    assert str(info.value) == "players must be an int, got <list object>"


def test_a_spread_element_of_a_wrong_type_names_both_kinds() -> None:
    with pytest.raises(TypeError) as info:
        tonk.Hit(1, "10H")  # type: ignore[arg-type]
    assert str(info.value) == "card must be a Card or WildCard, got '10H'"


@attrs.frozen
class Attribute:
    """A stand-in for the attrs attribute a validator is given."""

    name: str


@pytest.mark.parametrize(
    ("kinds", "message"),
    [
        (bool, "flag must be a bool, got 10"),
        ((bool,), "flag must be a bool, got 10"),
        ((bool, str, bytes), "flag must be a bool or str or bytes, got 10"),
    ],
)
def test_a_validator_names_every_kind_it_takes(
    kinds: type | tuple[type, ...], message: str
) -> None:
    """``instance_of`` is private, but it is the shared check of attrs fields.

    Every public validator is built at import, so a fresh one is checked here.
    """
    with pytest.raises(TypeError) as info:
        instance_of(kinds)(None, Attribute("flag"), 10)
    assert str(info.value) == message
    instance_of(kinds)(None, Attribute("flag"), True)


@pytest.mark.parametrize(
    ("seed", "shown"),
    [
        (10**1000, "<int of 1001 digits>"),
        (-(10**1000), "<negative int of 1001 digits>"),
    ],
)
def test_a_seed_of_1001_digits_is_refused_with_its_size(seed: int, shown: str) -> None:
    message = f"a seed must have at most 1000 digits, got {shown}"
    with pytest.raises(RulesError) as game_error:
        tonk.new_game(tonk.Rules(), players=2, seed=seed)
    assert str(game_error.value) == message
    with pytest.raises(SessionError) as session_error:
        tonk.new_session(tonk.Rules(), players=2, seed=seed)
    assert str(session_error.value) == message


@pytest.mark.parametrize("seed", [10**1000 - 1, -(10**1000 - 1), 2**64, -(2**64)])
def test_a_seed_of_1000_digits_or_fewer_deals(seed: int) -> None:
    state = tonk.new_game(tonk.Rules(), players=2, seed=seed)
    assert state == tonk.new_game(tonk.Rules(), players=2, seed=seed)


def test_a_bool_seed_is_a_type_error() -> None:
    with pytest.raises(TypeError) as info:
        tonk.new_game(tonk.Rules(), players=2, seed=True)
    assert str(info.value) == "seed must be an int or None, got True"


def shown_items(count: int) -> str:
    """The first 20 of ``count`` ints as ``brief`` lists them."""
    return ", ".join(map(str, range(min(count, 20)))) + (", ..." if count > 20 else "")


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (tuple(range(20)), f"({shown_items(20)})"),
        (tuple(range(21)), f"({shown_items(21)})"),
        (list(range(21)), f"[{shown_items(21)}]"),
        (set(range(21)), f"{{{shown_items(21)}}}"),
        (frozenset(range(21)), f"frozenset({{{shown_items(21)}}})"),
        (
            dict.fromkeys(range(21), 0),
            "{" + ", ".join(f"{i}: 0" for i in range(20)) + ", ...}",
        ),
        (collections.deque(range(21)), f"deque([{shown_items(21)}])"),
        (array.array("i", range(21)), f"array('i', [{shown_items(21)}])"),
        ([[[1]]], "[[[1]]]"),
        ([[[[1]]]], "[[[[...]]]]"),
        ("x" * 98, "'" + "x" * 98 + "'"),
        ("x" * 99, "'" + "x" * 47 + "..." + "x" * 48 + "'"),
    ],
)
def test_brief_shows_containers_and_strings_up_to_their_limits(
    value: Any, shown: str
) -> None:
    """``brief``'s limits, also on a fresh ``_Brief``: the one is built at import.

    ``_Brief`` is private, but it is the shared check every error message goes
    through, and mutmut cannot reach the instance ``brief`` uses.
    """
    assert brief(value) == shown
    assert _Brief().repr(value) == shown


class LongRepr:
    """An object whose repr has the given length."""

    def __init__(self, length: int) -> None:
        self.length = length

    def __repr__(self) -> str:
        return "r" * self.length


@pytest.mark.parametrize(
    ("length", "shown"),
    [(500, "r" * 500), (501, "r" * 248 + "..." + "r" * 249)],
)
def test_brief_cuts_any_other_repr_past_500_characters(length: int, shown: str) -> None:
    """As above: checked on ``brief`` and on a fresh (private) ``_Brief``."""
    assert brief(LongRepr(length)) == shown
    assert _Brief().repr(LongRepr(length)) == shown
