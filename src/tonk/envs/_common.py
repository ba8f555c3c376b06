"""What the environment adapters share: rules by name, arrays and the text view.

Private: numpy is imported here, so only modules behind an extra that
includes numpy import this one.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from tonk import presets
from tonk._cache import by_identity
from tonk._validate import brief
from tonk.actions import Action, Tunk
from tonk.cards import Card
from tonk.encoding import (
    _actions,
    _observations,
    _sorted_indices,
    _write,
    action_sections,
    index_to_action,
    legal_action,
)
from tonk.engine import legal_actions
from tonk.errors import EncodingError, TonkError
from tonk.observation import observe
from tonk.rules import Rules
from tonk.state import GameState

Floats = npt.NDArray[np.float32]
Bytes = npt.NDArray[np.int8]

_FLOAT32: np.dtype[np.float32] = np.dtype(np.float32)
_INT8: np.dtype[np.int8] = np.dtype(np.int8)
"""The arrays' types, made once: numpy takes a type object given by position
sooner than a scalar type by keyword (``dtype=np.int8``), which it converts
at each call (about 0.1 us for a vector, 0.2 us for a mask, of an
environment step's few microseconds)."""


def resolved_rules(rules: Rules | str) -> Rules:
    """Return ``rules``, or the preset it names."""
    if isinstance(rules, str):
        return presets.get(rules)
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be Rules or a preset name, got {rules!r}")
    return rules


def action_index(action: object, size: int) -> int:
    """Return ``action`` as an index of an action space of ``size`` actions.

    Only an int or a numpy integer is an index: a bool, a float (``1.7``,
    NaN), a string (``"1"``) or ``None`` is refused, never converted.

    Raises:
        TypeError: If ``action`` is not an int or a numpy integer.
        EncodingError: If it is outside ``0..size - 1``.
    """
    index = action
    if index.__class__ is not int:  # a numpy integer, or refused (a bool too)
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise TypeError(
                "an action must be an int index (an int or a numpy integer), got"
                f" {brief(action)} of type {type(action).__name__}"
            )
        index = int(action)
    if not 0 <= index < size:
        raise EncodingError(f"action index must be 0..{size - 1}, got {index}")
    return index


def tunk_index(rules: Rules, players: int) -> int | None:
    """Return the index of the tunk (H5) in the layout, or ``None`` without one."""
    name, start, size = action_sections(rules, players)[-1]
    assert name == "tunk"
    return start if size else None


def remembered_action(
    memo: dict[int, Action],
    index: int,
    rules: Rules,
    players: int,
    state: GameState | None,
) -> Action:
    """Return the action ``index`` plays in ``state``, remembered in ``memo``.

    An index of a layout always numbers the same action, and actions are
    frozen, so the memo never goes stale; it holds at most one entry per
    index of the layout. ``memo`` is one environment's, for one rule set and
    table size. The tunk's index (H5) is the exception: it plays the hand's
    canonical arrangement (:func:`~tonk.encoding.legal_action`), so it is
    decoded in ``state`` each time; where no tunk is legal (or between the
    hands of a session, ``state=None``) it is the empty ``Tunk()``, which the
    engine refuses saying why.
    """
    action = memo.get(index)
    if action is None:
        if index == tunk_index(rules, players):
            try:
                return Tunk() if state is None else legal_action(state, index)
            except EncodingError:
                return Tunk()
        action = memo[index] = index_to_action(index, rules, players)
    return action


DEALS = 1_000
"""How many hands an environment deals, looking for one that asks for a
decision, before it gives up."""


def live_hand(deal: Callable[[], GameState]) -> GameState:
    """Return the first hand from ``deal()`` that is not over.

    Raises:
        TonkError: If :data:`DEALS` hands in a row are over at once (rules
            whose every deal is a deal tonk, or opponents that always end the
            hand first).
    """
    for _ in range(DEALS):
        hand = deal()
        if hand.outcome is None:
            return hand
    raise TonkError(
        f"{DEALS} hands in a row ended before the first decision: these rules"
        " (or opponents) leave nothing to decide"
    )


class Encoder:
    """One table's encodings, looked up once: legal indices and observation vectors.

    An environment keeps one for its rules and table size, and asks it for
    the indices and vectors of its hands (each holding that many seats):
    :func:`~tonk.encoding.legal_indices` and
    :func:`~tonk.encoding.observation_vector`'s results, without their checks
    and without the look-up of the layouts at each call.
    """

    __slots__ = ("_indices", "actions", "observations")

    def __init__(self, rules: Rules, players: int) -> None:
        """Look up the layouts of ``rules`` at a table of ``players``."""
        self.actions = _actions(rules, players)
        self.observations = _observations(rules, players)
        # A turn's start gives one of a few tuples the engine keeps: the
        # indices of each are sorted once.
        self._indices = by_identity(
            functools.partial(_sorted_indices, self.actions), limit=64
        )

    def legal(self, state: GameState) -> tuple[int, ...]:
        """Return the indices of ``state``'s legal actions, ascending."""
        return self._indices(legal_actions(state))

    def vector(self, state: GameState, seat: int, size: int) -> Floats:
        """Return ``seat``'s observation vector of ``state`` in a new float32 array.

        The array holds ``size`` floats (the vector's, or more: zeros follow
        it); ``seat`` is at the table.
        """
        array = np.zeros(size, _FLOAT32)
        _write(memoryview(array), self.observations, state, seat)  # type: ignore[arg-type]
        return array


def mask_array(indices: Sequence[int], size: int) -> Bytes:
    """Return a new int8 mask of ``size`` with 1 at ``indices``."""
    mask = bytearray(size)  # zeros, set in place, then seen by numpy as they are
    for index in indices:
        mask[index] = 1
    return np.frombuffer(mask, _INT8)


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards)) or "-"


def render_table(state: GameState, names: Sequence[str]) -> str:
    """Return the public table of ``state`` as text: nobody's hidden cards.

    It is drawn from an observation (seat 0's, without its hand), so it shows
    only what every seat may know: hand sizes, cards known to have been taken,
    the spreads, the discard pile and the stock size; the hands once shown.
    """
    seen = observe(state, 0)
    rules = seen.rules
    lines = [
        f"Tonk: {len(names)} players, turn {seen.turns_taken}"
        + ("" if rules.max_turns is None else f" of at most {rules.max_turns}"),
        f"phase {seen.phase.value}; {names[seen.to_move]} to move;"
        f" dealer {names[seen.dealer]}",
        f"stock {seen.stock_size}; discard {seen.top_discard or '-'}"
        f" (pile {len(seen.discard_pile)})",
    ]
    if seen.slap is not None:
        lines.append(
            f"{'eating' if rules.eating else 'slap-in'} window for {seen.slap.card},"
            " discarded by"
            f" {names[seen.slap.discarder]}"
        )
    lines.extend(f"  spread {spread}" for spread in seen.spreads)
    shown = seen.shown_hands
    for seat, name in enumerate(names):
        held = (
            f"shows {_cards(shown[seat])}"
            if shown is not None
            else f"{seen.hand_sizes[seat]} cards"
            + (f", took {_cards(seen.taken[seat])}" if seen.taken[seat] else "")
        )
        waits = f", waits {seen.waits[seat]}" if seen.waits[seat] else ""
        lines.append(f"  {name}: {held}{waits}")
    outcome = seen.outcome
    if outcome is not None:
        payoffs = ", ".join(
            f"{name} {'+' if payoff > 0 else ''}{payoff}"
            for name, payoff in zip(names, outcome.payoffs, strict=True)
        )
        lines.append(f"hand over ({outcome.kind.value}): {payoffs}")
    return "\n".join(lines)
