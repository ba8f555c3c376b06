"""Named rule sets: each preset is a plain :class:`~tonk.rules.Rules`.

Each preset documents its source and the readings (docs/rules/) it relies on.
A preset covers the whole house game: the deal, play, payouts and, for
:class:`~tonk.session.Session`, its scoring.

Examples:
    >>> from tonk import presets
    >>> presets.get("pagat") == presets.PAGAT
    True
    >>> presets.get("Baton Rouge").pack_kind
    <PackKind.FORTY: 'forty'>
"""

from __future__ import annotations

import attrs

from tonk._validate import brief
from tonk.errors import RulesError
from tonk.rules import (
    Catch,
    CutWinner,
    DealTonk,
    DealTonkClaim,
    DealTonkClash,
    DealTonkTie,
    DropPay,
    ExhaustionTie,
    LowestTie,
    OutPay,
    PackKind,
    PerPlayer,
    Rules,
    Scoring,
    StockEnd,
    Wilds,
)

__all__ = [
    "BATON_ROUGE",
    "CHICAGO",
    "CLUB_EVENTS",
    "ELIMINATION",
    "ENCYCLOPEDIA",
    "FIFTY_ONLY",
    "FORTY_CASH",
    "HOYLE",
    "LOW_HIGH_DEAL",
    "NEWARK",
    "PAGAT",
    "PUSH_UPS",
    "RUSHVILLE",
    "SEATTLE",
    "SHEET",
    "SPLIT_POT",
    "VIETNAM",
    "WASHINGTON_DC",
    "WASHINGTON_STATE",
    "get",
    "name_of",
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
    going_out=(
        OutPay(pays=4, first_turn=True, spreads_this_turn=2, hit_this_turn=False),
        *PAGAT.going_out,
    ),
)
"""Sean's Newark NJ game: 50, 49 or 13 or less win 2x at the deal; 50 beats 49
beats 13-or-less, the lowest 13-or-less wins, an exact tie goes to the player
nearest the dealer's left (V17). Going out on your first turn with two spreads
of your own pays 4x, not if any hit was needed (V33).

Reading: the bonus needs two spreads laid and no hit made in that first turn,
whether the last card goes in a spread or as a discard; otherwise B11 pays."""

RUSHVILLE = attrs.evolve(
    PAGAT,
    deal_tonks=(DealTonk(court_cards=5, pays=2),),
    boobed_deck=True,
    exhaustion_tie=ExhaustionTie.DEAD_HAND,
    going_out=(OutPay(pays=2),),
    catch=Catch.RUSHVILLE,
)
"""Hank T Hebhoe's Rushville IN game: five court cards dealt are an automatic
rum, paid as a rum (2 units, V36); no count wins at the deal (V18, B5 off).
In Rushville "tonk" means a drop.

The boobed deck (V27): once the stock holds no more cards than there are
players, emptying the hand does not win at once; the empty hand must be dropped
("tonked") on its next turn, others may drop or bump meanwhile, and a tie for
lowest at exhaustion is a dead hand.

Rushville's units (V36): a successful tonk is paid 1 unit (a nickel) by each
player, a rum (going out, any way) 2 units (a dime); a bumped tonker pays a
double rum (4 units) only to each player who bumped him (count equal or lower).

Reading: "five court cards" is every card of a five-card hand a J, Q or K."""

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
    going_out=(
        OutPay(pays=1, hit_this_hand=True),
        OutPay(pays=1, first_turn=False, spreads_this_turn=2),
        *PAGAT.going_out,
    ),
    catch=Catch.CHICAGO,
)
"""Mike Foulds' Chicago game: the four 2s and two jokers are wild (V5), no
upcard (V8); Big 50 wins 2x, the lowest 13-or-less wins 2x, two equal best hands
pay nothing, and a dealt 49 may be claimed for 1x just before the holder's first
turn if nobody has spread (V19). Holding spreads in hand is allowed.

V19's option for tied Big 50s (the earliest seat from the dealer's left wins) is
``deal_tonk_tie=DealTonkTie.NEAREST_DEALER_LEFT``; a tie for the lowest
13-or-less still pays nothing. Readings: a wild in a spread stands for one named
card; a wild standing for itself counts as the spread's natural card; 2s count 2
and jokers 0 in hand; a Big 50 beats a 13-or-less at the same deal.

Going out (V32): once you have hit any spread ("broken your hand") going out
pays only 1x; going out on your first turn with two spreads ("tonk out off the
deal") pays 2x, a later two-spread going out 1x; otherwise B11 pays. Catch
(V37): a caught dropper pays 2x to each catcher and nobody else pays.

Reading: a slap counts as a hit for the broken hand (V26)."""

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
    catch=Catch.LEPAPE,
    scoring=Scoring.PAPER,
)
"""Lenie Lepape's Washington State game for 2–6 players: 50, 49 or 14 or less
is a "double tonk", paid 2x by each opponent; several are all paid (V20).

Lepape's waiting (V23): being hit by another player bars you from dropping on
your next turn; laying a spread costs nothing.

Lepape's catch (V38): a caught dropper pays 2N points (N players) to each
catcher; others neither win nor lose. ``Catch.LEPAPE_N_MINUS_1`` is the 2(N-1)
option. Scores are kept as zero-sum points on paper (V41), settled at the end.

Reading: each holder of a double tonk is paid by every player without one."""

SHEET = attrs.evolve(
    PAGAT,
    cut=CutWinner.LOWEST,
    two_packs_from=5,
    stock_end=StockEnd.FORCED_KNOCK,
    going_out=(OutPay(pays=2, spread_before=False), OutPay(pays=1)),
    match_target=100,
)
"""The rules sheet's own game: the lowest cut deals (V9); two packs shuffled
together for 5 or more players (V2); when the stock is empty the player to move
must drop and the lowest count wins 1x from each, with no catch (V29).

Going out without having laid a spread on an earlier turn (a "runout") pays
2x, any other going out 1x (V34). A session is a match to 100 won points (V44).

Source: the [sheet]. Reading: "won points" are a player's ledger balance in
base stakes; the session ends after the hand in which a balance reaches 100."""

PUSH_UPS = attrs.evolve(PAGAT, scoring=Scoring.PUSH_UPS)
"""Tony Jacobs' "push-ups": pagat's game for points, where each loser's push-up
total grows by the count left in hand, twice it after a double win; the lowest
total wins the session (V42).

Readings: every player who did not win the hand is a loser (a catcher who was
paid but was not lowest too); a loser's count is doubled when it made a
payment of 2x or more (a tonk out, a 2x deal tonk, or a caught dropper paying
2x); a hand without winners (a void deal, a dead hand) scores nothing."""

FIFTY_ONLY = attrs.evolve(
    PAGAT,
    player_limit=2,
    deal_tonks=(DealTonk(totals=frozenset({50})),),
)
"""A two-player app's game: only a dealt count of exactly 50 wins at the deal,
paid 2x; a dealt 49 wins nothing (X1).

Source: the rules page of a two-player Tonk app (summarised in
``docs/presets.md``). Readings: X1 is B5's table with the 49 left out; when the
stock runs out the lowest count wins, as in B14's showdown; everything else is
pagat's."""

CLUB_EVENTS = attrs.evolve(PAGAT, player_limit=3, deal_tonks=())
"""A card club's event rules: pagat's game for two or three players, with no
deal tonks (B5 off).

Source: a card club's rules for its Tonk events. Reading: with no deal-tonk
row, every dealt hand is played; everything else is pagat's."""

LOW_HIGH_DEAL = attrs.evolve(
    PAGAT,
    deal_tonks=(DealTonk(totals=frozenset({49, 50})), DealTonk(at_most=15)),
    catch=Catch.CHICAGO,
)
"""A tabletop house game: a dealt count of 15 or less, 49 or 50 wins 2x at the
deal, and any clash of such hands voids the deal (V12); a caught dropper pays
2x to each catcher and nobody else pays (V37).

Source: a tabletop write-up of a house game. Readings: the clash is B5's void
hand, whichever rows clash; everything else is pagat's."""

ELIMINATION = attrs.evolve(PUSH_UPS, elimination_at=100)
"""A browser game played for penalty points: each loser adds the count left in
hand, twice it when paying 2x or more, as in push-ups (V42); a player whose
total reaches 100 leaves the table, and the last player left wins (X3).

Source: the help page of a browser Tonk game. Readings: V42's (a dealt 50 or
49 charges the others double their count, being a 2x deal tonk); X3's (the
deal passes left past the players who leave; those whose totals reach 100 in
the same hand all leave)."""

SPLIT_POT = attrs.evolve(
    PAGAT,
    player_limit=4,
    deal_tonk_clash=DealTonkClash.BEST_HAND,
    deal_tonk_tie=DealTonkTie.SPLIT,
    catch=Catch(to_lowest=PerPlayer(2), lowest_tie=LowestTie.SPLIT),
)
"""An app's game for 2-4 players: a dealt 49 or 50 wins 2x, and players whose
deal tonks tie share the payout (X15); a caught dropper pays twice the table
(2N x) to the lowest player only (X16).

Source: a Tonk app's rules page (summarised in ``docs/presets.md``).
Readings: pagat's 49/50 row is one row, so a dealt 49 and a dealt 50 are equal
hands and any clash of deal tonks is a tie, shared (``BEST_HAND`` with
``DealTonkTie.SPLIT``): each other player pays 2x once, divided among the
holders; players tied for lowest after a catch share the one pot
(``LowestTie.SPLIT``), as tied deal tonks do; everything else is pagat's."""

ENCYCLOPEDIA = attrs.evolve(
    PAGAT,
    jokers=2,
    wilds=Wilds.JOKERS,
    player_limit=4,
    hit_wait=1,
    hit_wait_again=1,
    catch=Catch(to_catchers=1, ties_catch=False),
)
"""An online encyclopedia's Tonk: the 52-card pack and two wild jokers (V4);
a hit bars the owner's drop for one turn, and each further hit adds one more
(X7 with both lengths 1); a dropper who is undercut pays 1x to each player
with a lower count, and nobody else pays; a tie goes to the dropper (X12).

Source: an online encyclopedia's article on Tonk (summarised in
``docs/presets.md``). Readings: a joker left in hand counts 0 (the article
gives it no count); two to four players, as the article's table says; the
hand size stays 5 (the article's 5, 7 or 9 by table size, X2, has no agreed
mapping); deal tonks, going out and the end of the stock are pagat's."""

FORTY_CASH = attrs.evolve(
    PAGAT,
    pack_kind=PackKind.FORTY,
    player_limit=4,
    deal_tonks=(
        DealTonk(totals=frozenset({50}), pays=2),
        DealTonk(
            totals=frozenset({41}),
            pays=3,
            claim=DealTonkClaim.AFTER_FIRST_TURN,
            after_spread=True,
        ),
    ),
    drop_bonus=(DropPay(at_most=11, pays=3),),
    hit_wait=2,
    hit_wait_again=1,
    hit_wait_once_per_turn=True,
    hit_own_spreads=False,
    discard_pickup=False,
    stock_end=StockEnd.LAST_CARD,
    catch=Catch.LOWEST_ONLY,
)
"""A real-money app's game for 2-4 players with the 40-card pack (V1): a dealt
50 wins 2x; a hand of exactly 41 at the end of its holder's first turn wins 3x
(X13); a winning drop on 11 or under is paid 3x (X11); a hit bars the owner's
drop for 2 turns and each further hit while barred 1 more, the hits of one turn
counting once (X7); nobody hits their own spreads (X9) or discards the card
they took from the pile (X8); the turn that draws the last stock card ends the
hand (X10); a caught dropper pays 2x to the lowest player, who also collects
1x from each other player (V35 1).

Source: a real-money Tonk app's rules page (summarised in
``docs/presets.md``). Readings: the 41 is counted after the holder's discard,
whatever anyone has spread (``after_spread``); a dealt 50 and a 41 are rows
in that order, settled as B5/V19 settle theirs; going out is pagat's."""

HOYLE = Rules(
    hand_size=7,
    wilds=Wilds.JOKERS_AND_TWOS,
    min_naturals=2,
    deal_tonks=(),
    upcard_first_only=True,
    drops=False,
    closed_play=True,
    tunk_at_most=5,
    last_turns=True,
    stock_end=StockEnd.DEAD,
    player_limit=5,
    scoring=Scoring.PUSH_UPS,
    elimination_at=100,
)
"""Hoyle's Tunk, a knock rummy under the same name (section H): 2-5 players,
seven cards each (H1); every deuce wild, each spread holding two natural
cards (H2); only the first player may take the turned-up card, on the first
turn (H3); closed play: a turn is a draw and a discard, with no spreads,
hits, drops or deal tonks (H4); after drawing, a player whose unmatched cards
count 5 or less may tunk, laying the hand down (H5); each other player then
has one last turn, laying spreads and laying off on the tunker's spreads
(H6); each player scores the count left in hand as penalty points, the
tunker double if someone counts less (H7); an empty stock makes the hand
dead (H8); a player whose total reaches 100 leaves, and the last player left
wins (H9).

Source: a playing-card maker's rules site, in the Hoyle tradition
(summarised in ``docs/presets.md``). Readings: a tie with the tunker leaves
the tunker undoubled; a tunk may lay every card (count 0); the tunk replaces
the discard; a player who empties the hand in a last turn counts 0; an empty
stock in the last turns settles the tunk at once; the turned-up card, once
left by the first player, stays buried; deuces count 2 in hand."""

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
    "push_ups": PUSH_UPS,
    "fifty_only": FIFTY_ONLY,
    "club_events": CLUB_EVENTS,
    "low_high_deal": LOW_HIGH_DEAL,
    "elimination": ELIMINATION,
    "split_pot": SPLIT_POT,
    "encyclopedia": ENCYCLOPEDIA,
    "forty_cash": FORTY_CASH,
    "hoyle": HOYLE,
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
    "jacobs": "push_ups",
}


def names() -> tuple[str, ...]:
    """Return the names of every preset, sorted.

    Examples:
        >>> names()
        ('baton_rouge', 'chicago', 'club_events', 'elimination', 'encyclopedia', 'fifty_only', 'forty_cash', 'hoyle', 'low_high_deal', 'newark', 'pagat', 'push_ups', 'rushville', 'seattle', 'sheet', 'split_pot', 'vietnam', 'washington_dc', 'washington_state')
    """  # noqa: E501
    return tuple(sorted(_PRESETS))


def get(name: str) -> Rules:
    """Return the preset called ``name`` (case, ``-`` and spaces are ignored).

    Aliases such as ``"7-card"`` and ``"lepape"`` are accepted.

    Raises:
        RulesError: If no preset has that name; the message lists the known names.
        TypeError: If ``name`` is not a str.

    Examples:
        >>> get("Pagat") == Rules()
        True
        >>> get("7-card") == SEATTLE
        True
        >>> get("klondike")
        Traceback (most recent call last):
        ...
        tonk.errors.RulesError: no preset named 'klondike'; known presets: baton_rouge, chicago, club_events, elimination, encyclopedia, fifty_only, forty_cash, hoyle, low_high_deal, newark, pagat, push_ups, rushville, seattle, sheet, split_pot, vietnam, washington_dc, washington_state
    """  # noqa: E501
    if not isinstance(name, str):
        raise TypeError(f"a preset's name must be a str, got {brief(name)}")
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    key = _ALIASES.get(key, key)
    try:
        return _PRESETS[key]
    except KeyError:
        raise RulesError(
            f"no preset named {brief(name)}; known presets: {', '.join(names())}"
        ) from None


def name_of(rules: Rules) -> str | None:
    """Return the name of the preset that ``rules`` equal, or ``None``.

    .. versionadded:: 0.2.0

    Examples:
        >>> name_of(SEATTLE), name_of(Rules(hand_size=6))
        ('seattle', None)
    """
    for name in names():
        if _PRESETS[name] == rules:
            return name
    return None
