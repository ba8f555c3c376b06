"""The ``tonk`` command line (also ``python -m tonk``).

``tonk simulate`` plays random legal hands and prints a summary; with
``--session`` it plays them as one session and prints the final ledger; with
``--bots`` it plays a tournament between bots; ``--workers`` and
``--scheduler`` play the hands in other processes or on a Dask cluster, and
``--json`` prints the results as JSON. ``tonk play`` plays a hand
against bots in the terminal. ``tonk replay FILE`` shows a recorded hand step
by step. ``tonk play`` and ``tonk simulate --bots`` (but for ``--json``) need
the ``rich`` package: ``pip install 'tonk[cli]'``.

Examples:
    >>> main(["simulate", "--hands", "200", "--players", "3", "--seed", "1",
    ...       "--no-timing"])
    tonk simulate: preset pagat, 3 players, 200 hands, seed 1
    how hands ended:
      caught              147  73.5%
      drop_won             53  26.5%
    mean payoff per seat: seat 0 -0.065, seat 1 +0.120, seat 2 -0.055
    mean actions per hand: 5.5
    0
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from pathlib import Path
from types import ModuleType

from tonk import presets
from tonk._cli_replay import replay_file
from tonk.bots import Bot, GreedyBot, ISMCTSBot, RandomBot, TournamentResult, tournament
from tonk.errors import TonkError
from tonk.rules import Scoring
from tonk.simulation import simulate, simulate_sessions

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


_BOTS = ("greedy", "ismcts", "random")


def _bot_names(text: str) -> tuple[str, ...]:
    names = tuple(name.strip().lower() for name in text.split(","))
    for name in names:
        if name not in _BOTS:
            raise argparse.ArgumentTypeError(
                f"unknown bot {name!r}: expected {', '.join(_BOTS)}"
            )
    return names


def _make_bot(name: str, iterations: int) -> Bot:
    if name == "greedy":
        return GreedyBot()
    if name == "ismcts":
        return ISMCTSBot(iterations=iterations)
    return RandomBot()


def _rich(command: str) -> ModuleType | None:
    """Import ``rich``, or say how to install it and return ``None``."""
    try:
        import rich
    except ImportError:
        print(
            f"tonk: error: {command} needs the 'rich' package; install it with"
            " pip install 'tonk[cli]'",
            file=sys.stderr,
        )
        return None
    return rich


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
    simulate.add_argument(
        "--players", type=_positive, default=None, help="seats (default 2)"
    )
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
    simulate.add_argument(
        "--bots",
        type=_bot_names,
        default=None,
        metavar="LIST",
        help="play a tournament between these bots, one per seat, seats rotated:"
        f" a comma-separated list of {', '.join(_BOTS)} (needs rich, but for"
        " --json)",
    )
    simulate.add_argument(
        "--workers",
        type=_positive,
        default=None,
        help="processes to play the hands with (default 1); with --scheduler"
        " local, the cluster's worker processes (default: one per core)",
    )
    simulate.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="play the hands on a Dask cluster: the address of its scheduler"
        " (tcp://host:8786), or 'local' to start a LocalCluster here (needs"
        " pip install 'tonk[dask]')",
    )
    simulate.add_argument(
        "--json", action="store_true", help="print the results as JSON"
    )
    simulate.add_argument(
        "--iterations",
        type=_positive,
        default=200,
        help="the ismcts bot's search budget per decision (default 200)",
    )
    play = commands.add_parser(
        "play",
        help="play a hand against bots in the terminal (needs rich)",
        description="Play one hand at seat 0 against bots. Type a move's number or"
        " the move in action notation; 'help' explains, 'quit' leaves.",
    )
    play.add_argument(
        "--preset", default="pagat", help=f"rule set ({', '.join(presets.names())})"
    )
    play.add_argument("--players", type=_positive, default=2, help="seats")
    play.add_argument("--seed", type=int, default=None, help="seed of the deal")
    play.add_argument(
        "--bot", choices=_BOTS, default="greedy", help="the bots' kind (greedy)"
    )
    play.add_argument(
        "--iterations",
        type=_positive,
        default=200,
        help="the ismcts bot's search budget per decision (default 200)",
    )
    replay = commands.add_parser(
        "replay",
        help="show a recorded hand step by step",
        description="Show a game record (its JSON or its text form) step by step:"
        " every action, and every hand after each turn, as the referee sees them.",
    )
    replay.add_argument("file", type=Path, help="the record file")
    replay.add_argument(
        "--pause", action="store_true", help="wait for Enter before each action"
    )
    return parser


def _replay(args: argparse.Namespace) -> int:
    """Show a recorded hand step by step."""

    def pause() -> None:
        input("(Enter) ")

    try:
        return replay_file(args.file, write=print, pause=pause if args.pause else None)
    except OSError as error:
        print(
            f"tonk: error: cannot read {args.file}: {error.strerror}", file=sys.stderr
        )
        return 2
    except EOFError:
        return 0


def _simulate_session(args: argparse.Namespace, seed: int) -> int:
    """Play one session of random hands and print its ledger (V40–V47)."""
    if args.workers is not None or args.scheduler is not None:
        print(
            "tonk: error: --session plays one session in this process;"
            " --workers and --scheduler do not go with it",
            file=sys.stderr,
        )
        return 2
    rules = presets.get(args.preset)
    began = time.perf_counter()
    with _progress_bar(args.hands) as progress:
        (session,) = simulate_sessions(
            rules, players=args.players, hands=args.hands, seed=seed, progress=progress
        )
    elapsed = time.perf_counter() - began
    push_ups = rules.scoring is Scoring.PUSH_UPS
    if args.json:
        document: dict[str, object] = {
            "preset": args.preset,
            "players": args.players,
            "seed": seed,
            "hands": session.number,
            "is_over": session.is_over,
            "ledger": {name: str(balance) for name, balance in session.ledger},
            "push_ups": dict(session.push_up_totals) if push_ups else None,
            "naturals_pot": str(session.naturals_pot),
            "leaders": list(session.leaders),
        }
        _print_json(document, session.number, elapsed, args)
        return 0
    print(
        f"tonk simulate --session: preset {args.preset}, {args.players} players,"
        f" seed {seed}"
    )
    ending = "the session ended" if session.is_over else "stopped"
    print(f"{ending} after {session.number} hands")
    if not args.no_timing:
        print(f"hands/s: {session.number / elapsed:,.0f}")
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


def _print_json(
    document: dict[str, object], hands: int, elapsed: float, args: argparse.Namespace
) -> None:
    """Print a result document, with the timing unless ``--no-timing``."""
    if not args.no_timing:
        document["seconds"] = elapsed
        document["hands_per_second"] = hands / elapsed
    print(json.dumps(document, indent=2))


@contextlib.contextmanager
def _progress_bar(hands: int) -> Iterator[Callable[[int], None] | None]:
    """Show a bar of finished hands on standard error while the body runs.

    Only when standard output is a terminal and ``rich`` is installed;
    otherwise give ``None`` (no progress callback).
    """
    if not sys.stdout.isatty():
        yield None
        return
    try:
        from rich.console import Console
        from rich.progress import Progress
    except ImportError:
        yield None
        return
    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("playing", total=hands)
        yield lambda done: progress.update(task, completed=done)


@contextlib.contextmanager
def _executor(args: argparse.Namespace) -> Iterator[Executor | None]:
    """Give the executor that ``--scheduler`` asks for (``None`` without it)."""
    if args.scheduler is None:
        yield None
        return
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise _UsageError(
            "--scheduler needs the 'distributed' package; install it with"
            " pip install 'tonk[dask]'"
        ) from None
    with contextlib.ExitStack() as stack:
        if args.scheduler == "local":
            cluster = stack.enter_context(
                LocalCluster(  # type: ignore[no-untyped-call]
                    n_workers=args.workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=":0",  # any free port, not only 8787
                )
            )
            client = stack.enter_context(Client(cluster))  # type: ignore[no-untyped-call]
        elif args.workers is not None:
            raise _UsageError(
                "--workers goes with --scheduler local; a running cluster has"
                " its own workers"
            )
        else:
            try:
                client = stack.enter_context(
                    Client(args.scheduler, timeout=10)  # type: ignore[no-untyped-call]
                )
            except OSError as error:
                raise _UsageError(
                    f"cannot reach the Dask scheduler at {args.scheduler!r}: {error}"
                ) from None
        yield client.get_executor()


class _UsageError(Exception):
    """A bad combination of options: printed in one line, exit status 2."""


def _run_options(args: argparse.Namespace) -> dict[str, int]:
    """Return the ``workers`` argument for a run (1 when a scheduler plays)."""
    if args.scheduler is not None:
        return {"workers": 1}
    return {"workers": args.workers or 1}


def _plus_minus(interval: tuple[float, float] | None, scale: float, digits: int) -> str:
    """Return `` ±h``: the half-width of a (symmetric) confidence interval."""
    if interval is None:
        return ""
    low, high = interval
    return f" ±{scale * (high - low) / 2:.{digits}f}"


def _print_tournament(
    result: TournamentResult, args: argparse.Namespace, elapsed: float
) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False)
    console.print(
        f"tonk simulate: preset {args.preset}, {result.players} players,"
        f" {result.hands} hands, seed {result.seed},"
        f" bots {', '.join(args.bots)}"
    )
    if not args.no_timing:
        console.print(f"hands/s: {result.hands / elapsed:,.1f} ({elapsed:.1f} s)")
    table = Table(caption="± is the half-width of a 95% confidence interval")
    table.add_column("bot")
    table.add_column("hands", justify="right")
    table.add_column("win rate %", justify="right")
    table.add_column("mean payoff", justify="right")
    table.add_column("won by")
    table.add_column("caught", justify="right")
    for record in result.records:
        table.add_row(
            record.name,
            str(record.hands),
            f"{100 * record.win_rate:.1f}"
            f"{_plus_minus(record.win_rate_interval, 100, 1)}",
            f"{float(record.mean_payoff):+.3f}"
            f"{_plus_minus(record.mean_payoff_interval, 1, 3)}",
            ", ".join(f"{kind.value} {count}" for kind, count in record.won_by),
            str(record.caught),
        )
    console.print(table)
    console.print(
        "how hands ended: "
        + ", ".join(f"{kind.value} {count}" for kind, count in result.outcomes)
    )


def _simulate_bots(args: argparse.Namespace, seed: int) -> int:
    """Play a tournament between bots and print the results (a table or JSON)."""
    names: tuple[str, ...] = args.bots
    if args.session:
        print("tonk: error: --session and --bots do not go together", file=sys.stderr)
        return 2
    if args.players is not None and args.players != len(names):
        print(
            f"tonk: error: --players {args.players} does not match the"
            f" {len(names)} bots of --bots (one bot per seat)",
            file=sys.stderr,
        )
        return 2
    if not args.json and _rich("tonk simulate --bots") is None:
        return 2
    rules = presets.get(args.preset)
    bots = [_make_bot(name, args.iterations) for name in names]
    seen: Counter[str] = Counter()
    labels: list[str] = []
    for name in names:
        seen[name] += 1
        labels.append(name if seen[name] == 1 else f"{name}-{seen[name]}")
    with _executor(args) as executor, _progress_bar(args.hands) as progress:
        began = time.perf_counter()
        result = tournament(
            rules,
            bots,
            hands=args.hands,
            seed=seed,
            names=labels,
            executor=executor,
            progress=progress,
            **_run_options(args),
        )
    elapsed = time.perf_counter() - began
    if args.json:
        document: dict[str, object] = {
            "preset": args.preset,
            "iterations": args.iterations if "ismcts" in names else None,
            **result.to_dict(),
        }
        _print_json(document, result.hands, elapsed, args)
        return 0
    _print_tournament(result, args, elapsed)
    return 0


def _play(args: argparse.Namespace) -> int:
    """Play a hand against bots in the terminal."""
    if _rich("tonk play") is None:
        return 2
    from rich.console import Console

    from tonk._cli_play import play

    seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(32)
    rules = presets.get(args.preset)
    return play(
        Console(highlight=False),
        rules,
        players=args.players,
        seed=seed,
        bot=_make_bot(args.bot, args.iterations),
        bot_name=args.bot,
    )


def _simulate(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(32)
    if args.bots is not None:
        return _simulate_bots(args, seed)
    if args.players is None:
        args.players = 2
    if args.session:
        return _simulate_session(args, seed)
    rules = presets.get(args.preset)
    with _executor(args) as executor, _progress_bar(args.hands) as progress:
        began = time.perf_counter()
        result = simulate(
            rules,
            players=args.players,
            hands=args.hands,
            seed=seed,
            executor=executor,
            progress=progress,
            **_run_options(args),
        )
    elapsed = time.perf_counter() - began
    if args.json:
        _print_json(
            {"preset": args.preset, **result.to_dict()}, args.hands, elapsed, args
        )
        return 0
    hands = result.hands
    print(
        f"tonk simulate: preset {args.preset}, {result.players} players,"
        f" {hands} hands, seed {seed}"
    )
    if not args.no_timing:
        print(
            f"hands/s: {hands / elapsed:,.0f}"
            f" ({result.actions / elapsed:,.0f} actions/s)"
        )
    print("how hands ended:")
    for kind, count in result.outcomes:
        print(f"  {kind.value:<16} {count:>6} {100 * count / hands:>5.1f}%")
    means = ", ".join(
        f"seat {seat} {float(mean):+.3f}"
        for seat, mean in enumerate(result.mean_payoffs)
    )
    print(f"mean payoff per seat: {means}")
    print(f"mean actions per hand: {result.mean_actions:.1f}")
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
        if args.command == "play":
            return _play(args)
        if args.command == "replay":
            return _replay(args)
        return _simulate(args)
    except (TonkError, _UsageError) as error:
        print(f"tonk: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. piped into `head`: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
