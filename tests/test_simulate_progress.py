"""``tonk simulate --progress``: progress on standard error, the output kept clean."""

from __future__ import annotations

import json
import re
import sys

import pytest

from tonk.cli import main

RUNS = [
    (),
    ("--bots", "greedy,random"),
    ("--workers", "2"),
    ("--session",),
]


@pytest.mark.parametrize("options", RUNS)
def test_progress_goes_to_standard_error_in_lines_when_redirected(
    options: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", *options, "--hands", "160", "--seed", "1", "--no-timing"]
    assert main([*args, "--progress", "--json"]) == 0
    captured = capsys.readouterr()
    json.loads(captured.out)  # nothing else on standard output
    lines = captured.err.splitlines()
    assert 1 <= len(lines) <= 10
    played = []
    for line in lines:
        found = re.fullmatch(r"tonk: (\d+) of 160 hands played \((\d+)%\)", line)
        assert found is not None, line
        played.append(int(found[1]))
        assert int(found[2]) == int(found[1]) * 100 // 160
    assert played == sorted(played)
    assert played[-1] == 160


def test_without_progress_a_redirected_run_prints_nothing_on_standard_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--hands", "160", "--json", "--no-timing"]) == 0
    assert capsys.readouterr().err == ""


def test_progress_is_a_bar_when_standard_error_is_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from rich.progress import Progress

    completed: list[float] = []
    update = Progress.update

    def recorded(self: Progress, task: object, **fields: object) -> None:
        completed.append(fields["completed"])  # type: ignore[arg-type]
        update(self, task, **fields)  # type: ignore[arg-type]

    monkeypatch.setattr(Progress, "update", recorded)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    args = ["simulate", "--hands", "40", "--seed", "1", "--no-timing", "--json"]
    assert main([*args, "--progress"]) == 0
    json.loads(capsys.readouterr().out)
    assert completed[-1] == 40
