"""The details of `tonk.state` that mutation testing found untested.

Each test pins what the public values of a hand promise: a spread's text,
card by card (a wild shown with what it stands for, a card that stands for
itself shown alone, a spread whose two lists differ refused), the exact
refusals of `GameState`'s keywords, and the state's picture in Jupyter;
and each property of a state, which mutmut leaves alone (it does not
change decorated functions), checked against hand-made mutants.
"""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest

import tonk
from tonk import (
    Bookkeeping,
    Card,
    GameState,
    SlapWindow,
    Spread,
    SpreadKind,
    parse_cards,
)


def _state() -> GameState:
    return tonk.new_game(tonk.Rules(), players=3, seed=11)


def _fields(state: GameState) -> dict[str, Any]:
    return {
        field.name: getattr(state, field.name)
        for field in attrs.fields(GameState)
        if field.name != "bookkeeping"
    }


def _bookkeeping_fields(state: GameState) -> dict[str, Any]:
    book = state.bookkeeping
    return {
        field.name: getattr(book, field.name) for field in attrs.fields(Bookkeeping)
    }


def test_a_spread_shows_each_card_and_what_a_wild_stands_for() -> None:
    book = Spread(
        number=3,
        owner=2,
        kind=SpreadKind.BOOK,
        cards=parse_cards("7C JK 7H 2S"),
        stands_for=parse_cards("7C 7D 7H 7S"),
    )
    assert str(book) == "3: 7C JK=7D 7H 2S=7S (seat 2)"
    natural = Spread(
        number=1,
        owner=0,
        kind=SpreadKind.RUN,
        cards=parse_cards("2H 3H 4H"),
        stands_for=parse_cards("2H 3H 4H"),
    )
    assert str(natural) == "1: 2H 3H 4H (seat 0)"
    one = Spread(
        number=12,
        owner=1,
        kind=SpreadKind.RUN,
        cards=parse_cards("JK"),
        stands_for=parse_cards("9D"),
    )
    assert str(one) == "12: JK=9D (seat 1)"


def test_a_spread_whose_cards_and_naturals_differ_in_length_has_no_text() -> None:
    """A spread built with a card too few or too many is refused, not cut short."""
    for cards, naturals in (("7C 7D 7H", "7C 7D"), ("7C 7D", "7C 7D 7H")):
        spread = Spread(
            number=1,
            owner=0,
            kind=SpreadKind.BOOK,
            cards=parse_cards(cards),
            stands_for=parse_cards(naturals),
        )
        with pytest.raises(ValueError, match=r"^zip\(\) argument 2 is"):
            str(spread)


def test_unknown_keywords_of_a_state_are_refused_word_for_word() -> None:
    state = _state()
    extra: dict[str, Any] = {"spam": 1, "eggs": 2}
    one: dict[str, Any] = {"spam": 1}
    with pytest.raises(
        TypeError,
        match=r"^GameState\(\) got unexpected keyword arguments: eggs, spam$",
    ):
        GameState(**_fields(state), bookkeeping=state.bookkeeping, **extra)
    with pytest.raises(
        TypeError, match=r"^GameState\(\) got unexpected keyword arguments: spam$"
    ):
        GameState(**_fields(state), **_bookkeeping_fields(state), **one)


def test_a_state_without_its_bookkeeping_names_the_missing_fields_in_order() -> None:
    state = _state()
    message = (
        "GameState() needs bookkeeping or each of its fields; missing: "
        "waits, going_out_barred, hit_this_round, hits_this_turn, must_use, "
        "widows, exchanged, slap"
    )
    with pytest.raises(TypeError, match=f"^{re.escape(message)}$"):
        GameState(**_fields(state))
    some = {
        name: value
        for name, value in _bookkeeping_fields(state).items()
        if name not in ("hit_this_round", "widows")
    }
    with pytest.raises(
        TypeError,
        match=(
            r"^GameState\(\) needs bookkeeping or each of its fields;"
            r" missing: hit_this_round, widows$"
        ),
    ):
        GameState(**_fields(state), **some)


def test_the_h_fields_default_to_no_tunk_and_no_buried_upcard() -> None:
    state = _state()
    fields = _bookkeeping_fields(state)
    del fields["tunker"], fields["buried"]
    built = GameState(**_fields(state), **fields)
    assert (built.tunker, built.buried) == (None, False)
    assert built == state


def test_a_state_draws_its_picture_in_jupyter_as_svg_draw_does() -> None:
    state = _state()
    picture = state._repr_svg_()
    assert picture == tonk.svg.draw(state)
    assert picture.startswith("<svg")


def test_each_property_reads_its_own_field() -> None:
    """mutmut does not change decorated functions: the properties by hand."""
    state = _state()
    slap = SlapWindow(card=Card.parse("8H"), discarder=0, due=1, waiting=(2, 0))
    book = Bookkeeping(
        waits=(1, 2, 0),
        going_out_barred=(True, False, False),
        hit_this_round=(False, True, False),
        hits_this_turn=2,
        must_use=Card.parse("QS"),
        widows=parse_cards("3C 4D 5H"),
        exchanged=(False, False, True),
        slap=slap,
        tunker=1,
        buried=True,
    )
    changed = attrs.evolve(state, bookkeeping=book)
    assert changed.bookkeeping is book
    assert {
        name: getattr(changed, name) for name in attrs.fields_dict(Bookkeeping)
    } == {
        "waits": (1, 2, 0),
        "going_out_barred": (True, False, False),
        "hit_this_round": (False, True, False),
        "hits_this_turn": 2,
        "must_use": Card.parse("QS"),
        "widows": parse_cards("3C 4D 5H"),
        "exchanged": (False, False, True),
        "slap": slap,
        "tunker": 1,
        "buried": True,
    }


def test_the_counts_of_players_and_stock_the_top_discard_and_the_end() -> None:
    state = _state()
    assert (state.player_count, state.stock_size) == (3, len(state.stock))
    assert state.stock_size == 52 - 3 * 5 - len(state.discard_pile)
    assert tonk.new_game(tonk.Rules(), players=2, seed=1).player_count == 2
    pile = parse_cards("9C KD")
    assert attrs.evolve(state, discard_pile=pile).top_discard == Card.parse("KD")
    assert attrs.evolve(state, discard_pile=()).top_discard is None
    assert state.hand(2) == state.hands[2]
    assert state.hand(0) != state.hand(1)
    assert (state.is_terminal, state.outcome) == (False, None)
    while not state.is_terminal:
        state = tonk.apply(state, tonk.legal_actions(state)[0])
    assert state.outcome is not None
    assert state.phase is tonk.Phase.HAND_OVER
