"""The checks of a read or forged state name the exact fault and its JSON path.

Written to kill the survivors of mutation testing of ``tonk._checks``
(docs/maintainers.md, "Mutation testing"): each test forges a state (or an
outcome) one step from a reachable one and checks, through :func:`tonk.validate`
and the JSON loader, the error's exact path and message, or that a reachable
state at the edge of a check still passes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

import tonk
from tonk import Card, GameRecord, GameState, Phase, Rules
from tonk.testing import stack_deck


def _deal(rules: Rules | None = None, players: int = 2) -> GameState:
    """A hand just dealt (seed 7, dealer 0), so seat 1 is to move first."""
    return tonk.new_game(rules or Rules(), players=players, seed=7, dealer=0)


def _play(state: GameState, *texts: str) -> GameState:
    for text in texts:
        state = tonk.apply(state, tonk.parse_action(state, text))
    return state


def _stacked(
    rules: Rules,
    hands: list[str],
    *,
    upcard: str = "",
    stock: str = "",
    dealer: int = 0,
) -> GameState:
    deck = stack_deck(rules, hands=hands, upcard=upcard, stock=stock, dealer=dealer)
    return tonk.new_game(rules, players=len(hands), deck=deck, dealer=dealer)


def _forged(state: GameState, **fields: Any) -> GameState:
    """Return ``state`` with fields changed, bookkeeping fields included."""
    return attrs.evolve(state, **fields)


def _card(text: str) -> Card:
    return Card.parse(text)


def _refused(state: GameState, path: str, message: str, *, loads: bool = True) -> None:
    """Check that ``state`` is refused at ``path`` with exactly ``message``.

    The JSON loader must refuse the state's document alike (``loads``: the
    document can be written at all).
    """
    with pytest.raises(tonk.InvalidStateError) as validated:
        tonk.validate(state)
    assert validated.value.path == path
    assert str(validated.value) == f"{path}: {message}"
    if loads:
        with pytest.raises(tonk.InvalidStateError) as loaded:
            tonk.from_json(tonk.to_json(state), GameState)
        assert str(loaded.value) == str(validated.value)


def _valid(state: GameState) -> None:
    tonk.validate(state)
    assert tonk.from_json(tonk.to_json(state), GameState) == state


# --- the table, the seats and the values one a seat (check_state) ---------------------


def test_a_state_with_a_rules_or_phase_of_the_wrong_type_is_a_type_error() -> None:
    state = _deal()
    message = "a state's rules must be a Rules and its phase a Phase"
    with pytest.raises(TypeError) as rules:
        tonk.validate(_forged(state, rules=None))
    assert str(rules.value) == message
    with pytest.raises(TypeError) as phase:
        tonk.validate(_forged(state, phase="turn_start"))
    assert str(phase.value) == message


@pytest.mark.parametrize("name", ["dealer", "to_move", "turns_taken", "hits_this_turn"])
def test_a_counter_that_is_no_int_is_a_type_error_naming_it(name: str) -> None:
    with pytest.raises(TypeError) as info:
        tonk.validate(_forged(_deal(), **{name: 1.0}))
    assert str(info.value) == f"{name} must be an int, got 1.0"


def test_a_table_of_one_or_of_more_than_the_rules_seat_is_refused() -> None:
    state = _deal()
    most = Rules().max_players
    _refused(
        _forged(state, hands=state.hands[:1]),
        "$.hands",
        f"1 hand, but these rules seat 2..{most} players",
        loads=False,
    )
    _refused(
        _forged(state, hands=state.hands * most),
        "$.hands",
        f"{2 * most} hands, but these rules seat 2..{most} players",
        loads=False,
    )
    _valid(_deal(players=most))


@pytest.mark.parametrize(("name", "seat"), [("dealer", 2), ("to_move", -1)])
def test_a_dealer_or_seat_to_move_off_the_table_is_refused(
    name: str, seat: int
) -> None:
    _refused(
        _forged(_deal(), **{name: seat}),
        f"$.{name}",
        f"seat {seat} is not at the table of 2 players",
    )


@pytest.mark.parametrize(
    ("name", "values"),
    [
        ("waits", (0,)),
        ("going_out_barred", (False, False, False)),
        ("hit_this_round", (False,)),
        ("taken", ((),)),
    ],
)
def test_a_value_one_a_seat_is_refused_when_too_few_or_many(
    name: str, values: tuple[object, ...]
) -> None:
    _refused(
        _forged(_deal(), **{name: values}),
        f"$.{name}",
        f"must hold 2 values, one a seat, got {len(values)}",
        loads=False,
    )


def test_widows_and_exchanges_are_held_one_a_seat_only_under_the_widow() -> None:
    plain = _deal()
    _refused(
        _forged(plain, exchanged=(False, False)),
        "$.exchanged",
        "must hold 0 values, one a seat, got 2",
        loads=False,
    )
    widow = _deal(Rules(widow=True))
    _valid(widow)
    _refused(
        _forged(widow, widows=widow.widows[:1]),
        "$.widows",
        "must hold 2 values, one a seat, got 1",
        loads=False,
    )
    _refused(
        _forged(widow, exchanged=(False,)),
        "$.exchanged",
        "must hold 2 values, one a seat, got 1",
        loads=False,
    )


@pytest.mark.parametrize(
    ("name", "values", "message"),
    [
        ("waits", (0, True), "waits must hold one int per seat, got True"),
        (
            "going_out_barred",
            (False, 0),
            "going_out_barred must hold one bool per seat, got 0",
        ),
        (
            "hit_this_round",
            (None, False),
            "hit_this_round must hold one bool per seat, got None",
        ),
        ("exchanged", (False, 1), "exchanged must hold one bool per seat, got 1"),
    ],
)
def test_a_value_one_a_seat_of_the_wrong_type_is_a_type_error_naming_it(
    name: str, values: tuple[object, ...], message: str
) -> None:
    with pytest.raises(TypeError) as info:
        tonk.validate(_forged(_deal(Rules(widow=True)), **{name: values}))
    assert str(info.value) == message


# --- the cards in play are exactly the pack (_check_cards) ----------------------------


def _with_spreads() -> GameState:
    """Seat 0 has drawn and holds 3D 8H KS; spreads 5H 6H 7H and 9H 10H JH."""
    hands = ["5H 6H 7H 8H KS", "9H 10H JH 3C 4C"]
    state = _stacked(Rules(), hands, upcard="QS", stock="2C 2D 3D", dealer=1)
    state = _play(state, "draw stock", "spread 5H 6H 7H", "discard 2C")
    state = _play(state, "draw stock", "spread 9H 10H JH", "discard 2D")
    return _play(state, "draw stock")


def test_a_card_twice_is_named_where_it_is_found_the_second_time() -> None:
    state = _with_spreads()  # discard pile QS 2C 2D; stock AC 5C 6C...
    assert state.discard_pile == tonk.parse_cards("QS 2C 2D")
    _refused(
        _forged(state, stock=(_card("3D"), *state.stock[1:])),
        "$.stock[0]",
        "one 3D too many: the pack holds 1",
    )
    pile = (*state.discard_pile[:2], _card("4C"))
    _refused(
        _forged(state, discard_pile=pile),
        "$.discard_pile[2]",
        "one 4C too many: the pack holds 1",
    )
    first = state.spreads[0]
    spread = attrs.evolve(first, cards=(*first.cards[:2], _card("AC")))
    _refused(
        _forged(state, spreads=(spread, *state.spreads[1:])),
        "$.spreads[0].cards[2]",
        "one AC too many: the pack holds 1",
    )


def test_a_card_twice_among_the_widows_is_named_there() -> None:
    state = _deal(Rules(widow=True))
    widows = (state.widows[0], state.hands[0][0])
    _refused(
        _forged(state, widows=widows),
        "$.widows[1]",
        f"one {state.hands[0][0]} too many: the pack holds 1",
    )


def test_a_card_not_in_the_pack_is_named_where_it_is() -> None:
    state = _with_spreads()
    _refused(
        _forged(state, hands=(state.hands[0], (_card("3C"), _card("JK")))),
        "$.hands[1][1]",
        "JK is not in the pack of these rules",
    )


def test_the_first_card_missing_is_named_with_the_copies_held() -> None:
    state = _with_spreads()  # the stock starts AC 5C 6C
    _refused(
        _forged(state, stock=state.stock[2:]),
        "$",
        "AC is missing: the pack holds 1, the state 0",
    )
    packs = Rules(two_packs_from=2)
    two = _deal(packs)
    assert two.stock.count(two.stock[0]) == 2
    missing = two.stock[0]
    _refused(
        _forged(two, stock=two.stock[1:]),
        "$",
        f"{missing} is missing: the pack holds 2, the state 1",
    )
    _refused(
        _forged(two, stock=(*two.stock, missing)),
        f"$.stock[{len(two.stock)}]",
        f"one {missing} too many: the pack holds 2",
    )


# --- hands (_check_hands) -------------------------------------------------------------


def _moved(state: GameState, seat: int, count: int) -> GameState:
    """Move the top ``count`` cards of the stock into a seat's hand."""
    hand = tuple(sorted((*state.hands[seat], *state.stock[:count])))
    hands = tuple(
        hand if index == seat else held for index, held in enumerate(state.hands)
    )
    return _forged(state, hands=hands, stock=state.stock[count:])


def test_an_unsorted_hand_is_refused() -> None:
    state = _deal()
    hand = tuple(reversed(state.hands[1]))
    _refused(
        _forged(state, hands=(state.hands[0], hand)),
        "$.hands[1]",
        "a hand must be sorted by suit, then rank",
    )


def test_only_the_seat_that_has_drawn_holds_a_card_more_than_dealt() -> None:
    state = _deal()
    _refused(
        _moved(state, 1, 1), "$.hands[1]", "6 cards, more than a hand can hold now (5)"
    )
    drawn = _play(state, "draw stock")
    _valid(drawn)
    _refused(
        _moved(drawn, 1, 1), "$.hands[1]", "7 cards, more than a hand can hold now (6)"
    )
    _refused(
        _moved(drawn, 0, 1), "$.hands[0]", "6 cards, more than a hand can hold now (5)"
    )


def test_a_card_taken_from_the_pile_must_still_be_in_the_hand() -> None:
    state = _play(_deal(), "draw discard")  # seat 1 takes the 4D
    assert state.taken[1] == (_card("4D"),)
    _valid(state)
    _refused(
        _forged(state, taken=((), (_card("4D"), _card("4D")))),
        "$.taken[1]",
        "the cards taken from the discard pile must be in the hand",
    )
    _refused(
        _forged(state, taken=((_card("4D"),), state.taken[1])),
        "$.taken[0]",
        "the cards taken from the discard pile must be in the hand",
    )


# --- spreads (_check_spreads) ---------------------------------------------------------


def _respread(state: GameState, index: int, **fields: Any) -> GameState:
    spreads = list(state.spreads)
    spreads[index] = attrs.evolve(spreads[index], **fields)
    return _forged(state, spreads=tuple(spreads))


@pytest.mark.parametrize(
    ("index", "fields", "path", "message"),
    [
        (0, {"number": 2}, "$.spreads[0].number", "spread 1 must have number 1, got 2"),
        (1, {"number": 1}, "$.spreads[1].number", "spread 2 must have number 2, got 1"),
        (
            0,
            {"owner": 2},
            "$.spreads[0].owner",
            "seat 2 is not at the table of 2 players",
        ),
        (
            1,
            {"turn": 3},
            "$.spreads[1].turn",
            "turn 3 is not one of the hand's turns 0..2",
        ),
        (
            0,
            {"turn": -1},
            "$.spreads[0].turn",
            "turn -1 is not one of the hand's turns 0..2",
        ),
        (
            0,
            {"turn": 1},
            "$.spreads[0].owner",
            "turn 1 was seat 1's (B6), so seat 0 cannot have laid spread 1 in it",
        ),
        (
            1,
            {"turn": 2},
            "$.spreads[1].owner",
            "turn 2 was seat 0's (B6), so seat 1 cannot have laid spread 2 in it",
        ),
        (
            0,
            {"turn": 2},
            "$.spreads[1].turn",
            "spreads are numbered in the order of the turns they were laid in",
        ),
        (
            0,
            {"hitters": (2,)},
            "$.spreads[0].hitters[0]",
            "seat 2 is not at the table of 2 players",
        ),
        (
            0,
            {"hitters": (0, -1)},
            "$.spreads[0].hitters[1]",
            "seat -1 is not at the table of 2 players",
        ),
        (
            0,
            {"hitters": (1,)},
            "$.spreads[0].hitters",
            "1 hit onto a spread of 3 cards",
        ),
        (
            1,
            {"stands_for": tonk.parse_cards("9H 10H")},
            "$.spreads[1].stands_for",
            "2 cards stood for, for 3 cards",
        ),
        (
            0,
            {"stands_for": tonk.parse_cards("4H 6H 7H")},
            "$.spreads[0].cards[0]",
            "5H is not wild, so it cannot stand for 4H",
        ),
        (
            1,
            {"stands_for": tonk.parse_cards("9H 10H JK")},
            "$.spreads[1].stands_for[2]",
            "a card stands for a natural card, not a joker",
        ),
        (1, {"kind": tonk.SpreadKind.BOOK}, "$.spreads[1]", "not a valid book"),
        (
            1,
            {
                "cards": tonk.parse_cards("JH 9H 10H"),
                "stands_for": tonk.parse_cards("JH 9H 10H"),
            },
            "$.spreads[1].stands_for",
            "the cards of a run must be laid out in order",
        ),
    ],
)
def test_a_forged_spread_is_refused_naming_the_field(
    index: int, fields: dict[str, Any], path: str, message: str
) -> None:
    state = _with_spreads()
    _valid(state)
    _refused(_respread(state, index, **fields), path, message)


def test_a_spread_laid_in_the_turn_under_way_is_valid() -> None:
    hands = ["5H 6H 7H 8H KS", "9H 10H JH 3C 4C"]
    state = _stacked(Rules(), hands, upcard="QS", stock="2C 2D 3D", dealer=1)
    state = _play(state, "draw stock", "spread 5H 6H 7H")
    assert state.spreads[0].turn == state.turns_taken == 0
    _valid(state)


def test_two_spreads_laid_in_one_turn_are_valid() -> None:
    rules = Rules(hand_size=7)
    hands = ["5H 6H 7H 9C 9D 9S KS", "2C 3D 4S 6C 8D 10S QH"]
    state = _stacked(rules, hands, upcard="QS", stock="AD 2D 3S", dealer=1)
    state = _play(state, "draw stock", "spread 5H 6H 7H", "spread 9C 9D 9S")
    assert [spread.turn for spread in state.spreads] == [0, 0]
    _valid(state)
    _refused(
        _respread(state, 1, number=3),
        "$.spreads[1].number",
        "spread 2 must have number 2, got 3",
    )


# --- the tunk and the buried upcard (_check_tunk; H3, H5) -----------------------------

TUNKER = "3H 4H 5H 7C 7D 7S AS"  # seat 1: with a drawn 4C, unmatched AS 4C = 5
HOYLE_HANDS = ["6C 8D 10D KS KH 3D 10S", TUNKER, "KC KD QH JH 9S 8S 6D"]


def _tunked() -> GameState:
    """Under hoyle, seat 1 draws the 4C and tunks on 5; seat 2 is to move."""
    state = _stacked(tonk.presets.HOYLE, HOYLE_HANDS, upcard="5D", stock="4C 10C 5S")
    state = _play(state, "draw stock", "tunk 3H 4H 5H / 7C 7D 7S")
    assert state.tunker == 1
    return state


def test_a_tunker_whose_taken_cards_are_not_its_hand_is_refused() -> None:
    state = _tunked()
    _valid(state)
    _refused(
        _forged(state, taken=((), (), ())),
        "$.taken[1]",
        "the tunker's unmatched cards are face up: its taken cards are its hand",
    )


def test_a_tunker_off_the_table_or_under_rules_without_a_tunk_is_refused() -> None:
    _refused(
        _forged(_tunked(), tunker=3),
        "$.tunker",
        "seat 3 is not at the table of 3 players",
    )
    _refused(_forged(_deal(), tunker=0), "$.tunker", "these rules have no tunk (H5)")


def test_a_tunker_or_burial_of_the_wrong_type_is_a_type_error() -> None:
    with pytest.raises(TypeError) as tunker:
        tonk.validate(_forged(_tunked(), tunker=1.0))
    assert str(tunker.value) == "tunker must be an int or None, got 1.0"
    with pytest.raises(TypeError) as buried:
        tonk.validate(_forged(_deal(), buried=1))
    assert str(buried.value) == "buried must be a bool, got 1"


def test_only_upcard_first_only_buries_the_upcard() -> None:
    buried = _play(
        _stacked(tonk.presets.HOYLE, HOYLE_HANDS, upcard="5D", stock="4C"), "draw stock"
    )
    assert buried.buried
    _valid(buried)
    _refused(
        _forged(_deal(), buried=True),
        "$.buried",
        "only upcard_first_only buries the upcard (H3)",
    )


# --- an eating window (_check_eating_window; X5) --------------------------------------

EATING_HANDS = ["KC KD 2S 3H 8C", "7H 8H 9H KS 5D", "10C 5C 6D 7S JC", "JS QS 9C 4S 2D"]


def _eating() -> GameState:
    """Seat 1 lays its run and discards the KS: seats 3 and 0 are asked to eat."""
    state = _stacked(Rules(eating=True), EATING_HANDS, upcard="QH", stock="QD 4C 9S")
    state = _play(state, "draw stock", "spread 7H 8H 9H", "discard KS")
    assert state.slap == tonk.SlapWindow(
        card=_card("KS"), discarder=1, due=2, waiting=(3, 0)
    )
    return state


@pytest.mark.parametrize(
    ("fields", "path", "message"),
    [
        ({"due": 4}, "$.slap.due", "seat 4 is not at the table of 4 players"),
        (
            {"discarder": 0},
            "$.slap.discarder",
            "the discard to eat was made by the seat on the due player's right",
        ),
        (
            {"waiting": (3, 2)},
            "$.slap.waiting",
            "neither the discarder nor the due player is asked to eat",
        ),
        (
            {"waiting": (3, 1)},
            "$.slap.waiting",
            "neither the discarder nor the due player is asked to eat",
        ),
        (
            {"waiting": (0, 3)},
            "$.slap.waiting",
            "the seats are asked to eat from the due player's left",
        ),
    ],
)
def test_a_forged_eating_window_is_refused_naming_the_field(
    fields: dict[str, Any], path: str, message: str
) -> None:
    state = _eating()
    _valid(state)
    assert state.slap is not None
    window = attrs.evolve(state.slap, **fields)
    _refused(_forged(state, slap=window), path, message)


def test_an_eating_window_in_the_extra_discard_phase_is_refused() -> None:
    _refused(
        _forged(_eating(), phase=Phase.EXTRA_DISCARD),
        "$.phase",
        "under eating (X5) a window has no phase extra_discard",
    )


# --- a slap-in window (_check_window; V26) --------------------------------------------


def _slap_window() -> GameState:
    """Seat 1 discarded the 8H, which fits seat 0's 5H 6H 7H: seat 1 is asked first."""
    hands = ["5H 6H 7H KS QS", "8H 2C 3D 4S 9C"]
    state = _stacked(Rules(slap_in=True), hands, upcard="JD", stock="KD AS", dealer=1)
    state = _play(state, "draw stock", "spread 5H 6H 7H", "discard KD")
    state = _play(state, "draw stock", "discard 8H")
    assert state.slap == tonk.SlapWindow(
        card=_card("8H"), discarder=1, due=0, waiting=(1, 0)
    )
    return state


def _extra_discard() -> GameState:
    """Seat 1 passes and seat 0 slaps the 8H onto its run: it owes a discard."""
    state = _play(_slap_window(), "pass")
    state = tonk.apply(state, tonk.Slap(1))
    assert state.phase is Phase.EXTRA_DISCARD
    assert state.slap is not None
    assert (state.slap.slapper, state.slap.waiting) == (0, ())
    return state


def _rewindow(state: GameState, **fields: Any) -> GameState:
    assert state.slap is not None
    return _forged(state, slap=attrs.evolve(state.slap, **fields))


@pytest.mark.parametrize(
    ("fields", "path", "message"),
    [
        (
            {"discarder": 2},
            "$.slap.discarder",
            "seat 2 is not at the table of 2 players",
        ),
        ({"due": -1}, "$.slap.due", "seat -1 is not at the table of 2 players"),
        (
            {"due": 1},
            "$.slap.due",
            "seat 0 is due to play the next turn (B6), not seat 1",
        ),
        (
            {"waiting": (2, 0)},
            "$.slap.waiting[0]",
            "seat 2 is not at the table of 2 players",
        ),
        ({"waiting": (1, 1)}, "$.slap.waiting[1]", "seat 1 is repeated"),
        (
            {"waiting": ()},
            "$.slap.waiting",
            "the first seat waiting must be the seat to move",
        ),
        (
            {"waiting": (0, 1)},
            "$.slap.waiting",
            "the first seat waiting must be the seat to move",
        ),
        (
            {"slapper": 0},
            "$.slap.slapper",
            "nobody has slapped while the window is open",
        ),
        (
            {"card": _card("KD")},
            "$.slap.card",
            "the card to slap must be the top discard",
        ),
    ],
)
def test_a_forged_slap_window_is_refused_naming_the_field(
    fields: dict[str, Any], path: str, message: str
) -> None:
    state = _slap_window()
    _valid(state)
    _refused(_rewindow(state, **fields), path, message)


@pytest.mark.parametrize(
    ("fields", "path", "message"),
    [
        ({"waiting": (1,)}, "$.slap.waiting", "nobody waits once a slap is made"),
        ({"slapper": 1}, "$.slap.slapper", "the slapper is the seat to move"),
        ({"slapper": None}, "$.slap.slapper", "the slapper is the seat to move"),
    ],
)
def test_a_forged_slap_owing_an_extra_discard_is_refused_naming_the_field(
    fields: dict[str, Any], path: str, message: str
) -> None:
    state = _extra_discard()
    _valid(state)
    _refused(_rewindow(state, **fields), path, message)


def test_a_slap_window_needs_its_rules_a_spread_and_the_window() -> None:
    state = _slap_window()
    message = "phase slap_window needs slap-in rules, a spread and a slap window"
    _refused(_forged(state, slap=None), "$.slap", message)
    unlaid = _forged(state, spreads=(), stock=(*state.stock, *state.spreads[0].cards))
    _refused(unlaid, "$.slap", message)
    _refused(
        _forged(_eating(), slap=None),
        "$.slap",
        "phase slap_window needs an eating window",
    )


def test_no_window_is_open_outside_its_phases() -> None:
    state = _play(_slap_window(), "pass", "pass")
    assert state.phase is Phase.TURN_START
    _refused(
        _forged(state, slap=_slap_window().slap),
        "$.slap",
        "no slap-in window is open in phase turn_start",
    )


# --- the phase, the turn and the card to use (_check_phase) ---------------------------


def test_an_outcome_is_held_exactly_at_the_hand_s_end() -> None:
    message = "a state has an outcome exactly when its phase is hand_over"
    _refused(_forged(_deal(), phase=Phase.HAND_OVER), "$.outcome", message)
    over = _play(_deal(), "drop")
    _refused(_forged(over, phase=Phase.TURN_START), "$.outcome", message)


def test_a_negative_turn_count_is_refused() -> None:
    _refused(
        _forged(_deal(), turns_taken=-1), "$.turns_taken", "cannot be negative, got -1"
    )


def test_the_hand_ends_after_max_turns_turns_at_the_latest() -> None:
    rules = Rules(max_turns=2)
    state = _play(_deal(rules), "draw stock", "discard 9C")
    assert (state.turns_taken, state.phase) == (1, Phase.TURN_START)
    _valid(state)
    message = "the hand ends after max_turns=2 turns, at the latest"
    _refused(_forged(state, turns_taken=2, to_move=0), "$.turns_taken", message)
    over = _play(state, "draw stock", "discard KH")
    assert (over.turns_taken, over.phase) == (2, Phase.HAND_OVER)
    _valid(over)
    _refused(_forged(over, turns_taken=3), "$.turns_taken", message)


def test_the_last_turns_after_a_tunk_may_pass_max_turns() -> None:
    rules = attrs.evolve(tonk.presets.HOYLE, max_turns=1)
    state = _stacked(rules, HOYLE_HANDS, upcard="5D", stock="4C 10C 5S")
    state = _play(state, "draw stock", "tunk 3H 4H 5H / 7C 7D 7S")
    assert (state.turns_taken, state.phase, state.tunker) == (1, Phase.TURN_START, 1)
    _valid(state)


def test_the_seat_to_move_is_the_dealer_s_left_then_play_goes_left() -> None:
    state = _deal(players=3)
    rule = "the dealer's left plays the first turn, then play goes left (B6)"
    _refused(
        _forged(state, to_move=2), "$.to_move", f"seat 1 is to move, not seat 2: {rule}"
    )
    drawn = _play(state, "draw stock")
    _refused(
        _forged(drawn, turns_taken=1),
        "$.to_move",
        f"seat 2 is to move, not seat 1: {rule}",
    )


MUST_USE = (
    "a card must be used at once (V24d), or kept (X8), only just after taking it"
    " from the discard pile, and it is then in the hand"
)


def test_a_card_kept_after_taking_it_is_held_just_after_the_draw() -> None:
    state = _play(_deal(Rules(discard_pickup=False)), "draw discard")
    assert state.must_use == _card("4D")
    _valid(state)
    _refused(_forged(state, must_use=_card("JC")), "$.must_use", MUST_USE)
    turn_start = _forged(_deal(Rules(discard_pickup=False)), must_use=_card("AC"))
    _refused(turn_start, "$.must_use", MUST_USE)
    plain = _play(_deal(), "draw discard")
    _refused(_forged(plain, must_use=_card("4D")), "$.must_use", MUST_USE)


def test_a_card_to_use_at_once_is_valid_under_v24d() -> None:
    rules = Rules(discard_draw_must_meld=True)
    hands = ["9C QC 7D AS QS", "3D 5D 9H KS QH"]
    state = _play(_stacked(rules, hands, upcard="4D"), "draw discard")
    assert state.must_use == _card("4D")
    _valid(state)


# --- the waits, bars, charges and exchanges (_check_bookkeeping; V22-V24b, V46) -------

HITS = Rules(
    spread_wait=1,
    hit_wait=2,
    hit_wait_again=3,
    hit_own_spreads=True,
    own_hit_wait=1,
    hit_bars_going_out=True,
)


def _hit_twice(rules: Rules = HITS) -> GameState:
    """Seat 0 has hit its own 5H 6H 7H with the 4H and seat 1's 9H 10H JH with the 8H.

    Forged from a reachable state: seat 0 could charge itself a wait of 2
    (its spread and its own hit), seat 1 one of 4 (its spread, and seat 0's hit,
    whose wait is at most ``hit_wait_again``). Seat 0, to move after its draw,
    holds the KS.
    """
    base = _with_spreads()
    own, other = base.spreads
    four = _card("4H")
    eight = _card("8H")
    spreads = (
        attrs.evolve(
            own, cards=(four, *own.cards), stands_for=(four, *own.cards), hitters=(0,)
        ),
        attrs.evolve(
            other,
            cards=(eight, *other.cards),
            stands_for=(eight, *other.cards),
            hitters=(0,),
        ),
    )
    return _forged(
        base,
        rules=rules,
        spreads=spreads,
        hands=(tonk.parse_cards("KS"), base.hands[1]),
        stock=(*(card for card in base.stock if card != four), _card("3D")),
    )


def test_a_wait_is_refused_past_what_the_seat_s_spreads_and_hits_could_charge() -> None:
    state = _hit_twice()
    _refused(
        _forged(state, waits=(3, 0)),
        "$.waits[0]",
        "a wait of 3 turns, more than the spreads seat 0 laid and the hits onto them"
        " could charge (2; V22, V23)",
    )
    _refused(
        _forged(state, waits=(2, 5)),
        "$.waits[1]",
        "a wait of 5 turns, more than the spreads seat 1 laid and the hits onto them"
        " could charge (4; V22, V23)",
    )
    without_again = attrs.evolve(HITS, hit_wait_again=None)
    _refused(
        _forged(_hit_twice(without_again), waits=(0, 4)),
        "$.waits[1]",
        "a wait of 4 turns, more than the spreads seat 1 laid and the hits onto them"
        " could charge (3; V22, V23)",
    )


def test_a_hit_charges_no_wait_without_hit_waits() -> None:
    no_hit_wait = attrs.evolve(HITS, hit_wait=0, hit_wait_again=None)
    _refused(
        _forged(_hit_twice(no_hit_wait), waits=(0, 2)),
        "$.waits[1]",
        "a wait of 2 turns, more than the spreads seat 1 laid and the hits onto them"
        " could charge (1; V22, V23)",
    )


def test_a_negative_wait_is_refused() -> None:
    _refused(
        _forged(_deal(), waits=(0, -1)), "$.waits[1]", "cannot be negative, got -1"
    )


def test_a_going_out_bar_needs_its_rule_and_another_seat_s_hit() -> None:
    state = _hit_twice()
    _refused(
        _forged(state, going_out_barred=(True, False)),
        "$.going_out_barred[0]",
        "no other seat has hit a spread of seat 0, so nothing bars it from going out"
        " (V22)",
    )
    unbarred = _hit_twice(attrs.evolve(HITS, hit_bars_going_out=False))
    _refused(
        _forged(unbarred, going_out_barred=(False, True)),
        "$.going_out_barred",
        "only hit_bars_going_out (V22) bars a seat from going out",
    )


CHARGE = (
    "a hit wait is charged for another seat's hit onto the seat's spread (hit_wait,"
    " V22), and the charge lasts only while that wait does"
)


def test_a_hit_wait_s_charge_needs_the_rule_a_hit_by_another_and_the_wait() -> None:
    state = _hit_twice()
    _refused(
        _forged(state, waits=(1, 0), hit_this_round=(True, False)),
        "$.hit_this_round[0]",
        CHARGE,
    )
    _refused(
        _forged(state, hit_this_round=(False, True)), "$.hit_this_round[1]", CHARGE
    )
    no_hit_wait = attrs.evolve(HITS, hit_wait=0, hit_wait_again=None)
    _refused(
        _forged(_hit_twice(no_hit_wait), waits=(0, 1), hit_this_round=(False, True)),
        "$.hit_this_round[1]",
        CHARGE,
    )


def test_a_seat_exchanges_with_its_widow_from_its_first_turn_on() -> None:
    state = _deal(Rules(widow=True), players=3)
    state = _play(state, "draw stock", "discard KC", "exchange 4D")
    assert (state.turns_taken, state.exchanged) == (1, (False, False, True))
    _valid(state)
    _refused(
        _forged(state, exchanged=(True, False, True)),
        "$.exchanged[0]",
        "seat 0 cannot have exchanged with its widow before its first turn (V46)",
    )


# --- the hits of this turn (_check_hits_this_turn; V24b) ------------------------------


@pytest.mark.parametrize(
    ("hits", "phase", "message"),
    [
        (-1, Phase.AFTER_DRAW, "-1 hits made this turn, in phase after_draw"),
        (1, Phase.TURN_START, "1 hits made this turn, in phase turn_start"),
    ],
)
def test_hits_this_turn_are_made_after_the_draw_and_never_negative(
    hits: int, phase: Phase, message: str
) -> None:
    state = _hit_twice()
    if phase is Phase.TURN_START:
        state = _forged(state, phase=phase, hands=(state.hands[0], state.hands[1]))
    _refused(_forged(state, hits_this_turn=hits), "$.hits_this_turn", message)


def test_hits_this_turn_are_at_most_the_rules_limit() -> None:
    state = _hit_twice(attrs.evolve(HITS, max_hits_per_turn=1))
    _refused(
        _forged(state, hits_this_turn=2),
        "$.hits_this_turn",
        "more hits made this turn than max_hits_per_turn=1 (V24b)",
    )


def test_hits_this_turn_are_at_most_the_seat_s_hits_and_the_cards_it_could_hit() -> (
    None
):
    state = _hit_twice()  # seat 0 has made 2 hits and holds 1 card
    _valid(state)
    _valid(_forged(state, hits_this_turn=2))
    _refused(
        _forged(state, hits_this_turn=3),
        "$.hits_this_turn",
        "3 hits made this turn by seat 0, which has made 2 hits in all and holds 1"
        " card",
    )
    full = _moved(state, 0, 5)  # 6 cards after the draw: no card has left the hand
    _refused(
        _forged(full, hits_this_turn=1),
        "$.hits_this_turn",
        "1 hit made this turn by seat 0, which has made 2 hits in all and holds 6"
        " cards",
    )
    five = _moved(state, 0, 4)
    _refused(
        _forged(five, hits_this_turn=2),
        "$.hits_this_turn",
        "2 hits made this turn by seat 0, which has made 2 hits in all and holds 5"
        " cards",
    )


# --- an outcome (check_outcome) -------------------------------------------------------


def _caught() -> GameState:
    """Seat 1 drops at a table of three and is caught by seat 2 (35, 36, 20)."""
    state = _play(_deal(players=3), "drop")
    assert state.outcome is not None
    assert state.outcome.kind is tonk.OutcomeKind.CAUGHT
    assert state.outcome.payoffs == (1, -4, 3)
    assert len(state.outcome.transfers) == 3
    return state


def _reoutcome(state: GameState, **fields: Any) -> GameState:
    assert state.outcome is not None
    return _forged(state, outcome=attrs.evolve(state.outcome, **fields))


def _retransfer(state: GameState, index: int, **fields: Any) -> GameState:
    assert state.outcome is not None
    transfers = list(state.outcome.transfers)
    transfers[index] = attrs.evolve(transfers[index], **fields)
    return _reoutcome(state, transfers=tuple(transfers))


@pytest.mark.parametrize(
    ("forge", "path", "message"),
    [
        (
            lambda s: _reoutcome(s, payoffs=(1, -4)),
            "$.outcome.payoffs",
            "2 payoffs for a table of 3 players",
        ),
        (
            lambda s: _retransfer(s, 2, payer=3),
            "$.outcome.transfers[2].payer",
            "seat 3 is not at the table of 3 players",
        ),
        (
            lambda s: _retransfer(s, 1, payee=-1),
            "$.outcome.transfers[1].payee",
            "seat -1 is not at the table of 3 players",
        ),
        (
            lambda s: _retransfer(s, 2, payee=0),
            "$.outcome.transfers[2].payee",
            "a seat cannot pay itself",
        ),
        (
            lambda s: _retransfer(s, 1, amount=0),
            "$.outcome.transfers[1].amount",
            "an amount must be more than 0, got 0",
        ),
        (
            lambda s: _retransfer(s, 2, amount=-1),
            "$.outcome.transfers[2].amount",
            "an amount must be more than 0, got -1",
        ),
        (
            lambda s: _reoutcome(s, payoffs=(0, -4, 4)),
            "$.outcome.payoffs",
            "the payoffs must be the net of the transfers: (1, -4, 3)",
        ),
        (
            lambda s: _reoutcome(s, winners=(3,)),
            "$.outcome.winners[0]",
            "seat 3 is not at the table of 3 players",
        ),
        (
            lambda s: _reoutcome(s, winners=(2, 0, 2)),
            "$.outcome.winners[2]",
            "seat 2 is repeated",
        ),
        (
            lambda s: _reoutcome(s, dropper=3),
            "$.outcome.dropper",
            "seat 3 is not at the table of 3 players",
        ),
        (
            lambda s: _reoutcome(s, dropper=None),
            "$.outcome.dropper",
            "a dropper is given exactly when the hand ended by a drop or a tunk",
        ),
        (
            lambda s: _reoutcome(s, counts=None),
            "$.outcome.counts",
            "the counts are shown unless a player went out",
        ),
        (
            lambda s: _reoutcome(s, counts=(35, 36)),
            "$.outcome.counts",
            "2 counts for a table of 3 players",
        ),
        (
            lambda s: _reoutcome(s, counts=(35, -1, 20)),
            "$.outcome.counts[1]",
            "a count cannot be negative, got -1",
        ),
        (
            lambda s: _reoutcome(s, counts=(35, 36, 21)),
            "$.outcome.counts",
            "the counts must be those of the hands: (35, 36, 20)",
        ),
    ],
)
def test_a_forged_outcome_is_refused_naming_the_field(
    forge: Callable[[GameState], GameState], path: str, message: str
) -> None:
    state = _caught()
    _valid(state)
    _refused(forge(state), path, message)


def test_a_hand_ended_by_going_out_shows_no_counts_and_no_dropper() -> None:
    hands = ["5H 6H 7H 8H KS", "10H JH QH 3C 4C"]
    state = _stacked(Rules(), hands, upcard="QS", stock="2C 2D 9H", dealer=1)
    state = _play(state, "draw stock", "spread 5H 6H 7H 8H", "discard 2C")
    state = _play(state, "draw stock", "discard 2D", "draw stock", "hit 1 9H")
    out = _play(state, "discard KS")  # seat 0's last card
    assert out.outcome is not None
    assert out.outcome.kind is tonk.OutcomeKind.OUT_BY_DISCARD
    _valid(out)
    _refused(
        _reoutcome(out, counts=(0, 7)),
        "$.outcome.counts",
        "the counts are shown unless a player went out",
    )
    _refused(
        _reoutcome(out, dropper=0),
        "$.outcome.dropper",
        "a dropper is given exactly when the hand ended by a drop or a tunk",
    )


def _record_with(outcome: dict[str, Any]) -> dict[str, Any]:
    record = GameRecord(rules=Rules(), players=2, seed=7, actions=(tonk.Drop(),))
    data = tonk.to_dict(record)
    data["outcome"] = outcome
    return data


def test_a_record_s_outcome_may_show_a_count_of_0_but_none_below() -> None:
    outcome = tonk.to_dict(_play(_deal(), "drop"))["outcome"]
    outcome["counts"] = [0, 16]
    read = tonk.from_dict(_record_with(outcome), GameRecord)
    assert read.outcome is not None
    assert read.outcome.counts == (0, 16)
    outcome["counts"] = [16, -1]
    with pytest.raises(tonk.SerializationError) as info:
        tonk.from_dict(_record_with(outcome), GameRecord)
    assert str(info.value) == "$.outcome.counts[1]: a count cannot be negative, got -1"


# --- a live state offers a legal action (_check_result) -------------------------------


def test_a_live_state_whose_player_has_no_legal_action_is_refused() -> None:
    rules = Rules(discard_draw_must_meld=True)
    hands = ["9C QC 7D AS QS", "3D 5D 9H KS QH"]
    state = _play(_stacked(rules, hands, upcard="4D"), "draw discard")
    taken = ((), (_card("4D"), _card("KS")))  # the KS taken too: it must be used
    _refused(
        _forged(state, must_use=_card("KS"), taken=taken),
        "$",
        "the player to move would have no legal action",
    )


# --- each hand's size against the cards placed (_check_hand_sizes) --------------------


def _unmoved(state: GameState, seat: int) -> GameState:
    """Move the seat's first card to the bottom of the stock."""
    hands = list(state.hands)
    hands[seat] = state.hands[seat][1:]
    return _forged(
        state, hands=tuple(hands), stock=(*state.stock, state.hands[seat][0])
    )


def _must_hold(seat: int, held: int, phase: str, shown: str) -> str:
    return (
        f"seat {seat} holds {held} cards, but with the cards it has placed and the"
        f" phase {phase} it must hold {shown}"
    )


def test_a_hand_holds_the_cards_dealt_less_those_placed() -> None:
    _refused(
        _forged(_deal(), phase=Phase.AFTER_DRAW),
        "$.hands[1]",
        _must_hold(1, 5, "after_draw", "6"),
    )
    state = _with_spreads()  # seat 0 has placed 3 cards, and drawn
    _refused(
        _forged(state, phase=Phase.TURN_START),
        "$.hands[0]",
        _must_hold(0, 3, "turn_start", "2"),
    )
    _refused(
        _moved(_hit_twice(), 0, 1),  # seat 0 has placed 5 cards, and drawn
        "$.hands[0]",
        _must_hold(0, 2, "after_draw", "1"),
    )
    moved = _moved(state, 1, 1)  # seat 1 has placed 3 cards
    _refused(moved, "$.hands[1]", _must_hold(1, 3, "after_draw", "2"))


def test_a_slap_by_the_discarder_leaves_it_a_card_more() -> None:
    slapped = tonk.apply(_slap_window(), tonk.Slap(1))  # seat 1, which owes no discard
    assert slapped.phase is Phase.TURN_START
    assert len(slapped.hands[1]) == 5
    _valid(slapped)
    _refused(
        _unmoved(_unmoved(slapped, 1), 1),
        "$.hands[1]",
        _must_hold(1, 3, "turn_start", "4..5"),
    )
    _refused(_moved(slapped, 0, 1), "$.hands[0]", _must_hold(0, 3, "turn_start", "2"))


def test_a_slap_owing_a_discard_holds_the_card_to_discard() -> None:
    state = _extra_discard()  # seat 0 slapped and must discard
    _valid(state)
    _refused(
        _moved(state, 0, 2), "$.hands[0]", _must_hold(0, 4, "extra_discard", "2..3")
    )


def test_a_hit_that_ends_the_turn_leaves_the_hitter_a_card_more() -> None:
    rules = Rules(hit_ends_turn=True)
    hands = ["8H 2C 3D 4S 9C", "5H 6H 7H KS QS"]
    state = _stacked(rules, hands, upcard="JD", stock="KD AS JC", dealer=0)
    state = _play(state, "draw stock", "spread 5H 6H 7H", "discard KD")
    state = _play(state, "draw stock", "hit 1 8H")
    assert (state.phase, state.to_move, len(state.hands[0])) == (Phase.TURN_START, 1, 5)
    _valid(state)
    _refused(
        _unmoved(_unmoved(state, 0), 0),
        "$.hands[0]",
        _must_hold(0, 3, "turn_start", "4..5"),
    )


def test_the_seat_that_spreads_out_ends_the_hand_with_no_card() -> None:
    hands = ["5H 6H 7H 9C 9D", "10H JH QH 3C 4C"]
    state = _stacked(Rules(), hands, upcard="QS", stock="9S", dealer=1)
    out = _play(state, "draw stock", "spread 5H 6H 7H", "spread 9C 9D 9S")
    assert out.phase is Phase.HAND_OVER
    assert out.hands[0] == ()
    _valid(out)


def test_the_tunker_keeps_the_card_it_did_not_discard() -> None:
    state = _tunked()  # seat 1 holds AS 4C, one more than its spreads leave
    _valid(state)
    _refused(
        _forged(state, phase=Phase.AFTER_DRAW),
        "$.hands[2]",
        _must_hold(2, 7, "after_draw", "8"),
    )


def test_a_tunk_with_no_spread_keeps_the_drawn_card_in_the_hand() -> None:
    rules = Rules(jokers=2, tunk_at_most=5, deal_tonks=())
    hands = ["5H 6H 7H 9C 9D", "JK JK AC AD AH"]
    state = _play(_stacked(rules, hands, upcard="QS", stock="AS 3C"), "draw stock")
    tunked = tonk.apply(state, tonk.Tunk())  # counts 4: settled at once (H5)
    assert (tunked.phase, tunked.tunker, len(tunked.hands[1])) == (
        Phase.HAND_OVER,
        1,
        6,
    )
    _valid(tunked)
    _refused(
        _moved(tunked, 0, 1),
        "$.hands[0]",
        "6 cards, more than a hand can hold now (5)",
    )


def test_an_emptied_hand_is_short_of_its_cards_unless_a_rule_empties_it() -> None:
    state = _deal()
    emptied = _forged(
        state, hands=((), state.hands[1]), stock=(*state.stock, *state.hands[0])
    )
    _refused(emptied, "$.hands[0]", _must_hold(0, 0, "turn_start", "5"))


def test_under_the_boobed_deck_a_seat_that_spread_its_hand_plays_on_empty() -> None:
    rules = Rules(boobed_deck=True, exhaustion_tie=tonk.ExhaustionTie.DEAD_HAND)
    hands = ["2C 3D 4S 8C 10D", "5H 6H 7H 9C 9D"]
    state = _stacked(rules, hands, upcard="QS", stock="9S KD KH")
    # The stock's other cards lie under the upcard: 3 cards left, V27 applies,
    # after the 38 turns that drew them (seat 1 is to move again).
    state = _forged(
        state,
        stock=state.stock[:3],
        discard_pile=(*state.stock[3:], *state.discard_pile),
        turns_taken=len(state.stock) - 3,
    )
    state = _play(state, "draw stock", "spread 5H 6H 7H", "spread 9C 9D 9S")
    assert (state.phase, state.to_move, state.hands[1]) == (Phase.TURN_START, 0, ())
    _valid(state)


def test_a_hit_that_ends_the_turn_counts_in_the_last_turns_after_a_tunk() -> None:
    rules = attrs.evolve(tonk.presets.HOYLE, hit_ends_turn=True)
    state = _forged(_tunked(), rules=rules)
    run = state.spreads[1]
    six = _card("6H")
    hit = attrs.evolve(
        run, cards=(*run.cards, six), stands_for=(*run.cards, six), hitters=(2,)
    )
    kept = state.hands[2][2:]  # seat 2 hit the 6H and holds two cards fewer
    forged = _forged(
        state,
        spreads=(state.spreads[0], hit),
        hands=(*state.hands[:2], kept),
        stock=(*(card for card in state.stock if card != six), *state.hands[2][:2]),
    )
    _refused(forged, "$.hands[2]", _must_hold(2, 5, "turn_start", "6..7"))
