"""Cards: notation, parsing, equality, ordering and hashing."""

from __future__ import annotations

import re
from collections.abc import Callable

import attrs
import pytest

import tonk
from tonk import Card, NotationError, Rank, Suit, parse_cards
from tonk.cards import CODE_COUNT, WildCard, card_from_code, parse_element

RANK_SYMBOLS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_LETTERS = ("C", "D", "H", "S")
ALL_TEXTS = [rank + suit for suit in SUIT_LETTERS for rank in RANK_SYMBOLS] + ["JK"]
JOKER = Card(Rank.JOKER, None)


def check_message(error: Exception) -> None:
    message = str(error)
    assert message
    assert not message[0].isupper()
    assert not message.endswith(".")


def test_there_are_52_suited_cards_and_the_joker() -> None:
    cards = [Card.parse(text) for text in ALL_TEXTS]
    assert len(set(cards)) == 53
    assert set(cards[:52]) == set(tonk.Rules().pack())


@pytest.mark.parametrize("text", ALL_TEXTS)
def test_parse_str_repr_round_trip(text: str) -> None:
    card = Card.parse(text)
    assert str(card) == text
    assert Card.parse(str(card)) == card
    assert repr(card) == f"Card.parse('{text}')"
    assert eval(repr(card), {"Card": Card}) == card
    assert Card.parse(text.lower()) == card
    assert Card.parse(text.swapcase()) == card


@pytest.mark.parametrize("text", ALL_TEXTS[:52])
def test_parse_gives_rank_and_suit(text: str) -> None:
    card = Card.parse(text)
    assert card.rank is Rank(RANK_SYMBOLS.index(text[:-1]) + 1)
    assert card.suit is Suit(text[-1])
    assert card == Card(card.rank, card.suit)
    assert card.rank.symbol == text[:-1]


def test_joker() -> None:
    joker = Card.parse("JK")
    assert joker.rank is Rank.JOKER
    assert joker.suit is None
    assert joker == JOKER
    assert str(joker) == "JK"
    assert Card.parse("jk") == joker
    assert Card.parse("Jk") == joker


@pytest.mark.parametrize("suit", SUIT_LETTERS)
def test_t_means_ten(suit: str) -> None:
    ten = Card(Rank.TEN, Suit(suit))
    for text in (f"T{suit}", f"t{suit}", f"T{suit.lower()}", f"10{suit.lower()}"):
        assert Card.parse(text) == ten
    assert str(Card.parse(f"T{suit}")) == f"10{suit}"


def test_card_built_from_enums_equals_parsed_card() -> None:
    built = Card(Rank.ACE, Suit.SPADES)
    parsed = Card.parse("AS")
    assert built == parsed
    assert hash(built) == hash(parsed)
    assert len({built, parsed}) == 1
    assert {parsed: "ace"}[built] == "ace"
    assert built != Card(Rank.ACE, Suit.HEARTS)
    assert built != Card(Rank.TWO, Suit.SPADES)
    assert built != "AS"
    assert built != 1


@pytest.mark.parametrize(
    ("text", "positions"),
    [
        ("", {0}),
        ("1H", {0}),  # no rank "1"
        ("7X", {1}),  # no suit "X"
        ("10", {0, 2}),  # "1" is no rank; or: the suit is missing at the end
        ("JKX", {0, 2}),  # "JK" is not a rank; or: "X" after a joker
        ("HH", {0}),
        ("11H", {0}),
        ("A", {0, 1}),
        ("7", {0, 1}),
        ("QQ", {1}),  # a rank, then no suit
    ],
)
def test_malformed_card_raises_notation_error(text: str, positions: set[int]) -> None:
    with pytest.raises(NotationError) as caught:
        Card.parse(text)
    error = caught.value
    assert error.text == text
    assert error.position in positions
    assert 0 <= error.position <= len(text)
    assert isinstance(error, ValueError)
    assert isinstance(error, tonk.TonkError)
    check_message(error)


def test_parse_cards() -> None:
    assert parse_cards("AS 2D 10H JK") == (
        Card(Rank.ACE, Suit.SPADES),
        Card(Rank.TWO, Suit.DIAMONDS),
        Card(Rank.TEN, Suit.HEARTS),
        JOKER,
    )
    assert parse_cards("") == ()
    assert parse_cards("   ") == ()
    assert parse_cards("  7h\t8H\n th ") == parse_cards("7H 8H 10H")
    assert parse_cards("KS KS") == (Card.parse("KS"), Card.parse("KS"))  # kept
    texts = " ".join(ALL_TEXTS)
    assert tuple(map(str, parse_cards(texts))) == tuple(ALL_TEXTS)


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("7H 8X", 4),
        ("7H  1H", 4),
        ("1H 7H", 0),
        ("7H 8H 9", 6),
        ("AS 2D 10", 6),
    ],
)
def test_parse_cards_names_the_bad_word(text: str, position: int) -> None:
    with pytest.raises(NotationError) as caught:
        parse_cards(text)
    error = caught.value
    assert error.text == text
    # The error falls within the bad word.
    word_end = text.find(" ", position)
    word_end = len(text) if word_end == -1 else word_end
    assert position <= error.position <= word_end
    check_message(error)


def test_cards_sort_by_suit_then_rank_joker_last() -> None:
    assert sorted(parse_cards("KS AH 3C JK 2C QD")) == list(
        parse_cards("2C 3C QD AH KS JK")
    )
    every = [Card.parse(text) for text in ALL_TEXTS]

    def key(card: Card) -> tuple[int, int]:
        if card.suit is None:
            return (4, 0)
        return (SUIT_LETTERS.index(card.suit.value), int(card.rank))

    for first in every:
        for second in every:
            assert (first < second) == (key(first) < key(second))
            assert (first <= second) == (key(first) <= key(second))
            assert (first > second) == (key(first) > key(second))
            assert (first >= second) == (key(first) >= key(second))
            assert (first == second) == (key(first) == key(second))
    assert Card.parse("KC") < Card.parse("AD")
    assert max(every) == JOKER


def test_cards_are_frozen() -> None:
    card = Card.parse("QH")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        card.rank = Rank.KING  # type: ignore[misc]


def test_card_constructor_rejects_wrong_types() -> None:
    with pytest.raises(TypeError):
        Card("A", Suit.SPADES)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Card(1, Suit.SPADES)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Card(Rank.ACE, "S")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Card(Rank.ACE, None)


WRONG_TYPES = pytest.mark.parametrize(
    "bad", [7, None, b"AS", 1.5], ids=["int", "none", "bytes", "float"]
)


@WRONG_TYPES
def test_card_parse_rejects_wrong_types_with_type_error(bad: object) -> None:
    with pytest.raises(TypeError) as caught:
        Card.parse(bad)  # type: ignore[arg-type]
    assert str(caught.value) == f"card notation must be a str, got {bad!r}"


@WRONG_TYPES
def test_parse_cards_rejects_wrong_types_with_type_error(bad: object) -> None:
    with pytest.raises(TypeError) as caught:
        parse_cards(bad)  # type: ignore[arg-type]
    assert str(caught.value) == f"card notation must be a str, got {bad!r}"


def test_ordering_against_other_types_is_a_type_error() -> None:
    card = Card.parse("AS")
    with pytest.raises(TypeError):
        assert card < 5  # type: ignore[operator]
    with pytest.raises(TypeError):
        assert card <= 5  # type: ignore[operator]
    with pytest.raises(TypeError):
        assert card > 5  # type: ignore[operator]
    with pytest.raises(TypeError):
        assert card >= "AS"  # type: ignore[operator]


@pytest.mark.parametrize(
    ("parse", "text", "position", "says"),
    [
        (parse_cards, "5H 5H 1X", 6, "unknown rank '1'"),
        (parse_cards, "AH  KX", 5, "unknown suit 'X'"),
        (parse_cards, "AH 11H", 3, "unknown rank '11'"),
        (parse_cards, "AH 10X", 5, "unknown suit 'X'"),
        (parse_element, "2C=6X", 4, "unknown suit 'X'"),
        (parse_element, "2C=1H", 3, "unknown rank '1'"),
        (parse_element, "2X=6H", 1, "unknown suit 'X'"),
        (parse_element, "2C=", 3, "'' is not a card: expected a rank and a suit"),
        (parse_element, "2C=6H=7H", 3, "unknown rank '6H=7'"),
        (
            parse_element,
            "2C=2C",
            0,
            "a card standing for itself is written plainly: '2C'",
        ),
    ],
)
def test_bad_notation_names_its_fault_and_place(
    parse: Callable[[str], object], text: str, position: int, says: str
) -> None:
    with pytest.raises(NotationError) as caught:
        parse(text)
    assert str(caught.value) == f"{says} (at position {position} of {text!r})"
    assert (caught.value.text, caught.value.position) == (text, position)


def test_a_card_code_is_0_to_52_and_a_joker_has_no_suit() -> None:
    assert str(card_from_code(CODE_COUNT - 1)) == "JK"
    for code in (CODE_COUNT, -1):
        with pytest.raises(tonk.EncodingError) as caught:
            card_from_code(code)
        assert str(caught.value) == f"a card code must be 0..52, got {code}"
    says = re.escape("a joker has no suit, got <Suit.HEARTS: 'H'>")
    with pytest.raises(ValueError, match=f"^{says}$"):
        Card(Rank.JOKER, Suit.HEARTS)
    with pytest.raises(ValueError, match=r"^a wild stands for a natural card, not JK$"):
        WildCard(Card.parse("2C"), Card.parse("JK"))
