"""Tournaments through the API: the terms checked field by field, registration (entering
pays, withdrawing pays back, the last place starts it), cancelling with every coin back,
a start at ``starts_at``, staff actions recorded with who did them, the wallet, and a
ledger whose every transfer sums to zero and is never changed."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client as DjangoClient
from django.utils import timezone

from coins import ledger
from coins import services as coin_services
from coins.models import LedgerIsAppendOnly, Movement, Posting
from games.models import Game, SeatAbsence
from tests.harness.clients import Client
from tournaments import services
from tournaments.models import Entry, StaffAction, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

WELCOME = coin_services.WELCOME_COINS


def _funded(n: int) -> list[Client]:
    clients = [Client.member() for _ in range(n)]
    for client in clients:  # coins of their own: welcome coins fund no added prize or guarantee
        ledger.move(f"test-funds:{client.player.pk}", Movement.Kind.GRANT, ledger.issuer(),
                    ledger.wallet(client.player), WELCOME)
        assert _balance(client) == WELCOME
    return clients


def _create(organiser: Client, **body: Any) -> dict[str, Any]:
    answer = organiser.post("/api/v1/tournaments/", {"name": "Кубок", **body})
    assert answer.status_code == 201, answer.content
    return answer.json()  # type: ignore[no-any-return]


def _balance(client: Client) -> int:
    return int(client.get("/api/v1/wallet/").json()["balance"])


def _error(answer: Any, status: int, code: str) -> dict[str, Any]:
    assert answer.status_code == status, answer.content
    error: dict[str, Any] = answer.json()["error"]
    assert error["code"] == code, error
    return error


def _ledger_balanced() -> None:
    assert ledger.total_sum() == 0
    assert ledger.unbalanced_movements() == []


@pytest.mark.parametrize(("body", "field"), [
    ({"format": "knockout"}, "format"),
    ({"rules": {"players": 7, "deck": 52}}, "rules"),
    ({"rules": {"players": 4, "teams": True}}, "rules"),
    ({"entry_fee": -1}, "entry_fee"),
    ({"entry_fee": 1.5}, "entry_fee"),
    ({"rake_percent": 51}, "rake_percent"),
    ({"payouts": [60, 30]}, "payouts"),
    ({"payouts": [30, 70]}, "payouts"),
    ({"min_entrants": 1}, "min_entrants"),
    ({"min_entrants": 9, "max_entrants": 8}, "min_entrants"),
    ({"format": "round_robin", "max_entrants": 64}, "max_entrants"),
    ({"starts_at": "tomorrow"}, "starts_at"),
    ({"starts_at": "2020-01-01T00:00:00Z"}, "starts_at"),
    ({"format": "swiss"}, "rounds"),
    ({"format": "elimination", "rounds": 3}, "rounds"),
    ({"timer": 2}, "timer"),
    ({"time_bank": 9}, "time_bank"),
    ({"time_bank": 7201}, "time_bank"),
    ({"time_bank": "4m"}, "time_bank"),
    ({"time_increment": 61}, "time_increment"),
    ({"time_increment": -1}, "time_increment"),
    ({"leaves": "half"}, "leaves"),
    ({"prize_split": [100]}, "prize_split"),
])
def test_bad_terms_are_refused_naming_the_field_and_cost_nothing(body: dict[str, Any], field: str) -> None:
    [organiser] = _funded(1)
    error = _error(organiser.post("/api/v1/tournaments/", {"name": "Кубок", **body}), 400, "invalid_tournament")
    assert error["field"] == field, error
    assert not Tournament.objects.exists() and _balance(organiser) == WELCOME


def test_the_terms_are_shown_as_the_contract_says() -> None:
    [organiser] = _funded(1)
    t = _create(organiser, format="elimination", rules={"players": 4}, entry_fee=10, rake_percent=5,
                added_prize=100, guarantee=300, max_entrants=64, timer=None, leaves="half")
    assert (t["format"], t["status"], t["rules"]["players"], t["leaves"]) == ("elimination", "registration", 4, "half")
    assert t["timer"] == 30, "timer null: the platform's default clock"
    assert t["pool"] == {"entry_fees": 0, "rake": 0, "added_prize": 100, "overlay": 200, "total": 300}
    assert t["entrants"] == [] and t["rounds"] == [] and t["organiser"] == organiser.player.pk
    # The added prize and the guarantee left the organiser's wallet at creation.
    assert _balance(organiser) == WELCOME - 100 - 300
    _ledger_balanced()


def test_every_table_carries_the_tournaments_time_bank_and_the_detail_states_how_long_a_table_lasts() -> None:
    organiser, *others = _funded(3)
    plain = _create(organiser)
    assert (plain["time_bank"], plain["time_increment"]) == (240, 3), "the defaults: no table without a bank"
    assert plain["table_limit"] == {"seconds": 2 * 240, "per_move": 3}
    t = _create(organiser, rules={"players": 3}, max_entrants=3, timer=20, time_bank=300, time_increment=5)
    assert (t["time_bank"], t["time_increment"], t["timer"]) == (300, 5, 20)
    assert t["table_limit"] == {"seconds": 3 * 300, "per_move": 5}
    for client in [organiser, *others]:
        assert client.post(f"/api/v1/tournaments/{t['id']}/join/").status_code == 200
    started = organiser.get(f"/api/v1/tournaments/{t['id']}/").json()
    assert started["status"] == "running" and started["table_limit"] == t["table_limit"]
    [table] = started["rounds"][0]["tables"]
    game = Game.objects.get(pk=table["game"])
    assert (game.move_timer, game.time_bank, game.time_increment) == (20, 300, 5)
    view = organiser.view(game.pk)
    assert (view["options"]["time_bank"], view["options"]["time_increment"]) == (300, 5)
    assert sorted(entry["seat"] for entry in view["banks"]) == [0, 1, 2]
    assert all(0 < entry["seconds"] <= 300 for entry in view["banks"])


def test_an_organiser_who_cannot_pay_the_added_prize_creates_nothing() -> None:
    [organiser] = _funded(1)
    _error(organiser.post("/api/v1/tournaments/", {"name": "Кубок", "added_prize": WELCOME + 1}), 409,
           "insufficient_funds")
    assert not Tournament.objects.exists() and _balance(organiser) == WELCOME


def test_entering_pays_withdrawing_pays_back_and_entering_again_pays_again() -> None:
    organiser, alice, poor = _funded(2) + [Client.member()]
    t = _create(organiser, entry_fee=100, max_entrants=4)
    url = f"/api/v1/tournaments/{t['id']}"
    assert alice.post(f"{url}/join/").json()["entered"] is True
    assert _balance(alice) == WELCOME - 100
    _error(alice.post(f"{url}/join/"), 409, "already_entered")
    _error(poor.post(f"{url}/join/"), 409, "insufficient_funds")
    withdrawn = alice.post(f"{url}/withdraw/")
    assert withdrawn.status_code == 200 and withdrawn.json()["entered"] is False
    assert _balance(alice) == WELCOME
    _error(alice.post(f"{url}/withdraw/"), 409, "not_entered")
    assert alice.post(f"{url}/join/").status_code == 200
    assert _balance(alice) == WELCOME - 100
    assert [e["status"] for e in alice.get(url + "/").json()["entrants"]] == ["registered"]
    _ledger_balanced()


def test_the_last_place_taken_starts_the_tournament() -> None:
    clients = _funded(4)
    t = _create(clients[0], entry_fee=10, max_entrants=3, payouts=[100])
    for client in clients[1:3]:
        assert client.post(f"/api/v1/tournaments/{t['id']}/join/").status_code == 200
    assert clients[0].get(f"/api/v1/tournaments/{t['id']}/").json()["status"] == "registration"
    started = clients[3].post(f"/api/v1/tournaments/{t['id']}/join/").json()
    assert started["status"] == "running" and len(started["rounds"]) == 1
    _error(clients[0].post(f"/api/v1/tournaments/{t['id']}/join/"), 409, "registration_closed")
    assert {e["status"] for e in started["entrants"]} == {"playing"}


def test_only_the_organiser_starts_and_not_with_too_few() -> None:
    organiser, alice, bob = _funded(3)
    t = _create(organiser, min_entrants=3)
    alice.post(f"/api/v1/tournaments/{t['id']}/join/")
    _error(alice.post(f"/api/v1/tournaments/{t['id']}/start/"), 403, "not_organiser")
    error = _error(organiser.post(f"/api/v1/tournaments/{t['id']}/start/"), 409, "too_few_entrants")
    assert (error["needed"], error["entered"]) == (3, 1)
    bob.post(f"/api/v1/tournaments/{t['id']}/join/")
    organiser.post(f"/api/v1/tournaments/{t['id']}/join/")
    assert organiser.post(f"/api/v1/tournaments/{t['id']}/start/").json()["status"] == "running"


def test_cancelling_before_the_start_gives_every_coin_back() -> None:
    organiser, alice, bob = _funded(3)
    t = _create(organiser, entry_fee=100, added_prize=50, guarantee=500)
    for client in (alice, bob, organiser):
        client.post(f"/api/v1/tournaments/{t['id']}/join/")
    _error(alice.post(f"/api/v1/tournaments/{t['id']}/cancel/"), 403, "not_organiser")
    cancelled = organiser.post(f"/api/v1/tournaments/{t['id']}/cancel/").json()
    assert cancelled["status"] == "cancelled"
    assert [_balance(c) for c in (organiser, alice, bob)] == [WELCOME] * 3
    again = organiser.post(f"/api/v1/tournaments/{t['id']}/cancel/")
    _error(again, 409, "registration_closed")
    assert [_balance(c) for c in (organiser, alice, bob)] == [WELCOME] * 3
    _ledger_balanced()


def test_too_few_entrants_at_starts_at_cancels_with_every_coin_back() -> None:
    organiser, alice = _funded(2)
    t = _create(organiser, entry_fee=100, added_prize=30, min_entrants=3,
                starts_at=(timezone.now() + timedelta(hours=1)).isoformat())
    alice.post(f"/api/v1/tournaments/{t['id']}/join/")
    assert services.tournament_starts_due(tournament_id=t["id"]) is False  # not yet
    Tournament.objects.filter(pk=t["id"]).update(starts_at=timezone.now() - timedelta(seconds=1))
    assert services.tournament_starts_due(tournament_id=t["id"]) is True
    assert services.tournament_starts_due(tournament_id=t["id"]) is False  # twice: once
    assert Tournament.objects.get(pk=t["id"]).status == "cancelled"
    assert [_balance(c) for c in (organiser, alice)] == [WELCOME, WELCOME]
    _ledger_balanced()


def test_enough_entrants_at_starts_at_start_it() -> None:
    organiser, alice, bob = _funded(3)
    t = _create(organiser, starts_at=(timezone.now() + timedelta(hours=1)).isoformat())
    for client in (alice, bob):
        client.post(f"/api/v1/tournaments/{t['id']}/join/")
    Tournament.objects.filter(pk=t["id"]).update(starts_at=timezone.now() - timedelta(seconds=1))
    assert services.tournament_starts_due(tournament_id=t["id"]) is True
    detail = organiser.get(f"/api/v1/tournaments/{t['id']}/").json()
    assert detail["status"] == "running" and len(detail["rounds"][0]["tables"]) == 1


def test_the_rake_and_the_overlay_move_at_the_start() -> None:
    organiser, *people = _funded(5)
    t = _create(organiser, entry_fee=100, rake_percent=10, added_prize=20, guarantee=500, payouts=[100])
    for client in people:
        client.post(f"/api/v1/tournaments/{t['id']}/join/")
    started = organiser.post(f"/api/v1/tournaments/{t['id']}/start/").json()
    # Fees 400, rake 40, added 20: 380 short of 500 by 120, which the held guarantee pays.
    assert started["pool"] == {"entry_fees": 400, "rake": 40, "added_prize": 20, "overlay": 120, "total": 500}
    assert _balance(organiser) == WELCOME - 20 - 120
    assert ledger.balance(ledger.house()) == 40
    assert ledger.balance(ledger.pool(Tournament.objects.get(pk=t["id"]))) == 500
    _ledger_balanced()


def _staff() -> tuple[User, DjangoClient]:
    user = User.objects.create_user("steward", password="pw-steward-1", is_staff=True, is_superuser=True)
    browser = DjangoClient()
    browser.force_login(user)
    return user, browser


def test_staff_cancel_a_running_tournament_and_every_coin_comes_back() -> None:
    organiser, *people = _funded(5)
    t = _create(organiser, entry_fee=100, rake_percent=10, added_prize=20, guarantee=500, payouts=[100])
    for client in people:
        client.post(f"/api/v1/tournaments/{t['id']}/join/")
    organiser.post(f"/api/v1/tournaments/{t['id']}/start/")
    _error(organiser.post(f"/api/v1/tournaments/{t['id']}/cancel/"), 409, "registration_closed")
    user, _ = _staff()
    services.tournament_cancel_by_staff(tournament_id=t["id"], by=user, note="the club closed")
    assert [_balance(c) for c in (organiser, *people)] == [WELCOME] * 5
    assert ledger.balance(ledger.house()) == 0
    action = StaffAction.objects.get(tournament_id=t["id"], kind="cancel")
    assert (action.by_id, action.note) == (user.pk, "the club closed")
    _ledger_balanced()


def test_staff_disqualify_an_entrant_whose_seat_then_forfeits() -> None:
    organiser, alice, bob = _funded(3)
    t = _create(organiser, payouts=[100], max_entrants=2)
    alice.post(f"/api/v1/tournaments/{t['id']}/join/")
    started = bob.post(f"/api/v1/tournaments/{t['id']}/join/").json()
    table = started["rounds"][0]["tables"][0]
    seat = table["players"].index(alice.player.pk)
    _error(bob.post(f"/api/v1/tournaments/{t['id']}/disqualify/", {"player": alice.player.pk}), 403,
           "not_organiser")
    user, _ = _staff()
    services.entrant_disqualify(tournament_id=t["id"], player_id=alice.player.pk, by=user, note="two accounts")
    absence = SeatAbsence.objects.get(game_id=table["game"], seat=seat)
    assert absence.forfeited
    assert StaffAction.objects.filter(tournament_id=t["id"], kind="disqualify", player=alice.player,
                                      by=user).exists()
    detail = organiser.get(f"/api/v1/tournaments/{t['id']}/").json()
    assert {e["player"]: e["status"] for e in detail["entrants"]}[alice.player.pk] == "eliminated"
    _error(organiser.post(f"/api/v1/tournaments/{t['id']}/disqualify/", {"player": alice.player.pk}), 409,
           "not_entered")


def test_the_organiser_directs_their_tournament_and_disqualifies_from_the_api() -> None:
    """The contract: the organiser, as the tournament's director, disqualifies; the answer
    is the tournament, the seat in play forfeits, the prize goes to the others."""
    organiser, alice, bob = _funded(3)
    t = _create(organiser, payouts=[100], max_entrants=2, entry_fee=10)
    alice.post(f"/api/v1/tournaments/{t['id']}/join/")
    started = bob.post(f"/api/v1/tournaments/{t['id']}/join/").json()
    table = started["rounds"][0]["tables"][0]
    answer = organiser.post(f"/api/v1/tournaments/{t['id']}/disqualify/", {"player": bob.player.pk,
                                                                           "note": "a second account"})
    assert answer.status_code == 200, answer.content
    assert answer.json()["id"] == t["id"] and answer.json()["status"] in ("running", "finished")
    assert SeatAbsence.objects.get(game_id=table["game"], seat=table["players"].index(bob.player.pk)).forfeited
    _error(organiser.post(f"/api/v1/tournaments/{t['id']}/disqualify/", {"player": "bob"}), 400,
           "invalid_request")


def test_the_admin_exports_the_standings_and_the_ledger_as_csv() -> None:
    organiser, alice = _funded(2)
    t = _create(organiser, entry_fee=10)
    alice.post(f"/api/v1/tournaments/{t['id']}/join/")
    _, browser = _staff()
    for action, header in (("standings_csv", "place,player"), ("ledger_csv", "tournament,transfer")):
        answer = browser.post("/admin/tournaments/tournament/", {"action": action, "_selected_action": [t["id"]]})
        assert answer.status_code == 200 and answer["Content-Type"].startswith("text/csv")
        body = answer.content.decode()
        assert header in body.splitlines()[0]
    assert "entry_fee" in body and "-10" in body


def test_the_welcome_coins_come_once_and_the_ledger_is_never_changed() -> None:
    client = Client.member()
    assert client.post("/api/v1/wallet/welcome/").json()["balance"] == WELCOME
    wallet = client.get("/api/v1/wallet/").json()
    assert wallet["entries"][0]["kind"] == "welcome" and wallet["entries"][0]["amount"] == WELCOME
    posting = Posting.objects.filter(account__player=client.player).get()
    with pytest.raises(LedgerIsAppendOnly):
        Posting.objects.filter(pk=posting.pk).update(amount=10**6)
    with pytest.raises(LedgerIsAppendOnly):
        posting.delete()
    with pytest.raises(LedgerIsAppendOnly):
        Movement.objects.all().delete()
    _ledger_balanced()


def test_staff_grants_are_once_per_key() -> None:
    [client] = _funded(1)
    user, _ = _staff()
    assert coin_services.wallet_grant(player=client.player, amount=250, by=user, key="league-prize-7") is True
    assert coin_services.wallet_grant(player=client.player, amount=250, by=user, key="league-prize-7") is False
    assert _balance(client) == WELCOME + 250
    _ledger_balanced()


def test_a_finished_table_moves_its_round_on_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two signals for one table (a retried task) close the round once."""
    from tournaments import rounds

    clients = _funded(3)
    t = _create(clients[0], payouts=[100], max_entrants=3)
    for client in clients[1:]:
        client.post(f"/api/v1/tournaments/{t['id']}/join/")
    clients[0].post(f"/api/v1/tournaments/{t['id']}/join/")
    tournament = Tournament.objects.get(pk=t["id"])
    assert tournament.status == "running"
    assert rounds.round_close(tournament_id=t["id"]) is False  # its tables are still being played
    game_ids = list(Game.objects.filter(tournament_table__tournament=tournament).values_list("pk", flat=True))
    assert game_ids and Entry.objects.filter(tournament=tournament, current_game__in=game_ids).count() >= 2


def test_staff_create_a_tournament_in_the_admin_for_an_organiser_who_pays_for_it() -> None:
    [organiser] = _funded(1)
    _, browser = _staff()
    form = {"name": "Клубный кубок", "organiser": organiser.player.pk, "format": "elimination",
            "rules": '{"players": 3}', "entry_fee": 10, "rake_percent": 0, "added_prize": 100, "guarantee": 0,
            "payouts": "null", "leaves": "half", "min_entrants": 3, "max_entrants": 27, "starts_at_0": "",
            "starts_at_1": "", "rounds": "", "move_timer": 45, "time_bank": 120, "time_increment": "",
            "spectator_delay": 2, "entries-TOTAL_FORMS": 0, "entries-INITIAL_FORMS": 0, "tables-TOTAL_FORMS": 0,
            "tables-INITIAL_FORMS": 0, "staff_actions-TOTAL_FORMS": 0, "staff_actions-INITIAL_FORMS": 0}
    refused = browser.post("/admin/tournaments/tournament/add/", {**form, "rake_percent": 80})
    assert refused.status_code == 200 and "rake_percent" in refused.content.decode()
    assert not Tournament.objects.exists()
    made = browser.post("/admin/tournaments/tournament/add/", form)
    assert made.status_code == 302, made.content.decode()[:2000]
    tournament = Tournament.objects.get()
    assert (tournament.format, tournament.leaves, tournament.move_timer) == ("elimination", "half", 45)
    assert (tournament.time_bank, tournament.time_increment) == (120, 3), "an empty increment: the default"
    # Once made, the bank is a term like the others: shown, not edited.
    page = browser.get(f"/admin/tournaments/tournament/{tournament.pk}/change/").content.decode()
    assert 'name="time_bank"' not in page and 'name="time_increment"' not in page
    assert "6 мин и 3 с на каждый ход" in page  # 3 seats × 120 s
    assert _balance(organiser) == WELCOME - 100
    _ledger_balanced()


def test_known_ratings_seat_the_strong_apart_in_the_first_round() -> None:
    from ratings.models import Rating
    from tournaments.models import Round, Table

    clients = _funded(8)
    strong = [c.player for c in clients[:2]]
    for n, client in enumerate(clients):
        Rating.objects.create(player=client.player, variant="podkidnoy", mu=25.0, sigma=2.0, value=2000 - 50 * n,
                              games=10)
    t = _create(clients[0], format="elimination", rules={"players": 4}, max_entrants=8)
    for client in clients:
        client.post(f"/api/v1/tournaments/{t['id']}/join/")
    tables = [set(table.players) for table in Table.objects.filter(tournament_id=t["id"], round=1)]
    assert len(tables) == 2 and all(len(table & {p.pk for p in strong}) == 1 for table in tables)
    assert Round.objects.get(tournament_id=t["id"], number=1).ratings[str(strong[0].pk)] == 2000


def test_a_start_a_restart_forgot_happens_at_the_next_sweep() -> None:
    """The embedded mode keeps its timers in the process; ``make run`` sweeps at start."""
    from django.core.management import call_command

    organiser, alice, bob = _funded(3)
    t = _create(organiser, starts_at=(timezone.now() + timedelta(hours=1)).isoformat())
    for client in (alice, bob):
        client.post(f"/api/v1/tournaments/{t['id']}/join/")
    Tournament.objects.filter(pk=t["id"]).update(starts_at=timezone.now() - timedelta(seconds=1))
    call_command("sweep_tournaments")
    assert Tournament.objects.get(pk=t["id"]).status == "running"
