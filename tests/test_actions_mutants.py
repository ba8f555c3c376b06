"""Exact behaviour of tonk.actions, written to kill mutmut's survivors.

The other tests build actions from notation and legal moves, so an action
built by hand with a forged argument, or two equal actions built differently,
is rarely seen there. These tests pin what the action classes refuse (the
exact error type and text), when two actions are equal and hash alike, the
canonical order of a spread's and a tunk's parts, their reprs and their
notation. Measured with this file beside ``test_notation.py``,
``test_input_errors.py``, ``test_spreads.py`` and ``test_serialization.py`` in
mutmut's selection; see docs/maintainers.md, "Mutation testing".
"""

from __future__ import annotations

import pytest

import tonk
from tonk import (
    Card,
    ClaimDealTonk,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Eat,
    Exchange,
    Hit,
    IllegalActionError,
    IllegalReason,
    LaySpread,
    Pass,
    Slap,
    Tunk,
    WildCard,
    format_action,
    parse_cards,
    parse_element,
)


def _spread(text: str) -> LaySpread:
    return LaySpread(map(parse_element, text.split()))


# --- LaySpread ------------------------------------------------------------------


def test_a_spread_keeps_its_cards_sorted_by_suit_then_rank() -> None:
    spread = LaySpread(parse_cards("7S 9H 7C 8H 7D"))
    assert [str(card) for card in spread.cards] == ["7C", "7D", "8H", "9H", "7S"]


def test_a_spread_sorts_its_wilds_by_what_they_stand_for() -> None:
    spread = _spread("JK=7H 5H 2C=6H")
    assert [str(element) for element in spread.cards] == ["5H", "2C=6H", "JK=7H"]


def test_wilds_standing_for_the_same_card_are_sorted_by_the_card_used() -> None:
    for text in ("JK=7H 2C=7H", "2C=7H JK=7H"):
        assert [str(element) for element in _spread(text).cards] == [
            "2C=7H",
            "JK=7H",
        ]


def test_a_spread_names_the_cards_used_and_the_cards_played_sorted() -> None:
    spread = _spread("JK=7H 5H 2C=6H")
    assert spread.physical == parse_cards("2C 5H JK")
    assert spread.represented == parse_cards("5H 6H 7H")
    plain = LaySpread(parse_cards("9H 7H 8H"))
    assert plain.physical == plain.represented == parse_cards("7H 8H 9H")


def test_a_spread_holding_a_non_card_is_refused_naming_it() -> None:
    with pytest.raises(TypeError, match=r"^a spread holds cards, got '7H'$"):
        LaySpread([Card.parse("6H"), "7H", Card.parse("8H")])  # type: ignore[list-item]


def test_a_spread_holding_a_huge_int_is_refused_by_its_size() -> None:
    with pytest.raises(
        TypeError, match=r"^a spread holds cards, got <int of 101 digits>$"
    ):
        LaySpread([10**100])  # type: ignore[list-item]


def test_a_spread_of_two_cards_is_built_and_refused_by_the_engine() -> None:
    state = tonk.apply(tonk.new_game(tonk.Rules(), players=2, seed=7), DrawStock())
    spread = LaySpread(parse_cards("9C AC"))
    assert spread.cards == parse_cards("AC 9C")
    with pytest.raises(IllegalActionError) as caught:
        tonk.apply(state, spread)
    assert str(caught.value) == "cannot spread AC 9C: not a book or a run"
    assert caught.value.reason is IllegalReason.NOT_A_SPREAD


def test_a_spread_in_any_order_is_the_same_action_with_the_same_hash() -> None:
    first = LaySpread(parse_cards("7C 7S 7D"))
    second = LaySpread(parse_cards("7D 7C 7S"))
    assert first == second
    assert (first != second) is False
    assert hash(first) == hash(second)
    assert len({first, second}) == 1


def test_spreads_swapping_their_wilds_are_equal_and_hash_alike() -> None:
    first = _spread("5H 2C=6H JK=7H")
    second = _spread("5H JK=6H 2C=7H")
    assert first.cards != second.cards
    assert first == second
    assert second == first
    assert hash(first) == hash(second)
    assert {first: 1}[second] == 1


def test_spreads_playing_as_different_cards_differ() -> None:
    assert _spread("5H 2C=6H JK=7H") != _spread("5H 2C=6H JK=4H")
    assert _spread("5H 2C=6H 7H") != _spread("5H 6H 2C=7H")
    assert _spread("5H 2C=6H JK=7H") != _spread("5H 2D=6H JK=7H")
    assert hash(_spread("5H 2C=6H 7H")) != hash(_spread("5H 6H 2C=7H"))
    assert LaySpread(parse_cards("7C 7D 7S")) != LaySpread(parse_cards("7C 7D 7H"))


def test_a_spread_is_never_equal_to_another_kind_of_value() -> None:
    spread = LaySpread(parse_cards("7C 7D 7S"))
    assert spread != parse_cards("7C 7D 7S")
    assert spread != Tunk([spread])
    assert spread.__eq__(parse_cards("7C 7D 7S")) is NotImplemented
    assert spread.__eq__(None) is NotImplemented


def test_a_spread_shows_its_sorted_cards_in_its_repr() -> None:
    assert repr(_spread("JK=7H 5H")) == (
        "LaySpread(cards=(Card.parse('5H'), WildCard.parse('JK=7H')))"
    )


def test_a_spread_is_frozen() -> None:
    spread = LaySpread(parse_cards("7C 7D 7S"))
    with pytest.raises(AttributeError):
        spread.cards = ()  # type: ignore[misc]


# --- Hit and Slap ----------------------------------------------------------------


def test_a_hit_keeps_its_spread_number_and_card() -> None:
    wild = parse_element("JK=10H")
    hit = Hit(2, wild)
    assert hit.spread == 2
    assert hit.card == wild
    assert repr(hit) == "Hit(spread=2, card=WildCard.parse('JK=10H'))"
    assert hit == Hit(2, WildCard(Card.parse("JK"), Card.parse("10H")))
    assert hash(hit) == hash(Hit(2, parse_element("JK=10H")))
    assert hit != Hit(1, wild)
    assert hit != Hit(2, Card.parse("10H"))


@pytest.mark.parametrize(
    ("spread", "shown"),
    [("1", "'1'"), (1.0, "1.0"), (None, "None"), (True, "True"), (False, "False")],
)
def test_a_hit_on_a_spread_number_not_an_int_is_refused(
    spread: object, shown: str
) -> None:
    with pytest.raises(TypeError) as caught:
        Hit(spread, Card.parse("KS"))  # type: ignore[arg-type]
    assert str(caught.value) == f"spread must be an int, got {shown}"


@pytest.mark.parametrize(
    ("spread", "shown"),
    [("1", "'1'"), (1.0, "1.0"), (None, "None"), (True, "True"), (False, "False")],
)
def test_a_slap_on_a_spread_number_not_an_int_is_refused(
    spread: object, shown: str
) -> None:
    with pytest.raises(TypeError) as caught:
        Slap(spread)  # type: ignore[arg-type]
    assert str(caught.value) == f"spread must be an int, got {shown}"


def test_a_hit_of_a_non_card_is_refused_naming_it() -> None:
    with pytest.raises(TypeError) as caught:
        Hit(1, "KS")  # type: ignore[arg-type]
    assert str(caught.value) == "card must be a Card or WildCard, got 'KS'"


@pytest.mark.parametrize("spread", [0, -1, 10**100])
def test_a_hit_on_a_spread_number_off_the_table_is_refused_by_the_engine(
    spread: int,
) -> None:
    state = tonk.apply(tonk.new_game(tonk.Rules(), players=2, seed=7), DrawStock())
    hit = Hit(spread, Card.parse("AC"))
    with pytest.raises(IllegalActionError) as caught:
        tonk.apply(state, hit)
    shown = "<int of 101 digits>" if spread == 10**100 else str(spread)
    assert str(caught.value) == (
        f"cannot hit {shown} AC: there are 0 spreads on the table"
    )
    assert caught.value.reason is IllegalReason.NO_SUCH_SPREAD


def test_a_slap_keeps_its_spread_number() -> None:
    assert Slap(3).spread == 3
    assert repr(Slap(3)) == "Slap(spread=3)"
    assert Slap(3) == Slap(3)
    assert hash(Slap(3)) == hash(Slap(3))
    assert Slap(3) != Slap(2)


# --- Discard and Exchange -------------------------------------------------------


@pytest.mark.parametrize("kind", [Discard, Exchange])
def test_a_discard_or_exchange_of_a_wild_naming_a_card_is_refused(
    kind: type[Discard] | type[Exchange],
) -> None:
    with pytest.raises(TypeError) as caught:
        kind(parse_element("JK=7H"))  # type: ignore[arg-type]
    assert str(caught.value) == "card must be a Card, got WildCard.parse('JK=7H')"


@pytest.mark.parametrize("kind", [Discard, Exchange])
@pytest.mark.parametrize(("card", "shown"), [("KS", "'KS'"), (None, "None"), (7, "7")])
def test_a_discard_or_exchange_of_a_non_card_is_refused(
    kind: type[Discard] | type[Exchange], card: object, shown: str
) -> None:
    with pytest.raises(TypeError) as caught:
        kind(card)  # type: ignore[arg-type]
    assert str(caught.value) == f"card must be a Card, got {shown}"


def test_a_discard_and_an_exchange_of_one_card_differ() -> None:
    king = Card.parse("KD")
    assert Discard(king) == Discard(Card.parse("KD"))
    assert hash(Discard(king)) == hash(Discard(Card.parse("KD")))
    assert Discard(king) != Exchange(king)  # type: ignore[comparison-overlap]
    assert repr(Discard(king)) == "Discard(card=Card.parse('KD'))"
    assert repr(Exchange(king)) == "Exchange(card=Card.parse('KD'))"


# --- Tunk -----------------------------------------------------------------------


def test_a_tunk_keeps_its_spreads_in_a_canonical_order() -> None:
    run = LaySpread(parse_cards("9H 7H 8H"))
    book = LaySpread(parse_cards("4C 4D 4S"))
    first = Tunk([run, book])
    second = Tunk((book, run))
    assert first.spreads == (book, run)
    assert first == second
    assert hash(first) == hash(second)
    assert first != Tunk([run])


def test_a_tunk_orders_spreads_of_the_same_cards_by_the_wilds_used() -> None:
    by_club = _spread("5H 2C=6H 7H")
    by_joker = _spread("5H JK=6H 7H")
    for spreads in ([by_club, by_joker], [by_joker, by_club]):
        assert Tunk(spreads).spreads == (by_club, by_joker)


def test_a_tunk_orders_spreads_of_the_same_cards_by_what_they_stand_for() -> None:
    low = _spread("5H 6H 2C=4H")
    high = _spread("5H 6H 2C=7H")
    for spreads in ([low, high], [high, low]):
        assert [format_action(s) for s in Tunk(spreads).spreads] == [
            "spread 2C=4H 5H 6H",
            "spread 5H 6H 2C=7H",
        ]


def test_a_tunk_orders_spreads_by_the_cards_used_first() -> None:
    low = _spread("4H 5H 2C=6H")
    high = _spread("2C=4H 5H 6H")
    for spreads in ([low, high], [high, low]):
        assert Tunk(spreads).spreads == (low, high)


def test_a_tunk_with_no_spreads_lays_every_card_unmatched() -> None:
    assert Tunk().spreads == ()
    assert Tunk() == Tunk([])
    assert repr(Tunk()) == "Tunk(spreads=())"
    assert Tunk().physical == ()
    assert format_action(Tunk()) == "tunk"


def test_a_tunk_names_every_card_its_spreads_take_sorted() -> None:
    tunk = Tunk([_spread("9H JK=8H 7H"), LaySpread(parse_cards("4C 4D 4S"))])
    assert tunk.physical == parse_cards("4C 4D 7H 9H 4S JK")


def test_a_tunk_of_one_spread_not_in_a_collection_is_refused() -> None:
    with pytest.raises(TypeError) as caught:
        Tunk(LaySpread(parse_cards("7H 8H 9H")))  # type: ignore[arg-type]
    assert str(caught.value) == "a tunk's spreads must be a collection of LaySpread"


@pytest.mark.parametrize(
    ("spread", "shown"),
    [(1, "1"), ("7H 8H 9H", "'7H 8H 9H'"), (10**100, "<int of 101 digits>")],
)
def test_a_tunk_laying_a_non_spread_is_refused_naming_it(
    spread: object, shown: str
) -> None:
    with pytest.raises(TypeError) as caught:
        Tunk([LaySpread(parse_cards("7H 8H 9H")), spread])  # type: ignore[list-item]
    assert str(caught.value) == f"a tunk lays LaySpread spreads, got {shown}"


# --- format_action --------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Drop(), "drop"),
        (ClaimDealTonk(), "claim"),
        (Slap(2), "slap 2"),
        (Slap(10**100), "slap <int of 101 digits>"),
        (Pass(), "pass"),
        (Eat(), "eat"),
        (DrawStock(), "draw stock"),
        (DrawDiscard(), "draw discard"),
        (_spread("9H JK=8H 7H"), "spread 7H JK=8H 9H"),
        (Hit(2, parse_element("JK=10H")), "hit 2 JK=10H"),
        (Hit(10**100, Card.parse("KS")), "hit <int of 101 digits> KS"),
        (Discard(Card.parse("QD")), "discard QD"),
        (Exchange(Card.parse("KD")), "exchange KD"),
        (
            Tunk([LaySpread(parse_cards("9H 7H 8H")), _spread("4C 2D=4D 4S")]),
            "tunk 4C 2D=4D 4S / 7H 8H 9H",
        ),
    ],
)
def test_every_action_is_written_in_its_notation(
    action: tonk.Action, text: str
) -> None:
    assert format_action(action) == text


@pytest.mark.parametrize(
    ("value", "shown"),
    [("drop", "'drop'"), (None, "None"), (Drop, "<class 'tonk.actions.Drop'>")],
)
def test_writing_a_non_action_is_refused_naming_it(value: object, shown: str) -> None:
    with pytest.raises(TypeError) as caught:
        format_action(value)  # type: ignore[arg-type]
    assert str(caught.value) == f"not a tonk action: {shown}"


def test_actions_without_arguments_are_equal_only_to_themselves() -> None:
    kinds = [Drop, DrawStock, DrawDiscard, ClaimDealTonk, Eat, Pass]
    for kind in kinds:
        assert kind() == kind()
        assert hash(kind()) == hash(kind())
        assert repr(kind()) == f"{kind.__name__}()"
        assert [other for other in kinds if other() == kind()] == [kind]
