"""GreedyBot: a hand-written heuristic player."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs

from tonk._compiled import compiled
from tonk._hand_sum import run_place
from tonk._spreads import find_spreads, fits, hit_candidates, split
from tonk._transition import natural_enough
from tonk._validate import brief
from tonk.actions import (
    Action,
    ClaimDealTonk,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Eat,
    Exchange,
    Hit,
    LaySpread,
    Slap,
    Tunk,
)
from tonk.bots._base import check_asked, no_actions
from tonk.bots._knowledge import (
    drop_payoffs,
    sampled_counts,
    unseen_counts,
    unseen_values,
)
from tonk.cards import Card
from tonk.errors import RulesError
from tonk.observation import Observation
from tonk.rules import StockEnd
from tonk.scoring import settle_showdown
from tonk.state import OutcomeKind, Phase

__all__ = ["GreedyBot"]


def check_points(bot: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    """Check that a bot's option is a number of points, 0 to 100."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{attribute.name} must be a number, got {brief(value)}")
    if not 0 <= value <= 100:
        raise RulesError(f"{attribute.name} must be 0..100, got {value!r}")


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


class _View:
    """The facts about an observation that the heuristics use, worked out once."""

    __slots__ = (
        "book_limit",
        "copies",
        "hand",
        "obs",
        "outs_weight",
        "positions",
        "rules",
        "run_card",
        "tables",
        "unseen",
        "values",
        "wild",
    )

    def __init__(self, obs: Observation, outs_weight: float) -> None:
        self.obs = obs
        self.outs_weight = outs_weight
        self.rules = rules = obs.rules
        self.tables = tables = compiled(rules).tables
        self.values = tables.values
        self.wild = tables.wild
        self.positions = tables.positions
        self.run_card = tables.run_card
        self.copies = rules.packs_for(obs.player_count)
        self.book_limit = 4 if rules.four_card_books else 3
        self.hand = obs.hand
        self.unseen = unseen_counts(obs)

    def value(self, card: Card) -> int:
        return self.values[card.code]

    def fits_table(self, card: Card) -> bool:
        """Return whether ``card`` could be hit onto a spread on the table."""
        if self.wild[card.code]:  # as any card it may stand for (V24a)
            return any(
                fits(spread, natural, self.tables, self.copies, self.book_limit)
                for spread in self.obs.spreads
                for natural in hit_candidates(spread, self.tables)
            )
        return any(
            fits(spread, card, self.tables, self.copies, self.book_limit)
            for spread in self.obs.spreads
        )

    def outs(self, card: Card, rest: Sequence[Card]) -> int:
        """Return how many unseen cards would make a spread of ``card`` and ``rest``.

        Only spreads of ``card``, one partner from ``rest`` and one unseen card
        are counted: a pair of a rank, or two cards of a suit one or two places
        apart in a run.
        """
        code = card.code
        if self.wild[code]:
            return 4
        if not self.positions[code]:  # a joker that is not wild (V3): no spread
            return 0
        unseen = self.unseen
        outs = 0
        rank = card.rank
        if any(other.rank is rank and not self.wild[other.code] for other in rest):
            outs += sum(
                unseen[other]
                for other in range(code % 13, 52, 13)
                if self.positions[other]
            )
        suit = code // 13
        run_card = self.run_card
        top = self.tables.top
        for position in self.positions[code]:
            for other in rest:
                if other.code // 13 != suit or other is card or self.wild[other.code]:
                    continue
                for place in self.positions[other.code]:
                    low, high = min(position, place), max(position, place)
                    wanted: tuple[int, ...]
                    if high - low == 1:
                        wanted = (low - 1, high + 1)
                    elif high - low == 2:
                        wanted = (low + 1,)
                    else:
                        continue
                    for at in wanted:
                        if 1 <= at <= top:
                            needed = run_card[run_place(suit, at)]
                            if needed >= 0:
                                outs += unseen[needed]
        return outs

    def discard_score(self, card: Card, rest: Sequence[Card]) -> float:
        """Return how much the seat wants to be rid of ``card`` (higher: more)."""
        value = self.values[card.code]
        stock = self.obs.stock_size
        urgency = min(1.0, stock / 12)  # late in the hand, only the count matters
        outs = self.outs(card, rest)
        score = value - self.outs_weight * min(outs, 3) * urgency
        if self.wild[card.code]:
            score -= 6 * urgency
        if self.fits_table(card):
            # It can be hit next turn, but an opponent could take it first.
            score -= 0.5 * value + 2
        return score


def _without(hand: Sequence[Card], card: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(card)
    return rest


@attrs.frozen(kw_only=True)
class GreedyBot:
    """A hand-written heuristic player: quick, and much better than random.

    At the start of a turn it claims a winning dealt hand (V19), then drops
    when the payoff it expects from a drop is above ``drop_margin``. To
    estimate it, it deals the other seats' unknown cards ``samples`` times from
    the cards it has not seen, assuming each seat kept the lowest of its cards
    and one more for each turn it has taken (it has been discarding its worst
    cards), and settles each sample as a drop with the rules' catch. Otherwise
    it takes the discard when it completes a spread, fits a spread on the table
    or is very low, and draws from the stock.

    After drawing it empties its hand if it can, lays the spread and makes the
    hits that shed the most points (spreads first, then hits on opponents'
    spreads), and discards the card it wants least: the highest count, less a
    bonus for cards that are part of a near-spread with cards still unseen
    (worth less as the stock runs down), for wild cards, and for cards that it
    could hit next turn (a card that fits a spread on the table also feeds an
    opponent). In a slap-in window (V26) it slaps whenever the slap earns an
    extra discard; in an eating window (X5) it eats a card that completes a
    spread in its hand. With the widow (V46) it exchanges its worst card only when
    that card is worth far more than an average unseen card. When the stock is
    empty it compares a drop, the showdown and the discard.

    Every choice is one of the legal actions, so it plays under every rule
    variant. Randomness is used only to sample hands for the drop estimate.

    Args:
        drop_margin: Drop when the expected payoff of dropping, in base stakes,
            is above this.
        samples: How many deals of the unseen cards to estimate a drop with.
        outs_weight: How many points of count each of a card's outs (the
            unseen cards that would make a spread of it and one card of the
            hand, at most 3 counted) takes off its claim to be discarded.

    Raises:
        RulesError: If ``outs_weight`` is not 0..100.
        TypeError: If ``outs_weight`` is not a number.

    .. versionadded:: 0.1.0

    .. versionchanged:: 0.2.0
       The ``outs_weight`` option.

    Examples:
        >>> import random, tonk
        >>> bot = tonk.bots.GreedyBot()
        >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
        >>> print(*state.hand(1), "/", state.top_discard)
        AC 2D 5D 6H 2S / 4D
        >>> seen = tonk.observe(state, 1)
        >>> bot.choose(seen, seen.legal_actions, random.Random(1))  # on 16
        Drop()
        >>> state = tonk.apply(state, tonk.DrawDiscard())
        >>> seen = tonk.observe(state, 1)
        >>> bot.choose(seen, seen.legal_actions, random.Random(1))
        Discard(card=Card.parse('6H'))
    """

    drop_margin: float = 0.0
    samples: int = attrs.field(default=48, validator=attrs.validators.ge(1))
    outs_weight: float = attrs.field(default=1.5, validator=check_points)

    def choose(
        self, obs: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """Return the heuristic's choice among ``legal``.

        Raises:
            ValueError: If ``legal`` is empty.
            TypeError: If ``obs`` is not an observation, or ``rng`` not a
                ``random.Random``.
        """
        check_asked(obs, rng)
        if not legal:
            raise no_actions(obs)
        if len(legal) == 1:
            return legal[0]
        view = _View(obs, self.outs_weight)
        phase = obs.phase
        if phase is Phase.TURN_START:
            return self._start(view, legal, rng)
        if phase is Phase.SLAP_WINDOW:
            return _eat(view, legal) if view.rules.eating else _slap(view, legal)
        return _play(view, legal)

    def _start(
        self, view: _View, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """Claim; drop or end the stock by the sampled payoffs; else draw (B7)."""
        for action in legal:
            if isinstance(action, ClaimDealTonk):
                return action
        can_drop = any(isinstance(action, Drop) for action in legal)
        can_draw = any(isinstance(action, DrawStock) for action in legal)
        ends = can_draw and view.obs.stock_size == 0  # B14: drawing ends the hand
        drop_value, end_value = self._values(view, rng, drop=can_drop, end=ends)
        take = any(isinstance(action, DrawDiscard) for action in legal) and _wants(view)
        if ends:
            return _at_stock_end(can_drop, take, drop_value, end_value)
        if can_drop and drop_value > self.drop_margin:
            return Drop()
        exchange = _exchange(view, legal)
        if exchange is not None:
            return exchange
        if take:
            return DrawDiscard()
        if can_draw:
            return DrawStock()
        return next(
            (action for action in legal if not isinstance(action, Drop)), legal[0]
        )

    def _values(
        self, view: _View, rng: random.Random, *, drop: bool, end: bool
    ) -> tuple[float, float]:
        """Return the mean payoffs of dropping and of ending the stock (B13, B14).

        Each is averaged over the sampled counts of the other hands; one that
        is not open (``drop``, ``end``) is 0. Nothing is sampled for neither.
        """
        if not (drop or end):
            return 0.0, 0.0
        obs = view.obs
        rules = view.rules
        samples = sampled_counts(
            obs, unseen_values(obs, view.unseen), rng, self.samples
        )
        me = obs.seat
        drop_value = end_value = 0.0
        if drop:
            payoff = drop_payoffs(obs)
            drop_value = _mean([payoff(tuple(counts)) for counts in samples])
        if end and rules.stock_end is not StockEnd.DEAD:  # B14, X10
            end_value = _mean(
                [
                    float(
                        settle_showdown(
                            counts, OutcomeKind.STOCK_EXHAUSTED, rules.exhaustion_tie
                        ).payoffs[me]
                    )
                    for counts in samples
                ]
            )
        return drop_value, end_value


def _at_stock_end(
    can_drop: bool, take: bool, drop_value: float, end_value: float
) -> Action:
    """Choose at an empty stock, where drawing ends the hand (B14).

    Take the top discard while neither dropping nor ending pays well; else
    drop or end, whichever the samples value more.
    """
    best = max(drop_value, end_value) if can_drop else end_value
    if take and best < 0.5:
        return DrawDiscard()
    if can_drop and drop_value >= end_value:
        return Drop()
    return DrawStock()


def _wants(view: _View) -> bool:
    """Return whether the top discard is worth taking."""
    top = view.obs.top_discard
    if top is None:
        return False
    hand = view.hand
    value = view.value(top)
    if view.wild[top.code]:
        return value <= 5 and not _thrown_back(view, top)
    rules = view.rules
    if _completes_spread(view, top) or (
        view.fits_table(top) and rules.max_hits_per_turn != 0
    ):
        # Under closed play (H4) nothing is laid before a tunk, so a card
        # taken for a spread may be the one thrown back.
        return not (rules.closed_play and _thrown_back(view, top))
    highest = max((view.value(card) for card in hand), default=0)
    return value <= 2 and highest - value >= 5


def _thrown_back(view: _View, card: Card) -> bool:
    """Return whether ``card``, taken, would be the card discarded (as ranked).

    Such a turn changes nothing but the turn: two greedy bots taking a card
    in turn only to throw it back (a wild card, each holding wild cards
    alone; or under closed play, H4, a card that makes a spread they may not
    lay) would never end a hand that has no turn limit (B15).
    """
    hand = sorted((*view.hand, card), key=lambda held: held.code)
    thrown = max(
        hand,
        key=lambda held: (
            view.discard_score(held, _without(hand, held)),
            view.value(held),
        ),
    )
    return thrown == card


def _completes_spread(view: _View, card: Card) -> bool:
    """Return whether ``card`` makes a spread with cards of the hand."""
    together = tuple(sorted((*view.hand, card)))
    spreads = find_spreads(together, view.tables, view.copies)
    if view.rules.min_naturals > 1:  # H2: a spread short of natural cards is none
        table = compiled(view.rules)
        spreads = [spread for spread in spreads if natural_enough(spread, table)]
    return any(card in spread.physical for spread in spreads)


def _eat(view: _View, legal: Sequence[Action]) -> Action:
    """Eat the discard when it completes a spread in hand (X5); otherwise pass."""
    window = view.obs.slap
    assert window is not None
    if legal[0].__class__ is Eat and _completes_spread(view, window.card):
        return legal[0]
    return legal[-1]


def _exchange(view: _View, legal: Sequence[Action]) -> Action | None:
    """Return the widow exchange worth its 1x (V46), if any."""
    exchanges = [action for action in legal if isinstance(action, Exchange)]
    if not exchanges:
        return None
    pool = unseen_values(view.obs, view.unseen)
    average = _mean(pool)
    hand = view.hand
    worst = max(
        exchanges,
        key=lambda action: view.discard_score(action.card, _without(hand, action.card)),
    )
    if view.value(worst.card) - average >= 5:
        return worst
    return None


def _slap(view: _View, legal: Sequence[Action]) -> Action:
    """Slap when it earns an extra discard (V26); otherwise pass."""
    obs = view.obs
    window = obs.slap
    assert window is not None
    owes = obs.seat != window.discarder and not (
        view.rules.slap_priority_next and obs.seat == window.due
    )
    slaps = [action for action in legal if isinstance(action, Slap)]
    passes = [action for action in legal if not isinstance(action, Slap)]
    if (owes and slaps) or not passes:
        owners = {spread.number: spread.owner for spread in obs.spreads}
        return max(slaps, key=lambda action: owners.get(action.spread) != obs.seat)
    return passes[0]


def _physical(action: LaySpread | Hit) -> tuple[Card, ...]:
    if isinstance(action, LaySpread):
        return action.physical
    return (split(action.card)[0],)


def _play(view: _View, legal: Sequence[Action]) -> Action:
    """Spread, hit or discard after drawing (and the slapper's extra discard).

    A tunk (H5) is taken whenever one is legal, the arrangement leaving the
    lowest count (the first of equal ones).
    """
    hand = view.hand
    values = view.values
    if legal[-1].__class__ is Tunk:  # the tunks come last (H5)
        return min(
            (action for action in legal if isinstance(action, Tunk)),
            key=lambda tunk: -sum(values[card.code] for card in tunk.physical),
        )
    out, best, best_key, discards = _ranked(view, legal)
    if out is not None:
        return out  # the hand is emptied: going out
    discard = _best_discard(view, discards) if discards else None
    if best is not None and (best_key[0] > 0 or discard is None):
        if (
            discard is not None
            and isinstance(best, Hit)
            and view.rules.hit_ends_turn
            and best_key[0] + 1
            < view.discard_score(discard.card, _without(hand, discard.card))
        ):
            return discard  # V24c: the hit would end the turn; the discard sheds more
        return best
    if discard is not None:
        return discard
    return legal[0]


def _ranked(
    view: _View, legal: Sequence[Action]
) -> tuple[
    LaySpread | Hit | None,
    LaySpread | Hit | None,
    tuple[int, int, int, int],
    list[Discard],
]:
    """Return a meld that goes out, the best meld and its key, and the discards.

    A meld (spread or hit) is ranked by the count it sheds, then spreads
    before hits, more cards, and hits on another's spread; the first meld that
    empties the hand is returned at once (with no best and no discards).
    """
    obs = view.obs
    hand = view.hand
    values = view.values
    owners = {spread.number: spread.owner for spread in obs.spreads}
    best: LaySpread | Hit | None = None
    best_key: tuple[int, int, int, int] = (-1, 0, 0, 0)
    discards: list[Discard] = []
    for action in legal:
        if isinstance(action, Discard):
            discards.append(action)
            continue
        if not isinstance(action, LaySpread | Hit):
            continue
        cards = _physical(action)
        if len(cards) == len(hand):
            return action, None, best_key, []
        key = (
            sum(values[card.code] for card in cards),
            isinstance(action, LaySpread),
            len(cards),
            isinstance(action, Hit) and owners.get(action.spread) != obs.seat,
        )
        if key > best_key:
            best, best_key = action, key
    return None, best, best_key, discards


def _best_discard(view: _View, discards: Sequence[Discard]) -> Discard:
    hand = view.hand
    return max(
        discards,
        key=lambda action: (
            view.discard_score(action.card, _without(hand, action.card)),
            view.value(action.card),
        ),
    )
