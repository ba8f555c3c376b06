"""Tests that kill the mutants of ``tonk/_cli_replay.py`` that the other tests let live.

Each checks what ``tonk replay FILE`` makes of one record file, a user's file,
through :func:`tonk.cli.main`: its exact lines, its exit status, and for a
bad file its one line of error and nothing else (a record is checked to its
end before any of it is shown). mutmut ran them with test_cli.py,
test_cli_mutants.py and test_untrusted_text.py (docs/maintainers.md,
"Mutation testing").
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest
from test_cli import _recorded_hand
from test_cli_mutants import run

import tonk
from tonk._cli_replay import load_record, render_state
from tonk.cli import main


def start() -> tonk.GameRecord:
    """The record of seed 7's deal to two players, before any action."""
    return tonk.GameRecord.start(tonk.Rules(), players=2, seed=7)


def dropped() -> tonk.GameRecord:
    """Seat 1 drops at once and wins: one action, and the outcome."""
    record = start().then(tonk.Drop())
    state = tonk.apply(record.initial_state(), tonk.Drop())
    return record.with_outcome(state.outcome)


def two_actions() -> tonk.GameRecord:
    """Seat 1 draws from the stock and discards its ace: the hand goes on."""
    return start().then(tonk.DrawStock()).then(tonk.Discard(tonk.Card.parse("AC")))


def write(path: Path, record: tonk.GameRecord, form: str = "text") -> Path:
    path.write_text(
        tonk.format_record(record) if form == "text" else tonk.to_json(record),
        encoding="utf-8",
    )
    return path


DEAL = [
    "the deal:",
    "  pagat rules, 2 players, turn 1: seat 1 to move (start of turn)",
    "    seat 0 (dealer)  JC QC 7D AS QS  count 38",
    "  > seat 1           AC 2D 5D 6H 2S  count 16",
    "  spreads: none",
    "  discard: 4D on top, 1 card; stock: 41 cards",
]


@pytest.mark.parametrize("form", ["text", "json"])
def test_replay_shows_a_finished_hand_exactly(form: str, tmp_path: Path) -> None:
    path = write(tmp_path / f"drop.{form}", dropped(), form)
    result = run("replay", str(path))
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.splitlines() == [
        f"tonk replay: drop.{form}, 2 players, dealer seat 0, 1 action",
        *DEAL,
        "  1. seat 1: drop",
        "  pagat rules, 2 players, turn 1: the hand is over",
        "    seat 0 (dealer)  JC QC 7D AS QS  count 38",
        "    seat 1           AC 2D 5D 6H 2S  count 16",
        "  spreads: none",
        "  discard: 4D on top, 1 card; stock: 41 cards",
        "  outcome: drop won, seat 1 dropped; winners: seat 1",
        "  counts: 38, 16",
        "    seat 0 pays seat 1 1 (drop won)",
        "  payoffs: -1, +1",
    ]


def test_replay_shows_an_unfinished_hand_and_says_so(tmp_path: Path) -> None:
    result = run("replay", str(write(tmp_path / "two.txt", two_actions())))
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.splitlines() == [
        "tonk replay: two.txt, 2 players, dealer seat 0, 2 actions",
        *DEAL,
        "  1. seat 1: draw stock",
        "  pagat rules, 2 players, turn 1: seat 1 to move (has drawn)",
        "    seat 0 (dealer)  JC QC 7D AS QS     count 38",
        "  > seat 1           AC 9C 2D 5D 6H 2S  count 25",
        "  spreads: none",
        "  discard: 4D on top, 1 card; stock: 40 cards",
        "  2. seat 1: discard AC",
        "  pagat rules, 2 players, turn 2: seat 0 to move (start of turn)",
        "  > seat 0 (dealer)  JC QC 7D AS QS  count 38",
        "    seat 1           9C 2D 5D 6H 2S  count 24",
        "  spreads: none",
        "  discard: AC on top, 2 cards; stock: 40 cards",
        "the record stops before the hand is over",
    ]


def test_replay_of_a_record_without_actions_shows_the_deal(tmp_path: Path) -> None:
    result = run("replay", str(write(tmp_path / "deal.txt", start())))
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.splitlines() == [
        "tonk replay: deal.txt, 2 players, dealer seat 0, 0 actions",
        *DEAL,
        "the record stops before the hand is over",
    ]


def test_replay_writes_suit_glyphs_where_the_output_can_hold_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(write(tmp_path / "drop.txt", dropped()))]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[3] == "    seat 0 (dealer)  J♣ Q♣ 7♦ A♠ Q♠  count 38"
    assert lines[10] == "    seat 1           A♣ 2♦ 5♦ 6♥ 2♠  count 16"


@pytest.mark.parametrize("seed", [29, 33])
def test_replay_shows_the_table_when_the_turn_or_its_stage_changes(
    seed: int, tmp_path: Path
) -> None:
    """A spread or a hit that leaves the same seat at the same stage shows none."""
    record = _recorded_hand(seed)
    states = list(tonk.replay(record))
    changes = [
        after.phase is not before.phase or after.to_move != before.to_move
        for before, after in itertools.pairwise(states)
    ]
    assert not all(changes)  # the hand has a step that shows no table
    result = run("replay", str(write(tmp_path / "hand.txt", record)))
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    numbered = [i for i, line in enumerate(lines) if line[3:5] == ". "]
    assert len(numbered) == len(record.actions)
    shown = [lines[i + 1].startswith("  pagat rules, 3 players") for i in numbered]
    assert shown == changes
    for i, (number, state, action) in enumerate(
        zip(numbered, states[:-1], record.actions, strict=True), 1
    ):
        assert lines[number] == (
            f"{i:>3}. seat {state.to_move}: {tonk.format_action(action)}"
        )


def test_replay_pauses_before_each_action_only(tmp_path: Path) -> None:
    result = run(
        "replay",
        "--pause",
        str(write(tmp_path / "two.txt", two_actions())),
        stdin="\n\n",
    )
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[7] == "(Enter)   1. seat 1: draw stock"
    assert lines[13] == "(Enter)   2. seat 1: discard AC"
    assert result.stdout.count("(Enter)") == 2


# --- bad files: one line of error, nothing shown -------------------------------------


def test_a_record_with_an_illegal_action_shows_nothing(tmp_path: Path) -> None:
    path = write(tmp_path / "bad.txt", start().then(tonk.DrawStock()).then(tonk.Drop()))
    for args in (("replay", str(path)), ("replay", "--pause", str(path))):
        result = run(*args, stdin="\n" * 9)
        assert (result.returncode, result.stdout) == (2, "")
        assert result.stderr == (
            "tonk: error: actions[1] (line 9): cannot drop: seat 1 has drawn;"
            " spread, hit or discard\n"
        )


def test_a_record_whose_outcome_is_not_the_replays_shows_nothing(
    tmp_path: Path,
) -> None:
    outcome = dropped().outcome
    assert outcome is not None
    path = write(tmp_path / "bad.json", two_actions().with_outcome(outcome), "json")
    result = run("replay", str(path))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith("tonk: error: the record gives the outcome drop")
    assert result.stderr.endswith(" but the hand is not over after its 2 actions\n")


@pytest.mark.parametrize(
    "lead",
    ["\n", "  \t", "\ufeff", "\ufeff\n "],
    ids=["newline", "blanks", "bom", "both"],
)
def test_a_json_record_may_start_with_blanks(lead: str, tmp_path: Path) -> None:
    path = tmp_path / "drop.json"
    path.write_text(lead + tonk.to_json(dropped()) + "\n", encoding="utf-8")
    result = run("replay", str(path))
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.startswith("tonk replay: drop.json, 2 players, dealer")


def test_a_json_looking_text_record_is_read_as_json(tmp_path: Path) -> None:
    path = tmp_path / "x.txt"
    path.write_text(' {"players": 2}', encoding="utf-8")
    result = run("replay", str(path))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "tonk: error: $.format: required field is missing\n"
    path.write_text("[Players", encoding="utf-8")
    assert run("replay", str(path)).stderr == (
        'tonk: error: a header is written [Name "value"] (line 1, at position 0'
        " of '[Players')\n"
    )


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"\xff\xfe[", "invalid start byte"),
        (b'[Players "2"]\xc3', "unexpected end of data"),
    ],
)
def test_a_record_not_in_utf_8_names_the_file_and_the_fault(
    data: bytes, reason: str, tmp_path: Path
) -> None:
    path = tmp_path / "x\x1b[2J.txt"
    path.write_bytes(data)
    result = run("replay", str(path))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        f"tonk: error: {tmp_path}/x\\x1b[2J.txt: not UTF-8 text ({reason})\n"
    )


def test_a_file_too_large_names_the_file_and_the_most(tmp_path: Path) -> None:
    path = tmp_path / "big\u202e.txt"
    path.write_bytes(b"#" * 1_000_001)
    result = run("replay", str(path))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        f"tonk: error: {tmp_path}/big\\u202e.txt: more than 1,000,000 bytes,"
        " the most a record may be\n"
    )
    path.write_bytes(b"\n" * 1_000_000)  # the most is read: an empty record
    assert "more than" not in run("replay", str(path)).stderr


class Endless:
    """A file of endless bytes that notes how many each read asks for."""

    def __init__(self) -> None:
        self.asked: list[int | None] = []

    def __enter__(self) -> Endless:
        return self

    def __exit__(self, *exc_info: object) -> None:
        pass

    def read(self, size: int | None = -1) -> bytes:
        self.asked.append(size)
        return b"#" * (size if size is not None and size >= 0 else 3_000_000)


def test_an_endless_file_is_read_one_byte_past_the_most_a_record_holds(
    tmp_path: Path,
) -> None:
    endless = Endless()

    class EndlessPath(type(tmp_path)):  # type: ignore[misc]
        def open(self, *args: Any, **kwargs: Any) -> Endless:
            return endless

    path = EndlessPath(tmp_path / "zero")
    with pytest.raises(tonk.TonkError) as caught:
        load_record(path)
    assert str(caught.value) == (
        f"{tmp_path}/zero: more than 1,000,000 bytes, the most a record may be"
    )
    assert endless.asked == [1_000_001]


def test_render_state_writes_suit_glyphs_unless_told_otherwise() -> None:
    state = start().initial_state()
    assert render_state(state)[1] == "    seat 0 (dealer)  J♣ Q♣ 7♦ A♠ Q♠  count 38"
    assert render_state(state, ascii=True)[1] == DEAL[2]
