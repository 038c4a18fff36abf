"""The admin's report of accounts made in bursts from one address."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.test import Client as DjangoClient
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.bursts import burst_player_ids
from accounts.models import Player


def _made(ip: str, n: int, minutes_apart: float, after: float = 0) -> list[int]:
    ids = []
    for _ in range(n):
        ids.append(APIClient(REMOTE_ADDR=ip).post("/api/v1/auth/guest/").json()["player"]["id"])
    start = timezone.now() - timedelta(days=1) + timedelta(minutes=after)
    for index, pk in enumerate(ids):  # spread out as if made over time
        Player.objects.filter(pk=pk).update(created_at=start + timedelta(minutes=index * minutes_apart))
    return ids


def test_five_accounts_within_ten_minutes_from_one_address_are_a_burst(db: None) -> None:
    burst = _made("198.51.100.1", 5, minutes_apart=2)  # 8 minutes from first to last
    slow = _made("198.51.100.2", 6, minutes_apart=3)  # any five span 12 minutes
    few = _made("198.51.100.3", 4, minutes_apart=0)
    assert burst_player_ids() == set(burst)
    assert not burst_player_ids() & (set(slow) | set(few))


def test_a_burst_inside_a_longer_run_is_found(db: None) -> None:
    ids = _made("198.51.100.4", 3, minutes_apart=30) + _made("198.51.100.4", 5, minutes_apart=1, after=90)
    assert burst_player_ids() == set(ids[3:])


def test_the_admin_lists_them_with_a_filter(db: None) -> None:
    burst = _made("198.51.100.5", 5, minutes_apart=1)
    lone = _made("198.51.100.6", 1, minutes_apart=0)[0]
    staff = get_user_model().objects.create_superuser(username="boss", password="admin-pass-42")
    client = DjangoClient()
    client.force_login(staff)
    page = client.get("/admin/accounts/player/?burst=yes")
    assert page.status_code == 200
    listed = {p.pk for p in page.context["cl"].queryset}
    assert listed == set(burst) and lone not in listed
    assert "198.51.100.5" in page.content.decode()
