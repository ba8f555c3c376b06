"""Observations (B8 with perfect memory), the no-leak check and determinization."""

from __future__ import annotations

import contextlib
import random
from collections import Counter

import attrs
import pytest
from hypothesis import event, given
from hypothesis import strategies as st
from scenario import card, cards, out_by_discard

import tonk
from tonk import (
    Card,
    DrawDiscard,
    DrawStock,
    Drop,
    GameState,
    Observation,
    OutcomeKind,
    Phase,
    Rules,
    RulesError,
    determinize,
    observe,
)
from tonk.actions import Exchange
from tonk.testing import check_invariants, check_no_leak, redeal_hidden, stack_deck
from tonk.testing.strategies import Playout, player_counts, playouts, presets
from tonk.testing.strategies import rules as any_rules


@st.composite
def table_rules(draw: st.DrawFn) -> Rules:
    """Any rules, a preset, either with or without the widow (V46)."""
    rules = draw(any_rules() | presets())
    if draw(st.booleans()):
        with contextlib.suppress(RulesError):  # when the deal no longer fits
            rules = attrs.evolve(rules, widow=True)
    return rules


@st.composite
def hands_played(draw: st.DrawFn) -> Playout:
    rules = draw(table_rules())
    return draw(playouts(rules=rules, players=player_counts(rules), max_actions=120))


def rngs() -> st.SearchStrategy[random.Random]:
    """A seeded random source (drawing its seed only, not every number)."""
    return st.integers(0, 2**32 - 1).map(random.Random)


def patient_hand(rules: Rules, players: int, seed: int) -> Playout:
    """Play a whole hand at random, nobody dropping unless forced and melds
    preferred, so that long hands, slap-in windows and every ending come up."""
    rng = random.Random(seed)
    state = tonk.new_game(rules, players=players, seed=seed)
    states = [state]
    actions: list[tonk.Action] = []
    while not state.is_terminal and len(states) < 400:
        options = tonk.legal_actions(state)
        melds = [
            a for a in options if isinstance(a, tonk.LaySpread | tonk.Hit | tonk.Slap)
        ]
        calm = [a for a in options if not isinstance(a, Drop | tonk.ClaimDealTonk)]
        if melds and rng.random() < 0.8:
            options = tuple(melds)
        elif calm and rng.random() < 0.97:
            options = tuple(calm)
        action = rng.choice(options)
        if rules.slap_in and rng.random() < 0.5:
            for option in options:  # discard a card that opens a slap-in window
                if (
                    isinstance(option, tonk.Discard)
                    and tonk.apply(state, option).phase is Phase.SLAP_WINDOW
                ):
                    action = option
                    break
        state = tonk.apply(state, action)
        actions.append(action)
        states.append(state)
    return Playout(
        rules=rules,
        players=players,
        seed=seed,
        dealer=0,
        actions=tuple(actions),
        states=tuple(states),
    )


@st.composite
def patient_hands(draw: st.DrawFn) -> Playout:
    rules = draw(table_rules())
    if draw(st.booleans()):
        rules = attrs.evolve(  # V26, not X5, nor H6's last turns
            rules, slap_in=True, eating=False, last_turns=False
        )
    players = draw(player_counts(rules))
    return patient_hand(rules, players, draw(st.integers(0, 2**32 - 1)))


def play(state: GameState, *texts: str) -> GameState:
    for text in texts:
        state = tonk.apply(state, tonk.parse_action(state, text))
    return state


# --- observe -----------------------------------------------------------------------


def test_b8_observation_holds_own_hand_and_public_facts_only() -> None:
    state = tonk.new_game(Rules(), players=3, seed=2)
    seen = observe(state, 2)
    assert seen.seat == 2
    assert seen.hand == state.hands[2]
    assert seen.hand_sizes == (5, 5, 5)
    assert seen.stock_size == len(state.stock)
    assert seen.discard_pile == state.discard_pile
    assert seen.top_discard == state.top_discard
    assert seen.to_move == 1
    assert seen.dealer == 0
    assert seen.legal_actions == ()
    assert seen.shown_hands is None
    assert seen.widow is None
    assert seen.exchanged == ()
    assert not seen.is_terminal
    values = attrs.asdict(seen, recurse=False).values()
    for other in (state.hands[0], state.hands[1], state.stock):
        assert other not in values


def test_observation_of_the_seat_to_move_has_its_legal_actions() -> None:
    state = tonk.new_game(Rules(), players=2, seed=7)
    assert observe(state, 1).legal_actions == tonk.legal_actions(state)
    assert observe(state, 0).legal_actions == ()
    state = play(state, "draw discard")
    assert observe(state, 1).legal_actions == tonk.legal_actions(state)


def test_perfect_memory_whole_discard_pile_and_taken_cards() -> None:
    deck = stack_deck(
        Rules(), hands=["AS 2S 9D KS KD", "AC 3C 5H 7C 9C"], upcard="QH", stock="4H"
    )
    state = tonk.new_game(Rules(), players=2, deck=deck)
    state = play(state, "draw discard", "discard 9C", "draw stock", "discard KD")
    seen = observe(state, 1)
    assert seen.discard_pile == cards("9C KD")  # the 9C is under the KD, remembered
    assert seen.taken == ((), (card("QH"),))
    assert observe(state, 0).taken == seen.taken
    assert observe(state, 0).hand_sizes == (5, 5)


def test_b13_hands_are_shown_after_a_drop() -> None:
    state = tonk.new_game(Rules(), players=3, seed=5)
    state = tonk.apply(state, Drop())
    assert state.outcome is not None
    assert state.outcome.counts is not None
    for seat in range(3):
        seen = observe(state, seat)
        assert seen.shown_hands == state.hands
        assert seen.outcome == state.outcome
        assert seen.is_terminal
        assert seen.legal_actions == ()


def test_b11_hands_stay_hidden_after_going_out() -> None:
    state = out_by_discard()
    assert state.outcome is not None
    assert state.outcome.kind is OutcomeKind.OUT_BY_DISCARD
    assert state.outcome.counts is None
    seen = observe(state, 0)
    assert seen.shown_hands is None
    assert observe(state, 1).hand == state.hands[1]
    assert state.hands[1] not in attrs.asdict(seen, recurse=False).values()


def test_b5_dealt_hands_are_shown_after_a_deal_tonk() -> None:
    deck = stack_deck(Rules(), hands=["KS KD KH KC 10S", "AC 3C 5D 7C 9C"])
    state = tonk.new_game(Rules(), players=2, deck=deck)
    assert state.outcome is not None
    assert state.outcome.kind is OutcomeKind.DEAL_TONK
    assert observe(state, 1).shown_hands == state.hands


def _exchanged_state() -> GameState:
    rules = Rules(widow=True)
    for seed in range(100):
        state = tonk.new_game(rules, players=2, seed=seed)
        if not state.is_terminal:
            return tonk.apply(state, Exchange(state.hands[state.to_move][0]))
    raise AssertionError("no live deal")


def test_v46_own_widow_is_seen_only_after_exchanging() -> None:
    state = tonk.new_game(Rules(widow=True), players=2, seed=1)
    assert observe(state, 1).widow is None
    assert observe(state, 0).widow is None
    after = _exchanged_state()
    seat = after.to_move
    assert observe(after, seat).widow == after.widows[seat]  # the card given up
    assert observe(after, seat).exchanged[seat]
    other = observe(after, 1 - seat)
    assert other.widow is None
    assert other.exchanged[seat]
    assert after.widows[seat] not in (other.hand, *other.discard_pile)


def test_observe_refuses_a_seat_not_at_the_table() -> None:
    state = tonk.new_game(Rules(), players=2, seed=1)
    with pytest.raises(RulesError, match=r"seat must be 0\.\.1, got 2"):
        observe(state, 2)
    with pytest.raises(RulesError, match="got -1"):
        observe(state, -1)
    with pytest.raises(TypeError):
        observe(state, "0")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        observe(state, True)


# --- no leak -----------------------------------------------------------------------


@given(hands_played(), rngs())
def test_b8_no_state_shows_a_seat_a_card_it_cannot_see(
    playout: Playout, rng: random.Random
) -> None:
    """Every state of random hands, every seat, every phase, and the end."""
    for state in playout.states:
        event(f"phase {state.phase.value}")
        if state.outcome is not None:
            event(f"outcome {state.outcome.kind.value}")
        for seat in range(playout.players):
            check_no_leak(state, seat, rng)


@given(patient_hands(), rngs())
def test_b8_no_leak_in_long_hands(playout: Playout, rng: random.Random) -> None:
    """Long hands reach slap-in windows, extra discards and stock exhaustion."""
    players = playout.players
    states = playout.states
    for state in states:
        event(f"phase {state.phase.value}")
        if state.outcome is not None:
            event(f"outcome {state.outcome.kind.value}")
        for seat in range(players):
            check_no_leak(state, seat, rng)
    for state in (*states[:: max(1, len(states) // 6)], states[-1]):
        for seat in range(players):
            seen = observe(state, seat)
            sample = determinize(seen, rng)
            check_invariants(sample)
            assert observe(sample, seat) == seen


@given(hands_played(), rngs())
def test_redeal_hidden_keeps_everything_the_seat_sees(
    playout: Playout, rng: random.Random
) -> None:
    state = playout.final
    seat = rng.randrange(playout.players)
    other = redeal_hidden(state, seat, rng)
    assert other.hands[seat] == state.hands[seat]
    assert [len(hand) for hand in other.hands] == [len(h) for h in state.hands]
    for hand, taken in zip(other.hands, state.taken, strict=True):
        assert not Counter(taken) - Counter(hand)
    assert len(other.stock) == len(state.stock)
    every = Counter(state.stock) + Counter(state.widows)
    again = Counter(other.stock) + Counter(other.widows)
    for hand, hand_again in zip(state.hands, other.hands, strict=True):
        every.update(hand)
        again.update(hand_again)
    assert every == again
    assert (
        attrs.evolve(
            other,
            hands=state.hands,
            stock=state.stock,
            bookkeeping=attrs.evolve(other.bookkeeping, widows=state.widows),
        )
        == state
    )


def test_v26_slap_windows_show_nothing_hidden() -> None:
    rules = Rules(slap_in=True)
    deck = stack_deck(
        rules,
        hands=["10H 4C 5C 6D JD", "7H 8H 9H KS QS"],
        upcard="2C",
        stock="3D 2D",
    )
    state = tonk.new_game(rules, players=2, deck=deck)
    state = play(state, "draw stock", "spread 7H 8H 9H", "discard KS")
    state = play(state, "draw stock", "discard 10H")
    assert state.phase is Phase.SLAP_WINDOW
    rng = random.Random(5)
    for seat in (0, 1):
        assert observe(state, seat).slap == state.slap
        check_no_leak(state, seat, rng)
    state = play(state, "pass", "slap 1")
    assert state.phase is Phase.EXTRA_DISCARD
    assert state.to_move == 1
    for seat in (0, 1):
        check_no_leak(state, seat, rng)
        check_invariants(determinize(observe(state, seat), rng))
    assert observe(state, 1).legal_actions == tonk.legal_actions(state)


def test_check_no_leak_catches_a_leaking_view() -> None:
    state = tonk.new_game(Rules(), players=3, seed=2)
    rng = random.Random(0)
    check_no_leak(state, 0, rng, view=lambda state, seat: state.hands[seat])
    with pytest.raises(AssertionError, match="seat 0 can tell apart"):
        check_no_leak(state, 0, rng, view=lambda state, seat: state.hands[1])
    with pytest.raises(AssertionError):
        check_no_leak(state, 0, rng, view=lambda state, seat: state.stock)


def test_check_no_leak_catches_a_shown_widow() -> None:
    state = tonk.new_game(Rules(widow=True), players=2, seed=1)
    with pytest.raises(AssertionError):
        check_no_leak(state, 0, random.Random(0), view=lambda s, seat: s.widows[seat])


# --- determinize -------------------------------------------------------------------


@given(hands_played(), rngs())
def test_determinized_states_are_valid_and_look_the_same(
    playout: Playout, rng: random.Random
) -> None:
    for state in (*playout.states[:: max(1, len(playout.states) // 8)], playout.final):
        for seat in range(playout.players):
            seen = observe(state, seat)
            sample = determinize(seen, rng)
            check_invariants(sample)
            assert observe(sample, seat) == seen
            assert sample.hands[seat] == state.hands[seat]
            if seen.shown_hands is not None:
                assert sample.hands == state.hands


def test_determinize_keeps_taken_cards_in_their_hands() -> None:
    state = tonk.new_game(Rules(), players=2, seed=7)
    state = tonk.apply(state, DrawDiscard())  # seat 1 takes the 4D
    seen = observe(state, 0)
    rng = random.Random(0)
    for _ in range(50):
        sample = determinize(seen, rng)
        assert card("4D") in sample.hands[1]
        assert sample.hands[0] == state.hands[0]


def test_determinize_v24d_deals_the_seat_to_move_a_use_for_its_card() -> None:
    """The seat to move has taken a card it must use at once: deals that give it
    no way to use the card are drawn again."""
    rules = Rules(discard_draw_must_meld=True)
    deck = stack_deck(
        rules, hands=["2S 4S 9D KS KD", "AC 3C 5H 8H 9H"], upcard="7H", dealer=0
    )
    state = tonk.new_game(rules, players=2, deck=deck)
    state = tonk.apply(state, DrawDiscard())
    assert state.must_use == card("7H")
    seen = observe(state, 0)
    rng = random.Random(4)
    for _ in range(30):
        sample = determinize(seen, rng)
        check_invariants(sample)
        assert tonk.legal_actions(sample)


def test_determinize_refuses_an_observation_that_does_not_fit_the_pack() -> None:
    seen = observe(tonk.new_game(Rules(), players=2, seed=1), 0)
    with pytest.raises(RulesError, match="unseen cards for"):
        determinize(attrs.evolve(seen, stock_size=seen.stock_size + 1), random.Random())
    twice = attrs.evolve(seen, discard_pile=seen.discard_pile + seen.hand[:1])
    with pytest.raises(RulesError, match="more often than the pack holds them"):
        determinize(twice, random.Random())


def _chi_square(observed: Counter[str], expected: dict[str, float]) -> float:
    return sum((observed[key] - value) ** 2 / value for key, value in expected.items())


def _places(sample: GameState, target: Card, seat: int) -> list[str]:
    """Name the hidden places ``target`` went to in ``sample``."""
    places = []
    for other, hand in enumerate(sample.hands):
        if other != seat:
            places.extend([f"hand {other}"] * hand.count(target))
    for other, widow in enumerate(sample.widows):
        if widow == target:
            places.append(f"widow {other}")
    for position, stocked in enumerate(sample.stock):
        if stocked == target:
            places.append(f"stock quarter {4 * position // len(sample.stock)}")
    return places


def _expected(seen: Observation, copies: int, samples: int) -> dict[str, float]:
    """Each hidden place gets an unseen card in proportion to its size."""
    sizes: dict[str, int] = {}
    for other in range(seen.player_count):
        if other != seen.seat:
            sizes[f"hand {other}"] = seen.hand_sizes[other] - len(seen.taken[other])
    for other in range(len(seen.exchanged)):
        if not (other == seen.seat and seen.exchanged[other]):
            sizes[f"widow {other}"] = 1
    for position in range(seen.stock_size):
        quarter = f"stock quarter {4 * position // seen.stock_size}"
        sizes[quarter] = sizes.get(quarter, 0) + 1
    total = sum(sizes.values())
    return {key: samples * copies * size / total for key, size in sizes.items()}


@pytest.mark.parametrize(
    ("rules", "players", "target"),
    [
        (Rules(), 3, None),
        (Rules(widow=True), 2, None),
        (Rules(two_packs_from=2, jokers=4, deal_tonks=()), 2, "JK"),
    ],
)
def test_determinize_deals_the_unseen_cards_uniformly(
    rules: Rules, players: int, target: str | None
) -> None:
    """A chi-square test over where one unseen card goes (fixed seeds)."""
    state = tonk.new_game(rules, players=players, seed=11)
    state = tonk.apply(state, DrawDiscard() if state.discard_pile else DrawStock())
    state = tonk.apply(state, tonk.legal_actions(state)[-1])
    seen = observe(state, state.to_move)
    unseen = Counter(rules.pack(players=players))
    unseen.subtract(seen.hand)
    unseen.subtract(seen.discard_pile)
    for taken in seen.taken:
        unseen.subtract(taken)
    chosen = Card.parse(target) if target else min(+unseen)
    copies = unseen[chosen]
    assert copies >= 1, "the test needs the card unseen"
    samples = 3000
    rng = random.Random(2024)
    observed: Counter[str] = Counter()
    for _ in range(samples):
        observed.update(_places(determinize(seen, rng), chosen, seen.seat))
    expected = _expected(seen, copies, samples)
    assert set(observed) <= set(expected)
    # The 99.99th percentile of chi-square is about 26 for 5 degrees of freedom
    # and 28 for 6: a generous bound, and the seeds are fixed.
    assert _chi_square(observed, expected) < 35, (observed, expected)


class _OwnDraws(random.Random):
    """A source with its own ``random``: Python's shuffle draws otherwise."""

    def random(self) -> float:
        return super().random() / 2


@pytest.mark.parametrize("source", [random.Random, _OwnDraws])
def test_determinize_shuffles_as_random_shuffle_does(
    source: type[random.Random],
) -> None:
    """The unseen cards are dealt in ``rng.shuffle``'s order, and ``rng`` is
    left where ``rng.shuffle`` leaves it, for any pool a pack can give."""
    from tonk.cards import CARDS
    from tonk.observation import _shuffle  # the speed device under test

    for seed in range(400):
        pool = [CARDS[code % 53] for code in range(seed % 107)]
        ours, theirs = source(seed), source(seed)
        shuffled = pool[:]
        _shuffle(shuffled, ours)
        theirs.shuffle(pool)
        assert shuffled == pool
        assert ours.random() == theirs.random()
