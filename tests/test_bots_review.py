"""Bugs found in a review of the bots and their inputs, each with its test."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import tonk
from tonk import (
    Card,
    ClaimDealTonk,
    DealTonk,
    DealTonkClaim,
    GameState,
    Phase,
    Rules,
    RulesError,
)
from tonk.bots import InferenceBot, ISMCTSBot, Memory, OpponentTurn, infer
from tonk.testing import stack_deck


def _play(state: GameState, *texts: str) -> GameState:
    for text in texts:
        state = tonk.apply(state, tonk.parse_action(state, text))
    return state


def test_a_memory_lists_the_turns_before_a_first_decision_after_an_eat() -> None:
    """X5: three seats, seat 0 deals. Seat 1 discards KS, seat 0 eats it
    (seat 2, due, loses turn 1) and discards 8C. Seat 2's first decision is
    the window on 8C: the turns it saw (seat 1's turn 0, seat 0's turn 2)
    are listed there, and kept at its first turn start."""
    rules = Rules(eating=True)
    hands = ["KC KD 2S 3H 8C", "7H 8H 9H KS 5D", "10C 5C 6D 7S JC"]
    deck = stack_deck(rules, hands=hands, upcard="QH", stock="QD 4C 9S")
    state = _play(
        tonk.new_game(rules, players=3, deck=deck),
        "draw stock",
        "spread 7H 8H 9H",
        "discard KS",
        "eat",
        "spread KC KD KS",
        "discard 8C",
    )
    assert (state.phase, state.to_move, state.turns_taken) == (Phase.SLAP_WINDOW, 2, 3)
    memory = Memory()
    first = memory.update(tonk.observe(state, 2))
    assert [(turn.seat, turn.turn) for turn in first] == [(1, 0), (0, 2)]
    assert [turn.laid for turn in first] == [
        tonk.parse_cards("7H 8H 9H"),
        tonk.parse_cards("KC KD KS"),
    ]
    assert all(turn.discarded is None for turn in first)  # an eat skipped a turn
    state = _play(state, "pass", "draw stock", "discard 5D", "pass")
    assert (state.phase, state.to_move) == (Phase.TURN_START, 2)
    turns = memory.update(tonk.observe(state, 2))
    assert [(turn.seat, turn.turn) for turn in turns] == [(1, 0), (0, 2), (1, 3)]
    assert turns[-1].discarded == tonk.Card.parse("5D")


def test_the_inference_bot_claims_a_low_dealt_hand_rather_than_drop() -> None:
    """V19 with a low row: a dealt 9 may be claimed for 2x at the first turn.
    The inference bot, like GreedyBot whose deal tonk it plays, claims it
    rather than drop (a drop on 9 wins 1x at most)."""
    rules = Rules(
        deal_tonks=(
            DealTonk(at_most=11, pays=2, claim=DealTonkClaim.BEFORE_FIRST_TURN),
        )
    )
    hands = ["AC AD 2C 2D 3C", "5C 6C 7C 8C 9C", "5D 6D 7D 8D 9D"]
    deck = stack_deck(rules, hands=hands, upcard="KH", stock="QD 4C 9S", dealer=2)
    seen = tonk.observe(tonk.new_game(rules, players=3, deck=deck, dealer=2), 0)
    assert ClaimDealTonk() in seen.legal_actions
    choice = InferenceBot(samples=16).choose(seen, seen.legal_actions, random.Random(1))
    assert choice == ClaimDealTonk()


def _eating_deal(hands: list[str], *texts: str) -> GameState:
    """Deal ``hands`` (seat 0 deals, seat 1 plays first) under eating (X5), play."""
    rules = Rules(eating=True)
    deck = stack_deck(rules, hands=hands, upcard="QH", stock="QD 4C 9S")
    return _play(tonk.new_game(rules, players=len(hands), deck=deck), *texts)


def test_a_memory_forgets_a_hand_replayed_from_the_same_deal() -> None:
    """X5, three seats, the same deal twice (as a duplicate tournament deals
    it to one bot in every seat): seat 1 discards KS, then in the replay
    5D, and seat 0 is asked in the window on each. The replay begins a new
    hand: its turn 0 discarded 5D, not KS."""
    hands = ["KC KD 2S 3H 8C", "7H 8H 9H KS 5D", "10C 5C 6D 7S JC"]
    first = _eating_deal(hands, "draw stock", "discard KS")
    again = _eating_deal(hands, "draw stock", "discard 5D")
    assert first.phase is again.phase is Phase.SLAP_WINDOW
    assert first.to_move == again.to_move == 0
    memory = Memory()
    memory.update(tonk.observe(first, 0))
    (turn,) = memory.update(tonk.observe(again, 0))
    assert turn.discarded == tonk.Card.parse("5D")


def test_a_memory_forgets_a_hand_when_the_next_is_first_seen_later() -> None:
    """X5, four seats, two deals with the same dealer (as play_hand deals
    by default). In the first, seat 0 is asked in the window on seat 1's
    5D (turn 1). In the second, seat 3 eats seat 1's KS (seat 2 loses
    turn 1) and seat 0 first decides at its turn start (turn 3): the turns
    it remembers are the second hand's, none of the first's."""
    first = _eating_deal(
        ["2C 3C 4D 5H 6S", "7H 8H 9H KS 5D", "10C 5C 6D 7S JC", "JS QS 9C 4S 2D"],
        "draw stock",
        "discard 5D",
        "pass",
    )
    assert (first.phase, first.to_move, first.turns_taken) == (
        Phase.SLAP_WINDOW,
        0,
        1,
    )
    second = _eating_deal(
        ["KC KD 2S 3H 8C", "7H 8H 9H KS 5D", "10C 5C 6D 7S JC", "JS QS 9C 4S 2D"],
        "draw stock",
        "spread 7H 8H 9H",
        "discard KS",
        "eat",
        "spread JS QS KS",
        "discard 9C",
        "pass",
        "pass",
    )
    assert (second.phase, second.to_move, second.turns_taken) == (
        Phase.TURN_START,
        0,
        3,
    )
    memory = Memory()
    memory.update(tonk.observe(first, 0))
    turns = memory.update(tonk.observe(second, 0))
    fresh = Memory().update(tonk.observe(second, 0))
    assert turns == fresh
    assert [(turn.seat, turn.turn) for turn in turns] == [(1, 0), (2, 1), (3, 2)]
    assert tonk.Card.parse("5D") not in [turn.discarded for turn in turns]


class _Counting:
    """An opponent model that notes the turns it is asked to weigh."""

    def __init__(self) -> None:
        self.turns: list[int] = []

    def likelihood(
        self,
        rules: Rules,
        players: int,
        turn: OpponentTurn,
        hand: Sequence[Card],
        drawn: Card,
    ) -> float:
        self.turns.append(turn.turn)
        return 1.0


def test_infer_weighs_every_remembered_turn_up_to_its_number() -> None:
    """Seat 0 remembers two turns of seat 1 (turns 0 and 2, each discard
    known). Asked to weigh the latest three (the default), infer weighs
    both; it once weighed the last only (a negative slice start)."""
    state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
    memory = Memory()
    for _ in range(4):  # two turns each, seat 1 first: draw, throw the last
        if state.to_move == 0:
            memory.update(tonk.observe(state, 0))
        state = tonk.apply(state, tonk.DrawStock())
        state = tonk.apply(state, tonk.Discard(state.hand(state.to_move)[-1]))
    seen = tonk.observe(state, 0)
    remembered = memory.update(seen)
    assert [(turn.seat, turn.turn) for turn in remembered] == [(1, 0), (1, 2)]
    assert all(turn.discarded is not None for turn in remembered)
    for turns, weighed in [(1, [2]), (2, [2, 0]), (3, [2, 0]), (5, [2, 0])]:
        model = _Counting()
        infer(
            seen, random.Random(1), memory=memory, model=model, samples=1, turns=turns
        )
        assert model.turns == weighed


def test_a_belief_search_refuses_a_lowering_its_belief_cannot_take() -> None:
    """ISMCTSBot(lower_hands=50, belief=True) was built, then raised
    RulesError ("lower must be 0..10") at its first search: the belief
    (infer) takes a lowering of 0 to 10. It is refused when built; 10 and
    more without a belief still play."""
    with pytest.raises(RulesError, match="lower_hands must be 0 to 10 with belief"):
        ISMCTSBot(iterations=4, lower_hands=50, belief=True)
    state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
    seen = tonk.observe(state, 1)
    for bot in (
        ISMCTSBot(iterations=4, lower_hands=10, belief=True),
        ISMCTSBot(iterations=4, lower_hands=50),
    ):
        assert bot.choose(seen, seen.legal_actions, random.Random(1)) in (
            seen.legal_actions
        )
