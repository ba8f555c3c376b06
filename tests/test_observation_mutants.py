"""What a seat is shown, and the states dealt from it, down to the exact value.

Written to kill the survivors of mutation testing of ``tonk.observation``
(docs/maintainers.md, "Mutation testing"): the exact type and message of each
refusal of :func:`tonk.observe` and :func:`tonk.determinize`, a seat given as
a subclass of ``int``, and the text and picture of an observation.
"""

from __future__ import annotations

import random

import attrs
import pytest

import tonk
from tonk import GameState, Observation, Rules, RulesError, determinize, observe


def _deal() -> GameState:
    """A hand just dealt (seed 7, dealer 0): seat 1 is to move first."""
    return tonk.new_game(Rules(), players=2, seed=7, dealer=0)


class _Seat(int):
    """A seat number of a type of its own, as an ``IntEnum`` of seats would be."""


# --- the seat ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "shown"), [("0", "'0'"), (True, "True"), (0.0, "0.0")]
)
def test_observe_refuses_a_seat_that_is_not_an_int_showing_it(
    seat: object, shown: str
) -> None:
    with pytest.raises(TypeError) as error:
        observe(_deal(), seat)  # type: ignore[arg-type]
    assert str(error.value) == f"seat must be an int, got {shown}"


@pytest.mark.parametrize(("seat", "shown"), [("1", "'1'"), (True, "True")])
def test_determinize_refuses_an_observation_whose_seat_is_not_an_int(
    seat: object, shown: str
) -> None:
    seen = attrs.evolve(observe(_deal(), 1), seat=seat)  # type: ignore[arg-type]
    with pytest.raises(TypeError) as error:
        determinize(seen, random.Random(1))
    assert str(error.value) == f"seat must be an int, got {shown}"


@pytest.mark.parametrize("seat", [-1, 2])
def test_observe_and_determinize_refuse_a_seat_off_the_table_exactly(seat: int) -> None:
    state = _deal()
    with pytest.raises(RulesError) as error:
        observe(state, seat)
    assert str(error.value) == f"seat must be 0..1, got {seat}"
    seen = attrs.evolve(observe(state, 0), seat=_Seat(seat))
    with pytest.raises(RulesError) as error:
        determinize(seen, random.Random(1))
    assert str(error.value) == f"seat must be 0..1, got {seat}"


@pytest.mark.parametrize("seat", [0, 1])
def test_a_seat_of_an_int_subclass_is_the_seat_of_that_number(seat: int) -> None:
    """Every seat of the table, the first included, whatever int type names it."""
    state = _deal()
    seen = observe(state, _Seat(seat))
    assert seen == observe(state, seat)
    assert seen.hand == state.hands[seat]
    sample = determinize(seen, random.Random(5))
    assert sample.hands[seat] == state.hands[seat]
    assert observe(sample, seat) == observe(state, seat)


# --- determinize refuses what does not fit the pack ---------------------------------


def test_determinize_names_a_card_shown_more_often_than_the_pack_holds_it() -> None:
    seen = observe(_deal(), 0)
    twice = attrs.evolve(seen, discard_pile=(*seen.discard_pile, seen.hand[0]))
    with pytest.raises(RulesError) as error:
        determinize(twice, random.Random(0))
    assert str(error.value) == (
        "the observation does not fit the pack of its rules: it shows cards"
        " more often than the pack holds them"
    )


def test_determinize_counts_the_unseen_cards_and_the_hidden_places() -> None:
    seen = observe(_deal(), 0)
    assert seen.stock_size == 41
    with pytest.raises(RulesError) as error:
        determinize(attrs.evolve(seen, stock_size=42), random.Random(0))
    assert str(error.value) == (
        "the observation does not fit the pack of its rules:"
        " 46 unseen cards for 47 hidden places"
    )


# --- the text and the picture --------------------------------------------------------


def test_an_observation_is_written_and_drawn_by_the_text_and_svg_modules() -> None:
    seen: Observation = observe(_deal(), 0)
    glyphs = tonk.text.format_observation(seen)
    plain = tonk.text.format_observation(seen, ascii=True)
    assert "J♣" in glyphs
    assert "JC" in plain
    assert str(seen) == f"{seen}" == glyphs
    assert format(seen, "ascii") == f"{seen:ascii}" == plain
    assert seen._repr_svg_() == tonk.svg.draw(seen)
    assert seen._repr_svg_().startswith("<svg")
    with pytest.raises(ValueError, match="unknown format spec 'html'"):
        format(seen, "html")


@pytest.mark.parametrize(
    ("fields", "known"),
    [
        ({"hand_sizes": (5, 5, 5)}, 2),
        ({"taken": ((), (), ())}, 3),
        ({"taken": ()}, 0),
        ({"shown_hands": ((), (), ())}, 3),
    ],
)
def test_determinize_refuses_hand_sizes_for_another_number_of_seats(
    fields: dict[str, object], known: int
) -> None:
    """A forged observation whose hand sizes and known hands disagree on the
    number of seats is refused, not dealt (and not a bare error of ``zip``)."""
    forged = attrs.evolve(observe(_deal(), 0), **fields)  # type: ignore[arg-type]
    with pytest.raises(RulesError) as error:
        determinize(forged, random.Random(0))
    assert str(error.value) == (
        "the observation does not fit its table:"
        f" {len(forged.hand_sizes)} hand sizes, known cards for {known} seats"
    )
