"""Train a masked linear policy by self-play (numpy only), then beat RandomBot.

Needs the pettingzoo extra (``pip install 'tonk[pettingzoo]'``). The policy
scores each legal action with a linear function of the observation vector
(scaled into 0..1 by :func:`tonk.encoding.observation_bounds`) and samples
from the softmax over the action mask: illegal actions never get a
probability. Both seats of the PettingZoo environment play the same policy;
after each hand every decision is reinforced by the hand's payoff less a
running baseline (REINFORCE). Then a duplicate tournament
(:func:`tonk.bots.tournament`) pits the greedy policy against
:class:`~tonk.bots.RandomBot` and prints its win rate with a 95% interval.

The defaults are a short run (a few seconds, as in CI); the documentation
shows a longer one: ``python examples/train_masked_policy.py --decisions
300000 --games 4000``.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

import tonk
from tonk import encoding
from tonk.envs import pettingzoo as tonk_pz

Vector = npt.NDArray[np.float64]
Indices = npt.NDArray[np.intp]
Features = tuple[Indices, Vector]  # the non-zero positions and their values
Step = tuple[Features, Indices, int, Vector]


class LinearPolicy:
    """A logit per action: ``weights[action] @ features + bias[action]``."""

    def __init__(self, rules: tonk.Rules, players: int) -> None:
        """Start with every weight 0: a uniform choice among legal actions."""
        self.rules = rules
        self.players = players
        low, high = encoding.observation_bounds(rules, players)
        span = np.array(high) - np.array(low)
        self.scale = 1.0 / np.where(np.isfinite(span) & (span > 0), span, 1.0)
        actions = encoding.action_space_size(rules, players)
        self.weights = np.zeros((actions, len(low)))
        self.bias = np.zeros(actions)

    def features(self, vector: npt.ArrayLike) -> Features:
        """Return the observation vector scaled into 0..1, as a sparse pair."""
        dense = np.asarray(vector, dtype=np.float64)
        positions = np.flatnonzero(dense)
        return positions, dense[positions] * self.scale[positions]

    def probabilities(self, features: Features, legal: Indices) -> Vector:
        """Return the softmax over the legal actions' logits."""
        positions, values = features
        logits = self.weights[np.ix_(legal, positions)] @ values + self.bias[legal]
        logits -= logits.max()
        odds = np.exp(logits)
        result: Vector = odds / odds.sum()
        return result

    def reinforce(self, steps: list[Step], advantage: float, rate: float) -> None:
        """Move each decision's log-probability along ``advantage``."""
        for (positions, values), legal, chosen, probabilities in steps:
            gradient = -probabilities
            gradient[chosen] += 1.0
            step = rate * advantage * gradient
            self.weights[np.ix_(legal, positions)] += np.outer(step, values)
            self.bias[legal] += step


def train(policy: LinearPolicy, decisions: int, rate: float, seed: int) -> int:
    """Play hands of self-play until ``decisions``, reinforcing after each hand.

    Returns the number of hands played.
    """
    env = tonk_pz.env(rules=policy.rules, players=policy.players)
    rng = np.random.default_rng(seed)
    baseline = 0.0
    env.reset(seed=seed)
    hands = 0
    while decisions > 0:
        steps: dict[str, list[Step]] = {agent: [] for agent in env.possible_agents}
        rewards: dict[str, float] = {}
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            if terminated or truncated:
                rewards[agent] = reward
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            features = policy.features(observation["observation"])
            probabilities = policy.probabilities(features, legal)
            chosen = int(rng.choice(len(legal), p=probabilities))
            steps[agent].append((features, legal, chosen, probabilities))
            env.step(int(legal[chosen]))
            decisions -= 1
        for agent, reward in rewards.items():
            policy.reinforce(steps[agent], reward - baseline, rate)
            baseline += 0.01 * (reward - baseline)
        env.reset()
        hands += 1
    return hands


class PolicyBot:
    """Play the policy's most likely legal action (a :class:`tonk.bots.Bot`)."""

    def __init__(self, policy: LinearPolicy) -> None:
        """Play ``policy``."""
        self.policy = policy

    def choose(
        self, obs: tonk.Observation, legal: Sequence[tonk.Action], rng: random.Random
    ) -> tonk.Action:
        """Return the legal action with the highest logit."""
        policy = self.policy
        indices = np.array(
            [
                encoding.action_to_index(action, policy.rules, policy.players)
                for action in legal
            ]
        )
        features = policy.features(encoding.observation_vector(obs))
        return legal[int(np.argmax(policy.probabilities(features, indices)))]


def main(decisions: int = 20_000, games: int = 400, rate: float = 0.05) -> float:
    """Train for ``decisions``, then play ``games`` duplicate hands; return the win rate."""  # noqa: E501
    rules = tonk.presets.PAGAT
    policy = LinearPolicy(rules, players=2)
    hands = train(policy, decisions, rate, seed=1)
    bots: list[tonk.bots.Bot] = [PolicyBot(policy), tonk.bots.RandomBot()]
    result = tonk.bots.tournament(
        rules, bots, hands=games, seed=2, names=["policy", "random"]
    )
    record = result.bots[0]
    low, high = record.win_rate_ci95 or (float("nan"), float("nan"))
    print(f"pagat, 2 players: {decisions} decisions of self-play in {hands} hands")
    print(
        f"policy against RandomBot over {result.hands} duplicate hands:"
        f" won {100 * record.win_rate:.1f}% (95% CI {100 * low:.1f}% to"
        f" {100 * high:.1f}%), mean payoff {float(record.mean_payoff):+.2f}"
    )
    return record.win_rate


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--decisions", type=int, default=20_000, help="self-play decisions"
    )
    parser.add_argument("--games", type=int, default=400, help="tournament hands")
    parser.add_argument("--rate", type=float, default=0.05, help="learning rate")
    arguments = parser.parse_args()
    main(arguments.decisions, arguments.games, arguments.rate)
