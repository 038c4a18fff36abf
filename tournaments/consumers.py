"""A tournament page's socket: ``ws/tournaments/<id>/`` relays its changes (anyone may
watch a tournament, signed in or not)."""

from __future__ import annotations

from typing import Any

from live.notice_consumers import GroupNoticeConsumer
from tournaments.notices import group


class TournamentConsumer(GroupNoticeConsumer):
    def group_for(self, scope: dict[str, Any]) -> str | None:
        return group(int(scope["url_route"]["kwargs"]["tournament_id"]))
