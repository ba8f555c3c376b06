"""The OpenSpiel game python_tonk: OpenSpiel's own conformance runs and ours."""

from __future__ import annotations

import random
import runpy
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, reject, settings
from hypothesis import strategies as st
from sizes import under_ci

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms import (  # noqa: E402
    ismcts,
    mcts,
    random_agent,
    tabular_qlearner,
)

import tonk  # noqa: E402
from tonk import Rules, RulesError, encoding  # noqa: E402
from tonk.bots import GreedyBot  # noqa: E402
from tonk.envs.openspiel import TonkBot, TonkGame, TonkState  # noqa: E402
from tonk.testing import stack_deck  # noqa: E402
from tonk.testing.strategies import player_counts, rules  # noqa: E402

CONFORMANCE = [
    "python_tonk(preset=pagat,players=2)",
    "python_tonk(preset=pagat,players=4)",
    "python_tonk(preset=chicago,players=3)",
    "python_tonk(players=3,slap_in=true)",  # V26: windows asked seat by seat
    "python_tonk(players=3,slap_in=true,slap_priority_next=true,max_turns=40)",
    "python_tonk(players=3,widow=true,hit_and_split=true)",  # V46, V39
    "python_tonk(players=4,eating=true)",  # X5: windows asked seat by seat
    "python_tonk(players=3,eating=true,discard_draw_must_meld=true,max_turns=40)",
    "python_tonk(preset=sheet,players=5)",  # two packs (V2), forced knock (V29)
    "python_tonk(preset=newark,players=2,dealer=1)",
    "python_tonk(preset=hoyle,players=3)",  # H5: the tunk, one index
]


def load(name: str) -> TonkGame:
    game = pyspiel.load_game(name)
    assert isinstance(game, TonkGame)
    return game


RANDOM_SIMS = 50
"""Hands each rule set of CONFORMANCE plays in random_sim_test (docs/openspiel.md)."""


def hands(game: TonkGame, count: int) -> int:
    """Return ``count`` hands, or a fifth as many under rules without drops.

    Random play drops early; a hand without drops (H4) runs on to a tunk or
    the stock's end, with about 25 times the decisions, so a fifth as many
    hands still play more decisions.
    """
    return count if game.rules.drops else count // 5


@pytest.mark.parametrize("name", CONFORMANCE)
def test_openspiel_random_sim_test_passes(name: str) -> None:
    game = load(name)
    sims = hands(game, RANDOM_SIMS)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def preset_table(index: int, name: str) -> tuple[str, int]:
    """Return a preset with a table of 2, 3 or 4 players (as many as it allows)."""
    rules = tonk.presets.get(name)
    return name, min(2 + index % 3, rules.max_players, rules.player_limit or 20)


RL_TABLES = [preset_table(*table) for table in enumerate(tonk.presets.names())]
RL_EPISODES = 200
"""Episodes a preset in the test; the full run of 10,000 is in docs/openspiel.md."""


@pytest.fixture
def seeded_numpy() -> Iterator[None]:
    """Seed numpy's global generator, the one OpenSpiel's example agents draw from."""
    saved = np.random.get_state()
    np.random.seed(0)
    yield
    np.random.set_state(saved)


def play_rl_episodes(game: TonkGame, agents: list[Any], episodes: int) -> None:
    """Play OpenSpiel's rl_environment loop as its examples write it."""
    players = game.num_players()
    env = rl_environment.Environment(game)
    env.seed(players)
    for _ in range(episodes):
        time_step = env.reset()
        assert time_step.observations["current_player"] in range(players)
        while not time_step.last():
            seat = time_step.observations["current_player"]
            time_step = env.step([agents[seat].step(time_step).action])
        for agent in agents:
            agent.step(time_step)
        assert sum(time_step.rewards) == pytest.approx(0.0)


@pytest.mark.usefixtures("seeded_numpy")
@pytest.mark.parametrize(("preset", "players"), RL_TABLES)
def test_openspiel_rl_environment_loop_plays_every_episode(
    preset: str, players: int
) -> None:
    """Every reset gives a seat to move: a deal tonk (B5) is dealt again.

    Before, about 1% of resets gave a finished hand (current player -4), on
    which the loop's first step failed.
    """
    game = load(f"python_tonk(preset={preset},players={players})")
    actions = game.num_distinct_actions()
    agents = [random_agent.RandomAgent(seat, actions) for seat in range(players)]
    play_rl_episodes(game, agents, hands(game, RL_EPISODES))


@pytest.mark.usefixtures("seeded_numpy")
def test_openspiel_tabular_q_learner_learns_in_the_rl_loop() -> None:
    """OpenSpiel's QLearner left of the dealer, the seat that always moves first.

    (Its own code fails on an episode in which it never moves, as a seat that
    moves later may not when a hand ends early.)
    """
    game = load("python_tonk(preset=pagat,players=3)")
    actions = game.num_distinct_actions()
    learner = tabular_qlearner.QLearner(1, actions)
    agents = [
        random_agent.RandomAgent(0, actions),
        learner,
        random_agent.RandomAgent(2, actions),
    ]
    play_rl_episodes(game, agents, RL_EPISODES)
    assert learner.loss is not None  # it updated its values


def test_game_type_and_info_come_from_the_rules() -> None:
    game = load("python_tonk(preset=pagat,players=3)")
    kind = game.get_type()
    assert kind.short_name == "python_tonk"
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.rules == tonk.presets.PAGAT
    assert game.num_players() == 3
    assert game.num_distinct_actions() == encoding.action_space_size(game.rules, 3)
    assert (game.min_utility(), game.max_utility()) == (-4.0, 4.0)
    assert game.utility_sum() == 0.0
    assert game.max_game_length() == encoding.max_hand_length(game.rules, 3)
    assert game.observation_tensor_size() == encoding.observation_size(game.rules, 3)
    assert game.information_state_tensor_size() == game.observation_tensor_size()


def test_every_scalar_option_is_a_parameter() -> None:
    spec = pyspiel.load_game("python_tonk").get_type().parameter_specification
    scalar = {
        "pack_kind": "forty",
        "two_packs_from": 4,
        "jokers": 2,
        "wilds": "jokers",
        "joker_value": 25,
        "court_values": "ranked",
        "ace_high": True,
        "hand_size": 7,
        "upcard": False,
        "cut": "lowest",
        "player_limit": 5,
        "deal_tonk_clash": "all_paid",
        "deal_tonk_tie": "nearest_dealer_left",
        "must_spread": True,
        "three_aces_may_be_held": True,
        "spread_wait": 3,
        "hit_wait": 1,
        "own_hit_wait": 1,
        "hit_wait_once_per_round": True,
        "hit_bars_going_out": False,
        "four_card_books": False,
        "max_hits_per_turn": 0,
        "hit_ends_turn": True,
        "discard_draw_must_meld": True,
        "slap_in": True,
        "slap_priority_next": True,
        "eating": False,
        "boobed_deck": False,
        "stock_end": "dead",
        "three_spread_lock": True,
        "hit_own_spreads": True,  # False is refused with own_hit_wait (X9)
        "drop_at_most": 40,
        "first_turn_drop_at_most": 30,
        "hit_wait_again": 2,
        "hit_wait_once_per_turn": False,  # True is refused with once per round
        "discard_pickup": True,  # False is refused with discard_draw_must_meld
        "exhaustion_tie": "split",
        "max_turns": 50,
        "hit_and_split": True,
        "widow": True,
        "scoring": "push_ups",
        "elimination_at": 80,
        "match_target": 30,
        "match_deals": 4,
        "big_one_deals": 2,
        "suit_bet": 1,
        "naturals_bet": 2,
        "drops": False,
        "min_naturals": 2,
        # Hoyle's options at their defaults but the tunk (H5): closed play
        # (H4) is refused with discard_draw_must_meld, the last turns (H6)
        # with slap_in, and upcard_first_only needs the upcard.
        "closed_play": False,
        "upcard_first_only": False,
        "tunk_at_most": 5,
        "last_turns": False,
        "tunk_tie_doubles": False,
    }
    assert set(spec) == {*scalar, "players", "dealer", "preset", "rules_json"}
    base = tonk.to_json(Rules(deal_tonks=()))  # every scalar set, on a JSON base
    game = pyspiel.load_game(
        "python_tonk", {**scalar, "players": 3, "rules_json": base}
    )
    for name, value in scalar.items():
        shown = getattr(game.rules, name)
        assert str(-1 if shown is None else shown) == str(value), name
    assert load(str(game)).rules == game.rules
    assert load("python_tonk(closed_play=true)").rules.closed_play


def test_a_default_value_keeps_the_presets_and_minus_one_is_none() -> None:
    chicago = load("python_tonk(preset=chicago,jokers=0,upcard=true)")
    assert chicago.rules == tonk.presets.CHICAGO  # pagat's defaults change nothing
    changed = load("python_tonk(preset=chicago,hand_size=7,max_hits_per_turn=-1)")
    assert changed.rules.hand_size == 7
    assert changed.rules.max_hits_per_turn is None
    assert str(changed) == "python_tonk(hand_size=7,players=2,preset=chicago)"


def test_a_rule_set_as_json_loads_and_its_game_string_loads_again() -> None:
    custom = Rules(catch=tonk.Catch.SINGLE, going_out=(tonk.OutPay(pays=3),))
    game = pyspiel.load_game(
        "python_tonk", {"rules_json": tonk.to_json(custom), "players": 4}
    )
    assert game.rules == custom
    assert "," not in str(game).split("rules_json=")[1].rstrip(")")
    assert load(str(game)).rules == custom
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("python_tonk(preset=klondike)", "no preset named 'klondike'"),
        ("python_tonk(stock_end=never)", "stock_end must be one of"),
        ("python_tonk(players=11)", r"players must be 2\.\.10"),
        ("python_tonk(dealer=2)", r"dealer must be a seat 0\.\.1"),
        ("python_tonk(max_turns=-1)", "needs a turn limit"),
        ("python_tonk(hand_size=0)", "hand_size must be an int 1..13"),
    ],
)
def test_bad_parameters_raise_a_rules_error(name: str, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        pyspiel.load_game(name)


def test_json_and_a_preset_together_are_refused() -> None:
    with pytest.raises(RulesError, match="not both"):
        pyspiel.load_game(
            "python_tonk", {"rules_json": tonk.to_json(Rules()), "preset": "chicago"}
        )


def deal(game: TonkGame, deck: tuple[tonk.Card, ...]) -> TonkState:
    """Play the deal's chance nodes with the cards of ``deck``, in order."""
    state = game.new_initial_state()
    for card in deck:
        if not state.is_chance_node() or state.tonk_state is not None:
            break
        state.apply_action(card.code)
    assert isinstance(state, TonkState)
    return state


def test_the_deal_is_one_chance_node_a_card_and_matches_new_game() -> None:
    game = load("python_tonk(players=3,dealer=2)")
    deck = tuple(random.Random(5).sample(game.rules.pack(), 52))
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert [code for code, _ in outcomes] == [card.code for card in Rules().pack()]
    assert all(probability == 1 / 52 for _, probability in outcomes)
    state = deal(game, deck)
    assert len(state.history()) == 3 * 5 + 1  # hands and the upcard
    expected = tonk.new_game(Rules(), players=3, deck=deck, dealer=2)
    assert state.tonk_state is not None
    assert state.tonk_state.hands == expected.hands
    assert state.tonk_state.discard_pile == expected.discard_pile
    assert Counter(state.tonk_state.stock) == Counter(expected.stock)


def test_a_deal_tonk_voids_the_deal_and_the_cards_are_dealt_again() -> None:
    """B5: a hand settled at the deal asks nobody anything, so it is dealt again."""
    game = load("python_tonk(players=2)")
    deck = stack_deck(Rules(), hands=["AC 2C 3C 4C 6D", "KS KH KD QS QH"])  # 50
    state = game.new_initial_state()
    for card in deck[: 2 * 5 + 1]:
        state.apply_action(card.code)
    assert not state.is_terminal()
    assert state.is_chance_node()
    assert state.tonk_state is None
    assert len(state.chance_outcomes()) == 52  # the whole pack again
    assert state.returns() == [0.0, 0.0]
    assert len(state.history()) == 11
    state = deal(game, tuple(Rules().pack()))
    assert state.tonk_state is not None
    assert state.current_player() == 1


def test_the_tunk_index_plays_the_canonical_arrangement_and_a_bot_tunks() -> None:
    """H5: one index, decoded in the state; a tonk bot's tunk is that index."""
    game = load("python_tonk(preset=hoyle,players=2)")
    deck = stack_deck(
        game.rules,
        hands=["6C 8D 10D KS KH 3D 10S", "3H 4H 5H 6H 7C 7D 7S"],
        upcard="5D",
        stock="7H",
    )
    state = deal(game, deck)
    state.apply_action(1)  # draw stock; chance deals the 7H
    state.apply_action(tonk.Card.parse("7H").code)
    tunk = game.num_distinct_actions() - 1
    assert state.legal_actions()[-1] == tunk
    assert state.action_to_string(tunk) == "tunk 7C 7D 7H 7S / 3H 4H 5H 6H"
    assert TonkBot(GreedyBot(), 1, seed=1).step(state) == tunk
    copy = state.clone()
    state.apply_action(tunk)
    game_state = state.tonk_state
    assert game_state is not None
    assert game_state.tunker == 1
    assert game_state.hands[1] == ()
    assert "seat 1 tunked" in state.information_state_string(0)
    assert game.deserialize_state(copy.serialize()).history() == copy.history()
    assert state.action_to_string(tunk) == "tunk"  # not legal now: named only


def void_deals(cards: int) -> tuple[Any, Any, list[int]]:
    """Return a game whose every deal is a deal tonk, a state ``cards`` cards
    into its deals, and the codes they are dealt from (11 cards a deal)."""
    rules = Rules(
        deal_tonks=(tonk.DealTonk(at_most=500),),
        deal_tonk_clash=tonk.DealTonkClash.ALL_PAID,
    )
    game = pyspiel.load_game("python_tonk", {"rules_json": tonk.to_json(rules)})
    state = game.new_initial_state()
    codes = [card.code for card in Rules().pack()]
    for number in range(cards):
        state.apply_action(codes[number % 11])
    return game, state, codes


def test_rules_whose_every_deal_is_a_deal_tonk_are_refused() -> None:
    game, state, codes = void_deals(1000 * 11 - 1)  # 999 deals, all but a card
    assert state.is_chance_node()
    with pytest.raises(tonk.TonkError, match="1000 deals in a row were deal tonks"):
        state.apply_action(codes[10])
    assert game.max_chance_nodes_in_history() == 52 + 999 * 11


def test_widows_and_no_upcard_change_the_deal() -> None:
    game = load("python_tonk(players=2,widow=true,upcard=false)")
    state = game.new_initial_state()
    for _ in range(2 * 5 + 2):
        assert state.is_chance_node()
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.tonk_state is not None
    assert len(state.tonk_state.widows) == 2
    assert state.tonk_state.discard_pile == ()


def test_a_stock_draw_is_a_chance_node_over_the_stock() -> None:
    game = load("python_tonk(players=2)")
    state = deal(game, tuple(Rules().pack()))
    before = state.tonk_state
    assert before is not None
    state.apply_action(encoding.action_to_index(tonk.DrawStock(), Rules(), 2))
    assert state.is_chance_node()
    assert state.tonk_state is before  # nothing happened yet
    outcomes = dict(state.chance_outcomes())
    assert set(outcomes) == {card.code for card in before.stock}
    card = before.stock[-1]
    assert state.action_to_string(card.code) == f"draw {card}"
    state.apply_action(card.code)
    after = state.tonk_state
    assert after is not None
    assert card in after.hands[1]
    assert Counter(after.stock) == Counter(before.stock) - Counter([card])


def test_two_copies_of_a_card_are_twice_as_likely() -> None:
    game = load("python_tonk(players=2,two_packs_from=2)")
    outcomes = game.new_initial_state().chance_outcomes()
    assert len(outcomes) == 52
    assert all(probability == 2 / 104 for _, probability in outcomes)


def test_an_illegal_chance_card_or_action_is_refused() -> None:
    game = load("python_tonk(players=2)")
    state = game.new_initial_state()
    state.apply_action(0)
    with pytest.raises(RulesError, match="no card with code 0"):
        state.apply_action(0)
    state = deal(game, tuple(Rules().pack()))
    discard = encoding.action_to_index(tonk.Discard(tonk.Card.parse("AC")), Rules(), 2)
    with pytest.raises(tonk.IllegalActionError):
        state.apply_action(discard)
    state.apply_action(encoding.action_to_index(tonk.DrawStock(), Rules(), 2))
    with pytest.raises(RulesError, match="no card with code 0 is in the stock"):
        state.apply_action(0)  # the ace of clubs was dealt
    assert state.is_chance_node()


def patient_choice(state: Any, rng: random.Random) -> int:
    """A seat's random action that drops only when forced and melds when it can."""
    legal = state.legal_actions()
    actions = [encoding.legal_action(state.tonk_state, i) for i in legal]
    melds = [
        i
        for i, a in zip(legal, actions, strict=True)
        if isinstance(a, tonk.LaySpread | tonk.Hit | tonk.Slap)
    ]
    calm = [
        i
        for i, a in zip(legal, actions, strict=True)
        if not isinstance(a, tonk.Drop | tonk.ClaimDealTonk)
    ]
    choice: int = rng.choice(melds or calm or legal)
    return choice


def check_state(game: TonkGame, state: Any, rng: random.Random) -> None:
    """Check one state the way OpenSpiel's tests do, plus resampling."""
    clone = state.clone()
    assert str(clone) == str(state)
    assert clone.history() == state.history()
    text = pyspiel.serialize_game_and_state(game, state)
    _, copy = pyspiel.deserialize_game_and_state(text)
    assert str(copy) == str(state)
    # The Python shortcuts answer as pyspiel's C++ path (the mask) does.
    mask = state.legal_actions_mask()
    assert [action for action, bit in enumerate(mask) if bit] == state.legal_actions()
    assert state.is_chance_node() == (state.current_player() == pyspiel.PlayerId.CHANCE)
    for player in range(game.num_players()):
        if player != state.current_player():
            assert state.legal_actions(player) == []
    if state.is_chance_node():
        assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
        return
    legal = state.legal_actions()
    assert legal == sorted(set(legal))
    actions = tonk.legal_actions(state.tonk_state)
    tunks = sum(isinstance(action, tonk.Tunk) for action in actions)
    assert len(legal) == len(actions) - tunks + (tunks > 0)  # H5: one tunk index
    for player in range(game.num_players()):
        sample = state.resample_from_infostate(player, rng.random)
        assert sample.current_player() == state.current_player()
        assert sample.information_state_string(
            player
        ) == state.information_state_string(player)
        assert sample.information_state_tensor(
            player
        ) == state.information_state_tensor(player)
        assert sample.observation_string(player) == state.observation_string(player)


@pytest.mark.parametrize(
    "name",
    [
        "python_tonk(preset=pagat,players=2,max_turns=30)",
        "python_tonk(preset=chicago,players=3,max_turns=20)",
        "python_tonk(players=3,slap_in=true,max_turns=30)",
        "python_tonk(players=4,eating=true,max_turns=30)",
        "python_tonk(players=2,widow=true,max_turns=20)",
    ],
)
def test_long_hands_stay_consistent_and_within_the_bounds(name: str) -> None:
    game = load(name)
    rng = random.Random(7)
    for _ in range(2):
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if decisions % 7 == 0:
                check_state(game, state, rng)
            if state.is_chance_node():
                codes, chances = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(codes, chances)[0])
            else:
                state.apply_action(patient_choice(state, rng))
                decisions += 1
        check_state(game, state, rng)
        assert decisions <= game.max_game_length()
        returns = state.returns()
        assert sum(returns) == pytest.approx(0.0)
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)


@settings(max_examples=under_ci(10))  # each example is a whole conformance run
@given(table=rules(), data=st.data())
def test_any_rule_set_given_as_json_passes_the_conformance_runs(
    table: Rules, data: st.DataObject
) -> None:
    if table.max_turns is None or table.max_turns > 40:
        table = attrs.evolve(table, max_turns=40)
    players = data.draw(player_counts(table))
    game = pyspiel.load_game(
        "python_tonk", {"rules_json": tonk.to_json(table), "players": players}
    )
    try:
        pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    except tonk.TonkError as error:
        # Rules whose every deal is a deal tonk (B5) leave nothing to decide:
        # the game says so after 1,000 void deals in a row (docs/openspiel.md).
        if "deal tonks" not in str(error):
            raise
        reject()
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if steps % 5 == 0:
            check_state(game, state, rng)
        if state.is_chance_node():
            codes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(codes, chances)[0])
        else:
            state.apply_action(patient_choice(state, rng))
        steps += 1
    check_state(game, state, rng)
    assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())


def test_resampling_during_the_deal_keeps_what_the_seat_was_dealt() -> None:
    game = load("python_tonk(players=3)")
    state = game.new_initial_state()
    for code in range(9):
        state.apply_action(code)
    sample = state.resample_from_infostate(1, random.Random(2).random)
    assert sample.information_state_string(1) == state.information_state_string(1)
    assert sample.is_chance_node()
    assert sample.tonk_state is None
    dealt = sample._now.dealt
    assert [dealt[i] for i in (0, 3, 6)] == [state._now.dealt[i] for i in (0, 3, 6)]
    assert dealt != state._now.dealt  # the other seats' cards were drawn again
    assert len(set(dealt)) == 9


def test_openspiel_ismcts_plays_whole_hands_through_the_bot_api() -> None:
    game = load("python_tonk(preset=pagat,players=2)")
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    searcher = ismcts.ISMCTSBot(
        game=game,
        evaluator=evaluator,
        uct_c=2.0,
        max_simulations=20,
        random_state=rng,
    )
    for seed in range(3):
        greedy = TonkBot(GreedyBot(), 1, seed=seed)
        returns = pyspiel.evaluate_bots(
            game.new_initial_state(), [searcher, greedy], seed
        )
        assert len(returns) == 2
        assert sum(returns) == pytest.approx(0.0)


def test_ismcts_searches_a_slap_in_hand() -> None:
    game = load("python_tonk(players=3,slap_in=true,max_turns=20)")
    rng = np.random.RandomState(2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        ismcts.ISMCTSBot(game, evaluator, 2.0, 10, random_state=rng),
        TonkBot(GreedyBot(), 1, seed=1),
        pyspiel.make_uniform_random_bot(2, 3),
    ]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 4)
    assert sum(returns) == pytest.approx(0.0)


def test_ismcts_searches_an_eating_hand() -> None:
    game = load("python_tonk(players=4,eating=true,max_turns=20)")
    rng = np.random.RandomState(2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        ismcts.ISMCTSBot(game, evaluator, 2.0, 10, random_state=rng),
        TonkBot(GreedyBot(), 1, seed=1),
        pyspiel.make_uniform_random_bot(2, 3),
        pyspiel.make_uniform_random_bot(3, 4),
    ]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 4)
    assert sum(returns) == pytest.approx(0.0)


def test_a_tonk_bot_refuses_to_move_out_of_turn() -> None:
    game = load("python_tonk(players=2)")
    state = deal(game, tuple(Rules().pack()))
    with pytest.raises(RulesError, match="seat 0 is not to move"):
        TonkBot(GreedyBot(), 0).step(state)


def test_observation_tensor_is_the_encoding_vector_with_named_views() -> None:
    game = load("python_tonk(players=2)")
    state = deal(game, tuple(Rules().pack()))
    assert state.tonk_state is not None
    vector = encoding.observation_vector(tonk.observe(state.tonk_state, 0))
    assert state.observation_tensor(0) == pytest.approx(vector)
    observer = game.make_py_observer()
    observer.set_from(state, 0)
    assert set(observer.dict) == {
        name for name, _, _ in encoding.observation_sections(game.rules, 2)
    }
    assert "seat 0: " in state.observation_string(0)
    before = game.new_initial_state()
    assert not any(before.observation_tensor(0))
    with pytest.raises(ValueError, match="not supported"):
        game.make_py_observer(params={"x": 1})


def test_the_ismcts_example_plays_its_hands() -> None:
    path = Path(__file__).parent.parent / "examples" / "openspiel_ismcts.py"
    payoffs = runpy.run_path(str(path))["main"](2, 5)
    assert len(payoffs) == 2
    assert all(-2 <= payoff <= 2 for payoff in payoffs)


def test_a_tonk_bot_draws_the_same_choices_after_a_restart() -> None:
    game = load("python_tonk(players=2)")
    state = deal(game, tuple(Rules().pack()))
    bot = TonkBot(tonk.bots.RandomBot(), 1, seed=3)
    first = [bot.step(state) for _ in range(12)]
    bot.restart()  # pyspiel.evaluate_bots restarts every bot before a hand
    assert [bot.step(state) for _ in range(12)] == first
    assert len(set(first)) > 1


def test_the_strings_say_when_a_card_is_being_drawn() -> None:
    game = load("python_tonk(players=2)")
    state = deal(game, tuple(Rules().pack()))
    before = state.information_state_string(0)
    state.apply_action(encoding.action_to_index(tonk.DrawStock(), Rules(), 2))
    assert state.information_state_string(0) == before + "\nseat 1 draws from the stock"
    assert str(state).endswith("(drawing from the stock)")


def test_a_sample_keeps_the_seats_cards_and_redraws_the_rest() -> None:
    game = load("python_tonk(players=3)")
    state = deal(game, tuple(Rules().pack()))
    sample = state.resample_from_infostate(1, random.Random(4).random)
    real, drawn = state.tonk_state, sample.tonk_state
    assert real is not None
    assert drawn is not None
    assert drawn.hands[1] == real.hands[1]
    assert drawn.hands[0] != real.hands[0]
    assert drawn.discard_pile == real.discard_pile
    assert sample.history() == []
    assert sample._now.dealt == ()  # the real deal order is not carried over


def test_the_game_type_admits_the_largest_table_any_rules_deal() -> None:
    """``max_num_players`` bounds every table a rule set allows: 112 seats of
    one card each from two packs and eight jokers, no upcard (B2, V2, V3).
    A table past the old bound of 20 loads (a smaller one than 112, which
    takes long to build)."""
    largest = Rules(
        two_packs_from=2, hand_size=1, jokers=8, upcard=False, deal_tonks=()
    )
    assert largest.max_players == 112
    game = pyspiel.load_game(
        "python_tonk", {"rules_json": tonk.to_json(largest), "players": 21}
    )
    assert game.num_players() == 21
    assert game.get_type().max_num_players == 112
