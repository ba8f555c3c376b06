"""Run a small tournament between the baseline bots and print the table.

Three players at one table, Chicago's rules (six wilds): a greedy bot, an
information-set Monte Carlo tree search bot with a small budget, and a random
bot. The hands are played in duplicate (each deal once per seat rotation), so
luck of the deal cancels out. Run: ``python examples/bot_tournament.py [hands]``.
"""

from __future__ import annotations

import sys

import tonk
from tonk.bots import GreedyBot, ISMCTSBot, RandomBot


def main(hands: int = 30) -> tonk.bots.TournamentResult:
    """Play ``hands`` hands and print each bot's record."""
    bots: list[tonk.bots.Bot] = [GreedyBot(), ISMCTSBot(iterations=50), RandomBot()]
    result = tonk.bots.tournament(tonk.presets.CHICAGO, bots, hands=hands, seed=7)
    print(f"chicago, {len(bots)} players, {result.hands} hands in duplicate")
    for record in result.bots:
        low, high = record.mean_payoff_ci95 or (float("nan"), float("nan"))
        print(
            f"  {record.name:<11} won {100 * record.win_rate:5.1f}%"
            f"  mean payoff {float(record.mean_payoff):+.2f}"
            f" (95% CI {low:+.2f} to {high:+.2f})"
        )
    return result


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
