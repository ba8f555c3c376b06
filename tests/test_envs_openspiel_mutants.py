"""The OpenSpiel game's details that mutation testing found untested.

Each test pins what ``python_tonk`` promises in its docstrings and in
docs/openspiel.md: a resample drawn from one number of the sampler, keeping
every card the seat was dealt and redrawing all the others, a draw from the
stock still pending in the sample, the deal's count of void deals carried
over, and the refusals and texts word for word. docs/maintainers.md lists
the mutants left.
"""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import tonk  # noqa: E402
from tonk import Rules, encoding  # noqa: E402
from tonk.cards import card_from_code  # noqa: E402
from tonk.envs.openspiel import TonkGame, TonkState  # noqa: E402

CHANCE = int(pyspiel.PlayerId.CHANCE)


def load(name: str) -> TonkGame:
    game = pyspiel.load_game(name)
    assert isinstance(game, TonkGame)
    return game


def dealt(game: TonkGame, codes: list[int]) -> TonkState:
    """A state of ``game`` with the cards ``codes`` dealt, in order."""
    state = game.new_initial_state()
    for code in codes:
        state.apply_action(code)
    assert isinstance(state, TonkState)
    return state


def whole_deal(game: TonkGame) -> TonkState:
    """A state of ``game`` dealt the pack in order: seat 1 to move (pagat, 2)."""
    state = game.new_initial_state()
    for card in Rules().pack():
        if state.tonk_state is not None:
            break
        state.apply_action(card.code)
    assert isinstance(state, TonkState)
    return state


def sample_of(state: TonkState, seat: int, number: float) -> TonkState:
    sample = state.resample_from_infostate(seat, lambda: number)
    assert isinstance(sample, TonkState)
    return sample


# --- resampling -------------------------------------------------------------------


@pytest.mark.parametrize("number", [0.0, 0.25, 0.5, 0.999])
def test_a_sample_is_determinize_seeded_by_one_number_of_the_sampler(
    number: float,
) -> None:
    """After the deal, the sample is ``determinize`` of the seat's view, with a
    generator seeded from ``int(number * 2**53)``."""
    state = whole_deal(load("python_tonk(players=3)"))
    assert state.tonk_state is not None
    for seat in range(3):
        expected = tonk.determinize(
            tonk.observe(state.tonk_state, seat), random.Random(int(number * 2**53))
        )
        assert sample_of(state, seat, number).tonk_state == expected


def test_a_sample_taken_while_a_card_is_drawn_is_still_drawing() -> None:
    game = load("python_tonk(players=2)")
    state = whole_deal(game)
    state.apply_action(encoding.action_to_index(tonk.DrawStock(), game.rules, 2))
    assert state.is_chance_node()
    for seat in range(2):
        sample = sample_of(state, seat, 0.5)
        assert sample.is_chance_node()
        assert sample.current_player() == CHANCE
        assert sample.information_state_string(seat) == state.information_state_string(
            seat
        )
        drawn = sample.tonk_state
        assert drawn is not None
        code = sample.chance_outcomes()[0][0]
        sample.apply_action(code)
        after = sample.tonk_state
        assert after is not None
        assert card_from_code(code) in after.hands[1]
        assert len(after.hands[1]) == len(drawn.hands[1]) + 1


def test_a_sample_during_the_deal_keeps_the_seats_cards_and_redraws_the_rest() -> None:
    """Seat ``s`` is dealt the cards ``i`` with ``(dealer + 1 + i) % players ==
    s``; the sample keeps those in place and draws every other card again from
    the cards the seat has not seen, so no card is dealt twice."""
    game = load("python_tonk(players=3,dealer=0)")
    state = dealt(game, list(range(11)))
    for seat in range(3):
        own = [index for index in range(11) if (1 + index) % 3 == seat]
        others: set[tonk.Card] = set()
        for number in [step / 40 for step in range(40)]:
            sample = sample_of(state, seat, number)
            cards = sample._now.dealt
            assert len(cards) == 11
            assert len(set(cards)) == 11
            assert [cards[index] for index in own] == [
                state._now.dealt[index] for index in own
            ]
            assert sample.information_state_string(
                seat
            ) == state.information_state_string(seat)
            others |= {cards[index] for index in range(11) if index not in own}
            left = [code for code, _ in sample.chance_outcomes()]
            assert left == sorted(
                card.code for card in Rules().pack() if card not in cards
            )
        assert others.isdisjoint(state._now.dealt[index] for index in own)
        assert len(others) > 20  # drawn again, not kept


def test_a_sample_redraws_the_cards_dealt_after_the_hands() -> None:
    """The widows, dealt after the hands, are hidden from every seat."""
    game = load("python_tonk(players=2,widow=true)")
    state = dealt(game, list(range(11)))  # the hands and the first widow card
    for seat in range(2):
        widows = {
            sample_of(state, seat, step / 20)._now.dealt[10] for step in range(20)
        }
        assert len(widows) > 1


def test_a_sample_keeps_a_hand_whose_size_depends_on_the_table() -> None:
    """X2: seven cards each at two players; the sample keeps all seven."""
    rules = Rules(hand_size=5, hand_size_by_players={2: 7})
    game = pyspiel.load_game(
        "python_tonk", {"rules_json": tonk.to_json(rules), "players": 2}
    )
    state = dealt(game, list(range(13)))
    for seat in range(2):
        own = [index for index in range(13) if (1 + index) % 2 == seat]
        assert len(own) == 6 + seat  # the 14th card, seat 0's, is still to come
        for number in [step / 10 for step in range(10)]:
            sample = sample_of(state, seat, number)
            assert [sample._now.dealt[index] for index in own] == [
                state._now.dealt[index] for index in own
            ]
            assert sample.information_state_string(
                seat
            ) == state.information_state_string(seat)


def test_a_sample_carries_over_the_count_of_void_deals() -> None:
    """B5: the 1,000th deal tonk in a row raises, in a sample too."""
    rules = Rules(
        deal_tonks=(tonk.DealTonk(at_most=500),),
        deal_tonk_clash=tonk.DealTonkClash.ALL_PAID,
    )
    game = pyspiel.load_game("python_tonk", {"rules_json": tonk.to_json(rules)})
    state = game.new_initial_state()
    codes = [card.code for card in Rules().pack()]
    for number in range(999 * 11 + 5):  # 999 void deals and five cards
        state.apply_action(codes[number % 11])
    sample = state.resample_from_infostate(0, lambda: 0.5)
    for _ in range(5):
        sample.apply_action(sample.chance_outcomes()[0][0])
    with pytest.raises(
        tonk.TonkError,
        match=r"^1000 deals in a row were deal tonks \(B5\): these rules leave"
        r" nothing to decide$",
    ):
        sample.apply_action(sample.chance_outcomes()[0][0])


# --- parameters -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (
            "python_tonk(stock_end=never)",
            "stock_end must be one of showdown, dead, forced_knock, last_card,"
            " got 'never'",
        ),
        (
            "python_tonk(scoring=x)",
            "scoring must be one of money, paper, push_ups, got 'x'",
        ),
    ],
)
def test_a_bad_enum_parameter_lists_the_choices_word_for_word(
    name: str, message: str
) -> None:
    with pytest.raises(tonk.RulesError) as refused:
        pyspiel.load_game(name)
    assert str(refused.value) == message
    assert refused.value.__cause__ is None
    assert refused.value.__suppress_context__


# --- texts ------------------------------------------------------------------------


def patient_choice(state: TonkState, rng: random.Random) -> int:
    """A seat's random action that drops only when forced and melds when it can."""
    legal = state.legal_actions()
    assert state.tonk_state is not None
    actions = [encoding.legal_action(state.tonk_state, index) for index in legal]
    melds = [
        index
        for index, action in zip(legal, actions, strict=True)
        if isinstance(action, tonk.LaySpread | tonk.Hit | tonk.Slap)
    ]
    calm = [
        index
        for index, action in zip(legal, actions, strict=True)
        if not isinstance(action, tonk.Drop | tonk.ClaimDealTonk)
    ]
    choice: int = rng.choice(melds or calm or legal)
    return choice


def played(name: str, seed: int, steps: int | None = None) -> TonkState:
    """The state after ``steps`` steps (chance and decisions) of a patient
    random playout of ``name`` seeded with ``seed``, or at its end."""
    game = load(name)
    rng = random.Random(seed)
    state = game.new_initial_state()
    assert isinstance(state, TonkState)
    taken = 0
    while not state.is_terminal() and (steps is None or taken < steps):
        if state.is_chance_node():
            codes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(codes, chances)[0])
        else:
            state.apply_action(patient_choice(state, rng))
        taken += 1
    return state


SLAP_IN = "python_tonk(players=3,slap_in=true,max_turns=40)"


def test_the_texts_of_spreads_hit_by_two_seats_and_by_none() -> None:
    state = played(SLAP_IN, 1, 99)
    public = [
        "dealer 0, turn 31, after_draw, seat 2 to move",
        "hand sizes 2 4 2; taken 7D | 3D | 6D 5S",
        "discard pile JH AC 5C QS 3S KH AS 5H 8H KD 6S AH 7S 3C 4S 5D",
        "spread 1: 8D 9D 10D JD QD (seat 0) laid on turn 2, hit by 1,2",
        "spread 2: 2C 2H 2S (seat 2) laid on turn 7, hit by -",
        "waits 0 0 0; barred 0 0 0; charged 0 0 0; hits 1; must use -; exchanged ",
    ]
    assert str(state).split("\n") == [
        "seat 0: 10C 7D",
        "seat 1: 7C JC AD 3D",
        "seat 2: 6D 5S",
        "stock 4C 6C 8C 9C QC KC 2D 4D 3H 4H 6H 7H 9H 10H QH 8S 9S 10S JS KS",
        *public,
    ]
    assert state.observation_string(1).split("\n") == [
        "seat 1: 7C JC AD 3D",
        "stock 20 cards; widow -",
        *public,
    ]


def test_the_texts_of_a_hand_that_is_over() -> None:
    state = played(SLAP_IN, 1)
    assert state.is_terminal()
    public = [
        "dealer 0, turn 32, hand_over, seat 0 to move",
        "hand sizes 0 4 1; taken - | 3D | 5S",
        "discard pile JH AC 5C QS 3S KH AS 5H 8H KD 6S AH 7S 3C 4S 5D 10C",
        "spread 1: 6D 7D 8D 9D 10D JD QD (seat 0) laid on turn 2, hit by 1,2,0,0",
        "spread 2: 2C 2H 2S (seat 2) laid on turn 7, hit by -",
        "waits 0 0 0; barred 0 0 0; charged 0 0 0; hits 2; must use -; exchanged ",
        "over: out_by_discard, payoffs 2 -1 -1",
    ]
    assert str(state).split("\n") == [
        "seat 0: -",
        "seat 1: 7C JC AD 3D",
        "seat 2: 5S",
        "stock 4C 6C 8C 9C QC KC 2D 4D 3H 4H 6H 7H 9H 10H QH 8S 9S 10S JS KS",
        *public,
    ]
    assert state.observation_string(0).split("\n") == [
        "seat 0: -",
        "stock 20 cards; widow -",
        *public,
    ]
    assert state.returns() == [2.0, -1.0, -1.0]


def test_a_chance_outcome_is_named_a_deal_then_a_draw() -> None:
    game = load("python_tonk(players=2)")
    state = game.new_initial_state()
    assert state.action_to_string(CHANCE, 0) == "deal AC"
    assert state.action_to_string(CHANCE, 51) == "deal KS"
    state = whole_deal(game)
    assert state.action_to_string(CHANCE, 27) == "draw 2H"
