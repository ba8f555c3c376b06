"""tonk.Game: the exact states, records and errors that mutation testing asked for.

mutmut 3.8 was run on ``src/tonk/game.py`` with ``tests/test_game.py`` and
``tests/test_json_forms.py`` (docs/maintainers.md, "Mutation testing"); each
test here tells a survivor apart from the code through the public API: a
stacked deck kept in the game, a ``hit CARD`` completed from the current
state, the last of several actions shown and taken back, the exact texts of
the errors. Two more check the parts of ``Undo.UNREVEALED``'s test that no
mutant removes: an exchange with the widow is refused, going out (no hand
shown) is taken back.
"""

from __future__ import annotations

import pytest

import tonk
from tonk import Game, Rules, Undo, UndoError
from tonk.testing import stack_deck

# Seed 13, two players: after these actions the seat to move may hit spread 1
# (9D 10D JD) with the 8D it drew, its only hit.
BEFORE_THE_HIT = (
    "draw stock",
    "discard 6C",
    "draw stock",
    "discard 4C",
    "draw stock",
    "discard 7C",
    "draw stock",
    "discard JC",
    "draw stock",
    "discard 5D",
    "draw stock",
    "spread 9D 10D JD",
    "discard 8H",
    "draw stock",
)

# B11: dealer 1, seat 0 draws JH, spreads 7H-JH and goes out discarding 2S.
OUT_BY_DISCARD = ("draw stock", "spread 7H 8H 9H 10H JH", "discard 2S")


def _out_by_discard_deck() -> tuple[tonk.Card, ...]:
    return stack_deck(
        Rules(),
        hands=["7H 8H 9H 10H 2S", "AC 3C 5D 7C 9C"],
        upcard="QD",
        stock="JH",
        dealer=1,
    )


def test_a_stacked_deck_deals_the_hand_and_stays_in_its_record() -> None:
    deck = _out_by_discard_deck()
    game = Game(Rules(), players=2, deck=deck, dealer=1)
    assert game.state == tonk.new_game(Rules(), players=2, deck=deck, dealer=1)
    assert game.record.deck == tuple(deck)
    assert game.record.seed is None
    for text in OUT_BY_DISCARD:
        game.push(text)
    assert game.is_over
    assert game.record.outcome == game.state.outcome
    assert Game.from_record(game.record) == game


def test_a_hit_without_its_spread_number_is_completed_from_the_current_state() -> None:
    game = Game(Rules(), players=2, seed=13)
    for text in BEFORE_THE_HIT:
        game.push(text)
    game.push("hit 8D")
    assert game.peek() == tonk.Hit(spread=1, card=tonk.Card.parse("8D"))
    assert game.state.spreads[0].cards == tuple(
        tonk.Card.parse(text) for text in ("8D", "9D", "10D", "JD")
    )


def test_a_hit_no_spread_takes_is_refused_naming_the_card() -> None:
    game = Game(Rules(), players=2, seed=13)
    for text in BEFORE_THE_HIT:
        game.push(text)
    with pytest.raises(tonk.NotationError) as caught:
        game.push("hit 3D")
    assert str(caught.value) == (
        "no spread takes 3D; write 'hit NUMBER CARD' (at position 0 of 'hit 3D')"
    )
    assert len(game.move_stack) == len(BEFORE_THE_HIT)


def test_peek_and_pop_show_the_last_of_three_actions() -> None:
    game = Game(Rules(), players=2, seed=13)
    for text in BEFORE_THE_HIT[:3]:
        game.push(text)
    assert game.peek() == tonk.DrawStock()
    game.pop()
    assert game.peek() == tonk.Discard(tonk.Card.parse("6C"))
    assert len(game.states) == 3


def test_unrevealed_takes_back_a_discard_after_a_draw_but_not_the_draw() -> None:
    game = Game(Rules(), players=2, seed=13, undo=Undo.UNREVEALED)
    game.push("draw stock")
    game.push("discard 6C")
    assert game.can_pop()
    assert game.pop() == tonk.Discard(tonk.Card.parse("6C"))
    assert not game.can_pop()
    with pytest.raises(UndoError) as caught:
        game.pop()
    assert str(caught.value) == "cannot take back draw stock: it showed a hidden card"
    assert game.move_stack == (tonk.DrawStock(),)


def test_the_refusals_to_take_back_have_exact_texts() -> None:
    game = Game(Rules(), players=2, seed=7, undo=Undo.NEVER)
    with pytest.raises(UndoError) as at_deal:
        game.pop()
    assert str(at_deal.value) == "no action to take back: the hand is at its deal"
    with pytest.raises(UndoError) as nothing:
        game.peek()
    assert str(nothing.value) == "no action has been played yet"
    game.push("draw discard")
    with pytest.raises(UndoError) as never:
        game.pop()
    assert str(never.value) == "this game allows no take-backs"
    assert game.move_stack == (tonk.DrawDiscard(),)


def test_wrong_types_are_refused_naming_the_value() -> None:
    with pytest.raises(TypeError) as undo:
        Game(Rules(), players=2, seed=7, undo="any")  # type: ignore[arg-type]
    assert str(undo.value) == "undo must be an Undo, got 'any'"
    with pytest.raises(TypeError) as record:
        Game.from_record({"players": 2})  # type: ignore[arg-type]
    assert str(record.value) == "expected a GameRecord, got {'players': 2}"
    game = Game(Rules(), players=2, seed=7)
    with pytest.raises(TypeError) as action:
        game.push(3)  # type: ignore[arg-type]
    assert str(action.value) == "expected an action or its notation, got 3"
    assert game.move_stack == ()


def test_a_game_shows_its_current_state_as_text() -> None:
    game = Game(Rules(), players=2, seed=7)
    game.push("draw stock")
    assert str(game) == str(
        tonk.apply(tonk.new_game(Rules(), players=2, seed=7), tonk.DrawStock())
    )
    assert str(game) != str(game.states[0])


def test_unrevealed_refuses_to_take_back_an_exchange_with_the_widow() -> None:
    game = Game(Rules(widow=True), players=2, seed=7, undo=Undo.UNREVEALED)
    game.push("exchange AC")  # the seat has seen its widow (V46)
    assert not game.can_pop()
    with pytest.raises(UndoError) as caught:
        game.pop()
    assert str(caught.value) == "cannot take back exchange AC: it showed a hidden card"
    assert game.move_stack == (tonk.Exchange(tonk.Card.parse("AC")),)


def test_unrevealed_takes_back_going_out_since_no_hand_was_shown() -> None:
    deck = _out_by_discard_deck()
    game = Game(Rules(), players=2, deck=deck, dealer=1, undo=Undo.UNREVEALED)
    for text in OUT_BY_DISCARD:
        game.push(text)
    ended = game.record.outcome
    assert ended is not None
    assert ended.counts is None
    assert game.pop() == tonk.Discard(tonk.Card.parse("2S"))
    assert game.record.outcome is None
    assert game.pop() == tonk.LaySpread(tonk.parse_cards("7H 8H 9H 10H JH"))
    with pytest.raises(UndoError, match=r"^cannot take back draw stock: "):
        game.pop()
