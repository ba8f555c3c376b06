"""The Gymnasium environment's details that mutation testing found untested.

Each test pins what `TonkEnv` promises: its defaults and opponents, its
refusals word for word, a reward of 0 until the hand ends, the step after
the end refused, the masks as booleans, and rendering. docs/maintainers.md
lists the mutants left.
"""

from __future__ import annotations

import random
import re

import pytest

pytest.importorskip("gymnasium")

import numpy as np

import tonk
from tonk.bots import GreedyBot, RandomBot
from tonk.envs.gymnasium import TonkEnv


def test_the_defaults_are_pagat_at_two_players_against_one_random_bot() -> None:
    env = TonkEnv()
    assert (env.rules, env.players) == (tonk.presets.PAGAT, 2)
    assert len(env.opponents) == 1
    assert isinstance(env.opponents[0], RandomBot)
    greedy = GreedyBot()
    assert TonkEnv(players=4, opponents=greedy).opponents == (greedy,) * 3
    assert len(TonkEnv(players=3).opponents) == 2


def test_bad_seats_and_opponents_are_refused_word_for_word() -> None:
    with pytest.raises(tonk.RulesError, match=r"^seat must be None or 0\.\.1, got 5$"):
        TonkEnv(seat=5)
    bots = [GreedyBot()]
    with pytest.raises(tonk.RulesError, match=re.escape(
        f"opponents must be one bot or 2 bots (one per other seat), got {bots!r}"
    )):  # fmt: skip
        TonkEnv(players=3, opponents=bots)


def test_a_step_pays_nothing_until_the_hand_ends_and_none_after() -> None:
    env = TonkEnv(rules="pagat", players=2)
    rng = random.Random(2)
    for episode in range(20):
        _, info = env.reset(seed=episode)
        while True:
            action = rng.choice(info["legal_indices"])
            _, reward, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                break
            assert reward == 0.0
        with pytest.raises(
            tonk.IllegalActionError,
            match=r"^the episode is over: call reset\(\) first$",
        ) as refused:
            env.step(action)
        assert refused.value.action == action
        assert refused.value.reason is tonk.IllegalReason.HAND_OVER


def test_the_masks_are_booleans() -> None:
    env = TonkEnv()
    _, info = env.reset(seed=1)
    masks = env.action_masks()
    assert masks.dtype == np.bool_
    assert np.flatnonzero(masks).tolist() == list(info["legal_indices"])


def test_rendering_prints_in_human_mode_and_warns_without_a_mode(
    capsys: pytest.CaptureFixture[str],
) -> None:
    env = TonkEnv(render_mode="human")
    _, info = env.reset(seed=1)
    assert capsys.readouterr().out.startswith("Tonk: 2 players, turn")
    env.step(info["legal_indices"][1])
    assert capsys.readouterr().out.startswith("Tonk: 2 players, turn")
    assert env.render() is None
    assert capsys.readouterr().out.startswith("Tonk: 2 players, turn")
    silent = TonkEnv()
    silent.reset(seed=1)
    with pytest.warns(
        UserWarning, match=r"WARN: render\(\) called without a render_mode\x1b"
    ):
        assert silent.render() is None
