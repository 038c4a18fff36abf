"""The ratings' refusals."""

from __future__ import annotations

from collections.abc import Iterable

from durak_platform.errors import InvalidRequest


class UnknownVariant(InvalidRequest):
    """400: a variant the engine does not play."""

    code = "unknown_variant"

    def __init__(self, variants: Iterable[str]) -> None:
        super().__init__(f"'variant' must be one of: {', '.join(variants)}.")
