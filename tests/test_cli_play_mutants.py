"""Tests that kill the mutants of ``tonk/_cli_play.py`` that the other tests let live.

``tonk play`` through :func:`tonk._cli_play.play` in this process (a
subprocess would run the installed code, not the mutant): its exact output for
a seeded deal and typed moves, its replies to bad input, what it saves and its
exit status. mutmut ran them with test_cli.py, test_play_save.py,
test_cli_mutants.py and test_untrusted_text.py (docs/maintainers.md, "Mutation
testing").
"""

from __future__ import annotations

import errno
import io
from collections.abc import Iterable, Sequence
from pathlib import Path

import pytest

import tonk
from tonk.cli import main

pytest.importorskip("rich")


def play(
    answers: Iterable[str],
    *,
    rules: tonk.Rules | None = None,
    seed: int = 7,
    bots: Sequence[tonk.bots.Bot] | None = None,
    names: Sequence[str] = ("greedy",),
    hands: int | None = 1,
    session: bool = False,
    save: Path | None = None,
    encoding: str = "utf-8",
) -> tuple[int, str, list[str]]:
    """Play with ``answers`` typed at the prompt, then the end of input.

    Returns:
        The status, everything printed, and the prompts asked.
    """
    from rich.console import Console

    from tonk._cli_play import play as play_in_terminal

    typed = iter(answers)
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        for answer in typed:
            return answer
        raise EOFError

    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding=encoding, write_through=True)
    status = play_in_terminal(
        Console(file=stream, width=100),
        rules if rules is not None else tonk.Rules(),
        seed=seed,
        bots=list(bots) if bots is not None else [tonk.bots.GreedyBot()] * len(names),
        bot_names=names,
        hands=hands,
        session=session,
        save=save,
        ask=ask,
    )
    return status, raw.getvalue().decode(encoding), prompts


# --- rich markup in what the player types and in the bots' names --------------------


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        (
            "[/red]",
            "unknown action '[/red]': expected drop, draw, spread, hit, discard,"
            " claim, slap, eat, pass, exchange or tunk (at position 0 of '[/red]')",
        ),
        ("discard [/red]", "unknown rank '[/red' (at position 8 of 'discard [/red]')"),
        ("hit [bold]x", "unknown rank '[bold]' (at position 4 of 'hit [bold]x')"),
    ],
)
def test_typed_markup_is_shown_as_typed_not_read(typed: str, shown: str) -> None:
    """Square brackets typed at the prompt are shown, never read as rich markup.

    ``[/red]`` used to stop the game with rich's MarkupError (a traceback,
    status 1); ``[bold]`` vanished from the reply.
    """
    status, out, prompts = play([typed])
    assert status == 0
    assert f"\nCannot read that: {shown}. Type 'help' for the notation.\n" in out
    assert out.endswith("You left the game.\n")
    assert prompts == ["> ", "> "]


@pytest.mark.parametrize("name", ["[/x]", "a[bold]b"])
def test_a_bot_name_with_markup_is_shown_as_it_is(name: str) -> None:
    """A bot's name (from its spec: ``exec:[/x]``) is text, not rich markup."""
    status, out, _ = play(["1"], names=[name])
    assert status == 0
    assert f"seat 1 ({name}) deals." in out
    assert f"\n1     {name} (dealer)" in out


def test_a_bot_spec_with_markup_plays_from_the_command_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "--seed", "7", "--bots", "exec:[/x]"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("tonk play: 2 players, seed 7. You are seat 0; seat 1 ([/x])")


# --- one hand, exactly --------------------------------------------------------------

# Seed 7 against greedy: seat 0 draws, discards 2S, then drops at its next turn.
SEED_7 = "\n".join(
    [
        "tonk play: 2 players, seed 7. You are seat 0; seat 1 (greedy) deals."
        " Type 'help' for help.",
        "",
        "Turn 1: your move",
        "seat  player           cards  waits  known to hold",
        "0     You              5      0                   ",
        "1     greedy (dealer)  5      0      -            ",
        "Spreads: none",
        "Discard: 4♦ (1 in the pile)   Stock: 41 cards",
        "Your hand: A♣ 2♦ 5♦ 6♥ 2♠   (count 16)",
        "Moves:",
        " 1) drop    2) draw stock    3) draw discard",
        "You drew 9♣.",
        "",
        "Turn 1: your move",
        "seat  player           cards  waits  known to hold",
        "0     You              6      0                   ",
        "1     greedy (dealer)  5      0      -            ",
        "Spreads: none",
        "Discard: 4♦ (1 in the pile)   Stock: 40 cards",
        "Your hand: A♣ 9♣ 2♦ 5♦ 6♥ 2♠   (count 25)",
        "Moves:",
        " 1) discard AC    2) discard 9C    3) discard 2D    4) discard 5D   "
        " 5) discard 6H    6) discard 2S",
        "Seat 1 (greedy): draw discard",
        "Seat 1 (greedy): discard JC",
        "",
        "Turn 3: your move",
        "seat  player           cards  waits  known to hold",
        "0     You              5      0                   ",
        "1     greedy (dealer)  5      0      2♠           ",
        "Spreads: none",
        "Discard: J♣ (2 in the pile)   Stock: 40 cards",
        "Your hand: A♣ 9♣ 2♦ 5♦ 6♥   (count 23)",
        "Moves:",
        " 1) drop    2) draw stock    3) draw discard",
        "",
        "The hand is over: drop won",
        "You dropped.",
        "  you: A♣ 9♣ 2♦ 5♦ 6♥  (count 23)",
        "  seat 1 (greedy): Q♣ 7♦ A♠ 2♠ Q♠  (count 30)",
        "Payments:",
        "  seat 1 (greedy) paid you 1 (drop won)",
        "Payoffs: you +1, seat 1 (greedy) -1",
        "",
    ]
)  # rich pads the table's cells with spaces

# What follows the first list of moves of SEED_7 when the input ends there.
LEFT = "\nYou left the game.\n"


def test_a_hand_is_shown_exactly() -> None:
    """The table, the discard, the hand and its count, the moves, the end."""
    status, out, prompts = play(["draw stock", "discard 2S", "1"])
    assert (status, out, prompts) == (0, SEED_7, ["> "] * 3)


def test_the_first_hand_of_a_dealer_at_seat_0() -> None:
    """ "you deal"; the bot moves first; "(dealer)" marks seat 0's row."""
    status, out, _ = play(["1"], seed=6)
    assert status == 0
    assert out.startswith(
        "tonk play: 2 players, seed 6. You are seat 0; you deal. Type 'help' for"
        " help.\nSeat 1 (greedy): draw stock\nSeat 1 (greedy): discard KH\n\n"
        "Turn 2: your move\n"
    )
    assert "\n0     You (dealer)  5      0      " in out
    assert "\n1     greedy        5      0      -" in out


def test_bots_with_one_name_are_numbered_and_none_is_you() -> None:
    """Seat names are distinct: a second "a" is "a-2", a bot called "you" "you-2"."""
    status, out, _ = play(["1"], names=["you", "a", "a", "a"])
    assert status == 0
    assert out.startswith(
        "tonk play: 5 players, seed 7. You are seat 0; seat 2 (a) deals. Type"
        " 'help' for help.\nSeat 3 (a-2): draw stock\nSeat 3 (a-2): discard QC\n"
        "Seat 4 (a-3): draw stock\nSeat 4 (a-3): discard QD\n"
    )
    assert "\n1     you-2       5" in out
    assert "\n2     a (dealer)  5" in out
    assert "  seat 4 (a-3): A♣ 9♣ A♠ 5♠ 10♠  (count 26)\n" in out
    assert out.endswith(
        "Payoffs: you -4, seat 1 (you-2) +1, seat 2 (a) -1, seat 3 (a-2) -1,"
        " seat 4 (a-3) +5\n"
    )


# --- replies to what the player types -----------------------------------------------

NO_MOVE = (
    "There is no move {}: type 1 to 3, or the move itself ('help' for the notation).\n"
)
HELP = """\
Type a move's number, or the move in action notation:
  drop | draw stock | draw discard | spread 7H 8H 9H | hit 2 10H | hit 10H
  discard KS | slap 2 | eat | pass | claim | exchange KD
Wild cards name what they stand for: spread 5H 2C=6H 7H. 'quit' ends the game.
"""
UNKNOWN = (
    "Cannot read that: unknown action {0}: expected drop, draw, spread, hit,"
    " discard, claim, slap, eat, pass, exchange or tunk (at position 0 of {0})."
    " Type 'help' for the notation.\n"
)


def _after_first_moves(out: str) -> str:
    """Return what follows SEED_7's first list of moves."""
    head = SEED_7.split(" 3) draw discard\n", 1)[0] + " 3) draw discard\n"
    assert out.startswith(head)
    return out[len(head) :]


@pytest.mark.parametrize(
    ("typed", "reply"),
    [
        ("0", NO_MOVE.format(0)),
        ("4", NO_MOVE.format(4)),
        ("0004", NO_MOVE.format(4)),
        ("9" * 30, NO_MOVE.format("9" * 30)),
        ("9" * 5000, NO_MOVE.format(f"'{'9' * 47}...{'9' * 48}'")),
        ("٣", NO_MOVE.format("'٣'")),  # a decimal digit, not an ASCII one
        ("?", HELP),
        ("h", HELP),
        (" HELP ", HELP),
        ("hello", UNKNOWN.format("'hello'")),
        ("x" * 100_000, UNKNOWN.format(f"'{'x' * 47}...{'x' * 48}'")),
        ("\x1b[2J", UNKNOWN.format("'\\x1b[2J'")),
        (
            "draw",
            "Cannot read that: 'draw' takes 'stock' or 'discard' (at position"
            " 4 of 'draw'). Type 'help' for the notation.\n",
        ),
        (
            "discard 4D",
            "Not allowed: cannot discard before drawing: seat 0 must drop or draw"
            " first.\n",
        ),
    ],
)
def test_a_bad_answer_is_answered_and_asked_again(typed: str, reply: str) -> None:
    """Each bad answer gets one reply, and the same question again."""
    status, out, prompts = play([typed])
    assert status == 0
    assert _after_first_moves(out) == reply + LEFT
    assert prompts == ["> ", "> "]
    assert "\x1b" not in out


@pytest.mark.parametrize("typed", ["q", "quit", "exit", "QUIT", " Exit "])
def test_quit_leaves_at_once(typed: str) -> None:
    """Quitting says so, without the blank line the end of input leaves."""
    status, out, prompts = play([typed, "1"])
    assert status == 0
    assert _after_first_moves(out) == "You left the game.\n"
    assert prompts == ["> "]


def test_the_end_of_input_leaves_after_a_blank_line() -> None:
    status, out, prompts = play([])
    assert (status, _after_first_moves(out), prompts) == (0, LEFT, ["> "])


def test_blank_answers_are_asked_again_without_a_reply() -> None:
    """An empty or blank line, and spaces around a number, are no mistakes."""
    status, out, prompts = play(["", "   ", " 2 "])
    assert status == 0
    assert _after_first_moves(out).startswith("You drew 9♣.\n\nTurn 1: your move\n")
    assert prompts == ["> "] * 4


def test_taking_the_discard_says_what_was_taken() -> None:
    status, out, _ = play(["3"])
    assert status == 0
    assert _after_first_moves(out).startswith("You took 4♦.\n\nTurn 1: your move\n")
    assert "Discard: empty (0 in the pile)   Stock: 41 cards\n" in out


# --- a session ----------------------------------------------------------------------


def _story(out: str) -> list[str]:
    """Return the lines of ``out`` but the table of each turn and its moves."""
    turn = ("seat  ", "0  ", "1  ", "2  ", "Spreads", "Discard:", "Your hand:")
    return [
        line
        for line in out.splitlines()
        if not line.startswith(turn)
        and line not in ("Moves:", "")
        and not line.startswith((" 1) ", " 1)"))
    ]


def test_a_session_shows_each_hand_and_the_ledger_after_it(tmp_path: Path) -> None:
    """Newark, seed 16: hand 1 ends at the deal (B5), hand 2 with a bot's drop.

    Both are saved, numbered by the hand (the first was not saved before).
    """
    save = tmp_path / "s.txt"
    rules = tonk.presets.get("newark")
    status, out, prompts = play(
        [], rules=rules, seed=16, hands=2, session=True, save=save
    )
    assert (status, prompts) == (0, [])
    assert _story(out) == [
        "tonk play --session: 2 players, seed 16. You are seat 0 (you). Type"
        " 'help' for help.",
        "Hand 1",
        "The hand is over: tonk on the deal",
        "  you: 10♣ J♣ 9♥ J♥ Q♥  (count 49)",
        "  seat 1 (greedy): 4♣ 6♣ 4♦ J♦ 5♠  (count 29)",
        "Payments:",
        "  seat 1 (greedy) paid you 2 (tonk on the deal)",
        "Payoffs: you +2, seat 1 (greedy) -2",
        f"Saved the hand to {tmp_path}/s-1.txt.",
        "session: newark rules, 1 hand dealt, next dealer you (before the deal)",
        "  you     +2",
        "  greedy  -2",
        "last hand: tonk on the deal; you +2, greedy -2",
        "Hand 2",
        "Seat 1 (greedy): drop",
        "The hand is over: drop won",
        "Seat 1 (greedy) dropped.",
        "  you: 4♣ J♦ 10♥ 7♠ 8♠  (count 39)",
        "  seat 1 (greedy): 8♣ Q♣ 2♦ 2♥ 6♥  (count 28)",
        "Payments:",
        "  you paid seat 1 (greedy) 1 (drop won)",
        "Payoffs: you -1, seat 1 (greedy) +1",
        f"Saved the hand to {tmp_path}/s-2.txt.",
        "session: newark rules, 2 hands dealt, next dealer greedy (before the deal)",
        "  you     +1",
        "  greedy  -1",
        "last hand: drop won; you -1, greedy +1",
    ]
    for number, actions in ((1, ()), (2, (tonk.Drop(),))):
        record = tonk.parse_record((tmp_path / f"s-{number}.txt").read_text())
        assert (record.seed, record.actions) == (tonk.hand_seed(16, number), actions)
        assert record.outcome is not None
        assert list(tonk.replay(record))[-1].outcome == record.outcome


def test_a_hand_ended_at_the_deal_that_cannot_be_saved_stops_the_session(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    def full(self: Path, *args: object, **kwargs: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "write_text", full)
    rules = tonk.presets.get("newark")
    save = tmp_path / "s.txt"
    status, out, _ = play([], rules=rules, seed=16, hands=2, session=True, save=save)
    assert status == 1
    assert out.endswith("Payoffs: you +2, seat 1 (greedy) -2\n")  # no hand 2
    first, _, rest = capsys.readouterr().err.partition("\n")
    assert first == (
        f"tonk: error: cannot save the hand to {tmp_path}/s-1.txt: No space left on"
        " device; its record follows"
    )
    assert tonk.parse_record(rest).seed == tonk.hand_seed(16, 1)
