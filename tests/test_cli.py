"""The tonk command line, run as a user would run it."""

from __future__ import annotations

import subprocess
import sys

import pytest

import tonk
from tonk.cli import main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tonk", *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_simulate_prints_a_summary() -> None:
    result = run(
        "simulate",
        "--preset",
        "pagat",
        "--players",
        "3",
        "--hands",
        "300",
        "--seed",
        "1",
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "preset pagat, 3 players, 300 hands, seed 1" in out
    assert "hands/s:" in out
    assert "how hands ended:" in out
    assert "mean payoff per seat: seat 0" in out
    assert "seat 2" in out
    assert "mean actions per hand:" in out


def test_simulate_is_reproducible_from_its_seed() -> None:
    first = run("simulate", "--hands", "200", "--seed", "9", "--no-timing")
    second = run("simulate", "--hands", "200", "--seed", "9", "--no-timing")
    assert first.returncode == 0
    assert first.stdout == second.stdout


def test_simulate_without_a_seed_prints_the_seed_it_used() -> None:
    result = run("simulate", "--hands", "20", "--no-timing")
    assert result.returncode == 0
    seed = result.stdout.splitlines()[0].rsplit("seed ", 1)[1]
    again = run("simulate", "--hands", "20", "--no-timing", "--seed", seed)
    assert again.stdout == result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("simulate", "--players", "12"), "players must be 2..10"),
        (("simulate", "--preset", "klondike"), "no preset named 'klondike'"),
        (("simulate", "--hands", "x"), "expected a whole number"),
        (("simulate", "--hands", "0"), "must be 1 or more"),
        (("shuffle",), "invalid choice"),
    ],
)
def test_bad_arguments_get_one_line_and_exit_2(
    args: tuple[str, ...], message: str
) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


def test_main_returns_its_status(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "10", "--seed", "3", "--no-timing"]) == 0
    assert "10 hands" in capsys.readouterr().out
    assert main(["simulate", "--players", "1"]) == 2


@pytest.mark.parametrize("preset", tonk.presets.names())
def test_simulate_runs_every_preset(
    preset: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(
            [
                "simulate",
                "--preset",
                preset,
                "--players",
                "3",
                "--hands",
                "50",
                "--seed",
                "4",
                "--no-timing",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert f"preset {preset}, 3 players, 50 hands" in out


def test_simulate_session_prints_the_final_ledger(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "--session", "--preset", "push_ups", "--players", "3"]
    assert main([*args, "--hands", "40", "--seed", "8", "--no-timing"]) == 0
    out = capsys.readouterr().out
    assert "stopped after 40 hands" in out
    rows = [line.split() for line in out.splitlines() if line.startswith("P")]
    assert [row[0] for row in rows] == ["P1", "P2", "P3"]
    assert sum(int(row[1]) for row in rows) == 0  # the ledger is zero-sum
    assert all(int(row[2]) >= 0 for row in rows)  # push-up totals
    assert "leading: " in out


def test_simulate_session_stops_when_a_match_ends(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "--session", "--preset", "sheet", "--players", "4"]
    assert main([*args, "--hands", "100000", "--seed", "4", "--no-timing"]) == 0
    out = capsys.readouterr().out
    assert "the session ended after" in out
    balances = [int(line.split()[1]) for line in out.splitlines() if line[:1] == "P"]
    assert max(balances) >= 100  # the sheet's match is to 100 (V44)
