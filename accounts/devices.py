"""Device tokens: every sign-in (and every new guest or registration) makes its own token,
named for the app or browser that asked, so one device can sign out, or be revoked from
another, without the rest.

Only a token's SHA-256 is stored: the token is shown once, in the answer that made it. A
token unused for ``DURAK_TOKEN_IDLE_SECONDS`` stops working (its row goes when it is next
shown, or when its owner next signs in); use moves ``last_used_at`` forward at most once
a minute, so checking a token stays one query nearly always.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from accounts.models import DEVICE_NAME_MAX, Device
from accounts.token_rows import device_with_owner
from core.errors import NotFound

TOUCH_EVERY = timedelta(seconds=60)


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()


def idle_limit() -> timedelta:
    return timedelta(seconds=int(settings.DURAK_TOKEN_IDLE_SECONDS))


def device_name(raw: object, *, user_agent: str = "") -> str:
    """The name a device is listed under: the one the app gave, else its User-Agent; control
    and invisible characters dropped, spaces made single, cut to ``DEVICE_NAME_MAX``."""
    text = raw if isinstance(raw, str) and raw.strip() else user_agent
    text = "".join(char for char in text if not unicodedata.category(char).startswith("C"))
    return " ".join(text.split())[:DEVICE_NAME_MAX]


def device_create(*, user: Any, name: str = "") -> tuple[Device, str]:
    """A new device of ``user`` and its token (shown this once). The user's expired devices
    are cleared on the way."""
    Device.objects.filter(user=user, last_used_at__lt=timezone.now() - idle_limit()).delete()
    key = secrets.token_hex(20)
    return Device.objects.create(user=user, name=name, key_digest=_digest(key)), key


def device_for_token(key: str) -> Device | None:
    """The live device a token belongs to, with its user and player (one query), or None for
    an unknown or expired token (an expired one is deleted)."""
    device = device_with_owner(_digest(key))
    if device is None:
        return None
    now = timezone.now()
    if device.last_used_at < now - idle_limit():
        Device.objects.filter(pk=device.pk).delete()
        return None
    if device.last_used_at < now - TOUCH_EVERY:
        Device.objects.filter(pk=device.pk).update(last_used_at=now)
        device.last_used_at = now
    return device


def devices_of(user: Any) -> list[Device]:
    """The user's live devices, the most recently used first."""
    return list(Device.objects.filter(user=user, last_used_at__gte=timezone.now() - idle_limit())
                .order_by("-last_used_at", "-id"))


def device_revoke(*, user: Any, device_id: int) -> None:
    """Sign one of the user's devices out; someone else's device, or none, is a 404."""
    deleted, _ = Device.objects.filter(user=user, pk=device_id).delete()
    if not deleted:
        raise NotFound("You have no device with that id.")


def devices_end(*, user: Any) -> None:
    """Every device of the user signed out (a new password, a change of privilege, deletion)."""
    Device.objects.filter(user=user).delete()
