"""Exact errors and texts of game records, written to kill mutmut's survivors.

Mutation testing of ``src/tonk/records.py`` (docs/maintainers.md, "Mutation
testing") left mutants that the tests of ``test_records.py`` could not tell
apart from the code: a message checked only in part, the text and position a
:class:`~tonk.NotationError` names, the culprit header of a bad table, a
negative seed, a comment holding a ``#``, a line ending in ``\\r``. These
tests pin those behaviours through the public API: the exact message, text,
position and line of each error :func:`tonk.parse_record` raises, the exact
:class:`TypeError` of each entry point, and the exact text
:func:`tonk.format_record` writes for a stacked hand with every optional
header.
"""

from __future__ import annotations

import pytest

import tonk
import tonk.svg
from tonk import (
    Card,
    DrawStock,
    Drop,
    GameRecord,
    NotationError,
    Rules,
    RulesError,
    format_record,
    parse_record,
    replay,
)
from tonk.testing import stack_deck

HEAD = '[Format "tonk.record"]\n[Version "1"]\n[Preset "pagat"]\n[Players "2"]\n'


def refusal(text: str, **options: int) -> NotationError:
    with pytest.raises(NotationError) as info:
        parse_record(text, **options)
    return info.value


def where(error: NotationError) -> tuple[str, int, int | None]:
    return error.text, error.position, error.line


# --- the text of a stacked hand with every optional header -------------------------


def out_by_discard_record() -> GameRecord:
    """B11 under slap-in rules: seat 0 spreads 7H-JH and goes out discarding 2S."""
    rules = Rules(slap_in=True)
    deck = stack_deck(
        rules,
        hands=["7H 8H 9H 10H 2S", "AC 3C 5D 7C 9C"],
        upcard="QD",
        stock="JH",
        dealer=1,
    )
    record = GameRecord(rules=rules, players=2, deck=deck, dealer=1)
    state = record.initial_state()
    for text in ("draw stock", "spread 7H 8H 9H 10H JH", "discard 2S"):
        action = tonk.parse_action(state, text)
        state = tonk.apply(state, action)
        record = record.then(action)
    return record.with_outcome(state.outcome)


def test_a_stacked_hand_with_rules_dealer_deck_and_outcome_is_written_exactly() -> None:
    record = out_by_discard_record()
    assert format_record(record) == (
        '[Format "tonk.record"]\n'
        '[Version "1"]\n'
        r'[Rules "{\"slap_in\":true}"]'
        "\n"
        '[Players "2"]\n'
        '[Dealer "1"]\n'
        '[Deck "7H AC 8H 3C 9H 5D 10H 7C 2S 9C QD JH 2C 4C 5C 6C 8C 10C JC QC KC'
        " AD 2D 3D 4D 6D 7D 8D 9D 10D JD KD AH 2H 3H 4H 5H 6H QH KH AS 3S 4S 5S 6S"
        ' 7S 8S 9S 10S JS QS KS"]\n'
        r'[Outcome "{\"kind\":\"out_by_discard\",\"payoffs\":[1,-1],'
        r"\"winners\":[0],\"transfers\":[{\"payer\":1,\"payee\":0,"
        r"\"amount\":1,\"reason\":\"out_by_discard\"}],\"counts\":null,"
        r'\"dropper\":null}"]'
        "\n\n"
        "draw stock\n"
        "spread 7H 8H 9H 10H JH\n"
        "discard 2S\n"
    )


def test_a_record_with_every_optional_header_round_trips_and_replays() -> None:
    record = out_by_discard_record()
    read = parse_record(format_record(record))
    assert read == record
    assert (read.rules, read.dealer, read.seed) == (Rules(slap_in=True), 1, None)
    assert read.outcome is not None
    assert read.outcome.kind is tonk.OutcomeKind.OUT_BY_DISCARD
    assert list(replay(read))[-1].outcome == record.outcome


def test_a_negative_seed_is_written_and_read_back() -> None:
    record = GameRecord(rules=Rules(), players=2, seed=-5).then(Drop())
    text = format_record(record)
    assert '[Seed "-5"]' in text.splitlines()
    assert parse_record(text) == record
    assert parse_record(text).initial_state() == tonk.new_game(
        Rules(), players=2, seed=-5
    )


def test_a_seed_drawn_by_start_fits_a_signed_64_bit_int() -> None:
    seeds = [GameRecord.start(Rules(), players=2).seed for _ in range(64)]
    assert all(seed is not None and 0 <= seed < 2**63 for seed in seeds)


def test_a_seed_of_over_1000_digits_is_refused_when_the_record_is_built() -> None:
    with pytest.raises(RulesError) as info:
        GameRecord(rules=Rules(), players=2, seed=10**1000)
    assert str(info.value) == (
        "a seed must have at most 1000 digits, got <int of 1001 digits>"
    )


# --- lines: comments, trailing spaces, carriage returns ---------------------------


def test_a_comment_may_hold_a_hash() -> None:
    read = parse_record(HEAD + '[Seed "7"]\ndrop # seat 0 # drops at once\n')
    assert read.actions == (Drop(),)


def test_a_header_may_end_in_spaces() -> None:
    read = parse_record(HEAD + '[Seed "7"]   \n[Dealer "1"]\t\ndrop\n')
    assert (read.seed, read.dealer, read.actions) == (7, 1, (Drop(),))


def test_a_bad_action_names_its_line_as_written_without_a_carriage_return() -> None:
    text = (HEAD + '[Seed "7"]\ndiscard 9X\n').replace("\n", "\r\n")
    error = refusal(text)
    assert where(error) == ("discard 9X", 9, 6)
    assert str(error) == "unknown suit 'X' (line 6, at position 9 of 'discard 9X')"


def test_a_bad_action_names_its_line_with_its_spaces() -> None:
    error = refusal(HEAD + '[Seed "7"]\n  discard 9X   \n')
    assert where(error) == ("  discard 9X   ", 11, 6)
    assert str(error) == (
        "unknown suit 'X' (line 6, at position 11 of '  discard 9X   ')"
    )


def test_a_missing_argument_is_placed_after_the_word_not_after_the_spaces() -> None:
    line = "draw   # which pile?"
    error = refusal(HEAD + '[Seed "7"]\n' + line + "\n")
    assert where(error) == (line, 4, 6)
    assert str(error) == (
        f"'draw' takes 'stock' or 'discard' (line 6, at position 4 of {line!r})"
    )


def test_a_bad_action_gives_its_message_once_with_the_line() -> None:
    error = refusal(HEAD + '[Seed "7"]\nhit 1\n')
    assert where(error) == ("hit 1", 4, 6)
    assert str(error) == (
        "'1' is not a card: expected a rank and a suit"
        " (line 6, at position 4 of 'hit 1')"
    )


# --- malformed headers: exact message, text, position and line ---------------------


def test_a_header_after_the_actions_is_refused_exactly() -> None:
    error = refusal(HEAD + '[Seed "7"]\ndrop\n  [Dealer "1"]\n')
    assert where(error) == ('  [Dealer "1"]', 2, 7)
    assert str(error) == (
        "headers come before the actions (line 7, at position 2 of '  [Dealer \"1\"]')"
    )


def test_an_unclosed_header_is_refused_exactly() -> None:
    error = refusal(HEAD + '  [Seed "7"\n')
    assert where(error) == ('  [Seed "7"', 2, 5)
    assert str(error) == (
        'a header is written [Name "value"] (line 5, at position 2 of \'  [Seed "7"\')'
    )


def test_an_unknown_header_is_refused_naming_the_known_ones() -> None:
    error = refusal(HEAD + '  [Seat "7"]\n')
    assert where(error) == ('  [Seat "7"]', 3, 5)
    assert str(error) == (
        "unknown header 'Seat': expected Format, Version, Preset, Rules, Players,"
        " Dealer, Seed, Deck, Outcome (line 5, at position 3 of '  [Seat \"7\"]')"
    )


def test_a_repeated_header_is_refused_naming_both_lines() -> None:
    error = refusal(HEAD + '[Seed "7"]\n  [Seed "8"]\n')
    assert where(error) == ('  [Seed "8"]', 3, 6)
    assert str(error) == (
        "the Seed header is given twice (first on line 5) (line 6, at position 3"
        " of '  [Seed \"8\"]')"
    )


@pytest.mark.parametrize(
    ("line", "position", "message"),
    [
        ('[Seed "x"]', 7, "Seed must be a number of at most 1000 digits, got 'x'"),
        (
            '[Dealer "1e3"]',
            9,
            "Dealer must be a number of at most 1000 digits, got '1e3'",
        ),
        (
            '[Dealer "-1"]',
            9,
            "Dealer must be a number of at most 1000 digits, got '-1'",
        ),
    ],
)
def test_a_bad_number_in_a_header_points_at_its_value(
    line: str, position: int, message: str
) -> None:
    text = HEAD + line + "\n" + ("" if "Seed" in line else '[Seed "7"]\n')
    error = refusal(text)
    assert where(error) == (line, position, 5)
    assert str(error) == f"{message} (line 5, at position {position} of {line!r})"


def test_a_huge_number_in_a_header_is_refused_not_read() -> None:
    players = "9" * 1001
    error = refusal(HEAD.replace('"2"', f'"{players}"') + '[Seed "7"]\n')
    assert (error.position, error.line) == (10, 4)
    assert str(error).startswith(
        "Players must be a number of at most 1000 digits, got '9999"
    )


def test_bad_json_in_a_header_points_at_its_value() -> None:
    line = '[Outcome "{"kind": }"]'
    error = refusal(HEAD + '[Seed "7"]\n' + line + "\n")
    assert where(error) == (line, 10, 6)
    assert str(error) == (
        "bad outcome: $: not valid JSON: Expecting value: line 1 column 10 (char 9)"
        f" (line 6, at position 10 of {line!r})"
    )


def test_a_bad_format_is_refused_showing_it() -> None:
    error = refusal(HEAD.replace("tonk.record", "pgn") + '[Seed "7"]\n')
    assert where(error) == ('[Format "pgn"]', 9, 1)
    assert str(error) == (
        "the format must be 'tonk.record', got 'pgn' (line 1, at position 9 of"
        " '[Format \"pgn\"]')"
    )


def test_too_few_players_blame_the_players_header_even_with_a_deck() -> None:
    error = refusal(HEAD.replace('"2"', '"1"') + '[Deck "AC 2C"]\n')
    assert where(error) == ('[Players "1"]', 10, 4)
    assert str(error) == (
        "players must be 2..10 under these rules, got 1 (line 4, at position 10"
        " of '[Players \"1\"]')"
    )


def test_a_short_deck_is_blamed_on_the_deck_header() -> None:
    error = refusal(HEAD + '[Dealer "1"]\n[Deck "AC 2C"]\n')
    assert where(error) == ('[Deck "AC 2C"]', 7, 6)
    assert str(error) == (
        "deck has 2 cards, but these rules use a 52-card pack (line 6, at position"
        " 7 of '[Deck \"AC 2C\"]')"
    )


def test_a_bad_card_in_the_deck_gives_its_message_once() -> None:
    error = refusal(HEAD + '[Deck "AC 2X"]\n')
    assert str(error) == (
        "unknown suit 'X' (line 5, at position 11 of '[Deck \"AC 2X\"]')"
    )


# --- missing headers: blamed on the first line, at its start ----------------------


def test_a_missing_header_is_blamed_on_the_first_line() -> None:
    error = refusal('# a hand\n[Version "1"]\n[Preset "pagat"]\n[Players "2"]\n')
    assert where(error) == ("# a hand", 0, 1)
    assert str(error) == (
        "the record has no Format header (line 1, at position 0 of '# a hand')"
    )


def test_both_preset_and_rules_are_refused_exactly() -> None:
    error = refusal(HEAD + '[Rules "{}"]\n[Seed "7"]\n')
    assert where(error) == ('[Format "tonk.record"]', 0, 1)
    assert str(error) == (
        "the record needs one Preset or Rules header (line 1, at position 0 of"
        " '[Format \"tonk.record\"]')"
    )


def test_no_seed_and_no_deck_is_refused_exactly() -> None:
    error = refusal(HEAD + "\ndrop\n")
    assert where(error) == ('[Format "tonk.record"]', 0, 1)
    assert str(error) == (
        "the record needs one Seed or Deck header (line 1, at position 0 of"
        " '[Format \"tonk.record\"]')"
    )


# --- the size limit -----------------------------------------------------------------


def test_the_size_limit_counts_bytes_of_utf_8() -> None:
    text = "é" * 30 + "\n"  # 31 characters, 61 bytes
    error = refusal(text, max_bytes=40)
    assert (error.text, error.position, error.line) == (text, 0, None)
    assert str(error).startswith("the record is 61 bytes, more than the limit of 40")


def test_the_size_limit_shows_the_first_40_characters() -> None:
    error = refusal("x" * 100, max_bytes=50)
    assert (error.text, error.position, error.line) == ("x" * 40, 0, None)
    assert str(error) == (
        "the record is 100 bytes, more than the limit of 50 (at position 0 of"
        f" {'x' * 40!r})"
    )


# --- wrong Python types: exact TypeErrors ------------------------------------------


def record(**changes: object) -> GameRecord:
    fields: dict[str, object] = {"rules": Rules(), "players": 2, "seed": 7}
    fields.update(changes)
    return GameRecord(**fields)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"rules": "pagat"},
            "rules must be a tonk.Rules, got 'pagat'"
            " (a preset by its name: tonk.presets.get('pagat'))",
        ),
        ({"players": "2"}, "players must be an int, got '2'"),
        ({"dealer": 0.0}, "dealer must be an int, got 0.0"),
        ({"seed": "7"}, "seed must be an int or None, got '7'"),
        ({"outcome": "caught"}, "outcome must be an Outcome or None, got 'caught'"),
        ({"actions": "drop"}, "actions must be a sequence of actions, got 'drop'"),
        ({"actions": [Drop(), "drop"]}, "not a tonk action: 'drop'"),
    ],
)
def test_a_record_of_wrong_types_names_the_field_and_value(
    changes: dict[str, object], message: str
) -> None:
    with pytest.raises(TypeError) as info:
        record(**changes)
    assert str(info.value) == message


def test_the_entry_points_name_what_they_were_given() -> None:
    with pytest.raises(TypeError) as info:
        record().then("drop")  # type: ignore[arg-type]
    assert str(info.value) == "not a tonk action: 'drop'"
    with pytest.raises(TypeError) as info:
        next(replay(3))  # type: ignore[arg-type]
    assert str(info.value) == "replay needs a GameRecord, got 3"
    with pytest.raises(TypeError) as info:
        format_record(3)  # type: ignore[arg-type]
    assert str(info.value) == "format_record needs a GameRecord, got 3"
    with pytest.raises(TypeError) as info:
        parse_record(b"drop")  # type: ignore[arg-type]
    assert str(info.value) == "a record's text must be a str, got bytes"


# --- the record's own pictures -------------------------------------------------------


def test_a_record_summarizes_itself_in_one_line() -> None:
    played = record(actions=(DrawStock(), tonk.Discard(Card.parse("9C"))))
    summary = (
        "game record: pagat rules, 2 players, dealer seat 0, seed 7, 2 actions;"
        " no outcome recorded"
    )
    assert str(played) == summary
    assert format(played) == summary
    assert f"{played:ascii}" == summary
    with pytest.raises(ValueError, match=r"^unknown format spec 'bogus'") as info:
        format(played, "bogus")
    assert str(info.value) == "unknown format spec 'bogus': expected '' or 'ascii'"


def test_a_record_draws_itself_as_svg() -> None:
    played = record(actions=(DrawStock(),))
    assert played._repr_svg_() == tonk.svg.draw(played)
    assert played._repr_svg_().startswith("<svg ")


# --- a text whose stated outcome is not the replayed one ---------------------------


def test_a_text_whose_outcome_disagrees_with_its_actions_fails_its_replay() -> None:
    start = record()
    state = start.initial_state()
    caught = start
    for action in (DrawStock(), tonk.Discard(Card.parse("9C")), Drop()):
        state = tonk.apply(state, action)
        caught = caught.then(action)
    won = tonk.apply(start.initial_state(), Drop()).outcome
    assert won is not None
    (stated,) = (
        line
        for line in format_record(start.with_outcome(won)).splitlines()
        if line.startswith("[Outcome ")
    )
    text = format_record(caught.with_outcome(state.outcome))
    (written,) = (line for line in text.splitlines() if line.startswith("[Outcome "))
    read = parse_record(text.replace(written, stated))
    assert read.outcome == won
    with pytest.raises(tonk.ReplayError) as info:
        list(replay(read))
    assert (info.value.recorded, info.value.replayed) == (won, state.outcome)
    assert str(info.value) == (
        "the record gives the outcome drop_won with payoffs (-1, 1), but the"
        " replay ends caught with payoffs (-2, 2)"
    )


def test_a_bad_card_after_an_escape_is_placed_where_it_is_written() -> None:
    # "\A" is read as "A": the bad suit is the 13th character of the line as
    # written, the 12th of the value as read.
    error = refusal(HEAD + '[Deck "\\AC 2X"]\n')
    assert where(error) == ('[Deck "\\AC 2X"]', 12, 5)
    assert error.text[error.position] == "X"
    quoted = refusal(HEAD + '[Deck "A\\C\\ 2\\X"]\n')  # every escape before it
    assert quoted.text[quoted.position] == "X"
    # A value with a bare quote is read as it is written (the form of records
    # from before values were escaped): the bad card is placed as it stands.
    bare = refusal(HEAD + '[Deck "AC "2C"]\n')
    assert bare.text[bare.position :] == '"2C"]'
