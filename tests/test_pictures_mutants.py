"""The tables and pictures of a game, exactly: untrusted text escaped everywhere.

Written to kill the survivors of mutation testing of ``tonk.text`` and
``tonk.svg`` (docs/maintainers.md, "Mutation testing"). Each test checks, through
the public functions, the exact text of a table (or the exact elements of a
picture) in a position the other tests did not reach: an eating window, a
slap-in's extra discard, an empty discard pile, waits of one kind, a spread hit
by two seats, an outcome with no winner or two, a widow seen by its seat, a
session dealing or betting, a tournament of one hand. Names, bots' names and
captions are untrusted: every place that shows one is checked with names a
terminal or an XML parser would act on (escape sequences, a carriage return,
a bidi override, markup, quotes), which must come out escaped, and nowhere else.
"""

from __future__ import annotations

import types
from fractions import Fraction

import attrs
import pytest
from scenario import SCENARIOS, first_state

import tonk
from tonk import Card, GameState, OutcomeKind, Phase, Rules
from tonk.bots import BotRecord, TournamentResult
from tonk.state import Outcome, Transfer, TransferReason
from tonk.text import (
    format_cards,
    format_label,
    format_observation,
    format_outcome,
    format_pickup,
    format_record,
    format_session,
    format_state,
    format_tournament,
    render,
)

# A name as it is given, and as every table must show it: each character a
# terminal or a viewer would act on becomes its Python escape, nothing else.
HOSTILE = [
    ("\x1b[2J\x1b[31mEVIL", "\\x1b[2J\\x1b[31mEVIL"),
    ("back\rover", "back\\x0dover"),
    ("two\nlines", "two\\x0alines"),
    ("\u202eevil", "\\u202eevil"),
    ("bell\x07\x9b", "bell\\x07\\x9b"),
    ("<script>&'\"", "<script>&'\""),
]


def _deal(rules: Rules | None = None, players: int = 2) -> GameState:
    """A hand just dealt (seed 7, dealer 0), so seat 1 is to move first."""
    return tonk.new_game(rules or Rules(), players=players, seed=7, dealer=0)


# --- tonk.text: the defaults of the formatters ----------------------------------------


def test_render_without_ascii_is_str_with_suit_glyphs() -> None:
    state = _deal()
    assert render(state) == str(state) == format_state(state)
    assert render(state).splitlines()[1] == (
        "  seat 0 (dealer)  J♣ Q♣ 7♦ A♠ Q♠  count 38"
    )
    assert render(state, ascii=True).splitlines()[1] == (
        "  seat 0 (dealer)  JC QC 7D AS QS  count 38"
    )


def test_every_formatter_writes_suit_glyphs_unless_asked_for_ascii() -> None:
    state = _deal()
    seen = tonk.observe(state, 1)
    assert format_cards(tonk.parse_cards("AS 10D JK")) == "A♠ 10♦ JK"
    assert format_observation(seen) == str(seen)
    assert format_observation(seen).splitlines()[2] == (
        "> seat 1 (you)     A♣ 2♦ 5♦ 6♥ 2♠  count 16"
    )
    rules = Rules(discard_draw_must_meld=True)
    assert format_pickup(Card.parse("QH"), rules) == "must use Q♥ at once (V24d)"


# --- tonk.text: labels --------------------------------------------------------------


@pytest.mark.parametrize(
    ("label", "shown"),
    [
        (42, "42"),
        ("drop_won", "'drop_won'"),
        (None, "None"),
        (tonk.Suit.CLUBS, "<Suit.CLUBS: 'C'>"),
        (types.SimpleNamespace(value=[]), "namespace(value=[])"),
    ],
    ids=["int", "engine-name", "none", "other-enum", "unhashable-value"],
)
def test_a_label_of_a_wrong_type_is_refused_naming_it(
    label: object, shown: str
) -> None:
    with pytest.raises(TypeError) as info:
        format_label(label)  # type: ignore[arg-type]
    assert str(info.value) == (
        f"expected a Phase, OutcomeKind, TransferReason or SessionPhase, got {shown}"
    )


# --- tonk.text: tables of positions the scenarios do not reach ------------------------


def test_an_eating_window_is_named_in_the_header_and_its_line() -> None:
    rules = Rules(eating=True)
    state = first_state(
        rules, 3, lambda s: s.phase is Phase.SLAP_WINDOW, policy="no-drop"
    )
    assert str(state) == (
        "custom rules, 3 players, turn 2: seat 0 to move (eating window)\n"
        "> seat 0 (dealer)  A♣ 2♣ 8♣ 8♦ 7♠   count 26\n"
        "  seat 1           5♣ 6♣ 2♦ 3♠ J♠   count 26\n"
        "  seat 2           K♣ 8♥ 10♥ J♥ K♥  count 48\n"
        "spreads: none\n"
        "discard: 3♥ on top, 1 card; stock: 36 cards\n"
        "eating window: 3♥ from seat 1, seats to ask 0"
    )
    seen = format_observation(tonk.observe(state, 1), ascii=True).splitlines()
    assert seen[0] == (
        "custom rules, 3 players, turn 2: seat 0 to move (eating window),"
        " seen by seat 1"
    )
    assert seen[-1] == "eating window: 3H from seat 1, seats to ask 0"
    # Outside the window, the eating rules name the phase as any rules do.
    first = tonk.new_game(rules, players=3, seed=0)
    assert str(first).splitlines()[0] == (
        "custom rules, 3 players, turn 1: seat 1 to move (start of turn)"
    )


def test_a_slap_ins_extra_discard_names_the_slapper_and_the_card() -> None:
    state = first_state(
        Rules(slap_in=True),
        3,
        lambda s: s.phase is Phase.EXTRA_DISCARD,
        policy="no-drop",
    )
    lines = str(state).splitlines()
    assert lines[0] == (
        "custom rules, 3 players, turn 63: seat 0 to move"
        " (one more discard after a slap-in)"
    )
    assert lines[-1] == "slap-in: seat 0 slapped Q♥, discards one more"
    assert render(state, ascii=True).splitlines()[-1] == (
        "slap-in: seat 0 slapped QH, discards one more"
    )


def test_an_empty_discard_pile_is_written_empty() -> None:
    state = tonk.apply(_deal(), tonk.DrawDiscard())
    assert str(state).splitlines()[-1] == "discard: empty; stock: 41 cards"
    seen = tonk.observe(state, 0)
    assert str(seen).splitlines()[-1] == "discard: empty; stock: 41 cards"


@pytest.mark.parametrize(
    "rules",
    [
        Rules(spread_wait=1),
        Rules(hit_wait=1),
        Rules(own_hit_wait=1, hit_own_spreads=True),
    ],
    ids=["spread-wait", "hit-wait", "own-hit-wait"],
)
def test_any_one_wait_rule_shows_every_seats_waits_from_the_deal(rules: Rules) -> None:
    state = _deal(rules)
    assert str(state).splitlines()[1:3] == [
        "  seat 0 (dealer)  J♣ Q♣ 7♦ A♠ Q♠  count 38  waits 0",
        "> seat 1           A♣ 2♦ 5♦ 6♥ 2♠  count 16  waits 0",
    ]
    assert str(tonk.observe(state, 0)).splitlines()[1:3] == [
        "  seat 0 (you, dealer)  J♣ Q♣ 7♦ A♠ Q♠  count 38  waits 0",
        "> seat 1                5 cards         waits 0",
    ]


def test_no_wait_rule_and_no_wait_shows_no_waits() -> None:
    assert "waits" not in str(_deal())


def test_a_spread_hit_by_two_seats_names_both() -> None:
    state = first_state(
        tonk.presets.PAGAT,
        3,
        lambda s: any(len(set(spread.hitters)) > 1 for spread in s.spreads),
        policy="no-drop",
    )
    assert str(state).splitlines()[5] == (
        "  1: 9♣ 10♣ J♣ Q♣ K♣  (seat 2, hit by seat 0, seat 2)"
    )


def test_an_outcome_with_no_winner_says_none() -> None:
    outcome = Outcome.from_transfers(
        OutcomeKind.VOID_DEAL, 2, winners=(), transfers=(), counts=(30, 31)
    )
    assert format_outcome(outcome) == (
        "outcome: void deal; winners: none\ncounts: 30, 31\npayoffs: 0, 0"
    )
    record = tonk.GameRecord(rules=Rules(), players=2, seed=7).with_outcome(outcome)
    assert format_record(record) == (
        "game record: pagat rules, 2 players, dealer seat 0, seed 7, 0 actions;"
        " void deal, winners none, payoffs 0, 0"
    )


def test_an_outcome_with_two_winners_names_both_and_every_payment() -> None:
    outcome = Outcome.from_transfers(
        OutcomeKind.CAUGHT,
        3,
        winners=(0, 1),
        transfers=(
            Transfer(2, 0, 2, TransferReason.CATCHER),
            Transfer(2, 1, Fraction(3, 2), TransferReason.CATCHER),
        ),
        counts=(32, 32, 41),
        dropper=2,
    )
    assert format_outcome(outcome) == (
        "outcome: dropper caught, seat 2 dropped; winners: seat 0, seat 1\n"
        "counts: 32, 32, 41\n"
        "  seat 2 pays seat 0 2 (caught the dropper)\n"
        "  seat 2 pays seat 1 3/2 (caught the dropper)\n"
        "payoffs: +2, +3/2, -7/2"
    )
    record = tonk.GameRecord(rules=Rules(), players=3, seed=7).with_outcome(outcome)
    assert format_record(record).endswith(
        "; dropper caught, winners seat 0, seat 1, payoffs +2, +3/2, -7/2"
    )


def test_a_record_of_a_stacked_deck_says_so() -> None:
    rules = Rules(hand_size=6)
    record = tonk.GameRecord(rules=rules, players=2, deck=Rules().pack())
    assert format_record(record) == (
        "game record: custom rules, 2 players, dealer seat 0, a stacked deck,"
        " 0 actions; no outcome recorded"
    )
    assert format_record(record, ascii=True) == format_record(record)


def test_a_seat_sees_the_card_it_gave_its_widow_and_no_other_widow() -> None:
    state = SCENARIOS["widow"]()
    seen = tonk.observe(state, 1)
    assert seen.widow is not None
    assert str(seen).splitlines()[1:3] == [
        "  seat 0 (dealer)  5 cards",
        "> seat 1 (you)     A♦ 2♥ 7♥ 7♠ 8♠  count 25  widow gave 10♠",
    ]
    assert render(seen, ascii=True).splitlines()[2] == (
        "> seat 1 (you)     AD 2H 7H 7S 8S  count 25  widow gave 10S"
    )


# --- tonk.text: sessions --------------------------------------------------------------


def _session(rules: Rules, names: tuple[str, str] = ("Zoë", "Bob")) -> tonk.Session:
    return tonk.new_session(rules, players=list(names), seed=3, dealer=0)


def test_a_session_names_its_dealer_while_dealing_and_betting() -> None:
    session = _session(Rules())
    assert str(session).splitlines()[0] == (
        "session: pagat rules, 0 hands dealt, next dealer Zoë (before the deal)"
    )
    playing = tonk.apply_session(session, tonk.Deal())
    assert str(playing).splitlines()[0] == (
        "session: pagat rules, 1 hand dealt, dealer Zoë (playing)"
    )
    betting = _session(Rules(suit_bet=1))
    betting = tonk.apply_session(betting, tonk.session_actions(betting)[0])
    assert betting.phase is tonk.SessionPhase.BETTING
    assert str(betting).splitlines()[0] == (
        "session: custom rules, 0 hands dealt, dealer Zoë (side bets)"
    )


def test_an_ascii_session_writes_every_name_in_ascii() -> None:
    session = tonk.apply_session(_session(Rules()), tonk.Deal())
    session = tonk.apply_session(session, tonk.Drop())
    assert str(session) == format_session(session)
    assert format_session(session) == (
        "session: pagat rules, 1 hand dealt, next dealer Bob (before the deal)\n"
        "  Bob  +1\n"
        "  Zoë  -1\n"
        "last hand: drop won; Zoë -1, Bob +1"
    )
    assert format_session(session, ascii=True) == (
        "session: pagat rules, 1 hand dealt, next dealer Bob (before the deal)\n"
        "  Bob     +1\n"
        "  Zo\\xeb  -1\n"
        "last hand: drop won; Zo\\xeb -1, Bob +1"
    )


def _forged_session(name: str) -> tonk.Session:
    """A session dealt, then played out, whose first name was never checked."""
    session = tonk.apply_session(_session(Rules(), ("a", "Bob")), tonk.Deal())
    played = tonk.apply_session(session, tonk.Drop())
    assert played.last is not None
    names = (name, "Bob")
    return attrs.evolve(
        played,
        players=names,
        ledger=tuple(zip(names, (-1, 1), strict=True)),
        last=attrs.evolve(played.last, players=names),
        dealer=0,
    )


@pytest.mark.parametrize(("name", "shown"), HOSTILE)
@pytest.mark.parametrize("ascii", [False, True])
def test_a_forged_name_is_escaped_wherever_a_session_shows_it(
    name: str, shown: str, ascii: bool
) -> None:
    session = _forged_session(name)
    assert format_session(session, ascii=ascii).splitlines() == [
        f"session: pagat rules, 1 hand dealt, next dealer {shown} (before the deal)",
        f"  {'Bob':<{len(shown)}}  +1",
        f"  {shown}  -1",
        f"last hand: drop won; {shown} -1, Bob +1",
    ]
    dealing = attrs.evolve(session, phase=tonk.SessionPhase.PLAYING)
    assert format_session(dealing, ascii=ascii).splitlines()[0] == (
        f"session: pagat rules, 1 hand dealt, dealer {shown} (playing)"
    )


# --- tonk.text: tournaments -----------------------------------------------------------


def _result(names: tuple[str, str]) -> TournamentResult:
    """A one-hand tournament: too few hands for confidence intervals."""
    drop = OutcomeKind.DROP_WON
    return TournamentResult(
        players=2,
        hands=1,
        seed=1,
        bots=(
            BotRecord(
                name=names[0],
                hands=1,
                wins=0,
                total_payoff=-1,
                won_by=(),
                caught=0,
                win_rate_ci95=None,
                mean_payoff_ci95=None,
            ),
            BotRecord(
                name=names[1],
                hands=1,
                wins=1,
                total_payoff=1,
                won_by=((drop, 1),),
                caught=0,
                win_rate_ci95=None,
                mean_payoff_ci95=None,
            ),
        ),
        outcomes=((drop, 1),),
    )


def test_a_tournament_without_intervals_aligns_its_figures_right() -> None:
    result = _result(("Zoë", "greedy"))
    table = [
        "2 players, 1 hand, seed 1",
        "bot     hands  win rate %  mean payoff  caught  won by",
        "{}      1         0.0       -1.000       0",
        "greedy      1       100.0       +1.000       0  drop won 1",
        "how hands ended: drop won 1",
    ]
    assert format_tournament(result).splitlines() == [
        *table[:2],
        table[2].format("Zoë   "),
        *table[3:],
        "± is the half-width of a 95% confidence interval",
    ]
    assert str(result) == format_tournament(result)
    assert format_tournament(result, ascii=True).splitlines() == [
        *table[:2],
        table[2].format("Zo\\xeb"),
        *table[3:],
        "+- is the half-width of a 95% confidence interval",
    ]


@pytest.mark.parametrize(("name", "shown"), HOSTILE)
@pytest.mark.parametrize("ascii", [False, True])
def test_a_bots_name_is_escaped_in_a_tournaments_table(
    name: str, shown: str, ascii: bool
) -> None:
    lines = format_tournament(_result((name, "b")), ascii=ascii).splitlines()
    assert len(lines) == 6
    assert lines[2].startswith(f"{shown}  ")
    assert lines[3].startswith("b" + " " * len(shown))
