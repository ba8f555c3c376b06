"""Play one hand of Tonk with random legal moves and print what happens.

Run: ``python examples/random_hand.py [seed]``.
"""

from __future__ import annotations

import random
import sys

import tonk


def main(seed: int = 7) -> tonk.Outcome:
    """Play and narrate one random hand; return its outcome."""
    state = tonk.new_game(tonk.presets.PAGAT, players=3, seed=seed)
    rng = random.Random(seed)
    print(f"dealer: seat {state.dealer}; upcard: {state.top_discard}")
    while state.outcome is None:
        seat = state.to_move
        hand = " ".join(map(str, state.hand(seat)))
        action = rng.choice(tonk.legal_actions(state))
        print(f"seat {seat} [{hand}]: {tonk.format_action(action)}")
        state = tonk.apply(state, action)
    outcome = state.outcome
    print(f"{outcome.kind.value}: winners {outcome.winners}, counts {outcome.counts}")
    for transfer in outcome.transfers:
        print(
            f"  seat {transfer.payer} pays seat {transfer.payee}"
            f" {transfer.amount} ({transfer.reason.value})"
        )
    print(f"payoffs: {outcome.payoffs}")
    return outcome


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
