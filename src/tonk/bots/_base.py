"""The bot protocol and the uniform random bot."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import attrs

from tonk._validate import brief, wrong_type
from tonk.actions import Action
from tonk.observation import Observation
from tonk.session import CallSuit, Deal, SessionAction, SideBets

__all__ = ["Bot", "RandomBot", "no_actions", "plain_session_action"]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action from what one seat can see.

    A bot is given the :class:`~tonk.observation.Observation` of the seat to
    move (never a :class:`~tonk.state.GameState`: it must not see hidden
    cards), the legal actions (the observation's
    :attr:`~tonk.observation.Observation.legal_actions`, in the engine's order)
    and a :class:`random.Random` to draw any randomness from, so that a seeded
    game is reproducible. It returns one of the legal actions. Any object with
    such a ``choose`` method is a bot; the protocol is runtime-checkable.

    .. versionadded:: 0.1.0

    Examples:
        >>> import random, tonk
        >>> class FirstBot:
        ...     def choose(self, obs, legal, rng):
        ...         return legal[0]
        >>> isinstance(FirstBot(), tonk.bots.Bot)
        True
        >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
        >>> seen = tonk.observe(state, state.to_move)
        >>> FirstBot().choose(seen, seen.legal_actions, random.Random(1))
        Drop()
    """

    def choose(
        self, obs: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """Return one of ``legal``: the action to take in ``obs``.

        Args:
            obs: What the seat to move knows.
            legal: The actions it may take, in the engine's order; never empty.
            rng: The source of any randomness.

        Returns:
            One of ``legal``.
        """
        ...  # pragma: no cover - a protocol


def check_asked(obs: object, rng: object) -> None:
    """Refuse what a bot cannot be asked with: not an observation, or a random source.

    Raises:
        TypeError: If ``obs`` is not an :class:`~tonk.Observation` (a state,
            say: a bot sees only its seat's view, :func:`tonk.observe`), or
            ``rng`` not a ``random.Random``.
    """
    if not isinstance(obs, Observation):
        raise wrong_type("obs", Observation, obs)
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, got {brief(rng)}")


def no_actions(obs: Observation) -> ValueError:
    """Return the error for a bot asked to choose from no actions."""
    return ValueError(
        f"no legal actions to choose from (seat {obs.seat}, phase {obs.phase.value})"
    )


@attrs.frozen
class RandomBot:
    """Choose uniformly at random among the legal actions.

    A baseline: it drops, draws and discards with no thought at all, so most
    of its hands end early, often with a drop that gets caught.

    .. versionadded:: 0.1.0

    Examples:
        >>> import random, tonk
        >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
        >>> seen = tonk.observe(state, state.to_move)
        >>> tonk.bots.RandomBot().choose(seen, seen.legal_actions, random.Random(5))
        DrawDiscard()
        >>> tonk.bots.RandomBot().choose(seen, (), random.Random(5))
        Traceback (most recent call last):
        ...
        ValueError: no legal actions to choose from (seat 1, phase turn_start)
    """

    def choose(
        self, obs: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """Return an action drawn uniformly from ``legal`` with ``rng``.

        Raises:
            ValueError: If ``legal`` is empty.
        """
        if not legal:
            raise no_actions(obs)
        return legal[rng.randrange(len(legal))]


def plain_session_action(
    actions: Sequence[Action | SessionAction],
) -> SessionAction:
    """Return the plain choice between hands: the one every bot seat makes.

    A :class:`Bot` plays hands; between them (V43, V45), wherever a bot sits
    (a served bot, ``tonk serve``'s bot seats, ``tonk play``), it deals,
    makes no side bet (or, already in the naturals pot, which it may not
    leave until it is won, bets only that), calls the first suit offered
    (clubs) when the dealer must call one, and never calls the Big One.

    Args:
        actions: The choices :func:`tonk.session_actions` offers between hands.

    Raises:
        ValueError: If there is no choice between hands but the Big One.

    Examples:
        >>> import tonk
        >>> session = tonk.new_session(tonk.Rules(suit_bet=1), players=2, seed=1)
        >>> plain_session_action(tonk.session_actions(session))
        CallSuit(suit=<Suit.CLUBS: 'C'>)
        >>> session = tonk.apply_session(session, tonk.CallSuit("C"))
        >>> plain_session_action(tonk.session_actions(session))
        SideBets(suit=False, naturals=False)

    .. versionadded:: 0.2.0
    """
    choices = [
        action
        for action in actions
        if isinstance(action, Deal | CallSuit | SideBets)  # never the Big One
    ]
    for plain in (_DEAL, _NO_BETS):
        if plain in choices:
            return plain
    if not choices:
        raise ValueError(f"no choice between hands to make: {list(actions)!r}")
    return choices[0]


_DEAL = Deal()
_NO_BETS = SideBets()
