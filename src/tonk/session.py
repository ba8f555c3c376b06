"""Sessions: hand after hand at one table, with a running ledger (V40–V47).

A :class:`Session` is immutable like a :class:`~tonk.state.GameState`.
:func:`new_session` seats the players and cuts for the first dealer;
:func:`session_actions` lists what may be done now and :func:`apply_session`
does it: the actions of the current hand, and between hands the dealer's
:class:`Deal` (or :class:`CallSuit`), :class:`CallBigOne` and each player's
:class:`SideBets`. When a hand ends it is settled into the ledger at once, the
deal passes left and the session waits for the next deal (or is over).

Players join and leave between hands with :func:`join` and :func:`leave`. Each
hand's deal comes from the session seed and the hand number alone
(:func:`hand_seed`), so any hand can be dealt again without the ones before it.

Examples:
    >>> import tonk
    >>> session = tonk.new_session(tonk.Rules(), players=["Ann", "Bob"], seed=3)
    >>> session.phase, session.players[session.dealer]
    (<SessionPhase.BEFORE_DEAL: 'before_deal'>, 'Ann')
    >>> session = tonk.apply_session(session, tonk.Deal())
    >>> session.phase, session.number, session.hand.to_move
    (<SessionPhase.PLAYING: 'playing'>, 1, 1)
"""

from __future__ import annotations

import enum
import hashlib
from collections.abc import Sequence
from fractions import Fraction
from typing import Final, TypeAlias, TypeVar

import attrs

from tonk import _present
from tonk._deck import to_deck
from tonk._untrusted import first_unsafe
from tonk._validate import (
    MAX_DIGITS,
    brief,
    check_seed,
    instance_of,
    is_int,
    is_seed,
    wrong_type,
)
from tonk.actions import Action, LaySpread, Tunk
from tonk.cards import Card, Rank, Suit, WildCard
from tonk.engine import apply, cut_for_deal, legal_actions, new_game
from tonk.errors import NotationError, SessionError
from tonk.notation import _words
from tonk.rules import DealTonkClash, LowestTie, Rules, Scoring
from tonk.scoring import hand_count, penalty_points
from tonk.state import GameState, Outcome, OutcomeKind, Stake, TransferReason, exact

__all__ = [
    "CallBigOne",
    "CallSuit",
    "Deal",
    "HandResult",
    "Session",
    "SessionAction",
    "SessionPhase",
    "SideBets",
    "SidePayment",
    "SideReason",
    "apply_session",
    "format_session_action",
    "hand_seed",
    "join",
    "leave",
    "new_session",
    "parse_session_action",
    "session_actions",
]


class SessionPhase(enum.StrEnum):
    """Where a session is between and within hands.

    Examples:
        >>> SessionPhase.BETTING.value
        'betting'
    """

    BEFORE_DEAL = "before_deal"
    """The dealer is to deal (or call a suit, or the Big One); players may join
    or leave."""
    BETTING = "betting"
    """Each player in turn from the dealer's left makes the side bets (V45)."""
    PLAYING = "playing"
    """A hand is in play: :attr:`Session.hand` is live."""
    OVER = "over"
    """The session has ended (V43, V44)."""


@attrs.frozen
class Deal:
    """The dealer deals the next hand.

    Args:
        deck: A stacked deck to deal this hand from instead of the session's
            seed, for tests: exactly the rules' pack for the table, in dealing
            order, as :func:`~tonk.engine.new_game` takes it (build one with
            :func:`tonk.testing.stack_deck`). The session's
            :class:`HandResult` keeps it, so the hand can be dealt again.

    Examples:
        >>> Deal()
        Deal()
        >>> import tonk
        >>> from tonk.testing import stack_deck
        >>> deck = stack_deck(tonk.Rules(), hands=["KS KH KD KC 9S", "AS 2S 3D 4D 5D"],
        ...                   dealer=1)
        >>> session = tonk.new_session(tonk.Rules(), players=2, seed=1, dealer=1)
        >>> session = tonk.apply_session(session, Deal(deck=deck))
        >>> session.last.outcome.kind, session.last.deck == deck  # a deal tonk (B5)
        (<OutcomeKind.DEAL_TONK: 'deal_tonk'>, True)

    .. versionchanged:: 0.2
       The ``deck`` argument.
    """

    deck: tuple[Card, ...] | None = attrs.field(
        default=None, kw_only=True, converter=to_deck, repr=False
    )

    def __repr__(self) -> str:
        """Show the deck only if there is one."""
        return _shown("Deal", [], self.deck)


@attrs.frozen
class CallBigOne:
    """The dealer announces "The Big One": the coming deals are the last (V43).

    :attr:`~tonk.rules.Rules.big_one_deals` deals are then played for double
    stakes, starting with the one about to be dealt, and the session ends.

    Examples:
        >>> CallBigOne()
        CallBigOne()
    """


@attrs.frozen
class CallSuit:
    """The dealer calls the suit of the side bet before dealing (V45a).

    Args:
        suit: The suit called.
        deck: A stacked deck to deal the hand from, as for :class:`Deal`.

    Examples:
        >>> CallSuit(Suit.HEARTS)
        CallSuit(suit=<Suit.HEARTS: 'H'>)

    .. versionchanged:: 0.2
       The ``deck`` argument.
    """

    suit: Suit = attrs.field(converter=Suit)
    deck: tuple[Card, ...] | None = attrs.field(
        default=None, kw_only=True, converter=to_deck, repr=False
    )

    def __repr__(self) -> str:
        """Show the deck only if there is one."""
        return _shown("CallSuit", [f"suit={self.suit!r}"], self.deck)


def _shown(name: str, fields: list[str], deck: tuple[Card, ...] | None) -> str:
    """Return the repr of a dealing action: ``deck`` is shown only if given."""
    if deck is not None:
        fields = [*fields, f"deck={deck!r}"]
    return f"{name}({', '.join(fields)})"


@attrs.frozen
class SideBets:
    """One player's side bets for the coming deal (V45).

    Args:
        suit: Pay :attr:`~tonk.rules.Rules.suit_bet` into the called-suit pot.
        naturals: Take part in the naturals pot. A player already in it stays in
            (and pays each deal) until the pot is won.

    Examples:
        >>> SideBets(suit=True)
        SideBets(suit=True, naturals=False)
    """

    suit: bool = attrs.field(default=False, validator=instance_of(bool))
    naturals: bool = attrs.field(default=False, validator=instance_of(bool))


SessionAction: TypeAlias = Deal | CallBigOne | CallSuit | SideBets
"""An action of the session rather than of a hand."""


_SESSION_WORDS = "expected deal, call big one, call suit SUIT or bet"


def format_session_action(action: SessionAction) -> str:
    """Write a session action in its notation, as the table protocol sends it.

    ``deal``, ``call big one``, ``call suit H`` (the suit's letter: C, D, H or
    S), and a player's side bets: ``bet none``, ``bet suit``, ``bet
    naturals``, ``bet suit naturals``. A stacked deck is not written
    (:func:`tonk.to_dict` writes it).

    Raises:
        TypeError: If ``action`` is not a session action.

    Examples:
        >>> format_session_action(CallSuit(Suit.HEARTS))
        'call suit H'
        >>> format_session_action(SideBets(suit=True, naturals=True))
        'bet suit naturals'

    .. versionadded:: 0.2.0
    """
    kind = action.__class__
    if kind is Deal:
        return "deal"
    if kind is CallBigOne:
        return "call big one"
    if kind is CallSuit:
        return f"call suit {action.suit.value}"  # type: ignore[union-attr]
    if kind is SideBets:
        bets = [
            name
            for name, made in (
                ("suit", action.suit),  # type: ignore[union-attr]
                ("naturals", action.naturals),  # type: ignore[union-attr]
            )
            if made
        ]
        return f"bet {' '.join(bets) or 'none'}"
    raise TypeError(f"not a session action: {brief(action)}")


def parse_session_action(text: str) -> SessionAction:
    """Read a session action written as :func:`format_session_action` writes it.

    Words and suits are case-insensitive, and any run of spaces parts them,
    as in action notation.

    Raises:
        NotationError: If ``text`` is not a session action; it says where.
        TypeError: If ``text`` is not a str.

    Examples:
        >>> parse_session_action("Call Suit h")
        CallSuit(suit=<Suit.HEARTS: 'H'>)
        >>> parse_session_action("bet naturals")
        SideBets(suit=False, naturals=True)
        >>> parse_session_action("bet suit suit")
        Traceback (most recent call last):
        ...
        tonk.errors.NotationError: 'bet' takes none, or suit, naturals or both in that order (at position 9 of 'bet suit suit')

    .. versionadded:: 0.2.0
    """  # noqa: E501
    if not isinstance(text, str):
        raise TypeError(f"session action notation must be a str, got {brief(text)}")
    words = _words(text)
    said = [word.lower() for word, _ in words]
    if said == ["deal"]:
        return Deal()
    if said == ["call", "big", "one"]:
        return CallBigOne()
    if said[:2] == ["call", "suit"] and len(said) == 3:
        suit = said[2].upper()
        if suit in _SUIT_LETTERS:
            return CallSuit(Suit(suit))
        raise NotationError(
            f"unknown suit {brief(words[2][0])}: expected C, D, H or S",
            text=text,
            position=words[2][1],
        )
    if said and said[0] == "bet":
        bets = said[1:]
        if bets == ["none"]:
            return SideBets()
        if bets in (["suit"], ["naturals"], ["suit", "naturals"]):
            return SideBets(suit="suit" in bets, naturals="naturals" in bets)
        wrong = next(
            (index for index, word in enumerate(bets) if word not in _BET_WORDS), None
        )
        if wrong is None:  # known words, in the wrong number or order
            wrong = len(bets) - 1 if bets else None
        raise NotationError(
            "'bet' takes none, or suit, naturals or both in that order",
            text=text,
            position=len(text) if wrong is None else words[wrong + 1][1],
        )
    if not words:
        raise NotationError("empty session action", text=text, position=0)
    raise NotationError(
        f"unknown session action {brief(text.strip())}: {_SESSION_WORDS}",
        text=text,
        position=words[0][1],
    )


_SUIT_LETTERS = frozenset(suit.value for suit in Suit)
_BET_WORDS = frozenset(("none", "suit", "naturals"))


class SideReason(enum.StrEnum):
    """Why a side payment was made (V45).

    Examples:
        >>> SideReason.NATURALS_POT.value
        'naturals_pot'
    """

    SUIT_BET = "suit_bet"
    """A stake paid into the called-suit pot."""
    SUIT_POT = "suit_pot"
    """The called-suit pot, won with the highest card of the suit."""
    NATURALS_BET = "naturals_bet"
    """A stake paid into the naturals pot."""
    NATURALS_POT = "naturals_pot"
    """The naturals pot, won by the first natural book laid."""


@attrs.frozen
class SidePayment:
    """A side-bet payment: ``amount`` into (negative) or out of a pot (V45).

    Examples:
        >>> SidePayment(0, -1, SideReason.SUIT_BET).amount
        -1
    """

    seat: int
    amount: Stake
    reason: SideReason


@attrs.frozen(kw_only=True)
class HandResult:
    """How one hand of a session was settled.

    Attributes:
        number: The hand's number in the session, from 1.
        players: The players by seat.
        dealer: The dealer's seat.
        outcome: The hand's outcome, in base stakes.
        stakes: 2 for a deal of the Big One (V43), else 1.
        counts: Every seat's count at the end of the hand.
        side: The side-bet payments (V45).
        push_ups: What each seat added to its push-up total (V42).
        deck: The stacked deck the hand was dealt from (:class:`Deal`'s
            ``deck``), or ``None`` if it was dealt from the session's seed.

    Examples:
        >>> import tonk
        >>> session = tonk.new_session(tonk.Rules(), players=2, seed=3)
        >>> session = tonk.apply_session(session, tonk.Deal())
        >>> session = tonk.apply_session(session, tonk.Drop())
        >>> result = session.last
        >>> result.outcome.kind, result.net
        (<OutcomeKind.DROP_WON: 'drop_won'>, (-1, 1))
    """

    number: int
    players: tuple[str, ...]
    dealer: int
    outcome: Outcome
    stakes: int
    counts: tuple[int, ...]
    side: tuple[SidePayment, ...]
    push_ups: tuple[int, ...]
    deck: tuple[Card, ...] | None = None

    @property
    def net(self) -> tuple[Stake, ...]:
        """Each seat's money from the hand: payoff times stakes, plus side bets."""
        net: list[Stake] = [payoff * self.stakes for payoff in self.outcome.payoffs]
        for payment in self.side:
            net[payment.seat] += payment.amount
        return tuple(exact(amount) for amount in net)


@attrs.frozen(kw_only=True)
class Session:
    """A sitting of many hands: the seats, the dealer, the ledger, the pots.

    Attributes:
        rules: The rules of every hand and of the session's scoring.
        seed: Each hand is dealt from :func:`hand_seed` of this and its number;
            ``None`` deals every hand from a secure shuffle.
        players: The seated players' names, by seat (clockwise).
        dealer: The dealer's seat: of the hand in play, or of the next deal.
        number: How many hands have been dealt.
        phase: Where the session is.
        hand: The hand in play, or the last hand once it is over.
        ledger: Every player ever seated, in order of arrival, with their
            balance in base stakes (V40; points under V41).
        push_up_totals: Every player's push-up total (V42).
        last: How the last hand was settled.
        big_one_left: Deals left at double stakes after the Big One was called.
        called_suit: The suit of this deal's side bet (V45a).
        betting: The seats still to make side bets, in order.
        suit_bettors: The seats in this deal's called-suit pot.
        suit_winners: The bettors dealt the highest card of the called suit.
        naturals_players: The players in the naturals pot (V45b).
        naturals_pot: The naturals pot, carried over until won.
        naturals_winner: The seat that won the naturals pot in this hand.
        deck: The stacked deck of the hand in play or about to be dealt
            (:class:`Deal`'s ``deck``), or ``None`` for a deal from the seed.

    Examples:
        >>> import tonk
        >>> session = tonk.new_session(tonk.Rules(), players=3, seed=1)
        >>> session.players, session.balance("P2")
        (('P1', 'P2', 'P3'), 0)
    """

    rules: Rules
    seed: int | None
    players: tuple[str, ...]
    dealer: int
    number: int
    phase: SessionPhase
    hand: GameState | None
    ledger: tuple[tuple[str, Stake], ...]
    push_up_totals: tuple[tuple[str, int], ...]
    last: HandResult | None
    big_one_left: int | None
    called_suit: Suit | None
    betting: tuple[int, ...]
    suit_bettors: frozenset[int]
    suit_winners: tuple[int, ...]
    naturals_players: frozenset[str]
    naturals_pot: Stake
    naturals_winner: int | None
    deck: tuple[Card, ...] | None = None

    @property
    def is_over(self) -> bool:
        """Whether the session has ended."""
        return self.phase is SessionPhase.OVER

    @property
    def to_move(self) -> int | None:
        """The seat to act: in the hand, the dealer, or the next bettor."""
        if self.phase is SessionPhase.PLAYING:
            assert self.hand is not None
            return self.hand.to_move
        if self.phase is SessionPhase.BETTING:
            return self.betting[0]
        if self.phase is SessionPhase.BEFORE_DEAL:
            return self.dealer
        return None

    def balance(self, player: str) -> Stake:
        """Return ``player``'s ledger balance.

        Raises:
            SessionError: If ``player`` never sat at this session.
        """
        return _lookup(self.ledger, player)

    def push_ups(self, player: str) -> int:
        """Return ``player``'s push-up total (V42).

        Raises:
            SessionError: If ``player`` never sat at this session.
        """
        return _lookup(self.push_up_totals, player)

    @property
    def standings(self) -> tuple[tuple[str, Stake], ...]:
        """Every player with their score, best first (ties by arrival).

        The score is the balance, or the push-up total under
        ``Scoring.PUSH_UPS``, where lower is better. It is the order of the
        scores only: under elimination (X3) the winner is the last player
        left (:attr:`leaders`), and a player who left the table (V47) with
        fewer push-ups may stand above them.
        """
        if self.rules.scoring is Scoring.PUSH_UPS:
            return tuple(sorted(self.push_up_totals, key=lambda entry: entry[1]))
        return tuple(sorted(self.ledger, key=lambda entry: -entry[1]))

    @property
    def eliminated(self) -> tuple[str, ...]:
        """The players whose push-up total reached ``rules.elimination_at`` (X3).

        They left the table after the hand that took them there (the players
        of the last hand stay seated once the session is over); ``()`` when the
        rules eliminate nobody.

        Examples:
            >>> import tonk
            >>> rules = tonk.presets.ELIMINATION
            >>> tonk.new_session(rules, players=3, seed=1).eliminated
            ()
        """
        limit = self.rules.elimination_at
        if limit is None:
            return ()
        return tuple(name for name, total in self.push_up_totals if total >= limit)

    @property
    def leaders(self) -> tuple[str, ...]:
        """The players with the best score (the winners, once it is over).

        Under elimination (X3) the session ends when one player is left, who
        wins, even if a player who left the table (V47) scored less. If the
        last hand takes every player left to the limit (a tunk, H7), the
        lowest total among them wins, not a player who left before.
        """
        limit = self.rules.elimination_at
        if limit is not None and self.phase is SessionPhase.OVER:
            left = tuple(name for name in self.players if self.push_ups(name) < limit)
            if len(left) == 1:
                return left
            if not left:  # the players of the last hand all reached the limit
                seated = [
                    (name, total)
                    for name, total in self.push_up_totals
                    if name in self.players
                ]
                lowest = min(total for _, total in seated)
                return tuple(name for name, total in seated if total == lowest)
        best = self.standings[0][1]
        return tuple(name for name, score in self.standings if score == best)

    def __str__(self) -> str:
        """Return the standings, best first (:mod:`tonk.text`)."""
        return _present.text(self)

    def __format__(self, spec: str) -> str:
        """Format as :func:`str`; the spec ``"ascii"`` writes plain ASCII."""
        return _present.text(self, spec)


_Value = TypeVar("_Value", int, Stake)


def _lookup(entries: tuple[tuple[str, _Value], ...], player: str) -> _Value:
    for name, value in entries:
        if name == player:
            return value
    raise SessionError(f"{brief(player)} has never sat at this session")


def _check_name(value: object) -> None:
    """Refuse a blank name, or one with a character a terminal would act on.

    Such characters are control characters, line separators and bidi
    overrides (``tonk._untrusted``).
    """
    if not isinstance(value, str) or not value.strip():
        raise SessionError(
            f"player names must be non-empty strings, got {brief(value)}"
        )
    if first_unsafe(value) is not None:
        raise SessionError(
            "player names may not hold control characters, line separators or bidi"
            f" overrides, got {brief(value)}"
        )


def hand_seed(seed: int, number: int) -> int:
    """Return the shuffle seed of hand ``number`` of a session seeded ``seed``.

    It depends on nothing else, so hand 37 can be dealt again without the 36
    before it: ``new_game(rules, players=..., seed=hand_seed(seed, 37),
    dealer=...)`` is that hand. Hand 0 is the cut for the first dealer.

    Args:
        seed: The session's seed: an int of at most 1,000 digits.
        number: The hand's number, 0 or more (at most 1,000 digits too).

    Raises:
        SessionError: If ``seed`` or ``number`` is out of range.
        TypeError: If either is not an int.

    Examples:
        >>> hand_seed(1, 37) == hand_seed(1, 37) != hand_seed(2, 37)
        True
        >>> hand_seed(10**1000, 1)
        Traceback (most recent call last):
        ...
        tonk.errors.SessionError: a seed must have at most 1000 digits, got <int of 1001 digits>
    """  # noqa: E501
    check_seed(seed, SessionError)
    if not is_int(number):
        raise TypeError(f"number must be an int, got {brief(number)}")
    if not is_seed(number) or number < 0:
        raise SessionError(
            f"a hand number must be 0 or more, of at most {MAX_DIGITS} digits,"
            f" got {brief(number)}"
        )
    digest = hashlib.sha256(f"tonk-session:{seed}:{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _check_session(session: object) -> None:
    """Refuse a value that is not a session, as a public function's argument."""
    if not isinstance(session, Session):
        raise wrong_type("session", Session, session)


def _names(rules: Rules, players: int | Sequence[str]) -> tuple[str, ...]:
    """Return the seated names; a count or a list is checked before names are built."""
    if not isinstance(rules, Rules):
        raise wrong_type("rules", Rules, rules)
    if is_int(players):
        _check_table(rules, players)  # type: ignore[arg-type]
        return tuple(f"P{seat + 1}" for seat in range(players))  # type: ignore[arg-type]
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise SessionError(
            f"players must be a count or a list of names, got {brief(players)}"
        )
    _check_table(rules, len(players))
    names = tuple(players)
    for name in names:
        _check_name(name)
    if len(set(names)) != len(names):
        raise SessionError(f"player names must be distinct, got {brief(names)}")
    return names


def _check_table(rules: Rules, count: int) -> None:
    if not 2 <= count <= rules.max_players:
        raise SessionError(
            f"a table under these rules seats 2..{rules.max_players} players,"
            f" not {brief(count)}"
        )


def new_session(
    rules: Rules,
    *,
    players: int | Sequence[str],
    seed: int | None = None,
    dealer: int | None = None,
) -> Session:
    r"""Seat the players and cut for the first dealer (B3): a session's start.

    Args:
        rules: The rules of every hand and of the session.
        players: A player count (named ``P1``, ``P2``, ...) or the names, by
            seat.
        seed: Makes the whole session reproducible; ``None`` shuffles from the
            operating system's secure random source.
        dealer: The first dealer's seat; ``None`` cuts for it
            (:func:`~tonk.engine.cut_for_deal`, seeded with ``hand_seed(seed, 0)``).

    Raises:
        SessionError: For a bad player list or count (checked before any name
            is made), a blank name or one holding a control character, a line
            separator or a bidi override, a dealer not seated, or a seed of
            more than 1,000 digits.

    Examples:
        >>> import tonk
        >>> session = new_session(tonk.Rules(), players=4, seed=9)
        >>> session.dealer, session.to_move, session_actions(session)
        (3, 3, (Deal(),))
        >>> new_session(tonk.Rules(), players=["Ann", "Bob\n  Cy  +1000"])
        Traceback (most recent call last):
        ...
        tonk.errors.SessionError: player names may not hold control characters, line separators or bidi overrides, got 'Bob\n  Cy  +1000'
    """  # noqa: E501
    names = _names(rules, players)
    check_seed(seed, SessionError)
    if dealer is None:
        dealer = cut_for_deal(
            rules,
            players=len(names),
            seed=None if seed is None else hand_seed(seed, 0),
        )
    elif not is_int(dealer) or not 0 <= dealer < len(names):
        raise SessionError(
            f"dealer must be a seat 0..{len(names) - 1}, got {brief(dealer)}"
        )
    return Session(
        rules=rules,
        seed=seed,
        players=names,
        dealer=dealer,
        number=0,
        phase=SessionPhase.BEFORE_DEAL,
        hand=None,
        ledger=tuple((name, 0) for name in names),
        push_up_totals=tuple((name, 0) for name in names),
        last=None,
        big_one_left=None,
        called_suit=None,
        betting=(),
        suit_bettors=frozenset(),
        suit_winners=(),
        naturals_players=frozenset(),
        naturals_pot=0,
        naturals_winner=None,
    )


def _may_call_big_one(session: Session) -> bool:
    rules = session.rules
    return (
        rules.big_one_deals > 0
        and rules.match_deals is None
        and session.big_one_left is None
    )


_SUIT_CALLS = tuple(CallSuit(suit) for suit in Suit)
_BETS = (
    SideBets(),
    SideBets(suit=True),
    SideBets(naturals=True),
    SideBets(suit=True, naturals=True),
)


def session_actions(session: Session) -> tuple[Action | SessionAction, ...]:
    """Return what the seat to move may do now, in a fixed order.

    During a hand these are the hand's :func:`~tonk.engine.legal_actions`.
    Before a deal the dealer may deal (or, with the suit side bet, call a suit)
    and may call the Big One. While betting, the seat to move chooses its
    side bets.

    Examples:
        >>> import tonk
        >>> rules = tonk.Rules(suit_bet=1, big_one_deals=2)
        >>> session = new_session(rules, players=2, seed=1)
        >>> session_actions(session)[-1]
        CallBigOne()
    """
    _check_session(session)
    phase = session.phase
    if phase is SessionPhase.PLAYING:
        assert session.hand is not None
        return legal_actions(session.hand)
    if phase is SessionPhase.BEFORE_DEAL:
        rules = session.rules
        start: tuple[Action | SessionAction, ...] = (
            _SUIT_CALLS if rules.suit_bet else (Deal(),)
        )
        return (*start, CallBigOne()) if _may_call_big_one(session) else start
    if phase is SessionPhase.BETTING:
        return tuple(bet for bet in _BETS if _bet_allowed(session, bet))
    return ()


def _choices_between_hands(session: Session) -> tuple[SessionAction, ...]:
    """Return :func:`session_actions` between hands, typed as session actions.

    Only for a session that is not playing a hand (``BEFORE_DEAL`` or
    ``BETTING``), where every action offered is a session action.
    """
    return session_actions(session)  # type: ignore[return-value]


_JUST_DEAL: Final = (Deal(),)
"""The choices before a deal that leaves the dealer none: the table deals."""


def _bet_allowed(session: Session, bet: SideBets) -> bool:
    rules = session.rules
    seat = session.betting[0]
    if bet.suit and not rules.suit_bet:
        return False
    if not rules.naturals_bet:
        return not bet.naturals
    committed = session.players[seat] in session.naturals_players
    return bet.naturals or not committed


def apply_session(session: Session, action: Action | SessionAction) -> Session:
    """Return the session after the seat to move takes ``action``.

    A hand action is applied to the hand in play; when it ends the hand, the
    hand is settled into the ledger, the deal passes left (V47) and the session
    waits for the next deal, or is over (V43, V44).

    Raises:
        SessionError: If a session action is not allowed now.
        RulesError: If a :class:`Deal` or :class:`CallSuit` brings a stacked
            deck that is not the rules' pack for the table.
        IllegalActionError: If a hand action is not legal in the hand.

    Examples:
        >>> import tonk
        >>> session = new_session(tonk.Rules(), players=2, seed=3)
        >>> apply_session(session, tonk.Drop())
        Traceback (most recent call last):
        ...
        tonk.errors.SessionError: no hand is in play: the dealer must deal first
    """
    _check_session(session)
    phase = session.phase
    if isinstance(action, Deal | CallBigOne | CallSuit | SideBets):
        offered = session_actions(session)
        if _without_deck(action) not in offered:
            raise SessionError(_why_not(session, action))
        if isinstance(action, CallBigOne):
            return attrs.evolve(session, big_one_left=session.rules.big_one_deals)
        if isinstance(action, Deal | CallSuit):
            session = _stacked(session, action.deck)
        if isinstance(action, CallSuit):
            return _start_betting(session, action.suit)
        if isinstance(action, Deal):
            if session.rules.naturals_bet:
                return _start_betting(session, None)
            return _deal(session)
        return _bet(session, action)
    if phase is not SessionPhase.PLAYING:
        raise SessionError(
            "the session is over"
            if phase is SessionPhase.OVER
            else "no hand is in play: the dealer must deal first"
            if phase is SessionPhase.BEFORE_DEAL
            else "no hand is in play: the side bets come first"
        )
    hand = session.hand
    assert hand is not None
    seat = hand.to_move
    after = apply(hand, action)
    session = _with_hand(session, after)
    if (
        isinstance(action, LaySpread | Tunk)
        and session.naturals_winner is None
        and session.rules.naturals_bet
        and session.players[seat] in session.naturals_players
        and any(
            _natural_book(spread, session.rules) for spread in _spreads_laid(action)
        )
    ):
        session = attrs.evolve(session, naturals_winner=seat)
    if after.outcome is not None:
        return _settled(session)
    return session


def _with_hand(session: Session, hand: GameState) -> Session:
    """Return ``session`` with ``hand`` in play.

    The same as ``attrs.evolve(session, hand=hand)``, built directly because it
    runs on every action of every hand.
    """
    return Session(
        rules=session.rules,
        seed=session.seed,
        players=session.players,
        dealer=session.dealer,
        number=session.number,
        phase=session.phase,
        hand=hand,
        ledger=session.ledger,
        push_up_totals=session.push_up_totals,
        last=session.last,
        big_one_left=session.big_one_left,
        called_suit=session.called_suit,
        betting=session.betting,
        suit_bettors=session.suit_bettors,
        suit_winners=session.suit_winners,
        naturals_players=session.naturals_players,
        naturals_pot=session.naturals_pot,
        naturals_winner=session.naturals_winner,
        deck=session.deck,
    )


def _why_not(session: Session, action: SessionAction) -> str:
    phase = session.phase
    if phase is SessionPhase.OVER:
        return "the session is over"
    if phase is SessionPhase.PLAYING:
        return f"a hand is in play: {brief(action)} must wait until it ends"
    if isinstance(action, CallBigOne):
        if session.rules.big_one_deals == 0:
            return "these rules have no Big One (big_one_deals=0)"
        if session.rules.match_deals is not None:
            return "the Big One comes by itself: the last deals of the match"
        if session.big_one_left is not None:
            return "the Big One has already been called"
    if isinstance(action, SideBets):
        if phase is not SessionPhase.BETTING:
            return "side bets are made after the deal is called, not now"
        return (
            f"seat {session.betting[0]} may not bet {brief(action)} under these rules"
        )
    if phase is SessionPhase.BETTING:
        return "the players are making their side bets"
    if isinstance(action, Deal):
        return "with the suit side bet the dealer calls a suit instead of Deal()"
    return "these rules have no suit side bet (suit_bet=0)"


def _spreads_laid(action: LaySpread | Tunk) -> tuple[LaySpread, ...]:
    """Return the spreads ``action`` lays: its own, or a tunk's (H5)."""
    return action.spreads if isinstance(action, Tunk) else (action,)


def _natural_book(action: LaySpread, rules: Rules) -> bool:
    """Return whether ``action`` lays a book without wilds (V45b).

    A wild standing for itself is still a wild card: under wild deuces a book
    of 2s is no natural book.
    """
    cards = action.cards
    if isinstance(cards[0], WildCard):
        return False
    rank = cards[0].rank
    return all(
        isinstance(card, Card)
        and card.rank is rank
        and card.rank is not Rank.JOKER
        and not rules.is_wild(card)
        for card in cards
    )


def _start_betting(session: Session, suit: Suit | None) -> Session:
    count = len(session.players)
    order = tuple((session.dealer + offset) % count for offset in range(1, count + 1))
    return attrs.evolve(
        session,
        phase=SessionPhase.BETTING,
        called_suit=suit,
        betting=order,
        suit_bettors=frozenset(),
    )


def _bet(session: Session, bet: SideBets) -> Session:
    seat, *rest = session.betting
    name = session.players[seat]
    session = attrs.evolve(
        session,
        betting=tuple(rest),
        suit_bettors=session.suit_bettors | {seat}
        if bet.suit
        else session.suit_bettors,
        naturals_players=session.naturals_players | {name}
        if bet.naturals
        else session.naturals_players,
    )
    return session if rest else _deal(session)


def _without_deck(action: SessionAction) -> SessionAction:
    """Return ``action`` with no stacked deck, as :func:`session_actions` lists it."""
    if isinstance(action, Deal) and action.deck is not None:
        return Deal()
    if isinstance(action, CallSuit) and action.deck is not None:
        return CallSuit(action.suit)
    return action


def _stacked(session: Session, deck: tuple[Card, ...] | None) -> Session:
    """Return ``session`` to deal its next hand from ``deck`` (``None``: the seed).

    Raises:
        RulesError: If ``deck`` is not the rules' pack for the table, as
            :func:`~tonk.engine.new_game` checks it.
    """
    if deck is not None:  # the deck is checked now, not after the side bets
        new_game(
            session.rules,
            players=len(session.players),
            deck=deck,
            dealer=session.dealer,
        )
    if deck is session.deck:  # the usual deal: from the seed, as the one before
        return session
    return attrs.evolve(session, deck=deck)


def _deal(session: Session) -> Session:
    number = session.number + 1
    seed = session.seed
    hand = new_game(
        session.rules,
        players=len(session.players),
        seed=None
        if seed is None or session.deck is not None
        else hand_seed(seed, number),
        deck=session.deck,
        dealer=session.dealer,
    )
    suit = session.called_suit
    session = attrs.evolve(
        session,
        number=number,
        phase=SessionPhase.PLAYING,
        hand=hand,
        betting=(),
        suit_winners=()
        if suit is None
        else _suit_winners(
            hand.hands, suit, tuple(session.suit_bettors), session.rules
        ),
        naturals_winner=None,
    )
    if hand.outcome is not None:  # a deal tonk, or a void deal
        return _settled(session)
    return session


def _side_payments(session: Session) -> tuple[SidePayment, ...]:
    """Return the side bets of the hand just ended, and the pots won (V45)."""
    rules = session.rules
    hand = session.hand
    assert hand is not None
    payments: list[SidePayment] = []
    if session.called_suit is not None and session.suit_bettors:
        bettors = sorted(session.suit_bettors)
        payments.extend(
            SidePayment(seat, -rules.suit_bet, SideReason.SUIT_BET) for seat in bettors
        )
        winners = list(session.suit_winners)
        pot = rules.suit_bet * len(bettors)
        if not winners:  # nobody holds the suit: the stakes go back
            winners = bettors
        share = exact(Fraction(pot, len(winners)))
        payments.extend(
            SidePayment(seat, share, SideReason.SUIT_POT) for seat in winners
        )
    if rules.naturals_bet:
        payments.extend(
            SidePayment(seat, -rules.naturals_bet, SideReason.NATURALS_BET)
            for seat, name in enumerate(session.players)
            if name in session.naturals_players
        )
        if session.naturals_winner is not None:
            payments.append(
                SidePayment(
                    session.naturals_winner,
                    _naturals_pot(session),
                    SideReason.NATURALS_POT,
                )
            )
    return tuple(payments)


def _naturals_pot(session: Session) -> Stake:
    """Return the naturals pot with this deal's stakes in it."""
    seated = sum(1 for name in session.players if name in session.naturals_players)
    return session.naturals_pot + session.rules.naturals_bet * seated


def _suit_winners(
    hands: Sequence[Sequence[Card]], suit: Suit, bettors: Sequence[int], rules: Rules
) -> tuple[int, ...]:
    """Return the bettors dealt the highest card of the called suit (V45a).

    The ace is high only under ``ace_high``; equal cards (two packs) share.
    """

    def best(seat: int) -> int:
        ranks = [
            14 if rules.ace_high and card.rank is Rank.ACE else int(card.rank)
            for card in hands[seat]
            if card.suit is suit
        ]
        return max(ranks, default=0)

    top = max((best(seat) for seat in bettors), default=0)
    return tuple(seat for seat in sorted(bettors) if top and best(seat) == top)


def _shared_reasons(outcome: Outcome, rules: Rules) -> frozenset[TransferReason]:
    """Return the reasons whose payments to several winners share one stake.

    Tied best deal tonks that split the payout (X15) and players tied for
    lowest who split a catch (``LowestTie.SPLIT``, V35 2) are each paid a
    share of a single stake: for a double win (V42) the shares are one payment.
    """
    if len(outcome.winners) < 2:
        return frozenset()
    kind = outcome.kind
    best_hand = rules.deal_tonk_clash is DealTonkClash.BEST_HAND
    if kind is OutcomeKind.DEAL_TONK and best_hand:  # several paid: a split
        return frozenset({TransferReason.DEAL_TONK})
    if kind is OutcomeKind.CAUGHT and rules.catch.lowest_tie is LowestTie.SPLIT:
        return frozenset({TransferReason.LOWEST})
    return frozenset()


def _push_ups(
    outcome: Outcome, counts: tuple[int, ...], rules: Rules
) -> tuple[int, ...]:
    """Return what each seat adds to its push-up total (V42).

    Every seat that did not win adds its count; twice it if it paid any one
    player 2x or more in all (a double win: a tonk out, a 2x deal tonk, a caught
    dropper's 2x), a stake shared by tied winners counting as one payment
    (X15, ``LowestTie.SPLIT``). After a tunk every seat adds its penalty
    points (H7). A hand without winners (void or dead) scores nothing. Side
    payments (V39, V46) do not count.
    """
    winners = outcome.winners
    if not winners:
        return (0,) * len(counts)
    if outcome.kind is OutcomeKind.TUNK:  # H7: every seat scores, winners too
        return penalty_points(outcome)
    shared = _shared_reasons(outcome, rules)
    paid: dict[tuple[int, int], Stake] = {}
    stakes: dict[int, Stake] = {}  # each payer's stake shared by tied winners
    sharers: dict[int, set[int]] = {}
    for transfer in outcome.transfers:
        if transfer.reason in (TransferReason.WIDOW, TransferReason.HIT_AND_SPLIT):
            continue
        payer, payee = transfer.payer, transfer.payee
        if transfer.reason in shared:
            stakes[payer] = stakes.get(payer, 0) + transfer.amount
            sharers.setdefault(payer, set()).add(payee)
            continue
        paid[payer, payee] = paid.get((payer, payee), 0) + transfer.amount
    for payer, stake in stakes.items():  # a shared stake counts whole to each
        for payee in sharers[payer]:
            paid[payer, payee] = paid.get((payer, payee), 0) + stake
    largest: list[Stake] = [0] * len(counts)
    for (payer, _), amount in paid.items():
        largest[payer] = max(largest[payer], amount)
    return tuple(
        0 if seat in winners else count * (2 if largest[seat] >= 2 else 1)
        for seat, count in enumerate(counts)
    )


def _settled(session: Session) -> Session:
    """Settle the hand just ended into the ledger and pass the deal (V40–V47)."""
    rules = session.rules
    hand = session.hand
    assert hand is not None
    assert hand.outcome is not None
    outcome = hand.outcome
    counts = tuple(hand_count(cards, rules) for cards in hand.hands)
    big_one = session.big_one_left is not None or (
        rules.match_deals is not None
        and session.number > rules.match_deals - rules.big_one_deals
    )
    result = HandResult(
        number=session.number,
        players=session.players,
        dealer=session.dealer,
        outcome=outcome,
        stakes=2 if big_one else 1,
        counts=counts,
        side=_side_payments(session),
        push_ups=_push_ups(outcome, counts, rules)
        if rules.scoring is Scoring.PUSH_UPS
        else (0,) * len(counts),
        deck=session.deck,
    )
    net = dict(zip(session.players, result.net, strict=True))
    pushed = dict(zip(session.players, result.push_ups, strict=True))
    ledger = tuple(
        (name, exact(balance + net.get(name, 0))) for name, balance in session.ledger
    )
    totals = tuple(
        (name, total + pushed.get(name, 0)) for name, total in session.push_up_totals
    )
    pot: Stake = session.naturals_pot
    naturals_players = session.naturals_players
    if rules.naturals_bet:
        pot = _naturals_pot(session)
        if session.naturals_winner is not None:
            pot, naturals_players = 0, frozenset()
    big_one_left = session.big_one_left
    if big_one_left is not None:
        big_one_left -= 1
    players, dealer = _after_elimination(session, dict(totals))
    over = (
        len(players) < 2
        or (rules.match_deals is not None and session.number >= rules.match_deals)
        or big_one_left == 0
        or (
            rules.match_target is not None
            and any(
                score >= rules.match_target
                for _, score in (
                    totals if rules.scoring is Scoring.PUSH_UPS else ledger
                )
            )
        )
    )
    return attrs.evolve(
        session,
        phase=SessionPhase.OVER if over else SessionPhase.BEFORE_DEAL,
        players=session.players if over else players,
        dealer=session.dealer if over else dealer,
        ledger=ledger,
        push_up_totals=totals,
        last=result,
        big_one_left=big_one_left,
        called_suit=None,
        suit_bettors=frozenset(),
        suit_winners=(),
        naturals_players=naturals_players,
        naturals_pot=exact(pot),
    )


def _after_elimination(
    session: Session, totals: dict[str, int]
) -> tuple[tuple[str, ...], int]:
    """Return the players left after a hand (X3) and the next dealer's seat.

    The deal passes left (B3), past the players who leave. When the session
    ends, the seats stay as they were for the last hand.
    """
    players = session.players
    limit = session.rules.elimination_at
    left = (
        players
        if limit is None
        else tuple(name for name in players if totals[name] < limit)
    )
    count = len(players)
    for step in range(1, count + 1):
        name = players[(session.dealer + step) % count]
        if name in left:
            return left, left.index(name)
    return left, 0


def join(session: Session, name: str) -> Session:
    """Seat a new player between hands, to the right of the next dealer (V47, B3).

    A player who left may come back; their balance is kept.

    Raises:
        SessionError: If a hand or the betting is in progress, the session is
            over, the name is blank, holds a control character, a line
            separator or a bidi override, is seated already or was eliminated
            (X3), or the table is full.

    Examples:
        >>> import tonk
        >>> session = new_session(tonk.Rules(), players=["A", "B", "C"], dealer=1)
        >>> join(session, "D").players
        ('A', 'D', 'B', 'C')
    """
    _between_hands(session, "join")
    _check_name(name)
    if name in session.players:
        raise SessionError(f"{brief(name)} is already seated")
    if name in session.eliminated:
        raise SessionError(f"{brief(name)} was eliminated (X3) and may not come back")
    _check_table(session.rules, len(session.players) + 1)
    seat = session.dealer
    known = any(entry == name for entry, _ in session.ledger)
    return attrs.evolve(
        session,
        players=(*session.players[:seat], name, *session.players[seat:]),
        dealer=seat + 1,
        ledger=session.ledger if known else (*session.ledger, (name, 0)),
        push_up_totals=session.push_up_totals
        if known
        else (*session.push_up_totals, (name, 0)),
    )


def leave(session: Session, name: str) -> Session:
    """Unseat a player between hands; the ledger keeps their balance (V47).

    If the next dealer leaves, the deal passes to the player on their left.

    Raises:
        SessionError: If a hand or the betting is in progress, the session is
            over, the player is not seated, or fewer than two would remain.

    Examples:
        >>> import tonk
        >>> session = new_session(tonk.Rules(), players=["A", "B", "C"], dealer=1)
        >>> after = leave(session, "B")
        >>> after.players, after.players[after.dealer]
        (('A', 'C'), 'C')
    """
    _between_hands(session, "leave")
    if name not in session.players:
        raise SessionError(f"{brief(name)} is not seated")
    seat = session.players.index(name)
    players = tuple(player for player in session.players if player != name)
    _check_table(session.rules, len(players))
    dealer = session.dealer - 1 if seat < session.dealer else session.dealer
    return attrs.evolve(session, players=players, dealer=dealer % len(players))


def _between_hands(session: Session, what: str) -> None:
    _check_session(session)
    if session.phase is not SessionPhase.BEFORE_DEAL:
        raise SessionError(
            f"players may {what} only between hands, before the deal"
            f" (the session is {session.phase.value})"
        )
