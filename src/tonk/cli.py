"""The ``tonk`` command line (also ``python -m tonk``).

``tonk simulate`` plays random legal hands and prints a summary; with
``--session`` it plays them as one session and prints the final ledger; with
``--bots`` it plays a tournament between bots; ``--workers`` and
``--scheduler`` play the hands in other processes or on a Dask cluster, and
``--json`` prints the results as JSON. ``tonk play`` plays a hand
against bots in the terminal. ``tonk replay FILE`` shows a recorded hand step
by step. ``tonk bot NAME`` plays a bot over the table protocol on standard
input and output (:func:`tonk.bots.serve_bot`). ``tonk play`` and ``tonk
simulate --bots`` (but for ``--json``) need the ``rich`` package: ``pip
install 'tonk[cli]'``.

Examples:
    >>> main(["simulate", "--hands", "200", "--players", "3", "--seed", "1",
    ...       "--no-timing"])
    tonk simulate: preset pagat, 3 players, 200 hands, seed 1
    how hands ended:
      dropper caught       147  73.5%
      drop won              53  26.5%
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
import secrets
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from pathlib import Path
from types import ModuleType

from tonk import __version__, _present, presets, text
from tonk._cli_replay import replay_file
from tonk._parallel import check_executor
from tonk._untrusted import escape, escape_for
from tonk.bots import (
    BUILT_IN_BOTS,
    Bot,
    TournamentResult,
    bot_label,
    load_bot,
    serve_bot,
    tournament,
)
from tonk.errors import BotError, TonkError
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


def _port(text: str) -> int:
    value = _positive(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"must be 1..65535, got {value}")
    return value


_BOTS = BUILT_IN_BOTS
_BOT_HELP = (
    f"{', '.join(_BOTS)}, your own bot class as module:Class or"
    " path/to/file.py:Class, or a program that speaks the table protocol as"
    " exec:COMMAND"
)


def _bot_spec(text: str) -> str:
    """Check one bot specification: a built-in bot's name, or ``module:Class``."""
    spec = text.strip()
    if ":" in spec:
        return spec
    if spec.lower() not in _BOTS:
        raise argparse.ArgumentTypeError(f"unknown bot {spec!r}: expected {_BOT_HELP}")
    return spec.lower()


def _host_name(text: str) -> str:
    """Check one ``--allowed-host`` (:func:`tonk.web.tables.check_host`)."""
    from tonk.web.tables import check_host  # the library only: no extra needed

    try:
        return check_host(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _bot_names(text: str) -> tuple[str, ...]:
    return tuple(_bot_spec(name) for name in text.split(","))


def _make_bot(name: str, iterations: int) -> Bot:
    """Build a bot from its specification (see :func:`tonk.bots.load_bot`).

    A user's ``module:Class`` is imported with the current directory on
    ``sys.path``, as ``python -m`` would.

    Raises:
        BotError: If the bot cannot be loaded.
    """
    if ":" in name and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    return load_bot(name, iterations=iterations)


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
    parser.add_argument("--version", action="version", version=f"tonk {__version__}")
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
        f" a comma-separated list of {_BOT_HELP} (needs rich, but for --json)",
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
        "--progress",
        action="store_true",
        help="show the hands played so far on standard error, even when the"
        " output is not a terminal: a bar on a terminal, else a line at every"
        " tenth of the hands (without it, a bar when the output is a terminal)",
    )
    simulate.add_argument(
        "--iterations",
        type=_positive,
        default=200,
        help="the ismcts bot's search budget per decision (default 200)",
    )
    play = commands.add_parser(
        "play",
        help="play hands against bots in the terminal (needs rich)",
        description="Play at seat 0 against bots: one hand, several (--hands) or"
        " a session (--session). Type a move's number or the move in action"
        " notation; 'help' explains, 'quit' leaves.",
    )
    play.add_argument(
        "--preset", default="pagat", help=f"rule set ({', '.join(presets.names())})"
    )
    play.add_argument(
        "--players", type=_positive, default=None, help="seats (default 2)"
    )
    play.add_argument("--seed", type=int, default=None, help="seed of the deal")
    play.add_argument(
        "--bot",
        type=_bot_spec,
        default=None,
        help=f"the bot in every other seat: {_BOT_HELP} (default greedy)",
    )
    play.add_argument(
        "--bots",
        type=_bot_names,
        default=None,
        metavar="LIST",
        help="a bot for each other seat, seat 1 first: a comma-separated list of"
        f" {_BOT_HELP}",
    )
    play.add_argument(
        "--hands",
        type=_positive,
        default=None,
        help="play this many hands, the deal passing left (default 1; with"
        " --session, until the session ends)",
    )
    play.add_argument(
        "--session",
        action="store_true",
        help="play a session: the ledger, the rules' scoring and match end, and"
        " your choices before each deal (V40-V47)",
    )
    play.add_argument(
        "--save",
        type=Path,
        default=None,
        metavar="FILE",
        help="save each hand's record for tonk replay (JSON for a .json name,"
        " else the text form; numbered FILE-1, FILE-2, ... for several hands)",
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
    bot = commands.add_parser(
        "bot",
        help="play a bot over the table protocol on standard input and output",
        description="Play a bot over the table protocol (docs/protocol.md): read"
        " one message per line on standard input and answer on standard output."
        " tonk.bots.ProcessBot(['tonk', 'bot', NAME]) plays it, and so does"
        " --bots 'exec:tonk bot NAME'.",
    )
    bot.add_argument("name", type=_bot_spec, help=f"the bot: {_BOT_HELP}")
    bot.add_argument(
        "--seed",
        type=int,
        default=None,
        help="seed of the bot's randomness when the table sends none",
    )
    bot.add_argument(
        "--iterations",
        type=_positive,
        default=200,
        help="the ismcts bot's search budget per decision (default 200)",
    )
    serve = commands.add_parser(
        "serve",
        help="play Tonk in the browser: tables of people and bots",
        description="Serve the lobby and tables in the browser (docs/server.md)."
        " Tables, seats and every action are kept in an SQLite database, so a"
        " restarted server resumes every table. Needs pip install 'tonk[web]'.",
    )
    serve.add_argument(
        "--host", default="127.0.0.1", help="address (default: the loopback only)"
    )
    serve.add_argument("--port", type=_port, default=8000, help="port (8000)")
    serve.add_argument(
        "--db", type=Path, default=Path("tonk.sqlite3"), help="the database file"
    )
    serve.add_argument(
        "--bot",
        action="append",
        type=_bot_spec,
        default=[],
        metavar="MODULE:CLASS",
        help="offer your own bot class too (repeat for more)",
    )
    serve.add_argument(
        "--allowed-host",
        action="append",
        type=_host_name,
        dest="allowed_hosts",
        metavar="NAME",
        help="a host name the server is reached by, such as a reverse proxy's"
        " (repeat for more; *.NAME for the names under NAME; default: the"
        " loopback's names on the loopback, any name otherwise)",
    )
    return parser


def _serve(args: argparse.Namespace) -> int:
    """Run the browser server until Ctrl-C."""
    try:
        from tonk.web.app import serve
    except ImportError as error:
        print(f"tonk: error: {error}", file=sys.stderr)
        return 2
    for spec in args.bot:
        _make_bot(spec, 1)  # fails early, with the reason, if it cannot load
    return serve(
        host=args.host,
        port=args.port,
        db_path=args.db,
        bots=args.bot,
        allowed_hosts=args.allowed_hosts,
    )


def _serve_bot(args: argparse.Namespace) -> int:
    """Play a bot over the table protocol on standard input and output."""
    bot = _make_bot(args.name, args.iterations)
    return serve_bot(bot, name=bot_label(args.name), seed=args.seed)


def _replay(args: argparse.Namespace) -> int:
    """Show a recorded hand step by step."""

    def pause() -> None:
        input("(Enter) ")

    try:
        return replay_file(args.file, write=print, pause=pause if args.pause else None)
    except BrokenPipeError:  # our output closed early (`| head`): main() handles it
        raise
    except OSError as error:
        print(
            f"tonk: error: cannot read {escape(str(args.file))}: {error.strerror}",
            file=sys.stderr,
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
    with _progress_bar(args.hands, asked=args.progress) as progress:
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
    print(f"{ending} after {_present.plural(session.number, 'hand')}")
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
def _progress_bar(hands: int, *, asked: bool) -> Iterator[Callable[[int], None] | None]:
    """Show the hands finished on standard error while the body runs.

    Unless ``asked`` (``--progress``), only when standard output is a
    terminal and ``rich`` is installed: a bar; otherwise give ``None`` (no
    progress callback). When ``asked``, a bar if standard error is a terminal
    and ``rich`` is installed, else a line at every tenth of the hands
    (:func:`_progress_lines`).
    """
    if not (sys.stderr.isatty() if asked else sys.stdout.isatty()):
        yield _progress_lines(hands) if asked else None
        return
    try:
        from rich.console import Console
        from rich.progress import Progress
    except ImportError:
        yield _progress_lines(hands) if asked else None
        return
    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("playing", total=hands)
        yield lambda done: progress.update(task, completed=done)


def _progress_lines(hands: int) -> Callable[[int], None]:
    """Return a progress callback that prints a line at every tenth of ``hands``."""
    shown = 0  # the tenths shown so far

    def show(done: int) -> None:
        nonlocal shown
        tenths = done * 10 // hands
        if tenths > shown:
            shown = tenths
            print(
                f"tonk: {done:,} of {hands:,} hands played ({done * 100 // hands}%)",
                file=sys.stderr,
                flush=True,
            )

    return show


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
            if args.workers is not None:  # bounded as for a local pool
                check_executor(None, args.workers)
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


def _print_tournament(
    result: TournamentResult, args: argparse.Namespace, elapsed: float
) -> None:
    """Print the tournament's table: :func:`tonk.text.format_tournament`."""
    print(
        f"tonk simulate: preset {args.preset}, {result.players} players,"
        f" {_present.plural(result.hands, 'hand')}, seed {result.seed},"
        f" bots {escape_for(', '.join(args.bots), sys.stdout.encoding)}"
    )
    if not args.no_timing:
        print(f"hands/s: {result.hands / elapsed:,.1f} ({elapsed:.1f} s)")
    ascii = not text.can_encode_glyphs(sys.stdout.encoding)
    print(text.format_tournament(result, ascii=ascii))


def _simulate_bots(args: argparse.Namespace, seed: int) -> int:
    """Play a tournament between bots and print the results (a table or JSON)."""
    names: tuple[str, ...] = args.bots
    if args.session:
        print("tonk: error: --session and --bots do not go together", file=sys.stderr)
        return 2
    if args.players is not None and args.players != len(names):
        print(
            f"tonk: error: --players {args.players} does not match the"
            f" {_present.plural(len(names), 'bot')} of --bots (one bot per seat)",
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
    with (
        _executor(args) as executor,
        _progress_bar(args.hands, asked=args.progress) as progress,
    ):
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


def _play_bots(args: argparse.Namespace) -> list[str]:
    """Return the bot specification of each seat but seat 0 (raises BotError)."""
    if args.bots is None:
        return [args.bot or "greedy"] * ((args.players or 2) - 1)
    if args.bot is not None:
        raise BotError("--bot and --bots do not go together", bot=args.bot)
    names: list[str] = list(args.bots)
    if args.players is not None and args.players != len(names) + 1:
        raise BotError(
            f"--players {args.players} does not match the"
            f" {_present.plural(len(names), 'bot')} of --bots (one bot for each"
            " seat but yours)",
            bot=",".join(names),
        )
    return names


def _play(args: argparse.Namespace) -> int:
    """Play hands against bots in the terminal."""
    if _rich("tonk play") is None:
        return 2
    from rich.console import Console

    from tonk._cli_play import play, save_problem

    if args.save is not None and (problem := save_problem(args.save)) is not None:
        raise _UsageError(problem)  # before the hand, not after it
    # A drawn seed is 128 secure bits, so a local deal cannot be guessed; it is
    # printed, so the hand can be played again with --seed.
    seed = args.seed if args.seed is not None else secrets.randbits(128)
    rules = presets.get(args.preset)
    names = _play_bots(args)
    hands = args.hands if args.hands is not None else None if args.session else 1
    return play(
        Console(highlight=False),
        rules,
        seed=seed,
        bots=[_make_bot(name, args.iterations) for name in names],
        bot_names=[escape_for(bot_label(name), sys.stdout.encoding) for name in names],
        hands=hands,
        session=args.session,
        save=args.save,
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
    with (
        _executor(args) as executor,
        _progress_bar(args.hands, asked=args.progress) as progress,
    ):
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
        f" {_present.plural(hands, 'hand')}, seed {seed}"
    )
    if not args.no_timing:
        print(
            f"hands/s: {hands / elapsed:,.0f}"
            f" ({result.actions / elapsed:,.0f} actions/s)"
        )
    print("how hands ended:")
    for kind, count in result.outcomes:
        label = text.format_label(kind)
        print(f"  {label:<17} {count:>6} {100 * count / hands:>5.1f}%")
    means = ", ".join(
        f"seat {seat} {float(mean):+.3f}"
        for seat, mean in enumerate(result.mean_payoffs)
    )
    print(f"mean payoff per seat: {means}")
    print(f"mean actions per hand: {result.mean_actions:.1f}")
    return 0


class _Terminated(KeyboardInterrupt):
    """SIGTERM, raised as Ctrl-C is: every ``with`` block closes (a pool, a bar)."""


def _terminate(number: int, frame: object) -> None:
    raise _Terminated


@contextlib.contextmanager
def _sigterm_stops() -> Iterator[None]:
    """Make SIGTERM stop the body as Ctrl-C does, cleaning up (the main thread only).

    Python's default for SIGTERM ends the process at once: a pool's
    processes would be left behind, and a progress bar drawn.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``tonk`` command line and return its exit status.

    Args:
        argv: The arguments, without the program name; ``None`` reads
            ``sys.argv``.

    Returns:
        0 on success, 2 for bad arguments, 130 after Ctrl-C (SIGINT) and 143
        after SIGTERM, each with one line on standard error.
    """
    args = _parser().parse_args(argv)
    try:
        with _sigterm_stops():
            if args.command == "play":
                return _play(args)
            if args.command == "bot":
                return _serve_bot(args)
            if args.command == "replay":
                return _replay(args)
            if args.command == "serve":
                return _serve(args)
            return _simulate(args)
    except (TonkError, _UsageError) as error:
        print(f"tonk: error: {escape(str(error))}", file=sys.stderr)
        return 2
    except _Terminated:
        print("tonk: terminated", file=sys.stderr)
        return 128 + signal.SIGTERM
    except KeyboardInterrupt:
        print("tonk: interrupted", file=sys.stderr)
        return 128 + signal.SIGINT
    except BrokenPipeError:  # e.g. piped into `head`: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
