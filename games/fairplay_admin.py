"""The admin's read-only report of suspect pairs (``games.fairplay``), reached from the
games list («Подозрительные пары»)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _

from accounts.models import Player
from games import fairplay


def suspect_pairs_view(request: HttpRequest) -> TemplateResponse:
    if not request.user.has_perm("games.view_game"):
        raise PermissionDenied
    pairs = fairplay.suspect_pairs()
    names = dict(Player.objects.filter(pk__in={p.loser_id for p in pairs} | {p.winner_id for p in pairs})
                 .values_list("pk", "name"))
    rows: list[dict[str, Any]] = [{"pair": pair, "loser": names.get(pair.loser_id, "?"),
                                   "winner": names.get(pair.winner_id, "?")} for pair in pairs]
    context = {**admin.site.each_context(request), "title": _("Подозрительные пары"),
               "rows": rows, "min_games": fairplay.MIN_GAMES, "share": round(fairplay.SHARE * 100),
               "loss_share": round(fairplay.LOSS_SHARE * 100)}
    return TemplateResponse(request, "admin/games/suspect_pairs.html", context)
