"""Shared helpers for the serialization and record tests."""

from __future__ import annotations

import random

from hypothesis import strategies as st

import tonk
from tonk import Rules
from tonk.testing.strategies import Playout, playouts, presets, rules


def all_rules() -> st.SearchStrategy[Rules]:
    """Draw rules with any options: random combinations or a preset.

    :func:`tonk.testing.strategies.rules` draws every option of
    :class:`tonk.Rules`, the payout and session options (V31-V46) included.
    """
    return rules() | presets()


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
