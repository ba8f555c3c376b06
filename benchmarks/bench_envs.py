"""Benchmark the PettingZoo and Gymnasium environments against the bare engine.

Run ``python benchmarks/bench_envs.py`` (``--quick`` for a short run; it needs
the ``pettingzoo`` and ``gymnasium`` extras). It prints figures; it asserts
nothing. One core is used. Every figure of a run is measured on the same
machine at the same time, so compare the ratios of one run.

Rows, for pagat and chicago at 2 players, random legal actions:

- engine: ``legal_actions`` + a random choice + ``apply`` (the deal excluded),
  as in ``bench_engine.py``: the most an adapter could reach;
- aec raw: PettingZoo ``raw_env``: the AEC loop ``agent_iter`` +
  ``last(observe=False)`` + a random choice among ``info["legal_indices"]`` +
  ``step`` (the dead steps that end a hand included; ``reset`` excluded);
- aec env(): the same through ``env()``, which adds PettingZoo's
  ``OrderEnforcingWrapper``;
- aec observed: ``env()`` with ``last()`` building each observation (vector and
  mask) and the choice drawn from the mask, as api_test does;
- gym: ``TonkEnv`` ``step`` against one ``RandomBot`` (the bot's actions are
  inside each step; counted as learner steps).

Steps per second are live steps (an action applied); the last column is the
ratio to the engine's figure. Each row is the best of five rounds, the rounds
interleaving the rows, so that a busy machine disturbs the ratios less.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np

import tonk
from tonk.envs import gymnasium as tonk_gym
from tonk.envs import pettingzoo as tonk_pz


def engine_rate(name: str, steps: int) -> float:
    """Return engine steps per second of random playouts (deals excluded)."""
    rules = tonk.presets.get(name)
    rng = random.Random(1)
    legal_actions, apply = tonk.legal_actions, tonk.apply
    done, spent = 0, 0.0
    while done < steps:
        state = tonk.new_game(rules, players=2, seed=rng.randrange(2**63))
        began = time.perf_counter()
        while state.outcome is None:
            actions = legal_actions(state)
            state = apply(state, actions[rng.randrange(len(actions))])
            done += 1
        spent += time.perf_counter() - began
    return done / spent


def aec_rate(game: Any, steps: int, *, observed: bool) -> float:
    """Return live AEC steps per second of random legal play (resets excluded)."""
    rng = random.Random(1)
    game.reset(seed=1)
    done, spent = 0, 0.0
    while done < steps:
        began = time.perf_counter()
        for _ in game.agent_iter():
            observation, _, terminated, truncated, info = game.last(observe=observed)
            if terminated or truncated:
                game.step(None)
                continue
            if observed:
                legal = np.flatnonzero(observation["action_mask"])
                game.step(int(legal[rng.randrange(len(legal))]))
            else:
                legal = info["legal_indices"]
                game.step(legal[rng.randrange(len(legal))])
            done += 1
        spent += time.perf_counter() - began
        game.reset()
    return done / spent


def gym_rate(name: str, steps: int) -> float:
    """Return Gymnasium steps per second of random legal play (resets excluded)."""
    env = tonk_gym.TonkEnv(rules=name, players=2)
    rng = random.Random(1)
    done, spent = 0, 0.0
    _, info = env.reset(seed=1)
    while done < steps:
        began = time.perf_counter()
        finished = False
        while not finished:
            legal = info["legal_indices"]
            _, _, terminated, truncated, info = env.step(
                legal[rng.randrange(len(legal))]
            )
            finished = terminated or truncated
            done += 1
        spent += time.perf_counter() - began
        _, info = env.reset()
    return done / spent


def rows(name: str, steps: int) -> dict[str, float]:
    """Return each loop's steps per second for one preset, measured once."""
    return {
        "engine": engine_rate(name, steps),
        "aec raw": aec_rate(tonk_pz.raw_env(rules=name), steps, observed=False),
        "aec env()": aec_rate(tonk_pz.env(rules=name), steps, observed=False),
        "aec observed": aec_rate(tonk_pz.env(rules=name), steps // 4, observed=True),
        "gym": gym_rate(name, steps // 2),
    }


def main() -> None:
    """Print the table: the best of several rounds of every row."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    quick = parser.parse_args().quick
    steps, rounds = (3_000, 1) if quick else (20_000, 5)
    print(f"{'preset':<9} {'loop':<13} {'steps/s':>9} {'x engine':>9}")
    for name in ("pagat", "chicago"):
        best: dict[str, float] = {}
        for _ in range(rounds):
            for loop, rate in rows(name, steps).items():
                best[loop] = max(best.get(loop, 0.0), rate)
        for loop, rate in best.items():
            print(f"{name:<9} {loop:<13} {rate:>9,.0f} {rate / best['engine']:>9.2f}")


if __name__ == "__main__":
    main()
