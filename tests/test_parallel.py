"""Chunks of seeded work on any executor: results in order, errors, arguments."""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any

import pytest

import tonk
from tonk._parallel import chunk_size, run_chunks
from tonk.bots import Bot, GreedyBot, RandomBot, tournament
from tonk.presets import PAGAT


class BackwardsExecutor(Executor):
    """Runs what it is given last first, once nothing new came for a moment."""

    def __init__(self) -> None:
        self.pending: list[tuple[Future[Any], Callable[[], Any]]] = []
        self.submitted = threading.Event()
        self.worker = threading.Thread(target=self._run, daemon=True)
        self.worker.start()

    def submit(
        self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any
    ) -> Future[Any]:
        future: Future[Any] = Future()
        self.pending.append((future, lambda: fn(*args, **kwargs)))
        self.submitted.set()
        return future

    def _run(self) -> None:
        self.submitted.wait()
        while self.submitted.wait(timeout=0.2):  # until 0.2 s pass with no submit
            self.submitted.clear()
        for future, call in reversed(self.pending):
            if future.set_running_or_notify_cancel():
                try:
                    future.set_result(call())
                except Exception as error:
                    future.set_exception(error)


def test_chunks_come_back_in_order_whatever_order_they_finish_in() -> None:
    backwards = BackwardsExecutor()
    arrived: list[tuple[int, int]] = []
    results = list(
        run_chunks(
            lambda first, stop: (first, stop),
            10,
            3,
            executor=backwards,
            finished=lambda first, stop, result: arrived.append((first, stop)),
        )
    )
    assert results == [(0, 3), (3, 6), (6, 9), (9, 10)]
    assert arrived == [(9, 10), (6, 9), (3, 6), (0, 3)]


def test_a_tournament_merged_backwards_is_the_same() -> None:
    # With these hands, merging the chunks as they arrive (last first) would
    # order some bot's ties in won_by differently.
    bots: list[Bot] = [GreedyBot(), RandomBot(), RandomBot()]
    alone = tournament(PAGAT, bots, hands=20, seed=0)
    backwards = tournament(PAGAT, bots, hands=20, seed=0, executor=BackwardsExecutor())
    assert backwards == alone
    assert backwards.to_dict() == alone.to_dict()


def test_the_first_error_stops_the_run_and_cancels_the_rest() -> None:
    started: list[int] = []

    def work(first: int, stop: int) -> int:
        started.append(first)
        if first == 2:
            raise RuntimeError("chunk 2 failed")
        if first > 2:
            time.sleep(0.05)  # 2 s in all: the rest is cancelled long before
        return first

    with ThreadPoolExecutor(max_workers=1) as pool:  # one at a time, in order
        chunks = run_chunks(work, 50, 1, executor=pool)
        with pytest.raises(RuntimeError, match="chunk 2 failed"):
            list(chunks)
    assert started[:3] == [0, 1, 2]
    assert len(started) < 50  # the rest were cancelled


def _size(first: int, stop: int) -> int:
    return stop - first


@pytest.mark.parametrize(("units", "pool"), [(16, 0), (48, 2)])
def test_a_pool_starts_no_more_processes_than_the_chunks_need(
    units: int, pool: int
) -> None:
    """Eight workers for one chunk of 16 units play it here, with no pool; for
    three chunks, this process and two more."""
    before = len(multiprocessing.active_children())
    alive: list[int] = []
    results = run_chunks(
        _size,
        units,
        16,
        workers=8,
        finished=lambda first, stop, result: alive.append(
            len(multiprocessing.active_children()) - before
        ),
    )
    assert list(results) == [16] * (units // 16)
    assert max(alive) == pool


def test_a_run_is_cut_into_enough_chunks_of_a_bounded_size() -> None:
    assert chunk_size(10, 100) == 1
    assert chunk_size(64 * 7, 100) == 7
    assert chunk_size(10**6, 100) == 100


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"workers": 0}, tonk.RulesError, "workers must be an int 1..256, got 0"),
        (
            {"workers": 2, "executor": ThreadPoolExecutor(1)},
            ValueError,
            "give workers or an executor, not both",
        ),
        (
            {"executor": "tcp://10.0.0.5:8786"},
            TypeError,
            "executor must be a concurrent.futures.Executor, got str",
        ),
    ],
)
def test_tournament_and_simulations_check_the_executor_arguments(
    arguments: dict[str, Any], error: type[Exception], message: str
) -> None:
    bots = [RandomBot(), RandomBot()]
    runs: list[Callable[[], object]] = [
        lambda: tournament(PAGAT, bots, hands=2, seed=1, **arguments),
        lambda: tonk.simulate(PAGAT, players=2, hands=2, seed=1, **arguments),
        lambda: tonk.simulate_sessions(PAGAT, players=2, hands=2, seed=1, **arguments),
    ]
    for run in runs:
        with pytest.raises(error, match=message):
            run()
