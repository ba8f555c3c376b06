"""What a seat is shown, and the states dealt from it, down to the exact value.

Written to kill the survivors of mutation testing of ``tonk.observation``
(docs/maintainers.md, "Mutation testing"): the exact type and message of each
refusal of :func:`tonk.observe` and :func:`tonk.determinize`, a seat given as
a subclass of ``int``, and the text and picture of an observation. Two stacked
hands check card by card that nothing a seat is shown (the observation, its
repr, JSON form, legal-action listing and text) names a card it may not know:
a widow not exchanged with, another hand, the stock, a hand after going out.
"""

from __future__ import annotations

import json
import random

import attrs
import pytest
from scenario import out_by_discard

import tonk
from tonk import (
    Card,
    DrawDiscard,
    GameState,
    Observation,
    Rules,
    RulesError,
    determinize,
    observe,
)
from tonk.testing import observed


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
    ("fields", "counts"),
    [
        ({"hand_sizes": (5, 5, 5)}, "3 hand sizes, known cards for 2 seats"),
        ({"taken": ((), (), ())}, "2 hand sizes, known cards for 3 seats"),
        ({"taken": ((),)}, "2 hand sizes, known cards for 1 seat"),
        ({"taken": ()}, "2 hand sizes, known cards for 0 seats"),
        ({"shown_hands": ((), (), ())}, "2 hand sizes, known cards for 3 seats"),
    ],
)
def test_determinize_refuses_hand_sizes_for_another_number_of_seats(
    fields: dict[str, object], counts: str
) -> None:
    """A forged observation whose hand sizes and known hands disagree is refused.

    It is not dealt, and the error is not a bare one of ``zip``.
    """
    forged = attrs.evolve(observe(_deal(), 0), **fields)  # type: ignore[arg-type]
    with pytest.raises(RulesError) as error:
        determinize(forged, random.Random(0))
    assert str(error.value) == f"the observation does not fit its table: {counts}"


# --- no hidden card is shown ----------------------------------------------------------


def _hidden(state: GameState, seat: int) -> list[Card]:
    """The cards ``seat`` may not know: the other hands less their taken cards,
    the stock, and every widow but its own once it has exchanged (V46)."""
    hidden: list[Card] = [*state.stock]
    for other, hand in enumerate(state.hands):
        if other != seat:
            rest = list(hand)
            for card in state.taken[other]:
                rest.remove(card)
            hidden.extend(rest)
    for other, widow in enumerate(state.widows):
        if not (other == seat and state.exchanged[seat]):
            hidden.append(widow)
    return hidden


def _shows_no_hidden_card(state: GameState) -> None:
    """Check that each seat's observation, its repr, its JSON form, its
    legal-action listing and its text name no card the seat may not know."""
    for seat in range(len(state.hands)):
        seen, text, listing = observed(state, seat)
        plain = format(seen, "ascii")
        shown = (repr(seen), text, json.dumps(listing), plain)
        for card in _hidden(state, seat):
            for words in shown:
                assert f"'{card}'" not in words
                assert f'"{card}"' not in words
            assert str(card) not in plain.split()


def test_no_hidden_card_is_named_in_anything_a_seat_is_shown() -> None:
    """A widow table (V46) after seat 1 gave up its 5C to its widow for the 2D
    and took the 9H from the pile: the 2D is hidden from the others, and seat 1
    alone knows the 5C in its widow."""
    state = tonk.new_game(Rules(widow=True), players=3, seed=0, dealer=0)
    state = tonk.apply(state, tonk.parse_action(state, "exchange 5C"))
    state = tonk.apply(state, DrawDiscard())
    assert state.widows[1] == Card.parse("5C")
    assert state.taken[1] == (Card.parse("9H"),)
    assert Card.parse("2D") in state.hands[1]
    _shows_no_hidden_card(state)
    for seat in range(3):
        seen = observe(state, seat)
        hidden = _hidden(state, seat)
        assert len(hidden) == 52 - len(state.hands[seat]) - 1  # the 9H or 5C
        assert (Card.parse("2D") in hidden) is (seat != 1)
        assert (seen.widow == Card.parse("5C")) is (seat == 1)
        assert seen.taken[1] == (Card.parse("9H"),)


def test_no_hand_is_shown_after_a_seat_goes_out() -> None:
    """B11: seat 0 goes out by discarding; nobody shows a hand, so seat 1's
    cards stay hidden from seat 0 and the stock from both."""
    state = out_by_discard()
    assert state.outcome is not None
    assert state.outcome.counts is None
    assert len(_hidden(state, 0)) == 5 + len(state.stock)
    _shows_no_hidden_card(state)


def test_an_observation_is_built_as_its_init_would_build_it() -> None:
    """observe and the protocol's reader build an Observation slot by slot."""
    from tonk.observation import _from_fields, _UnbuiltObservation

    # __class__ is assigned only between classes of the same slots.
    assert _UnbuiltObservation.__slots__ == Observation.__slots__  # type: ignore[attr-defined]
    state = tonk.apply(_deal(), DrawDiscard())
    for seat in (0, 1):
        seen = observe(state, seat)
        fields = {
            field.name: getattr(seen, field.name) for field in attrs.fields(Observation)
        }
        built = _from_fields(dict(fields))
        assert type(seen) is Observation
        assert type(built) is Observation
        assert built == seen == Observation(**fields)
        assert hash(built) == hash(seen)
    missing = dict(fields)
    del missing["buried"]  # a default of the __init__: given by it
    assert _from_fields(missing) == seen
    del missing["hand"]
    with pytest.raises(TypeError, match="hand"):
        _from_fields(missing)
    with pytest.raises(TypeError, match="colour"):
        _from_fields({**missing, "hand": seen.hand, "colour": "red"})
