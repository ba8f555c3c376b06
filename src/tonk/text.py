r"""Text for people: the compact tables that ``str()`` shows.

``str()`` of a :class:`~tonk.GameState`, an :class:`~tonk.Observation`, a
:class:`~tonk.Session`, a :class:`~tonk.bots.TournamentResult` or a
:class:`~tonk.GameRecord` is a short table to read at a glance; ``repr()``
stays exact. Cards are written with suit glyphs (``Q♥``). Where a terminal or
a log cannot show them, :func:`render` with ``ascii=True`` (or the format spec
``"ascii"``: ``f"{state:ascii}"``) writes them in card notation (``QH``) and
keeps every line plain ASCII.

Phases, outcomes and the reasons of payments show as the words a player uses
(:func:`format_label`: ``start of turn``, ``drop won``); JSON and ``repr()``
keep the engine's names (``turn_start``). A player's or a bot's name is shown
with any control character, line separator or bidi override escaped
(``\x1b``), so that no name can drive a terminal or forge a line.

The layout is for reading, not parsing: it may change between versions. Use
:func:`tonk.to_json` or :func:`tonk.format_record` for a stable form.

This module sits above the classes it shows (it imports them); their
``__str__`` and ``__format__`` reach its functions through the private
``tonk._present``, where this module registers them when it is imported.

Examples:
    >>> import tonk
    >>> state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
    >>> print(state)
    pagat rules, 2 players, turn 1: seat 1 to move (start of turn)
      seat 0 (dealer)  J♣ Q♣ 7♦ A♠ Q♠  count 38
    > seat 1           A♣ 2♦ 5♦ 6♥ 2♠  count 16
    spreads: none
    discard: 4♦ on top, 1 card; stock: 41 cards
    >>> print(tonk.text.render(tonk.observe(state, 1), ascii=True))
    pagat rules, 2 players, turn 1: seat 1 to move (start of turn), seen by seat 1
      seat 0 (dealer)  5 cards
    > seat 1 (you)     AC 2D 5D 6H 2S  count 16
    spreads: none
    discard: 4D on top, 1 card; stock: 41 cards
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from tonk import _present, presets
from tonk._present import is_ascii_spec as is_ascii_spec
from tonk._untrusted import escape
from tonk._validate import brief, wrong_type
from tonk.bots import TournamentResult
from tonk.cards import Card, Suit
from tonk.observation import Observation
from tonk.records import GameRecord
from tonk.rules import Rules, Scoring
from tonk.session import Session, SessionPhase
from tonk.state import (
    GameState,
    Outcome,
    OutcomeKind,
    Phase,
    SlapWindow,
    Spread,
    Stake,
    TransferReason,
)

__all__ = [
    "format_card",
    "format_cards",
    "format_label",
    "format_observation",
    "format_outcome",
    "format_pickup",
    "format_record",
    "format_session",
    "format_stake",
    "format_state",
    "format_tournament",
    "render",
]

_GLYPHS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}

# The words a player uses for each engine label, by its value: the phases of a
# hand and of a session, how a hand ended, and why a payment was made. An
# outcome and the payment it brings share a value ("drop_won") and its words.
_WORDS = {
    "turn_start": "start of turn",
    "after_draw": "has drawn",
    "slap_window": "slap-in window",
    "extra_discard": "one more discard after a slap-in",
    "hand_over": "the hand is over",
    "deal_tonk": "tonk on the deal",
    "void_deal": "void deal",
    "tonk_out": "tonk out",
    "out_by_discard": "out by discard",
    "drop_won": "drop won",
    "caught": "dropper caught",
    "stock_exhausted": "the stock ran out",
    "turn_limit": "turn limit",
    "dead_stock": "dead stock",
    "forced_knock": "forced knock",
    "tunk": "tunk, counts as penalty points",
    "penalty": "penalty points",
    "catcher": "caught the dropper",
    "lowest": "lowest count",
    "showdown": "lowest count at the end",
    "hit_and_split": "hit and split",
    "widow": "widow exchange",
    "before_deal": "before the deal",
    "betting": "side bets",
    "playing": "playing",
    "over": "over",
}


def render(thing: object, *, ascii: bool = False) -> str:
    """Return the table ``str(thing)`` shows, with suit glyphs or in plain ASCII.

    Args:
        thing: A :class:`~tonk.GameState`, :class:`~tonk.Observation`,
            :class:`~tonk.Session`, :class:`~tonk.bots.TournamentResult` or
            :class:`~tonk.GameRecord`.
        ascii: Write cards in card notation (``QH``) instead of with suit
            glyphs (``Q♥``), and keep every character ASCII.

    Returns:
        The text, lines joined by newlines, with no final newline.

    .. versionadded:: 0.2.0

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
        >>> render(state, ascii=True).splitlines()[1]
        '  seat 0 (dealer)  JC QC 7D AS QS  count 38'
        >>> render(state) == str(state) == f"{state}"
        True
    """
    return format(thing, "ascii" if ascii else "")


def format_label(label: Phase | OutcomeKind | TransferReason | SessionPhase) -> str:
    """Return the words a player uses for a phase, an outcome or a payment's reason.

    The tables of this module show these words; JSON and ``repr()`` keep the
    engine's names (``label.value``).

    Raises:
        TypeError: If ``label`` is none of these.

    .. versionadded:: 0.2.0

    Examples:
        >>> from tonk import OutcomeKind, Phase, TransferReason
        >>> format_label(Phase.TURN_START), format_label(OutcomeKind.DROP_WON)
        ('start of turn', 'drop won')
        >>> format_label(TransferReason.CATCHER)
        'caught the dropper'
        >>> format_label("drop_won")
        Traceback (most recent call last):
        ...
        TypeError: expected a Phase, OutcomeKind, TransferReason or SessionPhase, got 'drop_won'
    """  # noqa: E501
    value = getattr(label, "value", None)  # a wrong type has none
    words = _WORDS.get(value) if isinstance(value, str) else None
    if words is None:
        raise TypeError(
            "expected a Phase, OutcomeKind, TransferReason or SessionPhase,"
            f" got {brief(label)}"
        )
    return words


def can_encode_glyphs(encoding: str | None) -> bool:
    """Return whether text in ``encoding`` can hold the suit glyphs (``♠♥♦♣``).

    The command line asks it of its output stream's encoding, and writes
    cards in card notation (``QH``) when the answer is no.

    .. versionadded:: 0.2.0

    Examples:
        >>> can_encode_glyphs("utf-8"), can_encode_glyphs("ascii")
        (True, False)
        >>> can_encode_glyphs(None), can_encode_glyphs("no-such-codec")
        (False, False)
    """
    try:
        "".join(_GLYPHS.values()).encode(encoding or "ascii")
    except (LookupError, UnicodeEncodeError):
        return False
    return True


def format_card(card: Card, *, ascii: bool = False) -> str:
    """Return a card with its suit glyph (``10♥``), or its notation (``10H``).

    Examples:
        >>> from tonk import Card
        >>> format_card(Card.parse("10H")), format_card(Card.parse("10H"), ascii=True)
        ('10♥', '10H')
        >>> format_card(Card.parse("JK"))
        'JK'
    """
    if not isinstance(card, Card):
        raise wrong_type("card", Card, card)
    if ascii or card.suit is None:
        return str(card)
    return card.rank.symbol + _GLYPHS[card.suit]


def format_cards(cards: Iterable[Card], *, ascii: bool = False) -> str:
    """Return cards separated by spaces, or ``-`` for none.

    Examples:
        >>> from tonk import parse_cards
        >>> format_cards(parse_cards("AS 2D")), format_cards(())
        ('A♠ 2♦', '-')
    """
    return " ".join(format_card(card, ascii=ascii) for card in cards) or "-"


def _choice_facts(session: Session) -> str:
    """Return what a player choosing before a deal should know (V43, V45).

    Each fact in brackets, after a space: the suit called, the naturals pot,
    the Big One's deals left; empty when the rules have none.

    Examples:
        >>> import tonk
        >>> rules = tonk.Rules(suit_bet=1, naturals_bet=1)
        >>> session = tonk.new_session(rules, players=2, seed=1)
        >>> _choice_facts(tonk.apply_session(session, tonk.CallSuit("H")))
        ' (suit called: H) (naturals pot: 0)'
    """
    facts = []
    if session.called_suit is not None:
        facts.append(f"suit called: {session.called_suit.value}")
    if session.rules.naturals_bet:
        facts.append(f"naturals pot: {format_stake(session.naturals_pot)}")
    if session.big_one_left is not None:
        facts.append(
            f"the Big One: {_present.plural(session.big_one_left, 'deal')} left"
        )
    return "".join(f" ({fact})" for fact in facts)


def format_stake(amount: Stake) -> str:
    """Return an amount of money with its sign: ``+2``, ``-1/2``, ``0``.

    Examples:
        >>> from fractions import Fraction
        >>> format_stake(2), format_stake(Fraction(-1, 2)), format_stake(0)
        ('+2', '-1/2', '0')
    """
    if amount == 0:
        return "0"
    sign = "+" if amount > 0 else "-"
    magnitude = abs(amount)
    if isinstance(magnitude, Fraction) and magnitude.denominator == 1:
        magnitude = magnitude.numerator
    return f"{sign}{magnitude}"


def _rules_name(rules: Rules) -> str:
    name = presets.name_of(rules)
    return f"{name} rules" if name is not None else "custom rules"


def _header(
    rules: Rules, players: int, turns: int, to_move: int, phase: Phase, over: bool
) -> str:
    start = f"{_rules_name(rules)}, {players} players, turn {turns + 1}"
    if over:
        return f"{start}: the hand is over"
    words = "eating window" if rules.eating and phase == "slap_window" else None
    return f"{start}: seat {to_move} to move ({words or format_label(phase)})"


def _has_waits(rules: Rules, waits: Sequence[int]) -> bool:
    return bool(rules.spread_wait or rules.hit_wait or rules.own_hit_wait or any(waits))


def _seat_lines(rows: Sequence[tuple[str, str, str]], marked: int | None) -> list[str]:
    """Lay out seat rows of (label, cards, notes) in aligned columns."""
    label_width = max(len(label) for label, _, _ in rows)
    cards_width = max(len(cards) for _, cards, _ in rows)
    lines = []
    for seat, (label, cards, notes) in enumerate(rows):
        mark = ">" if seat == marked else " "
        line = f"{mark} {label:<{label_width}}  {cards:<{cards_width}}  {notes}"
        lines.append(line.rstrip())
    return lines


def _label(seat: int, dealer: int, you: int | None = None) -> str:
    tags = ["you"] if seat == you else []
    if seat == dealer:
        tags.append("dealer")
    return f"seat {seat} ({', '.join(tags)})" if tags else f"seat {seat}"


def _spread_lines(spreads: Sequence[Spread], *, ascii: bool) -> list[str]:
    if not spreads:
        return ["spreads: none"]
    lines = ["spreads:"]
    for spread in spreads:
        cards = " ".join(
            format_card(card, ascii=ascii)
            if card == natural
            else f"{format_card(card, ascii=ascii)}={format_card(natural, ascii=ascii)}"
            for card, natural in zip(spread.cards, spread.stands_for, strict=True)
        )
        who = f"seat {spread.owner}"
        if spread.hitters:
            who += ", hit by " + ", ".join(f"seat {seat}" for seat in spread.hitters)
        lines.append(f"  {spread.number}: {cards}  ({who})")
    return lines


def format_pickup(card: Card, rules: Rules, *, ascii: bool = False) -> str:
    """Return what the rules ask of a card taken from the discard pile (V24d, X8).

    The card is :attr:`GameState.must_use <tonk.GameState.must_use>`.

    .. versionadded:: 0.2.0

    Examples:
        >>> from tonk import Card, Rules
        >>> format_pickup(Card.parse("QH"), Rules(discard_draw_must_meld=True))
        'must use Q♥ at once (V24d)'
        >>> format_pickup(Card.parse("QH"), Rules(discard_pickup=False), ascii=True)
        'may not discard QH this turn (X8)'
    """
    if not isinstance(rules, Rules):
        raise wrong_type("rules", Rules, rules)
    shown = format_card(card, ascii=ascii)
    if rules.discard_draw_must_meld:
        return f"must use {shown} at once (V24d)"
    return f"may not discard {shown} this turn (X8)"


def _table_lines(
    discard_pile: Sequence[Card],
    stock_size: int,
    slap: SlapWindow | None,
    must_use: Card | None,
    rules: Rules,
    *,
    ascii: bool,
) -> list[str]:
    if discard_pile:
        top = format_card(discard_pile[-1], ascii=ascii)
        pile = f"{top} on top, {_present.plural(len(discard_pile), 'card')}"
    else:
        pile = "empty"
    lines = [f"discard: {pile}; stock: {_present.plural(stock_size, 'card')}"]
    if slap is not None:
        card = format_card(slap.card, ascii=ascii)
        if slap.slapper is not None:
            lines.append(
                f"slap-in: seat {slap.slapper} slapped {card}, discards one more"
            )
        else:
            asked = ", ".join(map(str, slap.waiting))
            lines.append(
                f"{'eating' if rules.eating else 'slap-in'} window: {card} from seat"
                f" {slap.discarder}, seats to ask {asked}"
            )
    if must_use is not None:
        lines.append(format_pickup(must_use, rules, ascii=ascii))
    return lines


def format_outcome(outcome: Outcome) -> str:
    """Return how a hand ended: the kind, the winners, every transfer, the payoffs.

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
        >>> print(format_outcome(tonk.apply(state, tonk.Drop()).outcome))
        outcome: drop won, seat 1 dropped; winners: seat 1
        counts: 38, 16
          seat 0 pays seat 1 1 (drop won)
        payoffs: -1, +1
    """
    kind = format_label(outcome.kind)
    if outcome.dropper is not None:
        verb = "tunked" if outcome.kind is OutcomeKind.TUNK else "dropped"  # H5
        kind += f", seat {outcome.dropper} {verb}"
    winners = ", ".join(f"seat {seat}" for seat in outcome.winners) or "none"
    lines = [f"outcome: {kind}; winners: {winners}"]
    if outcome.counts is not None:
        lines.append("counts: " + ", ".join(map(str, outcome.counts)))
    lines.extend(
        f"  seat {transfer.payer} pays seat {transfer.payee}"
        f" {format_stake(transfer.amount).lstrip('+')}"
        f" ({format_label(transfer.reason)})"
        for transfer in outcome.transfers
    )
    lines.append("payoffs: " + ", ".join(map(format_stake, outcome.payoffs)))
    return "\n".join(lines)


def _widow_note(card: Card | None, exchanged: bool, *, ascii: bool) -> str:
    if card is None:
        return "widow exchanged" if exchanged else ""
    shown = format_card(card, ascii=ascii)
    return f"widow gave {shown}" if exchanged else f"widow {shown}"


def _notes(*parts: str) -> str:
    return "  ".join(part for part in parts if part)


def format_state(state: GameState, *, ascii: bool = False) -> str:
    """Return the referee's table of ``state``: every hand is shown.

    The lines are: the rules, the player count, the turn and who is to move
    in which phase (:class:`~tonk.state.Phase`); one line per seat (``>``
    marks the seat to move) with its hand, its count, and its waits when the
    rules have them (V22, V23) and its widow (V46); the spreads with their
    owners and hitters; the discard pile's top and size and the stock's size;
    an open slap-in window (V26); and, once the hand is over, the outcome
    with every transfer and the payoffs.

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
        >>> state = tonk.apply(state, tonk.Drop())
        >>> print(format_state(state, ascii=True))
        pagat rules, 2 players, turn 1: the hand is over
          seat 0 (dealer)  JC QC 7D AS QS  count 38
          seat 1           AC 2D 5D 6H 2S  count 16
        spreads: none
        discard: 4D on top, 1 card; stock: 41 cards
        outcome: drop won, seat 1 dropped; winners: seat 1
        counts: 38, 16
          seat 0 pays seat 1 1 (drop won)
        payoffs: -1, +1
    """
    if not isinstance(state, GameState):
        raise wrong_type("state", GameState, state)
    waits = _has_waits(state.rules, state.waits)
    rows = []
    for seat, hand in enumerate(state.hands):
        widow = state.widows[seat] if state.widows else None
        exchanged = bool(state.exchanged) and state.exchanged[seat]
        rows.append(
            (
                _label(seat, state.dealer),
                format_cards(hand, ascii=ascii),
                _notes(
                    ("tunked, " if seat == state.tunker else "")  # H5
                    + f"count {state.count(seat)}",
                    f"waits {state.waits[seat]}" if waits else "",
                    _widow_note(widow, exchanged, ascii=ascii),
                ),
            )
        )
    over = state.outcome is not None
    lines = [
        _header(
            state.rules,
            state.player_count,
            state.turns_taken,
            state.to_move,
            state.phase,
            over,
        ),
        *_seat_lines(rows, None if over else state.to_move),
        *_spread_lines(state.spreads, ascii=ascii),
        *_table_lines(
            state.discard_pile,
            state.stock_size,
            state.slap,
            state.must_use,
            state.rules,
            ascii=ascii,
        ),
    ]
    if state.outcome is not None:
        lines.append(format_outcome(state.outcome))
    return "\n".join(lines)


def _shown_count(seen: Observation, seat: int) -> str:
    """Return ``count N`` of a hand shown at the end (the outcome's count)."""
    counts = seen.outcome.counts if seen.outcome is not None else None
    return f"count {counts[seat]}" if counts is not None else ""


def _observed_row(seen: Observation, seat: int, *, ascii: bool) -> tuple[str, str]:
    """Return what ``seen.seat`` knows of ``seat``'s hand: cards and notes."""
    if seen.shown_hands is not None:
        return format_cards(seen.shown_hands[seat], ascii=ascii), _shown_count(
            seen, seat
        )
    if seat == seen.seat or seat == seen.tunker:  # H5: a tunk lies face up
        hand = seen.hand if seat == seen.seat else seen.taken[seat]
        count = sum(seen.rules.card_value(card) for card in hand)
        tunked = "tunked, " if seat == seen.tunker else ""
        return format_cards(hand, ascii=ascii), f"{tunked}count {count}"
    taken = seen.taken[seat]
    took = f"took {format_cards(taken, ascii=ascii)}" if taken else ""
    return _present.plural(seen.hand_sizes[seat], "card"), took


def format_observation(seen: Observation, *, ascii: bool = False) -> str:
    """Return the table of what ``seen.seat`` may know: hidden hands as counts.

    As :func:`format_state`, but another seat's hand shows as its size and
    the cards it is known to have taken from the discard pile, until the
    hands are shown at the end; the seat's own widow card shows only once it
    has exchanged (V46).

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.presets.PAGAT, players=3, seed=2)
        >>> print(format_observation(tonk.observe(state, 2), ascii=True))
        pagat rules, 3 players, turn 1: seat 1 to move (start of turn), seen by seat 2
          seat 0 (dealer)  5 cards
        > seat 1           5 cards
          seat 2 (you)     5C 9C 6D AH 4H  count 25
        spreads: none
        discard: 5H on top, 1 card; stock: 36 cards
    """
    waits = _has_waits(seen.rules, seen.waits)
    rows = []
    for seat in range(seen.player_count):
        cards, note = _observed_row(seen, seat, ascii=ascii)
        own_widow = seen.widow if seat == seen.seat else None
        exchanged = bool(seen.exchanged) and seen.exchanged[seat]
        rows.append(
            (
                _label(seat, seen.dealer, seen.seat),
                cards,
                _notes(
                    note,
                    f"waits {seen.waits[seat]}" if waits else "",
                    _widow_note(own_widow, exchanged, ascii=ascii),
                ),
            )
        )
    header = _header(
        seen.rules,
        seen.player_count,
        seen.turns_taken,
        seen.to_move,
        seen.phase,
        seen.outcome is not None,
    )
    lines = [
        f"{header}, seen by seat {seen.seat}",
        *_seat_lines(rows, None if seen.outcome is not None else seen.to_move),
        *_spread_lines(seen.spreads, ascii=ascii),
        *_table_lines(
            seen.discard_pile,
            seen.stock_size,
            seen.slap,
            seen.must_use,
            seen.rules,
            ascii=ascii,
        ),
    ]
    if seen.outcome is not None:
        lines.append(format_outcome(seen.outcome))
    return "\n".join(lines)


def _name(name: str, *, ascii: bool) -> str:
    r"""Return a name escaped for a table; in ASCII, other characters as ``\xeb``."""
    shown = escape(name)
    return shown.encode("ascii", "backslashreplace").decode() if ascii else shown


def format_session(session: Session, *, ascii: bool = False) -> str:
    """Return the standings of a session, best first, and its last hand.

    Examples:
        >>> import tonk
        >>> session = tonk.new_session(tonk.Rules(), players=["Ann", "Bob"], seed=3)
        >>> session = tonk.apply_session(session, tonk.Deal())
        >>> session = tonk.apply_session(session, tonk.Drop())
        >>> print(format_session(session))
        session: pagat rules, 1 hand dealt, next dealer Bob (before the deal)
          Bob  +1
          Ann  -1
        last hand: drop won; Ann -1, Bob +1
    """
    if not isinstance(session, Session):
        raise wrong_type("session", Session, session)
    push_ups = session.rules.scoring is Scoring.PUSH_UPS
    phase = session.phase.value
    if phase == "over":
        dealer = ""
    else:
        role = "dealer" if phase in ("playing", "betting") else "next dealer"
        dealer = f", {role} {_name(session.players[session.dealer], ascii=ascii)}"
    lines = [
        f"session: {_rules_name(session.rules)},"
        f" {_present.plural(session.number, 'hand')} dealt{dealer}"
        f" ({format_label(session.phase)})"
    ]
    if push_ups:
        lines[0] += "; push-ups, fewer is better"
    standings = [(_name(name, ascii=ascii), score) for name, score in session.standings]
    width = max(len(name) for name, _ in standings)
    lines.extend(
        f"  {name:<{width}}  {score if push_ups else format_stake(score)}"
        for name, score in standings
    )
    last = session.last
    if last is not None:
        net = ", ".join(
            f"{_name(name, ascii=ascii)} {format_stake(amount)}"
            for name, amount in zip(last.players, last.net, strict=True)
        )
        lines.append(f"last hand: {format_label(last.outcome.kind)}; {net}")
    return "\n".join(lines)


def _plus_minus(interval: tuple[float, float] | None, scale: float, digits: int) -> str:
    """Return ``±h``: the half-width of a (symmetric) confidence interval."""
    if interval is None:
        return ""
    low, high = interval
    return f"±{scale * (high - low) / 2:.{digits}f}"


def _columns(rows: Sequence[Sequence[str]], right: Sequence[bool]) -> list[str]:
    widths = [max(len(row[column]) for row in rows) for column in range(len(right))]
    return [
        "  ".join(
            cell.rjust(width) if align else cell.ljust(width)
            for cell, width, align in zip(row, widths, right, strict=True)
        ).rstrip()
        for row in rows
    ]


def _tally(counts: Iterable[tuple[OutcomeKind, int]]) -> str:
    """Return how many hands ended each way: ``won the drop 18, caught 11``."""
    return ", ".join(f"{format_label(kind)} {count}" for kind, count in counts)


def format_tournament(result: TournamentResult, *, ascii: bool = False) -> str:
    """Return a tournament's table, as ``tonk simulate --bots`` prints it.

    One row per bot: hands, win rate and mean payoff with the half-widths of
    their 95% confidence intervals, how often it was caught, and how the
    hands it won ended.

    Examples:
        >>> import tonk
        >>> bots = [tonk.bots.GreedyBot(), tonk.bots.RandomBot()]
        >>> result = tonk.bots.tournament(tonk.presets.PAGAT, bots, hands=40, seed=1)
        >>> print(format_tournament(result, ascii=True))
        2 players, 40 hands, seed 1
        bot        hands  win rate %    mean payoff  caught  won by
        GreedyBot     40  75.0 +-11.2  +0.725 +-0.366       2  drop won 18, dropper caught 11, tonk on the deal 1
        RandomBot     40  25.0 +-11.2  -0.725 +-0.366      11  drop won 7, dropper caught 2, tonk on the deal 1
        how hands ended: drop won 25, dropper caught 13, tonk on the deal 2
        +- is the half-width of a 95% confidence interval
    """  # noqa: E501
    rows = [("bot", "hands", "win rate %", "mean payoff", "caught", "won by")]
    for record in result.bots:
        rate = _plus_minus(record.win_rate_ci95, 100, 1)
        payoff = _plus_minus(record.mean_payoff_ci95, 1, 3)
        rows.append(
            (
                _name(record.name, ascii=ascii),
                str(record.hands),
                f"{100 * record.win_rate:.1f} {rate}".rstrip(),
                f"{float(record.mean_payoff):+.3f} {payoff}".rstrip(),
                str(record.caught),
                _tally(record.won_by),
            )
        )
    ended = _tally(result.outcomes)
    hands = _present.plural(result.hands, "hand")
    lines = [
        f"{result.players} players, {hands}, seed {result.seed}",
        *_columns(rows, (False, True, True, True, True, False)),
        f"how hands ended: {ended}",
        "± is the half-width of a 95% confidence interval",
    ]
    text = "\n".join(lines)
    return text.replace("±", "+-") if ascii else text


def format_record(record: GameRecord, *, ascii: bool = False) -> str:
    """Return a one-line summary of a game record.

    ``ascii`` is accepted for symmetry with the other formatters; the summary
    holds no card.

    Examples:
        >>> import tonk
        >>> record = tonk.GameRecord(rules=tonk.Rules(), players=2, seed=7,
        ...                          actions=[tonk.Drop()])
        >>> print(format_record(record))
        game record: pagat rules, 2 players, dealer seat 0, seed 7, 1 action; no outcome recorded
    """  # noqa: E501
    if not isinstance(record, GameRecord):
        raise wrong_type("record", GameRecord, record)
    deal = f"seed {record.seed}" if record.seed is not None else "a stacked deck"
    actions = _present.plural(len(record.actions), "action")
    start = (
        f"game record: {_rules_name(record.rules)}, {record.players} players,"
        f" dealer seat {record.dealer}, {deal}, {actions}"
    )
    outcome = record.outcome
    if outcome is None:
        return f"{start}; no outcome recorded"
    winners = ", ".join(f"seat {seat}" for seat in outcome.winners) or "none"
    payoffs = ", ".join(map(format_stake, outcome.payoffs))
    kind = format_label(outcome.kind)
    return f"{start}; {kind}, winners {winners}, payoffs {payoffs}"


_present.add_text(GameState, format_state)
_present.add_text(Observation, format_observation)
_present.add_text(GameRecord, format_record)
_present.add_text(Session, format_session)
_present.add_text(TournamentResult, format_tournament)
