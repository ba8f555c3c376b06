"""JSON forms of every public value, safe for untrusted input.

:func:`to_dict` and :func:`to_json` write a value as a versioned JSON document;
:func:`from_dict` and :func:`from_json` read it back, exactly
(``from_dict(to_dict(x), type(x)) == x``). Every document starts with its
``format`` and ``version``:

====================  =============================  ==============================
kind                  ``format``                     other fields
====================  =============================  ==============================
``Rules``             ``"tonk.rules"``               every option
``GameState``         ``"tonk.state"``               every field of the state
``GameRecord``        ``"tonk.record"``              rules, table, deal, actions, outcome
an action             ``"tonk.action"``              ``action``, in action notation
``Observation``       ``"tonk.observation"``         every field of the observation
``Game``              ``"tonk.game"``                the record's fields, ``undo``
``Session``           ``"tonk.session"``             every field of the session
``HandResult``        ``"tonk.hand_result"``         every field of the result
``SimulationResult``  ``"tonk.simulation_result"``   its ``to_dict()`` summary
``TournamentResult``  ``"tonk.tournament_result"``   its ``to_dict()`` summary
``BotError``          ``"tonk.bot_error"``           message, bot, deal, seat, seed
legal actions         ``"tonk.legal_actions"``       ``seat``, ``actions`` (notation, index)
====================  =============================  ==============================

The legal-action listing is written only, by :func:`legal_actions_to_dict`:
each action with its notation and its index in :mod:`tonk.encoding`'s layout.
A simulation's or a tournament's document is its ``to_dict()`` summary (exact
totals as strings, counts by outcome, the means they give) with the header;
reading checks every derived figure. A bot error's document keeps its message
and where it failed, not its cause (a Python exception).

Cards are written in notation (``"QH"``, ``"JK"``, a wild ``"2C=6H"``), enums by
value, sets as sorted lists and fractions as strings (``"1/2"``). The rules are
written from :func:`attrs.fields` of :class:`~tonk.rules.Rules`, so every option
is included, and an option left out of a document takes its default.

Reading treats the data as hostile: anything wrong raises
:class:`~tonk.errors.SerializationError` naming the JSON path of the bad value,
and nothing half-built is returned. A state is checked by :func:`validate` to
be one the engine could have reached; an observation must be what some such
state shows its seat; a game's actions are replayed; a session's parts, and a
result's counts and totals, must fit together.

Examples:
    >>> import tonk
    >>> data = to_dict(tonk.Discard(tonk.Card.parse("KS")))
    >>> data
    {'format': 'tonk.action', 'version': 1, 'action': 'discard KS'}
    >>> from_dict(data, tonk.Action)
    Discard(card=Card.parse('KS'))
    >>> from_json('{"format": "tonk.rules", "version": 1, "hand_size": "7"}', tonk.Rules)
    Traceback (most recent call last):
    ...
    tonk.errors.SerializationError: $.hand_size: must be an int, got "7"
"""  # noqa: E501

from __future__ import annotations

import contextlib
import json
import random
import re
import types
import typing
from collections.abc import Iterable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any, Protocol, TypeAlias, TypeVar, overload

import attrs

from tonk._checks import check_outcome, check_state
from tonk._codec import (
    ACTION,
    MAX_BYTES,
    MAX_DEPTH,
    Object,
    _Text,
    child,
    codec_for,
    item,
    json_kind,
    load_json,
    object_codec,
    show,
)
from tonk._parallel import MOST_HANDS
from tonk._validate import brief, is_int, read_int, seed_problem, wrong_type
from tonk.actions import (
    Action,
    ClaimDealTonk,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Eat,
    Exchange,
    Hit,
    LaySpread,
    Pass,
    Slap,
    Tunk,
    format_action,
)
from tonk.cards import Card
from tonk.encoding import action_to_index
from tonk.engine import legal_actions
from tonk.errors import (
    BotError,
    IllegalActionError,
    InvalidStateError,
    ReplayError,
    RulesError,
    SerializationError,
    SessionError,
)
from tonk.game import Game, Undo
from tonk.observation import Observation, determinize, observe
from tonk.records import RECORD_FORMAT, GameRecord, _problem
from tonk.rules import Rules
from tonk.session import (
    CallBigOne,
    CallSuit,
    Deal,
    HandResult,
    Session,
    SessionAction,
    SessionPhase,
    SideBets,
    _check_name,
    format_session_action,
    parse_session_action,
)
from tonk.simulation import SimulationResult
from tonk.state import GameState, OutcomeKind

__all__ = [
    "from_dict",
    "from_json",
    "json_schema",
    "legal_actions_to_dict",
    "to_dict",
    "to_json",
    "validate",
]

VERSION = 1
"""The version of every document this module writes, and the only one it reads."""

_Document = TypeVar(
    "_Document",
    Rules,
    GameState,
    GameRecord,
    Observation,
    Game,
    Session,
    HandResult,
    SimulationResult,
    BotError,
    Drop,
    DrawStock,
    DrawDiscard,
    LaySpread,
    Hit,
    Discard,
    ClaimDealTonk,
    Slap,
    Pass,
    Exchange,
    Eat,
    Tunk,
    Deal,
    CallBigOne,
    CallSuit,
    SideBets,
)

_ACTION_CLASSES = typing.get_args(Action)
SESSION_ACTION_FORMAT = "tonk.session_action"
"""The ``format`` of a session action's document (V43, V45)."""
_SESSION_ACTION_CLASSES = typing.get_args(SessionAction)
SESSION_ACTION_PATTERN = (
    r"(?:deal|call big one|call suit [CDHS]|bet (?:none|suit|naturals|suit naturals))"
)
_SESSION_ACTION = _Text(
    _SESSION_ACTION_CLASSES,
    SESSION_ACTION_PATTERN,
    'a session action such as "deal", "call suit H" or "bet suit"',
    parse_session_action,
    format_session_action,
)
"""The codec of a session action's notation."""
_DECK = codec_for(tuple[Card, ...])
LEGAL_ACTIONS_FORMAT = "tonk.legal_actions"
"""The ``format`` of :func:`legal_actions_to_dict`'s listing."""
_FORMATS: dict[Any, str] = {
    Rules: "tonk.rules",
    GameState: "tonk.state",
    GameRecord: RECORD_FORMAT,
    Observation: "tonk.observation",
    Game: "tonk.game",
    Session: "tonk.session",
    HandResult: "tonk.hand_result",
    SimulationResult: "tonk.simulation_result",
    BotError: "tonk.bot_error",
}
_SCHEMA_FILES = {
    "tonk.rules": "rules.schema.json",
    "tonk.state": "game_state.schema.json",
    RECORD_FORMAT: "game_record.schema.json",
    "tonk.action": "action.schema.json",
    "tonk.observation": "observation.schema.json",
    "tonk.game": "game.schema.json",
    "tonk.session": "session.schema.json",
    "tonk.hand_result": "hand_result.schema.json",
    "tonk.simulation_result": "simulation_result.schema.json",
    "tonk.tournament_result": "tournament_result.schema.json",
    "tonk.bot_error": "bot_error.schema.json",
    LEGAL_ACTIONS_FORMAT: "legal_actions.schema.json",
    SESSION_ACTION_FORMAT: "session_action.schema.json",
}
_HEADER = frozenset({"format", "version"})

# Each alias one string: type checkers read no implicitly concatenated annotation.
_Playable: TypeAlias = "Rules | GameState | GameRecord | Observation | Game | Session"


class _Summarized(Protocol):
    """A result written as its ``to_dict()`` summary, as a tournament's is."""

    def to_dict(self) -> dict[str, object]: ...


_Result = TypeVar("_Result", bound=_Summarized)
"""A kind of a module above this one, in the table by :func:`add_format`."""
_Action: TypeAlias = "Action | SessionAction"
"""Any action: of a hand, or of a session between hands."""
_Writable: TypeAlias = (
    "_Playable | HandResult | SimulationResult | _Summarized | BotError | _Action"
)
"""The values :func:`to_dict` writes."""
TOURNAMENT_FORMAT = "tonk.tournament_result"
"""The ``format`` of a :class:`~tonk.bots.TournamentResult`."""


def add_format(kind: type[_Summarized], fmt: str) -> None:
    """Put ``kind``, a result class of a module above this one, in the table.

    :mod:`tonk.bots` imports this module (its process bots speak JSON), so
    this module cannot import :class:`~tonk.bots.TournamentResult`: that
    module adds it when imported, as ``tonk/__init__`` does before any value
    is written or read. Its documents are its ``to_dict()`` summary.

    Examples:
        >>> import tonk
        >>> bots = [tonk.bots.RandomBot(), tonk.bots.RandomBot()]
        >>> result = tonk.bots.tournament(tonk.presets.PAGAT, bots, hands=2, seed=1)
        >>> to_dict(result)["format"] == TOURNAMENT_FORMAT
        True
    """
    _FORMATS[kind] = fmt


def _format_of(kind: object) -> str:
    """Return the ``format`` of documents of ``kind`` (a class, or ``Action``)."""
    with contextlib.suppress(KeyError, TypeError):  # TypeError: not hashable
        return _FORMATS[kind]
    if kind == Action or kind in _ACTION_CLASSES:
        return "tonk.action"
    if kind == SessionAction or kind in _SESSION_ACTION_CLASSES:
        return SESSION_ACTION_FORMAT
    raise TypeError(
        "kind must be Rules, GameState, GameRecord, Observation, Game, Session,"
        " HandResult, SimulationResult, TournamentResult, BotError, Action, an"
        f" action class, SessionAction or a session action class, got {brief(kind)}"
    )


def to_dict(value: _Writable) -> dict[str, Any]:
    """Write a value as a JSON-ready dict: a versioned document.

    An observation is written with exactly what its seat may know (every
    field of :class:`~tonk.observation.Observation`, its legal actions in
    action notation), so it is safe to send to that seat.

    Args:
        value: Any kind in the module's table: rules, a state, a record, an
            observation, a game, a session, a hand or run result, a bot error
            or an action.

    Returns:
        A dict of JSON types only (str, int, bool, None, list, dict), starting
        with ``format`` and ``version``.

    Raises:
        TypeError: If ``value`` is none of these.

    Examples:
        >>> import tonk
        >>> data = to_dict(tonk.Rules(hand_size=7))
        >>> data["format"], data["version"], data["hand_size"], data["deal_tonks"]
        ('tonk.rules', 1, 7, [{'totals': [49, 50], 'at_most': None, 'court_cards': None, 'pays': 2, 'claim': 'at_deal', 'tie': None, 'after_spread': False}])
        >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
        >>> to_dict(state)["hands"]
        [['JC', 'QC', '7D', 'AS', 'QS'], ['AC', '2D', '5D', '6H', '2S']]
        >>> seen = to_dict(tonk.observe(state, 1))
        >>> seen["format"], seen["hand"], seen["hand_sizes"], seen["legal_actions"]
        ('tonk.observation', ['AC', '2D', '5D', '6H', '2S'], [5, 5], ['drop', 'draw stock', 'draw discard'])
        >>> result = tonk.simulate(tonk.Rules(), players=2, hands=5, seed=1)
        >>> to_dict(result) == {"format": "tonk.simulation_result", "version": 1, **result.to_dict()}
        True
        >>> to_dict(tonk.BotError("bot 'x' failed: boom", bot="x", deal=2, seat=1, seed=7))
        {'format': 'tonk.bot_error', 'version': 1, 'message': "bot 'x' failed: boom", 'bot': 'x', 'deal': 2, 'seat': 1, 'seed': 7}

    .. versionadded:: 0.1
    .. versionchanged:: 0.2.0
       Writes observations, games, sessions, hand, simulation and tournament
       results and bot errors.
    """  # noqa: E501
    try:
        fmt = _format_of(type(value))
    except TypeError:
        raise TypeError(f"cannot serialize {brief(value)}") from None
    data: dict[str, Any] = {"format": fmt, "version": VERSION}
    if fmt == "tonk.action":
        data["action"] = format_action(value)  # type: ignore[arg-type]
    elif fmt == SESSION_ACTION_FORMAT:
        data["action"] = format_session_action(value)  # type: ignore[arg-type]
        deck = getattr(value, "deck", None)
        if deck is not None:  # a stacked deck (Deal, CallSuit)
            data["deck"] = _DECK.encode(deck)
    elif isinstance(value, Game):
        data.update(object_codec(GameRecord).encode(value.record))
        data["undo"] = value.undo.value
    elif isinstance(value, BotError):
        data.update(_bot_error_fields(value))
    elif fmt in _SUMMARIES:
        data.update(value.to_dict())  # type: ignore[union-attr]
    else:
        data.update(object_codec(type(value)).encode(value))
    return data


@overload
def from_dict(data: Mapping[str, Any], kind: type[_Document]) -> _Document: ...
@overload
def from_dict(data: Mapping[str, Any], kind: types.UnionType) -> Any: ...
@overload
def from_dict(data: Mapping[str, Any], kind: type[_Result]) -> _Result: ...
def from_dict(data: Mapping[str, Any], kind: Any) -> Any:
    """Read a value from a JSON-like dict written by :func:`to_dict`.

    The data is treated as untrusted: it must be exactly a document of the
    ``kind`` asked for, in a version this tonk reads.

    Args:
        data: The document, as parsed JSON (dicts, lists, str, int, bool, None).
        kind: What to read: a class of the module's table
            (:class:`~tonk.rules.Rules`, :class:`~tonk.state.GameState`,
            :class:`~tonk.observation.Observation`, :class:`~tonk.game.Game`,
            :class:`~tonk.bots.TournamentResult` ...), ``tonk.Action`` (any
            action) or one action class.

    Returns:
        The value.

    Raises:
        SerializationError: If anything in the document is wrong: a missing,
            unknown or mistyped field, a bad card, action or version, invalid
            rules, a deal that does not fit them, a state or outcome that
            could not have been reached, an observation that no reachable
            state gives its seat, a game action that is not legal, or parts
            of a session or a result that do not fit together. Its ``path``
            says where.
        TypeError: If ``kind`` is not one of the kinds above.

    Examples:
        >>> import tonk
        >>> rules = tonk.Rules(jokers=2, wilds=tonk.Wilds.JOKERS)
        >>> from_dict(to_dict(rules), tonk.Rules) == rules
        True
        >>> data = to_dict(tonk.Rules())
        >>> data["deal_tonks"][0]["pays"] = 0
        >>> from_dict(data, tonk.Rules)
        Traceback (most recent call last):
        ...
        tonk.errors.SerializationError: $.deal_tonks[0]: a deal tonk must pay at least 1, got 0
        >>> from_dict({"format": "tonk.rules", "version": 2}, tonk.Rules)
        Traceback (most recent call last):
        ...
        tonk.errors.SerializationError: $.version: unsupported version 2 of "tonk.rules": this tonk reads version 1
        >>> seen = to_dict(tonk.observe(tonk.new_game(tonk.Rules(), players=2, seed=7), 0))
        >>> from_dict(seen, tonk.Observation).hand_sizes
        (5, 5)
        >>> seen["stock_size"] = 40
        >>> from_dict(seen, tonk.Observation)
        Traceback (most recent call last):
        ...
        tonk.errors.SerializationError: $: no reachable state gives this observation: the observation does not fit the pack of its rules: 46 unseen cards for 45 hidden places

    .. versionadded:: 0.1
    .. versionchanged:: 0.2.0
       Reads observations (checked against the state they could come from),
       games, sessions, hand, simulation and tournament results and bot
       errors.
    """  # noqa: E501
    fmt = _format_of(kind)
    if json_kind(data) != "object":
        raise SerializationError(f"must be an object, got {show(data)}")
    if "format" not in data:
        raise SerializationError("required field is missing", path="$.format")
    if data["format"] != fmt:
        raise SerializationError(
            f"expected {json.dumps(fmt)}, got {show(data['format'])}", path="$.format"
        )
    if "version" not in data:
        raise SerializationError("required field is missing", path="$.version")
    version = data["version"]
    if json_kind(version) != "int":
        raise SerializationError(
            f"must be an int, got {show(version)}", path="$.version"
        )
    if version != VERSION:
        raise SerializationError(
            f"unsupported version {show(version)} of {json.dumps(fmt)}: this tonk"
            f" reads version {VERSION}",
            path="$.version",
        )
    if fmt == "tonk.action":
        return _action_from_dict(data, kind)
    if fmt == SESSION_ACTION_FORMAT:
        return _session_action_from_dict(data, kind)
    if kind is Game:
        return _game_from_dict(data)
    if kind is BotError:
        return _bot_error_from_dict(data)
    if fmt in _SUMMARIES:
        return _summary_from_dict(data, kind)
    codec = object_codec(kind)
    if kind is GameRecord:
        return _record_from_dict(data, codec)
    value = codec.decode(data, "$", skip=_HEADER)
    if kind is GameState:
        validate(value)
    elif kind is Observation:
        _check_observation(value)
    elif kind is Session:
        _check_session(value)
    elif kind is HandResult:
        _check_hand_result(value, "$")
    return value


def validate(state: GameState) -> None:
    """Check that ``state`` is one the engine could have reached; raise if not.

    The engine trusts its states: :func:`~tonk.engine.apply` and
    :func:`~tonk.engine.legal_actions` do not check them, for speed, and a state
    built or changed by hand (with ``attrs.evolve``, say) may make them fail or
    play on wrongly. Pass every state from an untrusted source here first;
    :func:`from_dict` and :func:`from_json` run exactly these checks on every
    state they read. States the engine made always pass.

    The checks: the table fits the rules; seats are at the table; one value per
    seat where there should be; the cards are exactly the rules' pack, none
    duplicated or missing; hands are sorted and hold the cards known taken;
    spreads are valid books and runs, numbered in order, each laid by the seat
    whose turn it was; the seat to move (or due after a slap-in window) is the
    one whose turn it is, starting from the dealer's left (B6); counters are
    not negative and within their rules; the stock holds what the deal left,
    less at most one card a turn; a card to use (V24d, X8) is one taken from
    the pile; a live hand has a tunker only under last turns, and not to
    move (H6); the waits, going-out bars, hit
    charges, hits of the turn and widow exchanges are what the spreads, the
    hits onto them and the turns played could give (V22-V24b, V46, X7); the
    phase agrees with the slap window, the card to use, the hits and the
    outcome; each hand holds the cards its
    seat was dealt less those it has laid and hit, and one more between its
    draw and its discard (a slap that owes no extra discard, V26, a hit that
    ends the turn, V24c, an emptied hand under the boobed deck, V27, and the
    last turn of a finished hand may leave it a card more); the outcome adds up
    and shows the hands' counts; and a live state offers a legal action.

    Args:
        state: The state to check.

    Raises:
        InvalidStateError: For the first thing wrong, with its
            :attr:`~tonk.errors.SerializationError.path` in the state's JSON
            form.
        TypeError: If ``state`` is not a :class:`~tonk.state.GameState`, or its
            rules, phase, a counter or a seat's wait or flag has the wrong type.

    Examples:
        >>> import attrs, tonk
        >>> state = tonk.new_game(tonk.Rules(), players=3, seed=7, dealer=0)
        >>> validate(state)
        >>> validate(attrs.evolve(state, to_move=2))
        Traceback (most recent call last):
        ...
        tonk.errors.InvalidStateError: $.to_move: seat 1 is to move, not seat 2: the dealer's left plays the first turn, then play goes left (B6)
        >>> validate(attrs.evolve(state, phase=tonk.Phase.AFTER_DRAW))
        Traceback (most recent call last):
        ...
        tonk.errors.InvalidStateError: $.hands[1]: seat 1 holds 5 cards, but with the cards it has placed and the phase after_draw it must hold 6

    .. versionadded:: 0.2
    """  # noqa: E501
    if not isinstance(state, GameState):
        raise wrong_type("state", GameState, state)
    check_state(state)


_SEAT_COUNTS = ("taken", "waits", "going_out_barred", "hit_this_round")
"""The observation's fields with one value per seat."""
_CHECK_SEED = 0
"""The seed of the deal of the hidden cards an observation is checked with."""


def _check_observation(observation: Observation) -> None:
    """Refuse an observation that no state the engine could reach gives its seat.

    The hidden cards are dealt (:func:`_sample`), the state so made is checked
    as :func:`validate` checks it, and it must give the seat back exactly this
    observation: its legal actions, its shown hands and every count included.
    """
    players = len(observation.hand_sizes)
    for name in _SEAT_COUNTS:
        _check_per_seat(getattr(observation, name), players, child("$", name))
    if observation.shown_hands is not None:
        _check_per_seat(observation.shown_hands, players, "$.shown_hands")
    if observation.exchanged:  # V46: one flag per seat, or none without widows
        _check_per_seat(observation.exchanged, players, "$.exchanged")
    for name in ("seat", "dealer", "to_move"):
        _check_seats([getattr(observation, name)], players, child("$", name))
    try:
        state = _sample(observation)
    except (RulesError, SerializationError) as error:
        raise SerializationError(
            f"no reachable state gives this observation: {_bare(error)}"
        ) from None
    again = observe(state, observation.seat)
    for name in _OBSERVATION_FIELDS:
        if getattr(again, name) != getattr(observation, name):
            raise SerializationError(
                "does not agree with the rest of the observation",
                path=child("$", name),
            )
    assert again == observation


_DEALS = 2000
"""How many deals of an observation's hidden cards :func:`_sample` tries."""


def _sample(observation: Observation) -> GameState:
    """Deal an observation's hidden cards into a state that passes the checks.

    :func:`~tonk.observation.determinize` trusts its observation: when another
    seat must act with a card it took (V24d) or under must-spread (V21), it
    deals again until that seat can act, and a forged observation may let it
    deal for ever. So the deal is made here as if the observing seat were to
    move (the seat to move decides nothing in the deal), the seat to move is
    put back into the state, and the state is checked: a fault in its shape
    refuses the observation at once; a seat to move with no legal action only
    this deal, up to :data:`_DEALS` deals (one seeded random source, so an
    observation is always read the same way).

    Raises:
        RulesError: If the observation does not fit its rules' pack.
        InvalidStateError: If no state with this observation passes the checks.
    """
    loose = attrs.evolve(observation, to_move=observation.seat)
    rng = random.Random(_CHECK_SEED)
    for _ in range(_DEALS):
        state = attrs.evolve(determinize(loose, rng), to_move=observation.to_move)
        try:
            check_state(state)
        except InvalidStateError as error:
            if error.path != "$":  # not the seat to move's lack of a legal action
                raise
            continue
        return state
    raise InvalidStateError(
        f"no deal of the hidden cards in {_DEALS} lets seat {observation.to_move} act"
    )


_OBSERVATION_FIELDS = tuple(field.name for field in attrs.fields(Observation))


def _bare(error: Exception) -> str:
    """Return an error's message without the path a SerializationError adds."""
    if isinstance(error, SerializationError):
        return str(error).removeprefix(f"{error.path}: ")
    return str(error)


def _action_from_dict(data: Mapping[str, Any], kind: Any) -> Action:
    action: Action = _notation_from_dict(data, kind, ACTION, _ACTION_CLASSES)
    return action


def _session_action_from_dict(data: Mapping[str, Any], kind: Any) -> SessionAction:
    action: SessionAction = _notation_from_dict(
        data, kind, _SESSION_ACTION, _SESSION_ACTION_CLASSES, extra="deck"
    )
    if "deck" in data:
        if not isinstance(action, Deal | CallSuit):
            raise SerializationError(
                "only a deal or a suit call has a deck", path="$.deck"
            )
        action = attrs.evolve(action, deck=_DECK.decode(data["deck"], "$.deck"))
    return action


def _notation_from_dict(
    data: Mapping[str, Any],
    kind: Any,
    codec: _Text,
    classes: tuple[type, ...],
    extra: str | None = None,
) -> Any:
    """Read the ``action`` of an action's document, of ``kind`` if a class."""
    for key in data:
        if key not in _HEADER and key != "action" and key != extra:
            raise SerializationError("unknown field", path=child("$", str(key)))
    if "action" not in data:
        raise SerializationError("required field is missing", path="$.action")
    action = codec.decode(data["action"], "$.action")
    if kind in classes and not isinstance(action, kind):
        raise SerializationError(
            f"expected a {kind.__name__} action, got {show(data['action'])}",
            path="$.action",
        )
    return action


def _check_seats(values: Iterable[int], players: int, path: str) -> None:
    for value in values:
        if not 0 <= value < players:
            raise SerializationError(
                f"seat {value} is not at the table of {players}", path=path
            )


def _check_per_seat(values: tuple[object, ...], players: int, path: str) -> None:
    if len(values) != players:
        raise SerializationError(
            f"must have one value per seat ({players}), got {len(values)}", path=path
        )


def _check_hand_result(result: HandResult, path: str) -> None:
    """Refuse a hand result whose parts do not fit its table."""
    players = len(result.players)
    _check_seats([result.dealer], players, child(path, "dealer"))
    for name in ("counts", "push_ups"):
        _check_per_seat(getattr(result, name), players, child(path, name))
    for index, payment in enumerate(result.side):
        _check_seats([payment.seat], players, f"{child(path, 'side')}[{index}]")
    if result.number < 1:
        raise SerializationError("must be at least 1", path=child(path, "number"))
    if result.stakes not in (1, 2):
        raise SerializationError("must be 1 or 2", path=child(path, "stakes"))
    check_outcome(result.outcome, players, child(path, "outcome"))


def _check_session(session: Session) -> None:
    """Refuse a session whose parts do not fit together.

    The seats have distinct names, each one :func:`~tonk.new_session` takes,
    and a ledger entry each, the seed has at most 1,000 digits, the dealer and
    every seat named are at the table, a hand is in play exactly in the
    playing phase and seats are left to bet exactly in the betting phase, the
    hand (in play, or the last one) is a state the engine could reach under
    the session's rules at its table, and the last hand's result fits its own
    table.
    """
    players = len(session.players)
    names = [name for name, _ in session.ledger]
    if len(set(session.players)) != players:
        raise SerializationError("the names are not distinct", path="$.players")
    for index, name in enumerate(session.players):
        try:
            _check_name(name)  # as new_session and join check it
        except SessionError as error:
            raise SerializationError(str(error), path=f"$.players[{index}]") from None
    problem = None if session.seed is None else seed_problem(session.seed)
    if problem is not None:
        raise SerializationError(problem, path="$.seed")
    for field in ("ledger", "push_up_totals"):
        listed = [name for name, _ in getattr(session, field)]
        if len(set(listed)) != len(listed) or not set(session.players) <= set(listed):
            raise SerializationError(
                "must list every seated player once", path=child("$", field)
            )
    _check_seats([session.dealer], players, "$.dealer")
    _check_seats(session.betting, players, "$.betting")
    _check_seats(session.suit_bettors, players, "$.suit_bettors")
    _check_seats(session.suit_winners, players, "$.suit_winners")
    if session.naturals_winner is not None:
        # Until the next deal, a seat of the last hand: players may have left since.
        seats = players
        if session.phase is not SessionPhase.PLAYING and session.last is not None:
            seats = len(session.last.players)
        _check_seats([session.naturals_winner], seats, "$.naturals_winner")
    if not session.naturals_players <= set(names):
        raise SerializationError(
            "names a player not in the ledger", path="$.naturals_players"
        )
    hand = session.hand
    live = hand is not None and hand.outcome is None
    if live != (session.phase is SessionPhase.PLAYING):
        raise SerializationError(
            "a hand is in play in the playing phase, and in no other", path="$.phase"
        )
    if bool(session.betting) != (session.phase is SessionPhase.BETTING):
        raise SerializationError(
            "seats are left to bet in the betting phase, and in no other",
            path="$.betting",
        )
    if session.last is not None:
        _check_hand_result(session.last, "$.last")
    if hand is None:
        return
    if session.phase is not SessionPhase.PLAYING and session.last is not None:
        players = len(session.last.players)  # the last hand, seats since left
    if hand.rules != session.rules or len(hand.hands) != players:
        raise SerializationError(
            "the hand is not played under the session's rules at its table",
            path="$.hand",
        )
    try:
        check_state(hand)
    except SerializationError as error:
        raise SerializationError(
            _bare(error), path="$.hand" + error.path.removeprefix("$")
        ) from None


# --- results: their own ``to_dict()`` summary, read back and checked ---------------


@attrs.frozen
class _Summary:
    """How a result's ``to_dict()`` summary differs from its fields' JSON form.

    The summary writes counts of ways hands ended as objects (``{"drop_won":
    3}``, read most frequent first whatever the order of the keys), exact
    totals as strings (``"-3/2"``) and figures derived from the fields (mean
    payoffs, win rates) as numbers. Reading undoes the first two,
    reads the fields, then writes the summary again: the derived figures and
    everything else must agree with it.
    """

    counts: tuple[str, ...] = ()
    """Fields of ``(kind, count)`` pairs, written as objects."""
    stakes: tuple[str, ...] = ()
    """Fields of exact totals (one, or one per seat), written as strings."""
    derived: tuple[str, ...] = ()
    """Keys written from properties; not read, only checked."""
    per_seat: tuple[str, ...] = ()
    """The keys that give one figure per seat (exact totals or derived)."""
    nested: tuple[str, ...] = ()
    """Fields holding a list of summarized records (a tournament's bots)."""


_BOT_RECORD = _Summary(
    counts=("won_by",), stakes=("total_payoff",), derived=("win_rate", "mean_payoff")
)
_SUMMARIES = {
    "tonk.simulation_result": _Summary(
        counts=("outcomes",),
        stakes=("total_payoffs",),
        derived=("mean_payoffs", "mean_actions"),
        per_seat=("total_payoffs", "mean_payoffs"),
    ),
    TOURNAMENT_FORMAT: _Summary(counts=("outcomes",), nested=("bots",)),
}
_STAKE_TEXT = re.compile(r"-?(?:0|[1-9][0-9]*)(?:/[1-9][0-9]*)?")
_OUTCOME_KIND = codec_for(OutcomeKind)
_COUNT = codec_for(int)


def _stake_from_text(data: object, path: str) -> Any:
    """Return the codec's form of an exact total written as a string."""
    if not isinstance(data, str) or _STAKE_TEXT.fullmatch(data) is None:
        raise SerializationError(
            f'must be an exact number as a string such as "-3/2", got {show(data)}',
            path=path,
        )
    if "/" in data:
        return data
    number = read_int(data, signed=True)
    if number is None:
        raise SerializationError(f"{show(data)} has too many digits", path=path)
    return number


def _fields_of_summary(
    data: Mapping[str, Any], summary: _Summary, path: str
) -> dict[str, Any]:
    """Return the fields' JSON form of a summary (see :class:`_Summary`)."""
    if json_kind(data) != "object":
        raise SerializationError(f"must be an object, got {show(data)}", path=path)
    fields = dict(data)
    for name in summary.derived:
        if name not in fields:
            raise SerializationError(
                "required field is missing", path=child(path, name)
            )
        del fields[name]
    for name in summary.counts:
        if name in fields:
            where = child(path, name)
            counts = fields[name]
            if json_kind(counts) != "object":
                raise SerializationError(
                    f"must be an object of counts, got {show(counts)}", path=where
                )
            for kind, count in counts.items():
                if not isinstance(kind, str):
                    raise SerializationError(
                        f"keys must be strings, got {show(kind)}", path=where
                    )
                at = child(where, kind)
                _OUTCOME_KIND.decode(kind, at)
                if _COUNT.decode(count, at) < 0:
                    raise SerializationError(
                        f"must be 0 or more, got {brief(count)}", path=at
                    )
            # Most frequent first, as results hold them, whatever the keys' order.
            ordered = sorted(counts.items(), key=lambda pair: -pair[1])
            fields[name] = [[kind, count] for kind, count in ordered]
    for name in summary.stakes:
        if name in fields:
            where = child(path, name)
            if name not in summary.per_seat:
                fields[name] = _stake_from_text(fields[name], where)
            elif json_kind(fields[name]) == "list":
                fields[name] = [
                    _stake_from_text(total, item(where, index))
                    for index, total in enumerate(fields[name])
                ]
            else:
                raise SerializationError(
                    'must be a list of exact numbers as strings such as "-3/2",'
                    f" got {show(fields[name])}",
                    path=where,
                )
    for name in summary.nested:
        if name in fields and json_kind(fields[name]) == "list":
            where = child(path, name)
            fields[name] = [
                _fields_of_summary(record, _BOT_RECORD, item(where, index))
                for index, record in enumerate(fields[name])
            ]
    return fields


def _first_difference(written: Any, given: Any, path: str) -> str | None:
    """Return the path of the first place ``given`` differs from ``written``."""
    if isinstance(written, dict) and isinstance(given, Mapping):
        for key, value in written.items():
            found = _first_difference(value, given.get(key), child(path, key))
            if found is not None:
                return found
        return None
    if isinstance(written, list) and isinstance(given, list | tuple):
        if len(written) != len(given):
            return path
        for index, (one, other) in enumerate(zip(written, given, strict=True)):
            found = _first_difference(one, other, item(path, index))
            if found is not None:
                return found
        return None
    same = json_kind(written) == json_kind(given) and written == given
    return None if same else path


def _summary_from_dict(data: Mapping[str, Any], kind: Any) -> Any:
    """Read a result from its summary; it must be exactly what it writes."""
    fmt = _format_of(kind)
    fields = _fields_of_summary(data, _SUMMARIES[fmt], "$")
    value = object_codec(kind).decode(fields, "$", skip=_HEADER)
    _check_totals(value)
    try:
        written = value.to_dict()
    except OverflowError:
        raise SerializationError(
            "a total is too large for its mean to be a number"
        ) from None
    different = _first_difference(written, data, "$")
    if different is not None:
        raise SerializationError(
            "does not agree with the rest of the document", path=different
        )
    return value


_MOST_ACTIONS = 10**6
"""The most actions a hand of a simulation's document may average (far more
than any hand the turn limit allows, few enough for its mean to be a float)."""


def _check_totals(result: Any) -> None:
    """Refuse a result whose counts and totals do not add up."""
    if result.players < 2:
        raise SerializationError("must be at least 2", path="$.players")
    if not 1 <= result.hands <= MOST_HANDS:
        raise SerializationError(
            f"must be 1..{MOST_HANDS}, got {brief(result.hands)}", path="$.hands"
        )
    if isinstance(result, SimulationResult) and not (
        0 <= result.actions <= result.hands * _MOST_ACTIONS
    ):
        raise SerializationError(
            f"must be 0..{_MOST_ACTIONS} a hand, got {brief(result.actions)}",
            path="$.actions",
        )
    if sum(count for _, count in result.outcomes) != result.hands:
        raise SerializationError(
            f"the counts do not add up to the {result.hands} hands played",
            path="$.outcomes",
        )
    if isinstance(result, SimulationResult):
        totals = result.total_payoffs
        _check_per_seat(totals, result.players, "$.total_payoffs")
        where = "$.total_payoffs"
    else:
        totals = tuple(record.total_payoff for record in result.bots)
        _check_per_seat(totals, result.players, "$.bots")
        where = "$.bots"
        for index, record in enumerate(result.bots):
            _check_bot_record(record, result.hands, f"$.bots[{index}]")
    if sum(totals) != 0:
        raise SerializationError("the payoffs do not sum to zero", path=where)


def _check_bot_record(record: Any, hands: int, path: str) -> None:
    if record.hands != hands:
        raise SerializationError(
            f"every bot plays all {hands} hands", path=child(path, "hands")
        )
    for name in ("wins", "caught"):
        count = getattr(record, name)
        if not 0 <= count <= hands:
            raise SerializationError(
                f"must be 0..{hands}, got {brief(count)}", path=child(path, name)
            )
    if sum(count for _, count in record.won_by) != record.wins:
        raise SerializationError(
            f"the counts do not add up to the {record.wins} wins",
            path=child(path, "won_by"),
        )


# --- bot errors -----------------------------------------------------------------

_BOT_ERROR_FIELDS = {
    "message": codec_for(str),
    "bot": codec_for(str),
    "deal": codec_for(int | None),
    "seat": codec_for(int | None),
    "seed": codec_for(int | None),
}


def _bot_error_fields(error: BotError) -> dict[str, Any]:
    """Return a bot error as data: its message and where it happened."""
    return {
        "message": str(error),
        "bot": error.bot,
        "deal": error.deal,
        "seat": error.seat,
        "seed": error.seed,
    }


def _bot_error_from_dict(data: Mapping[str, Any]) -> BotError:
    for key in data:
        if key not in _HEADER and key not in _BOT_ERROR_FIELDS:
            raise SerializationError("unknown field", path=child("$", str(key)))
    values = {}
    for name, codec in _BOT_ERROR_FIELDS.items():
        if name in data:
            values[name] = codec.decode(data[name], child("$", name))
        elif name in ("message", "bot"):
            raise SerializationError("required field is missing", path=child("$", name))
    for name in ("deal", "seat"):
        if values.get(name) is not None and values[name] < 0:
            raise SerializationError("must not be negative", path=child("$", name))
    seed = values.get("seed")
    problem = None if seed is None else seed_problem(seed)
    if problem is not None:
        raise SerializationError(problem, path="$.seed")
    message = values.pop("message")
    return BotError(message, **values)


def _game_from_dict(data: Mapping[str, Any]) -> Game:
    """Read a game: a record's fields and ``undo``; its actions are replayed."""
    undo = Undo.ANY
    if "undo" in data:
        undo = codec_for(Undo).decode(data["undo"], "$.undo")
    record = _record_from_dict(data, object_codec(GameRecord), skip=_HEADER | {"undo"})
    try:
        return Game.from_record(record, undo=undo)
    except IllegalActionError as error:
        raise SerializationError(
            str(error).partition(": ")[2], path=f"$.actions[{error.index}]"
        ) from None
    except ReplayError as error:
        raise SerializationError(str(error), path="$.outcome") from None


def _record_from_dict(
    data: Mapping[str, Any], codec: Object, *, skip: frozenset[str] = _HEADER
) -> GameRecord:
    values = codec.decode_fields(data, "$", skip=skip)
    problem = _problem(
        values["rules"],
        values["players"],
        values.get("dealer", 0),
        values.get("seed"),
        values.get("deck"),
    )
    if problem is not None:
        field, message = problem
        raise SerializationError(message, path=child("$", field))
    record: GameRecord = codec.build(values, "$")
    if record.outcome is not None:
        check_outcome(record.outcome, record.players, "$.outcome")
    return record


_MOST_INDENT = 100
"""The widest indent :func:`to_json` writes (a huge one would fill the memory)."""


def to_json(value: _Writable, *, indent: int | None = None) -> str:
    """Write a value as a JSON document (see :func:`to_dict`).

    Args:
        value: Any kind in the module's table: rules, a state, a record, an
            observation, a game, a session, a hand or run result, a bot error
            or an action.
        indent: Indent nested values by this many spaces (0 to 100), one a
            line; ``None`` writes everything on one line, without spaces.

    Returns:
        The JSON text, ASCII only.

    Raises:
        TypeError: If ``value`` is none of the kinds above, or ``indent`` is
            neither an int nor ``None``.
        ValueError: If ``indent`` is not 0..100.

    Examples:
        >>> import tonk
        >>> to_json(tonk.Hit(2, tonk.WildCard.parse("JK=10H")))
        '{"format":"tonk.action","version":1,"action":"hit 2 JK=10H"}'
        >>> to_json(tonk.Drop(), indent=" ")
        Traceback (most recent call last):
        ...
        TypeError: indent must be an int or None, got ' '

    .. versionadded:: 0.1
    """
    if indent is not None:
        if not is_int(indent):
            raise TypeError(f"indent must be an int or None, got {brief(indent)}")
        if not 0 <= indent <= _MOST_INDENT:
            raise ValueError(f"indent must be 0..{_MOST_INDENT}, got {brief(indent)}")
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(to_dict(value), indent=indent, separators=separators)


@overload
def from_json(
    text: str | bytes | bytearray,
    kind: type[_Document],
    *,
    max_bytes: int = ...,
    max_depth: int = ...,
) -> _Document: ...
@overload
def from_json(
    text: str | bytes | bytearray,
    kind: types.UnionType,
    *,
    max_bytes: int = ...,
    max_depth: int = ...,
) -> Any: ...
@overload
def from_json(
    text: str | bytes | bytearray,
    kind: type[_Result],
    *,
    max_bytes: int = ...,
    max_depth: int = ...,
) -> _Result: ...
def from_json(
    text: str | bytes | bytearray,
    kind: Any,
    *,
    max_bytes: int = MAX_BYTES,
    max_depth: int = MAX_DEPTH,
) -> Any:
    """Read a value from untrusted JSON text (see :func:`from_dict`).

    Before parsing, the text is refused if it is longer than ``max_bytes`` or
    nests lists and objects deeper than ``max_depth``. Repeated keys in an
    object, ``NaN`` and ``Infinity`` are refused too.

    Args:
        text: The JSON document, as text or UTF-8 bytes.
        kind: What to read, as for :func:`from_dict`.
        max_bytes: The largest document read, in bytes (of UTF-8).
        max_depth: The deepest nesting of lists and objects read.

    Returns:
        The value.

    Raises:
        SerializationError: If the text is too large, too deep or not JSON, or
            as :func:`from_dict` raises it.
        TypeError: If ``text`` is not text or bytes, ``kind`` is not a kind
            of document, or a limit is not an int.

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.Rules(), players=3, seed=1)
        >>> from_json(to_json(state), tonk.GameState) == state
        True
        >>> from_json("[" * 100 + "]" * 100, tonk.GameState)
        Traceback (most recent call last):
        ...
        tonk.errors.SerializationError: $: the document nests lists and objects more than 16 deep
        >>> from_json('{"format": "tonk.action", "version": 1, "action": "hit 2 1H"}', tonk.Action)
        Traceback (most recent call last):
        ...
        tonk.errors.SerializationError: $.action: must be an action such as "draw stock" or "hit 2 10H", got "hit 2 1H"

    .. versionadded:: 0.1
    """  # noqa: E501
    _format_of(kind)
    for name, limit in (("max_bytes", max_bytes), ("max_depth", max_depth)):
        if not is_int(limit):
            raise TypeError(f"{name} must be an int, got {brief(limit)}")
    return from_dict(load_json(text, max_bytes=max_bytes, max_depth=max_depth), kind)


def legal_actions_to_dict(value: GameState | Observation) -> dict[str, Any]:
    """Write the legal actions of a state or an observation, with their indices.

    The listing a table sends a seat that must act: each legal action in
    action notation (what :func:`tonk.parse_action` reads) and its index in
    the action layout of :mod:`tonk.encoding` (what
    :func:`tonk.encoding.index_to_action` reads), in the order of
    :func:`tonk.legal_actions`. A client may answer with either. A tunk
    (H5), whose arrangement the layout does not number, has the index
    ``null``. The listing is a derived view: there is no reader for it, and
    its schema is ``json_schema("tonk.legal_actions")``.

    Args:
        value: A state (the actions of the seat to move) or an observation
            (its seat's actions: none unless the seat is to move).

    Returns:
        A document with ``format`` ``"tonk.legal_actions"``, ``version``,
        ``seat`` (the seat the actions are for) and ``actions``, a list of
        objects with ``action`` and ``index``.

    Raises:
        TypeError: If ``value`` is neither a state nor an observation.

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
        >>> legal_actions_to_dict(state)
        {'format': 'tonk.legal_actions', 'version': 1, 'seat': 1, 'actions': [{'action': 'drop', 'index': 0}, {'action': 'draw stock', 'index': 1}, {'action': 'draw discard', 'index': 2}]}
        >>> legal_actions_to_dict(tonk.observe(state, 0))["actions"]
        []

    .. versionadded:: 0.2.0
    """  # noqa: E501
    if isinstance(value, Observation):
        seat, actions, players = value.seat, value.legal_actions, value.player_count
    elif isinstance(value, GameState):
        seat, actions, players = value.to_move, legal_actions(value), len(value.hands)
    else:
        raise TypeError(
            f"expected a GameState or an Observation, got {type(value).__name__}"
        )
    rules = value.rules
    return {
        "format": LEGAL_ACTIONS_FORMAT,
        "version": VERSION,
        "seat": seat,
        "actions": [
            {
                "action": format_action(action),
                "index": None
                if action.__class__ is Tunk
                else action_to_index(action, rules, players),
            }
            for action in actions
        ],
    }


def json_schema(kind: type | types.UnionType | str) -> dict[str, Any]:
    """Return the published JSON Schema (draft 2020-12) of a kind of document.

    The schemas ship with the package, in ``tonk/schemas/``. They describe the
    shape of a document: fields, types, card and action notation. Reading
    checks more (rules that fit together, a deal that fits the rules, states
    that could be reached), so a document the schema accepts may still be
    refused by :func:`from_dict`; one the schema refuses always is.

    Args:
        kind: A kind that :func:`from_dict` reads
            (:class:`~tonk.rules.Rules`, :class:`~tonk.state.GameState`,
            :class:`~tonk.records.GameRecord`,
            :class:`~tonk.observation.Observation`, ``tonk.Action`` ...), or
            the ``format`` of a document, such as ``"tonk.legal_actions"``.

    Returns:
        The schema, a new dict each call.

    Raises:
        TypeError: If ``kind`` is not a kind of document, nor the format of
            one.

    Examples:
        >>> import tonk
        >>> schema = json_schema(tonk.GameRecord)
        >>> schema["title"], schema["required"]
        ('tonk game record', ['format', 'version', 'rules', 'players'])
        >>> schema["properties"]["actions"]["items"]["pattern"][:30]
        '^(?:drop|claim|pass|draw stock'
        >>> json_schema("tonk.legal_actions")["title"]
        'tonk legal actions'

    .. versionadded:: 0.1
    .. versionchanged:: 0.2.0
       Takes a document's format too.
    """
    if isinstance(kind, str):
        if kind not in _SCHEMA_FILES:
            raise TypeError(
                f"no document has the format {show(kind)}; the formats are"
                f" {', '.join(_SCHEMA_FILES)}"
            )
        name = _SCHEMA_FILES[kind]
    else:
        name = _SCHEMA_FILES[_format_of(kind)]
    text = resources.files("tonk").joinpath("schemas", name).read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


_TITLES = {
    "tonk.rules": "tonk rules",
    "tonk.state": "tonk game state",
    RECORD_FORMAT: "tonk game record",
    "tonk.action": "tonk action",
    "tonk.observation": "tonk observation",
    "tonk.game": "tonk game",
    "tonk.session": "tonk session",
    "tonk.hand_result": "tonk hand result",
    "tonk.simulation_result": "tonk simulation result",
    TOURNAMENT_FORMAT: "tonk tournament result",
    "tonk.bot_error": "tonk bot error",
    LEGAL_ACTIONS_FORMAT: "tonk legal actions",
    SESSION_ACTION_FORMAT: "tonk session action",
}
_DESCRIPTIONS = {
    "tonk.rules": "The options of a hand of Tonk (tonk.Rules); an option left out"
    " takes its default.",
    "tonk.state": "One moment of a hand of Tonk (tonk.GameState), hidden cards"
    " included.",
    RECORD_FORMAT: "A hand of Tonk as its rules, table, deal (a seed or a stacked"
    " deck), actions in action notation and outcome (tonk.GameRecord).",
    "tonk.action": "One action in action notation.",
    "tonk.observation": "What one seat may know of a hand of Tonk, with perfect"
    " memory (tonk.Observation): its own hand, the size of every hand, the"
    " table and every public fact, and nothing else.",
    "tonk.game": "A hand of Tonk with its history (tonk.Game): the fields of its"
    " record (rules, table, deal, actions, outcome) and its undo policy.",
    "tonk.session": "A sitting of many hands of Tonk (tonk.Session): seats,"
    " dealer, the hand in play with every card, the ledger and the pots.",
    "tonk.hand_result": "How one hand of a session was settled (tonk.HandResult).",
    "tonk.simulation_result": "The statistics of a run of random hands"
    " (tonk.SimulationResult.to_dict()): exact totals as strings, counts of"
    " outcomes by kind, and the means they give.",
    TOURNAMENT_FORMAT: "The results of a tournament of bots"
    " (tonk.bots.TournamentResult.to_dict()): every bot's record, exact totals"
    " as strings, counts of outcomes by kind.",
    "tonk.bot_error": "A bot that failed (tonk.BotError), as data: its message,"
    " the bot, and the deal, seat and seed where it failed.",
    LEGAL_ACTIONS_FORMAT: "The legal actions of the seat to act, each in action"
    " notation with its index in the action layout of tonk.encoding, in the"
    " order of tonk.legal_actions.",
    SESSION_ACTION_FORMAT: "One action of a session between hands (tonk.Deal,"
    " tonk.CallBigOne, tonk.CallSuit, tonk.SideBets) in its notation, with the"
    " stacked deck of a deal or a suit call if it has one.",
}


def _build_schema(fmt: str) -> dict[str, Any]:
    """Return the JSON Schema of documents of format ``fmt``, built from the codecs."""
    header = {"format": {"const": fmt}, "version": {"const": VERSION}}
    defs: dict[str, Any] = {}
    body: dict[str, Any]
    if fmt == LEGAL_ACTIONS_FORMAT:
        body = _legal_actions_schema(header, defs)
    elif fmt == "tonk.game":
        body = object_codec(GameRecord).object_schema(defs, header=header)
        body["properties"]["undo"] = codec_for(Undo).schema(defs)
    elif fmt == "tonk.action":
        body = {
            "type": "object",
            "properties": {**header, "action": ACTION.schema(defs)},
            "required": ["format", "version", "action"],
            "additionalProperties": False,
        }
    elif fmt == SESSION_ACTION_FORMAT:
        body = {
            "type": "object",
            "properties": {
                **header,
                "action": _SESSION_ACTION.schema(defs),
                "deck": _DECK.schema(defs),
            },
            "required": ["format", "version", "action"],
            "additionalProperties": False,
            # Only a deal or a suit call deals, and may have a stacked deck.
            "if": {"properties": {"action": {"pattern": "^(?:call big one|bet )"}}},
            "then": {"not": {"required": ["deck"]}},
        }
    elif fmt == "tonk.bot_error":
        body = _bot_error_schema(header)
    else:
        kind = next(cls for cls, name in _FORMATS.items() if name == fmt)
        body = object_codec(kind).object_schema(defs, header=header)
        if fmt in _SUMMARIES:
            _summary_schema(body, _SUMMARIES[fmt], defs)
    body.pop("description", None)
    schema: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": _TITLES[fmt],
        "description": f"{_DESCRIPTIONS[fmt]} Format {fmt!r}, version {VERSION}.",
        **body,
    }
    if defs:
        schema["$defs"] = dict(sorted(defs.items()))
    return schema


def _bot_error_schema(header: dict[str, Any]) -> dict[str, Any]:
    place = {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "null"}]}
    return {
        "type": "object",
        "properties": {
            **header,
            "message": {"type": "string"},
            "bot": {"type": "string"},
            "deal": place,
            "seat": place,
            "seed": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
        },
        "required": ["format", "version", "message", "bot"],
        "additionalProperties": False,
    }


def _summary_schema(
    schema: dict[str, Any], summary: _Summary, defs: dict[str, Any]
) -> None:
    """Change a result's fields' schema into its summary's (see :class:`_Summary`)."""
    properties = schema["properties"]
    kinds = {"enum": [kind.value for kind in OutcomeKind]}
    for name in summary.counts:
        properties[name] = {
            "type": "object",
            "propertyNames": kinds,
            "additionalProperties": {"type": "integer", "minimum": 0},
        }
    stake = {"type": "string", "pattern": f"^{_STAKE_TEXT.pattern}$"}
    for name in summary.stakes:
        per_seat = name in summary.per_seat
        properties[name] = {"type": "array", "items": stake} if per_seat else stake
    for name in summary.derived:
        number = {"type": "number"}
        per_seat = name in summary.per_seat
        properties[name] = {"type": "array", "items": number} if per_seat else number
        schema["required"].append(name)
    if summary.nested:
        _summary_schema(defs["BotRecord"], _BOT_RECORD, defs)


def _legal_actions_schema(
    header: dict[str, Any], defs: dict[str, Any]
) -> dict[str, Any]:
    entry = {
        "type": "object",
        "properties": {
            "action": ACTION.schema(defs),
            "index": {"type": ["integer", "null"], "minimum": 0},
        },
        "required": ["action", "index"],
        "additionalProperties": False,
    }
    return {
        "type": "object",
        "properties": {
            **header,
            "seat": {"type": "integer", "minimum": 0},
            "actions": {"type": "array", "items": entry},
        },
        "required": ["format", "version", "seat", "actions"],
        "additionalProperties": False,
    }


def _schema_texts() -> dict[str, str]:
    """Return the text of every schema file, by file name (for the package data)."""
    return {
        name: json.dumps(_build_schema(fmt), indent=2) + "\n"
        for fmt, name in _SCHEMA_FILES.items()
    }


def _write_schemas() -> None:
    """Write the schema files into the source tree (run after changing a class).

    ``PYTHONPATH=src python -c "from tonk.serialization import _write_schemas;
    _write_schemas()"``; a test fails while a shipped schema is stale.
    """
    directory = Path(__file__).parent / "schemas"
    for name, text in _schema_texts().items():
        (directory / name).write_text(text, encoding="utf-8")
