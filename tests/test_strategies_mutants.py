"""The Hypothesis strategies of ``tonk.testing``: the tests that kill their mutants.

Mutation testing of ``src/tonk/testing/strategies.py`` (docs/maintainers.md,
"Mutation testing") left mutants that narrowed what the strategies draw (an
option that is never drawn, a bound one off, a default table never offered),
that changed what they do with their arguments, or that changed the messages
of the argument checks. These tests pin what the docstrings promise: that
each value the docstring of :func:`tonk.testing.strategies.rules` names can be
drawn (``hypothesis.find``), that every value drawn keeps its bounds, the
smallest examples the strategies shrink to, and the exact messages of
``InvalidArgument``.

Every strategy is built inside its test: one built when the test module is
imported (a ``@given`` argument) is built by the original code, before
mutmut switches a mutant on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from hypothesis import Phase, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument, NoSuchExample, UnsatisfiedAssumption

import tonk
from tonk import (
    Catch,
    CourtValues,
    DealTonkTie,
    DrawStock,
    Drop,
    GameState,
    Hit,
    LaySpread,
    LowestTie,
    OutPay,
    OutWay,
    PackKind,
    PerPlayer,
    Rules,
    Scoring,
    Slap,
    Wilds,
)
from tonk.testing import strategies
from tonk.testing.strategies import (
    Playout,
    cards,
    deal_tonk_tables,
    game_states,
    player_counts,
    playouts,
    presets,
    rules,
)

T = TypeVar("T")

_FIRST = settings(
    database=None,
    derandomize=True,
    deadline=None,
    max_examples=2000,
    phases=(Phase.generate,),
)
_SMALLEST = settings(_FIRST, phases=(Phase.generate, Phase.shrink))


def drawn(strategy: st.SearchStrategy[T], condition: Callable[[T], bool]) -> T:
    """Return the first value drawn that meets ``condition`` (not shrunk)."""
    return find(strategy, condition, settings=_FIRST)


def smallest(strategy: st.SearchStrategy[T], condition: Callable[[T], bool]) -> T:
    """Return the value meeting ``condition`` that the strategy shrinks to."""
    return find(strategy, condition, settings=_SMALLEST)


def never(
    strategy: st.SearchStrategy[T], condition: Callable[[T], bool], examples: int
) -> None:
    """Assert that none of ``examples`` values drawn meets ``condition``."""
    with pytest.raises(NoSuchExample):
        find(strategy, condition, settings=settings(_FIRST, max_examples=examples))


def forty() -> Rules:
    """V1: no dealt hand counts 49, so only random rows or none fit."""
    return tonk.presets.BATON_ROUGE


# --- argument checks ------------------------------------------------------------


@pytest.mark.parametrize(
    ("min_rows", "shown"), [(-1, "-1"), (4, "4"), (True, "True"), ("1", "'1'")]
)
def test_deal_tonk_tables_refuse_min_rows_outside_0_to_3(
    min_rows: Any, shown: str
) -> None:
    with pytest.raises(InvalidArgument) as caught:
        deal_tonk_tables(min_rows=min_rows)
    assert str(caught.value) == f"min_rows must be 0..3, got {shown}"


@pytest.mark.parametrize("min_rows", [0, 1, 2, 3])
def test_deal_tonk_tables_take_min_rows_0_to_3(min_rows: int) -> None:
    table = smallest(deal_tonk_tables(forty(), min_rows=min_rows), lambda _: True)
    assert len(table) == min_rows


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"max_actions": -1}, "max_actions must be a non-negative int, got -1"),
        ({"max_actions": 2.0}, "max_actions must be a non-negative int, got 2.0"),
        ({"max_actions": True}, "max_actions must be a non-negative int, got True"),
        ({"rules": "pagat"}, "rules must be Rules or a strategy, got 'pagat'"),
        ({"players": "two"}, "players must be an int or a strategy, got 'two'"),
        ({"players": False}, "players must be an int or a strategy, got False"),
        ({"players": 1}, "players must be at least 2, got 1"),
        (
            {"rules": Rules(player_limit=3), "players": 4},
            "players must be 2..3 under these rules, got 4",
        ),
        (
            {"rules": Rules(player_limit=3), "players": 1},
            "players must be 2..3 under these rules, got 1",
        ),
    ],
)
@pytest.mark.parametrize("strategy", [playouts, game_states])
def test_playouts_and_states_refuse_bad_arguments_word_for_word(
    strategy: Callable[..., object], arguments: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidArgument) as caught:
        strategy(**arguments)
    assert str(caught.value) == message


def test_a_table_as_large_as_the_rules_allow_is_taken() -> None:
    table_rules = Rules(player_limit=3)
    playout = smallest(
        playouts(rules=table_rules, players=3, max_actions=0), lambda _: True
    )
    assert playout.players == 3
    assert playout.start.player_count == 3


# --- cards, presets and player counts -------------------------------------------


def test_cards_default_to_the_base_pack() -> None:
    assert smallest(cards(), lambda _: True) == tonk.Card.parse("AC")
    assert smallest(cards(None), lambda card: card.rank == 13) == tonk.Card.parse("KC")
    never(cards(), lambda card: card.rank is tonk.Rank.JOKER, 300)


def test_cards_are_the_distinct_cards_of_the_pack() -> None:
    chicago = tonk.presets.CHICAGO
    pack = set(chicago.pack(players=chicago.max_players))
    assert smallest(cards(chicago), lambda card: card.rank is tonk.Rank.JOKER) in pack
    never(cards(chicago), lambda card: card not in pack, 300)


def test_presets_draw_named_rule_sets_first_name_first() -> None:
    assert smallest(presets(), lambda _: True) == tonk.presets.BATON_ROUGE
    chicago = smallest(presets(), lambda table_rules: table_rules.has_wilds)
    assert chicago == tonk.presets.CHICAGO


def test_player_counts_run_from_2_to_the_rules_limit() -> None:
    counts = player_counts(Rules(player_limit=4))
    assert smallest(counts, lambda _: True) == 2
    assert drawn(counts, lambda players: players == 4) == 4
    never(counts, lambda players: not 2 <= players <= 4, 200)
    assert drawn(player_counts(Rules()), lambda players: players == 6) == 6
    never(player_counts(Rules()), lambda players: players > 6, 200)


# --- deal-tonk tables ------------------------------------------------------------


def test_the_default_table_comes_first_where_it_fits() -> None:
    default = Rules().deal_tonks
    assert smallest(deal_tonk_tables(), lambda _: True) == default
    assert smallest(deal_tonk_tables(None, min_rows=1), lambda _: True) == default
    assert smallest(deal_tonk_tables(forty()), lambda _: True) == ()
    ranked = Rules(court_values=CourtValues.RANKED, deal_tonks=())
    assert smallest(deal_tonk_tables(ranked), lambda _: True) == ()


def test_tables_hold_at_least_min_rows_and_at_most_three() -> None:
    for min_rows in (1, 2):
        tables = deal_tonk_tables(forty(), min_rows=min_rows)
        never(tables, lambda table, least=min_rows: len(table) < least, 200)  # type: ignore[misc]
    three = drawn(deal_tonk_tables(forty()), lambda table: len(table) == 3)
    assert len(three) == 3
    never(deal_tonk_tables(forty()), lambda table: len(table) > 3, 200)


def test_a_random_row_pays_1_to_3_and_draws_every_option() -> None:
    tables = deal_tonk_tables(forty(), min_rows=1)
    assert smallest(tables, lambda _: True)[0].pays == 1
    assert drawn(tables, lambda table: table[0].pays == 3)[0].pays == 3
    never(tables, lambda table: not all(1 <= row.pays <= 3 for row in table), 200)
    tie = drawn(tables, lambda table: table[0].tie is DealTonkTie.SPLIT)
    assert tie[0].tie is DealTonkTie.SPLIT
    late = drawn(tables, lambda table: table[0].after_spread)
    assert late[0].claim is not tonk.DealTonkClaim.AT_DEAL


def test_exact_totals_are_one_to_four_counts_a_dealt_hand_can_have() -> None:
    table_rules = Rules()
    tables = deal_tonk_tables(table_rules, min_rows=1)
    one = smallest(tables, lambda table: any(len(row.totals) == 1 for row in table))
    assert [row.totals for row in one] == [frozenset({6})]
    four = drawn(tables, lambda table: any(len(row.totals) == 4 for row in table))
    assert max(len(row.totals) for row in four) == 4
    never(tables, lambda table: any(len(row.totals) > 4 for row in table), 300)
    top = drawn(tables, lambda table: any(50 in row.totals for row in table))
    assert any(50 in row.totals for row in top)
    never(
        tables,
        lambda table: any(not row.totals <= set(range(6, 51)) for row in table),
        300,
    )


def test_a_threshold_runs_from_the_lowest_to_the_highest_dealt_count() -> None:
    tables = deal_tonk_tables(Rules(), min_rows=1)
    low = smallest(tables, lambda table: any(row.at_most is not None for row in table))
    assert [row.at_most for row in low] == [6]
    high = drawn(tables, lambda table: any(row.at_most == 50 for row in table))
    assert any(row.at_most == 50 for row in high)
    never(
        tables,
        lambda table: any(
            row.at_most is not None and not 6 <= row.at_most <= 50 for row in table
        ),
        300,
    )


def test_court_card_rows_run_from_one_to_the_largest_hand() -> None:
    tables = deal_tonk_tables(Rules(hand_size_by_players=((2, 7),)), min_rows=1)
    few = smallest(tables, lambda table: any(row.court_cards for row in table))
    assert [row.court_cards for row in few if row.court_cards] == [1]
    many = drawn(tables, lambda table: any(row.court_cards == 7 for row in table))
    assert any(row.court_cards == 7 for row in many)


def test_ranked_courts_never_get_49_or_50() -> None:
    """V6: with court values 11/12/13 the 49/50 deal tonks are off; 48 and 51 not."""
    ranked = Rules(court_values=CourtValues.RANKED, deal_tonks=())
    tables = deal_tonk_tables(ranked, min_rows=3)
    never(tables, lambda table: any(row.totals & {49, 50} for row in table), 400)
    for total in (48, 51):
        found = drawn(tables, lambda table, t=total: any(t in r.totals for r in table))  # type: ignore[misc]
        assert any(total in row.totals for row in found)


def test_counts_follow_the_hand_size_of_each_table() -> None:
    """X2: seven cards at two players count up to 70; three at most 30."""
    seven = deal_tonk_tables(Rules(hand_size_by_players=((2, 7),)), min_rows=1)
    found = drawn(seven, lambda table: any(row.at_most == 70 for row in table))
    assert any(row.at_most == 70 for row in found)
    three = Rules(
        hand_size=7, hand_size_by_players=((2, 3),), player_limit=2, deal_tonks=()
    )
    tables = deal_tonk_tables(three, min_rows=3)
    low = smallest(tables, lambda table: any(row.at_most is not None for row in table))
    assert min(row.at_most for row in low if row.at_most is not None) == 3
    never(
        tables,
        lambda table: any(
            (row.at_most or 0) > 30
            or (row.court_cards or 0) > 3
            or any(total > 30 for total in row.totals)
            for row in table
        ),
        300,
    )


def test_counts_come_from_the_packs_of_the_tables_seated() -> None:
    """V2: a table of four would deal two packs (five aces), but none sits."""
    table_rules = Rules(player_limit=3, two_packs_from=4)
    tables = deal_tonk_tables(table_rules, min_rows=1)
    low = smallest(tables, lambda table: any(row.at_most is not None for row in table))
    assert [row.at_most for row in low] == [6]
    two_packs = deal_tonk_tables(Rules(two_packs_from=2), min_rows=1)
    low = smallest(
        two_packs, lambda table: any(row.at_most is not None for row in table)
    )
    assert [row.at_most for row in low] == [5]


# --- rules(): every option can be drawn ------------------------------------------


def _random_catch(table_rules: Rules) -> Catch | None:
    named = {value for value in vars(Catch).values() if isinstance(value, Catch)}
    return None if table_rules.catch in named else table_rules.catch


def _random_going_out(table_rules: Rules) -> bool:
    tables = [tonk.presets.get(name).going_out for name in tonk.presets.names()]
    return table_rules.going_out not in [Rules().going_out, *tables]


_DRAWN: dict[str, Callable[[Rules], bool]] = {
    "forty cards": lambda r: r.pack_kind is PackKind.FORTY,
    "two packs": lambda r: r.two_packs_from is not None,
    "wild jokers": lambda r: r.wilds is Wilds.JOKERS and r.jokers == 1,
    "wilds without jokers": lambda r: r.wilds is not Wilds.NONE and r.jokers == 0,
    "jokers worth 0": lambda r: r.jokers > 0 and r.joker_value == 0,
    "jokers worth 25": lambda r: r.joker_value == 25,
    "ranked courts": lambda r: r.court_values is CourtValues.RANKED,
    "ace high": lambda r: r.ace_high,
    "hand of 3": lambda r: r.hand_size == 3,
    "hand of 7": lambda r: r.hand_size == 7,
    "X2 at 2": lambda r: any(players == 2 for players, _ in r.hand_size_by_players),
    "X2 at 3": lambda r: any(players == 3 for players, _ in r.hand_size_by_players),
    "X2 at 3 under a limit of 3": lambda r: (
        r.player_limit == 3
        and any(players == 3 for players, _ in r.hand_size_by_players)
    ),
    "no upcard": lambda r: not r.upcard,
    "another cut": lambda r: r.cut is not tonk.CutWinner.HIGHEST,
    "a player limit": lambda r: r.player_limit is not None,
    "widow": lambda r: r.widow,
    "any deal tonk clash": lambda r: r.deal_tonk_clash is not Rules().deal_tonk_clash,
    "any deal tonk tie": lambda r: r.deal_tonk_tie is not Rules().deal_tonk_tie,
    "max_turns 1": lambda r: r.max_turns == 1,
    "must spread": lambda r: r.must_spread,
    "three aces held": lambda r: r.three_aces_may_be_held,
    "spread_wait 0 and hit_wait 0": lambda r: (r.spread_wait, r.hit_wait) == (0, 0),
    "spread_wait 3": lambda r: r.spread_wait == 3,
    "hit_wait 3": lambda r: r.hit_wait == 3,
    "own_hit_wait": lambda r: r.own_hit_wait > 0,
    "no hits on own spreads": lambda r: not r.hit_own_spreads,
    "hit wait once per round": lambda r: r.hit_wait_once_per_round,
    "hit wait again": lambda r: r.hit_wait_again is not None,
    "hit wait once per turn": lambda r: r.hit_wait_once_per_turn,
    "hit bars going out": lambda r: r.hit_bars_going_out,
    "three card books": lambda r: not r.four_card_books,
    "max hits": lambda r: r.max_hits_per_turn is not None,
    "hit ends turn": lambda r: r.hit_ends_turn,
    "discard draw must meld": lambda r: r.discard_draw_must_meld,
    "no discard pickup": lambda r: not r.discard_pickup,
    "slap in": lambda r: r.slap_in,
    "slap priority next": lambda r: r.slap_priority_next,
    "eating": lambda r: r.eating,
    "three spread lock": lambda r: r.three_spread_lock,
    "drop ceiling": lambda r: r.drop_at_most is not None,
    "first turn drop ceiling": lambda r: r.first_turn_drop_at_most is not None,
    "boobed deck": lambda r: r.boobed_deck,
    "any stock end": lambda r: r.stock_end is tonk.StockEnd.DEAD,
    "no drops": lambda r: not r.drops,
    "upcard first only": lambda r: r.upcard_first_only,
    "closed play": lambda r: r.closed_play,
    "min naturals 1 with wilds": lambda r: r.has_wilds and r.min_naturals == 1,
    "min naturals 3": lambda r: r.min_naturals == 3,
    "tunk limit": lambda r: r.tunk_at_most is not None,
    "last turns": lambda r: r.last_turns,
    "tunk tie doubles": lambda r: r.tunk_tie_doubles,
    "hit and split": lambda r: r.hit_and_split,
    "drop bonus": lambda r: bool(r.drop_bonus),
    "match deals": lambda r: r.match_deals is not None,
    "match target": lambda r: r.match_target is not None,
    "no big one deals": lambda r: r.match_deals == 1 and r.big_one_deals == 0,
    "big one deals": lambda r: r.big_one_deals == 1,
    "elimination": lambda r: r.elimination_at is not None,
    "no bets": lambda r: (
        r.scoring is Scoring.PAPER and (r.suit_bet, r.naturals_bet) == (0, 0)
    ),
    "suit bet": lambda r: r.suit_bet == 3,
    "naturals bet": lambda r: r.naturals_bet == 3,
    "random going out": _random_going_out,
    "a random catch": lambda r: _random_catch(r) is not None,
    "a catch from lowest to others": lambda r: (
        (catch := _random_catch(r)) is not None and catch.lowest_from_others != 0
    ),
    "a catch with another lowest tie": lambda r: (
        (catch := _random_catch(r)) is not None
        and catch.lowest_tie is not LowestTie.EACH
    ),
    "a catch where ties do not catch": lambda r: (
        (catch := _random_catch(r)) is not None and not catch.ties_catch
    ),
    "a catch paying the lowest only": lambda r: (
        (catch := _random_catch(r)) is not None
        and (catch.to_catchers, catch.to_others) == (0, 0)
        and isinstance(catch.to_lowest, int)
        and catch.to_lowest > 0
    ),
}


@pytest.mark.parametrize("name", list(_DRAWN))
def test_rules_draw_each_option_the_docstring_names(name: str) -> None:
    condition = _DRAWN[name]
    assert condition(drawn(rules(), condition))


def test_rules_shrink_to_the_defaults() -> None:
    """Each option shrinks towards its default: max_turns too (B15), not to None."""
    assert smallest(rules(), lambda _: True) == Rules()
    no_limit = smallest(rules(), lambda r: r.max_turns != 200)
    assert no_limit == Rules(max_turns=None)
    table_rules = smallest(rules(), lambda r: r.elimination_at is not None)
    assert table_rules.elimination_at == 1
    assert table_rules.scoring is Scoring.PUSH_UPS


def test_rules_keep_the_bounds_their_docstring_gives() -> None:
    def out_of_bounds(r: Rules) -> bool:
        catch = _random_catch(r)
        amounts = () if catch is None else (catch.to_catchers, catch.to_lowest)
        return (
            not 0 <= r.joker_value <= 25
            or (r.elimination_at is not None and not 1 <= r.elimination_at <= 200)
            or (r.match_target is not None and not 1 <= r.match_target <= 200)
            or any(isinstance(a, int) and not 0 <= a <= 3 for a in amounts)
            or any(isinstance(a, PerPlayer) and a.times not in (1, 2) for a in amounts)
        )

    never(rules(), out_of_bounds, 300)


def test_random_going_out_tables_end_with_rows_paying_every_way() -> None:
    """B11: the last rows pay each way once, 1 to 4, without conditions."""

    def trailing(r: Rules) -> list[OutPay]:
        rows = []
        for row in reversed(r.going_out):
            if row != OutPay(pays=row.pays, by=row.by):
                break
            rows.append(row)
        return rows

    def split_and_paying_1(r: Rules) -> bool:
        rows = trailing(r)
        return _random_going_out(r) and len(rows) > 1 and rows[0].pays == 1

    table_rules = drawn(rules(), split_and_paying_1)
    rows = trailing(table_rules)
    assert sum(len(row.by) for row in rows) >= len(OutWay)

    never(rules(), lambda r: len({w for row in trailing(r) for w in row.by}) < 3, 200)

    def last_row_pays_some_ways(r: Rules) -> bool:
        return _random_going_out(r) and r.going_out[-1].by != frozenset(OutWay)

    table_rules = drawn(rules(), last_row_pays_some_ways)
    ways = [way for row in trailing(table_rules) for way in row.by]
    assert set(ways) == set(OutWay)


# --- playouts and states ---------------------------------------------------------


def test_playouts_default_to_drawn_rules() -> None:
    playout = smallest(playouts(max_actions=0), lambda _: True)
    assert playout == Playout.replay(Rules(), players=2, seed=0)
    hand = Rules(hand_size=7)
    chosen = smallest(playouts(rules=st.just(hand), max_actions=0), lambda _: True)
    assert chosen.rules == hand


def test_playouts_draw_players_and_dealers_in_range() -> None:
    table_rules = Rules()
    last = drawn(
        playouts(rules=table_rules, players=st.just(4), max_actions=0),
        lambda p: p.dealer == 3,
    )
    assert last.start == tonk.new_game(table_rules, players=4, seed=last.seed, dealer=3)
    assert last.start.dealer == 3
    never(
        playouts(rules=table_rules, max_actions=0),
        lambda p: not 0 <= p.dealer < p.players or not 0 <= p.seed < 2**32,
        300,
    )
    big = drawn(playouts(rules=table_rules, max_actions=0), lambda p: p.seed > 2**31)
    assert big.seed < 2**32


def test_playouts_keep_the_actions_they_play() -> None:
    table_rules = Rules()
    playout = drawn(
        playouts(rules=table_rules, players=2, max_actions=6),
        lambda p: len(p.actions) == 6,
    )
    twin = Playout.replay(
        table_rules,
        players=2,
        seed=playout.seed,
        dealer=playout.dealer,
        actions=playout.actions,
    )
    assert twin.states == playout.states
    assert twin == playout


def test_careless_players_drop_and_patient_ones_go_long() -> None:
    table_rules = Rules()
    dropped = drawn(
        playouts(rules=table_rules, players=2, max_actions=3),
        lambda p: bool(p.actions) and isinstance(p.actions[-1], Drop),
    )
    assert isinstance(dropped.actions[-1], Drop)


def test_by_default_a_playout_plays_up_to_200_actions() -> None:
    long_rules = Rules(max_turns=None, stock_end=tonk.StockEnd.LAST_CARD)
    longest = drawn(
        playouts(rules=long_rules, players=2), lambda p: len(p.actions) >= 200
    )
    assert len(longest.actions) == 200


def test_game_states_are_the_final_states_of_playouts() -> None:
    table_rules = Rules()
    state = smallest(
        game_states(rules=table_rules, players=3, max_actions=0), lambda _: True
    )
    assert state == tonk.new_game(table_rules, players=3, seed=0, dealer=0)
    one = drawn(
        game_states(rules=table_rules, players=2, max_actions=1),
        lambda s: s.phase is tonk.Phase.AFTER_DRAW,
    )
    assert one.phase is tonk.Phase.AFTER_DRAW
    never(
        game_states(rules=table_rules, players=2, max_actions=1),
        lambda s: len(s.hands[s.to_move]) > 6,
        100,
    )


# --- Playout ---------------------------------------------------------------------


def test_replay_deals_from_its_seed_and_dealer_and_plays_the_actions() -> None:
    table_rules = Rules(hand_size=7)
    playout = Playout.replay(
        table_rules, players=3, seed=7, dealer=1, actions=[DrawStock()]
    )
    start = tonk.new_game(table_rules, players=3, seed=7, dealer=1)
    assert playout.start == start
    assert playout.states == (start, tonk.apply(start, DrawStock()))
    assert playout.final == playout.states[1]
    assert playout.actions == (DrawStock(),)
    assert (playout.rules, playout.players, playout.seed, playout.dealer) == (
        table_rules,
        3,
        7,
        1,
    )
    dealt = Playout.replay(table_rules, players=2, seed=7)
    assert dealt.dealer == 0
    assert dealt.actions == ()
    assert dealt.states == (tonk.new_game(table_rules, players=2, seed=7),)


def test_replay_refuses_an_illegal_action() -> None:
    with pytest.raises(tonk.IllegalActionError):
        Playout.replay(Rules(), players=2, seed=7, actions=[DrawStock(), DrawStock()])


class _Text:
    def __init__(self) -> None:
        self.shown: list[str] = []

    def text(self, obj: str) -> None:
        self.shown.append(obj)


def test_a_playout_is_shown_with_its_rules_changes_only() -> None:
    playout = Playout.replay(
        Rules(hand_size=7, upcard=False), players=2, seed=7, actions=[DrawStock()]
    )
    printer = _Text()
    playout._repr_pretty_(printer, False)
    assert printer.shown == [
        "Playout(rules=Rules(hand_size=7, upcard=False), players=2, seed=7,"
        " dealer=0, actions=(DrawStock(),))"
    ]


# --- the patient player's choices --------------------------------------------------


def _states(table_rules: Rules) -> list[GameState]:
    states = []
    for seed in range(40):
        state = tonk.new_game(table_rules, players=2, seed=seed)
        if state.is_terminal:
            continue
        states.append(state)
        states.append(tonk.apply(state, DrawStock()))
    return states


def test_a_patient_player_neither_drops_nor_claims_while_it_can_wait() -> None:
    for state in _states(Rules()):
        options = tonk.legal_actions(state)
        patient = strategies._patient(state, options)
        if state.phase is tonk.Phase.TURN_START:
            assert any(isinstance(action, Drop) for action in options)
            assert patient == tuple(
                action for action in options if not isinstance(action, Drop)
            )
        else:
            melds = tuple(
                action
                for action in options
                if isinstance(action, LaySpread | Hit | Slap)
            )
            assert patient == (melds or options)


def test_a_patient_player_lays_a_spread_when_it_can() -> None:
    states = [
        state
        for state in _states(Rules())
        if state.phase is tonk.Phase.AFTER_DRAW
        and any(isinstance(a, LaySpread) for a in tonk.legal_actions(state))
    ]
    assert states
    for state in states:
        patient = strategies._patient(state, tonk.legal_actions(state))
        assert patient
        assert all(isinstance(action, LaySpread) for action in patient)


def test_a_forced_drop_is_still_played() -> None:
    """V27/V29: when a drop is all there is, the patient player plays it."""
    state = tonk.new_game(Rules(), players=2, seed=1)
    drop = tuple(a for a in tonk.legal_actions(state) if isinstance(a, Drop))
    assert strategies._patient(state, drop) == drop


@given(st.data())
def test_a_drawn_rule_set_is_rebuilt_from_its_changes(data: st.DataObject) -> None:
    table_rules = data.draw(rules())
    assert Rules(**strategies._changed(table_rules)) == table_rules  # type: ignore[arg-type]
    assert strategies._shown(table_rules).startswith("Rules(")


def test_no_drawn_rule_set_is_rejected() -> None:
    """The docstring's promise: values are valid by construction, none rejected."""
    rejected: list[int] = []

    @settings(max_examples=200, derandomize=True, database=None, deadline=None)
    @given(st.data())
    def draw_rules(data: st.DataObject) -> None:
        try:
            data.draw(rules())
        except UnsatisfiedAssumption:
            rejected.append(1)
            raise

    draw_rules()
    assert rejected == []
