"""Untrusted text on human-facing output: names, file names, captions, records.

A name with a control character is refused where it enters; whatever reaches
a table, the command line or a picture anyway (a forged value) is escaped, so
it can neither drive a terminal nor break an SVG document.
"""

from __future__ import annotations

import io
import os
import random
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import attrs
import hypothesis
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tonk
from tonk import OutcomeKind, Phase, SessionPhase, TransferReason
from tonk.cli import main
from tonk.errors import SessionError
from tonk.testing import strategies
from tonk.text import format_label, format_session

HOSTILE = [
    "\x1b[2J\x1b[31mEVIL",
    "bob\n  mallory  +1000",
    "nul\x00",
    "bell\x07",
    "back\rspace",
    "tab\there",
    "c1\x85next line",
    "del\x7f",
    "line\u2028separator",
    "para\u2029separator",
    "\u202eevil override",
    "isolate\u2066x\u2069",
    "lone \ud800 surrogate",
    "not xml \ufffe\uffff",
]


def is_safe(text: str) -> bool:
    """Whether ``text`` holds nothing a terminal or an XML parser would act on."""
    return tonk._untrusted.first_unsafe(text.replace("\n", "")) is None


@pytest.mark.parametrize("name", HOSTILE)
def test_a_session_refuses_a_name_a_terminal_would_act_on(name: str) -> None:
    with pytest.raises(SessionError, match="may not hold control characters"):
        tonk.new_session(tonk.Rules(), players=["ann", name])
    session = tonk.new_session(tonk.Rules(), players=["ann", "bob"], dealer=0)
    with pytest.raises(SessionError, match="may not hold control characters"):
        tonk.join(session, name)


@pytest.mark.parametrize("name", ["Zoë", "Анна", "李", "O'Neil", "a b", "ann [2]"])
def test_names_in_any_script_are_welcome(name: str) -> None:
    session = tonk.new_session(tonk.Rules(), players=["ann", name], dealer=0)
    assert name in str(session)


def forged_session(names: tuple[str, str]) -> tonk.Session:
    """A session whose names were never checked: as a forged value would be."""
    session = tonk.new_session(tonk.Rules(), players=["a", "b"], seed=3)
    session = tonk.apply_session(session, tonk.Deal())
    session = tonk.apply_session(session, tonk.Drop())
    assert session.last is not None
    return attrs.evolve(
        session,
        players=names,
        ledger=tuple(zip(names, (-1, 1), strict=True)),
        last=attrs.evolve(session.last, players=names),
    )


def test_a_forged_name_is_escaped_in_the_standings() -> None:
    session = forged_session(("\x1b[2J\x1b[31mEVIL", "bob\n  mallory  +1000"))
    for shown in (str(session), format_session(session, ascii=True)):
        assert is_safe(shown)
        assert len(shown.splitlines()) == 4  # no forged standings row
        assert "\\x1b[2J\\x1b[31mEVIL" in shown
        assert "bob\\x0a  mallory  +1000" in shown


@pytest.mark.parametrize("name", HOSTILE)
def test_every_forged_name_is_escaped(name: str) -> None:
    shown = str(forged_session((name, "x")))
    assert is_safe(shown)
    assert len(shown.splitlines()) == 4


def test_a_tournaments_table_escapes_the_bots_names() -> None:
    bots = [tonk.bots.RandomBot(), tonk.bots.RandomBot()]
    result = tonk.bots.tournament(
        tonk.Rules(), bots, hands=4, seed=1, names=["\x1b[31mred", "two\nlines"]
    )
    shown = str(result)
    assert is_safe(shown)
    assert "\\x1b[31mred" in shown
    assert len(shown.splitlines()) == 6


class UnpicklableBot:
    """A bot that cannot go to a worker process: it holds a lambda."""

    def __init__(self) -> None:
        self.hold = lambda: None

    def choose(
        self,
        obs: tonk.Observation,
        legal: Sequence[tonk.Action],
        rng: random.Random,
    ) -> tonk.Action:
        return legal[0]


def test_a_bot_error_escapes_the_bots_name() -> None:
    bots: list[tonk.bots.Bot] = [UnpicklableBot(), tonk.bots.RandomBot()]
    with pytest.raises(tonk.BotError, match="cannot be sent") as info:
        tonk.bots.tournament(
            tonk.Rules(), bots, hands=4, seed=1, names=["\x1b[2Jx", "y"], workers=2
        )
    assert is_safe(str(info.value))
    assert str(info.value).startswith("bot \\x1b[2Jx cannot be sent")


# --- pictures ------------------------------------------------------------------------


def svg_parses(picture: str) -> None:
    ElementTree.fromstring(picture)  # raises on a document that is not well-formed


@pytest.mark.parametrize("caption", [*HOSTILE, "a\x1b[31m", "]]><x>&amp;", "\x00\x07"])
def test_a_caption_cannot_break_the_svg(caption: str) -> None:
    state = tonk.new_game(tonk.Rules(), players=2, seed=7)
    picture = tonk.svg.draw_positions([state], captions=[caption])
    svg_parses(picture)
    assert is_safe(picture.replace("\n", ""))


@given(st.text(alphabet=st.characters(exclude_categories=()), max_size=40))
def test_any_caption_gives_well_formed_svg(caption: str) -> None:
    state = tonk.new_game(tonk.Rules(), players=2, seed=7)
    svg_parses(tonk.svg.draw_positions([state, state], captions=[caption, "x"]))


# --- engine labels in words ----------------------------------------------------------


@pytest.mark.parametrize(
    "label", [*Phase, *OutcomeKind, *TransferReason, *SessionPhase], ids=str
)
def test_every_engine_label_has_words(label: Phase) -> None:
    words = format_label(label)
    assert "_" not in words
    assert words == words.strip() != ""


def test_tables_and_pictures_show_words_not_engine_labels() -> None:
    state = tonk.new_game(tonk.Rules(), players=2, seed=7)
    over = tonk.apply(state, tonk.Drop())
    for shown in (str(state), str(over), tonk.svg.draw(over)):
        for label in (*Phase, *OutcomeKind, *TransferReason):
            assert f"({label.value})" not in shown
            assert f" {label.value}" not in shown
    assert "(start of turn)" in str(state)
    assert "seat 0 pays seat 1 1 (drop won)" in str(over)
    assert repr(over.outcome).count("'drop_won'") == 2  # repr keeps engine names
    assert '"kind":"drop_won"' in tonk.to_json(over).replace(" ", "")


# --- tonk replay ------------------------------------------------------------------


def record_text() -> str:
    state = tonk.new_game(tonk.Rules(), players=2, seed=7)
    record = tonk.GameRecord(rules=tonk.Rules(), players=2, seed=7)
    record = record.then(tonk.Drop())
    return tonk.format_record(
        record.with_outcome(tonk.apply(state, tonk.Drop()).outcome)
    )


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_replay_refuses_an_endless_file_at_once() -> None:
    """It used to read /dev/zero until memory ran out."""
    result = subprocess.run(
        [sys.executable, "-m", "tonk", "replay", "/dev/zero"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr == (
        "tonk: error: /dev/zero: more than 1,000,000 bytes, the most a record may be\n"
    )


def test_replay_reads_a_record_of_the_largest_size(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = record_text()
    path = tmp_path / "padded.txt"
    path.write_text(text + "#" * (1_000_000 - len(text)), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    path.write_text(text + "#" * (1_000_001 - len(text)), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert "more than 1,000,000 bytes" in capsys.readouterr().err


def test_replay_escapes_the_file_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "evil\x1b[2J\x07.txt"
    path.write_text(record_text(), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert is_safe(out)
    assert out.startswith("tonk replay: evil\\x1b[2J\\x07.txt, 2 players")
    missing = tmp_path / "gone\x1b]0;title\x07"
    assert main(["replay", str(missing)]) == 2
    error = capsys.readouterr().err
    assert is_safe(error)
    assert "cannot read " in error
    assert "gone\\x1b]0;title\\x07: No such file or directory" in error
    path.write_bytes(b"\xff\xfe")
    assert main(["replay", str(path)]) == 2
    error = capsys.readouterr().err
    assert is_safe(error)
    assert "evil\\x1b[2J\\x07.txt: not UTF-8 text" in error


@pytest.mark.parametrize("form", ["text", "json"])
def test_replay_accepts_a_byte_order_mark(
    form: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = record_text()
    if form == "json":
        text = tonk.to_json(tonk.parse_record(text))
    path = tmp_path / f"bom.{form}"
    path.write_text("\ufeff" + text, encoding="utf-8")
    assert main(["replay", str(path)]) == 0, capsys.readouterr().err
    assert "the hand is over" in capsys.readouterr().out


# --- tonk play's cards -------------------------------------------------------------


@pytest.mark.parametrize(
    ("encoding", "hand"), [("utf-8", "A♣ 2♦ 5♦ 6♥ 2♠"), ("ascii", "AC 2D 5D 6H 2S")]
)
def test_play_shows_suit_symbols_where_the_terminal_can(
    encoding: str, hand: str
) -> None:
    pytest.importorskip("rich")
    from rich.console import Console

    from tonk._cli_play import play

    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding=encoding, write_through=True)
    answers = iter(["draw stock", "quit"])
    status = play(
        Console(file=stream, width=100),
        tonk.Rules(),
        seed=7,
        bots=[tonk.bots.GreedyBot()],
        bot_names=["greedy"],
        ask=lambda prompt: next(answers),
    )
    assert status == 0
    out = raw.getvalue().decode(encoding)
    assert f"Your hand: {hand}" in out
    assert ("You drew 9♣." if encoding == "utf-8" else "You drew 9C.") in out


# --- a record drawn in a notebook --------------------------------------------------


def test_a_records_strip_is_readable_at_full_size() -> None:
    """Its text is drawn at least 9 px high; at half size labels were 6.5 px."""
    state = tonk.new_game(tonk.Rules(), players=3, seed=2)
    record = tonk.GameRecord(rules=tonk.Rules(), players=3, seed=2)
    while state.outcome is None and len(record.actions) < 8:
        action = tonk.legal_actions(state)[-1]  # never a drop
        state, record = tonk.apply(state, action), record.then(action)
    root = ElementTree.fromstring(tonk.svg.draw(record))
    svg = "{http://www.w3.org/2000/svg}"
    sizes = []
    for position in root.iter(f"{svg}svg"):
        if position is root:
            continue
        scale = float(position.get("width", 0)) / float(
            position.get("viewBox", "0 0 1 1").split()[2]
        )
        sizes += [
            scale * float(t.get("font-size", 0)) for t in position.iter(f"{svg}text")
        ]
    assert len(sizes) > 100
    assert min(sizes) >= 9
    assert float(root.get("width", 0)) <= 600  # fits a notebook's column at 100%


# --- Hypothesis reports of tonk.testing ---------------------------------------------


def failing_example(strategy: st.SearchStrategy[Any], *, shrink: bool) -> list[Any]:
    """Return the 'Falsifying example' of a test that fails, and the value drawn."""
    drawn = []
    generate, shrinking = hypothesis.Phase.generate, hypothesis.Phase.shrink
    phases = (generate, shrinking) if shrink else (generate,)

    @settings(database=None, derandomize=True, max_examples=1, phases=phases)
    @given(strategy)
    def fails(value: Any) -> None:
        drawn.append(value)
        raise ValueError("always")

    with pytest.raises(ValueError, match="always") as info:
        fails()
    return ["\n".join(getattr(info.value, "__notes__", [])), drawn[-1]]


def test_a_failing_example_shows_the_drawn_rules_by_their_changes() -> None:
    """It printed the whole repr of the rules: about 1,800 characters."""
    report, drawn = failing_example(strategies.rules(), shrink=False)
    assert "value=Rules(" in report
    assert len(report) < len(repr(drawn))
    defaults = tonk.Rules()
    for field in attrs.fields(tonk.Rules):
        at_default = getattr(drawn, field.name) == getattr(defaults, field.name)
        assert (f"{field.name}=" in report.replace("(", " ")) != at_default


@pytest.mark.parametrize(
    "strategy",
    [
        strategies.playouts(rules=tonk.Rules(hand_size=7), max_actions=3),
        strategies.game_states(rules=tonk.Rules(hand_size=7), max_actions=3),
    ],
    ids=["playouts", "game_states"],
)
def test_a_failing_hand_shows_its_rules_by_their_changes(
    strategy: st.SearchStrategy[Any],
) -> None:
    report, _ = failing_example(strategy, shrink=True)
    assert "Playout(rules=Rules(hand_size=7), players=2, seed=0, dealer=0" in report
    assert len(report) < 600


@given(strategies.rules())
def test_the_changed_options_rebuild_the_drawn_rules(drawn: tonk.Rules) -> None:
    """A Playout's report shows the rules as Rules(**changed): the same rules."""
    assert tonk.Rules(**strategies._changed(drawn)) == drawn  # type: ignore[arg-type]


def test_an_ascii_table_keeps_names_in_ascii() -> None:
    """render(x, ascii=True) promises plain ASCII: a name's other letters too."""
    session = tonk.new_session(tonk.Rules(), players=["Zoë", "李"], seed=3)
    plain = tonk.text.render(session, ascii=True)
    assert plain.isascii()
    assert "Zo\\xeb" in plain
    assert "\\u674e" in plain
    assert "Zoë" in str(session)


ARGS = "simulate --bots greedy,random --hands 20 --seed 1 --no-timing"


def test_a_tournament_prints_on_an_ascii_terminal() -> None:
    """Its table held '±', which an ASCII stdout cannot encode: a traceback."""
    pytest.importorskip("rich")
    result = subprocess.run(
        [sys.executable, "-m", "tonk", *ARGS.split()],
        capture_output=True,
        check=False,
        timeout=120,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
    )
    assert result.returncode == 0, result.stderr
    assert b"+- is the half-width" in result.stdout
