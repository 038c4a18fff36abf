"""The error shape in the OpenAPI schema, for every app's operations, and the schema's own
finishing touches (``postprocess``).

Every refusal is ``{"error": {"code", "message", ...}}`` (``core.exceptions``);
``errors(400, 401)`` documents those statuses with it. The extra fields a code carries
(``seq`` of ``stale_seq``, ``retry_after`` of a ``429``, ``field`` of a bad input, …) are
in the body's schema, each saying which codes carry it, so a generated client reads them
as typed fields. Lowest layer: any app may use it.
"""

from __future__ import annotations

import re
from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

CARD_PATTERN = r"^(10|[2-9JQKA])[SCDH]$"
# A fair deal's client seed: 1 to 64 printable ASCII characters (space to ~) other than ':'.
CLIENT_SEED_PATTERN = r"^[ -9;-~]{1,64}$"

# What each status's refusals are, by code (docs/api.md#errors).
CODES: dict[int, str] = {
    400: "invalid_request (field), invalid_action (field, reason), illegal_action (reason), invalid_tournament "
         "(field), invalid_name (rule), invalid_challenge (field)",
    401: "not_authenticated, authentication_failed",
    403: "not_a_player, not_creator, not_organiser, hints_off, not_challenged, forbidden",
    404: "not_found",
    409: "stale_seq (seq), game_not_started, game_finished, no_open_seat, already_seated, table_expired, "
         "too_many_waiting_tables (limit), insufficient_funds (balance, needed), tournament_full, already_entered, "
         "registration_closed, too_few_entrants, challenge_closed, idempotency_key_in_use (retry_after)",
    410: "resync",
    413: "payload_too_large",
    422: "idempotency_key_reused",
    429: "throttled (retry_after)",
}


class ApiErrorDetailSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Stable, for programs: e.g. invalid_request, stale_seq, not_found")
    message = serializers.CharField(help_text="For people (English)")
    field = serializers.CharField(required=False, help_text="A bad input's field (dotted for nested ones)")
    reason = serializers.CharField(required=False, help_text="invalid_action, illegal_action: the engine's code")
    seq = serializers.IntegerField(required=False, help_text="stale_seq: the game's current seq")
    retry_after = serializers.IntegerField(required=False, help_text="Seconds to wait before trying again")
    rule = serializers.CharField(required=False, help_text="invalid_name: the rule the name breaks")
    limit = serializers.IntegerField(required=False, help_text="too_many_waiting_tables: how many may wait")
    balance = serializers.IntegerField(required=False, help_text="insufficient_funds: the wallet's coins")
    needed = serializers.IntegerField(required=False, help_text="insufficient_funds: the coins it takes")


class ApiErrorSerializer(serializers.Serializer):
    error = ApiErrorDetailSerializer()


def errors(*statuses: int) -> dict[int, OpenApiResponse]:
    return {status: OpenApiResponse(ApiErrorSerializer, description=f"{{\"error\": {{\"code\", \"message\", ...}}}}: "
                                                                     f"{CODES.get(status, 'see code')}")
            for status in statuses}


def _walk(node: Any) -> Any:
    if isinstance(node, dict):
        if node.get("type") == "integer" and "format" not in node:
            node["format"] = "int64"  # every id and seq is a BIGINT: a Kotlin Long, a Swift Int64
        for value in node.values():
            _walk(value)
    elif isinstance(node, list):
        for value in node:
            _walk(value)
    return node


def postprocess(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """drf-spectacular's last hook: integers as int64."""
    return _walk(result)  # type: ignore[no-any-return]


class ContractSchema(AutoSchema):
    """Operation ids from the API class's name, which says what it does: ``ActionPlayApi``
    is ``action_play``, ``TournamentJoinApi`` ``tournament_join``; a ``…ListCreateApi``
    gives ``…_list`` (GET) and ``…_create`` (POST). An ``operation_id`` given in
    ``extend_schema`` wins."""

    def get_operation_id(self) -> str:
        name = type(self.view).__name__.removesuffix("Api")
        words = re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()
        if words.endswith("_list_create"):
            return words.removesuffix("_list_create") + ("_list" if self.method == "GET" else "_create")
        return words
