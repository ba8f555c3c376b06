"""The deal and deal tonks (B3-B5, V7-V9, V11-V20).

The shuffle and the deal (B4, docs/rules/base.md; V7, V8, docs/rules/deal.md),
cutting for the first dealer (B3, V9, docs/rules/deal.md), the deal tonks
settled at the deal (B5, V11-V18, V20, docs/rules/deal-tonks.md), the one
claimed before the holder's first turn (V19, docs/rules/deal-tonks.md) and the
one won at the end of the holder's first turn (X13, docs/rules/deal-tonks.md).
"""

from __future__ import annotations

import math
import operator
import os
import random
from _random import Random as _Twister
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from tonk._cache import Cache
from tonk._compiled import Compiled, compiled
from tonk._deck import to_deck
from tonk._fast import HAND_OVER, TURN_START, revised, successor
from tonk._transition import (
    ended,
    forced_drop_refusal,
    is_drop_forced,
    refuse,
    turn_start_refusal,
)
from tonk._validate import brief, check_seed, is_int
from tonk.actions import (
    ClaimDealTonk,
)
from tonk.cards import Card, card_from_code
from tonk.errors import IllegalReason, RulesError
from tonk.rules import CutWinner, DealTonkClaim, Rules
from tonk.scoring import (
    count_of,
    deal_tonk_row,
    settle_claim,
    settle_deal,
)
from tonk.state import Bookkeeping, GameState, Outcome

__all__ = [
    "apply_claim",
    "can_claim",
    "checked_deck",
    "claimed_at_turn_end",
    "cut_for_deal",
    "dealt",
    "samples_drawing",
    "shuffle_drawing",
    "shuffled",
]


def _random(seed: int | None) -> random.Random:
    """Return a random source for the deal: seeded, or the system's (B4)."""
    return random.SystemRandom() if seed is None else random.Random(seed)


_T = TypeVar("_T")
_CODE_OF = operator.attrgetter("code")
_WORD = 1 << 32


def _find_steps(count: int) -> tuple[tuple[int, int], ...]:
    """Return the steps of ``random.Random.shuffle`` of ``count`` items.

    Each place, from the last down, with the bits drawn for the place it
    swaps with (at most itself).
    """
    return tuple((i, (i + 1).bit_length()) for i in range(count - 1, 0, -1))


_STEPS: Cache[int, tuple[tuple[int, int], ...]] = Cache(_find_steps, limit=64)
"""The steps of a shuffle, by the count of cards (a few pack sizes are dealt)."""


def shuffled(table: Compiled, players: int, seed: int | None) -> list[Card]:
    """Return the pack the rules compiled in ``table`` deal to ``players``, shuffled.

    B4. A seeded shuffle is ``random.Random(seed).shuffle``'s, card for card (the
    seed-to-deal mapping of 0.1.0), with its draws made inline. An unseeded one
    is a Fisher-Yates shuffle whose indices come from :func:`os.urandom`, the
    operating system's cryptographically secure source (docs/records.md).
    """
    rules = table.rules
    pack = table.tables.pack
    cards = list(pack if rules.two_packs_from is None else rules.pack(players=players))
    if seed is None:
        _secure_shuffle(cards)
    else:
        _seeded_shuffle(cards, seed)
    return cards


def _seeded_shuffle(cards: list[Card], seed: int) -> None:
    """Shuffle as ``random.Random(seed).shuffle(cards)`` does, draw for draw.

    The generator is ``_random.Random`` (the C base class of ``random.Random``,
    which seeds an int the same way without the Python layer).
    """
    shuffle_drawing(cards, _Twister(seed).getrandbits)


def shuffle_drawing(cards: list[Any], getrandbits: Callable[[int], int]) -> None:
    """Shuffle ``cards`` as ``random.Random.shuffle`` does, with its draws inline.

    Python's shuffle swaps each place ``i``, from the last down, with a place
    ``j`` below ``i + 1`` drawn as ``bit_length(i + 1)`` random bits, drawn
    again while too large; given a ``random.Random``'s ``getrandbits``, the
    same draws give the same order (the bots shuffle so too).
    """
    for i, bits in _STEPS[len(cards)]:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


def samples_drawing(
    population: list[_T], count: int, rng: random.Random, times: int
) -> list[list[_T]]:
    """Return ``times`` samples ``rng.sample(population, count)``, drawn inline.

    For a plain ``random.Random``, Python's sample draws each pick as
    ``bit_length`` random bits of a bound, again while too large. From a
    population no larger than a set of ``count`` items would be, it keeps a
    list of the items left (the bound), and moves the last one into each
    place picked; from a larger one, it draws places of the whole population
    until one not picked yet. The same draws, made here without a call of
    ``_randbelow`` for each pick, and with the way chosen once for all the
    samples, give the same items in the same order. Any other source is
    ``rng.sample``'s own.
    """
    size = len(population)
    if rng.__class__ is not random.Random or not 0 <= count <= size:
        return [rng.sample(population, count) for _ in range(times)]
    getrandbits = rng.getrandbits
    samples = []
    room = 21  # random.sample's: a list of the population is smaller than a set
    if count > 5:
        room += 4 ** math.ceil(math.log(count * 3, 4))
    if size <= room:
        picks = _PICKS[size][:count]
        for _ in range(times):
            left = population[:]
            drawn = []
            for bound, bits in picks:
                pick = getrandbits(bits)
                while pick >= bound:
                    pick = getrandbits(bits)
                drawn.append(left[pick])
                left[pick] = left[bound - 1]
            samples.append(drawn)
        return samples
    bits = size.bit_length()
    for _ in range(times):
        picked = set()
        drawn = []
        for _ in range(count):
            pick = getrandbits(bits)
            while pick >= size or pick in picked:
                pick = getrandbits(bits)
            picked.add(pick)
            drawn.append(population[pick])
        samples.append(drawn)
    return samples


def _find_picks(size: int) -> tuple[tuple[int, int], ...]:
    """Return the picks of ``random.Random.sample`` from ``size`` items.

    Each pick's bound (the items left) with the bits drawn for it.
    """
    return tuple((bound, bound.bit_length()) for bound in range(size, 0, -1))


_PICKS: Cache[int, tuple[tuple[int, int], ...]] = Cache(_find_picks, limit=256)
"""The picks of a sample, by the count of items (the unseen cards)."""


def _secure_shuffle(cards: list[Card]) -> None:
    """Shuffle ``cards`` with indices drawn from :func:`os.urandom`.

    Each swap index is a fresh 32-bit word from the operating system's
    cryptographically secure source, reduced without bias: a word at or above
    the largest multiple of the bound is thrown away and another one drawn
    (rejection sampling), so every order of the cards is equally likely.
    """
    count = len(cards)
    words = memoryview(os.urandom(4 * count)).cast("I")
    used = 0
    for i in range(count - 1, 0, -1):
        bound = i + 1
        limit = _WORD - _WORD % bound
        while True:
            if used == len(words):
                words, used = memoryview(os.urandom(4 * count)).cast("I"), 0
            word = words[used]
            used += 1
            if word < limit:
                break
        j = word % bound
        cards[i], cards[j] = cards[j], cards[i]


def dealt(
    table: Compiled, cards: Sequence[Card], *, players: int, dealer: int
) -> GameState:
    """Deal ``cards`` from the top and settle any deal tonk (B4, B5, V46).

    ``table`` is the rules compiled. Cards go one at a time clockwise from the
    dealer's left, so the seat ``offset`` places left of the dealer gets every
    ``players``-th card from ``offset - 1``.
    """
    rules = table.rules
    dealt = players * table.hand_sizes[players]  # X2
    hands = tuple(
        [
            tuple(
                sorted(
                    cards[(seat - dealer - 1) % players : dealt : players],
                    key=_CODE_OF,
                )
            )
            for seat in range(players)
        ]
    )
    widows: tuple[Card, ...] = ()
    if rules.widow:  # V46: one more card each, face down, after the hands
        widows = tuple(
            cards[dealt + (seat - dealer - 1) % players] for seat in range(players)
        )
        dealt += players
    upcards = int(rules.upcard)
    blank = _BLANKS[rules, players, dealer]
    state = successor(
        blank,
        hands=hands,
        stock=tuple(cards[dealt + upcards :]),
        discard_pile=tuple(cards[dealt : dealt + upcards]),
        bookkeeping=revised(blank.bookkeeping, widows=widows)
        if widows
        else blank.bookkeeping,
    )
    if _may_win_at_deal(table, hands):
        outcome = settle_deal(hands, rules, dealer=dealer)
        if outcome is not None:
            state = successor(state, phase=HAND_OVER, outcome=outcome)
    return state


def _blank(key: tuple[Rules, int, int]) -> GameState:
    """Return the state a deal fills in: no cards, the first turn to start.

    ``key`` is the rule set, the table size and the dealer.
    """
    rules, players, dealer = key
    widows = players if rules.widow else 0
    return GameState(
        rules=rules,
        dealer=dealer,
        hands=((),) * players,
        stock=(),
        discard_pile=(),
        spreads=(),
        to_move=(dealer + 1) % players,
        phase=TURN_START,
        turns_taken=0,
        taken=((),) * players,
        bookkeeping=Bookkeeping(
            waits=(0,) * players,
            going_out_barred=(False,) * players,
            hit_this_round=(False,) * players,
            hits_this_turn=0,
            must_use=None,
            widows=(),
            exchanged=(False,) * widows,
            slap=None,
        ),
        outcome=None,
    )


_BLANKS: Cache[tuple[Rules, int, int], GameState] = Cache(_blank, limit=256)
"""The blank states, by rule set, table size and dealer (a few hundred at most)."""


def _may_win_at_deal(table: Compiled, hands: tuple[tuple[Card, ...], ...]) -> bool:
    """Return whether a hand might win a deal tonk at the deal (B5, V11-V20).

    Decided by the counts alone unless a row counts court cards (V18); a
    ``True`` is settled in full by :func:`~tonk.scoring.settle_deal`.
    """
    if table.deal_courts:
        return True
    totals, at_most = table.deal_totals, table.deal_at_most
    values = table.tables.values
    for hand in hands:
        count = count_of(hand, values)
        if count <= at_most or count in totals:
            return True
    return False


def checked_deck(rules: Rules, deck: Sequence[Card], players: int) -> list[Card]:
    """Return ``deck`` as the rules' pack in some order, or refuse it (B1, B4)."""
    cards = to_deck(deck)
    assert cards is not None  # without a deck, the callers deal from a seed
    pack = rules.pack(players=players)
    if len(cards) != len(pack):
        raise RulesError(
            f"deck has {len(cards)} cards, but these rules use a {len(pack)}-card pack"
        )
    have, want = Counter(cards), Counter(pack)
    for card in sorted(have.keys() | want.keys()):
        if have[card] != want[card]:
            raise RulesError(
                f"deck holds {have[card]} of {card!r}, but the pack these rules use"
                f" holds {want[card]}"
            )
    return [card_from_code(card.code) for card in cards]  # the interned copies


def cut_for_deal(rules: Rules, *, players: int, seed: int | None = None) -> int:
    """Cut for the first dealer: each player cuts a card; highest deals (B3, V9).

    Ranks count ace low, king high; under ``Rules(cut=CutWinner.LOWEST)`` the
    lowest card deals (V9). Players tied cut again, in seat order, from the rest
    of the pack (a fresh shuffle if it runs out).

    Args:
        rules: The rules, for the pack and :attr:`~tonk.rules.Rules.cut`.
        players: How many players cut.
        seed: Shuffle with ``random.Random(seed)``; ``None`` uses the operating
            system's secure random source.

    Returns:
        The seat of the first dealer.

    Raises:
        RulesError: If the rules do not seat ``players``, or the seed has more
            than 1,000 digits.

    Examples:
        >>> import tonk
        >>> cut_for_deal(tonk.Rules(), players=4, seed=1)
        1
    """
    if not is_int(players) or not 2 <= players <= compiled(rules).max_players:
        raise RulesError(
            f"players must be 2..{rules.max_players} under these rules,"
            f" got {brief(players)}"
        )
    check_seed(seed, RulesError)
    rng = _random(seed)
    natural = [card for card in rules.pack(players=players) if card.suit is not None]
    pick = max if rules.cut is CutWinner.HIGHEST else min
    cards: list[Card] = []
    cutting = list(range(players))
    while len(cutting) > 1:
        if len(cards) < len(cutting):
            cards = natural[:]
            rng.shuffle(cards)
        cuts = {seat: cards.pop() for seat in cutting}
        best = pick(card.rank for card in cuts.values())
        cutting = [seat for seat, card in cuts.items() if card.rank == best]
    return cutting[0]


def can_claim(state: GameState, table: Compiled) -> bool:
    """Return whether the player to move may claim a deal tonk now (V19, X13).

    ``table`` is the state's rules compiled.
    """
    if state.turns_taken >= len(state.hands):  # not the player's first turn
        return False
    spread = bool(state.spreads)
    if (
        not table.late_claims
        or (spread and not table.late_after_spread)  # V19; X13 lifts it by row
        or (
            state.bookkeeping.exchanged and state.bookkeeping.exchanged[state.to_move]
        )  # V46
    ):
        return False
    seat = state.to_move
    if spread and any(seat in laid.hitters for laid in state.spreads):
        return False  # V26: a slap before the first turn changed the dealt hand
    hand = state.hands[state.to_move]
    totals = table.late_totals
    if totals is not None and not spread:  # the usual case: the count alone
        return count_of(hand, table.tables.values) in totals
    claim = DealTonkClaim.BEFORE_FIRST_TURN
    return deal_tonk_row(hand, state.rules, claim, spread=spread) is not None


def claimed_at_turn_end(state: GameState, seat: int) -> Outcome | None:
    """Return the settlement of a deal tonk won at the end of a first turn (X13).

    ``state`` is the state once ``seat``'s first turn is over (its discard
    made); ``None`` if its hand wins no row claimed then (only a row that sets
    ``after_spread`` once someone has spread).
    """
    claim = DealTonkClaim.AFTER_FIRST_TURN
    spread = bool(state.spreads)
    if deal_tonk_row(state.hands[seat], state.rules, claim, spread=spread) is None:
        return None
    return settle_claim(state.hands, state.rules, seat=seat, claim=claim, spread=spread)


def apply_claim(state: GameState, action: ClaimDealTonk) -> GameState:
    """Claim a deal tonk at the start of the first turn (B5, V19, X13)."""
    if state.phase is not TURN_START:
        raise turn_start_refusal(state, action)
    if is_drop_forced(state):
        raise forced_drop_refusal(state, action)
    if not can_claim(state, compiled(state.rules)):
        raise refuse(
            action,
            IllegalReason.NO_DEAL_TONK,
            "only a dealt hand that wins under a deal tonk claimed before the first"
            " turn may be claimed, then, and only before anyone has spread unless"
            " its row allows it",
        )
    outcome = settle_claim(
        state.hands, state.rules, seat=state.to_move, spread=bool(state.spreads)
    )
    return ended(state, outcome)
