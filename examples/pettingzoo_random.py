"""Play hands of Tonk with random agents through the PettingZoo AEC environment.

Needs the pettingzoo extra (``pip install 'tonk[pettingzoo]'``). Each agent
picks a random legal action from its observation's action mask; at the end of
each hand every agent's reward is its payoff. Run:
``python examples/pettingzoo_random.py [hands] [preset] [players]``.
"""

from __future__ import annotations

import sys
from collections import Counter

import numpy as np

from tonk.envs import pettingzoo as tonk_pz


def main(hands: int = 200, rules: str = "pagat", players: int = 3) -> dict[str, float]:
    """Play ``hands`` random hands; print and return each agent's total reward."""
    env = tonk_pz.env(rules=rules, players=players)
    rng = np.random.default_rng(1)
    totals: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    env.reset(seed=1)
    for _ in range(hands):
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            totals[agent] += reward
            if terminated or truncated:
                if agent == env.possible_agents[0]:
                    endings["truncated" if truncated else "terminated"] += 1
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(rng.choice(legal)))
        env.reset()
    print(f"{rules}, {players} players, {hands} hands of random play")
    for agent in env.possible_agents:
        print(f"  {agent}: total reward {totals[agent]:+.1f}")
    print(f"  endings: {dict(endings)}")
    return {agent: totals[agent] for agent in env.possible_agents}


if __name__ == "__main__":
    arguments = sys.argv[1:]
    main(
        int(arguments[0]) if arguments else 200,
        arguments[1] if len(arguments) > 1 else "pagat",
        int(arguments[2]) if len(arguments) > 2 else 3,
    )
