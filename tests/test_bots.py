"""Bots (tonk.bots): legal choices, strength, the ISMCTS budget and blindness,
and the tournament helpers."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import tonk
from tonk import (
    Action,
    ClaimDealTonk,
    DrawDiscard,
    DrawStock,
    Drop,
    GameState,
    Hit,
    LaySpread,
    Observation,
    Pass,
    Phase,
    Rules,
    RulesError,
    Slap,
    observe,
)
from tonk.bots import (
    Bot,
    GreedyBot,
    InferenceBot,
    ISMCTSBot,
    RandomBot,
    SearchResult,
    play_hand,
    tournament,
)
from tonk.bots._ismcts import _Deals
from tonk.testing import redeal_hidden, stack_deck
from tonk.testing.strategies import player_counts, playouts, presets
from tonk.testing.strategies import rules as any_rules

PAGAT = tonk.presets.PAGAT


@st.composite
def live_states(draw: st.DrawFn) -> GameState:
    """A state of a hand of any rules (a preset or random ones), not yet over."""
    rules = draw(any_rules() | presets())
    playout = draw(playouts(rules=rules, players=player_counts(rules), max_actions=80))
    live = [state for state in playout.states if not state.is_terminal]
    assume(live)  # not a hand that ended at the deal
    return live[-1]


def to_move(state: GameState) -> Observation:
    return observe(state, state.to_move)


# --- every bot plays only legal actions, under every rule set ---------------------


@settings(max_examples=60)
@given(live_states(), st.integers(0, 2**32 - 1))
def test_bots_choose_only_legal_actions(state: GameState, seed: int) -> None:
    seen = to_move(state)
    legal = seen.legal_actions
    assert legal
    for bot in (RandomBot(), GreedyBot(), ISMCTSBot(iterations=8)):
        action = bot.choose(seen, legal, random.Random(seed))
        assert action in legal, (bot, action)


@settings(max_examples=15)
@given(any_rules() | presets(), st.integers(0, 2**32 - 1))
def test_greedy_plays_whole_hands_under_any_rules(rules: Rules, seed: int) -> None:
    players = min(3, rules.max_players)
    state = play_hand(rules, [GreedyBot()] * players, seed=seed, dealer=seed % players)
    assert state.outcome is not None
    tonk.testing.check_invariants(state)


def test_bots_are_bots() -> None:
    for bot in (RandomBot(), GreedyBot(), ISMCTSBot(iterations=5)):
        assert isinstance(bot, Bot)
    assert not isinstance(object(), Bot)


def test_bots_refuse_to_choose_from_nothing() -> None:
    seen = to_move(tonk.new_game(PAGAT, players=2, seed=1))
    for bot in (RandomBot(), GreedyBot(), ISMCTSBot(iterations=5)):
        with pytest.raises(ValueError, match="no legal actions"):
            bot.choose(seen, (), random.Random(0))


# --- GreedyBot ----------------------------------------------------------------------


def test_greedy_beats_random_on_a_fixed_sample() -> None:
    result = tournament(PAGAT, [GreedyBot(), RandomBot()], hands=200, seed=5)
    greedy, uniform = result.bots
    assert greedy.win_rate > 0.65
    assert greedy.mean_payoff_ci95 is not None
    assert greedy.mean_payoff_ci95[0] > 0.3
    assert uniform.mean_payoff == -greedy.mean_payoff


def deal(
    hands: Sequence[str], upcard: str, stock: str = "", **options: object
) -> GameState:
    rules = Rules(**options)  # type: ignore[arg-type]
    dealer = len(hands) - 1  # seat 0 plays first
    deck = stack_deck(
        rules, hands=list(hands), upcard=upcard, stock=stock, dealer=dealer
    )
    return tonk.new_game(rules, players=len(hands), deck=deck, dealer=dealer)


def choose(bot: Bot, state: GameState, seed: int = 0) -> Action:
    seen = to_move(state)
    return bot.choose(seen, seen.legal_actions, random.Random(seed))


def test_greedy_drops_a_very_low_hand_and_not_a_high_one() -> None:
    low = deal(["AC 2D AH 2S 3C", "KS QS JS 9H 9D"], upcard="5D")
    assert choose(GreedyBot(), low) == Drop()
    high = deal(["KS QS JH 9H 9D", "AC 2D AH 2S 3C"], upcard="5D")
    assert choose(GreedyBot(), high) != Drop()


def test_greedy_takes_a_discard_that_completes_a_spread_and_lays_it() -> None:
    state = deal(["7H 8H KS QD JC", "AC 2C 4D 6S 9C"], upcard="9H")
    bot = GreedyBot()
    assert choose(bot, state) == DrawDiscard()
    state = tonk.apply(state, DrawDiscard())
    action = choose(bot, state)
    assert isinstance(action, LaySpread)
    assert [str(card) for card in action.cards] == ["7H", "8H", "9H"]


def test_greedy_discards_its_highest_loose_card() -> None:
    state = deal(
        ["7H 8H KS 2D AC", "AC 2C 4D 6S 9C".replace("AC", "3C")],
        upcard="5S",
        stock="4C",
    )
    bot = GreedyBot()
    state = tonk.apply(state, DrawStock())
    assert choose(bot, state) == tonk.Discard(tonk.Card.parse("KS"))


def test_greedy_counts_no_outs_for_plain_jokers() -> None:
    # Two jokers that are not wild (V3), worth 12 each, make no spread: the
    # unseen aces are not their outs (a joker's code, 52, is a multiple of
    # 13, as an ace's rank is). Worth more than the KS, a joker goes.
    state = deal(
        ["JK JK KS 2D 3C", "4C 5D 6H 7S 9C"],
        upcard="10D",
        stock="8H",
        jokers=2,
        joker_value=12,
    )
    state = tonk.apply(state, DrawStock())
    assert choose(GreedyBot(), state) == tonk.Discard(tonk.Card.parse("JK"))


def test_greedy_keeps_a_near_spread_by_its_outs_weight() -> None:
    # KS QS wait for JS, the one out of each: at 1.5 points an out each is
    # 8.5, above the loose 8C; at 3.5 points each is 6.5, below it.
    state = deal(["KS QS 8C 2D AC", "3C 5D 6H 7S 9C"], upcard="10D", stock="4H")
    state = tonk.apply(state, DrawStock())
    spades = {tonk.Discard(tonk.Card.parse(card)) for card in ("KS", "QS")}
    assert choose(GreedyBot(), state) in spades
    assert choose(GreedyBot(outs_weight=3.5), state) == tonk.Discard(
        tonk.Card.parse("8C")
    )
    assert choose(InferenceBot(outs_weight=1.5), state) in spades
    assert choose(InferenceBot(), state) == tonk.Discard(tonk.Card.parse("8C"))


def test_greedy_hits_when_it_can() -> None:
    state = deal(["7H 8H 9H KS QD", "10H 2C 4D 6S 9C"], upcard="5S", stock="3C 4S")
    bot = GreedyBot()
    state = tonk.apply(state, DrawStock())  # seat 0 draws 3C
    state = tonk.apply(state, choose(bot, state))  # lays 7H 8H 9H
    assert len(state.spreads) == 1
    while state.to_move == 0:
        state = tonk.apply(state, choose(bot, state))
    state = tonk.apply(state, DrawStock())  # seat 1 draws 4S
    assert choose(bot, state) == Hit(1, tonk.Card.parse("10H"))


def test_greedy_claims_a_winning_dealt_hand() -> None:
    rules = tonk.presets.CHICAGO
    for seed in range(2000):
        state = tonk.new_game(rules, players=2, seed=seed)
        if not state.is_terminal and ClaimDealTonk() in tonk.legal_actions(state):
            assert choose(GreedyBot(), state) == ClaimDealTonk()
            return
    pytest.fail("no claimable deal found")  # pragma: no cover


def test_greedy_slaps_for_an_extra_discard_and_passes_otherwise() -> None:
    state = deal(
        ["7H 8H 9H KS QD", "10H 3C 4D 6S 9C", "AC 2D 5S 8C JD"],
        upcard="4S",
        stock="2C 5C",
        slap_in=True,
    )
    state = tonk.apply(state, DrawStock())  # seat 0 draws 2C
    state = tonk.apply(state, tonk.parse_action(state, "spread 7H 8H 9H"))
    state = tonk.apply(state, tonk.parse_action(state, "discard KS"))
    state = tonk.apply(state, DrawStock())  # seat 1 draws 5C
    state = tonk.apply(state, tonk.parse_action(state, "discard 10H"))
    assert state.phase is Phase.SLAP_WINDOW
    assert state.to_move == 1  # the discarder is asked first: no extra discard
    assert choose(GreedyBot(), state) == Pass()
    state = tonk.apply(state, Pass())
    assert state.to_move == 2
    assert choose(GreedyBot(), state) == Slap(1)


def test_greedy_validates_its_options() -> None:
    with pytest.raises(ValueError, match="samples"):
        GreedyBot(samples=0)
    with pytest.raises(RulesError, match=r"outs_weight must be 0\.\.100"):
        GreedyBot(outs_weight=-1)
    with pytest.raises(TypeError, match="outs_weight must be a number"):
        GreedyBot(outs_weight=True)


# --- ISMCTSBot ---------------------------------------------------------------------


def test_ismcts_searches_exactly_its_iteration_budget() -> None:
    seen = to_move(tonk.new_game(PAGAT, players=2, seed=7))
    result = ISMCTSBot(iterations=37).search(seen, seen.legal_actions, random.Random(1))
    assert isinstance(result, SearchResult)
    assert result.iterations == 37
    assert sum(result.visits) == 37
    assert result.actions == seen.legal_actions
    assert result.action == result.actions[result.visits.index(max(result.visits))]


def test_ismcts_stops_at_its_time_budget() -> None:
    seen = to_move(tonk.new_game(PAGAT, players=2, seed=7))
    bot = ISMCTSBot(iterations=None, seconds=0.05)
    began = time.perf_counter()
    result = bot.search(seen, seen.legal_actions, random.Random(1))
    elapsed = time.perf_counter() - began
    assert result.iterations >= 1
    assert elapsed < 0.05 + 0.1
    both = ISMCTSBot(iterations=3, seconds=10.0)
    assert both.search(seen, seen.legal_actions, random.Random(1)).iterations == 3


def test_ismcts_searches_only_for_the_seat_to_move() -> None:
    state = tonk.new_game(PAGAT, players=2, seed=7)
    other = observe(state, 1 - state.to_move)
    with pytest.raises(ValueError, match="seat 0: it is not to move"):
        ISMCTSBot(iterations=5).search(other, (Drop(), DrawStock()), random.Random(0))


def test_ismcts_returns_a_single_action_without_searching() -> None:
    seen = to_move(tonk.new_game(PAGAT, players=2, seed=7))
    assert ISMCTSBot(iterations=1).choose(seen, (DrawStock(),), random.Random(0)) == (
        DrawStock()
    )


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"iterations": None}, "give an iteration budget"),
        ({"iterations": 0}, "iterations must be a positive int"),
        ({"iterations": True}, "iterations must be a positive int"),
        ({"seconds": 0.0}, "seconds must be a positive number"),
        ({"seconds": -(10**5000)}, "got <negative int of 5001 digits>"),
        ({"rollout": "smart"}, "rollout"),
    ],
)
def test_ismcts_validates_its_options(options: dict[str, object], message: str) -> None:
    error = ValueError if "rollout" in options else RulesError  # attrs checks rollout
    with pytest.raises(error, match=message):
        ISMCTSBot(**options)  # type: ignore[arg-type]


@settings(max_examples=25)
@given(live_states(), st.integers(0, 2**32 - 1))
def test_ismcts_never_sees_hidden_cards(state: GameState, seed: int) -> None:
    """Two states that differ only in cards the seat cannot see get the same
    search, move for move, from the same seed."""
    seat = state.to_move
    other = redeal_hidden(state, seat, random.Random(seed))
    assert observe(other, seat) == observe(state, seat)
    for bot in (ISMCTSBot(iterations=12), ISMCTSBot(iterations=12, rollout="random")):
        first = bot.search(
            to_move(state), to_move(state).legal_actions, random.Random(seed)
        )
        second = bot.search(
            to_move(other), to_move(other).legal_actions, random.Random(seed)
        )
        assert first == second


@settings(max_examples=40)
@given(live_states(), st.integers(0, 2**32 - 1), st.sampled_from([0.0, 0.5, 1.5]))
def test_ismcts_deals_fit_the_observation_and_keep_the_seats_actions(
    state: GameState, seed: int, lower: float
) -> None:
    """The search's deals are determinize's (with no lowering) and always fit
    what the seat sees, so its legal actions are the same in every deal."""
    seen = to_move(state)
    deals = _Deals(seen, lower)
    if not lower:
        assert deals(random.Random(seed)) == tonk.determinize(seen, random.Random(seed))
    rng = random.Random(seed)
    for _ in range(4):
        sample = deals(rng)
        assert observe(sample, seen.seat) == seen
        assert tonk.legal_actions(sample) == seen.legal_actions


def test_ismcts_is_reproducible_from_its_rng() -> None:
    seen = to_move(tonk.new_game(PAGAT, players=3, seed=4))
    bot = ISMCTSBot(iterations=50)
    assert bot.search(seen, seen.legal_actions, random.Random(9)) == bot.search(
        seen, seen.legal_actions, random.Random(9)
    )


def test_ismcts_values_a_drop_that_cannot_lose_at_one_stake() -> None:
    # 9 is below any five cards left unseen (AS 2C 2D 3D 3H make 11).
    state = deal(["AC AD 2H 2S 3C", "KS QS JS 9H 9D"], upcard="5D")
    seen = to_move(state)
    result = ISMCTSBot(iterations=100).search(
        seen, seen.legal_actions, random.Random(2)
    )
    drop = result.actions.index(Drop())
    assert result.visits[drop] > 0
    assert result.mean_payoffs[drop] == 1.0


@pytest.mark.parametrize("rollout", ["greedy", "random"])
def test_ismcts_plays_whole_hands(rollout: str) -> None:
    bots: list[Bot] = [ISMCTSBot(iterations=20, rollout=rollout), RandomBot()]  # type: ignore[arg-type]
    state = play_hand(PAGAT, bots, seed=3)
    assert state.outcome is not None


# --- play_hand and tournament --------------------------------------------------------


def test_play_hand_is_reproducible_and_reports_each_action() -> None:
    bots: list[Bot] = [GreedyBot(), RandomBot(), RandomBot()]
    seen: list[tuple[int, object]] = []
    first = play_hand(
        PAGAT,
        bots,
        seed=8,
        dealer=2,
        on_action=lambda state, seat, action: seen.append((seat, action)),
    )
    assert first == play_hand(PAGAT, bots, seed=8, dealer=2)
    assert first.dealer == 2
    assert seen
    assert seen[0][0] == 0
    replayed = tonk.new_game(PAGAT, players=3, seed=8, dealer=2)
    for _, action in seen:
        replayed = tonk.apply(replayed, action)  # type: ignore[arg-type]
    assert replayed == first


def test_play_hand_rejects_a_bad_table() -> None:
    with pytest.raises(RulesError):
        play_hand(PAGAT, [GreedyBot()], seed=1)


def test_play_hand_rejects_an_illegal_choice() -> None:
    class Cheat:
        def choose(
            self, obs: Observation, legal: Sequence[Action], rng: random.Random
        ) -> Action:
            return tonk.Discard(tonk.Card.parse("KS"))

    cheats: list[Bot] = [Cheat(), Cheat()]
    with pytest.raises(tonk.IllegalActionError):
        play_hand(PAGAT, cheats, seed=1)


def test_tournament_rotates_seats_and_dealer_fairly() -> None:
    log: list[tuple[int, int]] = []

    class Watcher:
        """A random bot that notes its seat and the dealer at each first move."""

        def choose(
            self, obs: Observation, legal: Sequence[Action], rng: random.Random
        ) -> Action:
            if obs.turns_taken < obs.player_count:
                log.append((obs.seat, obs.dealer))
            return legal[rng.randrange(len(legal))]

    bots: list[Bot] = [Watcher(), RandomBot(), RandomBot()]
    result = tournament(PAGAT, bots, hands=18, seed=3)
    assert [record.hands for record in result.bots] == [18, 18, 18]
    assert sum(count for _, count in result.outcomes) == 18
    # The watcher sat in each seat equally often, under each dealer.
    seats = {seat for seat, _ in log}
    dealers = {dealer for _, dealer in log}
    assert seats == dealers == {0, 1, 2}


def test_tournament_duplicates_each_deal() -> None:
    """With two copies of one deterministic bot, the seat swap of a deal
    mirrors the payoffs exactly: the bots are even."""
    result = tournament(
        PAGAT, [GreedyBot(samples=1), GreedyBot(samples=1)], hands=20, seed=4
    )
    first, second = result.bots
    assert first.name == "GreedyBot"
    assert second.name == "GreedyBot-2"
    assert first.hands == second.hands == 20


def test_tournament_results_do_not_depend_on_workers() -> None:
    bots: list[Bot] = [GreedyBot(), RandomBot()]
    one = tournament(PAGAT, bots, hands=61, seed=12, workers=1)
    progress: list[int] = []
    two = tournament(
        PAGAT, bots, hands=61, seed=12, workers=2, progress=progress.append
    )
    assert one == two
    assert progress[-1] == 61
    assert progress == sorted(progress)


def test_tournament_confidence_intervals_contain_the_mean() -> None:
    result = tournament(PAGAT, [GreedyBot(), RandomBot()], hands=100, seed=2)
    for record in result.bots:
        assert record.win_rate_ci95 is not None
        assert record.mean_payoff_ci95 is not None
        low, high = record.mean_payoff_ci95
        assert low < float(record.mean_payoff) < high
        low, high = record.win_rate_ci95
        assert low < record.win_rate < high
    document = result.to_dict()
    assert document["hands"] == 100
    single = tournament(PAGAT, [GreedyBot(), RandomBot()], hands=2, seed=2)
    assert single.bots[0].mean_payoff_ci95 is None  # one deal: no interval


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"hands": 0}, RulesError, "hands must be an int 1..1000000000, got 0"),
        ({"hands": 10**10}, RulesError, "hands must be an int 1..1000000000"),
        ({"hands": 10**5000}, RulesError, "got <int of 5001 digits>"),
        ({"hands": 2, "workers": 0}, RulesError, "workers must be an int 1..256"),
        ({"hands": 2, "workers": 10**6}, RulesError, "workers must be an int 1..256"),
        ({"hands": 2, "seed": 10**1000}, RulesError, "at most 1000 digits"),
        ({"hands": 2, "seed": None}, TypeError, "^seed must be an int, got None$"),
        ({"hands": 2, "seed": "1"}, TypeError, "^seed must be an int, got '1'$"),
        ({"hands": 2, "seed": True}, TypeError, "^seed must be an int, got True$"),
        ({"hands": 2, "names": ["a"]}, RulesError, "names must be 2 distinct"),
        ({"hands": 2, "names": ["a", "a"]}, RulesError, "names must be 2 distinct"),
    ],
)
def test_tournament_validates_its_arguments(
    arguments: dict[str, object], error: type[Exception], message: str
) -> None:
    arguments = {"seed": 1, **arguments}
    with pytest.raises(error, match=message):
        tournament(PAGAT, [RandomBot(), RandomBot()], **arguments)  # type: ignore[arg-type]


def test_tournament_needs_a_table_the_rules_allow() -> None:
    with pytest.raises(RulesError, match="one bot per seat"):
        tournament(PAGAT, [RandomBot()], hands=1, seed=1)


def test_the_old_names_of_the_tournament_results_are_deprecated() -> None:
    bots: list[tonk.bots.Bot] = [tonk.bots.GreedyBot(), tonk.bots.RandomBot()]
    result = tonk.bots.tournament(tonk.presets.PAGAT, bots, hands=8, seed=1)
    with pytest.warns(DeprecationWarning, match="use bots"):
        assert result.records == result.bots
    record = result.bots[0]
    with pytest.warns(DeprecationWarning, match="use win_rate_ci95"):
        assert record.win_rate_interval == record.win_rate_ci95
    with pytest.warns(DeprecationWarning, match="use mean_payoff_ci95"):
        assert record.mean_payoff_interval == record.mean_payoff_ci95
    first = result.to_dict()["bots"]
    assert isinstance(first, list)
    assert first[0]["win_rate_ci95"] == list(record.win_rate_ci95 or ())


@pytest.mark.parametrize(
    ("rules", "seed"),
    [
        # Each holding wild twos alone, they took the wild top discard.
        (
            tonk.Rules(wilds=tonk.Wilds.JOKERS_AND_TWOS, max_turns=None, deal_tonks=()),
            284,
        ),
        # Hoyle's closed play (H4): a card that makes a spread, not to be laid.
        (attrs.evolve(tonk.presets.HOYLE, max_turns=None), 0),
    ],
    ids=["wild", "closed-play"],
)
def test_greedy_bots_pass_no_card_back_and_forth_forever(
    rules: tonk.Rules, seed: int
) -> None:
    """Two greedy bots took the top discard in turn only to throw it back: with
    no turn limit (B15) the hand never ended (under Hoyle's turn limit, 140 of
    300 two-player hands ran to it). A greedy bot no longer takes a card it
    would throw back."""
    state = tonk.new_game(rules, players=2, seed=seed)
    bots = [GreedyBot(), GreedyBot()]
    rng = random.Random(seed)
    for _ in range(3_000):  # these hands end within about 100 actions now
        if state.outcome is not None:
            break
        seen = tonk.observe(state, state.to_move)
        state = tonk.apply(
            state, bots[state.to_move].choose(seen, seen.legal_actions, rng)
        )
    assert state.outcome is not None
