"""Signals to ``tonk simulate``: it stops in one line and leaves no process behind.

Each test starts the command in a session of its own, waits (bounded) for
its pool process, signals it, and then waits (bounded) for every process of
the run to end. Whatever happens, the session's processes are killed at the
end, so that no test leaves a process behind itself.
"""

from __future__ import annotations

import contextlib
import functools
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tonk._parallel import run_chunks

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists() or not hasattr(os, "killpg"),
    reason="reads the process table from /proc",
)


@pytest.fixture(autouse=True)
def _ctrl_c_not_ignored() -> Iterator[None]:
    """Let the commands started here take Ctrl-C, however the tests were started.

    A program started in the background by a shell without job control
    (``cmd &`` in a script) ignores SIGINT, and so does every program it
    starts: Python leaves an ignored SIGINT ignored. A handler of this
    process's own is not inherited, so the commands start with the default.
    """
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


_APPEARS = 60.0  # seconds to wait for the pool process to start, at most
_ENDS = 20.0  # seconds to wait for the processes to end, at most
_LONG_RUN = ["--hands", "10000000", "--seed", "1", "--no-timing"]


def _stat(pid: int) -> tuple[int, str, int] | None:
    """Return the parent, state and start time of process ``pid``, or ``None``."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text.rpartition(")")[2].split()
    return int(fields[1]), fields[0], int(fields[19])


def _children(parent: int) -> dict[int, int]:
    """Return each child of ``parent``, with its start time."""
    found: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            stat = _stat(int(entry))
            if stat is not None and stat[0] == parent:
                found[int(entry)] = stat[2]
    return found


def _running(processes: dict[int, int]) -> list[int]:
    """Return those of ``processes`` still running (not ended, not a zombie)."""
    running = []
    for pid, started in processes.items():
        stat = _stat(pid)
        if stat is not None and stat[2] == started and stat[1] != "Z":
            running.append(pid)
    return running


def _wait_until(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@contextlib.contextmanager
def _simulate(*options: str) -> Iterator[tuple[subprocess.Popen[str], dict[int, int]]]:
    """Start ``tonk simulate`` in a session of its own; give it and its children.

    The children are those it has once it has started a pool (none without
    ``--workers``), and a moment later, when the pool processes are ready.
    """
    command = [sys.executable, "-m", "tonk", "simulate", *_LONG_RUN, *options]
    process = subprocess.Popen(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        if "--workers" in options:
            assert _wait_until(lambda: bool(_children(process.pid)), _APPEARS)
        else:
            assert _wait_until(lambda: _stat(process.pid) is not None, _APPEARS)
        time.sleep(1.0)  # the run under way
        yield process, _children(process.pid)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # the session's processes
        process.kill()
        process.communicate()


def _errors(process: subprocess.Popen[str]) -> tuple[int, list[str]]:
    """Wait (bounded) for ``process``; return its status and lines of error."""
    _, errors = process.communicate(timeout=_ENDS)
    return process.returncode, errors.splitlines()


@pytest.mark.parametrize("group", [False, True], ids=["parent", "group"])
def test_sigterm_stops_simulate_with_workers_and_its_pool(group: bool) -> None:
    with _simulate("--workers", "2") as (process, pool):
        assert len(pool) == 1
        if group:
            os.killpg(process.pid, signal.SIGTERM)
        else:
            os.kill(process.pid, signal.SIGTERM)
        status, errors = _errors(process)
        assert _wait_until(lambda: not _running(pool), _ENDS), _running(pool)
    assert (status, errors) == (143, ["tonk: terminated"])


@pytest.mark.parametrize("group", [False, True], ids=["parent", "group"])
def test_ctrl_c_stops_simulate_with_workers_in_one_line(group: bool) -> None:
    with _simulate("--workers", "2") as (process, pool):
        if group:  # as a terminal's Ctrl-C does
            os.killpg(process.pid, signal.SIGINT)
        else:
            os.kill(process.pid, signal.SIGINT)
        status, errors = _errors(process)
        assert _wait_until(lambda: not _running(pool), _ENDS), _running(pool)
    assert (status, errors) == (130, ["tonk: interrupted"])


def test_ctrl_c_stops_simulate_in_one_line() -> None:
    with _simulate() as (process, _):
        process.send_signal(signal.SIGINT)
        assert _errors(process) == (130, ["tonk: interrupted"])


def test_the_pool_ends_soon_after_simulate_is_killed() -> None:
    with _simulate("--workers", "3") as (process, pool):
        assert len(pool) == 2
        process.kill()  # SIGKILL: nothing can be cleaned up
        assert _wait_until(lambda: not _running(pool), _ENDS), _running(pool)


def _slow_or_failing(folder: str, first: int, stop: int) -> int:
    """Chunk 0 (the pool's) runs long; chunk 1 (this process's) fails once it has."""
    started, finished = Path(folder, "started"), Path(folder, "finished")
    if first == 0:
        started.touch()
        for _ in range(600):  # a minute, unless interrupted
            time.sleep(0.1)
        finished.touch()
        return first
    assert _wait_until(started.exists, _APPEARS)
    raise RuntimeError("chunk 1 failed")


def test_an_abandoned_run_stops_the_chunks_the_pool_is_playing(
    tmp_path: Path,
) -> None:
    work = functools.partial(_slow_or_failing, str(tmp_path))
    with pytest.raises(RuntimeError, match="chunk 1 failed"):
        list(run_chunks(work, 2, 1, workers=2))
    # The pool's shutdown did not wait for its chunk: it was stopped.
    assert not (tmp_path / "finished").exists()
