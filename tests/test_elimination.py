"""X3 elimination: under push-ups (V42), a total at the limit leaves the table.

docs/rules/sessions.md (X3) and the ``elimination`` preset (docs/presets.md).
Every hand is dealt from a stacked deck; every total is exact.
"""

from __future__ import annotations

import attrs
import pytest

import tonk
from tonk import (
    Deal,
    Rules,
    RulesError,
    Scoring,
    Session,
    SessionError,
    SessionPhase,
    apply_session,
    join,
    new_session,
    presets,
)
from tonk.testing import stack_deck

ELIMINATION = presets.ELIMINATION
FIFTY = "10C JC QC KC KD"  # a deal tonk: the others pay 2x, so add twice their count
MID_S = "5S 6S 7S 8S 9S"  # 35
MID_H = "5H 6H 7H 8H 9H"  # 35


def deal(session: Session, hands: list[str]) -> Session:
    """Deal the next hand from a deck stacked with ``hands``, by seat."""
    deck = stack_deck(session.rules, hands=hands, dealer=session.dealer)
    return apply_session(session, Deal(deck=deck))


def totals(session: Session) -> dict[str, int]:
    return dict(session.push_up_totals)


def test_x3_players_leave_at_100_and_the_last_one_wins() -> None:
    session = new_session(ELIMINATION, players=["A", "B", "C"], seed=1, dealer=2)
    session = deal(session, [FIFTY, MID_S, MID_H])  # A's deal tonk
    assert totals(session) == {"A": 0, "B": 70, "C": 70}
    assert session.players == ("A", "B", "C")
    assert session.eliminated == ()
    assert session.phase is SessionPhase.BEFORE_DEAL
    assert session.dealer == 0

    session = deal(session, [MID_S, FIFTY, MID_H])  # B's deal tonk
    assert totals(session) == {"A": 70, "B": 70, "C": 140}
    assert session.eliminated == ("C",)
    assert session.players == ("A", "B")
    assert session.dealer == 1  # the deal passes from A to B
    assert session.phase is SessionPhase.BEFORE_DEAL

    session = deal(session, [FIFTY, MID_S])  # A's deal tonk; B reaches 140
    assert totals(session) == {"A": 70, "B": 140, "C": 140}
    assert session.eliminated == ("B", "C")
    assert session.is_over
    assert session.leaders == ("A",)
    assert session.players == ("A", "B")  # the last hand's seats stay
    assert session.standings[0] == ("A", 70)


def test_x3_the_deal_passes_left_past_a_player_who_leaves() -> None:
    rules = attrs.evolve(ELIMINATION, elimination_at=60)
    session = new_session(rules, players=["A", "B", "C", "D"], seed=1, dealer=0)
    session = deal(session, ["AH 2H 3H 4H 7D", MID_S, "AC 2C 3C 4D 6D", FIFTY])
    assert totals(session) == {"A": 34, "B": 70, "C": 32, "D": 0}
    assert session.eliminated == ("B",)
    assert session.players == ("A", "C", "D")
    assert session.players[session.dealer] == "C"  # B would have dealt next
    assert session.phase is SessionPhase.BEFORE_DEAL


def test_x3_several_players_leave_after_one_hand() -> None:
    rules = attrs.evolve(ELIMINATION, elimination_at=60)
    session = new_session(rules, players=["A", "B", "C", "D"], seed=1, dealer=0)
    session = deal(session, ["AH 2H 3H 4H 9C", MID_S, FIFTY, MID_H])
    assert totals(session) == {"A": 38, "B": 70, "C": 0, "D": 70}
    assert session.eliminated == ("B", "D")
    assert session.players == ("A", "C")
    assert session.players[session.dealer] == "C"
    session = deal(session, ["AH 2H 3H 4H 9C", FIFTY])  # A reaches 76
    assert session.is_over
    assert session.eliminated == ("A", "B", "D")
    assert session.leaders == ("C",)


def test_x3_an_eliminated_player_may_not_come_back() -> None:
    rules = attrs.evolve(ELIMINATION, elimination_at=60)
    session = new_session(rules, players=["A", "B", "C", "D"], seed=1, dealer=0)
    session = deal(session, ["AH 2H 3H 4H 9C", MID_S, FIFTY, MID_H])
    with pytest.raises(SessionError, match="eliminated"):
        join(session, "B")
    assert join(session, "E").players == ("A", "E", "C")


def test_x3_without_the_option_nobody_leaves() -> None:
    session = new_session(presets.PUSH_UPS, players=["A", "B"], seed=1, dealer=1)
    for _ in range(3):
        session = deal(session, [FIFTY, MID_S])
    assert totals(session) == {"A": 0, "B": 210}
    assert session.eliminated == ()
    assert session.players == ("A", "B")
    assert not session.is_over


def test_x3_the_option_round_trips_through_json() -> None:
    rules = attrs.evolve(ELIMINATION, elimination_at=60)
    assert tonk.from_json(tonk.to_json(rules), Rules) == rules
    assert tonk.to_dict(rules)["elimination_at"] == 60


@pytest.mark.parametrize("scoring", [Scoring.MONEY, Scoring.PAPER])
def test_x3_needs_push_up_scoring(scoring: Scoring) -> None:
    with pytest.raises(RulesError, match="needs push-up scoring"):
        Rules(scoring=scoring, elimination_at=100)


@pytest.mark.parametrize("limit", [0, -1, 10**9 + 1, True, 1.5, "100"])
def test_x3_the_limit_is_a_positive_int(limit: object) -> None:
    with pytest.raises((RulesError, TypeError)):
        Rules(scoring=Scoring.PUSH_UPS, elimination_at=limit)  # type: ignore[arg-type]


def test_x3_preset() -> None:
    assert Rules(scoring=Scoring.PUSH_UPS, elimination_at=100) == ELIMINATION
    assert presets.get("elimination") is ELIMINATION
