"""Tell live viewers that a game moved: ``(game_id, seq)`` only, never a card.

Each websocket connection reads the new events itself and redacts them for its own
viewer. The channel layer may drop a message; the database stays the truth and a
client's ``resume`` heals the gap, so a failed send is logged, not raised.
"""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)


def group_name(game_id: int) -> str:
    # Channel group names allow only ASCII alphanumerics, hyphens, underscores and periods.
    return f"game-{game_id}"


def announce(game_id: int, seq: int) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(
            group_name(game_id), {"type": "game.changed", "game_id": game_id, "seq": seq}
        )
    except Exception:  # the move is committed already; a lost notice is healed by resume
        logger.exception("Could not announce game %s at seq %s", game_id, seq)
