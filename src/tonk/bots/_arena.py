"""Bots against bots: one hand, or a tournament with the seats rotated."""

from __future__ import annotations

import functools
import math
import pickle
import random
import warnings
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from fractions import Fraction

import attrs

from tonk import _present, serialization
from tonk._parallel import MOST_HANDS, check_executor, chunk_size, run_chunks
from tonk._parallel import derived_seed as _derived_seed
from tonk._untrusted import escape
from tonk._validate import brief, check_seed, is_int, wrong_type
from tonk.bots._base import Bot
from tonk.bots._process import ProcessBot
from tonk.engine import apply, new_game
from tonk.errors import BotError, RulesError
from tonk.observation import observe
from tonk.rules import Rules
from tonk.state import GameState, OutcomeKind, Stake

__all__ = ["BotRecord", "TournamentResult", "play_hand", "tournament"]


# The deals in one chunk of a tournament at most. A chunk costs about 5 ms of
# CPU time on a Dask LocalCluster beyond its work, and 100 deals of greedy
# against random (pagat, 2 players) about 135 ms: 3.7% (5% from 74 deals).
# Measured by benchmarks/bench_scale.py; see docs/big-tournaments.md.
_CHUNK_DEALS = 100


def play_hand(
    rules: Rules,
    bots: Sequence[Bot],
    *,
    seed: int,
    dealer: int = 0,
    on_action: Callable[[GameState, int, object], None] | None = None,
) -> GameState:
    """Play one hand between ``bots``, one per seat; return the final state.

    The hand is dealt by :func:`tonk.new_game` with ``seed`` and ``dealer``. At
    each step the seat to move is shown its :func:`tonk.observe` observation
    and its legal actions, and its bot's choice is applied. The bots share one
    :class:`random.Random` seeded from ``seed``, so the same seed plays the
    same hand.

    Args:
        rules: The rules of the hand.
        bots: One bot for each seat, seat 0 first.
        seed: The seed of the deal and of the bots' randomness.
        dealer: The dealer's seat.
        on_action: Called as ``on_action(state, seat, action)`` before each
            action is applied (to print or record the hand).

    Returns:
        The finished hand; its ``outcome`` says who won and what was paid.

    Raises:
        RulesError: If the rules do not allow ``len(bots)`` players, or
            ``dealer`` is not a seat.
        IllegalActionError: If a bot returns an action that is not legal.

    .. versionadded:: 0.1.0

    Examples:
        >>> import tonk
        >>> bots = [tonk.bots.GreedyBot(), tonk.bots.RandomBot()]
        >>> state = tonk.bots.play_hand(tonk.presets.PAGAT, bots, seed=11, dealer=1)
        >>> state.outcome.kind, state.outcome.payoffs
        (<OutcomeKind.DROP_WON: 'drop_won'>, (-1, 1))
    """
    _check_bots(bots)
    state = new_game(rules, players=len(bots), seed=seed, dealer=dealer)
    rng = random.Random(_derived_seed("bots", seed, dealer))
    while state.outcome is None:
        seat = state.to_move
        seen = observe(state, seat)
        action = bots[seat].choose(seen, seen.legal_actions, rng)
        if on_action is not None:
            on_action(state, seat, action)
        state = apply(state, action)
    return state


@attrs.frozen(kw_only=True)
class BotRecord:
    """One bot's results in a :func:`tournament`.

    The confidence intervals are 95% normal intervals. The hands of one deal
    (the same cards with the seats rotated) are not independent of each other,
    so each deal counts as one sample: the standard error is the
    cluster-robust one, over deals. They are ``None`` with fewer than two
    deals.

    Attributes:
        name: The bot's name.
        hands: The hands it played.
        wins: The hands it won (it was among the outcome's ``winners``).
        total_payoff: Its payoffs summed, in base stakes (exact).
        won_by: How the hands it won ended, most frequent first.
        caught: How often it dropped and was caught.
        win_rate_ci95: A 95% confidence interval for its win rate.
        mean_payoff_ci95: A 95% confidence interval for its mean payoff per
            hand.

    .. versionadded:: 0.1.0

    .. versionchanged:: 0.2.0
        ``win_rate_interval`` and ``mean_payoff_interval`` were renamed
        :attr:`win_rate_ci95` and :attr:`mean_payoff_ci95`, the names of the
        JSON form (:meth:`to_dict`); the old names are deprecated aliases.

    Examples:
        >>> import tonk
        >>> bots = [tonk.bots.GreedyBot(), tonk.bots.RandomBot()]
        >>> result = tonk.bots.tournament(tonk.presets.PAGAT, bots, hands=40, seed=1)
        >>> record = result.bots[0]
        >>> record.name, record.hands, record.win_rate, float(record.mean_payoff)
        ('GreedyBot', 40, 0.75, 0.725)
    """

    name: str
    hands: int
    wins: int
    total_payoff: Stake
    won_by: tuple[tuple[OutcomeKind, int], ...]
    caught: int
    win_rate_ci95: tuple[float, float] | None
    mean_payoff_ci95: tuple[float, float] | None

    @property
    def win_rate_interval(self) -> tuple[float, float] | None:
        """Deprecated alias of :attr:`win_rate_ci95`.

        .. deprecated:: 0.2.0
            Use :attr:`win_rate_ci95`.
        """
        _renamed("BotRecord.win_rate_interval", "win_rate_ci95")
        return self.win_rate_ci95

    @property
    def mean_payoff_interval(self) -> tuple[float, float] | None:
        """Deprecated alias of :attr:`mean_payoff_ci95`.

        .. deprecated:: 0.2.0
            Use :attr:`mean_payoff_ci95`.
        """
        _renamed("BotRecord.mean_payoff_interval", "mean_payoff_ci95")
        return self.mean_payoff_ci95

    @property
    def win_rate(self) -> float:
        """The share of its hands that it won."""
        return self.wins / self.hands if self.hands else 0.0

    @property
    def mean_payoff(self) -> Fraction:
        """Its mean payoff per hand, in base stakes (exact)."""
        return Fraction(self.total_payoff) / self.hands if self.hands else Fraction(0)

    def to_dict(self) -> dict[str, object]:
        """Return the record as JSON-safe values (exact totals as strings).

        Examples:
            >>> import tonk
            >>> record = tonk.bots.BotRecord(
            ...     name="a", hands=2, wins=1, total_payoff=1, won_by=(),
            ...     caught=0, win_rate_ci95=None, mean_payoff_ci95=None)
            >>> record.to_dict()["mean_payoff"]
            0.5
        """
        return {
            "name": self.name,
            "hands": self.hands,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_ci95": _listed(self.win_rate_ci95),
            "total_payoff": str(self.total_payoff),
            "mean_payoff": float(self.mean_payoff),
            "mean_payoff_ci95": _listed(self.mean_payoff_ci95),
            "won_by": {kind.value: count for kind, count in self.won_by},
            "caught": self.caught,
        }


def _renamed(old: str, new: str) -> None:
    warnings.warn(
        f"{old} is deprecated: use {new}, the name the JSON form uses too",
        DeprecationWarning,
        stacklevel=3,
    )


def _listed(interval: tuple[float, float] | None) -> list[float] | None:
    return None if interval is None else list(interval)


@attrs.frozen(kw_only=True)
class TournamentResult:
    """The results of a :func:`tournament`.

    Attributes:
        players: The number of seats (one bot each).
        hands: The hands played.
        seed: The tournament's seed.
        bots: Each bot's results, in the order the bots were given.
        outcomes: How the hands ended, most frequent first.

    .. versionadded:: 0.1.0

    .. versionchanged:: 0.2.0
        ``records`` was renamed :attr:`bots`, the name of the JSON form
        (:meth:`to_dict`); ``records`` is a deprecated alias.

    Examples:
        >>> import tonk
        >>> bots = [tonk.bots.RandomBot(), tonk.bots.RandomBot()]
        >>> result = tonk.bots.tournament(tonk.presets.PAGAT, bots, hands=30, seed=2)
        >>> [record.name for record in result.bots]
        ['RandomBot', 'RandomBot-2']
        >>> sum(count for _, count in result.outcomes)
        30
    """

    players: int
    hands: int
    seed: int
    bots: tuple[BotRecord, ...]
    outcomes: tuple[tuple[OutcomeKind, int], ...]

    @property
    def records(self) -> tuple[BotRecord, ...]:
        """Deprecated alias of :attr:`bots`.

        .. deprecated:: 0.2.0
            Use :attr:`bots`.
        """
        _renamed("TournamentResult.records", "bots")
        return self.bots

    def to_dict(self) -> dict[str, object]:
        """Return the results as JSON-safe values.

        This is the body of the result's JSON document: :func:`tonk.to_dict`
        and :func:`tonk.to_json` add its ``format`` and ``version``, and
        :func:`tonk.from_dict` reads it back, checking every derived figure.

        Examples:
            >>> import json, tonk
            >>> bots = [tonk.bots.GreedyBot(), tonk.bots.RandomBot()]
            >>> result = tonk.bots.tournament(tonk.presets.PAGAT, bots, hands=4, seed=2)
            >>> sorted(json.loads(json.dumps(result.to_dict())))
            ['bots', 'hands', 'outcomes', 'players', 'seed']
        """
        return {
            "players": self.players,
            "hands": self.hands,
            "seed": self.seed,
            "bots": [record.to_dict() for record in self.bots],
            "outcomes": {kind.value: count for kind, count in self.outcomes},
        }

    def __str__(self) -> str:
        """Return the table that ``tonk simulate --bots`` prints (:mod:`tonk.text`)."""
        return _present.text(self)

    def __format__(self, spec: str) -> str:
        """Format as :func:`str`; the spec ``"ascii"`` writes plain ASCII."""
        return _present.text(self, spec)


class _Tally:
    """Mergeable running totals of a tournament, for each bot."""

    def __init__(self, players: int) -> None:
        self.hands = [0] * players
        self.wins = [0] * players
        self.payoff: list[Stake] = [0] * players
        self.caught = [0] * players
        self.won_by: list[Counter[OutcomeKind]] = [Counter() for _ in range(players)]
        self.outcomes: Counter[OutcomeKind] = Counter()
        # Per-deal sums for the cluster-robust standard errors.
        self.deals = [0] * players
        self.payoff_squares: list[Stake] = [0] * players
        self.payoff_by_hands: list[Stake] = [0] * players
        self.win_squares = [0] * players
        self.win_by_hands = [0] * players
        self.hand_squares = [0] * players

    def add_deal(
        self, payoffs: Sequence[Stake], wins: Sequence[int], hands: int
    ) -> None:
        for bot, (payoff, won) in enumerate(zip(payoffs, wins, strict=True)):
            self.deals[bot] += 1
            self.payoff_squares[bot] += payoff * payoff
            self.payoff_by_hands[bot] += payoff * hands
            self.win_squares[bot] += won * won
            self.win_by_hands[bot] += won * hands
            self.hand_squares[bot] += hands * hands

    def merge(self, other: _Tally) -> None:
        for name, value in vars(other).items():
            mine = getattr(self, name)
            if isinstance(value, Counter):
                mine.update(value)
            else:
                for index, item in enumerate(value):
                    mine[index] += item


def _interval(
    total: Stake,
    squares: Stake,
    by_hands: Stake,
    hand_squares: int,
    hands: int,
    deals: int,
) -> tuple[float, float] | None:
    if deals < 2 or not hands:
        return None
    mean = Fraction(total) / hands
    spread = squares - 2 * mean * by_hands + mean * mean * hand_squares
    variance = deals / (deals - 1) * spread / (hands * hands)
    error = 1.96 * math.sqrt(max(0.0, float(variance)))
    return (float(mean) - error, float(mean) + error)


def _play_deals(
    rules: Rules, bots: Sequence[Bot], seed: int, hands: int, first: int, stop: int
) -> _Tally:
    """Play deals ``first`` to ``stop - 1`` of a tournament (a worker's chunk).

    A pure function of its arguments: the same chunk gives the same tally in
    any process, however often it is played.
    """
    players = len(bots)
    tally = _Tally(players)
    for deal in range(first, stop):
        deal_seed = _derived_seed("tournament", seed, deal)
        dealer = deal % players
        payoffs: list[Stake] = [0] * players
        wins = [0] * players
        played = 0
        for rotation in range(players):
            hand = deal * players + rotation
            if hand >= hands:
                break
            played += 1
            seated = [bots[(seat - rotation) % players] for seat in range(players)]
            state = _play_seeded(rules, seated, deal_seed, dealer, hand, seed)
            outcome = state.outcome
            assert outcome is not None
            tally.outcomes[outcome.kind] += 1
            for seat in range(players):
                bot = (seat - rotation) % players
                tally.hands[bot] += 1
                payoff = outcome.payoffs[seat]
                tally.payoff[bot] += payoff
                payoffs[bot] += payoff
                if seat in outcome.winners:
                    tally.wins[bot] += 1
                    wins[bot] += 1
                    tally.won_by[bot][outcome.kind] += 1
                if outcome.kind is OutcomeKind.CAUGHT and outcome.dropper == seat:
                    tally.caught[bot] += 1
        tally.add_deal(payoffs, wins, played)
    return tally


def _play_seeded(
    rules: Rules,
    bots: Sequence[Bot],
    deal_seed: int,
    dealer: int,
    hand: int,
    seed: int,
) -> GameState:
    """Play one tournament hand: the deal's cards, the hand's own bot randomness."""
    state = new_game(rules, players=len(bots), seed=deal_seed, dealer=dealer)
    rng = random.Random(_derived_seed("tournament-bots", seed, hand))
    while state.outcome is None:
        seat = state.to_move
        seen = observe(state, seat)
        try:
            state = apply(state, bots[seat].choose(seen, seen.legal_actions, rng))
        except Exception as error:
            raise _failed(bots[seat], error, hand // len(bots), seat, seed) from error
    return state


def _check_bots(bots: object) -> None:
    """Refuse ``bots`` unless it is a sequence of bots (:class:`Bot`)."""
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise TypeError(f"bots must be a sequence of bots, got {brief(bots)}")
    for bot in bots:
        if not isinstance(bot, Bot):
            raise TypeError(
                f"a bot must have a choose(obs, legal, rng) method, got {brief(bot)}"
            )


def _bot_name(bot: Bot) -> str:
    """Return a bot's name in results and errors: a program's name, or the class."""
    return bot.name if isinstance(bot, ProcessBot) else type(bot).__name__


def _failed(bot: Bot, error: Exception, deal: int, seat: int, seed: int) -> BotError:
    """Return the error that says which bot failed, where, and how."""
    name = _bot_name(bot)
    return BotError(
        f"bot {escape(name)} failed in deal {deal}, seat {seat}, of the tournament with"
        f" seed {seed}: {type(error).__name__}: {error}",
        bot=name,
        deal=deal,
        seat=seat,
        seed=seed,
    )


def _check_picklable(bots: Sequence[Bot], labels: Sequence[str]) -> None:
    """Raise a plain :class:`BotError` for a bot that cannot go to a worker."""
    for bot, label in zip(bots, labels, strict=True):
        try:
            pickle.dumps(bot)
        except Exception as error:
            raise BotError(
                f"bot {escape(label)} cannot be sent to worker processes, since it"
                f" cannot be pickled ({type(error).__name__}: {error}): play with"
                " one worker, or make the bot picklable (define its class at the"
                " top level of a module; keep no lambdas, open files or locks in it)",
                bot=label,
            ) from error


def _names(bots: Sequence[Bot], names: Sequence[str] | None) -> tuple[str, ...]:
    if names is not None:
        chosen = tuple(names)
        if len(chosen) != len(bots) or len(set(chosen)) != len(chosen):
            raise RulesError(
                f"names must be {len(bots)} distinct strings, one per bot, got"
                f" {brief(chosen)}"
            )
        return chosen
    seen: Counter[str] = Counter()
    result = []
    for bot in bots:
        base = _bot_name(bot)
        seen[base] += 1
        result.append(base if seen[base] == 1 else f"{base}-{seen[base]}")
    return tuple(result)


def tournament(
    rules: Rules,
    bots: Sequence[Bot],
    *,
    hands: int,
    seed: int,
    names: Sequence[str] | None = None,
    workers: int = 1,
    executor: Executor | None = None,
    progress: Callable[[int], None] | None = None,
) -> TournamentResult:
    """Play ``hands`` hands between ``bots``, one per seat, and tally the results.

    The hands are played in *duplicate*: each deal is played once for each
    rotation of the bots round the table (bot ``i`` sits in seat ``i +
    rotation``), with the same cards, so that no bot is luckier with the cards
    than another; the dealer moves one seat to the left with each new deal.
    With two bots, each deal is played twice, the bots swapping seats, and the
    deal alternates. Every hand's cards and every bot decision's randomness
    come from ``seed`` and the hand's number alone, and the chunks of deals
    are tallied in deal order, so the results are the same, bit for bit, with
    any ``workers`` or ``executor``.

    Args:
        rules: The rules of every hand.
        bots: The bots, one per seat; their number is the player count.
        hands: How many hands to play (a last deal may be played for only some
            rotations).
        seed: The seed of the whole tournament.
        names: A distinct name for each bot; by default the class name
            (``GreedyBot``, then ``GreedyBot-2`` for a second one).
        workers: How many processes play hands (with
            :class:`concurrent.futures.ProcessPoolExecutor`); 1 plays them in
            this process. The bots must be picklable to use more.
        executor: Where to play the hands instead: any
            :class:`concurrent.futures.Executor`, such as a process pool or a
            Dask cluster's ``Client.get_executor()`` (see
            :doc:`/big-tournaments`). The deals are sent in chunks, and the
            bots must be picklable. Give ``workers`` or ``executor``, not both.
        progress: Called with the number of hands finished so far, as they
            finish.

    Returns:
        Each bot's results.

    Raises:
        RulesError: If the rules do not allow ``len(bots)`` players, ``hands``
            is not 1..10**9, ``workers`` is not 1..256, both ``workers`` and
            ``executor`` are given, ``seed`` has more than 1,000 digits, or
            ``names`` does not fit.
        TypeError: If ``executor`` is not a
            :class:`concurrent.futures.Executor`.
        BotError: If a bot raises or returns an illegal action (the error
            names the bot, the deal, the seat and the seed; the bot's own
            exception is its ``__cause__``), or, with ``workers`` above 1 or
            an executor, cannot be pickled.

    .. versionadded:: 0.1.0

    .. versionchanged:: 0.2.0
        A failing bot raises :class:`~tonk.errors.BotError`; the
        ``executor`` argument.

    Examples:
        >>> import tonk
        >>> bots = [tonk.bots.GreedyBot(), tonk.bots.RandomBot()]
        >>> result = tonk.bots.tournament(tonk.presets.PAGAT, bots, hands=40, seed=1,
        ...                               names=["greedy", "random"])
        >>> [(record.name, record.wins) for record in result.bots]
        [('greedy', 30), ('random', 10)]
        >>> tonk.bots.tournament(tonk.presets.PAGAT, bots, hands=0, seed=1)
        Traceback (most recent call last):
        ...
        tonk.errors.RulesError: hands must be an int 1..1000000000, got 0

    .. versionchanged:: 0.2
       Bad sizes raise :class:`~tonk.errors.RulesError` (was ``ValueError``),
       and are bounded.
    """
    if not isinstance(rules, Rules):
        raise wrong_type("rules", Rules, rules)
    _check_bots(bots)
    players = len(bots)
    if not 2 <= players <= rules.max_players:
        raise RulesError(
            f"these rules take 2..{rules.max_players} players (one bot per seat),"
            f" got {players} bots"
        )
    if not is_int(hands) or not 1 <= hands <= MOST_HANDS:
        raise RulesError(f"hands must be an int 1..{MOST_HANDS}, got {brief(hands)}")
    check_executor(executor, workers)
    if not is_int(seed):  # None too: a tournament is always seeded
        raise TypeError(f"seed must be an int, got {brief(seed)}")
    check_seed(seed, RulesError)
    labels = _names(bots, names)
    bots = tuple(bots)
    if workers > 1 or executor is not None:
        _check_picklable(bots, labels)
    deals = -(-hands // players)
    done = 0

    def finished(first: int, stop: int, chunk: _Tally) -> None:
        nonlocal done
        done += min(hands, stop * players) - first * players
        if progress is not None:
            progress(done)

    tally = _Tally(players)
    chunks = run_chunks(
        functools.partial(_play_deals, rules, bots, seed, hands),
        deals,
        chunk_size(deals, _CHUNK_DEALS),
        executor=executor,
        workers=workers,
        finished=finished,
    )
    for chunk in chunks:
        tally.merge(chunk)
    records = tuple(
        BotRecord(
            name=labels[bot],
            hands=tally.hands[bot],
            wins=tally.wins[bot],
            total_payoff=tally.payoff[bot],
            won_by=tuple(tally.won_by[bot].most_common()),
            caught=tally.caught[bot],
            win_rate_ci95=_interval(
                tally.wins[bot],
                tally.win_squares[bot],
                tally.win_by_hands[bot],
                tally.hand_squares[bot],
                tally.hands[bot],
                tally.deals[bot],
            ),
            mean_payoff_ci95=_interval(
                tally.payoff[bot],
                tally.payoff_squares[bot],
                tally.payoff_by_hands[bot],
                tally.hand_squares[bot],
                tally.hands[bot],
                tally.deals[bot],
            ),
        )
        for bot in range(players)
    )
    return TournamentResult(
        players=players,
        hands=hands,
        seed=seed,
        bots=records,
        outcomes=tuple(
            sorted(tally.outcomes.items(), key=lambda item: (-item[1], item[0].value))
        ),
    )


serialization.add_format(TournamentResult, serialization.TOURNAMENT_FORMAT)
