"""Private: untrusted text (names, file names, captions) on human-facing output.

One rule for what may not reach a terminal or an SVG document as it is. A
character is *unsafe* when a terminal or an XML parser would act on it rather
than show it, or cannot take it at all:

- the C0 and C1 controls, Unicode category Cc (escape sequences, NUL, BEL,
  backspace, tabs, newlines);
- the line and paragraph separators U+2028 and U+2029;
- the bidirectional embeddings and overrides U+202A-U+202E and the isolates
  U+2066-U+2069, which reorder the text around them on screen;
- lone surrogates U+D800-U+DFFF, which UTF-8 cannot encode;
- U+FFFE and U+FFFF, which are not XML characters.

Player names with an unsafe character are refused where they enter
(:func:`first_unsafe`); everything shown to people goes through
:func:`escape`, so a forged value loaded from JSON cannot inject either.
"""

from __future__ import annotations

import re

__all__ = ["escape", "escape_for", "first_unsafe"]

_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufffe\uffff]"
)


def _escaped(match: re.Match[str]) -> str:
    r"""Return the Python escape of one unsafe character (``\x1b``, ``\u202e``)."""
    code = ord(match.group())
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}"


def escape(text: str) -> str:
    r"""Return ``text`` with every unsafe character written as its Python escape.

    Everything else is kept, so ordinary names in any script show as given.

    Examples:
        >>> print(escape("\x1b[2JEVIL"), escape("bob\n  mallory"), escape("Zoë"))
        \x1b[2JEVIL bob\x0a  mallory Zoë
        >>> escape("abc\u202edef\ud800")
        'abc\\u202edef\\ud800'
    """
    return _UNSAFE.sub(_escaped, text)


def escape_for(text: str, encoding: str | None) -> str:
    r"""Return :func:`escape` of ``text``, with what ``encoding`` cannot write escaped.

    For an output stream's encoding (``sys.stdout.encoding``): a character it
    cannot encode is written as its Python escape (``\xe4``) rather than
    raising :class:`UnicodeEncodeError`. ``None`` or an unknown codec: ASCII.

    Examples:
        >>> print(escape_for("Zo\u00eb\x1b", "ascii"), escape_for("Zo\u00eb", "utf-8"))
        Zo\xeb\x1b Zoë
    """
    shown = escape(text)
    try:
        return shown.encode(encoding or "ascii", "backslashreplace").decode(
            encoding or "ascii"
        )
    except LookupError:
        return shown.encode("ascii", "backslashreplace").decode("ascii")


def first_unsafe(text: str) -> int | None:
    r"""Return the index of the first unsafe character of ``text``, or ``None``.

    Examples:
        >>> first_unsafe("Ann"), first_unsafe("a\tb"), first_unsafe("a\u2066b")
        (None, 1, 1)
    """
    match = _UNSAFE.search(text)
    return None if match is None else match.start()
