"""Differential test: this checkout's engine against the engine before issue 14.

Run ``python .ci/differential.py`` from a clone with full history (CI runs it
after the tests). It takes the engine of the commit :data:`BASELINE` from the
repository's own history (``git archive``, no network) into a temporary
directory and plays the same random hands with both engines, each in its own
processes (two packages named ``tonk`` cannot share one interpreter: the old
one runs with ``PYTHONPATH=<extracted>/src``, the new one with this
checkout's ``src``). It exits 0 when, on every hand, both engines gave
identical legal-action lists at every step and identical outcomes (kind,
payoffs, winners, transfers, counts, dropper); otherwise it prints the first
differing hand in full and exits 1. A missing baseline commit exits 2.

The steps:

1. generate: the baseline draws rule sets from *its own*
   ``tonk.testing.strategies.rules()`` (so only options it knows; the new
   engine may add more), seeded, leaves out those whose play has changed by
   design since (:func:`_changed_by_design`), and writes them
   (``tonk.serialization`` JSON) with the baseline's pack for every player
   count they seat;
2. play: every hand is set up by this script alone, the same in both
   engines: a player count and dealer, a deck (that pack shuffled by
   ``random.Random``, passed to ``new_game(..., deck=...)``, since seeded
   deals may change) and a seeded choice among the legal actions at every
   step, uniform in most hands and, in a share of them, among the actions
   other than ``Drop`` and ``ClaimDealTonk`` when there are any (patient
   hands, which run long). A hand's digest hashes the ``repr`` of every
   legal-action list and of the outcome. Chunks of rule sets run two
   processes at a time (``--jobs``);
3. compare: the digests, hand by hand; for the first hand that differs, both
   engines replay it with a trace, and the report shows the rules, the deal,
   the actions and, at the first step where they part, both legal lists (or
   both outcomes).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import io
import itertools
import json
import os
import random
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import attrs

BASELINE = "430e2e2223c0520f8f1b99228731d4c1ad8cb14f"
"""``main`` before issue 14's engine work (the merge of the fuzz branch)."""

ROOT = Path(__file__).resolve().parent.parent
"""The checkout this script belongs to."""

MAX_STEPS = 20_000
"""More actions than any hand can take: a longer hand is an engine bug."""


@attrs.frozen(kw_only=True)
class Deal:
    """One hand to play: everything both engines are given.

    Attributes:
        rule_set: The index of the rule set in the case file.
        hand: The hand's number within its rule set.
        players: How many players sit at the table.
        dealer: The dealer's seat.
        order: The deck, as positions in the pack for ``players``, top first.
        patient: Whether players drop or claim only when nothing else is legal.
        choices: The seeded generator of the choices, positioned after the deal.
    """

    rule_set: int
    hand: int
    players: int
    dealer: int
    order: tuple[int, ...]
    patient: bool
    choices: random.Random = attrs.field(eq=False, repr=False)


def deal_of(
    seed: int, rule_set: int, hand: int, sizes: dict[int, int], patient_share: float
) -> Deal:
    """Set up hand ``hand`` of rule set ``rule_set``, the same in any process.

    Args:
        seed: The run's seed.
        rule_set: The rule set's index.
        hand: The hand's number within its rule set.
        sizes: The size of the rule set's pack for each player count it seats.
        patient_share: The share of hands played patiently.

    Returns:
        The deal, with its choice generator ready for the first action.
    """
    rng = random.Random(f"{seed}/{rule_set}/{hand}")  # a str seed: sha512, stable
    players = rng.choice(sorted(sizes))
    dealer = rng.randrange(players)
    order = list(range(sizes[players]))
    rng.shuffle(order)
    patient = rng.random() < patient_share
    return Deal(
        rule_set=rule_set,
        hand=hand,
        players=players,
        dealer=dealer,
        order=tuple(order),
        patient=patient,
        choices=rng,
    )


@attrs.frozen(kw_only=True)
class Trace:
    """What one engine did with one deal: the legal lists, the choices, the end.

    Attributes:
        legal: The ``repr`` of the legal-action list at every step.
        actions: The ``repr`` of the action chosen at every step.
        outcome: The ``repr`` of the final outcome.
    """

    legal: tuple[str, ...]
    actions: tuple[str, ...]
    outcome: str

    @property
    def digest(self) -> str:
        """The compact form compared between engines."""
        return digest_of(self.legal, self.outcome)


def digest_of(legal: Sequence[str], outcome: str) -> str:
    """Hash the legal lists of a hand and its outcome into 16 hex digits."""
    hasher = hashlib.blake2b(digest_size=8)
    for text in legal:
        hasher.update(text.encode())
        hasher.update(b"\n")
    hasher.update(outcome.encode())
    return hasher.hexdigest()


def play(
    engine: Any, rules: Any, pack: Sequence[Any], deal: Deal, *, trace: bool = False
) -> Trace:
    """Play ``deal`` under ``rules`` with ``engine`` (a ``tonk`` module).

    Args:
        engine: The engine: anything with ``new_game``, ``legal_actions``,
            ``apply``, ``Drop`` and ``ClaimDealTonk`` as ``tonk`` has them.
        rules: The engine's ``Rules``.
        pack: The engine's cards of the pack that ``deal.order`` orders.
        deal: The deal; its choice generator is used up.
        trace: Keep the chosen actions too (they follow from the legal lists).

    Returns:
        The trace of the hand.

    Raises:
        AssertionError: If the hand lasts more than :data:`MAX_STEPS` actions.
    """
    legal_actions, apply = engine.legal_actions, engine.apply
    enders = (engine.Drop, engine.ClaimDealTonk)
    randrange = deal.choices.randrange
    state = engine.new_game(
        rules,
        players=deal.players,
        deck=[pack[position] for position in deal.order],
        dealer=deal.dealer,
    )
    legal_texts: list[str] = []
    actions: list[str] = []
    while state.outcome is None:
        legal = legal_actions(state)
        legal_texts.append(repr(legal))
        options = legal
        if deal.patient:
            options = tuple(a for a in legal if not isinstance(a, enders)) or legal
        action = options[randrange(len(options))]
        if trace:
            actions.append(repr(action))
        state = apply(state, action)
        assert len(legal_texts) <= MAX_STEPS, f"hand over {MAX_STEPS} actions"
    return Trace(
        legal=tuple(legal_texts), actions=tuple(actions), outcome=repr(state.outcome)
    )


def first_mismatch(baseline: Sequence[str], current: Sequence[str]) -> int | None:
    """Return the index of the first digest that differs, or ``None``.

    Lists of different lengths differ at the shorter one's end.
    """
    for index, (old, new) in enumerate(zip(baseline, current, strict=False)):
        if old != new:
            return index
    if len(baseline) != len(current):
        return min(len(baseline), len(current))
    return None


def first_difference(baseline: Trace, current: Trace) -> int | None:
    """Return the first step whose legal lists differ (the outcome's is the last).

    ``None`` means the traces agree. The step after the last one stands for
    the outcome (a hand that ended in one engine but not the other also
    differs there).
    """
    for step, (old, new) in enumerate(zip(baseline.legal, current.legal, strict=False)):
        if old != new:
            return step
    if len(baseline.legal) != len(current.legal) or baseline.outcome != current.outcome:
        return min(len(baseline.legal), len(current.legal))
    return None


def format_report(
    rules: dict[str, Any],
    pack: Sequence[str],
    deal: Deal,
    baseline: Trace,
    current: Trace,
) -> str:
    """Describe the first differing hand in full, for a person to replay it.

    Args:
        rules: The rules as ``tonk.serialization`` JSON.
        pack: The pack's cards in notation, which ``deal.order`` orders.
        deal: The hand's deal.
        baseline: The baseline engine's trace of the hand.
        current: The current engine's trace of the hand.
    """
    step = first_difference(baseline, current)
    lines = [
        f"first differing hand: rule set {deal.rule_set}, hand {deal.hand}",
        f"rules: {json.dumps(rules, sort_keys=True)}",
        f"players: {deal.players}, dealer: {deal.dealer},"
        f" {'patient' if deal.patient else 'uniform'} play",
        f"deck: {' '.join(pack[position] for position in deal.order)}",
    ]
    if step is None:
        lines.append(
            "the replayed traces agree (the digests differed: a flaky engine?)"
        )
        return "\n".join(lines)
    lines.append(f"actions before step {step} (both engines):")
    lines.extend(
        f"  {number}: {text}" for number, text in enumerate(baseline.actions[:step])
    )
    for name, trace in (("baseline", baseline), ("current", current)):
        if step < len(trace.legal):
            lines.append(f"{name} legal actions at step {step}: {trace.legal[step]}")
        else:
            lines.append(f"{name} had ended the hand by step {step}: {trace.outcome}")
    if step == len(baseline.legal) == len(current.legal):
        lines[-2:] = [
            f"baseline outcome: {baseline.outcome}",
            f"current outcome:  {current.outcome}",
        ]
    return "\n".join(lines)


# The worker side: these run in the interpreter of one engine.


def _loaded_cases(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def _engine(expected_src: str) -> Any:
    """Import ``tonk`` and check that it comes from ``expected_src``."""
    import tonk
    import tonk.serialization

    where = Path(tonk.__file__).resolve()
    if not where.is_relative_to(Path(expected_src).resolve()):
        raise SystemExit(f"tonk imported from {where}, expected under {expected_src}")
    return tonk


def _hands(
    engine: Any, cases: dict[str, Any], first: int, last: int
) -> Iterator[tuple[Any, Sequence[Any], Deal]]:
    """Yield the rules, pack and deal of each hand of rule sets ``first:last``."""
    from_dict = engine.serialization.from_dict
    for index in range(first, last):
        entry = cases["rule_sets"][index]
        rules = from_dict(entry["rules"], engine.Rules)
        packs = {
            int(key): engine.parse_cards(text) for key, text in entry["packs"].items()
        }
        sizes = {players: len(pack) for players, pack in packs.items()}
        for hand in range(cases["hands_per_rule_set"]):
            deal = deal_of(cases["seed"], index, hand, sizes, cases["patient_share"])
            yield rules, packs[deal.players], deal


def _changed_by_design(rules: Any) -> bool:
    """Return whether ``rules`` play differently now by design, so are not compared.

    Under slap-in with wild cards (V26 with V4/V5), a discarded wild is
    slapped as what it stands for since 6 December 2026, where the baseline
    slapped it only as itself (docs/rules/slap-in.md).
    """
    return bool(rules.slap_in) and rules.wilds.value != "none"


def generate_command(args: argparse.Namespace) -> None:
    """Draw rule sets from the baseline's strategies and write the case file."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as seeded

    engine = _engine(args.expect_src)
    strategies = importlib.import_module("tonk.testing.strategies")
    drawn: list[Any] = []

    @seeded(args.seed)
    @settings(
        max_examples=args.count,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(strategies.rules())
    def collect(rules: Any) -> None:
        drawn.append(rules)

    collect()
    unique = [rules for rules in dict.fromkeys(drawn) if not _changed_by_design(rules)]
    unique = unique[: args.count]
    out = [
        {
            "rules": engine.serialization.to_dict(rules),
            "packs": {
                str(players): " ".join(map(str, rules.pack(players=players)))
                for players in range(2, min(6, rules.max_players) + 1)
            },
        }
        for rules in unique
    ]
    Path(args.out).write_text(json.dumps(out))


def play_command(args: argparse.Namespace) -> None:
    """Play a chunk of the case file; write one digest a line, print the counts."""
    engine = _engine(args.expect_src)
    cases = _loaded_cases(Path(args.cases))
    began = time.process_time()
    digests = []
    actions = 0
    for rules, pack, deal in _hands(engine, cases, args.first, args.last):
        trace = play(engine, rules, pack, deal)
        digests.append(trace.digest)
        actions += len(trace.legal)
    seconds = time.process_time() - began
    Path(args.out).write_text("".join(f"{digest}\n" for digest in digests))
    print(json.dumps({"hands": len(digests), "actions": actions, "cpu": seconds}))


def trace_command(args: argparse.Namespace) -> None:
    """Replay one hand with a trace; print it as JSON."""
    engine = _engine(args.expect_src)
    cases = _loaded_cases(Path(args.cases))
    for rules, pack, deal in _hands(engine, cases, args.rule_set, args.rule_set + 1):
        if deal.hand == args.hand:
            trace = play(engine, rules, pack, deal, trace=True)
            print(json.dumps(attrs.asdict(trace)))
            return
    raise SystemExit(f"no hand {args.hand} in rule set {args.rule_set}")


# The driver side: it imports no tonk.


def require_commit(repo: Path, commit: str) -> None:
    """Exit with a clear message unless ``commit`` is in ``repo``'s history.

    Raises:
        SystemExit: With code 2, naming the commit and how to get it.
    """
    found = subprocess.run(
        ["git", "-C", str(repo), "cat-file", "-e", f"{commit}^{{commit}}"],
        capture_output=True,
        check=False,
    )
    if found.returncode != 0:
        print(
            f"differential: the baseline commit {commit} is not in the history of"
            f" {repo}; this test needs a clone with full history"
            " (git fetch --unshallow), it cannot pass without the baseline",
            file=sys.stderr,
        )
        raise SystemExit(2)


def extract_source(repo: Path, commit: str, into: Path) -> Path:
    """Write ``commit``'s ``src`` tree under ``into``; return that ``src``."""
    require_commit(repo, commit)
    archive = subprocess.run(
        ["git", "-C", str(repo), "archive", "--format=tar", commit, "src"],
        capture_output=True,
        check=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        if hasattr(tarfile, "data_filter"):
            tar.extractall(into, filter="data")
        else:  # pragma: no cover - Python before 3.11.4
            tar.extractall(into)  # our own repository's tree
    return into / "src"


def _run(command: list[str], *, src: Path, cwd: Path) -> str:
    """Run a worker of this script with the engine in ``src``; return its stdout."""
    script = str(Path(__file__).resolve())
    done = subprocess.run(
        [sys.executable, script, *command, "--expect-src", str(src)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(src)},
        cwd=cwd,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(
            f"differential: worker {' '.join(command)} (engine {src}) failed:\n"
            f"{done.stdout}{done.stderr}"
        )
    return done.stdout


def _command(name: str, **options: object) -> list[str]:
    """Return the command line of the worker ``name`` with ``options``."""
    words = [name]
    for option, value in options.items():
        words += [f"--{option.replace('_', '-')}", str(value)]
    return words


def _parallel(jobs: int, tasks: Sequence[Callable[[], str]]) -> list[str]:
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(lambda task: task(), tasks))


def _chunks(total: int, count: int) -> list[tuple[int, int]]:
    bounds = [total * part // count for part in range(count + 1)]
    return [(low, high) for low, high in itertools.pairwise(bounds) if low < high]


@attrs.frozen(kw_only=True)
class Run:
    """The two engines, the scratch directory and the run's settings."""

    baseline: Path
    current: Path
    work: Path
    args: argparse.Namespace

    def worker(self, command: list[str], src: Path) -> Callable[[], str]:
        """Return a task that runs the worker ``command`` with the engine ``src``."""
        return lambda: _run(command, src=src, cwd=self.work)

    def generate(self) -> tuple[Path, dict[str, Any]]:
        """Draw the rule sets in the baseline (two processes); write the case file."""
        parts = _chunks(self.args.rule_sets, self.args.jobs)
        paths = [self.work / f"rules-{part}.json" for part in range(len(parts))]
        _parallel(
            self.args.jobs,
            [
                self.worker(
                    _command(
                        "generate",
                        seed=self.args.seed * 100 + part,
                        count=high - low,
                        out=paths[part],
                    ),
                    self.baseline,
                )
                for part, (low, high) in enumerate(parts)
            ],
        )
        rule_sets = [entry for path in paths for entry in json.loads(path.read_text())]
        cases = {
            "seed": self.args.seed,
            "hands_per_rule_set": -(-self.args.hands // len(rule_sets)),
            "patient_share": self.args.patient,
            "rule_sets": rule_sets,
        }
        case_file = self.work / "cases.json"
        case_file.write_text(json.dumps(cases))
        return case_file, cases

    def play(self, case_file: Path, rule_sets: int) -> dict[str, list[str]]:
        """Play every chunk in both engines, ``--jobs`` processes at a time.

        Returns:
            Each engine's digests, hand by hand.
        """
        plays = [
            (name, src, first, last)
            for first, last in _chunks(rule_sets, self.args.chunks)
            for name, src in (("baseline", self.baseline), ("current", self.current))
        ]
        outs = [self.work / f"{name}-{first}.txt" for name, _, first, _ in plays]
        outputs = _parallel(
            self.args.jobs,
            [
                self.worker(
                    _command("play", cases=case_file, first=first, last=last, out=out),
                    src,
                )
                for (name, src, first, last), out in zip(plays, outs, strict=True)
            ],
        )
        digests: dict[str, list[str]] = {"baseline": [], "current": []}
        totals = {name: {"hands": 0, "actions": 0, "cpu": 0.0} for name in digests}
        for (name, *_), out, output in zip(plays, outs, outputs, strict=True):
            digests[name] += out.read_text().split()
            for key, value in json.loads(output).items():
                totals[name][key] += value
        for name, total in totals.items():
            print(
                f"differential: {name:8} {total['hands']:,} hands,"
                f" {total['actions']:,} actions, {total['cpu']:.1f} s CPU"
                f" ({total['cpu'] / max(1, total['actions']) * 1e6:.1f} us an action)"
            )
        return digests

    def report(self, case_file: Path, cases: dict[str, Any], index: int) -> str:
        """Replay hand ``index`` with a trace in both engines; describe it."""
        rule_set, hand = divmod(index, cases["hands_per_rule_set"])
        command = _command("trace", cases=case_file, rule_set=rule_set, hand=hand)
        baseline, current = (
            _trace_from(self.worker(command, src)())
            for src in (self.baseline, self.current)
        )
        entry = cases["rule_sets"][rule_set]
        packs = {int(players): text.split() for players, text in entry["packs"].items()}
        sizes = {players: len(pack) for players, pack in packs.items()}
        deal = deal_of(cases["seed"], rule_set, hand, sizes, cases["patient_share"])
        return format_report(
            entry["rules"], packs[deal.players], deal, baseline, current
        )


def _trace_from(text: str) -> Trace:
    data = json.loads(text)
    return Trace(
        legal=tuple(data["legal"]),
        actions=tuple(data["actions"]),
        outcome=data["outcome"],
    )


def run(args: argparse.Namespace) -> int:
    """Run the differential test; return the exit status (0: the engines agree)."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="tonk-differential-") as scratch:
        work = Path(scratch)
        if args.baseline_src is not None:
            baseline = Path(args.baseline_src).resolve()
            print(f"differential: baseline engine from {baseline}")
        else:
            baseline = extract_source(ROOT, args.baseline, work / "baseline")
            print(f"differential: baseline engine from commit {args.baseline}")
        session = Run(
            baseline=baseline,
            current=Path(args.current_src).resolve(),
            work=work,
            args=args,
        )
        case_file, cases = session.generate()
        rule_sets = len(cases["rule_sets"])
        print(
            f"differential: {rule_sets} rule sets from the baseline's strategies,"
            f" {cases['hands_per_rule_set']} hands each, drawn in"
            f" {time.perf_counter() - started:.1f} s"
        )
        digests = session.play(case_file, rule_sets)
        index = first_mismatch(digests["baseline"], digests["current"])
        if index is not None:
            print(session.report(case_file, cases, index))
        else:
            print(
                "differential: identical legal actions and outcomes on"
                f" {len(digests['baseline']):,} hands"
            )
    print(f"differential: {time.perf_counter() - started:.1f} s in all")
    return 0 if index is None else 1


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line (``run`` when no command is named)."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if not arguments or arguments[0] not in ("run", "generate", "play", "trace"):
        arguments.insert(0, "run")
    args = _parser().parse_args(arguments)
    if args.command == "run":
        return run(args)
    commands = {
        "generate": generate_command,
        "play": play_command,
        "trace": trace_command,
    }
    commands[args.command](args)
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command")
    whole = commands.add_parser("run", help="the whole test (the default)")
    whole.add_argument("--hands", type=int, default=100_000, help="at least this many")
    whole.add_argument("--rule-sets", type=int, default=500)
    whole.add_argument("--patient", type=float, default=0.05, help="share of hands")
    whole.add_argument("--seed", type=int, default=1)
    whole.add_argument("--jobs", type=int, default=2, help="processes at a time")
    whole.add_argument("--chunks", type=int, default=4, help="chunks per engine")
    whole.add_argument("--baseline", default=BASELINE, help="the baseline commit")
    whole.add_argument(
        "--baseline-src", help="a baseline src directory, not the commit's"
    )
    whole.add_argument("--current-src", default=str(ROOT / "src"))
    generate = commands.add_parser("generate", help="worker: draw rule sets")
    generate.add_argument("--seed", type=int, required=True)
    generate.add_argument("--count", type=int, required=True)
    generate.add_argument("--out", required=True)
    play_ = commands.add_parser("play", help="worker: play rule sets, write digests")
    play_.add_argument("--cases", required=True)
    play_.add_argument("--first", type=int, required=True)
    play_.add_argument("--last", type=int, required=True)
    play_.add_argument("--out", required=True)
    trace = commands.add_parser("trace", help="worker: replay one hand with a trace")
    trace.add_argument("--cases", required=True)
    trace.add_argument("--rule-set", type=int, required=True)
    trace.add_argument("--hand", type=int, required=True)
    for worker in (generate, play_, trace):
        worker.add_argument("--expect-src", required=True)
    return parser


if __name__ == "__main__":
    sys.exit(main())
