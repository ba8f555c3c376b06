"""`tonk.testing`'s own tools, pinned where mutation testing found them loose.

A rule tester builds scenarios with :func:`~tonk.testing.stack_deck` and
trusts :func:`~tonk.testing.check_no_leak` to fail on a leak: each refusal of
a stacked deck is pinned word for word, the widows (V46) go to the seats
named whatever the dealer, and :func:`~tonk.testing.redeal_hidden` gives
another deal even when its first shuffle changes nothing. docs/maintainers.md
lists the mutants left.
"""

from __future__ import annotations

import random
import re
from typing import Any

import attrs
import pytest

import tonk
from tonk.testing import check_no_leak, redeal_hidden, stack_deck

PAGAT = tonk.presets.PAGAT
WIDOW = attrs.evolve(PAGAT, widow=True)  # V46
HANDS = ["AS 2S 3S 4S 5S", "AH 2H 3H 4H 5H"]


@pytest.mark.parametrize(
    ("rules", "arguments", "message"),
    [
        (
            PAGAT,
            {"hands": HANDS[:1]},
            "hands must give 2..10 seats under these rules, got 1",
        ),
        (PAGAT, {"hands": HANDS, "dealer": 2}, "dealer must be a seat 0..1, got 2"),
        (PAGAT, {"hands": HANDS, "dealer": -1}, "dealer must be a seat 0..1, got -1"),
        (PAGAT, {"hands": HANDS, "dealer": "1"}, "dealer must be a seat 0..1, got '1'"),
        (
            PAGAT,
            {"hands": [HANDS[0], "AH 2H 3H 4H"]},
            "hand for seat 1 has 4 cards, expected 5",
        ),
        (
            PAGAT,
            {"hands": HANDS, "widows": ["KD", "QD"]},
            "widows need Rules(widow=True) and one card per seat (2 seats),"
            " got ['KD', 'QD']",
        ),
        (
            WIDOW,
            {"hands": HANDS, "widows": ["KD"]},
            "widows need Rules(widow=True) and one card per seat (2 seats), got ['KD']",
        ),
        (
            WIDOW,
            {"hands": HANDS, "widows": ["KD JD", "QD"]},
            "the widow for seat 0 must be one card",
        ),
        (
            PAGAT,
            {"hands": ["AS 2S 3S 4S 5S", "AS 2H 3H 4H 5H"]},
            "Card.parse('AS') is named more often than the pack holds it",
        ),
    ],
)  # fmt: skip
def test_a_deck_that_cannot_be_stacked_is_refused_word_for_word(
    rules: tonk.Rules, arguments: dict[str, Any], message: str
) -> None:
    with pytest.raises(tonk.RulesError, match=f"^{re.escape(message)}$"):
        stack_deck(rules, **arguments)


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_each_seat_gets_the_widow_named_for_it_whoever_deals(dealer: int) -> None:
    """V46: a widow each, seat 0's first, as the hands are."""
    hands = [*HANDS, "AC 2C 3C 4C 5C"]
    deck = stack_deck(WIDOW, hands=hands, widows=["KD", "QD", "JD"], dealer=dealer)
    state = tonk.new_game(WIDOW, players=3, dealer=dealer, deck=deck)
    assert state.widows == tonk.parse_cards("KD QD JD")
    assert state.hands == tuple(map(tonk.parse_cards, hands))


def test_widows_left_unnamed_are_the_next_cards_of_the_pack() -> None:
    """Dealt one a seat from the dealer's left, as the hands are (V46)."""
    deck = stack_deck(WIDOW, hands=HANDS, stock="KS")
    state = tonk.new_game(WIDOW, players=2, dealer=0, deck=deck)
    assert state.widows == tonk.parse_cards("2C AC")
    assert state.discard_pile == tonk.parse_cards("3C")
    assert state.stock[:2] == tonk.parse_cards("KS 4C")


class _StillFirst(random.Random):
    """A source whose first shuffle leaves the cards as they were."""

    def __init__(self) -> None:
        super().__init__(1)
        self.shuffles = 0

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        self.shuffles += 1
        if self.shuffles > 1:
            super().shuffle(x)


def test_a_redeal_whose_first_shuffle_changes_nothing_shuffles_again() -> None:
    """The deal differs from the original when the hidden cards are not alike."""
    state = tonk.new_game(PAGAT, players=2, seed=3)
    rng = _StillFirst()
    other = redeal_hidden(state, 0, rng)
    assert rng.shuffles == 2
    assert other.hands[0] == state.hands[0]
    assert (other.hands[1], other.stock) != (state.hands[1], state.stock)
    with pytest.raises(AssertionError, match=r"^seat 0 can tell apart"):
        check_no_leak(state, 0, _StillFirst(), view=lambda s, _: s.hands[1])
