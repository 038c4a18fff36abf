"""``/api/asyncapi.yaml``: the AsyncAPI 3 document of the sockets and the stream."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from django.http import HttpRequest, HttpResponse

DOCUMENT = Path(__file__).with_name("asyncapi.yaml")


@cache
def _text() -> str:
    return DOCUMENT.read_text(encoding="utf-8")


def asyncapi_document(request: HttpRequest) -> HttpResponse:
    return HttpResponse(_text(), content_type="application/yaml; charset=utf-8")
