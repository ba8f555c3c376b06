"""The :class:`Rules` of a hand of Tonk: one frozen value holding every option.

Every option is keyword-only, typed, validated when the value is built, and
documented with the RULES.md ID it implements. ``Rules()`` is pagat's typical
game (B1–B15).

Examples:
    >>> Rules() == Rules(max_turns=200)
    True
    >>> Rules(exhaustion_tie=ExhaustionTie.SPLIT).exhaustion_tie
    <ExhaustionTie.SPLIT: 'split'>
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from tonk._validate import is_int
from tonk.cards import CODE_COUNT, JOKER_CODE, Card, Rank, card_from_code
from tonk.errors import RulesError

__all__ = ["DealTonk", "DealTonkClash", "ExhaustionTie", "Rules"]


class ExhaustionTie(enum.StrEnum):
    """How a tie for lowest count is paid when the stock runs out (B14).

    Examples:
        >>> ExhaustionTie("dead_hand") is ExhaustionTie.DEAD_HAND
        True
    """

    ALL_PAID = "all_paid"
    """Every player tied lowest is paid 1x by each player not tied (default)."""
    DEAD_HAND = "dead_hand"
    """A tie for lowest makes the hand dead: nobody pays."""
    SPLIT = "split"
    """The players tied lowest share the 1x each other player pays."""


class DealTonkClash(enum.StrEnum):
    """What happens when several dealt hands win at the deal (B5).

    Examples:
        >>> DealTonkClash.VOID.value
        'void'
    """

    VOID = "void"
    """The hand is void: no payments, and the next dealer deals (B5)."""


def _to_totals(value: Any) -> frozenset[int]:
    if isinstance(value, int | str | bytes):
        raise TypeError(f"totals must be a collection of ints, got {value!r}")
    return frozenset(value)


@attrs.frozen(kw_only=True)
class DealTonk:
    """One row of the deal-tonk table: which dealt hands win, and what they pay.

    Args:
        totals: Dealt counts that win (B5: 49 and 50).
        pays: What each other player pays the holder, in base stakes.

    Examples:
        >>> DealTonk(totals={49, 50}).pays
        2
        >>> DealTonk(totals={50}, pays=0)
        Traceback (most recent call last):
        ...
        tonk.errors.RulesError: a deal tonk must pay at least 1, got 0
    """

    totals: frozenset[int] = attrs.field(converter=_to_totals)
    pays: int = 2

    def __attrs_post_init__(self) -> None:
        """Validate the row."""
        if not self.totals:
            raise RulesError("a deal tonk needs at least one winning total")
        for total in self.totals:
            if not is_int(total) or total < 0:
                raise RulesError(
                    f"deal tonk totals must be non-negative ints, got {total!r}"
                )
        if not is_int(self.pays) or self.pays < 1:
            raise RulesError(f"a deal tonk must pay at least 1, got {self.pays!r}")

    def wins(self, count: int) -> bool:
        """Return whether a dealt hand counting ``count`` wins under this row.

        Examples:
            >>> DealTonk(totals={49, 50}).wins(49)
            True
        """
        return count in self.totals


def _to_deal_tonks(value: Any) -> tuple[DealTonk, ...]:
    return tuple(value)


@attrs.frozen
class _Tables:
    """Lookup tables the engine derives once from a rule set."""

    values: tuple[int, ...]
    """Count value of each card, indexed by :attr:`Card.code`."""
    run_next: tuple[int, ...]
    """Code of the next card up in a run, or -1; indexed by code."""
    run_previous: tuple[int, ...]
    """Code of the next card down in a run, or -1; indexed by code."""
    run_bit: tuple[int, ...]
    """A bit per card such that cards next to each other in a run have
    neighbouring bits and suits are separated by a gap: three run cards in hand
    show as three neighbouring bits. 0 for a card that is never in a run."""
    book_unit: tuple[int, ...]
    """``1 << 4 * rank`` per card (0 for a joker): summed over a hand, each 4-bit
    field counts the cards of one rank."""
    pack: tuple[Card, ...]
    """The pack in its canonical (unshuffled) order."""
    has_duplicates: bool
    """Whether the pack holds some card more than once."""


def _build_tables() -> _Tables:
    values = [0] * CODE_COUNT
    run_next = [-1] * CODE_COUNT
    run_previous = [-1] * CODE_COUNT
    run_bit = [0] * CODE_COUNT
    book_unit = [0] * CODE_COUNT
    for code in range(JOKER_CODE):
        card = card_from_code(code)
        rank = card.rank
        values[code] = min(int(rank), 10)  # B1: A=1, 2-10 face value, J/Q/K=10
        if rank is not Rank.KING:  # B9: the ace is low only
            run_next[code] = code + 1
            run_previous[code + 1] = code
        run_bit[code] = 1 << (code // 13 * 14 + int(rank))
        book_unit[code] = 1 << (4 * int(rank))
    pack = tuple(card_from_code(code) for code in range(JOKER_CODE))
    return _Tables(
        tuple(values),
        tuple(run_next),
        tuple(run_previous),
        tuple(run_bit),
        tuple(book_unit),
        pack,
        len(set(pack)) < len(pack),
    )


def _check_max_turns(rules: Rules, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None and (not is_int(value) or value < 1):
        raise RulesError(f"max_turns must be a positive int or None, got {value!r}")


@attrs.frozen(kw_only=True)
class Rules:
    """The options of a hand of Tonk; ``Rules()`` is pagat's typical game.

    Each option names the RULES.md rule it implements. Invalid values raise
    :class:`~tonk.errors.RulesError` when the value is built.

    Examples:
        >>> Rules().max_turns
        200
        >>> Rules(max_turns=0)
        Traceback (most recent call last):
        ...
        tonk.errors.RulesError: max_turns must be a positive int or None, got 0
    """

    deal_tonks: tuple[DealTonk, ...] = attrs.field(
        default=(DealTonk(totals=frozenset({49, 50}), pays=2),),
        converter=_to_deal_tonks,
    )
    """B5: the dealt hands that win at once, and what each pays. ``()`` turns
    deal tonks off. A hand satisfying several rows uses the first."""

    deal_tonk_clash: DealTonkClash = attrs.field(
        default=DealTonkClash.VOID, converter=DealTonkClash
    )
    """B5: what happens when two or more dealt hands win."""

    exhaustion_tie: ExhaustionTie = attrs.field(
        default=ExhaustionTie.ALL_PAID, converter=ExhaustionTie
    )
    """B14: how a tie for lowest count is paid when the stock runs out."""

    max_turns: int | None = attrs.field(default=200, validator=_check_max_turns)
    """B15: the termination guard. After this many completed turns the hand ends
    and is settled as a stock exhaustion (B14). ``None`` means unbounded."""

    _tables: _Tables = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        """Validate option combinations and derive the lookup tables."""
        for row in self.deal_tonks:
            if not isinstance(row, DealTonk):
                raise TypeError(f"deal_tonks must hold DealTonk rows, got {row!r}")
        object.__setattr__(self, "_tables", _TABLES)

    @property
    def hand_size(self) -> int:
        """The number of cards dealt to each player (B4).

        Examples:
            >>> Rules().hand_size
            5
        """
        return 5

    @property
    def upcard(self) -> bool:
        """Whether a card is turned up to start the discard pile (B4).

        Examples:
            >>> Rules().upcard
            True
        """
        return True

    @property
    def max_players(self) -> int:
        """The largest table the deal fits: every hand and the upcard (B2).

        Examples:
            >>> Rules().max_players
            10
        """
        return (len(self._tables.pack) - int(self.upcard)) // self.hand_size

    def pack(self) -> tuple[Card, ...]:
        """Return the pack these rules use, in its canonical order (B1).

        Examples:
            >>> pack = Rules().pack()
            >>> len(pack), pack[0], pack[-1]
            (52, Card.parse('AC'), Card.parse('KS'))
        """
        return self._tables.pack

    def card_value(self, card: Card) -> int:
        """Return what ``card`` counts when left in hand (B1, B12).

        Examples:
            >>> from tonk import parse_cards
            >>> rules = Rules()
            >>> [rules.card_value(card) for card in parse_cards("AS 7D 10H KC")]
            [1, 7, 10, 10]
        """
        return self._tables.values[card.code]


_TABLES = _build_tables()
