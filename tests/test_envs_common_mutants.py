"""What the environments share (tonk.envs._common), checked to kill its mutants.

Mutation testing (docs/maintainers.md, "Mutation testing") left these
behaviours of the Gymnasium, PettingZoo and vector environments untested: the
exact errors of a bad rule set or action, the observations and masks they
hand out, and every line of the text view. Each test goes through the
environments' public API, except where a test's docstring says that no
public way isolates the behaviour.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import attrs
import numpy as np

import tonk
from tonk import encoding
from tonk.envs import _common
from tonk.envs import pettingzoo as tonk_pz
from tonk.envs.gymnasium import TonkEnv
from tonk.envs.vector import TonkVectorEnv

SLAP_IN = attrs.evolve(tonk.presets.PAGAT, slap_in=True)
EATING = attrs.evolve(tonk.presets.PAGAT, eating=True)  # X5
WAITING = attrs.evolve(SLAP_IN, spread_wait=3, max_turns=None)  # V22, no limit
NOTHING_TO_DECIDE = tonk.Rules(  # every deal is a deal tonk (B5)
    deal_tonks=(tonk.DealTonk(at_most=500),),
    deal_tonk_clash=tonk.DealTonkClash.ALL_PAID,
)


# --- rules ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make",
    [
        lambda rules: TonkEnv(rules=rules),
        lambda rules: tonk_pz.raw_env(rules=rules),
        lambda rules: TonkVectorEnv(2, rules=rules),
    ],
    ids=["gymnasium", "pettingzoo", "vector"],
)
def test_rules_of_a_wrong_type_are_refused_naming_them(
    make: Callable[[object], object],
) -> None:
    with pytest.raises(TypeError) as caught:
        make(42)
    assert str(caught.value) == "rules must be Rules or a preset name, got 42"


# --- action indices -------------------------------------------------------------------

BAD_ACTIONS: list[tuple[object, str]] = [
    (True, "True of type bool"),
    (np.bool_(False), "np.False_ of type bool"),
    (1.0, "1.0 of type float"),
    (float("nan"), "nan of type float"),
    ("1", "'1' of type str"),
    (None, "None of type NoneType"),
    (np.float32(2), "np.float32(2.0) of type float32"),
]


def _refusal(got: str) -> str:
    return f"an action must be an int index (an int or a numpy integer), got {got}"


@pytest.mark.parametrize(("action", "got"), BAD_ACTIONS)
def test_a_gymnasium_step_refuses_a_non_int_action_saying_what_it_got(
    action: object, got: str
) -> None:
    env = TonkEnv(rules="pagat", players=2)
    env.reset(seed=1)
    hand = env.hand
    with pytest.raises(TypeError) as caught:
        env.step(action)
    assert str(caught.value) == _refusal(got)
    assert env.hand is hand


@pytest.mark.parametrize(("action", "got"), BAD_ACTIONS)
def test_a_pettingzoo_step_refuses_a_non_int_action_saying_what_it_got(
    action: object, got: str
) -> None:
    game = tonk_pz.raw_env(rules="pagat", players=2)
    game.reset(seed=1)
    hand = game.hand
    with pytest.raises(TypeError) as caught:
        game.step(action)
    assert str(caught.value) == _refusal(got)
    assert game.hand is hand


def test_an_index_out_of_range_is_refused_naming_the_range_and_the_index() -> None:
    env = TonkEnv(rules="pagat", players=2, illegal_action="raise")
    env.reset(seed=1)
    size = encoding.action_space_size(env.rules, 2)
    for index in (-1, size, np.int64(size)):
        with pytest.raises(tonk.EncodingError) as caught:
            env.step(index)
        assert str(caught.value) == (
            f"action index must be 0..{size - 1}, got {int(index)}"
        )
    game = tonk_pz.raw_env(rules="pagat", players=2)
    game.reset(seed=1)
    with pytest.raises(tonk.EncodingError) as caught:
        game.step(np.int16(-3))
    assert str(caught.value) == f"action index must be 0..{size - 1}, got -3"


def test_the_last_index_and_numpy_integers_are_taken_as_indices() -> None:
    """The top of the range is an index (here an illegal one, so a penalty)."""
    env = TonkEnv(rules="pagat", players=2)
    _, info = env.reset(seed=1)
    hand = env.hand
    _, _, _, _, info = env.step(np.int64(info["legal_indices"][0]))
    assert "illegal_action" not in info
    assert env.hand is not hand
    size = encoding.action_space_size(env.rules, 2)
    env.reset(seed=1)
    _, reward, terminated, _, info = env.step(np.uint16(size - 1))
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)


# --- the tunk's index (H5) and remembered actions -------------------------------------


def test_the_tunk_index_between_the_hands_of_a_session_is_refused_by_the_session() -> (
    None
):
    """H5: between hands the tunk's index plays Tunk(); the session says why."""
    game = tonk_pz.raw_env(rules="hoyle", players=4, session=True)
    game.reset(seed=2)
    tunk = game.hand_actions - 1
    rng = random.Random(2)
    for agent in game.agent_iter(2000):
        if game.terminations[agent] or game.truncations[agent]:
            game.step(None)
            continue
        session = game.session
        assert session is not None
        if session.phase is not tonk.SessionPhase.PLAYING:
            break
        legal = game.infos[agent]["legal_indices"]
        game.step(legal[rng.randrange(len(legal))])
    else:
        pytest.fail("no hand ended")
    with pytest.raises(tonk.SessionError) as caught:
        game.step(tunk)
    assert str(caught.value) == "no hand is in play: the dealer must deal first"
    assert game.session is session


def test_the_tunk_index_is_none_under_rules_without_a_tunk() -> None:
    """Direct: only OpenSpiel's bots read it, and only where a tunk was played."""
    assert _common.tunk_index(tonk.presets.PAGAT, 3) is None
    size = encoding.action_space_size(tonk.presets.HOYLE, 3)
    assert _common.tunk_index(tonk.presets.HOYLE, 3) == size - 1


def test_a_remembered_action_is_read_back_from_the_memo() -> None:
    """Direct: every adapter reads the memo itself before it calls the function."""
    hand = tonk.new_game(tonk.presets.PAGAT, players=2, seed=1)
    memo: dict[int, tonk.Action] = {}
    index = encoding.legal_indices(hand)[0]
    first = _common.remembered_action(memo, index, hand.rules, 2, hand)
    assert memo == {index: first}
    assert _common.remembered_action(memo, index, hand.rules, 2, hand) is first
    memo[index] = tonk.Pass()  # what the memo holds is what is played
    assert _common.remembered_action(memo, index, hand.rules, 2, hand) == tonk.Pass()


def test_the_legal_indices_are_remembered_by_their_tuple() -> None:
    """A turn's start gives a tuple the engine keeps: its indices are sorted once.

    The memo itself (an answer kept with its object, at most so many) is
    :func:`tonk._cache.by_identity`'s, tested with the caches.
    """
    encoder = _common.Encoder(tonk.presets.PAGAT, 2)
    hand = tonk.new_game(tonk.presets.PAGAT, players=2, seed=1)
    first = encoder.legal(hand)
    assert first == encoding.legal_indices(hand)
    assert encoder.legal(hand) is first  # the same tuple of actions: the memo
    rng = random.Random(3)
    for _ in range(200):  # fresh tuples after each draw
        state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=rng.randrange(99))
        if state.outcome is not None:  # a deal tonk (B5)
            continue
        after = tonk.apply(state, tonk.DrawStock())
        assert encoder.legal(after) == encoding.legal_indices(after)


# --- dealing a live hand --------------------------------------------------------------


@pytest.mark.parametrize(
    "reset",
    [
        lambda: TonkEnv(rules=NOTHING_TO_DECIDE).reset(seed=1),
        lambda: tonk_pz.raw_env(rules=NOTHING_TO_DECIDE).reset(seed=1),
        lambda: TonkVectorEnv(2, rules=NOTHING_TO_DECIDE).reset(seed=1),
    ],
    ids=["gymnasium", "pettingzoo", "vector"],
)
def test_rules_that_leave_nothing_to_decide_are_refused_saying_why(
    reset: Callable[[], object],
) -> None:
    with pytest.raises(tonk.TonkError) as caught:
        reset()
    assert str(caught.value) == (
        "1000 hands in a row ended before the first decision: these rules"
        " (or opponents) leave nothing to decide"
    )


def test_a_live_hand_is_looked_for_in_a_thousand_deals_exactly() -> None:
    """Direct: no environment says how many deals it tried."""
    over = tonk.new_game(NOTHING_TO_DECIDE, players=2, seed=1)
    live = tonk.new_game(tonk.presets.PAGAT, players=2, seed=1)
    assert over.outcome is not None
    deals: list[int] = []

    def deal() -> tonk.GameState:
        deals.append(1)
        return live if len(deals) == _common.DEALS else over

    assert _common.live_hand(deal) is live
    assert len(deals) == 1000
    deals.clear()

    def always_over() -> tonk.GameState:
        deals.append(1)
        return over

    with pytest.raises(tonk.TonkError):
        _common.live_hand(always_over)
    assert len(deals) == 1000


# --- observations and masks -----------------------------------------------------------


def _vector(state: tonk.GameState, seat: int) -> Any:
    return np.array(encoding.observation_vector(state, seat=seat), dtype=np.float32)


def test_every_gymnasium_observation_is_the_learner_s_vector_in_new_arrays() -> None:
    env = TonkEnv(rules="chicago", players=3)
    rng = random.Random(5)
    size = encoding.observation_size(env.rules, 3)
    seen: list[Any] = []
    for seed in range(4):
        observation, info = env.reset(seed=seed)
        done = False
        while True:
            hand = env.hand
            assert hand is not None
            assert observation.dtype == np.float32
            assert observation.shape == (size,)
            assert np.array_equal(observation, _vector(hand, info["seat"]))
            assert all(observation is not other for other in seen)
            seen.append(observation)
            observation.fill(9.0)  # a caller's write never reaches the next one
            mask = info["action_mask"]
            assert mask.dtype == np.int8
            assert mask.nonzero()[0].tolist() == list(info["legal_indices"])
            if done:
                break
            legal = info["legal_indices"]
            action = legal[rng.randrange(len(legal))] if rng.random() < 0.95 else 0
            observation, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated


def test_every_pettingzoo_observation_is_each_seat_s_vector() -> None:
    game = tonk_pz.raw_env(rules=EATING, players=3)
    game.reset(seed=7)
    rng = random.Random(7)
    for agent in game.agent_iter(300):
        hand = game.hand
        assert hand is not None
        for seat, other in enumerate(game.possible_agents):
            observed = game.observe(other)
            vector = observed["observation"]
            assert vector.dtype == np.float32
            assert np.array_equal(vector, _vector(hand, seat))
            vector.fill(9.0)
            assert np.array_equal(
                game.observe(other)["observation"], _vector(hand, seat)
            )
            mask = observed["action_mask"]
            legal = game.infos.get(other, {}).get("legal_indices", ())
            assert mask.dtype == np.int8
            assert mask.nonzero()[0].tolist() == list(legal if other == agent else ())
        if game.terminations[agent] or game.truncations[agent]:
            game.step(None)
            continue
        legal = game.infos[agent]["legal_indices"]
        game.step(legal[rng.randrange(len(legal))])


def test_a_vector_env_s_observations_are_the_movers_vectors_final_ones_too() -> None:
    envs = TonkVectorEnv(3, rules="pagat", players=2)
    observations, info = envs.reset(seed=3)
    rng = random.Random(3)
    ended = 0
    for _ in range(150):
        for i, hand in enumerate(envs.hands):
            assert np.array_equal(observations[i], _vector(hand, hand.to_move))
        observations.fill(9.0)  # the caller's batch is never written again
        hands = list(envs.hands)
        legal = info["legal_indices"]
        actions = [
            row[rng.randrange(len(row))] if rng.random() < 0.97 else 0 for row in legal
        ]
        observations, _, terminated, truncated, info = envs.step(np.array(actions))
        assert observations.dtype == np.float32
        for i in np.flatnonzero(terminated | truncated).tolist():
            hand, seat = hands[i], hands[i].to_move
            if actions[i] in legal[i]:
                action = encoding.legal_action(hand, actions[i])
                final = tonk.apply(hand, action)
            else:
                final = hand
            observation = info["final_obs"][i]
            assert observation.dtype == np.float32
            assert np.array_equal(observation, _vector(final, seat))
            ended += 1
    assert ended > 0


# --- the text view --------------------------------------------------------------------


def _text_when(
    rules: tonk.Rules | str,
    players: int,
    seed: int,
    found: Callable[[str], bool],
    choose: Callable[[tonk.GameState, tuple[int, ...], random.Random], int]
    | None = None,
) -> str:
    """Return the first text of a seeded game of random moves that ``found`` accepts."""
    game = tonk_pz.raw_env(rules=rules, players=players, render_mode="ansi")
    game.reset(seed=seed)
    rng = random.Random(seed)
    for agent in game.agent_iter(400):
        text = game.render()
        assert text is not None
        if found(text):
            return text
        if game.terminations[agent] or game.truncations[agent]:
            game.step(None)
            continue
        legal = game.infos[agent]["legal_indices"]
        hand = game.hand
        assert hand is not None
        game.step(
            legal[rng.randrange(len(legal))]
            if choose is None
            else choose(hand, legal, rng)
        )
    pytest.fail("the text was never seen")


def _opening(hand: tonk.GameState, legal: tuple[int, ...], rng: random.Random) -> int:
    """Prefer discards that open a slap-in window, then spreads; never drop or hit."""
    actions = {
        i: encoding.index_to_action(i, hand.rules, hand.player_count) for i in legal
    }
    opening = [
        i
        for i, a in actions.items()
        if isinstance(a, tonk.Discard)
        and tonk.apply(hand, a).phase is tonk.Phase.SLAP_WINDOW
    ]
    spreads = [i for i, a in actions.items() if isinstance(a, tonk.LaySpread)]
    calm = [i for i, a in actions.items() if not isinstance(a, tonk.Drop | tonk.Hit)]
    return rng.choice(opening or spreads or calm or list(legal))


def test_the_text_shows_the_turn_limit_the_spreads_and_the_hand_sizes() -> None:
    assert _text_when("pagat", 3, 0, lambda text: "spread" in text) == (
        "Tonk: 3 players, turn 0 of at most 200\n"
        "phase after_draw; player_2 to move; dealer player_1\n"
        "stock 35; discard KS (pile 1)\n"
        "  spread 1: 8C 8D 8S (seat 2)\n"
        "  player_0: 5 cards\n"
        "  player_1: 5 cards\n"
        "  player_2: 3 cards"
    )


def test_the_text_of_a_caught_drop_shows_every_hand_and_signed_payoffs() -> None:
    assert _text_when("pagat", 3, 0, lambda text: "hand over" in text) == (
        "Tonk: 3 players, turn 1 of at most 200\n"
        "phase hand_over; player_0 to move; dealer player_1\n"
        "stock 35; discard KC (pile 2)\n"
        "  spread 1: 8C 8D 8S (seat 2)\n"
        "  player_0: shows 10C 2H 4H 9H JH\n"
        "  player_1: shows 2S 3S 6S 9S QS\n"
        "  player_2: shows 7C QH\n"
        "hand over (caught): player_0 -4, player_1 +1, player_2 +3"
    )


def test_a_payoff_of_zero_has_no_sign() -> None:
    text = _text_when("chicago", 3, 3, lambda text: "hand over" in text)
    assert text.splitlines()[-1] == (
        "hand over (caught): player_0 -2, player_1 0, player_2 +2"
    )


def test_the_text_shows_a_taken_card_and_an_empty_discard_pile() -> None:
    assert _text_when("pagat", 3, 5, lambda text: "took" in text) == (
        "Tonk: 3 players, turn 0 of at most 200\n"
        "phase after_draw; player_0 to move; dealer player_2\n"
        "stock 36; discard - (pile 0)\n"
        "  player_0: 6 cards, took 10D\n"
        "  player_1: 5 cards\n"
        "  player_2: 5 cards"
    )


def test_the_text_shows_waits_and_no_turn_limit_without_one() -> None:
    """V22: a spread's owner waits; rules without max_turns say no limit."""
    assert _text_when(WAITING, 2, 6, lambda text: "waits" in text) == (
        "Tonk: 2 players, turn 0\n"
        "phase after_draw; player_1 to move; dealer player_0\n"
        "stock 41; discard - (pile 0)\n"
        "  spread 1: 2C 3C 4C (seat 1)\n"
        "  player_0: 5 cards\n"
        "  player_1: 3 cards, waits 3"
    )


def test_the_text_names_a_slap_in_window_and_its_discarder() -> None:
    text = _text_when(SLAP_IN, 3, 0, lambda text: "window" in text, _opening)
    assert text == (
        "Tonk: 3 players, turn 62 of at most 200\n"
        "phase slap_window; player_0 to move; dealer player_1\n"
        "stock 5; discard 8H (pile 32)\n"
        "slap-in window for 8H, discarded by player_0\n"
        "  spread 1: 8C 8D 8S (seat 2)\n"
        "  player_0: 5 cards, took 9D 10S\n"
        "  player_1: 5 cards, took AD 6H 4D\n"
        "  player_2: 2 cards, took JS 6D"
    )


def test_the_text_names_an_eating_window_and_its_discarder() -> None:
    """X5: the window of an eating table is named so."""
    assert _text_when(EATING, 3, 0, lambda text: "window" in text) == (
        "Tonk: 3 players, turn 1 of at most 200\n"
        "phase slap_window; player_1 to move; dealer player_1\n"
        "stock 35; discard KC (pile 2)\n"
        "eating window for KC, discarded by player_2\n"
        "  spread 1: 8C 8D 8S (seat 2)\n"
        "  player_0: 5 cards\n"
        "  player_1: 5 cards\n"
        "  player_2: 2 cards"
    )


def test_the_gymnasium_text_names_the_learner_and_the_bots() -> None:
    env = TonkEnv(rules="pagat", players=3, render_mode="ansi")
    assert env.render() == "no hand"
    env.reset(seed=4)
    assert env.render() == (
        "Tonk: 3 players, turn 0 of at most 200\n"
        "phase turn_start; learner to move; dealer bot 1\n"
        "stock 36; discard QD (pile 1)\n"
        "  bot 0: 5 cards\n"
        "  bot 1: 5 cards\n"
        "  learner: 5 cards"
    )


def _spreading(hand: tonk.GameState, legal: tuple[int, ...], rng: random.Random) -> int:
    """Mostly lay spreads, hit and tunk (H5) when allowed."""
    actions = {i: encoding.legal_action(hand, i) for i in legal}
    melds = [
        i
        for i, a in actions.items()
        if isinstance(a, tonk.LaySpread | tonk.Hit | tonk.Tunk)
    ]
    return rng.choice(melds) if melds and rng.random() < 0.8 else rng.choice(legal)


def test_an_empty_shown_hand_is_a_dash() -> None:
    """H5: the tunker has spread every card; the hands are shown all the same."""
    assert _text_when("hoyle", 2, 3, lambda text: "hand over" in text, _spreading) == (
        "Tonk: 2 players, turn 35 of at most 200\n"
        "phase hand_over; player_1 to move; dealer player_0\n"
        "stock 25; discard 10S (pile 12)\n"
        "  spread 1: 3C 3D 2C=3H 3S (seat 0)\n"
        "  spread 2: 2D=10C 10D 10H 2H=10S (seat 0)\n"
        "  spread 3: 2S=JC JD JH (seat 1)\n"
        "  player_0: shows -\n"
        "  player_1: shows 9C 6D 4S 9S\n"
        "hand over (tunk): player_0 +28, player_1 -28"
    )
