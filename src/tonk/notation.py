"""Text notation for actions, used by records and the command line.

==================  ==================================================
``drop``            :class:`~tonk.actions.Drop`
``draw stock``      :class:`~tonk.actions.DrawStock`
``draw discard``    :class:`~tonk.actions.DrawDiscard`
``spread 7H 8H 9H`` :class:`~tonk.actions.LaySpread` (cards in any order)
``hit 2 10H``       :class:`~tonk.actions.Hit` onto spread number 2
``discard KS``      :class:`~tonk.actions.Discard`
``claim``           :class:`~tonk.actions.ClaimDealTonk` (V19)
``slap 2``          :class:`~tonk.actions.Slap` onto spread 2 (V26)
``pass``            :class:`~tonk.actions.Pass` (V26, X5)
``eat``             :class:`~tonk.actions.Eat` (X5)
``exchange KD``     :class:`~tonk.actions.Exchange` with the widow (V46)
``tunk 7C 7D 7S``   :class:`~tonk.actions.Tunk` (H5): its spreads, each
                    written as in ``spread``, apart by `` / ``
                    (``tunk 4C 4D 4S / 7H 8H 9H``); ``tunk`` alone
                    lays no spread
==================  ==================================================

With wild cards (V4, V5) a wild in a spread or hit names the card it stands for:
``spread 5H 2C=6H 7H``, ``hit 1 JK=QS``, and so does a wild discard slapped as
another card: ``slap 1 JK=QS``.

Keywords and cards are case-insensitive. ``hit 10H`` without a number is
accepted when exactly one spread on the table takes the card.

Examples:
    >>> import tonk
    >>> format_action(tonk.Hit(2, tonk.Card.parse("10H")))
    'hit 2 10H'
"""

from __future__ import annotations

from tonk._validate import MAX_DIGITS, brief, read_int
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
from tonk.cards import Card, WildCard, _parse_card, _parse_element
from tonk.engine import legal_actions
from tonk.errors import AmbiguousActionError, NotationError
from tonk.state import GameState

__all__ = ["format_action", "parse_action"]


def _words(text: str) -> list[tuple[str, int]]:
    words = []
    position = 0
    for word in text.split():
        position = text.index(word, position)
        words.append((word, position))
        position += len(word)
    return words


def parse_action(state: GameState, text: str) -> Action:
    """Read an action written in action notation, for the player to move in ``state``.

    The state is used only to complete ``hit CARD`` without a spread number;
    whether the action is legal is for :func:`tonk.apply` to say.

    Args:
        state: The state the action is meant for.
        text: The action, such as ``"spread 7H 8H 9H"``.

    Returns:
        The action.

    Raises:
        NotationError: If ``text`` is not an action; it says where and why.
        AmbiguousActionError: If ``hit CARD`` fits several spreads.

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.Rules(), players=2, seed=7)
        >>> parse_action(state, "Draw Stock")
        DrawStock()
        >>> parse_action(state, "discard 10x")
        Traceback (most recent call last):
        ...
        tonk.errors.NotationError: unknown suit 'x' (at position 10 of 'discard 10x')
        >>> parse_action(state, "fold")
        Traceback (most recent call last):
        ...
        tonk.errors.NotationError: unknown action 'fold': expected drop, draw, spread, hit, discard, claim, slap, eat, pass, exchange or tunk (at position 0 of 'fold')
    """  # noqa: E501
    return _parse_action(text, state)


def _parse_action(text: str, state: GameState | None) -> Action:
    """Read an action; without a ``state``, ``hit CARD`` needs its spread number."""
    if not isinstance(text, str):
        raise TypeError(f"action notation must be a str, got {brief(text)}")
    words = _words(text)
    if not words:
        raise NotationError("empty action", text=text, position=0)
    (verb, _), *rest = words
    verb = verb.lower()

    def expect_count(count: int, usage: str) -> None:
        if len(rest) != count:
            position = rest[count][1] if len(rest) > count else len(text)
            raise NotationError(
                f"{brief(verb)} takes {usage}", text=text, position=position
            )

    if verb == "drop":
        expect_count(0, "nothing after it")
        return Drop()
    if verb == "claim":
        expect_count(0, "nothing after it")
        return ClaimDealTonk()
    if verb == "pass":
        expect_count(0, "nothing after it")
        return Pass()
    if verb == "eat":
        expect_count(0, "nothing after it")
        return Eat()
    if verb == "slap":
        if len(rest) != 2:
            expect_count(1, "a spread number (and a wild card's designation)")
            ((number, number_position),) = rest
            return Slap(_spread_number(number, text, number_position))
        (number, number_position), (word, position) = rest
        wild = _parse_element(word, text, position)
        if not isinstance(wild, WildCard):
            raise NotationError(
                "'slap' names a card only for a wild card, as what it stands for"
                " (as 'JK=10H')",
                text=text,
                position=position,
            )
        return Slap(_spread_number(number, text, number_position), wild)
    if verb == "draw":
        expect_count(1, "'stock' or 'discard'")
        ((source, position),) = rest
        if source.lower() == "stock":
            return DrawStock()
        if source.lower() == "discard":
            return DrawDiscard()
        raise NotationError(
            f"cannot draw from {brief(source)}: expected 'stock' or 'discard'",
            text=text,
            position=position,
        )
    if verb in ("discard", "exchange"):
        expect_count(1, "one card")
        ((word, position),) = rest
        card = _parse_card(word, text, position)
        return Discard(card) if verb == "discard" else Exchange(card)
    if verb == "spread":
        if len(rest) < 3:
            raise NotationError(
                "'spread' takes at least three cards", text=text, position=len(text)
            )
        return LaySpread(
            _parse_element(word, text, position) for word, position in rest
        )
    if verb == "hit":
        if len(rest) == 1:
            ((word, position),) = rest
            element = _parse_element(word, text, position)
            if state is None:
                raise NotationError(
                    "'hit' takes a spread number and a card here: write"
                    " 'hit NUMBER CARD'",
                    text=text,
                    position=position,
                )
            return _complete_hit(state, element, text)
        expect_count(2, "a spread number and a card")
        (number, number_position), (word, position) = rest
        spread = _spread_number(number, text, number_position)
        return Hit(spread, _parse_element(word, text, position))
    if verb == "tunk":
        return _tunk(text, rest)
    raise NotationError(
        f"unknown action {brief(words[0][0])}:"
        " expected drop, draw, spread, hit, discard, claim, slap, eat, pass,"
        " exchange or tunk",
        text=text,
        position=words[0][1],
    )


def _tunk(text: str, rest: list[tuple[str, int]]) -> Tunk:
    """Read a tunk's spreads, written as ``spread``'s cards apart by ``/`` (H5)."""
    groups: list[list[tuple[str, int]]] = [[]]
    for word, position in rest:
        if word == "/":
            groups.append([])
        else:
            groups[-1].append((word, position))
    if groups == [[]]:
        return Tunk()
    spreads = []
    for group in groups:
        if len(group) < 3:
            position = group[0][1] if group else len(text)
            raise NotationError(
                "each spread of a 'tunk' takes at least three cards, apart by ' / '",
                text=text,
                position=position,
            )
        spreads.append(
            LaySpread(_parse_element(word, text, position) for word, position in group)
        )
    return Tunk(spreads)


def _spread_number(word: str, text: str, position: int) -> int:
    number = read_int(word)
    if number is None or number < 1:
        raise NotationError(
            f"spread number must be 1 or more, of at most {MAX_DIGITS} digits,"
            f" got {brief(word)}",
            text=text,
            position=position,
        )
    return number


def _complete_hit(state: GameState, card: Card | WildCard, text: str) -> Hit:
    fitting = [
        action
        for action in legal_actions(state)
        if isinstance(action, Hit) and action.card == card
    ]
    if len(fitting) == 1:
        return fitting[0]
    if not fitting:
        raise NotationError(
            f"no spread takes {card}; write 'hit NUMBER CARD'",
            text=text,
            position=0,
        )
    numbers = ", ".join(str(action.spread) for action in fitting)
    raise AmbiguousActionError(
        f"{brief(text)} could hit spread {numbers}; write 'hit NUMBER CARD'",
        candidates=fitting,
    )
