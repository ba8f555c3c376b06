"""Hoyle's Tunk (section H, docs/rules/hoyle.md): stacked-deck scenarios.

Each test deals a stacked deck under the preset ``hoyle`` (or one H option
alone, in Tonk) and checks the exact penalty points and payoffs.
"""

from __future__ import annotations

import random

import attrs
import pytest
from scenario import card, cards, finished, live

import tonk
from tonk import (
    Discard,
    DrawDiscard,
    DrawStock,
    GameState,
    Hit,
    IllegalActionError,
    IllegalReason,
    LaySpread,
    OutcomeKind,
    Rules,
    StockEnd,
    Tunk,
)
from tonk.presets import HOYLE
from tonk.scoring import penalty_points, settle_tunk
from tonk.session import Deal, apply_session, new_session
from tonk.testing import check_no_leak, stack_deck

TUNKER = "3H 4H 5H 7C 7D 7S AS"  # seat 1: with a drawn 4C, unmatched AS 4C = 5
SEAT_0 = "6C 8D 10D KS KH 3D 10S"  # counts 57
SEAT_2 = "KC KD QH JH 9S 8S 6D"  # counts 63
TUNK_AT_5 = Tunk([LaySpread(cards("3H 4H 5H")), LaySpread(cards("7C 7D 7S"))])


def deal(
    hands: list[str], stock: str, *, rules: Rules = HOYLE, upcard: str = "5D"
) -> GameState:
    deck = stack_deck(rules, hands=hands, upcard=upcard, stock=stock)
    state = tonk.new_game(rules, players=len(hands), deck=deck)
    live(state)
    return state


def play(state: GameState, *actions: str | tonk.Action) -> GameState:
    for action in actions:
        if isinstance(action, str):
            action = tonk.parse_action(state, action)
        assert action in tonk.legal_actions(state), action
        state = tonk.apply(state, action)
    return state


def refusal(state: GameState, action: tonk.Action) -> IllegalReason:
    with pytest.raises(IllegalActionError) as caught:
        tonk.apply(state, action)
    assert not tonk.is_legal(state, action)
    assert action not in tonk.legal_actions(state)
    return caught.value.reason


def tunked_at_5(seat_2: str = SEAT_2, stock: str = "4C 10C 5S") -> GameState:
    """Seat 1 draws the 4C and tunks on 5; the last turns are next."""
    state = deal([SEAT_0, TUNKER, seat_2], stock)
    state = play(state, "draw stock", TUNK_AT_5)
    live(state)
    assert state.tunker == 1
    assert state.to_move == 2
    return state


# --- H5, H7: the tunk and its penalty points ---------------------------------------


def test_h5_a_tunk_at_5_scores_each_count_as_penalty_points() -> None:
    state = tunked_at_5()
    assert state.hands[1] == cards("4C AS")  # the unmatched cards, face up
    assert state.taken[1] == state.hands[1]
    state = play(state, "draw stock", "discard 10C", "draw stock", "discard 5S")
    outcome = finished(state)
    assert outcome.kind is OutcomeKind.TUNK
    assert outcome.counts == (57, 5, 63)
    assert outcome.winners == (1,)
    assert outcome.dropper == 1
    assert penalty_points(outcome) == (57, 5, 63)
    assert outcome.payoffs == (-46, 110, -64)  # each pair pays the difference


def test_h5_the_tunk_is_listed_only_at_or_under_the_limit() -> None:
    state = play(deal([SEAT_0, TUNKER, SEAT_2], "4C"), "draw stock")
    tunks = [action for action in tonk.legal_actions(state) if isinstance(action, Tunk)]
    assert TUNK_AT_5 in tunks
    assert all(
        tonk.apply(state, tunk).hands[1] == cards("4C AS") for tunk in tunks
    )  # the only arrangement laying both spreads; no other counts 5 or less
    over = deal([SEAT_0, TUNKER, SEAT_2], "5C")  # unmatched AS 5C = 6
    over = play(over, "draw stock")
    assert not any(isinstance(a, Tunk) for a in tonk.legal_actions(over))
    assert refusal(
        over, Tunk([LaySpread(cards("3H 4H 5H")), LaySpread(cards("7C 7D 7S"))])
    ) is (IllegalReason.TUNK_LIMIT)


def test_h5_a_tunk_names_its_arrangement_in_notation_and_json() -> None:
    state = play(deal([SEAT_0, TUNKER, SEAT_2], "4C"), "draw stock")
    text = tonk.format_action(TUNK_AT_5)
    assert text == "tunk 7C 7D 7S / 3H 4H 5H"  # by card: clubs first
    assert tonk.parse_action(state, "tunk 7S 7D 7C / 5H 3H 4H") == TUNK_AT_5
    assert tonk.from_json(tonk.to_json(TUNK_AT_5), Tunk) == TUNK_AT_5
    assert tonk.parse_action(state, "tunk") == Tunk()
    with pytest.raises(tonk.NotationError, match="at least three cards"):
        tonk.parse_action(state, "tunk 3H 4H / 7C 7D 7S")


def test_h5_a_tunk_on_0_lets_nobody_lay_off() -> None:
    tunker = "3H 4H 5H 6H 9C 9D 9S"
    seat_2 = "7H KD QH JH 8S 6D 4D"  # counts 55
    state = deal([SEAT_0, tunker, seat_2], "9H 8C 5S", upcard="AD")
    tunk = Tunk([LaySpread(cards("3H 4H 5H 6H")), LaySpread(cards("9C 9D 9H 9S"))])
    state = play(state, "draw stock", tunk, "draw stock")
    assert state.hands[1] == ()
    assert not any(isinstance(a, Hit) for a in tonk.legal_actions(state))
    assert refusal(state, Hit(1, card("7H"))) is IllegalReason.SPREAD_LOCKED
    state = play(state, "discard 8C", "draw stock", "discard 5S")
    outcome = finished(state)
    assert outcome.counts == (57, 0, 55)
    assert penalty_points(outcome) == (57, 0, 55)
    assert outcome.winners == (1,)


def test_h7_a_beaten_tunker_scores_double() -> None:
    state = tunked_at_5("QC QD QS JH JD JS 3C", stock="4C AD 5S")
    state = play(
        state,
        "draw stock",
        "spread QC QD QS",
        "spread JH JD JS",
        "discard 3C",
        "draw stock",
        "discard 5S",
    )
    outcome = finished(state)
    assert outcome.counts == (57, 5, 1)
    assert outcome.winners == (2,)
    assert penalty_points(outcome) == (57, 10, 1)
    assert outcome.payoffs == (-56 - 47, 47 - 9, 56 + 9)


@pytest.mark.parametrize(("tie_doubles", "tunker_points"), [(False, 5), (True, 10)])
def test_h7_a_tie_with_the_tunker_doubles_only_under_the_option(
    tie_doubles: bool, tunker_points: int
) -> None:
    rules = attrs.evolve(HOYLE, tunk_tie_doubles=tie_doubles)
    state = deal([SEAT_0, TUNKER, "QC QD QS JH JD 5C 9C"], "4C JS 5S", rules=rules)
    state = play(
        state,
        "draw stock",
        TUNK_AT_5,
        "draw stock",
        "spread QC QD QS",
        "spread JH JD JS",
        "discard 9C",
        "draw stock",
        "discard 5S",
    )
    outcome = finished(state)
    assert outcome.counts == (57, 5, 5)
    assert penalty_points(outcome) == (57, tunker_points, 5)
    assert outcome.winners == ((2,) if tie_doubles else (1,))


# --- H6: the last turns ------------------------------------------------------------


def test_h6_lay_offs_go_on_the_tunkers_spreads_only() -> None:
    state = tunked_at_5("6H 8H 9H 10H KD QH 8C", stock="4C JH 5S")
    state = play(state, "draw stock")  # seat 2 draws the JH
    hits = {a for a in tonk.legal_actions(state) if isinstance(a, Hit)}
    assert hits == {Hit(2, card("6H"))}  # the 3H 4H 5H run; nothing fits the 7s
    state = play(state, "spread 8H 9H 10H JH", "hit 2 6H")
    assert refusal(state, Hit(3, card("QH"))) is IllegalReason.SPREAD_LOCKED  # own
    state = play(state, "discard KD", "draw stock")
    assert refusal(state, Hit(3, card("5S"))) is IllegalReason.SPREAD_LOCKED
    state = play(state, "discard 5S")
    outcome = finished(state)
    assert outcome.counts == (57, 5, 18)  # seat 2 keeps QH 8C
    assert penalty_points(outcome) == (57, 5, 18)
    assert state.spreads[1].hitters == (2,)  # 3H 4H 5H 6H


def test_h6_a_player_who_empties_the_hand_in_a_last_turn_counts_0() -> None:
    state = tunked_at_5("QC QD QS JH JD JS 6H", stock="4C 7H 5S")
    state = play(
        state,
        "draw stock",
        "spread QC QD QS",
        "spread JH JD JS",
        "hit 2 6H",
        "hit 2 7H",
    )
    live(state)  # the turn ends with no discard; seat 0 has its last turn
    assert state.to_move == 0
    assert state.hands[2] == ()
    state = play(state, "draw stock", "discard 5S")
    outcome = finished(state)
    assert outcome.counts == (57, 5, 0)
    assert penalty_points(outcome) == (57, 10, 0)
    assert outcome.winners == (2,)


# --- H3, H4: the upcard and closed play --------------------------------------------


def test_h3_only_the_first_player_may_take_the_upcard() -> None:
    state = deal([SEAT_0, TUNKER, SEAT_2], "4C 10C 5S")
    assert DrawDiscard() in tonk.legal_actions(state)  # seat 1, the first turn
    taken = play(state, "draw discard")
    assert taken.hands[1] == tuple(sorted(cards(f"{TUNKER} 5D")))
    assert not taken.buried


def test_h3_the_turned_up_card_left_by_the_first_player_stays_buried() -> None:
    state = deal([SEAT_0, TUNKER, SEAT_2], "4C 10C 5S")
    state = play(state, "draw stock")
    assert state.buried
    state = play(state, TUNK_AT_5)  # a first turn that ends with no discard
    assert state.discard_pile == cards("5D")
    assert tonk.legal_actions(state) == (DrawStock(),)
    assert refusal(state, DrawDiscard()) is IllegalReason.UPCARD_BURIED
    state = play(state, "draw stock", "discard 10C")
    assert tonk.legal_actions(state) == (DrawStock(), DrawDiscard())  # the 10C


def test_h3_a_discard_on_the_buried_upcard_may_be_taken() -> None:
    state = deal([SEAT_0, TUNKER, SEAT_2], "4C 10C 5S")
    state = play(state, "draw stock", "discard 4C", "draw discard")
    assert state.discard_pile == cards("5D")
    state = play(state, "discard 4C", "draw discard", "discard 4C")
    assert state.buried
    assert DrawDiscard() in tonk.legal_actions(state)


def test_h4_closed_play_lists_no_spread_and_refuses_one() -> None:
    state = deal([SEAT_0, TUNKER, "QC QD QS JC JD JS 3C"], "5C 4D")
    state = play(state, "draw stock", "discard 5C", "draw stock")
    actions = tonk.legal_actions(state)
    assert all(isinstance(a, Discard) for a in actions)
    assert refusal(state, LaySpread(cards("QC QD QS"))) is IllegalReason.CLOSED_PLAY
    assert refusal(state, DrawStock()) is IllegalReason.ALREADY_DREW
    start = deal([SEAT_0, TUNKER, SEAT_2], "5C")
    assert refusal(start, tonk.Drop()) is IllegalReason.DROP_BARRED


def test_h2_a_spread_needs_two_natural_cards() -> None:
    state = tunked_at_5("2C 2D 8H KD QD 8C 10C", stock="4C 9S 5S")
    state = play(state, "draw stock")  # seat 2 draws the 9S
    spreads = {a for a in tonk.legal_actions(state) if isinstance(a, LaySpread)}
    element = tonk.parse_element
    one_natural = LaySpread([element("2C=7H"), card("8H"), element("2D=9H")])
    assert one_natural not in spreads
    assert refusal(state, one_natural) is IllegalReason.NOT_A_SPREAD
    assert LaySpread([card("8C"), element("2C=9C"), card("10C")]) in spreads
    assert LaySpread([card("8H"), card("8C"), element("2C=8S")]) in spreads
    assert all(
        sum(1 for c in spread.physical if c.rank is not tonk.Rank.TWO) >= 2
        for spread in spreads
    )


# --- H8, H9: the empty stock and the game ------------------------------------------


def _stock_to_the_last(state: GameState) -> GameState:
    """Draw from the stock and discard the card drawn until the stock is empty."""
    while state.stock:
        drawn = state.stock[0]
        state = tonk.apply(state, DrawStock())
        state = tonk.apply(state, Discard(drawn))
    return state


def test_h8_an_empty_stock_before_a_tunk_is_a_dead_hand() -> None:
    state = _stock_to_the_last(deal([SEAT_0, TUNKER], "9S"))
    live(state)
    outcome = finished(tonk.apply(state, DrawStock()))
    assert outcome.kind is OutcomeKind.DEAD_STOCK
    assert outcome.payoffs == (0, 0)
    assert outcome.winners == ()


def test_h6_an_empty_stock_in_the_last_turns_settles_the_tunk() -> None:
    rules = HOYLE
    pack = rules.pack()
    named = cards(f"{SEAT_0} {TUNKER} 5D 4C")
    rest = [c for c in pack if c not in named]
    stock = " ".join(map(str, [*rest, card("4C")]))
    state = deal([SEAT_0, TUNKER], stock)
    while len(state.stock) > 1:  # seat 1 draws the last card, the 4C
        drawn = state.stock[0]
        state = play(state, DrawStock(), Discard(drawn))
    assert state.to_move == 1
    state = play(state, "draw stock", TUNK_AT_5)
    assert not state.stock
    outcome = finished(play(state, "draw stock"))
    assert outcome.kind is OutcomeKind.TUNK
    assert outcome.counts == (57, 5)
    assert penalty_points(outcome) == (57, 5)


def test_h9_elimination_at_100_ends_the_game() -> None:
    session = new_session(HOYLE, players=["Ann", "Bob", "Cy"], seed=1, dealer=0)
    session = attrs.evolve(
        session, push_up_totals=(("Ann", 50), ("Bob", 0), ("Cy", 40))
    )
    deck = stack_deck(
        HOYLE, hands=[SEAT_0, TUNKER, SEAT_2], upcard="9H", stock="4C 10C 5S"
    )
    session = apply_session(session, Deal(deck=deck))
    actions: list[tonk.Action] = [DrawStock(), TUNK_AT_5, DrawStock()]
    actions += [Discard(card("10C")), DrawStock(), Discard(card("5S"))]
    for action in actions:
        session = apply_session(session, action)
    assert session.last is not None
    assert session.last.push_ups == (57, 5, 63)
    assert dict(session.push_up_totals) == {"Ann": 107, "Bob": 5, "Cy": 103}
    assert session.is_over
    assert session.standings[0] == ("Bob", 5)


# --- each option alone, in Tonk ----------------------------------------------------


def test_h5_a_tunk_in_tonk_settles_at_once_without_last_turns() -> None:
    rules = Rules(tunk_at_most=5, deal_tonks=())
    deck = stack_deck(rules, hands=["6C 8D 10D QS KS", "3H 4H 5H AS 3D"], stock="AC")
    start = tonk.new_game(rules, players=2, deck=deck)
    assert tonk.Drop() in tonk.legal_actions(start)  # a tunk does not bar the drop
    state = play(start, "draw stock")
    tunk = Tunk([LaySpread(cards("3H 4H 5H"))])
    assert tunk in tonk.legal_actions(state)
    assert LaySpread(cards("3H 4H 5H")) in tonk.legal_actions(state)  # open play
    outcome = finished(tonk.apply(state, tunk))
    assert outcome.counts == (44, 5)  # AS 3D AC
    assert penalty_points(outcome) == (44, 5)
    assert outcome.payoffs == (-39, 39)


def test_settle_tunk_refuses_bad_arguments() -> None:
    with pytest.raises(tonk.RulesError):
        settle_tunk((3, 4), tunker=2)
    with pytest.raises(TypeError):
        settle_tunk((3, 4), tunker=0, tie_doubles=1)  # type: ignore[arg-type]
    with pytest.raises(tonk.RulesError, match="not a tunk"):
        penalty_points(
            tonk.scoring.settle_showdown(
                (1, 2), OutcomeKind.STOCK_EXHAUSTED, tonk.ExhaustionTie.ALL_PAID
            )
        )


def test_hoyle_options_refuse_what_they_cannot_combine_with() -> None:
    with pytest.raises(tonk.RulesError, match="need a tunk_at_most"):
        Rules(last_turns=True)  # H6
    with pytest.raises(tonk.RulesError, match="closed_play"):
        Rules(closed_play=True, must_spread=True)
    with pytest.raises(tonk.RulesError, match="needs wild cards"):
        Rules(min_naturals=2)
    with pytest.raises(tonk.RulesError, match="upcard"):
        Rules(upcard_first_only=True, upcard=False)
    with pytest.raises(tonk.RulesError, match="slap_in"):
        attrs.evolve(HOYLE, slap_in=True)


def test_hoyle_hides_the_others_hands_until_the_end() -> None:
    state = tunked_at_5()
    rng = random.Random(3)
    for seat in range(3):
        check_no_leak(state, seat, rng)
    seen = tonk.observe(state, 2)
    assert seen.tunker == 1
    assert seen.taken[1] == cards("4C AS")
    assert seen.shown_hands is None
    rebuilt = tonk.determinize(seen, rng)
    assert rebuilt.hands[1] == state.hands[1]
    assert rebuilt.tunker == 1
    assert tonk.legal_actions(rebuilt) == tonk.legal_actions(state)


def test_h5_the_pictures_show_the_tunkers_cards_face_up_and_no_others() -> None:
    state = tunked_at_5()
    seen = tonk.observe(state, 2)
    lines = tonk.text.format_observation(seen, ascii=True).splitlines()
    assert lines[1].split() == ["seat", "0", "(dealer)", "7", "cards"]
    assert lines[2].split() == ["seat", "1", "4C", "AS", "tunked,", "count", "5"]
    assert "tunked, count 5" in tonk.text.format_state(state, ascii=True)
    svg = tonk.svg.draw(seen)
    assert "tunked" in svg
    assert "6C" not in tonk.text.format_observation(seen, ascii=True)
    over = play(state, "draw stock", "discard 10C", "draw stock", "discard 5S")
    shown = tonk.text.format_observation(tonk.observe(over, 2), ascii=True)
    assert "seat 1 tunked" in shown
    assert "penalty points" in shown


def test_h5_a_record_of_a_hand_with_a_tunk_round_trips_and_replays() -> None:
    deck = stack_deck(HOYLE, hands=[SEAT_0, TUNKER, SEAT_2], upcard="5D", stock="4C")
    record = tonk.GameRecord.start(HOYLE, players=3, deck=deck)
    state = record.initial_state()
    actions: list[tonk.Action] = [DrawStock(), TUNK_AT_5, DrawStock()]
    for action in actions:
        record = record.then(action)
        state = tonk.apply(state, action)
    drawn = state.hands[2]
    record = record.then(Discard(drawn[0]))
    for text in (tonk.to_json(record), tonk.records.format_record(record)):
        again = (
            tonk.from_json(text, tonk.GameRecord)
            if text.startswith("{")
            else tonk.records.parse_record(text)
        )
        assert again == record
    states = list(tonk.records.replay(record))
    assert states[-1].tunker == 1
    assert states[-1].to_move == 0


# --- H5, H6 with other options: V24d, V29 -----------------------------------------


def _tunk_on_the_last_stock_card(rules: Rules) -> GameState:
    """Two players; seat 1 draws the last stock card (the 4C) and tunks on 5."""
    named = cards(f"{SEAT_0} {TUNKER} 5D 4C")
    rest = [c for c in rules.pack() if c not in named]
    stock = " ".join(map(str, [*rest, card("4C")]))
    deck = stack_deck(rules, hands=[SEAT_0, TUNKER], upcard="5D", stock=stock)
    state = tonk.new_game(rules, players=2, deck=deck)
    while len(state.stock) > 1:
        drawn = state.stock[0]
        state = play(state, DrawStock(), Discard(drawn))
    assert state.to_move == 1
    state = play(state, "draw stock", TUNK_AT_5)
    live(state)
    assert not state.stock
    return state


def test_h6_v29_a_forced_knock_does_not_replace_the_last_turn() -> None:
    """H6 with V29: a forced knock never replaces a last turn after a tunk.

    Nobody drops in the last turns (docs/rules/hoyle.md, H6's reading), even
    on an empty stock, which settles the tunk at once (H7) instead of a 1x
    showdown.
    """
    rules = attrs.evolve(HOYLE, stock_end=StockEnd.FORCED_KNOCK)
    state = _tunk_on_the_last_stock_card(rules)
    assert tonk.Drop() not in tonk.legal_actions(state)
    assert set(tonk.legal_actions(state)) == {DrawStock(), DrawDiscard()}
    outcome = finished(play(state, "draw stock"))
    assert outcome.kind is OutcomeKind.TUNK
    assert outcome.counts == (57, 5)
    assert penalty_points(outcome) == (57, 5)
    assert outcome.winners == (1,)
    assert outcome.payoffs == (-52, 52)


def test_h6_v29_the_last_turn_may_take_the_discard_and_score() -> None:
    """H6: the last turn on an empty stock may draw the discard and discard."""
    rules = attrs.evolve(HOYLE, stock_end=StockEnd.FORCED_KNOCK)
    state = _tunk_on_the_last_stock_card(rules)
    top = state.discard_pile[-1]
    state = play(state, "draw discard", Discard(top))
    outcome = finished(state)
    assert outcome.kind is OutcomeKind.TUNK
    assert outcome.counts == (57, 5)
    assert penalty_points(outcome) == (57, 5)


def _took_the_ace() -> GameState:
    """V24d with a tunk in Tonk: seat 1 takes the AD from the pile."""
    rules = Rules(tunk_at_most=5, deal_tonks=(), discard_draw_must_meld=True)
    deck = stack_deck(
        rules, hands=["6C 8D 10D QS KS", "3H 4H 5H AS AC"], upcard="AD", stock="9C"
    )
    state = tonk.new_game(rules, players=2, deck=deck)
    return play(state, "draw discard")


def test_h5_v24d_a_tunk_must_use_the_card_taken_from_the_pile() -> None:
    """H5 with V24d: the card taken from the pile is in one of the tunk's spreads.

    Left among the unmatched cards, it would be kept in hand (H7 scores
    them as such), which V24d forbids (docs/rules/hoyle.md, H5).
    """
    state = _took_the_ace()
    keeps = Tunk([LaySpread(cards("3H 4H 5H"))])  # AS AC AD unmatched: 3
    uses = Tunk([LaySpread(cards("3H 4H 5H")), LaySpread(cards("AS AC AD"))])
    assert uses in tonk.legal_actions(state)
    assert refusal(state, keeps) is IllegalReason.MUST_USE_DISCARD
    outcome = finished(tonk.apply(state, uses))
    assert outcome.counts == (44, 0)
    assert outcome.payoffs == (-44, 44)


def test_h8_the_turn_limit_is_a_showdown_not_a_dead_hand() -> None:
    """B15 under hoyle: the lowest count receives 1x, the loser's count is
    its push-ups (docs/rules/hoyle.md, H8)."""
    rules = attrs.evolve(HOYLE, max_turns=2)
    session = apply_session(new_session(rules, players=["a", "b"], seed=3), Deal())
    while session.hand is not None and not session.hand.is_terminal:
        drawn = session.hand.stock[0]
        session = apply_session(session, DrawStock())
        session = apply_session(session, Discard(drawn))
    result = session.last
    assert result is not None
    lower = result.counts.index(min(result.counts))
    assert result.outcome.kind is OutcomeKind.TURN_LIMIT
    assert result.outcome.payoffs[lower] == 1
    assert result.push_ups[lower] == 0
    assert result.push_ups[1 - lower] == result.counts[1 - lower]


def test_h6_x10_the_last_stock_card_ends_the_last_turns() -> None:
    """H6 with X10: the turn that draws the last stock card ends the hand, so
    the last turns left are not played and the tunk is settled (H7), as when
    the stock runs out during them (docs/rules/hoyle.md, H6)."""
    rules = attrs.evolve(HOYLE, stock_end=StockEnd.LAST_CARD)
    named = cards(f"{SEAT_0} {TUNKER} {SEAT_2} 5D 4C 10C")
    rest = " ".join(str(c) for c in rules.pack() if c not in named)
    state = deal([SEAT_0, TUNKER, SEAT_2], f"{rest} 4C 10C", rules=rules)
    while not (state.to_move == 1 and len(state.stock) == 2):
        if len(state.stock) > 2:
            state = play(state, DrawStock(), Discard(state.stock[0]))
        else:  # wait for seat 1 without drawing from the stock
            state = play(state, DrawDiscard(), Discard(state.discard_pile[-1]))
    state = play(state, "draw stock", TUNK_AT_5)
    live(state)
    outcome = finished(play(state, "draw stock", "discard 10C"))  # seat 2
    assert outcome.kind is OutcomeKind.TUNK
    assert outcome.counts == (57, 5, 63)
    assert outcome.payoffs == (-46, 110, -64)


def test_h6_v30_the_tunkers_three_spreads_take_lay_offs() -> None:
    """H6 with V30: the three-spread lock guards a hand in play; in the last
    turns the tunker's spreads take lay-offs (docs/rules/hoyle.md, H6)."""
    rules = attrs.evolve(HOYLE, hand_size=9, three_spread_lock=True)
    state = deal(
        ["6C 8D 10D KS KH 3D 10S QC QD", "3H 4H 5H 7C 7D 7S 9C 9D 9S"],
        "AS 6H",
        rules=rules,
    )
    spreads = ("3H 4H 5H", "7C 7D 7S", "9C 9D 9S")
    three = Tunk([LaySpread(cards(spread)) for spread in spreads])
    state = play(state, "draw stock", three)  # AS unmatched: 1
    state = play(state, "draw stock")  # seat 0's last turn: the 6H
    run = next(spread for spread in state.spreads if card("3H") in spread.cards)
    state = play(state, Hit(run.number, card("6H")), "discard KS")
    outcome = finished(state)
    assert outcome.counts == (67, 1)  # 77 less the KS
    assert state.spreads[run.number - 1].hitters == (0,)
