"""Fuzz tests: hostile input at every entry point that takes untrusted input.

Each test feeds an entry point hostile input (random and mutated text, JSON
documents, arguments; huge integers, megabyte strings, deep nesting, NaN,
repeated keys) and asserts only what every entry point promises
(docs/api.md): the call returns or raises a :class:`tonk.TonkError`, never a
bare ``ValueError``, ``IndexError`` or ``AssertionError``; it returns at all
(a hang guard, far above any expected time, turns a hang into a failure); and
it leaves its input unchanged.
"""

from __future__ import annotations

import contextlib
import copy
import enum
import functools
import importlib.util
import json
import math
import random
import signal
import threading
import typing
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

import attrs
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import tonk
from tonk import scoring
from tonk.testing import strategies as tst

T = TypeVar("T")

HANG_SECONDS = 30
"""A liveness bound, not a timing assertion: every call here should take well
under a second, so a call still running after this long has hung."""

HUGE = 10**5000
"""An int whose decimal form is over Python's 4,300-digit conversion limit."""

MEGABYTE = 2**20


class HangError(AssertionError):
    """A call did not return within :data:`HANG_SECONDS`."""


@contextlib.contextmanager
def no_hang(seconds: float = HANG_SECONDS) -> Iterator[None]:
    """Raise :class:`HangError` in the block if it runs longer than ``seconds``."""
    if threading.current_thread() is not threading.main_thread():  # pragma: no cover
        yield  # signals reach the main thread only
        return

    def hung(signum: int, frame: object) -> None:
        raise HangError(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def typed(call: Callable[..., T], *args: Any, **kwargs: Any) -> T | tonk.TonkError:
    """Call ``call``: return its result or the TonkError it raised.

    Any other exception propagates and fails the test.
    """
    with no_hang():
        try:
            return call(*args, **kwargs)
        except tonk.TonkError as error:
            caught = error
    assert str(caught)  # the message renders, and says something
    return caught


def unchanged(call: Callable[..., T], *args: Any, **kwargs: Any) -> T | tonk.TonkError:
    """:func:`typed`, and check that the call changes none of its arguments."""
    before = copy.deepcopy((args, kwargs))
    result = typed(call, *args, **kwargs)
    assert (args, kwargs) == before or _same_nan((args, kwargs), before)
    return result


def _same_nan(left: object, right: object) -> bool:
    """Compare JSON-like values, taking NaN equal to NaN."""
    if isinstance(left, float) and isinstance(right, float):
        return left == right or (math.isnan(left) and math.isnan(right))
    if isinstance(left, dict) and isinstance(right, dict):
        return list(left) == list(right) and all(
            _same_nan(left[key], right[key]) for key in left
        )
    if isinstance(left, list | tuple) and isinstance(right, list | tuple):
        return (
            type(left) is type(right)
            and len(left) == len(right)
            and all(map(_same_nan, left, right))
        )
    return left == right


# --- Strategies ---------------------------------------------------------------

ANY_RULES = st.one_of(tst.presets(), tst.rules())
STATES = tst.game_states(rules=ANY_RULES, max_actions=60)

# Words of the notations, so that random text often gets past the first word.
WORDS = [
    "drop",
    "draw",
    "stock",
    "discard",
    "spread",
    "hit",
    "slap",
    "pass",
    "claim",
    "exchange",
    "widow",
    "lay",
    "AS",
    "2C",
    "10H",
    "th",
    "TD",
    "JK",
    "jk",
    "QS",
    "KD",
    "1H",
    "11S",
    "0C",
    "ZZ",
    "=",
    "2C=6H",
    "JK=5D",
    "1",
    "2",
    "3",
    "0",
    "-1",
    "99",
    "[",
    "]",
    '"',
    "{",
    "}",
    ",",
    ":",
    "#",
    ";",
    "\\",
    "\t",
    "\n",
]


def words(extra: st.SearchStrategy[str] | None = None) -> st.SearchStrategy[str]:
    """Draw short texts made of notation words, digits and stray characters."""
    word = st.one_of(
        st.sampled_from(WORDS),
        st.from_regex(r"[0-9]{1,30}", fullmatch=True),
        st.text(max_size=4),
        *([] if extra is None else [extra]),
    )
    separator = st.sampled_from([" ", "  ", "\t", "", "\n", "\u00a0"])
    return st.lists(st.tuples(word, separator), max_size=8).map(
        lambda parts: "".join(w + s for w, s in parts)
    )


@st.composite
def mutated(draw: st.DrawFn, text: str) -> str:
    """Draw ``text`` with a few characters inserted, deleted or replaced."""
    chars = list(text)
    for _ in range(draw(st.integers(1, 4))):
        where = draw(st.integers(0, len(chars)))
        what = draw(st.sampled_from(["insert", "delete", "replace"]))
        new = draw(st.one_of(st.characters(), st.sampled_from(list('"[]9 \n'))))
        if what == "insert" or where == len(chars):
            chars.insert(where, new)
        elif what == "delete":
            del chars[where]
        else:
            chars[where] = new
    return "".join(chars)


def json_values(*, max_leaves: int = 6) -> st.SearchStrategy[Any]:
    """Draw JSON-like values: what ``json.loads`` can return, NaN included."""
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.sampled_from([-1, 0, 1, 2, 2**31, 2**63, -(2**63), 10**30]),
        st.floats(),
        st.text(max_size=8),
        st.sampled_from(["", "AS", "JK", "2C=6H", "1/2", "after_draw", "hit 1 7H"]),
    )
    return st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=3),
            st.dictionaries(st.text(max_size=6), inner, max_size=3),
        ),
        max_leaves=max_leaves,
    )


def paths(value: Any) -> list[tuple[Any, ...]]:
    """Return the path of every value inside a JSON-like ``value``, itself first."""
    found: list[tuple[Any, ...]] = [()]
    if isinstance(value, dict):
        items: Any = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return found
    for key, inner in items:
        found.extend((key, *path) for path in paths(inner))
    return found


@st.composite
def mutated_document(draw: st.DrawFn, document: dict[str, Any]) -> dict[str, Any]:
    """Draw ``document`` with values replaced, keys dropped or keys added."""
    result = copy.deepcopy(document)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(paths(result)))
        if not path:
            continue
        *parents, last = path
        parent: Any = result
        for key in parents:
            parent = parent[key]
        how = draw(st.sampled_from(["replace", "drop", "add"]))
        if how == "replace":
            parent[last] = draw(json_values())
        elif how == "drop":
            del parent[last]
        elif isinstance(parent, dict):
            parent[draw(st.text(max_size=6))] = draw(json_values())
        else:
            parent.append(draw(json_values()))
    return result


def record_of(state: tonk.GameState, seed: int, actions: int) -> tonk.GameRecord:
    """Play ``actions`` random legal actions of a hand dealt like ``state``."""
    players = len(state.hands)
    record = tonk.GameRecord.start(state.rules, players=players, seed=seed)
    current = record.initial_state()
    rng = random.Random(seed)
    for _ in range(actions):
        if current.is_terminal:
            break
        action = rng.choice(tonk.legal_actions(current))
        current = tonk.apply(current, action)
        record = record.then(action)
    return record.with_outcome(current.outcome)


# --- Cards and action notation ------------------------------------------------


@given(st.one_of(words(), st.text(max_size=12), st.from_regex(r"\s*[0-9A-Za-z=]{0,6}")))
def test_card_parse_raises_only_notation_errors(text: str) -> None:
    card = unchanged(tonk.Card.parse, text)
    if isinstance(card, tonk.Card):
        assert tonk.Card.parse(str(card)) == card
    unchanged(tonk.parse_element, text)


@given(words())
def test_parse_cards_raises_only_notation_errors(text: str) -> None:
    cards = unchanged(tonk.parse_cards, text)
    if isinstance(cards, tuple):
        assert tonk.parse_cards(" ".join(map(str, cards))) == cards


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(STATES, st.data())
def test_parse_action_raises_only_typed_errors(
    state: tonk.GameState, data: st.DataObject
) -> None:
    legal = tonk.legal_actions(state)
    texts = [tonk.format_action(action) for action in legal] or ["draw stock"]
    text = data.draw(
        st.one_of(words(), st.sampled_from(texts).flatmap(mutated)), label="text"
    )
    before = tonk.to_json(state)
    action = typed(tonk.parse_action, state, text)
    assert tonk.to_json(state) == before
    if not isinstance(action, tonk.TonkError):
        assert isinstance(tonk.is_legal(state, action), bool)


def _state_in(phase: tonk.Phase, rules: tonk.Rules) -> tonk.GameState:
    """Return a state in ``phase``, found by random play from small seeds."""
    for seed in range(500):
        state = tonk.new_game(rules, players=3, seed=seed)
        rng = random.Random(seed)
        while state.phase is not phase and not state.is_terminal:
            state = tonk.apply(state, rng.choice(tonk.legal_actions(state)))
        if state.phase is phase:
            return state
    raise AssertionError(f"no state in phase {phase} found")  # pragma: no cover


PHASE_RULES = tonk.Rules(slap_in=True, jokers=2, wilds=tonk.Wilds.JOKERS)


@pytest.mark.parametrize("phase", list(tonk.Phase), ids=str)
@given(text=words())
@example(text="hit 99999999999999999999999999 7H")
@example(text="discard " + "A" * MEGABYTE)
@example(text="spread " + "7H " * 10_000)
def test_parse_action_in_every_phase(phase: tonk.Phase, text: str) -> None:
    state = _phase_states()[phase]
    action = unchanged(tonk.parse_action, state, text)
    if not isinstance(action, tonk.TonkError):
        assert isinstance(tonk.is_legal(state, action), bool)


@functools.cache
def _phase_states() -> dict[tonk.Phase, tonk.GameState]:
    return {phase: _state_in(phase, PHASE_RULES) for phase in tonk.Phase}


@pytest.mark.parametrize("text", ["hit " + "9" * 5000 + " 7H"])
def test_parse_action_huge_spread_number(text: str) -> None:
    unchanged(tonk.parse_action, _phase_states()[tonk.Phase.AFTER_DRAW], text)


# --- Game records -------------------------------------------------------------

RECORD_TEXT = tonk.format_record(
    record_of(tonk.new_game(tonk.presets.CHICAGO, players=3, seed=4), 4, 12)
)


@given(
    st.one_of(
        mutated(RECORD_TEXT),
        words(st.sampled_from(RECORD_TEXT.splitlines())),
        st.text(max_size=40).map(lambda text: f'[Seed "{text}"]\n'),
    )
)
@example('[Format "tonk.record"]\n[Version "1"]\n[Players "' + "9" * 4000 + '"]\n')
@example("x" * MEGABYTE)
@example(RECORD_TEXT.replace('[Seed "4"]', '[Seed "' + "9" * 10_000 + '"]'))
@example("[" * 100_000)
def test_parse_record_raises_only_typed_errors(text: str) -> None:
    record = unchanged(tonk.parse_record, text)
    if isinstance(record, tonk.GameRecord):
        assert tonk.parse_record(tonk.format_record(record)) == record


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(STATES, st.integers(0, 2**32), st.integers(0, 40), st.data())
def test_parse_record_of_random_games(
    state: tonk.GameState, seed: int, actions: int, data: st.DataObject
) -> None:
    text = tonk.format_record(record_of(state, seed, actions))
    record = unchanged(tonk.parse_record, data.draw(mutated(text)))
    if isinstance(record, tonk.GameRecord):
        assert tonk.parse_record(tonk.format_record(record)) == record


def test_parse_record_huge_spread_number() -> None:
    text = RECORD_TEXT + "\nhit " + "9" * 5000 + " 7H\n"
    unchanged(tonk.parse_record, text)


# --- JSON documents of every kind ---------------------------------------------

KINDS: dict[str, Any] = {
    "rules": tonk.Rules,
    "state": tonk.GameState,
    "record": tonk.GameRecord,
    "action": tonk.Action,
    **{cls.__name__: cls for cls in typing.get_args(tonk.Action)},
}


def _documents() -> dict[str, dict[str, Any]]:
    state = _phase_states()[tonk.Phase.AFTER_DRAW]
    record = record_of(state, 5, 20)
    texts = (
        "drop",
        "draw stock",
        "draw discard",
        "spread 7H 8H 9H",
        "hit 1 7H",
        "discard KS",
        "claim",
        "slap 1",
        "pass",
        "exchange KD",
        "eat",
        "tunk 7C 7D 7S / 3H 4H 5H",
    )
    documents = [
        {"format": "tonk.action", "version": 1, "action": text} for text in texts
    ]
    actions = {
        type(tonk.from_dict(document, tonk.Action)).__name__: document
        for document in documents
    }
    assert set(actions) == {cls.__name__ for cls in typing.get_args(tonk.Action)}
    return {
        "rules": tonk.to_dict(PHASE_RULES),
        "state": tonk.to_dict(state),
        "record": tonk.to_dict(record),
        "action": actions["Hit"],
        **actions,
    }


DOCUMENTS = _documents()


def _read(data: Any, kind: Any) -> Any:
    """Read ``data`` with from_dict and from_json, which must agree."""
    result = unchanged(tonk.from_dict, data, kind)
    if not isinstance(result, tonk.TonkError):
        assert tonk.from_dict(tonk.to_dict(result), kind) == result
    text = json.dumps(data, allow_nan=True)
    from_text = typed(tonk.from_json, text, kind)
    assert isinstance(from_text, tonk.TonkError) or (
        from_text == result and not _has_nan(data)
    )
    return result


def _has_nan(value: Any) -> bool:
    return any(
        isinstance(inner, float) and not math.isfinite(inner)
        for inner in _leaves(value)
    )


def _leaves(value: Any) -> Iterator[Any]:
    if isinstance(value, dict):
        for inner in value.values():
            yield from _leaves(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _leaves(inner)
    else:
        yield value


ACTION_KINDS = [name for name in KINDS if name not in ("rules", "state", "record")]


@pytest.mark.parametrize("name", ["rules", "state", "record", "an action"])
@given(data=st.data())
def test_from_dict_of_mutated_documents(name: str, data: st.DataObject) -> None:
    if name == "an action":  # tonk.Action or one action class, any document
        name = data.draw(st.sampled_from(ACTION_KINDS), label="kind")
        source = data.draw(st.sampled_from(ACTION_KINDS), label="document of")
    else:
        source = name
    document = data.draw(mutated_document(DOCUMENTS[source]), label="document")
    _read(document, KINDS[name])


@pytest.mark.parametrize("name", ["rules", "state", "record", "action"])
@given(data=json_values(max_leaves=12))
def test_from_dict_of_random_values(name: str, data: Any) -> None:
    _read(data, KINDS[name])
    header = {"format": DOCUMENTS[name]["format"], "version": 1}
    if isinstance(data, dict):
        _read({**data, **header}, KINDS[name])


def _nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


@functools.cache
def _very_deep() -> Any:
    """Lists nested 100,000 deep, built once (that takes a third of a second)."""
    return _nested(100_000)


@pytest.mark.parametrize("name", ["rules", "state", "record", "action"])
@pytest.mark.parametrize(
    "text",
    [
        pytest.param("[" * 100_000 + "]" * 100_000, id="deep-lists"),
        pytest.param('{"a":' * 50_000 + "1" + "}" * 50_000, id="deep-objects"),
        pytest.param('{"format": "x", "format": "x"}', id="repeated-key"),
        pytest.param("NaN", id="nan"),
        pytest.param('{"version": Infinity}', id="infinity"),
        pytest.param("1" * 5000, id="huge-int"),
        pytest.param('"' + "A" * MEGABYTE + '"', id="megabyte-string"),
        pytest.param(" " * (16 * MEGABYTE + 1), id="over-the-size-limit"),
        pytest.param(b"\xff\xfe{}", id="not-utf-8"),
        pytest.param("\ud800", id="lone-surrogate"),
    ],
)
def test_from_json_of_hostile_text(name: str, text: str | bytes) -> None:
    assert isinstance(typed(tonk.from_json, text, KINDS[name]), tonk.TonkError)


@pytest.mark.parametrize("name", ["rules", "state", "record", "action"])
@pytest.mark.parametrize(
    "value",
    [
        pytest.param(float("nan"), id="nan"),
        pytest.param(float("inf"), id="infinity"),
        pytest.param(10**4000, id="huge-int"),
        pytest.param("A" * MEGABYTE, id="megabyte-string"),
        pytest.param(_nested(100), id="deep-lists"),
    ],
)
def test_from_dict_of_hostile_values(name: str, value: Any) -> None:
    document = DOCUMENTS[name]
    for key in document:
        if key not in ("format", "version"):
            _read({**document, key: value}, KINDS[name])
    _read({**document, "version": value}, KINDS[name])


@pytest.mark.parametrize("name", ["rules", "state", "record", "action"])
def test_from_dict_of_very_deep_values(name: str) -> None:
    document = DOCUMENTS[name]
    deep = _very_deep()  # too deep to copy or compare: only read it
    for key in document:
        if key not in ("format", "version"):
            typed(tonk.from_dict, {**document, key: deep}, KINDS[name])


@pytest.mark.parametrize(
    ("key", "value"),
    [
        # json.dumps cannot write HUGE: the largest int it can is 4,300 digits.
        pytest.param("hand_size", 10**4000, id="hand_size"),
        pytest.param("seed", 10**4000, id="seed"),
    ],
)
def test_from_json_huge_ints(key: str, value: int) -> None:
    kind = tonk.Rules if key == "hand_size" else tonk.GameRecord
    document = DOCUMENTS["rules" if key == "hand_size" else "record"]
    assert isinstance(_read({**document, key: value}, kind), tonk.SerializationError)


def test_a_seed_too_long_is_refused_by_the_json_and_the_text_forms() -> None:
    """Issue 12, defect 4: JSON took a 4,000-digit seed the text form refused."""
    record = tonk.from_dict(DOCUMENTS["record"], tonk.GameRecord)
    text = tonk.format_record(record).replace(
        f'[Seed "{record.seed}"]', '[Seed "' + "7" * 4000 + '"]'
    )
    assert "7" * 4000 in text
    with pytest.raises(tonk.NotationError, match="1000 digits"):
        tonk.parse_record(text)
    with pytest.raises(tonk.SerializationError, match="1000 digits"):
        tonk.from_dict({**DOCUMENTS["record"], "seed": 7 * 10**3999}, tonk.GameRecord)


@pytest.mark.parametrize("forgery", ["phase", "to_move"])
def test_from_dict_refuses_unreachable_states(forgery: str) -> None:
    state = _phase_states()[tonk.Phase.TURN_START]
    assert state.turns_taken == 0
    document = tonk.to_dict(state)
    if forgery == "phase":
        document["phase"] = "after_draw"
    else:
        document["to_move"] = (document["to_move"] + 1) % 3
    assert isinstance(typed(tonk.from_dict, document, tonk.GameState), tonk.TonkError)


# --- Deals, sessions and rule sets --------------------------------------------

SMALL_INTS = st.one_of(
    st.integers(-3, 12),
    st.sampled_from([-(2**63), 2**31, 2**63, 10**30]),
)
SEEDS = st.one_of(st.none(), st.integers(), st.sampled_from([10**4000, -(10**4000)]))


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=ANY_RULES,
    players=SMALL_INTS,
    seed=SEEDS,
    dealer=SMALL_INTS,
    deck=st.none() | st.lists(tst.cards(tonk.presets.CHICAGO), max_size=110),
)
def test_new_game_raises_only_typed_errors(
    rules: tonk.Rules,
    players: int,
    seed: int | None,
    dealer: int,
    deck: list[tonk.Card] | None,
) -> None:
    state = unchanged(
        tonk.new_game, rules, players=players, seed=seed, deck=deck, dealer=dealer
    )
    if isinstance(state, tonk.GameState):
        tonk.testing.check_invariants(state)
    dealer_seat = unchanged(tonk.cut_for_deal, rules, players=players, seed=seed)
    if isinstance(dealer_seat, int):
        assert 0 <= dealer_seat < players


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=ANY_RULES,
    players=st.one_of(
        SMALL_INTS,
        st.lists(st.one_of(st.text(max_size=3), st.sampled_from(["P1", "P2"]))),
    ),
    seed=SEEDS,
    dealer=st.none() | SMALL_INTS,
)
def test_new_session_raises_only_typed_errors(
    rules: tonk.Rules, players: int | list[str], seed: int | None, dealer: int | None
) -> None:
    session = unchanged(
        tonk.new_session, rules, players=players, seed=seed, dealer=dealer
    )
    if isinstance(session, tonk.Session):
        assert tonk.session_actions(session)


@pytest.mark.parametrize(
    "call",
    [
        pytest.param(
            lambda: tonk.new_game(tonk.Rules(), players=HUGE),
            id="new_game-players",
        ),
        pytest.param(
            lambda: tonk.new_game(tonk.Rules(), players=2, dealer=HUGE),
            id="new_game-dealer",
        ),
        pytest.param(
            lambda: tonk.new_game(tonk.Rules(), players=2, seed=HUGE),
            id="new_game-seed",
        ),
        pytest.param(
            lambda: tonk.cut_for_deal(tonk.Rules(), players=HUGE),
            id="cut_for_deal-players",
        ),
        pytest.param(
            lambda: tonk.new_session(tonk.Rules(), players=2, dealer=HUGE),
            id="new_session-dealer",
        ),
        pytest.param(
            lambda: tonk.Rules(hand_size=HUGE),
            id="Rules-hand_size",
        ),
        pytest.param(
            lambda: tonk.observe(tonk.new_game(tonk.Rules(), players=2, seed=1), HUGE),
            id="observe-seat",
        ),
        pytest.param(
            lambda: tonk.apply(
                _phase_states()[tonk.Phase.SLAP_WINDOW],
                tonk.Slap(HUGE),
            ),
            id="apply-slap",
        ),
        pytest.param(
            lambda: tonk.hand_seed(HUGE, 1),
            id="hand_seed",
        ),
    ],
)
def test_huge_integer_arguments(call: Callable[[], object]) -> None:
    typed(call)


# Not run: until defect 3 is fixed, these build millions of names (or never
# return), too much memory for a test run on a shared machine.
@pytest.mark.parametrize("players", [10**7, 10**100])
def test_new_session_huge_player_count(players: int) -> None:
    assert isinstance(
        typed(tonk.new_session, tonk.Rules(), players=players), tonk.SessionError
    )


def _option_values(field: attrs.Attribute[Any]) -> st.SearchStrategy[Any]:
    """Draw values of an option's declared type, most of them wrong."""
    default = field.default
    if isinstance(default, bool):
        return st.booleans()
    ints = st.one_of(st.integers(), SMALL_INTS)
    if field.name == "hand_size_by_players":  # X2: player counts to hand sizes
        return st.dictionaries(ints, ints, max_size=4) | st.lists(
            st.tuples(ints, ints), max_size=4
        )
    if isinstance(default, int) or "int" in str(field.type):
        return ints if default is not None else st.none() | ints
    if isinstance(default, tonk.Catch):  # built by the test: Catch checks too
        return st.fixed_dictionaries(
            dict.fromkeys(
                ["to_catchers", "to_lowest", "to_others", "lowest_from_others"],
                st.integers(-2, 4) | st.builds(tonk.PerPlayer, st.integers(1, 4)),
            ),
            optional={"lowest_tie": st.sampled_from(tonk.LowestTie)},
        )
    if isinstance(default, enum.Enum):
        return st.sampled_from(type(default))
    return st.just(default)  # tables of rows: fuzzed through from_dict


RULE_OPTIONS = {
    field.name: _option_values(field)
    for field in attrs.fields(tonk.Rules)
    if field.init and not field.name.startswith("_")
}


@given(
    st.dictionaries(st.sampled_from(list(RULE_OPTIONS)), st.none(), max_size=5).flatmap(
        lambda chosen: st.fixed_dictionaries(
            {name: RULE_OPTIONS[name] for name in chosen}
        )
    )
)
def test_rules_options_raise_only_rules_errors(options: dict[str, Any]) -> None:
    if "catch" in options:
        catch = typed(tonk.Catch, **options["catch"])
        if isinstance(catch, tonk.TonkError):
            assert isinstance(catch, tonk.RulesError)
            return
        options["catch"] = catch
    rules = typed(tonk.Rules, **options)
    if isinstance(rules, tonk.Rules):
        assert tonk.from_dict(tonk.to_dict(rules), tonk.Rules) == rules
    else:
        assert isinstance(rules, tonk.RulesError)


# --- Scoring ------------------------------------------------------------------

COUNTS = st.lists(st.integers(0, 200), min_size=2, max_size=8)


@given(
    counts=COUNTS,
    data=st.data(),
    kind=st.sampled_from([tonk.OutcomeKind.TONK_OUT, tonk.OutcomeKind.OUT_BY_DISCARD]),
    pays=st.none() | st.integers(1, 10),
)
def test_scoring_on_valid_arguments(
    counts: list[int], data: st.DataObject, kind: tonk.OutcomeKind, pays: int | None
) -> None:
    players = len(counts)
    seat = data.draw(st.integers(0, players - 1), label="seat")
    outcome = unchanged(scoring.settle_out, players, seat, kind, pays=pays)
    assert isinstance(outcome, tonk.Outcome)
    assert sum(outcome.payoffs) == 0
    for catch in (
        tonk.Rules().catch,
        *(tonk.presets.get(name).catch for name in tonk.presets.names()),
    ):
        outcome = unchanged(scoring.settle_drop, counts, seat, catch=catch, dealer=seat)
        assert isinstance(outcome, tonk.Outcome)
        assert sum(outcome.payoffs) == 0
    for tie in tonk.ExhaustionTie:
        outcome = unchanged(
            scoring.settle_showdown, counts, tonk.OutcomeKind.STOCK_EXHAUSTED, tie
        )
        assert isinstance(outcome, tonk.Outcome)
        assert sum(outcome.payoffs) == 0
    exchanged = data.draw(st.lists(st.booleans(), min_size=players, max_size=players))
    winners = data.draw(st.lists(st.integers(0, players - 1), unique=True))
    transfers = unchanged(scoring.widow_transfers, winners, exchanged)
    assert isinstance(transfers, tuple)
    for transfer in transfers:
        assert exchanged[transfer.payer]
        assert transfer.payee in winners
        assert transfer.payer != transfer.payee
        assert transfer.amount == Fraction(1, len(winners))


@pytest.mark.parametrize(
    "call",
    [
        pytest.param(
            lambda: scoring.settle_out(3, 1, tonk.OutcomeKind.DROP_WON), id="kind"
        ),
        pytest.param(
            lambda: scoring.settle_out(3, 7, tonk.OutcomeKind.TONK_OUT), id="winner"
        ),
        pytest.param(
            lambda: scoring.settle_out(3, 1, tonk.OutcomeKind.TONK_OUT, pays=-2),
            id="pays",
        ),
        pytest.param(lambda: scoring.settle_drop((1, 2), 5), id="dropper"),
        pytest.param(
            lambda: scoring.settle_drop((9, 3, 3), 0, catch=tonk.Catch.FIVE_TO_LOWEST),
            id="dealer-left-tie",
        ),
        pytest.param(
            lambda: scoring.settle_showdown(
                (), tonk.OutcomeKind.STOCK_EXHAUSTED, tonk.ExhaustionTie.SPLIT
            ),
            id="no-counts",
        ),
    ],
)
def test_scoring_on_bad_arguments(call: Callable[[], object]) -> None:
    result = typed(call)
    assert isinstance(result, tonk.TonkError)


# --- Observations -------------------------------------------------------------


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(STATES, SMALL_INTS, st.integers(0, 2**32))
def test_observe_and_determinize_raise_only_typed_errors(
    state: tonk.GameState, seat: int, seed: int
) -> None:
    observation = unchanged(tonk.observe, state, seat)
    if isinstance(observation, tonk.TonkError):
        assert not 0 <= seat < len(state.hands)
        return
    before = tonk.to_json(state)
    rng = random.Random(seed)
    dealt = typed(tonk.determinize, observation, rng)
    assert isinstance(dealt, tonk.GameState)
    assert tonk.observe(dealt, seat) == observation
    assert tonk.to_json(state) == before


@pytest.mark.parametrize("seat", [-1, 2, 7])
def test_determinize_refuses_a_forged_seat(seat: int) -> None:
    observation = tonk.observe(tonk.new_game(tonk.Rules(), players=2, seed=1), 0)
    forged = attrs.evolve(observation, seat=seat)
    result = typed(tonk.determinize, forged, random.Random(1))
    assert isinstance(result, tonk.TonkError)


# --- The atheris harness ------------------------------------------------------

FUZZ = Path(__file__).resolve().parent.parent / "fuzz"


@functools.cache
def _harness() -> Any:
    spec = importlib.util.spec_from_file_location(
        "tonk_fuzz_harness", FUZZ / "harness.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    "seed", sorted(path.name for path in (FUZZ / "corpus").iterdir())
)
def test_the_fuzzing_corpus_passes_the_harness(seed: str) -> None:
    # Every seed of the atheris corpus reaches a parser, which accepts it.
    harness = _harness()
    data = (FUZZ / "corpus" / seed).read_bytes()
    header, body = data[: harness.HEADER], data[harness.HEADER :]
    parser = harness.PARSERS[header[0] % len(harness.PARSERS)]
    assert not isinstance(typed(parser, body, header), tonk.TonkError)
    harness.one_input(data)


@given(st.binary(max_size=300))
def test_the_harness_survives_random_input(data: bytes) -> None:
    typed(_harness().one_input, data)
