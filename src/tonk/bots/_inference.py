"""InferenceBot: GreedyBot's play, with the drop, draw and discard from a belief.

The belief over the other hands comes from :mod:`tonk.bots._belief`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs

from tonk._compiled import compiled
from tonk._validate import brief, is_int
from tonk.actions import (
    Action,
    ClaimDealTonk,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
)
from tonk.bots._base import check_asked, no_actions
from tonk.bots._belief import (
    Belief,
    GreedyModel,
    Memory,
    OpponentModel,
    infer,
    tables_of,
)
from tonk.bots._greedy import GreedyBot, check_points
from tonk.cards import Card
from tonk.errors import RulesError
from tonk.observation import Observation
from tonk.state import Phase

__all__ = ["InferenceBot"]


def _check_samples(bot: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not is_int(value):
        raise TypeError(f"{attribute.name} must be an int, got {brief(value)}")
    if not 1 <= value <= 10_000:
        raise RulesError(f"{attribute.name} must be 1..10000, got {value!r}")


def _check_turns(bot: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not is_int(value):
        raise TypeError(f"{attribute.name} must be an int, got {brief(value)}")
    if not 0 <= value <= 1_000:
        raise RulesError(f"{attribute.name} must be 0..1000, got {value!r}")


def _check_chance(bot: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{attribute.name} must be a number, got {brief(value)}")
    if not 0 <= value <= 1:
        raise RulesError(f"{attribute.name} must be between 0 and 1, got {value!r}")


def _check_lower(bot: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{attribute.name} must be a number, got {brief(value)}")
    if not 0 <= value <= 10:
        raise RulesError(f"{attribute.name} must be 0..10, got {value!r}")


def _check_model(bot: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, OpponentModel):
        raise TypeError(f"model must be an OpponentModel, got {brief(value)}")


@attrs.frozen(kw_only=True)
class InferenceBot:
    """GreedyBot's play, with the drop, the draw and the discard read from a belief.

    The bot remembers what it has seen this hand (:class:`~tonk.bots.Memory`)
    and, where a choice depends on the other hands, asks a
    :class:`~tonk.bots.Belief` (:func:`~tonk.bots.infer`): ``samples`` deals
    of the hidden cards, weighted by how likely ``model`` (by default
    :class:`~tonk.bots.GreedyModel`) made each other seat's last ``turns``
    turns.

    * **Drop** (B12, B13) only when the believed mean payoff of a drop
      (:meth:`~tonk.bots.Belief.drop_payoff`) is above ``drop_margin`` times
      what a won drop pays (1 from each other seat). A drop that only pays
      on average is not enough: waiting has a value of its own, since a low
      hand kept also catches the others' drops, and that value grows with
      the stakes, as the drop's does.
    * **Discard**: of the three discards GreedyBot prefers (with
      ``outs_weight`` for its near-spreads: the bot keeps them more than
      GreedyBot does), the first that the next seat, by the belief, makes a
      book or a run with at most ``feed_chance`` of the time, unless it is
      ``slack`` points lower than the first (do not feed the next player's
      spreads).
    * **Draw**: with three players or more, take a low top discard (at most
      ``slack`` points) that the next seat would make a spread with more
      than ``feed_chance`` of the time, rather than leave it to them.

    Everything else (the deal tonk, the spreads and hits, the slap-in, the
    widow, the end of the stock) is :class:`~tonk.bots.GreedyBot`'s. The bot
    reads only its observations, remembered in order; one bot may sit in
    several seats, since it remembers each seat apart.

    Args:
        samples: How many deals the belief weighs.
        turns: How many of each other seat's latest turns it weighs.
        drop_margin: The share of a won drop's payoff (``players - 1``)
            that a drop's believed mean payoff must be above.
        feed_chance: The believed chance that the next seat spreads a card,
            above which the bot keeps it from them.
        slack: How many points of count it gives up to keep a card from
            the next seat.
        lower: How much lower it believes the other hands are than a
            random deal (:func:`~tonk.bots.infer`'s ``lower``).
        outs_weight: :class:`~tonk.bots.GreedyBot`'s ``outs_weight`` in the
            bot's own discards: how many points each out of a card (an
            unseen card that would make a spread of it) takes off its claim
            to be discarded.
        model: How it thinks the other seats play.

    Raises:
        RulesError: If a number is out of its range.
        TypeError: If an argument has the wrong type.

    .. versionadded:: 0.2.0

    .. versionchanged:: 0.2.0
       The ``outs_weight`` option; it keeps near-spreads more (3.5 points an
       out, GreedyBot's 1.5 before).

    Examples:
        >>> import random, tonk
        >>> bot = tonk.bots.InferenceBot()
        >>> state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
        >>> seen = tonk.observe(state, 1)
        >>> bot.choose(seen, seen.legal_actions, random.Random(1))  # on 16
        Drop()
        >>> tonk.bots.InferenceBot(drop_margin=2)
        Traceback (most recent call last):
        ...
        tonk.errors.RulesError: drop_margin must be between 0 and 1, got 2
    """

    samples: int = attrs.field(default=128, validator=_check_samples)
    turns: int = attrs.field(default=3, validator=_check_turns)
    drop_margin: float = attrs.field(default=0.5, validator=_check_chance)
    feed_chance: float = attrs.field(default=0.5, validator=_check_chance)
    slack: float = attrs.field(default=3.0, validator=check_points)
    lower: float = attrs.field(default=0.3, validator=_check_lower)
    outs_weight: float = attrs.field(default=3.5, validator=check_points)
    model: OpponentModel = attrs.field(
        factory=GreedyModel, validator=_check_model, eq=False
    )
    _memory: Memory = attrs.field(factory=Memory, init=False, eq=False, repr=False)
    _greedy: GreedyBot = attrs.field(init=False, eq=False, repr=False)

    @_greedy.default
    def _playing_greedily(self) -> GreedyBot:
        return GreedyBot(outs_weight=self.outs_weight)

    def choose(
        self, obs: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """Return the bot's choice among ``legal``.

        Raises:
            ValueError: If ``legal`` is empty.
            TypeError: If ``obs`` is not an observation, or ``rng`` not a
                ``random.Random``.
        """
        check_asked(obs, rng)
        self._memory.update(obs)
        if not legal:
            raise no_actions(obs)
        if len(legal) == 1:
            return legal[0]
        if obs.phase is Phase.TURN_START:
            return self._start(obs, legal, rng)
        choice = self._greedy.choose(obs, legal, rng)
        if isinstance(choice, Discard):
            return self._discard(obs, legal, choice, rng)
        return choice

    def belief(self, obs: Observation, rng: random.Random) -> Belief:
        """Return the bot's belief in ``obs``, which it must have been shown.

        Examples:
            >>> import random, tonk
            >>> bot = tonk.bots.InferenceBot(samples=4)
            >>> state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
            >>> seen = tonk.observe(state, 1)
            >>> bot.choose(seen, seen.legal_actions, random.Random(1))
            Drop()
            >>> len(bot.belief(seen, random.Random(1)).deals)
            4
        """
        return infer(
            obs,
            rng,
            memory=self._memory,
            model=self.model,
            samples=self.samples,
            turns=self.turns,
            lower=self.lower,
        )

    def _start(
        self, obs: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        ending = obs.stock_size == 0 and DrawStock() in legal
        can_drop = Drop() in legal
        claims = any(isinstance(action, ClaimDealTonk) for action in legal)
        if ending or claims or not (can_drop or DrawDiscard() in legal):
            # B14: greedy's showdown; V19: greedy claims a winning dealt hand
            return self._greedy.choose(obs, legal, rng)
        belief = self.belief(obs, rng)
        if can_drop and belief.drop_payoff() > self.drop_margin * (
            obs.player_count - 1
        ):
            return Drop()
        others = [action for action in legal if action != Drop()]
        choice = self._greedy.choose(obs, others, rng)
        top = obs.top_discard
        if (
            choice == DrawStock()
            and DrawDiscard() in legal
            and top is not None
            and obs.player_count > 2
            and compiled(obs.rules).tables.values[top.code] <= self.slack
            and _feeds(belief, top) > self.feed_chance
        ):
            return DrawDiscard()
        return choice

    def _discard(
        self,
        obs: Observation,
        legal: Sequence[Action],
        choice: Discard,
        rng: random.Random,
    ) -> Action:
        values = compiled(obs.rules).tables.values
        candidates = [choice]
        left = [action for action in legal if action != choice]
        while len(candidates) < 3:
            other = self._greedy.choose(obs, left, rng) if left else None
            if not isinstance(other, Discard):
                break
            candidates.append(other)
            left.remove(other)
        if len(candidates) == 1:
            return choice
        belief = self.belief(obs, rng)
        floor = values[choice.card.code] - self.slack
        for candidate in candidates:
            if values[candidate.card.code] < floor:
                break
            if _feeds(belief, candidate.card) <= self.feed_chance:
                return candidate
        return choice


def _feeds(belief: Belief, card: Card) -> float:
    """Return the believed chance that the next seat makes a spread with ``card``."""
    obs = belief.observation
    tables = tables_of(obs.rules)
    after = (obs.seat + 1) % obs.player_count
    code = card.code
    return belief.chance(
        lambda deal: tables.completes([held.code for held in deal.hands[after]], code)
    )
