"""The table protocol's choices between hands: suit calls, side bets, the Big One.

Under V45 (side bets) the dealer calls a suit and each player makes side
bets before the deal; under V43 the dealer may call the Big One. A
``tonk.protocol.Table`` asks each of them with an ``act`` that holds the
``session`` and its choices, tells everyone each choice with a ``session``
message, and deals after the last; ``tonk bot`` answers such an act with the
plain choice (``tonk.bots.plain_session_action``).
"""

from __future__ import annotations

import io
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_protocol import VALIDATOR, answer, play

import tonk
from tonk import (
    CallBigOne,
    CallSuit,
    Deal,
    SideBets,
    Suit,
    apply_session,
    format_session_action,
    presets,
    session_actions,
)
from tonk.bots import GreedyBot, plain_session_action, serve_bot
from tonk.errors import ProtocolError, ProtocolErrorCode
from tonk.protocol import (
    ObservationReader,
    Outgoing,
    Table,
    decode_message,
    encode_message,
)
from tonk.testing import strategies

SIDE_BETS = attrs.evolve(presets.PAGAT, suit_bet=1, naturals_bet=1)
BIG_ONE = attrs.evolve(presets.PAGAT, big_one_deals=2)
EVERY_CHOICE = attrs.evolve(SIDE_BETS, big_one_deals=1)
CHOOSING = {"side_bets": SIDE_BETS, "big_one": BIG_ONE, "every_choice": EVERY_CHOICE}


def messages(out: list[Outgoing], kind: str, to: int | None = 0) -> list[Any]:
    return [
        each.message for each in out if each.message["type"] == kind and each.to == to
    ]


def open_act(table: Table, seat: int) -> dict[str, Any]:
    (act,) = messages(table.snapshot(seat), "act", seat)
    found: dict[str, Any] = act
    return found


@pytest.mark.parametrize("name", sorted(CHOOSING))
@pytest.mark.parametrize("players", [2, 3])
def test_whole_sessions_of_choices_fit_the_schema_and_the_session(
    name: str, players: int
) -> None:
    rules = CHOOSING[name]
    table = Table(rules, players=players, seed=players + 10, hands=4)
    everything, steps = play(table, random.Random(players))
    for each in everything:
        VALIDATOR.validate(each.message)
        assert decode_message(encode_message(each.message)) == each.message
    assert table.is_over
    kinds = {each.message["type"] for each in everything}
    assert kinds == {"welcome", "event", "act", "session", "hand_over", "goodbye"}
    # The table's session is the one the same actions make, dealt where no
    # choice is left (its history holds only the choices made).
    session = tonk.new_session(rules, players=players, seed=players + 10)
    for step in steps:
        while session_actions(session) == (Deal(),):
            session = apply_session(session, Deal())
        assert step.before == session
        assert step.action in session_actions(session)
        session = apply_session(session, step.action)
    chosen = [
        a
        for a in table.history
        if isinstance(a, Deal | CallSuit | SideBets | CallBigOne)
    ]
    assert chosen
    assert len(table.records) == table.state.number
    hands = [list(record.actions) for record in table.records]
    assert sum(map(len, hands)) + len(chosen) == len(table.history)
    again = Table.restore(
        rules, players=players, seed=players + 10, hands=4, actions=table.history
    )
    assert again.state == table.state
    assert again.records == table.records


def test_the_dealer_is_asked_to_call_and_everyone_hears_each_choice() -> None:
    table = Table(SIDE_BETS, players=3, seed=3, time_limit=9.5)
    out = table.start()
    dealer = table.state.dealer
    assert table.waiting_for == (dealer,)
    assert [m["type"] for m in messages(out, "welcome", None)] == ["welcome"]
    assert not messages(out, "event", None)  # no hand yet
    (act,) = [each.message for each in out if each.message["type"] == "act"]
    assert act == {
        "type": "act",
        "request": 1,
        "seat": dealer,
        "session": {
            "phase": "before_deal",
            "hand": 1,
            "dealer": dealer,
            "betting": [],
            "big_one_left": None,
            "called_suit": None,
            "suit_bettors": [],
            "naturals_players": [],
            "naturals_pot": 0,
        },
        "legal": [{"action": f"call suit {suit}", "index": None} for suit in "CDHS"],
        "time_limit": 9.5,
    }
    out = table.receive(
        dealer, {"type": "action", "request": 1, "action": "Call Suit h"}
    )
    first = (dealer + 1) % 3
    said = {
        "type": "session",
        "seat": dealer,
        "action": "call suit H",
        "session": {
            "phase": "betting",
            "hand": 1,
            "dealer": dealer,
            "betting": [first, (first + 1) % 3, dealer],
            "big_one_left": None,
            "called_suit": "H",
            "suit_bettors": [],
            "naturals_players": [],
            "naturals_pot": 0,
        },
    }
    assert [each.message for each in out if each.message["type"] == "session"] == [
        said
    ] * 4  # each seat and the spectators
    (bet,) = [each for each in out if each.message["type"] == "act"]
    assert bet.to == first
    assert [entry["action"] for entry in bet.message["legal"]] == [
        "bet none",
        "bet suit",
        "bet naturals",
        "bet suit naturals",
    ]
    for seat in (first, (first + 1) % 3):
        request = table.request
        out = table.receive(
            seat, {"type": "action", "request": request, "action": "bet suit"}
        )
        assert not messages(out, "event", None)
    out = table.receive(
        dealer, {"type": "action", "request": table.request, "action": "bet none"}
    )
    (last,) = messages(out, "session", None)
    assert last["session"]["phase"] == "playing"
    assert last["session"]["suit_bettors"] == sorted([first, (first + 1) % 3])
    (deal,) = messages(out, "event", None)
    assert (deal["kind"], deal["hand"]) == ("deal", 1)
    assert table.history == (
        CallSuit(Suit.HEARTS),
        SideBets(suit=True),
        SideBets(suit=True),
        SideBets(),
    )


def test_a_table_without_choices_deals_at_once_as_before() -> None:
    table = Table(presets.PAGAT, players=2, seed=3, hands=2)
    out = table.start()
    assert not messages(out, "session", None)
    assert table.state.phase is tonk.SessionPhase.PLAYING
    assert table.history == ()


@pytest.mark.parametrize(
    ("reply", "code", "text"),
    [
        (
            {"index": 0},
            "bad_action",
            "a choice between hands has no index: answer with its notation",
        ),
        ({"action": "draw stock"}, "bad_action", "unknown session action 'draw stock'"),
        (
            {"action": "call big one"},
            "illegal_action",
            "'call big one' is not a legal choice now",
        ),
        ({"action": "deal"}, "illegal_action", "'deal' is not a legal choice now"),
        (
            {"action": "bet suit"},
            "illegal_action",
            "'bet suit' is not a legal choice now",
        ),
    ],
)
def test_a_bad_choice_gets_an_error_and_changes_nothing(
    reply: dict[str, Any], code: str, text: str
) -> None:
    table = Table(SIDE_BETS, players=2, seed=4)
    table.start()
    dealer = table.state.dealer
    before, request = table.state, table.request
    (error,) = table.receive(dealer, {"type": "action", "request": request, **reply})
    assert error.to == dealer
    assert error.message["code"] == code
    assert error.message["message"].startswith(text)
    assert error.message["request"] == request
    assert (table.state, table.request, table.history) == (before, request, ())
    (other,) = table.receive(
        1 - dealer, {"type": "action", "request": request, "action": "call suit C"}
    )
    assert other.message["code"] == "not_your_turn"
    assert table.state == before


def test_the_big_one_is_called_then_the_dealer_deals() -> None:
    table = Table(BIG_ONE, players=2, seed=2, hands=5)
    table.start()
    dealer = table.state.dealer
    assert [e["action"] for e in open_act(table, dealer)["legal"]] == [
        "deal",
        "call big one",
    ]
    out = table.receive(
        dealer, {"type": "action", "request": 1, "action": "call big one"}
    )
    (said,) = messages(out, "session", None)
    assert said["session"]["big_one_left"] == 2
    # Only the deal is left: the table deals at once.
    assert table.state.phase is tonk.SessionPhase.PLAYING
    (deal,) = messages(out, "event", None)
    assert deal["kind"] == "deal"
    rng = random.Random(1)
    while table.waiting_for:
        seat = table.waiting_for[0]
        table.receive(seat, answer(open_act(table, seat), rng))
    assert table.state.number == 2  # the Big One's two deals end the session
    assert table.state.is_over
    last = table.state.last
    assert last is not None
    assert last.stakes == 2


def test_a_snapshot_before_the_first_deal_has_the_session_and_no_hand() -> None:
    table = Table(SIDE_BETS, players=2, seed=5)
    table.start()
    dealer = table.state.dealer
    kinds = [each.message["type"] for each in table.snapshot(dealer)]
    assert kinds == ["welcome", "session", "act"]
    (said,) = messages(table.snapshot(None), "session", None)
    assert (said["seat"], said["action"]) == (None, None)
    assert said["session"]["phase"] == "before_deal"
    assert [each.message["type"] for each in table.snapshot(1 - dealer)] == [
        "welcome",
        "session",
    ]


def test_a_join_asked_during_the_choices_waits_for_the_coming_hand_to_end() -> None:
    table = Table(SIDE_BETS, players=2, seed=6, hands=3)
    table.start()
    table.join("Cy")
    assert table.seating == ((0, "join", "Cy"),)
    rng = random.Random(2)
    while table.state.number < 1 or table.state.phase is tonk.SessionPhase.PLAYING:
        seat = table.waiting_for[0]
        table.receive(seat, answer(open_act(table, seat), rng))
    assert "Cy" in table.state.players
    assert table.records[0].players == 2
    restored = Table.restore(
        SIDE_BETS,
        players=2,
        seed=6,
        hands=3,
        actions=table.history,
        seating=table.seating,
    )
    assert restored.state == table.state


def test_no_join_is_taken_during_the_choices_of_the_last_hand() -> None:
    table = Table(SIDE_BETS, players=2, seed=6, hands=1)
    table.start()
    with pytest.raises(
        tonk.SessionError, match=r"^the table plays no hand after this one$"
    ):
        table.join("Cy")


def test_restore_refuses_a_choice_where_a_hand_action_is_due_and_back() -> None:
    table = Table(SIDE_BETS, players=2, seed=7)
    table.start()
    with pytest.raises(
        tonk.SessionError,
        match=r"^action 0, DrawStock\(\), is not a choice of seat \d before hand 1$",
    ):
        Table.restore(SIDE_BETS, players=2, seed=7, actions=[tonk.DrawStock()])
    choices: list[tonk.Action | tonk.SessionAction] = [
        CallSuit(Suit.CLUBS),
        SideBets(),
        SideBets(),
    ]
    with pytest.raises(
        tonk.SessionError,
        match=r"^action 3, SideBets\(suit=False, naturals=False\), comes during"
        r" a hand$",
    ):
        Table.restore(SIDE_BETS, players=2, seed=7, actions=[*choices, SideBets()])
    assert Table.restore(
        SIDE_BETS, players=2, seed=7, actions=choices
    ).history == tuple(choices)


def test_a_served_bot_makes_the_plain_choice_and_reads_no_view_from_it() -> None:
    table = Table(SIDE_BETS, players=2, seed=8)
    out = table.start()
    dealer = table.state.dealer
    lines = [encode_message(each.message) for each in out if each.to == dealer]
    written = io.BytesIO()
    serve_bot(GreedyBot(), stdin=io.BytesIO("\n".join(lines).encode()), stdout=written)
    answers = [decode_message(line) for line in written.getvalue().splitlines()[1:]]
    assert answers == [{"type": "action", "request": 1, "action": "call suit C"}]
    act = lines[-1].encode()
    reader = ObservationReader(SIDE_BETS)
    with pytest.raises(
        ProtocolError, match="asks for a choice between hands"
    ) as raised:
        reader.read_act(act)
    assert raised.value.code is ProtocolErrorCode.BAD_FIELD


def test_a_served_bot_says_what_is_wrong_with_an_act_of_bad_choices() -> None:
    welcome = encode_message(Table(SIDE_BETS, players=2, seed=8).start()[0].message)
    bad = encode_message(
        {
            "type": "act",
            "request": 1,
            "seat": 0,
            "session": {},
            "legal": [{"action": "call suit X", "index": None}],
        }
    )
    written = io.BytesIO()
    serve_bot(
        GreedyBot(), stdin=io.BytesIO(f"{welcome}\n{bad}\n".encode()), stdout=written
    )
    error = decode_message(written.getvalue().splitlines()[-1])
    assert (error["type"], error["code"]) == ("error", "bad_field")
    assert error["message"].startswith(
        "the act's choices between hands cannot be read: unknown suit 'X'"
    )


@pytest.mark.parametrize(
    ("offered", "plain"),
    [
        ((Deal(), CallBigOne()), Deal()),
        ((CallBigOne(), Deal()), Deal()),
        (tuple(CallSuit(suit) for suit in Suit), CallSuit(Suit.CLUBS)),
        ((SideBets(), SideBets(suit=True)), SideBets()),
        (
            (SideBets(naturals=True), SideBets(suit=True, naturals=True)),
            SideBets(naturals=True),
        ),
    ],
)
def test_the_plain_choice(
    offered: tuple[tonk.SessionAction, ...], plain: tonk.SessionAction
) -> None:
    assert plain_session_action(offered) == plain


def test_the_plain_choice_needs_a_choice_but_the_big_one() -> None:
    with pytest.raises(
        ValueError, match=r"^no choice between hands to make: \[CallBigOne\(\)\]$"
    ):
        plain_session_action([CallBigOne()])
    with pytest.raises(ValueError, match="no choice between hands"):
        plain_session_action([tonk.DrawStock()])


def test_format_of_the_choices_is_the_tables_notation() -> None:
    table = Table(EVERY_CHOICE, players=2, seed=9)
    table.start()
    dealer = table.state.dealer
    offered = [entry["action"] for entry in open_act(table, dealer)["legal"]]
    assert [tonk.parse_session_action(text) for text in offered] == list(
        session_actions(table.state)
    )
    assert offered == [
        "call suit C",
        "call suit D",
        "call suit H",
        "call suit S",
        "call big one",
    ]
    assert [
        format_session_action(tonk.parse_session_action(t)) for t in offered
    ] == offered


def test_the_example_bot_without_tonk_answers_a_choice_between_hands() -> None:
    table = Table(SIDE_BETS, players=2, seed=8)
    out = table.start()
    dealer = table.state.dealer
    lines = [encode_message(each.message) for each in out if each.to == dealer]
    example = Path(__file__).parents[1] / "examples" / "json_bot.py"
    done = subprocess.run(
        [sys.executable, str(example), "--serve"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    hello, answer_line = done.stdout.splitlines()
    assert decode_message(hello)["type"] == "hello"
    reply = decode_message(answer_line)
    assert reply == {"type": "action", "request": 1, "action": "call suit C"}
    (said,) = messages(table.receive(dealer, reply), "session", None)
    assert said["action"] == "call suit C"


def test_the_documented_exchange_is_what_a_table_sends() -> None:
    text = (Path(__file__).parents[1] / "docs" / "protocol.md").read_text("utf-8")
    table = Table(attrs.evolve(presets.PAGAT, suit_bet=1), players=2, seed=1)
    out = table.start()
    assert table.state.dealer == 0
    (act,) = messages(out, "act")
    reply = {"type": "action", "request": 1, "action": "call suit H"}
    (said,) = messages(table.receive(0, reply), "session")
    for arrow, message in (("←", act), ("→", reply), ("←", said)):
        assert f"\n{arrow} {encode_message(message)}\n" in text


@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_rules_play_through_a_table_as_the_session_plays_them(
    data: st.DataObject,
) -> None:
    # Any rules (side bets and the Big One among them), played to the end
    # through text with random answers: every message fits the schema, the
    # table's session is the one its history makes, and restore rebuilds it.
    table_rules = data.draw(strategies.rules(), label="rules")
    players = data.draw(strategies.player_counts(table_rules), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    table = Table(table_rules, players=players, seed=seed, hands=3)
    everything, _ = play(table, random.Random(seed))
    for each in everything:
        VALIDATOR.validate(each.message)
    session = tonk.new_session(table_rules, players=players, seed=seed)
    for action in table.history:
        while session_actions(session) == (Deal(),):
            session = apply_session(session, Deal())
        session = apply_session(session, action)
    while session_actions(session) == (Deal(),) and session.number < 3:
        session = apply_session(session, Deal())
    assert session == table.state
    again = Table.restore(
        table_rules, players=players, seed=seed, hands=3, actions=table.history
    )
    assert again.state == table.state


def test_the_tables_own_deal_opens_the_naturals_betting() -> None:
    # V45b without the suit bet: the dealer has no choice to make, but the
    # players bet before the cards are dealt.
    table = Table(attrs.evolve(presets.PAGAT, naturals_bet=1), players=2, seed=3)
    out = table.start()
    dealer = table.state.dealer
    (said,) = messages(out, "session", None)
    assert (said["seat"], said["action"], said["session"]["phase"]) == (
        None,
        None,
        "betting",
    )
    (act,) = [each for each in out if each.message["type"] == "act"]
    assert act.to == 1 - dealer
    assert [entry["action"] for entry in act.message["legal"]] == [
        "bet none",
        "bet naturals",
    ]
    assert not messages(out, "event", None)
    table.receive(
        1 - dealer, {"type": "action", "request": 1, "action": "bet naturals"}
    )
    out = table.receive(dealer, {"type": "action", "request": 2, "action": "bet none"})
    (deal,) = messages(out, "event", None)
    assert deal["kind"] == "deal"
    assert table.history == (SideBets(naturals=True), SideBets())
