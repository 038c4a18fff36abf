"""The state of a game, and the questions about seats that the rules ask.

``State`` is a slotted class of named, typed fields. It is immutable from outside: ``apply``,
``decide`` and ``step`` hand back a new one and never change the one they were given (the
engine's own moves work on a fresh copy, ``State.copy``, before anyone else sees it).
Two states are equal when every field is, so a replayed game can be checked against the
live one. Card sets are int bitmasks (see ``cards``); seats are ints, ``-1`` meaning none.

>>> from games.engine import Rules, replay, start
>>> from games.engine.cards import deck_cards
>>> state = replay(start(Rules(), deck_cards(36)))
>>> state.players, state.deck_count, bin(state.hands[0]).count("1")
(2, 24, 6)
>>> state.evolve(discard=1).discard, state.discard
(1, 0)
"""

from __future__ import annotations

from typing import Any, Final

from games.engine.events import GameFinished
from games.engine.rules import Rules

NO_CARD: Final = -1
NO_SEAT: Final = -1

# Every field in order: the constructor's, ``evolve``'s and ``fields()``'s.
FIELDS: Final = (
    "rules", "beaters", "deck", "deck_pos", "trump", "trump_suit", "hands", "known", "discard",
    "table", "table_ranks", "attacker", "defender", "lead", "start_hand", "passed", "taking",
    "bouts", "out", "places", "proezdnoy_used", "result", "unbeaten", "room", "thrower", "turn",
    "barred", "given_up",
)


class Options:
    """The options every move asks about, read once from a game's ``Rules`` into plain typed
    fields (a choice between readings as a bool): the search path asks them millions of
    times, and ``Rules`` is a frozen dataclass, slower to read from compiled code."""

    __slots__ = (
        "start_hand_limit", "cap_when_deck_empty", "bout_limit", "first_bout_limit",
        "first_bout_take_sixth", "throw_ins", "throw_after_take", "everyone_throws", "round_order",
        "transfers", "lead_most",
    )

    def __init__(self, rules: Rules) -> None:
        self.start_hand_limit: bool = rules.limit_by == "start_hand"
        self.cap_when_deck_empty: bool = rules.cap_when_deck_empty
        self.bout_limit: int = rules.bout_limit
        self.first_bout_limit: int = rules.first_bout_limit
        self.first_bout_take_sixth: bool = rules.first_bout_take_sixth
        self.throw_ins: bool = rules.throw_ins
        self.throw_after_take: bool = rules.throw_after_take
        # The common table: everyone but the defender throws in, no partners to skip.
        self.everyone_throws: bool = rules.throw_in == "all" and not rules.teams
        self.round_order: bool = rules.throw_in_order == "round"
        self.transfers: bool = rules.transfers
        # The most cards a lead may hold (docs/rules.md#the-lead): one, a pair, or up to four.
        self.lead_most: int = 1 if rules.lead == "single" else 2 if rules.lead == "pair" else 4


class State:
    __slots__ = (*FIELDS, "options")

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
    # Derived from the fields above by ``derive``, kept because every move asks for them:
    unbeaten: int  # attack cards on the table not beaten yet
    room: int  # how many more attack cards the table may take now (0 while it is empty)
    thrower: int  # whose turn it is to throw in or pass (NO_SEAT: nobody's)
    # Kept by two options only; under the others they stay at their defaults (NO_SEAT, 0).
    # Where the right to throw in stands with ``throw_in_order="round"``: the throw-in
    # order starts here (NO_SEAT: at the attacker, as it always does otherwise).
    turn: int
    # Seats that may not throw in for the rest of the bout: the attacker a transfer came
    # from, with ``initiator_throws_after_transfer=False``.
    barred: int
    # Seats (bitmask) their person gave up during the game (``SeatGivenUp``): the
    # computer plays them from then on, and they rank last.
    given_up: int
    # ``rules`` as the moves read them (not a field of its own: it follows from ``rules``).
    options: Options

    def __init__(
        self, rules: Rules, beaters: tuple[int, ...], deck: tuple[int, ...], deck_pos: int, trump: int,
        trump_suit: int, hands: tuple[int, ...], known: tuple[int, ...], discard: int,
        table: tuple[tuple[int, int], ...], table_ranks: int, attacker: int, defender: int, lead: int,
        start_hand: int, passed: int, taking: bool, bouts: int, out: int, places: tuple[int, ...],
        proezdnoy_used: int, result: GameFinished | None, unbeaten: int, room: int, thrower: int,
        turn: int = NO_SEAT, barred: int = 0, given_up: int = 0, options: Options | None = None,
    ) -> None:
        self.rules = rules
        self.options = options if options is not None else Options(rules)
        self.beaters = beaters
        self.deck = deck
        self.deck_pos = deck_pos
        self.trump = trump
        self.trump_suit = trump_suit
        self.hands = hands
        self.known = known
        self.discard = discard
        self.table = table
        self.table_ranks = table_ranks
        self.attacker = attacker
        self.defender = defender
        self.lead = lead
        self.start_hand = start_hand
        self.passed = passed
        self.taking = taking
        self.bouts = bouts
        self.out = out
        self.places = places
        self.proezdnoy_used = proezdnoy_used
        self.result = result
        self.unbeaten = unbeaten
        self.room = room
        self.thrower = thrower
        self.turn = turn
        self.barred = barred
        self.given_up = given_up

    def copy(self) -> State:
        """A fresh copy for the engine's moves to change (nobody else holds it yet)."""
        return State(
            self.rules, self.beaters, self.deck, self.deck_pos, self.trump, self.trump_suit,
            self.hands, self.known, self.discard, self.table, self.table_ranks, self.attacker,
            self.defender, self.lead, self.start_hand, self.passed, self.taking, self.bouts,
            self.out, self.places, self.proezdnoy_used, self.result, self.unbeaten, self.room,
            self.thrower, self.turn, self.barred, self.given_up, self.options,
        )

    def values(self) -> tuple[Any, ...]:
        """Every field's value, in ``FIELDS`` order."""
        return (
            self.rules, self.beaters, self.deck, self.deck_pos, self.trump, self.trump_suit,
            self.hands, self.known, self.discard, self.table, self.table_ranks, self.attacker,
            self.defender, self.lead, self.start_hand, self.passed, self.taking, self.bouts,
            self.out, self.places, self.proezdnoy_used, self.result, self.unbeaten, self.room,
            self.thrower, self.turn, self.barred, self.given_up,
        )

    def evolve(self, **changes: Any) -> State:
        """A copy with ``changes`` and the derived fields brought up to date.

        For tests and tools that build a position by hand; the engine's moves change a
        ``copy`` field by field instead.
        """
        values = dict(zip(FIELDS, self.values(), strict=True))
        for name, value in changes.items():
            if name not in values:
                raise TypeError(f"State has no field {name!r}")
            values[name] = value
        state = State(**values)  # its options read afresh from its rules
        rederive(state)
        return state

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.values() == other.values()

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(self.values())

    def __repr__(self) -> str:
        return "State(" + ", ".join(f"{name}={value!r}" for name, value in zip(FIELDS, self.values(), strict=True)) + ")"

    def __reduce__(self) -> tuple[Any, ...]:
        return (State, self.values())

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def deck_count(self) -> int:
        return len(self.deck) - self.deck_pos

    @property
    def finished(self) -> bool:
        return self.result is not None


def partners(rules: Rules, a: int, b: int) -> bool:
    """Seats on one team (teams alternate round the table)."""
    return rules.teams and a != b and (a - b) % 2 == 0


def next_active(state: State, seat: int) -> int:
    """The next seat clockwise after ``seat`` still in the game (may be ``seat`` itself)."""
    n = len(state.hands)
    out = state.out
    for step in range(1, n + 1):
        other = (seat + step) % n
        if not out >> other & 1:
            return other
    return NO_SEAT


def defender_for(state: State, attacker: int) -> int:
    """Whom ``attacker`` attacks: the next seat in the game that is not a partner."""
    n = len(state.hands)
    out = state.out
    for step in range(1, n):
        other = (attacker + step) % n
        if not out >> other & 1 and not partners(state.rules, attacker, other):
            return other
    return NO_SEAT


def previous_active(state: State, seat: int) -> int:
    """The next seat counter-clockwise before ``seat`` still in the game."""
    n = len(state.hands)
    for step in range(1, n + 1):
        other = (seat - step) % n
        if not state.out >> other & 1:
            return other
    return NO_SEAT


def throwers(state: State) -> list[int]:
    """Who may throw in to the defender, in the order they have the right: from the
    attacker (or, with ``throw_in_order="round"``, where the right to throw in stands),
    then the others clockwise. Never the defender, nor the defender's partner, nor a seat
    barred after a transfer."""
    rules = state.rules
    if not rules.throw_ins:
        return []
    n = len(state.hands)
    defender = state.defender
    if rules.throw_in == "all":
        members = [s for s in range(n) if not state.out >> s & 1]
    else:
        # The attacker («заходящий») always; then the defender's neighbours in the game.
        members = [state.attacker, next_active(state, defender)]
        if rules.throw_in == "both_neighbours":
            members.append(previous_active(state, defender))
    start = state.turn if state.turn != NO_SEAT else state.attacker
    order = sorted(set(members), key=lambda seat: (seat - start) % n)
    barred = state.barred
    return [s for s in order if s != defender and not partners(rules, s, defender) and not barred >> s & 1]


def attack_limit(state: State) -> int:
    """How many attack cards the table may hold in this bout (start_hand reading), or the
    cap alone (current_hand reading, where ``room`` also counts the defender's hand).

    The cap is five in a short first bout (until the defender takes, with
    ``first_bout_take_sixth``), else ``bout_limit``; none once the stock is gone unless
    ``cap_when_deck_empty`` (only the defender's hand limits the bout then)."""
    options = state.options
    if state.bouts == 0 and not (state.taking and options.first_bout_take_sixth):
        cap = options.first_bout_limit
    else:
        cap = options.bout_limit
    if not options.cap_when_deck_empty and state.deck_pos >= len(state.deck):
        cap = 52
    if options.start_hand_limit:
        return cap if cap < state.start_hand else state.start_hand
    return cap


def rederive(s: State) -> None:
    """Every derived field of a state built field by field (``evolve``, a dealt world)."""
    s.unbeaten = sum(1 for pair in s.table if pair[1] < 0)
    derive(s)


def derive(s: State) -> None:
    """Bring ``room`` and ``thrower`` up to date on a state being built (trusting
    ``unbeaten``, which the moves keep).

    The thrower is chosen by position, never by holding (docs/rules.md#throwing-in): a
    seat with cards is asked even when it holds nothing of a table rank, and passes, so
    who is asked and every ``passed`` event say nothing of a hand. Only an empty hand, a
    count everyone sees, is passed over.
    """
    table = s.table
    defender = s.defender
    if not table or defender < 0 or s.result is not None:
        s.room = 0
        s.thrower = NO_SEAT
        return
    options = s.options
    free = attack_limit(s) - len(table)
    if not options.start_hand_limit:  # the current_hand reading
        free = min(free, s.hands[defender].bit_count() - s.unbeaten)
    if free <= 0 or not options.throw_ins or (s.taking and not options.throw_after_take):
        s.room = free if free > 0 else 0
        s.thrower = NO_SEAT
        return
    s.room = free
    skip = s.passed | s.out
    hands = s.hands
    if options.everyone_throws:
        # The common table, without building the list of throwers: everyone still in but
        # the defender (and a seat barred after a transfer), from where the right stands.
        n = len(hands)
        skip |= s.barred
        seat = s.turn if s.turn >= 0 else s.attacker
        for _ in range(n):
            if seat != defender and not skip >> seat & 1 and hands[seat]:
                s.thrower = seat
                return
            seat = seat + 1 if seat + 1 < n else 0
        s.thrower = NO_SEAT
        return
    s.thrower = NO_SEAT
    for seat in throwers(s):
        if not skip >> seat & 1 and hands[seat]:
            s.thrower = seat
            return
