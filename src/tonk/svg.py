r"""Pictures of a hand: a state, an observation or a record drawn as SVG.

:func:`draw` returns an SVG document (a string) of a card table: a row for
each seat with its hand, the spreads with their owners and hitters, the
stock and the discard pile, and the outcome once the hand is over. It needs
nothing beyond the standard library. A :class:`~tonk.GameState` shows every
hand (the referee's view); an :class:`~tonk.Observation` shows only what its
seat may see: the other hands are face-down backs, with the cards known to
have been taken from the discard pile face up. A :class:`~tonk.GameRecord`
is drawn as a strip of positions (:func:`draw_positions`): the deal, then the
table after every turn, each captioned with the actions of that turn. No
animation: a strip prints, scrolls and diffs well.

In Jupyter, states, observations and records draw themselves: they have a
``_repr_svg_`` method that calls :func:`draw`.

Every card face shown is one ``<g class="card">`` element whose
``data-card`` attribute is the card's notation (``QH``); every face-down card
is one ``<g class="card-back">``. Text is XML-escaped, and characters that
are not XML or that a viewer would act on (control characters, lone
surrogates, bidi overrides) are shown as their escapes (``\x1b``), so a
drawing is well-formed XML whatever its captions hold. A caption is wrapped
into lines at its whitespace: its tabs and line breaks separate words, as
spaces do.

This module sits above the engine, observations and records (it imports
them); their ``_repr_svg_`` methods reach :func:`draw` through the private
``tonk._present``, where this module registers it when it is imported.

Examples:
    >>> import tonk
    >>> from xml.etree import ElementTree
    >>> state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
    >>> picture = tonk.svg.draw(tonk.observe(state, 1))
    >>> root = ElementTree.fromstring(picture)
    >>> faces = root.iter("{http://www.w3.org/2000/svg}g")
    >>> sorted(g.get("data-card") for g in faces if g.get("class") == "card")
    ['2D', '2S', '4D', '5D', '6H', 'AC']
"""

from __future__ import annotations

import html
import math
import textwrap
from collections.abc import Iterable, Sequence

import attrs

from tonk import _present
from tonk._untrusted import escape
from tonk._validate import brief, is_int
from tonk.actions import format_action
from tonk.cards import Card, Suit
from tonk.observation import Observation
from tonk.records import GameRecord, replay
from tonk.state import GameState, Spread
from tonk.text import (
    format_card,
    format_observation,
    format_outcome,
    format_pickup,
    format_state,
)

__all__ = ["draw", "draw_positions"]

CARD_WIDTH = 40
CARD_HEIGHT = 56
_HAND_STEP = 28
_BACK_STEP = 12
_SPREAD_STEP = 25
_LEFT = 190
_ROW = CARD_HEIGHT + 30
_MARGIN = 12
_LINE = 17
_FELT = "#1d5e37"
_TO_MOVE = "#2f7a4d"
_INK = "#f4f1e8"
_PAPER = "#fbfaf5"  # under the captions, so that they show on a dark page too
_RED = (Suit.HEARTS, Suit.DIAMONDS)
_FONT = "font-family='DejaVu Sans, Helvetica, Arial, sans-serif'"


@attrs.frozen(kw_only=True)
class _Seat:
    """One seat's row: its label, notes, and the cards to show."""

    label: str
    notes: str
    faces: tuple[Card, ...]
    backs: int


@attrs.frozen(kw_only=True)
class _Table:
    """What a picture shows, from a state or an observation."""

    heading: str
    seats: tuple[_Seat, ...]
    to_move: int | None
    spreads: tuple[Spread, ...]
    discard_pile: tuple[Card, ...]
    stock_size: int
    notes: tuple[str, ...]


def _xml_text(text: str) -> str:
    r"""Return ``text`` for an XML text node: well-formed whatever it holds.

    Characters XML may not hold, or a viewer would act on (controls, lone
    surrogates, bidi overrides), are shown as their escapes (``\x1b``);
    ``&``, ``<`` and ``>`` are escaped as XML asks.
    """
    return html.escape(escape(text), quote=False)


def _text(x: float, y: float, content: str, *, size: int = 12, extra: str = "") -> str:
    return (
        f"<text x='{x:g}' y='{y:g}' font-size='{size}' {_FONT}{extra}>"
        f"{_xml_text(content)}</text>"
    )


def _face(card: Card, x: float, y: float, stands_for: Card | None = None) -> str:
    """Return one face-up card (and what a wild stands for, under it)."""
    color = "#c0182b" if card.suit in _RED else "#1a1a1a"
    if card.suit is None:
        corner, middle = "JK", "★"
    else:
        corner, middle = card.rank.symbol, format_card(card)[len(card.rank.symbol) :]
    parts = [
        f"<g class='card' data-card=\"{html.escape(str(card))}\""
        f" transform='translate({x:g},{y:g})'>",
        f"<rect width='{CARD_WIDTH}' height='{CARD_HEIGHT}' rx='4' fill='#fffdf7'"
        " stroke='#555' stroke-width='0.8'/>",
        _text(3, 13, corner, size=12, extra=f" fill='{color}' font-weight='bold'"),
        _text(
            3,
            25,
            middle if card.suit is not None else "",
            size=11,
            extra=f" fill='{color}'",
        ),
        _text(
            CARD_WIDTH / 2,
            CARD_HEIGHT / 2 + 9,
            middle,
            size=22,
            extra=f" fill='{color}' text-anchor='middle'",
        ),
    ]
    if stands_for is not None and stands_for != card:
        parts.append(
            _text(
                CARD_WIDTH / 2,
                CARD_HEIGHT + 11,
                f"={format_card(stands_for)}",
                size=9,
                extra=f" fill='{_INK}' text-anchor='middle'",
            )
        )
    parts.append("</g>")
    return "".join(parts)


def _back(x: float, y: float) -> str:
    """Return one face-down card."""
    return (
        f"<g class='card-back' transform='translate({x:g},{y:g})'>"
        f"<rect width='{CARD_WIDTH}' height='{CARD_HEIGHT}' rx='4' fill='#27408b'"
        " stroke='#f4f1e8' stroke-width='1.2'/>"
        f"<rect x='4' y='4' width='{CARD_WIDTH - 8}' height='{CARD_HEIGHT - 8}'"
        " rx='2' fill='none' stroke='#8ea2d8' stroke-width='0.8'/></g>"
    )


def _state_table(state: GameState) -> _Table:
    seats = []
    for seat, hand in enumerate(state.hands):
        notes = [f"count {state.count(seat)}"]
        if seat == state.tunker:  # H5: the unmatched cards of a tunk
            notes.insert(0, "tunked")
        if state.waits[seat]:
            notes.append(f"waits {state.waits[seat]}")
        dealer = " (dealer)" if seat == state.dealer else ""
        seats.append(
            _Seat(
                label=f"seat {seat}{dealer}",
                notes=", ".join(notes),
                faces=hand,
                backs=0,
            )
        )
    return _Table(
        heading=format_state(state).splitlines()[0],
        seats=tuple(seats),
        to_move=None if state.outcome is not None else state.to_move,
        spreads=state.spreads,
        discard_pile=state.discard_pile,
        stock_size=state.stock_size,
        notes=_notes(state),
    )


def _observed_seat(seen: Observation, seat: int) -> _Seat:
    tags = (["you"] if seat == seen.seat else []) + (
        ["dealer"] if seat == seen.dealer else []
    )
    label = f"seat {seat}" + (f" ({', '.join(tags)})" if tags else "")
    notes = [f"waits {seen.waits[seat]}"] if seen.waits[seat] else []
    if seen.shown_hands is not None:
        counts = seen.outcome.counts if seen.outcome is not None else None
        shown = f"count {counts[seat]}" if counts is not None else ""
        return _Seat(label=label, notes=shown, faces=seen.shown_hands[seat], backs=0)
    if seat == seen.seat:
        count = sum(seen.rules.card_value(card) for card in seen.hand)
        notes.insert(0, f"count {count}")
        return _Seat(label=label, notes=", ".join(notes), faces=seen.hand, backs=0)
    taken = seen.taken[seat]
    notes.insert(0, f"{seen.hand_sizes[seat]} cards")
    if seat == seen.tunker:  # H5: the unmatched cards lie face up
        notes.insert(0, "tunked")
    return _Seat(
        label=label,
        notes=", ".join(notes),
        faces=taken,
        backs=seen.hand_sizes[seat] - len(taken),
    )


def _observation_table(seen: Observation) -> _Table:
    return _Table(
        heading=format_observation(seen).splitlines()[0],
        seats=tuple(_observed_seat(seen, seat) for seat in range(seen.player_count)),
        to_move=None if seen.outcome is not None else seen.to_move,
        spreads=seen.spreads,
        discard_pile=seen.discard_pile,
        stock_size=seen.stock_size,
        notes=_notes(seen),
    )


def _notes(view: GameState | Observation) -> tuple[str, ...]:
    notes = []
    slap = view.slap
    if slap is not None and slap.slapper is None:
        notes.append(
            f"{'eating' if view.rules.eating else 'slap-in'} window:"
            f" {format_card(slap.card)} from seat {slap.discarder}"
        )
    elif slap is not None:
        notes.append(f"seat {slap.slapper} slapped: one more discard")
    if view.must_use is not None:
        notes.append(format_pickup(view.must_use, view.rules))
    if view.outcome is not None:
        notes.extend(format_outcome(view.outcome).splitlines())
    return tuple(notes)


def _seat_row(seat: _Seat, y: float, marked: bool, width: float) -> list[str]:
    parts = []
    if marked:
        parts.append(
            f"<rect class='to-move' x='4' y='{y - 4:g}' width='{width - 8:g}'"
            f" height='{CARD_HEIGHT + 8}' rx='6' fill='{_TO_MOVE}'/>"
        )
    parts.append(
        _text(
            _MARGIN,
            y + 20,
            ("▶ " if marked else "") + seat.label,
            size=13,
            extra=f" fill='{_INK}' font-weight='bold'",
        )
    )
    parts.append(_text(_MARGIN, y + 38, seat.notes, size=11, extra=f" fill='{_INK}'"))
    x = float(_LEFT)
    for card in seat.faces:
        parts.append(_face(card, x, y))
        x += _HAND_STEP
    if seat.faces and seat.backs:
        x += CARD_WIDTH - _HAND_STEP + 6
    for _ in range(seat.backs):
        parts.append(_back(x, y))
        x += _BACK_STEP
    return parts


def _spread_width(spread: Spread) -> float:
    return CARD_WIDTH + (len(spread.cards) - 1) * _SPREAD_STEP


def _spreads(
    spreads: Sequence[Spread], top: float, width: float
) -> tuple[list[str], float]:
    """Lay the spreads out in rows from ``(_LEFT, top)``; return them and the bottom."""
    parts: list[str] = []
    x, y = float(_LEFT), top
    wild = any(spread.cards != spread.stands_for for spread in spreads)
    row = CARD_HEIGHT + 22 + (12 if wild else 0)
    for spread in spreads:
        if x > _LEFT and x + _spread_width(spread) > width - _MARGIN:
            x, y = float(_LEFT), y + row
        hitters = ", ".join(map(str, spread.hitters))
        hits = f", hit by {hitters}" if spread.hitters else ""
        parts.append(
            f"<g class='spread' data-owner='{spread.owner}'>"
            + _text(
                x,
                y + 10,
                f"#{spread.number} seat {spread.owner}{hits}",
                size=10,
                extra=f" fill='{_INK}'",
            )
        )
        for index, (card, natural) in enumerate(
            zip(spread.cards, spread.stands_for, strict=True)
        ):
            parts.append(_face(card, x + index * _SPREAD_STEP, y + 14, natural))
        parts.append("</g>")
        x += _spread_width(spread) + 18
    bottom = y + row if spreads else top
    return parts, bottom


def _piles(table: _Table, top: float) -> list[str]:
    """Return the stock (a back, if any) and the discard pile's top card."""
    parts = [_text(_MARGIN, top + 10, "stock", size=10, extra=f" fill='{_INK}'")]
    if table.stock_size:
        parts.append(_back(_MARGIN, top + 14))
    parts.append(
        _text(
            _MARGIN + 20,
            top + CARD_HEIGHT + 28,
            str(table.stock_size),
            size=11,
            extra=f" fill='{_INK}' text-anchor='middle'",
        )
    )
    left = _MARGIN + CARD_WIDTH + 20
    parts.append(_text(left, top + 10, "discard", size=10, extra=f" fill='{_INK}'"))
    if table.discard_pile:
        parts.append(_face(table.discard_pile[-1], left, top + 14))
    parts.append(
        _text(
            left + 20,
            top + CARD_HEIGHT + 28,
            str(len(table.discard_pile)),
            size=11,
            extra=f" fill='{_INK}' text-anchor='middle'",
        )
    )
    return parts


def _width(table: _Table) -> float:
    widest = max(
        CARD_WIDTH
        + max(0, len(seat.faces) - 1) * _HAND_STEP
        + seat.backs * _BACK_STEP
        + 40
        for seat in table.seats
    )
    longest = max((_spread_width(spread) for spread in table.spreads), default=0)
    return max(560.0, _LEFT + widest + _MARGIN, _LEFT + longest + _MARGIN)


def _body(table: _Table) -> tuple[str, float, float]:
    """Return the picture's elements, its width and its height."""
    width = _width(table)
    parts = [
        _text(_MARGIN, 22, table.heading, size=13, extra=f" fill='{_INK}'"),
    ]
    y = 34.0
    for number, seat in enumerate(table.seats):
        parts.extend(_seat_row(seat, y, number == table.to_move, width))
        y += _ROW
    piles = _piles(table, y)
    spreads, bottom = _spreads(table.spreads, y, width)
    if not table.spreads:
        spreads = [_text(_LEFT, y + 40, "no spreads", size=11, extra=f" fill='{_INK}'")]
    parts.extend(piles)
    parts.extend(spreads)
    y = max(bottom, y + CARD_HEIGHT + 36) + 8
    for note in table.notes:
        parts.append(_text(_MARGIN, y + 12, note, size=12, extra=f" fill='{_INK}'"))
        y += _LINE
    height = y + _MARGIN
    background = f"<rect width='{width:g}' height='{height:g}' rx='10' fill='{_FELT}'/>"
    return background + "".join(parts), width, height


def _document(body: str, width: float, height: float) -> str:
    return (
        "<svg xmlns='http://www.w3.org/2000/svg'"
        f" width='{width:g}' height='{height:g}'"
        f" viewBox='0 0 {width:g} {height:g}'>{body}</svg>"
    )


def _table_of(view: GameState | Observation) -> _Table:
    if isinstance(view, GameState):
        return _state_table(view)
    if isinstance(view, Observation):
        return _observation_table(view)
    raise TypeError(
        f"expected a GameState, an Observation or a GameRecord, got {brief(view)}"
    )


def draw(thing: GameState | Observation | GameRecord) -> str:
    """Draw a state, an observation or a record as an SVG document.

    Args:
        thing: A state (every hand shown), an observation (what its seat may
            see) or a record (a strip of its positions, as
            :func:`draw_positions` draws them, one after each turn).

    Returns:
        The SVG document, as text.

    Raises:
        TypeError: If ``thing`` is none of these.
        ReplayError: If a record's actions do not replay.

    .. versionadded:: 0.2.0

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
        >>> draw(state).startswith("<svg xmlns='http://www.w3.org/2000/svg'")
        True
        >>> draw(state).count("class='card'")  # two hands and the discard
        11
        >>> draw("QH")
        Traceback (most recent call last):
        ...
        TypeError: expected a GameState, an Observation or a GameRecord, got 'QH'
    """
    if isinstance(thing, GameRecord):
        return _record_strip(thing)
    body, width, height = _body(_table_of(thing))
    return _document(body, width, height)


def draw_positions(
    positions: Iterable[GameState | Observation],
    *,
    captions: Sequence[str] | None = None,
    columns: int = 2,
    scale: float = 0.5,
) -> str:
    """Draw several positions side by side, in rows, as one SVG document.

    Args:
        positions: The states or observations, in order.
        captions: A caption for each position, or ``None`` for none.
        columns: How many positions a row holds.
        scale: How large each position is drawn (1 is :func:`draw`'s size).

    Returns:
        The SVG document, as text.

    Raises:
        TypeError: If ``columns`` is not an int, a caption is not a str, or
            a position is neither a state nor an observation.
        ValueError: If ``captions`` does not give one caption per position,
            ``columns`` is not positive or ``scale`` is not a positive
            finite number.

    .. versionadded:: 0.2.0

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
        >>> later = tonk.apply(state, tonk.DrawStock())
        >>> strip = draw_positions([state, later], captions=["deal", "draw"])
        >>> strip.count("class='card'")
        23
        >>> draw_positions([state], captions=[])
        Traceback (most recent call last):
        ...
        ValueError: give one caption per position: 1 position, 0 captions
    """
    if not is_int(columns):
        raise TypeError(f"columns must be an int, got {brief(columns)}")
    if columns < 1 or not 0 < scale < math.inf:
        raise ValueError(
            "columns and scale must be positive, and scale finite,"
            f" got {columns!r} and {scale!r}"
        )
    bodies = [_body(_table_of(position)) for position in positions]
    for caption in captions or ():
        if not isinstance(caption, str):
            raise TypeError(f"a caption must be a str, got {brief(caption)}")
    if captions is not None and len(captions) != len(bodies):
        raise ValueError(
            "give one caption per position:"
            f" {_present.plural(len(bodies), 'position')},"
            f" {_present.plural(len(captions), 'caption')}"
        )
    cell_width = max((width for _, width, _ in bodies), default=0) * scale + 10
    wrapped = [_wrap(caption, cell_width) for caption in captions or ()]
    lines = max((len(caption) for caption in wrapped), default=0)
    caption_height = 8 + 15 * lines if wrapped else 0
    parts = []
    x = y = 0.0
    row_height = 0.0
    for index, (body, width, height) in enumerate(bodies):
        if index and index % columns == 0:
            x, y = 0.0, y + row_height + 10
            row_height = 0.0
        if wrapped:
            parts.append(_caption(x + 4, y + 16, wrapped[index]))
        parts.append(
            f"<svg x='{x:g}' y='{y + caption_height:g}' width='{width * scale:g}'"
            f" height='{height * scale:g}' viewBox='0 0 {width:g} {height:g}'>"
            f"{body}</svg>"
        )
        row_height = max(row_height, height * scale + caption_height)
        x += cell_width
    total_width = cell_width * min(columns, len(bodies)) if bodies else 1
    total_height = y + row_height if bodies else 1
    paper = f"<rect width='{total_width:g}' height='{total_height:g}' fill='{_PAPER}'/>"
    return _document(paper + "".join(parts), total_width, total_height)


def _wrap(caption: str, width: float) -> list[str]:
    """Break a caption into lines that fit ``width`` (at about 7 px a letter)."""
    return textwrap.wrap(caption, max(10, int(width / 7))) or [""]


def _caption(x: float, y: float, lines: Sequence[str]) -> str:
    """Return a caption of one or more lines; the lines end in a space but the last."""
    spans = "".join(
        f"<tspan x='{x:g}' dy='{0 if number == 0 else 15}'>"
        f"{_xml_text(line + (' ' if number < len(lines) - 1 else ''))}</tspan>"
        for number, line in enumerate(lines)
    )
    return f"<text y='{y:g}' font-size='13' fill='#1a1a1a' {_FONT}>{spans}</text>"


def _record_strip(record: GameRecord) -> str:
    """Draw the deal, then the table after each turn, captioned with its actions.

    One position a row, at full size: a notebook shows the strip at 100% with
    the text as large as :func:`draw` writes it (at half size, side by side,
    the labels were about 6 px high).
    """
    states = replay(record)
    state = next(states)
    positions, captions = [state], ["the deal"]
    turn: list[str] = []
    for action, after in zip(record.actions, states, strict=False):
        turn.append(format_action(action))
        if after.to_move != state.to_move or after.outcome is not None:
            positions.append(after)
            captions.append(f"seat {state.to_move}: {', '.join(turn)}")
            turn = []
        state = after
    if turn:  # the record stops within a turn
        positions.append(state)
        captions.append(f"seat {state.to_move}: {', '.join(turn)}")
    return draw_positions(positions, captions=captions, columns=1, scale=1)


_present.add_svg(GameState, draw)
_present.add_svg(Observation, draw)
_present.add_svg(GameRecord, draw)
