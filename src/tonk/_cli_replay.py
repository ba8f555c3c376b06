"""``tonk replay FILE``: show a recorded hand step by step.

A replay is the referee's view: every hand is shown, as
:func:`tonk.text.format_state` writes it, with the outcome's transfers and
payoffs at the end. The record may be in its JSON form or its plain-text
form; which one is told from the first character.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from tonk._codec import MAX_BYTES
from tonk._present import plural
from tonk._untrusted import escape, escape_for
from tonk.actions import Action, format_action
from tonk.errors import TonkError
from tonk.records import GameRecord, parse_record, replay
from tonk.serialization import from_json
from tonk.state import GameState
from tonk.text import can_encode_glyphs, format_state

__all__ = ["load_record", "render_state", "replay_file"]


def load_record(path: Path) -> GameRecord:
    """Read a record from ``path``, in its JSON or its text form.

    At most one byte more than a record may hold is read, so an endless file
    (``/dev/zero``) is refused at once. A UTF-8 byte-order mark is skipped.

    Raises:
        TonkError: If the file is too large or is not a valid record (a
            :class:`~tonk.errors.SerializationError` or
            :class:`~tonk.errors.NotationError` that says where).
        OSError: If the file cannot be read.
    """
    with path.open("rb") as file:
        data = file.read(MAX_BYTES + 1)
    shown = escape(str(path))
    if len(data) > MAX_BYTES:
        raise TonkError(
            f"{shown}: more than {MAX_BYTES:,} bytes, the most a record may be"
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise TonkError(f"{shown}: not UTF-8 text ({error.reason})") from None
    if text.lstrip().startswith("{"):
        return from_json(text, GameRecord)
    return parse_record(text)


def render_state(state: GameState, *, ascii: bool = False) -> list[str]:
    r"""Return the lines that show ``state`` from the referee's seat.

    They are :func:`tonk.text.format_state`'s table, indented.

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
        >>> print("\n".join(render_state(state, ascii=True)))
          pagat rules, 2 players, turn 1: seat 1 to move (start of turn)
            seat 0 (dealer)  JC QC 7D AS QS  count 38
          > seat 1           AC 2D 5D 6H 2S  count 16
          spreads: none
          discard: 4D on top, 1 card; stock: 41 cards
    """
    return [f"  {line}" for line in format_state(state, ascii=ascii).splitlines()]


def replay_file(
    path: Path, *, write: Callable[[str], None], pause: Callable[[], None] | None
) -> int:
    """Show the record in ``path`` step by step; return the exit status.

    The whole record is replayed before anything is shown, so a record with
    an illegal action or another outcome than its replay's shows nothing.

    Args:
        path: The record file.
        write: Prints one line.
        pause: Called between steps (e.g. to wait for Enter), or ``None``.
    """
    record = load_record(path)
    states = iter(list(replay(record)))  # every action checked before any output
    ascii = not can_encode_glyphs(sys.stdout.encoding)
    write(
        f"tonk replay: {escape_for(path.name, sys.stdout.encoding)},"
        f" {record.players} players, dealer seat"
        f" {record.dealer}, {plural(len(record.actions), 'action')}"
    )
    state = next(states)
    write("the deal:")
    for line in render_state(state, ascii=ascii):
        write(line)
    actions: tuple[Action, ...] = record.actions
    for number, (action, after) in enumerate(zip(actions, states, strict=False), 1):
        if pause is not None:
            pause()
        write(f"{number:>3}. seat {state.to_move}: {format_action(action)}")
        if after.phase is not state.phase or after.to_move != state.to_move:
            for line in render_state(after, ascii=ascii):
                write(line)
        state = after
    if state.outcome is None:
        write("the record stops before the hand is over")
    return 0
