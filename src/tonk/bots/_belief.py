"""Opponent inference: a belief over the hidden cards, from what a seat has seen.

A seat's :class:`Memory` reads the observations it is shown, one after
another, and works out from them what each other seat did in its turns (an
:class:`OpponentTurn`: the card it was offered, whether it took it, what it
laid and what it discarded). :func:`infer` deals the hidden cards many times
(:func:`tonk.determinize`) and weights each deal by how likely a model of the
opponents' play (an :class:`OpponentModel`, by default :class:`GreedyModel`)
makes their recent turns, had they held the cards of that deal: a
:class:`Belief`. Any bot can use it: ask it for the chance of an event, or
draw weighted deals from it to search (``ISMCTSBot(belief=True)``).

Examples:
    >>> import random, tonk
    >>> state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
    >>> memory = tonk.bots.Memory()
    >>> seen = tonk.observe(state, 1)
    >>> turns = memory.update(seen)
    >>> belief = tonk.bots.infer(seen, random.Random(1), memory=memory, samples=8)
    >>> len(belief.deals), round(sum(belief.weights), 9)
    (8, 1.0)
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol, runtime_checkable

import attrs

from tonk._cache import Cache
from tonk._compiled import compiled
from tonk._fast import successor
from tonk._spreads import find_spreads, split
from tonk._transition import natural_enough
from tonk._turn import drop_ceiling
from tonk._validate import brief, is_int, wrong_type
from tonk.actions import LaySpread
from tonk.bots._base import check_asked
from tonk.bots._knowledge import drop_payoffs, seat_turns
from tonk.cards import CARDS, Card
from tonk.errors import RulesError
from tonk.observation import Observation, determinize
from tonk.rules import Rules
from tonk.scoring import settle_drop
from tonk.state import GameState, Phase, Spread

__all__ = [
    "Belief",
    "GreedyModel",
    "Memory",
    "OpponentModel",
    "OpponentTurn",
    "infer",
]


@attrs.frozen(kw_only=True)
class OpponentTurn:
    """What a seat saw another seat do in one turn.

    Attributes:
        seat: The seat that played the turn.
        turn: The hand's turn number (:attr:`~tonk.Observation.turns_taken`
            when it began).
        could_drop: Whether the seat could have dropped instead: it chose
            not to. ``False`` where the rules have no drop (H4), the seat
            waited (V22) or had laid three spreads (V30), in the last turns
            after a tunk (H6), and where another seat's hit on its spreads
            before its turn may have made it wait. (A drop ceiling, X6,
            depends on the hand: the model reads it.)
        offered: The top discard it could take, or ``None``: there was
            none, or the memory cannot tell which card it was.
        took: Whether it took the offered card (B7); or, with no card
            named, the turned-up card, which it laid at once.
        laid: The cards it laid in spreads or hit onto spreads (B9, B10).
        discarded: The card it discarded, or ``None`` if unknown (then
            ``took`` and ``laid`` may be incomplete).

    .. versionadded:: 0.2.0

    Examples:
        >>> from tonk import Card
        >>> turn = OpponentTurn(seat=0, turn=1, could_drop=True,
        ...                     offered=Card.parse("4D"), took=False, laid=(),
        ...                     discarded=Card.parse("KS"))
        >>> turn.took, str(turn.discarded)
        (False, 'KS')
    """

    seat: int
    turn: int
    could_drop: bool
    offered: Card | None
    took: bool
    laid: tuple[Card, ...]
    discarded: Card | None


@runtime_checkable
class OpponentModel(Protocol):
    """A model of how another seat plays: the likelihood of what it did.

    :meth:`likelihood` is given one turn the seat played, the hand it is
    supposed to have held when the turn began, and the card it is supposed
    to have drawn (the offered card if it took it; otherwise a card from the
    stock), and returns how likely the seat was to play the turn as it did,
    up to a constant factor (0 for impossible). It reads what that seat saw:
    its hand and the public facts of the turn.

    .. versionadded:: 0.2.0

    Examples:
        >>> class Indifferent:
        ...     def likelihood(self, rules, players, turn, hand, drawn):
        ...         return 1.0
        >>> isinstance(Indifferent(), OpponentModel)
        True
    """

    def likelihood(
        self,
        rules: Rules,
        players: int,
        turn: OpponentTurn,
        hand: Sequence[Card],
        drawn: Card,
    ) -> float:
        """Return how likely ``turn`` was from ``hand`` (at least 0).

        Args:
            rules: The rules of the hand.
            players: The number of players.
            turn: The turn as it was seen.
            hand: The hand the seat held when the turn began.
            drawn: The card it drew.

        Returns:
            A likelihood, up to a constant factor.
        """
        ...  # pragma: no cover - a protocol


class _Seen:
    """What one seat remembers of the current hand."""

    __slots__ = ("decided", "last", "turns")

    def __init__(self) -> None:
        self.last: Observation | None = None
        """The last observation shown."""
        self.decided: Observation | None = None
        """The last observation shown at one of the seat's own decisions."""
        self.turns: list[OpponentTurn] = []


_WINDOWS: Final = (Phase.SLAP_WINDOW, Phase.EXTRA_DISCARD)
"""The phases after a turn's discard (V26, X5): the turn is counted, and the
next one starts at the same :attr:`~tonk.Observation.turns_taken`."""


def _is_new_hand(last: Observation | None, obs: Observation) -> bool:
    """Return whether ``obs`` begins another hand than ``last``'s.

    Hands of the same rules, dealer and table are told apart by the turns
    taken, and, since a seat may first be asked in a window on a discard
    (V26, X5) or lose its first turns to an eat, by the cards: the seat's
    hand gains only the cards it draws (one a turn of its own) and its
    widow's (V46), and after a window the pile changes in the same turn
    only by a discard on top, the due player's take, or a slap (which a
    spread shows).
    """
    if last is None:
        return True
    if (
        last.rules != obs.rules
        or last.dealer != obs.dealer
        or last.hand_sizes.__len__() != obs.hand_sizes.__len__()
        or obs.turns_taken < last.turns_taken
    ):
        return True
    if obs.turns_taken == last.turns_taken:
        if last.phase not in _WINDOWS:
            if (
                obs.phase is Phase.TURN_START
                # An exchange with the widow (V46) leaves the turn at its start.
                and sum(obs.exchanged) <= sum(last.exchanged)
            ):
                return True
        elif obs.spreads == last.spreads and not _pile_goes_on(last, obs):
            return True
    players = obs.player_count
    first = (obs.seat - obs.dealer - 1) % players  # the seat's first turn
    own_turns = (obs.turns_taken - first) // players - (
        last.turns_taken - 1 - first
    ) // players  # its turns numbered from last's to obs's
    return len(_removed(obs.hand, last.hand)) > own_turns + 1


def _pile_goes_on(last: Observation, obs: Observation) -> bool:
    """Return whether ``obs``'s pile may follow ``last``'s in a window's turn.

    No spread changed between them: the card on top of ``last``'s pile is
    still there, under any discards since, or the player due took it.
    """
    pile = last.discard_pile
    if obs.discard_pile[: len(pile)] == pile:
        return True
    return obs.discard_pile[: len(pile) - 1] == pile[:-1] and any(
        pile[-1] in cards for cards in obs.taken
    )


def _removed(before: Sequence[Card], after: Sequence[Card]) -> list[Card]:
    """Return the cards of ``before`` not in ``after`` (as multisets)."""
    left = Counter(before)
    left.subtract(after)
    return list(left.elements())


class Memory:
    """A seat's memory of the hand: what it saw the other seats do.

    Give it every observation its seat is shown, in order
    (:meth:`update`), or only those of its seat's decisions, as a bot is
    asked: at each turn start of its seat it compares the view with the one
    of the seat's decision before and records the other seats' turns in
    between (:class:`OpponentTurn`), the same either way. Given fewer (only
    the seat's turn starts, say), it names less. It forgets them
    when an observation begins a new hand, and keeps one memory per seat, so
    one bot may sit in several seats. It reads observations only.

    .. versionadded:: 0.2.0

    Examples:
        >>> import random, tonk
        >>> state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
        >>> memory = Memory()
        >>> memory.update(tonk.observe(state, 1))
        ()
        >>> state = tonk.apply(state, tonk.DrawStock())
        >>> state = tonk.apply(state, tonk.Discard(state.hand(1)[-1]))
        >>> turns = memory.update(tonk.observe(state, 0))
        >>> turns[0].seat, turns[0].took, str(turns[0].discarded)
        (1, False, '2S')
    """

    def __init__(self) -> None:
        self._seats: dict[int, _Seen] = {}

    def update(self, obs: Observation) -> tuple[OpponentTurn, ...]:
        """Remember ``obs`` and return the other seats' turns seen this hand.

        Args:
            obs: The next observation the seat is shown.

        Returns:
            Every turn of the other seats this memory has worked out in the
            hand, oldest first.

        Raises:
            TypeError: If ``obs`` is not an :class:`~tonk.Observation`.
        """
        if not isinstance(obs, Observation):
            raise wrong_type("obs", Observation, obs)
        seen = self._seats.get(obs.seat)
        if seen is not None and seen.last == obs:  # shown again: nothing new
            return tuple(seen.turns)
        if seen is None or _is_new_hand(seen.last, obs):
            seen = self._seats[obs.seat] = _Seen()
        # The turns in between are worked out from the seat's own decisions;
        # another seat's move only tells when a new hand begins.
        if obs.to_move == obs.seat:
            if obs.phase is Phase.TURN_START or obs.phase is Phase.SLAP_WINDOW:
                seen.turns.extend(_turns_between(seen.decided, obs))
            seen.decided = obs
        seen.last = obs
        return tuple(seen.turns)

    def turns(self, obs: Observation) -> tuple[OpponentTurn, ...]:
        """Return the turns remembered for ``obs``'s seat (after :meth:`update`).

        Examples:
            >>> import tonk
            >>> state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
            >>> Memory().turns(tonk.observe(state, 1))
            ()
        """
        seen = self._seats.get(obs.seat)
        if seen is None or seen.last is None:
            return ()
        return tuple(seen.turns)

    def last(self, seat: int) -> Observation | None:
        """Return the last observation remembered for ``seat``, or ``None``.

        Examples:
            >>> Memory().last(0) is None
            True
        """
        seen = self._seats.get(seat)
        return None if seen is None else seen.last


def _first_pile(obs: Observation, first: int) -> tuple[Card, ...]:
    """Return the discard pile before the hand's first turn, as ``obs`` implies."""
    if not obs.rules.upcard:
        return ()
    taken = obs.taken[first]
    if taken:
        return (taken[0],)
    return obs.discard_pile[:1]


def _laid(
    before: Sequence[Spread], after: Sequence[Spread], seats: Sequence[int]
) -> tuple[dict[int, list[Card]], set[int]]:
    """Return the cards each of ``seats`` put on the table between two views.

    Also returns the seats whose cards cannot be told apart: several seats
    hit one spread (its hitters say who, not which card).
    """
    old = {spread.number: spread for spread in before}
    laid: dict[int, list[Card]] = {seat: [] for seat in seats}
    unsure: set[int] = set()
    for spread in after:
        previous = old.get(spread.number)
        if previous is None:
            hitters = set(spread.hitters)
            if spread.owner in laid and hitters <= {spread.owner}:
                laid[spread.owner].extend(spread.cards)  # else some are a hitter's
            added: list[Card] = []
        else:
            hitters = set(spread.hitters[len(previous.hitters) :])
            added = _removed(spread.cards, previous.cards)
        if len(hitters) > 1 or (previous is None and hitters - {spread.owner}):
            unsure.update(hitters | {spread.owner})
        elif added and hitters:
            (hitter,) = hitters
            if hitter in laid:
                laid[hitter].extend(added)
    return laid, unsure


def _turns_between(last: Observation | None, obs: Observation) -> list[OpponentTurn]:
    """Return the other seats' turns between ``last`` and ``obs``.

    ``last`` and ``obs`` are the seat's decisions; ``obs`` begins its turn or
    asks it in a window on a discard (V26, X5), which follows the turns in
    between. The discard pile before them is ``last``'s with the seat's own
    discard, if any, on top. Each turn takes the top card or not, then
    discards one: the cards still on the pile and the cards each seat is
    known to have taken tell who was offered, took and discarded what.
    Where that story may not hold (the cards do not fit together, as when a
    card is taken and laid at once; an eat, X5, may have skipped turns; a
    tunk, H5, or a hit that ends a turn, V24c, left a turn without a
    discard; a slap-in, V26, may have taken a discard off the pile) the
    discards are left unknown, and an offered card is named only where it
    shows (:func:`_offers`). A seat whose laid cards cannot be told apart
    (several seats hit one spread) has its discard unknown too, so that no
    turn is weighed on a hand worked out wrong.
    """
    numbers, seats, eaten = _others_turns(last, obs)
    if not seats:
        return []
    pile, old_taken, old_spreads, waits = _before(last, obs, seats[0])
    new_taken = {
        seat: _removed(obs.taken[seat], old_taken[seat]) for seat in set(seats)
    }
    laid, unsure = _laid(old_spreads, obs.spreads, seats)
    laid_upcard = last is None and _upcard_laid(obs, seats, new_taken, laid, unsure)
    took, discards = _takes_and_discards(pile or (), obs.discard_pile, seats, new_taken)
    slapped, cut, skipped, revealed = _unseen(
        last, obs, old_spreads, eaten, (took, discards)
    )
    once = len(set(seats)) == len(seats)  # each seat's new cards from one turn
    if (
        not once
        or laid_upcard is not False
        or slapped
        or _shown_first(last, revealed, seats)
    ):
        pile = None  # the pile before the turns is not known
    # Each turn took the top card or not, then discarded one: who discarded what.
    told = pile is not None and discards[0] is not None and not (skipped or cut)
    waiting = _hit_first(old_spreads, obs, seats) if obs.rules.hit_wait else set()
    offers = _offers(
        pile,
        seats,
        (took, discards, new_taken),
        told=told,
        skipped=skipped,
        once=once,
        revealed=revealed,
    )
    drops = _drops_open(last, obs, (seats, numbers), waits, waiting)
    return [
        OpponentTurn(
            seat=seat,
            turn=numbers[index],
            could_drop=drops[index],
            offered=offers[index][0],
            took=offers[index][1] or (index == 0 and laid_upcard is True),
            laid=tuple(laid[seat]),
            discarded=discards[index] if told and seat not in unsure else None,
        )
        for index, seat in enumerate(seats)
    ]


def _drops_open(
    last: Observation | None,
    obs: Observation,
    turns: tuple[list[int], list[int]],
    waits: Sequence[int],
    waiting: set[int],
) -> list[bool]:
    """Return, for each of the turns (their seats and numbers), whether a drop was open.

    It was if the rules have drops (H4), the seat did not wait (V22, or
    ``waiting`` after a hit on its spreads), had not laid three spreads
    (V30), and no tunk had left only the last turns (H6).
    """
    seats, numbers = turns
    if not obs.rules.drops:
        return [False] * len(seats)
    last_turns = _last_turns_from(last, obs, seats)
    return [
        waits[seat] == 0
        and seat not in waiting
        and index < last_turns
        and not _locked(obs, seat, numbers[index])
        for index, seat in enumerate(seats)
    ]


def _last_turns_from(
    last: Observation | None, obs: Observation, seats: list[int]
) -> int:
    """Return the index of the first of the turns ``seats`` played after a tunk.

    After a tunk (H5) each other seat plays one last turn, without a drop
    (H6); the tunker plays no more, so its turn among them is the tunk's.
    ``len(seats)`` if no tunk came before the last of them.
    """
    tunker = obs.tunker
    if tunker is None:
        return len(seats)
    if (last is not None and last.tunker is not None) or tunker not in seats:
        return 0  # the tunk came before these turns
    return seats.index(tunker) + 1


def _locked(obs: Observation, seat: int, turn: int) -> bool:
    """Return whether ``seat`` had laid three spreads before ``turn`` (V30).

    A seat that has may not drop; each spread on the table holds the turn it
    was laid in.
    """
    return obs.rules.three_spread_lock and (
        sum(1 for spread in obs.spreads if spread.owner == seat and spread.turn < turn)
        >= 3
    )


def _offers(
    pile: tuple[Card, ...] | None,
    seats: list[int],
    seen: tuple[list[bool], list[Card | None], dict[int, list[Card]]],
    *,
    told: bool,
    skipped: bool,
    once: bool,
    revealed: int | None,
) -> list[tuple[Card | None, bool]]:
    """Return what each turn was offered, and whether it took it, as far as known.

    ``seen`` is :func:`_takes_and_discards`'s reading and the cards each seat
    is newly known to have taken. Where the whole story holds (``told``), a
    turn was offered the pile's top (``pile`` before the turns) or the turn
    before's discard. Else the first turn's offer is the top of a known pile,
    unless an eat (X5) may have skipped that turn; a card a seat is known to
    have taken, in its one turn among them (``once``), shows what it was
    offered (a tunk, H5, shows the tunker's cards instead: ``revealed``);
    nothing else is known.
    """
    took, discards, new_taken = seen
    offers: list[tuple[Card | None, bool]] = []
    for index, seat in enumerate(seats):
        if told:
            top = discards[index - 1] if index else (pile[-1] if pile else None)
            offers.append((top, took[index] and top is not None))
        elif index == 0 and pile is not None and not skipped:
            offers.append((pile[-1] if pile else None, took[0] and bool(pile)))
        elif once and new_taken[seat] and seat != revealed:
            offers.append((new_taken[seat][0], True))
        else:
            offers.append((None, False))
    return offers


def _unseen(
    last: Observation | None,
    obs: Observation,
    old_spreads: Sequence[Spread],
    eaten: bool,
    reading: tuple[list[bool], list[Card | None]],
) -> tuple[bool, bool, bool, int | None]:
    """Return what may have changed the pile unseen between two decisions.

    ``old_spreads`` are the spreads at the first; ``eaten``, whether an eat
    (X5) skipped the seat's own turn; ``reading``, :func:`_takes_and_discards`'s
    reading of the turns between. Returns whether a slap-in (V26) may have
    taken a discard off the pile (a card was hit); whether a turn may have
    ended without a discard (a tunk, H5, or a hit under V24c); whether an
    eat may have skipped turns (the seat's own, or, among several turns, a
    card was taken or the cards do not fit: an eaten card may have been
    discarded again); and the seat that tunked among them, if one did.
    """
    took, discards = reading
    rules = obs.rules
    hit = (rules.slap_in or rules.hit_ends_turn) and _hit(old_spreads, obs.spreads)
    revealed = obs.tunker if last is None or last.tunker is None else None
    several = rules.eating and len(took) > 1
    skipped = eaten or (several and (any(took) or discards[0] is None))
    cut = revealed is not None or (hit and rules.hit_ends_turn)
    return hit and rules.slap_in, cut, skipped, revealed


def _hit_first(
    old_spreads: Sequence[Spread], obs: Observation, seats: list[int]
) -> set[int]:
    """Return the seats of ``seats`` another seat may have hit before their turn.

    Such a seat may have had to wait (V22, ``hit_wait``) when its turn came.
    The seat observing hit before every turn between its decisions, the
    others in their turns' order; under slap-in (V26) a hit may come at any
    discard.
    """
    old = {spread.number: len(spread.hitters) for spread in old_spreads}
    order = {seat: index for index, seat in enumerate(seats)}
    hit = set()
    for spread in obs.spreads:
        owner = spread.owner
        for hitter in spread.hitters[old.get(spread.number, 0) :]:
            if (
                hitter != owner
                and owner in order
                and (obs.rules.slap_in or order.get(hitter, -1) < order[owner])
            ):
                hit.add(owner)
    return hit


def _shown_first(
    last: Observation | None, revealed: int | None, seats: list[int]
) -> bool:
    """Return whether the hand's first player tunked (H5) in its first turn.

    Its unmatched cards, shown, are then among its ``taken`` cards, which no
    longer tell whether it took the turned-up card.
    """
    return last is None and revealed is not None and revealed == seats[0]


def _hit(before: Sequence[Spread], after: Sequence[Spread]) -> bool:
    """Return whether a card was hit onto a spread between two views (B10, V26)."""
    old = {spread.number: len(spread.hitters) for spread in before}
    return any(len(spread.hitters) > old.get(spread.number, 0) for spread in after)


def _upcard_laid(
    obs: Observation,
    seats: list[int],
    new_taken: dict[int, list[Card]],
    laid: dict[int, list[Card]],
    unsure: set[int],
) -> bool | None:
    """Return whether the first seat took the turned-up card and laid it at once.

    ``seats`` are the hand's first turns' and ``laid`` what each put on the
    table. ``None`` when it may have: then no card shows which card was
    turned up. A card taken and kept is in the seat's ``taken``; one taken
    and laid at once leaves the pile a card short of one a turn, less the
    cards taken since, which tells whether it was taken when the first
    seat's turn is the only one and no slap-in (V26) or eat (X5) has moved a
    discard since.
    """
    first = seats[0]
    if not obs.rules.upcard or obs.taken[first] or not (laid[first] or first in unsure):
        return False
    if obs.rules.slap_in or obs.rules.eating:
        return None
    takes = sum(1 for seat in seats[1:] if new_taken[seat])
    if len(obs.discard_pile) == 1 + len(seats) - takes:
        return False
    return True if len(seats) == 1 else None


def _others_turns(
    last: Observation | None, obs: Observation
) -> tuple[list[int], list[int], bool]:
    """Return the numbers and seats of the turns between two of the seat's decisions.

    Also returns whether an eat (X5) skipped the seat's own turn among them
    (then left out): before its first decision too, when its first turns
    were eaten. None are returned when the seat's own turn is among them
    otherwise: the memory saw the hand from its middle, or missed one of
    the seat's decisions.
    """
    if last is None:
        first_turn = 0
    elif last.phase in _WINDOWS:  # the seat's turn was not the last one played
        first_turn = last.turns_taken
    else:
        first_turn = last.turns_taken + 1
    numbers = list(range(first_turn, obs.turns_taken))
    seats = [(obs.dealer + 1 + turn) % obs.player_count for turn in numbers]
    if obs.seat not in seats:
        return numbers, seats, False
    if not obs.rules.eating:
        return [], [], False
    others = [
        (turn, seat)
        for turn, seat in zip(numbers, seats, strict=True)
        if seat != obs.seat
    ]
    return [turn for turn, _ in others], [seat for _, seat in others], True


def _before(
    last: Observation | None, obs: Observation, first: int
) -> tuple[
    tuple[Card, ...] | None,
    tuple[tuple[Card, ...], ...],
    tuple[Spread, ...],
    tuple[int, ...],
]:
    """Return the pile, taken cards, spreads and waits before the others' turns.

    Before the first turn (``last`` is ``None``), the pile is the deal's and
    ``first`` the seat that plays first; else it is ``last``'s pile with the
    seat's own discard on top, or ``None`` when the seat hit a spread that
    another seat hit too, so that which of its cards it laid is not known.
    """
    players = obs.player_count
    if last is None:
        nothing: tuple[tuple[Card, ...], ...] = tuple(() for _ in range(players))
        return _first_pile(obs, first), nothing, (), tuple(0 for _ in range(players))
    laid, unsure = _laid(last.spreads, obs.spreads, [obs.seat])
    mine = _removed(_removed(last.hand, obs.hand), laid[obs.seat])
    # Unknown too when the seat played a turn it was not shown the decisions
    # of (it was shown only its turn starts): a card it drew from the stock
    # and threw at once leaves no trace in its hand.
    unseen_turn = not mine and last.phase is Phase.TURN_START
    pile = (
        None if obs.seat in unsure or unseen_turn else (*last.discard_pile, *mine[:1])
    )
    return pile, last.taken, last.spreads, last.waits


def _takes_and_discards(
    pile: tuple[Card, ...],
    final: tuple[Card, ...],
    seats: list[int],
    new_taken: dict[int, list[Card]],
) -> tuple[list[bool], list[Card | None]]:
    """Return whether each turn took the top card, and what each discarded.

    The cards still on the ``final`` pile and the cards each seat is newly
    known to have taken (``new_taken``) tell who discarded what; when they do
    not fit together, every discard is ``None``.
    """
    kept = 0
    while kept < min(len(pile), len(final)) and pile[kept] == final[kept]:
        kept += 1
    took = [bool(pile) and kept == len(pile) - 1]
    took += [bool(new_taken[seat]) for seat in seats[1:]]
    survivors = list(final[kept:])
    discards: list[Card | None] = []
    fits = kept >= len(pile) - 1 and len(survivors) == len(seats) - sum(took[1:])
    for index in range(len(seats)):
        if not fits:
            discards.append(None)
        elif index + 1 < len(seats) and took[index + 1]:
            discards.append(new_taken[seats[index + 1]][0])
        else:
            discards.append(survivors.pop(0))
    return took, discards


class CardFacts:
    """The card facts a model reads: values, ranks, suits and run positions.

    Cached per rules by :func:`tables_of`; shared with the inference bot.
    ``places[code]`` numbers each place a card may take in a run,
    ``16 * suit + position`` (none for a wild card or a card not in the
    pack), and ``partners[code]`` holds the cards that may make a spread with
    it: its rank, or its suit up to two places away (none for a card without
    a place: a wild card, or a joker that is not wild, V3). Under rules with
    wild cards (V4, V5, H2), whether cards make a spread is the engine's
    answer.
    """

    __slots__ = (
        "_copies",
        "_partner_bits",
        "_place_bits",
        "_rank_units",
        "_table",
        "partners",
        "places",
        "positions",
        "values",
        "wild",
    )

    def __init__(self, rules: Rules) -> None:
        table = compiled(rules)
        tables = table.tables
        self.values = tables.values
        self.wild = tables.wild
        self.positions = tables.positions
        self._table = table if tables.any_wild else None
        self._copies = max(table.pack_copies)
        codes = range(len(self.values))
        self.places = [
            ()
            if self.wild[code]
            else tuple(16 * (code // 13) + at for at in self.positions[code])
            for code in codes
        ]
        self.partners = [
            frozenset(
                other
                for other in codes
                if other != code
                and self.places[code]  # a wild card, a plain joker (V3): none
                and self.places[other]
                and (
                    other % 13 == code % 13
                    or any(
                        abs(at - place) <= 2
                        for at in self.places[code]
                        for place in self.places[other]
                    )
                )
            )
            for code in codes
        ]
        self._partner_bits = [
            sum(1 << other for other in partners) for partners in self.partners
        ]
        # For has_spread: a bit for each run place, and a card's rank as a
        # count in a nibble of its own (the ranks of a hand summed at once).
        self._place_bits = [sum(1 << place for place in run) for run in self.places]
        self._rank_units = [1 << 4 * (code % 13) for code in codes]

    def has_spread(self, hand: Sequence[int]) -> bool:
        """Return whether the card codes ``hand`` hold a book or a run of three."""
        if self._table is not None:
            return bool(self._spreads(hand))
        place_bits, rank_units = self._place_bits, self._rank_units
        places = ranks = 0
        for code in hand:
            bits = place_bits[code]
            if bits:
                places |= bits
                ranks += rank_units[code]
        # A rank held three times or more (at most eight, with two packs)
        # sets its nibble's top bit once 5 is added; a run is three places
        # in a row.
        return bool((ranks + _FIVES) & _EIGHTS or places & places >> 1 & places >> 2)

    def completes(self, hand: Sequence[int], code: int) -> bool:
        """Return whether ``code`` makes a book or a run with two cards of ``hand``."""
        if self._table is not None:
            return any(
                split(element)[0].code == code
                for spread in self._spreads([*hand, code])
                for element in spread.cards
            )
        if not self.positions[code]:
            return False
        suit = code // 13
        rank = code % 13
        same = 0
        places: set[int] = set()
        for other in hand:
            if not self.positions[other]:
                continue
            if other % 13 == rank:
                same += 1
            if other // 13 == suit:
                places.update(self.positions[other])
        if same >= 2:
            return True
        return any(
            (at - 1 in places and (at + 1 in places or at - 2 in places))
            or (at + 1 in places and at + 2 in places)
            for at in self.positions[code]
        )

    def _spreads(self, hand: Sequence[int]) -> list[LaySpread]:
        """Return the spreads the engine finds in the codes ``hand`` (wild rules)."""
        table = self._table
        assert table is not None
        cards = tuple(sorted([CARDS[code] for code in hand]))
        spreads = find_spreads(cards, table.tables, self._copies)
        if table.rules.min_naturals > 1:  # H2: short of natural cards, none
            spreads = [spread for spread in spreads if natural_enough(spread, table)]
        return spreads

    def partnered(self, hand: Sequence[int]) -> list[bool]:
        """Return, for each card of ``hand``, whether another could spread with it.

        A wild card always could. The other cards of the hand are read as one
        bit for each code held, which each card's partners are compared with
        at once.
        """
        held = twice = 0
        for code in hand:
            twice |= held & 1 << code  # V2: a second copy (a book may repeat it)
            held |= 1 << code
        wild, partners, places = self.wild, self._partner_bits, self.places
        return [
            bool(
                wild[code]
                or partners[code] & held
                or (places[code] and twice >> code & 1)
            )
            for code in hand
        ]


_FIVES = int("5" * 13, 16)
_EIGHTS = int("8" * 13, 16)
"""5 and 8 in each rank's nibble of :meth:`CardFacts.has_spread`'s sum."""

_FACTS: Cache[Rules, CardFacts] = Cache(CardFacts, limit=64)


def tables_of(rules: Rules) -> CardFacts:
    return _FACTS[rules]


def _check_share(model: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{attribute.name} must be a number, got {brief(value)}")
    if not 0 < value < 1:
        raise RulesError(f"{attribute.name} must be between 0 and 1, got {value!r}")


def _check_positive(model: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{attribute.name} must be a number, got {brief(value)}")
    if not value > 0:
        raise RulesError(f"{attribute.name} must be positive, got {value!r}")


_DROP_SAMPLES = 64
_PARTNER = 3.0


@attrs.frozen(kw_only=True)
class GreedyModel:
    """A model of :class:`~tonk.bots.GreedyBot`'s play, with room for mistakes.

    A turn is as likely as the product of:

    * not dropping: ``1 -`` the chance that the seat's count at the start of
      the turn was low enough for it to drop, a logistic curve of width
      ``drop_width`` points round the highest count at which a drop pays on
      average against hands of the same sizes (GreedyBot's rule); only where
      a drop was open to it (not over a drop ceiling, X6);
    * taking or leaving the offered card: leaving a card that makes a book
      or a run with two cards of the hand, or taking a card that does not and
      is not low, is unlikely (``mistake``); where a card is taken only to
      be used at once (V24d), only leaving a card that makes a spread is;
    * keeping no spread after laying (GreedyBot lays every spread it can):
      a hand that still holds a book or a run is unlikely (``mistake``),
      unless closed play keeps every spread in hand until a tunk (H4);
    * shedding its worst card: the discard is drawn by a softmax over the
      cards' values, less ``3`` for a card with a partner for a spread, at
      temperature ``temperature``.

    Args:
        mistake: The chance of a play GreedyBot would not make.
        temperature: How much the discard's choice wanders, in points.
        drop_width: How sharp the drop's threshold is, in points.

    .. versionadded:: 0.2.0

    Examples:
        >>> import tonk
        >>> model = GreedyModel()
        >>> turn = OpponentTurn(seat=0, turn=3, could_drop=True, offered=None,
        ...                     took=False, laid=(), discarded=tonk.Card.parse("KS"))
        >>> hand = tonk.parse_cards("2C 3D 9H 8S KS")
        >>> high = model.likelihood(tonk.presets.PAGAT, 2, turn, hand, hand[0])
        >>> low = model.likelihood(tonk.presets.PAGAT, 2, turn,
        ...                        tonk.parse_cards("AC AD 2H 2S KS"), hand[0])
        >>> high > low
        True
        >>> GreedyModel(mistake=2)
        Traceback (most recent call last):
        ...
        tonk.errors.RulesError: mistake must be between 0 and 1, got 2
    """

    mistake: float = attrs.field(default=0.05, validator=_check_share)
    temperature: float = attrs.field(default=1.5, validator=_check_positive)
    drop_width: float = attrs.field(default=1.0, validator=_check_positive)

    def likelihood(
        self,
        rules: Rules,
        players: int,
        turn: OpponentTurn,
        hand: Sequence[Card],
        drawn: Card,
    ) -> float:
        """Return how likely GreedyBot was to play ``turn`` from ``hand``.

        See :class:`OpponentModel`.
        """
        tables = tables_of(rules)
        values = tables.values
        codes = [card.code for card in hand]
        chance = 1.0
        if turn.could_drop:
            count = sum(values[code] for code in codes)
            if _may_drop(rules, players, turn.turn, count):  # else no choice
                threshold = drop_threshold(rules, players, turn.turn)
                drops = 1 / (1 + math.exp((count - threshold) / self.drop_width))
                chance *= max(self.mistake, 1 - drops)
        if turn.offered is not None:
            top = turn.offered.code
            completes = tables.completes(codes, top)
            if rules.discard_draw_must_meld:  # V24d: taken only to be used
                mistaken = completes and not turn.took  # (a take may be a hit)
            else:  # it takes a card that makes a spread, or a low one
                wants = completes or (
                    values[top] <= 2
                    and max((values[code] for code in codes), default=0) - values[top]
                    >= 5
                )
                mistaken = wants != turn.took
            if mistaken:
                chance *= self.mistake
        after = [*codes, drawn.code]
        for card in turn.laid:
            if card.code in after:
                after.remove(card.code)
        if not rules.closed_play and tables.has_spread(after):  # H4: none laid
            chance *= self.mistake
        if turn.discarded is not None and turn.discarded.code in after:
            chance *= self._discard_chance(tables, after, turn.discarded.code)
        return chance

    def _discard_chance(self, tables: CardFacts, hand: list[int], code: int) -> float:
        """Return the softmax chance of discarding ``code`` from ``hand``."""
        values = tables.values
        scores = [
            values[card] - _PARTNER * partnered
            for card, partnered in zip(hand, tables.partnered(hand), strict=True)
        ]
        top = max(scores)
        weights = [math.exp((score - top) / self.temperature) for score in scores]
        return weights[hand.index(code)] / sum(weights)


def _may_drop(rules: Rules, players: int, turn: int, count: int) -> bool:
    """Return whether a hand of ``count`` is under the drop ceiling at ``turn`` (X6)."""
    ceiling = drop_ceiling(rules, first_turn=turn < players)
    return ceiling is None or count <= ceiling


_THRESHOLDS: Cache[tuple[Rules, int, int], float] = Cache(None, limit=4096)


def drop_threshold(rules: Rules, players: int, turn: int) -> float:
    """Return the count below which GreedyBot's drop pays on average, at ``turn``.

    Cached by rules, players and turn.
    """
    key = (rules, players, turn)
    threshold = _THRESHOLDS.get(key)
    if threshold is None:
        threshold = _THRESHOLDS.put(key, _drop_threshold(rules, players, turn))
    return threshold


def _drop_threshold(rules: Rules, players: int, turn: int) -> float:
    """Return the count below which GreedyBot's drop pays, ``turn`` turns in.

    Each other seat's hand is the lowest of ``hand_size`` cards of the pack
    plus one for each turn it has taken (GreedyBot's own model), sampled
    from a fixed seed.
    """
    values = compiled(rules).tables.values
    pack = [values[card.code] for card in rules.pack(players=players)]
    size = rules.hand_size_for(players)
    rng = random.Random(f"tonk-drop:{players}:{size}:{turn}")
    lowest = []
    for _ in range(_DROP_SAMPLES):
        counts = []
        for other in range(1, players):
            extra = min(max(0, (turn - other + players) // players), len(pack) - size)
            drawn = sorted(rng.sample(pack, size + extra))
            counts.append(sum(drawn[:size]))
        lowest.append(min(counts))
    lowest.sort()
    win = float(settle_drop([0, *[1] * (players - 1)], 0, catch=rules.catch).payoffs[0])
    lose = float(
        settle_drop([1, 0, *[2] * (players - 2)], 0, catch=rules.catch).payoffs[0]
    )
    for count in range(0, max(pack) * size + 1):
        share = 1 - bisect_right(lowest, count) / len(lowest)
        if share * win + (1 - share) * lose <= 0:
            return count - 0.5
    return max(pack) * size + 0.5  # pragma: no cover - a drop always loses somewhere


@attrs.frozen(kw_only=True)
class Belief:
    """Weighted deals of the cards a seat cannot see: what it believes.

    Each deal is a full :class:`~tonk.state.GameState` that agrees with the
    observation (:func:`tonk.determinize`); its weight is how likely the
    opponent model made the other seats' turns, had they held its cards,
    normalised to sum to 1.

    Attributes:
        observation: What the seat knows.
        deals: The deals of the hidden cards.
        weights: The weight of each deal; they sum to 1.

    .. versionadded:: 0.2.0

    Examples:
        >>> import random, tonk
        >>> state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
        >>> belief = tonk.bots.infer(tonk.observe(state, 1), random.Random(2),
        ...                          samples=4)
        >>> belief.weights
        (0.25, 0.25, 0.25, 0.25)
        >>> belief.chance(lambda deal: deal.hand(0)[0].rank.value == "A")
        0.0
    """

    observation: Observation
    deals: tuple[GameState, ...]
    weights: tuple[float, ...]

    def chance(self, event: Callable[[GameState], bool]) -> float:
        """Return the believed chance of ``event``: the weight of deals where it holds.

        Examples:
            >>> import random, tonk
            >>> state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
            >>> belief = tonk.bots.infer(tonk.observe(state, 1), random.Random(2),
            ...                          samples=4)
            >>> belief.chance(lambda deal: len(deal.hand(0)) == 5)
            1.0
        """
        return math.fsum(
            weight
            for deal, weight in zip(self.deals, self.weights, strict=True)
            if event(deal)
        )

    def chance_lowest(self) -> float:
        """Return the believed chance that the seat's count is strictly the lowest.

        Under the base rules that is the chance that a drop now wins (B12,
        B13: a tie is caught); where ties do not catch (X12), a drop also
        wins on a tie, and :meth:`drop_payoff` settles it by the rules.

        Examples:
            >>> import random, tonk
            >>> state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
            >>> belief = tonk.bots.infer(tonk.observe(state, 1), random.Random(2),
            ...                          samples=4)
            >>> belief.chance_lowest()  # on 16
            1.0
        """
        obs = self.observation
        values = compiled(obs.rules).tables.values
        me = obs.seat
        mine = sum(values[card.code] for card in obs.hand)

        def lowest(deal: GameState) -> bool:
            return all(
                sum(values[card.code] for card in hand) > mine
                for seat, hand in enumerate(deal.hands)
                if seat != me
            )

        return self.chance(lowest)

    def drop_payoff(self) -> float:
        """Return the believed mean payoff of dropping now, in base stakes.

        Each deal is settled as a drop by the seat (B13, with the rules' catch
        and drop bonuses), and the payoffs are weighted by the deals' weights.

        Examples:
            >>> import random, tonk
            >>> state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
            >>> belief = tonk.bots.infer(tonk.observe(state, 1), random.Random(2),
            ...                          samples=4)
            >>> belief.drop_payoff()  # on 16: a drop wins 1 from the other seat
            1.0
        """
        obs = self.observation
        values = compiled(obs.rules).tables.values
        payoff = drop_payoffs(obs)
        total = 0.0
        for deal, weight in zip(self.deals, self.weights, strict=True):
            counts = tuple(
                sum(values[card.code] for card in hand) for hand in deal.hands
            )
            total += weight * payoff(counts)
        return total

    def sample(self, rng: random.Random) -> GameState:
        """Draw one deal, each with the chance of its weight.

        Examples:
            >>> import random, tonk
            >>> state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
            >>> belief = tonk.bots.infer(tonk.observe(state, 1), random.Random(2),
            ...                          samples=4)
            >>> belief.sample(random.Random(0)) in belief.deals
            True
        """
        return rng.choices(self.deals, cum_weights=self._cumulative)[0]

    @property
    def _cumulative(self) -> list[float]:
        total = 0.0
        cumulative = []
        for weight in self.weights:
            total += weight
            cumulative.append(total)
        return cumulative

    @property
    def effective_samples(self) -> float:
        """The effective number of deals (Kish): 1 / the sum of squared weights.

        Examples:
            >>> import random, tonk
            >>> state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
            >>> tonk.bots.infer(tonk.observe(state, 1), random.Random(2),
            ...                 samples=4).effective_samples
            4.0
        """
        return 1 / sum(weight * weight for weight in self.weights)


def _reconstructed(
    hand: list[Card], turns: Sequence[OpponentTurn], rng: random.Random
) -> list[tuple[OpponentTurn, list[Card], Card]]:
    """Return each turn (newest first) with the hand it began with and its draw.

    Going back from the seat's hand now, each turn's discard and laid cards
    go back into the hand and the card it drew comes out: the offered card
    if it took it, otherwise one of the hand's cards at random (a card from
    the stock). Stops at a turn whose discard is unknown.
    """
    result = []
    current = hand[:]
    for turn in reversed(turns):
        if turn.discarded is None:
            break
        before = [*current, turn.discarded, *turn.laid]
        if turn.took:
            assert turn.offered is not None
            drawn = turn.offered
            if drawn not in before:
                break
        else:
            drawn = before[rng.randrange(len(before))]
        before.remove(drawn)
        result.append((turn, before, drawn))
        current = before
    return result


def _lowered(
    obs: Observation, deal: GameState, lower: float, rng: random.Random
) -> GameState:
    """Return ``deal`` with the other seats' unknown cards made lower.

    For each turn a seat has taken (times ``lower``), a card of the stock
    joins its unknown cards and the highest of them goes back to the stock,
    to a random place: players have been shedding their worst cards.
    """
    values = compiled(obs.rules).tables.values
    hands = list(deal.hands)
    stock = list(deal.stock)
    at = 0
    for seat, hand in enumerate(hands):
        if seat == obs.seat:
            continue
        known = list(obs.taken[seat])
        unknown = _removed(hand, known)
        extra = min(int(lower * seat_turns(obs, seat)), len(stock) - at)
        if extra <= 0 or not unknown:
            continue
        pool = unknown + stock[at : at + extra]
        pool.sort(key=lambda card: values[card.code])
        stock[at : at + extra] = pool[len(unknown) :]
        at += extra
        kept = [*known, *pool[: len(unknown)]]
        hands[seat] = tuple(sorted(kept, key=lambda card: card.code))
    for index in range(at):  # the cards sent back go to random places
        other = rng.randrange(len(stock))
        stock[index], stock[other] = stock[other], stock[index]
    return successor(deal, hands=tuple(hands), stock=tuple(stock))


def _check_count(name: str, value: object, least: int) -> None:
    if not is_int(value):
        raise TypeError(f"{name} must be an int, got {brief(value)}")
    assert isinstance(value, int)
    if not least <= value <= 100_000:
        raise RulesError(f"{name} must be {least}..100000, got {value!r}")


def infer(
    obs: Observation,
    rng: random.Random,
    *,
    memory: Memory | None = None,
    model: OpponentModel | None = None,
    samples: int = 64,
    turns: int = 3,
    lower: float = 0.0,
) -> Belief:
    """Return a belief over the hidden cards: weighted deals of them.

    Deals the cards the seat cannot see ``samples`` times
    (:func:`tonk.determinize`), then weights each deal by the likelihood,
    under ``model``, of each other seat's last ``turns`` turns that
    ``memory`` saw, had it held that deal's hand: the hand at the start of
    each turn is worked out back from the deal (the discard and laid cards
    go back, the drawn card comes out). A deal the model finds impossible
    gets weight 0; if every deal does, the weights are uniform.

    Args:
        obs: What the seat knows now.
        rng: The source of randomness.
        memory: The seat's :class:`Memory`, already given ``obs``; without
            one no turns are known and the weights are uniform.
        model: The opponents' model; ``None`` is :class:`GreedyModel`.
        samples: How many deals to draw.
        turns: How many of each other seat's latest turns to weigh.
        lower: A prior that the other seats shed their worst cards: for
            each turn a seat has taken, times ``lower`` (rounded down), a
            card of the stock joins its unknown cards and the highest of
            them goes back to the stock; 0 deals uniformly.

    Returns:
        The belief.

    Raises:
        TypeError: If an argument has the wrong type.
        RulesError: If ``samples`` is not 1..100000, ``turns`` not
            0..100000 or ``lower`` not 0..10, or ``memory`` has not been
            given ``obs``.

    .. versionadded:: 0.2.0

    Examples:
        >>> import random, tonk
        >>> state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
        >>> belief = infer(tonk.observe(state, 0), random.Random(1), samples=2)
        >>> [tonk.observe(deal, 0) == belief.observation for deal in belief.deals]
        [True, True]
        >>> infer(tonk.observe(state, 0), random.Random(1), samples=0)
        Traceback (most recent call last):
        ...
        tonk.errors.RulesError: samples must be 1..100000, got 0
        >>> infer(tonk.observe(state, 0), random.Random(1), memory=Memory())
        Traceback (most recent call last):
        ...
        tonk.errors.RulesError: the memory has not been given this observation
    """
    check_asked(obs, rng)
    if memory is not None and not isinstance(memory, Memory):
        raise TypeError(f"memory must be a Memory, got {brief(memory)}")
    if model is None:
        model = _DEFAULT_MODEL
    elif not isinstance(model, OpponentModel):
        raise TypeError(f"model must be an OpponentModel, got {brief(model)}")
    _check_count("samples", samples, 1)
    _check_count("turns", turns, 0)
    seen: tuple[OpponentTurn, ...] = ()
    if memory is not None:
        if memory.last(obs.seat) != obs:
            raise RulesError("the memory has not been given this observation")
        seen = memory.turns(obs)
    if isinstance(lower, bool) or not isinstance(lower, int | float):
        raise TypeError(f"lower must be a number, got {brief(lower)}")
    if not 0 <= lower <= 10:
        raise RulesError(f"lower must be 0..10, got {lower!r}")
    return weighted(
        obs, seen, rng, model=model, samples=samples, turns=turns, lower=lower
    )


_DEFAULT_MODEL = GreedyModel()


def weighted(
    obs: Observation,
    seen: Sequence[OpponentTurn],
    rng: random.Random,
    *,
    model: OpponentModel,
    samples: int,
    turns: int,
    lower: float,
) -> Belief:
    """Return the belief of :func:`infer` for checked arguments."""
    rules = obs.rules
    players = obs.player_count
    recent: dict[int, list[OpponentTurn]] = {}
    for turn in seen:
        recent.setdefault(turn.seat, []).append(turn)
    deals = []
    weights = []
    for _ in range(samples):
        deal = determinize(obs, rng)
        if lower:
            deal = _lowered(obs, deal, lower, rng)
        weight = 1.0
        for seat, played in recent.items():
            hand = list(deal.hands[seat])
            for turn, start, drawn in _reconstructed(
                hand, played[max(0, len(played) - turns) :], rng
            ):
                weight *= max(0.0, model.likelihood(rules, players, turn, start, drawn))
        deals.append(deal)
        weights.append(weight)
    total = sum(weights)
    if not total > 0:
        weights = [1.0] * samples
        total = float(samples)
    return Belief(
        observation=obs,
        deals=tuple(deals),
        weights=tuple(weight / total for weight in weights),
    )
