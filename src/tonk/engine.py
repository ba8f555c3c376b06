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

import random
from collections import Counter
from collections.abc import Callable, Sequence

import attrs

from tonk._spreads import (
    extended,
    find_spreads,
    fits,
    hit_candidates,
    lay_out,
    split,
)
from tonk._validate import is_int
from tonk.actions import (
    Action,
    ClaimDealTonk,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Hit,
    LaySpread,
    format_action,
)
from tonk.cards import CODE_COUNT, Card, WildCard, card_from_code
from tonk.errors import IllegalActionError, IllegalReason, RulesError
from tonk.rules import CutWinner, DealTonkClaim, Rules
from tonk.scoring import (
    deal_tonk_row,
    hand_count,
    settle_claim,
    settle_deal,
    settle_drop,
    settle_out,
    settle_showdown,
)
from tonk.state import GameState, Outcome, OutcomeKind, Phase, Spread

__all__ = ["apply", "check", "cut_for_deal", "is_legal", "legal_actions", "new_game"]

_CLAIM = ClaimDealTonk()
_START_ACTIONS = (Drop(), DrawStock(), DrawDiscard())
_START_ACTIONS_NO_DISCARD = (Drop(), DrawStock())
_DISCARDS = tuple(Discard(card_from_code(code)) for code in range(CODE_COUNT))


def _random(seed: int | None) -> random.Random:
    return random.SystemRandom() if seed is None else random.Random(seed)


def _checked_deck(rules: Rules, deck: Sequence[Card], players: int) -> list[Card]:
    cards = list(deck)
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"deck must hold Card values, got {card!r}")
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
            is not at the table, the deck is not the rules' pack, or both
            ``seed`` and ``deck`` are given.

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
        raise TypeError(f"players must be an int, got {players!r}")
    if not 2 <= players <= rules.max_players:
        raise RulesError(
            f"players must be 2..{rules.max_players} under these rules"
            f" ({rules.hand_size} cards to each hand and {int(rules.upcard)} upcard"
            f" from a {len(rules.pack(players=players))}-card deck), got {players}"
        )
    if not is_int(dealer) or not 0 <= dealer < players:
        raise RulesError(f"dealer must be a seat 0..{players - 1}, got {dealer!r}")
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
        outcome=None,
    )
    outcome = settle_deal(sorted_hands, rules, dealer=dealer)
    if outcome is not None:
        state = attrs.evolve(state, phase=Phase.HAND_OVER, outcome=outcome)
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

    Examples:
        >>> import tonk
        >>> cut_for_deal(tonk.Rules(), players=4, seed=1)
        1
    """
    if not is_int(players) or not 2 <= players <= rules.max_players:
        raise RulesError(
            f"players must be 2..{rules.max_players} under these rules, got {players!r}"
        )
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

    At the start of a turn: drop, draw from the stock, take the discard (if any).
    After drawing: every spread that can be laid (sorted by card), every hit
    (by spread number, then card), every discard (by card). A finished hand
    has none.

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
        >>> state = tonk.apply(state, tonk.DrawDiscard())
        >>> [tonk.format_action(action) for action in tonk.legal_actions(state)]
        ['discard AC', 'discard 2D', 'discard 4D', 'discard 5D', 'discard 6H', 'discard 2S']
    """  # noqa: E501
    phase = state.phase
    rules = state.rules
    if phase is _TURN_START:
        start = _START_ACTIONS if state.discard_pile else _START_ACTIONS_NO_DISCARD
        if rules._late_claims and _can_claim(state):
            return (_CLAIM, *start)
        return start
    if phase is not _AFTER_DRAW:
        return ()
    hand = state.hands[state.to_move]
    tables = rules._tables
    two_packs_from = rules.two_packs_from
    copies = 1 if two_packs_from is None or len(state.hands) < two_packs_from else 2
    distinct = _distinct(hand) if rules._has_duplicates else hand
    laid = find_spreads(hand, tables, copies)
    if not laid and not state.spreads:
        return tuple([_DISCARDS[card.code] for card in distinct])
    actions: list[Action] = [LaySpread._canonical(elements) for elements in laid]
    wild = tables.wild
    for spread in state.spreads:
        for card in distinct:
            if not wild[card.code]:
                if fits(spread, card, tables, copies):
                    actions.append(Hit(spread.number, card))
                continue
            for natural in hit_candidates(spread, tables):
                if fits(spread, natural, tables, copies):
                    element = card if natural == card else WildCard(card, natural)
                    actions.append(Hit(spread.number, element))
    actions.extend(_DISCARDS[card.code] for card in distinct)
    return tuple(actions)


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
        raise TypeError(f"not a tonk action: {action!r}")
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
# The frequent transitions (draws and discards) build the successor GameState
# directly instead of with attrs.evolve: every field is passed (none has a
# default, so mypy catches a forgotten one), and it is about five times faster,
# which is most of a random playout's cost (benchmarks/bench_engine.py).

_TURN_START = Phase.TURN_START
_AFTER_DRAW = Phase.AFTER_DRAW
_HAND_OVER = Phase.HAND_OVER


def _refuse(action: Action, reason: IllegalReason, why: str) -> IllegalActionError:
    return IllegalActionError(
        f"cannot {format_action(action)}: {why}", action=action, reason=reason
    )


def _at_turn_start(state: GameState, action: Action) -> None:
    if state.phase is not _TURN_START:
        raise _refuse(
            action,
            IllegalReason.ALREADY_DREW,
            f"seat {state.to_move} has drawn; spread, hit or discard",
        )


def _after_draw(state: GameState, action: Action) -> None:
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
    return attrs.evolve(state, phase=_HAND_OVER, outcome=outcome)


def _counts(state: GameState) -> tuple[int, ...]:
    return tuple(hand_count(hand, state.rules) for hand in state.hands)


def _apply_drop(state: GameState, action: Drop) -> GameState:
    _at_turn_start(state, action)
    return _ended(state, settle_drop(_counts(state), state.to_move))


def _apply_draw_stock(state: GameState, action: DrawStock) -> GameState:
    _at_turn_start(state, action)
    stock = state.stock
    if not stock:  # B14: a draw from the empty stock ends the hand
        return _ended(
            state,
            settle_showdown(
                _counts(state), OutcomeKind.STOCK_EXHAUSTED, state.rules.exhaustion_tie
            ),
        )
    seat = state.to_move
    return GameState(
        rules=state.rules,
        dealer=state.dealer,
        hands=_with_hand(state.hands, seat, _with_card(state.hands[seat], stock[0])),
        stock=stock[1:],
        discard_pile=state.discard_pile,
        spreads=state.spreads,
        to_move=seat,
        phase=_AFTER_DRAW,
        turns_taken=state.turns_taken,
        outcome=None,
    )


def _apply_draw_discard(state: GameState, action: DrawDiscard) -> GameState:
    _at_turn_start(state, action)
    pile = state.discard_pile
    if not pile:
        raise _refuse(
            action, IllegalReason.DISCARD_PILE_EMPTY, "the discard pile is empty"
        )
    seat = state.to_move
    return GameState(
        rules=state.rules,
        dealer=state.dealer,
        hands=_with_hand(state.hands, seat, _with_card(state.hands[seat], pile[-1])),
        stock=state.stock,
        discard_pile=pile[:-1],
        spreads=state.spreads,
        to_move=seat,
        phase=_AFTER_DRAW,
        turns_taken=state.turns_taken,
        outcome=None,
    )


def _after_meld(
    state: GameState, hand: tuple[Card, ...], spreads: tuple[Spread, ...]
) -> GameState:
    """Return the state after a spread or hit left ``hand``; an empty hand is out."""
    seat = state.to_move
    after = attrs.evolve(
        state, hands=_with_hand(state.hands, seat, hand), spreads=spreads
    )
    if hand:
        return after
    return _ended(after, settle_out(state.player_count, seat, OutcomeKind.TONK_OUT))


def _apply_lay_spread(state: GameState, action: LaySpread) -> GameState:
    _after_draw(state, action)
    seat = state.to_move
    hand = _without_cards(state.hands[seat], action.physical)
    if hand is None:
        raise _refuse(
            action,
            IllegalReason.CARD_NOT_IN_HAND,
            f"seat {seat} does not hold them all",
        )
    rules = state.rules
    laid = lay_out(action.cards, rules._tables, rules.packs_for(len(state.hands)))
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
    )
    return _after_meld(state, hand, (*state.spreads, spread))


def _apply_hit(state: GameState, action: Hit) -> GameState:
    _after_draw(state, action)
    seat = state.to_move
    number = action.spread
    if not 1 <= number <= len(state.spreads):
        raise _refuse(
            action,
            IllegalReason.NO_SUCH_SPREAD,
            f"there are {len(state.spreads)} spreads on the table",
        )
    physical, represented = split(action.card)
    hand = _without_cards(state.hands[seat], (physical,))
    if hand is None:
        raise _refuse(
            action, IllegalReason.CARD_NOT_IN_HAND, f"not in seat {seat}'s hand"
        )
    rules = state.rules
    tables = rules._tables
    if physical != represented and not tables.wild[physical.code]:
        raise _refuse(
            action, IllegalReason.HIT_DOES_NOT_FIT, f"{physical} is not wild here"
        )
    target = state.spreads[number - 1]
    if not fits(target, represented, tables, rules.packs_for(len(state.hands))):
        raise _refuse(
            action, IllegalReason.HIT_DOES_NOT_FIT, f"it does not fit spread {number}"
        )
    spread = extended(target, physical, represented, tables)
    spreads = (*state.spreads[: number - 1], spread, *state.spreads[number:])
    return _after_meld(state, hand, spreads)


def _can_claim(state: GameState) -> bool:
    """Return whether the player to move may claim a deal tonk now (V19)."""
    return (
        state.turns_taken < len(state.hands)  # this is the player's first turn
        and not state.spreads
        and deal_tonk_row(
            state.hands[state.to_move], state.rules, DealTonkClaim.BEFORE_FIRST_TURN
        )
        is not None
    )


def _apply_claim(state: GameState, action: ClaimDealTonk) -> GameState:
    _at_turn_start(state, action)
    if not (state.rules._late_claims and _can_claim(state)):
        raise _refuse(
            action,
            IllegalReason.NO_DEAL_TONK,
            "only a dealt hand that wins under a deal tonk claimed before the first"
            " turn may be claimed, then, and only before anyone has spread",
        )
    return _ended(state, settle_claim(state.hands, state.rules, seat=state.to_move))


def _apply_discard(state: GameState, action: Discard) -> GameState:
    _after_draw(state, action)
    seat = state.to_move
    hand = _without_cards(state.hands[seat], (action.card,))
    if hand is None:
        raise _refuse(
            action, IllegalReason.CARD_NOT_IN_HAND, f"not in seat {seat}'s hand"
        )
    hands = _with_hand(state.hands, seat, hand)
    pile = (*state.discard_pile, card_from_code(action.card.code))
    turns_taken = state.turns_taken + 1
    after = GameState(
        rules=state.rules,
        dealer=state.dealer,
        hands=hands,
        stock=state.stock,
        discard_pile=pile,
        spreads=state.spreads,
        to_move=seat if not hand else (seat + 1) % len(hands),
        phase=_TURN_START,
        turns_taken=turns_taken,
        outcome=None,
    )
    if not hand:  # B11b: out by discarding the last card
        return _ended(after, settle_out(len(hands), seat, OutcomeKind.OUT_BY_DISCARD))
    limit = state.rules.max_turns
    if limit is not None and turns_taken >= limit:  # B15: the termination guard
        return _ended(
            attrs.evolve(after, to_move=seat),
            settle_showdown(
                _counts(after), OutcomeKind.TURN_LIMIT, state.rules.exhaustion_tie
            ),
        )
    return after


_HANDLERS: dict[type, Callable[[GameState, Action], GameState]] = {
    Drop: _apply_drop,  # type: ignore[dict-item]
    DrawStock: _apply_draw_stock,  # type: ignore[dict-item]
    DrawDiscard: _apply_draw_discard,  # type: ignore[dict-item]
    LaySpread: _apply_lay_spread,  # type: ignore[dict-item]
    Hit: _apply_hit,  # type: ignore[dict-item]
    Discard: _apply_discard,  # type: ignore[dict-item]
    ClaimDealTonk: _apply_claim,  # type: ignore[dict-item]
}
