"""The ``tonk`` command line (also ``python -m tonk``).

``tonk simulate`` plays random legal hands and prints a summary; with
``--session`` it plays them as one session and prints the final ledger.

Examples:
    >>> main(["simulate", "--hands", "200", "--players", "3", "--seed", "1",
    ...       "--no-timing"])
    tonk simulate: preset pagat, 3 players, 200 hands, seed 1
    how hands ended:
      caught              133  66.5%
      drop_won             67  33.5%
    mean payoff per seat: seat 0 -0.030, seat 1 -0.010, seat 2 +0.040
    mean actions per hand: 5.5
    0
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from tonk import presets
from tonk.engine import apply, legal_actions, new_game
from tonk.errors import TonkError
from tonk.rules import Scoring
from tonk.session import (
    CallBigOne,
    SessionPhase,
    apply_session,
    new_session,
    session_actions,
)
from tonk.state import OutcomeKind, Stake

__all__ = ["main"]


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a whole number, got {text!r}"
        ) from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, got {value}")
    return value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tonk", description="The rules engine for the card game Tonk."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    simulate = commands.add_parser(
        "simulate",
        help="play random legal hands and summarise them",
        description="Play random legal hands and print how they ended, the mean"
        " payoff per seat and the speed. The deal passes left after every hand.",
    )
    simulate.add_argument(
        "--preset", default="pagat", help=f"rule set ({', '.join(presets.names())})"
    )
    simulate.add_argument("--players", type=_positive, default=2, help="seats")
    simulate.add_argument("--hands", type=_positive, default=1000, help="hands")
    simulate.add_argument(
        "--seed", type=int, default=None, help="seed for reproducible hands"
    )
    simulate.add_argument(
        "--no-timing", action="store_true", help="leave out the hands/s line"
    )
    simulate.add_argument(
        "--session",
        action="store_true",
        help="play the hands as one session (side bets chosen at random) and"
        " print the final ledger",
    )
    return parser


def _simulate_session(args: argparse.Namespace, seed: int) -> int:
    """Play one session of random hands and print its ledger (V40–V47)."""
    rules = presets.get(args.preset)
    rng = random.Random(seed)
    session = new_session(rules, players=args.players, seed=seed)
    began = time.perf_counter()
    while not session.is_over and not (
        session.number == args.hands and session.phase is SessionPhase.BEFORE_DEAL
    ):
        choices = [
            action
            for action in session_actions(session)
            if not isinstance(action, CallBigOne)
        ]
        session = apply_session(session, rng.choice(choices))
    elapsed = time.perf_counter() - began
    print(
        f"tonk simulate --session: preset {args.preset}, {args.players} players,"
        f" seed {seed}"
    )
    ending = "the session ended" if session.is_over else "stopped"
    print(f"{ending} after {session.number} hands")
    if not args.no_timing:
        print(f"hands/s: {session.number / elapsed:,.0f}")
    push_ups = rules.scoring is Scoring.PUSH_UPS
    print(f"{'player':<10} {'balance':>9}" + (f" {'push-ups':>9}" if push_ups else ""))
    for name, balance in session.ledger:
        line = f"{name:<10} {balance!s:>9}"
        if push_ups:
            line += f" {session.push_ups(name):>9}"
        print(line)
    if rules.naturals_bet:
        print(f"naturals pot carried: {session.naturals_pot}")
    print(f"leading: {', '.join(session.leaders)}")
    return 0


def _simulate(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(32)
    if args.session:
        return _simulate_session(args, seed)
    rules = presets.get(args.preset)
    players = args.players
    rng = random.Random(seed)
    kinds: Counter[OutcomeKind] = Counter()
    totals: list[Stake] = [0] * players
    actions = 0
    began = time.perf_counter()
    for hand in range(args.hands):
        state = new_game(
            rules, players=players, seed=rng.getrandbits(64), dealer=hand % players
        )
        while state.outcome is None:
            state = apply(state, rng.choice(legal_actions(state)))
            actions += 1
        kinds[state.outcome.kind] += 1
        for seat, payoff in enumerate(state.outcome.payoffs):
            totals[seat] += payoff
    elapsed = time.perf_counter() - began
    hands = args.hands
    print(
        f"tonk simulate: preset {args.preset}, {players} players, {hands} hands,"
        f" seed {seed}"
    )
    if not args.no_timing:
        print(f"hands/s: {hands / elapsed:,.0f} ({actions / elapsed:,.0f} actions/s)")
    print("how hands ended:")
    for kind, count in kinds.most_common():
        print(f"  {kind.value:<16} {count:>6} {100 * count / hands:>5.1f}%")
    means = ", ".join(
        f"seat {seat} {float(Fraction(total) / hands):+.3f}"
        for seat, total in enumerate(totals)
    )
    print(f"mean payoff per seat: {means}")
    print(f"mean actions per hand: {actions / hands:.1f}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``tonk`` command line and return its exit status.

    Args:
        argv: The arguments, without the program name; ``None`` reads
            ``sys.argv``.

    Returns:
        0 on success, 2 for bad arguments.
    """
    args = _parser().parse_args(argv)
    try:
        return _simulate(args)
    except TonkError as error:
        print(f"tonk: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. piped into `head`: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
