"""Session actions (V43, V45) in their notation and as JSON documents.

Every session action is written by ``tonk.format_session_action`` and read
back by ``tonk.parse_session_action``; ``tonk.to_dict`` writes it (with the
stacked deck of a deal or a suit call) as a ``tonk.session_action`` document
that its shipped schema accepts and ``tonk.from_dict`` reads back exactly.
"""

from __future__ import annotations

import json
from typing import Any

import jsonschema_rs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tonk
from tonk import (
    CallBigOne,
    CallSuit,
    Card,
    Deal,
    NotationError,
    SerializationError,
    SideBets,
    Suit,
    format_session_action,
    from_dict,
    from_json,
    parse_session_action,
    to_dict,
    to_json,
)

SESSION_ACTIONS: list[tonk.SessionAction] = [
    Deal(),
    CallBigOne(),
    *(CallSuit(suit) for suit in Suit),
    SideBets(),
    SideBets(suit=True),
    SideBets(naturals=True),
    SideBets(suit=True, naturals=True),
]
NOTATIONS = [
    "deal",
    "call big one",
    "call suit C",
    "call suit D",
    "call suit H",
    "call suit S",
    "bet none",
    "bet suit",
    "bet naturals",
    "bet suit naturals",
]
VALIDATOR = jsonschema_rs.Draft202012Validator(tonk.json_schema(tonk.SessionAction))


@pytest.mark.parametrize(
    ("action", "notation"), list(zip(SESSION_ACTIONS, NOTATIONS, strict=True))
)
def test_every_session_action_has_its_notation(
    action: tonk.SessionAction, notation: str
) -> None:
    assert format_session_action(action) == notation
    assert parse_session_action(notation) == action
    assert parse_session_action(f"  {notation.upper()}  ") == action


def test_the_session_offers_only_actions_with_a_notation() -> None:
    # Every action a session may offer between hands, under every option.
    rules = tonk.Rules(suit_bet=1, naturals_bet=1, big_one_deals=2)
    session = tonk.new_session(rules, players=3, seed=5)
    offered = set(tonk.session_actions(session))
    session = tonk.apply_session(session, CallSuit(Suit.SPADES))
    offered |= set(tonk.session_actions(session))
    assert offered == set(SESSION_ACTIONS) - {Deal()}
    assert Deal() in tonk.session_actions(tonk.new_session(tonk.Rules(), players=2))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty session action (at position 0 of '')"),
        (
            "fold",
            "unknown session action 'fold': expected deal, call big one, call suit"
            " SUIT or bet (at position 0 of 'fold')",
        ),
        (
            "  deal now",
            "unknown session action 'deal now': expected deal, call big one, call"
            " suit SUIT or bet (at position 2 of '  deal now')",
        ),
        ("call suit X", "unknown suit 'X': expected C, D, H or S (at position 10"),
        ("call suit 10", "unknown suit '10': expected C, D, H or S (at position 10"),
        (
            "bet",
            "'bet' takes none, or suit, naturals or both in that order (at"
            " position 3 of 'bet')",
        ),
        ("bet money", "in that order (at position 4 of 'bet money')"),
        ("bet naturals suit", "in that order (at position 13 of"),
        ("bet none suit", "in that order (at position 9 of"),
        ("bet suit fish naturals", "in that order (at position 9 of"),
    ],
)
def test_bad_notation_is_refused_where_it_goes_wrong(text: str, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_session_action(text)
    assert message in str(caught.value)
    assert caught.value.text == text


def test_only_session_actions_and_texts_are_taken() -> None:
    with pytest.raises(TypeError, match=r"^not a session action: Drop\(\)$"):
        format_session_action(tonk.Drop())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^session action notation must be a str"):
        parse_session_action(b"deal")  # type: ignore[arg-type]


DECKS = st.none() | st.lists(
    st.sampled_from(tonk.Rules(jokers=2).pack()), min_size=0, max_size=54
)


@st.composite
def session_actions(draw: st.DrawFn) -> tonk.SessionAction:
    action = draw(st.sampled_from(SESSION_ACTIONS))
    if isinstance(action, Deal):
        return Deal(deck=draw(DECKS))
    if isinstance(action, CallSuit):
        return CallSuit(action.suit, deck=draw(DECKS))
    return action


@given(session_actions())
def test_session_actions_round_trip_as_json(action: tonk.SessionAction) -> None:
    data = to_dict(action)
    VALIDATOR.validate(data)
    assert data["format"] == "tonk.session_action"
    assert data["action"] == format_session_action(action)
    deck = getattr(action, "deck", None)
    assert data.get("deck") == (None if deck is None else [str(card) for card in deck])
    back = from_dict(data, tonk.SessionAction)
    assert back == action
    assert getattr(back, "deck", None) == deck
    assert from_dict(data, type(action)) == action
    assert from_json(to_json(action), tonk.SessionAction) == action


def test_a_dealt_deck_is_written_in_card_notation() -> None:
    deck = (Card.parse("QH"), Card.parse("JK"), Card.parse("10S"))
    assert to_dict(CallSuit(Suit.HEARTS, deck=deck)) == {
        "format": "tonk.session_action",
        "version": 1,
        "action": "call suit H",
        "deck": ["QH", "JK", "10S"],
    }
    assert "deck" not in to_dict(Deal())


def _document(**fields: Any) -> dict[str, Any]:
    return {"format": "tonk.session_action", "version": 1, **fields}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_document(), "$.action: required field is missing"),
        (_document(action="deal", seat=1), "$.seat: unknown field"),
        (_document(action="DEAL"), "$.action: must be a session action such as"),
        (_document(action="bet none suit"), "$.action: must be a session action"),
        (_document(action="drop"), "$.action: must be a session action"),
        (_document(action=["deal"]), "$.action: must be a session action"),
        (
            _document(action="bet suit", deck=["QH"]),
            "$.deck: only a deal or a suit call has a deck",
        ),
        (
            _document(action="call big one", deck=None),
            "$.deck: only a deal or a suit call has a deck",
        ),
        (_document(action="deal", deck=["1H"]), "$.deck[0]: must be a card"),
        (_document(action="deal", deck="QH"), "$.deck: must be a list"),
        (
            {"format": "tonk.action", "version": 1, "action": "deal"},
            '$.format: expected "tonk.session_action", got "tonk.action"',
        ),
    ],
)
def test_malformed_documents_are_refused_by_schema_and_reader(
    data: dict[str, Any], message: str
) -> None:
    assert not VALIDATOR.is_valid(data)
    with pytest.raises(SerializationError) as caught:
        from_dict(data, tonk.SessionAction)
    assert str(caught.value).startswith(message)
    with pytest.raises(SerializationError):
        from_json(json.dumps(data), tonk.SessionAction)


def test_a_document_of_another_session_action_is_refused_by_class() -> None:
    with pytest.raises(
        SerializationError,
        match=r'^\$\.action: expected a SideBets action, got "deal"$',
    ):
        from_dict(to_dict(Deal()), SideBets)


def test_the_schema_is_published_under_its_format() -> None:
    schema = tonk.json_schema("tonk.session_action")
    assert schema == tonk.json_schema(tonk.SessionAction)
    assert schema == tonk.json_schema(CallSuit)
    assert schema["title"] == "tonk session action"
    jsonschema_rs.meta.validate(schema)
