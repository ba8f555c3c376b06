"""Stacked decks given to records and sessions: killing ``_deck.py``'s mutants.

Mutation testing of ``src/tonk/_deck.py`` (docs/maintainers.md, "Mutation
testing") left two mutants that show ``None`` in place of the value a
:class:`TypeError` names: the existing tests matched the start of each
message only. These tests pin, through the public API, the exact message
each entry point that takes ``deck=`` (:class:`tonk.GameRecord`,
:meth:`tonk.GameRecord.start`, :class:`tonk.Deal`, :class:`tonk.CallSuit`,
:func:`tonk.new_game`) gives for text or a number in place of a list of
cards and for a deck holding something other than a card, and what a good
deck becomes: a tuple of the same cards, in order, however it was given;
``None`` stays ``None``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest

from tonk import CallSuit, Card, Deal, GameRecord, Rules, Suit, new_game, parse_cards

DeckTaker = Callable[[object], object]
"""Something that takes a stacked deck (``deck=``) and checks it."""

TAKERS: dict[str, DeckTaker] = {
    "GameRecord": lambda deck: GameRecord(rules=Rules(), players=2, deck=deck),  # type: ignore[arg-type]
    "GameRecord.start": lambda deck: GameRecord.start(Rules(), players=2, deck=deck),  # type: ignore[arg-type]
    "Deal": lambda deck: Deal(deck=deck),  # type: ignore[arg-type]
    "CallSuit": lambda deck: CallSuit(Suit.HEARTS, deck=deck),  # type: ignore[arg-type]
    "new_game": lambda deck: new_game(Rules(), players=2, deck=deck),  # type: ignore[arg-type]
}


@pytest.fixture(params=sorted(TAKERS))
def take(request: pytest.FixtureRequest) -> DeckTaker:
    taker: DeckTaker = TAKERS[request.param]
    return taker


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        ("AC 2C", "deck must be a sequence of cards, got 'AC 2C'"),
        (b"AC", "deck must be a sequence of cards, got b'AC'"),
        ("", "deck must be a sequence of cards, got ''"),
        (52, "deck must be a sequence of cards, got 52"),
        ([Card.parse("AC"), "2C"], "deck must hold Card values, got '2C'"),
        ((Card.parse("AC"), Card.parse("2C"), 7), "deck must hold Card values, got 7"),
        ([["AC"]], "deck must hold Card values, got ['AC']"),
    ],
)
def test_a_deck_that_is_not_a_sequence_of_cards_is_refused_naming_it(
    take: DeckTaker, deck: object, message: str
) -> None:
    with pytest.raises(TypeError) as caught:
        take(deck)
    assert str(caught.value) == message


def test_a_good_deck_becomes_a_tuple_of_its_cards_in_order() -> None:
    pack = Rules().pack()
    given: Iterable[Card] = (card for card in reversed(pack))  # a one-pass iterator
    record = GameRecord(rules=Rules(), players=2, deck=given)
    assert record.deck == tuple(reversed(pack))
    assert type(record.deck) is tuple
    assert Deal(deck=list(pack)).deck == pack
    assert CallSuit(Suit.SPADES, deck=parse_cards("QH 7S")).deck == parse_cards("QH 7S")


def test_no_deck_stays_none() -> None:
    assert Deal().deck is None
    assert CallSuit(Suit.CLUBS).deck is None
    assert GameRecord(rules=Rules(), players=2, seed=3).deck is None
    assert GameRecord.start(Rules(), players=2, seed=3).deck is None
