"""Private: the generic, type-directed JSON codec behind serialization and records.

A codec is built from a Python type (an annotation of an attrs class) and knows
how to encode a value of that type as JSON data, how to decode untrusted JSON
data back (raising :class:`~tonk.errors.SerializationError` that names the JSON
path of the first bad value), and how to describe the data as JSON Schema. The
codec of an attrs class is built from :func:`attrs.fields`, so options added to
:class:`~tonk.rules.Rules` later are serialized without changes here.

Leaves: ``int`` and ``bool`` (a bool is never an int), finite ``float``
(never an int: JSON writes ``1.0``), ``str``, ``None``,
string enums by value, :class:`~fractions.Fraction` as ``"n/d"``, cards in
notation (``"QH"``, ``"JK"``), wild designations (``"2C=6H"``) and actions in
action notation (``"hit 2 10H"``). Collections: ``tuple[X, ...]`` and
``tuple[X, Y]`` as lists and ``frozenset[X]`` as a sorted list without repeats;
attrs classes as objects. Unions are decoded by the JSON type of the value.
"""

from __future__ import annotations

import difflib
import enum
import itertools
import json
import math
import re
import types
import typing
from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from typing import Any

import attrs

from tonk._cache import Cache
from tonk._validate import MAX_DIGITS, brief, read_int
from tonk.actions import Action, format_action
from tonk.cards import Card, WildCard, parse_element
from tonk.errors import SerializationError, TonkError
from tonk.notation import _parse_action

MAX_BYTES = 1_000_000
"""The largest JSON document :func:`load_json` reads by default, in bytes."""
MAX_DEPTH = 16
"""The deepest nesting of lists and objects :func:`load_json` reads by default."""

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

# Card notation, as the schema's patterns and the loader both check it (only
# the canonical, upper-case forms that tonk writes).
_RANK = r"(?:[2-9]|10|[AJQK])"
_NATURAL = rf"{_RANK}[CDHS]"
CARD_PATTERN = rf"(?:{_NATURAL}|JK)"
ELEMENT_PATTERN = rf"{CARD_PATTERN}(?:={_NATURAL})?"
_NUMBER = r"[1-9][0-9]*"
ACTION_PATTERN = (
    r"(?:drop|claim|pass|draw stock|draw discard|eat"
    rf"|slap {_NUMBER}(?: {CARD_PATTERN}={_NATURAL})?"
    rf"|discard {CARD_PATTERN}|exchange {CARD_PATTERN}"
    rf"|hit {_NUMBER} {ELEMENT_PATTERN}"
    rf"|spread {ELEMENT_PATTERN}(?: {ELEMENT_PATTERN}){{2,}}"
    rf"|tunk(?: {ELEMENT_PATTERN}(?: {ELEMENT_PATTERN}){{2,}}"
    rf"(?: / {ELEMENT_PATTERN}(?: {ELEMENT_PATTERN}){{2,}})*)?)"
)
FRACTION_PATTERN = r"-?(?:0|[1-9][0-9]*)/[1-9][0-9]*"


# --- paths and messages -------------------------------------------------------------


def child(path: str, key: str) -> str:
    """Return the JSON path of ``key`` inside the object at ``path``."""
    if _IDENTIFIER.fullmatch(key):
        return f"{path}.{key}"
    return f"{path}[{show(key)}]"


def item(path: str, index: int) -> str:
    """Return the JSON path of item ``index`` of the list at ``path``."""
    return f"{path}[{index}]"


def show(value: object) -> str:
    """Return a short description of an untrusted value for an error message.

    Strings are shown as JSON and ints as ``brief()`` shows
    them (both cut short); floats as JSON; lists and objects by
    kind only, so that a huge or deeply nested value cannot blow up a message.
    """
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, int):
        return brief(int(value))  # a huge int by its size: <int of 5001 digits>
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        text = value if len(value) <= 40 else value[:40] + "..."
        return json.dumps(text)
    if isinstance(value, list | tuple):
        return f"a list of {len(value)} item{'s' if len(value) != 1 else ''}"
    if isinstance(value, Mapping):
        return "an object"
    return f"a {type(value).__name__}"


def json_kind(value: object) -> str:
    """Return the JSON type of ``value``: null, bool, int, str, list, object, ..."""
    kind = _KINDS.get(value.__class__)  # the types the JSON parser makes, first
    if kind is not None:
        return kind
    if value is None:
        return "null"
    if value is True or value is False:
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, str):
        return "str"
    if isinstance(value, list | tuple):
        return "list"
    if isinstance(value, Mapping):
        return "object"
    if isinstance(value, float):
        return "float"
    return "other"


_KINDS: dict[type, str] = {
    type(None): "null",
    bool: "bool",
    int: "int",
    str: "str",
    list: "list",
    tuple: "list",
    dict: "object",
    float: "float",
}
"""The JSON type of a value of each exact type (a subclass is looked at in full)."""


# --- codecs -------------------------------------------------------------------------


class Codec:
    """How one Python type is written as JSON data, read back, and described."""

    kind = "other"
    """The JSON type of the encoded data (see :func:`json_kind`)."""
    description = "a value"
    """What the data must be, for error messages: "an int", "a card ..."."""

    def owns(self, value: object) -> bool:
        """Return whether ``value`` is a Python value of this codec's type."""
        raise NotImplementedError

    def encode(self, value: Any) -> Any:
        """Return the JSON data for ``value``."""
        raise NotImplementedError

    def decode(self, data: Any, path: str) -> Any:
        """Return the value for untrusted ``data`` found at ``path``."""
        raise NotImplementedError

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        """Return the JSON Schema of the data, adding shared parts to ``defs``."""
        raise NotImplementedError

    def fail(self, data: object, path: str) -> SerializationError:
        """Return the error for ``data`` that is not of this codec's kind."""
        return SerializationError(
            f"must be {self.description}, got {show(data)}", path=path
        )


class _Int(Codec):
    kind = "int"
    description = "an int"

    def owns(self, value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    def encode(self, value: Any) -> Any:
        return int(value)

    def decode(self, data: Any, path: str) -> Any:
        if json_kind(data) != "int":
            raise self.fail(data, path)
        return int(data)

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"type": "integer"}


class _Float(Codec):
    """A finite float, as a JSON number with a fraction or an exponent."""

    kind = "float"
    description = "a finite number such as 0.5"

    def owns(self, value: object) -> bool:
        return isinstance(value, float)

    def encode(self, value: Any) -> Any:
        if not math.isfinite(value):
            raise TypeError(f"cannot serialize {value!r}: not a finite number")
        return float(value)

    def decode(self, data: Any, path: str) -> Any:
        if json_kind(data) != "float" or not math.isfinite(data):
            raise self.fail(data, path)
        return float(data)

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"type": "number"}


class _Bool(Codec):
    kind = "bool"
    description = "true or false"

    def owns(self, value: object) -> bool:
        return isinstance(value, bool)

    def encode(self, value: Any) -> Any:
        return bool(value)

    def decode(self, data: Any, path: str) -> Any:
        if json_kind(data) != "bool":
            raise self.fail(data, path)
        return bool(data)

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"type": "boolean"}


class _Null(Codec):
    kind = "null"
    description = "null"

    def owns(self, value: object) -> bool:
        return value is None

    def encode(self, value: Any) -> Any:
        return None

    def decode(self, data: Any, path: str) -> Any:
        if data is not None:
            raise self.fail(data, path)
        return None

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"type": "null"}


class _Str(Codec):
    kind = "str"
    description = "a string"

    def owns(self, value: object) -> bool:
        return isinstance(value, str)

    def encode(self, value: Any) -> Any:
        return str(value)

    def decode(self, data: Any, path: str) -> Any:
        if json_kind(data) != "str":
            raise self.fail(data, path)
        return str(data)

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"type": "string"}


class _Enum(Codec):
    kind = "str"

    def __init__(self, cls: type[enum.Enum]) -> None:
        self.cls = cls
        self.values = tuple(member.value for member in cls)
        if not all(isinstance(value, str) for value in self.values):
            raise TypeError(f"cannot serialize {cls!r}: its values are not strings")
        self.description = "one of " + ", ".join(json.dumps(v) for v in self.values)

    def owns(self, value: object) -> bool:
        return isinstance(value, self.cls)

    def encode(self, value: Any) -> Any:
        return value._value_  # .value, without the enum property's lookup

    def decode(self, data: Any, path: str) -> Any:
        if json_kind(data) != "str" or data not in self.values:
            raise self.fail(data, path)
        return self.cls(data)

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"enum": list(self.values)}


class _Text(Codec):
    """A value written as a string that matches a pattern."""

    kind = "str"

    def __init__(
        self,
        cls: type | tuple[type, ...],
        pattern: str,
        description: str,
        read: Callable[[str], Any],
        write: Callable[[Any], str] = str,
    ) -> None:
        self.cls = cls
        self.pattern = pattern
        self.regex = re.compile(pattern)
        self.description = description
        self.read = read
        self.write = write

    def owns(self, value: object) -> bool:
        return isinstance(value, self.cls)

    def encode(self, value: Any) -> Any:
        return self.write(value)

    def decode(self, data: Any, path: str) -> Any:
        if json_kind(data) != "str" or self.regex.fullmatch(data) is None:
            raise self.fail(data, path)
        try:
            return self.read(data)
        except (TonkError, ValueError) as error:
            raise SerializationError(
                f"{show(data)} is not {self.description}: {error}", path=path
            ) from error

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"type": "string", "pattern": f"^{self.pattern}$"}


def _read_fraction(text: str) -> Fraction:
    numerator, denominator = text.split("/")
    top, bottom = read_int(numerator, signed=True), read_int(denominator)
    if top is None or bottom is None:
        raise ValueError(f"a fraction's terms have at most {MAX_DIGITS} digits")
    return Fraction(top, bottom)


def _write_fraction(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def _read_action(text: str) -> Action:
    return _parse_action(text, None)


CARD = _Text(Card, CARD_PATTERN, 'a card such as "QH" or "JK"', Card.parse)
WILD_CARD = _Text(
    WildCard,
    rf"{CARD_PATTERN}={_NATURAL}",
    'a wild card such as "2C=6H"',
    WildCard.parse,
)
ELEMENT = _Text(
    (Card, WildCard), ELEMENT_PATTERN, 'a card such as "QH" or "2C=6H"', parse_element
)
FRACTION = _Text(
    Fraction,
    FRACTION_PATTERN,
    'a fraction such as "1/2"',
    _read_fraction,
    _write_fraction,
)
ACTION = _Text(
    typing.get_args(Action),
    ACTION_PATTERN,
    'an action such as "draw stock" or "hit 2 10H"',
    _read_action,
    format_action,
)


class _List(Codec):
    kind = "list"

    def __init__(self, items: Codec, *, unique: bool) -> None:
        self.items = items
        self.unique = unique
        self.description = f"a list of {_plural(items)}"
        if unique:
            self.description += " without repeats"

    def owns(self, value: object) -> bool:
        return isinstance(value, frozenset if self.unique else tuple)

    def encode(self, value: Any) -> Any:
        encoded = list(map(self.items.encode, value))
        if self.unique:
            try:
                encoded.sort()
            except TypeError:
                encoded.sort(key=json.dumps)
        return encoded

    def decode(self, data: Any, path: str) -> Any:
        if json_kind(data) != "list":
            raise self.fail(data, path)
        values = [
            self.items.decode(element, item(path, i)) for i, element in enumerate(data)
        ]
        if not self.unique:
            return tuple(values)
        seen: set[Any] = set()
        for index, value in enumerate(values):
            if value in seen:
                raise SerializationError(
                    f"{show(data[index])} is repeated", path=item(path, index)
                )
            seen.add(value)
        return frozenset(values)

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        schema: dict[str, Any] = {"type": "array", "items": self.items.schema(defs)}
        if self.unique:
            schema["uniqueItems"] = True
        return schema


class _Tuple(Codec):
    """A fixed-length tuple of values of several types, as a list."""

    kind = "list"

    def __init__(self, items: tuple[Codec, ...]) -> None:
        self.items = items
        self.description = f"a list of {len(items)} items"

    def owns(self, value: object) -> bool:
        return isinstance(value, tuple) and len(value) == len(self.items)

    def encode(self, value: Any) -> Any:
        return [
            codec.encode(element)
            for codec, element in zip(self.items, value, strict=True)
        ]

    def decode(self, data: Any, path: str) -> Any:
        if json_kind(data) != "list" or len(data) != len(self.items):
            raise self.fail(data, path)
        return tuple(
            codec.decode(element, item(path, index))
            for index, (codec, element) in enumerate(zip(self.items, data, strict=True))
        )

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {
            "type": "array",
            "prefixItems": [codec.schema(defs) for codec in self.items],
            "items": False,
            "minItems": len(self.items),
        }


def _plural(codec: Codec) -> str:
    """Return a codec's description in the plural: "ints", "cards such as ...".

    A union's members are each made plural: "ints or fractions such as ...".
    """
    if isinstance(codec, _Union):
        return " or ".join(_plural(member) for member in codec.members)
    description = codec.description
    article, _, rest = description.partition(" ")
    if article not in ("a", "an"):
        return f"values that are {description}"
    noun, space, tail = rest.partition(" ")
    return f"{noun}s{space}{tail}"


class _Union(Codec):
    def __init__(self, members: tuple[Codec, ...]) -> None:
        self.members = members
        self.description = " or ".join(member.description for member in members)
        self.kind = "any"
        self._fitting: dict[str, list[Codec]] = {}
        """The members that read each JSON type, in order."""
        for member in members:
            self._fitting.setdefault(member.kind, []).append(member)
        self._nullable = any(isinstance(member, _Null) for member in members)
        """Whether ``None`` is a member's: only null's codec owns it."""

    def owns(self, value: object) -> bool:
        return any(member.owns(value) for member in self.members)

    def encode(self, value: Any) -> Any:
        if value is None and self._nullable:  # most unions are optional values
            return None
        for member in self.members:
            if member.owns(value):
                return member.encode(value)
        raise TypeError(f"cannot serialize {value!r}: expected {self.description}")

    def decode(self, data: Any, path: str) -> Any:
        fitting = self._fitting.get(json_kind(data))
        if not fitting:
            raise self.fail(data, path)
        for member in fitting[:-1]:
            try:
                return member.decode(data, path)
            except SerializationError:
                continue
        try:
            return fitting[-1].decode(data, path)
        except SerializationError as error:
            if isinstance(fitting[-1], Object | _List) or not str(error).startswith(
                f"{path}: must be "
            ):
                raise
        raise self.fail(data, path)

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"anyOf": [member.schema(defs) for member in self.members]}


@attrs.frozen
class Field:
    """One serialized field of an attrs class."""

    name: str
    codec: Codec
    required: bool
    default: Any


def _fields_of(cls: type) -> Iterator[Field]:
    """Yield the serialized fields of an attrs class, in class order.

    A field whose metadata says ``flatten`` is written as its own fields, in
    its place; the class takes them by name (as ``GameState`` takes its
    bookkeeping's fields).
    """
    hints = typing.get_type_hints(cls)
    for field in attrs.fields(cls):
        if not field.init or field.name.startswith("_"):
            continue
        if field.metadata.get("flatten"):
            yield from _fields_of(hints[field.name])
            continue
        default = field.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            default = default.factory()
        yield Field(
            name=field.name,
            codec=codec_for(hints[field.name]),
            required=field.default is attrs.NOTHING,
            default=default,
        )


class Object(Codec):
    """An attrs class, written as an object of its public ``__init__`` fields."""

    kind = "object"

    def __init__(self, cls: type) -> None:
        self.cls = cls
        self.description = "an object"
        self._fields: dict[str, Field] | None = None
        self._writers: tuple[tuple[str, Callable[[Any], Any]], ...] | None = None

    @property
    def fields(self) -> dict[str, Field]:
        """The serialized fields by name, in class order (built on first use)."""
        if self._fields is None:
            self._fields = {field.name: field for field in _fields_of(self.cls)}
        return self._fields

    def owns(self, value: object) -> bool:
        return isinstance(value, self.cls)

    def encode(self, value: Any, *, changed_only: bool = False) -> dict[str, Any]:
        """Return the object's fields; with ``changed_only``, those not at default."""
        writers = self._writers
        if writers is None:  # each field's name and encoder, looked up once
            writers = self._writers = tuple(
                (name, field.codec.encode) for name, field in self.fields.items()
            )
        if not changed_only:
            return {name: encode(getattr(value, name)) for name, encode in writers}
        data = {}
        for (name, encode), field in zip(writers, self.fields.values(), strict=True):
            field_value = getattr(value, name)
            if not field.required and field_value == field.default:
                continue
            data[name] = encode(field_value)
        return data

    def decode(
        self, data: Any, path: str, *, skip: frozenset[str] = frozenset()
    ) -> Any:
        """Read an object; keys in ``skip`` (a document's header) are left alone."""
        return self.build(self.decode_fields(data, path, skip=skip), path)

    def decode_fields(
        self, data: Any, path: str, *, skip: frozenset[str] = frozenset()
    ) -> dict[str, Any]:
        """Return the decoded fields of an object, without building it."""
        if json_kind(data) != "object":
            raise self.fail(data, path)
        fields = self.fields
        for key in data:
            if not isinstance(key, str):
                raise SerializationError(
                    f"keys must be strings, got {show(key)}", path=path
                )
            if key not in fields and key not in skip:
                close = difflib.get_close_matches(key, list(fields), n=1)
                hint = f"; did you mean {json.dumps(close[0])}?" if close else ""
                raise SerializationError(f"unknown field{hint}", path=child(path, key))
        values = {}
        for name, field in fields.items():
            if name in data:
                # A field's name is an identifier: its path is child()'s, simply.
                values[name] = field.codec.decode(data[name], f"{path}.{name}")
            elif field.required:
                raise SerializationError(
                    "required field is missing", path=child(path, name)
                )
        return values

    def build(self, values: dict[str, Any], path: str) -> Any:
        """Build the object from decoded fields; its own checks name ``path``."""
        try:
            return self.cls(**values)
        except (TonkError, ValueError, TypeError) as error:
            raise SerializationError(str(error), path=path) from error

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        name = self.cls.__name__
        if name not in defs:
            defs[name] = {}  # a placeholder, in case the class refers to itself
            defs[name] = self.object_schema(defs)
        return {"$ref": f"#/$defs/{name}"}

    def object_schema(
        self, defs: dict[str, Any], *, header: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """Return the schema of the object, with extra ``header`` properties first."""
        properties = dict(header or {})
        required = list(header or {})
        for name, field in self.fields.items():
            properties[name] = field.codec.schema(defs)
            if field.required:
                required.append(name)
        summary = (self.cls.__doc__ or "").strip().splitlines()
        schema: dict[str, Any] = {"type": "object"}
        if summary:
            schema["description"] = summary[0]
        schema["properties"] = properties
        schema["required"] = required
        schema["additionalProperties"] = False
        return schema


_CODECS: Cache[Any, Codec] = Cache(None, limit=1024)
"""The codec of each annotation asked for (a few dozen types in all)."""
_ACTION_CLASSES = frozenset(typing.get_args(Action))


def codec_for(annotation: Any) -> Codec:
    """Return the codec of a (resolved) type annotation.

    Raises:
        TypeError: If values of that type cannot be serialized.
    """
    codec = _CODECS.get(annotation)
    if codec is None:
        codec = _CODECS.put(annotation, _build(annotation))
    return codec


def _build(annotation: Any) -> Codec:
    leaves: dict[Any, Codec] = {
        int: _Int(),
        float: _Float(),
        bool: _Bool(),
        str: _Str(),
        type(None): _Null(),
        None: _Null(),
        Card: CARD,
        WildCard: WILD_CARD,
        Fraction: FRACTION,
    }
    if annotation in leaves:
        return leaves[annotation]
    origin = typing.get_origin(annotation)
    arguments = typing.get_args(annotation)
    if origin is types.UnionType or origin is typing.Union:
        members = frozenset(arguments)
        if members == {Card, WildCard}:
            return ELEMENT
        if members == _ACTION_CLASSES:
            return ACTION
        return _Union(tuple(codec_for(member) for member in arguments))
    if origin is tuple and len(arguments) == 2 and arguments[1] is Ellipsis:
        return _List(codec_for(arguments[0]), unique=False)
    if origin is tuple and arguments and Ellipsis not in arguments:
        return _Tuple(tuple(codec_for(argument) for argument in arguments))
    if origin is frozenset and len(arguments) == 1:
        return _List(codec_for(arguments[0]), unique=True)
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return _Enum(annotation)
    if isinstance(annotation, type) and annotation in _ACTION_CLASSES:
        return ACTION
    if isinstance(annotation, type) and attrs.has(annotation):
        return Object(annotation)
    raise TypeError(f"cannot serialize values of type {annotation!r}")


def object_codec(cls: type) -> Object:
    """Return the codec of an attrs class."""
    codec = codec_for(cls)
    assert isinstance(codec, Object)
    return codec


# --- reading JSON text --------------------------------------------------------------

_DEPTH_TOKENS = re.compile(r'"(?:[^"\\]++|\\.)*+"|[\[\]{}]')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_DEPTH_STEPS = {"[": 1, "{": 1, "]": -1, "}": -1}


def nests_deeper(text: str, max_depth: int) -> bool:
    """Return whether ``text`` nests lists and objects deeper than ``max_depth``.

    Brackets inside strings do not count. In a text without a backslash and
    with an even number of quotes, the strings are what lies between each
    pair of quotes, so the brackets outside them are found by the string
    methods alone; any other text is read a token at a time.
    """
    if "\\" not in text and not text.count('"') % 2:
        outside = "".join(text.split('"')[::2])
        steps = map(_DEPTH_STEPS.__getitem__, _NOT_BRACKETS.sub("", outside))
        return max(itertools.accumulate(steps), default=0) > max_depth
    depth = 0
    for match in _DEPTH_TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > max_depth:
                return True
        elif token in "]}":
            depth -= 1
    return False


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) < len(pairs):  # a key came twice: name the first one repeated
        seen = set()
        for key, _ in pairs:
            if key in seen:
                raise SerializationError(
                    f"the key {show(key)} is repeated in an object"
                )
            seen.add(key)
    return data


def _no_constant(name: str) -> Any:
    raise SerializationError(f"{name} is not a JSON number")


def load_json(text: str | bytes | bytearray, *, max_bytes: int, max_depth: int) -> Any:
    """Parse untrusted JSON text within size and depth limits.

    A UTF-8 byte-order mark in front of the text is skipped.

    Raises:
        SerializationError: If the text is too large, too deep, not UTF-8, or
            not JSON (repeated keys and ``NaN``/``Infinity`` included).
        TypeError: If ``text`` is not ``str`` or ``bytes``.
    """
    if isinstance(text, bytes | bytearray):
        size = len(text)
    elif isinstance(text, str):
        size = (
            len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))
        )
    else:
        raise TypeError(f"JSON text must be str or bytes, got {type(text).__name__}")
    if size > max_bytes:
        raise SerializationError(
            f"the document is {size} bytes, more than the limit of {max_bytes}"
        )
    if not isinstance(text, str):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise SerializationError(f"the document is not UTF-8: {error}") from None
    if text.startswith("\ufeff"):  # a UTF-8 byte-order mark, as editors write
        text = text[1:]
    if nests_deeper(text, max_depth):
        raise SerializationError(
            f"the document nests lists and objects more than {max_depth} deep"
        )
    try:
        return json.loads(
            text, object_pairs_hook=_no_repeats, parse_constant=_no_constant
        )
    except SerializationError:
        raise
    except RecursionError:  # nesting past the parser, under a raised max_depth
        raise SerializationError("the document nests too deep") from None
    except ValueError as error:  # JSONDecodeError, or an int too long to read
        raise SerializationError(f"not valid JSON: {error}") from None
