"""A minimal game server loop for one table of Tonk, in a single process.

There is no network here: clients are simulated by functions, and their
messages pass through a queue. The parts that matter for a real server are
the same:

- The authoritative ``GameState`` stays on the server. It is an immutable
  value: an accepted action replaces it with the state ``tonk.apply`` returns,
  and a rejected one leaves it exactly as it was.
- Each client is sent only ``tonk.observe(state, seat)``, rendered as a small
  JSON-safe dict. Nobody is ever sent the ``GameState``, which holds every
  hidden card.
- Clients send actions as text. The server checks the seat, the version of the
  state the client saw, and the notation, and ``tonk.apply`` checks the rules.
  A rejection names its reason: an ``IllegalReason`` value such as
  ``must_draw_first`` for an illegal action, or the server's own
  ``not_your_turn``, ``stale`` or ``bad_notation``.
- Without a seed the deal uses the operating system's secure random source.
  A seed is for tests and replays only.

The simulated clients pick random legal actions (random play is not good
play). Before play starts, three bad messages are sent on purpose, and each
is rejected.

Run: ``python examples/game_server.py [seed]`` (without a seed, the deal is
secure and so different on every run).
"""

from __future__ import annotations

import random
import sys
from collections import deque
from typing import TypedDict

import tonk
from tonk.testing import check_no_leak


class View(TypedDict):
    """What the server sends one client: its seat's observation, as plain data."""

    version: int
    seat: int
    to_move: int
    phase: str
    hand: list[str]
    hand_sizes: list[int]
    top_discard: str | None
    stock_size: int
    spreads: list[str]
    legal: list[str]
    payoffs: list[str] | None
    shown_hands: list[list[str]] | None


class Message(TypedDict):
    """What a client sends: its seat, the version it saw and an action as text."""

    seat: int
    version: int
    action: str


class Reply(TypedDict):
    """The server's answer to a message."""

    ok: bool
    reason: str | None
    detail: str | None


def render(seen: tonk.Observation, version: int) -> View:
    """Render one seat's observation as a JSON-safe dict."""
    outcome = seen.outcome
    return {
        "version": version,
        "seat": seen.seat,
        "to_move": seen.to_move,
        "phase": seen.phase.value,
        "hand": [str(card) for card in seen.hand],
        "hand_sizes": list(seen.hand_sizes),
        "top_discard": None if seen.top_discard is None else str(seen.top_discard),
        "stock_size": seen.stock_size,
        "spreads": [str(spread) for spread in seen.spreads],
        "legal": [tonk.format_action(action) for action in seen.legal_actions],
        "payoffs": None if outcome is None else [str(p) for p in outcome.payoffs],
        "shown_hands": None
        if seen.shown_hands is None
        else [[str(card) for card in hand] for hand in seen.shown_hands],
    }


class Table:
    """The server side of one table: the authoritative state and its version.

    The state is never sent anywhere. A real server keeps one ``Table`` per
    game and handles one message at a time per table (one task, or a lock),
    because ``receive`` replaces ``self.state``. The states themselves are
    immutable, so any thread may read them.
    """

    def __init__(self, rules: tonk.Rules, players: int, *, seed: int | None) -> None:
        """Deal a hand; ``seed=None`` shuffles with the OS's secure source."""
        self.state = tonk.new_game(rules, players=players, seed=seed)
        self.version = 0  # how many actions have been accepted

    def view(self, seat: int) -> View:
        """Return what ``seat`` may see now."""
        return render(tonk.observe(self.state, seat), self.version)

    def receive(self, message: Message) -> Reply:
        """Validate one client message and apply it if it is legal."""
        state = self.state
        if state.is_terminal:
            return reject("hand_over", "the hand is over")
        if message["seat"] != state.to_move:
            return reject("not_your_turn", f"seat {state.to_move} is to move")
        if message["version"] != self.version:
            return reject("stale", f"the state has changed since {message['version']}")
        try:
            action = tonk.parse_action(state, message["action"])
        except (tonk.NotationError, tonk.AmbiguousActionError) as error:
            return reject("bad_notation", str(error))
        try:
            self.state = tonk.apply(state, action)
        except tonk.IllegalActionError as error:
            return reject(error.reason.value, str(error))
        self.version += 1
        return {"ok": True, "reason": None, "detail": None}


def reject(reason: str, detail: str) -> Reply:
    """Build a rejection."""
    return {"ok": False, "reason": reason, "detail": detail}


def random_client(view: View, rng: random.Random) -> str:
    """Play like a simulated client: a random action among the legal ones."""
    return rng.choice(view["legal"])


def main(seed: int | None = None) -> tonk.Outcome:
    """Serve one three-player hand to simulated clients; print what happens."""
    rules = tonk.presets.get("pagat")
    table = Table(rules, players=3, seed=seed)
    rng = random.Random(seed)
    print("deal:", "secure shuffle" if seed is None else f"seed {seed} (tests only)")

    # What the server sends must not depend on cards the seat cannot see.
    for seat in range(3):
        check_no_leak(
            table.state,
            seat,
            rng,
            view=lambda state, seat: render(tonk.observe(state, seat), 0),
        )

    views = {seat: table.view(seat) for seat in range(3)}  # sent to each client
    first = table.state.to_move
    other = (first + 1) % 3
    print(f"seat {first} sees: {views[first]}")
    card = views[first]["hand"][0]
    queue: deque[Message] = deque(  # three bad messages, sent on purpose
        [
            {"seat": other, "version": 0, "action": "draw stock"},  # out of turn
            {"seat": first, "version": 0, "action": "fold"},  # not an action
            {"seat": first, "version": 0, "action": f"discard {card}"},  # too early
        ]
    )
    while queue or not table.state.is_terminal:
        if not queue:  # the seat to move answers the last view it was sent
            seat = table.state.to_move
            queue.append(
                {
                    "seat": seat,
                    "version": views[seat]["version"],
                    "action": random_client(views[seat], rng),
                }
            )
        message = queue.popleft()
        before = table.state
        reply = table.receive(message)
        if not reply["ok"]:
            assert table.state is before  # a rejected message changes nothing
            print(
                f"seat {message['seat']} {message['action']!r}: rejected,"
                f" {reply['reason']} ({reply['detail']})"
            )
            continue
        print(f"seat {message['seat']} {message['action']!r}: accepted")
        views = {seat: table.view(seat) for seat in range(3)}

    outcome = table.state.outcome
    assert outcome is not None
    print(f"seat 0 sees at the end: {views[0]}")
    print(f"{outcome.kind.value}: counts {outcome.counts}")
    for transfer in outcome.transfers:
        print(
            f"  seat {transfer.payer} pays seat {transfer.payee}"
            f" {transfer.amount}x ({transfer.reason.value})"
        )
    return outcome


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else None)
