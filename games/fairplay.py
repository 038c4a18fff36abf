"""Fair play: pairs of accounts that keep playing only each other, one side always losing
(the way coins or rating are passed from a throwaway account to a main one).

For every two people who sat at the same finished table at least ``min_games`` times,
where those shared games are at least ``share`` of each one's finished games, and one of
the two was the durak in at least ``loss_share`` of them. Read for the admin's report
(games/admin.py); accounts knows no games, so the report lives here.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import datetime
from itertools import combinations

from games.models import Game, Seat

MIN_GAMES = 5
SHARE = 0.8
LOSS_SHARE = 0.9


@dataclass(frozen=True)
class SuspectPair:
    loser_id: int
    winner_id: int
    shared: int  # finished games both sat in
    lost: int  # of those, the ones the loser was the durak of
    loser_games: int  # every finished game of each
    winner_games: int


def suspect_pairs(*, min_games: int = MIN_GAMES, share: float = SHARE, loss_share: float = LOSS_SHARE,
                  since: datetime | None = None) -> list[SuspectPair]:
    """The pairs, most shared games first."""
    seats = Seat.objects.filter(game__status=Game.Status.FINISHED, player__isnull=False)
    if since is not None:
        seats = seats.filter(game__finished_at__gte=since)
    tables: dict[int, dict[int, int]] = defaultdict(dict)  # game → seat number → player
    durak_of: dict[int, int | None] = {}
    for game_id, number, player_id, result in seats.values_list("game_id", "number", "player_id", "game__result"):
        tables[game_id][number] = player_id
        durak_of[game_id] = (result or {}).get("durak")
    games_of: Counter[int] = Counter()
    shared: Counter[tuple[int, int]] = Counter()
    durak_games: Counter[tuple[int, int]] = Counter()  # (durak, other) → shared games the first lost
    for game_id, people in tables.items():
        games_of.update(people.values())
        durak_seat = durak_of[game_id]
        durak = people.get(durak_seat) if durak_seat is not None else None
        for a, b in combinations(sorted(people.values()), 2):
            shared[(a, b)] += 1
            if durak in (a, b):
                durak_games[(durak, b if durak == a else a)] += 1
    found = []
    for (a, b), together in shared.items():
        if together < min_games or together < share * games_of[a] or together < share * games_of[b]:
            continue
        for loser, winner in ((a, b), (b, a)):
            lost = durak_games[(loser, winner)]
            if lost >= loss_share * together:
                found.append(SuspectPair(loser, winner, together, lost, games_of[loser], games_of[winner]))
    return sorted(found, key=lambda pair: (-pair.shared, pair.loser_id))
