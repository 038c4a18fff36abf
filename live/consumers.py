"""The live-play websocket: ``ws/games/<id>/``. Transport only: parse, call, send.

Protocol (see docs/api.md, "Live play: the websocket"):

- on connect ``{"type": "state", "view": ...}``, then ``{"type": "event", "event": ...}``
  for every new event, in seq order, redacted for this connection's viewer;
- ``{"type": "resume", "after": N}`` → the events after N again, or a fresh ``state``
  when that is shorter;
- ``{"type": "action", "action": "attack", "cards": [...], "expected_seq": N}`` (or the
  REST body nested: ``"action": {"type": "attack", ...}``) → the events it caused, then
  ``{"type": "action_ok", "view": ...}``; a refusal is ``{"type": "error", "error": ...}``
  with the REST codes. Actions charge the player's one budget, REST's too; ``resume`` has
  a small one of its own (``live.socket_throttle``): past them, ``throttled``;
- with ``?turns=1``, a seated socket gets ``{"type": "turn", "seq", "status", "legal_actions"}``
  after each batch of events it was sent (not after its own action: ``action_ok`` has the view;
  the other side's events that land while it is played get theirs after the answer);
- a frame past 64 KiB is refused unread: ``message_too_large``, then close 1009
  (``live.frames``; uvicorn's ``--ws-max-size`` refuses it first where it is set).

A group notice carries ``(game_id, seq)`` only; it reaches each server process once
(``live.hub``), which hands it to its sockets of that game. ``last_sent`` makes every
connection's stream gapless and duplicate-free: a notice past it sends everything
between, read from the database (through the per-process cache in ``live.feed``); an
older one is ignored. One lock per connection keeps its sends in order: a notice waits
while the connection sends its state or an action's answer.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer

from accounts.selectors import player_of
from core.errors import ApplicationError, InvalidRequest
from core.exceptions import error_body
from games import selectors, services, timers
from games.engine import Action
from games.inputs import ActionInput, ActionInputSerializer, ResumeInputSerializer
from live import feed, frames, hub, lobby, presence, socket_throttle
from live.db import db_call

logger = logging.getLogger(__name__)

# Close codes in the private range: 4000 + the HTTP status the REST call would answer.
CLOSE_UNAUTHENTICATED = 4401


class InvalidMessage(InvalidRequest):
    pass


def parse_action(message: dict[str, Any]) -> ActionInput:
    """The action and expected seq of an ``action`` message: the REST body, read by the
    same serializer (``games.inputs``), nested or flat."""
    body = message.get("action")
    if isinstance(body, dict):
        fields = {**body, **({"expected_seq": message["expected_seq"]} if "expected_seq" in message else {})}
    else:
        fields = {**message, "type": body}
    return ActionInputSerializer.parsed(fields)


def parse_after(message: dict[str, Any]) -> int:
    return ResumeInputSerializer.parsed({"after": message.get("after")})


def _connect(game_id: int, user: Any) -> feed.Viewer:
    viewer = feed.viewer_of(game_id, player_of(user))
    if viewer.seat is not None:
        timers.seat_returned(game_id=game_id, seat=viewer.seat)
    if viewer.player is not None:
        presence.socket_opened(game_id, viewer.player.pk)  # no push while the table is open
    return viewer


def _play(viewer: feed.Viewer, action: Action, expected_seq: int) -> dict[str, Any]:
    # A move made in person takes an away seat back (the live hook sees its actor).
    assert viewer.player is not None
    # The player's one budget, charged by REST's actions and all the player's sockets.
    socket_throttle.action_charge(viewer.player.user_id)
    played = services.action_play(game_id=viewer.game_id, player=viewer.player, action=action,
                                  expected_seq=expected_seq)
    seat = selectors.seat_number_of(played.seats, viewer.player)
    return selectors.game_view(played.game, played.seats, played.state, seat)


class GameConsumer(AsyncWebsocketConsumer):
    # No channel of its own: the process's hub listens for every socket (``live.hub``).
    channel_layer_alias = "(none: live.hub listens for the socket)"
    viewer: feed.Viewer | None = None
    last_sent = 0
    # Whether it asked for ``turn`` messages (``?turns=1``).
    turns = False
    # While this socket's own action is being played, a notice's events may be that
    # action's: their turn waits for the answer (``_action``), and is sent only if the
    # notice brought events past it or the action was refused.
    _acting = False
    _turn_owed = False
    _sending: asyncio.Lock | None = None
    _hub: hub.Hub | None = None
    _spectator: str | None = None  # the lobby's key for a socket without a seat

    async def connect(self) -> None:
        game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        self.turns = query.get("turns", [""])[-1] == "1"
        # Accept first, so a refusal can say why before the close.
        await self.accept()
        user = self.scope.get("user")
        refused = self.scope.get("auth_throttled")
        if isinstance(refused, ApplicationError):  # too many wrong tokens from this address
            await self._send_error(refused)
            await self.close(code=4000 + refused.status)
            return
        if user is None or not user.is_authenticated:
            await self._send_json({"type": "error", **error_body("not_authenticated",
                                                                 "Connect with ?ticket=, ?token= or a session.")})
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        try:
            self.viewer = await db_call(_connect)(game_id, user)
        except ApplicationError as error:
            await self._send_error(error)
            await self.close(code=4000 + error.status)
            return
        # Join before reading the state: a move committed in between is then announced
        # to us, and the notice (waiting for the state) finds it already sent or sends it.
        if self.viewer.seat is None:  # counted in the lobby of games to watch
            self._spectator = await db_call(lobby.spectator_arrived)(game_id)
        async with self._lock():
            self._hub = hub.hub()
            await self._hub.join(game_id, self)
            await self._send_state()

    async def dispatch(self, message: dict[str, Any]) -> None:
        # Channels' own dispatch first hops to the one thread Django's sync code shares
        # (``aclose_old_connections``) for every message: a notice to 100 spectators
        # queued 100 hops behind the very request that made the move. Every database
        # call here goes through ``live.db.db_call``, which closes stale
        # connections on its way in and out, so the hop buys nothing.
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def disconnect(self, code: int) -> None:
        if self.viewer is not None and self._hub is not None:
            await self._hub.leave(self.viewer.game_id, self)
        if self.viewer is not None and self.viewer.player is not None:
            await db_call(presence.socket_closed)(self.viewer.game_id, self.viewer.player.pk)
        if self._spectator is not None:
            await db_call(lobby.spectator_left)(self._spectator)
            self._spectator = None

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if frames.too_big(text_data, bytes_data):  # before parsing: refused unread
            await self._send_error(InvalidMessage(f"A message is at most {frames.MAX_FRAME_BYTES} bytes.",
                                                  code="message_too_large"))
            await self.close(code=frames.CLOSE_TOO_BIG)
            return
        if self.viewer is None:
            return
        try:
            message = frames.parsed(text_data or "")
            if not isinstance(message, dict):
                raise ValueError
        except ValueError:
            await self._send_error(InvalidMessage("A message is a JSON object with a 'type'."))
            return
        try:
            kind = message.get("type")
            if kind == "resume":
                await self._resume(parse_after(message))
            elif kind == "action":
                move = parse_action(message)
                await self._action(move.action, move.expected_seq)
            else:
                raise InvalidMessage("'type' is 'resume' or 'action'.")
        except ApplicationError as error:
            await self._send_error(error)

    # --- the hub's side (``live.hub.Listener``) ------------------------------------------

    def busy(self) -> bool:
        # A waiting table's viewer reads its seat again first: not in the hub's pass.
        return self._lock().locked() or (self.viewer is not None and self.viewer.waiting)

    async def notice(self, seq: int | None) -> int | None:
        """The game is at ``seq`` now (None: send whatever is committed, and say up to
        which seq that was)."""
        async with self._lock():
            if self.viewer is None:
                return None
            if self.viewer.waiting:
                self.viewer = await db_call(feed.refreshed)(self.viewer)
            if seq is None or seq > self.last_sent:
                before, acting = self.last_sent, self._acting  # the action may end while we send
                known = await self._flush(seq, turn=not acting)
                self._turn_owed |= acting and self.last_sent > before
                return known
            return seq

    # --- sending -----------------------------------------------------------------------

    def _lock(self) -> asyncio.Lock:
        if self._sending is None:
            self._sending = asyncio.Lock()
        return self._sending

    async def _flush(self, upto: int | None, turn: bool = True) -> int:
        """Send every event after ``last_sent`` up to ``upto`` (None: all committed) that
        this viewer may see yet, in order, then its ``turn`` if it asked and ``turn``.
        Returns the last committed seq it knows of."""
        assert self.viewer is not None
        events = await feed.events_upto(self.viewer, upto)
        if upto is not None:
            events = events[:upto]
        limit = feed.visible_seq(events, self.viewer.delay)
        fresh = events[self.last_sent:limit]
        for stored in fresh:
            await self.send(text_data=feed.event_text(self.viewer, stored))
            self.last_sent = stored.seq
        if fresh and turn:
            await self._send_turn(events[:limit])
        return len(events)

    async def _send_turn(self, events: tuple[feed.Stored, ...]) -> None:
        assert self.viewer is not None
        text = feed.turn_text(self.viewer, events) if self.turns else None
        if text is not None:
            await self.send(text_data=text)

    async def _send_state(self) -> None:
        assert self.viewer is not None
        view = await db_call(feed.state_view)(self.viewer)
        await self._send_json({"type": "state", "view": view})
        self.last_sent = max(self.last_sent, int(view["seq"]))

    async def _resume(self, after: int) -> None:
        assert self.viewer is not None
        if self.viewer.player is not None:
            await db_call(socket_throttle.resume_charge)(self.viewer.player.user_id)
        async with self._lock():
            await self._resend(after)

    async def _resend(self, after: int) -> None:
        assert self.viewer is not None
        events = await feed.events_upto(self.viewer, None)
        limit = feed.visible_seq(events, self.viewer.delay)
        texts = [feed.event_text(self.viewer, stored) for stored in events[after:limit]]
        view = await db_call(feed.state_view)(self.viewer)
        state = json.dumps({"type": "state", "view": view}, ensure_ascii=False)
        if sum(len(text) for text in texts) > len(state):
            await self.send(text_data=state)
            self.last_sent = max(self.last_sent, int(view["seq"]))
            return
        for text in texts:
            await self.send(text_data=text)
        self.last_sent = max(self.last_sent, limit)
        if texts:
            await self._send_turn(events[:limit])

    async def _action(self, action: Action, expected_seq: int) -> None:
        assert self.viewer is not None
        if self.viewer.player is None:
            raise ApplicationError("Log in to play.", code="not_authenticated", status=401)
        self._acting, self._turn_owed = True, False
        try:
            view = await db_call(_play)(self.viewer, action, expected_seq)
        except ApplicationError as error:
            self._acting = False  # before the owed turn is paid, not after (``finally``)
            await self._send_error(error)
            await self._pay_owed_turn(after=0)  # the events that beat it, if they came meanwhile
            return
        finally:
            self._acting = False  # whatever went wrong, later notices send their turns again
        # The action's own events first, so this stream stays whole and in order.
        async with self._lock():
            await self._flush(int(view["seq"]), turn=False)
            await self._send_json({"type": "action_ok", "view": view})
        await self._pay_owed_turn(after=int(view["seq"]))

    async def _pay_owed_turn(self, after: int) -> None:
        """The turn a notice held back while the action was played, if it sent events
        past ``after`` (the events ``action_ok`` already answers for)."""
        assert self.viewer is not None
        async with self._lock():
            owed, self._turn_owed = self._turn_owed, False
            if not owed or self.last_sent <= after:
                return
            events = await feed.events_upto(self.viewer, self.last_sent)
            await self._send_turn(events[:self.last_sent])

    async def _send_error(self, error: ApplicationError) -> None:
        await self._send_json({"type": "error", **error_body(error.code, error.message, **error.extra)})

    async def _send_json(self, data: dict[str, Any]) -> None:
        await self.send(text_data=json.dumps(data, ensure_ascii=False))
