"""The differential test's own logic (.ci/differential.py, issue 14).

The script compares two engines in separate processes; these tests drive its
pieces in this process, with the current engine and with deliberately broken
copies of it, and check that every kind of difference is caught and reported.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import attrs
import pytest

import tonk

ROOT = Path(__file__).resolve().parent.parent


def _load_script() -> Any:
    spec = importlib.util.spec_from_file_location(
        "differential", ROOT / ".ci" / "differential.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["differential"] = module  # attrs resolves the module by name
    spec.loader.exec_module(module)
    return module


differential = _load_script()

RULES = tonk.presets.WASHINGTON_STATE
PACK = RULES.pack(players=3)
SIZES = {3: len(PACK)}


def _deal(hand: int, *, patient: bool = False) -> Any:
    return differential.deal_of(1, 0, hand, SIZES, 1.0 if patient else 0.0)


def _engine(**overrides: Any) -> SimpleNamespace:
    """Return the current engine with some of its functions replaced."""
    names = ("new_game", "legal_actions", "apply", "Drop", "ClaimDealTonk")
    return SimpleNamespace(**{name: getattr(tonk, name) for name in names} | overrides)


def _traces(engine: SimpleNamespace, hands: range, *, patient: bool) -> list[Any]:
    return [
        differential.play(engine, RULES, PACK, _deal(hand, patient=patient))
        for hand in hands
    ]


def test_a_deal_is_the_same_however_often_it_is_made() -> None:
    first, again = _deal(5), _deal(5)
    assert first == again
    assert sorted(first.order) == list(range(len(PACK)))
    assert first.choices.random() == again.choices.random()
    assert _deal(5) != _deal(6)


def test_one_engine_twice_gives_the_same_digests() -> None:
    digests = [trace.digest for trace in _traces(_engine(), range(20), patient=True)]
    again = [trace.digest for trace in _traces(_engine(), range(20), patient=True)]
    assert digests == again
    assert differential.first_mismatch(digests, again) is None


def test_patient_hands_run_longer_than_uniform_ones() -> None:
    uniform = _traces(_engine(), range(40), patient=False)
    patient = _traces(_engine(), range(40), patient=True)
    assert sum(len(trace.legal) for trace in patient) > 3 * sum(
        len(trace.legal) for trace in uniform
    )


def _missing_last_option_on_step(step: int) -> SimpleNamespace:
    """An engine whose legal list on one step of a hand lacks its last action."""
    calls = {"count": 0}

    def legal_actions(state: tonk.GameState) -> tuple[tonk.Action, ...]:
        legal = tonk.legal_actions(state)
        calls["count"] += 1
        if calls["count"] == step and len(legal) > 1:
            return legal[:-1]
        return legal

    def new_game(*args: Any, **kwargs: Any) -> tonk.GameState:
        calls["count"] = 0
        return tonk.new_game(*args, **kwargs)

    return _engine(legal_actions=legal_actions, new_game=new_game)


def test_a_legal_list_that_differs_is_caught_and_shown() -> None:
    hands = range(30)
    good = _traces(_engine(), hands, patient=True)
    bad = _traces(_missing_last_option_on_step(3), hands, patient=True)
    index = differential.first_mismatch(
        [trace.digest for trace in good], [trace.digest for trace in bad]
    )
    assert index is not None
    assert differential.first_difference(good[index], bad[index]) == 2
    report = differential.format_report(
        {"preset": "washington_state"},
        [str(card) for card in PACK],
        _deal(index, patient=True),
        good[index],
        bad[index],
    )
    assert f"hand {index}" in report
    assert f"baseline legal actions at step 2: {good[index].legal[2]}" in report
    assert f"current legal actions at step 2: {bad[index].legal[2]}" in report
    deal = _deal(index, patient=True)
    deck = " ".join(str(PACK[position]) for position in deal.order)
    assert f"deck: {deck}" in report


def test_a_different_transfer_is_caught() -> None:
    def apply(state: tonk.GameState, action: tonk.Action) -> tonk.GameState:
        after = tonk.apply(state, action)
        if after.outcome is None or not after.outcome.transfers:
            return after
        first, *rest = after.outcome.transfers
        doubled = attrs.evolve(first, amount=first.amount * 2)
        outcome = attrs.evolve(after.outcome, transfers=(doubled, *rest))
        return attrs.evolve(after, outcome=outcome)

    hands = range(10)
    good = _traces(_engine(), hands, patient=False)
    bad = _traces(_engine(apply=apply), hands, patient=False)
    paying = [index for index, trace in enumerate(good) if "Transfer(" in trace.outcome]
    assert paying
    index = differential.first_mismatch(
        [trace.digest for trace in good], [trace.digest for trace in bad]
    )
    assert index == paying[0]
    step = differential.first_difference(good[index], bad[index])
    assert step == len(good[index].legal)
    report = differential.format_report(
        {}, [str(card) for card in PACK], _deal(index), good[index], bad[index]
    )
    assert f"baseline outcome: {good[index].outcome}" in report
    assert f"current outcome:  {bad[index].outcome}" in report


def test_digest_lists_of_different_lengths_differ() -> None:
    assert differential.first_mismatch(["a", "b"], ["a", "b", "c"]) == 2
    assert differential.first_mismatch(["a", "b"], ["a", "x"]) == 1
    assert differential.first_mismatch([], []) is None


def test_a_missing_baseline_commit_fails_clearly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    with pytest.raises(SystemExit) as raised:
        differential.require_commit(tmp_path, differential.BASELINE)
    assert raised.value.code == 2
    message = capsys.readouterr().err
    assert differential.BASELINE in message
    assert "full history" in message


def test_the_baseline_commit_is_named_in_full() -> None:
    assert len(differential.BASELINE) == 40
    int(differential.BASELINE, 16)


def test_a_digest_covers_every_legal_list_and_the_outcome() -> None:
    def digest(legal: tuple[str, ...], outcome: str = "Outcome()") -> str:
        trace = differential.Trace(legal=legal, actions=(), outcome=outcome)
        return str(trace.digest)

    base = digest(("(DrawStock(),)", "(Discard(card=Card.parse('QH')),)"))
    assert base == digest(("(DrawStock(),)", "(Discard(card=Card.parse('QH')),)"))
    assert base != digest(("(DrawStock(),)", "(Discard(card=Card.parse('QS')),)"))
    assert base != digest(("(Drop(),)", "(Discard(card=Card.parse('QH')),)"))
    assert base != digest(("(DrawStock(),)",))
    assert base != digest(
        ("(DrawStock(),)", "(Discard(card=Card.parse('QH')),)"), "Outcome(x)"
    )
    assert digest(("ab",)) != digest(("a", "b"))


def test_the_whole_run_fails_on_a_broken_engine_and_shows_the_hand(
    tmp_path: Path,
) -> None:
    """Run the script as CI does, with a current engine that reverses one list."""
    broken = tmp_path / "src"
    subprocess.run(["cp", "-r", str(ROOT / "src"), str(broken)], check=True)
    with (broken / "tonk" / "__init__.py").open("a") as init:
        init.write(
            "\n_legal_actions = legal_actions\n\n\n"
            "def legal_actions(state):  # broken on purpose\n"
            "    legal = _legal_actions(state)\n"
            "    return legal[::-1] if len(state.spreads) == 1 else legal\n"
        )
    options = ["--hands", "60", "--rule-sets", "2", "--patient", "1", "--chunks", "1"]
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / ".ci" / "differential.py"),
            *options,
            *("--baseline-src", str(ROOT / "src"), "--current-src", str(broken)),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "first differing hand: rule set" in done.stdout
    assert "baseline legal actions at step" in done.stdout
    assert "current legal actions at step" in done.stdout
    assert "identical legal actions" not in done.stdout


def test_a_hand_that_ends_early_in_one_engine_is_shown() -> None:
    longer = differential.Trace(legal=("(A,)", "(B,)"), actions=("A", "B"), outcome="X")
    shorter = differential.Trace(legal=("(A,)",), actions=("A",), outcome="Y")
    assert differential.first_difference(longer, shorter) == 1
    assert differential.first_difference(longer, longer) is None
    report = differential.format_report(
        {}, [str(card) for card in PACK], _deal(0), longer, shorter
    )
    assert "actions before step 1 (both engines):\n  0: A\n" in report
    assert "baseline legal actions at step 1: (B,)" in report
    assert "current had ended the hand by step 1: Y" in report
