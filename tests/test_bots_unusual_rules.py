"""Facts the bots once worked out wrongly under unusual rules.

Plain jokers (V3), two packs (V2), wild cards and full books (V4, V24a),
no drops and closed play (H4, the HOYLE preset), two natural cards a spread
(H2) and drop ceilings (X6): each test failed before its fix (found by a
review of the bots, 6 December 2026).
"""

from __future__ import annotations

import random
from typing import Any

import attrs
from scenario import seat_0_first

import tonk
from tonk import Card, DrawStock, Rules, format_action, parse_cards
from tonk.bots import GreedyBot, GreedyModel, Memory, OpponentTurn
from tonk.bots._belief import tables_of
from tonk.bots._greedy import _completes_spread, _View
from tonk.bots._ismcts import _Policy
from tonk.testing import stack_deck


def _turn(**changes: Any) -> OpponentTurn:
    """Return seat 1's turn 3, with no drop open, no card offered, laid or
    discarded, but for ``changes``."""
    quiet = OpponentTurn(
        seat=1,
        turn=3,
        could_drop=False,
        offered=None,
        took=False,
        laid=(),
        discarded=None,
    )
    return attrs.evolve(quiet, **changes)


def test_rollout_policy_knows_three_plain_jokers_make_no_spread() -> None:
    # Four jokers that are not wild (V3): a joker on the pile does not
    # complete a "book" with two jokers in hand, so a 10-point joker is left.
    rules = Rules(jokers=4, joker_value=10)
    state = seat_0_first(rules, ["JK JK 5C 9D KS", "2C 3D 6H 8S QD"], upcard="JK")
    policy = _Policy(rules, 2)
    assert not policy._completes(state.hand(0), Card.parse("JK"))
    assert policy(state, tonk.legal_actions(state)) == DrawStock()


def test_rollout_policy_pairs_the_two_copies_of_a_card() -> None:
    # Two packs (V2): a book may repeat a suit, so KC KC is a pair worth
    # keeping; the loose 9D goes, as it would beside KC KD.
    rules = Rules(two_packs_from=2)
    state = seat_0_first(
        rules, ["KC KC 9D 4H 2S", "2C 3D 5H 8S QD"], upcard="JD", stock="AH"
    )
    state = tonk.apply(state, DrawStock())
    policy = _Policy(rules, 2)
    assert policy(state, tonk.legal_actions(state)) == tonk.Discard(Card.parse("9D"))


def test_card_facts_pair_the_two_copies_of_a_card() -> None:
    rules = Rules(two_packs_from=2)
    facts = tables_of(rules)
    hand = [card.code for card in parse_cards("5C 5C KD QH 9S")]
    assert facts.partnered(hand) == [True, True, False, False, False]
    # Two plain jokers (V3) are still no pair.
    plain = tables_of(Rules(jokers=2, two_packs_from=2))
    jokers = [card.code for card in parse_cards("JK JK KD")]
    assert plain.partnered(jokers) == [False, False, False]


def test_greedy_knows_a_wild_card_cannot_be_hit_onto_a_full_book() -> None:
    # V24a: a three-card book takes no fourth card, wild or not.
    rules = Rules(jokers=2, wilds=tonk.Wilds.JOKERS, four_card_books=False)
    state = seat_0_first(
        rules, ["7C 7D 7H JK 9S", "2C 3D 5H 8S QD"], upcard="KD", stock="10H"
    )
    state = tonk.apply(state, DrawStock())
    state = tonk.apply(state, tonk.LaySpread(parse_cards("7C 7D 7H")))
    assert not any(isinstance(a, tonk.Hit) for a in tonk.legal_actions(state))
    view = _View(tonk.observe(state, 0), 1.5)
    assert not view.fits_table(Card.parse("JK"))


def test_memory_knows_no_seat_could_drop_without_drops() -> None:
    # H4 (the HOYLE preset): no player may drop, so no turn shows a choice
    # not to drop.
    rules = tonk.presets.HOYLE
    state = tonk.new_game(rules, players=3, seed=5)
    memory = Memory()
    bot = GreedyBot()
    rng = random.Random(1)
    turns: tuple[OpponentTurn, ...] = ()
    while not state.is_terminal:
        seen = tonk.observe(state, state.to_move)
        if state.to_move == 0:
            turns = memory.update(seen)
        state = tonk.apply(state, bot.choose(seen, seen.legal_actions, rng))
    assert turns
    assert not any(turn.could_drop for turn in turns)


def test_greedy_model_ignores_a_drop_over_the_ceiling() -> None:
    # X6: a seat counting more than drop_at_most could not drop; not
    # dropping says nothing about its hand.
    rules = Rules(drop_at_most=5)
    low = parse_cards("AC AD 2H 3S 4C")  # 11: over the ceiling
    turn = _turn(could_drop=True, discarded=Card.parse("4C"))
    model = GreedyModel()
    chance = model.likelihood(rules, 2, turn, low, low[0])
    barred = attrs.evolve(turn, could_drop=False)
    assert chance == model.likelihood(rules, 2, barred, low, low[0])


def test_greedy_model_expects_spreads_held_under_closed_play() -> None:
    # H4 (the HOYLE preset): nothing is laid before a tunk, so a book kept
    # in hand is no mistake: the likelihood does not depend on ``mistake``.
    rules = tonk.presets.HOYLE
    turn = _turn(turn=4, discarded=Card.parse("KD"))
    hand = parse_cards("7C 7D 7S 3H 9S KD QC")
    drawn = Card.parse("4C")
    careful = GreedyModel(mistake=0.05).likelihood(rules, 3, turn, hand, drawn)
    careless = GreedyModel(mistake=0.5).likelihood(rules, 3, turn, hand, drawn)
    assert careful == careless


def test_greedy_knows_two_wild_twos_and_one_natural_make_no_spread() -> None:
    # H2 (the HOYLE preset): a spread needs two natural cards, so 5C with the
    # wild 2D and 2H completes nothing and is not worth taking.
    rules = tonk.presets.HOYLE
    hands = ["2D 2H 9S KD QC 8H 4S", "3D 6H 7S JD AC 10H 9D"]
    state = seat_0_first(rules, hands, upcard="5C")
    seen = tonk.observe(state, 0)
    assert not _completes_spread(_View(seen, 1.5), Card.parse("5C"))
    assert GreedyBot().choose(seen, seen.legal_actions, random.Random(0)) == (
        DrawStock()
    )


def test_memory_knows_a_seat_with_three_spreads_could_not_drop() -> None:
    # V30: a seat that has laid three spreads may not drop; its turns after
    # them show no choice not to drop (seat 0 lays three in its first turn).
    rules = Rules(three_spread_lock=True, hand_size=10, deal_tonks=())
    state = seat_0_first(
        rules,
        ["7H 8H 9H 4C 4D 4S JC QC KC 2D", "10H 4H AS 3S 5D 6C 8S 9D QH 2H"],
        upcard="KD",
        stock="6D 5H 6H 3D",
    )
    memory = Memory()
    turns: list[tuple[OpponentTurn, ...]] = []
    for notation in (
        "draw stock",
        "spread 7H 8H 9H",
        "spread 4C 4D 4S",
        "spread JC QC KC",
        "discard 6D",
        "draw stock",
        "discard 5H",
        "draw stock",
        "discard 6H",
        "drop",
    ):
        seen = tonk.observe(state, state.to_move)
        if seen.seat == 1:
            turns.append(memory.update(seen))
        (action,) = [a for a in seen.legal_actions if format_action(a) == notation]
        state = tonk.apply(state, action)
    assert [(turn.seat, turn.turn, turn.could_drop) for turn in turns[-1]] == [
        (0, 0, True),  # before its spreads
        (0, 2, False),  # after them
    ]


def test_greedy_model_knows_v24d_bars_taking_a_card_not_used() -> None:
    # V24d: a discard is taken only to be used at once (in a spread, or a
    # hit on the table), so leaving a low card is no mistake, and taking a
    # card the hand makes no spread with may be a hit on the table.
    rules = Rules(discard_draw_must_meld=True)
    hand = parse_cards("AC 2D 3H 9S KD")
    drawn = Card.parse("5C")
    left = _turn(offered=Card.parse("AS"))
    model = GreedyModel()
    assert model.likelihood(rules, 2, left, hand, drawn) == 1.0
    taken = attrs.evolve(left, took=True)
    assert model.likelihood(rules, 2, taken, hand, drawn) == 1.0
    # Without V24d the greedy bot takes so low a card beside a king.
    assert model.likelihood(Rules(), 2, left, hand, drawn) == model.mistake


def test_memory_knows_no_seat_could_drop_in_the_last_turns() -> None:
    # H6: after a tunk (H5) the others play one last turn each, without a
    # drop. Seat 1 tunks on 5 in the first turn; seat 2 plays its last
    # turn; seat 0, at its own, reads both.
    rules = attrs.evolve(tonk.presets.HOYLE, drops=True)
    deck = stack_deck(
        rules,
        hands=[
            "6C 8D 10D KS KH 3D 10S",
            "3H 4H 5H 7C 7D 7S AS",
            "KC KD QH JH 9S 8S 6D",
        ],
        upcard="5D",
        stock="4C 10C 5S",
    )
    state = tonk.new_game(rules, players=3, deck=deck)
    tunk = tonk.Tunk(
        [tonk.LaySpread(parse_cards(spread)) for spread in ("3H 4H 5H", "7C 7D 7S")]
    )
    for action in (DrawStock(), tunk, DrawStock(), tonk.Discard(Card.parse("KD"))):
        state = tonk.apply(state, action)
    assert state.tunker == 1
    assert state.to_move == 0
    turns = Memory().update(tonk.observe(state, 0))
    assert [(turn.seat, turn.could_drop) for turn in turns] == [(1, True), (2, False)]
