"""``tonk play --save``: a path that cannot be written never costs the hand."""

from __future__ import annotations

import errno
import io
import sys
from pathlib import Path

import pytest

import tonk
from tonk.cli import main


def play(monkeypatch: pytest.MonkeyPatch, *args: str) -> int:
    """Run ``tonk play`` through main(), always choosing the first move."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 400))
    return main(["play", "--seed", "7", *args])


@pytest.mark.parametrize(
    ("where", "reason"),
    [
        (".", "it is a folder"),
        ("missing/game.txt", "there is no folder "),
    ],
)
def test_a_save_path_that_cannot_be_written_is_refused_before_the_hand(
    where: str,
    reason: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / where
    assert play(monkeypatch, "--save", str(path)) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # no hand was dealt
    assert captured.err.startswith("tonk: error: cannot save the hands to ")
    assert reason in captured.err
    assert len(captured.err.splitlines()) == 1


def test_a_save_path_is_shown_escaped(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert play(monkeypatch, "--save", str(tmp_path / "no\x1b[2J" / "x")) == 2
    error = capsys.readouterr().err
    assert "\x1b" not in error
    assert "no\\x1b[2J" in error


def _check_kept(error: str, path: str) -> tonk.GameRecord:
    """Check the failed save's message; return the record printed after it."""
    first, _, rest = error.partition("\n")
    assert first == (
        f"tonk: error: cannot save the hand to {path}: No space left on device;"
        " its record follows"
    )
    record = tonk.parse_record(rest)
    assert record.outcome is not None
    return record


@pytest.mark.parametrize("options", [(), ("--hands", "2"), ("--session",)])
def test_a_failed_save_prints_the_record_and_stops_non_zero(
    options: tuple[str, ...],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    def full(self: Path, *args: object, **kwargs: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "write_text", full)
    save = tmp_path / "game.txt"
    assert play(monkeypatch, *options, "--save", str(save)) == 1
    captured = capsys.readouterr()
    shown = tmp_path / ("game.txt" if not options else "game-1.txt")
    record = _check_kept(captured.err, str(shown))
    assert record.seed == (7 if not options else tonk.hand_seed(7, 1))
    assert "Hand 2" not in captured.out  # it stopped after the first hand


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_disk_keeps_the_record(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert play(monkeypatch, "--save", "/dev/full") == 1
    record = _check_kept(capsys.readouterr().err, "/dev/full")
    assert record.seed == 7
