"""Run seeded work in chunks, in this process or on any executor.

Tournaments and simulations split their work into numbered units (a deal of a
tournament, a hand of a simulation) whose every random choice comes from the
run's seed and the unit's number (:func:`derived_seed`), never from state left
behind by an earlier unit. A chunk of consecutive units is then a pure task:
any process can play it, an executor may run it twice (Dask recomputes the
chunks of a worker that died), and the answer is the same. :func:`run_chunks`
sends the chunks to an executor, takes the results as they finish (for
progress) and hands them back in unit order, so the merged totals are the same
bit for bit whichever executor played them and in whatever order they
finished.
"""

from __future__ import annotations

import _thread
import hashlib
import multiprocessing
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import Any, TypeVar

from tonk._validate import brief, is_int
from tonk.errors import RulesError

__all__ = [
    "MOST_HANDS",
    "MOST_WORKERS",
    "check_executor",
    "chunk_size",
    "derived_seed",
    "run_chunks",
]

_R = TypeVar("_R")

# The chunks a run is split into at least (when it has that many units): enough
# to keep a few dozen workers busy and the progress bar moving.
_MIN_CHUNKS = 64

MOST_WORKERS = 256  # worker processes of one run, at most
MOST_HANDS = 10**9  # hands of one run, at most: days of play

# How often a pool process looks whether it should stop (_watch): about the
# longest a chunk goes on once its run is abandoned, or a process outlives the
# process that started it.
_WATCH_SECONDS = 0.2


def derived_seed(label: str, seed: int, number: int) -> int:
    """Return the seed of unit ``number`` of a run labelled ``label``."""
    digest = hashlib.sha256(f"tonk-{label}:{seed}:{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def chunk_size(units: int, largest: int) -> int:
    """Return how many units go in one chunk: at most ``largest``.

    ``largest`` is chosen per kind of work so that a chunk's work dwarfs the
    cost of scheduling it (see docs/big-tournaments.md); short runs are split
    into at least ``_MIN_CHUNKS`` chunks. The size depends on the run alone,
    never on the executor, so every executor plays the same chunks.
    """
    return max(1, min(largest, units // _MIN_CHUNKS))


def check_executor(executor: Executor | None, workers: int) -> None:
    """Raise :class:`RulesError` for a bad ``workers``, or one given with an executor.

    A wrong type of ``executor`` is a ``TypeError``.
    """
    if not is_int(workers) or not 1 <= workers <= MOST_WORKERS:
        raise RulesError(
            f"workers must be an int 1..{MOST_WORKERS}, got {brief(workers)}"
        )
    if executor is None:
        return
    if not isinstance(executor, Executor):
        raise TypeError(
            "executor must be a concurrent.futures.Executor, got"
            f" {type(executor).__name__}"
        )
    if workers != 1:
        raise RulesError(
            f"give workers or an executor, not both (got workers={workers})"
        )


def run_chunks(
    work: Callable[[int, int], _R],
    units: int,
    size: int,
    *,
    executor: Executor | None = None,
    workers: int = 1,
    finished: Callable[[int, int, _R], None] | None = None,
) -> Iterator[_R]:
    """Yield ``work(first, stop)`` for consecutive chunks of ``range(units)``.

    Without an executor and with one worker, the chunks are played here, one
    after the other. With ``workers`` above 1, this process and a pool of
    ``workers - 1`` more (started and shut down here; fewer when there are
    fewer chunks, none for one) share them (:func:`_shared`). With an
    ``executor``, they are all submitted to it and taken as they finish.
    ``finished(first, stop, result)`` is called for each chunk as it
    arrives, and the results are yielded in chunk order as soon as
    every earlier chunk has arrived. If a chunk raises, its exception
    propagates and the chunks not yet started are cancelled; a local pool's
    processes also stop the chunks they are playing, as they do when the run
    is interrupted or dropped, and end on their own if this process dies.

    ``work`` must be picklable (a module-level function, or a
    :func:`functools.partial` of one) to go to another process.
    """
    count = -(-units // size)
    if executor is None and min(workers, count) > 1:  # the pool makes its chunks
        yield from _shared(work, units, size, min(workers, count), finished)
        return
    chunks = [_chunk(index, units, size) for index in range(count)]
    if executor is None:
        for first, stop in chunks:
            result = work(first, stop)
            if finished is not None:
                finished(first, stop, result)
            yield result
        return
    futures: dict[Future[_R], int] = {}
    try:
        for index, (first, stop) in enumerate(chunks):
            futures[executor.submit(work, first, stop)] = index
        yield from _in_order(futures, chunks, finished)
    finally:
        for future in futures:
            future.cancel()


def _shared(
    work: Callable[[int, int], _R],
    units: int,
    size: int,
    workers: int,
    finished: Callable[[int, int, _R], None] | None,
) -> Iterator[_R]:
    """Play the chunks of ``size`` units in this process and ``workers - 1`` more.

    The pool's processes claim the chunks from the first on; this process
    claims them from the last back, until the two meet. A claim is made
    when a process is free to play the chunk, from a pair of indices the
    processes share (:func:`_claim`), so no chunk waits in the pool's queue
    when they meet: a chunk queued there would keep this process waiting for
    it at the end of every run (about 5% of a run of ``tonk simulate
    --workers 2``). This process would otherwise only wait, and starting the
    pool, sending it work and taking its results back cost about as much as a
    few short chunks: every chunk played here saves that. Results are yielded
    in chunk order as soon as every earlier chunk has arrived.
    """
    claims = multiprocessing.Array("q", [0, -(-units // size)])  # front, back
    stopped = multiprocessing.RawValue("b", 0)  # set: the run was abandoned
    arrived: dict[int, _R] = {}

    def arrive(index: int, result: _R) -> None:
        arrived[index] = result
        if finished is not None:
            finished(*_chunk(index, units, size), result)

    def take(future: Future[tuple[int, _R] | None]) -> None:
        claimed = future.result()  # None: every chunk was claimed before it
        if claimed is not None:
            arrive(*claimed)

    with ProcessPoolExecutor(
        max_workers=workers - 1,
        initializer=_start_pool_process,
        initargs=(claims, stopped, work, units, size),
    ) as pool:
        # A task for each chunk the pool might play: each claims one. The work
        # went to each pool process once, at its start (_share_run), so a task
        # is the function alone: no rule set pickled and unpickled per chunk.
        # The pool starts the tasks in order, so the results so far are the
        # leading done ones (a test of the first, not a scan of them all, each
        # time round).
        futures = deque(pool.submit(_play_claimed) for _ in range(claims[1]))
        following = 0  # the next chunk to yield
        try:
            while True:
                while futures and futures[0].done():
                    take(futures.popleft())
                while following in arrived:
                    yield arrived.pop(following)
                    following += 1
                last = _claim(claims, front=False)
                if last is None:
                    break
                arrive(last, work(*_chunk(last, units, size)))
            for future in futures:  # every chunk is claimed: those not started
                future.cancel()  # would only find that out
            for future in as_completed(futures):
                if not future.cancelled():
                    take(future)
            while following in arrived:
                yield arrived.pop(following)
                following += 1
        except BaseException:  # an error, Ctrl-C, SIGTERM, or the run dropped:
            stopped.value = 1  # the pool's processes stop their chunks (_watch),
            raise  # so that the pool's shutdown need not wait for them
        finally:
            with claims.get_lock():  # after a failed chunk, none is claimed more
                claims[0] = claims[1]
            for future in futures:
                future.cancel()


_run: tuple[Any, Callable[[int, int], Any], int, int] | None = None
"""In a pool process of :func:`_shared`: the claims it shares with the others,
the work, the units and the chunks' size, sent once rather than with each task."""

_playing = False
"""In a pool process of :func:`_shared`: whether it is playing a chunk."""


def _share_run(
    claims: Any, work: Callable[[int, int], Any], units: int, size: int
) -> None:
    """Keep the run's claims and work in a new pool process (its initializer)."""
    global _run
    _run = (claims, work, units, size)


def _start_pool_process(
    claims: Any, stopped: Any, work: Callable[[int, int], Any], units: int, size: int
) -> None:
    """Start a pool process of :func:`_shared` (its initializer).

    The process keeps the run (:func:`_share_run`). A Ctrl-C stops the chunk it
    is playing, but never the process (:func:`_interrupted`): a Ctrl-C at a
    terminal reaches every process of the group, and the one that started
    the pool stops it. A thread (:func:`_watch`) stops the chunk when the run
    is abandoned, and ends the process when its parent is gone, however the
    parent ended: after SIGTERM or SIGKILL sent to the parent alone, a pool
    process would otherwise wait for work forever.
    """
    _share_run(claims, work, units, size)
    signal.signal(signal.SIGINT, _interrupted)
    threading.Thread(
        target=_watch, args=(stopped, os.getppid()), name="tonk-watch", daemon=True
    ).start()


def _interrupted(number: int, frame: object) -> None:
    """Stop the chunk being played with :class:`KeyboardInterrupt`; else do nothing.

    The chunk's task fails, and the pool process goes on to its next task
    (the pool ends it at its shutdown). A process waiting for a task would
    end with a traceback if interrupted.
    """
    if _playing:
        raise KeyboardInterrupt


def _watch(stopped: Any, parent: int) -> None:
    """Stop the chunk played once ``stopped`` is set; end when ``parent`` is gone.

    A process whose parent ended is given a new parent (:func:`os.getppid`
    changes), whether the pool started it directly (fork, spawn) or through a
    fork server, which ends with the process that started it.
    """
    while os.getppid() == parent:
        if stopped.value:
            _thread.interrupt_main()  # as a Ctrl-C: _interrupted
        time.sleep(_WATCH_SECONDS)
    os._exit(1)


def _claim(claims: Any, *, front: bool) -> int | None:
    """Claim the first chunk not yet claimed, or the last; ``None`` if none is left."""
    with claims.get_lock():
        first, stop = claims[0], claims[1]
        if first >= stop:
            return None
        if front:
            claims[0] = first + 1
            return int(first)
        claims[1] = stop - 1
        return int(stop - 1)


def _play_claimed() -> tuple[int, Any] | None:
    """Claim the first chunk left and play it (a pool task of :func:`_shared`)."""
    global _playing
    assert _run is not None
    claims, work, units, size = _run
    index = _claim(claims, front=True)
    if index is None:
        return None
    _playing = True
    try:
        return index, work(*_chunk(index, units, size))
    finally:
        _playing = False


def _chunk(index: int, units: int, size: int) -> tuple[int, int]:
    """Return the first and stop units of chunk ``index`` of ``range(units)``."""
    first = index * size
    return first, min(units, first + size)


def _in_order(
    futures: dict[Future[_R], int],
    chunks: list[tuple[int, int]],
    finished: Callable[[int, int, _R], None] | None,
) -> Iterator[_R]:
    """Take results as they finish; yield them in chunk order."""
    arrived: dict[int, _R] = {}
    following = 0
    for future in as_completed(futures):
        index = futures[future]
        arrived[index] = future.result()
        if finished is not None:
            finished(*chunks[index], arrived[index])
        while following in arrived:
            yield arrived.pop(following)
            following += 1
