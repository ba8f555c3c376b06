"""docs/five-minutes.md: pasteable top to bottom, and short enough for five minutes."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

PAGE = Path(__file__).parent.parent / "docs" / "five-minutes.md"
WORDS = 1_200
"""The most words the page may have, code included: about five minutes' reading."""


def page() -> str:
    return PAGE.read_text(encoding="utf-8")


def examples(text: str) -> str:
    """Return the page's {doctest} blocks, in order, as one doctest text."""
    return "\n".join(re.findall(r"```\{doctest\}\n(.*?)```", text, flags=re.DOTALL))


def failures(text: str) -> int:
    """Run the examples in order in one empty namespace, as pasted into Python.

    Sphinx's doctest builder imports tonk before each page's examples
    (docs/conf.py), which a reader's fresh session does not.
    """
    test = doctest.DocTestParser().get_doctest(
        examples(text), {}, "five-minutes", str(PAGE), 0
    )
    assert len(test.examples) > 20
    flags = doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1  # as docs/conf.py
    runner = doctest.DocTestRunner(optionflags=flags)
    return runner.run(test).failed


def test_the_examples_run_in_a_fresh_session_top_to_bottom() -> None:
    assert failures(page()) == 0


def test_the_page_reads_in_five_minutes() -> None:
    assert len(page().split()) <= WORDS


def test_the_page_has_no_playing_card_glyphs() -> None:
    """The Unicode playing cards (U+1F0A0-U+1F0FF) render too small to read."""
    assert re.search("[\U0001f0a0-\U0001f0ff]", page()) is None
