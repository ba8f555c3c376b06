"""Opponent inference (tonk.bots.infer, Memory, Belief) and InferenceBot."""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sizes import under_ci

import tonk
from tonk.actions import Action, Discard, DrawDiscard, Eat, Hit, LaySpread
from tonk.bots import (
    Belief,
    GreedyBot,
    GreedyModel,
    InferenceBot,
    ISMCTSBot,
    Memory,
    OpponentTurn,
    infer,
)
from tonk.bots._belief import tables_of
from tonk.cards import Card, WildCard
from tonk.errors import RulesError
from tonk.observation import Observation
from tonk.rules import PackKind, Rules, Wilds
from tonk.state import GameState, Phase
from tonk.testing import check_no_leak, stack_deck, strategies

PAGAT = tonk.presets.PAGAT
FORTY_TUNK = Rules(
    pack_kind=PackKind.FORTY, jokers=1, deal_tonks=(), tunk_at_most=22, last_turns=True
)
HIT_ENDS_TURN = Rules(
    pack_kind=PackKind.FORTY,
    jokers=1,
    wilds=Wilds.JOKERS,
    hand_size=7,
    upcard=False,
    hit_wait=1,
    hit_ends_turn=True,
)


def _history(
    players: int,
    seed: int,
    bots: Sequence[tonk.bots.Bot] | None = None,
    rules: Rules = PAGAT,
) -> list[tuple[GameState, int, Action]]:
    """Return every (state, seat, action) of a hand of greedy bots."""
    steps: list[tuple[GameState, int, Action]] = []
    tonk.bots.play_hand(
        rules,
        bots or [GreedyBot() for _ in range(players)],
        seed=seed,
        on_action=lambda state, seat, action: steps.append(
            (state, seat, action)  # type: ignore[arg-type]
        ),
    )
    return steps


def _true_turns(
    steps: Sequence[tuple[GameState, int, Action]],
) -> dict[int, OpponentTurn]:
    """Return what each turn really was, by turn number, from the referee's view."""
    turns: dict[int, dict[str, object]] = {}
    eaten: Card | None = None  # the next turn begins by eating it (X5)
    for state, seat, action in steps:
        if state.phase in (Phase.SLAP_WINDOW, Phase.EXTRA_DISCARD):
            if isinstance(action, Eat):
                eaten = state.discard_pile[-1]
            continue  # a choice in a window on a discard (V26, X5): no turn's
        pile = state.discard_pile
        turn = turns.setdefault(
            state.turns_taken,
            {
                "seat": seat,
                "could_drop": state.phase is Phase.TURN_START
                and not state.bookkeeping.waits[seat],  # no wait (V22)
                "offered": eaten or (pile[-1] if pile else None),
                "took": eaten is not None,
                "laid": [],
                "discarded": None,
            },
        )
        eaten = None
        if isinstance(action, DrawDiscard):
            turn["took"] = True
        elif isinstance(action, Discard):
            turn["discarded"] = action.card
        elif isinstance(action, LaySpread):
            turn["laid"] = [*turn["laid"], *action.physical]  # type: ignore[misc]
        elif isinstance(action, Hit):
            card = action.card  # the card played: a wild card, not what it stands for
            physical = card.card if isinstance(card, WildCard) else card
            turn["laid"] = [*turn["laid"], physical]  # type: ignore[misc]
    return {
        number: OpponentTurn(
            seat=fields["seat"],  # type: ignore[arg-type]
            turn=number,
            could_drop=fields["could_drop"],  # type: ignore[arg-type]
            offered=fields["offered"],  # type: ignore[arg-type]
            took=fields["took"],  # type: ignore[arg-type]
            laid=tuple(fields["laid"]),  # type: ignore[arg-type]
            discarded=fields["discarded"],  # type: ignore[arg-type]
        )
        for number, fields in turns.items()
    }


@pytest.mark.parametrize(
    ("players", "rules"),
    [
        (2, PAGAT),
        (3, PAGAT),
        (4, PAGAT),
        (3, attrs.evolve(PAGAT, eating=True)),  # X5: asked between its turns
        (4, attrs.evolve(PAGAT, eating=True)),
    ],
)
def test_memory_reads_the_other_seats_turns(players: int, rules: Rules) -> None:
    """Each turn the memory works out is the turn that was played.

    Under eating (X5) the seat is asked in a window on each discard, between
    its turns: the turns before and after such a choice are all read. The
    turns an eat skips are not seen as skipped (docs/maintainers.md): each
    is listed with its discard unknown.
    """
    checked = 0
    for seed in range(12):
        steps = _history(players, seed, rules=rules)
        truth = _true_turns(steps)
        memory = Memory()
        for state, seat, _ in steps:
            if seat != 0:
                continue
            turns = memory.update(tonk.observe(state, 0))
            if state.phase is Phase.TURN_START:  # none missed, none made up
                played = {
                    number
                    for number, real in truth.items()
                    if number < state.turns_taken and real.seat != 0
                }
                listed = {turn.turn for turn in turns}
                assert listed >= played
                assert listed == played or rules.eating
            for turn in turns:
                if turn.turn not in truth:  # skipped by an eat
                    assert rules.eating
                    assert turn.discarded is None
                    continue
                real = truth[turn.turn]
                assert turn.seat == real.seat
                # the top discard, unless the memory cannot name it
                assert turn.offered in (None, real.offered)
                assert real.offered is not None or turn.offered is None
                if turn.discarded is not None:
                    assert turn.discarded == real.discarded
                    assert turn.took == real.took
                    assert sorted(turn.laid) == sorted(real.laid)
                    checked += 1
    assert checked > 20 * players


@pytest.mark.parametrize("every", [False, True])
def test_memory_keeps_its_turns_across_an_exchange_with_the_widow(every: bool) -> None:
    """An exchange (V46) leaves a turn at its start: no new hand begins there.

    Three rounds in, seat 0 is shown its turn start before and after its own
    exchange; with ``every``, also seat 1's turn start before and after seat
    1's exchange.
    """
    rules = attrs.evolve(PAGAT, widow=True)
    state = tonk.new_game(rules, players=2, seed=7)
    memory = Memory()
    for _ in range(6):  # three turns each, seat 1 first: draw, throw the last
        if every or state.to_move == 0:
            memory.update(tonk.observe(state, 0))
        state = tonk.apply(state, tonk.DrawStock())
        state = tonk.apply(state, tonk.Discard(state.hand(state.to_move)[-1]))
    if every:
        memory.update(tonk.observe(state, 0))
        state = tonk.apply(state, tonk.Exchange(state.hand(1)[0]))
        memory.update(tonk.observe(state, 0))
    state = tonk.apply(state, tonk.DrawStock())
    state = tonk.apply(state, tonk.Discard(state.hand(1)[-1]))
    before = memory.update(tonk.observe(state, 0))
    assert [turn.turn for turn in before] == [0, 2, 4, 6]
    state = tonk.apply(state, tonk.Exchange(state.hand(0)[0]))
    assert memory.update(tonk.observe(state, 0)) == before


def test_memory_forgets_a_finished_hand() -> None:
    memory = Memory()
    steps = _history(2, 3)
    for state, seat, _ in steps:
        if seat == 0:
            memory.update(tonk.observe(state, 0))
    fresh = tonk.observe(tonk.new_game(PAGAT, players=2, seed=99), 0)
    assert memory.update(fresh) == ()
    assert memory.last(0) == fresh


def _fed_every_observation(rules: Rules, players: int, seed: int) -> int:
    """Play a hand of greedy bots; check seat 0's two memories at its decisions.

    One memory is given every observation seat 0 is shown (as an environment
    shows each agent), the other only those of its decisions (as bots are
    asked): at each decision they hold the same turns. Returns how many.
    """
    every, decisions = Memory(), Memory()
    remembered = 0

    def watch(state: GameState, seat: int, action: Action) -> None:
        nonlocal remembered
        shown = every.update(tonk.observe(state, 0))
        if seat == 0:
            assert shown == decisions.update(tonk.observe(state, 0))
            remembered = len(shown)

    tonk.bots.play_hand(
        rules,
        [GreedyBot() for _ in range(players)],
        seed=seed,
        on_action=watch,  # type: ignore[arg-type]
    )
    return remembered


@pytest.mark.parametrize("players", [2, 3, 4])
def test_memory_fed_every_observation_remembers_the_same_turns(players: int) -> None:
    """Another seat's moves, seen by the seat, change nothing it records."""
    assert sum(_fed_every_observation(PAGAT, players, seed) for seed in range(8)) > 8


@settings(max_examples=under_ci(100))  # each example plays a hand
@given(data=st.data())
def test_memory_fed_every_observation_under_any_rules(data: st.DataObject) -> None:
    rules = data.draw(strategies.rules(), label="rules")
    if rules.max_turns is None:  # a turn limit (B15), as bots playing on should have
        rules = attrs.evolve(rules, max_turns=200)
    players = data.draw(strategies.player_counts(rules), label="players")
    _fed_every_observation(rules, players, data.draw(st.integers(0, 2**16)))


def check_named(turn: OpponentTurn, real: OpponentTurn) -> None:
    """Check that each fact ``turn`` names is the referee's ``real`` turn's.

    A named offered card was the top discard; a turn whose discard is named
    took, laid and discarded what it did, and could drop only with no wait.
    """
    assert turn.offered in (None, real.offered)
    if turn.discarded is not None:
        assert turn.discarded == real.discarded
        assert turn.took == real.took
        assert real.could_drop or not turn.could_drop
        assert sorted(card.code for card in turn.laid) == sorted(
            card.code for card in real.laid
        )


def _claims_nothing_false(rules: Rules, players: int, seed: int) -> None:
    """Check every fact each seat's memory names in a hand of greedy bots.

    A turn's offered card, when named, was the top discard; a turn whose
    discard is named took (or not) and laid exactly what it did, and could
    drop only if it had no wait (V22). Slap-ins (V26), eats (X5), tunks
    (H5), hits that end a turn (V24c) and a turned-up card laid at once
    leave facts unknown; none may be made up.
    """
    steps = _history(players, seed, rules=rules)
    truth = _true_turns(steps)
    for observer in range(players):
        memory = Memory()
        for state, seat, _ in steps:
            if seat != observer:
                continue
            for turn in memory.update(tonk.observe(state, observer)):
                real = truth.get(turn.turn)
                if real is None or real.seat != turn.seat:
                    assert rules.eating  # a turn an eat skipped (X5)
                    assert turn.offered is None
                    assert turn.discarded is None
                    continue
                check_named(turn, real)


@settings(max_examples=under_ci(300))  # each example plays a hand
@given(data=st.data())
def test_memory_claims_nothing_false_under_any_rules(data: st.DataObject) -> None:
    """Whatever a memory names of a turn is what happened, under any rules."""
    rules = data.draw(strategies.rules(), label="rules")
    if rules.max_turns is None:  # a turn limit (B15), as bots playing on should have
        rules = attrs.evolve(rules, max_turns=200)
    players = data.draw(strategies.player_counts(rules), label="players")
    _claims_nothing_false(rules, players, data.draw(st.integers(0, 2**16)))


@pytest.mark.parametrize(
    ("rules", "players", "seed"),
    [
        # a tunk (H5) leaves a turn without a discard, and shows the tunker's
        # cards among its taken ones
        (Rules(upcard=False, tunk_at_most=17, last_turns=True), 3, 3),
        (FORTY_TUNK, 2, 4),
        # V24c: a hit ends the turn without a discard
        (HIT_ENDS_TURN, 2, 9),
        # a slap-in (V26) takes a discard off the pile
        (Rules(slap_in=True), 3, 16),
        # a hit on a seat's spread before its turn makes it wait (V22)
        (Rules(upcard=False, must_spread=True, hit_wait=1, drops=False), 4, 0),
        # an eaten card (X5) discarded again leaves the pile as it was
        (Rules(jokers=2, upcard=False, eating=True, closed_play=True), 5, 0),
        # the first player takes the turned-up card and lays it at once
        (PAGAT, 2, 5),
    ],
)
def test_memory_claims_nothing_false_in_these_hands(
    rules: Rules, players: int, seed: int
) -> None:
    """Hands where a memory once made up a fact (found by the property above)."""
    _claims_nothing_false(attrs.evolve(rules, max_turns=200), players, seed)


def _observations(seed: int, players: int = 2) -> list[Observation]:
    """Return seat 0's observations at its turn starts in a hand of greedy bots."""
    return [
        tonk.observe(state, 0)
        for state, seat, _ in _history(players, seed)
        if seat == 0
    ]


def _remembered(observations: Sequence[Observation]) -> Memory:
    memory = Memory()
    for obs in observations:
        memory.update(obs)
    return memory


def test_belief_deals_fit_the_observation() -> None:
    """Every deal agrees with the observation; the weights are normalised."""
    for seed in range(6):
        observations = _observations(seed, players=3)
        if not observations:
            continue
        memory = _remembered(observations)
        obs = observations[-1]
        belief = infer(obs, random.Random(seed), memory=memory, samples=24)
        assert len(belief.deals) == len(belief.weights) == 24
        assert sum(belief.weights) == pytest.approx(1.0)
        assert min(belief.weights) >= 0
        for deal in belief.deals:
            assert tonk.observe(deal, 0) == obs
            assert deal.hands[0] == obs.hand
            for seat, cards in enumerate(obs.taken):
                for card in cards:
                    assert card in deal.hands[seat]
            assert tuple(map(len, deal.hands)) == obs.hand_sizes
            assert len(deal.stock) == obs.stock_size


class _Refuses:
    """A model that finds impossible any hand holding ``card``."""

    def __init__(self, card: Card) -> None:
        self.card = card

    def likelihood(
        self,
        rules: Rules,
        players: int,
        turn: OpponentTurn,
        hand: Sequence[Card],
        drawn: Card,
    ) -> float:
        return 0.0 if self.card in hand or drawn == self.card else 1.0


def _late_observation() -> tuple[Observation, Memory]:
    for seed in range(40):
        observations = _observations(seed)
        if len(observations) >= 6:
            return observations[-1], _remembered(observations)
    raise AssertionError("no long hand")  # pragma: no cover


def test_impossible_hands_weigh_nothing() -> None:
    obs, memory = _late_observation()
    deal = infer(obs, random.Random(0), samples=1).deals[0]
    card = deal.hands[1][0]
    model = _Refuses(card)
    belief = infer(obs, random.Random(1), memory=memory, model=model, samples=64)
    holding = [
        weight
        for deal, weight in zip(belief.deals, belief.weights, strict=True)
        if card in deal.hands[1]
    ]
    assert holding
    assert all(weight == 0 for weight in holding)
    assert belief.chance(lambda deal: card in deal.hands[1]) == 0
    assert card not in belief.sample(random.Random(2)).hands[1]


def test_without_turns_the_belief_is_uniform() -> None:
    obs, memory = _late_observation()
    belief = infer(obs, random.Random(1), memory=memory, samples=16, turns=0)
    assert set(belief.weights) == {1 / 16}
    assert belief.effective_samples == pytest.approx(16)


def test_the_greedy_model_sharpens_the_belief() -> None:
    """Weighted by the model, the deals are not all alike."""
    obs, memory = _late_observation()
    belief = infer(obs, random.Random(1), memory=memory, samples=64)
    assert belief.effective_samples < 64
    assert 0 <= belief.chance_lowest() <= 1


def test_the_greedy_model_prefers_a_discard_of_the_worst_card() -> None:
    model = GreedyModel()
    turn = OpponentTurn(
        seat=1,
        turn=1,
        could_drop=False,
        offered=None,
        took=False,
        laid=(),
        discarded=Card.parse("KS"),
    )
    worst = model.likelihood(
        PAGAT, 2, turn, tonk.parse_cards("2C 3D 4H 8S"), Card.parse("KS")
    )
    best = model.likelihood(
        PAGAT, 2, turn, tonk.parse_cards("2C 3D QH 8S"), Card.parse("KS")
    )
    assert worst > best > 0


def test_the_belief_is_the_same_for_the_same_seed() -> None:
    obs, memory = _late_observation()
    first = infer(obs, random.Random(5), memory=memory, samples=16)
    second = infer(obs, random.Random(5), memory=memory, samples=16)
    assert first == second


def _decisions(bot_seed: int, seed: int, players: int) -> list[Action]:
    actions: list[Action] = []
    bots: list[tonk.bots.Bot] = [InferenceBot(samples=16)]
    bots += [GreedyBot() for _ in range(players - 1)]
    tonk.bots.play_hand(
        PAGAT,
        bots,
        seed=seed,
        on_action=lambda state, seat, action: actions.append(action),  # type: ignore[arg-type]
    )
    return actions


def _counts(deal: GameState) -> list[int]:
    values = PAGAT.card_value
    return [sum(map(values, hand)) for hand in deal.hands]


@pytest.mark.parametrize("players", [2, 4])
def test_a_drops_payoff_is_what_b13_pays_on_each_deal(players: int) -> None:
    """The mean payoff: n - 1 when strictly lowest, else 2 to each catcher (B13)."""
    checked = 0
    for seed in range(8):
        observations = _observations(seed, players)
        memory = Memory()
        for obs in observations:
            memory.update(obs)
            belief = infer(obs, random.Random(seed), memory=memory, samples=24)
            mine = sum(map(PAGAT.card_value, obs.hand))
            expected = 0.0
            for deal, weight in zip(belief.deals, belief.weights, strict=True):
                others = _counts(deal)[1:]
                catchers = sum(count <= mine for count in others)
                expected += weight * (-2 * catchers if catchers else players - 1)
            assert belief.drop_payoff() == pytest.approx(expected)
            if players == 2:
                assert belief.drop_payoff() == pytest.approx(
                    3 * belief.chance_lowest() - 2
                )
            checked += 1
    assert checked > 10


@pytest.mark.parametrize("players", [2, 4])
def test_inference_bot_drops_when_the_drop_beats_its_margin(players: int) -> None:
    """It drops exactly when the believed payoff is above margin * (n - 1)."""
    drops = waits = 0
    for seed in range(10):
        bot = InferenceBot(samples=16, drop_margin=0.4)
        for obs in _observations(seed, players):
            chose = bot.choose(obs, obs.legal_actions, random.Random(seed))
            if tonk.Drop() not in obs.legal_actions or obs.stock_size == 0:
                continue
            payoff = bot.belief(obs, random.Random(seed)).drop_payoff()
            assert (chose == tonk.Drop()) == (payoff > 0.4 * (players - 1))
            drops += chose == tonk.Drop()
            waits += chose != tonk.Drop()
    assert drops
    assert waits


@pytest.mark.parametrize("players", [2, 4])
def test_inference_bot_is_deterministic_under_a_seed(players: int) -> None:
    for seed in range(4):
        assert _decisions(0, seed, players) == _decisions(0, seed, players)


def test_inference_bot_sees_no_hidden_card() -> None:
    """Twin states that differ only in hidden cards give the same choice and belief.

    The bot is given its own memory (its earlier observations, the same for
    both twins) and then the twin's observation.
    """
    checked = 0
    for seed in range(6):
        steps = _history(3, seed)
        past: list[Observation] = []
        for state, seat, _ in steps:
            if seat != 0:
                continue

            def view(
                twin: GameState, seat: int, past: list[Observation] = past
            ) -> object:
                bot = InferenceBot(samples=12)
                for obs in past:
                    bot.choose(obs, obs.legal_actions, random.Random(0))
                seen = tonk.observe(twin, seat)
                choice = bot.choose(seen, seen.legal_actions, random.Random(1))
                belief = bot.belief(seen, random.Random(2))
                return choice, belief.weights, belief.drop_payoff()

            if state.phase is Phase.TURN_START:
                check_no_leak(state, 0, random.Random(seed), view=view)
                checked += 1
            past.append(tonk.observe(state, 0))
    assert checked > 5


def test_inference_bot_plays_every_seat_of_a_table() -> None:
    bot = InferenceBot(samples=8)
    for seed in range(3):
        state = tonk.bots.play_hand(PAGAT, [bot, bot, bot], seed=seed)
        assert state.is_terminal


def test_ismcts_with_beliefs_is_deterministic() -> None:
    def played() -> tuple[object, ...]:
        bots: list[tonk.bots.Bot] = [ISMCTSBot(iterations=20, belief=True), GreedyBot()]
        state = tonk.bots.play_hand(PAGAT, bots, seed=4)
        assert state.outcome is not None
        return tuple(state.outcome.payoffs)

    assert played() == played()


def test_load_bot_knows_the_inference_bot() -> None:
    assert isinstance(tonk.bots.load_bot("inference"), InferenceBot)
    assert "inference" in tonk.bots.BUILT_IN_BOTS


def test_bad_input_is_refused() -> None:
    obs = tonk.observe(tonk.new_game(PAGAT, players=2, seed=1), 0)
    with pytest.raises(TypeError):
        infer("obs", random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        infer(obs, 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        infer(obs, random.Random(0), model=object())  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        infer(obs, random.Random(0), samples=2.5)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        infer(obs, random.Random(0), samples=0)
    with pytest.raises(RulesError):
        infer(obs, random.Random(0), turns=-1)
    with pytest.raises(RulesError):
        infer(obs, random.Random(0), lower=-1)
    with pytest.raises(RulesError):
        infer(obs, random.Random(0), memory=Memory())
    with pytest.raises(TypeError):
        Memory().update("obs")  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        InferenceBot(samples=0)
    with pytest.raises(TypeError):
        InferenceBot(drop_margin="high")  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        InferenceBot(drop_margin=-0.1)
    with pytest.raises(RulesError):
        InferenceBot(outs_weight=101)
    with pytest.raises(TypeError):
        InferenceBot(model=GreedyBot())  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        GreedyModel(temperature=0)
    with pytest.raises(TypeError):
        ISMCTSBot(belief="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no legal actions"):
        InferenceBot().choose(obs, (), random.Random(0))


def test_a_belief_is_frozen_data() -> None:
    obs = tonk.observe(tonk.new_game(PAGAT, players=2, seed=1), 0)
    belief = infer(obs, random.Random(0), samples=2)
    assert isinstance(belief, Belief)
    assert belief == Belief(observation=obs, deals=belief.deals, weights=belief.weights)


# --- wild cards in the belief (V4, V5, H2) -------------------------------------------

WILD_TWOS = Rules(wilds=tonk.Wilds.JOKERS_AND_TWOS)


def codes(cards: str) -> list[int]:
    return [Card.parse(card).code for card in cards.split()]


@pytest.mark.parametrize(
    ("hand", "card", "spreads", "spreads_hoyle"),
    [
        ("2C 7H", "8H", True, True),  # a run with a wild two
        ("2C 7H", "9H", True, True),  # the wild fills the gap
        ("2C 7H", "10H", False, False),
        ("2C 7D", "7S", True, True),  # a book with a wild two
        ("7H 8H", "2C", True, True),  # the wild card completes
        ("7H 7D", "JK", True, True),
        ("7H KD", "2S", False, False),
        ("2C 2D", "8H", True, False),  # two wilds: not under H2's two naturals
        ("2C 9D", "JK", True, False),
        ("2C JK", "2D", True, False),  # the twos stand for themselves (V5)
        ("JK JK", "AD", True, False),
    ],
)
def test_the_belief_counts_wild_cards_in_the_spreads_it_looks_for(
    hand: str, card: str, spreads: bool, spreads_hoyle: bool
) -> None:
    # What the inference bot believes feeds the next seat, and the greedy
    # model's "keeps no spread": with wild cards, as the engine lays them.
    for rules, expected in (
        (WILD_TWOS, spreads),
        (attrs.evolve(WILD_TWOS, min_naturals=2), spreads_hoyle),
    ):
        facts = tables_of(rules)
        assert facts.completes(codes(hand), Card.parse(card).code) is expected
        assert facts.has_spread([*codes(hand), Card.parse(card).code]) is expected
        state = tonk.new_game(rules, players=2, seed=1)
        lays = any(
            isinstance(action, LaySpread)
            for action in tonk.legal_actions(
                attrs.evolve(
                    tonk.apply(state, tonk.DrawStock()),
                    hands=(
                        tuple(sorted(Card.parse(c) for c in [*hand.split(), card])),
                        state.hands[1 - state.to_move],
                    )[:: 1 if state.to_move == 0 else -1],
                )
            )
        )
        assert lays is expected
    assert not tables_of(Rules()).completes(codes("2C 7H"), Card.parse("8H").code)


def test_the_inference_bot_does_not_feed_a_run_that_needs_a_wild() -> None:
    # The next seat took 7H and the wild 2C from the pile: 8H makes its run.
    deck = stack_deck(
        WILD_TWOS,
        hands=["7H 2C AC 3D 4S", "KC QC JD 4D 6S"],
        upcard="KS",
        stock="6C 5D 8H",
        dealer=1,
    )
    state = tonk.new_game(WILD_TWOS, players=2, deck=deck, dealer=1)
    bot = InferenceBot(samples=8)
    for move in (
        "draw stock",
        "discard 7H",
        "draw discard",
        "discard KC",
        "draw stock",
        "discard 2C",
        "draw discard",
        "discard QC",
        "draw stock",
    ):
        action = tonk.parse_action(state, move)
        if state.to_move == 0:
            seen = tonk.observe(state, 0)
            assert bot.choose(seen, (action,), random.Random(0)) == action
        state = tonk.apply(state, action)
    seen = tonk.observe(state, 0)
    legal = seen.legal_actions
    greedy = GreedyBot().choose(seen, legal, random.Random(0))
    assert greedy == Discard(Card.parse("8H"))
    assert bot.choose(seen, legal, random.Random(0)) == Discard(Card.parse("6C"))
