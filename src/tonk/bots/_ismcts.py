"""ISMCTSBot: information-set Monte Carlo tree search over determinizations."""

from __future__ import annotations

import math
import operator
import random
import time
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Literal

import attrs

from tonk._cache import Cache
from tonk._compiled import compiled
from tonk._deal import shuffle_drawing
from tonk._fast import DRAW_DISCARD, DRAW_STOCK, revised, successor
from tonk._validate import brief, is_int
from tonk.actions import Action, ClaimDealTonk, Discard, Drop, Tunk
from tonk.bots._base import check_asked, no_actions
from tonk.bots._belief import Memory, infer
from tonk.bots._knowledge import seat_turns
from tonk.cards import CODE_COUNT, Card, card_from_code
from tonk.engine import apply, legal_actions
from tonk.errors import RulesError
from tonk.observation import Observation, determinize
from tonk.rules import Rules
from tonk.scoring import settle_drop
from tonk.state import GameState, Phase

__all__ = ["ISMCTSBot", "SearchResult"]

_TURN_START = Phase.TURN_START
_SLAP_WINDOW = Phase.SLAP_WINDOW
_DRAW_STOCK = DRAW_STOCK
_DRAW_DISCARD = DRAW_DISCARD
_CODE = operator.attrgetter("code")


class _Node:
    """A node of the search tree: the history of actions that leads to it.

    ``seat`` is the seat whose action led here: the node's ``total`` is that
    seat's payoff summed over the ``visits`` through it. ``available`` counts
    the visits to the parent in which the action was legal in the sampled deal.
    """

    __slots__ = (
        "available",
        "children",
        "hands",
        "seat",
        "squares",
        "total",
        "visits",
    )

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.squares = 0.0
        self.hands: dict[tuple[Card, ...], _Node] | None = None


@attrs.frozen(kw_only=True)
class SearchResult:
    """What an :class:`ISMCTSBot` search found: the choice and its statistics.

    Attributes:
        action: The action chosen: the most visited at the root.
        iterations: How many deals were sampled and searched.
        actions: The legal actions searched, in the engine's order.
        visits: How many iterations chose each action at the root.
        mean_payoffs: The searching seat's mean payoff after each action, in
            base stakes (0.0 for an action never visited).

    .. versionadded:: 0.1.0

    Examples:
        >>> import random, tonk
        >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
        >>> seen = tonk.observe(state, 1)
        >>> bot = tonk.bots.ISMCTSBot(iterations=60)
        >>> result = bot.search(seen, seen.legal_actions, random.Random(1))
        >>> result.iterations, sum(result.visits), result.actions
        (60, 60, (Drop(), DrawStock(), DrawDiscard()))
    """

    action: Action
    iterations: int
    actions: tuple[Action, ...]
    visits: tuple[int, ...]
    mean_payoffs: tuple[float, ...]


class _Policy:
    """The quick rollout policy, which reads only what the seat to move could see.

    At the start of a turn: claim a winning deal; drop when a drop pays on
    average, judged from a table of sample counts of each other seat's hand
    (its known cards, and for its unknown cards the lowest of that many plus
    ``_SHARE`` times its turns cards of the pack: it has been discarding its
    worst cards); take the discard when it is very low or completes a spread
    with two cards of the hand; otherwise draw from the stock. After drawing:
    lay the first spread or make the first hit offered, otherwise discard the
    highest card, counting a card with a partner for a spread (a card of its
    rank, or of its suit up to two places away) as ``_PARTNER`` points less.
    Slap whenever it earns an extra discard; eat a discard that completes a
    spread with two cards of the hand (X5).
    """

    __slots__ = (
        "counts",
        "dealer_left",
        "eating",
        "lose",
        "low",
        "partners",
        "positions",
        "priority",
        "shares",
        "values",
        "win",
    )

    def __init__(self, rules: Rules, players: int) -> None:
        tables = compiled(rules).tables
        self.values = tables.values
        self.positions = tables.positions
        pack = rules.pack(players=players)
        mean = sum(self.values[card.code] for card in pack) / len(pack)
        self.low = mean / 3
        self.priority = rules.slap_priority_next
        self.eating = rules.eating
        self.counts = _COUNT_TABLES[rules, players]
        self.shares: dict[tuple[int, int, int], float] = {}
        self.partners = _partners(rules)
        others = [2] * (players - 1)
        self.win = float(
            settle_drop(
                [1, *others], 0, catch=rules.catch, dealer=0, bonus=rules.drop_bonus
            ).payoffs[0]
        )
        self.lose = float(
            settle_drop([1, 0, *others[1:]], 0, catch=rules.catch, dealer=0).payoffs[0]
        )

    def _drops(self, state: GameState, seat: int, count: int) -> bool:
        """Return whether a drop on ``count`` is worth it, by the count table."""
        values = self.values
        taken = state.taken
        hands = state.hands
        players = len(hands)
        shares = self.shares
        chance = 1.0
        for other in range(players):
            if other == seat:
                continue
            known = 0
            for card in taken[other]:
                known += values[card.code]
            unknown = len(hands[other]) - len(taken[other])
            first = (other - state.dealer - 1) % players
            turns = max(0, (state.turns_taken - first + players - 1) // players)
            key = (unknown, turns, count - known)
            share = shares.get(key)
            if share is None:
                table = self.counts(unknown, turns)
                higher = len(table) - bisect_right(table, count - known)
                share = shares[key] = higher / len(table)
            chance *= share
        return chance * self.win + (1 - chance) * self.lose > _DROP_MARGIN

    def _completes(self, hand: tuple[Card, ...], top: Card) -> bool:
        positions = self.positions
        if not positions[top.code]:  # a joker: jokers make no book (V3)
            return False
        rank = top.rank
        suit = top.suit
        same = 0
        places: set[int] = set()
        for card in hand:
            if card.rank is rank:
                same += 1
            if card.suit is suit:
                places.update(positions[card.code])
        if same >= 2:
            return True
        for at in positions[top.code]:
            below = at - 1 in places
            above = at + 1 in places
            if (below and (above or at - 2 in places)) or (above and at + 2 in places):
                return True
        return False

    def __call__(self, state: GameState, legal: tuple[Action, ...]) -> Action:
        """Return the policy's action in ``state`` among ``legal``."""
        if len(legal) == 1:
            return legal[0]
        phase = state.phase
        if phase is _TURN_START:
            return self._turn_start(state, legal)
        if phase is _SLAP_WINDOW:
            return self._window(state, legal)
        first = legal[0]
        if first.__class__ is not Discard:
            return first
        if legal[-1].__class__ is Tunk:  # H5: tunk whenever the hand may
            return legal[-1]
        return self._discard(state, legal)

    def _turn_start(self, state: GameState, legal: tuple[Action, ...]) -> Action:
        """Claim, drop by the table of likely counts, take a useful top, or draw."""
        first = legal[0]
        if first.__class__ is ClaimDealTonk:
            return first
        values = self.values
        seat = state.to_move
        hand = state.hands[seat]
        if first.__class__ is Drop:
            count = 0
            for card in hand:
                count += values[card.code]
            if self._drops(state, seat, count):
                return first
        if _DRAW_DISCARD in legal:
            top = state.discard_pile[-1]
            if values[top.code] <= self.low or self._completes(hand, top):
                return _DRAW_DISCARD
        if _DRAW_STOCK in legal:
            return _DRAW_STOCK
        return legal[1] if first.__class__ is Drop else first

    def _window(self, state: GameState, legal: tuple[Action, ...]) -> Action:
        """Eat a card that completes a spread (X5); else slap in (V26).

        The discarder, and with priority the seat due next, pass instead.
        """
        window = state.slap
        assert window is not None
        seat = state.to_move
        if self.eating:  # X5: legal is (Eat(), Pass())
            return (
                legal[0]
                if self._completes(state.hands[seat], window.card)
                else legal[-1]
            )
        if seat == window.discarder or (self.priority and seat == window.due):
            return legal[-1]
        return legal[0]

    def _discard(self, state: GameState, legal: tuple[Action, ...]) -> Action:
        """Discard the highest card, a card with a partner in hand counting less."""
        values = self.values
        hand = state.hands[state.to_move]
        partners = self.partners
        best = -math.inf
        choice = legal[0]
        for option in legal:
            assert isinstance(option, Discard)
            card = option.card
            score: float = values[card.code]
            code = card.code
            near = partners[code]
            itself = False  # V2: the other copy of the card is a partner
            for other in hand:
                if other.code == code and not itself:
                    itself = True
                elif other.code in near:
                    score -= _PARTNER
                    break
            if score > best:
                best, choice = score, option
        return choice


def _partners(rules: Rules) -> list[frozenset[int]]:
    """Return, for each card code, the codes of the cards that are its partners.

    A partner may make a spread with the card: a card of its rank, or of its
    suit up to two places away in a run (the rollout policy keeps such cards).
    """
    positions = compiled(rules).tables.positions
    cards = [card_from_code(code) for code in range(CODE_COUNT)]
    return [
        frozenset(
            other.code
            for other in cards
            if positions[card.code]  # a joker has no place: no partner (V3)
            and positions[other.code]
            and (
                other.rank is card.rank
                or (
                    other.suit is card.suit
                    and any(
                        -2 <= at - place <= 2
                        for at in positions[other.code]
                        for place in positions[card.code]
                    )
                )
            )
        )
        for card in cards
    ]


_PARTNER = 3.0
_SHARE = 0.75
_BELIEF_SAMPLES = 64
"""How many weighted deals the ``belief`` option draws its deals from."""
_DROP_MARGIN = 0.0
_SAMPLES = 64


class _CountTable:
    """Sorted sample counts of a hand of ``unknown`` cards after ``turns`` turns.

    A seat's unknown cards are modelled as the lowest of ``unknown`` plus
    ``_SHARE * turns`` cards drawn from the pack (it has been discarding its
    worst cards). The samples are drawn once per table size and kept.
    """

    def __init__(self, values: list[int]) -> None:
        self.values = values
        self.tables: dict[tuple[int, int], list[int]] = {}

    def __call__(self, unknown: int, turns: int) -> list[int]:
        extra = min(int(_SHARE * turns), len(self.values) - unknown)
        key = (unknown, extra)
        table = self.tables.get(key)
        if table is None:
            rng = random.Random(f"tonk-counts:{unknown}:{extra}")
            table = []
            for _ in range(_SAMPLES):
                drawn = sorted(rng.sample(self.values, unknown + extra))
                table.append(sum(drawn[:unknown]))
            table.sort()
            self.tables[key] = table
        return table


def _count_table(key: tuple[Rules, int]) -> _CountTable:
    """Return the count table of a rule set at a table of some players (``key``)."""
    rules, players = key
    values = compiled(rules).tables.values
    return _CountTable([values[card.code] for card in rules.pack(players=players)])


_COUNT_TABLES: Cache[tuple[Rules, int], _CountTable] = Cache(_count_table, limit=64)


_ROLLOUT_STEPS = 400
"""After this many actions a rollout stops taking the discard, so that the
stock runs out and the hand ends even without a turn limit (B15)."""


def _finish(state: GameState, policy: _Policy) -> GameState:
    """Play a long rollout out: the policy, but never taking the discard."""
    while state.outcome is None:
        legal = legal_actions(state)
        action = policy(state, legal)
        if action is _DRAW_DISCARD and _DRAW_STOCK in legal:
            action = _DRAW_STOCK
        state = apply(state, action)
    return state


def _policy_playout(state: GameState, policy: _Policy, rng: random.Random) -> GameState:
    """Play ``state`` out with the quick rollout policy; return the end state."""
    for _ in range(_ROLLOUT_STEPS):
        if state.outcome is not None:
            return state
        state = apply(state, policy(state, legal_actions(state)))
    return _finish(state, policy)


def _random_playout(state: GameState, policy: _Policy, rng: random.Random) -> GameState:
    """Play ``state`` out with uniformly random legal actions."""
    for _ in range(_ROLLOUT_STEPS):
        if state.outcome is not None:
            return state
        legal = legal_actions(state)
        state = apply(state, legal[rng.randrange(len(legal))])
    return _finish(state, policy)


class _Deals:
    """Deal the cards ``obs``'s seat cannot see, as :func:`tonk.determinize` does.

    The unseen cards, the known cards of each hand and the places to fill are
    worked out once per search (``determinize`` checks the observation); each
    deal is then one shuffle of the unseen cards, drawn as
    ``random.Random.shuffle`` draws (the same deal as ``determinize`` for the
    same ``rng``), and, with ``lower`` above 0, the other seats' lower hands.

    With ``lower`` above 0, for each turn a seat has taken (times ``lower``),
    one card from the stock joins its unknown cards and the highest of them goes
    back to the stock, which is then shuffled. Every deal fits everything
    ``obs`` shows.
    """

    __slots__ = (
        "hands",
        "hidden",
        "lowered",
        "pool",
        "template",
        "values",
        "widows",
    )

    def __init__(self, obs: Observation, lower: float) -> None:
        self.template = determinize(obs, random.Random(0))
        me = obs.seat
        sizes = obs.hand_sizes
        if obs.shown_hands is not None:
            known = list(obs.shown_hands)
        else:
            known = list(obs.taken)
            known[me] = obs.hand
        self.hands = [tuple(sorted(cards, key=_CODE)) for cards in known]
        self.hidden = [
            (seat, known[seat], size - len(known[seat]))
            for seat, size in enumerate(sizes)
            if size > len(known[seat])
        ]
        known_widow = obs.widow is not None and bool(obs.exchanged)
        self.widows = [
            obs.widow if known_widow and seat == me else None
            for seat in range(len(obs.exchanged))
        ]
        unseen = Counter(self.template.stock)
        for seat, _, _ in self.hidden:
            unseen.update(self.template.hands[seat])
            unseen.subtract(known[seat])
        for seat, widow in enumerate(self.widows):
            if widow is None:
                unseen[self.template.widows[seat]] += 1
        self.pool = sorted(unseen.elements(), key=_CODE)
        self.values = compiled(obs.rules).tables.values
        stock_size = obs.stock_size
        self.lowered = []
        taken_from = 0
        for index, (seat, _, _) in enumerate(self.hidden):
            if seat == me:  # pragma: no cover - the seat knows its own hand
                continue
            extra = min(int(lower * seat_turns(obs, seat)), stock_size - taken_from)
            if extra <= 0:
                continue
            self.lowered.append((index, taken_from, extra))
            taken_from += extra

    def __call__(self, rng: random.Random) -> GameState:
        """Return a deal of the unseen cards drawn with ``rng``."""
        if rng.__class__ is random.Random:
            getrandbits = rng.getrandbits

            def shuffle(cards: list[Card]) -> None:
                shuffle_drawing(cards, getrandbits)
        else:
            shuffle = rng.shuffle  # type: ignore[assignment]
        cards = self.pool[:]
        shuffle(cards)
        hands = self.hands[:]
        drawn = []
        at = 0
        for seat, known, count in self.hidden:
            mine = cards[at : at + count]
            mine.sort(key=_CODE)
            drawn.append(mine)
            hands[seat] = tuple(sorted((*known, *mine), key=_CODE))
            at += count
        widows = self.widows[:]
        for seat, widow in enumerate(widows):
            if widow is None:
                widows[seat] = cards[at]
                at += 1
        stock = cards[at:]
        if self.lowered:
            values = self.values
            for index, start, extra in self.lowered:
                seat, known, _ = self.hidden[index]
                mine = drawn[index]
                pool = mine + stock[start : start + extra]
                shuffle(pool)
                pool.sort(key=lambda card: values[card.code])
                keep = len(mine)
                hands[seat] = tuple(sorted((*known, *pool[:keep]), key=_CODE))
                stock[start : start + extra] = pool[keep:]
            shuffle(stock)
        return successor(
            self.template,
            hands=tuple(hands),
            stock=tuple(stock),
            bookkeeping=revised(
                self.template.bookkeeping,
                widows=tuple(widows),  # type: ignore[arg-type]
            ),
        )


def _check_iterations(
    bot: ISMCTSBot, attribute: attrs.Attribute[Any], value: Any
) -> None:
    if value is not None and (not is_int(value) or value < 1):
        raise RulesError(
            f"iterations must be a positive int or None, got {brief(value)}"
        )


def _check_seconds(bot: ISMCTSBot, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None and (
        isinstance(value, bool) or not isinstance(value, int | float) or not value > 0
    ):
        raise RulesError(
            f"seconds must be a positive number or None, got {brief(value)}"
        )


def _at_most(most: int) -> Callable[[ISMCTSBot, attrs.Attribute[Any], Any], None]:
    """Return the check of a number option: a number from 0 to ``most``."""

    def check(bot: ISMCTSBot, attribute: attrs.Attribute[Any], value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise TypeError(f"{attribute.name} must be a number, got {brief(value)}")
        if not 0 <= value <= most:  # NaN too
            raise RulesError(
                f"{attribute.name} must be 0 to {most:,}, got {brief(value)}"
            )

    return check


@attrs.frozen(kw_only=True)
class ISMCTSBot:
    """Single-observer information-set Monte Carlo tree search (SO-ISMCTS).

    Each iteration deals the cards the seat cannot see at random
    (as :func:`tonk.determinize` does) and walks one tree shared by every deal. The
    tree's nodes are the seat's information sets: the actions of the hand as
    the seat saw them and, where the seat is to act, its own hand (so deals in
    which it drew different cards part there). Where the seat acts, the
    actions legal in this deal are ranked by UCT: the mean payoff plus
    ``exploration`` times ``sqrt(ln(available) / visits)``, where *available*
    counts the visits in which the action was legal (deals differ in what can
    be done). The tree widens slowly: the rollout policy's action is tried
    first, and another untried action (at random) only while a node has fewer
    children than the square root of its visits. Where another seat acts, it
    plays by the rollout policy, which reads that seat's own cards in this
    deal (with ``opponents="search"``, UCT chooses for every seat, from one
    tree, as in textbook SO-ISMCTS). A new node is added, the hand is played
    out with the rollout policy, and every node on the path adds the payoff
    (from ``outcome.payoffs``) of the seat that acted into it.

    The bot plays the action most visited at the root, unless the rollout
    policy chose otherwise and the search's action is not better by
    ``confidence`` standard errors of the difference of their mean payoffs:
    then it keeps the policy's action (0 always takes the search's). A
    modest budget cannot tell close actions apart, and this keeps the search
    from swapping a sound choice for a lucky one.

    The deal is uniform over the unseen cards, except that with
    ``lower_hands`` above 0 the other seats are given lower hands: for each
    of their turns taken, times ``lower_hands``, a card of the stock joins a
    seat's unknown cards and its highest goes back. Players discard their
    worst cards, and a uniform deal makes a drop look safer than it is.

    The search stops after ``iterations`` deals or ``seconds`` seconds,
    whichever comes first (at least one deal is searched). All randomness comes
    from the ``rng`` passed to :meth:`choose`, so with an iteration budget a
    seeded game is reproducible; a time budget is not.

    Args:
        iterations: The most deals to search per decision, or ``None``.
        seconds: The most time to search per decision, or ``None``.
        exploration: The UCT exploration constant, in base stakes.
        rollout: ``"greedy"``: a quick heuristic (drop when a table of likely
            counts says a drop pays, take a discard that completes a spread,
            lay what can be laid, discard the highest loose card);
            ``"random"``: uniformly random legal actions.
        lower_hands: How much lower to deal the other seats' hands (see
            above); 0 deals uniformly.
        confidence: How many standard errors the search's choice must beat
            the rollout policy's by.
        opponents: ``"policy"``: other seats act by the rollout policy;
            ``"search"``: by UCT.
        belief: Draw each iteration's deal from a belief
            (:func:`tonk.bots.infer`: deals weighted by how likely
            :class:`~tonk.bots.GreedyModel` made the other seats' recent
            turns, which the bot remembers) instead of uniformly;
            ``lower_hands`` then lowers the belief's deals.

    Raises:
        RulesError: If both budgets are ``None`` or one is not positive, or
            ``exploration`` or ``confidence`` is not 0 to 1,000,000, or
            ``lower_hands`` not 0 to 1000 (with ``belief``, not 0 to 10:
            :func:`tonk.bots.infer`'s ``lower``).
        TypeError: If ``exploration``, ``confidence`` or ``lower_hands`` is
            not a number.

    .. versionadded:: 0.1.0

    Examples:
        >>> import random, tonk
        >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
        >>> seen = tonk.observe(state, 1)
        >>> bot = tonk.bots.ISMCTSBot(iterations=200)
        >>> bot.choose(seen, seen.legal_actions, random.Random(1))
        DrawDiscard()
        >>> tonk.bots.ISMCTSBot(iterations=None)
        Traceback (most recent call last):
        ...
        tonk.errors.RulesError: give an iteration budget, a time budget or both

    .. versionchanged:: 0.2
       A bad budget raises :class:`~tonk.errors.RulesError` (was ``ValueError``).

    .. versionchanged:: 0.2.0
       The ``belief`` option; ``exploration``, ``confidence`` and
       ``lower_hands`` are checked.
    """

    iterations: int | None = attrs.field(default=200, validator=_check_iterations)
    seconds: float | None = attrs.field(default=None, validator=_check_seconds)
    exploration: float = attrs.field(default=1.0, validator=_at_most(1_000_000))
    rollout: Literal["greedy", "random"] = attrs.field(
        default="greedy", validator=attrs.validators.in_(("greedy", "random"))
    )
    lower_hands: float = attrs.field(default=0.5, validator=_at_most(1000))
    confidence: float = attrs.field(default=1.0, validator=_at_most(1_000_000))
    opponents: Literal["policy", "search"] = attrs.field(
        default="policy", validator=attrs.validators.in_(("policy", "search"))
    )
    belief: bool = attrs.field(
        default=False, validator=attrs.validators.instance_of(bool)
    )
    _memory: Memory = attrs.field(factory=Memory, init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        """Check that there is a budget, and a lowering the belief takes."""
        if self.iterations is None and self.seconds is None:
            raise RulesError("give an iteration budget, a time budget or both")
        if self.belief and self.lower_hands > 10:  # infer's lower is 0..10
            raise RulesError(
                f"lower_hands must be 0 to 10 with belief, got {self.lower_hands!r}"
            )

    def _sampler(
        self, obs: Observation, rng: random.Random
    ) -> tuple[_Deals, Callable[[random.Random], GameState]]:
        """Return the seat's deals and how each iteration draws one.

        Uniformly among the deals the observation allows, or from the belief
        over the opponents' hands (``belief``, docs/bots.md).
        """
        deal = _Deals(obs, self.lower_hands)
        if not self.belief:
            return deal, deal.__call__
        if self._memory.last(obs.seat) != obs:
            self._memory.update(obs)
        belief = infer(
            obs,
            rng,
            memory=self._memory,
            samples=_BELIEF_SAMPLES,
            lower=self.lower_hands,
        )
        return deal, belief.sample

    def _clearly_better(self, first: _Node | None, second: _Node | None) -> bool:
        if first is None or first.visits < 2:
            return False
        if second is None or second.visits < 2:
            return True
        error = 0.0
        for node in (first, second):
            mean = node.total / node.visits
            variance = max(0.0, node.squares / node.visits - mean * mean)
            error += variance / (node.visits - 1)
        difference = first.total / first.visits - second.total / second.visits
        return difference > self.confidence * math.sqrt(error)

    def choose(
        self, obs: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """Return the most visited action after searching ``obs``.

        A single legal action is returned without a search.

        Raises:
            ValueError: If ``legal`` is empty.
            TypeError: If ``obs`` is not an observation, or ``rng`` not a
                ``random.Random``.
        """
        check_asked(obs, rng)
        if self.belief:
            self._memory.update(obs)
        if len(legal) == 1:
            return legal[0]
        return self.search(obs, legal, rng).action

    def search(
        self, obs: Observation, legal: Sequence[Action], rng: random.Random
    ) -> SearchResult:
        """Search ``obs`` within the budget and return the statistics.

        Args:
            obs: What the seat to move knows; it must be that seat's turn.
            legal: The actions to choose among (``obs.legal_actions``).
            rng: The source of randomness.

        Returns:
            The choice and the root statistics.

        Raises:
            ValueError: If ``legal`` is empty, or ``obs``'s seat is not to move.
        """
        if not legal:
            raise no_actions(obs)
        if obs.outcome is not None or obs.to_move != obs.seat:
            raise ValueError(
                f"cannot search for seat {obs.seat}: it is not to move"
                if obs.outcome is None
                else "cannot search: the hand is over"
            )
        tree = _Tree(self, obs, self._sampler(obs, rng), rng)
        limit = self.iterations
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        count = 0
        while True:
            if limit is not None and count >= limit:
                break
            if deadline is not None and count and time.perf_counter() >= deadline:
                break
            count += 1
            tree.iterate()
        return self._result(tree, tuple(legal), count)

    def _result(
        self, tree: _Tree, actions: tuple[Action, ...], count: int
    ) -> SearchResult:
        """Return the root's statistics and the action chosen by its visits.

        The most visited action wins (ties by mean payoff); with
        ``confidence``, the rollout policy's choice is kept unless the search's
        is better by that many standard errors of the difference.
        """
        stats = [tree.root.children.get(action) for action in actions]
        visits = tuple(0 if child is None else child.visits for child in stats)
        means = tuple(
            0.0 if child is None or not child.visits else child.total / child.visits
            for child in stats
        )
        best = max(range(len(actions)), key=lambda index: (visits[index], means[index]))
        preferred = tree.root_preferred
        if self.confidence and preferred in actions:
            usual = actions.index(preferred)
            if usual != best and not self._clearly_better(stats[best], stats[usual]):
                best = usual
        return SearchResult(
            action=actions[best],
            iterations=count,
            actions=actions,
            visits=visits,
            mean_payoffs=means,
        )


class _Tree:
    """One search's tree and what every iteration of it reads (ISMCTS phases).

    :meth:`iterate` is one iteration: a deal drawn, the tree descended by
    UCB (:meth:`_descend`), one node added (progressive widening), the rest
    of the hand played out by the rollout, and the payoffs backed up
    (:meth:`_back_up`).
    """

    def __init__(
        self,
        bot: ISMCTSBot,
        obs: Observation,
        sampler: tuple[_Deals, Callable[[random.Random], GameState]],
        rng: random.Random,
    ) -> None:
        deal, self.draw = sampler
        self.rng = rng
        self.me = obs.seat
        self.root = _Node(obs.seat)
        self.policy = _Policy(obs.rules, obs.player_count)
        self.playout = _policy_playout if bot.rollout == "greedy" else _random_playout
        self.exploration = bot.exploration
        self.by_policy = bot.opponents == "policy"
        # The seat's legal actions read only what it sees: the same in every deal.
        self.root_options = legal_actions(deal.template)
        self.root_preferred = self.policy(deal.template, self.root_options)

    def iterate(self) -> None:
        """Play one iteration: draw, descend, expand, roll out, back up."""
        state, path = self._descend(self.draw(self.rng))
        if state.outcome is None:
            state = self.playout(state, self.policy, self.rng)
        outcome = state.outcome
        assert outcome is not None
        _back_up(path, outcome.payoffs)

    def _descend(self, state: GameState) -> tuple[GameState, list[_Node]]:
        """Return the state and the path once the tree adds a node or the hand ends."""
        node = self.root
        path = [node]
        me = self.me
        while state.outcome is None:
            mover = state.to_move
            options = self.root_options if node is self.root else legal_actions(state)
            if mover != me and self.by_policy:
                # Another seat acts by the rollout policy, which reads its own
                # sampled hand: the tree branches on what it does.
                choice = self.policy(state, options)
                child = node.children.get(choice)
                state = apply(state, choice)
                if child is None:
                    child = node.children[choice] = _Node(mover)
                    path.append(child)
                    break
                child.available += 1
                node = child
                path.append(node)
                continue
            if mover == me and node is not self.root:
                # The seat knows its own hand: deals in which it drew different
                # cards are different information sets.
                node = _by_hand(node, state.hands[me], me)
                path.append(node)
            action, added = self._choose(node, state, options, mover)
            node = node.children[action]
            path.append(node)
            state = apply(state, action)
            if added:
                break
        return state, path

    def _choose(
        self, node: _Node, state: GameState, options: tuple[Action, ...], mover: int
    ) -> tuple[Action, bool]:
        """Return the action to follow from ``node``, and whether it is new.

        Progressive widening: the rollout policy's choice first, then another
        untried action (at random) only while the node has fewer children here
        than 1 + sqrt(its visits); else the tried action with the best UCB.
        """
        children = node.children
        tried = []
        untried = []
        for action in options:
            child = children.get(action)
            if child is None:
                untried.append(action)
            else:
                child.available += 1
                tried.append(action)
        if node is self.root:
            preferred = self.root_preferred
        else:
            preferred = self.policy(state, options)
        if untried:
            new: Action | None = preferred
            if new in children:
                new = None
                if len(tried) * len(tried) <= node.visits:
                    new = untried[self.rng.randrange(len(untried))]
            if new is not None:
                child = children[new] = _Node(mover)
                child.available = 1
                return new, True
        return _best_by_ucb(children, tried, self.exploration), False


def _by_hand(node: _Node, hand: tuple[Card, ...], me: int) -> _Node:
    """Return ``node``'s information set for the searching seat's ``hand``."""
    hands = node.hands
    if hands is None:
        hands = node.hands = {}
    known = hands.get(hand)
    if known is None:
        known = hands[hand] = _Node(me)
    return known


def _best_by_ucb(
    children: dict[Action, _Node], tried: list[Action], exploration: float
) -> Action:
    """Return the tried action whose child has the highest UCB score (first wins)."""
    log, sqrt = math.log, math.sqrt
    best_score = -math.inf
    best_action = tried[0]
    for action in tried:
        child = children[action]
        tries = child.visits
        score = child.total / tries + exploration * sqrt(log(child.available) / tries)
        if score > best_score:
            best_score, best_action = score, action
    return best_action


def _back_up(path: list[_Node], outcome_payoffs: Sequence[Any]) -> None:
    """Add one iteration's payoffs to every node on its path."""
    payoffs = [float(payoff) for payoff in outcome_payoffs]
    for node in path:
        node.visits += 1
        payoff = payoffs[node.seat]
        node.total += payoff
        node.squares += payoff * payoff
