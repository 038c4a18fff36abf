"""The rules checked event by event: an independent reading of docs/rules.md, written
again without the engine's tables, against every event of random games under any rules."""

from __future__ import annotations

from typing import Any

from hypothesis import given

from games.engine import Event, Rules, State, apply, replay
from games.engine.cards import card_list
from tests.engine.random_games import SEEDS, any_rules, examples, final

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


def counter_clockwise(state: State, seat: int) -> list[int]:
    n = state.rules.players
    return [(seat - k) % n for k in range(1, n) if not state.out >> ((seat - k) % n) & 1]


def may_throw_in(before: State, memo: dict[str, Any]) -> list[int]:
    """Who may throw in to this defender at all (docs/rules.md#throwing-in,
    docs/rules.md#transfers)."""
    rules = before.rules
    defender = before.defender
    if memo.get("barred") is not None:
        # Three players, after a transfer: only the player who transferred throws in.
        return [before.attacker]
    seats = [s for s in clockwise(before, defender) if not on_team(rules, s, defender)]
    if rules.throw_in == "neighbours":
        seats = [s for s in seats if s in (before.attacker, clockwise(before, defender)[0])]
    elif rules.throw_in == "both_neighbours":
        near = (before.attacker, clockwise(before, defender)[0], counter_clockwise(before, defender)[0])
        seats = [s for s in seats if s in near]
    return seats


def due_thrower(before: State, memo: dict[str, Any]) -> int | None:
    """Whose turn it is to throw in: from the attacker, or round the table from where the
    right stands (``memo["turn"]``), the first seat that may throw in, has not passed
    since the table changed and holds any card: by position, not by holding a card of
    a table rank (docs/rules.md#throwing-in)."""
    if not before.table or before.room <= 0 or (before.taking and not before.rules.throw_after_take):
        return None
    n = before.rules.players
    start = memo.get("turn")
    if start is None:
        start = before.attacker
    allowed = may_throw_in(before, memo)
    for seat in [(start + k) % n for k in range(n)]:
        holds = bool(card_list(before.hands[seat]))
        if seat in allowed and seat not in memo["passed"] and holds:
            return seat
    return None


def follow_the_turn(before: State, event: Event, memo: dict[str, Any]) -> None:
    """Check who throws in or passes against ``due_thrower`` and keep the turn: a card laid
    or a take clears every pass; round the table the right stays with the one whose turn
    it was, and a pass hands it on clockwise (text 004: «Ходящий игрок может подкинуть
    опять, когда до него вновь дойдёт очередь по кругу»)."""
    kind = type(event).__name__
    rules = before.rules
    if kind in ("BoutStarted", "AttackTransferred"):
        memo.update(turn=None, passed=set())
        return
    due = due_thrower(before, memo)
    if kind in ("AttackPlayed", "Passed") and before.table:
        assert event.seat == due, f"seat {event.seat} threw in or passed, but it was seat {due}'s turn"  # type: ignore[union-attr]
    if kind == "Passed":
        memo["passed"].add(event.seat)  # type: ignore[union-attr]
        if rules.throw_in_order == "round":
            memo["turn"] = (event.seat + 1) % rules.players  # type: ignore[union-attr]
    elif kind in ("AttackPlayed", "CardBeaten", "TakeDeclared"):
        memo["passed"] = set()
        if rules.throw_in_order == "round" and due is not None:
            memo["turn"] = due


def check_event_follows_the_rules(before: State, event: Event, after: State, memo: dict[str, Any]) -> None:
    rules = before.rules
    kind = type(event).__name__
    table = before.table
    attacks = [a for a, _ in table]
    ranks = {c // 4 for pair in table for c in pair if c >= 0}
    deck_empty = before.deck_pos >= len(before.deck)
    follow_the_turn(before, event, memo)
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
        memo["barred"] = None
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
            assert seat in may_throw_in(before, memo), f"seat {seat} may not throw in to {before.defender}"
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
        assert rules.transfer_cards != "one" or len(event.cards) == 1, "a transfer of several cards"  # type: ignore[union-attr]
        if not rules.initiator_throws_after_transfer:
            memo["barred"] = before.attacker
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
        last, lead = memo["defender"], memo["lead"]
        if rules.draw_others == "from_lead":
            others = [(lead + k) % rules.players for k in range(rules.players) if (lead + k) % rules.players != last]
        else:
            # Who opened the bout, then from the defender's left (text 004).
            others = [s for s in ((last + k) % rules.players for k in range(1, rules.players)) if s != lead]
            others = others if lead == last else [lead, *others]
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
        assert [set(h) for h in event.hands] == [set(card_list(h)) for h in after.hands]  # type: ignore[union-attr]
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
def test_every_event_follows_the_rules(rules: Rules, seed: int) -> None:
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
