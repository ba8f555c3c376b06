"""The documentation's figure script runs and draws well-formed SVG bar charts."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

import tonk

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
}


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_figures", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bars(svg: str) -> list[ET.Element]:
    """Parse ``svg`` (failing if it is not well-formed) and return its bars."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return [rect for rect in root.iter(f"{SVG}rect") if rect.get("class") == "bar"]


def values(svg: str) -> dict[tuple[str, str], float]:
    """Return each bar's value by (name, category)."""
    found = {}
    for bar in bars(svg):
        key = (bar.get("data-name", ""), bar.get("data-category", ""))
        assert key not in found, f"two bars for {key}"
        found[key] = float(bar.get("data-value", "nan"))
        assert float(bar.get("width", "0")) > 0
    return found


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("figures")
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--quick", "--out", str(out)],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert "wrote 6 charts" in result.stdout
    return out


def test_quick_run_writes_every_chart_and_its_numbers(quick: Path) -> None:
    assert {path.name for path in quick.iterdir()} == {*CHARTS, "figures.json"}
    numbers = json.loads((quick / "figures.json").read_text(encoding="utf-8"))
    assert numbers["hands"] == 20
    assert numbers["command"] == "python docs/make_figures.py --quick --seed 1"
    runs = numbers["runs"]
    assert len(runs) == len(tonk.presets.names()) * 2 * 2
    for run in runs:
        assert sum(run["outcomes"].values()) == run["hands"] == 20
        assert run["mean_actions"] == round(run["actions"] / 20, 2)


@pytest.mark.parametrize("player", ["random", "simple"])
@pytest.mark.parametrize("players", [2, 4])
def test_outcome_charts_have_a_bar_per_preset_and_outcome(
    quick: Path, player: str, players: int
) -> None:
    numbers = json.loads((quick / "figures.json").read_text(encoding="utf-8"))
    svg = (quick / f"outcomes-{player}-{players}.svg").read_text(encoding="utf-8")
    expected = {
        (run["preset"], kind): 100 * count / 20
        for run in numbers["runs"]
        if run["player"] == player and run["players"] == players
        for kind, count in run["outcomes"].items()
    }
    assert values(svg) == pytest.approx(expected)
    shares: dict[str, float] = {}
    for (preset, _), share in values(svg).items():
        shares[preset] = shares.get(preset, 0.0) + share
    assert set(shares) == set(tonk.presets.names())
    assert all(total == pytest.approx(100) for total in shares.values())


@pytest.mark.parametrize("player", ["random", "simple"])
def test_action_charts_have_a_bar_per_preset_and_table(
    quick: Path, player: str
) -> None:
    numbers = json.loads((quick / "figures.json").read_text(encoding="utf-8"))
    svg = (quick / f"actions-{player}.svg").read_text(encoding="utf-8")
    expected = {
        (run["preset"], f"{run['players']} players"): run["mean_actions"]
        for run in numbers["runs"]
        if run["player"] == player
    }
    assert len(expected) == len(tonk.presets.names()) * 2
    assert values(svg) == pytest.approx(expected)


def test_bar_chart_takes_any_table_and_escapes_text() -> None:
    script = load_script()
    table = {
        "<bot & co>": {"vs random": 81.0, "vs 'careful'": 50.0},
        "random": {"vs random": 50.0, "vs 'careful'": 0.0},
    }
    svg = script.bar_chart(table, title="Wins & losses", value_format="{:.0f}%")
    assert values(svg) == {
        ("<bot & co>", "vs random"): 81.0,
        ("<bot & co>", "vs 'careful'"): 50.0,
        ("random", "vs random"): 50.0,  # a zero draws no bar
    }
    root = ET.fromstring(svg)
    assert root.findtext(f"{SVG}title") == "Wins & losses"


def test_stacked_bars_lie_end_to_end() -> None:
    script = load_script()
    svg = script.bar_chart(
        {"pagat": {"a": 25.0, "b": 75.0}}, title="t", stacked=True, maximum=100
    )
    first, second = bars(svg)
    end = float(first.get("x", "0")) + float(first.get("width", "0"))
    assert float(second.get("x", "0")) == pytest.approx(end, abs=0.1)
    assert float(second.get("width", "0")) == pytest.approx(
        3 * float(first.get("width", "0")), abs=0.2
    )


def test_an_empty_table_is_still_an_svg() -> None:
    assert bars(load_script().bar_chart({}, title="nothing yet")) == []


def test_committed_figures_are_drawn_from_the_committed_numbers() -> None:
    numbers = json.loads((COMMITTED / "figures.json").read_text(encoding="utf-8"))
    charts = load_script().figures(numbers["runs"], hands=numbers["hands"])
    assert set(charts) == CHARTS
    for name, svg in charts.items():
        assert (COMMITTED / name).read_text(encoding="utf-8") == svg, name
