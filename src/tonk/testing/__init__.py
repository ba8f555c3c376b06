"""Tools for testing Tonk code and house rules: stacked decks, invariant and leak checks.

The Hypothesis strategies are in :mod:`tonk.testing.strategies` (install the
``tonk[testing]`` extra).

Examples:
    >>> import tonk
    >>> from tonk.testing import stack_deck, check_invariants
    >>> deck = stack_deck(tonk.Rules(), hands=["7H 8H 9H KS KD", "AC 2C 3C 4D 5D"],
    ...                   upcard="QS", stock="KH")
    >>> state = tonk.new_game(tonk.Rules(), players=2, deck=deck)
    >>> state.hands[0], state.top_discard, state.stock[0]
    ((Card.parse('KD'), Card.parse('7H'), Card.parse('8H'), Card.parse('9H'), Card.parse('KS')), Card.parse('QS'), Card.parse('KH'))
    >>> check_invariants(state)
"""  # noqa: E501

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from tonk._validate import brief, is_int, wrong_type
from tonk.cards import Card, parse_cards
from tonk.engine import legal_actions
from tonk.errors import InvalidStateError, RulesError
from tonk.observation import Observation, observe
from tonk.rules import Rules
from tonk.serialization import legal_actions_to_dict, to_json, validate
from tonk.state import GameState

__all__ = [
    "check_invariants",
    "check_no_leak",
    "observed",
    "redeal_hidden",
    "stack_deck",
]

CardsLike = str | Sequence[Card]


def _cards(value: CardsLike) -> tuple[Card, ...]:
    return parse_cards(value) if isinstance(value, str) else tuple(value)


def stack_deck(
    rules: Rules,
    *,
    hands: Sequence[CardsLike],
    upcard: CardsLike = (),
    stock: CardsLike = (),
    dealer: int = 0,
    widows: Sequence[CardsLike] | None = None,
) -> tuple[Card, ...]:
    """Build a deck that deals exactly the given hands, widows, upcard and stock top.

    Pass the result to :func:`tonk.new_game` with ``players=len(hands)`` and the
    same ``dealer``. Cards not named follow the named stock cards, in the pack's
    canonical order.

    Args:
        rules: The rules whose pack to stack.
        hands: Each seat's hand (seat 0 first), as notation or cards.
        upcard: The upcard, or nothing to take the next unnamed card.
        stock: The first cards of the stock, top first.
        dealer: The dealer seat the deck will be dealt with.
        widows: Each seat's widow card under ``Rules(widow=True)`` (V46), seat 0
            first; ``None`` takes the next unnamed cards.

    Returns:
        The full pack in dealing order.

    Raises:
        RulesError: If the rules do not seat ``len(hands)`` players, the
            dealer is not one of them, a hand has the wrong size, widows are
            given without the widow rule or not one per seat, or the named
            cards are not all in the pack.

    Examples:
        >>> import tonk
        >>> deck = stack_deck(tonk.Rules(), hands=["AS 2S 3S 4S 5S", "AH 2H 3H 4H 5H"])
        >>> deck[:4]
        (Card.parse('AH'), Card.parse('AS'), Card.parse('2H'), Card.parse('2S'))
    """
    if not isinstance(rules, Rules):
        raise wrong_type("rules", Rules, rules)
    players = len(hands)
    if not 2 <= players <= rules.max_players:
        raise RulesError(
            f"hands must give 2..{rules.max_players} seats under these rules,"
            f" got {players}"
        )
    if not is_int(dealer) or not 0 <= dealer < players:
        raise RulesError(f"dealer must be a seat 0..{players - 1}, got {brief(dealer)}")
    pack = rules.pack(players=players)
    seat_hands = [_cards(hand) for hand in hands]
    size = rules.hand_size_for(players)  # X2
    for seat, hand in enumerate(seat_hands):
        if len(hand) != size:
            raise RulesError(
                f"hand for seat {seat} has {len(hand)} cards, expected {size}"
            )
    dealt = [
        seat_hands[(dealer + 1 + index) % players][index // players]
        for index in range(players * size)
    ]
    if widows is not None and (not rules.widow or len(widows) != players):
        raise RulesError(
            "widows need Rules(widow=True) and one card per seat"
            f" ({players} seats), got {brief(widows)}"
        )
    named_widows = [] if widows is None else [_cards(widow) for widow in widows]
    for seat, widow in enumerate(named_widows):
        if len(widow) != 1:
            raise RulesError(f"the widow for seat {seat} must be one card")
    widow_order = [
        named_widows[(dealer + 1 + index) % players][0]
        for index in range(len(named_widows))
    ]
    up = _cards(upcard)
    top = _cards(stock)
    left = Counter(pack)
    for card in (*dealt, *widow_order, *up, *top):
        if left[card] == 0:
            raise RulesError(
                f"{brief(card)} is named more often than the pack holds it"
            )
        left[card] -= 1
    rest = []
    for card in pack:
        if left[card] > 0:
            left[card] -= 1
            rest.append(card)
    if rules.widow and not widow_order:
        widow_order, rest = rest[:players], rest[players:]
    if not up and rules.upcard:
        up, rest = (rest[0],), rest[1:]
    return (*dealt, *widow_order, *up, *top, *rest)


def check_invariants(state: GameState) -> None:
    """Assert the structural invariants every reachable state satisfies.

    Runs every check of :func:`tonk.validate` (the cards are exactly the rules'
    pack; seats, per-seat values and counters are in range; the seat to move is
    the one whose turn it is; hands, spreads, the phase, the slap window and
    the outcome agree), turning its error into an :class:`AssertionError`, and
    then checks that a live state offers no legal action twice and a finished
    hand none at all.

    Raises:
        AssertionError: Naming the first invariant that fails (for a check of
            :func:`tonk.validate`, with the JSON path of the bad value).

    Examples:
        >>> import attrs, tonk
        >>> state = tonk.new_game(tonk.Rules(), players=4, seed=2, dealer=0)
        >>> check_invariants(state)
        >>> check_invariants(attrs.evolve(state, to_move=3))
        Traceback (most recent call last):
        ...
        AssertionError: $.to_move: seat 1 is to move, not seat 3: the dealer's left plays the first turn, then play goes left (B6)

    .. versionchanged:: 0.2
       Runs the checks of :func:`tonk.validate`, so it also catches the wrong
       seat to move, a forged phase, a dealer off the table and negative
       counters.
    """  # noqa: E501
    try:
        validate(state)
    except InvalidStateError as error:
        raise AssertionError(str(error)) from error
    actions = legal_actions(state)
    if state.outcome is None:
        assert len(set(actions)) == len(actions), f"repeated legal actions {actions}"
    else:
        assert actions == (), "a finished hand offers actions"


def redeal_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """Return ``state`` with the cards ``seat`` cannot see dealt again at random.

    The hidden cards are the other seats' hands less the cards they are known
    to have taken from the discard pile (none once the hands are shown at the
    end), the stock, and every widow but the one ``seat`` exchanged with (V46).
    They are shuffled with ``rng`` and put back in the same places, keeping
    every size; nothing else changes. The result need not be a state the game
    could reach: it is for comparing what ``seat`` sees. When the hidden cards
    are not all alike, the deal differs from the original.

    Args:
        state: The state.
        seat: The seat whose hidden cards to deal again.
        rng: The source of randomness.

    Returns:
        The state with the hidden cards moved.

    Examples:
        >>> import random, tonk
        >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
        >>> other = redeal_hidden(state, 0, random.Random(1))
        >>> other.hands[0] == state.hands[0], other.hands[1] == state.hands[1]
        (True, False)
    """
    if not isinstance(state, GameState):
        raise wrong_type("state", GameState, state)
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, got {brief(rng)}")
    outcome = state.outcome
    shown = outcome is not None and outcome.counts is not None
    kept: list[tuple[Card, ...]] = []
    hidden: list[Card] = []
    for other, hand in enumerate(state.hands):
        if other == seat or shown:
            kept.append(hand)
            continue
        rest = list(hand)
        for card in state.taken[other]:
            rest.remove(card)
        kept.append(tuple(state.taken[other]))
        hidden.extend(rest)
    widow_seen = [
        other == seat and state.exchanged[other] for other in range(len(state.widows))
    ]
    hidden.extend(
        card for card, seen in zip(state.widows, widow_seen, strict=True) if not seen
    )
    hidden.extend(state.stock)
    cards = hidden[:]
    for _ in range(10):
        rng.shuffle(cards)
        if cards != hidden:
            break
    at = 0
    hands = []
    for hand, known in zip(state.hands, kept, strict=True):
        count = len(hand) - len(known)
        hands.append(tuple(sorted((*known, *cards[at : at + count]))))
        at += count
    widows = []
    for card, seen in zip(state.widows, widow_seen, strict=True):
        if seen:
            widows.append(card)
        else:
            widows.append(cards[at])
            at += 1
    return attrs.evolve(
        state,
        hands=tuple(hands),
        stock=tuple(cards[at:]),
        bookkeeping=attrs.evolve(state.bookkeeping, widows=tuple(widows)),
    )


def observed(state: GameState, seat: int) -> tuple[Observation, str, dict[str, Any]]:
    """Return everything ``seat`` is shown of ``state``: the default leak check view.

    The seat's observation (:func:`tonk.observe`), its JSON form
    (:func:`tonk.to_json`) and the listing of its legal actions with their
    indices (:func:`tonk.serialization.legal_actions_to_dict`).

    Args:
        state: The state.
        seat: The seat observing.

    Returns:
        The observation, its JSON text and its legal-action listing.

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
        >>> seen, text, listing = observed(state, 1)
        >>> text.startswith('{"format":"tonk.observation"'), len(listing["actions"])
        (True, 3)

    .. versionadded:: 0.2.0
    """
    observation = observe(state, seat)
    return observation, to_json(observation), legal_actions_to_dict(observation)


def check_no_leak(
    state: GameState,
    seat: int,
    rng: random.Random,
    *,
    view: Callable[[GameState, int], object] = observed,
) -> None:
    """Assert that what ``seat`` sees does not change with the cards it cannot see.

    Deals the hidden cards again (:func:`redeal_hidden`) and compares the two
    views. By default the view is :func:`observed`: the observation, its JSON
    form and its legal-action listing, so what a server sends is checked too.
    Pass your own ``view`` to check that a bot's features, or a server's
    messages to a player, give nothing away.

    Args:
        state: The state.
        seat: The seat observing.
        rng: The source of randomness for the new deal.
        view: What the seat is shown: :func:`observed` by default.

    Raises:
        AssertionError: If the views differ.

    Examples:
        >>> import random, tonk
        >>> state = tonk.new_game(tonk.Rules(), players=3, seed=2)
        >>> check_no_leak(state, 1, random.Random(0))
        >>> check_no_leak(state, 1, random.Random(0),
        ...               view=lambda state, seat: state.stock_size)
        >>> check_no_leak(state, 1, random.Random(0),
        ...               view=lambda state, seat: state.stock[0])
        Traceback (most recent call last):
        ...
        AssertionError: seat 1 can tell apart two states that differ only in cards it cannot see

    .. versionchanged:: 0.2.0
       The default view includes the observation's JSON form.
    """  # noqa: E501
    other = redeal_hidden(state, seat, rng)
    assert view(state, seat) == view(other, seat), (
        f"seat {seat} can tell apart two states that differ only in cards it cannot see"
    )
