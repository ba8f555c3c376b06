"""Benchmark tonk against OpenSpiel's C++ gin rummy, driven from Python.

Run ``python benchmarks/bench_openspiel.py`` (``--quick`` for a short run); it
needs the ``bench`` extra (``pip install 'tonk[bench]'``). It prints figures
and asserts nothing. In one process, the contenders of each row take turns,
a batch of hands each, and a figure is the total over all their batches, in
the process's CPU time (so that other work on a shared machine does not
count). Both play two players, tonk under pagat's rules.

Row 1, OpenSpiel random simulation (issue 13): ``python_tonk`` against
``gin_rummy``, both through pyspiel; at a chance node a uniformly random
outcome of ``chance_outcomes()`` is applied, at a decision a uniformly random
one of ``legal_actions()``. Every ``apply_action`` is an action, chance
outcomes included; the figure is microseconds per action.

Rows 2a-2c, issue 14's workloads: the tonk engine itself (``tonk.new_game``,
``tonk.legal_actions``, ``tonk.apply``) against ``gin_rummy`` through pyspiel,
in actions per second, where an action is a player's decision (gin's chance
nodes, its deal and its stock draws, are timed but not counted):

- (a) uniform random play, deal included (random tonk players drop early);
- (b) random play in which a tonk player drops (or claims a deal tonk) only
  when nothing else is legal; gin plays as in (a), having no drop;
- (c) per action, deal excluded: timing starts at the first decision;
- (d) long hands (issue 42): (c) with tonk's drops (and deal-tonk claims) only
  when nothing else is legal, as in (b), so that a hand lasts about as many
  decisions as gin's; the engine's speed on long hands.

Row 3 times workload (c)'s loop with a stand-in engine that does no work
(the harness alone) against tonk's, in turn, and prints tonk's engine time
a decision without the harness, and the time that (c)'s target leaves the
engine: what 2.5x gin's rate allows a decision, less the harness.

The ratio is tonk's actions per second over gin's (above 1: tonk is faster).
Last, each ratio against its target: issue 14's (a) at least 2.5x, (b) at
least 5x, (c) at least 2.5x; issue 42's (d) at least 2.5x.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import pyspiel
from targets import QUICK, print_target

import tonk
import tonk.envs.openspiel  # registers python_tonk
from tonk import ClaimDealTonk, Drop
from tonk._cache import by_identity

Run = Callable[[int, random.Random], tuple[float, int]]
"""Play some hands; return the time to count and the actions to count."""

_clock = time.process_time
"""This process's CPU time: on a shared machine, other processes do not count.
It is read once a batch, so reading it costs nothing that matters."""


def openspiel_simulation(game: pyspiel.Game) -> Run:
    """Random simulation through pyspiel: time and every applied action."""

    def run(hands: int, rng: random.Random) -> tuple[float, int]:
        choice = rng.choice
        actions = 0
        started = _clock()
        for _ in range(hands):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(choice(state.chance_outcomes())[0])
                else:
                    state.apply_action(choice(state.legal_actions()))
                actions += 1
        return _clock() - started, actions

    return run


def _gin_dealt(game: pyspiel.Game, choice: Callable[[Any], Any]) -> Any:
    state = game.new_initial_state()
    while state.is_chance_node():  # the deal: 21 chance nodes
        state.apply_action(choice(state.chance_outcomes())[0])
    return state


def gin_decisions(game: pyspiel.Game, *, deal_timed: bool) -> Run:
    """Random gin rummy: decisions counted; the deal timed or not (2a-2c).

    Without the deal, every hand is dealt first and only the play is timed.
    """

    def run(hands: int, rng: random.Random) -> tuple[float, int]:
        choice = rng.choice
        decisions = 0
        dealt = [] if deal_timed else [_gin_dealt(game, choice) for _ in range(hands)]
        started = _clock()
        for hand in range(hands):
            state = _gin_dealt(game, choice) if deal_timed else dealt[hand]
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(choice(state.chance_outcomes())[0])
                else:
                    state.apply_action(choice(state.legal_actions()))
                    decisions += 1
        return _clock() - started, decisions

    return run


_Options = tuple[tonk.Action, ...]


def _patient(options: _Options) -> _Options:
    """Return ``options`` less the drop and the deal-tonk claim, unless only they are.

    ``tonk.legal_actions`` lists a claim and a drop before every other action,
    so they are a leading run of ``options`` (most lists, after the draw, have
    none): the same choices as filtering every action, at the cost of one
    check in most steps, made by the caller (a list that does not start with
    one holds none, and needs no call).
    """
    for index, action in enumerate(options):
        if action.__class__ not in _ENDERS:
            return options[index:]
    return options


_ENDERS: frozenset[type] = frozenset((Drop, ClaimDealTonk))


def tonk_decisions(*, deal_timed: bool, patient: bool) -> Run:
    """Random tonk through the engine: decisions counted (2a-2c).

    Without the deal, every hand is dealt first and only the play is timed.
    With ``patient``, the choices of a list that starts with a drop or a
    claim are :func:`_patient`'s, remembered by the list's identity
    (``tonk._cache.by_identity``): at a turn start the engine returns one of
    a few tuples it keeps (the same object at every turn start with the same
    choices open), so the harness's filter is a lookup, not a loop and a new
    tuple (which cost about a tenth of a long hand's decision, time that was
    the harness's, not the engine's).
    """
    rules = tonk.presets.PAGAT
    legal_actions, apply, new_game = tonk.legal_actions, tonk.apply, tonk.new_game

    def run(hands: int, rng: random.Random) -> tuple[float, int]:
        choice = rng.choice
        decisions = 0
        patient_choices = by_identity(_patient, limit=64)
        seeds = [rng.getrandbits(32) for _ in range(hands)]
        dealt = (
            [] if deal_timed else [new_game(rules, players=2, seed=s) for s in seeds]
        )
        started = _clock()
        for hand, seed in enumerate(seeds):
            state = new_game(rules, players=2, seed=seed) if deal_timed else dealt[hand]
            while state.outcome is None:
                options = legal_actions(state)
                if patient and options[0].__class__ in _ENDERS:  # else none to leave
                    options = patient_choices(options)
                state = apply(state, choice(options))
                decisions += 1
        return _clock() - started, decisions

    return run


class _Step:
    """A stand-in state for :func:`harness_alone`: no outcome until the last."""

    __slots__ = ("after", "outcome")

    def __init__(self, after: _Step | None) -> None:
        self.after = after
        self.outcome = None if after is not None else "over"


def harness_alone() -> Run:
    """Workload (c)'s loop with a stand-in engine that does no work (row 3).

    ``legal_actions`` returns three actions, ``apply`` the next state of a
    chain of five (a hand of (c) lasts about five decisions): what remains is
    the harness's own cost, a random choice and two calls a decision. What a
    target ratio leaves the engine is the time it allows a decision less this.
    """
    options = (Drop(), tonk.DrawStock(), tonk.DrawDiscard())

    def legal_actions(state: _Step) -> tuple[tonk.Action, ...]:
        return options

    def apply(state: _Step, action: tonk.Action) -> _Step:
        assert state.after is not None
        return state.after

    def run(hands: int, rng: random.Random) -> tuple[float, int]:
        choice = rng.choice
        decisions = 0
        dealt = []
        for _ in range(hands):
            state = _Step(None)
            for _ in range(5):
                state = _Step(state)
            dealt.append(state)
        started = _clock()
        for state in dealt:
            while state.outcome is None:
                options = legal_actions(state)
                state = apply(state, choice(options))
                decisions += 1
        return _clock() - started, decisions

    return run


def race(
    first: Run, second: Run, *, rounds: int, hands: tuple[int, int], seed: int
) -> tuple[tuple[float, int], tuple[float, int]]:
    """Play ``rounds`` batches with each contender in turn, of ``hands`` hands each.

    Returns each one's total time and actions. Batches, rather than single
    hands, keep each contender's caches warm, as in real use: a gin rummy
    state alone touches megabytes (``new_initial_state`` costs about 3 ms), and
    a short tonk hand run right after one is twice as slow. A contender with
    short hands plays more of them, so that both are timed for about as long
    and a busy machine's pauses weigh alike.
    """
    rng = random.Random(seed)
    totals = [[0.0, 0], [0.0, 0]]
    for _ in range(rounds):
        for total, contender, count in zip(totals, (first, second), hands, strict=True):
            elapsed, actions = contender(count, rng)
            total[0] += elapsed
            total[1] += actions
    return (totals[0][0], int(totals[0][1])), (totals[1][0], int(totals[1][1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run, for CI")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rounds, hands = (2, 20) if args.quick else (20, 100)  # gin's hands a round
    gin = pyspiel.load_game("gin_rummy")
    python_tonk = pyspiel.load_game("python_tonk(preset=pagat,players=2)")
    print(f"{rounds} rounds, taking turns; gin_rummy plays {hands} hands a round")

    tonk_hands = 5 * hands  # a random tonk hand is about 17 actions, gin's 158
    (tonk_time, tonk_actions), (gin_time, gin_actions) = race(
        openspiel_simulation(python_tonk),
        openspiel_simulation(gin),
        rounds=rounds,
        hands=(tonk_hands, hands),
        seed=args.seed,
    )
    tonk_us = tonk_time / tonk_actions * 1e6
    gin_us = gin_time / gin_actions * 1e6
    print("1  OpenSpiel random simulation, per action (chance outcomes included)")
    print(
        f"   python_tonk {tonk_us:6.1f} us ({tonk_actions / rounds / tonk_hands:5.1f}"
        f" a hand)   gin_rummy {gin_us:6.1f} us ({gin_actions / rounds / hands:5.1f}"
        f" a hand)   gin/python_tonk time {gin_us / tonk_us:4.2f}x"
    )

    print("2  tonk engine vs gin_rummy, decisions per second")
    workloads = [  # tonk plays 20 times gin's hands when they last 5 decisions
        ("a", "uniform random play, deal included", True, False, 20, 2.5),
        ("b", "drops only when forced, deal included", True, True, 1, 5.0),
        ("c", "per action, deal excluded", False, False, 20, 2.5),
        ("d", "(c) with drops only when forced (long)", False, True, 1, 2.5),
    ]
    ratios = []
    gin_rates = []  # decisions a second
    for label, title, deal_timed, patient, times, _ in workloads:
        tonk_hands = times * hands
        (tonk_time, tonk_actions), (gin_time, gin_actions) = race(
            tonk_decisions(deal_timed=deal_timed, patient=patient),
            gin_decisions(gin, deal_timed=deal_timed),
            rounds=rounds,
            hands=(tonk_hands, hands),
            seed=args.seed,
        )
        tonk_rate = tonk_actions / tonk_time
        gin_rate = gin_actions / gin_time
        print(
            f"   ({label}) {title:38} tonk {tonk_rate:9,.0f}/s"
            f" ({tonk_actions / rounds / tonk_hands:5.1f} a hand)"
            f"  gin {gin_rate:9,.0f}/s"
            f"  ratio {tonk_rate / gin_rate:4.2f}x"
        )
        ratios.append(tonk_rate / gin_rate)
        gin_rates.append(gin_rate)
    (harness_time, harness_actions), (tonk_time, tonk_actions) = race(
        harness_alone(),
        tonk_decisions(deal_timed=False, patient=False),
        rounds=rounds,
        hands=(20 * hands, 20 * hands),
        seed=args.seed,
    )
    harness_us = harness_time / harness_actions * 1e6
    engine_us = tonk_time / tonk_actions * 1e6 - harness_us
    target_c = workloads[2][-1]
    allowed_us = 1e6 / (gin_rates[2] * target_c) - harness_us
    print("3  (c) per decision: the harness alone, and the engine's share")
    print(
        f"   harness {harness_us:5.2f} us   tonk's engine {engine_us:5.2f} us"
        f"   what {target_c}x gin_rummy leaves the engine {allowed_us:5.2f} us"
    )
    print("issue 14 and 42 targets, tonk's decisions/s over gin_rummy's")
    if args.quick:
        print(QUICK)
    for (label, title, *_, target), ratio in zip(workloads, ratios, strict=True):
        print_target(f"({label}) {title}", ratio, at_least=target)


if __name__ == "__main__":
    main()
