"""A Tonk table served over TCP on the loopback, on the table protocol.

The server holds one :class:`tonk.protocol.Table`: the true state, which never
leaves it. Each seat is a TCP connection that speaks the protocol, one JSON
object per line (docs/protocol.md). The table decides what each seat is sent
(its own view, and the legal actions when it must act); the server only moves
lines between the sockets and the table, so it needs no rules of its own:

- a line from seat k goes to ``table.receive(k, line)``, which refuses bad
  input (malformed, out of turn, illegal, stale) with an ``error`` to that seat
  alone and changes nothing;
- every :class:`tonk.protocol.Outgoing` goes to its seat (``to``), or to the
  spectators (``to is None``; this server has none).

The clients here are written with ``json`` alone, as a client in any language
would be: they play a random legal action from each ``act``. One of them first
sends an action out of turn, to show the refusal. The server listens on
127.0.0.1 only, on a port the system chooses.

Run: ``python examples/protocol_server.py [seed] [hands]``.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from typing import Any

import tonk
from tonk.protocol import Outgoing, Table, encode_message


async def serve_table(table: Table, seats: int) -> tuple[str, int, asyncio.Server]:
    """Start a server that seats the first ``seats`` connections at ``table``."""
    writers: dict[int, asyncio.StreamWriter] = {}
    everyone_here = asyncio.Event()

    async def send(messages: list[Outgoing]) -> None:
        for outgoing in messages:
            if outgoing.to is not None and outgoing.to in writers:
                writer = writers[outgoing.to]
                writer.write((encode_message(outgoing.message) + "\n").encode())
                await writer.drain()

    async def connected(
        reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        seat = len(writers)
        if seat >= seats:  # the table is full
            writer.close()
            return
        writers[seat] = writer
        if len(writers) == seats:
            everyone_here.set()
            await send(table.start())
        await everyone_here.wait()
        while not reader.at_eof():
            line = await reader.readline()
            if line:
                await send(table.receive(seat, line))
        writer.close()

    server = await asyncio.start_server(connected, "127.0.0.1", 0)
    host, port = server.sockets[0].getsockname()[:2]
    return host, port, server


async def client(name: str, host: str, port: int, seed: int, *, rude: bool) -> str:
    """Play a seat with random legal actions; return the last standings line."""
    rng = random.Random(seed)
    reader, writer = await asyncio.open_connection(host, port)

    def say(message: dict[str, Any]) -> None:
        writer.write((json.dumps(message) + "\n").encode())

    say({"type": "hello", "protocol": 1, "name": name})
    standings = ""
    answered: set[int] = set()  # a snapshot repeats an open request: answer once
    while line := await reader.readline():
        message = json.loads(line)
        kind = message["type"]
        if kind == "welcome" and rude:  # act before being asked: refused
            say({"type": "action", "request": 99, "action": "draw stock"})
            rude = False
        elif kind == "act" and message["request"] not in answered:
            answered.add(message["request"])
            action = rng.choice(message["legal"])["action"]
            say({"type": "action", "request": message["request"], "action": action})
        elif kind == "error":
            print(f"{name}: refused ({message['code']}): {message['message']}")
        elif kind == "hand_over":
            net = message["net"]
            print(f"{name}: hand {message['hand']} over, net {net}")
            standings = ", ".join(
                f"{row['name']} {row['score']}" for row in message["standings"]
            )
        elif kind == "goodbye":
            break
        await writer.drain()
    writer.close()
    return standings


async def main(seed: int = 1, hands: int = 3) -> str:
    """Serve a table of three, play it with three clients, return the standings."""
    table = Table(
        tonk.presets.PAGAT,
        players=3,
        seed=seed,
        names=["ann", "bo", "cy"],
        hands=hands,
    )
    host, port, server = await serve_table(table, seats=3)
    print(f"serving a table of 3 on {host}:{port}, {hands} hands, seed {seed}")
    async with server:
        results = await asyncio.gather(
            *(
                client(name, host, port, seed + index, rude=index == 1)
                for index, name in enumerate(["ann", "bo", "cy"])
            )
        )
    print("standings:", results[0])
    return results[0]


if __name__ == "__main__":
    arguments = [int(argument) for argument in sys.argv[1:3]]
    asyncio.run(main(*arguments))
