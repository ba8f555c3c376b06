"""Draw the documentation's pictures of hands with :mod:`tonk.svg`.

The pictures show the hands played on the five-minute page and in the
tutorial, so they are built here from the same seeds and stacked decks. The
SVG is drawn by the library alone (no plotting library) and is the same on
every machine, so the files are committed, and the test suite checks that
they are up to date.

Run: ``python docs/make_pictures.py [--out DIR]`` (default
``docs/_static/pictures``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import tonk
from tonk.testing import stack_deck

OUT = Path(__file__).parent / "_static" / "pictures"


def _play(state: tonk.GameState, *moves: str) -> tonk.GameState:
    for move in moves:
        state = tonk.apply(state, tonk.parse_action(state, move))
    return state


def five_minutes_hand() -> tonk.GameState:
    """The four-player hand of the five-minute page, just before Dee drops."""
    rules = tonk.presets.PAGAT
    deck = stack_deck(
        rules,
        hands=["7H 8H 9H 2C KS", "4C 5C 6C 6D JD", "8S 2D AH 9C KC", "AS AD 2H 3C 3H"],
        upcard="QC",
        stock="3D 2S 10H",
        dealer=3,
    )
    state = tonk.new_game(rules, players=4, deck=deck, dealer=3)
    return _play(
        state,
        "draw stock",
        "spread 7H 8H 9H",
        "discard KS",
        "draw stock",
        "spread 4C 5C 6C",
        "discard JD",
        "draw stock",
        "hit 1 10H",
        "discard KC",
    )


TUTORIAL_HAND = (
    "draw stock",
    "spread JH QH KH",
    "discard 10D",
    "draw stock",
    "spread 9C 9D 9H",
    "hit 1 10H",
    "discard 10S",
    "draw stock",
    "discard 10C",
    "drop",
)
"""The actions of the tutorial's careful players (seed 159, three players)."""


def tutorial_record() -> tonk.GameRecord:
    """The record of the hand the tutorial's careful players play."""
    record = tonk.GameRecord.start(tonk.presets.PAGAT, players=3, seed=159)
    state = record.initial_state()
    for move in TUTORIAL_HAND:
        action = tonk.parse_action(state, move)
        state = tonk.apply(state, action)
        record = record.then(action)
    return record.with_outcome(state.outcome)


def pictures() -> dict[str, str]:
    """Return every picture's SVG text by file name."""
    hand = five_minutes_hand()
    dealt = tonk.new_game(tonk.presets.PAGAT, players=3, seed=159)
    return {
        "five-minutes-table.svg": tonk.svg.draw(hand),
        "five-minutes-dee.svg": tonk.svg.draw(tonk.observe(hand, 3)),
        "tutorial-seat-1.svg": tonk.svg.draw(tonk.observe(dealt, 1)),
        "tutorial-record.svg": tonk.svg.draw(tutorial_record()),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Write the pictures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="output directory")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    drawn = pictures()
    for name, svg in drawn.items():
        (args.out / name).write_text(svg, encoding="utf-8")
    print(f"wrote {len(drawn)} pictures to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
