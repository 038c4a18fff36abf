"""DRF's JSON parser with the one failure it lets through turned into a 400.

Python's ``json`` recurses once per nesting level, so a body of 100 000 ``[`` raised a
``RecursionError``, which DRF does not catch (a 500). Here it is a ``ParseError`` like any
other body that is not JSON: the one handler answers ``400`` with the view's malformed
code (``invalid_action`` for an action, ``invalid_request`` elsewhere) and
``"reason": "invalid_json"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

TOO_DEEP = "JSON nested too deeply."


class BoundedJSONParser(JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Mapping[str, Any] | None = None) -> Any:
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError as error:
            raise ParseError(TOO_DEEP) from error
