"""Game records: GameRecord, replay, and the text form (format_record, parse_record)."""

from __future__ import annotations

import re

import attrs
import pytest
from documents import any_playouts, record_of, shuffled_deck
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tonk
from tonk import (
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    GameRecord,
    GameState,
    IllegalActionError,
    IllegalReason,
    NotationError,
    ReplayError,
    Rules,
    RulesError,
    format_record,
    parse_record,
    presets,
    replay,
)
from tonk.testing.strategies import Playout

RULES = Rules()


def record(**changes: object) -> GameRecord:
    fields: dict[str, object] = {"rules": RULES, "players": 2, "seed": 7}
    fields.update(changes)
    return GameRecord(**fields)  # type: ignore[arg-type]


def drop_hand() -> GameRecord:
    """Seed 7: seat 1 draws 9C, discards it, and seat 0 drops on 38 and is caught."""
    actions = (DrawStock(), Discard(Card.parse("9C")), Drop())
    states = list(replay(record(actions=actions)))
    return record(actions=actions, outcome=states[-1].outcome)


# --- building records ----------------------------------------------------------


def test_a_record_holds_its_deal_and_actions() -> None:
    played = drop_hand()
    assert played.initial_state() == tonk.new_game(RULES, players=2, seed=7)
    assert played.outcome is not None
    assert played.outcome.kind is tonk.OutcomeKind.CAUGHT
    assert played == drop_hand()
    assert hash(played) == hash(drop_hand())


def test_start_then_and_with_outcome_build_a_record_while_playing() -> None:
    start = GameRecord.start(RULES, players=3, seed=5, dealer=2)
    state = start.initial_state()
    built = start
    while not state.is_terminal:
        action = tonk.legal_actions(state)[0]
        state = tonk.apply(state, action)
        built = built.then(action)
    built = built.with_outcome(state.outcome)
    assert start.actions == ()  # records are immutable
    assert built.dealer == 2
    assert list(replay(built))[-1] == state
    assert built.with_outcome(None).outcome is None


def test_start_without_a_seed_draws_one() -> None:
    first = GameRecord.start(RULES, players=2)
    second = GameRecord.start(RULES, players=2)
    assert first.seed is not None
    assert first.deck is None
    assert first.seed != second.seed
    assert first.initial_state() == first.initial_state()


def test_start_with_a_deck() -> None:
    deck = shuffled_deck(RULES, 2, 11)
    started = GameRecord.start(RULES, players=2, deck=iter(deck))
    assert started.seed is None
    assert started.deck == deck
    assert started.initial_state() == tonk.new_game(RULES, players=2, seed=11)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"players": 1}, "players must be 2..10 under these rules, got 1"),
        ({"players": 11}, "players must be 2..10 under these rules, got 11"),
        ({"dealer": 2}, "dealer must be a seat 0..1, got 2"),
        ({"dealer": -1}, "dealer must be a seat 0..1, got -1"),
        ({"seed": None}, "a record needs a seed or a stacked deck"),
        ({"deck": RULES.pack()}, "give a seed or a stacked deck, not both"),
        (
            {"seed": None, "deck": RULES.pack()[:-1]},
            "deck has 51 cards, but these rules use a 52-card pack",
        ),
        (
            {"seed": None, "deck": (RULES.pack()[0],) * 52},
            "deck holds 52 of Card.parse('AC')",
        ),
    ],
)
def test_bad_records_raise_rules_error(
    changes: dict[str, object], message: str
) -> None:
    with pytest.raises(RulesError, match="^" + re.escape(message)):
        record(**changes)


@pytest.mark.parametrize(
    "changes",
    [
        {"rules": "pagat"},
        {"players": "2"},
        {"players": True},
        {"dealer": 0.0},
        {"seed": "7"},
        {"seed": False},
        {"deck": "AC 2C"},
        {"actions": "drop"},
        {"actions": [Drop(), "drop"]},
        {"outcome": "caught"},
    ],
)
def test_wrong_types_raise_type_error(changes: dict[str, object]) -> None:
    with pytest.raises(TypeError):
        record(**changes)


def test_then_takes_actions_only() -> None:
    with pytest.raises(TypeError):
        record().then("drop")  # type: ignore[arg-type]


# --- replay ----------------------------------------------------------------------


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(any_playouts())
def test_replay_reproduces_the_states_of_a_playout(playout: Playout) -> None:
    assert tuple(replay(record_of(playout))) == playout.states
    assert tuple(replay(record_of(playout, finished=False))) == playout.states
    deck = shuffled_deck(playout.rules, playout.players, playout.seed)
    stacked = attrs.evolve(record_of(playout), seed=None, deck=deck)
    assert tuple(replay(stacked)) == playout.states


def test_replay_starts_with_the_deal() -> None:
    states = list(replay(record()))
    assert states == [tonk.new_game(RULES, players=2, seed=7)]


def test_an_illegal_action_names_its_index() -> None:
    bad = record(actions=(DrawStock(), Drop()))
    states = replay(bad)
    assert next(states).phase is tonk.Phase.TURN_START
    assert next(states).phase is tonk.Phase.AFTER_DRAW
    with pytest.raises(IllegalActionError) as info:
        next(states)
    error = info.value
    assert error.index == 1
    assert error.line is None
    assert error.action == Drop()
    assert error.reason is IllegalReason.ALREADY_DREW
    assert str(error) == (
        "actions[1]: cannot drop: seat 1 has drawn; spread, hit or discard"
    )


def test_an_illegal_action_read_from_text_names_its_line() -> None:
    text = format_record(record(actions=(DrawStock(), Discard(Card.parse("KS")))))
    text = text.replace("discard KS", "# seat 1 throws a king\ndiscard KS")
    with pytest.raises(IllegalActionError) as info:
        list(replay(parse_record(text)))
    error = info.value
    assert (error.index, error.line) == (1, 10)
    assert error.reason is IllegalReason.CARD_NOT_IN_HAND
    assert str(error).startswith("actions[1] (line 10): cannot discard KS")


def test_lines_are_kept_with_an_outcome_but_not_with_more_actions() -> None:
    text = format_record(record(actions=(DrawStock(), Drop())))
    read = parse_record(text)
    with pytest.raises(IllegalActionError, match=r"^actions\[1\] \(line 9\)"):
        list(replay(read.with_outcome(None)))
    with pytest.raises(IllegalActionError, match=r"^actions\[1\]: "):
        list(replay(read.then(Drop())))


def test_actions_after_the_end_are_illegal() -> None:
    over = attrs.evolve(drop_hand(), actions=(*drop_hand().actions, DrawStock()))
    with pytest.raises(IllegalActionError) as info:
        list(replay(over))
    assert info.value.index == 3
    assert info.value.reason is IllegalReason.HAND_OVER


def test_the_recorded_outcome_must_be_the_replayed_one() -> None:
    played = drop_hand()
    assert played.outcome is not None
    won = tonk.apply(tonk.new_game(RULES, players=2, seed=7), Drop()).outcome
    assert won is not None
    with pytest.raises(ReplayError) as info:
        list(replay(played.with_outcome(won)))
    assert info.value.recorded == won
    assert info.value.replayed == played.outcome
    assert str(info.value) == (
        "the record gives the outcome drop_won with payoffs (-1, 1), but the"
        " replay ends caught with payoffs (-2, 2)"
    )


def test_an_unfinished_replay_does_not_match_an_outcome() -> None:
    played = drop_hand()
    short = attrs.evolve(played, actions=played.actions[:2])
    with pytest.raises(ReplayError, match="the hand is not over after its 2 actions"):
        list(replay(short))


def test_other_transfers_do_not_match() -> None:
    played = drop_hand()
    assert played.outcome is not None
    other = attrs.evolve(played.outcome, counts=(38, 15))
    with pytest.raises(ReplayError, match="as the replay does, but with other"):
        list(replay(played.with_outcome(other)))


def test_replay_takes_records_only() -> None:
    with pytest.raises(TypeError):
        next(replay(tonk.new_game(RULES, players=2, seed=7)))  # type: ignore[arg-type]


# --- the text form ---------------------------------------------------------------


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(any_playouts(max_actions=100))
def test_text_round_trips(playout: Playout) -> None:
    for finished in (True, False):
        kept = record_of(playout, finished=finished)
        text = format_record(kept)
        assert parse_record(text) == kept
        assert format_record(parse_record(text)) == text


def test_text_of_a_finished_hand() -> None:
    assert format_record(drop_hand()) == (
        '[Format "tonk.record"]\n'
        '[Version "1"]\n'
        '[Preset "pagat"]\n'
        '[Players "2"]\n'
        '[Dealer "0"]\n'
        '[Seed "7"]\n'
        r'[Outcome "{\"kind\":\"caught\",\"payoffs\":[-2,2],\"winners\":[1],'
        r"\"transfers\":[{\"payer\":0,\"payee\":1,\"amount\":2,"
        r'\"reason\":\"catcher\"}],\"counts\":[38,16],\"dropper\":0}"]'
        "\n\n"
        "draw stock\n"
        "discard 9C\n"
        "drop\n"
    )


def test_a_header_value_escapes_its_quotes_and_backslashes() -> None:
    """The Outcome and Rules values are JSON: their quotes are escaped."""
    text = format_record(drop_hand())
    (outcome,) = (line for line in text.splitlines() if line.startswith("[Outcome"))
    value = outcome.removeprefix('[Outcome "').removesuffix('"]')
    assert '"' not in value.replace('\\"', "")  # every quote inside is escaped
    assert parse_record(text) == drop_hand()
    backslash = text.replace('[Seed "7"]', r'[Seed "\7"]')  # \7 reads as 7
    assert parse_record(backslash).seed == 7


def test_records_written_with_bare_quotes_are_still_read() -> None:
    """Before 0.2.0 the JSON values were written with their quotes bare."""
    bare = (
        '[Format "tonk.record"]\n[Version "1"]\n[Preset "pagat"]\n[Players "2"]\n'
        '[Dealer "0"]\n[Seed "7"]\n'
        '[Outcome "{"kind":"caught","payoffs":[-2,2],"winners":[1],"transfers":'
        '[{"payer":0,"payee":1,"amount":2,"reason":"catcher"}],"counts":[38,16],'
        '"dropper":0}"]\n'
        "\ndraw stock\ndiscard 9C\ndrop\n"
    )
    assert parse_record(bare) == drop_hand()
    rules = Rules(hand_size=7, deal_tonks=())
    old = HEAD.replace('[Preset "pagat"]', '[Rules "{"hand_size":7,"deal_tonks":[]}"]')
    assert parse_record(old + '[Seed "1"]\n').rules == rules


def test_a_byte_order_mark_is_skipped() -> None:
    text = format_record(drop_hand())
    assert parse_record("\ufeff" + text) == drop_hand()
    with pytest.raises(NotationError, match="unknown action"):
        parse_record(text + "\ufeffdrop\n")  # only at the start


@pytest.mark.parametrize("name", presets.names())
def test_presets_are_written_by_name(name: str) -> None:
    rules = presets.get(name)
    players = min(2, rules.max_players)
    text = format_record(GameRecord(rules=rules, players=players, seed=1))
    assert f'[Preset "{name}"]' in text.splitlines()
    assert parse_record(text).rules == rules


def test_other_rules_are_written_as_their_changes() -> None:
    rules = Rules(jokers=2, wilds=tonk.Wilds.JOKERS, catch=tonk.Catch.CHICAGO)
    text = format_record(GameRecord(rules=rules, players=2, seed=1))
    assert (
        r'[Rules "{\"jokers\":2,\"wilds\":\"jokers\",\"catch\":{\"to_catchers\":2,'
        r"\"to_lowest\":0,\"to_others\":0,\"lowest_from_others\":0,"
        r'\"lowest_tie\":\"each\",\"ties_catch\":true}}"]'
    ) in text.splitlines()
    assert parse_record(text).rules == rules


def test_a_stacked_deck_is_written_in_full() -> None:
    stacked = GameRecord(rules=RULES, players=2, deck=RULES.pack(), dealer=1)
    text = format_record(stacked)
    assert '[Deck "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AD' in text
    assert "[Seed" not in text
    assert parse_record(text) == stacked


def test_comments_blank_lines_case_and_order() -> None:
    text = """
    # A hand from the club, 2024
    [Seed "7"]   # the deal
    [Players "2"]
    [Version "1"]
    [Format "tonk.record"]
    [Preset "Pagat"]

    DRAW Stock  # seat 1
        Discard 9c
    # seat 0 drops
    drop
    """
    read = parse_record(text)
    assert read == record(actions=drop_hand().actions)
    assert read.dealer == 0


def test_headers_may_hold_brackets_and_quotes() -> None:
    rules = Rules(
        going_out=(tonk.OutPay(pays=3, by={tonk.OutWay.HIT}), tonk.OutPay(pays=1))
    )
    text = format_record(GameRecord(rules=rules, players=2, seed=3))
    assert r"\"by\":[\"hit\"]" in text
    assert parse_record(text).rules == rules
    commented = text.replace('[Seed "3"]', '[Seed "3"] # "the" seed')
    assert parse_record(commented).seed == 3


HEAD = '[Format "tonk.record"]\n[Version "1"]\n[Preset "pagat"]\n[Players "2"]\n'


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (HEAD + '[Seed "7"]\nfold\n', 6, "unknown action 'fold'"),
        (HEAD + '[Seed "7"]\ndraw\n', 6, "'draw' takes 'stock' or 'discard'"),
        (HEAD + '[Seed "7"]\ndiscard 1H\n', 6, "unknown rank '1'"),
        (HEAD + '[Seed "7"]\n  hit 10H\n', 6, "write 'hit NUMBER CARD'"),
        (HEAD + '[Seed "7"]\ndrop\n[Dealer "1"]\n', 7, "headers come before"),
        (HEAD + '[Seed "7"\n', 5, "a header is written"),
        (HEAD + "[Seed 7]\n", 5, "a header is written"),
        (HEAD + '[Seat "7"]\n', 5, "unknown header 'Seat'"),
        (HEAD + '[Seed "7"]\n[Seed "8"]\n', 6, "given twice (first on line 5)"),
        (
            HEAD + '[Seed "seven"]\n',
            5,
            "Seed must be a number of at most 1000 digits, got 'seven'",
        ),
        (HEAD + '[Seed "7"]\n[Dealer "-1"]\n', 6, "Dealer must be a number"),
        (HEAD + '[Seed "7"]\n[Dealer "2"]\n', 6, "dealer must be a seat 0..1, got 2"),
        (HEAD.replace('"2"', '"12"') + '[Seed "7"]\n', 4, "players must be 2..10"),
        (HEAD.replace('"2"', '"two"') + '[Seed "7"]\n', 4, "Players must be a"),
        (HEAD + '[Deck "AC 2X"]\n', 5, "unknown suit 'X'"),
        (HEAD + '[Deck "AC 2C"]\n', 5, "deck has 2 cards"),
        (HEAD + '[Seed "7"]\n[Deck "AC"]\n', 1, "one Seed or Deck header"),
        (HEAD + "drop\n", 1, "one Seed or Deck header"),
        (HEAD.replace("pagat", "klondike") + '[Seed "7"]\n', 3, "no preset named"),
        (
            HEAD.replace("1", "2", 1) + '[Seed "7"]\n',
            2,
            "unsupported version '2': this tonk reads version 1",
        ),
        (HEAD.replace("tonk.record", "pgn") + '[Seed "7"]\n', 1, "the format must"),
        ('[Version "1"]\n[Preset "pagat"]\n[Players "2"]\n', 1, "no Format header"),
        (
            HEAD + '[Rules "{}"]\n[Seed "7"]\n',
            1,
            "one Preset or Rules header",
        ),
        (
            HEAD.replace('[Preset "pagat"]', '[Rules "{"hand_size": "5"}"]')
            + '[Seed "7"]\n',
            3,
            'bad rules: $.hand_size: must be an int, got "5"',
        ),
        (
            HEAD.replace('[Preset "pagat"]', '[Rules "{"hand_size": 30}"]')
            + '[Seed "7"]\n',
            3,
            "bad rules: $: hand_size must be an int 1..13, got 30",
        ),
        (
            HEAD.replace('[Preset "pagat"]', '[Rules "{"hand_size": 5"]')
            + '[Seed "7"]\n',
            3,
            "bad rules: $: not valid JSON",
        ),
        (
            HEAD + '[Seed "7"]\n[Outcome "{"kind": "caught"}"]\n',
            6,
            "bad outcome: $.payoffs: required field is missing",
        ),
        (
            HEAD
            + '[Seed "7"]\n[Outcome "{"kind":"void_deal","payoffs":[0,0,0],'
            + '"winners":[],"transfers":[],"counts":[1,2,3]}"]\n',
            6,
            "bad outcome: $.payoffs: 3 payoffs for a table of 2 players",
        ),
    ],
)
def test_malformed_text_names_the_line(text: str, line: int, message: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_record(text)
    assert info.value.line == line
    assert message in str(info.value)
    assert f"(line {line}, at position" in str(info.value)


def test_positions_point_into_the_line() -> None:
    with pytest.raises(NotationError) as info:
        parse_record(HEAD + '[Seed "7"]\n   discard 9X # oops\n')
    error = info.value
    assert (error.line, error.text, error.position) == (6, "   discard 9X # oops", 12)
    with pytest.raises(NotationError) as info:
        parse_record(HEAD + '[Deck "AC 2X"]\n')
    assert (info.value.text, info.value.position) == ('[Deck "AC 2X"]', 11)


def test_text_size_limit() -> None:
    text = format_record(drop_hand())
    assert parse_record(text, max_bytes=len(text)) == drop_hand()
    with pytest.raises(NotationError, match="more than the limit of 10"):
        parse_record(text, max_bytes=10)
    with pytest.raises(TypeError):
        parse_record(text.encode())  # type: ignore[arg-type]


def test_a_text_record_replays_like_the_game() -> None:
    text = format_record(drop_hand())
    states = list(replay(parse_record(text)))
    assert isinstance(states[-1], GameState)
    assert states[-1].outcome == drop_hand().outcome
    assert DrawDiscard() not in parse_record(text).actions


HEADERS = st.sampled_from(
    [
        '[Format "tonk.record"]',
        '[Version "1"]',
        '[Preset "pagat"]',
        '[Rules "{}"]',
        '[Players "2"]',
        '[Dealer "1"]',
        '[Seed "7"]',
        '[Deck "AC"]',
        '[Outcome "{}"]',
    ]
)
LINES = st.lists(
    HEADERS
    | st.sampled_from(["draw stock", "discard 9C", "hit 1 JK=QS", "# note", ""])
    | st.text(max_size=20),
    max_size=12,
)


@given(LINES)
def test_any_text_is_read_or_refused_with_a_notation_error(lines: list[str]) -> None:
    failure: NotationError | None = None
    try:
        read = parse_record("\n".join(lines))
    except NotationError as error:
        failure = error
    if failure is not None:
        assert failure.line is not None
        return
    assert parse_record(format_record(read)) == read
