"""Named rule sets: each preset is a plain :class:`~tonk.rules.Rules`.

Each preset documents its source and the readings of RULES.md it relies on.
Presets whose house game also changes play, payouts or sessions (rushville,
chicago, washington_state, sheet) hold here only the options implemented so
far; their docstrings say which parts are still to come.

Examples:
    >>> from tonk import presets
    >>> presets.get("pagat") == presets.PAGAT
    True
    >>> presets.get("Baton Rouge").pack_kind
    <PackKind.FORTY: 'forty'>
"""

from __future__ import annotations

import attrs

from tonk.errors import RulesError
from tonk.rules import (
    CutWinner,
    DealTonk,
    DealTonkClaim,
    DealTonkClash,
    DealTonkTie,
    ExhaustionTie,
    PackKind,
    Rules,
    StockEnd,
    Wilds,
)

__all__ = [
    "BATON_ROUGE",
    "CHICAGO",
    "NEWARK",
    "PAGAT",
    "RUSHVILLE",
    "SEATTLE",
    "SHEET",
    "VIETNAM",
    "WASHINGTON_DC",
    "WASHINGTON_STATE",
    "get",
    "names",
]

PAGAT = Rules()
"""pagat.com's "typical version" of Tonk: B1–B15 exactly (the default).

Source: John McLeod, pagat.com, "Tonk". Readings: B14 (nothing is drawn from an
empty stock; ties for lowest are all paid) and B15 (200 completed turns end the
hand as a stock exhaustion)."""

BATON_ROUGE = attrs.evolve(
    PAGAT,
    pack_kind=PackKind.FORTY,
    deal_tonks=(DealTonk(totals=frozenset({47, 50})),),
)
"""Baton Rouge and the US Army: the 40-card pack, 7 next to J in runs, deal
tonks on 47 or 50 (V1).

Source: pagat.com's correspondents. Reading: the deal tonk pays 2x as in B5."""

SEATTLE = attrs.evolve(PAGAT, hand_size=7)
"""Seattle and several books: seven-card hands (V7).

Source: pagat.com's correspondents. Reading: deal tonks stay on 49 and 50 (B5)."""

VIETNAM = attrs.evolve(BATON_ROUGE, hand_size=7)
"""Sailors in Vietnam: the 40-card pack with seven-card hands (V1 + V7).

Source: pagat.com's correspondents. Reading: V1's deal tonks on 47 or 50."""

WASHINGTON_DC = attrs.evolve(
    PAGAT,
    deal_tonks=(
        DealTonk(at_most=11),
        DealTonk(totals=frozenset({50})),
        DealTonk(totals=frozenset({49})),
    ),
    deal_tonk_clash=DealTonkClash.BEST_HAND,
    deal_tonk_tie=DealTonkTie.VOID,
)
"""Scott Sauri's Washington DC game: 49, 50 or 11 or less win 2x at the deal;
any 11-or-less beats 50 beats 49, a lower 11-or-less beats a higher (V16).

Reading: equal best hands void the hand."""

NEWARK = attrs.evolve(
    PAGAT,
    deal_tonks=(
        DealTonk(totals=frozenset({50})),
        DealTonk(totals=frozenset({49})),
        DealTonk(at_most=13),
    ),
    deal_tonk_clash=DealTonkClash.BEST_HAND,
    deal_tonk_tie=DealTonkTie.NEAREST_DEALER_LEFT,
)
"""Sean's Newark NJ game: 50, 49 or 13 or less win 2x at the deal; 50 beats 49
beats 13-or-less, the lowest 13-or-less wins, an exact tie goes to the player
nearest the dealer's left (V17).

Still to come: the 4x first-turn bonus (V33)."""

RUSHVILLE = attrs.evolve(
    PAGAT,
    deal_tonks=(DealTonk(court_cards=5, pays=2),),
    boobed_deck=True,
    exhaustion_tie=ExhaustionTie.DEAD_HAND,
)
"""Hank T Hebhoe's Rushville IN game: five court cards dealt are an automatic
rum, paid as a rum (2 units, V36); no count wins at the deal (V18, B5 off).
In Rushville "tonk" means a drop.

The boobed deck (V27): once the stock holds no more cards than there are
players, emptying the hand does not win at once; the empty hand must be dropped
("tonked") on its next turn, others may drop or bump meanwhile, and a tie for
lowest at exhaustion is a dead hand.

Reading: "five court cards" is every card of a five-card hand a J, Q or K.
Still to come: Rushville's units (V36)."""

CHICAGO = attrs.evolve(
    PAGAT,
    jokers=2,
    wilds=Wilds.JOKERS_AND_TWOS,
    joker_value=0,
    upcard=False,
    deal_tonks=(
        DealTonk(totals=frozenset({50})),
        DealTonk(at_most=13, tie=DealTonkTie.VOID),
        DealTonk(totals=frozenset({49}), pays=1, claim=DealTonkClaim.BEFORE_FIRST_TURN),
    ),
    deal_tonk_clash=DealTonkClash.BEST_HAND,
    deal_tonk_tie=DealTonkTie.VOID,
)
"""Mike Foulds' Chicago game: the four 2s and two jokers are wild (V5), no
upcard (V8); Big 50 wins 2x, the lowest 13-or-less wins 2x, two equal best hands
pay nothing, and a dealt 49 may be claimed for 1x just before the holder's first
turn if nobody has spread (V19). Holding spreads in hand is allowed.

V19's option for tied Big 50s (the earliest seat from the dealer's left wins) is
``deal_tonk_tie=DealTonkTie.NEAREST_DEALER_LEFT``; a tie for the lowest
13-or-less still pays nothing. Readings: a wild in a spread stands for one named
card; a wild standing for itself counts as the spread's natural card; 2s count 2
and jokers 0 in hand; a Big 50 beats a 13-or-less at the same deal. Still to
come: Chicago's going-out pay (V32) and catch (V37)."""

WASHINGTON_STATE = attrs.evolve(
    PAGAT,
    deal_tonks=(
        DealTonk(totals=frozenset({50})),
        DealTonk(totals=frozenset({49})),
        DealTonk(at_most=14),
    ),
    deal_tonk_clash=DealTonkClash.ALL_PAID,
    player_limit=6,
    hit_wait=1,
)
"""Lenie Lepape's Washington State game for 2–6 players: 50, 49 or 14 or less
is a "double tonk", paid 2x by each opponent; several are all paid (V20).

Lepape's waiting (V23): being hit by another player bars you from dropping on
your next turn; laying a spread costs nothing.

Reading: each holder is paid by every player without one. Still to come:
Lepape's catch (V38) and paper score (V41)."""

SHEET = attrs.evolve(
    PAGAT, cut=CutWinner.LOWEST, two_packs_from=5, stock_end=StockEnd.FORCED_KNOCK
)
"""The rules sheet's own game: the lowest cut deals (V9); two packs shuffled
together for 5 or more players (V2); when the stock is empty the player to move
must drop and the lowest count wins 1x from each, with no catch (V29).

Source: the [sheet]. Still to come: the runout bonus (V34) and match play to 100
(V44)."""

_PRESETS: dict[str, Rules] = {
    "pagat": PAGAT,
    "baton_rouge": BATON_ROUGE,
    "seattle": SEATTLE,
    "vietnam": VIETNAM,
    "washington_dc": WASHINGTON_DC,
    "newark": NEWARK,
    "rushville": RUSHVILLE,
    "chicago": CHICAGO,
    "washington_state": WASHINGTON_STATE,
    "sheet": SHEET,
}
_ALIASES: dict[str, str] = {
    "standard": "pagat",
    "typical": "pagat",
    "default": "pagat",
    "us_army": "baton_rouge",
    "40_card": "baton_rouge",
    "7_card": "seattle",
    "seven_card": "seattle",
    "lepape": "washington_state",
    "sauri": "washington_dc",
}


def names() -> tuple[str, ...]:
    """Return the names of every preset, sorted.

    Examples:
        >>> names()
        ('baton_rouge', 'chicago', 'newark', 'pagat', 'rushville', 'seattle', 'sheet', 'vietnam', 'washington_dc', 'washington_state')
    """  # noqa: E501
    return tuple(sorted(_PRESETS))


def get(name: str) -> Rules:
    """Return the preset called ``name`` (case, ``-`` and spaces are ignored).

    Aliases such as ``"7-card"`` and ``"lepape"`` are accepted.

    Raises:
        RulesError: If no preset has that name; the message lists the known names.

    Examples:
        >>> get("Pagat") == Rules()
        True
        >>> get("7-card") == SEATTLE
        True
        >>> get("klondike")
        Traceback (most recent call last):
        ...
        tonk.errors.RulesError: no preset named 'klondike'; known presets: baton_rouge, chicago, newark, pagat, rushville, seattle, sheet, vietnam, washington_dc, washington_state
    """  # noqa: E501
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    key = _ALIASES.get(key, key)
    try:
        return _PRESETS[key]
    except KeyError:
        raise RulesError(
            f"no preset named {name!r}; known presets: {', '.join(names())}"
        ) from None
