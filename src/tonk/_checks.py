"""Private: checks that a deserialized state or outcome could have been reached.

A :class:`~tonk.state.GameState` read from untrusted data, or forged with
``attrs.evolve``, may be anything: cards duplicated or missing, seats off the
table, a phase that contradicts its fields. These checks (:func:`tonk.validate`
and the JSON loader) reject such states with an
:class:`~tonk.errors.InvalidStateError` naming the JSON path, so that the
engine never meets a state it could crash on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from tonk._codec import child, item
from tonk._compiled import compiled
from tonk._present import plural
from tonk._spreads import elements_of, lay_out
from tonk._validate import brief, is_int
from tonk.cards import Card, Rank
from tonk.engine import legal_actions
from tonk.errors import InvalidStateError
from tonk.rules import Rules
from tonk.scoring import hand_count
from tonk.state import GameState, Outcome, OutcomeKind, Phase, SlapWindow, Stake

_PER_SEAT_KINDS: dict[str, type] = {
    "waits": int,
    "going_out_barred": bool,
    "hit_this_round": bool,
    "exchanged": bool,
}
"""The bookkeeping's values held one a seat, and the type of each."""

_DROPS = frozenset({OutcomeKind.DROP_WON, OutcomeKind.CAUGHT, OutcomeKind.FORCED_KNOCK})
_OUTS = frozenset({OutcomeKind.TONK_OUT, OutcomeKind.OUT_BY_DISCARD})
_DROPS_AND_TUNKS = _DROPS | {OutcomeKind.TUNK}  # the tunker is the dropper (H5)


def _fail(message: str, path: str) -> InvalidStateError:
    return InvalidStateError(message, path=path)


def _stake(amount: Stake) -> str:
    """Return ``amount`` as :func:`str` writes it, a huge part by its size."""
    if isinstance(amount, Fraction) and amount.denominator != 1:
        return f"{brief(amount.numerator)}/{brief(amount.denominator)}"
    return brief(int(amount))


def _check_seat(seat: int, players: int, path: str) -> None:
    if not 0 <= seat < players:
        raise _fail(
            f"seat {brief(seat)} is not at the table of {players} players", path
        )


def _check_distinct_seats(seats: Sequence[int], players: int, path: str) -> None:
    for index, seat in enumerate(seats):
        _check_seat(seat, players, item(path, index))
        if seat in seats[:index]:
            raise _fail(f"seat {brief(seat)} is repeated", item(path, index))


def check_outcome(outcome: Outcome, players: int, path: str) -> None:
    """Check that an outcome fits a table of ``players`` and adds up.

    Raises:
        InvalidStateError: For the first thing wrong, with its path.
    """
    if len(outcome.payoffs) != players:
        raise _fail(
            f"{plural(len(outcome.payoffs), 'payoff')} for a table of"
            f" {players} players",
            child(path, "payoffs"),
        )
    for index, transfer in enumerate(outcome.transfers):
        where = item(child(path, "transfers"), index)
        _check_seat(transfer.payer, players, child(where, "payer"))
        _check_seat(transfer.payee, players, child(where, "payee"))
        if transfer.payer == transfer.payee:
            raise _fail("a seat cannot pay itself", child(where, "payee"))
        if transfer.amount <= 0:
            raise _fail(
                f"an amount must be more than 0, got {brief(transfer.amount)}",
                child(where, "amount"),
            )
    net = Outcome.from_transfers(
        outcome.kind, players, winners=(), transfers=outcome.transfers
    ).payoffs
    if net != outcome.payoffs:
        shown = ", ".join(map(_stake, net))
        raise _fail(
            f"the payoffs must be the net of the transfers: ({shown})",
            child(path, "payoffs"),
        )
    _check_distinct_seats(outcome.winners, players, child(path, "winners"))
    if outcome.dropper is not None:
        _check_seat(outcome.dropper, players, child(path, "dropper"))
    if (outcome.dropper is not None) != (outcome.kind in _DROPS_AND_TUNKS):
        raise _fail(
            "a dropper is given exactly when the hand ended by a drop or a tunk",
            child(path, "dropper"),
        )
    counts = outcome.counts
    if (counts is None) != (outcome.kind in _OUTS):
        raise _fail(
            "the counts are shown unless a player went out", child(path, "counts")
        )
    if counts is not None:
        if len(counts) != players:
            raise _fail(
                f"{plural(len(counts), 'count')} for a table of {players} players",
                child(path, "counts"),
            )
        for index, count in enumerate(counts):
            if count < 0:
                raise _fail(
                    f"a count cannot be negative, got {brief(count)}",
                    item(child(path, "counts"), index),
                )


def _check_cards(state: GameState, players: int) -> None:
    """Check that the cards in play are exactly the rules' pack."""
    cards_in_play = state.rules.pack(players=players)
    places: list[tuple[str, Sequence[Card]]] = [
        (item("$.hands", seat), hand) for seat, hand in enumerate(state.hands)
    ]
    places += [
        ("$.stock", state.stock),
        ("$.discard_pile", state.discard_pile),
        ("$.widows", state.widows),
    ]
    places += [
        (child(item("$.spreads", index), "cards"), spread.cards)
        for index, spread in enumerate(state.spreads)
    ]
    found = sorted(card.code for _, cards in places for card in cards)
    if found == sorted(card.code for card in cards_in_play):
        return  # the common case; the walk below names the first wrong card
    pack = Counter(cards_in_play)
    left = pack.copy()
    for path, cards in places:
        for index, card in enumerate(cards):
            if left[card] == 0:
                if card not in pack:
                    raise _fail(
                        f"{card} is not in the pack of these rules", item(path, index)
                    )
                raise _fail(
                    f"one {card} too many: the pack holds {pack[card]}",
                    item(path, index),
                )
            left[card] -= 1
    for card in sorted(left):
        if left[card]:
            raise _fail(
                f"{card} is missing: the pack holds {pack[card]}, the state"
                f" {pack[card] - left[card]}",
                "$",
            )


def _check_hands(state: GameState, players: int) -> None:
    rules = state.rules
    for seat, hand in enumerate(state.hands):
        path = item("$.hands", seat)
        codes = [card.code for card in hand]
        if codes != sorted(codes):
            raise _fail("a hand must be sorted by suit, then rank", path)
        limit = rules.hand_size_for(players)  # X2
        if (
            state.phase is Phase.AFTER_DRAW and seat == state.to_move
        ) or seat == state.bookkeeping.tunker:  # H5: a tunk does not discard
            limit += 1
        if len(hand) > limit:
            raise _fail(
                f"{plural(len(hand), 'card')}, more than a hand can hold now ({limit})",
                path,
            )
        taken = state.taken[seat]
        if taken and Counter(taken) - Counter(hand):
            raise _fail(
                "the cards taken from the discard pile must be in the hand",
                item("$.taken", seat),
            )


def _check_spreads(state: GameState, players: int) -> None:
    rules = state.rules
    tables = compiled(rules).tables
    copies = rules.packs_for(players)
    for index, spread in enumerate(state.spreads):
        path = item("$.spreads", index)
        if spread.number != index + 1:
            raise _fail(
                f"spread {index + 1} must have number {index + 1},"
                f" got {brief(spread.number)}",
                child(path, "number"),
            )
        _check_seat(spread.owner, players, child(path, "owner"))
        if not 0 <= spread.turn <= state.turns_taken:
            raise _fail(
                f"turn {brief(spread.turn)} is not one of the hand's turns"
                f" 0..{brief(state.turns_taken)}",
                child(path, "turn"),
            )
        if index and spread.turn < state.spreads[index - 1].turn:
            raise _fail(
                "spreads are numbered in the order of the turns they were laid in",
                child(path, "turn"),
            )
        laid_by = _seat_of_turn(state, players, spread.turn)
        if spread.owner != laid_by:
            raise _fail(
                f"turn {brief(spread.turn)} was seat {laid_by}'s (B6), so seat"
                f" {spread.owner} cannot have laid spread {index + 1} in it",
                child(path, "owner"),
            )
        for number, seat in enumerate(spread.hitters):
            _check_seat(seat, players, item(child(path, "hitters"), number))
        size = len(spread.cards)
        if len(spread.stands_for) != size:
            raise _fail(
                f"{plural(len(spread.stands_for), 'card')} stood for, for {size} cards",
                child(path, "stands_for"),
            )
        if len(spread.hitters) > size - 3:
            raise _fail(
                f"{plural(len(spread.hitters), 'hit')} onto a spread of {size} cards",
                child(path, "hitters"),
            )
        for number, (card, natural) in enumerate(
            zip(spread.cards, spread.stands_for, strict=True)
        ):
            if natural.rank is Rank.JOKER:
                raise _fail(
                    "a card stands for a natural card, not a joker",
                    item(child(path, "stands_for"), number),
                )
            if card != natural and not rules.is_wild(card):
                raise _fail(
                    f"{card} is not wild, so it cannot stand for {natural}",
                    item(child(path, "cards"), number),
                )
        laid = lay_out(elements_of(spread.cards, spread.stands_for), tables, copies)
        if laid is None or laid[0] is not spread.kind:
            raise _fail(f"not a valid {spread.kind.value}", path)
        if laid[2] != spread.stands_for:
            raise _fail(
                f"the cards of a {spread.kind.value} must be laid out in order",
                child(path, "stands_for"),
            )


def _check_phase(state: GameState, players: int) -> None:
    rules = state.rules
    phase = state.phase
    if (state.outcome is None) == (phase is Phase.HAND_OVER):
        raise _fail(
            "a state has an outcome exactly when its phase is hand_over", "$.outcome"
        )
    if state.turns_taken < 0:
        raise _fail(
            f"cannot be negative, got {brief(state.turns_taken)}", "$.turns_taken"
        )
    limit = rules.max_turns
    if (
        limit is not None
        and state.bookkeeping.tunker is None
        and (
            state.turns_taken > limit
            or (state.turns_taken == limit and phase is not Phase.HAND_OVER)
        )
    ):
        raise _fail(
            f"the hand ends after max_turns={limit} turns, at the latest",
            "$.turns_taken",
        )
    if phase in (Phase.TURN_START, Phase.AFTER_DRAW):
        due = _seat_of_turn(state, players, state.turns_taken)
        if state.to_move != due:
            raise _fail(
                f"seat {due} is to move, not seat {state.to_move}: the dealer's"
                " left plays the first turn, then play goes left (B6)",
                "$.to_move",
            )
    if state.must_use is not None and (
        phase is not Phase.AFTER_DRAW
        or (rules.discard_pickup and not rules.discard_draw_must_meld)
        or state.must_use not in state.taken[state.to_move]  # taken: in the hand
    ):
        raise _fail(
            "a card must be used at once (V24d), or kept (X8), only just after"
            " taking it from the discard pile, and it is then in the hand",
            "$.must_use",
        )
    _check_window(state, players)


def _check_stock(state: GameState, players: int) -> None:
    """Check the stock's size against the deal and the turns played (B4, B7).

    The deal leaves the stock what the hands, the widows (V46) and the upcard
    do not take; only a draw takes a card from it, at most one a turn, and
    nothing puts one back.
    """
    rules = state.rules
    dealt = players * (rules.hand_size_for(players) + rules.widow) + rules.upcard
    full = len(rules.pack(players=players)) - dealt
    # The turn under way, or the last one, may have drawn already (a slap's
    # extra discard comes after the turn: V26).
    draws = state.turns_taken + (state.phase in (Phase.AFTER_DRAW, Phase.HAND_OVER))
    size = len(state.stock)
    if size > full:
        raise _fail(
            f"{plural(size, 'card')} in the stock, more than the deal leaves ({full})",
            "$.stock",
        )
    if size < full - draws:  # so draws is small: no brief() needed
        raise _fail(
            f"{plural(size, 'card')} in the stock after"
            f" {plural(state.turns_taken, 'turn')}: the deal leaves {full}, and"
            " each turn draws at most one (B7)",
            "$.stock",
        )


def _check_bookkeeping(state: GameState, players: int) -> None:
    """Check the waits, bars, charges, hits and exchanges against the table.

    Each can only have come from what the table shows: a seat's wait from
    the spreads it laid and the hits onto them (V22, V23, X7), less the turns
    served; a going-out bar (V22) or a hit wait's charge (V22, X7) from a hit
    by another seat onto its spreads, the charge lasting until the wait it
    charged is served; the hits of this turn (V24b) from the seat's own hits,
    each a card its hand held after the draw; an exchange with the widow (V46)
    from a turn of its own.
    """
    rules = state.rules
    hit_cost = max(rules.hit_wait, rules.hit_wait_again or 0)  # V22, X7
    most_wait = [0] * players  # what the spreads could have charged each seat
    hit_by_others = [0] * players
    hits_made = [0] * players
    for spread in state.spreads:
        most_wait[spread.owner] += rules.spread_wait
        for seat in spread.hitters:
            hits_made[seat] += 1
            if seat == spread.owner:
                most_wait[seat] += rules.own_hit_wait
            else:
                most_wait[spread.owner] += hit_cost
                hit_by_others[spread.owner] += 1
    for seat in range(players):
        _check_seat_bookkeeping(state, seat, most_wait[seat], hit_by_others[seat])
    _check_hits_this_turn(state, players, hits_made[state.to_move])
    _check_tunk(state, players)


def _check_tunk(state: GameState, players: int) -> None:
    """Check the tunker and the buried upcard against the rules (H3, H5)."""
    rules = state.rules
    tunker = state.bookkeeping.tunker
    if type(state.bookkeeping.buried) is not bool:
        raise TypeError(f"buried must be a bool, got {brief(state.bookkeeping.buried)}")
    if state.bookkeeping.buried and not rules.upcard_first_only:
        raise _fail("only upcard_first_only buries the upcard (H3)", "$.buried")
    if tunker is None:
        return
    if not is_int(tunker):
        raise TypeError(f"tunker must be an int or None, got {brief(tunker)}")
    _check_seat(tunker, players, "$.tunker")
    if rules.tunk_at_most is None:
        raise _fail("these rules have no tunk (H5)", "$.tunker")
    if state.outcome is None:  # H6: only the others' last turns follow a tunk
        if not rules.last_turns:
            raise _fail(
                "without last_turns a tunk ends the hand at once (H5, H6)",
                "$.tunker",
            )
        if state.to_move == tunker:
            raise _fail(
                f"seat {tunker} has tunked: the last turns end back at it (H6)",
                "$.to_move",
            )
    if state.taken[tunker] != state.hands[tunker]:
        raise _fail(
            "the tunker's unmatched cards are face up: its taken cards are its hand",
            item("$.taken", tunker),
        )


def _check_seat_bookkeeping(
    state: GameState, seat: int, most_wait: int, hit_by_others: int
) -> None:
    """Check one seat's wait, going-out bar, hit charge and widow exchange."""
    rules = state.rules
    wait = state.waits[seat]
    if wait < 0:
        raise _fail(f"cannot be negative, got {brief(wait)}", item("$.waits", seat))
    if wait > most_wait:
        raise _fail(
            f"a wait of {brief(wait)} turns, more than the spreads seat {seat} laid"
            f" and the hits onto them could charge ({most_wait}; V22, V23)",
            item("$.waits", seat),
        )
    if state.going_out_barred[seat]:
        if not rules.hit_bars_going_out:
            raise _fail(
                "only hit_bars_going_out (V22) bars a seat from going out",
                "$.going_out_barred",
            )
        if not hit_by_others:
            raise _fail(
                f"no other seat has hit a spread of seat {seat}, so nothing bars"
                " it from going out (V22)",
                item("$.going_out_barred", seat),
            )
    if state.hit_this_round[seat] and not (rules.hit_wait and hit_by_others and wait):
        raise _fail(
            "a hit wait is charged for another seat's hit onto the seat's spread"
            " (hit_wait, V22), and the charge lasts only while that wait does",
            item("$.hit_this_round", seat),
        )
    if state.exchanged and state.exchanged[seat]:
        first_turn = (seat - state.dealer - 1) % len(state.hands)
        if state.turns_taken < first_turn:
            raise _fail(
                f"seat {seat} cannot have exchanged with its widow before its"
                " first turn (V46)",
                item("$.exchanged", seat),
            )


def _check_hits_this_turn(state: GameState, players: int, hits_made: int) -> None:
    """Check the hits of this turn: the rules' limit, the seat's own hits (V24b)."""
    rules = state.rules
    hits = state.hits_this_turn
    phase = state.phase
    if hits < 0 or (hits and phase not in (Phase.AFTER_DRAW, Phase.HAND_OVER)):
        raise _fail(
            f"{brief(hits)} hits made this turn, in phase {phase.value}",
            "$.hits_this_turn",
        )
    if rules.max_hits_per_turn is not None and hits > rules.max_hits_per_turn:
        raise _fail(
            "more hits made this turn than"
            f" max_hits_per_turn={rules.max_hits_per_turn} (V24b)",
            "$.hits_this_turn",
        )
    # A hit is a card from the hand, which held at most one more than was
    # dealt after the draw (X2).
    most = rules.hand_size_for(players) + 1 - len(state.hands[state.to_move])
    if hits > min(hits_made, most):
        raise _fail(
            # brief(): a forged count may be huge; plural() would write it all.
            f"{brief(hits)} {'hit' if hits == 1 else 'hits'} made this turn by seat"
            f" {state.to_move}, which"
            f" has made {plural(hits_made, 'hit')} in all and holds"
            f" {plural(len(state.hands[state.to_move]), 'card')}",
            "$.hits_this_turn",
        )


def _check_window(state: GameState, players: int) -> None:
    window = state.slap
    phase = state.phase
    if phase not in (Phase.SLAP_WINDOW, Phase.EXTRA_DISCARD):
        if window is not None:
            raise _fail(f"no slap-in window is open in phase {phase.value}", "$.slap")
        return
    rules = state.rules
    if window is None or not (rules.eating or (rules.slap_in and state.spreads)):
        raise _fail(
            f"phase {phase.value} needs "
            + (
                "an eating window"
                if rules.eating
                else "slap-in rules, a spread and a slap window"
            ),
            "$.slap",
        )
    if rules.eating:  # X5
        _check_eating_window(state, players, window)
    _check_seat(window.discarder, players, "$.slap.discarder")
    _check_seat(window.due, players, "$.slap.due")
    due = _seat_of_turn(state, players, state.turns_taken)
    if window.due != due:
        raise _fail(
            f"seat {due} is due to play the next turn (B6), not seat {window.due}",
            "$.slap.due",
        )
    if phase is Phase.SLAP_WINDOW:
        _check_distinct_seats(window.waiting, players, "$.slap.waiting")
        if not window.waiting or window.waiting[0] != state.to_move:
            raise _fail(
                "the first seat waiting must be the seat to move", "$.slap.waiting"
            )
        if window.slapper is not None:
            raise _fail("nobody has slapped while the window is open", "$.slap.slapper")
        if state.top_discard != window.card:
            raise _fail("the card to slap must be the top discard", "$.slap.card")
    else:
        if window.waiting:
            raise _fail("nobody waits once a slap is made", "$.slap.waiting")
        if window.slapper != state.to_move:
            raise _fail("the slapper is the seat to move", "$.slap.slapper")


def _check_eating_window(state: GameState, players: int, window: SlapWindow) -> None:
    """Check an eating window: the seats asked come after the due player (X5)."""
    if state.phase is not Phase.SLAP_WINDOW:
        raise _fail(
            f"under eating (X5) a window has no phase {state.phase.value}", "$.phase"
        )
    _check_seat(window.due, players, "$.slap.due")
    if window.discarder != (window.due - 1) % players:
        raise _fail(
            "the discard to eat was made by the seat on the due player's right",
            "$.slap.discarder",
        )
    for seat in window.waiting:
        if seat in (window.discarder, window.due):
            raise _fail(
                "neither the discarder nor the due player is asked to eat",
                "$.slap.waiting",
            )
    turns = [(seat - window.due) % players for seat in window.waiting]
    if turns != sorted(turns):
        raise _fail(
            "the seats are asked to eat from the due player's left",
            "$.slap.waiting",
        )


def _seat_of_turn(state: GameState, players: int, turn: int) -> int:
    """Return the seat that plays turn ``turn`` of the hand (counted from 0, B6)."""
    return (state.dealer + 1 + turn) % players


def _check_hand_sizes(state: GameState, players: int) -> None:
    """Check each hand's size against the cards its seat has put on the table.

    A seat is dealt ``hand_size_for(players)`` cards (X2), and each turn it
    draws one card and discards one; every card it lays in a spread or hits
    onto one (a slap included) leaves its hand. So a hand holds those less the cards
    placed, one more between its seat's draw and discard, or its slap and extra
    discard (V26). A few events leave a seat one card more: a slap that owes no
    extra discard (V26), a hit that ends the turn (V24c), an emptied hand under
    the boobed deck (V27), and the last turn of a finished hand.
    """
    rules = state.rules
    placed = [0] * players
    hits = [0] * players
    for spread in state.spreads:
        placed[spread.owner] += len(spread.cards) - len(spread.hitters)
        for seat in spread.hitters:
            placed[seat] += 1
            hits[seat] += 1
    mid_turn = state.phase in (Phase.AFTER_DRAW, Phase.EXTRA_DISCARD)
    dealt = rules.hand_size_for(players)  # X2
    for seat, hand in enumerate(state.hands):
        least = dealt - placed[seat] + (mid_turn and seat == state.to_move)
        spare = hits[seat] if rules.slap_in or rules.hit_ends_turn else 0
        spare += rules.boobed_deck and not hand
        # H5, H6: the tunker does not discard; a last turn may empty a hand
        spare += state.bookkeeping.tunker is not None and (
            seat == state.bookkeeping.tunker or not hand
        )
        spare += state.phase is Phase.HAND_OVER and seat == state.to_move
        if not least <= len(hand) <= least + spare:
            shown = f"{least}..{least + spare}" if spare else str(least)
            raise _fail(
                f"seat {seat} holds {plural(len(hand), 'card')}, but with the cards"
                f" it has placed and the phase {state.phase.value} it must hold"
                f" {shown}",
                item("$.hands", seat),
            )


def _check_result(state: GameState, players: int) -> None:
    outcome = state.outcome
    if outcome is None:
        if not legal_actions(state):
            raise _fail("the player to move would have no legal action", "$")
        return
    check_outcome(outcome, players, "$.outcome")
    counts = tuple(hand_count(hand, state.rules) for hand in state.hands)
    if outcome.counts is not None and outcome.counts != counts:
        shown = ", ".join(map(str, counts))
        raise _fail(
            f"the counts must be those of the hands: ({shown})", "$.outcome.counts"
        )


def check_state(state: GameState) -> None:
    """Check that a state is one the engine could have reached.

    The checks: the table fits the rules; seats are at the table; one value per
    seat where there should be; the cards are exactly the rules' pack; hands
    are sorted and hold the cards known taken; spreads are valid books and
    runs, numbered in order, each laid by the seat whose turn it was; the seat
    to move (or due after a slap-in window) is the one whose turn it is (B6);
    counters are not negative and within their rules; the stock holds what
    the deal left, less at most one card a turn; a card to use was taken from
    the pile; a live hand's tunker plays last turns only (H6); the waits, going-out
    bars, hit charges, hits of the turn and widow exchanges are what the
    spreads, the hits onto them and the turns played could give (V22-V24b,
    V46, X7); the phase agrees with the slap window, the card to use, the hits
    and the outcome; every hand's size
    agrees with the cards its seat has placed and the phase; the outcome adds
    up and shows the hands' counts; a live state offers a legal action.

    Raises:
        InvalidStateError: For the first thing wrong, with its path.
        TypeError: If the rules, the phase, a counter or a seat's wait or flag
            has the wrong type.
    """
    given: tuple[object, object] = (state.rules, state.phase)  # forged, perhaps
    if not isinstance(given[0], Rules) or not isinstance(given[1], Phase):
        raise TypeError("a state's rules must be a Rules and its phase a Phase")
    for name in ("dealer", "to_move", "turns_taken", "hits_this_turn"):
        if not is_int(getattr(state, name)):
            raise TypeError(f"{name} must be an int, got {getattr(state, name)!r}")
    rules: Rules = state.rules
    players = len(state.hands)
    if not 2 <= players <= rules.max_players:
        raise _fail(
            f"{plural(players, 'hand')}, but these rules seat"
            f" 2..{rules.max_players} players",
            "$.hands",
        )
    _check_seat(state.dealer, players, "$.dealer")
    _check_seat(state.to_move, players, "$.to_move")
    per_seat = ["waits", "going_out_barred", "hit_this_round", "taken"]
    widow_seats = players if rules.widow else 0
    for name, count in [(name, players) for name in per_seat] + [
        ("widows", widow_seats),
        ("exchanged", widow_seats),
    ]:
        values = getattr(state, name)
        if len(values) != count:
            raise _fail(
                f"must hold {count} values, one a seat, got {len(values)}", f"$.{name}"
            )
    for name, kind in _PER_SEAT_KINDS.items():
        for value in getattr(state, name):
            if type(value) is not kind:  # a bool is no wait, nor 1 a flag
                raise TypeError(
                    f"{name} must hold one {kind.__name__} per seat, got {brief(value)}"
                )
    _check_cards(state, players)
    _check_hands(state, players)
    _check_spreads(state, players)
    _check_phase(state, players)
    _check_bookkeeping(state, players)
    _check_hand_sizes(state, players)
    _check_stock(state, players)
    _check_result(state, players)
