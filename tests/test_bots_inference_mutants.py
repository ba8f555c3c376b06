"""InferenceBot's choices that mutation testing found untested.

Each test builds a position (a stacked PAGAT deal, then the plays named) in
which one option of the bot decides its choice, and pins the exact choice on
both sides of that option's threshold: ``drop_margin`` for the drop,
``feed_chance`` and ``slack`` for the discard and for taking the top discard,
and the belief's ``samples``, ``turns``, ``lower`` and ``model``. The next
seat's cards that decide whether a card feeds it are cards it took from the
discard pile, seen by everyone, so that the card makes a spread with them in
every deal of the belief. The options' refusals are pinned word for word.
docs/maintainers.md lists the mutants left.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from scenario import first_state

import tonk
from tonk import Card, Discard, DrawDiscard, DrawStock, Drop, GameState, RulesError
from tonk.actions import Action
from tonk.bots import GreedyModel, InferenceBot, Memory, infer
from tonk.observation import Observation
from tonk.testing import stack_deck

PAGAT = tonk.presets.PAGAT
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def preset_deal(hands: Sequence[str], upcard: str, stock: str = "") -> GameState:
    """Deal ``hands`` under PAGAT, seat 0 to play first."""
    dealer = len(hands) - 1
    deck = stack_deck(
        PAGAT, hands=list(hands), upcard=upcard, stock=stock, dealer=dealer
    )
    return tonk.new_game(PAGAT, players=len(hands), deck=deck, dealer=dealer)


def play(
    state: GameState,
    *moves: str,
    bot: InferenceBot | None = None,
    views: list[Observation] | None = None,
) -> GameState:
    """Apply the actions named in notation.

    ``bot`` is shown seat 0's observation before each of its moves (and
    asked to choose the move itself); ``views`` collects those observations.
    """
    for move in moves:
        action = tonk.parse_action(state, move)
        if state.to_move == 0:
            seen = tonk.observe(state, 0)
            if bot is not None:
                assert bot.choose(seen, (action,), random.Random(0)) == action
            if views is not None:
                views.append(seen)
        state = tonk.apply(state, action)
    return state


def chosen(
    bot: InferenceBot,
    state: GameState,
    legal: Sequence[Action] | None = None,
    seed: int = 0,
) -> str:
    """The bot's choice for the seat to move, in notation."""
    seen = tonk.observe(state, state.to_move)
    actions = seen.legal_actions if legal is None else tuple(legal)
    return tonk.format_action(bot.choose(seen, actions, random.Random(seed)))


def discards(*cards: str) -> list[Action]:
    return [Discard(Card.parse(card)) for card in cards]


def spreads_with(hand: Sequence[Card], card: Card) -> bool:
    """Whether ``card`` makes a book or a run with two cards of ``hand`` (PAGAT)."""
    if sum(other.rank == card.rank for other in hand) >= 2:
        return True
    at = RANKS.index(str(card)[:-1])
    suited = {RANKS.index(str(other)[:-1]) for other in hand if other.suit == card.suit}
    return any({at + a, at + b} <= suited for a, b in ((-2, -1), (-1, 1), (1, 2)))


def feed_chance(bot: InferenceBot, state: GameState, card: str, seed: int = 0) -> float:
    """The believed chance that the seat after the one to move spreads ``card``."""
    seen = tonk.observe(state, state.to_move)
    bot.choose(seen, seen.legal_actions[:1], random.Random(seed))  # shown it
    belief = bot.belief(seen, random.Random(seed))
    after = (seen.seat + 1) % seen.player_count
    return belief.chance(lambda deal: spreads_with(deal.hands[after], Card.parse(card)))


def bot_with(name: str, value: object) -> InferenceBot:
    return InferenceBot(**{name: value})  # type: ignore[arg-type]


# --- the options ------------------------------------------------------------------


def test_the_counts_are_checked_word_for_word_with_their_bounds_included() -> None:
    """samples is 1..10000 and turns 0..1000, both ends allowed."""
    assert InferenceBot(samples=1).samples == 1
    assert InferenceBot(samples=10_000).samples == 10_000
    assert InferenceBot(turns=0).turns == 0
    assert InferenceBot(turns=1_000).turns == 1_000
    with pytest.raises(TypeError, match=r"^samples must be an int, got 2\.5$"):
        InferenceBot(samples=2.5)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"^samples must be 1\.\.10000, got 0$"):
        InferenceBot(samples=0)
    with pytest.raises(RulesError, match=r"^samples must be 1\.\.10000, got 10001$"):
        InferenceBot(samples=10_001)
    with pytest.raises(TypeError, match=r"^turns must be an int, got '3'$"):
        InferenceBot(turns="3")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"^turns must be 0\.\.1000, got -1$"):
        InferenceBot(turns=-1)
    with pytest.raises(RulesError, match=r"^turns must be 0\.\.1000, got 1001$"):
        InferenceBot(turns=1_001)


@pytest.mark.parametrize("name", ["drop_margin", "feed_chance"])
def test_the_chances_are_checked_word_for_word_with_their_bounds_included(
    name: str,
) -> None:
    """A chance is a number (not a bool) from 0 to 1, both ends allowed."""
    assert getattr(bot_with(name, 0), name) == 0
    assert getattr(bot_with(name, 1), name) == 1
    with pytest.raises(TypeError, match=rf"^{name} must be a number, got True$"):
        bot_with(name, True)
    with pytest.raises(TypeError, match=rf"^{name} must be a number, got 'x'$"):
        bot_with(name, "x")
    with pytest.raises(
        RulesError, match=rf"^{name} must be between 0 and 1, got 1\.5$"
    ):
        bot_with(name, 1.5)
    with pytest.raises(
        RulesError, match=rf"^{name} must be between 0 and 1, got -0\.1$"
    ):
        bot_with(name, -0.1)


def test_lower_is_checked_word_for_word_with_its_bounds_included() -> None:
    """lower is a number (not a bool) from 0 to 10, both ends allowed."""
    assert InferenceBot(lower=0).lower == 0
    assert InferenceBot(lower=10).lower == 10
    with pytest.raises(TypeError, match=r"^lower must be a number, got False$"):
        InferenceBot(lower=False)
    with pytest.raises(TypeError, match=r"^lower must be a number, got None$"):
        InferenceBot(lower=None)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"^lower must be 0\.\.10, got 10\.5$"):
        InferenceBot(lower=10.5)
    with pytest.raises(RulesError, match=r"^lower must be 0\.\.10, got -1$"):
        InferenceBot(lower=-1)


def test_the_points_and_the_model_are_checked_word_for_word() -> None:
    with pytest.raises(RulesError, match=r"^slack must be 0\.\.100, got 101$"):
        InferenceBot(slack=101)
    with pytest.raises(TypeError, match=r"^outs_weight must be a number, got 'x'$"):
        InferenceBot(outs_weight="x")  # type: ignore[arg-type]
    with pytest.raises(
        TypeError, match=r"^model must be an OpponentModel, got 'greedy'$"
    ):
        InferenceBot(model="greedy")  # type: ignore[arg-type]


# --- choose ------------------------------------------------------------------------


def test_one_legal_action_is_returned_as_it_is() -> None:
    """A lone action is the choice, whatever the position makes of it."""
    state = preset_deal(["AC AD AH AS 2C", "KS QD JS 9C 8H"], upcard="8D")
    assert chosen(InferenceBot(samples=1), state, [DrawStock()]) == "draw stock"
    assert chosen(InferenceBot(samples=1), state, [Drop()]) == "drop"


def test_of_two_actions_the_second_may_be_chosen() -> None:
    """On a count of 6 the drop is taken, even listed second."""
    state = preset_deal(["AC AD AH AS 2C", "KS QD JS 9C 8H"], upcard="8D")
    assert chosen(InferenceBot(samples=1), state, [DrawStock(), Drop()]) == "drop"


# --- the drop: above drop_margin * (players - 1) -------------------------------------


SURE_WIN = ["AC AD AH AS 2C", "KS QD JS 9C 8H", "KH QC JH 9D 7S"]


@pytest.mark.parametrize("players", [2, 3])
def test_a_sure_drop_is_taken_below_a_margin_of_1_and_not_at_1(players: int) -> None:
    """On 6 every other hand is higher: a drop pays ``players - 1`` for sure.

    That is above 0.99 * (players - 1), not above 1 * (players - 1): the
    margin is a share of what a won drop pays, and the payoff must beat it.
    """
    state = preset_deal(SURE_WIN[:players], upcard="8D")
    bot = InferenceBot(samples=4, drop_margin=1)
    seen = tonk.observe(state, 0)
    assert chosen(bot, state) == "draw stock"
    assert bot.belief(seen, random.Random(0)).drop_payoff() == players - 1
    assert chosen(InferenceBot(samples=4, drop_margin=0.99), state) == "drop"


def test_at_the_empty_stock_the_drop_is_greedys_whatever_the_margin() -> None:
    """B14: at the empty stock GreedyBot weighs the drop against the showdown.

    Its drop is taken even with ``drop_margin=1``, which forbids every drop
    the belief would make; the belief's own choice would draw (end the hand).
    """
    state = first_state(
        PAGAT,
        2,
        lambda state: state.phase is tonk.Phase.TURN_START and state.stock_size == 0,
        policy="no-drop",
        first_seed=1,
    )
    seen = tonk.observe(state, state.to_move)
    assert seen.legal_actions == (Drop(), DrawStock(), DrawDiscard())
    assert chosen(InferenceBot(samples=4, drop_margin=1), state) == "drop"
    assert chosen(InferenceBot(samples=4, drop_margin=1), state, seed=5) == "drop"


# --- the draw: take a low top discard that feeds the next seat (3+ players) ---------


def draw_position(players: int) -> GameState:
    """Seat 0 to start its third turn; the top discard is 3H, worth 3.

    Seat 1 took 3C and 3D from the discard pile (everyone saw it), so
    3H makes a book with its cards in every deal. Seat 0 (KS QD JC 9S 8C
    after its draws) wants none of it: GreedyBot draws from the stock.
    """
    if players == 2:
        state = preset_deal(
            ["3C 3D KS QD JC", "3H 5S 6D 10H 2C"], upcard="7D", stock="9S 8C"
        )
        return play(
            state,
            "draw stock",
            "discard 3C",
            "draw discard",
            "discard 5S",
            "draw stock",
            "discard 3D",
            "draw discard",
            "discard 3H",
        )
    hands = ["3C 3D KS QD JC", "5S 6D 10H 2C 4S", "3H 5D 6H 10C 2D"]
    state = preset_deal(hands, upcard="7D", stock="9S KH 8C QH")
    return play(
        state,
        "draw stock",
        "discard 3C",
        "draw discard",
        "discard 5S",
        "draw stock",
        "discard KH",
        "draw stock",
        "discard 3D",
        "draw discard",
        "discard 6D",
        "draw stock",
        "discard 3H",
    )


def test_a_low_top_discard_that_feeds_the_next_seat_is_taken() -> None:
    """3 players: 3H (3 <= slack 3) makes the next seat's book in every deal."""
    state = draw_position(3)
    assert feed_chance(InferenceBot(samples=4), state, "3H") == 1
    assert chosen(InferenceBot(samples=4), state) == "draw discard"
    assert chosen(InferenceBot(samples=4, slack=3), state) == "draw discard"
    assert chosen(InferenceBot(samples=4, feed_chance=0.99), state) == "draw discard"


def test_the_top_discard_is_left_above_the_slack_or_below_the_feed_chance() -> None:
    """3H is worth 3: slack 2.9 leaves it; feed_chance 1 is never exceeded."""
    state = draw_position(3)
    assert chosen(InferenceBot(samples=4, slack=2.9), state) == "draw stock"
    assert chosen(InferenceBot(samples=4, feed_chance=1), state) == "draw stock"


def test_with_two_players_the_top_discard_is_not_kept_from_the_next_seat() -> None:
    """2 players: the same 3H, feeding the other seat for sure, is left."""
    state = draw_position(2)
    assert feed_chance(InferenceBot(samples=4), state, "3H") == 1
    assert chosen(InferenceBot(samples=4), state) == "draw stock"
    assert chosen(InferenceBot(samples=4, feed_chance=0), state) == "draw stock"


def test_the_top_discard_is_taken_only_when_it_may_be() -> None:
    """Without the drop it is still kept from the next seat; without the
    draw from the discard pile (not offered) the stock is drawn."""
    state = draw_position(3)
    bot = InferenceBot(samples=4, drop_margin=1)
    assert chosen(bot, state, [DrawStock(), DrawDiscard()]) == "draw discard"
    assert chosen(bot, state, [Drop(), DrawStock()]) == "draw stock"
    assert chosen(bot, state, [DrawStock(), Drop()]) == "draw stock"


def test_greedys_own_draw_is_kept_when_no_card_feeds() -> None:
    """2 players: seat 0 draws from the stock at its first turn (KS on top)."""
    state = preset_deal(["3C 3D KS QD JC", "3H 5S 6D 10H 2C"], upcard="KH")
    assert chosen(InferenceBot(samples=4), state) == "draw stock"
    state = preset_deal(
        ["3C 3D KS QD JC", "3H 5S 6D 10H 2C", "5D 6H 10C 2D 4S"], upcard="KH"
    )
    assert chosen(InferenceBot(samples=4), state) == "draw stock"


# --- the discard: GreedyBot's first three, the first that does not feed ------------


def discard_position(
    takes: int,
    bot: InferenceBot | None = None,
    views: list[Observation] | None = None,
) -> GameState:
    """Seat 0 has drawn at its fourth (``takes=3``) or third turn; two players.

    Seat 1 took 8H, 9H and (with three takes) 9D from the discard pile, seen
    by everyone. Seat 0 then holds 10H 9S 7H 6C 2D AC (three takes) or
    10H 9S 7H 3D 2D AC (two takes): GreedyBot would discard 10H, then 9S,
    then 7H. 10H and 7H make a run with 8H 9H in every deal;
    9S makes a book with 9H 9D when seat 1 took both.
    """
    if takes == 3:
        state = preset_deal(["8H 9H 9D AC 2D", "KC QC JD 4S 5S"], "6S", "10H 9S 7H 6C")
        return play(
            state,
            *("draw stock", "discard 8H", "draw discard", "discard KC"),
            *("draw stock", "discard 9H", "draw discard", "discard QC"),
            *("draw stock", "discard 9D", "draw discard", "discard JD"),
            "draw stock",
            bot=bot,
            views=views,
        )
    state = preset_deal(["8H 9H AC 2D 3D", "KC QC JD 4S 5S"], "6S", "10H 9S 7H")
    return play(
        state,
        *("draw stock", "discard 8H", "draw discard", "discard KC"),
        *("draw stock", "discard 9H", "draw discard", "discard QC"),
        "draw stock",
        bot=bot,
        views=views,
    )


def test_the_next_greedy_discard_is_taken_when_the_first_feeds() -> None:
    """Two takes: 10H feeds seat 1 in every deal, 9S in none; 9S goes.

    At slack 1, 9S (9) is exactly as low as 10H less the slack: still in.
    """
    state = discard_position(2)
    bot = InferenceBot(samples=4)
    assert [feed_chance(bot, state, card) for card in ("10H", "9S", "7H")] == [1, 0, 1]
    assert chosen(InferenceBot(samples=4), state) == "discard 9S"
    assert chosen(InferenceBot(samples=4, slack=1), state) == "discard 9S"
    assert chosen(InferenceBot(samples=4, feed_chance=0), state) == "discard 9S"


def test_the_first_discard_stays_below_the_slack_or_the_feed_chance() -> None:
    """Slack 0.5 puts 9S below 10H less the slack; every chance is at most 1."""
    state = discard_position(2)
    assert chosen(InferenceBot(samples=4, slack=0.5), state) == "discard 10H"
    assert chosen(InferenceBot(samples=4, feed_chance=1), state) == "discard 10H"


def test_only_greedys_first_three_discards_are_weighed() -> None:
    """Three takes: 10H, 9S and 7H all feed seat 1; 6C, the fourth, does not.

    Even with slack 5 (6C is not below 10 - 5) the first, 10H, is kept as
    the choice; at slack 2, 7H is below 10H less the slack.
    """
    state = discard_position(3)
    bot = InferenceBot(samples=4)
    chances = [feed_chance(bot, state, card) for card in ("10H", "9S", "7H", "6C")]
    assert chances == [1, 1, 1, 0]
    assert chosen(InferenceBot(samples=4, slack=5), state) == "discard 10H"
    assert chosen(InferenceBot(samples=4, slack=2), state) == "discard 10H"
    assert chosen(InferenceBot(samples=4), state) == "discard 10H"


def test_of_two_discards_offered_the_second_may_be_chosen() -> None:
    """Offered 10H and 6C alone: 6C, not feeding, goes when 6 >= 10 - slack."""
    state = discard_position(3)
    offered = discards("10H", "6C")
    assert chosen(InferenceBot(samples=4, slack=4), state, offered) == "discard 6C"
    assert chosen(InferenceBot(samples=4, slack=3.5), state, offered) == "discard 10H"
    assert chosen(InferenceBot(samples=4, slack=4, feed_chance=1), state, offered) == (
        "discard 10H"
    )
    assert chosen(InferenceBot(samples=4, slack=4), state, offered[::-1]) == (
        "discard 6C"
    )


# --- the belief: the bot's memory, model, samples, turns and lower ----------------


def test_the_belief_is_infer_with_the_bots_memory_and_options() -> None:
    """Three takes, shown to the bot turn by turn: its belief is infer's with a
    memory of the same observations and each of its options, none a default.

    Leaving out any one of them (the memory, the model, ``turns``, ``lower``
    or ``samples``) gives another belief.
    """
    model = GreedyModel(temperature=0.5, mistake=0.2)
    bot = InferenceBot(samples=6, turns=1, lower=1, model=model)
    views: list[Observation] = []
    state = discard_position(3, bot=bot, views=views)
    seen = tonk.observe(state, 0)
    first = seen.legal_actions[:1]
    assert bot.choose(seen, first, random.Random(0)) == first[0]
    memory = Memory()
    for view in [*views, seen]:
        memory.update(view)
    belief = bot.belief(seen, random.Random(3))
    expected = infer(
        seen, random.Random(3), memory=memory, model=model, samples=6, turns=1, lower=1
    )
    assert belief == expected
    assert len(set(belief.weights)) > 1
    for left_out in ("memory", "model", "samples", "turns", "lower"):
        options: dict[str, object] = {
            "memory": memory,
            "model": model,
            "samples": 6,
            "turns": 1,
            "lower": 1,
        }
        del options[left_out]
        other = infer(seen, random.Random(3), **options)  # type: ignore[arg-type]
        assert other != belief, left_out


def test_a_bot_chooses_and_believes_alike_under_the_same_seed() -> None:
    """Two bots shown the same turns make the same choice and hold the same
    belief under the same seed; another seed deals the hidden cards otherwise."""

    def shown() -> tuple[InferenceBot, Observation]:
        bot = InferenceBot(samples=8)
        seen = tonk.observe(discard_position(3, bot=bot), 0)
        return bot, seen

    first, seen = shown()
    second, _ = shown()
    choices = [
        bot.choose(seen, seen.legal_actions, random.Random(9))
        for bot in (first, second)
    ]
    assert choices == [Discard(Card.parse("10H"))] * 2
    assert first.belief(seen, random.Random(9)) == second.belief(seen, random.Random(9))
    assert first.belief(seen, random.Random(9)).deals != (
        first.belief(seen, random.Random(10)).deals
    )
