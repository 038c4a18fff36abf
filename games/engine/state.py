"""The immutable state of a game, and the questions about seats that the rules ask.

State is a ``NamedTuple``: truly immutable, compared field by field (so a replayed
game can be checked against the live one), and cheap to rebuild with ``evolve``.
Card sets are int bitmasks (see ``cards``); seats are ints, ``-1`` meaning none.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from games.engine.cards import RANK_OF, SAME_RANK
from games.engine.events import GameFinished
from games.engine.rules import Rules

NO_CARD = -1
NO_SEAT = -1


class State(NamedTuple):
    rules: Rules
    beaters: tuple[int, ...]  # beaters[card]: the set of cards that beat it in this game
    deck: tuple[int, ...]  # the whole deck order from GameStarted; never changes
    deck_pos: int  # index in ``deck`` of the next card to draw
    trump: int  # the card turned up under the deck
    trump_suit: int  # -1 when the game has no trump (spades turned up in «пики пиками»)
    hands: tuple[int, ...]
    known: tuple[int, ...]  # cards of each hand everyone at the table saw go in
    discard: int
    table: tuple[tuple[int, int], ...]  # (attack card, beating card or NO_CARD)
    table_ranks: int  # every card of a rank that lies on the table: what may be thrown in
    attacker: int  # first to throw in: who led, or who transferred last
    defender: int
    lead: int  # who opened the bout: draws first after it
    start_hand: int  # the defender's hand when the bout (or the last transfer) began
    passed: int  # seats (bitmask) that passed since the table last changed
    taking: bool  # the defender declared «взять»
    bouts: int  # bouts finished so far: 0 during the first bout
    out: int  # seats (bitmask) that left the game with no cards
    places: tuple[int, ...]  # seats in the order they went out
    proezdnoy_used: int  # seats (bitmask) that have shown a trump to transfer
    result: GameFinished | None
    # Derived from the fields above by ``evolve``, kept because every move asks for them:
    unbeaten: int  # attack cards on the table not beaten yet
    room: int  # how many more attack cards the table may take now (0 while it is empty)
    thrower: int  # whose turn it is to throw in or pass (NO_SEAT: nobody's)
    # Kept by two options only; under the others they stay at these defaults.
    # Where the right to throw in stands with ``throw_in_order="round"``: the throw-in
    # order starts here (NO_SEAT: at the attacker, as it always does otherwise).
    turn: int = NO_SEAT
    # Seats that may not throw in for the rest of the bout: the attacker a transfer came
    # from, with ``initiator_throws_after_transfer=False``.
    barred: int = 0
    # Seats (bitmask) their person gave up during the game (``SeatGivenUp``): the
    # computer plays them from then on, and they rank last.
    given_up: int = 0

    def evolve(self, **changes: object) -> State:
        """A copy with ``changes`` and the derived fields brought up to date.

        Use this, never ``_replace``, which would leave ``unbeaten``/``room``/``thrower``
        stale (they depend on the hands and the table).
        """
        values: list[Any] = list(self)
        for name, value in changes.items():
            values[_INDEX[name]] = value
        _derive(values)
        return _new_tuple(State, values)

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def deck_count(self) -> int:
        return len(self.deck) - self.deck_pos

    @property
    def finished(self) -> bool:
        return self.result is not None


_INDEX = {name: i for i, name in enumerate(State._fields)}
_new_tuple = tuple.__new__


def partners(rules: Rules, a: int, b: int) -> bool:
    """Seats on one team (teams alternate round the table)."""
    return rules.teams and a != b and (a - b) % 2 == 0


def next_active(state: State, seat: int) -> int:
    """The next seat clockwise after ``seat`` still in the game (may be ``seat`` itself)."""
    n = state.rules.players
    out = state.out
    for step in range(1, n + 1):
        other = (seat + step) % n
        if not out >> other & 1:
            return other
    return NO_SEAT


def defender_for(state: State, attacker: int) -> int:
    """Whom ``attacker`` attacks: the next seat in the game that is not a partner."""
    n = state.rules.players
    out = state.out
    for step in range(1, n):
        other = (attacker + step) % n
        if not out >> other & 1 and not partners(state.rules, attacker, other):
            return other
    return NO_SEAT


def previous_active(state: State, seat: int) -> int:
    """The next seat counter-clockwise before ``seat`` still in the game."""
    n = state.rules.players
    for step in range(1, n + 1):
        other = (seat - step) % n
        if not state.out >> other & 1:
            return other
    return NO_SEAT


def throw_in_start(state: State) -> int:
    """Where the throw-in order starts: the attacker, or with ``throw_in_order="round"``
    wherever the right to throw in has gone round to."""
    return state.turn if state.turn != NO_SEAT else state.attacker


def throwers(state: State) -> list[int]:
    """Who may throw in to the defender, in the order they have the right: from the
    attacker (or where the right stands, round the table), then the others clockwise.
    Never the defender, nor the defender's partner, nor a seat barred after a transfer."""
    rules = state.rules
    if not rules.throw_ins:
        return []
    n = rules.players
    defender = state.defender
    if rules.throw_in == "all":
        members = [s for s in range(n) if not state.out >> s & 1]
    else:
        # The attacker («заходящий») always; then the defender's neighbours in the game.
        members = [state.attacker, next_active(state, defender)]
        if rules.throw_in == "both_neighbours":
            members.append(previous_active(state, defender))
    start = throw_in_start(state)
    order = sorted(set(members), key=lambda seat: (seat - start) % n)
    barred = state.barred
    return [s for s in order if s != defender and not partners(rules, s, defender) and not barred >> s & 1]


def attack_limit(state: State) -> int:
    """How many attack cards the table may hold in this bout (start_hand reading), or the
    cap alone (current_hand reading, where ``room`` also counts the defender's hand)."""
    return _limit(state.rules, state.bouts, state.deck_pos >= len(state.deck), state.start_hand, state.taking)


def bout_cap(rules: Rules, bouts: int, taking: bool) -> int:
    """The bout's cap before the defender's hand is counted: five in a short first bout
    (until the defender takes, with ``first_bout_take_sixth``), else ``bout_limit``."""
    if bouts == 0 and not (taking and rules.first_bout_take_sixth):
        return rules.first_bout_limit
    return rules.bout_limit


def _limit(rules: Rules, bouts: int, deck_empty: bool, start_hand: int, taking: bool) -> int:
    cap = bout_cap(rules, bouts, taking)
    if deck_empty and not rules.cap_when_deck_empty:
        cap = 52  # no cap: only the defender's hand limits the bout
    if rules.limit_by == "start_hand":
        return min(cap, start_hand)
    return cap


def room(state: State) -> int:
    """How many more attack cards may be put on the table now."""
    return state.room


def current_thrower(state: State) -> int:
    """The seat whose turn it is to throw in or pass, or NO_SEAT when nobody may.

    Chosen by position alone: a thrower with no card of a table rank is asked all the same
    and may only pass, so the choice never depends on a hidden hand; only a seat holding
    no card at all (a count everyone sees) is passed over.
    """
    return state.thrower


(
    _RULES, _BEATERS, _DECK, _DECK_POS, _TRUMP, _TRUMP_SUIT, _HANDS, _KNOWN, _DISCARD, _TABLE,
    _TABLE_RANKS, _ATTACKER, _DEFENDER, _LEAD, _START_HAND, _PASSED, _TAKING, _BOUTS, _OUT,
    _PLACES, _PROEZDNOY, _RESULT, _UNBEATEN, _ROOM, _THROWER, _TURN, _BARRED, _GIVEN_UP,
) = range(len(State._fields))


def _derive(v: list[Any]) -> None:
    """Recompute every derived field of a state held as a list of its values."""
    unbeaten = 0
    for pair in v[_TABLE]:
        if pair[1] < 0:
            unbeaten += 1
    v[_UNBEATEN] = unbeaten
    _derive_turn(v)


def _derive_turn(v: list[Any]) -> None:
    """Recompute ``room`` and ``thrower``, trusting ``unbeaten`` (kept by the moves)."""
    table = v[_TABLE]
    defender = v[_DEFENDER]
    if not table or defender < 0 or v[_RESULT] is not None:
        v[_ROOM] = 0
        v[_THROWER] = NO_SEAT
        return
    rules: Rules = v[_RULES]
    if rules.limit_by == "start_hand" and rules.cap_when_deck_empty:
        cap = rules.bout_limit if v[_BOUTS] else bout_cap(rules, 0, v[_TAKING])
        start = v[_START_HAND]
        free = (cap if cap < start else start) - len(table)
    else:
        free = _limit(rules, v[_BOUTS], v[_DECK_POS] >= len(v[_DECK]), v[_START_HAND], v[_TAKING]) - len(table)
        if rules.limit_by == "current_hand":
            free = min(free, v[_HANDS][defender].bit_count() - v[_UNBEATEN])
    if free <= 0 or not rules.throw_ins or (v[_TAKING] and not rules.throw_after_take):
        v[_ROOM] = free if free > 0 else 0
        v[_THROWER] = NO_SEAT
        return
    v[_ROOM] = free
    # By position, never by holding (docs/rules.md#throwing-in): a seat with cards is asked
    # even when it holds nothing of a table rank, and passes, so who is asked and every
    # ``passed`` event say nothing of a hand. Only an empty hand, a public count, is skipped.
    skip = v[_PASSED] | v[_OUT]
    hands = v[_HANDS]
    if rules.throw_in == "all" and not rules.teams:
        # The common table, inlined: everyone still in but the defender (and a seat barred
        # after a transfer), from the attacker or where the right stands.
        n = len(hands)
        skip |= v[_BARRED]
        seat = v[_TURN]
        if seat < 0:
            seat = v[_ATTACKER]
        for _ in range(n):
            if seat != defender and not skip >> seat & 1 and hands[seat]:
                v[_THROWER] = seat
                return
            seat = seat + 1 if seat + 1 < n else 0
        v[_THROWER] = NO_SEAT
        return
    v[_THROWER] = NO_SEAT
    for seat in throwers(_new_tuple(State, v)):
        if not skip >> seat & 1 and hands[seat]:
            v[_THROWER] = seat
            return


def table_ranks_of(table: tuple[tuple[int, int], ...]) -> int:
    ranks = 0
    for attack, defense in table:
        ranks |= SAME_RANK[attack]
        if defense >= 0:
            ranks |= SAME_RANK[defense]
    return ranks


def lead_rank(state: State) -> int:
    return RANK_OF[state.table[0][0]] if state.table else 0
