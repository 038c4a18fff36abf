"""A token's device, user and player in one plain statement: every authenticated request
asks for them, and the ORM spent some 0.9 ms of CPU compiling ``select_related`` for a
statement the database answers in a tenth of that (a request's whole own cost is a few
milliseconds).

The statement is built once per database from the models' own columns, and each value
goes through the converters the ORM would apply, so the instances are the ones
``Device.objects.select_related("user", "user__player")`` gives: the user cached on the
device, the player (or its absence) on the user.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Model

from accounts.models import Device, Player

# What the ORM calls on a column's value: ``converter(value, expression, connection)``.
_Converter = tuple[Callable[[Any, Any, Any], Any], Any]


def _columns(model: type[Model], alias: str) -> tuple[list[str], list[str], list[list[_Converter]]]:
    """The model's concrete fields: their SQL (``alias.column``), attnames and converters."""
    fields = model._meta.concrete_fields
    sql = [f'{alias}."{field.column}"' for field in fields]
    converters = []
    for field in fields:
        column = field.get_col(alias)
        converters.append([(convert, column) for convert in
                           [*connection.ops.get_db_converters(column), *column.get_db_converters(connection)]])
    return sql, [field.attname for field in fields], converters


@cache
def _statement(vendor: str) -> tuple[str, list[tuple[type[Model], list[str], list[list[_Converter]]]]]:
    """The SQL and, per model in its row, the attnames and converters (per vendor: tests
    run one database at a time, but the converters differ between them)."""
    user_model = get_user_model()
    parts: list[tuple[type[Model], str]] = [(Device, "d"), (user_model, "u"), (Player, "p")]
    select: list[str] = []
    shapes = []
    for model, alias in parts:
        sql, names, converters = _columns(model, alias)
        select += sql
        shapes.append((model, names, converters))
    statement = (f"SELECT {', '.join(select)} FROM {Device._meta.db_table} d"
                 f" JOIN {user_model._meta.db_table} u ON u.id = d.user_id"
                 f" LEFT JOIN {Player._meta.db_table} p ON p.user_id = u.id"
                 " WHERE d.key_digest = %s LIMIT 1")
    return statement, shapes


def _instance(model: type[Model], names: Sequence[str], converters: list[list[_Converter]],
              values: Sequence[Any]) -> Any:
    converted = []
    for value, field_converters in zip(values, converters, strict=True):
        for convert, column in field_converters:
            value = convert(value, column, connection)
        converted.append(value)
    return model.from_db(connection.alias, list(names), converted)


def device_with_owner(digest: str) -> Device | None:
    """The device whose token has this digest, its user and the user's player cached on
    it; None if there is none."""
    statement, shapes = _statement(connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(statement, [digest])
        row = cursor.fetchone()
    if row is None:
        return None
    instances: list[Any] = []
    start = 0
    for model, names, converters in shapes:
        values = row[start:start + len(names)]
        start += len(names)
        # A user without a player: the LEFT JOIN's columns are all NULL, the id first.
        instances.append(None if model is Player and values[0] is None else
                         _instance(model, names, converters, values))
    device, user, player = instances
    Device.user.field.set_cached_value(device, user)  # type: ignore[attr-defined]
    get_user_model().player.related.set_cached_value(user, player)  # type: ignore[attr-defined]
    return device
