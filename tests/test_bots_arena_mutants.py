"""Tests that tell apart the code of ``tonk.bots._arena`` from its mutants.

Written for mutation testing (docs/maintainers.md, "Mutation testing"): each
test checks, through the public API, a behaviour of :func:`tonk.bots.play_hand`,
:func:`tonk.bots.tournament` or their results that a surviving mutant changed.
A small seeded tournament is played again here hand by hand with the engine's
own functions, as :func:`tonk.bots.tournament` describes it (deal ``d`` dealt
from a seed of the tournament's seed and ``d``, by seat ``d % players``, once
for each rotation of the bots; the bots' randomness of hand ``h`` seeded from
the tournament's seed and ``h``), and every figure of its result, the
cluster-robust intervals included, is computed again from those hands.
"""

from __future__ import annotations

import math
import os
import pickle
import random
import time
import warnings
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from fractions import Fraction
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import pytest

import tonk
from tonk._parallel import derived_seed
from tonk.bots import (
    Bot,
    BotRecord,
    GreedyBot,
    RandomBot,
    TournamentResult,
    play_hand,
    tournament,
)
from tonk.presets import PAGAT

_P = ParamSpec("_P")
_T = TypeVar("_T")


# --- play_hand ------------------------------------------------------------------


def _played_again(rules: tonk.Rules, players: int, seed: int, dealer: int) -> list[str]:
    """Play ``play_hand``'s hand of random bots again; return its actions."""
    state = tonk.new_game(rules, players=players, seed=seed, dealer=dealer)
    rng = random.Random(derived_seed("bots", seed, dealer))
    actions = []
    while state.outcome is None:
        action = rng.choice(tonk.legal_actions(state))
        actions.append(tonk.format_action(action))
        state = tonk.apply(state, action)
    return actions


@pytest.mark.parametrize(("seed", "dealer"), [(11, 1), (4, 0), (7, 2)])
def test_play_hand_draws_the_bots_choices_from_the_seed_and_the_dealer(
    seed: int, dealer: int
) -> None:
    """The bots share one generator seeded from the hand's seed and dealer."""
    seen: list[str] = []
    play_hand(
        PAGAT,
        [RandomBot()] * 3,
        seed=seed,
        dealer=dealer,
        on_action=lambda state, seat, action: seen.append(
            tonk.format_action(action)  # type: ignore[arg-type]
        ),
    )
    assert seen == _played_again(PAGAT, 3, seed, dealer)


def test_play_hand_deals_from_seat_0_by_default() -> None:
    state = play_hand(PAGAT, [RandomBot(), RandomBot()], seed=3)
    assert state.dealer == 0
    assert state == play_hand(PAGAT, [RandomBot(), RandomBot()], seed=3, dealer=0)


def test_on_action_is_shown_the_state_before_each_action() -> None:
    calls: list[tuple[tonk.GameState, int, object]] = []
    final = play_hand(
        PAGAT,
        [GreedyBot(), RandomBot()],
        seed=5,
        on_action=lambda state, seat, action: calls.append((state, seat, action)),
    )
    assert calls
    state = tonk.new_game(PAGAT, players=2, seed=5, dealer=0)
    for shown, seat, action in calls:
        assert shown == state
        assert seat == state.to_move
        state = tonk.apply(state, action)  # type: ignore[arg-type]
    assert state == final


# --- a tournament played again ----------------------------------------------------


def _interval(deals: Sequence[tuple[Fraction, int]]) -> tuple[float, float] | None:
    """The 95% normal interval of a mean over hands, clustered by deal.

    ``deals`` holds each deal's sum and hands. The variance of the mean is
    ``D / (D - 1) * sum((x_d - mean * n_d) ** 2) / N ** 2`` over the ``D``
    deals of ``N`` hands in all.
    """
    if len(deals) < 2:
        return None
    hands = sum(count for _, count in deals)
    mean = sum((total for total, _ in deals), Fraction(0)) / hands
    spread = sum((total - mean * count) ** 2 for total, count in deals)
    variance = Fraction(len(deals), len(deals) - 1) * spread / hands**2
    half = 1.96 * math.sqrt(variance)
    return (float(mean) - half, float(mean) + half)


def _tournament_again(
    rules: tonk.Rules, bots: Sequence[Bot], hands: int, seed: int
) -> dict[str, Any]:
    """Play ``tournament``'s hands again; return each bot's figures and the outcomes."""
    players = len(bots)
    wins = [0] * players
    payoff: list[Fraction] = [Fraction(0)] * players
    won_by: list[Counter[tonk.OutcomeKind]] = [Counter() for _ in bots]
    caught = [0] * players
    payoff_deals: list[list[tuple[Fraction, int]]] = [[] for _ in bots]
    win_deals: list[list[tuple[Fraction, int]]] = [[] for _ in bots]
    outcomes: Counter[tonk.OutcomeKind] = Counter()
    for deal in range(-(-hands // players)):
        numbers = range(deal * players, min(hands, deal * players + players))
        deal_payoff = [Fraction(0)] * players
        deal_wins = [0] * players
        for rotation, number in enumerate(numbers):
            # Bot i sits in seat i + rotation.
            seat_of = [(bot + rotation) % players for bot in range(players)]
            seated: list[Bot] = [bots[0]] * players
            for bot, seat in enumerate(seat_of):
                seated[seat] = bots[bot]
            state = tonk.new_game(
                rules,
                players=players,
                seed=derived_seed("tournament", seed, deal),
                dealer=deal % players,
            )
            rng = random.Random(derived_seed("tournament-bots", seed, number))
            while state.outcome is None:
                seen = tonk.observe(state, state.to_move)
                choice = seated[state.to_move].choose(seen, seen.legal_actions, rng)
                state = tonk.apply(state, choice)
            outcome = state.outcome
            outcomes[outcome.kind] += 1
            for bot, seat in enumerate(seat_of):
                payoff[bot] += outcome.payoffs[seat]
                deal_payoff[bot] += outcome.payoffs[seat]
                if seat in outcome.winners:
                    wins[bot] += 1
                    deal_wins[bot] += 1
                    won_by[bot][outcome.kind] += 1
                if outcome.kind is tonk.OutcomeKind.CAUGHT and outcome.dropper == seat:
                    caught[bot] += 1
        for bot in range(players):
            payoff_deals[bot].append((deal_payoff[bot], len(numbers)))
            win_deals[bot].append((Fraction(deal_wins[bot]), len(numbers)))
    return {
        "wins": wins,
        "payoff": payoff,
        "won_by": [dict(counts) for counts in won_by],
        "caught": caught,
        "win_rate_ci95": [_interval(deals) for deals in win_deals],
        "mean_payoff_ci95": [_interval(deals) for deals in payoff_deals],
        "outcomes": dict(outcomes),
    }


def _close(
    interval: tuple[float, float] | None, expected: tuple[float, float] | None
) -> bool:
    if interval is None or expected is None:
        return interval is expected
    return interval == pytest.approx(expected, rel=1e-9, abs=1e-12)


@pytest.mark.parametrize(
    ("kinds", "hands", "seed"),
    [
        ((GreedyBot, RandomBot), 4, 1),  # two deals: the fewest with an interval
        ((GreedyBot, RandomBot), 9, 3),  # the last deal played for one rotation
        ((GreedyBot, RandomBot, RandomBot), 13, 2),
        ((RandomBot, GreedyBot, RandomBot, RandomBot), 22, 6),
        # 129 deals: chunks of two deals (64 chunks at least), the last of one.
        ((RandomBot, RandomBot), 257, 9),
    ],
)
def test_a_tournament_tallies_every_hand_of_every_rotation(
    kinds: tuple[Callable[[], Bot], ...], hands: int, seed: int
) -> None:
    bots = [kind() for kind in kinds]
    result = tournament(PAGAT, bots, hands=hands, seed=seed)
    again = _tournament_again(PAGAT, bots, hands, seed)
    assert (result.players, result.hands, result.seed) == (len(bots), hands, seed)
    assert [record.hands for record in result.bots] == [hands] * len(bots)
    assert [record.wins for record in result.bots] == again["wins"]
    assert [record.total_payoff for record in result.bots] == again["payoff"]
    assert [dict(record.won_by) for record in result.bots] == again["won_by"]
    assert [record.caught for record in result.bots] == again["caught"]
    assert dict(result.outcomes) == again["outcomes"]
    for record, win_rate, mean_payoff in zip(
        result.bots, again["win_rate_ci95"], again["mean_payoff_ci95"], strict=True
    ):
        assert win_rate is not None
        assert mean_payoff is not None
        assert _close(record.win_rate_ci95, win_rate)
        assert _close(record.mean_payoff_ci95, mean_payoff)


def test_the_tournament_tested_catches_droppers_more_than_once() -> None:
    """The tournaments above are worth their figures: in the largest, a bot is
    caught twice and the bots' payoffs differ."""
    bots: list[Bot] = [RandomBot(), GreedyBot(), RandomBot(), RandomBot()]
    again = _tournament_again(PAGAT, bots, 22, 6)
    assert max(again["caught"]) >= 2
    assert len(set(again["payoff"])) > 1


def test_one_deal_gives_no_interval() -> None:
    result = tournament(PAGAT, [GreedyBot(), RandomBot(), RandomBot()], hands=3, seed=1)
    assert [record.win_rate_ci95 for record in result.bots] == [None] * 3
    assert [record.mean_payoff_ci95 for record in result.bots] == [None] * 3


def test_the_outcomes_are_most_frequent_first_then_by_name() -> None:
    result = tournament(PAGAT, [GreedyBot(), RandomBot()], hands=30, seed=2)
    counts = [count for _, count in result.outcomes]
    assert counts == sorted(counts, reverse=True)
    for (kind, count), (after, later) in zip(
        result.outcomes, result.outcomes[1:], strict=False
    ):
        assert count > later or kind.value < after.value


# --- where the hands are played ---------------------------------------------------


class _InlineExecutor(Executor):
    """Run each submitted chunk at once in this thread, counting them."""

    def __init__(self) -> None:
        self.submitted = 0

    def submit(
        self, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs
    ) -> Future[_T]:
        self.submitted += 1
        future: Future[_T] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


def test_a_tournament_sends_its_chunks_to_the_executor() -> None:
    bots: list[Bot] = [GreedyBot(), RandomBot()]
    executor = _InlineExecutor()
    done: list[int] = []
    result = tournament(
        PAGAT, bots, hands=7, seed=3, executor=executor, progress=done.append
    )
    assert executor.submitted == 4  # one chunk per deal of two hands
    # The chunks finish in any order: three of two hands, one of one.
    steps = [after - before for before, after in zip([0, *done], done, strict=False)]
    assert (sorted(steps), done[-1]) == ([1, 2, 2, 2], 7)
    assert result == tournament(PAGAT, bots, hands=7, seed=3)


class _Homesick:
    """A random bot that notes the process of each choice in a file.

    In the process that made it, it waits (a minute at most) before its first
    choice until another process has noted one: the tournament's pool claims
    the first chunk while this process plays the last.
    """

    def __init__(self, notes: Path) -> None:
        self.notes = notes
        self.home = os.getpid()

    def choose(
        self, obs: tonk.Observation, legal: Sequence[tonk.Action], rng: random.Random
    ) -> tonk.Action:
        with self.notes.open("a") as notes:
            notes.write(f"{os.getpid()}\n")
        give_up = time.monotonic() + 60
        while os.getpid() == self.home and time.monotonic() < give_up:
            if set(self.notes.read_text().split()) - {str(self.home)}:
                break
            time.sleep(0.05)
        return legal[rng.randrange(len(legal))]


def test_workers_play_hands_in_other_processes(tmp_path: Path) -> None:
    notes = tmp_path / "pids"
    bots: list[Bot] = [_Homesick(notes), RandomBot()]
    result = tournament(PAGAT, bots, hands=4, seed=1, workers=2)
    assert set(notes.read_text().split()) - {str(os.getpid())}
    assert result == tournament(PAGAT, bots, hands=4, seed=1)


# --- refusals, word for word ------------------------------------------------------


def test_a_table_of_the_most_players_the_rules_allow_plays() -> None:
    rules = tonk.presets.get("fifty_only")
    assert rules.max_players == 2
    result = tournament(rules, [RandomBot(), RandomBot()], hands=1, seed=1)
    assert result.hands == 1
    with pytest.raises(
        tonk.RulesError,
        match=r"^these rules take 2\.\.2 players \(one bot per seat\), got 3 bots$",
    ):
        tournament(rules, [RandomBot()] * 3, hands=1, seed=1)


def _unpicklable() -> Bot:
    class Local(RandomBot):
        """A bot whose class is local to a function: it cannot be pickled.

        It fails at its first choice, so that a tournament that played it
        rather than refusing it would end at once.
        """

        def choose(
            self,
            obs: tonk.Observation,
            legal: Sequence[tonk.Action],
            rng: random.Random,
        ) -> tonk.Action:
            raise RuntimeError("a bot that should not have been played")

    return Local()


def test_a_bot_that_cannot_be_pickled_is_named_word_for_word() -> None:
    with pytest.raises(tonk.BotError) as raised:
        tournament(
            PAGAT,
            [RandomBot(), _unpicklable()],
            hands=2,
            seed=1,
            names=["first", "second"],
            executor=_InlineExecutor(),
        )
    cause = raised.value.__cause__
    assert cause is not None
    assert str(raised.value) == (
        "bot second cannot be sent to worker processes, since it cannot be pickled"
        f" ({type(cause).__name__}: {cause}): play with one worker, or make the"
        " bot picklable (define its class at the top level of a module; keep no"
        " lambdas, open files or locks in it)"
    )
    assert raised.value.bot == "second"
    with pytest.raises(type(cause)):
        pickle.dumps(_unpicklable())


def test_the_most_hands_are_allowed() -> None:
    """10**9 hands pass the check of ``hands``: the names' check comes later."""
    bots: list[Bot] = [RandomBot(), RandomBot()]
    with pytest.raises(tonk.RulesError, match=r"^names must be 2 distinct strings"):
        tournament(PAGAT, bots, hands=10**9, seed=1, names=["one"])
    with pytest.raises(
        tonk.RulesError, match=r"^hands must be an int 1\.\.1000000000, got 1000000001$"
    ):
        tournament(PAGAT, bots, hands=10**9 + 1, seed=1, names=["one"])


def test_a_bot_that_cannot_be_pickled_is_refused_with_two_workers() -> None:
    with pytest.raises(tonk.BotError, match=r"^bot Local cannot be sent"):
        tournament(PAGAT, [RandomBot(), _unpicklable()], hands=4, seed=1, workers=2)


def test_names_that_do_not_fit_are_shown() -> None:
    with pytest.raises(
        tonk.RulesError,
        match=r"^names must be 2 distinct strings, one per bot, got \('a', 'a'\)$",
    ):
        tournament(PAGAT, [RandomBot(), RandomBot()], hands=2, seed=1, names="aa")


class _Failing:
    """A random bot that raises on its ``after``-th choice."""

    def __init__(self, after: int) -> None:
        self.after = after

    def choose(
        self, obs: tonk.Observation, legal: Sequence[tonk.Action], rng: random.Random
    ) -> tonk.Action:
        self.after -= 1
        if self.after < 0:
            raise ValueError("no more")
        return legal[rng.randrange(len(legal))]


@pytest.mark.parametrize("after", [0, 40])
def test_a_failing_bot_is_named_with_its_deal_and_seat_word_for_word(
    after: int,
) -> None:
    bot = _Failing(after)
    with pytest.raises(tonk.BotError) as raised:
        tournament(PAGAT, [RandomBot(), bot], hands=20, seed=7)
    error = raised.value
    assert isinstance(error.__cause__, ValueError)
    assert error.bot == "_Failing"
    assert error.seed == 7
    assert isinstance(error.deal, int)
    assert isinstance(error.seat, int)
    assert str(error) == (
        f"bot _Failing failed in deal {error.deal}, seat {error.seat}, of the"
        " tournament with seed 7: ValueError: no more"
    )
    if after:
        assert error.deal > 0


# --- the results --------------------------------------------------------------------


def _result() -> TournamentResult:
    return tournament(PAGAT, [GreedyBot(), RandomBot()], hands=5, seed=1)


def test_the_old_names_warn_at_the_code_that_reads_them() -> None:
    """Each warning points past tonk's own frames, at the caller: this test
    (or, under mutmut, the trampoline that wraps the function, two frames more),
    never at a line of tonk."""
    result = _result()
    record = result.bots[0]
    package = Path(tonk.__file__).parent
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert result.records == result.bots
        assert record.win_rate_interval == record.win_rate_ci95
        assert record.mean_payoff_interval == record.mean_payoff_ci95
    assert [str(warning.message) for warning in caught] == [
        "TournamentResult.records is deprecated: use bots, the name the JSON form"
        " uses too",
        "BotRecord.win_rate_interval is deprecated: use win_rate_ci95, the name the"
        " JSON form uses too",
        "BotRecord.mean_payoff_interval is deprecated: use mean_payoff_ci95, the"
        " name the JSON form uses too",
    ]
    for warning in caught:
        assert warning.category is DeprecationWarning
        assert not Path(warning.filename).is_relative_to(package)


def test_formatting_as_ascii_writes_plain_ascii() -> None:
    result = _result()
    assert format(result, "") == str(result)
    assert "±" in str(result)
    text = format(result, "ascii")
    assert text.isascii()
    assert text == str(result).replace("±", "+-")
    assert f"{result:ascii}" == text
    with pytest.raises(ValueError, match=r"^unknown format spec 'html'"):
        format(result, "html")


def test_a_record_without_hands_has_a_zero_rate_and_mean() -> None:
    record = BotRecord(
        name="idle",
        hands=0,
        wins=0,
        total_payoff=0,
        won_by=(),
        caught=0,
        win_rate_ci95=None,
        mean_payoff_ci95=None,
    )
    assert record.win_rate == 0.0
    assert record.mean_payoff == 0
    assert record.to_dict() == {
        "name": "idle",
        "hands": 0,
        "wins": 0,
        "win_rate": 0.0,
        "win_rate_ci95": None,
        "total_payoff": "0",
        "mean_payoff": 0.0,
        "mean_payoff_ci95": None,
        "won_by": {},
        "caught": 0,
    }


def test_a_result_as_json_values_word_for_word() -> None:
    result = _result()
    assert result.to_dict() == {
        "players": 2,
        "hands": 5,
        "seed": 1,
        "bots": [
            {
                "name": "GreedyBot",
                "hands": 5,
                "wins": 3,
                "win_rate": 0.6,
                "win_rate_ci95": [0.11039215692556553, 1.0896078430744345],
                "total_payoff": "2",
                "mean_payoff": 0.4,
                "mean_payoff_ci95": [-0.909538178137621, 1.7095381781376209],
                "won_by": {"drop_won": 2, "caught": 1},
                "caught": 0,
            },
            {
                "name": "RandomBot",
                "hands": 5,
                "wins": 2,
                "win_rate": 0.4,
                "win_rate_ci95": [-0.08960784307443442, 0.8896078430744345],
                "total_payoff": "-2",
                "mean_payoff": -0.4,
                "mean_payoff_ci95": [-1.7095381781376209, 0.909538178137621],
                "won_by": {"drop_won": 2},
                "caught": 1,
            },
        ],
        "outcomes": {"drop_won": 4, "caught": 1},
    }
