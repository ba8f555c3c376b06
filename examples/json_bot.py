"""A Tonk bot written with the standard library only: it speaks the table protocol.

``python examples/json_bot.py --serve`` is the bot. It reads the table's
messages on its standard input, one JSON object per line, and answers each
``act`` with an ``action`` on its standard output, as docs/protocol.md
describes. It needs no ``tonk``: only the ``json`` module, the fields of the
messages (``src/tonk/schemas/protocol/message.schema.json``) and the action
notation. It does not ask for the changes of each view (a ``hello`` with
``"changes": true``), so every ``act`` brings the whole view and the legal
list, and the bot keeps nothing between requests. A bot in any other language
works the same way.

Its play is simple: claim a deal tonk; lay the longest spread; hit; slap in;
drop with a count of 8 or less; else draw from the stock and discard the
highest card. Between hands (an ``act`` with a ``session``: side bets, the
Big One) it deals, makes no side bet, or takes the first choice offered.

Run with no arguments (or with a number of hands), it plays a short
tournament against tonk's greedy bot, through ``tonk.bots.ProcessBot`` (that
part, and only that part, uses ``tonk``).
"""

from __future__ import annotations

import json
import sys
from typing import Any

PROTOCOL = 1
"""The protocol version this bot speaks."""

DROP_AT = 8
"""The highest count the bot drops with."""


def value(card: str) -> int:
    """Return a card's count value under pagat's rules: A 1, courts 10, joker 0."""
    rank = card.split("=")[0][:-1]  # "10H" -> "10"; a wild "2C=6H" counts as 2C
    if card == "JK":
        return 0
    if rank == "A":
        return 1
    return int(rank) if rank.isdigit() else 10


def choose(observation: dict[str, Any], legal: list[dict[str, Any]]) -> str:
    """Return the action to play, in notation, from the seat's view."""
    actions: list[str] = [entry["action"] for entry in legal]

    def starting(prefix: str) -> list[str]:
        return [action for action in actions if action.startswith(prefix)]

    if starting("claim"):
        return "claim"
    spreads = starting("spread ")
    if spreads:
        return max(spreads, key=lambda action: len(action.split()))
    for prefix in ("hit ", "slap "):
        if starting(prefix):
            return starting(prefix)[0]
    if "drop" in actions and sum(map(value, observation["hand"])) <= DROP_AT:
        return "drop"
    for action in ("draw stock", "draw discard", "pass"):
        if action in actions:
            return action
    discards = starting("discard ")
    if discards:
        return max(discards, key=lambda action: value(action.split()[1]))
    return actions[0]


def send(message: dict[str, Any]) -> None:
    """Write one message as a line of JSON."""
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def serve() -> None:
    """Speak the protocol on standard input and output until goodbye."""
    send({"type": "hello", "protocol": PROTOCOL, "name": "json_bot"})
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "welcome" and message["protocol"] != PROTOCOL:
            send({"type": "goodbye", "reason": "another protocol version"})
            return
        if kind == "act" and "session" in message:  # a choice between hands
            offered = [entry["action"] for entry in message["legal"]]
            plain = [a for a in ("deal", "bet none") if a in offered]
            action = plain[0] if plain else offered[0]
            send({"type": "action", "request": message["request"], "action": action})
        elif kind == "act":
            action = choose(message["observation"], message["legal"])
            send({"type": "action", "request": message["request"], "action": action})
        elif kind == "error":
            print(f"json_bot: the table refused: {message['message']}", file=sys.stderr)
        elif kind == "goodbye":
            return


def tournament(hands: int) -> None:
    """Play ``hands`` hands against tonk's greedy bot and print the results."""
    import tonk  # only the demonstration needs tonk; the bot above does not

    command = [sys.executable, __file__, "--serve"]
    with tonk.bots.ProcessBot(command, name="json_bot") as bot:
        result = tonk.bots.tournament(
            tonk.presets.PAGAT,
            [bot, tonk.bots.GreedyBot()],
            hands=hands,
            seed=1,
            names=["json_bot", "greedy"],
        )
    print(f"pagat, 2 players, {result.hands} hands in duplicate")
    for record in result.bots:
        print(
            f"  {record.name:<8} won {100 * record.win_rate:5.1f}%"
            f"  mean payoff {float(record.mean_payoff):+.2f}"
        )


if __name__ == "__main__":
    if sys.argv[1:] == ["--serve"]:
        serve()
    else:
        tournament(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
