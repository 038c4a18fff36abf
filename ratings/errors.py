"""The ratings' refusals."""

from __future__ import annotations

from collections.abc import Iterable

from core.errors import InvalidRequest


class UnknownVariant(InvalidRequest):
    """400 ``invalid_request`` (a bad query parameter): a variant the engine does not play."""

    def __init__(self, variants: Iterable[str]) -> None:
        super().__init__(f"'variant' must be one of: {', '.join(variants)}.")
