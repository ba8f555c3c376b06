"""Tests that kill the mutants of ``tonk/cli.py`` that the other tests let live.

Each checks one behaviour of the ``tonk`` command line through
:func:`tonk.cli.main`: its exact message, its exit status, what it prints.
"""

from __future__ import annotations

import contextlib
import io
import subprocess
from pathlib import Path

import pytest

from tonk.cli import main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """Run ``tonk ARGS`` through main(); an exit (argparse's) becomes the code."""
    out, err = io.StringIO(), io.StringIO()
    with (
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
        pytest.MonkeyPatch.context() as patch,
    ):
        patch.setattr("sys.stdin", io.StringIO(""))  # `tonk play` leaves at once
        try:
            code: object = main(list(args))
        except SystemExit as exit:
            code = exit.code
    assert isinstance(code, int)
    return subprocess.CompletedProcess(args, code, out.getvalue(), err.getvalue())


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, object]]:
    """Record the arguments ``tonk serve`` would serve with, serving nothing."""
    calls: list[dict[str, object]] = []

    def serve(**options: object) -> int:
        calls.append(options)
        return 0

    monkeypatch.setattr("tonk.web.app.serve", serve)
    return calls


@pytest.mark.parametrize("port", ["65536", "70000"])
def test_serve_refuses_a_port_out_of_range(
    port: str, served: list[dict[str, object]]
) -> None:
    result = run("serve", "--port", port)
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1] == (
        f"tonk serve: error: argument --port: must be 1..65535, got {port}"
    )
    assert served == []


def test_serve_passes_its_options_on(
    served: list[dict[str, object]], tmp_path: Path
) -> None:
    db = tmp_path / "t.sqlite3"
    args = ("--host", "0.0.0.0", "--port", "65535", "--db", str(db))
    assert run("serve", *args, "--bot", "greedy").returncode == 0
    assert served == [
        {"host": "0.0.0.0", "port": 65535, "db_path": db, "bots": ["greedy"]}
    ]


def test_serve_defaults_to_the_loopback_port_8000_and_tonk_sqlite3(
    served: list[dict[str, object]],
) -> None:
    assert run("serve").returncode == 0
    assert served == [
        {
            "host": "127.0.0.1",
            "port": 8000,
            "db_path": Path("tonk.sqlite3"),
            "bots": [],
        }
    ]


def user_bot(directory: Path) -> str:
    """Write a user's bot file in ``directory``; return its ``--bots`` spec."""
    directory.mkdir()
    (directory / "mybot.py").write_text(
        "from tonk.bots import GreedyBot\n\n\nclass MyBot(GreedyBot):\n    pass\n",
        encoding="utf-8",
    )
    return f"{directory / 'mybot.py'}:MyBot"


def test_a_tournament_header_escapes_a_bot_file_name(tmp_path: Path) -> None:
    pytest.importorskip("rich")
    spec = user_bot(tmp_path / "\x1b[31mred")
    result = run("simulate", "--hands", "2", "--seed", "1", "--no-timing",
                 "--bots", f"{spec},greedy")  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "\x1b" not in result.stdout
    header = result.stdout.splitlines()[0]
    assert header == (
        "tonk simulate: preset pagat, 2 players, 2 hands, seed 1,"
        f" bots {tmp_path}/\\x1b[31mred/mybot.py:MyBot, greedy"
    )


def test_play_escapes_a_bot_program_in_the_seat_names() -> None:
    pytest.importorskip("rich")
    result = run("play", "--seed", "1", "--bots", "exec:x\x1b[31mq")
    assert result.returncode == 0, result.stderr
    assert "\x1b" not in result.stdout
    assert "seat 1 (x\\x1b[31mq) deals" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("play", "--players", "4", "--bots", "random"),
            "--players 4 does not match the 1 bot of --bots"
            " (one bot for each seat but yours)",
        ),
        (
            ("play", "--players", "2", "--bots", "random,greedy"),
            "--players 2 does not match the 2 bots of --bots"
            " (one bot for each seat but yours)",
        ),
        (
            ("simulate", "--players", "3", "--bots", "random,greedy"),
            "--players 3 does not match the 2 bots of --bots (one bot per seat)",
        ),
        (
            ("simulate", "--players", "2", "--bots", "random"),
            "--players 2 does not match the 1 bot of --bots (one bot per seat)",
        ),
    ],
)
def test_a_player_count_that_does_not_match_the_bots_is_one_line(
    args: tuple[str, ...], message: str
) -> None:
    pytest.importorskip("rich")
    result = run(*args)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"tonk: error: {message}\n"
