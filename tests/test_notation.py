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
    assert str(error)
    assert not str(error)[0].isupper()
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


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("", 0),
        ("   ", 0),
        ("fold", 0),
        ("  fold now", 2),
        ("drop now", 5),
        ("draw", 4),
        ("draw pile", 5),
        ("draw stock now", 11),
        ("spread", 6),
        ("spread 7H 8H", 12),
        ("spread 7H 8H 9X", 14),
        ("spread 7H 1H 9H", 10),
        ("hit", 3),
        ("hit x 7H", 4),
        ("hit 0 7H", 4),
        ("hit -1 7H", 4),
        ("hit ² 7H", 4),
        ("hit 1 7H 8H", 9),
        ("hit 2 7X", 7),
        ("discard", 7),
        ("discard 7H 8H", 11),
        ("discard 7X", 9),
        ("discard 1H", 8),
        ("discard HH", 8),
    ],
)
def test_malformed_text_raises_notation_error(text: str, position: int) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(fresh(), text)
    error = caught.value
    assert error.text == text
    assert error.position == position
    assert isinstance(error, ValueError)
    message = str(error)
    assert message
    assert not message[0].isupper()
