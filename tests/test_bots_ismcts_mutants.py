"""ISMCTSBot's search, pinned move for move under a seed (mutation testing).

A search's statistics depend on every part of the bot: the deals (uniform,
lowered by ``lower_hands``, or drawn from the ``belief``), the tree's
progressive widening and UCB (``exploration``), the opponents' moves (the
rollout policy or UCT), the rollout (the quick policy: its drop table, its
take of the discard, its discard and its slap and eat; or random moves) and
the final choice (``confidence``). The tests below pin the exact choice,
visits and mean payoffs of a 24-iteration search from a fixed seed in
positions of several rule sets (a slap, an eat, a widow, a drop bonus, 2 to 4
players), one table per option, so that a change to any of them changes a
pinned number; and the exact refusals of bad options and bad searches.
docs/maintainers.md lists the mutants left.
"""

from __future__ import annotations

import math
import random

import pytest

import tonk
from tonk import DrawStock, Drop, GameState, Rules, RulesError, observe
from tonk.bots import GreedyBot, ISMCTSBot, SearchResult, _ismcts

RULES: dict[str, Rules] = {
    "pagat": tonk.presets.PAGAT,
    "slap": Rules(slap_in=True),
    "slap_next": Rules(slap_in=True, slap_priority_next=True),
    "eating": Rules(eating=True),
    "widow": Rules(widow=True),
    "forty": tonk.presets.FORTY_CASH,
    "hoyle": tonk.presets.HOYLE,
    "rushville": tonk.presets.RUSHVILLE,
    "encyclopedia": tonk.presets.ENCYCLOPEDIA,
    "washington_state": tonk.presets.WASHINGTON_STATE,
}

# (rules, players, seed, n): the n-th choice of more than one action in a hand
# that GreedyBot plays from ``seed``.
POSITIONS: list[tuple[str, int, int, int]] = [
    ("pagat", 2, 0, 0),
    ("pagat", 2, 2, 8),
    ("pagat", 2, 2, 9),
    ("pagat", 3, 3, 9),
    ("pagat", 4, 0, 10),
    ("slap", 3, 3, 8),
    ("slap_next", 4, 0, 11),
    ("eating", 3, 3, 11),
    ("eating", 4, 0, 16),
    ("eating", 2, 2, 8),
    ("widow", 2, 1, 9),
    ("widow", 3, 3, 9),
    ("forty", 3, 1, 8),
    ("forty", 4, 2, 10),
    ("slap_next", 4, 0, 8),
    ("hoyle", 2, 0, 4),
    ("hoyle", 3, 1, 9),
    ("rushville", 2, 0, 0),
    ("rushville", 3, 1, 6),
    ("encyclopedia", 2, 1, 2),
    ("encyclopedia", 3, 0, 4),
    ("washington_state", 3, 0, 0),
    ("washington_state", 4, 1, 1),
    ("pagat", 3, 2, 2),
    ("forty", 3, 1, 2),
]

OPTIONS: dict[str, dict[str, object]] = {
    "default": {},
    "random_rollout": {"rollout": "random"},
    "search_opponents": {"opponents": "search"},
    "belief": {"belief": True},
    "uniform_deals": {"lower_hands": 0.0},
    "much_lower": {"lower_hands": 2.0},
    "whole_stock": {"lower_hands": 100.0},
    "no_confidence": {"confidence": 0.0},
    "high_confidence": {"confidence": 3.0},
    "no_exploration": {"exploration": 0.0},
    "wide_exploration": {"exploration": 4.0},
}

Row = tuple[str, tuple[int, ...], tuple[float, ...]]

# Per option, per position: the action chosen (in notation), the visits and
# the mean payoffs (to 4 places) of a 24-iteration search from Random(5).
EXPECTED: dict[str, list[Row]] = {
    "default": [
        ("drop", (2, 1, 21), (-0.5, -1.0, 0.3333)),
        ("draw stock", (1, 10, 13), (-2.0, -0.6, -0.4615)),
        ("discard 10C", (0, 15, 4, 2, 2, 1), (0.0, 0.1333, 0.5, -1.0, -1.0, -1.0)),
        ("discard 7H", (3, 4, 0, 2, 3, 12), (-1.0, -1.0, 0.0, 0.5, -1.0, -0.1667)),
        ("draw stock", (1, 21, 2), (-2.0, 0.381, -1.0)),
        ("drop", (4, 1, 19), (-1.0, -2.0, -0.3684)),
        ("discard KS", (1, 1, 0, 3, 2, 17), (-1.0, -1.0, 0.0, -1.0, -1.5, 0.4118)),
        ("pass", (1, 23), (-1.0, 2.087)),
        ("pass", (12, 12), (-1.0, -1.0)),
        ("draw stock", (1, 10, 13), (-2.0, -0.6, -0.4615)),
        (
            "draw stock",
            (2, 17, 0, 0, 1, 0, 2, 2),
            (-2.0, -0.8824, 0.0, 0.0, -2.0, 0.0, -2.0, -2.0),
        ),
        ("discard 9D", (5, 5, 5, 4, 5, 0), (-1.0, -1.0, -1.0, -0.25, -1.0, 0.0)),
        ("draw stock", (1, 20, 3), (-2.0, 0.15, -1.0)),
        (
            "discard 7C",
            (12, 3, 5, 0, 1, 3),
            (-1.6667, -2.3333, -2.2, 0.0, -3.0, -2.3333),
        ),
        ("hit 1 JH", (20, 0, 0, 1, 1, 1, 1), (0.95, 0.0, 0.0, -1.0, -1.0, -1.0, -1.0)),
        ("draw stock", (21, 3), (5.0, 5.0)),
        (
            "discard KD",
            (1, 0, 18, 1, 3, 0, 1, 0),
            (-9.0, 0.0, 1.0, -44.0, 0.0, 0.0, -14.0, 0.0),
        ),
        ("draw stock", (1, 5, 18), (-4.0, -0.2, 0.2778)),
        ("draw discard", (1, 4, 19), (-4.0, -1.0, -0.3158)),
        ("draw stock", (5, 10, 9), (-1.0, -0.8, -0.7778)),
        ("discard 10H", (1, 16, 7), (-1.0, 1.5, 1.1429)),
        ("draw stock", (1, 22, 1), (-6.0, 0.5455, -1.0)),
        ("discard 10H", (0, 6, 11, 1, 2, 4), (0.0, -0.3333, 0.4545, -1.0, -1.0, 0.0)),
        ("drop", (2, 19, 3), (0.0, 0.8947, 0.0)),
        ("draw stock", (1, 21, 2), (-2.0, 0.1905, -2.0)),
    ],
    "random_rollout": [
        ("draw stock", (4, 19, 1), (-0.5, 1.1579, -2.0)),
        ("drop", (17, 4, 3), (-0.9412, -1.5, -1.6667)),
        ("discard 10C", (0, 14, 1, 2, 5, 2), (0.0, -0.0714, -2.0, -1.0, -0.6, -1.5)),
        ("discard 5D", (3, 9, 6, 0, 5, 1), (0.0, 0.4444, 0.5, 0.0, 0.2, -1.0)),
        ("draw stock", (1, 14, 9), (-2.0, 1.2143, -0.4444)),
        ("drop", (2, 20, 2), (0.0, 1.55, 0.0)),
        ("discard KS", (3, 0, 1, 4, 1, 15), (-1.3333, 0.0, -2.0, 0.0, -1.0, 0.6)),
        ("pass", (7, 17), (0.5714, 1.0)),
        ("eat", (19, 5), (-0.9474, -2.0)),
        ("drop", (17, 4, 3), (-0.9412, -1.5, -1.6667)),
        (
            "draw discard",
            (0, 4, 14, 1, 0, 0, 4, 1),
            (0.0, -2.25, -1.2143, -3.0, 0.0, 0.0, -2.25, -3.0),
        ),
        ("discard 9D", (1, 1, 18, 0, 3, 1), (-2.0, -1.0, 0.2778, 0.0, -0.6667, -3.0)),
        ("draw stock", (1, 20, 3), (-2.0, 1.4, 0.0)),
        ("discard 7C", (1, 10, 0, 2, 8, 3), (-3.0, -2.0, 0.0, -2.0, -1.5, -2.3333)),
        (
            "hit 1 JH",
            (19, 0, 0, 1, 1, 1, 2),
            (1.5263, 0.0, 0.0, -2.0, -2.0, -1.0, -0.5),
        ),
        ("draw stock", (21, 3), (0.8095, 0.0)),
        (
            "discard KD",
            (0, 1, 12, 2, 6, 0, 3, 0),
            (0.0, 0.0, 3.9167, -32.0, -2.1667, 0.0, -12.0, 0.0),
        ),
        ("draw stock", (1, 22, 1), (-4.0, 2.1818, -1.0)),
        ("draw stock", (1, 22, 1), (-8.0, -0.1364, -8.0)),
        ("draw stock", (3, 17, 4), (-1.0, -0.4118, -1.0)),
        ("discard 10H", (5, 9, 10), (0.8, 1.2222, 1.1)),
        ("draw discard", (2, 1, 21), (-2.0, -6.0, 2.4762)),
        ("discard 10H", (2, 15, 0, 1, 1, 5), (-8.0, 1.7333, 0.0, -24.0, -24.0, -2.0)),
        ("drop", (22, 1, 1), (1.5455, -2.0, -2.0)),
        ("draw discard", (6, 3, 15), (-1.3333, -1.6667, -0.8667)),
    ],
    "search_opponents": [
        ("draw discard", (3, 4, 17), (-1.0, 0.75, 0.1765)),
        ("draw stock", (1, 10, 13), (-2.0, -0.6, -0.5385)),
        ("discard 10C", (0, 9, 1, 12, 1, 1), (0.0, 0.0, -1.0, 0.4167, -1.0, -1.0)),
        ("discard 5D", (3, 7, 0, 5, 7, 2), (-1.0, -0.5714, 0.0, 1.0, -0.4286, -1.0)),
        ("draw stock", (1, 21, 2), (-2.0, 0.381, -1.0)),
        ("drop", (4, 1, 19), (-1.0, -2.0, -0.1579)),
        ("discard KS", (1, 2, 0, 2, 2, 17), (-1.0, -1.0, 0.0, -1.0, -1.0, 0.0)),
        ("pass", (1, 23), (-1.0, 1.3043)),
        ("pass", (12, 12), (-1.0833, -1.0833)),
        ("draw stock", (1, 10, 13), (-2.0, -0.6, -0.5385)),
        (
            "draw stock",
            (2, 17, 0, 0, 1, 0, 2, 2),
            (-2.0, -0.8824, 0.0, 0.0, -2.0, 0.0, -2.0, -2.0),
        ),
        ("discard 9D", (8, 4, 4, 5, 3, 0), (-0.75, -1.0, -1.0, -0.2, -1.0, 0.0)),
        ("draw stock", (1, 20, 3), (-2.0, 0.15, -1.0)),
        ("discard 7C", (13, 6, 2, 0, 2, 1), (-1.3077, -2.3333, -3.0, 0.0, -3.0, -3.0)),
        ("hit 1 JH", (20, 1, 0, 1, 1, 0, 1), (1.3, -1.0, 0.0, -1.0, -1.0, 0.0, -1.0)),
        ("draw stock", (21, 3), (5.0, 5.0)),
        (
            "discard KD",
            (1, 0, 1, 1, 20, 0, 1, 0),
            (-16.0, 0.0, -7.0, -44.0, 12.85, 0.0, -14.0, 0.0),
        ),
        ("draw discard", (1, 5, 18), (-4.0, -0.2, 0.5)),
        ("draw discard", (1, 5, 18), (-4.0, -1.0, -0.5556)),
        ("draw stock", (5, 10, 9), (-1.0, -0.8, -0.7778)),
        ("discard 10H", (1, 17, 6), (-1.0, 1.2353, 0.8333)),
        ("draw stock", (1, 22, 1), (-6.0, 0.5455, -1.0)),
        ("discard 10H", (0, 7, 11, 2, 2, 2), (0.0, -0.2857, -0.0909, -1.0, -1.0, -1.0)),
        ("drop", (2, 19, 3), (0.0, 0.8947, 0.0)),
        ("draw stock", (1, 21, 2), (-2.0, 0.1905, -2.0)),
    ],
    "belief": [
        ("drop", (6, 1, 17), (0.0, -1.0, 0.5882)),
        ("draw discard", (2, 3, 19), (-2.0, -1.3333, -0.6842)),
        ("discard 10D", (4, 2, 4, 5, 9, 0), (0.0, -1.0, -0.5, -0.4, -0.1111, 0.0)),
        ("discard 5D", (2, 9, 0, 2, 1, 10), (-1.0, -0.3333, 0.0, -1.0, -1.0, -0.1)),
        ("draw stock", (2, 7, 15), (-3.0, -1.0, -0.7333)),
        ("draw stock", (1, 21, 2), (-2.0, 0.381, -1.0)),
        ("discard KS", (2, 2, 2, 0, 1, 17), (-1.0, -1.0, -1.0, 0.0, -1.0, 0.1176)),
        ("pass", (1, 23), (-1.0, 0.8261)),
        ("pass", (12, 12), (-1.0, -1.0)),
        ("draw discard", (2, 3, 19), (-2.0, -1.3333, -0.6842)),
        (
            "draw stock",
            (2, 17, 0, 2, 0, 1, 2, 0),
            (-2.0, -1.0, 0.0, -2.0, 0.0, -2.0, -2.0, 0.0),
        ),
        ("discard 9D", (2, 0, 9, 5, 2, 6), (-1.0, 0.0, -0.2222, -0.4, 0.5, -0.3333)),
        ("drop", (6, 17, 1), (0.0, 0.5882, -4.0)),
        ("discard 7C", (7, 5, 1, 0, 3, 8), (-2.1429, -2.2, -3.0, 0.0, -2.3333, -1.75)),
        ("hit 1 JH", (20, 1, 0, 1, 0, 1, 1), (1.45, -1.0, 0.0, -1.0, 0.0, -1.0, -1.0)),
        ("draw stock", (23, 1), (0.3043, -13.0)),
        (
            "discard 10C",
            (0, 14, 7, 1, 1, 1, 0, 0),
            (0.0, -3.2143, 2.2857, -28.0, -51.0, -14.0, 0.0, 0.0),
        ),
        ("draw stock", (1, 4, 19), (-4.0, -0.25, 0.7895)),
        ("draw stock", (1, 21, 2), (-8.0, -0.0952, -1.0)),
        ("draw stock", (4, 8, 12), (-1.0, -0.5, -0.6667)),
        ("discard 10H", (14, 5, 5), (1.1429, 0.8, 0.6)),
        ("draw stock", (1, 21, 2), (-6.0, 0.4286, -1.0)),
        ("discard 9S", (2, 4, 0, 11, 3, 4), (-0.5, -1.0, 0.0, 0.0909, -1.0, -1.0)),
        ("drop", (8, 14, 2), (1.0, 1.3571, 0.5)),
        ("draw stock", (1, 21, 2), (-2.0, -0.381, -2.0)),
    ],
    "uniform_deals": [
        ("drop", (2, 1, 21), (-0.5, -1.0, 0.3333)),
        ("draw stock", (1, 18, 5), (-2.0, -0.2222, -0.4)),
        ("discard 10D", (6, 1, 5, 2, 10, 0), (0.0, -2.0, -0.2, -1.0, 0.0, 0.0)),
        ("discard 6C", (8, 3, 2, 8, 3, 0), (0.125, -1.0, -1.0, -0.25, -1.0, 0.0)),
        ("draw stock", (1, 21, 2), (-2.0, 0.381, -1.0)),
        ("drop", (20, 2, 2), (0.3, -1.0, -1.0)),
        ("discard KS", (1, 1, 0, 3, 2, 17), (-1.0, -1.0, 0.0, -1.0, -1.5, 0.4118)),
        ("pass", (3, 21), (1.0, 1.8095)),
        ("pass", (12, 12), (-1.0, -1.0)),
        ("draw stock", (1, 18, 5), (-2.0, -0.2222, -0.4)),
        (
            "draw stock",
            (2, 17, 0, 0, 0, 1, 2, 2),
            (-2.0, -1.0, 0.0, 0.0, 0.0, -3.0, -2.0, -2.0),
        ),
        ("discard 9D", (2, 2, 16, 2, 2, 0), (-1.0, -1.0, -0.25, -1.0, -1.0, 0.0)),
        ("draw stock", (1, 20, 3), (-2.0, 0.0, -1.0)),
        (
            "discard 7C",
            (12, 3, 5, 0, 1, 3),
            (-1.6667, -2.3333, -2.2, 0.0, -3.0, -2.3333),
        ),
        ("hit 1 JH", (20, 0, 0, 1, 1, 1, 1), (0.95, 0.0, 0.0, -1.0, -1.0, -1.0, -1.0)),
        ("draw stock", (21, 3), (5.0, 5.0)),
        (
            "discard KD",
            (1, 0, 0, 0, 12, 4, 1, 6),
            (-4.0, 0.0, 0.0, 0.0, 2.75, -10.75, -45.0, -10.5),
        ),
        ("draw stock", (1, 5, 18), (-4.0, -0.2, 0.2778)),
        ("draw discard", (1, 4, 19), (-4.0, -1.0, -0.3158)),
        ("draw stock", (5, 10, 9), (-1.0, -0.8, -0.7778)),
        ("discard 10H", (1, 16, 7), (-1.0, 1.5, 1.1429)),
        ("draw stock", (1, 22, 1), (-6.0, 0.5455, -1.0)),
        ("discard 10H", (0, 6, 11, 1, 2, 4), (0.0, -0.3333, 0.4545, -1.0, -1.0, 0.0)),
        ("drop", (2, 19, 3), (0.0, 0.8947, 0.0)),
        ("draw stock", (1, 21, 2), (-2.0, 0.1905, -2.0)),
    ],
    "much_lower": [
        ("drop", (2, 1, 21), (-0.5, -1.0, 0.3333)),
        ("draw discard", (1, 4, 19), (-2.0, -1.0, -0.5263)),
        ("discard 3D", (0, 3, 8, 8, 3, 2), (0.0, -1.0, -0.5, -0.625, -1.0, -1.0)),
        ("discard 5D", (5, 5, 0, 5, 5, 4), (-1.0, -1.0, 0.0, -1.0, -1.0, -0.25)),
        ("draw stock", (1, 12, 11), (-4.0, -1.0, -1.0)),
        ("draw discard", (2, 10, 12), (-2.0, -0.8, -0.75)),
        ("discard KS", (4, 5, 5, 5, 0, 5), (-1.0, -1.0, -1.0, -1.0, 0.0, -1.0)),
        ("eat", (23, 1), (-0.5217, -2.0)),
        ("pass", (12, 12), (-1.0, -1.0)),
        ("draw discard", (1, 4, 19), (-2.0, -1.0, -0.5263)),
        (
            "draw stock",
            (1, 17, 0, 2, 2, 0, 2, 0),
            (-2.0, -1.0, 0.0, -2.0, -2.0, 0.0, -2.0, 0.0),
        ),
        ("discard 9D", (0, 5, 5, 5, 5, 4), (0.0, -1.0, -1.0, -1.0, -1.0, -1.0)),
        ("draw stock", (3, 20, 1), (-2.0, -0.5, -3.0)),
        ("discard 7C", (4, 8, 4, 0, 6, 2), (-2.75, -2.5, -2.5, 0.0, -2.6667, -3.0)),
        ("hit 1 JH", (16, 0, 1, 3, 3, 0, 1), (0.25, 0.0, -1.0, -1.0, -1.0, 0.0, -1.0)),
        ("draw stock", (21, 3), (2.0952, -11.0)),
        (
            "discard KD",
            (2, 0, 15, 2, 2, 0, 0, 3),
            (-15.0, 0.0, -16.3333, -33.5, -21.0, 0.0, 0.0, -18.6667),
        ),
        ("draw stock", (1, 5, 18), (-4.0, -0.2, 0.2778)),
        ("draw stock", (1, 12, 11), (-8.0, -0.8333, -0.8182)),
        ("draw stock", (5, 14, 5), (-1.0, -0.5714, -1.0)),
        ("discard 10H", (8, 15, 1), (0.625, 1.0667, -1.0)),
        ("draw stock", (1, 22, 1), (-6.0, 0.5455, -1.0)),
        ("discard 10H", (0, 6, 11, 1, 2, 4), (0.0, -0.3333, 0.4545, -1.0, -1.0, 0.0)),
        ("drop", (17, 3, 4), (1.0588, 0.0, 0.0)),
        ("draw stock", (1, 18, 5), (-2.0, -0.4444, -1.0)),
    ],
    "whole_stock": [
        ("drop", (2, 1, 21), (-0.5, -1.0, 0.3333)),
        ("draw stock", (2, 11, 11), (-2.0, -1.0, -1.0)),
        ("discard 10C", (5, 5, 5, 0, 4, 5), (-1.0, -1.0, -1.0, 0.0, -1.0, -1.0)),
        ("discard 5D", (5, 5, 0, 4, 5, 5), (-1.0, -1.0, 0.0, -1.0, -1.0, -1.0)),
        ("draw stock", (1, 17, 6), (-4.0, -0.6471, -1.0)),
        ("draw stock", (2, 11, 11), (-2.0, -1.0, -1.0)),
        ("discard KS", (3, 0, 4, 3, 4, 10), (-1.0, 0.0, -1.0, -1.0, -1.0, -0.6)),
        ("pass", (19, 5), (-1.0, -1.4)),
        ("pass", (12, 12), (-1.0, -1.0)),
        ("draw stock", (2, 11, 11), (-2.0, -1.0, -1.0)),
        (
            "draw stock",
            (0, 10, 9, 2, 0, 2, 1, 0),
            (0.0, -1.0, -1.0, -2.0, 0.0, -2.0, -2.0, 0.0),
        ),
        ("discard 9D", (5, 5, 5, 5, 4, 0), (-1.0, -1.0, -1.0, -1.0, -1.0, 0.0)),
        ("drop", (14, 8, 2), (-2.0, -2.25, -3.0)),
        (
            "discard 7C",
            (1, 16, 3, 1, 0, 3),
            (-3.0, -1.625, -2.3333, -3.0, 0.0, -2.3333),
        ),
        ("hit 1 JH", (5, 5, 4, 0, 5, 0, 5), (-1.0, -1.0, -1.0, 0.0, -1.0, 0.0, -1.0)),
        ("draw stock", (23, 1), (-13.4783, -19.0)),
        (
            "discard KD",
            (0, 0, 1, 0, 19, 1, 2, 1),
            (0.0, 0.0, -32.0, 0.0, -24.8947, -37.0, -33.0, -48.0),
        ),
        ("draw stock", (1, 5, 18), (-4.0, -0.2, 0.2778)),
        ("draw stock", (1, 16, 7), (-8.0, -0.6875, -1.0)),
        ("draw stock", (8, 8, 8), (-1.0, -1.0, -1.0)),
        ("discard 8H", (9, 7, 8), (-0.8889, -1.0, -0.875)),
        ("draw stock", (1, 22, 1), (-6.0, 0.5455, -1.0)),
        ("discard 10H", (0, 6, 11, 1, 2, 4), (0.0, -0.3333, 0.4545, -1.0, -1.0, 0.0)),
        ("draw stock", (1, 16, 7), (-2.0, -0.375, -0.7143)),
        ("draw stock", (14, 6, 4), (-2.0, -2.3333, -2.5)),
    ],
    "no_confidence": [
        ("draw discard", (2, 1, 21), (-0.5, -1.0, 0.3333)),
        ("draw discard", (1, 10, 13), (-2.0, -0.6, -0.4615)),
        ("discard 10C", (0, 15, 4, 2, 2, 1), (0.0, 0.1333, 0.5, -1.0, -1.0, -1.0)),
        ("discard 7H", (3, 4, 0, 2, 3, 12), (-1.0, -1.0, 0.0, 0.5, -1.0, -0.1667)),
        ("draw stock", (1, 21, 2), (-2.0, 0.381, -1.0)),
        ("draw discard", (4, 1, 19), (-1.0, -2.0, -0.3684)),
        ("discard KS", (1, 1, 0, 3, 2, 17), (-1.0, -1.0, 0.0, -1.0, -1.5, 0.4118)),
        ("pass", (1, 23), (-1.0, 2.087)),
        ("eat", (12, 12), (-1.0, -1.0)),
        ("draw discard", (1, 10, 13), (-2.0, -0.6, -0.4615)),
        (
            "draw stock",
            (2, 17, 0, 0, 1, 0, 2, 2),
            (-2.0, -0.8824, 0.0, 0.0, -2.0, 0.0, -2.0, -2.0),
        ),
        ("discard 5D", (5, 5, 5, 4, 5, 0), (-1.0, -1.0, -1.0, -0.25, -1.0, 0.0)),
        ("draw stock", (1, 20, 3), (-2.0, 0.15, -1.0)),
        (
            "discard AC",
            (12, 3, 5, 0, 1, 3),
            (-1.6667, -2.3333, -2.2, 0.0, -3.0, -2.3333),
        ),
        ("hit 1 JH", (20, 0, 0, 1, 1, 1, 1), (0.95, 0.0, 0.0, -1.0, -1.0, -1.0, -1.0)),
        ("draw stock", (21, 3), (5.0, 5.0)),
        (
            "discard QC",
            (1, 0, 18, 1, 3, 0, 1, 0),
            (-9.0, 0.0, 1.0, -44.0, 0.0, 0.0, -14.0, 0.0),
        ),
        ("draw discard", (1, 5, 18), (-4.0, -0.2, 0.2778)),
        ("draw discard", (1, 4, 19), (-4.0, -1.0, -0.3158)),
        ("draw stock", (5, 10, 9), (-1.0, -0.8, -0.7778)),
        ("discard 10H", (1, 16, 7), (-1.0, 1.5, 1.1429)),
        ("draw stock", (1, 22, 1), (-6.0, 0.5455, -1.0)),
        ("discard 5S", (0, 6, 11, 1, 2, 4), (0.0, -0.3333, 0.4545, -1.0, -1.0, 0.0)),
        ("draw stock", (2, 19, 3), (0.0, 0.8947, 0.0)),
        ("draw stock", (1, 21, 2), (-2.0, 0.1905, -2.0)),
    ],
    "high_confidence": [
        ("drop", (2, 1, 21), (-0.5, -1.0, 0.3333)),
        ("draw stock", (1, 10, 13), (-2.0, -0.6, -0.4615)),
        ("discard 10C", (0, 15, 4, 2, 2, 1), (0.0, 0.1333, 0.5, -1.0, -1.0, -1.0)),
        ("discard 5D", (3, 4, 0, 2, 3, 12), (-1.0, -1.0, 0.0, 0.5, -1.0, -0.1667)),
        ("draw stock", (1, 21, 2), (-2.0, 0.381, -1.0)),
        ("drop", (4, 1, 19), (-1.0, -2.0, -0.3684)),
        ("discard KS", (1, 1, 0, 3, 2, 17), (-1.0, -1.0, 0.0, -1.0, -1.5, 0.4118)),
        ("pass", (1, 23), (-1.0, 2.087)),
        ("pass", (12, 12), (-1.0, -1.0)),
        ("draw stock", (1, 10, 13), (-2.0, -0.6, -0.4615)),
        (
            "draw stock",
            (2, 17, 0, 0, 1, 0, 2, 2),
            (-2.0, -0.8824, 0.0, 0.0, -2.0, 0.0, -2.0, -2.0),
        ),
        ("discard 9D", (5, 5, 5, 4, 5, 0), (-1.0, -1.0, -1.0, -0.25, -1.0, 0.0)),
        ("draw stock", (1, 20, 3), (-2.0, 0.15, -1.0)),
        (
            "discard 7C",
            (12, 3, 5, 0, 1, 3),
            (-1.6667, -2.3333, -2.2, 0.0, -3.0, -2.3333),
        ),
        ("hit 1 JH", (20, 0, 0, 1, 1, 1, 1), (0.95, 0.0, 0.0, -1.0, -1.0, -1.0, -1.0)),
        ("draw stock", (21, 3), (5.0, 5.0)),
        (
            "discard KD",
            (1, 0, 18, 1, 3, 0, 1, 0),
            (-9.0, 0.0, 1.0, -44.0, 0.0, 0.0, -14.0, 0.0),
        ),
        ("draw stock", (1, 5, 18), (-4.0, -0.2, 0.2778)),
        ("draw stock", (1, 4, 19), (-4.0, -1.0, -0.3158)),
        ("draw stock", (5, 10, 9), (-1.0, -0.8, -0.7778)),
        ("discard 10H", (1, 16, 7), (-1.0, 1.5, 1.1429)),
        ("draw stock", (1, 22, 1), (-6.0, 0.5455, -1.0)),
        ("discard 10H", (0, 6, 11, 1, 2, 4), (0.0, -0.3333, 0.4545, -1.0, -1.0, 0.0)),
        ("drop", (2, 19, 3), (0.0, 0.8947, 0.0)),
        ("draw stock", (1, 21, 2), (-2.0, 0.1905, -2.0)),
    ],
    "no_exploration": [
        ("drop", (2, 1, 21), (-0.5, -1.0, 0.3333)),
        ("draw stock", (1, 20, 3), (-2.0, -0.2, -0.3333)),
        ("discard 10C", (0, 20, 1, 1, 1, 1), (0.0, 0.05, -1.0, -1.0, -1.0, -1.0)),
        ("discard 6C", (20, 1, 0, 1, 1, 1), (-0.7, -1.0, 0.0, -1.0, -1.0, -1.0)),
        ("draw stock", (1, 22, 1), (-2.0, 0.3182, -1.0)),
        ("drop", (22, 1, 1), (-0.1818, -2.0, -1.0)),
        ("discard 2C", (8, 7, 0, 7, 1, 1), (-1.0, -1.0, 0.0, -1.0, -1.0, -1.0)),
        ("pass", (1, 23), (-1.0, 2.087)),
        ("eat", (23, 1), (-1.0, -1.0)),
        ("draw stock", (1, 20, 3), (-2.0, -0.2, -0.3333)),
        (
            "draw stock",
            (1, 20, 0, 0, 1, 0, 1, 1),
            (-2.0, -0.9, 0.0, 0.0, -2.0, 0.0, -2.0, -2.0),
        ),
        ("discard 5D", (18, 3, 1, 1, 1, 0), (-0.8333, -1.0, -1.0, -1.0, -1.0, 0.0)),
        ("draw stock", (1, 20, 3), (-2.0, 0.15, -1.0)),
        ("discard 7C", (13, 3, 5, 0, 1, 2), (-1.7692, -2.3333, -2.2, 0.0, -3.0, -2.0)),
        ("hit 1 JH", (20, 0, 0, 1, 1, 1, 1), (1.2, 0.0, 0.0, -1.0, -1.0, -1.0, -1.0)),
        ("draw stock", (22, 2), (5.9091, 5.5)),
        (
            "discard KD",
            (1, 0, 18, 1, 3, 0, 1, 0),
            (-9.0, 0.0, 1.0, -44.0, 0.0, 0.0, -14.0, 0.0),
        ),
        ("draw stock", (1, 20, 3), (-4.0, 0.15, -0.3333)),
        ("draw stock", (1, 22, 1), (-4.0, -0.4091, -1.0)),
        ("drop", (20, 3, 1), (-0.8, -1.0, -1.0)),
        ("discard 10H", (1, 20, 3), (-1.0, 1.45, 1.0)),
        ("draw stock", (1, 22, 1), (-6.0, 0.5455, -1.0)),
        (
            "discard 10H",
            (0, 7, 12, 1, 1, 3),
            (0.0, -0.4286, 0.3333, -1.0, -1.0, 0.3333),
        ),
        ("draw stock", (3, 18, 3), (-0.6667, 0.7778, 0.0)),
        ("draw stock", (1, 22, 1), (-2.0, 0.0909, -1.0)),
    ],
    "wide_exploration": [
        ("draw stock", (4, 10, 10), (-1.25, 0.5, 0.3)),
        ("draw stock", (5, 11, 8), (-1.4, -0.2727, -0.5)),
        ("discard 10C", (0, 7, 4, 4, 5, 4), (0.0, 0.1429, -0.5, -1.25, -0.2, 0.0)),
        ("discard 4H", (4, 4, 0, 6, 4, 6), (-1.0, -1.0, 0.0, 0.5, -1.0, -0.3333)),
        ("draw stock", (2, 12, 10), (-3.0, 0.25, 0.2)),
        ("drop", (10, 7, 7), (0.0, -0.2857, -0.1429)),
        ("discard KS", (3, 4, 0, 4, 4, 9), (-1.0, -1.0, 0.0, -1.0, -1.25, 0.0)),
        ("pass", (6, 18), (0.5, 1.7778)),
        ("pass", (12, 12), (-1.0, -1.0)),
        ("draw stock", (5, 11, 8), (-1.4, -0.2727, -0.5)),
        (
            "draw stock",
            (4, 8, 0, 0, 3, 0, 4, 5),
            (-2.0, -0.75, 0.0, 0.0, -2.0, 0.0, -2.0, -1.7),
        ),
        ("discard 9D", (5, 5, 5, 4, 5, 0), (-1.0, -1.0, -1.0, -0.25, -1.0, 0.0)),
        ("draw stock", (6, 11, 7), (-1.3333, -0.3636, -1.0)),
        ("discard 7C", (5, 6, 5, 0, 3, 5), (-1.8, -1.6667, -2.2, 0.0, -3.0, -1.8)),
        (
            "hit 1 JH",
            (7, 0, 0, 6, 6, 3, 2),
            (0.2857, 0.0, 0.0, -0.1667, -0.1667, -1.0, -1.0),
        ),
        ("draw stock", (20, 4), (6.95, 5.25)),
        (
            "discard KD",
            (1, 0, 18, 1, 3, 0, 1, 0),
            (-9.0, 0.0, 1.0, -44.0, 0.0, 0.0, -14.0, 0.0),
        ),
        ("draw stock", (3, 13, 8), (-2.3333, -0.1538, -0.75)),
        ("draw stock", (2, 11, 11), (-6.0, -0.7273, -0.7273)),
        ("draw stock", (7, 9, 8), (-1.0, -0.7778, -0.75)),
        ("discard 10H", (4, 12, 8), (-0.5, 1.4167, 1.25)),
        ("draw stock", (1, 21, 2), (-6.0, 0.619, -3.5)),
        ("discard 10H", (0, 5, 9, 3, 3, 4), (0.0, -0.2, 0.7778, -1.0, -1.0, 0.0)),
        ("drop", (7, 6, 11), (0.2857, 0.5, 1.0909)),
        ("draw stock", (4, 14, 6), (-2.0, -0.2857, -1.3333)),
    ],
}


def position(
    rules: str, players: int, seed: int, n: int, dealer: int | None = None
) -> GameState:
    """Return the ``n``-th state of GreedyBot's hand with more than one action
    (the dealer drawn from ``seed``, unless given)."""
    if dealer is None:
        state = tonk.new_game(RULES[rules], players=players, seed=seed)
    else:
        state = tonk.new_game(RULES[rules], players=players, seed=seed, dealer=dealer)
    bot = GreedyBot()
    rng = random.Random(seed)
    while True:
        seen = observe(state, state.to_move)
        if len(seen.legal_actions) > 1:
            if not n:
                return state
            n -= 1
        state = tonk.apply(state, bot.choose(seen, seen.legal_actions, rng))


def summary(result: SearchResult) -> Row:
    return (
        tonk.format_action(result.action),
        result.visits,
        tuple(round(mean, 4) for mean in result.mean_payoffs),
    )


@pytest.mark.parametrize("option", list(OPTIONS))
def test_ismcts_search_statistics_are_pinned_under_a_seed(option: str) -> None:
    """Each option's 24-iteration searches give exactly the pinned statistics."""
    found = []
    for where in POSITIONS:
        bot = ISMCTSBot(iterations=24, **OPTIONS[option])  # type: ignore[arg-type]
        seen = observe(state := position(*where), state.to_move)
        result = bot.search(seen, seen.legal_actions, random.Random(5))
        assert result.iterations == 24
        assert result.actions == seen.legal_actions
        found.append(summary(result))
    assert found == EXPECTED[option]


# --- the options and the budget ------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"iterations": None}, "give an iteration budget, a time budget or both"),
        (
            {"iterations": None, "seconds": None},
            "give an iteration budget, a time budget or both",
        ),
        ({"iterations": 0}, "iterations must be a positive int or None, got 0"),
        ({"iterations": -3}, "iterations must be a positive int or None, got -3"),
        ({"iterations": 2.0}, "iterations must be a positive int or None, got 2.0"),
        ({"iterations": True}, "iterations must be a positive int or None, got True"),
        ({"seconds": 0}, "seconds must be a positive number or None, got 0"),
        ({"seconds": -0.5}, "seconds must be a positive number or None, got -0.5"),
        ({"seconds": True}, "seconds must be a positive number or None, got True"),
        ({"seconds": "1"}, "seconds must be a positive number or None, got '1'"),
        (
            {"seconds": float("nan")},
            "seconds must be a positive number or None, got nan",
        ),
    ],
)
def test_ismcts_refuses_a_bad_budget_word_for_word(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(RulesError) as caught:
        ISMCTSBot(**options)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_ismcts_accepts_the_smallest_budgets_and_a_time_budget_alone() -> None:
    """1 iteration and any positive time (an int or a float) are budgets."""
    assert ISMCTSBot(iterations=1).iterations == 1
    assert ISMCTSBot(iterations=None, seconds=1).seconds == 1
    assert ISMCTSBot(iterations=None, seconds=1e-9).iterations is None
    assert ISMCTSBot(iterations=5, seconds=None).seconds is None


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        (
            {"rollout": "smart"},
            ValueError,
            "'rollout' must be in ('greedy', 'random') (got 'smart')",
        ),
        (
            {"opponents": "all"},
            ValueError,
            "'opponents' must be in ('policy', 'search') (got 'all')",
        ),
        (
            {"belief": "yes"},
            TypeError,
            "'belief' must be <class 'bool'> (got 'yes' that is a <class 'str'>).",
        ),
        (
            {"belief": 1},
            TypeError,
            "'belief' must be <class 'bool'> (got 1 that is a <class 'int'>).",
        ),
    ],
)
def test_ismcts_refuses_bad_choices_of_option(
    options: dict[str, object], error: type[Exception], message: str
) -> None:
    """attrs checks these: its message is the first of the error's arguments."""
    with pytest.raises(error) as caught:
        ISMCTSBot(**options)  # type: ignore[arg-type]
    assert caught.value.args[0] == message


def test_ismcts_defaults() -> None:
    assert ISMCTSBot() == ISMCTSBot(
        iterations=200,
        seconds=None,
        exploration=1.0,
        rollout="greedy",
        lower_hands=0.5,
        confidence=1.0,
        opponents="policy",
        belief=False,
    )


def test_ismcts_stops_after_one_iteration_when_time_is_up() -> None:
    """A time budget spent searches one deal; an iteration budget stops first."""
    seen = observe(state := position("pagat", 2, 0, 0), state.to_move)
    quick = ISMCTSBot(iterations=None, seconds=1e-9)
    assert quick.search(seen, seen.legal_actions, random.Random(1)).iterations == 1
    both = ISMCTSBot(iterations=2, seconds=1e-9)
    assert both.search(seen, seen.legal_actions, random.Random(1)).iterations == 1
    slow = ISMCTSBot(iterations=3, seconds=3600.0)
    result = slow.search(seen, seen.legal_actions, random.Random(1))
    assert result.iterations == sum(result.visits) == 3


# --- the search's refusals and choose --------------------------------------------


def test_ismcts_refuses_to_search_nothing_or_out_of_turn_word_for_word() -> None:
    state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
    assert state.to_move == 1
    bot = ISMCTSBot(iterations=2)
    mine = observe(state, 1)
    with pytest.raises(
        ValueError,
        match=r"^no legal actions to choose from \(seat 1, phase turn_start\)$",
    ):
        bot.search(mine, (), random.Random(0))
    with pytest.raises(
        ValueError,
        match=r"^no legal actions to choose from \(seat 1, phase turn_start\)$",
    ):
        bot.choose(mine, (), random.Random(0))
    other = observe(state, 0)
    with pytest.raises(
        ValueError, match=r"^cannot search for seat 0: it is not to move$"
    ):
        bot.search(other, (Drop(), DrawStock()), random.Random(0))


def test_ismcts_refuses_to_search_a_finished_hand() -> None:
    state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
    over = tonk.apply(state, Drop())
    assert over.outcome is not None
    for seat in (0, 1):
        seen = observe(over, seat)
        with pytest.raises(ValueError, match=r"^cannot search: the hand is over$"):
            ISMCTSBot(iterations=2).search(seen, (Drop(),), random.Random(0))


@pytest.mark.parametrize("belief", [False, True])
def test_ismcts_choose_is_the_search_s_action(belief: bool) -> None:
    """choose returns the search's action; a single action costs no randomness."""
    seen = observe(state := position("pagat", 2, 2, 9), state.to_move)
    bot = ISMCTSBot(iterations=24, belief=belief)
    expected = EXPECTED["belief" if belief else "default"][2][0]
    action = bot.choose(seen, seen.legal_actions, random.Random(5))
    assert tonk.format_action(action) == expected
    rng = random.Random(3)
    before = rng.getstate()
    only = seen.legal_actions[0]
    assert bot.choose(seen, (only,), rng) == only
    assert rng.getstate() == before


def test_ismcts_search_is_reproducible_and_depends_on_the_seed() -> None:
    seen = observe(state := position("pagat", 3, 3, 9), state.to_move)
    bot = ISMCTSBot(iterations=24)
    first = bot.search(seen, seen.legal_actions, random.Random(11))
    assert first == bot.search(seen, seen.legal_actions, random.Random(11))
    assert first != bot.search(seen, seen.legal_actions, random.Random(12))


SHORT_ROLLOUTS: dict[str, list[Row]] = {
    "greedy": [
        ("drop", (2, 1, 21), (-0.5, -1.0, 0.3333)),
        ("draw stock", (1, 16, 7), (-2.0, -0.0625, -0.4286)),
        ("discard 10C", (0, 12, 7, 2, 2, 1), (0.0, 0.0, 0.4286, -1.0, -1.0, -1.0)),
        ("discard 7H", (4, 3, 0, 1, 3, 13), (-1.0, -1.3333, 0.0, -1.0, -1.0, 0.0)),
        ("draw stock", (1, 21, 2), (-2.0, 0.381, -1.0)),
        ("drop", (4, 1, 19), (-1.0, -2.0, -0.3684)),
    ],
    "random": [
        ("draw discard", (3, 1, 20), (-1.0, -2.0, 0.5)),
        ("draw stock", (1, 21, 2), (-2.0, -0.0476, -1.0)),
        ("discard 10C", (0, 13, 3, 2, 2, 4), (0.0, -0.2308, -0.3333, -1.0, -1.0, -0.5)),
        ("discard 4H", (8, 1, 0, 8, 6, 1), (0.125, -2.0, 0.0, 0.625, 0.0, -1.0)),
        ("draw stock", (1, 16, 7), (-2.0, 0.4375, -0.7143)),
        ("drop", (19, 1, 4), (0.4211, -1.0, 0.0)),
    ],
}


@pytest.mark.parametrize("rollout", ["greedy", "random"])
def test_ismcts_long_rollouts_end_by_the_policy_never_taking_the_discard(
    rollout: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After _ROLLOUT_STEPS actions a rollout goes on by the policy, drawing
    from the stock instead of taking the discard. Rollouts end well before
    400 actions under these rules, so the limit is lowered to 2 here."""
    monkeypatch.setattr(_ismcts, "_ROLLOUT_STEPS", 2)
    found = []
    for where in POSITIONS[:6]:
        seen = observe(state := position(*where), state.to_move)
        bot = ISMCTSBot(iterations=24, rollout=rollout)  # type: ignore[arg-type]
        found.append(summary(bot.search(seen, seen.legal_actions, random.Random(5))))
    assert found == SHORT_ROLLOUTS[rollout]


AFTER_AN_EXCHANGE: dict[str, Row] = {
    "default": ("draw stock", (1, 22, 1), (-3.0, -0.1818, -2.0)),
    "random_rollout": ("draw discard", (3, 1, 20), (-3.0, -5.0, -0.85)),
    "belief": ("draw stock", (1, 21, 2), (-3.0, -0.8571, -2.0)),
    "uniform_deals": ("draw stock", (5, 18, 1), (-2.0, -0.7222, -3.0)),
    "much_lower": ("draw stock", (1, 13, 10), (-5.0, -1.3846, -2.0)),
    "wide_exploration": ("draw stock", (3, 11, 10), (-3.0, -0.8182, -1.2)),
}


@pytest.mark.parametrize("option", list(AFTER_AN_EXCHANGE))
def test_ismcts_deals_keep_the_widow_the_seat_took(option: str) -> None:
    """The seat knows the widow it exchanged (7H); the other seats' widows,
    never taken, are dealt from the unseen cards."""
    state = position("widow", 3, 3, 8)
    state = tonk.apply(state, tonk.parse_action(state, "exchange 7H"))
    seen = observe(state, state.to_move)
    assert seen.exchanged == (False, False, True)
    bot = ISMCTSBot(iterations=24, **OPTIONS[option])  # type: ignore[arg-type]
    result = bot.search(seen, seen.legal_actions, random.Random(5))
    assert summary(result) == AFTER_AN_EXCHANGE[option]


# Per budget, per position: the action chosen with confidence 1.0 and with 0,
# the visits and the mean payoffs (to 4 places), from Random(5).
SMALL_BUDGETS: dict[int, list[tuple[str, str, tuple[int, ...], tuple[float, ...]]]] = {
    2: [
        ("drop", "draw discard", (1, 0, 1), (1.0, 0.0, 2.0)),
        ("draw stock", "draw stock", (0, 1, 1), (0.0, 1.0, 1.0)),
        (
            "discard 10C",
            "discard 10C",
            (0, 1, 0, 1, 0, 0),
            (0.0, 1.0, 0.0, -1.0, 0.0, 0.0),
        ),
        (
            "discard 5D",
            "discard 6C",
            (1, 1, 0, 0, 0, 0),
            (-1.0, -1.0, 0.0, 0.0, 0.0, 0.0),
        ),
        ("draw stock", "draw stock", (0, 1, 1), (0.0, -1.0, -1.0)),
        ("drop", "drop", (1, 1, 0), (2.0, -2.0, 0.0)),
        (
            "discard KS",
            "discard 3H",
            (0, 0, 0, 1, 0, 1),
            (0.0, 0.0, 0.0, -1.0, 0.0, -1.0),
        ),
        ("pass", "pass", (1, 1), (-1.0, 2.0)),
        ("pass", "eat", (1, 1), (-1.0, -1.0)),
        ("draw stock", "draw stock", (0, 1, 1), (0.0, 1.0, 1.0)),
        (
            "draw stock",
            "draw stock",
            (0, 1, 0, 0, 0, 0, 0, 1),
            (0.0, -1.0, 0.0, 0.0, 0.0, 0.0, 0.0, -2.0),
        ),
        (
            "discard 9D",
            "discard 6D",
            (0, 1, 1, 0, 0, 0),
            (0.0, -1.0, -1.0, 0.0, 0.0, 0.0),
        ),
        ("drop", "draw discard", (1, 0, 1), (-2.0, 0.0, -1.0)),
        (
            "discard 7C",
            "discard 7C",
            (0, 1, 0, 0, 1, 0),
            (0.0, -1.0, 0.0, 0.0, -3.0, 0.0),
        ),
        (
            "hit 1 JH",
            "hit 1 JH",
            (1, 0, 0, 0, 1, 0, 0),
            (-1.0, 0.0, 0.0, 0.0, -1.0, 0.0, 0.0),
        ),
        ("draw stock", "draw discard", (1, 1), (16.0, 19.0)),
        (
            "discard KD",
            "discard KD",
            (0, 0, 0, 0, 1, 0, 1, 0),
            (0.0, 0.0, 0.0, 0.0, 12.0, 0.0, -14.0, 0.0),
        ),
        ("draw stock", "draw stock", (0, 1, 1), (0.0, 1.0, 1.0)),
        ("draw stock", "draw stock", (0, 1, 1), (0.0, -1.0, -1.0)),
        ("draw stock", "draw stock", (0, 1, 1), (0.0, -1.0, -1.0)),
        ("discard 10H", "discard 10H", (0, 1, 1), (0.0, 4.0, 2.0)),
        ("draw discard", "draw stock", (0, 1, 1), (0.0, 2.0, -1.0)),
        (
            "discard 10H",
            "discard 10H",
            (0, 1, 0, 0, 1, 0),
            (0.0, 3.0, 0.0, 0.0, -1.0, 0.0),
        ),
        ("drop", "drop", (1, 0, 1), (2.0, 0.0, 2.0)),
        ("draw stock", "draw stock", (0, 1, 1), (0.0, 3.0, -1.0)),
    ],
    3: [
        ("draw discard", "draw discard", (1, 0, 2), (1.0, 0.0, 2.0)),
        ("draw stock", "draw stock", (0, 2, 1), (0.0, 1.0, 1.0)),
        (
            "discard 10C",
            "discard 10C",
            (0, 2, 0, 1, 0, 0),
            (0.0, 1.0, 0.0, -1.0, 0.0, 0.0),
        ),
        (
            "discard 5D",
            "discard 5D",
            (1, 2, 0, 0, 0, 0),
            (-1.0, -1.0, 0.0, 0.0, 0.0, 0.0),
        ),
        ("draw stock", "draw stock", (0, 2, 1), (0.0, 1.5, -1.0)),
        ("drop", "drop", (2, 1, 0), (0.0, -2.0, 0.0)),
        (
            "discard KS",
            "discard KS",
            (0, 0, 0, 1, 0, 2),
            (0.0, 0.0, 0.0, -1.0, 0.0, -1.0),
        ),
        ("pass", "pass", (1, 2), (-1.0, 2.0)),
        ("pass", "pass", (1, 2), (-1.0, -1.0)),
        ("draw stock", "draw stock", (0, 2, 1), (0.0, 1.0, 1.0)),
        (
            "draw stock",
            "draw stock",
            (0, 2, 0, 0, 0, 0, 0, 1),
            (0.0, -1.0, 0.0, 0.0, 0.0, 0.0, 0.0, -2.0),
        ),
        (
            "discard 9D",
            "discard 9D",
            (0, 1, 2, 0, 0, 0),
            (0.0, -1.0, -1.0, 0.0, 0.0, 0.0),
        ),
        ("draw discard", "draw discard", (1, 0, 2), (-2.0, 0.0, -1.0)),
        (
            "discard 7C",
            "discard 7C",
            (0, 2, 0, 0, 1, 0),
            (0.0, -2.0, 0.0, 0.0, -3.0, 0.0),
        ),
        (
            "hit 1 JH",
            "hit 1 JH",
            (2, 0, 0, 0, 1, 0, 0),
            (1.5, 0.0, 0.0, 0.0, -1.0, 0.0, 0.0),
        ),
        ("draw discard", "draw discard", (1, 2), (16.0, 5.5)),
        (
            "discard KD",
            "discard KD",
            (0, 0, 0, 0, 2, 0, 1, 0),
            (0.0, 0.0, 0.0, 0.0, 14.5, 0.0, -14.0, 0.0),
        ),
        ("draw stock", "draw stock", (0, 2, 1), (0.0, 0.0, 1.0)),
        ("draw stock", "draw stock", (0, 2, 1), (0.0, -1.0, -1.0)),
        ("draw stock", "draw stock", (0, 2, 1), (0.0, -1.0, -1.0)),
        ("discard 10H", "discard 10H", (0, 2, 1), (0.0, 3.0, 2.0)),
        ("draw stock", "draw stock", (0, 2, 1), (0.0, 2.0, -1.0)),
        (
            "discard 10H",
            "discard 10H",
            (0, 2, 0, 0, 1, 0),
            (0.0, 1.0, 0.0, 0.0, -1.0, 0.0),
        ),
        ("drop", "drop", (2, 0, 1), (0.0, 0.0, 2.0)),
        ("draw stock", "draw stock", (0, 2, 1), (0.0, 1.0, -1.0)),
    ],
    4: [
        ("draw discard", "draw discard", (1, 0, 3), (1.0, 0.0, 1.0)),
        ("draw stock", "draw stock", (0, 2, 2), (0.0, 1.0, 1.0)),
        (
            "discard 10C",
            "discard 10C",
            (0, 3, 0, 1, 0, 0),
            (0.0, 1.0, 0.0, -1.0, 0.0, 0.0),
        ),
        (
            "discard 5D",
            "discard 6C",
            (2, 2, 0, 0, 0, 0),
            (-1.0, -1.0, 0.0, 0.0, 0.0, 0.0),
        ),
        ("draw stock", "draw stock", (0, 3, 1), (0.0, 0.6667, -1.0)),
        ("drop", "drop", (3, 1, 0), (-0.6667, -2.0, 0.0)),
        (
            "discard KS",
            "discard 3H",
            (0, 0, 0, 2, 0, 2),
            (0.0, 0.0, 0.0, -1.0, 0.0, -1.0),
        ),
        ("pass", "pass", (1, 3), (-1.0, 2.3333)),
        ("pass", "eat", (2, 2), (-1.0, -1.0)),
        ("draw stock", "draw stock", (0, 2, 2), (0.0, 1.0, 1.0)),
        (
            "draw stock",
            "draw stock",
            (0, 3, 0, 0, 0, 0, 0, 1),
            (0.0, -1.0, 0.0, 0.0, 0.0, 0.0, 0.0, -2.0),
        ),
        (
            "discard 9D",
            "discard 6D",
            (0, 2, 2, 0, 0, 0),
            (0.0, -1.0, -1.0, 0.0, 0.0, 0.0),
        ),
        ("draw discard", "draw discard", (1, 0, 3), (-2.0, 0.0, -1.0)),
        (
            "discard 7C",
            "discard 7C",
            (0, 3, 0, 0, 1, 0),
            (0.0, -2.3333, 0.0, 0.0, -3.0, 0.0),
        ),
        (
            "hit 1 JH",
            "hit 1 JH",
            (3, 0, 0, 0, 1, 0, 0),
            (2.3333, 0.0, 0.0, 0.0, -1.0, 0.0, 0.0),
        ),
        ("draw stock", "draw stock", (2, 2), (12.5, 5.5)),
        (
            "discard KD",
            "discard KD",
            (0, 0, 0, 0, 3, 0, 1, 0),
            (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -14.0, 0.0),
        ),
        ("draw stock", "draw stock", (0, 2, 2), (0.0, 0.0, 0.0)),
        ("draw stock", "draw stock", (0, 2, 2), (0.0, -1.0, -1.0)),
        ("draw stock", "draw stock", (0, 2, 2), (0.0, -1.0, -1.0)),
        ("discard 10H", "discard 10H", (0, 3, 1), (0.0, 1.6667, 2.0)),
        ("draw stock", "draw stock", (0, 3, 1), (0.0, 2.0, -1.0)),
        (
            "discard 10H",
            "discard 10H",
            (0, 3, 0, 0, 1, 0),
            (0.0, 0.3333, 0.0, 0.0, -1.0, 0.0),
        ),
        ("drop", "draw discard", (2, 0, 2), (0.0, 0.0, 0.5)),
        ("draw stock", "draw stock", (0, 3, 1), (0.0, 1.6667, -1.0)),
    ],
}


@pytest.mark.parametrize("iterations", list(SMALL_BUDGETS))
def test_ismcts_keeps_the_policy_s_action_unless_clearly_beaten(
    iterations: int,
) -> None:
    """With a few iterations, an action visited once or twice cannot be shown
    better than the rollout policy's by a standard error: the search keeps the
    policy's choice; with confidence 0 it takes the most visited."""
    found = []
    for where in POSITIONS:
        seen = observe(state := position(*where), state.to_move)
        sure = ISMCTSBot(iterations=iterations)
        bold = ISMCTSBot(iterations=iterations, confidence=0.0)
        kept = sure.search(seen, seen.legal_actions, random.Random(5))
        taken = bold.search(seen, seen.legal_actions, random.Random(5))
        assert (taken.visits, taken.mean_payoffs) == (kept.visits, kept.mean_payoffs)
        found.append(
            (
                tonk.format_action(kept.action),
                tonk.format_action(taken.action),
                *summary(kept)[1:],
            )
        )
    assert found == SMALL_BUDGETS[iterations]


@pytest.mark.parametrize(
    ("option", "value", "error", "message"),
    [
        ("exploration", "x", TypeError, "exploration must be a number, got 'x'"),
        ("exploration", True, TypeError, "exploration must be a number, got True"),
        ("exploration", -math.inf, RulesError, "exploration must be 0 to 1,000,000"),
        ("exploration", math.nan, RulesError, "exploration must be 0 to 1,000,000"),
        ("exploration", 10**400, RulesError, "exploration must be 0 to 1,000,000"),
        ("confidence", "a", TypeError, "confidence must be a number, got 'a'"),
        ("confidence", -0.5, RulesError, "confidence must be 0 to 1,000,000"),
        ("confidence", math.inf, RulesError, "confidence must be 0 to 1,000,000"),
        ("lower_hands", -1, RulesError, "lower_hands must be 0 to 1,000, got -1"),
        ("lower_hands", 1001, RulesError, "lower_hands must be 0 to 1,000, got 1001"),
    ],
)
def test_ismcts_refuses_a_weight_that_is_no_number_or_out_of_range(
    option: str, value: object, error: type[Exception], message: str
) -> None:
    # A string failed deep inside a search, and NaN or -inf silently
    # changed what the search did.
    with pytest.raises(error) as caught:
        ISMCTSBot(**{option: value})  # type: ignore[arg-type]
    assert str(caught.value).startswith(message)


def test_ismcts_takes_each_weight_at_its_bounds() -> None:
    for option, most in (
        ("exploration", 1_000_000),
        ("confidence", 1_000_000),
        ("lower_hands", 1000),
    ):
        for value in (0, most, 0.5):
            assert getattr(ISMCTSBot(**{option: value}), option) == value  # type: ignore[arg-type]


def test_ismcts_with_beliefs_remembers_the_hand_it_played() -> None:
    """A belief bot that chose seat 0's earlier actions of the hand (and so
    remembered the other seats' turns) draws its deals from that memory: its
    search differs from a fresh bot's, exactly as pinned."""
    state = tonk.new_game(tonk.presets.PAGAT, players=3, seed=3)
    player = ISMCTSBot(iterations=12, belief=True)
    other = GreedyBot()
    rng = random.Random(3)
    decisions = 0
    while True:
        seen = observe(state, state.to_move)
        if state.to_move == 0 and len(seen.legal_actions) > 1:
            if decisions == 3:
                break
            decisions += 1
        bot = player if state.to_move == 0 else other
        state = tonk.apply(state, bot.choose(seen, seen.legal_actions, rng))
    remembered = player.search(seen, seen.legal_actions, random.Random(5))
    fresh = ISMCTSBot(iterations=12, belief=True)
    forgotten = fresh.search(seen, seen.legal_actions, random.Random(5))
    assert summary(remembered) == (  # both turns of each seat weighed
        "discard 7C",
        (0, 2, 7, 2, 0, 1),
        (0.0, -1.0, -0.1429, -1.0, 0.0, -1.0),
    )
    assert summary(forgotten) == (
        "discard 10D",
        (0, 3, 0, 7, 1, 1),
        (0.0, -1.0, 0.0, -0.5714, -2.0, -1.0),
    )


class _OwnRandom(random.Random):
    """A subclass of Random: the deals shuffle with its own ``shuffle``."""


def test_ismcts_deals_the_same_from_a_subclass_of_random() -> None:
    """A Random subclass shuffles by its ``shuffle`` method, which draws as the
    quick shuffle does for a plain Random: the same seed, the same search."""
    for where in POSITIONS[:6]:
        seen = observe(state := position(*where), state.to_move)
        bot = ISMCTSBot(iterations=12)
        plain = bot.search(seen, seen.legal_actions, random.Random(5))
        own = bot.search(seen, seen.legal_actions, _OwnRandom(5))
        assert own == plain


DEALER_ONE: list[tuple[tuple[int, int], Row]] = [
    ((2, 2), ("drop", (2, 17, 5), (-1.0, 0.7059, -0.4))),
    ((1, 6), ("draw stock", (1, 21, 2), (-4.0, 0.0952, -1.0))),
    ((0, 4), ("discard 8H", (19, 3, 2), (1.0526, -1.3333, -3.0))),
]


def test_ismcts_rollouts_count_each_seat_s_turns_from_the_dealer_s_left() -> None:
    """With seat 1 dealing to 3 players, the rollout policy's drop table counts
    each other seat's turns from the seat on the dealer's left."""
    found = []
    for seed, n in [(2, 2), (1, 6), (0, 4)]:
        state = position("rushville", 3, seed, n, dealer=1)
        assert state.dealer == 1
        seen = observe(state, state.to_move)
        bot = ISMCTSBot(iterations=24)
        found.append(
            ((seed, n), summary(bot.search(seen, seen.legal_actions, random.Random(5))))
        )
    assert found == DEALER_ONE
