"""The engine's core (issue 14): the successor builder, the deal's shuffles, the
compiled rule set.

Timings are never asserted here; ``benchmarks/`` prints them.
"""

from __future__ import annotations

import os
import pickle
import random
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from types import FrameType
from typing import Any, TypeVar

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tonk
from tonk import _compiled, _deal, _turn
from tonk._fast import (
    EXCHANGES,
    HITS,
    SLAPS,
    _Unbuilt,
    _UnbuiltBookkeeping,
    distinct_cards,
    revised,
    successor,
)
from tonk._spreads import fits, kin
from tonk.cards import Card
from tonk.rules import Catch, DropPay, PackKind, Rules, StockEnd
from tonk.scoring import settle_deal, settle_drop
from tonk.state import (
    BOOKKEEPING_FIELDS,
    Bookkeeping,
    BookkeepingFields,
    GameState,
    Phase,
    SlapWindow,
    Spread,
    SpreadKind,
)
from tonk.testing.strategies import presets, rules

R = TypeVar("R")
_T = TypeVar("_T")

any_rules = rules() | presets()


def _mid_hand() -> GameState:
    state = tonk.new_game(Rules(), players=3, seed=11)
    return tonk.apply(state, tonk.DrawStock())


def test_the_successor_builder_sets_every_field() -> None:
    state = _mid_hand()
    assert successor(state) == state
    assert successor(state) is not state
    assert type(successor(state)) is GameState
    book = attrs.evolve(
        state.bookkeeping,
        waits=(1, 2, 3),
        going_out_barred=(True, False, True),
    )
    changed: dict[str, object] = {
        "hands": ((), (), ()),
        "stock": (),
        "discard_pile": (),
        "spreads": (),
        "to_move": 2,
        "phase": Phase.HAND_OVER,
        "turns_taken": 99,
        "taken": ((Card.parse("2C"),), (), ()),
        "bookkeeping": book,
        "outcome": tonk.apply(
            tonk.new_game(Rules(), players=3, seed=11), tonk.Drop()
        ).outcome,
    }
    names = {field.name for field in attrs.fields(GameState)}
    assert set(changed) == names - {"rules", "dealer"}
    for name, value in changed.items():
        built = successor(state, **{name: value})  # type: ignore[arg-type]
        assert built == attrs.evolve(state, **{name: value}), name  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 3])
def test_the_successor_builder_replaces_the_movers_hand_alone(players: int) -> None:
    new_hand = (Card.parse("2C"), Card.parse("9S"))
    for to_move in range(players):
        state = attrs.evolve(
            tonk.new_game(Rules(), players=players, seed=5), to_move=to_move
        )
        hands = list(state.hands)
        hands[to_move] = new_hand
        built = successor(state, hand=new_hand)
        assert built.hands == tuple(hands), to_move
        assert type(built.hands) is tuple
        assert built == attrs.evolve(state, hands=tuple(hands))


def test_the_bookkeeping_is_revised_field_by_field_and_kept_when_unchanged() -> None:
    book = _mid_hand().bookkeeping
    changed: dict[str, object] = {
        "waits": (1, 2, 3),
        "going_out_barred": (True, False, True),
        "hit_this_round": (False, True, True),
        "hits_this_turn": 5,
        "must_use": Card.parse("QH"),
        "widows": (Card.parse("3C"),) * 3,
        "exchanged": (True, True, False),
        "slap": SlapWindow(card=Card.parse("4D"), discarder=0, due=1, waiting=(2,)),
    }
    # A tunk and H3's burial change the H fields through attrs.evolve (once a
    # hand at most); revised keeps them.
    hoyle = {"tunker", "buried"}
    assert set(changed) | hoyle == {field.name for field in attrs.fields(Bookkeeping)}
    tunked = attrs.evolve(book, tunker=1, buried=True)
    assert revised(tunked, hits_this_turn=5).tunker == 1
    assert revised(tunked, hits_this_turn=5).buried is True
    for name, value in changed.items():
        built = revised(book, **{name: value})  # type: ignore[arg-type]
        assert type(built) is Bookkeeping
        assert built == attrs.evolve(book, **{name: value}), name  # type: ignore[arg-type]
        assert revised(book, **{name: getattr(book, name)}) is book, name
    assert revised(book) is book


def test_the_unbuilt_twins_have_the_slots_of_what_they_build() -> None:
    # successor and revised turn an _Unbuilt into a GameState by assigning
    # __class__, which CPython allows only between classes of the same slots.
    assert _Unbuilt.__slots__ == GameState.__slots__  # type: ignore[attr-defined]
    assert (
        _UnbuiltBookkeeping.__slots__ == Bookkeeping.__slots__  # type: ignore[attr-defined]
    )


def test_the_keywords_of_the_bookkeeping_are_its_fields() -> None:
    # GameState's **fields are typed by a TypedDict that repeats Bookkeeping.
    assert tuple(BookkeepingFields.__annotations__) == BOOKKEEPING_FIELDS


def test_a_state_is_built_from_its_bookkeeping_or_from_the_fields_of_it() -> None:
    state = _mid_hand()
    fields = {
        field.name: getattr(state, field.name)
        for field in attrs.fields(GameState)
        if field.name != "bookkeeping"
    }
    book = state.bookkeeping
    by_name = {
        field.name: getattr(book, field.name) for field in attrs.fields(Bookkeeping)
    }
    assert GameState(**fields, **by_name) == state
    assert GameState(**fields, bookkeeping=book) == state
    evolved = attrs.evolve(state, waits=(0, 4, 0))  # type: ignore[call-arg]
    assert evolved.waits == (0, 4, 0)
    assert evolved.bookkeeping == attrs.evolve(book, waits=(0, 4, 0))
    with pytest.raises(TypeError, match="unexpected keyword arguments: spam"):
        GameState(**fields, bookkeeping=book, spam=1)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="missing: waits, slap"):
        GameState(
            **fields, **{k: v for k, v in by_name.items() if k not in ("waits", "slap")}
        )


_PACKS = [
    Rules(),
    Rules(pack_kind=PackKind.FORTY, deal_tonks=()),
    tonk.presets.CHICAGO,
    Rules(two_packs_from=5),
]


@pytest.mark.parametrize("table_rules", _PACKS)
def test_a_seeded_deal_shuffles_as_random_random_does(table_rules: Rules) -> None:
    # The seed-to-deal mapping of 0.1.0: records of seeded hands replay.
    table = _compiled.compiled(table_rules)
    for seed in [*range(300), 2**40 + 3, 10**30, -1, -(2**70)]:
        for players in (2, 5):
            expected = list(table_rules.pack(players=players))
            random.Random(seed).shuffle(expected)
            assert _deal.shuffled(table, players, seed) == expected


@given(
    size=st.integers(0, 130),
    count=st.integers(0, 130),
    times=st.integers(0, 4),
    seed=st.integers(0, 2**64),
)
def test_samples_drawn_inline_are_random_random_s(
    size: int, count: int, times: int, seed: int
) -> None:
    # The bots' samples of unseen cards (GreedyBot, InferenceBot): the same
    # picks as random.Random.sample, both of its ways (a list of the items
    # left, or a set of the places picked), and the generator left as it.
    population = [f"card {number}" for number in range(size)]
    count = min(count, size)
    inline, stdlib = random.Random(seed), random.Random(seed)
    assert _deal.samples_drawing(population, count, inline, times) == [
        stdlib.sample(population, count) for _ in range(times)
    ]
    assert inline.getstate() == stdlib.getstate()


def test_samples_from_another_source_or_too_many_are_that_source_s() -> None:
    class Reversed(random.Random):
        def sample(self, population: Sequence[_T], k: int, **kwargs: Any) -> list[_T]:
            return list(population[::-1][:k])

    assert _deal.samples_drawing([1, 2, 3], 2, Reversed(1), 2) == [[3, 2], [3, 2]]
    with pytest.raises(ValueError, match="Sample larger than population"):
        _deal.samples_drawing([1, 2, 3], 4, random.Random(1), 1)
    with pytest.raises(ValueError, match="Sample larger than population"):
        _deal.samples_drawing([1, 2, 3], -1, random.Random(1), 1)


def _urandom_from(seed: int) -> object:
    rng = random.Random(seed)

    def urandom(size: int) -> bytes:
        return rng.randbytes(size)

    return urandom


def test_an_unseeded_deal_draws_from_os_urandom(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refuse(*args: object) -> None:
        raise AssertionError("the unseeded deal must not use the Mersenne Twister")

    monkeypatch.setattr(random.Random, "shuffle", refuse)
    monkeypatch.setattr(os, "urandom", _urandom_from(1))
    first = tonk.new_game(Rules(), players=2)
    monkeypatch.setattr(os, "urandom", _urandom_from(1))
    assert tonk.new_game(Rules(), players=2) == first
    monkeypatch.setattr(os, "urandom", _urandom_from(2))
    assert tonk.new_game(Rules(), players=2) != first


def test_the_secure_shuffle_is_uniform(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "urandom", _urandom_from(3))
    orders: Counter[tuple[int, ...]] = Counter()
    for _ in range(6_000):
        cards = [Card.parse(text) for text in ("AC", "2C", "3C")]
        _deal._secure_shuffle(cards)
        orders[tuple(card.code for card in cards)] += 1
    assert len(orders) == 6
    assert all(850 < count < 1_150 for count in orders.values()), orders


def test_the_secure_shuffle_throws_away_words_that_would_bias_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # For 3 places the largest multiple of 3 up to 2**32 is 2**32 - 1: the word
    # 2**32 - 1 would favour place 0, so it is thrown away and another drawn
    # (here from a second read, once the first is used up).
    reads = iter([[0xFFFFFFFF] * 3, [4, 3, 0]])

    def urandom(size: int) -> bytes:
        words = next(reads)
        assert size == 4 * len(words)
        return b"".join(word.to_bytes(4, sys.byteorder) for word in words)

    monkeypatch.setattr(os, "urandom", urandom)
    cards = [Card.parse(text) for text in ("AC", "2C", "3C")]
    _deal._secure_shuffle(cards)
    # place 2 swaps with 4 % 3 = 1, then place 1 with 3 % 2 = 1
    assert [str(card) for card in cards] == ["AC", "3C", "2C"]


@given(any_rules, st.integers(0, 2**32 - 1), st.data())
def test_a_deal_is_settled_whenever_it_wins(
    table_rules: Rules, seed: int, data: st.DataObject
) -> None:
    # The deal skips settle_deal when no count can win: never wrongly.
    players = data.draw(st.integers(2, min(table_rules.max_players, 6)))
    state = tonk.new_game(table_rules, players=players, seed=seed)
    expected = settle_deal(state.hands, table_rules, dealer=0)
    assert state.outcome == expected
    assert (state.phase is Phase.HAND_OVER) == (expected is not None)


def test_every_table_up_to_max_players_fits_the_deal() -> None:
    # Found by test_the_deck_fits_the_table: 5 players need 41 cards of a single
    # 40-card pack, though 6 (two packs) fit; the limit is 4.
    table_rules = Rules(
        pack_kind=PackKind.FORTY, two_packs_from=6, hand_size=7, widow=True
    )
    assert table_rules.max_players == 4
    tonk.new_game(table_rules, players=4, seed=1)
    with pytest.raises(tonk.RulesError):
        tonk.new_game(table_rules, players=5, seed=1)


def _with_lookups(function: Callable[..., R], *args: object) -> tuple[R, int]:
    """Return ``function(*args)`` and how many times it looked up compiled rules."""
    lookup = _compiled.compiled.__code__
    looked_up = 0

    def count(frame: FrameType, event: str, arg: object) -> None:
        nonlocal looked_up
        if event == "call" and frame.f_code is lookup:
            looked_up += 1

    sys.setprofile(count)
    try:
        result = function(*args)
    finally:
        sys.setprofile(None)
    return result, looked_up


@pytest.mark.parametrize("name", ["pagat", "chicago", "hoyle", "seattle"])
def test_each_engine_call_looks_up_the_compiled_rules_once_at_most(name: str) -> None:
    # legal_actions fetches the compiled rules once and passes them down; each
    # transition fetches them once at most (a walk of legal_actions used to
    # look them up as many as four times, apply five).
    table_rules = tonk.presets.get(name)
    rng = random.Random(39)
    for seed in range(40):
        state = tonk.new_game(table_rules, players=3, seed=seed)
        while state.outcome is None:
            legal, looked_up = _with_lookups(tonk.legal_actions, state)
            assert looked_up <= 1, state
            action = rng.choice(legal)
            state, looked_up = _with_lookups(tonk.apply, state, action)
            assert looked_up <= 1, action


def test_equal_rule_sets_share_one_compiled_form() -> None:
    first, second = Rules(hand_size=6), Rules(hand_size=6)
    assert first is not second
    assert _compiled.compiled(first) is _compiled.compiled(second)
    state = tonk.new_game(second, players=2, seed=1)
    assert state.rules == second


def test_the_last_rule_set_object_and_an_equal_one_share_a_compiled_form() -> None:
    first, second = Rules(hand_size=7), Rules(hand_size=7)
    table = _compiled.compiled(first)
    assert _compiled.compiled(first) is table  # the object looked up last
    assert _compiled.compiled(second) is table  # an equal one, through the cache
    assert _compiled.compiled(Rules(hand_size=6)).rules == Rules(hand_size=6)
    assert _compiled.compiled(first) is table


def test_an_equal_rule_set_is_compared_by_value_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A worker process plays with an unpickled copy of the rule set, while the
    # states it deals carry the first equal object: the lookups alternate.
    first = Rules(hand_size=7)
    copy = pickle.loads(pickle.dumps(first))
    table = _compiled.compiled(first)
    compared = []
    value_eq = Rules.__eq__

    def counting_eq(self: Rules, other: object) -> bool:
        compared.append(other)
        return value_eq(self, other)

    monkeypatch.setattr(Rules, "__eq__", counting_eq)
    for _ in range(3):
        assert _compiled.compiled(copy) is table
        assert _compiled.compiled(first) is table
    assert len(compared) == 1


def _patient_state(table_rules: Rules, seed: int, steps: int) -> GameState:
    """Play up to ``steps`` random actions that neither drop nor claim."""
    rng = random.Random(seed)
    players = min(table_rules.max_players, 2 + seed % 3)
    state = tonk.new_game(
        table_rules, players=players, seed=seed, dealer=seed % players
    )
    for _ in range(steps):
        legal = tonk.legal_actions(state)
        if not legal:
            break
        calm = [a for a in legal if not isinstance(a, tonk.Drop | tonk.ClaimDealTonk)]
        state = tonk.apply(state, rng.choice(calm or legal))
    return state


@given(any_rules, st.integers(0, 2**32 - 1))
def test_a_remembered_drop_settlement_is_settle_drops_answer(
    table_rules: Rules, seed: int
) -> None:
    # The compiled form remembers drop settlements by counts, dropper and
    # dealer: every drop of a rule set ends as a fresh settle_drop would.
    rng = random.Random(seed)
    for _ in range(12):
        state = _patient_state(table_rules, rng.getrandbits(32), rng.randrange(40))
        if tonk.Drop() not in tonk.legal_actions(state) or not state.stock:
            continue
        counts = tuple(state.count(seat) for seat in range(state.player_count))
        fresh = settle_drop(
            counts,
            state.to_move,
            catch=state.rules.catch,
            dealer=state.dealer,
            bonus=state.rules.drop_bonus,
        )
        outcome = tonk.apply(state, tonk.Drop()).outcome
        assert outcome is not None
        assert (outcome.kind, outcome.counts) == (fresh.kind, fresh.counts)
        assert (outcome.winners, outcome.dropper) == (fresh.winners, fresh.dropper)
        # then any side payments (V39, V46)
        assert outcome.transfers[: len(fresh.transfers)] == fresh.transfers


_DROP_COUNTS = [
    # counts of four seats: ties with the dropper and for the lowest, and
    # the dropper's count at, under and over the drop bonus rows
    (10, 30, 20, 40),
    (3, 9, 5, 12),
    (10, 10, 20, 40),
    (30, 10, 10, 40),
    (30, 10, 20, 10),
    (4, 9, 9, 9),
    (5, 9, 9, 9),
    (6, 9, 9, 9),
    (2, 9, 9, 9),
    (8, 9, 9, 9),
    (40, 40, 40, 40),
]


@pytest.mark.parametrize(
    "catch",
    [
        Catch.B13,
        Catch.SINGLE,
        Catch.STAKES_TO_LOWEST,
        Catch.FIVE_TO_LOWEST,
        Catch(to_catchers=1, ties_catch=False),
        Catch.LEPAPE,
    ],
)
@pytest.mark.parametrize(
    "bonus",
    [
        (),
        (DropPay(at_most=5, pays=3),),
        (DropPay(at_most=3, pays=4), DropPay(at_most=6, pays=2)),
    ],
)
def test_a_remembered_drop_is_settle_drops_answer_for_each_dropper_and_dealer(
    catch: Catch, bonus: tuple[DropPay, ...]
) -> None:
    # The compiled form keeps a drop's settlement by the counts, the dropper
    # and the dealer: asked again, each is what settle_drop gives, and one is
    # kept for each of them.
    table_rules = Rules(catch=catch, drop_bonus=bonus)
    table = _compiled.compiled(table_rules)
    table.drops.clear()
    for dropper, dealer in [(0, 3), (0, 1), (1, 0), (2, 0)]:
        state = attrs.evolve(
            tonk.new_game(table_rules, players=4, seed=1, dealer=dealer),
            to_move=dropper,
        )
        for counts in _DROP_COUNTS * 2:  # the second time, from the store
            outcome = _turn._settled_drop(state, counts, table)
            assert outcome == settle_drop(
                counts, dropper, catch=catch, dealer=dealer, bonus=bonus
            ), (counts, dropper, dealer)
    assert len(table.drops) == 4 * len(_DROP_COUNTS)


def test_actions_built_once_equal_new_ones() -> None:
    card = Card.parse("7H")
    assert HITS[2, card] == tonk.Hit(2, card)
    assert HITS[2, card] is HITS[2, card]
    assert SLAPS[3] == tonk.Slap(3)
    assert EXCHANGES[card.code] == tonk.Exchange(card)


@pytest.mark.parametrize(
    ("hand", "distinct"),
    [
        ("", ""),
        ("3C 5D KS JK", "3C 5D KS JK"),
        ("3C 3C 5D", "3C 5D"),
        ("3C 5D 5D 9H", "3C 5D 9H"),
        ("3C 5D JK JK", "3C 5D JK"),
        ("3C 3C 5D 5D 5D JK JK", "3C 5D JK"),
    ],
)
def test_distinct_cards_drops_repeats_of_a_sorted_hand(
    hand: str, distinct: str
) -> None:
    cards = tuple(sorted(tonk.parse_cards(hand), key=lambda card: card.code))
    found = distinct_cards(cards)
    assert found == tuple(sorted(tonk.parse_cards(distinct), key=lambda c: c.code))
    if found == cards:
        assert found is cards  # nothing repeated: the hand itself


@pytest.mark.parametrize("ace_high", [False, True])
def test_a_card_that_fits_a_spread_is_of_its_kin(ace_high: bool) -> None:
    """``kin`` lets ``_hits`` skip ``fits`` only for cards that never fit."""
    rules = Rules(deal_tonks=(), ace_high=ace_high)
    tables = _compiled.compiled(rules).tables
    naturals = tonk.Rules().pack()
    spreads = []
    for text in ("7C 7D 7H", "AS AH AD", "4H 5H 6H", "JS QS KS", "AD 2D 3D 4D"):
        cards = tuple(sorted(tonk.parse_cards(text), key=lambda card: card.code))
        kind = SpreadKind.BOOK if cards[0].rank is cards[1].rank else SpreadKind.RUN
        spreads.append(
            Spread(number=1, owner=0, kind=kind, cards=cards, stands_for=cards, turn=0)
        )
    for spread in spreads:
        first = spread.cards[0]
        book = spread.kind is SpreadKind.BOOK
        same = [
            card
            for card in naturals
            if (card.rank is first.rank if book else card.suit is first.suit)
        ]
        bits = kin(spread)
        assert bits == sum(1 << card.code for card in same)
        fitting = [card for card in naturals if fits(spread, card, tables, 1)]
        assert fitting  # each takes a card
        assert all(bits >> card.code & 1 for card in fitting)


@given(any_rules, st.integers(0, 2**32 - 1))
def test_a_plain_start_lists_what_every_test_of_it_lists(
    table_rules: Rules, seed: int
) -> None:
    # plain_starts skips the tests of a turn's start that cannot change it.
    table = _compiled.compiled(table_rules)
    tested = attrs.evolve(table, plain_starts=False)
    rng = random.Random(seed)
    for _ in range(12):
        state = _patient_state(table_rules, rng.getrandbits(32), rng.randrange(40))
        if state.phase is not Phase.TURN_START or state.outcome is not None:
            continue
        waits = list(state.bookkeeping.waits)
        waits[state.to_move] = 1
        for varied in (  # and with a wait, and with no discard to take
            state,
            successor(
                state, bookkeeping=revised(state.bookkeeping, waits=tuple(waits))
            ),
            successor(state, discard_pile=()),
        ):
            found = _turn.start_actions(varied, table)
            assert found == _turn.start_actions(varied, tested)


def test_only_a_wait_changes_a_plain_start() -> None:
    plain = [
        name
        for name in tonk.presets.names()
        if _compiled.compiled(tonk.presets.get(name)).plain_starts
    ]
    assert "pagat" in plain
    for changed in (
        {"stock_end": StockEnd.FORCED_KNOCK},
        {"widow": True},
        {"upcard_first_only": True},
        {"discard_draw_must_meld": True},
        {"drop_at_most": 30},
    ):
        rules = attrs.evolve(tonk.presets.PAGAT, **changed)
        assert not _compiled.compiled(rules).plain_starts, changed
