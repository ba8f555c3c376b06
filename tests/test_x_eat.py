"""X5 eating: another player may take the discard out of turn (docs/rules/eating.md).

Reading: after a discard that ends a turn, the seats other than the discarder
and the player due next are asked in turn, from the due player's left (the
nearest the discarder's left first); the first to eat takes the card as the
draw of a turn of its own, and the seats between lose their turns, which
count as taken (B15). Every scenario is dealt from a stacked deck and every
payout is exact.
"""

from __future__ import annotations

import random

import attrs
import pytest
from brute_force import brute_force_defects, brute_force_legal_actions
from scenario import card, cards, finished, first_state, sorted_hand

import tonk
from tonk import (
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Eat,
    GameRecord,
    GameState,
    IllegalReason,
    InvalidStateError,
    OutcomeKind,
    Pass,
    Phase,
    Rules,
    RulesError,
    Slap,
    SlapWindow,
    StockEnd,
    encoding,
)
from tonk.bots import GreedyBot, ISMCTSBot
from tonk.serialization import validate
from tonk.testing import check_invariants, stack_deck

EATING = Rules(eating=True)
# Seat 0 deals and seat 1 plays first. The king of spades that seat 1 discards
# makes a run with seat 3's JS QS and a book with seat 0's KC KD.
HANDS = ["KC KD 2S 3H 8C", "7H 8H 9H KS 5D", "10C 5C 6D 7S JC", "JS QS 9C 4S 2D"]


def deal(
    hands: list[str], *, rules: Rules = EATING, stock: str = "QD 4C 9S"
) -> GameState:
    deck = stack_deck(rules, hands=hands, upcard="QH", stock=stock)
    return tonk.new_game(rules, players=len(hands), deck=deck)


def play(state: GameState, *texts: str) -> GameState:
    for text in texts:
        state = tonk.apply(state, tonk.parse_action(state, text))
        check_invariants(state)
    return state


def opened(hands: list[str] = HANDS, *, rules: Rules = EATING) -> GameState:
    """Seat 1 draws QD, lays its run and discards KS: the window opens."""
    return play(deal(hands, rules=rules), "draw stock", "spread 7H 8H 9H", "discard KS")


def reason(state: GameState, action: tonk.Action) -> IllegalReason:
    with pytest.raises(tonk.IllegalActionError) as caught:
        tonk.apply(state, action)
    return caught.value.reason


# --- the option ---------------------------------------------------------------------


def test_x5_eating_is_off_by_default_and_a_bool() -> None:
    assert Rules().eating is False
    assert not any(tonk.presets.get(name).eating for name in tonk.presets.names())
    with pytest.raises(TypeError, match="eating must be a bool, got 1"):
        Rules(eating=1)  # type: ignore[arg-type]


def test_x5_eating_is_refused_with_slap_in() -> None:
    with pytest.raises(RulesError, match=r"eating \(X5\) cannot be combined"):
        Rules(eating=True, slap_in=True)


# --- the window ---------------------------------------------------------------------


def test_x5_the_window_asks_the_seats_after_the_due_player_nearest_first() -> None:
    state = opened()
    assert state.phase is Phase.SLAP_WINDOW
    # Seat 2 is due and draws normally; seats 3 and 0 are asked, in that order.
    assert state.slap == SlapWindow(card=card("KS"), discarder=1, due=2, waiting=(3, 0))
    assert (state.to_move, state.turns_taken) == (3, 1)
    assert state.top_discard == card("KS")
    assert tonk.legal_actions(state) == (Eat(), Pass())


def test_x5_only_eat_and_pass_are_legal_in_the_window() -> None:
    state = opened()
    for action in (DrawStock(), DrawDiscard(), Drop(), Discard(card("JS")), Slap(1)):
        assert reason(state, action) is IllegalReason.NOT_SLAP_TIME
    with pytest.raises(tonk.IllegalActionError, match="seat 3 must eat or pass"):
        tonk.apply(state, DrawStock())


def test_x5_an_eat_outside_an_eating_window_is_refused() -> None:
    assert reason(deal(HANDS), Eat()) is IllegalReason.NOT_SLAP_TIME
    assert reason(play(deal(HANDS), "draw stock"), Eat()) is IllegalReason.NOT_SLAP_TIME
    slap_in = Rules(slap_in=True)
    window = first_state(
        slap_in, 3, lambda s: s.phase is Phase.SLAP_WINDOW, policy="no-drop"
    )
    assert reason(window, Eat()) is IllegalReason.NOT_SLAP_TIME


def test_x5_the_eat_is_the_eaters_draw_and_the_skipped_seat_loses_its_turn() -> None:
    state = play(opened(), "eat")
    assert (state.phase, state.to_move, state.slap) == (Phase.AFTER_DRAW, 3, None)
    assert state.hands[3] == sorted_hand("JS QS KS 9C 4S 2D")
    assert state.top_discard == card("QH")
    assert state.taken[3] == cards("KS")  # public: everyone saw it eaten
    assert state.turns_taken == 2  # seat 2's lost turn counts as taken
    state = play(state, "spread JS QS KS", "discard 9C")
    # Play goes on to the eater's left, seat 0; seat 2 has lost its turn.
    assert state.turns_taken == 3
    assert state.slap == SlapWindow(card=card("9C"), discarder=3, due=0, waiting=(1, 2))
    state = play(state, "pass", "pass")
    assert (state.phase, state.to_move) == (Phase.TURN_START, 0)
    assert tonk.legal_actions(state) == (Drop(), DrawStock(), DrawDiscard())


def test_x5_the_nearest_seat_wins_the_race_and_a_farther_eat_skips_more() -> None:
    state = play(opened(), "pass")  # seat 3 could eat but passes
    assert state.slap is not None
    assert (state.to_move, state.slap.waiting) == (0, (0,))
    state = play(state, "eat", "spread KC KD KS", "discard 8C")
    # Seats 2 and 3 lost their turns; seat 1, on seat 0's left, plays next.
    assert state.turns_taken == 4
    assert state.slap == SlapWindow(card=card("8C"), discarder=0, due=1, waiting=(2, 3))
    state = play(state, "pass", "pass")
    assert (state.phase, state.to_move) == (Phase.TURN_START, 1)


def test_x5_when_nobody_eats_the_due_player_may_take_the_discard() -> None:
    state = play(opened(), "pass", "pass")
    assert (state.phase, state.to_move, state.slap) == (Phase.TURN_START, 2, None)
    assert state.turns_taken == 1
    state = play(state, "draw discard")
    assert state.hands[2] == sorted_hand("10C 5C 6D 7S JC KS")


def test_x5_two_players_have_nobody_to_ask() -> None:
    state = play(deal(HANDS[:2]), "draw stock", "discard KS")
    assert (state.phase, state.to_move, state.slap) == (Phase.TURN_START, 0, None)


def test_x5_under_v24d_a_seat_that_cannot_use_the_card_is_asked_and_passes() -> None:
    # V24d: a card taken from the pile must be used at once. Seat 0 holds one
    # king only; it is asked all the same (its hand is hidden) but may only pass.
    rules = Rules(eating=True, discard_draw_must_meld=True)
    hands = ["KC 4D 2S 3H 8C", *HANDS[1:]]
    state = opened(hands, rules=rules)
    assert state.slap is not None
    assert state.slap.waiting == (3, 0)
    assert tonk.legal_actions(state) == (Eat(), Pass())
    state = play(state, "pass")
    assert tonk.legal_actions(state) == (Pass(),)
    assert reason(state, Eat()) is IllegalReason.MUST_USE_DISCARD
    # Seat 3 eats: the king must go into a spread at once.
    state = play(opened(hands, rules=rules), "eat")
    assert state.must_use == card("KS")
    assert [tonk.format_action(a) for a in tonk.legal_actions(state)] == [
        "spread JS QS KS"
    ]


# --- the end of the hand ------------------------------------------------------------


def test_x5_the_eater_tonks_out() -> None:
    # B11a: seat 3 eats KS and empties its hand by spreads: 2x from each.
    hands = ["KC KD 2S 3H 4D", *HANDS[1:3], "JS QS 7C 8C 9C"]
    state = play(opened(hands), "eat", "spread JS QS KS", "spread 7C 8C 9C")
    outcome = finished(state)
    assert (outcome.kind, outcome.winners) == (OutcomeKind.TONK_OUT, (3,))
    assert outcome.payoffs == (-2, -2, -2, 6)


def test_x5_the_eater_goes_out_by_discarding() -> None:
    # B11b: seat 3 eats, spreads, hits seat 1's run twice, discards its last
    # card: 1x from each.
    hands = [*HANDS[:3], "JS QS 6H 10H 2D"]
    state = play(opened(hands), "eat", "spread JS QS KS", "hit 1 6H", "hit 1 10H")
    outcome = finished(play(state, "discard 2D"))
    assert (outcome.kind, outcome.winners) == (OutcomeKind.OUT_BY_DISCARD, (3,))
    assert outcome.payoffs == (-1, -1, -1, 3)


def test_x5_the_eaters_first_turn_is_its_first_turn() -> None:
    # A going-out row for the first turn (V34's kind): seat 3's eat in the
    # first round is its own first turn.
    first = tonk.OutPay(pays=4, first_turn=True)
    rules = Rules(eating=True, going_out=(first, *Rules().going_out))
    hands = ["KC KD 2S 3H 4D", *HANDS[1:3], "JS QS 7C 8C 9C"]
    state = play(opened(hands, rules=rules), "eat", "spread JS QS KS")
    outcome = finished(play(state, "spread 7C 8C 9C"))
    assert outcome.payoffs == (-4, -4, -4, 12)


def test_x5_a_discard_that_goes_out_opens_no_window() -> None:
    hands = [HANDS[0], "5H 6H 7H 8H KS", *HANDS[2:]]
    state = play(deal(hands, stock="9H QD"), "draw stock", "spread 5H 6H 7H 8H 9H")
    outcome = finished(play(state, "discard KS"))
    assert (outcome.kind, outcome.payoffs) == (
        OutcomeKind.OUT_BY_DISCARD,
        (-1, 3, -1, -1),
    )


def test_x5_skipped_turns_count_towards_the_turn_limit() -> None:
    # B15 with max_turns=3: after seat 1's turn (one taken), seat 3's turn would
    # be the third and seat 0's the fourth, past the limit: only seat 3 is asked.
    rules = Rules(eating=True, max_turns=3)
    state = opened(rules=rules)
    assert state.slap is not None
    assert state.slap.waiting == (3,)
    state = play(state, "eat", "spread JS QS KS", "discard 9C")
    # Seat 3's turn was the third: the limit ends the hand, settled as B14.
    outcome = finished(state)
    assert outcome.kind is OutcomeKind.TURN_LIMIT
    assert outcome.counts == (33, 15, 38, 6)
    assert outcome.payoffs == (-1, -1, -1, 3)


def test_x5_no_window_when_no_asked_seat_could_play_before_the_limit() -> None:
    state = opened(rules=Rules(eating=True, max_turns=2))
    assert (state.phase, state.to_move, state.slap) == (Phase.TURN_START, 2, None)


def test_x5_an_empty_stock_leaves_the_window_open_under_b14() -> None:
    # Eating takes the discard, not a stock card: play goes on (B14).
    state = first_state(
        Rules(eating=True),
        3,
        lambda s: s.phase is Phase.SLAP_WINDOW and not s.stock,
        policy="no-drop",
    )
    assert state.slap is not None
    assert state.slap.waiting == ((state.slap.due + 1) % 3,)
    assert tonk.legal_actions(state) == (Eat(), Pass())
    eaten = tonk.apply(state, Eat())
    assert (eaten.phase, eaten.outcome) == (Phase.AFTER_DRAW, None)


@pytest.mark.parametrize("seed", range(12))
def test_x5_nobody_is_asked_on_an_empty_stock_under_the_forced_knock(
    seed: int,
) -> None:
    # V29: with the stock empty the player to move must drop: nobody may draw.
    rules = Rules(eating=True, stock_end=StockEnd.FORCED_KNOCK)
    rng = random.Random(seed)
    state = tonk.new_game(rules, players=4, seed=seed)
    while not state.is_terminal:
        if state.phase is Phase.SLAP_WINDOW:
            assert state.stock
        legal = tonk.legal_actions(state)
        state = tonk.apply(
            state, rng.choice([a for a in legal if a != Drop()] or legal)
        )


def test_x5_an_eat_serves_a_wait_and_a_skipped_turn_does_not() -> None:
    # V22: laying a spread bars the drop for the layer's next 2 turns.
    rules = Rules(eating=True, spread_wait=2)
    state = play(opened(rules=rules), "eat", "spread JS QS KS", "discard 9C")
    assert state.waits == (0, 2, 0, 2)
    state = play(state, "eat")  # seat 1 eats the nine: one wait served
    assert (state.to_move, state.waits) == (1, (0, 1, 0, 2))
    state = play(state, "discard 9C", "pass", "eat")  # seat 0 eats it back
    # Seats 2 and 3 were skipped: seat 3's wait is not served by a lost turn.
    assert (state.to_move, state.waits) == (0, (0, 1, 0, 2))
    assert state.turns_taken == 7


# --- notation, JSON, records, encodings --------------------------------------------


def test_x5_eat_notation_and_json() -> None:
    state = opened()
    assert tonk.parse_action(state, "eat") == Eat()
    assert tonk.parse_action(state, "EAT") == Eat()
    assert tonk.format_action(Eat()) == "eat"
    with pytest.raises(tonk.NotationError, match="'eat' takes nothing after it"):
        tonk.parse_action(state, "eat KS")
    assert tonk.from_json(tonk.to_json(Eat()), tonk.Action) == Eat()
    assert tonk.from_json(tonk.to_json(state), GameState) == state


def test_x5_a_record_with_eats_replays() -> None:
    deck = stack_deck(EATING, hands=HANDS, upcard="QH", stock="QD 4C 9S")
    texts = ["draw stock", "spread 7H 8H 9H", "discard KS", "pass", "eat"]
    texts += ["spread KC KD KS", "discard 8C", "pass", "pass", "drop"]
    state = tonk.new_game(EATING, players=4, deck=deck)
    actions = []
    for text in texts:
        action = tonk.parse_action(state, text)
        actions.append(action)
        state = tonk.apply(state, action)
    record = GameRecord(rules=EATING, players=4, deck=deck, actions=actions)
    assert tonk.parse_record(tonk.format_record(record)) == record
    assert list(tonk.replay(record))[-1] == state
    outcome = finished(state)
    # Seat 1 drops on 15 (5D QD); seat 0 has 5 (2S 3H), so seat 1 is caught.
    assert outcome.counts == (5, 15, 38, 35)
    assert outcome.kind is OutcomeKind.CAUGHT
    assert outcome.payoffs == (4, -2, -1, -1)


def test_x5_the_eat_has_one_action_index() -> None:
    sections = {
        name: (start, size) for name, start, size in encoding.action_sections(EATING, 4)
    }
    assert sections["eat"][1] == 1
    assert encoding.action_sections(Rules(), 4)[4] == ("eat", 57, 0)
    index = encoding.action_to_index(Eat(), EATING, 4)
    assert index == sections["eat"][0]
    assert encoding.index_to_action(index, EATING, 4) == Eat()
    with pytest.raises(tonk.EncodingError, match="no eating"):
        encoding.action_to_index(Eat(), Rules(), 4)
    state = opened()
    # The indices ascend: pass is in the header, before the eat.
    assert encoding.legal_indices(state) == (
        encoding.action_to_index(Pass(), EATING, 4),
        index,
    )
    # Without eating, every index keeps its meaning.
    size = encoding.action_space_size(EATING, 4)
    assert size == encoding.action_space_size(Rules(), 4) + 1


def test_x5_hands_stay_within_the_longest_length() -> None:
    for players in (3, 4):
        rules = Rules(eating=True, max_turns=12)
        bound = encoding.max_hand_length(rules, players)
        assert bound == players * 12 + 52
        for seed in range(20):
            rng = random.Random(seed)
            state = tonk.new_game(rules, players=players, seed=seed)
            length = 0
            while not state.is_terminal:
                legal = tonk.legal_actions(state)
                state = tonk.apply(
                    state, rng.choice([a for a in legal if a != Drop()] or legal)
                )
                length += 1
            assert length <= bound


def test_x5_the_window_is_public() -> None:
    state = opened()
    seen = tonk.observe(state, 0)
    assert seen.slap == state.slap
    assert seen.taken == state.taken
    vector = encoding.observation_vector(seen)
    assert len(vector) == encoding.observation_size(EATING, 4)


# --- states refused ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"waiting": (2, 3, 0)}, "neither the discarder nor the due player"),
        ({"waiting": (1, 3)}, "neither the discarder nor the due player"),
        ({"waiting": (0, 3)}, "from the due player's left"),
        ({"discarder": 0}, "on the due player's right"),
    ],
)
def test_x5_forged_windows_are_refused(change: dict[str, object], message: str) -> None:
    state = opened()
    assert state.slap is not None
    window = attrs.evolve(state.slap, **change)  # type: ignore[arg-type]
    forged = attrs.evolve(
        state,
        bookkeeping=attrs.evolve(state.bookkeeping, slap=window),
        to_move=window.waiting[0],
    )
    with pytest.raises(InvalidStateError, match=message):
        validate(forged)


def test_x5_an_extra_discard_phase_is_refused_under_eating() -> None:
    state = opened()
    forged = attrs.evolve(state, phase=Phase.EXTRA_DISCARD)
    with pytest.raises(InvalidStateError, match="under eating"):
        validate(forged)


# --- the model and the bots ---------------------------------------------------------

EATING_SETS = [
    Rules(eating=True),
    Rules(eating=True, discard_draw_must_meld=True, max_turns=30),
    Rules(eating=True, hit_wait=1, must_spread=True, stock_end=StockEnd.DEAD),
    Rules(
        eating=True,
        boobed_deck=True,
        exhaustion_tie=tonk.ExhaustionTie.DEAD_HAND,
        hit_ends_turn=True,
    ),
]
PROBES: list[tonk.Action] = [Eat(), Pass(), Slap(1), DrawStock(), DrawDiscard(), Drop()]


@pytest.mark.parametrize("rules", EATING_SETS)
def test_x5_legal_actions_match_the_brute_force_model(rules: Rules) -> None:
    windows = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = tonk.new_game(rules, players=4, seed=seed)
        while not state.is_terminal:
            legal = tonk.legal_actions(state)
            assert set(legal) == brute_force_legal_actions(state)
            if state.phase is Phase.SLAP_WINDOW:
                windows += 1
                for probe in PROBES:
                    defects = brute_force_defects(state, probe)
                    if probe in legal:
                        assert not defects
                    else:
                        assert reason(state, probe) in defects
            options = [a for a in legal if a != Drop()] or list(legal)
            state = tonk.apply(state, rng.choice(options))
    assert windows > 0


def test_x5_the_greedy_bot_eats_a_card_that_completes_a_spread() -> None:
    bot = GreedyBot()
    state = opened()
    seen = tonk.observe(state, 3)  # JS QS and the king: a run
    assert bot.choose(seen, seen.legal_actions, random.Random(0)) == Eat()
    hands = [*HANDS[:3], "JD 5S 9C 4S 2D"]
    seen = tonk.observe(opened(hands), 3)
    assert bot.choose(seen, seen.legal_actions, random.Random(0)) == Pass()


@pytest.mark.parametrize("bot", [GreedyBot(), ISMCTSBot(iterations=8)])
def test_x5_the_bots_play_eating_hands_legally(bot: tonk.bots.Bot) -> None:
    rules = Rules(eating=True, max_turns=40)
    eats = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = tonk.new_game(rules, players=4, seed=seed)
        while not state.is_terminal:
            seen = tonk.observe(state, state.to_move)
            action = bot.choose(seen, seen.legal_actions, rng)
            assert tonk.is_legal(state, action)
            eats += action == Eat()
            state = tonk.apply(state, action)
    assert eats > 0
