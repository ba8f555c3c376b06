"""The bots' ladder: every shipped bot against every other, the figures of docs/bots.md.

Run ``python benchmarks/bot_winrates.py`` for the ladder (the ``pagat``
preset): every pair of the shipped bots (``random``, ``greedy``,
``ismcts``, ``inference``) head to head at two players, and each bot alone
against three of another at four players, then the four together at one
table; or ``--quick`` for a short check (a few hands, seconds). It prints
Markdown tables: each bot's mean stake per hand with its 95% confidence
interval, its win rate, and its milliseconds per decision (mean and
slowest, in CPU time: one core's work, however busy the machine; the
objects made at start-up are frozen out of the garbage collector, as a
program that cares for its latency does, so that a full collection of the
interpreter's own tens of thousands of objects, about 25 ms on a slow
machine, does not land in a decision), and a
Bradley-Terry rating fitted to the head-to-head wins, shown on the Elo scale
(greedy = 1500).

``--target DEALS`` instead measures the inference bot against the greedy bot
(one against one, and one against three) over ``DEALS`` duplicate deals,
and ``--belief-deals DEALS`` ``ISMCTSBot(belief=True)``, and the plain
``ISMCTSBot``, against the greedy bot at two players (``--only KEYS``
plays only those match-ups, by their keys in the ``--json`` file);
``--brier HANDS`` measures how sharp the belief is: the Brier score of "am I
strictly lowest?" at the start of each turn of ``HANDS`` hands of greedy
bots, for the belief (:func:`tonk.bots.infer`), the same deals unweighted,
and the greedy bot's own estimate; ``--drop-study HANDS`` values the
inference bot's drop margin (``InferenceBot(drop_margin=...)``) on its drop
points in ``HANDS`` hands at 2 and 4 players against greedy bots (see
:func:`drop_study`); ``--wait-study HANDS`` values, on the same points,
dropping when the drop's believed payoff beats the believed payoff of
playing on, estimated by greedy rollouts from the belief (see
:func:`wait_study`), and ``--lookahead-study HANDS`` the same with playing
on's payoff looked at one round ahead: the other seats' drops by the greedy
model (see :func:`_looked_ahead`); ``--fit-drop HANDS`` fits a learned chance of being
strictly lowest on the same points (a logistic regression of the belief's
chance and public facts, :func:`drop_features`; numpy, the ``bench``
extra) on ``HANDS`` hands at each of 2 and 4 players, and tests it on
``HANDS`` more (see :func:`fit_drop`; ``--json`` also keeps the points);
``--model-study HANDS`` scores the belief as ``--brier`` does, at each table
size, with the greedy model and with a model that plays the greedy bot's own
drop and discard rules on what the seat saw at each turn (see
:func:`model_study`), and ``--faithful-lookahead-study HANDS`` is
``--lookahead-study`` with that model's drop bars
(:func:`_looked_ahead_faithfully`).

With ``--json PATH`` it writes the results (each match-up's
:meth:`tonk.bots.TournamentResult.to_dict`) to a file; with ``--svg PATH``
it draws the head-to-head win rates as a bar chart (``docs/make_figures.py``'s
``bar_chart``, with matplotlib); ``--redraw JSON --svg PATH`` draws it again
from a ``--json`` file without playing.

The hands are played by :func:`tonk.bots.tournament`: in duplicate (each deal
is played once for each rotation of the bots round the table) with the deal
moving round, so no bot is luckier with the cards. The confidence intervals
are 95% normal intervals with each deal counted as one sample.
"""

from __future__ import annotations

import argparse
import copy
import functools
import gc
import importlib.util
import itertools
import json
import math
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import attrs

import tonk
from tonk._compiled import compiled
from tonk.actions import Action
from tonk.bots import (
    Bot,
    GreedyBot,
    GreedyModel,
    InferenceBot,
    ISMCTSBot,
    Memory,
    OpponentTurn,
    RandomBot,
    infer,
)
from tonk.bots._belief import drop_threshold, tables_of
from tonk.bots._greedy import _View, _without
from tonk.observation import Observation
from tonk.scoring import settle_drop

RULES = tonk.presets.PAGAT


class Timed:
    """A bot that times each of its decisions."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.seconds: list[float] = []

    def choose(
        self, obs: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """Return the bot's choice, timing it in CPU time (a machine may be shared)."""
        began = time.process_time()
        action = self.bot.choose(obs, legal, rng)
        self.seconds.append(time.process_time() - began)
        return action


def shipped(iterations: int) -> dict[str, Callable[[], Bot]]:
    """Return a factory for each shipped bot, by its name in ``load_bot``."""
    return {
        "inference": InferenceBot,
        "ismcts": lambda: ISMCTSBot(iterations=iterations),
        "greedy": GreedyBot,
        "random": RandomBot,
    }


def play(
    factories: Sequence[Callable[[], Bot]],
    names: Sequence[str],
    *,
    deals: int,
    seed: int,
    timings: dict[str, list[float]],
) -> dict[str, Any]:
    """Play ``deals`` duplicate deals between new bots; add their decision times."""
    bots = [Timed(factory()) for factory in factories]
    result = tonk.bots.tournament(
        RULES, bots, hands=deals * len(bots), seed=seed, names=names
    )
    for name, bot in zip(names, bots, strict=True):
        timings.setdefault(name.split("#")[0], []).extend(bot.seconds)
    results: dict[str, Any] = result.to_dict()
    return results


def stake(record: dict[str, Any]) -> str:
    """Return a record's mean stake per hand with its interval."""
    if record["mean_payoff_ci95"] is None:
        return f"{record['mean_payoff']:+.3f}"
    low, high = record["mean_payoff_ci95"]
    return f"{record['mean_payoff']:+.3f} ({low:+.3f} to {high:+.3f})"


def milliseconds(seconds: Sequence[float]) -> str:
    """Return the mean and the slowest of decision times, in milliseconds."""
    if not seconds:
        return "–"
    return f"{1000 * sum(seconds) / len(seconds):.1f} / {1000 * max(seconds):.0f}"


def rating(wins: dict[tuple[str, str], int], names: Sequence[str]) -> dict[str, float]:
    """Return Bradley-Terry strengths fitted to the wins, on the Elo scale.

    ``wins[a, b]`` counts the hands ``a`` won and ``b`` lost. The strengths
    are fitted by the minorization-maximization iteration (Hunter, 2004),
    with half a win added each way so that no strength is 0 or infinite,
    and shown as ``1500 + 400 log10(strength / greedy's)``.
    """
    strength = dict.fromkeys(names, 1.0)
    for _ in range(500):
        updated = {}
        for name in names:
            won = sum(
                wins.get((name, other), 0) + 0.5 for other in names if other != name
            )
            games = sum(
                (wins.get((name, other), 0) + wins.get((other, name), 0) + 1)
                / (strength[name] + strength[other])
                for other in names
                if other != name
            )
            updated[name] = won / games
        total = sum(updated.values())
        strength = {name: value / total for name, value in updated.items()}
    anchor = strength.get("greedy", 1.0)
    return {
        name: 1500 + 400 * math.log10(value / anchor)
        for name, value in strength.items()
    }


def ladder(args: argparse.Namespace) -> dict[str, Any]:
    """Play the ladder and print its tables; return the results."""
    factories = shipped(args.iterations)
    names = list(factories)
    timings: dict[str, list[float]] = {}
    results: dict[str, Any] = {}
    wins: dict[tuple[str, str], int] = {}
    print(
        f"tonk {tonk.__version__}: pagat, seed {args.seed}, ISMCTS"
        f" {args.iterations} iterations per decision"
    )
    print()
    print(
        f"Two players, {args.deals:,} duplicate deals ({2 * args.deals:,} hands) each:"
    )
    print()
    print(
        "| match-up | first's mean stake/hand (95% CI) | first's win rate |"
        " second's win rate |"
    )
    print("|---|---:|---:|---:|")
    for first, second in itertools.combinations(names, 2):
        result = play(
            [factories[first], factories[second]],
            [first, second],
            deals=args.deals,
            seed=args.seed,
            timings=timings,
        )
        results[f"{first}-{second}"] = result
        one, two = result["bots"]
        wins[first, second] = one["wins"] - _ties(result)
        wins[second, first] = two["wins"] - _ties(result)
        print(
            f"| {first} vs {second} | {stake(one)} | {100 * one['win_rate']:.1f}% |"
            f" {100 * two['win_rate']:.1f}% |",
            flush=True,
        )
    print()
    print(
        f"Four players, one bot against three of another,"
        f" {args.deals4:,} duplicate deals ({4 * args.deals4:,} hands) each:"
    )
    print()
    print("| the one | the three | the one's mean stake/hand (95% CI) | its win rate |")
    print("|---|---|---:|---:|")
    for first, second in itertools.permutations(names, 2):
        result = play(
            [factories[first]] + [factories[second]] * 3,
            [first, *(f"{second}#{copy}" for copy in range(3))],
            deals=args.deals4,
            seed=args.seed,
            timings=timings,
        )
        results[f"4p:{first}-3x{second}"] = result
        one = result["bots"][0]
        print(
            f"| {first} | 3 × {second} | {stake(one)} | {100 * one['win_rate']:.1f}% |",
            flush=True,
        )
    print()
    print(f"The four at one table, {args.deals4:,} duplicate deals:")
    print()
    print("| bot | mean stake/hand (95% CI) | win rate |")
    print("|---|---:|---:|")
    mixed = play(
        [factories[name] for name in names],
        names,
        deals=args.deals4,
        seed=args.seed,
        timings=timings,
    )
    results["4p:mixed"] = mixed
    for record in mixed["bots"]:
        print(
            f"| {record['name']} | {stake(record)} | {100 * record['win_rate']:.1f}% |"
        )
    print()
    print("Ratings (Bradley-Terry, head-to-head wins, Elo scale) and decision times:")
    print()
    print("| bot | rating | ms per decision (mean / slowest) |")
    print("|---|---:|---:|")
    ratings = rating(wins, names)
    for name in sorted(names, key=lambda name: -ratings[name]):
        print(f"| {name} | {ratings[name]:.0f} | {milliseconds(timings[name])} |")
    results["ratings"] = ratings
    results["milliseconds"] = {
        name: {
            "mean": 1000 * sum(seconds) / len(seconds),
            "max": 1000 * max(seconds),
            "decisions": len(seconds),
        }
        for name, seconds in timings.items()
        if seconds
    }
    return results


def _ties(result: dict[str, Any]) -> int:
    """Return the hands of a two-bot match that both won (a tied showdown)."""
    one, two = result["bots"]
    return max(0, int(one["wins"]) + int(two["wins"]) - int(result["hands"]))


def target(args: argparse.Namespace) -> dict[str, Any]:
    """Measure the inference bot, and ISMCTS with beliefs, against greedy."""
    timings: dict[str, list[float]] = {}
    results: dict[str, Any] = {}
    print(f"tonk {tonk.__version__}: pagat, seed {args.seed}, {args.target:,} deals")
    print()
    print(
        "| match-up | deals | mean stake/hand (95% CI) | win rate | ms per decision |"
    )
    print("|---|---:|---:|---:|---:|")
    matches: list[tuple[str, list[Callable[[], Bot]], list[str], int]] = [
        (
            "inference-greedy",
            [InferenceBot, GreedyBot],
            ["inference", "greedy"],
            args.target,
        ),
        (
            "4p:inference-3xgreedy",
            [InferenceBot, GreedyBot, GreedyBot, GreedyBot],
            ["inference", "greedy", "greedy#2", "greedy#3"],
            args.target,
        ),
        (
            "ismcts-belief-greedy",
            [lambda: ISMCTSBot(iterations=args.iterations, belief=True), GreedyBot],
            [f"ismcts({args.iterations}, belief)", "greedy"],
            args.belief_deals,
        ),
        (
            "ismcts-greedy",
            [lambda: ISMCTSBot(iterations=args.iterations), GreedyBot],
            [f"ismcts({args.iterations})", "greedy"],
            args.belief_deals,
        ),
    ]
    for key, factories, names, deals in matches:
        if not deals or (args.only and key not in args.only.split(",")):
            continue
        timings.clear()
        result = play(factories, names, deals=deals, seed=args.seed, timings=timings)
        record = result["bots"][0]
        results[key] = {
            **result,
            "milliseconds": milliseconds(timings[names[0]]),
        }
        print(
            f"| {names[0]} vs {' + '.join(names[1:])} | {deals:,} | {stake(record)} |"
            f" {100 * record['win_rate']:.1f}% | {milliseconds(timings[names[0]])} |",
            flush=True,
        )
    return results


def brier(hands: int, seed: int) -> dict[str, float]:
    """Return the Brier scores of "am I strictly lowest?" at seat 0's turn starts."""
    from tonk.bots._knowledge import sampled_counts, unseen_counts, unseen_values

    values = compiled(RULES).tables.values
    rows: list[tuple[bool, float, float, float]] = []
    for players in (2, 4):
        for hand in range(hands):
            state = tonk.new_game(RULES, players=players, seed=seed + hand)
            bot = GreedyBot()
            memory = Memory()
            rng = random.Random(seed + hand)
            while state.outcome is None:
                seat = state.to_move
                seen = tonk.observe(state, seat)
                if seat == 0:
                    memory.update(seen)
                    if seen.phase is tonk.Phase.TURN_START and seen.turns_taken:
                        counts = [
                            sum(values[card.code] for card in cards)
                            for cards in state.hands
                        ]
                        truth = all(count > counts[0] for count in counts[1:])
                        belief = infer(
                            seen, random.Random(hand), memory=memory, lower=0.3
                        )
                        flat = infer(seen, random.Random(hand))
                        pool = unseen_values(seen, unseen_counts(seen))
                        greedy = sampled_counts(seen, pool, random.Random(hand), 64)
                        guess = sum(all(c > s[0] for c in s[1:]) for s in greedy) / 64
                        rows.append(
                            (truth, belief.chance_lowest(), flat.chance_lowest(), guess)
                        )
                state = tonk.apply(state, bot.choose(seen, seen.legal_actions, rng))
    scores = {
        name: sum((row[index] - row[0]) ** 2 for row in rows) / len(rows)
        for index, name in (
            (1, "belief"),
            (2, "uniform deals"),
            (3, "greedy's estimate"),
        )
    }
    rate = sum(row[0] for row in rows) / len(rows)
    scores["always the base rate"] = rate * (1 - rate)
    print(
        f"{len(rows):,} turn starts of seat 0 in {hands:,} hands at 2 and 4 players; "
        f"strictly lowest in {100 * rate:.1f}%"
    )
    print()
    print("| estimate | Brier score (lower is sharper) |")
    print("|---|---:|")
    for name, score in scores.items():
        print(f"| {name} | {score:.4f} |")
    return scores


class FaithfulModel(GreedyModel):
    """The greedy model, with the greedy bot's own drop and discard (``--model-study``).

    :class:`~tonk.bots.GreedyModel` reads a turn without the table it was
    played at: a drop bar by the turn's number alone, and a discard by a
    card's count less a bonus for a partner. This one reads, for each turn,
    what the observing seat saw then (``facts``, filled in as the hand is
    played): it bars the drop at the count below which the greedy bot's own
    estimate (:func:`~tonk.bots._knowledge.sampled_counts`, from the cards
    that seat had not seen, the hand sizes and the known cards) makes a
    drop pay, and draws the discard by a softmax of the greedy bot's own
    discard score (its near-spreads, the cards that fit the table, the
    stock) at temperature ``sharpness``. Only the study's referee fills
    ``facts``, with the observing seat's own observations.
    """

    facts: dict[tuple[str, int, int], Any]
    sharpness: float

    def __init__(
        self, facts: dict[tuple[str, int, int], Any], sharpness: float = 0.25
    ) -> None:
        super().__init__()
        object.__setattr__(self, "facts", facts)
        object.__setattr__(self, "sharpness", sharpness)

    def likelihood(
        self,
        rules: tonk.Rules,
        players: int,
        turn: OpponentTurn,
        hand: Sequence[tonk.Card],
        drawn: tonk.Card,
    ) -> float:
        chance = super().likelihood(rules, players, turn, hand, drawn)
        if not chance:
            return 0.0
        facts = self.facts
        values = compiled(rules).tables.values
        if turn.could_drop and ("bar", turn.seat, turn.turn) in facts:
            count = sum(values[card.code] for card in hand)
            chance *= _not_dropping(
                self, count, facts["bar", turn.seat, turn.turn]
            ) / _not_dropping(self, count, drop_threshold(rules, players, turn.turn))
        seen = facts.get(("discard", turn.seat, turn.turn))
        if turn.discarded is None or seen is None:
            return chance
        after = [*hand, drawn]
        for card in turn.laid:
            if card in after:
                after.remove(card)
        if turn.discarded not in after:
            return chance
        codes = [card.code for card in after]
        model = tables_of(rules)
        chance /= self._discard_chance(model, codes, turn.discarded.code)
        after.sort()
        view = _View(attrs.evolve(seen, seat=turn.seat, hand=tuple(after)), 1.5)
        scores = [view.discard_score(card, _without(after, card)) for card in after]
        top = max(scores)
        weights = [math.exp((score - top) / self.sharpness) for score in scores]
        share = weights[after.index(turn.discarded)] / sum(weights)
        return chance * max(self.mistake, share)


def _not_dropping(model: GreedyModel, count: int, bar: float) -> float:
    """Return the greedy model's chance of not dropping on ``count`` below ``bar``."""
    drops = 1 / (1 + math.exp((count - bar) / model.drop_width))
    return max(model.mistake, 1 - drops)


def greedy_bar(obs: Observation, seat: int, rng: random.Random) -> float:
    """Return the count below which ``seat``'s greedy drop pays, as ``obs`` shows.

    The greedy bot's estimate (:func:`~tonk.bots._knowledge.sampled_counts`)
    from ``seat``'s side: the cards it has not seen are those ``obs``'s seat
    has not seen and its own hand, less the cards known to be in it and, as
    its other cards are not known, as many taken at random.
    """
    from tonk.bots._knowledge import (
        drop_payoffs,
        sampled_counts,
        unseen_counts,
        unseen_values,
    )

    values = compiled(obs.rules).tables.values
    pool = unseen_values(obs, unseen_counts(obs))
    known = list(obs.taken[obs.seat])
    for card in obs.hand:
        if card in known:
            known.remove(card)
        else:
            pool.append(values[card.code])
    rng.shuffle(pool)
    del pool[: obs.hand_sizes[seat] - len(obs.taken[seat])]
    theirs = attrs.evolve(obs, seat=seat, hand=obs.taken[seat])
    samples = sampled_counts(theirs, pool, rng, 96)
    payoff = drop_payoffs(theirs)

    def pays(count: int) -> bool:
        for counts in samples:
            counts[seat] = count
        return sum(payoff(tuple(counts)) for counts in samples) > 0

    low, high = 0, max(values) * 12  # a drop pays on low, not on high
    while high - low > 1:  # what a drop pays falls as the count grows
        middle = (low + high) // 2
        low, high = (middle, high) if pays(middle) else (low, middle)
    return high - 0.5 if pays(low) else low - 0.5


def model_study(hands: int, seed: int) -> dict[str, dict[str, float]]:
    """Return the Brier scores of "am I strictly lowest?" with a faithful greedy model.

    As :func:`brier`, at seat 0's turn starts in ``hands`` hands of greedy
    bots at each table size, for the belief as the inference bot has it
    (:class:`~tonk.bots.GreedyModel`, 128 deals, the last 3 turns), with
    :class:`FaithfulModel` instead, and with that model over 1,024 deals and
    every turn; each change with its 95% interval, paired on the same turn
    starts. Also how well each model's drop bar foretells the other seats'
    drops (the Brier score of "it drops now", at each of their turn starts
    where a drop is open).
    """
    values = compiled(RULES).tables.values
    results: dict[str, dict[str, float]] = {}
    for players in (2, 4):
        facts: dict[tuple[str, int, int], Any] = {}
        faithful = FaithfulModel(facts)
        ways: list[tuple[str, GreedyModel, int, int]] = [
            ("belief (greedy model)", GreedyModel(), 128, 3),
            ("faithful model", faithful, 128, 3),
            ("faithful model, 1,024 deals, every turn", faithful, 1024, 1000),
        ]
        rows: list[list[float]] = []
        drops: list[tuple[float, float, float]] = []  # dropped, foretold twice
        for hand in range(hands):
            state = tonk.new_game(RULES, players=players, seed=seed + hand)
            bot, memory, rng = GreedyBot(), Memory(), random.Random(seed + hand)
            facts.clear()
            began: dict[int, int] = {}
            while state.outcome is None:
                seat = state.to_move
                seen = tonk.observe(state, seat)
                action = bot.choose(seen, seen.legal_actions, rng)
                if seat:  # the facts of another seat's turn, as seat 0 saw them
                    mine = tonk.observe(state, 0)
                    if seen.phase is tonk.Phase.TURN_START:
                        began[seat] = seen.turns_taken
                        bar = greedy_bar(mine, seat, random.Random(hand))
                        facts["bar", seat, seen.turns_taken] = bar
                        if tonk.Drop() in seen.legal_actions:
                            count = sum(values[card.code] for card in seen.hand)
                            generic = drop_threshold(RULES, players, seen.turns_taken)
                            drops.append(
                                (
                                    float(action == tonk.Drop()),
                                    1 - _not_dropping(faithful, count, generic),
                                    1 - _not_dropping(faithful, count, bar),
                                )
                            )
                    elif seen.phase is tonk.Phase.AFTER_DRAW and seat in began:
                        facts["discard", seat, began[seat]] = mine
                else:
                    memory.update(seen)
                    if seen.phase is tonk.Phase.TURN_START and seen.turns_taken:
                        counts = [
                            sum(values[card.code] for card in cards)
                            for cards in state.hands
                        ]
                        row = [float(all(c > counts[0] for c in counts[1:]))]
                        for _, model, samples, turns in ways:
                            belief = infer(
                                seen,
                                random.Random(hand),
                                memory=memory,
                                model=model,
                                samples=samples,
                                turns=turns,
                                lower=0.3,
                            )
                            row.append(belief.chance_lowest())
                        rows.append(row)
                state = tonk.apply(state, action)
        rate = sum(row[0] for row in rows) / len(rows)
        scores = {"always the base rate": rate * (1 - rate)}
        for index, name in ((1, "the greedy model's"), (2, "the faithful model's")):
            scores[f"drops foretold by {name} bar"] = sum(
                (drop[index] - drop[0]) ** 2 for drop in drops
            ) / len(drops)
        errors = [[(row[index] - row[0]) ** 2 for row in rows] for index in (1, 2, 3)]
        for (name, *_), squared in zip(ways, errors, strict=True):
            scores[name] = sum(squared) / len(rows)
        for (name, *_), squared in zip(ways[1:], errors[1:], strict=True):
            # paired with the belief's on the same turn starts: the change's interval
            change = [a - b for a, b in zip(squared, errors[0], strict=True)]
            mean = sum(change) / len(change)
            spread = math.sqrt(sum((c - mean) ** 2 for c in change) / len(change))
            scores[f"{name}: change"] = mean
            scores[f"{name}: change's 95% half-width"] = (
                1.96 * spread / math.sqrt(len(change))
            )
        results[f"{players}p"] = scores
        print(
            f"{players} players: {len(rows):,} turn starts of seat 0 in {hands:,} hands"
        )
        print()
        print("| estimate | Brier score (lower is sharper) |")
        print("|---|---:|")
        for name, score in scores.items():
            print(f"| {name} | {score:.4f} |")
        print(flush=True)
    return results


class Point(NamedTuple):
    """An inference bot's drop point, with what a drop and waiting paid.

    ``believed`` is the believed payoff of a drop (the belief the bot decided
    by), ``rolled`` the believed payoff of playing on (by the study's
    estimate from that belief, :func:`_rolled_on` or :func:`_looked_ahead`;
    0 without one),
    ``drop`` what a drop would have paid (the real hands settled, B13),
    ``waited`` what waiting got (the hand played on; where the bot dropped,
    a copy of the table plays on without the drop), ``dropped`` whether the
    bot dropped, and ``features`` what the learned drop chance reads
    (:func:`drop_features`).
    """

    believed: float
    rolled: float
    drop: float
    waited: float
    dropped: bool
    features: tuple[float, ...]


Waiting = Callable[[tonk.bots.Belief, random.Random], float]
"""An estimate of the believed payoff of playing on, from a drop point's belief."""


def _drop_points(
    players: int, seed: int, waiting: Waiting | None = None
) -> list[Point]:
    """Return the inference bot's drop points in one hand (seat 0, against greedy).

    ``waiting`` estimates each point's payoff of playing on.
    """
    state = tonk.new_game(RULES, players=players, seed=seed, dealer=seed % players)
    bots: list[Bot] = [InferenceBot()] + [GreedyBot() for _ in range(1, players)]
    memory = Memory()  # what seat 0 remembers, as the bot's own memory does
    rng = random.Random(seed)
    points: list[Point] = []
    while state.outcome is None:
        seat = state.to_move
        seen = tonk.observe(state, seat)
        legal = seen.legal_actions
        if seat == 0:
            memory.update(seen)
        if (
            seat
            or seen.phase is not tonk.Phase.TURN_START
            or tonk.Drop() not in legal
            or seen.stock_size == 0  # B14: the bot plays the greedy bot's end
        ):
            state = tonk.apply(state, bots[seat].choose(seen, legal, rng))
            continue
        table, probe = copy.deepcopy((bots, rng)), copy.deepcopy(rng)
        action = bots[0].choose(seen, legal, rng)
        bot = bots[0]
        assert isinstance(bot, InferenceBot)
        belief = bot.belief(seen, probe)  # the bot's own belief
        rolled = 0.0
        if waiting is not None:
            rolled = waiting(belief, random.Random(seed + len(points)))
        dropped = tonk.apply(state, tonk.Drop()).outcome
        assert dropped is not None
        waited = 0.0
        if action == tonk.Drop():
            others = [other for other in legal if other != tonk.Drop()]
            waited = _played_on(state, *table, others)
        points.append(
            Point(
                believed=belief.drop_payoff(),
                rolled=rolled,
                drop=float(dropped.payoffs[0]),
                waited=waited,
                dropped=action == tonk.Drop(),
                features=drop_features(seen, memory.turns(seen), belief),
            )
        )
        state = tonk.apply(state, action)
    final = float(state.outcome.payoffs[0])
    return [
        point if point.dropped else point._replace(waited=final) for point in points
    ]


def _rolled_on(belief: tonk.bots.Belief, rng: random.Random, rollouts: int) -> float:
    """Return the believed payoff of not dropping: greedy hands from belief deals."""
    seat = belief.observation.seat
    greedy = GreedyBot()
    total = 0.0
    for _ in range(rollouts):
        state = belief.sample(rng)
        seen = tonk.observe(state, seat)
        waits = [action for action in seen.legal_actions if action != tonk.Drop()]
        state = tonk.apply(state, greedy.choose(seen, waits, rng))
        while state.outcome is None:
            seen = tonk.observe(state, state.to_move)
            state = tonk.apply(state, greedy.choose(seen, seen.legal_actions, rng))
        total += float(state.outcome.payoffs[seat])
    return total / rollouts


def _played_on(
    state: tonk.GameState,
    bots: list[Bot],
    rng: random.Random,
    legal: Sequence[Action],
) -> float:
    """Return seat 0's payoff when it plays on from ``state`` among ``legal``."""
    state = tonk.apply(state, bots[0].choose(tonk.observe(state, 0), legal, rng))
    while state.outcome is None:
        seat = state.to_move
        seen = tonk.observe(state, seat)
        state = tonk.apply(state, bots[seat].choose(seen, seen.legal_actions, rng))
    return float(state.outcome.payoffs[0])


def drop_study(hands: int, seed: int) -> dict[str, dict[str, float]]:
    """Value drop margins against the bot's own on its drop points.

    The inference bot (seat 0) plays ``hands`` hands against greedy bots at 2
    and 4 players. A margin's rule drops at the first point of a hand where
    the believed payoff of a drop is above ``margin * (players - 1)``; it
    gains what that drop pays less what waiting got where the bot waited,
    and loses the difference where the bot dropped and the rule does not.
    The mean gain per hand is printed with its 95% interval: a margin better
    than the bot's own shows a gain above 0.
    """
    results: dict[str, dict[str, float]] = {}
    margins = (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8)
    print("| players | margin | gain per hand against the bot's own (95% CI) |")
    print("|---:|---:|---:|")
    for players in (2, 4):
        deals = [_drop_points(players, seed + hand) for hand in range(hands)]
        for margin in margins:
            bar = margin * (players - 1)
            mean, half = _gain(deals, _drops_above(bar))
            results[f"{players}p:{margin}"] = {"gain": mean, "ci95": half}
            print(f"| {players} | {margin:.1f} | {mean:+.4f} (±{half:.4f}) |")
    return results


def wait_study(
    hands: int, seed: int, waiting: Waiting | None = None
) -> dict[str, dict[str, float]]:
    """Value dropping when a drop's believed payoff beats playing on's.

    As :func:`drop_study`, but the rule compares the drop's believed payoff
    with the believed payoff of playing on, estimated by ``waiting`` (by
    default 8 greedy rollouts, :func:`_rolled_on`): it drops where the
    drop's is above 0 and above playing on's by more than an edge.
    """
    if waiting is None:
        waiting = functools.partial(_rolled_on, rollouts=8)
    results: dict[str, dict[str, float]] = {}
    edges = (-1.0, -0.5, -0.25, 0.0, 0.25, 0.5)
    print("| players | edge | gain per hand against the bot's own (95% CI) |")
    print("|---:|---:|---:|")
    for players in (2, 4):
        deals = [_drop_points(players, seed + hand, waiting) for hand in range(hands)]
        for edge in edges:
            mean, half = _gain(deals, _drops_over_rollouts(edge))
            results[f"{players}p:{edge}"] = {"gain": mean, "ci95": half}
            print(f"| {players} | {edge:+.2f} | {mean:+.4f} (±{half:.4f}) |")
    return results


def _looked_ahead(
    belief: tonk.bots.Belief,
    rng: random.Random,
    bars: Sequence[float] | None = None,
) -> float:
    """Return the believed payoff of not dropping, looking one round ahead.

    On each deal of the belief the seat draws the stock's top card and
    sheds its highest card; then each other seat in turn drops with
    :class:`~tonk.bots.GreedyModel`'s chance for its count, settled against
    the counts then. If none drops, the seat's own drop next turn is worth
    its believed payoff then, or 0 if that is less. ``rng`` is unused:
    nothing is drawn. ``bars``, one for each other seat in turn, replace the
    model's drop bars.
    """
    obs = belief.observation
    rules = obs.rules
    values = compiled(rules).tables.values
    me, players = obs.seat, obs.player_count
    held = [values[card.code] for card in obs.hand]
    if bars is None:
        bars = [
            drop_threshold(rules, players, obs.turns_taken + k)
            for k in range(1, players)
        ]
    width = GreedyModel().drop_width  # the model's drop, as the bot's belief has it
    met = next_drop = 0.0
    for deal, weight in zip(belief.deals, belief.weights, strict=True):
        counts = [sum(values[card.code] for card in hand) for hand in deal.hands]
        drawn = values[deal.stock[0].code] if deal.stock else 0
        counts[me] = sum(held) + drawn - max(*held, drawn)
        alive = 1.0
        for k, bar in enumerate(bars, start=1):
            seat = (me + k) % players
            drops = 1 / (1 + math.exp((counts[seat] - bar) / width))
            met += weight * alive * drops * _dropped(counts, seat, obs)
            alive *= 1 - drops
        next_drop += weight * alive * _dropped(counts, me, obs)
    return met + max(0.0, next_drop)


def _looked_ahead_faithfully(belief: tonk.bots.Belief, rng: random.Random) -> float:
    """Return :func:`_looked_ahead`'s payoff with the greedy bot's own drop bars.

    Each other seat drops by :class:`FaithfulModel`'s bar (:func:`greedy_bar`,
    from what the seat sees now), not by the turn's number alone.
    """
    obs = belief.observation
    me, players = obs.seat, obs.player_count
    bars = [greedy_bar(obs, (me + k) % players, rng) for k in range(1, players)]
    return _looked_ahead(belief, rng, bars)


def _dropped(counts: list[int], dropper: int, obs: Observation) -> float:
    """Return the observing seat's payoff if ``dropper`` drops on ``counts`` (B13)."""
    rules = obs.rules
    return float(
        settle_drop(
            counts,
            dropper,
            catch=rules.catch,
            dealer=obs.dealer,
            bonus=rules.drop_bonus,
        ).payoffs[obs.seat]
    )


def drop_features(
    obs: Observation, turns: Sequence[OpponentTurn], belief: tonk.bots.Belief
) -> tuple[float, ...]:
    """Return what the learned drop chance reads, from what seat 0 knows.

    Read from the observation, the other seats' remembered ``turns`` and the
    belief only: a constant; the belief's chance of being strictly lowest
    (as a logit, smoothed by half a deal) and its effective share of deals;
    the seat's own count and cards; the rounds played; the stock's size;
    the spreads on the table; the number of other players beyond one, alone
    and times the logit; and of the other seats, the fewest cards, the
    highest count of cards one is known to hold, the most cards one took
    from the pile and laid, the lowest latest discard, the lowest mean and
    the lowest highest of their last three discards, and the share that
    declined a drop at their latest turn.
    """
    values = compiled(obs.rules).tables.values
    players = obs.player_count
    others = [seat for seat in range(players) if seat != obs.seat]
    deals = len(belief.deals)
    chance = (belief.chance_lowest() * deals + 0.5) / (deals + 1)
    logit = math.log(chance / (1 - chance))
    played: dict[int, list[OpponentTurn]] = {seat: [] for seat in others}
    for turn in turns:
        played[turn.seat].append(turn)
    discards = [
        [values[turn.discarded.code] for turn in mine if turn.discarded is not None]
        for mine in played.values()
    ]
    recent = [seen[-3:] for seen in discards if seen]
    return (
        1.0,
        logit,
        belief.effective_samples / deals,
        sum(values[card.code] for card in obs.hand) / 10,
        len(obs.hand) / 5,
        obs.turns_taken / players,
        obs.stock_size / 10,
        len(obs.spreads) / 3,
        float(players - 2),
        (players - 2) * logit,
        min(obs.hand_sizes[seat] for seat in others) / 5,
        max(sum(values[card.code] for card in obs.taken[seat]) for seat in others) / 10,
        max(sum(turn.took for turn in mine) for mine in played.values()) / 3,
        max(sum(len(turn.laid) for turn in mine) for mine in played.values()) / 3,
        min((seen[-1] for seen in recent), default=10) / 10,
        min((sum(seen) / len(seen) for seen in recent), default=10) / 10,
        min((max(seen) for seen in recent), default=10) / 10,
        sum(mine[-1].could_drop for mine in played.values() if mine) / len(others),
    )


def fit_drop(hands: int, seed: int) -> dict[str, Any]:
    """Fit a learned drop chance and a learned drop advantage; test them.

    The inference bot (seat 0) plays ``hands`` hands against greedy bots at
    each of 2 and 4 players on seeds from ``seed`` (to fit) and ``hands``
    more from ``seed + hands`` (to test), as :func:`drop_study` does. Each
    drop point keeps its features (:func:`drop_features`), whether the seat
    was strictly lowest (a drop would have won) and what a drop gained over
    waiting. Two models are fitted on both table sizes at once (numpy, the
    ``bench`` extra): a logistic regression of "strictly lowest" (Newton's
    method, a small ridge) and a least-squares fit of the drop's gain over
    waiting per other player. It prints the Brier scores on the test hands
    (the fitted chance, the belief alone recalibrated by its logit and a
    constant, the belief's own chance and the base rate), then the gain per
    hand over the bot's own drops of "drop when the fitted chance is above a
    bar" and "drop when the fitted gain is above an edge", on the fit and the
    test hands.
    """
    import numpy as np

    fitted = {
        players: [_drop_points(players, seed + hand) for hand in range(hands)]
        for players in (2, 4)
    }
    tested = {
        players: [_drop_points(players, seed + hands + hand) for hand in range(hands)]
        for players in (2, 4)
    }
    features, lowest, _, gains = _fit_table(np, fitted)
    chance = _logistic(np, features, lowest)
    recalibrated = _logistic(np, features[:, :2], lowest)  # a constant, the logit
    advantage = _ridge(np, features, gains)
    print(f"{len(lowest):,} drop points to fit on ({hands:,} hands at 2 and 4 players)")
    print("chance weights:", tuple(round(float(weight), 4) for weight in chance))
    print("gain weights:", tuple(round(float(weight), 4) for weight in advantage))
    print()
    results: dict[str, Any] = {
        "chance_weights": [float(weight) for weight in chance],
        "gain_weights": [float(weight) for weight in advantage],
    }
    print(
        "| players | test points | fitted | belief recalibrated | belief | base rate |"
    )
    print("|---:|---:|---:|---:|---:|---:|")
    for players in (2, 4):
        features, lowest, believed, _ = _fit_table(np, {players: tested[players]})
        chances = {
            "fitted": 1 / (1 + np.exp(-features @ chance)),
            "recalibrated": 1 / (1 + np.exp(-features[:, :2] @ recalibrated)),
            "belief": believed,
            "base rate": np.full(len(lowest), lowest.mean()),
        }
        scores = {
            name: float(np.mean((estimate - lowest) ** 2))
            for name, estimate in chances.items()
        }
        results[f"{players}p:brier"] = scores
        print(
            f"| {players} | {len(lowest):,} | "
            + " | ".join(f"{score:.4f}" for score in scores.values())
            + " |"
        )
    rules = {
        f"chance > {bar}": _fitted_above(chance, math.log(bar / (1 - bar)))
        for bar in (0.75, 0.8, 0.833, 0.86, 0.9)
    } | {
        f"gain > {edge:+}": _fitted_above(advantage, edge)
        for edge in (-0.2, -0.1, 0.0, 0.1, 0.2, 0.3)
    }
    results |= _fitted_gains(rules, fitted, tested)
    results["points"] = {
        f"{players}p:{name}": [
            [point._asdict() for point in hand] for hand in deals[players]
        ]
        for name, deals in (("fit", fitted), ("test", tested))
        for players in (2, 4)
    }
    return results


def _fit_table(np: Any, deals: dict[int, list[list[Point]]]) -> tuple[Any, ...]:
    """Return the points' features, truths, believed chances and gains per player.

    The believed chance of being strictly lowest comes from the believed
    payoff of a drop: ``players - 1`` if it wins, twice that if caught (B13).
    """
    points = [
        (players, point)
        for players, hands in deals.items()
        for hand in hands
        for point in hand
    ]
    features = np.array([point.features for _, point in points])
    lowest = np.array([point.drop > 0 for _, point in points], dtype=float)
    believed = np.array(
        [(point.believed / (players - 1) + 2) / 3 for players, point in points]
    )
    gains = np.array(
        [(point.drop - point.waited) / (players - 1) for players, point in points]
    )
    return features, lowest, believed, gains


def _fitted_gains(
    rules: dict[str, Callable[[Point], bool]],
    fitted: dict[int, list[list[Point]]],
    tested: dict[int, list[list[Point]]],
) -> dict[str, Any]:
    """Print and return each rule's gain per hand over the bot's own drops."""
    results = {}
    print()
    print("| players | rule | gain per hand, fit hands | gain per hand, test hands |")
    print("|---:|---:|---:|---:|")
    for players in (2, 4):
        for name, rule in rules.items():
            found = [_gain(deals[players], rule) for deals in (fitted, tested)]
            results[f"{players}p:{name}"] = found
            print(
                f"| {players} | {name} | "
                + " | ".join(f"{mean:+.4f} (±{half:.4f})" for mean, half in found)
                + " |"
            )
    return results


def _ridge(np: Any, features: Any, truth: Any) -> Any:
    """Return least-squares weights with a small ridge."""
    ridge = np.eye(features.shape[1])
    return np.linalg.solve(features.T @ features + ridge, features.T @ truth)


def _logistic(np: Any, features: Any, truth: Any) -> Any:
    """Return logistic regression weights (Newton's method, a small ridge)."""
    weights = np.zeros(features.shape[1])
    ridge = np.eye(features.shape[1])
    for _ in range(30):
        chance = 1 / (1 + np.exp(-features @ weights))
        gradient = features.T @ (chance - truth) + weights
        hessian = (features.T * (chance * (1 - chance))) @ features + ridge
        weights = weights - np.linalg.solve(hessian, gradient)
    return weights


def _fitted_above(weights: Any, threshold: float) -> Callable[[Point], bool]:
    """Return the rule "drop where the weighted features are above ``threshold``"."""
    return lambda point: (
        float(
            sum(
                weight * feature
                for weight, feature in zip(weights, point.features, strict=True)
            )
        )
        > threshold
    )


def _drops_above(bar: float) -> Callable[[Point], bool]:
    """Return the rule "drop where the drop's believed payoff is above ``bar``"."""
    return lambda point: point.believed > bar


def _drops_over_rollouts(edge: float) -> Callable[[Point], bool]:
    """Return the rule "drop where the drop's payoff beats playing on's by ``edge``"."""
    return lambda point: point.believed > 0 and point.believed - point.rolled > edge


def _gain(
    deals: list[list[Point]], rule: Callable[[Point], bool]
) -> tuple[float, float]:
    """Return the mean gain per hand of ``rule`` over the bot's own, with its ±95%.

    On each hand the rule drops at its first point where it says so; it
    gains what that drop pays less what waiting got where the bot waited,
    and loses the difference where the bot dropped first.
    """
    gains = []
    for points in deals:
        gain = 0.0
        for point in points:
            if rule(point):
                gain = 0.0 if point.dropped else point.drop - point.waited
                break
            if point.dropped:
                gain = point.waited - point.drop
                break
        gains.append(gain)
    mean = sum(gains) / len(gains)
    spread = math.sqrt(sum((gain - mean) ** 2 for gain in gains) / len(gains))
    return mean, 1.96 * spread / math.sqrt(len(gains))


def main(argv: Sequence[str] | None = None) -> None:
    """Play the ladder (or the target, or the Brier study) and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short check")
    parser.add_argument(
        "--deals", type=int, default=300, help="two-player deals per pair"
    )
    parser.add_argument("--deals4", type=int, default=100, help="four-player deals")
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--target", type=int, default=0, metavar="DEALS")
    parser.add_argument("--belief-deals", type=int, default=0, metavar="DEALS")
    parser.add_argument("--brier", type=int, default=0, metavar="HANDS")
    parser.add_argument("--drop-study", type=int, default=0, metavar="HANDS")
    parser.add_argument("--wait-study", type=int, default=0, metavar="HANDS")
    parser.add_argument("--lookahead-study", type=int, default=0, metavar="HANDS")
    parser.add_argument("--fit-drop", type=int, default=0, metavar="HANDS")
    parser.add_argument("--model-study", type=int, default=0, metavar="HANDS")
    parser.add_argument(
        "--faithful-lookahead-study", type=int, default=0, metavar="HANDS"
    )
    parser.add_argument(
        "--only", default="", metavar="KEYS", help="the --target match-ups to play"
    )
    parser.add_argument("--json", default=None, help="write the results here")
    parser.add_argument("--svg", default=None, help="draw the win rates here")
    parser.add_argument(
        "--redraw",
        default=None,
        metavar="JSON",
        help="draw --svg from the results of an earlier --json run, without playing",
    )
    args = parser.parse_args(argv)
    # Start-up's objects (modules, functions, classes) out of every collection
    # to come: a full one then walks only what the games made since.
    gc.freeze()
    if args.redraw is not None:
        if args.svg is None:
            parser.error("--redraw needs --svg")
        redraw(args.redraw, args.svg)
        return
    if args.quick:
        args.deals, args.deals4, args.iterations = 4, 2, 20
    if args.brier:
        results: dict[str, Any] = {"brier": brier(args.brier, args.seed)}
    elif args.drop_study:
        results = {"drop_study": drop_study(args.drop_study, args.seed)}
    elif args.wait_study:
        results = {"wait_study": wait_study(args.wait_study, args.seed)}
    elif args.lookahead_study:
        looked = wait_study(args.lookahead_study, args.seed, _looked_ahead)
        results = {"lookahead_study": looked}
    elif args.fit_drop:
        results = {"fit_drop": fit_drop(args.fit_drop, args.seed)}
    elif args.faithful_lookahead_study:
        looked = wait_study(
            args.faithful_lookahead_study, args.seed, _looked_ahead_faithfully
        )
        results = {"faithful_lookahead_study": looked}
    elif args.model_study:
        results = {"model_study": model_study(args.model_study, args.seed)}
    elif args.target or args.belief_deals:
        results = target(args)
    else:
        results = ladder(args)
    if args.json is not None:
        with open(args.json, "w", encoding="utf-8") as file:
            json.dump(
                {"iterations": args.iterations, "preset": "pagat", **results},
                file,
                indent=2,
            )
    if args.svg is not None:
        heads = {
            key: value for key, value in results.items() if _is_head_to_head(value)
        }
        draw(heads, args.svg, deals=args.deals, seed=args.seed)


def _is_head_to_head(value: object) -> bool:
    return isinstance(value, dict) and len(value.get("bots", ())) == 2


def draw(results: dict[str, Any], path: str, *, deals: int, seed: int) -> None:
    """Draw the head-to-head win rates as a bar chart (SVG) at ``path``."""
    table = {
        " vs ".join(record["name"] for record in result["bots"]): {
            record["name"]: 100 * float(record["win_rate"]) for record in result["bots"]
        }
        for result in results.values()
    }
    svg = _figures().bar_chart(
        table,
        title="Win rates of the bots, head to head (%)",
        subtitle=f"pagat, 2 players, {deals:,} deals in duplicate per match-up,"
        f" seed {seed}",
        maximum=100,
    )
    Path(path).write_text(svg, encoding="utf-8")


def redraw(json_path: str, svg_path: str) -> None:
    """Draw the chart again from the results a ``--json`` run wrote."""
    document = json.loads(Path(json_path).read_text(encoding="utf-8"))
    results = {key: value for key, value in document.items() if _is_head_to_head(value)}
    first = next(iter(results.values()))
    draw(results, svg_path, deals=first["hands"] // 2, seed=first["seed"])


def _figures() -> Any:
    """Import ``docs/make_figures.py``, which draws the charts."""
    path = Path(__file__).resolve().parent.parent / "docs" / "make_figures.py"
    spec = importlib.util.spec_from_file_location("make_figures", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


if __name__ == "__main__":
    main()
