"""Bots: programs that play Tonk from what one seat can see.

A bot implements :class:`Bot`: it is given an
:class:`~tonk.observation.Observation`, the legal actions and a
:class:`random.Random`, and returns an action. :class:`RandomBot` plays at
random, :class:`GreedyBot` by hand-written rules, and :class:`ISMCTSBot` by
information-set Monte Carlo tree search over deals of the unseen cards
(:func:`tonk.determinize`). :func:`play_hand` plays one hand between bots, and
:func:`tournament` plays many, rotating the seats and the deal, and reports
each bot's results.

Examples:
    >>> import tonk
    >>> bots = [tonk.bots.GreedyBot(), tonk.bots.RandomBot()]
    >>> state = tonk.bots.play_hand(tonk.presets.PAGAT, bots, seed=3)
    >>> state.is_terminal
    True
"""

from tonk.bots._arena import BotRecord, TournamentResult, play_hand, tournament
from tonk.bots._base import Bot, RandomBot
from tonk.bots._greedy import GreedyBot
from tonk.bots._ismcts import ISMCTSBot, SearchResult

__all__ = [
    "Bot",
    "BotRecord",
    "GreedyBot",
    "ISMCTSBot",
    "RandomBot",
    "SearchResult",
    "TournamentResult",
    "play_hand",
    "tournament",
]
