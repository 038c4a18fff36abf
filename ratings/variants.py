"""The variants rated apart: each is its own game, with its own skills."""

from __future__ import annotations

from games.engine.rules import VARIANTS
from ratings.errors import UnknownVariant

DEFAULT = "podkidnoy"


def variant_checked(variant: object) -> str:
    """``variant`` if the engine plays it, else ``UnknownVariant`` (a 400)."""
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise UnknownVariant(VARIANTS)
    return variant
