"""The PettingZoo environment's details that mutation testing found untested.

Each test pins what `raw_env` promises in its docstring and in
docs/environments.md: the session block at the end of every observation of
a session (its phase, the Big One, the deals left, the called suit, who
leads), its bounds in the observation space, the values a reset starts
from, the spaces themselves, and the refusals and texts word for word.
docs/maintainers.md lists the mutants left.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import attrs
import numpy as np

import tonk
from tonk.envs import pettingzoo as tonk_pz
from tonk.rules import Scoring
from tonk.session import Session, SessionPhase

PHASES = tuple(SessionPhase)
SUITS = "CDHS"


def block_size(players: int) -> int:
    """The session block: phase, Big One (2), deals left (2), suit, leads."""
    return len(PHASES) + 2 + 2 + len(SUITS) + players


def expected_block(session: Session, seat: int, max_hands: int | None) -> list[float]:
    """The session block of ``seat``, from the session as docs/environments.md says."""
    rules = session.rules
    limits = [n for n in (rules.match_deals, max_hands) if n is not None]
    limit = min(limits) if limits else None
    suit = None if session.called_suit is None else session.called_suit.value
    pairs = (
        session.push_up_totals if rules.scoring is Scoring.PUSH_UPS else session.ledger
    )
    scores = [score for _, score in pairs]
    around = [scores[(seat + step) % len(scores)] for step in range(len(scores))]
    return [
        *(float(phase is session.phase) for phase in PHASES),
        float(session.big_one_left is not None),
        float(session.big_one_left or 0),
        float(limit is not None),
        0.0 if limit is None else float(max(0, limit - session.number)),
        *(float(suit == letter) for letter in SUITS),
        *(float((score > scores[seat]) - (score < scores[seat])) for score in around),
    ]


SESSIONS = [
    ({"rules": tonk.Rules(big_one_deals=2, suit_bet=1), "players": 2}, None),
    ({"rules": attrs.evolve(tonk.presets.PAGAT, match_deals=3), "players": 3}, 2),
    ({"rules": "push_ups", "players": 3}, 4),
    ({"rules": "sheet", "players": 2}, None),
]


@pytest.mark.parametrize(("table", "max_hands"), SESSIONS)
def test_every_observation_ends_with_the_session_block(
    table: dict[str, Any], max_hands: int | None
) -> None:
    game = tonk_pz.raw_env(session=True, max_hands=max_hands, **table)
    players = game.players
    size = block_size(players)
    seen = set()
    for episode in range(3):
        game.reset(seed=episode)
        rng = random.Random(episode)
        for _ in game.agent_iter(400):
            _, _, terminated, truncated, info = game.last(observe=False)
            session = game.session
            assert session is not None
            hand = session.hand if session.hand is not None else game.hand
            for seat, name in enumerate(game.possible_agents):
                vector = game.observe(name)["observation"]
                assert vector.dtype == np.float32
                wanted = expected_block(session, seat, max_hands)
                assert vector[-size:].tolist() == wanted
                if hand is not None:  # the hand's own vector, in front
                    seen_hand = tonk.observe(hand, seat)
                    assert vector[:-size].tolist() == list(
                        tonk.encoding.observation_vector(seen_hand)
                    )
                seen.add(tuple(wanted))
            if terminated or truncated:
                game.step(None)
            else:
                game.step(rng.choice(info["legal_indices"]))
    assert len({block[: len(PHASES)] for block in seen}) >= 2  # phases
    assert any(any(block[-players:]) for block in seen)  # someone led


@pytest.mark.parametrize(
    ("big_one", "max_hands", "deals"), [(2, None, 1.0), (2, 5, 5.0), (1, 5, 5.0)]
)
def test_the_session_block_s_bounds(
    big_one: int, max_hands: int | None, deals: float
) -> None:
    """Flags 0..1, the deals left up to the Big One's or the session's, leads -1..1."""
    rules = tonk.Rules(big_one_deals=big_one, suit_bet=1)
    game = tonk_pz.raw_env(rules=rules, players=2, session=True, max_hands=max_hands)
    space = game.observation_space("player_0")["observation"]
    size = block_size(2)
    flags = [1.0] * len(PHASES)
    assert space.high[-size:].tolist() == [
        *flags,
        1.0,
        float(big_one),
        1.0,
        deals,
        *[1.0] * 4,
        1.0,
        1.0,
    ]
    assert space.low[-size:].tolist() == [*[0.0] * (size - 2), -1.0, -1.0]
    low, high = tonk.encoding.observation_bounds(rules, 2)
    assert space.low[:-size].tolist() == list(low)
    assert space.high[:-size].tolist() == list(high)


def test_a_hand_s_space_is_the_encoding_s_even_under_elimination() -> None:
    """Only a session that eliminates (X3) widens the hand's bounds."""
    rules = tonk.presets.ELIMINATION
    space = tonk_pz.raw_env(rules=rules, players=3).observation_space("player_0")
    low, high = tonk.encoding.observation_bounds(rules, 3)
    assert space["observation"].low.tolist() == list(low)
    assert space["observation"].high.tolist() == list(high)
    session = tonk_pz.raw_env(rules=rules, players=3, session=True)
    widened = session.observation_space("player_0")["observation"]
    assert widened.high[: len(high)].tolist() != list(high)


def test_the_spaces_are_a_float32_vector_and_an_int8_mask() -> None:
    game = tonk_pz.raw_env()
    assert (game.rules, game.players) == (tonk.presets.PAGAT, 2)
    space = game.observation_space("player_1")
    assert sorted(space.spaces) == ["action_mask", "observation"]
    mask = space["action_mask"]
    assert (mask.shape, mask.dtype) == ((1158,), np.int8)
    assert (mask.low.min(), mask.low.max(), mask.high.min(), mask.high.max()) == (
        0,
        0,
        1,
        1,
    )
    assert space["observation"].dtype == np.float32


def test_a_reset_starts_every_agent_at_zero_and_the_mover_selected() -> None:
    game = tonk_pz.raw_env(rules="pagat", players=3)
    game.reset(seed=4)
    assert game.rewards == dict.fromkeys(game.possible_agents, 0.0)
    assert all(type(value) is float for value in game.rewards.values())
    assert game.terminations == dict.fromkeys(game.possible_agents, False)
    assert game.truncations == dict.fromkeys(game.possible_agents, False)
    assert all(value is False for value in game.terminations.values())
    assert all(value is False for value in game.truncations.values())
    assert game.hand is not None
    assert game.agent_selection == game.possible_agents[game.hand.to_move]
    session = tonk_pz.raw_env(rules="sheet", players=3, session=True)
    session.reset(seed=4)
    assert session.session is not None
    seat = session.session.to_move  # the dealer deals first
    assert seat is not None
    assert session.agent_selection == session.session.players[seat]
    assert all(value is False for value in session.terminations.values())


def test_render_says_what_there_is_to_see() -> None:
    game = tonk_pz.raw_env(render_mode="ansi")
    assert game.render() == "no hand dealt yet"
    silent = tonk_pz.raw_env()
    with pytest.warns(
        UserWarning, match=r"WARN: render\(\) called without a render_mode\x1b"
    ):
        assert silent.render() is None
    session = tonk_pz.raw_env(rules="push_ups", players=2, session=True,
                              max_hands=3, render_mode="ansi")  # fmt: skip
    session.reset(seed=1)
    text = session.render()
    assert text is not None
    assert text.splitlines()[0] == (
        "session: hand 0, before_deal; scores player_0 0, player_1 0"
    )


def test_max_hands_and_never_ending_sessions_are_refused_word_for_word() -> None:
    with pytest.raises(
        tonk.SessionError, match=r"^max_hands must be a positive int, got 0$"
    ):
        tonk_pz.raw_env(rules="pagat", session=True, max_hands=0)
    assert tonk_pz.raw_env(rules="pagat", session=True, max_hands=1).max_hands == 1
    with pytest.raises(tonk.SessionError, match=re.escape(
        "a session under these rules never ends (no match_target, match_deals,"
        " big_one_deals or elimination_at): give max_hands"
    )):  # fmt: skip
        tonk_pz.raw_env(rules="pagat", session=True)
    shrinking = attrs.evolve(tonk.presets.ELIMINATION, two_packs_from=5)
    with pytest.raises(tonk.SessionError, match=re.escape(
        "elimination_at (X3) takes this table of 5 down to 2, where these rules"
        " change the pack (two_packs_from) or the hand size"
        " (hand_size_by_players): the agents' spaces would change"
    )):  # fmt: skip
        tonk_pz.raw_env(rules=shrinking, players=5, session=True)


def test_a_table_whose_hand_size_changes_as_it_shrinks_is_refused() -> None:
    """X3 with hand_size_by_players: the agents' spaces would change."""
    rules = attrs.evolve(tonk.presets.ELIMINATION, hand_size_by_players=((3, 7),))
    with pytest.raises(tonk.SessionError, match=r"^elimination_at \(X3\) takes this"):
        tonk_pz.raw_env(rules=rules, players=3, session=True)


def test_max_hands_truncates_between_hands_and_offers_nothing_after() -> None:
    game = tonk_pz.raw_env(rules="pagat", players=3, session=True, max_hands=2)
    game.reset(seed=1)
    rng = random.Random(1)
    truncated_at = []
    for agent in game.agent_iter(3000):
        _, _, terminated, truncated, info = game.last(observe=False)
        if terminated or truncated:
            session = game.session
            assert session is not None
            truncated_at.append((agent, session.phase, session.number))
            assert info == {}
            for name in game.possible_agents:
                assert not game.observe(name)["action_mask"].any()
            game.step(None)
            continue
        game.step(rng.choice(info["legal_indices"]))
    assert truncated_at
    assert {(phase, number) for _, phase, number in truncated_at} == {
        (SessionPhase.BEFORE_DEAL, 2)
    }


def test_a_dead_agent_may_only_step_with_none() -> None:
    game = tonk_pz.raw_env(rules="pagat", players=2)
    game.reset(seed=1)
    for _ in game.agent_iter(100):
        _, _, terminated, truncated, info = game.last(observe=False)
        if terminated or truncated:
            with pytest.raises(
                ValueError,
                match=r"^when an agent is dead, the only valid action is None$",
            ):
                game.step(0)
            return
        game.step(info["legal_indices"][0])
    pytest.fail("no hand ended")


def test_human_rendering_prints_the_table_after_each_step(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = tonk_pz.raw_env(rules="pagat", players=2, render_mode="human")
    game.reset(seed=1)
    capsys.readouterr()
    game.step(game.infos[game.agent_selection]["legal_indices"][1])
    out = capsys.readouterr().out
    assert out.startswith("Tonk: 2 players, turn 0 of at most 200\n")
