"""Benchmark the engine: random playouts, legal_actions and apply.

Run ``python benchmarks/bench_engine.py`` (``--quick`` for a short run). It prints
figures; it asserts nothing. One core is used.

Rows, for each preset and player count:
- playout actions/s: one step is ``legal_actions`` + a random choice + ``apply``,
  timed over whole random hands (the deal is excluded from this figure);
- hands/s: whole random hands per second, deal included;
- actions/hand: the mean number of actions in a random hand;
- legal_actions/s: calls on every state of random hands but the first and last;
- apply/s: replaying the recorded actions of random hands.

Then, for sessions (V40-V47): random hands per second played through
``apply_session`` (deal, settlement into the ledger and the dealer's rotation
included), and the same as whole sessions of 100 hands per second.

Then, for bots and adapters (pagat, 2 players), calls per second and
microseconds a call over the states of random hands: ``observe`` (each state
from the seat to move and the other seat, in turn), ``determinize`` of those
observations, ``encoding.observation_vector`` (a tuple, and written into a
float32 buffer with ``out=``), ``encoding.legal_mask`` and
``encoding.legal_indices``, the last two under chicago too (46,549 actions).

Last, the bots of ``tonk.bots``: ISMCTS iterations per second (``pagat``, two
players, searching every decision with more than one legal action of hands
the greedy bot plays against itself; each iteration is a determinization, a
walk down the tree and a rollout), and tournament hands per second of
``GreedyBot`` against ``RandomBot`` (as ``tonk simulate --bots greedy,random``)
with one and two worker processes, and ``tonk simulate`` random hands with
one and two workers (the command itself, each run a fresh process), beside
two one-worker runs at once: what two processes get from this machine.

Last, issue 14's targets, each printed with its threshold, the measured
figure and whether it is met (``target ... >= 0.5x: 0.81x, met``); the new
figures are in this process's CPU time:

- the deal: ``tonk.new_game`` of pagat, two players, seeded and unseeded, in
  microseconds a deal;
- a cold start: every preset's first 1,000 random hands (two players), each
  played in a fresh process, deal included, every preset in turn, six
  rounds, in actions per second against pagat's (chicago's and hoyle's
  ratios are targets of their own, every preset's the lowest);
- ISMCTS iterations per second of CPU time; ``tonk simulate --workers 2``
  against one (the command's own wall time of its hands, four rounds);
- memory per retained state: ``tracemalloc``'s count of the bytes a list of
  every state of a hand holds, per step, over 50 long hands (pagat, two
  players who drop only when forced), after the same hands ran once (so that
  caches are warm), in a fresh process (where the figure is reproducible);
  the target is no more than tonk 0.1.0's figure measured so, 352.3 bytes
  (issue 14's "about 630 bytes" was measured another way).

Then issue 42's targets for the bots' rows: ``observation_vector`` at most 8
us (into a buffer; the tuple form is printed against the same figure),
``legal_mask`` under chicago at most 8 us (and its sparse form,
``legal_indices``, against the same figure), ``determinize`` at most 10 us.

The targets against OpenSpiel's gin rummy ((a), (b), (c)) are printed by
``benchmarks/bench_openspiel.py``; those of the environments by
``benchmarks/bench_envs.py``.
"""

from __future__ import annotations

import argparse
import array
import json
import random
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence

import attrs
from targets import BOTS_AT_MOST_US, QUICK, print_target

import tonk
from tonk import Action, ClaimDealTonk, Drop, GameState, Rules, encoding


def play_random_hands(
    rules: Rules, players: int, hands: int, seed: int
) -> tuple[float, float, int, list[tuple[GameState, list[Action]]]]:
    """Play random hands; return step time, total time, steps and the records."""
    rng = random.Random(seed)
    legal_actions, apply = tonk.legal_actions, tonk.apply
    step_time = 0.0
    steps = 0
    records = []
    started = time.perf_counter()
    for hand in range(hands):
        state = tonk.new_game(rules, players=players, seed=seed * 1_000_003 + hand)
        start_state = state
        actions: list[Action] = []
        choose = rng.choice
        began = time.perf_counter()
        while state.outcome is None:
            action = choose(legal_actions(state))
            state = apply(state, action)
            actions.append(action)
        step_time += time.perf_counter() - began
        steps += len(actions)
        records.append((start_state, actions))
    total = time.perf_counter() - started
    return step_time, total, steps, records


def mid_hand_states(
    records: Sequence[tuple[GameState, list[Action]]],
) -> list[GameState]:
    """Return every state of the recorded hands but the first and the last."""
    states = []
    for state, actions in records:
        for action in actions[:-1]:
            state = tonk.apply(state, action)
            states.append(state)
    return states


def time_calls(
    count: int, run: object, clock: Callable[[], float] = time.perf_counter
) -> float:
    """Return calls per second of ``run()`` doing ``count`` calls, by ``clock``."""
    assert callable(run)
    began = clock()
    run()
    return count / (clock() - began)


def bench(name: str, rules: Rules, players: int, hands: int) -> None:
    """Print one row of figures."""
    step_time, total, steps, records = play_random_hands(rules, players, hands, 1)
    states = mid_hand_states(records)
    legal_actions = tonk.legal_actions

    def run_legal() -> None:
        for state in states:
            legal_actions(state)

    apply = tonk.apply
    applied = sum(len(actions) for _, actions in records)

    def run_apply() -> None:
        for state, actions in records:
            for action in actions:
                state = apply(state, action)

    legal_rate = time_calls(len(states), run_legal)
    apply_rate = time_calls(applied, run_apply)
    print(
        f"{name:<12} {players:>7} {steps / step_time:>17,.0f} {hands / total:>9,.0f}"
        f" {steps / hands:>12.1f} {legal_rate:>15,.0f} {apply_rate:>9,.0f}"
    )


def bench_session(name: str, rules: Rules, players: int, hands: int) -> None:
    """Print one row of session figures: random hands played in sessions."""
    rng = random.Random(1)
    apply_session, session_actions = tonk.apply_session, tonk.session_actions
    per_session = 100
    sessions = max(1, hands // per_session)
    began = time.perf_counter()
    for number in range(sessions):
        session = tonk.new_session(rules, players=players, seed=number)
        while not session.is_over and not (
            session.number == per_session
            and session.phase is tonk.SessionPhase.BEFORE_DEAL
        ):
            session = apply_session(session, rng.choice(session_actions(session)))
    elapsed = time.perf_counter() - began
    print(
        f"{name:<10} {players:>7} {sessions * per_session / elapsed:>15,.0f}"
        f" {sessions / elapsed:>14,.1f}"
    )


def bench_ismcts(hands: int, iterations: int) -> float:
    """Print ISMCTS iterations per second over the decisions of greedy hands."""
    rules = tonk.presets.PAGAT
    rng = random.Random(1)
    greedy = tonk.bots.GreedyBot()
    decisions = []
    for seed in range(hands):
        state = tonk.new_game(rules, players=2, seed=seed, dealer=seed % 2)
        while state.outcome is None:
            seen = tonk.observe(state, state.to_move)
            if len(seen.legal_actions) > 1:
                decisions.append(seen)
            state = tonk.apply(state, greedy.choose(seen, seen.legal_actions, rng))
    bot = tonk.bots.ISMCTSBot(iterations=iterations)
    done = 0
    began = time.process_time()  # one process's work: CPU time, as the deals
    for seen in decisions:
        done += bot.search(seen, seen.legal_actions, rng).iterations
    elapsed = time.process_time() - began
    print(
        f"{'pagat':<10} {2:>7} {len(decisions):>9} {iterations:>10}"
        f" {done / elapsed:>12,.0f} {elapsed / len(decisions) * 1000:>13.1f}"
    )
    return done / elapsed


def bench_simulate(hands: int, workers: int) -> float:
    """Print and return tournament hands per second, greedy against random.

    As ``tonk simulate --bots greedy,random --workers K``, in this process.
    """
    players: list[tonk.bots.Bot] = [tonk.bots.GreedyBot(), tonk.bots.RandomBot()]
    rules = tonk.presets.PAGAT
    began = time.perf_counter()
    tonk.bots.tournament(rules, players, hands=hands, seed=1, workers=workers)
    rate = hands / (time.perf_counter() - began)
    print(f"{'greedy':<10} {2:>7} {workers:>7} {hands:>7,} {rate:>9,.0f}")
    return rate


def start_simulate(hands: int, workers: int, seed: int = 1) -> subprocess.Popen[str]:
    """Start ``tonk simulate --workers K --json`` in a fresh process; return it.

    Its JSON's ``seconds`` is the wall time of the hands alone (the CLI's own
    ``hands/s``), without the interpreter's start or the imports.
    """
    command = [sys.executable, "-m", "tonk", "simulate", "--hands", str(hands)]
    command += ["--workers", str(workers), "--seed", str(seed), "--json"]
    return subprocess.Popen(command, stdout=subprocess.PIPE, text=True)


def seconds_of(process: subprocess.Popen[str]) -> float:
    """Wait for a :func:`start_simulate` process; return its ``seconds``."""
    out, _ = process.communicate()
    if process.returncode:
        raise RuntimeError(f"tonk simulate failed: {process.args!r}")
    return float(json.loads(out)["seconds"])


def bench_workers(hands: int, rounds: int) -> float:
    """Print ``tonk simulate --workers 2`` against one; return the ratio.

    The target names the command, so the command is what is timed, each run
    in a fresh process as a user's is (not this benchmark's process, which by
    now holds the records of every row above). Each round runs, in turn, one
    worker, two workers, and two one-worker runs at once (other seeds). The
    last is what this machine's two cores give two processes that share
    nothing; ``--workers 2`` can come near it but not pass it. Ratios are of
    the total times of all rounds.
    """
    one = two = alone = 0.0
    for _ in range(rounds):
        one += seconds_of(start_simulate(hands, 1))
        two += seconds_of(start_simulate(hands, 2))
        pair = [start_simulate(hands, 1, seed) for seed in (2, 3)]
        alone += max(map(seconds_of, pair))  # until the later one is done
    for workers, seconds in [(1, one), (2, two)]:
        rate = rounds * hands / seconds
        print(f"{'tonk sim':<10} {2:>7} {workers:>7} {hands:>7,} {rate:>9,.0f}")
    counted = f"{rounds} round{'s' * (rounds > 1)}"
    print(f"two workers: {one / two:.2f}x one ({counted}, fresh processes)")
    print(f"two one-worker runs at once: {2 * one / alone:.2f}x one (the ceiling)")
    return one / two


def bench_deals(deals: int, rounds: int) -> tuple[float, float]:
    """Return the CPU microseconds of a seeded and of an unseeded deal (pagat, 2)."""
    rules, new_game, clock = tonk.presets.PAGAT, tonk.new_game, time.process_time
    seeded = unseeded = 0.0
    for round_ in range(rounds):  # the two in turn
        seeds = range(round_ * deals, (round_ + 1) * deals)
        began = clock()
        for seed in seeds:
            new_game(rules, players=2, seed=seed)
        seeded += clock() - began
        began = clock()
        for _ in seeds:
            new_game(rules, players=2)
        unseeded += clock() - began
    return seeded / rounds / deals * 1e6, unseeded / rounds / deals * 1e6


def cold_start(name: str, hands: int) -> tuple[int, float]:
    """Play a preset's first ``hands`` random hands in a fresh process.

    Returns:
        The actions played and that process's CPU seconds for the hands,
        deals included.
    """
    command = [sys.executable, __file__, "--cold-start", name, "--hands", str(hands)]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    figures = json.loads(done.stdout)
    return figures["actions"], figures["cpu"]


def play_cold(name: str, hands: int) -> None:
    """Print, as JSON, the actions and CPU seconds of this process's first hands."""
    began = time.process_time()
    *_, steps, _ = play_random_hands(tonk.presets.get(name), 2, hands, 1)
    print(json.dumps({"actions": steps, "cpu": time.process_time() - began}))


def bench_cold_starts(hands: int, rounds: int) -> dict[str, float]:
    """Print every preset's cold-start actions/s; return each one's ratio to pagat."""
    names = tonk.presets.names()
    totals = {name: [0, 0.0] for name in names}
    for _ in range(rounds):  # every preset in turn, a fresh process each
        for name in names:
            actions, cpu = cold_start(name, hands)
            totals[name][0] += actions
            totals[name][1] += cpu
    rates = {name: actions / cpu for name, (actions, cpu) in totals.items()}
    ratios = {name: rate / rates["pagat"] for name, rate in rates.items()}
    print(f"{'cold start':<17} {'actions/hand':>12} {'actions/s':>10} {'vs pagat':>8}")
    for name in names:
        hands_played = hands * rounds
        print(
            f"{name:<17} {totals[name][0] / hands_played:>12.1f}"
            f" {rates[name]:>10,.0f} {ratios[name]:>7.2f}x"
        )
    return ratios


MEMORY_0_1_0 = 352.3
"""Bytes per retained state that :func:`memory_per_state` measured for tonk 0.1.0
(the engine before issue 14's work) in a fresh process: the target's limit."""


def memory_per_state(hands: int) -> float:
    """Return the bytes per retained state along long hands (pagat, 2 players).

    The players drop or claim only when nothing else is legal, so hands run
    long. Each hand is played once untraced (warming the engine's caches),
    then replayed under ``tracemalloc`` keeping every state in a list.
    """
    rules, rng = tonk.presets.PAGAT, random.Random(1)
    enders = (Drop, ClaimDealTonk)
    games = []
    for seed in range(hands):
        state = tonk.new_game(rules, players=2, seed=seed)
        actions = []
        while state.outcome is None:
            legal = tonk.legal_actions(state)
            calm = tuple(a for a in legal if not isinstance(a, enders)) or legal
            actions.append(rng.choice(calm))
            state = tonk.apply(state, actions[-1])
        games.append((tonk.new_game(rules, players=2, seed=seed), actions))
    retained = 0
    steps = 0
    tracemalloc.start()
    try:
        for start, actions in games:
            before = tracemalloc.get_traced_memory()[0]
            states = [start]
            for action in actions:
                states.append(tonk.apply(states[-1], action))
            retained += tracemalloc.get_traced_memory()[0] - before
            steps += len(actions)
            del states
    finally:
        tracemalloc.stop()
    return retained / steps


def bench_bots(players: int, hands: int) -> dict[str, float]:
    """Print the speed of what bots and adapters call; return microseconds a call.

    Each figure is the best of three runs, in this process's CPU time.

    Over the states of random pagat hands: ``observe``, ``determinize``,
    ``observation_vector`` as a tuple and written into a float32 array
    (``out=``), ``legal_mask`` and ``legal_indices``; the last two also over
    the states of random chicago hands (46,549 actions).
    """
    _, _, _, records = play_random_hands(tonk.presets.PAGAT, players, hands, 2)
    states = mid_hand_states(records)
    _, _, _, records = play_random_hands(tonk.presets.CHICAGO, players, hands, 2)
    chicago = mid_hand_states(records)
    pairs = [(state, index % players) for index, state in enumerate(states)]
    observe, determinize = tonk.observe, tonk.determinize
    observations = [observe(state, seat) for state, seat in pairs]
    rng = random.Random(3)
    vector, mask, indices = (
        encoding.observation_vector,
        encoding.legal_mask,
        encoding.legal_indices,
    )
    size = encoding.observation_size(tonk.presets.PAGAT, players)
    buffer = array.array("f", bytes(4 * size))  # float32, as a numpy row

    def run_observe() -> None:
        for state, seat in pairs:
            observe(state, seat)

    def run_determinize() -> None:
        for observation in observations:
            determinize(observation, rng)

    def run_vector() -> None:
        for observation in observations:
            vector(observation)

    def run_vector_out() -> None:
        for observation in observations:
            vector(observation, out=buffer)

    def run_mask(among: list[GameState]) -> Callable[[], None]:
        def run() -> None:
            for state in among:
                mask(state)

        return run

    def run_indices(among: list[GameState]) -> Callable[[], None]:
        def run() -> None:
            for state in among:
                indices(state)

        return run

    print(
        f"bots: pagat, {players} players, {len(states):,} states;"
        f" chicago, {len(chicago):,} states"
    )
    figures = {}
    for name, run, count in (
        ("observe", run_observe, len(states)),
        ("determinize", run_determinize, len(states)),
        ("observation_vector", run_vector, len(states)),
        ("observation_vector out=", run_vector_out, len(states)),
        ("legal_mask", run_mask(states), len(states)),
        ("legal_indices", run_indices(states), len(states)),
        ("legal_mask chicago", run_mask(chicago), len(chicago)),
        ("legal_indices chicago", run_indices(chicago), len(chicago)),
    ):
        rate = max(time_calls(count, run, time.process_time) for _ in range(3))
        figures[name] = 1e6 / rate
        print(f"{name + '/s':<24} {rate:>12,.0f} {1e6 / rate:>8.2f} us")
    return figures


def main(argv: Sequence[str] | None = None) -> None:
    """Run the benchmark and print its table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--cold-start", metavar="PRESET", help=argparse.SUPPRESS)
    parser.add_argument(
        "--memory-per-state", action="store_true", help=argparse.SUPPRESS
    )
    args = parser.parse_args(argv)
    if args.memory_per_state:  # a worker of print_targets
        print(memory_per_state(50))
        return
    if args.cold_start is not None:  # a worker of bench_cold_starts
        play_cold(args.cold_start, args.hands)
        return
    hands = 1_000 if args.quick else args.hands
    print(f"tonk {tonk.__version__}, {hands:,} random hands per row")
    print(
        f"{'preset':<12} {'players':>7} {'playout actions/s':>17} {'hands/s':>9}"
        f" {'actions/hand':>12} {'legal_actions/s':>15} {'apply/s':>9}"
    )
    rows = [
        ("pagat", tonk.presets.PAGAT, 2),
        ("pagat", tonk.presets.PAGAT, 4),
        ("chicago", tonk.presets.CHICAGO, 2),  # six wilds (V5), no upcard
        ("vietnam", tonk.presets.VIETNAM, 2),  # 40 cards, seven-card hands
        ("encyclopedia", tonk.presets.ENCYCLOPEDIA, 2),  # wild jokers, X7, X12
        ("split_pot", tonk.presets.SPLIT_POT, 4),  # X15 split ties, X16
        ("forty_cash", tonk.presets.FORTY_CASH, 2),  # X6-X11, X13 at the turn's end
        ("hoyle", tonk.presets.HOYLE, 3),  # H: closed play, tunks, last turns
        # X5: eating windows after every discard at a table of three
        ("pagat+eat", attrs.evolve(tonk.presets.PAGAT, eating=True), 3),
        # Lepape's waiting (V23) with slap-in windows (V26) on:
        ("wa+slap", attrs.evolve(tonk.presets.WASHINGTON_STATE, slap_in=True), 2),
        ("wa+slap", attrs.evolve(tonk.presets.WASHINGTON_STATE, slap_in=True), 4),
    ]
    for name, rules, players in rows:
        bench(name, rules, players, hands)
    print()
    print(f"{'session':<10} {'players':>7} {'session hands/s':>15} {'sessions/s':>14}")
    for name, rules, players in [
        ("pagat", tonk.presets.PAGAT, 2),
        ("pagat", tonk.presets.PAGAT, 4),
        ("rushville", tonk.presets.RUSHVILLE, 4),
    ]:
        bench_session(name, rules, players, hands)
    print()
    bots = bench_bots(2, max(1, hands // 5))
    print()
    print(
        f"{'ismcts':<10} {'players':>7} {'decisions':>9} {'iterations':>10}"
        f" {'iterations/s':>12} {'ms/decision':>13}"
    )
    ismcts = bench_ismcts(5 if args.quick else 40, 300)
    print()
    print(f"{'simulate':<10} {'players':>7} {'workers':>7} {'hands':>7} {'hands/s':>9}")
    tournament_hands = 1_000 if args.quick else 6_000
    one = bench_simulate(tournament_hands, 1)
    two = bench_simulate(tournament_hands, 2)
    print(f"two workers: {two / one:.2f}x one")
    workers = bench_workers(20_000 if args.quick else 60_000, 1 if args.quick else 4)
    print()
    ratios = bench_cold_starts(1_000, 1 if args.quick else 6)
    print()
    print_targets(args.quick, ismcts, workers, ratios)
    print_bot_targets(args.quick, bots)


def print_bot_targets(quick: bool, bots: dict[str, float]) -> None:
    """Print issue 42's targets for what bots and adapters call (pagat, 2 players)."""
    print("issue 42 targets, microseconds a call")
    if quick:
        print(QUICK)
    for name, label in (
        ("observation_vector out=", "observation_vector into a buffer (out=)"),
        ("observation_vector", "observation_vector as a tuple"),
        ("legal_mask chicago", "legal_mask under chicago"),
        ("legal_indices chicago", "legal_indices under chicago (the sparse form)"),
        ("determinize", "determinize"),
    ):
        at_most = BOTS_AT_MOST_US[name]
        print_target(label, bots[name], at_most=at_most, unit=" us", digits=1)


def print_targets(
    quick: bool, ismcts: float, workers: float, ratios: dict[str, float]
) -> None:
    """Measure the deal and memory figures; print every target of issue 14."""
    seeded, unseeded = bench_deals(2_000 if quick else 20_000, 2 if quick else 5)
    command = [sys.executable, __file__, "--memory-per-state"]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    memory = float(done.stdout)  # in a fresh process, where it is reproducible
    print("issue 14 targets ((a)-(c) against OpenSpiel: bench_openspiel.py)")
    if quick:
        print(QUICK)
    print_target("seeded deal", seeded, at_most=15, unit=" us", digits=1)
    print_target("unseeded deal", unseeded, at_most=30, unit=" us", digits=1)
    print_target(
        "chicago vs pagat per action, cold start", ratios["chicago"], at_least=0.5
    )
    print_target(  # issue 40: Hoyle's Tunk, the tunk listed after every draw
        "hoyle vs pagat per action, cold start", ratios["hoyle"], at_least=0.5
    )
    slowest = min(ratios, key=ratios.__getitem__)
    print_target(
        f"every preset vs pagat, cold start (slowest: {slowest})",
        ratios[slowest],
        at_least=0.5,
    )
    print_target("ISMCTS iterations", ismcts, at_least=10_000, unit="/s", digits=0)
    print_target("tonk simulate --workers 2 vs one", workers, at_least=1.8)
    print_target(  # issue 14's "about 630" was measured otherwise
        "memory per retained state (no worse than 0.1.0)",
        memory,
        at_most=MEMORY_0_1_0,
        unit=" bytes",
        digits=1,
    )


if __name__ == "__main__":
    main()
