"""Measure the bots' win rates against each other: the figures of docs/bots.md.

Run ``python benchmarks/bot_winrates.py`` for the published figures (two
players, the ``pagat`` preset, 2,000 hands per match-up, ISMCTS with 200
iterations per decision; about ten minutes on one core), or ``--quick`` for a
short check. It prints a Markdown table and, with ``--json PATH``, writes the
full results (:meth:`tonk.bots.TournamentResult.to_dict`) to a file; with
``--svg PATH`` it draws the win rates as a bar chart (``docs/make_figures.py``'s
``bar_chart``, with matplotlib), the figure in ``docs/figures.md``;
``--redraw JSON --svg PATH`` draws it again from a ``--json`` file without
playing.

The hands are played by :func:`tonk.bots.tournament`: in duplicate (each deal
is played twice, the bots swapping seats) with the deal alternating, so each
bot deals half the hands. The confidence intervals are 95% normal intervals
with each deal counted as one sample.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import tonk
from tonk.bots import Bot, GreedyBot, ISMCTSBot, RandomBot, TournamentResult


def row(result: TournamentResult, seconds: float) -> str:
    """Return a Markdown table row for the first bot of a two-bot match."""
    first, second = result.bots
    assert first.win_rate_ci95 is not None
    assert first.mean_payoff_ci95 is not None
    low, high = first.win_rate_ci95
    payoff_low, payoff_high = first.mean_payoff_ci95
    return (
        f"| {first.name} vs {second.name} | {result.hands:,} |"
        f" {100 * first.win_rate:.1f}% ({100 * low:.1f}–{100 * high:.1f}) |"
        f" {100 * second.win_rate:.1f}% |"
        f" {float(first.mean_payoff):+.3f} ({payoff_low:+.3f} to {payoff_high:+.3f}) |"
        f" {seconds:,.0f} s |"
    )


def main(argv: Sequence[str] | None = None) -> None:
    """Play the match-ups and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short check")
    parser.add_argument("--hands", type=int, default=2_000)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", default=None, help="write the results here")
    parser.add_argument("--svg", default=None, help="draw the win rates here")
    parser.add_argument(
        "--redraw",
        default=None,
        metavar="JSON",
        help="draw --svg from the results of an earlier --json run, without playing",
    )
    args = parser.parse_args(argv)
    if args.redraw is not None:
        if args.svg is None:
            parser.error("--redraw needs --svg")
        redraw(args.redraw, args.svg)
        return
    hands = 40 if args.quick else args.hands
    iterations = 30 if args.quick else args.iterations
    rules = tonk.presets.PAGAT
    matches: list[tuple[str, list[Bot], list[str]]] = [
        ("greedy-random", [GreedyBot(), RandomBot()], ["greedy", "random"]),
        (
            "ismcts-greedy",
            [ISMCTSBot(iterations=iterations), GreedyBot()],
            [f"ismcts({iterations})", "greedy"],
        ),
    ]
    print(
        f"tonk {tonk.__version__}: pagat, 2 players, {hands:,} hands per match-up,"
        f" seed {args.seed}, ISMCTS {iterations} iterations per decision"
    )
    print()
    print(
        "| match-up | hands | first's win rate (95% CI) | second's win rate |"
        " first's mean payoff per hand (95% CI) | time |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    results: dict[str, dict[str, Any]] = {}
    for key, bots, names in matches:
        began = time.perf_counter()
        result = tonk.bots.tournament(
            rules, bots, hands=hands, seed=args.seed, names=names, workers=args.workers
        )
        seconds = time.perf_counter() - began
        print(row(result, seconds), flush=True)
        results[key] = {**result.to_dict(), "seconds": seconds}
    if args.json is not None:
        with open(args.json, "w", encoding="utf-8") as file:
            json.dump(
                {"iterations": iterations, "preset": "pagat", **results}, file, indent=2
            )
    if args.svg is not None:
        draw(results, args.svg, hands=hands, seed=args.seed)


def draw(results: dict[str, Any], path: str, *, hands: int, seed: int) -> None:
    """Draw the match-ups' win rates as a bar chart (SVG) at ``path``."""
    table = {
        " vs ".join(record["name"] for record in result["bots"]): {
            record["name"]: 100 * float(record["win_rate"]) for record in result["bots"]
        }
        for result in results.values()
    }
    svg = _figures().bar_chart(
        table,
        title="Win rates of the bots, head to head (%)",
        subtitle=f"pagat, 2 players, {hands:,} hands in duplicate per match-up,"
        f" seed {seed}",
        maximum=100,
    )
    Path(path).write_text(svg, encoding="utf-8")


def redraw(json_path: str, svg_path: str) -> None:
    """Draw the chart again from the results a ``--json`` run wrote."""
    document = json.loads(Path(json_path).read_text(encoding="utf-8"))
    results = {
        key: value
        for key, value in document.items()
        if isinstance(value, dict) and "bots" in value
    }
    first = next(iter(results.values()))
    draw(results, svg_path, hands=first["hands"], seed=first["seed"])


def _figures() -> Any:
    """Import ``docs/make_figures.py``, which draws the charts."""
    path = Path(__file__).resolve().parent.parent / "docs" / "make_figures.py"
    spec = importlib.util.spec_from_file_location("make_figures", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


if __name__ == "__main__":
    main()
