"""The exception hierarchy of :mod:`tonk`.

Every error the library raises on bad input is a :class:`TonkError`, and also a
:class:`ValueError`, so existing ``except ValueError`` handlers keep working.
A wrong Python type is a plain :class:`TypeError` and is not wrapped.

This module imports nothing from :mod:`tonk` but ``tonk._validate``, which
imports nothing from :mod:`tonk` itself: its ``brief()`` shows a value in a
message, cut short when it is huge, as every message does.

Examples:
    >>> issubclass(IllegalActionError, TonkError), issubclass(RulesError, ValueError)
    (True, True)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

from tonk._validate import brief

__all__ = [
    "AmbiguousActionError",
    "BotError",
    "EncodingError",
    "IllegalActionError",
    "IllegalReason",
    "InvalidStateError",
    "NotationError",
    "ProtocolError",
    "ProtocolErrorCode",
    "ReplayError",
    "RulesError",
    "SerializationError",
    "SessionError",
    "TonkError",
    "UndoError",
]


class TonkError(Exception):
    """Base class of every error :mod:`tonk` raises on bad input.

    Every error can be pickled and copied, keeping its message and attributes.

    Examples:
        >>> try:
        ...     raise RulesError("bad")
        ... except TonkError as error:
        ...     print(error)
        bad
    """

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle and copy with the message and attributes as they are.

        Python's default calls ``type(self)(*self.args)``, which fails for the
        keyword-only arguments of the subclasses, and would prefix a
        :class:`SerializationError`'s path to a message that already has it.
        """
        return (_rebuilt, (type(self), self.args), self.__dict__)


def _rebuilt(kind: type[TonkError], args: tuple[Any, ...]) -> TonkError:
    return kind.__new__(kind, *args)


class RulesError(TonkError, ValueError):
    """An invalid rule option, option combination or game set-up.

    Examples:
        >>> raise RulesError("max_turns must be positive, got 0")
        Traceback (most recent call last):
        ...
        tonk.errors.RulesError: max_turns must be positive, got 0
    """


class NotationError(TonkError, ValueError):
    """Text that is not valid card or action notation.

    Attributes:
        text: The whole text that was being parsed (for a multi-line text such
            as a game record, the line); the message shows it cut short when it
            is over 100 characters.
        position: The 0-based index in ``text`` where the problem starts.
        line: The 1-based number of the line in a multi-line text, or ``None``.

    Examples:
        >>> error = NotationError("unknown suit 'X'", text="7X", position=1)
        >>> error.position
        1
        >>> str(error)
        "unknown suit 'X' (at position 1 of '7X')"
        >>> str(NotationError("unknown suit 'X'", text="discard 7X", position=9,
        ...                   line=4))
        "unknown suit 'X' (line 4, at position 9 of 'discard 7X')"
    """

    def __init__(
        self, message: str, *, text: str, position: int, line: int | None = None
    ) -> None:
        """Create the error; the message gains the line, text and position."""
        where = f"at position {position} of {brief(text)}"
        if line is not None:
            where = f"line {line}, {where}"
        super().__init__(f"{message} ({where})")
        self.text = text
        self.position = position
        self.line = line


class EncodingError(TonkError, ValueError):
    """An action index, action or observation that an encoding layout cannot hold.

    Raised by :mod:`tonk.encoding`: an index outside the action space, an
    action that no state under the rules could offer, or an observation of
    other rules or another table size.

    Examples:
        >>> raise EncodingError("action index must be 0..1157, got 1158")
        Traceback (most recent call last):
        ...
        tonk.errors.EncodingError: action index must be 0..1157, got 1158
    """


class AmbiguousActionError(TonkError, ValueError):
    """Action text that matches more than one legal action.

    Attributes:
        candidates: The legal actions the text could mean.

    Examples:
        >>> AmbiguousActionError("two spreads fit", candidates=()).candidates
        ()
    """

    def __init__(self, message: str, *, candidates: Sequence[Any]) -> None:
        """Create the error with the actions the text could mean."""
        super().__init__(message)
        self.candidates: tuple[Any, ...] = tuple(candidates)


class IllegalReason(enum.StrEnum):
    """Why an action was refused; compare these, never message text.

    Examples:
        >>> IllegalReason.CARD_NOT_IN_HAND.value
        'card_not_in_hand'
    """

    HAND_OVER = "hand_over"
    """The hand has ended; no action is possible."""
    MUST_DRAW_FIRST = "must_draw_first"
    """Spreads, hits and discards come only after the turn's draw."""
    ALREADY_DREW = "already_drew"
    """Drops and draws come only at the start of a turn, before drawing."""
    DISCARD_PILE_EMPTY = "discard_pile_empty"
    """There is no discard to take."""
    CARD_NOT_IN_HAND = "card_not_in_hand"
    """The player does not hold (enough copies of) that card."""
    NOT_A_SPREAD = "not_a_spread"
    """The cards do not form a valid book or run."""
    NO_SUCH_SPREAD = "no_such_spread"
    """No spread with that number is on the table."""
    HIT_DOES_NOT_FIT = "hit_does_not_fit"
    """The card cannot be added to that spread."""
    NO_DEAL_TONK = "no_deal_tonk"
    """There is no deal tonk the player may claim now (V19)."""
    DROP_BARRED = "drop_barred"
    """The player may not drop now: waiting (V22, V23), three spreads laid
    (V30) or a count over the drop ceiling (X6)."""
    MUST_DROP = "must_drop"
    """The player must drop: an empty hand under the boobed deck (V27), or an
    empty stock under the forced knock (V29)."""
    GOING_OUT_BARRED = "going_out_barred"
    """The player may not empty the hand on this turn (V22's option)."""
    HIT_LIMIT = "hit_limit"
    """No more hits this turn (V24b)."""
    SPREAD_LOCKED = "spread_locked"
    """The spread is locked to the mover: its owner has laid three spreads (V30),
    or it is the mover's own and own spreads may not be hit (X9)."""
    MUST_USE_DISCARD = "must_use_discard"
    """The card taken from the discard pile must be used at once (V24d)."""
    PICKUP_DISCARD = "pickup_discard"
    """The card taken from the discard pile may not be discarded in the same
    turn while another card could be (X8)."""
    MUST_SPREAD = "must_spread"
    """The hand holds a complete spread that must be laid first (V21)."""
    NOT_SLAP_TIME = "not_slap_time"
    """Slaps, eats and passes belong to an open window (a slap-in window, V26,
    or an eating window, X5); other actions wait for it to close."""
    NO_WIDOW = "no_widow"
    """There is no widow to exchange with: the rules have none, or the player
    has already exchanged this hand (V46)."""
    CLOSED_PLAY = "closed_play"
    """No spread or hit before a tunk under closed play (H4)."""
    UPCARD_BURIED = "upcard_buried"
    """The turned-up card may be taken only by the first player on the first
    turn (H3)."""
    NO_TUNK = "no_tunk"
    """No tunk now: the rules have none, or a player has tunked already (H5)."""
    TUNK_LIMIT = "tunk_limit"
    """The tunk's unmatched cards count more than the limit (H5)."""


class IllegalActionError(TonkError, ValueError):
    """An action that the rules do not allow in this state.

    Attributes:
        action: The refused action.
        reason: Why it was refused, as an :class:`IllegalReason`.
        index: For an action of a game record being replayed
            (:func:`tonk.replay`), its index in the record's actions; else
            ``None``.
        line: For such an action read from a record's text form, its line
            number; else ``None``.

    Examples:
        >>> error = IllegalActionError(
        ...     "cannot discard before drawing",
        ...     action=None,
        ...     reason=IllegalReason.MUST_DRAW_FIRST,
        ... )
        >>> error.reason
        <IllegalReason.MUST_DRAW_FIRST: 'must_draw_first'>
    """

    def __init__(
        self,
        message: str,
        *,
        action: Any,
        reason: IllegalReason,
        index: int | None = None,
        line: int | None = None,
    ) -> None:
        """Create the error for ``action`` refused because of ``reason``."""
        super().__init__(message)
        self.action = action
        self.reason = reason
        self.index = index
        self.line = line


class SessionError(TonkError, ValueError):
    """A session operation that is not allowed now (V40–V47).

    Examples:
        >>> import tonk
        >>> session = tonk.new_session(tonk.Rules(), players=2, seed=1)
        >>> tonk.leave(session, "P1")
        Traceback (most recent call last):
        ...
        tonk.errors.SessionError: a table under these rules seats 2..10 players, not 1
    """


class SerializationError(TonkError, ValueError):
    """A document that cannot be read: malformed, hostile or inconsistent data.

    Raised by :func:`tonk.from_dict` and :func:`tonk.from_json` for anything
    wrong in a document: bad JSON, a document too large or too deep, a wrong
    type, an unknown or missing field, a bad card, invalid rules, or a game
    state that could not have been reached.

    Attributes:
        path: The JSON path of the bad value, such as ``"$.rules.hand_size"``
            (``"$"`` is the whole document).

    Examples:
        >>> error = SerializationError('must be an int, got "x"', path="$.dealer")
        >>> error.path
        '$.dealer'
        >>> raise error
        Traceback (most recent call last):
        ...
        tonk.errors.SerializationError: $.dealer: must be an int, got "x"

    .. versionadded:: 0.1
    """

    def __init__(self, message: str, *, path: str = "$") -> None:
        """Create the error; the message starts with the path."""
        super().__init__(f"{path}: {message}")
        self.path = path


class InvalidStateError(SerializationError):
    """A game state, or an outcome, that the engine could never have reached.

    Raised by :func:`tonk.validate`, and so by :func:`tonk.from_dict` and
    :func:`tonk.from_json` when they read a game state: cards missing or
    duplicated, a seat off the table, a per-seat value missing, a negative
    counter, the wrong seat to move, a hand of the wrong size, a phase that
    contradicts its fields, an outcome that does not add up. It is a
    :class:`SerializationError`, so handlers of bad documents catch it too.

    Attributes:
        path: Where the state is wrong, as the JSON path of its document form
            (:func:`tonk.to_dict`), such as ``"$.to_move"``.

    Examples:
        >>> raise InvalidStateError("seat 5 is not at the table", path="$.to_move")
        Traceback (most recent call last):
        ...
        tonk.errors.InvalidStateError: $.to_move: seat 5 is not at the table

    .. versionadded:: 0.2
    """


class ProtocolErrorCode(enum.StrEnum):
    """Why a message of the table protocol was refused (:mod:`tonk.protocol`).

    Clients compare these codes, never message text.

    Examples:
        >>> ProtocolErrorCode.NOT_YOUR_TURN.value
        'not_your_turn'

    .. versionadded:: 0.2.0
    """

    MALFORMED = "malformed"
    """The message is not JSON text: bad syntax, not UTF-8, a repeated key."""
    TOO_LARGE = "too_large"
    """The message is longer than the limit."""
    TOO_DEEP = "too_deep"
    """The message nests lists and objects too deep."""
    NOT_AN_OBJECT = "not_an_object"
    """The message is JSON, but not a JSON object."""
    UNKNOWN_TYPE = "unknown_type"
    """The message's ``type`` is missing or not one of the protocol's."""
    UNKNOWN_FIELD = "unknown_field"
    """The message has a field its type does not have."""
    MISSING_FIELD = "missing_field"
    """The message lacks a field its type requires."""
    BAD_FIELD = "bad_field"
    """A field has the wrong JSON type or is out of range (a huge number)."""
    VERSION = "version"
    """The peer speaks another major version of the protocol."""
    WRONG_SEAT = "wrong_seat"
    """The message speaks for a seat other than the sender's."""
    NOT_YOUR_TURN = "not_your_turn"
    """The sender is not asked to act now."""
    STALE_REQUEST = "stale_request"
    """The answer names a request that is not the open one."""
    BAD_ACTION = "bad_action"
    """The action is not notation, or the index is not one of the encoding's."""
    ILLEGAL_ACTION = "illegal_action"
    """The action is not one of the legal actions now."""
    GAME_OVER = "game_over"
    """The table has finished: no action is possible."""
    SEATING = "seating"
    """A join or leave the table refuses now (V47: two to the rules' most)."""
    BOT_FAILED = "bot_failed"
    """Sent by a client: it could not choose an action (its bot failed)."""


class ProtocolError(TonkError, ValueError):
    """A message of the table protocol that cannot be accepted.

    Raised by :func:`tonk.protocol.decode_message`; a
    :class:`tonk.protocol.Table` sends it to the client as an ``error`` message
    instead.

    Attributes:
        code: Why, as a :class:`ProtocolErrorCode`.

    Examples:
        >>> error = ProtocolError("not your turn", code=ProtocolErrorCode.NOT_YOUR_TURN)
        >>> error.code
        <ProtocolErrorCode.NOT_YOUR_TURN: 'not_your_turn'>

    .. versionadded:: 0.2.0
    """

    def __init__(self, message: str, *, code: ProtocolErrorCode) -> None:
        """Create the error with its ``code``."""
        super().__init__(message)
        self.code = code


class ReplayError(TonkError, ValueError):
    """A game record whose replay does not end as the record says.

    Raised by :func:`tonk.replay` when a record gives an outcome and replaying
    its actions gives another (or leaves the hand unfinished). An illegal action
    in a record raises :class:`IllegalActionError` instead.

    Attributes:
        recorded: The outcome the record gives.
        replayed: The outcome the replay reached, or ``None`` if the hand is not
            over.

    Examples:
        >>> error = ReplayError("the hand is not over", recorded=None, replayed=None)
        >>> error.replayed is None
        True

    .. versionadded:: 0.1
    """

    def __init__(self, message: str, *, recorded: Any, replayed: Any) -> None:
        """Create the error with the recorded and the replayed outcomes."""
        super().__init__(message)
        self.recorded = recorded
        self.replayed = replayed


class UndoError(TonkError, ValueError):
    """A take-back that a :class:`tonk.Game` refuses.

    Raised by :meth:`tonk.Game.pop` (and :meth:`tonk.Game.peek`) when no action
    has been played, or when the game's :class:`tonk.Undo` policy does not
    allow taking the last action back. The game is unchanged.

    Examples:
        >>> raise UndoError("this game allows no take-backs")
        Traceback (most recent call last):
        ...
        tonk.errors.UndoError: this game allows no take-backs

    .. versionadded:: 0.2.0
    """


class BotError(TonkError, ValueError):
    """A bot that could not be loaded, sent to a worker, or that failed in play.

    Raised by :func:`tonk.bots.load_bot` for a bot that cannot be found or
    built, and by :func:`tonk.bots.tournament` when a bot raises, returns an
    illegal action, or cannot be pickled for worker processes. In play, the
    bot's own exception is the ``__cause__``.

    Attributes:
        bot: The bot's name (its specification, or its class name).
        deal: The tournament's deal number in which it failed, or ``None``.
        seat: The seat it played when it failed, or ``None``.
        seed: The tournament's seed, or ``None``.

    Examples:
        >>> error = BotError("bot 'MyBot' failed", bot="MyBot", deal=3, seat=1,
        ...                  seed=7)
        >>> error.deal, error.seat, error.seed
        (3, 1, 7)
        >>> import pickle
        >>> pickle.loads(pickle.dumps(error)).seat
        1

    .. versionadded:: 0.2.0
    """

    def __init__(
        self,
        message: str,
        *,
        bot: str,
        deal: int | None = None,
        seat: int | None = None,
        seed: int | None = None,
    ) -> None:
        """Create the error for ``bot``, with where it failed if in play."""
        super().__init__(message)
        self.bot = bot
        self.deal = deal
        self.seat = seat
        self.seed = seed
