"""What a bot can work out from an observation: unseen cards, likely counts.

Private helpers shared by :class:`~tonk.bots.GreedyBot`,
:class:`~tonk.bots.ISMCTSBot` and the belief of
:class:`~tonk.bots.InferenceBot`. Everything here reads an
:class:`~tonk.observation.Observation` only.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tonk._cache import Cache
from tonk._compiled import compiled
from tonk._deal import samples_drawing
from tonk.cards import CODE_COUNT, Card
from tonk.observation import Observation
from tonk.rules import Catch, DropPay
from tonk.scoring import settle_drop

__all__ = [
    "drop_payoffs",
    "sampled_counts",
    "seat_turns",
    "unseen_counts",
    "unseen_values",
]


_Settling = tuple[Catch, tuple[DropPay, ...], int, int]
"""What settles a drop besides the counts: catch, drop bonus, dropper, dealer."""

_MOST_COUNTS = 4_096
"""The counts remembered for one way of settling (four seats' counts vary)."""


def unseen_counts(obs: Observation) -> list[int]:
    """Return, for each card code, how many copies ``obs``'s seat has not seen.

    The unseen cards are the pack less the seat's hand, the discard pile, the
    spreads, the cards other seats are known to hold (:attr:`taken`) and the
    seat's own exchanged widow: the other hands' unknown cards, the widows and
    the stock.
    """
    counts = [0] * CODE_COUNT
    for card in obs.rules.pack(players=obs.player_count):
        counts[card.code] += 1
    seen: list[Card] = [*obs.hand, *obs.discard_pile]
    for spread in obs.spreads:
        seen.extend(spread.cards)
    for seat, cards in enumerate(obs.taken):
        if seat != obs.seat:
            seen.extend(cards)
    if obs.widow is not None:
        seen.append(obs.widow)
    for card in seen:
        counts[card.code] -= 1
    return [max(0, count) for count in counts]


def unseen_values(obs: Observation, counts: list[int]) -> list[int]:
    """Return the count value of every unseen card (one entry per copy)."""
    values = compiled(obs.rules).tables.values
    return [values[code] for code in range(CODE_COUNT) for _ in range(counts[code])]


_SETTLED: Cache[_Settling, Cache[tuple[int, ...], float]] = Cache(None, limit=64)
"""The drop payoffs settled so far, by what settles them: the catch, the drop
bonus, the dropper and the dealer (:func:`drop_payoffs`)."""


def drop_payoffs(obs: Observation) -> Callable[[tuple[int, ...]], float]:
    """Return what a drop would pay ``obs``'s seat, given every seat's count (B13).

    A bot weighs a drop over many sampled hands, at every turn start, and the
    counts repeat: each is settled once (:func:`~tonk.scoring.settle_drop`,
    under ``obs``'s rules and dealer) and remembered for every later call
    with the same catch, drop bonus, dropper and dealer.
    """
    rules, me, dealer = obs.rules, obs.seat, obs.dealer
    catch, bonus = rules.catch, rules.drop_bonus
    key = (catch, bonus, me, dealer)
    settled = _SETTLED.get(key)
    if settled is None:
        settled = _SETTLED.put(key, Cache(None, limit=_MOST_COUNTS))

    def payoff(counts: tuple[int, ...]) -> float:
        value = settled.get(counts)
        if value is None:
            outcome = settle_drop(counts, me, catch=catch, dealer=dealer, bonus=bonus)
            value = settled.put(counts, float(outcome.payoffs[me]))
        return value

    return payoff


def seat_turns(obs: Observation, seat: int) -> int:
    """Return how many turns ``seat`` has completed in the hand (about)."""
    players = obs.player_count
    first = (seat - obs.dealer - 1) % players
    if obs.turns_taken <= first:
        return 0
    return (obs.turns_taken - first + players - 1) // players


def sampled_counts(
    obs: Observation, pool: list[int], rng: random.Random, samples: int
) -> list[list[int]]:
    """Sample every seat's count as ``obs``'s seat might guess it.

    Each other seat holds its known cards (:attr:`taken`) and, for its unknown
    cards, the lowest of as many unseen cards plus one more for each turn it
    has taken: a seat that has played a few turns has discarded its worst
    cards, so its hand is lower than a random one.
    """
    values = compiled(obs.rules).tables.values
    me = obs.seat
    players = obs.player_count
    known = [sum(values[card.code] for card in cards) for cards in obs.taken]
    unknown = [
        size - len(cards) for size, cards in zip(obs.hand_sizes, obs.taken, strict=True)
    ]
    extra = [0 if seat == me else seat_turns(obs, seat) for seat in range(players)]
    unknown[me] = 0
    while sum(unknown) + sum(extra) > len(pool) and any(extra):
        largest = max(range(players), key=lambda seat: extra[seat])
        extra[largest] -= 1
    drawn = sum(unknown) + sum(extra)
    if drawn > len(pool):  # pragma: no cover - the observation fits its pack
        drawn = len(pool)
    mine = sum(values[card.code] for card in obs.hand)
    # Each other seat's share of a sample: where it lies, how many of its
    # lowest cards the seat holds, and the count of its known cards.
    shares = []
    at = 0
    for seat in range(players):
        if seat != me:
            share = unknown[seat] + extra[seat]
            shares.append((seat, at, at + share, unknown[seat], known[seat]))
            at += share
    result = []
    for cards in samples_drawing(pool, drawn, rng, samples):  # rng.sample's
        counts = [mine] * players
        for seat, start, stop, size, count in shares:
            held = cards[start:stop]
            if stop - start > size:  # the lowest of more cards
                held.sort()
            counts[seat] = count + sum(held[:size])
        result.append(counts)
    return result
