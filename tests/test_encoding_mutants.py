"""Exact values of tonk.encoding, written to kill mutmut's survivors.

``test_encoding.py`` checks the layouts against themselves (every index
decodes and encodes back, every vector equals a slow reference built from
``observation_sections``): a change that moves a whole section, or a value
written the same wrong way by both forms, goes unseen there. These tests pin
the numbers a learning agent trains on to values worked out by hand: the
indices of named actions at each section's edges, the positions and values
an observation writes in stacked deals, the bounds of each section, the
texts and types of the errors, and the bounds of a hand (its payoffs, its
length). See docs/maintainers.md, "Mutation testing".
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable

import attrs
import pytest
from scenario import card

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
        "rules must be Rules, got 'r'"
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
