"""Every script in examples/ runs and does what it says."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

import tonk

EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("*.py"))

SHORT_RUNS = {
    "bot_tournament.py": ["4"],
    "openspiel_ismcts.py": ["2", "10"],
    "pettingzoo_random.py": ["20"],
    "property_test_house_rule.py": ["10"],
    "train_masked_policy.py": ["--decisions", "2000", "--games", "40"],
    "train_vector.py": ["--steps", "40", "--games", "20"],
}
"""Arguments that shorten a script here; CI (``.ci/run``) runs every script in
full from the installed wheel, and the tests below call their ``main``."""

NEEDS = {
    "openspiel_ismcts.py": "pyspiel",
    "pettingzoo_random.py": "pettingzoo",
    "train_masked_policy.py": "pettingzoo",
    "train_vector.py": "gymnasium",
}
"""The extra module a script needs (``pyspiel`` is the ``openspiel`` extra's);
without it the script's test skips (the ``test`` extra installs them all)."""


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.name)
def test_example_runs_as_a_script(
    path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # As `python PATH ARGS` runs it, in this process (CI runs each one as a
    # process, in full).
    if path.name in NEEDS:
        pytest.importorskip(NEEDS[path.name])
    monkeypatch.setattr(sys, "argv", [str(path), *SHORT_RUNS.get(path.name, [])])
    runpy.run_path(str(path), run_name="__main__")
    assert capsys.readouterr().out


def test_random_hand_ends_with_zero_sum_payoffs() -> None:
    namespace = runpy.run_path(str(EXAMPLES[0].parent / "random_hand.py"))
    for seed in range(20):
        outcome = namespace["main"](seed)
        assert sum(outcome.payoffs) == 0


def test_house_rules_play_an_evening_of_eight_deals() -> None:
    namespace = runpy.run_path(str(EXAMPLES[0].parent / "house_rules.py"))
    rules = namespace["house_rules"]()
    assert rules.hand_size == 7
    assert rules.catch == tonk.Catch.LEPAPE
    session = namespace["main"](3)
    assert session.is_over
    assert session.number == 8
    assert session.last.stakes == 2  # the Big One: the last two deals
    assert sum(balance for _, balance in session.ledger) == 0


def test_bot_tournament_tallies_every_hand() -> None:
    namespace = runpy.run_path(str(EXAMPLES[0].parent / "bot_tournament.py"))
    result = namespace["main"](6)
    assert [record.name for record in result.bots] == [
        "GreedyBot",
        "ISMCTSBot",
        "RandomBot",
    ]
    assert all(record.hands == result.hands for record in result.bots)
    assert sum(record.total_payoff for record in result.bots) == 0


def test_pettingzoo_random_agents_play_zero_sum_hands() -> None:
    pytest.importorskip("pettingzoo")
    namespace = runpy.run_path(str(EXAMPLES[0].parent / "pettingzoo_random.py"))
    totals = namespace["main"](30, "chicago", 3)
    assert set(totals) == {"player_0", "player_1", "player_2"}
    assert sum(totals.values()) == 0


def test_the_masked_policy_learns_to_beat_random_play() -> None:
    pytest.importorskip("pettingzoo")
    namespace = runpy.run_path(str(EXAMPLES[0].parent / "train_masked_policy.py"))
    assert namespace["main"](10_000, 400) > 0.5


def test_protocol_server_plays_a_zero_sum_session_over_the_loopback() -> None:
    import asyncio

    namespace = runpy.run_path(str(EXAMPLES[0].parent / "protocol_server.py"))
    standings = asyncio.run(namespace["main"](2, 2))
    scores = {
        name: int(score)
        for name, score in (pair.split() for pair in standings.split(", "))
    }
    assert set(scores) == {"ann", "bo", "cy"}
    assert sum(scores.values()) == 0
