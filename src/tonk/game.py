"""A hand of Tonk with its history, for apps: push, pop, peek and the record.

:class:`Game` holds a hand's deal, the actions played and the state after
each, in the spirit of python-chess's ``Board`` and its move stack:
:meth:`Game.push` plays an action, :meth:`Game.pop` takes the last one back,
:meth:`Game.peek` shows it, and :attr:`Game.record` is the hand's
:class:`~tonk.records.GameRecord`. The states underneath stay immutable: the
game keeps the tuple of every state reached, so taking an action back is
going back one state, never undoing a change.

*Where the rules allow it*: the rules of Tonk have no take-backs, so whether
an action may be taken back is a choice of the table, the game's
:class:`Undo` policy. In casual play (:attr:`Undo.ANY`, the default) any
action may be taken back, back to the deal; :attr:`Undo.UNREVEALED` refuses
to take back an action that showed someone a card of the stock, of the widow
or of another player's hand (a draw from the stock, an exchange with the
widow, the end of the hand with its hands shown), since playing it again would
use that knowledge (a discard or a spread shows the mover's own cards, and
may be taken back);
:attr:`Undo.NEVER` refuses every take-back, as in a rated game. A refused
take-back raises :class:`~tonk.errors.UndoError` and changes nothing.

Examples:
    >>> import tonk
    >>> game = tonk.Game(tonk.Rules(), players=2, seed=7)
    >>> game.push("draw discard")
    >>> game.peek(), game.state.phase.value
    (DrawDiscard(), 'after_draw')
    >>> game.pop()
    DrawDiscard()
    >>> game.move_stack, game.state == tonk.new_game(tonk.Rules(), players=2, seed=7)
    ((), True)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import ClassVar

import attrs

from tonk._validate import brief
from tonk.actions import Action, format_action
from tonk.cards import Card
from tonk.engine import apply, legal_actions
from tonk.errors import UndoError
from tonk.notation import parse_action
from tonk.records import GameRecord, replay
from tonk.rules import Rules
from tonk.state import GameState

__all__ = ["Game", "Undo"]

_ACTION_TYPES = tuple(Action.__args__)


class Undo(enum.StrEnum):
    """Which actions a :class:`Game` may take back with :meth:`Game.pop`.

    Examples:
        >>> Undo("unrevealed") is Undo.UNREVEALED
        True

    .. versionadded:: 0.2.0
    """

    ANY = "any"
    """Casual play: any action, back to the deal."""
    UNREVEALED = "unrevealed"
    """Only an action that showed nobody a card of the stock, widow or another hand."""
    NEVER = "never"
    """No take-backs, as in a rated game."""


def _reveals(before: GameState, after: GameState) -> bool:
    """Return whether the step from ``before`` to ``after`` showed a hidden card.

    A card left the stock for a hand (the drawer saw it), a seat looked at
    its widow (V46), or the hand ended with the hands shown.
    """
    return (
        len(after.stock) < len(before.stock)
        or after.exchanged != before.exchanged
        or (after.outcome is not None and after.outcome.counts is not None)
    )


class Game:
    """A hand of Tonk and its history: the deal, the actions, every state.

    A game is built as :func:`tonk.new_game` deals (``seed``, or a stacked
    ``deck``; with neither, a seed drawn from the operating system's secure
    random source and kept, so the hand can be replayed), or from a record
    with :meth:`from_record`. It changes only through :meth:`push` and
    :meth:`pop`; its states never change.

    Args:
        rules: The rules of the hand.
        players: How many players sit at the table.
        seed: The seed to shuffle with.
        deck: A stacked deck, instead of a seed.
        dealer: The dealer's seat.
        undo: Which actions :meth:`pop` may take back.

    Raises:
        RulesError: As :class:`~tonk.records.GameRecord` raises it.
        TypeError: If a value has the wrong type.

    Examples:
        >>> import tonk
        >>> game = Game(tonk.Rules(), players=2, seed=7)
        >>> game.legal_actions()
        (Drop(), DrawStock(), DrawDiscard())
        >>> game.push(tonk.Drop())
        >>> game.is_over, game.record.outcome.kind.value
        (True, 'drop_won')
        >>> game.pop()
        Drop()
        >>> game.push("spread 2C")
        Traceback (most recent call last):
        ...
        tonk.errors.NotationError: 'spread' takes at least three cards (at position 9 of 'spread 2C')

    .. versionadded:: 0.2.0
    """  # noqa: E501

    __slots__ = ("_actions", "_start", "_states", "_undo")

    def __init__(
        self,
        rules: Rules,
        *,
        players: int,
        seed: int | None = None,
        deck: Iterable[Card] | None = None,
        dealer: int = 0,
        undo: Undo = Undo.ANY,
    ) -> None:
        """Deal the hand; see the class."""
        start = GameRecord.start(
            rules, players=players, seed=seed, deck=deck, dealer=dealer
        )
        self._begin(start, undo)

    def _begin(self, start: GameRecord, undo: Undo) -> None:
        if not isinstance(undo, Undo):
            raise TypeError(f"undo must be an Undo, got {brief(undo)}")
        self._start = start
        self._undo = undo
        self._states: tuple[GameState, ...] = (start.initial_state(),)
        self._actions: tuple[Action, ...] = ()

    @classmethod
    def from_record(cls, record: GameRecord, *, undo: Undo = Undo.ANY) -> Game:
        """Replay a record: a game whose move stack is the record's actions.

        Args:
            record: The record; its actions are checked as they are played,
                and its outcome, if it gives one, must be the replayed one.
            undo: Which actions :meth:`pop` may take back.

        Returns:
            The game after the record's last action.

        Raises:
            IllegalActionError: If an action of the record is not legal.
            ReplayError: If the record's outcome is not the replayed one.
            TypeError: If ``record`` is not a GameRecord.

        Examples:
            >>> import tonk
            >>> record = tonk.GameRecord(rules=tonk.Rules(), players=2, seed=7,
            ...                          actions=[tonk.DrawStock()])
            >>> game = Game.from_record(record)
            >>> game.move_stack, game.record == record
            ((DrawStock(),), True)
        """
        if not isinstance(record, GameRecord):
            raise TypeError(f"expected a GameRecord, got {brief(record)}")
        game = cls.__new__(cls)
        game._begin(attrs.evolve(record, actions=(), outcome=None), undo)
        game._states = tuple(replay(record))
        game._actions = record.actions
        return game

    @property
    def state(self) -> GameState:
        """The current state."""
        return self._states[-1]

    @property
    def states(self) -> tuple[GameState, ...]:
        """Every state: the deal, then the state after each action."""
        return self._states

    @property
    def move_stack(self) -> tuple[Action, ...]:
        """The actions played, first to last."""
        return self._actions

    @property
    def undo(self) -> Undo:
        """Which actions :meth:`pop` may take back."""
        return self._undo

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended."""
        return self.state.outcome is not None

    @property
    def record(self) -> GameRecord:
        """The hand's record: deal, actions and, once it has ended, outcome.

        Examples:
            >>> import tonk
            >>> game = Game(tonk.Rules(), players=2, seed=7)
            >>> game.push("draw stock")
            >>> game.record.actions, game.record.outcome
            ((DrawStock(),), None)
        """
        start = self._start
        return GameRecord(
            rules=start.rules,
            players=start.players,
            dealer=start.dealer,
            seed=start.seed,
            deck=start.deck,
            actions=self._actions,
            outcome=self.state.outcome,
        )

    def legal_actions(self) -> tuple[Action, ...]:
        """Return the legal actions now (:func:`tonk.legal_actions`)."""
        return legal_actions(self.state)

    def push(self, action: Action | str) -> None:
        """Play an action, given as an action or in action notation.

        Args:
            action: The action, or its notation (read by
                :func:`tonk.parse_action` against the current state).

        Raises:
            IllegalActionError: If the action is not legal now; the game is
                unchanged.
            NotationError: If the notation cannot be read.
            AmbiguousActionError: If the notation fits several actions.
            TypeError: If ``action`` is neither an action nor a string.

        Examples:
            >>> import tonk
            >>> game = Game(tonk.Rules(), players=2, seed=7)
            >>> game.push(tonk.Discard(tonk.Card.parse("2S")))
            Traceback (most recent call last):
            ...
            tonk.errors.IllegalActionError: cannot discard before drawing: seat 1 must drop or draw first
            >>> game.move_stack
            ()
        """  # noqa: E501
        if isinstance(action, str):
            action = parse_action(self.state, action)
        elif not isinstance(action, _ACTION_TYPES):
            raise TypeError(f"expected an action or its notation, got {brief(action)}")
        after = apply(self.state, action)
        self._states = (*self._states, after)
        self._actions = (*self._actions, action)

    def peek(self) -> Action:
        """Return the last action played, without taking it back.

        Raises:
            UndoError: If no action has been played.

        Examples:
            >>> import tonk
            >>> game = Game(tonk.Rules(), players=2, seed=7)
            >>> game.peek()
            Traceback (most recent call last):
            ...
            tonk.errors.UndoError: no action has been played yet
        """
        if not self._actions:
            raise UndoError("no action has been played yet")
        return self._actions[-1]

    def can_pop(self) -> bool:
        """Return whether :meth:`pop` would take the last action back.

        Examples:
            >>> import tonk
            >>> game = Game(tonk.Rules(), players=2, seed=7, undo=Undo.UNREVEALED)
            >>> game.push("draw discard")
            >>> game.can_pop()
            True
            >>> game.pop(); game.push("draw stock")
            DrawDiscard()
            >>> game.can_pop()
            False
        """
        return self._refusal() is None

    def _refusal(self) -> str | None:
        """Return why the last action may not be taken back, or ``None``."""
        if not self._actions:
            return "no action to take back: the hand is at its deal"
        if self._undo is Undo.NEVER:
            return "this game allows no take-backs"
        if self._undo is Undo.UNREVEALED and _reveals(*self._states[-2:]):
            return (
                f"cannot take back {format_action(self._actions[-1])}: it showed"
                " a hidden card"
            )
        return None

    def pop(self) -> Action:
        """Take the last action back, as the game's :class:`Undo` policy allows.

        Returns:
            The action taken back.

        Raises:
            UndoError: If there is no action to take back, or the policy
                refuses it; the game is unchanged.

        Examples:
            >>> import tonk
            >>> game = Game(tonk.Rules(), players=2, seed=7)
            >>> game.push("draw stock")
            >>> game.pop(), len(game.states)
            (DrawStock(), 1)
            >>> game.pop()
            Traceback (most recent call last):
            ...
            tonk.errors.UndoError: no action to take back: the hand is at its deal
        """
        refusal = self._refusal()
        if refusal is not None:
            raise UndoError(refusal)
        action = self._actions[-1]
        self._states = self._states[:-1]
        self._actions = self._actions[:-1]
        return action

    def copy(self) -> Game:
        """Return a game with the same history that changes independently.

        Examples:
            >>> import tonk
            >>> game = Game(tonk.Rules(), players=2, seed=7)
            >>> other = game.copy()
            >>> other.push("drop")
            >>> game.move_stack, other.move_stack
            ((), (Drop(),))
        """
        game = Game.__new__(Game)
        game._start = self._start
        game._undo = self._undo
        game._states = self._states
        game._actions = self._actions
        return game

    def __eq__(self, other: object) -> bool:
        """Compare the deal, the actions and the undo policy."""
        if not isinstance(other, Game):
            return NotImplemented
        return (self._start, self._actions, self._undo) == (
            other._start,
            other._actions,
            other._undo,
        )

    __hash__: ClassVar[None] = None  # type: ignore[assignment]  # a game changes

    def __repr__(self) -> str:
        """Show the record and the undo policy."""
        return f"Game.from_record({self.record!r}, undo={self._undo!r})"

    def __str__(self) -> str:
        """Return the current state's table (:mod:`tonk.text`)."""
        return str(self.state)
