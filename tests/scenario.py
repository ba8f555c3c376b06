"""Helpers shared by the scenario tests (stacked decks, exact outcomes)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

import tonk
from tonk import Card, Deal, GameState, Outcome, Phase, Rules, Session
from tonk.bots import GreedyBot
from tonk.session import apply_session
from tonk.testing import check_invariants, stack_deck


def cards(text: str) -> tuple[Card, ...]:
    return tonk.parse_cards(text)


def card(text: str) -> Card:
    return Card.parse(text)


def sorted_hand(text: str) -> tuple[Card, ...]:
    """A hand as the state holds it: sorted by suit, then rank."""
    return tuple(sorted(cards(text)))


FIFTY, FIFTY_B = "10C JC QC KC KD", "10H JH QH KH KS"  # dealt 50s
MID_C, MID_D = "5C 6C 7C 8C 9C", "5D 6D 7D 8D 9D"  # 35s, no deal tonk


def session_deal(session: Session, hands: list[str], **kwargs: str) -> Session:
    """Deal the session's next hand from a deck stacked with ``hands``."""
    deck = stack_deck(session.rules, hands=hands, dealer=session.dealer, **kwargs)
    return apply_session(session, Deal(deck=deck))


def seat_0_first(
    rules: Rules, hands: Sequence[str], upcard: str, stock: str = ""
) -> GameState:
    """Deal ``hands`` (seat 0's first) under ``rules``, seat 0 to play first."""
    dealer = len(hands) - 1
    deck = stack_deck(
        rules, hands=list(hands), upcard=upcard, stock=stock, dealer=dealer
    )
    return tonk.new_game(rules, players=len(hands), deck=deck, dealer=dealer)


def finished(state: GameState) -> Outcome:
    check_invariants(state)
    assert state.phase is Phase.HAND_OVER
    assert state.outcome is not None
    assert tonk.legal_actions(state) == ()
    return state.outcome


def live(state: GameState) -> None:
    check_invariants(state)
    assert state.outcome is None
    assert state.phase is not Phase.HAND_OVER


# --- states of interest, found by playing from seeds 0, 1, ... -------------------


def first_state(
    rules: Rules,
    players: int,
    wanted: Callable[[GameState], bool],
    *,
    policy: str = "greedy",
    first_seed: int = 0,
) -> GameState:
    """The first ``wanted`` state of the playouts of seeds ``first_seed`` to 299.

    The policy is the greedy bot, random play, or random play that never drops.
    """
    bot = GreedyBot()
    for seed in range(first_seed, 300):
        rng = random.Random(seed)
        state = tonk.new_game(rules, players=players, seed=seed)
        while True:
            if wanted(state):
                return state
            if state.outcome is not None:
                break
            seen = tonk.observe(state, state.to_move)
            if policy == "greedy":
                action = bot.choose(seen, seen.legal_actions, rng)
            else:
                choices = seen.legal_actions
                if policy == "no-drop":
                    choices = tuple(a for a in choices if a != tonk.Drop()) or choices
                action = rng.choice(choices)
            state = tonk.apply(state, action)
    raise AssertionError("no playout reached the wanted state")


def out_by_discard() -> GameState:
    """B11: seat 0 draws JH, spreads 7H-JH and goes out discarding 2S (dealer 1)."""
    deck = stack_deck(
        Rules(),
        hands=["7H 8H 9H 10H 2S", "AC 3C 5D 7C 9C"],
        upcard="QD",
        stock="JH",
        dealer=1,
    )
    state = tonk.new_game(Rules(), players=2, deck=deck, dealer=1)
    for text in ("draw stock", "spread 7H 8H 9H 10H JH", "discard 2S"):
        state = tonk.apply(state, tonk.parse_action(state, text))
    return state


def has_wild_spread(state: GameState) -> bool:
    return any(
        spread.cards != spread.stands_for and spread.hitters for spread in state.spreads
    )


def _scenarios() -> dict[str, Callable[[], GameState]]:
    pagat = tonk.presets.PAGAT
    return {
        "pagat-deal": lambda: tonk.new_game(pagat, players=3, seed=2),
        "pagat-hits": lambda: first_state(
            pagat,
            3,
            lambda s: (
                s.phase is Phase.TURN_START
                and any(spread.hitters for spread in s.spreads)
            ),
        ),
        "pagat-caught": lambda: first_state(
            pagat,
            3,
            lambda s: (
                s.outcome is not None and s.outcome.kind is tonk.OutcomeKind.CAUGHT
            ),
            policy="random",
        ),
        "pagat-tonk-out": lambda: first_state(
            pagat,
            2,
            lambda s: (
                s.outcome is not None and s.outcome.kind is tonk.OutcomeKind.TONK_OUT
            ),
        ),
        "chicago-wilds": lambda: first_state(tonk.presets.CHICAGO, 3, has_wild_spread),
        "slap-in-window": lambda: first_state(
            Rules(slap_in=True),
            3,
            lambda s: s.phase is Phase.SLAP_WINDOW,
            policy="no-drop",
        ),
        "washington-state-waits": lambda: first_state(
            tonk.presets.WASHINGTON_STATE, 3, lambda s: any(s.waits)
        ),
        "widow": lambda: first_state(  # the greedy bot first exchanges at seed 280
            Rules(widow=True),
            2,
            lambda s: any(s.exchanged) and s.outcome is None,
            first_seed=280,
        ),
        "must-use": lambda: first_state(
            Rules(discard_draw_must_meld=True), 2, lambda s: s.must_use is not None
        ),
    }


SCENARIOS = _scenarios()


def refused_state(state: GameState, path: str) -> str:
    """Check that ``state`` is refused at ``path``, alike by validate and from_json.

    Returns the message.
    """
    with pytest.raises(tonk.InvalidStateError) as validated:
        tonk.validate(state)
    assert validated.value.path == path, str(validated.value)
    with pytest.raises(tonk.SerializationError) as loaded:
        tonk.from_json(tonk.to_json(state), GameState)
    assert str(loaded.value) == str(validated.value)
    return str(validated.value)
