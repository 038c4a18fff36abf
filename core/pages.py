"""Lists that grow, paged by signed cursors: ``{"<items>": [...], "next": cursor | null}``.

A page is read by keyset, not by offset: the cursor holds the sort key of the last item
sent, and the next page is the items strictly past it in the list's fixed order (newest
first, the row id breaking ties). So rows inserted while a client walks (a new game, a
new coin movement) never shift what it has not read yet: every item that existed when
the walk began comes exactly once.

Cursors are signed (``django.core.signing``, salted with the list's name and whatever
the list is of, e.g. the player), so a client cannot forge a position, nor carry one
cursor over to another list: a changed or foreign cursor is ``400 invalid_request`` with
``"field": "cursor"``. They do not expire: a position in a list stays meaningful.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Generic, TypeVar

from django.core import signing
from django.db.models import F, Model, Q, QuerySet
from rest_framework import serializers

from core.errors import InvalidRequest
from core.inputs import InputSerializer, WholeNumberField

M = TypeVar("M", bound=Model)

DEFAULT_LIMIT = 20
MAX_LIMIT = 100
SALT = "durak.pages"


class PageQuerySerializer(InputSerializer):
    """``?cursor=`` (the previous page's ``next``) and ``?limit=`` (1 to 100, default 20)."""

    cursor = serializers.CharField(required=False, max_length=500,
                                   help_text="The previous page's 'next' (absent: the first page)")
    limit = WholeNumberField(query=True, required=False, min_value=1, max_value=MAX_LIMIT, default=DEFAULT_LIMIT,
                             help_text=f"Items per page, 1 to {MAX_LIMIT} (default {DEFAULT_LIMIT})")


@dataclass(frozen=True)
class Page(Generic[M]):
    items: list[M]
    next: str | None


def _encoded(value: Any) -> Any:
    return {"t": value.isoformat()} if isinstance(value, datetime) else value


def _decoded(value: Any) -> Any:
    return datetime.fromisoformat(value["t"]) if isinstance(value, dict) else value


def _cursor(scope: str, key: Sequence[Any]) -> str:
    return signing.dumps([_encoded(value) for value in key], salt=f"{SALT}:{scope}", compress=True)


def _position(scope: str, cursor: str) -> list[Any]:
    try:
        key = signing.loads(cursor, salt=f"{SALT}:{scope}")
    except (signing.BadSignature, ValueError) as error:
        raise InvalidRequest("'cursor' is not one this list gave out.", field="cursor") from error
    if not isinstance(key, list):
        raise InvalidRequest("'cursor' is not one this list gave out.", field="cursor")
    return [_decoded(value) for value in key]


def _past(fields: Sequence[str], key: Sequence[Any]) -> Q:
    """Rows after ``key`` in the order of ``fields`` (each descending; None sorts last):
    (a < x) or (a = x and b < y) or … as one filter."""
    condition = Q(pk__in=[])
    equal = Q()
    for field, value in zip(fields, key, strict=True):
        if value is None:  # None is last: only rows with a null here and past the rest follow
            equal &= Q(**{f"{field}__isnull": True})
            continue
        condition |= equal & (Q(**{f"{field}__lt": value}) | Q(**{f"{field}__isnull": True}))
        equal &= Q(**{field: value})
    return condition


def page(rows: QuerySet[M], *, scope: str, order: Sequence[str], query: dict[str, Any],
         key_of: Callable[[M], Sequence[Any]] | None = None) -> Page[M]:
    """One page of ``rows`` in the order ``order`` (field names, each descending, the last
    one unique: ``"id"``), from ``query`` (``PageQuerySerializer``'s fields). ``scope``
    names the list and whatever it is of (``"games:player:7"``): a cursor is good there only."""
    checked = PageQuerySerializer.parsed(query)
    ordered = rows.order_by(*(F(field).desc(nulls_last=True) for field in order))
    if checked.get("cursor"):
        ordered = ordered.filter(_past(order, _position(scope, checked["cursor"])))
    limit = int(checked["limit"])
    items = list(ordered[:limit + 1])
    more = len(items) > limit
    items = items[:limit]
    if not more or not items:
        return Page(items, None)
    last = items[-1]
    key = key_of(last) if key_of is not None else [_attribute(last, field) for field in order]
    return Page(items, _cursor(scope, key))


def _attribute(row: Model, field: str) -> Any:
    """``row.game.finished_at`` for ``"game__finished_at"``."""
    value: Any = row
    for part in field.split("__"):
        value = getattr(value, part)
    return value
