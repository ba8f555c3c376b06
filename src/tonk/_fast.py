"""Private: the engine's speed devices, one layer with one vocabulary.

Bots and learners play millions of hands, so the engine's hot path uses
compact internals behind the frozen public objects. They live in this layer,
so that the turn, the deal and the slap-in (:mod:`tonk._turn`,
:mod:`tonk._deal`, :mod:`tonk._slap_in`) read in the rules' terms. Its two
lower modules import nothing of tonk, so that the card tables below
:mod:`tonk.rules` use them too:

- :mod:`tonk._hand_sum`: the hand sum, one int per hand whose named fields,
  masks and operations tell which books and runs it holds;
- :mod:`tonk._cache`: the one cache type, and the one way to empty every
  cache.

This module, which stands on the game state and the actions, holds the rest:

- the *interned objects*: the actions without arguments, each card's discard
  and exchange (:data:`DISCARDS`, :data:`EXCHANGES`), the hits and slaps in
  use (:data:`HITS`, :data:`SLAPS`), each wild card's designation
  (:func:`designation`) and the enum members the hot path reads. A shared
  object spares an allocation, and lets a test by identity stand for a
  comparison. (Cards are interned by :mod:`tonk.cards`: ``CARDS``.) The enum
  members are read once into module names: on Python 3.11 a member read off
  its enum class is a slow lookup, a module name a fast one (3.12 made the
  enum read cheap);
- the *operations on a hand*, a tuple of cards sorted by code
  (:func:`with_card`, :func:`without_card`, :func:`without_cards`,
  :func:`distinct_cards`, :func:`replace_at`). They compare codes, never
  cards (``Card``'s comparisons are Python methods, an int's are not), and a
  hand holds a few cards, so plain scans beat bisections and sets;
- the *successor builder* (:func:`successor`, :func:`revised`), the one way
  past the frozen state classes. A :class:`~tonk.state.GameState` and its
  :class:`~tonk.state.Bookkeeping` are frozen, so each of their slots could
  only be set through its descriptor, a Python-level call; the builder makes
  them without ``__init__`` (which has no validator or converter to skip), at
  about a tenth of its cost. Nothing else in tonk builds a state but a new
  deal, and nothing else gets past a frozen class.

Examples:
    >>> import tonk
    >>> from tonk.cards import Card, parse_cards
    >>> DISCARDS[Card.parse("QH").code]
    Discard(card=Card.parse('QH'))
    >>> HITS[2, Card.parse("QH")] is HITS[2, Card.parse("QH")]
    True
    >>> designation(Card.parse("2C").code, Card.parse("QH").code)
    WildCard.parse('2C=QH')
    >>> hand = parse_cards("AC 5D 5D")
    >>> with_card(hand, Card.parse("3C"))
    (Card.parse('AC'), Card.parse('3C'), Card.parse('5D'), Card.parse('5D'))
    >>> without_card(hand, Card.parse("5D")), distinct_cards(hand)
    ((Card.parse('AC'), Card.parse('5D')), (Card.parse('AC'), Card.parse('5D')))
    >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
    >>> successor(state, turns_taken=3).turns_taken, state.turns_taken
    (3, 0)
    >>> revised(state.bookkeeping) is state.bookkeeping  # nothing changed
    True
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

import attrs

from tonk._cache import Cache
from tonk.actions import (
    ClaimDealTonk,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Exchange,
    Hit,
    Pass,
    Slap,
)
from tonk.cards import CODE_COUNT, Card, Element, WildCard, card_from_code
from tonk.rules import StockEnd
from tonk.state import (
    Bookkeeping,
    GameState,
    Outcome,
    Phase,
    SlapWindow,
    Spread,
    SpreadKind,
)

__all__ = [
    "AFTER_DRAW",
    "BOOK",
    "CLAIM",
    "DESIGNATIONS",
    "DISCARDS",
    "DRAW_DISCARD",
    "DRAW_STOCK",
    "DROP",
    "EXCHANGES",
    "EXTRA_DISCARD",
    "HAND_OVER",
    "HITS",
    "KEEP",
    "PASS",
    "RUN",
    "SLAPS",
    "SLAP_WINDOW",
    "STOCK_FORCED_KNOCK",
    "STOCK_LAST_CARD",
    "TURN_START",
    "Keep",
    "designation",
    "distinct_cards",
    "replace_at",
    "revised",
    "successor",
    "with_card",
    "without_card",
    "without_cards",
]

# --- The interned objects ---------------------------------------------------

TURN_START = Phase.TURN_START
AFTER_DRAW = Phase.AFTER_DRAW
SLAP_WINDOW = Phase.SLAP_WINDOW
EXTRA_DISCARD = Phase.EXTRA_DISCARD
HAND_OVER = Phase.HAND_OVER
STOCK_FORCED_KNOCK = StockEnd.FORCED_KNOCK
STOCK_LAST_CARD = StockEnd.LAST_CARD
BOOK = SpreadKind.BOOK
RUN = SpreadKind.RUN

CLAIM = ClaimDealTonk()
DROP = Drop()
DRAW_STOCK = DrawStock()
DRAW_DISCARD = DrawDiscard()
PASS = Pass()
DISCARDS = tuple(Discard(card_from_code(code)) for code in range(CODE_COUNT))
EXCHANGES = tuple(Exchange(card_from_code(code)) for code in range(CODE_COUNT))

_ACTIONS_KEPT = 4096
"""How many hits or slaps are kept (a hand lays a few spreads, so few are ever
in use)."""
HITS: Cache[tuple[int, Element], Hit] = Cache(
    lambda key: Hit(*key), limit=_ACTIONS_KEPT
)
"""The hit of an element onto a spread number, ``HITS[number, element]``."""
SLAPS: Cache[int, Slap] = Cache(Slap, limit=_ACTIONS_KEPT)
"""The slap onto a spread number, ``SLAPS[number]``."""

DESIGNATIONS: list[Element | None] = [None] * (CODE_COUNT * CODE_COUNT)
"""Each designation made so far, at ``physical * CODE_COUNT + represented``:
a flat table bounded by the codes, read inline where it pays."""


def designation(physical: int, represented: int) -> Element:
    """Return the (shared) element of card ``physical`` standing for ``represented``.

    Codes in, one object per designation out: the engine builds the same few
    wild designations over and over.

    Examples:
        >>> designation(0, 0) is designation(0, 0)
        True
    """
    index = physical * CODE_COUNT + represented
    element = DESIGNATIONS[index]
    if element is None:
        card = card_from_code(physical)
        element = DESIGNATIONS[index] = (
            card
            if physical == represented
            else WildCard(card, card_from_code(represented))
        )
    return element


# --- The operations on a hand ---------------------------------------------


def distinct_cards(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """Return the sorted ``hand`` without repeated cards (``hand`` if it has none).

    Equal cards are neighbours in a sorted hand, so the codes are compared in
    turn, without hashing the cards.
    """
    previous = -1
    for card in hand:
        code = card.code
        if code == previous:
            return tuple(dict.fromkeys(hand))
        previous = code
    return hand


def with_card(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """Return the sorted ``hand`` with ``card`` in its place (after equal cards).

    A hand holds a few cards, so a plain scan finds the place sooner than a
    bisection with a key would. Inserting into a list of the hand makes two
    objects where concatenating slices makes five.
    """
    code = card.code
    index = 0
    for held in hand:
        if held.code > code:
            changed = list(hand)
            changed.insert(index, card)
            return tuple(changed)
        index += 1  # noqa: SIM113 - faster than enumerate, as in without_card
    return hand + (card,)  # noqa: RUF005 - one object, as unpacking would not


def without_card(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...] | None:
    """Return ``hand`` less its first ``card``, or ``None`` if it lacks it.

    Cards are equal when their codes are, so the codes are compared. A
    counter finds the index a quarter faster than ``enumerate`` (no pair
    to build and unpack for each card).
    """
    code = card.code
    index = 0
    for held in hand:
        if held.code == code:
            return hand[:index] + hand[index + 1 :]
        index += 1  # noqa: SIM113 - faster than enumerate, as said above
    return None


def without_cards(
    hand: tuple[Card, ...], cards: Sequence[Card]
) -> tuple[Card, ...] | None:
    """Return ``hand`` less ``cards`` (as a multiset), or ``None`` if it lacks one."""
    remaining: tuple[Card, ...] | None = hand
    for card in cards:
        remaining = without_card(hand, card)
        if remaining is None:
            return None
        hand = remaining
    return remaining


def replace_at(values: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    """Return ``values`` with ``seat``'s entry replaced by ``value``."""
    changed = list(values)
    changed[seat] = value
    return tuple(changed)


# --- The successor builder -------------------------------------------------


class Keep(enum.Enum):
    """The default of the arguments that may be ``None``: keep the field as it is.

    :func:`revised`'s ``must_use`` and ``slap``; its other arguments, and
    :func:`successor`'s, keep a field when left ``None``.
    """

    KEEP = enum.auto()


KEEP = Keep.KEEP
_new = object.__new__


class _Unbuilt:
    """A :class:`GameState` being built: its slots, in its order, but writable.

    ``GameState`` is frozen, so each of its slots could only be set through
    its descriptor, a Python-level call. An ``_Unbuilt`` has the same
    slots and no ``__setattr__`` of its own, so setting one is an ordinary
    store; once every slot is set, assigning ``__class__`` makes
    the object the ``GameState`` it was built to be. CPython allows that
    assignment between classes whose slots are the same (with no
    ``__weakref__`` slot, which is why ``GameState`` has none); a test checks
    that the slots stay the same.
    """

    __slots__ = tuple(field.name for field in attrs.fields(GameState))


class _UnbuiltBookkeeping:
    """A :class:`Bookkeeping` being built, as :class:`_Unbuilt` is a state."""

    __slots__ = tuple(field.name for field in attrs.fields(Bookkeeping))


def successor(
    state: GameState,
    /,
    hand: tuple[Card, ...] | None = None,
    hands: tuple[tuple[Card, ...], ...] | None = None,
    stock: tuple[Card, ...] | None = None,
    discard_pile: tuple[Card, ...] | None = None,
    spreads: tuple[Spread, ...] | None = None,
    to_move: int | None = None,
    phase: Phase | None = None,
    turns_taken: int | None = None,
    taken: tuple[tuple[Card, ...], ...] | None = None,
    bookkeeping: Bookkeeping | None = None,
    outcome: Outcome | None = None,
) -> GameState:
    """Return the state after ``state`` with the fields given changed.

    A field left ``None`` keeps its value (a state's outcome is ``None``
    until the hand ends, and a hand never starts again). ``hand`` is the new
    hand of the player to move in ``state`` (every action changes only the
    mover's cards); ``hands`` replaces them all (the deal). The one place the
    engine builds a successor state. It is ``attrs.evolve`` with typed
    arguments, built as an :class:`_Unbuilt` without ``GameState.__init__``
    (which has no validator or converter to skip), at about a tenth of
    ``__init__``'s cost. The bookkeeping changes through :func:`revised`. A
    test checks that it sets every field.

    Callers name every field they give. The fields follow a ``/``, not a
    ``*``: CPython fills each keyword-only argument left out from a dict, a
    lookup apiece, and a positional-or-keyword one from a tuple, which made
    ``apply`` about 8% faster. ``None`` is tested in one instruction, where a
    sentinel takes three.
    """
    new: Any = _new(_Unbuilt)  # the arguments are typed: the slots need not be
    new.rules = state.rules
    new.dealer = state.dealer
    if hand is not None:
        hands = state.hands
        if len(hands) == 2:  # two players: a tuple display builds no list
            new.hands = (hands[0], hand) if state.to_move else (hand, hands[1])
        else:
            changed = list(hands)
            changed[state.to_move] = hand
            new.hands = tuple(changed)
    else:
        new.hands = state.hands if hands is None else hands
    new.stock = state.stock if stock is None else stock
    new.discard_pile = state.discard_pile if discard_pile is None else discard_pile
    new.spreads = state.spreads if spreads is None else spreads
    new.to_move = state.to_move if to_move is None else to_move
    new.phase = state.phase if phase is None else phase
    new.turns_taken = state.turns_taken if turns_taken is None else turns_taken
    new.taken = state.taken if taken is None else taken
    new.bookkeeping = state.bookkeeping if bookkeeping is None else bookkeeping
    new.outcome = state.outcome if outcome is None else outcome
    new.__class__ = GameState
    built: GameState = new
    return built


def revised(
    book: Bookkeeping,
    /,
    waits: tuple[int, ...] | None = None,
    going_out_barred: tuple[bool, ...] | None = None,
    hit_this_round: tuple[bool, ...] | None = None,
    hits_this_turn: int | None = None,
    must_use: Card | Keep | None = KEEP,
    widows: tuple[Card, ...] | None = None,
    exchanged: tuple[bool, ...] | None = None,
    slap: SlapWindow | Keep | None = KEEP,
) -> Bookkeeping:
    """Return ``book`` with the fields given changed: ``book`` itself if none is.

    A field left ``None`` keeps its value, as in :func:`successor`;
    ``must_use`` and ``slap``, which may be ``None``, keep theirs when left
    :data:`KEEP`. A field is also unchanged when the value given is the one
    ``book`` holds (the same object; for ``hits_this_turn``, an equal number),
    so the states of a hand share one record while the rules keep nothing in
    it. Built as :func:`successor` builds a state, and its fields follow a
    ``/`` for the same reason.
    """
    waits = book.waits if waits is None else waits
    if going_out_barred is None:
        going_out_barred = book.going_out_barred
    if hit_this_round is None:
        hit_this_round = book.hit_this_round
    if hits_this_turn is None:
        hits_this_turn = book.hits_this_turn
    must_use = book.must_use if must_use is KEEP else must_use
    widows = book.widows if widows is None else widows
    exchanged = book.exchanged if exchanged is None else exchanged
    slap = book.slap if slap is KEEP else slap
    if (
        waits is book.waits
        and going_out_barred is book.going_out_barred
        and hit_this_round is book.hit_this_round
        and hits_this_turn == book.hits_this_turn
        and must_use is book.must_use
        and widows is book.widows
        and exchanged is book.exchanged
        and slap is book.slap
    ):
        return book
    new: Any = _new(_UnbuiltBookkeeping)
    new.waits = waits
    new.going_out_barred = going_out_barred
    new.hit_this_round = hit_this_round
    new.hits_this_turn = hits_this_turn
    new.must_use = must_use
    new.widows = widows
    new.exchanged = exchanged
    new.slap = slap
    new.tunker = book.tunker  # changed only by attrs.evolve: a tunk, H3's burial
    new.buried = book.buried
    new.__class__ = Bookkeeping
    built: Bookkeeping = new
    return built
