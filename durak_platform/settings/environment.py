"""The one helper the settings read the environment through: django-environ's ``Env``
(``env.str``, ``env.bool``, ``env.int``, ``env.float``, ``env.list``, ``env.db_url_config``),
with two choices of ours, so that a value means what it says:

- a value is taken as written: django-environ reads one beginning with ``$`` as the name
  of another variable to look up, and a secret key may well begin with ``$``;
- a list is comma-separated with the spaces around each item dropped, and no empty item.

The variables themselves, one naming scheme for all, are listed in docs/settings.md.
"""

from __future__ import annotations

import builtins
import os
from collections.abc import Iterator, Mapping
from typing import Any

import environ


class _Literal(Mapping[str, str]):
    """The process's environment with each ``$`` escaped as ``\\$``: with ``escape_proxy``,
    django-environ turns it back into ``$`` and never follows it to another variable."""

    def __getitem__(self, name: str) -> str:
        return os.environ[name].replace("$", "\\$")

    def __iter__(self) -> Iterator[str]:
        return iter(os.environ)

    def __len__(self) -> int:
        return len(os.environ)


class Env(environ.Env):  # type: ignore[misc]  # django-environ has no type hints
    def __init__(self) -> None:
        super().__init__()
        self.ENVIRON = _Literal()
        self.escape_proxy = True

    def list(self, var: str, cast: Any = None, default: Any = environ.Env.NOTSET) -> builtins.list[Any]:
        items = [item.strip() for item in super().list(var, default=default)]
        return [cast(item) if cast else item for item in items if item]


env = Env()
