"""The vector environment: Gymnasium's checks that apply to it, then ours."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("gymnasium")

import attrs
import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space
from gymnasium.wrappers.vector import RecordEpisodeStatistics

import tonk
from tonk import encoding
from tonk.envs.vector import TonkVectorEnv

SLAP_IN = attrs.evolve(tonk.presets.PAGAT, slap_in=True)  # V26
SPLIT = attrs.evolve(tonk.presets.PAGAT, hit_and_split=True, widow=True)  # V39, V46
TABLES: list[dict[str, Any]] = [
    {"rules": "pagat", "players": 2},
    {"rules": "chicago", "players": 3},
    {"rules": SLAP_IN, "players": 3},
    {"rules": SPLIT, "players": 4},
    {"rules": "hoyle", "players": 3},  # H5: the tunk index, decoded per hand
]
IDS = ["pagat-2", "chicago-3", "slap_in-3", "split-widow-4", "hoyle-3"]


def random_actions(info: dict[str, Any], rng: random.Random) -> npt.NDArray[np.int64]:
    return np.array([rng.choice(legal) for legal in info["legal_indices"]])


def test_it_is_a_gymnasium_vector_env_with_same_step_autoreset() -> None:
    envs = TonkVectorEnv(3)
    assert isinstance(envs, VectorEnv)
    assert envs.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    assert envs.observation_space == batch_space(envs.single_observation_space, 3)
    assert envs.action_space == batch_space(envs.single_action_space, 3)
    assert envs.single_action_space == gymnasium.spaces.Discrete(1158)


@pytest.mark.parametrize("table", TABLES, ids=IDS)
def test_every_step_fits_the_spaces_and_the_single_hands(table: dict[str, Any]) -> None:
    """Observations, masks and rewards are those of each hand, seen by its mover."""
    envs = TonkVectorEnv(4, **table)
    rules, players = envs.rules, envs.players
    sections = encoding.observation_sections(rules, players)
    observations, info = envs.reset(seed=2)
    rng = random.Random(2)
    ended = 0
    for _ in range(150):  # a hand of hoyle's has no drop: 30 to 80 steps
        assert envs.observation_space.contains(observations)
        assert info["seat"].tolist() == [hand.to_move for hand in envs.hands]
        for row, hand in enumerate(envs.hands):
            seen = tonk.observe(hand, hand.to_move)
            assert observations[row].tolist() == list(encoding.observation_vector(seen))
            assert info["legal_indices"][row] == encoding.legal_indices(hand)
            assert info["action_mask"][row].tobytes() == encoding.legal_mask(hand)
        before = [hand.to_move for hand in envs.hands]
        actions = random_actions(info, rng)
        observations, rewards, terminated, truncated, info = envs.step(actions)
        for row in np.flatnonzero(terminated | truncated).tolist():
            ended += 1
            assert info["_final_obs"][row]
            payoffs = info["payoffs"][row]
            assert rewards[row] == payoffs[before[row]]
            assert payoffs.sum() == pytest.approx(0.0, abs=1e-5)
            final = info["final_obs"][row]
            assert envs.single_observation_space.contains(final)
            over = {name: at for name, at, _ in sections}["outcome"]
            assert final[over] == 1.0
        live = ~(terminated | truncated)
        assert not rewards[live].any()
        assert not info["payoffs"][live].any()
    assert ended > 0


def test_a_seeded_reset_replays_the_same_hands() -> None:
    def run(seed: int) -> list[Any]:
        envs = TonkVectorEnv(3)
        observations, info = envs.reset(seed=seed)
        rng = random.Random(1)
        seen: list[Any] = [observations, info]
        for _ in range(40):
            seen.append(envs.step(random_actions(info, rng)))
            info = seen[-1][-1]
        return seen

    assert data_equivalence(run(5), run(5), exact=True)
    assert not data_equivalence(run(5), run(6))


def test_a_reset_with_a_seed_starts_its_deals_again_mid_batch() -> None:
    """Orders shuffled ahead for a batch of deals are dropped by a seeded reset."""
    envs = TonkVectorEnv(3)
    first, _ = envs.reset(seed=7)
    _, info = envs.reset()  # three more deals from the batch shuffled ahead
    for _ in range(5):
        _, _, _, _, info = envs.step(random_actions(info, random.Random(1)))
    again, _ = envs.reset(seed=7)
    assert np.array_equal(first, again)


@pytest.mark.parametrize("table", TABLES, ids=IDS)
def test_each_deal_is_the_whole_pack_in_a_new_order(table: dict[str, Any]) -> None:
    """B4: every deal holds the rules' pack once; orders and dealers vary."""
    envs = TonkVectorEnv(16, **table)
    envs.reset(seed=9)
    pack = sorted(card.code for card in envs.rules.pack(players=envs.players))
    orders, dealers = set(), set()
    for hand in envs.hands:
        cards = [*hand.stock, *hand.discard_pile]
        cards += [card for held in hand.hands for card in held]
        cards += list(hand.bookkeeping.widows)
        assert sorted(card.code for card in cards) == pack
        orders.add((hand.hands, hand.stock))
        dealers.add(hand.dealer)
    assert len(orders) == 16
    assert dealers == set(range(envs.players))


def test_results_share_no_arrays_between_calls() -> None:
    """As Gymnasium's check_returned_data_not_reused asks of an environment."""
    envs = TonkVectorEnv(2)
    observations, info = envs.reset(seed=1)
    after, _, _, _, info_after = envs.step(random_actions(info, random.Random()))
    assert not np.shares_memory(observations, after)
    assert not np.shares_memory(info["action_mask"], info_after["action_mask"])


def test_gymnasium_s_episode_statistics_wrapper_counts_whole_hands() -> None:
    envs = RecordEpisodeStatistics(TonkVectorEnv(4), buffer_length=1000)
    _, info = envs.reset(seed=3)
    rng = random.Random(3)
    hands = 0
    for _ in range(200):
        _, _, terminated, truncated, info = envs.step(random_actions(info, rng))
        hands += int((terminated | truncated).sum())
    assert len(envs.length_queue) == hands > 0
    assert min(envs.length_queue) >= 1


def test_an_illegal_action_ends_its_hand_with_the_penalty() -> None:
    envs = TonkVectorEnv(2, illegal_reward=-3.0)
    observations, info = envs.reset(seed=1)
    first = envs.hands[0]
    illegal = next(i for i in range(1158) if i not in info["legal_indices"][1])
    legal = info["legal_indices"][0][-1]  # a draw: the hand goes on
    _, rewards, terminated, truncated, info = envs.step([legal, illegal])
    assert rewards.tolist() == [0.0, -3.0]
    assert terminated.tolist() == [False, True]
    assert not truncated.any()
    assert info["illegal_action"].tolist() == [False, True]
    assert np.array_equal(info["final_obs"][1], observations[1])
    assert envs.hands[0] is not first


def test_an_illegal_action_may_raise_instead_changing_nothing() -> None:
    envs = TonkVectorEnv(2, illegal_action="raise")
    _, info = envs.reset(seed=1)
    hands = list(envs.hands)
    hand = hands[1]
    discard = encoding.action_to_index(
        tonk.Discard(hand.hands[hand.to_move][0]), envs.rules, 2
    )
    with pytest.raises(tonk.IllegalActionError) as caught:
        envs.step([info["legal_indices"][0][0], discard])
    assert caught.value.reason is tonk.IllegalReason.MUST_DRAW_FIRST
    with pytest.raises(tonk.EncodingError):
        envs.step([1, 10**6])
    assert envs.hands == hands


def test_without_masks_the_indices_remain() -> None:
    envs = TonkVectorEnv(2, rules="chicago", masks=False)
    _, info = envs.reset(seed=4)
    assert "action_mask" not in info
    masks = envs.action_masks()
    assert masks.shape == (2, 46549)
    for row, legal in enumerate(info["legal_indices"]):
        assert np.flatnonzero(masks[row]).tolist() == list(legal)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(TypeError, match="num_envs must be an int"):
        TonkVectorEnv(2.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="num_envs must be at least 1"):
        TonkVectorEnv(0)
    with pytest.raises(ValueError, match="illegal_action"):
        TonkVectorEnv(2, illegal_action="ignore")
    with pytest.raises(tonk.RulesError):
        TonkVectorEnv(2, rules="klondike")
    envs = TonkVectorEnv(2)
    with pytest.raises(gymnasium.error.ResetNeeded, match="call reset"):
        envs.step([1, 1])
    envs.reset(seed=1)
    with pytest.raises(ValueError, match="one action index per hand"):
        envs.step([1])
    hands = list(envs.hands)
    for bad in ([1.5, 1], ["1", 1], [None, 1], [[1], [1]]):
        with pytest.raises((TypeError, ValueError)):
            envs.step(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="an action must be an int index"):
        envs.step([1.5, 1])  # type: ignore[list-item]
    for index in (-1, 1158, 10**6):  # the caller's error, even under the penalty
        with pytest.raises(tonk.EncodingError, match="action index must be"):
            envs.step([1, index])
        with pytest.raises(tonk.EncodingError, match=f"got {index}$"):
            envs.step(np.array([1, index]))
    with pytest.raises(TypeError, match="an action must be an int index"):
        envs.step(np.array([[1], [1]]))
    assert envs.hands == hands


def test_any_integer_array_is_a_batch_of_actions() -> None:
    """Signed or not, of any width: each hand plays the same as from a list."""
    played = []
    for kind in (list, np.int64, np.uint16):
        envs = TonkVectorEnv(3)
        _, info = envs.reset(seed=6)
        first = [legal[0] for legal in info["legal_indices"]]
        actions = first if kind is list else np.array(first, dtype=kind)
        observations, *_ = envs.step(actions)
        played.append((observations.tolist(), envs.hands))
    assert played[0] == played[1] == played[2]
