"""Action notation: format_action and parse_action."""

from __future__ import annotations

import random

import pytest

import tonk
from tonk import (
    AmbiguousActionError,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    GameState,
    Hit,
    LaySpread,
    NotationError,
    Rules,
    format_action,
    parse_action,
    parse_cards,
)
from tonk.testing import stack_deck

RULES = Rules()


def card(text: str) -> Card:
    return Card.parse(text)


def fresh() -> GameState:
    return tonk.new_game(RULES, players=2, seed=7)


def play(state: GameState, *texts: str) -> GameState:
    for text in texts:
        state = tonk.apply(state, parse_action(state, text))
    return state


def two_runs_in_hearts() -> GameState:
    """Seat 0 holds 8H and has drawn; spread 1 is 5H 6H 7H, spread 2 9H 10H JH."""
    hands = ["5H 6H 7H 8H KS", "9H 10H JH 3C 4C"]
    deck = stack_deck(RULES, hands=hands, upcard="QS", stock="2C 2D 3D", dealer=1)
    state = tonk.new_game(RULES, players=2, deck=deck, dealer=1)
    state = play(state, "draw stock", "spread 5H 6H 7H", "discard 2C")
    state = play(state, "draw stock", "spread 9H 10H JH", "discard 2D")
    return play(state, "draw stock")


# --- each form -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("drop", Drop()),
        ("draw stock", DrawStock()),
        ("draw discard", DrawDiscard()),
        ("spread 7H 8H 9H", LaySpread(parse_cards("7H 8H 9H"))),
        ("spread 7C 7D 7S", LaySpread(parse_cards("7C 7D 7S"))),
        ("spread AS 2S 3S 4S", LaySpread(parse_cards("AS 2S 3S 4S"))),
        ("hit 2 10H", Hit(2, card("10H"))),
        ("hit 12 AC", Hit(12, card("AC"))),
        ("discard KS", Discard(card("KS"))),
    ],
)
def test_each_form_formats_and_parses(text: str, action: tonk.Action) -> None:
    assert format_action(action) == text
    assert parse_action(fresh(), text) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("DROP", Drop()),
        ("Draw Stock", DrawStock()),
        ("  draw   discard  ", DrawDiscard()),
        ("spread 9h 7H 8h", LaySpread(parse_cards("7H 8H 9H"))),
        ("SPREAD TH 9H JH", LaySpread(parse_cards("9H 10H JH"))),
        ("hit 2 th", Hit(2, card("10H"))),
        ("hit\t02 10H", Hit(2, card("10H"))),
        ("discard ks", Discard(card("KS"))),
    ],
)
def test_parse_is_lenient_about_case_order_and_spacing(
    text: str, action: tonk.Action
) -> None:
    assert parse_action(fresh(), text) == action


def test_spread_cards_in_any_order_are_normalised() -> None:
    orders = ["7H 8H 9H", "9H 8H 7H", "8H 7H 9H", "9H 7H 8H"]
    actions = {parse_action(fresh(), f"spread {order}") for order in orders}
    assert actions == {LaySpread(parse_cards("7H 8H 9H"))}
    (only,) = actions
    assert format_action(only) == "spread 7H 8H 9H"
    book = parse_action(fresh(), "spread 7S 7C 7H 7D")
    assert format_action(book) == "spread 7C 7D 7H 7S"


def test_hit_without_a_number_resolves_when_one_spread_fits() -> None:
    hands = ["5H 6H 7H 8H KS", "9H 10H JH 3C 4C"]
    deck = stack_deck(RULES, hands=hands, upcard="QS", stock="2C", dealer=1)
    state = tonk.new_game(RULES, players=2, deck=deck, dealer=1)
    state = play(state, "draw stock", "spread 5H 6H 7H")
    assert parse_action(state, "hit 8H") == Hit(1, card("8H"))
    assert parse_action(state, "HIT 8h") == Hit(1, card("8H"))
    # A card that no spread takes cannot be completed.
    with pytest.raises(NotationError) as caught:
        parse_action(state, "hit KS")
    assert caught.value.text == "hit KS"
    assert str(caught.value) == (
        "no spread takes KS; write 'hit NUMBER CARD' (at position 0 of 'hit KS')"
    )


def test_hit_without_a_number_picks_the_one_spread_that_fits() -> None:
    hands = ["5H 6H 7H 4H KS", "9H 10H JH QH 4C"]
    deck = stack_deck(RULES, hands=hands, upcard="QS", stock="2C 2D 3D", dealer=1)
    state = tonk.new_game(RULES, players=2, deck=deck, dealer=1)
    state = play(state, "draw stock", "spread 5H 6H 7H", "discard 2C")
    state = play(state, "draw stock", "spread 9H 10H JH")
    assert parse_action(state, "hit QH") == Hit(2, card("QH"))


def test_hit_without_a_number_is_ambiguous_when_two_spreads_fit() -> None:
    state = two_runs_in_hearts()
    with pytest.raises(AmbiguousActionError) as caught:
        parse_action(state, "hit 8H")
    error = caught.value
    assert set(error.candidates) == {Hit(1, card("8H")), Hit(2, card("8H"))}
    assert len(error.candidates) == 2
    assert isinstance(error, ValueError)
    assert isinstance(error, tonk.TonkError)
    assert str(error) == "'hit 8H' could hit spread 1, 2; write 'hit NUMBER CARD'"
    # Numbered, either is fine.
    assert parse_action(state, "hit 1 8H") == Hit(1, card("8H"))
    assert parse_action(state, "hit 2 8H") == Hit(2, card("8H"))


def test_format_rejects_what_is_not_an_action() -> None:
    with pytest.raises(TypeError):
        format_action("drop")  # type: ignore[arg-type]


# --- round trips over playouts ---------------------------------------------------


def choose(state: GameState, rng: random.Random) -> tonk.Action:
    """A playout policy that rarely drops and likes to spread and hit."""
    legal = tonk.legal_actions(state)
    if Drop() in legal and rng.random() > 0.03:
        legal = tuple(a for a in legal if not isinstance(a, Drop))
    melds = [a for a in legal if isinstance(a, LaySpread | Hit)]
    if melds and rng.random() < 0.8:
        return rng.choice(melds)
    return rng.choice(legal)


def test_parse_of_format_round_trips_for_every_legal_action() -> None:
    seen: set[type] = set()
    checked = 0
    for seed in range(60):
        rng = random.Random(seed)
        state = tonk.new_game(RULES, players=2 + seed % 4, seed=seed)
        while not state.is_terminal:
            for action in tonk.legal_actions(state):
                text = format_action(action)
                assert parse_action(state, text) == action
                assert parse_action(state, text.lower()) == action
                assert format_action(parse_action(state, text)) == text
                seen.add(type(action))
                checked += 1
            state = tonk.apply(state, choose(state, rng))
    assert seen == {Drop, DrawStock, DrawDiscard, LaySpread, Hit, Discard}
    assert checked > 1000


# --- malformed text --------------------------------------------------------------


UNKNOWN = (
    "unknown action 'fold': expected drop, draw, spread, hit, discard, claim, slap,"
    " eat, pass, exchange or tunk"
)


@pytest.mark.parametrize(
    ("text", "position", "says"),
    [
        ("", 0, "empty action"),
        ("   ", 0, "empty action"),
        ("fold", 0, UNKNOWN),
        ("  fold now", 2, UNKNOWN),
        ("drop now", 5, "'drop' takes nothing after it"),
        ("draw", 4, "'draw' takes 'stock' or 'discard'"),
        ("draw pile", 5, "cannot draw from 'pile': expected 'stock' or 'discard'"),
        ("draw stock now", 11, "'draw' takes 'stock' or 'discard'"),
        ("spread", 6, "'spread' takes at least three cards"),
        ("spread 7H 8H", 12, "'spread' takes at least three cards"),
        ("spread 7H 8H 9X", 14, "unknown suit 'X'"),
        ("spread 7H 1H 9H", 10, "unknown rank '1'"),
        ("hit", 3, "'hit' takes a spread number and a card"),
        (
            "hit x 7H",
            4,
            "spread number must be 1 or more, of at most 1000 digits, got 'x'",
        ),
        (
            "hit 0 7H",
            4,
            "spread number must be 1 or more, of at most 1000 digits, got '0'",
        ),
        (
            "hit -1 7H",
            4,
            "spread number must be 1 or more, of at most 1000 digits, got '-1'",
        ),
        (
            "hit ² 7H",
            4,
            "spread number must be 1 or more, of at most 1000 digits, got '²'",
        ),
        ("hit 1 7H 8H", 9, "'hit' takes a spread number and a card"),
        ("hit 2 7X", 7, "unknown suit 'X'"),
        ("discard", 7, "'discard' takes one card"),
        ("discard 7H 8H", 11, "'discard' takes one card"),
        ("discard 7X", 9, "unknown suit 'X'"),
        ("discard 1H", 8, "unknown rank '1'"),
        ("discard HH", 8, "unknown rank 'H'"),
        ("claim x", 6, "'claim' takes nothing after it"),
        ("pass x", 5, "'pass' takes nothing after it"),
        ("eat x", 4, "'eat' takes nothing after it"),
        ("slap", 4, "'slap' takes a spread number (and a wild card's designation)"),
        (
            "slap 0",
            5,
            "spread number must be 1 or more, of at most 1000 digits, got '0'",
        ),
        ("discard 5H 5H", 11, "'discard' takes one card"),
        ("exchange", 8, "'exchange' takes one card"),
        (
            "tunk 5H 6H 7H / 7C",
            16,
            "each spread of a 'tunk' takes at least three cards, apart by ' / '",
        ),
        (
            "tunk 5H 6H 7H /",
            15,
            "each spread of a 'tunk' takes at least three cards, apart by ' / '",
        ),
        ("tunk 5H 6H 7X", 12, "unknown suit 'X'"),
    ],
)
def test_malformed_text_raises_notation_error(
    text: str, position: int, says: str
) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(fresh(), text)
    error = caught.value
    assert error.text == text
    assert error.position == position
    assert isinstance(error, ValueError)
    assert str(error) == f"{says} (at position {position} of {text!r})"
