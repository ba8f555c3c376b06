"""The tables of ``tonk serve``: seats, bots, connections, timers and limits.

A :class:`TableManager` holds one protocol :class:`~tonk.protocol.Table` per
game (the true state), plays its bot seats in-process
(:func:`tonk.bots.load_bot`), and passes each connection's messages to the
table and the table's :class:`~tonk.protocol.Outgoing` messages to the
connections. It needs no web framework: a :class:`Client` is a queue of
outgoing texts that the caller's socket drains (``tonk.web.app`` does this
with Starlette's WebSockets). Everything runs on one asyncio event loop, one
message at a time, so no two actions ever start from the same state.

Order of work for each accepted action: the table applies it, the store
commits it (:meth:`tonk.web.store.Store.add_action`), and only then are the
table's messages sent. A restarted server rebuilds each table with
:meth:`tonk.protocol.Table.restore` from its stored creation arguments and
actions: the same seed and the same actions give the same state.

Seats and secrets: each human seat has a random join token
(``secrets.token_urlsafe``, 128 bits); the store keeps only its SHA-256.
A client names its token in its ``hello`` (the server's one addition to the
protocol's ``hello``, removed before the table sees it); without a token it
is a spectator and gets only the protocol's public messages. A token opens
its own seat only, and one connection at a time: while a seat's connection is
open, another with the same token is refused (``seat_taken``); once it closes,
the token opens the seat again, which is how a player reconnects.

The server's other addition is the ``view`` message, sent to clients that ask
for it (``tonk.web.app``'s page does): the table's picture drawn by
:func:`tonk.svg.draw` from that client's own view, with the seats, whose turn
it is, the log, the last result and the standings, for people to read.

Examples:
    >>> manager = TableManager()
    >>> "greedy" in manager.info()["bots"]
    True

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import random
import secrets
import time
from collections import deque
from collections.abc import Sequence
from typing import Any

import attrs

from tonk import presets, svg
from tonk._codec import nests_deeper
from tonk._validate import brief, is_int
from tonk.actions import Action, Tunk, format_action
from tonk.bots import BUILT_IN_BOTS, Bot, load_bot, plain_session_action
from tonk.encoding import action_to_index, index_to_action
from tonk.errors import ProtocolError, TonkError
from tonk.observation import observe
from tonk.protocol import (
    _SESSION_ACTIONS,
    MAX_DEPTH,
    PROTOCOL_VERSION,
    Outgoing,
    Table,
    decode_message,
    encode_message,
)
from tonk.records import format_record
from tonk.rules import Rules
from tonk.serialization import from_dict, to_dict, to_json
from tonk.session import (
    Session,
    SessionAction,
    SessionPhase,
    format_session_action,
    session_actions,
)
from tonk.state import GameState
from tonk.text import _choice_facts, format_outcome
from tonk.web.store import Store, StoreError, TableRow

__all__ = ["Client", "Limits", "TableError", "TableManager", "check_host", "draw_view"]

_log = logging.getLogger("tonk.web")

_MAX_NAME = 24
_MAX_HANDS = 1_000
_LOG_LINES = 80
_SPECTATOR = -1
"""The seat a spectator's picture is drawn for: no seat, so every hand is hidden."""


class TableError(TonkError, ValueError):
    """A refused request to the server: a bad table, token or message.

    Attributes:
        code: Why, in a word or two, for programs (``bad_token``, ``no_table``...).

    Examples:
        >>> error = TableError("no_table", "no such table")
        >>> error.code, str(error)
        ('no_table', 'no such table')

    .. versionadded:: 0.2.0
    """

    def __init__(self, code: str, message: str) -> None:
        """Create the error with its ``code``."""
        super().__init__(message)
        self.code = code


def _count(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    """Refuse a limit that is not a whole number of at least 1."""
    if not is_int(value):
        raise TypeError(f"{attribute.name} must be an int, got {brief(value)}")
    if value < 1:  # type: ignore[operator]
        raise ValueError(f"{attribute.name} must be at least 1, got {brief(value)}")


def _number(name: str, value: object, *, zero: bool) -> None:
    """Refuse a rate or time that is not a finite number above 0 (or 0 if ``zero``)."""
    if not (is_int(value) or isinstance(value, float)):
        raise TypeError(f"{name} must be a number, got {brief(value)}")
    try:
        number = float(value)  # type: ignore[arg-type]
    except OverflowError:  # an int too large for a float
        number = math.inf
    if not math.isfinite(number) or number < 0 or (number == 0 and not zero):
        least = "at least 0" if zero else "above 0"
        raise ValueError(f"{name} must be a finite number {least}, got {brief(value)}")


def _rate(instance: object, attribute: attrs.Attribute[float], value: object) -> None:
    _number(attribute.name, value, zero=False)


def _time(instance: object, attribute: attrs.Attribute[float], value: object) -> None:
    _number(attribute.name, value, zero=True)


@attrs.frozen(kw_only=True)
class Limits:
    """What the server allows each connection and each table.

    Attributes:
        message_bytes: The largest message a client may send.
        request_bytes: The largest HTTP request body (a new table).
        messages_per_second: The steady rate of messages a connection may send.
        burst: How many messages a connection may send at once above that rate.
        max_tables: The most tables the server holds (finished ones count until
            they expire).
        idle_seconds: A table with no action and nobody connected for this long
            is deleted, with its records.
        window_seconds: How long a person has to slap or eat (V26, X5) before
            the server passes for them.
        outbox: The most messages queued for a slow client before it is cut off.

    Raises:
        TypeError: If a count is not an int, or a rate or time not a number.
        ValueError: If a count is below 1, a rate or the idle time is not
            above 0, or the window's time is below 0 (or any is not finite).

    Examples:
        >>> Limits(max_tables=10).max_tables
        10

    .. versionadded:: 0.2.0
    """

    message_bytes: int = attrs.field(default=4_096, validator=_count)
    request_bytes: int = attrs.field(default=65_536, validator=_count)
    messages_per_second: float = attrs.field(default=20.0, validator=_rate)
    burst: int = attrs.field(default=40, validator=_count)
    max_tables: int = attrs.field(default=200, validator=_count)
    idle_seconds: float = attrs.field(default=6 * 3600.0, validator=_rate)
    window_seconds: float = attrs.field(default=20.0, validator=_time)
    outbox: int = attrs.field(default=512, validator=_count)


def check_host(name: object) -> str:
    """Return ``name`` if a server may allow requests addressed to it.

    A host name as a request's ``Host`` header gives it, without the port:
    ``tonk.example.org``, ``127.0.0.1``, ``[::1]``; or ``*.example.org`` for
    every name under ``example.org``, and ``*`` for any name
    (:func:`tonk.web.app.create_app`'s ``allowed_hosts``).

    Raises:
        TypeError: If ``name`` is not a str.
        ValueError: If it is empty, names a port, or has a ``*`` other than
            a leading ``*.``.

    Examples:
        >>> check_host("tonk.example.org"), check_host("[::1]")
        ('tonk.example.org', '[::1]')
        >>> check_host("example.org:8000")
        Traceback (most recent call last):
        ...
        ValueError: a host name has no port or inner '*' (give *.NAME for the names under NAME), got 'example.org:8000'

    .. versionadded:: 0.2.0
    """  # noqa: E501
    if not isinstance(name, str):
        raise TypeError(f"a host name must be a str, got {brief(name)}")
    rest = name[2:] if name.startswith("*.") else name
    literal = rest.startswith("[") and rest.endswith("]")  # an IPv6 address
    if name != "*" and (not rest or "*" in rest or (":" in rest and not literal)):
        raise ValueError(
            "a host name has no port or inner '*' (give *.NAME for the names"
            f" under NAME), got {brief(name)}"
        )
    return name


class Client:
    """One connection: its seat, its queue of texts to send, its rate budget.

    The caller's socket sends each text ``outbox`` yields until ``None``,
    then closes with ``close_code``.

    Args:
        limits: The server's limits.
        views: Whether to send this client the server's ``view`` messages.

    Examples:
        >>> client = Client(Limits())
        >>> client.send({"type": "goodbye"})
        >>> client.outbox.get_nowait()
        '{"type":"goodbye"}'

    .. versionadded:: 0.2.0
    """

    def __init__(self, limits: Limits, *, views: bool = False) -> None:
        """Create an unattached client."""
        self.limits = limits
        self.views = views
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.table_id: str | None = None
        self.seat: int | None = None
        self.chair: int | None = None
        self.close_code: int = 1000
        self._closed = False
        self._budget = float(limits.burst)
        self._checked = time.monotonic()

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; cut the client off if too many are waiting."""
        if self._closed:
            return
        if self.outbox.qsize() >= self.limits.outbox:
            self.close(1008)
            return
        self.outbox.put_nowait(encode_message(message))

    def close(self, code: int = 1000) -> None:
        """Queue the end of the conversation (once)."""
        if not self._closed:
            self._closed = True
            self.close_code = code
            self.outbox.put_nowait(None)

    def allow(self) -> bool:
        """Spend one message of the rate budget; ``False`` if it is spent."""
        now = time.monotonic()
        rate = self.limits.messages_per_second
        self._budget = min(
            float(self.limits.burst), self._budget + (now - self._checked) * rate
        )
        self._checked = now
        if self._budget < 1:
            return False
        self._budget -= 1
        return True


@attrs.frozen(kw_only=True)
class _Config:
    """A table's creation arguments, stored as JSON to rebuild it."""

    rules: Rules
    rules_name: str
    names: tuple[str, ...]
    bots: tuple[str | None, ...]
    hands: int
    seed: int

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": to_dict(self.rules),
            "rules_name": self.rules_name,
            "names": list(self.names),
            "bots": list(self.bots),
            "hands": self.hands,
            "seed": self.seed,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> _Config:
        return cls(
            rules=from_dict(data["rules"], Rules),
            rules_name=data["rules_name"],
            names=tuple(data["names"]),
            bots=tuple(data["bots"]),
            hands=data["hands"],
            seed=data["seed"],
        )

    def table(self) -> Table:
        return Table(
            self.rules,
            players=len(self.names),
            seed=self.seed,
            names=self.names,
            hands=self.hands,
        )


_TABLE_FIELDS = frozenset({"preset", "rules", "seats", "mode", "hands"})
_SEAT_FIELDS = frozenset({"kind", "name", "bot"})
_JOIN_FIELDS = frozenset({"name"})


def _known_fields(data: dict[str, Any], fields: frozenset[str], what: str) -> None:
    """Refuse a request object with a field it does not take (a typo, say)."""
    for key in data:
        if key not in fields:
            raise TableError("unknown_field", f"{what} has no field {brief(key)}")


def _rules(body: dict[str, Any]) -> tuple[Rules, str]:
    """Return the rules a request asks for: a preset, with options over it."""
    name = body.get("preset", "pagat")
    if not isinstance(name, str):
        raise TableError("bad_rules", "preset must be a preset's name")
    try:
        base = presets.get(name)
    except TonkError as error:
        raise TableError("bad_rules", str(error)) from None
    options = body.get("rules")
    if options is None:
        return base, name
    if not isinstance(options, dict):
        raise TableError("bad_rules", "rules must be a JSON object of rule options")
    data = to_dict(base)
    data.update(options)
    try:
        return from_dict(data, Rules), f"{name} (changed)"
    except TonkError as error:
        raise TableError("bad_rules", f"bad rules: {error}") from None


def _name(entry: dict[str, Any], default: str) -> str:
    name = entry.get("name", default)
    if not isinstance(name, str) or not name.strip():
        raise TableError("bad_seat", "a seat's name must be non-empty text")
    name = name.strip()
    if len(name) > _MAX_NAME or not name.isprintable():
        raise TableError(
            "bad_seat", f"a seat's name is printable text of at most {_MAX_NAME}"
        )
    return name


def _hands(body: dict[str, Any]) -> int:
    mode = body.get("mode", "hand")
    if mode == "hand":
        return 1
    hands = body.get("hands")
    if mode != "session" or not isinstance(hands, int) or isinstance(hands, bool):
        raise TableError(
            "bad_mode", "mode is 'hand', or 'session' with a whole number of hands"
        )
    if not 1 <= hands <= _MAX_HANDS:
        raise TableError("bad_mode", f"a session plays 1..{_MAX_HANDS} hands")
    return hands


class _Live:
    """One table in play: the protocol table, its bots, clients and timer."""

    def __init__(self, table_id: str, config: _Config, table: Table) -> None:
        self.id = table_id
        self.config = config
        self.table = table
        self.stored = len(table.history)
        self.stored_seating = len(table.seating)
        self.chairs = [
            *config.names,
            *(name for _, kind, name in table.seating if kind == "join"),
        ]
        self.bots: dict[str, Bot] = {
            name: load_bot(spec)
            for name, spec in zip(config.names, config.bots, strict=True)
            if spec
        }
        self.rng = random.Random(secrets.randbits(64))  # not the deal's seed
        self.seats: dict[int, Client] = {}
        self.spectators: set[Client] = set()
        self.arriving: set[Client] = set()
        self.timer: asyncio.TimerHandle | None = None
        self.deadline: float | None = None
        self.touched = time.time()
        self.log: deque[str] = deque(maxlen=_LOG_LINES)
        # Who sat at the table as of the messages noted so far: a hand's last
        # messages come before the ``seating`` message that changes it.
        self.seated: list[str] = list(table.state.players)

    @property
    def hand(self) -> GameState:
        hand = self.table.state.hand
        assert hand is not None
        return hand

    @property
    def choosing(self) -> bool:
        """Whether the table waits for a choice between hands (V43, V45)."""
        return bool(self.table.waiting_for) and (
            self.table.state.phase is not SessionPhase.PLAYING
        )

    def clients(self) -> list[Client]:
        return [*self.seats.values(), *self.spectators]

    @property
    def players(self) -> tuple[str, ...]:
        """Who sits at the table now, by seat (joins and leaves change it)."""
        return self.table.state.players

    def name(self, seat: int) -> str:
        return f"{self.seated[seat]} ({seat})"


def _bot_spec(entry: dict[str, Any], allowed: Sequence[str]) -> str:
    """Return a seat's bot: a built-in one (any case) or one the server offers."""
    spec = entry.get("bot", "greedy")
    if isinstance(spec, str):
        spec = spec.strip()
        if spec.lower() in BUILT_IN_BOTS:
            return spec.lower()
        if spec in allowed:
            return spec
    raise TableError(
        "bad_bot", f"a bot seat takes one of these bots: {', '.join(allowed)}"
    )


class TableManager:
    """Every table of one server, with their bots and connections.

    Call :meth:`open` on the event loop before use, :meth:`shut` at the end.

    Args:
        limits: The server's limits.
        bot_delay: Seconds a bot waits before each action at a table that has
            a human seat, so people can follow; tables of bots only never wait.
        bots: Bots (``module:Class``) a new table may seat besides the
            built-in ones; a web request may not name any other, since naming
            one imports its module on the server.

    Raises:
        TypeError: If ``bots`` is a single string, ``limits`` not
            :class:`Limits`, or ``bot_delay`` not a number.
        ValueError: If ``bot_delay`` is below 0 or not finite.

    Examples:
        >>> TableManager(bots=["mybots:Cautious"]).info()["bots"][-1]
        'mybots:Cautious'

    .. versionadded:: 0.2.0
    """

    def __init__(
        self,
        *,
        limits: Limits | None = None,
        bot_delay: float = 0.0,
        bots: Sequence[str] = (),
    ) -> None:
        """Create a manager with no tables; :meth:`open` loads the stored ones."""
        if isinstance(bots, str):  # not split into one-letter bots
            raise TypeError(f"bots must be a sequence of bot names, got {brief(bots)}")
        if limits is not None and not isinstance(limits, Limits):
            raise TypeError(f"limits must be Limits, got {brief(limits)}")
        _number("bot_delay", bot_delay, zero=True)
        self.limits: Limits = Limits() if limits is None else limits
        self.bot_delay = bot_delay
        self._bots = (*BUILT_IN_BOTS, *bots)
        self._tables: dict[str, _Live] = {}
        self._store: Store | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._sweeper: asyncio.TimerHandle | None = None

    # -- life cycle --

    def open(self, store: Store, loop: asyncio.AbstractEventLoop) -> None:
        """Attach the store and loop; restore every stored table where it was.

        Raises:
            StoreError: If a stored table cannot be restored (a corrupt or
                forged row, or a bot that can no longer be built); then no
                table is.
        """
        restored = [(row, _restore(store, row)) for row in store.tables()]
        self._store = store
        self._loop = loop
        for row, live in restored:
            self._tables[row.id] = live
            _hush(live)
            if live.table.is_over and not row.finished:
                self._finish(live)
            self._schedule(live)
        self._sweep()

    def shut(self) -> None:
        """Cancel the timers and close every connection."""
        if self._sweeper is not None:
            self._sweeper.cancel()
        for live in self._tables.values():
            if live.timer is not None:
                live.timer.cancel()
            for client in live.clients():
                client.close(1001)

    @property
    def store(self) -> Store:
        """The database (once :meth:`open` has run)."""
        assert self._store is not None, "TableManager.open was not called"
        return self._store

    # -- the lobby --

    def info(self) -> dict[str, Any]:
        """Return the presets (with their table sizes) and the bots on offer."""
        return {
            "presets": {
                name: {"max_players": presets.get(name).max_players}
                for name in presets.names()
            },
            "bots": list(self._bots),
            "protocol": PROTOCOL_VERSION,
        }

    def has_table(self, table_id: str) -> bool:
        """Whether the server holds a table with this id."""
        return table_id in self._tables

    def summaries(self) -> list[dict[str, Any]]:
        """Return every table's public summary, oldest first."""
        return [self._summary(live) for live in self._tables.values()]

    def _summary(self, live: _Live) -> dict[str, Any]:
        config = live.config
        specs = dict(zip(config.names, config.bots, strict=True))
        return {
            "id": live.id,
            "rules_name": config.rules_name,
            "mode": "hand" if config.hands == 1 else "session",
            "hands": config.hands,
            "seats": [
                {
                    "seat": seat,
                    "name": name,
                    "kind": "human" if specs.get(name) is None else "bot",
                    "bot": specs.get(name),
                    "connected": seat in live.seats,
                }
                for seat, name in enumerate(live.players)
            ],
            "status": self._status(live, None),
            "over": live.table.is_over,
            "joinable": _joinable(live),
        }

    def create(self, body: object) -> dict[str, Any]:
        """Create a table from a request; return its id, seats and join links.

        The request is a JSON object: ``preset`` (a name), optional ``rules``
        (rule options over the preset), ``seats`` (one object per seat:
        ``kind`` ``"human"`` or ``"bot"``, optional ``name``, and ``bot`` for a
        bot), and ``mode``: ``"hand"`` or ``"session"`` with ``hands``.

        Raises:
            TableError: If the request is bad (a field of the table or of a
                seat not listed here is refused, code ``unknown_field``), a
                bot the server offers cannot be built (code ``bad_bot``:
                nothing is stored), or the server is full.
        """
        if len(self._tables) >= self.limits.max_tables:
            self._sweep()
        if len(self._tables) >= self.limits.max_tables:
            raise TableError(
                "too_many_tables",
                f"the server holds its limit of {self.limits.max_tables} tables",
            )
        config = self._config(body)
        try:
            table = config.table()
        except TonkError as error:
            raise TableError("bad_rules", str(error)) from None
        table_id = secrets.token_hex(4)
        while table_id in self._tables:  # pragma: no cover - 1 in 4 billion
            table_id = secrets.token_hex(4)
        tokens = {
            seat: secrets.token_urlsafe(16)
            for seat, spec in enumerate(config.bots)
            if spec is None
        }
        try:  # its bots are built before it is stored: a restart builds them too
            live = _Live(table_id, config, table)
        except TonkError as error:  # a bot the server offers that cannot be built
            raise TableError("bad_bot", str(error)) from None
        self.store.create_table(table_id, config.to_json(), tokens, now=time.time())
        self._tables[table_id] = live
        _hush(live)
        self._process(live, table.start())
        seats = self._summary(live)["seats"]
        for seat in seats:
            if seat["seat"] in tokens:
                seat["link"] = f"/t/{table_id}#{tokens[seat['seat']]}"
        return {"id": table_id, "seats": seats, "spectate": f"/t/{table_id}"}

    def _config(self, body: object) -> _Config:
        if not isinstance(body, dict):
            raise TableError("bad_request", "a new table is a JSON object")
        _known_fields(body, _TABLE_FIELDS, "a new table")
        rules, rules_name = _rules(body)
        entries = body.get("seats")
        if not isinstance(entries, list) or not all(
            isinstance(entry, dict) for entry in entries
        ):
            raise TableError("bad_seat", "seats must be a list of objects")
        if not 2 <= len(entries) <= rules.max_players:
            raise TableError(
                "bad_seat", f"these rules seat 2..{rules.max_players} players"
            )
        names, bots = [], []
        for seat, entry in enumerate(entries):
            _known_fields(entry, _SEAT_FIELDS, "a seat")
            kind = entry.get("kind")
            if kind not in ("human", "bot"):
                raise TableError("bad_seat", "a seat's kind is 'human' or 'bot'")
            spec = _bot_spec(entry, self._bots) if kind == "bot" else None
            default = f"Player {seat + 1}" if spec is None else f"{spec} {seat + 1}"
            names.append(_name(entry, default))
            bots.append(spec)
        if len(set(names)) != len(names):
            raise TableError("bad_seat", "the seats' names must differ")
        return _Config(
            rules=rules,
            rules_name=rules_name,
            names=tuple(names),
            bots=tuple(bots),
            hands=_hands(body),
            seed=secrets.randbits(64),
        )

    # -- connections --

    def join(self, table_id: str, client: Client, hello: str) -> bool:
        """Seat a client by its ``hello``; ``False`` (with an error sent) if refused."""
        live = self._tables.get(table_id)
        try:
            if live is None:
                raise TableError("no_table", "no such table")
            data, token = self._read_hello(hello)
            chair = self._claim(live, token)
        except (TableError, ProtocolError) as error:
            code = error.code if isinstance(error, TableError) else error.code.value
            client.send({"type": "error", "code": code, "message": str(error)})
            client.send({"type": "goodbye", "reason": str(error)})
            client.close(1008)
            return False
        seat = None if chair is None else _seat_of(live, chair, live.players)
        client.table_id, client.seat, client.chair = table_id, seat, chair
        live.touched = time.time()
        if seat is None:  # a spectator, or a player who joins at the next hand
            live.spectators.add(client)
            _hush(live)
            outs = live.table.snapshot(None)
        else:
            live.seats[seat] = client
            _hush(live)
            outs = live.table.receive(seat, data)
        for out in outs:
            client.send(out.message)
        if live.table.is_over:  # what the table said to those there at its end
            client.send({"type": "goodbye"})
        self._send_views(live)
        return True

    def _read_hello(self, text: str) -> tuple[dict[str, Any], str | None]:
        """Return a client's ``hello`` without its token, and the token."""
        if len(text.encode()) > self.limits.message_bytes:
            raise TableError("too_large", "the hello is too large")
        # Measured before it is parsed: how deep the parser reads depends on
        # the Python (3.13's reads thousands deep, 3.11's stops at its
        # recursion limit), and the depth allowed must not.
        if nests_deeper(text, MAX_DEPTH):
            raise TableError(
                "too_deep",
                f"the hello nests lists and objects more than {MAX_DEPTH} deep",
            )
        try:
            data = json.loads(text)
        except ValueError:  # not JSON, or a number too long to read
            raise TableError(
                "malformed", "the first message must be a JSON hello"
            ) from None
        if not isinstance(data, dict) or data.get("type") != "hello":
            raise TableError("no_hello", "the first message must be a hello")
        token = data.pop("token", None)
        if token is not None and (not isinstance(token, str) or len(token) > 100):
            raise TableError("bad_token", "a token is text of at most 100 characters")
        hello = decode_message(json.dumps(data))
        if hello["protocol"] != PROTOCOL_VERSION:
            raise TableError(
                "version",
                f"this server speaks protocol version {PROTOCOL_VERSION}",
            )
        return hello, token

    def _claim(self, live: _Live, token: str | None) -> int | None:
        if token is None:
            return None
        chair = self.store.seat_for_token(live.id, token)
        if chair is None:
            raise TableError("bad_token", "this link opens no seat at this table")
        if any(client.chair == chair for client in live.clients()):
            raise TableError("seat_taken", "this seat is already connected elsewhere")
        return chair

    def take_seat(self, table_id: str, body: object) -> dict[str, Any]:
        """Seat a new player at a session's next hand (V47); return their link.

        The request is a JSON object with the player's ``name`` (and no
        other field). The player
        sits down when the hand in play ends; their link opens the table at
        once, to watch until then.

        Raises:
            TableError: If there is no such table, the name is bad, or the
                table refuses a join now (code ``seating``: it plays no more
                hands, or it is full).
        """
        live = self._tables.get(table_id)
        if live is None:
            raise TableError("no_table", "no such table")
        if not isinstance(body, dict):
            raise TableError("bad_request", "a join is a JSON object with a name")
        _known_fields(body, _JOIN_FIELDS, "a join")
        name = _name(body, "")
        if name in live.players:  # even one who leaves after this hand: the
            # new link would open their seat in the hand in play
            raise TableError("seating", f"{brief(name)} is already seated")
        try:
            live.table.join(name)
        except TonkError as error:
            raise TableError("seating", str(error)) from None
        token = secrets.token_urlsafe(16)
        chair = len(live.chairs)
        self._commit(live, {chair: token})
        live.chairs.append(name)
        live.touched = time.time()
        live.log.append(f"{name} joins at the next hand")
        self._send_views(live)
        return {"name": name, "link": f"/t/{table_id}#{token}"}

    def leave(self, client: Client) -> None:
        """Forget a closed connection; its seat's token may connect again."""
        live = self._tables.get(client.table_id or "")
        if live is None:
            return
        if client.seat is not None and live.seats.get(client.seat) is client:
            del live.seats[client.seat]
        live.spectators.discard(client)
        live.arriving.discard(client)
        client.table_id = None
        _hush(live)
        self._send_views(live)

    def receive(self, client: Client, text: str) -> None:
        """Take one message from a seated client and act on it."""
        live = self._tables.get(client.table_id or "")
        if live is None:
            return
        if not client.allow():
            client.send(
                {
                    "type": "error",
                    "code": "rate_limited",
                    "message": "too many messages: slow down",
                }
            )
            return
        if client.seat is None:
            client.send(
                {
                    "type": "error",
                    "code": "spectator",
                    "message": "a spectator cannot act",
                }
            )
            return
        if len(text.encode()) > self.limits.message_bytes:
            client.send(
                {
                    "type": "error",
                    "code": "too_large",
                    "message": f"a message may hold {self.limits.message_bytes} bytes",
                }
            )
            return
        live.touched = time.time()
        self._process(live, live.table.receive(client.seat, text))

    # -- play --

    def _process(self, live: _Live, outs: list[Outgoing]) -> None:
        """Commit the table's new actions, then send its messages, then go on."""
        self._commit(live)
        for out in outs:
            self._note(live, out)
            if out.to is None:
                for client in live.spectators:
                    client.send(out.message)
                if out.message["type"] == "seating":
                    _reseat(live, out.message)
            elif (seated := live.seats.get(out.to)) is not None:
                seated.send(out.message)
        for client in live.arriving:  # players who joined, now seated
            live.spectators.discard(client)
            live.seats[client.seat] = client  # type: ignore[index]
            for out in live.table.snapshot(client.seat):
                client.send(out.message)
        live.arriving.clear()
        _hush(live)
        if live.table.is_over:
            self._finish(live)
        self._schedule(live)
        self._send_views(live)

    def _commit(self, live: _Live, tokens: dict[int, str] | None = None) -> None:
        """Store the table's new actions, and joins and leaves (with ``tokens``)."""
        history = live.table.history
        rules = live.config.rules
        for number in range(live.stored, len(history)):
            action = history[number]
            item: dict[str, Any]
            if isinstance(action, _SESSION_ACTIONS):  # a choice between hands
                item = {
                    "index": None,
                    "action": format_session_action(action),
                    "session": True,
                }
            else:
                players = _players_at(live, number)
                item = {
                    "index": _index_of(action, rules, players),
                    "action": format_action(action),
                }
                if players != len(live.config.names):
                    item["players"] = players
            self.store.add_action(live.id, number, item, now=time.time())
            live.stored = number + 1
        seating = live.table.seating
        for number in range(live.stored_seating, len(seating)):
            actions, kind, name = seating[number]
            change = {"actions": actions, "kind": kind, "name": name}
            self.store.add_seating(
                live.id, number, change, tokens or {}, now=time.time()
            )
            live.stored_seating = number + 1

    def _note(self, live: _Live, out: Outgoing) -> None:
        """Keep the public log (while someone watches, see :func:`_hush`)."""
        message = out.message
        kind = message["type"]
        if out.to is not None:
            return
        if kind == "event" and message["kind"] == "deal":
            live.log.append(f"hand {message['hand']} dealt")
        elif kind == "session" and message["seat"] is not None:
            live.log.append(f"{live.name(message['seat'])}: {message['action']}")
        elif kind == "event" and message["kind"] == "action":
            live.log.append(f"{live.name(message['seat'])}: {message['action']}")
            if message["window"] is not None:
                live.log.append(f"a {message['window']} window opens")
        elif kind == "seating":
            live.seated = list(message["names"])
            live.log.append(f"the players now: {', '.join(live.seated)}")
        elif kind == "hand_over":
            net = ", ".join(
                f"{name} {amount:+}" if isinstance(amount, int) else f"{name} {amount}"
                for name, amount in zip(live.seated, message["net"], strict=True)
            )
            live.log.append(f"hand {message['hand']} over: {net}")

    def _schedule(self, live: _Live) -> None:
        """Start the bot's move, or the window's timer, for the seat to move."""
        if live.timer is not None:
            live.timer.cancel()
        live.timer, live.deadline = None, None
        waiting = live.table.waiting_for
        if not waiting or self._loop is None:
            return
        seat = waiting[0]
        if live.players[seat] in live.bots:
            humans = any(name not in live.bots for name in live.players)
            delay = self.bot_delay if humans else 0.0
            live.timer = self._loop.call_later(delay, self._bot_move, live, seat)
        elif (
            not live.choosing
            and live.hand.slap is not None
            and live.hand.slap.slapper is None
        ):
            seconds = self.limits.window_seconds
            live.deadline = time.monotonic() + seconds
            live.timer = self._loop.call_later(seconds, self._pass_for, live, seat)

    def _bot_move(self, live: _Live, seat: int) -> None:
        live.timer = None
        if self._tables.get(live.id) is not live or seat not in live.table.waiting_for:
            return
        if live.choosing:  # between hands, every bot makes the plain choice
            choice = plain_session_action(session_actions(live.table.state))
            answer = {"type": "action", "request": live.table.request}
            answer["action"] = format_session_action(choice)
            self._process(live, live.table.receive(seat, answer))
            return
        seen = observe(live.hand, seat)
        try:
            bot = live.bots[live.players[seat]]
            action = bot.choose(seen, seen.legal_actions, live.rng)
        except Exception as error:  # a user's bot may raise anything
            _log.warning("table %s: bot of seat %d failed: %r", live.id, seat, error)
            action = None
        if action not in seen.legal_actions:
            live.log.append(f"the bot of {live.name(seat)} failed: it plays the first")
            action = seen.legal_actions[0]
        message: dict[str, Any] = {"type": "action", "request": live.table.request}
        index = _index_of(action, live.hand.rules, len(live.hand.hands))
        if index is None:
            message["action"] = format_action(action)
        else:
            message["index"] = index
        self._process(live, live.table.receive(seat, message))

    def _pass_for(self, live: _Live, seat: int) -> None:
        live.timer = None
        if seat not in live.table.waiting_for:
            return
        live.log.append(f"time is up: {live.name(seat)} passes")
        message = {"type": "action", "request": live.table.request, "action": "pass"}
        self._process(live, live.table.receive(seat, message))

    def _finish(self, live: _Live) -> None:
        """Store a finished table's records and mark it finished."""
        if self.store.records(live.id):
            return
        for number, record in enumerate(live.table.records, 1):
            self.store.add_record(
                live.id, number, to_json(record), format_record(record)
            )
        self.store.finish(live.id, now=time.time())

    # -- what people see --

    def _status(self, live: _Live, seat: int | None) -> str:
        table = live.table
        if table.is_over:
            return "the table has finished"
        mover = table.waiting_for[0]
        if live.choosing:
            return _choosing_status(live, mover == seat)
        slap = live.hand.slap
        what = "to slap or pass"
        if slap is None or slap.slapper is not None:
            what = "to move"
        elif live.hand.rules.eating:
            what = "to eat or pass"
        hand = f"hand {table.state.number} of {live.config.hands}: "
        if mover == seat:
            return hand + f"your turn, {what}"
        return hand + f"{live.name(mover)} {what}"

    def _view(self, live: _Live, seat: int | None) -> dict[str, Any]:
        session = live.table.state
        result = None
        if session.last is not None:
            result = _result_text(session)
        seconds_left = None
        if live.deadline is not None:
            seconds_left = max(0.0, round(live.deadline - time.monotonic(), 1))
        over = live.table.is_over
        return {
            "type": "view",
            "seat": seat,
            "names": list(live.players),
            "kinds": ["bot" if name in live.bots else "human" for name in live.players],
            "connected": [s in live.seats for s in range(len(live.players))],
            "joinable": _joinable(live),
            "waiting": list(live.table.waiting_for),
            "status": self._status(live, seat),
            "seconds_left": seconds_left,
            "picture": ("" if session.hand is None else draw_view(session.hand, seat)),
            "standings": [[name, str(score)] for name, score in session.standings],
            "result": result,
            "log": list(live.log),
            "records": (
                [
                    {
                        "hand": number,
                        "json": f"/api/tables/{live.id}/hands/{number}.json",
                        "text": f"/api/tables/{live.id}/hands/{number}.txt",
                    }
                    for number in range(1, session.number + 1)
                ]
                if over
                else None
            ),
        }

    def _send_views(self, live: _Live) -> None:
        for client in live.clients():
            if client.views:
                client.send(self._view(live, client.seat))

    # -- records and expiry --

    def record(self, table_id: str, hand: int, kind: str) -> str:
        """Return a finished table's record of one hand, as JSON or text.

        Raises:
            TableError: If there is no such table or hand, the table is still
                playing (a record shows every hand dealt), or ``kind`` is
                neither ``"json"`` nor ``"txt"``.
        """
        if table_id not in self._tables:
            raise TableError("no_table", "no such table")
        if kind not in ("json", "txt"):
            raise TableError("no_record", "a record is .json or .txt")
        if not self._tables[table_id].table.is_over:
            raise TableError("playing", "records are shown once the table has finished")
        for number, as_json, as_text in self.store.records(table_id):
            if number == hand:
                return as_json if kind == "json" else as_text
        raise TableError("no_record", f"the table has no hand {hand}")

    def _sweep(self) -> None:
        """Delete the tables idle for too long; run again later."""
        now = time.time()
        for live in list(self._tables.values()):
            if not live.clients() and now - live.touched > self.limits.idle_seconds:
                if live.timer is not None:
                    live.timer.cancel()
                del self._tables[live.id]
                self.store.delete_table(live.id)
        if self._loop is not None:
            if self._sweeper is not None:
                self._sweeper.cancel()
            every = min(60.0, self.limits.idle_seconds / 4)
            self._sweeper = self._loop.call_later(every, self._sweep)


def _restore(store: Store, row: TableRow) -> _Live:
    """Rebuild a stored table at its last action; :class:`StoreError` if it cannot."""
    try:
        config = _Config.from_json(row.config)
        actions = [
            _stored_action(item, config.rules, len(config.names))
            for item in store.actions(row.id)
        ]
        seating = [
            (item["actions"], item["kind"], item["name"])
            for item in store.seating(row.id)
        ]
        table = Table.restore(
            config.rules,
            players=len(config.names),
            seed=config.seed,
            names=config.names,
            hands=config.hands,
            actions=actions,
            seating=seating,
        )
        live = _Live(row.id, config, table)
        live.touched = float(row.touched)
    except StoreError:
        raise
    except (TonkError, LookupError, TypeError, ValueError, AttributeError) as error:
        raise StoreError(
            f"the stored table {brief(row.id)} cannot be restored:"
            f" {type(error).__name__}: {error}"
        ) from None
    live.log.append(f"the server restarted: {len(actions)} actions restored")
    return live


def _index_of(action: Action, rules: Rules, players: int) -> int | None:
    """Return the action's index in the layout; None for a tunk, which has none."""
    if isinstance(action, Tunk):  # H5: the layout's one tunk index needs a state
        return None
    return action_to_index(action, rules, players)


def _stored_action(
    item: dict[str, Any], rules: Rules, players: int
) -> Action | SessionAction:
    """Return a stored action: by its index, or a tunk or a choice by its notation."""
    if item.get("session") or item["index"] is None:
        kind = "session_action" if item.get("session") else "action"
        document = {"format": f"tonk.{kind}", "version": 1, "action": item["action"]}
        action: Action | SessionAction = from_dict(
            document, SessionAction if item.get("session") else Action
        )
        return action
    return index_to_action(item["index"], rules, item.get("players", players))


def _players_at(live: _Live, number: int) -> int:
    """Return how many played the hand of action ``number`` (joins, leaves).

    ``number`` is a hand's action: the choices between hands before it are
    in no hand's record, and are not counted.
    """
    history = live.table.history
    number -= sum(isinstance(action, _SESSION_ACTIONS) for action in history[:number])
    first = 0  # the number of the first action of each hand in turn
    for record in live.table.records:
        first += len(record.actions)
        if number < first:
            return record.players
    return len(live.hand.hands)


def _choosing_status(live: _Live, yours: bool) -> str:
    """Return the status line while a choice between hands is made (V43, V45)."""
    session = live.table.state
    mover = live.table.waiting_for[0]
    what = "to bet" if session.phase is SessionPhase.BETTING else "to deal"
    if session.phase is SessionPhase.BEFORE_DEAL and session.rules.suit_bet:
        what = "to call a suit"
    hand = f"hand {session.number + 1} of {live.config.hands}"
    who = f"your turn, {what}" if yours else f"{live.name(mover)} {what}"
    return f"{hand}{_choice_facts(session)}: {who}"


def _joinable(live: _Live) -> bool:
    """Whether a player may ask to join (the table checks the rest: V47)."""
    session = live.table.state
    dealt = session.number + live.choosing  # the hand being chosen for counts
    return (
        not live.table.is_over
        and dealt < live.config.hands
        and len(session.players) < session.rules.max_players
    )


def _reseat(live: _Live, message: dict[str, Any]) -> None:
    """Renumber the connections after joins and leaves (a ``seating`` message).

    A player who left is cut off (their link opens the table to watch); one
    who joined and is connected, watching, is seated once the table's
    messages of this turn are sent.
    """
    seated, live.seats = live.seats, {}
    for old, client in seated.items():
        new = message["seats"][old]
        client.seat = new
        if new is None:
            client.close()
        else:
            live.seats[new] = client
    names = message["names"]
    for client in live.spectators:
        if client.chair is not None:
            client.seat = _seat_of(live, client.chair, names)
            if client.seat is None:
                live.arriving.discard(client)
            else:
                live.arriving.add(client)


def _seat_of(live: _Live, chair: int, names: Sequence[str]) -> int | None:
    """Return the seat a chair's link opens among ``names``; ``None`` to watch.

    A player who left and came back under the same name has a new chair (and
    link): the link from before opens the table to watch only.
    """
    name = live.chairs[chair]
    latest = len(live.chairs) - 1 - live.chairs[::-1].index(name)
    return names.index(name) if chair == latest and name in names else None


def _hush(live: _Live) -> None:
    """Spare the table the messages nobody reads.

    A seat with no connection (a bot's, or a person's who is away) and the
    spectators while none watches (no spectator, no page asking for views)
    get no ``event`` or ``act``: a seat that connects gets its snapshot,
    and the public log only grows while someone can read it.
    """
    watched = bool(live.spectators) or any(c.views for c in live.seats.values())
    seats = range(len(live.table.state.players))
    live.table.silent = {
        *(seat for seat in seats if seat not in live.seats),
        *(() if watched else (None,)),
    }


def draw_view(state: GameState, seat: int | None) -> str:
    """Draw the table as ``seat`` may see it, or as a spectator (``None``).

    A seat's picture is :func:`tonk.svg.draw` of its observation. A
    spectator's is drawn from an observation with that seat's own cards (its
    hand, its widow card, its legal actions) removed, for no seat: every hand
    face down but the cards everyone saw taken, as the protocol's spectator
    events hold.

    Args:
        state: The hand.
        seat: The seat looking, or ``None`` for a spectator.

    Returns:
        The SVG document.

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
        >>> draw_view(state, 1).count("class='card'")  # the hand and the discard
        6
        >>> draw_view(state, None).count("class='card'")  # only the discard
        1
    """
    if seat is not None:
        return svg.draw(observe(state, seat))
    seen = attrs.evolve(
        observe(state, 0), seat=_SPECTATOR, hand=(), widow=None, legal_actions=()
    )
    return svg.draw(seen).replace(
        f", seen by seat {_SPECTATOR}", ", seen by a spectator"
    )


def _result_text(session: Session) -> str:
    """Return the last hand's result for people: the outcome and the net amounts."""
    result = session.last
    assert result is not None
    lines = [f"hand {result.number}", *format_outcome(result.outcome).splitlines()]
    lines += [
        f"  {name}: {'+' if amount > 0 else ''}{amount}"
        for name, amount in zip(result.players, result.net, strict=True)
    ]
    return "\n".join(lines)
