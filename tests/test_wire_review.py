"""Bugs found in a review of the wire: JSON forms, the protocol, process bots.

Each test failed before its fix, but for one guard: every session a sitting
reaches still reads back under the new checks of a session.
"""

from __future__ import annotations

import copy
import io
import json
import os
import random
import signal
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import tonk
from tonk import SerializationError, from_json, to_dict
from tonk.bots import GreedyBot, ProcessBot, play_hand, serve_bot
from tonk.errors import BotError
from tonk.protocol import ObservationReader, Table, encode_message, observation_json

# --- a session document whose parts do not fit together -------------------------


def _session() -> dict[str, Any]:
    """A session's document before its first deal."""
    return to_dict(tonk.new_session(tonk.Rules(), players=3, seed=1))


def _renamed(data: dict[str, Any]) -> None:
    names = ["P1", "P\x1b[2J", "P3"]
    data["players"] = names
    data["ledger"] = [[name, 0] for name in names]
    data["push_up_totals"] = [[name, 0] for name in names]


FORGED_SESSIONS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    # Read, these crashed later: session.to_move raised AssertionError and
    # IndexError, as did tonk.session_actions and tonk.apply_session.
    ("playing without a hand", lambda data: data.update(phase="playing"), "phase"),
    ("betting with no bettor", lambda data: data.update(phase="betting"), "betting"),
    # No session reaches this: a seat left to bet before the deal is called.
    ("a bettor while no bets", lambda data: data.update(betting=[1]), "betting"),
    # new_session and join refuse these; the reader let them in.
    ("a name that moves the cursor", _renamed, r"players\[1\]"),
    ("a seed of 1,500 digits", lambda data: data.update(seed=10**1500), "seed"),
]


@pytest.mark.parametrize(
    ("change", "where"),
    [(change, where) for _, change, where in FORGED_SESSIONS],
    ids=[name for name, _, _ in FORGED_SESSIONS],
)
def test_a_session_whose_parts_do_not_fit_is_refused(
    change: Callable[[dict[str, Any]], None], where: str
) -> None:
    data = _session()
    change(data)
    with pytest.raises(SerializationError, match=rf"^\$\.{where}: "):
        from_json(json.dumps(data), tonk.Session)


def test_every_session_of_a_sitting_is_still_read() -> None:
    """The guard of the checks above: what the engine reaches, they let in."""
    for rules, players in [(tonk.presets.PAGAT, 3), (tonk.presets.ELIMINATION, 4)]:
        session = tonk.new_session(rules, players=players, seed=4)
        for step in range(200):
            assert from_json(tonk.to_json(session), tonk.Session) == session
            actions = tonk.session_actions(session)
            if not actions:
                break
            session = tonk.apply_session(session, actions[step % len(actions)])


# --- an observation reader told a field again, as another JSON type ----------------


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("stock_size", 41.0),  # the float of the int read before
        ("going_out_barred", [0, 0]),  # ints equal to the flags read before
        ("turns_taken", False),  # a bool equal to the int read before
        ("waits", [0.0, 0]),
    ],
)
def test_an_observation_reader_refuses_a_wrong_type_equal_to_the_last_value(
    field: str, value: Any
) -> None:
    state = tonk.new_game(tonk.Rules(), players=2, seed=7)
    seen = observation_json(tonk.observe(state, 1))
    fresh = ObservationReader(tonk.Rules())
    used = ObservationReader(tonk.Rules())
    assert used.read(seen) == tonk.observe(state, 1)
    forged = {**seen, field: value}
    with pytest.raises(tonk.ProtocolError, match=field):
        fresh.read(forged)
    with pytest.raises(tonk.ProtocolError, match=field):
        used.read(forged)


def test_the_changes_of_a_view_refuse_a_spread_equal_to_the_last_but_mistyped() -> None:
    state = tonk.new_game(tonk.Rules(), players=2, seed=0)
    rng = random.Random(0)
    while not state.spreads:  # play on until a spread is laid
        actions = tonk.legal_actions(state)
        spreads = [each for each in actions if isinstance(each, tonk.LaySpread)]
        others = [each for each in actions if not isinstance(each, tonk.Drop)]
        state = tonk.apply(state, rng.choice(spreads or others))
    seen = observation_json(tonk.observe(state, 0))
    reader = ObservationReader(tonk.Rules())
    reader.read(seen)
    mistyped = copy.deepcopy(seen["spreads"])
    mistyped[0]["number"] = float(mistyped[0]["number"])
    with pytest.raises(tonk.ProtocolError, match=r"spreads\[0\]\.number"):
        reader.read_changes({"spreads": mistyped})


# --- a program that answers without reading its input -------------------------------

DEAF_PROGRAM = """
import json, sys
print(json.dumps({"type": "hello", "protocol": 1}), flush=True)
for request in range(1, 100_000):  # drops at every request, reading nothing
    print(json.dumps({"type": "action", "request": request, "action": "drop"}),
          flush=True)
"""


def test_a_program_that_stops_reading_its_input_is_stopped_in_its_time(
    tmp_path: Path,
) -> None:
    """The acts fill the program's input pipe; writing one more waited for ever."""
    program = tmp_path / "deaf.py"
    program.write_text(DEAF_PROGRAM)
    bot = ProcessBot([sys.executable, str(program)], timeout=1)
    failures: list[BaseException] = []

    def play() -> None:
        try:
            for seed in range(1_000):
                play_hand(tonk.Rules(), [bot, GreedyBot()], seed=seed, dealer=1)
        except BaseException as error:  # looked at below
            failures.append(error)

    thread = threading.Thread(target=play, daemon=True)
    thread.start()
    thread.join(30)
    stuck = thread.is_alive()
    pid = bot.pid
    if stuck and pid is not None:  # free the thread: end the program we started
        os.killpg(pid, signal.SIGKILL)
        thread.join(10)
    assert not stuck, "the bot waited for ever to write to its program"
    assert len(failures) == 1
    assert isinstance(failures[0], BotError)
    assert "did not read its input within 1 s" in str(failures[0])
    assert bot.pid is None  # the program was ended


# --- a table restored from a history with a hole in it -------------------------------


@pytest.mark.parametrize(
    "actions",
    [[None], [None, tonk.Drop()], [tonk.DrawStock(), None, tonk.Drop()]],
    ids=["only None", "None first", "None inside"],
)
def test_restore_refuses_a_history_holding_none(actions: list[Any]) -> None:
    """None ended the history there: the actions after it were dropped unread."""
    with pytest.raises(TypeError, match="not a tonk action: None"):
        Table.restore(tonk.Rules(), players=2, seed=7, hands=2, actions=actions)


# --- a player eliminated (X3): the hand's last messages reach every seat of it ------


def _until_an_elimination(hands: int) -> tuple[Table, list[Any]]:
    """Play a table of four under X3 at random until a hand unseats a player."""
    table = Table(tonk.presets.ELIMINATION, players=4, seed=0, hands=hands)
    rng = random.Random(0)
    table.start()
    while table.waiting_for:
        seat = table.waiting_for[0]
        act = next(
            out.message for out in table.snapshot(seat) if out.message["type"] == "act"
        )
        choice = rng.choice(act["legal"])["action"]
        seated = len(table.state.players)
        answer = {"type": "action", "request": act["request"], "action": choice}
        out = table.receive(seat, answer)
        if len(table.state.players) < seated:
            return table, out
    raise AssertionError("nobody was eliminated")


def _seats_sent(out: list[Any], kind: str) -> list[int | None]:
    return [each.to for each in out if each.message["type"] == kind]


def test_every_seat_of_a_hand_that_eliminates_hears_how_it_ended() -> None:
    """The hand's last event and hand_over went to the seats left after it only."""
    table, out = _until_an_elimination(hands=200)
    assert len(table.state.players) == 3
    everyone = [0, 1, 2, 3, None]
    first = [each for each in out if each.message["type"] != "seating"]
    assert _seats_sent(first, "hand_over") == everyone
    events = [each for each in out if each.message["type"] == "event"]
    assert [each.to for each in events if each.message["kind"] == "action"] == everyone


def test_every_seat_of_a_last_hand_that_eliminates_hears_goodbye() -> None:
    """Past the table's last hand no seating renumbers the seats: all four are told."""
    table, _ = _until_an_elimination(hands=200)
    assert table.state.last is not None
    table, out = _until_an_elimination(hands=table.state.last.number)
    assert table.is_over
    everyone = [0, 1, 2, 3, None]
    assert _seats_sent(out, "hand_over") == everyone
    assert _seats_sent(out, "goodbye") == everyone


# --- a session whose last hand's naturals winner sat where a player has left -------


def _side_bets_sitting(rules: tonk.Rules) -> list[tonk.Session]:
    """Sessions of three between hands, each after the first seat has left (V47).

    Every player bets on every side bet and lays each spread it can, so that
    the pots are won, by any seat.
    """
    rng = random.Random(0)
    session = tonk.new_session(rules, players=3, seed=0)
    left = []
    while session.number < 12 and tonk.session_actions(session):
        actions = tonk.session_actions(session)
        if session.phase is tonk.SessionPhase.PLAYING:
            spreads = [each for each in actions if isinstance(each, tonk.LaySpread)]
            others = [each for each in actions if not isinstance(each, tonk.Drop)]
            action = spreads[0] if spreads else rng.choice(others or actions)
        else:
            action = actions[-1]  # the bets on both pots, a suit call, a deal
        session = tonk.apply_session(session, action)
        if session.phase is tonk.SessionPhase.BEFORE_DEAL:
            left.append(tonk.leave(session, session.players[0]))
    return left


@pytest.mark.parametrize(
    "rules",
    [
        tonk.Rules(scoring=tonk.Scoring.PUSH_UPS, naturals_bet=1),
        tonk.Rules(suit_bet=1, naturals_bet=2),
    ],
    ids=["naturals", "both pots"],
)
def test_a_session_after_a_leave_reads_back(rules: tonk.Rules) -> None:
    """The last hand's naturals winner was checked against the seats left."""
    sessions = _side_bets_sitting(rules)
    gone = [
        session
        for session in sessions
        if (session.naturals_winner or 0) >= len(session.players)
    ]
    assert gone  # the naturals pot won at a seat the table has no more
    for session in sessions:
        assert from_json(tonk.to_json(session), tonk.Session) == session


def test_a_served_bot_reads_the_rules_of_a_welcome_equal_but_mistyped() -> None:
    """A welcome's rules equal to the last ones by ``==`` (1 for true) were not read."""
    table = Table(tonk.Rules(), players=2, seed=7)
    welcome = next(out.message for out in table.start() if out.to == 0)
    again = copy.deepcopy(welcome)
    assert again["rules"]["upcard"] is True
    again["rules"]["upcard"] = 1
    lines = [encode_message(welcome), encode_message(again)]
    stdout = io.BytesIO()
    serve_bot(GreedyBot(), stdin=io.BytesIO("\n".join(lines).encode()), stdout=stdout)
    answers = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert [answer["type"] for answer in answers] == ["hello", "error"]
    assert answers[1]["code"] == "bad_field"
    assert "upcard" in answers[1]["message"]
