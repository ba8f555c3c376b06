"""The OpenSpiel game ``python_tonk``: one hand of Tonk for OpenSpiel's algorithms.

Importing this module registers ``python_tonk`` with ``pyspiel.register_game``
(it needs the ``openspiel`` extra: ``pip install 'tonk[openspiel]'``)::

    import pyspiel
    import tonk.envs.openspiel  # registers python_tonk

    game = pyspiel.load_game("python_tonk(preset=pagat,players=3)")

An episode is one hand. The chance player deals the cards one at a time and
draws every card taken from the stock, each uniformly among the cards left
(:meth:`TonkState.chance_outcomes`). A deal that is a deal tonk (B5), settled
before anyone decides anything, is void and the chance player deals again, so
every episode asks for a decision (OpenSpiel's ``rl_environment`` loop needs
one); the seats then act by the indices of
:mod:`tonk.encoding`, in ascending order. A slap-in window (V26) is already a
sequence of decisions in the engine: each seat that could slap is asked in
turn, clockwise from the discarder (the seat due first under
``slap_priority_next``), to slap or pass, and the first slap closes it; so an
OpenSpiel ``SEQUENTIAL`` game needs no simultaneous node. An eating window (X5)
is the same: the seats after the one due are asked in turn to eat or pass, and
an eat is the eater's draw.

Game parameters: ``players`` (2), ``dealer`` (0), ``preset`` (``"pagat"``, a
name of :func:`tonk.presets.get`), ``rules_json`` (a whole rule set as
:func:`tonk.to_json` writes it; give it instead of ``preset``), and every
scalar option of :class:`tonk.Rules` under its own name: booleans, integers,
an enum option as its value (``stock_end=forced_knock``), and an option that
may be ``None`` as an integer where ``-1`` means ``None`` (``max_turns=-1``).
A scalar parameter left at its default (pagat's value) keeps the value of the
preset or of ``rules_json``; any other value replaces it. To set an option back
to pagat's value on another preset, give the whole rule set as ``rules_json``.

Examples:
    >>> import pyspiel
    >>> import tonk.envs.openspiel
    >>> game = pyspiel.load_game("python_tonk(preset=chicago,players=4)")
    >>> game.num_distinct_actions(), game.min_utility(), game.max_utility()
    (46549, -6.0, 6.0)
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes())
    (True, 53)
"""

from __future__ import annotations

try:
    import numpy as np
    import pyspiel
except ImportError as _missing:  # pragma: no cover - only without the extra
    raise ImportError(
        "tonk.envs.openspiel needs OpenSpiel and numpy: install the tonk[openspiel]"
        " extra (pip install 'tonk[openspiel]')"
    ) from _missing

import enum
import random
import typing
import urllib.parse
from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import repeat
from typing import Any

import attrs
import numpy.typing as npt

from tonk.actions import Action, DrawStock, Tunk, format_action
from tonk.bots import Bot
from tonk.cards import CARDS, CODE_COUNT, Card, card_from_code
from tonk.encoding import (
    action_space_size,
    action_to_index,
    legal_indices,
    max_hand_length,
    observation_sections,
    observation_size,
    observation_vector,
    payoff_bounds,
)
from tonk.engine import apply, legal_actions, new_game
from tonk.envs._common import DEALS, remembered_action, tunk_index
from tonk.errors import RulesError, TonkError
from tonk.observation import Observation, determinize, observe
from tonk.presets import get as get_preset
from tonk.rules import Rules
from tonk.serialization import from_json, to_json
from tonk.state import GameState, Spread

__all__ = ["GAME_NAME", "TonkBot", "TonkGame", "TonkObserver", "TonkState"]

GAME_NAME: typing.Final = "python_tonk"
"""The short name the game is registered under."""

_NONE = -1
"""The value of an optional integer parameter that stands for ``None``."""


def _scalar_options() -> tuple[
    dict[str, bool | int | str], dict[str, type[enum.StrEnum]], frozenset[str]
]:
    """Return the scalar options of :class:`Rules` as game parameters.

    That is each option's parameter default (an enum by value, ``None`` as
    ``-1``), then the enum options with their types, then the options that
    may be ``None``.
    """
    hints = typing.get_type_hints(Rules)
    defaults: dict[str, bool | int | str] = {}
    enums: dict[str, type[enum.StrEnum]] = {}
    optional = set()
    for field in attrs.fields(Rules):
        hint = hints[field.name]
        default: Any = field.default
        if not field.init:
            continue
        if hint is bool or hint is int:
            defaults[field.name] = default
        elif hint == int | None:
            defaults[field.name] = _NONE if default is None else default
            optional.add(field.name)
        elif isinstance(hint, type) and issubclass(hint, enum.StrEnum):
            defaults[field.name] = default.value
            enums[field.name] = hint
    return defaults, enums, frozenset(optional)


_OPTIONS, _ENUMS, _OPTIONAL = _scalar_options()
_TABLE: dict[str, bool | int | str] = {
    "players": 2,
    "dealer": 0,
    "preset": "pagat",
    "rules_json": "",
}
_DEFAULTS: dict[str, bool | int | str] = {**_TABLE, **_OPTIONS}
_MAX_PLAYERS = 112
"""The largest table any rules deal to: one card to each seat (``hand_size=1``)
from two packs (V2) and eight jokers (V3), without an upcard (B2)."""

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Tonk (one hand)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=_MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)

_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_DRAW_STOCK = DrawStock()


def _option(name: str, value: bool | int | str) -> object:
    """Return the :class:`Rules` value of the parameter ``name``."""
    if name in _ENUMS:
        kind = _ENUMS[name]
        try:
            return kind(str(value))
        except ValueError:
            choices = ", ".join(member.value for member in kind)
            raise RulesError(
                f"{name} must be one of {choices}, got {value!r}"
            ) from None
    if name in _OPTIONAL and value == _NONE:
        return None
    return value


def _rules_from(params: Mapping[str, Any]) -> Rules:
    """Return the rule set the game parameters describe."""
    text = params["rules_json"]
    if text:
        if params["preset"] != _DEFAULTS["preset"]:
            raise RulesError("give a preset or rules_json, not both")
        base = from_json(urllib.parse.unquote(text), Rules)
    else:
        base = get_preset(params["preset"])
    changes = {
        name: _option(name, params[name])
        for name, default in _OPTIONS.items()
        if params[name] != default
    }
    return attrs.evolve(base, **changes) if changes else base  # type: ignore[arg-type]


def _canonical(params: Mapping[str, Any], rules: Rules) -> dict[str, Any]:
    """Return the parameters the game keeps: only what differs from a default.

    A rule set given as JSON is kept as tonk's own JSON, percent-encoded, so
    that the game's string (``game.to_string()``) loads again: OpenSpiel's
    game strings split parameters at commas.
    """
    kept = {"players": params["players"]}
    if params["dealer"] != 0:
        kept["dealer"] = params["dealer"]
    if params["rules_json"]:  # the scalar options are in the JSON too
        kept["rules_json"] = urllib.parse.quote(to_json(rules), safe="")
        return kept
    kept["preset"] = params["preset"]
    for name, default in _OPTIONS.items():
        if params[name] != default:
            kept[name] = params[name]
    return kept


@attrs.frozen
class _Table:
    """What every state of one game shares; copies of a state share it too."""

    rules: Rules
    players: int
    dealer: int
    pack: tuple[Card, ...]
    deal_size: int
    codes: tuple[int, ...]
    """The codes of the pack's cards, sorted (a card held twice, twice)."""
    played: dict[int, Action] = attrs.field(factory=dict, eq=False, repr=False)
    """The actions of the indices played so far (see ``remembered_action``)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        """Return ``self``: the table never changes."""
        return self


@attrs.frozen
class _Now:
    """Where a hand stands: the cards dealt so far, then the engine's state.

    During the deal, ``dealt`` holds the cards dealt, in order, and ``left``
    the sorted codes of the cards still to come; once the engine's ``state``
    exists both are empty. ``drawing`` is true between a seat's choice to draw
    from the stock and the chance node that says which card it draws.
    ``deals`` counts the deals of the hand: each deal tonk (B5) deals again.
    """

    dealt: tuple[Card, ...]
    left: tuple[int, ...]
    state: GameState | None
    drawing: bool
    deals: int

    def __deepcopy__(self, memo: dict[int, Any]) -> _Now:
        """Return ``self``: a state moves on by replacing it, never changing it."""
        return self


class TonkGame(pyspiel.Game):  # type: ignore[misc]
    """The ``python_tonk`` game: one hand under a rule set, at one table size.

    Load it with ``pyspiel.load_game`` rather than building it: see the
    module's description for the parameters. Its utilities are exact
    (:func:`tonk.encoding.payoff_bounds`), its longest episode is
    :func:`tonk.encoding.max_hand_length` decisions, its actions are the
    :mod:`tonk.encoding` layout and a chance outcome is a card's code.

    Args:
        params: The game parameters (OpenSpiel fills in the defaults).

    Raises:
        RulesError: If the parameters do not make a valid rule set and table,
            or the rules have no turn limit (``max_turns=-1``): an OpenSpiel
            game needs a longest episode.

    Examples:
        >>> import pyspiel
        >>> game = pyspiel.load_game("python_tonk(players=3,slap_in=true)")
        >>> game.rules.slap_in, game.num_players(), game.max_game_length()
        (True, 3, 1208)
        >>> pyspiel.load_game("python_tonk(stock_end=never)")
        Traceback (most recent call last):
        ...
        tonk.errors.RulesError: stock_end must be one of showdown, dead, forced_knock, last_card, got 'never'
    """  # noqa: E501

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        """Build the game from its parameters."""
        given = {**_DEFAULTS, **(params or {})}
        rules = _rules_from(given)
        players = given["players"]
        dealer = given["dealer"]
        least, most = payoff_bounds(rules, players)
        if not 0 <= dealer < players:
            raise RulesError(f"dealer must be a seat 0..{players - 1}, got {dealer}")
        if rules.max_turns is None:
            raise RulesError(
                f"{GAME_NAME} needs a turn limit (max_turns): without one a hand"
                " has no longest length"
            )
        info = pyspiel.GameInfo(
            num_distinct_actions=action_space_size(rules, players),
            max_chance_outcomes=CODE_COUNT,
            num_players=players,
            min_utility=float(least),
            max_utility=float(most),
            utility_sum=0.0,
            max_game_length=max_hand_length(rules, players),
        )
        super().__init__(_GAME_TYPE, info, _canonical(given, rules))
        pack = rules.pack(players=players)
        size = rules.hand_size_for(players)  # X2
        dealt = players * (size + int(rules.widow)) + int(rules.upcard)
        codes = tuple(sorted(card.code for card in pack))
        self._table = _Table(rules, players, dealer, pack, dealt, codes)

    @property
    def rules(self) -> Rules:
        """The rules of the hand."""
        return self._table.rules

    def new_initial_state(self) -> TonkState:
        """Return the state before the deal: a chance node."""
        return TonkState(self)

    def make_py_observer(
        self,
        iig_obs_type: pyspiel.IIGObservationType | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> TonkObserver:
        """Return an observer of one seat (see :class:`TonkObserver`)."""
        return TonkObserver(self, iig_obs_type, params)

    def max_chance_nodes_in_history(self) -> int:
        """Return the most chance nodes in a hand.

        That is one per card of the pack, and a deal's worth for each deal
        voided by a deal tonk (B5): at most 999 of them, since a 1,000th deal
        tonk in a row raises.
        """
        table = self._table
        return len(table.pack) + (DEALS - 1) * table.deal_size


class TonkState(pyspiel.State):  # type: ignore[misc]
    """A state of ``python_tonk``: the deal in progress, then the engine's state.

    Examples:
        >>> import pyspiel
        >>> game = pyspiel.load_game("python_tonk(players=2)")
        >>> state = game.new_initial_state()
        >>> for code in (0, 1, 2, 3, 4, 13, 14, 15, 16, 17, 26):  # AC 2C ... AD ...
        ...     state.apply_action(code)
        >>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()]
        (1, ['drop', 'draw stock', 'draw discard'])
        >>> state.apply_action(1)  # draw stock: chance says which card
        >>> state.is_chance_node(), state.action_to_string(27)
        (True, 'draw 2H')
    """  # noqa: E501

    def __init__(self, game: TonkGame) -> None:
        """Start before the deal."""
        super().__init__(game)
        self._table: _Table = game._table
        self._now = _Now((), self._table.codes, None, False, 1)

    @property
    def tonk_state(self) -> GameState | None:
        """The engine's state once the deal is over (``None`` before)."""
        return self._now.state

    def current_player(self) -> int:
        """Return the seat to move, or OpenSpiel's chance or terminal player."""
        now = self._now
        state = now.state
        if state is None or now.drawing:
            return _CHANCE
        if state.outcome is not None:
            return _TERMINAL
        return state.to_move

    def is_chance_node(self) -> bool:
        """Return whether the chance player deals or draws the next card.

        The same as pyspiel's own, answered in Python without a round trip
        through C++ (:meth:`legal_actions` likewise).
        """
        now = self._now
        return now.state is None or now.drawing

    def legal_actions(self, player: int | None = None) -> list[int]:
        """Return the legal actions of ``player`` (the one to move by default).

        At a chance node, the chance outcomes' cards; for a seat not to move, or
        once the hand is over, none.
        """
        now = self._now
        state = now.state
        if state is None or now.drawing:
            if player is not None and player != _CHANCE:
                return []
            return [code for code, _ in self.chance_outcomes()]
        if state.outcome is not None or (
            player is not None and player != state.to_move
        ):
            return []
        return list(legal_indices(state))

    def _legal_actions(self, player: int) -> list[int]:
        """Return the indices of the seat's legal actions, ascending."""
        state = self._now.state
        assert state is not None
        return list(legal_indices(state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Return each card that may come next, by code, with its probability.

        In the deal, every card not dealt yet; at a draw, every card of the
        stock. Each physical card is equally likely, so a card held twice (two
        packs, several jokers) is twice as likely.
        """
        now = self._now
        if now.state is None:
            codes = now.left
        else:
            codes = tuple(sorted([card.code for card in now.state.stock]))
        share = 1 / len(codes)
        if not self._table.rules.has_duplicates:
            return list(zip(codes, repeat(share, len(codes)), strict=True))
        counts = Counter(codes)
        return [(code, counts[code] * share) for code in sorted(counts)]

    def _apply_action(self, action: int) -> None:
        """Apply a chance outcome (a card's code) or a seat's action index."""
        now = self._now
        state = now.state
        if state is None:
            self._now = self._dealt(action)
        elif now.drawing:
            self._now = _Now((), (), _drawn(state, action), False, now.deals)
        else:
            table = self._table
            move = remembered_action(
                table.played, action, table.rules, table.players, state
            )
            if move == _DRAW_STOCK and state.stock and move in legal_actions(state):
                self._now = _Now((), (), state, True, now.deals)  # chance draws
            else:
                self._now = _Now((), (), apply(state, move), False, now.deals)

    def _dealt(self, code: int) -> _Now:
        """Return the hand once the card ``code`` is dealt; after the last, played.

        The deck given to :func:`tonk.new_game` is the cards dealt, in order,
        then the cards left, by code, as the stock: the stock's order does not
        matter, since every draw is a chance node. A deal tonk (B5) voids the
        deal: the cards are dealt again.

        Raises:
            TonkError: If this is the hand's 1,000th deal tonk in a row (rules
                whose every deal is one).
        """
        now = self._now
        left = now.left
        try:
            at = left.index(code)
        except ValueError:
            raise RulesError(f"no card with code {code} is left to deal") from None
        left = left[:at] + left[at + 1 :]
        dealt = (*now.dealt, CARDS[code])
        table = self._table
        if len(dealt) < table.deal_size:
            return _Now(dealt, left, None, False, now.deals)
        rest = [CARDS[code] for code in left]
        state = new_game(
            table.rules,
            players=table.players,
            deck=(*dealt, *rest),
            dealer=table.dealer,
        )
        if state.outcome is None:
            return _Now((), (), state, False, now.deals)  # the state holds the cards
        if now.deals == DEALS:
            raise TonkError(
                f"{DEALS} deals in a row were deal tonks (B5): these rules leave"
                " nothing to decide"
            )
        return _Now((), table.codes, None, False, now.deals + 1)

    def _action_to_string(self, player: int, action: int) -> str:
        """Return an action in tonk's notation, a chance outcome as deal or draw."""
        if player == _CHANCE:
            verb = "deal" if self._now.state is None else "draw"
            return f"{verb} {card_from_code(action)}"
        table = self._table
        return format_action(
            remembered_action(
                table.played, action, table.rules, table.players, self._now.state
            )
        )

    def is_terminal(self) -> bool:
        """Return whether the hand is over."""
        state = self._now.state
        return state is not None and state.outcome is not None

    def returns(self) -> list[float]:
        """Return each seat's payoff once the hand is over, else zeros."""
        state = self._now.state
        if state is None or state.outcome is None:
            return [0.0] * self._table.players
        return [float(payoff) for payoff in state.outcome.payoffs]

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Any
    ) -> TonkState:
        """Return a state ``player_id`` cannot tell from this one, drawn at random.

        After the deal this is :func:`tonk.determinize` of the seat's
        observation, seeded by one number from ``probability_sampler`` (a
        callable returning floats in ``[0, 1)``, such as
        ``pyspiel.UniformProbabilitySampler``). During the deal, the cards
        dealt to the other seats are drawn again. The sample has the same
        information state for ``player_id`` and the same player to move; its
        ``history()`` is empty, since the order in which hidden cards came is
        not part of what the seat knows.
        """
        rng = random.Random(int(probability_sampler() * 2**53))
        sample = TonkState(self.get_game())
        now = self._now
        if now.state is None:
            dealt = self._redealt(player_id, rng)
            left = list(self._table.codes)
            for card in dealt:
                left.remove(card.code)
            sample._now = _Now(dealt, tuple(left), None, False, now.deals)
        else:
            state = determinize(observe(now.state, player_id), rng)
            sample._now = _Now((), (), state, now.drawing, now.deals)
        return sample

    def _redealt(self, seat: int, rng: random.Random) -> tuple[Card, ...]:
        """Return the cards dealt so far, those ``seat`` has not seen drawn again."""
        table = self._table
        dealt = list(self._now.dealt)
        hidden = [
            index
            for index in range(len(dealt))
            if index >= table.players * table.rules.hand_size_for(table.players)
            or (table.dealer + 1 + index) % table.players != seat
        ]
        pool = list(table.pack)
        for index, card in enumerate(dealt):
            if index not in hidden:
                pool.remove(card)
        picked = rng.sample(pool, len(hidden))
        for index, card in zip(hidden, picked, strict=True):
            dealt[index] = card
        return tuple(dealt)

    def __str__(self) -> str:
        """Return the whole state as text: hands, stock, table and outcome."""
        now = self._now
        if now.state is None:
            return f"dealing: {_cards(now.dealt)}"
        text = _state_text(now.state)
        return text + "\n(drawing from the stock)" if now.drawing else text


def _drawn(state: GameState, code: int) -> GameState:
    """Return ``state`` after its player to move draws the card ``code`` (B7).

    The card is put on top of the stock (``stock[0]`` is drawn next), then
    :class:`tonk.DrawStock` is applied.
    """
    stock = list(state.stock)
    card = CARDS[code] if 0 <= code < CODE_COUNT else None
    if card not in stock:
        raise RulesError(f"no card with code {code} is in the stock")
    stock.remove(card)
    return apply(attrs.evolve(state, stock=(card, *stock)), _DRAW_STOCK)


class TonkObserver:
    """What one seat sees, as OpenSpiel's ``PyObserver`` interface wants it.

    The tensor is :func:`tonk.encoding.observation_vector` of
    :func:`tonk.observe` (zeros during the deal), with one named view per
    section of :func:`tonk.encoding.observation_sections` in ``dict``; the
    string holds every field of the observation. Both serve as observation
    and as information state: tonk's observation is the seat's *perfect
    memory* of the table (every discard, every card seen taken, the spreads
    with who hit them), though not the order in which its own past cards came
    and went.

    Args:
        game: The game observed.
        iig_obs_type: OpenSpiel's observation type; only one seat's view with
            the public information is offered.
        params: Observation parameters; none are supported.

    Raises:
        ValueError: If ``params`` are given or the type asks for another view.
    """

    def __init__(
        self,
        game: TonkGame,
        iig_obs_type: pyspiel.IIGObservationType | None,
        params: Mapping[str, Any] | None,
    ) -> None:
        """Allocate the tensor and its named views."""
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                f"{GAME_NAME} observes for one seat with the public information,"
                f" not {iig_obs_type.private_info}"
            )
        rules, players = game.rules, game.num_players()
        self.tensor: npt.NDArray[np.float32] = np.zeros(
            observation_size(rules, players), np.float32
        )
        """The seat's observation vector, filled by :meth:`set_from`."""
        self.dict: dict[str, npt.NDArray[np.float32]] = {
            name: self.tensor[start : start + size]
            for name, start, size in observation_sections(rules, players)
        }
        """A view of :attr:`tensor` for each section of the vector, by name."""

    def set_from(self, state: TonkState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s view of ``state``."""
        game_state = state.tonk_state
        if game_state is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = observation_vector(observe(game_state, player))

    def string_from(self, state: TonkState, player: int) -> str:
        """Return ``player``'s view of ``state`` as text."""
        game_state = state.tonk_state
        if game_state is None:
            table = state._table
            own = [
                card
                for index, card in enumerate(state._now.dealt)
                if index < table.players * table.rules.hand_size_for(table.players)
                and (table.dealer + 1 + index) % table.players == player
            ]
            return f"seat {player}, dealing: {_cards(own)}"
        text = _observation_text(observe(game_state, player))
        if state._now.drawing:  # the seat to move chose to draw; chance deals it
            return text + f"\nseat {game_state.to_move} draws from the stock"
        return text


class TonkBot(pyspiel.Bot):  # type: ignore[misc]
    """A :mod:`tonk.bots` bot playing one seat of ``python_tonk`` as a ``pyspiel.Bot``.

    The bot sees only the seat's :func:`tonk.observe` view and answers with an
    action index, so it can sit at a table of OpenSpiel bots
    (``pyspiel.evaluate_bots``). A tunk it chooses (H5) is the layout's one
    tunk index, which plays the hand's canonical arrangement
    (:func:`tonk.encoding.legal_action`) whichever arrangement the bot named.

    Args:
        bot: The tonk bot.
        seat: The seat it plays.
        seed: Seeds the :class:`random.Random` the bot draws from.

    Examples:
        >>> import pyspiel
        >>> from tonk.bots import GreedyBot
        >>> game = pyspiel.load_game("python_tonk(players=2)")
        >>> bots = [TonkBot(GreedyBot(), 0, seed=1), TonkBot(GreedyBot(), 1, seed=2)]
        >>> returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 3)
        >>> len(returns), sum(returns)
        (2, 0.0)
    """

    def __init__(self, bot: Bot, seat: int, *, seed: int | None = None) -> None:
        """Wrap ``bot`` for ``seat``."""
        super().__init__()
        self._bot = bot
        self._seat = seat
        self._seed = seed
        self._rng = random.Random(seed)

    def step(self, state: TonkState) -> int:
        """Return the index of the action the bot takes in ``state``."""
        game_state = state.tonk_state
        if game_state is None or state.current_player() != self._seat:
            raise RulesError(f"seat {self._seat} is not to move")
        seen = observe(game_state, self._seat)
        action = self._bot.choose(seen, seen.legal_actions, self._rng)
        table = state._table
        if action.__class__ is Tunk:  # H5: a tunk is the one index
            tunk = tunk_index(table.rules, table.players)
            assert tunk is not None
            return tunk
        return action_to_index(action, table.rules, table.players)

    def restart(self) -> None:
        """Start a new game: reseed the random source."""
        self._rng = random.Random(self._seed)

    def restart_at(self, state: TonkState) -> None:
        """Start again from ``state``: reseed the random source."""
        self.restart()

    def inform_action(self, state: TonkState, player_id: int, action: int) -> None:
        """Ignore other players' actions: the bot reads the observation."""


# --- text ---------------------------------------------------------------------------


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards)) or "-"


def _seats(values: Sequence[object]) -> str:
    return " ".join(str(int(value)) for value in values)  # type: ignore[call-overload]


def _spread_text(spread: Spread) -> str:
    hitters = ",".join(map(str, spread.hitters)) or "-"
    return f"spread {spread} laid on turn {spread.turn}, hit by {hitters}"


def _public_text(
    state: GameState | Observation,
    sizes: Sequence[int],
    taken: Sequence[Sequence[Card]],
) -> list[str]:
    """Return the lines every seat sees alike."""
    lines = [
        f"dealer {state.dealer}, turn {state.turns_taken}, {state.phase.value},"
        f" seat {state.to_move} to move",
        f"hand sizes {_seats(sizes)}; taken {' | '.join(map(_cards, taken))}",
        f"discard pile {_cards(state.discard_pile)}",
        *map(_spread_text, state.spreads),
        f"waits {_seats(state.waits)}; barred {_seats(state.going_out_barred)};"
        f" charged {_seats(state.hit_this_round)}; hits {state.hits_this_turn};"
        f" must use {state.must_use or '-'}; exchanged {_seats(state.exchanged)}",
    ]
    if state.tunker is not None:  # H5
        lines.append(f"seat {state.tunker} tunked")
    if state.buried:  # H3
        lines.append("the upcard is buried")
    window = state.slap
    if window is not None:
        lines.append(
            f"{'eat' if state.rules.eating else 'slap-in'} {window.card} discarded"
            f" by {window.discarder}, due"
            f" {window.due}, asking {_seats(window.waiting)}, slapper"
            f" {'-' if window.slapper is None else window.slapper}"
        )
    outcome = state.outcome
    if outcome is not None:
        lines.append(
            f"over: {outcome.kind.value}, payoffs {' '.join(map(str, outcome.payoffs))}"
        )
    return lines


def _state_text(state: GameState) -> str:
    """Return the whole of ``state`` as text (the referee's view)."""
    lines = [f"seat {seat}: {_cards(hand)}" for seat, hand in enumerate(state.hands)]
    lines.append(f"stock {_cards(state.stock)}")
    if state.widows:
        lines.append(f"widows {_cards(state.widows)}")
    sizes = [len(hand) for hand in state.hands]
    return "\n".join(lines + _public_text(state, sizes, state.taken))


def _observation_text(seen: Observation) -> str:
    """Return every field of an observation as text (rules and legal actions aside)."""
    lines = [
        f"seat {seen.seat}: {_cards(seen.hand)}",
        f"stock {seen.stock_size} cards; widow {seen.widow or '-'}",
    ]
    if seen.shown_hands is not None:
        lines.append(f"shown {' | '.join(map(_cards, seen.shown_hands))}")
    return "\n".join(lines + _public_text(seen, seen.hand_sizes, seen.taken))


pyspiel.register_game(_GAME_TYPE, TonkGame)
