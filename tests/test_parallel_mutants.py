"""Tests that tell apart the code of ``tonk._parallel`` from its mutants.

Written for mutation testing (docs/maintainers.md, "Mutation testing"): each
test checks a behaviour that a surviving mutant of the local pool of
:func:`tonk._parallel.run_chunks` (``workers=2``: this process and one pool
process share the chunks) changed. The pool's behaviour when a run fails or
a Ctrl-C reaches it cannot be seen through ``tonk.simulate`` or
``tonk.bots.tournament`` (their chunks cannot be made to wait or to fail at
a chosen moment), so these tests give ``run_chunks`` chunks of their own:
module-level functions (a pool process needs them picklable) that note in a
file which process played which chunk, and when. One test calls a pool
process's task and Ctrl-C handler in this process (mutmut counts only the
calls a test makes in its own process). The last checks, through the public
API, that a bad ``workers`` given with an executor is refused at once: its
mutants were killed before only by a timeout (a run of 10**9 hands, or a
pool of 255 processes, let through).
"""

from __future__ import annotations

import functools
import multiprocessing
import os
import signal
import time
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

import pytest

import tonk
from tonk import _parallel
from tonk._parallel import run_chunks
from tonk.bots import RandomBot, tournament
from tonk.presets import PAGAT

_R = TypeVar("_R")


def _pooled(work: Callable[[int, int], _R], units: int) -> list[_R]:
    """Play chunks of one unit here and in a pool of one process.

    A ``KeyboardInterrupt`` that reaches this process (a pool process
    stopped its chunk when it should not have) fails the test, rather than
    stopping the whole pytest run.
    """
    try:
        return list(run_chunks(work, units, 1, workers=2))
    except KeyboardInterrupt:  # pragma: no cover - the failure looked for
        pytest.fail("a Ctrl-C reached the process that started the run")


def _lines(log: Path) -> list[str]:
    return log.read_text(encoding="utf-8").splitlines() if log.exists() else []


def _note(log: Path, line: str) -> None:
    with log.open("a", encoding="utf-8") as file:
        file.write(line + "\n")


def _wait_for(log: Path, line: str) -> None:
    """Wait (5 s at most) until ``line`` is in ``log``."""
    for _ in range(500):
        if line in _lines(log):
            return
        time.sleep(0.01)
    raise AssertionError(f"{line!r} never came")  # pragma: no cover - a hang


def _lines_first(log: Path) -> str:
    """The first line of ``log``, once there is one."""
    for _ in range(500):
        lines = _lines(log)
        if lines:
            return lines[0]
        time.sleep(0.01)
    raise AssertionError("no line came")  # pragma: no cover - a hang


def _long_in_the_pool(log: Path, first: int, stop: int) -> tuple[int, int]:
    """Chunk 0 (the pool's) plays 0.5 s; chunk 1 waits until it has begun.

    0.5 s is longer than the pool's watch (0.2 s between looks at whether
    the run was abandoned): a pool process that took the run for abandoned
    would stop chunk 0.
    """
    if first == 0:
        _note(log, str(os.getpid()))
        time.sleep(0.5)
    else:
        _lines_first(log)
    return first, stop


def _fails_once_the_pool_plays(log: Path, first: int, stop: int) -> int:
    """Chunk 0 plays 3 s unless stopped; the last fails once chunk 0 has begun."""
    _note(log, f"start {first}")
    if first == 0:  # the pool's first chunk
        for _ in range(300):  # short sleeps: a stop is seen between them
            time.sleep(0.01)
        _note(log, "end 0")
    elif stop == 10:  # this process's first chunk
        _wait_for(log, "start 0")
        raise RuntimeError("the last chunk failed")
    return first


def _ctrl_c_between_chunks(log: Path, first: int, stop: int) -> int:
    """Chunk 0 (the pool's) notes its process; chunk 1 sends it a Ctrl-C.

    Chunk 1 is this process's: it waits until the pool has played chunk 0
    and found nothing more to claim, interrupts the pool process while it
    waits for a task, and gives it time to act on it.
    """
    if first == 0:
        _note(log, str(os.getpid()))
        return first
    pool_process = int(_lines_first(log))
    time.sleep(0.2)  # the pool's next task finds every chunk claimed
    os.kill(pool_process, signal.SIGINT)
    time.sleep(0.3)
    _note(log, "interrupted")
    return first


def test_a_long_chunk_of_the_pool_is_not_stopped_while_the_run_goes_on(
    tmp_path: Path,
) -> None:
    """The pool's processes stop their chunk only once the run is abandoned.

    The pool plays chunk 0, for longer than the pool's look at whether to
    stop (every 0.2 s); a pool that stopped it would raise
    ``KeyboardInterrupt`` here.
    """
    log = tmp_path / "chunks.log"
    work = functools.partial(_long_in_the_pool, log)
    assert _pooled(work, 2) == [(0, 1), (1, 2)]
    assert int(_lines(log)[0]) != os.getpid()  # the pool played chunk 0


def test_after_a_failed_chunk_the_pool_stops_and_starts_no_other(
    tmp_path: Path,
) -> None:
    """A failure stops the chunk the pool plays and leaves the rest unplayed.

    This process plays the last chunk, which fails once the pool has begun
    chunk 0 (3 s long). The pool stops chunk 0 at once (it never ends), and
    the tasks already queued for it claim no chunk: none of chunks 1-8 begins.
    """
    log = tmp_path / "chunks.log"
    work = functools.partial(_fails_once_the_pool_plays, log)
    with pytest.raises(RuntimeError, match=r"^the last chunk failed$"):
        _pooled(work, 10)
    assert sorted(_lines(log)) == ["start 0", "start 9"]


def test_a_ctrl_c_reaching_an_idle_pool_process_is_ignored(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """A Ctrl-C stops the chunk a pool process plays, never the process.

    The pool process gets a SIGINT after its chunk, while it waits for a
    task: it must neither die with a ``KeyboardInterrupt`` traceback nor
    change the results.
    """
    log = tmp_path / "chunks.log"
    work = functools.partial(_ctrl_c_between_chunks, log)
    assert _pooled(work, 2) == [0, 1]
    assert _lines(log)[1:] == ["interrupted"]
    assert "KeyboardInterrupt" not in capfd.readouterr().err


def _ctrl_c_ignored() -> bool:
    """Send a pool process's Ctrl-C handler a SIGINT: whether it did nothing."""
    try:
        _parallel._interrupted(signal.SIGINT, None)
    except KeyboardInterrupt:
        return False
    return True


def test_a_pool_task_is_stopped_by_a_ctrl_c_only_while_it_plays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A pool process's Ctrl-C handler stops the chunk its task plays, only that.

    The pool's tasks and the handler are called here, in this process (a pool
    process runs them as its tasks and its SIGINT handler): the tests above
    see the same in a real pool, but only calls made in the test's own
    process tell mutmut which tests reach the task.
    """
    played: list[int] = []

    def work(first: int, stop: int) -> int:
        if first == 0:
            _parallel._interrupted(signal.SIGINT, None)
        played.append(first)
        return first

    monkeypatch.setattr(_parallel, "_run", None)  # both restored afterwards
    monkeypatch.setattr(_parallel, "_playing", False)
    _parallel._share_run(multiprocessing.Array("q", [0, 2]), work, 2, 1)
    assert _ctrl_c_ignored()  # before any task
    with pytest.raises(KeyboardInterrupt):
        _parallel._play_claimed()  # chunk 0, stopped by the Ctrl-C
    assert _ctrl_c_ignored()  # between tasks
    assert _parallel._play_claimed() == (1, 1)
    assert _ctrl_c_ignored()
    assert _parallel._play_claimed() is None  # every chunk claimed
    assert _ctrl_c_ignored()
    assert played == [1]


@pytest.mark.parametrize(
    ("workers", "message"),
    [
        (0, "workers must be an int 1..256, got 0"),
        (257, "workers must be an int 1..256, got 257"),
        (True, "workers must be an int 1..256, got True"),
        (256, "give workers or an executor, not both (got workers=256)"),
    ],
)
def test_workers_given_with_an_executor_are_refused_with_their_exact_error(
    workers: int, message: str
) -> None:
    """A bad ``workers`` is named before the executor that comes with it."""
    bots = [RandomBot(), RandomBot()]
    runs: list[Callable[[Executor], object]] = [
        lambda pool: tournament(
            PAGAT, bots, hands=2, seed=1, workers=workers, executor=pool
        ),
        lambda pool: tonk.simulate(
            PAGAT, players=2, hands=2, seed=1, workers=workers, executor=pool
        ),
        lambda pool: tonk.simulate_sessions(
            PAGAT, players=2, hands=2, seed=1, workers=workers, executor=pool
        ),
    ]
    with ThreadPoolExecutor(max_workers=1) as pool:
        for run in runs:
            with pytest.raises(tonk.RulesError) as raised:
                run(pool)
            assert str(raised.value) == message
