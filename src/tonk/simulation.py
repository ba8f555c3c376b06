"""Random play in bulk: many hands, or many sessions, on any executor.

:func:`simulate` plays hands in which every player picks uniformly among its
legal actions, as ``tonk simulate`` does, and :func:`simulate_sessions` plays
whole sessions of such hands. Both take the seed of the run and derive the
randomness of each block of 16 hands (or each session) from it and the
block's (or session's) number alone, so they may be played in this process,
in a pool of processes, or on a Dask cluster (``executor=``), with the same
result bit for bit (:doc:`/big-tournaments`).

Examples:
    >>> import tonk
    >>> result = tonk.simulate(tonk.presets.PAGAT, players=3, hands=200, seed=1)
    >>> sum(count for _, count in result.outcomes)
    200
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Executor
from fractions import Fraction

import attrs

from tonk._parallel import (
    MOST_HANDS,
    check_executor,
    chunk_size,
    derived_seed,
    run_chunks,
)
from tonk._validate import brief, check_seed, is_int, wrong_type
from tonk.engine import apply, legal_actions, new_game
from tonk.errors import RulesError
from tonk.rules import Rules
from tonk.session import (
    CallBigOne,
    Session,
    SessionPhase,
    apply_session,
    new_session,
    session_actions,
)
from tonk.state import OutcomeKind, Stake

__all__ = ["SimulationResult", "simulate", "simulate_sessions"]

# The hands of a block: they share one random generator (see _play_hands).
_BLOCK = 16
# The hands in one chunk at most. A chunk costs about 5 ms of CPU time on a
# Dask LocalCluster beyond its work, and 2,000 random hands (pagat, 2 players)
# about 120 ms: 3.9% (5% from about 1,550 hands). Measured by
# benchmarks/bench_scale.py; see docs/big-tournaments.md.
_CHUNK_HANDS = 2000


@attrs.frozen(kw_only=True)
class SimulationResult:
    """The statistics of a :func:`simulate` run.

    Attributes:
        players: The number of seats.
        hands: The hands played.
        seed: The run's seed.
        outcomes: How the hands ended, most frequent first.
        total_payoffs: Each seat's payoffs summed, in base stakes (exact).
        actions: The actions taken in all the hands.

    .. versionadded:: 0.2.0

    Examples:
        >>> import tonk
        >>> result = tonk.simulate(tonk.presets.PAGAT, players=2, hands=50, seed=4)
        >>> result.hands, sum(result.total_payoffs)
        (50, 0)
    """

    players: int
    hands: int
    seed: int
    outcomes: tuple[tuple[OutcomeKind, int], ...]
    total_payoffs: tuple[Stake, ...]
    actions: int

    @property
    def mean_payoffs(self) -> tuple[Fraction, ...]:
        """Each seat's mean payoff per hand, in base stakes (exact)."""
        return tuple(Fraction(total) / self.hands for total in self.total_payoffs)

    @property
    def mean_actions(self) -> float:
        """The mean number of actions per hand."""
        return self.actions / self.hands

    def to_dict(self) -> dict[str, object]:
        """Return the statistics as JSON-safe values (exact totals as strings).

        This is the body of the result's JSON document: :func:`tonk.to_dict`
        and :func:`tonk.to_json` add its ``format`` and ``version``, and
        :func:`tonk.from_dict` reads it back, checking every derived figure.

        Examples:
            >>> import json, tonk
            >>> result = tonk.simulate(tonk.presets.PAGAT, players=2, hands=5, seed=1)
            >>> document = json.loads(json.dumps(result.to_dict()))
            >>> document["hands"], document["total_payoffs"]
            (5, ['2', '-2'])
        """
        return {
            "players": self.players,
            "hands": self.hands,
            "seed": self.seed,
            "outcomes": {kind.value: count for kind, count in self.outcomes},
            "total_payoffs": [str(total) for total in self.total_payoffs],
            "mean_payoffs": [float(mean) for mean in self.mean_payoffs],
            "actions": self.actions,
            "mean_actions": self.mean_actions,
        }


@attrs.define
class _Totals:
    """Mergeable running totals of a simulation."""

    outcomes: Counter[OutcomeKind]
    payoffs: list[Stake]
    actions: int = 0

    def merge(self, other: _Totals) -> None:
        self.outcomes.update(other.outcomes)
        for seat, payoff in enumerate(other.payoffs):
            self.payoffs[seat] += payoff
        self.actions += other.actions


def _play_hands(
    rules: Rules, players: int, seed: int, hands: int, first: int, stop: int
) -> _Totals:
    """Play the random hands of blocks ``first`` to ``stop - 1`` (a pure chunk).

    Block ``b`` holds hands ``b * _BLOCK`` onwards (up to ``hands``); one
    :class:`random.Random` seeded from ``seed`` and ``b`` deals them and makes
    their choices, in order. (Seeding a generator costs as much as a sixth of
    a random hand, so it is done once a block rather than once a hand.)
    """
    totals = _Totals(Counter(), [0] * players)
    for block in range(first, stop):
        rng = random.Random(derived_seed("simulate", seed, block))
        for hand in range(block * _BLOCK, min(hands, (block + 1) * _BLOCK)):
            state = new_game(
                rules, players=players, seed=rng.getrandbits(64), dealer=hand % players
            )
            while state.outcome is None:
                state = apply(state, rng.choice(legal_actions(state)))
                totals.actions += 1
            totals.outcomes[state.outcome.kind] += 1
            for seat, payoff in enumerate(state.outcome.payoffs):
                totals.payoffs[seat] += payoff
    return totals


def _check_run(rules: Rules, players: int, count: int, what: str, seed: int) -> None:
    if not isinstance(rules, Rules):
        raise wrong_type("rules", Rules, rules)
    if not is_int(players) or not 2 <= players <= rules.max_players:
        raise RulesError(
            f"players must be 2..{rules.max_players} for these rules,"
            f" got {brief(players)}"
        )
    _check_count(count, what)
    if not is_int(seed):
        raise TypeError(f"seed must be an int, got {brief(seed)}")
    check_seed(seed, RulesError)


def _check_count(count: int, what: str) -> None:
    if not is_int(count) or not 1 <= count <= MOST_HANDS:
        raise RulesError(f"{what} must be an int 1..{MOST_HANDS}, got {brief(count)}")


def simulate(
    rules: Rules,
    *,
    players: int,
    hands: int,
    seed: int,
    workers: int = 1,
    executor: Executor | None = None,
    progress: Callable[[int], None] | None = None,
) -> SimulationResult:
    """Play ``hands`` random hands and return their statistics.

    In every hand each player picks uniformly at random among its legal
    actions; the deal passes to the left after every hand. The hands are
    played in blocks of 16, and the cards and choices of a block's hands come
    from ``seed`` and the block's number alone; the blocks are tallied in
    order, so the result is the same, bit for bit, in one process, with
    any ``workers`` and on any ``executor``.

    Args:
        rules: The rules of every hand.
        players: The number of seats.
        hands: How many hands to play.
        seed: The seed of the whole run.
        workers: How many processes play hands (a local
            :class:`concurrent.futures.ProcessPoolExecutor`); 1 plays them in
            this process.
        executor: Where to play the hands instead: any
            :class:`concurrent.futures.Executor`, such as a Dask cluster's
            ``Client.get_executor()``. Give ``workers`` or ``executor``, not
            both.
        progress: Called with the number of hands finished so far, as they
            finish.

    Returns:
        How the hands ended, each seat's total payoff and the actions taken.

    Raises:
        RulesError: If the rules do not allow ``players`` players, ``hands``
            is not 1..10**9, ``workers`` is not 1..256, both ``workers`` and
            ``executor`` are given, or ``seed`` has more than 1,000 digits.
        TypeError: If ``rules`` is not a :class:`~tonk.Rules` or ``executor``
            not an executor.

    .. versionadded:: 0.2.0

    Examples:
        >>> import tonk
        >>> result = tonk.simulate(tonk.presets.PAGAT, players=3, hands=100, seed=1)
        >>> [(kind.value, count) for kind, count in result.outcomes]
        [('caught', 76), ('drop_won', 24)]
        >>> tonk.simulate(tonk.presets.PAGAT, players=1, hands=100, seed=1)
        Traceback (most recent call last):
        ...
        tonk.errors.RulesError: players must be 2..10 for these rules, got 1
    """
    _check_run(rules, players, hands, "hands", seed)
    check_executor(executor, workers)
    totals = _Totals(Counter(), [0] * players)
    done = 0

    def finished(first: int, stop: int, chunk: _Totals) -> None:
        nonlocal done
        done += min(hands, stop * _BLOCK) - first * _BLOCK
        if progress is not None:
            progress(done)

    blocks = -(-hands // _BLOCK)
    chunks = run_chunks(
        functools.partial(_play_hands, rules, players, seed, hands),
        blocks,
        chunk_size(blocks, _CHUNK_HANDS // _BLOCK),
        executor=executor,
        workers=workers,
        finished=finished,
    )
    for chunk in chunks:
        totals.merge(chunk)
    return SimulationResult(
        players=players,
        hands=hands,
        seed=seed,
        outcomes=tuple(
            sorted(totals.outcomes.items(), key=lambda item: (-item[1], item[0].value))
        ),
        total_payoffs=tuple(totals.payoffs),
        actions=totals.actions,
    )


def _play_session(rules: Rules, players: int, hands: int, seed: int) -> Session:
    """Play one session of random hands until it ends or ``hands`` are played."""
    rng = random.Random(seed)
    session = new_session(rules, players=players, seed=seed)
    while not session.is_over and not (
        session.number == hands and session.phase is SessionPhase.BEFORE_DEAL
    ):
        choices = [
            action
            for action in session_actions(session)
            if not isinstance(action, CallBigOne)
        ]
        session = apply_session(session, rng.choice(choices))
    return session


def _play_sessions(
    rules: Rules, players: int, hands: int, seed: int, first: int, stop: int
) -> tuple[Session, ...]:
    """Play sessions ``first`` to ``stop - 1`` of a run (a pure chunk)."""
    return tuple(
        _play_session(rules, players, hands, derived_seed("session", seed, number))
        for number in range(first, stop)
    )


def simulate_sessions(
    rules: Rules,
    *,
    players: int,
    hands: int,
    seed: int,
    sessions: int = 1,
    workers: int = 1,
    executor: Executor | None = None,
    progress: Callable[[int], None] | None = None,
) -> tuple[Session, ...]:
    """Play ``sessions`` sessions of random hands; return where each ended.

    Each session seats ``players`` players (``P1``, ``P2``, ...) and plays
    hands in which every choice, side bets included, is made uniformly at
    random (the Big One is never called), until the session ends (a match is
    won, V44) or ``hands`` hands have been played. Session ``n`` is seeded
    from ``seed`` and ``n`` alone, so the sessions are the same, bit for bit,
    in one process, with any ``workers`` and on any ``executor``.

    Args:
        rules: The rules of every hand and of the sessions' scoring.
        players: The number of seats.
        hands: The most hands a session plays.
        seed: The seed of the whole run.
        sessions: How many sessions to play.
        workers: How many processes play sessions (a local process pool); 1
            plays them in this process.
        executor: Where to play the sessions instead: any
            :class:`concurrent.futures.Executor`. Give ``workers`` or
            ``executor``, not both.
        progress: Called with the number of hands finished so far, as
            sessions finish.

    Returns:
        Each session's final state (its ledger, standings and last hand), in
        session order.

    Raises:
        RulesError: If the rules do not allow ``players`` players, ``hands``
            or ``sessions`` is not 1..10**9, ``workers`` is not 1..256, both
            ``workers`` and ``executor`` are given, or ``seed`` has more than
            1,000 digits.
        TypeError: If ``rules`` is not a :class:`~tonk.Rules` or ``executor``
            not an executor.

    .. versionadded:: 0.2.0

    Examples:
        >>> import tonk
        >>> ended = tonk.simulate_sessions(
        ...     tonk.presets.PAGAT, players=3, hands=20, seed=1, sessions=2)
        >>> [session.number for session in ended]
        [20, 20]
        >>> [sum(balance for _, balance in session.ledger) for session in ended]
        [0, 0]
    """
    _check_run(rules, players, hands, "hands", seed)
    _check_count(sessions, "sessions")
    check_executor(executor, workers)
    played: list[Session] = []
    done = 0

    def finished(first: int, stop: int, chunk: tuple[Session, ...]) -> None:
        nonlocal done
        done += sum(session.number for session in chunk)
        if progress is not None:
            progress(done)

    chunks = run_chunks(
        functools.partial(_play_sessions, rules, players, hands, seed),
        sessions,
        chunk_size(sessions, max(1, _CHUNK_HANDS // hands)),
        executor=executor,
        workers=workers,
        finished=finished,
    )
    for chunk in chunks:
        played.extend(chunk)
    return tuple(played)
