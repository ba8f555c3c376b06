"""Private: a stacked deck given by a caller, as a tuple of cards.

:class:`~tonk.GameRecord` and :class:`~tonk.Session` take a stacked deck
(``deck=``) in place of a seed; this is their one converter. It lives above
:mod:`tonk.cards`, which :mod:`tonk._validate` (the checks every module uses)
must not import.

Examples:
    >>> from tonk import parse_cards
    >>> to_deck(parse_cards("QH 7S")), to_deck(None)
    ((Card.parse('QH'), Card.parse('7S')), None)
"""

from __future__ import annotations

from collections.abc import Iterable

from tonk._validate import brief, is_text
from tonk.cards import Card

__all__ = ["to_deck"]


def to_deck(cards: Iterable[Card] | None) -> tuple[Card, ...] | None:
    """Return a stacked deck as a tuple of cards (``None`` stays ``None``).

    Raises:
        TypeError: If ``cards`` is text, not iterable, or holds anything but
            cards.
    """
    if cards is None:
        return None
    if is_text(cards) or not isinstance(cards, Iterable):
        raise TypeError(f"deck must be a sequence of cards, got {brief(cards)}")
    deck = tuple(cards)
    for card in deck:
        if not isinstance(card, Card):
            raise TypeError(f"deck must hold Card values, got {brief(card)}")
    return deck
