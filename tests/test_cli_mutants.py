"""Tests that kill the mutants of ``tonk/cli.py`` that the other tests let live.

Each checks one behaviour of the ``tonk`` command line through
:func:`tonk.cli.main`: its exact message, its exit status, what it prints.
mutmut ran them with test_cli.py, test_untrusted_text.py, test_play_save.py,
test_simulate_progress.py and test_bot_loading.py (docs/maintainers.md,
"Mutation testing").
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import io
import json
import os
import random
import subprocess
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pytest

import tonk
from tonk.cli import main


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``tonk ARGS`` through main(); an exit (argparse's) becomes the code."""
    out, err = io.StringIO(), io.StringIO()
    with (
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
        pytest.MonkeyPatch.context() as patch,
    ):
        patch.setattr("sys.stdin", io.StringIO(stdin))
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
    names = ("--allowed-host", "a.example", "--allowed-host", "*.b.example")
    assert run("serve", *args, "--bot", "greedy", *names).returncode == 0
    assert served == [
        {
            "host": "0.0.0.0",
            "port": 65535,
            "db_path": db,
            "bots": ["greedy"],
            "allowed_hosts": ["a.example", "*.b.example"],
        }
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
            "allowed_hosts": None,
        }
    ]


def user_bot(directory: Path, module: str = "mybot") -> str:
    """Write a user's bot file in ``directory``; return its ``--bots`` spec."""
    directory.mkdir()
    (directory / f"{module}.py").write_text(
        "from tonk.bots import GreedyBot\n\n\nclass MyBot(GreedyBot):\n    pass\n",
        encoding="utf-8",
    )
    return f"{directory / module}.py:MyBot"


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


def recorded_hand(path: Path) -> tonk.GameRecord:
    """Write a hand of random play to ``path`` (text form); return its record."""
    rng = random.Random(6)
    record = tonk.GameRecord.start(tonk.presets.PAGAT, players=2, seed=6)
    state = record.initial_state()
    while state.outcome is None:
        action = rng.choice(tonk.legal_actions(state))
        record, state = record.then(action), tonk.apply(state, action)
    record = record.with_outcome(state.outcome)
    path.write_text(tonk.format_record(record), encoding="utf-8")
    return record


def test_replay_pause_waits_for_enter_before_each_action(tmp_path: Path) -> None:
    record = recorded_hand(tmp_path / "hand.txt")
    actions = len(record.actions)
    result = run("replay", "--pause", str(tmp_path / "hand.txt"), stdin="\n" * 99)
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.count("\n(Enter) ") == actions
    assert run("replay", str(tmp_path / "hand.txt")).stdout.count("(Enter)") == 0


def test_replay_pause_stops_with_status_0_at_the_end_of_input(tmp_path: Path) -> None:
    assert len(recorded_hand(tmp_path / "hand.txt").actions) > 2
    result = run("replay", "--pause", str(tmp_path / "hand.txt"), stdin="\n")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.count("(Enter) ") == 2
    assert "outcome:" not in result.stdout


def test_replay_of_a_missing_file_names_it_and_the_reason(tmp_path: Path) -> None:
    missing = tmp_path / "no\x1bne.json"
    result = run("replay", str(missing))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        f"tonk: error: cannot read {tmp_path}/no\\x1bne.json:"
        " No such file or directory\n"
    )


def test_without_rich_play_says_which_extra_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "rich", None)  # import rich raises ImportError
    result = run("play", "--seed", "1")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        "tonk: error: tonk play needs the 'rich' package; install it with"
        " pip install 'tonk[cli]'\n"
    )


class Clock:
    """A ``time`` module for tonk.cli whose clock moves 2 s at each read."""

    def __init__(self) -> None:
        self.now = 100.0

    def perf_counter(self) -> float:
        self.now += 2.0
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every timed run of tonk.cli last 2 s."""
    monkeypatch.setattr("tonk.cli.time", Clock())


def test_simulate_session_refuses_workers_and_a_scheduler() -> None:
    for option in (("--workers", "2"), ("--scheduler", "local")):
        result = run("simulate", "--session", *option)
        assert (result.returncode, result.stdout) == (2, "")
        assert result.stderr == (
            "tonk: error: --session plays one session in this process;"
            " --workers and --scheduler do not go with it\n"
        )


def test_simulate_session_prints_its_ledger_and_speed(clock: None) -> None:
    result = run("simulate", "--session", "--hands", "8", "--seed", "1")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[:4] == [
        "tonk simulate --session: preset pagat, 2 players, seed 1",
        "stopped after 8 hands",
        "hands/s: 4",  # 8 hands in the clock's 2 s
        "player       balance",
    ]


def test_simulate_session_shows_push_ups_and_every_leader() -> None:
    result = run("simulate", "--session", "--hands", "5", "--seed", "1",
                 "--no-timing", "--preset", "hoyle")  # fmt: skip
    assert result.stdout.splitlines()[2:] == [
        "player       balance  push-ups",
        "P1               -40        44",
        "P2                40         4",
        "leading: P2",
    ]
    tied = run("simulate", "--session", "--hands", "2", "--seed", "12", "--no-timing")
    assert tied.stdout.splitlines()[-1] == "leading: P1, P2"


def test_simulate_session_prints_json_with_its_speed(clock: None) -> None:
    result = run("simulate", "--session", "--hands", "8", "--seed", "1", "--json")
    document = json.loads(result.stdout)
    assert document == {
        "preset": "pagat",
        "players": 2,
        "seed": 1,
        "hands": 8,
        "is_over": False,
        "ledger": document["ledger"],
        "push_ups": None,
        "naturals_pot": "0",
        "leaders": document["leaders"],
        "seconds": 2.0,
        "hands_per_second": 4.0,
    }
    hoyle = run("simulate", "--session", "--hands", "5", "--seed", "1", "--json",
                "--no-timing", "--preset", "hoyle")  # fmt: skip
    assert json.loads(hoyle.stdout)["push_ups"] == {"P1": 44, "P2": 4}


def test_simulate_json_gives_hands_per_second(clock: None) -> None:
    result = run("simulate", "--hands", "8", "--seed", "1", "--json")
    document = json.loads(result.stdout)
    assert (document["seconds"], document["hands_per_second"]) == (2.0, 4.0)


def test_progress_lines_begin_at_the_first_tenth(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--hands", "100", "--seed", "1", "--progress",
                 "--no-timing"]) == 0  # fmt: skip
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == "tonk: 16 of 100 hands played (16%)"
    assert lines[-1] == "tonk: 100 of 100 hands played (100%)"


def run_on(encoding: str, *args: str) -> tuple[int, str]:
    """Run ``tonk ARGS`` with a standard output in ``encoding``; return what it gave."""
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding=encoding, errors="strict")
    with contextlib.redirect_stdout(out):
        code = main(list(args))
    out.flush()
    return code, raw.getvalue().decode(encoding)


@pytest.mark.parametrize(("encoding", "sign"), [("ascii", "+-"), ("utf-8", "±")])
def test_a_tournament_table_uses_what_the_terminal_can_show(
    encoding: str, sign: str
) -> None:
    pytest.importorskip("rich")
    args = ("simulate", "--hands", "2", "--seed", "1", "--bots", "random,greedy")
    code, out = run_on(encoding, *args, "--no-timing")
    assert code == 0
    assert (
        out.splitlines()[-1] == f"{sign} is the half-width of a 95% confidence interval"
    )


def test_a_tournament_prints_its_speed(clock: None) -> None:
    pytest.importorskip("rich")
    result = run("simulate", "--hands", "3", "--seed", "1", "--bots", "random,greedy")
    assert result.stdout.splitlines()[:2] == [
        "tonk simulate: preset pagat, 2 players, 3 hands, seed 1, bots random, greedy",
        "hands/s: 1.5 (2.0 s)",
    ]


def test_a_tournament_refuses_a_session() -> None:
    result = run("simulate", "--session", "--bots", "random,greedy")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "tonk: error: --session and --bots do not go together\n"


def test_without_rich_a_tournament_table_says_which_extra_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "rich", None)  # import rich raises ImportError
    result = run("simulate", "--hands", "2", "--bots", "random,greedy")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        "tonk: error: tonk simulate --bots needs the 'rich' package; install it"
        " with pip install 'tonk[cli]'\n"
    )


@pytest.mark.parametrize(
    ("bots", "iterations"), [("ismcts,random", 5), ("random,greedy", None)]
)
def test_a_tournament_in_json_gives_the_ismcts_budget(
    bots: str, iterations: int | None
) -> None:
    result = run("simulate", "--hands", "1", "--seed", "1", "--json",
                 "--no-timing", "--iterations", "5", "--bots", bots)  # fmt: skip
    document = json.loads(result.stdout)
    assert (document["preset"], document["iterations"]) == ("pagat", iterations)


def test_play_draws_a_seed_of_128_bits(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("rich")
    monkeypatch.setattr("secrets.randbits", lambda bits: (1 << bits) - 1)
    result = run("play")
    assert result.stdout.startswith(f"tonk play: 2 players, seed {(1 << 128) - 1}.")


@pytest.mark.parametrize(
    ("options", "hands"), [((), 1), (("--hands", "2"), 2), (("--session",), 3)]
)
def test_play_deals_one_hand_unless_asked_for_more(
    options: tuple[str, ...], hands: int
) -> None:
    """Seat 0 answers move 1 (drop) at its first two turns, then the input ends."""
    pytest.importorskip("rich")
    result = run("play", "--seed", "1", *options, stdin="1\n" * 2)
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("The hand is over") == hands
    assert ("You left the game." in result.stdout) == (options == ("--session",))


def test_play_takes_a_bot_for_each_other_seat() -> None:
    pytest.importorskip("rich")
    result = run("play", "--seed", "1", "--players", "3", "--bots", "random,greedy")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("tonk play: 3 players, seed 1.")


class Executor(concurrent.futures.ThreadPoolExecutor):
    """The executor of :class:`Client`: it counts the tasks given to it."""

    def __init__(self) -> None:
        super().__init__(max_workers=1)
        self.tasks = 0

    def submit(
        self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any
    ) -> concurrent.futures.Future[Any]:
        self.tasks += 1
        return super().submit(fn, *args, **kwargs)


class Client:
    """A ``distributed.Client`` of a cluster that plays in a thread here."""

    made: ClassVar[list[Client]] = []

    def __init__(self, *args: object, **kwargs: object) -> None:
        self.arguments = (*args, *sorted(kwargs.items()))
        self.executor = Executor()
        Client.made.append(self)

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.executor.shutdown()

    def get_executor(self) -> Executor:
        return self.executor


@pytest.fixture
def cluster(monkeypatch: pytest.MonkeyPatch) -> list[Client]:
    """Install a fake ``distributed`` package; give the clients it made."""
    distributed = types.ModuleType("distributed")
    distributed.Client = Client  # type: ignore[attr-defined]
    distributed.LocalCluster = Client  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "distributed", distributed)
    monkeypatch.setattr(Client, "made", [])
    return Client.made


@pytest.mark.parametrize("bots", [(), ("--bots", "random,greedy")])
def test_simulate_plays_on_the_scheduler_it_is_given(
    bots: tuple[str, ...], cluster: list[Client]
) -> None:
    args = ("simulate", "--hands", "4", "--seed", "1", "--json", "--no-timing")
    alone = run(*args, *bots)
    result = run(*args, *bots, "--scheduler", "tcp://example:8786")
    assert result.returncode == 0, result.stderr
    assert result.stdout == alone.stdout
    assert [client.arguments for client in cluster] == [
        ("tcp://example:8786", ("timeout", 10))
    ]
    assert cluster[0].executor.tasks > 0


@pytest.mark.parametrize("bots", [(), ("--bots", "random,greedy")])
def test_simulate_refuses_more_workers_than_it_can_start(bots: tuple[str, ...]) -> None:
    result = run("simulate", "--hands", "4", "--workers", "300", *bots)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "tonk: error: workers must be an int 1..256, got 300\n"


def test_simulate_draws_a_seed_of_32_bits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        "random.SystemRandom.getrandbits", lambda self, bits: (1 << bits) - 1
    )
    result = run("simulate", "--hands", "1", "--no-timing")
    assert result.stdout.splitlines()[0].endswith(f"1 hand, seed {(1 << 32) - 1}")


def test_a_user_bot_is_imported_from_the_current_folder_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "mine.py").write_text(
        "from tonk.bots import RandomBot as MyBot\n", encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(
        "sys.path", [p for p in sys.path if p not in ("", str(tmp_path))]
    )
    monkeypatch.delitem(sys.modules, "mine", raising=False)
    result = run("simulate", "--hands", "1", "--json", "--bots", "mine:MyBot,greedy")
    assert result.returncode == 0, result.stderr
    assert sys.path[0] == str(tmp_path)
    assert sys.path.count(str(tmp_path)) == 1


def test_a_built_in_bot_leaves_the_import_path_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = [p for p in sys.path if p not in ("", str(tmp_path))]
    monkeypatch.setattr("sys.path", list(path))
    result = run("simulate", "--hands", "1", "--json", "--bots", "random,greedy")
    assert result.returncode == 0, result.stderr
    assert sys.path == path


def test_the_ismcts_bot_searches_as_many_iterations_as_asked() -> None:
    def played(iterations: str) -> object:
        result = run("simulate", "--hands", "4", "--seed", "1", "--json",
                     "--no-timing", "--bots", "ismcts,random",
                     "--iterations", iterations)  # fmt: skip
        return {**json.loads(result.stdout), "iterations": None}

    assert played("1") != played("3")


def bot_says(*args: str, stdin: bytes = b"") -> list[str]:
    """Run ``tonk bot ARGS`` on binary standard streams; return its lines."""
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin)))
        patch.setattr("sys.stdout", out)
        assert main(["bot", *args]) == 0
        out.flush()
    return raw.getvalue().decode().splitlines()


def test_tonk_bot_says_hello_with_the_bot_s_short_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert bot_says(" Greedy ") == [
        '{"type":"hello","protocol":1,"changes":true,"name":"greedy"}'
    ]
    spec = user_bot(tmp_path / "bots", "hellobot")
    assert bot_says(spec) == [
        '{"type":"hello","protocol":1,"changes":true,"name":"MyBot"}'
    ]


def test_tonk_bot_plays_the_table_s_requests() -> None:
    table = tonk.protocol.Table(tonk.Rules(), players=2, seed=7)
    lines = [
        tonk.protocol.encode_message(out.message)
        for out in table.start()
        if out.to == 0
    ]
    said = bot_says("greedy", stdin="\n".join(lines).encode())
    assert said[1] == '{"type":"action","request":1,"action":"drop"}'


def test_tonk_bot_seed_seeds_the_acts_that_bring_none() -> None:
    """``--seed`` is the bot's randomness when an act has no ``seed`` field."""
    lines, acts = [], 0
    for deal in range(24):  # the welcome and the first act of each table's seat 0
        table = tonk.protocol.Table(tonk.Rules(), players=2, seed=deal)
        for out in table.start():
            kind = out.message["type"]
            if out.to == 0 and kind in ("welcome", "act"):
                assert "seed" not in out.message
                lines.append(tonk.protocol.encode_message(out.message))
                acts += kind == "act"
    stdin = "\n".join(lines).encode()
    assert acts >= 10

    def answers(*seed: str) -> list[str]:
        said = bot_says("random", *seed, stdin=stdin)
        assert len(said) == 1 + acts  # the hello and an action for each act
        return said[1:]

    assert answers("--seed", "3") == answers("--seed", "3")
    assert answers("--seed", "3") != answers("--seed", "4")
    assert answers() != answers()  # no seed: the system's randomness


INTERRUPTED_BOT = """\
from tonk.bots import GreedyBot


class Interrupted(GreedyBot):
    def choose(self, observation, legal, rng):
        raise KeyboardInterrupt
"""


def test_an_interrupted_run_says_so_with_status_130(tmp_path: Path) -> None:
    """SIGTERM (status 143) is tested in test_signals.py, in a process of its own."""
    path = tmp_path / "interrupted.py"
    path.write_text(INTERRUPTED_BOT, encoding="utf-8")
    spec = f"{path}:Interrupted"
    # Seeded: a random seed whose two hands both end at the deal (B5) asks
    # no bot at all (it happened once in CI).
    bots = f"{spec},{spec}"
    result = run("simulate", "--hands", "2", "--seed", "1", "--json", "--bots", bots)
    assert (result.returncode, result.stdout) == (130, "")
    assert result.stderr == "tonk: interrupted\n"


class ClosedPipe(io.StringIO):
    """A standard output whose reader has gone: writing raises BrokenPipeError."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self.fd = fd

    def write(self, text: str) -> int:
        raise BrokenPipeError

    def fileno(self) -> int:
        return self.fd


def test_a_closed_output_ends_the_run_quietly_with_status_1(tmp_path: Path) -> None:
    with (tmp_path / "out").open("wb") as file:
        with contextlib.redirect_stdout(ClosedPipe(file.fileno())):
            assert main(["simulate", "--hands", "2", "--no-timing"]) == 1
        os.write(file.fileno(), b"later writes go nowhere")
    assert (tmp_path / "out").read_bytes() == b""


def test_serve_and_bot_load_the_ismcts_bot_with_its_budget(
    served: list[dict[str, object]],
) -> None:
    assert run("serve", "--bot", "ismcts", "--bot", " Greedy ").returncode == 0
    assert served[0]["bots"] == ["ismcts", "greedy"]
    assert run("play", "--seed", "1", "--bot", "ismcts").returncode == 0
    assert bot_says("ismcts") == [
        '{"type":"hello","protocol":1,"changes":true,"name":"ismcts"}'
    ]


def test_serve_without_its_package_says_so_in_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "tonk.web.app", None)  # cannot be imported
    result = run("serve")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith("tonk: error: ")
    assert result.stderr.count("\n") == 1


def test_simulate_prints_its_speed_and_json_indented_by_2(clock: None) -> None:
    document = json.loads(
        run("simulate", "--hands", "8", "--seed", "1", "--json").stdout
    )
    result = run("simulate", "--hands", "8", "--seed", "1")
    actions = document["actions"]
    assert result.stdout.splitlines()[1] == f"hands/s: 4 ({actions / 2:,.0f} actions/s)"
    again = run("simulate", "--hands", "8", "--seed", "1", "--json")
    assert again.stdout == json.dumps(document, indent=2) + "\n"


def test_play_refuses_bot_and_bots_together() -> None:
    pytest.importorskip("rich")
    result = run("play", "--bot", "greedy", "--bots", "random")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "tonk: error: --bot and --bots do not go together\n"


def test_tonk_without_a_command_says_one_is_needed() -> None:
    result = run()
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.splitlines()[-1] == (
        "tonk: error: the following arguments are required: command"
    )


def test_simulate_plays_1000_hands_and_ismcts_200_iterations_by_default() -> None:
    plain = run("simulate", "--seed", "1", "--json", "--no-timing")
    assert json.loads(plain.stdout)["hands"] == 1000
    result = run("simulate", "--hands", "1", "--seed", "1", "--json",
                 "--no-timing", "--bots", "ismcts,random")  # fmt: skip
    assert json.loads(result.stdout)["iterations"] == 200
