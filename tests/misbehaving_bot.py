"""A bot program that misbehaves on purpose, for tests/test_process_bot.py.

Run as ``python tests/misbehaving_bot.py MODE``. It speaks the table protocol
with the standard library only, answering each ``act`` with its first legal
action, but for what MODE makes it do instead:

- ``crash``: on the first act, write to standard error and exit with status 3;
- ``killed``: on the first act, kill itself with SIGKILL;
- ``hang``: on the first act, sleep for an hour;
- ``garbage``: answer the first act with text that is not JSON;
- ``illegal``: answer with an action that is not one of the legal ones;
- ``stale``: answer a request other than the one asked;
- ``long``: write a line of 100,000 characters;
- ``close``: on the first act, close its standard output and sleep for an hour;
- ``mute``: never say hello (sleep for an hour);
- ``future``: say hello in protocol version 2;
- ``ignore-goodbye``: play well, but ignore goodbye and the end of the input;
- ``error``: answer with an ``error`` message;
- ``hello``: answer with a ``hello`` message;
- ``other-seat``: answer for seat 7;
- ``both``: answer with both an action and an index;
- ``two-lines``: answer, and a line that is not JSON after it, in one write;
- ``wide``: answer with an action padded with spaces to 5,000 bytes, in one
  write;
- ``exact``: answer with an action padded with spaces to 4,096 bytes, its
  newline written apart, a moment later;
- ``exit``: on the first act, exit with status 3, writing nothing;
- ``noisy``: on the first act, write 3,000 bytes to standard error (one of
  them not UTF-8) and exit with status 3;
- ``deaf``: close its standard input before it says hello, then sleep;
- ``garbage-hello``: write text that is not JSON instead of its hello;
- ``error-first``: write an ``error`` message instead of its hello;
- ``deaf-after``: on the first act, close its standard input, answer and
  sleep;
- ``spawn PATH``: ignore SIGTERM, SIGHUP, SIGINT and SIGUSR1, start a process
  that sleeps (writing its process id to PATH), and hang on the first act.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

NOISE = b"H" * 2_000 + b"\xff" + b"z" * 998 + b"\n"
"""What ``noisy`` writes to standard error: its last 1,000 bytes start with \xff."""


def send(message: dict[str, object]) -> None:
    """Write one message as a line."""
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def answer(mode: str, act: dict[str, object]) -> None:
    """Answer one act as ``mode`` says."""
    legal = act["legal"]
    assert isinstance(legal, list)
    if mode == "crash":
        sys.stderr.write("misbehaving_bot: crashing on purpose\n")
        sys.exit(3)
    if mode == "killed":
        os.kill(os.getpid(), signal.SIGKILL)
    if mode == "hang":
        time.sleep(3600)
    if mode == "garbage":
        sys.stdout.write("this is not json\n")
        sys.stdout.flush()
        return
    if mode == "close":
        sys.stdout.close()
        os.close(1)
        time.sleep(3600)
    if mode == "exit":
        sys.exit(3)
    if mode == "noisy":
        sys.stderr.buffer.write(NOISE)
        sys.stderr.flush()
        sys.exit(3)
    if mode == "spawn":
        with open(sys.argv[2], "w") as written:
            sleeper = [sys.executable, "-c", "import time; time.sleep(3600)"]
            written.write(str(subprocess.Popen(sleeper).pid))
        time.sleep(3600)
    if mode == "long":
        sys.stdout.write("x" * 100_000)
        sys.stdout.flush()
        time.sleep(3600)
    request = act["request"]
    if mode == "stale":
        assert isinstance(request, int)
        request += 7
    if mode == "illegal":
        taken = {entry["index"] for entry in legal}
        send({"type": "action", "request": request, "index": max(taken) + 1})
        return
    action = {"type": "action", "request": request, "action": legal[0]["action"]}
    if mode == "error":
        send({"type": "error", "code": "bot_failed", "message": "no idea"})
    elif mode == "hello":
        send({"type": "hello", "protocol": 1})
    elif mode == "other-seat":
        send({**action, "seat": 7})
    elif mode == "both":
        send({**action, "index": legal[0]["index"]})
    elif mode == "two-lines":
        sys.stdout.write(json.dumps(action) + "\nnot json\n")
        sys.stdout.flush()
    elif mode in ("wide", "exact"):
        text = json.dumps(action)
        size = 5_000 if mode == "wide" else 4_096
        text = text[:-1] + " " * (size - len(text)) + "}"
        if mode == "exact":
            sys.stdout.write(text)
            sys.stdout.flush()
            time.sleep(0.3)
            text = ""
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    elif mode == "deaf-after":  # its answer read, the next message fails
        os.close(0)
        send(action)
        time.sleep(3600)
    else:
        send(action)


def main() -> None:
    """Play the protocol as the mode says."""
    mode = sys.argv[1]
    if mode == "mute":
        time.sleep(3600)
    if mode == "deaf":
        os.close(0)
    if mode == "spawn":
        for number in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGUSR1):
            signal.signal(number, signal.SIG_IGN)
    if mode == "garbage-hello":
        sys.stdout.write("not json\n")
        sys.stdout.flush()
    elif mode == "error-first":
        send({"type": "error", "code": "bot_failed", "message": "not yet"})
    else:
        send({"type": "hello", "protocol": 2 if mode == "future" else 1})
    if mode == "deaf":
        time.sleep(3600)
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "act":
            answer(mode, message)
        elif message["type"] == "goodbye" and mode != "ignore-goodbye":
            return
    if mode == "ignore-goodbye":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        time.sleep(3600)


if __name__ == "__main__":
    main()
