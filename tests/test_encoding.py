"""The action layout and observation vectors of tonk.encoding."""

from __future__ import annotations

import array
import random
from collections import Counter
from itertools import combinations_with_replacement
from operator import le

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scenario import card
from test_observation import hands_played, patient_hands, play, rngs

import tonk
from tonk import (
    Card,
    ClaimDealTonk,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    EncodingError,
    GameState,
    Hit,
    LaySpread,
    Pass,
    Rules,
    RulesError,
    Slap,
    Tunk,
    WildCard,
    Wilds,
    encoding,
    observe,
    parse_element,
)
from tonk._compiled import compiled
from tonk._spreads import lay_out
from tonk.actions import Exchange
from tonk.testing import stack_deck
from tonk.testing.strategies import Playout, player_counts
from tonk.testing.strategies import rules as any_rules

PAGAT = tonk.presets.PAGAT
CHICAGO = tonk.presets.CHICAGO


def spread(text: str) -> LaySpread:
    return LaySpread(map(parse_element, text.split()))


def tunk_index(rules: Rules, players: int) -> int | None:
    """The index of the tunk (H5), or None for rules without one."""
    name, start, size = encoding.action_sections(rules, players)[-1]
    assert name == "tunk"
    assert size == (rules.tunk_at_most is not None)
    return start if size else None


def check_legal_actions(state: GameState) -> None:
    """Every legal action but a tunk has a distinct index, and a legal tunk
    brings the tunk's; the mask is exactly them, each decoding to a legal action."""
    players = state.player_count
    rules = state.rules
    size = encoding.action_space_size(rules, players)
    actions = tonk.legal_actions(state)
    tunks = [action for action in actions if isinstance(action, Tunk)]
    others = [action for action in actions if not isinstance(action, Tunk)]
    indices = [encoding.action_to_index(action, rules, players) for action in others]
    assert len(set(indices)) == len(indices)
    assert all(0 <= index < size for index in indices)
    for action, index in zip(others, indices, strict=True):
        assert encoding.index_to_action(index, rules, players) == action
        assert encoding.legal_action(state, index) == action
    tunk = tunk_index(rules, players)
    for one in tunks[:3]:  # a tunk has no index of its own (H5)
        with pytest.raises(EncodingError, match=f"the tunk's index, {tunk},"):
            encoding.action_to_index(one, rules, players)
    legal = sorted(indices + ([tunk] if tunk is not None and tunks else []))
    mask = encoding.legal_mask(state)
    assert len(mask) == size
    # Exactly the legal indices are 1 and every other byte is 0, counted in C:
    # a wild rule set's layout has tens of thousands of indices.
    assert mask.count(1) == len(legal)
    assert mask.count(0) == size - len(legal)
    assert all(mask[index] == 1 for index in legal)
    assert encoding.legal_indices(state) == tuple(legal)
    if tunk is not None:
        check_the_tunk_index(state, tunk, tunks)
    illegal = mask.find(0)
    if illegal >= 0:
        with pytest.raises(EncodingError, match="is not legal now"):
            encoding.legal_action(state, illegal)


def check_the_tunk_index(state: GameState, tunk: int, tunks: list[Tunk]) -> None:
    """The tunk's index plays the legal tunk leaving the fewest points (H5)."""
    rules = state.rules
    players = state.player_count
    with pytest.raises(EncodingError, match="legal_action"):
        encoding.index_to_action(tunk, rules, players)
    if not tunks:
        with pytest.raises(EncodingError, match="is not legal now"):
            encoding.legal_action(state, tunk)
        return
    canonical = encoding.legal_action(state, tunk)
    assert isinstance(canonical, Tunk)
    assert canonical in tunks

    def unmatched(action: Tunk) -> int:
        left = Counter(state.hands[state.to_move])
        left.subtract(action.physical)
        return sum(rules.card_value(card) * n for card, n in left.items())

    assert unmatched(canonical) == min(map(unmatched, tunks))
    seen = observe(state, state.to_move)
    assert encoding.legal_action(seen, tunk) == canonical


def test_layout_version_is_an_int() -> None:
    assert isinstance(encoding.LAYOUT_VERSION, int)
    assert encoding.LAYOUT_VERSION >= 1


def test_sizes_of_the_pagat_and_chicago_layouts() -> None:
    assert encoding.action_space_size(PAGAT, 2) == 1158
    assert encoding.action_space_size(PAGAT, 6) == 1158
    assert encoding.action_space_size(CHICAGO, 2) == 46549
    sections = {
        name: (start, size)
        for name, start, size in encoding.action_sections(CHICAGO, 3)
    }
    assert sections["header"] == (0, 5)
    assert sections["discard"] == (5, 53)  # 52 cards and the joker
    assert sections["hit"][1] == 18 * (52 + 5 * 52 - 4)  # 18 spreads from 54 cards
    total = sum(size for _, _, size in encoding.action_sections(CHICAGO, 3))
    assert total == encoding.action_space_size(CHICAGO, 3)


def test_the_header_indices_are_fixed() -> None:
    for rules in (PAGAT, CHICAGO, Rules(slap_in=True, widow=True)):
        header = [encoding.index_to_action(i, rules, 2) for i in range(5)]
        assert header == [Drop(), DrawStock(), DrawDiscard(), ClaimDealTonk(), Pass()]


@pytest.mark.parametrize(
    ("rules", "players"),
    [
        (PAGAT, 2),
        (CHICAGO, 2),
        (Rules(slap_in=True, widow=True), 3),
        (
            Rules(
                two_packs_from=2,
                jokers=2,
                wilds=Wilds.JOKERS,
                hand_size=3,
                deal_tonks=(),
            ),
            2,
        ),
    ],
)
def test_every_index_names_one_action_and_back(rules: Rules, players: int) -> None:
    size = encoding.action_space_size(rules, players)
    actions = set()
    for index in range(size):
        action = encoding.index_to_action(index, rules, players)
        assert encoding.action_to_index(action, rules, players) == index
        actions.add(action)
    assert len(actions) == size


def _brute_force_spreads(rules: Rules, players: int) -> set[LaySpread]:
    """Every spread ``lay_out`` accepts: each book or run of at most
    hand_size + 1 cards laid with every physical multiset of its cards and the
    wilds of the pack."""
    tables = compiled(rules).tables
    copies = rules.packs_for(players)
    pack = Counter(rules.pack(players=players))
    naturals = list(tables.naturals)
    wilds = sorted(card for card in pack if rules.is_wild(card))
    groups = [
        [natural for natural in naturals if natural.rank is rank]
        for rank in {natural.rank for natural in naturals}
    ] + [
        [natural for natural in naturals if natural.suit is suit]
        for suit in {natural.suit for natural in naturals}
    ]
    found = set()
    for size in range(3, rules.hand_size + 2):
        for group in groups:
            for represented in combinations_with_replacement(group, size):
                if lay_out(represented, tables, copies) is None:
                    continue
                choices = sorted(set(represented) | set(wilds))
                for physical in combinations_with_replacement(choices, size):
                    if any(physical.count(one) > pack[one] for one in physical):
                        continue  # more copies than the pack holds
                    elements = _paired(represented, physical)
                    if lay_out(elements, tables, copies) is not None:
                        found.add(LaySpread(elements))
    return found


def _paired(
    represented: tuple[Card, ...], physical: tuple[Card, ...]
) -> list[Card | WildCard]:
    """Cards as themselves where they can be, the others standing in order."""
    left = list(represented)
    elements: list[Card | WildCard] = []
    others = []
    for one in physical:
        if one in left:
            left.remove(one)
            elements.append(one)
        else:
            others.append(one)
    elements += [
        WildCard(wild, natural) for wild, natural in zip(others, left, strict=True)
    ]
    return elements


@pytest.mark.parametrize(
    ("rules", "players"),
    [
        (PAGAT, 2),
        (attrs.evolve(CHICAGO, hand_size=3, deal_tonks=()), 2),
        (
            Rules(
                two_packs_from=2,
                jokers=3,
                wilds=Wilds.JOKERS,
                hand_size=3,
                deal_tonks=(),
            ),
            2,
        ),
        (
            Rules(
                wilds=Wilds.JOKERS_AND_TWOS,
                jokers=1,
                hand_size=3,
                ace_high=True,
                deal_tonks=(),
            ),
            2,
        ),
        (
            Rules(
                pack_kind=tonk.PackKind.FORTY,
                two_packs_from=2,
                wilds=Wilds.JOKERS_AND_TWOS,
                hand_size=3,
                deal_tonks=(),
            ),
            2,
        ),
    ],
)
def test_spread_section_is_exactly_every_spread_the_rules_accept(
    rules: Rules, players: int
) -> None:
    """An independent brute force of every layable spread."""
    expected = _brute_force_spreads(rules, players)
    start, size = next(
        (start, size)
        for name, start, size in encoding.action_sections(rules, players)
        if name == "spread"
    )
    laid = {
        encoding.index_to_action(i, rules, players) for i in range(start, start + size)
    }
    assert len(laid) == size
    assert laid == expected


@given(hands_played())
def test_every_legal_action_has_an_index(playout: Playout) -> None:
    for state in playout.states:
        check_legal_actions(state)


@given(patient_hands())
def test_every_legal_action_of_long_hands_has_an_index(playout: Playout) -> None:
    for state in playout.states:
        check_legal_actions(state)


@given(any_rules(), st.data())
def test_random_indices_of_random_rules_round_trip(
    rules: Rules, data: st.DataObject
) -> None:
    players = data.draw(player_counts(rules))
    size = encoding.action_space_size(rules, players)
    assert sum(size for _, _, size in encoding.action_sections(rules, players)) == size
    tunk = tunk_index(rules, players)
    for _ in range(20):
        index = data.draw(st.integers(0, size - 1))
        if index == tunk:  # H5: the arrangement is the hand's
            with pytest.raises(EncodingError, match="is the tunk"):
                encoding.index_to_action(index, rules, players)
            continue
        action = encoding.index_to_action(index, rules, players)
        assert encoding.action_to_index(action, rules, players) == index


def test_a_wild_spread_has_one_index_whichever_wild_stands_for_what() -> None:
    a = spread("5H 2C=6H JK=7H")
    b = spread("5H JK=6H 2C=7H")
    assert a == b
    index = encoding.action_to_index(a, CHICAGO, 2)
    assert encoding.action_to_index(b, CHICAGO, 2) == index
    assert encoding.index_to_action(index, CHICAGO, 2) == a
    itself = spread("AC 2C 3C")  # the 2C stands for itself
    wild = spread("AC 2D=2C 3C")
    assert encoding.action_to_index(itself, CHICAGO, 2) != encoding.action_to_index(
        wild, CHICAGO, 2
    )


def test_the_hit_section_numbers_spread_then_element() -> None:
    first = encoding.action_to_index(Hit(1, card("AC")), PAGAT, 2)
    assert encoding.action_to_index(Hit(2, card("AC")), PAGAT, 2) == first + 52
    assert encoding.action_to_index(Hit(1, card("2C")), PAGAT, 2) == first + 1
    wild = Hit(3, WildCard(card("JK"), card("QS")))
    index = encoding.action_to_index(wild, CHICAGO, 2)
    assert encoding.index_to_action(index, CHICAGO, 2) == wild


def test_bad_indices_are_refused() -> None:
    with pytest.raises(EncodingError, match=r"must be 0\.\.1157 under these rules"):
        encoding.index_to_action(1158, PAGAT, 2)
    with pytest.raises(EncodingError, match="got -1"):
        encoding.index_to_action(-1, PAGAT, 2)
    with pytest.raises(TypeError):
        encoding.index_to_action(1.0, PAGAT, 2)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        encoding.index_to_action(True, PAGAT, 2)
    assert issubclass(EncodingError, tonk.TonkError)
    assert issubclass(EncodingError, ValueError)


@pytest.mark.parametrize(
    ("action", "rules", "why"),
    [
        (Discard(card("JK")), PAGAT, "the card is not in the pack"),
        (Discard(card("8H")), tonk.presets.BATON_ROUGE, "the card is not in the pack"),
        (Exchange(card("AC")), PAGAT, "these rules have no widow"),
        (Slap(1), PAGAT, "these rules have no slap-in"),
        (Slap(18), Rules(slap_in=True), "spread numbers go from 1 to 17"),
        (Hit(0, card("AC")), PAGAT, "spread numbers go from 1 to 17"),
        (Hit(18, card("AC")), PAGAT, "spread numbers go from 1 to 17"),
        (Hit(1, WildCard(card("3C"), card("4C"))), CHICAGO, "no card can be hit so"),
        (Hit(1, card("JK")), CHICAGO, "no card can be hit so"),
        (Hit(1, WildCard(card("JK"), card("4C"))), PAGAT, "no card can be hit so"),
        (spread("AC 2C"), PAGAT, "not a book or run of at most 6 cards"),
        (spread("AC 2C 4C"), PAGAT, "not a book or run"),
        (spread("AC 2C 3C 4C 5C 6C 7C"), PAGAT, "not a book or run of at most 6"),
        (spread("AC 2C JK=3C"), PAGAT, "not a book or run"),
        (spread("3C=AC 2C 3C"), CHICAGO, "not a book or run"),
        (spread("JK=AC JK=2C JK=3C"), CHICAGO, "not a book or run"),
    ],
)
def test_actions_no_state_could_offer_are_refused(
    action: tonk.Action, rules: Rules, why: str
) -> None:
    with pytest.raises(EncodingError, match=why) as raised:
        encoding.action_to_index(action, rules, 2)
    assert str(raised.value).startswith(f"cannot encode {action!r}: ")


def test_non_actions_and_bad_tables_are_refused() -> None:
    with pytest.raises(TypeError):
        encoding.action_to_index("drop", PAGAT, 2)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"players must be 2\.\.10"):
        encoding.action_space_size(PAGAT, 11)
    with pytest.raises(TypeError):
        encoding.action_space_size(PAGAT, 2.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        encoding.legal_mask("state")  # type: ignore[arg-type]


def test_two_packs_change_the_layout_with_the_table() -> None:
    rules = Rules(two_packs_from=4)
    assert encoding.action_space_size(rules, 3) == 1158
    assert encoding.action_space_size(rules, 4) > 1158
    book = spread("7C 7C 7D")
    encoding.action_to_index(book, rules, 4)
    with pytest.raises(EncodingError):
        encoding.action_to_index(book, rules, 3)


def test_legal_mask_of_an_observation_is_its_seat_s_actions() -> None:
    state = tonk.new_game(PAGAT, players=2, seed=7)
    assert encoding.legal_mask(observe(state, 1)) == encoding.legal_mask(state)
    assert not any(encoding.legal_mask(observe(state, 0)))


def test_legal_indices_of_an_observation_are_its_seat_s_actions() -> None:
    state = tonk.new_game(PAGAT, players=2, seed=7)
    assert encoding.legal_indices(observe(state, 1)) == encoding.legal_indices(state)
    assert encoding.legal_indices(observe(state, 0)) == ()
    with pytest.raises(TypeError):
        encoding.legal_indices(PAGAT)  # type: ignore[arg-type]


# --- observation vectors -----------------------------------------------------------


def section(rules: Rules, players: int, name: str) -> slice:
    for title, start, size in encoding.observation_sections(rules, players):
        if title == name:
            return slice(start, start + size)
    raise AssertionError(name)


def test_observation_vector_reads_back_the_observation() -> None:
    state = tonk.new_game(PAGAT, players=3, seed=2)
    state = tonk.apply(state, DrawDiscard())  # seat 1 takes the upcard
    upcard = tonk.new_game(PAGAT, players=3, seed=2).top_discard
    assert upcard is not None
    seen = observe(state, 2)
    vector = encoding.observation_vector(seen)
    assert len(vector) == encoding.observation_size(PAGAT, 3)
    assert vector[section(PAGAT, 3, "phase")] == (0.0, 1.0, 0.0, 0.0, 0.0)
    assert vector[section(PAGAT, 3, "to_move")] == (0.0, 0.0, 1.0)  # seat 1: two on
    assert vector[section(PAGAT, 3, "dealer")] == (0.0, 1.0, 0.0)  # seat 0: one on
    seats = vector[section(PAGAT, 3, "seats")]
    width = 6 + 52
    mine, left, right = seats[:width], seats[width : 2 * width], seats[2 * width :]
    assert mine[0] == 5.0
    assert sum(mine[6:]) == 5.0
    for held in seen.hand:
        assert mine[6 + held.code] == 1.0
    assert left[0] == 5.0  # seat 0
    assert sum(left[6:]) == 0.0
    assert right[0] == 6.0  # seat 1, which took the upcard
    assert sum(right[6:]) == 1.0
    assert right[6 + upcard.code] == 1.0
    assert sum(vector[section(PAGAT, 3, "spreads")]) == 0.0
    assert vector[section(PAGAT, 3, "outcome")] == (0.0, 0.0, 0.0, 0.0)


def test_observation_vector_of_a_finished_hand() -> None:
    state = tonk.apply(tonk.new_game(PAGAT, players=2, seed=5), Drop())
    assert state.outcome is not None
    vector = encoding.observation_vector(observe(state, 0))
    outcome = vector[section(PAGAT, 2, "outcome")]
    assert outcome[0] == 1.0
    assert outcome[1:] == tuple(float(p) for p in state.outcome.payoffs)
    seats = vector[section(PAGAT, 2, "seats")]
    assert seats[5] == 1.0  # shown
    assert sum(seats[58 + 6 :]) == len(state.hands[1])


@given(patient_hands(), rngs())
def test_observation_vectors_have_a_fixed_size_and_hide_what_is_hidden(
    playout: Playout, rng: random.Random
) -> None:
    rules = playout.rules
    players = playout.players
    size = encoding.observation_size(rules, players)
    for state in playout.states[:: max(1, len(playout.states) // 10)]:
        for seat in range(players):
            vector = encoding.observation_vector(observe(state, seat))
            assert len(vector) == size
            assert all(isinstance(value, float) for value in vector)
            tonk.testing.check_no_leak(
                state,
                seat,
                rng,
                view=lambda s, seat: encoding.observation_vector(observe(s, seat)),
            )


@given(hands_played())
def test_observation_entries_are_the_non_zero_positions_ascending(
    playout: Playout,
) -> None:
    for state in playout.states:
        seen = observe(state, state.to_move)
        positions, values = encoding.observation_entries(seen)
        vector = encoding.observation_vector(seen)
        assert list(positions) == [i for i, value in enumerate(vector) if value]
        assert values == tuple(vector[i] for i in positions)


def test_a_leaky_vector_would_be_caught() -> None:
    state = tonk.new_game(PAGAT, players=2, seed=3)

    def leaky(state: GameState, seat: int) -> tuple[float, ...]:
        vector = encoding.observation_vector(observe(state, seat))
        return (*vector, float(state.stock[0].code))

    with pytest.raises(AssertionError):
        tonk.testing.check_no_leak(state, 0, random.Random(1), view=leaky)


# --- observation bounds -----------------------------------------------------------


def check_within_bounds(state: GameState) -> None:
    rules, players = state.rules, state.player_count
    low, high = encoding.observation_bounds(rules, players)
    for seat in range(players):
        vector = encoding.observation_vector(observe(state, seat))
        if all(map(le, low, vector)) and all(map(le, vector, high)):
            continue
        outside = [
            (i, low[i], value, high[i])
            for i, value in enumerate(vector)
            if not low[i] <= value <= high[i]
        ]
        assert not outside, (rules, players, outside[:5])


@given(patient_hands())
def test_every_observation_lies_within_the_bounds(playout: Playout) -> None:
    for state in playout.states:
        check_within_bounds(state)


@given(hands_played())
def test_every_observation_of_short_hands_lies_within_the_bounds(
    playout: Playout,
) -> None:
    for state in playout.states:
        check_within_bounds(state)


@pytest.mark.parametrize("name", ["pagat", "chicago", "sheet", "washington_state"])
def test_observation_bounds_fit_the_layout(name: str) -> None:
    rules = tonk.presets.get(name)
    for players in (2, rules.max_players):
        low, high = encoding.observation_bounds(rules, players)
        size = encoding.observation_size(rules, players)
        assert len(low) == len(high) == size
        assert all(a <= b for a, b in zip(low, high, strict=True))


def test_observation_bounds_are_reached_at_the_deal() -> None:
    """The stock bound is what the deal leaves; a hand's bound is its size + 1."""
    for rules, players in ((PAGAT, 2), (CHICAGO, 3), (Rules(widow=True), 4)):
        _, high = encoding.observation_bounds(rules, players)
        counters = section(rules, players, "counters").start
        state = tonk.new_game(rules, players=players, seed=1)
        assert high[counters + 1] == state.stock_size
        assert high[counters] == rules.max_turns
        seats = section(rules, players, "seats").start
        assert high[seats] == rules.hand_size + 1
    _, high = encoding.observation_bounds(Rules(max_turns=None), 2)
    assert high[section(PAGAT, 2, "counters").start] == float("inf")


def test_payoff_bounds_in_the_observation_hold_a_caught_dropper() -> None:
    """Lepape's catch (V38) makes a caught dropper pay 2N to each catcher."""
    rules = tonk.presets.WASHINGTON_STATE
    low, high = encoding.observation_bounds(rules, 6)
    outcome = section(rules, 6, "outcome")
    payoffs = list(zip(low[outcome], high[outcome], strict=True))[1:]
    least, most = encoding.payoff_bounds(rules, 6)
    assert least == -5 * 12  # caught by all five others
    assert payoffs == [(least, most)] * 6


# --- the vector against a slow reference -------------------------------------------


def reference_vector(seen: tonk.Observation) -> list[float]:
    """Build the observation vector the slow way, section by named section.

    The layout of ``observation_sections`` read literally: each fact is put at
    its section's start plus its offset, one dictionary lookup at a time (the
    implementation before its tables of positions). The fast forms must give
    exactly this.
    """
    rules, players, seat = seen.rules, seen.player_count, seen.seat
    start = {name: at for name, at, _ in encoding.observation_sections(rules, players)}
    distinct = list(dict.fromkeys(rules.pack(players=players)))
    cards = {card: i for i, card in enumerate(distinct)}
    wilds = {card: i for i, card in enumerate(c for c in distinct if rules.is_wild(c))}
    seat_width = 6 + len(cards)
    spread_width = 3 + 2 * players + len(cards) + len(wilds)
    vector = [0.0] * encoding.observation_size(rules, players)

    def relative(other: int) -> int:
        return (other - seat) % players

    vector[list(tonk.Phase).index(seen.phase)] = 1.0
    vector[start["to_move"] + relative(seen.to_move)] = 1.0
    vector[start["dealer"] + relative(seen.dealer)] = 1.0
    vector[start["counters"] : start["counters"] + 4] = [
        float(seen.turns_taken),
        float(seen.stock_size),
        float(len(seen.discard_pile)),
        float(seen.hits_this_turn),
    ]
    for name, one in (
        ("top_discard", seen.top_discard),
        ("must_use", seen.must_use),
        ("widow", seen.widow),
    ):
        if one is not None:
            vector[start[name] + cards[one]] = 1.0
    for pile_card in seen.discard_pile:
        vector[start["discard_pile"] + cards[pile_card]] += 1.0
    for other in range(players):
        base = start["seats"] + relative(other) * seat_width
        if seen.shown_hands is not None:
            known = seen.shown_hands[other]
        else:
            known = seen.hand if other == seat else seen.taken[other]
        vector[base : base + 6] = [
            float(seen.hand_sizes[other]),
            float(seen.waits[other]),
            float(seen.going_out_barred[other]),
            float(seen.hit_this_round[other]),
            float(bool(seen.exchanged) and seen.exchanged[other]),
            float(seen.shown_hands is not None),
        ]
        for held in known:
            vector[base + 6 + cards[held]] += 1.0
    if seen.slap is not None:
        base = start["slap"]
        vector[base + cards[seen.slap.card]] = 1.0
        base += len(cards)
        vector[base + relative(seen.slap.discarder)] = 1.0
        vector[base + players + relative(seen.slap.due)] = 1.0
        if seen.slap.slapper is not None:
            vector[base + 2 * players + relative(seen.slap.slapper)] = 1.0
    for laid in seen.spreads:
        base = start["spreads"] + (laid.number - 1) * spread_width
        vector[base] = 1.0
        vector[base + 1 + relative(laid.owner)] = 1.0
        base += 1 + players
        vector[base] = float(laid.kind is tonk.SpreadKind.RUN)
        vector[base + 1] = float(laid.turn == seen.turns_taken)
        base += 2
        for hitter in laid.hitters:
            vector[base + relative(hitter)] += 1.0
        base += players
        for stands_for in laid.stands_for:
            vector[base + cards[stands_for]] += 1.0
        base += len(cards)
        for physical in laid.cards:
            if physical in wilds:
                vector[base + wilds[physical]] += 1.0
    if seen.outcome is not None:
        base = start["outcome"]
        vector[base] = 1.0
        for other, payoff in enumerate(seen.outcome.payoffs):
            vector[base + 1 + relative(other)] = float(payoff)
    if seen.tunker is not None:
        vector[start["tunker"] + relative(seen.tunker)] = 1.0
    if seen.buried:
        vector[start["buried"]] = 1.0
    return vector


def check_every_form_is_the_reference(state: GameState) -> None:
    """The tuple, the entries, both buffers and the state's form agree."""
    rules, players = state.rules, state.player_count
    size = encoding.observation_size(rules, players)
    for seat in range(players):
        seen = observe(state, seat)
        expected = reference_vector(seen)
        assert list(encoding.observation_vector(seen)) == expected
        assert list(encoding.observation_vector(state, seat=seat)) == expected
        positions, values = encoding.observation_entries(seen)
        assert list(positions) == [i for i, value in enumerate(expected) if value]
        assert list(values) == [expected[i] for i in positions]
        for kind in ("d", "f"):
            buffer = array.array(kind, [7.0]) * size  # stale values are cleared
            assert encoding.observation_vector(seen, out=buffer) is buffer
            assert buffer.tolist() == array.array(kind, expected).tolist()
            again = array.array(kind, [7.0]) * size
            encoding.observation_vector(state, seat=seat, out=again)
            assert again == buffer


@given(patient_hands())
def test_every_form_of_the_vector_is_the_reference_on_long_hands(
    playout: Playout,
) -> None:
    for state in playout.states[:: max(1, len(playout.states) // 12)]:
        check_every_form_is_the_reference(state)
    check_every_form_is_the_reference(playout.states[-1])


@given(hands_played())
def test_every_form_of_the_vector_is_the_reference(playout: Playout) -> None:
    for state in playout.states:
        check_every_form_is_the_reference(state)


def test_a_vector_is_written_into_a_numpy_row() -> None:
    np = pytest.importorskip("numpy")
    state = tonk.new_game(CHICAGO, players=3, seed=4)
    batch = np.full((2, encoding.observation_size(CHICAGO, 3)), 9.0, np.float32)
    encoding.observation_vector(state, seat=2, out=batch[1])
    assert batch[1].tolist() == reference_vector(observe(state, 2))
    assert (batch[0] == 9.0).all()


def test_bad_buffers_and_seats_are_refused() -> None:
    state = tonk.new_game(PAGAT, players=2, seed=1)
    seen = observe(state, 0)
    size = encoding.observation_size(PAGAT, 2)
    with pytest.raises(
        EncodingError, match="out must hold the vector's 1401 floats, not 1400"
    ):
        encoding.observation_vector(seen, out=array.array("f", bytes(4 * 1400)))
    for bad in (
        [0.0] * size,  # not a buffer
        array.array("i", bytes(4 * size)),  # not floats
        bytes(8 * size),  # read-only
    ):
        with pytest.raises(TypeError):
            encoding.observation_vector(seen, out=bad)
    with pytest.raises(TypeError, match="give seat="):
        encoding.observation_vector(state)
    with pytest.raises(TypeError, match="not with an observation"):
        encoding.observation_vector(seen, seat=0)
    with pytest.raises(RulesError, match=r"seat must be 0\.\.1"):
        encoding.observation_vector(state, seat=2)
    with pytest.raises(TypeError, match="seat must be an int"):
        encoding.observation_vector(state, seat="0")  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="expected an Observation or a GameState"):
        encoding.observation_vector(None)  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="expected an Observation, got"):
        encoding.observation_entries(state)  # type: ignore[arg-type]


def test_waits_stay_in_their_bound_when_a_second_hit_charges_more() -> None:
    # X7's hit_wait_again charges a seat still barred more than hit_wait: the
    # bound of a seat's waits ignored it, and a hitting hand of 4 players
    # (seed 237) reached a wait of 83 against a bound of 52.
    rules = tonk.Rules(hit_wait=1, hit_wait_again=10)
    low, high = tonk.encoding.observation_bounds(rules, 4)
    rng = random.Random(237)
    state = tonk.new_game(rules, players=4, seed=237)
    worst = 0
    while state.outcome is None:
        actions = tonk.legal_actions(state)
        melds: list[tonk.Action] = [
            a for a in actions if isinstance(a, tonk.Hit | tonk.LaySpread)
        ]
        others: list[tonk.Action] = [a for a in actions if not isinstance(a, tonk.Drop)]
        pool: list[tonk.Action] = melds or others or list(actions)
        state = tonk.apply(state, rng.choice(pool))
        worst = max(worst, *state.waits)
        vector = tonk.encoding.observation_vector(tonk.observe(state, 0))
        assert all(lo <= x <= hi for x, lo, hi in zip(vector, low, high, strict=True))
    assert worst > 52


# --- Hoyle's tunk (H3, H5) -----------------------------------------------------------

HOYLE = tonk.presets.HOYLE


def test_the_tunk_is_one_last_index_and_other_layouts_keep_theirs() -> None:
    """H5 adds the last index; a rule set without a tunk has the same layout."""
    for players in (2, 5):
        sections = encoding.action_sections(HOYLE, players)
        assert sections[-1] == (
            "tunk",
            encoding.action_space_size(HOYLE, players) - 1,
            1,
        )
    without = attrs.evolve(HOYLE, tunk_at_most=None, last_turns=False)
    assert encoding.action_sections(without, 2)[:-1] == sections[:-1]
    assert encoding.action_sections(without, 2)[-1][2] == 0
    assert encoding.action_space_size(without, 2) == sections[-1][1]
    tunk = sections[-1][1]
    for action in (Tunk(), Tunk([spread("3H 4H 5H")]), Tunk([spread("AS 2C=AH AC")])):
        with pytest.raises(
            EncodingError,
            match=f"a tunk has no index of its own; the tunk's index, {tunk}, plays",
        ):
            encoding.action_to_index(action, HOYLE, 2)
    with pytest.raises(
        EncodingError, match=r"Tunk\(spreads=\(\)\): these rules have no tunk \(H5\)"
    ):
        encoding.action_to_index(Tunk(), PAGAT, 2)


def hoyle_deal(*hands: str, stock: str) -> GameState:
    deck = stack_deck(HOYLE, hands=hands, upcard="5D", stock=stock)
    return tonk.new_game(HOYLE, players=len(hands), deck=deck)


def test_the_tunk_index_plays_the_arrangement_leaving_the_fewest_points() -> None:
    state = hoyle_deal("6C 8D 10D KS KH 3D 10S", "3H 4H 5H 6H 7C 7D 7S", stock="7H 9C")
    state = tonk.apply(state, DrawStock())
    tunks = [a for a in tonk.legal_actions(state) if isinstance(a, Tunk)]
    assert len(tunks) == 4  # two lay every card, two leave the 3H
    tunk = encoding.action_space_size(HOYLE, 2) - 1
    chosen = encoding.legal_action(state, tunk)
    # Both arrangements laying all eight cards count 0; the book of four 7s
    # comes first by its cards' codes (7H before 7S).
    assert chosen == Tunk([spread("7C 7D 7H 7S"), spread("3H 4H 5H 6H")])
    after = tonk.apply(state, chosen)
    assert after.tunker == 1
    # Four tunks, one index in the mask.
    assert encoding.legal_indices(state).count(tunk) == 1
    assert encoding.legal_mask(state)[tunk] == 1


def test_the_observation_vector_shows_the_tunker_and_a_buried_upcard() -> None:
    """H3, H5: the tunker is one-hot from the observer, the burial one flag."""
    state = hoyle_deal(
        "6C 8D 10D KS KH 3D 10S",
        "3H 4H 5H 7C 7D 7S AS",
        "KC KD QH JH 9S 8S 6D",
        stock="4C 10C 5S",
    )
    assert (
        sum(encoding.observation_vector(state, seat=2)[section(HOYLE, 3, "tunker")])
        == 0
    )
    state = play(state, "draw stock", "tunk 3H 4H 5H / 7C 7D 7S")
    assert state.tunker == 1
    assert state.buried
    for seat, seen in (
        (0, (0.0, 1.0, 0.0)),
        (1, (1.0, 0.0, 0.0)),
        (2, (0.0, 0.0, 1.0)),
    ):
        vector = encoding.observation_vector(observe(state, seat))
        assert vector[section(HOYLE, 3, "tunker")] == seen
        assert vector[section(HOYLE, 3, "buried")] == (1.0,)
        assert encoding.observation_vector(state, seat=seat) == vector
    assert section(PAGAT, 3, "tunker") == section(PAGAT, 3, "buried")  # both empty
    assert section(PAGAT, 3, "tunker").start == encoding.observation_size(PAGAT, 3)


@st.composite
def tunking_hands(draw: st.DrawFn) -> list[GameState]:
    """A hand of rules with a tunk, played at random, tunking half the time it may."""
    rules = draw(st.sampled_from([HOYLE, Rules(tunk_at_most=5, deal_tonks=())]))
    players = draw(player_counts(rules))
    rng = draw(rngs())
    state = tonk.new_game(rules, players=players, seed=rng.randrange(2**32))
    states = [state]
    while not state.is_terminal:
        actions = tonk.legal_actions(state)
        tunks = [a for a in actions if isinstance(a, Tunk)]
        pool = tunks if tunks and rng.random() < 0.5 else actions
        state = tonk.apply(state, rng.choice(pool))
        states.append(state)
    return states


@given(tunking_hands())
def test_every_state_of_a_tunking_hand_encodes_and_decodes(
    states: list[GameState],
) -> None:
    for state in states:
        check_legal_actions(state)
        check_within_bounds(state)


def test_the_longest_hand_counts_the_last_turns_played_past_the_turn_limit() -> None:
    """H6 under B15: a tunk in the last turn allowed still gives each other
    seat a turn, so the bounds hold N - 1 turns and 2(N - 1) actions more."""
    rules = attrs.evolve(HOYLE, max_turns=2)
    deck = stack_deck(
        rules,
        hands=[
            "6C 8D 10D KS KH 3D 10S",
            "KC KD QH JH 9S 8S 6D",
            "3H 4H 5H 7C 7D 7S AS",
        ],
        upcard="5D",
        stock="9D 4C 10C 5S",
    )
    state = tonk.new_game(rules, players=3, deck=deck)
    state = play(state, "draw stock", "discard 9D", "draw stock")
    state = play(state, "tunk 3H 4H 5H / 7C 7D 7S")  # the second turn, the last
    for text in ("draw stock", "discard 10C", "draw stock", "discard 5S"):
        state = play(state, text)
        check_within_bounds(state)  # the turns taken too
    assert state.outcome is not None
    assert state.turns_taken == 2 + 2  # the limit, then two last turns
    without = attrs.evolve(rules, last_turns=False)
    assert encoding.max_hand_length(rules, 3) == (
        encoding.max_hand_length(without, 3) + 2 * (3 - 1)
    )
