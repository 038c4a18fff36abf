"""The one source of truth for what a seat may do now: ``legal_actions`` and ``actors``.

Order is fixed: attacks, then defences (by target, then card), then transfers, then
take, then pass; cards cheapest first. ``decide`` accepts exactly these actions.

The protocol of a bout: the attacker leads. From then on the defender (beat, transfer
or take) and the *current thrower* may act at the same time. The current thrower is the
first seat, in throw-in order (the attacker, or round the table where the right to throw
in stands, then clockwise, never the defender or the defender's partner), that has not
passed since the table last changed and holds any card, while the limit leaves room
(the bout's cap, and the defender's cards left to receive an attack). The choice is by
position, never by holding (docs/rules.md#throwing-in): a thrower with nothing of a
table rank is asked all the same and its one legal action is ``pass``, recorded as the
same ``passed`` event as any pass, so who is asked, every event and every refusal depend
only on what each seat can see. Where nobody may throw in for public reasons (the limit
is reached, the defender can take no more, a take without ``throw_after_take``, every
thrower has passed or holds no card at all) nobody is asked. Any card laid on the table
clears every pass. The bout ends by itself when nobody may throw in and either every
card is beaten (бито) or the defender declared a take: so a game never stalls.
"""

from __future__ import annotations

from itertools import combinations

from games.engine.actions import ATTACK_ONE, DEFEND, PASS, TAKE, Action, Attack, Transfer
from games.engine.cards import RANK_MASK, RANK_OF, card_list
from games.engine.state import NO_SEAT, Options, State, attack_limit, defender_for


def _groups_by_rank(hand: int) -> list[list[int]]:
    groups: list[list[int]] = []
    for card in card_list(hand):
        if groups and RANK_OF[groups[-1][0]] == RANK_OF[card]:
            groups[-1].append(card)
        else:
            groups.append([card])
    return groups


def lead_options(options: Options, hand: int, free: int) -> list[Action]:
    """Every lead from ``hand`` of at most ``free`` cards: single cards, cheapest first, or
    with the ``lead`` rule's pairs or sets of one rank, by rank and then size."""
    if options.lead_most == 1 or free <= 1:
        singles: list[Action] = []
        attack_one = ATTACK_ONE  # one lookup, not one a card: the actions' module is not compiled
        while hand:
            low = hand & -hand
            singles.append(attack_one[low.bit_length() - 1])
            hand ^= low
        return singles
    most = min(free, options.lead_most)
    actions: list[Action] = []
    for group in _groups_by_rank(hand):
        for size in range(1, min(most, len(group)) + 1):
            actions.extend(Attack(combo) for combo in combinations(group, size))
    return actions


def transfer_target(state: State) -> int:
    """Who would defend after a transfer now (NO_SEAT when transfers are not allowed)."""
    if not state.options.transfers or state.taking or not state.table:
        return NO_SEAT
    rules = state.rules
    if state.bouts == 0 and not rules.transfer_first_bout:
        return NO_SEAT
    for _, defense in state.table:
        if defense >= 0:
            return NO_SEAT
    if not rules.transfer_with_trump_on_table and state.trump_suit >= 0:
        for attack, _ in state.table:
            if attack % 4 == state.trump_suit:
                return NO_SEAT
    return defender_for(state, state.defender)


def transfer_options(state: State) -> list[Action]:
    target = transfer_target(state)
    if target == NO_SEAT:
        return []
    rules = state.rules
    defender = state.defender
    hand = state.hands[defender]
    same = hand & RANK_MASK[RANK_OF[state.table[0][0]]]
    if not same:
        return []
    on_table = len(state.table)
    target_hand = state.hands[target].bit_count()
    cap = rules.first_bout_limit if state.bouts == 0 else rules.bout_limit
    deck_empty = state.deck_pos >= len(state.deck)
    if deck_empty and not rules.cap_when_deck_empty:
        cap = target_hand  # no cap once the deck is gone, as for throw-ins
    cards = card_list(same)
    # «Положить её рядом с уже лежащей картой» (texts 000, 004): with transfer_cards="one",
    # one card at a time.
    most = 1 if rules.transfer_cards == "one" else len(cards)
    actions: list[Action] = []
    for size in range(1, most + 1):
        total = on_table + size
        if total > target_hand or total > cap:
            break
        if not rules.transfer_out and deck_empty and size == hand.bit_count():
            break
        actions.extend(Transfer(combo) for combo in combinations(cards, size))
    if rules.proezdnoy and not state.proezdnoy_used >> defender & 1 and state.trump_suit >= 0:
        for card in cards:
            if card % 4 == state.trump_suit and on_table <= target_hand:
                actions.append(Transfer((card,), True))
    return actions


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action ``seat`` may take now, in a fixed order.

    >>> from games.engine import Rules, replay, start
    >>> from games.engine.cards import deck_cards
    >>> state = replay(start(Rules(), deck_cards(36)))  # dealt in index order: the trump is AH
    >>> state.attacker, [action.to_dict() for action in legal_actions(state, 1)][:2]
    (1, [{'type': 'attack', 'cards': ['6C']}, {'type': 'attack', 'cards': ['6H']}])
    >>> legal_actions(state, 0)
    []
    """
    if state.result is not None or state.attacker == NO_SEAT:
        return []
    if not state.table:
        if seat != state.attacker:
            return []
        # Never lead more cards than the defender holds (the current_hand reading's
        # ``room`` counts the hand only once cards lie on the table).
        free = min(attack_limit(state), state.hands[state.defender].bit_count())
        return lead_options(state.options, state.hands[seat], free)
    actions: list[Action] = []
    if seat == state.defender:
        if state.taking:
            return []
        hand = state.hands[seat]
        beaters = state.beaters
        defend = DEFEND  # one lookup, not one a card
        for target, (attack, defense) in enumerate(state.table):
            if defense < 0:
                options = hand & beaters[attack]
                while options:
                    low = options & -options
                    actions.append(defend[low.bit_length() - 1][target])
                    options ^= low
        if not actions and state.unbeaten == 0:
            return []
        if state.options.transfers:
            actions.extend(transfer_options(state))
        actions.append(TAKE)
        return actions
    if seat == state.thrower:
        throwable = state.hands[seat] & state.table_ranks
        attack_one = ATTACK_ONE
        while throwable:
            low = throwable & -throwable
            actions.append(attack_one[low.bit_length() - 1])
            throwable ^= low
        actions.append(PASS)
    return actions


def actors(state: State) -> list[int]:
    """The seats that have at least one legal action now, in seat order."""
    if state.result is not None or state.attacker == NO_SEAT:
        return []
    if not state.table:
        return [state.attacker]
    thrower = state.thrower
    if state.taking or not state.unbeaten:
        return [thrower] if thrower != NO_SEAT else []
    defender = state.defender
    if thrower == NO_SEAT:
        return [defender]
    return [defender, thrower] if defender < thrower else [thrower, defender]
