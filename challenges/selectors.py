"""Reads of challenges: one as the contract spells it, and a player's pending ones."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.utils import timezone

from accounts.models import Player
from challenges.errors import ChallengeNotFound
from challenges.models import Challenge
from games import privacy


def status_of(challenge: Challenge) -> str:
    """A pending challenge past its time reads as expired before the sweep gets to it."""
    if challenge.status == Challenge.Status.PENDING and challenge.expires_at <= timezone.now():
        return str(Challenge.Status.EXPIRED)
    return str(challenge.status)


def challenge_get(challenge_id: int) -> Challenge:
    challenge = Challenge.objects.filter(pk=challenge_id).first()
    if challenge is None:
        raise ChallengeNotFound(challenge_id)
    return challenge


def challenge_get_for(challenge_id: int, viewer: Player | None) -> Challenge:
    """A challenge as ``viewer`` may read it by id: anyone with the link while it is open
    (or was declined, cancelled, expired), but once accepted it names a private game and
    its players: then it is theirs alone, by ``games.privacy``'s rule (ids are counted
    up, so a readable accepted challenge would list private games to whoever walks them)."""
    challenge = challenge_get(challenge_id)
    if challenge.game is not None and not privacy.is_visible_to(challenge.game, viewer):
        raise ChallengeNotFound(challenge_id)
    return challenge


def challenge_dict(challenge: Challenge) -> dict[str, Any]:
    return {
        "id": challenge.pk,
        "from": challenge.challenger_id,
        "to": challenge.challenged_id,
        "rules": challenge.rules,
        "options": challenge.options,
        "status": status_of(challenge),
        "created_at": challenge.created_at,
        "expires_at": challenge.expires_at,
        "game": challenge.game_id,
        "rematch_of": challenge.rematch_of_id,
    }


def _pending() -> QuerySet[Challenge]:
    return Challenge.objects.filter(status=Challenge.Status.PENDING, expires_at__gt=timezone.now())


def challenges_of(player: Player) -> dict[str, list[dict[str, Any]]]:
    """The player's pending challenges: ``incoming`` (to them) and ``outgoing`` (theirs)."""
    return {
        "incoming": [challenge_dict(c) for c in _pending().filter(challenged=player).order_by("-id")[:100]],
        "outgoing": [challenge_dict(c) for c in _pending().filter(challenger=player).order_by("-id")[:100]],
    }
