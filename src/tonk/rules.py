"""The :class:`Rules` of a hand of Tonk: one frozen value holding every option.

Every option is keyword-only, typed, validated when the value is built, and
documented with the rule ID it implements (docs/rules/). ``Rules()`` is pagat's typical
game (B1–B15); each variant (V1–V47) is an option, and options combine.

Examples:
    >>> Rules() == Rules(max_turns=200)
    True
    >>> chicago_like = Rules(wilds=Wilds.JOKERS_AND_TWOS, jokers=2, hand_size=7)
    >>> len(chicago_like.pack())
    54
"""

from __future__ import annotations

import enum
import functools
import typing
from collections.abc import Iterable
from typing import Any

import attrs

from tonk._tables import reachable_counts, tables_of
from tonk._validate import brief, instance_of, is_int
from tonk.cards import Card
from tonk.errors import RulesError

__all__ = [
    "Catch",
    "CourtValues",
    "CutWinner",
    "DealTonk",
    "DealTonkClaim",
    "DealTonkClash",
    "DealTonkTie",
    "DropPay",
    "ExhaustionTie",
    "LowestTie",
    "OutPay",
    "OutWay",
    "PackKind",
    "PerPlayer",
    "Rules",
    "Scoring",
    "StockEnd",
    "Wilds",
]


class PackKind(enum.StrEnum):
    """Which cards one pack holds (B1, V1).

    Examples:
        >>> PackKind("forty") is PackKind.FORTY
        True
    """

    FULL = "full"
    """The 52-card pack (B1)."""
    FORTY = "forty"
    """No 8s, 9s or 10s; in runs the 7 is next to the jack (V1)."""


class Wilds(enum.StrEnum):
    """Which cards are wild in spreads (V4, V5).

    Examples:
        >>> Wilds.JOKERS_AND_TWOS.value
        'jokers_and_twos'
    """

    NONE = "none"
    """No wild cards; jokers, if any, are never usable in spreads (V3)."""
    JOKERS = "jokers"
    """The jokers are wild (V4)."""
    JOKERS_AND_TWOS = "jokers_and_twos"
    """The jokers and the four 2s are wild (V5, Chicago); with ``jokers=0``,
    deuces wild (H2, Hoyle)."""


class CourtValues(enum.StrEnum):
    """What jacks, queens and kings count in hand (B1, V6).

    Examples:
        >>> CourtValues.RANKED.value
        'ranked'
    """

    TEN = "ten"
    """J, Q and K count 10 (B1)."""
    RANKED = "ranked"
    """J counts 11, Q 12, K 13 (V6)."""


class CutWinner(enum.StrEnum):
    """Who deals first after the cut (B3, V9).

    Examples:
        >>> CutWinner.LOWEST.value
        'lowest'
    """

    HIGHEST = "highest"
    """The highest card deals (B3)."""
    LOWEST = "lowest"
    """The lowest card deals (V9)."""


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


class StockEnd(enum.StrEnum):
    """What an empty stock does (B14, V28, V29, X10).

    Examples:
        >>> StockEnd.FORCED_KNOCK.value
        'forced_knock'
    """

    SHOWDOWN = "showdown"
    """The hand ends; the lowest count collects 1x from each player (B14)."""
    DEAD = "dead"
    """The hand is dead: no payments (V28)."""
    FORCED_KNOCK = "forced_knock"
    """Once the stock is empty the player to move must drop, and the lowest count
    collects 1x from each player, with no catch penalty (V29)."""
    LAST_CARD = "last_card"
    """The hand ends after the turn in which the last stock card is drawn (the
    drawer plays that turn out, and may go out); if nobody went out, it is
    settled as B14 (X10)."""


class DealTonkClash(enum.StrEnum):
    """What happens when several dealt hands win at the deal (B5, V11–V20).

    Examples:
        >>> DealTonkClash.BEST_HAND.value
        'best_hand'
    """

    VOID = "void"
    """The hand is void: no payments, and the next dealer deals (B5, V12)."""
    BEST_HAND = "best_hand"
    """Only the best winning hand is paid: a row listed earlier in
    :attr:`Rules.deal_tonks` beats a later one, and within an ``at_most`` row the
    lower count wins; :attr:`Rules.deal_tonk_tie` settles equal best hands
    (V11, V16, V17, V19)."""
    ALL_PAID = "all_paid"
    """Every winning hand is paid by every player without one (V20)."""


class DealTonkTie(enum.StrEnum):
    """How equal best hands are settled under :attr:`DealTonkClash.BEST_HAND`.

    Examples:
        >>> DealTonkTie.NEAREST_DEALER_LEFT.value
        'nearest_dealer_left'
    """

    VOID = "void"
    """Equal best hands void the hand (V16, V19)."""
    NEAREST_DEALER_LEFT = "nearest_dealer_left"
    """The tied player nearest the dealer's left wins (V17; V19's option)."""
    SPLIT = "split"
    """X15: the tied players share the payout. Each other player pays the row's
    ``pays`` once, divided equally among the tied players (an exact
    :class:`~fractions.Fraction` when it does not divide); the tied players pay
    nothing. When every seat ties, nobody pays."""


class DealTonkClaim(enum.StrEnum):
    """When a winning dealt hand is claimed (B5, V19).

    Examples:
        >>> DealTonkClaim.BEFORE_FIRST_TURN.value
        'before_first_turn'
    """

    AT_DEAL = "at_deal"
    """Declared at the deal and settled by :func:`tonk.new_game` (B5)."""
    BEFORE_FIRST_TURN = "before_first_turn"
    """Claimed with :class:`tonk.ClaimDealTonk` just before the holder's first
    turn, and only if nobody has spread yet (V19's 49), unless the row sets
    ``DealTonk.after_spread`` (X13)."""
    AFTER_FIRST_TURN = "after_first_turn"
    """X13: won by the hand the holder keeps at the end of their first turn
    (after the discard), and settled then, as a deal tonk at the deal is: only
    if nobody has spread yet, unless the row sets ``DealTonk.after_spread``.
    Going out on that turn wins as going out instead."""


class OutWay(enum.StrEnum):
    """How the last card left a hand that went out (B11, V31).

    Examples:
        >>> OutWay.HIT.value
        'hit'
    """

    SPREAD = "spread"
    """The last cards were laid as a new spread."""
    HIT = "hit"
    """The last card was hit onto a spread."""
    DISCARD = "discard"
    """The last card was discarded."""


def _to_ways(value: Any) -> frozenset[OutWay]:
    if isinstance(value, str | bytes):
        raise TypeError(f"by must be a collection of OutWay, got {brief(value)}")
    return frozenset(OutWay(way) for way in value)


_ALL_WAYS = frozenset(OutWay)
_optional_bool = attrs.validators.optional(instance_of(bool))


# The largest int any option takes (a count, a wait, an amount or a limit): far
# past any real game, it keeps every rule set printable and writable as JSON
# (Python writes no int of over 4,300 digits as text).
_LARGEST = 10**9


def _check_sizes(options: attrs.AttrsInstance) -> None:
    """Raise :class:`RulesError` for an int option (or one in a set) over 10**9.

    Each option's own check runs too: this one bounds the options that have
    no upper limit of their own.
    """
    for name in _option_names(type(options)):
        value = getattr(options, name)
        for item in value if isinstance(value, frozenset | tuple) else (value,):
            if type(item) is int and item > _LARGEST:
                raise RulesError(
                    f"{name.lstrip('_')} must be at most {_LARGEST}, got {brief(item)}"
                )


@functools.cache
def _option_names(cls: type[attrs.AttrsInstance]) -> tuple[str, ...]:
    """Return the names of the fields of ``cls`` given to its ``__init__``."""
    return tuple(field.name for field in attrs.fields(cls) if field.init)


@attrs.frozen(kw_only=True)
class OutPay:
    """One row of the going-out table: which ways of going out pay how much.

    :attr:`Rules.going_out` is read top down; the first row whose conditions
    all hold says what each other player pays the winner. A condition left
    ``None`` always holds.

    Args:
        pays: What each other player pays, in base stakes.
        by: How the last card left the hand (B11, V31).
        first_turn: Whether the player went out on their own first turn
            (V32's "tonk out off the deal", V33).
        spreads_this_turn: At least this many spreads laid by the player in
            the turn they went out (V32's "double spread", V33).
        hit_this_turn: Whether the player hit a spread in that turn (V33: "not
            if any hit was needed").
        hit_this_hand: Whether the player hit (or slapped onto) any spread
            during the hand (V32: a "broken" hand).
        spread_before: Whether the player laid a spread on an earlier turn
            (V34's runout).

    Examples:
        >>> row = OutPay(pays=4, first_turn=True, spreads_this_turn=2,
        ...              hit_this_turn=False)  # V33, Newark
        >>> row.pays, sorted(row.by)
        (4, [<OutWay.DISCARD: 'discard'>, <OutWay.HIT: 'hit'>, <OutWay.SPREAD: 'spread'>])
        >>> OutPay(pays=0)
        Traceback (most recent call last):
        ...
        tonk.errors.RulesError: a going-out row must pay at least 1, got 0
    """  # noqa: E501

    pays: int
    by: frozenset[OutWay] = attrs.field(default=_ALL_WAYS, converter=_to_ways)
    first_turn: bool | None = attrs.field(default=None, validator=_optional_bool)
    spreads_this_turn: int = 0
    hit_this_turn: bool | None = attrs.field(default=None, validator=_optional_bool)
    hit_this_hand: bool | None = attrs.field(default=None, validator=_optional_bool)
    spread_before: bool | None = attrs.field(default=None, validator=_optional_bool)

    def __attrs_post_init__(self) -> None:
        """Validate the row."""
        _check_sizes(self)
        if not is_int(self.pays) or self.pays < 1:
            raise RulesError(
                f"a going-out row must pay at least 1, got {brief(self.pays)}"
            )
        if not self.by:
            raise RulesError("a going-out row needs at least one way in by")
        if not is_int(self.spreads_this_turn) or self.spreads_this_turn < 0:
            raise RulesError(
                "spreads_this_turn must be a non-negative int,"
                f" got {brief(self.spreads_this_turn)}"
            )

    def matches(
        self,
        *,
        way: OutWay,
        first_turn: bool,
        spreads_this_turn: int,
        hit_this_turn: bool,
        hit_this_hand: bool,
        spread_before: bool,
    ) -> bool:
        """Return whether a going out with these facts is paid by this row.

        Examples:
            >>> OutPay(pays=1, hit_this_hand=True).matches(
            ...     way=OutWay.SPREAD, first_turn=False, spreads_this_turn=1,
            ...     hit_this_turn=False, hit_this_hand=True, spread_before=True)
            True
        """
        return (
            way in self.by
            and spreads_this_turn >= self.spreads_this_turn
            and self.first_turn in (None, first_turn)
            and self.hit_this_turn in (None, hit_this_turn)
            and self.hit_this_hand in (None, hit_this_hand)
            and self.spread_before in (None, spread_before)
        )


@attrs.frozen(kw_only=True)
class DropPay:
    """One row of the drop bonus table (X11): a winning drop on a low count.

    :attr:`Rules.drop_bonus` is read top down; the first row whose ``at_most``
    the dropper's count does not exceed says what each other player pays a
    dropper who wins. With no row matching, a winning drop pays 1x (B13).

    Args:
        at_most: The highest count the row pays for.
        pays: What each other player pays, in base stakes.

    Examples:
        >>> DropPay(at_most=11, pays=3)  # one app: 11 or under pays 3x
        DropPay(at_most=11, pays=3)
        >>> DropPay(at_most=11, pays=0)
        Traceback (most recent call last):
        ...
        tonk.errors.RulesError: a drop bonus row must pay at least 1, got 0
    """

    at_most: int
    pays: int

    def __attrs_post_init__(self) -> None:
        """Validate the row."""
        _check_sizes(self)
        if not is_int(self.at_most) or self.at_most < 0:
            raise RulesError(
                "a drop bonus row's at_most must be a non-negative int,"
                f" got {brief(self.at_most)}"
            )
        if not is_int(self.pays) or self.pays < 1:
            raise RulesError(
                f"a drop bonus row must pay at least 1, got {brief(self.pays)}"
            )


@attrs.frozen
class PerPlayer:
    """An amount that grows with the table: ``times * (players - less)``.

    Examples:
        >>> PerPlayer(2).at(4), PerPlayer(2, less=1).at(4)  # V38: 2N, 2(N-1)
        (8, 6)
    """

    times: int
    less: int = 0

    def __attrs_post_init__(self) -> None:
        """Validate the amount."""
        _check_sizes(self)
        if not is_int(self.times) or self.times < 1:
            raise RulesError(
                f"PerPlayer.times must be a positive int, got {brief(self.times)}"
            )
        if not is_int(self.less) or not 0 <= self.less <= 1:
            raise RulesError(f"PerPlayer.less must be 0 or 1, got {brief(self.less)}")

    def at(self, players: int) -> int:
        """Return the amount at a table of ``players``."""
        return self.times * (players - self.less)


def _amount(value: Any) -> int | PerPlayer:
    if isinstance(value, PerPlayer):
        return value
    if not is_int(value) or value < 0:
        raise RulesError(
            "a catch amount must be a non-negative int or a PerPlayer,"
            f" got {brief(value)}"
        )
    return int(value)


class LowestTie(enum.StrEnum):
    """Who is paid as lowest when other players tie for the lowest count.

    Examples:
        >>> LowestTie.NEAREST_DEALER_LEFT.value
        'nearest_dealer_left'
    """

    EACH = "each"
    """Every tied player is paid in full (B13)."""
    NEAREST_DEALER_LEFT = "nearest_dealer_left"
    """Only the tied player nearest the dealer's left is (V35 5)."""
    SPLIT = "split"
    """The tied players share what one lowest player would get (V35 2: the
    dropper pays everyone's stake once, however many tie)."""


@attrs.frozen(kw_only=True)
class Catch:
    """How a caught dropper's hand is paid (B13, V35–V38).

    A dropper is caught when another player's count is equal or lower (only
    lower under ``ties_catch=False``, X12). The *catchers* are those players;
    the *lowest* are the other players with the lowest count (all of them, or
    one under ``LowestTie.NEAREST_DEALER_LEFT``). Each payment below is made in
    full, and they add up.

    Args:
        to_catchers: The dropper pays this to each catcher (B13: 2).
        to_lowest: The dropper pays this to each lowest player.
        to_others: The dropper pays this to every other player.
        lowest_from_others: Each player who is neither the dropper nor lowest
            pays this to each lowest player (B13: 1).
        lowest_tie: Who counts as lowest when others tie for it.
        ties_catch: Whether a count equal to the dropper's catches (B13);
            ``False`` lets only a strictly lower count catch, and a dropper
            whom nobody undercuts wins (X12, ties go to the dropper).

    Examples:
        >>> Catch.B13 == Catch(to_catchers=2, lowest_from_others=1)
        True
        >>> Catch(to_catchers=0)
        Traceback (most recent call last):
        ...
        tonk.errors.RulesError: a catch must make the dropper pay something
    """

    to_catchers: int | PerPlayer = attrs.field(default=0, converter=_amount)
    to_lowest: int | PerPlayer = attrs.field(default=0, converter=_amount)
    to_others: int | PerPlayer = attrs.field(default=0, converter=_amount)
    lowest_from_others: int | PerPlayer = attrs.field(default=0, converter=_amount)
    lowest_tie: LowestTie = attrs.field(default=LowestTie.EACH, converter=LowestTie)
    ties_catch: bool = attrs.field(
        default=True, validator=attrs.validators.instance_of(bool)
    )

    B13: typing.ClassVar[Catch]
    """B13: 2x to each catcher; the lowest also collects 1x from the others."""
    LOWEST_ONLY: typing.ClassVar[Catch]
    """V35 1: the lowest collects 1x from each other player and 2x from the
    dropper, who pays nobody else."""
    STAKES_TO_LOWEST: typing.ClassVar[Catch]
    """V35 2: the dropper alone pays the lowest (N-1)x; tied lowest players
    share it."""
    SINGLE: typing.ClassVar[Catch]
    """V35 3: 1x to each catcher, and the lowest collects 1x from every other
    player, the dropper included."""
    EVERYONE: typing.ClassVar[Catch]
    """V35 4: the dropper pays 2x to every other player."""
    FIVE_TO_LOWEST: typing.ClassVar[Catch]
    """V35 5: the dropper pays 5x to the lowest, ties to the nearest the
    dealer's left."""
    RUSHVILLE: typing.ClassVar[Catch]
    """V36: a bumped tonker pays a double rum (4 units) to each player who
    bumped him."""
    CHICAGO: typing.ClassVar[Catch]
    """V37: 2x to each catcher; nobody else pays."""
    LEPAPE: typing.ClassVar[Catch]
    """V38: 2N to each catcher; nobody else pays."""
    LEPAPE_N_MINUS_1: typing.ClassVar[Catch]
    """V38's option: 2(N-1) to each catcher."""

    def __attrs_post_init__(self) -> None:
        """Validate the catch."""
        _check_sizes(self)
        if not any(
            isinstance(amount, PerPlayer) or amount
            for amount in (self.to_catchers, self.to_lowest, self.to_others)
        ):
            raise RulesError("a catch must make the dropper pay something")


Catch.B13 = Catch(to_catchers=2, lowest_from_others=1)
Catch.LOWEST_ONLY = Catch(to_lowest=2, lowest_from_others=1)
Catch.STAKES_TO_LOWEST = Catch(
    to_lowest=PerPlayer(1, less=1), lowest_tie=LowestTie.SPLIT
)
Catch.SINGLE = Catch(to_catchers=1, to_lowest=1, lowest_from_others=1)
Catch.EVERYONE = Catch(to_others=2)
Catch.FIVE_TO_LOWEST = Catch(to_lowest=5, lowest_tie=LowestTie.NEAREST_DEALER_LEFT)
Catch.RUSHVILLE = Catch(to_catchers=4)
Catch.CHICAGO = Catch(to_catchers=2)
Catch.LEPAPE = Catch(to_catchers=PerPlayer(2))
Catch.LEPAPE_N_MINUS_1 = Catch(to_catchers=PerPlayer(2, less=1))


class Scoring(enum.StrEnum):
    """How a session keeps score over many hands (V40–V42).

    Examples:
        >>> Scoring.PUSH_UPS.value
        'push_ups'
    """

    MONEY = "money"
    """V40: a ledger of stakes won and lost; the highest balance wins."""
    PAPER = "paper"
    """V41: the same zero-sum arithmetic kept as points on paper, settled at the
    end; the highest score wins."""
    PUSH_UPS = "push_ups"
    """V42: each loser also adds the count left in hand (twice it after a
    double win) to a push-up total; the lowest total wins."""


def _to_totals(value: Any) -> frozenset[int]:
    if isinstance(value, int | str | bytes):
        raise TypeError(f"totals must be a collection of ints, got {brief(value)}")
    return frozenset(value)


@attrs.frozen(kw_only=True)
class DealTonk:
    """One row of the deal-tonk table: which dealt hands win, what they pay, when.

    Exactly one condition is given: ``totals`` (exact counts), ``at_most`` (a
    count at or under a threshold) or ``court_cards`` (that many J/Q/K).

    Args:
        totals: Dealt counts that win (B5: 49 and 50).
        at_most: Dealt counts at or under this win (V12–V17, V19, V20).
        court_cards: Hands with at least this many jacks, queens and kings win
            (V18: five court cards).
        pays: What each paying player pays the holder, in base stakes.
        claim: When the hand is claimed.
        tie: How equal best hands of this row are settled under
            ``DealTonkClash.BEST_HAND``; ``None`` uses
            :attr:`Rules.deal_tonk_tie` (V19: a tie for the lowest 13-or-less
            always pays nothing, whatever the table does with tied Big 50s).
        after_spread: Whether a row claimed after the deal may still be
            claimed once someone has spread (X13); ``False``, only while no
            spread is on the table (V19). Not for a row claimed at the deal.

    Examples:
        >>> DealTonk(totals={49, 50}).pays
        2
        >>> DealTonk(at_most=13).wins(count=12, court_cards=0)
        True
        >>> DealTonk(totals={50}, at_most=9)
        Traceback (most recent call last):
        ...
        tonk.errors.RulesError: a deal tonk row needs exactly one of totals, at_most and court_cards
    """  # noqa: E501

    totals: frozenset[int] = attrs.field(default=frozenset(), converter=_to_totals)
    at_most: int | None = None
    court_cards: int | None = None
    pays: int = 2
    claim: DealTonkClaim = attrs.field(
        default=DealTonkClaim.AT_DEAL, converter=DealTonkClaim
    )
    tie: DealTonkTie | None = attrs.field(
        default=None, converter=attrs.converters.optional(DealTonkTie)
    )
    after_spread: bool = attrs.field(default=False, validator=instance_of(bool))

    def __attrs_post_init__(self) -> None:
        """Validate the row."""
        _check_sizes(self)
        if self.after_spread and self.claim is DealTonkClaim.AT_DEAL:
            raise RulesError(
                "after_spread is an option of a row claimed after the deal (X13):"
                " nobody has spread at the deal"
            )
        given = [
            bool(self.totals),
            self.at_most is not None,
            self.court_cards is not None,
        ]
        if given.count(True) != 1:
            raise RulesError(
                "a deal tonk row needs exactly one of totals, at_most and court_cards"
            )
        for total in self.totals:
            if not is_int(total) or total < 0:
                raise RulesError(
                    f"deal tonk totals must be non-negative ints, got {brief(total)}"
                )
        if self.at_most is not None and (not is_int(self.at_most) or self.at_most < 0):
            raise RulesError(
                f"at_most must be a non-negative int, got {brief(self.at_most)}"
            )
        if self.court_cards is not None and (
            not is_int(self.court_cards) or self.court_cards < 1
        ):
            raise RulesError(
                f"court_cards must be a positive int, got {brief(self.court_cards)}"
            )
        if not is_int(self.pays) or self.pays < 1:
            raise RulesError(f"a deal tonk must pay at least 1, got {brief(self.pays)}")

    def wins(self, *, count: int, court_cards: int) -> bool:
        """Return whether a dealt hand with this count and court cards wins here.

        Examples:
            >>> DealTonk(court_cards=5).wins(count=50, court_cards=5)
            True
        """
        if self.totals:
            return count in self.totals
        if self.at_most is not None:
            return count <= self.at_most
        assert self.court_cards is not None
        return court_cards >= self.court_cards


def _to_deal_tonks(value: Iterable[DealTonk]) -> tuple[DealTonk, ...]:
    return tuple(value)


@attrs.frozen
class _IntOption:
    """The attrs validator of an int option in ``low..high`` (or None).

    A validator is a class, not a closure made when ``Rules`` is: its checks
    run when a value is checked, so mutation testing can change them.
    """

    low: int
    high: int | None = None
    optional: bool = False

    def __call__(
        self, options: Any, attribute: attrs.Attribute[Any], value: Any
    ) -> None:
        if value is None and self.optional:
            return
        # A value over 10**9 within these bounds is refused by _check_sizes,
        # which runs once every field is set.
        low, high = self.low, self.high
        if not is_int(value) or value < low or (high is not None and value > high):
            raise RulesError(
                f"{attribute.name} must be {self.wanted()}, got {brief(value)}"
            )

    def wanted(self) -> str:
        """Return what the option takes, as its error message says it."""
        if self.high is not None:
            want = f"an int {self.low}..{self.high}"
        else:
            want = {0: "a non-negative int", 1: "a positive int"}.get(
                self.low, f"an int {self.low} or more"
            )
        return f"None or {want}" if self.optional else want


@attrs.frozen
class _RowsOf:
    """The attrs validator that every row of a table is a ``kind``."""

    kind: type

    def __call__(
        self, options: Any, attribute: attrs.Attribute[Any], value: Any
    ) -> None:
        for row in value:
            if not isinstance(row, self.kind):
                raise TypeError(
                    f"{attribute.name} must hold {self.kind.__name__} rows,"
                    f" got {brief(row)}"
                )


def _check_catch(options: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, Catch):
        raise TypeError(f"catch must be a Catch, got {brief(value)}")


def _check_max_turns(rules: Rules, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None and (not is_int(value) or value < 1):
        raise RulesError(
            f"max_turns must be a positive int or None, got {brief(value)}"
        )


_is_bool = instance_of(bool)
_DEFAULT_DEAL_TONKS = (DealTonk(totals=frozenset({49, 50}), pays=2),)
_DEFAULT_GOING_OUT = (
    OutPay(pays=2, by={OutWay.SPREAD, OutWay.HIT}),
    OutPay(pays=1, by={OutWay.DISCARD}),
)


def _to_going_out(value: Iterable[OutPay]) -> tuple[OutPay, ...]:
    return tuple(value)


def _to_drop_bonus(value: Iterable[DropPay]) -> tuple[DropPay, ...]:
    return tuple(value)


def _to_hand_sizes(value: Any) -> tuple[tuple[int, int], ...]:
    """Return a mapping (or pairs) of player count to hand size as sorted pairs."""
    if isinstance(value, str | bytes):
        raise TypeError(
            "hand_size_by_players must map player counts to hand sizes,"
            f" got {brief(value)}"
        )
    pairs = value.items() if isinstance(value, typing.Mapping) else value
    checked = []
    for pair in pairs:
        if not isinstance(pair, tuple | list) or len(pair) != 2:
            raise TypeError(
                "hand_size_by_players must map player counts to hand sizes,"
                f" got {brief(pair)}"
            )
        checked.append((pair[0], pair[1]))
    return tuple(sorted(checked, key=lambda pair: pair[0] if is_int(pair[0]) else 0))


def _check_hand_sizes(
    options: Any, attribute: attrs.Attribute[Any], value: Any
) -> None:
    seen = set()
    for players, size in value:
        if not is_int(players) or not 2 <= players <= _LARGEST:
            raise RulesError(
                "hand_size_by_players maps player counts of 2 or more,"
                f" got {brief(players)}"
            )
        if not is_int(size) or not 1 <= size <= 13:
            raise RulesError(
                f"hand_size_by_players maps {players} players to a hand of"
                f" {brief(size)} cards; a hand size must be an int 1..13"
            )
        if players in seen:
            raise RulesError(
                f"hand_size_by_players maps {players} players more than once"
            )
        seen.add(players)


@attrs.frozen(kw_only=True, cache_hash=True)
class Rules:
    """The options of a hand of Tonk; ``Rules()`` is pagat's typical game.

    Each option names the rule it implements (docs/rules/). Invalid values and
    contradictory combinations raise :class:`~tonk.errors.RulesError` when the
    value is built; nothing is silently replaced by a default. No int option
    (here or in a :class:`DealTonk`, :class:`OutPay`, :class:`Catch`,
    :class:`PerPlayer` or :class:`DropPay`) may be over 10**9, far past any
    real game.

    Examples:
        >>> Rules().max_turns
        200
        >>> Rules(max_turns=0)
        Traceback (most recent call last):
        ...
        tonk.errors.RulesError: max_turns must be a positive int or None, got 0
        >>> Rules(max_turns=10**100)
        Traceback (most recent call last):
        ...
        tonk.errors.RulesError: max_turns must be at most 1000000000, got <int of 101 digits>
        >>> Rules(pack_kind=PackKind.FORTY)
        Traceback (most recent call last):
        ...
        tonk.errors.RulesError: deal tonk row 1 can never win: no 5-card hand from these packs counts 49 (V1 players use totals={47, 50})
    """  # noqa: E501

    # --- deck and card values -------------------------------------------------------
    pack_kind: PackKind = attrs.field(default=PackKind.FULL, converter=PackKind)
    """B1/V1: the 52-card pack, or the 40-card pack without 8s, 9s and 10s."""

    two_packs_from: int | None = attrs.field(
        default=None, validator=_IntOption(2, optional=True)
    )
    """V2: play with two packs shuffled together at tables of this many players or
    more (``2`` means always); ``None`` means always one pack. Duplicate cards are
    distinct physical cards: a book may repeat a suit, a run never repeats a rank."""

    jokers: int = attrs.field(default=0, validator=_IntOption(0, 8))
    """V3/V4/V5: how many jokers the deck holds (in all, however many packs)."""

    wilds: Wilds = attrs.field(default=Wilds.NONE, converter=Wilds)
    """V4/V5: which cards are wild in spreads."""

    joker_value: int = attrs.field(default=0, validator=_IntOption(0))
    """V3/V4/V5: what a joker counts in hand (V3 and V5: 0; V4: 25)."""

    court_values: CourtValues = attrs.field(
        default=CourtValues.TEN, converter=CourtValues
    )
    """B1/V6: what J, Q and K count in hand."""

    ace_high: bool = attrs.field(default=False, validator=_is_bool)
    """V10: Q-K-A is also a run (K-A-2 never is)."""

    # --- the deal -------------------------------------------------------------------
    hand_size: int = attrs.field(default=5, validator=_IntOption(1, 13))
    """B4/V7: cards dealt to each player (at a table ``hand_size_by_players``
    does not name)."""

    hand_size_by_players: tuple[tuple[int, int], ...] = attrs.field(
        default=(), converter=_to_hand_sizes, validator=_check_hand_sizes
    )
    """X2: the hand size at some table sizes, as ``{players: cards}`` (kept as
    sorted pairs); a table it does not name is dealt ``hand_size``. Every
    table named must be one the rules seat, its deal fitting the pack."""

    upcard: bool = attrs.field(default=True, validator=_is_bool)
    """B4/V8: whether a card is turned up to start the discard pile."""

    cut: CutWinner = attrs.field(default=CutWinner.HIGHEST, converter=CutWinner)
    """B3/V9: whether the highest or the lowest cut deals first."""

    player_limit: int | None = attrs.field(
        default=None, validator=_IntOption(2, optional=True)
    )
    """B2: the most players these rules allow, below what the deal fits (e.g.
    Lepape's 2–6); ``None`` means as many as the deal fits."""

    # --- deal tonks -----------------------------------------------------------------
    deal_tonks: tuple[DealTonk, ...] = attrs.field(
        default=_DEFAULT_DEAL_TONKS,
        converter=_to_deal_tonks,
        validator=_RowsOf(DealTonk),
    )
    """B5/V11–V20: the dealt hands that win at once, and what each pays. ``()``
    turns deal tonks off. A hand satisfying several rows uses the first of them
    claimed at that time (at the deal, or before the first turn)."""

    deal_tonk_clash: DealTonkClash = attrs.field(
        default=DealTonkClash.VOID, converter=DealTonkClash
    )
    """B5/V11–V20: what happens when two or more dealt hands win."""

    deal_tonk_tie: DealTonkTie = attrs.field(
        default=DealTonkTie.VOID, converter=DealTonkTie
    )
    """V16/V17/V19: how equal best hands are settled under ``BEST_HAND``, for
    rows that do not set their own ``tie``."""

    # --- play (V21–V30) --------------------------------------------------------------
    must_spread: bool = attrs.field(default=False, validator=_is_bool)
    """V21: a player holding a complete spread must lay it before discarding: a
    hand that holds one may not discard (so no turn ends with one in hand)."""

    three_aces_may_be_held: bool = attrs.field(default=False, validator=_is_bool)
    """V21's option: a hand of exactly three aces may keep them unspread."""

    spread_wait: int = attrs.field(default=0, validator=_IntOption(0, 10))
    """V22: laying a spread bars its owner from dropping on this many of their
    next turns (V22: 3; V23: 0). Waits add up: two spreads in a turn cost 6."""

    hit_wait: int = attrs.field(default=0, validator=_IntOption(0, 10))
    """V22/V23: being hit by another player bars the spread's owner from dropping
    on this many of their next turns (V22: 1, or 3 with its option; V23: 1)."""

    own_hit_wait: int = attrs.field(default=0, validator=_IntOption(0, 10))
    """V22: hitting your own spread bars you from dropping on your next turn(s)."""

    hit_wait_once_per_round: bool = attrs.field(default=False, validator=_is_bool)
    """V22's option: being hit several times between two of your turns costs only
    one ``hit_wait``."""

    hit_bars_going_out: bool = attrs.field(default=False, validator=_is_bool)
    """V22's option: being hit by another player also bars you from emptying your
    hand on your next turn. While barred, a discard must leave a card in hand, and
    a spread or hit must leave two (so a discard can still end the turn) unless
    the hit ends the turn (V24c). Not combinable with ``must_spread``."""

    four_card_books: bool = attrs.field(default=True, validator=_is_bool)
    """B10/V24a: ``False`` means no fourth card may be hit onto a three-card book
    (runs may still grow)."""

    max_hits_per_turn: int | None = attrs.field(
        default=None, validator=_IntOption(0, optional=True)
    )
    """V24b: at most this many hits per turn (``None``: any number, B10)."""

    hit_ends_turn: bool = attrs.field(default=False, validator=_is_bool)
    """V24c: a hit ends the turn at once, without a discard."""

    discard_draw_must_meld: bool = attrs.field(default=False, validator=_is_bool)
    """V24d: a card taken from the discard pile must be used at once in a spread
    (laid in a new spread or hit onto one), never kept in hand; the discard may be
    taken only when it can be."""

    slap_in: bool = attrs.field(default=False, validator=_is_bool)
    """V26: after a discard that fits a spread on the table, every player in turn
    (clockwise from the discarder) may slap it onto the spread or pass; the first
    slap wins and the slapper (unless the discarder) discards one extra card."""

    slap_priority_next: bool = attrs.field(default=False, validator=_is_bool)
    """V26's option: the player due next is asked first, and gets no extra
    discard when slapping."""

    eating: bool = attrs.field(default=False, validator=_is_bool)
    """X5: after a discard that ends a turn, the players other than the
    discarder and the player due next are asked in turn (from the discarder's
    left) whether to eat it; the first to eat takes it as the draw of a turn of
    their own, and the seats between are skipped (docs/rules/eating.md).
    Refused with ``slap_in``."""

    boobed_deck: bool = attrs.field(default=False, validator=_is_bool)
    """V27: once the stock holds no more cards than there are players, emptying
    the hand does not win; the empty hand must be dropped on its next turn.
    Needs ``exhaustion_tie=DEAD_HAND`` (a tie at exhaustion is a dead hand)."""

    stock_end: StockEnd = attrs.field(default=StockEnd.SHOWDOWN, converter=StockEnd)
    """B14/V28/V29/X10: what an empty stock does."""

    three_spread_lock: bool = attrs.field(default=False, validator=_is_bool)
    """V30: once a player has laid three spreads, opponents may not hit them, and
    that player may no longer drop."""

    # --- X6-X10: play rules published outside the founding sources -----------------
    hit_own_spreads: bool = attrs.field(default=True, validator=_is_bool)
    """B10/X9: ``False`` means no player may hit (or slap onto) their own
    spreads; others' spreads may still be hit. Not combinable with
    ``own_hit_wait``."""

    drop_at_most: int | None = attrs.field(
        default=None, validator=_IntOption(0, optional=True)
    )
    """X6: a player may drop only with a count at or under this ceiling
    (``None``: any count, B7). A forced drop (V27, V29) ignores it."""

    first_turn_drop_at_most: int | None = attrs.field(
        default=None, validator=_IntOption(0, optional=True)
    )
    """X6: the drop ceiling on the player's own first turn of the hand, in place
    of ``drop_at_most`` (``None``: the same ceiling as later turns)."""

    hit_wait_again: int | None = attrs.field(
        default=None, validator=_IntOption(0, 10, optional=True)
    )
    """X7: a hit by another player on a seat still barred from dropping (its
    wait above 0) adds this many turns instead of ``hit_wait`` (``None``:
    ``hit_wait`` again, V22). Needs a ``hit_wait``."""

    hit_wait_once_per_turn: bool = attrs.field(default=False, validator=_is_bool)
    """X7: several hits on one seat's spreads in one turn cost one hit wait (a
    slap is a hit of its own). Needs a ``hit_wait``; not combinable with
    ``hit_wait_once_per_round``, which already charges once a round."""

    discard_pickup: bool = attrs.field(default=True, validator=_is_bool)
    """B7/X8: ``False`` means a card taken from the discard pile may not be
    discarded in the same turn, unless it is the only card that could be. Not
    combinable with ``discard_draw_must_meld``, which never lets it be kept."""

    # --- the end of the hand --------------------------------------------------------
    exhaustion_tie: ExhaustionTie = attrs.field(
        default=ExhaustionTie.ALL_PAID, converter=ExhaustionTie
    )
    """B14: how a tie for lowest count is paid when the stock runs out."""

    max_turns: int | None = attrs.field(default=200, validator=_check_max_turns)
    """B15: the termination guard. After this many completed turns the hand ends
    and is settled as a stock exhaustion (B14); a tunk's last turns (H6) are
    still played, at most one for each other player. ``None`` means unbounded."""

    # --- payouts (V31-V39, V46) -------------------------------------------------------
    going_out: tuple[OutPay, ...] = attrs.field(
        default=_DEFAULT_GOING_OUT,
        converter=_to_going_out,
        validator=_RowsOf(OutPay),
    )
    """B11/V31-V34/V36: what going out pays. The first row that matches says
    what each other player pays. Every way of going out must have a row with no
    condition but ``by`` (so some row always matches)."""

    catch: Catch = attrs.field(default=Catch.B13, validator=_check_catch)
    """B13/V35-V38: how a caught dropper is paid."""

    drop_bonus: tuple[DropPay, ...] = attrs.field(
        default=(), converter=_to_drop_bonus, validator=_RowsOf(DropPay)
    )
    """X11: what a winning drop on a low count pays; the first row whose
    ``at_most`` the count does not exceed says what each other player pays
    (no row: 1x, B13)."""

    hit_and_split: bool = attrs.field(default=False, validator=_is_bool)
    """V39: when a hand is won, each winner pays 1/2x to each losing player who
    has a spread of four or more cards on the table."""

    widow: bool = attrs.field(default=False, validator=_is_bool)
    """V46: each player is dealt one extra card face down; once a hand, at the
    start of a turn, a player may pay 1x into a pot to exchange a hand card for
    it (:class:`~tonk.actions.Exchange`). The pot goes to the hand's winners."""

    # --- sessions (V40-V45) -----------------------------------------------------------
    scoring: Scoring = attrs.field(default=Scoring.MONEY, converter=Scoring)
    """V40-V42: how a :class:`~tonk.session.Session` keeps score."""

    match_target: int | None = attrs.field(
        default=None, validator=_IntOption(1, optional=True)
    )
    """V44: the session ends after the hand in which a player's score reaches
    this (a balance for money and paper, a push-up total for push-ups)."""

    match_deals: int | None = attrs.field(
        default=None, validator=_IntOption(1, optional=True)
    )
    """V44: the session ends after this many deals (void deals count)."""

    big_one_deals: int = attrs.field(default=0, validator=_IntOption(0))
    """V43: "The Big One": the last this many deals of a session are for double
    stakes. With ``match_deals`` they are the last deals of the match; otherwise
    the dealer may call :class:`~tonk.session.CallBigOne` before a deal, and
    the session ends after them."""

    suit_bet: int = attrs.field(default=0, validator=_IntOption(0))
    """V45a: the stake of the called-suit side bet (0: no side bet)."""

    naturals_bet: int = attrs.field(default=0, validator=_IntOption(0))
    """V45b: the stake each participant adds to the naturals pot each deal
    (0: no naturals pot)."""

    elimination_at: int | None = attrs.field(
        default=None, validator=_IntOption(1, optional=True)
    )
    """X3: under push-up scoring (V42), a player whose push-up total reaches
    this after a hand leaves the table; the session ends when one player is
    left, who wins (``None``: nobody is eliminated)."""

    # --- H: Hoyle's Tunk, each option usable on its own ------------------------------
    drops: bool = attrs.field(default=True, validator=_is_bool)
    """B7.1/H4: ``False`` means no player may choose to drop at the start of a
    turn; a drop that V27 or V29 forces is still made."""

    upcard_first_only: bool = attrs.field(default=False, validator=_is_bool)
    """H3: only the first player, on the hand's first turn, may take the
    turned-up card; once that player draws from the stock it is buried at the
    bottom of the pile, and no later player may take it (the discards laid on
    it may be taken as usual). Needs ``upcard``."""

    closed_play: bool = attrs.field(default=False, validator=_is_bool)
    """H4: no spreads and no hits during ordinary turns: a turn is a draw and a
    discard (or a tunk, H5); spreads are laid only by a tunk and in the last
    turns (H6). Not combinable with ``must_spread`` (V21) or
    ``discard_draw_must_meld`` (V24d), which need spreads in every turn."""

    min_naturals: int = attrs.field(default=1, validator=_IntOption(1, 3))
    """V5/H2: the natural (not wild) cards a spread must hold. ``1`` is V5's
    reading, where a wild standing for itself counts as the natural card;
    ``2`` is Hoyle's rule (H2). More than 1 needs wild cards."""

    tunk_at_most: int | None = attrs.field(
        default=None, validator=_IntOption(0, optional=True)
    )
    """H5: after drawing, instead of discarding, a player whose unmatched cards
    count this or less may tunk (:class:`~tonk.actions.Tunk`): lay the whole
    hand down as spreads and unmatched cards, naming the arrangement. The tunk
    is settled as H7 (``None``: no tunk; Hoyle: 5)."""

    last_turns: bool = attrs.field(default=False, validator=_is_bool)
    """H6: after a tunk, each other player in turn from the tunker's left has
    one last turn: draw, lay spreads, lay off on the tunker's spreads only
    (none when the tunker counts 0), then discard; emptying the hand ends
    the turn with a count of 0. The tunk is settled once they are played
    (``False``: at once). Needs ``tunk_at_most``; not combinable with
    ``slap_in`` or ``eating``."""

    tunk_tie_doubles: bool = attrs.field(default=False, validator=_is_bool)
    """H7's option: a count equal to the tunker's also doubles the tunker's
    penalty (``False``: only a strictly lower count does, H7's reading).
    Needs ``tunk_at_most``."""

    def __attrs_post_init__(self) -> None:
        """Check the options that span several (each one checks itself)."""
        _check_sizes(self)
        self._check_deck_options()
        self._check_play_options()
        self._check_tunk_options()
        self._check_wait_options()
        self._check_payouts()
        self._check_deal_tonks()

    def _check_deck_options(self) -> None:
        """Refuse jokers' options without jokers, and a boobed deck's (V3-V5, V27)."""
        if self.jokers == 0 and self.joker_value != 0:
            raise RulesError(
                f"joker_value={self.joker_value} needs jokers in the deck (jokers=0)"
            )
        if self.wilds is Wilds.JOKERS and self.jokers == 0:
            raise RulesError("wilds=JOKERS needs jokers in the deck (jokers=0)")
        if self.boobed_deck and self.exhaustion_tie is not ExhaustionTie.DEAD_HAND:
            raise RulesError(
                "boobed_deck makes a tie at exhaustion a dead hand (V27):"
                " set exhaustion_tie=ExhaustionTie.DEAD_HAND"
            )
        if self.boobed_deck and self.stock_end is not StockEnd.SHOWDOWN:
            raise RulesError(
                f"boobed_deck ends at exhaustion with a showdown (V27), not"
                f" stock_end={self.stock_end.value}"
            )

    def _check_play_options(self) -> None:
        """Refuse play options that need or exclude another (V21, V26, X5, X8)."""
        if self.three_aces_may_be_held and not self.must_spread:
            raise RulesError("three_aces_may_be_held is an option of must_spread")
        if self.must_spread and self.hit_bars_going_out:
            raise RulesError(
                "must_spread cannot be combined with hit_bars_going_out: a player"
                " barred from going out could hold a spread it may neither lay nor"
                " keep"
            )
        if self.slap_priority_next and not self.slap_in:
            raise RulesError("slap_priority_next is an option of slap_in")
        if self.eating and self.slap_in:
            raise RulesError(
                "eating (X5) cannot be combined with slap_in (V26): both open a"
                " window on the same discard, and no source orders a slap against"
                " an eat"
            )
        if self.discard_draw_must_meld and not self.discard_pickup:
            raise RulesError(
                "discard_pickup=False adds nothing to discard_draw_must_meld: the"
                " card taken must be used at once, so it is never discarded (X8)"
            )

    def _check_tunk_options(self) -> None:
        """Refuse Hoyle's options that need or exclude another (H2-H7)."""
        if self.upcard_first_only and not self.upcard:
            raise RulesError("upcard_first_only needs an upcard (upcard=False, V8)")
        if self.min_naturals > 1 and self.wilds is Wilds.NONE:
            raise RulesError(
                f"min_naturals={self.min_naturals} needs wild cards (wilds=none)"
            )
        if self.closed_play and (self.must_spread or self.discard_draw_must_meld):
            raise RulesError(
                "closed_play (H4) cannot be combined with must_spread (V21) or"
                " discard_draw_must_meld (V24d): both need a spread in a turn in"
                " which closed play forbids one"
            )
        if self.tunk_at_most is None and (self.last_turns or self.tunk_tie_doubles):
            raise RulesError("last_turns and tunk_tie_doubles need a tunk_at_most")
        if self.last_turns and (self.slap_in or self.eating):
            raise RulesError(
                "last_turns (H6) cannot be combined with slap_in (V26) or eating"
                " (X5): each player has exactly one last turn"
            )

    def _check_wait_options(self) -> None:
        """Refuse hit waits' options without a hit wait to qualify (V22, X7, X9)."""
        if self.hit_wait_once_per_round and self.hit_wait == 0:
            raise RulesError("hit_wait_once_per_round needs a hit_wait")
        if self.hit_wait == 0 and (
            self.hit_wait_again is not None or self.hit_wait_once_per_turn
        ):
            raise RulesError(
                "hit_wait_again and hit_wait_once_per_turn need a hit_wait (X7)"
            )
        if self.hit_wait_once_per_turn and self.hit_wait_once_per_round:
            raise RulesError(
                "hit_wait_once_per_turn adds nothing to hit_wait_once_per_round,"
                " which charges one hit wait between two of the owner's turns"
            )
        if self.own_hit_wait and not self.hit_own_spreads:
            raise RulesError(
                f"own_hit_wait={self.own_hit_wait} needs hits on your own spreads,"
                " which hit_own_spreads=False forbids (X9)"
            )

    def _check_payouts(self) -> None:
        ways = set(OutWay)
        for row in self.going_out:
            if row == OutPay(pays=row.pays, by=row.by):
                ways -= row.by
        if ways:
            missing = ", ".join(sorted(way.value for way in ways))
            raise RulesError(
                f"going_out has no unconditional row for going out by {missing}:"
                " every way of going out must be paid"
            )
        if self.elimination_at is not None and self.scoring is not Scoring.PUSH_UPS:
            raise RulesError(
                f"elimination_at={self.elimination_at} needs push-up scoring"
                f" (X3 under V42), got scoring={self.scoring.value}"
            )
        if self.match_deals is not None and self.big_one_deals > self.match_deals:
            raise RulesError(
                f"big_one_deals={self.big_one_deals} is more than the"
                f" match_deals={self.match_deals} of the match"
            )

    def _check_deal_tonks(self) -> None:
        """Refuse a table no deal fits, and deal tonk rows that can never win."""
        tables = tables_of(self)
        largest = _largest_table(self)
        values = [tables.values[card.code] for card in tables.naturals]
        jokers = [self.joker_value] * self.jokers  # jokers are not per pack
        # A row may win at any table the rules seat: its hand size (X2) and
        # its packs (V2) are those of the table.
        deals = {
            (self.hand_size_for(players), self.packs_for(players))
            for players in range(2, largest + 1)
        } or {(self.hand_size, 1)}
        reachable = frozenset().union(
            *(
                reachable_counts(values * copies + jokers, size)
                for size, copies in deals
            )
        )
        sizes = sorted({size for size, _ in deals})
        hand = (
            f"{sizes[0]}-card hand"
            if len(sizes) == 1
            else f"hand of {' or '.join(map(str, sizes))} cards"
        )
        for number, row in enumerate(self.deal_tonks, start=1):
            if self.court_values is CourtValues.RANKED and row.totals & {49, 50}:
                raise RulesError(
                    f"deal tonk row {number} pays 49 or 50, but with court values"
                    " 11/12/13 the 49/50 deal tonks are off (V6)"
                )
            if row.totals:
                for total in sorted(row.totals):
                    if total not in reachable:
                        hint = (
                            " (V1 players use totals={47, 50})"
                            if self.pack_kind is PackKind.FORTY and total == 49
                            else ""
                        )
                        raise RulesError(
                            f"deal tonk row {number} can never win: no"
                            f" {hand} from these packs counts {total}{hint}"
                        )
            elif row.at_most is not None and row.at_most < min(reachable):
                raise RulesError(
                    f"deal tonk row {number} can never win: no {hand}"
                    f" counts {row.at_most} or less"
                )
            elif row.court_cards is not None and row.court_cards > sizes[-1]:
                raise RulesError(
                    f"deal tonk row {number} can never win: {row.court_cards} court"
                    f" cards do not fit a {sizes[-1]}-card hand"
                )
        if largest < 2:
            raise RulesError(
                f"no table fits the deal: {self.hand_size_for(2)}-card hands for"
                f" two players need more than the {len(tables.pack)} cards of the"
                " pack"
            )
        self._check_hand_size_tables(largest)

    def _check_hand_size_tables(self, largest: int) -> None:
        """Refuse a hand size named for a table the rules do not seat (X2)."""
        for players, _ in self.hand_size_by_players:
            if players <= largest:
                continue
            if self.player_limit is not None and players > self.player_limit:
                raise RulesError(
                    f"hand_size_by_players names {players} players, more than"
                    f" player_limit={self.player_limit}"
                )
            beyond = largest + 1
            raise RulesError(
                f"hand_size_by_players names {players} players, but these rules"
                f" deal to at most {largest}: {self.hand_size_for(beyond)}-card"
                f" hands for {beyond} players need more cards than the pack holds"
            )

    def hand_size_for(self, players: int) -> int:
        """Return the cards dealt to each player at a table of ``players`` (B4, X2).

        Examples:
            >>> rules = Rules(hand_size=5, hand_size_by_players={2: 7, 3: 7})
            >>> rules.hand_size_for(2), rules.hand_size_for(3), rules.hand_size_for(4)
            (7, 7, 5)
        """
        for table, size in self.hand_size_by_players:
            if table == players:
                return size
        return self.hand_size

    def packs_for(self, players: int) -> int:
        """Return how many packs a table of ``players`` uses (V2).

        Examples:
            >>> Rules(two_packs_from=5).packs_for(4), Rules(two_packs_from=5).packs_for(5)
            (1, 2)
        """  # noqa: E501
        if self.two_packs_from is not None and players >= self.two_packs_from:
            return 2
        return 1

    @property
    def max_players(self) -> int:
        """The largest table these rules allow: the deal must fit (B2).

        Examples:
            >>> Rules().max_players, Rules(hand_size=7).max_players
            (10, 7)
            >>> Rules(two_packs_from=5).max_players
            20
        """
        return _largest_table(self)

    def pack(self, *, players: int | None = None) -> tuple[Card, ...]:
        """Return the cards in play, in canonical order (B1, V1–V5).

        Args:
            players: The table size; needed only when the number of packs
                depends on it (:attr:`two_packs_from`).

        Examples:
            >>> pack = Rules().pack()
            >>> len(pack), pack[0], pack[-1]
            (52, Card.parse('AC'), Card.parse('KS'))
            >>> len(Rules(pack_kind=PackKind.FORTY, deal_tonks=()).pack())
            40
        """
        one_pack = tables_of(self).pack
        if self.two_packs_from is None:
            return one_pack
        if players is None:
            raise RulesError(
                "the number of packs depends on the number of players"
                f" (two_packs_from={self.two_packs_from}); pass players"
            )
        if self.packs_for(players) == 1:
            return one_pack
        naturals = tables_of(self).naturals
        return tuple(sorted((*naturals, *naturals))) + one_pack[len(naturals) :]

    def card_value(self, card: Card) -> int:
        """Return what ``card`` counts when left in hand (B1, B12, V3–V6).

        Raises:
            TypeError: If ``card`` is not a :class:`~tonk.cards.Card`.
            RulesError: If it is not a card of these rules' pack (V1, V3).

        Examples:
            >>> from tonk import parse_cards
            >>> rules = Rules()
            >>> [rules.card_value(card) for card in parse_cards("AS 7D 10H KC")]
            [1, 7, 10, 10]
            >>> Rules(court_values=CourtValues.RANKED, deal_tonks=()).card_value(
            ...     Card.parse("KC"))
            13
            >>> rules.card_value(Card.parse("JK"))
            Traceback (most recent call last):
            ...
            tonk.errors.RulesError: JK is not a card of these rules' pack
        """
        return tables_of(self).values[self._in_pack(card)]

    def is_wild(self, card: Card) -> bool:
        """Return whether ``card`` is wild in spreads (V4, V5).

        Raises:
            TypeError: If ``card`` is not a :class:`~tonk.cards.Card`.
            RulesError: If it is not a card of these rules' pack (V1, V3).

        Examples:
            >>> chicago = Rules(wilds=Wilds.JOKERS_AND_TWOS, jokers=2)
            >>> chicago.is_wild(Card.parse("2D")), chicago.is_wild(Card.parse("3D"))
            (True, False)
        """
        return tables_of(self).wild[self._in_pack(card)]

    def _in_pack(self, card: Card) -> int:
        """Return ``card``'s code, or refuse what is not a card of the pack."""
        if not isinstance(card, Card):
            raise TypeError(f"card must be a Card, got {brief(card)}")
        if card.code not in tables_of(self).codes:
            raise RulesError(f"{card} is not a card of these rules' pack")
        return card.code

    @property
    def has_wilds(self) -> bool:
        """Whether any card in play is wild.

        Examples:
            >>> Rules().has_wilds
            False
        """
        return tables_of(self).any_wild

    @property
    def has_duplicates(self) -> bool:
        """Whether a card can be in play twice (two packs, or several jokers).

        Examples:
            >>> Rules(jokers=2).has_duplicates
            True
        """
        return self.two_packs_from is not None or self.jokers > 1


def _largest_table(rules: Rules) -> int:
    """Return the most players ``rules`` deal to (B2, V2, V7, V46); 1 if none.

    Every table from two players up to it fits the deal: a table too large for
    one pack is the limit even if two packs (V2) would fit a larger one.
    """
    tables = tables_of(rules)
    largest = 1
    one_pack = len(tables.pack)
    naturals = len(tables.naturals)
    for players in range(2, 2 * one_pack + 2):
        if rules.player_limit is not None and players > rules.player_limit:
            break
        size = rules.hand_size_for(players)  # X2
        needed = players * (size + rules.widow) + int(rules.upcard)
        cards = one_pack + naturals * (rules.packs_for(players) - 1)
        if needed > cards:
            break
        largest = players
    return largest
