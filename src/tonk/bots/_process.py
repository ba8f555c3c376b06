"""Bots in other programs: :class:`ProcessBot` and :func:`serve_bot`.

A :class:`ProcessBot` runs a program and plays it as a bot: it sends the
program the table protocol's messages (:mod:`tonk.protocol`) on its standard
input, one per line, and reads its answers from its standard output. The
program may be written in any language. :func:`serve_bot` is the other end for
a Python bot, as ``tonk bot NAME`` runs it.

The conversation: the program says ``hello``; before its first decision, and
whenever the rules, the table's size or its seat change, it gets a
``welcome``; for each decision an ``act`` (with a ``seed`` for the bot's
randomness, so a seeded game is reproducible) which it answers with an
``action``; at the end a ``goodbye``, after which it exits. A program whose
``hello`` asks for the changes of each view (``serve_bot``'s does) gets, after
the first ``act`` following a ``welcome``, only the fields of its view that
changed.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import select
import shlex
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Sequence
from multiprocessing.util import Finalize
from typing import IO, Any

from tonk._cache import Cache
from tonk._validate import brief
from tonk.actions import Action, format_action
from tonk.bots._base import Bot, plain_session_action
from tonk.errors import (
    BotError,
    NotationError,
    ProtocolError,
    ProtocolErrorCode,
    SerializationError,
)
from tonk.observation import Observation
from tonk.protocol import (
    MAX_CLIENT_BYTES,
    PROTOCOL_VERSION,
    ActWriter,
    ObservationReader,
    _is_seconds,
    _same,
    decode_message,
    encode_message,
)
from tonk.rules import Rules
from tonk.serialization import from_dict, to_dict
from tonk.session import format_session_action, parse_session_action

__all__ = ["ProcessBot", "serve_bot"]

_STDERR_TAIL = 1_000
"""How much of a failed bot's standard error its :class:`BotError` shows."""

_CLOSE_WAIT = 1.0
"""Seconds a bot process has to exit after its ``goodbye`` before it is killed."""

_SEED_BITS = 53
"""The bits of an ``act``'s seed: every JSON reader keeps such an int exact."""


def _stop(owner: int, process: subprocess.Popen[bytes], stderr: IO[bytes]) -> None:
    """End ``process`` (and its process group), close its pipes and ``stderr``.

    Only in the process that started it (``owner``): a forked copy of a
    :class:`ProcessBot` leaves its parent's program alone.
    """
    if os.getpid() != owner:
        return
    with contextlib.suppress(OSError):
        if process.poll() is None and process.stdin is not None:
            process.stdin.write(b'{"type":"goodbye"}\n')
            process.stdin.flush()
    for pipe in (process.stdin, process.stdout):
        if pipe is not None:
            with contextlib.suppress(OSError):
                pipe.close()
    try:
        process.wait(_CLOSE_WAIT)
    except subprocess.TimeoutExpired:
        _kill(process)
    stderr.close()


def _kill(process: subprocess.Popen[bytes]) -> None:
    """Kill ``process`` and every process it started in its group; reap it."""
    with contextlib.suppress(OSError):
        if os.name == "posix":
            os.killpg(process.pid, 9)
        else:  # pragma: no cover - Windows
            process.kill()
    process.wait()


class ProcessBot:
    """A bot played by another program over the table protocol (its stdin/stdout).

    The program is started on the first decision and kept for the next ones;
    :meth:`close` (or leaving a ``with`` block, or the bot being collected, or
    the interpreter exiting) ends it, killing it if it does not exit within a
    second of its ``goodbye``. Pickled (to play in a tournament's worker
    processes), a ``ProcessBot`` keeps only its command and options: each
    process starts its own program. A program that asks for the changes of
    each view in its ``hello`` gets them (:class:`tonk.protocol.ActWriter`);
    any other gets whole views.

    It needs a POSIX system (Linux, macOS): it waits for the program's
    answers with ``select.poll`` and ends the program's process group.

    A program that exits, does not answer within ``timeout`` seconds (nor
    take a message within them: one that stops reading its input), writes
    anything but a valid ``action`` for the open request, or names an action
    that is not legal, gives a :class:`~tonk.errors.BotError` that names the
    bot, its seat and the end of its standard error; the program is then
    killed, and the next decision starts it again.

    Args:
        command: The program and its arguments, as ``subprocess`` takes them
            (``["tonk", "bot", "greedy"]``); a string is split as a shell
            would split it (``shlex.split``). A program named ``tonk`` (no
            directory) is this Python's tonk, run as ``python -m tonk``: it
            needs no ``tonk`` on the ``PATH`` (a virtual environment not
            activated), and speaks the table's own protocol.
        timeout: Seconds the program has for each answer (and to say hello).
        name: The bot's name in errors; by default the command.

    Raises:
        ValueError: If the command is empty, or the timeout not above 0 and
            at most ``1e6`` seconds.

    Examples:
        >>> import sys, tonk
        >>> with ProcessBot([sys.executable, "-m", "tonk", "bot", "greedy"]) as bot:
        ...     state = tonk.bots.play_hand(tonk.Rules(), [bot, bot], seed=3)
        >>> state.outcome.kind
        <OutcomeKind.DROP_WON: 'drop_won'>

    .. versionadded:: 0.2.0
    """

    def __init__(
        self,
        command: Sequence[str] | str,
        *,
        timeout: float = 10.0,
        name: str | None = None,
    ) -> None:
        """Keep the command; the program starts on the first decision."""
        parts = shlex.split(command) if isinstance(command, str) else list(command)
        if not parts or not all(isinstance(part, str) for part in parts):
            raise ValueError(
                f"command must be a program and its arguments, got {brief(command)}"
            )
        if isinstance(timeout, bool) or not isinstance(timeout, int | float):
            raise TypeError(f"timeout must be a number, got {brief(timeout)}")
        if not _is_seconds(timeout):  # each act's time limit (docs/protocol.md)
            raise ValueError(
                f"timeout must be above 0 and at most 1e6 seconds, got {brief(timeout)}"
            )
        self.command: tuple[str, ...] = tuple(parts)
        self.timeout: float = float(timeout)
        self.name: str = shlex.join(self.command) if name is None else name
        self._process: subprocess.Popen[bytes] | None = None
        self._stderr: IO[bytes] | None = None
        self._finalizer: Finalize | None = None
        self._owner = 0
        self._poll: select.poll | None = None
        self._out: select.poll | None = None
        """Waits for room in the program's input."""
        self._buffer = b""
        self._welcomed: tuple[Rules, int, int] | None = None
        self._changes = False
        self._writer: ActWriter | None = None
        self._request = 0

    def __repr__(self) -> str:
        """Show the command."""
        return f"ProcessBot({list(self.command)!r}, timeout={self.timeout!r})"

    def __getstate__(self) -> dict[str, Any]:
        """Pickle the command and options only: a copy starts its own program."""
        return {"command": self.command, "timeout": self.timeout, "name": self.name}

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Rebuild from the command and options, with no program running."""
        self.__init__(state["command"], timeout=state["timeout"], name=state["name"])  # type: ignore[misc]

    def __enter__(self) -> ProcessBot:
        """Return the bot; leaving the block closes it."""
        return self

    def __exit__(self, *exc_info: object) -> None:
        """Close the bot."""
        self.close()

    @property
    def pid(self) -> int | None:
        """The process id of the running program, or ``None``."""
        return None if self._process is None else self._process.pid

    def close(self) -> None:
        """Say goodbye to the program and end it (killing it if it lingers)."""
        if self._finalizer is not None:
            self._finalizer()
        self._forget()

    def _forget(self) -> None:
        """Drop the program (already ended, or not this process's)."""
        if self._finalizer is not None:
            self._finalizer.cancel()
        self._process = self._stderr = self._finalizer = self._poll = None
        self._out = None
        self._buffer = b""
        self._welcomed = None
        self._writer = None

    def choose(
        self, obs: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """Ask the program for its action in ``obs``.

        Raises:
            BotError: If the program cannot be started, fails, hangs, or
                answers with anything but one of ``legal``.
        """
        try:
            return self._ask(obs, legal, rng)
        except BotError:
            self._kill()
            raise

    # -- inside --

    def _ask(
        self, obs: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if self._process is not None and self._owner != os.getpid():
            self._forget()  # a forked copy: the program is the parent's
        if self._process is None:
            self._start(obs.seat)
        players = len(obs.hand_sizes)
        welcomed = self._welcomed
        if (
            welcomed is None
            or (welcomed[0] is not obs.rules and welcomed[0] != obs.rules)
            or welcomed[1:] != (players, obs.seat)
        ):
            self._write(_WELCOMES[obs.rules, players, obs.seat], obs.seat)
            self._welcomed = (obs.rules, players, obs.seat)
            self._writer = ActWriter(changes=self._changes)
        assert self._writer is not None
        self._request += 1
        act = self._writer.write(
            obs,
            request=self._request,
            time_limit=self.timeout,
            seed=rng.getrandbits(_SEED_BITS),
        )
        self._write(act, obs.seat)
        line = self._read_line(obs.seat)
        # The usual answer is read without the JSON decoder; any other, in full.
        action = self._writer.chosen_line(line)
        if action is not None and action in legal:
            return action
        return self._answered(self._decoded(line, obs.seat), obs, legal)

    def _start(self, seat: int) -> None:
        stderr = tempfile.TemporaryFile()  # noqa: SIM115 - kept while the bot runs
        try:
            process = subprocess.Popen(
                _program(self.command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=stderr,
                bufsize=0,
                start_new_session=os.name == "posix",
            )
        except OSError as error:
            stderr.close()
            raise BotError(
                f"cannot start bot {self.name!r}: {error}", bot=self.name, seat=seat
            ) from error
        self._process, self._stderr = process, stderr
        # The safety net: the program ends when this bot is collected, at the
        # interpreter's exit, and at a pool worker's exit (multiprocessing
        # runs these finalizers there too, where atexit handlers never run).
        self._owner = os.getpid()
        self._finalizer = Finalize(
            self, _stop, args=(self._owner, process, stderr), exitpriority=0
        )
        assert process.stdout is not None
        assert process.stdin is not None
        self._poll = select.poll()  # POSIX: pipes cannot be polled on Windows
        self._poll.register(process.stdout, select.POLLIN)
        os.set_blocking(process.stdin.fileno(), False)  # see _write
        self._out = select.poll()
        self._out.register(process.stdin, select.POLLOUT)
        hello = self._decoded(self._read_line(seat), seat)
        if hello.get("type") != "hello":
            raise self._error(f"said {hello.get('type')!r} before hello", seat)
        if hello["protocol"] != PROTOCOL_VERSION:
            raise self._error(
                f"speaks protocol version {brief(hello['protocol'])}, not"
                f" {PROTOCOL_VERSION}",
                seat,
            )
        self._changes = hello.get("changes") is True

    def _write(self, line: str, seat: int) -> None:
        """Write ``line`` to the program, which has its time limit to take it.

        Its input does not block: a program that stops reading it (its pipe
        full) is a program that does not answer.
        """
        process, poll = self._process, self._out
        assert process is not None
        assert process.stdin is not None
        assert poll is not None
        data = memoryview(f"{line}\n".encode())
        deadline = time.monotonic() + self.timeout
        try:
            while True:
                with contextlib.suppress(BlockingIOError):
                    data = data[os.write(process.stdin.fileno(), data) :]
                if not data:
                    return
                left = deadline - time.monotonic()
                if left <= 0 or not poll.poll(left * 1000):
                    raise self._error(
                        f"did not read its input within {self.timeout:g} s", seat
                    )
        except OSError as error:
            raise self._error(f"stopped reading its input ({error})", seat) from None

    def _decoded(self, line: bytes, seat: int) -> dict[str, Any]:
        """Return the message the program wrote on ``line``."""
        try:
            return decode_message(line, max_bytes=MAX_CLIENT_BYTES)
        except ProtocolError as error:
            raise self._error(
                f"wrote {brief(line[:80])}, not a message of the protocol: {error}",
                seat,
            ) from None

    def _read_line(self, seat: int) -> bytes:
        process, poll = self._process, self._poll
        assert process is not None
        assert process.stdout is not None
        assert poll is not None
        deadline = time.monotonic() + self.timeout
        while b"\n" not in self._buffer:
            if len(self._buffer) > MAX_CLIENT_BYTES:
                raise self._error(
                    f"wrote a line longer than {MAX_CLIENT_BYTES} bytes", seat
                )
            left = deadline - time.monotonic()
            if left <= 0 or not poll.poll(left * 1000):
                raise self._error(f"did not answer within {self.timeout:g} s", seat)
            chunk = os.read(process.stdout.fileno(), 65_536)
            if not chunk:
                try:
                    status = process.wait(self.timeout)
                except subprocess.TimeoutExpired:
                    raise self._error("closed its output", seat) from None
                raise self._error(f"exited with status {status}", seat)
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line

    def _answered(
        self, answer: dict[str, Any], obs: Observation, legal: Sequence[Action]
    ) -> Action:
        """Return the legal action ``answer`` names, or raise what is wrong with it.

        It must name one of the actions the ``act`` offered (``obs``'s), by its
        notation or its index, that is also one of ``legal``.
        """
        seat = obs.seat
        kind = answer["type"]
        if kind == "error":
            raise self._error(f"could not act: {answer['message']!r}", seat)
        if kind != "action":
            raise self._error(f"answered with a {kind} message, not an action", seat)
        if answer["request"] != self._request:
            raise self._error(
                f"answered request {brief(answer['request'])}, not {self._request}",
                seat,
            )
        if "seat" in answer and answer["seat"] != seat:
            raise self._error(f"acted for seat {brief(answer['seat'])}", seat)
        if ("action" in answer) == ("index" in answer):
            raise self._error("gave not exactly one of action and index", seat)
        assert self._writer is not None
        action = self._writer.chosen(answer)
        if action is not None and action in legal:
            return action
        key = "action" if "action" in answer else "index"
        raise self._error(
            f"chose {brief(answer[key])}, which is not a legal action"
            f" ({', '.join(format_action(action) for action in legal)})",
            seat,
        )

    def _error(self, what: str, seat: int) -> BotError:
        return BotError(
            f"bot {self.name!r} at seat {seat} {what}{self._stderr_tail()}",
            bot=self.name,
            seat=seat,
        )

    def _stderr_tail(self) -> str:
        stderr = self._stderr
        if stderr is None:
            return ""
        with contextlib.suppress(OSError, ValueError):
            size = stderr.seek(0, os.SEEK_END)
            stderr.seek(max(0, size - _STDERR_TAIL))
            tail = stderr.read().decode("utf-8", "replace").strip()
            if tail:
                return f"; its standard error ends with {tail!r}"
        return "; its standard error is empty"

    def _kill(self) -> None:
        process = self._process
        if process is not None:
            _kill(process)
        self.close()


def _program(command: tuple[str, ...]) -> list[str]:
    """Return the command to run: ``tonk`` is this Python's, ``python -m tonk``."""
    program, *arguments = command
    if program == "tonk":
        return [sys.executable, "-m", "tonk", *arguments]
    return [program, *arguments]


def _welcome(key: tuple[Rules, int, int]) -> str:
    """Return the ``welcome`` line of a program at a seat: rules, players, seat."""
    rules, players, seat = key
    return encode_message(
        {
            "type": "welcome",
            "protocol": PROTOCOL_VERSION,
            "seat": seat,
            "players": players,
            "names": [f"P{number + 1}" for number in range(players)],
            "rules": to_dict(rules),
            "hands": 1,
        }
    )


_WELCOMES: Cache[tuple[Rules, int, int], str] = Cache(_welcome, limit=64)
"""The welcome lines written, made once: a tournament welcomes a program
again at each hand, as the seats rotate."""


def serve_bot(
    bot: Bot,
    *,
    name: str | None = None,
    stdin: IO[bytes] | None = None,
    stdout: IO[bytes] | None = None,
    seed: int | None = None,
) -> int:
    r"""Play ``bot`` over the table protocol: read messages, answer each ``act``.

    Says ``hello``, asking for the changes of each view, then reads one
    message per line: a ``welcome`` gives the rules, each ``act`` (with a
    whole view, or its changes) is answered with the bot's ``action`` (chosen
    with a :class:`random.Random` seeded with the act's ``seed``, or drawn
    from ``seed`` when the act has none), an ``act`` for a choice between
    hands (with a ``session``: V43, V45) with
    :func:`~tonk.bots.plain_session_action`'s choice, and a ``goodbye`` or
    the end of the input ends the conversation. A message that cannot be
    read, or an ``act`` before any ``welcome``, is answered with an
    ``error``; an exception from
    the bot is written to standard error and answered with an ``error``.

    Args:
        bot: The bot to play.
        name: The name to say hello with.
        stdin: Where to read the messages (default: standard input).
        stdout: Where to write the answers (default: standard output).
        seed: Seeds the bot's randomness for acts without a seed.

    Returns:
        0, the exit status for ``tonk bot``.

    Examples:
        >>> import io, tonk
        >>> table = tonk.protocol.Table(tonk.Rules(), players=2, seed=7)
        >>> lines = [tonk.protocol.encode_message(out.message)
        ...          for out in table.start() if out.to == 0]
        >>> stdout = io.BytesIO()
        >>> serve_bot(tonk.bots.GreedyBot(), stdin=io.BytesIO(
        ...     "\n".join(lines).encode()), stdout=stdout)
        0
        >>> print(stdout.getvalue().decode())
        {"type":"hello","protocol":1,"changes":true}
        {"type":"action","request":1,"action":"drop"}
        <BLANKLINE>
    """
    reading = sys.stdin.buffer if stdin is None else stdin
    writing = sys.stdout.buffer if stdout is None else stdout
    hello: dict[str, Any] = {
        "type": "hello",
        "protocol": PROTOCOL_VERSION,
        "changes": True,
    }
    if name is not None:
        hello["name"] = name
    _write(writing, hello)
    backup = random.Random(seed)
    seeded = random.Random()  # reseeded at each act with a seed: none made each time
    reader: ObservationReader | None = None
    document: Any = None  # the rules of the last welcome, as it wrote them
    welcome = b""  # the last welcome's line
    for line in reading:
        try:
            # An act as a table writes it goes straight to the reader; any
            # other line is decoded first (an act spelled otherwise, twice).
            if line.startswith(b'{"type":"act",'):
                kind = "act"
            elif line == welcome:  # the next hand's, at the same seat
                kind = "welcome again"
            else:
                message = decode_message(line)
                kind = message["type"]
            if kind == "goodbye":
                break
            if kind == "welcome again":  # a new view, under the same rules
                assert reader is not None
                reader = ObservationReader(reader.rules)
            elif kind == "welcome":
                # A tournament welcomes again at each hand, as the seats rotate:
                # the same rules (the same JSON, to its types) are not read again.
                if reader is None or not _same(document, message["rules"]):
                    reader = ObservationReader(_rules(message["rules"]))
                    document = message["rules"]
                else:
                    reader = ObservationReader(reader.rules)
                welcome = line
            elif kind == "act":
                if reader is None:
                    raise ProtocolError(
                        "an act before any welcome",
                        code=ProtocolErrorCode.MISSING_FIELD,
                    )
                if b'"session"' in line:  # perhaps a choice between hands
                    message = decode_message(line)
                    if "session" in message:
                        _write(writing, _choice(message))
                        continue
                _write(writing, _play(bot, *reader.read_act(line), seeded, backup))
        except ProtocolError as error:
            _write(
                writing,
                {"type": "error", "code": error.code.value, "message": str(error)},
            )
    return 0


def _rules(document: Any) -> Rules:
    try:
        return from_dict(document, Rules)
    except SerializationError as error:
        raise ProtocolError(
            f"the welcome's rules: {error}", code=ProtocolErrorCode.BAD_FIELD
        ) from None


def _write(stream: IO[bytes], message: dict[str, Any] | bytes) -> None:
    """Write a message, or a line already written (an action, quicker so)."""
    if not isinstance(message, bytes):
        message = encode_message(message).encode() + b"\n"
    stream.write(message)
    stream.flush()


def _choice(act: dict[str, Any]) -> dict[str, Any]:
    """Return the answer to an act for a choice between hands: the plain one."""
    try:
        offered = [parse_session_action(entry["action"]) for entry in act["legal"]]
        chosen = plain_session_action(offered)
    except (NotationError, ValueError, KeyError, TypeError) as error:
        raise ProtocolError(
            f"the act's choices between hands cannot be read: {error}",
            code=ProtocolErrorCode.BAD_FIELD,
        ) from None
    return {
        "type": "action",
        "request": act["request"],
        "action": format_session_action(chosen),
    }


def _play(
    bot: Bot,
    observation: Observation,
    act: dict[str, Any],
    seeded: random.Random,
    backup: random.Random,
) -> dict[str, Any] | bytes:
    """Return the answer to ``act``, which shows ``observation``: a line, or error.

    The bot's randomness is ``seeded``, seeded with the act's seed (as a new
    ``random.Random(seed)`` would be), or ``backup`` when the act has none.
    """
    rng = backup
    if "seed" in act:
        rng = seeded
        rng.seed(act["seed"])
    try:
        action = bot.choose(observation, observation.legal_actions, rng)
        notation = format_action(action)
    except Exception as error:  # the bot's own failure: report it, go on
        traceback.print_exc(file=sys.stderr)
        sys.stderr.flush()
        return {
            "type": "error",
            "code": ProtocolErrorCode.BOT_FAILED.value,
            "message": f"the bot raised {type(error).__name__}: {error}",
            "request": act["request"],
        }
    # encode_message's line, without building the message: one at each decision.
    written = f'"request":{act["request"]},"action":{json.dumps(notation)}'
    return f'{{"type":"action",{written}}}\n'.encode()
