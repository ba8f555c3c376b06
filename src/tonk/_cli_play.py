"""``tonk play``: a human at seat 0 against bots, in the terminal.

Private: the command line is the interface. Everything the player is shown
comes from :func:`tonk.observe` for seat 0; the referee's state is used only to
apply actions and to complete ``hit CARD`` (from seat 0's own legal actions).
"""

from __future__ import annotations

import os
import random
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tonk._present import plural
from tonk._untrusted import escape, escape_for
from tonk._validate import brief, read_int
from tonk.actions import Action, DrawDiscard, DrawStock, format_action
from tonk.bots import Bot, plain_session_action
from tonk.cards import Card, Suit
from tonk.engine import apply, cut_for_deal, new_game
from tonk.errors import BotError, IllegalActionError, NotationError
from tonk.notation import parse_action
from tonk.observation import Observation, observe
from tonk.records import GameRecord, format_record
from tonk.rules import Rules
from tonk.serialization import to_json
from tonk.session import (
    _JUST_DEAL,
    Deal,
    Session,
    SessionAction,
    SessionPhase,
    _choices_between_hands,
    apply_session,
    format_session_action,
    hand_seed,
    new_session,
    parse_session_action,
)
from tonk.state import GameState, Outcome, OutcomeKind, Phase, Stake
from tonk.text import (
    _choice_facts,
    can_encode_glyphs,
    format_card,
    format_label,
    format_stake,
)

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["play"]

_HELP = """\
Type a move's number, or the move in action notation:
  drop | draw stock | draw discard | spread 7H 8H 9H | hit 2 10H | hit 10H
  discard KS | slap 2 | eat | pass | claim | exchange KD
Wild cards name what they stand for: spread 5H 2C=6H 7H. 'quit' ends the game.
Before a deal (side bets, the Big One): deal | call big one | call suit H
  bet none | bet suit | bet naturals | bet suit naturals"""

_RED = (Suit.HEARTS, Suit.DIAMONDS)


def _literal(text: str) -> str:
    """Return ``text`` for rich markup: its square brackets shown, not read.

    For what the player typed and the bots' names: ``[/red]`` would stop the
    game with rich's MarkupError, and ``[bold]`` would vanish.
    """
    from rich.markup import escape as escape_markup

    return escape_markup(text)


class _Table:
    """Names of the seats and the console to write to."""

    def __init__(self, console: Console, names: Sequence[str]) -> None:
        self.console = console
        self.names = tuple(names)
        self.ascii = not can_encode_glyphs(console.encoding)

    def card(self, card: Card) -> str:
        """Return a card in colour: with its suit symbol if the console can show it."""
        text = format_card(card, ascii=self.ascii)
        if card.suit in _RED:
            return f"[red]{text}[/red]"
        return f"[bold]{text}[/bold]"

    def cards(self, cards: Sequence[Card]) -> str:
        return " ".join(self.card(card) for card in cards) if cards else "-"

    def who(self, seat: int) -> str:
        return "you" if seat == 0 else f"seat {seat} ({_literal(self.names[seat])})"

    def who_first(self, seat: int) -> str:
        """Return :meth:`who` to begin a sentence: its first letter a capital."""
        who = self.who(seat)
        return who[0].upper() + who[1:]

    def say(self, text: str) -> None:
        self.console.print(text, highlight=False, soft_wrap=True)

    def plain(self, text: str) -> None:
        """Print ``text`` as it is (no rich markup)."""
        self.console.print(text, highlight=False, soft_wrap=True, markup=False)


def _show(table: _Table, seen: Observation) -> None:
    """Print what seat 0 can see and its numbered moves."""
    from rich.columns import Columns
    from rich.table import Table

    say = table.say
    rules = seen.rules
    say("")
    say(
        f"[bold]Turn {seen.turns_taken + 1}[/bold]: your move"
        + (
            f" ({'eating' if rules.eating else 'slap-in'} window)"
            if seen.phase is Phase.SLAP_WINDOW
            else ""
        )
    )
    seats = Table(box=None, pad_edge=False, show_edge=False)
    for column in ("seat", "player", "cards", "waits", "known to hold"):
        seats.add_column(column)
    for seat, size in enumerate(seen.hand_sizes):
        marks = " (dealer)" if seat == seen.dealer else ""
        seats.add_row(
            str(seat),
            ("You" if seat == 0 else _literal(table.names[seat])) + marks,
            str(size),
            str(seen.waits[seat]),
            table.cards(seen.taken[seat]) if seat else "",
        )
    table.console.print(seats)
    if seen.spreads:
        say("Spreads:")
        for spread in seen.spreads:
            cards = " ".join(
                table.card(card)
                if card == natural
                else f"{table.card(card)}={table.card(natural)}"
                for card, natural in zip(spread.cards, spread.stands_for, strict=True)
            )
            say(f"  {spread.number}: {cards}  laid by {table.who(spread.owner)}")
    else:
        say("Spreads: none")
    top = seen.top_discard
    say(
        f"Discard: {table.card(top) if top is not None else 'empty'}"
        f" ({len(seen.discard_pile)} in the pile)"
        f"   Stock: {plural(seen.stock_size, 'card')}"
    )
    if seen.phase is Phase.SLAP_WINDOW and seen.slap is not None:
        say(
            f"{table.who_first(seen.slap.discarder)} discarded"
            f" {table.card(seen.slap.card)}: "
            + ("eat it, or pass" if rules.eating else "slap it onto a spread, or pass")
        )
    if seen.phase is Phase.EXTRA_DISCARD:
        say("You slapped: discard one more card.")
    count = sum(rules.card_value(card) for card in seen.hand)
    say(f"Your hand: {table.cards(seen.hand)}   (count {count})")
    if seen.must_use is not None:
        say(
            f"You must use {table.card(seen.must_use)} at once (V24d)."
            if rules.discard_draw_must_meld
            else f"You may not discard {table.card(seen.must_use)} this turn (X8)."
        )
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
        text = _typed(table, ask)
        if text is None:
            return None
        if not text:
            continue
        if text.isdecimal():  # a move's number in the list
            index = _numbered(
                table, text, len(legal), "move", " ('help' for the notation)"
            )
            if index is not None:
                return legal[index]
            continue
        try:
            action = parse_action(state, text)
        except NotationError as error:  # also AmbiguousActionError
            table.say(
                f"[yellow]Cannot read that: {_literal(str(error))}. Type 'help' for the"
                " notation.[/yellow]"
            )
            continue
        if action in legal:
            return action
        try:
            apply(state, action)
        except IllegalActionError as error:
            table.say(f"[yellow]Not allowed: {_literal(str(error))}.[/yellow]")
        else:  # pragma: no cover - legal_actions lists every legal action
            table.say("[yellow]Not allowed now.[/yellow]")


def _typed(table: _Table, ask: Callable[[str], str]) -> str | None:
    """Return what the player typed (``""`` after help), or ``None`` if they quit."""
    try:
        text = ask("> ").strip()
    except EOFError:
        table.say("")
        return None
    lowered = text.lower()
    if lowered in ("q", "quit", "exit"):
        return None
    if lowered in ("?", "h", "help"):
        table.say(_HELP)
        return ""
    return text


def _numbered(
    table: _Table, text: str, count: int, noun: str, hint: str = ""
) -> int | None:
    """Return the index ``text`` (digits) numbers from 1, or say there is none."""
    number = read_int(text)
    if number is not None and 1 <= number <= count:
        return number - 1
    shown = brief(text if number is None else number)
    table.say(
        f"[yellow]There is no {noun} {shown}: type 1 to {count}, or the {noun}"
        f" itself{hint}.[/yellow]"
    )
    return None


def _show_end(table: _Table, state: GameState) -> None:
    """Print how the hand ended, the payments and the payoffs."""
    outcome: Outcome | None = state.outcome
    assert outcome is not None
    seen = observe(state, 0)
    say = table.say
    say("")
    say(f"[bold]The hand is over: {format_label(outcome.kind)}[/bold]")
    if outcome.dropper is not None:
        verb = "tunked" if outcome.kind is OutcomeKind.TUNK else "dropped"  # H5
        say(f"{table.who_first(outcome.dropper)} {verb}.")
    if seen.shown_hands is not None and outcome.counts is not None:
        for seat, hand in enumerate(seen.shown_hands):
            count = outcome.counts[seat]
            say(f"  {table.who(seat)}: {table.cards(hand)}  (count {count})")
    if outcome.transfers:
        say("Payments:")
        for transfer in outcome.transfers:
            say(
                f"  {table.who(transfer.payer)} paid {table.who(transfer.payee)}"
                f" {transfer.amount} ({format_label(transfer.reason)})"
            )
    else:
        say("No payments.")
    payoffs = ", ".join(
        f"{table.who(seat)} {format_stake(payoff)}"
        for seat, payoff in enumerate(outcome.payoffs)
    )
    say(f"Payoffs: {payoffs}")


def _play_hand(
    table: _Table,
    state: GameState,
    bots: Sequence[Bot | None],
    rng: random.Random,
    ask: Callable[[str], str],
) -> tuple[GameState, list[Action], bool]:
    """Play one hand from ``state``.

    Returns:
        The last state, the actions played, and whether the player left.
    """
    actions: list[Action] = []
    while state.outcome is None:
        seat = state.to_move
        seen = observe(state, seat)
        bot = bots[seat]
        if bot is None:
            _show(table, seen)
            action = _read(table, state, seen, ask)
            if action is None:
                table.say("You left the game.")
                return state, actions, True
            before = state.hand(seat)
            state = apply(state, action)
            actions.append(action)
            if isinstance(action, DrawStock | DrawDiscard) and state.outcome is None:
                drawn = list(state.hand(seat))
                for card in before:
                    drawn.remove(card)
                source = "took" if isinstance(action, DrawDiscard) else "drew"
                table.say(f"You {source} {table.cards(drawn)}.")
            continue
        try:  # a user's bot may raise, or return anything: say which bot failed
            action = bot.choose(seen, seen.legal_actions, rng)
            after = apply(state, action)
        except BotError:  # a program's bot (exec:) names itself
            raise
        except Exception as error:
            name = table.names[seat]
            raise BotError(
                f"bot {name} failed in seat {seat}: {type(error).__name__}: {error}",
                bot=name,
                seat=seat,
            ) from error
        table.say(f"{table.who_first(seat)}: {format_action(action)}")
        state = after
        actions.append(action)
    _show_end(table, state)
    return state, actions, False


def _save(
    table: _Table,
    path: Path | None,
    number: int | None,
    start: GameState,
    seed: int,
    actions: Sequence[Action],
    outcome: Outcome | None,
) -> bool:
    """Save the record of a hand dealt as ``start`` to ``path``, if any.

    With several hands, ``number`` numbers the file: ``game-3.txt``. If the
    file cannot be written (a full disk, say), the record is printed on
    standard error, after a line saying why, so that it is not lost.

    Returns:
        Whether the record could be saved (``True`` without ``path``).
    """
    if path is None:
        return True
    record = GameRecord(
        rules=start.rules,
        players=start.player_count,
        dealer=start.dealer,
        seed=seed,
        actions=actions,
        outcome=outcome,
    )
    if number is not None:
        path = path.with_name(f"{path.stem}-{number}{path.suffix}")
    text = to_json(record) if path.suffix.lower() == ".json" else format_record(record)
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        print(
            f"tonk: error: cannot save the hand to {escape(str(path))}:"
            f" {error.strerror or error}; its record follows",
            file=sys.stderr,
        )
        print(text, file=sys.stderr)
        return False
    table.plain(f"Saved the hand to {escape_for(str(path), table.console.encoding)}.")
    return True


def save_problem(path: Path) -> str | None:
    """Return why ``tonk play --save`` could not write records to ``path``, or ``None``.

    Checked before the first hand: ``path`` must not be a folder, nor a file
    that may not be written to, and its folder (where the numbered files of
    several hands go too) must exist and may be written to. A numbered file
    that cannot be written is found when its hand is saved.
    """
    folder = path.parent
    if path.is_dir():
        reason = "it is a folder"
    elif not folder.is_dir():
        reason = f"there is no folder {escape(str(folder))}"
    elif not os.access(folder, os.W_OK):
        reason = f"the folder {escape(str(folder))} cannot be written to"
    elif path.exists() and not os.access(path, os.W_OK):
        reason = "the file cannot be written to"
    else:
        return None
    return f"cannot save the hands to {escape(str(path))}: {reason}"


def _labels(names: Sequence[str]) -> list[str]:
    """Return distinct seat names: ``you``, then each bot (``greedy-2``...)."""
    seen: Counter[str] = Counter(["you"])
    labels = ["you"]
    for name in names:
        seen[name] += 1
        labels.append(name if seen[name] == 1 else f"{name}-{seen[name]}")
    return labels


def play(
    console: Console,
    rules: Rules,
    *,
    seed: int,
    bots: Sequence[Bot],
    bot_names: Sequence[str],
    hands: int | None = 1,
    session: bool = False,
    save: Path | None = None,
    ask: Callable[[str], str] = input,
) -> int:
    """Play hands at seat 0 against ``bots`` (seats 1, 2, ...); return the status.

    With one hand it is dealt from ``seed``; with several, or a session, hand
    ``k`` is dealt from :func:`tonk.hand_seed` of ``seed`` and ``k``, and the
    deal passes left after every hand. ``hands=None`` with ``session`` plays
    until the session is over. ``save`` writes each hand's record
    (JSON for a ``.json`` name, else the text form), numbered ``NAME-k`` when
    there are several hands; if one cannot be written, it is printed on
    standard error and play stops with status 1.
    """
    table = _Table(console, _labels(bot_names))
    seats: list[Bot | None] = [None, *bots]
    rng = random.Random(f"tonk-play:{seed}")
    if session:
        return _play_session(table, rules, seed, seats, rng, hands, save, ask)
    return _play_hands(table, rules, seed, seats, rng, hands or 1, save, ask)


def _play_hands(
    table: _Table,
    rules: Rules,
    seed: int,
    seats: Sequence[Bot | None],
    rng: random.Random,
    hands: int,
    save: Path | None,
    ask: Callable[[str], str],
) -> int:
    """Play ``hands`` hands in a row, the deal passing left, and keep totals."""
    players = len(seats)
    dealer = cut_for_deal(rules, players=players, seed=seed)
    table.say(
        f"tonk play: {players} players, seed {seed}"
        + (f", {hands} hands" if hands > 1 else "")
        + f". You are seat 0; {table.who(dealer)}"
        f" deal{'' if dealer == 0 else 's'}. Type 'help' for help."
    )
    totals: list[Stake] = [0] * players
    for number in range(1, hands + 1):
        deal_seed = seed if hands == 1 else hand_seed(seed, number)
        if hands > 1:
            table.say(f"\n[bold]Hand {number} of {hands}[/bold]")
        start = new_game(rules, players=players, seed=deal_seed, dealer=dealer)
        state, actions, left = _play_hand(table, start, seats, rng, ask)
        number_or_none = number if hands > 1 else None
        if not _save(
            table, save, number_or_none, start, deal_seed, actions, state.outcome
        ):
            return 1
        if left:
            return 0
        assert state.outcome is not None
        for seat, payoff in enumerate(state.outcome.payoffs):
            totals[seat] += payoff
        if hands > 1:
            _show_totals(table, number, totals)
        dealer = (dealer + 1) % players
    return 0


def _show_totals(table: _Table, number: int, totals: Sequence[Stake]) -> None:
    table.say(
        f"Totals after {number} hand{'s' if number > 1 else ''}: "
        + ", ".join(
            f"{table.who(seat)} {format_stake(total)}"
            for seat, total in enumerate(totals)
        )
    )


def _choose_between_hands(
    table: _Table,
    session: Session,
    seats: Sequence[Bot | None],
    ask: Callable[[str], str],
) -> SessionAction | None:
    """Return the next choice before a deal (V43, V45); ``None`` if you quit.

    With no choice to make, the deal. A bot makes the plain choice, and it is
    told; you are shown the choices and asked.
    """
    choices = _choices_between_hands(session)
    if choices == _JUST_DEAL:
        return Deal()
    betting = session.phase is SessionPhase.BETTING
    seat = session.betting[0] if betting else session.dealer
    if seats[seat] is not None:
        choice = plain_session_action(choices)
        table.say(f"{table.who_first(seat)}: {format_session_action(choice)}")
        return choice
    table.say(
        f"\nBefore hand {session.number + 1}{_choice_facts(session)}"
        + (": your side bets" if betting else ": you deal")
    )
    notations = [format_session_action(choice) for choice in choices]
    table.say(
        "Choices: "
        + "   ".join(f"[cyan]{n}[/cyan]) {text}" for n, text in enumerate(notations, 1))
    )
    while True:
        text = _typed(table, ask)
        if text is None:
            return None
        if not text:
            continue
        if text.isdecimal():
            index = _numbered(table, text, len(choices), "choice")
            if index is not None:
                return choices[index]
            continue
        try:
            chosen = parse_session_action(text)
        except NotationError as error:
            table.say(f"[yellow]Cannot read that: {_literal(str(error))}.[/yellow]")
            continue
        if chosen in choices:
            return chosen
        table.say(
            f"[yellow]Not a choice now: {format_session_action(chosen)}.[/yellow]"
        )


def _play_session(
    table: _Table,
    rules: Rules,
    seed: int,
    seats: Sequence[Bot | None],
    rng: random.Random,
    hands: int | None,
    save: Path | None,
    ask: Callable[[str], str],
) -> int:
    """Play a session: hands until it is over (V43, V44) or ``hands`` are played."""
    session = new_session(rules, players=table.names, seed=seed)
    table.say(
        f"tonk play --session: {len(seats)} players, seed {seed}. You are seat 0"
        f" ({table.names[0]}). Type 'help' for help."
    )
    while not session.is_over and not (
        hands is not None
        and session.number == hands
        and session.phase is SessionPhase.BEFORE_DEAL
    ):
        if session.phase is not SessionPhase.PLAYING:
            dealt = session.number
            choice = _choose_between_hands(table, session, seats, ask)
            if choice is None:
                table.say("You left the game.")
                return 0
            session = apply_session(session, choice)
            if session.number > dealt and session.phase is not SessionPhase.PLAYING:
                hand = session.hand
                assert hand is not None  # it ended at the deal (B5)
                table.say(f"\n[bold]Hand {session.number}[/bold]")
                _show_end(table, hand)
                deal_seed = hand_seed(seed, session.number)
                if not _save(
                    table, save, session.number, hand, deal_seed, (), hand.outcome
                ):
                    return 1
                table.plain(str(session))
            continue
        hand = session.hand
        assert hand is not None
        table.say(f"\n[bold]Hand {session.number}[/bold]")
        state, actions, left = _play_hand(table, hand, seats, rng, ask)
        deal_seed = hand_seed(seed, session.number)
        if not _save(
            table, save, session.number, hand, deal_seed, actions, state.outcome
        ):
            return 1
        if left:
            return 0
        for action in actions:
            session = apply_session(session, action)
        table.plain(str(session))
    if session.is_over:
        table.say("The session is over.")
    return 0
