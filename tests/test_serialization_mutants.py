"""Tests of the JSON forms written to kill the survivors of mutation testing.

mutmut (docs/maintainers.md, "Mutation testing") changed
``tonk.serialization`` one small edit at a time; each test here tells one
such change from the code it changed, through the public API
(``from_dict``, ``from_json``, ``to_dict``, ``validate``, ``json_schema``):
the exact type, message and JSON path of each refusal (a wrong kind, a bad
header, an observation no reachable state gives, a session or a hand result
whose parts do not fit, a result's summary that does not add up, a bot
error), the documents at the edge of each check, read back exactly, and the
fields a document may leave out.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import tonk
from tonk import (
    Game,
    GameRecord,
    Observation,
    Rules,
    SerializationError,
    Session,
    from_dict,
    from_json,
    json_schema,
    observe,
    parse_action,
    to_dict,
    to_json,
    validate,
)
from tonk.bots import TournamentResult
from tonk.serialization import TOURNAMENT_FORMAT, add_format
from tonk.testing import stack_deck


def refusal(data: Any, kind: Any) -> tuple[type[Exception], str | None, str]:
    """Return the type, the path and the message of ``data``'s refusal as ``kind``.

    The document is read both as a dict and as JSON text: both must refuse it
    in the same way, and leave it as it was.
    """
    before = copy.deepcopy(data)
    with pytest.raises(SerializationError) as caught:
        from_dict(data, kind)
    assert data == before
    with pytest.raises(SerializationError) as again:
        from_json(json.dumps(data), kind)
    error = caught.value
    assert (type(again.value), again.value.path, str(again.value)) == (
        type(error),
        error.path,
        str(error),
    )
    return type(error), error.path, str(error)


def message_of(data: Any, kind: Any) -> str:
    """Return the message (with its path) ``data`` is refused with as ``kind``."""
    return refusal(data, kind)[2]


def play(state: tonk.GameState, *texts: str) -> tonk.GameState:
    for text in texts:
        state = tonk.apply(state, parse_action(state, text))
    return state


# --- what cannot be written or read: plain TypeErrors ------------------------------

KINDS_TEXT = (
    "kind must be Rules, GameState, GameRecord, Observation, Game, Session,"
    " HandResult, SimulationResult, TournamentResult, BotError, Action, an"
    " action class, SessionAction or a session action class, got "
)


@pytest.mark.parametrize(
    ("kind", "shown"),
    [(int, "<class 'int'>"), ("tonk.rules", "'tonk.rules'"), (None, "None")],
)
def test_reading_a_kind_that_is_no_document_names_every_kind(
    kind: Any, shown: str
) -> None:
    with pytest.raises(TypeError) as caught:
        from_dict(to_dict(Rules()), kind)
    assert str(caught.value) == KINDS_TEXT + shown
    with pytest.raises(TypeError) as caught:
        from_json("{}", kind)
    assert str(caught.value) == KINDS_TEXT + shown


def test_writing_a_value_that_is_no_document_shows_the_value() -> None:
    with pytest.raises(TypeError) as caught:
        to_dict(3)  # type: ignore[arg-type]
    assert str(caught.value) == "cannot serialize 3"
    with pytest.raises(TypeError) as caught:
        to_json("drop")  # type: ignore[arg-type]
    assert str(caught.value) == "cannot serialize 'drop'"


def test_validating_what_is_not_a_state_names_its_type() -> None:
    with pytest.raises(TypeError) as caught:
        validate(to_dict(tonk.new_game(Rules(), players=2, seed=7)))  # type: ignore[arg-type]
    assert str(caught.value) == "state must be a tonk.GameState, got a dict"


def test_the_schema_of_an_unknown_format_lists_every_format() -> None:
    with pytest.raises(TypeError) as caught:
        json_schema("tonk.rule")
    assert str(caught.value) == (
        'no document has the format "tonk.rule"; the formats are tonk.rules,'
        " tonk.state, tonk.record, tonk.action, tonk.observation, tonk.game,"
        " tonk.session, tonk.hand_result, tonk.simulation_result,"
        " tonk.tournament_result, tonk.bot_error, tonk.legal_actions,"
        " tonk.session_action"
    )


def test_adding_the_tournament_format_again_keeps_its_documents() -> None:
    # tonk.bots adds its result's format when imported, before any test runs;
    # adding it again (as a second import of an extension would) changes nothing.
    add_format(TournamentResult, TOURNAMENT_FORMAT)
    bots: list[tonk.bots.Bot] = [tonk.bots.RandomBot(), tonk.bots.RandomBot()]
    result = tonk.bots.tournament(tonk.presets.PAGAT, bots, hands=2, seed=1)
    data = to_dict(result)
    assert data["format"] == "tonk.tournament_result"
    assert from_dict(data, TournamentResult) == result


# --- the header ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "kind", "path", "message"),
    [
        ({"version": 1}, Rules, "$.format", "required field is missing"),
        ({"format": "tonk.rules"}, Rules, "$.version", "required field is missing"),
        (
            {"format": "tonk.state", "version": 1},
            Rules,
            "$.format",
            'expected "tonk.rules", got "tonk.state"',
        ),
        (
            {"format": "tonk.action", "version": 2, "action": "drop"},
            tonk.Drop,
            "$.version",
            'unsupported version 2 of "tonk.action": this tonk reads version 1',
        ),
        (
            {"format": "tonk.session", "version": 0},
            Session,
            "$.version",
            'unsupported version 0 of "tonk.session": this tonk reads version 1',
        ),
    ],
)
def test_a_bad_header_is_refused_naming_its_field(
    data: dict[str, Any], kind: Any, path: str, message: str
) -> None:
    assert refusal(data, kind) == (SerializationError, path, f"{path}: {message}")


@pytest.mark.parametrize(
    ("data", "path", "message"),
    [
        ({"action": "drop", "seat": 1}, "$.seat", "unknown field"),
        ({}, "$.action", "required field is missing"),
    ],
)
def test_an_action_document_names_its_unknown_or_missing_field(
    data: dict[str, Any], path: str, message: str
) -> None:
    document = {"format": "tonk.action", "version": 1, **data}
    assert refusal(document, tonk.Action) == (
        SerializationError,
        path,
        f"{path}: {message}",
    )


# --- observations --------------------------------------------------------------------


def an_observation() -> dict[str, Any]:
    """Seat 1 of three has drawn the upcard, 5H, and must discard."""
    state = play(tonk.new_game(Rules(), players=3, seed=2), "draw discard")
    return to_dict(observe(state, 1))


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("shown_hands", [], "$.shown_hands: must have one value per seat (3), got 0"),
        ("exchanged", [True], "$.exchanged: must have one value per seat (3), got 1"),
        ("waits", [0, 0], "$.waits: must have one value per seat (3), got 2"),
        ("to_move", 3, "$.to_move: seat 3 is not at the table of 3"),
    ],
)
def test_an_observation_for_another_table_names_the_field(
    field: str, value: Any, message: str
) -> None:
    data = an_observation()
    data[field] = value
    assert message_of(data, Observation) == message


NO_STATE = "$: no reachable state gives this observation: "


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        # The pack's count, a RulesError of the deal of the hidden cards.
        (
            "stock_size",
            30,
            "the observation does not fit the pack of its rules:"
            " 46 unseen cards for 40 hidden places",
        ),
        # The checks of the state dealt, without the path they give in it.
        ("phase", "extra_discard", "6 cards, more than a hand can hold now (5)"),
        ("turns_taken", 201, "the hand ends after max_turns=200 turns, at the latest"),
    ],
)
def test_an_observation_no_state_gives_says_why_without_a_second_path(
    field: str, value: Any, reason: str
) -> None:
    data = an_observation()
    data[field] = value
    assert refusal(data, Observation) == (SerializationError, "$", NO_STATE + reason)


def test_an_observation_whose_seat_to_move_cannot_act_says_so_after_every_deal() -> (
    None
):
    """Seat 1 took the KS (V24d); the forged view gives seat 0 its partners.

    Seat 1 must lay the KS in a spread, but the view says seat 0 holds the KC
    and KH (and the QS, which a run to the KS would need): no deal of the
    hidden cards lets seat 1 act.
    """
    rules = Rules(discard_draw_must_meld=True)
    hands = ["3C 4D 9H 6S QS", "KC KH 2D 7H 8C"]
    deck = stack_deck(rules, hands=hands, upcard="KS")
    state = play(tonk.new_game(rules, players=2, deck=deck), "draw discard")
    data = to_dict(observe(state, 0))
    assert from_dict(data, Observation) == observe(state, 0)
    data["hand"] = ["3C", "KC", "KH", "6S", "QS"]
    assert refusal(data, Observation) == (
        SerializationError,
        "$",
        f"{NO_STATE}no deal of the hidden cards in 2000 lets seat 1 act",
    )


# --- sessions and hand results -------------------------------------------------------


def sitting_with_a_side_payment() -> Session:
    """A session of three with side bets, playing after a hand that paid one."""
    rules = Rules(suit_bet=1, naturals_bet=1)
    rng = random.Random(1)
    session = tonk.new_session(rules, players=3, seed=1)
    while not (
        session.last is not None
        and session.last.side
        and session.phase is tonk.SessionPhase.PLAYING
    ):
        session = tonk.apply_session(session, rng.choice(tonk.session_actions(session)))
    return session


SESSION = sitting_with_a_side_payment()


def test_the_sitting_of_these_tests_is_read_back() -> None:
    data = to_dict(SESSION)
    assert data["last"]["side"] == [{"seat": 2, "amount": -1, "reason": "naturals_bet"}]
    assert data["suit_bettors"] == [0, 1]
    assert from_dict(data, Session) == SESSION
    assert SESSION.last is not None
    assert from_dict(to_dict(SESSION.last), tonk.HandResult) == SESSION.last


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        (
            "outcome",
            {"winners": [5]},
            "outcome.winners[0]: seat 5 is not at the table of 3 players",
        ),
        ("dealer", 5, "dealer: seat 5 is not at the table of 3"),
    ],
)
@pytest.mark.parametrize("in_session", [False, True])
def test_a_hand_result_that_does_not_fit_its_table_names_the_field(
    field: str, value: Any, message: str, in_session: bool
) -> None:
    assert SESSION.last is not None
    data = to_dict(SESSION) if in_session else to_dict(SESSION.last)
    result = data["last"] if in_session else data
    if isinstance(value, dict):
        result[field].update(value)
    else:
        result[field] = value
    prefix = "$.last." if in_session else "$."
    kind = Session if in_session else tonk.HandResult
    assert message_of(data, kind) == prefix + message


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("suit_bettors", [0, 5], "$.suit_bettors: seat 5 is not at the table of 3"),
        ("suit_winners", [3], "$.suit_winners: seat 3 is not at the table of 3"),
        ("naturals_winner", 4, "$.naturals_winner: seat 4 is not at the table of 3"),
        (
            "naturals_players",
            ["P4"],
            "$.naturals_players: names a player not in the ledger",
        ),
    ],
)
def test_a_session_naming_a_seat_or_player_not_at_the_table_names_the_field(
    field: str, value: Any, message: str
) -> None:
    data = to_dict(SESSION)
    data[field] = value
    assert message_of(data, Session) == message


def test_a_session_hand_that_could_not_be_reached_names_the_hands_field_once() -> None:
    data = to_dict(SESSION)
    data["hand"]["turns_taken"] = 10**9
    assert refusal(data, Session) == (
        SerializationError,
        "$.hand.turns_taken",
        "$.hand.turns_taken: the hand ends after max_turns=200 turns, at the latest",
    )


# --- games and records ---------------------------------------------------------------


def test_a_record_or_a_game_without_a_dealer_is_dealt_by_seat_0() -> None:
    game = Game(Rules(), players=2, seed=7)
    game.push("drop")
    for value, kind in ((game.record, GameRecord), (game, Game)):
        data = to_dict(value)
        del data["dealer"]
        assert from_dict(data, kind) == value
    record = to_dict(game.record)
    del record["dealer"]
    record["players"] = 1
    assert message_of(record, GameRecord) == (
        "$.players: players must be 2..10 under these rules, got 1"
    )


def test_a_game_whose_outcome_its_actions_do_not_reach_says_why() -> None:
    game = Game(Rules(), players=2, seed=7)
    game.push("drop")
    data = to_dict(game)
    data["actions"] = []
    assert refusal(data, Game) == (
        SerializationError,
        "$.outcome",
        "$.outcome: the record gives the outcome drop_won with payoffs (-1, 1),"
        " but the hand is not over after its 0 actions",
    )


# --- bot errors ----------------------------------------------------------------------


@pytest.mark.parametrize("field", ["deal", "seat"])
def test_a_bot_error_at_a_negative_deal_or_seat_is_refused(field: str) -> None:
    data = {"format": "tonk.bot_error", "version": 1, "message": "m", "bot": "b"}
    data[field] = -1
    assert refusal(data, tonk.BotError) == (
        SerializationError,
        f"$.{field}",
        f"$.{field}: must not be negative",
    )
    data[field] = 0
    assert getattr(from_dict(data, tonk.BotError), field) == 0


# --- simulation results --------------------------------------------------------------


def a_simulation() -> dict[str, Any]:
    """Six hands of two: five drops won and one caught, 3 to seat 0."""
    data = to_dict(tonk.simulate(Rules(), players=2, hands=6, seed=1))
    assert data["total_payoffs"] == ["3", "-3"]
    return data


def test_a_simulation_with_halves_in_its_totals_is_read_back() -> None:
    rules = Rules(exhaustion_tie=tonk.ExhaustionTie.SPLIT, max_turns=1)
    result = tonk.simulate(rules, players=3, hands=3, seed=9)
    data = to_dict(result)
    assert data["total_payoffs"] == ["-3/2", "3/2", "0"]
    assert from_dict(data, tonk.SimulationResult) == result


def test_a_simulation_of_the_most_hands_and_no_actions_is_read() -> None:
    data = a_simulation()
    data.update(
        hands=10**9,
        outcomes={"drop_won": 10**9},
        total_payoffs=["0", "0"],
        mean_payoffs=[0.0, 0.0],
        actions=0,
        mean_actions=0.0,
    )
    result = from_dict(data, tonk.SimulationResult)
    assert (result.hands, result.actions) == (10**9, 0)
    data["hands"] += 1
    data["outcomes"]["drop_won"] += 1
    assert message_of(data, tonk.SimulationResult) == (
        "$.hands: must be 1..1000000000, got 1000000001"
    )


def test_a_simulation_of_a_million_actions_a_hand_is_read_and_no_more() -> None:
    data = a_simulation()
    data.update(
        hands=1,
        outcomes={"drop_won": 1},
        total_payoffs=["1", "-1"],
        mean_payoffs=[1.0, -1.0],
        actions=10**6,
        mean_actions=1e6,
    )
    assert from_dict(data, tonk.SimulationResult).actions == 10**6
    data["actions"] += 1
    data["mean_actions"] += 1
    assert message_of(data, tonk.SimulationResult) == (
        "$.actions: must be 0..1000000 a hand, got 1000001"
    )
    data["actions"] = -1
    assert message_of(data, tonk.SimulationResult) == (
        "$.actions: must be 0..1000000 a hand, got -1"
    )


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        (
            "total_payoffs",
            ["3", "x"],
            "$.total_payoffs[1]: must be an exact number as a string such as"
            ' "-3/2", got "x"',
        ),
        (
            "total_payoffs",
            ["3", "-" + "9" * 1001],
            '$.total_payoffs[1]: "-999999999999999999999999999999999999999..."'
            " has too many digits",
        ),
        ("mean_actions", None, "$.mean_actions: required field is missing"),
        ("mean_payoffs", None, "$.mean_payoffs: required field is missing"),
        ("outcomes", 5, "$.outcomes: must be an object of counts, got 5"),
    ],
)
def test_a_bad_simulation_summary_names_the_place(
    field: str, value: Any, message: str
) -> None:
    data = a_simulation()
    if value is None:
        del data[field]
    else:
        data[field] = value
    assert message_of(data, tonk.SimulationResult) == message


# --- tournament results --------------------------------------------------------------


def a_tournament() -> dict[str, Any]:
    """Six hands: the greedy bot wins all (five drops, one catch), 7 to -7."""
    bots: list[tonk.bots.Bot] = [tonk.bots.GreedyBot(), tonk.bots.RandomBot()]
    data = to_dict(tonk.bots.tournament(tonk.presets.PAGAT, bots, hands=6, seed=3))
    assert [(bot["wins"], bot["caught"]) for bot in data["bots"]] == [(6, 0), (0, 1)]
    return data


def test_the_tournament_of_these_tests_is_read_back() -> None:
    data = a_tournament()
    assert from_dict(data, TournamentResult).hands == 6


@pytest.mark.parametrize(
    ("bot", "field", "value", "message"),
    [
        (0, None, 3, "$.bots[0]: must be an object, got 3"),
        (1, None, ["x"], "$.bots[1]: must be an object, got a list of 1 item"),
        (1, "win_rate", None, "$.bots[1].win_rate: required field is missing"),
        (1, "mean_payoff", None, "$.bots[1].mean_payoff: required field is missing"),
        (
            1,
            "won_by",
            [],
            "$.bots[1].won_by: must be an object of counts, got a list of 0 items",
        ),
        (
            0,
            "won_by",
            {"drop_won": 5},
            "$.bots[0].won_by: the counts do not add up to the 6 wins",
        ),
        (
            1,
            "total_payoff",
            "-" + "9" * 1001,
            '$.bots[1].total_payoff: "-999999999999999999999999999999999999999..."'
            " has too many digits",
        ),
        (
            1,
            "total_payoff",
            -7,
            "$.bots[1].total_payoff: must be an exact number as a string such as"
            ' "-3/2", got -7',
        ),
    ],
)
def test_a_bad_bot_record_names_the_place(
    bot: int, field: str | None, value: Any, message: str
) -> None:
    data = a_tournament()
    if field is None:
        data["bots"][bot] = value
    elif value is None:
        del data["bots"][bot][field]
    else:
        data["bots"][bot][field] = value
    assert message_of(data, TournamentResult) == message


@pytest.mark.parametrize(
    ("bot", "field", "value", "message"),
    [
        (0, "wins", 7, "$.bots[0].wins: must be 0..6, got 7"),
        (0, "wins", -1, "$.bots[0].wins: must be 0..6, got -1"),
        # Once named as "$.bots[1].wins: wins and catches must be 0..6".
        (1, "caught", 7, "$.bots[1].caught: must be 0..6, got 7"),
        (1, "caught", -1, "$.bots[1].caught: must be 0..6, got -1"),
    ],
)
def test_a_bot_record_with_too_many_wins_or_catches_names_that_field(
    bot: int, field: str, value: int, message: str
) -> None:
    data = a_tournament()
    data["bots"][bot][field] = value
    assert message_of(data, TournamentResult) == message
    data["bots"][bot][field] = 6 if field == "caught" else 0
    if field == "wins":
        data["bots"][bot]["won_by"] = {}
        data["bots"][bot].update(win_rate=0.0, win_rate_ci95=[0.0, 0.0])
    assert from_dict(data, TournamentResult).bots[bot].caught == (
        6 if field == "caught" else 0
    )


# --- counts by outcome: each count where it is written, never negative ---------------


@pytest.mark.parametrize(
    ("outcomes", "message"),
    [
        # Counts that add up, one of them negative: once read as they were
        # (the schema refuses them).
        ({"drop_won": 7, "caught": -1}, "$.outcomes.caught: must be 0 or more, got -1"),
        # Once named "$.outcomes[0][1]" and "$.outcomes[1][0]", places that
        # are not in the document.
        (
            {"drop_won": "5", "caught": 1},
            '$.outcomes.drop_won: must be an int, got "5"',
        ),
        ({"drop_won": 5, "caught": 1.0}, "$.outcomes.caught: must be an int, got 1.0"),
        (
            {"drop_won": 5, "fold": 1},
            '$.outcomes.fold: must be one of "deal_tonk", "void_deal", "tonk_out",'
            ' "out_by_discard", "drop_won", "caught", "stock_exhausted",'
            ' "turn_limit", "dead_stock", "forced_knock", "tunk", got "fold"',
        ),
        (
            {"drop_won": 5, "caught at once": True},
            '$.outcomes["caught at once"]: must be one of "deal_tonk", "void_deal",'
            ' "tonk_out", "out_by_discard", "drop_won", "caught",'
            ' "stock_exhausted", "turn_limit", "dead_stock", "forced_knock",'
            ' "tunk", got "caught at once"',
        ),
    ],
)
def test_a_bad_count_of_outcomes_names_its_key(
    outcomes: dict[str, Any], message: str
) -> None:
    data = a_simulation()
    data["outcomes"] = outcomes
    assert message_of(data, tonk.SimulationResult) == message
    tournament = a_tournament()
    tournament["outcomes"] = outcomes
    assert message_of(tournament, TournamentResult) == message
    tournament = a_tournament()
    tournament["bots"][0]["won_by"] = outcomes
    assert message_of(tournament, TournamentResult) == message.replace(
        "$.outcomes", "$.bots[0].won_by"
    )


def test_counts_of_outcomes_in_any_key_order_are_read_most_frequent_first() -> None:
    # A JSON object's keys have no order (a tool may sort them); the result's
    # counts are "most frequent first" whatever order the document gives.
    data = a_simulation()
    data["outcomes"] = {"caught": 1, "drop_won": 5}
    result = from_dict(data, tonk.SimulationResult)
    assert result == from_dict(a_simulation(), tonk.SimulationResult)
    assert [(kind.value, count) for kind, count in result.outcomes] == [
        ("drop_won", 5),
        ("caught", 1),
    ]
    tournament = a_tournament()
    tournament["outcomes"] = {"caught": 1, "drop_won": 5}
    tournament["bots"][0]["won_by"] = {"caught": 1, "drop_won": 5}
    assert from_dict(tournament, TournamentResult) == from_dict(
        a_tournament(), TournamentResult
    )


def test_a_count_of_no_hands_is_read() -> None:
    data = a_simulation()
    data["outcomes"] = {"drop_won": 5, "caught": 1, "tunk": 0}
    result = from_dict(data, tonk.SimulationResult)
    assert [(kind.value, count) for kind, count in result.outcomes] == [
        ("drop_won", 5),
        ("caught", 1),
        ("tunk", 0),
    ]


def test_a_count_of_outcomes_keyed_by_a_number_is_refused() -> None:
    data = a_simulation()
    data["outcomes"] = {1: 6}
    with pytest.raises(SerializationError) as caught:
        from_dict(data, tonk.SimulationResult)
    assert str(caught.value) == "$.outcomes: keys must be strings, got 1"


def test_a_bot_won_by_a_negative_count_is_refused() -> None:
    data = a_tournament()
    data["bots"][0]["won_by"] = {"drop_won": 7, "caught": -1}
    assert message_of(data, TournamentResult) == (
        "$.bots[0].won_by.caught: must be 0 or more, got -1"
    )


@pytest.mark.parametrize(
    ("value", "message"),
    [
        # Once "must be a list of ints or fractions such as "1/2", got 3": the
        # codec's form, and the string shown as the int read from it.
        (
            "3",
            "$.total_payoffs: must be a list of exact numbers as strings such as"
            ' "-3/2", got "3"',
        ),
        (
            3,
            "$.total_payoffs: must be a list of exact numbers as strings such as"
            ' "-3/2", got 3',
        ),
    ],
)
def test_totals_per_seat_not_in_a_list_are_refused_as_such(
    value: Any, message: str
) -> None:
    data = a_simulation()
    data["total_payoffs"] = value
    assert message_of(data, tonk.SimulationResult) == message


def test_a_bot_total_given_as_a_list_is_refused_as_one_exact_number() -> None:
    data = a_tournament()
    data["bots"][0]["total_payoff"] = ["7"]
    assert message_of(data, TournamentResult) == (
        "$.bots[0].total_payoff: must be an exact number as a string such as"
        ' "-3/2", got a list of 1 item'
    )


def test_a_side_payment_to_a_seat_not_at_the_table_names_the_payment() -> None:
    assert SESSION.last is not None
    data = to_dict(SESSION.last)
    data["side"][0]["seat"] = 7
    assert message_of(data, tonk.HandResult) == (
        "$.side[0]: seat 7 is not at the table of 3"
    )
    data = to_dict(SESSION)
    data["last"]["side"][0]["seat"] = 3
    assert message_of(data, Session) == (
        "$.last.side[0]: seat 3 is not at the table of 3"
    )


# --- wrong Python types at the entry points ------------------------------------------


@pytest.mark.parametrize(
    ("kind", "shown"),
    [
        ([Rules], "[<class 'tonk.rules.Rules'>]"),
        ({"format": "tonk.rules"}, "{'format': 'tonk.rules'}"),
        ({Rules}, "{<class 'tonk.rules.Rules'>}"),
    ],
)
def test_an_unhashable_kind_is_refused_naming_every_kind(kind: Any, shown: str) -> None:
    # Once "unhashable type: 'list'", from the lookup of the kind's format.
    with pytest.raises(TypeError) as caught:
        from_dict(to_dict(Rules()), kind)
    assert str(caught.value) == KINDS_TEXT + shown
    with pytest.raises(TypeError) as caught:
        json_schema(kind)
    assert str(caught.value) == KINDS_TEXT + shown


@pytest.mark.parametrize(
    ("indent", "shown"), [("  ", "'  '"), (1.5, "1.5"), (True, "True")]
)
def test_to_json_refuses_an_indent_that_is_not_an_int(indent: Any, shown: str) -> None:
    # A string was written between the lines, which made text that is not
    # JSON; a float failed inside json.dumps.
    with pytest.raises(TypeError) as caught:
        to_json(tonk.Drop(), indent=indent)
    assert str(caught.value) == f"indent must be an int or None, got {shown}"


def test_to_json_indents_by_the_number_given() -> None:
    assert to_json(tonk.Drop(), indent=2) == (
        '{\n  "format": "tonk.action",\n  "version": 1,\n  "action": "drop"\n}'
    )
    assert to_json(tonk.Drop(), indent=0) == (
        '{\n"format": "tonk.action",\n"version": 1,\n"action": "drop"\n}'
    )
