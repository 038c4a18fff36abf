"""Property tests over random games of every variant and option, 2 to 8 players.

Each example draws a set of rules and a seed; the game is then played out at random
(a random actor, a random legal action) and checked at every step.
"""

from __future__ import annotations

import contextlib
import json
import pickle
import random
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import (
    PASS,
    TAKE,
    Action,
    Attack,
    CardsDealt,
    CardsDrawn,
    Defend,
    EngineError,
    Event,
    GameStarted,
    HandsPassed,
    IllegalAction,
    InvalidAction,
    Rules,
    State,
    Transfer,
    action_from_dict,
    actors,
    apply,
    decide,
    event_from_dict,
    event_to_dict,
    legal_actions,
    parse_card,
    redact,
    replay,
    shuffled_deck,
    start,
    view,
)
from games.engine.cards import CARD_COUNT, card_list, deck_cards
from games.engine.fold import needs_redeal
from games.engine.rules import DRAW_FIRST, LAST_CARDS, LEADS, LIMITS, THROW_INS, VARIANTS, max_players

MAX_ACTIONS = 5_000  # a random game that has not ended by then has stalled or loops


def examples(count: int) -> settings:
    return settings(max_examples=count, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def any_rules(draw: st.DrawFn, most_players: int = 8) -> Rules:
    deck = draw(st.sampled_from((24, 36, 52)))
    players = draw(st.integers(2, min(most_players, max_players(deck))))
    bout_limit = draw(st.sampled_from((6, 6, 6, 1, 2, 3, 4, 5)))
    data = {
        "variant": draw(st.sampled_from(VARIANTS)),
        "players": players,
        "deck": deck,
        "teams": players in (4, 6) and draw(st.booleans()),
        "lead": draw(st.sampled_from(LEADS)),
        "bout_limit": bout_limit,
        "first_bout_limit": draw(st.sampled_from((bout_limit, min(5, bout_limit), 1))),
        "first_bout_take_sixth": draw(st.booleans()),
        "draw_first": draw(st.sampled_from(DRAW_FIRST)),
        "last_cards": draw(st.sampled_from(LAST_CARDS)),
        "pass_hands": draw(st.booleans()),
        "limit_by": draw(st.sampled_from(LIMITS)),
        "cap_when_deck_empty": draw(st.booleans()),
        "throw_in": draw(st.sampled_from(THROW_INS)),
        "throw_after_take": draw(st.booleans()),
        "transfer_first_bout": draw(st.booleans()),
        "transfer_with_trump_on_table": draw(st.booleans()),
        "proezdnoy": draw(st.booleans()),
        "transfer_out": draw(st.booleans()),
        "draw_allowed": draw(st.booleans()),
        "redeal_five_of_suit": draw(st.booleans()),
        "spades_by_spades": draw(st.booleans()),
    }
    return Rules.from_dict(data)


SEEDS = st.integers(0, 2**32 - 1)


# ------------------------------------------------------------------ helpers

def cards_of_mask(mask: int) -> set[int]:
    return set(card_list(mask))


def check_conservation(state: State) -> None:
    """Every card of the deck is in exactly one place: the stock, a hand, the table or
    the discard pile."""
    places: list[set[int]] = [set(state.deck[state.deck_pos:])]
    places += [cards_of_mask(h) for h in state.hands]
    places.append({c for pair in state.table for c in pair if c >= 0})
    places.append(cards_of_mask(state.discard))
    seen: set[int] = set()
    total = 0
    for place in places:
        assert not seen & place, f"a card is in two places: {seen & place}"
        seen |= place
        total += len(place)
    assert seen == set(deck_cards(state.rules.deck)) and total == state.rules.deck
    for seat, known in enumerate(state.known):
        assert known & ~state.hands[seat] == 0, "a known card is not in its hand"


def strings(data: Any) -> Iterator[str]:
    """Every string value in a JSON-like structure (not the keys)."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from strings(value)
    elif isinstance(data, (list, tuple)):
        for value in data:
            yield from strings(value)


def cards_named(data: Any) -> set[int]:
    found = set()
    for text in strings(data):
        with contextlib.suppress(EngineError):
            found.add(parse_card(text))
    return found


def check_views(state: State) -> None:
    n = state.rules.players
    table = {c for pair in state.table for c in pair if c >= 0}
    public = table | {state.trump}
    for s in range(n):
        public |= cards_of_mask(state.known[s])
    spectator = view(state, None)
    assert spectator["you"] is None and spectator["legal_actions"] == []
    assert cards_named(spectator) <= public, "a spectator sees a hidden card"
    for seat in range(n):
        seen = view(state, seat)
        hand = cards_of_mask(state.hands[seat])
        assert {parse_card(c) for c in seen["you"]["hand"]} == hand
        assert cards_named(seen) <= public | hand, f"seat {seat} sees a card it could not see"
        assert [s["hand_count"] for s in seen["seats"]] == [h.bit_count() for h in state.hands]
        assert seen["deck_count"] == state.deck_count


def check_redaction(event: Event, viewers: list[int | None]) -> None:
    """No redacted event shows a viewer a card that went secretly into another hand."""
    for viewer in viewers:
        data = redact(event, viewer)
        json.dumps(data)
        shown = cards_named(data)
        if isinstance(event, GameStarted):
            assert "deck" not in data and not shown, "the deck order leaked"
        elif isinstance(event, CardsDealt):
            hidden = {c for s, hand in enumerate(event.hands) if s != viewer for c in hand} - {event.trump}
            assert not shown & hidden, f"seat {viewer} sees another's dealt card"
            assert [h is not None for h in data["hands"]] == [s == viewer for s in range(len(event.hands))]
        elif isinstance(event, HandsPassed):
            own = set(event.hands[viewer]) if viewer is not None else set()
            assert shown <= own, f"seat {viewer} sees a passed hand that is not its own"
            assert [h is not None for h in data["hands"]] == [s == viewer for s in range(len(event.hands))]
        elif isinstance(event, CardsDrawn) and event.seat != viewer:
            assert not shown, f"seat {viewer} sees seat {event.seat}'s drawn cards"
            assert data["count"] == len(event.cards)


def check_round_trip(event: Event) -> None:
    data = json.loads(json.dumps(event_to_dict(event)))
    assert data["v"] >= 1
    assert event_from_dict(data) == event


_KIND_ORDER = {Attack: 0, Defend: 1, Transfer: 2, type(TAKE): 3, type(PASS): 4}


def check_fixed_order(state: State, seat: int, options: list[Action]) -> None:
    """Attacks, then defences (by target, then card), transfers, take, pass; cards
    cheapest first; a lead's options by rank, then size."""
    assert options == legal_actions(state, seat), "legal_actions is not repeatable"
    assert len(set(options)) == len(options), "an action is listed twice"
    kinds = [_KIND_ORDER[type(a)] for a in options]
    assert kinds == sorted(kinds)
    attacks = [a.cards for a in options if isinstance(a, Attack)]
    for cards in attacks:
        assert list(cards) == sorted(cards)
    assert attacks == sorted(attacks, key=lambda cards: (cards[0] // 4, len(cards), cards))
    defends = [(a.target, a.card) for a in options if isinstance(a, Defend)]
    assert defends == sorted(defends)
    laid = [a.cards for a in options if isinstance(a, Transfer) and not a.shown]
    assert laid == sorted(laid, key=lambda cards: (len(cards), cards))
    shown = [a.shown for a in options if isinstance(a, Transfer)]
    assert shown == sorted(shown)


def normal(action: Action) -> Action:
    """An action with its cards in index order (as legal_actions lists them)."""
    if isinstance(action, Attack):
        return Attack(tuple(sorted(action.cards)))
    if isinstance(action, Transfer):
        return Transfer(tuple(sorted(action.cards)), action.shown)
    return action


def play_at_random(rules: Rules, seed: int) -> Iterator[tuple[State, list[Event], int, Action]]:
    """Yield (state, events so far, seat, chosen action) before every action, to the end."""
    rng = random.Random(seed)
    events = start(rules, shuffled_deck(rules, rng))
    state = replay(events)
    for _ in range(MAX_ACTIONS):
        seats = actors(state)
        if state.result is not None:
            assert seats == []
            return
        assert seats, "nobody can act: the game stalled"
        seat = rng.choice(seats)
        options = legal_actions(state, seat)
        assert options, f"seat {seat} is an actor without legal actions"
        action = rng.choice(options)
        yield state, events, seat, action
        new = decide(state, seat, action)
        for event in new:
            state = apply(state, event)
        events = events + new
    raise AssertionError(f"no result after {MAX_ACTIONS} actions")


def final(rules: Rules, seed: int) -> tuple[State, list[Event]]:
    rng = random.Random(seed)
    events = start(rules, shuffled_deck(rules, rng))
    state = replay(events)
    while state.result is None:
        seat = rng.choice(actors(state))
        new = decide(state, seat, rng.choice(legal_actions(state, seat)))
        for event in new:
            state = apply(state, event)
        events += new
        assert len(events) < 40 * MAX_ACTIONS
    return state, events


# ------------------------------------------------------------------ properties

@examples(100)
@given(rules=any_rules(), seed=SEEDS)
def test_random_games_keep_every_invariant(rules: Rules, seed: int) -> None:
    """Cards are conserved at every step, every legal action is accepted, the game ends,
    views and redacted events hide what they must, and replay rebuilds the live state."""
    viewers: list[int | None] = [None, *range(rules.players)]
    state = events = None
    checked = 0
    for state, events, seat, chosen in play_at_random(rules, seed):
        check_conservation(state)
        for actor in actors(state):
            options = legal_actions(state, actor)
            check_fixed_order(state, actor, options)
            for action in options:
                new = decide(state, actor, action)
                assert new and new[0].seat == actor  # type: ignore[union-attr]
                assert new == decide(state, actor, action), "decide is not deterministic"
        for idle in set(range(rules.players)) - set(actors(state)):
            assert legal_actions(state, idle) == [], f"seat {idle} has actions but is not an actor"
        for event in events[checked:]:
            check_redaction(event, viewers)
            check_round_trip(event)
        checked = len(events)
        if len(events) % 7 == 0:
            check_views(state)
        assert chosen in legal_actions(state, seat)
    assert state is not None and events is not None
    last, all_events = final(rules, seed)
    check_conservation(last)
    check_views(last)
    assert last.result is not None
    assert replay(all_events) == last
    result = last.result
    if result.draw:
        assert result.durak is None and result.losers == () and len(result.places) == rules.players
    else:
        assert result.losers and (result.durak is None or result.durak in result.losers)
        if not rules.teams:
            assert result.losers == (result.durak,)
    for event in all_events[checked:]:
        check_redaction(event, viewers)
        check_round_trip(event)


@examples(80)
@given(rules=any_rules(most_players=6), seed=SEEDS)
def test_replay_equals_live_state_at_every_step(rules: Rules, seed: int) -> None:
    """``replay(events)`` rebuilds exactly the live state, mid-game as at the end."""
    for state, events, _, _ in play_at_random(rules, seed):
        if len(events) % 5 == 0:
            assert replay(events) == state
    state, events = final(rules, seed)
    assert replay(events) == state
    assert replay(event_from_dict(json.loads(json.dumps(event_to_dict(e)))) for e in events) == state


def random_action(rng: random.Random, deck: int) -> Action | dict[str, Any]:
    """A random action: random type, cards from the whole 52, random target and flag,
    or a random piece of JSON."""
    cards = tuple(rng.sample(range(CARD_COUNT), rng.choice((1, 1, 1, 2, 3))))
    if rng.random() < 0.7:  # mostly cards that exist in this deck
        pool = deck_cards(deck)
        cards = tuple(rng.sample(pool, min(len(cards), len(pool))))
    kind = rng.randrange(6)
    if kind == 0:
        return Attack(cards)
    if kind == 1:
        return Defend(cards[0], rng.choice((0, 0, 1, 2, 5, 9)))
    if kind == 2:
        return Transfer(cards[:1] if rng.random() < 0.5 else cards, rng.random() < 0.3)
    if kind == 3:
        return TAKE
    if kind == 4:
        return PASS
    junk: list[Any] = [
        {"type": "attack", "cards": ["6S", "6S"]}, {"type": "attack", "cards": []}, {"type": "defend"},
        {"type": "defend", "card": "7S", "target": -1}, {"type": "fly"}, {"type": "attack", "cards": ["11S"]},
        {"type": "transfer", "cards": ["6S"], "shown": 1}, [], "take",
    ]
    return rng.choice(junk)


@examples(80)
@given(rules=any_rules(most_players=6), seed=SEEDS)
def test_illegal_actions_are_refused_and_change_nothing(rules: Rules, seed: int) -> None:
    """Random actions from random seats (including out seats and legal actions from the
    wrong seat) are either legal or refused with InvalidAction/IllegalAction, and a refusal
    changes nothing; whatever decide accepts is in legal_actions."""
    rng = random.Random(seed ^ 0x5EED)
    n = rules.players
    for state, events, seat, chosen in play_at_random(rules, seed):
        before = pickle.dumps(state)
        attempts: list[tuple[Any, Any]] = [(rng.randrange(n), random_action(rng, rules.deck)) for _ in range(4)]
        others = [s for s in range(n) if s != seat]
        attempts.append((rng.choice(others), chosen))  # a legal action from another seat
        attempts.append((rng.choice((n, -1, "0", None, True)), chosen))  # no such seat
        for who, attempt in attempts:
            action: Action | None = None
            try:
                action = action_from_dict(attempt) if isinstance(attempt, (dict, list, str)) else attempt
                new = decide(state, who, action)
            except (InvalidAction, IllegalAction) as refusal:
                assert refusal.code and refusal.message
                assert pickle.loads(before) == state, "a refused action changed the state"
                valid_seat = isinstance(who, int) and not isinstance(who, bool) and 0 <= who < n
                if action is not None and valid_seat:
                    assert normal(action) not in legal_actions(state, who), f"{action} is legal yet refused"
            else:
                assert isinstance(who, int) and 0 <= who < n
                assert normal(action) in legal_actions(state, who), f"decide accepted {action} from {who}"
                assert new
        assert pickle.loads(before) == state
        if len(events) % 11 == 0:
            assert replay(events) == state


@examples(60)
@given(rules=any_rules(), seed=SEEDS)
def test_shuffled_deck_never_needs_a_redeal(rules: Rules, seed: int) -> None:
    """With redeal_five_of_suit the stored deck is the one actually played: never a deal
    with five cards of one suit in a hand."""
    deck = shuffled_deck(rules, random.Random(seed))
    assert sorted(deck) == list(deck_cards(rules.deck))
    if rules.redeal_five_of_suit:
        assert not needs_redeal(rules, deck)


@examples(100)
@given(rules=any_rules())
def test_rules_round_trip(rules: Rules) -> None:
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


# ------------------------------------------------------------------ the rules, checked event by event

_SPADE_ORDER = {rank: i for i, rank in enumerate((2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 12))}


def beats(rules: Rules, trump_suit: int, attack: int, defence: int) -> bool:
    """The beating rule (docs/rules.md#beating-a-card and docs/rules.md#spades-by-spades),
    written again independently of the engine's tables."""
    a_rank, a_suit, d_rank, d_suit = attack // 4 + 2, attack % 4, defence // 4 + 2, defence % 4
    if rules.spades_by_spades and a_suit == 0:
        return d_suit == 0 and _SPADE_ORDER[d_rank] > _SPADE_ORDER[a_rank]
    if d_suit == a_suit:
        return d_rank > a_rank
    return trump_suit >= 0 and d_suit == trump_suit


def on_team(rules: Rules, a: int, b: int) -> bool:
    return rules.teams and a != b and a % 2 == b % 2


def clockwise(state: State, seat: int) -> list[int]:
    n = state.rules.players
    return [(seat + k) % n for k in range(1, n) if not state.out >> ((seat + k) % n) & 1]


def check_event_follows_the_rules(before: State, event: Event, after: State, memo: dict[str, Any]) -> None:
    rules = before.rules
    kind = type(event).__name__
    table = before.table
    attacks = [a for a, _ in table]
    ranks = {c // 4 for pair in table for c in pair if c >= 0}
    deck_empty = before.deck_pos >= len(before.deck)
    if kind == "BoutStarted":
        attacker, defender = event.attacker, event.defender  # type: ignore[union-attr]
        assert not before.out >> attacker & 1 and before.hands[attacker]
        opponents = [s for s in clockwise(before, attacker) if not on_team(rules, s, attacker)]
        assert defender == opponents[0], "the defender is the next opponent clockwise"
        if memo.get("ended") == "beaten":
            last = memo["defender"]
            if not before.out >> last & 1:
                assert attacker == last, "after a successful defence the defender attacks"
            elif rules.teams and any(on_team(rules, s, last) for s in clockwise(before, last)):
                assert attacker == next(s for s in clockwise(before, last) if on_team(rules, s, last))
            else:
                assert attacker == clockwise(before, last)[0]
        elif memo.get("ended") == "taken":
            assert attacker == clockwise(before, memo["defender"])[0], "after a take the left neighbour attacks"
        if memo.get("ended") and rules.pass_hands:
            due = memo["deck_at_end"] > 0 or memo["ended"] == "beaten"
            assert memo["hands_passed"] == due, "«круглый дурак»: the hands pass after this bout"
        memo["ended"] = None
        memo["start_hand"] = before.hands[defender].bit_count()
    elif kind == "AttackPlayed":
        seat, cards = event.seat, event.cards  # type: ignore[union-attr]
        if not table:
            assert seat == before.attacker and len({c // 4 for c in cards}) == 1
            assert len(cards) <= {"single": 1, "pair": 2, "same_rank": 4}[rules.lead]
            assert len(cards) <= before.hands[before.defender].bit_count(), "a lead larger than the defender's hand"
        else:
            assert rules.variant != "simple" and len(cards) == 1, "simple durak: nothing thrown in"
            assert seat != before.defender and not on_team(rules, seat, before.defender)
            assert cards[0] // 4 in ranks, "only ranks on the table are thrown in"
            assert rules.throw_after_take or not before.taking
            if rules.throw_in == "neighbours":
                assert seat in (before.attacker, clockwise(before, before.defender)[0])
        short_first = before.bouts == 0 and not (before.taking and rules.first_bout_take_sixth)
        cap = rules.first_bout_limit if short_first else rules.bout_limit
        if deck_empty and not rules.cap_when_deck_empty:
            cap = 99
        assert len(after.table) <= cap, "more attack cards than the bout limit"
        if rules.limit_by == "start_hand":
            assert len(after.table) <= memo["start_hand"], "more cards than the defender held"
        assert after.unbeaten <= after.hands[before.defender].bit_count()
    elif kind == "CardBeaten":
        assert event.seat == before.defender and not before.taking  # type: ignore[union-attr]
        attack, defence = table[event.target]  # type: ignore[union-attr]
        assert defence < 0 and beats(rules, before.trump_suit, attack, event.card)  # type: ignore[union-attr]
    elif kind == "AttackTransferred":
        seat = event.seat  # type: ignore[union-attr]
        assert rules.variant == "perevodnoy" and seat == before.defender and not before.taking
        assert all(d < 0 for _, d in table), "a transfer after a beat"
        assert all(c // 4 == attacks[0] // 4 for c in event.cards), "a transfer of another rank"  # type: ignore[union-attr]
        assert event.defender == [s for s in clockwise(before, seat) if not on_team(rules, s, seat)][0]  # type: ignore[union-attr]
        assert len(after.table) <= after.hands[event.defender].bit_count(), "more than the next player holds"  # type: ignore[union-attr]
        capped = rules.cap_when_deck_empty or not deck_empty
        assert not capped or len(after.table) <= (rules.first_bout_limit if before.bouts == 0 else rules.bout_limit)
        assert rules.transfer_first_bout or before.bouts > 0
        if not rules.transfer_with_trump_on_table:
            assert all(a % 4 != before.trump_suit for a in attacks)
        if event.shown:  # type: ignore[union-attr]
            assert rules.proezdnoy and event.cards[0] % 4 == before.trump_suit  # type: ignore[union-attr]
            assert not memo.setdefault("shown", set()) & {seat}, "a second «проездной»"
            memo["shown"].add(seat)
        elif not rules.transfer_out and deck_empty:
            assert after.hands[seat], "left the game by a transfer"
        memo["start_hand"] = after.hands[event.defender].bit_count()  # type: ignore[union-attr]
    elif kind == "TakeDeclared":
        assert event.seat == before.defender and before.unbeaten  # type: ignore[union-attr]
    elif kind == "Passed":
        assert event.seat != before.defender  # type: ignore[union-attr]
    elif kind == "BoutEnded":
        assert event.outcome == ("taken" if before.taking else "beaten")  # type: ignore[union-attr]
        if event.outcome == "beaten":  # type: ignore[union-attr]
            assert before.unbeaten == 0
        memo.update(ended=event.outcome, defender=event.defender, lead=before.lead, drawn=[],  # type: ignore[union-attr]
                    deck_at_end=before.deck_count, hands_passed=False)
    elif kind == "CardsDrawn":
        seat = event.seat  # type: ignore[union-attr]
        last = memo["defender"]
        order = [(memo["lead"] + k) % rules.players for k in range(rules.players)]
        others = [s for s in order if s != last]
        order = [last] + others if rules.draw_first == "defender" else others + [last]
        drawn = memo["drawn"]

        def missing(s: int) -> int:
            return 0 if before.out >> s & 1 else max(0, 6 - before.hands[s].bit_count())

        if not drawn:
            memo["short"] = sum(missing(s) for s in order) > before.deck_count
        if rules.last_cards == "even" and memo["short"]:
            # One card at a time round the drawing order, skipping full hands.
            assert len(event.cards) == 1, "the last cards are dealt one at a time"  # type: ignore[union-attr]
            start = order.index(drawn[-1]) + 1 if drawn else 0
            due = next(s for s in (order * 2)[start:] if missing(s))
            assert seat == due, "the last cards go round the drawing order"
        else:
            assert len(event.cards) == min(missing(seat), before.deck_count)  # type: ignore[union-attr]
            assert not drawn or order.index(seat) > order.index(drawn[-1]), "draw order"
            for skipped in order[order.index(drawn[-1]) + 1 if drawn else 0:order.index(seat)]:
                assert before.out >> skipped & 1 or before.hands[skipped].bit_count() >= 6
        drawn.append(seat)
    elif kind == "HandsPassed":
        assert rules.pass_hands
        assert memo["deck_at_end"] or memo["ended"] == "beaten", "hands pass on an empty deck only after a beat"
        memo["hands_passed"] = True
        active = [s for s in range(rules.players) if not before.out >> s & 1]
        for i, s in enumerate(active):
            assert after.hands[s] == before.hands[active[i - 1]], "each hand goes to the next player clockwise"
        assert [set(h) for h in event.hands] == [cards_of_mask(h) for h in after.hands]  # type: ignore[union-attr]
    elif kind == "PlayerOut":
        assert deck_empty and not before.hands[event.seat]  # type: ignore[union-attr]
    elif kind == "GameFinished":
        active = [s for s in range(rules.players) if not after.out >> s & 1]
        result = event
        if rules.teams:
            assert len({s % 2 for s in active}) <= 1
        else:
            assert len(active) <= 1
        if not active:
            assert result.draw == rules.draw_allowed  # type: ignore[union-attr]
        else:
            assert not result.draw and set(active) <= set(result.losers)  # type: ignore[union-attr]
            if not rules.teams:
                assert result.durak == active[0]  # type: ignore[union-attr]


@examples(100)
@given(rules=any_rules(), seed=SEEDS)
def test_every_event_follows_the_seed_rules(rules: Rules, seed: int) -> None:
    """An independent reading of the rules checks every event of random games: who
    attacks, what may be thrown in, the limits, beating, transfers, the draw order,
    who leaves and who is the durak."""
    _, events = final(rules, seed)
    state = replay(events[:2])
    memo: dict[str, Any] = {}
    for event in events[2:]:
        after = apply(state, event)
        check_event_follows_the_rules(state, event, after, memo)
        state = after
    assert state.result is not None
