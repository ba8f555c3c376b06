"""Loading a user's bot: every failure is a BotError, and a file may be named."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import tonk
from tonk.bots import load_bot
from tonk.cli import main

MY_BOTS = """
import sys

class FirstBot:
    def choose(self, obs, legal, rng):
        return legal[0]

class NotABot:
    pass

BUILT_IN = 3

class BadRepr:
    def __repr__(self):
        raise RuntimeError("no repr")

class HostileAttributes:
    def __getattr__(self, name):
        raise RuntimeError(f"no {name}")

class UnprintableError(Exception):
    def __str__(self):
        raise RuntimeError("no str")

def make_bad_repr():
    return BadRepr()

def make_hostile():
    return HostileAttributes()

def fail_unprintably():
    raise UnprintableError

def leave():
    sys.exit(3)

def interrupt():
    raise KeyboardInterrupt
"""


@pytest.fixture
def bots_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder with mybots.py and bots/more.py, as the current directory."""
    (tmp_path / "mybots.py").write_text(MY_BOTS)
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "more_bots.py").write_text(MY_BOTS)
    (tmp_path / "leaving.py").write_text("import sys\nsys.exit(0)\n")
    (tmp_path / "random.py").write_text(MY_BOTS)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    for name in ("mybots", "more_bots", "leaving"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    yield tmp_path
    for name in ("mybots", "more_bots", "leaving"):
        sys.modules.pop(name, None)


def test_sys_exit_is_not_a_bot() -> None:
    with pytest.raises(tonk.BotError, match="cannot build bot 'sys:exit': SystemExit"):
        load_bot("sys:exit")


@pytest.mark.usefixtures("bots_dir")
@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mybots:leave", "cannot build bot 'mybots:leave': SystemExit: 3"),
        ("leaving:Bot", "importing 'leaving' raised SystemExit: 0"),
        ("./leaving.py:Bot", "importing './leaving.py' raised SystemExit: 0"),
        ("mybots:fail_unprintably", "bot 'mybots:fail_unprintably': UnprintableError"),
        ("mybots:make_bad_repr", "gave <BadRepr instance at 0x"),
        ("mybots:make_hostile", "gave <mybots.HostileAttributes object at 0x"),
        ("mybots:NotABot", "gave <mybots.NotABot object at 0x"),
        ("mybots:BUILT_IN", "'BUILT_IN' is not a class or a function that makes a"),
    ],
)
def test_whatever_a_user_bot_raises_is_a_bot_error(spec: str, message: str) -> None:
    with pytest.raises(tonk.BotError) as caught:
        load_bot(spec)
    assert message in str(caught.value)
    assert caught.value.bot == spec


@pytest.mark.usefixtures("bots_dir")
def test_ctrl_c_in_a_bot_factory_goes_through() -> None:
    with pytest.raises(KeyboardInterrupt):
        load_bot("mybots:interrupt")


@pytest.mark.usefixtures("bots_dir")
@pytest.mark.parametrize(
    "spec", ["./mybots.py:FirstBot", "mybots.py:FirstBot", "bots/more_bots.py:FirstBot"]
)
def test_a_bot_is_loaded_from_a_file(spec: str) -> None:
    bot = load_bot(spec)
    assert type(bot).__name__ == "FirstBot"
    assert load_bot(spec).__class__ is type(bot)  # the module is imported once


def test_a_bot_file_by_its_absolute_path(bots_dir: Path) -> None:
    bot = load_bot(f"{bots_dir / 'mybots.py'}:FirstBot")
    assert type(bot).__module__ == "mybots"


@pytest.mark.usefixtures("bots_dir")
@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("./mybots:FirstBot", "'./mybots' is neither a module's name nor a .py file"),
        ("./nothere.py:FirstBot", "no file './nothere.py'"),
        ("random.py:FirstBot", "a module named 'random' is already loaded"),
        ("my-bots.py:FirstBot", "the file's name must be a module's name"),
        ("nosuchmodule:Bot", "no module named 'nosuchmodule' (expected a built-in"),
    ],
)
def test_a_bad_bot_path_says_what_forms_are_expected(spec: str, message: str) -> None:
    with pytest.raises(tonk.BotError) as caught:
        load_bot(spec)
    assert message in str(caught.value)


def test_simulate_refuses_sys_exit_as_a_bot(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--bots", "sys:exit,random", "--hands", "2", "--json"]
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "tonk: error: cannot build bot 'sys:exit': SystemExit\n"


@pytest.mark.usefixtures("bots_dir")
@pytest.mark.parametrize("workers", ["1", "2"])
def test_simulate_plays_a_bot_from_a_file(
    workers: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", "--bots", "./mybots.py:FirstBot,random", "--json"]
    options = ["--hands", "4", "--seed", "1", "--no-timing", "--workers", workers]
    assert main([*args, *options]) == 0
    document = json.loads(capsys.readouterr().out)
    assert [bot["name"] for bot in document["bots"]] == [
        "./mybots.py:FirstBot",
        "random",
    ]
