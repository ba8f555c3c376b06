"""The data of a hand in progress: :class:`GameState` and the values it holds.

This module holds data only; :mod:`tonk.engine` is the one place that derives
new states.

Examples:
    >>> import tonk
    >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
    >>> state.to_move, state.phase, len(state.hands[1]), state.stock_size
    (1, <Phase.TURN_START: 'turn_start'>, 5, 41)
"""

from __future__ import annotations

import enum
from fractions import Fraction
from typing import TypeAlias, TypedDict

import attrs
from typing_extensions import Unpack

from tonk import _present
from tonk._tables import tables_of
from tonk._validate import brief, is_int
from tonk.cards import Card
from tonk.errors import RulesError
from tonk.rules import Rules

__all__ = [
    "Bookkeeping",
    "GameState",
    "Outcome",
    "OutcomeKind",
    "Phase",
    "SlapWindow",
    "Spread",
    "SpreadKind",
    "Stake",
    "Transfer",
    "TransferReason",
]

Stake: TypeAlias = int | Fraction
"""An exact amount of money, in base stakes."""


def check_seat(players: int, seat: object) -> None:
    """Refuse a ``seat`` that is not one of a table of ``players``.

    Raises:
        TypeError: If ``seat`` is not an int.
        RulesError: If it is not 0 to ``players - 1``.
    """
    if not is_int(seat):
        raise TypeError(f"seat must be an int, got {brief(seat)}")
    if not 0 <= seat < players:  # type: ignore[operator]
        raise RulesError(f"seat must be 0..{players - 1}, got {brief(seat)}")


def exact(amount: Stake) -> Stake:
    """Return ``amount`` as an ``int`` when it is a whole ``Fraction``."""
    if isinstance(amount, Fraction) and amount.denominator == 1:
        return int(amount)
    return amount


class Phase(enum.StrEnum):
    """Where the hand is within a turn.

    Examples:
        >>> Phase.TURN_START.value
        'turn_start'
    """

    TURN_START = "turn_start"
    """The player to move may drop or draw (B7)."""
    AFTER_DRAW = "after_draw"
    """The player to move has drawn and may spread, hit, then must discard (B7)."""
    SLAP_WINDOW = "slap_window"
    """A discard is open out of turn: the player to move may slap it onto a
    spread (V26) or eat it (X5), or pass."""
    EXTRA_DISCARD = "extra_discard"
    """The player to move slapped and must discard one extra card (V26)."""
    HAND_OVER = "hand_over"
    """The hand has ended; :attr:`GameState.outcome` says how."""


class SpreadKind(enum.StrEnum):
    """A spread is a book or a run (B9).

    Examples:
        >>> SpreadKind.RUN.value
        'run'
    """

    BOOK = "book"
    """Three or four cards of one rank."""
    RUN = "run"
    """Three or more cards of one suit in sequence."""


@attrs.frozen(kw_only=True)
class Spread:
    """A book or run on the table.

    Args:
        number: 1 for the first spread laid in this hand, 2 for the next, ...
        owner: The seat that laid it.
        kind: Book or run.
        cards: Its physical cards; a run from low to high, a book by suit.
        stands_for: What each card plays as: the card itself, or for a wild
            (V4, V5) the natural card it was named as. This fixes what may be
            hit onto the spread.
        turn: The hand's turn (:attr:`GameState.turns_taken`) it was laid in.
        hitters: The seat that made each hit onto it (slaps included), in order.

    Examples:
        >>> from tonk import parse_cards
        >>> spread = Spread(number=1, owner=0, kind=SpreadKind.RUN,
        ...                 cards=parse_cards("7H JK 9H"),
        ...                 stands_for=parse_cards("7H 8H 9H"))
        >>> str(spread)
        '1: 7H JK=8H 9H (seat 0)'
    """

    number: int
    owner: int
    kind: SpreadKind
    cards: tuple[Card, ...]
    stands_for: tuple[Card, ...]
    turn: int = 0
    hitters: tuple[int, ...] = ()

    def __str__(self) -> str:
        """Return the spread as ``number: cards (seat owner)``."""
        cards = " ".join(
            str(card) if card == natural else f"{card}={natural}"
            for card, natural in zip(self.cards, self.stands_for, strict=True)
        )
        return f"{self.number}: {cards} (seat {self.owner})"


class OutcomeKind(enum.StrEnum):
    """How a hand ended.

    Examples:
        >>> OutcomeKind.CAUGHT.value
        'caught'
    """

    DEAL_TONK = "deal_tonk"
    """A dealt hand won at once (B5)."""
    VOID_DEAL = "void_deal"
    """Several dealt hands won, so the hand is void: no payments (B5)."""
    TONK_OUT = "tonk_out"
    """A player emptied the hand by spreads and hits (B11a)."""
    OUT_BY_DISCARD = "out_by_discard"
    """A player emptied the hand by discarding the last card (B11b)."""
    DROP_WON = "drop_won"
    """The dropper had the strictly lowest count (B13)."""
    CAUGHT = "caught"
    """The dropper did not have the strictly lowest count (B13)."""
    STOCK_EXHAUSTED = "stock_exhausted"
    """A player would have drawn from the empty stock (B14)."""
    TURN_LIMIT = "turn_limit"
    """The termination guard ended the hand, settled as B14 (B15)."""
    DEAD_STOCK = "dead_stock"
    """The stock ran out and the hand is dead: no payments (V28)."""
    FORCED_KNOCK = "forced_knock"
    """The stock ran out and the player to move had to drop; the lowest count
    won (V29)."""
    TUNK = "tunk"
    """A player tunked and every last turn was played; each seat scores its
    count as penalty points, the tunker's doubled when beaten (H5-H7)."""


class TransferReason(enum.StrEnum):
    """Why one payment of a settlement was made.

    Examples:
        >>> TransferReason.CATCHER.value
        'catcher'
    """

    DEAL_TONK = "deal_tonk"
    """Paid to the holder of a winning dealt hand (B5)."""
    TONK_OUT = "tonk_out"
    """Paid to a player who tonked out (B11a)."""
    OUT_BY_DISCARD = "out_by_discard"
    """Paid to a player who went out by discarding (B11b)."""
    DROP_WON = "drop_won"
    """Paid to a dropper with the strictly lowest count (B13)."""
    CATCHER = "catcher"
    """Paid by a caught dropper to a player whose count was equal or lower (B13)."""
    LOWEST = "lowest"
    """Paid to the lowest count by the others when a dropper is caught (B13)."""
    SHOWDOWN = "showdown"
    """Paid to the lowest count when the stock or the turn limit ends the hand
    (B14, B15)."""
    HIT_AND_SPLIT = "hit_and_split"
    """Paid by a winner to a loser with a spread of four or more cards (V39)."""
    WIDOW = "widow"
    """A widow exchange's 1x, paid into the pot that goes to the winners (V46)."""
    PENALTY = "penalty"
    """After a tunk, the difference of two seats' penalty points, paid by the
    higher to the lower (H7)."""


@attrs.frozen
class Transfer:
    """One payment of a settlement: ``payer`` pays ``payee`` ``amount``.

    Examples:
        >>> Transfer(2, 0, 1, TransferReason.DROP_WON).amount
        1
    """

    payer: int
    payee: int
    amount: Stake
    reason: TransferReason


@attrs.frozen(kw_only=True)
class Outcome:
    """How a hand ended and who paid whom.

    Args:
        kind: How the hand ended.
        payoffs: Each seat's net result in base stakes; they sum to zero.
        winners: The seats that won (empty for a void or dead hand; at a
            showdown where every seat ties for lowest, every seat, each paid 0).
        transfers: Every payment, from which ``payoffs`` is the net.
        counts: Every seat's count when hands were shown (a drop, a showdown,
            the deal); ``None`` when a player went out.
        dropper: The seat that dropped, if the hand ended by a drop.

    Examples:
        >>> outcome = Outcome.from_transfers(
        ...     OutcomeKind.DROP_WON, 3, winners=(0,),
        ...     transfers=(Transfer(1, 0, 1, TransferReason.DROP_WON),
        ...                Transfer(2, 0, 1, TransferReason.DROP_WON)),
        ...     counts=(4, 9, 30), dropper=0)
        >>> outcome.payoffs
        (2, -1, -1)
    """

    kind: OutcomeKind
    payoffs: tuple[Stake, ...]
    winners: tuple[int, ...]
    transfers: tuple[Transfer, ...]
    counts: tuple[int, ...] | None = None
    dropper: int | None = None

    def with_transfers(self, transfers: tuple[Transfer, ...]) -> Outcome:
        """Return this outcome with ``transfers`` added to its payments.

        Examples:
            >>> outcome = Outcome.from_transfers(OutcomeKind.VOID_DEAL, 2,
            ...                                  winners=(), transfers=())
            >>> outcome.with_transfers((Transfer(0, 1, 1, TransferReason.WIDOW),)).payoffs
            (-1, 1)
        """  # noqa: E501
        return Outcome.from_transfers(
            self.kind,
            len(self.payoffs),
            winners=self.winners,
            transfers=self.transfers + transfers,
            counts=self.counts,
            dropper=self.dropper,
        )

    @classmethod
    def from_transfers(
        cls,
        kind: OutcomeKind,
        player_count: int,
        *,
        winners: tuple[int, ...],
        transfers: tuple[Transfer, ...],
        counts: tuple[int, ...] | None = None,
        dropper: int | None = None,
    ) -> Outcome:
        """Build an outcome whose payoffs are the net of ``transfers``.

        Examples:
            >>> Outcome.from_transfers(OutcomeKind.VOID_DEAL, 2, winners=(),
            ...                        transfers=()).payoffs
            (0, 0)
        """
        payoffs: list[Stake] = [0] * player_count
        for transfer in transfers:
            payoffs[transfer.payer] -= transfer.amount
            payoffs[transfer.payee] += transfer.amount
        return cls(
            kind=kind,
            payoffs=tuple(map(exact, payoffs)),
            winners=winners,
            transfers=transfers,
            counts=counts,
            dropper=dropper,
        )


@attrs.frozen(kw_only=True)
class SlapWindow:
    """An open chance to slap a discard onto a spread (V26) or to eat it (X5).

    Args:
        card: The discard that fits a spread.
        discarder: The seat that discarded it.
        due: The seat whose normal turn comes next.
        waiting: The seats still to be asked, in order; the first is to move.
        slapper: In the extra-discard phase, the seat that slapped.

    Examples:
        >>> from tonk import Card
        >>> SlapWindow(card=Card.parse("8H"), discarder=0, due=1, waiting=(0, 1, 2))
        SlapWindow(card=Card.parse('8H'), discarder=0, due=1, waiting=(0, 1, 2), slapper=None)
    """  # noqa: E501

    card: Card
    discarder: int
    due: int
    waiting: tuple[int, ...]
    slapper: int | None = None


@attrs.frozen(kw_only=True, weakref_slot=False)
class Bookkeeping:
    """What the variants keep track of during a hand, apart from the cards.

    One record, shared by the states of a hand while none of it changes: under
    rules without these variants it never does. :class:`GameState` shows each
    field under its own name (``state.waits`` is ``state.bookkeeping.waits``).

    Attributes:
        waits: For each seat, how many of its coming turns it may not drop in
            (V22, V23); public at a real table.
        going_out_barred: For each seat, whether it may not empty its hand on
            its current or next turn (V22's option).
        hit_this_round: For each seat, whether it has been charged a hit wait
            since its last turn (V22's once-per-round option), or since the
            turn's draw (X7's once-per-turn option).
        hits_this_turn: Hits made by the player to move in this turn (V24b).
        must_use: The card taken from the discard pile in this turn, while
            the rules restrict it: it must be used at once in a spread (V24d),
            or may not be discarded (X8); ``None`` otherwise.
        widows: Each seat's face-down widow card (V46), or ``()`` without the
            widow; after an exchange, the card given up for it.
        exchanged: For each seat, whether it has exchanged with its widow (V46),
            or ``()`` without the widow.
        slap: The open slap-in window (V26) or eating window (X5), or
            ``None``.
        tunker: The seat that tunked (H5), whose hand is then public, while
            the others play their last turns (H6); ``None`` before a tunk.
        buried: Whether the turned-up card lies buried at the bottom of the
            discard pile, never to be taken (H3).

    Examples:
        >>> import tonk
        >>> tonk.new_game(tonk.Rules(), players=2, seed=7).bookkeeping
        Bookkeeping(waits=(0, 0), going_out_barred=(False, False), hit_this_round=(False, False), hits_this_turn=0, must_use=None, widows=(), exchanged=(), slap=None, tunker=None, buried=False)
    """  # noqa: E501

    waits: tuple[int, ...]
    going_out_barred: tuple[bool, ...]
    hit_this_round: tuple[bool, ...]
    hits_this_turn: int
    must_use: Card | None
    widows: tuple[Card, ...]
    exchanged: tuple[bool, ...]
    slap: SlapWindow | None
    tunker: int | None = None
    buried: bool = False


BOOKKEEPING_FIELDS = tuple(field.name for field in attrs.fields(Bookkeeping))
"""The names of :class:`Bookkeeping`'s fields, which :class:`GameState` also
takes and shows under the same names."""
_REQUIRED_FIELDS = tuple(
    field.name for field in attrs.fields(Bookkeeping) if field.default is attrs.NOTHING
)
"""The fields a :class:`GameState` built from fields must name (the H fields
default to no tunk and no buried upcard)."""


class BookkeepingFields(TypedDict, total=False):
    """:class:`Bookkeeping`'s fields, as keywords of :class:`GameState`."""

    waits: tuple[int, ...]
    going_out_barred: tuple[bool, ...]
    hit_this_round: tuple[bool, ...]
    hits_this_turn: int
    must_use: Card | None
    widows: tuple[Card, ...]
    exchanged: tuple[bool, ...]
    slap: SlapWindow | None
    tunker: int | None
    buried: bool


@attrs.frozen(init=False, weakref_slot=False)
class GameState:
    """One moment of a hand of Tonk: everything needed to go on playing it.

    States are immutable and hashable; :func:`tonk.apply` returns a new one.
    They hold every hidden card (hands, stock order), so never show a state to a
    player.

    Build one with the fields below, giving either ``bookkeeping`` or each of
    its fields by name (``waits=...``, ...). Given both, the named fields
    replace those of ``bookkeeping``, so ``attrs.evolve(state, waits=...)``
    works as it did when they were fields of the state.

    Attributes:
        rules: The rules of the hand.
        dealer: The dealer's seat.
        hands: Each seat's hand, sorted by suit then rank.
        stock: The face-down stock; ``stock[0]`` is the next card drawn.
        discard_pile: The discard pile, bottom first; the last card is on top.
        spreads: The spreads on the table, in the order they were laid.
        to_move: The seat whose action is next (after the end: who ended it).
        phase: Where the hand is within the turn.
        turns_taken: Turns completed so far (B15); under eating (X5), a turn
            lost to an eat counts as taken.
        taken: For each seat, the cards it took from the discard pile and still
            holds: public, since everyone saw them taken; after a tunk, the
            tunker's whole hand, its unmatched cards laid face up (H5).
        bookkeeping: What the variants keep track of (:class:`Bookkeeping`):
            waits and bars (V22-V24), the card that must be used (V24d, X8),
            widows (V46) and the slap-in window (V26, X5). Each of its fields
            is also a property of the state: :attr:`waits`,
            :attr:`going_out_barred`, :attr:`hit_this_round`,
            :attr:`hits_this_turn`, :attr:`must_use`, :attr:`widows`,
            :attr:`exchanged` and :attr:`slap`.
        outcome: How the hand ended, or ``None`` while it goes on.

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.Rules(), players=3, seed=2, dealer=2)
        >>> state.to_move, state.player_count, state.is_terminal
        (0, 3, False)
        >>> attrs.evolve(state, waits=(1, 0, 0)).waits
        (1, 0, 0)
    """

    rules: Rules
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    spreads: tuple[Spread, ...]
    to_move: int
    phase: Phase
    turns_taken: int
    taken: tuple[tuple[Card, ...], ...]
    bookkeeping: Bookkeeping = attrs.field(metadata={"flatten": True})
    outcome: Outcome | None

    def __init__(
        self,
        *,
        rules: Rules,
        dealer: int,
        hands: tuple[tuple[Card, ...], ...],
        stock: tuple[Card, ...],
        discard_pile: tuple[Card, ...],
        spreads: tuple[Spread, ...],
        to_move: int,
        phase: Phase,
        turns_taken: int,
        taken: tuple[tuple[Card, ...], ...],
        outcome: Outcome | None,
        bookkeeping: Bookkeeping | None = None,
        **fields: Unpack[BookkeepingFields],
    ) -> None:
        """Build a state from its fields; see the class's docstring."""
        unknown = fields.keys() - BOOKKEEPING_FIELDS
        if unknown:
            raise TypeError(
                "GameState() got unexpected keyword arguments: "
                + ", ".join(sorted(unknown))
            )
        if bookkeeping is None:
            missing = [name for name in _REQUIRED_FIELDS if name not in fields]
            if missing:
                raise TypeError(
                    "GameState() needs bookkeeping or each of its fields;"
                    f" missing: {', '.join(missing)}"
                )
            bookkeeping = Bookkeeping(**fields)
        elif fields:
            bookkeeping = attrs.evolve(bookkeeping, **fields)
        self.__attrs_init__(
            rules=rules,
            dealer=dealer,
            hands=hands,
            stock=stock,
            discard_pile=discard_pile,
            spreads=spreads,
            to_move=to_move,
            phase=phase,
            turns_taken=turns_taken,
            taken=taken,
            bookkeeping=bookkeeping,
            outcome=outcome,
        )

    @property
    def waits(self) -> tuple[int, ...]:
        """:attr:`Bookkeeping.waits`, this state's."""
        return self.bookkeeping.waits

    @property
    def going_out_barred(self) -> tuple[bool, ...]:
        """:attr:`Bookkeeping.going_out_barred`, this state's."""
        return self.bookkeeping.going_out_barred

    @property
    def hit_this_round(self) -> tuple[bool, ...]:
        """:attr:`Bookkeeping.hit_this_round`, this state's."""
        return self.bookkeeping.hit_this_round

    @property
    def hits_this_turn(self) -> int:
        """:attr:`Bookkeeping.hits_this_turn`, this state's."""
        return self.bookkeeping.hits_this_turn

    @property
    def must_use(self) -> Card | None:
        """:attr:`Bookkeeping.must_use`, this state's."""
        return self.bookkeeping.must_use

    @property
    def widows(self) -> tuple[Card, ...]:
        """:attr:`Bookkeeping.widows`, this state's."""
        return self.bookkeeping.widows

    @property
    def exchanged(self) -> tuple[bool, ...]:
        """:attr:`Bookkeeping.exchanged`, this state's."""
        return self.bookkeeping.exchanged

    @property
    def slap(self) -> SlapWindow | None:
        """:attr:`Bookkeeping.slap`, this state's."""
        return self.bookkeeping.slap

    @property
    def tunker(self) -> int | None:
        """:attr:`Bookkeeping.tunker`, this state's."""
        return self.bookkeeping.tunker

    @property
    def buried(self) -> bool:
        """:attr:`Bookkeeping.buried`, this state's."""
        return self.bookkeeping.buried

    @property
    def player_count(self) -> int:
        """The number of players in the hand."""
        return len(self.hands)

    @property
    def is_terminal(self) -> bool:
        """Whether the hand has ended."""
        return self.outcome is not None

    @property
    def stock_size(self) -> int:
        """How many cards are left in the stock."""
        return len(self.stock)

    @property
    def top_discard(self) -> Card | None:
        """The card on top of the discard pile, or ``None`` if it is empty."""
        return self.discard_pile[-1] if self.discard_pile else None

    def hand(self, seat: int) -> tuple[Card, ...]:
        """Return the hand of ``seat``.

        Examples:
            >>> import tonk
            >>> tonk.new_game(tonk.Rules(), players=2, seed=3).hand(0)
            (Card.parse('JC'), Card.parse('7D'), Card.parse('10D'), Card.parse('AH'), Card.parse('3H'))

        Raises:
            RulesError: If ``seat`` is not at the table.
        """  # noqa: E501
        hands = self.hands
        if seat.__class__ is not int or not 0 <= seat < len(hands):
            check_seat(len(hands), seat)
        return hands[seat]

    def count(self, seat: int) -> int:
        """Return the count of the cards in ``seat``'s hand (B12).

        Examples:
            >>> import tonk
            >>> tonk.new_game(tonk.Rules(), players=2, seed=3).count(0)
            31

        Raises:
            RulesError: If ``seat`` is not at the table.
        """
        values = tables_of(self.rules).values
        return sum(values[card.code] for card in self.hand(seat))

    def __str__(self) -> str:
        """Return the referee's table, every hand shown (:mod:`tonk.text`)."""
        return _present.text(self)

    def __format__(self, spec: str) -> str:
        """Format as :func:`str`; the spec ``"ascii"`` writes plain ASCII."""
        return _present.text(self, spec)

    def _repr_svg_(self) -> str:
        """Draw the table in Jupyter (:func:`tonk.svg.draw`)."""
        return _present.svg(self)
