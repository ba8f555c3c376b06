"""The Gymnasium environment: Gymnasium's own checker, then ours."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import pytest

pytest.importorskip("gymnasium")

import attrs
import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

import tonk
from tonk import encoding
from tonk.envs.gymnasium import ENV_ID, TonkEnv
from tonk.testing import redeal_hidden

SLAP_IN = attrs.evolve(tonk.presets.PAGAT, slap_in=True)
EATING = attrs.evolve(tonk.presets.PAGAT, eating=True)  # X5
TABLES: list[dict[str, Any]] = [
    {"rules": "pagat", "players": 2},
    {"rules": "chicago", "players": 3, "seat": 1},
    {"rules": SLAP_IN, "players": 3},
    {"rules": EATING, "players": 4},
    {"rules": EATING, "players": 3, "opponents": tonk.bots.GreedyBot()},
    {"rules": "pagat", "players": 4, "opponents": tonk.bots.GreedyBot()},
    {"rules": "hoyle", "players": 3, "opponents": tonk.bots.GreedyBot()},  # H5
]
IDS = [
    "pagat-2",
    "chicago-3",
    "slap_in-3",
    "eating-4",
    "eating-3-greedy",
    "pagat-4-greedy",
    "hoyle-3-greedy",
]


@pytest.mark.parametrize("table", TABLES, ids=IDS)
@pytest.mark.parametrize("render_mode", [None, "ansi"])
def test_gymnasium_check_env(table: dict[str, Any], render_mode: str | None) -> None:
    check_env(gymnasium.make(ENV_ID, render_mode=render_mode, **table).unwrapped)


EPISODES = 100
"""Episodes each table plays through gymnasium.make (docs/environments.md)."""


@pytest.mark.parametrize("table", TABLES, ids=IDS)
def test_gymnasium_made_environment_plays_many_episodes(table: dict[str, Any]) -> None:
    """Masked random play through make()'s wrappers (its passive checker too)."""
    env = gymnasium.make(ENV_ID, **table)
    rules = (
        tonk.presets.get(table["rules"])
        if isinstance(table["rules"], str)
        else table["rules"]
    )
    low, high = map(float, encoding.payoff_bounds(rules, table["players"]))
    rng = random.Random(5)
    for episode in range(EPISODES):
        observation, info = env.reset(seed=episode)
        done = False
        while not done:
            assert env.observation_space.contains(observation)
            legal = info["legal_indices"]
            assert legal
            action = legal[rng.randrange(len(legal))]
            observation, reward, terminated, truncated, info = env.step(action)
            assert low <= float(reward) <= high
            assert not (terminated and truncated)
            done = terminated or truncated
        assert info["legal_indices"] == ()


MAKE_WITHOUT_IMPORT = """
import sys
import gymnasium
assert "tonk" not in sys.modules
env = gymnasium.make("tonk.envs.gymnasium:tonk/Tonk-v0", rules="chicago", players=3)
observation, info = env.reset(seed=1)
print(observation.shape, len(info["legal_indices"]) > 0)
"""


def test_make_loads_the_module_named_in_the_id_in_a_fresh_process() -> None:
    """Gymnasium >= 1.0 finds third-party ids only once their module is imported.

    It dropped its plugin entry points; ``"module:id"`` imports the module, so
    the id works with nothing imported first (docs/environments.md).
    """
    done = subprocess.run(
        [sys.executable, "-c", MAKE_WITHOUT_IMPORT],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == "(1676,) True"


def test_the_environment_is_registered() -> None:
    assert ENV_ID in gymnasium.registry
    env = gymnasium.make(ENV_ID, rules="chicago", players=2)
    assert env.action_space == gymnasium.spaces.Discrete(
        encoding.action_space_size(tonk.presets.CHICAGO, 2)
    )


def play(env: TonkEnv, seed: int, policy_seed: int) -> list[Any]:
    """Play random legal actions for one episode; return what was seen."""
    rng = random.Random(policy_seed)
    observation, info = env.reset(seed=seed)
    seen: list[Any] = [observation.tobytes(), info["legal_indices"]]
    done = False
    while not done:
        legal = info["legal_indices"]
        assert tuple(np.flatnonzero(env.action_masks())) == legal
        assert tuple(np.flatnonzero(info["action_mask"])) == legal
        observation, reward, terminated, truncated, info = env.step(
            legal[rng.randrange(len(legal))]
        )
        assert env.observation_space.contains(observation)
        seen.append((observation.tobytes(), reward, terminated, truncated))
        done = terminated or truncated
    assert not env.action_masks().any()
    return seen


def test_reset_with_a_seed_replays_the_episode() -> None:
    env = TonkEnv(rules="chicago", players=3)
    first = [play(env, seed, 1) for seed in range(5)]
    again = [play(TonkEnv(rules="chicago", players=3), seed, 1) for seed in range(5)]
    assert first == again
    assert len({str(episode) for episode in first}) == 5


class _Observing:
    """A RandomBot behind another class: asked with an observation."""

    def __init__(self) -> None:
        self.bot = tonk.bots.RandomBot()

    def choose(
        self, obs: tonk.Observation, legal: Any, rng: random.Random
    ) -> tonk.Action:
        assert legal == obs.legal_actions
        return self.bot.choose(obs, legal, rng)


@pytest.mark.parametrize(
    ("rules", "players"), [("pagat", 2), ("chicago", 3), (EATING, 3), ("hoyle", 2)]
)
def test_a_random_bot_asked_without_an_observation_plays_the_same(
    rules: tonk.Rules | str, players: int
) -> None:
    """A plain RandomBot is asked without an observation: the same draws."""
    for seed in range(12):
        plain = TonkEnv(rules=rules, players=players)
        observing = TonkEnv(rules=rules, players=players, opponents=_Observing())
        assert play(plain, seed, seed) == play(observing, seed, seed)


def test_the_reward_is_the_learner_s_payoff() -> None:
    env = TonkEnv(rules="pagat", players=3, seat=2)
    env.reset(seed=4)
    drop = encoding.action_to_index(tonk.Drop(), env.rules, 3)
    hand = env.hand
    assert hand is not None
    outcome = tonk.apply(hand, tonk.Drop()).outcome
    assert outcome is not None
    _, reward, terminated, truncated, info = env.step(drop)
    assert reward == float(outcome.payoffs[2])
    assert terminated
    assert not truncated
    assert info["seat"] == 2


def test_the_turn_limit_truncates_the_episode() -> None:
    """B15: the termination guard is a truncation, not a termination."""
    rules = attrs.evolve(tonk.presets.PAGAT, max_turns=3)
    never_drops = _NoDrop()
    env = TonkEnv(rules=rules, players=2, seat=0, opponents=never_drops)
    _, info = env.reset(seed=2)
    draw = encoding.action_to_index(tonk.DrawStock(), rules, 2)
    terminated = truncated = False
    while not (terminated or truncated):
        legal = info["legal_indices"]
        _, reward, terminated, truncated, info = env.step(
            draw if draw in legal else legal[-1]
        )
    hand = env.hand
    assert hand is not None
    assert hand.outcome is not None
    assert hand.outcome.kind is tonk.OutcomeKind.TURN_LIMIT
    assert truncated
    assert not terminated
    assert reward == float(hand.outcome.payoffs[0])


@attrs.frozen
class _NoDrop:
    """Draw from the stock, then discard the last card: a hand of turns."""

    def choose(
        self, obs: tonk.Observation, legal: Any, rng: random.Random
    ) -> tonk.Action:
        return tonk.DrawStock() if tonk.DrawStock() in legal else legal[-1]


def test_observations_do_not_leak_hidden_cards() -> None:
    rng = random.Random(5)
    for rules in ("pagat", "chicago", SLAP_IN):
        env = TonkEnv(rules=rules, players=3, seat=1)
        observation, info = env.reset(seed=6)
        done = False
        while not done:
            hand = env.hand
            assert hand is not None
            other = redeal_hidden(hand, 1, rng)
            again = encoding.observation_vector(tonk.observe(other, 1))
            assert np.array_equal(observation, np.array(again, dtype=np.float32))
            legal = info["legal_indices"]
            observation, _, terminated, truncated, info = env.step(
                legal[rng.randrange(len(legal))]
            )
            done = terminated or truncated


def test_an_illegal_action_ends_the_episode_with_the_penalty() -> None:
    env = TonkEnv(rules="pagat", players=2, illegal_reward=-5.0)
    observation, _ = env.reset(seed=1)
    hand = env.hand
    after, reward, terminated, truncated, info = env.step(1000)
    assert (reward, terminated, truncated) == (-5.0, True, False)
    assert info["illegal_action"]
    assert env.hand is hand
    assert np.array_equal(after, observation)
    assert not env.action_masks().any()
    with pytest.raises(tonk.IllegalActionError) as caught:
        env.step(1)
    assert caught.value.reason is tonk.IllegalReason.HAND_OVER


def test_an_illegal_action_may_raise_instead() -> None:
    env = TonkEnv(rules="pagat", players=2, illegal_action="raise")
    env.reset(seed=1)
    hand = env.hand
    assert hand is not None
    discard = encoding.action_to_index(
        tonk.Discard(hand.hands[hand.to_move][0]), env.rules, 2
    )
    with pytest.raises(tonk.IllegalActionError) as caught:
        env.step(discard)
    assert caught.value.reason is tonk.IllegalReason.MUST_DRAW_FIRST
    with pytest.raises(tonk.EncodingError):
        env.step(10**6)
    assert env.hand is hand


def test_the_learner_s_tunk_index_plays_the_canonical_tunk() -> None:
    """H5: the index is decoded in the learner's hand; refused when not legal."""
    env = TonkEnv(rules="hoyle", players=3, opponents=tonk.bots.GreedyBot())
    tunk = encoding.action_space_size(env.rules, 3) - 1
    tunked = 0
    for seed in range(30):
        _, info = env.reset(seed=seed)
        done = False
        while not done:
            legal = info["legal_indices"]
            hand = env.hand
            assert hand is not None
            if tunk in legal:
                canonical = encoding.legal_action(hand, tunk)
                _, _, done, truncated, info = env.step(tunk)
                after = env.hand
                assert after is not None
                assert after.tunker == hand.to_move
                played = tonk.apply(hand, canonical)
                assert after.taken[hand.to_move] == played.taken[hand.to_move]
                tunked += 1
            else:
                _, _, done, truncated, info = env.step(min(legal))
            done = done or truncated
    assert tunked > 0
    raising = TonkEnv(rules="hoyle", players=3, illegal_action="raise")
    raising.reset(seed=1)
    with pytest.raises(tonk.IllegalActionError) as caught:
        raising.step(tunk)  # at the turn's start: draw first
    assert caught.value.reason is tonk.IllegalReason.MUST_DRAW_FIRST


@pytest.mark.parametrize(
    "bot",
    [
        tonk.bots.RandomBot(),
        tonk.bots.InferenceBot(samples=8),
        tonk.bots.ISMCTSBot(iterations=5),
    ],
    ids=type,
)
def test_every_bot_is_an_opponent_under_hoyle(bot: tonk.bots.Bot) -> None:
    """H1-H9: each bot plays its seats, tunk and last turns included."""
    env = TonkEnv(rules="hoyle", players=3, opponents=bot, seat=1)
    low, high = encoding.payoff_bounds(env.rules, 3)
    rng = random.Random(2)
    for seed in range(2):
        _, info = env.reset(seed=seed)
        done = False
        while not done:
            legal = info["legal_indices"]
            _, reward, terminated, truncated, info = env.step(rng.choice(legal))
            done = terminated or truncated
        assert env.hand is not None
        assert env.hand.outcome is not None
        assert reward == float(env.hand.outcome.payoffs[1])
        assert low <= reward <= high


NOT_INDICES = [1.7, "1", float("nan"), None, True, np.float64(1.0), np.bool_(True), [1]]


@pytest.mark.parametrize("action", NOT_INDICES, ids=repr)
@pytest.mark.parametrize("illegal_action", ["penalty", "raise"])
def test_a_step_takes_an_int_index_and_nothing_else(
    action: object, illegal_action: str
) -> None:
    """A float, a string, None or a bool is refused, not converted by int()."""
    env = TonkEnv(rules="pagat", players=2, seat=0, illegal_action=illegal_action)
    env.reset(seed=1)
    hand = env.hand
    with pytest.raises(TypeError, match="an action must be an int index"):
        env.step(action)
    assert env.hand is hand
    _, _, terminated, _, _ = env.step(np.int64(1))  # draw from the stock
    assert env.hand is not hand
    assert not terminated


def test_an_index_outside_the_space_raises_even_under_the_penalty() -> None:
    """An index no action has is a caller's error, not an illegal move."""
    env = TonkEnv(rules="pagat", players=2)
    env.reset(seed=1)
    hand = env.hand
    for index in (-1, 1158, 10**6):
        with pytest.raises(tonk.EncodingError, match="action index must be"):
            env.step(index)
    assert env.hand is hand
    assert env.action_masks().any()


def test_each_opponent_plays_its_own_seat() -> None:
    class Recorder:
        def __init__(self) -> None:
            self.seats: set[int] = set()

        def choose(
            self, obs: tonk.Observation, legal: Any, rng: random.Random
        ) -> tonk.Action:
            self.seats.add(obs.seat)
            return _NoDrop().choose(obs, legal, rng)

    left, right = Recorder(), Recorder()
    env = TonkEnv(rules="pagat", players=3, seat=0, opponents=[left, right])
    _, info = env.reset(seed=3)
    for _ in range(6):
        _, _, terminated, truncated, info = env.step(info["legal_indices"][-1])
        if terminated or truncated:
            break
    assert left.seats == {1}
    assert right.seats == {2}


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(tonk.RulesError):
        TonkEnv(rules="pagat", players=3, opponents=[tonk.bots.RandomBot()])
    with pytest.raises(tonk.RulesError):
        TonkEnv(rules="pagat", players=2, seat=2)
    with pytest.raises(tonk.RulesError):
        TonkEnv(rules="klondike")
    with pytest.raises(ValueError, match="illegal_action"):
        TonkEnv(illegal_action="ignore")
    with pytest.raises(ValueError, match="render_mode"):
        TonkEnv(render_mode="rgb_array")


def test_rules_that_leave_nothing_to_decide_are_refused() -> None:
    """Every deal is a deal tonk (B5): reset cannot find a hand to play."""
    rules = tonk.Rules(
        deal_tonks=(tonk.DealTonk(at_most=500),),
        deal_tonk_clash=tonk.DealTonkClash.ALL_PAID,
    )
    game = TonkEnv(rules=rules, players=2)
    with pytest.raises(tonk.TonkError, match="nothing to decide"):
        game.reset(seed=1)
