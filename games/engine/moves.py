"""How each thing that happens changes a game: in-place edits of a state's value list.

One implementation serves three callers, so the rules of folding live in one place:
``apply`` (replay: one copy of the state per event), ``decide`` (one copy per action, and
it records the events) and ``step`` (search: one copy per action, no events at all).
``settle`` ends a bout when nobody may act in it any more: the discard or the pick-up,
the draw (``drawing``), players leaving, hands passed, the end of the game or the next
bout, each a function of its own (the rules they follow: docs/rules.md#after-a-bout).
"""

from __future__ import annotations

from typing import Any

from games.engine.cards import BIT, SAME_RANK, card_list
from games.engine.drawing import draw, drawing_order
from games.engine.events import (
    BoutEnded,
    BoutStarted,
    Event,
    GameFinished,
    HandsPassed,
    PlayerOut,
)
from games.engine.state import (
    _ATTACKER,
    _BARRED,
    _BOUTS,
    _DECK,
    _DECK_POS,
    _DEFENDER,
    _DISCARD,
    _HANDS,
    _KNOWN,
    _LEAD,
    _OUT,
    _PASSED,
    _PLACES,
    _PROEZDNOY,
    _RESULT,
    _RULES,
    _START_HAND,
    _TABLE,
    _TABLE_RANKS,
    _TAKING,
    _THROWER,
    _TURN,
    _UNBEATEN,
    NO_CARD,
    NO_SEAT,
    State,
    _derive_turn,
    _new_tuple,
    defender_for,
    next_active,
    partners,
)

Values = list[Any]  # a State's fields as a list, edited in place


def _take_out_of_hand(v: Values, seat: int, mask: int) -> None:
    hands = list(v[_HANDS])
    hands[seat] &= ~mask
    v[_HANDS] = tuple(hands)
    if v[_KNOWN][seat] & mask:
        known = list(v[_KNOWN])
        known[seat] &= ~mask
        v[_KNOWN] = tuple(known)


def _table_changed(v: Values) -> None:
    """A card laid or a take declared: every pass is cleared. Round the table
    (``throw_in_order="round"``) the right to throw in stays where it stands, with the
    current thrower; otherwise it goes back to the attacker (``turn`` stays NO_SEAT)."""
    if v[_THROWER] >= 0 and v[_RULES].throw_in_order == "round":
        v[_TURN] = v[_THROWER]
    v[_PASSED] = 0


def attack_played(v: Values, seat: int, cards: tuple[int, ...]) -> None:
    mask = 0
    ranks = v[_TABLE_RANKS]
    for card in cards:
        mask |= BIT[card]
        ranks |= SAME_RANK[card]
    _take_out_of_hand(v, seat, mask)
    if len(cards) == 1:
        v[_TABLE] = v[_TABLE] + ((cards[0], NO_CARD),)
    else:
        v[_TABLE] = v[_TABLE] + tuple((card, NO_CARD) for card in cards)
    v[_TABLE_RANKS] = ranks
    v[_UNBEATEN] += len(cards)
    _table_changed(v)


def card_beaten(v: Values, seat: int, card: int, target: int) -> None:
    _take_out_of_hand(v, seat, BIT[card])
    table = list(v[_TABLE])
    table[target] = (table[target][0], card)
    v[_TABLE] = tuple(table)
    v[_TABLE_RANKS] |= SAME_RANK[card]
    v[_UNBEATEN] -= 1
    _table_changed(v)


def attack_transferred(v: Values, seat: int, cards: tuple[int, ...], shown: bool, defender: int) -> None:
    mask = 0
    for card in cards:
        mask |= BIT[card]
    if shown:
        # «Проездной»: the trump is shown, not laid; it stays in hand for all to remember.
        known = list(v[_KNOWN])
        known[seat] |= mask
        v[_KNOWN] = tuple(known)
        v[_PROEZDNOY] |= 1 << seat
    else:
        _take_out_of_hand(v, seat, mask)
        v[_TABLE] = v[_TABLE] + tuple((card, NO_CARD) for card in cards)
        v[_UNBEATEN] += len(cards)
    if not v[_RULES].initiator_throws_after_transfer:
        # Three players (text 000): «инициатор хода больше не может подбрасывать, и это
        # делает переводивший игрок» (docs/rules.md#transfers).
        v[_BARRED] = 1 << v[_ATTACKER]
    v[_ATTACKER] = seat
    v[_DEFENDER] = defender
    v[_START_HAND] = v[_HANDS][defender].bit_count()
    v[_PASSED] = 0
    v[_TURN] = NO_SEAT  # who transferred throws in first
    v[_TAKING] = False


def take_declared(v: Values) -> None:
    # Everyone may add cards вдогонку now, even those who passed on the table as it was.
    v[_TAKING] = True
    _table_changed(v)


def passed(v: Values, seat: int) -> None:
    v[_PASSED] |= 1 << seat
    if v[_RULES].throw_in_order == "round":
        # The right moves on round the table (docs/rules.md#throwing-in).
        v[_TURN] = (seat + 1) % len(v[_HANDS])


def bout_ended(v: Values, taken: bool, defender: int, cards: tuple[int, ...]) -> None:
    mask = 0
    for card in cards:
        mask |= BIT[card]
    if taken:
        hands = list(v[_HANDS])
        known = list(v[_KNOWN])
        hands[defender] |= mask
        known[defender] |= mask
        v[_HANDS] = tuple(hands)
        v[_KNOWN] = tuple(known)
    else:
        v[_DISCARD] |= mask
    v[_TABLE] = ()
    v[_TABLE_RANKS] = 0
    v[_UNBEATEN] = 0
    v[_TAKING] = False
    v[_PASSED] = 0
    v[_TURN] = NO_SEAT
    v[_BARRED] = 0
    v[_BOUTS] += 1


def player_out(v: Values, seat: int) -> None:
    v[_OUT] |= 1 << seat
    v[_PLACES] = v[_PLACES] + (seat,)


def bout_started(v: Values, attacker: int, defender: int) -> None:
    v[_ATTACKER] = v[_LEAD] = attacker
    v[_DEFENDER] = defender
    v[_START_HAND] = v[_HANDS][defender].bit_count()
    v[_PASSED] = 0
    v[_TAKING] = False
    v[_TABLE] = ()
    v[_TABLE_RANKS] = 0
    v[_UNBEATEN] = 0


def card_tuple(mask: int) -> tuple[int, ...]:
    return tuple(card_list(mask))


def hands_passed(v: Values) -> None:
    """Everyone still in hands their cards to the next player still in, clockwise; what the
    table knew of a hand (cards picked up, the face-up trump) goes with it."""
    out = v[_OUT]
    n = len(v[_HANDS])
    active = [seat for seat in range(n) if not out >> seat & 1]
    if len(active) < 2:
        return
    hands = list(v[_HANDS])
    known = list(v[_KNOWN])
    old_hands, old_known = tuple(hands), tuple(known)
    for i, seat in enumerate(active):
        giver = active[i - 1]
        hands[seat] = old_hands[giver]
        known[seat] = old_known[giver]
    v[_HANDS] = tuple(hands)
    v[_KNOWN] = tuple(known)


def game_finished(v: Values, result: GameFinished) -> None:
    v[_RESULT] = result


def settle(v: Values, emit: list[Event] | None) -> None:
    """Bring the derived fields up to date and, if the bout is over, play out everything
    that follows by the rules alone, appending its events to ``emit`` when given."""
    _derive_turn(v)
    # Inlined rather than a function of its own: every move of every playout asks it.
    if v[_THROWER] != NO_SEAT or not v[_TABLE] or (v[_UNBEATEN] and not v[_TAKING]):
        return  # the bout goes on
    _after_bout(v, emit)


def _after_bout(v: Values, emit: list[Event] | None) -> None:
    """Everything that follows a bout, in the order of docs/rules.md#after-a-bout: the
    table is discarded or taken, hands are filled, players leave, hands pass (круглый
    дурак), then the game ends or the next bout starts."""
    defender = v[_DEFENDER]
    taken = v[_TAKING]
    _clear_table(v, defender, taken, emit)
    order = drawing_order(v[_RULES], v[_LEAD], defender, len(v[_HANDS]))
    drew = draw(v, order, emit)
    _players_out(v, order, emit)
    if _hands_move_on(v, drew, taken):
        hands_passed(v)
        if emit is not None:
            emit.append(HandsPassed(tuple(card_tuple(hand) for hand in v[_HANDS])))
    state = _new_tuple(State, v)
    finished = finish(state, defender) if v[_OUT] else None
    if finished is not None:
        if emit is not None:
            emit.append(finished)
        game_finished(v, finished)
    else:
        _next_bout(v, state, defender, taken, emit)
    _derive_turn(v)


def _clear_table(v: Values, defender: int, taken: bool, emit: list[Event] | None) -> None:
    """The table goes to the discard pile (beaten) or to the defender's hand (taken)."""
    cards = tuple(c for pair in v[_TABLE] for c in pair if c >= 0)
    if emit is not None:
        emit.append(BoutEnded("taken" if taken else "beaten", defender, cards))
    bout_ended(v, taken, defender, cards)


def _players_out(v: Values, order: list[int], emit: list[Event] | None) -> None:
    """Once the deck is empty, a player without cards leaves the game, in drawing order
    (docs/rules.md#going-out)."""
    if v[_DECK_POS] < len(v[_DECK]):
        return
    for seat in order:
        if not v[_OUT] >> seat & 1 and not v[_HANDS][seat]:
            if emit is not None:
                emit.append(PlayerOut(seat))
            player_out(v, seat)


def _hands_move_on(v: Values, drew: bool, taken: bool) -> bool:
    """Whether the hands pass after this bout (docs/rules.md#passing-hands). «Круглый
    дурак»: hands move on after the draw, before anyone leads again. Once the deck is gone
    they move only after a bout beaten off: every such bout discards cards, so passing
    cannot keep a game going for ever."""
    return bool(v[_RULES].pass_hands and (drew or not taken) and bin(v[_OUT]).count("1") < len(v[_HANDS]) - 1)


def _next_bout(v: Values, state: State, defender: int, taken: bool, emit: list[Event] | None) -> None:
    """Start the next bout (docs/rules.md#who-leads-next): after a take the player to the
    defender's left attacks, after a bout beaten off the defender (or its successor)."""
    if not taken:
        attacker = defender if not v[_OUT] >> defender & 1 else successor(state, defender)
    else:
        attacker = next_active(state, defender)
    next_defender = defender_for(state, attacker)
    if emit is not None:
        emit.append(BoutStarted(attacker, next_defender))
    bout_started(v, attacker, next_defender)


def successor(state: State, seat: int) -> int:
    """Who attacks after ``seat`` beat off its last cards: the next player clockwise, or at a
    team table the next partner clockwise (docs/rules.md#who-leads-next)."""
    rules = state.rules
    if rules.teams:
        n = rules.players
        for step in range(1, n):
            other = (seat + step) % n
            if partners(rules, seat, other) and not state.out >> other & 1:
                return other
    return next_active(state, seat)


def finish(state: State, last_defender: int) -> GameFinished | None:
    """The result once at most one player (or one team) holds cards, else None."""
    rules = state.rules
    n = rules.players
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
