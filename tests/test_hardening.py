"""Hardening: copied rule sets and states, forged states, untrusted seats.

Copies made by :mod:`pickle` and :mod:`copy` must play exactly as the original
(the engine's caches are keyed by value, not by object identity); a state that
could never be reached is refused by :func:`tonk.validate` and by the JSON
loader, with the same checks.
"""

from __future__ import annotations

import copy
import pickle
import random
import re
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tonk
from tonk import GameState, LaySpread, Rules, Wilds
from tonk.testing import check_invariants, stack_deck
from tonk.testing.strategies import game_states, player_counts, presets, rules

# --- copies play as the original (issue 12, defect 1) ------------------------------


def _spreads_after_a_draw(table_rules: Rules) -> set[str]:
    """Return the spreads seat 0 may lay after drawing from a stacked deck."""
    deck = stack_deck(
        table_rules,
        hands=["AH 2H JK QH KH", "3C 4C 5C 6C 8D"],
        upcard="9S",
        dealer=1,
    )
    state = tonk.new_game(table_rules, players=2, deck=deck, dealer=1)
    state = tonk.apply(state, tonk.DrawStock())
    return {
        tonk.format_action(action)
        for action in tonk.legal_actions(state)
        if isinstance(action, LaySpread)
    }


def test_a_copy_in_a_freed_copys_memory_finds_its_own_spreads() -> None:
    """The issue's case, made certain: a copy of other rules reuses a freed copy's
    memory, and must not read the freed copy's spreads."""
    low = Rules(jokers=2, wilds=Wilds.JOKERS)
    high = Rules(jokers=2, wilds=Wilds.JOKERS, ace_high=True)
    truth = _spreads_after_a_draw(high)
    assert truth != _spreads_after_a_draw(low)  # QH KH AH is a run only in one
    copied = pickle.loads(pickle.dumps(low))
    _spreads_after_a_draw(copied)  # its spreads are worked out and kept
    freed = id(copied)
    del copied
    blob = pickle.dumps(high)
    kept = []  # each copy that misses the freed memory is kept, so the next tries
    for _ in range(1_000):
        other = pickle.loads(blob)
        if id(other) == freed:
            break
        kept.append(other)
    else:
        pytest.skip("the allocator never reused the freed copy's memory")
    assert _spreads_after_a_draw(other) == truth


def test_copies_made_and_freed_in_turn_find_their_own_spreads() -> None:
    low = Rules(jokers=2, wilds=Wilds.JOKERS)
    high = Rules(jokers=2, wilds=Wilds.JOKERS, ace_high=True)
    truth = [_spreads_after_a_draw(low), _spreads_after_a_draw(high)]
    blobs = [pickle.dumps(low), pickle.dumps(high)]
    wrong = 0
    for run in (1, 2, 3):
        for step in range(60):
            which = (step // run) % 2
            copied = pickle.loads(blobs[which])
            wrong += _spreads_after_a_draw(copied) != truth[which]
            del copied  # freed at once: nothing refers to it
    assert wrong == 0


_COPIERS = (
    lambda state: pickle.loads(pickle.dumps(state)),
    copy.deepcopy,
    lambda state: attrs.evolve(state, rules=pickle.loads(pickle.dumps(state.rules))),
    lambda state: attrs.evolve(state, rules=copy.deepcopy(state.rules)),
)
"""Copies of a state as a server or a bot makes them: the rules are copied too."""


@st.composite
def twin_deals(draw: st.DrawFn) -> list[GameState]:
    """Draw one deal under rules with and without the ace high (V10), then a draw.

    Equal hands under two rule sets look alike to a cache that confuses them.
    """
    drawn = draw(rules() | presets())
    players = draw(player_counts(drawn))
    seed = draw(st.integers(0, 2**32 - 1))
    states = []
    for ace_high in (False, True):
        state = tonk.new_game(
            attrs.evolve(drawn, ace_high=ace_high), players=players, seed=seed
        )
        if tonk.is_legal(state, tonk.DrawStock()):
            state = tonk.apply(state, tonk.DrawStock())
        states.append(state)
    return states


@given(
    twin_deals(),
    game_states(rules=rules() | presets()),
    st.lists(st.sampled_from(_COPIERS), min_size=12, max_size=12),
    st.integers(1, 3),
    st.data(),
)
def test_copies_of_rules_and_states_play_as_the_original(
    twins: list[GameState],
    mid_hand: GameState,
    copiers: list[Callable[[GameState], GameState]],
    run: int,
    data: st.DataObject,
) -> None:
    states = [*twins, mid_hand]
    legal = [tonk.legal_actions(state) for state in states]
    for step, copier in enumerate(copiers):
        # Copies of each state in turn, made and freed in runs, so that a freed
        # copy's memory is soon reused by a copy under other rules.
        which = (step // run) % len(states)
        copied = copier(states[which])
        assert copied == states[which]
        assert tonk.legal_actions(copied) == legal[which]
        for action in legal[which]:
            assert tonk.is_legal(copied, action)
        if legal[which]:
            action = data.draw(st.sampled_from(legal[which]))
            assert tonk.apply(copied, action) == tonk.apply(states[which], action)
        del copied  # freed at once: nothing refers to it
    assert [tonk.legal_actions(state) for state in states] == legal
    mask = tonk.encoding.legal_mask
    for state, copier in zip(states, copiers, strict=False):
        assert mask(copier(state)) == mask(state)


def test_the_tables_of_rule_sets_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from tonk import _compiled
    from tonk._cache import caches, clear_caches

    clear_caches()
    monkeypatch.setattr(_compiled._COMPILED, "limit", 50)
    for value in range(200):  # a server reading rule sets from its users
        rules = Rules(jokers=2, wilds=Wilds.JOKERS, joker_value=value)
        assert _compiled.compiled(rules).rules == rules
    assert 0 < len(_compiled._COMPILED) <= 50
    for ace_high in (False, True):
        for jokers in (1, 2, 3):
            _spreads_after_a_draw(
                Rules(jokers=jokers, wilds=Wilds.JOKERS, ace_high=ace_high)
            )
    for cache in caches():
        assert len(cache) <= cache.limit <= 50_000
    assert sum(map(len, caches())) > 0


# --- forged states are refused (issue 12, defects 5 and 7) -------------------------


def _fresh() -> GameState:
    """A 3-player deal: dealer 0, so seat 1 is to move first."""
    return tonk.new_game(Rules(), players=3, seed=7, dealer=0)


def _in_slap_window() -> GameState:
    """Seat 1 discarded 8H, which fits seat 0's 5H 6H 7H: seat 1 is asked first."""
    rules = Rules(slap_in=True)
    hands = ["5H 6H 7H KS QS", "8H 2C 3D 4S 9C"]
    deck = stack_deck(rules, hands=hands, upcard="JD", stock="KD AS", dealer=1)
    state = tonk.new_game(rules, players=2, deck=deck, dealer=1)
    for text in ["draw stock", "spread 5H 6H 7H", "discard KD", "draw stock"]:
        state = tonk.apply(state, tonk.parse_action(state, text))
    state = tonk.apply(state, tonk.parse_action(state, "discard 8H"))
    assert state.phase is tonk.Phase.SLAP_WINDOW
    return state


def _duplicated_card(state: GameState) -> GameState:
    return attrs.evolve(state, stock=(state.hands[1][0], *state.stock[1:]))


FORGERIES: list[tuple[str, Callable[[GameState], GameState], str]] = [
    # (what, forgery of _fresh(), path of the error). The bookkeeping's fields
    # are forged by name, as GameState takes them: attrs' mypy plugin reads
    # only the attrs fields, hence the ignores.
    ("to_move off the table", lambda s: attrs.evolve(s, to_move=3), "$.to_move"),
    ("negative to_move", lambda s: attrs.evolve(s, to_move=-1), "$.to_move"),
    (
        "to_move not the dealer's left",
        lambda s: attrs.evolve(s, to_move=2),
        "$.to_move",
    ),
    ("dealer off the table", lambda s: attrs.evolve(s, dealer=3), "$.dealer"),
    ("negative dealer", lambda s: attrs.evolve(s, dealer=-1), "$.dealer"),
    (
        "after_draw undrawn",
        lambda s: attrs.evolve(s, phase=tonk.Phase.AFTER_DRAW),
        "$.hands[1]",
    ),
    (
        "slap_window, no window",
        lambda s: attrs.evolve(s, phase=tonk.Phase.SLAP_WINDOW),
        "$.slap",
    ),
    (
        "hand_over, no outcome",
        lambda s: attrs.evolve(s, phase=tonk.Phase.HAND_OVER),
        "$.outcome",
    ),
    ("a card twice", _duplicated_card, "$.stock[0]"),
    (
        "waits too short",
        lambda s: attrs.evolve(s, waits=(0, 0)),  # type: ignore[call-arg]
        "$.waits",
    ),
    ("taken too long", lambda s: attrs.evolve(s, taken=((),) * 4), "$.taken"),
    (
        "hits too short",
        lambda s: attrs.evolve(s, hit_this_round=()),  # type: ignore[call-arg]
        "$.hit_this_round",
    ),
    ("negative turns", lambda s: attrs.evolve(s, turns_taken=-1), "$.turns_taken"),
    (
        "negative hits",
        lambda s: attrs.evolve(s, hits_this_turn=-1),  # type: ignore[call-arg]
        "$.hits_this_turn",
    ),
    (
        "negative wait",
        lambda s: attrs.evolve(s, waits=(0, -1, 0)),  # type: ignore[call-arg]
        "$.waits[1]",
    ),
    ("a turn taken", lambda s: attrs.evolve(s, turns_taken=1), "$.to_move"),
    (
        "barred unasked",
        lambda s: attrs.evolve(s, going_out_barred=(True, False, False)),  # type: ignore[call-arg]
        "$.going_out_barred",
    ),
]


@pytest.mark.parametrize(("what", "forge", "path"), FORGERIES)
def test_validate_refuses_a_forged_state(
    what: str, forge: Callable[[GameState], GameState], path: str
) -> None:
    state = _fresh()
    tonk.validate(state)
    with pytest.raises(tonk.InvalidStateError) as info:
        tonk.validate(forge(state))
    assert info.value.path == path, str(info.value)
    assert isinstance(info.value, tonk.SerializationError)


@pytest.mark.parametrize(("what", "forge", "path"), FORGERIES)
def test_the_loader_refuses_a_forged_state_with_the_same_error(
    what: str, forge: Callable[[GameState], GameState], path: str
) -> None:
    forged = forge(_fresh())
    with pytest.raises(tonk.InvalidStateError) as loaded:
        tonk.from_dict(tonk.to_dict(forged), GameState)
    with pytest.raises(tonk.InvalidStateError) as validated:
        tonk.validate(forged)
    assert str(loaded.value) == str(validated.value)


@pytest.mark.parametrize(("what", "forge", "path"), FORGERIES)
def test_check_invariants_catches_a_forged_state(
    what: str, forge: Callable[[GameState], GameState], path: str
) -> None:
    with pytest.raises(AssertionError, match=re.escape(path)):
        check_invariants(forge(_fresh()))


def test_an_after_draw_hand_of_the_dealt_size_is_refused() -> None:
    """The issue's case: a discard without a draw would leave hands of 5 and 4."""
    data = tonk.to_dict(tonk.new_game(Rules(), players=2, seed=7))
    data["phase"] = "after_draw"
    with pytest.raises(tonk.SerializationError) as info:
        tonk.from_dict(data, GameState)
    assert info.value.path == "$.hands[1]"
    assert "holds 5 cards" in str(info.value)


@pytest.mark.parametrize(
    ("forge", "path"),
    [
        (lambda s: attrs.evolve(s, slap=None), "$.slap"),
        (lambda s: attrs.evolve(s, slap=attrs.evolve(s.slap, due=1)), "$.slap.due"),
        (
            lambda s: attrs.evolve(s, slap=attrs.evolve(s.slap, waiting=(0,))),
            "$.slap.waiting",
        ),
        (lambda s: attrs.evolve(s, phase=tonk.Phase.TURN_START), "$.to_move"),
        (
            lambda s: attrs.evolve(s, spreads=(attrs.evolve(s.spreads[0], owner=1),)),
            "$.spreads[0].owner",
        ),
    ],
)
def test_validate_refuses_a_forged_slap_window(
    forge: Callable[[GameState], GameState], path: str
) -> None:
    state = _in_slap_window()
    tonk.validate(state)
    with pytest.raises(tonk.InvalidStateError) as info:
        tonk.validate(forge(state))
    assert info.value.path == path, str(info.value)


def test_validate_refuses_other_types() -> None:
    with pytest.raises(TypeError):
        tonk.validate(tonk.to_dict(_fresh()))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        tonk.validate(attrs.evolve(_fresh(), to_move=1.0))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        tonk.validate(attrs.evolve(_fresh(), phase="turn_start"))  # type: ignore[arg-type]


@given(game_states(rules=rules() | presets()))
def test_every_reachable_state_is_valid(state: GameState) -> None:
    tonk.validate(state)


_FIELDS = {
    "to_move": st.integers(-2, 5),
    "dealer": st.integers(-2, 5),
    "turns_taken": st.integers(-2, 300),
    "hits_this_turn": st.integers(-2, 4),
    "phase": st.sampled_from(tonk.Phase),
    "waits": st.lists(st.integers(-1, 3), max_size=5).map(tuple),
    "going_out_barred": st.lists(st.booleans(), max_size=5).map(tuple),
    "hit_this_round": st.lists(st.booleans(), max_size=5).map(tuple),
}
"""Fields a forger changes, and the values tried."""


@given(game_states(rules=rules() | presets()), st.data())
def test_a_forged_state_is_refused_or_plays_safely(
    state: GameState, data: st.DataObject
) -> None:
    name = data.draw(st.sampled_from(sorted(_FIELDS)))
    forged = attrs.evolve(state, **{name: data.draw(_FIELDS[name])})
    try:
        tonk.validate(forged)
    except tonk.InvalidStateError:
        return
    for action in tonk.legal_actions(forged):  # no crash, and each one applies
        tonk.validate(tonk.apply(forged, action))


# --- determinize checks its seat (issue 12, defect 7) ------------------------------


@pytest.mark.parametrize("seat", [3, -1, -4])
def test_determinize_refuses_a_seat_off_the_table(seat: int) -> None:
    seen = attrs.evolve(tonk.observe(_fresh(), 1), seat=seat)
    with pytest.raises(tonk.RulesError, match=r"seat must be 0\.\.2"):
        tonk.determinize(seen, random.Random(1))
