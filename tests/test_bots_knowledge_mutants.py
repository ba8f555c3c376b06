"""What the bots work out from an observation (tonk.bots._knowledge), pinned.

Mutation testing of the private helpers that GreedyBot, InferenceBot and
ISMCTSBot share found these untested: the unseen cards with two packs (a
copy seen, the seat's own known card not counted twice), a drop's payoff
under rules with their own catch and drop bonus (settled once, and kept
across calls), how many turns each seat has taken, and which sampled cards
each seat is given. The helpers are called directly: through a bot only
their effect on a choice shows. docs/maintainers.md lists the mutants left.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TypeVar

import tonk
from tonk.bots._knowledge import (
    drop_payoffs,
    sampled_counts,
    seat_turns,
    unseen_counts,
)

T = TypeVar("T")


def test_unseen_counts_take_each_seen_copy_once_with_two_packs() -> None:
    """Two packs: the seat holds 6D twice (none unseen), has seen one QC
    discarded and put the other in its widow (none), and one copy each of
    the cards in its hand, the spread 7C 7D 7S, the discard 10C and the 9D
    seat 1 took; its own KC, taken from the discards, is counted once."""
    rules = tonk.Rules(two_packs_from=2, widow=True)
    state = tonk.new_game(rules, players=2, seed=15)
    for move in (
        *("draw discard", "discard 10C", "exchange QC", "draw stock", "discard 7C"),
        *("draw discard", "spread 7C 7D 7S", "discard QC", "draw stock"),
        *("discard 9D", "draw discard", "discard KC", "draw discard"),
    ):
        state = tonk.apply(state, tonk.parse_action(state, move))
    seen = tonk.observe(state, 0)
    assert [str(c) for c in seen.hand] == ["AC", "KC", "6D", "6D", "5H", "2S"]
    assert (seen.taken, seen.widow) == (
        (tonk.parse_cards("KC"), tonk.parse_cards("9D")),
        tonk.Card.parse("QC"),
    )
    counts = unseen_counts(seen)
    assert sum(counts) == 104 - 13
    pack = sorted(set(rules.pack(players=2)))
    assert {str(c): counts[c.code] for c in pack if counts[c.code] != 2} == {
        "AC": 1,
        "7C": 1,
        "10C": 1,
        "QC": 0,
        "KC": 1,
        "6D": 0,
        "7D": 1,
        "9D": 1,
        "5H": 1,
        "2S": 1,
        "7S": 1,
    }


def test_a_drop_is_settled_with_the_rules_catch_and_drop_bonus() -> None:
    """Forty cash (X4): a caught dropper pays 2 to the lowest count only
    (not 2 to each lower seat), and a drop on 11 or less is paid 3 by each
    seat. Seat 1 drops; the same counts are settled alike again."""
    state = tonk.new_game(tonk.presets.FORTY_CASH, players=3, seed=1)
    seen = tonk.observe(state, state.to_move)
    assert (seen.seat, seen.dealer) == (1, 0)
    payoff = drop_payoffs(seen)
    assert payoff((5, 20, 6)) == -2.0
    assert payoff((20, 10, 30)) == 6.0
    assert payoff((20, 10, 30)) == 6.0
    assert payoff((5, 20, 6)) == -2.0


def test_each_seat_s_turns_are_counted_from_the_dealer_s_left() -> None:
    """Four seats, dealer 1: seat 2 plays first, then 3, 0 and 1. After t
    turns, seat 2 has completed ceil(t/4), seat 3 ceil((t-1)/4), seat 0
    ceil((t-2)/4) and seat 1 ceil((t-3)/4)."""
    state = tonk.new_game(tonk.Rules(), players=4, seed=2, dealer=1)
    rng = random.Random(0)
    table: dict[int, tuple[int, ...]] = {}
    while len(table) < 10:
        seen = tonk.observe(state, 0)
        table.setdefault(
            seen.turns_taken, tuple(seat_turns(seen, seat) for seat in range(4))
        )
        legal = tonk.legal_actions(state)
        state = tonk.apply(
            state,
            rng.choice(
                [a for a in legal if isinstance(a, tonk.DrawStock | tonk.Discard)]
            ),
        )
    assert table == {
        0: (0, 0, 0, 0),
        1: (0, 0, 1, 0),
        2: (0, 0, 1, 1),
        3: (1, 0, 1, 1),
        4: (1, 1, 1, 1),
        5: (1, 1, 2, 1),
        6: (1, 1, 2, 2),
        7: (2, 1, 2, 2),
        8: (2, 2, 2, 2),
        9: (2, 2, 3, 2),
    }


class InOrder(random.Random):
    """A generator whose samples are the population's first cards, in order."""

    def sample(
        self, population: Sequence[T], k: int, *, counts: Iterable[int] | None = None
    ) -> list[T]:
        return list(population)[:k]


def test_each_seat_gets_the_lowest_of_its_own_share_of_the_sample() -> None:
    """Four seats after six turns (dealer 1): seat 0 (count 37) guesses seat
    1 (8D known, 4 unknown, 1 turn), seat 2 (JS 5H known, 3 unknown, 2 turns)
    and seat 3 (5 unknown, 2 turns). Sampling 40, 39, ... in order, seat 1
    gets the lowest 4 of 40..36, seat 2 the lowest 3 of 35..31, seat 3 the
    lowest 5 of 30..24. With only 15 cards to sample, seats 2 and 3 take one
    turn's extra card each fewer."""
    state = tonk.new_game(tonk.Rules(), players=4, seed=2, dealer=1)
    for move in (
        *("draw discard", "discard JH", "draw stock", "discard 6D"),
        *("draw discard", "discard 8D", "draw discard", "discard 5H"),
        *("draw discard", "discard 7S", "draw stock", "discard 6S"),
    ):
        state = tonk.apply(state, tonk.parse_action(state, move))
    seen = tonk.observe(state, 0)
    assert seen.taken[1:] == (
        tonk.parse_cards("8D"),
        tonk.parse_cards("JS 5H"),
        (),
    )
    pool = list(range(40, 0, -1))
    assert (
        sampled_counts(seen, pool, InOrder(), 2)
        == [[37, 8 + 39 + 38 + 37 + 36, 15 + 33 + 32 + 31, 28 + 27 + 26 + 25 + 24]] * 2
    )
    assert sampled_counts(seen, pool[25:], InOrder(), 1) == [
        [37, 8 + 14 + 13 + 12 + 11, 15 + 9 + 8 + 7, 5 + 4 + 3 + 2 + 1]
    ]


def test_a_drop_payoff_is_settled_once_across_calls() -> None:
    """The payoffs are kept across calls for the same catch, drop bonus,
    dropper and dealer: a second call's function answers with the very float
    the first settled (a payoff settled again would be another float)."""
    state = tonk.new_game(tonk.presets.FORTY_CASH, players=3, seed=1)
    seen = tonk.observe(state, state.to_move)
    first = drop_payoffs(seen)((20, 10, 30))
    again = drop_payoffs(seen)((20, 10, 30))
    assert first == 6.0
    assert again is first
    assert drop_payoffs(tonk.observe(state, state.to_move))((20, 10, 30)) is first
