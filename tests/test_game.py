"""tonk.Game: a hand with its move stack (push, pop, peek), record and JSON form."""

from __future__ import annotations

import json
import random

import jsonschema_rs
import pytest
from documents import any_playouts, record_of
from hypothesis import HealthCheck, given, settings

import tonk
from tonk import (
    Game,
    GameRecord,
    IllegalActionError,
    Rules,
    SerializationError,
    Undo,
    UndoError,
    from_dict,
    from_json,
    to_dict,
    to_json,
)
from tonk.testing.strategies import Playout

GAME_SCHEMA = jsonschema_rs.Draft202012Validator(tonk.json_schema(Game))


def test_push_peek_pop_walk_the_states() -> None:
    game = Game(Rules(), players=2, seed=7)
    start = tonk.new_game(Rules(), players=2, seed=7)
    assert game.state == start
    game.push("draw stock")
    game.push(game.legal_actions()[-1])
    assert len(game.states) == 3
    assert game.states[0] == start
    assert game.move_stack == (tonk.DrawStock(), game.peek())
    last = game.pop()
    assert game.state == tonk.apply(start, tonk.DrawStock())
    game.push(last)
    assert game.state.to_move == 0


def test_an_illegal_push_changes_nothing() -> None:
    game = Game(Rules(), players=2, seed=7)
    game.push("draw stock")
    before = game.copy()
    with pytest.raises(IllegalActionError) as caught:
        game.push(tonk.Drop())
    assert caught.value.reason is tonk.IllegalReason.ALREADY_DREW
    with pytest.raises(tonk.NotationError):
        game.push("fold")
    with pytest.raises(TypeError):
        game.push(3)  # type: ignore[arg-type]
    assert game == before
    assert game.states == before.states


def test_nothing_to_pop_or_peek_at_the_deal() -> None:
    game = Game(Rules(), players=3, seed=1)
    with pytest.raises(UndoError, match="at its deal"):
        game.pop()
    with pytest.raises(UndoError, match="no action"):
        game.peek()
    assert not game.can_pop()


def test_undo_policies() -> None:
    never = Game(Rules(), players=2, seed=7, undo=Undo.NEVER)
    never.push("draw discard")
    with pytest.raises(UndoError, match="no take-backs"):
        never.pop()
    assert never.move_stack == (tonk.DrawDiscard(),)

    careful = Game(Rules(), players=2, seed=7, undo=Undo.UNREVEALED)
    careful.push("draw discard")  # the card was face up: may be taken back
    assert careful.pop() == tonk.DrawDiscard()
    careful.push("draw stock")  # the drawer saw a card of the stock
    with pytest.raises(UndoError, match="showed a hidden card"):
        careful.pop()
    careful = Game(Rules(), players=2, seed=7, undo=Undo.UNREVEALED)
    careful.push("drop")  # the hands were shown
    assert careful.is_over
    with pytest.raises(UndoError, match="showed a hidden card"):
        careful.pop()

    casual = Game(Rules(), players=2, seed=7)
    casual.push("draw stock")
    casual.push(casual.legal_actions()[0])
    casual.pop()
    assert casual.pop() == tonk.DrawStock()
    with pytest.raises(TypeError):
        Game(Rules(), players=2, seed=7, undo="any")  # type: ignore[arg-type]


def test_a_game_without_a_seed_keeps_the_one_it_drew() -> None:
    game = Game(Rules(), players=2)
    assert game.record.seed is not None
    assert Game.from_record(game.record) == game


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(any_playouts(max_actions=120))
def test_a_game_is_its_record_replayed(playout: Playout) -> None:
    record = record_of(playout, finished=playout.final.outcome is not None)
    game = Game.from_record(record)
    assert game.states == playout.states
    assert game.record == record
    assert game.is_over == (playout.final.outcome is not None)
    pushed = Game(
        playout.rules, players=playout.players, seed=playout.seed, dealer=playout.dealer
    )
    for action in playout.actions:
        pushed.push(action)
    assert pushed == game
    data = to_dict(game)
    GAME_SCHEMA.validate(data)
    assert from_dict(data, Game) == game
    assert from_json(to_json(game), Game).states == game.states
    for _ in playout.actions:
        game.pop()
    assert game.states == (playout.start,)


def test_the_json_form_keeps_the_undo_policy() -> None:
    game = Game(Rules(), players=2, seed=7, undo=Undo.UNREVEALED)
    game.push("draw stock")
    data = to_dict(game)
    assert data["format"] == "tonk.game"
    assert data["undo"] == "unrevealed"
    again = from_dict(data, Game)
    assert again.undo is Undo.UNREVEALED
    assert again == game
    del data["undo"]
    assert from_dict(data, Game).undo is Undo.ANY


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("actions", ["draw stock", "drop"], r"^\$\.actions\[1\]: cannot drop"),
        ("actions", ["fold"], r"^\$\.actions\[0\]: must be an action"),
        ("undo", "sometimes", r"^\$\.undo: must be one of"),
        ("players", 1, r"^\$\.players: players must be 2"),
        ("turns", 3, r"^\$\.turns: unknown field"),
    ],
)
def test_bad_game_documents_are_refused(
    field: str, value: object, message: str
) -> None:
    data = to_dict(Game(Rules(), players=2, seed=7))
    data[field] = value
    with pytest.raises(SerializationError, match=message):
        from_dict(data, Game)
    with pytest.raises(SerializationError, match=message):
        from_json(json.dumps(data), Game)


def test_a_wrong_outcome_is_refused() -> None:
    game = Game(Rules(), players=2, seed=7)
    game.push("drop")
    data = to_dict(game)
    data["actions"] = []
    with pytest.raises(SerializationError, match=r"^\$\.outcome"):
        from_dict(data, Game)


def test_random_games_pop_back_to_the_deal() -> None:
    rng = random.Random(3)
    game = Game(tonk.presets.PAGAT, players=3, seed=11)
    while not game.is_over and len(game.move_stack) < 60:
        game.push(rng.choice(game.legal_actions()))
    states = game.states
    while game.move_stack:
        game.pop()
        assert game.state == states[len(game.move_stack)]
    assert isinstance(game.record, GameRecord)
    assert repr(Game(Rules(), players=2, seed=7)).startswith("Game.from_record(")
