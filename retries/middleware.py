"""``Idempotency-Key``: a POST retried with the same key and body does its work once.

An app on a phone loses answers (a tunnel, a killed app) and sends the request again; with
a key the second send returns the first answer and changes nothing. Keys are per account
and kept ``DURAK_IDEMPOTENCY_TTL`` seconds (24 h by default; the sweep deletes older ones).

The order of one keyed POST:

1. the key is checked (1 to 64 printable ASCII characters: else ``400 invalid_request``)
   and the account found with the API's own authenticators (no account: the key is not
   used; the view answers as it would, e.g. 401);
2. a ``KeptAnswer`` row is claimed for (account, key) with the request's fingerprint
   (method, path, canonical JSON body). The unique constraint decides between two sends
   at once: one inserts, the other finds the row;
3. the claimer runs the view and stores its answer in the row. An answer that did
   nothing and may be worth sending again (a 5xx, or a 429) releases the claim instead;
4. a request finding the row replays the stored answer (``Idempotent-Replayed: true``);
   while the first still runs it waits up to ``DURAK_IDEMPOTENCY_WAIT`` seconds, then
   gets ``409 idempotency_key_in_use`` with ``retry_after``; a different fingerprint is
   ``422 idempotency_key_reused``.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import re
import time
from collections.abc import Callable
from datetime import timedelta

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import timezone
from rest_framework.exceptions import APIException
from rest_framework.request import Request
from rest_framework.settings import api_settings

from core.exceptions import error_body
from retries.models import KeptAnswer

HEADER = "Idempotency-Key"
KEY = re.compile(r"[ -~]{1,64}")
POLL_SECONDS = 0.05
JSON = "application/json"  # a kept answer's content type unless the response says


def _ttl() -> timedelta:
    return timedelta(seconds=float(getattr(settings, "DURAK_IDEMPOTENCY_TTL", 24 * 3600)))


def _refusal(status: int, code: str, message: str, **extra: object) -> JsonResponse:
    response = JsonResponse(error_body(code, message, **extra), status=status, json_dumps_params={"ensure_ascii": False})
    if "retry_after" in extra:
        response["Retry-After"] = str(extra["retry_after"])
    return response


def _account(request: HttpRequest) -> int | None:
    """The user id the API would see, by the API's own authenticators (token, session);
    None for a request without a valid one."""
    authenticators = [auth() for auth in api_settings.DEFAULT_AUTHENTICATION_CLASSES]  # type: ignore[operator]
    drf = Request(request, authenticators=authenticators)
    try:
        user = drf.user
    except APIException:
        return None
    return int(user.pk) if user is not None and user.is_authenticated else None


def fingerprint(request: HttpRequest) -> str:
    """SHA-256 of the method, the path with its query and the body, the body as canonical
    JSON when it is JSON (so key order and spacing do not make another body)."""
    body = request.body
    with contextlib.suppress(ValueError):  # not JSON: compared byte for byte
        body = json.dumps(json.loads(body), sort_keys=True, separators=(",", ":")).encode() if body else b""
    digest = hashlib.sha256()
    for part in (request.method.encode() if request.method else b"", request.get_full_path().encode(), body):
        digest.update(len(part).to_bytes(8, "big") + part)
    return digest.hexdigest()


def _claim(user_id: int, key: str, print_: str) -> KeptAnswer | None:
    """Claim (user, key): None when this request claimed it; else the row found."""
    stale = timezone.now() - _ttl()
    for _ in range(2):
        if _inserted(user_id, key, print_):
            return None
        found = KeptAnswer.objects.filter(user_id=user_id, key=key).first()
        if found is None:
            continue  # released meanwhile: claim again
        if found.created_at < stale:  # past its time: as if never sent
            KeptAnswer.objects.filter(pk=found.pk, created_at=found.created_at).delete()
            continue
        return found
    return KeptAnswer.objects.filter(user_id=user_id, key=key).first()


@functools.cache
def _statements(vendor: str) -> tuple[str, str]:
    """The claim's INSERT and the kept answer's UPDATE for ``vendor``'s quoting, written once
    a process: both run on every POST with a key. One statement each, which the unique
    constraint decides: the ORM's create in a transaction of its own (an IntegrityError for
    the loser) and its update cost a fifth of a REST process's CPU under the load benchmark."""
    quote = connection.ops.quote_name
    table, user, key, status = (quote(name) for name in (KeptAnswer._meta.db_table, "user_id", "key", "status"))
    columns = ", ".join(quote(name) for name in ("user_id", "key", "fingerprint", "body", "content_type", "created_at"))
    claim = (f"INSERT INTO {table} ({columns}) VALUES (%s, %s, %s, %s, %s, %s) "
             f"ON CONFLICT ({user}, {key}) DO NOTHING RETURNING {quote('id')}")
    answer = (f"UPDATE {table} SET {status} = %s, {quote('body')} = %s, {quote('content_type')} = %s "
              f"WHERE {user} = %s AND {key} = %s AND {status} IS NULL")
    return claim, answer


def _inserted(user_id: int, key: str, print_: str) -> bool:
    """Insert the claim unless (user, key) has a row: whether this request inserted it."""
    with connection.cursor() as cursor:
        cursor.execute(_statements(connection.vendor)[0],
                       [user_id, key, print_, b"", JSON, connection.ops.adapt_datetimefield_value(timezone.now())])
        return cursor.fetchone() is not None


def _replay(row: KeptAnswer) -> HttpResponse:
    response = HttpResponse(bytes(row.body), status=row.status, content_type=row.content_type)
    response["Idempotent-Replayed"] = "true"
    return response


def _answered(row: KeptAnswer) -> KeptAnswer | None:
    """The row once its first request has answered (None: released, or still running
    after ``DURAK_IDEMPOTENCY_WAIT`` seconds: ``row`` as it was)."""
    deadline = time.monotonic() + float(getattr(settings, "DURAK_IDEMPOTENCY_WAIT", 10))
    while row.status is None and time.monotonic() < deadline:
        time.sleep(POLL_SECONDS)
        fresh = KeptAnswer.objects.filter(pk=row.pk).first()
        if fresh is None:
            return None
        row = fresh
    return row


def _keep(user_id: int, key: str, response: HttpResponse) -> None:
    if response.status_code >= 500 or response.status_code == 429 or getattr(response, "streaming", False):
        # Nothing was done (a failure rolls back; a throttle refuses first): free the key.
        KeptAnswer.objects.filter(user_id=user_id, key=key, status__isnull=True).delete()
        return
    if hasattr(response, "render") and not getattr(response, "is_rendered", True):
        response.render()
    with connection.cursor() as cursor:
        cursor.execute(_statements(connection.vendor)[1],
                       [response.status_code, response.content, response.get("Content-Type", JSON), user_id, key])


class IdempotencyMiddleware:
    """Django middleware for the API's POSTs (see the module's text)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        key = request.headers.get(HEADER)
        if request.method != "POST" or key is None or not request.path.startswith("/api/"):
            return self.get_response(request)
        if not KEY.fullmatch(key):
            return _refusal(400, "invalid_request", f"'{HEADER}' is 1 to 64 printable ASCII characters.",
                            field=HEADER)
        user_id = _account(request)
        if user_id is None:
            return self.get_response(request)
        print_ = fingerprint(request)
        row = _claim(user_id, key, print_)
        if row is None:
            try:
                response = self.get_response(request)
            except BaseException:
                KeptAnswer.objects.filter(user_id=user_id, key=key, status__isnull=True).delete()
                raise
            _keep(user_id, key, response)
            return response
        if row.fingerprint != print_:
            return _refusal(422, "idempotency_key_reused",
                            f"This '{HEADER}' was sent before with another request; use a new key.")
        answered = _answered(row)
        if answered is None:  # the first request failed and let go: this one may run
            return self(request)
        if answered.status is None:
            return _refusal(409, "idempotency_key_in_use",
                            f"A request with this '{HEADER}' is still running: ask again shortly.", retry_after=1)
        return _replay(answered)


def kept_answers_forget() -> int:
    """Delete the answers past ``DURAK_IDEMPOTENCY_TTL`` (the sweep). Returns how many."""
    deleted, _ = KeptAnswer.objects.filter(created_at__lt=timezone.now() - _ttl()).delete()
    return deleted
