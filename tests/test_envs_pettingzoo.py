"""The PettingZoo environment: PettingZoo's own conformance tests, then ours."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import attrs
import numpy as np
from pettingzoo.test import api_test, render_test, seed_test

import tonk
from tonk import encoding
from tonk.envs import pettingzoo as tonk_pz
from tonk.envs._common import render_table
from tonk.testing import redeal_hidden

SLAP_IN = attrs.evolve(tonk.presets.PAGAT, slap_in=True)
EATING = attrs.evolve(tonk.presets.PAGAT, eating=True)  # X5
ELIMINATION = attrs.evolve(tonk.presets.ELIMINATION, elimination_at=60)  # X3
TABLES: list[dict[str, Any]] = [
    {"rules": "pagat", "players": 2},
    {"rules": "pagat", "players": 5},
    {"rules": "chicago", "players": 2},
    {"rules": "chicago", "players": 4},
    {"rules": SLAP_IN, "players": 3},
    {"rules": EATING, "players": 4},
    {"rules": "washington_state", "players": 6},
    {"rules": "sheet", "players": 3, "session": True},
    {"rules": tonk.Rules(big_one_deals=2, suit_bet=1), "players": 2, "session": True},
    {"rules": ELIMINATION, "players": 2, "session": True},
    {"rules": ELIMINATION, "players": 3, "session": True},
    {"rules": ELIMINATION, "players": 5, "session": True},
    {"rules": "hoyle", "players": 3},  # H5: the tunk, one index
    {"rules": "hoyle", "players": 4, "session": True},  # H9: elimination at 100
]
IDS = [
    "pagat-2",
    "pagat-5",
    "chicago-2",
    "chicago-4",
    "slap_in-3",
    "eating-4",
    "washington_state-6",
    "sheet-session-3",
    "big_one-session-2",
    "elimination-session-2",
    "elimination-session-3",
    "elimination-session-5",
    "hoyle-3",
    "hoyle-session-4",
]

# api_test warns of any environment whose observations are dicts holding an
# action mask (PettingZoo exempts its own classic games by name); every other
# warning is an error.
DICT_OBSERVATIONS = [
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
]


API_TEST_STEPS = 2_000
"""Steps of the environment each table's api_test runs take, at least.

One api_test run plays a single episode (a hand, or a session) with random
masked actions, and random play drops early: a run on pagat steps the
environment about 13 times. So api_test runs again, on the same environment
(each run deals new hands), until the table has been stepped this many times
(docs/environments.md).
"""


@pytest.mark.parametrize("table", TABLES, ids=IDS)
@pytest.mark.filterwarnings(*DICT_OBSERVATIONS)
def test_pettingzoo_api_test(
    table: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    game = tonk_pz.env(**table)
    raw = game.unwrapped
    steps = 0
    step = raw.step

    def counted(action: Any) -> None:
        nonlocal steps
        steps += 1
        step(action)

    raw.step = counted
    runs = 0
    while steps < API_TEST_STEPS:
        api_test(game, num_cycles=1000)
        runs += 1
    assert capsys.readouterr().out.count("Passed API test") == runs


@pytest.mark.parametrize("table", TABLES, ids=IDS)
def test_pettingzoo_seed_test(table: dict[str, Any]) -> None:
    seed_test(lambda: tonk_pz.env(**table), num_cycles=200)


@pytest.mark.parametrize("table", TABLES[::2], ids=IDS[::2])
def test_pettingzoo_render_test(
    table: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    render_test(lambda render_mode=None: tonk_pz.env(render_mode=render_mode, **table))
    assert "to move" in capsys.readouterr().out


# --- ours ----------------------------------------------------------------------------


def play(
    game: Any, rng: random.Random, steps: int = 10_000
) -> list[tuple[str, float, bool, bool]]:
    """Play random legal actions; return what last() said at each step."""
    seen = []
    for agent in game.agent_iter(steps):
        observation, reward, terminated, truncated, info = game.last()
        seen.append((agent, reward, terminated, truncated))
        if terminated or truncated:
            game.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert tuple(legal) == info["legal_indices"]
        game.step(int(legal[rng.randrange(len(legal))]))
    return seen


def test_reset_with_a_seed_replays_the_same_episodes() -> None:
    runs = []
    for _ in range(2):
        game = tonk_pz.env(rules="chicago", players=3)
        game.reset(seed=5)
        first = play(game, random.Random(1))
        game.reset()
        runs.append((first, play(game, random.Random(2))))
    assert runs[0] == runs[1]
    other = tonk_pz.env(rules="chicago", players=3)
    other.reset(seed=6)
    assert play(other, random.Random(1)) != runs[0][0]


def test_a_drop_terminates_the_hand_with_its_payoffs() -> None:
    game = tonk_pz.raw_env(rules="pagat", players=3)
    game.reset(seed=2)
    hand = game.hand
    assert hand is not None
    dropper = game.agent_selection
    game.step(encoding.action_to_index(tonk.Drop(), game.rules, 3))
    outcome = tonk.apply(hand, tonk.Drop()).outcome
    assert outcome is not None
    assert all(game.terminations.values())
    assert not any(game.truncations.values())
    for seat, agent in enumerate(game.agents):
        assert game.rewards[agent] == float(outcome.payoffs[seat])
    _, reward, *_ = game.last()
    assert reward == game.rewards[game.agent_selection]
    assert dropper in game.agents


def test_the_turn_limit_truncates_the_hand() -> None:
    """B15: the termination guard is a truncation, not a termination."""
    rules = attrs.evolve(tonk.presets.PAGAT, max_turns=2)
    game = tonk_pz.raw_env(rules=rules, players=2)
    game.reset(seed=1)
    draw = encoding.action_to_index(tonk.DrawStock(), rules, 2)
    while not any(game.truncations.values()):
        legal = game.infos[game.agent_selection]["legal_indices"]
        assert not any(game.terminations.values())
        game.step(draw if draw in legal else legal[-1])  # draw, then discard
    hand = game.hand
    assert hand is not None
    assert hand.outcome is not None
    assert hand.outcome.kind is tonk.OutcomeKind.TURN_LIMIT
    assert all(game.truncations.values())
    assert not any(game.terminations.values())
    assert [game.rewards[agent] for agent in game.agents] == [
        float(payoff) for payoff in hand.outcome.payoffs
    ]


def test_observations_do_not_leak_hidden_cards() -> None:
    """Dealing the unseen cards again changes no agent's observation vector."""
    rng = random.Random(3)
    for rules in ("pagat", "chicago", SLAP_IN):
        game = tonk_pz.raw_env(rules=rules, players=3)
        game.reset(seed=4)
        for agent in game.agent_iter(200):
            hand = game.hand
            assert hand is not None
            for seat, name in enumerate(game.possible_agents):
                if name not in game.agents:
                    continue
                vector = game.observe(name)["observation"]
                other = redeal_hidden(hand, seat, rng)
                again = encoding.observation_vector(tonk.observe(other, seat))
                assert np.array_equal(vector, np.array(again, dtype=np.float32))
            if game.terminations[agent] or game.truncations[agent]:
                game.step(None)
                continue
            legal = game.infos[agent]["legal_indices"]
            game.step(legal[rng.randrange(len(legal))])


def test_observations_are_new_arrays_each_time() -> None:
    game = tonk_pz.raw_env(rules="pagat", players=2)
    game.reset(seed=1)
    agent = game.agent_selection
    first = game.observe(agent)
    first["observation"][:] = 99.0
    first["action_mask"][:] = 1
    second = game.observe(agent)
    assert second["observation"].max() < 99.0
    assert second["action_mask"].sum() == len(game.infos[agent]["legal_indices"])
    other = next(name for name in game.agents if name != agent)
    assert game.observe(other)["action_mask"].sum() == 0


def test_illegal_actions_raise_and_change_nothing() -> None:
    game = tonk_pz.raw_env(rules="pagat", players=2)
    game.reset(seed=1)
    hand, agent = game.hand, game.agent_selection
    assert hand is not None
    discard = encoding.action_to_index(tonk.Discard(hand.hands[0][0]), game.rules, 2)
    with pytest.raises(tonk.IllegalActionError) as caught:
        game.step(discard)
    assert caught.value.reason is tonk.IllegalReason.MUST_DRAW_FIRST
    with pytest.raises(tonk.EncodingError):
        game.step(10**6)
    assert game.hand is hand
    assert game.agent_selection == agent


NOT_INDICES = [1.7, "1", float("nan"), None, True, np.float64(1.0), np.bool_(True), [1]]


@pytest.mark.parametrize("action", NOT_INDICES, ids=repr)
def test_a_step_takes_an_int_index_and_nothing_else(action: object) -> None:
    """A float, a string, None or a bool is refused, not converted by int()."""
    game = tonk_pz.raw_env(rules="pagat", players=2)
    game.reset(seed=1)
    hand, agent = game.hand, game.agent_selection
    with pytest.raises(TypeError, match="an action must be an int index"):
        game.step(action)
    assert game.hand is hand
    assert game.agent_selection == agent
    game.step(np.int64(1))  # a numpy integer is an index: draw from the stock
    assert game.hand is not hand


def test_an_index_outside_a_session_s_space_is_an_encoding_error() -> None:
    game = tonk_pz.raw_env(rules="sheet", players=2, session=True)
    game.reset(seed=3)
    session = game.session
    for index in (-1, game.hand_actions + len(tonk_pz.SESSION_ACTIONS)):
        with pytest.raises(tonk.EncodingError, match="action index must be"):
            game.step(index)
    assert game.session is session


def patient(hand: tonk.GameState, legal: tuple[int, ...]) -> list[int]:
    """Prefer discards that open a slap-in window, then spreads; never drop or hit."""
    rules, players = hand.rules, hand.player_count
    actions = {i: encoding.index_to_action(i, rules, players) for i in legal}
    opening = [
        i
        for i, a in actions.items()
        if isinstance(a, tonk.Discard)
        and tonk.apply(hand, a).phase is tonk.Phase.SLAP_WINDOW
    ]
    spreads = [i for i, a in actions.items() if isinstance(a, tonk.LaySpread)]
    calm = [i for i, a in actions.items() if not isinstance(a, tonk.Drop | tonk.Hit)]
    return opening or spreads or calm or list(legal)


def test_slap_in_windows_select_each_asked_seat_in_turn() -> None:
    """V26: agent_selection follows the engine's to_move through the window."""
    rng = random.Random(0)
    windows = 0
    slap = encoding.action_to_index(tonk.Pass(), SLAP_IN, 3)
    for seed in range(10):
        game = tonk_pz.raw_env(rules=SLAP_IN, players=3)
        game.reset(seed=seed)
        for agent in game.agent_iter(400):
            hand = game.hand
            assert hand is not None
            if game.terminations[agent] or game.truncations[agent]:
                game.step(None)
                continue
            assert agent == f"player_{hand.to_move}"
            legal = game.infos[agent]["legal_indices"]
            if hand.phase is tonk.Phase.SLAP_WINDOW:
                windows += 1
                assert hand.slap is not None
                assert hand.slap.waiting[0] == hand.to_move
                assert slap in legal
            game.step(rng.choice(patient(hand, legal)))
    assert windows > 0


def test_eating_windows_select_each_asked_seat_in_turn() -> None:
    """X5: agent_selection follows to_move through the window, then the eater."""
    rng = random.Random(0)
    windows = eats = 0
    eat = encoding.action_to_index(tonk.Eat(), EATING, 4)
    skip = encoding.action_to_index(tonk.Pass(), EATING, 4)
    for seed in range(6):
        game = tonk_pz.raw_env(rules=EATING, players=4)
        game.reset(seed=seed)
        for agent in game.agent_iter(400):
            hand = game.hand
            assert hand is not None
            if game.terminations[agent] or game.truncations[agent]:
                game.step(None)
                continue
            assert agent == f"player_{hand.to_move}"
            legal = game.infos[agent]["legal_indices"]
            if hand.phase is not tonk.Phase.SLAP_WINDOW:
                game.step(rng.choice(patient(hand, legal)))
                continue
            windows += 1
            assert hand.slap is not None
            assert hand.slap.waiting[0] == hand.to_move
            assert hand.to_move not in (hand.slap.discarder, hand.slap.due)
            assert list(legal) == [skip, eat]  # ascending: pass is in the header
            if rng.random() < 0.3:
                eats += 1
                game.step(eat)
                assert game.agent_selection == agent  # the eater plays on
                assert game.hand is not None
                assert game.hand.phase is tonk.Phase.AFTER_DRAW
            else:
                game.step(skip)
    assert windows > 0
    assert eats > 0


def test_a_session_rewards_each_hand_and_ends_with_the_match() -> None:
    rules = tonk.Rules(match_deals=3)
    game = tonk_pz.raw_env(rules=rules, players=2, session=True)
    game.reset(seed=1)
    totals = dict.fromkeys(game.agents, 0.0)
    rng = random.Random(1)
    for agent in game.agent_iter():
        _, reward, terminated, truncated, info = game.last()
        totals[agent] += reward
        if terminated or truncated:
            assert terminated
            assert not truncated
            game.step(None)
            continue
        legal = info["legal_indices"]
        game.step(legal[rng.randrange(len(legal))])
    session = game.session
    assert session is not None
    assert session.is_over
    assert session.number == 3
    assert totals == {
        f"player_{seat}": float(session.balance(name))
        for seat, name in enumerate(session.players)
    }


def test_max_hands_truncates_a_session() -> None:
    game = tonk_pz.raw_env(rules="pagat", players=3, session=True, max_hands=2)
    game.reset(seed=2)
    play(game, random.Random(2))
    session = game.session
    assert session is not None
    assert session.number == 2
    assert not session.is_over
    with pytest.raises(tonk.SessionError):
        tonk_pz.raw_env(rules="pagat", players=3, session=True)
    with pytest.raises(tonk.SessionError):
        tonk_pz.raw_env(rules="pagat", players=3, session=True, max_hands=0)


def test_session_actions_follow_the_hand_layout() -> None:
    rules = tonk.Rules(big_one_deals=2, suit_bet=1)
    game = tonk_pz.raw_env(rules=rules, players=2, session=True)
    game.reset(seed=1)
    size = encoding.action_space_size(rules, 2)
    legal = game.infos[game.agent_selection]["legal_indices"]
    offered = [tonk_pz.SESSION_ACTIONS[index - size] for index in legal]
    assert offered == [tonk.CallBigOne()] + [tonk.CallSuit(suit) for suit in "CDHS"]
    assert int(game.action_space(game.agent_selection).n) == size + 10


def test_the_text_view_shows_no_hidden_card() -> None:
    game = tonk_pz.raw_env(rules="chicago", players=3, render_mode="ansi")
    game.reset(seed=8)
    rng = random.Random(8)
    for agent in game.agent_iter(300):
        hand = game.hand
        assert hand is not None
        text = game.render()
        assert text == render_table(hand, game.possible_agents)
        for seat in range(3):
            assert render_table(
                redeal_hidden(hand, seat, rng), game.possible_agents
            ) == (text)
        if game.terminations[agent] or game.truncations[agent]:
            game.step(None)
            continue
        legal = game.infos[agent]["legal_indices"]
        game.step(legal[rng.randrange(len(legal))])


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(tonk.RulesError):
        tonk_pz.raw_env(rules="klondike")
    with pytest.raises(tonk.RulesError):
        tonk_pz.raw_env(rules="pagat", players=11)
    with pytest.raises(TypeError):
        tonk_pz.raw_env(rules=3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="render_mode"):
        tonk_pz.raw_env(render_mode="rgb_array")


def test_rules_that_leave_nothing_to_decide_are_refused() -> None:
    """Every deal is a deal tonk (B5): reset cannot find a hand to play."""
    rules = tonk.Rules(
        deal_tonks=(tonk.DealTonk(at_most=500),),
        deal_tonk_clash=tonk.DealTonkClash.ALL_PAID,
    )
    game = tonk_pz.raw_env(rules=rules, players=2)
    with pytest.raises(tonk.TonkError, match="nothing to decide"):
        game.reset(seed=1)


# --- X3 elimination in a session ------------------------------------------------------


def session_action(game: Any, index: int) -> Any:
    """Return the hand or session action numbered ``index`` in ``game``."""
    if index >= game.hand_actions:
        return tonk_pz.SESSION_ACTIONS[index - game.hand_actions]
    return encoding.index_to_action(index, game.rules, game.players)


def test_x3_an_eliminated_agent_is_terminated_then_leaves() -> None:
    """X3: each agent leaves when its total reaches the limit, as the session says.

    The environment is played alongside the session it started with, through
    tonk.apply_session: the agents terminated at a settlement are the players
    the session took off the table, with their last net as reward; stepped
    with None they leave agents, before the next dealer acts.
    """
    game = tonk_pz.raw_env(rules=ELIMINATION, players=4, session=True)
    game.reset(seed=1)
    session = game.session
    assert session is not None
    rng = random.Random(1)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    left: list[tuple[int, str]] = []  # (hands settled, agent), as they leave
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, info = game.last()
        totals[agent] += reward
        assert not truncated
        if terminated:
            assert agent not in session.players or session.is_over
            assert not observation["action_mask"].any()
            game.step(None)
            assert agent not in game.agents
            assert agent not in game.terminations
            left.append((session.number, agent))
            continue
        assert agent == session.players[session.to_move or 0]
        assert (
            tuple(np.flatnonzero(observation["action_mask"])) == (info["legal_indices"])
        )
        index = info["legal_indices"][rng.randrange(len(info["legal_indices"]))]
        before = session
        session = tonk.apply_session(session, session_action(game, index))
        game.step(index)
        assert game.session == session
        if session.last is before.last:
            assert not any(game.terminations.values())
            continue
        result = session.last
        assert result is not None
        assert game.rewards == {
            name: float(net)
            for name, net in zip(result.players, result.net, strict=True)
        }
        gone = [name for name in before.players if name not in session.players]
        done = before.players if session.is_over else tuple(gone)
        assert [name for name in game.agents if game.terminations[name]] == list(done)
        assert game.agents == list(before.players)
        if gone and not session.is_over:
            assert game.agent_selection == gone[0]  # the eliminated step first
    assert session.is_over
    assert game.agents == []
    winner = session.leaders
    assert len(winner) == 1
    assert set(session.eliminated) == set(game.possible_agents) - set(winner)
    last = [agent for number, agent in left if number == session.number]
    assert winner[0] in last  # the winner terminates with the session
    steps = sorted({number for number, _ in left})
    assert len(steps) >= 3  # they left after different hands: tables of 4, 3, 2
    assert totals == {name: float(balance) for name, balance in session.ledger}
    assert sum(totals.values()) == 0.0


def check_places(game: Any, agent: str) -> None:
    """Check ``agent``'s view of a hand at a table that lost seats (X3).

    Every agent keeps the place of its first seat, counted from ``agent``'s:
    the one to move, the dealer, each hand size, the spreads' owners and the
    payoffs are found there; the places of the agents who left are empty; and
    the values are those of the smaller table's own vector, moved.
    """
    session = game.session
    hand = session.hand
    names = session.last.players if hand.outcome is not None else session.players
    players: int = game.players
    start = {
        name: (at, size)
        for name, at, size in encoding.observation_sections(game.rules, players)
    }
    vector = game.observe(agent)["observation"]

    def place(name: str) -> int:
        first: list[str] = game.possible_agents
        return (first.index(name) - first.index(agent)) % players

    def one_hot(section: str, seat: int) -> None:
        at, size = start[section]
        block = np.zeros(size, dtype=np.float32)
        block[place(names[seat])] = 1.0
        assert np.array_equal(vector[at : at + size], block)

    one_hot("to_move", hand.to_move)
    one_hot("dealer", hand.dealer)
    if hand.tunker is not None:  # H5
        one_hot("tunker", hand.tunker)
    at, size = start["seats"]
    width = size // players
    for name in game.possible_agents:
        block = vector[at + place(name) * width : at + (place(name) + 1) * width]
        if name in names:
            assert block[0] == len(hand.hands[names.index(name)])
        else:
            assert not block.any()
    mine = vector[at + 6 : at + width]  # the agent's own cards
    assert mine.sum() == len(hand.hands[names.index(agent)])
    at, size = start["spreads"]
    spread_width = size // (len(game.rules.pack(players=players)) // 3)
    for spread in hand.spreads:
        base = at + (spread.number - 1) * spread_width
        assert vector[base] == 1.0
        assert vector[base + 1 + place(names[spread.owner])] == 1.0
        hits = vector[base + 3 + players : base + 3 + 2 * players]
        for seat, name in enumerate(names):
            assert hits[place(name)] == spread.hitters.count(seat)
    window = hand.slap
    if window is not None:
        at, size = start["slap"]
        seats = at + start["top_discard"][1]
        for block, seat in enumerate((window.discarder, window.due, window.slapper)):
            expected = np.zeros(players, dtype=np.float32)
            if seat is not None:
                expected[place(names[seat])] = 1.0
            got = vector[seats + block * players : seats + (block + 1) * players]
            assert np.array_equal(got, expected)
    if hand.outcome is not None:
        at, _ = start["outcome"]
        for seat, payoff in enumerate(hand.outcome.payoffs):
            assert vector[at + 1 + place(names[seat])] == float(payoff)
    small = encoding.observation_vector(tonk.observe(hand, names.index(agent)))
    small_at = next(
        at
        for name, at, _ in encoding.observation_sections(game.rules, len(names))
        if name == "spreads"
    )
    small_width = spread_width - 2 * (players - len(names))
    for spread in hand.spreads:  # what the spread holds does not move
        base = start["spreads"][0] + (spread.number - 1) * spread_width
        held = small_at + (spread.number - 1) * small_width + 3 + 2 * len(names)
        assert vector[base + 3 + 2 * players : base + spread_width].tolist() == list(
            small[held : held + spread_width - 3 - 2 * players]
        )
    hand_part = vector[: encoding.observation_size(game.rules, players)]
    assert sorted(hand_part[hand_part != 0]) == sorted(v for v in small if v)


def busy(game: Any, legal: tuple[int, ...]) -> list[int]:
    """Prefer discards that open a slap-in window, then hits, then spreads."""
    hand = game.hand
    if game.session.phase is not tonk.SessionPhase.PLAYING:
        return list(legal)
    calm = patient(hand, legal)  # a discard that opens a window, or a spread
    if isinstance(session_action(game, calm[0]), tonk.Discard):
        return calm
    hits = [i for i in legal if isinstance(session_action(game, i), tonk.Hit)]
    return hits or calm


def test_x3_observations_keep_every_agent_at_its_first_seat() -> None:
    rules = attrs.evolve(ELIMINATION, slap_in=True)
    rng = random.Random(1)
    seen: set[str] = set()
    for seed in range(6):
        game = tonk_pz.raw_env(rules=rules, players=4, session=True)
        game.reset(seed=seed)
        for agent in game.agent_iter():
            session = game.session
            assert session is not None
            hand = session.hand
            if hand is not None and hand.player_count < 4:
                for name in game.agents:
                    check_places(game, name)
                seen.add(f"{hand.player_count} seats")
                seen.update(
                    fact
                    for fact, there in (
                        ("over", hand.outcome is not None),
                        ("spread", bool(hand.spreads)),
                        ("hit", any(spread.hitters for spread in hand.spreads)),
                        ("slap", hand.slap is not None),
                    )
                    if there
                )
            if game.terminations[agent]:
                game.step(None)
                continue
            game.step(rng.choice(busy(game, game.infos[agent]["legal_indices"])))
    assert seen == {"3 seats", "2 seats", "over", "spread", "hit", "slap"}


def test_x3_the_tunker_keeps_its_first_seat_too() -> None:
    """H5 under H9: the tunker is one-hot at its agent's first place."""
    rules = tonk.presets.HOYLE
    rng = random.Random(3)
    tunked = 0
    for seed in range(4):  # tunking whenever it may, two seats leave (X3)
        game = tonk_pz.raw_env(rules=rules, players=4, session=True)
        game.reset(seed=seed)
        tunk = encoding.action_space_size(rules, 4) - 1
        for agent in game.agent_iter():
            assert game.session is not None
            hand = game.session.hand
            if hand is not None and hand.player_count < 4 and hand.tunker is not None:
                for name in game.agents:
                    check_places(game, name)
                tunked += 1
            if game.terminations[agent]:
                game.step(None)
                continue
            legal = game.infos[agent]["legal_indices"]
            game.step(tunk if tunk in legal else rng.choice(legal))
    assert tunked > 0


def test_x3_needs_a_pack_and_hand_size_that_stay_as_the_table_shrinks() -> None:
    """Without the same layouts at every smaller table, the spaces would change."""
    two_packs = attrs.evolve(ELIMINATION, two_packs_from=5)
    tonk_pz.raw_env(rules=two_packs, players=4, session=True)
    with pytest.raises(tonk.SessionError, match="two_packs_from"):
        tonk_pz.raw_env(rules=two_packs, players=5, session=True)
    seven = attrs.evolve(ELIMINATION, hand_size_by_players=((2, 7),))
    tonk_pz.raw_env(rules=seven, players=2, session=True)
    with pytest.raises(tonk.SessionError, match="hand_size_by_players"):
        tonk_pz.raw_env(rules=seven, players=3, session=True)


def test_an_illegal_step_in_a_session_keeps_the_reward_not_yet_seen() -> None:
    """An illegal action changes nothing: in a session, the reward of the
    hand just settled is still the mover's after a refused step, and so are
    every agent's rewards (they were cleared before the action was tried)."""
    game: Any = tonk_pz.raw_env(rules="sheet", players=2, session=True)
    game.reset(seed=3)
    for _ in range(1_000):  # first legal index: a drop, so hands end at once
        _, reward, terminated, truncated, info = game.last()
        if reward and not (terminated or truncated):
            break
        game.step(info["legal_indices"][0])
    else:  # pragma: no cover - the seed settles a hand with a stake
        pytest.fail("no hand was settled with a stake")
    agent = game.agent_selection
    rewards = dict(game.rewards)
    legal = set(info["legal_indices"])
    illegal = next(index for index in range(game.hand_actions) if index not in legal)
    with pytest.raises(tonk.TonkError):
        game.step(illegal)
    assert game.agent_selection == agent
    assert game.last()[1] == reward
    assert dict(game.rewards) == rewards
