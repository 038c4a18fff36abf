"""Notices to people wherever they are on the site: a group per player (``player-<id>``)
that every page of theirs listens to (``ws/players/me/``), and any group an upper app
names (a tournament's page). A notice is a small JSON object; like a game's notice it
may be lost (the layer is lossy), so pages also ask again when they (re)connect."""

from __future__ import annotations

import logging
from typing import Any

from channels.layers import get_channel_layer

from live.broadcast import send_group, send_groups

logger = logging.getLogger(__name__)


def player_group(player_id: int) -> str:
    return f"player-{player_id}"


def notify(group: str, data: dict[str, Any]) -> None:
    """Send ``data`` to every socket in ``group``; a failure is logged, never raised."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        send_group(layer, group, {"type": "notice", "data": data})
    except Exception:  # a lost notice is healed when the page asks again
        logger.exception("Could not send a notice to %s", group)


def notify_many(notices: list[tuple[str, dict[str, Any]]]) -> None:
    """``notify`` for many groups in one go (``live.broadcast.send_groups``)."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        send_groups(layer, [(group, {"type": "notice", "data": data}) for group, data in notices])
    except Exception:  # a lost notice is healed when the page asks again
        logger.exception("Could not send %s notices", len(notices))


def notify_player(player_id: int, data: dict[str, Any]) -> None:
    notify(player_group(player_id), data)
