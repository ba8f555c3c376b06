r"""Game records: a hand kept as its deal and its actions, replayed on demand.

A :class:`GameRecord` holds what it takes to play a hand again: the rules, the
table (players and dealer), the deal (a seed or a stacked deck) and the
actions, with the outcome if the hand is over. :func:`replay` deals and plays
it again, checking every action, and yields each state. A record has a plain
text form (:func:`format_record`, :func:`parse_record`) and a JSON form
(:func:`tonk.to_json`, :func:`tonk.from_json`).

Examples:
    >>> import tonk
    >>> record = GameRecord.start(tonk.Rules(), players=2, seed=7)
    >>> state = record.initial_state()
    >>> for text in ["draw stock", "discard 9C", "drop"]:
    ...     action = tonk.parse_action(state, text)
    ...     state = tonk.apply(state, action)
    ...     record = record.then(action)
    >>> record = record.with_outcome(state.outcome)
    >>> print(format_record(record), end="")
    [Format "tonk.record"]
    [Version "1"]
    [Preset "pagat"]
    [Players "2"]
    [Dealer "0"]
    [Seed "7"]
    [Outcome "{\"kind\":\"caught\",\"payoffs\":[-2,2],\"winners\":[1],\"transfers\":[{\"payer\":0,\"payee\":1,\"amount\":2,\"reason\":\"catcher\"}],\"counts\":[38,16],\"dropper\":0}"]
    <BLANKLINE>
    draw stock
    discard 9C
    drop
    >>> [state.phase.value for state in replay(record)]
    ['turn_start', 'after_draw', 'turn_start', 'hand_over']
"""  # noqa: E501

from __future__ import annotations

import json
import random
import re
import typing
from collections.abc import Iterable, Iterator
from typing import Any

import attrs

from tonk import _present, presets
from tonk._checks import check_outcome
from tonk._codec import MAX_BYTES, MAX_DEPTH, load_json, object_codec
from tonk._deal import checked_deck
from tonk._deck import to_deck
from tonk._validate import (
    MAX_DIGITS,
    brief,
    is_int,
    is_text,
    read_int,
    seed_problem,
    wrong_type,
)
from tonk.actions import Action, format_action
from tonk.cards import Card, parse_cards
from tonk.engine import apply, new_game
from tonk.errors import (
    IllegalActionError,
    NotationError,
    ReplayError,
    RulesError,
    SerializationError,
    TonkError,
)
from tonk.notation import _parse_action
from tonk.rules import Rules
from tonk.state import GameState, Outcome

__all__ = ["GameRecord", "format_record", "parse_record", "replay"]

RECORD_FORMAT = "tonk.record"
"""The ``format`` of a game record, in its text and JSON forms."""
RECORD_VERSION = 1
"""The version of the record forms this module writes and reads."""

_ACTION_TYPES: tuple[type, ...] = typing.get_args(Action)


def _to_actions(actions: Iterable[Action]) -> tuple[Action, ...]:
    if is_text(actions):
        raise TypeError(f"actions must be a sequence of actions, got {brief(actions)}")
    result = tuple(actions)
    for action in result:
        if not isinstance(action, _ACTION_TYPES):
            raise TypeError(f"not a tonk action: {brief(action)}")
    return result


def _problem(
    rules: Rules, players: int, dealer: int, seed: int | None, deck: Any
) -> tuple[str, str] | None:
    """Return the field and the message of the first thing wrong with a deal.

    The values have the right types; this checks that they fit together.
    """
    if not 2 <= players <= rules.max_players:
        return "players", (
            f"players must be 2..{rules.max_players} under these rules,"
            f" got {brief(players)}"
        )
    if not 0 <= dealer < players:
        return "dealer", f"dealer must be a seat 0..{players - 1}, got {brief(dealer)}"
    problem = None if seed is None else seed_problem(seed)
    if problem is not None:
        return "seed", problem
    if seed is not None and deck is not None:
        return "deck", "give a seed or a stacked deck, not both"
    if seed is None and deck is None:
        return "seed", "a record needs a seed or a stacked deck"
    if deck is not None:
        try:
            checked_deck(rules, deck, players)
        except RulesError as error:
            return "deck", str(error)
    return None


@attrs.frozen(kw_only=True)
class GameRecord:
    """A hand of Tonk as its rules, table, deal and actions.

    Exactly one of ``seed`` and ``deck`` gives the deal, as in
    :func:`tonk.new_game`. The actions are not checked when the record is
    built; :func:`replay` checks them.

    Args:
        rules: The rules of the hand.
        players: How many players sit at the table.
        dealer: The dealer's seat.
        seed: The seed the deck was shuffled with.
        deck: A stacked deck: the rules' pack in dealing order.
        actions: The actions played, in order.
        outcome: How the hand ended, if it has; :func:`replay` checks it.

    Raises:
        RulesError: If the table does not fit the rules, the dealer is not at
            the table, the deck is not the rules' pack, there is not exactly
            one of ``seed`` and ``deck``, or the seed has more than 1,000
            digits (so that both forms can write it).
        TypeError: If a value has the wrong type.

    Examples:
        >>> import tonk
        >>> record = GameRecord(rules=tonk.Rules(), players=3, seed=1,
        ...                     actions=[tonk.DrawStock()])
        >>> record.actions, record.initial_state().to_move
        ((DrawStock(),), 1)
        >>> GameRecord(rules=tonk.Rules(), players=2, dealer=2, seed=1)
        Traceback (most recent call last):
        ...
        tonk.errors.RulesError: dealer must be a seat 0..1, got 2

    .. versionadded:: 0.1
    """

    rules: Rules
    players: int
    dealer: int = 0
    seed: int | None = None
    deck: tuple[Card, ...] | None = attrs.field(default=None, converter=to_deck)
    actions: tuple[Action, ...] = attrs.field(default=(), converter=_to_actions)
    outcome: Outcome | None = None
    _lines: tuple[int, ...] | None = attrs.field(
        default=None, init=False, eq=False, repr=False
    )
    """For a record read from text, the line of each action."""

    def __attrs_post_init__(self) -> None:
        """Check the types, then that the deal fits the rules."""
        if not isinstance(self.rules, Rules):
            raise wrong_type("rules", Rules, self.rules)
        for name in ("players", "dealer"):
            value = getattr(self, name)
            if not is_int(value):
                raise TypeError(f"{name} must be an int, got {brief(value)}")
        if self.seed is not None and not is_int(self.seed):
            raise TypeError(f"seed must be an int or None, got {brief(self.seed)}")
        if self.outcome is not None and not isinstance(self.outcome, Outcome):
            raise TypeError(
                f"outcome must be an Outcome or None, got {brief(self.outcome)}"
            )
        problem = _problem(self.rules, self.players, self.dealer, self.seed, self.deck)
        if problem is not None:
            raise RulesError(problem[1])

    @classmethod
    def start(
        cls,
        rules: Rules,
        *,
        players: int,
        seed: int | None = None,
        deck: Iterable[Card] | None = None,
        dealer: int = 0,
    ) -> GameRecord:
        """Start the record of a new hand, with no actions yet.

        With neither ``seed`` nor ``deck``, a seed is drawn from the operating
        system's secure random source and kept in the record, so that the hand
        can be replayed.

        Args:
            rules: The rules of the hand.
            players: How many players sit at the table.
            seed: The seed to shuffle with.
            deck: A stacked deck, instead of a seed.
            dealer: The dealer's seat.

        Returns:
            The record; :meth:`initial_state` deals its hand.

        Raises:
            RulesError: As :class:`GameRecord` does.

        Examples:
            >>> import tonk
            >>> record = GameRecord.start(tonk.Rules(), players=2, seed=7)
            >>> record.initial_state() == tonk.new_game(tonk.Rules(), players=2, seed=7)
            True
            >>> GameRecord.start(tonk.Rules(), players=2).seed is not None
            True
        """
        if seed is None and deck is None:
            seed = random.SystemRandom().getrandbits(63)
        return cls(
            rules=rules,
            players=players,
            dealer=dealer,
            seed=seed,
            deck=to_deck(deck),
        )

    def then(self, action: Action) -> GameRecord:
        """Return this record with ``action`` played after its actions.

        The action is not checked here; :func:`replay` checks it. Apply it to
        your state with :func:`tonk.apply` as well.

        Examples:
            >>> import tonk
            >>> record = GameRecord.start(tonk.Rules(), players=2, seed=7)
            >>> record.then(tonk.DrawStock()).then(tonk.Drop()).actions
            (DrawStock(), Drop())
        """
        if not isinstance(action, _ACTION_TYPES):
            raise TypeError(f"not a tonk action: {brief(action)}")
        return attrs.evolve(self, actions=(*self.actions, action))

    def with_outcome(self, outcome: Outcome | None) -> GameRecord:
        """Return this record with the hand's outcome (``None``: unfinished).

        Examples:
            >>> import tonk
            >>> record = GameRecord.start(tonk.Rules(), players=2, seed=7)
            >>> state = tonk.apply(record.initial_state(), tonk.Drop())
            >>> record.then(tonk.Drop()).with_outcome(state.outcome).outcome.kind
            <OutcomeKind.DROP_WON: 'drop_won'>
        """
        record = attrs.evolve(self, outcome=outcome)
        object.__setattr__(record, "_lines", self._lines)  # the same actions
        return record

    def initial_state(self) -> GameState:
        """Deal the record's hand: the state before its first action.

        Examples:
            >>> import tonk
            >>> deck = tonk.Rules().pack()
            >>> record = GameRecord(rules=tonk.Rules(), players=2, deck=deck)
            >>> record.initial_state().top_discard
            Card.parse('JC')
        """
        return new_game(
            self.rules,
            players=self.players,
            seed=self.seed,
            deck=self.deck,
            dealer=self.dealer,
        )

    def __str__(self) -> str:
        """Return a one-line summary of the record (:mod:`tonk.text`)."""
        return _present.text(self)

    def __format__(self, spec: str) -> str:
        """Format as :func:`str`; the spec ``"ascii"`` writes plain ASCII."""
        return _present.text(self, spec)

    def _repr_svg_(self) -> str:
        """Draw a strip of the positions in Jupyter (:func:`tonk.svg.draw`)."""
        return _present.svg(self)


def _describe(outcome: Outcome) -> str:
    payoffs = ", ".join(str(payoff) for payoff in outcome.payoffs)
    return f"{outcome.kind.value} with payoffs ({payoffs})"


def _mismatch(recorded: Outcome, replayed: Outcome | None, count: int) -> ReplayError:
    if replayed is None:
        message = (
            f"the record gives the outcome {_describe(recorded)}, but the hand is"
            f" not over after its {count} actions"
        )
    elif _describe(recorded) != _describe(replayed):
        message = (
            f"the record gives the outcome {_describe(recorded)}, but the replay"
            f" ends {_describe(replayed)}"
        )
    else:
        message = (
            f"the record gives the outcome {_describe(recorded)}, as the replay"
            " does, but with other transfers, winners, counts or dropper"
        )
    return ReplayError(message, recorded=recorded, replayed=replayed)


def replay(record: GameRecord) -> Iterator[GameState]:
    """Deal and play a record again, yielding every state from the deal on.

    The first state is the deal (:meth:`GameRecord.initial_state`), then one
    state after each action. Every action is checked as :func:`tonk.apply`
    checks it. If the record gives an outcome, the replay must end with that
    outcome. Errors come as the states are reached.

    Args:
        record: The record to replay.

    Yields:
        The state after the deal, then the state after each action.

    Raises:
        IllegalActionError: If an action is not legal when it comes; the
            message and its ``index`` (and ``line``, for a record read from
            text) say which action it is.
        ReplayError: If the record's outcome is not the replayed one.

    Examples:
        >>> import tonk
        >>> record = GameRecord.start(tonk.Rules(), players=2, seed=7)
        >>> record = record.then(tonk.DrawStock()).then(tonk.Drop())
        >>> states = list(replay(record))
        Traceback (most recent call last):
        ...
        tonk.errors.IllegalActionError: actions[1]: cannot drop: seat 1 has drawn; spread, hit or discard
        >>> record = GameRecord.start(tonk.Rules(), players=2, seed=7)
        >>> [state.to_move for state in replay(record.then(tonk.Drop()))]
        [1, 1]

    .. versionadded:: 0.1
    """  # noqa: E501
    if not isinstance(record, GameRecord):
        raise TypeError(f"replay needs a GameRecord, got {brief(record)}")
    state = record.initial_state()
    lines = record._lines
    for index, action in enumerate(record.actions):
        yield state
        try:
            state = apply(state, action)
        except IllegalActionError as error:
            line = lines[index] if lines is not None else None
            where = f"actions[{index}]" + ("" if line is None else f" (line {line})")
            raise IllegalActionError(
                f"{where}: {error}",
                action=error.action,
                reason=error.reason,
                index=index,
                line=line,
            ) from None
    if record.outcome is not None and state.outcome != record.outcome:
        raise _mismatch(record.outcome, state.outcome, len(record.actions))
    yield state


# --- the text form ---------------------------------------------------------------

_HEADERS = ("Format", "Version", "Preset", "Rules", "Players", "Dealer", "Seed", "Deck")
# A header's value is quoted as in PGN: a backslash escapes a quote or a backslash.
_HEADER_LINE = re.compile(r'\[([A-Za-z]+)\s+"((?:[^"\\]|\\.)*)"\](?:\s*#.*)?')
_ESCAPED = re.compile(r"\\(.)")
# Records written before values were escaped hold JSON with bare quotes; a line
# that is not a header as above is read as one of those, its value as it is.
_BARE_HEADER_LINE = re.compile(r'\[([A-Za-z]+)\s+"(.*)"\](?:\s*#.*)?')


def _compact(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


def _header_line(name: str, value: object) -> str:
    """Return the header ``[name "value"]``, its quotes and backslashes escaped."""
    quoted = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{quoted}"]'


def _read_header_line(content: str) -> tuple[str, str, int, bool] | None:
    """Return a header line's name, value, the value's start, and whether it is escaped.

    A bare value (a record written before values were escaped) is read as it is.
    """
    match = _HEADER_LINE.fullmatch(content)
    if match is not None:
        value = _ESCAPED.sub(r"\1", match.group(2))
    else:
        match = _BARE_HEADER_LINE.fullmatch(content)
        if match is None:
            return None
        value = match.group(2)
    return match.group(1), value, match.start(2), match.re is _HEADER_LINE


def format_record(record: GameRecord) -> str:
    r"""Write a record in its plain-text form.

    The text starts with headers, one a line: ``[Format "tonk.record"]``,
    ``[Version "1"]``, the rules as ``[Preset "NAME"]`` when they are a preset
    and otherwise ``[Rules "JSON"]`` (the options that differ from
    ``tonk.Rules()``, as compact JSON), ``[Players "N"]``, ``[Dealer "SEAT"]``,
    ``[Seed "N"]`` or ``[Deck "CARDS"]``, and ``[Outcome "JSON"]`` for a
    finished hand. A value is quoted as in PGN: a backslash escapes each
    ``"`` and ``\`` inside it. A blank line follows, then one action a line
    in action notation.

    Args:
        record: The record to write.

    Returns:
        The text, ending with a newline.

    Examples:
        >>> import tonk
        >>> rules = tonk.Rules(hand_size=3, upcard=False, deal_tonks=())
        >>> record = GameRecord.start(rules, players=2, seed=1).then(tonk.Drop())
        >>> print(format_record(record), end="")
        [Format "tonk.record"]
        [Version "1"]
        [Rules "{\"hand_size\":3,\"upcard\":false,\"deal_tonks\":[]}"]
        [Players "2"]
        [Dealer "0"]
        [Seed "1"]
        <BLANKLINE>
        drop

    .. versionadded:: 0.1
    .. versionchanged:: 0.2.0
       The quotes inside a header's value are escaped (``\"``).
    """
    if not isinstance(record, GameRecord):
        raise TypeError(f"format_record needs a GameRecord, got {brief(record)}")
    lines = [
        _header_line("Format", RECORD_FORMAT),
        _header_line("Version", RECORD_VERSION),
    ]
    preset = presets.name_of(record.rules)
    if preset is not None:
        lines.append(_header_line("Preset", preset))
    else:
        options = object_codec(Rules).encode(record.rules, changed_only=True)
        lines.append(_header_line("Rules", _compact(options)))
    lines.append(_header_line("Players", record.players))
    lines.append(_header_line("Dealer", record.dealer))
    if record.deck is not None:
        lines.append(_header_line("Deck", " ".join(map(str, record.deck))))
    else:
        lines.append(_header_line("Seed", record.seed))
    if record.outcome is not None:
        outcome = object_codec(Outcome).encode(record.outcome)
        lines.append(_header_line("Outcome", _compact(outcome)))
    lines.append("")
    lines.extend(format_action(action) for action in record.actions)
    return "\n".join(lines) + "\n"


def _bare(error: NotationError) -> str:
    """Return the message of ``error`` without its position suffix."""
    message = str(error)
    suffix = f" (at position {error.position} of {brief(error.text)})"
    return message.removesuffix(suffix)


class _Header:
    """One header line: its value, where the value starts, and its line."""

    def __init__(
        self, value: str, start: int, text: str, line: int, *, escaped: bool
    ) -> None:
        self.value = value
        self.start = start
        self.text = text
        self.line = line
        self.escaped = escaped

    def error(self, message: str, offset: int = 0) -> NotationError:
        """Return the error at the character ``offset`` of the value.

        It is placed where the line writes that character: after its backslash
        if it is escaped, and later by one for each escape before it.
        """
        text, position = self.text, self.start
        if not self.escaped:  # a bare value is read as it is written
            position += offset
        else:
            for _ in range(offset):
                position += 2 if text[position] == "\\" else 1
            if text[position] == "\\":
                position += 1
        return NotationError(message, text=text, position=position, line=self.line)


def _read_json_header(header: _Header, what: str, cls: type) -> Any:
    try:
        data = load_json(header.value, max_bytes=MAX_BYTES, max_depth=MAX_DEPTH)
        return object_codec(cls).decode(data, "$")
    except SerializationError as error:
        raise header.error(f"bad {what}: {error}") from error


def _int_header(header: _Header, what: str, *, signed: bool = False) -> int:
    value = read_int(header.value, signed=signed)
    if value is None:
        raise header.error(
            f"{what} must be a number of at most {MAX_DIGITS} digits,"
            f" got {brief(header.value)}"
        )
    return value


def parse_record(text: str, *, max_bytes: int = MAX_BYTES) -> GameRecord:
    r"""Read a record written in its plain-text form (see :func:`format_record`).

    Blank lines are ignored, and ``#`` starts a comment that runs to the end of
    the line; a byte-order mark at the start is skipped. Headers come first,
    each once, in any order; ``Format``, ``Version``, ``Players``, one of
    ``Preset`` and ``Rules``, and one of ``Seed`` and ``Deck`` are required.
    A header's value may escape its quotes (``\"``), as :func:`format_record`
    writes them; a value with bare quotes, as earlier versions wrote them, is
    read as it is. The actions follow, one a line, in action notation; cards
    may be in lower case, and a ``hit`` must give its spread number.

    Args:
        text: The record's text.
        max_bytes: The largest text read, in bytes of UTF-8.

    Returns:
        The record. The actions are not checked until :func:`replay`.

    Raises:
        NotationError: If a line is malformed or a header value is invalid; its
            ``line`` says where.

    Examples:
        >>> record = parse_record('''
        ... [Format "tonk.record"]
        ... [Version "1"]
        ... [Preset "pagat"]
        ... [Players "2"]
        ... [Seed "7"]
        ... draw stock   # seat 1 draws
        ... discard 10c
        ... ''')
        >>> record.dealer, record.actions
        (0, (DrawStock(), Discard(card=Card.parse('10C'))))
        >>> parse_record(text='[Preset "pagat"]\ndraw 10C')
        Traceback (most recent call last):
        ...
        tonk.errors.NotationError: cannot draw from '10C': expected 'stock' or 'discard' (line 2, at position 5 of 'draw 10C')

    .. versionadded:: 0.1
    .. versionchanged:: 0.2.0
       Escaped quotes in header values, and a leading byte-order mark.
    """  # noqa: E501
    if not isinstance(text, str):
        raise TypeError(f"a record's text must be a str, got {type(text).__name__}")
    text = text.removeprefix("\ufeff")  # a byte-order mark, as some editors write
    size = len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise NotationError(
            f"the record is {size} bytes, more than the limit of {max_bytes}",
            text=text[:40],
            position=0,
        )
    headers: dict[str, _Header] = {}
    actions: list[Action] = []
    lines: list[int] = []
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.rstrip("\r")
        content = line.lstrip()
        start = len(line) - len(content)
        if content.startswith("["):
            if actions:
                raise NotationError(
                    "headers come before the actions",
                    text=line,
                    position=start,
                    line=number,
                )
            header = _read_header_line(content.rstrip())
            if header is None:
                raise NotationError(
                    'a header is written [Name "value"]',
                    text=line,
                    position=start,
                    line=number,
                )
            name, value, value_start, escaped = header
            if name not in _HEADERS and name != "Outcome":
                raise NotationError(
                    f"unknown header {brief(name)}: expected "
                    + ", ".join((*_HEADERS, "Outcome")),
                    text=line,
                    position=start + 1,
                    line=number,
                )
            if name in headers:
                raise NotationError(
                    f"the {name} header is given twice (first on line"
                    f" {headers[name].line})",
                    text=line,
                    position=start + 1,
                    line=number,
                )
            headers[name] = _Header(
                value, start + value_start, line, number, escaped=escaped
            )
            continue
        content = content.split("#", 1)[0].rstrip()
        if not content:
            continue
        try:
            actions.append(_parse_action(content, None))
        except NotationError as error:
            raise NotationError(
                _bare(error), text=line, position=start + error.position, line=number
            ) from None
        lines.append(number)
    return _build_record(headers, tuple(actions), tuple(lines), text)


def _build_record(
    headers: dict[str, _Header],
    actions: tuple[Action, ...],
    lines: tuple[int, ...],
    text: str,
) -> GameRecord:
    def missing(message: str) -> NotationError:
        first = text.split("\n", 1)[0]
        return NotationError(message, text=first, position=0, line=1)

    for name in ("Format", "Version", "Players"):
        if name not in headers:
            raise missing(f"the record has no {name} header")
    fmt, version = headers["Format"], headers["Version"]
    if fmt.value != RECORD_FORMAT:
        raise fmt.error(f"the format must be {RECORD_FORMAT!r}, got {brief(fmt.value)}")
    if version.value != str(RECORD_VERSION):
        raise version.error(
            f"unsupported version {brief(version.value)}: this tonk reads version"
            f" {RECORD_VERSION}"
        )
    if ("Preset" in headers) == ("Rules" in headers):
        raise missing("the record needs one Preset or Rules header")
    if "Preset" in headers:
        preset = headers["Preset"]
        try:
            rules = presets.get(preset.value)
        except RulesError as error:
            raise preset.error(str(error)) from error
    else:
        rules = _read_json_header(headers["Rules"], "rules", Rules)
    players = _int_header(headers["Players"], "Players")
    dealer = 0
    if "Dealer" in headers:
        dealer = _int_header(headers["Dealer"], "Dealer")
    if ("Seed" in headers) == ("Deck" in headers):
        raise missing("the record needs one Seed or Deck header")
    seed = None
    deck = None
    if "Seed" in headers:
        seed = _int_header(headers["Seed"], "Seed", signed=True)
    else:
        header = headers["Deck"]
        try:
            deck = parse_cards(header.value)
        except NotationError as error:
            raise header.error(_bare(error), error.position) from None
    problem = _problem(rules, players, dealer, seed, deck)
    if problem is not None:
        field, message = problem
        culprit = {"players": "Players", "dealer": "Dealer", "seed": "Seed"}.get(
            field, "Deck"
        )
        header = headers.get(culprit, headers["Players"])
        raise header.error(message)
    outcome = None
    if "Outcome" in headers:
        header = headers["Outcome"]
        outcome = _read_json_header(header, "outcome", Outcome)
        try:
            check_outcome(outcome, players, "$")
        except SerializationError as error:
            raise header.error(f"bad outcome: {error}") from error
    try:
        record = GameRecord(
            rules=rules,
            players=players,
            dealer=dealer,
            seed=seed,
            deck=deck,
            actions=actions,
            outcome=outcome,
        )
    except TonkError as error:  # pragma: no cover - _problem checks the same
        raise missing(str(error)) from error
    object.__setattr__(record, "_lines", lines)
    return record
