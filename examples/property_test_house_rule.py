"""Property-test a house rule with tonk.testing and Hypothesis.

The house rule: Chicago's game (six wild cards, no upcard) with hit-and-split
(V39: a winner pays half a stake to each loser who has a spread of four or
more cards on the table), the widow (V46: a face-down extra card that may be
bought once per hand for 1x, paid to the hand's winners) and the Big One
(V43: the last two deals of the evening are for double stakes).

Before playing for money under it, check that:

- every state of every hand keeps the engine's invariants
  (``tonk.testing.check_invariants``): cards are neither lost nor duplicated,
  spreads are valid, a live hand offers an action, payoffs are the net of the
  transfers;
- cards are conserved, checked here a second time by hand;
- every hand's payoffs sum to zero;
- hit-and-split payments are half a stake, paid by a winner to a loser who
  has a spread of four or more cards, and the widow pot is shared equally by
  the winners;
- the Big One doubles every payment of its deals, and the session's ledger
  still sums to zero.

This needs Hypothesis, which the ``testing`` extra installs:
``pip install 'tonk[testing]'``. Run: ``python examples/property_test_house_rule.py
[examples]``, where ``examples`` is how many examples each property tries (50
by default; more finds rarer bugs). In a test suite, collect the ``test_*``
functions with pytest instead.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from fractions import Fraction

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

import tonk
from tonk.testing import check_invariants
from tonk.testing.strategies import Playout, player_counts, playouts

HOUSE = attrs.evolve(
    tonk.presets.CHICAGO,
    hit_and_split=True,  # V39
    widow=True,  # V46
    big_one_deals=2,  # V43
)

SEEN: Counter[str] = Counter()  # what the examples reached, for the summary


def conserved(state: tonk.GameState) -> bool:
    """Return whether the cards on the table, in hand and in stock are the pack."""
    cards = Counter(state.stock)
    cards.update(state.discard_pile)
    cards.update(state.widows)
    for hand in state.hands:
        cards.update(hand)
    for spread in state.spreads:
        cards.update(spread.cards)
    return cards == Counter(state.rules.pack(players=state.player_count))


@given(playouts(rules=HOUSE, players=player_counts(HOUSE)))
def test_hands_keep_the_invariants(playout: Playout) -> None:
    """Every state of a random hand is consistent, and a finished hand is zero-sum."""
    for state in playout.states:
        check_invariants(state)
        assert conserved(state)
    final = playout.final
    if final.outcome is not None:
        SEEN[f"hand ended: {final.outcome.kind.value}"] += 1
        assert sum(final.outcome.payoffs) == 0


@given(playouts(rules=HOUSE, players=player_counts(HOUSE)))
def test_side_payments_go_the_right_way(playout: Playout) -> None:
    """Hit-and-split pays ½x to losers with long spreads; winners share the widow."""
    outcome = playout.final.outcome
    if outcome is None:
        return
    for transfer in outcome.transfers:
        if transfer.reason is tonk.TransferReason.HIT_AND_SPLIT:
            SEEN["hit-and-split payments"] += 1
            assert transfer.amount == Fraction(1, 2)
            assert transfer.payer in outcome.winners
            assert transfer.payee not in outcome.winners
            assert any(
                spread.owner == transfer.payee and len(spread.cards) >= 4
                for spread in playout.final.spreads
            )
        if transfer.reason is tonk.TransferReason.WIDOW:
            SEEN["widow payments"] += 1
            assert transfer.payee in outcome.winners  # the pot is shared equally
            assert transfer.amount == Fraction(1, len(outcome.winners))


@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32 - 1),
    call_after=st.integers(0, 3),
    rng=st.randoms(use_true_random=False),
)
def test_the_big_one_doubles_every_payment(
    players: int, seed: int, call_after: int, rng: random.Random
) -> None:
    """After the Big One is called, each hand's net is twice its payoffs."""
    session = tonk.new_session(HOUSE, players=players, seed=seed)
    while not session.is_over:
        if session.phase is tonk.SessionPhase.BEFORE_DEAL:
            if session.number == call_after:
                session = tonk.apply_session(session, tonk.CallBigOne())
            session = tonk.apply_session(session, tonk.Deal())
            continue
        session = tonk.apply_session(session, rng.choice(tonk.session_actions(session)))
        result = session.last
        if result is None or session.phase is tonk.SessionPhase.PLAYING:
            continue
        big_one = result.number > call_after
        assert result.stakes == (2 if big_one else 1)
        assert result.net == tuple(result.stakes * p for p in result.outcome.payoffs)
        SEEN["Big One hands" if big_one else "ordinary hands"] += 1
    assert session.number == call_after + HOUSE.big_one_deals
    assert sum(balance for _, balance in session.ledger) == 0


def main(examples: int = 50) -> Counter[str]:
    """Run every property with ``examples`` examples; print what they reached."""
    properties = (
        test_hands_keep_the_invariants,
        test_side_payments_go_the_right_way,
        test_the_big_one_doubles_every_payment,
    )
    for run in properties:
        settings(max_examples=examples, deadline=None, database=None)(run)()
        print(f"passed: {run.__name__} ({examples} examples)")
    for what, count in sorted(SEEN.items()):
        print(f"  {what}: {count}")
    return SEEN


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
