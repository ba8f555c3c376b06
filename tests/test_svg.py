"""tonk.svg: pictures of states, observations and records."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from xml.etree import ElementTree

import pytest
from hypothesis import given
from scenario import SCENARIOS

import tonk
from tonk import Card, GameState, Observation
from tonk.svg import draw, draw_positions
from tonk.testing import check_no_leak
from tonk.testing.strategies import game_states

SVG = "{http://www.w3.org/2000/svg}"


def parse(picture: str) -> ElementTree.Element:
    root = ElementTree.fromstring(picture)  # well-formed XML, or this raises
    assert root.tag == f"{SVG}svg"
    return root


def faces(root: ElementTree.Element) -> Counter[str]:
    return Counter(
        str(g.get("data-card"))
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "card"
    )


def backs(root: ElementTree.Element) -> int:
    return sum(1 for g in root.iter(f"{SVG}g") if g.get("class") == "card-back")


def names(cards: tuple[Card, ...] | list[Card]) -> Counter[str]:
    return Counter(map(str, cards))


def table_cards(view: GameState | Observation) -> Counter[str]:
    shown = Counter[str]()
    for spread in view.spreads:
        shown += names(spread.cards)
    if view.top_discard is not None:
        shown[str(view.top_discard)] += 1
    return shown


def expected_for_state(state: GameState) -> tuple[Counter[str], int]:
    shown = table_cards(state)
    for hand in state.hands:
        shown += names(hand)
    return shown, int(state.stock_size > 0)


def expected_for_observation(seen: Observation) -> tuple[Counter[str], int]:
    shown = table_cards(seen)
    hidden = 0
    if seen.shown_hands is not None:
        for hand in seen.shown_hands:
            shown += names(hand)
    else:
        for seat in range(seen.player_count):
            if seat == seen.seat:
                shown += names(seen.hand)
            else:
                shown += names(seen.taken[seat])
                hidden += seen.hand_sizes[seat] - len(seen.taken[seat])
    return shown, hidden + int(seen.stock_size > 0)


def check_state_picture(state: GameState) -> None:
    root = parse(draw(state))
    shown, face_down = expected_for_state(state)
    assert faces(root) == shown
    assert backs(root) == face_down


def check_observation_picture(state: GameState, seat: int) -> None:
    seen = tonk.observe(state, seat)
    root = parse(draw(seen))
    shown, face_down = expected_for_observation(seen)
    assert faces(root) == shown
    assert backs(root) == face_down


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_a_picture_has_one_card_element_per_card_shown(name: str) -> None:
    state = SCENARIOS[name]()
    check_state_picture(state)
    for seat in range(state.player_count):
        check_observation_picture(state, seat)
        check_no_leak(
            state, seat, random.Random(seat), view=lambda s, x: draw(tonk.observe(s, x))
        )


@given(game_states(max_actions=80))
def test_pictures_of_reachable_states(state: GameState) -> None:
    check_state_picture(state)
    seat = state.to_move
    check_observation_picture(state, seat)
    check_no_leak(
        state, seat, random.Random(0), view=lambda s, x: draw(tonk.observe(s, x))
    )


def test_the_leak_check_catches_a_picture_of_the_referee_view() -> None:
    state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
    with pytest.raises(AssertionError, match="can tell apart"):
        check_no_leak(state, 0, random.Random(0), view=lambda s, x: draw(s))


def test_wild_cards_show_what_they_stand_for() -> None:
    state = SCENARIOS["chicago-wilds"]()
    picture = draw(state)
    for spread in state.spreads:
        for card, natural in zip(spread.cards, spread.stands_for, strict=True):
            if card != natural:
                assert f"={tonk.text.format_card(natural)}" in picture


def test_a_record_draws_as_a_strip_of_positions() -> None:
    record = tonk.GameRecord.start(tonk.presets.PAGAT, players=2, seed=7)
    state = record.initial_state()
    for text in ["draw stock", "discard 9C", "drop"]:
        action = tonk.parse_action(state, text)
        state, record = tonk.apply(state, action), record.then(action)
    root = parse(draw(record))
    frames = root.findall(f"{SVG}svg")
    assert len(frames) == 3  # the deal, after seat 1's turn, after the drop
    captions = ["".join(t.itertext()) for t in root.findall(f"{SVG}text")]
    assert captions == ["the deal", "seat 1: draw stock, discard 9C", "seat 0: drop"]
    assert record._repr_svg_() == draw(record)
    # A record that stops within a turn ends with that position.
    partial = tonk.GameRecord(
        rules=record.rules, players=2, seed=7, actions=[record.actions[0]]
    )
    assert ["".join(t.itertext()) for t in parse(draw(partial)).findall(f"{SVG}text")][
        -1
    ] == ("seat 1: draw stock")


def test_jupyter_shows_states_and_observations() -> None:
    state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
    assert state._repr_svg_() == draw(state)
    seen = tonk.observe(state, 0)
    assert seen._repr_svg_() == draw(seen)


def test_captions_are_escaped() -> None:
    state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
    caption = "<b>&'\" ♥"
    root = parse(draw_positions([state], captions=[caption]))
    assert "".join(root.findall(f"{SVG}text")[0].itertext()) == caption


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"captions": ["a", "b"]},
            "^give one caption per position: 1 position, 2 captions$",
        ),
        ({"captions": []}, "^give one caption per position: 1 position, 0 captions$"),
        ({"columns": 0}, "must be positive"),
        ({"scale": 0}, "must be positive"),
    ],
)
def test_bad_arguments_are_refused(kwargs: dict[str, object], message: str) -> None:
    state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
    with pytest.raises(ValueError, match=message):
        draw_positions([state], **kwargs)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a GameState"):
        draw(42)  # type: ignore[arg-type]


def test_a_long_caption_is_wrapped_into_lines() -> None:
    state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
    caption = (
        "seat 1: draw stock, spread JH QH KH, hit 1 10H, discard 10D, all on one turn"
    )
    root = parse(draw_positions([state], captions=[caption]))
    text = root.findall(f"{SVG}text")[0]
    assert len(text.findall(f"{SVG}tspan")) > 1
    assert "".join(text.itertext()) == caption


def test_the_committed_pictures_of_the_docs_are_up_to_date() -> None:
    import importlib.util

    script = Path(__file__).parent.parent / "docs" / "make_pictures.py"
    spec = importlib.util.spec_from_file_location("make_pictures", script)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name, svg in module.pictures().items():
        committed = script.parent / "_static" / "pictures" / name
        assert committed.read_text(encoding="utf-8") == svg, (
            f"{name} is out of date: run python docs/make_pictures.py"
        )
