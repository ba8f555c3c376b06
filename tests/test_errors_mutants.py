"""The details of `tonk.errors` that mutation testing found untested.

Each test pins what the public error types promise: each message exactly
as built from its parts (a notation error's line, text and position, a
document error's path), each attribute as given or as its default, and
that every error survives `pickle`, `copy.copy` and `copy.deepcopy` with
its type, message and attributes (errors cross process boundaries, and
copies of values holding them are made). docs/maintainers.md lists the
mutants left.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

import pytest

import tonk
from tonk import (
    AmbiguousActionError,
    BotError,
    IllegalActionError,
    IllegalReason,
    InvalidStateError,
    NotationError,
    ProtocolError,
    ProtocolErrorCode,
    ReplayError,
    RulesError,
    SerializationError,
    SessionError,
    TonkError,
)
from tonk.errors import EncodingError, UndoError


def _errors() -> list[tuple[TonkError, str, dict[str, Any]]]:
    """Each error type, built with every argument, its text and attributes."""
    draw = tonk.DrawStock()
    hits = (tonk.Hit(spread=1, card=tonk.Card.parse("5H")),)
    return [
        (RulesError("no rules"), "no rules", {}),
        (EncodingError("no index"), "no index", {}),
        (SessionError("no session"), "no session", {}),
        (UndoError("no undo"), "no undo", {}),
        (
            NotationError("unknown suit 'X'", text="7X", position=1),
            "unknown suit 'X' (at position 1 of '7X')",
            {"text": "7X", "position": 1, "line": None},
        ),
        (
            NotationError("bad", text="discard 7X", position=9, line=4),
            "bad (line 4, at position 9 of 'discard 7X')",
            {"text": "discard 7X", "position": 9, "line": 4},
        ),
        (
            AmbiguousActionError("two fit", candidates=list(hits)),
            "two fit",
            {"candidates": hits},
        ),
        (
            IllegalActionError(
                "too late", action=draw, reason=IllegalReason.ALREADY_DREW
            ),
            "too late",
            {
                "action": draw,
                "reason": IllegalReason.ALREADY_DREW,
                "index": None,
                "line": None,
            },
        ),
        (
            IllegalActionError(
                "over", action=draw, reason=IllegalReason.HAND_OVER, index=7, line=9
            ),
            "over",
            {"action": draw, "reason": IllegalReason.HAND_OVER, "index": 7, "line": 9},
        ),
        (SerializationError("must be an int"), "$: must be an int", {"path": "$"}),
        (
            SerializationError("must be an int", path="$.dealer"),
            "$.dealer: must be an int",
            {"path": "$.dealer"},
        ),
        (
            InvalidStateError("seat 5 is not at the table", path="$.to_move"),
            "$.to_move: seat 5 is not at the table",
            {"path": "$.to_move"},
        ),
        (
            ProtocolError("not now", code=ProtocolErrorCode.NOT_YOUR_TURN),
            "not now",
            {"code": ProtocolErrorCode.NOT_YOUR_TURN},
        ),
        (
            ReplayError("ends elsewhere", recorded="won", replayed=None),
            "ends elsewhere",
            {"recorded": "won", "replayed": None},
        ),
        (
            BotError("bot 'B' failed", bot="B"),
            "bot 'B' failed",
            {"bot": "B", "deal": None, "seat": None, "seed": None},
        ),
        (
            BotError("bot 'B' failed", bot="B", deal=3, seat=1, seed=7),
            "bot 'B' failed",
            {"bot": "B", "deal": 3, "seat": 1, "seed": 7},
        ),
    ]


# Built in each test, not here: mutmut switches a mutant on after import.
_NAMES = [
    "rules",
    "encoding",
    "session",
    "undo",
    "notation",
    "notation_line",
    "ambiguous",
    "illegal",
    "illegal_replayed",
    "document",
    "document_path",
    "invalid_state",
    "protocol",
    "replay",
    "bot",
    "bot_in_play",
]


def _attributes(error: BaseException) -> dict[str, Any]:
    return {name: getattr(error, name) for name in vars(error)}


@pytest.mark.parametrize("case", range(len(_NAMES)), ids=_NAMES)
def test_each_error_has_its_exact_message_and_attributes(case: int) -> None:
    assert len(_errors()) == len(_NAMES)
    error, text, attributes = _errors()[case]
    assert str(error) == text
    assert error.args == (text,)
    assert _attributes(error) == attributes
    assert isinstance(error, ValueError)


_COPIERS: dict[str, Callable[[TonkError], TonkError]] = {
    "pickle": lambda error: pickle.loads(pickle.dumps(error)),
    "copy": copy.copy,
    "deepcopy": copy.deepcopy,
}


@pytest.mark.parametrize("how", sorted(_COPIERS))
@pytest.mark.parametrize("case", range(len(_NAMES)), ids=_NAMES)
def test_each_error_is_copied_and_pickled_with_its_message_and_attributes(
    case: int, how: str
) -> None:
    error, text, attributes = _errors()[case]
    copied = _COPIERS[how](error)
    assert copied is not error
    assert type(copied) is type(error)
    assert str(copied) == text
    assert copied.args == (text,)
    assert _attributes(copied) == attributes


def test_an_error_raised_by_the_library_survives_pickling() -> None:
    state = tonk.new_game(tonk.Rules(), players=2, seed=1)
    raised: list[TonkError] = []
    with pytest.raises(IllegalActionError) as illegal:
        tonk.apply(state, tonk.Discard(tonk.Card.parse("2C")))
    raised.append(illegal.value)
    with pytest.raises(NotationError) as notation:
        tonk.parse_cards("7X 8H")
    raised.append(notation.value)
    with pytest.raises(SerializationError) as document:
        tonk.from_json("{", tonk.GameState)
    raised.append(document.value)
    with pytest.raises(ProtocolError) as protocol:
        tonk.protocol.decode_message("[1]")
    raised.append(protocol.value)
    for error in raised:
        copied = pickle.loads(pickle.dumps(error))
        assert (type(copied), str(copied)) == (type(error), str(error))
        assert _attributes(copied) == _attributes(error)
    assert illegal.value.reason is IllegalReason.MUST_DRAW_FIRST
    assert (notation.value.text, notation.value.position) == ("7X 8H", 1)
    assert protocol.value.code is ProtocolErrorCode.NOT_AN_OBJECT
