"""Counts and settlements: how a finished hand is paid (B5, B11, B13, B14).

Every settlement is a list of :class:`~tonk.state.Transfer` payments; the
payoffs are their net, so they always sum to zero.

Every function checks its arguments: a bad seat, count, kind or amount raises
:class:`~tonk.errors.RulesError` (a wrong type, :class:`TypeError`) before
anything is built.

Examples:
    >>> outcome = settle_drop((10, 5, 8, 20), dropper=0)  # B13's worked example
    >>> outcome.kind, outcome.payoffs
    (<OutcomeKind.CAUGHT: 'caught'>, (-4, 4, 1, -1))
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from tonk._compiled import compiled
from tonk._validate import brief, is_int, wrong_type
from tonk.cards import Card, Rank
from tonk.errors import RulesError
from tonk.rules import (
    Catch,
    DealTonk,
    DealTonkClaim,
    DealTonkClash,
    DealTonkTie,
    DropPay,
    ExhaustionTie,
    LowestTie,
    PerPlayer,
    Rules,
)
from tonk.state import (
    Outcome,
    OutcomeKind,
    Spread,
    Stake,
    Transfer,
    TransferReason,
    exact,
)

__all__ = [
    "court_card_count",
    "deal_tonk_row",
    "hand_count",
    "hit_and_split_transfers",
    "penalty_points",
    "settle_claim",
    "settle_deal",
    "settle_drop",
    "settle_out",
    "settle_showdown",
    "settle_tunk",
    "widow_transfers",
]


MOST_PLAYERS = 128
"""More seats than any :class:`~tonk.rules.Rules` allows (two 60-card packs dealt
one card each seat fewer than 120): the bound of a table's size here."""

_OUT_KINDS = {
    OutcomeKind.TONK_OUT: TransferReason.TONK_OUT,
    OutcomeKind.OUT_BY_DISCARD: TransferReason.OUT_BY_DISCARD,
}
_SHOWDOWN_KINDS = frozenset(
    {
        OutcomeKind.STOCK_EXHAUSTED,
        OutcomeKind.TURN_LIMIT,
        OutcomeKind.FORCED_KNOCK,
        OutcomeKind.DEAD_STOCK,
    }
)


# The checks below take a fast path for plain ints and tuples: the engine calls
# these functions at the end of every hand, and bots in their searches.


def _check_table(player_count: object) -> int:
    """Return ``player_count`` if it is a table's size, 2..:data:`MOST_PLAYERS`."""
    if type(player_count) is int and 2 <= player_count <= MOST_PLAYERS:
        return player_count
    if not is_int(player_count):
        raise TypeError(f"player_count must be an int, got {brief(player_count)}")
    if not 2 <= player_count <= MOST_PLAYERS:  # type: ignore[operator]
        raise RulesError(
            f"a table seats 2..{MOST_PLAYERS} players, got {brief(player_count)}"
        )
    return player_count  # type: ignore[return-value]


def _check_seat(seat: object, player_count: int, what: str) -> int:
    """Return ``seat`` if it is a seat of a ``player_count`` table."""
    if type(seat) is int and 0 <= seat < player_count:
        return seat
    if not is_int(seat):
        raise TypeError(f"{what} must be an int, got {brief(seat)}")
    if not 0 <= seat < player_count:  # type: ignore[operator]
        raise RulesError(
            f"{what} must be a seat 0..{player_count - 1}, got {brief(seat)}"
        )
    return seat  # type: ignore[return-value]


def _sequence(value: object, what: str) -> Sequence[Any]:
    """Return ``value`` if it is a sequence (not a string), else raise TypeError."""
    if type(value) is tuple or type(value) is list:
        return value
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise TypeError(f"{what} must be a sequence, got {brief(value)}")
    return value


def _check_seats(value: object, player_count: int, what: str) -> None:
    """Check that ``value`` holds distinct seats of a ``player_count`` table."""
    seats = _sequence(value, what)
    if len(seats) > player_count:
        raise RulesError(f"{what} has more seats than the table, got {brief(seats)}")
    for seat in seats:
        _check_seat(seat, player_count, f"each of {what}")
    if len(set(seats)) != len(seats):
        raise RulesError(f"{what} must be distinct seats, got {brief(seats)}")


def _check_counts(value: object) -> tuple[int, ...]:
    """Return ``value`` as a tuple if it holds one count, 0 or more, per seat."""
    counts = _sequence(value, "counts")
    if not 2 <= len(counts) <= MOST_PLAYERS:
        raise RulesError(f"counts must give 2..{MOST_PLAYERS} seats, got {len(counts)}")
    for count in counts:
        if type(count) is int and count >= 0:
            continue
        if not is_int(count):
            raise TypeError(f"a count must be an int, got {brief(count)}")
        if count < 0:
            raise RulesError(f"a count cannot be negative, got {brief(count)}")
    return tuple(counts)


def _check_hands(value: object, rules: Rules) -> None:
    """Check that ``value`` holds the hands of a table under ``rules``."""
    if not isinstance(rules, Rules):
        raise wrong_type("rules", Rules, rules)
    hands = _sequence(value, "hands")
    if not 2 <= len(hands) <= compiled(rules).max_players:
        raise RulesError(
            f"hands must give 2..{rules.max_players} seats under these rules,"
            f" got {len(hands)}"
        )


def hand_count(cards: Sequence[Card], rules: Rules) -> int:
    """Return the count of ``cards`` held in hand (B12).

    Examples:
        >>> from tonk import Rules, parse_cards
        >>> hand_count(parse_cards("AS 7D KH"), Rules())
        18
    """
    if not isinstance(rules, Rules):
        raise wrong_type("rules", Rules, rules)
    try:
        return count_of(cards, compiled(rules).tables.values)
    except AttributeError:
        raise TypeError(f"cards must hold Card values, got {brief(cards)}") from None


def count_of(hand: Sequence[Card], values: Sequence[int]) -> int:
    """Return the count of ``hand`` (B12) by the rules' card ``values``.

    What :func:`hand_count` gives, without its checks: the engine calls this
    on its own hands. A plain loop: for a few cards it is faster than ``sum``
    over a generator or over maps of the codes and values.
    """
    count = 0
    for card in hand:
        count += values[card.code]
    return count


def settle_out(
    player_count: int, winner: int, kind: OutcomeKind, *, pays: int | None = None
) -> Outcome:
    """Settle a player going out: each other player pays ``pays`` (B11, V31-V34).

    ``pays`` defaults to B11's amounts: 2x for a tonk out, 1x by discard.

    Args:
        player_count: How many players sit at the table, 2 or more.
        winner: The seat that went out.
        kind: ``OutcomeKind.TONK_OUT`` or ``OutcomeKind.OUT_BY_DISCARD``.
        pays: What each other player pays, 1 or more; ``None`` for B11's.

    Raises:
        RulesError: If a value is out of range, or ``kind`` is not a way of
            going out.
        TypeError: If a value has the wrong type.

    Examples:
        >>> settle_out(3, 1, OutcomeKind.TONK_OUT).payoffs
        (-2, 4, -2)
        >>> settle_out(3, 1, OutcomeKind.TONK_OUT, pays=4).payoffs  # V33
        (-4, 8, -4)
        >>> settle_out(3, 1, OutcomeKind.DROP_WON)
        Traceback (most recent call last):
        ...
        tonk.errors.RulesError: not a way of going out: <OutcomeKind.DROP_WON: 'drop_won'>

    .. versionchanged:: 0.2
       Bad arguments raise :class:`~tonk.errors.RulesError` (was ``ValueError``,
       ``IndexError``, or a silent settlement for ``pays`` below 1).
    """  # noqa: E501
    player_count = _check_table(player_count)
    _check_seat(winner, player_count, "winner")
    if not isinstance(kind, OutcomeKind):
        raise TypeError(f"kind must be an OutcomeKind, got {brief(kind)}")
    if kind not in _OUT_KINDS:
        raise RulesError(f"not a way of going out: {brief(kind)}")
    reason = _OUT_KINDS[kind]
    amount = 2 if kind is OutcomeKind.TONK_OUT else 1  # B11
    if pays is not None:
        if not is_int(pays):
            raise TypeError(f"pays must be an int or None, got {brief(pays)}")
        if pays < 1:
            raise RulesError(f"pays must be 1 or more, got {brief(pays)}")
        amount = pays
    transfers = tuple(
        Transfer(seat, winner, amount, reason)
        for seat in range(player_count)
        if seat != winner
    )
    return Outcome.from_transfers(
        kind, player_count, winners=(winner,), transfers=transfers
    )


def _at(amount: int | PerPlayer, players: int) -> int:
    """Return a stake fixed or per player at a table of ``players`` (V38)."""
    return amount.at(players) if isinstance(amount, PerPlayer) else amount


def _checked_bonus(bonus: object) -> tuple[DropPay, ...]:
    """Return the drop bonus table as a tuple, or refuse it (X11)."""
    if (
        isinstance(bonus, str | bytes)
        or not isinstance(bonus, Sequence)
        or not all(isinstance(row, DropPay) for row in bonus)
    ):
        raise TypeError(f"bonus must be a sequence of DropPay rows, got {brief(bonus)}")
    return tuple(bonus)


def settle_drop(
    counts: Sequence[int],
    dropper: int,
    *,
    catch: Catch = Catch.B13,
    dealer: int | None = None,
    bonus: Sequence[DropPay] = (),
) -> Outcome:
    """Settle a drop given every seat's count (B13, V35-V38, X11, X12).

    A strictly lowest dropper collects 1x from each player. Otherwise the dropper
    is caught and pays as ``catch`` says: by default (B13) 2x to each player
    whose count is equal or lower, while the lowest other count (all of them, if
    tied) collects 1x from each player who is neither the dropper nor tied
    lowest. Under ``catch.ties_catch=False`` (X12) a tie does not catch: a
    dropper whom nobody undercuts wins, and only lower counts are catchers.

    Args:
        counts: Every seat's count.
        dropper: The seat that dropped.
        catch: How a caught dropper is paid.
        dealer: The dealer's seat; needed when ``catch`` gives a tie for lowest
            to the player nearest the dealer's left (V35 5).
        bonus: The drop bonus table (X11, :attr:`tonk.Rules.drop_bonus`): the
            first row whose ``at_most`` the dropper's count does not exceed
            says what each player pays a winning dropper (no row: 1x).

    Raises:
        RulesError: If a seat or count is out of range, or a tie needs the
            dealer and none is given.
        TypeError: If a value has the wrong type.

    Examples:
        >>> settle_drop((4, 9, 30), dropper=0).payoffs
        (2, -1, -1)
        >>> settle_drop((10, 10, 20), dropper=0).payoffs  # a tie goes against him
        (-2, 3, -1)
        >>> settle_drop((10, 5, 8, 20), dropper=0, catch=Catch.SINGLE).payoffs  # V35 3
        (-3, 4, 0, -1)
        >>> from tonk import DropPay
        >>> low_pays_more = [DropPay(at_most=5, pays=3)]  # X11
        >>> settle_drop((4, 9, 30), dropper=0, bonus=low_pays_more).payoffs
        (6, -3, -3)
        >>> ties_win = Catch(to_catchers=1, ties_catch=False)  # X12
        >>> settle_drop((10, 10, 20), dropper=0, catch=ties_win).payoffs
        (2, -1, -1)
    """
    counts = _check_counts(counts)
    player_count = len(counts)
    _check_seat(dropper, player_count, "dropper")
    if not isinstance(catch, Catch):
        raise TypeError(f"catch must be a Catch, got {brief(catch)}")
    bonus = _checked_bonus(bonus)
    if dealer is not None:
        _check_seat(dealer, player_count, "dealer")
    mine = counts[dropper]
    others = [seat for seat in range(player_count) if seat != dropper]
    ties_catch = catch.ties_catch  # X12: False, only a lower count catches
    if all(
        counts[seat] > mine or (counts[seat] == mine and not ties_catch)
        for seat in others
    ):
        winners: tuple[int, ...] = (dropper,)
        kind = OutcomeKind.DROP_WON
        pays = next((row.pays for row in bonus if mine <= row.at_most), 1)
        transfers = tuple(
            Transfer(seat, dropper, pays, TransferReason.DROP_WON) for seat in others
        )
    else:
        kind = OutcomeKind.CAUGHT
        winners = _lowest_others(counts, others, catch.lowest_tie, dealer)
        transfers = _caught_transfers(counts, dropper, others, winners, catch)
    return Outcome.from_transfers(
        kind,
        player_count,
        winners=winners,
        transfers=transfers,
        counts=tuple(counts),
        dropper=dropper,
    )


def _lowest_others(
    counts: Sequence[int],
    others: Sequence[int],
    tie: LowestTie,
    dealer: int | None,
) -> tuple[int, ...]:
    """Return the seats other than the dropper with the lowest count (B13, V35).

    A tie for lowest is kept, unless ``tie`` gives it to the seat nearest the
    dealer's left (V35 5).
    """
    lowest_count = min(counts[seat] for seat in others)
    lowest = tuple(seat for seat in others if counts[seat] == lowest_count)
    if tie is LowestTie.NEAREST_DEALER_LEFT and len(lowest) > 1:
        if dealer is None:
            raise RulesError("this catch needs the dealer to break a tie for lowest")
        players = len(counts)
        lowest = (min(lowest, key=lambda seat: (seat - dealer - 1) % players),)
    return lowest


def _caught_transfers(
    counts: Sequence[int],
    dropper: int,
    others: Sequence[int],
    lowest: tuple[int, ...],
    catch: Catch,
) -> tuple[Transfer, ...]:
    """Return what a caught dropper and the others pay (B13, V35-V38, X12).

    One component of ``catch`` at a time: the dropper pays each catcher (a
    lower count, or an equal one unless X12), each other player, and the
    lowest; the players neither lowest nor dropping pay the lowest. A tie for
    lowest splits the lowest's shares under :attr:`LowestTie.SPLIT`.
    """
    players = len(counts)
    mine = counts[dropper]
    share: Stake = 1
    if catch.lowest_tie is LowestTie.SPLIT and len(lowest) > 1:
        share = Fraction(1, len(lowest))
    transfers: list[Transfer] = []
    to_catchers = _at(catch.to_catchers, players)
    if to_catchers:
        transfers.extend(
            Transfer(dropper, seat, to_catchers, TransferReason.CATCHER)
            for seat in others
            if counts[seat] < mine or (counts[seat] == mine and catch.ties_catch)
        )
    to_others = _at(catch.to_others, players)
    if to_others:
        transfers.extend(
            Transfer(dropper, seat, to_others, TransferReason.CATCHER)
            for seat in others
        )
    to_lowest = _at(catch.to_lowest, players) * share
    if to_lowest:
        transfers.extend(
            Transfer(dropper, seat, to_lowest, TransferReason.LOWEST) for seat in lowest
        )
    from_others = _at(catch.lowest_from_others, players) * share
    if from_others:
        transfers.extend(
            Transfer(payer, payee, from_others, TransferReason.LOWEST)
            for payer in others
            if payer not in lowest
            for payee in lowest
        )
    return tuple(transfers)


def settle_showdown(
    counts: Sequence[int], kind: OutcomeKind, tie: ExhaustionTie
) -> Outcome:
    """Settle a hand ended by the empty stock or the turn limit (B14, B15).

    The lowest count collects 1x from each other player; ``tie`` says how a tie
    for lowest is paid.

    Raises:
        RulesError: If a count is out of range, or ``kind`` is not a showdown
            (``STOCK_EXHAUSTED``, ``TURN_LIMIT``, ``FORCED_KNOCK`` or
            ``DEAD_STOCK``).
        TypeError: If a value has the wrong type.

    Examples:
        >>> settle_showdown((7, 3, 9), OutcomeKind.STOCK_EXHAUSTED,
        ...                 ExhaustionTie.ALL_PAID).payoffs
        (-1, 2, -1)
        >>> settle_showdown((3, 3, 9), OutcomeKind.STOCK_EXHAUSTED,
        ...                 ExhaustionTie.SPLIT).payoffs
        (Fraction(1, 2), Fraction(1, 2), -1)
    """
    counts = _check_counts(counts)
    if not isinstance(kind, OutcomeKind):
        raise TypeError(f"kind must be an OutcomeKind, got {brief(kind)}")
    if kind not in _SHOWDOWN_KINDS:
        raise RulesError(f"not a showdown: {brief(kind)}")
    if not isinstance(tie, ExhaustionTie):
        raise TypeError(f"tie must be an ExhaustionTie, got {brief(tie)}")
    player_count = len(counts)
    lowest_count = min(counts)
    lowest = tuple(seat for seat in range(player_count) if counts[seat] == lowest_count)
    shown = tuple(counts)
    if len(lowest) > 1 and tie is ExhaustionTie.DEAD_HAND:
        return Outcome.from_transfers(
            kind, player_count, winners=(), transfers=(), counts=shown
        )
    amount: Stake = 1
    if tie is ExhaustionTie.SPLIT and len(lowest) > 1:
        amount = Fraction(1, len(lowest))
    transfers = tuple(
        Transfer(payer, payee, amount, TransferReason.SHOWDOWN)
        for payer in range(player_count)
        if payer not in lowest
        for payee in lowest
    )
    return Outcome.from_transfers(
        kind, player_count, winners=lowest, transfers=transfers, counts=shown
    )


def settle_tunk(
    counts: Sequence[int], tunker: int, *, tie_doubles: bool = False
) -> Outcome:
    """Settle a tunk once every last turn is played (H5-H7).

    Each seat scores its count as penalty points; the tunker scores double
    when another count is strictly lower (``tie_doubles``: equal or lower, H7's
    option). The winners are the tunker when not beaten (a tie leaves the
    tunker lowest), else the other seats with the lowest count. In stakes, each
    pair of seats settles the difference of their penalty points, the higher
    paying the lower, so the payoffs sum to zero. The outcome's ``dropper`` is
    the tunker; :func:`penalty_points` reads the points back.

    Raises:
        RulesError: If a count or the tunker is out of range.
        TypeError: If a value has the wrong type.

    Examples:
        >>> outcome = settle_tunk((4, 9, 20), tunker=0)
        >>> outcome.winners, penalty_points(outcome), outcome.payoffs
        ((0,), (4, 9, 20), (21, 6, -27))
        >>> outcome = settle_tunk((5, 3, 12), tunker=0)  # beaten: doubled
        >>> outcome.winners, penalty_points(outcome)
        ((1,), (10, 3, 12))
        >>> penalty_points(settle_tunk((5, 5), tunker=0, tie_doubles=True))
        (10, 5)

    .. versionadded:: 0.2.0
    """
    counts = _check_counts(counts)
    players = len(counts)
    _check_seat(tunker, players, "tunker")
    if not isinstance(tie_doubles, bool):
        raise TypeError(f"tie_doubles must be a bool, got {brief(tie_doubles)}")
    lowest = min(count for seat, count in enumerate(counts) if seat != tunker)
    own = counts[tunker]
    beaten = lowest <= own if tie_doubles else lowest < own
    winners = (
        tuple(
            seat for seat in range(players) if seat != tunker and counts[seat] == lowest
        )
        if beaten
        else (tunker,)
    )
    points = _penalties(counts, tunker, beaten)
    transfers = tuple(
        Transfer(payer, payee, points[payer] - points[payee], TransferReason.PENALTY)
        for payer in range(players)
        for payee in range(players)
        if points[payer] > points[payee]
    )
    return Outcome.from_transfers(
        OutcomeKind.TUNK,
        players,
        winners=winners,
        transfers=transfers,
        counts=counts,
        dropper=tunker,
    )


def _penalties(counts: tuple[int, ...], tunker: int, beaten: bool) -> tuple[int, ...]:
    """Return each seat's penalty points: its count, the tunker's doubled if beaten."""
    if not beaten:
        return counts
    return tuple(
        count * 2 if seat == tunker else count for seat, count in enumerate(counts)
    )


def penalty_points(outcome: Outcome) -> tuple[int, ...]:
    """Return the penalty points each seat scores for a tunk (H7).

    Every seat scores its count; the tunker (the outcome's ``dropper``)
    scores double when beaten, that is when not among the winners.

    Raises:
        RulesError: If the outcome is not a tunk's.
        TypeError: If ``outcome`` is not an :class:`~tonk.state.Outcome`.

    Examples:
        >>> penalty_points(settle_tunk((0, 7), tunker=0))
        (0, 7)

    .. versionadded:: 0.2.0
    """
    if not isinstance(outcome, Outcome):
        raise TypeError(f"outcome must be an Outcome, got {brief(outcome)}")
    if (
        outcome.kind is not OutcomeKind.TUNK
        or outcome.dropper is None
        or outcome.counts is None
    ):
        raise RulesError(f"not a tunk's outcome: {brief(outcome.kind)}")
    tunker = outcome.dropper
    return _penalties(outcome.counts, tunker, tunker not in outcome.winners)


def court_card_count(cards: Sequence[Card]) -> int:
    """Return how many jacks, queens and kings ``cards`` holds (V18).

    Examples:
        >>> from tonk import parse_cards
        >>> court_card_count(parse_cards("JS QH KD 10C JK"))
        3
    """
    try:
        return sum(1 for card in cards if card.rank >= Rank.JACK)
    except AttributeError:
        raise TypeError(f"cards must hold Card values, got {brief(cards)}") from None


def deal_tonk_row(
    hand: Sequence[Card], rules: Rules, claim: DealTonkClaim, *, spread: bool = False
) -> tuple[int, DealTonk] | None:
    """Return the first row (index and row) of the deal-tonk table ``hand`` wins.

    Only rows claimed at ``claim`` time count, and once someone has spread
    (``spread``) only rows that set ``after_spread`` (V19, X13).

    Examples:
        >>> from tonk import Rules, parse_cards
        >>> deal_tonk_row(parse_cards("KS KH KD KC 9S"), Rules(), DealTonkClaim.AT_DEAL)
        (0, DealTonk(totals=frozenset({49, 50}), at_most=None, court_cards=None, pays=2, claim=<DealTonkClaim.AT_DEAL: 'at_deal'>, tie=None, after_spread=False))
    """  # noqa: E501
    if not isinstance(claim, DealTonkClaim):
        raise TypeError(f"claim must be a DealTonkClaim, got {brief(claim)}")
    count = hand_count(hand, rules)
    courts = court_card_count(hand)
    for index, row in enumerate(rules.deal_tonks):
        if (
            row.claim is claim
            and (row.after_spread or not spread)
            and row.wins(count=count, court_cards=courts)
        ):
            return index, row
    return None


def _paid_deal_tonk(
    player_count: int,
    winners: Sequence[tuple[int, DealTonk]],
    counts: tuple[int, ...],
    *,
    split: bool = False,
) -> Outcome:
    """Return the outcome of ``winners`` each paid by every player not among them.

    With ``split`` the winners share one payout: each payer's ``pays`` is
    divided equally among them (X15).
    """
    holders = {seat for seat, _ in winners}
    share = len(winners) if split else 1
    transfers = tuple(
        Transfer(
            payer,
            seat,
            exact(Fraction(row.pays, share)),
            TransferReason.DEAL_TONK,
        )
        for seat, row in winners
        for payer in range(player_count)
        if payer not in holders
    )
    return Outcome.from_transfers(
        OutcomeKind.DEAL_TONK,
        player_count,
        winners=tuple(seat for seat, _ in winners),
        transfers=transfers,
        counts=counts,
    )


def settle_deal(
    hands: Sequence[Sequence[Card]], rules: Rules, *, dealer: int
) -> Outcome | None:
    """Settle the deal tonks of freshly dealt ``hands``, or return ``None`` (B5).

    Each hand wins under the first row of :attr:`~tonk.rules.Rules.deal_tonks`
    it satisfies (rows claimed at the deal only); several winners are resolved by
    :attr:`~tonk.rules.Rules.deal_tonk_clash` (V11–V20); equal best hands may
    share the payout (``DealTonkTie.SPLIT``, X15).

    Raises:
        RulesError: If the table does not fit the rules or the dealer is not
            at it.
        TypeError: If a value has the wrong type.

    Examples:
        >>> from tonk import Rules, parse_cards
        >>> hands = [parse_cards("KS KH KD KC 9S"), parse_cards("AS 2S 3D 4D 5D")]
        >>> settle_deal(hands, Rules(), dealer=1).payoffs
        (2, -2)
        >>> from tonk import DealTonkClash, DealTonkTie
        >>> split = Rules(deal_tonk_clash=DealTonkClash.BEST_HAND,
        ...               deal_tonk_tie=DealTonkTie.SPLIT)  # X15
        >>> fifties = [parse_cards("KS KH KD QC JS"), parse_cards("QS QH QD JC 10S")]
        >>> settle_deal([*fifties, parse_cards("AS 2S 3D 4D 5D")], split,
        ...             dealer=2).payoffs
        (1, 1, -2)
    """
    _check_hands(hands, rules)
    player_count = len(hands)
    _check_seat(dealer, player_count, "dealer")
    counts = tuple(hand_count(hand, rules) for hand in hands)
    claims = []  # (seat, row index, row), from the dealer's left
    for offset in range(1, player_count + 1):
        seat = (dealer + offset) % player_count
        won = deal_tonk_row(hands[seat], rules, DealTonkClaim.AT_DEAL)
        if won is not None:
            claims.append((seat, *won))
    if not claims:
        return None
    clash = rules.deal_tonk_clash
    if len(claims) == 1 or clash is DealTonkClash.ALL_PAID:
        return _paid_deal_tonk(
            player_count, [(seat, row) for seat, _, row in claims], counts
        )
    if clash is DealTonkClash.BEST_HAND:

        def strength(claim: tuple[int, int, DealTonk]) -> tuple[int, int]:
            seat, index, row = claim
            return index, counts[seat] if row.at_most is not None else 0

        best = min(map(strength, claims))
        tied = [claim for claim in claims if strength(claim) == best]
        row = tied[0][2]
        tie = rules.deal_tonk_tie if row.tie is None else row.tie
        if len(tied) == 1 or tie is DealTonkTie.NEAREST_DEALER_LEFT:
            seat, _, row = tied[0]
            return _paid_deal_tonk(player_count, [(seat, row)], counts)
        if tie is DealTonkTie.SPLIT:  # X15: the tied holders share the payout
            return _paid_deal_tonk(
                player_count, [(seat, row) for seat, _, row in tied], counts, split=True
            )
    return Outcome.from_transfers(
        OutcomeKind.VOID_DEAL, player_count, winners=(), transfers=(), counts=counts
    )


_CLAIM_TIMES = {
    DealTonkClaim.AT_DEAL: "at the deal",
    DealTonkClaim.BEFORE_FIRST_TURN: "before the first turn",
    DealTonkClaim.AFTER_FIRST_TURN: "at the end of the first turn",
}


def settle_claim(
    hands: Sequence[Sequence[Card]],
    rules: Rules,
    *,
    seat: int,
    claim: DealTonkClaim = DealTonkClaim.BEFORE_FIRST_TURN,
    spread: bool = False,
) -> Outcome:
    """Settle a deal tonk claimed after the deal (V19, X13).

    Args:
        hands: Every seat's hand when the claim is made.
        rules: The rules, for the deal-tonk table.
        seat: The claiming seat.
        claim: When the claim is made: before the holder's first turn (V19)
            or at its end (X13).
        spread: Whether anyone has spread: then only rows that set
            ``after_spread`` may be claimed (X13).

    Raises:
        RulesError: If the table does not fit the rules, or ``seat`` is not at
            it or holds no deal tonk claimed then.
        TypeError: If a value has the wrong type.

    Examples:
        >>> from tonk import DealTonk, DealTonkClaim, Rules, parse_cards
        >>> rules = Rules(deal_tonks=[DealTonk(totals={49}, pays=1,
        ...               claim=DealTonkClaim.BEFORE_FIRST_TURN)])
        >>> hands = [parse_cards("KS KH KD KC 9S"), parse_cards("AS 2S 3D 4D 5D")]
        >>> settle_claim(hands, rules, seat=0).payoffs
        (1, -1)
        >>> settle_claim(hands, rules, seat=0, spread=True)
        Traceback (most recent call last):
        ...
        tonk.errors.RulesError: seat 0 holds no deal tonk claimed before the first turn after a spread
    """  # noqa: E501
    _check_hands(hands, rules)
    _check_seat(seat, len(hands), "seat")
    if not isinstance(spread, bool):
        raise TypeError(f"spread must be a bool, got {brief(spread)}")
    won = deal_tonk_row(hands[seat], rules, claim, spread=spread)
    if won is None:
        raise RulesError(
            f"seat {seat} holds no deal tonk claimed {_CLAIM_TIMES[claim]}"
            + (" after a spread" if spread else "")
        )
    counts = tuple(hand_count(hand, rules) for hand in hands)
    return _paid_deal_tonk(len(hands), [(seat, won[1])], counts)


def hit_and_split_transfers(
    winners: Sequence[int], spreads: Sequence[Spread], player_count: int
) -> tuple[Transfer, ...]:
    """Return V39's payments: 1/2x from each winner to each loser with a 4+ spread.

    Examples:
        >>> from tonk import parse_cards
        >>> from tonk.state import SpreadKind
        >>> four = Spread(number=1, owner=1, kind=SpreadKind.RUN,
        ...               cards=parse_cards("5H 6H 7H 8H"),
        ...               stands_for=parse_cards("5H 6H 7H 8H"))
        >>> hit_and_split_transfers((0,), (four,), 3)
        (Transfer(payer=0, payee=1, amount=Fraction(1, 2), reason=<TransferReason.HIT_AND_SPLIT: 'hit_and_split'>),)
    """  # noqa: E501
    player_count = _check_table(player_count)
    _check_seats(winners, player_count, "winners")
    owners = {spread.owner for spread in spreads if len(spread.cards) >= 4}
    return tuple(
        Transfer(winner, loser, Fraction(1, 2), TransferReason.HIT_AND_SPLIT)
        for winner in winners
        for loser in range(player_count)
        if loser in owners and loser not in winners
    )


def widow_transfers(
    winners: Sequence[int], exchanged: Sequence[bool]
) -> tuple[Transfer, ...]:
    """Return V46's payments: each widow exchange's 1x, shared by the winners.

    A hand without winners (void or dead) refunds the pot: nobody pays.

    Examples:
        >>> widow_transfers((0, 2), (False, True, True))
        (Transfer(payer=1, payee=0, amount=Fraction(1, 2), reason=<TransferReason.WIDOW: 'widow'>), Transfer(payer=1, payee=2, amount=Fraction(1, 2), reason=<TransferReason.WIDOW: 'widow'>), Transfer(payer=2, payee=0, amount=Fraction(1, 2), reason=<TransferReason.WIDOW: 'widow'>))
    """  # noqa: E501
    player_count = _check_table(len(_sequence(exchanged, "exchanged")))
    _check_seats(winners, player_count, "winners")
    if not winners:
        return ()
    share: Stake = 1 if len(winners) == 1 else Fraction(1, len(winners))
    return tuple(
        Transfer(seat, winner, share, TransferReason.WIDOW)
        for seat, paid in enumerate(exchanged)
        if paid
        for winner in winners
        if winner != seat
    )
