"""Accounts made in bursts from one address: at least ``MIN_ACCOUNTS`` within ``WINDOW``
(a script making throwaway accounts to collect welcome coins or to feed a rating)."""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime, timedelta

from accounts.models import Player

MIN_ACCOUNTS = 5
WINDOW = timedelta(minutes=10)


def burst_player_ids(*, min_accounts: int = MIN_ACCOUNTS, window: timedelta = WINDOW,
                     since: datetime | None = None) -> set[int]:
    """Every account that is one of ``min_accounts`` or more made from one address within
    ``window`` of each other."""
    rows = Player.objects.filter(created_ip__isnull=False)
    if since is not None:
        rows = rows.filter(created_at__gte=since)
    by_ip: dict[str | None, list[tuple[datetime, int]]] = defaultdict(list)
    for ip, created_at, pk in rows.order_by("created_ip", "created_at").values_list("created_ip", "created_at", "pk"):
        by_ip[ip].append((created_at, pk))
    found: set[int] = set()
    for made in by_ip.values():
        if len(made) < min_accounts:
            continue
        start = 0
        for end in range(len(made)):  # the window of accounts ending at each one, slid along
            while made[end][0] - made[start][0] > window:
                start += 1
            if end - start + 1 >= min_accounts:
                found.update(pk for _, pk in made[start:end + 1])
    return found
