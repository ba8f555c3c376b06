"""Benchmark a bot played through a pipe (ProcessBot) against the same bot in process.

Run ``python benchmarks/bench_protocol.py`` (``--quick`` for a short run). It
prints figures; it asserts nothing. Every figure of a run is measured on the
same machine at the same time, so compare within one run.

The same hands (pagat, two players, fixed seeds) are played by two greedy bots
in this process, and by two ``ProcessBot(["python", "-m", "tonk", "bot",
"greedy"])``, each seat its own program: the same decisions, since a served bot
draws its randomness from the seed of each ``act`` and the bot in process is
given the same seeds. A round plays the hands once each way, in turn, and the
rows are the best of the rounds. The overhead per decision is the time per
decision through the pipe less the time in process: building and writing the
``act``, the program reading it and rebuilding the observation, writing its
answer, reading and checking that answer, and the two processes taking turns
on the machine. Last, issue 37's target: at most 100 us of overhead a
decision.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence

from targets import QUICK, print_target

import tonk
from tonk.bots import Bot, GreedyBot, ProcessBot


class Reseeded:
    """The bot as a served bot plays it: a ``random.Random`` seeded from each act."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def choose(
        self, obs: tonk.Observation, legal: Sequence[tonk.Action], rng: random.Random
    ) -> tonk.Action:
        return self.bot.choose(obs, legal, random.Random(rng.getrandbits(53)))


def play(
    bots: Sequence[Bot], hands: int
) -> tuple[int, float, list[tonk.Outcome | None]]:
    """Play ``hands`` seeded hands; return the decisions, the seconds, the outcomes."""
    rules = tonk.presets.PAGAT
    decisions, spent = 0, 0.0
    outcomes: list[tonk.Outcome | None] = []
    for number in range(hands):
        state = tonk.new_game(rules, players=2, seed=number, dealer=number % 2)
        rng = random.Random(number)
        began = time.perf_counter()
        while state.outcome is None:
            seat = state.to_move
            seen = tonk.observe(state, seat)
            state = tonk.apply(state, bots[seat].choose(seen, seen.legal_actions, rng))
            decisions += 1
        spent += time.perf_counter() - began
        outcomes.append(state.outcome)
    return decisions, spent, outcomes


def main() -> None:
    """Print the rows (the best of several alternating rounds), then the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    quick = parser.parse_args().quick
    hands, rounds = (100, 2) if quick else (1_000, 5)
    command = [sys.executable, "-m", "tonk", "bot", "greedy"]
    here = [Reseeded(GreedyBot()), Reseeded(GreedyBot())]
    piped = [ProcessBot(command), ProcessBot(command)]
    play(piped, 2)  # start the programs: their start-up is not a decision's cost
    best = {"in process": float("inf"), "through a pipe": float("inf")}
    decisions = 0
    try:
        for _ in range(rounds):
            decisions, spent, expected = play(here, hands)
            best["in process"] = min(best["in process"], spent / decisions)
            piped_decisions, spent, outcomes = play(piped, hands)
            assert (piped_decisions, outcomes) == (decisions, expected)
            best["through a pipe"] = min(best["through a pipe"], spent / decisions)
    finally:
        for bot in piped:
            bot.close()
    print(f"pagat, 2 greedy bots, {hands} hands ({decisions} decisions) a round")
    print(f"{'row':<16} {'us/decision':>12}")
    for row, seconds in best.items():
        print(f"{row:<16} {seconds * 1e6:>12.1f}")
    overhead = (best["through a pipe"] - best["in process"]) * 1e6
    print("issue 37 target: the pipe's cost a decision")
    if quick:
        print(QUICK)
    print_target(
        "ProcessBot overhead per decision", overhead, at_most=100, unit=" us", digits=1
    )


if __name__ == "__main__":
    main()
