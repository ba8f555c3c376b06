"""Exact values of tonk.encoding, written to kill mutmut's survivors.

``test_encoding.py`` checks the layouts against themselves (every index
decodes and encodes back, every vector equals a slow reference built from
``observation_sections``): a change that moves a whole section, or a value
written the same wrong way by both forms, goes unseen there. These tests pin
the numbers a learning agent trains on to values worked out by hand: the
indices of named actions at each section's edges, the positions and values
an observation writes in stacked deals, the bounds of each section, the
texts and types of the errors, and the bounds of a hand (its payoffs, its
length). Measured with this file beside ``test_encoding.py`` and
``test_hand_bounds.py`` in mutmut's selection; see docs/maintainers.md,
"Mutation testing".
"""

from __future__ import annotations

import array
import functools
import itertools
import math
import struct
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import attrs
import pytest
from scenario import SCENARIOS, card, first_state

import tonk
from tonk import (
    Discard,
    DrawDiscard,
    DrawStock,
    Eat,
    EncodingError,
    Exchange,
    Hit,
    LaySpread,
    Rules,
    RulesError,
    Slap,
    Tunk,
    encoding,
)
from tonk.testing import stack_deck

PAGAT = tonk.presets.PAGAT
HOYLE = tonk.presets.HOYLE


# --- max_hand_length -------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "players", "expected"),
    [
        # 2T + C (+ N with the widow): T = 200 turns, C = 52 cards.
        ({}, 2, 2 * 200 + 52),
        ({"widow": True}, 3, 2 * 200 + 52 + 3),
        # N*T + C (+ N) with eating (X5).
        ({"eating": True}, 3, 3 * 200 + 52),
        ({"eating": True, "widow": True}, 3, 3 * 200 + 52 + 3),
        # 2T + N*T + (N + 1)*C (+ N) with slap-in (V26).
        ({"slap_in": True}, 2, 2 * 200 + 2 * 200 + 3 * 52),
        ({"slap_in": True}, 3, 2 * 200 + 3 * 200 + 4 * 52),
        ({"slap_in": True, "widow": True}, 3, 2 * 200 + 3 * 200 + 4 * 52 + 3),
        ({"slap_in": True, "max_turns": 7}, 4, 2 * 7 + 4 * 7 + 5 * 52),
    ],
)
def test_the_longest_hand_is_the_documented_sum_of_turns_cards_and_exchanges(
    options: dict[str, object], players: int, expected: int
) -> None:
    assert encoding.max_hand_length(Rules(**options), players) == expected  # type: ignore[arg-type]


def test_a_hand_without_a_turn_limit_has_no_longest_length_word_for_word() -> None:
    with pytest.raises(RulesError) as raised:
        encoding.max_hand_length(Rules(max_turns=None), 2)
    assert str(raised.value) == (
        "a hand without a turn limit (max_turns=None) has no longest length"
    )


# --- the action layout: sections and the actions at their edges -------------------


def sections(rules: Rules, players: int) -> dict[str, tuple[int, int]]:
    return {
        name: (start, size)
        for name, start, size in encoding.action_sections(rules, players)
    }


def test_pagat_s_sections_hold_52_discards_17_spreads_of_hits_and_217_spreads() -> None:
    # 13 ranks of 3 or 4 of a kind (5 books each), and per suit the runs of
    # 3 to 6 of 13 cards (11 + 10 + 9 + 8): 65 + 4 * 38 = 217 spreads.
    assert encoding.action_sections(PAGAT, 2) == (
        ("header", 0, 5),
        ("discard", 5, 52),
        ("exchange", 57, 0),
        ("slap", 57, 0),
        ("eat", 57, 0),
        ("hit", 57, 17 * 52),
        ("spread", 941, 217),
        ("tunk", 1158, 0),
    )
    assert encoding.action_space_size(PAGAT, 2) == 1158


@pytest.mark.parametrize(
    ("ace_high", "spreads"),
    [
        # Runs of 3 to 13 of the 13 places A-K: 11 + 10 + ... + 1 = 66.
        (False, 65 + 4 * 66),
        # Of the 14 places A-K-A: 12 + 11 + ... + 2 = 77, less one (A to K
        # and 2 to A are the same 13 cards); no run holds the ace twice.
        (True, 65 + 4 * 76),
    ],
)
def test_thirteen_card_hands_lay_every_run_of_a_suit_once(
    ace_high: bool, spreads: int
) -> None:
    rules = Rules(hand_size=13, ace_high=ace_high, deal_tonks=())
    assert sections(rules, 2)["spread"] == (941, spreads)


def test_the_widow_and_slap_in_add_52_exchanges_and_17_slaps_before_the_hits() -> None:
    rules = Rules(slap_in=True, widow=True)
    assert encoding.action_sections(rules, 3) == (
        ("header", 0, 5),
        ("discard", 5, 52),
        ("exchange", 57, 52),
        ("slap", 109, 17),
        ("eat", 126, 0),
        ("hit", 126, 884),
        ("spread", 1010, 217),
        ("tunk", 1227, 0),
    )
    assert encoding.action_space_size(rules, 3) == 1227


def test_eating_adds_one_index_after_the_discards() -> None:
    rules = Rules(eating=True)
    assert sections(rules, 3)["eat"] == (57, 1)
    assert sections(rules, 3)["hit"] == (58, 884)
    assert encoding.action_space_size(rules, 3) == 1159


def test_hoyle_s_tunk_is_the_last_index_after_its_wild_spreads() -> None:
    # Deuces wild: each of the 52 cards as itself, and as each deuce but
    # itself: 52 + 4 * 52 - 4 = 256 elements on each of 17 spreads.
    assert encoding.action_sections(HOYLE, 2) == (
        ("header", 0, 5),
        ("discard", 5, 52),
        ("exchange", 57, 0),
        ("slap", 57, 0),
        ("eat", 57, 0),
        ("hit", 57, 17 * 256),
        ("spread", 4409, 32577),
        ("tunk", 36986, 1),
    )
    assert encoding.action_space_size(HOYLE, 2) == 36987


@pytest.mark.parametrize(
    ("rules", "players", "index", "text"),
    [
        (PAGAT, 2, 0, "drop"),
        (PAGAT, 2, 4, "pass"),
        (PAGAT, 2, 5, "discard AC"),
        (PAGAT, 2, 6, "discard 2C"),
        (PAGAT, 2, 18, "discard AD"),
        (PAGAT, 2, 56, "discard KS"),
        (PAGAT, 2, 57, "hit 1 AC"),
        (PAGAT, 2, 57 + 51, "hit 1 KS"),
        (PAGAT, 2, 57 + 52, "hit 2 AC"),
        (PAGAT, 2, 940, "hit 17 KS"),
        # The spreads by the codes they represent: AC 2C 3C (0, 1, 2) and
        # its longer runs, then the books of aces (0, 13, 26...), then 2C...
        (PAGAT, 2, 941, "spread AC 2C 3C"),
        (PAGAT, 2, 942, "spread AC 2C 3C 4C"),
        (PAGAT, 2, 944, "spread AC 2C 3C 4C 5C 6C"),
        (PAGAT, 2, 945, "spread AC AD AH"),
        (PAGAT, 2, 946, "spread AC AD AH AS"),
        (PAGAT, 2, 947, "spread AC AD AS"),
        (PAGAT, 2, 948, "spread AC AH AS"),
        (PAGAT, 2, 949, "spread 2C 3C 4C"),
        (PAGAT, 2, 1155, "spread 10S JS QS"),
        (PAGAT, 2, 1156, "spread 10S JS QS KS"),
        (PAGAT, 2, 1157, "spread JS QS KS"),
        (Rules(slap_in=True, widow=True), 3, 57, "exchange AC"),
        (Rules(slap_in=True, widow=True), 3, 108, "exchange KS"),
        (Rules(slap_in=True, widow=True), 3, 109, "slap 1"),
        (Rules(slap_in=True, widow=True), 3, 125, "slap 17"),
        (Rules(slap_in=True, widow=True), 3, 126, "hit 1 AC"),
        (Rules(slap_in=True, widow=True), 3, 1010, "spread AC 2C 3C"),
        (Rules(slap_in=True, widow=True), 3, 1226, "spread JS QS KS"),
        (Rules(eating=True), 3, 57, "eat"),
        (Rules(eating=True), 3, 58, "hit 1 AC"),
        # Hoyle: AC, then each deuce standing for it; 2C, then the other deuces.
        (HOYLE, 2, 57, "hit 1 AC"),
        (HOYLE, 2, 58, "hit 1 2C=AC"),
        (HOYLE, 2, 61, "hit 1 2S=AC"),
        (HOYLE, 2, 62, "hit 1 2C"),
        (HOYLE, 2, 63, "hit 1 2D=2C"),
        (HOYLE, 2, 65, "hit 1 2S=2C"),
        (HOYLE, 2, 66, "hit 1 3C"),
        (HOYLE, 2, 57 + 256, "hit 2 AC"),
        (HOYLE, 2, 4408, "hit 17 2S=KS"),
        # The first spread laying AC 2C 3C: the fewest of the lower codes.
        (HOYLE, 2, 4409, "spread 2H=AC 2S=2C 3C"),
        (HOYLE, 2, 36985, "spread JS 2C=QS 2D=KS"),
        # A deuce the spread represents is laid as itself (V5), another
        # deuce standing for the card left.
        (HOYLE, 2, 4417, "spread 2D=AC 2C 3C"),
        (tonk.presets.CHICAGO, 2, 57, "discard JK"),
        (tonk.presets.CHICAGO, 2, 58 + 5, "hit 1 JK=AC"),
        (tonk.presets.CHICAGO, 2, 58 + 6, "hit 1 2C"),
        (tonk.presets.CHICAGO, 2, 58 + 10, "hit 1 JK=2C"),
        (tonk.presets.CHICAGO, 2, 5601, "hit 18 JK=KS"),
    ],
)
def test_named_actions_have_their_documented_indices(
    rules: Rules, players: int, index: int, text: str
) -> None:
    action = encoding.index_to_action(index, rules, players)
    assert tonk.format_action(action) == text
    assert encoding.action_to_index(action, rules, players) == index


def _spread_key(
    action: tonk.Action, wild_codes: frozenset[int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The documented order of the spread section: the codes represented,
    then the counts of the physical cards over those codes and the wilds'."""
    assert isinstance(action, tonk.LaySpread)
    represented = tuple(card.code for card in action.represented)
    codes = sorted(set(represented) | wild_codes)
    physical = [card.code for card in action.physical]
    return represented, tuple(physical.count(code) for code in codes)


@pytest.mark.parametrize(
    ("rules", "players"),
    [
        (PAGAT, 2),
        (attrs.evolve(tonk.presets.CHICAGO, hand_size=3, deal_tonks=()), 2),
        (
            Rules(
                two_packs_from=2,
                jokers=2,
                wilds=tonk.Wilds.JOKERS,
                hand_size=3,
                deal_tonks=(),
            ),
            2,
        ),
    ],
)
def test_the_spread_section_is_in_the_documented_order(
    rules: Rules, players: int
) -> None:
    """By the cards represented, then by the counts of the cards laid, each in
    lexicographic order: every index's key is above the one before."""
    start, size = sections(rules, players)["spread"]
    wild_codes = frozenset(
        card.code for card in rules.pack(players=players) if rules.is_wild(card)
    )
    keys = [
        _spread_key(encoding.index_to_action(index, rules, players), wild_codes)
        for index in range(start, start + size)
    ]
    assert all(a < b for a, b in itertools.pairwise(keys))


# --- the action layout: refusals, word for word ---------------------------------


def refusal(error: type[Exception], call: Callable[[], object]) -> str:
    with pytest.raises(error) as raised:
        call()
    assert type(raised.value) is error
    return str(raised.value)


def test_indices_outside_the_layout_are_refused_naming_its_range() -> None:
    for index in (1158, -1, 10**6):
        call = functools.partial(encoding.index_to_action, index, PAGAT, 2)
        assert refusal(EncodingError, call) == (
            f"action index must be 0..1157 under these rules, got {index}"
        )
    assert encoding.index_to_action(1157, PAGAT, 2) is not None
    assert refusal(TypeError, lambda: encoding.index_to_action(1.5, PAGAT, 2)) == (  # type: ignore[arg-type]
        "an action index must be an int, got 1.5"
    )
    assert refusal(TypeError, lambda: encoding.index_to_action(True, PAGAT, 2)) == (
        "an action index must be an int, got True"
    )


def test_the_tunk_s_index_alone_is_refused_without_a_state() -> None:
    assert refusal(
        EncodingError, lambda: encoding.index_to_action(36986, HOYLE, 2)
    ) == (
        "index 36986 is the tunk (H5), whose arrangement is the hand's:"
        " decode it in a state with legal_action(state, index)"
    )
    assert tonk.format_action(encoding.index_to_action(36985, HOYLE, 2)) == (
        "spread JS 2C=QS 2D=KS"
    )


@pytest.mark.parametrize(
    ("action", "rules", "message"),
    [
        (
            Discard(card("JK")),
            PAGAT,
            "cannot encode Discard(card=Card.parse('JK')): the card is not in the pack",
        ),
        (
            Exchange(card("AC")),
            PAGAT,
            "cannot encode Exchange(card=Card.parse('AC')):"
            " these rules have no widow (V46)",
        ),
        (
            Exchange(card("JK")),
            Rules(widow=True),
            "cannot encode Exchange(card=Card.parse('JK')): the card is not in"
            " the pack",
        ),
        (
            Slap(1),
            PAGAT,
            "cannot encode Slap(spread=1): these rules have no slap-in (V26)",
        ),
        (
            Slap(0),
            Rules(slap_in=True),
            "cannot encode Slap(spread=0): spread numbers go from 1 to 17 under"
            " these rules",
        ),
        (
            Slap(18),
            Rules(slap_in=True),
            "cannot encode Slap(spread=18): spread numbers go from 1 to 17 under"
            " these rules",
        ),
        (
            Eat(),
            PAGAT,
            "cannot encode Eat(): these rules have no eating (X5)",
        ),
        (
            Hit(18, card("AC")),
            PAGAT,
            "cannot encode Hit(spread=18, card=Card.parse('AC')): spread numbers go"
            " from 1 to 17 under these rules",
        ),
        (
            Hit(1, card("JK")),
            tonk.presets.CHICAGO,
            "cannot encode Hit(spread=1, card=Card.parse('JK')): no card can be hit"
            " so under these rules",
        ),
        (
            LaySpread([card("AC"), card("2C"), card("4C")]),
            PAGAT,
            "cannot encode LaySpread(cards=(Card.parse('AC'), Card.parse('2C'),"
            " Card.parse('4C'))): not a book or run of at most 6 cards that these"
            " rules could lay",
        ),
        (
            Tunk(),
            PAGAT,
            "cannot encode Tunk(spreads=()): these rules have no tunk (H5)",
        ),
        (
            Tunk(),
            HOYLE,
            "cannot encode Tunk(spreads=()): a tunk has no index of its own; the"
            " tunk's index, 36986, plays the hand's canonical arrangement"
            " (H5, legal_action)",
        ),
    ],
)
def test_actions_no_state_could_offer_are_refused_word_for_word(
    action: tonk.Action, rules: Rules, message: str
) -> None:
    assert (
        refusal(EncodingError, lambda: encoding.action_to_index(action, rules, 2))
        == message
    )


def test_the_edges_of_the_numbered_spreads_and_slaps_are_accepted() -> None:
    assert encoding.action_to_index(Slap(17), Rules(slap_in=True), 2) == 57 + 16
    assert encoding.action_to_index(Slap(1), Rules(slap_in=True), 2) == 57
    assert encoding.action_to_index(Hit(17, card("KS")), PAGAT, 2) == 940
    assert encoding.action_to_index(Hit(1, card("AC")), PAGAT, 2) == 57
    assert encoding.action_to_index(Exchange(card("KS")), Rules(widow=True), 2) == 108
    assert encoding.action_to_index(Eat(), Rules(eating=True), 2) == 57


def test_what_is_not_an_action_or_a_table_is_refused_word_for_word() -> None:
    assert refusal(TypeError, lambda: encoding.action_to_index("x", PAGAT, 2)) == (  # type: ignore[arg-type]
        "not a tonk action: 'x'"
    )
    assert refusal(TypeError, lambda: encoding.action_space_size("r", 2)) == (  # type: ignore[arg-type]
        "rules must be a tonk.Rules, got 'r'"
        " (a preset by its name: tonk.presets.get('r'))"
    )
    assert refusal(TypeError, lambda: encoding.action_space_size(PAGAT, "2")) == (  # type: ignore[arg-type]
        "players must be an int, got '2'"
    )
    for players in (1, 11):
        call = functools.partial(encoding.action_space_size, PAGAT, players)
        assert refusal(RulesError, call) == (
            f"players must be 2..10 under these rules, got {players}"
        )
    assert encoding.action_space_size(PAGAT, 10) == 1158
    assert refusal(RulesError, lambda: encoding.action_sections(HOYLE, 6)) == (
        "players must be 2..5 under these rules, got 6"
    )
    for not_a_state in (
        lambda: encoding.legal_mask(3),  # type: ignore[arg-type]
        lambda: encoding.legal_indices(3),  # type: ignore[arg-type]
        lambda: encoding.legal_action(3, 0),  # type: ignore[arg-type]
    ):
        assert refusal(TypeError, not_a_state) == (
            "expected a GameState or an Observation, got 3"
        )


# --- legal_action, legal_indices, legal_mask --------------------------------------

TUNK = 36986  # hoyle's tunk index at any table size


def hoyle_drawn(hand: str, drawn: str) -> tonk.GameState:
    """Seat 1 (the dealer's left) holds ``hand`` and has drawn ``drawn``."""
    deck = stack_deck(
        HOYLE, hands=["6C 8D 10D KS KH 3D 10S", hand], upcard="5D", stock=drawn
    )
    state = tonk.new_game(HOYLE, players=2, deck=deck)
    return tonk.apply(state, DrawStock())


def test_the_tunk_s_index_plays_the_tunk_laying_the_most_points() -> None:
    # The tunks leaving one ace come first by their spreads' cards (the book
    # AC AD AH is below AC AD AH AS), but the one laying every card is played.
    state = hoyle_drawn("AC AD AS 3S 4S 5S 6S", "AH")
    tunks = [a for a in tonk.legal_actions(state) if isinstance(a, Tunk)]
    assert len(tunks) == 11
    assert tonk.format_action(encoding.legal_action(state, TUNK)) == (
        "tunk AC AD AH AS / 3S 4S 5S 6S"
    )
    seen = tonk.observe(state, 1)
    assert encoding.legal_action(seen, TUNK) == encoding.legal_action(state, TUNK)
    assert encoding.legal_indices(state) == (5, 18, 31, 44, 46, 47, 48, 49, TUNK)
    mask = encoding.legal_mask(state)
    assert [i for i, legal in enumerate(mask) if legal] == list(
        encoding.legal_indices(state)
    )


def test_among_tunks_laying_the_same_cards_the_lower_represented_cards_win() -> None:
    # The deuce laid as 2H or as 5H: the same physical cards, so the same
    # points; 2H 3H 4H represents lower codes than 3H 4H 5H.
    state = hoyle_drawn("3H 4H 2C 7C 7D 7S AD", "AS")
    assert tonk.format_action(encoding.legal_action(state, TUNK)) == (
        "tunk 2C=2H 3H 4H / 7C 7D 7S"
    )


def test_every_other_index_is_decoded_as_its_own_action_under_a_tunk() -> None:
    state = hoyle_drawn("AC AD AS 3S 4S 5S 6S", "AH")
    assert encoding.legal_action(state, 5) == Discard(card("AC"))
    assert encoding.legal_action(state, 49) == Discard(card("6S"))
    assert refusal(EncodingError, lambda: encoding.legal_action(state, 0)) == (
        "index 0 (drop) is not legal now"
    )
    assert refusal(EncodingError, lambda: encoding.legal_action(state, 6)) == (
        "index 6 (discard 2C) is not legal now"
    )
    assert refusal(
        TypeError,
        lambda: encoding.legal_action(state, float(TUNK)),  # type: ignore[arg-type]
    ) == (f"an action index must be an int, got {float(TUNK)}")
    assert refusal(EncodingError, lambda: encoding.legal_action(state, TUNK + 1)) == (
        f"action index must be 0..{TUNK} under these rules, got {TUNK + 1}"
    )


def test_the_tunk_s_index_is_refused_when_no_tunk_is_legal() -> None:
    state = tonk.new_game(
        HOYLE,
        players=2,
        deck=stack_deck(
            HOYLE,
            hands=["6C 8D 10D KS KH 3D 10S", "3H 4H 5H 6H 7C 7D 7S"],
            upcard="5D",
            stock="7H",
        ),
    )
    assert encoding.legal_indices(state) == (1, 2)  # no drop under hoyle
    assert encoding.legal_action(state, 1) == DrawStock()
    assert refusal(EncodingError, lambda: encoding.legal_action(state, TUNK)) == (
        f"index {TUNK} (tunk) is not legal now"
    )


def test_the_index_after_a_layout_without_a_tunk_is_outside_it() -> None:
    state = tonk.new_game(PAGAT, players=2, seed=7)
    assert refusal(EncodingError, lambda: encoding.legal_action(state, 1158)) == (
        "action index must be 0..1157 under these rules, got 1158"
    )
    assert encoding.legal_action(state, 2) == DrawDiscard()


# --- observation_sections and observation_bounds ---------------------------------

# Two packs at three seats, two jokers wild (106 cards, 53 distinct, one of
# them wild), the widow, waits, a hit limit, no upcard, a tunk and last turns.
BUSY = Rules(
    two_packs_from=3,
    jokers=2,
    wilds=tonk.Wilds.JOKERS,
    widow=True,
    spread_wait=1,
    hit_wait=2,
    own_hit_wait=3,
    hit_wait_again=4,
    max_hits_per_turn=3,
    upcard=False,
    max_turns=50,
    tunk_at_most=5,
    last_turns=True,
    deal_tonks=(),
)


def part(
    values: tuple[float, ...], rules: Rules, players: int, name: str
) -> tuple[float, ...]:
    for title, start, size in encoding.observation_sections(rules, players):
        if title == name:
            return values[start : start + size]
    raise AssertionError(name)


def test_hoyle_s_observation_sections_end_with_the_tunker_and_the_burial() -> None:
    # 52 cards, 4 wild; 3 seats of 6 facts and 52 cards; 17 spreads of
    # 3 + 2 * 3 + 52 + 4 positions.
    assert encoding.observation_sections(HOYLE, 3) == (
        ("phase", 0, 5),
        ("to_move", 5, 3),
        ("dealer", 8, 3),
        ("counters", 11, 4),
        ("top_discard", 15, 52),
        ("discard_pile", 67, 52),
        ("must_use", 119, 52),
        ("widow", 171, 52),
        ("seats", 223, 3 * 58),
        ("slap", 397, 52 + 3 * 3),
        ("spreads", 458, 17 * 65),
        ("outcome", 1563, 4),
        ("tunker", 1567, 3),
        ("buried", 1570, 1),
    )
    assert encoding.observation_size(HOYLE, 3) == 1571


def test_two_packs_with_jokers_widen_every_card_section() -> None:
    assert encoding.observation_sections(BUSY, 3) == (
        ("phase", 0, 5),
        ("to_move", 5, 3),
        ("dealer", 8, 3),
        ("counters", 11, 4),
        ("top_discard", 15, 53),
        ("discard_pile", 68, 53),
        ("must_use", 121, 53),
        ("widow", 174, 53),
        ("seats", 227, 3 * (6 + 53)),
        ("slap", 404, 53 + 9),
        ("spreads", 466, 35 * (3 + 6 + 53 + 1)),  # 106 // 3 spreads
        ("outcome", 2671, 4),
        ("tunker", 2675, 3),
        ("buried", 2678, 0),
    )
    assert encoding.observation_size(BUSY, 3) == 2678


def test_the_bounds_of_each_section_are_the_documented_counts() -> None:
    low, high = encoding.observation_bounds(BUSY, 3)
    least, most = encoding.payoff_bounds(BUSY, 3)
    copies = (2.0,) * 52 + (2.0,)  # each card twice, the joker twice
    # Turns: 50 + 2 last turns (H6); stock: 106 - 3 * 5 dealt - 3 widows and
    # no upcard; the pile: every card but the widows; hits: 3 of 6 (X2).
    assert part(high, BUSY, 3, "counters") == (52.0, 88.0, 103.0, 3.0)
    for name in ("phase", "to_move", "dealer", "top_discard", "must_use", "widow"):
        assert set(part(high, BUSY, 3, name)) == {1.0}, name
    assert part(high, BUSY, 3, "discard_pile") == copies
    # A hand of 5 + 1 cards; waits: (1 + 4) charged for each of 106 cards.
    seat = (6.0, 530.0, 1.0, 1.0, 1.0, 1.0, *copies)
    assert part(high, BUSY, 3, "seats") == seat * 3
    assert set(part(high, BUSY, 3, "slap")) == {1.0}
    # On the table, owner, run, this turn; then 10 hits (13 - 3) per seat.
    spread = (1.0,) * 6 + (10.0,) * 3 + copies + (2.0,)
    assert part(high, BUSY, 3, "spreads") == spread * 35
    assert part(high, BUSY, 3, "outcome") == (1.0, *[float(most)] * 3)
    assert part(high, BUSY, 3, "tunker") == (1.0,) * 3
    assert part(low, BUSY, 3, "outcome") == (0.0, *[float(least)] * 3)
    outcome = section_start(BUSY, 3, "outcome")
    assert set(low[: outcome + 1] + low[outcome + 4 :]) == {0.0}


def section_start(rules: Rules, players: int, name: str) -> int:
    return next(
        start
        for title, start, _ in encoding.observation_sections(rules, players)
        if title == name
    )


def test_the_bounds_of_plain_rules_keep_each_kind_s_bound() -> None:
    low, high = encoding.observation_bounds(PAGAT, 2)
    # No waits under pagat: the bound stays 1, so that no position has
    # equal bounds. No hit limit: a hand's 6 cards.
    assert part(high, PAGAT, 2, "counters") == (200.0, 41.0, 52.0, 6.0)
    assert (
        part(high, PAGAT, 2, "seats") == (6.0, 1.0, 1.0, 1.0, 1.0, 1.0, *[1.0] * 52) * 2
    )
    spread = (1.0,) * 5 + (10.0,) * 2 + (1.0,) * 52
    assert part(high, PAGAT, 2, "spreads") == spread * 17
    assert part(high, PAGAT, 2, "outcome") == (1.0, 2.0, 2.0)
    assert part(low, PAGAT, 2, "outcome") == (0.0, -2.0, -2.0)
    assert set(low[:1398]) == {0.0}
    forty = Rules(pack_kind=tonk.PackKind.FORTY, deal_tonks=())
    _, high = encoding.observation_bounds(forty, 2)
    assert part(high, forty, 2, "spreads")[5:7] == (7.0, 7.0)  # 10 - 3 hits
    assert part(high, forty, 2, "counters") == (200.0, 29.0, 40.0, 6.0)


@pytest.mark.parametrize(
    "waits",
    [{"hit_wait": 3}, {"own_hit_wait": 3}, {"hit_wait": 1, "hit_wait_again": 3}],
)
def test_the_waits_bound_takes_the_largest_charge_of_a_hit(
    waits: dict[str, Any],
) -> None:
    # V22, V23, X7: 3 waits for each of the 52 cards, none for a spread.
    rules = Rules(**waits)
    _, high = encoding.observation_bounds(rules, 2)
    assert high[221 + 1] == high[221 + 58 + 1] == 3.0 * 52


def test_without_a_turn_limit_the_turns_are_unbounded_even_with_last_turns() -> None:
    rules = attrs.evolve(HOYLE, max_turns=None)
    _, high = encoding.observation_bounds(rules, 3)
    assert part(high, rules, 3, "counters")[0] == math.inf
    _, high = encoding.observation_bounds(HOYLE, 3)
    assert part(high, HOYLE, 3, "counters")[0] == 200.0 + 2
    assert part(high, HOYLE, 3, "buried") == (1.0,)


def test_observation_layouts_refuse_a_bad_table_word_for_word() -> None:
    assert refusal(RulesError, lambda: encoding.observation_bounds(PAGAT, 11)) == (
        "players must be 2..10 under these rules, got 11"
    )
    assert refusal(RulesError, lambda: encoding.observation_size(PAGAT, 1)) == (
        "players must be 2..10 under these rules, got 1"
    )


def test_a_float_table_size_is_refused_even_once_the_int_s_layout_is_kept() -> None:
    # The layout of (PAGAT, 2) was found by value, and 2.0 == 2: the float
    # was answered from the cache (the bounds then failed inside, on
    # range(2.0)) instead of being refused like any other non-int.
    assert encoding.observation_size(PAGAT, 2) == 1401
    for call in (
        lambda: encoding.observation_sections(PAGAT, 2.0),  # type: ignore[arg-type]
        lambda: encoding.observation_size(PAGAT, 2.0),  # type: ignore[arg-type]
        lambda: encoding.observation_bounds(PAGAT, 2.0),  # type: ignore[arg-type]
    ):
        assert refusal(TypeError, call) == "players must be an int, got 2.0"


# --- observation_vector: its buffers and seats ------------------------------------

BAD_BUFFER = (
    "out must be a writable, contiguous, one-dimensional buffer of float32"
    " or float64, got "
)


def floats(kind: str, count: int) -> Any:
    """A writable view of ``count`` zeros of the struct format ``kind``."""
    view: Any = memoryview(bytearray(struct.calcsize(kind) * count))
    return view.cast(kind)


def float16s(count: int) -> Any:
    numpy = pytest.importorskip("numpy")
    return numpy.zeros(count, numpy.float16)


@pytest.mark.parametrize(
    "make",
    [
        float16s,
        lambda size: floats("i", size),  # ints
        lambda size: floats("f", size).toreadonly(),
        lambda size: floats("f", 2 * size)[::2],  # not contiguous
        lambda size: floats("B", 4 * size).cast("f", shape=[1, size]),  # 2-d
    ],
)
def test_buffers_that_are_not_writable_contiguous_1d_floats_are_refused(
    make: Callable[[int], Any],
) -> None:
    state = tonk.new_game(PAGAT, players=2, seed=1)
    out = make(1401)
    message = refusal(
        TypeError, lambda: encoding.observation_vector(state, seat=0, out=out)
    )
    assert message.startswith(BAD_BUFFER)
    assert not any(memoryview(out).tobytes())  # nothing written


def test_a_buffer_of_ints_is_refused_naming_it() -> None:
    state = tonk.new_game(PAGAT, players=2, seed=1)
    out = array.array("i", bytes(4 * 1401))
    assert (
        refusal(TypeError, lambda: encoding.observation_vector(state, seat=0, out=out))
        == BAD_BUFFER + "array('i', [" + "0, " * 20 + "...])"
    )


def test_a_buffer_of_the_wrong_length_is_refused_naming_both_lengths() -> None:
    state = tonk.new_game(PAGAT, players=2, seed=1)
    for count in (1400, 1402, 0):
        write = functools.partial(
            encoding.observation_vector, state, seat=0, out=floats("f", count)
        )
        assert refusal(EncodingError, write) == (
            f"out must hold the vector's 1401 floats, not {count}"
        )
    assert refusal(
        TypeError, lambda: encoding.observation_vector(state, seat=0, out=[0.0])
    ) == ("out must be a buffer of floats, got [0.0]")


@pytest.mark.parametrize("kind", ["f", "d"])
def test_float32_and_float64_buffers_receive_the_whole_vector(kind: str) -> None:
    state = tonk.new_game(PAGAT, players=2, seed=1)
    out = floats(kind, 1401)
    out[100] = 9.0  # a stale value is overwritten
    assert encoding.observation_vector(state, seat=1, out=out) is out
    assert tuple(out.tolist()) == encoding.observation_vector(state, seat=1)


@pytest.mark.parametrize(
    ("seat", "error", "message"),
    [
        (-1, RulesError, "seat must be 0..1, got -1"),
        (2, RulesError, "seat must be 0..1, got 2"),
        (True, TypeError, "seat must be an int, got True"),
        (1.0, TypeError, "seat must be an int, got 1.0"),
        ("0", TypeError, "seat must be an int, got '0'"),
    ],
)
def test_seats_outside_the_table_are_refused_word_for_word(
    seat: Any, error: type[Exception], message: str
) -> None:
    state = tonk.new_game(PAGAT, players=2, seed=1)
    assert (
        refusal(error, lambda: encoding.observation_vector(state, seat=seat)) == message
    )


def test_a_state_needs_a_seat_and_an_observation_refuses_one() -> None:
    state = tonk.new_game(PAGAT, players=2, seed=1)
    assert refusal(TypeError, lambda: encoding.observation_vector(state)) == (
        "a state is observed from a seat: give seat="
    )
    seen = tonk.observe(state, 0)
    assert (
        refusal(TypeError, lambda: encoding.observation_vector(seen, seat=0))
        == "seat is given with a state, not with an observation"
    )
    assert refusal(TypeError, lambda: encoding.observation_vector(3)) == (  # type: ignore[call-overload]
        "expected an Observation or a GameState, got 3"
    )
    assert refusal(TypeError, lambda: encoding.observation_entries(3)) == (  # type: ignore[arg-type]
        "expected an Observation, got 3"
    )
    assert encoding.observation_vector(state, seat=1) == encoding.observation_vector(
        tonk.observe(state, 1)
    )


# --- observation_vector: the positions and values written, worked out by hand -----
#
# Pagat at three seats: phase 0-4, to_move 5-7, dealer 8-10, counters 11-14,
# top_discard 15, discard_pile 67, must_use 119, widow 171 (52 each), seats
# 223 (3 x 58: 6 facts, 52 cards), slap 397 (52 + 9), spreads 458 (17 x 61:
# on the table, 3 owners, run, this turn, 3 hitters' counts, 52 cards),
# outcome 1495 (4). Codes: AC-KC 0-12, AD-KD 13-25, AH-KH 26-38, AS-KS 39-51.

SEATS, SPREADS, WIDTH = 223, 458, 61


def pagat_three_spreads() -> tonk.GameState:
    """Seat 1 lays AS 2S 3S; seat 2 takes KD, hits 4S, lays 10C 10D 10H and
    discards KC; seat 0 (the dealer) has drawn 7D."""
    deck = stack_deck(
        PAGAT,
        hands=["2C 8D 9D QH 5S", "AS 2S 3S 7H KD", "4S 10C 10D 10H KC"],
        upcard="6D",
        stock="7C 7D 3H 9C",
    )
    state = tonk.new_game(PAGAT, players=3, deck=deck)
    for text in (
        "draw stock",
        "spread AS 2S 3S",
        "discard KD",
        "draw discard",
        "hit 1 4S",
        "spread 10C 10D 10H",
        "discard KC",
        "draw stock",
    ):
        state = tonk.apply(state, tonk.parse_action(state, text))
    return state


def entries_of(seen: tonk.Observation) -> dict[int, float]:
    positions, values = encoding.observation_entries(seen)
    return dict(zip(positions, values, strict=True))


def check_every_form(
    state: tonk.GameState, seat: int, expected: dict[int, float]
) -> None:
    seen = tonk.observe(state, seat)
    assert entries_of(seen) == expected
    vector = [0.0] * encoding.observation_size(state.rules, state.player_count)
    for position, value in expected.items():
        vector[position] = value
    assert encoding.observation_vector(seen) == tuple(vector)
    assert encoding.observation_vector(state, seat=seat) == tuple(vector)


def test_the_dealer_s_vector_after_spreads_a_hit_and_a_taken_card() -> None:
    state = pagat_three_spreads()
    check_every_form(
        state,
        0,
        {
            1: 1.0,  # after the draw
            5: 1.0,  # seat 0 to move: the observer
            8: 1.0,  # seat 0 deals
            11: 2.0,  # turns taken
            12: 34.0,  # 52 - 15 dealt - the upcard - 2 drawn
            13: 2.0,  # the pile: 6D, KC
            15 + 12: 1.0,  # KC on top
            67 + 18: 1.0,  # 6D in the pile
            67 + 12: 1.0,  # KC in the pile
            # The observer: 6 cards, 2C 7D 8D 9D QH 5S.
            SEATS: 6.0,
            **{SEATS + 6 + code: 1.0 for code in (1, 19, 20, 21, 37, 43)},
            SEATS + 58: 2.0,  # seat 1 holds 2 cards, none known
            SEATS + 2 * 58: 1.0,  # seat 2 holds 1 card: the KD it took
            SEATS + 2 * 58 + 6 + 25: 1.0,
            # Spread 1: seat 1's run AS 2S 3S, hit by seat 2 with 4S.
            SPREADS: 1.0,
            SPREADS + 1 + 1: 1.0,
            SPREADS + 4: 1.0,  # a run
            SPREADS + 6 + 2: 1.0,  # one hit by seat 2
            **{SPREADS + 9 + code: 1.0 for code in (39, 40, 41, 42)},
            # Spread 2: seat 2's book 10C 10D 10H, laid last turn.
            SPREADS + WIDTH: 1.0,
            SPREADS + WIDTH + 1 + 2: 1.0,
            **{SPREADS + WIDTH + 9 + code: 1.0 for code in (9, 22, 35)},
        },
    )


def test_seat_two_sees_every_seat_counted_from_itself() -> None:
    state = pagat_three_spreads()
    check_every_form(
        state,
        2,
        {
            1: 1.0,
            6: 1.0,  # seat 0 to move: one to the observer's left
            9: 1.0,  # seat 0 deals
            11: 2.0,
            12: 34.0,
            13: 2.0,
            15 + 12: 1.0,
            67 + 18: 1.0,
            67 + 12: 1.0,
            SEATS: 1.0,  # the observer holds the KD
            SEATS + 6 + 25: 1.0,
            SEATS + 58: 6.0,  # seat 0
            SEATS + 2 * 58: 2.0,  # seat 1
            SPREADS: 1.0,
            SPREADS + 1 + 2: 1.0,  # owned by seat 1: two to the left
            SPREADS + 4: 1.0,
            SPREADS + 6 + 0: 1.0,  # hit by the observer
            **{SPREADS + 9 + code: 1.0 for code in (39, 40, 41, 42)},
            SPREADS + WIDTH: 1.0,
            SPREADS + WIDTH + 1 + 0: 1.0,  # the observer's own
            **{SPREADS + WIDTH + 9 + code: 1.0 for code in (9, 22, 35)},
        },
    )


def test_a_second_hit_this_turn_is_counted_and_the_spread_laid_now_flagged() -> None:
    state = pagat_three_spreads()
    for text in ("hit 1 5S", "spread 7D 8D 9D"):
        state = tonk.apply(state, tonk.parse_action(state, text))
    vector = encoding.observation_vector(state, seat=0)
    assert vector[14] == 1.0  # one hit this turn
    assert vector[SEATS] == 2.0  # 2C QH left
    first = vector[SPREADS : SPREADS + WIDTH]
    assert first[6:9] == (1.0, 0.0, 1.0)  # hit once by seat 0, once by seat 2
    assert first[9 + 43] == 1.0  # 5S
    assert first[5] == 0.0  # laid two turns ago
    third = vector[SPREADS + 2 * WIDTH : SPREADS + 3 * WIDTH]
    assert third[:6] == (1.0, 1.0, 0.0, 0.0, 1.0, 1.0)  # the observer's run, now
    assert [i - 9 for i, value in enumerate(third) if value and i >= 9] == [19, 20, 21]


def test_a_tonk_out_writes_the_payoffs_from_the_observer_s_seat() -> None:
    deck = stack_deck(
        PAGAT,
        hands=["4C 5C 6C 8C 9H", "AS 2S 3S 7H 7D", "JC QC KC 2D 3D"],
        stock="7C",
    )
    state = tonk.new_game(PAGAT, players=3, deck=deck)
    for text in ("draw stock", "spread AS 2S 3S", "spread 7C 7D 7H"):
        state = tonk.apply(state, tonk.parse_action(state, text))
    vector = encoding.observation_vector(state, seat=2)
    assert vector[:5] == (0.0, 0.0, 0.0, 0.0, 1.0)  # the hand is over
    assert vector[1495:] == (1.0, -2.0, -2.0, 4.0)  # seat 2, seat 0, seat 1
    assert encoding.observation_vector(state, seat=1)[1495:] == (1.0, 4.0, -2.0, -2.0)
    # Both spreads were laid in this turn, the first: turns taken 0.
    assert vector[11] == 0.0
    assert vector[SPREADS + 5] == vector[SPREADS + WIDTH + 5] == 1.0
    # Going out shows no hand: the flag is 0 and seat 0's cards unknown.
    assert vector[SEATS + 5] == 0.0
    assert sum(vector[SEATS + 58 + 6 : SEATS + 2 * 58]) == 0.0
    assert vector[SEATS + 58] == 5.0


def test_a_caught_drop_shows_every_hand() -> None:
    hands = ["AC 2C 3C 4C 5C", "KS KD QS 8S 9H", "JC QC KC 2D 3D"]
    deck = stack_deck(PAGAT, hands=hands)
    state = tonk.apply(tonk.new_game(PAGAT, players=3, deck=deck), tonk.Drop())
    assert state.outcome is not None
    vector = encoding.observation_vector(state, seat=2)
    codes = {0: (0, 1, 2, 3, 4), 1: (51, 25, 50, 46, 34), 2: (10, 11, 12, 14, 15)}
    for seat, place in ((2, 0), (0, 1), (1, 2)):
        base = SEATS + place * 58
        assert vector[base : base + 6] == (5.0, 0.0, 0.0, 0.0, 0.0, 1.0)
        held = [code for code in range(52) if vector[base + 6 + code]]
        assert held == sorted(codes[seat]), seat
    payoffs = state.outcome.payoffs
    assert vector[1495:] == (1.0, payoffs[2], payoffs[0], payoffs[1])


def test_chicago_s_wild_spreads_count_each_wild_card_laid() -> None:
    # Chicago at 3 seats: 53 distinct cards (the joker is 52), the wilds
    # 2C 2D 2H 2S JK; seats at 227 (3 x 59); spreads at 466, 67 wide: on the
    # table, 3 owners, run, this turn, 3 hitters, 53 cards, 5 wilds.
    state = SCENARIOS["chicago-wilds"]()
    assert [(s.number, s.owner, s.turn) for s in state.spreads] == [
        (1, 1, 0),
        (2, 2, 1),
        (3, 0, 2),
    ]
    assert state.turns_taken == 4
    positions, values = encoding.observation_entries(tonk.observe(state, 0))
    spreads = {
        position: value
        for position, value in zip(positions, values, strict=True)
        if 466 <= position < 1672
    }
    assert spreads == {
        # 1: seat 1's book of 5s, hit by seat 1.
        466: 1.0,
        468: 1.0,
        466 + 6 + 1: 1.0,
        **{475 + code: 1.0 for code in (4, 17, 30, 43)},
        # 2: seat 2's run 10C 2S=JC QC.
        533: 1.0,
        536: 1.0,
        537: 1.0,
        **{542 + code: 1.0 for code in (9, 10, 11)},
        533 + 62 + 3: 1.0,  # the 2S
        # 3: the observer's run 2H=4D JK=5D 6D JK=7D 8D, hit by seat 2.
        600: 1.0,
        601: 1.0,
        604: 1.0,
        606 + 2: 1.0,
        **{609 + code: 1.0 for code in (16, 17, 18, 19, 20)},
        662 + 2: 1.0,  # the 2H
        662 + 4: 2.0,  # both jokers
    }
    assert state.discard_pile == (card("JC"), card("8H"))
    vector = encoding.observation_vector(state, seat=1)
    assert vector[15 + 33] == 1.0  # 8H on top
    assert (vector[68 + 10], vector[68 + 33]) == (1.0, 1.0)
    assert vector[227 + 2 * 59 + 6 + 37] == 1.0  # seat 0 took the QH


def test_waits_and_the_hit_of_this_round_and_turn_are_written() -> None:
    state = SCENARIOS["washington-state-waits"]()
    assert state.waits == (0, 0, 1)
    assert state.hit_this_round == (False, False, True)
    assert state.hits_this_turn == 1
    vector = encoding.observation_vector(state, seat=1)
    assert vector[14] == 1.0
    for place in range(3):
        facts = vector[SEATS + place * 58 + 1 : SEATS + place * 58 + 6]
        expected = (1.0, 0.0, 1.0, 0.0, 0.0) if place == 1 else (0.0,) * 5
        assert facts == expected, place


def test_the_slap_window_names_its_card_and_seats_from_the_observer() -> None:
    state = SCENARIOS["slap-in-window"]()
    window = state.bookkeeping.slap
    assert window is not None
    assert (window.card, window.discarder, window.due) == (card("6C"), 1, 2)
    assert window.slapper is None
    # Slap-in at 3 seats: the slap section at 397, 52 cards then 3 x 3 seats.
    slap = encoding.observation_vector(state, seat=0)[397:458]
    assert [i for i, value in enumerate(slap) if value] == [5, 52 + 1, 52 + 3 + 2]
    slap = encoding.observation_vector(state, seat=1)[397:458]
    assert [i for i, value in enumerate(slap) if value] == [5, 52 + 0, 52 + 3 + 1]


def test_the_widow_is_shown_to_the_seat_that_exchanged_it_only() -> None:
    state = SCENARIOS["widow"]()
    assert state.bookkeeping.exchanged == (False, True)
    assert state.bookkeeping.widows[1] == card("10S")
    mine = encoding.observation_vector(state, seat=1)
    assert [i for i, value in enumerate(mine[169:221]) if value] == [48]
    assert mine[221 + 4] == 1.0
    assert mine[221 + 58 + 4] == 0.0
    theirs = encoding.observation_vector(state, seat=0)
    assert not any(theirs[169:221])
    assert theirs[221 + 4] == 0.0
    assert theirs[221 + 58 + 4] == 1.0


def test_the_card_to_use_is_one_hot() -> None:
    state = SCENARIOS["must-use"]()
    assert state.bookkeeping.must_use == card("10H")
    vector = encoding.observation_vector(state, seat=0)
    assert [i for i, value in enumerate(vector[117:169]) if value] == [35]


def test_the_slapper_owing_an_extra_discard_is_written_from_the_observer() -> None:
    state = SCENARIOS["slap-in-window"]()
    state = tonk.apply(state, tonk.Pass())  # the discarder passes
    state = tonk.apply(state, Slap(1))  # the seat due slaps: an extra discard
    window = state.bookkeeping.slap
    assert window is not None
    assert (window.discarder, window.due, window.slapper) == (1, 2, 2)
    vector = encoding.observation_vector(state, seat=0)
    assert vector[:5] == (0.0, 0.0, 0.0, 1.0, 0.0)  # the extra discard
    # The card, then the discarder, the seat due and the slapper (3 each).
    slap = vector[397:458]
    assert [i for i, value in enumerate(slap) if value] == [5, 53, 57, 60]
    slap = encoding.observation_vector(state, seat=2)[397:458]
    assert [i for i, value in enumerate(slap) if value] == [5, 52 + 2, 55, 58]


def test_two_packs_count_two_copies_of_a_card_in_the_pile_and_a_hand() -> None:
    rules = Rules(two_packs_from=2, deal_tonks=())
    deck = stack_deck(
        rules, hands=["KD KD 2C 3H 9S", "7C 4D 8H JS 5C"], upcard="7C", stock="QH"
    )
    state = tonk.new_game(rules, players=2, deck=deck)
    for text in ("draw stock", "discard 7C"):
        state = tonk.apply(state, tonk.parse_action(state, text))
    assert state.discard_pile == (card("7C"), card("7C"))
    vector = encoding.observation_vector(state, seat=0)
    pile = vector[65:117]
    assert [(i, value) for i, value in enumerate(pile) if value] == [(6, 2.0)]
    assert vector[13 + 6] == 1.0  # one 7C on top
    mine = vector[221 + 6 : 221 + 58]
    assert [(i, value) for i, value in enumerate(mine) if value] == [
        (1, 1.0),  # 2C
        (25, 2.0),  # KD, KD
        (28, 1.0),  # 3H
        (47, 1.0),  # 9S
    ]
    assert encoding.observation_vector(tonk.observe(state, 0)) == vector


def test_a_seat_barred_from_going_out_is_flagged_in_its_block() -> None:
    state = first_state(
        Rules(hit_bars_going_out=True), 3, lambda s: any(s.going_out_barred)
    )
    assert state.going_out_barred == (False, False, True)
    vector = encoding.observation_vector(state, seat=0)
    flags = [
        vector[SEATS + place * 58 + 1 : SEATS + place * 58 + 6] for place in range(3)
    ]
    assert flags == [(0.0,) * 5, (0.0,) * 5, (0.0, 1.0, 0.0, 0.0, 0.0)]
    vector = encoding.observation_vector(state, seat=2)
    assert vector[SEATS + 2] == 1.0  # the observer's own block
    assert vector[SEATS + 58 + 2] == vector[SEATS + 2 * 58 + 2] == 0.0


def test_a_subclass_of_game_state_is_observed_from_every_seat() -> None:
    class Recorded(tonk.GameState):
        """A state of a subclass: it takes the checked way through the seat."""

    state = tonk.new_game(PAGAT, players=2, seed=1)
    fields = {
        field.name: getattr(state, field.name) for field in attrs.fields(tonk.GameState)
    }
    recorded = Recorded(**fields)
    for seat in (0, 1):
        assert encoding.observation_vector(recorded, seat=seat) == (
            encoding.observation_vector(state, seat=seat)
        )
    assert refusal(
        RulesError, lambda: encoding.observation_vector(recorded, seat=2)
    ) == ("seat must be 0..1, got 2")


# --- the indices remembered by identity -------------------------------------------


def test_a_spread_made_anew_where_a_freed_one_was_gets_its_own_index() -> None:
    """An action is remembered by its id: the layout must keep it alive, or
    the next spread built at the same address would take its index."""
    seen = tonk.observe(tonk.new_game(PAGAT, players=2, seed=7), 1)
    start, size = sections(PAGAT, 2)["spread"]
    spreads = [
        encoding.index_to_action(i, PAGAT, 2) for i in range(start, start + size)
    ]
    elements = [spread.cards for spread in spreads if isinstance(spread, LaySpread)]
    assert len(elements) == size
    for index, cards in enumerate(elements, start=start):
        fresh = LaySpread(cards)  # a new object each time, freed below
        offered = attrs.evolve(seen, legal_actions=(fresh,))
        del fresh
        assert encoding.legal_indices(offered) == (index,)
        assert encoding.legal_mask(offered).index(1) == index
        del offered


# --- payoff_bounds, worked out by hand --------------------------------------------

# Every shape pays 1x: going out, a winning drop, a catch (to each catcher),
# the showdown. At N seats the bounds are -(N - 1) and N - 1.
PLAIN: dict[str, Any] = {
    "deal_tonks": (),
    "going_out": (tonk.OutPay(pays=1),),
    "catch": tonk.Catch(to_catchers=1),
}
BEFORE_FIRST_TURN = tonk.DealTonkClaim.BEFORE_FIRST_TURN


@pytest.mark.parametrize(
    ("options", "players", "bounds"),
    [
        ({}, 2, (-1, 1)),
        ({}, 3, (-2, 2)),
        ({}, 4, (-3, 3)),
        # B5: one holder paid 5 by both others; under ALL_PAID two holders
        # are paid 5 each by the third (V20), which two players cannot do.
        ({"deal_tonks": (tonk.DealTonk(at_most=9, pays=5),)}, 3, (-5, 10)),
        (
            {
                "deal_tonks": (tonk.DealTonk(at_most=9, pays=5),),
                "deal_tonk_clash": tonk.DealTonkClash.ALL_PAID,
            },
            3,
            (-10, 10),
        ),
        (
            {
                "deal_tonks": (tonk.DealTonk(at_most=9, pays=5),),
                "deal_tonk_clash": tonk.DealTonkClash.ALL_PAID,
            },
            2,
            (-5, 5),
        ),
        (
            {
                "deal_tonks": (
                    tonk.DealTonk(at_most=9, pays=5),
                    tonk.DealTonk(at_most=7, pays=3),
                )
            },
            3,
            (-5, 10),
        ),
        # V19: a claimed deal tonk, 4 from each other seat.
        (
            {
                "deal_tonks": (
                    tonk.DealTonk(at_most=9, pays=4, claim=BEFORE_FIRST_TURN),
                )
            },
            3,
            (-4, 8),
        ),
        (
            {
                "deal_tonks": (
                    tonk.DealTonk(at_most=9, pays=3),
                    tonk.DealTonk(at_most=9, pays=4, claim=BEFORE_FIRST_TURN),
                )
            },
            3,
            (-4, 8),
        ),
        # The best going-out row, whichever its place.
        (
            {"going_out": (tonk.OutPay(pays=3, first_turn=True), tonk.OutPay(pays=1))},
            3,
            (-3, 6),
        ),
        (
            {"going_out": (tonk.OutPay(pays=1, first_turn=True), tonk.OutPay(pays=3))},
            3,
            (-3, 6),
        ),
        # X11: a winning drop of 5 or less is paid 4 by each other seat.
        (
            {
                "drop_bonus": (
                    tonk.DropPay(at_most=5, pays=4),
                    tonk.DropPay(at_most=10, pays=2),
                )
            },
            3,
            (-4, 8),
        ),
        (
            {
                "drop_bonus": (
                    tonk.DropPay(at_most=0, pays=2),
                    tonk.DropPay(at_most=10, pays=5),
                )
            },
            2,
            (-5, 5),
        ),
        # B13: 2 to each catcher; the lowest alone is paid 2 by the dropper
        # and 1 by the third seat.
        ({"catch": tonk.Catch(to_catchers=2, lowest_from_others=1)}, 3, (-4, 3)),
        # V46: the winner of a going out also takes the pot of both others'
        # exchanges; a caught dropper who exchanged pays 2 and 1.
        ({"widow": True}, 3, (-3, 4)),
        ({"hit_and_split": True}, 3, (-2, 2)),
    ],
)
def test_payoff_bounds_are_the_extremes_worked_out_by_hand(
    options: dict[str, Any], players: int, bounds: tuple[int, int]
) -> None:
    rules = Rules(**{**PLAIN, **options})
    assert encoding.payoff_bounds(rules, players) == bounds


@pytest.mark.parametrize(
    ("limit", "players", "bounds"),
    [
        # H7: 3 + 1 cards of 10 count 40; a beaten tunker's count is doubled,
        # 2 * min(limit, 40). Each other seat pays the most, N - 1 times.
        (50, 2, (-80, 80)),
        (50, 3, (-160, 160)),
        (30, 2, (-60, 60)),
        (5, 2, (-40, 40)),
        (5, 4, (-120, 120)),
    ],
)
def test_a_tunk_s_bounds_are_the_largest_penalty_each_other_seat_can_pay(
    limit: int, players: int, bounds: tuple[int, int]
) -> None:
    rules = Rules(**PLAIN, tunk_at_most=limit, hand_size=3)
    assert encoding.payoff_bounds(rules, players) == bounds


def test_a_tunk_s_bounds_follow_the_table_s_hand_size_and_the_widow() -> None:
    # X2: 5 + 1 cards at two seats (60), 3 + 1 at three (40 from each other).
    rules = Rules(**PLAIN, tunk_at_most=5, hand_size=3, hand_size_by_players={2: 5})
    assert encoding.payoff_bounds(rules, 2) == (-60, 60)
    assert encoding.payoff_bounds(rules, 3) == (-80, 80)
    # V46: the tunker who scores 0 also takes both others' exchanges; the
    # seat that pays most had exchanged too.
    rules = Rules(**PLAIN, tunk_at_most=5, hand_size=3, widow=True)
    assert encoding.payoff_bounds(rules, 2) == (-41, 41)
    assert encoding.payoff_bounds(rules, 3) == (-81, 82)
    # V39: the seat paying most wins nothing, so pays no hit-and-split.
    rules = Rules(**PLAIN, tunk_at_most=5, hand_size=3, hit_and_split=True)
    assert encoding.payoff_bounds(rules, 3) == (-80, 80)


# A drop that costs the dropper 1 at most (V35 5: only the nearest lowest is
# paid) and a going out paying 1: only a showdown (B14, B15), where one seat
# pays each of the others tied lowest, costs a seat more than 1.
CHEAP_DROP: dict[str, Any] = {
    "deal_tonks": (),
    "going_out": (tonk.OutPay(pays=1),),
    "catch": tonk.Catch(to_lowest=1, lowest_tie=tonk.LowestTie.NEAREST_DEALER_LEFT),
}


@pytest.mark.parametrize(
    ("options", "least"),
    [
        ({}, -3),
        ({"max_turns": None}, -3),  # the stock still runs out (B14)
        ({"stock_end": tonk.StockEnd.DEAD}, -3),  # the turn limit (B15)
        ({"max_turns": None, "stock_end": tonk.StockEnd.DEAD}, -1),  # no showdown
    ],
)
def test_a_showdown_counts_in_the_bounds_when_a_hand_can_end_in_one(
    options: dict[str, Any], least: int
) -> None:
    rules = Rules(**CHEAP_DROP, **options)
    assert encoding.payoff_bounds(rules, 4) == (least, 3)


def test_a_claimed_deal_tonk_s_holder_also_takes_the_widow_pot() -> None:
    # V19 and V46: 4 from each other seat and both their exchanges; a paying
    # seat that exchanged pays 4 and 1.
    rules = Rules(
        **{
            **PLAIN,
            "deal_tonks": (tonk.DealTonk(at_most=9, pays=4, claim=BEFORE_FIRST_TURN),),
        },
        widow=True,
    )
    assert encoding.payoff_bounds(rules, 3) == (-5, 10)


def test_hit_and_split_pays_a_catcher_who_did_not_win() -> None:
    # V39: a caught drop's catcher that is not the lowest wins nothing but
    # holds a four-card spread: 5 from the dropper and 1/2 from the winner.
    rules = Rules(**{**PLAIN, "catch": tonk.Catch(to_catchers=5)}, hit_and_split=True)
    assert encoding.payoff_bounds(rules, 3) == (-10, Fraction(11, 2))


def test_a_lone_winner_paying_hit_and_split_puts_nothing_in_the_widow_pot() -> None:
    # The one lowest paid 1 by the dropper pays 1/2 to each of 7 losers; it
    # takes back whatever it put in the pot (V46), so only 7/2 is lost. A
    # tonk out is paid 7 and the 7 others' exchanges. A showdown's loser
    # pays 1 in all, shared by the tied (SPLIT).
    rules = Rules(
        **CHEAP_DROP,
        exhaustion_tie=tonk.ExhaustionTie.SPLIT,
        hit_and_split=True,
        widow=True,
    )
    assert encoding.payoff_bounds(rules, 8) == (Fraction(-5, 2), 14)


def test_tied_winners_share_the_widow_pot() -> None:
    # A showdown of four tied (SPLIT): nobody pays, and each winner who
    # exchanged gets back 1/4 of the pot (V46): -3/4 at worst. The least is
    # a loser's -1 and its exchange; the most a tonk out's 3 and the pot.
    rules = Rules(**CHEAP_DROP, exhaustion_tie=tonk.ExhaustionTie.SPLIT, widow=True)
    assert encoding.payoff_bounds(rules, 4) == (-2, 6)


def test_two_lowest_sharing_a_catch_pay_hit_and_split_and_the_pot() -> None:
    # V35 2 (SPLIT): two tied lowest share the dropper's 1; each pays 1/2
    # to the 5 losers (V39) and, having exchanged, gets back 1/2 of its 1
    # from the pot of the two winners (V46): 1/2 - 5/2 - 1/2 = -5/2.
    rules = Rules(
        deal_tonks=(),
        going_out=(tonk.OutPay(pays=1),),
        catch=tonk.Catch(to_lowest=1, lowest_tie=tonk.LowestTie.SPLIT),
        exhaustion_tie=tonk.ExhaustionTie.DEAD_HAND,
        hit_and_split=True,
        widow=True,
    )
    assert encoding.payoff_bounds(rules, 7) == (Fraction(-5, 2), 12)
