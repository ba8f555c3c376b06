"""Tests of finding, laying and hitting spreads (B9, B10, V1-V5, V10, V24a).

They go through the public API only: a stacked deal, then the spreads and hits
that :func:`tonk.legal_actions` offers and :func:`tonk.is_legal` accepts
(B8-B10, V1-V5, V10, V24a), with exact expectations for plain cards and the
independent brute-force generator (``brute_force.py``) for hands with wilds.
"""

from __future__ import annotations

import pytest
from brute_force import brute_force_legal_actions

import tonk
from tonk import (
    GameState,
    Hit,
    LaySpread,
    PackKind,
    Rules,
    Wilds,
    format_action,
    parse_action,
)
from tonk.testing import stack_deck

PLAIN = Rules(deal_tonks=())
OTHER = "6D 8D 10D 10C 4S"  # seat 1's hand, unless a test needs those cards


def _drawn(rules: Rules, hand: str, drawn: str, other: str = OTHER) -> GameState:
    """Return the state after seat 0, dealt ``hand``, draws ``drawn``."""
    deck = stack_deck(rules, hands=[hand, other], stock=drawn, dealer=1)
    state = tonk.new_game(rules, players=2, deck=deck, dealer=1)
    return tonk.apply(state, tonk.DrawStock())


def _offered(state: GameState, kind: type[LaySpread | Hit]) -> set[str]:
    """Return the notation of every legal action of ``kind``."""
    return {
        format_action(action)
        for action in tonk.legal_actions(state)
        if isinstance(action, kind)
    }


def _spreads(rules: Rules, hand: str, drawn: str, other: str = OTHER) -> set[str]:
    return _offered(_drawn(rules, hand, drawn, other), LaySpread)


def _played_texts(state: GameState, *texts: str) -> GameState:
    for text in texts:
        state = tonk.apply(state, parse_action(state, text))
    return state


def _hits(
    rules: Rules, hand: str, drawn: str, lay: str, other: str = OTHER
) -> set[str]:
    state = _drawn(rules, hand, drawn, other)
    state = tonk.apply(state, parse_action(state, f"spread {lay}"))
    return _offered(state, Hit)


# --- spreads of natural cards (B8, B9) ------------------------------------------


def test_b8_four_of_a_rank_lay_four_books_of_three_and_one_of_four() -> None:
    assert _spreads(PLAIN, "7C 7D 7H 7S 2C", "9D") == {
        "spread 7C 7D 7H",
        "spread 7C 7D 7S",
        "spread 7C 7H 7S",
        "spread 7D 7H 7S",
        "spread 7C 7D 7H 7S",
    }


def test_b9_a_run_of_four_lays_as_itself_and_its_two_runs_of_three() -> None:
    assert _spreads(PLAIN, "3H 4H 5H 6H KC", "9S") == {
        "spread 3H 4H 5H",
        "spread 4H 5H 6H",
        "spread 3H 4H 5H 6H",
    }


def test_b9_runs_in_two_suits_and_a_book_are_all_found() -> None:
    hand, drawn = "AC 2C 3C 9H 10H", "JH"
    assert _spreads(PLAIN, hand, drawn) == {"spread AC 2C 3C", "spread 9H 10H JH"}
    assert _spreads(PLAIN, "5C 5D 5H 8S 9S", "10S") == {
        "spread 5C 5D 5H",
        "spread 8S 9S 10S",
    }


def test_b8_two_books_in_one_hand_are_both_found() -> None:
    assert _spreads(PLAIN, "7C 7D 7H 9C 9D", "9H") == {
        "spread 7C 7D 7H",
        "spread 9C 9D 9H",
    }


def test_b9_a_gap_or_two_suits_make_no_run() -> None:
    assert _spreads(PLAIN, "3H 4H 6H 7H KC", "9S") == set()
    assert _spreads(PLAIN, "3H 4H 5C 6C KC", "9S") == set()
    assert _spreads(PLAIN, "QH KH AH 2H 9C", "5S") == set()  # the ace is low


def test_v10_the_ace_is_high_after_the_king_never_between() -> None:
    high = Rules(deal_tonks=(), ace_high=True)
    assert _spreads(high, "QH KH AH 2H 9C", "5S") == {"spread AH QH KH"}
    assert _spreads(high, "AH 2H 3H KH 9C", "5S") == {"spread AH 2H 3H"}
    assert _spreads(high, "KH AH 2H 9C 9D", "5S") == set()  # K-A-2 never


def test_v1_the_seven_is_next_to_the_jack_in_the_forty_card_pack() -> None:
    forty = Rules(pack_kind=PackKind.FORTY, deal_tonks=())
    assert _spreads(forty, "6H 7H JH 2C 3D", "KS", "4D 5D 6C 7C QS") == {
        "spread 6H 7H JH"
    }
    assert _spreads(PLAIN, "6H 7H JH 2C 3D", "KS") == set()


def test_v2_two_packs_may_repeat_a_suit_in_a_book_never_a_rank_in_a_run() -> None:
    two = Rules(two_packs_from=2, deal_tonks=())
    assert _spreads(two, "7H 7H 7S 5H 6H", "8H") == {
        "spread 7H 7H 7S",
        "spread 5H 6H 7H",
        "spread 6H 7H 8H",
        "spread 5H 6H 7H 8H",
    }
    assert _spreads(two, "7H 7H 7S 7S 7C", "KD") == {
        "spread 7C 7H 7H",
        "spread 7C 7H 7S",
        "spread 7C 7S 7S",
        "spread 7H 7H 7S",
        "spread 7H 7S 7S",
        "spread 7C 7H 7H 7S",
        "spread 7C 7H 7S 7S",
        "spread 7H 7H 7S 7S",
    }  # never five: a book has at most four cards


def test_v3_a_joker_that_is_not_wild_is_in_no_spread() -> None:
    jokers = Rules(jokers=1, deal_tonks=())
    assert _spreads(jokers, "JK 5H 6H 9C 9D", "9S") == {"spread 9C 9D 9S"}


def test_v3_three_plain_jokers_are_no_book() -> None:
    jokers = Rules(jokers=3, deal_tonks=())
    assert _spreads(jokers, "JK JK JK 5H 9C", "KD") == set()


def test_a_spread_that_is_not_a_book_or_run_is_illegal() -> None:
    state = _drawn(PLAIN, "7C 7D 7H 7S 2C", "9D")
    for text in ("7C 7D", "7C 7D 9D", "2C 7C 9D", "7C 7D 7H 7S 2C"):
        cards = tonk.parse_cards(text)
        assert not tonk.is_legal(state, LaySpread(cards)), text
    assert tonk.is_legal(state, LaySpread(tonk.parse_cards("7C 7D 7H")))


# --- hits (B10, V24a) ----------------------------------------------------------


def test_b10_a_book_takes_the_fourth_card_unless_v24a() -> None:
    assert _hits(PLAIN, "7C 7D 7H 7S 2C", "9D", "7C 7D 7H") == {"hit 1 7S"}
    three = Rules(deal_tonks=(), four_card_books=False)
    assert _hits(three, "7C 7D 7H 7S 2C", "9D", "7C 7D 7H") == set()


def test_b10_a_run_takes_a_card_at_either_end_only() -> None:
    hand = "3H 4H 5H 6H 8H"
    assert _hits(PLAIN, hand, "2H", "4H 5H 6H") == {"hit 1 3H"}  # not 2H or 8H
    assert _hits(PLAIN, "4H 5H 6H 7H 3C", "3H", "4H 5H 6H") == {
        "hit 1 3H",
        "hit 1 7H",
    }
    assert _hits(PLAIN, "4H 5H 6H 7C 3C", "8H", "4H 5H 6H") == set()


def test_v10_a_run_to_the_king_takes_the_ace_only_when_it_is_high() -> None:
    high = Rules(deal_tonks=(), ace_high=True)
    assert _hits(high, "JH QH KH AH 2C", "9S", "JH QH KH") == {"hit 1 AH"}
    assert _hits(PLAIN, "JH QH KH AH 2C", "9S", "JH QH KH") == set()
    assert _hits(high, "2H 3H 4H AH 9C", "9S", "2H 3H 4H") == {"hit 1 AH"}


def test_v2_a_book_of_two_packs_takes_a_second_copy_once() -> None:
    two = Rules(two_packs_from=2, deal_tonks=())
    assert _hits(two, "7C 7D 7H 7H 2C", "7D", "7C 7D 7H") == {
        "hit 1 7D",
        "hit 1 7H",
    }
    # A run never takes a second copy of a card it holds.
    assert _hits(two, "4H 5H 6H 6H 4C", "4H", "4H 5H 6H") == set()


def test_v4_a_wild_hit_stands_for_each_card_the_spread_can_take() -> None:
    wild = Rules(jokers=1, wilds=Wilds.JOKERS, deal_tonks=())
    assert _hits(wild, "4H 5H 6H JK 9C", "9S", "4H 5H 6H") == {
        "hit 1 JK=3H",
        "hit 1 JK=7H",
    }
    assert _hits(wild, "7C 7D 7H JK 9C", "2S", "7C 7D 7H") == {"hit 1 JK=7S"}
    low = "AH 2H 3H JK 9C"
    assert _hits(wild, low, "9S", "AH 2H 3H") == {"hit 1 JK=4H"}


def test_v10_a_run_of_every_rank_takes_the_ace_at_either_end_once() -> None:
    rules = Rules(
        deal_tonks=(), ace_high=True, hand_size=12, jokers=1, wilds=Wilds.JOKERS
    )
    hand = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH JK"
    run = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH"
    hits = _hits(rules, hand, "KH", run, "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC")
    assert hits == {"hit 1 KH", "hit 1 JK=AH", "hit 1 JK=KH"}
    state = _drawn(rules, hand, "KH", "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC")
    state = tonk.apply(state, parse_action(state, f"spread {run} KH"))
    assert _offered(state, Hit) == {"hit 1 JK=AH"}
    after = tonk.apply(state, parse_action(state, "hit 1 JK=AH"))
    (spread,) = after.spreads
    assert len(spread.cards) == 13


# --- wilds against the brute-force generator (V4, V5) ---------------------------

WILD_HANDS = [
    # (rules, seat 0's hand, the card drawn, seat 1's hand)
    (Rules(jokers=2, wilds=Wilds.JOKERS, deal_tonks=()), "JK JK 5H 9C 9D", "6H"),
    (Rules(jokers=2, wilds=Wilds.JOKERS, deal_tonks=()), "JK AH 2H QS KS", "9C"),
    (Rules(jokers=1, wilds=Wilds.JOKERS, deal_tonks=()), "JK AD 2D 3D 9S", "4D"),
    (
        Rules(jokers=2, wilds=Wilds.JOKERS, ace_high=True, deal_tonks=()),
        "JK AH 2H QH KS",
        "KH",
    ),
    (Rules(wilds=Wilds.JOKERS_AND_TWOS, deal_tonks=()), "2C 2D 2H 5S 9C", "7S"),
    (Rules(wilds=Wilds.JOKERS_AND_TWOS, deal_tonks=()), "2C 3C 4D 4H 9S", "AC"),
    (  # twos standing for themselves, none of them the 2C
        Rules(wilds=Wilds.JOKERS_AND_TWOS, jokers=1, deal_tonks=()),
        "2D 2H JK 9C 5S",
        "KD",
    ),
    (
        Rules(wilds=Wilds.JOKERS_AND_TWOS, jokers=2, deal_tonks=()),
        "2S JK 7D 7H 8H",
        "9H",
    ),
    (
        Rules(wilds=Wilds.JOKERS_AND_TWOS, jokers=2, ace_high=True, deal_tonks=()),
        "2H JK KH QD AD",
        "3H",
    ),
    (
        Rules(wilds=Wilds.JOKERS_AND_TWOS, jokers=2, two_packs_from=2, deal_tonks=()),
        "2C 2C JK 7D 7D",
        "7S",
    ),
    (
        Rules(jokers=2, wilds=Wilds.JOKERS, two_packs_from=2, deal_tonks=()),
        "JK 5H 5H 6H 7S",
        "7S",
    ),
    (
        Rules(pack_kind=PackKind.FORTY, jokers=2, wilds=Wilds.JOKERS, deal_tonks=()),
        "JK 6C 7C 2D 3S",
        "JC",
    ),
]


@pytest.mark.parametrize(
    ("rules", "hand", "drawn"), WILD_HANDS, ids=[f"{h}+{d}" for _, h, d in WILD_HANDS]
)
def test_v4_v5_spreads_with_wilds_match_the_brute_force(
    rules: Rules, hand: str, drawn: str
) -> None:
    other = OTHER if rules.pack_kind is PackKind.FULL else "4D 5D 6D QC KC"
    state = _drawn(rules, hand, drawn, other)
    actions = tonk.legal_actions(state)
    expected = brute_force_legal_actions(state)
    assert set(actions) == expected
    assert sorted(map(format_action, actions)) == sorted(map(format_action, expected))
    assert any(isinstance(action, LaySpread) for action in actions)
    # Lay the first and the last spread: the hits each allows must match too.
    spreads = [a for a in actions if isinstance(a, LaySpread)]
    for spread in {spreads[0], spreads[-1]}:
        after = tonk.apply(state, spread)
        if after.is_terminal:
            continue
        hits = tonk.legal_actions(after)
        assert set(hits) == brute_force_legal_actions(after), format_action(spread)
        assert sorted(map(format_action, hits)) == sorted(
            map(format_action, brute_force_legal_actions(after))
        )


ONE_JOKER = Rules(jokers=1, wilds=Wilds.JOKERS, deal_tonks=())


def test_v4_one_wild_lays_a_run_of_two_naturals_two_places_apart() -> None:
    assert _spreads(ONE_JOKER, "5H 7H JK 9C QD", "2S") == {"spread 5H JK=6H 7H"}


def test_v2_v4_one_wild_lays_a_run_between_cards_held_twice() -> None:
    # Two copies of the 5H and of the 7H fill each place twice: a place still
    # counts as held, and the one wild fills the 6H between them.
    two = Rules(two_packs_from=2, jokers=1, wilds=Wilds.JOKERS, deal_tonks=())
    assert _spreads(two, "5H 5H 7H 7H JK", "QD") == {
        "spread 5H JK=6H 7H",
        "spread 5H 5H JK=5S",
        "spread JK=5C 5H 5H",
        "spread JK=5D 5H 5H",
        "spread 7H 7H JK=7S",
        "spread JK=7C 7H 7H",
        "spread JK=7D 7H 7H",
    }


def test_v4_one_wild_lays_no_run_of_two_naturals_three_places_apart() -> None:
    assert _spreads(ONE_JOKER, "5H 8H JK 9C QD", "2S") == set()


def test_v4_one_wild_lays_runs_either_side_of_two_naturals_in_a_row() -> None:
    assert _spreads(ONE_JOKER, "5H 6H JK 9C QD", "2S") == {
        "spread JK=4H 5H 6H",
        "spread 5H 6H JK=7H",
    }


def test_v4_one_wild_makes_no_run_across_two_suits() -> None:
    # The king of clubs and the ace of diamonds are neighbours in code order.
    assert _spreads(ONE_JOKER, "QC KC JK 2D 9S", "5H") == {"spread JK=JC QC KC"}
    assert _spreads(ONE_JOKER, "KC AD JK 9S 5H", "2H") == set()


def test_v4_v10_one_wild_lays_q_k_a_when_the_ace_is_high() -> None:
    high = Rules(jokers=1, wilds=Wilds.JOKERS, deal_tonks=(), ace_high=True)
    assert _spreads(high, "QH AH JK 9C 5D", "2S") == {"spread AH QH JK=KH"}
    assert _spreads(ONE_JOKER, "QH AH JK 9C 5D", "2S") == set()


def test_v4_a_wild_may_stand_for_the_ace_of_clubs() -> None:
    wild = Rules(jokers=1, wilds=Wilds.JOKERS, deal_tonks=())
    assert _hits(wild, "2C 3C 4C JK 9H", "9S", "2C 3C 4C", "6D 8D 10D 10H 4S") == {
        "hit 1 JK=AC",
        "hit 1 JK=5C",
    }


def test_v5_a_wild_hit_onto_a_book_is_laid_out_by_the_card_it_stands_for() -> None:
    twos = Rules(wilds=Wilds.JOKERS_AND_TWOS, deal_tonks=())
    state = _drawn(twos, "7C 7D 7H 2C 9H", "9S")
    state = _played_texts(state, "spread 7C 7D 7H", "hit 1 2C=7S")
    (spread,) = state.spreads
    assert spread.stands_for == tonk.parse_cards("7C 7D 7H 7S")
    assert spread.cards == tonk.parse_cards("7C 7D 7H 2C")


def test_v5_jokers_alone_never_make_a_spread_beside_a_two() -> None:
    # The 2C stands for itself in a book of twos, but a book of three jokers
    # standing for twos holds no natural card.
    rules = Rules(wilds=Wilds.JOKERS_AND_TWOS, jokers=3, deal_tonks=())
    state = _drawn(rules, "2C JK JK JK 9S", "KD")
    actions = tonk.legal_actions(state)
    assert set(actions) == brute_force_legal_actions(state)
    assert "spread 2C JK=2D JK=2H" in map(format_action, actions)
    assert "spread JK=2C JK=2D JK=2H" not in map(format_action, actions)


def test_v10_a_run_of_a_whole_suit_holds_the_ace_once() -> None:
    rules = Rules(
        deal_tonks=(), ace_high=True, hand_size=13, jokers=1, wilds=Wilds.JOKERS
    )
    clubs = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"
    state = _drawn(rules, clubs, "JK", "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD")
    spreads = [a for a in tonk.legal_actions(state) if isinstance(a, LaySpread)]
    assert max(len(spread.cards) for spread in spreads) == 13
    assert "spread JK=AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC" in {
        format_action(spread) for spread in spreads
    }


def test_v10_legal_actions_of_a_whole_suit_and_a_wild_are_distinct() -> None:
    rules = Rules(
        deal_tonks=(), ace_high=True, hand_size=13, jokers=1, wilds=Wilds.JOKERS
    )
    clubs = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"
    state = _drawn(rules, clubs, "JK", "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD")
    actions = tonk.legal_actions(state)
    assert len(actions) == len(set(actions))


def test_v2_v5_a_spread_laid_by_hand_is_checked_card_by_card() -> None:
    # is_legal reads the spread itself, not the list of spreads offered.
    rules = Rules(wilds=Wilds.JOKERS_AND_TWOS, jokers=1, deal_tonks=())
    state = _drawn(rules, "2C 2D JK 9S 9H", "KD")
    verdicts = {
        "spread 9S 9H JK=9C": True,
        "spread 9S 9H JK=9S": False,  # one pack holds one 9S (V2)
        "spread 2C=7C 2D=7D JK=7H": False,  # no natural card (V5)
        "spread 9S=9D 9H JK=9C": False,  # a natural card stands for itself
    }
    for text, legal in verdicts.items():
        assert tonk.is_legal(state, parse_action(state, text)) is legal, text


def test_v10_a_whole_suit_without_wilds_lays_runs_with_the_ace_at_either_end() -> None:
    rules = Rules(deal_tonks=(), ace_high=True, hand_size=13)
    clubs = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"
    texts = _spreads(rules, clubs, "5H", "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD")
    assert {"spread AC 2C 3C", f"spread {clubs}"} <= texts
    assert "spread AC 2C KC" not in texts  # K-A-2 never


def test_v10_a_whole_suit_without_wilds_lays_q_k_a() -> None:
    rules = Rules(deal_tonks=(), ace_high=True, hand_size=13)
    clubs = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"
    texts = _spreads(rules, clubs, "5H", "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD")
    assert "spread AC QC KC" in texts


def test_v10_a_whole_suit_without_wilds_lays_every_run_of_it_once() -> None:
    # Every run of 3 to 13 cards along A 2 .. K A, each once: A-K and 2-A are
    # the same 13 cards, and no run holds the ace twice.
    rules = Rules(deal_tonks=(), ace_high=True, hand_size=13)
    clubs = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"
    texts = _spreads(rules, clubs, "5H", "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD")
    line = [*clubs.split(), "AC"]
    expected = {
        frozenset(line[low:high])
        for low in range(len(line))
        for high in range(low + 3, min(low + 13, len(line)) + 1)
    }
    assert {frozenset(text.split()[1:]) for text in texts} == expected
    assert len(texts) == len(expected) == 76


# --- the wild search: runs and books found per suit and rank (V4, V5) ---------


def _ranks_laid(texts: set[str]) -> set[str]:
    """Return the ranks that the cards of the spreads ``texts`` stand for."""
    return {card.split("=")[-1][:-1] for text in texts for card in text.split()[1:]}


def test_v2_v4_eight_aces_of_two_packs_lay_books_with_one_wild_or_two() -> None:
    # A rank held eight times (two packs) still counts as held: the quick test
    # of the ranks that may lay a book reads each rank's count of cards.
    aces = "AC AC AD AD AH AH AS AS"
    one = Rules(two_packs_from=2, jokers=1, wilds=Wilds.JOKERS, hand_size=8)
    texts = _spreads(one, aces, "JK", "2D 3D 4D 5D 6D 7D 8D 9D")
    assert {"spread AC AC AD", "spread AC AD AH AS", "spread AC AC JK=AD"} <= texts
    assert _ranks_laid(texts) == {"A"}
    two = Rules(two_packs_from=2, jokers=2, wilds=Wilds.JOKERS, hand_size=9)
    texts = _spreads(two, f"{aces} JK", "JK", "2D 3D 4D 5D 6D 7D 8D 9D 10D")
    assert {"spread AC AC AD", "spread AC JK=AD JK=AH"} <= texts
    assert _ranks_laid(texts) == {"A", "2", "3"}  # and AC JK=2C JK=3C


CLUBS_TO_KING = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"


def test_v4_a_wild_and_twelve_clubs_lay_the_runs_of_twelve_and_thirteen() -> None:
    # With the ace low, the run of every rank starts at the ace: a wild fills
    # it, and the 2 to the king are a run of twelve natural cards.
    rules = Rules(hand_size=12, jokers=1, wilds=Wilds.JOKERS, deal_tonks=())
    other = "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD"
    texts = _spreads(rules, CLUBS_TO_KING, "JK", other)
    assert f"spread JK=AC {CLUBS_TO_KING}" in texts
    assert f"spread {CLUBS_TO_KING}" in texts
    assert f"spread {CLUBS_TO_KING.removesuffix(' KC')} JK=KC" in texts


def test_v4_two_wilds_after_the_ace_stand_for_the_two_and_the_three() -> None:
    # The 2C is code 1: no card after the AC stands for itself, not even it.
    two_jokers = Rules(jokers=2, wilds=Wilds.JOKERS, deal_tonks=())
    texts = _spreads(two_jokers, "AC JK JK 9H 5D", "KS")
    assert "spread AC JK=2C JK=3C" in texts
    assert "spread AC JK=AD JK=AH" in texts
    assert not any(" 2C" in text or " 3C" in text for text in texts)


def test_v4_a_wild_stands_for_the_3c_after_the_ks_was_laid_and_checked() -> None:
    # Each designation made is kept in a table by the codes of the card and
    # the card it stands for: checking a spread of the KS (tonk.validate)
    # fills the KS's own entry, at 51 * 53 + 51 = 52 * 53 - 2, the joker's
    # (52) code times 53 less the 3C's (2). The joker value only gives these
    # card options tables of their own, so the search is not cached.
    rules = Rules(jokers=1, wilds=Wilds.JOKERS, joker_value=17, deal_tonks=())
    state = _drawn(rules, "JS QS KS 9H 5D", "8C")
    state = _played_texts(state, "spread JS QS KS")
    tonk.validate(state)
    texts = _spreads(rules, "2C 4C JK 9H 7D", "QH")
    assert texts == {"spread 2C JK=3C 4C"}


def test_v2_v5_three_wild_twos_lay_a_book_of_twos_each_standing_for_itself() -> None:
    # The 2C, 2C and 2D lay the 2C, 2D and 2H: the 2C and the 2D each stand
    # for themselves and the other 2C for the 2H.
    rules = Rules(wilds=Wilds.JOKERS_AND_TWOS, two_packs_from=2, deal_tonks=())
    texts = _spreads(rules, "2C 2C 2D 9H 5S", "KD")
    assert "spread 2C 2D 2C=2H" in texts
    assert "spread 2C 2C=2D 2D=2H" not in texts
