"""The API's throttles. Anonymous clients are told apart by ``client_address`` (not by
DRF's own reading of ``X-Forwarded-For``, which trusts any client's header by default)."""

from __future__ import annotations

from typing import Any

from rest_framework import throttling

from core import rates
from core.clients import client_address


class ScopedRateThrottle(throttling.ScopedRateThrottle):
    def get_ident(self, request: Any) -> str:
        return client_address(request)


class PlayerRateThrottle(throttling.BaseThrottle):
    """One budget per player for the view's ``throttle_scope``, shared with every other
    caller of ``rates.charge`` for that scope: the socket's actions charge the same one."""

    def __init__(self) -> None:
        self.retry_after: int | None = None

    def allow_request(self, request: Any, view: Any) -> bool:
        user = request.user
        key = player_key(user.pk) if user is not None and user.is_authenticated else client_address(request)
        try:
            rates.charge(view.throttle_scope, key)
        except rates.Throttled as refused:
            self.retry_after = int(refused.extra["retry_after"])
            return False
        return True

    def wait(self) -> float | None:
        return self.retry_after


def player_key(user_id: int) -> str:
    """The key a player's budget is charged under (its user's id), by REST and sockets alike."""
    return f"user-{user_id}"
