"""Train a masked linear policy on a vector environment, then play RandomBot.

Needs the gymnasium extra (``pip install 'tonk[gymnasium]'``; numpy comes with
it). :class:`tonk.envs.vector.TonkVectorEnv` plays many hands at once, every
seat by the same policy (self-play). Each step the policy scores every action
of every hand in one matrix product (a linear function of the observation,
scaled into 0..1 by the observation space's bounds), masks the illegal ones
with ``info["action_mask"]`` and samples one per hand. When a hand ends,
``info["payoffs"]`` gives each seat's result: every decision of that seat in
the hand is reinforced by it, less a running baseline (REINFORCE). Then a
duplicate tournament (:func:`tonk.bots.tournament`) pits the greedy policy
against :class:`~tonk.bots.RandomBot`.

The defaults are a short run (a few seconds, as in CI); a longer one:
``python examples/train_vector.py --steps 3000 --hands 64 --games 4000``.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

import gymnasium
import numpy as np
import numpy.typing as npt

import tonk
from tonk import encoding
from tonk.envs.vector import TonkVectorEnv

Floats = npt.NDArray[np.float64]
Decision = tuple[int, Floats, Floats, int]  # seat, features, probabilities, action


class BatchedPolicy:
    """A logit per action, ``features @ weights.T + bias``, for a batch of hands."""

    def __init__(self, envs: TonkVectorEnv) -> None:
        """Start with every weight 0: a uniform choice among the legal actions."""
        space, actions = envs.single_observation_space, envs.single_action_space
        assert isinstance(space, gymnasium.spaces.Box)
        assert isinstance(actions, gymnasium.spaces.Discrete)
        span = space.high.astype(np.float64) - space.low
        self.scale = 1.0 / np.where(np.isfinite(span) & (span > 0), span, 1.0)
        self.weights = np.zeros((int(actions.n), len(self.scale)))
        self.bias = np.zeros(int(actions.n))

    def probabilities(
        self, observations: npt.ArrayLike, masks: npt.ArrayLike
    ) -> Floats:
        """Return each hand's softmax over its legal actions (0 for the others)."""
        features = np.asarray(observations, dtype=np.float64) * self.scale
        used = np.flatnonzero(features.any(axis=0))  # most positions are 0
        logits = features[:, used] @ self.weights[:, used].T + self.bias
        logits = np.where(np.asarray(masks, dtype=bool), logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        odds = np.exp(logits)
        result: Floats = odds / odds.sum(axis=1, keepdims=True)
        return result

    def reinforce(
        self, decisions: list[Decision], advantages: Floats, rate: float
    ) -> None:
        """Move each decision's log-probability along its advantage, all at once."""
        features = np.array([decision[1] for decision in decisions]) * self.scale
        gradient = -np.array([decision[2] for decision in decisions])
        gradient[np.arange(len(decisions)), [d[3] for d in decisions]] += 1.0
        gradient *= rate * advantages[:, None]
        used = np.flatnonzero(features.any(axis=0))
        self.weights[:, used] += gradient.T @ features[:, used]
        self.bias += gradient.sum(axis=0)


def train(policy: BatchedPolicy, envs: TonkVectorEnv, steps: int, seed: int) -> int:
    """Step every hand ``steps`` times, reinforcing each hand as it ends.

    Returns the number of hands finished.
    """
    rng = np.random.default_rng(seed)
    observations, info = envs.reset(seed=seed)
    played: list[list[Decision]] = [[] for _ in range(envs.num_envs)]
    baseline, finished = 0.0, 0
    for _ in range(steps):
        probabilities = policy.probabilities(observations, info["action_mask"])
        draws = rng.random((envs.num_envs, 1))
        actions = (probabilities.cumsum(axis=1) > draws).argmax(axis=1)
        for hand, seat in enumerate(info["seat"].tolist()):
            played[hand].append(
                (seat, observations[hand], probabilities[hand], int(actions[hand]))
            )
        observations, _, terminated, truncated, info = envs.step(actions)
        for hand in np.flatnonzero(terminated | truncated).tolist():
            payoffs = info["payoffs"][hand]
            results = np.array([payoffs[seat] for seat, *_ in played[hand]])
            policy.reinforce(played[hand], results - baseline, rate=0.05)
            baseline += 0.01 * (float(payoffs.max()) - baseline)
            played[hand] = []
            finished += 1
    return finished


class PolicyBot:
    """Play the policy's most likely legal action (a :class:`tonk.bots.Bot`)."""

    def __init__(self, policy: BatchedPolicy, rules: tonk.Rules, players: int) -> None:
        """Play ``policy`` under ``rules`` at a table of ``players``."""
        self.policy, self.rules, self.players = policy, rules, players

    def choose(
        self, obs: tonk.Observation, legal: Sequence[tonk.Action], rng: random.Random
    ) -> tonk.Action:
        """Return the legal action with the highest probability."""
        size = encoding.action_space_size(self.rules, self.players)
        mask = np.frombuffer(encoding.legal_mask(obs), dtype=np.uint8)[None, :]
        vector = np.asarray(encoding.observation_vector(obs))[None, :]
        best = int(self.policy.probabilities(vector, mask)[0].argmax())
        assert best < size
        return encoding.index_to_action(best, self.rules, self.players)


def main(steps: int = 200, hands: int = 16, games: int = 200) -> float:
    """Train for ``steps`` of ``hands`` hands, play ``games`` hands; return the win rate."""  # noqa: E501
    rules = tonk.presets.PAGAT
    envs = TonkVectorEnv(hands, rules=rules, players=2)
    policy = BatchedPolicy(envs)
    finished = train(policy, envs, steps, seed=1)
    bots: list[tonk.bots.Bot] = [PolicyBot(policy, rules, 2), tonk.bots.RandomBot()]
    result = tonk.bots.tournament(
        rules, bots, hands=games, seed=2, names=["policy", "random"]
    )
    record = result.bots[0]
    low, high = record.win_rate_ci95 or (float("nan"), float("nan"))
    print(
        f"pagat, 2 players: {steps * hands} decisions of self-play"
        f" ({hands} hands at a time), {finished} hands finished"
    )
    print(
        f"policy against RandomBot over {result.hands} duplicate hands:"
        f" won {100 * record.win_rate:.1f}% (95% CI {100 * low:.1f}% to"
        f" {100 * high:.1f}%), mean payoff {float(record.mean_payoff):+.2f}"
    )
    return record.win_rate


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200, help="vector steps")
    parser.add_argument("--hands", type=int, default=16, help="hands at a time")
    parser.add_argument("--games", type=int, default=200, help="tournament hands")
    arguments = parser.parse_args()
    main(arguments.steps, arguments.hands, arguments.games)
