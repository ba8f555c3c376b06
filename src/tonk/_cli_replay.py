"""``tonk replay FILE``: show a recorded hand step by step.

A replay is the referee's view: every hand is shown. The record may be in its
JSON form or its plain-text form; which one is told from the first character.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tonk._codec import MAX_BYTES
from tonk.actions import Action, format_action
from tonk.errors import TonkError
from tonk.records import GameRecord, parse_record, replay
from tonk.serialization import from_json
from tonk.state import GameState, Outcome

__all__ = ["load_record", "render_state", "replay_file"]


def load_record(path: Path) -> GameRecord:
    """Read a record from ``path``, in its JSON or its text form.

    Raises:
        TonkError: If the file is not a valid record (a
            :class:`~tonk.errors.SerializationError` or
            :class:`~tonk.errors.NotationError` that says where).
        OSError: If the file cannot be read.
    """
    data = path.read_bytes()
    if len(data) > MAX_BYTES:
        raise TonkError(f"{path}: {len(data):,} bytes is more than a record may be")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise TonkError(f"{path}: not UTF-8 text ({error.reason})") from None
    if text.lstrip().startswith("{"):
        return from_json(text, GameRecord)
    return parse_record(text)


def render_state(state: GameState) -> list[str]:
    r"""Return the lines that show ``state`` from the referee's seat.

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
        >>> print("\n".join(render_state(state)))
          seat 0 (dealer)  JC QC 7D AS QS  count 38
          seat 1           AC 2D 5D 6H 2S  count 16
          discard pile top 4D, stock 41
    """
    lines = []
    shown = [" ".join(map(str, hand)) or "-" for hand in state.hands]
    width = max(map(len, shown))
    for seat, cards in enumerate(shown):
        label = f"seat {seat}" + (" (dealer)" if seat == state.dealer else "")
        waits = f"  waits {state.waits[seat]}" if state.waits[seat] else ""
        lines.append(
            f"  {label:<15}  {cards:<{width}}  count {state.count(seat)}{waits}"
        )
    lines.extend(f"  spread {spread}" for spread in state.spreads)
    top = state.top_discard
    lines.append(
        f"  discard pile top {top if top is not None else '-'},"
        f" stock {state.stock_size}"
    )
    return lines


def _outcome_lines(outcome: Outcome) -> list[str]:
    lines = [f"hand over: {outcome.kind.value}, winners {list(outcome.winners)}"]
    lines.extend(
        f"  seat {transfer.payer} pays seat {transfer.payee} {transfer.amount}"
        f" ({transfer.reason.value})"
        for transfer in outcome.transfers
    )
    lines.append(f"  payoffs {list(map(str, outcome.payoffs))}")
    return lines


def replay_file(
    path: Path, *, write: Callable[[str], None], pause: Callable[[], None] | None
) -> int:
    """Show the record in ``path`` step by step; return the exit status.

    Args:
        path: The record file.
        write: Prints one line.
        pause: Called between steps (e.g. to wait for Enter), or ``None``.
    """
    record = load_record(path)
    write(
        f"tonk replay: {path.name}, {record.players} players, dealer seat"
        f" {record.dealer}, {len(record.actions)} actions"
    )
    states = replay(record)
    state = next(states)
    write("the deal:")
    for line in render_state(state):
        write(line)
    actions: tuple[Action, ...] = record.actions
    for number, (action, after) in enumerate(zip(actions, states, strict=False), 1):
        if pause is not None:
            pause()
        write(f"{number:>3}. seat {state.to_move}: {format_action(action)}")
        if after.phase is not state.phase or after.to_move != state.to_move:
            for line in render_state(after):
                write(line)
        state = after
    if state.outcome is not None:
        for line in _outcome_lines(state.outcome):
            write(line)
    else:
        write("the record stops before the hand is over")
    return 0
