"""The engine: the only way to start and change a hand of Tonk.

:func:`new_game` deals; :func:`legal_actions` lists what the player to move may
do; :func:`apply` returns the state after an action and never changes its
input; :func:`check` and :func:`is_legal` ask without applying.

This module is the public API and the dispatch; the game's parts live in
private modules, each tagged with its rule IDs: :mod:`tonk._deal` (B3-B5,
V11-V20), :mod:`tonk._turn` (B7-B15, V21-V34, X5's eat), :mod:`tonk._slap_in`
(V26, X5's window), on
:mod:`tonk._transition` (what they share), :mod:`tonk._compiled` (a rule
set's tables) and :mod:`tonk._fast` (the speed devices).

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

from collections.abc import Callable, Sequence

from tonk._compiled import compiled
from tonk._deal import apply_claim, checked_deck, cut_for_deal, dealt, shuffled
from tonk._fast import (
    AFTER_DRAW,
    DISCARDS,
    EXTRA_DISCARD,
    SLAP_WINDOW,
    TURN_START,
)
from tonk._slap_in import apply_pass, apply_slap, slap_actions
from tonk._transition import discardable
from tonk._turn import (
    apply_discard,
    apply_draw_discard,
    apply_draw_stock,
    apply_drop,
    apply_eat,
    apply_exchange,
    apply_hit,
    apply_lay_spread,
    apply_tunk,
    eat_actions,
    play_actions,
    start_actions,
)
from tonk._validate import brief, check_seed, is_int, wrong_type
from tonk.actions import (
    Action,
    ClaimDealTonk,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Eat,
    Exchange,
    Hit,
    LaySpread,
    Pass,
    Slap,
    Tunk,
    format_action,
)
from tonk.cards import Card
from tonk.errors import IllegalActionError, IllegalReason, RulesError
from tonk.rules import Rules
from tonk.state import GameState

__all__ = ["apply", "check", "cut_for_deal", "is_legal", "legal_actions", "new_game"]


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
    table = compiled(rules)
    rules = table.rules  # the first of equal rule sets: its tables are found at once
    if not 2 <= players <= table.max_players:
        limit = rules.player_limit
        why = (
            f"player_limit={limit}"
            if limit is not None and players > limit
            else f"{rules.hand_size_for(players)} cards to each hand and"
            f" {int(rules.upcard)} upcard"
            f" from a {len(rules.pack(players=players))}-card deck"
        )
        raise RulesError(
            f"players must be 2..{table.max_players} under these rules ({why}),"
            f" got {brief(players)}"
        )
    if not is_int(dealer) or not 0 <= dealer < players:
        raise RulesError(f"dealer must be a seat 0..{players - 1}, got {brief(dealer)}")
    check_seed(seed, RulesError)
    if deck is not None and seed is not None:
        raise RulesError("give a seed or a stacked deck, not both")
    cards = (
        shuffled(table, players, seed)
        if deck is None
        else checked_deck(rules, deck, players)
    )
    return dealt(table, cards, players=players, dealer=dealer)


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Return every action the player to move may take, in a fixed order.

    At the start of a turn: a deal-tonk claim (V19), drop, draw from the stock,
    take the discard (if any), then the widow exchanges (V46, by card). After drawing: every spread that can be laid
    (sorted by card), every hit (by spread number, then card), every discard (by
    card), then every tunk (H5). In a slap-in window (V26): every slap (by spread number), then pass;
    in an eating window (X5): eat (unless V24d forbids it), then pass.
    The rule options remove what they forbid (a barred drop, a discard that
    keeps a spread under must-spread, ...). A finished hand has none.

    Raises:
        TypeError: If ``state`` is not a state (a seat's observation holds its
            own :attr:`~tonk.Observation.legal_actions`).

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
        >>> state = tonk.apply(state, tonk.DrawDiscard())
        >>> [tonk.format_action(action) for action in tonk.legal_actions(state)]
        ['discard AC', 'discard 2D', 'discard 4D', 'discard 5D', 'discard 6H', 'discard 2S']
    """  # noqa: E501
    try:  # costs nothing unless raised: the type is checked only then
        phase = state.phase
        table = compiled(state.rules)  # once, for every helper below
        if phase is TURN_START:
            return start_actions(state, table)
        if phase is AFTER_DRAW:
            return play_actions(state, table)
        if phase is SLAP_WINDOW:
            if state.rules.eating:
                return eat_actions(state, table)
            return slap_actions(state, table)
        if phase is EXTRA_DISCARD:
            hand = state.hands[state.to_move]
            return tuple(
                DISCARDS[card.code] for card in discardable(state, hand, table)
            )
        state.bookkeeping  # noqa: B018 - over: a state's attribute, to check its type
        return ()
    except AttributeError:  # the state's type is checked only now (see apply)
        if isinstance(state, GameState):
            raise
        raise wrong_type("state", GameState, state) from None


def apply(state: GameState, action: Action) -> GameState:
    """Return the state after the player to move takes ``action``.

    The input state is never changed.

    Raises:
        IllegalActionError: If the rules do not allow ``action`` now; its
            ``reason`` says why.
        TypeError: If ``action`` is not an action, or ``state`` not a state.

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
        >>> tonk.apply(state, tonk.Discard(tonk.Card.parse("4C")))
        Traceback (most recent call last):
        ...
        tonk.errors.IllegalActionError: cannot discard before drawing: seat 1 must drop or draw first
    """  # noqa: E501
    try:
        handler = _HANDLERS[action.__class__]
    except KeyError:
        raise TypeError(f"not a tonk action: {brief(action)}") from None
    # The state's type is checked only when it lacks an attribute: the try
    # costs nothing unless raised, where a check would cost every call.
    try:
        if state.outcome is not None:
            state.bookkeeping  # noqa: B018 - a state's attribute, to check its type
            raise IllegalActionError(
                f"cannot {format_action(action)}: the hand is over",
                action=action,
                reason=IllegalReason.HAND_OVER,
            )
        return handler(state, action)
    except AttributeError:
        if isinstance(state, GameState):
            raise
        raise wrong_type("state", GameState, state) from None


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


_HANDLERS: dict[type, Callable[[GameState, Action], GameState]] = {
    Drop: apply_drop,  # type: ignore[dict-item]
    DrawStock: apply_draw_stock,  # type: ignore[dict-item]
    DrawDiscard: apply_draw_discard,  # type: ignore[dict-item]
    LaySpread: apply_lay_spread,  # type: ignore[dict-item]
    Hit: apply_hit,  # type: ignore[dict-item]
    Discard: apply_discard,  # type: ignore[dict-item]
    ClaimDealTonk: apply_claim,  # type: ignore[dict-item]
    Slap: apply_slap,  # type: ignore[dict-item]
    Pass: apply_pass,  # type: ignore[dict-item]
    Exchange: apply_exchange,  # type: ignore[dict-item]
    Eat: apply_eat,  # type: ignore[dict-item]
    Tunk: apply_tunk,  # type: ignore[dict-item]
}
