"""A PettingZoo AEC environment: one agent per seat, a hand (or a session) an episode.

Install with ``pip install 'tonk[pettingzoo]'``. The agents are ``player_0``,
``player_1``... (seat 0, 1...). Each observation is a dict: ``"observation"``,
the float32 :func:`~tonk.encoding.observation_vector` of what the seat may
know, in a :class:`~gymnasium.spaces.Box` whose bounds are
:func:`~tonk.encoding.observation_bounds`; and ``"action_mask"``, an int8
array with 1 at the indices the agent may play now (all zeros for an agent
not to move). An action is an index of the :mod:`tonk.encoding` layout, in
``Discrete(action_space_size)``. The agent to move also finds its legal
indices, ascending, in ``infos[agent]["legal_indices"]``: with
``env.last(observe=False)`` a random or search agent gets them without the
cost of an observation.

Turns: ``agent_selection`` is always the engine's ``to_move``. In a slap-in
window (V26) the engine asks the seats that may slap one at a time, in the
rule's order, so each of them becomes ``agent_selection`` in turn and may slap
or pass; an eating window (X5) asks the seats after the one due to eat or pass
in the same way; several seats may thus act out of the normal turn order, one after
another, as the AEC model wants.

Rewards: 0 until the hand ends; then each agent gets its payoff (in base
stakes, as a float). A hand ended by the turn limit (B15, an outcome of kind
``turn_limit``) is a *truncation*; any other ending a *termination*.

An illegal action raises :class:`~tonk.IllegalActionError` (or
:class:`~tonk.EncodingError` for an index outside the layout) and changes
nothing.

Examples:
    >>> from tonk.envs import pettingzoo as tonk_pz
    >>> env = tonk_pz.env(rules="pagat", players=3)
    >>> env.reset(seed=1)
    >>> env.agent_selection, int(env.action_space("player_0").n)
    ('player_2', 1158)
    >>> observation, reward, terminated, truncated, info = env.last()
    >>> observation["observation"].shape, info["legal_indices"]
    ((1499,), (0, 1, 2))
    >>> env.step(1)  # draw from the stock
    >>> env.agent_selection
    'player_2'
"""

from __future__ import annotations

try:
    import gymnasium
    import numpy as np
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as error:  # pragma: no cover - only without the extra
    raise ImportError(
        "tonk.envs.pettingzoo needs PettingZoo: install the tonk[pettingzoo] extra"
        " (pip install 'tonk[pettingzoo]')"
    ) from error

import random
from typing import Any, ClassVar

from tonk import encoding
from tonk.actions import Action
from tonk.engine import apply, new_game
from tonk.envs._common import (
    Bytes,
    Floats,
    live_hand,
    mask_array,
    observation_array,
    render_table,
    resolved_rules,
)
from tonk.errors import EncodingError, SessionError
from tonk.observation import observe
from tonk.rules import Rules, Scoring
from tonk.session import (
    CallBigOne,
    CallSuit,
    Deal,
    Session,
    SessionAction,
    SessionPhase,
    SideBets,
    apply_session,
    new_session,
    session_actions,
)
from tonk.state import GameState, OutcomeKind

__all__ = ["SESSION_ACTIONS", "env", "raw_env"]

SESSION_ACTIONS: tuple[SessionAction, ...] = (
    Deal(),
    CallBigOne(),
    *(CallSuit(suit) for suit in "CDHS"),
    SideBets(),
    SideBets(suit=True),
    SideBets(naturals=True),
    SideBets(suit=True, naturals=True),
)
"""The session actions, numbered after the hand's layout in a session
environment: index ``action_space_size(rules, players) + i`` is
``SESSION_ACTIONS[i]``."""

_SESSION_PHASES = tuple(SessionPhase)
_SUITS = "CDHS"


def env(**kwargs: Any) -> Any:
    """Return the environment, wrapped to enforce the AEC call order.

    Takes the arguments of :class:`raw_env`.

    Examples:
        >>> int(env(rules="chicago", players=2).action_space("player_1").n)
        46549
    """
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))


class raw_env(AECEnv):  # noqa: N801 - PettingZoo's name
    """Tonk as a PettingZoo AEC environment (unwrapped: see :func:`env`).

    Args:
        rules: The rules, or a preset name (:func:`tonk.presets.get`).
        players: The table size.
        render_mode: ``None``, ``"ansi"`` (:meth:`render` returns the table as
            text) or ``"human"`` (it prints it).
        session: Make an episode a whole session (:func:`tonk.new_session`)
            rather than one hand: hand after hand, each agent rewarded with
            its net result (:attr:`tonk.HandResult.net`) when a hand is
            settled. The dealer's session actions (:data:`SESSION_ACTIONS`:
            deal, call the Big One or a suit) and the side bets are actions
            too, numbered after the hand's layout. The observation is the
            current (or last) hand's vector followed by a session block.
        max_hands: In a session, truncate the episode once this many hands
            have been settled. Needed when the rules never end a session (no
            ``match_target``, ``match_deals`` or ``big_one_deals``).

    Raises:
        RulesError: For an unknown preset or a table the rules do not allow.
        SessionError: For a session that would never end, or that eliminates
            players (``elimination_at``, X3): the agents keep their seats.

    .. versionadded:: 0.2.0

    Examples:
        >>> from tonk.envs.pettingzoo import raw_env
        >>> game = raw_env(rules="sheet", players=2, session=True)
        >>> game.reset(seed=3)
        >>> game.agent_selection, game.infos[game.agent_selection]["legal_indices"]
        ('player_0', (1158,))
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "tonk_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        *,
        rules: Rules | str = "pagat",
        players: int = 2,
        render_mode: str | None = None,
        session: bool = False,
        max_hands: int | None = None,
    ) -> None:
        """Build the environment; :meth:`reset` deals the first hand."""
        super().__init__()
        self.rules = resolved_rules(rules)
        self.players = players
        self.hand_actions = encoding.action_space_size(self.rules, players)
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(
                f"render_mode must be None, ansi or human: {render_mode!r}"
            )
        self.render_mode = render_mode
        self.session_mode = session
        self.max_hands = max_hands
        if session:
            _check_session_end(self.rules, max_hands)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        size = self.hand_actions + (len(SESSION_ACTIONS) if session else 0)
        low, high = _bounds(self.rules, players, session, max_hands)
        self._observation_size = len(low)
        space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    np.array(low, dtype=np.float32),
                    np.array(high, dtype=np.float32),
                    dtype=np.float32,
                ),
                "action_mask": gymnasium.spaces.Box(0, 1, (size,), dtype=np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(size) for agent in self.possible_agents
        }
        self._rng = random.Random()
        self.hand: GameState | None = None
        """The hand in play (the last one between the hands of a session)."""
        self.session: Session | None = None
        """The session in play, in a session environment."""
        self._legal: tuple[int, ...] = ()
        self._over = self._rewarded = False
        self._seen: dict[str, Floats] = {}

    def observation_space(self, agent: str) -> Any:
        """Return the observation space of ``agent`` (the same for every seat)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """Return the action space of ``agent``: ``Discrete(layout size)``."""
        return self.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> None:
        """Deal a new hand (or start a new session).

        Args:
            seed: Seeds the deals of this and the following resets: the same
                seed gives the same episodes. ``None`` goes on with the
                environment's random source.
            options: Unused.

        A hand that ends at the deal (a deal tonk, B5) asks nobody for a
        decision, so outside a session it is dealt again.

        Raises:
            TonkError: If 1,000 deals in a row end at once.
        """
        if seed is not None:
            self._rng = random.Random(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self._over = self._rewarded = False
        seed = self._rng.randrange(2**63)
        if self.session_mode:
            self.session = new_session(self.rules, players=self.players, seed=seed)
            self.hand = None
        else:
            self.hand = live_hand(self._deal)
        self._moved()

    def _deal(self) -> GameState:
        return new_game(
            self.rules,
            players=self.players,
            seed=self._rng.randrange(2**63),
            dealer=self._rng.randrange(self.players),
        )

    def step(self, action: Any) -> None:
        """Play ``action`` (an index) for ``agent_selection``.

        Raises:
            IllegalActionError: If the action is not legal now.
            EncodingError: If the index is outside the action space.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        index = int(action)
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:  # rewards are 0 but after a hand's end: skip the loops
            self._clear_rewards()
            self._rewarded = False
        if self.session is None:
            assert self.hand is not None
            self.hand = apply(self.hand, self._action(index))
            if self.hand.outcome is not None:
                self._hand_over(self.hand)
        else:
            self._session_step(self.session, index)
        self._moved()
        if self._rewarded:
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _action(self, index: int) -> Action:
        return encoding.index_to_action(index, self.rules, self.players)

    def _hand_over(self, state: GameState) -> None:
        outcome = state.outcome
        assert outcome is not None
        truncated = outcome.kind is OutcomeKind.TURN_LIMIT
        self._over = self._rewarded = True
        for seat, agent in enumerate(self.agents):
            self.rewards[agent] = float(outcome.payoffs[seat])
            self.truncations[agent] = truncated
            self.terminations[agent] = not truncated

    def _session_step(self, session: Session, index: int) -> None:
        played = index - self.hand_actions
        if not 0 <= index < self._size:
            raise EncodingError(
                f"action index must be 0..{self._size - 1} in this session, got {index}"
            )
        last = session.last
        session = apply_session(
            session, SESSION_ACTIONS[played] if played >= 0 else self._action(index)
        )
        self.session = session
        self.hand = session.hand
        if session.last is not last:
            assert session.last is not None
            self._rewarded = True
            for seat, agent in enumerate(self.agents):
                self.rewards[agent] = float(session.last.net[seat])
        over = session.is_over
        cut = (
            not over
            and self.max_hands is not None
            and session.phase is not SessionPhase.PLAYING
            and session.number >= self.max_hands
        )
        self._over = over or cut
        for agent in self.agents:
            self.terminations[agent] = over
            self.truncations[agent] = cut

    def _moved(self) -> None:
        """Select the agent to move and work out its legal indices."""
        self._seen = {}
        self.infos[self.agent_selection] = {}
        over = self._over
        if self.session is not None:
            mover = self.session.to_move
            legal = () if over else self._session_legal(self.session)
        else:
            assert self.hand is not None
            mover = self.hand.to_move
            legal = () if over else encoding.legal_indices(self.hand)
        self._legal = legal
        self.agent_selection = self.possible_agents[mover or 0]
        if legal:
            self.infos[self.agent_selection] = {"legal_indices": legal}

    def _session_legal(self, session: Session) -> tuple[int, ...]:
        if session.phase is SessionPhase.PLAYING:
            assert session.hand is not None
            return encoding.legal_indices(session.hand)
        offered = session_actions(session)
        return tuple(
            self.hand_actions + i
            for i, action in enumerate(SESSION_ACTIONS)
            if action in offered
        )

    @property
    def _size(self) -> int:
        return self.hand_actions + (len(SESSION_ACTIONS) if self.session_mode else 0)

    def observe(self, agent: str) -> dict[str, Any]:
        """Return what ``agent`` may know: its vector and its action mask.

        The vector is worked out once per state and agent; every call returns
        new arrays.
        """
        vector = self._seen.get(agent)
        if vector is None:
            vector = self._seen[agent] = self._vector(self.possible_agents.index(agent))
        legal = self._legal if agent == self.agent_selection else ()
        mask: Bytes = mask_array(legal, self._size)
        return {"observation": vector.copy(), "action_mask": mask}

    def _vector(self, seat: int) -> Floats:
        size = self._observation_size
        if self.session is None:
            assert self.hand is not None
            return observation_array(observe(self.hand, seat), size)
        hand = self.hand
        vector = (
            np.zeros(size, dtype=np.float32)
            if hand is None
            else observation_array(observe(hand, seat), size)
        )
        block = _session_block(self.session, seat, self.max_hands)
        vector[size - len(block) :] = block
        return vector

    def render(self) -> str | None:
        """Draw the public table as text: returned (``ansi``) or printed (``human``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        hand = self.hand
        text = (
            "no hand dealt yet"
            if hand is None
            else render_table(hand, self.possible_agents)
        )
        if self.session is not None:
            text = f"{_session_line(self.session)}\n{text}"
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Release nothing: the environment holds no outside resources."""


def _check_session_end(rules: Rules, max_hands: int | None) -> None:
    if rules.elimination_at is not None:
        raise SessionError(
            "elimination_at (X3) takes players off the table, and this"
            " environment's agents keep their seats and spaces for the whole"
            " session: play such sessions with tonk.new_session"
        )
    if max_hands is not None:
        if max_hands.__class__ is not int or max_hands < 1:
            raise SessionError(f"max_hands must be a positive int, got {max_hands!r}")
        return
    if (
        rules.match_target is None
        and rules.match_deals is None
        and not rules.big_one_deals
    ):
        raise SessionError(
            "a session under these rules never ends (no match_target, match_deals"
            " or big_one_deals): give max_hands"
        )


# --- the session block of the observation --------------------------------------------
#
# After the hand's vector: the session phase (one-hot), whether the Big One was
# called and the deals it has left (V43), the deals left before the session's
# end when known (match_deals, V44, or max_hands) with a flag saying so, the
# called suit (one-hot, V45a), and for each seat counted from the observer the
# sign of its score minus the observer's (who leads).


def _session_size(players: int) -> int:
    return len(_SESSION_PHASES) + 2 + 2 + len(_SUITS) + players


def _deals_limit(rules: Rules, max_hands: int | None) -> int | None:
    limits = [n for n in (rules.match_deals, max_hands) if n is not None]
    return min(limits) if limits else None


def _bounds(
    rules: Rules, players: int, session: bool, max_hands: int | None
) -> tuple[list[float], list[float]]:
    low, high = map(list, encoding.observation_bounds(rules, players))
    if session:
        limit = _deals_limit(rules, max_hands)
        block_high = (
            [1.0] * len(_SESSION_PHASES)
            + [1.0, float(max(1, rules.big_one_deals))]
            + [1.0, float(limit or 1)]
            + [1.0] * len(_SUITS)
            + [1.0] * players
        )
        low += [0.0] * (_session_size(players) - players) + [-1.0] * players
        high += block_high
    return low, high


def _session_block(session: Session, seat: int, max_hands: int | None) -> list[float]:
    """Return the session block of ``seat``'s observation (see above)."""
    players = len(session.players)
    phase = [0.0] * len(_SESSION_PHASES)
    phase[_SESSION_PHASES.index(session.phase)] = 1.0
    limit = _deals_limit(session.rules, max_hands)
    suits = [0.0] * len(_SUITS)
    if session.called_suit is not None:
        suits[_SUITS.index(session.called_suit.value)] = 1.0
    scores = [score for _, score in _scores(session)]
    mine = scores[seat]
    around = [scores[(seat + offset) % players] for offset in range(players)]
    return [
        *phase,
        float(session.big_one_left is not None),
        float(session.big_one_left or 0),
        float(limit is not None),
        float(0 if limit is None else max(0, limit - session.number)),
        *suits,
        *(float((score > mine) - (score < mine)) for score in around),
    ]


def _scores(session: Session) -> list[tuple[str, Any]]:
    push_ups = session.rules.scoring is Scoring.PUSH_UPS
    entries = dict(session.push_up_totals if push_ups else session.ledger)
    return [(name, entries[name]) for name in session.players]


def _session_line(session: Session) -> str:
    scores = ", ".join(f"{name} {score}" for name, score in _scores(session))
    return f"session: hand {session.number}, {session.phase.value}; scores {scores}"
