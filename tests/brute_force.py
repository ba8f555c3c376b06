"""A slow, obviously correct model of what is legal, written from docs/rules/ alone.

Nothing here uses the engine's spread code, card tables or scoring: cards are
read from their notation, the pack and the card values follow from what each
``Rules`` option is documented to mean, every sub-multiset of the hand is tried
as a spread with every designation of its wild cards, and every card of the
hand is tried on every spread. ``test_properties.py`` cross-checks
``tonk.legal_actions`` and the reasons ``tonk.apply`` gives against it.

Rules modelled: B1 (the 52-card pack, values), V1 (the 40-card pack; in runs
the 7 is next to the J), V2 (two packs: a book may repeat a suit but holds at
most as many copies of a card as there are packs; a run never repeats a rank),
V3 (plain jokers, never in spreads), V4/V5 (wilds: a wild in a spread or hit
stands for one named natural card of the pack; a spread needs at least one card
standing for itself, and a wild standing for itself counts), V6 (court values),
V10 (ace high: Q-K-A, never K-A-2), B9/B10 (books of 3-4, runs of 3+, hits),
B5/V11-V20 (which dealt hands win) and V19 (claiming a deal tonk before one's
first turn, while nobody has spread); and the play options V21-V30 as
docs/rules/ and the ``Rules`` docstrings state them: drops barred by waits
(V22, V23) or the three-spread lock (V30), forced drops (V27's empty hand,
V29's empty stock), must-spread (V21, with its three-aces option, and with V24c
no hit that keeps a spread), the bar on going out after a hit (V22's option),
book and hit limits and hits ending the turn (V24a-c), V24d (the discard taken
only if usable at once, and then only actions using it), and slap-in windows
and extra discards (V26: a slap needs a fitting, unlocked spread, a wild naming
what it stands for; a slapper who owes an extra discard needs a hand it may
discard from); V46's widow exchange (at the start of a turn, once a hand, any
card of the hand, unless a drop is forced); and eating windows (X5: the seat
asked may eat the discard, unless V24d finds no use for it at once, or pass).
Hoyle's options (docs/rules/hoyle.md): no drops (H4), the buried upcard (H3),
closed play (H4: no spread or hit before a tunk), two natural cards a spread
(H2), every tunk (H5: each collection of spreads the hand can lay at once, the
cards left counting at most the limit) and the last turns (H6: no drop, and
hits only on the tunker's spreads, none when the tunker counts 0).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations_with_replacement

import attrs

from tonk import (
    Action,
    Card,
    ClaimDealTonk,
    CourtValues,
    DealTonk,
    DealTonkClaim,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Eat,
    Exchange,
    GameState,
    Hit,
    IllegalReason,
    LaySpread,
    PackKind,
    Pass,
    Phase,
    Rules,
    Slap,
    Spread,
    SpreadKind,
    StockEnd,
    Tunk,
    WildCard,
    Wilds,
)

__all__ = [
    "MAX_CROSS_CHECK_HAND",
    "MAX_CROSS_CHECK_WILDS",
    "brute_force_defects",
    "brute_force_legal_actions",
    "can_claim",
    "can_lay",
    "card_value",
    "court_card_count",
    "dealt_counts",
    "deck",
    "fits",
    "hand_count",
    "holds_spread",
    "is_natural",
    "is_tractable",
    "is_wild",
    "lay_spreads",
    "may_exchange",
    "natural_cards",
    "packs_at",
    "rank_and_suit",
    "run_order",
    "spread_kind",
    "wins",
]

# Enumerating every designation of every wild is exponential in the number of
# wilds: the cross-check of legal_actions is limited to hands (after the draw)
# of at most this many cards holding at most this many wilds. Larger hands are
# still checked by every other property, just not against this model.
MAX_CROSS_CHECK_HAND = 9
MAX_CROSS_CHECK_WILDS = 3

# B1: rank numbers, the ace low: A=1 .. K=13.
_RANK_NUMBER = {
    "A": 1,
    "2": 2,
    "3": 3,
    "4": 4,
    "5": 5,
    "6": 6,
    "7": 7,
    "8": 8,
    "9": 9,
    "10": 10,
    "J": 11,
    "Q": 12,
    "K": 13,
}
_RANK_TEXT = {number: text for text, number in _RANK_NUMBER.items()}
_SUITS = "CDHS"
_JOKER = "JK"


@functools.cache  # called a million times a run: read each card's text once
def rank_and_suit(card: Card) -> tuple[int, str] | None:
    """Return the card's rank number and suit letter, or None for a joker."""
    text = str(card)
    if text == _JOKER:
        return None
    rank, suit = text[:-1], text[-1]
    assert rank in _RANK_NUMBER, text
    assert suit in _SUITS, text
    return _RANK_NUMBER[rank], suit


def _parts(card: Card) -> tuple[int, str]:
    """Return a natural card's rank number and suit letter."""
    parts = rank_and_suit(card)
    assert parts is not None, f"{card} is not a natural card"
    return parts


# The model runs millions of times a CI run: its constants, enum members
# included (slow to read on Python 3.11), are read once here.
_FORTY = PackKind.FORTY
_FORTY_RANKS = (1, 2, 3, 4, 5, 6, 7, 11, 12, 13)
_FULL_RANKS = tuple(range(1, 14))
_NO_WILDS = Wilds.NONE
_JOKERS_AND_TWOS = Wilds.JOKERS_AND_TWOS


def _pack_ranks(rules: Rules) -> tuple[int, ...]:
    """B1, V1: the ranks of one pack in run order (the 40-card pack: 7 then J)."""
    return _FORTY_RANKS if rules.pack_kind is _FORTY else _FULL_RANKS


def natural_cards(rules: Rules) -> tuple[Card, ...]:
    """B1, V1: the distinct natural (non-joker) cards of one pack."""
    return tuple(
        Card.parse(_RANK_TEXT[rank] + suit)
        for suit in _SUITS
        for rank in _pack_ranks(rules)
    )


def packs_at(rules: Rules, players: int) -> int:
    """V2: two packs at tables of ``two_packs_from`` players or more."""
    if rules.two_packs_from is not None and players >= rules.two_packs_from:
        return 2
    return 1


def deck(rules: Rules, players: int) -> Counter[Card]:
    """B1, V1-V3: every natural card once per pack, and the jokers (in all)."""
    cards: Counter[Card] = Counter()
    for card in natural_cards(rules):
        cards[card] += packs_at(rules, players)
    if rules.jokers:
        cards[Card.parse(_JOKER)] += rules.jokers
    return cards


def is_natural(card: Card, rules: Rules) -> bool:
    """Whether ``card`` is a natural card of the rules' pack (not a joker)."""
    parts = rank_and_suit(card)
    return parts is not None and parts[0] in _pack_ranks(rules)


def is_wild(card: Card, rules: Rules) -> bool:
    """V4: the jokers are wild; V5: the jokers and the 2s are."""
    parts = rank_and_suit(card)
    if parts is None:
        return rules.wilds is not _NO_WILDS
    return rules.wilds is _JOKERS_AND_TWOS and parts[0] == 2


def card_value(card: Card, rules: Rules) -> int:
    """B1: A=1, 2-10 face value, J/Q/K 10 (V6: 11/12/13); V3-V5: the jokers."""
    parts = rank_and_suit(card)
    if parts is None:
        return rules.joker_value
    rank = parts[0]
    if rank <= 10:
        return rank
    return rank if rules.court_values is CourtValues.RANKED else 10


def hand_count(hand: Iterable[Card], rules: Rules) -> int:
    """B12: the sum of the values of the cards in hand."""
    return sum(card_value(card, rules) for card in hand)


def court_card_count(hand: Iterable[Card]) -> int:
    """V18: how many jacks, queens and kings (tens and jokers are not court cards)."""
    return sum(1 for card in hand if (parts := rank_and_suit(card)) and parts[0] >= 11)


def wins(row: DealTonk, hand: Sequence[Card], rules: Rules) -> bool:
    """B5, V11-V20: whether a dealt ``hand`` satisfies deal-tonk ``row``."""
    if row.totals:
        return hand_count(hand, rules) in row.totals
    if row.at_most is not None:
        return hand_count(hand, rules) <= row.at_most
    assert row.court_cards is not None
    return court_card_count(hand) >= row.court_cards


def dealt_counts(rules: Rules, players: int) -> set[int]:
    """B12: every count that a hand dealt at the table can have (X2: its size
    may depend on the table)."""
    dealt = dict(rules.hand_size_by_players).get(players, rules.hand_size)
    # ways[size] is a bit set: bit c is set when some `size` cards count c.
    ways = [1] + [0] * dealt
    for card, copies in deck(rules, players).items():
        value = card_value(card, rules)
        for size in range(dealt, 0, -1):
            for taken in range(1, min(copies, size) + 1):
                ways[size] |= ways[size - taken] << (taken * value)
    counts = ways[dealt]
    return {count for count in range(counts.bit_length()) if counts >> count & 1}


# --- spreads ---------------------------------------------------------------------


def run_order(represented: Sequence[Card], rules: Rules) -> list[Card] | None:
    """B9, V1, V10: the cards low to high if they are a run, else None.

    Three or more natural cards of one suit, no rank twice (V2), whose places in
    the run order are consecutive; with ace high the ace may instead sit above
    the king (Q-K-A), but never on both ends at once (no K-A-2).
    """
    if len(represented) < 3 or not all(is_natural(c, rules) for c in represented):
        return None
    parts = [_parts(card) for card in represented]
    suits = {suit for _, suit in parts}
    ranks = [rank for rank, _ in parts]
    if len(suits) != 1 or len(set(ranks)) != len(ranks):
        return None
    order = _pack_ranks(rules)
    ace_places = [1, len(order) + 1] if rules.ace_high else [1]
    for ace_place in ace_places:
        places = {
            (ace_place if rank == 1 else order.index(rank) + 1): card
            for rank, card in zip(ranks, represented, strict=True)
        }
        low = min(places)
        if sorted(places) == list(range(low, low + len(places))):
            return [places[place] for place in sorted(places)]
    return None


def _is_book(represented: Sequence[Card], rules: Rules, packs: int) -> bool:
    """B9, V2: 3 or 4 natural cards of one rank, no card more often than packs."""
    if not 3 <= len(represented) <= 4:
        return False
    if not all(is_natural(card, rules) for card in represented):
        return False
    ranks = {_parts(card)[0] for card in represented}
    return len(ranks) == 1 and max(Counter(represented).values()) <= packs


def spread_kind(
    represented: Sequence[Card], rules: Rules, packs: int
) -> SpreadKind | None:
    """B9: the kind of spread ``represented`` (what the cards play as) is, if any."""
    if _is_book(represented, rules, packs):
        return SpreadKind.BOOK
    if run_order(represented, rules) is not None:
        return SpreadKind.RUN
    return None


def can_lay(
    physical: Sequence[Card], represented: Sequence[Card], rules: Rules, packs: int
) -> bool:
    """Whether some pairing of ``physical`` with ``represented`` may be laid.

    Which wild stands for which card does not matter, so a spread is legal when
    any pairing is. The non-wild cards must stand for themselves, so they must
    be among the represented cards; the wilds take the rest in any order (each
    may stand for any natural card); and a card stands for itself if there is a
    non-wild card, or a wild among the cards left for the wilds.
    """
    if len(physical) != len(represented):
        return False
    left = Counter(represented)
    wild_cards = []
    for card in physical:
        if is_wild(card, rules):
            wild_cards.append(card)
        elif left[card] > 0:
            left[card] -= 1
        else:
            return False
    anchored = len(wild_cards) < len(physical) or any(
        left[card] > 0 for card in wild_cards
    )
    naturals = len(physical) - len(wild_cards)
    if rules.min_naturals > 1 and naturals < rules.min_naturals:  # H2
        return False
    return anchored and spread_kind(represented, rules, packs) is not None


def _element(physical: Card, represented: Card) -> Card | WildCard:
    return physical if physical == represented else WildCard(physical, represented)


def _designations(chosen: Sequence[Card], rules: Rules, packs: int) -> set[LaySpread]:
    """Every legal spread of exactly the cards ``chosen``, over every designation.

    The wilds are given every assignment of represented cards, as multisets:
    which wild stands for which card does not matter (``LaySpread`` equality and
    :func:`can_lay` ignore it). A spread is all of one rank or all of one suit,
    and every card that is not wild stands for itself, so the cards the wilds
    stand for share that rank or suit with each such card (with none, with a wild
    standing for itself); no other assignment can be a spread.
    """
    wild_cards = [card for card in chosen if is_wild(card, rules)]
    fixed = [card for card in chosen if not is_wild(card, rules)]
    if not wild_cards:
        return {LaySpread(chosen)} if can_lay(chosen, chosen, rules, packs) else set()
    keys: set[int | str]
    if fixed:
        keys = set(_parts(fixed[0]))
        for card in fixed[1:]:
            keys &= set(_parts(card))
    else:
        keys = {
            key
            for card in wild_cards
            if is_natural(card, rules)
            for key in _parts(card)
        }
    found: set[LaySpread] = set()
    for key in keys:
        shared = [card for card in natural_cards(rules) if key in _parts(card)]
        for assigned in combinations_with_replacement(shared, len(wild_cards)):
            represented = [*fixed, *assigned]
            if can_lay(chosen, represented, rules, packs):
                found.add(LaySpread(_paired(wild_cards, fixed, assigned)))
    return found


def _paired(
    wild_cards: Sequence[Card], fixed: Sequence[Card], assigned: Sequence[Card]
) -> list[Card | WildCard]:
    """Elements for a spread: ``fixed`` as themselves, the wilds for ``assigned``.

    Wilds that can stand for themselves do; the others take the rest in order.
    """
    left = list(assigned)
    elements: list[Card | WildCard] = list(fixed)
    others = []
    for card in wild_cards:
        if card in left:
            left.remove(card)
            elements.append(card)
        else:
            others.append(card)
    elements.extend(map(WildCard, others, left))
    return elements


def _may_grow_into_a_spread(chosen: Sequence[Card], rules: Rules) -> bool:
    """Whether some spread could hold ``chosen`` (adding cards cannot fix this).

    The cards that are not wild stand for themselves: they must be natural, and
    all of one rank or all of one suit.
    """
    fixed = [rank_and_suit(card) for card in chosen if not is_wild(card, rules)]
    if any(part is None for part in fixed):
        return False  # a plain joker (V3) is never in a spread
    ranks = {part[0] for part in fixed if part is not None}
    suits = {part[1] for part in fixed if part is not None}
    return len(ranks) <= 1 or len(suits) <= 1


def lay_spreads(hand: Sequence[Card], rules: Rules, packs: int) -> set[LaySpread]:
    """B9, V2-V5: every spread that can be laid from ``hand``.

    Every sub-multiset of three or more cards is tried (each once, however many
    copies of a card the hand holds), skipping only the extensions of a choice
    whose natural cards are already of two ranks and two suits.
    """
    cards = sorted(hand)
    found: set[LaySpread] = set()

    def extend(start: int, chosen: list[Card]) -> None:
        if len(chosen) >= 3:
            found.update(_designations(chosen, rules, packs))
        for index in range(start, len(cards)):
            if index > start and cards[index] == cards[index - 1]:
                continue  # the same sub-multiset was tried with the first copy
            grown = [*chosen, cards[index]]
            if _may_grow_into_a_spread(grown, rules):
                extend(index + 1, grown)

    extend(0, [])
    return found


def fits(spread: Spread, represented: Card, rules: Rules, packs: int) -> bool:
    """B10: the spread stays a spread of its kind with ``represented`` added."""
    grown = [*spread.stands_for, represented]
    return spread_kind(grown, rules, packs) is spread.kind


def _hits(state: GameState, hand: Sequence[Card], packs: int) -> set[Hit]:
    """B10, V4, V5: a card as itself, or a wild as any natural card, that fits."""
    rules = state.rules
    hits: set[Hit] = set()
    for spread in state.spreads:
        for card in set(hand):
            if is_wild(card, rules):
                for natural in natural_cards(rules):
                    if fits(spread, natural, rules, packs):
                        hits.add(Hit(spread.number, _element(card, natural)))
            elif is_natural(card, rules) and fits(spread, card, rules, packs):
                hits.add(Hit(spread.number, card))
    return hits


def can_claim(state: GameState) -> bool:
    """V19: at the start of the holder's first turn, before anyone has spread
    (or after, under a row that allows it, X13), a dealt hand that wins under a
    row claimed before the first turn; unless a drop is forced (V27, V29: it is
    then the only action)."""
    if state.phase is not Phase.TURN_START or _drop_forced(state):
        return False
    return _claimable_now(state)


def _claimable_now(state: GameState) -> bool:
    first_turn = state.turns_taken < state.player_count
    hand = state.hands[state.to_move]
    exchanged = bool(state.exchanged) and state.exchanged[state.to_move]
    return (
        first_turn
        and not exchanged  # V46: the hand is no longer the one dealt
        # V26: nor after a slap, made before the first turn
        and not any(state.to_move in spread.hitters for spread in state.spreads)
        and any(
            row.claim is DealTonkClaim.BEFORE_FIRST_TURN
            and (row.after_spread or not state.spreads)  # V19; X13
            and wins(row, hand, state.rules)
            for row in state.rules.deal_tonks
        )
    )


def is_tractable(state: GameState) -> bool:
    """Whether :func:`brute_force_legal_actions` is quick enough for ``state``."""
    if state.phase is not Phase.AFTER_DRAW:
        return True
    hand = state.hands[state.to_move]
    wild_count = sum(1 for card in hand if is_wild(card, state.rules))
    return len(hand) <= MAX_CROSS_CHECK_HAND and wild_count <= MAX_CROSS_CHECK_WILDS


def _owned(state: GameState, seat: int) -> int:
    return sum(1 for spread in state.spreads if spread.owner == seat)


def _locked(state: GameState, spread: Spread, seat: int) -> bool:
    """V30: another seat's spreads are locked once it has laid three; X9: with
    ``hit_own_spreads`` off, your own are locked to you; H6: after a tunk only
    the tunker's spreads may be hit, and none when the tunker counts 0."""
    tunker = state.tunker
    if tunker is not None:
        return (
            spread.owner != tunker or hand_count(state.hands[tunker], state.rules) == 0
        )
    if spread.owner == seat:
        return not state.rules.hit_own_spreads
    return state.rules.three_spread_lock and _owned(state, spread.owner) >= 3


def _fits_here(spread: Spread, represented: Card, state: GameState) -> bool:
    """B10 with V24a: no fourth card on a book when four-card books are off."""
    book = spread.kind is SpreadKind.BOOK
    if not state.rules.four_card_books and book and len(spread.cards) >= 3:
        return False
    return fits(
        spread, represented, state.rules, packs_at(state.rules, len(state.hands))
    )


def holds_spread(hand: Sequence[Card], rules: Rules, packs: int) -> bool:
    """V21: whether ``hand`` holds a spread it may not keep.

    With ``three_aces_may_be_held`` a hand holding exactly three aces may keep
    the book of those three natural aces (and only that spread).
    """
    aces = [card for card in hand if (parts := rank_and_suit(card)) and parts[0] == 1]
    for spread in lay_spreads(hand, rules, packs):
        exempt = (
            rules.three_aces_may_be_held
            and len(aces) == 3
            and all(isinstance(e, Card) and _parts(e)[0] == 1 for e in spread.cards)
        )
        if not exempt:
            return True
    return False


def _may_discard_from(state: GameState, hand: Sequence[Card]) -> bool:
    rules = state.rules
    if not hand:
        return False
    return not (
        rules.must_spread
        and holds_spread(hand, rules, packs_at(rules, len(state.hands)))
    )


def _drop_forced(state: GameState) -> bool:
    """V27: an emptied hand is dropped; V29: an empty stock forces a drop;
    H6: never in the last turns after a tunk."""
    rules = state.rules
    return state.tunker is None and (
        (rules.boobed_deck and not state.hands[state.to_move])
        or (rules.stock_end is StockEnd.FORCED_KNOCK and not state.stock)
    )


def _drop_barred(state: GameState) -> bool:
    """V22/V23: a waiting seat may not drop; V30: nor one with three spreads;
    X6: nor one counting over the drop ceiling (the first turn's, if any, on
    the seat's first turn)."""
    seat = state.to_move
    rules = state.rules
    ceilings = [rules.drop_at_most]
    if state.turns_taken < state.player_count:  # every seat's first turn
        ceilings.insert(0, rules.first_turn_drop_at_most)
    ceiling = next((limit for limit in ceilings if limit is not None), None)
    return (
        not rules.drops  # H4
        or state.tunker is not None  # H6: last turns only
        or state.waits[seat] > 0
        or (rules.three_spread_lock and _owned(state, seat) >= 3)
        or (ceiling is not None and hand_count(state.hands[seat], rules) > ceiling)
    )


def may_exchange(state: GameState) -> bool:
    """V46: at the start of a turn, a seat that has not exchanged with its widow
    yet this hand may (unless it must drop, V27, V29)."""
    return (
        state.rules.widow
        and state.phase is Phase.TURN_START
        and not state.exchanged[state.to_move]
        and not _drop_forced(state)
    )


def _uses(action: Action) -> list[Card]:
    if isinstance(action, LaySpread):
        return [_split(element)[0] for element in action.cards]
    if isinstance(action, Hit):
        return [_split(action.card)[0]]
    if isinstance(action, Discard):
        return [action.card]
    return []


def _after_draw_actions(state: GameState) -> set[Action]:
    rules = state.rules
    seat = state.to_move
    hand = state.hands[seat]
    packs = packs_at(rules, state.player_count)
    closed = rules.closed_play and state.tunker is None  # H4
    actions: set[Action] = set() if closed else set(lay_spreads(hand, rules, packs))
    limit = rules.max_hits_per_turn
    if not closed and (limit is None or state.hits_this_turn < limit):
        actions.update(
            hit
            for hit in _hits(state, hand, packs)
            if not _locked(state, state.spreads[hit.spread - 1], seat)
            and _fits_here(state.spreads[hit.spread - 1], _split(hit.card)[1], state)
        )
    if state.must_use is not None and rules.discard_draw_must_meld:  # V24d
        actions = {a for a in actions if state.must_use in _uses(a)}
    elif _may_discard_from(state, hand):
        actions.update(_discards(state, hand))
    if rules.must_spread and rules.hit_ends_turn:
        actions = {
            a
            for a in actions
            if not isinstance(a, Hit)
            or not holds_spread(_less(hand, _uses(a)), rules, packs)
        }
    if state.going_out_barred[seat]:
        actions = {a for a in actions if len(hand) - len(_uses(a)) >= _keep(state, a)}
    return actions | tunks(state)


def tunks(state: GameState) -> set[Action]:
    """H5: every collection of spreads the hand can lay at once whose cards left
    count at most the limit (none before a draw, after a tunk, or without it),
    and under V24d with the card taken from the pile in a spread."""
    rules = state.rules
    limit = rules.tunk_at_most
    if limit is None or state.tunker is not None:
        return set()
    packs = packs_at(rules, state.player_count)
    found: set[Action] = set()
    pickup = state.must_use if rules.discard_draw_must_meld else None  # V24d

    def extend(hand: list[Card], laid: tuple[LaySpread, ...]) -> None:
        uses_pickup = pickup is None or any(
            _split(element)[0] == pickup for spread in laid for element in spread.cards
        )
        if uses_pickup and hand_count(hand, rules) <= limit:
            found.add(Tunk(laid))
        for spread in lay_spreads(hand, rules, packs):
            physical = [_split(element)[0] for element in spread.cards]
            extend(_less(hand, physical), (*laid, spread))

    extend(list(state.hands[state.to_move]), ())
    return found


def _discards(state: GameState, hand: Sequence[Card]) -> set[Action]:
    """X8: every discard, less the card taken from the pile this turn while
    another card (or another copy of it) could go."""
    pickup = state.must_use
    every: set[Action] = {Discard(card) for card in hand}
    if pickup is None or state.rules.discard_pickup:
        return every
    if sum(1 for card in hand if card == pickup) > 1:
        return every
    return every - {Discard(pickup)} or every


def _keep(state: GameState, action: Action) -> int:
    """V22's option: the cards a barred seat must keep after ``action``."""
    if isinstance(action, Discard) or (
        isinstance(action, Hit) and state.rules.hit_ends_turn
    ):
        return 1
    return 2


def _less(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card]:
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return rest


def _taken(state: GameState) -> GameState:
    """The state after the player to move takes the top discard (V24d)."""
    seat = state.to_move
    card = state.discard_pile[-1]
    hands = list(state.hands)
    hands[seat] = tuple(sorted((*hands[seat], card)))
    return attrs.evolve(
        state,
        hands=tuple(hands),
        discard_pile=state.discard_pile[:-1],
        phase=Phase.AFTER_DRAW,
        bookkeeping=attrs.evolve(state.bookkeeping, hits_this_turn=0, must_use=card),
    )


def slaps(state: GameState, *, public: bool = False) -> set[Action]:
    """V26: the slaps the player to move may make, and Pass.

    With ``public``, only what every player sees bars a slap (an empty hand),
    which is how the seats asked are chosen.
    """
    window = state.slap
    assert window is not None
    seat = state.to_move
    rules = state.rules
    owes = seat != window.discarder and not (
        rules.slap_priority_next and seat == window.due
    )
    actions: set[Action] = {Pass()}
    hand = state.hands[seat]
    if owes and not (hand if public else _may_discard_from(state, hand)):
        return actions
    card = window.card
    for spread in state.spreads:
        if _locked(state, spread, seat):
            continue
        if is_wild(card, rules):  # V4, V5: as any natural card that fits
            for natural in natural_cards(rules):
                if _fits_here(spread, natural, state):
                    element = _element(card, natural)
                    wild = element if isinstance(element, WildCard) else None
                    actions.add(Slap(spread.number, wild))
        elif is_natural(card, rules) and _fits_here(spread, card, state):
            actions.add(Slap(spread.number))
    return actions


def eats(state: GameState) -> set[Action]:
    """X5: Eat, unless V24d finds no use for the discard at once, and Pass."""
    if state.rules.discard_draw_must_meld and not _after_draw_actions(_taken(state)):
        return {Pass()}
    return {Eat(), Pass()}


def brute_force_legal_actions(state: GameState) -> set[Action]:
    """Return every legal action, found by trying every candidate (B7, B9, B10)."""
    if state.outcome is not None or state.phase is Phase.HAND_OVER:
        return set()
    if state.phase is Phase.TURN_START:
        # B7: drop or draw. B14: drawing from the empty stock is allowed: it ends
        # the hand. V8: without an upcard the pile starts empty.
        if _drop_forced(state):
            return {Drop()}
        actions: set[Action] = {DrawStock()}
        if not _drop_barred(state):
            actions.add(Drop())
        if (
            state.discard_pile
            and not _upcard_buried(state)
            and (
                not state.rules.discard_draw_must_meld
                or _after_draw_actions(_taken(state))
            )
        ):
            actions.add(DrawDiscard())
        if can_claim(state):
            actions.add(ClaimDealTonk())
        if may_exchange(state):
            actions.update(Exchange(card) for card in state.hands[state.to_move])
        return actions
    if state.phase is Phase.SLAP_WINDOW:
        return eats(state) if state.rules.eating else slaps(state)
    hand = state.hands[state.to_move]
    if state.phase is Phase.EXTRA_DISCARD:
        if not _may_discard_from(state, hand):
            return set()
        return {Discard(card) for card in hand}
    assert state.phase is Phase.AFTER_DRAW
    return _after_draw_actions(state)


def _upcard_buried(state: GameState) -> bool:
    """H3: the turned-up card, left by the first player, is never taken."""
    return state.buried and len(state.discard_pile) == 1


def _tunk_defects(state: GameState, action: Tunk) -> set[IllegalReason]:
    """H5: why a tunk is illegal after the draw."""
    rules = state.rules
    hand = state.hands[state.to_move]
    packs = packs_at(rules, state.player_count)
    defects: set[IllegalReason] = set()
    if rules.tunk_at_most is None or state.tunker is not None:
        defects.add(IllegalReason.NO_TUNK)
    laid = [_split(element)[0] for spread in action.spreads for element in spread.cards]
    if not _holds(hand, laid):
        defects.add(IllegalReason.CARD_NOT_IN_HAND)
    if (
        state.must_use is not None
        and rules.discard_draw_must_meld
        and state.must_use not in laid
    ):  # V24d: the card taken is laid in a spread, not left unmatched
        defects.add(IllegalReason.MUST_USE_DISCARD)
    for spread in action.spreads:
        pairs = [_split(element) for element in spread.cards]
        if not can_lay([p for p, _ in pairs], [r for _, r in pairs], rules, packs):
            defects.add(IllegalReason.NOT_A_SPREAD)
    limit = rules.tunk_at_most
    if (
        limit is not None
        and _holds(hand, laid)
        and hand_count(_less(hand, laid), rules) > limit
    ):
        defects.add(IllegalReason.TUNK_LIMIT)
    return defects


def _holds(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    """Whether ``hand`` contains ``cards`` as a multiset."""
    have = Counter(str(card) for card in hand)
    want = Counter(str(card) for card in cards)
    return all(have[card] >= count for card, count in want.items())


def _split(element: Card | WildCard) -> tuple[Card, Card]:
    if isinstance(element, WildCard):
        return element.card, element.stands_for
    return element, element


def brute_force_defects(state: GameState, action: Action) -> set[IllegalReason]:
    """Return every reason why ``action`` is illegal now; empty if it is legal.

    When an action is wrong in several ways, the engine may name any of them.
    """
    if state.outcome is not None:
        return {IllegalReason.HAND_OVER}
    defects: set[IllegalReason] = set()
    rules = state.rules
    seat = state.to_move
    hand = state.hands[seat]
    packs = packs_at(rules, state.player_count)
    phase = state.phase
    in_window = phase in (Phase.SLAP_WINDOW, Phase.EXTRA_DISCARD)
    if isinstance(action, Slap | Pass | Eat):  # V26, X5
        if phase is not Phase.SLAP_WINDOW:
            return {IllegalReason.NOT_SLAP_TIME}
        if isinstance(action, Slap | Eat) and (
            isinstance(action, Eat) != rules.eating
        ):  # a slap in an eating window, an eat in a slap-in window
            return {IllegalReason.NOT_SLAP_TIME}
        if isinstance(action, Eat) and action not in eats(state):
            defects.add(IllegalReason.MUST_USE_DISCARD)
        if isinstance(action, Slap):
            by_number = {spread.number: spread for spread in state.spreads}
            if action.spread not in by_number:
                defects.add(IllegalReason.NO_SUCH_SPREAD)
            else:
                if _locked(state, by_number[action.spread], seat):
                    defects.add(IllegalReason.SPREAD_LOCKED)
                if action not in slaps(state):
                    defects.add(IllegalReason.HIT_DOES_NOT_FIT)
        return defects
    if phase is Phase.EXTRA_DISCARD and isinstance(action, Discard):
        if not _holds(hand, (action.card,)):
            defects.add(IllegalReason.CARD_NOT_IN_HAND)
        if not _may_discard_from(state, hand):
            defects.add(IllegalReason.MUST_SPREAD)
        return defects
    if in_window:
        return {IllegalReason.NOT_SLAP_TIME}
    if isinstance(action, Exchange):  # V46
        if phase is not Phase.TURN_START:
            return {IllegalReason.ALREADY_DREW}
        if not rules.widow or state.exchanged[seat]:
            defects.add(IllegalReason.NO_WIDOW)
        if _drop_forced(state):
            defects.add(IllegalReason.MUST_DROP)
        if not _holds(hand, (action.card,)):
            defects.add(IllegalReason.CARD_NOT_IN_HAND)
        return defects
    if isinstance(action, Drop | DrawStock | DrawDiscard | ClaimDealTonk):
        if phase is not Phase.TURN_START:
            defects.add(IllegalReason.ALREADY_DREW)
            return defects
        if isinstance(action, DrawDiscard) and not state.discard_pile:
            defects.add(IllegalReason.DISCARD_PILE_EMPTY)
        if isinstance(action, DrawDiscard) and _upcard_buried(state):
            defects.add(IllegalReason.UPCARD_BURIED)
        if isinstance(action, ClaimDealTonk) and not _claimable_now(state):
            defects.add(IllegalReason.NO_DEAL_TONK)
        forced = _drop_forced(state)
        if isinstance(action, Drop):
            if not forced and _drop_barred(state):
                defects.add(IllegalReason.DROP_BARRED)
        elif forced:
            defects.add(IllegalReason.MUST_DROP)
        if (
            isinstance(action, DrawDiscard)
            and state.discard_pile
            and rules.discard_draw_must_meld
            and not _after_draw_actions(_taken(state))
        ):
            defects.add(IllegalReason.MUST_USE_DISCARD)
        return defects
    if phase is not Phase.AFTER_DRAW:
        defects.add(IllegalReason.MUST_DRAW_FIRST)
        return defects
    if isinstance(action, Tunk):
        return _tunk_defects(state, action)
    if (
        isinstance(action, LaySpread | Hit)
        and rules.closed_play
        and state.tunker is None
    ):
        defects.add(IllegalReason.CLOSED_PLAY)  # H4
    uses = _uses(action)
    if isinstance(action, LaySpread):
        pairs = [_split(element) for element in action.cards]
        laid = [p for p, _ in pairs]
        if not _holds(hand, laid):
            defects.add(IllegalReason.CARD_NOT_IN_HAND)
        if not can_lay(laid, [r for _, r in pairs], rules, packs):
            defects.add(IllegalReason.NOT_A_SPREAD)
    elif isinstance(action, Hit):
        physical, represented = _split(action.card)
        if not _holds(hand, (physical,)):
            defects.add(IllegalReason.CARD_NOT_IN_HAND)
        by_number = {spread.number: spread for spread in state.spreads}
        limit = rules.max_hits_per_turn
        if limit is not None and state.hits_this_turn >= limit:
            defects.add(IllegalReason.HIT_LIMIT)
        if action.spread not in by_number:
            defects.add(IllegalReason.NO_SUCH_SPREAD)
        else:
            target = by_number[action.spread]
            if _locked(state, target, seat):
                defects.add(IllegalReason.SPREAD_LOCKED)
            if (
                physical != represented and not is_wild(physical, rules)
            ) or not _fits_here(target, represented, state):
                defects.add(IllegalReason.HIT_DOES_NOT_FIT)
        if (
            rules.must_spread
            and rules.hit_ends_turn
            and _holds(hand, uses)
            and holds_spread(_less(hand, uses), rules, packs)
        ):
            defects.add(IllegalReason.MUST_SPREAD)
    else:
        assert isinstance(action, Discard)
        if not _holds(hand, (action.card,)):
            defects.add(IllegalReason.CARD_NOT_IN_HAND)
        if rules.must_spread and holds_spread(hand, rules, packs):
            defects.add(IllegalReason.MUST_SPREAD)
    if (
        state.must_use is not None
        and rules.discard_draw_must_meld
        and (isinstance(action, Discard) or state.must_use not in uses)
    ):  # V24d: the card taken must go into a spread, not back on the pile
        defects.add(IllegalReason.MUST_USE_DISCARD)
    if (
        isinstance(action, Discard)
        and action.card == state.must_use
        and not rules.discard_pickup
        and _holds(hand, (action.card,))
        and _may_discard_from(state, hand)
        and action not in _discards(state, hand)
    ):  # X8: the card taken may not go back while another card may
        defects.add(IllegalReason.PICKUP_DISCARD)
    if state.going_out_barred[seat] and len(hand) - len(uses) < _keep(state, action):
        defects.add(IllegalReason.GOING_OUT_BARRED)
    return defects
