"""Tests that tell apart the code of ``tonk.bots._base`` from its mutants.

Written for mutation testing (docs/maintainers.md, "Mutation testing").
mutmut 3.8 makes only ten mutants of ``_base.py``, and the bots' tests
already kill them all; it changes no word of an f-string, no order of a
tuple and no type of an ``isinstance`` union. These tests pin, through the
public API (``tonk.bots.RandomBot`` and ``tonk.bots.plain_session_action``),
what such changes would break: the one draw a random bot makes from its
generator, its refusal of an empty choice word for word, the plain choice
between hands (dealing before no side bet, else the first choice offered but
the Big One) and its refusal, which lists what was offered.
"""

from __future__ import annotations

import random
import re

import pytest

import tonk
from tonk.bots import RandomBot, plain_session_action


def _after_draw() -> tonk.Observation:
    """Seat 1 of a seeded two-player hand after its draw: six discards."""
    state = tonk.new_game(tonk.Rules(), players=2, seed=7)
    state = tonk.apply(state, tonk.DrawStock())
    return tonk.observe(state, state.to_move)


def test_a_random_bot_draws_one_index_below_the_count_with_its_rng() -> None:
    """``legal[rng.randrange(len(legal))]``: one draw, the generator left after it."""
    seen = _after_draw()
    legal = seen.legal_actions
    assert len(legal) == 6
    chosen: list[tonk.Action] = []
    for seed in range(6):
        rng, again = random.Random(seed), random.Random(seed)
        action = RandomBot().choose(seen, legal, rng)
        assert action == legal[again.randrange(6)]
        assert rng.getstate() == again.getstate()
        chosen.append(action)
    assert chosen == [
        tonk.Discard(tonk.Card.parse(card))
        for card in ("5D", "9C", "AC", "9C", "9C", "6H")
    ]


def test_a_random_bot_chooses_from_a_list_of_one() -> None:
    seen = _after_draw()
    only = [seen.legal_actions[3]]
    assert RandomBot().choose(seen, only, random.Random(1)) == tonk.Discard(
        tonk.Card.parse("5D")
    )


@pytest.mark.parametrize("legal", [(), []])
def test_a_random_bot_refuses_no_actions_with_the_seat_and_phase(
    legal: tuple[tonk.Action, ...] | list[tonk.Action],
) -> None:
    seen = _after_draw()
    with pytest.raises(
        ValueError,
        match=r"^no legal actions to choose from \(seat 1, phase after_draw\)$",
    ) as raised:
        RandomBot().choose(seen, legal, random.Random(1))
    assert type(raised.value) is ValueError


@pytest.mark.parametrize(
    ("offered", "plain"),
    [
        # Dealing comes before no side bet, whichever is offered first.
        ((tonk.SideBets(), tonk.Deal()), tonk.Deal()),
        ((tonk.SideBets(suit=True), tonk.SideBets()), tonk.SideBets()),
        # Otherwise the first choice but the Big One, in the order offered.
        (
            (tonk.CallBigOne(), tonk.CallSuit("D"), tonk.CallSuit("C")),
            tonk.CallSuit("D"),
        ),
        (
            [tonk.DrawStock(), tonk.SideBets(naturals=True, suit=True)],
            tonk.SideBets(suit=True, naturals=True),
        ),
    ],
)
def test_the_plain_choice_between_hands(
    offered: tuple[tonk.Action | tonk.SessionAction, ...]
    | list[tonk.Action | tonk.SessionAction],
    plain: tonk.SessionAction,
) -> None:
    assert plain_session_action(offered) == plain


@pytest.mark.parametrize(
    ("offered", "message"),
    [
        ((), "no choice between hands to make: []"),
        (
            (tonk.CallBigOne(), tonk.DrawStock()),
            "no choice between hands to make: [CallBigOne(), DrawStock()]",
        ),
    ],
)
def test_no_plain_choice_is_refused_with_what_was_offered(
    offered: tuple[tonk.Action | tonk.SessionAction, ...], message: str
) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$") as raised:
        plain_session_action(offered)
    assert type(raised.value) is ValueError


def test_a_session_s_plain_choices_call_clubs_then_bet_nothing() -> None:
    session = tonk.new_session(tonk.Rules(suit_bet=1), players=2, seed=1)
    call = plain_session_action(tonk.session_actions(session))
    assert call == tonk.CallSuit(tonk.Suit.CLUBS)
    session = tonk.apply_session(session, call)
    assert plain_session_action(tonk.session_actions(session)) == tonk.SideBets()
