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

Elimination (X3, ``elimination_at``, in a session): an agent whose total
reaches the limit is terminated when the hand that took it there is settled,
with its last reward; stepped with ``None`` it leaves ``agents``. The others
keep their names and spaces: their observations keep every agent at its
first seat, and the seat of an agent that left is empty.

An illegal action raises :class:`~tonk.IllegalActionError` (or
:class:`~tonk.EncodingError` for an index outside the layout; in a session,
:class:`~tonk.SessionError` for a choice between hands during a hand, or a
hand's action between hands) and changes nothing, not even the reward the
agent was last shown; an action that is not an int or a numpy integer
raises :class:`TypeError`.

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
except ImportError as _missing:  # pragma: no cover - only without the extra
    raise ImportError(
        "tonk.envs.pettingzoo needs PettingZoo: install the tonk[pettingzoo] extra"
        " (pip install 'tonk[pettingzoo]')"
    ) from _missing

import random
from typing import Any, ClassVar

import numpy.typing as npt

from tonk import encoding
from tonk._cache import cached
from tonk.actions import Action
from tonk.engine import apply, new_game
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
from tonk.errors import SessionError
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

_Positions = npt.NDArray[np.intp]

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
            settled. Players eliminated by ``elimination_at`` (X3) are
            terminated and leave ``agents``. The dealer's session actions
            (:data:`SESSION_ACTIONS`: deal, call the Big One or a suit) and
            the side bets are actions too, numbered after the hand's layout.
            The observation is the current (or last) hand's vector followed
            by a session block.
        max_hands: In a session, truncate the episode once this many hands
            have been settled. Needed when the rules never end a session (no
            ``match_target``, ``match_deals``, ``big_one_deals`` or
            ``elimination_at``).

    Raises:
        RulesError: For an unknown preset or a table the rules do not allow.
        SessionError: For a session that would never end, or that eliminates
            players (``elimination_at``, X3) under rules whose pack or hand
            size changes as the table shrinks (``two_packs_from``,
            ``hand_size_by_players``): the agents' spaces would change.

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
    # AECEnv's attributes, typed here: PettingZoo ships no type information.
    possible_agents: list[str]
    agents: list[str]
    observation_spaces: dict[str, gymnasium.spaces.Dict]
    action_spaces: dict[str, gymnasium.spaces.Discrete]
    rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    agent_selection: str

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
        self.rules: Rules = resolved_rules(rules)
        self.players = players
        self.hand_actions: int = encoding.action_space_size(self.rules, players)
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(
                f"render_mode must be None, ansi or human: {render_mode!r}"
            )
        self.render_mode = render_mode
        self.session_mode = session
        self.max_hands = max_hands
        if session:
            _check_session_end(self.rules, players, max_hands)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        size = self.hand_actions + (len(SESSION_ACTIONS) if session else 0)
        self._size = size
        low, high = _bounds(self.rules, players, session, max_hands)
        self._observation_size = len(low)
        self._encoder = Encoder(self.rules, players)
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
        self._played: dict[int, Action] = {}
        self._mover = self.possible_agents[0]
        self._over = self._rewarded = False
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}

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
            self.session = new_session(
                self.rules, players=self.possible_agents, seed=seed
            )
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
            TypeError: If ``action`` is not an int or a numpy integer.
            EncodingError: If the index is outside the action space.
            IllegalActionError: If the action is not legal now.
            SessionError: In a session, if the index is a choice between
                hands during a hand, or a hand's action between hands.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        index = action_index(action, self._size)
        # The action is applied first: an illegal one raises and changes
        # nothing, not even the reward the agent was last shown.
        session = self.session
        if session is None:
            assert self.hand is not None
            action = self._played.get(index)  # remembered_action's memo, read first
            if action is None:
                action = self._action(index, self.hand)
            hand = apply(self.hand, action)
            self._step_started(agent)
            self.hand = hand
            if hand.outcome is not None:
                self._hand_over(hand)
        else:
            played = index - self.hand_actions
            after = apply_session(
                session,
                SESSION_ACTIONS[played]
                if played >= 0
                else self._action(index, session.hand),
            )
            self._step_started(agent)
            self._session_step(session, after)
        self._moved()
        if self._rewarded:
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _step_started(self, agent: str) -> None:
        """Clear what the last step paid, once ``agent``'s action is applied."""
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:  # rewards are 0 but after a hand's end: skip the loops
            self._clear_rewards()
            self._rewarded = False

    def _action(self, index: int, state: GameState | None) -> Action:
        return remembered_action(self._played, index, self.rules, self.players, state)

    def _hand_over(self, state: GameState) -> None:
        outcome = state.outcome
        assert outcome is not None
        truncated = outcome.kind is OutcomeKind.TURN_LIMIT
        self._over = self._rewarded = True
        for seat, agent in enumerate(self.agents):
            self.rewards[agent] = float(outcome.payoffs[seat])
            self.truncations[agent] = truncated
            self.terminations[agent] = not truncated

    def _session_step(self, before: Session, session: Session) -> None:
        last = before.last
        self.session = session
        self.hand = session.hand
        if session.last is not last:
            result = session.last
            assert result is not None
            self._rewarded = True
            for agent, net in zip(result.players, result.net, strict=True):
                self.rewards[agent] = float(net)
        over = session.is_over
        cut = (
            not over
            and self.max_hands is not None
            and session.phase is not SessionPhase.PLAYING
            and session.number >= self.max_hands
        )
        self._over = over or cut
        for agent in self.agents:
            seated = agent in session.players  # not eliminated (X3)
            self.terminations[agent] = over or not seated
            self.truncations[agent] = cut and seated

    def _moved(self) -> None:
        """Select the agent to move and work out its legal indices.

        Agents eliminated by the step (X3) are selected first, one after
        another, to be stepped with ``None`` before the agent to move.
        """
        self.infos[self.agent_selection] = {}
        over = self._over
        if self.session is not None:
            seat = self.session.to_move
            legal = () if over else self._session_legal(self.session)
            mover = self.agents[0] if seat is None else self.session.players[seat]
        else:
            assert self.hand is not None
            legal = () if over else self._encoder.legal(self.hand)
            mover = self.possible_agents[self.hand.to_move]
        self._legal = legal
        self._mover = self.agent_selection = mover
        if legal:
            self.infos[mover] = {"legal_indices": legal}
            if self._rewarded and any(self.terminations.values()):
                self._deads_step_first()  # the eliminated step first (X3)

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

    def observe(self, agent: str) -> dict[str, Any]:
        """Return what ``agent`` may know: its vector and its action mask.

        Every call writes new arrays (a caller may keep or change them).
        """
        legal = self._legal if agent == self._mover else ()
        mask: Bytes = mask_array(legal, self._size)
        return {"observation": self._vector(agent), "action_mask": mask}

    def _vector(self, agent: str) -> Floats:
        """Return ``agent``'s observation vector of the state, a new array."""
        seat = self._seats[agent]
        if self.session is None:
            assert self.hand is not None
            return self._encoder.vector(self.hand, seat, self._observation_size)
        vector = self._hand_vector(self.session, agent)
        block = _session_block(self.session, seat, self.max_hands)
        vector[self._observation_size - len(block) :] = block
        return vector

    def _hand_vector(self, session: Session, agent: str) -> Floats:
        """Return ``agent``'s view of the session's hand, in the full table's layout.

        After eliminations (X3) the hand seats fewer players: each keeps the
        place of its first seat, counted from ``agent``'s, and the others'
        places are empty. An agent not at the hand sees zeros.
        """
        size = self._observation_size
        hand = session.hand
        names = _hand_players(session)
        if hand is None or agent not in names:
            return np.zeros(size, dtype=np.float32)
        seat = names.index(agent)
        if len(names) == self.players:  # the session block follows the hand's
            vector = np.zeros(size, dtype=np.float32)
            hand_size = encoding.observation_size(self.rules, self.players)
            encoding.observation_vector(hand, seat=seat, out=vector[:hand_size])
            return vector
        first = self.possible_agents.index
        seats = tuple(
            (first(names[(seat + offset) % len(names)]) - first(agent)) % self.players
            for offset in range(len(names))
        )
        positions, values = encoding.observation_entries(observe(hand, seat))
        vector = np.zeros(size, dtype=np.float32)
        vector[_seat_map(self.rules, self.players, seats)[list(positions)]] = values
        return vector

    def render(self) -> str | None:
        """Draw the public table as text: returned (``ansi``) or printed (``human``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        hand = self.hand
        names = (
            self.possible_agents
            if self.session is None
            else _hand_players(self.session)
        )
        text = "no hand dealt yet" if hand is None else render_table(hand, names)
        if self.session is not None:
            text = f"{_session_line(self.session)}\n{text}"
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Release nothing: the environment holds no outside resources."""


def _check_session_end(rules: Rules, players: int, max_hands: int | None) -> None:
    if rules.elimination_at is not None:
        _check_shrinking_table(rules, players)
    if max_hands is not None:
        if max_hands.__class__ is not int or max_hands < 1:
            raise SessionError(f"max_hands must be a positive int, got {max_hands!r}")
        return
    if (
        rules.match_target is None
        and rules.match_deals is None
        and not rules.big_one_deals
        and rules.elimination_at is None
    ):
        raise SessionError(
            "a session under these rules never ends (no match_target, match_deals,"
            " big_one_deals or elimination_at): give max_hands"
        )


def _check_shrinking_table(rules: Rules, players: int) -> None:
    """Refuse X3 under rules whose layouts change as players leave the table."""
    table = rules.packs_for(players), rules.hand_size_for(players)
    for smaller in range(2, players):
        if (rules.packs_for(smaller), rules.hand_size_for(smaller)) != table:
            raise SessionError(
                f"elimination_at (X3) takes this table of {players} down to"
                f" {smaller}, where these rules change the pack (two_packs_from)"
                " or the hand size (hand_size_by_players): the agents' spaces"
                " would change"
            )


def _hand_players(session: Session) -> tuple[str, ...]:
    """Return the players of the session's hand: the last one's between hands."""
    if session.phase is SessionPhase.PLAYING or session.last is None:
        return session.players
    return session.last.players


def _seat_map_of(rules: Rules, players: int, seats: tuple[int, ...]) -> _Positions:
    """Return where each position of a smaller table's vector goes at ``players``.

    ``seats[i]`` is the place, counted from the observer at the full table,
    of the seat ``i`` places from the observer at the smaller table (X3). The
    layout is :func:`~tonk.encoding.observation_sections`': the per-seat
    blocks move, every other position keeps its place in its section.
    """
    small = len(seats)
    wider = players - small
    full = {name: (start, size) for name, start, size in _sections(rules, players)}
    cards = full["top_discard"][1]
    spread_limit = (  # each spread numbers two blocks of seats
        full["spreads"][1] - dict(_sizes(rules, small))["spreads"]
    ) // (2 * wider)

    def spread(offset: int, width: int) -> int:
        number, offset = divmod(offset, width)
        if offset == 0:  # whether it is on the table
            moved = 0
        elif offset <= small:
            moved = 1 + seats[offset - 1]  # the owner
        elif small + 3 <= offset < 2 * small + 3:
            moved = 3 + players + seats[offset - small - 3]  # the hits
        else:
            moved = offset + (wider if offset <= small + 2 else 2 * wider)
        return number * (width + 2 * wider) + moved

    def moved(name: str, offset: int, size: int) -> int:
        if name in ("to_move", "dealer", "tunker"):
            return seats[offset]
        if name == "seats":
            width = size // small
            return seats[offset // width] * width + offset % width
        if name == "slap":  # the card, then the discarder, the seat due, the slapper
            if offset < cards:
                return offset
            block, offset = divmod(offset - cards, small)
            return cards + block * players + seats[offset]
        if name == "spreads":
            return spread(offset, size // spread_limit)
        if name == "outcome":  # whether it is over, then the payoffs
            return offset and 1 + seats[offset - 1]
        return offset

    return np.array(
        [
            full[name][0] + moved(name, offset, size)
            for name, size in _sizes(rules, small)
            for offset in range(size)
        ],
        dtype=np.intp,
    )


_seat_map = cached(limit=1024)(_seat_map_of)  # few table sizes and seatings
"""Where each position of a smaller table's vector goes, worked out once for
each rule set, table and seating (:func:`_seat_map_of`, which mutation testing
reaches undecorated)."""


def _sections(rules: Rules, players: int) -> tuple[tuple[str, int, int], ...]:
    return encoding.observation_sections(rules, players)


def _sizes(rules: Rules, players: int) -> list[tuple[str, int]]:
    return [(name, size) for name, _, size in _sections(rules, players)]


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
    if session and rules.elimination_at is not None:
        low, high = _shrinking_bounds(rules, players, low, high)
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


def _shrinking_bounds(
    rules: Rules, players: int, low: list[float], high: list[float]
) -> tuple[list[float], list[float]]:
    """Widen the bounds of the full table's hand vector to every smaller table (X3).

    A smaller table leaves more cards in the stock, and pays other stakes.
    """
    lowest, highest = np.array(low), np.array(high)
    for small in range(2, players):
        where = _seat_map(rules, players, tuple(range(small)))
        small_low, small_high = map(np.array, encoding.observation_bounds(rules, small))
        lowest[where] = np.minimum(lowest[where], small_low)
        highest[where] = np.maximum(highest[where], small_high)
    return lowest.tolist(), highest.tolist()


def _session_block(session: Session, seat: int, max_hands: int | None) -> list[float]:
    """Return the session block of ``seat``'s observation (see above)."""
    phase = [0.0] * len(_SESSION_PHASES)
    phase[_SESSION_PHASES.index(session.phase)] = 1.0
    limit = _deals_limit(session.rules, max_hands)
    suits = [0.0] * len(_SUITS)
    if session.called_suit is not None:
        suits[_SUITS.index(session.called_suit.value)] = 1.0
    scores = [score for _, score in _scores(session)]
    mine = scores[seat]
    around = [scores[(seat + offset) % len(scores)] for offset in range(len(scores))]
    return [
        *phase,
        float(session.big_one_left is not None),
        float(session.big_one_left or 0),
        float(limit is not None),
        float(0 if limit is None else max(0, limit - session.number)),
        *suits,
        *(float((score > mine) - (score < mine)) for score in around),
    ]


def _scores(session: Session) -> tuple[tuple[str, Any], ...]:
    """Return every agent's score, by first seat: eliminated ones too (X3)."""
    push_ups = session.rules.scoring is Scoring.PUSH_UPS
    return session.push_up_totals if push_ups else session.ledger


def _session_line(session: Session) -> str:
    scores = ", ".join(f"{name} {score}" for name, score in _scores(session))
    return f"session: hand {session.number}, {session.phase.value}; scores {scores}"
