"""Hypothesis strategies for Tonk: cards, rule sets, player counts and game states.

Install the ``tonk[testing]`` extra to use this module. States are never built
field by field: a strategy deals a hand from a drawn seed and plays drawn legal
actions, so every state it gives is reachable, and a failing example shrinks
towards a short game from a small seed.

Examples:
    >>> import tonk
    >>> from hypothesis import given, settings
    >>> from tonk.testing.strategies import game_states
    >>> @settings(max_examples=20, deadline=None)
    ... @given(game_states(rules=tonk.Rules(), players=2))
    ... def test_a_live_state_offers_an_action(state):
    ...     assert state.is_terminal or tonk.legal_actions(state)
    >>> test_a_live_state_offers_an_action()
"""

from __future__ import annotations

try:
    from hypothesis import strategies as st
    from hypothesis.errors import InvalidArgument
except ImportError as error:  # pragma: no cover - only without the extra
    raise ImportError(
        "tonk.testing.strategies needs Hypothesis: install the tonk[testing] extra"
        " (pip install 'tonk[testing]')"
    ) from error

from collections.abc import Iterable
from typing import Protocol

import attrs

from tonk.actions import Action, Drop, Hit, LaySpread
from tonk.cards import Card
from tonk.engine import apply, legal_actions, new_game
from tonk.rules import DealTonk, DealTonkClash, ExhaustionTie, Rules
from tonk.state import GameState, Phase

__all__ = [
    "Playout",
    "cards",
    "deal_tonk_tables",
    "game_states",
    "player_counts",
    "playouts",
    "rules",
]

_MAX_SEED = 2**32 - 1
_MAX_TURNS_LIMIT = 300
_MAX_PLAYERS = 6


def cards(rules: Rules | None = None) -> st.SearchStrategy[Card]:
    """Draw one card of the pack that ``rules`` use (B1).

    Args:
        rules: The rules whose pack to draw from; ``tonk.Rules()`` if omitted.

    Returns:
        A strategy for cards; it shrinks towards the pack's first card.

    Examples:
        >>> from hypothesis import find
        >>> find(cards(), lambda card: True)
        Card.parse('AC')
        >>> import tonk
        >>> find(cards(), lambda card: card.suit is tonk.Suit.HEARTS)
        Card.parse('AH')
    """
    pack = (Rules() if rules is None else rules).pack()
    return st.sampled_from(pack)


def deal_tonk_tables() -> st.SearchStrategy[tuple[DealTonk, ...]]:
    """Draw a deal-tonk table: the default, none at all, or one or two random rows.

    Random rows win on a set of one to four totals from 0 to 60 and pay 1× to 3×
    (B5 and its variants V11–V20).

    Returns:
        A strategy for values of :attr:`tonk.Rules.deal_tonks`; it shrinks
        towards the default table.

    Examples:
        >>> import tonk
        >>> from hypothesis import find
        >>> find(deal_tonk_tables(), lambda table: True) == tonk.Rules().deal_tonks
        True
        >>> find(deal_tonk_tables(), lambda table: len(table) == 2)[0]
        DealTonk(totals=frozenset({0}), pays=1)
    """
    row = st.builds(
        DealTonk,
        totals=st.frozensets(st.integers(0, 60), min_size=1, max_size=4),
        pays=st.integers(1, 3),
    )
    return st.one_of(
        st.just(Rules().deal_tonks),
        st.just(()),
        st.lists(row, min_size=1, max_size=2).map(tuple),
    )


def rules() -> st.SearchStrategy[Rules]:
    """Draw a valid :class:`tonk.Rules` combining any values of its options.

    ``exhaustion_tie`` is any :class:`tonk.ExhaustionTie`, ``deal_tonk_clash`` any
    :class:`tonk.DealTonkClash`, ``max_turns`` is ``None`` or 1 to 300, and
    ``deal_tonks`` is drawn by :func:`deal_tonk_tables`.

    Returns:
        A strategy for rule sets.

    Examples:
        >>> import tonk
        >>> from hypothesis import find
        >>> find(rules(), lambda rules: True) == tonk.Rules(max_turns=None)
        True
        >>> find(rules(), lambda rules: rules.max_turns is not None).max_turns
        1
    """
    return st.builds(
        Rules,
        deal_tonks=deal_tonk_tables(),
        deal_tonk_clash=st.sampled_from(DealTonkClash),
        exhaustion_tie=st.sampled_from(ExhaustionTie),
        max_turns=st.none() | st.integers(1, _MAX_TURNS_LIMIT),
    )


def player_counts(rules: Rules) -> st.SearchStrategy[int]:
    """Draw a player count from 2 to 6 that the deal of ``rules`` fits (B2).

    Args:
        rules: The rules of the hand; the count is at most their
            :attr:`~tonk.Rules.max_players`.

    Returns:
        A strategy for player counts; it shrinks towards 2.

    Examples:
        >>> import tonk
        >>> from hypothesis import find
        >>> find(player_counts(tonk.Rules()), lambda players: players > 4)
        5
    """
    return st.integers(2, min(_MAX_PLAYERS, rules.max_players))


def _replayed(
    rules: Rules, players: int, seed: int, dealer: int, actions: Iterable[Action]
) -> tuple[GameState, ...]:
    state = new_game(rules, players=players, seed=seed, dealer=dealer)
    states = [state]
    for action in actions:
        state = apply(state, action)
        states.append(state)
    return tuple(states)


class _Printer(Protocol):
    def text(self, obj: str) -> None: ...


@attrs.frozen(kw_only=True)
class Playout:
    """A hand dealt from a seed and the legal actions played from it.

    Its ``repr`` is everything needed to replay it, so a failing Hypothesis
    example can be pasted into a regression test. Build one with
    :meth:`replay`; :func:`playouts` draws them.

    Attributes:
        rules: The rules of the hand.
        players: How many players sit at the table.
        seed: The seed passed to :func:`tonk.new_game`.
        dealer: The dealer's seat.
        actions: The actions played, in order.
        states: Every state of the hand: the deal, then one after each action
            (not compared, hashed or shown: it follows from the other fields).

    Examples:
        >>> import tonk
        >>> playout = Playout.replay(tonk.Rules(), players=2, seed=7,
        ...                          actions=[tonk.DrawStock()])
        >>> len(playout.states), playout.final.phase
        (2, <Phase.AFTER_DRAW: 'after_draw'>)
    """

    rules: Rules
    players: int
    seed: int
    dealer: int
    actions: tuple[Action, ...]
    states: tuple[GameState, ...] = attrs.field(eq=False, repr=False)

    @classmethod
    def replay(
        cls,
        rules: Rules,
        *,
        players: int,
        seed: int,
        dealer: int = 0,
        actions: Iterable[Action] = (),
    ) -> Playout:
        """Deal from ``seed`` and apply ``actions`` in order.

        Args:
            rules: The rules of the hand.
            players: How many players sit at the table.
            seed: The seed passed to :func:`tonk.new_game`.
            dealer: The dealer's seat.
            actions: The actions to play; each must be legal when it comes.

        Returns:
            The playout, with every state it passes through.

        Raises:
            tonk.IllegalActionError: If an action is not legal when it comes.

        Examples:
            >>> import tonk
            >>> Playout.replay(tonk.Rules(), players=3, seed=1, dealer=2).start.to_move
            0
        """
        actions = tuple(actions)
        states = _replayed(rules, players, seed, dealer, actions)
        return cls(
            rules=rules,
            players=players,
            seed=seed,
            dealer=dealer,
            actions=actions,
            states=states,
        )

    def _repr_pretty_(self, printer: _Printer, cycle: bool) -> None:
        """Show the ``repr`` in Hypothesis reports, without the states."""
        printer.text(repr(self))

    @property
    def start(self) -> GameState:
        """The state just after the deal."""
        return self.states[0]

    @property
    def final(self) -> GameState:
        """The state after the last action."""
        return self.states[-1]


def _patient(state: GameState, options: tuple[Action, ...]) -> tuple[Action, ...]:
    """Return the actions a patient player picks from: no drops, melds first."""
    if state.phase is Phase.TURN_START:
        return tuple(action for action in options if not isinstance(action, Drop))
    melds = tuple(action for action in options if isinstance(action, LaySpread | Hit))
    return melds or options


@st.composite
def _playouts(
    draw: st.DrawFn,
    rules_or_strategy: Rules | st.SearchStrategy[Rules] | None,
    players: int | st.SearchStrategy[int] | None,
    max_actions: int,
) -> Playout:
    if rules_or_strategy is None:
        table_rules = draw(rules())
    elif isinstance(rules_or_strategy, Rules):
        table_rules = rules_or_strategy
    else:
        table_rules = draw(rules_or_strategy)
    if players is None:
        player_count = draw(player_counts(table_rules))
    elif isinstance(players, int):
        player_count = players
    else:
        player_count = draw(players)
    seed = draw(st.integers(0, _MAX_SEED))
    dealer = draw(st.integers(0, player_count - 1))
    # In about half the hands nobody drops and everyone lays spreads and hits
    # whenever they can, so that long hands (stock exhaustion, the turn limit,
    # many spreads and hits, going out) are reached too.
    careless = not draw(st.booleans())
    length = draw(st.integers(0, max_actions))
    state = new_game(table_rules, players=player_count, seed=seed, dealer=dealer)
    states = [state]
    actions: list[Action] = []
    while len(actions) < length and not state.is_terminal:
        options = legal_actions(state)
        if not careless:
            options = _patient(state, options)
        action = options[draw(st.integers(0, len(options) - 1))]
        state = apply(state, action)
        actions.append(action)
        states.append(state)
    return Playout(
        rules=table_rules,
        players=player_count,
        seed=seed,
        dealer=dealer,
        actions=tuple(actions),
        states=tuple(states),
    )


def _check_arguments(rules: object, players: object, max_actions: object) -> None:
    if (
        isinstance(max_actions, bool)
        or not isinstance(max_actions, int)
        or max_actions < 0
    ):
        raise InvalidArgument(
            f"max_actions must be a non-negative int, got {max_actions!r}"
        )
    if not (rules is None or isinstance(rules, Rules | st.SearchStrategy)):
        raise InvalidArgument(f"rules must be Rules or a strategy, got {rules!r}")
    if players is None or isinstance(players, st.SearchStrategy):
        return
    if isinstance(players, bool) or not isinstance(players, int):
        raise InvalidArgument(f"players must be an int or a strategy, got {players!r}")
    if isinstance(rules, Rules) and not 2 <= players <= rules.max_players:
        raise InvalidArgument(
            f"players must be 2..{rules.max_players} under these rules, got {players}"
        )
    if players < 2:
        raise InvalidArgument(f"players must be at least 2, got {players}")


def playouts(
    *,
    rules: Rules | st.SearchStrategy[Rules] | None = None,
    players: int | st.SearchStrategy[int] | None = None,
    max_actions: int = 200,
) -> st.SearchStrategy[Playout]:
    """Draw a hand dealt from a drawn seed and up to ``max_actions`` random actions.

    The hand is dealt by :func:`tonk.new_game` with a drawn seed and dealer;
    then a drawn number of actions is played, each chosen by drawing an index
    into :func:`tonk.legal_actions`, stopping early if the hand ends. In about
    half the hands the players are patient: nobody drops, and everyone lays
    spreads and hits whenever they can (the index is drawn among those
    actions), so that long hands and every way of ending one are reached.

    Args:
        rules: The rules, or a strategy for them; :func:`rules` if omitted.
        players: The player count, or a strategy for it; :func:`player_counts`
            of the rules if omitted.
        max_actions: The most actions to play.

    Returns:
        A strategy for :class:`Playout` values; they shrink towards fewer
        actions, smaller seeds and the first legal action at each step.

    Raises:
        hypothesis.errors.InvalidArgument: If an argument is invalid.

    Examples:
        >>> import tonk
        >>> from hypothesis import find
        >>> playout = find(playouts(rules=tonk.Rules(), players=2),
        ...                lambda playout: len(playout.actions) >= 2)
        >>> playout.seed, playout.dealer, len(playout.actions)
        (0, 0, 2)
    """
    _check_arguments(rules, players, max_actions)
    return _playouts(rules, players, max_actions)


def game_states(
    *,
    rules: Rules | st.SearchStrategy[Rules] | None = None,
    players: int | st.SearchStrategy[int] | None = None,
    max_actions: int = 200,
) -> st.SearchStrategy[GameState]:
    """Draw a reachable state: a seeded deal then up to ``max_actions`` random actions.

    This is the final state of :func:`playouts` with the same arguments; it may
    be a finished hand.

    Args:
        rules: The rules, or a strategy for them; :func:`rules` if omitted.
        players: The player count, or a strategy for it; :func:`player_counts`
            of the rules if omitted.
        max_actions: The most actions to play after the deal.

    Returns:
        A strategy for game states.

    Raises:
        hypothesis.errors.InvalidArgument: If an argument is invalid.

    Examples:
        >>> import tonk
        >>> from hypothesis import find
        >>> state = find(game_states(rules=tonk.Rules(), players=3, max_actions=0),
        ...              lambda state: True)
        >>> state == tonk.new_game(tonk.Rules(), players=3, seed=0, dealer=0)
        True
    """
    return playouts(rules=rules, players=players, max_actions=max_actions).map(
        lambda playout: playout.final
    )
