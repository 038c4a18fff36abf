"""The account stream's events, as ``store.Pending`` rows: each builder names the fields
the contract gives its type (ids, numbers, times; never a card) and the key that makes it
once-only."""

from __future__ import annotations

from datetime import datetime

from stream.store import Pending


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat().replace("+00:00", "Z")


def game_started(player_id: int, game_id: int, seat: int) -> Pending:
    return Pending(player_id, "game_started", {"game": game_id, "seat": seat}, f"game_started:{game_id}")


def your_turn(player_id: int, game_id: int, seq: int, deadline: datetime | None) -> Pending:
    return Pending(player_id, "your_turn", {"game": game_id, "seq": seq, "deadline": _iso(deadline)},
                   f"your_turn:{game_id}:{seq}")


def game_finished(player_id: int, game_id: int, place: int, durak: bool) -> Pending:
    return Pending(player_id, "game_finished", {"game": game_id, "place": place, "durak": durak},
                   f"game_finished:{game_id}")


def challenge(player_id: int, kind: str, challenge_id: int, game_id: int | None = None) -> Pending:
    """``challenge_received`` / ``_accepted`` (with the game) / ``_declined`` / ``_cancelled``."""
    data: dict[str, object] = {"challenge": challenge_id}
    if kind == "challenge_accepted":
        data["game"] = game_id
    return Pending(player_id, kind, data, f"{kind}:{challenge_id}")


def table_ready(player_id: int, tournament_id: int, game_id: int) -> Pending:
    return Pending(player_id, "table_ready", {"tournament": tournament_id, "game": game_id},
                   f"table_ready:{game_id}")


def tournament_finished(player_id: int, tournament_id: int, place: int, prize: int) -> Pending:
    return Pending(player_id, "tournament_finished", {"tournament": tournament_id, "place": place, "prize": prize},
                   f"tournament_finished:{tournament_id}")
