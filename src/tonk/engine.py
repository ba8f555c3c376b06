"""The engine: the only way to start and change a hand of Tonk.

:func:`new_game` deals; :func:`legal_actions` lists what the player to move may
do; :func:`apply` returns the state after an action and never changes its
input; :func:`check` and :func:`is_legal` ask without applying.

Examples:
    >>> import tonk
    >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
    >>> tonk.legal_actions(state)
    (Drop(), DrawStock(), DrawDiscard())
    >>> state = tonk.apply(state, tonk.DrawStock())
    >>> state.phase
    <Phase.AFTER_DRAW: 'after_draw'>
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from tonk._compiled import compiled
from tonk._spreads import (
    designation,
    extended,
    find_spreads,
    fits,
    hit_candidates,
    lay_out,
    split,
)
from tonk._validate import brief, check_seed, is_int
from tonk.actions import (
    Action,
    ClaimDealTonk,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Exchange,
    Hit,
    LaySpread,
    Pass,
    Slap,
    format_action,
)
from tonk.cards import CODE_COUNT, Card, Rank, WildCard, card_from_code
from tonk.errors import IllegalActionError, IllegalReason, RulesError
from tonk.rules import CutWinner, DealTonkClaim, OutWay, Rules, StockEnd
from tonk.scoring import (
    deal_tonk_row,
    hand_count,
    hit_and_split_transfers,
    settle_claim,
    settle_deal,
    settle_drop,
    settle_out,
    settle_showdown,
    widow_transfers,
)
from tonk.state import GameState, Outcome, OutcomeKind, Phase, SlapWindow, Spread

__all__ = ["apply", "check", "cut_for_deal", "is_legal", "legal_actions", "new_game"]

_CLAIM = ClaimDealTonk()
_DROP = Drop()
_DRAW_STOCK = DrawStock()
_DRAW_DISCARD = DrawDiscard()
_PASS = Pass()
_STARTS = {
    (claim, drop, take): tuple(
        action
        for action, open_ in (
            (_CLAIM, claim),
            (_DROP, drop),
            (_DRAW_STOCK, True),
            (_DRAW_DISCARD, take),
        )
        if open_
    )
    for claim in (False, True)
    for drop in (False, True)
    for take in (False, True)
}
"""The actions at the start of a turn, by whether a claim, a drop and taking
the discard are open (the widow's exchanges come after them)."""
_DISCARDS = tuple(Discard(card_from_code(code)) for code in range(CODE_COUNT))


def _random(seed: int | None) -> random.Random:
    return random.SystemRandom() if seed is None else random.Random(seed)


def _checked_deck(rules: Rules, deck: Sequence[Card], players: int) -> list[Card]:
    cards = list(deck)
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"deck must hold Card values, got {brief(card)}")
    pack = rules.pack(players=players)
    if len(cards) != len(pack):
        raise RulesError(
            f"deck has {len(cards)} cards, but these rules use a {len(pack)}-card pack"
        )
    have, want = Counter(cards), Counter(pack)
    for card in sorted(have.keys() | want.keys()):
        if have[card] != want[card]:
            raise RulesError(
                f"deck holds {have[card]} of {card!r}, but the pack these rules use"
                f" holds {want[card]}"
            )
    return [card_from_code(card.code) for card in cards]  # the interned copies


def new_game(
    rules: Rules,
    *,
    players: int,
    seed: int | None = None,
    deck: Sequence[Card] | None = None,
    dealer: int = 0,
) -> GameState:
    """Shuffle, deal and settle any deal tonk: the start of a hand (B4, B5).

    Cards are dealt one at a time clockwise from the dealer's left until every
    hand is full; the next card is turned up to start the discard pile, and the
    rest is the stock, in order (the next card drawn is the next card of the
    deck). A deal tonk (B5) is settled at once, so the state returned may
    already be terminal.

    Args:
        rules: The rules of the hand.
        players: How many players sit at the table (B2).
        seed: Shuffle with ``random.Random(seed)``: the same seed gives the same
            deal everywhere. With neither ``seed`` nor ``deck`` the shuffle uses
            the operating system's secure random source.
        deck: A stacked deck: exactly the pack the rules use, in the order the
            cards are to come off the top.
        dealer: The dealer's seat; the player to the dealer's left starts (B6).

    Returns:
        The state at the start of play.

    Raises:
        RulesError: If the player count does not fit the deal, the dealer seat
            is not at the table, the deck is not the rules' pack, both
            ``seed`` and ``deck`` are given, or the seed has more than 1,000
            digits.
        TypeError: If ``players`` or ``seed`` is not an int.

    Examples:
        >>> import tonk
        >>> deck = tonk.Rules().pack()  # unshuffled: AC 2C 3C ...
        >>> state = tonk.new_game(tonk.Rules(), players=2, deck=deck)
        >>> state.hands[1], state.top_discard, state.stock[0]
        ((Card.parse('AC'), Card.parse('3C'), Card.parse('5C'), Card.parse('7C'), Card.parse('9C')), Card.parse('JC'), Card.parse('QC'))
        >>> tonk.new_game(tonk.Rules(), players=11)
        Traceback (most recent call last):
        ...
        tonk.errors.RulesError: players must be 2..10 under these rules (5 cards to each hand and 1 upcard from a 52-card deck), got 11
    """  # noqa: E501
    if not is_int(players):
        raise TypeError(f"players must be an int, got {brief(players)}")
    if not 2 <= players <= rules.max_players:
        limit = rules.player_limit
        why = (
            f"player_limit={limit}"
            if limit is not None and players > limit
            else f"{rules.hand_size} cards to each hand and {int(rules.upcard)} upcard"
            f" from a {len(rules.pack(players=players))}-card deck"
        )
        raise RulesError(
            f"players must be 2..{rules.max_players} under these rules ({why}),"
            f" got {brief(players)}"
        )
    if not is_int(dealer) or not 0 <= dealer < players:
        raise RulesError(f"dealer must be a seat 0..{players - 1}, got {brief(dealer)}")
    check_seed(seed, RulesError)
    if deck is not None and seed is not None:
        raise RulesError("give a seed or a stacked deck, not both")
    if deck is None:
        cards = list(rules.pack(players=players))
        _random(seed).shuffle(cards)
    else:
        cards = _checked_deck(rules, deck, players)

    hands: list[list[Card]] = [[] for _ in range(players)]
    dealt = players * rules.hand_size
    for index in range(dealt):
        hands[(dealer + 1 + index) % players].append(cards[index])
    widows: tuple[Card, ...] = ()
    if rules.widow:  # V46: one more card each, face down, after the hands
        widows = tuple(
            cards[dealt + (seat - dealer - 1) % players] for seat in range(players)
        )
        dealt += players
    upcards = int(rules.upcard)
    sorted_hands = tuple(tuple(sorted(hand)) for hand in hands)
    state = GameState(
        rules=rules,
        dealer=dealer,
        hands=sorted_hands,
        stock=tuple(cards[dealt + upcards :]),
        discard_pile=tuple(cards[dealt : dealt + upcards]),
        spreads=(),
        to_move=(dealer + 1) % players,
        phase=Phase.TURN_START,
        turns_taken=0,
        waits=(0,) * players,
        going_out_barred=(False,) * players,
        hit_this_round=(False,) * players,
        hits_this_turn=0,
        must_use=None,
        taken=((),) * players,
        widows=widows,
        exchanged=(False,) * len(widows),
        slap=None,
        outcome=None,
    )
    outcome = settle_deal(sorted_hands, rules, dealer=dealer)
    if outcome is not None:
        state = _successor(state, phase=_HAND_OVER, outcome=outcome)
    return state


def cut_for_deal(rules: Rules, *, players: int, seed: int | None = None) -> int:
    """Cut for the first dealer: each player cuts a card; highest deals (B3, V9).

    Ranks count ace low, king high; under ``Rules(cut=CutWinner.LOWEST)`` the
    lowest card deals (V9). Players tied cut again, in seat order, from the rest
    of the pack (a fresh shuffle if it runs out).

    Args:
        rules: The rules, for the pack and :attr:`~tonk.rules.Rules.cut`.
        players: How many players cut.
        seed: Shuffle with ``random.Random(seed)``; ``None`` uses the operating
            system's secure random source.

    Returns:
        The seat of the first dealer.

    Raises:
        RulesError: If the rules do not seat ``players``, or the seed has more
            than 1,000 digits.

    Examples:
        >>> import tonk
        >>> cut_for_deal(tonk.Rules(), players=4, seed=1)
        1
    """
    if not is_int(players) or not 2 <= players <= rules.max_players:
        raise RulesError(
            f"players must be 2..{rules.max_players} under these rules,"
            f" got {brief(players)}"
        )
    check_seed(seed, RulesError)
    rng = _random(seed)
    natural = [card for card in rules.pack(players=players) if card.suit is not None]
    pick = max if rules.cut is CutWinner.HIGHEST else min
    cards: list[Card] = []
    cutting = list(range(players))
    while len(cutting) > 1:
        if len(cards) < len(cutting):
            cards = natural[:]
            rng.shuffle(cards)
        cuts = {seat: cards.pop() for seat in cutting}
        best = pick(card.rank for card in cuts.values())
        cutting = [seat for seat, card in cuts.items() if card.rank == best]
    return cutting[0]


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Return every action the player to move may take, in a fixed order.

    At the start of a turn: a deal-tonk claim (V19), drop, draw from the stock,
    take the discard (if any), then the widow exchanges (V46, by card). After drawing: every spread that can be laid
    (sorted by card), every hit (by spread number, then card), every discard (by
    card). In a slap-in window (V26): every slap (by spread number), then pass.
    The rule options remove what they forbid (a barred drop, a discard that
    keeps a spread under must-spread, ...). A finished hand has none.

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
        >>> state = tonk.apply(state, tonk.DrawDiscard())
        >>> [tonk.format_action(action) for action in tonk.legal_actions(state)]
        ['discard AC', 'discard 2D', 'discard 4D', 'discard 5D', 'discard 6H', 'discard 2S']
    """  # noqa: E501
    phase = state.phase
    if phase is _TURN_START:
        return _start_actions(state)
    if phase is _AFTER_DRAW:
        return _play_actions(state)
    if phase is _SLAP_WINDOW:
        return _slap_actions(state)
    if phase is _EXTRA_DISCARD:
        seat = state.to_move
        return tuple(
            _DISCARDS[card.code] for card in _discardable(state, state.hands[seat])
        )
    return ()


def _copies(state: GameState) -> int:
    two_packs_from = state.rules.two_packs_from
    if two_packs_from is None or len(state.hands) < two_packs_from:
        return 1
    return 2


def _spread_count(state: GameState, seat: int) -> int:
    return sum(1 for spread in state.spreads if spread.owner == seat)


def _locked(state: GameState, spread: Spread, seat: int) -> bool:
    """Return whether ``seat`` may not hit ``spread`` (V30)."""
    return (
        state.rules.three_spread_lock
        and spread.owner != seat
        and _spread_count(state, spread.owner) >= 3
    )


def _drop_forced(state: GameState) -> bool:
    """Return whether the player to move must drop (V27, V29)."""
    rules = state.rules
    return (rules.boobed_deck and not state.hands[state.to_move]) or (
        rules.stock_end is StockEnd.FORCED_KNOCK and not state.stock
    )


def _drop_barred(state: GameState) -> bool:
    """Return whether waiting (V22, V23) or the lock (V30) bars a drop now."""
    seat = state.to_move
    return state.waits[seat] > 0 or (
        state.rules.three_spread_lock and _spread_count(state, seat) >= 3
    )


def _start_actions(state: GameState) -> tuple[Action, ...]:
    """Return what the player to move may do before drawing (B7, V19, V46)."""
    if _drop_forced(state):
        return (_DROP,)
    rules = state.rules
    claim = compiled(rules).late_claims and _can_claim(state)
    take = bool(state.discard_pile) and (
        not rules.discard_draw_must_meld or _usable_discard(state)
    )
    actions = _STARTS[claim, not _drop_barred(state), take]
    if rules.widow and not state.exchanged[state.to_move]:  # V46
        hand = state.hands[state.to_move]
        return (*actions, *(Exchange(card) for card in _distinct(hand)))
    return actions


def _usable_discard(state: GameState) -> bool:
    """Return whether the top discard could be used at once in a spread (V24d)."""
    return bool(_play_actions(_take_discard(state)))


def _play_actions(state: GameState) -> tuple[Action, ...]:
    """Return the spreads, hits and discards open to the player who drew (B8-B10).

    The candidates (every spread in hand, every hit that fits, every discard)
    are filtered by the options that forbid some of them (V21, V22, V24b-d).
    """
    rules = state.rules
    table = compiled(rules)
    seat = state.to_move
    hand = state.hands[seat]
    distinct = _distinct(hand) if table.has_duplicates else hand
    laid = find_spreads(hand, table.tables, _copies(state))
    if (
        not laid
        and not state.spreads
        and state.must_use is None
        and not state.going_out_barred[seat]
    ):  # nothing to lay or hit, so nothing to forbid: every discard
        return tuple([_DISCARDS[card.code] for card in distinct])
    actions: list[Action] = list(laid)
    if _may_hit(state):
        actions.extend(_hits(state, distinct))
    must_use = state.must_use
    if must_use is not None:  # V24d: only actions that use the card taken
        actions = [action for action in actions if must_use in _physical(action)]
    else:
        actions.extend(_DISCARDS[card.code] for card in _discardable(state, hand))
    if rules.must_spread and rules.hit_ends_turn:  # V21 with V24c
        copies = _copies(state)
        actions = [
            action
            for action in actions
            if not isinstance(action, Hit)
            or not _holds_spread(
                _without_cards(hand, _physical(action)) or (), rules, copies
            )
        ]
    if state.going_out_barred[seat]:  # V22's option: no going out this turn
        actions = [
            action
            for action in actions
            if len(hand) - len(_physical(action)) >= _cards_to_keep(state, action)
        ]
    return tuple(actions)


def _hits(state: GameState, distinct: tuple[Card, ...]) -> list[Action]:
    """Return every hit of a card of ``distinct`` that fits a spread (B9, V5, V30)."""
    rules = state.rules
    seat = state.to_move
    tables = compiled(rules).tables
    copies = _copies(state)
    book_limit = 4 if rules.four_card_books else 3  # V24a
    wild = tables.wild
    hits: list[Action] = []
    for spread in state.spreads:
        if _locked(state, spread, seat):
            continue
        open_to_wilds: list[Card] | None = None  # what a wild may stand for
        for card in distinct:
            code = card.code
            if not wild[code]:
                if fits(spread, card, tables, copies, book_limit):
                    hits.append(Hit(spread.number, card))
                continue
            if open_to_wilds is None:
                open_to_wilds = [
                    natural
                    for natural in hit_candidates(spread, tables)
                    if fits(spread, natural, tables, copies, book_limit)
                ]
            hits.extend(
                Hit(spread.number, designation(code, natural.code))
                for natural in open_to_wilds
            )
    return hits


def _cards_to_keep(state: GameState, action: Action) -> int:
    """Return how many cards a player barred from going out must keep (V22).

    A discard must leave one card. A spread or hit must leave two, so that a
    discard can still end the turn, unless the hit itself ends it (V24c).
    """
    if isinstance(action, Discard) or (
        isinstance(action, Hit) and state.rules.hit_ends_turn
    ):
        return 1
    return 2


def _physical(action: Action) -> tuple[Card, ...]:
    """Return the cards an action takes from the hand."""
    if isinstance(action, LaySpread):
        return action.physical
    if isinstance(action, Hit):
        return (split(action.card)[0],)
    if isinstance(action, Discard):
        return (action.card,)
    return ()


def _may_hit(state: GameState) -> bool:
    limit = state.rules.max_hits_per_turn
    return limit is None or state.hits_this_turn < limit


def _discardable(state: GameState, hand: tuple[Card, ...]) -> list[Card]:
    """Return the distinct cards the player may discard (V21).

    Under must-spread a hand holding a complete spread may not discard at all:
    the spread must be laid first.
    """
    rules = state.rules
    if rules.must_spread and _holds_spread(hand, rules, _copies(state)):
        return []
    return list(_distinct(hand))


def _holds_spread(hand: tuple[Card, ...], rules: Rules, copies: int) -> bool:
    """Return whether ``hand`` holds a spread it may not keep (V21)."""
    spreads = find_spreads(hand, compiled(rules).tables, copies)
    if not rules.three_aces_may_be_held:
        return bool(spreads)
    aces = [card for card in hand if card.rank is Rank.ACE]
    for spread in spreads:
        exempt = len(aces) == 3 and all(
            isinstance(element, Card) and element.rank is Rank.ACE
            for element in spread.cards
        )
        if not exempt:
            return True
    return False


def _slap_actions(state: GameState) -> tuple[Action, ...]:
    window = state.slap
    assert window is not None
    return (
        *_slaps_for(
            state,
            window.card,
            state.to_move,
            discarder=window.discarder,
            due=window.due,
        ),
        _PASS,
    )


def _slaps_for(
    state: GameState,
    card: Card,
    seat: int,
    *,
    discarder: int,
    due: int,
    public: bool = False,
) -> list[Action]:
    """Return the slaps ``seat`` could make with ``card`` (V26).

    A player who would owe an extra discard may slap only with a card to
    discard afterwards (not with an empty hand, nor a hand that must-spread
    forbids to discard from). With ``public``, only what every player can see
    counts (an empty hand, not a hidden spread): who is asked must not reveal a
    hand, so a seat whose hidden hand bars the slap is asked and may only pass.
    """
    rules = state.rules
    tables = compiled(rules).tables
    copies = _copies(state)
    book_limit = 4 if rules.four_card_books else 3
    slaps: list[Action] = [
        Slap(spread.number)
        for spread in state.spreads
        if fits(spread, card, tables, copies, book_limit)
        and not _locked(state, spread, seat)
    ]
    if not slaps:
        return slaps
    owes_discard = seat != discarder and not (rules.slap_priority_next and seat == due)
    hand = state.hands[seat]
    if owes_discard and not (hand if public else _discardable(state, hand)):
        return []
    return slaps


def apply(state: GameState, action: Action) -> GameState:
    """Return the state after the player to move takes ``action``.

    The input state is never changed.

    Raises:
        IllegalActionError: If the rules do not allow ``action`` now; its
            ``reason`` says why.
        TypeError: If ``action`` is not an action.

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
        >>> tonk.apply(state, tonk.Discard(tonk.Card.parse("4C")))
        Traceback (most recent call last):
        ...
        tonk.errors.IllegalActionError: cannot discard before drawing: seat 1 must drop or draw first
    """  # noqa: E501
    handler = _HANDLERS.get(action.__class__)
    if handler is None:
        raise TypeError(f"not a tonk action: {brief(action)}")
    if state.outcome is not None:
        raise IllegalActionError(
            f"cannot {format_action(action)}: the hand is over",
            action=action,
            reason=IllegalReason.HAND_OVER,
        )
    return handler(state, action)


def check(state: GameState, action: Action) -> None:
    """Raise :class:`~tonk.errors.IllegalActionError` unless ``action`` is legal now.

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
        >>> tonk.check(state, tonk.DrawStock()) is None
        True
    """
    apply(state, action)


def is_legal(state: GameState, action: Action) -> bool:
    """Return whether ``action`` is legal now; equal to ``action in legal_actions``.

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
        >>> tonk.is_legal(state, tonk.Drop()), tonk.is_legal(state, tonk.Hit(1, tonk.Card.parse("4C")))
        (True, False)
    """  # noqa: E501
    try:
        apply(state, action)
    except IllegalActionError:
        return False
    return True


# --- transitions -----------------------------------------------------------------
#
# One transition per action: each checks what the rules forbid (every check is
# gated by its option) and builds the successor through _successor.

_TURN_START = Phase.TURN_START
_AFTER_DRAW = Phase.AFTER_DRAW
_SLAP_WINDOW = Phase.SLAP_WINDOW
_EXTRA_DISCARD = Phase.EXTRA_DISCARD
_HAND_OVER = Phase.HAND_OVER


def _refuse(action: Action, reason: IllegalReason, why: str) -> IllegalActionError:
    return IllegalActionError(
        f"cannot {format_action(action)}: {why}", action=action, reason=reason
    )


def _not_in_window(state: GameState, action: Action) -> None:
    if state.phase is _SLAP_WINDOW or state.phase is _EXTRA_DISCARD:
        raise _refuse(
            action,
            IllegalReason.NOT_SLAP_TIME,
            f"seat {state.to_move} must "
            + ("slap or pass" if state.phase is _SLAP_WINDOW else "discard"),
        )


def _at_turn_start(state: GameState, action: Action) -> None:
    if state.phase is _TURN_START:
        return
    _not_in_window(state, action)
    if state.phase is not _TURN_START:
        raise _refuse(
            action,
            IllegalReason.ALREADY_DREW,
            f"seat {state.to_move} has drawn; spread, hit or discard",
        )


def _after_draw(state: GameState, action: Action) -> None:
    if state.phase is _AFTER_DRAW:
        return
    _not_in_window(state, action)
    if state.phase is not _AFTER_DRAW:
        raise IllegalActionError(
            f"cannot {format_action(action).split()[0]} before drawing: seat"
            f" {state.to_move} must drop or draw first",
            action=action,
            reason=IllegalReason.MUST_DRAW_FIRST,
        )


def _distinct(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """Return the sorted ``hand`` without repeated cards."""
    return tuple(dict.fromkeys(hand))


def _with_card(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    code = card.code
    for index, held in enumerate(hand):
        if held.code > code:
            return (*hand[:index], card, *hand[index:])
    return (*hand, card)


def _without_cards(
    hand: tuple[Card, ...], cards: Sequence[Card]
) -> tuple[Card, ...] | None:
    """Return ``hand`` less ``cards`` (as a multiset), or ``None`` if it lacks one."""
    remaining = list(hand)
    for card in cards:
        try:
            remaining.remove(card)
        except ValueError:
            return None
    return tuple(remaining)


def _with_hand(
    hands: tuple[tuple[Card, ...], ...], seat: int, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    return (*hands[:seat], hand, *hands[seat + 1 :])


def _ended(state: GameState, outcome: Outcome) -> GameState:
    """Return ``state`` over, settled by ``outcome`` and the side payments."""
    rules = state.rules
    if rules.hit_and_split:  # V39
        outcome = outcome.with_transfers(
            hit_and_split_transfers(outcome.winners, state.spreads, len(state.hands))
        )
    if rules.widow:  # V46
        outcome = outcome.with_transfers(
            widow_transfers(outcome.winners, state.exchanged)
        )
    return _successor(state, phase=_HAND_OVER, outcome=outcome)


def _taken_less(
    state: GameState, seat: int, cards: Sequence[Card]
) -> tuple[tuple[Card, ...], ...]:
    """Return :attr:`GameState.taken` once ``seat`` has played ``cards``."""
    taken = state.taken
    held = taken[seat]
    if not held:
        return taken
    remaining = list(held)
    for card in cards:
        if card in remaining:
            remaining.remove(card)
    return _replace_at(taken, seat, tuple(remaining))


class _Keep(enum.Enum):
    """The default of :func:`_successor`'s arguments: keep the field as it is."""

    KEEP = enum.auto()


_KEEP = _Keep.KEEP


def _successor(
    state: GameState,
    *,
    hands: tuple[tuple[Card, ...], ...] | _Keep = _KEEP,
    stock: tuple[Card, ...] | _Keep = _KEEP,
    discard_pile: tuple[Card, ...] | _Keep = _KEEP,
    spreads: tuple[Spread, ...] | _Keep = _KEEP,
    to_move: int | _Keep = _KEEP,
    phase: Phase | _Keep = _KEEP,
    turns_taken: int | _Keep = _KEEP,
    waits: tuple[int, ...] | _Keep = _KEEP,
    going_out_barred: tuple[bool, ...] | _Keep = _KEEP,
    hit_this_round: tuple[bool, ...] | _Keep = _KEEP,
    hits_this_turn: int | _Keep = _KEEP,
    must_use: Card | _Keep | None = _KEEP,
    taken: tuple[tuple[Card, ...], ...] | _Keep = _KEEP,
    widows: tuple[Card, ...] | _Keep = _KEEP,
    exchanged: tuple[bool, ...] | _Keep = _KEEP,
    slap: SlapWindow | _Keep | None = _KEEP,
    outcome: Outcome | _Keep | None = _KEEP,
) -> GameState:
    """Return the state after ``state`` with the fields given changed.

    The one place the engine builds a successor state: ``attrs.evolve`` with
    typed arguments, at a fraction of its cost (no field lookup by name).
    """
    return GameState(
        rules=state.rules,
        dealer=state.dealer,
        hands=state.hands if hands is _KEEP else hands,
        stock=state.stock if stock is _KEEP else stock,
        discard_pile=state.discard_pile if discard_pile is _KEEP else discard_pile,
        spreads=state.spreads if spreads is _KEEP else spreads,
        to_move=state.to_move if to_move is _KEEP else to_move,
        phase=state.phase if phase is _KEEP else phase,
        turns_taken=state.turns_taken if turns_taken is _KEEP else turns_taken,
        waits=state.waits if waits is _KEEP else waits,
        going_out_barred=state.going_out_barred
        if going_out_barred is _KEEP
        else going_out_barred,
        hit_this_round=state.hit_this_round
        if hit_this_round is _KEEP
        else hit_this_round,
        hits_this_turn=state.hits_this_turn
        if hits_this_turn is _KEEP
        else hits_this_turn,
        must_use=state.must_use if must_use is _KEEP else must_use,
        taken=state.taken if taken is _KEEP else taken,
        widows=state.widows if widows is _KEEP else widows,
        exchanged=state.exchanged if exchanged is _KEEP else exchanged,
        slap=state.slap if slap is _KEEP else slap,
        outcome=state.outcome if outcome is _KEEP else outcome,
    )


def _counts(state: GameState) -> tuple[int, ...]:
    return tuple(hand_count(hand, state.rules) for hand in state.hands)


def _replace_at(values: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    return (*values[:seat], value, *values[seat + 1 :])


def _apply_drop(state: GameState, action: Drop) -> GameState:
    _at_turn_start(state, action)
    rules = state.rules
    if not _drop_forced(state) and _drop_barred(state):
        seat = state.to_move
        raise _refuse(
            action,
            IllegalReason.DROP_BARRED,
            f"seat {seat} must wait {state.waits[seat]} more turn(s) to drop"
            if state.waits[seat]
            else f"seat {seat} has laid three spreads (V30)",
        )
    counts = _counts(state)
    if rules.stock_end is StockEnd.FORCED_KNOCK and not state.stock:  # V29
        outcome = settle_showdown(
            counts, OutcomeKind.FORCED_KNOCK, rules.exhaustion_tie
        )
        return _ended(state, attrs.evolve(outcome, dropper=state.to_move))
    return _ended(
        state,
        settle_drop(counts, state.to_move, catch=rules.catch, dealer=state.dealer),
    )


def _must_not_be_forced(state: GameState, action: Action) -> None:
    if _drop_forced(state):
        raise _refuse(
            action,
            IllegalReason.MUST_DROP,
            f"seat {state.to_move} must drop"
            + (
                " the empty hand (V27)"
                if not state.hands[state.to_move]
                else ": the stock is empty (V29)"
            ),
        )


def _apply_draw_stock(state: GameState, action: DrawStock) -> GameState:
    _at_turn_start(state, action)
    rules = state.rules
    _must_not_be_forced(state, action)
    stock = state.stock
    if not stock:  # B14: a draw from the empty stock ends the hand
        counts = _counts(state)
        if rules.stock_end is StockEnd.DEAD:  # V28
            return _ended(
                state,
                Outcome.from_transfers(
                    OutcomeKind.DEAD_STOCK,
                    len(counts),
                    winners=(),
                    transfers=(),
                    counts=counts,
                ),
            )
        return _ended(
            state,
            settle_showdown(counts, OutcomeKind.STOCK_EXHAUSTED, rules.exhaustion_tie),
        )
    return _drawn(state, stock[0], stock=stock[1:], discard_pile=state.discard_pile)


def _take_discard(state: GameState) -> GameState:
    """Return the state after the player to move takes the top discard."""
    pile = state.discard_pile
    return _drawn(state, pile[-1], stock=state.stock, discard_pile=pile[:-1])


def _drawn(
    state: GameState,
    card: Card,
    *,
    stock: tuple[Card, ...],
    discard_pile: tuple[Card, ...],
) -> GameState:
    """Return the state after the player to move draws ``card``."""
    seat = state.to_move
    rules = state.rules
    hands = _with_hand(state.hands, seat, _with_card(state.hands[seat], card))
    waits, charged, must_use = state.waits, state.hit_this_round, None
    taken = state.taken
    from_pile = len(discard_pile) < len(state.discard_pile)
    if from_pile:
        taken = _replace_at(taken, seat, (*taken[seat], card))
        if rules.discard_draw_must_meld:
            must_use = card  # V24d: taken from the pile, it must be used at once
    if waits[seat]:  # V22, V23: one turn of waiting served
        waits = _replace_at(waits, seat, waits[seat] - 1)
    if charged[seat]:  # V22's once-per-round option: a new round for this seat
        charged = _replace_at(charged, seat, False)
    return _successor(
        state,
        hands=hands,
        stock=stock,
        discard_pile=discard_pile,
        phase=_AFTER_DRAW,
        waits=waits,
        hit_this_round=charged,
        hits_this_turn=0,
        must_use=must_use,
        taken=taken,
        slap=None,
    )


def _apply_draw_discard(state: GameState, action: DrawDiscard) -> GameState:
    _at_turn_start(state, action)
    if not state.discard_pile:
        raise _refuse(
            action, IllegalReason.DISCARD_PILE_EMPTY, "the discard pile is empty"
        )
    _must_not_be_forced(state, action)
    if state.rules.discard_draw_must_meld and not _usable_discard(state):
        raise _refuse(
            action,
            IllegalReason.MUST_USE_DISCARD,
            f"{state.discard_pile[-1]} could not be used at once in a spread (V24d)",
        )
    return _take_discard(state)


def _emptied(
    state: GameState, seat: int, way: OutWay, discarded: Card | None
) -> GameState:
    """Settle ``seat`` emptying the hand, unless the boobed deck forbids it (V27)."""
    rules = state.rules
    if rules.boobed_deck and len(state.stock) <= len(state.hands):
        return _end_turn(state, seat, discarded)  # the empty hand drops next turn
    return _ended(
        _successor(state, to_move=seat), _went_out(state, seat, way, own_turn=True)
    )


def _went_out(state: GameState, seat: int, way: OutWay, *, own_turn: bool) -> Outcome:
    """Settle ``seat`` going out from ``state`` by ``way`` (B11, V31-V34).

    ``state`` is the state of the turn the hand was emptied in (before any turn
    count moves on); ``own_turn`` is false for a slapper's extra discard (V26).
    """
    players = len(state.hands)
    turn = state.turns_taken
    spreads = state.spreads
    first_turn = (
        own_turn and turn < players and (seat - state.dealer - 1) % players == turn
    )
    laid_now = (
        sum(1 for spread in spreads if spread.owner == seat and spread.turn == turn)
        if own_turn
        else 0
    )
    for row in state.rules.going_out:
        if row.matches(
            way=way,
            first_turn=first_turn,
            spreads_this_turn=laid_now,
            hit_this_turn=own_turn and state.hits_this_turn > 0,
            hit_this_hand=any(seat in spread.hitters for spread in spreads),
            spread_before=any(
                spread.owner == seat and spread.turn < turn for spread in spreads
            ),
        ):
            pays = row.pays
            break
    else:  # pragma: no cover - Rules requires a last row for every way
        raise AssertionError("no going-out row matched")
    kind = OutcomeKind.OUT_BY_DISCARD if way is OutWay.DISCARD else OutcomeKind.TONK_OUT
    return settle_out(players, seat, kind, pays=pays)


def _end_turn(
    state: GameState,
    seat: int,
    discarded: Card | None,
    *,
    hands: tuple[tuple[Card, ...], ...] | _Keep = _KEEP,
    discard_pile: tuple[Card, ...] | _Keep = _KEEP,
    taken: tuple[tuple[Card, ...], ...] | _Keep = _KEEP,
) -> GameState:
    """Finish ``seat``'s turn: count it, check the turn limit, open a slap window.

    ``hands``, ``discard_pile`` and ``taken`` are what the turn's last action
    changed (a discard), so that the turn ends in one successor.
    """
    rules = state.rules
    turns_taken = state.turns_taken + 1
    following = (seat + 1) % len(state.hands)
    barred = state.going_out_barred
    if barred[seat]:  # V22's option: the bar lasts one turn
        barred = _replace_at(barred, seat, False)
    after = _successor(
        state,
        hands=hands,
        discard_pile=discard_pile,
        taken=taken,
        to_move=following,
        phase=_TURN_START,
        turns_taken=turns_taken,
        going_out_barred=barred,
        hits_this_turn=0,
        must_use=None,
    )
    limit = rules.max_turns
    if limit is not None and turns_taken >= limit:  # B15: the termination guard
        return _ended(
            _successor(after, to_move=seat),
            settle_showdown(
                _counts(after), OutcomeKind.TURN_LIMIT, rules.exhaustion_tie
            ),
        )
    if discarded is not None and rules.slap_in and state.spreads:  # V26
        window = _opened_window(after, discarded, discarder=seat, due=following)
        if window is not None:
            return window
    return after


def _opened_window(
    state: GameState, card: Card, *, discarder: int, due: int
) -> GameState | None:
    """Open a slap-in window for ``card`` if anyone could slap it (V26)."""
    players = len(state.hands)
    order = [(discarder + offset) % players for offset in range(players)]
    if state.rules.slap_priority_next:
        order = [due, *(seat for seat in order if seat != due)]
    eligible = tuple(
        seat
        for seat in order
        if _slaps_for(state, card, seat, discarder=discarder, due=due, public=True)
    )
    if not eligible:
        return None
    return _successor(
        state,
        phase=_SLAP_WINDOW,
        to_move=eligible[0],
        slap=SlapWindow(card=card, discarder=discarder, due=due, waiting=eligible),
    )


def _closed_window(state: GameState, due: int) -> GameState:
    return _successor(state, phase=_TURN_START, to_move=due, slap=None)


def _hit_effects(
    state: GameState, owner: int, hitter: int
) -> tuple[tuple[int, ...], tuple[bool, ...], tuple[bool, ...]]:
    """Return the waits, going-out bars and charges after a hit (V22, V23, X7).

    The hit is on ``owner``'s spread by ``hitter``; a slap counts as a hit.
    """
    rules = state.rules
    waits = state.waits
    barred = state.going_out_barred
    charged = state.hit_this_round
    if owner == hitter:
        if rules.own_hit_wait:
            waits = _replace_at(waits, hitter, waits[hitter] + rules.own_hit_wait)
        return waits, barred, charged
    if rules.hit_wait and not (rules.hit_wait_once_per_round and charged[owner]):
        waits = _replace_at(waits, owner, waits[owner] + rules.hit_wait)
        charged = _replace_at(charged, owner, True)
    if rules.hit_bars_going_out:
        barred = _replace_at(barred, owner, True)
    return waits, barred, charged


def _check_not_out(state: GameState, action: Action, hand: tuple[Card, ...]) -> None:
    if state.going_out_barred[state.to_move] and len(hand) < _cards_to_keep(
        state, action
    ):
        raise _refuse(
            action,
            IllegalReason.GOING_OUT_BARRED,
            f"seat {state.to_move} was hit and may not go out this turn, nor keep"
            " fewer cards than it needs to end the turn",
        )


def _check_uses_discard(state: GameState, action: Action, used: Sequence[Card]) -> None:
    if state.must_use is not None and state.must_use not in used:
        raise _refuse(
            action,
            IllegalReason.MUST_USE_DISCARD,
            f"{state.must_use} taken from the discard pile must be used first (V24d)",
        )


def _apply_lay_spread(state: GameState, action: LaySpread) -> GameState:
    _after_draw(state, action)
    seat = state.to_move
    physical = action.physical
    hand = _without_cards(state.hands[seat], physical)
    if hand is None:
        raise _refuse(
            action,
            IllegalReason.CARD_NOT_IN_HAND,
            f"seat {seat} does not hold them all",
        )
    rules = state.rules
    for element in action.cards:
        if isinstance(element, WildCard) and not rules.is_wild(element.card):
            raise _refuse(
                action, IllegalReason.NOT_A_SPREAD, f"{element.card} is not wild here"
            )
    laid = lay_out(action.cards, compiled(rules).tables, _copies(state))
    if laid is None:
        raise _refuse(
            action,
            IllegalReason.NOT_A_SPREAD,
            "not a book or a run" + (" with a natural card" if rules.has_wilds else ""),
        )
    kind, cards, stands_for = laid
    spread = Spread(
        number=len(state.spreads) + 1,
        owner=seat,
        kind=kind,
        cards=cards,
        stands_for=stands_for,
        turn=state.turns_taken,
    )
    hands = _with_hand(state.hands, seat, hand)
    spreads = (*state.spreads, spread)
    taken = _taken_less(state, seat, physical)
    _check_uses_discard(state, action, physical)
    _check_not_out(state, action, hand)
    waits = state.waits
    if rules.spread_wait:  # V22: laying a spread bars the drop
        waits = _replace_at(waits, seat, waits[seat] + rules.spread_wait)
    after = _successor(
        state, hands=hands, spreads=spreads, waits=waits, must_use=None, taken=taken
    )
    if not hand:
        return _emptied(after, seat, OutWay.SPREAD, None)
    return after


def _check_spread_number(state: GameState, action: Hit | Slap) -> None:
    if not 1 <= action.spread <= len(state.spreads):
        raise _refuse(
            action,
            IllegalReason.NO_SUCH_SPREAD,
            f"there are {len(state.spreads)} spreads on the table",
        )


def _apply_hit(state: GameState, action: Hit) -> GameState:
    _after_draw(state, action)
    seat = state.to_move
    number = action.spread
    _check_spread_number(state, action)
    physical, represented = split(action.card)
    hand = _without_cards(state.hands[seat], (physical,))
    if hand is None:
        raise _refuse(
            action, IllegalReason.CARD_NOT_IN_HAND, f"not in seat {seat}'s hand"
        )
    target = state.spreads[number - 1]
    _check_hit(state, action, target, physical, represented)
    _check_uses_discard(state, action, (physical,))
    _check_not_out(state, action, hand)
    rules = state.rules
    if (
        rules.must_spread
        and rules.hit_ends_turn
        and _holds_spread(  # V21, V24c
            hand, rules, _copies(state)
        )
    ):
        raise _refuse(
            action,
            IllegalReason.MUST_SPREAD,
            "the hit would end the turn with a complete spread in hand (V21)",
        )
    spread = extended(target, physical, represented, compiled(rules).tables, seat)
    waits, barred, charged = _hit_effects(state, target.owner, seat)
    after = _successor(
        state,
        hands=_with_hand(state.hands, seat, hand),
        spreads=(*state.spreads[: number - 1], spread, *state.spreads[number:]),
        waits=waits,
        going_out_barred=barred,
        hit_this_round=charged,
        hits_this_turn=state.hits_this_turn + 1,
        must_use=None,
        taken=_taken_less(state, seat, (physical,)),
    )
    if not hand:
        return _emptied(after, seat, OutWay.HIT, None)
    if rules.hit_ends_turn:  # V24c
        return _end_turn(after, seat, None)
    return after


def _check_hit(
    state: GameState, action: Hit, target: Spread, physical: Card, represented: Card
) -> None:
    """Refuse a hit the spread or the options do not allow (B9, V5, V24, V30)."""
    rules = state.rules
    tables = compiled(rules).tables
    if physical != represented and not tables.wild[physical.code]:
        raise _refuse(
            action, IllegalReason.HIT_DOES_NOT_FIT, f"{physical} is not wild here"
        )
    if not _may_hit(state):
        raise _refuse(
            action,
            IllegalReason.HIT_LIMIT,
            f"at most {rules.max_hits_per_turn} hit(s) a turn (V24b)",
        )
    if _locked(state, target, state.to_move):
        raise _refuse(
            action,
            IllegalReason.SPREAD_LOCKED,
            f"seat {target.owner} has laid three spreads (V30)",
        )
    book_limit = 4 if rules.four_card_books else 3
    if not fits(target, represented, tables, _copies(state), book_limit):
        raise _refuse(
            action,
            IllegalReason.HIT_DOES_NOT_FIT,
            f"it does not fit spread {action.spread}",
        )


def _can_claim(state: GameState) -> bool:
    """Return whether the player to move may claim a deal tonk now (V19)."""
    if (
        state.turns_taken >= len(state.hands)  # not the player's first turn
        or state.spreads
        or (state.exchanged and state.exchanged[state.to_move])  # V46
    ):
        return False
    hand = state.hands[state.to_move]
    rules = state.rules
    totals = compiled(rules).late_totals
    if totals is not None:  # the usual case: decided by the count alone
        values = compiled(rules).tables.values
        return sum(values[card.code] for card in hand) in totals
    return deal_tonk_row(hand, rules, DealTonkClaim.BEFORE_FIRST_TURN) is not None


def _apply_claim(state: GameState, action: ClaimDealTonk) -> GameState:
    _at_turn_start(state, action)
    _must_not_be_forced(state, action)
    if not (compiled(state.rules).late_claims and _can_claim(state)):
        raise _refuse(
            action,
            IllegalReason.NO_DEAL_TONK,
            "only a dealt hand that wins under a deal tonk claimed before the first"
            " turn may be claimed, then, and only before anyone has spread",
        )
    return _ended(state, settle_claim(state.hands, state.rules, seat=state.to_move))


def _apply_exchange(state: GameState, action: Exchange) -> GameState:
    """Swap a hand card for the widow, paying 1x into the widow pot (V46)."""
    _at_turn_start(state, action)
    seat = state.to_move
    if not state.rules.widow or state.exchanged[seat]:
        raise _refuse(
            action,
            IllegalReason.NO_WIDOW,
            "these rules have no widow (V46)"
            if not state.rules.widow
            else f"seat {seat} has already exchanged with its widow this hand",
        )
    _must_not_be_forced(state, action)
    hand = _without_cards(state.hands[seat], (action.card,))
    if hand is None:
        raise _refuse(
            action, IllegalReason.CARD_NOT_IN_HAND, f"not in seat {seat}'s hand"
        )
    card = card_from_code(action.card.code)
    return _successor(
        state,
        hands=_with_hand(state.hands, seat, _with_card(hand, state.widows[seat])),
        widows=_replace_at(state.widows, seat, card),
        exchanged=_replace_at(state.exchanged, seat, True),
        # The card goes face down: the table can no longer tell which of the
        # cards the seat took from the pile it still holds, so it forgets them
        # all (less than it could know, never something false).
        taken=_replace_at(state.taken, seat, ()),
    )


def _check_discard(state: GameState, action: Discard, hand: tuple[Card, ...]) -> None:
    if state.rules.must_spread and action.card not in _discardable(
        state, state.hands[state.to_move]
    ):
        raise _refuse(
            action,
            IllegalReason.MUST_SPREAD,
            "a complete spread in hand must be laid first (V21)",
        )


def _apply_discard(state: GameState, action: Discard) -> GameState:
    if state.phase is _EXTRA_DISCARD:
        return _apply_extra_discard(state, action)
    _after_draw(state, action)
    seat = state.to_move
    hand = _without_cards(state.hands[seat], (action.card,))
    if hand is None:
        raise _refuse(
            action, IllegalReason.CARD_NOT_IN_HAND, f"not in seat {seat}'s hand"
        )
    _check_uses_discard(state, action, ())
    _check_not_out(state, action, hand)
    _check_discard(state, action, hand)
    card = card_from_code(action.card.code)
    hands = _with_hand(state.hands, seat, hand)
    pile = (*state.discard_pile, card)
    taken = _taken_less(state, seat, (card,))
    if not hand:  # B11b: out by discarding the last card
        after = _successor(state, hands=hands, discard_pile=pile, taken=taken)
        return _emptied(after, seat, OutWay.DISCARD, card)
    return _end_turn(state, seat, card, hands=hands, discard_pile=pile, taken=taken)


def _apply_slap(state: GameState, action: Slap) -> GameState:
    window = state.slap
    if state.phase is not _SLAP_WINDOW or window is None:
        raise _refuse(action, IllegalReason.NOT_SLAP_TIME, "no slap-in window is open")
    seat = state.to_move
    number = action.spread
    _check_spread_number(state, action)
    target = state.spreads[number - 1]
    if _locked(state, target, seat):
        raise _refuse(
            action,
            IllegalReason.SPREAD_LOCKED,
            f"seat {target.owner} has laid three spreads (V30)",
        )
    if action not in _slaps_for(
        state, window.card, seat, discarder=window.discarder, due=window.due
    ):
        raise _refuse(
            action,
            IllegalReason.HIT_DOES_NOT_FIT,
            f"{window.card} does not fit spread {number}",
        )
    card = state.discard_pile[-1]
    assert card is window.card
    spread = extended(target, card, card, compiled(state.rules).tables, seat)
    waits, barred, charged = _hit_effects(state, target.owner, seat)  # a hit too
    after = _successor(
        state,
        discard_pile=state.discard_pile[:-1],
        spreads=(*state.spreads[: number - 1], spread, *state.spreads[number:]),
        waits=waits,
        going_out_barred=barred,
        hit_this_round=charged,
    )
    no_extra = seat == window.discarder or (
        state.rules.slap_priority_next and seat == window.due
    )
    if no_extra:
        return _closed_window(after, window.due)
    return _successor(
        after,
        phase=_EXTRA_DISCARD,
        slap=attrs.evolve(window, waiting=(), slapper=seat),
    )


def _apply_pass(state: GameState, action: Pass) -> GameState:
    window = state.slap
    if state.phase is not _SLAP_WINDOW or window is None:
        raise _refuse(action, IllegalReason.NOT_SLAP_TIME, "no slap-in window is open")
    waiting = window.waiting[1:]
    if not waiting:
        return _closed_window(state, window.due)
    return _successor(
        state, to_move=waiting[0], slap=attrs.evolve(window, waiting=waiting)
    )


def _apply_extra_discard(state: GameState, action: Discard) -> GameState:
    """Discard the slapper's extra card; play resumes with the player due (V26)."""
    window = state.slap
    assert window is not None
    seat = state.to_move
    hand = _without_cards(state.hands[seat], (action.card,))
    if hand is None:
        raise _refuse(
            action, IllegalReason.CARD_NOT_IN_HAND, f"not in seat {seat}'s hand"
        )
    _check_discard(state, action, hand)
    rules = state.rules
    card = card_from_code(action.card.code)
    after = _successor(
        state,
        hands=_with_hand(state.hands, seat, hand),
        discard_pile=(*state.discard_pile, card),
        taken=_taken_less(state, seat, (card,)),
        slap=None,
    )
    boobed = rules.boobed_deck and len(state.stock) <= len(state.hands)
    if not hand and not boobed:
        return _ended(after, _went_out(state, seat, OutWay.DISCARD, own_turn=False))
    resumed = _closed_window(after, window.due)
    reopened = _opened_window(resumed, card, discarder=seat, due=window.due)
    return resumed if reopened is None else reopened


_HANDLERS: dict[type, Callable[[GameState, Action], GameState]] = {
    Drop: _apply_drop,  # type: ignore[dict-item]
    DrawStock: _apply_draw_stock,  # type: ignore[dict-item]
    DrawDiscard: _apply_draw_discard,  # type: ignore[dict-item]
    LaySpread: _apply_lay_spread,  # type: ignore[dict-item]
    Hit: _apply_hit,  # type: ignore[dict-item]
    Discard: _apply_discard,  # type: ignore[dict-item]
    ClaimDealTonk: _apply_claim,  # type: ignore[dict-item]
    Slap: _apply_slap,  # type: ignore[dict-item]
    Pass: _apply_pass,  # type: ignore[dict-item]
    Exchange: _apply_exchange,  # type: ignore[dict-item]
}
