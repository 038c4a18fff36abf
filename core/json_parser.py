"""DRF's JSON parser, bounded: a body of at most ``DURAK_MAX_BODY_BYTES`` (64 KiB: every
request body of the API is a few hundred bytes), and no nesting deep enough to break
Python's parser.

DRF reads the whole body and hands it to ``json`` whatever its size (Django's
``DATA_UPLOAD_MAX_MEMORY_SIZE`` guards ``request.body``, which DRF does not use); a bigger
body is ``413 payload_too_large`` here, unread past the limit. ``json`` recurses once per
nesting level, so 100 000 ``[`` raised a ``RecursionError`` that DRF does not catch (a
500); here it is a ``ParseError`` like any body that is not JSON: the one handler answers
``400`` with the view's malformed code (``invalid_action`` for an action,
``invalid_request`` elsewhere) and ``"reason": "invalid_json"``.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import JSONParser

TOO_DEEP = "JSON nested too deeply."


class PayloadTooLarge(APIException):
    status_code = 413
    default_code = "payload_too_large"
    default_detail = "The request body is too large."


class BoundedJSONParser(JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Mapping[str, Any] | None = None) -> Any:
        limit: int = settings.DURAK_MAX_BODY_BYTES
        body = stream.read(limit + 1)
        if len(body) > limit:
            raise PayloadTooLarge(f"A request body is at most {limit} bytes.")
        try:
            return super().parse(io.BytesIO(body), media_type, parser_context)
        except RecursionError as error:
            raise ParseError(TOO_DEEP) from error
