"""The details of `tonk._present` that mutation testing found untested.

``str()``, ``format()`` and ``_repr_svg_`` of a state, an observation, a
record, a session and a tournament's result ask the registry of
``tonk._present`` for the text of ``tonk.text`` and the picture of
``tonk.svg``. Each test pins what that promises: ``str(value)`` is
``format(value, "")`` and the writer's text, ``format(value, "ascii")`` its
ASCII text, any other spec refused with the exact message; the picture is
``tonk.svg.draw``'s; a value of a subclass is written and drawn as its class
is; a writer or a drawing registered for a kind is the one used. And
``plural`` writes a count in the singular only for 1. docs/maintainers.md
lists the mutants left.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import tonk
from tonk import GameRecord, Observation, Rules, Session, _present
from tonk.bots import BotRecord, TournamentResult
from tonk.text import (
    format_observation,
    format_record,
    format_session,
    format_state,
    format_tournament,
)


def _state() -> tonk.GameState:
    return tonk.new_game(Rules(), players=2, seed=7, dealer=0)


def _observation() -> Observation:
    return tonk.observe(_state(), 1)


def _record() -> GameRecord:
    return GameRecord(rules=Rules(), players=2, seed=7, dealer=0)


def _session() -> Session:
    session = tonk.new_session(Rules(), players=["Zoë", "Bob"], seed=3, dealer=0)
    return tonk.apply_session(session, tonk.Deal())


def _result() -> TournamentResult:
    record = BotRecord(
        name="Zoë",
        hands=1,
        wins=1,
        total_payoff=1,
        won_by=((tonk.OutcomeKind.DROP_WON, 1),),
        caught=0,
        win_rate_ci95=None,
        mean_payoff_ci95=None,
    )
    loser = attrs.evolve(record, name="b", wins=0, total_payoff=-1, won_by=())
    return TournamentResult(
        players=2,
        hands=1,
        seed=1,
        bots=(record, loser),
        outcomes=((tonk.OutcomeKind.DROP_WON, 1),),
    )


VALUES: list[tuple[Callable[[], Any], Callable[..., str]]] = [
    (_state, format_state),
    (_observation, format_observation),
    (_record, format_record),
    (_session, format_session),
    (_result, format_tournament),
]
IDS = ["state", "observation", "record", "session", "tournament"]


@pytest.mark.parametrize(("make", "write"), VALUES, ids=IDS)
def test_str_and_format_are_the_writers_text(
    make: Callable[[], Any], write: Callable[..., str]
) -> None:
    value = make()
    text = write(value)
    ascii_text = write(value, ascii=True)
    # Each value but the record (a header line) shows a suit glyph or a "ë".
    assert (text == ascii_text) is isinstance(value, GameRecord)
    assert ascii_text.isascii()
    assert str(value) == text
    assert format(value, "") == f"{value}" == text
    assert format(value, "ascii") == f"{value:ascii}" == ascii_text


@pytest.mark.parametrize(("make", "write"), VALUES, ids=IDS)
@pytest.mark.parametrize("spec", ["html", "ASCII", " ascii", "ascii ", "a", "<"])
def test_any_other_spec_is_refused_exactly(
    make: Callable[[], Any], write: Callable[..., str], spec: str
) -> None:
    message = f"unknown format spec {spec!r}: expected '' or 'ascii'"
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        format(make(), spec)


@pytest.mark.parametrize("make", [_state, _observation, _record])
def test_the_picture_is_the_drawing_of_tonk_svg(make: Callable[[], Any]) -> None:
    value = make()
    picture = value._repr_svg_()
    assert picture == tonk.svg.draw(value)
    assert picture.startswith("<svg ")


# --- a value of a subclass ----------------------------------------------------------


def _as_subclass(value: Any) -> Any:
    """``value`` as an instance of a subclass of its class, with equal fields."""
    kind = type(value)
    sub = type(f"My{kind.__name__}", (kind,), {})
    fields = attrs.fields(kind)
    return sub(
        **{field.alias: getattr(value, field.name) for field in fields if field.init}
    )


@pytest.mark.parametrize(
    ("make", "write"), VALUES[1:], ids=IDS[1:]
)  # a GameState is built only by the engine
def test_a_subclass_is_written_as_its_class(
    make: Callable[[], Any], write: Callable[..., str]
) -> None:
    value = _as_subclass(make())
    assert type(value).__name__.startswith("My")
    assert str(value) == write(value) == str(make())
    assert format(value, "ascii") == write(value, ascii=True)


@pytest.mark.parametrize("make", [_observation, _record])
def test_a_subclass_is_drawn_as_its_class(make: Callable[[], Any]) -> None:
    value = _as_subclass(make())
    assert value._repr_svg_() == tonk.svg.draw(value) == make()._repr_svg_()


# --- the registry -------------------------------------------------------------------


class _Shown:
    """A kind of value of this test's own, to register a writer and a drawing for."""


class _ShownToo(_Shown):
    """A subclass of it, with a writer of its own."""


@pytest.fixture
def _registry(monkeypatch: pytest.MonkeyPatch) -> None:
    # The registries as they are, with what a test adds taken away after it.
    monkeypatch.setattr(_present, "_TEXT", dict(_present._TEXT))
    monkeypatch.setattr(_present, "_SVG", dict(_present._SVG))


@pytest.mark.usefixtures("_registry")
def test_the_writer_registered_for_a_kind_writes_its_values() -> None:
    def write(value: object, *, ascii: bool) -> str:
        return f"{type(value).__name__} ascii={ascii}"

    _present.add_text(_Shown, write)
    assert _present.text(_Shown()) == "_Shown ascii=False"
    assert _present.text(_Shown(), "ascii") == "_Shown ascii=True"
    assert _present.text(_ShownToo()) == "_ShownToo ascii=False"  # its class's
    _present.add_text(_ShownToo, lambda value, *, ascii: f"too {ascii}")
    assert _present.text(_ShownToo(), "ascii") == "too True"
    assert _present.text(_Shown(), "") == "_Shown ascii=False"  # unchanged
    with pytest.raises(ValueError, match=r"^unknown format spec 'svg'"):
        _present.text(_Shown(), "svg")


@pytest.mark.usefixtures("_registry")
def test_the_drawing_registered_for_a_kind_draws_its_values() -> None:
    _present.add_svg(_Shown, lambda value: f"<svg>{type(value).__name__}</svg>")
    assert _present.svg(_Shown()) == "<svg>_Shown</svg>"
    assert _present.svg(_ShownToo()) == "<svg>_ShownToo</svg>"
    _present.add_svg(_ShownToo, lambda value: "<svg/>")
    assert _present.svg(_ShownToo()) == "<svg/>"
    assert _present.svg(_Shown()) == "<svg>_Shown</svg>"


@pytest.mark.usefixtures("_registry")
def test_a_kind_with_nothing_registered_is_refused() -> None:
    with pytest.raises(TypeError, match=r"^no text is registered for _Shown$"):
        _present.text(_Shown())
    with pytest.raises(TypeError, match=r"^no picture is registered for _Shown$"):
        _present.svg(_Shown())
    with pytest.raises(TypeError, match=r"^no picture is registered for Session$"):
        _present.svg(_session())  # a session has a text, not a picture


# --- plural and the format spec -----------------------------------------------------


@pytest.mark.parametrize(
    ("count", "noun", "written"),
    [
        (1, "hand", "1 hand"),
        (0, "card", "0 cards"),
        (2, "hand", "2 hands"),
        (11, "card", "11 cards"),
        (21, "card", "21 cards"),
        (-1, "card", "-1 cards"),
        (1, "hand size", "1 hand size"),
        (3, "hand size", "3 hand sizes"),
    ],
)
def test_plural_is_singular_only_for_one(count: int, noun: str, written: str) -> None:
    assert _present.plural(count, noun) == written


def test_a_tables_counts_are_in_the_singular_only_for_one() -> None:
    state = _state()
    assert f"stock: {len(state.stock)} cards" in str(state)
    assert "1 hand dealt" in str(_session())
    assert "2 players, 1 hand, seed 1" in str(_result())


@pytest.mark.parametrize(("spec", "ascii"), [("", False), ("ascii", True)])
def test_is_ascii_spec_reads_the_two_specs(spec: str, ascii: bool) -> None:
    assert _present.is_ascii_spec(spec) is ascii
