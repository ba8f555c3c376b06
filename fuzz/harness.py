"""Coverage-guided fuzzing of tonk's text and JSON parsers with atheris.

Run it through ``fuzz/run.py`` (see docs/testing.md), or directly with
libFuzzer's options::

    python fuzz/harness.py -max_total_time=60 fuzz/corpus

Each input's first byte picks a parser, the next three pick its options (for
:func:`tonk.parse_action` and the table protocol's readers, a state: a
preset, a seed and a number of random actions played from the deal; for
JSON, the kind of document), and the rest is the text or JSON document. Every
parser must return or raise a :class:`tonk.TonkError`; anything else is a
crash, and libFuzzer saves the input that caused it.

The table protocol's lines come from untrusted programs: a message must read
back to itself once written, and the quick readers of the usual lines
(:meth:`~tonk.protocol.ObservationReader.read_act`,
:meth:`~tonk.protocol.ActWriter.chosen_line`) must agree with the full
decoder on every line, what they return or the error they raise. A session
action (``deal``, ``call suit H``, ``bet suit``...) must read back to itself;
and a table, given any line from the seat it waits for (between hands too),
must answer a refused one with errors to that seat alone and change nothing.
"""

from __future__ import annotations

import contextlib
import gc
import random
import sys
import types
import typing
from collections.abc import Callable

import tonk
from tonk import protocol

KINDS: tuple[typing.Any, ...] = (
    tonk.Rules,
    tonk.GameState,
    tonk.GameRecord,
    tonk.Action,
)
PRESETS = tuple(
    tonk.presets.get(name)
    for name in (
        "baton_rouge",
        "chicago",
        "newark",
        "pagat",
        "push_ups",
        "rushville",
        "seattle",
        "sheet",
        "vietnam",
        "washington_dc",
        "washington_state",
    )
)
"""The presets a header's second byte picks from: a fixed list, so that the
corpus keeps its meaning when presets are added (all seat three players)."""
HEADER = 4
"""Bytes before the text: the parser, the preset, the seed, the actions."""


def state_for(preset: int, seed: int, actions: int) -> tonk.GameState:
    """Return the state after ``actions`` random legal actions from a deal."""
    rules = PRESETS[preset % len(PRESETS)]
    state = tonk.new_game(rules, players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions % 64):
        if state.is_terminal:
            break
        state = tonk.apply(state, rng.choice(tonk.legal_actions(state)))
    return state


def _parse_action(data: bytes, header: bytes) -> object:
    state = state_for(header[1], header[2], header[3])
    action = tonk.parse_action(state, data.decode("utf-8", "replace"))
    return tonk.is_legal(state, action)


def _parse_cards(data: bytes, header: bytes) -> object:
    text = data.decode("utf-8", "replace")
    if header[1] % 2:
        return tonk.parse_element(text)
    return tonk.parse_cards(text)


def _parse_record(data: bytes, header: bytes) -> object:
    record = tonk.parse_record(data.decode("utf-8", "replace"))
    return tonk.parse_record(tonk.format_record(record)) == record


def _from_json(data: bytes, header: bytes) -> object:
    kind = KINDS[header[1] % len(KINDS)]
    value = tonk.from_json(data, kind)
    assert tonk.from_json(tonk.to_json(value), kind) == value
    return value


def _message(data: bytes, header: bytes) -> object:
    message = protocol.decode_message(data)
    assert protocol.decode_message(protocol.encode_message(message)) == message
    return message


def _outcome(read: Callable[[], object]) -> object:
    """Return what ``read`` returns, or the code and text of its protocol error."""
    try:
        return read()
    except tonk.ProtocolError as error:
        return error.code, str(error)


def _act(data: bytes, header: bytes) -> object:
    """Read ``data`` as an act's line after a whole view, quickly and in full."""
    state = state_for(header[1], header[2], header[3])
    seen = tonk.observe(state, state.to_move)

    def reader() -> protocol.ObservationReader:
        fresh = protocol.ObservationReader(state.rules)
        fresh.read(protocol.observation_json(seen))
        return fresh

    def in_full() -> object:
        message = protocol.decode_message(data)
        kind = message["type"]
        if kind != "act":
            code = tonk.ProtocolErrorCode.BAD_FIELD
            article = "an" if kind[0] in "aeiou" else "a"
            return code, f"{article} {kind} message where an act was expected"
        if "changes" in message:
            return reader().read_changes(message["changes"]), message
        if "session" in message:  # a choice between hands: no view to read
            return tonk.ProtocolErrorCode.BAD_FIELD, (
                "an act with a session asks for a choice between hands, and has"
                " no view of a hand to read"
            )
        return reader().read(message["observation"]), message

    quick = _outcome(lambda: reader().read_act(data))
    assert quick == _outcome(in_full), (quick, _outcome(in_full))
    return quick


def _answer(data: bytes, header: bytes) -> object:
    """Read ``data`` as an answer to an act, quickly and in full."""
    state = state_for(header[1], header[2], header[3])
    writer = protocol.ActWriter(changes=True)
    writer.write(tonk.observe(state, state.to_move), request=header[3])
    action = writer.chosen_line(data)
    if action is not None:  # the usual line: a message that names it
        message = protocol.decode_message(data)
        assert message["type"] == "action"
        assert message["request"] == header[3]
        assert set(message) == {"type", "request", "action"}
        assert writer.chosen(message) == action
    return action


def _session_action(data: bytes, header: bytes) -> object:
    """Read a session action's notation, or (odd header) its JSON document."""
    if header[1] % 2:
        value = tonk.from_json(data, tonk.SessionAction)
        assert tonk.from_json(tonk.to_json(value), tonk.SessionAction) == value
        return value
    action = tonk.parse_session_action(data.decode("utf-8", "replace"))
    assert tonk.parse_session_action(tonk.format_session_action(action)) == action
    return action


CHOOSING = (
    tonk.Rules(suit_bet=1, naturals_bet=1, big_one_deals=1),
    tonk.Rules(naturals_bet=2),
    tonk.Rules(big_one_deals=2),
    tonk.presets.PAGAT,
)
"""The rules a table's header byte picks from: choices between hands, or none."""


def _table(data: bytes, header: bytes) -> object:
    """Give a table, some legal answers in, ``data`` from the seat it waits for.

    A refused message gets errors to that seat only and changes nothing.
    """
    table = protocol.Table(
        CHOOSING[header[1] % len(CHOOSING)], players=3, seed=header[2]
    )
    table.start()
    rng = random.Random(header[2])
    for _ in range(header[3] % 16):
        if not table.waiting_for:
            return None
        seat = table.waiting_for[0]
        (act,) = [
            out.message for out in table.snapshot(seat) if out.message["type"] == "act"
        ]
        choice = rng.choice(act["legal"])["action"]
        table.receive(
            seat, {"type": "action", "request": act["request"], "action": choice}
        )
    if not table.waiting_for:
        return None
    seat = table.waiting_for[0]
    before = (table.state, table.history, table.request)
    out = table.receive(seat, data)
    if any(each.message["type"] == "error" for each in out):
        assert all(each.to == seat for each in out)
        assert (table.state, table.history, table.request) == before
    return [each.message["type"] for each in out]


PARSERS: tuple[Callable[[bytes, bytes], object], ...] = (
    _parse_action,
    _parse_cards,
    _parse_record,
    _from_json,
    _message,
    _act,
    _answer,
    _session_action,
    _table,
)
"""By the input's first byte (modulo): new parsers go at the end, so that
the corpus keeps its meaning."""


def one_input(data: bytes) -> None:
    """Feed one fuzzer input to the parser its first byte picks."""
    header, body = data[:HEADER].ljust(HEADER, b"\0"), data[HEADER:]
    parser = PARSERS[header[0] % len(PARSERS)]
    with contextlib.suppress(tonk.TonkError):
        parser(body, header)


def _instrument(atheris: typing.Any) -> None:
    """Give libFuzzer the coverage of tonk's functions and this harness's.

    Only theirs: the standard library's code (which ``atheris.instrument_all``
    would take too) is not what is fuzzed, and instrumenting all of it took
    most of a CI run's minute. Every module of tonk the parsers use is imported
    by now (``tonk`` and ``tonk.protocol``, at the top).
    """
    ours = {"tonk", __name__}
    for obj in gc.get_objects():
        if isinstance(obj, types.FunctionType) and (
            str(obj.__module__).partition(".")[0] in ours
        ):
            atheris.instrument_func(obj)


def main() -> None:
    """Run libFuzzer on :func:`one_input` with the command line's options."""
    try:
        import atheris
    except ImportError:
        sys.exit("the fuzzer needs atheris: pip install 'tonk[fuzz]'")
    _instrument(atheris)
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
