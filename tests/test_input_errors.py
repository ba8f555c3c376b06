"""Hostile input at the public entry points: typed errors, bounded work (issue 12).

Each test pins one defect of issue 12 that a hostile caller could reach:
digit strings too long for :func:`int` (2), counts checked only after building
what they count (3), error messages that cannot show the huge int they echo
(4), bare errors from :mod:`tonk.scoring` (6) and its untested default pays (9).
"""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest

import tonk
from tonk import (
    Card,
    Catch,
    DealTonk,
    DealTonkClaim,
    ExhaustionTie,
    GameRecord,
    LowestTie,
    NotationError,
    OutcomeKind,
    Rules,
    RulesError,
    SerializationError,
    SessionError,
    TonkError,
    TransferReason,
    parse_cards,
    scoring,
)
from tonk.testing import stack_deck

HUGE = 10**5000
"""More digits than Python converts to or from text (4,300 by default)."""
DIGITS = "9" * 5000
RULES = Rules()
STATE = tonk.new_game(RULES, players=2, seed=7)
DRAWN = tonk.apply(STATE, tonk.DrawStock())
HEAD = '[Format "tonk.record"]\n[Version "1"]\n[Preset "pagat"]\n[Players "2"]\n'


# --- defect 2: digit strings are bounded before int() --------------------------------


@pytest.mark.parametrize(
    "text", [f"hit {DIGITS} 7H", f"slap {DIGITS}", f"HIT {DIGITS} jk=7h"]
)
def test_parse_action_refuses_a_spread_number_too_long_to_read(text: str) -> None:
    with pytest.raises(NotationError, match="spread number must be 1 or more") as info:
        tonk.parse_action(DRAWN, text)
    assert info.value.position == text.index("9")


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (HEAD + '[Seed "1"]\n\ndraw stock\nhit ' + DIGITS + " 7H\n", 8),
        (HEAD + '[Seed "' + DIGITS + '"]\n', 5),
        (HEAD + '[Seed "-' + DIGITS + '"]\n', 5),
        (HEAD.replace('"2"', f'"{DIGITS}"') + '[Seed "1"]\n', 4),
        (HEAD + '[Seed "1"]\n[Dealer "' + DIGITS + '"]\n', 6),
    ],
)
def test_parse_record_refuses_numbers_too_long_to_read(text: str, line: int) -> None:
    with pytest.raises(NotationError) as info:
        tonk.parse_record(text)
    assert info.value.line == line


def test_a_record_action_in_json_with_a_huge_spread_number_is_refused() -> None:
    record = GameRecord.start(RULES, players=2, seed=1)
    text = tonk.to_json(record).replace('"actions":[]', f'"actions":["slap {DIGITS}"]')
    with pytest.raises(SerializationError, match=r"\$\.actions\[0\]"):
        tonk.from_json(text, GameRecord)


# --- defect 3: counts are checked before anything is built ---------------------------


def peak_bytes(call: Callable[[], object]) -> int:
    """Return the most memory ``call`` held at once; it must raise a TonkError."""
    tracemalloc.start()
    try:
        with pytest.raises(TonkError):
            call()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize(
    "call",
    [
        lambda: tonk.new_session(RULES, players=10**6),
        lambda: tonk.new_game(RULES, players=10**6),
        lambda: tonk.cut_for_deal(RULES, players=10**6),
        lambda: tonk.bots.tournament(
            RULES, [tonk.bots.RandomBot()] * 2, hands=10**12, seed=1, workers=2
        ),
        lambda: scoring.settle_out(10**6, 0, OutcomeKind.TONK_OUT),
    ],
    ids=["new_session", "new_game", "cut_for_deal", "tournament", "settle_out"],
)
def test_a_huge_count_is_refused_before_anything_is_built(
    call: Callable[[], object],
) -> None:
    # A million names, cards or payments would take tens of megabytes.
    assert peak_bytes(call) < 1_000_000


@pytest.mark.parametrize("players", [10**100, HUGE], ids=["googol", "huge"])
def test_new_session_refuses_an_astronomical_player_count(players: int) -> None:
    with pytest.raises(SessionError, match=r"seats 2\.\.10 players"):
        tonk.new_session(RULES, players=players)


# --- defect 4: error messages show any value, cut short -------------------------------


LONG_NAME = "x" * 10**6


def session() -> tonk.Session:
    return tonk.new_session(RULES, players=2, seed=1)


ENTRY_POINTS: dict[str, Callable[[], object]] = {
    "new_game players": lambda: tonk.new_game(RULES, players=HUGE),
    "new_game dealer": lambda: tonk.new_game(RULES, players=2, dealer=HUGE),
    "new_game seed": lambda: tonk.new_game(RULES, players=2, seed=HUGE),
    "cut_for_deal players": lambda: tonk.cut_for_deal(RULES, players=HUGE),
    "cut_for_deal seed": lambda: tonk.cut_for_deal(RULES, players=2, seed=-HUGE),
    "new_session players": lambda: tonk.new_session(RULES, players=HUGE),
    "new_session seed": lambda: tonk.new_session(RULES, players=2, seed=HUGE),
    "new_session dealer": lambda: tonk.new_session(RULES, players=2, dealer=HUGE),
    "hand_seed seed": lambda: tonk.hand_seed(HUGE, 1),
    "hand_seed number": lambda: tonk.hand_seed(1, HUGE),
    "join": lambda: tonk.join(tonk.join(session(), LONG_NAME), LONG_NAME),
    "leave": lambda: tonk.leave(session(), LONG_NAME),
    "balance": lambda: session().balance(LONG_NAME),
    "Rules hand_size": lambda: Rules(hand_size=HUGE),
    "Rules jokers": lambda: Rules(jokers=-HUGE),
    "Rules spread_wait": lambda: Rules(spread_wait=HUGE),
    "Rules max_turns": lambda: Rules(max_turns=-HUGE),
    "Rules catch": lambda: Rules(catch=Catch(to_catchers=-HUGE)),
    "DealTonk pays": lambda: DealTonk(totals={49}, pays=-HUGE),
    "observe": lambda: tonk.observe(STATE, HUGE),
    "apply Slap": lambda: tonk.apply(STATE, tonk.Slap(HUGE)),
    "apply Hit": lambda: tonk.apply(DRAWN, tonk.Hit(HUGE, Card.parse("7H"))),
    "is_legal Hit": lambda: tonk.check(DRAWN, tonk.Hit(-HUGE, Card.parse("7H"))),
    "GameRecord seed": lambda: GameRecord.start(RULES, players=2, seed=HUGE),
    "GameRecord players": lambda: GameRecord(rules=RULES, players=HUGE, seed=1),
    "action_to_index": lambda: tonk.encoding.action_to_index(tonk.Slap(HUGE), RULES, 2),
    "index_to_action": lambda: tonk.encoding.index_to_action(HUGE, RULES, 2),
    "parse_action text": lambda: tonk.parse_action(STATE, LONG_NAME),
    "parse_action card": lambda: tonk.parse_action(STATE, "discard " + LONG_NAME),
    "parse_record line": lambda: tonk.parse_record(
        HEAD + f'[Seed "1"]\n{LONG_NAME[:100_000]}\n'
    ),
    "Card.parse": lambda: Card.parse(LONG_NAME),
    "presets.get": lambda: tonk.presets.get(LONG_NAME),
    "card_from_code": lambda: tonk.cards.card_from_code(HUGE),
    "card_from_code negative": lambda: tonk.cards.card_from_code(-1),
    "stack_deck dealer": lambda: stack_deck(
        RULES, hands=["AS 2S 3S 4S 5S", "AH 2H 3H 4H 5H"], dealer=HUGE
    ),
    "settle_out": lambda: scoring.settle_out(3, HUGE, OutcomeKind.TONK_OUT),
    "settle_drop": lambda: scoring.settle_drop((5, 9), dropper=HUGE),
}


@pytest.mark.parametrize("call", ENTRY_POINTS.values(), ids=ENTRY_POINTS.keys())
def test_a_huge_value_gets_the_typed_error_with_a_short_message(
    call: Callable[[], object],
) -> None:
    with pytest.raises(TonkError) as info:
        call()
    assert len(str(info.value)) < 600


@pytest.mark.parametrize(
    "options",
    [
        {"max_turns": HUGE},
        {"suit_bet": 10**9 + 1},
        {"player_limit": 10**12},
        {"deal_tonks": [DealTonk(totals={49}, pays=1)], "match_deals": 10**10},
    ],
    ids=["max_turns", "suit_bet", "player_limit", "match_deals"],
)
def test_rules_options_are_bounded_so_every_rule_set_can_be_written(
    options: dict[str, object],
) -> None:
    with pytest.raises(RulesError, match="must be at most 1000000000"):
        Rules(**options)  # type: ignore[arg-type]


def test_the_largest_options_are_written_and_read_back() -> None:
    rules = Rules(max_turns=10**9, suit_bet=10**9, catch=Catch(to_catchers=10**9))
    assert tonk.from_json(tonk.to_json(rules), Rules) == rules
    with pytest.raises(RulesError, match="to_catchers must be at most"):
        Catch(to_catchers=10**9 + 1)
    with pytest.raises(RulesError, match="totals must be at most"):
        DealTonk(totals={49, HUGE})


@pytest.mark.parametrize(
    "call",
    [
        lambda: Card(HUGE, tonk.Suit.HEARTS),  # type: ignore[arg-type]
        lambda: Card(tonk.Rank.ACE, HUGE),  # type: ignore[arg-type]
        lambda: tonk.Hit(1, HUGE),  # type: ignore[arg-type]
        lambda: tonk.Slap([HUGE]),  # type: ignore[arg-type]
        lambda: Rules(ace_high=HUGE),  # type: ignore[arg-type]
        lambda: tonk.parse_action(STATE, HUGE),  # type: ignore[arg-type]
        lambda: tonk.new_game(RULES, players=2, seed=[HUGE]),  # type: ignore[arg-type]
    ],
    ids=["Card rank", "Card suit", "Hit", "Slap", "Rules", "parse_action", "seed"],
)
def test_a_huge_int_of_the_wrong_type_is_still_a_type_error(
    call: Callable[[], object],
) -> None:
    with pytest.raises(TypeError) as info:
        call()
    assert "<int of 5001 digits>" in str(info.value)


def test_format_action_writes_a_huge_spread_number_by_its_size() -> None:
    assert tonk.format_action(tonk.Slap(12)) == "slap 12"
    assert tonk.format_action(tonk.Slap(HUGE)) == "slap <int of 5001 digits>"


# The seed rule: a seed has at most 1,000 digits, in JSON, in the text form and
# in every function that takes one (docs/records.md).

LONGEST_SEED = -(10**1000 - 1)


@pytest.mark.parametrize("form", ["json", "text"])
def test_the_longest_seed_reads_back_from_both_forms(form: str) -> None:
    record = GameRecord.start(RULES, players=2, seed=LONGEST_SEED)
    if form == "json":
        again = tonk.from_json(tonk.to_json(record), GameRecord)
    else:
        again = tonk.parse_record(tonk.format_record(record))
    assert again == record
    assert again.initial_state() == tonk.new_game(RULES, players=2, seed=LONGEST_SEED)


def test_a_seed_too_long_is_refused_by_both_forms() -> None:
    seed = "4" * 4000  # JSON can hold it, and 0.1.0 read it, but not back as text
    text = tonk.to_json(GameRecord.start(RULES, players=2, seed=1))
    with pytest.raises(SerializationError, match="at most 1000 digits"):
        tonk.from_json(text.replace('"seed":1', f'"seed":{seed}'), GameRecord)
    with pytest.raises(NotationError, match="at most 1000 digits") as info:
        tonk.parse_record(HEAD + f'[Seed "{seed}"]\n')
    assert info.value.line == 5


# --- defect 6: tonk.scoring checks its arguments --------------------------------------

untyped: Any = scoring  # to call it with the wrong types

TIE_TO_DEALER_LEFT = Catch(to_catchers=2, lowest_tie=LowestTie.NEAREST_DEALER_LEFT)
NO_CLAIM = Rules(
    deal_tonks=[DealTonk(totals={49}, pays=1, claim=DealTonkClaim.BEFORE_FIRST_TURN)]
)
HANDS = (parse_cards("AS 2S 3D 4D 5D"), parse_cards("KS KH KD KC 9S"))

BAD_SCORING: dict[str, tuple[Callable[[], object], str]] = {
    "out by dropping": (
        lambda: scoring.settle_out(3, 1, OutcomeKind.DROP_WON),
        "not a way of going out",
    ),
    "winner not seated": (
        lambda: scoring.settle_out(3, 7, OutcomeKind.TONK_OUT),
        "winner must be a seat 0..2, got 7",
    ),
    "negative winner": (
        lambda: scoring.settle_out(3, -1, OutcomeKind.TONK_OUT),
        "winner must be a seat 0..2, got -1",
    ),
    "negative pays": (
        lambda: scoring.settle_out(3, 1, OutcomeKind.TONK_OUT, pays=-2),
        "pays must be 1 or more, got -2",
    ),
    "no pays": (
        lambda: scoring.settle_out(3, 1, OutcomeKind.OUT_BY_DISCARD, pays=0),
        "pays must be 1 or more, got 0",
    ),
    "one player": (
        lambda: scoring.settle_out(1, 0, OutcomeKind.TONK_OUT),
        "a table seats 2..128 players, got 1",
    ),
    "tie without a dealer": (
        lambda: scoring.settle_drop((10, 5, 5, 20), 0, catch=TIE_TO_DEALER_LEFT),
        "needs the dealer",
    ),
    "dropper not seated": (
        lambda: scoring.settle_drop((10, 5), dropper=9),
        "dropper must be a seat 0..1, got 9",
    ),
    "dealer not seated": (
        lambda: scoring.settle_drop((10, 5), dropper=0, dealer=2),
        "dealer must be a seat 0..1, got 2",
    ),
    "negative count": (
        lambda: scoring.settle_drop((10, -5), dropper=0),
        "a count cannot be negative, got -5",
    ),
    "one count": (
        lambda: scoring.settle_showdown(
            (3,), OutcomeKind.STOCK_EXHAUSTED, ExhaustionTie.ALL_PAID
        ),
        "counts must give 2..128 seats, got 1",
    ),
    "no counts": (
        lambda: scoring.settle_showdown(
            (), OutcomeKind.STOCK_EXHAUSTED, ExhaustionTie.ALL_PAID
        ),
        "counts must give 2..128 seats, got 0",
    ),
    "showdown kind": (
        lambda: scoring.settle_showdown(
            (3, 4), OutcomeKind.TONK_OUT, ExhaustionTie.ALL_PAID
        ),
        "not a showdown",
    ),
    "deal with the dealer away": (
        lambda: scoring.settle_deal(HANDS, RULES, dealer=2),
        "dealer must be a seat 0..1, got 2",
    ),
    "claim without a deal tonk": (
        lambda: scoring.settle_claim(HANDS, NO_CLAIM, seat=0),
        "seat 0 holds no deal tonk",
    ),
    "claim by a seat not at the table": (
        lambda: scoring.settle_claim(HANDS, NO_CLAIM, seat=5),
        "seat must be a seat 0..1, got 5",
    ),
    "hit and split winner": (
        lambda: scoring.hit_and_split_transfers((7,), (), 3),
        "each of winners must be a seat 0..2, got 7",
    ),
    "widow winner": (
        lambda: scoring.widow_transfers((5,), (False, True)),
        "each of winners must be a seat 0..1, got 5",
    ),
    "widow winners repeated": (
        lambda: scoring.widow_transfers((1, 1), (True, False)),
        "winners must be distinct seats",
    ),
}


@pytest.mark.parametrize(
    ("call", "message"), BAD_SCORING.values(), ids=BAD_SCORING.keys()
)
def test_scoring_refuses_bad_arguments_with_rules_error(
    call: Callable[[], object], message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        call()


@pytest.mark.parametrize(
    "call",
    [
        lambda: untyped.settle_out(3, 1, "tonk_out"),
        lambda: untyped.settle_out(3, 1, OutcomeKind.TONK_OUT, pays=1.5),
        lambda: untyped.settle_out("3", 1, OutcomeKind.TONK_OUT),
        lambda: untyped.settle_drop((10, "5"), dropper=0),
        lambda: untyped.settle_drop("15", dropper=0),
        lambda: untyped.settle_drop((10, 5), dropper=0, catch="b13"),
        lambda: untyped.hand_count(["AS"], RULES),
        lambda: untyped.hand_count(HANDS[0], "pagat"),
        lambda: untyped.court_card_count([1, 2]),
        lambda: untyped.deal_tonk_row(HANDS[0], RULES, "at_deal"),
    ],
)
def test_scoring_refuses_wrong_types_with_type_error(
    call: Callable[[], object],
) -> None:
    with pytest.raises(TypeError):
        call()


def test_scoring_still_settles_good_arguments() -> None:
    outcome = scoring.settle_drop((10, 5, 5, 20), 0, catch=TIE_TO_DEALER_LEFT, dealer=1)
    assert outcome.winners == (2,)  # seat 2 is nearer the dealer's (seat 1's) left
    assert scoring.settle_claim(HANDS[::-1], NO_CLAIM, seat=0).payoffs == (1, -1)


# --- defect 9: B11's default pays -------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize(
    ("kind", "amount", "reason"),
    [
        (OutcomeKind.TONK_OUT, 2, TransferReason.TONK_OUT),  # B11: 2x for a tonk
        (OutcomeKind.OUT_BY_DISCARD, 1, TransferReason.OUT_BY_DISCARD),  # B11b
    ],
)
def test_settle_out_defaults_to_b11s_pays(
    players: int, kind: OutcomeKind, amount: int, reason: TransferReason
) -> None:
    winner = players - 1
    outcome = scoring.settle_out(players, winner, kind)
    assert outcome.kind is kind
    assert outcome.winners == (winner,)
    assert [(t.payer, t.payee, t.amount, t.reason) for t in outcome.transfers] == [
        (seat, winner, amount, reason) for seat in range(players - 1)
    ]
    assert outcome.payoffs == (-amount,) * (players - 1) + (amount * (players - 1),)
    assert scoring.settle_out(players, winner, kind, pays=None) == outcome
    given = scoring.settle_out(players, winner, kind, pays=3)  # V33's override
    assert given.payoffs == (-3,) * (players - 1) + (3 * (players - 1),)
    assert {t.reason for t in given.transfers} == {reason}
