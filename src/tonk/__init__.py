"""tonk: a complete, typed, immutable rules engine for the card game Tonk.

Examples:
    >>> import tonk
    >>> state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
    >>> state = tonk.apply(state, tonk.parse_action(state, "draw stock"))
    >>> state.phase.value
    'after_draw'
"""

from tonk import encoding, presets
from tonk.actions import (
    Action,
    ClaimDealTonk,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Hit,
    LaySpread,
    Pass,
    Slap,
    format_action,
)
from tonk.cards import Card, Rank, Suit, WildCard, parse_cards, parse_element
from tonk.engine import apply, check, cut_for_deal, is_legal, legal_actions, new_game
from tonk.errors import (
    AmbiguousActionError,
    EncodingError,
    IllegalActionError,
    IllegalReason,
    NotationError,
    RulesError,
    TonkError,
)
from tonk.notation import parse_action
from tonk.observation import Observation, determinize, observe
from tonk.rules import (
    CourtValues,
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
from tonk.scoring import hand_count
from tonk.state import (
    GameState,
    Outcome,
    OutcomeKind,
    Phase,
    SlapWindow,
    Spread,
    SpreadKind,
    Stake,
    Transfer,
    TransferReason,
)

__version__ = "0.1.0.dev0"

__all__ = [
    "Action",
    "AmbiguousActionError",
    "Card",
    "ClaimDealTonk",
    "CourtValues",
    "CutWinner",
    "DealTonk",
    "DealTonkClaim",
    "DealTonkClash",
    "DealTonkTie",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "Drop",
    "EncodingError",
    "ExhaustionTie",
    "GameState",
    "Hit",
    "IllegalActionError",
    "IllegalReason",
    "LaySpread",
    "NotationError",
    "Observation",
    "Outcome",
    "OutcomeKind",
    "PackKind",
    "Pass",
    "Phase",
    "Rank",
    "Rules",
    "RulesError",
    "Slap",
    "SlapWindow",
    "Spread",
    "SpreadKind",
    "Stake",
    "StockEnd",
    "Suit",
    "TonkError",
    "Transfer",
    "TransferReason",
    "WildCard",
    "Wilds",
    "__version__",
    "apply",
    "check",
    "cut_for_deal",
    "determinize",
    "encoding",
    "format_action",
    "hand_count",
    "is_legal",
    "legal_actions",
    "new_game",
    "observe",
    "parse_action",
    "parse_cards",
    "parse_element",
    "presets",
]
