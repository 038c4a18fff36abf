"""Deciding an action: check it against the rules, then say what happens as events.

``decide`` returns the action's own event followed by everything that follows from it
without a choice: the end of the bout, the draw, players leaving, the next bout or the
end of the game. It refuses with ``InvalidAction`` (malformed) or ``IllegalAction`` (not
allowed now), with a reason a player understands, and never changes anything.
"""

from __future__ import annotations

from games.engine.actions import Action, Attack, Defend, Pass, Take, Transfer
from games.engine.cards import BIT, CARD_COUNT, DECK_MASK, NAME_OF, RANK_OF
from games.engine.errors import IllegalAction, InvalidAction
from games.engine.events import (
    AttackPlayed,
    AttackTransferred,
    BoutEnded,
    BoutStarted,
    CardBeaten,
    CardsDrawn,
    Event,
    GameFinished,
    Passed,
    PlayerOut,
    TakeDeclared,
)
from games.engine.fold import apply
from games.engine.legal import transfer_options, transfer_target
from games.engine.rules import HAND_SIZE
from games.engine.state import (
    NO_SEAT,
    State,
    attack_limit,
    defender_for,
    next_active,
    partners,
    throwers,
)


def decide(state: State, seat: int, action: Action) -> list[Event]:
    """The events ``action`` by ``seat`` causes, or a refusal."""
    return decide_and_apply(state, seat, action)[0]


def decide_and_apply(state: State, seat: int, action: Action) -> tuple[list[Event], State]:
    """``decide``, also returning the state after its events (folded once, on the way)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.rules.players:
        raise InvalidAction("bad_seat", f"There is no seat {seat!r} at this table.")
    if state.result is not None:
        raise IllegalAction("game_over", "The game is over.")
    if state.out >> seat & 1:
        raise IllegalAction("out_of_game", "You have left the game: you have no cards.")
    kind = type(action)
    if kind is Attack:
        event: Event = _attack(state, seat, action)  # type: ignore[arg-type]
    elif kind is Defend:
        event = _defend(state, seat, action)  # type: ignore[arg-type]
    elif kind is Transfer:
        event = _transfer(state, seat, action)  # type: ignore[arg-type]
    elif kind is Take:
        event = _take(state, seat)
    elif kind is Pass:
        event = _pass(state, seat)
    else:
        raise InvalidAction("bad_action", f"{action!r} is not an action.")
    return _settle(state, [event])


def _check_cards_exist(state: State, cards: tuple[int, ...]) -> None:
    in_deck = DECK_MASK[state.rules.deck]
    for card in cards:
        if not 0 <= card < CARD_COUNT or not in_deck >> card & 1:
            name = NAME_OF[card] if 0 <= card < CARD_COUNT else repr(card)
            raise InvalidAction("bad_card", f"{name} is not in a {state.rules.deck}-card deck.")
    if len(set(cards)) != len(cards):
        raise InvalidAction("bad_action", "The same card is named twice.")


def _check_held(state: State, seat: int, cards: tuple[int, ...]) -> None:
    hand = state.hands[seat]
    for card in cards:
        if not hand & BIT[card]:
            raise IllegalAction("card_not_in_hand", f"You do not hold {NAME_OF[card]}.")


def _attack(state: State, seat: int, action: Attack) -> Event:
    cards = action.cards
    if not cards:
        raise InvalidAction("bad_action", "Name at least one card to attack with.")
    _check_cards_exist(state, cards)
    if not state.table:
        if seat != state.attacker:
            raise IllegalAction("not_your_turn", f"Seat {state.attacker} leads this bout.")
        _check_held(state, seat, cards)
        lead = state.rules.lead
        if len({RANK_OF[c] for c in cards}) > 1:
            raise IllegalAction("mixed_ranks", "Lead with cards of one rank only.")
        if len(cards) > 1 and lead == "single":
            raise IllegalAction("lead_one_card", "Lead with one card; the rest can be thrown in.")
        if len(cards) > 2 and lead == "pair":
            raise IllegalAction("lead_one_or_two", "Lead with one card or a pair of one rank.")
        limit = attack_limit(state)
        if len(cards) > limit:
            raise IllegalAction("limit_reached", f"At most {limit} cards may be played to this defender.")
        return AttackPlayed(seat, cards)
    if seat == state.thrower and len(cards) == 1 and state.hands[seat] & state.table_ranks & BIT[cards[0]]:
        return AttackPlayed(seat, cards)  # the common case, already checked by ``_derive``
    if seat == state.defender:
        raise IllegalAction("defender_cannot_attack", "You are defending: beat, transfer or take.")
    if not state.rules.throw_ins:
        raise IllegalAction("no_throw_in", "In simple durak nothing may be thrown in.")
    if seat not in throwers(state):
        if partners(state.rules, seat, state.defender):
            raise IllegalAction("partner", "You never throw in to your partner.")
        raise IllegalAction("not_a_thrower", "Only the defender's neighbours throw in at this table.")
    if len(cards) != 1:
        raise IllegalAction("throw_one_card", "Throw in one card at a time.")
    _check_held(state, seat, cards)
    card = cards[0]
    if not state.table_ranks & BIT[card]:
        raise IllegalAction("rank_not_on_table", f"{NAME_OF[card]}: only ranks on the table may be thrown in.")
    if state.taking and not state.rules.throw_after_take:
        raise IllegalAction("taking", "The defender is taking: nothing more may be added.")
    if state.room <= 0:
        raise IllegalAction("limit_reached", "The bout's card limit is reached.")
    if state.passed >> seat & 1:
        raise IllegalAction("passed", "You passed; wait until the table changes.")
    raise IllegalAction("wait_your_turn", f"Seat {state.thrower} throws in first.")


def _defend(state: State, seat: int, action: Defend) -> Event:
    _check_cards_exist(state, (action.card,))
    if seat != state.defender or not state.table:
        raise IllegalAction("not_defender", "Only the defender beats cards, once there is an attack.")
    if state.taking:
        raise IllegalAction("taking", "You chose to take: the bout is yours to pick up.")
    if action.target >= len(state.table):
        raise IllegalAction("no_such_target", f"There is no table card {action.target}.")
    attack, defense = state.table[action.target]
    if defense >= 0:
        raise IllegalAction("already_beaten", f"{NAME_OF[attack]} is already beaten.")
    _check_held(state, seat, (action.card,))
    if not state.beaters[attack] & BIT[action.card]:
        raise IllegalAction("does_not_beat", f"{NAME_OF[action.card]} does not beat {NAME_OF[attack]}.")
    return CardBeaten(seat, action.card, action.target)


def _transfer(state: State, seat: int, action: Transfer) -> Event:
    if not action.cards:
        raise InvalidAction("bad_action", "Name the card(s) to transfer with.")
    _check_cards_exist(state, action.cards)
    if action.shown and len(action.cards) != 1:
        raise InvalidAction("bad_action", "Show exactly one trump for «проездной».")
    rules = state.rules
    if not rules.transfers:
        raise IllegalAction("no_transfer", "Transfers are played only in perevodnoy.")
    if seat != state.defender or not state.table:
        raise IllegalAction("not_defender", "Only the defender transfers, once there is an attack.")
    _check_held(state, seat, action.cards)
    if action in transfer_options(state):
        target = transfer_target(state)
        return AttackTransferred(seat, action.cards, action.shown, target)
    if state.taking:
        raise IllegalAction("taking", "You chose to take.")
    if any(defense >= 0 for _, defense in state.table):
        raise IllegalAction("already_defending", "A card is beaten already: transfers come before any beat.")
    if state.bouts == 0 and not rules.transfer_first_bout:
        raise IllegalAction("first_bout", "No transfers in the first bout.")
    rank = RANK_OF[state.table[0][0]]
    if any(RANK_OF[c] != rank for c in action.cards):
        raise IllegalAction("wrong_rank", "Transfer with a card of the attack's rank.")
    if transfer_target(state) == NO_SEAT:
        raise IllegalAction("trump_on_table", "No transfers while a trump lies on the table.")
    if action.shown:
        if not rules.proezdnoy:
            raise IllegalAction("no_proezdnoy", "«Проездной» is not played at this table.")
        if state.proezdnoy_used >> seat & 1:
            raise IllegalAction("proezdnoy_used", "You have shown your «проездной» already this game.")
        if action.cards[0] % 4 != state.trump_suit:
            raise IllegalAction("not_trump", "Only a trump may be shown for «проездной».")
    if not rules.transfer_out and state.deck_pos >= len(state.deck):
        raise IllegalAction("transfer_out", "You may not leave the game by a transfer.")
    raise IllegalAction("too_many", "The next player does not hold enough cards to take that transfer.")


def _take(state: State, seat: int) -> Event:
    if seat != state.defender or not state.table:
        raise IllegalAction("not_defender", "Only the defender takes, once there is an attack.")
    if state.taking:
        raise IllegalAction("taking", "You are taking already.")
    if state.unbeaten == 0:
        raise IllegalAction("all_beaten", "Every card is beaten: nothing to take.")
    return TakeDeclared(seat)


def _pass(state: State, seat: int) -> Event:
    if seat == state.defender:
        raise IllegalAction("defender_cannot_pass", "You are defending: beat, transfer or take.")
    if not state.table:
        raise IllegalAction("must_lead", "The attacker must lead a card.")
    if seat != state.thrower:
        raise IllegalAction("not_your_turn", "It is not your turn to throw in.")
    return Passed(seat)


def _settle(state: State, events: list[Event]) -> tuple[list[Event], State]:
    """Apply ``events`` and append whatever follows from them by the rules alone."""
    for event in events:
        state = apply(state, event)
    if state.thrower != NO_SEAT or not state.table or (state.unbeaten and not state.taking):
        return events, state  # the bout goes on
    defender = state.defender
    outcome = "taken" if state.taking else "beaten"
    table_cards = tuple(c for pair in state.table for c in pair if c >= 0)
    follow: list[Event] = [BoutEnded(outcome, defender, table_cards)]
    state = apply(state, follow[0])
    n = state.rules.players
    # Draw up to six: who opened the bout first, then clockwise, the defender last.
    order = [(state.lead + step) % n for step in range(n)]
    order = [s for s in order if s != defender] + [defender]
    deck_size = len(state.deck)
    for seat in order:
        if state.deck_pos >= deck_size:
            break
        missing = HAND_SIZE - state.hands[seat].bit_count()
        if missing <= 0 or state.out >> seat & 1:
            continue
        drawn = state.deck[state.deck_pos : state.deck_pos + missing]
        follow.append(CardsDrawn(seat, drawn))
        state = apply(state, follow[-1])
    if state.deck_pos >= deck_size:
        for seat in order:
            if not state.out >> seat & 1 and not state.hands[seat]:
                follow.append(PlayerOut(seat))
                state = apply(state, follow[-1])
    finished = _finish(state, defender) if state.out else None
    if finished is not None:
        follow.append(finished)
        return events + follow, apply(state, finished)
    if outcome == "beaten":
        attacker = defender if not state.out >> defender & 1 else _successor(state, defender)
    else:
        attacker = next_active(state, defender)
    follow.append(BoutStarted(attacker, defender_for(state, attacker)))
    return events + follow, apply(state, follow[-1])


def _successor(state: State, seat: int) -> int:
    """Who attacks after ``seat`` beat off its last cards: the next player clockwise, or at a
    team table the next partner clockwise (seed 000)."""
    rules = state.rules
    if rules.teams:
        n = rules.players
        for step in range(1, n):
            other = (seat + step) % n
            if partners(rules, seat, other) and not state.out >> other & 1:
                return other
    return next_active(state, seat)


def _finish(state: State, last_defender: int) -> GameFinished | None:
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
