"""ProcessBot and serve_bot, pinned where mutation testing found them loose.

tests/test_process_bot.py checks that bot programs play, fail cleanly and
leave nothing behind; these tests, written against the survivors of a mutmut
run on ``src/tonk/bots/_process.py`` (docs/maintainers.md), pin the details a
user relies on: each :class:`~tonk.errors.BotError`'s exact words, bot and
seat; the end of the program's standard error as it is shown; which messages
a program gets, and when; the whole process group killed; and the exact
lines :func:`~tonk.bots.serve_bot` writes.
"""

from __future__ import annotations

import io
import json
import multiprocessing
import random
import sys
from collections.abc import Sequence
from pathlib import Path

import attrs
import pytest
from test_process_bot import (
    MISBEHAVING,
    RECORDER,
    TONK_BOT,
    BrokenBot,
    LastBot,
    RulesBot,
    conversation,
    misbehaving,
    waited_out,
)

import tonk
from tonk import presets
from tonk.bots import ProcessBot, RandomBot, serve_bot
from tonk.errors import BotError
from tonk.protocol import ActWriter, encode_act, encode_message

pytestmark = pytest.mark.skipif(
    sys.platform != "linux", reason="reads /proc to find the processes left running"
)


@pytest.fixture
def decision() -> tuple[tonk.Observation, random.Random]:
    state = tonk.new_game(presets.PAGAT, players=2, seed=7)
    return tonk.observe(state, state.to_move), random.Random(1)


def failure(
    bot: ProcessBot,
    seen: tonk.Observation,
    rng: random.Random,
    legal: Sequence[tonk.Action] | None = None,
) -> BotError:
    """Return the BotError of ``bot``'s choice in ``seen`` (among ``legal``)."""
    with pytest.raises(BotError) as raised:
        bot.choose(seen, seen.legal_actions if legal is None else legal, rng)
    return raised.value


# --- every failure's exact words ---------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "says"),
    [
        ("error", "could not act: 'no idea'"),
        ("hello", "answered with a hello message, not an action"),
        ("other-seat", "acted for seat 7"),
        ("both", "gave not exactly one of action and index"),
        ("exit", "exited with status 3"),
        ("close", "closed its output"),
        ("deaf", "stopped reading its input ([Errno 32] Broken pipe)"),
    ],
)
def test_each_bad_answer_gives_its_exact_bot_error(
    mode: str, says: str, decision: tuple[tonk.Observation, random.Random]
) -> None:
    seen, rng = decision
    bot = misbehaving(mode, timeout=5)
    error = failure(bot, seen, rng)
    assert str(error) == (
        f"bot {bot.name!r} at seat {seen.seat} {says}; its standard error is empty"
    )
    assert (error.bot, error.seat) == (bot.name, seen.seat)
    assert bot.pid is None


def test_an_illegal_choice_lists_the_legal_actions(
    decision: tuple[tonk.Observation, random.Random],
) -> None:
    seen, rng = decision
    with ProcessBot([*TONK_BOT, "tests.test_process_bot:LastBot"]) as bot:
        error = failure(bot, seen, rng, seen.legal_actions[:-1])
    offered = ", ".join(tonk.format_action(action) for action in seen.legal_actions)
    assert offered == "drop, draw stock, draw discard"  # the deal's three
    assert str(error) == (
        f"bot {bot.name!r} at seat {seen.seat} chose 'draw discard', which is not"
        " a legal action (drop, draw stock); its standard error is empty"
    )


@pytest.mark.parametrize(
    ("mode", "says"),
    [
        ("error-first", "said 'error' before hello"),
        ("mute", "did not answer within 0.5 s"),
        ("garbage-hello", "wrote b'not json', not a message of the protocol:"),
    ],
)
def test_a_program_failing_before_its_hello_is_named_with_its_seat(
    mode: str, says: str, decision: tuple[tonk.Observation, random.Random]
) -> None:
    seen, rng = decision
    bot = misbehaving(mode, timeout=0.5)
    error = failure(bot, seen, rng)
    assert str(error).startswith(f"bot {bot.name!r} at seat {seen.seat} {says}")
    assert str(error).endswith("; its standard error is empty")
    assert (error.bot, error.seat) == (bot.name, seen.seat)


def test_a_process_bot_says_what_is_wrong_with_its_arguments() -> None:
    with pytest.raises(
        ValueError, match=r"^command must be a program and its arguments, got \[\]$"
    ):
        ProcessBot([])
    with pytest.raises(TypeError, match=r"^timeout must be a number, got '5'$"):
        ProcessBot(["tonk", "bot", "greedy"], timeout="5")  # type: ignore[arg-type]
    bot = ProcessBot(["tonk", "bot", "greedy"])
    assert (bot.timeout, bot.name) == (10.0, "tonk bot greedy")


def test_a_program_that_cannot_start_is_named_with_its_seat(
    decision: tuple[tonk.Observation, random.Random],
) -> None:
    seen, rng = decision
    error = failure(ProcessBot(["/nonexistent/tonk-bot"], name="ghost"), seen, rng)
    assert (error.bot, error.seat) == ("ghost", seen.seat)


def test_the_last_thousand_bytes_of_standard_error_are_shown(
    decision: tuple[tonk.Observation, random.Random],
) -> None:
    # The program writes 3,000 bytes: 2,000 "H", a byte that is not UTF-8,
    # 998 "z" and a newline. Only the last 1,000 are shown, the odd byte as
    # U+FFFD.
    seen, rng = decision
    bot = misbehaving("noisy")
    error = failure(bot, seen, rng)
    tail = "\ufffd" + "z" * 998
    assert str(error) == (
        f"bot {bot.name!r} at seat {seen.seat} exited with status 3;"
        f" its standard error ends with {tail!r}"
    )


# --- reading the answers --------------------------------------------------------------


def test_a_line_after_an_answer_is_read_as_the_next_answer(
    decision: tuple[tonk.Observation, random.Random],
) -> None:
    seen, rng = decision
    bot = misbehaving("two-lines")
    assert bot.choose(seen, seen.legal_actions, rng) == seen.legal_actions[0]
    error = failure(bot, seen, rng)
    assert str(error).startswith(
        f"bot {bot.name!r} at seat {seen.seat} wrote b'not json', not a message of"
        " the protocol:"
    )


def test_an_answer_of_the_largest_size_is_read_and_a_larger_one_refused(
    decision: tuple[tonk.Observation, random.Random],
) -> None:
    # 4,096 bytes (the newline written a moment later) is a client's most.
    seen, rng = decision
    with misbehaving("exact") as bot:
        assert bot.choose(seen, seen.legal_actions, rng) == seen.legal_actions[0]
    wide = misbehaving("wide")
    error = failure(wide, seen, rng)
    begins = b'{"type": "action", "request": 1, "action": "drop"'.ljust(80)
    assert str(error) == (
        f"bot {wide.name!r} at seat {seen.seat} wrote {begins!r}, not a message of"
        " the protocol: the message is 5000 bytes, more than the limit of 4096;"
        " its standard error is empty"
    )


def test_a_time_limit_under_a_second_is_waited_for(
    decision: tuple[tonk.Observation, random.Random],
) -> None:
    seen, rng = decision
    with misbehaving("play", timeout=0.999) as bot:
        assert bot.choose(seen, seen.legal_actions, rng) == seen.legal_actions[0]


# --- no process left behind -----------------------------------------------------------


def test_a_program_past_its_time_limit_is_killed_with_its_whole_group(
    tmp_path: Path, decision: tuple[tonk.Observation, random.Random]
) -> None:
    # The program ignores SIGTERM, SIGHUP, SIGINT and SIGUSR1 and has started
    # a process of its own: SIGKILL to the group ends both.
    seen, rng = decision
    written = tmp_path / "pid"
    bot = ProcessBot([sys.executable, MISBEHAVING, "spawn", str(written)], timeout=1)
    with pytest.raises(BotError, match="did not answer within 1 s"):
        bot.choose(seen, seen.legal_actions, rng)
    assert waited_out(int(written.read_text()))


LOGGER = """
import json, sys
log = open(sys.argv[1], "a")
print(json.dumps({"type": "hello", "protocol": 1}), flush=True)
for line in sys.stdin:
    log.write(line)
    log.flush()
    message = json.loads(line)
    if message["type"] == "goodbye":
        break
    if message["type"] == "act":
        index = 10**6 if sys.argv[2] == "lie" else message["legal"][0]["index"]
        answer = {"type": "action", "request": message["request"], "index": index}
        print(json.dumps(answer), flush=True)
"""
"""A program that logs each message it gets and answers with the first action's
index, or (``lie``) with an index no action has."""


def test_a_failed_program_is_killed_not_told_goodbye(
    tmp_path: Path, decision: tuple[tonk.Observation, random.Random]
) -> None:
    seen, rng = decision
    script, log = tmp_path / "logger.py", tmp_path / "log"
    script.write_text(LOGGER)
    bot = ProcessBot([sys.executable, str(script), str(log), "lie"])
    with pytest.raises(BotError, match="chose 1000000, which is not a legal action"):
        bot.choose(seen, seen.legal_actions, rng)
    assert [json.loads(line)["type"] for line in log.read_text().splitlines()] == [
        "welcome",
        "act",
    ]


def test_close_says_goodbye_to_a_program_that_reads(
    tmp_path: Path, decision: tuple[tonk.Observation, random.Random]
) -> None:
    seen, rng = decision
    script, log = tmp_path / "logger.py", tmp_path / "log"
    script.write_text(LOGGER)
    with ProcessBot([sys.executable, str(script), str(log), "play"]) as bot:
        assert bot.choose(seen, seen.legal_actions, rng) == seen.legal_actions[0]
        pid = bot.pid
    assert pid is not None
    assert waited_out(pid)
    assert [json.loads(line)["type"] for line in log.read_text().splitlines()] == [
        "welcome",
        "act",
        "goodbye",
    ]


def test_a_program_that_stopped_reading_fails_and_is_closed(
    decision: tuple[tonk.Observation, random.Random],
) -> None:
    seen, rng = decision
    bot = misbehaving("deaf-after")
    assert bot.choose(seen, seen.legal_actions, rng) == seen.legal_actions[0]
    pid = bot.pid
    assert pid is not None
    error = failure(bot, seen, rng)  # the next act cannot be written
    assert str(error) == (
        f"bot {bot.name!r} at seat {seen.seat} stopped reading its input"
        " ([Errno 32] Broken pipe); its standard error is empty"
    )
    assert error.seat == seen.seat
    assert waited_out(pid)
    again = misbehaving("deaf-after")
    again.choose(seen, seen.legal_actions, rng)
    pid = again.pid
    assert pid is not None
    again.close()  # its goodbye cannot be written: no error
    assert waited_out(pid)


def test_a_forked_copy_starts_a_program_of_its_own(
    decision: tuple[tonk.Observation, random.Random],
) -> None:
    seen, rng = decision
    context = multiprocessing.get_context("fork")
    found: multiprocessing.SimpleQueue[int | None] = context.SimpleQueue()
    with ProcessBot([*TONK_BOT, "random"]) as bot:
        bot.choose(seen, seen.legal_actions, rng)
        mine = bot.pid

        def play() -> None:
            bot.choose(seen, seen.legal_actions, random.Random(2))
            found.put(bot.pid)
            bot.close()

        child = context.Process(target=play)
        child.start()
        child.join(60)
        theirs = found.get()
        assert theirs is not None
        assert theirs != mine
        assert waited_out(theirs)
        assert bot.choose(seen, seen.legal_actions, rng) in seen.legal_actions
        assert bot.pid == mine


_WORKER_BOT: list[ProcessBot] = []
"""The bot a pool worker keeps for its life (as a worker's global)."""


def _start_worker_bot() -> None:
    _WORKER_BOT.append(misbehaving("ignore-goodbye"))


def _worker_choice(seed: int) -> int:
    """Return the process id of the worker's program after one choice."""
    state = tonk.new_game(presets.PAGAT, players=2, seed=seed)
    seen = tonk.observe(state, state.to_move)
    bot = _WORKER_BOT[0]
    bot.choose(seen, seen.legal_actions, random.Random(seed))
    pid = bot.pid
    assert pid is not None
    return pid


def test_a_program_kept_by_a_pool_worker_ends_with_the_worker() -> None:
    # A worker ends without the interpreter's exit handlers; the bot's
    # finalizer runs there too, and kills a program that ignores goodbye.
    pool = multiprocessing.get_context("fork").Pool(1, initializer=_start_worker_bot)
    try:
        (pid,) = pool.map(_worker_choice, [7])
        pool.close()
        pool.join()
    finally:
        pool.terminate()
    assert waited_out(pid)


# --- the messages a program gets ------------------------------------------------------


def to_move(rules: tonk.Rules, players: int, *, dealer: int) -> tonk.Observation:
    """Return what the first seat to move sees in a hand of seed 7."""
    state = tonk.new_game(rules, players=players, seed=7, dealer=dealer)
    return tonk.observe(state, state.to_move)


def test_a_program_is_welcomed_again_only_when_its_table_changes(
    tmp_path: Path,
) -> None:
    script, log = tmp_path / "recorder.py", tmp_path / "log"
    script.write_text(RECORDER)
    same = attrs.evolve(presets.PAGAT)  # equal rules, another object
    assert same == presets.PAGAT
    assert same is not presets.PAGAT
    views = [
        to_move(presets.PAGAT, 2, dealer=0),
        to_move(presets.PAGAT, 2, dealer=0),
        attrs.evolve(to_move(presets.PAGAT, 2, dealer=0), rules=same),
        to_move(presets.PAGAT, 2, dealer=1),  # another seat
        to_move(presets.CHICAGO, 2, dealer=1),
        to_move(presets.CHICAGO, 3, dealer=2),
    ]
    assert [view.seat for view in views] == [1, 1, 1, 0, 0, 0]
    assert views[2].rules is same
    with ProcessBot(
        [sys.executable, str(script), str(log), "whole"], timeout=7.5
    ) as bot:
        for view in views:
            bot.choose(view, view.legal_actions, random.Random(1))
    messages = [json.loads(line) for line in log.read_text().splitlines()]
    assert [message["type"] for message in messages] == [
        "welcome",
        "act",
        "act",
        "act",
        "welcome",
        "act",
        "welcome",
        "act",
        "welcome",
        "act",
        "goodbye",
    ]
    welcomes = [message for message in messages if message["type"] == "welcome"]
    assert welcomes[0] == {
        "type": "welcome",
        "protocol": 1,
        "seat": 1,
        "players": 2,
        "names": ["P1", "P2"],
        "rules": tonk.to_dict(presets.PAGAT),
        "hands": 1,
    }
    assert [(welcome["seat"], welcome["players"]) for welcome in welcomes] == [
        (1, 2),
        (0, 2),
        (0, 2),
        (0, 3),
    ]
    assert welcomes[3]["names"] == ["P1", "P2", "P3"]
    assert welcomes[2]["rules"] == tonk.to_dict(presets.CHICAGO)
    acts = [message for message in messages if message["type"] == "act"]
    assert [act["request"] for act in acts] == [1, 2, 3, 4, 5, 6]
    assert {act["time_limit"] for act in acts} == {7.5}


# --- serve_bot's own lines ------------------------------------------------------------


def served(
    lines: Sequence[str], bot: tonk.bots.Bot | None = None, **options: object
) -> list[str]:
    """Return the lines ``serve_bot`` writes for ``lines``; it must return 0."""
    stdout = io.BytesIO()
    status = serve_bot(
        LastBot() if bot is None else bot,
        stdin=io.BytesIO("".join(lines).encode()),
        stdout=stdout,
        **options,  # type: ignore[arg-type]
    )
    assert status == 0
    return stdout.getvalue().decode().splitlines()


def test_serve_bot_says_hello_with_its_name_if_it_has_one() -> None:
    assert served([]) == ['{"type":"hello","protocol":1,"changes":true}']
    assert served([], name="last") == [
        '{"type":"hello","protocol":1,"changes":true,"name":"last"}'
    ]


def test_serve_bot_stops_reading_at_goodbye() -> None:
    welcome, *_, act = conversation()
    assert len(served([welcome, '{"type":"goodbye"}\n', act])) == 1  # its hello


def test_serve_bot_writes_its_errors_whole() -> None:
    welcome, *_, act = conversation()
    bad_rules = json.loads(welcome)
    bad_rules["rules"]["hand_size"] = 0
    _, early, rules = served([act, encode_message(bad_rules) + "\n"])
    assert json.loads(early) == {
        "type": "error",
        "code": "missing_field",
        "message": "an act before any welcome",
    }
    assert json.loads(rules) == {
        "type": "error",
        "code": "bad_field",
        "message": "the welcome's rules: $: hand_size must be an int 1..13, got 0",
    }


def test_serve_bot_answers_a_failing_bot_with_an_error_of_the_request() -> None:
    welcome, *_, act = conversation()
    _, answer = served([welcome, act], BrokenBot())
    assert json.loads(answer) == {
        "type": "error",
        "code": "bot_failed",
        "message": "the bot raised RuntimeError: no idea",
        "request": json.loads(act)["request"],
    }


def test_serve_bot_seeds_each_act_with_its_seed_or_else_its_own() -> None:
    welcome, *_ = conversation(1)
    seen = to_move(presets.PAGAT, 2, dealer=0)
    assert seen.seat == 1
    bot = RandomBot()

    def chosen(seed: int) -> str:
        action = bot.choose(seen, seen.legal_actions, random.Random(seed))
        return tonk.format_action(action)

    seeds = range(11, 19)
    unseeded = [encode_act(seen, request=1) + "\n"]
    seeded = [encode_act(seen, request=2, seed=seed) + "\n" for seed in seeds]
    answers = served([welcome, *unseeded, *seeded], bot, seed=5)
    expected = [chosen(5)] + [chosen(seed) for seed in seeds]
    assert [json.loads(line)["action"] for line in answers[1:]] == expected
    # The seeds tell the answers apart: from seed 5 alone they would differ.
    backup = random.Random(5)
    alone = [bot.choose(seen, seen.legal_actions, backup) for _ in expected]
    assert [tonk.format_action(action) for action in alone] != expected


def test_serve_bot_keeps_the_rules_of_a_welcome_that_repeats_them() -> None:
    welcome, *_ = conversation(1)
    seen = to_move(presets.PAGAT, 2, dealer=0)
    assert seen.seat == 1
    writer = ActWriter()
    bot = RulesBot()
    served(
        [welcome, writer.write(seen, request=1) + "\n"] * 2,
        bot,
    )
    first, second = bot.seen
    assert first == presets.PAGAT
    assert second is first


def test_serve_bot_reads_standard_input_and_writes_standard_output(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    welcome, *_, act = conversation()
    stdout = io.BytesIO()
    monkeypatch.setattr(
        sys, "stdin", io.TextIOWrapper(io.BytesIO((welcome + act).encode()))
    )
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(stdout))
    assert serve_bot(LastBot()) == 0
    assert [json.loads(line)["type"] for line in stdout.getvalue().splitlines()] == [
        "hello",
        "action",
    ]
