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
import re

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from test_envs_openspiel import void_deals  # noqa: E402

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
    assert state.observation_string(0) == "seat 0, dealing: 2C 4C 6C 8C 10C QC"
    assert state.observation_string(1) == "seat 1, dealing: AC 3C 5C 7C 9C JC KC"
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
    _, state, _ = void_deals(999 * 11 + 5)  # 999 void deals and five cards
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


def test_json_and_a_preset_together_are_refused_word_for_word() -> None:
    with pytest.raises(
        tonk.RulesError, match=r"^give a preset or rules_json, not both$"
    ):
        pyspiel.load_game(
            "python_tonk", {"rules_json": tonk.to_json(Rules()), "preset": "chicago"}
        )


def test_rules_without_a_turn_limit_are_refused_word_for_word() -> None:
    with pytest.raises(
        tonk.RulesError,
        match=r"^python_tonk needs a turn limit \(max_turns\): without one a hand"
        r" has no longest length$",
    ):
        pyspiel.load_game("python_tonk(max_turns=-1)")


def test_the_deal_of_a_hand_whose_size_depends_on_the_table() -> None:
    """X2: seven cards each at two players and the upcard, 15 chance nodes."""
    rules = Rules(hand_size=5, hand_size_by_players={2: 7})
    game = pyspiel.load_game(
        "python_tonk", {"rules_json": tonk.to_json(rules), "players": 2}
    )
    before = dealt(game, list(range(14)))
    assert before.tonk_state is None
    assert before.is_chance_node()
    state = dealt(game, list(range(15)))
    assert state.tonk_state is not None
    assert [len(hand) for hand in state.tonk_state.hands] == [7, 7]
    assert state.tonk_state.discard_pile == (tonk.Card.parse("2D"),)


# --- texts ------------------------------------------------------------------------


def patient_choice(
    state: TonkState, rng: random.Random, *, melds_first: bool = True
) -> int:
    """A seat's random action that drops only when forced and (if
    ``melds_first``) melds when it can."""
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
    choice: int = rng.choice((melds if melds_first else []) or calm or legal)
    return choice


def played(
    name: str, seed: int, steps: int | None = None, *, melds_first: bool = True
) -> TonkState:
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
            state.apply_action(patient_choice(state, rng, melds_first=melds_first))
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


def lines(state: TonkState, seat: int) -> tuple[list[str], list[str]]:
    """The lines of the whole state's text and of ``seat``'s observation."""
    return str(state).split("\n"), state.observation_string(seat).split("\n")


def test_the_text_of_a_slap_in_window_nobody_slapped_yet() -> None:
    state = played(SLAP_IN, 12, 37, melds_first=False)
    whole, seen = lines(state, 0)
    assert (
        whole[-1]
        == seen[-1]
        == ("slap-in 9H discarded by 2, due 0, asking 2 0 1, slapper -")
    )
    assert whole[4] == seen[2] == "dealer 0, turn 8, slap_window, seat 2 to move"


def test_the_text_of_a_slap_in_window_once_a_seat_slapped() -> None:
    state = played(SLAP_IN, 52, 95, melds_first=False)
    whole, seen = lines(state, 0)
    assert (
        whole[-1] == seen[-1] == "slap-in 9C discarded by 2, due 0, asking , slapper 0"
    )


def test_the_text_of_an_eating_window() -> None:
    state = played("python_tonk(players=3,eating=true,max_turns=40)", 0, 19)
    whole, seen = lines(state, 2)
    assert whole[-1] == seen[-1] == "eat 5S discarded by 1, due 2, asking 0, slapper -"
    assert (
        whole[-2]
        == seen[-2]
        == ("waits 0 0 0; barred 0 0 0; charged 0 0 0; hits 0; must use -; exchanged ")
    )
    assert seen[:2] == ["seat 2: 2D AH KH AS 10S", "stock 35 cards; widow -"]
    assert whole[5] == seen[3] == "hand sizes 5 5 5; taken - | - | -"


def test_the_text_of_a_buried_upcard() -> None:
    state = played("python_tonk(preset=hoyle,players=2)", 1, 17)
    whole, seen = lines(state, 1)
    assert whole[-1] == seen[-1] == "the upcard is buried"
    assert (
        whole[-2]
        == seen[-2]
        == ("waits 0 0; barred 0 0; charged 0 0; hits 0; must use -; exchanged ")
    )


def test_the_text_of_a_card_that_must_be_used() -> None:
    name = "python_tonk(players=3,eating=true,discard_draw_must_meld=true,max_turns=40)"
    whole, seen = lines(played(name, 0, 52), 2)
    assert (
        whole[-1]
        == seen[-1]
        == ("waits 0 0 0; barred 0 0 0; charged 0 0 0; hits 0; must use AD; exchanged ")
    )


def test_the_texts_of_widows_and_exchanges() -> None:
    """V46: the widows in the whole state; a seat sees the widow it took."""
    name = "python_tonk(players=3,widow=true,hit_and_split=true)"
    whole, seen = lines(played(name, 0, 25), 0)
    assert whole[4] == "widows 8D 10C 9S"
    assert seen[1] == "stock 32 cards; widow 8D"
    assert (
        whole[-1]
        == seen[-1]
        == (
            "waits 0 0 0; barred 0 0 0; charged 0 0 0; hits 0; must use -; exchanged"
            " 1 0 0"
        )
    )
    assert whole[6] == seen[3] == "hand sizes 5 5 5; taken - | 2S | -"


def test_the_text_of_hands_shown_at_the_end() -> None:
    state = played("python_tonk(preset=pagat,players=2)", 0, 187)
    assert state.is_terminal()
    whole, seen = lines(state, 0)
    assert seen[:3] == [
        "seat 0: 4D 10D",
        "stock 0 cards; widow -",
        "shown 4D 10D | JD 5H QH 6S",
    ]
    assert whole[2] == "stock -"
    assert whole[-1] == seen[-1] == "over: stock_exhausted, payoffs 1 -1"


def test_a_seat_sees_only_its_own_hand_during_the_deal() -> None:
    """The cards after the hands (the widows) are hidden from every seat."""
    game = load("python_tonk(players=2,widow=true)")
    state = dealt(game, list(range(12)))  # AC..10C, then JC and QC: widow cards
    assert state.observation_string(0) == "seat 0, dealing: 2C 4C 6C 8C 10C"
    assert state.observation_string(1) == "seat 1, dealing: AC 3C 5C 7C 9C"
    assert str(state) == ("dealing: AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC")
    assert game.new_initial_state().observation_string(0) == "seat 0, dealing: -"
    three = dealt(load("python_tonk(players=3,dealer=1)"), list(range(7)))
    assert [three.observation_string(seat) for seat in range(3)] == [
        "seat 0, dealing: 2C 5C",
        "seat 1, dealing: 3C 6C",
        "seat 2, dealing: AC 4C 7C",
    ]


# --- chance outcomes and observers ----------------------------------------------


@pytest.mark.parametrize("code", [-2, 52, 53, 1000])
def test_a_draw_of_a_code_outside_the_stock_is_refused(code: int) -> None:
    """Codes -2 (the last card's, counted from the end) and 53 (one past the
    last code) name no card of the stock."""
    game = load("python_tonk(players=2)")
    state = whole_deal(game)
    state.apply_action(encoding.action_to_index(tonk.DrawStock(), game.rules, 2))
    before = state.tonk_state
    assert before is not None
    assert tonk.Card.parse("KS") in before.stock
    with pytest.raises(
        tonk.RulesError, match=rf"^no card with code {code} is in the stock$"
    ):
        state.apply_action(code)
    assert state.is_chance_node()
    assert state.tonk_state is before


@pytest.mark.parametrize(
    ("public_info", "private_info"),
    [
        (True, "NONE"),
        (True, "ALL_PLAYERS"),
        (False, "SINGLE_PLAYER"),
    ],
)
def test_an_observer_of_another_view_is_refused_word_for_word(
    public_info: bool, private_info: str
) -> None:
    game = load("python_tonk(players=2)")
    kind = getattr(pyspiel.PrivateInfoType, private_info)
    asked = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=public_info, private_info=kind
    )
    message = (
        "python_tonk observes for one seat with the public information, not"
        f" PrivateInfoType.{private_info}"
    )
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        game.make_py_observer(asked)


def test_an_observer_fills_a_float32_tensor_of_one_seat() -> None:
    game = load("python_tonk(players=2)")
    asked = pyspiel.IIGObservationType(
        perfect_recall=True,
        public_info=True,
        private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
    )
    for observer in (game.make_py_observer(), game.make_py_observer(asked)):
        assert observer.tensor.dtype == np.float32
        state = whole_deal(game)
        observer.set_from(state, 1)
        assert state.tonk_state is not None
        assert observer.tensor.tolist() == pytest.approx(
            encoding.observation_vector(tonk.observe(state.tonk_state, 1))
        )
        observer.set_from(game.new_initial_state(), 1)
        assert not observer.tensor.any()


def test_the_player_to_move_is_chance_a_seat_then_terminal() -> None:
    state = played(SLAP_IN, 1, 3)
    assert state.tonk_state is None
    assert state.current_player() == CHANCE
    state = played(SLAP_IN, 1, 99)
    assert state.current_player() == 2
    state = played(SLAP_IN, 1)
    assert state.current_player() == int(pyspiel.PlayerId.TERMINAL)
    assert state.legal_actions() == []
    assert state.legal_actions(0) == []
