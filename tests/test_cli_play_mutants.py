"""Tests that kill the mutants of ``tonk/_cli_play.py`` that the other tests let live.

``tonk play`` through :func:`tonk._cli_play.play` in this process (a
subprocess would run the installed code, not the mutant): its exact output for
a seeded deal and typed moves, its replies to bad input, what it saves and its
exit status. mutmut ran them with test_cli.py, test_play_save.py,
test_cli_mutants.py and test_untrusted_text.py (docs/maintainers.md, "Mutation
testing").
"""

from __future__ import annotations

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
