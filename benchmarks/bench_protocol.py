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
``act`` (after the first, only the changes of the view: ``tonk bot`` asks for
them), the program reading it and putting the observation back together,
writing its answer, reading and checking that answer, and the two processes
taking turns on the machine (each finds its memory caches cooled by the
others). The CPU column adds the programs' CPU time to this process's
(from /proc, on Linux): on a busy machine the time per decision grows with
the waits for a core, the CPU time much less. Last, issue 37's target, judged
on the CPU overhead (the CPU per decision through the pipe, both processes,
less the CPU per decision in process): at most 100 us a decision. On a system
without /proc the CPU column lacks the programs' share, and the target is
judged on the time.

A third row, the floor, plays the same hands with two programs that worked out
every decision of their seat at start and run the greedy bot again at each:
only the decision's number and the answer's index cross the pipe. What it
costs over in process is the machine's price of two processes taking turns at
each decision, which no protocol avoids (on a virtual machine whose cores sit
idle between the turns, it is high, and it varies much from run to run: the
protocol's own share, the overhead less the floor's, is the figure to compare
between runs).
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

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


@dataclass
class Run:
    """What one way of playing the hands took."""

    decisions: int = 0
    seconds: float = 0.0
    cpu: float = 0.0
    """CPU seconds of this process and of the bots' programs (Linux only)."""
    outcomes: list[tonk.Outcome | None] = field(default_factory=list)


class Replayed:
    """A bot whose program knows every decision of its seat: a number crosses the pipe.

    The program (this script with ``--replay HANDS SEAT``) plays the hands at
    start; at each decision it gets the decision's number in its seat's order
    (from 0 at each round, :meth:`restart`), runs the greedy bot on that
    decision as :class:`Reseeded` does, and answers with the action's index.
    """

    def __init__(self, hands: int, seat: int) -> None:
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--replay", str(hands), str(seat)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        self.pid = self.process.pid
        self.count = itertools.count()
        assert self.process.stdout is not None
        assert self.process.stdout.readline() == b"ready\n"

    def restart(self) -> None:
        """Count the decisions from 0 again: a round plays the same hands."""
        self.count = itertools.count()

    def choose(
        self, obs: tonk.Observation, legal: Sequence[tonk.Action], rng: random.Random
    ) -> tonk.Action:
        rng.getrandbits(53)  # as Reseeded draws the program's seed
        process = self.process
        assert process.stdin is not None
        assert process.stdout is not None
        process.stdin.write(b"%d\n" % next(self.count))
        process.stdin.flush()
        return legal[int(process.stdout.readline())]

    def close(self) -> None:
        """End the program."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def replay(hands: int, seat: int) -> None:
    """Be a :class:`Replayed` bot's program: work out the seat's decisions, answer."""
    decisions: list[tuple[tonk.Observation, int]] = []
    bot = GreedyBot()
    for number in range(hands):
        state = tonk.new_game(
            tonk.presets.PAGAT, players=2, seed=number, dealer=number % 2
        )
        rng = random.Random(number)
        while state.outcome is None:
            seen = tonk.observe(state, state.to_move)
            seed = rng.getrandbits(53)
            if seen.seat == seat:
                decisions.append((seen, seed))
            action = bot.choose(seen, seen.legal_actions, random.Random(seed))
            state = tonk.apply(state, action)
    out = sys.stdout.buffer
    out.write(b"ready\n")
    out.flush()
    for line in sys.stdin.buffer:
        seen, seed = decisions[int(line)]
        action = bot.choose(seen, seen.legal_actions, random.Random(seed))
        out.write(b"%d\n" % seen.legal_actions.index(action))
        out.flush()


def program_cpu(bots: Sequence[Bot]) -> float:
    """Return the CPU seconds the bots' programs used so far (0 without /proc)."""
    total = 0.0
    for bot in bots:
        stat = Path(f"/proc/{getattr(bot, 'pid', None)}/stat")
        if stat.exists():
            fields = stat.read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def play(bots: Sequence[Bot], hands: int) -> Run:
    """Play ``hands`` seeded hands; return the decisions, the time and the outcomes."""
    rules = tonk.presets.PAGAT
    run = Run()
    cpu = time.process_time() + program_cpu(bots)
    for number in range(hands):
        state = tonk.new_game(rules, players=2, seed=number, dealer=number % 2)
        rng = random.Random(number)
        began = time.perf_counter()
        while state.outcome is None:
            seat = state.to_move
            seen = tonk.observe(state, seat)
            state = tonk.apply(state, bots[seat].choose(seen, seen.legal_actions, rng))
            run.decisions += 1
        run.seconds += time.perf_counter() - began
        run.outcomes.append(state.outcome)
    run.cpu = time.process_time() + program_cpu(bots) - cpu
    return run


def main() -> None:
    """Print the rows (the best of several alternating rounds), then the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument(
        "--one-core",
        action="store_true",
        help="run this process and its bots' programs on one core (Linux)",
    )
    parser.add_argument("--replay", nargs=2, type=int, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.replay:
        replay(*arguments.replay)
        return
    if arguments.one_core:  # the programs started below inherit it
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    quick = arguments.quick
    hands, rounds = (100, 2) if quick else (1_000, 5)
    command = [sys.executable, "-m", "tonk", "bot", "greedy"]
    here = [Reseeded(GreedyBot()), Reseeded(GreedyBot())]
    piped = [ProcessBot(command), ProcessBot(command)]
    play(piped, 2)  # start the programs: their start-up is not a decision's cost
    floor = [Replayed(hands, seat) for seat in (0, 1)]
    wall = {"in process": float("inf"), "through a pipe": float("inf")}
    wall["floor"] = float("inf")
    cpu = dict(wall)
    decisions = 0
    try:
        for _ in range(rounds):
            alone = play(here, hands)
            through = play(piped, hands)
            for replaying in floor:
                replaying.restart()
            replayed = play(floor, hands)
            for run in (through, replayed):
                assert (run.decisions, run.outcomes) == (
                    alone.decisions,
                    alone.outcomes,
                )
            decisions = alone.decisions
            for row, run in zip(wall, (alone, through, replayed), strict=True):
                wall[row] = min(wall[row], run.seconds / decisions)
                cpu[row] = min(cpu[row], run.cpu / decisions)
    finally:
        for bot in piped:
            bot.close()
        for replaying in floor:
            replaying.close()
    print(f"pagat, 2 greedy bots, {hands} hands ({decisions} decisions) a round")
    if arguments.one_core:
        print("every process on one core (--one-core): not the target's run")
    print(f"{'row':<16} {'us/decision':>12} {'CPU us/decision':>16}")
    for row, seconds in wall.items():
        print(f"{row:<16} {seconds * 1e6:>12.1f} {cpu[row] * 1e6:>16.1f}")
    print(
        "CPU: this process and the bots' programs (Linux); a busy machine shows"
        " in the time, less in the CPU"
    )
    overhead = (wall["through a pipe"] - wall["in process"]) * 1e6
    print(f"time overhead per decision: {overhead:.1f} us")
    spent = (cpu["through a pipe"] - cpu["in process"]) * 1e6
    print(f"CPU overhead per decision: {spent:.1f} us")
    bare = (cpu["floor"] - cpu["in process"]) * 1e6
    print(
        f"the floor's CPU overhead per decision: {bare:.1f} us (two processes"
        " taking turns, nothing but a number between them)"
    )
    print(
        f"the protocol's own CPU per decision: {spent - bare:.1f} us (the"
        " overhead less the floor's, which varies from run to run)"
    )
    measured = Path("/proc/self/stat").exists()  # the programs' CPU is counted
    print(
        "issue 37 target: the pipe's cost a decision, in CPU (both processes)"
        if measured
        else "issue 37 target: the pipe's cost a decision, in time (no /proc here)"
    )
    if quick:
        print(QUICK)
    if arguments.one_core:
        print("(on one core: the target is judged on a run without --one-core)")
        return
    print_target(
        "ProcessBot overhead per decision",
        spent if measured else overhead,
        at_most=100,
        unit=" us",
        digits=1,
    )


if __name__ == "__main__":
    main()
