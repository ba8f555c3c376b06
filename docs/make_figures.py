"""Make the documentation's figures: charts drawn with matplotlib, saved as SVG.

The script plays hands of every preset at tables of 2 and 4 players (those
its rules seat), and of ``pagat`` at every table from 2 to 8 players, with two
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
- ``player-counts.svg``: how the outcome shares of ``pagat`` shift with the
  number of players;
- ``figures.json``: every number the charts show, with the command that made
  them.

Every hand is dealt from a seed drawn from ``--seed``, the preset, the table
size and the kind of player, and the deal passes left after each hand, so a
run is reproducible. ``--quick`` plays 20 hands of each, for tests;
``--redraw`` draws the charts again from the ``figures.json`` in ``--out``
without playing. The figures in the documentation were made with
``--hands 5000 --seed 1``.

Run: ``python docs/make_figures.py [--hands N] [--out DIR] [--seed S] [--quick]
[--redraw]``. It needs matplotlib (``pip install 'tonk[docs]'``).

The chart helper :func:`bar_chart` takes any ``{name: {category: value}}``
table, so other figures (a bot's win rates, say) can reuse it.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

import tonk

if TYPE_CHECKING:
    from matplotlib.figure import Figure

OUT = Path(__file__).parent / "_static" / "figures"
TABLE_SIZES = (2, 4)
PLAYER_COUNTS = tuple(range(2, 9))
"""The table sizes of the player-count chart (its preset is ``pagat``)."""
COUNTED_PRESET = "pagat"
QUICK_HANDS = 10

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


def table_sizes(preset: str) -> tuple[int, ...]:
    """Return the table sizes a preset is played at: 2 to 8 for ``pagat``.

    A preset is played only at the tables its rules seat (``fifty_only`` is for
    two players, ``club_events`` for two or three).
    """
    sizes = PLAYER_COUNTS if preset == COUNTED_PRESET else TABLE_SIZES
    most = tonk.presets.get(preset).max_players
    return tuple(players for players in sizes if players <= most)


def play_run(
    name: str, players: int, player_name: str, *, hands: int, seed: int
) -> Run:
    """Play one preset at one table size with one kind of player."""
    rng = random.Random(f"{seed}:{name}:{players}:{player_name}")
    kinds, actions = simulate(
        tonk.presets.get(name),
        players=players,
        hands=hands,
        player=PLAYERS[player_name],
        rng=rng,
    )
    return {
        "preset": name,
        "players": players,
        "player": player_name,
        "hands": hands,
        "outcomes": dict(sorted(kinds.items())),
        "actions": actions,
        "mean_actions": round(actions / hands, 2),
    }


def run_all(hands: int, seed: int) -> list[Run]:
    """Play every preset at its table sizes with every kind of player."""
    return [
        play_run(name, players, player_name, hands=hands, seed=seed)
        for name in tonk.presets.names()
        for players in table_sizes(name)
        for player_name in PLAYERS
    ]


# --- the chart helpers (matplotlib) -------------------------------------------------


def _pyplot() -> Any:
    """Import matplotlib's pyplot for files (no display), or say how to get it."""
    try:
        import matplotlib
    except ImportError:
        sys.exit("make_figures.py needs matplotlib: pip install 'tonk[docs]'")
    matplotlib.use("Agg")
    matplotlib.rcParams.update(
        {
            "svg.fonttype": "none",  # text stays text: small, searchable files
            "svg.hashsalt": "tonk",  # the same ids in every run
            "font.family": "sans-serif",
            "font.size": 10,
            "axes.spines.top": False,
            "axes.spines.right": False,
        }
    )
    import matplotlib.pyplot as plt

    return plt


def to_svg(figure: Figure) -> str:
    """Return ``figure`` as SVG text (dated nowhere, so runs compare) and close it."""
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None})
    _pyplot().close(figure)
    return buffer.getvalue()


def _categories(table: Mapping[str, Mapping[str, float]]) -> list[str]:
    categories: list[str] = []
    for row in table.values():
        categories.extend(category for category in row if category not in categories)
    return categories


def bar_figure(
    table: Mapping[str, Mapping[str, float]],
    *,
    title: str,
    subtitle: str = "",
    stacked: bool = False,
    value_format: str = "{:.1f}",
    maximum: float | None = None,
    colours: Mapping[str, str] | None = None,
) -> Figure:
    """Draw a horizontal bar chart of ``{name: {category: value}}``.

    Each name is a row, top to bottom in the table's order. By default each
    category gets its own bar within the row (grouped bars); with
    ``stacked=True`` the categories are laid end to end in one bar, as for
    shares that add up to 100. A missing value is 0 and draws no bar. Each
    bar's ``gid`` (its ``id`` in the SVG) is ``bar:NAME:CATEGORY``, so a
    program can find the bars.

    Args:
        table: The values, by row name, then by category.
        title: The chart's title.
        subtitle: A line under the title (the sample, the source).
        stacked: Stack the categories in one bar per row.
        value_format: How a value is written on or next to its bar.
        maximum: The value at the right end of the axis; matplotlib's choice
            if ``None``.
        colours: A colour for each category; the palette in order otherwise.

    Returns:
        The matplotlib figure.
    """
    plt = _pyplot()
    names = list(table)
    categories = _categories(table)
    colour_of = {
        category: (colours or {}).get(category, PALETTE[index % len(PALETTE)])
        for index, category in enumerate(categories)
    }
    shown = {
        name: [category for category in categories if row.get(category, 0) > 0]
        for name, row in table.items()
    }
    per_row = 1 if stacked else max((len(row) for row in shown.values()), default=1)
    per_row = max(per_row, 1)
    height = 1.8 + 0.22 * max(len(names), 1) * (per_row if per_row > 1 else 1.6)
    made: tuple[Figure, Any] = plt.subplots(figsize=(7.5, height), layout="constrained")
    figure, axes = made
    thickness = 0.8 / per_row
    for row, name in enumerate(names):
        left = 0.0
        for index, category in enumerate(shown[name]):
            value = table[name][category]
            y = row if stacked else row - 0.4 + thickness * (index + 0.5)
            bars = axes.barh(
                y,
                value,
                height=thickness * (0.9 if stacked else 0.85),
                left=left if stacked else 0,
                color=colour_of[category],
                label=category,
            )
            bars.patches[0].set_gid(f"bar:{name}:{category}")
            text = value_format.format(value)
            if stacked:
                if maximum is None or value / maximum > 0.06:
                    axes.bar_label(
                        bars,
                        labels=[text],
                        label_type="center",
                        fontsize=8,
                        color=_ink(colour_of[category]),
                    )
                left += value
            else:
                axes.bar_label(bars, labels=[text], padding=3, fontsize=8)
    axes.set_yticks(range(len(names)), labels=names)
    axes.invert_yaxis()
    if maximum is not None:
        axes.set_xlim(0, maximum)
    axes.grid(axis="x", color="#dddddd")
    axes.set_axisbelow(True)
    handles = [
        plt.Rectangle((0, 0), 1, 1, color=colour_of[category])
        for category in categories
    ]
    if categories:
        figure.legend(
            handles,
            categories,
            loc="outside lower center",
            ncols=min(4, len(categories)),
            frameon=False,
            fontsize=9,
        )
    figure.suptitle(title + (f"\n{subtitle}" if subtitle else ""), fontsize=11)
    return figure


def bar_chart(
    table: Mapping[str, Mapping[str, float]],
    *,
    title: str,
    subtitle: str = "",
    stacked: bool = False,
    value_format: str = "{:.1f}",
    maximum: float | None = None,
    colours: Mapping[str, str] | None = None,
) -> str:
    """Draw :func:`bar_figure`'s chart and return it as an SVG document."""
    return to_svg(
        bar_figure(
            table,
            title=title,
            subtitle=subtitle,
            stacked=stacked,
            value_format=value_format,
            maximum=maximum,
            colours=colours,
        )
    )


def _ink(colour: str) -> str:
    """Return black or white, whichever reads better on ``colour``."""
    red, green, blue = (int(colour[index : index + 2], 16) for index in (1, 3, 5))
    return "#000" if 0.299 * red + 0.587 * green + 0.114 * blue > 140 else "#fff"


def line_figure(
    panels: Mapping[str, Mapping[str, Mapping[int, float]]],
    *,
    title: str,
    subtitle: str = "",
    xlabel: str,
    ylabel: str,
    colours: Mapping[str, str] | None = None,
) -> Figure:
    """Draw one panel of lines per key: ``{panel: {line: {x: y}}}``.

    Each line's ``gid`` is ``line:PANEL:LINE``.
    """
    plt = _pyplot()
    made: tuple[Figure, Any] = plt.subplots(
        1,
        len(panels),
        figsize=(4 * len(panels) + 1, 4),
        sharey=True,
        layout="constrained",
        squeeze=False,
    )
    figure, axes_row = made
    lines: list[str] = []
    for axes, (panel, series) in zip(axes_row[0], panels.items(), strict=True):
        for index, (line, points) in enumerate(series.items()):
            xs = sorted(points)
            (drawn,) = axes.plot(
                xs,
                [points[x] for x in xs],
                marker="o",
                markersize=4,
                color=(colours or {}).get(line, PALETTE[index % len(PALETTE)]),
                label=line,
            )
            drawn.set_gid(f"line:{panel}:{line}")
            if line not in lines:
                lines.append(line)
        axes.set_title(panel, fontsize=10)
        axes.set_xlabel(xlabel)
        axes.set_xticks(sorted({x for points in series.values() for x in points}))
        axes.grid(color="#dddddd")
    axes_row[0][0].set_ylabel(ylabel)
    handles = [
        plt.Line2D([], [], marker="o", color=(colours or {}).get(line, "#000"))
        for line in lines
    ]
    figure.legend(handles, lines, loc="outside right center", frameon=False, fontsize=9)
    figure.suptitle(title + (f"\n{subtitle}" if subtitle else ""), fontsize=11)
    return figure


# --- the figures -------------------------------------------------------------------


def outcome_kinds(runs: Sequence[Run]) -> list[str]:
    """Return the outcome kinds some run shows, in :class:`tonk.OutcomeKind` order."""
    return [
        kind.value
        for kind in tonk.OutcomeKind
        if any(kind.value in run["outcomes"] for run in runs)
    ]


def outcome_table(
    runs: Sequence[Run], *, player: str, players: int
) -> dict[str, dict[str, float]]:
    """Return each preset's outcome shares (%) for one kind of player and table."""
    kinds = outcome_kinds(runs)
    return {
        run["preset"]: {
            kind: 100 * run["outcomes"].get(kind, 0) / run["hands"] for kind in kinds
        }
        for run in runs
        if run["player"] == player and run["players"] == players
    }


def actions_table(runs: Sequence[Run], *, player: str) -> dict[str, dict[str, float]]:
    """Return each preset's mean actions per hand, by table size (2 and 4)."""
    table: dict[str, dict[str, float]] = {}
    for run in runs:
        if run["player"] == player and run["players"] in TABLE_SIZES:
            row = table.setdefault(run["preset"], {})
            row[f"{run['players']} players"] = run["mean_actions"]
    return table


def player_count_table(runs: Sequence[Run]) -> dict[str, dict[str, dict[int, float]]]:
    """Return ``pagat``'s outcome shares (%) by kind of player, kind and table size.

    A kind that no hand of a kind of player ended in is left out of its panel.
    """
    panels: dict[str, dict[str, dict[int, float]]] = {}
    for player in PLAYERS:
        counted = [
            run
            for run in runs
            if run["preset"] == COUNTED_PRESET and run["player"] == player
        ]
        panels[f"{player} play"] = {
            kind: {
                run["players"]: 100 * run["outcomes"].get(kind, 0) / run["hands"]
                for run in counted
            }
            for kind in outcome_kinds(counted)
        }
    return panels


def figures(runs: Sequence[Run], *, hands: int) -> dict[str, Figure]:
    """Build every chart from the runs; return the figures by file name."""
    charts: dict[str, Figure] = {}
    for player in PLAYERS:
        for players in TABLE_SIZES:
            charts[f"outcomes-{player}-{players}.svg"] = bar_figure(
                outcome_table(runs, player=player, players=players),
                title=f"How hands end: {player} play, {players} players",
                subtitle=f"Share of {hands:,} hands per preset ({_describe(player)})",
                stacked=True,
                value_format="{:.0f}%",
                maximum=100,
                colours=KIND_COLOURS,
            )
        charts[f"actions-{player}.svg"] = bar_figure(
            actions_table(runs, player=player),
            title=f"Mean actions per hand: {player} play",
            subtitle=f"{hands:,} hands per preset and table size ({_describe(player)})",
            value_format="{:.1f}",
        )
    charts["player-counts.svg"] = line_figure(
        player_count_table(runs),
        title=f"How {COUNTED_PRESET} hands end as the table grows",
        subtitle=f"Share of {hands:,} hands at each table size",
        xlabel="players",
        ylabel="share of hands (%)",
        colours=KIND_COLOURS,
    )
    return charts


def _describe(player: str) -> str:
    return {
        "random": "uniformly random legal actions: not good play",
        "simple": "drop on 10 or less, meld all, discard high",
    }[player]


def main(argv: Sequence[str] | None = None) -> int:
    """Play the hands (or read their numbers) and write the charts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000, help="hands per chart row")
    parser.add_argument("--out", type=Path, default=OUT, help="output directory")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole run")
    parser.add_argument(
        "--quick", action="store_true", help=f"play only {QUICK_HANDS} hands each"
    )
    parser.add_argument(
        "--redraw",
        action="store_true",
        help="draw the charts from the figures.json in --out, without playing",
    )
    args = parser.parse_args(argv)
    numbers_file = args.out / "figures.json"
    if args.redraw:
        numbers = json.loads(numbers_file.read_text(encoding="utf-8"))
    else:
        hands = QUICK_HANDS if args.quick else args.hands
        if hands < 1:
            parser.error("--hands must be 1 or more")
        command = "python docs/make_figures.py" + (
            " --quick" if args.quick else f" --hands {hands}"
        )
        numbers = {
            "command": f"{command} --seed {args.seed}",
            "tonk_version": tonk.__version__,
            "hands": hands,
            "seed": args.seed,
            "runs": run_all(hands, args.seed),
        }
    args.out.mkdir(parents=True, exist_ok=True)
    charts = figures(numbers["runs"], hands=numbers["hands"])
    for name, figure in charts.items():
        (args.out / name).write_text(to_svg(figure), encoding="utf-8")
    if not args.redraw:
        numbers_file.write_text(json.dumps(numbers, indent=1) + "\n", encoding="utf-8")
    print(
        f"wrote {len(charts)} charts"
        + ("" if args.redraw else " and figures.json")
        + f" to {args.out}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
