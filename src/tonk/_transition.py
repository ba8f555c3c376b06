"""Share what every transition of a hand needs: successors, checks, the end.

One successor builder, the checks and predicates several parts of the game
use, and the end of a hand.

:func:`successor` is the one place a state's successor is built. The
refusals of an action out of its time (:func:`turn_start_refusal`,
:func:`after_draw_refusal`; B7, docs/rules/base.md) are raised by the
transitions once they have tested the phase; :func:`is_drop_forced` is V27/V29,
:func:`is_locked` V30 and X9, :func:`holds_spread` and :func:`discardable` V21 and
:func:`hit_effects` V22/V23/X7 (docs/rules/play.md); :func:`ended` and
:func:`went_out` settle a hand (B11-B14, docs/rules/base.md; V31-V34, V39,
V46, docs/rules/payouts.md).
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from typing import Any

import attrs

from tonk._compiled import Compiled, Tables, compiled
from tonk._spreads import (
    find_spreads,
)
from tonk.actions import (
    Action,
    ClaimDealTonk,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Exchange,
    Hit,
    LaySpread,
    Pass,
    Slap,
    format_action,
)
from tonk.cards import CODE_COUNT, Card, Rank, WildCard, card_from_code
from tonk.errors import IllegalActionError, IllegalReason
from tonk.rules import OutWay, Rules, StockEnd
from tonk.scoring import (
    count_of,
    hit_and_split_transfers,
    settle_out,
    widow_transfers,
)
from tonk.state import (
    Bookkeeping,
    GameState,
    Outcome,
    OutcomeKind,
    Phase,
    SlapWindow,
    Spread,
)

__all__ = [
    "AFTER_DRAW",
    "CLAIM",
    "DISCARDS",
    "DRAW_DISCARD",
    "DRAW_STOCK",
    "DROP",
    "EXCHANGES",
    "EXTRA_DISCARD",
    "HAND_OVER",
    "KEEP",
    "PASS",
    "SLAP_WINDOW",
    "STOCK_FORCED_KNOCK",
    "STOCK_LAST_CARD",
    "TURN_START",
    "Keep",
    "after_draw_refusal",
    "check_discard",
    "check_not_locked",
    "check_spread_number",
    "counts_of",
    "discardable",
    "distinct_cards",
    "ended",
    "forced_drop_refusal",
    "hit_effects",
    "hit_of",
    "holds_spread",
    "is_drop_forced",
    "is_locked",
    "natural_enough",
    "pack_copies",
    "refuse",
    "replace_at",
    "revised",
    "slap_of",
    "spread_count",
    "successor",
    "taken_less",
    "turn_start_refusal",
    "went_out",
    "with_card",
    "without_card",
    "without_cards",
]


TURN_START = Phase.TURN_START
AFTER_DRAW = Phase.AFTER_DRAW
SLAP_WINDOW = Phase.SLAP_WINDOW
EXTRA_DISCARD = Phase.EXTRA_DISCARD
HAND_OVER = Phase.HAND_OVER
# The stock rules read at every turn, kept here as the phases are: on Python
# 3.11 a member read off its enum class is a slow lookup, a module name a fast
# one (3.12 made the enum read cheap).
STOCK_FORCED_KNOCK = StockEnd.FORCED_KNOCK
STOCK_LAST_CARD = StockEnd.LAST_CARD

CLAIM = ClaimDealTonk()
DROP = Drop()
DRAW_STOCK = DrawStock()
DRAW_DISCARD = DrawDiscard()
PASS = Pass()
DISCARDS = tuple(Discard(card_from_code(code)) for code in range(CODE_COUNT))
EXCHANGES = tuple(Exchange(card_from_code(code)) for code in range(CODE_COUNT))
_ACTIONS_KEPT = 4096
"""How many hits or slaps :func:`hit_of` and :func:`slap_of` keep (a hand lays
a few spreads, so few are ever in use)."""
hit_of = functools.lru_cache(maxsize=_ACTIONS_KEPT)(Hit)
"""Return the hit of an element onto a spread number, built once."""
slap_of = functools.lru_cache(maxsize=_ACTIONS_KEPT)(Slap)
"""Return the slap onto a spread number, built once."""


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


def refuse(action: Action, reason: IllegalReason, why: str) -> IllegalActionError:
    """Return the refusal of ``action`` with its reason and message (B7)."""
    return IllegalActionError(
        f"cannot {format_action(action)}: {why}", action=action, reason=reason
    )


def _window_refusal(state: GameState, action: Action) -> IllegalActionError:
    """Return the refusal of ``action`` while a slap-in window is open (V26)."""
    return refuse(
        action,
        IllegalReason.NOT_SLAP_TIME,
        f"seat {state.to_move} must "
        + (
            "discard"
            if state.phase is EXTRA_DISCARD
            else "eat or pass"
            if state.rules.eating
            else "slap or pass"
        ),
    )


# The phase checks (B7). A transition tests the phase itself and raises the
# refusal these build only when the phase is wrong, so that the usual case
# costs a comparison, not a call:
#
#     if state.phase is not TURN_START:
#         raise turn_start_refusal(state, action)


def turn_start_refusal(state: GameState, action: Action) -> IllegalActionError:
    """Return the refusal of ``action``, open only at a turn's start, now."""
    if state.phase is SLAP_WINDOW or state.phase is EXTRA_DISCARD:
        return _window_refusal(state, action)
    return refuse(
        action,
        IllegalReason.ALREADY_DREW,
        f"seat {state.to_move} has drawn; spread, hit or discard",
    )


def after_draw_refusal(state: GameState, action: Action) -> IllegalActionError:
    """Return the refusal of ``action``, open only after a draw, now."""
    if state.phase is SLAP_WINDOW or state.phase is EXTRA_DISCARD:
        return _window_refusal(state, action)
    return IllegalActionError(
        f"cannot {format_action(action).split()[0]} before drawing: seat"
        f" {state.to_move} must drop or draw first",
        action=action,
        reason=IllegalReason.MUST_DRAW_FIRST,
    )


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


def taken_less(
    state: GameState, seat: int, cards: Sequence[Card]
) -> tuple[tuple[Card, ...], ...]:
    """Return :attr:`GameState.taken` once ``seat`` has played ``cards``."""
    taken = state.taken
    held = taken[seat]
    if not held:
        return taken
    remaining = held
    for card in cards:
        played = without_card(remaining, card)
        if played is not None:
            remaining = played
    if remaining is held:  # none of them was taken
        return taken
    return replace_at(taken, seat, remaining)


def counts_of(state: GameState, table: Compiled) -> tuple[int, ...]:
    """Return every seat's count (B12), as :func:`tonk.scoring.hand_count` gives it.

    ``table`` is the state's rules compiled: its callers have it at hand.
    """
    values = table.tables.values
    counts = []
    for hand in state.hands:  # a loop, not a comprehension: this runs at every drop
        counts.append(count_of(hand, values))
    return tuple(counts)


def ended(state: GameState, outcome: Outcome) -> GameState:
    """Return ``state`` over, settled by ``outcome`` and the side payments."""
    rules = state.rules
    if rules.hit_and_split:  # V39
        outcome = outcome.with_transfers(
            hit_and_split_transfers(outcome.winners, state.spreads, len(state.hands))
        )
    if rules.widow:  # V46
        outcome = outcome.with_transfers(
            widow_transfers(outcome.winners, state.bookkeeping.exchanged)
        )
    return successor(state, phase=HAND_OVER, outcome=outcome)


def went_out(state: GameState, seat: int, way: OutWay, *, own_turn: bool) -> Outcome:
    """Settle ``seat`` going out from ``state`` by ``way`` (B11, V31-V34).

    ``state`` is the state of the turn the hand was emptied in (before any turn
    count moves on); ``own_turn`` is false for a slapper's extra discard (V26).
    """
    players = len(state.hands)
    turn = state.turns_taken
    spreads = state.spreads
    first_turn = (
        own_turn and turn < players and (seat - state.dealer - 1) % players == turn
    )
    laid_now = (
        sum(1 for spread in spreads if spread.owner == seat and spread.turn == turn)
        if own_turn
        else 0
    )
    for row in state.rules.going_out:
        if row.matches(
            way=way,
            first_turn=first_turn,
            spreads_this_turn=laid_now,
            hit_this_turn=own_turn and state.bookkeeping.hits_this_turn > 0,
            hit_this_hand=any(seat in spread.hitters for spread in spreads),
            spread_before=any(
                spread.owner == seat and spread.turn < turn for spread in spreads
            ),
        ):
            pays = row.pays
            break
    else:  # pragma: no cover - Rules requires a last row for every way
        raise AssertionError("no going-out row matched")
    kind = OutcomeKind.OUT_BY_DISCARD if way is OutWay.DISCARD else OutcomeKind.TONK_OUT
    return settle_out(players, seat, kind, pays=pays)


def pack_copies(state: GameState) -> int:
    """Return how many copies of each card the rules' pack holds (B1, V2)."""
    return compiled(state.rules).pack_copies[len(state.hands)]


def spread_count(state: GameState, seat: int) -> int:
    """Return how many spreads ``seat`` has laid this hand (V30)."""
    return sum(1 for spread in state.spreads if spread.owner == seat)


def is_locked(state: GameState, spread: Spread, seat: int) -> bool:
    """Return whether ``seat`` may not hit ``spread`` (V30, X9, H6).

    In the last turns after a tunk only the tunker's spreads may be hit, and
    none of them when the tunker counts 0 (H6).
    """
    rules = state.rules
    tunker = state.bookkeeping.tunker
    if tunker is not None:
        values = compiled(rules).tables.values
        return spread.owner != tunker or not count_of(state.hands[tunker], values)
    if spread.owner == seat:
        return not rules.hit_own_spreads  # X9
    return rules.three_spread_lock and spread_count(state, spread.owner) >= 3


def check_not_locked(state: GameState, action: Hit | Slap, spread: Spread) -> None:
    """Refuse a hit or slap onto a spread that is locked to the mover (V30, X9)."""
    if is_locked(state, spread, state.to_move):
        raise refuse(action, IllegalReason.SPREAD_LOCKED, _lock_reason(state, spread))


def _lock_reason(state: GameState, spread: Spread) -> str:
    """Return why ``spread`` is locked to the player to move (V30, X9, H6)."""
    tunker = state.bookkeeping.tunker
    if tunker is not None:
        if spread.owner != tunker:
            return f"after a tunk only seat {tunker}'s spreads may be hit (H6)"
        return f"seat {tunker} tunked on 0: its spreads may not be hit (H6)"
    if spread.owner == state.to_move:
        return "no player may hit their own spreads (X9)"
    return f"seat {spread.owner} has laid three spreads (V30)"


def is_drop_forced(state: GameState) -> bool:
    """Return whether the player to move must drop (V27, V29)."""
    rules = state.rules
    return (rules.boobed_deck and not state.hands[state.to_move]) or (
        rules.stock_end is STOCK_FORCED_KNOCK and not state.stock
    )


def forced_drop_refusal(state: GameState, action: Action) -> IllegalActionError:
    """Return the refusal of ``action`` when the player must drop (V27, V29).

    The caller tests :func:`is_drop_forced` first, as the phase checks are
    tested (:func:`turn_start_refusal`).
    """
    return refuse(
        action,
        IllegalReason.MUST_DROP,
        f"seat {state.to_move} must drop"
        + (
            " the empty hand (V27)"
            if not state.hands[state.to_move]
            else ": the stock is empty (V29)"
        ),
    )


def discardable(state: GameState, hand: tuple[Card, ...]) -> list[Card]:
    """Return the distinct cards the player may discard (V21).

    Under must-spread a hand holding a complete spread may not discard at all:
    the spread must be laid first.
    """
    rules = state.rules
    if rules.must_spread and holds_spread(hand, rules, pack_copies(state)):
        return []
    return list(distinct_cards(hand))


def natural_enough(spread: LaySpread, rules: Rules, tables: Tables) -> bool:
    """Return whether ``spread`` holds enough natural (not wild) cards (H2)."""
    wild = tables.wild
    naturals = 0
    for element in spread.cards:  # a wild's element is a WildCard, or itself
        if element.__class__ is not WildCard and not wild[element.code]:  # type: ignore[union-attr]
            naturals += 1
    return naturals >= rules.min_naturals


def holds_spread(hand: tuple[Card, ...], rules: Rules, copies: int) -> bool:
    """Return whether ``hand`` holds a spread it may not keep (V21, H2)."""
    tables = compiled(rules).tables
    spreads = find_spreads(hand, tables, copies)
    if rules.min_naturals > 1:  # H2: a spread short of natural cards is none
        spreads = [
            spread for spread in spreads if natural_enough(spread, rules, tables)
        ]
    if not rules.three_aces_may_be_held:
        return bool(spreads)
    aces = [card for card in hand if card.rank is Rank.ACE]
    for spread in spreads:
        exempt = len(aces) == 3 and all(
            isinstance(element, Card) and element.rank is Rank.ACE
            for element in spread.cards
        )
        if not exempt:
            return True
    return False


def hit_effects(
    state: GameState, owner: int, hitter: int
) -> tuple[tuple[int, ...], tuple[bool, ...], tuple[bool, ...]]:
    """Return the waits, going-out bars and charges after a hit (V22, V23, X7).

    The hit is on ``owner``'s spread by ``hitter``; a slap counts as a hit. A
    charge already made is made again only outside a round (V22's option) or
    a turn (X7's); a slap, outside any turn, is always charged.
    """
    rules = state.rules
    waits = state.bookkeeping.waits
    barred = state.bookkeeping.going_out_barred
    charged = state.bookkeeping.hit_this_round
    if owner == hitter:
        if rules.own_hit_wait:
            waits = replace_at(waits, hitter, waits[hitter] + rules.own_hit_wait)
        return waits, barred, charged
    if rules.hit_wait and not (
        charged[owner]
        and (
            rules.hit_wait_once_per_round
            or (rules.hit_wait_once_per_turn and state.phase is AFTER_DRAW)  # X7
        )
    ):
        again = rules.hit_wait_again
        length = rules.hit_wait if again is None or not waits[owner] else again  # X7
        waits = replace_at(waits, owner, waits[owner] + length)
        charged = replace_at(charged, owner, True)
    if rules.hit_bars_going_out:
        barred = replace_at(barred, owner, True)
    return waits, barred, charged


def check_spread_number(state: GameState, action: Hit | Slap) -> None:
    """Refuse a hit or slap on a spread number not on the table (B10, V26)."""
    if not 1 <= action.spread <= len(state.spreads):
        raise refuse(
            action,
            IllegalReason.NO_SUCH_SPREAD,
            f"there are {len(state.spreads)} spreads on the table",
        )


def check_discard(state: GameState, action: Discard) -> None:
    """Refuse a discard that keeps a complete spread in hand (V21)."""
    if state.rules.must_spread and action.card not in discardable(
        state, state.hands[state.to_move]
    ):
        raise refuse(
            action,
            IllegalReason.MUST_SPREAD,
            "a complete spread in hand must be laid first (V21)",
        )
