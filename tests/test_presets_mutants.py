"""The details of `tonk.presets` that mutation testing found untested.

Each test pins what the named rule sets promise: every preset is exactly the
options its docstring documents (built here, option by option, from
``Rules()``'s defaults), each name and alias finds its preset whatever its
case, dashes, spaces or surrounding blanks, an unknown name is refused with
the exact message (the name cut short, the known names listed), and
``name_of`` gives each preset's name back. docs/maintainers.md lists the
mutants left.
"""

from __future__ import annotations

import re

import pytest

from tonk import (
    Catch,
    CutWinner,
    DealTonk,
    DealTonkClaim,
    DealTonkClash,
    DealTonkTie,
    DropPay,
    ExhaustionTie,
    LowestTie,
    OutPay,
    OutWay,
    PackKind,
    PerPlayer,
    Rules,
    RulesError,
    Scoring,
    StockEnd,
    Wilds,
    presets,
)

NAMES = (
    "baton_rouge",
    "chicago",
    "club_events",
    "elimination",
    "encyclopedia",
    "fifty_only",
    "forty_cash",
    "hoyle",
    "low_high_deal",
    "newark",
    "pagat",
    "push_ups",
    "rushville",
    "seattle",
    "sheet",
    "split_pot",
    "vietnam",
    "washington_dc",
    "washington_state",
)

KNOWN = "known presets: " + ", ".join(NAMES)


def _documented(name: str) -> Rules:
    """The rule set the preset ``name`` documents, built option by option."""
    pagat_out = (
        OutPay(pays=2, by={OutWay.HIT, OutWay.SPREAD}),
        OutPay(pays=1, by={OutWay.DISCARD}),
    )
    forty: dict[str, object] = {
        "pack_kind": PackKind.FORTY,
        "deal_tonks": (DealTonk(totals={47, 50}),),
    }
    push_ups: dict[str, object] = {"scoring": Scoring.PUSH_UPS}
    options: dict[str, dict[str, object]] = {
        "pagat": {},
        "baton_rouge": forty,
        "seattle": {"hand_size": 7},
        "vietnam": {**forty, "hand_size": 7},
        "washington_dc": {
            "deal_tonks": (
                DealTonk(at_most=11),
                DealTonk(totals={50}),
                DealTonk(totals={49}),
            ),
            "deal_tonk_clash": DealTonkClash.BEST_HAND,
            "deal_tonk_tie": DealTonkTie.VOID,
        },
        "newark": {
            "deal_tonks": (
                DealTonk(totals={50}),
                DealTonk(totals={49}),
                DealTonk(at_most=13),
            ),
            "deal_tonk_clash": DealTonkClash.BEST_HAND,
            "deal_tonk_tie": DealTonkTie.NEAREST_DEALER_LEFT,
            "going_out": (
                OutPay(
                    pays=4, first_turn=True, spreads_this_turn=2, hit_this_turn=False
                ),
                *pagat_out,
            ),
        },
        "rushville": {
            "deal_tonks": (DealTonk(court_cards=5, pays=2),),
            "boobed_deck": True,
            "exhaustion_tie": ExhaustionTie.DEAD_HAND,
            "going_out": (OutPay(pays=2),),
            "catch": Catch(to_catchers=4),
        },
        "chicago": {
            "jokers": 2,
            "wilds": Wilds.JOKERS_AND_TWOS,
            "joker_value": 0,
            "upcard": False,
            "deal_tonks": (
                DealTonk(totals={50}),
                DealTonk(at_most=13, tie=DealTonkTie.VOID),
                DealTonk(totals={49}, pays=1, claim=DealTonkClaim.BEFORE_FIRST_TURN),
            ),
            "deal_tonk_clash": DealTonkClash.BEST_HAND,
            "deal_tonk_tie": DealTonkTie.VOID,
            "going_out": (
                OutPay(pays=1, hit_this_hand=True),
                OutPay(pays=1, first_turn=False, spreads_this_turn=2),
                *pagat_out,
            ),
            "catch": Catch(to_catchers=2),
        },
        "washington_state": {
            "deal_tonks": (
                DealTonk(totals={50}),
                DealTonk(totals={49}),
                DealTonk(at_most=14),
            ),
            "deal_tonk_clash": DealTonkClash.ALL_PAID,
            "player_limit": 6,
            "hit_wait": 1,
            "catch": Catch(to_catchers=PerPlayer(2)),
            "scoring": Scoring.PAPER,
        },
        "sheet": {
            "cut": CutWinner.LOWEST,
            "two_packs_from": 5,
            "stock_end": StockEnd.FORCED_KNOCK,
            "going_out": (OutPay(pays=2, spread_before=False), OutPay(pays=1)),
            "match_target": 100,
        },
        "push_ups": push_ups,
        "fifty_only": {"player_limit": 2, "deal_tonks": (DealTonk(totals={50}),)},
        "club_events": {"player_limit": 3, "deal_tonks": ()},
        "low_high_deal": {
            "deal_tonks": (DealTonk(totals={49, 50}), DealTonk(at_most=15)),
            "catch": Catch(to_catchers=2),
        },
        "elimination": {**push_ups, "elimination_at": 100},
        "split_pot": {
            "player_limit": 4,
            "deal_tonk_clash": DealTonkClash.BEST_HAND,
            "deal_tonk_tie": DealTonkTie.SPLIT,
            "catch": Catch(to_lowest=PerPlayer(2), lowest_tie=LowestTie.SPLIT),
        },
        "encyclopedia": {
            "jokers": 2,
            "wilds": Wilds.JOKERS,
            "player_limit": 4,
            "hit_wait": 1,
            "hit_wait_again": 1,
            "catch": Catch(to_catchers=1, ties_catch=False),
        },
        "forty_cash": {
            "pack_kind": PackKind.FORTY,
            "player_limit": 4,
            "deal_tonks": (
                DealTonk(totals={50}, pays=2),
                DealTonk(
                    totals={41},
                    pays=3,
                    claim=DealTonkClaim.AFTER_FIRST_TURN,
                    after_spread=True,
                ),
            ),
            "drop_bonus": (DropPay(at_most=11, pays=3),),
            "hit_wait": 2,
            "hit_wait_again": 1,
            "hit_wait_once_per_turn": True,
            "hit_own_spreads": False,
            "discard_pickup": False,
            "stock_end": StockEnd.LAST_CARD,
            "catch": Catch(to_lowest=2, lowest_from_others=1),
        },
        "hoyle": {
            "hand_size": 7,
            "wilds": Wilds.JOKERS_AND_TWOS,
            "min_naturals": 2,
            "deal_tonks": (),
            "upcard_first_only": True,
            "drops": False,
            "closed_play": True,
            "tunk_at_most": 5,
            "last_turns": True,
            "stock_end": StockEnd.DEAD,
            "player_limit": 5,
            "scoring": Scoring.PUSH_UPS,
            "elimination_at": 100,
        },
    }
    return Rules(**options[name])  # type: ignore[arg-type]


def test_names_are_every_preset_sorted() -> None:
    assert presets.names() == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_each_preset_is_the_options_it_documents(name: str) -> None:
    rules = presets.get(name)
    assert rules is getattr(presets, name.upper())
    assert rules == _documented(name)


def test_the_presets_are_different_rule_sets() -> None:
    # Each name is a rule set of its own, so name_of can name each one back.
    assert len({presets.get(name) for name in NAMES}) == len(NAMES)


@pytest.mark.parametrize(
    ("written", "name"),
    [
        ("Baton-Rouge", "baton_rouge"),
        ("baton rouge", "baton_rouge"),
        ("  WASHINGTON state\t", "washington_state"),
        ("washington-dc", "washington_dc"),
        ("Push Ups", "push_ups"),
        ("low-high deal", "low_high_deal"),
        ("FORTY_CASH", "forty_cash"),
    ],
)
def test_case_dashes_spaces_and_blanks_are_ignored(written: str, name: str) -> None:
    assert presets.get(written) is presets.get(name)


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("standard", "pagat"),
        ("Typical", "pagat"),
        ("default", "pagat"),
        ("US Army", "baton_rouge"),
        ("40-card", "baton_rouge"),
        ("40_card", "baton_rouge"),
        ("7-card", "seattle"),
        ("seven card", "seattle"),
        ("Lepape", "washington_state"),
        ("sauri", "washington_dc"),
        ("jacobs", "push_ups"),
    ],
)
def test_each_alias_names_its_preset(alias: str, name: str) -> None:
    assert presets.get(alias) is presets.get(name)


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("klondike", "'klondike'"),
        ("", "''"),
        ("pagat-x", "'pagat-x'"),  # the name as given, not the key looked up
        ("Seattle 7", "'Seattle 7'"),
        ("x" * 5000, "'" + "x" * 47 + "..." + "x" * 48 + "'"),  # cut short
    ],
)
def test_an_unknown_name_is_refused_with_the_known_names(
    written: str, shown: str
) -> None:
    with pytest.raises(RulesError) as raised:
        presets.get(written)
    assert str(raised.value) == f"no preset named {shown}; {KNOWN}"
    assert raised.value.__cause__ is None
    assert raised.value.__suppress_context__


def test_an_alias_is_not_a_name_of_its_own() -> None:
    # An alias finds its preset, but a preset's name is not looked up twice.
    with pytest.raises(RulesError, match=re.escape("no preset named 'pagat_x'")):
        presets.get("pagat_x")


@pytest.mark.parametrize("name", NAMES)
def test_name_of_names_each_preset_back(name: str) -> None:
    assert presets.name_of(presets.get(name)) == name
    assert presets.name_of(_documented(name)) == name  # equal, not the same


def test_name_of_other_rules_is_none() -> None:
    assert presets.name_of(Rules(hand_size=6)) is None
    assert presets.name_of(Rules(hand_size=7, jokers=2)) is None
