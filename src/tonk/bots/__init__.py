"""Bots: programs that play Tonk from what one seat can see.

A bot implements :class:`Bot`: it is given an
:class:`~tonk.observation.Observation`, the legal actions and a
:class:`random.Random`, and returns an action. :class:`RandomBot` plays at
random, :class:`GreedyBot` by hand-written rules, and :class:`ISMCTSBot` by
information-set Monte Carlo tree search over deals of the unseen cards
(:func:`tonk.determinize`). :class:`InferenceBot` plays as the greedy bot
but drops, draws and discards by a belief over the other hands: :func:`infer`
weighs deals of the hidden cards by how likely a model of the other seats'
play (:class:`GreedyModel`) made the turns a :class:`Memory` saw them play.
:func:`load_bot` builds one by name, yours
too (``mypkg.bots:CleverBot``). :func:`play_hand` plays one hand between bots, and
:func:`tournament` plays many, rotating the seats and the deal, and reports
each bot's results. Between hands every bot makes
:func:`plain_session_action`'s choice. :class:`ProcessBot` plays a program
written in any language over the table protocol (:mod:`tonk.protocol`), and
:func:`serve_bot` is a Python bot's end of it (``tonk bot NAME``).

Examples:
    >>> import tonk
    >>> bots = [tonk.bots.GreedyBot(), tonk.bots.RandomBot()]
    >>> state = tonk.bots.play_hand(tonk.presets.PAGAT, bots, seed=3)
    >>> state.is_terminal
    True
"""

from tonk.bots._arena import BotRecord, TournamentResult, play_hand, tournament
from tonk.bots._base import Bot, RandomBot, plain_session_action
from tonk.bots._belief import (
    Belief,
    GreedyModel,
    Memory,
    OpponentModel,
    OpponentTurn,
    infer,
)
from tonk.bots._greedy import GreedyBot
from tonk.bots._inference import InferenceBot
from tonk.bots._ismcts import ISMCTSBot, SearchResult
from tonk.bots._load import BUILT_IN_BOTS, bot_label, load_bot
from tonk.bots._process import ProcessBot, serve_bot

__all__ = [
    "BUILT_IN_BOTS",
    "Belief",
    "Bot",
    "BotRecord",
    "GreedyBot",
    "GreedyModel",
    "ISMCTSBot",
    "InferenceBot",
    "Memory",
    "OpponentModel",
    "OpponentTurn",
    "ProcessBot",
    "RandomBot",
    "SearchResult",
    "TournamentResult",
    "bot_label",
    "infer",
    "load_bot",
    "plain_session_action",
    "play_hand",
    "serve_bot",
    "tournament",
]
