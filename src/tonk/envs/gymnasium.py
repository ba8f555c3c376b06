"""A Gymnasium environment: one seat of a hand, the others played by bots.

Install with ``pip install 'tonk[gymnasium]'``. Importing this module
registers the environment as ``tonk/Tonk-v0``. Gymnasium (1.0 on) finds an id
only once the module registering it is imported, and imports the module named
before a colon, so ``gymnasium.make("tonk.envs.gymnasium:tonk/Tonk-v0",
rules="chicago", players=3)`` builds it with nothing imported first; after
the import, ``gymnasium.make("tonk/Tonk-v0")`` does too.

The learner plays one seat; :mod:`tonk.bots` play the others
(``opponents=``, by default :class:`~tonk.bots.RandomBot`), each from its own
:func:`tonk.observe` observation (a plain :class:`~tonk.bots.RandomBot` reads
only the legal actions, so it is asked without one: the same draws, less
work). An observation is the float32
:func:`~tonk.encoding.observation_vector` of the learner's seat, in a
:class:`~gymnasium.spaces.Box` bounded by
:func:`~tonk.encoding.observation_bounds`; an action is an index of the
:mod:`tonk.encoding` layout, in ``Discrete(action_space_size)``. The legal
actions come the way masked-action trainers expect them: the method
:meth:`TonkEnv.action_masks` (a boolean array, as sb3-contrib's
``MaskablePPO`` calls it) and ``info["action_mask"]`` (int8), with the
ascending indices in ``info["legal_indices"]``.

The reward is 0 until the hand ends, then the learner's payoff in base
stakes. A hand ended by the turn limit (B15) is *truncated*, any other ending
*terminated*. An episode starts at the learner's first decision: a hand that
ends before it (a deal tonk, B5, or an opponent's early drop) is dealt again.

An illegal action (the mask says which are legal) ends the episode, by
default: ``illegal_action="penalty"`` terminates it with reward
``illegal_reward`` (-1 by default) and ``info["illegal_action"] = True``,
leaving the hand as it was; ``illegal_action="raise"`` raises
:class:`~tonk.IllegalActionError` and changes nothing. An action is an int
or a numpy integer: anything else raises :class:`TypeError`, and an index
outside the space :class:`~tonk.EncodingError`, whatever ``illegal_action``
says; either changes nothing.

Examples:
    >>> import gymnasium, tonk.envs.gymnasium
    >>> env = gymnasium.make("tonk/Tonk-v0", rules="pagat", players=2, seat=0)
    >>> observation, info = env.reset(seed=3)
    >>> observation.shape, info["legal_indices"]
    ((1401,), (0, 1, 2))
    >>> observation, reward, terminated, truncated, info = env.step(1)
    >>> terminated, len(info["legal_indices"]) > 0
    (False, True)
"""

from __future__ import annotations

try:
    import gymnasium
    import numpy as np
except ImportError as _missing:  # pragma: no cover - only without the extra
    raise ImportError(
        "tonk.envs.gymnasium needs Gymnasium: install the tonk[gymnasium] extra"
        " (pip install 'tonk[gymnasium]')"
    ) from _missing

import random
from collections.abc import Sequence
from typing import Any

import numpy.typing as npt

from tonk import encoding
from tonk.actions import Action
from tonk.bots import Bot, RandomBot
from tonk.engine import apply, legal_actions, new_game
from tonk.envs._common import (
    Bytes,
    Encoder,
    Floats,
    action_index,
    live_hand,
    mask_array,
    remembered_action,
    render_table,
    resolved_rules,
)
from tonk.errors import IllegalActionError, IllegalReason, RulesError
from tonk.observation import observe
from tonk.rules import Rules
from tonk.state import GameState, OutcomeKind

__all__ = ["ENV_ID", "TonkEnv"]

ENV_ID = "tonk/Tonk-v0"
"""The id the environment is registered under."""

_ILLEGAL_ACTIONS = ("penalty", "raise")


class TonkEnv(gymnasium.Env[Floats, np.int64]):
    """One seat of a hand of Tonk against bots, as a Gymnasium environment.

    Args:
        rules: The rules, or a preset name (:func:`tonk.presets.get`).
        players: The table size.
        seat: The learner's seat; ``None`` draws it anew for each episode.
        opponents: The bots of the other seats: one bot for all of them, or
            one per seat in order of the seats left of the learner's; by
            default :class:`~tonk.bots.RandomBot`.
        render_mode: ``None``, ``"ansi"`` or ``"human"``: the table as text.
        illegal_action: ``"penalty"`` (end the episode with
            ``illegal_reward``) or ``"raise"``.
        illegal_reward: The reward of an illegal action under ``"penalty"``.

    Raises:
        RulesError: For an unknown preset, a table or seat the rules do not
            allow, or opponents that do not fit the table.

    .. versionadded:: 0.2.0

    Examples:
        >>> import tonk
        >>> from tonk.envs.gymnasium import TonkEnv
        >>> env = TonkEnv(rules="chicago", players=3, opponents=tonk.bots.GreedyBot())
        >>> observation, info = env.reset(seed=1)
        >>> int(env.action_masks().sum()) == len(info["legal_indices"])
        True
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012 - typed by gymnasium.Env

    def __init__(
        self,
        *,
        rules: Rules | str = "pagat",
        players: int = 2,
        seat: int | None = None,
        opponents: Bot | Sequence[Bot] | None = None,
        render_mode: str | None = None,
        illegal_action: str = "penalty",
        illegal_reward: float = -1.0,
    ) -> None:
        """Build the environment; :meth:`reset` deals the first hand."""
        self.rules: Rules = resolved_rules(rules)
        self.players = players
        size = encoding.action_space_size(self.rules, players)
        if seat is not None and (seat.__class__ is not int or not 0 <= seat < players):
            raise RulesError(f"seat must be None or 0..{players - 1}, got {seat!r}")
        self.seat = seat
        self.opponents: tuple[Bot, ...] = _opponents(opponents, players)
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(
                f"render_mode must be None, 'ansi' or 'human', got {render_mode!r}"
            )
        self.render_mode = render_mode
        if illegal_action not in _ILLEGAL_ACTIONS:
            raise ValueError(
                f"illegal_action must be 'penalty' or 'raise', got {illegal_action!r}"
            )
        self.illegal_action = illegal_action
        self.illegal_reward: float = float(illegal_reward)
        low, high = encoding.observation_bounds(self.rules, players)
        self._observation_size = len(low)
        self._encoder = Encoder(self.rules, players)
        self.observation_space: gymnasium.spaces.Box[np.float32] = gymnasium.spaces.Box(
            np.array(low, dtype=np.float32),
            np.array(high, dtype=np.float32),
            dtype=np.float32,
        )
        self.action_space: gymnasium.spaces.Discrete[np.int64] = (
            gymnasium.spaces.Discrete(size)
        )
        self._size = size
        self.hand: GameState | None = None
        """The hand in play."""
        self._learner = 0
        self._done = False
        self._legal: tuple[int, ...] = ()
        self._played: dict[int, Action] = {}
        self._bots_rng = random.Random()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Floats, dict[str, Any]]:
        """Deal a hand and play the bots up to the learner's first decision.

        Args:
            seed: Seeds this and the following episodes (deals, seats and the
                bots' choices).
            options: Unused.

        Raises:
            TonkError: If 1,000 hands in a row end before the learner's first
                decision.
        """
        super().reset(seed=seed)
        draw = self.np_random.integers
        self._bots_rng = random.Random(int(draw(2**63)))

        def deal() -> GameState:
            self._learner = int(draw(self.players)) if self.seat is None else self.seat
            hand = new_game(
                self.rules,
                players=self.players,
                seed=int(draw(2**63)),
                dealer=int(draw(self.players)),
            )
            return self._bots_play(hand)

        hand = self.hand = live_hand(deal)
        self._done = False
        self._legal = self._encoder.legal(hand)
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Floats, float, bool, bool, dict[str, Any]]:
        """Play ``action`` (an index) for the learner, then the bots' turns.

        Raises:
            TypeError: If ``action`` is not an int or a numpy integer.
            EncodingError: If the index is outside the action space.
            IllegalActionError: Under ``illegal_action="raise"``, if the action
                is not legal now.
        """
        hand = self.hand
        if hand is None or self._done:
            raise IllegalActionError(
                "the episode is over: call reset() first",
                action=action,
                reason=IllegalReason.HAND_OVER,
            )
        index = action_index(action, self._size)
        if index not in self._legal and self.illegal_action == "penalty":
            self._done = True
            self._legal = ()
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), self.illegal_reward, True, False, info
        action = self._played.get(index)  # remembered_action's memo, read first
        if action is None:
            action = remembered_action(
                self._played, index, self.rules, self.players, hand
            )
        hand = apply(hand, action)
        hand = self._bots_play(hand)
        self.hand = hand
        outcome = hand.outcome
        self._done = outcome is not None
        self._legal = () if outcome is not None else self._encoder.legal(hand)
        if self.render_mode == "human":
            self.render()
        if outcome is None:
            return self._observation(), 0.0, False, False, self._info()
        truncated = outcome.kind is OutcomeKind.TURN_LIMIT
        reward = float(outcome.payoffs[self._learner])
        return self._observation(), reward, not truncated, truncated, self._info()

    def _bots_play(self, hand: GameState) -> GameState:
        """Play the other seats' actions until the learner is to move."""
        learner, rng = self._learner, self._bots_rng
        while hand.outcome is None and hand.to_move != learner:
            seat = hand.to_move
            bot = self.opponents[(seat - learner - 1) % self.players]
            if bot.__class__ is RandomBot:  # it reads the legal actions alone
                legal = legal_actions(hand)
                action = legal[rng.randrange(len(legal))]  # RandomBot.choose's draw
            else:
                seen = observe(hand, seat)
                action = bot.choose(seen, seen.legal_actions, rng)
            hand = apply(hand, action)
        return hand

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Return which actions are legal now, as booleans (all false at the end).

        Examples:
            >>> env = TonkEnv(rules="pagat", players=2)
            >>> _ = env.reset(seed=1)
            >>> env.action_masks().nonzero()[0].tolist()
            [0, 1, 2]
        """
        return self._mask().astype(np.bool_)

    def _mask(self) -> Bytes:
        return mask_array(self._legal, self._size)

    def _info(self) -> dict[str, Any]:
        return {
            "action_mask": self._mask(),
            "legal_indices": self._legal,
            "seat": self._learner,
        }

    def _observation(self) -> Floats:
        assert self.hand is not None
        return self._encoder.vector(self.hand, self._learner, self._observation_size)

    def render(self) -> str | None:
        """Draw the public table as text: returned (``ansi``) or printed (``human``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        names = [
            "learner" if seat == self._learner else f"bot {seat}"
            for seat in range(self.players)
        ]
        text = "no hand" if self.hand is None else render_table(self.hand, names)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None


def _opponents(opponents: Bot | Sequence[Bot] | None, players: int) -> tuple[Bot, ...]:
    if opponents is None:
        return (RandomBot(),) * (players - 1)
    if isinstance(opponents, Bot):
        return (opponents,) * (players - 1)
    bots = tuple(opponents)
    if len(bots) != players - 1 or not all(isinstance(bot, Bot) for bot in bots):
        raise RulesError(
            f"opponents must be one bot or {players - 1} bots (one per other seat),"
            f" got {opponents!r}"
        )
    return bots


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="tonk.envs.gymnasium:TonkEnv")
