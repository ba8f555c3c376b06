"""Review of the command line: faults found and fixed."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

import tonk
from tonk.cli import main

BOTS = """
class Crashing:
    def choose(self, obs, legal, rng):
        raise ZeroDivisionError("my bug")


class NotAnAction:
    def choose(self, obs, legal, rng):
        return "drop"
"""


def _user_module(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, file: str, source: str
) -> None:
    """Write ``file`` in the current directory, as a user would have it."""
    pytest.importorskip("rich")
    (tmp_path / file).write_text(source)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))  # the CLI adds the cwd
    monkeypatch.delitem(sys.modules, Path(file).stem, raising=False)


@pytest.fixture
def review_bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A module reviewbots.py in the current directory, as a user would have it."""
    _user_module(tmp_path, monkeypatch, "reviewbots.py", BOTS)
    return tmp_path


@pytest.mark.parametrize(
    ("spec", "cause"),
    [("Crashing", "ZeroDivisionError: my bug"), ("NotAnAction", "TypeError")],
)
def test_play_with_a_failing_bot_is_one_line_and_exit_2(
    review_bots: Path,
    spec: str,
    cause: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Seed 12: seat 0 moves first; it draws and discards, then the bot is asked.
    monkeypatch.setattr(sys, "stdin", io.StringIO("draw stock\n1\n" + "1\n" * 50))
    assert main(["play", "--seed", "12", "--bot", f"reviewbots:{spec}"]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"tonk: error: bot {spec} failed in seat 1")
    assert cause in error
    assert "Traceback" not in error
    assert error.count("\n") == 1


def _ascii_stdout(monkeypatch: pytest.MonkeyPatch) -> io.BytesIO:
    """Give standard output an ASCII encoding (strict), as some consoles have."""
    raw = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(raw, encoding="ascii"))
    return raw


def test_replay_of_a_file_with_a_non_ascii_name_on_an_ascii_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = tonk.GameRecord.start(tonk.presets.PAGAT, players=2, seed=7)
    path = tmp_path / "h\u00e4nd \u624b.txt"
    path.write_text(tonk.format_record(record.then(tonk.Drop())), encoding="utf-8")
    raw = _ascii_stdout(monkeypatch)
    assert main(["replay", str(path)]) == 0
    sys.stdout.flush()
    first = raw.getvalue().decode("ascii").splitlines()[0]
    shown = "h\\xe4nd \\u624b.txt"
    assert first == f"tonk replay: {shown}, 2 players, dealer seat 0, 1 action"


def test_a_tournament_of_a_non_ascii_bot_file_on_an_ascii_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _user_module(
        tmp_path, monkeypatch, "b\u00f8ts.py", "from tonk.bots import RandomBot\n"
    )
    raw = _ascii_stdout(monkeypatch)
    args = ["simulate", "--bots", "./b\u00f8ts.py:RandomBot,greedy", "--hands", "4"]
    assert main([*args, "--seed", "1", "--no-timing"]) == 0
    sys.stdout.flush()
    first = raw.getvalue().decode("ascii").splitlines()[0]
    assert first.endswith("bots ./b\\xf8ts.py:RandomBot, greedy")


def test_play_saves_to_a_non_ascii_name_and_plays_a_non_ascii_bot_on_an_ascii_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _user_module(
        tmp_path,
        monkeypatch,
        "bots.py",
        "from tonk.bots import RandomBot as R\u00f8bot\n",
    )
    raw = _ascii_stdout(monkeypatch)
    monkeypatch.setattr(sys, "stdin", io.StringIO("draw stock\n1\n" + "1\n" * 50))
    save = tmp_path / "s\u00e4ve.txt"
    args = ["play", "--seed", "12", "--bot", "bots:R\u00f8bot", "--save", str(save)]
    assert main(args) == 0
    sys.stdout.flush()
    out = raw.getvalue().decode("ascii")
    assert "(R\\xf8bot)" in out
    assert f"Saved the hand to {tmp_path}/s\\xe4ve.txt." in out
    assert tonk.parse_record(save.read_text(encoding="utf-8")).players == 2


def test_scheduler_local_refuses_more_workers_than_a_run_may_have(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    distributed = pytest.importorskip("distributed")

    def no_cluster(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"a LocalCluster was started: {kwargs}")

    monkeypatch.setattr(distributed, "LocalCluster", no_cluster)
    args = ["simulate", "--hands", "2", "--seed", "1", "--scheduler", "local"]
    assert main([*args, "--workers", "100000"]) == 2
    error = capsys.readouterr().err
    assert error == "tonk: error: workers must be an int 1..256, got 100000\n"
