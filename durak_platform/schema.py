"""The error shape in the OpenAPI schema, for every app's operations.

Every refusal is ``{"error": {"code", "message", ...}}`` (``durak_platform.exceptions``);
``errors(400, 401)`` documents those statuses with it. Lowest layer: any app may use it.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

CARD_PATTERN = r"^(10|[2-9JQKA])[SCDH]$"
# A fair deal's client seed: 1 to 64 printable ASCII characters (space to ~) other than ':'.
CLIENT_SEED_PATTERN = r"^[ -9;-~]{1,64}$"


class ErrorBodySerializer(serializers.Serializer):
    code = serializers.CharField(help_text="e.g. invalid_request, invalid_action, not_found, stale_seq")
    message = serializers.CharField()


class ErrorSerializer(serializers.Serializer):
    error = ErrorBodySerializer()


def errors(*statuses: int) -> dict[int, OpenApiResponse]:
    return {status: OpenApiResponse(ErrorSerializer, description="{\"error\": {\"code\", \"message\", ...}}")
            for status in statuses}
