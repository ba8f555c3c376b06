"""Tests of the engine's transitions, action by action, with exact results.

They go through the public API only: stacked deals, then actions, with exact
expectations (the state after an action, or the reason and message of the
refusal).
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable

import attrs
import pytest

import tonk
from tonk import (
    Card,
    ClaimDealTonk,
    DealTonk,
    DealTonkClaim,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Eat,
    GameState,
    Hit,
    IllegalActionError,
    IllegalReason,
    LaySpread,
    Pass,
    Phase,
    Rules,
    Slap,
    StockEnd,
    WildCard,
    Wilds,
    parse_action,
    parse_cards,
)
from tonk import _deal as deal_module
from tonk.testing import check_invariants, stack_deck

OTHER = "6D 8D 10D 10C 4S"  # seat 1's hand, unless a test needs those cards


def _card(text: str) -> Card:
    return Card.parse(text)


def _deal(
    rules: Rules,
    hands: list[str],
    *,
    upcard: str = "",
    stock: str = "",
    widows: list[str] | None = None,
) -> GameState:
    """Deal ``hands`` (seat 0 first) with the last seat dealing: seat 0 starts."""
    dealer = len(hands) - 1
    deck = stack_deck(
        rules, hands=hands, upcard=upcard, stock=stock, dealer=dealer, widows=widows
    )
    return tonk.new_game(rules, players=len(hands), deck=deck, dealer=dealer)


def _play(state: GameState, *texts: str) -> GameState:
    for text in texts:
        state = tonk.apply(state, parse_action(state, text))
        check_invariants(state)
    return state


def _refusal(state: GameState, action: tonk.Action) -> tuple[IllegalReason, str]:
    with pytest.raises(IllegalActionError) as caught:
        tonk.apply(state, action)
    assert caught.value.action == action
    assert not tonk.is_legal(state, action)
    assert action not in tonk.legal_actions(state)
    return caught.value.reason, str(caught.value)


# --- check (engine.py) ----------------------------------------------------------


def test_check_passes_a_legal_action_and_refuses_an_illegal_one() -> None:
    state = _deal(Rules(deal_tonks=()), ["7H 8H 9H KS KD", OTHER])
    tonk.check(state, DrawStock())  # no error
    with pytest.raises(IllegalActionError) as caught:
        tonk.check(state, Discard(_card("KS")))
    assert caught.value.reason is IllegalReason.MUST_DRAW_FIRST
    assert caught.value.action == Discard(_card("KS"))
    with pytest.raises(TypeError) as not_an_action:
        tonk.check(state, "draw")  # type: ignore[arg-type]
    assert str(not_an_action.value) == "not a tonk action: 'draw'"


def test_is_legal_says_true_of_a_legal_action() -> None:
    state = _deal(Rules(deal_tonks=()), ["7H 8H 9H KS KD", OTHER])
    assert tonk.is_legal(state, DrawStock())
    assert tonk.is_legal(state, Drop())
    assert not tonk.is_legal(state, Discard(_card("KS")))


# --- the deal (B2, B4, B5, V18) ------------------------------------------------------


def test_b2_the_largest_table_is_the_last_that_fits() -> None:
    # Two hands of 13 and their widows take 28 of 40 cards with the upcard,
    # three take 43: only two players. One-card hands from two packs, no
    # upcard: 104 players.
    narrow = Rules(
        pack_kind=tonk.PackKind.FORTY, hand_size=13, widow=True, deal_tonks=()
    )
    assert narrow.max_players == 2
    tonk.new_game(narrow, players=2, seed=1)
    with pytest.raises(tonk.RulesError, match=r"players must be 2\.\.2 "):
        tonk.new_game(narrow, players=3, seed=1)
    wide = Rules(hand_size=1, upcard=False, two_packs_from=2, deal_tonks=())
    assert wide.max_players == 104
    assert len(tonk.new_game(wide, players=104, seed=1).hands) == 104


def test_x2_b2_a_table_fits_by_its_own_hand_size() -> None:
    # 5-card hands fit ten players, but four 13-card hands and the upcard take
    # 53 cards: three players at most, so the size named for four is refused.
    with pytest.raises(
        tonk.RulesError,
        match="names 4 players, but these rules deal to at most 3: 13-card hands",
    ):
        Rules(hand_size_by_players={4: 13}, deal_tonks=())
    assert Rules(hand_size_by_players={3: 13}, deal_tonks=()).max_players == 10


def test_v18_five_court_cards_win_at_the_deal_without_a_count_row() -> None:
    rules = Rules(deal_tonks=(DealTonk(court_cards=5),))
    state = _deal(rules, ["KD QD JD KS JC", "AC 2C 3C 4D 5D"], upcard="5H")
    assert state.phase is Phase.HAND_OVER
    assert state.outcome is not None
    assert state.outcome.kind is tonk.OutcomeKind.DEAL_TONK
    assert state.outcome.payoffs == (2, -2)
    assert state.outcome.counts == (50, 15)


def test_b4_b6_the_dealer_is_seat_0_unless_named() -> None:
    state = tonk.new_game(PLAIN, players=3, deck=PLAIN.pack())
    assert (state.dealer, state.to_move) == (0, 1)
    assert state.hands[1] == parse_cards("AC 4C 7C 10C KC")


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        (Rules().pack()[:51], "deck has 51 cards, but these rules use a 52-card pack"),
        (
            (*Rules().pack()[:51], _card("AC")),
            "deck holds 2 of Card.parse('AC'), but the pack these rules use holds 1",
        ),
    ],
)
def test_b4_a_stacked_deck_must_be_the_pack(
    deck: tuple[Card, ...], message: str
) -> None:
    with pytest.raises(tonk.RulesError) as caught:
        tonk.new_game(PLAIN, players=2, deck=deck)
    assert str(caught.value) == message


def test_v1_a_stacked_deck_with_a_card_the_pack_lacks_is_refused_by_it() -> None:
    # The 40-card pack has no 8: the 8C in place of the KS is named first.
    rules = Rules(pack_kind=tonk.PackKind.FORTY, deal_tonks=())
    deck = (*rules.pack()[:-1], _card("8C"))
    assert rules.pack()[-1] == _card("KS")
    with pytest.raises(tonk.RulesError) as caught:
        tonk.new_game(rules, players=2, deck=deck)
    assert str(caught.value) == (
        "deck holds 1 of Card.parse('8C'), but the pack these rules use holds 0"
    )


def test_b2_players_must_be_an_int() -> None:
    with pytest.raises(TypeError) as caught:
        tonk.new_game(PLAIN, players="2", seed=1)  # type: ignore[arg-type]
    assert str(caught.value) == "players must be an int, got '2'"


def test_b4_a_stacked_deck_must_hold_cards() -> None:
    with pytest.raises(TypeError) as caught:
        tonk.new_game(Rules(), players=2, deck=["AC"] * 52)  # type: ignore[list-item]
    assert str(caught.value) == "deck must hold Card values, got 'AC'"


@pytest.mark.parametrize(
    ("bonus", "pays"), [((), 1), ((tonk.DropPay(at_most=15, pays=3),), 3)]
)
def test_x11_a_winning_drop_is_paid_by_the_drop_bonus(
    bonus: tuple[tonk.DropPay, ...], pays: int
) -> None:
    rules = Rules(deal_tonks=(), drop_bonus=bonus)
    state = _deal(rules, ["AC 2C 3C 4D 5D", "KD QD JD 10D 9S"], upcard="5H")
    outcome = _play(state, "drop").outcome
    assert outcome is not None
    assert outcome.kind is tonk.OutcomeKind.DROP_WON
    assert outcome.payoffs == (pays, -pays)


# --- every refusal, with its reason and message ----------------------------------

PLAIN = Rules(deal_tonks=())
SLAPS = Rules(deal_tonks=(), slap_in=True)
LOCK = Rules(deal_tonks=(), three_spread_lock=True, hand_size=10)
LATE = DealTonk(at_most=500, claim=DealTonkClaim.BEFORE_FIRST_TURN)
# 4 x 13 cards and the upcard take the whole pack (one joker): the stock is empty.
EMPTY_STOCK = Rules(
    jokers=1, hand_size=13, stock_end=StockEnd.FORCED_KNOCK, deal_tonks=(LATE,)
)


def _start() -> GameState:
    return _deal(PLAIN, ["7H 8H 9H KS KD", OTHER], upcard="QD", stock="2C")


def _drawn() -> GameState:
    return _play(_start(), "draw stock")


def _own_spread() -> GameState:
    rules = Rules(deal_tonks=(), hit_own_spreads=False)
    state = _deal(rules, ["7H 8H 9H 10H KD", OTHER], upcard="QD", stock="2C")
    return _play(state, "draw stock", "spread 7H 8H 9H")


def _laid() -> GameState:
    return _play(_drawn(), "spread 7H 8H 9H")


def _window() -> GameState:
    """Seat 0 discards 10H onto its own run: both seats may slap, seat 0 first."""
    state = _deal(SLAPS, ["7H 8H 9H 10H KD", OTHER], upcard="QD", stock="2C")
    return _play(state, "draw stock", "spread 7H 8H 9H", "discard 10H")


def _extra() -> GameState:
    """Seat 1 has slapped 10H and owes an extra discard (V26)."""
    return _play(_window(), "pass", "slap 1")


def _locked() -> GameState:
    """Seat 0 has laid three spreads (V30); seat 1 has drawn."""
    state = _deal(
        LOCK,
        ["7H 8H 9H 2C 2D 2H 5S 6S 7S KD", "6D 8D 10D 10C 4S 3D 9C QC QS JC"],
        upcard="QD",
        stock="AS 3C 4C",
    )
    return _play(
        state,
        "draw stock",
        "spread 7H 8H 9H",
        "spread 2C 2D 2H",
        "spread 5S 6S 7S",
        "discard AS",
        "draw stock",
    )


def _locked_drop() -> GameState:
    """Seat 0, back to move, has laid three spreads (V30)."""
    return _play(_locked(), "discard 3C")


def _must_use() -> GameState:
    rules = Rules(deal_tonks=(), discard_draw_must_meld=True)
    state = _deal(rules, ["7H 8H 9H KS KD", OTHER], upcard="KH")
    return _play(state, "draw discard")


def _widow() -> GameState:
    rules = Rules(deal_tonks=(), widow=True)
    return _deal(rules, ["7H 8H 9H KS KD", OTHER], upcard="QD", widows=["AS", "AD"])


def _exchanged() -> GameState:
    return _play(_widow(), "exchange KS")


def _two_spreads_window() -> GameState:
    """Seat 0 discards 10H, which fits its run (spread 1), not its book."""
    rules = attrs.evolve(SLAPS, hand_size=7)
    hands = ["7H 8H 9H KC KD 10H 4C", "6D 8D 10D 10C 4S 3D 5C"]
    state = _deal(rules, hands, upcard="QD", stock="KS")
    return _play(
        state, "draw stock", "spread 7H 8H 9H", "spread KC KD KS", "discard 10H"
    )


def _no_upcard() -> GameState:
    return _deal(Rules(deal_tonks=(), upcard=False), ["7H 8H 9H KS KD", OTHER])


def _unusable_upcard() -> GameState:
    rules = Rules(deal_tonks=(), discard_draw_must_meld=True)
    return _deal(rules, ["7H 8H 9H KS KD", OTHER], upcard="QD")


def _must_use_with_a_spread() -> GameState:
    """Seat 0 has laid 7H 8H 9H and then taken seat 1's 4S for its 4C 4D."""
    rules = Rules(deal_tonks=(), discard_draw_must_meld=True, hand_size=7)
    hands = ["7H 8H 9H 10H 4C 4D KS", "6D 8D 10D 10C 4S 3D 5C"]
    state = _deal(rules, hands, upcard="QD", stock="2C 2S")
    return _play(
        state,
        "draw stock",
        "spread 7H 8H 9H",
        "discard 2C",
        "draw stock",
        "discard 4S",
        "draw discard",
    )


def _spread_kept_by_a_hit() -> GameState:
    """A hit that ends the turn would keep KC KD 2C, a book with the wild."""
    rules = Rules(
        deal_tonks=(),
        must_spread=True,
        hit_ends_turn=True,
        wilds=Wilds.JOKERS_AND_TWOS,
        hand_size=7,
    )
    hands = ["7H 8H 9H 10H KC KD 2C", "6D 8D 10D 10C 4S 3D 5C"]
    state = _deal(rules, hands, upcard="QD", stock="5S")
    return _play(state, "draw stock", "spread 7H 8H 9H")


def _full_book_two_packs() -> GameState:
    rules = Rules(deal_tonks=(), two_packs_from=2)
    state = _deal(rules, ["7C 7D 7H 7S 7C", OTHER], upcard="QD", stock="5S")
    return _play(state, "draw stock", "spread 7C 7D 7H 7S")


def _barred_from_going_out() -> GameState:
    """Seat 1 has hit seat 0's run; seat 0, left KD KS, draws KC (V22)."""
    rules = Rules(deal_tonks=(), hit_bars_going_out=True)
    hands = ["7H 8H 9H KS KD", "6D 8D 10D 10H 4S"]
    state = _deal(rules, hands, upcard="QD", stock="2C 3C KC")
    return _play(
        state,
        "draw stock",
        "spread 7H 8H 9H",
        "discard 2C",
        "draw stock",
        "hit 1 10H",
        "discard 3C",
        "draw stock",
    )


def _drawn_with_wilds() -> GameState:
    rules = Rules(deal_tonks=(), wilds=Wilds.JOKERS_AND_TWOS)
    state = _deal(rules, ["7H 8H 9H KS KD", OTHER], upcard="QD", stock="5C")
    return _play(state, "draw stock")


def _waiting() -> GameState:
    """Seat 0 laid a spread a turn ago under spread_wait=3 (V22)."""
    rules = Rules(deal_tonks=(), spread_wait=3)
    state = _deal(rules, ["7H 8H 9H KS KD", OTHER], upcard="QD", stock="2C 3C")
    return _play(
        state, "draw stock", "spread 7H 8H 9H", "discard KS", "draw stock", "discard 3C"
    )


def _waiting_boobed() -> GameState:
    """As :func:`_waiting`, under the boobed deck (V27): a drop may be forced
    under these rules, but this one is not, so the wait still bars it."""
    rules = Rules(
        deal_tonks=(),
        spread_wait=3,
        boobed_deck=True,
        exhaustion_tie=tonk.ExhaustionTie.DEAD_HAND,
    )
    state = _deal(rules, ["7H 8H 9H KS KD", OTHER], upcard="QD", stock="2C 3C")
    return _play(
        state, "draw stock", "spread 7H 8H 9H", "discard KS", "draw stock", "discard 3C"
    )


def _hit_once() -> GameState:
    rules = Rules(deal_tonks=(), max_hits_per_turn=1)
    state = _deal(rules, ["7H 8H 9H 10H JH", OTHER], upcard="QD", stock="6H")
    return _play(state, "draw stock", "spread 7H 8H 9H", "hit 1 10H")


def _empty_stock() -> GameState:
    """Four hands of 13 and the upcard take the whole pack: the stock is empty."""
    return tonk.new_game(EMPTY_STOCK, players=4, seed=1, dealer=3)


def _empty_stock_widow() -> GameState:
    rules = Rules(
        jokers=1,
        hand_size=12,
        widow=True,
        stock_end=StockEnd.FORCED_KNOCK,
        deal_tonks=(),
    )
    return tonk.new_game(rules, players=4, seed=1, dealer=3)


def _must_spread() -> GameState:
    rules = Rules(deal_tonks=(), must_spread=True)
    return _play(_deal(rules, ["7H 8H 9H KS KD", OTHER], stock="2C"), "draw stock")


EAT_HANDS = ["7H 8H 9H KS KD", OTHER, "2C 3C 5S 9D JS"]


def _eat_unusable() -> GameState:
    # Seat 2 is asked to eat seat 0's KS, which it could not use at once.
    rules = Rules(deal_tonks=(), eating=True, discard_draw_must_meld=True)
    state = _deal(rules, EAT_HANDS, upcard="QD", stock="QC")
    return _play(state, "draw stock", "discard KS")


def _must_spread_pickup() -> GameState:
    # X8 bars discarding the card taken while another may go; V21 bars every
    # discard while a spread is held, and says so first.
    rules = Rules(deal_tonks=(), must_spread=True, discard_pickup=False)
    state = _deal(rules, ["7H 8H 9H KS KD", OTHER], upcard="QD")
    return _play(state, "draw discard")


_R = IllegalReason
REFUSALS: list[
    tuple[Callable[[], GameState], str | tonk.Action, IllegalReason, str]
] = [
    (_window, "draw stock", _R.NOT_SLAP_TIME, "seat 0 must slap or pass"),
    (_window, "discard KD", _R.NOT_SLAP_TIME, "seat 0 must slap or pass"),
    (_extra, "draw stock", _R.NOT_SLAP_TIME, "seat 1 must discard"),
    (_extra, "spread 6D 8D 10D", _R.NOT_SLAP_TIME, "seat 1 must discard"),
    (_extra, "slap 1", _R.NOT_SLAP_TIME, "no slap-in window is open"),
    (_extra, "pass", _R.NOT_SLAP_TIME, "no window is open"),
    (_drawn, "slap 1", _R.NOT_SLAP_TIME, "no slap-in window is open"),
    (_drawn, "pass", _R.NOT_SLAP_TIME, "no window is open"),
    (_window, "slap 2", _R.NO_SUCH_SPREAD, "there are 1 spreads on the table"),
    (_window, Slap(0), _R.NO_SUCH_SPREAD, "there are 1 spreads on the table"),
    (_extra, "discard AS", _R.CARD_NOT_IN_HAND, "not in seat 1's hand"),
    (_drawn, "draw stock", _R.ALREADY_DREW, "seat 0 has drawn; spread, hit or discard"),
    (
        _drawn,
        "draw discard",
        _R.ALREADY_DREW,
        "seat 0 has drawn; spread, hit or discard",
    ),
    (_drawn, "drop", _R.ALREADY_DREW, "seat 0 has drawn; spread, hit or discard"),
    (_drawn, "claim", _R.ALREADY_DREW, "seat 0 has drawn; spread, hit or discard"),
    (
        _drawn,
        "exchange KS",
        _R.ALREADY_DREW,
        "seat 0 has drawn; spread, hit or discard",
    ),
    (_drawn, "hit 1 KS", _R.NO_SUCH_SPREAD, "there are 0 spreads on the table"),
    (
        _drawn,
        Hit(0, _card("KS")),
        _R.NO_SUCH_SPREAD,
        "there are 0 spreads on the table",
    ),
    (_laid, "hit 1 KS", _R.HIT_DOES_NOT_FIT, "it does not fit spread 1"),
    (
        _laid,
        Hit(1, WildCard(_card("KS"), _card("10H"))),
        _R.HIT_DOES_NOT_FIT,
        "KS is not wild here",
    ),
    (_laid, "hit 1 AS", _R.CARD_NOT_IN_HAND, "not in seat 0's hand"),
    (_hit_once, "hit 1 JH", _R.HIT_LIMIT, "at most 1 hit(s) a turn (V24b)"),
    (_locked, "hit 3 4S", _R.SPREAD_LOCKED, "seat 0 has laid three spreads (V30)"),
    (
        _own_spread,
        "hit 1 10H",
        _R.SPREAD_LOCKED,
        "no player may hit their own spreads (X9)",
    ),
    (_drawn, LaySpread(()), _R.NOT_A_SPREAD, "not a book or a run"),
    (_drawn, Eat(), _R.NOT_SLAP_TIME, "no eating window is open"),
    (
        _eat_unusable,
        Eat(),
        _R.MUST_USE_DISCARD,
        "KS could not be used at once in a spread (V24d)",
    ),
    (
        _must_spread_pickup,
        "discard QD",
        _R.MUST_SPREAD,
        "a complete spread in hand must be laid first (V21)",
    ),
    (_drawn, "discard AS", _R.CARD_NOT_IN_HAND, "not in seat 0's hand"),
    (_drawn, "spread 7H 8H 10H", _R.CARD_NOT_IN_HAND, "seat 0 does not hold them all"),
    (_drawn, "spread 7H 8H KS", _R.NOT_A_SPREAD, "not a book or a run"),
    (
        _drawn,
        LaySpread((*parse_cards("7H 8H"), WildCard(_card("2C"), _card("10H")))),
        _R.NOT_A_SPREAD,
        "2C is not wild here",
    ),
    (
        _start,
        "claim",
        _R.NO_DEAL_TONK,
        (
            "only a dealt hand that wins under a deal tonk claimed before the first"
            " turn may be claimed, then, and only before anyone has spread unless its"
            " row allows it"
        ),
    ),
    (_start, "exchange KS", _R.NO_WIDOW, "these rules have no widow (V46)"),
    (_widow, "exchange 2C", _R.CARD_NOT_IN_HAND, "not in seat 0's hand"),
    (_locked_drop, "drop", _R.DROP_BARRED, "seat 0 has laid three spreads (V30)"),
    (_waiting, "drop", _R.DROP_BARRED, "seat 0 must wait 3 more turn(s) to drop"),
    (
        _waiting_boobed,
        "drop",
        _R.DROP_BARRED,
        "seat 0 must wait 3 more turn(s) to drop",
    ),
    (
        _must_use,
        "discard KD",
        _R.MUST_USE_DISCARD,
        "KH taken from the discard pile must be used first (V24d)",
    ),
    (
        _must_use,
        "spread 7H 8H 9H",
        _R.MUST_USE_DISCARD,
        "KH taken from the discard pile must be used first (V24d)",
    ),
    (
        _must_spread,
        "discard KS",
        _R.MUST_SPREAD,
        "a complete spread in hand must be laid first (V21)",
    ),
    (
        _empty_stock,
        "draw stock",
        _R.MUST_DROP,
        "seat 0 must drop: the stock is empty (V29)",
    ),
    (_empty_stock, "claim", _R.MUST_DROP, "seat 0 must drop: the stock is empty (V29)"),
    (
        _empty_stock_widow,
        "exchange 7H",
        _R.MUST_DROP,
        "seat 0 must drop: the stock is empty (V29)",
    ),
    (
        _exchanged,
        "exchange KD",
        _R.NO_WIDOW,
        "seat 0 has already exchanged with its widow this hand",
    ),
    (_two_spreads_window, "slap 2", _R.HIT_DOES_NOT_FIT, "10H does not fit spread 2"),
    (_no_upcard, "draw discard", _R.DISCARD_PILE_EMPTY, "the discard pile is empty"),
    (
        _barred_from_going_out,
        "spread KC KD KS",
        _R.GOING_OUT_BARRED,
        (
            "seat 0 was hit and may not go out this turn, nor keep fewer cards"
            " than it needs to end the turn"
        ),
    ),
    (
        _drawn_with_wilds,
        "spread 7H 8H KS",
        _R.NOT_A_SPREAD,
        "not a book or a run with a natural card",
    ),
    (
        _unusable_upcard,
        "draw discard",
        _R.MUST_USE_DISCARD,
        "QD could not be used at once in a spread (V24d)",
    ),
    (
        _must_use_with_a_spread,
        "hit 1 10H",
        _R.MUST_USE_DISCARD,
        "4S taken from the discard pile must be used first (V24d)",
    ),
    (
        _spread_kept_by_a_hit,
        "hit 1 10H",
        _R.MUST_SPREAD,
        "the hit would end the turn with a complete spread in hand (V21)",
    ),
    (_full_book_two_packs, "hit 1 7C", _R.HIT_DOES_NOT_FIT, "it does not fit spread 1"),
]


def _action(state: GameState, action: str | tonk.Action) -> tonk.Action:
    return parse_action(state, action) if isinstance(action, str) else action


@pytest.mark.parametrize(("make", "text", "reason", "why"), REFUSALS)
def test_each_refusal_gives_its_reason_and_says_why(
    make: Callable[[], GameState],
    text: str | tonk.Action,
    reason: IllegalReason,
    why: str,
) -> None:
    state = make()
    action = _action(state, text)
    assert _refusal(state, action) == (
        reason,
        f"cannot {tonk.format_action(action)}: {why}",
    )


def test_before_drawing_a_play_is_refused_by_its_first_word() -> None:
    state = _start()
    for text, word in (
        ("discard KS", "discard"),
        ("spread 7H 8H 9H", "spread"),
        ("hit 1 KS", "hit"),
    ):
        action = parse_action(state, text)
        assert _refusal(state, action) == (
            IllegalReason.MUST_DRAW_FIRST,
            f"cannot {word} before drawing: seat 0 must drop or draw first",
        )


# --- the widow's exchange (V46) ---------------------------------------------------


def test_v46_an_exchange_swaps_the_card_for_the_widow_once() -> None:
    state = _play(_widow(), "exchange KS")
    assert state.hands[0] == tuple(sorted(parse_cards("KD 7H 8H 9H AS")))
    assert state.hands[1] == tuple(sorted(parse_cards(OTHER)))
    assert state.widows == (_card("KS"), _card("AD"))
    assert state.exchanged == (True, False)
    assert state.phase is Phase.TURN_START
    assert state.to_move == 0
    assert tonk.legal_actions(state) == (Drop(), DrawStock(), DrawDiscard())


def test_v46_an_exchange_forgets_the_cards_taken_from_the_pile() -> None:
    state = _play(_widow(), "draw discard", "discard KS", "draw stock")
    state = _play(state, f"discard {state.hands[1][0]}")
    assert state.taken == ((_card("QD"),), ())
    state = _play(state, "exchange 7H")
    assert state.taken == ((), ())
    assert state.widows == (_card("7H"), _card("AD"))


# --- deal tonks claimed before the first turn (V19) -------------------------------

LATE_13 = Rules(
    deal_tonks=(DealTonk(at_most=13, claim=DealTonkClaim.BEFORE_FIRST_TURN),)
)
THIRTEEN = "AC 2D 3H 3S 4C"
CLAIM = ClaimDealTonk()


def test_v19_a_claim_by_at_most_is_decided_by_the_row() -> None:
    state = _deal(LATE_13, [THIRTEEN, "KD QD JD 10D 9S"], upcard="5H")
    assert tonk.legal_actions(state) == (CLAIM, Drop(), DrawStock(), DrawDiscard())
    outcome = _play(state, "claim").outcome
    assert outcome is not None
    assert outcome.kind is tonk.OutcomeKind.DEAL_TONK
    assert outcome.payoffs == (2, -2)
    assert outcome.counts == (13, 49)
    over = _deal(LATE_13, ["AC 2D 3H 3S 5C", "KD QD JD 10D 9S"], upcard="5H")
    assert tonk.legal_actions(over) == (Drop(), DrawStock(), DrawDiscard())


def test_v19_a_claim_is_open_on_the_first_turn_only() -> None:
    state = _deal(LATE_13, ["KD QD JD 10D 9S", THIRTEEN], upcard="5H", stock="8C 8D")
    state = _play(state, "draw stock", "discard 8C")
    assert tonk.legal_actions(state)[0] == CLAIM
    state = _play(state, "draw stock", "discard 8D", "draw stock")
    state = _play(state, f"discard {state.hands[0][0]}")
    assert state.hands[1] == tuple(sorted(parse_cards(THIRTEEN)))
    assert CLAIM not in tonk.legal_actions(state)
    assert not tonk.is_legal(state, CLAIM)


def test_v19_no_claim_once_anyone_has_spread() -> None:
    state = _deal(LATE_13, ["7H 8H 9H KS KD", THIRTEEN], upcard="5H", stock="8C")
    state = _play(state, "draw stock", "spread 7H 8H 9H", "discard 8C")
    assert tonk.legal_actions(state) == (Drop(), DrawStock(), DrawDiscard())
    assert not tonk.is_legal(state, CLAIM)


def test_v19_no_claim_after_the_widow_exchange() -> None:
    rules = attrs.evolve(LATE_13, widow=True)
    state = _deal(
        rules, [THIRTEEN, "KD QD JD 10D 9S"], upcard="5H", widows=["4D", "AS"]
    )
    assert tonk.legal_actions(state)[0] == CLAIM
    state = _play(state, "exchange 4C")
    assert state.count(0) == 13
    assert tonk.legal_actions(state) == (Drop(), DrawStock(), DrawDiscard())


# --- deal tonks claimed after a spread or at the first turn's end (X13) ------------
# The rule sets are built inside the tests: one built at import is compiled
# before mutmut switches a mutant of ``_compiled.py`` on.


def test_x13_after_a_spread_a_claim_is_paid_by_the_row_that_allows_it() -> None:
    rows = (
        DealTonk(at_most=13, pays=3, claim=DealTonkClaim.BEFORE_FIRST_TURN),
        DealTonk(at_most=13, claim=DealTonkClaim.BEFORE_FIRST_TURN, after_spread=True),
    )
    state = _deal(Rules(deal_tonks=rows), ["7H 8H 9H KS KD", THIRTEEN], stock="8C")
    state = _play(state, "draw stock", "spread 7H 8H 9H", "discard 8C")
    assert tonk.legal_actions(state) == (CLAIM, Drop(), DrawStock(), DrawDiscard())
    outcome = _play(state, "claim").outcome
    assert outcome is not None
    assert outcome.kind is tonk.OutcomeKind.DEAL_TONK
    assert outcome.payoffs == (-2, 2)  # the second row's, not the first's 3x


def test_x13_after_a_spread_a_count_only_another_row_wins_is_not_claimed() -> None:
    # 41 wins by the first row, which a spread closes; the row open after a
    # spread wants 49.
    rows = (
        DealTonk(totals={41}, pays=3, claim=DealTonkClaim.BEFORE_FIRST_TURN),
        DealTonk(totals={49}, claim=DealTonkClaim.BEFORE_FIRST_TURN, after_spread=True),
    )
    hands = ["7H 8H 9H KS KC", "10D JD QD KD AD"]
    state = _deal(Rules(deal_tonks=rows), hands, stock="8C")
    state = _play(state, "draw stock", "spread 7H 8H 9H", "discard 8C")
    assert state.count(1) == 41
    assert tonk.legal_actions(state) == (Drop(), DrawStock(), DrawDiscard())
    assert _refusal(state, CLAIM)[0] is IllegalReason.NO_DEAL_TONK


@pytest.mark.parametrize("after_spread", [False, True])
def test_x13_the_last_first_turn_ends_in_a_claim_only_by_a_row_that_allows_it(
    after_spread: bool,
) -> None:
    # Seat 1 (the dealer) has the last first turn, after seat 0's spread; its
    # 41 wins only by a row allowed after a spread (X13).
    rows: tuple[DealTonk, ...] = (
        DealTonk(totals={41}, pays=3, claim=DealTonkClaim.AFTER_FIRST_TURN),
    )
    if after_spread:
        rows += (
            DealTonk(
                totals={41},
                pays=1,
                claim=DealTonkClaim.AFTER_FIRST_TURN,
                after_spread=True,
            ),
        )
    hands = ["7H 8H 9H KS KD", "10C JC QC KC 2C"]
    state = _deal(Rules(deal_tonks=rows), hands, stock="8C AD")
    state = _play(state, "draw stock", "spread 7H 8H 9H", "discard 8C")
    state = _play(state, "draw stock", "discard 2C")
    assert state.turns_taken == 2
    assert state.count(1) == 41
    if not after_spread:
        assert state.outcome is None
        assert state.to_move == 0
        return
    assert state.to_move == 1  # the hand ends on the winner's turn
    outcome = state.outcome
    assert outcome is not None
    assert outcome.kind is tonk.OutcomeKind.DEAL_TONK
    assert outcome.payoffs == (-1, 1)  # the second row's, not the first's 3x
    assert outcome.counts == (20, 41)


# --- the cards an action uses (V21, V24d) -----------------------------------------


def test_v24d_a_wild_taken_from_the_pile_may_be_hit_as_it_stands() -> None:
    rules = Rules(
        deal_tonks=(), wilds=Wilds.JOKERS_AND_TWOS, discard_draw_must_meld=True
    )
    state = _deal(
        rules, ["7H 8H 9H KS KD", "6D 8D 10D 2C 4S"], upcard="QC", stock="5C 3D"
    )
    state = _play(state, "draw stock", "spread 7H 8H 9H", "discard 5C")
    state = _play(state, "draw stock", "discard 2C", "draw discard")
    assert [tonk.format_action(action) for action in tonk.legal_actions(state)] == [
        "spread 2C=KC KD KS",
        "spread KD 2C=KH KS",
        "hit 1 2C=6H",
        "hit 1 2C=10H",
    ]


def test_v21_a_book_with_a_wild_must_be_laid() -> None:
    rules = Rules(deal_tonks=(), wilds=Wilds.JOKERS_AND_TWOS, must_spread=True)
    state = _deal(rules, ["7H 7S 2C KS QD", OTHER], upcard="JC", stock="5C")
    state = _play(state, "draw stock")
    assert [tonk.format_action(action) for action in tonk.legal_actions(state)] == [
        "spread 2C=7C 7H 7S",
        "spread 2C=7D 7H 7S",
    ]


THREE_ACES = Rules(
    deal_tonks=(), must_spread=True, three_aces_may_be_held=True, hand_size=6
)


def test_v21_three_aces_may_be_held_beside_three_other_cards() -> None:
    state = _deal(
        THREE_ACES,
        ["AC AD AH 5S 9D JC", "6D 8D 10D 10C 4S 3S"],
        upcard="KC",
        stock="QS",
    )
    state = _play(state, "draw stock")
    assert [tonk.format_action(action) for action in tonk.legal_actions(state)] == [
        "spread AC AD AH",
        "discard AC",
        "discard JC",
        "discard AD",
        "discard 9D",
        "discard AH",
        "discard 5S",
        "discard QS",
    ]


def test_v21_three_aces_held_do_not_excuse_another_book() -> None:
    state = _deal(
        THREE_ACES,
        ["AC AD AH 7C 7D 7H", "6D 8D 10D 10C 4S 3S"],
        upcard="KC",
        stock="QS",
    )
    state = _play(state, "draw stock")
    assert [tonk.format_action(action) for action in tonk.legal_actions(state)] == [
        "spread AC AD AH",
        "spread 7C 7D 7H",
    ]


# --- the slap-in window (V26) ------------------------------------------------------


def test_v30_a_locked_spread_is_refused_to_a_slapper_who_may_slap_another() -> None:
    rules = Rules(deal_tonks=(), slap_in=True, three_spread_lock=True, hand_size=10)
    state = _deal(
        rules,
        ["7H 8H 9H 2C 2D 2H 5S 6S 7S 8S", "9S 10S JS 10C 4D 3D 9C QC QH JC"],
        upcard="QD",
        stock="AS 3C 4C",
    )
    state = _play(
        state,
        "draw stock",
        "spread 7H 8H 9H",
        "spread 2C 2D 2H",
        "spread 5S 6S 7S",
        "discard AS",
        "draw stock",
        "spread 9S 10S JS",
        "discard 3C",
        "draw stock",
        "discard 8S",
    )
    assert tonk.legal_actions(state) == (Slap(3), Slap(4), Pass())
    state = _play(state, "pass")
    assert tonk.legal_actions(state) == (Slap(4), Pass())
    assert _refusal(state, Slap(3)) == (
        IllegalReason.SPREAD_LOCKED,
        "cannot slap 3: seat 0 has laid three spreads (V30)",
    )


HITS_COST = Rules(
    deal_tonks=(), slap_in=True, hit_wait=1, own_hit_wait=2, hit_bars_going_out=True
)


def _hits_cost_window() -> GameState:
    state = _deal(HITS_COST, ["7H 8H 9H 10H KD", OTHER], upcard="QD", stock="2C")
    return _play(state, "draw stock", "spread 7H 8H 9H", "discard 10H")


def test_v26_a_slap_on_the_own_spread_costs_the_own_hit_wait() -> None:
    state = _play(_hits_cost_window(), "slap 1")
    assert (state.phase, state.to_move, state.slap) == (Phase.TURN_START, 1, None)
    assert state.spreads[0].cards == parse_cards("7H 8H 9H 10H")
    assert state.spreads[0].hitters == (0,)
    assert state.waits == (2, 0)
    assert state.going_out_barred == (False, False)
    assert state.hit_this_round == (False, False)


def test_v26_a_slap_on_another_spread_is_a_hit_on_its_owner() -> None:
    state = _play(_hits_cost_window(), "pass", "slap 1")
    assert (state.phase, state.to_move) == (Phase.EXTRA_DISCARD, 1)
    assert state.slap == tonk.SlapWindow(
        card=_card("10H"), discarder=0, due=1, waiting=(), slapper=1
    )
    assert state.waits == (1, 0)
    assert state.going_out_barred == (True, False)
    assert state.hit_this_round == (True, False)
    assert tonk.legal_actions(state) == tuple(
        Discard(card) for card in sorted(parse_cards(OTHER))
    )


def test_v26_an_extra_discard_of_a_card_taken_leaves_the_taken_cards() -> None:
    state = _deal(SLAPS, ["7H 8H 9H 10H KD", OTHER], upcard="QD", stock="2C 3C")
    state = _play(state, "draw stock", "spread 7H 8H 9H", "discard 2C")
    state = _play(state, "draw discard", "discard 4S", "draw stock", "discard 10H")
    assert state.taken == ((), (_card("2C"),))
    state = _play(state, "pass", "slap 1", "discard 2C")
    assert state.taken == ((), ())
    assert (state.phase, state.to_move) == (Phase.TURN_START, 1)


def test_v26_an_extra_discard_that_fits_opens_a_window_again() -> None:
    state = _deal(
        SLAPS, ["7H 8H 9H 10H KD", "6D 8D JH 10C 4S"], upcard="QD", stock="2C"
    )
    state = _play(state, "draw stock", "spread 7H 8H 9H", "discard 10H")
    state = _play(state, "pass", "slap 1", "discard JH")
    assert (state.phase, state.to_move) == (Phase.SLAP_WINDOW, 1)
    assert state.slap == tonk.SlapWindow(
        card=_card("JH"), discarder=1, due=1, waiting=(1, 0)
    )
    assert tonk.legal_actions(state) == (Slap(1), Pass())
    state = _play(state, "pass", "pass")
    assert (state.phase, state.to_move, state.slap) == (Phase.TURN_START, 1, None)
    assert state.discard_pile[-1] == _card("JH")


# --- the unseeded shuffle (B4) -----------------------------------------------------


def _secure_shuffled(
    monkeypatch: pytest.MonkeyPatch, texts: str, *reads: list[int]
) -> str:
    """Shuffle ``texts`` with the 32-bit words ``reads`` as os.urandom's output."""
    pending = iter(reads)

    def urandom(size: int) -> bytes:
        words = next(pending)
        assert size == 4 * len(words)
        return b"".join(word.to_bytes(4, sys.byteorder) for word in words)

    monkeypatch.setattr(os, "urandom", urandom)
    cards = list(parse_cards(texts))
    deal_module._secure_shuffle(cards)
    return " ".join(map(str, cards))


def test_the_secure_shuffle_uses_every_word_in_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Place 3 swaps with 4 % 4 = 0, place 2 with 3 % 3 = 0, place 1 with 0 % 2 = 0.
    assert _secure_shuffled(monkeypatch, "AC 2C 3C 4C", [4, 3, 0, 9]) == "2C 3C 4C AC"
    # Place 2 keeps 2**32 - 2 (below 2**32 - 1, the largest multiple of 3).
    words = [2**32 - 2, 1, 7]
    assert _secure_shuffled(monkeypatch, "AC 2C 3C", words) == "AC 2C 3C"


def test_the_secure_shuffle_reads_words_unsigned(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Three words thrown away, then 2**31 + 1 (place 2 swaps with 0), then 5.
    reads = ([2**32 - 1] * 3, [2**31 + 1, 5, 0])
    assert _secure_shuffled(monkeypatch, "AC 2C 3C", *reads) == "3C 2C AC"


def _book_discarded(rules: Rules, hand: str, drawn: str, book: str) -> GameState:
    """Seat 0 lays ``book`` and discards ``drawn``."""
    state = _deal(rules, [hand, OTHER], upcard="QD", stock=drawn)
    return _play(state, "draw stock", f"spread {book}", f"discard {drawn}")


def test_v26_a_fourth_card_of_a_book_opens_a_window() -> None:
    state = _book_discarded(SLAPS, "7C 7D 7H KS KD", "7S", "7C 7D 7H")
    assert (state.phase, state.to_move) == (Phase.SLAP_WINDOW, 0)
    assert tonk.legal_actions(state) == (Slap(1), Pass())
    state = _play(state, "slap 1")
    assert state.spreads[0].cards == parse_cards("7C 7D 7H 7S")


def test_v24a_v26_no_window_for_a_fourth_card_without_four_card_books() -> None:
    rules = attrs.evolve(SLAPS, four_card_books=False)
    state = _book_discarded(rules, "7C 7D 7H KS KD", "7S", "7C 7D 7H")
    assert (state.phase, state.to_move) == (Phase.TURN_START, 1)


def test_v2_v26_with_two_packs_a_full_book_takes_no_slap_and_three_cards_do() -> None:
    rules = attrs.evolve(SLAPS, two_packs_from=2)
    state = _book_discarded(rules, "7C 7D 7H 7S KD", "7C", "7C 7D 7H 7S")
    assert (state.phase, state.to_move) == (Phase.TURN_START, 1)
    state = _book_discarded(rules, "7C 7C 7D KS KD", "7D", "7C 7C 7D")
    assert (state.phase, state.to_move) == (Phase.SLAP_WINDOW, 0)


def test_v26_no_window_for_a_card_a_wild_of_the_book_stands_for() -> None:
    rules = attrs.evolve(SLAPS, wilds=Wilds.JOKERS_AND_TWOS)
    state = _book_discarded(rules, "7D 7H 2C KS KD", "7C", "7D 7H 2C=7C")
    assert state.spreads[0].stands_for == parse_cards("7C 7D 7H")
    assert (state.phase, state.to_move) == (Phase.TURN_START, 1)
    state = _book_discarded(rules, "7D 7H 2C KS KD", "7S", "7D 7H 2C=7C")
    assert (state.phase, state.to_move) == (Phase.SLAP_WINDOW, 0)


def test_v26_v21_the_player_due_first_may_slap_holding_a_spread() -> None:
    # Under slap_priority_next the player due owes no extra discard, so a
    # complete spread it may not discard from does not bar its slap.
    rules = attrs.evolve(SLAPS, slap_priority_next=True, must_spread=True)
    state = _deal(rules, ["7H 8H 9H 10H KD", "4C 4D 4H 10C 4S"], stock="2C")
    state = _play(state, "draw stock", "spread 7H 8H 9H", "discard 10H")
    assert (state.phase, state.to_move) == (Phase.SLAP_WINDOW, 1)
    assert state.slap == tonk.SlapWindow(
        card=_card("10H"), discarder=0, due=1, waiting=(1, 0)
    )
    assert tonk.legal_actions(state) == (Slap(1), Pass())
    state = _play(state, "slap 1")
    assert (state.phase, state.to_move, state.slap) == (Phase.TURN_START, 1, None)


def test_v27_v26_the_discarder_of_a_boobed_last_card_may_slap_it() -> None:
    # Four hands of 12 leave 3 cards in the stock: after seat 0's draw, 2, no
    # more than the players, so emptying the hand ends the turn (V27); the last
    # card discarded fits a run, and the discarder, who owes no extra discard,
    # may slap it with an empty hand.
    rules = Rules(
        deal_tonks=(),
        slap_in=True,
        boobed_deck=True,
        hand_size=12,
        exhaustion_tie=tonk.ExhaustionTie.DEAD_HAND,
    )
    hands = [
        "2H 3H 4H 5H 6H 7H 9C 9D 9S KC KD KS",
        "AC 2C 3C 4C 5C 6C 7C 8C 10C JC QC AD",
        "2D 3D 4D 5D 6D 7D 8D 10D JD QD AH 9H",
        "2S 3S 4S 5S 6S 7S 8S 10S JS QS AS 10H",
    ]
    state = _deal(rules, hands, upcard="JH", stock="8H")
    state = _play(
        state,
        "draw stock",
        "spread 2H 3H 4H",
        "spread 5H 6H 7H",
        "spread 9C 9D 9S",
        "spread KC KD KS",
        "discard 8H",
    )
    assert state.hands[0] == ()
    assert (state.phase, state.to_move) == (Phase.SLAP_WINDOW, 0)
    assert state.slap == tonk.SlapWindow(
        card=_card("8H"), discarder=0, due=1, waiting=(0, 1, 2, 3)
    )
    assert tonk.legal_actions(state) == (Slap(2), Pass())
    state = _play(state, "slap 2")
    assert (state.phase, state.to_move) == (Phase.TURN_START, 1)
    assert state.spreads[1].cards == parse_cards("5H 6H 7H 8H")


def test_v31_going_out_in_the_own_first_turn_pays_the_first_turn_row() -> None:
    rules = Rules(
        deal_tonks=(),
        going_out=(tonk.OutPay(pays=4, first_turn=True), tonk.OutPay(pays=1)),
    )
    state = _deal(rules, ["7H 8H 9H KS KD", OTHER], upcard="QD", stock="KC")
    state = _play(state, "draw stock", "spread 7H 8H 9H", "spread KC KD KS")
    assert state.outcome is not None
    assert state.outcome.kind is tonk.OutcomeKind.TONK_OUT
    assert state.outcome.payoffs == (4, -4)
    assert state.to_move == 0


# --- cutting for the first dealer (B3, V9) -----------------------------------------


def _cut_as_documented(rules: Rules, players: int, seed: int) -> int:
    """Each player cuts a card; the highest rank deals; ties cut again, in seat
    order, from the rest of the pack, shuffled afresh only when too few are left."""
    rng = random.Random(seed)
    natural = [card for card in rules.pack(players=players) if card.suit is not None]
    left: list[Card] = []
    cutting = list(range(players))
    while len(cutting) > 1:
        if len(left) < len(cutting):
            left = natural[:]
            rng.shuffle(left)
        cuts = [(seat, left.pop()) for seat in cutting]
        best = max(card.rank for _, card in cuts)
        cutting = [seat for seat, card in cuts if card.rank == best]
    return cutting[0]


def test_b3_ties_cut_again_from_the_rest_of_the_pack() -> None:
    # 48 one-card cutters leave 4 cards: a tie of 4 cuts from them, not afresh.
    rules = Rules(hand_size=1, deal_tonks=())
    for players in (2, 5, 48, 49):
        for seed in range(40):
            expected = _cut_as_documented(rules, players, seed)
            assert tonk.cut_for_deal(rules, players=players, seed=seed) == expected


@pytest.mark.parametrize("players", [1, 11, True, "2"])
def test_b3_a_cut_needs_a_table_the_rules_seat(players: object) -> None:
    with pytest.raises(tonk.RulesError) as caught:
        tonk.cut_for_deal(Rules(), players=players, seed=1)  # type: ignore[arg-type]
    assert str(caught.value) == (
        f"players must be 2..10 under these rules, got {players!r}"
    )


def test_b3_a_cut_checks_its_seed() -> None:
    with pytest.raises(tonk.RulesError, match="seed"):
        tonk.cut_for_deal(Rules(), players=2, seed=10**1001)


def test_b3_an_unseeded_cut_uses_the_secure_source(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: list[object] = []

    class Source(random.Random):
        def __init__(self) -> None:
            super().__init__(5)
            made.append(self)

    monkeypatch.setattr(random, "SystemRandom", Source)
    assert tonk.cut_for_deal(Rules(), players=4) == _cut_as_documented(Rules(), 4, 5)
    assert len(made) == 1


def _emptied_by_an_extra_discard(rules: Rules) -> GameState:
    """Seat 0 empties its hand by the extra discard of a slap, 4 cards in stock.

    Three jokers make a 55-card pack: four hands of 12 and the upcard leave 6
    cards, 4 (as many as the players) once seats 0 and 1 have drawn. Seat 0
    keeps KD alone, slaps seat 1's 5H and discards KD.
    """
    rules = attrs.evolve(
        rules,
        deal_tonks=(),
        slap_in=True,
        hand_size=12,
        jokers=3,
        exhaustion_tie=tonk.ExhaustionTie.DEAD_HAND,
    )
    hands = [
        "2H 3H 4H 5S 6S 7S 8S 9C 9D 9H 9S KD",
        "AC 2C 3C 4C 6C 7C 8C 10C JC QC 5H AD",
        "2D 3D 4D 5D 6D 7D 8D 10D JD QD AH 6H",
        "2S 3S 4S AS 10S JS QS 10H JH QH KH KC",
    ]
    state = _deal(rules, hands, upcard="JK", stock="KS")
    state = _play(
        state,
        "draw stock",
        "spread 2H 3H 4H",
        "spread 5S 6S 7S 8S",
        "spread 9C 9D 9H 9S",
        "discard KS",
        "draw stock",
        "discard 5H",
    )
    assert len(state.stock) == 4
    state = _play(state, "pass", "pass", "pass", "slap 1", "discard KD")
    assert state.hands[0] == ()
    return state


def test_v27_v26_a_boobed_extra_discard_does_not_go_out() -> None:
    # The boobed deck bars going out while the stock holds no more than the
    # players: play resumes with the player due, seat 0 on an empty hand.
    state = _emptied_by_an_extra_discard(
        Rules(boobed_deck=True, exhaustion_tie=tonk.ExhaustionTie.DEAD_HAND)
    )
    assert (state.phase, state.to_move, state.outcome) == (Phase.TURN_START, 2, None)


@pytest.mark.parametrize(
    ("rows", "pays"),
    [
        ((), 1),
        # The extra discard is not the slapper's turn: no first turn, no
        # spread or hit this turn (V31-V33).
        ((tonk.OutPay(pays=3, first_turn=False), tonk.OutPay(pays=1)), 3),
        ((tonk.OutPay(pays=3, hit_this_turn=False), tonk.OutPay(pays=1)), 3),
        ((tonk.OutPay(pays=3, spreads_this_turn=1), tonk.OutPay(pays=1)), 1),
    ],
)
def test_v26_an_extra_discard_that_empties_the_hand_is_paid_by_its_row(
    rows: tuple[tonk.OutPay, ...], pays: int
) -> None:
    rules = Rules(going_out=rows) if rows else Rules()
    outcome = _emptied_by_an_extra_discard(rules).outcome
    assert outcome is not None
    assert outcome.kind is tonk.OutcomeKind.OUT_BY_DISCARD
    assert outcome.payoffs == (3 * pays, -pays, -pays, -pays)


def test_v27_v26_the_player_due_on_an_empty_hand_is_asked_first() -> None:
    # Seat 0 empties its hand on a boobed deck (V27). Under slap_priority_next
    # seat 3's 9H is offered first to seat 0, the player due, who owes no extra
    # discard and so may slap it with an empty hand; then it must drop.
    rules = Rules(
        deal_tonks=(),
        slap_in=True,
        slap_priority_next=True,
        boobed_deck=True,
        hand_size=12,
        exhaustion_tie=tonk.ExhaustionTie.DEAD_HAND,
    )
    hands = [
        "2H 3H 4H 5H 6H 7H 9C 9D 9S KC KD KS",
        "AC 2C 3C 4C 5C 6C 7C 8C 10C JC QC AD",
        "2D 3D 4D 5D 6D 7D 8D 10D JD QD AH 10H",
        "2S 3S 4S 5S 6S 7S 8S 10S JS QS AS 9H",
    ]
    state = _deal(rules, hands, upcard="JH", stock="8H")
    state = _play(
        state,
        "draw stock",
        "spread 2H 3H 4H",
        "spread 5H 6H 7H",
        "spread 9C 9D 9S",
        "spread KC KD KS",
        "discard 8H",
    )
    state = _play(state, "pass", "pass", "pass", "pass")
    state = _play(state, "draw stock", "discard AD", "draw stock", "discard JD")
    state = _play(state, "draw discard", "discard 9H")
    assert (state.phase, state.to_move) == (Phase.SLAP_WINDOW, 0)
    assert state.slap == tonk.SlapWindow(
        card=_card("9H"), discarder=3, due=0, waiting=(0, 3, 1, 2)
    )
    assert tonk.legal_actions(state) == (Slap(3), Pass())
    state = _play(state, "slap 3")
    assert (state.phase, state.to_move) == (Phase.TURN_START, 0)
    assert tonk.legal_actions(state) == (Drop(),)
    assert _refusal(state, DrawStock()) == (
        IllegalReason.MUST_DROP,
        "cannot draw stock: seat 0 must drop the empty hand (V27)",
    )


def test_x8_a_hit_with_another_card_keeps_the_card_taken_from_discarding() -> None:
    rules = Rules(deal_tonks=(), discard_pickup=False)
    hands = ["7H 8H 9H KS KD", "10H 6D 8D 10C 4S"]
    state = _deal(rules, hands, upcard="QD", stock="2C")
    state = _play(state, "draw stock", "spread 7H 8H 9H", "discard 2C")
    state = _play(state, "draw discard", "hit 1 10H")
    assert state.must_use == _card("2C")
    assert Discard(_card("2C")) not in tonk.legal_actions(state)
    assert _refusal(state, Discard(_card("2C"))) == (
        IllegalReason.PICKUP_DISCARD,
        "cannot discard 2C: 2C was taken from the discard pile this turn (X8)",
    )


def test_x5_an_eat_counts_the_turns_it_skips_as_taken() -> None:
    # Seat 0 discards; seat 2 eats, skipping seat 1, the player due: two turns.
    state = _deal(Rules(deal_tonks=(), eating=True), EAT_HANDS, upcard="QD", stock="QC")
    state = _play(state, "draw stock", "discard KS")
    assert (state.phase, state.to_move, state.turns_taken) == (Phase.SLAP_WINDOW, 2, 1)
    state = _play(state, "eat")
    assert (state.phase, state.to_move, state.turns_taken) == (Phase.AFTER_DRAW, 2, 2)
    assert state.hands[2] == tuple(sorted(parse_cards("2C 3C 5S 9D JS KS")))


def test_x5_v27_a_seat_left_with_an_empty_hand_is_not_asked_to_eat() -> None:
    # Seat 0 empties its hand on a boobed deck (V27) and its discard is offered
    # to seat 2. Seat 1's discard would be offered to seat 0 alone: an empty
    # hand must drop, so nobody is asked and seat 2's turn starts.
    rules = Rules(
        deal_tonks=(),
        eating=True,
        boobed_deck=True,
        exhaustion_tie=tonk.ExhaustionTie.DEAD_HAND,
        pack_kind=tonk.PackKind.FORTY,
        hand_size=12,
    )
    hands = [
        "AH 2H 3H 4H 5H 6H 7C 7D 7S KC KD KS",
        "AC 3C 5C JC AD 3D 5D JD AS 3S 5S JS",
        "2C 4C 6C QC 2D 4D 6D QD 2S 4S 6S QS",
    ]
    state = _deal(rules, hands, upcard="7H", stock="QH JH KH")
    state = _play(
        state,
        "draw stock",
        "spread AH 2H 3H",
        "spread 4H 5H 6H",
        "spread 7C 7D 7S",
        "spread KC KD KS",
        "discard QH",
    )
    assert state.hands[0] == ()
    assert (state.phase, state.to_move) == (Phase.SLAP_WINDOW, 2)
    state = _play(state, "pass", "draw stock", "discard JH")
    assert (state.phase, state.to_move, state.slap) == (Phase.TURN_START, 2, None)
    assert tonk.legal_actions(state) == (Drop(), DrawStock(), DrawDiscard())


@pytest.mark.parametrize(
    ("rules", "options", "message"),
    [
        (
            Rules(),
            {"players": 11},
            "players must be 2..10 under these rules (5 cards to each hand and 1"
            " upcard from a 52-card deck), got 11",
        ),
        (
            Rules(),
            {"players": 1},
            "players must be 2..10 under these rules (5 cards to each hand and 1"
            " upcard from a 52-card deck), got 1",
        ),
        (
            Rules(player_limit=4),
            {"players": 5},
            "players must be 2..4 under these rules (player_limit=4), got 5",
        ),
        (
            # The limit allows 6, the deal only 5.
            Rules(player_limit=6, hand_size=10, deal_tonks=()),
            {"players": 6},
            "players must be 2..5 under these rules (10 cards to each hand and 1"
            " upcard from a 52-card deck), got 6",
        ),
        (Rules(), {"players": 2, "dealer": 2}, "dealer must be a seat 0..1, got 2"),
        (Rules(), {"players": 3, "dealer": "0"}, "dealer must be a seat 0..2, got '0'"),
        (
            Rules(),
            {"players": 2, "seed": 1, "deck": Rules().pack()},
            "give a seed or a stacked deck, not both",
        ),
    ],
)
def test_b2_b4_new_game_refuses_a_deal_that_cannot_be(
    rules: Rules, options: dict[str, object], message: str
) -> None:
    with pytest.raises(tonk.RulesError) as caught:
        tonk.new_game(rules, **options)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_b4_new_game_checks_its_seed() -> None:
    with pytest.raises(tonk.RulesError, match="seed"):
        tonk.new_game(Rules(), players=2, seed=10**1001)


def test_b4_a_seeded_deal_deals_the_pack_random_random_shuffles() -> None:
    for seed in (0, 7, 2**40):
        deck = list(PLAIN.pack())
        random.Random(seed).shuffle(deck)
        stacked = tonk.new_game(PLAIN, players=3, deck=deck, dealer=1)
        assert tonk.new_game(PLAIN, players=3, seed=seed, dealer=1) == stacked


def test_v2_a_wild_stands_for_no_third_copy_of_a_card() -> None:
    rules = Rules(deal_tonks=(), two_packs_from=2, wilds=Wilds.JOKERS_AND_TWOS)
    state = _deal(rules, ["7C 7C 2C KS KD", OTHER], upcard="QD", stock="5H")
    state = _play(state, "draw stock")
    spreads = [
        tonk.format_action(action)
        for action in tonk.legal_actions(state)
        if isinstance(action, LaySpread)
    ]
    assert spreads == [
        "spread 7C 7C 2C=7D",
        "spread 7C 7C 2C=7H",
        "spread 7C 7C 2C=7S",
        "spread 2C=KC KD KS",
        "spread 2C=KD KD KS",
        "spread KD 2C=KH KS",
        "spread KD 2C=KS KS",
    ]


def test_b15_the_hand_ends_at_the_turn_limit_on_the_last_mover() -> None:
    rules = Rules(deal_tonks=(), max_turns=1)
    state = _deal(rules, ["7H 8H 9H KS KD", OTHER], upcard="QD", stock="2C")
    state = _play(state, "draw stock", "discard 2C")
    assert state.outcome is not None
    assert state.outcome.kind is tonk.OutcomeKind.TURN_LIMIT
    assert (state.phase, state.to_move) == (Phase.HAND_OVER, 0)


@pytest.mark.parametrize("four_card_books", [True, False])
def test_b10_v24a_a_wild_hits_a_book_as_its_missing_card_only(
    four_card_books: bool,
) -> None:
    rules = Rules(
        deal_tonks=(), wilds=Wilds.JOKERS_AND_TWOS, four_card_books=four_card_books
    )
    state = _deal(rules, ["7C 7D 7H 2C KD", OTHER], upcard="QD", stock="5S")
    state = _play(state, "draw stock", "spread 7C 7D 7H")
    hits = ["hit 1 2C=7S"] if four_card_books else []
    assert [tonk.format_action(action) for action in tonk.legal_actions(state)] == [
        *hits,
        "discard 2C",
        "discard KD",
        "discard 5S",
    ]


def test_b11_going_out_by_discarding_a_card_taken_forgets_it() -> None:
    state = _deal(PLAIN, ["7H 8H 9H 10H JH", OTHER], upcard="QD", stock="KS 3C")
    state = _play(state, "draw stock", "spread 7H 8H 9H 10H", "discard KS")
    state = _play(state, "draw stock", "discard 4S", "draw discard")
    assert state.taken == ((_card("4S"),), ())
    state = _play(state, "hit 1 JH", "discard 4S")
    assert state.outcome is not None
    assert state.outcome.kind is tonk.OutcomeKind.OUT_BY_DISCARD
    assert state.taken == ((), ())


def test_v30_a_locked_spread_leaves_the_later_spreads_open_to_hits() -> None:
    state = _deal(
        LOCK,
        ["7H 8H 9H 2C 2D 2H 5S 6S 7S KD", "9S 10S JS 10C 4D 3D 9C QC QH JC"],
        upcard="QD",
        stock="AS 8S",
    )
    state = _play(
        state,
        "draw stock",
        "spread 7H 8H 9H",
        "spread 2C 2D 2H",
        "spread 5S 6S 7S",
        "discard AS",
        "draw stock",
        "spread 9S 10S JS",
    )
    hits = [action for action in tonk.legal_actions(state) if isinstance(action, Hit)]
    assert hits == [Hit(4, _card("8S"))]


@pytest.mark.parametrize(
    ("rules", "hand"),
    [
        # V24c alone: only must-spread (V21) forbids a turn-ending hit that
        # keeps a spread, so the hit keeping KC KD KS is open.
        (Rules(deal_tonks=(), hit_ends_turn=True, hand_size=7), "KC KD KS"),
        # V21 with V24c: the hand after the hit is what counts, and 10H JH QH
        # loses the 10H to it.
        (
            Rules(deal_tonks=(), must_spread=True, hit_ends_turn=True, hand_size=7),
            "JH QH KS",
        ),
    ],
    ids=["v24c-alone", "v21-with-v24c"],
)
def test_a_turn_ending_hit_is_judged_by_the_hand_it_leaves(
    rules: Rules, hand: str
) -> None:
    hands = [f"7H 8H 9H 10H {hand}", "6D 8D 10D 10C 4S 3D 5C"]
    state = _deal(rules, hands, upcard="QD", stock="5S")
    state = _play(state, "draw stock", "spread 7H 8H 9H")
    assert Hit(1, _card("10H")) in tonk.legal_actions(state)
    state = _play(state, "hit 1 10H")  # the turn ends (V24c)
    assert state.to_move == 1


def test_v22_v24b_a_draw_that_serves_a_wait_starts_the_count_of_hits_at_zero() -> None:
    # Serving a wait revises the bookkeeping at the draw; the turn still has
    # its one hit (V24b) to make.
    rules = Rules(deal_tonks=(), spread_wait=3, max_hits_per_turn=1)
    state = _deal(rules, ["7H 8H 9H KS KD", OTHER], upcard="QD", stock="2C 3C 10H")
    state = _play(state, "draw stock", "spread 7H 8H 9H", "discard KS")
    state = _play(state, "draw stock", "discard 3C", "draw stock")
    assert state.waits == (2, 0)
    assert state.hits_this_turn == 0
    assert Hit(1, _card("10H")) in tonk.legal_actions(state)
    state = _play(state, "hit 1 10H")
    assert state.hits_this_turn == 1


def test_v22_option_the_bar_lifts_after_a_turn_without_a_hit() -> None:
    # The barred seat's turn makes no hit and takes no card from the pile:
    # only the bar changes at its end.
    state = _barred_from_going_out()
    assert state.going_out_barred == (True, False)
    state = _play(state, "discard KC")
    assert state.going_out_barred == (False, False)
    assert state.hits_this_turn == 0
