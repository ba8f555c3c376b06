"""tonk.simulate and tonk.simulate_sessions: random play in bulk."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from typing import Any

import pytest

import tonk
from tonk.presets import PAGAT


def test_simulate_tallies_every_hand() -> None:
    rules = tonk.presets.get("chicago")
    result = tonk.simulate(rules, players=4, hands=77, seed=3)
    assert result.players == 4
    assert result.hands == 77
    assert result.seed == 3
    assert sum(count for _, count in result.outcomes) == 77
    counts = [count for _, count in result.outcomes]
    assert counts == sorted(counts, reverse=True)
    assert sum(result.total_payoffs) == 0
    assert result.mean_payoffs == tuple(Fraction(t) / 77 for t in result.total_payoffs)
    assert result.actions >= 77
    assert result.mean_actions == result.actions / 77


def test_simulate_depends_on_the_seed_alone() -> None:
    one = tonk.simulate(PAGAT, players=3, hands=90, seed=5)
    assert tonk.simulate(PAGAT, players=3, hands=90, seed=5) == one
    assert tonk.simulate(PAGAT, players=3, hands=90, seed=6) != one


def test_simulate_plays_a_prefix_of_a_longer_run() -> None:
    # Block b's hands depend on the seed and b only: the first 40 hands of a run
    # of 41 are those of a run of 40.
    short = tonk.simulate(PAGAT, players=2, hands=40, seed=2)
    longer = tonk.simulate(PAGAT, players=2, hands=41, seed=2)
    fewer, more = dict(short.outcomes), dict(longer.outcomes)
    assert sum(more[kind] - fewer.get(kind, 0) for kind in more) == 1
    assert all(more[kind] >= count for kind, count in fewer.items())
    assert longer.actions > short.actions


def test_simulate_is_the_same_with_workers_and_an_executor() -> None:
    progress: list[int] = []
    alone = tonk.simulate(PAGAT, players=3, hands=300, seed=8)
    pooled = tonk.simulate(PAGAT, players=3, hands=300, seed=8, workers=2)
    with ThreadPoolExecutor(max_workers=3) as pool:
        threaded = tonk.simulate(
            PAGAT, players=3, hands=300, seed=8, executor=pool, progress=progress.append
        )
    assert alone == pooled == threaded
    assert progress == sorted(progress)
    assert progress[-1] == 300


def test_simulation_result_to_dict_uses_the_python_names() -> None:
    result = tonk.simulate(PAGAT, players=2, hands=30, seed=1)
    document = json.loads(json.dumps(result.to_dict()))
    assert document == {
        "players": 2,
        "hands": 30,
        "seed": 1,
        "outcomes": {kind.value: count for kind, count in result.outcomes},
        "total_payoffs": [str(total) for total in result.total_payoffs],
        "mean_payoffs": [float(mean) for mean in result.mean_payoffs],
        "actions": result.actions,
        "mean_actions": result.mean_actions,
    }


def test_simulate_sessions_plays_independent_sessions() -> None:
    rules = tonk.presets.get("push_ups")
    progress: list[int] = []
    ended = tonk.simulate_sessions(
        rules, players=3, hands=12, seed=4, sessions=5, progress=progress.append
    )
    assert len(ended) == 5
    assert all(session.number == 12 for session in ended)
    assert len({session.ledger for session in ended}) > 1
    assert progress[-1] == 60
    first = tonk.simulate_sessions(rules, players=3, hands=12, seed=4)
    assert first == ended[:1]
    assert (
        tonk.simulate_sessions(
            rules, players=3, hands=12, seed=4, sessions=5, workers=2
        )
        == ended
    )


def test_simulate_sessions_stops_a_session_that_ends() -> None:
    (session,) = tonk.simulate_sessions(
        tonk.presets.get("sheet"), players=4, hands=100_000, seed=4
    )
    assert session.is_over
    assert session.number < 100_000


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"players": 1}, tonk.RulesError, "players must be 2..10"),
        ({"players": 11}, tonk.RulesError, "players must be 2..10"),
        ({"hands": 0}, tonk.RulesError, "hands must be an int 1..1000000000, got 0"),
        (
            {"hands": 2.5},
            tonk.RulesError,
            "hands must be an int 1..1000000000, got 2.5",
        ),
        ({"rules": "pagat"}, TypeError, "rules must be a tonk.Rules, got 'pagat'"),
        ({"hands": 10**5000}, tonk.RulesError, r"hands must be an int 1\.\.1000000000"),
        ({"seed": 10**2000}, tonk.RulesError, "seed"),
        ({"seed": None}, TypeError, "seed must be an int, got None"),
    ],
)
def test_simulate_rejects_bad_arguments(
    arguments: dict[str, Any], error: type[Exception], message: str
) -> None:
    call: dict[str, Any] = {"rules": PAGAT, "players": 2, "hands": 5, "seed": 1}
    call.update(arguments)
    rules = call.pop("rules")
    for run in (tonk.simulate, tonk.simulate_sessions):
        with pytest.raises(error, match=message):
            run(rules, **call)


def test_simulate_sessions_rejects_a_bad_session_count() -> None:
    with pytest.raises(
        tonk.RulesError, match=r"sessions must be an int 1\.\.1000000000, got 0"
    ):
        tonk.simulate_sessions(PAGAT, players=2, hands=5, seed=1, sessions=0)
