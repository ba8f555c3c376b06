"""A Gymnasium vector environment: many hands stepped together, in self-play.

Install with ``pip install 'tonk[gymnasium]'``. :class:`TonkVectorEnv` plays
``num_envs`` hands side by side and is a :class:`gymnasium.vector.VectorEnv`:
:meth:`~TonkVectorEnv.step` takes one action index per hand and returns the
batch at once, as numpy arrays, ready for a vectorised trainer.

Every seat of every hand is played by the caller (self-play): each step plays
the action of the seat to move in each hand, and the next observation of a
hand is what its next seat to move sees. ``info["seat"]`` says which seat that
is. An observation is the float32 :func:`~tonk.encoding.observation_vector`
of that seat (written straight into the batch, without building an
:class:`~tonk.observation.Observation`), in a :class:`~gymnasium.spaces.Box`
bounded by :func:`~tonk.encoding.observation_bounds`; an action is an index of
the :mod:`tonk.encoding` layout.

Legal actions come two ways: ``info["action_mask"]``, an int8 array of shape
``(num_envs, action_space_size)`` (also :meth:`~TonkVectorEnv.action_masks`,
as booleans), and ``info["legal_indices"]``, a tuple holding each hand's
legal indices, ascending: the sparse form. Under ``chicago`` the action space
has 46,549 indices and a turn rarely more than a few dozen legal actions, so
``masks=False`` leaves the dense mask out and a trainer samples from the
indices.

Rewards: 0 until a hand ends; then ``reward[i]`` is the payoff of the seat
that played the last action, and ``info["payoffs"]`` (shape ``(num_envs,
players)``, by seat) every seat's payoff in the hands that ended, zeros
elsewhere (the other seats' results, which self-play needs). A hand ended by
the turn limit (B15) is *truncated*, any other ending *terminated*.

Auto-reset: ``metadata["autoreset_mode"]`` is
``gymnasium.vector.AutoresetMode.SAME_STEP``. A hand that ends is dealt
again in the same step: the observation returned is the new hand's first
decision, and ``info["final_obs"]`` (with the mask ``info["_final_obs"]``)
holds the ended hand as its last mover saw it. Hands that end at the deal (a
deal tonk, B5) ask nobody anything and are dealt again.

An illegal action ends its hand at once, by default:
``illegal_action="penalty"`` terminates it with reward ``illegal_reward``
and ``info["illegal_action"][i] = True``; ``illegal_action="raise"`` raises
:class:`~tonk.IllegalActionError` before any hand is changed. An index
outside the action space raises :class:`~tonk.EncodingError`, and anything
but an int index :class:`TypeError`, under either setting.

Examples:
    >>> import numpy as np
    >>> from tonk.envs.vector import TonkVectorEnv
    >>> envs = TonkVectorEnv(4, rules="pagat", players=2)
    >>> observations, info = envs.reset(seed=1)
    >>> observations.shape, info["action_mask"].shape, info["seat"].tolist()
    ((4, 1401), (4, 1158), [0, 1, 1, 1])
    >>> rng = np.random.default_rng(1)
    >>> actions = [rng.choice(legal) for legal in info["legal_indices"]]
    >>> observations, rewards, terminated, truncated, info = envs.step(actions)
    >>> rewards.dtype, terminated.shape
    (dtype('float32'), (4,))
"""

from __future__ import annotations

try:
    import gymnasium
    import numpy as np
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ImportError as _missing:  # pragma: no cover - only without the extra
    raise ImportError(
        "tonk.envs.vector needs Gymnasium: install the tonk[gymnasium] extra"
        " (pip install 'tonk[gymnasium]')"
    ) from _missing

import itertools
from collections.abc import Callable, Sequence
from typing import Any

import numpy.typing as npt

from tonk import encoding
from tonk._compiled import compiled
from tonk._deal import dealt
from tonk._validate import brief, is_int
from tonk.actions import Action
from tonk.cards import Card
from tonk.encoding import _sorted_indices, _Vector, _write
from tonk.engine import apply, check, legal_actions
from tonk.envs._common import (
    Encoder,
    Floats,
    live_hand,
    remembered_action,
    resolved_rules,
)
from tonk.errors import EncodingError
from tonk.rules import Rules
from tonk.state import GameState, OutcomeKind

__all__ = ["TonkVectorEnv"]

Actions = npt.NDArray[np.int64]
_ILLEGAL_ACTIONS = ("penalty", "raise")


class TonkVectorEnv(VectorEnv[Floats, Actions, npt.NDArray[Any]]):
    """Many hands of Tonk stepped together, every seat played by the caller.

    Args:
        num_envs: How many hands are played side by side.
        rules: The rules, or a preset name (:func:`tonk.presets.get`).
        players: The table size.
        masks: Put the dense ``info["action_mask"]`` in every result (leave
            it out, under rules with a huge action space, and use
            ``info["legal_indices"]``).
        illegal_action: ``"penalty"`` (end the hand with ``illegal_reward``)
            or ``"raise"``.
        illegal_reward: The reward of an illegal action under ``"penalty"``.

    Raises:
        RulesError: For an unknown preset or a table the rules do not allow.
        ValueError: For ``num_envs`` below 1 or an unknown ``illegal_action``.

    .. versionadded:: 0.2.0

    Examples:
        >>> envs = TonkVectorEnv(2, rules="chicago", players=3, masks=False)
        >>> envs.single_action_space, envs.action_space
        (Discrete(46549), MultiDiscrete([46549 46549]))
        >>> _, info = envs.reset(seed=5)
        >>> "action_mask" in info, info["legal_indices"]
        (False, ((0, 1), (0, 1)))
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012 - typed by VectorEnv

    def __init__(
        self,
        num_envs: int,
        *,
        rules: Rules | str = "pagat",
        players: int = 2,
        masks: bool = True,
        illegal_action: str = "penalty",
        illegal_reward: float = -1.0,
    ) -> None:
        """Build the hands; :meth:`reset` deals them."""
        if not is_int(num_envs):
            raise TypeError(f"num_envs must be an int, got {brief(num_envs)}")
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, got {num_envs}")
        if illegal_action not in _ILLEGAL_ACTIONS:
            raise ValueError(
                f"illegal_action must be 'penalty' or 'raise', got {illegal_action!r}"
            )
        self.rules: Rules = resolved_rules(rules)
        self.players = players
        self.num_envs = num_envs
        self.masks: bool = bool(masks)
        self.illegal_action = illegal_action
        self.illegal_reward: float = float(illegal_reward)
        self._actions = encoding.action_space_size(self.rules, players)
        self._encoder = Encoder(self.rules, players)
        low, high = encoding.observation_bounds(self.rules, players)
        self._size = len(low)
        self.single_observation_space: gymnasium.spaces.Box[np.float32] = (
            gymnasium.spaces.Box(
                np.array(low, dtype=np.float32),
                np.array(high, dtype=np.float32),
                dtype=np.float32,
            )
        )
        self.single_action_space: gymnasium.spaces.Discrete[np.int64] = (
            gymnasium.spaces.Discrete(self._actions)
        )
        self.observation_space: gymnasium.Space[Any] = batch_space(
            self.single_observation_space, num_envs
        )
        self.action_space: gymnasium.Space[Any] = batch_space(
            self.single_action_space, num_envs
        )
        self.hands: list[GameState] = []
        """The hand each sub-environment is playing (empty before :meth:`reset`)."""
        self._legal: list[tuple[int, ...]] = []
        self._played: dict[int, Action] = {}
        self._rows = np.arange(num_envs)
        self._table = compiled(self.rules)
        self._pack = np.array(self.rules.pack(players=players), dtype=object)
        self._orders: list[tuple[list[Card], int]] = []

    def reset(
        self,
        *,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Floats, dict[str, Any]]:
        """Deal a new hand in every sub-environment.

        Args:
            seed: Seeds ``np_random``, which shuffles and picks the dealer
                of this and the following hands: the same seed gives the same
                hands. ``None`` goes on with the environment's random source.
            options: Unused.

        Raises:
            TonkError: If 1,000 deals in a row end at once.
        """
        super().reset(seed=seed)
        if seed is not None:
            self._orders = []  # shuffled by the generator seeded before
        self.hands = [live_hand(self._deal) for _ in range(self.num_envs)]
        self._legal = [self._encoder.legal(hand) for hand in self.hands]
        observations = np.zeros((self.num_envs, self._size), dtype=np.float32)
        rows = _rows(observations)
        for i, hand in enumerate(self.hands):
            _write(rows(i), self._encoder.observations, hand, hand.to_move)
        return observations, self._info()

    def _deal(self) -> GameState:
        """Deal a hand (B4): the pack in an order ``np_random`` shuffled.

        The orders are shuffled ``num_envs`` at a time (at least 16), each
        row of a batch by numpy's Fisher-Yates shuffle, so every order is
        equally likely, and each with a dealer drawn uniformly.
        """
        if not self._orders:
            generator = self.np_random
            count = max(self.num_envs, 16)
            decks = generator.permuted(
                np.broadcast_to(self._pack, (count, len(self._pack))), axis=1
            ).tolist()
            dealers = generator.integers(self.players, size=count).tolist()
            self._orders = list(zip(decks, dealers, strict=True))
        deck, dealer = self._orders.pop()
        return dealt(self._table, deck, players=self.players, dealer=dealer)

    def step(
        self, actions: Sequence[int] | Actions
    ) -> tuple[
        Floats,
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Play one action index in each hand, for its seat to move.

        Raises:
            IllegalActionError: Under ``illegal_action="raise"``, if an action
                is not legal now (no hand is changed).
            EncodingError: If an index is outside the action space.
            TypeError: If an action is not an int index.
            ValueError: If there is not one action per hand.
            gymnasium.error.ResetNeeded: Before the first :meth:`reset`.
        """
        if not self.hands:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        indices = self._checked(actions)
        count = self.num_envs
        observations = np.zeros((count, self._size), dtype=np.float32)
        rows = _rows(observations)
        rewards = np.zeros(count, dtype=np.float32)
        terminated = np.zeros(count, dtype=np.bool_)
        truncated = np.zeros(count, dtype=np.bool_)
        payoffs = np.zeros((count, self.players), dtype=np.float32)
        illegal = np.zeros(count, dtype=np.bool_)
        final: dict[int, Floats] = {}
        hands, legal, played = self.hands, self._legal, self._played
        encoder = self._encoder
        layout, written = encoder.actions, encoder.observations
        for i, index in enumerate(indices):
            hand = hands[i]
            seat = hand.to_move
            if index in legal[i]:
                action = played.get(index)  # remembered_action's memo, read first
                if action is None:
                    action = self._action(index, hand)
                hand = apply(hand, action)
                outcome = hand.outcome
                if outcome is None:  # the usual case: the hand goes on
                    hands[i] = hand
                    legal[i] = _sorted_indices(layout, legal_actions(hand))
                    _write(rows(i), written, hand, hand.to_move)
                    continue
                payoffs[i] = outcome.payoffs
                rewards[i] = payoffs[i, seat]
                truncated[i] = outcome.kind is OutcomeKind.TURN_LIMIT
                terminated[i] = not truncated[i]
            else:
                illegal[i] = terminated[i] = True
                rewards[i] = self.illegal_reward
            final[i] = encoder.vector(hand, seat, self._size)
            hands[i] = hand = live_hand(self._deal)
            legal[i] = _sorted_indices(layout, legal_actions(hand))
            _write(rows(i), written, hand, hand.to_move)
        info = self._info()
        info["payoffs"] = payoffs
        if final:
            info.update(self._finals(final))
            if illegal.any():
                info["illegal_action"] = illegal
        return observations, rewards, terminated, truncated, info

    def _action(self, index: int, hand: GameState) -> Action:
        return remembered_action(self._played, index, self.rules, self.players, hand)

    def _checked(self, actions: Sequence[int] | Actions) -> list[int]:
        """Return the actions as ints; refuse them if not, or under ``"raise"``.

        An index no action has is the caller's error, not an illegal move: it
        raises under either ``illegal_action``, as a non-integer does.
        """
        array = np.asarray(actions)
        indices = array.tolist()
        if not isinstance(indices, list) or len(indices) != self.num_envs:
            raise ValueError(
                f"step takes one action index per hand ({self.num_envs}),"
                f" got {brief(actions)}"
            )
        size = self._actions
        # A one-dimensional array of integers, or a list of ints (a bool's
        # class is bool), holds only ints: one range check. Anything else is
        # checked action by action as the caller gave it: numpy makes ints of
        # the bools of a list ([1, True]) and floats of ints that share no
        # integer type ([1, 2**63]).
        if isinstance(actions, np.ndarray):
            ints = array.ndim == 1 and array.dtype.kind in "iu"
        else:
            ints = all(action.__class__ is int for action in actions)
        if not ints or min(indices) < 0 or max(indices) >= size:
            indices = [_index(action, size) for action in actions]
        if self.illegal_action == "raise":
            for i, index in enumerate(indices):
                if index not in self._legal[i]:  # the engine says why
                    hand = self.hands[i]
                    check(hand, self._action(index, hand))
        return indices

    def _finals(self, final: dict[int, Floats]) -> dict[str, Any]:
        """Return the ``final_obs`` entries of the hands that ended."""
        observations = np.full(self.num_envs, None, dtype=object)
        ended = np.zeros(self.num_envs, dtype=np.bool_)
        for i, observation in final.items():
            observations[i] = observation
            ended[i] = True
        return {"final_obs": observations, "_final_obs": ended}

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {
            "seat": np.fromiter(
                [hand.to_move for hand in self.hands], np.int64, self.num_envs
            ),
            "legal_indices": tuple(self._legal),
        }
        if self.masks:
            info["action_mask"] = self._mask()
        return info

    def _mask(self) -> npt.NDArray[np.int8]:
        legal = self._legal
        mask = np.zeros((self.num_envs, self._actions), dtype=np.int8)
        rows = np.repeat(self._rows, [len(indices) for indices in legal])
        mask[rows, np.fromiter(itertools.chain.from_iterable(legal), np.int64)] = 1
        return mask

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Return which actions are legal now in each hand, as booleans.

        Examples:
            >>> envs = TonkVectorEnv(2)
            >>> _ = envs.reset(seed=1)
            >>> envs.action_masks().sum(axis=1).tolist()
            [3, 3]
        """
        return self._mask().astype(np.bool_)


def _index(action: object, size: int) -> int:
    """Return ``action``, an int or a numpy integer (not a bool), as an index."""
    if isinstance(action, bool) or not isinstance(action, int | np.integer):
        raise TypeError(f"an action must be an int index, got {brief(action)}")
    index = int(action)
    if not 0 <= index < size:
        raise EncodingError(
            f"action index must be 0..{size - 1} under these rules, got {index}"
        )
    return index


def _rows(batch: Floats) -> Callable[[int], _Vector]:
    """Return a function giving a view of each row of ``batch``, a 2-d float32 array.

    One flat view of the whole batch is sliced: cheaper than a numpy row
    and a view of it, row by row. The rows hold zeros, as
    :func:`~tonk.encoding._write` needs.
    """
    flat: Any = memoryview(batch).cast("B").cast("f")  # type: ignore[arg-type]
    size = batch.shape[1]
    return lambda i: flat[i * size : (i + 1) * size]
