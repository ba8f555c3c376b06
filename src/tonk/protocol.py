"""The table protocol: JSON messages between a table and its seats' clients.

A *table* holds the true state of a game; a *client* (a person's screen, a bot,
a program in any language) plays one seat. They exchange JSON objects, each
with a ``"type"``, one per line on a stream or one per WebSocket message:

=============  ==========  ==================================================
type           from        what
=============  ==========  ==================================================
``hello``      client      the protocol version the client speaks, a name
``welcome``    table       the version, the seat, the players, the rules
``act``        table       a request: the seat's view and its legal actions
``action``     client      the answer: the action, by notation or by index
``event``      table       what a player did, as the recipient may see it
``hand_over``  table       the hand's outcome, every transfer, the standings
``error``      both        a refused message: a code, a text, the request
``goodbye``    both        the end of the conversation
``leave``      client      the seat leaves the table after this hand (V47)
``seating``    table       between hands: who sits where now (joins, leaves)
=============  ==========  ==================================================

:class:`Table` is the table *without input or output* (as h11 and wsproto
are): it takes each client's message with :meth:`Table.receive` and returns
the messages to send, as :class:`Outgoing` values; sockets, pipes, threads and
clocks are the caller's. Every message to a seat holds only what that seat may
know (:func:`tonk.observe`); spectators get public facts only. A bad message
gets an ``error`` to its sender alone and changes nothing.

:func:`encode_message` writes a message as one line of JSON and
:func:`decode_message` reads one from untrusted text, refusing anything
malformed with a :class:`~tonk.errors.ProtocolError` whose ``code`` says why.
The JSON Schemas of every message are in the package
(``tonk/schemas/protocol.schema.json``, :func:`message_schema`); see
``docs/protocol.md`` for the worked exchange.

Examples:
    >>> import tonk
    >>> from tonk.protocol import Table, encode_message
    >>> table = Table(tonk.Rules(), players=2, seed=7)
    >>> [(out.to, out.message["type"]) for out in table.start()][-3:]
    [(1, 'event'), (None, 'event'), (0, 'act')]
    >>> table.waiting_for
    (0,)
    >>> out = table.receive(0, '{"type": "action", "request": 1, "action": "drop"}')
    >>> [each.message["type"] for each in out if each.to == 0]
    ['event', 'hand_over', 'goodbye']
    >>> encode_message({"type": "goodbye"})
    '{"type":"goodbye"}'

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import contextlib
import enum
import itertools
import json
import math
import operator
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from importlib import resources
from json.scanner import make_scanner
from operator import is_not
from pathlib import Path
from typing import Any, Final, cast

import attrs

from tonk._cache import Cache, by_identity
from tonk._codec import (
    ACTION,
    CARD,
    FRACTION,
    FRACTION_PATTERN,
    Codec,
    Object,
    codec_for,
    item,
    nests_deeper,
    object_codec,
)
from tonk._validate import brief, is_int, wrong_type
from tonk.actions import Action, Exchange, format_action
from tonk.cards import CARDS, Card
from tonk.encoding import action_to_index, index_to_action
from tonk.engine import check, legal_actions
from tonk.errors import (
    AmbiguousActionError,
    EncodingError,
    NotationError,
    ProtocolError,
    ProtocolErrorCode,
    RulesError,
    SerializationError,
    SessionError,
)
from tonk.notation import parse_action
from tonk.observation import Observation, _from_fields, observe
from tonk.records import GameRecord
from tonk.rules import Rules
from tonk.serialization import _SESSION_ACTION, to_dict
from tonk.session import (
    _JUST_DEAL,
    CallBigOne,
    CallSuit,
    Deal,
    Session,
    SessionAction,
    SessionPhase,
    SideBets,
    _choices_between_hands,
    apply_session,
    format_session_action,
    hand_seed,
    join,
    leave,
    new_session,
    parse_session_action,
    session_actions,
)
from tonk.state import GameState, Outcome, Stake

__all__ = [
    "MAX_CLIENT_BYTES",
    "MAX_DEPTH",
    "MAX_MESSAGE_BYTES",
    "PROTOCOL_VERSION",
    "ActWriter",
    "ObservationReader",
    "Outgoing",
    "Table",
    "act_message",
    "decode_message",
    "encode_act",
    "encode_message",
    "message_schema",
    "observation_json",
]

PROTOCOL_VERSION: Final = 1
"""The protocol's major version: a client speaking another one is refused."""

MAX_MESSAGE_BYTES: Final = 1_000_000
"""The largest message :func:`decode_message` reads by default, in bytes."""

MAX_CLIENT_BYTES: Final = 4_096
"""The largest message a :class:`Table` reads from a client, in bytes."""

MAX_DEPTH: Final = 16
"""The deepest nesting of lists and objects a message may have."""

_MAX_COUNT = 2**53 - 1
"""The largest whole number a message may hold: every JSON reader keeps it exact."""

_MAX_TEXT = 1_000
"""The longest text a client's field may hold, in characters."""

_Code = ProtocolErrorCode

_EVENT_KINDS: Final = ("deal", "action", "snapshot")
"""What an event tells: a new hand dealt, a player's action, a seat's view now."""


# --- messages ---------------------------------------------------------------------


# Each check first asks for the exact JSON type: the usual case, and the quickest.


def _is_count(value: object) -> bool:
    return (value.__class__ is int or is_int(value)) and 0 <= value <= _MAX_COUNT  # type: ignore[operator]


def _is_text(value: object) -> bool:
    return isinstance(value, str) and len(value) <= _MAX_TEXT


def _is_seconds(value: object) -> bool:
    return (
        (value.__class__ is float or isinstance(value, int | float))
        and not isinstance(value, bool)
        and math.isfinite(value)
        and 0 < value <= 1e6
    )


def _check_time_limit(seconds: object) -> None:
    """Refuse a time limit an ``act`` may not carry (:func:`_is_seconds`)."""
    if not _is_seconds(seconds):
        is_number = isinstance(seconds, int | float) and not isinstance(seconds, bool)
        raise (ValueError if is_number else TypeError)(
            "time_limit must be a number of seconds, 0 < seconds <= 1e6, got"
            f" {brief(seconds)}"
        )


def _is_seat(value: object) -> bool:
    return value is None or _is_count(value)


def _is_object(value: object) -> bool:
    return value.__class__ is dict or isinstance(value, Mapping)


def _is_list(value: object) -> bool:
    return value.__class__ is list or isinstance(value, list | tuple)


def _is_bool(value: object) -> bool:
    return value is True or value is False


# For each type of message: its fields, whether each is required, and the check
# of its value (only the top level: the contents of a table's observation are
# described by the schema, and a table reads none of them).
_FIELDS: Final[dict[str, dict[str, tuple[bool, Any]]]] = {
    "hello": {
        "protocol": (True, _is_count),
        "name": (False, _is_text),
        "changes": (False, _is_bool),
    },
    "welcome": {
        "protocol": (True, _is_count),
        "seat": (True, _is_seat),
        "players": (True, _is_count),
        "names": (True, _is_list),
        "rules": (True, _is_object),
        "hands": (True, _is_count),
    },
    "act": {
        "request": (True, _is_count),
        "seat": (True, _is_count),
        "observation": (False, _is_object),
        "changes": (False, _is_object),
        "session": (False, _is_object),
        "legal": (False, _is_list),
        "time_limit": (False, _is_seconds),
        "seed": (False, _is_count),
    },
    "action": {
        "request": (True, _is_count),
        "action": (False, _is_text),
        "index": (False, _is_count),
        "seat": (False, _is_count),
    },
    "event": {
        "kind": (True, lambda value: value in _EVENT_KINDS),
        "hand": (True, _is_count),
        "seat": (True, _is_seat),
        "action": (True, lambda value: value is None or _is_text(value)),
        "window": (True, lambda value: value in (None, "slap", "eat")),
        "observation": (True, _is_object),
        "standings": (True, _is_list),
    },
    "hand_over": {
        "hand": (True, _is_count),
        "outcome": (True, _is_object),
        "net": (True, _is_list),
        "standings": (True, _is_list),
        "over": (True, _is_bool),
    },
    "error": {
        "code": (True, _is_text),
        "message": (True, _is_text),
        "request": (False, _is_seat),
    },
    "goodbye": {"reason": (False, _is_text)},
    "leave": {"seat": (False, _is_count)},
    "seating": {
        "hand": (True, _is_count),
        "names": (True, _is_list),
        "seats": (True, _is_list),
    },
    "session": {
        "seat": (True, _is_seat),
        "action": (True, lambda value: value is None or _is_text(value)),
        "session": (True, _is_object),
    },
}

_FORMS: Final = {"act": (("observation", "legal"), ("changes",), ("session", "legal"))}
"""The forms of a message, by the optional fields each has: an act has a whole view
and the legal actions, or (asked for in the hello) the changes of the view, or,
between hands, the session and its choices (V43, V45)."""

_CLIENT_TYPES: Final = frozenset({"hello", "action", "error", "goodbye", "leave"})
"""The messages a client sends a table."""


def _a(kind: str) -> str:
    """Return ``kind`` of message with its article: ``an action``, ``a hello``."""
    return f"{'an' if kind[0] in 'aeiou' else 'a'} {kind}"


def _checked(data: object) -> dict[str, Any]:
    """Return ``data`` if it is a message of a known type with valid fields."""
    if data.__class__ is not dict and not isinstance(data, Mapping):
        raise ProtocolError("a message must be a JSON object", code=_Code.NOT_AN_OBJECT)
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise ProtocolError(
            f"unknown message type {brief(kind)}: expected one of {', '.join(_FIELDS)}",
            code=_Code.UNKNOWN_TYPE,
        )
    fields = _FIELDS[kind]
    for key in data:
        if key not in fields and key != "type":
            raise ProtocolError(
                f"{_a(kind)} message has no field {brief(key)}",
                code=_Code.UNKNOWN_FIELD,
            )
    for name, (required, is_valid) in fields.items():
        if name not in data:
            if required:
                raise ProtocolError(
                    f"{_a(kind)} message needs the field {name!r}",
                    code=_Code.MISSING_FIELD,
                )
        elif not is_valid(data[name]):
            raise ProtocolError(
                f"the field {name!r} of {_a(kind)} message is out of range or of"
                f" the wrong type: {brief(data[name])}",
                code=_Code.BAD_FIELD,
            )
    if kind in _FORMS:
        _check_form(kind, data)
    return data if data.__class__ is dict else dict(data)


def _check_form(kind: str, data: Mapping[str, Any]) -> None:
    """Raise unless ``data`` has exactly the fields of one of its type's forms."""
    forms = _FORMS[kind]
    present = {name for form in forms for name in form if name in data}
    if not any(present == set(form) for form in forms):
        written = ", or ".join(" and ".join(map(repr, form)) for form in forms)
        raise ProtocolError(
            f"{_a(kind)} message has either {written}", code=_Code.BAD_FIELD
        )


def encode_message(message: Mapping[str, Any]) -> str:
    r"""Write ``message`` as one line of compact JSON, without the newline.

    The text is ASCII (every other character is escaped), so it never holds a
    line break and a stream may carry one message per line.

    Args:
        message: A JSON object with a ``type``.

    Returns:
        The JSON text.

    Raises:
        TypeError: If ``message`` is not a mapping, or holds values JSON cannot
            write.
        ValueError: If it holds a float that is not finite.

    Examples:
        >>> print(encode_message({"type": "hello", "protocol": 1, "name": "Zoë"}))
        {"type":"hello","protocol":1,"name":"Zo\u00eb"}
    """
    if not isinstance(message, Mapping):
        raise TypeError(f"a message must be a mapping, got {type(message).__name__}")
    return _ENCODER.encode(message)


_ENCODER = json.JSONEncoder(separators=(",", ":"), allow_nan=False)
"""What :func:`encode_message` writes with: made once, not at every message."""


def decode_message(
    data: str | bytes | bytearray, *, max_bytes: int = MAX_MESSAGE_BYTES
) -> dict[str, Any]:
    """Read one message from untrusted JSON text and check its fields.

    The message must be a JSON object of one of the protocol's types, with
    exactly that type's fields, each of the right JSON type; whole numbers
    must lie in 0..2**53 - 1. The contents of an ``observation``, ``rules`` or
    ``outcome`` are not checked here (the schemas describe them).

    Args:
        data: The text of one message (a trailing newline is allowed).
        max_bytes: The largest message to read.

    Returns:
        The message.

    Raises:
        ProtocolError: If the text is too large, too deep, not JSON, not an
            object, of an unknown type, or has an unknown, missing or bad
            field; its ``code`` says which.
        TypeError: If ``data`` is not text or bytes, or ``max_bytes`` not an
            int.

    Examples:
        >>> decode_message('{"type": "action", "request": 3, "action": "drop"}')
        {'type': 'action', 'request': 3, 'action': 'drop'}
        >>> decode_message('{"type": "action", "request": 3, "card": "QH"}')
        Traceback (most recent call last):
        ...
        tonk.errors.ProtocolError: an action message has no field 'card'
        >>> decode_message('[1, 2]')
        Traceback (most recent call last):
        ...
        tonk.errors.ProtocolError: a message must be a JSON object
    """
    if max_bytes.__class__ is not int and not is_int(max_bytes):
        raise TypeError(f"max_bytes must be an int, got {brief(max_bytes)}")
    return _checked(_parsed(data, max_bytes))


def _parsed(data: str | bytes | bytearray, max_bytes: int) -> Any:
    """Parse untrusted JSON text within the size and depth limits.

    Unlike the document reader of :mod:`tonk.serialization`, it parses first
    and measures the depth of the parsed value, and only when the text has
    more brackets than the limit: an ``act`` is read by every bot at each
    decision, and a scan of its text costs more than the parse. A text with
    more than :data:`_PARSED_DEPTH` brackets is measured before it is parsed:
    the C parser stops a hostile depth with RecursionError, but under a
    raised recursion limit it may overflow the C stack first.
    """
    if data.__class__ is bytes or isinstance(data, bytes | bytearray):
        size = len(data)
        if size > max_bytes:
            raise _too_large(size, max_bytes)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise ProtocolError(f"not UTF-8: {error}", code=_Code.MALFORMED) from None
    elif isinstance(data, str):
        text = data
        size = len(text) if text.isascii() else len(text.encode("utf-8", "replace"))
        if size > max_bytes:
            raise _too_large(size, max_bytes)
    else:
        raise TypeError(f"a message must be str or bytes, got {type(data).__name__}")
    objects = text.count("{")
    brackets = objects + text.count("[")
    if brackets > _PARSED_DEPTH and nests_deeper(text, MAX_DEPTH):
        raise _too_deep()
    value = _loads(text, _DECODER)
    # Fewer brackets than the limit cannot nest deeper than it.
    deep = brackets > MAX_DEPTH
    if objects <= 2 and not deep and value.__class__ is dict:
        # The usual message: an object, perhaps with one object in it (an act's
        # changes); one inside a list is not counted, which only looks further.
        children = [len(child) for child in value.values() if child.__class__ is dict]
        keys = len(value) + sum(children)
    else:
        depth, keys = _shape(value, objects, deep=deep)
        if depth > MAX_DEPTH:
            raise _too_deep()
    if keys != text.count(":"):  # a key repeated, or a colon inside a text
        value = _loads(text, _PAIRS_DECODER)
    return value


_PARSED_DEPTH: Final = 1_000
"""The most brackets a message may have to be parsed before its depth is measured:
no deeper than the default recursion limit (an overflow of the C stack needs
tens of thousands)."""


def _loads(text: str, decoder: json.JSONDecoder) -> Any:
    """Parse JSON text with ``decoder``."""
    try:
        return decoder.decode(text)
    except RecursionError:
        raise _too_deep() from None
    except ValueError as error:  # JSONDecodeError, or an int too long to read
        raise ProtocolError(f"not JSON: {error}", code=_Code.MALFORMED) from None


def _too_large(size: int, limit: int) -> ProtocolError:
    return ProtocolError(
        f"the message is {size} bytes, more than the limit of {limit}",
        code=_Code.TOO_LARGE,
    )


def _too_deep() -> ProtocolError:
    return ProtocolError(
        f"the message nests lists and objects more than {MAX_DEPTH} deep",
        code=_Code.TOO_DEEP,
    )


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """Build a JSON object, refusing a repeated key."""
    built = dict(pairs)
    if len(built) != len(pairs):
        raise ValueError("a key is repeated in an object")
    return built


def _not_a_number(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


# Made once: json.loads with options builds a decoder at every call.
_DECODER = json.JSONDecoder(parse_constant=_not_a_number)
"""Reads JSON text, objects as dicts (in C), refusing NaN and the infinities."""
_PAIRS_DECODER = json.JSONDecoder(
    object_pairs_hook=_object, parse_constant=_not_a_number
)
"""Reads JSON text as :data:`_DECODER` does, refusing a repeated key too."""
_SCAN: Final = make_scanner(_DECODER)  # type: ignore[arg-type]  # typeshed's TODO
"""Reads one JSON value as :data:`_DECODER` does, from an index of a text on."""


def _shape(value: Any, objects: int, *, deep: bool) -> tuple[int, int]:
    """Return how deep ``value`` nests lists and objects, and its objects' keys.

    It goes level by level and stops past :data:`MAX_DEPTH`, and, unless
    ``deep`` asks for the depth, once it has counted ``objects`` objects (the
    text's opening braces: a brace inside a text only makes it look further).
    Every key of an object is followed by a colon in the text, and a colon
    elsewhere stands inside a text: so when the keys are as many as the
    text's colons, no key is repeated in an object (which :func:`json.loads`
    would let pass, the last value winning), without building each object in
    Python.
    """
    depth = keys = found = 0
    level = [value] if value.__class__ is dict or value.__class__ is list else []
    while level and depth <= MAX_DEPTH:
        depth += 1
        sizes = [len(item) for item in level if item.__class__ is dict]
        keys += sum(sizes)
        found += len(sizes)
        if found >= objects and not deep:
            break
        level = [
            child
            for item in level
            for child in (item.values() if item.__class__ is dict else item)
            if child.__class__ is dict or child.__class__ is list
        ]
    return depth, keys


def message_schema() -> dict[str, Any]:
    """Return the JSON Schema of every protocol message, as shipped in the package.

    Examples:
        >>> schema = message_schema()
        >>> schema["title"], len(schema["oneOf"])
        ('tonk table protocol message', 11)
    """
    text = resources.files("tonk").joinpath(*_SCHEMA_PATH).read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


_SCHEMA_PATH = ("schemas", "protocol", "message.schema.json")
"""Where the schema of the messages ships, inside the package."""

_COUNT_SCHEMA = {"type": "integer", "minimum": 0, "maximum": _MAX_COUNT}
_TEXT_SCHEMA = {"type": "string", "maxLength": _MAX_TEXT}
_COUNT_OR_NULL_SCHEMA = {"anyOf": [_COUNT_SCHEMA, {"type": "null"}]}
_STAKE_SCHEMA = {
    "anyOf": [
        {"type": "integer"},
        {"type": "string", "pattern": f"^{FRACTION_PATTERN}$"},
    ]
}


def _closed(properties: dict[str, Any], required: Sequence[str]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": list(required),
        "additionalProperties": False,
    }


def _field_schemas(defs: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Return the schema of each field, by message type and field name."""
    standings = {
        "type": "array",
        "items": _closed(
            {"name": {"type": "string"}, "score": _STAKE_SCHEMA}, ["name", "score"]
        ),
    }
    legal = _closed(
        {
            "action": {"anyOf": [ACTION.schema(defs), _SESSION_ACTION.schema(defs)]},
            "index": _COUNT_OR_NULL_SCHEMA,
        },
        ["action", "index"],
    )
    observation = {"$ref": "#/$defs/SeatView"}
    between = {"$ref": "#/$defs/SessionView"}
    return {
        "hello": {
            "protocol": _COUNT_SCHEMA,
            "name": _TEXT_SCHEMA,
            "changes": {"type": "boolean"},
        },
        "welcome": {
            "protocol": _COUNT_SCHEMA,
            "seat": _COUNT_OR_NULL_SCHEMA,
            "players": _COUNT_SCHEMA,
            "names": {"type": "array", "items": {"type": "string"}},
            "rules": {"$ref": "#/$defs/RulesDocument"},
            "hands": _COUNT_SCHEMA,
        },
        "act": {
            "request": _COUNT_SCHEMA,
            "seat": _COUNT_SCHEMA,
            "observation": observation,
            "changes": {"$ref": "#/$defs/SeatViewChanges"},
            "session": between,
            "legal": {"type": "array", "items": legal},
            "time_limit": {"type": "number", "exclusiveMinimum": 0, "maximum": 1e6},
            "seed": _COUNT_SCHEMA,
        },
        "action": {
            "request": _COUNT_SCHEMA,
            "action": _TEXT_SCHEMA,
            "index": _COUNT_SCHEMA,
            "seat": _COUNT_SCHEMA,
        },
        "event": {
            "kind": {"enum": list(_EVENT_KINDS)},
            "hand": _COUNT_SCHEMA,
            "seat": _COUNT_OR_NULL_SCHEMA,
            "action": {"anyOf": [_TEXT_SCHEMA, {"type": "null"}]},
            "window": {"enum": ["slap", "eat", None]},
            "observation": observation,
            "standings": standings,
        },
        "hand_over": {
            "hand": _COUNT_SCHEMA,
            "outcome": _OUTCOME.schema(defs),
            "net": {"type": "array", "items": _STAKE_SCHEMA},
            "standings": standings,
            "over": {"type": "boolean"},
        },
        "error": {
            "code": {"enum": [code.value for code in ProtocolErrorCode]},
            "message": _TEXT_SCHEMA,
            "request": _COUNT_OR_NULL_SCHEMA,
        },
        "goodbye": {"reason": _TEXT_SCHEMA},
        "leave": {"seat": _COUNT_SCHEMA},
        "seating": {
            "hand": _COUNT_SCHEMA,
            "names": {"type": "array", "items": {"type": "string"}},
            "seats": {"type": "array", "items": _COUNT_OR_NULL_SCHEMA},
        },
        "session": {
            "seat": _COUNT_OR_NULL_SCHEMA,
            "action": {"anyOf": [_SESSION_ACTION.schema(defs), {"type": "null"}]},
            "session": between,
        },
    }


def _seat_view_schema(defs: dict[str, Any]) -> dict[str, Any]:
    """Return the schema of an ``observation`` field: a seat's or the public view."""
    properties = {"format": {"const": "tonk.observation"}, "version": {"const": 1}}
    properties.update((name, codec.schema(defs)) for name, codec in _OBSERVATION_FIELDS)
    properties["seat"] = _COUNT_OR_NULL_SCHEMA
    return {
        "description": (
            "What the recipient may see: the observation's document without its"
            " rules (the welcome gives them); for spectators, seat null and no"
            " hand, widow or legal actions."
        ),
        **_closed(properties, list(properties)),
    }


def _session_view_schema() -> dict[str, Any]:
    """Return the schema of a ``session`` field: the session between hands."""
    seats = {"type": "array", "items": _COUNT_SCHEMA}
    return {
        "description": (
            "The session as everyone sees it (V43, V45): its phase, the hand in"
            " play or to be dealt next, the dealer, the seats still to bet, the"
            " Big One's deals left, the suit called, who bet on it, who is in"
            " the naturals pot and what it holds."
        ),
        **_closed(
            {
                "phase": {"enum": [phase.value for phase in SessionPhase]},
                "hand": _COUNT_SCHEMA,
                "dealer": _COUNT_SCHEMA,
                "betting": seats,
                "big_one_left": _COUNT_OR_NULL_SCHEMA,
                "called_suit": {"enum": ["C", "D", "H", "S", None]},
                "suit_bettors": seats,
                "naturals_players": {"type": "array", "items": {"type": "string"}},
                "naturals_pot": _STAKE_SCHEMA,
            },
            [
                "phase",
                "hand",
                "dealer",
                "betting",
                "big_one_left",
                "called_suit",
                "suit_bettors",
                "naturals_players",
                "naturals_pot",
            ],
        ),
    }


def _forms_schema(forms: Sequence[tuple[str, ...]]) -> list[dict[str, Any]]:
    """Return a message's forms as schemas: each its fields, and none of the others'."""
    return [
        {
            "required": list(form),
            "not": {
                "anyOf": [
                    {"required": [name]}
                    for name in dict.fromkeys(
                        name for other in forms for name in other if name not in form
                    )
                ]
            },
        }
        for form in forms
    ]


def _changes_schema(view: dict[str, Any]) -> dict[str, Any]:
    """Return the schema of an act's ``changes``: some fields of a seat's view."""
    properties = {
        name: {"$ref": f"#/$defs/SeatView/properties/{name}"}
        for name in view["properties"]
        if name not in ("format", "version")
    }
    return {
        "description": (
            "The fields of the seat's view that changed since the act before"
            " (the client asked for changes in its hello); the others keep"
            " their values."
        ),
        **_closed(properties, []),
    }


def _build_schema() -> dict[str, Any]:
    """Return the JSON Schema of every message, built from the codecs and fields."""
    defs: dict[str, Any] = {}
    fields = _field_schemas(defs)
    defs["SeatView"] = _seat_view_schema(defs)
    defs["SeatViewChanges"] = _changes_schema(defs["SeatView"])
    defs["SessionView"] = _session_view_schema()
    defs["RulesDocument"] = {
        "description": (
            "The rules, as a tonk.rules document: rules.schema.json, beside this"
            " file's directory, describes it."
        ),
        "type": "object",
        "properties": {"format": {"const": "tonk.rules"}, "version": {"const": 1}},
        "required": ["format", "version"],
    }
    for kind, properties in fields.items():
        required = [name for name, (needed, _) in _FIELDS[kind].items() if needed]
        defs[_message_name(kind)] = _closed(
            {"type": {"const": kind}, **properties}, ["type", *required]
        )
        if kind in _FORMS:
            defs[_message_name(kind)]["oneOf"] = _forms_schema(_FORMS[kind])
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "tonk table protocol message",
        "description": (
            f"One message of the tonk table protocol, version {PROTOCOL_VERSION}:"
            " a JSON object whose type says which."
        ),
        "oneOf": [{"$ref": f"#/$defs/{_message_name(kind)}"} for kind in fields],
        "$defs": dict(sorted(defs.items())),
    }


def _message_name(kind: str) -> str:
    return "".join(part.title() for part in kind.split("_")) + "Message"


def _schema_text() -> str:
    """Return the text of the shipped schema file."""
    return json.dumps(_build_schema(), indent=2) + "\n"


def _write_schema() -> None:
    """Write the shipped schema file (run after changing a message)."""
    path = Path(__file__).parent.joinpath(*_SCHEMA_PATH)
    path.parent.mkdir(exist_ok=True)
    path.write_text(_schema_text(), encoding="utf-8")


# --- the JSON of what a seat sees ---------------------------------------------------

_OBSERVATION = object_codec(Observation)
_OUTCOME = object_codec(Outcome)

_OBSERVATION_FIELDS = tuple(
    (name, field.codec)
    for name, field in _OBSERVATION.fields.items()
    if name != "rules"
)
_OBSERVATION_KEYS = frozenset(
    {"format", "version", *(name for name, _ in _OBSERVATION_FIELDS)}
)

_Writer = Callable[[Any], Any]
_Reader = Callable[[Any], Any]

_SCALARS: Final = frozenset({str, int, bool, float, type(None)})
"""The types of the JSON values that hold no others."""


def _same(known: Any, value: Any) -> bool:
    """Return whether ``value`` is the JSON value ``known`` read before.

    Equal, and of the same JSON type throughout: Python's ``==`` takes
    ``1``, ``1.0`` and ``true`` for one another, which a reader must not
    (a field read again from the value before it is not checked again).
    """
    if known.__class__ is not value.__class__ or known != value:
        return False
    if known.__class__ is dict:  # the same keys: their values, in one order
        value = [value[key] for key in known]
        known = list(known.values())
    elif known.__class__ is not list:
        return True
    kinds = list(map(type, known))
    return kinds == list(map(type, value)) and (
        _SCALARS.issuperset(kinds) or all(map(_same, known, value))
    )


_CARD_TEXTS: Final = tuple(str(card) for card in CARDS)
"""The notation of each card, by code."""

_MOST_TEXTS = 10_000
"""How many texts (cards and actions read, actions' entries) a cache keeps."""

_PARSED: dict[Codec, dict[str, Any]] = {}
"""The texts read (cards, actions), by their codec: what each stands for."""


def _card_texts(cards: Sequence[Card]) -> list[str]:
    return [_CARD_TEXTS[card.code] for card in cards]


def _writer(codec: Codec) -> _Writer | None:
    """Return a quicker way than ``codec.encode`` to write what a seat sees.

    ``None`` when the value is its own JSON (an int, a bool). The codec's own
    ``encode`` is the way for the rest (spreads, outcomes, windows: rarely
    there, or few).
    """
    if codec.kind in ("int", "bool"):
        return None
    if codec.kind == "str" and isinstance(getattr(codec, "cls", None), enum.EnumMeta):
        return _ENUM_VALUE
    items = getattr(codec, "items", None)
    if codec.kind == "list" and isinstance(items, Codec) and not codec.unique:  # type: ignore[attr-defined]
        if items is CARD:
            return _card_texts
        if items.kind in ("int", "bool"):
            return list
        if items.kind == "str":
            encode = items.encode
            return lambda values: list(map(encode, values))
        inner = _writer(items)
        if inner is not None:
            return lambda values: [inner(value) for value in values]
    members = getattr(codec, "members", ())
    if any(member.kind == "null" for member in members):
        encode = codec.encode
        return lambda value: None if value is None else encode(value)
    return codec.encode


_ENUM_VALUE = operator.attrgetter("value")


def _reader(codec: Codec, path: str) -> _Reader:
    """Return a quicker way than ``codec.decode`` to read one field of a view.

    It reads what a table writes (ints, cards, actions, phases...) with one
    check of each value's type, and leaves the rest, and anything it does not
    recognise, to ``codec.decode``, whose error names the bad part.
    """
    decode = codec.decode
    if codec.kind == "int":
        return lambda value: value if value.__class__ is int else decode(value, path)
    if codec.kind == "bool":
        return lambda value: (
            value if value is True or value is False else decode(value, path)
        )
    cls = getattr(codec, "cls", None)
    if codec.kind == "str" and isinstance(cls, enum.EnumMeta):
        listed: list[Any] = list(cls)
        members = {each.value: each for each in listed}

        def member(value: Any) -> Any:
            found = members.get(value) if value.__class__ is str else None
            return decode(value, path) if found is None else found

        return member
    items = getattr(codec, "items", None)
    if codec.kind == "list" and isinstance(items, Codec) and not codec.unique:  # type: ignore[attr-defined]
        if items.kind in ("int", "bool"):
            kinds = {int} if items.kind == "int" else {bool}

            def scalars(values: Any) -> Any:
                # The types' set is built in C, not by a test of each value in Python.
                if values.__class__ is list and kinds.issuperset(map(type, values)):
                    return tuple(values)
                return decode(values, path)

            return scalars
        if items.kind == "str":
            return _text_reader(decode, items, path)
        if isinstance(items, Object):
            return _ObjectsReader(decode, items, path)
    return lambda value: decode(value, path)


def _text_reader(decode: Any, items: Codec, path: str) -> _Reader:
    """Return a reader of a list of texts (cards, actions): each parsed once.

    The same few texts (``"QH"``, ``"discard QH"``) come back in every message,
    and in every conversation: the readers of a kind of text share what they
    parsed (a text reads the same under any rules), so a new reader, at each
    ``welcome``, does not parse them all again.
    """
    parsed = _PARSED.setdefault(items, {})
    read = items.decode

    def texts(values: Any) -> Any:
        if values.__class__ is not list:
            return decode(values, path)
        try:
            return tuple([parsed[text] for text in values])  # the usual case
        except (KeyError, TypeError):  # a text not read before, or not a text
            return read_each(values)

    def read_each(values: list[Any]) -> tuple[Any, ...]:
        if len(parsed) > _MOST_TEXTS:
            parsed.clear()
        decoded = []
        for index, text in enumerate(values):
            known = parsed.get(text) if text.__class__ is str else None
            if known is None:
                known = parsed[text] = read(text, item(path, index))
            decoded.append(known)
        return tuple(decoded)

    return texts


class _ObjectsReader:
    """A reader of a list of objects (spreads) that reads only the new ones.

    Spreads are laid one at a time and hit one at a time: an object equal to
    the one at its place in the list read before is that one's value. A new
    one is read field by field with the quick readers, and, if anything is
    amiss, again by ``items.decode``, whose error names the bad part. The
    list read before is one conversation's: :meth:`fresh` gives a reader
    with the same readers of the fields and no list read.
    """

    __slots__ = ("_decode", "_fields", "_items", "_last", "_path")

    def __init__(
        self,
        decode: Any,
        items: Object,
        path: str,
        fields: dict[str, _Reader] | None = None,
    ) -> None:
        self._decode = decode
        self._items = items
        self._path = path
        if fields is None:
            fields = {
                name: _reader(field.codec, f"{path}[].{name}")
                for name, field in items.fields.items()
            }
        self._fields = fields
        self._last: list[tuple[Any, Any]] = []

    def fresh(self) -> _ObjectsReader:
        """Return a reader like this one that has read nothing."""
        return _ObjectsReader(self._decode, self._items, self._path, self._fields)

    def __call__(self, values: Any) -> Any:
        if values.__class__ is not list:
            return self._decode(values, self._path)
        last = self._last
        known = len(last)
        decoded = tuple(
            [
                last[index][1]
                if index < known and _same(last[index][0], value)
                else self._read(value, index)
                for index, value in enumerate(values)
            ]
        )
        last[:] = zip(values, decoded, strict=True)
        return decoded

    def _read(self, value: Any, index: int) -> Any:
        fields = self._fields
        items = self._items
        if value.__class__ is dict and fields.keys() >= value.keys():
            with contextlib.suppress(SerializationError):
                return items.build(
                    {name: fields[name](each) for name, each in value.items()},
                    self._path,
                )
        return items.decode(value, item(self._path, index))


_WRITERS = tuple((name, _writer(codec)) for name, codec in _OBSERVATION_FIELDS)

_READERS = tuple(
    (name, _reader(codec, f"$.observation.{name}"))
    for name, codec in _OBSERVATION_FIELDS
)
"""Each field's reader, made once: an :class:`ObservationReader` takes them
all, and a reader of its own of each list of objects (the spreads), whose
memory is its conversation's."""


_SCALAR_CODECS: Final = (codec_for(int), codec_for(bool))


def _texts_only(codec: Codec) -> bool:
    """Return whether ``codec`` writes only texts and nulls: ``==`` tells them apart."""
    if codec.kind in ("str", "null"):
        return True
    items = getattr(codec, "items", None)
    if codec.kind == "list" and isinstance(items, Codec):
        return _texts_only(items)
    members: Sequence[Codec] = getattr(codec, "members", ())
    return bool(members) and all(map(_texts_only, members))


_SAME: Final[dict[str, Callable[[Any, Any], bool] | None]] = {
    name: operator.eq
    if _texts_only(codec)
    else None
    if codec.kind in ("int", "bool")
    or (codec.kind == "list" and getattr(codec, "items", None) in _SCALAR_CODECS)
    else _same
    for name, codec in _OBSERVATION_FIELDS
}
"""How to tell that each field holds the JSON value read before: by ``==``
when the JSON holds only texts (the cards, the actions), else by :func:`_same`;
``None`` for a field that is read as quickly as it is compared (a number, a
flag, a list of them), which is read again."""

_CARD_JSON: Final = tuple(f'"{text}"' for text in _CARD_TEXTS)
"""Each card as JSON, by code."""

_BOOL_JSON: Final = {False: "false", True: "true"}


_notation: Final = by_identity(
    lambda action: _ENCODER.encode(format_action(action)), limit=_MOST_TEXTS
)
"""Return an action's notation as JSON."""


def _fragment_writer(
    name: str, codec: Codec, write: _Writer | None
) -> Callable[[Any], str]:
    """Return what writes a field of a view as ``,"name":value``, an ``act``'s fragment.

    The usual kinds (ints, phases, lists of cards, counts, flags and actions)
    are written directly, each with its key in one call (the fragments of a
    flag or a phase are made once); each object of a list (a spread) is
    written once while it lives; the rest by the JSON encoder from
    ``write``'s value.
    """
    key = f',"{name}":'
    cls = getattr(codec, "cls", None)
    items = getattr(codec, "items", None)
    if codec.kind == "int":
        return lambda value: key + str(value)
    if codec.kind == "bool":
        return {flag: key + text for flag, text in _BOOL_JSON.items()}.__getitem__
    if codec.kind == "str" and isinstance(cls, enum.EnumMeta):
        listed: list[Any] = list(cls)
        members = {member: key + _ENCODER.encode(member.value) for member in listed}
        return members.__getitem__
    opening = key + "["
    if codec.kind == "list" and isinstance(items, Codec) and not codec.unique:  # type: ignore[attr-defined]
        if items is CARD:
            return lambda cards: (
                opening + ",".join([_CARD_JSON[card.code] for card in cards]) + "]"
            )
        if items is ACTION:
            return lambda actions: opening + ",".join(map(_notation, actions)) + "]"
        if items.kind == "int":
            return lambda values: opening + ",".join(map(str, values)) + "]"
        if items.kind == "bool":
            return lambda values: (
                opening + ",".join(map(_BOOL_JSON.__getitem__, values)) + "]"
            )
        if items.kind == "object":
            encode = items.encode
            element = by_identity(
                lambda value: _ENCODER.encode(encode(value)), limit=_MOST_TEXTS
            )
            return lambda values: opening + ",".join(map(element, values)) + "]"
    assert write is not None
    return lambda value: key + _ENCODER.encode(write(value))


def observation_json(observation: Observation) -> dict[str, Any]:
    """Return what a seat sees as the ``observation`` of an ``act`` or ``event``.

    It is the observation's document (``tonk.to_dict``) without its ``rules``,
    which the ``welcome`` message gives once: every field of
    :class:`~tonk.observation.Observation`, cards in notation, and the legal
    actions in action notation.

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
        >>> seen = observation_json(tonk.observe(state, 1))
        >>> seen["seat"], seen["hand"], seen["legal_actions"]
        (1, ['AC', '2D', '5D', '6H', '2S'], ['drop', 'draw stock', 'draw discard'])
        >>> "rules" in seen
        False
    """
    if not isinstance(observation, Observation):
        raise wrong_type("observation", Observation, observation)
    data: dict[str, Any] = {"format": "tonk.observation", "version": 1}
    for name, write in _WRITERS:
        value = getattr(observation, name)
        data[name] = value if write is None else write(value)
    return data


class ObservationReader:
    """Read the observations of one table's messages, under its rules.

    The reverse of :func:`observation_json`, with the ``rules`` of the
    ``welcome``. Each field is checked for its type and notation; the
    observation as a whole is not checked against the rules (a client trusts
    its table; :func:`tonk.from_dict` checks a whole observation document). A
    field equal to the same field of the observation read before is not read
    again: most of a seat's view is the same from one request to the next.
    An act's ``changes`` (:class:`ActWriter`) are read onto the observation
    read last.

    Args:
        rules: The rules the ``welcome`` gave.

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
        >>> seen = tonk.observe(state, 1)
        >>> reader = ObservationReader(tonk.Rules())
        >>> reader.read(observation_json(seen)) == seen
        True
        >>> reader.read_changes({"stock_size": 40}).stock_size
        40
        >>> reader.read({"format": "tonk.observation", "version": 1, "seat": 1})
        Traceback (most recent call last):
        ...
        tonk.errors.ProtocolError: an observation needs the field 'dealer'

    .. versionadded:: 0.2.0
    """

    def __init__(self, rules: Rules) -> None:
        """Read under ``rules``."""
        if not isinstance(rules, Rules):
            raise wrong_type("rules", Rules, rules)
        self.rules = rules
        self._last: dict[str, tuple[Any, Any]] = {}
        readers = tuple(
            (name, read.fresh() if isinstance(read, _ObjectsReader) else read)
            for name, read in _READERS
        )
        self._reading = dict(readers)
        self._checked = tuple((name, read, _SAME[name]) for name, read in readers)
        self._values: dict[str, Any] | None = None
        """The fields of the observation read last, for the changes to come."""

    def read(self, data: Mapping[str, Any]) -> Observation:
        """Return the observation ``data`` (an ``observation`` field) describes.

        Raises:
            ProtocolError: If a field is missing, unknown or malformed (code
                ``bad_field``).
        """
        if not isinstance(data, Mapping):
            raise ProtocolError(
                "an observation must be an object", code=_Code.BAD_FIELD
            )
        if data.get("format") != "tonk.observation" or data.get("version") != 1:
            raise ProtocolError(
                "an observation must be a tonk.observation document of version 1",
                code=_Code.BAD_FIELD,
            )
        if len(data) != len(_OBSERVATION_KEYS) or not _OBSERVATION_KEYS.issuperset(
            data
        ):
            self._check_keys(data)
        last = self._last
        values: dict[str, Any] = {"rules": self.rules}
        try:
            for name, read, same in self._checked:
                value = data[name]
                if same is None:
                    values[name] = read(value)
                    continue
                known = last.get(name)
                if known is not None and same(known[0], value):
                    values[name] = known[1]
                    continue
                values[name] = decoded = read(value)
                last[name] = (value, decoded)
        except SerializationError as error:
            raise ProtocolError(str(error), code=_Code.BAD_FIELD) from None
        observation = _from_fields(values)
        self._values = values
        return observation

    def read_act(self, line: bytes) -> tuple[Observation, dict[str, Any]]:
        r"""Read an ``act`` message from one line; return its view and the message.

        The message is :func:`decode_message`'s, and the view its
        ``observation`` read by :meth:`read` or its ``changes`` read by
        :meth:`read_changes`. An act with changes on a line as an
        :class:`ActWriter` writes it (its fields in that order, the text
        without spaces, no object in the changes) is read more quickly, to
        the same result: the JSON parser alone, then a check of each field.

        Raises:
            ProtocolError: If the line is not a valid message (as
                :func:`decode_message` says), not an ``act`` with a view (code
                ``bad_field``: an act with a ``session`` has none), or its
                view is malformed.
            TypeError: If ``line`` is not bytes.

        Examples:
            >>> import tonk
            >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
            >>> writer = ActWriter(changes=True)
            >>> reader = ObservationReader(tonk.Rules())
            >>> line = writer.write(tonk.observe(state, 1), request=1).encode()
            >>> seen, act = reader.read_act(line)
            >>> act["request"], seen.stock_size
            (1, 41)
            >>> state = tonk.apply(state, tonk.DrawStock())
            >>> line = writer.write(tonk.observe(state, 1), request=2, seed=5).encode()
            >>> seen, act = reader.read_act(line + b"\n")
            >>> act["seed"], sorted(act["changes"]), seen.stock_size
            (5, ['hand', 'hand_sizes', 'legal_actions', 'phase', 'stock_size'], 40)
            >>> reader.read_act(b'{"type":"goodbye"}')
            Traceback (most recent call last):
            ...
            tonk.errors.ProtocolError: a goodbye message where an act was expected

        .. versionadded:: 0.2.0
        """
        if line.__class__ is not bytes and not isinstance(line, bytes):
            raise TypeError(f"line must be bytes, got {type(line).__name__}")
        message = _quick_act(line)
        if message is None:
            message = decode_message(line)
            if message["type"] != "act":
                raise ProtocolError(
                    f"{_a(message['type'])} message where an act was expected",
                    code=_Code.BAD_FIELD,
                )
        if "changes" in message:
            return self.read_changes(message["changes"]), message
        if "session" in message:
            raise ProtocolError(
                "an act with a session asks for a choice between hands, and has"
                " no view of a hand to read",
                code=_Code.BAD_FIELD,
            )
        return self.read(message["observation"]), message

    def read_changes(self, changes: Mapping[str, Any]) -> Observation:
        """Return the observation read last, changed as ``changes`` (an act's) says.

        ``changes`` holds some fields of a view, without ``format`` and
        ``version``; the others keep their values. The observation returned
        is the one the next changes apply to.

        Raises:
            ProtocolError: If no observation was read before, or a field is
                unknown or malformed (code ``bad_field``).

        .. versionadded:: 0.2.0
        """
        if changes.__class__ is not dict and not isinstance(changes, Mapping):
            raise ProtocolError(
                "the changes of a view must be an object", code=_Code.BAD_FIELD
            )
        if self._values is None:
            raise ProtocolError(
                "the changes of a view came before any whole view",
                code=_Code.BAD_FIELD,
            )
        reading = self._reading
        if not reading.keys() >= changes.keys():
            unknown = next(name for name in changes if name not in reading)
            raise ProtocolError(
                f"an observation has no field {brief(unknown)}", code=_Code.BAD_FIELD
            )
        values = dict(self._values)
        try:
            for name, value in changes.items():
                values[name] = reading[name](value)
        except SerializationError as error:
            raise ProtocolError(str(error), code=_Code.BAD_FIELD) from None
        observation = _from_fields(values)
        self._values = values
        return observation

    @staticmethod
    def _check_keys(data: Mapping[str, Any]) -> None:
        """Raise why ``data`` does not have exactly an observation's fields."""
        unknown = set(data) - _OBSERVATION_KEYS
        if unknown:
            raise ProtocolError(
                f"an observation has no field {brief(min(unknown))}",
                code=_Code.BAD_FIELD,
            )
        for name, _ in _OBSERVATION_FIELDS:
            if name not in data:
                raise ProtocolError(
                    f"an observation needs the field {name!r}", code=_Code.BAD_FIELD
                )


_CHANGES_ACTS: Final = frozenset(
    ("type", "request", "seat", "changes", *more)
    for more in ((), ("time_limit",), ("seed",), ("time_limit", "seed"))
)
"""The fields of an act with changes, in the order :class:`ActWriter` writes them."""


def _quick_act(line: bytes) -> dict[str, Any] | None:
    """Return the act with changes on ``line``, if written as an ActWriter writes it.

    Only a message :func:`decode_message` reads, to the same value, is
    returned; ``None`` for any other line, which it then reads (and whose
    fault it names). Such a line has two objects, the act and its changes:
    with a count of the brackets for the depth and one of the colons for
    the keys (a repeated key, or a colon inside a text, makes more colons
    than keys), it needs no walk of the value read.
    """
    if (
        not line.startswith(b'{"type":"act","request":')
        or len(line) > MAX_MESSAGE_BYTES
    ):
        return None
    if line.count(b"{") != 2 or 2 + line.count(b"[") > MAX_DEPTH:
        return None
    try:
        text = line.decode("utf-8")
        # The C scanner itself, without JSONDecoder.decode's Python around it:
        # the line begins with the act's brace, and ends with it or a newline.
        value, end = _SCAN(text, 0)
    except (StopIteration, ValueError, RecursionError):  # decode_message says
        return None
    if end != len(text) and text[end:] != "\n":
        return None
    if value.__class__ is not dict or tuple(value) not in _CHANGES_ACTS:
        return None
    changes = value["changes"]
    if (
        changes.__class__ is not dict
        or line.count(b":") != len(value) + len(changes)
        or not (_is_count(value["request"]) and _is_count(value["seat"]))
        or not ("seed" not in value or _is_count(value["seed"]))
        or not ("time_limit" not in value or _is_seconds(value["time_limit"]))
    ):
        return None
    return value


def _session_message(
    session: Session,
    actor: int | None = None,
    action: SessionAction | None = None,
) -> dict[str, Any]:
    """Return the ``session`` message: a choice between hands, or (none) the session."""
    return {
        "type": "session",
        "seat": actor,
        "action": None if action is None else format_session_action(action),
        "session": _session_json(session),
    }


_SESSION_ACTIONS: Final = (Deal, CallBigOne, CallSuit, SideBets)
"""The classes of :data:`~tonk.session.SessionAction`, for ``isinstance``."""


def _public_json(state: GameState) -> dict[str, Any]:
    """Return what a spectator sees: an observation without any seat's own cards."""
    data = observation_json(observe(state, 0))
    data.update(seat=None, hand=[], widow=None, legal_actions=[])
    return data


def _session_json(session: Session) -> dict[str, Any]:
    """Return the session as everyone sees it: a ``session`` field (V43, V45)."""
    playing = session.phase in (SessionPhase.PLAYING, SessionPhase.OVER)
    suit = session.called_suit
    return {
        "phase": session.phase.value,
        "hand": session.number if playing else session.number + 1,
        "dealer": session.dealer,
        "betting": list(session.betting),
        "big_one_left": session.big_one_left,
        "called_suit": None if suit is None else suit.value,
        "suit_bettors": sorted(session.suit_bettors),
        "naturals_players": sorted(session.naturals_players),
        "naturals_pot": _stake(session.naturals_pot),
    }


def _stake(amount: Stake) -> int | str:
    """Write an amount: an int, or a fraction as ``"n/d"``."""
    if isinstance(amount, Fraction):
        written: str = FRACTION.encode(amount)
        return written
    return amount


def _standings(session: Session) -> list[dict[str, Any]]:
    return [{"name": name, "score": _stake(score)} for name, score in session.standings]


def _seen_action(action: Action, actor: int, recipient: int | None) -> str:
    """Write ``action`` as ``recipient`` sees it: an exchange's card stays hidden."""
    if isinstance(action, Exchange) and recipient != actor:
        return "exchange"
    return format_action(action)


def _window(state: GameState) -> str | None:
    if state.slap is None:
        return None
    return "eat" if state.rules.eating else "slap"


def _event_message(
    session: Session,
    recipient: int | None,
    *,
    kind: str,
    actor: int | None = None,
    action: Action | None = None,
) -> dict[str, Any]:
    """Return the ``event`` message for ``recipient`` (``None``: spectators)."""
    state = session.hand
    assert state is not None
    return {
        "type": "event",
        "kind": kind,
        "hand": session.number,
        "seat": actor,
        "action": None
        if action is None or actor is None
        else _seen_action(action, actor, recipient),
        "window": _window(state),
        "observation": _public_json(state)
        if recipient is None
        else observation_json(observe(state, recipient)),
        "standings": _standings(session),
    }


def act_message(
    observation: Observation, *, request: int, time_limit: float | None = None
) -> dict[str, Any]:
    """Return the ``act`` message that asks ``observation``'s seat to act.

    Its legal actions are the observation's, each with its notation and its
    index in :mod:`tonk.encoding`'s layout (``None`` for a tunk, H5, whose one
    index in the layout needs the state: answer it by its notation).
    :class:`Table` sends these; a
    program that plays bots in its own loop (as
    :class:`tonk.bots.ProcessBot` does) builds them with this.

    Args:
        observation: What the seat to move sees.
        request: The request's number, which the answer must repeat.
        time_limit: Seconds the seat has to answer, or ``None``.

    Raises:
        TypeError: If ``time_limit`` is not a number.
        ValueError: If it is not above 0 and at most ``1e6``.

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
        >>> message = act_message(tonk.observe(state, 1), request=4)
        >>> message["type"], message["request"], message["legal"][1]
        ('act', 4, {'action': 'draw stock', 'index': 1})
    """
    if time_limit is not None:
        _check_time_limit(time_limit)
    seen = observation_json(observation)
    entries = _entries(observation.rules, len(observation.hand_sizes))
    message: dict[str, Any] = {
        "type": "act",
        "request": request,
        "seat": observation.seat,
        "observation": seen,
        "legal": [
            {"action": notation, "index": entries(action)[1]}
            for notation, action in zip(
                seen["legal_actions"], observation.legal_actions, strict=True
            )
        ],
    }
    if time_limit is not None:
        message["time_limit"] = time_limit
    return message


def encode_act(
    observation: Observation,
    *,
    request: int,
    time_limit: float | None = None,
    seed: int | None = None,
) -> str:
    """Return the ``act`` message for ``observation`` as one line of JSON.

    The text is :func:`encode_message` of :func:`act_message` (with the
    ``seed``, when given, last), written more quickly: the JSON of each field
    of the view is remembered and written again while the field holds the
    same value (most of a seat's view does from one request to the next).
    :class:`ActWriter` writes the acts of a whole conversation, and may send
    only the changes of each view.

    Args:
        observation: What the seat to move sees.
        request: The request's number, which the answer must repeat.
        time_limit: Seconds the seat has to answer, or ``None``.
        seed: A seed for the client's randomness, or ``None``.

    Raises:
        TypeError: If ``request`` or ``seed`` is not an int, or ``time_limit``
            not a number.
        ValueError: If ``time_limit`` is not above 0 and at most ``1e6``.

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
        >>> seen = tonk.observe(state, 1)
        >>> text = encode_act(seen, request=4, seed=9)
        >>> text == encode_message({**act_message(seen, request=4), "seed": 9})
        True
        >>> text[:40]
        '{"type":"act","request":4,"seat":1,"obse'

    .. versionadded:: 0.2.0
    """
    return _act_text(observation, request, time_limit, seed, None)


class ActWriter:
    """Write the ``act`` messages of one conversation; find the action an answer names.

    The table's end of a conversation with one client, for a program that
    plays the client's seat in its own loop (as :class:`tonk.bots.ProcessBot`
    does). Without ``changes`` each act is :func:`encode_act`'s, with the
    whole view. With ``changes`` (the client asked for them in its
    ``hello``), the first act has the whole view and each later one has, in
    its ``changes`` field, only the fields of the view that changed since the
    act before: an :class:`ObservationReader` puts the view back together.
    A new conversation, or a new ``welcome``, takes a new writer.

    Args:
        changes: Whether to send the changes of each view after the first.

    Examples:
        >>> import json, tonk
        >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
        >>> writer = ActWriter(changes=True)
        >>> first = json.loads(writer.write(tonk.observe(state, 1), request=1))
        >>> first["observation"]["stock_size"]
        41
        >>> state = tonk.apply(state, tonk.DrawStock())
        >>> second = json.loads(writer.write(tonk.observe(state, 1), request=2))
        >>> sorted(second["changes"])
        ['hand', 'hand_sizes', 'legal_actions', 'phase', 'stock_size']
        >>> writer.chosen({"type": "action", "request": 2, "action": "discard 9C"})
        Discard(card=Card.parse('9C'))
        >>> writer.chosen({"type": "action", "request": 2, "index": 13})
        Discard(card=Card.parse('9C'))
        >>> writer.chosen_line(b'{"type":"action","request":2,"action":"discard 9C"}')
        Discard(card=Card.parse('9C'))

    .. versionadded:: 0.2.0
    """

    def __init__(self, *, changes: bool = False) -> None:
        """Write whole views, or (``changes``) the changes after the first."""
        if not isinstance(changes, bool):
            raise TypeError(f"changes must be a bool, got {brief(changes)}")
        self.changes = changes
        self._view = _View() if changes else None
        self._offered: Observation | None = None
        self._answer: bytes | None = None
        """How an answer to the last act in the usual form begins."""

    def write(
        self,
        observation: Observation,
        *,
        request: int,
        time_limit: float | None = None,
        seed: int | None = None,
    ) -> str:
        """Return the ``act`` for ``observation`` as one line of JSON.

        Raises:
            TypeError: If ``request`` or ``seed`` is not an int, or
                ``time_limit`` not a number.
            ValueError: If ``time_limit`` is not above 0 and at most ``1e6``.
        """
        text = _act_text(observation, request, time_limit, seed, self._view)
        self._offered = observation
        self._answer = (
            b'{"type":"action","request":%d,"action":' % request
            if 0 <= request <= _MAX_COUNT  # a request an answer can repeat
            else None
        )
        return text

    def chosen(self, answer: Mapping[str, Any]) -> Action | None:
        """Return the action of the last act's ``legal`` list that ``answer`` names.

        ``answer`` is an ``action`` message (:func:`decode_message` checked
        its fields); it names the action by its ``action`` notation or by
        its ``index``. ``None`` when it names none of the offered actions,
        names one both ways, or no act was written.
        """
        offered = self._offered
        if offered is None or ("action" in answer) == ("index" in answer):
            return None
        key, named = (
            (0, answer["action"]) if "action" in answer else (1, answer["index"])
        )
        entries = _entries(offered.rules, len(offered.hand_sizes))
        for action in offered.legal_actions:
            if entries(action)[key] == named:
                return action
        return None

    def chosen_line(self, line: bytes) -> Action | None:
        """Return the action of the last act an answer in the usual form names.

        The usual form is the line ``tonk bot`` writes (without its newline):
        ``{"type":"action","request":R,"action":"N"}``, exactly, where ``R``
        is the last act's request and ``"N"`` the JSON of one of its
        actions' notation. Such a line is a valid ``action`` message, read
        here without the JSON decoder. ``None`` for any other line:
        :func:`decode_message` and :meth:`chosen` read it, and say what is
        wrong with it.

        Raises:
            TypeError: If ``line`` is not bytes.

        .. versionadded:: 0.2.0
        """
        if line.__class__ is not bytes and not isinstance(line, bytes):
            raise TypeError(f"line must be bytes, got {type(line).__name__}")
        offered, begins = self._offered, self._answer
        if (
            offered is None
            or begins is None
            or not (line.startswith(begins) and line.endswith(b"}"))
        ):
            return None
        # Latin-1 reads any bytes; the notation's JSON is ASCII, so only its
        # very bytes read as it.
        named = line[len(begins) : -1].decode("latin-1")
        for action in offered.legal_actions:
            if _notation(action) == named:
                return action
        return None


def _act_text(
    observation: Observation,
    request: int,
    time_limit: float | None,
    seed: int | None,
    view: _View | None,
) -> str:
    """Write an ``act`` as JSON; with a ``view``, as the changes since the last.

    ``view`` is the view the client has (none yet before the first act,
    which then has the whole view): it is brought up to date.
    """
    if not isinstance(observation, Observation):
        raise wrong_type("observation", Observation, observation)
    if not is_int(request) or (seed is not None and not is_int(seed)):
        raise TypeError(
            f"request and seed must be ints, got {brief(request)}, {brief(seed)}"
        )
    if time_limit is not None:
        _check_time_limit(time_limit)
    parts = [
        '{"type":"act","request":',
        str(request),
        ',"seat":',
        str(observation.seat),
    ]
    if view is not None and view.values:
        parts += (',"changes":{', view.changes(observation)[1:], "}")
    else:
        values = _FIELD_VALUES(observation)
        texts = [
            fragment(value)
            for fragment, value in zip(_REMEMBERED_FRAGMENTS, values, strict=True)
        ]
        if view is not None:
            view.values, view.texts = values, texts
        entries = _entries(observation.rules, len(observation.hand_sizes))
        parts += (
            ',"observation":{"format":"tonk.observation","version":1',
            *texts,
            '},"legal":[',
            ",".join([entries(action)[2] for action in observation.legal_actions]),
            "]",
        )
    if time_limit is not None:
        # A float's or an int's JSON is its repr (as the encoder writes it).
        plain = time_limit.__class__ is float or time_limit.__class__ is int
        limit = repr(time_limit) if plain else _ENCODER.encode(time_limit)
        parts += (',"time_limit":', limit)
    if seed is not None:
        parts += (',"seed":', str(seed))
    parts.append("}")
    return "".join(parts)


class _View:
    """The view a client has: each field's value and its JSON fragment, in order."""

    __slots__ = ("texts", "values")

    def __init__(self) -> None:
        self.values: tuple[Any, ...] = ()
        self.texts: list[str] = []

    def changes(self, observation: Observation) -> str:
        """Return the fragments of the fields that changed; take ``observation``'s.

        A field that holds the very value it held is passed over without a
        look (the usual case: the engine passes unchanged parts on as they
        are), and one whose JSON is the same is not written.
        """
        values = _FIELD_VALUES(observation)
        texts = self.texts
        changed = []
        for index in itertools.compress(
            _FIELD_INDICES, map(is_not, values, self.values)
        ):
            text = _FRAGMENTS[index](values[index])
            if text != texts[index]:
                texts[index] = text
                changed.append(text)
        self.values = values
        return "".join(changed)


_MOST_FRAGMENTS = 256
"""How many values of each field :func:`encode_act` remembers the JSON of."""

_FRAGMENTS: Final = tuple(
    _fragment_writer(name, codec, write)
    for (name, codec), (_, write) in zip(_OBSERVATION_FIELDS, _WRITERS, strict=True)
)
"""Write each field of a view, in order, as a fragment of an ``act``'s JSON.

The changes of a view are written with these: a field is written there only
when it holds a new value, which seldom comes back.
"""

_REMEMBERED_FRAGMENTS: Final = tuple(
    by_identity(write, limit=_MOST_FRAGMENTS) for write in _FRAGMENTS
)
"""Write each field of a whole view, remembering its fragment while the value lives.

Most fields of a view hold the very values they held in the view before.
"""

_FIELD_VALUES: Final = operator.attrgetter(*(name for name, _ in _OBSERVATION_FIELDS))
"""Return the fields of an observation's view, in order, as a tuple."""

_FIELD_INDICES: Final = range(len(_FRAGMENTS))

_Entry = tuple[str, int | None, str]
"""An action's notation, its encoding index (or ``None``), its ``legal`` entry."""

_MOST_RULES = 64
"""How many rule sets (and table sizes) :func:`act_message` keeps entries for."""

_ENTRIES: Cache[tuple[int, int], tuple[Rules, Callable[[Action], _Entry]]] = Cache(
    None, limit=_MOST_RULES
)
"""What gives each action's entry, by the rules' identity and the table's size
(each entry holds its rules, so their id is not reused while it lives)."""


def _entries(rules: Rules, players: int) -> Callable[[Action], _Entry]:
    """Return what gives an action's notation, index and ``legal`` entry as JSON.

    The index is the action's in :mod:`tonk.encoding`'s layout, or ``None``
    for a tunk (H5), whose one index in the layout needs the state to be
    read. Each action's entry is remembered by the action's
    identity (the engine makes each action once), not by equality: two equal
    spreads may be written differently (which wild stands for which card).
    """
    known = _ENTRIES.get((id(rules), players))
    if known is not None and known[0] is rules:
        return known[1]

    def entry(action: Action) -> _Entry:
        notation = format_action(action)
        try:
            index: int | None = action_to_index(action, rules, players)
        except EncodingError:
            index = None
        return notation, index, _ENCODER.encode({"action": notation, "index": index})

    remembered = by_identity(entry, limit=_MOST_TEXTS)
    _ENTRIES.put((id(rules), players), (rules, remembered))
    return remembered


# --- the table --------------------------------------------------------------------


@attrs.frozen
class Outgoing:
    """A message for the table's caller to send.

    Attributes:
        to: The seat to send it to, or ``None`` for every spectator.
        message: The message: a JSON object, ready for :func:`encode_message`.

    Examples:
        >>> Outgoing(0, {"type": "goodbye"})
        Outgoing(to=0, message={'type': 'goodbye'})

    .. versionadded:: 0.2.0
    """

    to: int | None
    message: dict[str, Any] = attrs.field(eq=True, hash=False)


def _error(
    seat: int, error: ProtocolError, request: int | None = None
) -> list[Outgoing]:
    return [
        Outgoing(
            seat,
            {
                "type": "error",
                "code": error.code.value,
                "message": str(error),
                "request": request,
            },
        )
    ]


_CHANGES: Final = {"join": join, "leave": leave}
"""How the session seats a player who joins, and unseats one who leaves (V47)."""


def _when(change: object) -> int:
    """Return after how many actions a stored join or leave was asked for."""
    if not (
        isinstance(change, tuple | list)
        and len(change) == 3
        and _is_count(change[0])
        and change[1] in _CHANGES
        and isinstance(change[2], str)
    ):
        raise RulesError(
            "a join or leave is (actions before it, 'join' or 'leave', name),"
            f" got {brief(change)}"
        )
    when: int = change[0]
    return when


class Table:
    """A table that holds the true state and speaks the protocol to its seats.

    It plays ``hands`` hands of a :class:`~tonk.session.Session` (fewer if
    the session ends first, V43, X3), with the ledger and the deal passing
    left. It deals each hand at once, unless the rules give the dealer a
    choice (a suit to call for the side bet, or the call of the Big One: V45,
    V43) or the players side bets to make: then it asks each of them in turn
    with an ``act`` that holds the ``session`` and its choices, tells
    everyone each choice with a ``session`` message, and deals after the last.
    Players join (:meth:`join`) and leave (a seat's ``leave``) between hands
    (V47): asked for during a hand, or during its choices, the change is
    made when it ends, before the next deal, and a ``seating`` message tells
    everyone the new seats. It does no input or output: give it each
    client's message with :meth:`receive`, and send the :class:`Outgoing`
    messages it returns.

    Args:
        rules: The rules of every hand and of the session.
        players: How many seats.
        seed: Makes the whole table reproducible; ``None`` draws one from the
            operating system's secure source (:attr:`seed` tells it).
        names: The players' names, by seat; ``None`` names them ``P1``,
            ``P2``...
        hands: How many hands to play.
        time_limit: Seconds each seat has to answer, written in every ``act``
            (the caller keeps the time), or ``None``.

    Raises:
        RulesError: If ``hands`` or ``time_limit`` is out of range.
        SessionError: For a bad player count, bad names or a bad seed.
        TypeError: If ``rules`` is not a :class:`~tonk.Rules`, ``players`` or
            ``hands`` not an int, or ``time_limit`` not a number.

    Examples:
        >>> import tonk
        >>> table = Table(tonk.Rules(), players=2, seed=7, hands=3)
        >>> messages = table.start()
        >>> welcome = messages[0].message
        >>> welcome["type"], welcome["seat"], welcome["names"], welcome["hands"]
        ('welcome', 0, ['P1', 'P2'], 3)

    .. versionadded:: 0.2.0
    """

    def __init__(
        self,
        rules: Rules,
        *,
        players: int,
        seed: int | None = None,
        names: Sequence[str] | None = None,
        hands: int = 1,
        time_limit: float | None = None,
    ) -> None:
        """Seat the players; :meth:`start` deals the first hand."""
        if not isinstance(rules, Rules):
            raise wrong_type("rules", Rules, rules)
        if not is_int(players):
            raise TypeError(f"players must be an int, got {brief(players)}")
        if not is_int(hands):
            raise TypeError(f"hands must be an int, got {brief(hands)}")
        if hands < 1:
            raise RulesError(f"hands must be at least 1, got {brief(hands)}")
        if time_limit is not None and not _is_seconds(time_limit):
            if isinstance(time_limit, bool) or not isinstance(time_limit, int | float):
                raise TypeError(f"time_limit must be a number, got {brief(time_limit)}")
            raise RulesError(
                f"time_limit must be 0 < seconds <= 1e6, got {brief(time_limit)}"
            )
        if names is not None and (isinstance(names, str) or len(names) != players):
            raise SessionError(
                f"names must give one name per seat ({brief(players)}),"
                f" got {brief(names)}"
            )
        if seed is None:
            seed = secrets.randbits(64)
        self._session = new_session(
            rules, players=players if names is None else list(names), seed=seed
        )
        self._seed: int = seed
        self._hands = hands
        self._time_limit = time_limit
        self._actions: list[Action | SessionAction] = []
        self._request = 0
        self._started = False
        self._silent: frozenset[int | None] = frozenset()
        self._pending: list[tuple[str, str]] = []
        self._seating: list[tuple[int, str, str]] = []
        self._dealt: tuple[str, ...] = self._session.players
        self._hand_began = 0
        self._records: list[GameRecord] = []

    # -- what the caller may read --

    @property
    def seed(self) -> int:
        """The seed the table deals from."""
        return self._seed

    @property
    def state(self) -> Session:
        """The session: the true state (never send it to a seat)."""
        return self._session

    @property
    def history(self) -> tuple[Action | SessionAction, ...]:
        """Every action played so far, in order: :meth:`restore` replays them.

        The hands' actions, and the choices made between hands (V43, V45); a
        deal the table makes at once, with no choice, is not one of them.
        """
        return tuple(self._actions)

    @property
    def is_over(self) -> bool:
        """Whether the table has played its last hand."""
        return self._started and not self.waiting_for

    @property
    def request(self) -> int:
        """The number of the latest request (0 before the first ``act``).

        A caller that plays a :attr:`silent` seat answers with it.

        .. versionadded:: 0.2.0
        """
        return self._request

    @property
    def seating(self) -> tuple[tuple[int, str, str], ...]:
        """Every join and leave asked for: :meth:`restore` replays them.

        Each is ``(actions played before it, "join" or "leave", name)``.

        .. versionadded:: 0.2.0
        """
        return tuple(self._seating)

    @property
    def records(self) -> tuple[GameRecord, ...]:
        """The record of each hand played to its end, in order.

        .. versionadded:: 0.2.0
        """
        return tuple(self._records)

    def join(self, name: str) -> None:
        """Seat a new player (or one who left) from the next hand on (V47).

        The caller (a lobby, an operator) decides who may join; the player
        sits down when the hand in play ends, to the right of the next
        dealer (B3), and the ``seating`` message tells everyone.

        Raises:
            SessionError: If the table has not started, has finished or plays
                no more hands, or the session would refuse the join then
                (a blank, control or repeated name, an eliminated player, X3,
                or a full table, counting the joins and leaves asked for).
            TypeError: If ``name`` is not text.

        Examples:
            >>> import tonk
            >>> table = Table(tonk.Rules(), players=2, seed=7, hands=2)
            >>> _ = table.start()
            >>> table.join("Cy")
            >>> out = table.receive(0, {"type": "action", "request": 1, "index": 0})
            >>> [each.message for each in out if each.message["type"] == "seating"][0]
            {'type': 'seating', 'hand': 2, 'names': ['Cy', 'P1', 'P2'], 'seats': [1, 2]}

        .. versionadded:: 0.2.0
        """
        if not isinstance(name, str):
            raise TypeError(f"name must be text, got {brief(name)}")
        self._change("join", name)

    @property
    def silent(self) -> frozenset[int | None]:
        """The seats (``None``: the spectators) sent no ``event`` or ``act``.

        Building each seat's view costs most of a table's time. A caller that
        plays a seat in its own process (a bot reads :func:`tonk.observe` of
        :attr:`state` and answers :attr:`request`), or has no spectator
        connected, silences it; ``welcome``, ``hand_over``, ``goodbye`` and
        :meth:`snapshot` still reach it. Empty by default.

        Raises:
            RulesError: If a seat is not at the table.

        Examples:
            >>> import tonk
            >>> table = Table(tonk.Rules(), players=2, seed=7)
            >>> table.silent = {None}
            >>> [(out.to, out.message["type"]) for out in table.start()][-3:]
            [(0, 'event'), (1, 'event'), (0, 'act')]

        .. versionadded:: 0.2.0
        """
        return self._silent

    @silent.setter
    def silent(self, seats: Iterable[int | None]) -> None:
        chosen = frozenset(seats)
        for seat in chosen:
            self._check_seat(seat, allow_none=True)
        self._silent = chosen

    @property
    def waiting_for(self) -> tuple[int, ...]:
        """The seats the table waits for: the seat to move or to choose, or ``()``."""
        session = self._session
        phase = session.phase
        if phase is SessionPhase.PLAYING:
            assert session.hand is not None
            return (session.hand.to_move,)
        if phase is SessionPhase.BETTING:
            return (session.betting[0],)
        if (
            phase is SessionPhase.BEFORE_DEAL
            and self._started
            and session.number < self._hands
        ):
            return (session.dealer,)  # the table deals itself when there is no choice
        return ()

    @classmethod
    def restore(
        cls,
        rules: Rules,
        *,
        players: int,
        seed: int,
        actions: Sequence[Action | SessionAction],
        names: Sequence[str] | None = None,
        hands: int = 1,
        time_limit: float | None = None,
        seating: Sequence[tuple[int, str, str]] = (),
    ) -> Table:
        """Rebuild a table from its arguments, :attr:`history` and :attr:`seating`.

        Raises:
            IllegalActionError: If a hand's action is not legal where it comes.
            RulesError: If there are more actions than the table's hands take,
                or a join or leave is not one of :attr:`seating`'s form.
            SessionError: If a join or leave is refused where it comes, or an
                action comes where a choice between hands is due, or the
                other way round.
            TypeError: If a hand's action is not an action.

        Examples:
            >>> import tonk
            >>> table = Table(tonk.Rules(), players=2, seed=7, hands=2)
            >>> _ = table.start()
            >>> _ = table.receive(1, {"type": "action", "request": 1, "index": 1})
            >>> again = Table.restore(tonk.Rules(), players=2, seed=7, hands=2,
            ...                       actions=table.history)
            >>> again.state == table.state
            True
        """
        table = cls(
            rules,
            players=players,
            seed=seed,
            names=names,
            hands=hands,
            time_limit=time_limit,
        )
        table.start()
        changes = list(seating)
        played = tuple(actions)
        for number in range(len(played) + 1):
            while changes and _when(changes[0]) <= number:
                _, kind, name = changes.pop(0)
                table._change(kind, name)
            if number == len(played):  # the joins and leaves after the last action
                break
            action = played[number]
            if not table.waiting_for:
                raise RulesError(f"action {number} comes after the table's last hand")
            session = table._session
            if session.phase is SessionPhase.PLAYING:
                assert session.hand is not None
                if isinstance(action, _SESSION_ACTIONS):
                    raise SessionError(
                        f"action {number}, {brief(action)}, comes during a hand"
                    )
                check(session.hand, action)
            elif action not in session_actions(session):
                raise SessionError(
                    f"action {number}, {brief(action)}, is not a choice of seat"
                    f" {table.waiting_for[0]} before hand {session.number + 1}"
                )
            table._play(action)
        if changes:
            raise RulesError(
                f"a join or leave comes after the last action: {changes[0]}"
            )
        return table

    # -- the conversation --

    def start(self) -> list[Outgoing]:
        """Deal the first hand: a ``welcome`` to everyone, the deal, the first ``act``.

        Raises:
            SessionError: If the table has already started.
        """
        if self._started:
            raise SessionError("the table has already started")
        self._started = True
        out = [self._welcome(seat) for seat in self._seats()]
        return out + self._deal()

    def snapshot(self, seat: int | None) -> list[Outgoing]:
        """Return all a (re)connecting seat, or spectator (``None``), needs now.

        That is a ``welcome``, an ``event`` of kind ``snapshot`` with its view
        of the hand in play or the last one (none before the first deal) and
        the standings, a ``session`` message while choices are made between
        hands, and the open ``act`` if it is to move (with the same request
        number as before).

        Raises:
            RulesError: If ``seat`` is not at the table.
            SessionError: If the table has not started.
        """
        self._check_seat(seat, allow_none=True)
        if not self._started:
            raise SessionError("the table has not started")
        session = self._session
        out = [self._welcome(seat)]
        if session.hand is not None:
            out.append(Outgoing(seat, _event_message(session, seat, kind="snapshot")))
        if session.phase is not SessionPhase.PLAYING and self.waiting_for:
            out.append(Outgoing(seat, _session_message(session)))
        if seat is not None and seat in self.waiting_for:
            out.append(self._act_message(seat))
        return out

    def receive(
        self, seat: int, message: str | bytes | bytearray | Mapping[str, Any]
    ) -> list[Outgoing]:
        """Take one message from ``seat``'s client; return the messages to send.

        ``message`` is the client's text (read within :data:`MAX_CLIENT_BYTES`)
        or an already decoded JSON object. A bad message — malformed, too
        large or deep, of an unknown type or field, speaking for another seat,
        out of turn, for a stale request, with an illegal action — gets one
        ``error`` message to ``seat`` and changes nothing.

        Raises:
            RulesError: If ``seat`` is not at the table (the caller's mistake).
            SessionError: If the table has not started.
            TypeError: If ``message`` is neither text nor a mapping.
        """
        self._check_seat(seat, allow_none=False)
        if not self._started:
            raise SessionError("the table has not started")
        try:
            if isinstance(message, str | bytes | bytearray):
                data = decode_message(message, max_bytes=MAX_CLIENT_BYTES)
            elif isinstance(message, Mapping):
                data = _checked(message)
            else:
                raise TypeError(
                    f"a message must be text or a mapping, got {type(message).__name__}"
                )
            kind = data["type"]
            if kind not in _CLIENT_TYPES:
                raise ProtocolError(
                    f"a table takes no {kind} message from a client",
                    code=_Code.UNKNOWN_TYPE,
                )
        except ProtocolError as error:
            return _error(seat, error)
        if kind == "hello":
            return self._hello(seat, data)
        if kind == "goodbye":
            return [Outgoing(seat, {"type": "goodbye"})]
        if kind == "error":
            return []
        if kind == "leave":
            return self._leave(seat, data)
        return self._action(seat, data)

    # -- inside --

    def _seats(self) -> list[int | None]:
        return [*range(len(self._session.players)), None]

    def _hand_seats(self) -> list[int | None]:
        """Return the seats of the hand in play, or of the one just ended.

        Its seats keep their numbers until the ``seating`` before the next
        deal, even when the session has already unseated a player (X3).
        """
        hand = self._session.hand
        assert hand is not None
        return [*range(len(hand.hands)), None]

    def _change(self, kind: str, name: str) -> None:
        """Ask for a join or leave at the end of this hand, if it will be allowed."""
        session = self._session
        if not self._started or not self.waiting_for:
            raise SessionError("players join and leave only a table that is playing")
        playing = session.number + (session.phase is not SessionPhase.PLAYING)
        if playing >= self._hands:
            raise SessionError("the table plays no hand after this one")
        planned = attrs.evolve(session, phase=SessionPhase.BEFORE_DEAL)
        for each_kind, each_name in [*self._pending, (kind, name)]:
            planned = _CHANGES[each_kind](planned, each_name)
        self._pending.append((kind, name))
        self._seating.append((len(self._actions), kind, name))

    def _leave(self, seat: int, data: dict[str, Any]) -> list[Outgoing]:
        try:
            if "seat" in data and data["seat"] != seat:
                raise ProtocolError(
                    f"seat {seat} cannot leave for seat {brief(data['seat'])}",
                    code=_Code.WRONG_SEAT,
                )
            name = self._session.players[seat]
            if ("leave", name) in self._pending:
                raise ProtocolError(
                    f"seat {seat} leaves after this hand already", code=_Code.SEATING
                )
            try:
                self._change("leave", name)
            except SessionError as error:
                raise ProtocolError(str(error), code=_Code.SEATING) from None
        except ProtocolError as error:
            return _error(seat, error)
        return []

    def _reseat(self) -> list[Outgoing]:
        """Make the joins and leaves asked for; tell who sits where now.

        A leave the session refuses by now (the player was eliminated, X3)
        is dropped. Each old seat that stays, then the spectators, get a
        ``seating``: the caller renumbers its seats when the spectators'
        one comes, and every message after it is for the new seats.
        """
        session = self._session
        for kind, name in self._pending:
            try:
                session = _CHANGES[kind](session, name)
            except SessionError:
                continue
        self._pending.clear()
        self._session = session
        before, after = self._dealt, session.players
        if before == after:
            return []
        seats = [after.index(name) if name in after else None for name in before]
        out = [
            Outgoing(old, {"type": "goodbye", "reason": "you have left the table"})
            for old, new in enumerate(seats)
            if new is None
        ]
        message = {
            "type": "seating",
            "hand": session.number + 1,
            "names": list(after),
            "seats": seats,
        }
        out += [
            Outgoing(old, message) for old, new in enumerate(seats) if new is not None
        ]
        out.append(Outgoing(None, message))
        self._silent = frozenset(
            seats[seat] if seat is not None else None
            for seat in self._silent
            if seat is None or (seat < len(seats) and seats[seat] is not None)
        )
        return out

    def _check_seat(self, seat: object, *, allow_none: bool) -> None:
        if seat is None and allow_none:
            return
        if not is_int(seat):
            raise TypeError(f"seat must be an int, got {brief(seat)}")
        count = len(self._session.players)
        if not 0 <= seat < count:  # type: ignore[operator]
            raise RulesError(f"seat must be 0..{count - 1}, got {brief(seat)}")

    def _welcome(self, seat: int | None) -> Outgoing:
        session = self._session
        return Outgoing(
            seat,
            {
                "type": "welcome",
                "protocol": PROTOCOL_VERSION,
                "seat": seat,
                "players": len(session.players),
                "names": list(session.players),
                "rules": to_dict(session.rules),
                "hands": self._hands,
            },
        )

    def _hello(self, seat: int, data: dict[str, Any]) -> list[Outgoing]:
        version = data["protocol"]
        if version != PROTOCOL_VERSION:
            error = ProtocolError(
                f"this table speaks protocol version {PROTOCOL_VERSION}, not"
                f" {brief(version)}",
                code=_Code.VERSION,
            )
            return [*_error(seat, error), Outgoing(seat, {"type": "goodbye"})]
        return self.snapshot(seat)

    def _broadcast(
        self, *, kind: str, actor: int | None = None, action: Action | None = None
    ) -> list[Outgoing]:
        session = self._session
        return [
            Outgoing(
                seat,
                _event_message(session, seat, kind=kind, actor=actor, action=action),
            )
            for seat in self._hand_seats()
            if seat not in self._silent
        ]

    def _act_message(self, seat: int) -> Outgoing:
        session = self._session
        if session.phase is not SessionPhase.PLAYING:  # a choice between hands
            message: dict[str, Any] = {
                "type": "act",
                "request": self._request,
                "seat": seat,
                "session": _session_json(session),
                "legal": [
                    {"action": format_session_action(action), "index": None}
                    for action in _choices_between_hands(session)
                ],
            }
            if self._time_limit is not None:
                message["time_limit"] = self._time_limit
            return Outgoing(seat, message)
        state = session.hand
        assert state is not None
        message = act_message(
            observe(state, seat), request=self._request, time_limit=self._time_limit
        )
        return Outgoing(seat, message)

    def _act(self) -> list[Outgoing]:
        """Open a new request for the seat to move, if any."""
        waiting = self.waiting_for
        if not waiting:
            return []
        self._request += 1
        if waiting[0] in self._silent:
            return []
        return [self._act_message(waiting[0])]

    def _action(self, seat: int, data: dict[str, Any]) -> list[Outgoing]:
        request = data["request"]
        try:
            action = self._resolve(seat, data)
        except ProtocolError as error:
            return _error(seat, error, request)
        return self._play(action)

    def _resolve(self, seat: int, data: dict[str, Any]) -> Action | SessionAction:
        """Return the legal action ``data`` names, or raise why it cannot be played."""
        if "seat" in data and data["seat"] != seat:
            raise ProtocolError(
                f"seat {seat} cannot act for seat {brief(data['seat'])}",
                code=_Code.WRONG_SEAT,
            )
        if not self.waiting_for:
            raise ProtocolError("the table has finished", code=_Code.GAME_OVER)
        if seat not in self.waiting_for:
            raise ProtocolError(
                f"it is not seat {seat}'s turn to act", code=_Code.NOT_YOUR_TURN
            )
        if data["request"] != self._request:
            raise ProtocolError(
                f"request {brief(data['request'])} is not the open one"
                f" ({self._request})",
                code=_Code.STALE_REQUEST,
            )
        if ("action" in data) == ("index" in data):
            raise ProtocolError(
                "an action message needs exactly one of 'action' and 'index'",
                code=_Code.BAD_FIELD,
            )
        session = self._session
        if session.phase is not SessionPhase.PLAYING:
            return self._choice(data)
        state = session.hand
        assert state is not None
        try:
            if "action" in data:
                action = parse_action(state, data["action"])
            else:
                action = index_to_action(data["index"], state.rules, len(state.hands))
        except (NotationError, AmbiguousActionError, EncodingError) as error:
            raise ProtocolError(str(error), code=_Code.BAD_ACTION) from None
        if action not in legal_actions(state):
            raise ProtocolError(
                f"{format_action(action)!r} is not a legal action now",
                code=_Code.ILLEGAL_ACTION,
            )
        return action

    def _choice(self, data: dict[str, Any]) -> SessionAction:
        """Return the choice between hands ``data`` names, or raise why it cannot be."""
        if "index" in data:
            raise ProtocolError(
                "a choice between hands has no index: answer with its notation",
                code=_Code.BAD_ACTION,
            )
        try:
            action = parse_session_action(data["action"])
        except NotationError as error:
            raise ProtocolError(str(error), code=_Code.BAD_ACTION) from None
        if action not in _choices_between_hands(self._session):
            raise ProtocolError(
                f"{format_session_action(action)!r} is not a legal choice now",
                code=_Code.ILLEGAL_ACTION,
            )
        return action

    def _play(self, action: Action | SessionAction) -> list[Outgoing]:
        """Play a legal action; return the events, results, next deal and request."""
        if isinstance(action, _SESSION_ACTIONS):
            return self._chose(action)
        session = self._session
        assert session.hand is not None
        actor = session.hand.to_move
        self._session = session = apply_session(session, action)
        self._actions.append(action)
        out = self._broadcast(kind="action", actor=actor, action=action)
        if session.phase is SessionPhase.PLAYING:
            return out + self._act()
        return out + self._hand_over() + self._next_hand()

    def _chose(self, action: SessionAction) -> list[Outgoing]:
        """Make a choice between hands; tell everyone; ask the next, or deal."""
        actor = self.waiting_for[0]
        before = self._session
        self._session = session = apply_session(before, action)
        self._actions.append(action)
        out = self._broadcast_session(actor, action)
        if session.number == before.number:  # not dealt yet: the next choice
            return out + self._deal()
        self._dealt = session.players
        self._hand_began = len(self._actions)
        return out + self._dealt_hand()

    def _next_hand(self) -> list[Outgoing]:
        """Deal the next hand if the table plays one; else say goodbye."""
        session = self._session
        if session.phase is SessionPhase.BEFORE_DEAL and session.number < self._hands:
            return self._reseat() + self._deal()
        return [Outgoing(seat, {"type": "goodbye"}) for seat in self._hand_seats()]

    def _broadcast_session(
        self, actor: int | None = None, action: SessionAction | None = None
    ) -> list[Outgoing]:
        message = _session_message(self._session, actor, action)
        return [
            Outgoing(seat, message)
            for seat in self._seats()
            if seat not in self._silent
        ]

    def _deal(self) -> list[Outgoing]:
        """Deal a hand, or ask for the next choice before it (V43, V45)."""
        session = self._session
        if session_actions(session) != _JUST_DEAL:
            return self._act()
        self._session = apply_session(session, Deal())
        if self._session.number == session.number:  # the naturals bets first (V45b)
            return self._broadcast_session() + self._act()
        self._dealt = session.players
        self._hand_began = len(self._actions)
        return self._dealt_hand()

    def _dealt_hand(self) -> list[Outgoing]:
        """Return the deal's events, then the hand's first request.

        A hand may end at the deal (a deal tonk, B5): then its result follows
        the deal, and the next hand is dealt.
        """
        out = self._broadcast(kind="deal")
        if self._session.phase is SessionPhase.PLAYING:
            return out + self._act()
        return out + self._hand_over() + self._next_hand()

    def _hand_over(self) -> list[Outgoing]:
        session = self._session
        result = session.last
        assert result is not None
        over = session.is_over or session.number >= self._hands
        hand = session.hand
        assert hand is not None
        self._records.append(
            GameRecord(
                rules=hand.rules,
                players=len(hand.hands),
                dealer=hand.dealer,
                seed=hand_seed(self._seed, result.number),
                # The hand's actions: the choices before it came before its start.
                actions=cast("list[Action]", self._actions[self._hand_began :]),
                outcome=result.outcome,
            )
        )
        message = {
            "type": "hand_over",
            "hand": result.number,
            "outcome": _OUTCOME.encode(result.outcome),
            "net": [_stake(amount) for amount in result.net],
            "standings": _standings(session),
            "over": over,
        }
        return [Outgoing(seat, message) for seat in self._hand_seats()]
