"""Unit tests: cards' text round trip, rules validation, actions and events from JSON."""

from __future__ import annotations

import pytest

from games.engine import (
    PASS,
    SCHEMA_VERSION,
    TAKE,
    Attack,
    Card,
    Defend,
    GameStarted,
    InvalidAction,
    Rules,
    Transfer,
    action_from_dict,
    card_name,
    event_from_dict,
    event_to_dict,
    parse_card,
    replay,
    start,
)
from games.engine.cards import CARD_COUNT, deck_cards
from games.engine.rules import max_players

ALL_NAMES = [r + s for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A") for s in "SCDH"]


# ------------------------------------------------------------------ cards

def test_every_card_reads_and_writes_back() -> None:
    assert len(ALL_NAMES) == CARD_COUNT
    for index, name in enumerate(ALL_NAMES):
        card = Card.parse(name)
        assert str(card) == name == card_name(card)
        assert int(card) == index == parse_card(name)
        assert eval(repr(card)) == card  # the repr pastes back



def test_only_the_contracts_spelling_is_a_card() -> None:
    """CONTRACT.md: anything but `<rank><suit>` in upper case is rejected."""
    for text in ("6s", "qs", " 6S", "6S ", "06S", "1S", "6X", "S6", "", "10", "T S"):
        with pytest.raises(InvalidAction):
            Card.parse(text)


def test_cards_order_by_rank_then_suit() -> None:
    assert Card.parse("6S") < Card.parse("6H") < Card.parse("7S") < Card.parse("AS")
    assert Card.parse("10H").rank == 10 and Card.parse("10H").suit == 3
    assert Card.parse("QS").rank == 12 and Card.parse("QS").suit == 0


@pytest.mark.parametrize("text", ["", " ", "1S", "11S", "6X", "10", "S", "66S", "6♠", "T S", "AHH", "0H", "1"])
def test_a_card_that_is_not_a_card_is_refused(text: str) -> None:
    with pytest.raises(InvalidAction) as refusal:
        Card.parse(text)
    assert refusal.value.code == "bad_card" and refusal.value.message


@pytest.mark.parametrize("value", [None, 6, 6.0, ["6S"], b"6S", True])
def test_a_card_must_be_text(value: object) -> None:
    with pytest.raises(InvalidAction) as refusal:
        parse_card(value)
    assert refusal.value.code == "bad_card"


def test_decks_hold_their_ranks() -> None:
    assert [card_name(c) for c in deck_cards(24)][:4] == ["9S", "9C", "9D", "9H"]
    assert [card_name(c) for c in deck_cards(36)][:1] == ["6S"]
    assert len(deck_cards(24)) == 24 and len(deck_cards(36)) == 36 and len(deck_cards(52)) == 52
    assert all(card_name(c).startswith(("9", "10", "J", "Q", "K", "A")) for c in deck_cards(24))


# ------------------------------------------------------------------ rules

def test_defaults_are_the_pages_rules() -> None:
    """docs/rules.md#defaults, the page's game: podkidnoy, 36 cards, lead one card, everyone
    throws in, six a bout and never more than the defender held, вдогонку allowed, a draw
    possible."""
    rules = Rules.from_dict({})
    assert rules == Rules.from_dict(None) == Rules()
    assert (rules.variant, rules.deck, rules.players, rules.lead) == ("podkidnoy", 36, 2, "single")
    assert (rules.bout_limit, rules.first_bout_limit, rules.limit_by) == (6, 6, "start_hand")
    assert (rules.throw_in, rules.throw_after_take, rules.draw_allowed) == ("all", True, True)
    assert rules.cap_when_deck_empty and not rules.teams and not rules.proezdnoy
    assert rules.transfer_first_bout and rules.transfer_with_trump_on_table and rules.transfer_out
    assert not rules.redeal_five_of_suit and not rules.spades_by_spades


def test_simple_durak_leads_one_or_two_unless_told() -> None:
    assert Rules.from_dict({"variant": "simple"}).lead == "pair"
    assert Rules.from_dict({"variant": "simple", "lead": "single"}).lead == "single"
    assert not Rules.from_dict({"variant": "simple"}).throw_ins
    assert Rules.from_dict({"variant": "perevodnoy"}).transfers


def test_players_per_deck() -> None:
    assert (max_players(24), max_players(36), max_players(52)) == (4, 6, 8)
    assert Rules.from_dict({"players": 8, "deck": 52}).players == 8
    assert Rules.from_dict({"players": 6, "teams": True}).teams
    assert Rules.from_dict({"players": 4, "deck": 24, "teams": True}).teams


def test_later_options_keep_todays_game_by_default() -> None:
    """The readings added as options keep the game as it was played before them."""
    rules = Rules.from_dict({})
    assert (rules.throw_in_order, rules.draw_others, rules.transfer_cards) == ("attacker_first", "from_lead", "one_or_more")
    assert rules.initiator_throws_after_transfer
    assert not Rules.from_dict({"players": 3, "initiator_throws_after_transfer": False}).initiator_throws_after_transfer


def test_rules_round_trip() -> None:
    rules = Rules.from_dict({"variant": "perevodnoy", "players": 4, "teams": True, "proezdnoy": True,
                             "first_bout_limit": 5, "limit_by": "current_hand", "throw_in": "neighbours"})
    assert Rules.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize("data", [
    "podkidnoy", [], 3,
    {"colour": "red"},
    {"players": True}, {"players": "2"}, {"players": 2.0},
    {"teams": 1}, {"teams": "yes"}, {"variant": 1}, {"lead": None},
    {"variant": "kitchen"}, {"deck": 40}, {"deck": 32},
    {"players": 1}, {"players": 7}, {"players": 5, "deck": 24}, {"players": 9, "deck": 52},
    {"players": 3, "teams": True}, {"players": 2, "teams": True}, {"players": 8, "deck": 52, "teams": True},
    {"lead": "three"}, {"limit_by": "hand"}, {"throw_in": "left"},
    {"throw_in_order": "anyhow"}, {"draw_others": "from_defender"}, {"transfer_cards": "two"},
    {"transfer_cards": 1}, {"initiator_throws_after_transfer": "no"},
    {"initiator_throws_after_transfer": False}, {"players": 4, "initiator_throws_after_transfer": False},
    {"bout_limit": 0}, {"bout_limit": 7}, {"first_bout_limit": 0}, {"bout_limit": 4, "first_bout_limit": 5},
])
def test_bad_rules_are_refused(data: object) -> None:
    with pytest.raises(InvalidAction) as refusal:
        Rules.from_dict(data)
    assert refusal.value.code == "bad_rules" and refusal.value.message


# ------------------------------------------------------------------ actions

@pytest.mark.parametrize("action", [
    Attack((16,)), Attack((16, 17, 18)), Defend(20, 0), Defend(51, 5), Transfer((17,)),
    Transfer((17, 18)), Transfer((19,), True), TAKE, PASS,
])
def test_actions_round_trip(action: object) -> None:
    data = action.to_dict()  # type: ignore[attr-defined]
    assert action_from_dict(data) == action
    assert action_from_dict(dict(data, expected_seq=41)) == action


def test_contract_examples_read() -> None:
    assert action_from_dict({"type": "attack", "cards": ["6S", "6H"], "expected_seq": 41}) == Attack((16, 19))
    assert action_from_dict({"type": "defend", "card": "7S", "target": 0}) == Defend(20, 0)
    assert action_from_dict({"type": "transfer", "cards": ["6D"]}) == Transfer((18,))
    assert action_from_dict({"type": "take"}) is TAKE
    assert action_from_dict({"type": "pass"}) is PASS
    assert Transfer((19,), True).to_dict() == {"type": "transfer", "cards": ["6H"], "shown": True}
    assert "shown" not in Transfer((19,)).to_dict()


@pytest.mark.parametrize("data, code", [
    (None, "bad_action"), ("take", "bad_action"), ([], "bad_action"), ({}, "bad_action"),
    ({"type": "Attack", "cards": ["6S"]}, "bad_action"), ({"type": "beat"}, "bad_action"),
    ({"type": "attack"}, "bad_action"), ({"type": "attack", "cards": []}, "bad_action"),
    ({"type": "attack", "cards": "6S"}, "bad_action"), ({"type": "attack", "cards": ["6S", "6S"]}, "bad_action"),
    ({"type": "attack", "cards": ["6Z"]}, "bad_card"), ({"type": "attack", "cards": [16]}, "bad_card"),
    ({"type": "defend", "card": "7S"}, "bad_action"), ({"type": "defend", "card": "7S", "target": -1}, "bad_action"),
    ({"type": "defend", "card": "7S", "target": "0"}, "bad_action"),
    ({"type": "defend", "card": "7S", "target": 0.0}, "bad_action"),
    ({"type": "defend", "card": "7S", "target": False}, "bad_action"),
    ({"type": "defend", "target": 0}, "bad_card"), ({"type": "defend", "card": "77", "target": 0}, "bad_card"),
    ({"type": "transfer", "cards": ["6D"], "shown": "true"}, "bad_action"),
    ({"type": "transfer", "cards": []}, "bad_action"),
])
def test_malformed_actions_are_invalid(data: object, code: str) -> None:
    with pytest.raises(InvalidAction) as refusal:
        action_from_dict(data)
    assert refusal.value.code == code and refusal.value.message


# ------------------------------------------------------------------ events and decks

def test_events_carry_the_schema_version_and_the_first_holds_rules_and_deck() -> None:
    rules = Rules.from_dict({"players": 3})
    deck = list(deck_cards(36))
    events = start(rules, deck)
    first = events[0]
    assert isinstance(first, GameStarted) and first.rules == rules and list(first.deck) == deck
    for event in events:
        data = event_to_dict(event)
        assert data["v"] == SCHEMA_VERSION
        assert event_from_dict(data) == event
    assert replay(events) == replay([event_from_dict(event_to_dict(e)) for e in events])


@pytest.mark.parametrize("data", [
    {"type": "teleport", "v": 1},
    {"type": "passed", "v": SCHEMA_VERSION + 1, "seat": 0},
    {"type": "passed", "v": "1", "seat": 0},
    {"type": "attack_played", "v": 1, "seat": 0},
    {"type": "card_beaten", "v": 1, "seat": 0, "card": "6S"},
    {"v": 1},
])
def test_bad_stored_events_are_refused(data: dict[str, object]) -> None:
    with pytest.raises(InvalidAction) as refusal:
        event_from_dict(data)
    assert refusal.value.code == "bad_event"


def test_replay_needs_the_first_event() -> None:
    with pytest.raises(InvalidAction):
        replay([])


@pytest.mark.parametrize("deck", [
    list(deck_cards(36))[:-1], list(deck_cards(36)) + [0], list(deck_cards(36))[:-1] + [16], list(deck_cards(24)),
])
def test_start_refuses_a_deck_that_is_not_the_rules_deck(deck: list[int]) -> None:
    with pytest.raises(InvalidAction) as refusal:
        start(Rules.from_dict({}), deck)
    assert refusal.value.code == "bad_deck"
