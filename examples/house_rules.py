"""Compose house rules of your own and play a short session under them.

The table here plays Chicago's six wilds with seven-card hands, Scott Sauri's
deal tonks (Washington DC), Newark's 4x first-turn bonus, Lepape's catch, and
the last two deals of the evening for double stakes ("The Big One").

Run: ``python examples/house_rules.py [seed]``.
"""

from __future__ import annotations

import random
import sys

import attrs

import tonk
from tonk import presets


def house_rules() -> tonk.Rules:
    """Return the table's rules: one plain ``Rules`` value built from presets."""
    return attrs.evolve(
        presets.CHICAGO,
        hand_size=7,  # V7
        deal_tonks=presets.WASHINGTON_DC.deal_tonks,  # V16
        deal_tonk_clash=presets.WASHINGTON_DC.deal_tonk_clash,
        deal_tonk_tie=presets.WASHINGTON_DC.deal_tonk_tie,
        going_out=presets.NEWARK.going_out,  # V33
        catch=tonk.Catch.LEPAPE,  # V38
        match_deals=8,  # V44: eight deals tonight
        big_one_deals=2,  # V43: the last two for double stakes
    )


def main(seed: int = 11) -> tonk.Session:
    """Play the evening with random legal moves; print each hand and the ledger."""
    rules = house_rules()
    session = tonk.new_session(rules, players=["Ann", "Bob", "Cy"], seed=seed)
    rng = random.Random(seed)
    shown = 0
    while not session.is_over:
        session = tonk.apply_session(session, rng.choice(tonk.session_actions(session)))
        result = session.last
        if result is not None and result.number > shown:  # a hand was settled
            shown = result.number
            dealer = result.players[result.dealer]
            net = dict(zip(result.players, result.net, strict=True))
            print(
                f"hand {result.number} (dealer {dealer}, {result.stakes}x):"
                f" {result.outcome.kind.value}, net {net}"
            )
    print("ledger:", dict(session.ledger))
    print("winners:", ", ".join(session.leaders))
    return session


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 11)
