"""Opponent inference (tonk.bots._belief), pinned on small hand-made cases.

Mutation testing of ``Memory``, ``infer``, ``Belief`` and ``GreedyModel``
found these untested: the exact messages of the refusals and their bounds,
the turns a memory works out in a scripted hand (who took, laid and
discarded what, what each seat was offered, whether it could drop), when a
memory starts a new hand, the turns around a window on a discard under
eating (X5) and around a turn of its own the memory missed, the card facts
the model reads (run places, partners, spreads, cards that complete one),
the model's exact likelihoods, the drop thresholds it compares a count with,
the weights of a belief (a product over turns, each turn's hand worked out
back from the deal), the uniform fallback, the ``lower`` prior, and how a
belief draws a deal. The private helpers the model shares with the inference
bot are called directly: through ``infer`` only their effect on a weight
shows. Where the rules change the discard pile unseen (a tunk, H5; a hit
that ends a turn, V24c; a slap-in, V26; a spread hit by two seats; the
turned-up card laid at once), a seat's memory of a hand of greedy bots is
pinned turn by turn, each fact it names checked against what was played.
docs/maintainers.md lists the mutants left.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence

import attrs
import pytest
from test_bots_inference import (
    FORTY_TUNK,
    HIT_ENDS_TURN,
    _history,
    _true_turns,
    check_named,
)

import tonk
from tonk.actions import Action
from tonk.bots import Belief, GreedyModel, Memory, OpponentTurn, infer
from tonk.bots._belief import drop_threshold, tables_of
from tonk.cards import Card
from tonk.errors import RulesError
from tonk.observation import Observation, determinize
from tonk.rules import Rules
from tonk.state import GameState, Phase

PAGAT = tonk.presets.PAGAT

# A scripted hand of three seats (PAGAT, seed 0, dealer 0; seat 1 plays
# first). Seat 1 takes the upcard 2D; seat 2 takes seat 1's JS; seat 2 lays
# a run and later hits it with JH; seat 1 takes seat 0's 8D; seat 2 takes
# seat 1's 6C.
_SCRIPT = [
    "draw discard",
    "discard JS",
    "draw discard",
    "discard KC",
    "draw stock",
    "discard KS",
    "draw stock",
    "discard 5C",
    "draw stock",
    "spread 8H 9H 10H",
    "discard KH",
    "draw stock",
    "discard 8D",
    "draw discard",
    "discard 6C",
    "draw discard",
    "hit 1 JH",
    "discard JS",
]


def _scripted(upto: int = len(_SCRIPT)) -> list[GameState]:
    """Return every state of the scripted hand, the first ``upto`` moves."""
    state = tonk.new_game(PAGAT, players=3, seed=0)
    states = [state]
    for move in _SCRIPT[:upto]:
        state = tonk.apply(state, tonk.parse_action(state, move))
        states.append(state)
    return states


def _own(states: Sequence[GameState], seat: int) -> list[Observation]:
    """Return ``seat``'s observations at each of its decisions."""
    return [tonk.observe(state, seat) for state in states if state.to_move == seat]


def _brief(turn: OpponentTurn) -> str:
    """Write a turn in one short line: seat@turn, drop, offer(+took), laid, discard."""

    def card(value: Card | None) -> str:
        return "-" if value is None else str(value)

    laid = " ".join(map(str, turn.laid))
    took = "+" if turn.took else ""
    drop = "d" if turn.could_drop else "w"
    return (
        f"{turn.seat}@{turn.turn} {drop} {card(turn.offered)}{took} [{laid}] "
        f"{card(turn.discarded)}"
    )


def _remember(observations: Sequence[Observation]) -> tuple[Memory, list[str]]:
    memory = Memory()
    turns: tuple[OpponentTurn, ...] = ()
    for obs in observations:
        turns = memory.update(obs)
    return memory, [_brief(turn) for turn in turns]


def test_a_scripted_hand_is_remembered_turn_by_turn() -> None:
    """After each of seat 0's decisions, the turns it has seen, exactly: the
    upcard the first seat took (known from its taken cards), a discard taken
    by the next seat (known from that seat's taken cards), a run laid and a
    card hit onto it by its owner, and seat 0's own discards under them."""
    observations = _own(_scripted(), 0)
    assert [obs.phase.value for obs in observations] == [
        "turn_start",
        "after_draw",
        "turn_start",
        "after_draw",
        "turn_start",
    ]
    memory = Memory()
    seen = [[_brief(turn) for turn in memory.update(obs)] for obs in observations]
    first = ["1@0 d 2D+ [] JS", "2@1 d JS+ [] KC"]
    second = [*first, "1@3 d KS [] 5C", "2@4 d 5C [8H 9H 10H] KH"]
    third = [*second, "1@6 d 8D+ [] 6C", "2@7 d 6C+ [JH] JS"]
    assert seen == [first, first, second, second, third]
    assert memory.last(0) == observations[-1]
    assert memory.last(1) is None


def _greedy_hand(rules: Rules, players: int, seed: int) -> list[Observation]:
    """Return seat 0's observations at its decisions in a hand of greedy bots."""
    seen: list[Observation] = []

    def record(state: GameState, seat: int, action: object) -> None:
        if seat == 0:
            seen.append(tonk.observe(state, 0))

    tonk.bots.play_hand(
        rules,
        [tonk.bots.GreedyBot() for _ in range(players)],
        seed=seed,
        on_action=record,
    )
    return seen


@pytest.mark.parametrize(
    ("rules", "players", "seed", "expected"),
    [
        pytest.param(
            PAGAT,
            3,
            5,
            [
                "1@0 d 6H [] QC",
                "2@1 d QC [] JH",
                "1@3 d 10C [] JS",
                "2@4 d JS [] 10S",
                "1@6 d KD+ [KD KH KS] -",
                "2@7 d - [6D 7D 8D 9D] -",
            ],
            id="book-of-the-taken-card",
        ),
        pytest.param(
            PAGAT,
            4,
            13,
            [
                "1@0 d QD [] -",
                "2@1 d - [] -",
                "3@2 d - [8C 8D 8H] -",
                "1@4 d 10S+ [10D 10H 10S] 6H",
                "2@5 d 6H [] JH",
                "3@6 d JH [] KC",
                "1@8 d KD [] 5D",
                "2@9 d 5D [] QH",
                "3@10 d QH [] KS",
                "1@12 d 9D [] 3H",
                "2@13 d 3H [] KH",
                "3@14 d KH [] 4H",
            ],
            id="discards-unknown-then-known",
        ),
        pytest.param(
            PAGAT,
            4,
            26,
            [
                "1@0 d AC+ [] 10D",
                "2@1 d 10D [] KD",
                "3@2 d KD [] 8C",
                "1@4 d 9D [] QC",
                "2@5 d QC [] 10S",
                "3@6 d 10S [8S] QD",
                "1@8 d 10H [] JH",
                "2@9 d JH [5D 6D 7D] 7S",
                "3@10 d 7S [] 7C",
                "1@12 d JD [4D] 10C",
                "2@13 d 10C [] 5S",
                "3@14 d 5S [] 6H",
            ],
            id="hits-and-a-run",
        ),
        pytest.param(
            tonk.Rules(upcard=False),
            2,
            2,
            [
                "1@0 d - [] KS",
                "1@2 d QD [] JH",
                "1@4 d 7C [] 10D",
                "1@6 d 9D [] 10C",
                "1@8 d 9H [] 9C",
                "1@10 d 8C [] JS",
            ],
            id="no-upcard",
        ),
        pytest.param(
            tonk.Rules(spread_wait=1, hit_wait=1),
            4,
            1,
            [
                "1@0 d KC [] 10H",
                "2@1 d 10H [] 10C",
                "3@2 d 10C [] JD",
                "1@4 d QC [] 9S",
                "2@5 d 9S [] KH",
                "3@6 d KH [] JC",
                "1@8 d 10D [] -",
                "2@9 d - [] -",
                "3@10 d - [7D 8D 9D] -",
                "1@12 d KD [] QS",
                "2@13 d QS [6C 6D 6S] 9H",
                "3@14 w 9H [] 4H",
            ],
            id="a-seat-that-must-wait",
        ),
    ],
)
def test_greedy_hands_are_remembered_exactly(
    rules: Rules, players: int, seed: int, expected: list[str]
) -> None:
    """Seat 0's memory of a hand of greedy bots, turn by turn, exactly."""
    assert _remember(_greedy_hand(rules, players, seed))[1] == expected


def test_a_memory_of_a_two_seat_hand_has_the_other_seat_s_turns() -> None:
    """Two seats: every second turn is the other seat's; its laid cards and
    discards (one hit of KC onto a spread), exactly. In the first turn seat
    1 took the turned-up card and laid it at once (the pile holds one card
    fewer than one a turn): it took, but the card is not named, nor the
    discard. Each fact named is what was played."""
    steps = _played(PAGAT, 2, 5)
    assert [_brief(turn) for turn in _remembered_by(steps, 0)] == [
        "1@0 d -+ [10S JS QS] -",
        "1@2 d JH [] QC",
        "1@4 d 7H [] 5S",
        "1@6 d 6D [] 5D",
        "1@8 d 9D [] 3H",
        "1@10 d 8D [] 7D",
        "1@12 d 6H [] 3C",
        "1@14 d 5C [KC] 2D",
        "1@16 d 9H [] 6C",
        "1@18 d 9C [] 2S",
    ]


def test_a_memory_without_an_observation_of_the_seat_knows_nothing() -> None:
    obs = tonk.observe(tonk.new_game(PAGAT, players=2, seed=7), 1)
    memory = Memory()
    assert memory.turns(obs) == ()
    assert memory.last(1) is None
    memory.update(tonk.observe(tonk.new_game(PAGAT, players=2, seed=7), 0))
    assert memory.turns(obs) == ()


def test_memory_refuses_what_is_not_an_observation() -> None:
    with pytest.raises(TypeError, match=r"^obs must be a tonk\.Observation, got"):
        Memory().update("obs")  # type: ignore[arg-type]


def test_an_observation_shown_again_changes_no_memory() -> None:
    """Bug fixed: a turn's start shown twice (a bot asked twice) was taken for
    the start of a new hand, and the memory forgot the hand."""
    observations = _own(_scripted(), 0)
    memory, _ = _remember(observations)
    turns = memory.turns(observations[-1])
    assert len(turns) == 6
    assert memory.update(observations[-1]) == turns
    assert memory.update(observations[-1]) == turns


def test_the_inference_bot_asked_twice_believes_the_same() -> None:
    """Bug fixed: InferenceBot.choose given the same turn start twice forgot
    what it had seen, and its belief fell back to uniform weights."""
    observations = _own(_scripted(), 0)
    bot = tonk.bots.InferenceBot(samples=8)
    for obs in observations:
        bot.choose(obs, obs.legal_actions, random.Random(0))
    last = observations[-1]
    before = bot.belief(last, random.Random(3)).weights
    bot.choose(last, last.legal_actions, random.Random(0))
    assert bot.belief(last, random.Random(3)).weights == before
    assert len(set(before)) > 1


def _seat0_turn_starts(
    rules: Rules, players: int, seed: int, dealer: int = 0
) -> list[Observation]:
    """Return seat 0's turn starts in a hand of greedy bots."""
    seen: list[Observation] = []

    def record(state: GameState, seat: int, action: object) -> None:
        if seat == 0 and state.phase.value == "turn_start":
            seen.append(tonk.observe(state, 0))

    tonk.bots.play_hand(
        rules,
        [tonk.bots.GreedyBot() for _ in range(players)],
        seed=seed,
        dealer=dealer,
        on_action=record,
    )
    return seen


@pytest.mark.parametrize(
    ("rules", "players", "dealer", "turns"),
    [
        pytest.param(attrs.evolve(PAGAT, max_turns=150), 3, 0, 11, id="rules"),
        pytest.param(PAGAT, 3, 1, 10, id="dealer"),
        pytest.param(PAGAT, 4, 0, 11, id="players"),
        pytest.param(PAGAT, 3, 0, 5, id="fewer-turns"),
        pytest.param(PAGAT, 3, 0, 8, id="as-many-turns"),
    ],
)
def test_a_memory_starts_again_on_another_hand(
    rules: Rules, players: int, dealer: int, turns: int
) -> None:
    """After the scripted hand (six turns seen, 8 taken), seat 0's turn start
    in another hand of greedy bots (seed 13: other rules, another dealer or
    number of players, fewer turns taken, or as many) is remembered as by a
    new memory: a memory that sees a hand from its middle knows no turn."""
    memory, seen = _remember(_own(_scripted(), 0))
    assert len(seen) == 6
    (other,) = [
        obs
        for obs in _seat0_turn_starts(rules, players, 13, dealer)
        if obs.turns_taken == turns
    ]
    assert Memory().update(other) == ()
    assert memory.update(other) == ()


# -- the card facts --------------------------------------------------------


def _codes(text: str) -> list[int]:
    return [card.code for card in tonk.parse_cards(text)] if text else []


def test_card_facts_number_run_places_by_suit() -> None:
    """A card's run places are 16 * suit + its positions; a wild card has none."""
    facts = tables_of(PAGAT)
    places = {
        text: facts.places[Card.parse(text).code]
        for text in ("AC", "KC", "AD", "2D", "KS")
    }
    assert places == {"AC": (1,), "KC": (13,), "AD": (17,), "2D": (18,), "KS": (61,)}
    wild = tables_of(tonk.presets.CHICAGO)
    assert wild.places[Card.parse("2C").code] == ()
    assert wild.places[Card.parse("3C").code] == (3,)


def test_card_facts_partners_are_the_rank_and_the_suit_two_places_away() -> None:
    def partners(rules: Rules, text: str) -> list[str]:
        facts = tables_of(rules)
        found = facts.partners[Card.parse(text).code]
        return [
            str(card)
            for card in sorted(set(rules.pack(players=2)))
            if card.code in found
        ]

    assert partners(PAGAT, "AC") == ["2C", "3C", "AD", "AH", "AS"]
    assert partners(PAGAT, "2D") == ["2C", "AD", "3D", "4D", "2H", "2S"]
    assert partners(PAGAT, "KS") == ["KC", "KD", "KH", "JS", "QS"]
    # wild twos (CHICAGO) make no spread of their own: no card partners them
    assert partners(tonk.presets.CHICAGO, "3C") == [
        "AC",
        "4C",
        "5C",
        "3D",
        "3H",
        "3S",
    ]


@pytest.mark.parametrize(
    ("hand", "spread"),
    [
        ("", False),
        ("AD AH", False),
        ("AD AH AS", True),
        ("AC 2C 3C", True),
        ("AC 3C", False),
        ("AC 2C", False),
        ("AC 2C 4C", False),
        ("QC KC AD", False),
        ("5H 6H 7H 9S", True),
        ("9S 5H 7H 6H", True),
    ],
)
def test_has_spread_finds_a_book_or_a_run_of_three(hand: str, spread: bool) -> None:
    assert tables_of(PAGAT).has_spread(_codes(hand)) is spread


def test_wild_cards_make_spreads_as_the_engine_lays_them() -> None:
    # Under wild twos (CHICAGO, V5) three twos stand for themselves: a book.
    facts = tables_of(tonk.presets.CHICAGO)
    assert facts.has_spread(_codes("2C 2D 2H")) is True
    assert facts.has_spread(_codes("2C 5D 9H")) is False


@pytest.mark.parametrize(
    ("hand", "card", "completes"),
    [
        ("2C 3C", "AC", True),
        ("AC 3C", "2C", True),
        ("AC 2C", "3C", True),
        ("AD AH", "AC", True),
        ("2D 2H", "2C", True),
        ("AC AH", "AD", True),
        ("2D 3D", "AD", True),
        ("AD 3D", "2D", True),
        ("2H 3H", "AH", True),
        ("AC", "2C", False),
        ("3C", "2C", False),
        ("3C", "AC", False),
        ("2C", "AC", False),
        ("2C 4C", "AC", False),
        ("AD", "AC", False),
        ("2C 5D", "AC", False),
        ("2D 3H", "AC", False),
        ("AC 4C", "2C", False),
        ("", "AC", False),
    ],
)
def test_completes_is_a_book_or_a_run_with_two_cards(
    hand: str, card: str, completes: bool
) -> None:
    facts = tables_of(PAGAT)
    assert facts.completes(_codes(hand), Card.parse(card).code) is completes


def test_wild_cards_complete_spreads_as_the_engine_lays_them() -> None:
    """Under wild twos (CHICAGO) a two completes a run or a book, standing for
    a card or for itself, as the engine would lay it; it makes nothing of
    cards that no wild card joins."""
    facts = tables_of(tonk.presets.CHICAGO)
    assert facts.completes(_codes("AC 3C"), Card.parse("2C").code) is True
    assert facts.completes(_codes("2C 3C"), Card.parse("AC").code) is True
    assert facts.completes(_codes("2C AD AH"), Card.parse("AC").code) is True
    assert facts.completes(_codes("5D 9H"), Card.parse("2C").code) is False


def test_partnered() -> None:
    facts = tables_of(PAGAT)
    assert facts.partnered(_codes("AC 2C")) == [True, True]
    assert facts.partnered(_codes("AC 5D 9H AS")) == [True, False, False, True]
    assert facts.partnered(_codes("AC 5D")) == [False, False]
    assert facts.partnered([]) == []
    twice = Card.parse("AC").code  # the same card twice (two packs, V2): a
    assert facts.partnered([twice, twice]) == [True, True]  # book may repeat it
    wild = tables_of(tonk.presets.CHICAGO)
    assert wild.partnered(_codes("2C 9D")) == [True, False]


def test_a_plain_joker_has_no_partner() -> None:
    """A joker that is not wild (V3) makes no spread: no card partners it.

    Its code, 52, is a multiple of 13 as an ace's rank is: it was taken for
    an ace's partner.
    """
    facts = tables_of(tonk.Rules(jokers=2))
    assert facts.partnered(_codes("AS JK")) == [False, False]
    assert facts.partnered(_codes("AS AD JK")) == [True, True, False]
    assert facts.partnered(_codes("JK JK")) == [False, False]


# -- the drop thresholds ---------------------------------------------------


def test_drop_thresholds_under_pagat() -> None:
    """The count below which a greedy drop pays, by players and turn."""
    got = {
        players: [drop_threshold(PAGAT, players, turn) for turn in range(10)]
        for players in (2, 3, 4)
    }
    assert got == {
        2: [29.5, 26.5, 26.5, 21.5, 21.5, 19.5, 20.5, 18.5, 17.5, 17.5],
        3: [28.5, 29.5, 24.5, 25.5, 22.5, 22.5, 21.5, 19.5, 18.5, 19.5],
        4: [26.5, 26.5, 24.5, 24.5, 25.5, 22.5, 21.5, 21.5, 21.5, 20.5],
    }
    # late in a long hand every other seat has drawn the whole stock
    assert drop_threshold(PAGAT, 2, 200) == drop_threshold(PAGAT, 2, 95)


@pytest.mark.parametrize(
    ("name", "thresholds"),
    [
        ("RUSHVILLE", [17.5, 22.5, 21.5]),
        ("FORTY_CASH", [18.5, 20.5, 18.5]),
        ("WASHINGTON_STATE", [17.5, 21.5, 19.5]),
        ("ENCYCLOPEDIA", [22.5, 26.5, 24.5]),
        ("HOYLE", [34.5, 36.5, 35.5]),
        ("SPLIT_POT", [17.5, 21.5, 19.5]),
    ],
)
def test_drop_thresholds_follow_the_rules_catch_and_hand_size(
    name: str, thresholds: list[float]
) -> None:
    """At turn 3, for 2, 3 and 4 players."""
    rules = getattr(tonk.presets, name)
    assert [drop_threshold(rules, players, 3) for players in (2, 3, 4)] == thresholds


def test_drop_thresholds_with_two_packs() -> None:
    """SHEET deals two packs from 5 players."""
    sheet = tonk.presets.SHEET
    assert [drop_threshold(sheet, players, 2) for players in (4, 5)] == [24.5, 24.5]


# -- the greedy model ------------------------------------------------------


def _turn(
    *,
    could_drop: bool = False,
    turn: int = 0,
    offered: str | None = None,
    took: bool = False,
    laid: str = "",
    discarded: str | None = None,
) -> OpponentTurn:
    return OpponentTurn(
        seat=1,
        turn=turn,
        could_drop=could_drop,
        offered=None if offered is None else Card.parse(offered),
        took=took,
        laid=tuple(tonk.parse_cards(laid)) if laid else (),
        discarded=None if discarded is None else Card.parse(discarded),
    )


def _likelihood(
    turn: OpponentTurn, hand: str, drawn: str, model: GreedyModel | None = None
) -> float:
    cards = tonk.parse_cards(hand) if hand else ()
    return (model or GreedyModel()).likelihood(PAGAT, 2, turn, cards, Card.parse(drawn))


def _not_dropping(count: float, threshold: float, width: float = 1.0) -> float:
    return 1 - 1 / (1 + math.exp((count - threshold) / width))


def test_not_dropping_follows_a_logistic_curve_round_the_threshold() -> None:
    """Two seats, turn 0: the threshold is 29.5; a count of 30 is half a point
    above it. The drawn card does not count; a low count is a mistake."""
    waits = _turn(could_drop=True)
    assert _likelihood(waits, "KC QD 8H 2S", "5S") == pytest.approx(
        _not_dropping(30, 29.5), rel=1e-12
    )
    wide = GreedyModel(drop_width=2.0)
    assert _likelihood(waits, "KC QD 8H 2S", "5S", wide) == pytest.approx(
        _not_dropping(30, 29.5, 2.0), rel=1e-12
    )
    assert _likelihood(waits, "KC QD 9H 2S", "5S") == pytest.approx(
        _not_dropping(31, 29.5), rel=1e-12
    )
    assert _likelihood(waits, "AC 2D 3H", "5S") == 0.05
    assert _likelihood(waits, "AC 2D 3H", "5S", GreedyModel(mistake=0.25)) == 0.25
    assert _likelihood(_turn(), "AC 2D 3H", "5S") == 1.0


@pytest.mark.parametrize(
    ("hand", "offered", "wants"),
    [
        ("9H 10H", "JH", True),  # completes a run, not low
        ("7C 5H", "2D", True),  # low: 2 points, 5 under the highest card
        ("7C 4H", "2D", True),
        ("6C 4H", "2D", False),  # 4 under the highest only
        ("4C 4H", "2D", False),
        ("KS 9C", "3D", False),  # 3 points is not low
        ("3C 3H", "AD", False),
        ("KS", "AD", True),
        ("", "AD", False),  # no card to shed
    ],
)
def test_taking_the_offered_card_is_a_mistake_unless_greedy_wants_it(
    hand: str, offered: str, wants: bool
) -> None:
    """Taking a card GreedyBot would leave, or leaving one it would take, has
    the chance ``mistake``; the seat could drop on a low count (``mistake``
    again)."""
    cards = tonk.parse_cards(hand) if hand else ()
    factor = max(0.05, _not_dropping(sum(map(PAGAT.card_value, cards)), 29.5))
    assert factor == 0.05
    for took in (False, True):
        turn = _turn(could_drop=True, offered=offered, took=took)
        expected = factor if took == wants else factor * 0.05
        assert _likelihood(turn, hand, "5S") == pytest.approx(expected, rel=1e-12)


def _softmax(scores: Sequence[float], index: int, temperature: float = 1.5) -> float:
    top = max(scores)
    weights = [math.exp((score - top) / temperature) for score in scores]
    return weights[index] / sum(weights)


def test_a_discard_is_a_softmax_over_values_less_3_for_a_partner() -> None:
    """9D and KS have no partner: KS (10) against 9D (9); laid cards leave the
    hand first; a discard not in the hand is not weighed."""
    turn = _turn(laid="AC 2C 3C", discarded="KS")
    assert _likelihood(turn, "AC 2C 3C 9D", "KS") == pytest.approx(
        _softmax([9, 10], 1), rel=1e-12
    )
    cooler = GreedyModel(temperature=3.0)
    assert _likelihood(turn, "AC 2C 3C 9D", "KS", cooler) == pytest.approx(
        _softmax([9, 10], 1, 3.0), rel=1e-12
    )
    assert _likelihood(_turn(discarded="QH"), "9D", "KS") == 1.0
    assert _likelihood(_turn(discarded="9D"), "9D 9S", "KS") == pytest.approx(
        _softmax([6, 6, 10], 0), rel=1e-12
    )


def test_a_hand_that_keeps_a_spread_is_a_mistake() -> None:
    """Nothing laid: AC 2C 3C stay in the hand (a run kept, ``mistake``), and
    the discard KS is weighed among five cards, the run's three with a
    partner (1 - 3, 2 - 3, 3 - 3); a low count adds ``mistake`` again."""
    kept = _softmax([-2, -1, 0, 9, 10], 4)
    turn = _turn(discarded="KS")
    assert _likelihood(turn, "AC 2C 3C 9D", "KS") == pytest.approx(
        0.05 * kept, rel=1e-12
    )
    low = _turn(could_drop=True, discarded="KS")
    assert _likelihood(low, "AC 2C 3C 9D", "KS") == pytest.approx(
        0.05 * 0.05 * kept, rel=1e-12
    )


def test_a_cold_discard_is_certain() -> None:
    """At temperature 0.01 the highest card is discarded for sure (no overflow)."""
    model = GreedyModel(temperature=0.01)
    assert _likelihood(_turn(discarded="KS"), "9D", "KS", model) == 1.0
    assert _likelihood(_turn(discarded="9D"), "9D", "KS", model) == pytest.approx(
        math.exp(-100), rel=1e-9
    )


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"mistake": True}, TypeError, "mistake must be a number, got True"),
        ({"mistake": "x"}, TypeError, "mistake must be a number, got 'x'"),
        ({"mistake": 0}, RulesError, "mistake must be between 0 and 1, got 0"),
        ({"mistake": 1}, RulesError, "mistake must be between 0 and 1, got 1"),
        ({"mistake": 1.5}, RulesError, "mistake must be between 0 and 1, got 1.5"),
        ({"temperature": True}, TypeError, "temperature must be a number, got True"),
        ({"temperature": "x"}, TypeError, "temperature must be a number, got 'x'"),
        ({"temperature": 0}, RulesError, "temperature must be positive, got 0"),
        ({"drop_width": -1.5}, RulesError, "drop_width must be positive, got -1.5"),
    ],
)
def test_the_greedy_model_refuses_bad_settings(
    kwargs: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as raised:
        GreedyModel(**kwargs)  # type: ignore[arg-type]
    assert str(raised.value) == message


def test_the_greedy_model_takes_its_bounds() -> None:
    model = GreedyModel(mistake=0.001, temperature=0.001, drop_width=1)
    assert (model.mistake, model.temperature, model.drop_width) == (0.001, 0.001, 1)
    assert GreedyModel(mistake=0.999).mistake == 0.999


# -- infer's refusals ------------------------------------------------------


def _start() -> Observation:
    return tonk.observe(tonk.new_game(PAGAT, players=2, seed=1), 0)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"obs": "obs"}, TypeError, "obs must be a tonk.Observation, got 'obs'"),
        ({"rng": 3}, TypeError, "rng must be a random.Random, got 3"),
        ({"memory": "m"}, TypeError, "memory must be a Memory, got 'm'"),
        ({"model": 3}, TypeError, "model must be an OpponentModel, got 3"),
        ({"samples": 2.5}, TypeError, "samples must be an int, got 2.5"),
        ({"samples": True}, TypeError, "samples must be an int, got True"),
        ({"samples": 0}, RulesError, "samples must be 1..100000, got 0"),
        ({"samples": 100_001}, RulesError, "samples must be 1..100000, got 100001"),
        ({"turns": "3"}, TypeError, "turns must be an int, got '3'"),
        ({"turns": -1}, RulesError, "turns must be 0..100000, got -1"),
        ({"turns": 100_001}, RulesError, "turns must be 0..100000, got 100001"),
        ({"lower": True}, TypeError, "lower must be a number, got True"),
        ({"lower": "x"}, TypeError, "lower must be a number, got 'x'"),
        ({"lower": -1}, RulesError, "lower must be 0..10, got -1"),
        ({"lower": 10.5}, RulesError, "lower must be 0..10, got 10.5"),
        (
            {"memory": Memory()},
            RulesError,
            "the memory has not been given this observation",
        ),
    ],
)
def test_infer_refuses_bad_arguments(
    kwargs: dict[str, object], error: type[Exception], message: str
) -> None:
    arguments: dict[str, object] = {"obs": _start(), "rng": random.Random(0)}
    arguments.update(kwargs)
    with pytest.raises(error) as raised:
        infer(**arguments)  # type: ignore[arg-type]
    assert str(raised.value) == message


def test_infer_takes_its_bounds() -> None:
    obs = _start()
    assert len(infer(obs, random.Random(0), samples=1, turns=100_000).deals) == 1
    assert len(infer(obs, random.Random(0), samples=1, turns=0, lower=10).deals) == 1


def test_infer_deals_64_plain_deals_by_default() -> None:
    """Without ``lower`` the deals are determinize's, one after another."""
    obs = _own(_scripted(), 0)[-1]
    belief = infer(obs, random.Random(4))
    rng = random.Random(4)
    assert belief.deals == tuple(determinize(obs, rng) for _ in range(64))
    assert belief.weights == (1 / 64,) * 64


# -- the weights -----------------------------------------------------------


class _Recording:
    """A model that records its calls and returns a number read off the draw."""

    def __init__(self, zero: bool = False) -> None:
        self.calls: list[tuple[OpponentTurn, tuple[Card, ...], Card]] = []
        self.zero = zero

    def likelihood(
        self,
        rules: Rules,
        players: int,
        turn: OpponentTurn,
        hand: Sequence[Card],
        drawn: Card,
    ) -> float:
        self.calls.append((turn, tuple(hand), drawn))
        return 0.0 if self.zero else (drawn.code % 7 + 1) / 16


def _multiset(cards: Sequence[Card]) -> Counter[Card]:
    return Counter(cards)


def test_a_weight_is_the_product_over_each_seat_s_latest_turns() -> None:
    """Three deals, two turns of each other seat: four calls a deal, newest
    first, seat by seat; each turn's hand is worked out back from the deal
    (its discard and laid cards go back, the card drawn comes out: the
    offered card when the seat took it). The weights are the products,
    normalised (their sum is below 1 before)."""
    observations = _own(_scripted(), 0)
    memory, _ = _remember(observations)
    obs = observations[-1]
    model = _Recording()
    belief = infer(
        obs, random.Random(6), memory=memory, model=model, samples=3, turns=2
    )
    assert len(model.calls) == 12
    products = []
    for index, deal in enumerate(belief.deals):
        calls = model.calls[4 * index : 4 * index + 4]
        assert [(turn.seat, turn.turn) for turn, _, _ in calls] == [
            (1, 6),
            (1, 3),
            (2, 7),
            (2, 4),
        ]
        for seat, pair in ((1, calls[:2]), (2, calls[2:])):
            after = _multiset(deal.hands[seat])
            for turn, hand, drawn in pair:
                assert turn.discarded is not None
                if turn.took:
                    assert drawn == turn.offered
                assert _multiset(hand) + _multiset([drawn]) == after + _multiset(
                    [turn.discarded, *turn.laid]
                )
                after = _multiset(hand)
        product = 1.0
        for _, _, drawn in calls:
            product *= (drawn.code % 7 + 1) / 16
        products.append(product)
    assert sum(products) < 1
    assert belief.weights == pytest.approx(
        [product / sum(products) for product in products], rel=1e-12
    )
    assert len(set(belief.weights)) > 1


def test_infer_weighs_three_turns_of_each_seat_by_default() -> None:
    """Seat 1 has played ten turns of the two-seat hand: three are weighed."""
    observations = _greedy_hand(PAGAT, 2, 5)
    memory, seen = _remember(observations)
    assert len(seen) == 10
    model = _Recording()
    infer(observations[-1], random.Random(2), memory=memory, model=model, samples=2)
    assert [turn.turn for turn, _, _ in model.calls] == [18, 16, 14] * 2


def test_a_reconstruction_stops_at_an_unknown_discard() -> None:
    """Seat 1's turn 6 (took KD, laid KD KH KS) has no known discard: only
    turns after it could be weighed, and there are none of seat 1's."""
    observations = _greedy_hand(PAGAT, 3, 5)
    memory, seen = _remember(observations)
    assert seen[-2:] == ["1@6 d KD+ [KD KH KS] -", "2@7 d - [6D 7D 8D 9D] -"]
    model = _Recording()
    infer(observations[-1], random.Random(2), memory=memory, model=model, samples=2)
    assert model.calls == []


def test_if_every_deal_is_impossible_the_weights_are_uniform() -> None:
    observations = _own(_scripted(), 0)
    memory, _ = _remember(observations)
    model = _Recording(zero=True)
    belief = infer(
        observations[-1], random.Random(1), memory=memory, model=model, samples=4
    )
    assert model.calls
    assert belief.weights == (0.25, 0.25, 0.25, 0.25)


# -- the lower prior -------------------------------------------------------


def _turns_of(obs: Observation, seat: int) -> int:
    players = obs.player_count
    return sum(
        (obs.dealer + 1 + turn) % players == seat for turn in range(obs.turns_taken)
    )


def _lowered(
    obs: Observation, deal: GameState, lower: float, rng: random.Random
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """The documented prior, step by step: for each other seat, in seat order,
    ``int(lower * turns)`` cards of the stock (from where the last seat's
    stopped) join its unknown cards and the highest go back there, in order
    of value; then the cards sent back are swapped to random places."""
    value = obs.rules.card_value
    hands = [list(hand) for hand in deal.hands]
    stock = list(deal.stock)
    at = 0
    for seat, hand in enumerate(hands):
        if seat == obs.seat:
            continue
        known = list(obs.taken[seat])
        unknown = list((Counter(hand) - Counter(known)).elements())
        extra = min(int(lower * _turns_of(obs, seat)), len(stock) - at)
        if extra <= 0 or not unknown:
            continue
        pool = sorted(unknown + stock[at : at + extra], key=value)
        stock[at : at + extra] = pool[len(unknown) :]
        at += extra
        hands[seat] = sorted(known + pool[: len(unknown)], key=lambda card: card.code)
    for index in range(at):
        other = rng.randrange(len(stock))
        stock[index], stock[other] = stock[other], stock[index]
    return tuple(tuple(hand) for hand in hands), tuple(stock)


@pytest.mark.parametrize(
    ("seat", "lower", "moves", "changes"),
    [
        pytest.param(0, 1.0, None, 3, id="three-turns-each"),
        pytest.param(0, 0.34, None, 2, id="one-card-each"),
        pytest.param(0, 10, None, 3, id="the-whole-stock"),
        pytest.param(2, 0.4, 15, 1, id="none-then-one"),
        pytest.param(2, 0.2, 15, 0, id="none"),
        pytest.param(0, 1.0, 11, 3, id="two-seats"),
        pytest.param(0, 10, 11, 3, id="two-seats-the-whole-stock"),
    ],
)
def test_lower_sheds_the_other_seats_worst_cards(
    seat: int, lower: float, moves: int | None, changes: int
) -> None:
    """In the scripted hand: seat 0 after eight turns (seats 1 and 2 have
    taken three each), or seat 2 at turn 7 (seat 0 has taken two turns, seat
    1 three: with 0.4, seat 0 gets no card and seat 1 one), or seat 0 at
    turn 5 (seats 1 and 2 have two turns each; at 8, seat 2's only card is
    one it took, so it has no unknown card to shed). ``changes``
    deals of the three are changed."""
    states = _scripted() if moves is None else _scripted(moves)
    obs = tonk.observe(states[-1], seat)
    assert obs.to_move == seat
    belief = infer(obs, random.Random(9), samples=3, lower=lower)
    rng = random.Random(9)
    changed = 0
    for deal in belief.deals:
        plain = determinize(obs, rng)
        hands, stock = _lowered(obs, plain, lower, rng)
        assert (deal.hands, deal.stock) == (hands, stock)
        assert tonk.observe(deal, seat) == obs
        changed += deal.hands != plain.hands
    assert changed == changes


# -- a belief --------------------------------------------------------------


def _two_deals(weights: tuple[float, ...]) -> Belief:
    obs = tonk.observe(tonk.new_game(PAGAT, players=2, seed=5), 0)
    deals = (determinize(obs, random.Random(1)), determinize(obs, random.Random(2)))
    assert deals[0] != deals[1]
    return Belief(observation=obs, deals=deals, weights=weights)


def test_a_belief_draws_each_deal_with_the_chance_of_its_weight() -> None:
    """A deal of weight 0 is never drawn; of two equal weights, each is."""
    last = _two_deals((0.0, 1.0))
    assert {last.sample(random.Random(seed)) for seed in range(40)} == {last.deals[1]}
    first = _two_deals((1.0, 0.0))
    assert {first.sample(random.Random(seed)) for seed in range(40)} == {first.deals[0]}
    even = _two_deals((0.5, 0.5))
    assert {even.sample(random.Random(seed)) for seed in range(40)} == set(even.deals)


def test_a_belief_with_a_weight_missing_is_refused() -> None:
    """A hand-made belief with more deals than weights: its chances refuse."""
    belief = _two_deals((1.0,))
    with pytest.raises(ValueError, match="zip"):
        belief.chance(lambda deal: True)
    with pytest.raises(ValueError, match="zip"):
        belief.drop_payoff()
    with pytest.raises(ValueError, match="zip"):
        belief.chance_lowest()


def test_a_belief_s_chances_on_two_deals() -> None:
    """Seat 0 of seed 5 holds 38 points, seat 1 38 in the first deal (a tie:
    caught) and 43 in the second: the weights of the deals where an event
    holds are added; the drop pays 1 where seat 1 holds more, else -2."""
    belief = _two_deals((0.25, 0.75))
    counts = [sum(map(PAGAT.card_value, deal.hands[1])) for deal in belief.deals]
    mine = sum(map(PAGAT.card_value, belief.observation.hand))
    lowest = [count > mine for count in counts]
    assert belief.chance(lambda deal: True) == 1.0
    assert belief.chance(lambda deal: deal is belief.deals[1]) == 0.75
    assert (mine, counts, lowest) == (38, [38, 43], [False, True])
    assert belief.chance_lowest() == 0.75
    assert belief.drop_payoff() == 0.25 * -2.0 + 0.75 * 1.0
    assert belief.effective_samples == 1 / (0.25**2 + 0.75**2)


def test_an_observation_at_another_seat_s_turn_adds_no_turn() -> None:
    """Seat 0 shown the start of seat 2's turn 7 (after seat 1's turn 6):
    the memory works turns out only at the seat's own turn start."""
    states = _scripted()
    observations = _own(states, 0)
    memory, seen = _remember(observations[:4])
    assert len(seen) == 4
    at_seat_2 = tonk.observe(states[15], 0)
    assert (at_seat_2.to_move, at_seat_2.turns_taken) == (2, 7)
    assert len(memory.update(at_seat_2)) == 4


def test_each_discard_taken_in_turn_is_told_by_who_took_it() -> None:
    """Four seats: seat 2 takes seat 1's KH, seat 3 takes seat 2's KC; only
    6C reaches the pile. Seat 0 sees every discard, its first time."""
    state = tonk.new_game(PAGAT, players=4, seed=0)
    for move in ("draw stock", "discard KH", "draw discard", "discard KC"):
        state = tonk.apply(state, tonk.parse_action(state, move))
    for move in ("draw discard", "discard 6C"):
        state = tonk.apply(state, tonk.parse_action(state, move))
    seen = tonk.observe(state, 0)
    assert [str(card) for card in seen.discard_pile] == ["AS", "6C"]
    assert [_brief(turn) for turn in Memory().update(seen)] == [
        "1@0 d AS [] KH",
        "2@1 d KH+ [] KC",
        "3@2 d KC+ [] 6C",
    ]


def test_a_memory_shown_only_turn_starts_tells_its_own_lays_from_its_discard() -> None:
    """Two seats (seed 9), seat 0 shown only its turn starts: the cards it
    laid in between are not taken for its discard."""
    _, seen = _remember(_seat0_turn_starts(PAGAT, 2, 9))
    assert seen == [
        "1@0 d KD [] QH",
        "1@2 d 9S [] 10S",
        "1@4 d 8D [] JS",
        "1@6 d 8S [] 7D",
    ]


def test_a_drop_threshold_is_worked_out_once() -> None:
    """Cached by rules, players and turn: asked again, the same float comes
    back, not a new one worked out again."""
    rules = tonk.Rules(hand_size=6)
    first = drop_threshold(rules, 3, 4)
    assert drop_threshold(rules, 3, 5) != first
    assert drop_threshold(rules, 3, 4) is first


def test_drop_thresholds_follow_the_hand_size_for_the_players() -> None:
    """Seven cards to two or three players, five to four (turn 3)."""
    rules = tonk.Rules(hand_size=5, hand_size_by_players={2: 7, 3: 7})
    assert [drop_threshold(rules, players, 3) for players in (2, 3, 4)] == [
        34.5,
        36.5,
        24.5,
    ]


# -- turns around a window on a discard (X5) -------------------------------

EATING = attrs.evolve(PAGAT, eating=True)


def _scripted_eating() -> list[GameState]:
    """Return every state of the scripted hand under eating (X5), every window
    passed, and the pass on seat 2's last discard that begins seat 0's turn 8.
    Seat 0 is asked in the windows on seat 1's discards (turns 1, 4, 7)."""
    state = tonk.new_game(EATING, players=3, seed=0)
    states = [state]
    for move in [*_SCRIPT, "pass"]:
        while state.phase.value == "slap_window" and move != "pass":
            state = tonk.apply(state, tonk.parse_action(state, "pass"))
            states.append(state)
        state = tonk.apply(state, tonk.parse_action(state, move))
        states.append(state)
    return states


def test_a_memory_under_eating_reads_each_turn_between_windows() -> None:
    """Seat 0, shown each of its decisions (its turns and its windows on seat
    1's discards), sees one turn between two of them, each discard known (no
    eat could have skipped a turn): the scripted hand's turns, exactly."""
    observations = _own(_scripted_eating(), 0)
    assert [(obs.phase.value, obs.turns_taken) for obs in observations] == [
        ("slap_window", 1),
        ("turn_start", 2),
        ("after_draw", 2),
        ("slap_window", 4),
        ("turn_start", 5),
        ("after_draw", 5),
        ("slap_window", 7),
        ("turn_start", 8),
    ]
    memory = Memory()
    seen = [[_brief(turn) for turn in memory.update(obs)] for obs in observations]
    assert [len(turns) for turns in seen] == [1, 2, 2, 3, 4, 4, 5, 6]
    assert seen[-1] == [
        "1@0 d 2D+ [] JS",
        "2@1 d JS+ [] KC",
        "1@3 d KS [] 5C",
        "2@4 d 5C [8H 9H 10H] KH",
        "1@6 d 8D+ [] 6C",
        "2@7 d 6C+ [JH] JS",
    ]


def test_a_memory_under_eating_not_shown_its_windows_leaves_takes_unknown() -> None:
    """Seat 0 shown its turns but not its windows under eating (X5): two
    turns between them, and where one took a card from the pile an eat may
    have skipped a turn, so their discards are unknown (what the second seat
    was offered, taken from the first, is still known); where none took
    one, the discards are known."""
    turns = [
        obs for obs in _own(_scripted_eating(), 0) if obs.phase.value != "slap_window"
    ]
    assert [obs.turns_taken for obs in turns] == [2, 2, 5, 5, 8]
    assert _remember(turns)[1] == [
        "1@0 d 2D+ [] -",
        "2@1 d JS+ [] -",
        "1@3 d KS [] 5C",
        "2@4 d 5C [8H 9H 10H] KH",
        "1@6 d 8D+ [] -",
        "2@7 d 6C+ [JH] -",
    ]


def test_a_memory_that_missed_its_own_turn_adds_no_turn() -> None:
    """Without eating, a seat's own turn between two of its observations
    that it did not see means the memory missed a decision: shown seat 0's
    turn starts 2 and 8 (not 5), it adds no turn at turn 8 and keeps the
    first two, seen at turn 2."""
    plain = [obs for obs in _own(_scripted(), 0) if obs.phase.value == "turn_start"]
    assert [obs.turns_taken for obs in plain] == [2, 5, 8]
    memory, seen = _remember(plain[:1])
    first = ["1@0 d 2D+ [] JS", "2@1 d JS+ [] KC"]
    assert seen == first
    assert [_brief(turn) for turn in memory.update(plain[2])] == first
    assert memory.last(0) == plain[2]


# -- the turns read where the rules change the pile unseen ------------------


def _played(
    rules: Rules, players: int, seed: int
) -> list[tuple[GameState, int, Action]]:
    """Return every (state, seat, action) of a hand of greedy bots (turn limit 200)."""
    return _history(players, seed, rules=attrs.evolve(rules, max_turns=200))


def _remembered_by(
    steps: Sequence[tuple[GameState, int, Action]], seat: int, *, starts: bool = False
) -> list[OpponentTurn]:
    """Return ``seat``'s memory after its last decision (or turn start) shown.

    Every fact it names is checked against what was played: an offered card
    named was the top discard; a turn whose discard is named took, laid and
    discarded what it did, and could drop only if it had no wait (V22).
    """
    memory = Memory()
    turns: tuple[OpponentTurn, ...] = ()
    for state, mover, _ in steps:
        if mover == seat and (not starts or state.phase is Phase.TURN_START):
            turns = memory.update(tonk.observe(state, seat))
    truth = _true_turns(steps)
    for turn in turns:
        real = truth[turn.turn]
        assert turn.seat == real.seat
        check_named(turn, real)
    return list(turns)


SLAP_IN = Rules(slap_in=True)


@pytest.mark.parametrize(
    ("rules", "players", "seed", "seat", "expected"),
    [
        # V24c: seat 1's hits end its turns unseen (no discard: unknown); at
        # turn 8 it waits (V22) after seat 0's hit on its spread
        pytest.param(
            HIT_ENDS_TURN,
            2,
            9,
            0,
            [
                "1@0 d - [6D 6H 6S] JH",
                "1@2 d KC [] JC",
                "1@4 d QD [7S] -",
                "1@6 d QS [5D 5H 5S] 4S",
                "1@8 w QS [6C] -",
                "1@10 d 3D [] 2C",
                "1@12 d 3H [] 2S",
                "1@14 d JS [] AD",
                "1@16 d 3C [] KD",
                "1@18 d QH [] AH",
            ],
            id="hits-that-end-a-turn",
        ),
        # V26: a hit may come at any discard, so no discard is named around
        # one, and seat 3 may have waited (V22) after seat 0's hit of JH on
        # the run it laid at turn 2
        pytest.param(
            Rules(slap_in=True, hit_wait=1),
            4,
            0,
            1,
            [
                "2@1 d - [] -",
                "3@2 w - [] -",
                "0@3 d - [] -",
                "2@5 d KS [] JS",
                "3@6 w JS [] JC",
                "0@7 d JC [] 9D",
                "2@9 d 5C [] KC",
                "3@10 d KC [] JD",
                "0@11 d JD [] 2D",
                "2@13 d 5D [] 8C",
                "3@14 d 8C [] 10C",
                "0@15 d 10C [] 9S",
            ],
            id="a-slap-in-may-make-a-wait",
        ),
        # V24c: seat 1 hits seat 0's new spread (JS) after seat 0's turn 2
        # (free to drop then, not at turn 5): the two seats' laid cards are not
        # told apart (a new spread hit by another seat: none is named), but
        # seat 2 (observing) knows its own, so the pile before them
        pytest.param(
            HIT_ENDS_TURN,
            3,
            1,
            2,
            [
                "1@0 d - [] QD",
                "0@2 d QS [] -",
                "1@3 d - [] -",
                "0@5 w 6H [4S 5S 6S] -",
                "1@6 d 2D+ [KD] -",
                "0@8 d 2H [] 7H",
                "1@9 d 7H [] 5D",
            ],
            id="a-spread-hit-by-two-seats",
        ),
        # V26: seat 3 hits the run seat 2 laid in the turn before: a hit on a
        # new spread may be a slap-in, so no discard is named
        pytest.param(
            SLAP_IN,
            4,
            31,
            0,
            [
                "1@0 d - [] -",
                "2@1 d - [] -",
                "3@2 d - [] -",
            ],
            id="a-spread-laid-and-hit-between",
        ),
        # seat 1 takes the upcard QC and lays it at once; with two turns after
        # the deal the pile a card short may be either's take: none is named
        pytest.param(
            PAGAT,
            3,
            16,
            0,
            [
                "1@0 d - [JC QC KC] -",
                "2@1 d - [] -",
            ],
            id="the-upcard-perhaps-laid",
        ),
        # seat 1 lays a book without taking the upcard 5D (the pile's count
        # tells), then seat 2 tunks (H5): the discards are unknown, and seat 3
        # plays a last turn, without a drop (H6)
        pytest.param(
            FORTY_TUNK,
            4,
            9,
            0,
            [
                "1@0 d 5D [6C 6H 6S] -",
                "2@1 d - [7C 7D 7H] -",
                "3@2 w - [] -",
            ],
            id="the-upcard-not-laid-then-a-tunk",
        ),
        # seat 1 takes QD and tunks (H5) in its second turn, not its first: its
        # first turn is read in full
        pytest.param(
            FORTY_TUNK,
            2,
            2,
            0,
            [
                "1@0 d 3S [] KH",
                "1@2 d QD+ [QD QH QS] -",
            ],
            id="a-tunk-after-the-first-turn",
        ),
        # the hand above under slap-in (V26): the take of the upcard is not
        # told, nor the discard of the turn with a hit (KC)
        pytest.param(
            SLAP_IN,
            2,
            5,
            0,
            [
                "1@0 d - [10S JS QS] -",
                "1@2 d JH [] QC",
                "1@4 d 7H [] 5S",
                "1@6 d 6D [] 5D",
                "1@8 d 9D [] 3H",
                "1@10 d 8D [] 7D",
                "1@12 d 6H [] 3C",
                "1@14 d - [KC] -",
                "1@16 d 9H [] 6C",
                "1@18 d 9C [] 2S",
            ],
            id="under-slap-in-the-upcard-unknown",
        ),
    ],
)
def test_hands_where_the_pile_changes_unseen_are_remembered_exactly(
    rules: Rules, players: int, seed: int, seat: int, expected: list[str]
) -> None:
    """A seat's memory of a hand of greedy bots, turn by turn, exactly, where
    the rules may change the pile unseen: what it names is what was played
    (checked), and what it leaves unknown is pinned too."""
    turns = _remembered_by(_played(rules, players, seed), seat)
    assert [_brief(turn) for turn in turns] == expected


def test_a_memory_shown_only_turn_starts_names_no_pile_after_an_unseen_turn() -> None:
    """Seat 2 of three (seed 3), shown only its turn starts, drew 3S from the
    stock at turn 10 and threw it at once: its hand shows no trace of it, so
    the pile it left is unknown and turn 11's offer is not named (it named
    QC, the card under 3S)."""
    turns = _remembered_by(_played(PAGAT, 3, 3), 2, starts=True)
    assert [_brief(turn) for turn in turns] == [
        "1@0 d 10S [] KS",
        "0@2 d 10D [] JH",
        "1@3 d JH [] JC",
        "0@5 d 5D [2C 3C 4C] 8H",
        "1@6 d 8H [] 9D",
        "0@8 d - [] -",
        "1@9 d - [] -",
        "0@11 d - [] -",
        "1@12 d - [] -",
    ]


def test_a_memory_shown_only_turn_starts_reads_the_pile_it_left() -> None:
    """Seat 1 of three (seed 5), shown only its turn starts (not its other
    decisions), took seat 0's KD and laid it at once in its turn 6: the pile
    it left is not its own discard on the pile it saw, so the discards of
    turns 7 and 8 are unknown (seat 2 took the 8D offered and laid it at
    once, which a pile read as one card short would hide)."""
    turns = _remembered_by(_played(PAGAT, 3, 5), 1, starts=True)
    assert [_brief(turn) for turn in turns] == [
        "2@1 d QC [] JH",
        "0@2 d JH [] 10C",
        "2@4 d JS [] 10S",
        "0@5 d 10S [] KD",
        "2@7 d 8D [6D 7D 8D 9D] -",
        "0@8 d - [] -",
    ]
