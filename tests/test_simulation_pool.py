"""A local pool shares the chunks with this process: order, progress, errors."""

from __future__ import annotations

import multiprocessing
import os
import time

import pytest

import tonk
from tonk import _parallel
from tonk._parallel import _claim, run_chunks
from tonk.presets import PAGAT


def _where(first: int, stop: int) -> tuple[int, int, int]:
    # Long enough that the pool starts before this process has claimed every
    # chunk (a claim is made only when a process is free to play it).
    time.sleep(0.002)
    return first, stop, os.getpid()


def _fails_at_three(first: int, stop: int) -> int:
    if first == 3:
        raise RuntimeError("chunk 3 failed")
    return first


def test_the_pool_and_this_process_share_the_chunks_in_order() -> None:
    arrived: list[tuple[int, int]] = []
    results = list(
        run_chunks(
            _where,
            200,
            1,
            workers=2,
            finished=lambda first, stop, result: arrived.append((first, stop)),
        )
    )
    assert [(first, stop) for first, stop, _ in results] == [
        (first, first + 1) for first in range(200)
    ]
    assert sorted(arrived) == [(first, first + 1) for first in range(200)]
    here = [index for index, (*_, pid) in enumerate(results) if pid == os.getpid()]
    # Each played some: the pool from the first chunk on, this process the
    # last chunks, from the end back.
    assert 0 < len(here) < 200
    assert here == list(range(200 - len(here), 200))
    assert len({pid for *_, pid in results}) == 2  # a pool of one, and this process


def test_without_workers_every_chunk_is_played_here() -> None:
    results = list(run_chunks(_where, 3, 1))
    assert [(first, stop, pid) for first, stop, pid in results] == [
        (first, first + 1, os.getpid()) for first in range(3)
    ]


def test_claims_give_each_chunk_once_from_either_end() -> None:
    claims = multiprocessing.Array("q", [0, 5])
    taken = [_claim(claims, front=index % 2 == 0) for index in range(5)]
    assert taken == [0, 4, 1, 3, 2]
    assert _claim(claims, front=True) is None
    assert _claim(claims, front=False) is None


def test_a_pool_task_that_finds_every_chunk_claimed_plays_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    played: list[tuple[int, int]] = []

    def work(first: int, stop: int) -> int:
        played.append((first, stop))
        return first

    monkeypatch.setattr(_parallel, "_run", None)  # restored afterwards
    _parallel._share_run(multiprocessing.Array("q", [0, 2]), work, 15, 10)
    assert _parallel._play_claimed() == (0, 0)
    assert _parallel._play_claimed() == (1, 10)
    assert _parallel._play_claimed() is None
    assert played == [(0, 10), (10, 15)]


@pytest.mark.parametrize("units", [1, 4, 40])
def test_an_error_in_any_chunk_stops_a_pooled_run(units: int) -> None:
    chunks = run_chunks(_fails_at_three, units, 1, workers=2)
    if units <= 3:
        assert list(chunks) == list(range(units))
        return
    with pytest.raises(RuntimeError, match="chunk 3 failed"):
        list(chunks)


def test_simulate_reports_every_hand_with_workers() -> None:
    seen: list[int] = []
    pooled = tonk.simulate(
        PAGAT, players=2, hands=2_000, seed=3, workers=3, progress=seen.append
    )
    alone = tonk.simulate(PAGAT, players=2, hands=2_000, seed=3)
    assert pooled == alone
    assert seen == sorted(seen)
    assert seen[-1] == 2_000
