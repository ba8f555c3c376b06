"""The vector environment's details that mutation testing found untested.

Each test pins what `TonkVectorEnv` promises in its docstring: its defaults,
its refusals word for word, the dtypes of what a step returns, hands ended
by the turn limit (B15) counted as truncated, and the deals a seed gives.
docs/maintainers.md lists the mutants left, which change nothing a caller
can see.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("gymnasium")

import attrs
import gymnasium
import numpy as np

import tonk
from tonk.envs.vector import TonkVectorEnv


def test_the_defaults_are_pagat_at_two_players_and_no_hands_before_reset() -> None:
    envs = TonkVectorEnv(1)
    assert (envs.rules, envs.players) == (tonk.presets.PAGAT, 2)
    assert envs.hands == []
    with pytest.raises(
        gymnasium.error.ResetNeeded, match=r"^call reset\(\) before step\(\)$"
    ):
        envs.step([0])


def test_num_envs_is_refused_word_for_word() -> None:
    with pytest.raises(TypeError, match=r"^num_envs must be an int, got '2'$"):
        TonkVectorEnv("2")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^num_envs must be at least 1, got 0$"):
        TonkVectorEnv(0)
    assert TonkVectorEnv(1).num_envs == 1


def test_a_step_returns_the_documented_dtypes() -> None:
    envs = TonkVectorEnv(3)
    _, info = envs.reset(seed=4)
    assert info["seat"].dtype == np.int64
    assert envs.action_masks().dtype == np.bool_
    rng = random.Random(4)
    for _ in range(30):
        actions = [rng.choice(legal) for legal in info["legal_indices"]]
        actions[0] = next(i for i in range(9) if i not in info["legal_indices"][0])
        _, rewards, terminated, truncated, info = envs.step(actions)
        assert rewards.dtype == np.float32
        assert info["payoffs"].dtype == np.float32
        assert terminated.dtype == truncated.dtype == np.bool_
        assert info["_final_obs"].dtype == np.bool_
        assert info["illegal_action"].dtype == np.bool_
        assert info["illegal_action"][0]


def test_a_hand_ended_by_the_turn_limit_is_truncated_not_terminated() -> None:
    """B15: the turn limit truncates; every other ending terminates."""
    envs = TonkVectorEnv(4, rules=attrs.evolve(tonk.presets.PAGAT, max_turns=2))
    _, info = envs.reset(seed=2)
    kinds = {"truncated": 0, "terminated": 0}
    for _ in range(40):
        # draw from the stock, discard the first card: never a drop or an out
        actions = [
            legal[1] if legal[0] == 0 else legal[0] for legal in info["legal_indices"]
        ]
        _, _, terminated, truncated, info = envs.step(actions)
        assert not (terminated & truncated).any()
        kinds["truncated"] += int(truncated.sum())
        kinds["terminated"] += int(terminated.sum())
    assert kinds["truncated"] > 0


def test_a_table_of_two_packs_deals_both() -> None:
    """V2: the rules sheet's game shuffles two packs together from 5 players."""
    envs = TonkVectorEnv(2, rules="sheet", players=5)
    envs.reset(seed=1)
    for hand in envs.hands:
        held = sum(len(cards) for cards in hand.hands)
        assert held + len(hand.stock) + len(hand.discard_pile) == 104


def test_a_seed_gives_the_same_deals_everywhere() -> None:
    """The deals of a seed are pinned: changing them is a change for users."""
    envs = TonkVectorEnv(2)
    envs.reset(seed=11)
    dealt = [
        (hand.dealer, [" ".join(map(str, cards)) for cards in hand.hands])
        for hand in envs.hands
    ]
    assert dealt == [
        (1, ["KD 3H 9H JH AS", "KC 9D 10H 4S 8S"]),
        (0, ["JC 4D 5D 5H KS", "5C 7H QH JS QS"]),
    ]


def test_actions_are_refused_word_for_word() -> None:
    envs = TonkVectorEnv(2)
    envs.reset(seed=1)
    with pytest.raises(
        ValueError, match=r"^step takes one action index per hand \(2\), got \[0\]$"
    ):
        envs.step([0])
    with pytest.raises(TypeError, match=r"^an action must be an int index, got 1\.5$"):
        envs.step([1.5, 0])  # type: ignore[list-item]
    with pytest.raises(
        tonk.EncodingError,
        match=r"^action index must be 0\.\.1157 under these rules, got 1158$",
    ):
        envs.step([0, 1158])


def test_indices_checked_one_by_one_still_take_index_zero() -> None:
    """An object array is checked index by index; 0 (the drop) is an index."""
    envs = TonkVectorEnv(2)
    _, info = envs.reset(seed=1)
    assert all(legal[0] == 0 for legal in info["legal_indices"])  # a drop each
    _, _, terminated, truncated, _ = envs.step(np.array([0, 0], dtype=object))
    assert (terminated | truncated).all()
