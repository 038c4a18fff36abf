"""How each event changes a game (``FOLDS``: one fold a kind of event), and how a bout ends.

A fold changes a state under construction in place: a fresh ``State.copy`` that nobody
else holds yet. One fold serves three callers, so each change is written once: ``apply``
(replay: one copy per event), ``decide`` (one copy per action; it records the events) and
``step`` (search: one copy per action, no events). ``settle`` ends a bout when nobody may
act in it any more: the discard or the pick-up, the draw (``drawing``), players leaving,
hands passed, the end of the game or the next bout, each decided by a function of its own
(the rules they follow: docs/rules.md#after-a-bout) and folded by the same ``FOLDS`` as
``apply`` uses, its event recorded only when the caller keeps events.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from games.engine.cards import BIT, SAME_RANK, card_list
from games.engine.drawing import cards_drawn, draw, drawing_order
from games.engine.events import (
    AttackPlayed,
    AttackTransferred,
    BoutEnded,
    BoutStarted,
    CardBeaten,
    CardsDealt,
    CardsDrawn,
    Event,
    GameFinished,
    HandsPassed,
    Passed,
    PlayerOut,
    SeatGivenUp,
    TakeDeclared,
)
from games.engine.state import NO_CARD, NO_SEAT, State, defender_for, derive, next_active, partners


def _take_out_of_hand(s: State, seat: int, mask: int) -> None:
    hands = list(s.hands)
    hands[seat] &= ~mask
    s.hands = tuple(hands)
    if s.known[seat] & mask:
        known = list(s.known)
        known[seat] &= ~mask
        s.known = tuple(known)


def _table_changed(s: State) -> None:
    """A card laid or a take declared: every pass is cleared. Round the table
    (``throw_in_order="round"``) the right to throw in stays where it stands, with the
    current thrower; otherwise it goes back to the attacker (``turn`` stays NO_SEAT)."""
    if s.thrower >= 0 and s.options.round_order:
        s.turn = s.thrower
    s.passed = 0


def attack_played(s: State, seat: int, cards: tuple[int, ...]) -> None:
    mask = 0
    ranks = s.table_ranks
    for card in cards:
        mask |= BIT[card]
        ranks |= SAME_RANK[card]
    _take_out_of_hand(s, seat, mask)
    if len(cards) == 1:
        s.table = s.table + ((cards[0], NO_CARD),)
    else:
        s.table = s.table + tuple((card, NO_CARD) for card in cards)
    s.table_ranks = ranks
    s.unbeaten += len(cards)
    _table_changed(s)


def card_beaten(s: State, seat: int, card: int, target: int) -> None:
    _take_out_of_hand(s, seat, BIT[card])
    table = list(s.table)
    table[target] = (table[target][0], card)
    s.table = tuple(table)
    s.table_ranks |= SAME_RANK[card]
    s.unbeaten -= 1
    _table_changed(s)


def attack_transferred(s: State, seat: int, cards: tuple[int, ...], shown: bool, defender: int) -> None:
    mask = 0
    for card in cards:
        mask |= BIT[card]
    if shown:
        # «Проездной»: the trump is shown, not laid; it stays in hand for all to remember.
        known = list(s.known)
        known[seat] |= mask
        s.known = tuple(known)
        s.proezdnoy_used |= 1 << seat
    else:
        _take_out_of_hand(s, seat, mask)
        s.table = s.table + tuple((card, NO_CARD) for card in cards)
        s.unbeaten += len(cards)
    if not s.rules.initiator_throws_after_transfer:
        # Three players (text 000): «инициатор хода больше не может подбрасывать, и это
        # делает переводивший игрок» (docs/rules.md#transfers).
        s.barred = 1 << s.attacker
    s.attacker = seat
    s.defender = defender
    s.start_hand = s.hands[defender].bit_count()
    s.passed = 0
    s.turn = NO_SEAT  # who transferred throws in first
    s.taking = False


def take_declared(s: State) -> None:
    # Everyone may add cards вдогонку now, even those who passed on the table as it was.
    s.taking = True
    _table_changed(s)


def passed(s: State, seat: int) -> None:
    s.passed |= 1 << seat
    if s.options.round_order:
        # The right moves on round the table (docs/rules.md#throwing-in).
        s.turn = (seat + 1) % len(s.hands)


def bout_ended(s: State, taken: bool, defender: int, cards: tuple[int, ...]) -> None:
    mask = 0
    for card in cards:
        mask |= BIT[card]
    if taken:
        hands = list(s.hands)
        known = list(s.known)
        hands[defender] |= mask
        known[defender] |= mask
        s.hands = tuple(hands)
        s.known = tuple(known)
    else:
        s.discard |= mask
    s.table = ()
    s.table_ranks = 0
    s.unbeaten = 0
    s.taking = False
    s.passed = 0
    s.turn = NO_SEAT
    s.barred = 0
    s.bouts += 1


def player_out(s: State, seat: int) -> None:
    s.out |= 1 << seat
    s.places = s.places + (seat,)


def bout_started(s: State, attacker: int, defender: int) -> None:
    s.attacker = s.lead = attacker
    s.defender = defender
    s.start_hand = s.hands[defender].bit_count()
    s.passed = 0
    s.taking = False
    s.table = ()
    s.table_ranks = 0
    s.unbeaten = 0


def hands_passed(s: State) -> None:
    """Everyone still in hands their cards to the next player still in, clockwise; what the
    table knew of a hand (cards picked up, the face-up trump) goes with it."""
    out = s.out
    active = [seat for seat in range(len(s.hands)) if not out >> seat & 1]
    if len(active) < 2:
        return
    hands = list(s.hands)
    known = list(s.known)
    for i, seat in enumerate(active):
        giver = active[i - 1]
        hands[seat] = s.hands[giver]
        known[seat] = s.known[giver]
    s.hands = tuple(hands)
    s.known = tuple(known)


def game_finished(s: State, result: GameFinished) -> None:
    s.result = result


def seat_given_up(s: State, seat: int) -> None:
    """The seat joins the given-up ones (``leaving``)."""
    s.given_up |= 1 << seat


def cards_dealt(s: State, dealt_hands: tuple[tuple[int, ...], ...]) -> None:
    hands = []
    for hand in dealt_hands:
        mask = 0
        for card in hand:
            mask |= BIT[card]
        hands.append(mask)
    dealt = sum(len(h) for h in dealt_hands)
    known = [0] * len(hands)
    if dealt == len(s.deck):
        # The whole deck was dealt: the turned-up trump is in its holder's hand for all to see.
        for seat, mask in enumerate(hands):
            if mask & BIT[s.trump]:
                known[seat] = BIT[s.trump]
    s.hands = tuple(hands)
    s.known = tuple(known)
    s.deck_pos = dealt


# How each kind of event changes a state: the one place an event's effect is written
# (``GameStarted`` makes the state instead: ``fold.new_state``).
FOLDS: Final[dict[type, Callable[[State, Any], None]]] = {
    CardsDealt: lambda s, e: cards_dealt(s, e.hands),
    BoutStarted: lambda s, e: bout_started(s, e.attacker, e.defender),
    AttackPlayed: lambda s, e: attack_played(s, e.seat, e.cards),
    CardBeaten: lambda s, e: card_beaten(s, e.seat, e.card, e.target),
    AttackTransferred: lambda s, e: attack_transferred(s, e.seat, e.cards, e.shown, e.defender),
    TakeDeclared: lambda s, e: take_declared(s),
    Passed: lambda s, e: passed(s, e.seat),
    BoutEnded: lambda s, e: bout_ended(s, e.outcome == "taken", e.defender, e.cards),
    CardsDrawn: lambda s, e: cards_drawn(s, e.seat, e.cards),
    PlayerOut: lambda s, e: player_out(s, e.seat),
    HandsPassed: lambda s, e: hands_passed(s),
    SeatGivenUp: lambda s, e: seat_given_up(s, e.seat),
    GameFinished: lambda s, e: game_finished(s, e),
}


def settle(s: State, record: list[Event] | None) -> None:
    """Bring the derived fields up to date and, if the bout is over, play out everything
    that follows by the rules alone, appending its events to ``record`` when given."""
    derive(s)
    if s.thrower != NO_SEAT or not s.table or (s.unbeaten and not s.taking):
        return  # the bout goes on
    _after_bout(s, record)


def _after_bout(s: State, record: list[Event] | None) -> None:
    """Everything that follows a bout, in the order of docs/rules.md#after-a-bout: the
    table is discarded or taken, hands are filled, players leave, hands pass (круглый
    дурак), then the game ends or the next bout starts."""
    defender = s.defender
    taken = s.taking
    _clear_table(s, defender, taken, record)
    order = drawing_order(s.rules, s.lead, defender, len(s.hands))
    drew = draw(s, order, record)
    _players_out(s, order, record)
    if _hands_move_on(s, drew, taken):
        hands_passed(s)
        if record is not None:
            record.append(HandsPassed(tuple(tuple(card_list(hand)) for hand in s.hands)))
    finished = finish(s, defender) if s.out else None
    if finished is not None:
        if record is not None:
            record.append(finished)
        game_finished(s, finished)
    else:
        _next_bout(s, defender, taken, record)
    derive(s)


def _clear_table(s: State, defender: int, taken: bool, record: list[Event] | None) -> None:
    """The table goes to the discard pile (beaten) or to the defender's hand (taken)."""
    cards = tuple(c for pair in s.table for c in pair if c >= 0)
    if record is not None:
        record.append(BoutEnded("taken" if taken else "beaten", defender, cards))
    bout_ended(s, taken, defender, cards)


def _players_out(s: State, order: list[int], record: list[Event] | None) -> None:
    """Once the deck is empty, a player without cards leaves the game, in drawing order
    (docs/rules.md#going-out)."""
    if s.deck_pos < len(s.deck):
        return
    for seat in order:
        if not s.out >> seat & 1 and not s.hands[seat]:
            if record is not None:
                record.append(PlayerOut(seat))
            player_out(s, seat)


def _hands_move_on(s: State, drew: bool, taken: bool) -> bool:
    """Whether the hands pass after this bout (docs/rules.md#passing-hands). «Круглый
    дурак»: hands move on after the draw, before anyone leads again. Once the deck is gone
    they move only after a bout beaten off: every such bout discards cards, so passing
    cannot keep a game going for ever."""
    return bool(s.rules.pass_hands and (drew or not taken) and s.out.bit_count() < len(s.hands) - 1)


def _next_bout(s: State, defender: int, taken: bool, record: list[Event] | None) -> None:
    """Start the next bout (docs/rules.md#who-leads-next): after a take the player to the
    defender's left attacks, after a bout beaten off the defender (or its successor)."""
    if not taken:
        attacker = defender if not s.out >> defender & 1 else successor(s, defender)
    else:
        attacker = next_active(s, defender)
    next_defender = defender_for(s, attacker)
    if record is not None:
        record.append(BoutStarted(attacker, next_defender))
    bout_started(s, attacker, next_defender)


def successor(state: State, seat: int) -> int:
    """Who attacks after ``seat`` beat off its last cards: the next player clockwise, or at a
    team table the next partner clockwise (docs/rules.md#who-leads-next)."""
    rules = state.rules
    if rules.teams:
        n = len(state.hands)
        for step in range(1, n):
            other = (seat + step) % n
            if partners(rules, seat, other) and not state.out >> other & 1:
                return other
    return next_active(state, seat)


def finish(state: State, last_defender: int) -> GameFinished | None:
    """The result once at most one player (or one team) holds cards, else None."""
    rules = state.rules
    n = len(state.hands)
    active = [s for s in range(n) if not state.out >> s & 1]
    if rules.teams:
        teams_left = {s % 2 for s in active}
        if len(teams_left) > 1:
            return None
        if teams_left:
            team = teams_left.pop()
        elif rules.draw_allowed:
            return GameFinished(None, True, (), state.places)
        else:
            team = last_defender % 2
        losers = tuple(s for s in range(n) if s % 2 == team)
        durak = active[0] if len(active) == 1 else None
        return GameFinished(durak, False, losers, state.places)
    if len(active) > 1:
        return None
    if active:
        return GameFinished(active[0], False, (active[0],), state.places)
    if rules.draw_allowed:
        return GameFinished(None, True, (), state.places)
    return GameFinished(last_defender, False, (last_defender,), state.places)
