"""Issue 31's defects, each shown by a test that failed before its fix: a disqualification
after a table ended, the sweep's isolation, the admin's money fields, the payouts shown,
swiss points across table sizes, round-robin schedules, the final's seats and ties, the
seed of a cancelled tournament, the limits on creating tournaments; and one found later: an
end with every entrant disqualified that left the welcome coins' fees in the pool."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.contrib.auth.models import User

from coins import ledger
from games.models import Game
from tournaments import services
from tournaments.models import Entry, Table, Tournament

from .playing import create, funded, ledger_balanced, open_tables, own_coins, table_play_out

pytestmark = pytest.mark.django_db(transaction=True)  # rounds move on in on-commit hooks


def _staff() -> User:
    return User.objects.create_user("steward", password="pw-steward-1", is_staff=True)


def _winner_of(game_id: int) -> int:
    table = Table.objects.select_related("game").get(game_id=game_id)
    result = table.game.result or {}
    return int(table.players[result["places"][0]])


def test_a_disqualification_after_the_table_ended_does_not_freeze_the_elimination() -> None:
    """Defect 1: the round's close once raised "is in but has no seat" for ever."""
    clients = funded(6)
    t = create(clients[0], format="elimination", rules={"players": 2, "deck": 24}, entry_fee=10, max_entrants=6,
               payouts=[70, 30])
    for client in clients:
        assert client.post(f"/api/v1/tournaments/{t['id']}/join/").status_code == 200
    rng = random.Random(31)
    first, *others = open_tables(t["id"])
    assert len(others) == 2
    table_play_out(first, rng)
    out = _winner_of(first)
    # The organiser, as the tournament's director, through the API.
    answer = clients[0].post(f"/api/v1/tournaments/{t['id']}/disqualify/", {"player": out})
    assert answer.status_code == 200, answer.content
    for game_id in others:
        table_play_out(game_id, rng)
    for _ in range(5):  # the final (and any replay of a drawn one)
        games = open_tables(t["id"])
        if not games:
            break
        for game_id in games:
            table_play_out(game_id, rng)
    tournament = Tournament.objects.get(pk=t["id"])
    assert tournament.status == Tournament.Status.FINISHED
    rows = tournament.standings or []
    assert [r["place"] for r in rows].count(1) == 1
    assert next(r for r in rows if r["player"] == out)["prize"] == 0
    assert rows[-1]["player"] == out, "a disqualified player ranks last"
    assert Entry.objects.get(tournament=tournament, player_id=out).status == Entry.Status.DISQUALIFIED
    assert all(out not in t.players for t in Table.objects.filter(tournament=tournament, round__gt=1))
    assert not Game.objects.filter(tournament_table__tournament=tournament).exclude(status="finished").exists()
    ledger_balanced()


def test_a_round_of_byes_alone_closes_at_once_and_the_tournament_ends() -> None:
    """Once everyone but one is disqualified, the next swiss round seats nobody (one bye, no
    table): it once stayed open for good, since only a table's end closes a round."""
    clients = funded(3)
    t = create(clients[0], format="swiss", rounds=3, rules={"players": 2, "deck": 24}, max_entrants=3)
    for client in clients:
        assert client.post(f"/api/v1/tournaments/{t['id']}/join/").status_code == 200
    rng = random.Random(7)
    (first,) = open_tables(t["id"])
    table_play_out(first, rng)
    seated = Table.objects.get(game_id=first).players
    for player in seated:  # the two who played round 1 leave; the third was its bye
        answer = clients[0].post(f"/api/v1/tournaments/{t['id']}/disqualify/", {"player": player})
        assert answer.status_code == 200, answer.content
    for _ in range(5):  # a table of round 2 still in play goes on with a computer in the seat
        for game_id in open_tables(t["id"]):
            table_play_out(game_id, rng)
    tournament = Tournament.objects.get(pk=t["id"])
    assert tournament.status == Tournament.Status.FINISHED
    rows = tournament.standings or []
    (winner,) = [r["player"] for r in rows if r["place"] == 1]
    assert winner not in seated
    ledger_balanced()


def test_every_entrant_disqualified_gives_every_coin_back_welcome_coins_as_welcome_coins() -> None:
    """Nobody may win the pool once every entrant is disqualified: every coin goes back as a
    cancel gives it. Fees paid with welcome coins once stayed in the pool, so the end raised
    ("coins left in the pool after the prizes") and the tournament stayed running for good
    (found by the tournaments' property test)."""
    organiser = own_coins(funded(1)[0])
    players = funded(3)
    wallet_before = ledger.balance(ledger.wallet(organiser.player.pk))
    welcome_before = {c.player.pk: ledger.balance(ledger.welcome(c.player.pk)) for c in players}
    t = create(organiser, format="swiss", rounds=2, rules={"players": 2, "deck": 24}, entry_fee=10,
               max_entrants=3, payouts=[100], guarantee=100)
    for client in players:  # fees of welcome coins; the last place starts it
        assert client.post(f"/api/v1/tournaments/{t['id']}/join/").status_code == 200
    assert all(ledger.balance(ledger.welcome(pk)) == coins - 10 for pk, coins in welcome_before.items())
    for client in players:
        answer = organiser.post(f"/api/v1/tournaments/{t['id']}/disqualify/", {"player": client.player.pk})
        assert answer.status_code == 200, answer.content
    rng = random.Random(5)
    for _ in range(5):  # any table still in play goes on with computers in the seats
        for game_id in open_tables(t["id"]):
            table_play_out(game_id, rng)
    tournament = Tournament.objects.get(pk=t["id"])
    assert tournament.status == Tournament.Status.FINISHED
    assert [row["prize"] for row in tournament.standings or []] == [0, 0, 0]
    assert ledger.balance(ledger.pool(tournament)) == 0 and ledger.balance(ledger.hold(tournament)) == 0
    assert {pk: ledger.balance(ledger.welcome(pk)) for pk in welcome_before} == welcome_before
    assert ledger.balance(ledger.wallet(organiser.player.pk)) == wallet_before, "the guarantee back whole"
    ledger_balanced()


def test_one_broken_tournament_does_not_stop_the_sweep_for_the_others() -> None:
    """Defect 2: the sweep went tournament by tournament with no isolation, newest first."""
    from tournaments import tasks

    clients = funded(4)
    older = create(clients[0], max_entrants=2, payouts=[100], rules={"players": 2, "deck": 24})
    for client in clients[:2]:
        client.post(f"/api/v1/tournaments/{older['id']}/join/")
    newer = create(clients[2], max_entrants=2, payouts=[100], rules={"players": 2, "deck": 24})
    for client in clients[2:]:
        client.post(f"/api/v1/tournaments/{newer['id']}/join/")
    # The newer one's table ends with a result no ranking can read: its close fails.
    [broken] = open_tables(newer["id"])
    Game.objects.filter(pk=broken).update(status=Game.Status.FINISHED, result={"places": [7]})
    # The older one's table ends while its signal is lost: only the sweep can close it.
    [game_id] = open_tables(older["id"])
    from games.signals import move_committed
    from tournaments.apps import _on_game_finished

    move_committed.disconnect("finished", "tournaments.game_finished")
    try:
        table_play_out(game_id, random.Random(2))
    finally:
        move_committed.connect("finished", _on_game_finished, uid="tournaments.game_finished")
    assert Tournament.objects.get(pk=older["id"]).status == Tournament.Status.RUNNING
    assert tasks.tournaments_advance_sweep() == 1
    assert Tournament.objects.get(pk=older["id"]).status == Tournament.Status.FINISHED
    assert Tournament.objects.get(pk=newer["id"]).status == Tournament.Status.RUNNING
    ledger_balanced()


def test_the_admin_change_form_cannot_edit_money_or_rules() -> None:
    """Defect 3: the change form edited the added prize, the guarantee and the rules with
    no coins moving."""
    from django.test import Client as DjangoClient

    organiser = own_coins(funded(1)[0])
    t = create(organiser, added_prize=100, guarantee=200, entry_fee=10, rules={"players": 3})
    browser = DjangoClient()
    browser.force_login(User.objects.create_user("admin", password="pw-admin-1", is_staff=True, is_superuser=True))
    form = {"name": "Новое имя", "organiser": organiser.player.pk, "format": "elimination",
            "rules": '{"players": 6}', "entry_fee": 0, "rake_percent": 50, "added_prize": 5000,
            "guarantee": 0, "payouts": "[100]", "leaves": "half", "min_entrants": 2, "max_entrants": 8,
            "starts_at_0": "", "starts_at_1": "", "rounds": "", "move_timer": 45, "spectator_delay": 2,
            "entries-TOTAL_FORMS": 0, "entries-INITIAL_FORMS": 0, "tables-TOTAL_FORMS": 0,
            "tables-INITIAL_FORMS": 0, "staff_actions-TOTAL_FORMS": 0, "staff_actions-INITIAL_FORMS": 0}
    answer = browser.post(f"/admin/tournaments/tournament/{t['id']}/change/", form)
    assert answer.status_code == 302, answer.content.decode()[:3000]
    tournament = Tournament.objects.get(pk=t["id"])
    assert tournament.name == "Новое имя"
    assert (tournament.added_prize, tournament.guarantee, tournament.entry_fee, tournament.rake_percent) == (
        100, 200, 10, 0)
    assert tournament.rules["players"] == 3 and tournament.payouts is None and tournament.format == "round_robin"
    page = browser.get(f"/admin/tournaments/tournament/{t['id']}/change/").content.decode()
    assert 'name="added_prize"' not in page and 'name="rules"' not in page
    ledger_balanced()


def test_the_payouts_shown_do_not_count_withdrawn_entries() -> None:
    """Defect 4: 10 entries, 1 withdrawn: 60/40 was shown, 100/0 paid."""
    clients = funded(10)
    t = create(clients[0], entry_fee=10, max_entrants=20)
    for client in clients:
        client.post(f"/api/v1/tournaments/{t['id']}/join/")
    clients[-1].post(f"/api/v1/tournaments/{t['id']}/withdraw/")
    detail = clients[0].get(f"/api/v1/tournaments/{t['id']}/").json()
    from tournaments import prizes

    assert detail["payouts"] == prizes.payout_table(9)
    assert [row["prize"] for row in detail["standings"] if row["prize"]] == [90]


def test_the_final_is_seated_by_the_lot_and_ties_are_listed_by_it() -> None:
    """Defect 7: the final's seats came in player-id order, and ties ignored the lot."""
    from tournaments import rounds, standings

    seatings = {rounds._drawn(list(range(1, 7)), f"seed-{n}").tables[0] for n in range(8)}
    assert len(seatings) > 1 and all(sorted(t) == list(range(1, 7)) for t in seatings)
    assert rounds._drawn([4, 1, 2], "s") == rounds._drawn([2, 4, 1], "s"), "a function of the players and the seed"
    clients = funded(4)
    t = create(clients[0], format="round_robin", max_entrants=8, rules={"players": 2})
    for client in clients:
        client.post(f"/api/v1/tournaments/{t['id']}/join/")
    tournament = Tournament.objects.get(pk=t["id"])
    lot = standings.lot(tournament)
    shown = [row["player"] for row in clients[0].get(f"/api/v1/tournaments/{t['id']}/").json()["standings"]]
    assert shown == sorted(lot, key=lot.__getitem__), "equal on points and Buchholz: the lot orders them"
    assert lot == standings.lot(tournament)


def test_a_cancelled_tournament_shows_no_seed_while_a_table_of_it_is_in_play() -> None:
    """Defect 8: from the seed and the public client seeds anyone rebuilds every hand."""
    organiser, alice, bob = funded(3)
    t = create(organiser, max_entrants=2, rules={"players": 2, "deck": 24})
    alice.post(f"/api/v1/tournaments/{t['id']}/join/")
    bob.post(f"/api/v1/tournaments/{t['id']}/join/")
    services.tournament_cancel_by_staff(tournament_id=t["id"], by=_staff())
    detail = organiser.get(f"/api/v1/tournaments/{t['id']}/").json()
    assert detail["status"] == "cancelled" and detail["fairness"]["seed"] is None
    [game_id] = open_tables(t["id"])
    table_play_out(game_id, random.Random(8))
    seed = organiser.get(f"/api/v1/tournaments/{t['id']}/").json()["fairness"]["seed"]
    assert seed == Tournament.objects.get(pk=t["id"]).fair_seed


def test_guests_organise_nothing_and_an_organiser_has_few_open() -> None:
    """Defect 9: anyone, a guest included, created tournaments without limit."""
    from tests.harness.clients import Client

    guest = Client()
    answer = guest.post("/api/v1/tournaments/", {"name": "Кубок"})
    assert answer.status_code == 403 and answer.json()["error"]["code"] == "registration_required"
    [organiser] = funded(1)
    made = [create(organiser)["id"] for _ in range(services.OPEN_MAX)]
    refused = organiser.post("/api/v1/tournaments/", {"name": "Ещё один"})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "too_many_tournaments"
    organiser.post(f"/api/v1/tournaments/{made[0]}/cancel/")
    assert organiser.post("/api/v1/tournaments/", {"name": "Ещё один"}).status_code == 201
    assert Tournament.objects.filter(organiser=organiser.player).count() == services.OPEN_MAX + 1


def test_creating_tournaments_is_throttled_per_player(settings: Any) -> None:
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "tournaments": "2/hour"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    [organiser] = funded(1)
    create(organiser)
    create(organiser)
    answer = organiser.post("/api/v1/tournaments/", {"name": "Кубок"})
    assert answer.status_code == 429, answer.content
    assert organiser.get("/api/v1/tournaments/").status_code == 200, "looking is not throttled"


def test_a_far_off_start_holds_no_timer_and_the_sweep_starts_it(
        scheduled: list[tuple[str, tuple[object, ...], float]]) -> None:
    """Defect 9: each future start held a sleeping thread in the web process."""
    from datetime import timedelta

    from django.utils import timezone

    from tournaments import tasks

    organiser, alice = funded(2)
    soon = create(organiser, starts_at=(timezone.now() + timedelta(seconds=60)).isoformat())
    later = create(organiser, starts_at=(timezone.now() + timedelta(days=3)).isoformat())
    assert [args for _, args, _ in scheduled] == [(soon["id"],)]
    for t in (soon, later):
        alice.post(f"/api/v1/tournaments/{t['id']}/join/")
        organiser.post(f"/api/v1/tournaments/{t['id']}/join/")
    Tournament.objects.filter(pk=later["id"]).update(starts_at=timezone.now() - timedelta(seconds=1))
    tasks.tournaments_advance_sweep()
    assert Tournament.objects.get(pk=later["id"]).status == Tournament.Status.RUNNING
