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
    CardBeaten,
    Event,
    Passed,
    TakeDeclared,
)
from games.engine.legal import transfer_options, transfer_target
from games.engine.moves import (
    FOLDS,
    attack_played,
    attack_transferred,
    card_beaten,
    passed,
    settle,
    take_declared,
)
from games.engine.state import NO_SEAT, State, attack_limit, partners, throwers


def decide(state: State, seat: object, action: object) -> list[Event]:
    """The events ``action`` by ``seat`` causes, or a refusal. Any seat and action are
    answered: a seat that is not one, or an action that is not one, is ``InvalidAction``
    (so the compiled build, which checks typed arguments, takes them as ``object``).

    >>> from games.engine import Attack, IllegalAction, Rules, parse_card, replay, start
    >>> from games.engine.cards import deck_cards
    >>> state = replay(start(Rules(), deck_cards(36)))
    >>> decide(state, 1, Attack((parse_card("6C"),)))
    [AttackPlayed(seat=1, cards=(17,))]
    >>> try:
    ...     decide(state, 0, Attack((parse_card("6S"),)))
    ... except IllegalAction as refusal:
    ...     print(refusal.code)
    not_your_turn
    """
    return decide_and_apply(state, seat, action)[0]


def decide_and_apply(state: State, seat: object, action: object) -> tuple[list[Event], State]:
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
    events: list[Event] = [event]
    changed = state.copy()
    FOLDS[type(event)](changed, event)
    settle(changed, events)
    return events, changed


def step(state: State, seat: int, action: Action) -> State:
    """The state after a *legal* ``action`` by ``seat`` and all that follows from it.

    For search: no checks and no events, one new state. Passing an action that
    ``legal_actions`` did not offer gives an undefined state; the platform never does.
    """
    changed = state.copy()
    advance(changed, seat, action)
    return changed


def advance(s: State, seat: int, action: Action) -> None:
    """``step`` in place, on a state nobody else holds (a playout's own copy): the same
    folds as the action's event, without building the event."""
    kind = type(action)
    if kind is Defend:
        card_beaten(s, seat, action.card, action.target)  # type: ignore[union-attr]
    elif kind is Attack:
        attack_played(s, seat, action.cards)  # type: ignore[union-attr]
    elif kind is Pass:
        passed(s, seat)
    elif kind is Take:
        take_declared(s)
    else:
        attack_transferred(s, seat, action.cards, action.shown, transfer_target(s))  # type: ignore[union-attr]
    settle(s, None)


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
        limit = min(attack_limit(state), state.hands[state.defender].bit_count())
        if len(cards) > limit:
            raise IllegalAction("limit_reached", f"At most {limit} cards may be played to this defender.")
        return AttackPlayed(seat, cards)
    if seat == state.thrower and len(cards) == 1 and state.hands[seat] & state.table_ranks & BIT[cards[0]]:
        return AttackPlayed(seat, cards)  # the common case, already checked by ``derive``
    if seat == state.defender:
        raise IllegalAction("defender_cannot_attack", "You are defending: beat, transfer or take.")
    if not state.rules.throw_ins:
        raise IllegalAction("no_throw_in", "In simple durak nothing may be thrown in.")
    if seat not in throwers(state):
        if partners(state.rules, seat, state.defender):
            raise IllegalAction("partner", "You never throw in to your partner.")
        if state.barred >> seat & 1:
            raise IllegalAction("initiator_after_transfer", "After a transfer, the player who transferred throws in.")
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
    if len(action.cards) > 1 and rules.transfer_cards == "one":
        raise IllegalAction("transfer_one_card", "Transfer with one card at a time.")
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
    raise IllegalAction(
        "too_many", "The next player does not hold enough cards to take that transfer, or the bout limit is reached."
    )


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


