"""Shared helpers for the serialization and record tests.

:func:`all_rules` widens :func:`tonk.testing.strategies.rules` with the payout
and session options (V31-V46), which that strategy leaves at their defaults,
so that every option of :class:`tonk.Rules` goes through the JSON forms.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
from hypothesis import assume
from hypothesis import strategies as st

import tonk
from tonk import Catch, OutPay, OutWay, PerPlayer, Rules, RulesError, Scoring
from tonk.testing.strategies import Playout, playouts, presets, rules

_CATCHES = (
    Catch.B13,
    Catch.LOWEST_ONLY,
    Catch.STAKES_TO_LOWEST,
    Catch.SINGLE,
    Catch.EVERYONE,
    Catch.FIVE_TO_LOWEST,
    Catch.RUSHVILLE,
    Catch.CHICAGO,
    Catch.LEPAPE,
    Catch.LEPAPE_N_MINUS_1,
)
_MAYBE = st.none() | st.booleans()


def _conditional_rows() -> st.SearchStrategy[OutPay]:
    return st.builds(
        OutPay,
        pays=st.integers(1, 4),
        by=st.frozensets(st.sampled_from(OutWay), min_size=1),
        first_turn=_MAYBE,
        spreads_this_turn=st.integers(0, 2),
        hit_this_turn=_MAYBE,
        hit_this_hand=_MAYBE,
        spread_before=_MAYBE,
    )


@st.composite
def going_out_tables(draw: st.DrawFn) -> tuple[OutPay, ...]:
    """Draw a going-out table: a few conditional rows, then rows for every way."""
    rows = draw(st.lists(_conditional_rows(), max_size=2))
    if draw(st.booleans()):
        rows.append(OutPay(pays=draw(st.integers(1, 3))))
    else:
        rows.extend(Rules().going_out)
    return tuple(rows)


@st.composite
def catches(draw: st.DrawFn) -> Catch:
    """Draw a named catch scheme or one built from random amounts."""
    if draw(st.booleans()):
        return draw(st.sampled_from(_CATCHES))
    amount = st.integers(0, 3) | st.builds(
        PerPlayer, st.integers(1, 3), less=st.integers(0, 1)
    )
    try:
        return Catch(
            to_catchers=draw(amount),
            to_lowest=draw(amount),
            to_others=draw(amount),
            lowest_from_others=draw(amount),
            lowest_tie=draw(st.sampled_from(tonk.LowestTie)),
        )
    except RulesError:
        assume(False)
        raise


@st.composite
def all_rules(draw: st.DrawFn) -> Rules:
    """Draw rules with every option, the payout and session options included."""
    base = draw(rules() | presets())
    options: dict[str, Any] = {
        "going_out": draw(going_out_tables()),
        "catch": draw(catches()),
        "hit_and_split": draw(st.booleans()),
        "widow": draw(st.booleans()),
        "scoring": draw(st.sampled_from(Scoring)),
        "match_target": draw(st.none() | st.integers(1, 500)),
        "suit_bet": draw(st.integers(0, 3)),
        "naturals_bet": draw(st.integers(0, 3)),
    }
    match_deals = draw(st.none() | st.integers(1, 20))
    options["match_deals"] = match_deals
    options["big_one_deals"] = draw(st.integers(0, match_deals or 3))
    try:
        return attrs.evolve(base, **options)
    except RulesError:
        assume(False)
        raise


def any_playouts(max_actions: int = 200) -> st.SearchStrategy[Playout]:
    """Draw a playout under rules with any options (see :func:`all_rules`)."""
    return playouts(rules=all_rules(), max_actions=max_actions)


def record_of(playout: Playout, *, finished: bool = True) -> tonk.GameRecord:
    """Return the record of a playout, with its outcome if ``finished``."""
    return tonk.GameRecord(
        rules=playout.rules,
        players=playout.players,
        dealer=playout.dealer,
        seed=playout.seed,
        actions=playout.actions,
        outcome=playout.final.outcome if finished else None,
    )


def shuffled_deck(rules: Rules, players: int, seed: int) -> tuple[tonk.Card, ...]:
    """Return the deck ``tonk.new_game`` deals with ``seed``, as a stacked deck."""
    cards = list(rules.pack(players=players))
    random.Random(seed).shuffle(cards)
    return tuple(cards)
