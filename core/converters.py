"""``<id:...>``: a path segment that is a row id the database can hold.

Django's ``<int:>`` matches any run of digits, so ``/api/v1/games/99999999999999999999/``
reached the lookup and overflowed it (SQLite's OverflowError, PostgreSQL's DataError: a
500). An id past a signed 64-bit integer names no row, so the path matches nothing: a 404,
the same as any other id that names no row. Every url (HTTP and websocket) uses it.
"""

from __future__ import annotations

from django.urls import register_converter

# The largest value of a BIGINT (PostgreSQL) or INTEGER (SQLite) column: every id and seq.
MAX_ID = 2**63 - 1


class IdConverter:
    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > MAX_ID:
            raise ValueError(f"{value} is past the largest id")  # Django: no match, try the next url
        return number

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(IdConverter, "id")
