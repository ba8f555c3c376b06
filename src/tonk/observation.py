"""What one seat may know of a hand: observations and determinization.

A :class:`~tonk.state.GameState` is the referee's view: it holds every hand and
the order of the stock. A bot gets an :class:`Observation` instead: exactly
what its seat may know at a real table, read with *perfect memory* (the seat
remembers everything it has seen). :func:`determinize` goes the other way: it
deals the cards the seat cannot see at random, giving a full state that agrees
with everything the observation says (for search bots such as determinized
Monte Carlo tree search).

Examples:
    >>> import random, tonk
    >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
    >>> seen = tonk.observe(state, 1)
    >>> seen.hand == state.hand(1), seen.hand_sizes, seen.stock_size
    (True, (5, 5), 41)
    >>> seen.legal_actions
    (Drop(), DrawStock(), DrawDiscard())
    >>> sample = tonk.determinize(seen, random.Random(1))
    >>> tonk.observe(sample, 1) == seen, sample.hand(0) == state.hand(0)
    (True, False)
"""

from __future__ import annotations

import itertools
import operator
import random
from typing import Any

import attrs

from tonk import _present
from tonk._cache import Cache
from tonk._deal import shuffle_drawing
from tonk._fast import revised, successor
from tonk._validate import brief, wrong_type
from tonk.actions import Action
from tonk.cards import CARDS, CODE_COUNT, Card
from tonk.engine import legal_actions
from tonk.errors import RulesError
from tonk.rules import Rules
from tonk.state import (
    Bookkeeping,
    GameState,
    Outcome,
    Phase,
    SlapWindow,
    Spread,
    check_seat,
)

__all__ = ["Observation", "determinize", "observe"]


@attrs.frozen(kw_only=True, weakref_slot=False)
class Observation:
    """What one seat may know of a hand, with perfect memory.

    Build one with :func:`observe`. It holds the seat's own hand, the size of
    every hand, everything on the table (the spreads with their owners and
    hitters, the whole discard pile) and every public fact of the state. It
    never holds another seat's live hand, the order or content of the stock,
    or a widow the seat has not exchanged with.

    *Perfect memory* means the seat remembers everything it has seen: every
    card discarded (so the whole discard pile is known, although B8 forbids
    searching it), every card another seat took from the pile and still holds
    (:attr:`taken`), the card it gave up to its widow, and, once the hands are
    shown at the end, every hand.

    Attributes:
        seat: The seat observing.
        rules: The rules of the hand.
        dealer: The dealer's seat.
        phase: Where the hand is within the turn.
        to_move: The seat whose action is next (after the end: who ended it).
        turns_taken: Turns completed so far (B15).
        hand: The seat's own hand, sorted.
        hand_sizes: How many cards each seat holds.
        taken: For each seat, the cards it took from the discard pile and still
            holds: everyone saw them taken.
        spreads: The spreads on the table, with owners and hitters.
        discard_pile: The whole discard pile, bottom first; the last card is
            the top, the one that may be taken.
        stock_size: How many cards are left in the stock.
        waits: For each seat, the coming turns it may not drop in (V22, V23).
        going_out_barred: For each seat, whether it may not empty its hand on
            its current or next turn (V22).
        hit_this_round: For each seat, whether it has been charged a hit wait
            since its last turn (V22), or since the turn's draw (X7).
        hits_this_turn: Hits made by the player to move in this turn (V24b).
        must_use: The card taken from the discard pile that must be used at
            once (V24d), or ``None``.
        exchanged: For each seat, whether it has exchanged with its widow
            (V46), or ``()`` without the widow.
        widow: The seat's own widow card once it has exchanged: the card it
            gave up; ``None`` before (the widow lies face down) or without the
            widow.
        slap: The open slap-in window (V26) or eating window (X5), or ``None``.
        outcome: How the hand ended, or ``None`` while it goes on.
        shown_hands: Every seat's hand, once the hands are shown at the end (a
            drop, a showdown, a deal tonk or a void deal: the outcome has
            ``counts``); ``None`` while the hand goes on or when a player
            went out, since nobody shows a hand then.
        legal_actions: What the seat may do now, in the order of
            :func:`tonk.legal_actions`, when it is to move; otherwise ``()``.
        tunker: The seat that tunked (H5), whose unmatched cards are then
            its :attr:`taken` cards, face up; ``None`` before a tunk.
        buried: Whether the turned-up card lies buried at the bottom of the
            discard pile, never to be taken (H3).

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.Rules(), players=3, seed=2)
        >>> seen = tonk.observe(state, 2)
        >>> seen.seat, seen.to_move, seen.hand_sizes, seen.legal_actions
        (2, 1, (5, 5, 5), ())
        >>> seen.top_discard == state.top_discard, seen.player_count
        (True, 3)
    """

    seat: int
    rules: Rules
    dealer: int
    phase: Phase
    to_move: int
    turns_taken: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    taken: tuple[tuple[Card, ...], ...]
    spreads: tuple[Spread, ...]
    discard_pile: tuple[Card, ...]
    stock_size: int
    waits: tuple[int, ...]
    going_out_barred: tuple[bool, ...]
    hit_this_round: tuple[bool, ...]
    hits_this_turn: int
    must_use: Card | None
    exchanged: tuple[bool, ...]
    widow: Card | None
    slap: SlapWindow | None
    outcome: Outcome | None
    shown_hands: tuple[tuple[Card, ...], ...] | None
    legal_actions: tuple[Action, ...]
    tunker: int | None = None
    buried: bool = False

    @property
    def player_count(self) -> int:
        """The number of players in the hand."""
        return len(self.hand_sizes)

    @property
    def is_terminal(self) -> bool:
        """Whether the hand has ended."""
        return self.outcome is not None

    @property
    def top_discard(self) -> Card | None:
        """The card on top of the discard pile, or ``None`` if it is empty."""
        return self.discard_pile[-1] if self.discard_pile else None

    def __str__(self) -> str:
        """Return the seat's table: hidden hands as counts (:mod:`tonk.text`)."""
        return _present.text(self)

    def __format__(self, spec: str) -> str:
        """Format as :func:`str`; the spec ``"ascii"`` writes plain ASCII."""
        return _present.text(self, spec)

    def _repr_svg_(self) -> str:
        """Draw what the seat sees in Jupyter (:func:`tonk.svg.draw`)."""
        return _present.svg(self)


def observe(state: GameState, seat: int) -> Observation:
    """Return what ``seat`` may know of ``state``, with perfect memory.

    The observation holds the seat's own hand and every public fact, and
    nothing else: see :class:`Observation`. Two states that differ only in
    cards the seat cannot see give equal observations
    (:func:`tonk.testing.check_no_leak` checks this).

    Args:
        state: The state, as the referee sees it.
        seat: The seat observing.

    Returns:
        The seat's observation; its :attr:`~Observation.legal_actions` are
        filled in when the seat is to move.

    Raises:
        RulesError: If ``seat`` is not at the table.
        TypeError: If ``state`` is not a state.

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
        >>> state = tonk.apply(state, tonk.DrawDiscard())  # seat 1 takes the 4D
        >>> seen = tonk.observe(state, 0)
        >>> seen.hand == state.hand(0), seen.taken, seen.hand_sizes
        (True, ((), (Card.parse('4D'),)), (5, 6))
        >>> tonk.observe(state, 2)
        Traceback (most recent call last):
        ...
        tonk.errors.RulesError: seat must be 0..1, got 2
    """
    if state.__class__ is not GameState and not isinstance(state, GameState):
        raise wrong_type("state", GameState, state)
    hands = state.hands
    if seat.__class__ is not int or not 0 <= seat < len(hands):
        check_seat(len(hands), seat)
    outcome = state.outcome
    book = state.bookkeeping  # its fields, without a property call each
    exchanged = book.exchanged
    # Built as an _UnbuiltObservation, as the engine builds a state
    # (tonk._fast.successor): a store a field, where Observation's __init__
    # (which checks nothing) would call object.__setattr__ for each.
    new: Any = _new(_UnbuiltObservation)
    new.seat = seat
    new.rules = state.rules
    new.dealer = state.dealer
    new.phase = state.phase
    new.to_move = state.to_move
    new.turns_taken = state.turns_taken
    new.hand = hands[seat]
    new.hand_sizes = tuple(map(len, hands))
    new.taken = state.taken
    new.spreads = state.spreads
    new.discard_pile = state.discard_pile
    new.stock_size = len(state.stock)
    new.waits = book.waits
    new.going_out_barred = book.going_out_barred
    new.hit_this_round = book.hit_this_round
    new.hits_this_turn = book.hits_this_turn
    new.must_use = book.must_use
    new.exchanged = exchanged
    new.widow = book.widows[seat] if exchanged and exchanged[seat] else None
    new.slap = book.slap
    new.outcome = outcome
    new.shown_hands = (
        hands if outcome is not None and outcome.counts is not None else None
    )
    new.legal_actions = (
        legal_actions(state) if outcome is None and state.to_move == seat else ()
    )
    new.tunker = book.tunker
    new.buried = book.buried
    new.__class__ = Observation
    built: Observation = new
    return built


class _UnbuiltObservation:
    """An :class:`Observation` being built: its slots, in its order, but writable.

    As :class:`tonk._fast._Unbuilt` is a state: :func:`observe` sets every
    slot, then assigns ``__class__``, which CPython allows between classes
    of the same slots and no ``__weakref__`` slot (which is why
    ``Observation`` has none); a test checks that the slots stay the same.
    """

    __slots__ = tuple(field.name for field in attrs.fields(Observation))


_new = object.__new__
_FIELDS = frozenset(_UnbuiltObservation.__slots__)


def _from_fields(values: dict[str, Any]) -> Observation:
    """Return ``Observation(**values)``, built as :func:`observe` builds one.

    For readers that hold every field by name (the table protocol's): a
    dict of other keys goes to ``Observation``'s ``__init__``, which says
    what is missing or unknown.
    """
    if len(values) != len(_FIELDS) or not _FIELDS.issuperset(values):
        return Observation(**values)
    new: Any = _new(_UnbuiltObservation)
    for name, value in values.items():
        setattr(new, name, value)
    new.__class__ = Observation
    built: Observation = new
    return built


_CODE = operator.attrgetter("code")
_MID_TURN = (Phase.AFTER_DRAW, Phase.EXTRA_DISCARD)
_TRIES = 10_000
"""How many deals :func:`determinize` tries before giving up on a state that
needs the player to move to hold particular cards."""


def determinize(observation: Observation, rng: random.Random) -> GameState:
    """Deal the cards ``observation``'s seat cannot see at random: a full state.

    The state agrees with everything the observation says: the seat's own hand,
    every hand size, the cards each seat is known to hold (its
    :attr:`~Observation.taken` cards, or every hand once shown), the spreads,
    the discard pile, the seat's own exchanged widow, and every public fact. The
    *unseen* cards are the rules' pack less every card the observation shows
    (as a multiset: with two packs or several jokers a card may be unseen
    twice). They are shuffled with ``rng`` and dealt to the places the seat
    cannot see: the unknown cards of the other hands, the widows it has not
    seen (V46) and the stock, in order. Every deal of the unseen cards is
    equally likely (two copies of a card count as two cards).

    The deal takes no account of what the players' past choices suggest, nor of
    what the rules imply about hidden hands (under must-spread, V21, an
    opponent rarely holds a complete spread). One exception: when another seat
    is to move in the middle of its turn, the deal is drawn again until that
    seat has a legal action (a card taken under V24d must be usable; a slapper
    under must-spread must be able to discard), as in every real state.

    Args:
        observation: What one seat knows, from :func:`observe`.
        rng: The source of randomness.

    Returns:
        A state that :func:`observe` turns back into ``observation`` for the
        same seat.

    Raises:
        RulesError: If the observation's seat is not at the table, its hand
            sizes and the hands it knows are for different numbers of seats,
            or it does not fit the pack of its rules.
        TypeError: If ``observation`` is not an observation, or ``rng`` not a
            ``random.Random``.

    Examples:
        >>> import random, tonk
        >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
        >>> state = tonk.apply(state, tonk.DrawDiscard())
        >>> seen = tonk.observe(state, 0)
        >>> sample = tonk.determinize(seen, random.Random(3))
        >>> sample.hand(0) == state.hand(0), tonk.Card.parse("4D") in sample.hand(1)
        (True, True)
        >>> sample.stock == state.stock, tonk.observe(sample, 0) == seen
        (False, True)
    """
    if not isinstance(observation, Observation):
        raise wrong_type("observation", Observation, observation)
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, got {brief(rng)}")
    rules = observation.rules
    seat = observation.seat
    sizes = observation.hand_sizes
    players = len(sizes)
    if seat.__class__ is not int or not 0 <= seat < players:
        check_seat(players, seat)
    shown = observation.shown_hands
    known = list(observation.taken if shown is None else shown)
    if len(known) != players:
        raise RulesError(
            "the observation does not fit its table:"
            f" {_present.plural(players, 'hand size')},"
            f" known cards for {_present.plural(len(known), 'seat')}"
        )
    if shown is None:
        known[seat] = observation.hand
    counts, one_copy, template = _TABLES[rules, players, observation.dealer]
    unseen = list(counts)
    for card in observation.discard_pile:
        unseen[card.code] -= 1
    missing = []  # the cards of each hand the seat cannot see
    for size, cards in zip(sizes, known):  # noqa: B905 - lengths equal: checked
        for card in cards:
            unseen[card.code] -= 1
        missing.append(size - len(cards))
    for spread in observation.spreads:
        for card in spread.cards:
            unseen[card.code] -= 1
    widow_known = [False] * len(observation.exchanged)
    if widow_known and observation.widow is not None:
        widow_known[seat] = True
        unseen[observation.widow.code] -= 1
    try:  # bytes() refuses a count below 0 in one loop of C, faster than min()
        bytes(unseen)
    except ValueError:
        raise RulesError(
            "the observation does not fit the pack of its rules: it shows cards"
            " more often than the pack holds them"
        ) from None
    if one_copy:  # each count is 0 or 1: pick the cards by code
        pool = list(itertools.compress(CARDS, unseen))
    else:  # a card may be unseen twice (two packs or jokers)
        pool = [CARDS[code] for code, count in enumerate(unseen) for _ in range(count)]
    places = sum(missing) + widow_known.count(False) + observation.stock_size
    if places != len(pool) or min(missing) < 0:
        raise RulesError(
            "the observation does not fit the pack of its rules:"
            f" {len(pool)} unseen cards for {places} hidden places"
        )
    check_live = (
        observation.outcome is None
        and observation.to_move != seat
        and observation.phase in _MID_TURN
        and (observation.must_use is not None or rules.must_spread)
    )
    state = _dealt(observation, template, known, missing, widow_known, pool, rng)
    if check_live:
        for _ in range(_TRIES):
            if legal_actions(state):
                break
            pool.sort(key=_CODE)  # each deal shuffles the unseen cards in code order
            state = _dealt(
                observation, template, known, missing, widow_known, pool, rng
            )
        else:  # pragma: no cover - a real state's deal exists
            raise AssertionError(
                f"no deal of the unseen cards in {_TRIES} tries gives seat"
                f" {observation.to_move} a legal action"
            )
    return state


def _tables(key: tuple[Rules, int, int]) -> tuple[tuple[int, ...], bool, GameState]:
    """Return what a deal of the table needs, found by one lookup.

    ``key`` is the rules, the players and the dealer; the answer is the copies
    of each card code in the table's pack, whether all are 1, and the
    :func:`_template` state of ``rules`` and ``dealer``.
    """
    rules, players, dealer = key
    counts = [0] * CODE_COUNT
    for card in rules.pack(players=players):
        counts[card.code] += 1
    return tuple(counts), max(counts) == 1, _template(rules, dealer)


_TABLES: Cache[tuple[Rules, int, int], tuple[tuple[int, ...], bool, GameState]] = Cache(
    _tables, limit=256
)


_STANDARD_DRAWS = (
    random.Random.shuffle,
    random.Random._randbelow_with_getrandbits,  # type: ignore[attr-defined]
    random.Random.getrandbits,
)
"""The methods of :class:`random.Random` whose draws :func:`_shuffle` makes
itself (``_randbelow`` is private, so a new Python could change it: a test
compares the two shuffles)."""


def _shuffle(cards: list[Card], rng: random.Random) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does.

    The same draws of ``getrandbits`` as the standard shuffle, made inline by
    the engine's seeded deal (``_deal.shuffle_drawing``), without
    the standard shuffle's call of ``_randbelow`` per card (most of a
    :func:`determinize`). A source whose ``shuffle``, ``_randbelow`` or
    ``getrandbits`` is not the standard one is asked to shuffle.
    """
    cls = rng.__class__
    methods = (cls.shuffle, cls._randbelow, cls.getrandbits)  # type: ignore[attr-defined]
    if methods == _STANDARD_DRAWS:
        shuffle_drawing(cards, rng.getrandbits)
    else:
        rng.shuffle(cards)


def _dealt(
    observation: Observation,
    template: GameState,
    known: list[tuple[Card, ...]],
    missing: list[int],
    widow_known: list[bool],
    pool: list[Card],
    rng: random.Random,
) -> GameState:
    """Return the state with the cards of ``pool``, shuffled in place, hidden."""
    cards = pool
    _shuffle(cards, rng)
    at = 0
    hands = []
    for seen, count in zip(known, missing):  # noqa: B905 - made the same length
        if count:
            held = [*seen, *cards[at : at + count]]
            held.sort(key=_CODE)
            hands.append(tuple(held))
            at += count
        else:  # a hand known whole: the seat's own, or any once shown
            hands.append(tuple(sorted(seen, key=_CODE)))
    widows = []
    for is_known in widow_known:
        if is_known:
            assert observation.widow is not None
            widows.append(observation.widow)
        else:
            widows.append(cards[at])
            at += 1
    state = successor(
        template,
        hands=tuple(hands),
        stock=tuple(cards[at:]),
        discard_pile=observation.discard_pile,
        spreads=observation.spreads,
        to_move=observation.to_move,
        phase=observation.phase,
        turns_taken=observation.turns_taken,
        taken=observation.taken,
        bookkeeping=revised(
            template.bookkeeping,
            waits=observation.waits,
            going_out_barred=observation.going_out_barred,
            hit_this_round=observation.hit_this_round,
            hits_this_turn=observation.hits_this_turn,
            must_use=observation.must_use,
            widows=tuple(widows),
            exchanged=observation.exchanged,
            slap=observation.slap,
        ),
        outcome=observation.outcome,
    )
    if observation.tunker is None and not observation.buried:
        return state
    book = attrs.evolve(
        state.bookkeeping, tunker=observation.tunker, buried=observation.buried
    )  # H3, H5: a tunk and a buried upcard, once a hand at most
    return successor(state, bookkeeping=book)


def _template(rules: Rules, dealer: int) -> GameState:
    """Return a state to build a dealt one from: only its rules and dealer count.

    :func:`_dealt` gives every other field to the engine's successor builder
    (its outcome too, unless the hand goes on: the template has none).
    """
    return GameState(
        rules=rules,
        dealer=dealer,
        hands=(),
        stock=(),
        discard_pile=(),
        spreads=(),
        to_move=0,
        phase=Phase.TURN_START,
        turns_taken=0,
        taken=(),
        outcome=None,
        bookkeeping=Bookkeeping(
            waits=(),
            going_out_barred=(),
            hit_this_round=(),
            hits_this_turn=0,
            must_use=None,
            widows=(),
            exchanged=(),
            slap=None,
        ),
    )
