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
- ``ignore-goodbye``: play well, but ignore goodbye and the end of the input.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time


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
    send({"type": "action", "request": request, "action": legal[0]["action"]})


def main() -> None:
    """Play the protocol as the mode says."""
    mode = sys.argv[1]
    if mode == "mute":
        time.sleep(3600)
    send({"type": "hello", "protocol": 2 if mode == "future" else 1})
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
