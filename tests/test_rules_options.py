"""Tests of ``tonk.Rules``'s options and rows: bounds, refusals, derived values.

They build rule sets through the public constructors only: every option's
bounds (the last good value and the first bad one), the message each refusal
shows, and what the derived properties say.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

import tonk
from tonk import (
    Card,
    Catch,
    CourtValues,
    DealTonk,
    DealTonkClaim,
    DropPay,
    ExhaustionTie,
    OutPay,
    OutWay,
    PackKind,
    PerPlayer,
    Rules,
    RulesError,
    Scoring,
    StockEnd,
    Wilds,
)
from tonk.testing import stack_deck

Build = Callable[..., object]
JOKER = Card.parse("JK")

# (constructor, keyword arguments, error, the whole message)
REFUSED: list[tuple[Build, dict[str, Any], type[Exception], str]] = [
    # OutPay (B11, V31-V34)
    (OutPay, {"pays": 2, "by": "spread"}, TypeError,
     "by must be a collection of OutWay, got 'spread'"),
    (OutPay, {"pays": 1.5}, RulesError,
     "a going-out row must pay at least 1, got 1.5"),
    (OutPay, {"pays": 0}, RulesError, "a going-out row must pay at least 1, got 0"),
    (OutPay, {"pays": 1, "by": ()}, RulesError,
     "a going-out row needs at least one way in by"),
    (OutPay, {"pays": 1, "spreads_this_turn": 1.5}, RulesError,
     "spreads_this_turn must be a non-negative int, got 1.5"),
    (OutPay, {"pays": 1, "spreads_this_turn": -1}, RulesError,
     "spreads_this_turn must be a non-negative int, got -1"),
    # PerPlayer (V35, V38)
    (PerPlayer, {"times": 1.5}, RulesError,
     "PerPlayer.times must be a positive int, got 1.5"),
    (PerPlayer, {"times": 0}, RulesError,
     "PerPlayer.times must be a positive int, got 0"),
    (PerPlayer, {"times": 1, "less": 0.5}, RulesError,
     "PerPlayer.less must be 0 or 1, got 0.5"),
    (PerPlayer, {"times": 1, "less": 2}, RulesError,
     "PerPlayer.less must be 0 or 1, got 2"),
    # Catch (B13, V35-V38)
    (Catch, {"to_catchers": -1}, RulesError,
     "a catch amount must be a non-negative int or a PerPlayer, got -1"),
    (Catch, {"to_lowest": 0}, RulesError,
     "a catch must make the dropper pay something"),
    # DealTonk (B5, V11-V20)
    (DealTonk, {"totals": 49}, TypeError,
     "totals must be a collection of ints, got 49"),
    (DealTonk, {}, RulesError,
     "a deal tonk row needs exactly one of totals, at_most and court_cards"),
    (DealTonk, {"totals": {49.5}}, RulesError,
     "deal tonk totals must be non-negative ints, got 49.5"),
    (DealTonk, {"totals": {-1}}, RulesError,
     "deal tonk totals must be non-negative ints, got -1"),
    (DealTonk, {"at_most": 1.5}, RulesError,
     "at_most must be a non-negative int, got 1.5"),
    (DealTonk, {"at_most": -1}, RulesError,
     "at_most must be a non-negative int, got -1"),
    (DealTonk, {"court_cards": 1.5}, RulesError,
     "court_cards must be a positive int, got 1.5"),
    (DealTonk, {"court_cards": 0}, RulesError,
     "court_cards must be a positive int, got 0"),
    (DealTonk, {"totals": {49}, "pays": 0}, RulesError,
     "a deal tonk must pay at least 1, got 0"),
    # Rules: payouts and sessions (B11, V31-V46)
    (Rules, {"going_out": ["x"]}, TypeError,
     "going_out must hold OutPay rows, got 'x'"),
    (Rules, {"going_out": [OutPay(pays=1, by={OutWay.DISCARD})]}, RulesError,
     "going_out has no unconditional row for going out by hit, spread:"
     " every way of going out must be paid"),
    (Rules, {"catch": "b13"}, TypeError, "catch must be a Catch, got 'b13'"),
    (Rules, {"match_target": 1.5}, RulesError,
     "match_target must be None or a positive int, got 1.5"),
    (Rules, {"match_target": 0}, RulesError,
     "match_target must be None or a positive int, got 0"),
    (Rules, {"match_deals": 0}, RulesError,
     "match_deals must be None or a positive int, got 0"),
    (Rules, {"suit_bet": 0.5}, RulesError,
     "suit_bet must be a non-negative int, got 0.5"),
    (Rules, {"naturals_bet": -1}, RulesError,
     "naturals_bet must be a non-negative int, got -1"),
    # Rules: numbers and combinations (B1-B15, V1-V30)
    (Rules, {"jokers": 1.5}, RulesError, "jokers must be an int 0..8, got 1.5"),
    (Rules, {"jokers": -1}, RulesError, "jokers must be an int 0..8, got -1"),
    (Rules, {"jokers": 9}, RulesError, "jokers must be an int 0..8, got 9"),
    (Rules, {"jokers": 1, "joker_value": 1.5}, RulesError,
     "joker_value must be a non-negative int, got 1.5"),
    (Rules, {"jokers": 1, "joker_value": -1}, RulesError,
     "joker_value must be a non-negative int, got -1"),
    (Rules, {"joker_value": 5}, RulesError,
     "joker_value=5 needs jokers in the deck (jokers=0)"),
    (Rules, {"wilds": Wilds.JOKERS}, RulesError,
     "wilds=JOKERS needs jokers in the deck (jokers=0)"),
    (Rules, {"hand_size": 5.0}, RulesError, "hand_size must be an int 1..13, got 5.0"),
    (Rules, {"hand_size": 0}, RulesError, "hand_size must be an int 1..13, got 0"),
    (Rules, {"hand_size": 14}, RulesError, "hand_size must be an int 1..13, got 14"),
    (Rules, {"two_packs_from": 2.5}, RulesError,
     "two_packs_from must be None or an int 2 or more, got 2.5"),
    (Rules, {"two_packs_from": 1}, RulesError,
     "two_packs_from must be None or an int 2 or more, got 1"),
    (Rules, {"player_limit": 1}, RulesError,
     "player_limit must be None or an int 2 or more, got 1"),
    (Rules, {"spread_wait": 1.5}, RulesError,
     "spread_wait must be an int 0..10, got 1.5"),
    (Rules, {"spread_wait": -1}, RulesError,
     "spread_wait must be an int 0..10, got -1"),
    (Rules, {"hit_wait": 11}, RulesError, "hit_wait must be an int 0..10, got 11"),
    (Rules, {"own_hit_wait": 11}, RulesError,
     "own_hit_wait must be an int 0..10, got 11"),
    (Rules, {"max_hits_per_turn": 1.5}, RulesError,
     "max_hits_per_turn must be None or a non-negative int, got 1.5"),
    (Rules, {"max_hits_per_turn": -1}, RulesError,
     "max_hits_per_turn must be None or a non-negative int, got -1"),
    (Rules, {"three_aces_may_be_held": True}, RulesError,
     "three_aces_may_be_held is an option of must_spread"),
    (Rules, {"must_spread": True, "hit_bars_going_out": True}, RulesError,
     "must_spread cannot be combined with hit_bars_going_out: a player barred"
     " from going out could hold a spread it may neither lay nor keep"),
    (Rules, {"slap_priority_next": True}, RulesError,
     "slap_priority_next is an option of slap_in"),
    (Rules, {"hit_wait_once_per_round": True}, RulesError,
     "hit_wait_once_per_round needs a hit_wait"),
    (Rules, {"boobed_deck": True}, RulesError,
     "boobed_deck makes a tie at exhaustion a dead hand (V27):"
     " set exhaustion_tie=ExhaustionTie.DEAD_HAND"),
    (Rules, {"boobed_deck": True, "exhaustion_tie": ExhaustionTie.DEAD_HAND,
             "stock_end": StockEnd.DEAD}, RulesError,
     "boobed_deck ends at exhaustion with a showdown (V27), not"
     " stock_end=dead"),
    (Rules, {"deal_tonks": ["x"]}, TypeError,
     "deal_tonks must hold DealTonk rows, got 'x'"),
    (Rules, {"max_turns": 0}, RulesError,
     "max_turns must be a positive int or None, got 0"),
    (Rules, {"max_turns": 1.5}, RulesError,
     "max_turns must be a positive int or None, got 1.5"),
    (Rules, {"match_deals": 2, "big_one_deals": 3}, RulesError,
     "big_one_deals=3 is more than the match_deals=2 of the match"),
    # Every int option is bounded, in rows and sets too
    (Rules, {"max_turns": 10**9 + 1}, RulesError,
     "max_turns must be at most 1000000000, got 1000000001"),
    (DealTonk, {"totals": {10**9 + 1}}, RulesError,
     "totals must be at most 1000000000, got 1000000001"),
    (Rules, {"joker_value": 10**9 + 1}, RulesError,
     "joker_value must be at most 1000000000, got 1000000001"),
    # An option with bounds of its own names them, however large the value
    (Rules, {"hand_size": 10**10}, RulesError,
     "hand_size must be an int 1..13, got 10000000000"),
    (Rules, {"jokers": 10**5000}, RulesError,
     "jokers must be an int 0..8, got <int of 5001 digits>"),
    # Deal tonks that could never win (B5, V1, V6, V11-V20)
    (Rules, {"court_values": CourtValues.RANKED}, RulesError,
     "deal tonk row 1 pays 49 or 50, but with court values 11/12/13 the"
     " 49/50 deal tonks are off (V6)"),
    (Rules, {"pack_kind": PackKind.FORTY}, RulesError,
     "deal tonk row 1 can never win: no 5-card hand from these packs counts 49"
     " (V1 players use totals={47, 50})"),
    (Rules, {"pack_kind": PackKind.FORTY, "deal_tonks": [DealTonk(totals={50}),
             DealTonk(totals={48})]}, RulesError,
     "deal tonk row 2 can never win: no 5-card hand from these packs counts 48"),
    (Rules, {"hand_size": 2, "deal_tonks": [DealTonk(totals={21})]}, RulesError,
     "deal tonk row 1 can never win: no 2-card hand from these packs counts 21"),
    (Rules, {"deal_tonks": [DealTonk(at_most=4)]}, RulesError,
     "deal tonk row 1 can never win: no 5-card hand counts 4 or less"),
    (Rules, {"deal_tonks": [DealTonk(court_cards=6)]}, RulesError,
     "deal tonk row 1 can never win: 6 court cards do not fit a 5-card hand"),
    # DropPay (X11)
    (DropPay, {"at_most": -1, "pays": 1}, RulesError,
     "a drop bonus row's at_most must be a non-negative int, got -1"),
    (DropPay, {"at_most": "5", "pays": 1}, RulesError,
     "a drop bonus row's at_most must be a non-negative int, got '5'"),
    (DropPay, {"at_most": 5, "pays": 0}, RulesError,
     "a drop bonus row must pay at least 1, got 0"),
    (DropPay, {"at_most": 5, "pays": 1.5}, RulesError,
     "a drop bonus row must pay at least 1, got 1.5"),
    # DealTonk.after_spread (X13)
    (DealTonk, {"totals": {49}, "after_spread": True}, RulesError,
     "after_spread is an option of a row claimed after the deal (X13):"
     " nobody has spread at the deal"),
    # Rules.hand_size_by_players (X2): every table named must be seated
    (Rules, {"hand_size_by_players": {2: 5, 20: 5}}, RulesError,
     "hand_size_by_players names 20 players, but these rules deal to at most 10:"
     " 5-card hands for 11 players need more cards than the pack holds"),
    (Rules, {"player_limit": 6, "hand_size_by_players": {6: 10}}, RulesError,
     "hand_size_by_players names 6 players, but these rules deal to at most 5:"
     " 10-card hands for 6 players need more cards than the pack holds"),
    (Rules, {"player_limit": 4, "hand_size_by_players": {5: 5}}, RulesError,
     "hand_size_by_players names 5 players, more than player_limit=4"),
    # A deal tonk row must win at some table's hand size (X2), and only those
    (Rules, {"hand_size_by_players": {2: 7}, "deal_tonks": [DealTonk(totals={75})]},
     RulesError,
     "deal tonk row 1 can never win: no hand of 5 or 7 cards from these packs"
     " counts 75"),
    (Rules, {"player_limit": 3, "hand_size_by_players": {2: 7, 3: 7},
             "deal_tonks": [DealTonk(totals={6})]}, RulesError,
     "deal tonk row 1 can never win: no 7-card hand from these packs counts 6"),
    # Rules.hand_size_by_players (X2): the pairs themselves
    (Rules, {"hand_size_by_players": "2:5"}, TypeError,
     "hand_size_by_players must map player counts to hand sizes, got '2:5'"),
    (Rules, {"hand_size_by_players": [5]}, TypeError,
     "hand_size_by_players must map player counts to hand sizes, got 5"),
    (Rules, {"hand_size_by_players": [(1, 2, 3)]}, TypeError,
     "hand_size_by_players must map player counts to hand sizes, got (1, 2, 3)"),
    (Rules, {"hand_size_by_players": {3: 5, "x": 5}}, RulesError,
     "hand_size_by_players maps player counts of 2 or more, got 'x'"),
    (Rules, {"hand_size_by_players": {1: 5}}, RulesError,
     "hand_size_by_players maps player counts of 2 or more, got 1"),
    (Rules, {"hand_size_by_players": {2.5: 5}}, RulesError,
     "hand_size_by_players maps player counts of 2 or more, got 2.5"),
    (Rules, {"hand_size_by_players": {10**9: 5}}, RulesError,
     "hand_size_by_players names 1000000000 players, but these rules deal to at"
     " most 10: 5-card hands for 11 players need more cards than the pack holds"),
    (Rules, {"hand_size_by_players": {10**9 + 1: 5}}, RulesError,
     "hand_size_by_players maps player counts of 2 or more, got 1000000001"),
    (Rules, {"hand_size_by_players": {2: 0}}, RulesError,
     "hand_size_by_players maps 2 players to a hand of 0 cards; a hand size must"
     " be an int 1..13"),
    (Rules, {"hand_size_by_players": {2: 14}}, RulesError,
     "hand_size_by_players maps 2 players to a hand of 14 cards; a hand size"
     " must be an int 1..13"),
    (Rules, {"hand_size_by_players": {2: 1.5}}, RulesError,
     "hand_size_by_players maps 2 players to a hand of 1.5 cards; a hand size"
     " must be an int 1..13"),
    (Rules, {"hand_size_by_players": [(2, 5), (2, 6)]}, RulesError,
     "hand_size_by_players maps 2 players more than once"),
    # Options of the X rules that do not combine (X3, X5, X7-X9)
    (Rules, {"eating": True, "slap_in": True}, RulesError,
     "eating (X5) cannot be combined with slap_in (V26): both open a window on"
     " the same discard, and no source orders a slap against an eat"),
    (Rules, {"hit_wait_once_per_turn": True}, RulesError,
     "hit_wait_again and hit_wait_once_per_turn need a hit_wait (X7)"),
    (Rules, {"hit_wait_again": 1}, RulesError,
     "hit_wait_again and hit_wait_once_per_turn need a hit_wait (X7)"),
    (Rules, {"hit_wait": 1, "hit_wait_once_per_turn": True,
             "hit_wait_once_per_round": True}, RulesError,
     "hit_wait_once_per_turn adds nothing to hit_wait_once_per_round, which"
     " charges one hit wait between two of the owner's turns"),
    (Rules, {"discard_pickup": False, "discard_draw_must_meld": True}, RulesError,
     "discard_pickup=False adds nothing to discard_draw_must_meld: the card taken"
     " must be used at once, so it is never discarded (X8)"),
    (Rules, {"own_hit_wait": 1, "hit_own_spreads": False}, RulesError,
     "own_hit_wait=1 needs hits on your own spreads, which hit_own_spreads=False"
     " forbids (X9)"),
    (Rules, {"elimination_at": 10}, RulesError,
     "elimination_at=10 needs push-up scoring (X3 under V42), got scoring=money"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("build", "options", "error", "message"),
    REFUSED,
    ids=[f"{build.__name__}-{'-'.join(options)}" for build, options, *_ in REFUSED],
)
def test_a_bad_option_is_refused_with_its_message(
    build: Build, options: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=f"^{re.escape(message)}$"):
        build(**options)


def test_the_last_good_value_of_each_bound_is_accepted() -> None:
    assert OutPay(pays=1, spreads_this_turn=0).spreads_this_turn == 0
    assert PerPlayer(1, less=1).less == 1
    assert DealTonk(totals={0}).totals == {0}
    assert DealTonk(at_most=0).at_most == 0
    assert DealTonk(court_cards=1).court_cards == 1
    assert Rules(match_target=1, match_deals=1, big_one_deals=1).big_one_deals == 1
    assert Rules(suit_bet=0, naturals_bet=0, big_one_deals=0).suit_bet == 0
    assert DropPay(at_most=0, pays=1).at_most == 0
    largest = Rules(hand_size=10, player_limit=6, hand_size_by_players={5: 10})
    assert largest.max_players == 5
    assert Rules(hand_size_by_players={2: 1, 3: 13}).hand_size_for(3) == 13
    by_table = Rules(hand_size_by_players={3: 5, 2: 7}).hand_size_by_players
    assert by_table == ((2, 7), (3, 5))  # in the order of the tables
    assert Rules(hit_wait=1, hit_wait_once_per_turn=True).hit_wait_once_per_turn
    assert Rules(hit_wait=2, hit_wait_again=1).hit_wait_again == 1
    pushed = Rules(elimination_at=10, scoring=Scoring.PUSH_UPS)
    assert pushed.elimination_at == 10
    sixty = DealTonk(totals={60})  # seven cards only (X2)
    assert Rules(hand_size_by_players={2: 7}, deal_tonks=[sixty]).deal_tonks == (sixty,)


def test_v38_per_player_less_one_is_n_minus_1() -> None:
    assert PerPlayer(2, less=1).at(4) == 6
    assert PerPlayer(3).at(4) == 12


@pytest.mark.parametrize(
    "options",
    [
        {"jokers": 8},
        {"jokers": 1, "joker_value": 0},
        {"hand_size": 13},
        {"hand_size": 1, "deal_tonks": ()},
        {"two_packs_from": 2},
        {"player_limit": 2},
        {"spread_wait": 10, "hit_wait": 10, "own_hit_wait": 10},
        {"max_hits_per_turn": 0},
        {"max_turns": 1},
        {"max_turns": 10**9},
        {"deal_tonks": [DealTonk(at_most=6)]},
        {"deal_tonks": [DealTonk(court_cards=5)]},
        {"hand_size": 2, "deal_tonks": [DealTonk(totals={20})]},
        {"court_values": CourtValues.RANKED, "deal_tonks": [DealTonk(totals={47})]},
        {"must_spread": True, "three_aces_may_be_held": True},
        {"hit_bars_going_out": True},
        {"slap_in": True, "slap_priority_next": True},
        {"hit_wait": 1, "hit_wait_once_per_round": True},
        {"boobed_deck": True, "exhaustion_tie": ExhaustionTie.DEAD_HAND},
        {"stock_end": StockEnd.DEAD},
    ],
    ids=repr,
)
def test_a_bound_options_last_good_value_is_accepted(options: dict[str, Any]) -> None:
    rules = Rules(**options)
    for name, value in options.items():
        assert getattr(rules, name) == (
            tuple(value) if isinstance(value, list) else value
        )


def test_b2_the_largest_table_is_the_largest_deal_that_fits() -> None:
    # Each seat's hand (and widow) plus the upcard must fit the pack(s).
    assert Rules().max_players == 10  # 10 * 5 + 1 = 51 of 52
    assert Rules(hand_size=4, deal_tonks=()).max_players == 12  # 12 * 4 + 1 = 49
    assert (
        Rules(hand_size=4, upcard=False, deal_tonks=()).max_players == 13
    )  # 13 * 4 = 52
    assert Rules(widow=True).max_players == 8  # 8 * 6 + 1 = 49
    assert Rules(player_limit=4).max_players == 4
    assert Rules(two_packs_from=5).max_players == 20  # 20 * 5 + 1 = 101 of 104
    assert Rules(two_packs_from=11).max_players == 20
    one_card = Rules(hand_size=1, upcard=False, two_packs_from=2, deal_tonks=())
    assert one_card.max_players == 104  # a card each from two packs
    assert Rules(pack_kind=PackKind.FORTY, deal_tonks=()).max_players == 7


def test_v2_two_packs_are_used_from_the_table_size_on() -> None:
    rules = Rules(two_packs_from=5)
    assert (rules.packs_for(4), rules.packs_for(5), rules.packs_for(6)) == (1, 2, 2)
    assert len(rules.pack(players=4)) == 52
    pack = rules.pack(players=5)
    assert len(pack) == 104
    assert pack[:2] == (pack[0], pack[0])
    assert pack == tuple(sorted(pack))
    assert Rules(two_packs_from=5, jokers=2).pack(players=5)[-2:] == (
        JOKER,
        JOKER,
    )
    with pytest.raises(
        RulesError,
        match=re.escape(
            "the number of packs depends on the number of players"
            " (two_packs_from=5); pass players"
        ),
    ):
        rules.pack()


def test_v3_v6_card_values_wilds_and_duplicates() -> None:
    jack, two = Card.parse("JD"), Card.parse("2D")
    assert Rules().card_value(jack) == 10
    ranked = Rules(court_values=CourtValues.RANKED, deal_tonks=())
    assert ranked.card_value(jack) == 11
    assert Rules(jokers=1, joker_value=25).card_value(JOKER) == 25
    chicago = Rules(wilds=Wilds.JOKERS_AND_TWOS, jokers=2)
    assert chicago.is_wild(two)
    assert chicago.is_wild(JOKER)
    assert not Rules(wilds=Wilds.JOKERS, jokers=1).is_wild(two)
    assert Rules(wilds=Wilds.JOKERS, jokers=1).is_wild(JOKER)
    assert not Rules(jokers=1).is_wild(JOKER)
    assert (Rules().has_wilds, chicago.has_wilds) == (False, True)
    assert Rules(wilds=Wilds.JOKERS_AND_TWOS).has_wilds  # the twos, no jokers
    assert (Rules().has_duplicates, Rules(jokers=1).has_duplicates) == (False, False)
    assert Rules(jokers=2).has_duplicates
    assert Rules(two_packs_from=8).has_duplicates


def test_b2_v2_a_table_between_one_pack_and_two_packs_is_refused() -> None:
    # Eleven 5-card hands and the upcard (56 cards) do not fit one pack, and
    # two packs start at twelve players: the tables stop at the first that
    # does not fit (10), so a table of 11 is refused with a RulesError rather
    # than failing in the deal (it raised IndexError).
    rules = Rules(two_packs_from=12)
    assert rules.max_players == 10
    with pytest.raises(RulesError):
        tonk.new_game(rules, players=11, seed=1)


def _first_turn(rules: Rules, hands: list[str]) -> tonk.GameState:
    deck = stack_deck(rules, hands=hands, upcard="10C", dealer=1)
    return tonk.new_game(rules, players=len(hands), deck=deck, dealer=1)


LATE = DealTonkClaim.BEFORE_FIRST_TURN


@pytest.mark.parametrize(
    "rows",
    [
        [DealTonk(totals={49}, pays=1, claim=LATE)],
        [DealTonk(totals={50}), DealTonk(totals={49}, pays=1, claim=LATE)],
        [DealTonk(at_most=49, pays=1, claim=LATE)],
    ],
    ids=["totals", "after-a-row-at-the-deal", "at-most"],
)
def test_v19_a_deal_tonk_claimed_before_the_first_turn_is_offered(
    rows: list[DealTonk],
) -> None:
    rules = Rules(deal_tonks=rows)
    state = _first_turn(rules, ["KS KH KD KC 9S", "QS QH QD 8C 7S"])  # 49, 45
    assert tonk.ClaimDealTonk() in tonk.legal_actions(state)
    outcome = tonk.apply(state, tonk.ClaimDealTonk()).outcome
    assert outcome is not None
    assert outcome.payoffs == (1, -1)


def test_v19_a_hand_that_wins_no_late_row_offers_no_claim() -> None:
    rules = Rules(deal_tonks=[DealTonk(at_most=9, claim=LATE)])
    state = _first_turn(rules, ["KS KH KD KC 9S", "AS AH AD AC 2S"])
    assert tonk.ClaimDealTonk() not in tonk.legal_actions(state)
    assert not tonk.is_legal(state, tonk.ClaimDealTonk())


# --- each play option alone, built inside the test (V21-V30, V46) --------------
# A rule set built when a module is imported is built before mutation testing
# switches a mutant on, so these build their own: each option must take the
# engine off its plain-play path.


def _dealt(rules: Rules, drawn: str = "9D") -> tonk.GameState:
    """Seat 0 holds a book of sevens and the fourth seven, and draws ``drawn``."""
    deck = stack_deck(
        rules,
        hands=["7C 7D 7H 7S 2C", "3D 4D 8C 9C KS"],
        upcard="QD",
        stock=f"{drawn} 5H",
        dealer=1,
    )
    state = tonk.new_game(rules, players=2, deck=deck, dealer=1)
    return tonk.apply(state, tonk.DrawStock())


def _played(state: tonk.GameState, *texts: str) -> tonk.GameState:
    for text in texts:
        state = tonk.apply(state, tonk.parse_action(state, text))
    return state


def _texts(state: tonk.GameState) -> set[str]:
    return {tonk.format_action(action) for action in tonk.legal_actions(state)}


def _back_to_seat_0(state: tonk.GameState) -> tonk.GameState:
    """Play seat 1's turn: draw, then discard the card drawn."""
    state = _played(state, "draw stock")
    return _played(state, "discard 5H")


def test_v21_must_spread_bars_a_discard_while_a_spread_is_held() -> None:
    texts = _texts(_dealt(Rules(deal_tonks=(), must_spread=True)))
    assert not any(text.startswith("discard") for text in texts)
    assert "spread 7C 7D 7H" in texts


def test_v22_a_spread_wait_bars_the_next_drop() -> None:
    rules = Rules(deal_tonks=(), spread_wait=1)
    state = _back_to_seat_0(_played(_dealt(rules), "spread 7C 7D 7H", "discard 2C"))
    assert "drop" not in _texts(state)


def test_v22_hitting_your_own_spread_bars_the_next_drop() -> None:
    rules = Rules(deal_tonks=(), own_hit_wait=1)
    state = _played(_dealt(rules), "spread 7C 7D 7H", "hit 1 7S", "discard 2C")
    assert "drop" not in _texts(_back_to_seat_0(state))


def test_v24a_v24b_hits_limited_by_book_size_and_count() -> None:
    for rules in (
        Rules(deal_tonks=(), four_card_books=False),
        Rules(deal_tonks=(), max_hits_per_turn=0),
    ):
        state = _played(_dealt(rules), "spread 7C 7D 7H")
        assert "hit 1 7S" not in _texts(state)


def test_v24c_a_hit_ends_the_turn() -> None:
    rules = Rules(deal_tonks=(), hit_ends_turn=True)
    state = _played(_dealt(rules), "spread 7C 7D 7H", "hit 1 7S")
    assert (state.to_move, state.phase) == (1, tonk.Phase.TURN_START)


def test_v24d_an_unusable_discard_cannot_be_taken() -> None:
    rules = Rules(deal_tonks=(), discard_draw_must_meld=True)
    deck = stack_deck(
        rules, hands=["7C 7D 7H 7S 2C", "3D 4D 8C 9C KS"], upcard="QD", dealer=1
    )
    state = tonk.new_game(rules, players=2, deck=deck, dealer=1)
    assert "draw discard" not in _texts(state)
    assert "draw stock" in _texts(state)


def test_v26_a_discard_that_fits_a_spread_opens_a_slap_window() -> None:
    rules = Rules(deal_tonks=(), slap_in=True)
    state = _played(_dealt(rules), "spread 7C 7D 7H", "discard 7S")
    assert state.phase is tonk.Phase.SLAP_WINDOW


def test_v28_an_empty_stock_makes_a_dead_hand() -> None:
    rules = Rules(deal_tonks=(), stock_end=StockEnd.DEAD)
    state = tonk.new_game(rules, players=2, seed=3)
    while not state.is_terminal:
        state = tonk.apply(state, tonk.DrawStock())  # from an empty stock: the end
        if not state.is_terminal:
            state = tonk.apply(state, tonk.Discard(state.hands[state.to_move][-1]))
    assert state.outcome is not None
    assert state.outcome.kind is tonk.OutcomeKind.DEAD_STOCK


def test_v46_the_widow_may_be_exchanged_at_the_start_of_a_turn() -> None:
    state = tonk.new_game(Rules(deal_tonks=(), widow=True), players=2, seed=1)
    assert any(isinstance(a, tonk.Exchange) for a in tonk.legal_actions(state))


def test_v22_being_hit_bars_going_out_on_the_next_turn() -> None:
    def last_turn(rules: Rules) -> set[str]:
        deck = stack_deck(
            rules,
            hands=["7C 7D 7H 5S 6S", "7S 4D 8C 9C KS"],
            upcard="QD",
            stock="9D 10D 4S",
            dealer=1,
        )
        state = tonk.new_game(rules, players=2, deck=deck, dealer=1)
        state = _played(state, "draw stock", "spread 7C 7D 7H", "discard 9D")
        state = _played(state, "draw stock", "hit 1 7S", "discard 10D")
        return _texts(_played(state, "draw stock"))

    assert "spread 4S 5S 6S" in last_turn(Rules(deal_tonks=()))
    assert "spread 4S 5S 6S" not in last_turn(
        Rules(deal_tonks=(), hit_bars_going_out=True)
    )


def test_v29_an_empty_stock_forces_a_drop() -> None:
    rules = Rules(deal_tonks=(), stock_end=StockEnd.FORCED_KNOCK)
    state = tonk.new_game(rules, players=2, seed=3)
    while state.stock:
        state = tonk.apply(state, tonk.DrawStock())
        state = tonk.apply(state, tonk.Discard(state.hands[state.to_move][-1]))
    assert tonk.legal_actions(state) == (tonk.Drop(),)
