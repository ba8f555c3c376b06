"""The speed devices' mutants: the tests that kill the survivors of mutmut.

Mutation testing (docs/maintainers.md, "Mutation testing") of the functions
the speed work changed left these behaviours untested:

- ``tonk._deal.samples_drawing`` (the bots' samples, as
  ``random.Random.sample`` draws them): the bounds at which Python's sample
  switches from a list of the items left to a set of the places picked (21
  items, more for a sample of more than 5), each drawn on both sides.
- ``tonk.bots._knowledge.sampled_counts``: an observation whose hand sizes
  and taken cards disagree is refused, and a pool shorter than the unseen
  cards is drawn whole.
- ``CardFacts`` (``tonk.bots._belief``), read through
  :class:`tonk.bots.GreedyModel`: a book of three in every rank (each rank's
  nibble of ``has_spread``'s sum, ``_FIVES`` and ``_EIGHTS`` included) and
  none in pairs, with one pack or two; a card partnered only by a card held
  (not by the code 0, AC, unheld); a joker that is not wild (V3) completes
  nothing and does not stop ``completes`` reading the hand; and, without
  wild cards, no call of the engine's spread search.
- ``tonk.envs._common.mask_array``: a mask is 1 exactly at the legal indices.

Every other mutant of these functions is killed by the test files selected
with this one, or is equivalent (docs/maintainers.md lists them).
"""

from __future__ import annotations

import math
import random
from typing import NoReturn

import attrs
import pytest

import tonk
from tonk import _deal
from tonk.bots import GreedyModel, OpponentTurn
from tonk.bots._knowledge import sampled_counts
from tonk.cards import Card

MISTAKE = 0.05
TWO_PACKS = tonk.Rules(two_packs_from=2)  # V2: two packs at every table
PLAIN_JOKERS = tonk.Rules(jokers=2)  # V3: two jokers, not wild
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


# -- samples_drawing ---------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "count"),
    [
        (0, 0),
        (5, 5),
        (21, 3),  # a list (21 items at most for a sample of 5 or fewer)
        (22, 3),  # a set
        (22, 5),  # a set: 5 is not more than 5
        (37, 5),
        (85, 6),  # a list: 21 + 4 ** ceil(log4(18)) = 85
        (86, 6),  # a set
        (100, 8),  # a set: 21 + 4 ** ceil(log4(24)) = 85
        (100, 17),  # a set: 21 + 4 ** ceil(log4(51)) = 85
    ],
)
def test_samples_switch_from_a_list_to_a_set_where_random_sample_does(
    size: int, count: int
) -> None:
    """Each side of each bound of ``random.Random.sample``'s two ways.

    Python's sample keeps a list of the items left while the population is
    no larger than ``21`` (plus ``4 ** ceil(log(3 * count, 4))`` for a
    sample of more than 5), and a set of the places picked beyond; each way
    draws other items from the same generator. ``samples_drawing`` is
    private (the bots' samples of unseen cards): through a bot, a pool of
    these sizes would show only in a rare choice.
    """
    population = list(range(size))
    for seed in range(5):
        inline, stdlib = random.Random(seed), random.Random(seed)
        assert _deal.samples_drawing(population, count, inline, 3) == [
            stdlib.sample(population, count) for _ in range(3)
        ]
        assert inline.getstate() == stdlib.getstate()


# -- sampled_counts ----------------------------------------------------------


def _first_observation() -> tonk.Observation:
    return tonk.observe(tonk.new_game(tonk.presets.PAGAT, players=2, seed=7), 0)


def test_sampled_counts_refuse_taken_cards_of_more_seats_than_hands() -> None:
    """An observation with taken cards for a seat not at the table is refused.

    ``sampled_counts`` pairs each hand size with the seat's taken cards, and
    the pairing is strict: a malformed observation is an error, not a count
    of the seats it happens to share. No public way builds such an
    observation, so the private helper is called directly.
    """
    seen = _first_observation()
    malformed = attrs.evolve(seen, taken=(*seen.taken, ()))
    with pytest.raises(ValueError, match="zip"):
        sampled_counts(malformed, list(range(40)), random.Random(1), 1)


def test_sampled_counts_draw_the_whole_of_a_short_pool() -> None:
    """A pool shorter than the cards to guess is drawn whole, not refused.

    Seat 1 holds 5 unknown cards; given no unseen cards at all, each sample
    gives it none (a count of 0) and the seat its own count. The case never
    arises from an observation and its own pool (the private helper is
    called directly), but the helper is written to bear it.
    """
    seen = _first_observation()
    mine = sum(tonk.presets.PAGAT.card_value(card) for card in seen.hand)
    assert sampled_counts(seen, [], random.Random(1), 2) == [[mine, 0], [mine, 0]]


# -- CardFacts, through GreedyModel --------------------------------------------


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(tonk.parse_cards(text))


def _likelihood(
    rules: tonk.Rules,
    hand: str,
    drawn: str,
    *,
    offered: str | None = None,
    took: bool = False,
    laid: str = "",
    discarded: str | None = None,
    temperature: float = 1.5,
) -> float:
    turn = OpponentTurn(
        seat=1,
        turn=1,
        could_drop=False,
        offered=None if offered is None else Card.parse(offered),
        took=took,
        laid=_cards(laid) if laid else (),
        discarded=None if discarded is None else Card.parse(discarded),
    )
    model = GreedyModel(mistake=MISTAKE, temperature=temperature)
    return model.likelihood(rules, 2, turn, _cards(hand), Card.parse(drawn))


def _keeps_a_spread(rules: tonk.Rules, hand: str, drawn: str) -> bool:
    """Return whether GreedyModel finds a book or a run left in the hand.

    With nothing else to weigh (no drop, no offer, no discard), a turn is
    likely 1, or ``mistake`` when the hand after it still holds a spread.
    """
    chance = _likelihood(rules, hand, drawn)
    assert chance in (1.0, MISTAKE)
    return chance == MISTAKE


@pytest.mark.parametrize("rules", [tonk.presets.PAGAT, TWO_PACKS])
def test_a_book_of_three_is_a_spread_in_every_rank_and_a_pair_is_not(
    rules: tonk.Rules,
) -> None:
    """Three cards of any rank, ace to king, are a book; two of every rank are not.

    ``has_spread`` counts each rank in a nibble of its own; a count of three
    sets the nibble's top bit once 5 is added. The pairs are held in suits
    that make no run (clubs and diamonds for odd ranks, hearts and spades
    for even ones).
    """
    for index, rank in enumerate(RANKS):
        other = RANKS[(index + 6) % 13]
        assert _keeps_a_spread(rules, f"{rank}C {rank}D {rank}H", f"{other}S")
        assert not _keeps_a_spread(rules, f"{rank}C {rank}D", f"{other}S")
    pairs = [
        f"{rank}C {rank}D" if index % 2 == 0 else f"{rank}H {rank}S"
        for index, rank in enumerate(RANKS)
    ]
    assert " ".join(pairs).endswith(" KC KD")
    assert not _keeps_a_spread(rules, " ".join(pairs)[: -len(" KD")], "KD")
    assert _keeps_a_spread(rules, " ".join(pairs), "KH")


def test_two_packs_make_a_book_of_one_card_twice_and_of_eight_copies() -> None:
    """Two packs (V2): the same card twice with one more of its rank is a book.

    Every copy of a rank, eight, still counts inside its nibble (8 + 5 is
    less than 16), for the king, the sum's top nibble, too.
    """
    assert _keeps_a_spread(TWO_PACKS, "7C 7C 7D", "2S")
    assert not _keeps_a_spread(TWO_PACKS, "7C 7C", "2S")
    for rank in ("7", "K", "A"):
        eight = " ".join(f"{rank}{suit}" for suit in "CDHS" for _ in range(2))
        assert _keeps_a_spread(TWO_PACKS, eight, "9S")


def test_a_card_is_partnered_only_by_a_card_of_the_hand() -> None:
    """AD, held without AC, has no partner: its discard is scored on its value.

    The discard is a softmax of each card's value, less 3 for a card with a
    partner. AD's partners include AC (code 0), which is not held: AD and KS
    score 1 and 10.
    """
    chance = _likelihood(
        tonk.presets.PAGAT, "AD", "KS", discarded="AD", temperature=1.0
    )
    assert chance == pytest.approx(math.exp(-9) / (1 + math.exp(-9)), rel=1e-9)


def test_a_joker_that_is_not_wild_completes_nothing() -> None:
    """V3: a plain joker offered to a hand of low cards is not wanted.

    It makes no book or run (it has no place in a run), and it is not a low
    card worth taking (the hand's highest card, 3, is less than 5 above its
    value, 0): leaving it is what GreedyBot would do.
    """
    assert _likelihood(PLAIN_JOKERS, "AC 2D 3H", "5S", offered="JK") == 1.0
    assert _likelihood(PLAIN_JOKERS, "AC 2D 3H", "5S", offered="JK", took=True) == (
        MISTAKE
    )


def test_a_plain_joker_in_the_hand_does_not_hide_the_rest_of_it() -> None:
    """V3: with JK first in the hand, 7H 7D still make a book with 7S.

    Taking the 7S, and laying the book, is what GreedyBot would do: the
    joker, which has no place in a spread, is passed over, not the end of
    the hand (the model takes a hand's cards in any order).
    """
    hand = "JK 7H 7D"
    assert (
        _likelihood(PLAIN_JOKERS, hand, "7S", offered="7S", took=True, laid="7H 7D 7S")
        == 1.0
    )


def test_without_wild_cards_spreads_are_read_without_the_engine_s_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without wild cards the model reads books and runs from the cards' bits.

    The engine's spread search (``find_spreads``) answers only under rules
    with wild cards (V4, V5, H2); a speed device of the model, checked by
    taking the search away.
    """

    def refused(*args: object) -> NoReturn:
        raise AssertionError("the spread search ran without wild cards")

    monkeypatch.setattr("tonk.bots._belief.find_spreads", refused)
    rules = tonk.Rules(ace_high=True)  # V10: Q-K-A is a run, K-A-2 is not
    assert _keeps_a_spread(rules, "QS KS AS", "2D")
    assert not _keeps_a_spread(rules, "KS AS 2S", "9D")
    laid = "QS KS AS"
    assert _likelihood(rules, "QS KS", "AS", offered="AS", took=True, laid=laid) == 1.0


# -- mask_array ----------------------------------------------------------------


def test_a_mask_is_one_exactly_at_the_legal_indices() -> None:
    """The Gymnasium environment's ``info["action_mask"]`` holds 0 and 1 only."""
    pytest.importorskip("gymnasium")
    from tonk.envs.gymnasium import TonkEnv

    env = TonkEnv(rules="pagat", players=2)
    _, info = env.reset(seed=1)
    mask = info["action_mask"]
    legal = set(info["legal_indices"])
    assert str(mask.dtype) == "int8"
    assert mask.tolist() == [int(index in legal) for index in range(len(mask))]
