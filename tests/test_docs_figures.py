"""The documentation's figure script runs and draws its charts with matplotlib."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import tonk

pytest.importorskip("matplotlib")

SCRIPT = Path(__file__).parent.parent / "docs" / "make_figures.py"
COMMITTED = SCRIPT.parent / "_static" / "figures"
SVG = "{http://www.w3.org/2000/svg}"
CHARTS = {
    "outcomes-random-2.svg",
    "outcomes-random-4.svg",
    "outcomes-simple-2.svg",
    "outcomes-simple-4.svg",
    "actions-random.svg",
    "actions-simple.svg",
    "player-counts.svg",
}


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_figures", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def ids(svg: str, kind: str) -> set[str]:
    """Parse ``svg`` (failing if it is not well-formed); return its ``kind:`` ids."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    found = [
        str(element.get("id"))
        for element in root.iter()
        if str(element.get("id", "")).startswith(f"{kind}:")
    ]
    assert len(found) == len(set(found)), "two elements with one id"
    return {name.split(":", 1)[1] for name in found}


def bar_values(figure: Any) -> dict[str, float]:
    """Return each bar's value (its width) by ``NAME:CATEGORY``, from its gid."""
    return {
        patch.get_gid().split(":", 1)[1]: patch.get_width()
        for axes in figure.axes
        for patch in axes.patches
        if (patch.get_gid() or "").startswith("bar:")
    }


def expected_outcome_bars(
    runs: list[Any], player: str, players: int
) -> dict[str, float]:
    return {
        f"{run['preset']}:{kind}": 100 * count / run["hands"]
        for run in runs
        if run["player"] == player and run["players"] == players
        for kind, count in run["outcomes"].items()
    }


def seating(name: str) -> list[int]:
    """The tables of 2 and 4 players that a preset seats."""
    return [
        players for players in (2, 4) if players <= tonk.presets.get(name).max_players
    ]


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # In this process: the script's own run as a script is CI's figure step.
    out = tmp_path_factory.mktemp("figures")
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert load_script().main(["--quick", "--out", str(out)]) == 0
    assert "wrote 7 charts and figures.json" in printed.getvalue()
    return out


def test_quick_run_writes_every_chart_and_its_numbers(quick: Path) -> None:
    assert {path.name for path in quick.iterdir()} == {*CHARTS, "figures.json"}
    numbers = json.loads((quick / "figures.json").read_text(encoding="utf-8"))
    assert numbers["hands"] == 10
    assert numbers["command"] == "python docs/make_figures.py --quick --seed 1"
    runs = numbers["runs"]
    tables = sum(len(seating(name)) for name in tonk.presets.names() if name != "pagat")
    assert len(runs) == (tables + 7) * 2  # pagat at 2..8 players
    for run in runs:
        assert sum(run["outcomes"].values()) == run["hands"] == 10
        assert run["mean_actions"] == round(run["actions"] / 10, 2)


@pytest.mark.parametrize("player", ["random", "simple"])
@pytest.mark.parametrize("players", [2, 4])
def test_outcome_charts_have_a_bar_per_preset_and_outcome(
    quick: Path, player: str, players: int
) -> None:
    numbers = json.loads((quick / "figures.json").read_text(encoding="utf-8"))
    expected = expected_outcome_bars(numbers["runs"], player, players)
    svg = (quick / f"outcomes-{player}-{players}.svg").read_text(encoding="utf-8")
    assert ids(svg, "bar") == set(expected)
    script = load_script()
    table = script.outcome_table(numbers["runs"], player=player, players=players)
    assert set(table) == {
        name for name in tonk.presets.names() if players in seating(name)
    }
    assert all(sum(row.values()) == pytest.approx(100) for row in table.values())
    figure = script.bar_figure(table, title="t", stacked=True, maximum=100)
    assert bar_values(figure) == pytest.approx(expected)


@pytest.mark.parametrize("player", ["random", "simple"])
def test_action_charts_have_a_bar_per_preset_and_table(
    quick: Path, player: str
) -> None:
    numbers = json.loads((quick / "figures.json").read_text(encoding="utf-8"))
    expected = {
        f"{run['preset']}:{run['players']} players": run["mean_actions"]
        for run in numbers["runs"]
        if run["player"] == player and run["players"] in (2, 4)
    }
    assert len(expected) == sum(len(seating(name)) for name in tonk.presets.names())
    svg = (quick / f"actions-{player}.svg").read_text(encoding="utf-8")
    assert ids(svg, "bar") == set(expected)
    script = load_script()
    figure = script.bar_figure(
        script.actions_table(numbers["runs"], player=player), title="t"
    )
    assert bar_values(figure) == pytest.approx(expected)


def test_the_player_count_chart_has_a_line_per_player_and_outcome(quick: Path) -> None:
    numbers = json.loads((quick / "figures.json").read_text(encoding="utf-8"))
    panels = load_script().player_count_table(numbers["runs"])
    assert set(panels) == {"random play", "simple play"}
    for panel, lines in panels.items():
        player = panel.split()[0]
        pagat = [
            run
            for run in numbers["runs"]
            if run["preset"] == "pagat" and run["player"] == player
        ]
        assert sorted(run["players"] for run in pagat) == list(range(2, 9))
        for players in range(2, 9):  # the shares at each table add up to 100
            assert sum(points[players] for points in lines.values()) == pytest.approx(
                100
            )
    svg = (quick / "player-counts.svg").read_text(encoding="utf-8")
    assert ids(svg, "line") == {
        f"{panel}:{kind}" for panel, lines in panels.items() for kind in lines
    }


def test_bar_chart_takes_any_table_and_escapes_text() -> None:
    script = load_script()
    table = {
        "<bot & co>": {"vs random": 81.0, "vs 'careful'": 50.0},
        "random": {"vs random": 50.0, "vs 'careful'": 0.0},
    }
    svg = script.bar_chart(table, title="Wins & losses", value_format="{:.0f}%")
    assert ids(svg, "bar") == {  # a zero draws no bar
        "<bot & co>:vs random",
        "<bot & co>:vs 'careful'",
        "random:vs random",
    }
    assert "Wins &amp; losses" in svg


def test_stacked_bars_lie_end_to_end() -> None:
    figure = load_script().bar_figure(
        {"pagat": {"a": 25.0, "b": 75.0}}, title="t", stacked=True, maximum=100
    )
    first, second = (
        patch
        for patch in figure.axes[0].patches
        if (patch.get_gid() or "").startswith("bar:")
    )
    assert second.get_x() == pytest.approx(first.get_x() + first.get_width())
    assert second.get_width() == pytest.approx(3 * first.get_width())


def test_an_empty_table_is_still_an_svg() -> None:
    assert ids(load_script().bar_chart({}, title="nothing yet"), "bar") == set()


def test_committed_figures_show_the_committed_numbers() -> None:
    numbers = json.loads((COMMITTED / "figures.json").read_text(encoding="utf-8"))
    runs = numbers["runs"]
    for player in ("random", "simple"):
        for players in (2, 4):
            svg = (COMMITTED / f"outcomes-{player}-{players}.svg").read_text("utf-8")
            assert ids(svg, "bar") == set(expected_outcome_bars(runs, player, players))
    panels = load_script().player_count_table(runs)
    svg = (COMMITTED / "player-counts.svg").read_text(encoding="utf-8")
    assert ids(svg, "line") == {
        f"{panel}:{kind}" for panel, lines in panels.items() for kind in lines
    }


def test_redraw_draws_the_same_charts_from_the_numbers(
    quick: Path, tmp_path: Path
) -> None:
    (tmp_path / "figures.json").write_bytes((quick / "figures.json").read_bytes())
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert load_script().main(["--redraw", "--out", str(tmp_path)]) == 0
    assert printed.getvalue().startswith("wrote 7 charts to ")
    for name in CHARTS:
        assert (tmp_path / name).read_text() == (quick / name).read_text(), name
