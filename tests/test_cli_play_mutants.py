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
import os
import random
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
Before a deal (side bets, the Big One): deal | call big one | call suit H
  bet none | bet suit | bet naturals | bet suit naturals
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


# --- windows, marks and the end -----------------------------------------------------


class Spready:
    """A bot that spreads when it can, never drops, hits nor takes a window's card.

    Its discards are drawn at random, so seat 0 gets windows to slap or eat.
    """

    def choose(
        self, obs: tonk.Observation, legal: Sequence[tonk.Action], rng: random.Random
    ) -> tonk.Action:
        spreads = [action for action in legal if isinstance(action, tonk.Spread)]
        if spreads:
            return spreads[0]
        kept = (tonk.Drop, tonk.Hit, tonk.Slap, tonk.Eat)
        return rng.choice([action for action in legal if not isinstance(action, kept)])


# Slap-in, seed 1, against Spready: seat 0 slaps the bot's 10S at turn 55.
TO_THE_SLAP = [
    *("draw stock", "discard 7D", "draw stock", "discard 10H", "draw stock"),
    *("discard 3D", "draw stock", "discard QH", "draw stock", "discard 9D"),
    *("draw stock", "discard 2S", "draw stock", "discard KC", "draw stock"),
    *("spread JS QS KS", "discard 5S", "draw stock", "discard 7H", "draw stock"),
    *("discard KD", "draw stock", "discard 9H", "draw stock", "discard JC"),
    *("draw stock", "discard 8H", "draw stock", "discard 4C", "draw stock"),
    *("discard 6D", "draw stock", "discard 5D", "draw stock", "discard 6S"),
    *("draw stock", "discard 3C", "draw stock", "discard 2H", "draw stock"),
    *("discard 4S", "draw stock", "discard 7S", "draw stock", "discard AD"),
    *("draw stock", "discard 3S", "draw stock", "discard 3H", "draw stock"),
    *("discard 8C", "draw stock", "discard 5C", "draw stock", "discard JH"),
]


def test_a_slap_in_window_and_the_extra_discard() -> None:
    """Another seat's discard may be slapped (V26), then one more card discarded."""
    status, out, _ = play(
        [*TO_THE_SLAP, "slap 1"],
        rules=tonk.Rules(slap_in=True),
        seed=1,
        bots=[Spready()],
        names=["spready"],
    )
    assert status == 0
    window, extra = out.split("\nTurn 55: your move")[1:]
    assert window == "\n".join(
        [
            " (slap-in window)",
            "seat  player            cards  waits  known to hold",
            "0     You               2      0                   ",
            "1     spready (dealer)  2      0      J♥           ",
            "Spreads:",
            "  1: J♠ Q♠ K♠  laid by you",
            "  2: 2♣ 2♦ 2♥  laid by seat 1 (spready)",
            "Discard: 10♠ (41 in the pile)   Stock: 1 card",
            "Seat 1 (spready) discarded 10♠: slap it onto a spread, or pass",
            "Your hand: A♣ 8♠   (count 9)",
            "Moves:",
            " 1) slap 1    2) pass",
            "",
        ]
    )
    assert extra.startswith("\n")  # no window now
    assert "  1: 10♠ J♠ Q♠ K♠  laid by you\n" in extra
    assert extra.endswith(
        "Discard: 3♣ (40 in the pile)   Stock: 1 card\n"
        "You slapped: discard one more card.\n"
        "Your hand: A♣ 8♠   (count 9)\n"
        "Moves:\n"
        " 1) discard AC    2) discard 8S\n" + LEFT
    )


def test_an_eating_window() -> None:
    """Under eating (X5) the window says so, and offers to eat or pass."""
    status, out, _ = play(
        ["draw stock", "discard 9D"],
        rules=tonk.Rules(eating=True),
        seed=2,
        bots=[Spready(), Spready()],
        names=["spready", "spready"],
    )
    assert status == 0
    assert out.endswith(
        "Seat 2 (spready-2): pass\n"
        "Seat 1 (spready): draw discard\n"
        "Seat 1 (spready): discard 9D\n\n"
        "Turn 3: your move (eating window)\n"
        "seat  player              cards  waits  known to hold\n"
        "0     You                 5      0                   \n"
        "1     spready             5      0      -            \n"
        "2     spready-2 (dealer)  5      0      -            \n"
        "Spreads: none\n"
        "Discard: 9♦ (2 in the pile)   Stock: 35 cards\n"
        "Seat 1 (spready) discarded 9♦: eat it, or pass\n"
        "Your hand: 3♦ Q♦ J♥ 7♠ K♠   (count 40)\n"
        "Moves:\n"
        " 1) eat    2) pass\n" + LEFT
    )


@pytest.mark.parametrize(
    ("rules", "seed", "line"),
    [
        (tonk.Rules(discard_pickup=False), 1, "You may not discard 4♥ this turn (X8)."),
        (
            tonk.Rules(discard_draw_must_meld=True),
            5,
            "You must use 10♠ at once (V24d).",
        ),
    ],
)
def test_the_card_taken_from_the_discard_is_marked(
    rules: tonk.Rules, seed: int, line: str
) -> None:
    """X8 forbids discarding it this turn; V24d needs it in a spread at once."""
    status, out, _ = play(["draw discard"], rules=rules, seed=seed)
    assert status == 0
    hand, moves = out.split("\nYour hand: ")[2].split("\nMoves:\n")
    assert hand.split("\n")[1:] == [line]
    assert "You may not" not in moves
    assert "You must" not in moves


def test_wild_cards_in_spreads_show_what_they_stand_for() -> None:
    status, out, _ = play(["2"] * 5, rules=tonk.presets.get("chicago"), seed=1)
    assert status == 0
    assert "Seat 1 (greedy): spread JK=KC KD KH\n" in out
    assert "\nSpreads:\n  1: JK=K♣ K♦ K♥  laid by seat 1 (greedy)\nDiscard: J♠" in out


def test_a_tunk_with_no_payments() -> None:
    """Hoyle, seed 70: the bot tunks (H5) and the counts tie, so no one pays."""
    typed = [
        *("draw stock", "discard KC", "draw stock", "discard 9D", "draw stock"),
        *("discard 2D", "draw stock", "discard 10D", "draw stock", "discard JD"),
        *("draw stock", "discard QC", "draw stock", "discard JC", "draw stock"),
        *("spread 10H JH 2C=QH", "spread JS QS 2S=KS", "discard 8S"),
    ]
    status, out, prompts = play(typed, rules=tonk.presets.get("hoyle"), seed=70)
    assert (status, len(prompts)) == (0, len(typed))
    assert out.endswith(
        "Spreads:\n"
        "  1: 2♦=4♥ 5♥ 6♥  laid by seat 1 (greedy)\n"
        "  2: 3♠ 4♠ 5♠  laid by seat 1 (greedy)\n"
        "  3: 10♥ J♥ 2♣=Q♥  laid by you\n"
        "  4: J♠ Q♠ 2♠=K♠  laid by you\n"
        "Discard: J♣ (14 in the pile)   Stock: 22 cards\n"
        "Your hand: 4♣ 8♠   (count 12)\n"
        "Moves:\n"
        " 1) discard 4C    2) discard 8S\n"
        "\n"
        "The hand is over: tunk, counts as penalty points\n"
        "Seat 1 (greedy) tunked.\n"
        "  you: 4♣  (count 4)\n"
        "  seat 1 (greedy): A♣ 3♣  (count 4)\n"
        "No payments.\n"
        "Payoffs: you 0, seat 1 (greedy) 0\n"
    )


def test_a_hand_won_by_going_out_shows_no_hands() -> None:
    """Nobody shows a hand when a player goes out: no "dropped", no counts."""
    typed = [
        *("draw stock", "discard 4D", "draw stock", "discard 5H", "draw stock"),
        *("discard 3D", "draw stock", "discard 7H", "draw stock", "discard 10C"),
        *("draw stock", "discard 2C", "slap 1", "draw stock", "discard AS"),
    ]
    status, out, _ = play(
        typed, rules=tonk.Rules(slap_in=True), seed=88, names=["greedy", "greedy"]
    )
    assert status == 0
    assert out.endswith(
        "Seat 1 (greedy): draw discard\n"
        "Seat 1 (greedy): spread AD AH AS\n"
        "Seat 1 (greedy): discard 5D\n"
        "\n"
        "The hand is over: out by discard\n"
        "Payments:\n"
        "  you paid seat 1 (greedy) 1 (out by discard)\n"
        "  seat 2 (greedy-2) paid seat 1 (greedy) 1 (out by discard)\n"
        "Payoffs: you -1, seat 1 (greedy) +2, seat 2 (greedy-2) -1\n"
    )


# --- several hands ------------------------------------------------------------------


def test_several_hands_keep_totals_and_pass_the_deal_left(tmp_path: Path) -> None:
    """Seed 3, three hands: each dealt from hand_seed(3, k), seat 0 drops at once."""
    save = tmp_path / "game.txt"
    status, out, prompts = play(["1"] * 3, seed=3, hands=3, save=save)
    assert (status, prompts) == (0, ["> "] * 3)
    assert _story(out) == [
        "tonk play: 2 players, seed 3, 3 hands. You are seat 0; seat 1 (greedy)"
        " deals. Type 'help' for help.",
        "Hand 1 of 3",
        "Turn 1: your move",
        "The hand is over: drop won",
        "You dropped.",
        "  you: A♣ K♣ A♦ 7♥ J♠  (count 29)",
        "  seat 1 (greedy): 9♣ 3♦ 9♥ 7♠ 10♠  (count 38)",
        "Payments:",
        "  seat 1 (greedy) paid you 1 (drop won)",
        "Payoffs: you +1, seat 1 (greedy) -1",
        f"Saved the hand to {tmp_path}/game-1.txt.",
        "Totals after 1 hand: you +1, seat 1 (greedy) -1",
        "Hand 2 of 3",
        "Seat 1 (greedy): draw stock",
        "Seat 1 (greedy): discard 9S",
        "Turn 2: your move",
        "The hand is over: dropper caught",
        "You dropped.",
        "  you: Q♣ 6♦ 8♥ 3♠ J♠  (count 37)",
        "  seat 1 (greedy): 6♣ 10♦ 5♥ 10♥ 5♠  (count 36)",
        "Payments:",
        "  you paid seat 1 (greedy) 2 (caught the dropper)",
        "Payoffs: you -2, seat 1 (greedy) +2",
        f"Saved the hand to {tmp_path}/game-2.txt.",
        "Totals after 2 hands: you -1, seat 1 (greedy) +1",
        "Hand 3 of 3",
        "Turn 1: your move",
        "The hand is over: drop won",
        "You dropped.",
        "  you: 3♣ K♣ 8♦ K♦ 2♥  (count 33)",
        "  seat 1 (greedy): 4♣ 8♣ 9♥ 6♠ 10♠  (count 37)",
        "Payments:",
        "  seat 1 (greedy) paid you 1 (drop won)",
        "Payoffs: you +1, seat 1 (greedy) -1",
        f"Saved the hand to {tmp_path}/game-3.txt.",
        "Totals after 3 hands: you 0, seat 1 (greedy) 0",
    ]
    assert "\n\nHand 2 of 3\n" in out
    for number, dealer in ((1, 1), (2, 0), (3, 1)):
        record = tonk.parse_record((tmp_path / f"game-{number}.txt").read_text())
        assert (record.seed, record.dealer) == (tonk.hand_seed(3, number), dealer)
        assert record.actions[-1] == tonk.Drop()


@pytest.mark.parametrize("hands", [1, None])
def test_one_hand_is_dealt_from_the_seed_itself(hands: int | None) -> None:
    """Without --hands (None, no session) one hand is played, dealt from ``seed``."""
    status, out, _ = play(["draw stock", "discard 2S", "1", "1"], hands=hands)
    assert (status, out) == (0, SEED_7)


def test_two_hands_are_counted_in_the_first_line() -> None:
    status, out, _ = play([], seed=3, hands=2)
    assert status == 0
    assert out.startswith(
        "tonk play: 2 players, seed 3, 2 hands. You are seat 0; seat 1 (greedy)"
        " deals. Type 'help' for help.\n\nHand 1 of 2\n\nTurn 1: your move\n"
    )
    assert out.endswith(LEFT)  # no totals after a hand left


def test_leaving_a_hand_ends_the_hands_with_status_0(tmp_path: Path) -> None:
    """The hand left is saved unfinished, and no other hand is dealt."""
    save = tmp_path / "game.json"
    status, out, _ = play(["2", "quit"], seed=3, hands=3, save=save)
    assert status == 0
    assert out.endswith(
        f"You left the game.\nSaved the hand to {tmp_path}/game-1.json.\n"
    )
    assert [path.name for path in tmp_path.iterdir()] == ["game-1.json"]
    record = tonk.from_json((tmp_path / "game-1.json").read_text(), tonk.GameRecord)
    assert (record.actions, record.outcome) == ((tonk.DrawStock(),), None)


# --- saving -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "form"),
    [
        ("hand.txt", "text"),
        ("hand", "text"),
        ("hand.json", "json"),
        ("hand.JSON", "json"),
        ("hand.Json", "json"),
        ("hand.json.txt", "text"),
    ],
)
def test_a_hand_is_saved_as_json_for_a_json_name_else_as_text(
    name: str, form: str, tmp_path: Path
) -> None:
    """The record of SEED_7's hand, in the form its name asks for."""
    save = tmp_path / name
    status, out, _ = play(["draw stock", "discard 2S", "1"], save=save)
    assert (status, out) == (0, SEED_7 + f"Saved the hand to {save}.\n")
    text = save.read_text(encoding="utf-8")
    if form == "json":
        record = tonk.from_json(text, tonk.GameRecord)
        assert text == tonk.to_json(record)
    else:
        record = tonk.parse_record(text)
        assert text == tonk.format_record(record)
    assert (record.rules, record.players, record.dealer, record.seed) == (
        tonk.Rules(),
        2,
        1,
        7,
    )
    assert record.actions == (
        tonk.DrawStock(),
        tonk.Discard(tonk.Card.parse("2S")),
        tonk.DrawDiscard(),  # seat 1's turn
        tonk.Discard(tonk.Card.parse("JC")),
        tonk.Drop(),
    )
    assert record.outcome == list(tonk.replay(record))[-1].outcome
    assert record.outcome is not None


def test_a_save_path_is_shown_as_it_is(tmp_path: Path) -> None:
    """Not as rich markup ([b] stays), and with its control characters escaped."""
    folder = tmp_path / "[b]x\x1b[2J"
    folder.mkdir()
    status, out, _ = play(["1"], save=folder / "hand.txt")
    assert status == 0
    assert out.endswith(f"\nSaved the hand to {tmp_path}/[b]x\\x1b[2J/hand.txt.\n")


@pytest.mark.parametrize(
    ("error", "reason"),
    [
        (OSError(errno.EACCES, "Permission denied"), "Permission denied"),
        (OSError("the disk is on fire"), "the disk is on fire"),
    ],
)
def test_a_hand_that_cannot_be_saved_is_printed_and_stops_with_status_1(
    error: OSError,
    reason: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    def fail(self: Path, *args: object, **kwargs: object) -> int:
        raise error

    monkeypatch.setattr(Path, "write_text", fail)
    save = tmp_path / "x\x1b[2J.json"
    status, out, _ = play(["1", "1"], seed=3, hands=2, save=save)
    assert status == 1
    assert out.endswith("Payoffs: you +1, seat 1 (greedy) -1\n")  # no totals
    err = capsys.readouterr().err
    first, _, rest = err.partition("\n")
    assert first == (
        f"tonk: error: cannot save the hand to {tmp_path}/x\\x1b[2J-1.json:"
        f" {reason}; its record follows"
    )
    record = tonk.from_json(rest, tonk.GameRecord)
    assert rest == tonk.to_json(record) + "\n"
    assert (record.seed, record.actions) == (tonk.hand_seed(3, 1), (tonk.Drop(),))


@pytest.mark.parametrize(
    ("where", "denied", "reason"),
    [
        ("game.txt", (), None),
        ("game.txt", ("game.txt",), None),  # a file not there yet needs no access
        ("", (), "it is a folder"),
        ("no\x1b/game.txt", (), "there is no folder {tmp}/no\\x1b"),
        ("game.txt", ("",), "the folder {tmp} cannot be written to"),
        ("there.txt", ("there.txt",), "the file cannot be written to"),
    ],
)
def test_tonk_play_refuses_a_save_path_it_cannot_write_before_the_hand(
    where: str,
    denied: tuple[str, ...],
    reason: str | None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    (tmp_path / "there.txt").write_text("")
    refused = {str(tmp_path / name) for name in denied}
    access = os.access

    def deny(path: object, mode: int, **kwargs: bool) -> bool:
        if os.fspath(str(path)).rstrip("/") in refused:
            return False
        return access(path, mode, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("os.access", deny)
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    path = tmp_path / where
    status = main(["play", "--seed", "7", "--save", str(path)])
    captured = capsys.readouterr()
    if reason is None:
        assert status == 0
        assert captured.out.endswith(f"You left the game.\nSaved the hand to {path}.\n")
        return
    shown = str(path).replace("\x1b", "\\x1b")
    assert (status, captured.out) == (2, "")
    assert captured.err == (
        f"tonk: error: cannot save the hands to {shown}:"
        f" {reason.format(tmp=tmp_path)}\n"
    )


# --- the bots' randomness, colours and plain terminals ------------------------------


def test_the_bots_draw_from_a_generator_seeded_by_the_seed() -> None:
    """random.Random(f"tonk-play:{seed}"): the same moves every time."""
    status, out, _ = play(
        ["2", "1"] * 20, seed=5, bots=[tonk.bots.RandomBot()], names=["random"]
    )
    assert status == 0
    assert [line for line in out.splitlines() if line.startswith("Seat 1")] == [
        "Seat 1 (random): draw discard",
        "Seat 1 (random): discard JH",
        "Seat 1 (random): draw discard",
        "Seat 1 (random): discard KH",
        "Seat 1 (random): draw stock",
        "Seat 1 (random): discard 6D",
        "Seat 1 (random): drop",
        "Seat 1 (random) dropped.",
    ]


def test_colours_on_a_terminal() -> None:
    """Red suits in red, black ones in bold; no highlighting of numbers in lines."""
    from rich.console import Console

    from tonk._cli_play import play as play_in_terminal

    typed = iter(["1"])
    output = io.StringIO()
    status = play_in_terminal(
        Console(file=output, width=100, force_terminal=True, color_system="standard"),
        tonk.Rules(),
        seed=7,
        bots=[tonk.bots.GreedyBot()],
        bot_names=["greedy"],
        ask=lambda prompt: next(typed),
    )
    assert status == 0
    bold, red, end = "\x1b[1m", "\x1b[31m", "\x1b[0m"
    lines = output.getvalue().splitlines()
    assert lines[0] == (
        "tonk play: 2 players, seed 7. You are seat 0; seat 1 (greedy) deals."
        " Type 'help' for help."
    )
    assert lines[2] == f"{bold}Turn 1{end}: your move"
    assert lines[4:7] == [
        "0     You              5      0                   ",
        "1     greedy (dealer)  5      0      -            ",
        "Spreads: none",
    ]
    assert lines[7] == f"Discard: {red}4♦{end} (1 in the pile)   Stock: 41 cards"
    assert lines[8] == (
        f"Your hand: {bold}A♣{end} {red}2♦{end} {red}5♦{end} {red}6♥{end}"
        f" {bold}2♠{end}   (count 16)"
    )
    assert lines[12:] == [
        f"{bold}The hand is over: drop won{end}",
        "You dropped.",
        f"  you: {bold}A♣{end} {red}2♦{end} {red}5♦{end} {red}6♥{end} {bold}2♠{end}"
        "  (count 16)",
        f"  seat 1 (greedy): {bold}J♣{end} {bold}Q♣{end} {red}7♦{end} {bold}A♠{end}"
        f" {bold}Q♠{end}  (count 38)",
        "Payments:",
        "  seat 1 (greedy) paid you 1 (drop won)",
        "Payoffs: you +1, seat 1 (greedy) -1",
    ]


def test_a_saved_path_is_not_highlighted_on_a_terminal(tmp_path: Path) -> None:
    from rich.console import Console

    from tonk._cli_play import play as play_in_terminal

    typed = iter(["1"])
    output = io.StringIO()
    save = tmp_path / "[bold]1.txt"
    status = play_in_terminal(
        Console(file=output, width=100, force_terminal=True, color_system="standard"),
        tonk.Rules(),
        seed=7,
        bots=[tonk.bots.GreedyBot()],
        bot_names=["greedy"],
        save=save,
        ask=lambda prompt: next(typed),
    )
    assert status == 0
    assert output.getvalue().endswith(f"\nSaved the hand to {save}.\n")


def test_a_terminal_without_suit_symbols_gets_letters() -> None:
    status, out, _ = play(["draw stock", "discard 2S", "1"], encoding="ascii")
    assert status == 0
    assert out == (
        SEED_7.replace("♣", "C").replace("♦", "D").replace("♥", "H").replace("♠", "S")
    )


# --- sessions -----------------------------------------------------------------------


def test_a_session_is_played_until_it_is_over() -> None:
    """Two deals (V44): no choice before them, each is dealt at once."""
    rules = tonk.Rules(match_deals=2)
    status, out, prompts = play(
        ["1", "1", "1"], rules=rules, seed=4, hands=None, session=True
    )
    assert (status, prompts) == (0, ["> "] * 2)
    assert _story(out) == [
        "tonk play --session: 2 players, seed 4. You are seat 0 (you). Type 'help'"
        " for help.",
        "Hand 1",
        "Seat 1 (greedy): draw stock",
        "Seat 1 (greedy): discard QS",
        "Turn 2: your move",
        "The hand is over: drop won",
        "You dropped.",
        "  you: 9♣ 6♦ 4♥ Q♥ 5♠  (count 34)",
        "  seat 1 (greedy): 3♦ 8♥ 10♥ J♥ K♠  (count 41)",
        "Payments:",
        "  seat 1 (greedy) paid you 1 (drop won)",
        "Payoffs: you +1, seat 1 (greedy) -1",
        "session: custom rules, 1 hand dealt, next dealer greedy (before the deal)",
        "  you     +1",
        "  greedy  -1",
        "last hand: drop won; you +1, greedy -1",
        "Hand 2",
        "Turn 1: your move",
        "The hand is over: drop won",
        "You dropped.",
        "  you: 9♣ 5♦ 8♦ A♠ 2♠  (count 25)",
        "  seat 1 (greedy): 4♣ 6♥ J♥ Q♥ 7♠  (count 37)",
        "Payments:",
        "  seat 1 (greedy) paid you 1 (drop won)",
        "Payoffs: you +1, seat 1 (greedy) -1",
        "session: custom rules, 2 hands dealt (over)",
        "  you     +2",
        "  greedy  -2",
        "last hand: drop won; you +1, greedy -1",
        "The session is over.",
    ]


def test_a_session_stops_after_the_hands_asked_for() -> None:
    """Not over, so no "The session is over."; the third hand is not dealt."""
    status, out, _ = play(["1"] * 5, seed=4, hands=2, session=True)
    assert status == 0
    assert out.count("\nHand ") == 2
    assert out.endswith(
        "session: pagat rules, 2 hands dealt, next dealer you (before the deal)\n"
        "  you     +2\n"
        "  greedy  -2\n"
        "last hand: drop won; you +1, greedy -1\n"
    )


def test_leaving_a_session_saves_the_hand_and_stops(tmp_path: Path) -> None:
    save = tmp_path / "s.txt"
    status, out, _ = play(["1", "2"], seed=4, hands=3, session=True, save=save)
    assert status == 0
    assert out.endswith(
        f"\nYou left the game.\nSaved the hand to {tmp_path}/s-2.txt.\n"
    )
    assert sorted(path.name for path in tmp_path.iterdir()) == ["s-1.txt", "s-2.txt"]
    record = tonk.parse_record((tmp_path / "s-2.txt").read_text())
    assert (record.seed, record.actions) == (tonk.hand_seed(4, 2), (tonk.DrawStock(),))


def test_the_deal_passes_to_the_left_around_three_seats() -> None:
    """Seed 3: seat 1 deals hand 1, seat 2 hand 2, seat 0 hand 3."""
    status, out, _ = play(["1"] * 4, seed=3, hands=3, names=["greedy", "greedy"])
    assert status == 0
    hands = out.split("\nHand ")[1:]
    assert [hand.split("\n", 1)[0] for hand in hands] == ["1 of 3", "2 of 3", "3 of 3"]
    assert "\n1     greedy (dealer)  5" in hands[0]
    assert "\n2     greedy-2 (dealer)  5" in hands[1]
    assert hands[2].startswith("3 of 3\nSeat 1 (greedy): drop\n")  # seat 0 dealt


def test_hit_without_a_spread_number_is_completed_from_the_table() -> None:
    """``hit 7H`` names no spread: the only spread that takes 7H is meant."""
    typed = [
        *("draw stock", "discard 3D", "draw stock", "discard 4D", "draw stock"),
        *("discard 2C", "draw stock", "discard 5H", "draw stock", "hit 7H"),
    ]
    status, out, prompts = play(
        typed, rules=tonk.Rules(slap_in=True), seed=88, names=["greedy", "greedy"]
    )
    assert (status, len(prompts)) == (0, len(typed) + 1)
    assert (  # two rows of moves, with no blank line between them
        "Moves:\n"
        " 1) hit 1 7H      2) discard 4C    3) discard 7H    4) discard 9H   "
        " 5) discard 3S    6) discard QS\n"
        f" 7) discard KS{' ' * 85}\n\n"
    ) in out
    assert out.endswith(
        "Spreads:\n"
        "  1: 7♣ 7♦ 7♥ 7♠  laid by seat 2 (greedy-2)\n"
        "Discard: 6♥ (13 in the pile)   Stock: 23 cards\n"
        "Your hand: 4♣ 9♥ 3♠ Q♠ K♠   (count 36)\n"
        "Moves:\n"
        " 1) discard 4C    2) discard 9H    3) discard 3S    4) discard QS   "
        " 5) discard KS\n" + LEFT
    )


def test_two_hands_played_out_end_with_their_totals() -> None:
    status, out, _ = play(["1", "1"], seed=3, hands=2)
    assert status == 0
    assert out.endswith(
        "Payoffs: you -2, seat 1 (greedy) +2\n"
        "Totals after 2 hands: you -1, seat 1 (greedy) +1\n"
    )


# --- choices between hands (V43, V45) ----------------------------------------------

EVERY_CHOICE = tonk.Rules(suit_bet=1, naturals_bet=1, big_one_deals=1)


def test_you_deal_call_the_big_one_and_a_suit_and_bet() -> None:
    # Seed 1 makes you the dealer: you call the Big One, then hearts; the bot
    # bets first (on your left), then you.
    status, out, prompts = play(
        ["call big one", "3", "Bet Suit Naturals"],
        rules=EVERY_CHOICE,
        seed=1,
        hands=None,
        session=True,
    )
    assert (status, prompts) == (0, ["> "] * 3)
    story = _story(out)
    assert story[1:9] == [
        "Before hand 1 (naturals pot: 0): you deal",
        "Choices: 1) call suit C   2) call suit D   3) call suit H   4) call suit S"
        "   5) call big one",
        "Before hand 1 (naturals pot: 0) (the Big One: 1 deal left): you deal",
        "Choices: 1) call suit C   2) call suit D   3) call suit H   4) call suit S",
        "Seat 1 (greedy): bet none",
        "Before hand 1 (suit called: H) (naturals pot: 0) (the Big One: 1 deal"
        " left): your side bets",
        "Choices: 1) bet none   2) bet suit   3) bet naturals   4) bet suit naturals",
        "Hand 1",
    ]
    # The Big One's one deal is played for double stakes, and ends the session.
    assert "The session is over." in story


def test_a_bot_deals_with_the_plain_choice_and_you_may_quit_at_your_bets() -> None:
    status, out, prompts = play(
        ["9", "bet money", "call suit H", "help", "quit"],
        rules=EVERY_CHOICE,
        seed=5,
        hands=2,
        session=True,
    )
    assert (status, prompts) == (0, ["> "] * 5)
    assert _story(out)[1:10] == [
        "Seat 1 (greedy): call suit C",
        "Before hand 1 (suit called: C) (naturals pot: 0): your side bets",
        "Choices: 1) bet none   2) bet suit   3) bet naturals   4) bet suit naturals",
        "There is no choice 9: type 1 to 4, or the choice itself.",
        "Cannot read that: 'bet' takes none, or suit, naturals or both in that order"
        " (at position 4 of 'bet money').",
        "Not a choice now: call suit H.",
        "Type a move's number, or the move in action notation:",
        "  drop | draw stock | draw discard | spread 7H 8H 9H | hit 2 10H | hit 10H",
        "  discard KS | slap 2 | eat | pass | claim | exchange KD",
    ]
    assert _story(out)[-3:] == [
        "Before a deal (side bets, the Big One): deal | call big one | call suit H",
        "  bet none | bet suit | bet naturals | bet suit naturals",
        "You left the game.",
    ]


def test_the_end_of_input_at_a_choice_leaves_the_game() -> None:
    status, out, prompts = play([], rules=EVERY_CHOICE, seed=1, session=True)
    assert (status, prompts) == (0, ["> "])
    assert _story(out)[-1] == "You left the game."


def test_a_sentence_that_begins_with_a_bot_keeps_its_name_as_written() -> None:
    # Only the first letter is made a capital: "Seat 1 (GreedyBot)", not
    # str.capitalize's "Seat 1 (greedybot)".
    status, out, _ = play(["quit"], seed=6, names=["GreedyBot"])
    assert status == 0
    assert "\nSeat 1 (GreedyBot): draw stock\n" in out
