"""Properties of every reachable state, over random seeds, tables, rules and play.

States come from :mod:`tonk.testing.strategies`: rules drawn from every
combination of options (V1-V20) or a preset, a seeded deal, then random legal
actions. ``brute_force.py`` is an independent model of the pack, card values,
spreads and legality written from docs/rules/; the settlement models below are
written from B5, B11, B13, B14, V11-V20, the payouts V31-V39 and the widow
(V46), reading the ``going_out`` table and the ``Catch`` components as their
docstrings define them, with the going-out facts remembered from the actions
of the hand (:class:`HandMemory`), not read off the state.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from itertools import combinations

import attrs
import pytest
from brute_force import (
    brute_force_defects,
    brute_force_legal_actions,
    can_claim,
    dealt_counts,
    deck,
    hand_count,
    holds_spread,
    is_natural,
    is_tractable,
    is_wild,
    may_exchange,
    natural_cards,
    packs_at,
    run_order,
    slaps,
    spread_kind,
    wins,
)
from hypothesis import event, given, note
from hypothesis import strategies as st

import tonk
import tonk.scoring
import tonk.testing
from tonk import (
    Action,
    Card,
    Catch,
    ClaimDealTonk,
    DealTonk,
    DealTonkClaim,
    DealTonkClash,
    DealTonkTie,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    DropPay,
    Eat,
    Exchange,
    ExhaustionTie,
    GameState,
    Hit,
    IllegalActionError,
    IllegalReason,
    LaySpread,
    LowestTie,
    OutcomeKind,
    OutWay,
    PackKind,
    Pass,
    PerPlayer,
    Phase,
    Rules,
    Slap,
    Spread,
    SpreadKind,
    Tunk,
    WildCard,
    Wilds,
)
from tonk.testing import check_invariants
from tonk.testing.strategies import (
    Playout,
    cards,
    deal_tonk_tables,
    game_states,
    player_counts,
    playouts,
    presets,
    rules,
)

JOKER = Card.parse("JK")
EVERY_CARD: tuple[Card, ...] = (*natural_cards(Rules()), JOKER)
"""Every distinct card: the 52 natural cards and the joker."""
NATURALS = EVERY_CARD[:-1]

seeds = st.integers(0, 2**32 - 1)
any_rules = rules() | presets()
"""Any combination of options, or a named preset."""


# --- independent models ------------------------------------------------------------


def _zeros(players: int) -> list[Fraction]:
    return [Fraction(0)] * players


def deal_claims(
    hands: Sequence[Sequence[Card]], rules: Rules, dealer: int
) -> list[tuple[int, int, DealTonk]]:
    """B5, V11-V20: (seat, row index, row) of each hand that wins at the deal.

    A hand wins under the first row claimed at the deal that it satisfies. Seats
    are listed from the dealer's left.
    """
    claims = []
    players = len(hands)
    for offset in range(1, players + 1):
        seat = (dealer + offset) % players
        for index, row in enumerate(rules.deal_tonks):
            if row.claim is DealTonkClaim.AT_DEAL and wins(row, hands[seat], rules):
                claims.append((seat, index, row))
                break
    return claims


def deal_strength(
    claim: tuple[int, int, DealTonk], hands: Sequence[Sequence[Card]], rules: Rules
) -> tuple[int, int]:
    """V11, V16, V17, V19: an earlier row is better; within an ``at_most`` row a
    lower count is better; other rows do not rank their hands."""
    seat, index, row = claim
    return index, hand_count(hands[seat], rules) if row.at_most is not None else 0


def deal_settlement(
    hands: Sequence[Sequence[Card]], rules: Rules, dealer: int
) -> tuple[list[Fraction], set[int]] | None:
    """B5, V11-V20: the payoffs and winners of the deal, or None if play goes on."""
    players = len(hands)
    claims = deal_claims(hands, rules, dealer)
    if not claims:
        return None
    paid = claims
    shares = 1  # X15: how many tied holders share each payer's stake
    if len(claims) > 1 and rules.deal_tonk_clash is DealTonkClash.VOID:
        paid = []
    elif len(claims) > 1 and rules.deal_tonk_clash is DealTonkClash.BEST_HAND:
        best = min(deal_strength(claim, hands, rules) for claim in claims)
        tied = [c for c in claims if deal_strength(c, hands, rules) == best]
        row = tied[0][2]
        tie = rules.deal_tonk_tie if row.tie is None else row.tie
        if len(tied) == 1 or tie is DealTonkTie.NEAREST_DEALER_LEFT:
            paid = tied[:1]  # the tied hand nearest the dealer's left
        elif tie is DealTonkTie.SPLIT:
            paid, shares = tied, len(tied)
        else:
            paid = []
    payoffs = _zeros(players)
    holders = {seat for seat, _, _ in paid}
    for seat, _, row in paid:
        for payer in range(players):
            if payer not in holders:
                payoffs[payer] -= Fraction(row.pays, shares)
                payoffs[seat] += Fraction(row.pays, shares)
    return payoffs, holders


def out_payoffs(players: int, winner: int, stake: int) -> list[Fraction]:
    """B11: every other player pays the winner ``stake``."""
    payoffs = _zeros(players)
    for seat in range(players):
        if seat != winner:
            payoffs[seat] -= stake
            payoffs[winner] += stake
    return payoffs


def amount_at(amount: int | PerPlayer, players: int) -> int:
    """V38: a ``PerPlayer`` amount is ``times`` per player, less ``less``."""
    if isinstance(amount, PerPlayer):
        return amount.times * (players - amount.less)
    return amount


def lowest_others(
    counts: Sequence[int], dropper: int, catch: Catch, dealer: int | None
) -> list[int]:
    """B13, V35 5: the other seats with the lowest count; under
    ``NEAREST_DEALER_LEFT`` only the first of them from the dealer's left."""
    players = len(counts)
    others = [seat for seat in range(players) if seat != dropper]
    low = min(counts[seat] for seat in others)
    lowest = [seat for seat in others if counts[seat] == low]
    if catch.lowest_tie is LowestTie.NEAREST_DEALER_LEFT and len(lowest) > 1:
        assert dealer is not None
        from_left = [(dealer + offset) % players for offset in range(1, players + 1)]
        lowest = [next(seat for seat in from_left if seat in lowest)]
    return lowest


ONE = Fraction(1)


def catches(counts: Sequence[int], seat: int, dropper: int, catch: Catch) -> bool:
    """B13: an equal or lower count catches the dropper; X12: a lower one only."""
    if catch.ties_catch:
        return counts[seat] <= counts[dropper]
    return counts[seat] < counts[dropper]


def drop_payoffs(
    counts: Sequence[int],
    dropper: int,
    catch: Catch = Catch.B13,
    dealer: int | None = None,
    bonus: Sequence[DropPay] = (),
) -> list[Fraction]:
    """B13 (its worked example included) and V35-V38: a drop, paid by ``catch``.

    A strictly lowest dropper collects 1x from each player (also a tied one,
    when ties do not catch, X12). A caught dropper pays ``to_catchers`` to each
    other seat whose count catches his (equal or lower; lower only under X12),
    ``to_others`` to each other seat and ``to_lowest`` to each lowest seat; each
    seat that is neither the dropper nor lowest pays each lowest seat
    ``lowest_from_others``.
    """
    players = len(counts)
    payoffs = _zeros(players)
    others = [seat for seat in range(players) if seat != dropper]
    if not any(catches(counts, seat, dropper, catch) for seat in others):
        # X11: the first bonus row the count is within says the pay, else 1x.
        rows = [row.pays for row in bonus if counts[dropper] <= row.at_most]
        return out_payoffs(players, dropper, rows[0] if rows else 1)

    def pay(
        payer: int, payee: int, amount: int | PerPlayer, share: Fraction = ONE
    ) -> None:
        payoffs[payer] -= amount_at(amount, players) * share
        payoffs[payee] += amount_at(amount, players) * share

    lowest = lowest_others(counts, dropper, catch, dealer)
    # LowestTie.SPLIT (V35 2): tied lowest seats share one lowest seat's pay.
    share = Fraction(1, len(lowest)) if catch.lowest_tie is LowestTie.SPLIT else ONE
    for seat in others:
        if catches(counts, seat, dropper, catch):
            pay(dropper, seat, catch.to_catchers)
        pay(dropper, seat, catch.to_others)
        if seat in lowest:
            pay(dropper, seat, catch.to_lowest, share)
        else:
            for payee in lowest:
                pay(seat, payee, catch.lowest_from_others, share)
    return payoffs


def drop_winners(
    counts: Sequence[int], dropper: int, catch: Catch, dealer: int
) -> list[int]:
    """B13: the dropper if nobody catches him, else the lowest other seats."""
    others = [seat for seat in range(len(counts)) if seat != dropper]
    if not any(catches(counts, seat, dropper, catch) for seat in others):
        return [dropper]
    return lowest_others(counts, dropper, catch, dealer)


def showdown_payoffs(counts: Sequence[int], tie: ExhaustionTie) -> list[Fraction]:
    """B14: the lowest count is paid 1x by each other player; ``tie`` for ties."""
    players = len(counts)
    payoffs = _zeros(players)
    lowest = [seat for seat in range(players) if counts[seat] == min(counts)]
    if len(lowest) > 1 and tie is ExhaustionTie.DEAD_HAND:
        return payoffs
    share = Fraction(1, len(lowest)) if tie is ExhaustionTie.SPLIT else Fraction(1)
    for payer in range(players):
        if payer not in lowest:
            for payee in lowest:
                payoffs[payer] -= share
                payoffs[payee] += share
    return payoffs


def showdown_winners(counts: Sequence[int], tie: ExhaustionTie) -> list[int]:
    """B14: every seat with the lowest count, none if a tie makes a dead hand."""
    lowest = [seat for seat in range(len(counts)) if counts[seat] == min(counts)]
    if len(lowest) > 1 and tie is ExhaustionTie.DEAD_HAND:
        return []
    return lowest


class HandMemory:
    """What a player at the table remembers of a hand from its actions alone.

    Enough to know how a going out is paid (V31-V34) and who paid into the
    widow pot (V46): each seat's turns begun (a turn begins with its draw), the
    turn of its own in which each of its spreads was laid and in which it hit,
    the seats that hit or slapped (V26: a slap counts as a hit), the seats
    that exchanged with their widow, and the seats whose first turn an eat
    skipped (X5: the first turn is lost, and with it its going-out row).
    """

    def __init__(self, players: int) -> None:
        self.turns = [0] * players
        self.lost_first: set[int] = set()
        self.laid: list[list[int]] = [[] for _ in range(players)]
        self.hit_in: list[set[int]] = [set() for _ in range(players)]
        self.hitters: set[int] = set()
        self.exchanged: set[int] = set()

    @classmethod
    def of(cls, playout: Playout, upto: int | None = None) -> HandMemory:
        """The memory after the first ``upto`` actions of ``playout``."""
        memory = cls(playout.players)
        for index, action in enumerate(playout.actions[:upto]):
            memory.record(playout.states[index], action)
        return memory

    def record(self, before: GameState, action: Action) -> None:
        """Remember ``action``, taken in ``before``."""
        mover = before.to_move
        if isinstance(action, Eat):  # X5: the seats from the due one are skipped
            window = before.slap
            assert window is not None
            players = before.player_count
            skipped = range((mover - window.due) % players)
            for seat in ((window.due + offset) % players for offset in skipped):
                if not self.turns[seat]:
                    self.lost_first.add(seat)
        if isinstance(action, DrawStock | DrawDiscard | Eat):
            self.turns[mover] += 1
        elif isinstance(action, LaySpread):
            self.laid[mover].append(self.turns[mover])
        elif isinstance(action, Hit):
            self.hit_in[mover].add(self.turns[mover])
            self.hitters.add(mover)
        elif isinstance(action, Slap):
            self.hitters.add(mover)
        elif isinstance(action, Exchange):
            self.exchanged.add(mover)

    def out_facts(
        self, before: GameState, action: Action
    ) -> tuple[OutWay, dict[str, bool | int]]:
        """B11, V31-V34: how ``action`` goes out, and the facts of the hand then.

        A going out by a slapper's extra discard (V26) is not in the slapper's
        own turn: it is on no first turn, with no spreads or hits "this turn",
        and every spread of the slapper's was laid on an earlier turn.
        """
        mover = before.to_move
        turn = self.turns[mover]
        own_turn = before.phase is Phase.AFTER_DRAW
        if isinstance(action, LaySpread):
            way = OutWay.SPREAD
        elif isinstance(action, Hit):
            way = OutWay.HIT
        else:
            way = OutWay.DISCARD
        laid = [*self.laid[mover], *([turn] if way is OutWay.SPREAD else [])]
        facts = {
            "first_turn": own_turn and turn == 1 and mover not in self.lost_first,
            "spreads_this_turn": laid.count(turn) if own_turn else 0,
            "hit_this_turn": own_turn
            and (turn in self.hit_in[mover] or way is OutWay.HIT),
            "hit_this_hand": mover in self.hitters or way is OutWay.HIT,
            "spread_before": any(when < turn for when in laid)
            if own_turn
            else bool(laid),
        }
        return way, facts

    def out_stake(self, before: GameState, action: Action) -> int:
        """B11, V31-V34: what each other seat pays for going out with ``action``.

        The first row of ``going_out`` whose conditions all hold pays.
        """
        way, facts = self.out_facts(before, action)
        for row in before.rules.going_out:
            if (
                way in row.by
                and facts["spreads_this_turn"] >= row.spreads_this_turn
                and all(
                    getattr(row, name) in (None, facts[name])
                    for name in (
                        "first_turn",
                        "hit_this_turn",
                        "hit_this_hand",
                        "spread_before",
                    )
                )
            ):
                return row.pays
        raise AssertionError(f"no going-out row pays {way} with {facts}")


def side_payoffs(
    after: GameState, winners: Sequence[int], memory: HandMemory
) -> list[Fraction]:
    """V39 and V46: what is paid besides the hand's own settlement.

    V39: each winner pays 1/2x to each losing seat that owns a spread of four
    or more cards on the table. V46: each seat that exchanged with its widow
    paid 1x into a pot the winners share equally; with no winner (a void or
    dead hand) it is refunded.
    """
    players = after.player_count
    payoffs = _zeros(players)
    if after.rules.hit_and_split:
        owners = {spread.owner for spread in after.spreads if len(spread.cards) >= 4}
        for winner in winners:
            for loser in owners - set(winners):
                payoffs[winner] -= Fraction(1, 2)
                payoffs[loser] += Fraction(1, 2)
    if after.rules.widow and winners:
        for seat in memory.exchanged:
            payoffs[seat] -= 1
        for winner in winners:
            payoffs[winner] += Fraction(len(memory.exchanged), len(winners))
    return payoffs


def check_payoffs(outcome: tonk.Outcome | None, players: int) -> None:
    """Payoffs are exact, sum to zero and are the net of the transfers."""
    assert outcome is not None
    assert len(outcome.payoffs) == players
    for amount in outcome.payoffs:
        assert type(amount) in (int, Fraction), f"inexact payoff {amount!r}"
    assert sum(outcome.payoffs) == 0, outcome
    net = _zeros(players)
    for transfer in outcome.transfers:
        assert type(transfer.amount) in (int, Fraction), transfer
        assert transfer.amount > 0, transfer
        assert transfer.payer != transfer.payee, transfer
        net[transfer.payer] -= transfer.amount
        net[transfer.payee] += transfer.amount
    assert tuple(net) == outcome.payoffs, outcome
    # A winner never loses by the hand's own settlement; V39 and V46 payments
    # come on top (a winner pays 1/2x to each loser with a 4-card spread).
    side = (tonk.TransferReason.HIT_AND_SPLIT, tonk.TransferReason.WIDOW)
    won = _zeros(players)
    for transfer in outcome.transfers:
        if transfer.reason not in side:
            won[transfer.payer] -= transfer.amount
            won[transfer.payee] += transfer.amount
    for seat in outcome.winners:
        assert won[seat] >= 0, outcome


def counts_of(state: GameState) -> tuple[int, ...]:
    return tuple(hand_count(hand, state.rules) for hand in state.hands)


def check_deal(state: GameState) -> None:
    """The deal (B4, V7, V8) and its deal tonks (B5, V11-V20)."""
    rules = state.rules
    assert state.turns_taken == 0
    assert state.spreads == ()
    assert state.to_move == (state.dealer + 1) % state.player_count
    dealt = rules.hand_size_for(state.player_count)  # X2
    assert all(len(hand) == dealt for hand in state.hands)
    assert len(state.discard_pile) == int(rules.upcard)
    expected = deal_settlement(state.hands, rules, state.dealer)
    if state.outcome is None:
        assert expected is None
        assert state.phase is Phase.TURN_START
        return
    assert expected is not None, state.outcome
    payoffs, winners = expected
    check_payoffs(state.outcome, state.player_count)
    kind = OutcomeKind.DEAL_TONK if winners else OutcomeKind.VOID_DEAL
    assert state.outcome.kind is kind
    assert set(state.outcome.winners) == winners
    assert list(state.outcome.payoffs) == payoffs
    assert state.outcome.counts == counts_of(state)


def _removed(hand: Sequence[Card], cards: Sequence[Card]) -> tuple[Card, ...]:
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return tuple(rest)


def _hands_with(
    state: GameState, seat: int, hand: Sequence[Card]
) -> tuple[tuple[Card, ...], ...]:
    hands = list(state.hands)
    hands[seat] = tuple(sorted(hand))
    return tuple(hands)


def _split(element: Card | WildCard) -> tuple[Card, Card]:
    if isinstance(element, WildCard):
        return element.card, element.stands_for
    return element, element


def check_spread(spread: Spread, state: GameState) -> None:
    """B9, V2-V5, V10: a spread on the table is valid and laid out in order."""
    rules = state.rules
    packs = packs_at(rules, state.player_count)
    assert len(spread.cards) == len(spread.stands_for), spread
    assert spread_kind(spread.stands_for, rules, packs) is spread.kind, spread
    pairs = list(zip(spread.cards, spread.stands_for, strict=True))
    assert all(card == natural or is_wild(card, rules) for card, natural in pairs)
    assert all(is_natural(natural, rules) for _, natural in pairs), spread
    assert any(card == natural for card, natural in pairs), f"all wild: {spread}"
    if spread.kind is SpreadKind.BOOK:
        assert list(spread.stands_for) == sorted(spread.stands_for), spread
    else:
        assert list(spread.stands_for) == run_order(spread.stands_for, rules), spread


def _evolved(state: GameState, **changes: object) -> GameState:
    return attrs.evolve(state, **changes)  # type: ignore[arg-type]


def slap_order(state: GameState, card: Card, discarder: int, due: int) -> list[int]:
    """V26: the seats that may slap ``card``, in the order they are asked."""
    players = state.player_count
    order = [(discarder + offset) % players for offset in range(players)]
    if state.rules.slap_priority_next:
        order = [due, *(seat for seat in order if seat != due)]
    eligible = []
    for seat in order:
        window = tonk.SlapWindow(
            card=card, discarder=discarder, due=due, waiting=(seat,)
        )
        asked = _evolved(state, phase=Phase.SLAP_WINDOW, to_move=seat, slap=window)
        if slaps(asked, public=True) - {Pass()}:
            eligible.append(seat)
    return eligible


def eat_order(state: GameState, due: int) -> list[int]:
    """X5: the seats asked to eat, nearest the discarder's left first, but not
    the due player; none on an empty stock under V29, not an empty hand under
    V27, and not a seat whose turn would reach the turn limit (B15)."""
    rules = state.rules
    players = state.player_count
    if rules.stock_end is tonk.StockEnd.FORCED_KNOCK and not state.stock:
        return []
    asked = []
    for offset in range(1, players - 1):
        seat = (due + offset) % players
        if (
            rules.max_turns is not None
            and state.turns_taken + offset >= rules.max_turns
        ):
            break
        if rules.boobed_deck and not state.hands[seat]:
            continue
        asked.append(seat)
    return asked


def expected_wait_fields(
    before: GameState, action: Action
) -> tuple[list[int], list[bool], list[bool]]:
    """V22, V23, X7: the waits, going-out bars and hit marks after ``action``."""
    rules = before.rules
    mover = before.to_move
    waits = list(before.waits)
    barred = list(before.going_out_barred)
    charged = list(before.hit_this_round)
    if (
        isinstance(action, DrawStock | DrawDiscard) and before.phase is Phase.TURN_START
    ) or isinstance(action, Eat):  # X5: an eat is a draw
        waits[mover] = max(0, waits[mover] - 1)
        charged[mover] = False
        if rules.hit_wait_once_per_turn:  # X7: every charge is for one turn
            charged = [False] * len(charged)
    owner: int | None = None
    if isinstance(action, LaySpread):
        waits[mover] += rules.spread_wait
    elif isinstance(action, Hit | Slap):
        owner = before.spreads[action.spread - 1].owner
    if owner is not None:
        if owner == mover:
            waits[mover] += rules.own_hit_wait
        else:
            once = rules.hit_wait_once_per_round or (
                rules.hit_wait_once_per_turn and isinstance(action, Hit)
            )  # X7: a slap is a hit of its own
            if rules.hit_wait and not (once and charged[owner]):
                still_barred = waits[owner] > 0
                if still_barred and rules.hit_wait_again is not None:
                    waits[owner] += rules.hit_wait_again  # X7
                else:
                    waits[owner] += rules.hit_wait
                charged[owner] = True
            if rules.hit_bars_going_out:
                barred[owner] = True
    return waits, barred, charged


Settled = tuple[list[Fraction], list[int]]
"""A model settlement: the payoffs and the winners."""


def check_turn_end(
    before: GameState, after: GameState, discarded: Card | None
) -> Settled | None:
    """B7, B15, V26: the mover's turn ended without ending the hand (unless the
    turn limit did); return the expected settlement if the hand ended."""
    mover = before.to_move
    players = before.player_count
    assert after.turns_taken == before.turns_taken + 1
    assert not after.going_out_barred[mover]
    assert after.hits_this_turn == 0
    assert after.must_use is None
    rules = before.rules
    tunker = after.tunker
    if tunker is not None:  # H6: one last turn each, from the tunker's left
        if (mover + 1) % players != tunker:
            assert after.outcome is None
            assert after.to_move == (mover + 1) % players
            assert after.phase is Phase.TURN_START
            return None
        assert after.outcome is not None
        assert after.outcome.kind is OutcomeKind.TUNK
        return tunk_settled(counts_of(after), tunker, rules.tunk_tie_doubles)
    if before.turns_taken < players:  # X13: the end of the mover's first turn
        row = next(
            (
                row
                for row in rules.deal_tonks
                if row.claim is DealTonkClaim.AFTER_FIRST_TURN
                and (row.after_spread or not after.spreads)
                and wins(row, after.hands[mover], rules)
            ),
            None,
        )
        if row is not None:
            event("a deal tonk won at the end of a first turn")
            assert after.outcome is not None
            assert after.outcome.kind is OutcomeKind.DEAL_TONK
            assert after.to_move == mover
            return out_payoffs(players, mover, row.pays), [mover]
    limit = rules.max_turns
    following = (mover + 1) % players
    if before.rules.stock_end is tonk.StockEnd.LAST_CARD and not after.stock:
        assert after.outcome is not None  # X10: the last card's turn ends it
        assert after.outcome.kind is OutcomeKind.STOCK_EXHAUSTED
        assert after.to_move == mover
        counts, tie = counts_of(after), before.rules.exhaustion_tie
        return showdown_payoffs(counts, tie), showdown_winners(counts, tie)
    if limit is not None and after.turns_taken >= limit:
        assert after.turns_taken == limit
        assert after.outcome is not None
        assert after.outcome.kind is OutcomeKind.TURN_LIMIT
        assert after.to_move == mover
        counts, tie = counts_of(after), rules.exhaustion_tie
        return showdown_payoffs(counts, tie), showdown_winners(counts, tie)
    assert after.outcome is None
    check_window(after, discarded, mover, following)
    return None


def check_window(
    after: GameState, discarded: Card | None, discarder: int, due: int
) -> None:
    """V26, X5: a window opens for a discard that some seat may slap or eat,
    else play goes on."""
    eligible: list[int] = []
    if discarded is not None and after.rules.slap_in:
        eligible = slap_order(after, discarded, discarder, due)
    if discarded is not None and after.rules.eating:
        eligible = eat_order(after, due)
    if eligible:
        assert after.phase is Phase.SLAP_WINDOW
        assert after.slap is not None
        assert after.slap.card == discarded
        assert after.slap.discarder == discarder
        assert after.slap.due == due
        assert list(after.slap.waiting) == eligible
        assert after.to_move == eligible[0]
    else:
        assert after.phase is Phase.TURN_START
        assert after.slap is None
        assert after.to_move == due


def _boobed(state: GameState) -> bool:
    """Whether emptying the hand ends only the turn: V27, once the stock holds no
    more cards than there are players; H6, in a last turn after a tunk."""
    if state.tunker is not None:
        return True
    return state.rules.boobed_deck and len(state.stock) <= state.player_count


def tunk_settled(counts: Sequence[int], tunker: int, tie_doubles: bool) -> Settled:
    """H7: each seat scores its count, the tunker double when another count is
    lower (or equal, under the option); each pair pays the difference."""
    points = list(counts)
    lowest = min(count for seat, count in enumerate(counts) if seat != tunker)
    beaten = lowest < counts[tunker] or (tie_doubles and lowest == counts[tunker])
    if beaten:
        points[tunker] *= 2
        winners = [
            seat
            for seat, count in enumerate(counts)
            if seat != tunker and count == lowest
        ]
    else:
        winners = [tunker]
    total = sum(points)
    payoffs = [Fraction(total - len(points) * point) for point in points]
    return payoffs, winners


def check_step(
    before: GameState, action: Action, after: GameState, memory: HandMemory
) -> None:
    """The state ``action`` leads to, and its settlement, follow B7-B15, V19,
    V21-V39 and V46.

    ``memory`` is what the model remembers of the hand before ``action``; it
    is brought up to date here.
    """
    mover = before.to_move
    players = before.player_count
    rules = before.rules
    counts = list(counts_of(after))
    assert after.rules == before.rules
    assert after.dealer == before.dealer
    assert after.player_count == players
    assert all(wait >= 0 for wait in after.waits)
    if isinstance(action, Eat):  # X5: the seats skipped lose their turns
        assert before.slap is not None
        skipped = (mover - before.slap.due) % players
        assert after.turns_taken == before.turns_taken + skipped
    elif not isinstance(action, Discard | Hit | LaySpread | Tunk):
        assert after.turns_taken == before.turns_taken
    if not isinstance(action, Exchange):
        assert after.widows == before.widows
        assert after.exchanged == before.exchanged
    hand = before.hands[mover]
    outcome = after.outcome
    expected: Settled | None = None
    if outcome is None:
        waits, barred, charged = expected_wait_fields(before, action)
        assert list(after.waits) == waits, (action, before.waits, after.waits)
        assert list(after.hit_this_round) == charged
        if after.turns_taken != before.turns_taken and not isinstance(action, Eat):
            barred[mover] = False  # the bar lasts for one turn
        assert list(after.going_out_barred) == barred
    if isinstance(action, Drop):
        assert after.hands == before.hands
        assert outcome is not None
        assert outcome.dropper == mover
        assert outcome.counts == tuple(counts)
        if rules.stock_end is tonk.StockEnd.FORCED_KNOCK and not before.stock:
            assert outcome.kind is OutcomeKind.FORCED_KNOCK  # V29
            tie = rules.exhaustion_tie
            expected = showdown_payoffs(counts, tie), showdown_winners(counts, tie)
        else:
            won = not any(
                catches(counts, seat, mover, rules.catch)
                for seat in range(players)
                if seat != mover
            )
            assert outcome.kind is (OutcomeKind.DROP_WON if won else OutcomeKind.CAUGHT)
            expected = (
                drop_payoffs(
                    counts, mover, rules.catch, before.dealer, rules.drop_bonus
                ),
                drop_winners(counts, mover, rules.catch, before.dealer),
            )
    elif isinstance(action, ClaimDealTonk):
        # V19: the first row claimed before the first turn that the hand wins;
        # once someone has spread, only a row claimed after spreads (X13).
        assert before.phase is Phase.TURN_START
        assert before.turns_taken < players
        assert after.hands == before.hands
        assert outcome is not None
        assert outcome.kind is OutcomeKind.DEAL_TONK
        assert outcome.winners == (mover,)
        row = next(
            row
            for row in before.rules.deal_tonks
            if row.claim is DealTonkClaim.BEFORE_FIRST_TURN
            and (row.after_spread or not before.spreads)
            and wins(row, hand, before.rules)
        )
        expected = out_payoffs(players, mover, row.pays), [mover]
    elif isinstance(action, Exchange):
        # V46: the hand card and the widow change places; the turn goes on.
        event("a widow exchange")
        assert may_exchange(before)
        assert mover not in memory.exchanged
        assert outcome is None
        assert after.phase is Phase.TURN_START
        assert after.to_move == mover
        widow = before.widows[mover]
        assert after.hands == _hands_with(
            before, mover, (*_removed(hand, [action.card]), widow)
        )
        assert after.widows == tuple(
            action.card if seat == mover else card
            for seat, card in enumerate(before.widows)
        )
        assert after.exchanged == tuple(
            seat == mover or done for seat, done in enumerate(before.exchanged)
        )
        # Face down: the table forgets which taken cards the seat still holds.
        assert after.taken[mover] == ()
        assert after.stock == before.stock
        assert after.discard_pile == before.discard_pile
        assert after.spreads == before.spreads
        assert after.slap is None
    elif isinstance(action, DrawStock) and not before.stock:
        assert after.hands == before.hands
        assert outcome is not None
        if before.tunker is not None:  # H6: the last turns end; the tunk is settled
            assert outcome.kind is OutcomeKind.TUNK
            expected = tunk_settled(counts, before.tunker, rules.tunk_tie_doubles)
        elif rules.stock_end is tonk.StockEnd.DEAD:  # V28
            assert outcome.kind is OutcomeKind.DEAD_STOCK
            expected = _zeros(players), []
        else:
            assert outcome.kind is OutcomeKind.STOCK_EXHAUSTED
            tie = rules.exhaustion_tie
            expected = showdown_payoffs(counts, tie), showdown_winners(counts, tie)
    elif isinstance(action, DrawStock | DrawDiscard | Eat):
        if isinstance(action, Eat):  # X5: in a window, the discard is drawn
            assert before.phase is Phase.SLAP_WINDOW
            assert before.slap is not None
            assert before.slap.card == before.discard_pile[-1]
            assert after.slap is None
        if isinstance(action, DrawStock):
            drawn = before.stock[0]
            assert after.stock == before.stock[1:]
            assert after.discard_pile == before.discard_pile
            assert after.must_use is None
        else:
            drawn = before.discard_pile[-1]
            assert after.stock == before.stock
            assert after.discard_pile == before.discard_pile[:-1]
            restricted = rules.discard_draw_must_meld or not rules.discard_pickup
            assert after.must_use == (drawn if restricted else None)  # V24d, X8
        assert outcome is None
        assert after.phase is Phase.AFTER_DRAW
        assert after.to_move == mover
        assert after.hands == _hands_with(before, mover, (*hand, drawn))
        assert after.spreads == before.spreads
    elif isinstance(action, Tunk):
        expected = check_tunk(before, action, after)
    elif isinstance(action, Slap | Pass):
        window = before.slap
        assert before.phase is Phase.SLAP_WINDOW
        assert window is not None
        assert after.hands == before.hands
        assert after.stock == before.stock
        assert outcome is None
        if isinstance(action, Pass):
            assert after.discard_pile == before.discard_pile
            assert after.spreads == before.spreads
            if window.waiting[1:]:
                assert after.phase is Phase.SLAP_WINDOW
                assert after.slap == attrs.evolve(window, waiting=window.waiting[1:])
                assert after.to_move == window.waiting[1]
            else:
                assert after.phase is Phase.TURN_START
                assert after.to_move == window.due
                assert after.slap is None
        else:
            assert after.discard_pile == before.discard_pile[:-1]
            assert before.discard_pile[-1] == window.card
            index = action.spread - 1
            old, new = before.spreads[index], after.spreads[index]
            assert Counter(new.cards) == Counter([*old.cards, window.card])
            check_spread(new, after)
            owes = mover != window.discarder and not (
                rules.slap_priority_next and mover == window.due
            )
            if owes:
                assert after.phase is Phase.EXTRA_DISCARD
                assert after.to_move == mover
            else:
                assert after.phase is Phase.TURN_START
                assert after.to_move == window.due
                assert after.slap is None
    elif isinstance(action, LaySpread):
        assert after.spreads[:-1] == before.spreads
        laid = after.spreads[-1]
        assert laid.number == len(before.spreads) + 1
        assert laid.owner == mover
        assert Counter(laid.cards) == Counter(action.physical)
        assert Counter(laid.stands_for) == Counter(action.represented)
        check_spread(laid, after)
        assert after.hands == _hands_with(
            before, mover, _removed(hand, action.physical)
        )
        assert after.stock == before.stock
        assert after.discard_pile == before.discard_pile
    elif isinstance(action, Hit):
        index = action.spread - 1
        old, new = before.spreads[index], after.spreads[index]
        assert after.spreads[:index] == before.spreads[:index]
        assert after.spreads[index + 1 :] == before.spreads[index + 1 :]
        assert (new.number, new.owner, new.kind) == (old.number, old.owner, old.kind)
        physical, represented = _split(action.card)
        assert Counter(zip(new.cards, new.stands_for, strict=True)) == Counter(
            [*zip(old.cards, old.stands_for, strict=True), (physical, represented)]
        )
        check_spread(new, after)
        assert after.hands == _hands_with(before, mover, _removed(hand, [physical]))
        assert after.stock == before.stock
        assert after.discard_pile == before.discard_pile
    elif before.phase is Phase.EXTRA_DISCARD:  # V26: the slapper's extra discard
        window = before.slap
        assert window is not None
        assert after.discard_pile == (*before.discard_pile, action.card)
        assert after.hands == _hands_with(before, mover, _removed(hand, [action.card]))
        assert after.turns_taken == before.turns_taken
        if not after.hands[mover] and not _boobed(before):
            assert outcome is not None
            assert outcome.kind is OutcomeKind.OUT_BY_DISCARD
            stake = memory.out_stake(before, action)
            expected = out_payoffs(players, mover, stake), [mover]
        else:
            assert outcome is None
            check_window(after, action.card, mover, window.due)
    else:
        assert isinstance(action, Discard)
        assert after.discard_pile == (*before.discard_pile, action.card)
        assert after.hands == _hands_with(before, mover, _removed(hand, [action.card]))
        assert after.stock == before.stock
        assert after.spreads == before.spreads
        if not after.hands[mover] and not _boobed(before):
            assert outcome is not None
            assert outcome.kind is OutcomeKind.OUT_BY_DISCARD
            assert outcome.winners == (mover,)
            assert after.to_move == mover
            stake = memory.out_stake(before, action)
            expected = out_payoffs(players, mover, stake), [mover]
        else:
            expected = check_turn_end(before, after, action.card)
            if rules.must_spread and outcome is None:  # V21
                assert not holds_spread(
                    after.hands[mover], rules, packs_at(rules, players)
                ), after.hands[mover]
    if isinstance(action, LaySpread | Hit):
        if not after.hands[mover] and not _boobed(before):
            assert after.to_move == mover
            assert outcome is not None
            assert outcome.kind is OutcomeKind.TONK_OUT
            assert outcome.winners == (mover,)
            stake = memory.out_stake(before, action)
            expected = out_payoffs(players, mover, stake), [mover]
        elif not after.hands[mover] or (
            isinstance(action, Hit) and rules.hit_ends_turn
        ):
            expected = check_turn_end(before, after, None)
        else:
            assert after.to_move == mover
            assert outcome is None
            assert after.phase is Phase.AFTER_DRAW
    memory.record(before, action)
    if expected is None:
        assert outcome is None
        return
    assert outcome is not None
    payoffs, winners = expected
    assert sorted(outcome.winners) == sorted(winners), (outcome, counts)
    side = side_payoffs(after, winners, memory)
    if any(side):
        event("V39 or V46 payments at the end of the hand")
    if outcome.kind in (OutcomeKind.TONK_OUT, OutcomeKind.OUT_BY_DISCARD):
        event(f"going out pays {-min(payoffs)}")
    expected_payoffs = [base + extra for base, extra in zip(payoffs, side, strict=True)]
    check_payoffs(after.outcome, after.player_count)
    assert list(outcome.payoffs) == expected_payoffs, (outcome, counts)
    if outcome.kind in (OutcomeKind.STOCK_EXHAUSTED, OutcomeKind.TURN_LIMIT):
        assert outcome.counts == tuple(counts)


def check_tunk(before: GameState, action: Tunk, after: GameState) -> Settled | None:
    """H5: the tunk lays the spreads named, the rest face up, and is settled at
    once (H7) or after the last turns (H6)."""
    rules = before.rules
    mover = before.to_move
    limit = rules.tunk_at_most
    assert limit is not None
    assert before.phase is Phase.AFTER_DRAW
    assert before.tunker is None
    count = len(before.spreads)
    assert after.spreads[:count] == before.spreads
    laid = after.spreads[count:]
    assert len(laid) == len(action.spreads)
    for number, (spread, named) in enumerate(zip(laid, action.spreads, strict=True)):
        assert spread.number == count + number + 1
        assert spread.owner == mover
        assert Counter(spread.cards) == Counter(named.physical)
        assert Counter(spread.stands_for) == Counter(named.represented)
        check_spread(spread, after)
    rest = _removed(before.hands[mover], action.physical)
    assert after.hands == _hands_with(before, mover, rest)
    assert hand_count(rest, rules) <= limit
    assert after.taken[mover] == after.hands[mover]  # face up: public
    assert after.tunker == mover
    assert after.stock == before.stock
    assert after.discard_pile == before.discard_pile
    if rules.last_turns:
        return check_turn_end(before, after, None)
    assert after.turns_taken == before.turns_taken
    assert after.outcome is not None
    assert after.outcome.kind is OutcomeKind.TUNK
    return tunk_settled(counts_of(after), mover, rules.tunk_tie_doubles)


def check_hand_sizes(state: GameState) -> None:
    """B4, B7, B11: hands hold at most a dealt hand, plus the drawn card (or,
    the tunker's, the card drawn before the tunk, H5)."""
    size = state.rules.hand_size_for(state.player_count)  # X2
    for seat, hand in enumerate(state.hands):
        drawn = seat == state.to_move and state.phase is Phase.AFTER_DRAW
        drawn |= seat == state.tunker  # H5: the tunk replaces the discard
        assert len(hand) <= size + int(drawn), (seat, hand)
        if (
            not state.is_terminal
            and not state.rules.boobed_deck
            and state.tunker is None
        ):  # V27; H5, H6: a tunk on 0, or a last turn, may empty a hand
            assert hand, f"seat {seat} has an empty hand but the hand goes on"


def finish(state: GameState, rng: random.Random, *, drops: bool) -> list[GameState]:
    """Play ``state`` to the end at random; return the states after it."""
    limit = state.rules.max_turns
    # V26: a turn may add a pass or a slap per seat and an extra discard.
    per_turn = state.rules.hand_size_for(state.player_count) + 4 + state.player_count
    bound = 100_000 if limit is None else per_turn * limit
    states: list[GameState] = []
    while not state.is_terminal:
        assert len(states) < bound, "the hand did not end"
        options = tonk.legal_actions(state)
        if not drops and len(options) > 1:
            options = tuple(a for a in options if not isinstance(a, Drop)) or options
        state = tonk.apply(state, rng.choice(options))
        states.append(state)
    return states


def _redesignated(action: LaySpread) -> list[LaySpread]:
    """Variants of a spread with one card standing for a neighbouring card."""
    variants = []
    for index, element in enumerate(action.cards):
        physical, represented = _split(element)
        code = NATURALS.index(represented)
        for other in (NATURALS[code - 1], NATURALS[(code + 1) % 52]):
            if other != physical:
                changed = list(action.cards)
                changed[index] = WildCard(physical, other)
                variants.append(LaySpread(changed))
    return variants


def candidate_actions(
    state: GameState, extra: Sequence[Sequence[Card | WildCard]] = ()
) -> list[Action]:
    """Legal and illegal actions: wrong phase, wrong cards, no such spread..."""
    hand = state.hands[state.to_move]
    numbers = [-1, 0, *range(1, len(state.spreads) + 2), 99]
    pool: list[Action] = [ClaimDealTonk(), Drop(), DrawStock(), DrawDiscard()]
    pool += [Pass(), *(Slap(number) for number in numbers)]  # V26
    pool += [Exchange(card) for card in EVERY_CARD]  # V46
    pool += [Discard(card) for card in EVERY_CARD]
    pool += [Hit(number, card) for number in numbers for card in EVERY_CARD]
    designators = sorted({card for card in hand if is_wild(card, state.rules)})
    designators += [card for card in (*hand[:1], JOKER) if card not in designators]
    for spread in state.spreads:  # V4, V5: wilds (and naturals) as nearby cards
        first = spread.stands_for[0]
        for natural in NATURALS:
            if natural.rank is first.rank or natural.suit is first.suit:
                pool += [
                    Hit(spread.number, WildCard(card, natural))
                    for card in designators
                    if card != natural
                ]
    for size in range(len(hand) + 1):
        pool += [LaySpread(subset) for subset in combinations(hand, size)]
    for suit_start in range(0, 52, 13):  # every book and short run of the pack
        suit = EVERY_CARD[suit_start : suit_start + 13]
        pool += [LaySpread(suit[low : low + 3]) for low in range(11)]
        pool += [LaySpread(suit[low : low + 4]) for low in range(10)]
        pool += [LaySpread((suit[11], suit[12], suit[0]))]  # V10: Q-K-A
        pool += [LaySpread((suit[12], suit[0], suit[1]))]  # never K-A-2
        pool += [LaySpread((suit[5], suit[6], suit[10]))]  # V1: 6-7-J
    for rank in range(13):
        book = EVERY_CARD[rank::13][:4]
        pool += [LaySpread(book), *map(LaySpread, combinations(book, 3))]
    pool += [LaySpread(cards) for cards in extra]
    pool += [LaySpread((card, card, card)) for card in hand]
    pool += [LaySpread((card, card, card, card)) for card in hand]
    pool += [LaySpread((*hand[:2], JOKER))]
    if state.phase is Phase.AFTER_DRAW:
        for action in tonk.legal_actions(state)[:20]:
            if isinstance(action, LaySpread):
                pool += _redesignated(action)
    return pool


# --- (a) invariants along random playouts -------------------------------------------


@given(playouts(rules=any_rules))
def test_invariants_hold_in_every_state_of_a_playout(playout: Playout) -> None:
    check_deal(playout.start)
    for state in playout.states:
        check_invariants(state)
        check_hand_sizes(state)
        for spread in state.spreads:
            check_spread(spread, state)
    memory = HandMemory(playout.players)
    for index, action in enumerate(playout.actions):
        check_step(playout.states[index], action, playout.states[index + 1], memory)


@given(playouts(rules=any_rules, max_actions=0))
def test_deals_follow_b4_and_b5(playout: Playout) -> None:
    state = playout.start
    check_deal(state)
    dealt = Counter(card for hand in state.hands for card in hand)
    rest = dealt + Counter(state.discard_pile) + Counter(state.stock)
    rest += Counter(state.widows)  # V46
    assert rest == deck(playout.rules, playout.players)
    assert len(state.widows) == (playout.players if playout.rules.widow else 0)
    assert state.exchanged == (False,) * len(state.widows)


@given(any_rules, st.data())
def test_the_deck_fits_the_table(table_rules: Rules, data: st.DataObject) -> None:
    # B1, V1-V3: 52 or 40 natural cards per pack, and the jokers; V2: two packs
    # from `two_packs_from` players on.
    naturals = 40 if table_rules.pack_kind is PackKind.FORTY else 52
    for players in range(2, min(table_rules.max_players, 8) + 1):
        pack = table_rules.pack(players=players)
        packs = 2 if players >= (table_rules.two_packs_from or 99) else 1
        assert len(pack) == naturals * packs + table_rules.jokers
        assert Counter(pack) == deck(table_rules, players)
        assert table_rules.packs_for(players) == packs
        if table_rules.pack_kind is PackKind.FORTY:
            assert not any(card.rank in (8, 9, 10) for card in pack)
        # B2: the deal fits every table up to max_players (V46: with a widow
        # for each seat).
        per_seat = table_rules.hand_size_for(players) + table_rules.widow  # X2
        needed = players * per_seat + int(table_rules.upcard)
        assert needed <= len(pack)
    players = data.draw(player_counts(table_rules), label="players")
    seed = data.draw(seeds, label="seed")
    state = tonk.new_game(table_rules, players=players, seed=seed)
    held = Counter(state.stock) + Counter(state.discard_pile) + Counter(state.widows)
    for hand in state.hands:
        held.update(hand)
    assert held == deck(table_rules, players)


@given(any_rules)
def test_max_players_is_the_largest_table_the_deal_fits(table_rules: Rules) -> None:
    # B2: any number of players that the deal allows (up to player_limit); V46:
    # the widow is one more card for each seat.
    largest = table_rules.max_players
    sizes = dict(table_rules.hand_size_by_players)  # X2
    for players in range(2, largest + 1):
        per_seat = sizes.get(players, table_rules.hand_size) + table_rules.widow
        needed = players * per_seat + int(table_rules.upcard)
        assert needed <= sum(deck(table_rules, players).values())
    over = largest + 1
    limit = table_rules.player_limit
    if limit is None or over <= limit:
        per_seat = sizes.get(over, table_rules.hand_size) + table_rules.widow
        needed = over * per_seat + int(table_rules.upcard)
        assert needed > sum(deck(table_rules, over).values()), largest
    else:
        assert largest == limit
    with pytest.raises(tonk.RulesError):
        tonk.new_game(table_rules, players=over, seed=0)


@given(rules(), st.data())
def test_rules_accept_exactly_the_deal_tonk_rows_a_dealt_hand_can_win(
    table_rules: Rules, data: st.DataObject
) -> None:
    # B5, V6, V11-V20: a row that no hand dealt at any table these rules allow
    # can win is refused; any other row is accepted (each table with its own
    # packs, V2, and hand size, X2).
    tables = range(2, table_rules.max_players + 1)
    counts = set().union(*(dealt_counts(table_rules, players) for players in tables))
    most = max(map(table_rules.hand_size_for, tables))
    ranked = table_rules.court_values is tonk.CourtValues.RANKED

    def accepted(row: DealTonk) -> bool:
        try:
            attrs.evolve(table_rules, deal_tonks=(row,))
        except tonk.RulesError:
            return False
        return True

    # Validation goes wrong at the edges of the counts, so draw near them often.
    low, high = min(counts), max(counts)
    edges = st.integers(max(0, low - 3), low + 3) | st.integers(high - 3, high + 15)
    total = data.draw(st.integers(0, high + 15) | edges, label="total")
    can_win = total in counts and not (ranked and total in (49, 50))
    assert accepted(DealTonk(totals={total})) is can_win, sorted(counts)
    at_most = data.draw(st.integers(0, high) | edges, label="at_most")
    assert accepted(DealTonk(at_most=at_most)) is (at_most >= low), sorted(counts)
    court_cards = data.draw(st.integers(1, most + 1), label="court")
    assert accepted(DealTonk(court_cards=court_cards)) is (court_cards <= most)


@given(any_rules, st.data())
def test_a_deck_is_dealt_one_card_at_a_time_from_the_dealers_left(
    table_rules: Rules, data: st.DataObject
) -> None:
    players = data.draw(player_counts(table_rules), label="players")
    dealer = data.draw(st.integers(0, players - 1), label="dealer")
    deck = data.draw(st.permutations(table_rules.pack(players=players)), label="deck")
    state = tonk.new_game(table_rules, players=players, deck=deck, dealer=dealer)
    dealt = players * table_rules.hand_size_for(players)  # X2
    for seat in range(players):
        first = (seat - dealer - 1) % players
        assert state.hands[seat] == tuple(sorted(deck[first:dealt:players]))
        if table_rules.widow:  # V46: one more card each, after the hands
            assert state.widows[seat] == deck[dealt + first]
    if table_rules.widow:
        dealt += players
    upcards = int(table_rules.upcard)
    assert state.discard_pile == tuple(deck[dealt : dealt + upcards])
    assert state.stock == tuple(deck[dealt + upcards :])
    check_deal(state)


@st.composite
def rules_with_deal_tonks(draw: st.DrawFn, *, late_claim: bool = False) -> Rules:
    """Any rules with at least one deal-tonk row; with ``late_claim``, one row
    (or more) is claimed before the holder's first turn (V19) or at its end
    (X13), perhaps after a spread (X13)."""
    table_rules = draw(rules())
    table = draw(deal_tonk_tables(table_rules, min_rows=1))
    if late_claim:
        late = draw(st.integers(0, len(table) - 1), label="late row")
        when = st.sampled_from(
            (DealTonkClaim.BEFORE_FIRST_TURN, DealTonkClaim.AFTER_FIRST_TURN)
        )
        claimed = attrs.evolve(
            table[late],
            claim=draw(when, label="claim"),
            after_spread=draw(st.booleans(), label="after spread"),
        )
        table = (*table[:late], claimed, *table[late + 1 :])
    return attrs.evolve(table_rules, deal_tonks=table)


@given(rules_with_deal_tonks(), st.data())
def test_a_dealt_hand_wins_only_under_a_row_it_satisfies(
    table_rules: Rules, data: st.DataObject
) -> None:
    players = data.draw(player_counts(table_rules), label="players")
    first_seed = data.draw(seeds, label="first seed")
    for seed in range(first_seed, first_seed + 25):
        dealer = seed % players
        state = tonk.new_game(table_rules, players=players, seed=seed, dealer=dealer)
        check_deal(state)
        claims = deal_claims(state.hands, table_rules, dealer)
        outcome = state.outcome
        if outcome is None:
            # Nobody holds a hand that wins at the deal.
            assert claims == []
            continue
        event(f"deal tonk: {outcome.kind}, {table_rules.deal_tonk_clash}")
        claimants = [seat for seat, _, _ in claims]
        assert claimants, outcome
        assert set(outcome.winners) <= set(claimants)
        for seat in outcome.winners:
            assert any(
                row.claim is DealTonkClaim.AT_DEAL
                and wins(row, state.hands[seat], table_rules)
                for row in table_rules.deal_tonks
            )
        clash = table_rules.deal_tonk_clash
        if outcome.kind is OutcomeKind.VOID_DEAL:
            assert len(claims) > 1
            assert clash is not DealTonkClash.ALL_PAID
            assert outcome.payoffs == (0,) * players
        elif clash is DealTonkClash.ALL_PAID:
            assert set(outcome.winners) == set(claimants)
        else:
            # One winner, or (X15) the holders of equal best hands sharing.
            strength = {
                claim[0]: deal_strength(claim, state.hands, table_rules)
                for claim in claims
            }
            if len(outcome.winners) > 1:
                assert clash is DealTonkClash.BEST_HAND
                assert {strength[seat] for seat in outcome.winners} == {
                    min(strength.values())
                }
                tied = [s for s in claimants if strength[s] == min(strength.values())]
                assert sorted(outcome.winners) == sorted(tied)
            else:
                (winner,) = outcome.winners
                if clash is DealTonkClash.VOID:
                    assert claimants == [winner]
                assert strength[winner] == min(strength.values())
                tied = [s for s in claimants if strength[s] == strength[winner]]
                assert tied[0] == winner  # the nearest the dealer's left


def test_a_forced_knock_leaves_no_deal_tonk_to_claim() -> None:
    # CI's profile found this deal: 5 seats of 7 cards and a widow, and the
    # upcard, take all 41 cards, so the stock is empty at the first turn. Seat 1
    # holds a 57 that its row would let it claim, but under the forced knock
    # (V29) a drop is the only action, as the rules' pages say.
    rules = Rules(
        pack_kind=PackKind.FORTY,
        jokers=1,
        hand_size=7,
        widow=True,
        stock_end=tonk.StockEnd.FORCED_KNOCK,
        deal_tonks=(DealTonk(at_most=57, claim=DealTonkClaim.BEFORE_FIRST_TURN),),
    )
    state = tonk.new_game(rules, players=5, seed=0)
    assert not state.stock
    assert tonk.hand_count(state.hands[state.to_move], rules) == 57
    assert tonk.legal_actions(state) == (Drop(),)
    assert not can_claim(state)


@given(rules_with_deal_tonks(late_claim=True) | presets(), seeds)
def test_a_deal_tonk_is_claimed_only_before_the_holders_first_turn(
    table_rules: Rules, seed: int
) -> None:
    # V19: every player in turn may claim at the start of their first turn while
    # nobody has spread; the first to do so ends the hand.
    rng = random.Random(seed)
    players = rng.randint(2, min(6, table_rules.max_players))
    state = tonk.new_game(table_rules, players=players, seed=seed)
    memory = HandMemory(players)
    while not state.is_terminal:
        legal = tonk.legal_actions(state)
        claimable = can_claim(state)
        assert (ClaimDealTonk() in legal) is claimable
        if claimable:
            event("a deal tonk can be claimed")
        if claimable and rng.random() < 0.5:
            action: Action = ClaimDealTonk()
        else:
            options = [a for a in legal if not isinstance(a, Drop | ClaimDealTonk)]
            action = rng.choice(options or list(legal))
        after = tonk.apply(state, action)
        check_step(state, action, after, memory)
        state = after


# --- (b) settlements --------------------------------------------------------------


@given(playouts(rules=any_rules), seeds, st.booleans())
def test_payoffs_sum_to_zero_and_are_the_net_of_the_transfers(
    playout: Playout, policy_seed: int, drops: bool
) -> None:
    final = playout.final
    for final in finish(playout.final, random.Random(policy_seed), drops=drops):
        check_invariants(final)
    assert final.outcome is not None
    note(f"finished with {final.outcome!r}")
    check_payoffs(final.outcome, final.player_count)
    check_invariants(final)


@given(playouts(rules=any_rules), seeds, st.booleans())
def test_the_end_of_a_finished_hand_is_settled_by_the_rules(
    playout: Playout, policy_seed: int, drops: bool
) -> None:
    rng = random.Random(policy_seed)
    memory = HandMemory.of(playout)
    before = playout.final
    while not before.is_terminal:
        options = tonk.legal_actions(before)
        if not drops and len(options) > 1:
            options = tuple(a for a in options if not isinstance(a, Drop)) or options
        action = rng.choice(options)
        after = tonk.apply(before, action)
        check_step(before, action, after, memory)
        before = after


_FACTS = ("first_turn", "hit_this_turn", "hit_this_hand", "spread_before")
_OUT_REASONS = (tonk.TransferReason.TONK_OUT, tonk.TransferReason.OUT_BY_DISCARD)


def probe_tables(
    way: OutWay, facts: dict[str, bool | int]
) -> list[tuple[tuple[tonk.OutPay, ...], int]]:
    """Going-out tables that each ask one fact, with what each must pay."""
    last = tonk.OutPay(pays=1)
    probes: list[tuple[tuple[tonk.OutPay, ...], int]] = [
        ((tonk.OutPay(pays=3, by={way}), last), 3)
    ]
    for other in set(OutWay) - {way}:
        probes.append(((tonk.OutPay(pays=3, by={other}), last), 1))
    for name in _FACTS:
        for value in (True, False):
            row = tonk.OutPay(pays=3, **{name: value})
            probes.append(((row, last), 3 if facts[name] == value else 1))
    for spreads in (1, 2, 3):
        row = tonk.OutPay(pays=3, spreads_this_turn=spreads)
        probes.append(((row, last), 3 if facts["spreads_this_turn"] >= spreads else 1))
    return probes


@given(playouts(rules=any_rules), seeds)
def test_going_out_is_paid_by_the_facts_of_the_hand(
    playout: Playout, policy_seed: int
) -> None:
    # B11, V31-V34: play on, melds first, until the hand ends; if it ends by
    # going out, the same last action under tables that each ask one fact
    # (how the last card left, the first turn, spreads and hits this turn, a
    # hit this hand, a spread before) pays as the facts the model remembers.
    rng = random.Random(policy_seed)
    memory = HandMemory.of(playout)
    state = playout.final
    while not state.is_terminal:
        options = tonk.legal_actions(state)
        patient: list[Action] = [
            a for a in options if not isinstance(a, Drop | ClaimDealTonk)
        ]
        patient = patient or list(options)
        melds = [a for a in patient if isinstance(a, LaySpread | Hit | Slap)]
        action = rng.choice(melds or patient)
        after = tonk.apply(state, action)
        outcome = after.outcome
        if outcome is not None and outcome.kind in (
            OutcomeKind.TONK_OUT,
            OutcomeKind.OUT_BY_DISCARD,
        ):
            way, facts = memory.out_facts(state, action)
            event(f"went out by {way.value}")
            for table, pays in probe_tables(way, facts):
                probed = attrs.evolve(state.rules, going_out=table)
                settled = tonk.apply(attrs.evolve(state, rules=probed), action).outcome
                assert settled is not None
                amounts = {
                    t.amount for t in settled.transfers if t.reason in _OUT_REASONS
                }
                assert amounts == {pays}, (table, way, facts)
        memory.record(state, action)
        state = after


def test_the_settlement_model_reproduces_b13s_example() -> None:
    # D drops on 10; A has 5, B 8, C 20 -> A +4, B +1, C -1, D -4.
    assert drop_payoffs([5, 8, 20, 10], dropper=3) == [4, 1, -1, -4]


def test_the_settlement_model_reproduces_v35_3s_example() -> None:
    # D drops on 10; A has 5, B 8, C 20 -> A +4, B 0, C -1, D -3.
    assert drop_payoffs([5, 8, 20, 10], 3, Catch.SINGLE) == [4, 0, -1, -3]


# Small counts, so that ties (B13's "equal or lower", B14's tie options) are common.
table_counts = st.lists(st.integers(0, 6), min_size=2, max_size=6)


@given(table_counts, st.data())
def test_drops_are_settled_by_b13(counts: list[int], data: st.DataObject) -> None:
    dropper = data.draw(st.integers(0, len(counts) - 1), label="dropper")
    outcome = tonk.scoring.settle_drop(counts, dropper)
    check_payoffs(outcome, len(counts))
    assert list(outcome.payoffs) == drop_payoffs(counts, dropper)
    assert outcome.dropper == dropper
    assert outcome.counts == tuple(counts)


@given(table_counts, rules(), st.data())
def test_drops_are_settled_by_any_catch(
    counts: list[int], table_rules: Rules, data: st.DataObject
) -> None:
    # B13, V35-V38: every catch the rules strategy draws, named or random.
    players = len(counts)
    dropper = data.draw(st.integers(0, players - 1), label="dropper")
    dealer = data.draw(st.integers(0, players - 1), label="dealer")
    catch, bonus = table_rules.catch, table_rules.drop_bonus
    outcome = tonk.scoring.settle_drop(
        counts, dropper, catch=catch, dealer=dealer, bonus=bonus
    )
    check_payoffs(outcome, players)
    assert list(outcome.payoffs) == drop_payoffs(counts, dropper, catch, dealer, bonus)
    assert sorted(outcome.winners) == drop_winners(counts, dropper, catch, dealer)
    assert outcome.dropper == dropper


@given(
    table_counts,
    st.sampled_from(ExhaustionTie),
    st.sampled_from([OutcomeKind.STOCK_EXHAUSTED, OutcomeKind.TURN_LIMIT]),
)
def test_showdowns_are_settled_by_b14(
    counts: list[int], tie: ExhaustionTie, kind: OutcomeKind
) -> None:
    outcome = tonk.scoring.settle_showdown(counts, kind, tie)
    check_payoffs(outcome, len(counts))
    assert outcome.kind is kind
    assert list(outcome.payoffs) == showdown_payoffs(counts, tie)
    assert outcome.counts == tuple(counts)


# --- (c) apply is pure and deterministic ------------------------------------------


@given(playouts(rules=any_rules))
def test_apply_is_pure_and_deterministic(playout: Playout) -> None:
    state = playout.final
    twin = Playout.replay(
        playout.rules,
        players=playout.players,
        seed=playout.seed,
        dealer=playout.dealer,
        actions=playout.actions,
    ).final
    assert twin is not state
    snapshot = copy.deepcopy(state)
    assert snapshot == state
    for action in tonk.legal_actions(state):
        first = tonk.apply(state, action)
        second = tonk.apply(state, action)
        third = tonk.apply(twin, action)
        assert first == second == third
        assert hash(first) == hash(second) == hash(third)
        assert state == snapshot == twin
        tonk.check(state, action)
        assert state == snapshot


# --- (d), (e) is_legal and IllegalActionError -------------------------------------

wild_designations = (
    st.tuples(st.sampled_from(EVERY_CARD), st.sampled_from(NATURALS))
    .filter(lambda pair: pair[0] != pair[1])
    .map(lambda pair: WildCard(*pair))
)
elements = st.sampled_from(EVERY_CARD) | wild_designations
extra_spreads = st.lists(st.lists(elements, max_size=6), max_size=4)


@given(playouts(rules=any_rules), st.data(), extra_spreads)
def test_is_legal_agrees_with_legal_actions(
    playout: Playout, data: st.DataObject, extra: list[list[Card | WildCard]]
) -> None:
    state = data.draw(st.sampled_from(playout.states), label="state")
    legal = set(tonk.legal_actions(state))
    for action in [*legal, *candidate_actions(state, extra)]:
        expected = action in legal
        assert tonk.is_legal(state, action) is expected, action
        defects = brute_force_defects(state, action)
        assert (not defects) is expected, (action, defects)


@given(playouts(rules=any_rules), st.data(), extra_spreads)
def test_every_illegal_action_raises_and_changes_nothing(
    playout: Playout, data: st.DataObject, extra: list[list[Card | WildCard]]
) -> None:
    state = data.draw(st.sampled_from(playout.states), label="state")
    snapshot = copy.deepcopy(state)
    legal = set(tonk.legal_actions(state))
    for action in candidate_actions(state, extra):
        if action in legal:
            continue
        refused = refusal(tonk.apply, state, action)
        reason = refused.reason
        assert isinstance(reason, IllegalReason)
        assert reason in brute_force_defects(state, action), (action, reason)
        assert refused.action == action
        assert refusal(tonk.check, state, action).reason is reason
    # A state is immutable, so a change by any refusal would still show here.
    assert state == snapshot


def refusal(
    call: Callable[[GameState, Action], object], state: GameState, action: Action
) -> IllegalActionError:
    """Return the error ``call(state, action)`` raises; fail if it raises none.

    The try statement of ``pytest.raises``, without its bookkeeping: the
    property above makes hundreds of thousands of refusals under CI's profile.
    """
    try:
        call(state, action)
    except IllegalActionError as error:
        return error
    pytest.fail(f"{call.__name__}({action!r}) was accepted")


@given(game_states(rules=any_rules))
def test_a_non_action_is_a_type_error(state: GameState) -> None:
    for thing in ("drop", None, Card.parse("AS"), (Drop(),)):
        with pytest.raises(TypeError):
            tonk.apply(state, thing)  # type: ignore[arg-type]


# --- (f) legal_actions against the brute-force generator --------------------------


def _order_key(action: Action) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """The documented order of legal_actions: a claim, drop, draws, widow
    exchanges by card; spreads by their cards; hits by spread number, then
    card; discards by card."""
    if isinstance(action, ClaimDealTonk):
        return (0, (), ())
    if isinstance(action, Drop):
        return (1, (), ())
    if isinstance(action, DrawStock):
        return (2, (), ())
    if isinstance(action, DrawDiscard):
        return (3, (), ())
    if isinstance(action, Exchange):  # V46: after the draws, by card
        return (4, (action.card.code,), ())
    if isinstance(action, LaySpread):
        physical = tuple(card.code for card in action.physical)
        return (5, physical, tuple(card.code for card in action.represented))
    if isinstance(action, Hit):
        return (6, (action.spread, _split(action.card)[0].code), ())
    if isinstance(action, Slap):  # V26: slaps by spread number, then pass
        return (8, (action.spread,), ())
    if isinstance(action, Eat):  # X5: eat, then pass
        return (8, (), ())
    if isinstance(action, Pass):
        return (9, (), ())
    if isinstance(action, Tunk):  # H5: after the discards
        return (10, (), ())
    return (7, (action.card.code,), ())


@given(playouts(rules=any_rules))
def test_legal_actions_are_distinct_and_in_order(playout: Playout) -> None:
    for state in playout.states:
        actions = tonk.legal_actions(state)
        assert len(set(actions)) == len(actions), f"duplicates in {actions}"
        assert tonk.legal_actions(state) == actions
        assert list(actions) == sorted(actions, key=_order_key)


@given(playouts(rules=any_rules))
def test_legal_actions_match_the_brute_force_generator(playout: Playout) -> None:
    for state in playout.states:
        if is_tractable(state):  # see brute_force.MAX_CROSS_CHECK_*
            actions = set(tonk.legal_actions(state))
            assert actions == brute_force_legal_actions(state), state


@st.composite
def crowded_turns(draw: st.DrawFn) -> GameState:
    """A turn after the draw, in a hand of few ranks and suits, wilds and jokers.

    Random deals rarely hold many spreads, several wilds or plain jokers at once.
    Here, under any rules with 0-4 jokers (any number equally often), hands of
    at most five cards and no deal tonks, the player to move (seat 1) is dealt
    up to three wild cards, plain jokers, and cards of one or two ranks and one
    or two suits, and draws one more. Half the time the wilds and jokers are as
    many as can be.
    """
    drawn_rules = draw(rules())
    jokers = draw(st.sampled_from(range(int(drawn_rules.wilds is Wilds.JOKERS), 5)))
    table_rules = attrs.evolve(
        drawn_rules,
        jokers=jokers,
        joker_value=drawn_rules.joker_value if jokers else 0,
        hand_size=min(drawn_rules.hand_size, 5),
        deal_tonks=(),
        widow=False,  # stack_deck deals no widows
    )
    pack = table_rules.pack(players=2)
    ranks = draw(st.sets(st.sampled_from(range(1, 14)), max_size=2), label="ranks")
    suits = draw(st.sets(st.sampled_from(tonk.Suit), min_size=1, max_size=2))
    wild_cards = [card for card in pack if is_wild(card, table_rules)]
    plain_jokers = [card for card in pack if card == JOKER and card not in wild_cards]
    others = [
        card
        for card in pack
        if card != JOKER
        and not is_wild(card, table_rules)
        and (card.rank in ranks or card.suit in suits)
    ]
    dealt = table_rules.hand_size_for(2)  # X2
    size = dealt + 1
    crowded = draw(st.booleans(), label="crowded")
    most = min(3, len(wild_cards))
    wild_count = most if crowded else draw(st.sampled_from(range(most + 1)))
    most = min(len(plain_jokers), size - wild_count)
    joker_count = most if crowded else draw(st.sampled_from(range(most + 1)))
    needed = size - wild_count - joker_count
    if draw(st.booleans(), label="in a row"):  # often a run, in the pack's order
        start = draw(st.integers(0, len(others) - needed), label="from")
        picks = list(range(start, start + needed))
    else:
        indices = st.integers(0, len(others) - 1)
        picks = draw(
            st.lists(indices, min_size=needed, max_size=needed, unique=True),
            label="others",
        )
    wild_picks = draw(st.permutations(wild_cards), label="wild cards")
    chosen = [
        *wild_picks[:wild_count],
        *plain_jokers[:joker_count],
        *(others[index] for index in picks),
    ]
    *hand, drawn = draw(st.permutations(chosen))
    rest = sorted((Counter(pack) - Counter(chosen)).elements())
    deck = tonk.testing.stack_deck(
        table_rules, hands=[rest[:dealt], hand], stock=[drawn]
    )
    state = tonk.new_game(table_rules, players=2, deck=deck)
    return tonk.apply(state, DrawStock())


def _spread_texts(actions: Iterable[Action]) -> list[str]:
    return sorted(
        tonk.format_action(action)
        for action in actions
        if isinstance(action, LaySpread)
    )


@given(crowded_turns(), seeds)
def test_legal_actions_match_the_brute_force_generator_on_crowded_hands(
    state: GameState, policy_seed: int
) -> None:
    rng = random.Random(policy_seed)
    memory = HandMemory(state.player_count)
    memory.turns[state.to_move] = 1  # seat 1 has drawn on its first turn
    while not state.is_terminal and state.phase is Phase.AFTER_DRAW:
        actions = tonk.legal_actions(state)
        expected = brute_force_legal_actions(state)
        assert set(actions) == expected, state
        # Equal spreads may pair their wilds differently: the engine's notation
        # must use the canonical pairing the brute force builds.
        assert _spread_texts(actions) == _spread_texts(expected), state
        melds = [a for a in actions if isinstance(a, LaySpread | Hit)]
        action = rng.choice(melds or actions)
        after = tonk.apply(state, action)
        check_step(state, action, after, memory)
        check_invariants(after)
        state = after


@given(playouts(rules=any_rules))
def test_legal_actions_do_not_depend_on_how_the_state_was_built(
    playout: Playout,
) -> None:
    twin = Playout.replay(
        playout.rules,
        players=playout.players,
        seed=playout.seed,
        dealer=playout.dealer,
        actions=playout.actions,
    )
    for state, other in zip(playout.states, twin.states, strict=True):
        assert tonk.legal_actions(state) == tonk.legal_actions(other)
        assert tonk.legal_actions(copy.deepcopy(state)) == tonk.legal_actions(state)


# --- (g) termination ---------------------------------------------------------------


@given(any_rules, st.data(), seeds, st.sampled_from(["uniform", "no_drops", "hoard"]))
def test_every_hand_ends_within_a_bound(
    table_rules: Rules, data: st.DataObject, policy_seed: int, policy: str
) -> None:
    players = data.draw(player_counts(table_rules), label="players")
    seed = data.draw(seeds, label="seed")
    dealer = data.draw(st.integers(0, players - 1), label="dealer")
    state = tonk.new_game(table_rules, players=players, seed=seed, dealer=dealer)
    limit = table_rules.max_turns
    if limit is None:
        # B15: unbounded hands are the caller's problem; random play still ends
        # them (the stock runs out), so bound the loop generously.
        bound = 100_000
        if policy == "hoard":
            policy = "no_drops"
    else:
        # Each completed turn is a draw, at most hand_size spreads and hits (each
        # lays at least one card and the discard needs one), and a discard; the
        # hand ends when `limit` turns are completed.
        # A V26 slap-in window adds at most a pass per seat, a slap and an extra
        # discard.
        # H6: a tunk in the last turn allowed still gives each other seat a turn.
        last_turns = players - 1 if table_rules.last_turns else 0
        bound = (table_rules.hand_size_for(players) + 4 + players) * (
            limit + last_turns
        )
    rng = random.Random(policy_seed)
    played = passes = 0
    taken: Card | None = None
    hoarded = True  # every hoarding move was legal (V21, V24d, V26 may forbid it)
    while not state.is_terminal:
        assert played < bound, f"no end after {played} actions"
        options = tonk.legal_actions(state)
        enders = (Drop, ClaimDealTonk)
        patient: list[Action] = [a for a in options if not isinstance(a, enders)]
        patient = patient or list(options)
        if policy == "hoard":  # take a card and throw it back, forever (B15)
            if state.phase is Phase.TURN_START:
                # V8: with no upcard the first player must draw from the stock.
                action: Action = DrawDiscard() if state.discard_pile else DrawStock()
                taken = state.top_discard or (state.stock[0] if state.stock else None)
            else:
                action = Discard(taken) if taken is not None else Pass()
            if action not in options:
                hoarded = False
                action = rng.choice(patient)
        elif policy == "no_drops":
            action = rng.choice(patient)
        else:
            action = rng.choice(options)
        state = tonk.apply(state, action)
        played += 1
        passes += isinstance(action, Pass)  # V26/X5 windows ask every seat
    assert state.outcome is not None
    assert all(wait >= 0 for wait in state.waits)
    if limit is not None:
        assert state.turns_taken <= limit + last_turns
        if state.outcome.kind is OutcomeKind.TURN_LIMIT:
            assert state.turns_taken == limit
        # X13: a row won at the end of a first turn ends the hand, hoard or not.
        late = any(
            row.claim is DealTonkClaim.AFTER_FIRST_TURN
            for row in table_rules.deal_tonks
        )
        if policy == "hoard" and played and hoarded and not late:
            assert state.outcome.kind is OutcomeKind.TURN_LIMIT
            assert played - passes == 2 * limit


# --- (h) notation round trips ------------------------------------------------------


def test_every_card_round_trips_through_its_notation() -> None:
    for card in EVERY_CARD:
        assert Card.parse(str(card)) == card
        assert Card.parse(str(card).lower()) == card
        assert eval(repr(card), {"Card": Card}) == card


@given(
    any_rules.flatmap(
        lambda table_rules: st.tuples(st.just(table_rules), cards(table_rules))
    )
)
def test_cards_of_a_pack_round_trip(drawn: tuple[Rules, Card]) -> None:
    table_rules, card = drawn
    assert Card.parse(str(card)) == card
    assert card in deck(table_rules, table_rules.max_players)


@given(playouts(rules=any_rules))
def test_actions_round_trip_through_their_notation(playout: Playout) -> None:
    for state in playout.states:
        legal = tonk.legal_actions(state)
        for action in legal:
            text = tonk.format_action(action)
            assert tonk.parse_action(state, text) == action
            assert tonk.parse_action(state, text.lower()) == action
            assert tonk.parse_action(state, f"  {text.upper()} ") == action
            if isinstance(action, Hit):
                fitting = [
                    a for a in legal if isinstance(a, Hit) and a.card == action.card
                ]
                if len(fitting) == 1:
                    assert tonk.parse_action(state, f"hit {action.card}") == action
        for card in EVERY_CARD:
            for other in (Discard(card), Hit(99, card)):
                assert tonk.parse_action(state, tonk.format_action(other)) == other


# --- (i) equality and hashing ------------------------------------------------------


@given(playouts(rules=any_rules))
def test_equal_states_have_equal_hashes(playout: Playout) -> None:
    twin = Playout.replay(
        playout.rules,
        players=playout.players,
        seed=playout.seed,
        dealer=playout.dealer,
        actions=playout.actions,
    )
    assert twin == playout
    assert hash(twin) == hash(playout)
    for state, other in zip(playout.states, twin.states, strict=True):
        assert state == other
        assert hash(state) == hash(other)
        duplicate = copy.deepcopy(state)
        assert duplicate == state
        assert hash(duplicate) == hash(state)
    by_state = {state: index for index, state in enumerate(playout.states)}
    for index, state in enumerate(twin.states):
        assert playout.states[by_state[state]] == state
        assert by_state[state] >= index


@given(any_rules, st.data())
def test_the_same_seed_deals_the_same_hand(
    table_rules: Rules, data: st.DataObject
) -> None:
    players = data.draw(player_counts(table_rules), label="players")
    seed = data.draw(seeds, label="seed")
    dealer = data.draw(st.integers(0, players - 1), label="dealer")
    first = tonk.new_game(table_rules, players=players, seed=seed, dealer=dealer)
    second = tonk.new_game(table_rules, players=players, seed=seed, dealer=dealer)
    assert first == second
    assert hash(first) == hash(second)
    options = {
        field.name: getattr(table_rules, field.name)
        for field in attrs.fields(Rules)
        if field.init
    }
    rebuilt = Rules(**options)
    assert rebuilt == table_rules
    assert hash(rebuilt) == hash(table_rules)
    third = tonk.new_game(rebuilt, players=players, seed=seed, dealer=dealer)
    assert third == first
    assert hash(third) == hash(first)


# --- the strategies themselves ------------------------------------------------------


@given(rules())
def test_rules_strategy_gives_valid_rules(table_rules: Rules) -> None:
    assert table_rules.two_packs_from is None or 2 <= table_rules.two_packs_from <= 6
    assert 0 <= table_rules.jokers <= 4
    if table_rules.wilds is Wilds.JOKERS:
        assert table_rules.jokers >= 1
    assert 0 <= table_rules.joker_value <= 25
    if table_rules.jokers == 0:
        assert table_rules.joker_value == 0
    assert 3 <= table_rules.hand_size <= 7
    for players, size in table_rules.hand_size_by_players:  # X2
        assert 2 <= players <= table_rules.max_players
        assert 3 <= size <= 7
    assert table_rules.player_limit is None or 2 <= table_rules.player_limit <= 6
    assert table_rules.max_players >= 2
    assert table_rules.max_turns is None or 1 <= table_rules.max_turns <= 300
    assert len(table_rules.deal_tonks) <= 3
    for row in table_rules.deal_tonks:
        assert 1 <= row.pays <= 3
        if table_rules.court_values is tonk.CourtValues.RANKED:
            assert not row.totals & {49, 50}  # V6
    table = table_rules.going_out
    presets_tables = [tonk.presets.get(name).going_out for name in tonk.presets.names()]
    if table not in presets_tables:
        for out_row in table:
            assert 1 <= out_row.pays <= 4
            assert 0 <= out_row.spreads_this_turn <= 2
    catch = table_rules.catch
    named = [value for value in vars(Catch).values() if isinstance(value, Catch)]
    assert len(named) == 10
    amounts = (
        catch.to_catchers,
        catch.to_lowest,
        catch.to_others,
        catch.lowest_from_others,
    )
    for amount in amounts if catch not in named else ():
        if isinstance(amount, PerPlayer):
            assert amount.times in (1, 2)
        else:
            assert 0 <= amount <= 3
    assert table_rules.match_target is None or 1 <= table_rules.match_target <= 200
    assert table_rules.match_deals is None or 1 <= table_rules.match_deals <= 20
    assert 0 <= table_rules.big_one_deals <= 3
    assert 0 <= table_rules.suit_bet <= 3
    assert 0 <= table_rules.naturals_bet <= 3
    assert table_rules == copy.deepcopy(table_rules)


@given(rules())
def test_rules_strategy_pays_every_way_of_going_out(table_rules: Rules) -> None:
    # B11: whatever the table, a row without conditions pays each way.
    for way in OutWay:
        assert any(
            way in row.by and row == tonk.OutPay(pays=row.pays, by=row.by)
            for row in table_rules.going_out
        )


@given(
    rules().flatmap(
        lambda table_rules: st.tuples(
            st.just(table_rules), deal_tonk_tables(table_rules)
        )
    )
)
def test_deal_tonk_tables_build_rules(
    drawn: tuple[Rules, tuple[DealTonk, ...]],
) -> None:
    table_rules, table = drawn
    assert attrs.evolve(table_rules, deal_tonks=table).deal_tonks == table


@given(deal_tonk_tables())
def test_deal_tonk_tables_default_to_the_base_game(
    table: tuple[DealTonk, ...],
) -> None:
    assert Rules(deal_tonks=table).deal_tonks == table


@given(presets())
def test_presets_strategy_gives_named_presets(table_rules: Rules) -> None:
    assert any(tonk.presets.get(name) == table_rules for name in tonk.presets.names())


@given(st.data(), st.integers(2, 6), st.integers(0, 30))
def test_playouts_respect_their_arguments(
    data: st.DataObject, players: int, max_actions: int
) -> None:
    table_rules = Rules(max_turns=7)
    playout = data.draw(
        playouts(rules=table_rules, players=players, max_actions=max_actions)
    )
    assert playout.rules == table_rules
    assert playout.players == players
    assert len(playout.actions) <= max_actions
    assert len(playout.states) == len(playout.actions) + 1
    assert all(state.player_count == players for state in playout.states)
    assert not any(state.is_terminal for state in playout.states[:-1])
    state = data.draw(game_states(rules=table_rules, players=st.just(players)))
    assert state.player_count == players


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"max_actions": -1}, "max_actions"),
        ({"rules": Rules(), "players": 11}, "players must be 2..10"),
        ({"players": "two"}, "players must be"),
        ({"players": 1}, "players must be at least 2"),
        ({"max_actions": True}, "max_actions"),
        ({"rules": "pagat"}, "rules must be"),
    ],
)
def test_playouts_reject_bad_arguments(
    arguments: dict[str, object], message: str
) -> None:
    from hypothesis.errors import InvalidArgument

    with pytest.raises(InvalidArgument, match=message):
        playouts(**arguments)  # type: ignore[arg-type]
