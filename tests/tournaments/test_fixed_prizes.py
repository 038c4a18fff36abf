"""Fixed prizes (``prize_amounts``) through the API: refused unless the organiser's coins
cover them, shown beside the percentages, and paid at the end of whole tournaments with
every wallet changed by exactly its prize minus its fee (the contract), whether the fees
or the guarantee's overlay fill the pool, and with a disqualified player's fixed prize
going to the places below."""

from __future__ import annotations

import random
from typing import Any

import pytest

from coins import ledger
from tests.tournaments.playing import create, funded, ledger_balanced, open_tables, own_coins, table_play_out
from tests.tournaments.test_play_through import _balance, _check_money, _check_rounds, _play_to_the_end
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db(transaction=True)  # rounds move on in on-commit hooks


@pytest.mark.parametrize(("body", "words"), [
    ({"prize_amounts": [500, 300, 200], "guarantee": 999}, "more than the added prize or the guarantee covers"),
    ({"prize_amounts": [500, 300, 200], "entry_fee": 1000}, "covers (0)"),  # fees may never come
    ({"prize_amounts": [200, 300], "guarantee": 500}, "must not pay place 2 more than place 1"),
    ({"prize_amounts": [500, 0], "guarantee": 500}, "1 or more"),
    ({"prize_amounts": [], "guarantee": 500}, "must be a list"),
    ({"prize_amounts": "500,300", "guarantee": 800}, "must be a list"),
    ({"prize_amounts": [500.5], "guarantee": 800}, "whole coins"),
])
def test_fixed_prizes_the_organiser_does_not_cover_are_refused_and_cost_nothing(body: dict[str, Any],
                                                                                  words: str) -> None:
    organiser = own_coins(funded(1)[0])
    before = _balance(organiser)
    answer = organiser.post("/api/v1/tournaments/", {"name": "Кубок", **body})
    assert answer.status_code == 400, answer.content
    error = answer.json()["error"]
    assert (error["code"], error["field"]) == ("invalid_tournament", "prize_amounts"), error
    assert words in error["message"], error
    assert not Tournament.objects.exists() and _balance(organiser) == before


def test_fixed_prizes_are_shown_beside_the_percentages() -> None:
    organiser = own_coins(funded(1)[0])
    # The added prize covers them as well as a guarantee would: the pool holds at least it.
    t = create(organiser, added_prize=1000, prize_amounts=[500, 300, 200], payouts=[60, 40])
    assert t["prize_amounts"] == [500, 300, 200] and t["payouts"] == [60, 40] and t["payouts_given"] is True
    plain = create(organiser, entry_fee=10)
    assert plain["prize_amounts"] is None
    people = funded(4)
    for client in people:
        assert client.post(f"/api/v1/tournaments/{t['id']}/join/").status_code == 200
    detail = organiser.get(f"/api/v1/tournaments/{t['id']}/").json()
    # If it ended now: 1,000 coins, all fixed; nothing left for 60/40.
    assert sorted((row["prize"] for row in detail["standings"]), reverse=True) == [500, 300, 200, 0]


# Four players, two swiss rounds at tables of 2: fixed 250/150/100 (500), then 70/30 of the rest.
FIXED = {"format": "swiss", "rounds": 2, "rules": {"players": 2, "deck": 24}, "rake_percent": 10,
         "added_prize": 100, "guarantee": 500, "prize_amounts": [250, 150, 100], "payouts": [70, 30],
         "min_entrants": 4, "max_entrants": 4}


@pytest.mark.parametrize(("fee", "pool", "by_place"), [
    # Fees 800, rake 80, added 100: 820, above the guarantee. 500 fixed, 320 left: 224/96.
    (200, {"entry_fees": 800, "rake": 80, "added_prize": 100, "overlay": 0, "total": 820}, [474, 246, 100, 0]),
    # Fees 80, rake 8, added 100: 172, so the guarantee's overlay (328) makes the 500 the fixed prizes take.
    (20, {"entry_fees": 80, "rake": 8, "added_prize": 100, "overlay": 328, "total": 500}, [250, 150, 100, 0]),
])
def test_a_whole_swiss_pays_its_fixed_prizes_and_each_wallet_changes_by_its_prize_minus_its_fee(
        fee: int, pool: dict[str, int], by_place: list[int]) -> None:
    organiser = own_coins(funded(1)[0])
    players = funded(4)  # their fees come out of their welcome coins, and prizes go back partly as them
    by_id = {c.player.pk: c for c in players}
    before = {pk: _balance(c) for pk, c in by_id.items()}
    organiser_before = _balance(organiser)
    welcome_before = {pk: ledger.welcome_balance(pk) for pk in [*by_id, organiser.player.pk]}
    t = create(organiser, entry_fee=fee, **FIXED)
    for client in players:  # the fourth entry fills it: it starts
        assert client.post(f"/api/v1/tournaments/{t['id']}/join/").status_code == 200
    detail = _play_to_the_end(organiser, t["id"], by_id, seed=fee)
    _check_rounds(detail, seats=2)
    assert detail["pool"] == pool
    assert [row["prize"] for row in sorted(detail["standings"], key=lambda r: r["place"])] == by_place
    _check_money(detail, before, by_id, organiser)
    # The organiser paid the added prize and the overlay; the rest of the guarantee came back.
    assert _balance(organiser) == organiser_before - pool["added_prize"] - pool["overlay"]
    # Welcome coins paid every fee; as many come back as welcome coins, no more: the fixed
    # prizes the organiser's coins fund are paid as coins of the winners' own, and the
    # organiser's welcome coins funded nothing.
    welcome_after = {pk: ledger.welcome_balance(pk) for pk in welcome_before}
    assert welcome_after[organiser.player.pk] == welcome_before[organiser.player.pk]
    assert sum(welcome_after.values()) == sum(welcome_before.values())


def test_a_disqualified_players_fixed_prize_goes_to_the_places_below() -> None:
    """Four fixed places, four entrants, one disqualified: three places are paid, and the
    fourth place's fixed prize folds into first, so the pool is still paid to the coin."""
    organiser = own_coins(funded(1)[0])
    players = funded(4)
    t = create(organiser, entry_fee=20, **{**FIXED, "guarantee": 550, "prize_amounts": [250, 150, 100, 50]})
    for client in players:
        assert client.post(f"/api/v1/tournaments/{t['id']}/join/").status_code == 200
    rng = random.Random(4)
    first, *_ = open_tables(t["id"])
    table_play_out(first, rng)
    out = players[0].player.pk
    answer = organiser.post(f"/api/v1/tournaments/{t['id']}/disqualify/", {"player": out})
    assert answer.status_code == 200, answer.content
    for _ in range(6):
        games = open_tables(t["id"])
        if not games:
            break
        for game_id in games:
            table_play_out(game_id, rng)
    tournament = Tournament.objects.get(pk=t["id"])
    assert tournament.status == Tournament.Status.FINISHED
    rows = sorted(tournament.standings or [], key=lambda r: r["place"])
    assert rows[-1]["player"] == out and rows[-1]["prize"] == 0
    assert Entry.objects.get(tournament=tournament, player_id=out).status == Entry.Status.DISQUALIFIED
    # 80 - 8 + 100 = 172: the overlay makes 550, all fixed; 50 of fourth place folds into first.
    assert [r["prize"] for r in rows] == [300, 150, 100, 0]
    ledger_balanced()


def test_staff_set_fixed_prizes_in_the_admin_and_read_them_beside_the_percentages() -> None:
    from django.contrib.auth.models import User
    from django.test import Client as DjangoClient

    organiser = own_coins(funded(1)[0])
    browser = DjangoClient()
    browser.force_login(User.objects.create_user("admin", password="pw-admin-1", is_staff=True, is_superuser=True))
    form = {"name": "Клубный кубок", "organiser": organiser.player.pk, "format": "round_robin",
            "rules": '{"players": 2}', "entry_fee": 10, "rake_percent": 0, "added_prize": 0, "guarantee": 400,
            "payouts": "[70, 30]", "prize_amounts": "[300, 200]", "leaves": "durak", "min_entrants": 2, "max_entrants": 8,
            "starts_at_0": "", "starts_at_1": "", "rounds": "", "move_timer": 45, "spectator_delay": 2,
            "entries-TOTAL_FORMS": 0, "entries-INITIAL_FORMS": 0, "tables-TOTAL_FORMS": 0,
            "tables-INITIAL_FORMS": 0, "staff_actions-TOTAL_FORMS": 0, "staff_actions-INITIAL_FORMS": 0}
    browser.cookies["django_language"] = "ru"
    refused = browser.post("/admin/tournaments/tournament/add/", form)  # 500 fixed, 400 guaranteed
    assert refused.status_code == 200 and "в сумме не больше добавленного приза или гарантии" in refused.content.decode()
    assert not Tournament.objects.exists()
    made = browser.post("/admin/tournaments/tournament/add/", {**form, "guarantee": 500})
    assert made.status_code == 302, made.content.decode()[:2000]
    tournament = Tournament.objects.get()
    assert (tournament.prize_amounts, tournament.payouts) == ([300, 200], [70, 30])
    page = browser.get(f"/admin/tournaments/tournament/{tournament.pk}/change/").content.decode()
    assert "1 место: 300 мон. · 2 место: 200 мон.; остаток фонда: 1 место: 70 % · 2 место: 30 %" in page
    assert 'name="prize_amounts"' not in page, "the terms stay as announced"
    browser.cookies["django_language"] = "en"
    english = browser.get(f"/admin/tournaments/tournament/{tournament.pk}/change/").content.decode()
    assert "place 1: 300 coins · place 2: 200 coins; the rest of the pool: place 1: 70% · place 2: 30%" in english
    ledger_balanced()
