"""Benchmark the PettingZoo, Gymnasium and vector environments against the engine.

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
- aec raw observed, aec env() observed: ``raw_env`` and ``env()`` with
  ``last()`` building each observation (vector and mask) and the choice drawn
  from the mask, as api_test does;
- gym: ``TonkEnv`` ``step`` against one ``RandomBot`` (the bot's actions are
  inside each step; counted as learner steps; the environment asks a plain
  ``RandomBot`` without building it an observation);
- gym per decision: the same loop, counted in decisions: the learner's steps
  and the bot's choices inside them. One step plays the learner's action and
  then the opponent's turns (each the bot's ``legal_actions``, its choice
  and an ``apply``), so a step holds about two engine steps: the Gymnasium
  target is judged per decision, and the whole step's figure is printed
  beside it;
- vector: :class:`tonk.envs.vector.TonkVectorEnv` of 64 hands, every seat
  played (self-play), each step's observations and masks built for all 64;
  the actions drawn at random from each hand's ``info["legal_indices"]``
  (one batched numpy draw a step); agent steps (one a hand a step), resets
  included (they are automatic, and pagat's random hands last about five
  decisions, so a deal every five steps is part of the figure).

Steps per second are live steps (an action applied) per second of this
process's CPU time (on a shared machine other processes' work does not count,
though it still slows caches); the last column is how
many times an engine step each loop's step costs. Each row is the best of
five rounds, the rounds interleaving the rows, so that a busy machine disturbs
the ratios less. Last, issue 42's targets for pagat: a PettingZoo raw env
step with observations and a Gymnasium decision at most 3 engine steps, and
the vector environment at least 100,000 agent steps a second.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np
from targets import QUICK, print_target

import tonk
from tonk.envs import gymnasium as tonk_gym
from tonk.envs import pettingzoo as tonk_pz
from tonk.envs.vector import TonkVectorEnv

_clock = time.process_time
"""This process's CPU time: on a shared machine, other processes do not count."""


def engine_rate(name: str, steps: int) -> float:
    """Return engine steps per second of random playouts (deals excluded)."""
    rules = tonk.presets.get(name)
    rng = random.Random(1)
    legal_actions, apply = tonk.legal_actions, tonk.apply
    done, spent = 0, 0.0
    while done < steps:
        state = tonk.new_game(rules, players=2, seed=rng.randrange(2**63))
        began = _clock()
        while state.outcome is None:
            actions = legal_actions(state)
            state = apply(state, actions[rng.randrange(len(actions))])
            done += 1
        spent += _clock() - began
    return done / spent


def aec_rate(game: Any, steps: int, *, observed: bool) -> float:
    """Return live AEC steps per second of random legal play (resets excluded)."""
    rng = random.Random(1)
    game.reset(seed=1)
    done, spent = 0, 0.0
    while done < steps:
        began = _clock()
        for _ in game.agent_iter():
            observation, _, terminated, truncated, info = game.last(observe=observed)
            if terminated or truncated:
                game.step(None)
                continue
            if observed:
                # the mask is one-dimensional: no ravel (flatnonzero's) needed
                legal = observation["action_mask"].nonzero()[0]
                game.step(int(legal[rng.randrange(len(legal))]))
            else:
                legal = info["legal_indices"]
                game.step(legal[rng.randrange(len(legal))])
            done += 1
        spent += _clock() - began
        game.reset()
    return done / spent


class _Counted:
    """A :class:`~tonk.bots.RandomBot` that counts its decisions."""

    def __init__(self) -> None:
        self.bot = tonk.bots.RandomBot()
        self.decisions = 0

    def choose(
        self, obs: tonk.Observation, legal: Any, rng: random.Random
    ) -> tonk.Action:
        self.decisions += 1
        return self.bot.choose(obs, legal, rng)


def gym_rate(name: str, steps: int) -> tuple[float, float]:
    """Return Gymnasium steps and decisions per second of random legal play.

    Decisions are the learner's steps and the opponent's choices made inside
    them (resets, and the opponent's choices made in them, excluded). The
    timed run plays a plain :class:`~tonk.bots.RandomBot`, which the
    environment asks without an observation; the opponent's choices are
    counted in an untimed twin run of the same seed against a counting bot,
    which is asked with one and so draws the same actions.
    """
    spent, done, _ = _gym_run(name, steps, None)
    counted = _Counted()
    _, twin, bots = _gym_run(name, steps, counted)
    assert twin == done, "the twin run played other hands"
    return done / spent, (done + bots) / spent


def _gym_run(
    name: str, steps: int, opponent: _Counted | None
) -> tuple[float, int, int]:
    """Play ``steps`` learner steps; return the CPU time, steps and bot decisions."""
    env = tonk_gym.TonkEnv(rules=name, players=2, opponents=opponent)
    rng = random.Random(1)
    done, spent, bots = 0, 0.0, 0
    _, info = env.reset(seed=1)
    while done < steps:
        before = 0 if opponent is None else opponent.decisions
        began = _clock()
        finished = False
        while not finished:
            legal = info["legal_indices"]
            _, _, terminated, truncated, info = env.step(
                legal[rng.randrange(len(legal))]
            )
            finished = terminated or truncated
            done += 1
        spent += _clock() - began
        bots += 0 if opponent is None else opponent.decisions - before
        _, info = env.reset()
    return spent, done, bots


def vector_rate(name: str, steps: int, hands: int = 64) -> float:
    """Return agent steps per second of the vector environment, random legal play."""
    envs = TonkVectorEnv(hands, rules=name, players=2)
    rng = np.random.default_rng(1)
    _, info = envs.reset(seed=1)
    done = 0
    began = _clock()
    while done < steps:
        picks = rng.random(hands).tolist()  # one draw a hand, batched
        actions = [
            legal[int(pick * len(legal))]
            for legal, pick in zip(info["legal_indices"], picks, strict=True)
        ]
        _, _, _, _, info = envs.step(actions)
        done += hands
    return done / (_clock() - began)


def rows(name: str, steps: int) -> dict[str, float]:
    """Return each loop's steps per second for one preset, measured once."""
    gym = gym_rate(name, steps // 2)
    return {
        "engine": engine_rate(name, steps),
        "aec raw": aec_rate(tonk_pz.raw_env(rules=name), steps, observed=False),
        "aec env()": aec_rate(tonk_pz.env(rules=name), steps, observed=False),
        "aec raw observed": aec_rate(
            tonk_pz.raw_env(rules=name), steps // 4, observed=True
        ),
        "aec env() observed": aec_rate(
            tonk_pz.env(rules=name), steps // 4, observed=True
        ),
        "gym": gym[0],
        "gym per decision": gym[1],
        "vector": vector_rate(name, steps),
    }


def main() -> None:
    """Print the table: the best of several rounds of every row; then the targets."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    quick = parser.parse_args().quick
    steps, rounds = (3_000, 1) if quick else (20_000, 5)
    print(f"{'preset':<9} {'loop':<19} {'steps/s':>9} {'x engine step':>14}")
    pagat: dict[str, float] = {}
    for name in ("pagat", "chicago"):
        best: dict[str, float] = {}
        for _ in range(rounds):
            for loop, rate in rows(name, steps).items():
                best[loop] = max(best.get(loop, 0.0), rate)
        for loop, rate in best.items():
            print(f"{name:<9} {loop:<19} {rate:>9,.0f} {best['engine'] / rate:>14.2f}")
        pagat = pagat or best
    print("issue 42 targets (pagat, 2 players): a step's cost in engine steps")
    if quick:
        print(QUICK)
    engine = pagat["engine"]
    print_target(
        "PettingZoo raw env step with observations",
        engine / pagat["aec raw observed"],
        at_most=3,
    )
    print_target(
        "Gymnasium step per decision (the learner's and one RandomBot's)",
        engine / pagat["gym per decision"],
        at_most=3,
    )
    print(
        f"  (a whole Gymnasium step, the opponent's turns inside:"
        f" {engine / pagat['gym']:.2f}x)"
    )
    print_target(
        "vector env, 64 hands, with observations",
        pagat["vector"],
        at_least=100_000,
        unit=" agent steps/s",
        digits=0,
    )


if __name__ == "__main__":
    main()
