"""A local pool shares the chunks with this process: order, progress, errors."""

from __future__ import annotations

import os

import pytest

import tonk
from tonk._parallel import run_chunks
from tonk.presets import PAGAT


def _where(first: int, stop: int) -> tuple[int, int, int]:
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
