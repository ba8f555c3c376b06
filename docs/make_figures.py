"""Make the documentation's figures: SVG bar charts, drawn without a plotting library.

The script plays hands of every preset at tables of 2 and 4 players, with two
kinds of player at every seat:

- ``random``: picks uniformly among the legal actions. Random play is not
  good play: at the start of a turn it usually drops one time in three,
  whatever its count, so its hands are short and mostly end in drops.
- ``simple``: the tutorial's careful player. It claims a deal tonk when it
  may, drops only on a count of 10 or less, otherwise draws from the stock,
  lays every spread and hit it can, and discards its highest card. It is a
  baseline, not a strong player.

It writes into ``--out`` (default ``docs/_static/figures``):

- ``outcomes-<player>-<table>.svg``: how hands end under each preset, as
  shares of the hands played (one chart per kind of player and table size);
- ``actions-<player>.svg``: the mean number of actions per hand;
- ``figures.json``: every number the charts show, with the command that made
  them.

Every hand is dealt from a seed drawn from ``--seed``, the preset, the table
size and the kind of player, and the deal passes left after each hand, so a
run is reproducible. ``--quick`` plays 20 hands of each, for tests. The
figures in the documentation were made with ``--hands 5000 --seed 1``.

Run: ``python docs/make_figures.py [--hands N] [--out DIR] [--seed S] [--quick]``.

The chart helper :func:`bar_chart` takes any ``{name: {category: value}}``
table, so other figures (a bot's win rates, say) can reuse it.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TypedDict
from xml.sax.saxutils import escape, quoteattr

import tonk

OUT = Path(__file__).parent / "_static" / "figures"
TABLE_SIZES = (2, 4)
QUICK_HANDS = 20

# The Okabe-Ito palette (readable with the common colour-vision deficiencies),
# then greys.
PALETTE = (
    "#0072B2",
    "#E69F00",
    "#009E73",
    "#CC79A7",
    "#56B4E9",
    "#D55E00",
    "#F0E442",
    "#000000",
    "#999999",
    "#666666",
)
KIND_COLOURS = {
    kind.value: PALETTE[index % len(PALETTE)]
    for index, kind in enumerate(tonk.OutcomeKind)
}

FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
CHAR_WIDTH = 6.6  # rough width of a 12px character, for layout only
ROW = 18  # height of one bar
GAP = 10  # space between groups of bars
PLOT_WIDTH = 440


# --- players -----------------------------------------------------------------------


Player = Callable[[tonk.GameState, random.Random], tonk.Action]


def random_player(state: tonk.GameState, rng: random.Random) -> tonk.Action:
    """Pick uniformly among the legal actions."""
    return rng.choice(tonk.legal_actions(state))


def simple_player(state: tonk.GameState, rng: random.Random) -> tonk.Action:
    """Play the tutorial's careful player for the seat to move.

    It reads only the seat's own hand and its legal actions, which is all its
    observation would give it; reading them from the state is faster.
    """
    legal = tonk.legal_actions(state)
    if state.phase is tonk.Phase.TURN_START:
        wanted: list[tonk.Action] = [tonk.ClaimDealTonk(), tonk.DrawStock()]
        if state.count(state.to_move) <= 10:
            wanted.insert(1, tonk.Drop())
        return next((action for action in wanted if action in legal), legal[0])
    for action in legal:
        if isinstance(action, tonk.LaySpread | tonk.Hit):
            return action
    discards = [action for action in legal if isinstance(action, tonk.Discard)]
    if discards:
        return max(discards, key=lambda action: state.rules.card_value(action.card))
    return legal[0]


PLAYERS: dict[str, Player] = {"random": random_player, "simple": simple_player}


# --- simulation --------------------------------------------------------------------


def simulate(
    rules: tonk.Rules, *, players: int, hands: int, player: Player, rng: random.Random
) -> tuple[Counter[str], int]:
    """Play ``hands`` hands with ``player`` at every seat.

    Returns:
        How many hands ended in each way (by outcome kind) and the total number
        of actions played.
    """
    kinds: Counter[str] = Counter()
    actions = 0
    for hand in range(hands):
        state = tonk.new_game(
            rules, players=players, seed=rng.getrandbits(64), dealer=hand % players
        )
        while state.outcome is None:
            state = tonk.apply(state, player(state, rng))
            actions += 1
        kinds[state.outcome.kind.value] += 1
    return kinds, actions


class Run(TypedDict):
    """The numbers of one preset, table size and kind of player."""

    preset: str
    players: int
    player: str
    hands: int
    outcomes: dict[str, int]
    actions: int
    mean_actions: float


def run_all(hands: int, seed: int) -> list[Run]:
    """Play every preset at every table size with every kind of player."""
    runs: list[Run] = []
    for name in tonk.presets.names():
        rules = tonk.presets.get(name)
        for players in TABLE_SIZES:
            for player_name, player in PLAYERS.items():
                rng = random.Random(f"{seed}:{name}:{players}:{player_name}")
                kinds, actions = simulate(
                    rules, players=players, hands=hands, player=player, rng=rng
                )
                runs.append(
                    {
                        "preset": name,
                        "players": players,
                        "player": player_name,
                        "hands": hands,
                        "outcomes": dict(sorted(kinds.items())),
                        "actions": actions,
                        "mean_actions": round(actions / hands, 2),
                    }
                )
    return runs


# --- the chart helper --------------------------------------------------------------


def nice_step(top: float, *, ticks: int = 5) -> float:
    """Return a round tick step (1, 2 or 5 times a power of ten) for 0..top."""
    if top <= 0:
        return 1.0
    rough = top / ticks
    power = 10 ** math.floor(math.log10(rough))
    for factor in (1, 2, 5, 10):
        if factor * power >= rough:
            return float(factor * power)
    return float(10 * power)  # pragma: no cover - the loop always returns


def _number(value: float) -> str:
    """Format a coordinate compactly."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def bar_chart(
    table: Mapping[str, Mapping[str, float]],
    *,
    title: str,
    subtitle: str = "",
    stacked: bool = False,
    value_format: str = "{:.1f}",
    axis_format: str | None = None,
    maximum: float | None = None,
    colours: Mapping[str, str] | None = None,
) -> str:
    """Draw a horizontal bar chart of ``{name: {category: value}}`` as SVG text.

    Each name is a row. By default each category gets its own bar within the
    row (grouped bars); with ``stacked=True`` the categories are laid end to
    end in one bar, as for shares that add up to 100. Categories are shown in
    the order they first appear in ``table``; a missing value is 0 and draws
    no bar. Each bar is a ``<rect class="bar">`` with ``data-name``,
    ``data-category`` and ``data-value`` attributes and a ``<title>`` tooltip,
    so the chart can be checked by a program as well as read.

    Args:
        table: The values, by row name, then by category.
        title: The chart's title.
        subtitle: A line under the title (the sample, the source).
        stacked: Stack the categories in one bar per row.
        value_format: How a value is written on or next to its bar.
        axis_format: How the axis ticks are written; ``value_format`` if
            ``None``.
        maximum: The value at the right end of the axis; the largest bar (or
            stack) rounded up to a tick if ``None``.
        colours: A colour for each category; the palette in order otherwise.

    Returns:
        A complete SVG document.
    """
    names = list(table)
    categories: list[str] = []
    for row in table.values():
        categories.extend(category for category in row if category not in categories)
    colour_of = {
        category: (colours or {}).get(category, PALETTE[index % len(PALETTE)])
        for index, category in enumerate(categories)
    }
    totals = [
        sum(row.values()) if stacked else max(row.values(), default=0)
        for row in table.values()
    ]
    top = max(totals, default=0)
    step = nice_step(maximum if maximum is not None else top)
    if maximum is None:
        maximum = max(step, math.ceil(top / step - 1e-9) * step)
    axis_format = axis_format or value_format

    label_width = CHAR_WIDTH * max((len(name) for name in names), default=0) + 16
    left = max(label_width, 60.0)
    width = left + PLOT_WIDTH + 70
    parts: list[str] = []
    y = 28.0
    parts.append(_text(12, y, title, size=15, weight="bold"))
    if subtitle:
        y += 18
        parts.append(_text(12, y, subtitle, size=12, fill="#444"))

    # Legend, wrapped to the chart's width.
    y += 16
    x = 12.0
    for category in categories:
        item = 18 + CHAR_WIDTH * len(category) + 14
        if x + item > width - 12 and x > 12:
            x, y = 12.0, y + 18
        parts.append(
            f'<rect class="key" x="{_number(x)}" y="{_number(y)}" width="12"'
            f' height="12" fill="{colour_of[category]}"/>'
        )
        parts.append(_text(x + 17, y + 10.5, category, size=12))
        x += item
    y += 28

    rows_per_name = 1 if stacked else max(len(categories), 1)
    plot_top = y
    plot_height = len(names) * (rows_per_name * ROW + GAP) - GAP
    scale = PLOT_WIDTH / maximum if maximum > 0 else 0.0

    # Grid lines and tick labels.
    ticks = round(maximum / step)
    for index in range(ticks + 1):
        value = index * step
        x = left + value * scale
        parts.append(
            f'<line x1="{_number(x)}" y1="{_number(plot_top - 4)}" x2="{_number(x)}"'
            f' y2="{_number(plot_top + plot_height + 4)}" stroke="#ddd"/>'
        )
        parts.append(
            _text(
                x,
                plot_top + plot_height + 18,
                axis_format.format(value),
                size=11,
                anchor="middle",
                fill="#444",
            )
        )

    # The bars.
    y = plot_top
    for name, row in table.items():
        group_height = rows_per_name * ROW
        parts.append(
            _text(left - 8, y + group_height / 2 + 4, name, size=12, anchor="end")
        )
        x = left
        for index, category in enumerate(categories):
            value = row.get(category, 0)
            if value <= 0:
                continue
            length = value * scale
            bar_y = y if stacked else y + index * ROW
            bar_x = x if stacked else left
            label = f"{name}, {category}: {value_format.format(value)}"
            parts.append(
                f'<rect class="bar" x="{_number(bar_x)}" y="{_number(bar_y + 2)}"'
                f' width="{_number(max(length, 0.5))}" height="{ROW - 4}"'
                f' fill="{colour_of[category]}" data-name={quoteattr(name)}'
                f" data-category={quoteattr(category)}"
                f" data-value={quoteattr(repr(value))}>"
                f"<title>{escape(label)}</title></rect>"
            )
            text = value_format.format(value)
            if stacked:
                if length >= CHAR_WIDTH * len(text) + 6:
                    parts.append(
                        _text(
                            bar_x + length / 2,
                            bar_y + ROW / 2 + 4,
                            text,
                            size=11,
                            anchor="middle",
                            fill=_ink(colour_of[category]),
                        )
                    )
                x += length
            else:
                parts.append(
                    _text(bar_x + length + 4, bar_y + ROW / 2 + 4, text, size=11)
                )
        y += group_height + GAP

    height = plot_top + plot_height + 32
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_number(width)}"'
        f' height="{_number(height)}" viewBox="0 0 {_number(width)} {_number(height)}"'
        f' font-family="{FONT}" role="img" aria-label={quoteattr(title)}>\n'
        f"<title>{escape(title)}</title>\n"
        f'<rect width="100%" height="100%" fill="#fff"/>\n'
        + "\n".join(parts)
        + "\n</svg>\n"
    )


def _text(
    x: float,
    y: float,
    text: str,
    *,
    size: int,
    anchor: str = "start",
    weight: str = "normal",
    fill: str = "#111",
) -> str:
    return (
        f'<text x="{_number(x)}" y="{_number(y)}" font-size="{size}"'
        f' text-anchor="{anchor}" font-weight="{weight}" fill="{fill}">'
        f"{escape(text)}</text>"
    )


def _ink(colour: str) -> str:
    """Return black or white, whichever reads better on ``colour``."""
    red, green, blue = (int(colour[index : index + 2], 16) for index in (1, 3, 5))
    return "#000" if 0.299 * red + 0.587 * green + 0.114 * blue > 140 else "#fff"


# --- the figures -------------------------------------------------------------------


def figures(runs: Sequence[Run], *, hands: int) -> dict[str, str]:
    """Build every chart from the runs; return SVG text by file name."""
    charts: dict[str, str] = {}
    kinds = [
        kind.value
        for kind in tonk.OutcomeKind
        if any(kind.value in run["outcomes"] for run in runs)
    ]
    for player in PLAYERS:
        for players in TABLE_SIZES:
            table = {
                run["preset"]: {
                    kind: 100 * run["outcomes"].get(kind, 0) / hands for kind in kinds
                }
                for run in runs
                if run["player"] == player and run["players"] == players
            }
            charts[f"outcomes-{player}-{players}.svg"] = bar_chart(
                table,
                title=f"How hands end: {player} play, {players} players",
                subtitle=f"Share of {hands:,} hands per preset ({_describe(player)})",
                stacked=True,
                value_format="{:.0f}%",
                maximum=100,
                colours=KIND_COLOURS,
            )
        actions: dict[str, dict[str, float]] = {}
        for run in runs:
            if run["player"] == player:
                row = actions.setdefault(run["preset"], {})
                row[f"{run['players']} players"] = run["mean_actions"]
        charts[f"actions-{player}.svg"] = bar_chart(
            actions,
            title=f"Mean actions per hand: {player} play",
            subtitle=f"{hands:,} hands per preset and table size ({_describe(player)})",
            value_format="{:.1f}",
            axis_format="{:.0f}",
        )
    return charts


def _describe(player: str) -> str:
    return {
        "random": "uniformly random legal actions: not good play",
        "simple": "drop on 10 or less, meld all, discard high",
    }[player]


def main(argv: Sequence[str] | None = None) -> int:
    """Play the hands and write the charts and their numbers."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000, help="hands per chart row")
    parser.add_argument("--out", type=Path, default=OUT, help="output directory")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole run")
    parser.add_argument(
        "--quick", action="store_true", help=f"play only {QUICK_HANDS} hands each"
    )
    args = parser.parse_args(argv)
    hands = QUICK_HANDS if args.quick else args.hands
    if hands < 1:
        parser.error("--hands must be 1 or more")
    runs = run_all(hands, args.seed)
    args.out.mkdir(parents=True, exist_ok=True)
    charts = figures(runs, hands=hands)
    for name, svg in charts.items():
        (args.out / name).write_text(svg, encoding="utf-8")
    command = "python docs/make_figures.py" + (
        " --quick" if args.quick else f" --hands {hands}"
    )
    command += f" --seed {args.seed}"
    numbers = {
        "command": command,
        "tonk_version": tonk.__version__,
        "hands": hands,
        "seed": args.seed,
        "runs": runs,
    }
    (args.out / "figures.json").write_text(
        json.dumps(numbers, indent=1) + "\n", encoding="utf-8"
    )
    print(f"wrote {len(charts)} charts and figures.json to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
