"""The tables and pictures of a game, exactly: untrusted text escaped everywhere.

Written to kill the survivors of mutation testing of ``tonk.text`` and
``tonk.svg`` (docs/maintainers.md, "Mutation testing"). Each test checks, through
the public functions, the exact text of a table (or the exact elements of a
picture) in a position the other tests did not reach: an eating window, a
slap-in's extra discard, an empty discard pile, waits of one kind, a spread hit
by two seats, an outcome with no winner or two, a widow seen by its seat, a
session dealing or betting, a tournament of one hand. Names, bots' names and
captions are untrusted: every place that shows one is checked with names a
terminal or an XML parser would act on (escape sequences, a carriage return,
a bidi override, markup, quotes), which must come out escaped, and nowhere else.
"""

from __future__ import annotations

import types
from fractions import Fraction
from xml.etree import ElementTree

import attrs
import pytest
from scenario import SCENARIOS, first_state

import tonk
from tonk import Card, GameState, OutcomeKind, Phase, Rules
from tonk.bots import BotRecord, TournamentResult
from tonk.state import Outcome, Transfer, TransferReason
from tonk.testing import stack_deck
from tonk.text import (
    format_cards,
    format_label,
    format_observation,
    format_outcome,
    format_pickup,
    format_record,
    format_session,
    format_state,
    format_tournament,
    render,
)

# A name as it is given, and as every table must show it: each character a
# terminal or a viewer would act on becomes its Python escape, nothing else.
HOSTILE = [
    ("\x1b[2J\x1b[31mEVIL", "\\x1b[2J\\x1b[31mEVIL"),
    ("back\rover", "back\\x0dover"),
    ("two\nlines", "two\\x0alines"),
    ("\u202eevil", "\\u202eevil"),
    ("bell\x07\x9b", "bell\\x07\\x9b"),
    ("<script>&'\"", "<script>&'\""),
]


def _deal(rules: Rules | None = None, players: int = 2) -> GameState:
    """A hand just dealt (seed 7, dealer 0), so seat 1 is to move first."""
    return tonk.new_game(rules or Rules(), players=players, seed=7, dealer=0)


# --- tonk.text: the defaults of the formatters ----------------------------------------


def test_render_without_ascii_is_str_with_suit_glyphs() -> None:
    state = _deal()
    assert render(state) == str(state) == format_state(state)
    assert render(state).splitlines()[1] == (
        "  seat 0 (dealer)  J♣ Q♣ 7♦ A♠ Q♠  count 38"
    )
    assert render(state, ascii=True).splitlines()[1] == (
        "  seat 0 (dealer)  JC QC 7D AS QS  count 38"
    )


def test_every_formatter_writes_suit_glyphs_unless_asked_for_ascii() -> None:
    state = _deal()
    seen = tonk.observe(state, 1)
    assert format_cards(tonk.parse_cards("AS 10D JK")) == "A♠ 10♦ JK"
    assert format_observation(seen) == str(seen)
    assert format_observation(seen).splitlines()[2] == (
        "> seat 1 (you)     A♣ 2♦ 5♦ 6♥ 2♠  count 16"
    )
    rules = Rules(discard_draw_must_meld=True)
    assert format_pickup(Card.parse("QH"), rules) == "must use Q♥ at once (V24d)"


# --- tonk.text: labels --------------------------------------------------------------


@pytest.mark.parametrize(
    ("label", "shown"),
    [
        (42, "42"),
        ("drop_won", "'drop_won'"),
        (None, "None"),
        (tonk.Suit.CLUBS, "<Suit.CLUBS: 'C'>"),
        (types.SimpleNamespace(value=[]), "namespace(value=[])"),
    ],
    ids=["int", "engine-name", "none", "other-enum", "unhashable-value"],
)
def test_a_label_of_a_wrong_type_is_refused_naming_it(
    label: object, shown: str
) -> None:
    with pytest.raises(TypeError) as info:
        format_label(label)  # type: ignore[arg-type]
    assert str(info.value) == (
        f"expected a Phase, OutcomeKind, TransferReason or SessionPhase, got {shown}"
    )


# --- tonk.text: tables of positions the scenarios do not reach ------------------------


def test_an_eating_window_is_named_in_the_header_and_its_line() -> None:
    rules = Rules(eating=True)
    state = first_state(
        rules, 3, lambda s: s.phase is Phase.SLAP_WINDOW, policy="no-drop"
    )
    assert str(state) == (
        "custom rules, 3 players, turn 2: seat 0 to move (eating window)\n"
        "> seat 0 (dealer)  A♣ 2♣ 8♣ 8♦ 7♠   count 26\n"
        "  seat 1           5♣ 6♣ 2♦ 3♠ J♠   count 26\n"
        "  seat 2           K♣ 8♥ 10♥ J♥ K♥  count 48\n"
        "spreads: none\n"
        "discard: 3♥ on top, 1 card; stock: 36 cards\n"
        "eating window: 3♥ from seat 1, seats to ask 0"
    )
    seen = format_observation(tonk.observe(state, 1), ascii=True).splitlines()
    assert seen[0] == (
        "custom rules, 3 players, turn 2: seat 0 to move (eating window),"
        " seen by seat 1"
    )
    assert seen[-1] == "eating window: 3H from seat 1, seats to ask 0"
    # Outside the window, the eating rules name the phase as any rules do.
    first = tonk.new_game(rules, players=3, seed=0)
    assert str(first).splitlines()[0] == (
        "custom rules, 3 players, turn 1: seat 1 to move (start of turn)"
    )


def test_a_slap_ins_extra_discard_names_the_slapper_and_the_card() -> None:
    state = first_state(
        Rules(slap_in=True),
        3,
        lambda s: s.phase is Phase.EXTRA_DISCARD,
        policy="no-drop",
    )
    lines = str(state).splitlines()
    assert lines[0] == (
        "custom rules, 3 players, turn 63: seat 0 to move"
        " (one more discard after a slap-in)"
    )
    assert lines[-1] == "slap-in: seat 0 slapped Q♥, discards one more"
    assert render(state, ascii=True).splitlines()[-1] == (
        "slap-in: seat 0 slapped QH, discards one more"
    )


def test_an_empty_discard_pile_is_written_empty() -> None:
    state = tonk.apply(_deal(), tonk.DrawDiscard())
    assert str(state).splitlines()[-1] == "discard: empty; stock: 41 cards"
    seen = tonk.observe(state, 0)
    assert str(seen).splitlines()[-1] == "discard: empty; stock: 41 cards"


@pytest.mark.parametrize(
    "rules",
    [
        Rules(spread_wait=1),
        Rules(hit_wait=1),
        Rules(own_hit_wait=1, hit_own_spreads=True),
    ],
    ids=["spread-wait", "hit-wait", "own-hit-wait"],
)
def test_any_one_wait_rule_shows_every_seats_waits_from_the_deal(rules: Rules) -> None:
    state = _deal(rules)
    assert str(state).splitlines()[1:3] == [
        "  seat 0 (dealer)  J♣ Q♣ 7♦ A♠ Q♠  count 38  waits 0",
        "> seat 1           A♣ 2♦ 5♦ 6♥ 2♠  count 16  waits 0",
    ]
    assert str(tonk.observe(state, 0)).splitlines()[1:3] == [
        "  seat 0 (you, dealer)  J♣ Q♣ 7♦ A♠ Q♠  count 38  waits 0",
        "> seat 1                5 cards         waits 0",
    ]


def test_no_wait_rule_and_no_wait_shows_no_waits() -> None:
    assert "waits" not in str(_deal())


def test_a_spread_hit_by_two_seats_names_both() -> None:
    state = first_state(
        tonk.presets.PAGAT,
        3,
        lambda s: any(len(set(spread.hitters)) > 1 for spread in s.spreads),
        policy="no-drop",
    )
    assert str(state).splitlines()[5] == (
        "  1: 9♣ 10♣ J♣ Q♣ K♣  (seat 2, hit by seat 0, seat 2)"
    )


def test_an_outcome_with_no_winner_says_none() -> None:
    outcome = Outcome.from_transfers(
        OutcomeKind.VOID_DEAL, 2, winners=(), transfers=(), counts=(30, 31)
    )
    assert format_outcome(outcome) == (
        "outcome: void deal; winners: none\ncounts: 30, 31\npayoffs: 0, 0"
    )
    record = tonk.GameRecord(rules=Rules(), players=2, seed=7).with_outcome(outcome)
    assert format_record(record) == (
        "game record: pagat rules, 2 players, dealer seat 0, seed 7, 0 actions;"
        " void deal, winners none, payoffs 0, 0"
    )


def test_an_outcome_with_two_winners_names_both_and_every_payment() -> None:
    outcome = Outcome.from_transfers(
        OutcomeKind.CAUGHT,
        3,
        winners=(0, 1),
        transfers=(
            Transfer(2, 0, 2, TransferReason.CATCHER),
            Transfer(2, 1, Fraction(3, 2), TransferReason.CATCHER),
        ),
        counts=(32, 32, 41),
        dropper=2,
    )
    assert format_outcome(outcome) == (
        "outcome: dropper caught, seat 2 dropped; winners: seat 0, seat 1\n"
        "counts: 32, 32, 41\n"
        "  seat 2 pays seat 0 2 (caught the dropper)\n"
        "  seat 2 pays seat 1 3/2 (caught the dropper)\n"
        "payoffs: +2, +3/2, -7/2"
    )
    record = tonk.GameRecord(rules=Rules(), players=3, seed=7).with_outcome(outcome)
    assert format_record(record).endswith(
        "; dropper caught, winners seat 0, seat 1, payoffs +2, +3/2, -7/2"
    )


def test_a_record_of_a_stacked_deck_says_so() -> None:
    rules = Rules(hand_size=6)
    record = tonk.GameRecord(rules=rules, players=2, deck=Rules().pack())
    assert format_record(record) == (
        "game record: custom rules, 2 players, dealer seat 0, a stacked deck,"
        " 0 actions; no outcome recorded"
    )
    assert format_record(record, ascii=True) == format_record(record)


def test_a_seat_sees_the_card_it_gave_its_widow_and_no_other_widow() -> None:
    state = SCENARIOS["widow"]()
    seen = tonk.observe(state, 1)
    assert seen.widow is not None
    assert str(seen).splitlines()[1:3] == [
        "  seat 0 (dealer)  5 cards",
        "> seat 1 (you)     A♦ 2♥ 7♥ 7♠ 8♠  count 25  widow gave 10♠",
    ]
    assert render(seen, ascii=True).splitlines()[2] == (
        "> seat 1 (you)     AD 2H 7H 7S 8S  count 25  widow gave 10S"
    )


# --- tonk.text: sessions --------------------------------------------------------------


def _session(rules: Rules, names: tuple[str, str] = ("Zoë", "Bob")) -> tonk.Session:
    return tonk.new_session(rules, players=list(names), seed=3, dealer=0)


def test_a_session_names_its_dealer_while_dealing_and_betting() -> None:
    session = _session(Rules())
    assert str(session).splitlines()[0] == (
        "session: pagat rules, 0 hands dealt, next dealer Zoë (before the deal)"
    )
    playing = tonk.apply_session(session, tonk.Deal())
    assert str(playing).splitlines()[0] == (
        "session: pagat rules, 1 hand dealt, dealer Zoë (playing)"
    )
    betting = _session(Rules(suit_bet=1))
    betting = tonk.apply_session(betting, tonk.session_actions(betting)[0])
    assert betting.phase is tonk.SessionPhase.BETTING
    assert str(betting).splitlines()[0] == (
        "session: custom rules, 0 hands dealt, dealer Zoë (side bets)"
    )


def test_an_ascii_session_writes_every_name_in_ascii() -> None:
    session = tonk.apply_session(_session(Rules()), tonk.Deal())
    session = tonk.apply_session(session, tonk.Drop())
    assert str(session) == format_session(session)
    assert format_session(session) == (
        "session: pagat rules, 1 hand dealt, next dealer Bob (before the deal)\n"
        "  Bob  +1\n"
        "  Zoë  -1\n"
        "last hand: drop won; Zoë -1, Bob +1"
    )
    assert format_session(session, ascii=True) == (
        "session: pagat rules, 1 hand dealt, next dealer Bob (before the deal)\n"
        "  Bob     +1\n"
        "  Zo\\xeb  -1\n"
        "last hand: drop won; Zo\\xeb -1, Bob +1"
    )


def _forged_session(name: str) -> tonk.Session:
    """A session dealt, then played out, whose first name was never checked."""
    session = tonk.apply_session(_session(Rules(), ("a", "Bob")), tonk.Deal())
    played = tonk.apply_session(session, tonk.Drop())
    assert played.last is not None
    names = (name, "Bob")
    return attrs.evolve(
        played,
        players=names,
        ledger=tuple(zip(names, (-1, 1), strict=True)),
        last=attrs.evolve(played.last, players=names),
        dealer=0,
    )


@pytest.mark.parametrize(("name", "shown"), HOSTILE)
@pytest.mark.parametrize("ascii", [False, True])
def test_a_forged_name_is_escaped_wherever_a_session_shows_it(
    name: str, shown: str, ascii: bool
) -> None:
    session = _forged_session(name)
    assert format_session(session, ascii=ascii).splitlines() == [
        f"session: pagat rules, 1 hand dealt, next dealer {shown} (before the deal)",
        f"  {'Bob':<{len(shown)}}  +1",
        f"  {shown}  -1",
        f"last hand: drop won; {shown} -1, Bob +1",
    ]
    dealing = attrs.evolve(session, phase=tonk.SessionPhase.PLAYING)
    assert format_session(dealing, ascii=ascii).splitlines()[0] == (
        f"session: pagat rules, 1 hand dealt, dealer {shown} (playing)"
    )


# --- tonk.text: tournaments -----------------------------------------------------------


def _result(names: tuple[str, str]) -> TournamentResult:
    """A one-hand tournament: too few hands for confidence intervals."""
    drop = OutcomeKind.DROP_WON
    return TournamentResult(
        players=2,
        hands=1,
        seed=1,
        bots=(
            BotRecord(
                name=names[0],
                hands=1,
                wins=0,
                total_payoff=-1,
                won_by=(),
                caught=0,
                win_rate_ci95=None,
                mean_payoff_ci95=None,
            ),
            BotRecord(
                name=names[1],
                hands=1,
                wins=1,
                total_payoff=1,
                won_by=((drop, 1),),
                caught=0,
                win_rate_ci95=None,
                mean_payoff_ci95=None,
            ),
        ),
        outcomes=((drop, 1),),
    )


def test_a_tournament_without_intervals_aligns_its_figures_right() -> None:
    result = _result(("Zoë", "greedy"))
    table = [
        "2 players, 1 hand, seed 1",
        "bot     hands  win rate %  mean payoff  caught  won by",
        "{}      1         0.0       -1.000       0",
        "greedy      1       100.0       +1.000       0  drop won 1",
        "how hands ended: drop won 1",
    ]
    assert format_tournament(result).splitlines() == [
        *table[:2],
        table[2].format("Zoë   "),
        *table[3:],
        "± is the half-width of a 95% confidence interval",
    ]
    assert str(result) == format_tournament(result)
    assert format_tournament(result, ascii=True).splitlines() == [
        *table[:2],
        table[2].format("Zo\\xeb"),
        *table[3:],
        "+- is the half-width of a 95% confidence interval",
    ]


@pytest.mark.parametrize(("name", "shown"), HOSTILE)
@pytest.mark.parametrize("ascii", [False, True])
def test_a_bots_name_is_escaped_in_a_tournaments_table(
    name: str, shown: str, ascii: bool
) -> None:
    lines = format_tournament(_result((name, "b")), ascii=ascii).splitlines()
    assert len(lines) == 6
    assert lines[2].startswith(f"{shown}  ")
    assert lines[3].startswith("b" + " " * len(shown))


# --- tonk.svg: untrusted text ---------------------------------------------------------

SVG = "{http://www.w3.org/2000/svg}"


def _root(picture: str) -> ElementTree.Element:
    """Parse a picture: it must be well-formed XML, an ``svg`` element."""
    root = ElementTree.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    return root


def _text_of(element: ElementTree.Element) -> str:
    return "".join(element.itertext())


def _texts(root: ElementTree.Element) -> list[str]:
    return [_text_of(text) for text in root.iter(f"{SVG}text")]


# A caption as it is given, and as the document must hold it: the characters a
# viewer would act on escaped as in a table, then &, < and > as XML asks; the
# quotes of a text node, which XML does not ask to escape, kept as they are.
# Wrapping a caption into lines makes each whitespace control a space.
CAPTIONS = [
    ("\x1b[2J\x1b[31mEVIL", "\\x1b[2J\\x1b[31mEVIL"),
    ("back\rover\nand out", "back over and out"),
    ("\u202eevil", "\\u202eevil"),
    ("nul\x00 \ufffe", "nul\\x00 \\ufffe"),
    ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
    ("a & b", "a &amp; b"),
    ("]]><x>&amp;", "]]&gt;&lt;x&gt;&amp;amp;"),
    ('O\'Neil said "hi"', 'O\'Neil said "hi"'),
]


@pytest.mark.parametrize(("caption", "written"), CAPTIONS)
def test_a_caption_is_written_escaped_exactly(caption: str, written: str) -> None:
    picture = tonk.svg.draw_positions([_deal()], captions=[caption])
    assert f"<tspan x='4' dy='0'>{written}</tspan>" in picture
    shown = _text_of(_root(picture).findall(f"{SVG}text")[0])
    assert shown == written.replace("&lt;", "<").replace("&gt;", ">").replace(
        "&amp;", "&"
    )


# --- tonk.svg: what each seat's row says ----------------------------------------------


def _seat_notes(root: ElementTree.Element) -> list[str]:
    """The note under each seat's label: the texts in 11 px at the left margin."""
    return [
        _text_of(text)
        for text in root.iter(f"{SVG}text")
        if text.get("x") == "12" and text.get("font-size") == "11"
    ]


def _labels(root: ElementTree.Element) -> list[str]:
    """Each seat's label: the texts in 13 px at the left margin, but the heading."""
    texts = root.iter(f"{SVG}text")
    return [
        _text_of(text)
        for text in texts
        if text.get("x") == "12" and text.get("font-size") == "13"
    ][1:]


def _notes_below(root: ElementTree.Element) -> list[str]:
    """The notes under the table: the texts in 12 px at the left margin."""
    return [
        _text_of(text)
        for text in root.iter(f"{SVG}text")
        if text.get("x") == "12" and text.get("font-size") == "12"
    ]


def _tunked() -> GameState:
    """Hoyle's tunk at 5 (H5): seat 1 lays 3H 4H 5H and 7C 7D 7S, keeps 4C AS."""
    hands = ["6C 8D 10D KS KH 3D 10S", "3H 4H 5H 7C 7D 7S AS", "KC KD QH JH 9S 8S 6D"]
    rules = tonk.presets.HOYLE
    deck = stack_deck(rules, hands=hands, upcard="5D", stock="4C 10C 5S")
    state = tonk.new_game(rules, players=3, deck=deck)
    state = tonk.apply(state, tonk.DrawStock())
    spreads = [
        tonk.LaySpread(tonk.parse_cards(text)) for text in ("3H 4H 5H", "7C 7D 7S")
    ]
    state = tonk.apply(state, tonk.Tunk(spreads))
    assert state.tunker == 1
    return state


def test_a_tunkers_row_says_tunked_first_in_every_picture() -> None:
    state = _tunked()
    assert _seat_notes(_root(tonk.svg.draw(state))) == [
        "count 57",
        "tunked, count 5",
        "count 63",
    ]
    seen = _root(tonk.svg.draw(tonk.observe(state, 2)))
    assert _seat_notes(seen) == ["7 cards", "tunked, 2 cards", "count 63"]


def test_a_seats_waits_follow_its_count_or_its_card_count() -> None:
    state = SCENARIOS["washington-state-waits"]()
    assert state.waits == (0, 0, 1)
    assert _seat_notes(_root(tonk.svg.draw(state))) == [
        "count 8",
        "count 33",
        "count 7, waits 1",
    ]
    assert _seat_notes(_root(tonk.svg.draw(tonk.observe(state, 2)))) == [
        "2 cards",
        "5 cards",
        "count 7, waits 1",
    ]
    assert _seat_notes(_root(tonk.svg.draw(tonk.observe(state, 0)))) == [
        "count 8",
        "5 cards",
        "2 cards, waits 1",
    ]


def test_the_hands_shown_at_the_end_show_their_counts_and_no_seat_to_move() -> None:
    over = tonk.apply(_deal(), tonk.Drop())
    for seat in (0, 1):
        root = _root(tonk.svg.draw(tonk.observe(over, seat)))
        assert _seat_notes(root) == ["count 38", "count 16"]
        assert _labels(root) == [
            "seat 0 (you, dealer)" if seat == 0 else "seat 0 (dealer)",
            "seat 1 (you)" if seat == 1 else "seat 1",
        ]
        assert not [r for r in root.iter(f"{SVG}rect") if r.get("class") == "to-move"]
    live = _root(tonk.svg.draw(tonk.observe(_deal(), 0)))
    assert _labels(live) == ["seat 0 (you, dealer)", "▶ seat 1"]


def test_the_notes_name_an_open_window_or_a_slapper() -> None:
    slap = SCENARIOS["slap-in-window"]()
    assert _notes_below(_root(tonk.svg.draw(slap))) == [
        "slap-in window: 6♣ from seat 1"
    ]
    eating = first_state(
        Rules(eating=True), 3, lambda s: s.phase is Phase.SLAP_WINDOW, policy="no-drop"
    )
    assert _notes_below(_root(tonk.svg.draw(tonk.observe(eating, 1)))) == [
        "eating window: 3♥ from seat 1"
    ]
    extra = first_state(
        Rules(slap_in=True),
        3,
        lambda s: s.phase is Phase.EXTRA_DISCARD,
        policy="no-drop",
    )
    assert _notes_below(_root(tonk.svg.draw(extra))) == [
        "seat 0 slapped: one more discard"
    ]


# --- tonk.svg: card faces -------------------------------------------------------------


def _face_texts(root: ElementTree.Element, card: str) -> list[list[str | None]]:
    """The texts of each face of ``card``: position, size and content."""
    return [
        [
            *(
                value
                for text in g.iter(f"{SVG}text")
                for value in (text.get("x"), text.get("y"), text.get("font-size"))
            ),
            *(_text_of(text) for text in g.iter(f"{SVG}text")),
        ]
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "card" and g.get("data-card") == card
    ]


def test_a_joker_shows_jk_in_its_corner_and_a_star_in_its_middle() -> None:
    state = tonk.new_game(Rules(jokers=2), players=2, seed=2, dealer=0)
    assert Card.parse("JK") in state.hands[1]
    assert _face_texts(_root(tonk.svg.draw(state)), "JK") == [
        ["3", "13", "12", "3", "25", "11", "20", "37", "22", "JK", "", "★"]
    ]
    assert _face_texts(_root(tonk.svg.draw(state)), "QD") == [
        ["3", "13", "12", "3", "25", "11", "20", "37", "22", "Q", "♦", "♦"]
    ]


def test_what_a_wild_stands_for_is_written_small_and_centred_under_it() -> None:
    state = SCENARIOS["chicago-wilds"]()
    root = _root(tonk.svg.draw(state))
    notes = [text for text in root.iter(f"{SVG}text") if _text_of(text).startswith("=")]
    assert [_text_of(text) for text in notes] == ["=J♣", "=4♦", "=5♦", "=7♦"]
    for text in notes:
        assert text.attrib == {
            "x": "20",  # the middle of a card 40 wide
            "y": "67",  # 11 under a card 56 high
            "font-size": "9",
            "font-family": "DejaVu Sans, Helvetica, Arial, sans-serif",
            "fill": "#f4f1e8",
            "text-anchor": "middle",
        }


# --- tonk.svg: layout -----------------------------------------------------------------


def _card_places(root: ElementTree.Element) -> list[tuple[str, str]]:
    return [
        (str(g.get("class")), str(g.get("transform")))
        for g in root.iter(f"{SVG}g")
        if g.get("class") in ("card", "card-back")
    ]


def test_a_seats_backs_start_6_px_right_of_its_known_cards() -> None:
    state = SCENARIOS["slap-in-window"]()
    seen = tonk.observe(state, 2)
    assert seen.taken[1] == (Card.parse("4D"),)
    assert seen.hand_sizes[1] == 2
    places = _card_places(_root(tonk.svg.draw(seen)))
    # Seat 1's row (y 120): the card it took at x 190, 40 wide; its back at 236.
    assert [place for place in places if place[1].endswith(",120)")] == [
        ("card", "translate(190,120)"),
        ("card-back", "translate(236,120)"),
    ]


def _spread_labels(root: ElementTree.Element) -> list[tuple[str, str, str]]:
    return [
        (str(g[0].get("x")), str(g[0].get("y")), _text_of(g[0]))
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "spread"
    ]


def test_spreads_too_wide_for_a_row_start_the_next_78_px_lower() -> None:
    state = first_state(
        tonk.presets.PAGAT,
        3,
        lambda s: [len(spread.cards) for spread in s.spreads] == [5, 3, 4],
        policy="no-drop",
    )
    root = _root(tonk.svg.draw(state))
    # 190 + 140 (five cards) + 18 = 348; 348 + 90 (three) + 18 = 456, and four
    # cards (115 wide) would end at 571, past 560 less the 12 of the margin.
    assert _spread_labels(root) == [
        ("190", "302", "#1 seat 1, hit by 2, 0"),
        ("348", "302", "#2 seat 2"),
        ("190", "380", "#3 seat 0"),
    ]
    # The second row ends at 370 + 78; the picture ends 8 + 12 below it.
    assert (root.get("width"), root.get("height")) == ("560", "468")


def test_rows_of_spreads_with_wilds_leave_room_for_what_the_wilds_stand_for() -> None:
    root = _root(tonk.svg.draw(SCENARIOS["chicago-wilds"]()))
    assert _spread_labels(root) == [
        ("190", "302", "#1 seat 1, hit by 1"),
        ("323", "302", "#2 seat 2"),
        ("190", "392", "#3 seat 0, hit by 2"),
    ]
    assert (root.get("width"), root.get("height")) == ("560", "492")


def test_a_picture_widens_to_hold_the_widest_hand() -> None:
    rules = Rules(hand_size=11)
    state = tonk.apply(_deal(rules), tonk.DrawStock())
    assert len(state.hands[1]) == 12
    root = _root(tonk.svg.draw(state))
    # 190 + 40 + 11 * 28 + 40 + 12: the hand's 12 cards, 40 to spare, the margin.
    assert root.get("width") == "590"
    assert root.get("viewBox") == "0 0 590 318"
    assert _root(tonk.svg.draw(_deal(Rules(hand_size=10)))).get("width") == "560"


def test_a_row_of_backs_widens_the_picture_as_much_as_its_faces_would() -> None:
    """A seat holding 30 cards face down (forged: no short hand reaches it)."""
    seen = tonk.observe(_deal(), 0)
    forged = attrs.evolve(seen, hand_sizes=(5, 30))
    root = _root(tonk.svg.draw(forged))
    # 190 + 40 + 30 * 12 + 40 + 12: no face, 30 backs 12 apart, to spare, margin.
    assert root.get("width") == "642"
    assert sum(1 for kind, _ in _card_places(root) if kind == "card-back") == 31


# --- tonk.svg: strips of positions ----------------------------------------------------


def _frames(root: ElementTree.Element) -> list[dict[str, str]]:
    return [dict(frame.attrib) for frame in root.findall(f"{SVG}svg")]


def test_positions_are_drawn_two_a_row_at_half_size_by_default() -> None:
    state = _deal()
    later = tonk.apply(state, tonk.DrawStock())
    root = _root(tonk.svg.draw_positions([state, later, state]))
    assert _frames(root) == [
        {"x": "0", "y": "0", "width": "280", "height": "159", "viewBox": "0 0 560 318"},
        {
            "x": "290",
            "y": "0",
            "width": "280",
            "height": "159",
            "viewBox": "0 0 560 318",
        },
        {
            "x": "0",
            "y": "169",
            "width": "280",
            "height": "159",
            "viewBox": "0 0 560 318",
        },
    ]
    assert (root.get("width"), root.get("height")) == ("580", "328")
    assert root.findall(f"{SVG}text") == []  # no captions


def test_positions_are_laid_in_the_columns_and_at_the_scale_asked() -> None:
    state = _deal()
    root = _root(tonk.svg.draw_positions([state] * 4, columns=3, scale=0.25))
    # Each cell 560 * 0.25 + 10 = 150 wide; a frame 318 * 0.25 = 79.5 high.
    assert [(f["x"], f["y"], f["width"], f["height"]) for f in _frames(root)] == [
        ("0", "0", "140", "79.5"),
        ("150", "0", "140", "79.5"),
        ("300", "0", "140", "79.5"),
        ("0", "89.5", "140", "79.5"),
    ]
    assert (root.get("width"), root.get("height")) == ("450", "169")


def test_no_positions_draw_an_empty_picture() -> None:
    root = _root(tonk.svg.draw_positions([]))
    assert dict(root.attrib) == {"width": "1", "height": "1", "viewBox": "0 0 1 1"}
    assert _root(tonk.svg.draw_positions([], captions=[])).attrib == root.attrib


def _caption_lines(root: ElementTree.Element) -> list[tuple[str, str]]:
    """Each caption line: its offset from the line before and its text."""
    return [(str(span.get("dy")), _text_of(span)) for span in root.iter(f"{SVG}tspan")]


def test_a_caption_wraps_at_about_7_px_a_letter_with_lines_15_px_apart() -> None:
    state = _deal()
    caption = "one two three four five six seven eight nine ten eleven twelve"
    root = _root(tonk.svg.draw_positions([state], captions=[caption]))
    # A cell 290 wide holds 41 letters a line.
    assert _caption_lines(root) == [
        ("0", "one two three four five six seven eight "),
        ("15", "nine ten eleven twelve"),
    ]
    # Two lines of caption (8 + 2 * 15) push the position down.
    assert _frames(root)[0]["y"] == "38"
    assert root.get("height") == str(38 + 159)
    one_line = _root(tonk.svg.draw_positions([state], captions=["deal"]))
    assert _frames(one_line)[0]["y"] == "23"


def test_a_caption_in_a_narrow_cell_still_holds_10_letters_a_line() -> None:
    state = _deal()
    # A cell 560 * 0.05 + 10 = 38 wide would hold 5 letters.
    root = _root(
        tonk.svg.draw_positions([state], captions=["abcde fghij klm"], scale=0.05)
    )
    assert _caption_lines(root) == [("0", "abcde "), ("15", "fghij klm")]


def test_positions_drawn_tiny_are_stacked_by_their_own_heights() -> None:
    state = _deal()
    root = _root(tonk.svg.draw_positions([state] * 2, columns=1, scale=0.001))
    # Each frame 318 * 0.001 = 0.318 high, 10 apart.
    assert [(f["y"], f["height"]) for f in _frames(root)] == [
        ("0", "0.318"),
        ("10.318", "0.318"),
    ]
    assert root.get("height") == "10.636"


def test_an_empty_caption_is_an_empty_line() -> None:
    root = _root(tonk.svg.draw_positions([_deal()], captions=[""]))
    assert _caption_lines(root) == [("0", "")]
    assert _frames(root)[0]["y"] == "23"


def test_a_record_that_stops_within_a_turn_lists_that_turns_actions() -> None:
    rules = tonk.presets.PAGAT
    hands = ["3C 9D JD KS 6H", "3H 4H 5H 10S QC"]
    deck = stack_deck(rules, hands=hands, upcard="2D", stock="7C")
    record = tonk.GameRecord(rules=rules, players=2, deck=deck, dealer=0)
    state = record.initial_state()
    for text in ["draw stock", "spread 3H 4H 5H"]:
        action = tonk.parse_action(state, text)
        state, record = tonk.apply(state, action), record.then(action)
    root = _root(tonk.svg.draw(record))
    assert [_text_of(text) for text in root.findall(f"{SVG}text")] == [
        "the deal",
        "seat 1: draw stock, spread 3H 4H 5H",
    ]


# --- tonk.svg: bad arguments ----------------------------------------------------------


@pytest.mark.parametrize("scale", [float("nan"), float("inf"), 0.0, -1.0])
def test_a_scale_that_is_not_a_positive_finite_number_is_refused(
    scale: float,
) -> None:
    """A NaN or infinite scale drew a document 'nan' or 'inf' wide."""
    with pytest.raises(ValueError, match="scale finite") as info:
        tonk.svg.draw_positions([_deal()], scale=scale)
    assert str(info.value) == (
        f"columns and scale must be positive, and scale finite, got 2 and {scale!r}"
    )


@pytest.mark.parametrize("columns", [1.5, 2.0, "2", True, None])
def test_columns_that_are_not_an_int_are_refused(columns: object) -> None:
    """Half a column was taken: positions laid at 1.5 a row."""
    with pytest.raises(TypeError) as info:
        tonk.svg.draw_positions([_deal()] * 3, columns=columns)  # type: ignore[arg-type]
    assert str(info.value) == f"columns must be an int, got {columns!r}"


@pytest.mark.parametrize("caption", [None, 1, b"deal", ["deal"]])
def test_a_caption_that_is_not_text_is_refused(caption: object) -> None:
    """A caption of bytes or a number failed inside the wrapping of lines."""
    with pytest.raises(TypeError) as info:
        tonk.svg.draw_positions([_deal()], captions=[caption])  # type: ignore[list-item]
    assert str(info.value) == f"a caption must be a str, got {caption!r}"


class _Hostile:
    """A value whose repr fails or runs long."""

    def __init__(self, fails: bool) -> None:
        self.fails = fails

    def __repr__(self) -> str:
        if self.fails:
            raise RuntimeError("no repr")
        return "x" * 5000


def test_drawing_a_wrong_type_names_it_briefly_whatever_its_repr() -> None:
    """A failing repr hid the TypeError; a long one was copied in whole."""
    with pytest.raises(TypeError) as info:
        tonk.svg.draw(_Hostile(fails=True))  # type: ignore[arg-type]
    assert str(info.value).startswith(
        "expected a GameState, an Observation or a GameRecord,"
        " got <_Hostile instance at 0x"
    )
    with pytest.raises(TypeError) as info:
        tonk.svg.draw(_Hostile(fails=False))  # type: ignore[arg-type]
    assert len(str(info.value)) < 600
    with pytest.raises(TypeError) as info:
        tonk.svg.draw_positions(["QH"])  # type: ignore[list-item]
    assert str(info.value) == (
        "expected a GameState, an Observation or a GameRecord, got 'QH'"
    )
