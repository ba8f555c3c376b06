"""Tests of the JSON codec written to kill the survivors of mutation testing.

mutmut (docs/maintainers.md, "Mutation testing") changed ``tonk._codec`` one
small edit at a time; each test here tells one such change from the code it
changed, by the exact error, JSON path or value a document gives through the
public API (``from_dict``, ``from_json``, ``to_dict``, ``json_schema``). The
last section reads and writes a test's own attrs classes with
``object_codec``, as ``test_serialization.py`` does: the codec is generic (a
later option of ``Rules`` may be a float, a pair or a set of mixed values),
and no public kind writes such fields yet.
"""

from __future__ import annotations

import collections
import enum
import json
import math
from fractions import Fraction
from typing import Any

import attrs
import pytest

import tonk
from tonk import (
    Card,
    Rules,
    SerializationError,
    Session,
    WildCard,
    from_dict,
    from_json,
    to_dict,
)
from tonk._codec import object_codec
from tonk.bots import TournamentResult


def refusal(data: dict[str, Any], kind: Any) -> tuple[str | None, str]:
    """Return the path and the message of the error that reading ``data`` raises."""
    with pytest.raises(SerializationError) as info:
        from_dict(data, kind)
    return info.value.path, str(info.value)


def rules_with(**fields: object) -> dict[str, Any]:
    return {**to_dict(Rules()), **fields}


def a_session() -> dict[str, Any]:
    return to_dict(tonk.new_session(Rules(), players=2, seed=1))


def a_tournament() -> dict[str, Any]:
    bots: list[tonk.bots.Bot] = [tonk.bots.GreedyBot(), tonk.bots.RandomBot()]
    return to_dict(tonk.bots.tournament(tonk.presets.PAGAT, bots, hands=6, seed=3))


# --- how values are shown in messages ------------------------------------------------


def test_false_in_place_of_an_int_is_shown_as_false() -> None:
    assert refusal(rules_with(hand_size=False), Rules) == (
        "$.hand_size",
        "$.hand_size: must be an int, got false",
    )


def test_a_string_of_forty_characters_is_shown_whole() -> None:
    text = "x" * 40
    assert refusal(rules_with(hand_size=text), Rules)[1] == (
        f'$.hand_size: must be an int, got "{text}"'
    )


def test_a_string_of_forty_one_characters_is_cut_to_forty() -> None:
    assert refusal(rules_with(hand_size="y" * 41), Rules)[1] == (
        '$.hand_size: must be an int, got "' + "y" * 40 + '..."'
    )


# --- each kind of value, refused with its path and what it must be -------------------


@pytest.mark.parametrize(
    ("field", "value", "path", "message"),
    [
        ("colour", "red", "$.colour", "unknown field"),
        ("hand_sise", 7, "$.hand_sise", 'unknown field; did you mean "hand_size"?'),
        ("catch", 3, "$.catch", "must be an object, got 3"),
        ("catch", {1: 2}, "$.catch", "keys must be strings, got 1"),
        ("pack_kind", 3, "$.pack_kind", 'must be one of "full", "forty", got 3'),
        (
            "pack_kind",
            "fourty",
            "$.pack_kind",
            'must be one of "full", "forty", got "fourty"',
        ),
        ("deal_tonks", "x", "$.deal_tonks", 'must be a list of objects, got "x"'),
        (
            "going_out",
            [{"pays": 1, "by": "hit"}],
            "$.going_out[0].by",
            'must be a list of values that are one of "spread", "hit", "discard"'
            ' without repeats, got "hit"',
        ),
    ],
)
def test_a_rules_value_of_the_wrong_kind_is_refused_naming_its_path(
    field: str, value: object, path: str, message: str
) -> None:
    assert refusal(rules_with(**{field: value}), Rules) == (path, f"{path}: {message}")


# --- leaves -------------------------------------------------------------------------


def test_a_player_name_that_is_not_a_string_is_refused_naming_it() -> None:
    data = a_session()
    data["players"][0] = 3
    assert refusal(data, Session) == (
        "$.players[0]",
        "$.players[0]: must be a string, got 3",
    )


@pytest.mark.parametrize(
    ("value", "shown"), [(1, "1"), ("x", '"x"'), (None, "null"), (True, "true")]
)
def test_a_confidence_bound_that_is_not_a_float_is_refused_naming_it(
    value: object, shown: str
) -> None:
    data = a_tournament()
    data["bots"][0]["win_rate_ci95"][0] = value
    assert refusal(data, TournamentResult) == (
        "$.bots[0].win_rate_ci95[0]",
        f"$.bots[0].win_rate_ci95[0]: must be a finite number such as 0.5, got {shown}",
    )


def test_an_infinite_confidence_bound_is_refused() -> None:
    text = json.dumps(a_tournament()).replace("[1.0, 1.0]", "[1.0, 1e400]", 1)
    with pytest.raises(SerializationError) as info:
        from_json(text, TournamentResult)
    assert str(info.value) == (
        "$.bots[0].win_rate_ci95[1]: must be a finite number such as 0.5, got inf"
    )


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("1" * 1001 + "/2", "$.naturals_pot"),
        ("1/" + "1" * 1001, "$.naturals_pot"),
    ],
)
def test_a_fraction_with_a_term_too_long_is_refused_naming_it(
    text: str, where: str
) -> None:
    data = a_session()
    data["naturals_pot"] = text
    assert refusal(data, Session) == (
        where,
        f'{where}: "{text[:40]}..." is not a fraction such as "1/2": a'
        " fraction's terms have at most 1000 digits",
    )


@pytest.mark.parametrize("entry", [["P1"], ["P1", 0, 0]])
def test_a_ledger_entry_of_the_wrong_length_is_refused_naming_it(
    entry: list[object],
) -> None:
    data = a_session()
    data["ledger"][0] = entry
    count = len(entry)
    assert refusal(data, Session) == (
        "$.ledger[0]",
        f"$.ledger[0]: must be a list of 2 items, got a list of {count}"
        f" item{'s' if count != 1 else ''}",
    )


def test_a_list_of_payoffs_that_is_not_a_list_says_each_kind_it_may_hold() -> None:
    state = tonk.apply(tonk.new_game(Rules(), players=2, seed=1), tonk.Drop())
    data = to_dict(state)
    data["outcome"]["payoffs"] = "x"
    assert refusal(data, tonk.GameState) == (
        "$.outcome.payoffs",
        '$.outcome.payoffs: must be a list of ints or fractions such as "1/2", got "x"',
    )


# --- reading JSON text ----------------------------------------------------------------


def test_json_text_of_another_type_is_a_type_error_naming_it() -> None:
    with pytest.raises(TypeError, match=r"^JSON text must be str or bytes, got int$"):
        from_json(3, Rules)  # type: ignore[call-overload]


@pytest.mark.parametrize("opening", ["[", '{"a": '])
def test_nesting_past_the_parser_under_a_raised_depth_limit_is_refused(
    opening: str,
) -> None:
    closing = "]" if opening == "[" else "}"
    text = opening * 100_000 + "1" + closing * 100_000
    with pytest.raises(SerializationError) as info:
        from_json(text, Rules, max_depth=1_000_000)
    assert (info.value.path, str(info.value)) == (
        "$",
        "$: the document nests too deep",
    )


class _Text(str):
    pass


class _Number(int):
    pass


class _Items(list[Any]):
    pass


class _Real(float):
    pass


def _subclassed(value: Any) -> Any:
    """Return ``value``'s data in subclasses of dict, list, str, int and float."""
    if isinstance(value, dict):
        return collections.OrderedDict(
            (_Text(key), _subclassed(each)) for key, each in value.items()
        )
    if isinstance(value, list):
        return _Items(_subclassed(each) for each in value)
    if isinstance(value, bool) or value is None:  # neither can be subclassed
        return value
    if isinstance(value, int):
        return _Number(value)
    if isinstance(value, float):
        return _Real(value)
    if isinstance(value, str):
        return _Text(value)
    return value


def test_a_document_of_subclassed_containers_and_values_reads_as_the_plain_one() -> (
    None
):
    """A mapping, a list, a text, an int or a float of a subclass reads as its kind."""
    session = tonk.new_session(tonk.presets.PAGAT, players=3, seed=5)
    session = tonk.apply_session(session, tonk.session_actions(session)[0])
    data = _subclassed(to_dict(session))
    assert data.__class__ is collections.OrderedDict
    assert from_dict(data, tonk.Session) == session
    tournament = a_tournament()  # its confidence bounds are floats
    assert from_dict(_subclassed(tournament), TournamentResult) == from_dict(
        tournament, TournamentResult
    )


_TOO_DEEP = "$: the document nests lists and objects more than 16 deep"


@pytest.mark.parametrize(
    ("text", "refused_for_depth"),
    [
        # A backslash in the text: the brackets are found a token at a time.
        ('["\\\\", ' + "[" * 15 + "]" * 15 + "]", False),  # 16 deep
        ('["\\\\", ' + "[" * 16 + "]" * 16 + "]", True),
        ('["\\\\", "a", [], ' + "[" * 16 + "]" * 16 + "]", True),
        # 16 deep, one back, then 17: a closing bracket steps back one level.
        ('["\\\\", ' + "[" * 14 + "[][[]]" + "]" * 14 + "]", True),
        # Escaped quotes pair the others differently: the bracket text is a string.
        (json.dumps({"a": '"', "b": "[" * 17, "c": '"'}), False),
        # A quote left unclosed opens no string: the brackets after it count.
        ('"a" "' + "[" * 17, True),
    ],
)
def test_the_depth_counts_the_brackets_outside_the_strings(
    text: str, refused_for_depth: bool
) -> None:
    with pytest.raises(SerializationError) as info:
        from_json(text, Rules)
    assert (str(info.value) == _TOO_DEEP) == refused_for_depth


# --- the generic codec: fields that no public kind has yet ------------------------


class _Shade(enum.Enum):
    LIGHT = "light"
    DARK = "dark"


class _Level(enum.Enum):
    LOW = 1


@attrs.frozen
class _Leveled:
    level: _Level = _Level.LOW


JOKER = Card.parse("JK")


@attrs.frozen
class _Undocumented:
    count: int = 0


@attrs.frozen(kw_only=True)
class _Measures:
    """Measures such as a later Rules might add."""

    share: float = 0.5
    bounds: tuple[float, float] | None = None
    marks: frozenset[int | Fraction] = frozenset()
    pair: tuple[int, tonk.DealTonk] = (1, tonk.DealTonk(at_most=9))
    token: Fraction | _Shade | Card = Fraction(1, 2)
    element: Card | WildCard = JOKER
    shares: tuple[Fraction, ...] = attrs.field(factory=tuple)
    shades: frozenset[_Shade] = frozenset()
    boxes: tuple[_Undocumented, ...] = ()
    box: _Undocumented | None = None
    nothing: None = None


@attrs.frozen
class _Span:
    low: int = 0
    high: int = 0


@attrs.frozen(init=False)
class _Ranged:
    """A class that takes its span's fields by name, as GameState does."""

    _memo: int = 0
    name: str = ""
    span: _Span = attrs.field(factory=_Span, metadata={"flatten": True})
    step: int = 1
    width: int = attrs.field(init=False)

    def __init__(self, *, name: str = "", low: int = 0, high: int = 0, step: int = 1):
        self.__attrs_init__(0, name, _Span(low, high), step)

    @width.default
    def _width(self) -> int:
        return self.span.high - self.span.low

    @property
    def low(self) -> int:
        return self.span.low

    @property
    def high(self) -> int:
        return self.span.high


MEASURES = _Measures(
    share=0.25,
    bounds=(0.125, 0.75),
    marks=frozenset({3, Fraction(1, 2)}),
    pair=(2, tonk.DealTonk(at_most=11)),
    token=_Shade.DARK,
)


def test_floats_pairs_and_mixed_sets_are_written_as_json() -> None:
    data = object_codec(_Measures).encode(MEASURES)
    assert {
        name: data[name] for name in ("share", "bounds", "marks", "pair", "token")
    } == {
        "share": 0.25,
        "bounds": [0.125, 0.75],
        "marks": ["1/2", 3],  # a string sorts before an int: by its JSON text
        "pair": [2, object_codec(tonk.DealTonk).encode(tonk.DealTonk(at_most=11))],
        "token": "dark",
    }
    assert object_codec(_Measures).decode(json.loads(json.dumps(data)), "$") == (
        MEASURES
    )


def test_a_pair_left_out_is_written_as_null() -> None:
    assert object_codec(_Measures).encode(_Measures())["bounds"] is None


@pytest.mark.parametrize("share", [math.nan, math.inf, -math.inf])
def test_a_float_that_is_not_finite_cannot_be_written(share: float) -> None:
    with pytest.raises(TypeError, match=r"^cannot serialize \S+: not a finite number$"):
        object_codec(_Measures).encode(_Measures(share=share))


def test_a_value_of_no_member_of_a_union_cannot_be_written() -> None:
    value = _Measures(bounds="wide")  # type: ignore[arg-type]
    with pytest.raises(TypeError) as info:
        object_codec(_Measures).encode(value)
    assert str(info.value) == (
        "cannot serialize 'wide': expected a list of 2 items or null"
    )


def test_none_is_written_only_by_a_union_with_null() -> None:
    value = _Measures(token=None)  # type: ignore[arg-type]
    with pytest.raises(TypeError) as info:
        object_codec(_Measures).encode(value)
    assert str(info.value) == (
        'cannot serialize None: expected a fraction such as "1/2" or one of'
        ' "light", "dark" or a card such as "QH" or "JK"'
    )
    assert object_codec(_Measures).encode(_Measures(box=None))["box"] is None


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("2/3", Fraction(2, 3)),
        ("light", _Shade.LIGHT),
        ("JK", Card.parse("JK")),
    ],
)
def test_each_of_three_string_forms_of_a_union_is_read(
    text: str, token: object
) -> None:
    assert object_codec(_Measures).decode({"token": text}, "$").token == token


def test_a_string_of_none_of_the_forms_of_a_union_is_refused() -> None:
    with pytest.raises(SerializationError) as info:
        object_codec(_Measures).decode({"token": "zz"}, "$")
    assert str(info.value) == (
        '$.token: must be a fraction such as "1/2" or one of "light", "dark" or'
        ' a card such as "QH" or "JK", got "zz"'
    )


def test_the_schema_of_a_pair_refers_to_the_class_it_holds() -> None:
    defs: dict[str, Any] = {}
    schema = object_codec(_Measures).object_schema(defs)
    assert schema["properties"]["pair"] == {
        "type": "array",
        "prefixItems": [{"type": "integer"}, {"$ref": "#/$defs/DealTonk"}],
        "items": False,
        "minItems": 2,
    }
    assert defs["DealTonk"] == object_codec(tonk.DealTonk).object_schema({})
    assert schema["description"] == "Measures such as a later Rules might add."


def test_the_schema_of_a_class_without_a_docstring_has_no_description() -> None:
    assert object_codec(_Undocumented).object_schema({}) == {
        "type": "object",
        "properties": {"count": {"type": "integer"}},
        "required": [],
        "additionalProperties": False,
    }


def test_an_enum_whose_values_are_not_strings_cannot_be_written() -> None:
    with pytest.raises(TypeError) as info:
        object_codec(_Leveled).encode(_Leveled())
    assert str(info.value) == (
        f"cannot serialize {_Level!r}: its values are not strings"
    )


def test_only_the_fields_changed_from_their_defaults_are_written_when_asked() -> None:
    changed = _Measures(share=0.25, shares=(Fraction(1, 3),))
    assert object_codec(_Measures).encode(changed, changed_only=True) == {
        "share": 0.25,
        "shares": ["1/3"],
    }
    assert object_codec(_Measures).encode(_Measures(), changed_only=True) == {}


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("element", "zz", 'must be a card such as "QH" or "2C=6H", got "zz"'),
        ("shares", 3, 'must be a list of fractions such as "1/2", got 3'),
        (
            "marks",
            3,
            'must be a list of ints or fractions such as "1/2" without repeats, got 3',
        ),
        (
            "shades",
            "dark",
            'must be a list of values that are one of "light", "dark" without'
            ' repeats, got "dark"',
        ),
        ("boxes", 3, "must be a list of objects, got 3"),
        ("box", 3, "must be an object or null, got 3"),
        ("nothing", 1, "must be null, got 1"),
    ],
)
def test_a_value_of_the_wrong_kind_is_refused_saying_what_it_must_be(
    field: str, value: object, message: str
) -> None:
    with pytest.raises(SerializationError) as info:
        object_codec(_Measures).decode({field: value}, "$")
    assert (info.value.path, str(info.value)) == (f"$.{field}", f"$.{field}: {message}")


def test_a_flattened_field_is_written_as_its_own_fields_in_its_place() -> None:
    ranged = _Ranged(name="r", low=2, high=7, step=3)
    data = object_codec(_Ranged).encode(ranged)
    assert list(data.items()) == [("name", "r"), ("low", 2), ("high", 7), ("step", 3)]
    assert object_codec(_Ranged).decode(data, "$") == ranged


@attrs.frozen
class _Listed:
    names: list[str] = attrs.field(factory=list)


@attrs.frozen
class _Sized:
    size: complex = 0j


@pytest.mark.parametrize(
    ("cls", "shown"), [(_Listed, "list[str]"), (_Sized, repr(complex))]
)
def test_a_field_of_a_type_the_codec_does_not_know_cannot_be_written(
    cls: type, shown: str
) -> None:
    with pytest.raises(TypeError) as info:
        object_codec(cls).encode(cls())
    assert str(info.value) == f"cannot serialize values of type {shown}"
