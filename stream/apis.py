"""``GET /api/v1/stream/?after=<id>``: the account stream as NDJSON, backlog then live."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

from django.http import StreamingHttpResponse
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.views import APIView

from accounts.selectors import player_of
from core.errors import ApplicationError, InvalidRequest
from core.schema import errors
from stream import reader, store
from stream.serializers import StreamEventSerializer

NDJSON = "application/x-ndjson"


class Resync(ApplicationError, status=410, code="resync"):
    def __init__(self) -> None:
        super().__init__("Events after this id are no longer kept: read your games and challenges afresh, "
                         "then open the stream without 'after'.")


class NDJSONRenderer(BaseRenderer):
    """Only for refusals asked for with ``Accept: application/x-ndjson``: one JSON line."""

    media_type = NDJSON
    format = "ndjson"

    def render(self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None) -> bytes:
        return (json.dumps(data, ensure_ascii=False) + "\n").encode()


def after_param(raw: str | None) -> int | None:
    if raw is None or raw == "":
        return None
    if not raw.isdigit() or len(raw) > 18:
        raise InvalidRequest("'after' must be a whole number, 0 or more: the last event id you saw.",
                             field="after")
    return int(raw)


def line(event: dict[str, Any]) -> bytes:
    return (json.dumps(event, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


async def _lines(open_reader: reader.Reader) -> AsyncIterator[bytes]:
    async for batch in reader.follow(open_reader):
        if not batch:
            yield b"\n"  # still here
        for event in batch:
            yield line(event)


class StreamApi(APIView):
    renderer_classes = [JSONRenderer, NDJSONRenderer]

    @extend_schema(
        operation_id="stream_follow",
        parameters=[OpenApiParameter("after", int, description="The last event id you saw: every later one "
                                     "comes first. Absent: only events from now on.")],
        responses={200: OpenApiResponse(StreamEventSerializer, description="application/x-ndjson: one event per "
                                        "line, an empty line at least every 15 s; it does not end."),
                   **errors(400, 401, 410)},
        summary="Your account stream: every event after an id, then new ones as they happen",
    )
    def get(self, request: Request) -> StreamingHttpResponse:
        player = player_of(request.user)
        assert player is not None
        after = after_param(request.query_params.get("after"))
        start = store.last_number(player.pk) if after is None else after
        try:
            store.events_after(player.pk, start, limit=1)  # refused now, not mid-stream
        except store.ResyncNeeded as error:
            raise Resync() from error
        response = StreamingHttpResponse(_lines(reader.Reader(player.pk, start)), content_type=NDJSON)
        response["Cache-Control"] = "no-store"
        response["X-Accel-Buffering"] = "no"  # a proxy must pass each line on at once
        return response
