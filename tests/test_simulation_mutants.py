"""Tests that tell apart the code of ``tonk.simulation`` from its mutants.

Written for mutation testing (docs/maintainers.md, "Mutation testing"): each
test checks, through the public API, a behaviour that a surviving mutant of
:func:`tonk.simulate` or :func:`tonk.simulate_sessions` changed. The totals of
small seeded runs are computed again here by playing the same hands (or
sessions) with the engine's own functions, as the functions' docstrings
describe them: the hands in blocks of 16, each block's generator seeded from
the run's seed and the block's number; session ``n`` seeded from the run's
seed and ``n``. Every run here plays in this process or on an executor that
plays in this thread: no process pool is started.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Executor, Future
from fractions import Fraction
from typing import Any, ParamSpec, TypeVar

import pytest

import tonk
from tonk._parallel import derived_seed
from tonk.presets import PAGAT

_P = ParamSpec("_P")
_T = TypeVar("_T")


def _replayed(rules: tonk.Rules, players: int, hands: int, seed: int) -> dict[str, Any]:
    """Play the hands of ``tonk.simulate``'s run again; return its totals."""
    outcomes: Counter[tonk.OutcomeKind] = Counter()
    payoffs: list[tonk.Stake] = [0] * players
    actions = 0
    for block in range(-(-hands // 16)):
        rng = random.Random(derived_seed("simulate", seed, block))
        for hand in range(block * 16, min(hands, block * 16 + 16)):
            state = tonk.new_game(
                rules, players=players, seed=rng.getrandbits(64), dealer=hand % players
            )
            while state.outcome is None:
                state = tonk.apply(state, rng.choice(tonk.legal_actions(state)))
                actions += 1
            outcomes[state.outcome.kind] += 1
            for seat, payoff in enumerate(state.outcome.payoffs):
                payoffs[seat] += payoff
    return {"outcomes": outcomes, "payoffs": tuple(payoffs), "actions": actions}


def _replayed_session(
    rules: tonk.Rules, players: int, hands: int, seed: int, number: int
) -> tonk.Session:
    """Play session ``number`` of ``tonk.simulate_sessions``'s run again."""
    session_seed = derived_seed("session", seed, number)
    rng = random.Random(session_seed)
    session = tonk.new_session(rules, players=players, seed=session_seed)
    while not session.is_over and not (
        session.number == hands and session.phase is tonk.SessionPhase.BEFORE_DEAL
    ):
        choices = [
            action
            for action in tonk.session_actions(session)
            if not isinstance(action, tonk.CallBigOne)
        ]
        session = tonk.apply_session(session, rng.choice(choices))
    return session


class _NotPlayedError(Exception):
    """What a chunk that the recording executor does not play raises."""


class _RecordingExecutor(Executor):
    """Play each submitted chunk at once in this thread (or not), noting its blocks."""

    def __init__(self, *, play: bool) -> None:
        self.play = play
        self.chunks: list[tuple[object, ...]] = []

    def submit(
        self, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs
    ) -> Future[_T]:
        self.chunks.append(args)
        future: Future[_T] = Future()
        if self.play:
            future.set_result(fn(*args, **kwargs))
        else:
            future.set_exception(_NotPlayedError())
        return future


# simulate: the totals of a seeded run


@pytest.mark.parametrize(
    ("preset", "players", "hands", "seed"),
    [("pagat", 3, 40, 7), ("chicago", 4, 35, -2), ("pagat", 2, 16, 0)],
)
def test_simulate_totals_are_those_of_the_seeded_hands_played_again(
    preset: str, players: int, hands: int, seed: int
) -> None:
    rules = tonk.presets.get(preset)
    result = tonk.simulate(rules, players=players, hands=hands, seed=seed)
    expected = _replayed(rules, players, hands, seed)
    assert result == tonk.SimulationResult(
        players=players,
        hands=hands,
        seed=seed,
        outcomes=tuple(
            sorted(
                expected["outcomes"].items(),
                key=lambda item: (-item[1], item[0].value),
            )
        ),
        total_payoffs=expected["payoffs"],
        actions=expected["actions"],
    )
    assert result.mean_payoffs == tuple(
        Fraction(total, hands) for total in expected["payoffs"]
    )
    assert result.mean_actions == expected["actions"] / hands


def test_simulate_plays_its_chunks_on_the_executor_given() -> None:
    executor = _RecordingExecutor(play=True)
    progress: list[int] = []
    result = tonk.simulate(
        PAGAT, players=2, hands=40, seed=3, executor=executor, progress=progress.append
    )
    assert executor.chunks == [(0, 1), (1, 2), (2, 3)]
    assert result == tonk.simulate(PAGAT, players=2, hands=40, seed=3)
    # The chunks arrive in any order: 16, 16 and 8 hands.
    steps = [done - before for before, done in itertools.pairwise([0, *progress])]
    assert sorted(steps) == [8, 16, 16]


def test_simulate_sends_a_big_run_in_chunks_of_2000_hands() -> None:
    # 8,064 blocks of 16 hands: more than 64 chunks of 125 blocks (2,000 hands).
    executor = _RecordingExecutor(play=False)
    with pytest.raises(_NotPlayedError):
        tonk.simulate(PAGAT, players=2, hands=8064 * 16, seed=1, executor=executor)
    assert executor.chunks == [
        (first, min(8064, first + 125)) for first in range(0, 8064, 125)
    ]


# simulate_sessions: the sessions of a seeded run


def test_simulate_sessions_are_the_seeded_sessions_played_again() -> None:
    rules = tonk.presets.get("push_ups")
    ended = tonk.simulate_sessions(rules, players=3, hands=6, seed=4, sessions=3)
    assert ended == tuple(
        _replayed_session(rules, 3, 6, 4, number) for number in range(3)
    )


def test_simulate_sessions_finish_their_last_hand() -> None:
    ended = tonk.simulate_sessions(PAGAT, players=2, hands=3, seed=9, sessions=4)
    for session in ended:
        assert session.number == 3
        assert session.phase is tonk.SessionPhase.BEFORE_DEAL


def test_simulate_sessions_plays_on_the_executor_given_without_workers() -> None:
    executor = _RecordingExecutor(play=True)
    progress: list[int] = []
    ended = tonk.simulate_sessions(
        PAGAT,
        players=2,
        hands=2,
        seed=5,
        sessions=3,
        executor=executor,
        progress=progress.append,
    )
    assert executor.chunks == [(0, 1), (1, 2), (2, 3)]
    assert ended == tonk.simulate_sessions(
        PAGAT, players=2, hands=2, seed=5, sessions=3
    )
    assert progress == [2, 4, 6]


@pytest.mark.parametrize(
    ("hands", "sessions", "size"),
    [(100, 64 * 21, 20), (2000, 128, 1), (4000, 128, 1), (1000, 128, 2)],
)
def test_simulate_sessions_sends_as_many_sessions_a_chunk_as_make_2000_hands(
    hands: int, sessions: int, size: int
) -> None:
    executor = _RecordingExecutor(play=False)
    with pytest.raises(_NotPlayedError):
        tonk.simulate_sessions(
            PAGAT,
            players=2,
            hands=hands,
            seed=1,
            sessions=sessions,
            executor=executor,
        )
    assert executor.chunks == [
        (first, min(sessions, first + size)) for first in range(0, sessions, size)
    ]


# Bad arguments: the exact error, for both functions


_RUNS = [
    pytest.param(tonk.simulate, id="simulate"),
    pytest.param(tonk.simulate_sessions, id="simulate_sessions"),
]


@pytest.mark.parametrize("run", _RUNS)
@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        (
            {"players": 11},
            tonk.RulesError,
            "players must be 2..10 for these rules, got 11",
        ),
        (
            {"players": 10**60},
            tonk.RulesError,
            "players must be 2..10 for these rules, got <int of 61 digits>",
        ),
        ({"seed": None}, TypeError, "seed must be an int, got None"),
        ({"seed": "1"}, TypeError, "seed must be an int, got '1'"),
        ({"seed": True}, TypeError, "seed must be an int, got True"),
        (
            {"seed": -(10**1000)},
            tonk.RulesError,
            "a seed must have at most 1000 digits, got <negative int of 1001 digits>",
        ),
        # The largest counts pass their own check: the next one refuses the run.
        (
            {"hands": 10**9, "workers": 0},
            tonk.RulesError,
            "workers must be an int 1..256, got 0",
        ),
        (
            {"hands": 10**9 + 1},
            tonk.RulesError,
            "hands must be an int 1..1000000000, got 1000000001",
        ),
        (
            {"workers": 2, "executor": _RecordingExecutor(play=True)},
            tonk.RulesError,
            "give workers or an executor, not both (got workers=2)",
        ),
        (
            {"executor": "pool"},
            TypeError,
            "executor must be a concurrent.futures.Executor, got str",
        ),
    ],
)
def test_a_bad_run_is_refused_with_its_exact_error(
    run: Callable[..., object],
    arguments: dict[str, Any],
    error: type[Exception],
    message: str,
) -> None:
    call: dict[str, Any] = {"players": 2, "hands": 5, "seed": 1}
    call.update(arguments)
    with pytest.raises(error) as raised:
        run(PAGAT, **call)
    assert type(raised.value) is error
    assert str(raised.value) == message


@pytest.mark.parametrize(
    ("sessions", "message"),
    [
        (10**9, "workers must be an int 1..256, got 0"),
        (10**9 + 1, "sessions must be an int 1..1000000000, got 1000000001"),
        (10**60, "sessions must be an int 1..1000000000, got <int of 61 digits>"),
    ],
)
def test_a_bad_session_count_is_refused_with_its_exact_error(
    sessions: int, message: str
) -> None:
    with pytest.raises(tonk.RulesError) as raised:
        tonk.simulate_sessions(
            PAGAT, players=2, hands=5, seed=1, sessions=sessions, workers=0
        )
    assert str(raised.value) == message


def test_the_rules_most_players_may_play() -> None:
    result = tonk.simulate(PAGAT, players=PAGAT.max_players, hands=1, seed=2)
    assert result.players == 10
    assert len(result.total_payoffs) == 10
    (session,) = tonk.simulate_sessions(
        PAGAT, players=PAGAT.max_players, hands=1, seed=2
    )
    assert len(session.ledger) == 10
