"""The actions a player can take: the moves of B7.

Actions carry no seat: the player who acts is always the state's
:attr:`~tonk.state.GameState.to_move`. Every action is a small frozen, hashable
value with a text notation (:func:`tonk.format_action`, :func:`tonk.parse_action`).

Examples:
    >>> from tonk import parse_cards
    >>> Discard(Card.parse("KS"))
    Discard(card=Card.parse('KS'))
    >>> LaySpread(parse_cards("9H 7H 8H")).cards  # kept in a canonical order
    (Card.parse('7H'), Card.parse('8H'), Card.parse('9H'))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias

import attrs

from tonk._validate import brief, instance_of, is_int
from tonk.cards import Card, WildCard

__all__ = [
    "Action",
    "ClaimDealTonk",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "Drop",
    "Eat",
    "Exchange",
    "Hit",
    "LaySpread",
    "Pass",
    "Slap",
    "Tunk",
    "format_action",
]


@attrs.frozen
class Drop:
    """Drop (go down, knock) at the start of the turn, claiming the lowest count (B7).

    Examples:
        >>> Drop() == Drop()
        True
    """


@attrs.frozen
class DrawStock:
    """Draw the top card of the stock (B7); from an empty stock it ends the hand (B14).

    Examples:
        >>> DrawStock()
        DrawStock()
    """


@attrs.frozen
class DrawDiscard:
    """Take the top card of the discard pile (B7).

    Examples:
        >>> DrawDiscard()
        DrawDiscard()
    """


def _represented(element: Card | WildCard) -> Card:
    return element.stands_for if isinstance(element, WildCard) else element


def _physical(element: Card | WildCard) -> Card:
    return element.card if isinstance(element, WildCard) else element


def _sorted_elements(cards: Iterable[Card | WildCard]) -> tuple[Card | WildCard, ...]:
    result = tuple(cards)
    for card in result:
        if not isinstance(card, Card | WildCard):
            raise TypeError(f"a spread holds cards, got {brief(card)}")
    return tuple(
        sorted(result, key=lambda e: (_represented(e).code, _physical(e).code))
    )


_new = object.__new__
_is_element = instance_of((Card, WildCard))
_is_card = instance_of(Card)
_is_wild_or_none = attrs.validators.optional(instance_of(WildCard))


def _is_spread_number(instance: object, attribute: object, value: int) -> None:
    """Refuse a spread number that is not an int: a bool is not a number."""
    if not is_int(value):
        raise TypeError(f"spread must be an int, got {brief(value)}")


@attrs.frozen(eq=False)
class LaySpread:
    """Lay a book or a run from hand onto the table (B9).

    The cards are kept sorted (by suit, then rank), so the same spread written in
    any order is the same action. With wild cards (V4, V5) a card may be a
    :class:`~tonk.cards.WildCard` (``2C=6H``); which wild stands for which card
    does not matter, so two spreads are equal when they use the same cards to
    stand for the same cards.

    Args:
        cards: The cards of the spread.

    Examples:
        >>> from tonk import parse_cards, parse_element
        >>> LaySpread(parse_cards("7C 7S 7D")) == LaySpread(parse_cards("7D 7S 7C"))
        True
        >>> a = LaySpread(map(parse_element, "5H 2C=6H JK=7H".split()))
        >>> a == LaySpread(map(parse_element, "5H JK=6H 2C=7H".split()))
        True
    """

    cards: tuple[Card | WildCard, ...] = attrs.field(converter=_sorted_elements)

    @property
    def physical(self) -> tuple[Card, ...]:
        """The cards that leave the hand, sorted."""
        return tuple(sorted(map(_physical, self.cards)))

    @property
    def represented(self) -> tuple[Card, ...]:
        """The cards they play as, sorted."""
        return tuple(sorted(map(_represented, self.cards)))

    @classmethod
    def _canonical(cls, cards: tuple[Card | WildCard, ...]) -> LaySpread:
        """Build from elements already sorted as the converter would sort them."""
        action = _new(cls)
        _SET_CARDS(action, cards)
        return action

    def _key(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        # The physical codes, sorted, then the represented codes, which the
        # elements' order already sorts.
        physical = []
        represented = []
        for element in self.cards:
            if isinstance(element, WildCard):
                physical.append(element.card.code)
                represented.append(element.stands_for.code)
            else:
                physical.append(element.code)
                represented.append(element.code)
        physical.sort()
        return tuple(physical), tuple(represented)

    def __eq__(self, other: object) -> bool:
        """Compare the cards used and what they stand for."""
        if other.__class__ is not LaySpread:
            return NotImplemented
        assert isinstance(other, LaySpread)
        return self.cards == other.cards or self._key() == other._key()

    def __hash__(self) -> int:
        """Hash the cards used and what they stand for."""
        return hash(self._key())


_SET_CARDS = LaySpread.__dict__["cards"].__set__
"""Set a new spread's cards through its slot, past the frozen ``__setattr__``."""


@attrs.frozen
class Hit:
    """Add one card from hand to a spread on the table (B10).

    Args:
        spread: The spread's number: 1 for the first laid in this hand, and so on.
        card: The card to add; a wild names what it stands for (``JK=10H``).

    Examples:
        >>> Hit(2, Card.parse("10H")).spread
        2
    """

    spread: int = attrs.field(validator=_is_spread_number)
    card: Card | WildCard = attrs.field(validator=_is_element)


@attrs.frozen
class Discard:
    """Discard one card face up, ending the turn (B7).

    Args:
        card: The card to discard.

    Examples:
        >>> Discard(Card.parse("QD")).card
        Card.parse('QD')
    """

    card: Card = attrs.field(validator=_is_card)


@attrs.frozen
class ClaimDealTonk:
    """Claim a winning dealt hand just before your first turn (V19's 49).

    Only under a :class:`~tonk.rules.DealTonk` row claimed
    ``BEFORE_FIRST_TURN``, and only if nobody has spread yet, unless the row
    sets ``after_spread`` (X13).

    Examples:
        >>> ClaimDealTonk()
        ClaimDealTonk()
    """


@attrs.frozen
class Exchange:
    """Pay 1x into the widow pot and swap a hand card for your widow (V46).

    Only under ``Rules(widow=True)``, once a hand, at the start of your turn;
    the turn then goes on (drop or draw).

    Args:
        card: The hand card to give up for the widow.

    Examples:
        >>> Exchange(Card.parse("KD"))
        Exchange(card=Card.parse('KD'))
    """

    card: Card = attrs.field(validator=_is_card)


@attrs.frozen(repr=False)
class Slap:
    """Slap the discard onto a spread during a slap-in window (V26).

    Args:
        spread: The number of the spread to play it on.
        wild: When the discard is a wild card (V4, V5) slapped as another
            card, the wild and what it stands for (``JK=10H``), as a hit
            names it; ``None`` for a card slapped as itself.

    Examples:
        >>> Slap(2)
        Slap(spread=2)
        >>> Slap(1, WildCard.parse("JK=10H"))
        Slap(spread=1, wild=WildCard.parse('JK=10H'))
    """

    spread: int = attrs.field(validator=_is_spread_number)
    wild: WildCard | None = attrs.field(default=None, validator=_is_wild_or_none)

    def __repr__(self) -> str:
        """Show ``wild`` only when it is set, as a slap of a natural card shows."""
        wild = "" if self.wild is None else f", wild={self.wild!r}"
        return f"Slap(spread={brief(self.spread)}{wild})"


@attrs.frozen
class Eat:
    """Take the discard out of turn during an eating window (X5).

    The eat is the eater's draw: the eater then spreads, hits and discards as
    in a turn of their own (B7), and play goes on to the eater's left.

    Examples:
        >>> Eat()
        Eat()
    """


@attrs.frozen
class Pass:
    """Decline to slap (V26) or to eat (X5) during a window.

    Examples:
        >>> Pass()
        Pass()
    """


def _sorted_spreads(spreads: Iterable[LaySpread]) -> tuple[LaySpread, ...]:
    if isinstance(spreads, LaySpread):
        raise TypeError("a tunk's spreads must be a collection of LaySpread")
    result = tuple(spreads)
    for spread in result:
        if not isinstance(spread, LaySpread):
            raise TypeError(f"a tunk lays LaySpread spreads, got {brief(spread)}")
    return tuple(sorted(result, key=LaySpread._key))


@attrs.frozen
class Tunk:
    """Tunk: lay the whole hand down instead of discarding (H5, Hoyle).

    The player who drew names the arrangement: the spreads laid (each a
    :class:`LaySpread`, a wild naming what it stands for); the cards of the
    hand left over are the unmatched cards, laid face up too, and their count
    must be at most :attr:`~tonk.rules.Rules.tunk_at_most`. The spreads are
    kept in a canonical order, so the same arrangement written in any order
    is the same action.

    Args:
        spreads: The spreads laid; none when every card is unmatched.

    Examples:
        >>> from tonk import parse_cards
        >>> tunk = Tunk([LaySpread(parse_cards("9H 7H 8H")),
        ...              LaySpread(parse_cards("4C 4D 4S"))])
        >>> [str(spread.cards[0]) for spread in tunk.spreads]
        ['4C', '7H']
        >>> format_action(tunk)
        'tunk 4C 4D 4S / 7H 8H 9H'

    .. versionadded:: 0.2.0
    """

    spreads: tuple[LaySpread, ...] = attrs.field(default=(), converter=_sorted_spreads)

    @property
    def physical(self) -> tuple[Card, ...]:
        """Every card the spreads take from the hand, sorted."""
        return tuple(
            sorted(card for spread in self.spreads for card in spread.physical)
        )


def format_action(action: Action) -> str:
    """Write ``action`` in action notation.

    A spread number too long for notation (over 50 digits, which no table
    reaches) is written by its size, as error messages show it.

    Examples:
        >>> import tonk
        >>> format_action(tonk.LaySpread(tonk.parse_cards("9H 7H 8H")))
        'spread 7H 8H 9H'
        >>> format_action(tonk.DrawDiscard())
        'draw discard'
    """
    if isinstance(action, Drop):
        return "drop"
    if isinstance(action, ClaimDealTonk):
        return "claim"
    if isinstance(action, Slap):
        wild = "" if action.wild is None else f" {action.wild}"
        return f"slap {brief(action.spread)}{wild}"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Eat):
        return "eat"
    if isinstance(action, DrawStock):
        return "draw stock"
    if isinstance(action, DrawDiscard):
        return "draw discard"
    if isinstance(action, LaySpread):
        return "spread " + " ".join(map(str, action.cards))
    if isinstance(action, Hit):
        return f"hit {brief(action.spread)} {action.card}"
    if isinstance(action, Discard):
        return f"discard {action.card}"
    if isinstance(action, Exchange):
        return f"exchange {action.card}"
    if isinstance(action, Tunk):
        laid = " / ".join(" ".join(map(str, spread.cards)) for spread in action.spreads)
        return f"tunk {laid}" if laid else "tunk"
    raise TypeError(f"not a tonk action: {brief(action)}")


Action: TypeAlias = (
    Drop
    | DrawStock
    | DrawDiscard
    | LaySpread
    | Hit
    | Discard
    | ClaimDealTonk
    | Slap
    | Pass
    | Exchange
    | Eat
    | Tunk
)
"""Any action."""
