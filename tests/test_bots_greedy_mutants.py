"""GreedyBot's heuristics that mutation testing found untested.

Each test builds a position (a stacked deal, then the plays named) and pins
the bot's exact choice there, so that a change to one rule of the heuristic
(docs/bots.md, "GreedyBot") changes a choice: the drop and the draw at the
start of a turn, the discard's score (the count, the outs of a near-spread,
the bonus of a wild card and of a card that fits the table), the melds, the
tunk, the slap, the eat, the widow's exchange and the empty stock.
docs/maintainers.md lists the mutants left.
"""

from __future__ import annotations

import random

import pytest
from scenario import seat_0_first
from test_bots import choose, deal

import tonk
from tonk import (
    DrawStock,
    Drop,
    GameState,
    Pass,
    Rules,
    RulesError,
    Slap,
)
from tonk.bots import GreedyBot
from tonk.testing import stack_deck


def play(state: GameState, *moves: str) -> GameState:
    """Apply the actions named in notation, one after another."""
    for move in moves:
        state = tonk.apply(state, tonk.parse_action(state, move))
    return state


# --- the options ---------------------------------------------------------------


def test_outs_weight_is_checked_word_for_word_and_its_bounds_are_open() -> None:
    """0 and 100 are allowed; the refusals name the option and the value."""
    assert GreedyBot(outs_weight=0).outs_weight == 0
    assert GreedyBot(outs_weight=100).outs_weight == 100
    with pytest.raises(TypeError, match=r"^outs_weight must be a number, got 'x'$"):
        GreedyBot(outs_weight="x")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"^outs_weight must be 0\.\.100, got 100\.5$"):
        GreedyBot(outs_weight=100.5)
    with pytest.raises(RulesError, match=r"^outs_weight must be 0\.\.100, got -1$"):
        GreedyBot(outs_weight=-1)


# --- the tunk (H5) -------------------------------------------------------------


def test_the_tunk_that_leaves_the_lowest_count_is_taken_not_the_first() -> None:
    """H5: of the tunks, the arrangement laying the most count (leaving least).

    After drawing AD the hand may tunk the sevens with AD 2D 3D (AC 3S left,
    4) or with 3D 3S and the wild 2D (AC AD left, 2): the second is taken,
    though listed after the first.
    """
    state = seat_0_first(
        tonk.presets.HOYLE,
        ["3D 7C AC 3S 7H 7S 2D", "AH 8C 9D KC QC 10H 3C"],
        upcard="3H",
        stock="AD",
    )
    state = tonk.apply(state, DrawStock())
    seen = tonk.observe(state, 0)
    tunks = [action for action in seen.legal_actions if isinstance(action, tonk.Tunk)]
    assert len(tunks) == 3
    chosen = GreedyBot().choose(seen, seen.legal_actions, random.Random(0))
    assert chosen == tunks[1]
    assert sorted(str(c) for c in seen.hand if c not in chosen.physical) == [
        "AC",
        "AD",
    ]


def test_a_lone_tunk_is_taken() -> None:
    """H5: a tunk is taken whenever one is legal, even when it is the only one.

    After AH, 3C 4C 5C and the three nines make the one tunk (3H AH left, 4).
    """
    state = seat_0_first(
        tonk.presets.HOYLE,
        ["3C 4C 5C 9H 9D 9S 3H", "KS QS JH 10D 8H 7D 5S"],
        upcard="KD",
        stock="AH",
    )
    state = tonk.apply(state, DrawStock())
    seen = tonk.observe(state, 0)
    tunks = [action for action in seen.legal_actions if isinstance(action, tonk.Tunk)]
    assert len(tunks) == 1
    assert GreedyBot().choose(seen, seen.legal_actions, random.Random(0)) == tunks[0]


# --- the discard's score: count less the outs of near-spreads ----------------------


def after_draw(
    hand: str, other: str, upcard: str, drawn: str, **options: object
) -> GameState:
    """Seat 0, dealt ``hand``, has drawn ``drawn`` from the stock (two seats)."""
    return tonk.apply(
        deal([hand, other], upcard=upcard, stock=drawn, **options), DrawStock()
    )


@pytest.mark.parametrize(
    ("hand", "other", "upcard", "drawn", "outs_weight", "chosen"),
    [
        # 9H 10H wait for 8H and JH, 7H 9H for 8H: 9H has 3 outs, 10H 2; KD KH
        # wait for KC and KS (2). At 0.5 an out KD, KH and 10H score 9 and KD,
        # the first, goes; at 2 they score 6, above 7H's 5.
        ("9H 10H 2D KD 7H", "10D JH 8S 4H 5D", "QS", "KH", 0.5, "discard KD"),
        ("9H 10H 2D KD 7H", "10D JH 8S 4H 5D", "QS", "KH", 2.0, "discard KD"),
        # QD QH wait for QC QS (2 outs, 10 - 4 = 6): the loose 7C goes.
        ("7C 6H 2C QD 2H", "KH AC 6S 3H 5D", "2D", "QH", 2.0, "discard 7C"),
        # JH QH wait for 10H and KH (2 outs each; 10 - 4 = 6): 7H goes.
        ("AD JH 5S 2H QH", "KC 6H 7C 4S QD", "6D", "7H", 2.0, "discard 7H"),
        # KC KD wait for KH KS (2 outs; 10 - 1 = 9): the loose QH (10) goes.
        ("7S AS QH JS KD", "3S JC KS 7H 2D", "AC", "KC", 0.5, "discard QH"),
        # No near-spread across suits: 9C 10S JH hold no out; JH (10) goes.
        ("9C JH 10S 5C 4D", "8C 6H 3H 5H 3S", "QD", "AD", 3.5, "discard JH"),
        # 8S 9S: a pair each and the ends 7S 10S (4 outs, 3 counted); 8D 9C:
        # 2 outs each; at 3 an out the loose 4D (4) goes.
        ("8S 4D 8D 9S 9C", "QS QD 8C 5S 7D", "7C", "2H", 3.0, "discard 4D"),
        # 3S 4S wait for 2S and 5S (2 outs); at 6 an out the loose JC goes.
        ("JC 4S 5D 3S 7S", "6D 4H 6S 8D 6H", "5H", "8C", 6.0, "discard JC"),
        # 7D 7H wait for 7C 7S, and 7D 8D for 6D 9D: 7D has 4 outs, 8D 2;
        # the loose JS goes before KS (both 10: the first of equal scores).
        ("7H JS 8D 5C KS", "4S QC 7S 10C 5S", "QS", "7D", 6.0, "discard JS"),
        # 2H 3H wait for AH and 4H (2 outs; AH is a run's place 1): 3H scores
        # 3 - 7 = -4, below the pair 6C 6H (6 - 7 = -1), and 6C goes first.
        ("6C 2S 2H 3H AS", "8H 3S KD QC KC", "9C", "6H", 3.5, "discard 6C"),
        # 2S 3S wait for AS and 4S, 5C 5H for 5D 5S, JH JS for JC JD: 2 outs
        # each, and JH (10 - 10 = 0) goes first.
        ("3S 5C JH JS 2S", "9S 9H AH 6S 2D", "2H", "5H", 5.0, "discard JH"),
        # The nines and tens: 4 outs each, 3 counted (9 - 7.5, 10 - 7.5); the
        # loose 4D (4) goes, before 2C (2).
        ("9H 10S 9S 10H 2C", "JS 8C 4C 9C 10D", "2H", "4D", 2.5, "discard 4D"),
        # 10D JD 10H JH have 4 or 5 outs, 3 counted: 10 - 3 = 7, as 8H's
        # 8 - 1; of the equal scores the highest count, 10D, goes first.
        ("JD 4C 8H 10H 10D", "2H 3C 9S AC 2D", "5H", "JH", 1.0, "discard 10D"),
    ],
)
def test_the_discard_weighs_the_exact_outs_of_each_near_spread(
    hand: str, other: str, upcard: str, drawn: str, outs_weight: float, chosen: str
) -> None:
    """A card's outs: the unseen cards that make a spread of it and one card
    of the hand (a pair's other ranks; a run's ends, or the card between two
    cards two apart), each worth ``outs_weight`` points, at most three."""
    state = after_draw(hand, other, upcard, drawn)
    assert (
        tonk.format_action(choose(GreedyBot(outs_weight=outs_weight), state)) == chosen
    )


# --- positions later in a hand ------------------------------------------------------


def playout(rules: Rules, seed: int, moves: int, players: int = 2) -> GameState:
    """Seed ``seed``'s deal after ``moves`` random plays (no drop)."""
    rng = random.Random(seed)
    state = tonk.new_game(rules, players=players, seed=seed)
    for _ in range(moves):
        legal = tonk.legal_actions(state)
        state = tonk.apply(state, rng.choice([a for a in legal if a != Drop()]))
    return state


def shown(state: GameState) -> tuple[str, str, int]:
    """The hand to move, the spreads on the table and the stock's size."""
    hand = " ".join(str(c) for c in state.hand(state.to_move))
    table = " / ".join(" ".join(str(c) for c in s.cards) for s in state.spreads)
    return hand, table, state.stock_size


def chosen(state: GameState, outs_weight: float = 1.5) -> str:
    return tonk.format_action(choose(GreedyBot(outs_weight=outs_weight), state))


NO_HITS = Rules(max_hits_per_turn=0)


def test_the_outs_count_less_as_the_stock_runs_down() -> None:
    """The outs' bonus is scaled by the stock's size over 12 (1 from 12 on).

    With 7 cards left and 3.5 an out, 10C (JC beside it, one out) scores
    10 - 3.5 * 7/12 = 7.96, above the loose 7S; and 4D (2D two below it,
    one out) 4 - 3.5 * 7/12 = 1.96, below the loose 2S.
    """
    state = playout(Rules(), 1, 111)
    assert shown(state) == ("10C JC AD 2D 5S 7S", "", 7)
    assert chosen(state, 3.5) == "discard 10C"
    state = playout(NO_HITS, 3, 166)
    assert shown(state) == ("2D 4D 2S", "2C 3C 4C", 7)
    assert chosen(state, 3.5) == "discard 2S"


def test_a_card_that_fits_the_table_loses_half_its_count_and_two() -> None:
    """A card that could be hit next turn scores half its count less 2.

    With no hits this turn (``max_hits_per_turn=0``) and no outs weighed,
    10D, which fits 7D 8D 9D, scores 10 - 5 - 2 = 3: below the loose 5S, above
    the loose 2S; 5C, which fits 2C 3C 4C, scores 0.5, below 9C.
    """
    state = playout(NO_HITS, 8, 68)
    assert shown(state) == ("10D 2S 5S", "7D 8D 9D", 22)
    assert chosen(state, 0) == "discard 5S"
    state = playout(NO_HITS, 8, 76)
    assert shown(state) == ("10D AS 2S", "7D 8D 9D", 20)
    assert chosen(state, 0) == "discard 10D"
    state = playout(NO_HITS, 3, 182)
    assert shown(state) == ("5C 9C 2S", "2C 3C 4C", 3)
    assert chosen(state, 0) == "discard 9C"


JOKERS = Rules(wilds="jokers", jokers=2, joker_value=10, max_hits_per_turn=0)


def test_a_wild_card_is_kept_by_six_points_scaled_by_the_stock() -> None:
    """A wild card's score is its count less 6 (times the stock's share).

    The joker (10) scores 10 - 6 = 4 with no outs weighed: QD (10) goes. With
    the stock empty the wild's bonus is 0 (the spread is laid first).
    """
    state = playout(JOKERS, 3, 21)
    assert shown(state) == ("4C AD 5D QD 3H JK", "", 36)
    assert chosen(state, 0) == "discard QD"
    state = playout(JOKERS, 11, 142)
    assert shown(state) == ("3H 7H 2S 10S JS JK", "5C 5D JK", 0)
    assert chosen(state, 0) == "spread JK=9S 10S JS"


HIT_ENDS_TURN = Rules(hit_ends_turn=True)


@pytest.mark.parametrize(
    ("seed", "moves", "outs_weight", "position", "choice"),
    [
        # The hit sheds 10D (10): 10 + 1 is not below 10H's 10: the hit.
        (8, 52, 0, ("4D 10D 10H", "7D 8D 9D", 26), "hit 1 10D"),
        # The hit sheds 6D (6): 6 + 1 < 8S's 8, so the discard goes.
        (8, 78, 0, ("AC 4C 6D 2S 5S 8S", "7D 8D 9D 10D", 21), "discard 8S"),
        # The hit sheds 7S (7): 7 + 1 = 8C's 8, not below it: the hit.
        (9, 94, 3.5, ("3C 4C 8C 10D QD 7S", "8S 9S 10S JS", 13), "hit 1 7S"),
        # The hit sheds AC (1): 1 + 1 < 7S's 7: the discard.
        (3, 134, 0, ("AC AS 7S", "2C 3C 4C", 11), "discard 7S"),
        # The hit sheds 5C (5): 5 + 1 = 6, above 4D's 4: the hit.
        (3, 158, 0, ("5C 2D 4D", "AC 2C 3C 4C", 9), "hit 1 5C"),
    ],
)
def test_a_hit_that_ends_the_turn_gives_way_to_a_discard_shedding_more(
    seed: int,
    moves: int,
    outs_weight: float,
    position: tuple[str, str, int],
    choice: str,
) -> None:
    """V24c: when a hit ends the turn, the best discard is made instead if its
    score is above the hit's count plus 1."""
    state = playout(HIT_ENDS_TURN, seed, moves)
    assert shown(state) == position
    assert chosen(state, outs_weight) == choice


def test_the_meld_shedding_the_most_is_laid_and_even_an_ace_is_hit() -> None:
    """The run of four (34) is laid rather than its first three; a hit that
    sheds only AC (1) is still made before the discard."""
    state = playout(Rules(), 1, 33)
    assert shown(state) == ("7D 8D 9D 10D 9S QS", "", 28)
    assert chosen(state, 0) == "spread 7D 8D 9D 10D"
    state = playout(Rules(), 3, 134)
    assert shown(state) == ("AC AS 7S", "2C 3C 4C", 11)
    assert chosen(state, 0) == "hit 1 AC"


def test_a_spread_is_laid_before_a_higher_discard_and_the_first_of_equals() -> None:
    """A meld that sheds count is made, though KD (10) would shed more than
    the book of twos (6); of the run JC QC KC and the book of queens, both 30,
    the first listed is laid."""
    state = after_draw("2H 2C 2D QS KD", "10C 3C JC 3H 7H", "KS", "9H")
    assert chosen(state, 0) == "spread 2C 2D 2H"
    state = after_draw("JC QC QD QH 2C", "7H AD 2H 3D 3C", "8H", "KC")
    assert chosen(state, 0) == "spread JC QC KC"


TWOS = Rules(wilds="jokers_and_twos", jokers=2)
JOKERS_HIT = Rules(wilds="jokers", jokers=2, joker_value=10)
ACE_HIGH = Rules(ace_high=True)


def test_the_outs_of_an_ace_count_it_high_as_well_as_low() -> None:
    """With aces high, AC (places 1 and 14) and KC wait for QC: one out, so KC
    scores 10 - 3.5 = 6.5, below the loose 8C."""
    state = playout(ACE_HIGH, 0, 3)
    assert shown(state) == ("AC 8C KC JH 3S JS", "", 40)
    assert chosen(state, 3.5) == "discard 8C"


@pytest.mark.parametrize(
    ("rules", "players", "moves", "position", "choice"),
    [
        # 8C fits the book 8D 2C 2S (wilds), of three under four-card books.
        (TWOS, 3, 7, ("5C 6C 4H 5S KS", "8D 2C 2S", 37), "draw discard"),
        # 4C does not fit JK 4H 4S: the joker stands for 4C (one pack).
        (JOKERS_HIT, 2, 87, ("3D JH 7S 8S QS", "JK 4H 4S", 20), "draw stock"),
        # KH fits the run 10H 2C 2S (10H JH QH): taken.
        (TWOS, 2, 21, ("8D 4S", "10H 2C 2S", 38), "draw discard"),
        # 10C fits JC QC KC, but no hit is allowed: the stock.
        (NO_HITS, 3, 61, ("6C 5D 2H 4H 5S", "JC QC KC", 19), "draw stock"),
        # With aces high AC fits JC QC KC: taken.
        (ACE_HIGH, 3, 55, ("6C 5D 2H 4H AS", "JC QC KC", 21), "draw discard"),
    ],
)
def test_a_discard_that_fits_the_table_is_taken_when_a_hit_is_allowed(
    rules: Rules,
    players: int,
    moves: int,
    position: tuple[str, str, int],
    choice: str,
) -> None:
    """The top discard is taken when it fits a spread on the table (a book
    of up to four cards, or three under V24a, of the copies in the pack) and
    hits are allowed."""
    state = playout(rules, 0, moves, players)
    assert shown(state) == position
    assert chosen(state) == choice


def test_a_drop_is_made_only_when_it_pays_more_than_the_margin() -> None:
    """Seed 0's first seat to play, on 28, drops: the other hand's five
    unknown cards are sampled from the unseen ones. A lone KD whose drop is
    worth exactly 0 (the margin) draws."""
    state = playout(Rules(), 0, 0)
    assert shown(state) == ("2C 6C 3H KH 7S", "", 41)
    assert chosen(state) == "drop"
    state = playout(ACE_HIGH, 0, 119, players=3)
    assert shown(state) == ("KD", "9C 10C JC QC KC", 4)
    assert chosen(state) == "draw stock"


def test_at_an_empty_stock_a_drop_is_preferred_to_an_equal_showdown() -> None:
    """B14: with the stock empty, drawing ends the hand; a lone 3H drops,
    a drop paying as much as the showdown. Under a dead stock (V28) the
    showdown pays nothing and is not weighed: the draw is made."""
    state = playout(JOKERS_HIT, 0, 151)
    assert shown(state) == ("3H", "JK 4D 4H 4S / 9C JK 9H", 0)
    assert chosen(state) == "drop"
    state = playout(Rules(stock_end="dead"), 0, 142)
    assert shown(state) == ("KD 5H 5S 8S 10S", "", 0)
    assert chosen(state) == "draw stock"


# --- the widow (V46) -----------------------------------------------------------------

WIDOW = Rules(widow=True, court_values="ranked", deal_tonks=())


@pytest.mark.parametrize(
    ("hand", "upcard", "choice"),
    [
        # The unseen 46 cards average (364 - 41 - 1) / 46 = 7: QS (12) is
        # exactly 5 above it.
        ("QS 9C 8D 7H 5S", "AC", "exchange QS"),
        # They average (364 - 27 - 6) / 46 = 7.2: KS (13) is 5.8 above it.
        ("KS 2C 3D 4H 5S", "6C", "exchange KS"),
        # 9S is 1.6 above the average: no exchange, and the stock is drawn.
        ("9S 2C 3D 4H 5S", "6C", "draw stock"),
    ],
)
def test_the_widow_is_taken_for_a_card_five_above_the_unseen_average(
    hand: str, upcard: str, choice: str
) -> None:
    """V46: the exchange (paying 1x) is made for the card the bot wants least
    when its count is at least 5 above the average unseen card's."""
    deck = stack_deck(WIDOW, hands=[hand, "2D 3C 4S 6H 10C"], upcard=upcard, dealer=1)
    state = tonk.new_game(WIDOW, players=2, deck=deck, dealer=1)
    assert chosen_by(GreedyBot(drop_margin=100), state) == choice


def chosen_by(bot: GreedyBot, state: GameState) -> str:
    return tonk.format_action(choose(bot, state))


DEAD = Rules(stock_end="dead")


@pytest.mark.parametrize(
    ("rules", "players", "seed", "moves", "position", "choice"),
    [
        # A drop is worth 1.08 a sample, the showdown 1.65: the draw ends it.
        (Rules(), 3, 22, 129, ("3D JS", "4D 5D 6D 7D 8D", 0), "draw stock"),
        # The same under a dead stock, where the showdown pays 0: the drop.
        (DEAD, 3, 22, 129, ("3D JS", "4D 5D 6D 7D 8D", 0), "drop"),
        # A drop is worth -3.33, the dead stock 0 (below 0.5): QD, which makes
        # JD QD KD, is taken.
        (DEAD, 3, 8, 125, ("4D JD KD 3H 4H", "6H 7H 8H", 0), "draw discard"),
        # A drop is worth 2 (not below 0.5): the low AC is not taken.
        (DEAD, 3, 21, 130, ("JD", "9C 9D 9H 9S", 0), "drop"),
        # A drop and the showdown are both worth 1: the drop.
        (Rules(), 2, 1, 136, ("4C 5C 7C JH 3S", "", 0), "drop"),
    ],
)
def test_at_an_empty_stock_the_drop_the_showdown_and_the_discard_are_weighed(
    rules: Rules,
    players: int,
    seed: int,
    moves: int,
    position: tuple[str, str, int],
    choice: str,
) -> None:
    """B14: with the stock empty, the top discard is taken while neither a
    drop nor the end of the hand (a showdown, or nothing under V28) is worth
    0.5 a hand; else the better of the two, the drop when they are equal."""
    state = playout(rules, seed, moves, players)
    assert shown(state) == position
    assert chosen(state) == choice


# --- taking the discard ----------------------------------------------------------


def first_turn(rules: Rules, hand: str, upcard: str) -> GameState:
    deck = stack_deck(rules, hands=[hand, "2D 3C 4S 8C 10C"], upcard=upcard, dealer=1)
    return tonk.new_game(rules, players=2, deck=deck, dealer=1)


@pytest.mark.parametrize(
    ("hand", "choice"),
    [
        ("3S 4C 5D 6H 7S", "draw discard"),  # 2C is 5 below the highest, 7S
        ("3S 4C 5D 6H 6S", "draw stock"),  # 2C is only 4 below 6H
        ("3S 4C 5D 6H 8S", "draw discard"),  # 2C is 6 below 8S
    ],
)
def test_a_low_discard_is_taken_when_five_below_the_highest_card(
    hand: str, choice: str
) -> None:
    """A discard that makes no spread and fits nothing is taken when it
    counts 2 or less and at least 5 less than the hand's highest card."""
    state = first_turn(Rules(), hand, "2C")
    assert chosen_by(GreedyBot(drop_margin=100), state) == choice


def test_a_3_is_not_low_enough_to_take() -> None:
    """3D, 7 below KS, counts more than 2: the stock is drawn."""
    state = first_turn(Rules(), "KS 4H 5C 6H 7S", "3D")
    assert chosen_by(GreedyBot(drop_margin=100), state) == "draw stock"


@pytest.mark.parametrize(
    ("joker_value", "choice"), [(5, "draw discard"), (6, "draw stock")]
)
def test_a_wild_discard_is_taken_when_it_counts_5_or_less(
    joker_value: int, choice: str
) -> None:
    """A wild top discard is taken by its count alone: at most 5."""
    rules = Rules(wilds="jokers", jokers=2, joker_value=joker_value)
    state = first_turn(rules, "KS QD 9C 8H 7S", "JK")
    assert chosen_by(GreedyBot(drop_margin=100), state) == choice


def test_a_full_book_takes_no_more_cards() -> None:
    """Under V24a (three-card books) 7S does not fit 7C 7D 7H; with two packs
    the second QD does not fit the four queens: neither is taken."""
    state = playout(Rules(four_card_books=False), 30, 31)
    assert shown(state) == ("2D 10D JD 5S 8S", "7C 7D 7H", 32)
    assert chosen(state) == "draw stock"
    state = playout(Rules(two_packs_from=2), 4, 236)
    assert shown(state) == ("AH AH 5H 4S 5S", "QC QD QH QS", 33)
    assert chosen(state) == "draw stock"


def test_the_wild_and_table_bonuses_with_jokers() -> None:
    """With jokers (10) and no hits this turn: 2C 3C wait for AC, the first
    card of the pack, so 3D goes; 9H, which fits JK 7H 8H, scores
    9 - 4.5 - 2 = 2.5, above 2C and 2H; the joker fits no full book (V24a),
    so it scores 10 - 6 * 2/12 = 9, as 9S does, and counts more."""
    state = playout(JOKERS, 9, 94)
    assert shown(state) == ("2C 3C 3D", "JK 6H 6S", 14)
    assert chosen(state, 1.5) == "discard 3D"
    state = playout(JOKERS, 13, 121)
    assert shown(state) == ("2C 2H 9H", "JK 7H 8H / 7D 8D 9D", 14)
    assert chosen(state, 0) == "discard 9H"
    state = playout(JOKERS, 2, 158)
    assert shown(state) == ("9S JK", "10C 10D 10H JK", 2)
    assert chosen(state, 0) == "discard JK"


def test_a_wild_hit_sheds_the_wild_s_count_not_the_card_it_stands_for() -> None:
    """A joker (0) hit onto 10H 2C 2S as KH sheds nothing: 8D is discarded."""
    state = playout(TWOS, 0, 22)
    assert shown(state) == ("8D 4S JK", "10H 2C 2S", 37)
    assert chosen(state, 0) == "discard 8D"


# --- the slap (V26) ---------------------------------------------------------------


def slap_window(priority: bool) -> GameState:
    """Seat 2 discards 10H, which fits seat 0's 7H 8H 9H and seat 1's JH QH KH."""
    state = deal(
        ["7H 8H 9H 2C 5D", "JH QH KH 4S 6C", "10H AS 3D 8C 9S"],
        upcard="4C",
        stock="2S 4D 6S",
        slap_in=True,
        slap_priority_next=priority,
    )
    return play(
        state,
        *("draw stock", "spread 7H 8H 9H", "discard 5D"),
        *("draw stock", "spread JH QH KH", "discard 6C"),
        *("draw stock", "discard 10H"),
    )


def test_a_slap_goes_onto_another_seat_s_spread() -> None:
    """V26: the discarder passes; seat 0 slaps onto seat 1's run (spread 2),
    and seat 1, if seat 0 passes, onto seat 0's (spread 1)."""
    state = slap_window(priority=False)
    assert state.to_move == 2
    assert choose(GreedyBot(), state) == Pass()
    state = tonk.apply(state, Pass())
    assert state.to_move == 0
    assert choose(GreedyBot(), state) == Slap(2)
    state = tonk.apply(state, Pass())
    assert state.to_move == 1
    assert choose(GreedyBot(), state) == Slap(1)


def test_the_seat_due_next_does_not_slap_when_it_has_priority() -> None:
    """V26's option: the seat due next (0) would get no extra discard and
    passes; the discarder passes; seat 1 slaps."""
    state = slap_window(priority=True)
    assert state.to_move == 0
    assert choose(GreedyBot(), state) == Pass()
    state = tonk.apply(state, Pass())
    assert choose(GreedyBot(), state) == Pass()
    state = tonk.apply(state, Pass())
    assert state.to_move == 1
    assert choose(GreedyBot(), state) == Slap(1)


def test_of_two_equal_hits_the_one_on_another_seat_s_spread_is_made() -> None:
    """10H fits seat 0's 7H 8H 9H and seat 1's JH QH KH: both shed 10, and
    the hit onto seat 1's run is made."""
    state = deal(["7H 8H 9H 10H 2C", "JH QH KH 4S 6C"], upcard="4C", stock="5D 3D 6S")
    state = play(
        state,
        *("draw stock", "spread 7H 8H 9H", "discard 5D"),
        *("draw stock", "spread JH QH KH", "discard 6C", "draw stock"),
    )
    assert shown(state) == ("2C 10H 6S", "7H 8H 9H / JH QH KH", 38)
    assert chosen(state) == "hit 2 10H"


def test_a_meld_is_made_when_no_discard_is_legal() -> None:
    """V24d: having taken the discard, the seat must meld it; with no discard
    legal the best meld, the book of four sixes, is laid."""
    state = playout(Rules(discard_draw_must_meld=True), 34, 33)
    assert shown(state) == ("6C 6D 8D 6H 6S 9S", "", 25)
    assert chosen(state) == "spread 6C 6D 6H 6S"


@pytest.mark.parametrize(
    ("loose", "outs_weight", "choice"),
    [
        # At 0 an out: JK scores 12 - 6 = 6, as 6C: the higher count, JK, goes.
        ("6C", 0.0, "discard JK"),
        # At 1 an out: JK scores 12 - 3 - 6 = 3 (4 outs, 3 counted), below 5C.
        ("5C", 1.0, "discard 5C"),
    ],
)
def test_a_wild_card_s_score_is_its_count_less_its_outs_and_6(
    loose: str, outs_weight: float, choice: str
) -> None:
    """A joker counting 12, in a hand where it makes no spread."""
    state = after_draw(
        f"JK {loose} AD 4D 2H",
        "9C 9D 10S KC QH",
        "8S",
        "3S",
        wilds="jokers",
        jokers=2,
        joker_value=12,
    )
    assert chosen(state, outs_weight) == choice


def test_a_wild_card_is_no_partner_for_a_near_run() -> None:
    """With twos wild, 2H and 4H do not wait for 3H: 4H has no outs and
    scores 4, above the loose 3C (no hit is allowed this turn)."""
    state = deal(
        ["7C 8C 9C 4H 2H", "KS QS JS 10D 8D"],
        upcard="6D",
        stock="KD 5S 3C",
        wilds="jokers_and_twos",
        jokers=2,
        max_hits_per_turn=0,
    )
    state = play(
        state,
        *("draw stock", "spread 7C 8C 9C", "discard KD"),
        *("draw stock", "discard 5S", "draw stock"),
    )
    assert shown(state) == ("3C 2H 4H", "7C 8C 9C", 40)
    assert chosen(state) == "discard 4H"


def test_a_hit_shedding_nothing_is_made_when_it_is_all_that_is_legal() -> None:
    """V24d: having taken a joker (count 0) the seat must meld it; the hits
    shed nothing, and the one onto seat 1's run is made, not the first."""
    state = deal(
        ["5H 6H 7H 2C KD", "9S 10S JS JK 4D"],
        upcard="8C",
        stock="3D 6S",
        wilds="jokers",
        jokers=2,
        discard_draw_must_meld=True,
    )
    state = play(
        state,
        *("draw stock", "spread 5H 6H 7H", "discard KD"),
        *("draw stock", "spread 9S 10S JS", "discard JK", "draw discard"),
    )
    assert [tonk.format_action(a) for a in tonk.legal_actions(state)] == [
        "hit 1 JK=4H",
        "hit 1 JK=8H",
        "hit 2 JK=8S",
        "hit 2 JK=QS",
    ]
    assert chosen(state) == "hit 2 JK=8S"


def test_at_an_empty_stock_a_showdown_worth_half_a_stake_is_not_given_up() -> None:
    """B14: with 4 samples the showdown is worth exactly 0.5 (a drop -2):
    that is not below 0.5, so the low 2C is not taken; the draw ends it."""
    state = playout(Rules(), 112, 159, players=3)
    assert shown(state) == ("4S 7S", "5C 5D 5S / KC KD KS / 3D 3H 3S", 0)
    assert state.top_discard == tonk.Card.parse("2C")
    assert chosen_by(GreedyBot(samples=4), state) == "draw stock"
