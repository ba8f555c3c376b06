"""Benchmark tournaments past one process: a local pool and a Dask LocalCluster.

Run ``python benchmarks/bench_scale.py`` (``--quick`` for a short run). It prints
figures; it asserts nothing but that every run gives the one-process result. It
needs the ``dask`` extra for the cluster rows.

Rows, for ``GreedyBot`` against ``RandomBot`` (pagat, 2 players, as ``tonk
simulate --bots greedy,random``), the best of a few rounds in which the three
are run in turn (so that a change in the machine's load hits all three):

- hands/s with one process, a local process pool of ``--workers`` processes
  (``workers=K``), and a ``LocalCluster`` of ``--workers`` worker processes
  with one thread each (``executor=client.get_executor()``), its start-up
  excluded;
- hands per CPU-second: of this process for the one-process run, of the
  cluster's worker processes (scheduling, serialization and heartbeats
  included) for the cluster. On a machine with a free core per worker, the
  cluster's speed-up is about the workers times the ratio of the two; on a
  busy shared machine wall-clock figures mostly measure the share of the CPU
  each process gets;
- the overhead per chunk on the cluster: chunks with no work (the rules and
  bots go out, an empty tally comes back), in CPU-seconds per chunk (of the
  workers, the scheduler and the client), against the CPU time of the work per
  deal of a tournament and per hand of ``tonk.simulate`` in one process; and
  the smallest chunk at which the overhead is under 5% of the work;
- hands/s on the cluster with chunks of a few fixed sizes.
"""

from __future__ import annotations

import argparse
import functools
import math
import os
import time
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

import tonk
from tonk._parallel import chunk_size, run_chunks
from tonk.bots import Bot, GreedyBot, RandomBot, TournamentResult, tournament
from tonk.bots._arena import _CHUNK_DEALS, _play_deals
from tonk.presets import PAGAT
from tonk.simulation import _CHUNK_HANDS, _play_hands

BOTS: tuple[Bot, ...] = (GreedyBot(), RandomBot())


def empty(work: Callable[[int, int], object], first: int, stop: int) -> object:
    """Run ``work`` on no units: a chunk that costs its scheduling alone."""
    return work(first, first)


def overhead_per_chunk(
    client: Any, work: Callable[[int, int], object], chunks: int
) -> float:
    """CPU-seconds per empty chunk of ``work`` sent through ``run_chunks``."""
    began = cluster_cpu(client)
    empties = functools.partial(empty, work)
    for _ in run_chunks(empties, chunks, 1, executor=client.get_executor()):
        pass
    return (cluster_cpu(client) - began) / chunks


def fixed_chunks(executor: Executor, hands: int, size: int, repeats: int) -> float:
    """Hands/s on the cluster with chunks of ``size`` deals (best of ``repeats``)."""
    work = functools.partial(_play_deals, PAGAT, BOTS, 1, hands)
    best = math.inf
    for _ in range(repeats):
        began = time.perf_counter()
        for _ in run_chunks(work, hands // 2, size, executor=executor):
            pass
        best = min(best, time.perf_counter() - began)
    return hands / best


def cluster_cpu(client: Any) -> float:
    """CPU-seconds used so far by the cluster: its workers and this process.

    This process runs the client and, in a LocalCluster, the scheduler.
    """
    workers: dict[str, float] = client.run(time.process_time)
    return sum(workers.values()) + time.process_time()


def compare(
    play: Callable[..., TournamentResult],
    client: Any,
    workers: int,
    repeats: int,
) -> dict[str, tuple[float, float]]:
    """Best wall time and its CPU time for each way, in rounds taken in turn."""
    reference = play()
    best: dict[str, tuple[float, float]] = {}
    executor = client.get_executor()
    ways: dict[str, Callable[[], TournamentResult]] = {
        "one process": play,
        f"process pool of {workers}": lambda: play(workers=workers),
        f"LocalCluster of {workers}": lambda: play(executor=executor),
    }
    for _ in range(repeats):
        for name, run in ways.items():
            cpu = cluster_cpu(client) if "Cluster" in name else time.process_time()
            began = time.perf_counter()
            result = run()
            wall = time.perf_counter() - began
            cpu = (
                cluster_cpu(client) if "Cluster" in name else time.process_time()
            ) - cpu
            assert result == reference, name
            if name not in best or wall < best[name][0]:
                best[name] = (wall, cpu)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--workers", type=int, default=2, help="processes (2)")
    args = parser.parse_args()
    hands = 2_000 if args.quick else 20_000
    repeats = 1 if args.quick else 2
    workers: int = args.workers
    try:
        import distributed
    except ImportError:
        print("skipped: the LocalCluster rows need pip install 'tonk[dask]'")
        return
    play = functools.partial(tournament, PAGAT, BOTS, hands=hands, seed=1)
    size = chunk_size(hands // 2, _CHUNK_DEALS)
    print(f"cores: {os.cpu_count()}, load average: {os.getloadavg()[0]:.2f}")
    print(
        f"greedy vs random, pagat, 2 players, {hands:,} hands in chunks of"
        f" {size} deals; best of {repeats}"
    )
    with (
        distributed.LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",  # any free port: others may hold 8787
        ) as cluster,
        distributed.Client(cluster) as client,  # type: ignore[no-untyped-call]
    ):
        play(hands=2 * workers * 4, executor=client.get_executor())  # warm up
        best = compare(play, client, workers, repeats)
        one_wall, one_cpu = best["one process"]
        print(f"{'how':<24} {'hands/s':>9} {'vs one':>7} {'hands/CPU-s':>12}")
        for name, (wall, cpu) in best.items():
            per_cpu = f"{hands / cpu:>12,.0f}" if "pool" not in name else ""
            print(
                f"{name:<24} {hands / wall:>9,.0f} {one_wall / wall:>6.2f}x {per_cpu}"
            )
        wall, cpu = best[f"LocalCluster of {workers}"]
        cores = os.cpu_count() or 1
        print(
            f"cluster CPU efficiency: {one_cpu / cpu:.2f} (one process's CPU time"
            f" over the cluster's: workers, scheduler and client); on {cores} idle"
            f" cores that is at most {min(cores, workers) * one_cpu / cpu:.2f}x one"
            " process"
        )
        print(f"load average after: {os.getloadavg()[0]:.2f}")
        report_overhead(client, hands, one_cpu, args.quick)
        print(f"{'chunk (deals)':<24} {'hands/s':>9} {'vs one':>7}")
        for fixed in (1, 5, 25, _CHUNK_DEALS):
            rate = fixed_chunks(client.get_executor(), hands, fixed, repeats)
            print(f"{fixed:<24} {rate:>9,.0f} {rate * one_wall / hands:>6.2f}x")
        print(f"load average at the end: {os.getloadavg()[0]:.2f}")


def report_overhead(client: Any, hands: int, one_cpu: float, quick: bool) -> None:
    """Print the overhead per chunk and the chunk sizes that keep it under 5%."""
    chunks = 200 if quick else 1_000
    overhead = overhead_per_chunk(
        client, functools.partial(_play_deals, PAGAT, BOTS, 1, 0), chunks
    )
    per_deal = one_cpu / (hands / 2)
    simulated = 20 * _CHUNK_HANDS
    began = time.process_time()
    tonk.simulate(PAGAT, players=2, hands=simulated, seed=1)
    per_hand = (time.process_time() - began) / simulated
    random_overhead = overhead_per_chunk(
        client, functools.partial(_play_hands, PAGAT, 2, 1, 0), chunks
    )
    print(
        f"overhead per chunk on the LocalCluster (CPU time): tournament"
        f" {1000 * overhead:.2f} ms, simulate {1000 * random_overhead:.2f} ms"
    )
    print(
        f"tournament: {1000 * per_deal:.2f} ms a deal (2 hands); overhead under 5%"
        f" from {math.ceil(overhead / (0.05 * per_deal))} deals a chunk; chunks of"
        f" {_CHUNK_DEALS}: {100 * overhead / (_CHUNK_DEALS * per_deal):.1f}%"
    )
    print(
        f"simulate: {1e6 * per_hand:.0f} us a hand; overhead under 5% from"
        f" {math.ceil(random_overhead / (0.05 * per_hand))} hands a chunk; chunks"
        f" of {_CHUNK_HANDS}: {100 * random_overhead / (_CHUNK_HANDS * per_hand):.1f}%"
    )


if __name__ == "__main__":
    main()
