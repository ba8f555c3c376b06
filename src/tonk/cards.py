"""Playing cards: ranks, suits, :class:`Card` and card notation.

A card is written rank then suit: ``A 2 3 4 5 6 7 8 9 10 J Q K`` (``T`` is also
read as 10, and lower case is accepted) followed by ``C D H S``. A joker is
``JK``. Cards are immutable and compare equal by rank and suit, so two copies
from two packs are equal; a hand holding both holds the same card twice.

Examples:
    >>> Card.parse("10h")
    Card.parse('10H')
    >>> parse_cards("AS 2D TH JK")
    (Card.parse('AS'), Card.parse('2D'), Card.parse('10H'), Card.parse('JK'))
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from tonk._validate import brief, instance_of
from tonk.errors import EncodingError, NotationError

__all__ = [
    "CARDS",
    "CODE_COUNT",
    "Card",
    "Element",
    "Rank",
    "Suit",
    "WildCard",
    "card_from_code",
    "parse_cards",
    "parse_element",
]


class Suit(enum.StrEnum):
    """A suit; the value is its notation letter.

    Examples:
        >>> Suit("H") is Suit.HEARTS
        True
    """

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"


class Rank(enum.IntEnum):
    """A rank, valued 1 (ace) to 13 (king); :attr:`JOKER` is 0.

    Examples:
        >>> Rank.QUEEN.symbol, int(Rank.QUEEN)
        ('Q', 12)
    """

    JOKER = 0
    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """Return the rank as written in card notation ("A", "10", "K", "JK").

        Examples:
            >>> Rank.TEN.symbol
            '10'
        """
        return _RANK_SYMBOLS[self]


_RANK_SYMBOLS = {
    Rank.JOKER: "JK",
    Rank.ACE: "A",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    **{Rank(value): str(value) for value in range(2, 11)},
}
_RANK_BY_TEXT = {
    symbol: rank for rank, symbol in _RANK_SYMBOLS.items() if rank is not Rank.JOKER
}
_RANK_BY_TEXT["T"] = Rank.TEN
_SUIT_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)

JOKER_CODE = 52
CODE_COUNT = 53
"""How many distinct cards exist: 52 suited cards and the joker."""


def _code(rank: Rank, suit: Suit | None) -> int:
    if suit is None:
        return JOKER_CODE
    return _SUIT_ORDER.index(suit) * 13 + rank - 1


def _validate_suit(card: Card, attribute: attrs.Attribute[Any], suit: object) -> None:
    if card.rank is Rank.JOKER:
        if suit is not None:
            raise ValueError(f"a joker has no suit, got {brief(suit)}")
    elif not isinstance(suit, Suit):
        raise TypeError(f"suit must be a Suit, got {brief(suit)}")


@attrs.frozen(eq=False, order=False)
class Card:
    """One playing card: a rank and a suit, or a joker (suit ``None``).

    Cards are equal when rank and suit are equal, and they sort by suit, then
    rank, with the joker last (the order :attr:`code` gives).

    Args:
        rank: The card's rank.
        suit: The card's suit; ``None`` only for a joker.

    Examples:
        >>> card = Card(Rank.QUEEN, Suit.HEARTS)
        >>> str(card), card == Card.parse("QH")
        ('QH', True)
        >>> Card(Rank.JOKER, None)
        Card.parse('JK')
        >>> sorted(parse_cards("KS AH 3C"))
        [Card.parse('3C'), Card.parse('AH'), Card.parse('KS')]
    """

    rank: Rank = attrs.field(validator=instance_of(Rank))
    suit: Suit | None = attrs.field(validator=_validate_suit)
    code: int = attrs.field(init=False, repr=False)
    """A small integer naming the card: ``13 * suit + rank - 1``, 52 for a joker."""

    def __attrs_post_init__(self) -> None:
        """Compute the card's code."""
        object.__setattr__(self, "code", _code(self.rank, self.suit))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card from its notation, such as ``"10H"``, ``"th"`` or ``"JK"``.

        Args:
            text: The card's notation, with nothing around it.

        Returns:
            The card.

        Raises:
            NotationError: If ``text`` is not a card.

        Examples:
            >>> Card.parse("qs").rank
            <Rank.QUEEN: 12>
            >>> Card.parse("1H")
            Traceback (most recent call last):
            ...
            tonk.errors.NotationError: unknown rank '1' (at position 0 of '1H')
        """
        if not isinstance(text, str):
            raise TypeError(f"card notation must be a str, got {brief(text)}")
        return _parse_card(text, text, 0)

    def __str__(self) -> str:
        """Return the card's notation."""
        return _TEXT[self.code]

    def __repr__(self) -> str:
        """Return an expression that rebuilds the card."""
        return f"Card.parse('{_TEXT[self.code]}')"

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        """Unpickle (and copy) to the shared instance of the card."""
        return card_from_code, (self.code,)

    def __copy__(self) -> Card:
        """Return the card itself: cards are immutable."""
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        """Return the card itself: cards are immutable."""
        return self

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """Pretty-print as the repr (used by IPython and Hypothesis reports)."""
        printer.text(repr(self))

    def __eq__(self, other: object) -> bool:
        """Compare by rank and suit."""
        if other.__class__ is Card:
            return self.code == other.code
        return NotImplemented

    def __hash__(self) -> int:
        """Hash by rank and suit."""
        return self.code

    def __lt__(self, other: Card) -> bool:
        """Order by :attr:`code`."""
        if other.__class__ is not Card:
            return NotImplemented
        return self.code < other.code

    def __le__(self, other: Card) -> bool:
        """Order by :attr:`code`."""
        if other.__class__ is not Card:
            return NotImplemented
        return self.code <= other.code

    def __gt__(self, other: Card) -> bool:
        """Order by :attr:`code`."""
        if other.__class__ is not Card:
            return NotImplemented
        return self.code > other.code

    def __ge__(self, other: Card) -> bool:
        """Order by :attr:`code`."""
        if other.__class__ is not Card:
            return NotImplemented
        return self.code >= other.code


def _parse_card(token: str, text: str, offset: int) -> Card:
    """Parse ``token``, found at ``offset`` in ``text``, into an interned card."""
    upper = token.upper()
    if upper == "JK":
        return CARDS[JOKER_CODE]
    if len(upper) < 2:
        raise NotationError(
            f"{brief(token)} is not a card: expected a rank and a suit",
            text=text,
            position=offset,
        )
    rank = _RANK_BY_TEXT.get(upper[:-1])
    if rank is None:
        raise NotationError(
            f"unknown rank {brief(token[:-1])}", text=text, position=offset
        )
    try:
        suit = Suit(upper[-1])
    except ValueError:
        raise NotationError(
            f"unknown suit {brief(token[-1])}",
            text=text,
            position=offset + len(token) - 1,
        ) from None
    return CARDS[_code(rank, suit)]


@attrs.frozen
class WildCard:
    """A wild card laid in a spread, standing for one named natural card (V4, V5).

    Written ``2C=6H`` or ``JK=QS``. What it stands for fixes what may later be hit
    onto the spread. A wild standing for its own card is written plainly (``2C``).

    Args:
        card: The wild card itself.
        stands_for: The natural card it plays as.

    Examples:
        >>> wild = WildCard(Card.parse("JK"), Card.parse("QS"))
        >>> str(wild)
        'JK=QS'
        >>> WildCard.parse("2c=6h")
        WildCard.parse('2C=6H')
        >>> WildCard(Card.parse("2C"), Card.parse("2C"))
        Traceback (most recent call last):
        ...
        ValueError: a card standing for itself is written plainly: '2C'
    """

    card: Card = attrs.field(validator=instance_of(Card))
    stands_for: Card = attrs.field(validator=instance_of(Card))

    def __attrs_post_init__(self) -> None:
        """Validate the designation."""
        if self.card == self.stands_for:
            raise ValueError(
                f"a card standing for itself is written plainly: '{self.card}'"
            )
        if self.stands_for.rank is Rank.JOKER:
            raise ValueError(f"a wild stands for a natural card, not {self.stands_for}")

    @classmethod
    def parse(cls, text: str) -> WildCard:
        """Read a wild designation such as ``"2C=6H"``.

        Raises:
            NotationError: If ``text`` is not ``CARD=CARD``.

        Examples:
            >>> WildCard.parse("JK=10H").stands_for
            Card.parse('10H')
        """
        element = parse_element(text)
        if not isinstance(element, WildCard):
            raise NotationError(
                "expected a wild designation such as '2C=6H'", text=text, position=0
            )
        return element

    def __str__(self) -> str:
        """Return the designation's notation."""
        return f"{self.card}={self.stands_for}"

    def __repr__(self) -> str:
        """Return an expression that rebuilds the designation."""
        return f"WildCard.parse('{self}')"


Element = Card | WildCard
"""One card laid or hit onto a spread: a card as itself, or a wild designation."""


def parse_element(text: str) -> Card | WildCard:
    """Read a card (``"7H"``) or a wild designation (``"2C=6H"``).

    Examples:
        >>> parse_element("7H"), parse_element("JK=7H")
        (Card.parse('7H'), WildCard.parse('JK=7H'))
    """
    return _parse_element(text, text, 0)


def _parse_element(token: str, text: str, offset: int) -> Card | WildCard:
    wild, equals, stands_for = token.partition("=")
    if not equals:
        return _parse_card(token, text, offset)
    card = _parse_card(wild, text, offset)
    natural = _parse_card(stands_for, text, offset + len(wild) + 1)
    try:
        return WildCard(card, natural)
    except ValueError as error:
        raise NotationError(str(error), text=text, position=offset) from None


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by whitespace, such as ``"AS 2D 10H"``.

    Args:
        text: Card notations separated by spaces.

    Returns:
        The cards, in the order written.

    Raises:
        NotationError: If any word is not a card; it names the word's position.

    Examples:
        >>> parse_cards("7h 8h 9h")
        (Card.parse('7H'), Card.parse('8H'), Card.parse('9H'))
        >>> parse_cards("7H 8X")
        Traceback (most recent call last):
        ...
        tonk.errors.NotationError: unknown suit 'X' (at position 4 of '7H 8X')
    """
    if not isinstance(text, str):
        raise TypeError(f"card notation must be a str, got {brief(text)}")
    cards = []
    position = 0
    for word in text.split():
        position = text.index(word, position)
        cards.append(_parse_card(word, text, position))
        position += len(word)
    return tuple(cards)


def card_from_code(code: int) -> Card:
    """Return the card with the given code (``Card.code``).

    Raises:
        EncodingError: If ``code`` is not 0..52.

    Examples:
        >>> card_from_code(0), card_from_code(51), card_from_code(52)
        (Card.parse('AC'), Card.parse('KS'), Card.parse('JK'))
        >>> card_from_code(-1)
        Traceback (most recent call last):
        ...
        tonk.errors.EncodingError: a card code must be 0..52, got -1
    """
    if 0 <= code < CODE_COUNT:  # a wrong type fails here or below: TypeError
        return CARDS[code]
    raise EncodingError(f"a card code must be 0..{CODE_COUNT - 1}, got {brief(code)}")


CARDS: tuple[Card, ...] = (
    *(Card(Rank(rank), suit) for suit in _SUIT_ORDER for rank in range(1, 14)),
    Card(Rank.JOKER, None),
)
"""Every distinct card, indexed by its code (``Card.code``): the shared instances.

``CARDS[card.code]`` is the shared instance of any card, without
:func:`card_from_code`'s check of the code (a card's code is always valid).

Examples:
    >>> len(CARDS), CARDS[0], CARDS[52]
    (53, Card.parse('AC'), Card.parse('JK'))
    >>> CARDS[Card(Rank.ACE, Suit.CLUBS).code] is Card.parse("AC")
    True
"""
_TEXT: tuple[str, ...] = tuple(
    "JK" if card.suit is None else card.rank.symbol + card.suit.value for card in CARDS
)
