"""Review of the environment adapters: each test a bug found, and fixed."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("gymnasium")

import numpy as np

import tonk
from tonk.envs.vector import TonkVectorEnv


@pytest.mark.parametrize(
    "bad",
    [[1, True], [True, 1], [1, np.True_]],
    ids=["bool-last", "bool-first", "numpy-bool"],
)
def test_vector_a_bool_in_a_list_of_actions_is_refused(bad: list[Any]) -> None:
    """numpy turns ``[1, True]`` into ``[1, 1]``: the bool was played as index 1."""
    envs = TonkVectorEnv(2)
    envs.reset(seed=1)
    hands = list(envs.hands)
    with pytest.raises(TypeError, match="an action must be an int index"):
        envs.step(bad)
    assert envs.hands == hands


@pytest.mark.parametrize("index", [2**63, 2**64 - 1, -1])
def test_vector_an_int_out_of_range_is_an_encoding_error_next_to_any_int(
    index: int,
) -> None:
    """A huge int next to a numpy integer made numpy use floats: a TypeError
    blamed the other, valid, index (``got 1.0``)."""
    envs = TonkVectorEnv(2)
    envs.reset(seed=1)
    hands = list(envs.hands)
    firsts: list[Any] = [1, np.int64(1), np.uint64(1)]
    for first in firsts:
        with pytest.raises(tonk.EncodingError, match=f"got {index}$"):
            envs.step([first, index])
    assert envs.hands == hands


def test_vector_numpy_integers_of_mixed_types_are_indices() -> None:
    """``[np.uint64(1), np.int64(1)]`` became floats and was refused."""
    played = []
    batches: list[list[Any]] = [
        [1, 1],
        [np.uint64(1), np.int64(1)],
        [np.int8(1), np.uint32(1)],
    ]
    for actions in batches:
        envs = TonkVectorEnv(2)
        envs.reset(seed=1)
        observations, *_ = envs.step(actions)
        played.append((observations.tolist(), envs.hands))
    assert played[0] == played[1] == played[2]
