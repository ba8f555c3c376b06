"""Bots in other programs: ProcessBot, serve_bot, ``tonk bot`` and ``exec:`` bots."""

from __future__ import annotations

import gc
import io
import json
import os
import pickle
import random
import re
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

import tonk
from tonk import presets
from tonk.bots import GreedyBot, ProcessBot, RandomBot, load_bot, serve_bot, tournament
from tonk.cli import main
from tonk.errors import BotError
from tonk.protocol import Table, decode_message, encode_message

pytestmark = pytest.mark.skipif(
    sys.platform != "linux", reason="reads /proc to find the processes left running"
)

MISBEHAVING = str(Path(__file__).with_name("misbehaving_bot.py"))
TONK_BOT = [sys.executable, "-m", "tonk", "bot"]
NAMES = ["greedy", "random"]


def misbehaving(mode: str, **options: Any) -> ProcessBot:
    return ProcessBot([sys.executable, MISBEHAVING, mode], **options)


def is_running(pid: int) -> bool:
    """Return whether a process ``pid`` exists (a zombie counts as ended)."""
    try:
        status = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return status.rsplit(")", 1)[1].split()[0] != "Z"


def pid_of(bot: ProcessBot) -> int | None:
    """Return the bot's program's process id (a call, which mypy does not narrow)."""
    return bot.pid


def waited_out(pid: int) -> bool:
    """Return whether ``pid`` is gone, allowing it a few seconds to go."""
    deadline = time.monotonic() + 5
    while is_running(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@pytest.fixture
def decision() -> tuple[tonk.Observation, random.Random]:
    state = tonk.new_game(presets.PAGAT, players=2, seed=7)
    return tonk.observe(state, state.to_move), random.Random(1)


class Reseeded:
    """Play ``bot`` as a served bot plays it: with a Random seeded from the act."""

    def __init__(self, bot: tonk.bots.Bot) -> None:
        self.bot = bot

    def choose(
        self, obs: tonk.Observation, legal: Sequence[tonk.Action], rng: random.Random
    ) -> tonk.Action:
        return self.bot.choose(obs, legal, random.Random(rng.getrandbits(53)))


class LastBot:
    """A deterministic bot: the last legal action (it plays whole hands)."""

    def choose(
        self, obs: tonk.Observation, legal: Sequence[tonk.Action], rng: random.Random
    ) -> tonk.Action:
        return legal[-1]


# --- the same results as in this process ---------------------------------------------


def test_a_tournament_through_processes_matches_one_in_process() -> None:
    rules = presets.PAGAT
    with (
        ProcessBot([*TONK_BOT, "greedy"]) as greedy,
        ProcessBot([*TONK_BOT, "random"]) as chance,
    ):
        through = tournament(rules, [greedy, chance], hands=40, seed=5, names=NAMES)
    here = tournament(
        rules,
        [Reseeded(GreedyBot()), Reseeded(RandomBot())],
        hands=40,
        seed=5,
        names=NAMES,
    )
    assert through.to_dict() == here.to_dict()


def test_a_deterministic_bot_plays_the_same_in_a_process() -> None:
    spec = "tests.test_process_bot:LastBot"
    names = ["last", "greedy"]
    with ProcessBot([*TONK_BOT, spec]) as last:
        through = tournament(
            presets.CHICAGO, [last, GreedyBot()], hands=20, seed=2, names=names
        )
    here = tournament(
        presets.CHICAGO, [LastBot(), GreedyBot()], hands=20, seed=2, names=names
    )
    assert (
        through.to_dict()
        != tournament(
            presets.CHICAGO, [LastBot(), GreedyBot()], hands=20, seed=3, names=names
        ).to_dict()
    )
    assert through.to_dict() == here.to_dict()


def test_process_bots_play_in_worker_processes_and_leave_none_behind() -> None:
    bots = [ProcessBot([*TONK_BOT, "greedy"]), ProcessBot([*TONK_BOT, "random"])]
    alone = tournament(presets.PAGAT, bots, hands=200, seed=9)
    pids = [bot.pid for bot in bots]
    for bot in bots:
        bot.close()
    assert all(pid is not None and waited_out(pid) for pid in pids)
    pooled = tournament(presets.PAGAT, bots, hands=200, seed=9, workers=2)
    assert pooled.to_dict()["bots"] == alone.to_dict()["bots"]
    for bot in bots:
        bot.close()
    assert not _children_running(" ".join(TONK_BOT))


def _children_running(command: str) -> list[int]:
    """Return the live processes running ``command`` that this process started."""
    mine = {os.getpid()}
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if command in line and is_running(int(entry.name)) and parent in mine:
            found.append(int(entry.name))
    return found


def test_an_exec_bot_plays_in_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(
        [
            "simulate",
            "--bots",
            f"exec:{sys.executable} -m tonk bot greedy,greedy",
            "--hands",
            "10",
            "--seed",
            "1",
            "--json",
            "--no-timing",
        ]
    )
    assert status == 0
    document = json.loads(capsys.readouterr().out)
    assert document["hands"] == 10


# --- failures ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "says"),
    [
        (
            "crash",
            "exited with status 3; its standard error ends with"
            " 'misbehaving_bot: crashing on purpose'",
        ),
        ("killed", "exited with status -9"),
        ("garbage", "wrote b'this is not json', not a message of the protocol"),
        ("illegal", "which is not a legal action"),
        ("stale", "answered request 8, not 1"),
        ("long", "wrote a line longer than"),
        ("close", "closed its output"),
        ("future", "speaks protocol version 2, not 1"),
    ],
)
def test_a_misbehaving_program_gives_a_bot_error_and_is_ended(
    mode: str, says: str, decision: tuple[tonk.Observation, random.Random]
) -> None:
    seen, rng = decision
    bot = misbehaving(mode, timeout=5)
    with pytest.raises(BotError, match=says.replace("(", r"\(")) as raised:
        bot.choose(seen, seen.legal_actions, rng)
    assert raised.value.bot == bot.name
    assert raised.value.seat == seen.seat
    assert f"at seat {seen.seat}" in str(raised.value)
    assert bot.pid is None
    assert not _children_running(MISBEHAVING)


@pytest.mark.parametrize("mode", ["hang", "mute"])
def test_a_program_past_its_time_limit_is_killed(
    mode: str, decision: tuple[tonk.Observation, random.Random]
) -> None:
    seen, rng = decision
    bot = misbehaving(mode, timeout=0.5)
    began = time.monotonic()
    with pytest.raises(BotError, match=r"did not answer within 0.5 s"):
        bot.choose(seen, seen.legal_actions, rng)
    assert time.monotonic() - began < 5
    assert not _children_running(MISBEHAVING)


def test_a_tournament_names_the_failing_bot_its_deal_and_seat() -> None:
    bot = misbehaving("crash")
    with pytest.raises(BotError) as raised:
        tournament(presets.PAGAT, [GreedyBot(), bot], hands=4, seed=1)
    error = raised.value
    assert error.deal == 0
    assert error.seat in (0, 1)
    assert error.bot == bot.name
    assert str(error).startswith(f"bot {bot.name} failed in deal 0")
    assert "misbehaving_bot.py crash" in str(error)
    assert "crashing on purpose" in str(error)
    assert not _children_running(MISBEHAVING)


def test_the_next_decision_after_a_failure_starts_the_program_again(
    decision: tuple[tonk.Observation, random.Random],
) -> None:
    seen, rng = decision
    bot = misbehaving("garbage")
    for _ in range(2):
        with pytest.raises(BotError, match="not a message"):
            bot.choose(seen, seen.legal_actions, rng)


def test_a_program_that_cannot_start_gives_a_bot_error(
    decision: tuple[tonk.Observation, random.Random],
) -> None:
    seen, rng = decision
    bot = ProcessBot(["/nonexistent/tonk-bot"], name="ghost")
    with pytest.raises(BotError, match="cannot start bot 'ghost'"):
        bot.choose(seen, seen.legal_actions, rng)


# --- no process left behind ---------------------------------------------------------


def test_close_ends_the_program_and_may_be_called_twice(
    decision: tuple[tonk.Observation, random.Random],
) -> None:
    seen, rng = decision
    bot = ProcessBot([*TONK_BOT, "greedy"])
    assert pid_of(bot) is None
    assert bot.choose(seen, seen.legal_actions, rng) in seen.legal_actions
    pid = bot.pid
    assert pid is not None
    assert is_running(pid)
    bot.close()
    bot.close()
    assert bot.pid is None
    assert waited_out(pid)


def test_a_program_that_ignores_goodbye_is_killed(
    decision: tuple[tonk.Observation, random.Random],
) -> None:
    seen, rng = decision
    with misbehaving("ignore-goodbye") as bot:
        bot.choose(seen, seen.legal_actions, rng)
        pid = bot.pid
    assert pid is not None
    assert waited_out(pid)


def test_a_collected_bot_ends_its_program(
    decision: tuple[tonk.Observation, random.Random],
) -> None:
    seen, rng = decision
    bot = ProcessBot([*TONK_BOT, "random"])
    bot.choose(seen, seen.legal_actions, rng)
    pid = bot.pid
    assert pid is not None
    del bot
    gc.collect()
    assert waited_out(pid)


def test_a_program_left_open_ends_with_the_interpreter(tmp_path: Path) -> None:
    script = tmp_path / "leave_open.py"
    script.write_text(
        "import sys, tonk\n"
        "bot = tonk.bots.ProcessBot("
        f"{[sys.executable, MISBEHAVING, 'ignore-goodbye']!r})\n"
        "state = tonk.new_game(tonk.Rules(), players=2, seed=7)\n"
        "seen = tonk.observe(state, state.to_move)\n"
        "import random\n"
        "bot.choose(seen, seen.legal_actions, random.Random(1))\n"
        "print(bot.pid)\n"
    )
    done = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert waited_out(int(done.stdout))


def test_a_pickled_bot_keeps_its_command_and_starts_its_own_program(
    decision: tuple[tonk.Observation, random.Random],
) -> None:
    seen, rng = decision
    with ProcessBot([*TONK_BOT, "greedy"], timeout=3, name="g") as bot:
        bot.choose(seen, seen.legal_actions, rng)
        copy = pickle.loads(pickle.dumps(bot))
        assert (copy.command, copy.timeout, copy.name) == (bot.command, 3.0, "g")
        assert pid_of(copy) is None
        with copy:
            copy.choose(seen, seen.legal_actions, rng)
            assert copy.pid not in (None, bot.pid)
    assert repr(bot) == f"ProcessBot({[*TONK_BOT, 'greedy']!r}, timeout=3.0)"


def test_process_bot_refuses_bad_arguments() -> None:
    with pytest.raises(ValueError, match="command"):
        ProcessBot([])
    with pytest.raises(ValueError, match="command"):
        ProcessBot("")
    for seconds in (0, -1, 1e6 + 1, float("inf"), float("nan")):
        # an act carries the timeout as its time limit: the protocol's bounds
        says = f"timeout must be above 0 and at most 1e6 seconds, got {seconds!r}"
        with pytest.raises(ValueError, match=f"^{re.escape(says)}$"):
            ProcessBot(["x"], timeout=seconds)
    assert ProcessBot(["x"], timeout=1e6).timeout == 1e6
    with pytest.raises(TypeError, match="timeout"):
        ProcessBot(["x"], timeout=True)
    assert ProcessBot("tonk bot 'greedy'").command == ("tonk", "bot", "greedy")


# --- exec: bots and tonk bot --------------------------------------------------------


def test_load_bot_reads_exec_commands() -> None:
    bot = load_bot("exec:tonk bot greedy")
    assert isinstance(bot, ProcessBot)
    assert bot.command == ("tonk", "bot", "greedy")
    assert bot.name == "exec:tonk bot greedy"
    with pytest.raises(BotError, match="names no program"):
        load_bot("exec:  ")
    with pytest.raises(BotError, match="cannot read the command"):
        load_bot("exec:tonk 'bot")


def conversation(seat: int = 0) -> Iterator[str]:
    """Yield a table's first messages to ``seat``, as lines."""
    table = Table(presets.PAGAT, players=2, seed=7)
    for out in table.start():
        if out.to == seat:
            yield encode_message(out.message) + "\n"


def test_tonk_bot_answers_a_table_on_its_standard_output() -> None:
    lines = "".join(conversation()) + '{"type":"goodbye"}\n'
    done = subprocess.run(
        [*TONK_BOT, "greedy", "--seed", "1"],
        input=lines,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    answers = [decode_message(line) for line in done.stdout.splitlines()]
    assert answers[0] == {
        "type": "hello",
        "protocol": 1,
        "name": "greedy",
        "changes": True,
    }
    assert answers[1]["type"] == "action"
    assert answers[1]["request"] == 1


def test_serve_bot_answers_bad_input_with_errors_and_goes_on() -> None:
    welcome, *rest = conversation()
    act = rest[-1]
    lines = [
        "not json\n",
        act,  # before any welcome
        '{"type": "welcome", "protocol": 1, "seat": 0, "players": 2, "names": [],'
        ' "rules": {"format": "tonk.rules", "version": 1, "hand_size": 1},'
        ' "hands": 1}\n',
        welcome,
        act.replace('"hand":[', '"hand":"x","old":['),
        act,
    ]
    stdout = io.BytesIO()
    assert (
        serve_bot(GreedyBot(), stdin=io.BytesIO("".join(lines).encode()), stdout=stdout)
        == 0
    )
    answers = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert [answer.get("code") for answer in answers] == [
        None,
        "malformed",
        "missing_field",
        "bad_field",
        "bad_field",
        None,
    ]
    assert answers[-1]["type"] == "action"


class BrokenBot:
    """A bot that raises."""

    def choose(
        self, obs: tonk.Observation, legal: Sequence[tonk.Action], rng: random.Random
    ) -> tonk.Action:
        raise RuntimeError("no idea")


def test_serve_bot_reports_a_failing_bot(capsys: pytest.CaptureFixture[str]) -> None:
    stdout = io.BytesIO()
    serve_bot(
        BrokenBot(), stdin=io.BytesIO("".join(conversation()).encode()), stdout=stdout
    )
    answer = json.loads(stdout.getvalue().splitlines()[-1])
    assert answer["code"] == "bot_failed"
    assert answer["message"] == "the bot raised RuntimeError: no idea"
    assert "RuntimeError: no idea" in capsys.readouterr().err


def test_a_process_bot_reports_its_program_failing(
    decision: tuple[tonk.Observation, random.Random],
) -> None:
    seen, rng = decision
    bot = ProcessBot([*TONK_BOT, "tests.test_process_bot:BrokenBot"])
    with pytest.raises(
        BotError, match="could not act: 'the bot raised RuntimeError"
    ) as raised:
        bot.choose(seen, seen.legal_actions, rng)
    assert "Traceback" in str(raised.value)


def test_a_process_bot_plays_as_an_environments_opponent() -> None:
    pytest.importorskip("gymnasium")  # the gymnasium extra
    gymnasium_env = pytest.importorskip("tonk.envs.gymnasium")
    with ProcessBot([*TONK_BOT, "greedy"]) as bot:
        env = gymnasium_env.TonkEnv(opponents=bot)
        _, info = env.reset(seed=3)
        done = False
        while not done:
            mask = info["action_mask"]
            action = next(index for index, allowed in enumerate(mask) if allowed)
            _, _, done, truncated, info = env.step(action)
            done = done or truncated
        assert bot.pid is not None


def test_an_answer_outside_the_legal_actions_given_is_refused(
    decision: tuple[tonk.Observation, random.Random],
) -> None:
    seen, rng = decision
    with ProcessBot([*TONK_BOT, "tests.test_process_bot:LastBot"]) as bot:
        assert bot.choose(seen, seen.legal_actions, rng) == seen.legal_actions[-1]
        with pytest.raises(BotError, match="which is not a legal action"):
            bot.choose(seen, seen.legal_actions[:-1], rng)


# --- the changes of each view, and tonk without the PATH ---------------------------

RECORDER = """
import json, sys
log = open(sys.argv[1], "a")
hello = {"type": "hello", "protocol": 1}
if sys.argv[2] == "changes":
    hello["changes"] = True
print(json.dumps(hello), flush=True)
legal = []
for line in sys.stdin:
    log.write(line)
    message = json.loads(line)
    if message["type"] == "goodbye":
        break
    if message["type"] == "act":
        view = message.get("observation") or message["changes"]
        legal = view.get("legal_actions", legal)
        answer = {"type": "action", "request": message["request"], "action": legal[-1]}
        print(json.dumps(answer), flush=True)
"""


@pytest.mark.parametrize("asks", [True, False])
def test_a_program_gets_the_changes_of_each_view_only_if_it_asks(
    tmp_path: Path, asks: bool
) -> None:
    script, log = tmp_path / "recorder.py", tmp_path / "log"
    script.write_text(RECORDER)
    mode = "changes" if asks else "whole"
    with ProcessBot([sys.executable, str(script), str(log), mode]) as bot:
        through = tournament(presets.PAGAT, [bot, LastBot()], hands=4, seed=4)
    here = tournament(presets.PAGAT, [LastBot(), LastBot()], hands=4, seed=4)
    assert through.outcomes == here.outcomes
    assert [record.wins for record in through.bots] == [2, 2]
    acts = 0
    welcomed = False  # a welcome (the seat changes each hand) starts a view
    for message in map(json.loads, log.read_text().splitlines()):
        if message["type"] == "welcome":
            welcomed = True
        elif message["type"] == "act":
            assert ("changes" in message) == (asks and not welcomed)
            welcomed = False
            acts += 1
    assert acts > 20


def test_a_tonk_command_needs_no_tonk_on_the_path(
    monkeypatch: pytest.MonkeyPatch,
    decision: tuple[tonk.Observation, random.Random],
) -> None:
    # A virtual environment that is not activated has no tonk on the PATH:
    # "exec:tonk bot greedy" used to fail to start there.
    monkeypatch.setenv("PATH", str(Path(sys.executable).parent.parent / "no-such-dir"))
    seen, rng = decision
    with ProcessBot("tonk bot greedy") as bot:
        assert bot.choose(seen, seen.legal_actions, rng) in seen.legal_actions
    loaded = load_bot("exec:tonk bot random")
    assert isinstance(loaded, ProcessBot)
    with loaded:
        assert loaded.choose(seen, seen.legal_actions, rng) in seen.legal_actions
    with (
        ProcessBot("tonkish bot greedy") as other,
        pytest.raises(BotError, match="cannot start bot"),
    ):
        other.choose(seen, seen.legal_actions, rng)


def test_serve_bot_starts_a_new_view_at_each_welcome() -> None:
    # A tournament welcomes the program at each hand; the same rules are kept,
    # new ones read, and a view starts whole after every welcome.
    def welcome(rules: tonk.Rules) -> str:
        message = {
            "type": "welcome",
            "protocol": 1,
            "seat": 0,
            "players": 2,
            "names": ["P1", "P2"],
            "rules": tonk.to_dict(rules),
            "hands": 1,
        }
        return encode_message(message) + "\n"

    pagat = tonk.observe(tonk.new_game(presets.PAGAT, players=2, seed=7, dealer=1), 0)
    chicago = tonk.observe(
        tonk.new_game(presets.CHICAGO, players=2, seed=7, dealer=1), 0
    )
    writer = tonk.protocol.ActWriter(changes=True)
    lines = [
        welcome(presets.PAGAT),
        writer.write(pagat, request=1) + "\n",
        welcome(presets.PAGAT),
        writer.write(pagat, request=2) + "\n",  # changes, but the view is new
        welcome(presets.CHICAGO),
        tonk.protocol.encode_act(chicago, request=3) + "\n",
    ]
    stdout = io.BytesIO()
    bot = RulesBot()
    serve_bot(bot, stdin=io.BytesIO("".join(lines).encode()), stdout=stdout)
    assert bot.seen == [presets.PAGAT, presets.CHICAGO]
    _, first, refused, last = map(json.loads, stdout.getvalue().splitlines())
    assert first == {
        "type": "action",
        "request": 1,
        "action": tonk.format_action(pagat.legal_actions[-1]),
    }
    assert refused["code"] == "bad_field"
    assert "before any whole view" in refused["message"]
    assert last["action"] == tonk.format_action(chicago.legal_actions[-1])


class RulesBot(LastBot):
    """The last legal action; it keeps the rules of each observation."""

    def __init__(self) -> None:
        self.seen: list[tonk.Rules] = []

    def choose(
        self, obs: tonk.Observation, legal: Sequence[tonk.Action], rng: random.Random
    ) -> tonk.Action:
        self.seen.append(obs.rules)
        return super().choose(obs, legal, rng)
