"""Properties of every reachable state, over random seeds, tables, rules and play.

States come from :mod:`tonk.testing.strategies`: a seeded deal, then random legal
actions. ``brute_force.py`` is an independent model of legality written from
RULES.md; the settlement model below is written from B5, B11, B13 and B14.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

import pytest
from brute_force import (
    brute_force_defects,
    brute_force_legal_actions,
    is_book,
    rank_and_suit,
)
from hypothesis import given, note
from hypothesis import strategies as st

import tonk
import tonk.scoring
from tonk import (
    Action,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    ExhaustionTie,
    GameState,
    Hit,
    IllegalActionError,
    IllegalReason,
    LaySpread,
    OutcomeKind,
    Phase,
    Rules,
    Spread,
    SpreadKind,
)
from tonk.testing import check_invariants
from tonk.testing.strategies import (
    Playout,
    cards,
    deal_tonk_tables,
    game_states,
    player_counts,
    playouts,
    rules,
)

JOKER = Card.parse("JK")
EVERY_CARD: tuple[Card, ...] = (*Rules().pack(), JOKER)
"""Every distinct card, including one that no pack of the base game holds."""

seeds = st.integers(0, 2**32 - 1)


# --- independent models ------------------------------------------------------------


def count(hand: Sequence[Card]) -> int:
    """B1, B12: A=1, 2-10 face value, J/Q/K=10."""
    total = 0
    for card in hand:
        parts = rank_and_suit(card)
        assert parts is not None, f"a joker in a base-game hand: {hand}"
        total += min(parts[0], 10)
    return total


def _zeros(players: int) -> list[Fraction]:
    return [Fraction(0)] * players


def deal_payoffs(state: GameState) -> list[Fraction]:
    """B5: a single winning dealt hand is paid by every other player; several void."""
    players = state.player_count
    payoffs = _zeros(players)
    claims = []
    for seat, hand in enumerate(state.hands):
        for row in state.rules.deal_tonks:
            if count(hand) in row.totals:
                claims.append((seat, row.pays))
                break
    if len(claims) == 1:
        ((winner, pays),) = claims
        for seat in range(players):
            if seat != winner:
                payoffs[seat] -= pays
                payoffs[winner] += pays
    return payoffs


def out_payoffs(players: int, winner: int, stake: int) -> list[Fraction]:
    """B11: every other player pays the winner ``stake``."""
    payoffs = _zeros(players)
    for seat in range(players):
        if seat != winner:
            payoffs[seat] -= stake
            payoffs[winner] += stake
    return payoffs


def drop_payoffs(counts: Sequence[int], dropper: int) -> list[Fraction]:
    """B13, including its worked example."""
    players = len(counts)
    payoffs = _zeros(players)
    others = [seat for seat in range(players) if seat != dropper]
    if all(counts[seat] > counts[dropper] for seat in others):
        return out_payoffs(players, dropper, 1)
    for seat in others:
        if counts[seat] <= counts[dropper]:
            payoffs[dropper] -= 2
            payoffs[seat] += 2
    low = min(counts[seat] for seat in others)
    lowest = [seat for seat in others if counts[seat] == low]
    for payer in others:
        if payer not in lowest:
            for payee in lowest:
                payoffs[payer] -= 1
                payoffs[payee] += 1
    return payoffs


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
    for seat in outcome.winners:
        assert outcome.payoffs[seat] >= 0, outcome


def check_deal(state: GameState) -> None:
    """The deal (B4) and its deal tonks (B5)."""
    rules = state.rules
    assert state.turns_taken == 0
    assert state.spreads == ()
    assert state.to_move == (state.dealer + 1) % state.player_count
    assert all(len(hand) == rules.hand_size for hand in state.hands)
    assert len(state.discard_pile) == int(rules.upcard)
    expected = deal_payoffs(state)
    if state.outcome is None:
        assert expected == _zeros(state.player_count)
        assert not any(
            count(hand) in row.totals
            for hand in state.hands
            for row in rules.deal_tonks
        )
        return
    check_payoffs(state.outcome, state.player_count)
    assert state.outcome.kind in (OutcomeKind.DEAL_TONK, OutcomeKind.VOID_DEAL)
    assert list(state.outcome.payoffs) == expected
    assert state.outcome.counts == tuple(count(hand) for hand in state.hands)


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


def check_step(before: GameState, action: Action, after: GameState) -> None:
    """The state ``action`` leads to, and its settlement, follow B7-B15."""
    mover = before.to_move
    players = before.player_count
    counts = [count(hand) for hand in after.hands]
    assert after.rules == before.rules
    assert after.dealer == before.dealer
    assert after.player_count == players
    if not isinstance(action, Discard):
        assert after.turns_taken == before.turns_taken
    hand = before.hands[mover]
    outcome = after.outcome
    expected_payoffs: list[Fraction] | None = None
    if isinstance(action, Drop):
        assert after.hands == before.hands
        assert outcome is not None
        assert outcome.dropper == mover
        assert outcome.counts == tuple(counts)
        strictly_lowest = all(
            counts[seat] > counts[mover] for seat in range(players) if seat != mover
        )
        assert outcome.kind is (
            OutcomeKind.DROP_WON if strictly_lowest else OutcomeKind.CAUGHT
        )
        expected_payoffs = drop_payoffs(counts, mover)
    elif isinstance(action, DrawStock) and not before.stock:
        assert after.hands == before.hands
        assert outcome is not None
        assert outcome.kind is OutcomeKind.STOCK_EXHAUSTED
        expected_payoffs = showdown_payoffs(counts, before.rules.exhaustion_tie)
    elif isinstance(action, DrawStock | DrawDiscard):
        if isinstance(action, DrawStock):
            drawn = before.stock[0]
            assert after.stock == before.stock[1:]
            assert after.discard_pile == before.discard_pile
        else:
            drawn = before.discard_pile[-1]
            assert after.stock == before.stock
            assert after.discard_pile == before.discard_pile[:-1]
        assert outcome is None
        assert after.phase is Phase.AFTER_DRAW
        assert after.to_move == mover
        assert after.hands == _hands_with(before, mover, (*hand, drawn))
        assert after.spreads == before.spreads
    elif isinstance(action, LaySpread):
        kind = SpreadKind.BOOK if is_book(action.cards) else SpreadKind.RUN
        laid = Spread(
            number=len(before.spreads) + 1,
            owner=mover,
            kind=kind,
            cards=tuple(sorted(action.cards)),
        )
        assert after.spreads == (*before.spreads, laid)
        assert after.hands == _hands_with(before, mover, _removed(hand, action.cards))
        assert after.stock == before.stock
        assert after.discard_pile == before.discard_pile
    elif isinstance(action, Hit):
        old = before.spreads[action.spread - 1]
        new = Spread(
            number=old.number,
            owner=old.owner,
            kind=old.kind,
            cards=tuple(sorted((*old.cards, action.card))),
        )
        spreads = list(before.spreads)
        spreads[action.spread - 1] = new
        assert after.spreads == tuple(spreads)
        assert after.hands == _hands_with(before, mover, _removed(hand, [action.card]))
        assert after.stock == before.stock
        assert after.discard_pile == before.discard_pile
    else:
        assert after.discard_pile == (*before.discard_pile, action.card)
        assert after.hands == _hands_with(before, mover, _removed(hand, [action.card]))
        assert after.stock == before.stock
        assert after.spreads == before.spreads
        if not after.hands[mover]:
            assert outcome is not None
            assert outcome.kind is OutcomeKind.OUT_BY_DISCARD
            assert outcome.winners == (mover,)
            assert after.to_move == mover
            expected_payoffs = out_payoffs(players, mover, 1)
        else:
            assert after.turns_taken == before.turns_taken + 1
            limit = before.rules.max_turns
            if limit is not None and after.turns_taken >= limit:
                assert after.turns_taken == limit
                assert outcome is not None
                assert outcome.kind is OutcomeKind.TURN_LIMIT
                expected_payoffs = showdown_payoffs(counts, before.rules.exhaustion_tie)
            else:
                assert outcome is None
                assert after.phase is Phase.TURN_START
                assert after.to_move == (mover + 1) % players
    if isinstance(action, LaySpread | Hit):
        assert after.to_move == mover
        if after.hands[mover]:
            assert outcome is None
            assert after.phase is Phase.AFTER_DRAW
        else:
            assert outcome is not None
            assert outcome.kind is OutcomeKind.TONK_OUT
            assert outcome.winners == (mover,)
            expected_payoffs = out_payoffs(players, mover, 2)
    if expected_payoffs is None:
        assert outcome is None
        return
    assert outcome is not None
    check_payoffs(after.outcome, after.player_count)
    assert list(outcome.payoffs) == expected_payoffs, (outcome, counts)
    if outcome.kind in (OutcomeKind.STOCK_EXHAUSTED, OutcomeKind.TURN_LIMIT):
        assert outcome.counts == tuple(counts)


def check_hand_sizes(state: GameState) -> None:
    """B4, B7, B11: hands hold at most a dealt hand, plus the drawn card."""
    size = state.rules.hand_size
    for seat, hand in enumerate(state.hands):
        drawn = seat == state.to_move and state.phase is Phase.AFTER_DRAW
        assert len(hand) <= size + int(drawn), (seat, hand)
        if not state.is_terminal:
            assert hand, f"seat {seat} has an empty hand but the hand goes on"


def finish(state: GameState, rng: random.Random, *, drops: bool) -> list[GameState]:
    """Play ``state`` to the end at random; return the states after it."""
    limit = state.rules.max_turns
    bound = 100_000 if limit is None else (state.rules.hand_size + 2) * limit
    states: list[GameState] = []
    while not state.is_terminal:
        assert len(states) < bound, "the hand did not end"
        options = tonk.legal_actions(state)
        if not drops and len(options) > 1:
            options = tuple(a for a in options if not isinstance(a, Drop))
        state = tonk.apply(state, rng.choice(options))
        states.append(state)
    return states


def candidate_actions(
    state: GameState, extra: Sequence[Sequence[Card]] = ()
) -> list[Action]:
    """Legal and illegal actions: wrong phase, wrong cards, no such spread..."""
    hand = state.hands[state.to_move]
    numbers = [-1, 0, *range(1, len(state.spreads) + 2), 99]
    pool: list[Action] = [Drop(), DrawStock(), DrawDiscard()]
    pool += [Discard(card) for card in EVERY_CARD]
    pool += [Hit(number, card) for number in numbers for card in EVERY_CARD]
    for size in range(len(hand) + 1):
        pool += [LaySpread(subset) for subset in combinations(hand, size)]
    for suit_start in range(0, 52, 13):  # every book and short run of the pack
        suit = EVERY_CARD[suit_start : suit_start + 13]
        pool += [LaySpread(suit[low : low + 3]) for low in range(11)]
        pool += [LaySpread(suit[low : low + 4]) for low in range(10)]
    for rank in range(13):
        book = EVERY_CARD[rank::13][:4]
        pool += [LaySpread(book), *map(LaySpread, combinations(book, 3))]
    pool += [LaySpread(cards) for cards in extra]
    pool += [LaySpread((card, card, card)) for card in hand]
    pool += [LaySpread((*hand[:2], JOKER))]
    return pool


# --- (a) invariants along random playouts -------------------------------------------


@given(playouts())
def test_invariants_hold_in_every_state_of_a_playout(playout: Playout) -> None:
    check_deal(playout.start)
    for state in playout.states:
        check_invariants(state)
        check_hand_sizes(state)
    for index, action in enumerate(playout.actions):
        check_step(playout.states[index], action, playout.states[index + 1])


@given(playouts(max_actions=0))
def test_deals_follow_b4_and_b5(playout: Playout) -> None:
    state = playout.start
    check_deal(state)
    pack = Counter(playout.rules.pack())
    dealt = Counter(card for hand in state.hands for card in hand)
    assert dealt + Counter(state.discard_pile) + Counter(state.stock) == pack


@given(rules(), st.data())
def test_a_deck_is_dealt_one_card_at_a_time_from_the_dealers_left(
    table_rules: Rules, data: st.DataObject
) -> None:
    players = data.draw(player_counts(table_rules), label="players")
    dealer = data.draw(st.integers(0, players - 1), label="dealer")
    deck = data.draw(st.permutations(table_rules.pack()), label="deck")
    state = tonk.new_game(table_rules, players=players, deck=deck, dealer=dealer)
    dealt = players * table_rules.hand_size
    for seat in range(players):
        first = (seat - dealer - 1) % players
        assert state.hands[seat] == tuple(sorted(deck[first:dealt:players]))
    upcards = int(table_rules.upcard)
    assert state.discard_pile == tuple(deck[dealt : dealt + upcards])
    assert state.stock == tuple(deck[dealt + upcards :])
    check_deal(state)


# --- (b) settlements --------------------------------------------------------------


@given(playouts(), seeds, st.booleans())
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


@given(game_states(), seeds, st.booleans())
def test_the_end_of_a_finished_hand_is_settled_by_the_rules(
    state: GameState, policy_seed: int, drops: bool
) -> None:
    rng = random.Random(policy_seed)
    before = state
    while not before.is_terminal:
        options = tonk.legal_actions(before)
        if not drops and len(options) > 1:
            options = tuple(a for a in options if not isinstance(a, Drop))
        action = rng.choice(options)
        after = tonk.apply(before, action)
        check_step(before, action, after)
        before = after


def test_the_settlement_model_reproduces_b13s_example() -> None:
    # D drops on 10; A has 5, B 8, C 20 -> A +4, B +1, C -1, D -4.
    assert drop_payoffs([5, 8, 20, 10], dropper=3) == [4, 1, -1, -4]


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


@given(playouts())
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

extra_spreads = st.lists(st.lists(st.sampled_from(EVERY_CARD), max_size=6), max_size=4)


@given(playouts(), st.data(), extra_spreads)
def test_is_legal_agrees_with_legal_actions(
    playout: Playout, data: st.DataObject, extra: list[list[Card]]
) -> None:
    state = data.draw(st.sampled_from(playout.states), label="state")
    legal = set(tonk.legal_actions(state))
    for action in [*legal, *candidate_actions(state, extra)]:
        expected = action in legal
        assert tonk.is_legal(state, action) is expected, action
        defects = brute_force_defects(state, action)
        assert (not defects) is expected, (action, defects)


@given(playouts(), st.data(), extra_spreads)
def test_every_illegal_action_raises_and_changes_nothing(
    playout: Playout, data: st.DataObject, extra: list[list[Card]]
) -> None:
    state = data.draw(st.sampled_from(playout.states), label="state")
    snapshot = copy.deepcopy(state)
    legal = set(tonk.legal_actions(state))
    for action in candidate_actions(state, extra):
        if action in legal:
            continue
        with pytest.raises(IllegalActionError) as caught:
            tonk.apply(state, action)
        reason = caught.value.reason
        assert isinstance(reason, IllegalReason)
        assert reason in brute_force_defects(state, action), (action, reason)
        assert caught.value.action == action
        with pytest.raises(IllegalActionError) as checked:
            tonk.check(state, action)
        assert checked.value.reason is reason
        assert state == snapshot


@given(game_states())
def test_a_non_action_is_a_type_error(state: GameState) -> None:
    for thing in ("drop", None, Card.parse("AS"), (Drop(),)):
        with pytest.raises(TypeError):
            tonk.apply(state, thing)  # type: ignore[arg-type]


# --- (f) legal_actions against the brute-force generator --------------------------


def _order_key(action: Action) -> tuple[int, tuple[int, ...]]:
    """The documented order of legal_actions."""
    if isinstance(action, Drop):
        return (0, ())
    if isinstance(action, DrawStock):
        return (1, ())
    if isinstance(action, DrawDiscard):
        return (2, ())
    if isinstance(action, LaySpread):
        return (3, tuple(card.code for card in action.cards))
    if isinstance(action, Hit):
        return (4, (action.spread, action.card.code))
    return (5, (action.card.code,))


@given(playouts())
def test_legal_actions_match_the_brute_force_generator(playout: Playout) -> None:
    for state in playout.states:
        actions = tonk.legal_actions(state)
        assert set(actions) == brute_force_legal_actions(state), state
        assert len(set(actions)) == len(actions), f"duplicates in {actions}"
        assert tonk.legal_actions(state) == actions
        assert list(actions) == sorted(actions, key=_order_key)


@given(playouts())
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


@given(rules(), st.data(), seeds, st.sampled_from(["uniform", "no_drops", "hoard"]))
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
        bound = (table_rules.hand_size + 2) * limit
    rng = random.Random(policy_seed)
    played = 0
    while not state.is_terminal:
        assert played < bound, f"no end after {played} actions"
        options = tonk.legal_actions(state)
        if policy == "hoard":  # take the discard and throw it back, forever (B15)
            if state.phase is Phase.TURN_START:
                taken = state.top_discard
                action: Action = DrawDiscard() if taken is not None else DrawStock()
            else:
                assert taken is not None
                action = Discard(taken)
        elif policy == "no_drops" and len(options) > 1:
            action = rng.choice([a for a in options if not isinstance(a, Drop)])
        else:
            action = rng.choice(options)
        state = tonk.apply(state, action)
        played += 1
    assert state.outcome is not None
    if limit is not None:
        assert state.turns_taken <= limit
        if state.outcome.kind is OutcomeKind.TURN_LIMIT:
            assert state.turns_taken == limit
        if policy == "hoard" and played:
            assert state.outcome.kind is OutcomeKind.TURN_LIMIT
            assert played == 2 * limit


# --- (h) notation round trips ------------------------------------------------------


def test_every_card_round_trips_through_its_notation() -> None:
    for card in EVERY_CARD:
        assert Card.parse(str(card)) == card
        assert Card.parse(str(card).lower()) == card
        assert eval(repr(card), {"Card": Card}) == card


@given(rules().flatmap(cards))
def test_cards_of_a_pack_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert card in Rules().pack()


@given(playouts())
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


@given(playouts())
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


@given(rules(), st.data())
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
    rebuilt = Rules(
        deal_tonks=table_rules.deal_tonks,
        deal_tonk_clash=table_rules.deal_tonk_clash,
        exhaustion_tie=table_rules.exhaustion_tie,
        max_turns=table_rules.max_turns,
    )
    third = tonk.new_game(rebuilt, players=players, seed=seed, dealer=dealer)
    assert third == first
    assert hash(third) == hash(first)


# --- the strategies themselves ------------------------------------------------------


@given(rules())
def test_rules_strategy_gives_valid_rules(table_rules: Rules) -> None:
    assert table_rules.max_turns is None or 1 <= table_rules.max_turns <= 300
    assert len(table_rules.deal_tonks) <= 2
    assert table_rules == copy.deepcopy(table_rules)


@given(deal_tonk_tables())
def test_deal_tonk_tables_build_rules(table: tuple[tonk.DealTonk, ...]) -> None:
    assert Rules(deal_tonks=table).deal_tonks == table


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
