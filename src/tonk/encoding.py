"""Integer actions and fixed-size observation vectors, for learning bots.

A learning bot needs a fixed action space and a fixed-size input. For one rule
set and table size this module numbers every action that
:func:`tonk.legal_actions` could ever return (:func:`action_to_index`,
:func:`index_to_action`, :func:`legal_mask`) and turns an
:class:`~tonk.observation.Observation` into a tuple of floats
(:func:`observation_vector`). Nothing here needs numpy: a mask is
:class:`bytes` and a vector a tuple, and both convert at no cost
(``numpy.frombuffer(mask, dtype=numpy.uint8)``, ``numpy.asarray(vector)``).

The action layout numbers the actions by the indices of
``range(action_space_size(rules, players))``, in sections:

=========  ===================================================================
section    actions, in index order
=========  ===================================================================
header     ``Drop``, ``DrawStock``, ``DrawDiscard``, ``ClaimDealTonk``,
           ``Pass``: always the indices 0 to 4
discard    ``Discard(card)`` for each distinct card of the pack, by code
exchange   ``Exchange(card)``, the same cards (only under ``widow``, V46)
slap       ``Slap(n)`` for n = 1..S (only under ``slap_in``, V26), each
           followed, with wild cards (V4, V5), by ``Slap(n, wild)`` for
           each wild card standing for each other card, as in ``hit``
eat        ``Eat()`` (only under ``eating``, X5)
hit        ``Hit(n, element)`` for n = 1..S, then by element: each natural
           card as itself, then as each wild card standing for it (V4, V5)
spread     ``LaySpread``: by the cards the spread represents (every book
           and run of at most ``hand_size_for(players) + 1`` cards, in
           code order), then
           by the physical cards laid (see below)
tunk       ``Tunk``: one index for every arrangement (only under
           ``tunk_at_most``, H5; see below)
=========  ===================================================================

S is how many spreads the pack can make (a third of its cards, rounded down).
A ``LaySpread`` is identified, as its equality says, by the multiset of cards
it represents and the multiset of physical cards laid. The physical multiset is
any multiset of the right size made of the represented natural cards (at most
as often as represented) and the wild cards of the pack (at most as often as
the pack holds them), holding at least one card that may stand for itself
(V5). Within one represented spread these multisets are numbered in
lexicographic order of their count vectors over those cards, by code, so an
index is computed from the counts without listing the actions.

A tunk is one index, as a knock is in RLCard's gin rummy: the index is the
decision to tunk, and it plays the hand's canonical arrangement, the legal
tunk that leaves the fewest points unmatched (see :func:`legal_action`). A
hand that may tunk often has several arrangements, and numbering every
multiset of spreads of the pack would take a layout far larger than the
spreads'; the least count is what H7 scores. The Python API keeps the
full choice. So every other index names one action (a bijection), while
:func:`action_to_index` refuses a ``Tunk`` and :func:`index_to_action` the
tunk's index: :func:`legal_mask` and :func:`legal_indices` hold it when a
tunk is legal, and :func:`legal_action` decodes it, and every other index,
in a state.

Layouts depend on the pack (``pack_kind``, ``jokers``, ``wilds``,
``ace_high``), the hand size at the table (``hand_size``, or
``hand_size_by_players``, X2), ``widow``, ``slap_in``, ``eating``,
``tunk_at_most`` and, under ``two_packs_from``, on how many packs the table
uses. :data:`LAYOUT_VERSION`
changes whenever the numbering of any rule set changes, so a saved model can
check it. Sizes: 1,158 actions for ``pagat``, 36,987 for ``hoyle`` (deuces
wild, seven cards) and 46,549 for ``chicago`` (six wilds), at any table size.

Examples:
    >>> import tonk
    >>> from tonk import encoding
    >>> rules = tonk.presets.PAGAT
    >>> encoding.action_space_size(rules, 2)
    1158
    >>> encoding.action_to_index(tonk.Discard(tonk.Card.parse("AC")), rules, 2)
    5
    >>> encoding.index_to_action(5, rules, 2)
    Discard(card=Card.parse('AC'))
"""

from __future__ import annotations

import array
import bisect
import functools
import math
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import combinations_with_replacement
from typing import Final, Protocol, TypeVar, cast, overload

from tonk._cache import Cache, cached
from tonk._compiled import compiled
from tonk._fast import designation
from tonk._hand_sum import run_place
from tonk._validate import brief, is_int, wrong_type
from tonk.actions import (
    Action,
    ClaimDealTonk,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Eat,
    Exchange,
    Hit,
    LaySpread,
    Pass,
    Slap,
    Tunk,
    format_action,
)
from tonk.cards import CODE_COUNT, Card, WildCard, card_from_code
from tonk.engine import legal_actions
from tonk.errors import EncodingError, RulesError
from tonk.observation import Observation
from tonk.rules import (
    DealTonkClaim,
    DealTonkClash,
    LowestTie,
    Rules,
    StockEnd,
)
from tonk.scoring import settle_drop, settle_out, settle_showdown
from tonk.state import (
    Bookkeeping,
    GameState,
    OutcomeKind,
    Phase,
    SpreadKind,
    Stake,
    exact,
)

__all__ = [
    "LAYOUT_VERSION",
    "action_sections",
    "action_space_size",
    "action_to_index",
    "index_to_action",
    "legal_action",
    "legal_indices",
    "legal_mask",
    "max_hand_length",
    "observation_bounds",
    "observation_entries",
    "observation_sections",
    "observation_size",
    "observation_vector",
    "payoff_bounds",
]

LAYOUT_VERSION: Final = 2
"""The version of the action and observation layouts; it grows whenever an
index or a vector position changes meaning."""

_HEADER: tuple[Action, ...] = (
    Drop(),
    DrawStock(),
    DrawDiscard(),
    ClaimDealTonk(),
    Pass(),
)
_MAX_BOOK = 4
_CACHE_LIMIT = 256
_KEPT_LIMIT = 8192
"""How many actions a layout remembers by identity (see :func:`_indices`)."""
_AT_DEAL = DealTonkClaim.AT_DEAL


def _checked_players(rules: Rules, players: int) -> None:
    if not isinstance(rules, Rules):
        raise wrong_type("rules", Rules, rules)
    if not is_int(players):
        raise TypeError(f"players must be an int, got {brief(players)}")
    if not 2 <= players <= rules.max_players:
        raise RulesError(
            f"players must be 2..{rules.max_players} under these rules,"
            f" got {brief(players)}"
        )


class _Block:
    """The physical multisets that can lay one represented multiset.

    ``ways[i][2 * r + s]`` counts the ways to choose counts of the types
    ``i..`` adding up to ``r`` cards, such that a card that may stand for
    itself is among them (or already was: ``s``).
    """

    __slots__ = ("anchors", "caps", "codes", "size", "ways")

    def __init__(self, represented: tuple[int, ...], wild_caps: dict[int, int]) -> None:
        length = len(represented)
        held = Counter(represented)
        codes = sorted(
            {code for code in represented if code not in wild_caps} | set(wild_caps)
        )
        self.codes = tuple(codes)
        self.caps = tuple(
            min(wild_caps[code], length) if code in wild_caps else held[code]
            for code in codes
        )
        self.anchors = tuple(code not in wild_caps or code in held for code in codes)
        count = len(codes)
        ways = [[0] * (2 * length + 2) for _ in range(count + 1)]
        ways[count][1] = 1
        for i in range(count - 1, -1, -1):
            after = ways[i + 1]
            row = ways[i]
            cap = self.caps[i]
            anchor = self.anchors[i]
            for left in range(length + 1):
                for satisfied in (0, 1):
                    total = 0
                    for taken in range(min(cap, left) + 1):
                        now = 1 if satisfied or (anchor and taken) else 0
                        total += after[2 * (left - taken) + now]
                    row[2 * left + satisfied] = total
        self.ways = ways
        self.size = ways[0][2 * length]

    def rank(self, physical: tuple[int, ...]) -> int | None:
        """Return the number of ``physical`` in the block, or ``None``."""
        counts = Counter(physical)
        left = len(physical)
        satisfied = 0
        rank = 0
        for i, code in enumerate(self.codes):
            count = counts.pop(code, 0)
            if count > self.caps[i]:
                return None
            after = self.ways[i + 1]
            anchor = self.anchors[i]
            for taken in range(count):
                now = 1 if satisfied or (anchor and taken) else 0
                rank += after[2 * (left - taken) + now]
            left -= count
            satisfied = 1 if satisfied or (anchor and count) else 0
        if counts or not satisfied:
            return None
        return rank

    def unrank(self, rank: int, length: int) -> tuple[int, ...]:
        """Return the physical codes numbered ``rank`` in the block."""
        physical: list[int] = []
        left = length
        satisfied = 0
        for i, code in enumerate(self.codes):
            after = self.ways[i + 1]
            anchor = self.anchors[i]
            for taken in range(min(self.caps[i], left) + 1):
                now = 1 if satisfied or (anchor and taken) else 0
                ways = after[2 * (left - taken) + now]
                if rank < ways:
                    break
                rank -= ways
            else:  # pragma: no cover - the rank is below the block's size
                raise AssertionError("rank outside its block")
            physical.extend([code] * taken)
            left -= taken
            satisfied = now
        return tuple(physical)


def _block_of(
    represented: tuple[int, ...], wild_caps: tuple[tuple[int, int], ...]
) -> _Block:
    """Return the block of ``represented``, shared by every layout with these wilds."""
    return _Block(represented, dict(wild_caps))


_shared_block = cached(limit=4096)(_block_of)  # one block per spread and wilds
"""The block of a spread under these wilds, built once (:func:`_block_of`,
which mutation testing reaches undecorated)."""


def _represented_spreads(
    rules: Rules, copies: int, longest: int
) -> list[tuple[int, ...]]:
    """Return every book and run of at most ``longest`` cards, sorted."""
    tables = compiled(rules).tables
    found: set[tuple[int, ...]] = set()
    by_rank: dict[int, list[int]] = {}
    for card in tables.naturals:
        by_rank.setdefault(card.rank, []).append(card.code)
    for codes in by_rank.values():
        for size in range(3, min(_MAX_BOOK, longest) + 1):
            for book in combinations_with_replacement(codes, size):
                if max(Counter(book).values()) <= copies:
                    found.add(book)
    for suit in range(4):
        for low in range(1, tables.top + 1):
            run: list[int] = []
            for position in range(low, tables.top + 1):
                code = tables.run_card[run_place(suit, position)]
                if code < 0 or code in run or len(run) == longest:
                    break
                run.append(code)
                if len(run) >= 3:
                    found.add(tuple(sorted(run)))
    return sorted(found)


def _lay_spread(
    represented: tuple[int, ...], physical: tuple[int, ...], wild: tuple[bool, ...]
) -> LaySpread:
    """Return the spread laying ``physical`` as ``represented``."""
    left = Counter(represented)
    pairs: list[tuple[int, int]] = []
    wilds: list[int] = []
    for code in physical:
        if wild[code]:
            wilds.append(code)
        else:
            left[code] -= 1
            pairs.append((code, code))
    others: list[int] = []
    for code in wilds:
        if left[code] > 0:
            left[code] -= 1
            pairs.append((code, code))
        else:
            others.append(code)
    pairs.extend(zip(sorted(left.elements()), others, strict=True))
    pairs.sort()  # the elements' order: by the card represented, then the card
    return LaySpread._canonical(
        tuple([designation(card, natural) for natural, card in pairs])
    )


class _ActionLayout:
    """The numbering of every action under one rule set, packs and hand size."""

    def __init__(self, rules: Rules, players: int) -> None:
        pack = rules.pack(players=players)
        tables = compiled(rules).tables
        self.wild = tables.wild
        self.cards = tuple(dict.fromkeys(pack))
        self.card_index = [-1] * CODE_COUNT
        for i, card in enumerate(self.cards):
            self.card_index[card.code] = i
        in_pack = Counter(card.code for card in pack)
        self.wild_caps = {
            code: count for code, count in sorted(in_pack.items()) if self.wild[code]
        }
        self.wild_cap_items = tuple(self.wild_caps.items())
        self.spread_limit = len(pack) // 3
        elements: list[Card | WildCard] = []
        for natural in tables.naturals:
            elements.append(natural)
            elements.extend(
                WildCard(card_from_code(code), natural)
                for code in self.wild_caps
                if code != natural.code
            )
        self.elements = tuple(elements)
        self.element_index = {
            _element_key(element): i for i, element in enumerate(elements)
        }
        # A slap names nothing, or a wild card standing for another (V26, V5).
        self.slap_wilds = tuple(e for e in elements if isinstance(e, WildCard))
        self.slap_index = {
            _element_key(wild): i for i, wild in enumerate(self.slap_wilds, 1)
        }
        self.slap_width = 1 + len(self.slap_wilds)
        sizes = [
            ("header", len(_HEADER)),
            ("discard", len(self.cards)),
            ("exchange", len(self.cards) if rules.widow else 0),
            ("slap", self.spread_limit * self.slap_width if rules.slap_in else 0),
            ("eat", 1 if rules.eating else 0),
            ("hit", self.spread_limit * len(elements)),
        ]
        self.longest = rules.hand_size_for(players) + 1  # X2
        self.represented = _represented_spreads(
            rules, rules.packs_for(players), self.longest
        )
        self.spread_index = {key: i for i, key in enumerate(self.represented)}
        self.blocks: list[_Block | None] = [None] * len(self.represented)
        self.spread_offsets: list[int] = []
        total = 0
        for i in range(len(self.represented)):
            self.spread_offsets.append(total)
            total += self._block(i).size
        sizes.append(("spread", total))
        sizes.append(("tunk", 0 if rules.tunk_at_most is None else 1))  # H5
        self.memo: dict[object, int] = {}
        self.by_id: dict[int, int] = {}
        self.kept: list[Action] = []
        sections = []
        start = 0
        for name, size in sizes:
            sections.append((name, start, size))
            start += size
        self.sections = tuple(sections)
        self.size = start
        (_, self.discard_start, _), (_, self.exchange_start, self.exchange_size) = (
            sections[1],
            sections[2],
        )
        _, self.slap_start, self.slap_size = sections[3]
        _, self.eat_start, self.eat_size = sections[4]
        _, self.hit_start, _ = sections[5]
        _, self.spread_start, _ = sections[6]
        _, self.tunk_start, self.tunk_size = sections[7]

    def _block(self, i: int) -> _Block:
        block = self.blocks[i]
        if block is None:
            block = _shared_block(self.represented[i], self.wild_cap_items)
            self.blocks[i] = block
        return block

    def index(self, action: Action) -> int:
        """Return the index of ``action``."""
        cls = action.__class__
        if cls is Discard or cls is Exchange:
            assert isinstance(action, Discard | Exchange)
            code = action.card.code
            i = self.card_index[code]
            if i < 0:
                raise self._refuse(action, "the card is not in the pack")
            if cls is Discard:
                return self.discard_start + i
            if not self.exchange_size:
                raise self._refuse(action, "these rules have no widow (V46)")
            return self.exchange_start + i
        if cls is Hit:
            assert isinstance(action, Hit)
            self._check_number(action, action.spread)
            element = self.element_index.get(_element_key(action.card))
            if element is None:
                raise self._refuse(action, "no card can be hit so under these rules")
            return self.hit_start + (action.spread - 1) * len(self.elements) + element
        if cls is LaySpread:
            assert isinstance(action, LaySpread)
            return self._spread(action)
        if cls is Slap:
            assert isinstance(action, Slap)
            if not self.slap_size:
                raise self._refuse(action, "these rules have no slap-in (V26)")
            self._check_number(action, action.spread)
            wild = 0
            if action.wild is not None:
                wild = self.slap_index.get(_element_key(action.wild), -1)
                if wild < 0:
                    raise self._refuse(
                        action, "no card can be slapped so under these rules"
                    )
            return self.slap_start + (action.spread - 1) * self.slap_width + wild
        if cls is Eat:
            if not self.eat_size:
                raise self._refuse(action, "these rules have no eating (X5)")
            return self.eat_start
        if cls is Tunk:  # every arrangement: the index is the decision to tunk
            if not self.tunk_size:
                raise self._refuse(action, "these rules have no tunk (H5)")
            return self.tunk_start
        for i, simple in enumerate(_HEADER):
            if cls is simple.__class__:
                return i
        raise TypeError(f"not a tonk action: {brief(action)}")

    def _spread(self, action: LaySpread) -> int:
        represented = tuple(card.code for card in action.represented)
        number = self.spread_index.get(represented)
        if number is not None:
            physical = tuple(card.code for card in action.physical)
            rank = self._block(number).rank(physical)
            if rank is not None:
                return self.spread_start + self.spread_offsets[number] + rank
        raise self._refuse(
            action,
            f"not a book or run of at most {self.longest} cards that"
            " these rules could lay",
        )

    def action(self, index: int) -> Action:
        """Return the action numbered ``index``."""
        if not is_int(index):
            raise TypeError(f"an action index must be an int, got {brief(index)}")
        if not 0 <= index < self.size:
            raise EncodingError(
                f"action index must be 0..{self.size - 1} under these rules,"
                f" got {brief(index)}"
            )
        if index < self.discard_start:
            return _HEADER[index]
        if index < self.exchange_start:
            return Discard(self.cards[index - self.discard_start])
        if index < self.slap_start:
            return Exchange(self.cards[index - self.exchange_start])
        if index < self.eat_start:
            number, wild = divmod(index - self.slap_start, self.slap_width)
            return Slap(number + 1, self.slap_wilds[wild - 1] if wild else None)
        if index < self.hit_start:
            return Eat()
        if index < self.spread_start:
            number, element = divmod(index - self.hit_start, len(self.elements))
            return Hit(number + 1, self.elements[element])
        if index >= self.tunk_start:
            raise EncodingError(
                f"index {index} is the tunk (H5), whose arrangement is the hand's:"
                " decode it in a state with legal_action(state, index)"
            )
        offset = index - self.spread_start
        i = bisect.bisect_right(self.spread_offsets, offset) - 1
        represented = self.represented[i]
        physical = self._block(i).unrank(
            offset - self.spread_offsets[i], len(represented)
        )
        return _lay_spread(represented, physical, self.wild)

    def _check_number(self, action: Action, number: int) -> None:
        if not 1 <= number <= self.spread_limit:
            raise self._refuse(
                action,
                f"spread numbers go from 1 to {self.spread_limit} under these rules",
            )

    @staticmethod
    def _refuse(action: Action, why: str) -> EncodingError:
        return EncodingError(f"cannot encode {brief(action)}: {why}")


def _element_key(element: Card | WildCard) -> tuple[int, int]:
    if isinstance(element, WildCard):
        return element.card.code, element.stands_for.code
    return element.code, element.code


_RECENT: Cache[tuple[int, int], tuple[Rules, _ActionLayout]] = Cache(
    None, limit=_CACHE_LIMIT
)
_ACTION_LAYOUTS: Cache[tuple[Rules, int, int], _ActionLayout] = Cache(
    None, limit=_CACHE_LIMIT
)


def _actions(rules: Rules, players: int) -> _ActionLayout:
    """Return the (cached) action layout of ``rules`` at a table of ``players``."""
    recent = _RECENT.get((id(rules), players))
    if recent is not None and recent[0] is rules and players.__class__ is int:
        return recent[1]
    _checked_players(rules, players)
    key = (rules, rules.packs_for(players), rules.hand_size_for(players))  # V2, X2
    layout = _ACTION_LAYOUTS.get(key)
    if layout is None:
        layout = _ACTION_LAYOUTS.put(key, _ActionLayout(rules, players))
    # An identity cache in front of the value-keyed one: the entry holds the
    # rules it was made for, so their id cannot be reused while it lives, and a
    # hit is confirmed by `is` above.
    _RECENT.put((id(rules), players), (rules, layout))
    return layout


def action_space_size(rules: Rules, players: int) -> int:
    """Return how many actions the layout of ``rules`` at ``players`` numbers.

    The layout is built on first use and kept.

    Args:
        rules: The rules of the hand.
        players: The table size (it matters only under ``two_packs_from``).

    Returns:
        The number of indices: every action :func:`tonk.legal_actions` could
        return under these rules has one of ``range(size)``.

    Raises:
        RulesError: If ``players`` does not fit the rules.

    Examples:
        >>> import tonk
        >>> action_space_size(tonk.presets.PAGAT, 2)
        1158
        >>> action_space_size(tonk.presets.CHICAGO, 4)
        46549
    """
    return _actions(rules, players).size


def action_sections(rules: Rules, players: int) -> tuple[tuple[str, int, int], ...]:
    """Return the sections of the action layout as ``(name, start, size)``.

    The names are ``header``, ``discard``, ``exchange``, ``slap``, ``eat``,
    ``hit``, ``spread`` and ``tunk``, in index order (see the module's
    description); a section the rules cannot use has size 0.

    .. versionchanged:: 0.2.0
       The ``tunk`` section (H5), last.

    Examples:
        >>> import tonk
        >>> for section in action_sections(tonk.presets.PAGAT, 2):
        ...     print(*section)
        header 0 5
        discard 5 52
        exchange 57 0
        slap 57 0
        eat 57 0
        hit 57 884
        spread 941 217
        tunk 1158 0
    """
    return _actions(rules, players).sections


def action_to_index(action: Action, rules: Rules, players: int) -> int:
    """Return the index of ``action`` in the layout of ``rules`` at ``players``.

    Equal actions have equal indices: in particular a :class:`~tonk.LaySpread`
    is numbered by the cards it represents and the physical cards laid,
    whichever wild is written as standing for which card. A
    :class:`~tonk.Tunk` has no index of its own (H5): the ``tunk`` section's
    one index is the decision to tunk, which :func:`legal_action` plays as
    the hand's canonical arrangement, and which arrangement that is depends
    on the hand.

    Raises:
        EncodingError: If no state under these rules could offer ``action``
            (a card not in the pack, a spread number above the layout's, a
            natural card named as another...), or ``action`` is a tunk.
        TypeError: If ``action`` is not an action.

    Examples:
        >>> import tonk
        >>> chicago = tonk.presets.CHICAGO
        >>> a = tonk.parse_element
        >>> spread = tonk.LaySpread([a("5H"), a("2C=6H"), a("JK=7H")])
        >>> same = tonk.LaySpread([a("5H"), a("JK=6H"), a("2C=7H")])
        >>> action_to_index(spread, chicago, 2) == action_to_index(same, chicago, 2)
        True
        >>> action_to_index(tonk.Hit(1, a("3C=4C")), chicago, 2)
        Traceback (most recent call last):
        ...
        tonk.errors.EncodingError: cannot encode Hit(spread=1, card=WildCard.parse('3C=4C')): no card can be hit so under these rules
    """  # noqa: E501
    layout = _actions(rules, players)
    if action.__class__ is Tunk and layout.tunk_size:
        raise layout._refuse(
            action,
            f"a tunk has no index of its own; the tunk's index, {layout.tunk_start},"
            " plays the hand's canonical arrangement (H5, legal_action)",
        )
    return layout.index(action)


def index_to_action(index: int, rules: Rules, players: int) -> Action:
    """Return the action numbered ``index`` in the layout of ``rules`` at ``players``.

    The inverse of :func:`action_to_index`: every index in
    ``range(action_space_size(rules, players))`` names one action, but for
    the tunk's (H5), whose arrangement is the hand's: :func:`legal_action`
    decodes any index in a state.

    Raises:
        EncodingError: If ``index`` is outside the layout, or the tunk's.
        TypeError: If ``index`` is not an int.

    Examples:
        >>> import tonk
        >>> index_to_action(0, tonk.presets.PAGAT, 2)
        Drop()
        >>> index_to_action(1157, tonk.presets.PAGAT, 2)
        LaySpread(cards=(Card.parse('JS'), Card.parse('QS'), Card.parse('KS')))
        >>> index_to_action(1158, tonk.presets.PAGAT, 2)
        Traceback (most recent call last):
        ...
        tonk.errors.EncodingError: action index must be 0..1157 under these rules, got 1158
    """  # noqa: E501
    return _actions(rules, players).action(index)


def legal_mask(state: GameState | Observation) -> bytes:
    """Return which indices of the action layout are legal now.

    Args:
        state: A state (the player to move's actions), or an observation (its
            seat's :attr:`~tonk.observation.Observation.legal_actions`: all
            zeros unless the seat is to move).

    Returns:
        One byte per index of the layout of the state's rules and table size:
        1 where the action is legal, else 0.

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
        >>> mask = legal_mask(state)
        >>> len(mask), [index for index, legal in enumerate(mask) if legal]
        (1158, [0, 1, 2])
        >>> sum(legal_mask(tonk.observe(state, 0)))
        0
    """
    actions, layout = _legal_in_layout(state)
    mask = bytearray(layout.size)
    for index in _indices(layout, actions):
        mask[index] = 1
    return bytes(mask)


def legal_indices(state: GameState | Observation) -> tuple[int, ...]:
    """Return the indices of the legal actions, in ascending order.

    The same indices as the ones of :func:`legal_mask`, without building a
    byte per index of the layout: under ``chicago`` the layout has 46,549
    indices and a turn rarely more than a few dozen legal actions, so an
    adapter that builds its own mask (``mask[list(indices)] = 1`` on a numpy
    array of zeros) or samples an index does far less work. The indices of an
    action are remembered per layout, so a state's indices cost little more
    than its :func:`tonk.legal_actions`.

    Args:
        state: A state (the player to move's actions), or an observation (its
            seat's :attr:`~tonk.observation.Observation.legal_actions`: none
            unless the seat is to move).

    Returns:
        The index of each legal action in the layout of the state's rules and
        table size, ascending.

    .. versionadded:: 0.2.0

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
        >>> legal_indices(state)
        (0, 1, 2)
        >>> state = tonk.apply(state, tonk.DrawDiscard())
        >>> legal_indices(state)
        (5, 19, 21, 22, 36, 45)
        >>> legal_indices(tonk.observe(state, 0))
        ()
    """
    actions, layout = _legal_in_layout(state)
    return _sorted_indices(layout, actions)


def _sorted_indices(
    layout: _ActionLayout, actions: tuple[Action, ...]
) -> tuple[int, ...]:
    """Return the indices of ``actions``, ascending, each once (:func:`legal_indices`).

    The environments call it with the layout they keep (``envs/_common.py``).
    """
    indices = _indices(layout, actions)
    if layout.tunk_size:  # every tunk has the one index (H5)
        indices = list(dict.fromkeys(indices))
    indices.sort()
    return tuple(indices)


def legal_action(state: GameState | Observation, index: int) -> Action:
    """Return the legal action that ``index`` plays in ``state``.

    Every index but the tunk's names one action, which
    :func:`index_to_action` gives without a state. The tunk's index (H5,
    under rules with :attr:`~tonk.Rules.tunk_at_most`) is the decision to
    tunk: it plays the canonical arrangement of the hand, the legal
    :class:`~tonk.Tunk` that lays the most points in spreads (so leaves the
    fewest unmatched), and among equals the first by its spreads' cards: each
    spread by the codes of its physical cards, then of the cards it
    represents, in the order the tunk keeps its spreads.

    Args:
        state: A state (the player to move's actions), or an observation (its
            seat's :attr:`~tonk.observation.Observation.legal_actions`).
        index: An index of the layout of the state's rules and table size.

    Returns:
        The action: one of ``state``'s legal actions, which
        :func:`action_to_index` numbers ``index`` again (a tunk excepted).

    Raises:
        EncodingError: If ``index`` is outside the layout, or not legal now.
        TypeError: If ``state`` is not a state or an observation, or
            ``index`` not an int.

    .. versionadded:: 0.2.0

    Examples:
        >>> import tonk
        >>> from tonk.testing import stack_deck
        >>> hoyle = tonk.presets.HOYLE
        >>> deck = stack_deck(hoyle, hands=["6C 8D 10D KS KH 3D 10S",
        ...     "3H 4H 5H 6H 7C 7D 7S"], upcard="5D", stock="7H")
        >>> state = tonk.new_game(hoyle, players=2, deck=deck)
        >>> state = tonk.apply(state, tonk.DrawStock())
        >>> for action in tonk.legal_actions(state)[-4:]:
        ...     print(tonk.format_action(action))
        tunk 7C 7D 7H 7S / 3H 4H 5H 6H
        tunk 7C 7D 7H 7S / 4H 5H 6H
        tunk 7C 7D 7S / 3H 4H 5H 6H 7H
        tunk 7C 7D 7S / 4H 5H 6H 7H
        >>> tunk = action_sections(hoyle, 2)[-1][1]
        >>> legal_indices(state)[-1] == tunk
        True
        >>> tonk.format_action(legal_action(state, tunk))
        'tunk 7C 7D 7H 7S / 3H 4H 5H 6H'
        >>> legal_action(state, 0)
        Traceback (most recent call last):
        ...
        tonk.errors.EncodingError: index 0 (drop) is not legal now
    """
    actions, layout = _legal_in_layout(state)
    rules = state.rules
    if is_int(index) and index == layout.tunk_start and layout.tunk_size:
        tunks = [action for action in actions if action.__class__ is Tunk]
        if tunks:
            return min(tunks, key=functools.partial(_tunk_order, rules=rules))
        raise EncodingError(f"index {index} (tunk) is not legal now")
    action = layout.action(index)
    if index not in _indices(layout, actions):
        raise EncodingError(f"index {index} ({format_action(action)}) is not legal now")
    return action


def _legal_in_layout(
    state: GameState | Observation,
) -> tuple[tuple[Action, ...], _ActionLayout]:
    """Return the legal actions of ``state`` (or its seat's) and their layout."""
    if isinstance(state, GameState):  # the adapters' way, first
        return legal_actions(state), _actions(state.rules, len(state.hands))
    if isinstance(state, Observation):
        return state.legal_actions, _actions(state.rules, state.player_count)
    raise TypeError(f"expected a GameState or an Observation, got {brief(state)}")


def _tunk_order(action: Action, *, rules: Rules) -> tuple[object, ...]:
    """Return the key by which the canonical tunk is the least (H5)."""
    assert isinstance(action, Tunk)
    laid = sum(rules.card_value(card) for card in action.physical)
    return (
        -laid,
        tuple(
            (
                tuple(card.code for card in spread.physical),
                tuple(card.code for card in spread.represented),
            )
            for spread in action.spreads
        ),
    )


def _indices(layout: _ActionLayout, actions: tuple[Action, ...]) -> list[int]:
    """Return the index of each of ``actions``, remembered per layout.

    The engine hands out the same action objects again (a discard of a card,
    a hit of an element onto a number, a hand's spreads...), so an action is
    looked up first by its identity (hashing an action object calls its
    ``__hash__`` and its cards'). The layout keeps every action it remembers
    so alive (``kept``), so no other object can take its id while the entry
    lives.
    """
    by_id = layout.by_id
    indices = []
    for action in actions:
        index = by_id.get(id(action))
        if index is None:
            index = _remembered(layout, action)
        indices.append(index)
    return indices


def _remembered(layout: _ActionLayout, action: Action) -> int:
    """Return the index of ``action``, remembering it by value and by identity."""
    # A spread is remembered by its elements, cheaper to hash than the action
    # (equal spreads written differently just take two entries).
    key = action.cards if action.__class__ is LaySpread else action
    memo = layout.memo
    index = memo.get(key)
    if index is None:
        index = memo[key] = layout.index(action)
    kept = layout.kept
    if len(kept) >= _KEPT_LIMIT:
        kept.clear()
        layout.by_id.clear()
    kept.append(action)
    layout.by_id[id(action)] = index
    return index


# --- observation vectors ----------------------------------------------------------

_PHASES = tuple(Phase)
_SEAT_FACTS = 6  # hand size, waits, going out barred, hit this round, exchanged, shown
_RUN = SpreadKind.RUN
_FLOAT_KINDS = ("f", "d")
"""The buffer formats :func:`observation_vector` writes into: float32, float64."""


class _ObservationLayout:
    """The positions of an observation vector under one rule set and table."""

    def __init__(self, rules: Rules, players: int) -> None:
        pack = rules.pack(players=players)
        cards = tuple(dict.fromkeys(pack))
        self.card_index = [-1] * CODE_COUNT
        for i, card in enumerate(cards):
            self.card_index[card.code] = i
        wild_codes = [card.code for card in cards if rules.is_wild(card)]
        self.wild_index = {code: i for i, code in enumerate(wild_codes)}
        self.cards = len(cards)
        self.one_copy = len(pack) == len(cards)
        """Whether the pack holds each card once: a count of cards is then 0 or 1."""
        self.players = players
        self.spread_limit = len(pack) // 3
        self.seat_width = _SEAT_FACTS + self.cards
        self.spread_width = 3 + 2 * players + self.cards + len(wild_codes)
        sizes = [
            ("phase", len(_PHASES)),
            ("to_move", players),
            ("dealer", players),
            ("counters", 4),
            ("top_discard", self.cards),
            ("discard_pile", self.cards),
            ("must_use", self.cards),
            ("widow", self.cards),
            ("seats", players * self.seat_width),
            ("slap", self.cards + 3 * players),
            ("spreads", self.spread_limit * self.spread_width),
            ("outcome", 1 + players),
            ("tunker", 0 if rules.tunk_at_most is None else players),  # H5
            ("buried", int(rules.upcard_first_only)),  # H3
        ]
        sections = []
        start = 0
        self.start: dict[str, int] = {}
        for name, size in sizes:
            sections.append((name, start, size))
            self.start[name] = start
            start += size
        self.sections = tuple(sections)
        self.size = start
        self.to_move_at = self.start["to_move"]
        self.dealer_at = self.start["dealer"]
        self.counters_at = self.start["counters"]
        self.slap_seats_at = self.start["slap"] + self.cards
        self.outcome_at = self.start["outcome"]
        self.tunker_at = self.start["tunker"]
        self.buried_at = self.start["buried"]
        self._positions(card_index=self.card_index, wild_codes=wild_codes)

    def _positions(self, *, card_index: list[int], wild_codes: list[int]) -> None:
        """Precompute where each fact of an observation goes, for :func:`_write`.

        A card's position in a section is the section's start plus the card's
        place among the pack's distinct cards; these tables hold the sum per
        card code (-1 for a code not in the pack), and the per-seat blocks are
        kept per relative seat, so that writing a fact is one lookup.
        """
        players = self.players
        start = self.start

        def at(base: int) -> list[int]:
            return [base + i if i >= 0 else -1 for i in card_index]

        self.relative = tuple(
            tuple((other - seat) % players for other in range(players))
            for seat in range(players)
        )
        self.zeros = [0.0] * self.size
        self.zero_buffers = {
            kind: memoryview(array.array(kind, self.zeros)) for kind in _FLOAT_KINDS
        }
        self.top_at = at(start["top_discard"])
        self.pile_at = at(start["discard_pile"])
        self.must_use_at = at(start["must_use"])
        self.widow_at = at(start["widow"])
        self.seat_at = [
            start["seats"] + seat * self.seat_width for seat in range(players)
        ]
        self.seat_card_at = [at(base + _SEAT_FACTS) for base in self.seat_at]
        self.slap_card_at = at(start["slap"])
        self.spread_at = [
            start["spreads"] + number * self.spread_width
            for number in range(self.spread_limit)
        ]
        cards_from = 3 + 2 * players  # on the table, owner, run, this turn, hits
        self.spread_card_at = [at(base + cards_from) for base in self.spread_at]
        self.spread_wild_at = [
            {
                code: base + cards_from + self.cards + i
                for i, code in enumerate(wild_codes)
            }
            for base in self.spread_at
        ]


_OBSERVATION_LAYOUTS: Cache[tuple[Rules, int], _ObservationLayout] = Cache(
    None, limit=_CACHE_LIMIT
)


_RECENT_OBSERVATIONS: Cache[tuple[int, int], tuple[Rules, _ObservationLayout]] = Cache(
    None, limit=_CACHE_LIMIT
)


def _observations(rules: Rules, players: int) -> _ObservationLayout:
    # As for _actions: by identity first, since hashing a Rules costs more
    # than building a small observation.
    recent = _RECENT_OBSERVATIONS.get((id(rules), players))
    if recent is not None and recent[0] is rules and players.__class__ is int:
        return recent[1]
    _checked_players(rules, players)  # before the lookup by value: 2.0 == 2
    key = (rules, players)
    layout = _OBSERVATION_LAYOUTS.get(key)
    if layout is None:
        layout = _OBSERVATION_LAYOUTS.put(key, _ObservationLayout(rules, players))
    _RECENT_OBSERVATIONS.put((id(rules), players), (rules, layout))  # holds rules
    return layout


def observation_size(rules: Rules, players: int) -> int:
    """Return the length of :func:`observation_vector` under these rules and table.

    Examples:
        >>> import tonk
        >>> observation_size(tonk.presets.PAGAT, 2)
        1401
    """
    return _observations(rules, players).size


def observation_sections(
    rules: Rules, players: int
) -> tuple[tuple[str, int, int], ...]:
    """Return the sections of the observation vector as ``(name, start, size)``.

    Seats are counted from the observing seat: position 0 of a per-seat block is
    the observer, 1 the seat to its left, and so on. Cards are counted over the
    distinct cards of the pack, by code (D of them); wild cards over the
    distinct wild cards of the pack (W). S is the layout's spread limit and P
    the table size. Values are raw numbers (counts, 0/1 flags, stakes), not
    scaled.

    - ``phase``: one-hot over :class:`~tonk.state.Phase`, in definition order.
    - ``to_move``, ``dealer``: one-hot over seats.
    - ``counters``: turns taken, stock size, discard pile size, hits this turn.
    - ``top_discard``, ``must_use``, ``widow`` (the observer's exchanged
      widow): one-hot over cards, or zeros.
    - ``discard_pile``: how many of each card the pile holds.
    - ``seats``: per seat, the hand size, its waits, whether going out is
      barred, whether a hit wait was charged this round, whether it has
      exchanged, whether its hand is shown, then how many of each card it is
      known to hold (the observer: its hand; another seat: its taken cards, or
      its whole hand once shown).
    - ``slap``: the slap-in card (one-hot over cards), then the discarder, the
      seat due and the slapper (each one-hot over seats).
    - ``spreads``: per spread number 1..S, whether it is on the table, its
      owner (one-hot over seats), whether it is a run, whether it was laid this
      turn, how many hits each seat made on it, how many of each card it
      represents, and how many of each wild card it holds.
    - ``outcome``: whether the hand is over, then each seat's payoff.
    - ``tunker``: the seat that tunked (H5), one-hot over seats, or zeros;
      empty unless the rules have a tunk.
    - ``buried``: whether the turned-up card is buried (H3); empty unless
      the rules have ``upcard_first_only``.

    .. versionchanged:: 0.2.0
       The ``tunker`` and ``buried`` sections, last.

    Examples:
        >>> import tonk
        >>> for section in observation_sections(tonk.presets.PAGAT, 2):
        ...     print(*section)
        phase 0 5
        to_move 5 2
        dealer 7 2
        counters 9 4
        top_discard 13 52
        discard_pile 65 52
        must_use 117 52
        widow 169 52
        seats 221 116
        slap 337 58
        spreads 395 1003
        outcome 1398 3
        tunker 1401 0
        buried 1401 0
    """
    return _observations(rules, players).sections


def observation_bounds(
    rules: Rules, players: int
) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Return the lowest and highest value of each position of the vector.

    Every :func:`observation_vector` under these rules and table lies within
    the bounds, position by position (as an observation space's ``low`` and
    ``high``). Flags and one-hot positions lie in 0..1; a count of one card
    in 0 to the copies of the card in the pack (and at most the longest hand
    for a hand); the hand sizes in 0 to the table's hand size + 1 (after a
    draw, X2); the
    stock size in 0 to what the deal leaves; the turns taken in 0 to
    ``max_turns`` (``inf`` without a turn limit, B15: nothing else bounds a
    hand in turns), and ``players - 1`` more under ``last_turns`` (H6: the last
    turns after a tunk are played past the limit); the hits of this turn in
    0 to the longest hand (and ``max_hits_per_turn``); the hits one seat
    made on one spread in 0 to what the longest spread holds beyond three
    cards; the waits in 0 to what every
    spread and hit of a hand could charge (V22, V23), a true but loose bound;
    and the payoffs in :func:`payoff_bounds`. Every other bound is
    reached by some observation, except that a position the rules keep at 0
    (the widow without V46, the waits without V22 or V23...) keeps the bound
    of its kind, so that no position has equal bounds (observation spaces
    warn of such positions).

    Args:
        rules: The rules of the hand.
        players: The table size.

    Returns:
        ``(low, high)``, each as long as :func:`observation_size`.

    Raises:
        RulesError: If ``players`` does not fit the rules.

    .. versionadded:: 0.2.0

    Examples:
        >>> import tonk
        >>> low, high = observation_bounds(tonk.presets.PAGAT, 2)
        >>> len(low) == len(high) == observation_size(tonk.presets.PAGAT, 2)
        True
        >>> high[9:13]  # turns taken, stock, discard pile, hits this turn
        (200.0, 41.0, 52.0, 6.0)
        >>> observation_bounds(tonk.Rules(max_turns=None), 2)[1][9]
        inf
    """
    layout = _observations(rules, players)
    low = [0.0] * layout.size
    high = [1.0] * layout.size
    pack = rules.pack(players=players)
    copies = [0] * CODE_COUNT
    for card in pack:
        copies[card.code] += 1
    cards = list(dict.fromkeys(card.code for card in pack))
    card_copies = [float(copies[code]) for code in cards]
    dealt = rules.hand_size_for(players)  # X2
    longest = dealt + 1
    start = layout.start

    def fill(at: int, values: list[float]) -> None:
        high[at : at + len(values)] = values

    widows = players if rules.widow else 0
    last_turns = players - 1 if rules.last_turns else 0  # H6: past the limit
    fill(
        start["counters"],
        [
            math.inf
            if rules.max_turns is None
            else float(rules.max_turns + last_turns),
            float(len(pack) - players * dealt - widows - int(rules.upcard)),
            float(len(pack) - widows),
            float(min(longest, rules.max_hits_per_turn or longest)),
        ],
    )
    fill(start["discard_pile"], card_copies)
    hit_charge = max(rules.hit_wait, rules.own_hit_wait, rules.hit_wait_again or 0)
    charges = rules.spread_wait + hit_charge  # a card's most: V22, V23, X7
    waits = float(max(1, charges * len(pack)))
    in_hand = [min(count, float(longest)) for count in card_copies]
    for seat in range(players):
        base = start["seats"] + seat * layout.seat_width
        fill(base, [float(longest), waits])
        fill(base + _SEAT_FACTS, in_hand)
    suit_length = len(compiled(rules).tables.naturals) // 4
    hits = float(max(suit_length, _MAX_BOOK) - 3)
    wild_copies = [float(copies[code]) for code in layout.wild_index]
    for number in range(layout.spread_limit):
        base = start["spreads"] + number * layout.spread_width + 3 + players
        fill(base, [hits] * players)
        base += players
        fill(base, card_copies)
        fill(base + layout.cards, wild_copies)
    least, most = _payoff_bounds(rules, players)
    base = start["outcome"] + 1
    low[base : base + players] = [float(least)] * players
    fill(base, [float(most)] * players)
    return tuple(low), tuple(high)


_Out = TypeVar("_Out")


@overload
def observation_vector(
    observation: Observation | GameState, *, seat: int | None = None, out: None = None
) -> tuple[float, ...]: ...
@overload
def observation_vector(
    observation: Observation | GameState, *, seat: int | None = None, out: _Out
) -> _Out: ...
def observation_vector(
    observation: Observation | GameState,
    *,
    seat: int | None = None,
    out: object = None,
) -> object:
    """Return ``observation`` as a fixed-size tuple of floats, or write it to ``out``.

    The layout is described by :func:`observation_sections`; its length is
    :func:`observation_size` of the observation's rules and table size.

    Two ways suit an adapter that steps many hands. Given a
    :class:`~tonk.state.GameState` and a ``seat``, the vector is that of
    ``observe(state, seat)``, without building the observation. Given
    ``out``, a writable one-dimensional buffer of float32 or float64 as long
    as the vector (a numpy array such as a row of a batch,
    ``array.array("f")``...), the vector is written into it, every position,
    and ``out`` is returned: no tuple of floats is built, which is most of the
    cost of a call.

    Args:
        observation: What a seat knows (from :func:`tonk.observe`), or a
            state seen from ``seat``.
        seat: The seat observing, given with a state only.
        out: A buffer to write the vector into, or ``None`` for a new tuple.

    Returns:
        The vector as a tuple of floats, or ``out`` once written.

    Raises:
        RulesError: If ``seat`` is not at the table of the state.
        EncodingError: If ``out`` is not as long as the vector.
        TypeError: If ``out`` is not a writable, contiguous, one-dimensional
            buffer of float32 or float64, or ``seat`` is missing with a state
            or given with an observation.

    .. versionchanged:: 0.2.0
       Takes a state and a seat, and writes into ``out``.

    Examples:
        >>> import array, tonk
        >>> state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
        >>> vector = observation_vector(tonk.observe(state, 1))
        >>> len(vector), vector[:5], sum(vector[221 + 6: 221 + 58])
        (1401, (1.0, 0.0, 0.0, 0.0, 0.0), 5.0)
        >>> observation_vector(state, seat=1) == vector
        True
        >>> buffer = array.array("f", bytes(4 * 1401))
        >>> observation_vector(state, seat=1, out=buffer)[:5].tolist()
        [1.0, 0.0, 0.0, 0.0, 0.0]
        >>> observation_vector(state, seat=1, out=array.array("f"))
        Traceback (most recent call last):
        ...
        tonk.errors.EncodingError: out must hold the vector's 1401 floats, not 0
    """
    layout, source, seat = _source(observation, seat)
    if out is None:
        vector = layout.zeros[:]
        _write(vector, layout, source, seat)
        return tuple(vector)
    view = _buffer(out, layout.size)
    view[:] = layout.zero_buffers[view.format]
    _write(cast(_Vector, view), layout, source, seat)
    return out


def observation_entries(
    observation: Observation,
) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """Return the non-zero positions of :func:`observation_vector` and their values.

    The sparse form of the same vector: most of a vector is zeros.

    Returns:
        The positions, ascending, and the value at each.

    .. versionadded:: 0.2.0

    Examples:
        >>> import tonk
        >>> state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
        >>> positions, values = observation_entries(tonk.observe(state, 1))
        >>> positions[:4], values[:4]
        ((0, 5, 8, 10), (1.0, 1.0, 1.0, 41.0))
    """
    if not isinstance(observation, Observation):
        raise TypeError(f"expected an Observation, got {brief(observation)}")
    layout, source, seat = _source(observation, None)
    vector: defaultdict[int, float] = defaultdict(float)
    _write(vector, layout, source, seat)
    positions = sorted([position for position, value in vector.items() if value])
    return tuple(positions), tuple([vector[position] for position in positions])


def _source(
    observation: Observation | GameState, seat: int | None
) -> tuple[_ObservationLayout, Observation | GameState, int]:
    """Return the layout, the observed object and the seat, checked."""
    if observation.__class__ is GameState:  # the adapters' way, first
        players = len(observation.hands)
        if seat.__class__ is int and 0 <= seat < players:
            return _observations(observation.rules, players), observation, seat
    if isinstance(observation, Observation):
        if seat is not None:
            raise TypeError("seat is given with a state, not with an observation")
        return (
            _observations(observation.rules, observation.player_count),
            observation,
            observation.seat,
        )
    if not isinstance(observation, GameState):
        raise TypeError(
            f"expected an Observation or a GameState, got {brief(observation)}"
        )
    if seat is None:
        raise TypeError("a state is observed from a seat: give seat=")
    players = len(observation.hands)
    if seat.__class__ is not int or not 0 <= seat < players:
        if not is_int(seat):
            raise TypeError(f"seat must be an int, got {brief(seat)}")
        raise RulesError(f"seat must be 0..{players - 1}, got {brief(seat)}")
    return _observations(observation.rules, players), observation, seat


def _buffer(out: object, size: int) -> memoryview:
    """Return a view of ``out`` to write a vector of ``size`` floats into."""
    try:
        view = memoryview(out)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"out must be a buffer of floats, got {brief(out)}") from None
    if (
        view.format not in _FLOAT_KINDS
        or view.ndim != 1
        or view.readonly
        or not view.c_contiguous
    ):
        raise TypeError(
            "out must be a writable, contiguous, one-dimensional buffer of float32"
            f" or float64, got {brief(out)}"
        )
    if len(view) != size:
        raise EncodingError(
            f"out must hold the vector's {size} floats, not {len(view)}"
        )
    return view


class _Vector(Protocol):
    """What :func:`_write` writes into: a list, a buffer's view or a dict."""

    def __getitem__(self, position: int, /) -> float: ...
    def __setitem__(self, position: int, value: float, /) -> None: ...


def _write(
    vector: _Vector,
    layout: _ObservationLayout,
    source: Observation | GameState,
    seat: int,
) -> None:
    """Write the non-zero facts of ``seat``'s view of ``source`` into ``vector``.

    ``vector`` holds zeros at every position written (counts are added to,
    or set to 1 when the pack holds each card once); flags and counts that are
    0 are mostly left unwritten. An observation and a state are read through
    the attributes they share, the bookkeeping facts through the state's
    record; what only
    the observation holds ready (the hand sizes, the known cards, the seat's
    widow, the shown hands) is derived from the state as :func:`tonk.observe`
    derives it.
    """
    # The bookkeeping facts, read from the state's record (its properties
    # would each be a call) or the observation, which has the same names.
    facts: Observation | Bookkeeping
    if isinstance(source, GameState):
        facts = source.bookkeeping
        stock_size = len(source.stock)
    else:
        facts = source
        stock_size = source.stock_size
    relative = layout.relative[seat]
    vector[_PHASES.index(source.phase)] = 1.0  # str equality: no Enum hash
    vector[layout.to_move_at + relative[source.to_move]] = 1.0
    vector[layout.dealer_at + relative[source.dealer]] = 1.0
    counters = layout.counters_at
    pile = source.discard_pile
    vector[counters] = float(source.turns_taken)
    vector[counters + 1] = float(stock_size)
    vector[counters + 2] = float(len(pile))
    vector[counters + 3] = float(facts.hits_this_turn)
    if pile:
        vector[layout.top_at[pile[-1].code]] = 1.0
        pile_at = layout.pile_at
        if layout.one_copy:  # a card is at most once in the pile: count by setting
            for card in pile:
                vector[pile_at[card.code]] = 1.0
        else:
            for card in pile:
                vector[pile_at[card.code]] += 1.0
    must_use = facts.must_use
    if must_use is not None:
        vector[layout.must_use_at[must_use.code]] = 1.0
    _write_seats(vector, layout, source, facts, seat)
    window = facts.slap
    if window is not None:
        vector[layout.slap_card_at[window.card.code]] = 1.0
        base = layout.slap_seats_at
        players = layout.players
        vector[base + relative[window.discarder]] = 1.0
        vector[base + players + relative[window.due]] = 1.0
        if window.slapper is not None:
            vector[base + 2 * players + relative[window.slapper]] = 1.0
    if source.spreads:
        _write_spreads(vector, layout, source, relative)
    outcome = source.outcome
    if outcome is not None:
        base = layout.outcome_at
        vector[base] = 1.0
        for other, payoff in enumerate(outcome.payoffs):
            vector[base + 1 + relative[other]] = float(payoff)
    tunker = facts.tunker
    if tunker is not None:
        vector[layout.tunker_at + relative[tunker]] = 1.0
    if facts.buried:
        vector[layout.buried_at] = 1.0


def _write_seats(
    vector: _Vector,
    layout: _ObservationLayout,
    source: Observation | GameState,
    facts: Observation | Bookkeeping,
    seat: int,
) -> None:
    """Write the seats' facts, and the seat's widow, for :func:`_write`."""
    exchanged = facts.exchanged
    known: Sequence[tuple[Card, ...]]
    if isinstance(source, Observation):
        sizes = source.hand_sizes
        shown = source.shown_hands
        widow = source.widow
        if shown is None:
            taken = list(source.taken)
            taken[seat] = source.hand
    else:
        hands = source.hands
        sizes = tuple([len(hand) for hand in hands])
        outcome = source.outcome
        shown = hands if outcome is not None and outcome.counts is not None else None
        widow = (
            source.bookkeeping.widows[seat] if exchanged and exchanged[seat] else None
        )
        if shown is None:
            taken = list(source.taken)
            taken[seat] = hands[seat]
    known = taken if shown is None else shown
    if widow is not None:
        vector[layout.widow_at[widow.code]] = 1.0
    waits = facts.waits
    barred = facts.going_out_barred
    hit = facts.hit_this_round
    relative = layout.relative[seat]
    for other, cards in enumerate(known):
        place = relative[other]
        base = layout.seat_at[place]
        vector[base] = float(sizes[other])
        if waits[other]:  # the facts below are mostly 0, left as they are
            vector[base + 1] = float(waits[other])
        if barred[other]:
            vector[base + 2] = 1.0
        if hit[other]:
            vector[base + 3] = 1.0
        if exchanged and exchanged[other]:
            vector[base + 4] = 1.0
        if shown is not None:
            vector[base + 5] = 1.0
        card_at = layout.seat_card_at[place]
        if layout.one_copy:  # as for the pile
            for card in cards:
                vector[card_at[card.code]] = 1.0
        else:
            for card in cards:
                vector[card_at[card.code]] += 1.0


def _write_spreads(
    vector: _Vector,
    layout: _ObservationLayout,
    source: Observation | GameState,
    relative: tuple[int, ...],
) -> None:
    """Write the spreads on the table, for :func:`_write`."""
    players = layout.players
    turn = source.turns_taken
    for spread in source.spreads:
        number = spread.number - 1
        base = layout.spread_at[number]
        vector[base] = 1.0
        vector[base + 1 + relative[spread.owner]] = 1.0
        base += 1 + players
        vector[base] = float(spread.kind is _RUN)
        vector[base + 1] = float(spread.turn == turn)
        base += 2
        for hitter in spread.hitters:
            vector[base + relative[hitter]] += 1.0
        card_at = layout.spread_card_at[number]
        for card in spread.stands_for:
            vector[card_at[card.code]] += 1.0
        wild_at = layout.spread_wild_at[number]
        for card in spread.cards:
            position = wild_at.get(card.code)
            if position is not None:
                vector[position] += 1.0


# --- bounds of a hand, for adapters -------------------------------------------------


def payoff_bounds(rules: Rules, players: int) -> tuple[Stake, Stake]:
    """Return the least and the most one seat can be paid in one hand.

    The bounds are derived from the rules' payout tables by settling every
    shape a hand can end in with the functions of :mod:`tonk.scoring`: a deal
    tonk at the deal or claimed (B5, V11-V20), going out under each row of
    :attr:`~tonk.Rules.going_out` (B11, V31-V34), a drop won or caught under
    :attr:`~tonk.Rules.catch` for every pattern of counts that matters (B13,
    V35-V38), a showdown under :attr:`~tonk.Rules.exhaustion_tie` (B14, B15,
    V29), and a void or dead hand; then, for every seat, the side payments
    added at its most and its least: hit-and-split (V39) and the widow pot
    (V46). A session's Big One (V43) doubles a hand's stakes outside the hand,
    so it is not part of these bounds.

    No hand ever pays a seat less than the first or more than the second. Both
    are attained under pagat's rules (``-2 * (players - 1)`` for a dropper
    caught by everyone, ``2 * (players - 1)`` for a tonk out); a rule set
    whose extreme needs cards that cannot all be dealt together (several deal
    tonks at once under ``DealTonkClash.ALL_PAID``, a going-out row no hand
    can meet, every loser holding a four-card spread) has bounds that are
    safe but not reached.

    Args:
        rules: The rules of the hand.
        players: The table size.

    Returns:
        ``(least, most)``, exact: an ``int`` or a :class:`~fractions.Fraction`.

    Raises:
        RulesError: If ``players`` does not fit the rules.

    Examples:
        >>> import tonk
        >>> payoff_bounds(tonk.presets.PAGAT, 3)
        (-4, 4)
        >>> payoff_bounds(tonk.presets.NEWARK, 2)
        (-4, 4)
        >>> payoff_bounds(tonk.Rules(hit_and_split=True, widow=True), 4)
        (-7, 9)

    .. versionadded:: 0.2
    """
    _checked_players(rules, players)
    return _payoff_bounds(rules, players)


def _payoff_bounds_of(rules: Rules, players: int) -> tuple[Stake, Stake]:
    """Return the least and the most payoff of one seat in a hand (unchecked)."""
    least: Stake = 0
    most: Stake = 0
    for payoffs, winners, spreads_possible in _settlements(rules, players):
        for seat in range(players):
            low, high = _side_payments(rules, players, seat, winners, spreads_possible)
            least = min(least, payoffs[seat] + low)
            most = max(most, payoffs[seat] + high)
    return exact(least), exact(most)


_payoff_bounds = cached(limit=_CACHE_LIMIT)(_payoff_bounds_of)  # by rules, players
"""The payoff bounds of a rule set at a table, worked out once
(:func:`_payoff_bounds_of`, which mutation testing reaches undecorated)."""


_Settlement = tuple[tuple[Stake, ...], tuple[int, ...] | None, bool]
"""A hand's payoffs, its winners (``None``: no side payments follow, as for a
deal tonk settled at the deal) and whether spreads can be on the table."""


def _settlements(rules: Rules, players: int) -> Iterator[_Settlement]:
    """Yield every shape of settlement a hand under ``rules`` can end in."""
    others = players - 1
    at_deal = [row.pays for row in rules.deal_tonks if row.claim is _AT_DEAL]
    if at_deal:  # B5: one holder paid by all, or (V20) all but one holding
        best = max(at_deal)
        yield (best * others, *([-best] * others)), None, False
        if rules.deal_tonk_clash is DealTonkClash.ALL_PAID and players > 2:
            yield (-best * others, *([best] * others)), None, False
    claimed = [row for row in rules.deal_tonks if row.claim is not _AT_DEAL]
    if claimed:  # V19, X13: claimed after the deal, before any spread unless
        best = max(row.pays for row in claimed)  # the row allows it (X13)
        spreads = any(row.after_spread for row in claimed)
        yield (best * others, *([-best] * others)), (0,), spreads
    best_out = max(row.pays for row in rules.going_out)  # B11, V31-V34
    out = settle_out(players, 0, OutcomeKind.TONK_OUT, pays=best_out)
    yield out.payoffs, out.winners, True
    yield from _drop_settlements(rules, players)
    if rules.tunk_at_most is not None:
        yield from _tunk_settlements(rules, players)
    if rules.max_turns is not None or rules.stock_end is not StockEnd.DEAD:
        for lowest in range(1, players + 1):  # B14, B15, V29
            counts = (0,) * lowest + (1,) * (players - lowest)
            outcome = settle_showdown(
                counts, OutcomeKind.STOCK_EXHAUSTED, rules.exhaustion_tie
            )
            yield outcome.payoffs, outcome.winners, True


def _tunk_settlements(rules: Rules, players: int) -> Iterator[_Settlement]:
    """Yield the extremes of a tunk's settlement (H7).

    Each pair of seats pays the difference of its penalty points, which are at
    most ``most``: the largest count of a hand and the drawn card, or twice
    the tunk's limit when that is more (a beaten tunker, doubled). So a seat
    wins at most ``(players - 1) * most``, when it scores 0 and every other
    seat ``most``, and loses at most as much the other way round.
    """
    size = rules.hand_size_for(players) + 1
    values = sorted(rules.card_value(card) for card in rules.pack(players=players))
    largest = sum(values[-size:])
    limit = rules.tunk_at_most
    assert limit is not None
    most = max(largest, 2 * min(limit, largest))
    others = players - 1
    yield (others * most, *[-most] * others), (0,), True
    low = (-others * most, *[most] * others)
    yield low, (1,), True
    yield low, tuple(range(1, players)), True


def _drop_settlements(rules: Rules, players: int) -> Iterator[_Settlement]:
    """Yield the settlements of a drop for every pattern of counts (B13, V35, X11).

    Seat 0 drops with a count of 2; every other seat is lower (1), equal (2)
    or higher (3), which is every case :func:`~tonk.scoring.settle_drop`
    tells apart. Under ``LowestTie.NEAREST_DEALER_LEFT`` every dealer is
    tried, so that each tied seat is once the one paid.
    """
    catch = rules.catch
    dealers = (
        range(players) if catch.lowest_tie is LowestTie.NEAREST_DEALER_LEFT else (0,)
    )
    for levels in combinations_with_replacement((1, 2, 3), players - 1):
        counts = (2, *levels)
        for dealer in dealers:
            outcome = settle_drop(counts, 0, catch=catch, dealer=dealer)
            yield outcome.payoffs, outcome.winners, True
    bonus = rules.drop_bonus  # X11: a winning drop pays by its count
    for count in {
        0,
        *(row.at_most for row in bonus),
        *(row.at_most + 1 for row in bonus),
    }:
        counts = (count, *[count + 1] * (players - 1))
        outcome = settle_drop(counts, 0, catch=catch, dealer=0, bonus=bonus)
        yield outcome.payoffs, outcome.winners, True


def _side_payments(
    rules: Rules,
    players: int,
    seat: int,
    winners: tuple[int, ...] | None,
    spreads_possible: bool,
) -> tuple[Stake, Stake]:
    """Return the least and most ``seat`` can get from V39 and V46 payments.

    Hit-and-split (V39): each winner pays 1/2 to each loser with a spread of
    four or more. The widow pot (V46): each seat that exchanged pays 1,
    shared by the winners. Nothing is paid when nobody won.
    """
    if not winners:
        return 0, 0
    won = len(winners)
    low: Stake = 0
    high: Stake = 0
    if rules.hit_and_split and spreads_possible:
        if seat in winners:
            low -= Fraction(players - won, 2)
        else:
            high += Fraction(won, 2)
    if rules.widow:
        if seat in winners:
            low -= Fraction(won - 1, won)
            high += Fraction(players - 1, won)
        else:
            low -= 1
    return low, high


def max_hand_length(rules: Rules, players: int) -> int:
    """Return a bound on the number of actions in one hand: no hand is longer.

    The deal is not counted (it is not an action). With ``T`` the turn limit
    (:attr:`~tonk.Rules.max_turns`, B15), ``C`` the cards in play and ``N``
    the players, a hand holds at most ``T`` turns, each of two actions (a
    draw and a discard, or a drop, a claim or a draw from the empty stock)
    besides its spreads and hits; every spread or hit moves a card or more
    from a hand to the table for good, so there are at most ``C`` of them;
    each seat exchanges with its widow at most once (V46). Under slap-in
    (V26), every discard (a turn's, or a slapper's extra one) may open a
    window of at most ``N`` decisions, and each slap moves a card to the table
    too, so slaps and spreads and hits together are at most ``C``. Under
    eating (X5), every turn's discard may open a window of at most ``N - 2``
    decisions, an eat being the draw of the next turn (and the turns it skips
    count towards ``T``). Under :attr:`~tonk.Rules.last_turns` (H6), a tunk
    in the last turn the limit allows is followed by one more turn of each
    other seat, a draw and a discard, past the limit::

        2T + C (+ N with the widow) (+ 2(N - 1) with last turns)
                                              without slap-in or eating
        2T + N*T + (N + 1)*C (+ N)            with slap-in
        N*T + C (+ N)                         with eating

    Args:
        rules: The rules of the hand.
        players: The table size.

    Returns:
        The bound, in actions.

    Raises:
        RulesError: If the rules have no turn limit (``max_turns=None``): two
            players can then take and discard the same card forever, so no
            bound exists; or if ``players`` does not fit the rules.

    Examples:
        >>> import tonk
        >>> max_hand_length(tonk.presets.PAGAT, 2)
        452
        >>> max_hand_length(tonk.Rules(slap_in=True), 3)
        1208
        >>> max_hand_length(tonk.Rules(eating=True), 3)
        652
        >>> max_hand_length(tonk.presets.HOYLE, 3)
        456
        >>> max_hand_length(tonk.Rules(max_turns=None), 2)
        Traceback (most recent call last):
        ...
        tonk.errors.RulesError: a hand without a turn limit (max_turns=None) has no longest length

    .. versionadded:: 0.2
    """  # noqa: E501
    _checked_players(rules, players)
    turns = rules.max_turns
    if turns is None:
        raise RulesError(
            "a hand without a turn limit (max_turns=None) has no longest length"
        )
    cards = len(rules.pack(players=players))
    exchanges = players if rules.widow else 0
    if rules.eating:  # X5
        return players * turns + cards + exchanges
    if not rules.slap_in:
        last_turns = 2 * (players - 1) if rules.last_turns else 0  # H6
        return 2 * turns + cards + exchanges + last_turns
    return 2 * turns + players * turns + (players + 1) * cards + exchanges
