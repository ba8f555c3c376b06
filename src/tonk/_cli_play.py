"""``tonk play``: a human at seat 0 against bots, in the terminal.

Private: the command line is the interface. Everything the player is shown
comes from :func:`tonk.observe` for seat 0; the referee's state is used only to
apply actions and to complete ``hit CARD`` (from seat 0's own legal actions).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from tonk._validate import brief, read_int
from tonk.actions import Action, DrawDiscard, DrawStock, format_action
from tonk.bots import Bot
from tonk.cards import Card, Suit
from tonk.engine import apply, cut_for_deal, new_game
from tonk.errors import IllegalActionError, NotationError
from tonk.notation import parse_action
from tonk.observation import Observation, observe
from tonk.rules import Rules
from tonk.state import GameState, Outcome, Phase

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["play"]

_HELP = """\
Type a move's number, or the move in action notation:
  drop | draw stock | draw discard | spread 7H 8H 9H | hit 2 10H | hit 10H
  discard KS | slap 2 | pass | claim | exchange KD
Wild cards name what they stand for: spread 5H 2C=6H 7H. 'quit' ends the game."""

_RED = (Suit.HEARTS, Suit.DIAMONDS)


def _card(card: Card) -> str:
    text = str(card)
    if card.suit in _RED:
        return f"[red]{text}[/red]"
    return f"[bold]{text}[/bold]"


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(_card(card) for card in cards) if cards else "-"


class _Table:
    """Names of the seats and the console to write to."""

    def __init__(self, console: Console, names: Sequence[str]) -> None:
        self.console = console
        self.names = tuple(names)

    def who(self, seat: int) -> str:
        return "you" if seat == 0 else f"seat {seat} ({self.names[seat]})"

    def say(self, text: str) -> None:
        self.console.print(text, highlight=False, soft_wrap=True)


def _show(table: _Table, seen: Observation) -> None:
    """Print what seat 0 can see and its numbered moves."""
    from rich.columns import Columns
    from rich.table import Table

    say = table.say
    rules = seen.rules
    say("")
    say(
        f"[bold]Turn {seen.turns_taken + 1}[/bold] · your move"
        + (" (slap-in window)" if seen.phase is Phase.SLAP_WINDOW else "")
    )
    seats = Table(box=None, pad_edge=False, show_edge=False)
    for column in ("seat", "player", "cards", "waits", "known to hold"):
        seats.add_column(column)
    for seat, size in enumerate(seen.hand_sizes):
        marks = " (dealer)" if seat == seen.dealer else ""
        seats.add_row(
            str(seat),
            ("You" if seat == 0 else table.names[seat]) + marks,
            str(size),
            str(seen.waits[seat]),
            _cards(seen.taken[seat]) if seat else "",
        )
    table.console.print(seats)
    if seen.spreads:
        say("Spreads:")
        for spread in seen.spreads:
            cards = " ".join(
                _card(card) if card == natural else f"{_card(card)}={natural}"
                for card, natural in zip(spread.cards, spread.stands_for, strict=True)
            )
            say(f"  {spread.number}: {cards}  laid by {table.who(spread.owner)}")
    else:
        say("Spreads: none")
    top = seen.top_discard
    say(
        f"Discard: {_card(top) if top is not None else 'empty'}"
        f" ({len(seen.discard_pile)} in the pile)   Stock: {seen.stock_size} cards"
    )
    if seen.phase is Phase.SLAP_WINDOW and seen.slap is not None:
        say(
            f"{table.who(seen.slap.discarder).capitalize()} discarded"
            f" {_card(seen.slap.card)}: slap it onto a spread, or pass"
        )
    if seen.phase is Phase.EXTRA_DISCARD:
        say("You slapped: discard one more card.")
    count = sum(rules.card_value(card) for card in seen.hand)
    say(f"Your hand: {_cards(seen.hand)}   (count {count})")
    if seen.must_use is not None:
        say(f"You must use {_card(seen.must_use)} at once (V24d).")
    say("Moves:")
    table.console.print(
        Columns(
            [
                f"[cyan]{number:>2}[/cyan]) {format_action(action)}"
                for number, action in enumerate(seen.legal_actions, start=1)
            ],
            padding=(0, 3),
        )
    )


def _read(
    table: _Table, state: GameState, seen: Observation, ask: Callable[[str], str]
) -> Action | None:
    """Ask until the player gives a legal move; ``None`` if they quit (or EOF)."""
    legal = seen.legal_actions
    while True:
        try:
            text = ask("> ").strip()
        except EOFError:
            table.say("")
            return None
        if not text:
            continue
        lowered = text.lower()
        if lowered in ("q", "quit", "exit"):
            return None
        if lowered in ("?", "h", "help"):
            table.say(_HELP)
            continue
        if text.isdecimal():  # a move's number in the list
            number = read_int(text)
            if number is not None and 1 <= number <= len(legal):
                return legal[number - 1]
            shown = brief(text if number is None else number)
            table.say(
                f"[yellow]There is no move {shown}: type 1 to {len(legal)}, or the"
                " move itself ('help' for the notation).[/yellow]"
            )
            continue
        try:
            action = parse_action(state, text)
        except NotationError as error:  # also AmbiguousActionError
            table.say(
                f"[yellow]Cannot read that: {error}. Type 'help' for the"
                " notation.[/yellow]"
            )
            continue
        if action in legal:
            return action
        try:
            apply(state, action)
        except IllegalActionError as error:
            table.say(f"[yellow]Not allowed: {error}.[/yellow]")
        else:  # pragma: no cover - legal_actions lists every legal action
            table.say("[yellow]Not allowed now.[/yellow]")


def _show_end(table: _Table, state: GameState) -> None:
    """Print how the hand ended, the payments and the payoffs."""
    outcome: Outcome | None = state.outcome
    assert outcome is not None
    seen = observe(state, 0)
    say = table.say
    say("")
    say(f"[bold]The hand is over: {outcome.kind.value.replace('_', ' ')}[/bold]")
    if outcome.dropper is not None:
        say(f"{table.who(outcome.dropper).capitalize()} dropped.")
    if seen.shown_hands is not None and outcome.counts is not None:
        for seat, hand in enumerate(seen.shown_hands):
            say(f"  {table.who(seat)}: {_cards(hand)}  (count {outcome.counts[seat]})")
    if outcome.transfers:
        say("Payments:")
        for transfer in outcome.transfers:
            say(
                f"  {table.who(transfer.payer)} paid {table.who(transfer.payee)}"
                f" {transfer.amount} ({transfer.reason.value.replace('_', ' ')})"
            )
    else:
        say("No payments.")
    payoffs = ", ".join(
        f"{table.who(seat)} {payoff:+}"
        if isinstance(payoff, int)
        else f"{table.who(seat)} {payoff}"
        for seat, payoff in enumerate(outcome.payoffs)
    )
    say(f"Payoffs: {payoffs}")


def play(
    console: Console,
    rules: Rules,
    *,
    players: int,
    seed: int,
    bot: Bot,
    bot_name: str,
    ask: Callable[[str], str] = input,
) -> int:
    """Play one hand: a human at seat 0, ``bot`` in every other seat."""
    table = _Table(console, ["you", *([bot_name] * (players - 1))])
    dealer = cut_for_deal(rules, players=players, seed=seed)
    state = new_game(rules, players=players, seed=seed, dealer=dealer)
    rng = random.Random(f"tonk-play:{seed}")
    table.say(
        f"tonk play: {players} players, seed {seed}. You are seat 0; "
        f"{table.who(dealer)} deal{'' if dealer == 0 else 's'}. Type 'help' for help."
    )
    while state.outcome is None:
        seat = state.to_move
        seen = observe(state, seat)
        if seat == 0:
            _show(table, seen)
            action = _read(table, state, seen, ask)
            if action is None:
                table.say("You left the game.")
                return 0
            before = state.hand(0)
            state = apply(state, action)
            if isinstance(action, DrawStock | DrawDiscard) and state.outcome is None:
                drawn = list(state.hand(0))
                for card in before:
                    drawn.remove(card)
                source = "took" if isinstance(action, DrawDiscard) else "drew"
                table.say(f"You {source} {_cards(drawn)}.")
            continue
        action = bot.choose(seen, seen.legal_actions, rng)
        table.say(f"{table.who(seat).capitalize()}: {format_action(action)}")
        state = apply(state, action)
    _show_end(table, state)
    return 0
