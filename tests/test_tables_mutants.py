"""The card tables' empty entries: the tests that kill ``_tables.py``'s mutants.

Mutation testing of ``src/tonk/_tables.py`` (docs/maintainers.md, "Mutation
testing") left mutants of the defaults :func:`tonk._tables.card_tables`
starts its tables from, before it fills the entries of the cards in the pack:
the value (0), the wildness (``False``) and the hand-sum unit (0) of a card
not in the pack, the unit of a joker that is not wild (0), and the mark of a
run place that holds no card (-1). Through the public API these tests pin
what :meth:`tonk.Rules.card_value` and :meth:`tonk.Rules.is_wild` answer for
a card the forty-card pack (V1) leaves out. The hand-sum units and the
run-place mark no public answer shows, so they are pinned on
:func:`tonk._tables.tables_of`, as the docstrings of
:class:`tonk._tables.Tables` state them: a non-wild joker's unit lands in
the sum's unused lowest field (at most 8 jokers: 5 + 8 stays below 16), and
the readers of run places read only the places held, or ask ``>= 0``, or
(the wild hits onto a run at an end of its suit) check each card found with
``fits``, which refuses one of another suit. Those wild hits are pinned too,
through the public API: only the one card below the ace or above the king
that exists is offered (V4, B10).
"""

from __future__ import annotations

import pytest

import tonk
from tonk import Card, GameState, Hit, PackKind, Rules, WildCard, Wilds
from tonk._hand_sum import PLACES, WILD_HELD, run_place
from tonk._tables import tables_of
from tonk.cards import JOKER_CODE
from tonk.errors import RulesError
from tonk.testing import stack_deck


def card(text: str) -> Card:
    return Card.parse(text)


def forty() -> Rules:
    """V1 with the 2s and jokers wild (V5); no deal tonk (none reaches 49)."""
    return Rules(
        pack_kind=PackKind.FORTY,
        jokers=2,
        wilds=Wilds.JOKERS_AND_TWOS,
        deal_tonks=(),
    )


# --- a card the forty-card pack leaves out (V1) ------------------------------


def test_a_card_left_out_of_the_forty_card_pack_has_no_value_and_no_wildness() -> None:
    """The rules refuse to value a card their pack lacks; the pack's own count."""
    rules = forty()
    assert card("8H") not in rules.pack()
    for text in ("8H", "9S", "10D"):
        for ask in (rules.card_value, rules.is_wild):
            with pytest.raises(RulesError) as caught:
                ask(card(text))
            assert str(caught.value) == f"{text} is not a card of these rules' pack"
    assert rules.card_value(card("7C")) == 7
    assert rules.is_wild(card("2C")) is True


def test_a_card_is_valued_and_tested_for_wildness_only_as_a_card() -> None:
    rules = forty()
    for bad, shown in (("8H", "'8H'"), (None, "None"), (8, "8")):
        for ask in (rules.card_value, rules.is_wild):
            with pytest.raises(TypeError) as caught:
                ask(bad)  # type: ignore[arg-type]
            assert str(caught.value) == f"card must be a Card, got {shown}"


def test_the_tables_of_a_card_left_out_of_the_pack_are_empty() -> None:
    """Value 0, not wild, no run position, no book unit, no hand-sum unit."""
    tables = tables_of(forty())
    left_out = [card(f"{rank}{suit}") for rank in (8, 9, 10) for suit in "CDHS"]
    for code in (c.code for c in left_out):
        assert tables.values[code] == 0
        assert tables.wild[code] is False
        assert tables.positions[code] == ()
        assert tables.book_unit[code] == 0
        assert tables.hand_unit[code] == 0


# --- the joker's unit in a hand's sum ----------------------------------------


def test_a_joker_adds_nothing_to_the_hand_sum_unless_it_is_wild() -> None:
    """V3: a joker that is not wild is in no spread, so it adds 0; wild, one wild."""
    assert tables_of(Rules(jokers=2)).hand_unit[JOKER_CODE] == 0
    assert tables_of(Rules(jokers=2)).wild[JOKER_CODE] is False
    assert tables_of(Rules(jokers=2, wilds=Wilds.JOKERS)).hand_unit[JOKER_CODE] == (
        WILD_HELD
    )


# --- run places that hold no card --------------------------------------------


def test_a_run_place_without_a_card_is_marked_minus_1() -> None:
    """Position 0 and the positions past the top of each suit hold no card."""
    clubs = tables_of(Rules()).run_card[run_place(0, 0) : run_place(1, 0)]
    assert clubs == (-1, *range(13), -1, -1)
    for rules, filled in ((Rules(), 52), (Rules(ace_high=True), 56), (forty(), 40)):
        run_card = tables_of(rules).run_card
        assert len(run_card) == PLACES
        assert run_card.count(-1) == PLACES - filled
        naturals = {c.code for c in rules.pack() if c.code != JOKER_CODE}
        assert set(run_card) - {-1} == naturals


# --- wild hits onto a run at an end of its suit (V4, B10) --------------------


def hits_after_run(run: str, stock: str) -> set[Hit]:
    """Seat 0 spreads ``run`` and discards; seat 1, holding a joker, draws.

    Returns the hits seat 1 is offered onto that run.
    """
    rules = Rules(jokers=2, wilds=Wilds.JOKERS, joker_value=25)
    hands = [f"{run} 4C 5D", "JK 3S 6D 8S 2D"]
    deck = stack_deck(rules, hands=hands, stock=stock, dealer=1)
    state: GameState = tonk.new_game(rules, players=2, deck=deck, dealer=1)
    for text in ("draw stock", f"spread {run}", "discard 9C", "draw stock"):
        state = tonk.apply(state, tonk.parse_action(state, text))
    assert state.to_move == 1
    return {a for a in tonk.legal_actions(state) if isinstance(a, Hit)}


def jk(stands_for: str) -> WildCard:
    return WildCard(card("JK"), card(stands_for))


def test_a_wild_hits_a_run_up_to_the_king_only_below_it() -> None:
    """No card is above the king without ace high (V10): only JK=10H is offered."""
    assert hits_after_run("JH QH KH", "9C 9D") == {Hit(1, jk("10H"))}


def test_a_wild_hits_a_run_from_the_ace_only_above_it() -> None:
    """No card is below the ace: only JK=4H is offered."""
    assert hits_after_run("AH 2H 3H", "9C 9D") == {Hit(1, jk("4H"))}
