"""Reads: games, seats, states rebuilt from events, and views as a viewer may see them.

A read rebuilds (or recalls) the state, then asks the engine for the view; nothing here
writes, and nothing here knows the rules.
"""

from __future__ import annotations

import hashlib
import json
import time
from datetime import UTC, datetime, timedelta
from typing import Any

from django.db import connection
from django.db.models import DEFERRED, Q, QuerySet
from django.utils import timezone

from accounts.models import Player
from games import snapshots
from games.engine import (
    Action,
    Event,
    Rules,
    State,
    actors,
    apply,
    event_from_dict,
    legal_actions,
    redact,
    replay,
    view,
)
from games.engine.ai import READERS, choose_action
from games.errors import GameNotFinished, GameNotFound, GameNotStarted, HintsOff, NotAPlayer
from games.models import Game, GameEvent, Seat


def game_get(game_id: int | str) -> Game:
    try:
        return Game.objects.get(pk=int(game_id))
    except (Game.DoesNotExist, ValueError, TypeError, OverflowError) as error:
        raise GameNotFound(game_id) from error


def _aware(value: Any) -> datetime | None:
    """A datetime column read by plain SQL: SQLite gives it naive (stored as UTC), as the
    ORM's converter would before making it aware."""
    if value is None or not isinstance(value, datetime) or value.tzinfo is not None:
        return value  # type: ignore[no-any-return]
    return value.replace(tzinfo=UTC)


def _json(value: Any) -> Any:
    # PostgreSQL's jsonb arrives as text through Django's psycopg setup, SQLite's as text.
    return json.loads(value) if isinstance(value, str | bytes) else value


_GAME_COLUMNS = ["id", "rules", "status", "seq", "creator_id", "result", "created_at", "started_at",
                 "last_event_at", "finished_at"]
_SEAT_COLUMNS = ["id", "game_id", "number", "player_id", "ai_level"]


def _seats(game: Game, table: snapshots.Table) -> list[Seat]:
    alias = connection.alias
    seats = []
    for seat_id, number, player_id, ai_level, name in table.seats:
        seat = Seat.from_db(alias, _SEAT_COLUMNS, [seat_id, game.pk, number, player_id, ai_level])
        seat.game = game  # one Game instance, so updates through any seat agree
        if player_id is not None:
            seat.player = Player.from_db(alias, ["id", "name"], [player_id, name])
        seats.append(seat)
    return seats


def _game(game_id: int, table: snapshots.Table, seq: int, status: str, result: Any,
          last_event_at: Any, finished_at: Any) -> Game:
    return Game.from_db(connection.alias, _GAME_COLUMNS, [
        game_id, table.rules, status, seq, table.creator_id, result, table.created_at, table.started_at,
        last_event_at, finished_at,
    ])


def game_with_seats(game_id: int) -> tuple[Game, list[Seat]]:
    """A game, its seats and their players' names, read without a lock (writes are
    guarded by the seq they expect, see ``services``). One query: the game row alone
    when this process has the started game's table cached, else the game with its seats
    and players. Plain SQL: every move and every view starts here, and the ORM's join of
    three models cost several times the query itself; the instances are built as the
    ORM would (``from_db``)."""
    table = snapshots.table(game_id)
    if table is not None:
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT seq, status, result, last_event_at, finished_at FROM {Game._meta.db_table}"
                           " WHERE id = %s", [game_id])
            row = cursor.fetchone()
        if row is None:
            raise GameNotFound(game_id)
        seq, status, result, last_event_at, finished_at = row
        game = _game(game_id, table, seq, status, _json(result), _aware(last_event_at), _aware(finished_at))
        return game, _seats(game, table)
    game_table, seat_table = Game._meta.db_table, Seat._meta.db_table
    player_table = Player._meta.db_table
    columns = ", ".join(f"g.{column}" for column in _GAME_COLUMNS)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {columns}, s.id, s.number, s.player_id, s.ai_level, p.name FROM {seat_table} s"
            f" JOIN {game_table} g ON g.id = s.game_id LEFT JOIN {player_table} p ON p.id = s.player_id"
            " WHERE s.game_id = %s ORDER BY s.number",
            [game_id],
        )
        rows = cursor.fetchall()
    if not rows:
        raise GameNotFound(game_id)
    (pk, rules, status, seq, creator_id, result, created_at, started_at, last_event_at, finished_at) = rows[0][:10]
    table = snapshots.Table(
        created_at=_aware(created_at), started_at=_aware(started_at), creator_id=creator_id, rules=_json(rules),
        seats=tuple((seat_id, number, player_id, ai_level, name) for *_, seat_id, number, player_id, ai_level, name
                    in rows),
        read_at=time.monotonic(),
    )
    if status != Game.Status.WAITING:  # seats are final once the game has started
        snapshots.remember_table(pk, table)
    game = _game(pk, table, seq, status, _json(result), _aware(last_event_at), _aware(finished_at))
    return game, _seats(game, table)


def game_recalled(game_id: int, seq: int) -> tuple[Game, list[Seat], State] | None:
    """The active game at ``seq`` from this process's caches alone (its table and its
    state at exactly that seq), or None. The game may have moved on since (another
    process appended): a write from here must be guarded by ``seq``, as every write is."""
    table = snapshots.table(game_id)
    if table is None:
        return None
    state = snapshots.recall(game_id, table.created_at, seq)
    if state is None or state.result is not None:
        return None
    game = _game(game_id, table, seq, Game.Status.ACTIVE, None, DEFERRED, None)
    return game, _seats(game, table), state


def seats_of(game: Game) -> list[Seat]:
    return list(Seat.objects.filter(game=game).select_related("player").order_by("number"))


def seat_number_of(seats: list[Seat], player: Player | None) -> int | None:
    if player is None:
        return None
    for seat in seats:
        if seat.player_id == player.id:
            return seat.number
    return None


def seated_number(seats: list[Seat], player: Player | None) -> int:
    number = seat_number_of(seats, player)
    if number is None:
        raise NotAPlayer()
    return number


def event_rows(game: Game, after: int = 0) -> QuerySet[GameEvent]:
    return GameEvent.objects.filter(game=game, seq__gt=after, seq__lte=game.seq).order_by("seq")


def game_events(game: Game, after: int = 0) -> list[tuple[int, Event]]:
    """The game's engine events after seq ``after``, with their seqs."""
    rows = event_rows(game, after).values_list("seq", "payload")
    return [(seq, event_from_dict(payload)) for seq, payload in rows]


def stored_payloads(game_id: int, seq: int, after: int = 0) -> list[dict[str, Any]]:
    """The stored events' payloads after ``after`` up to ``seq``, in order. Plain SQL:
    this is the hot read of every state rebuild, and the ORM's per-row converters cost
    more than the query itself (a 200-event game: ~1 ms of SQL, ~8 ms through the ORM)."""
    table = GameEvent._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT payload FROM {table} WHERE game_id = %s AND seq > %s AND seq <= %s ORDER BY seq",
                       [game_id, after, seq])
        rows = cursor.fetchall()
    return [_json(value) for (value,) in rows]


def game_state_replayed(game: Game) -> State:
    """The truth: the state folded from every stored event up to ``game.seq``."""
    payloads = stored_payloads(game.pk, game.seq)
    if len(payloads) != game.seq:
        raise RuntimeError(f"Game {game.pk} has {len(payloads)} events stored for seq {game.seq}.")
    return replay(event_from_dict(payload) for payload in payloads)


def history_for(game: Game, level: str) -> list[Event] | None:
    """The game's events up to ``game.seq`` for a computer level that reads the others'
    moves (``READERS``: the master); None for the levels that go by the state alone."""
    if level not in READERS:
        return None
    return [event_from_dict(payload) for payload in stored_payloads(game.pk, game.seq)]


def game_state(game: Game) -> State:
    """The state at ``game.seq``: recalled when this process has it, brought up to date
    from an older cached state by the events since, or replayed from the start."""
    cached = snapshots.latest(game.pk, game.created_at)
    if cached is not None and cached[0] == game.seq:
        return cached[1]
    if cached is not None and cached[0] < game.seq:
        seq, state = cached
        newer = stored_payloads(game.pk, game.seq, after=seq)
        if len(newer) != game.seq - seq:
            raise RuntimeError(f"Game {game.pk} misses events between seq {seq} and {game.seq}.")
        for payload in newer:
            state = apply(state, event_from_dict(payload))
    else:
        state = game_state_replayed(game)
    snapshots.remember(game.pk, game.created_at, game.seq, state)
    return state


def ai_seats_to_act(state: State, seats: list[Seat]) -> list[Seat]:
    """Computer seats that have something to do now, in the engine's actor order."""
    by_number = {seat.number: seat for seat in seats}
    return [by_number[n] for n in actors(state) if n in by_number and by_number[n].ai_level]


def _seat_entry(seat: Seat) -> dict[str, Any]:
    entry: dict[str, Any] = {"seat": seat.number, "name": seat.name, "kind": seat.kind}
    if seat.ai_level:
        entry["ai"] = seat.ai_level
    return entry


def game_view(game: Game, seats: list[Seat], state: State | None, seat: int | None) -> dict[str, Any]:
    """The contract's view of ``game`` for ``seat`` (None: a spectator)."""
    data = _waiting_view(game, seat) if state is None else view(state, seat)
    entries = {s.number: _seat_entry(s) for s in seats}
    for entry in data["seats"]:
        entry.update(entries.get(entry["seat"], {"name": "", "kind": None}))
    if data["result"] is not None and game.result and "forfeits" in game.result:
        # Seats given up after the reconnect window (live play): losses whatever the cards say.
        data["result"] = {**data["result"], "forfeits": game.result["forfeits"]}
    return {"id": game.pk, "seq": game.seq, "status": game.status, **data}


def _waiting_view(game: Game, seat: int | None) -> dict[str, Any]:
    """Before the deal there is no state: the same shape, with empty hands and table."""
    rules = Rules.from_dict(game.rules)
    return {
        "rules": rules.to_dict(),
        "trump": None,
        "trump_suit": None,
        "deck_count": rules.deck,
        "discard_count": 0,
        "table": [],
        "seats": [{"seat": n, "hand_count": 0, "out": False, "known": []} for n in range(rules.players)],
        "you": None if seat is None else {"seat": seat, "hand": []},
        "attacker": None,
        "defender": None,
        "taking": False,
        "to_act": [],
        "bout": 0,
        "legal_actions": [],
        "result": None,
    }


def game_view_for(game: Game | int, player: Player | None) -> dict[str, Any]:
    game, seats = game_with_seats(game if isinstance(game, int) else game.pk)
    seat = seat_number_of(seats, player)
    if seat is None:
        from live.spectators import lagging_view, visible_seq  # tournament tables' delay

        seen = visible_seq(game)
        if seen < game.seq:
            return lagging_view(game, seats, seen)
    state = game_state(game) if game.seq else None
    return game_view(game, seats, state, seat)


def events_for(game: Game, player: Player | None, after: int) -> list[dict[str, Any]]:
    """Events after ``after`` as ``player`` may see them (another hand's draw is a count)."""
    seat = seat_number_of(seats_of(game), player)
    events = game_events(game, after)
    if seat is None:
        from live.spectators import visible_seq  # tournament tables' delay

        seen = visible_seq(game)
        events = [(seq, event) for seq, event in events if seq <= seen]
    return [{"seq": seq, **redact(event, seat)} for seq, event in events]


def replay_events(game: Game) -> list[dict[str, Any]]:
    """Every event with every card; only for a finished game."""
    if game.status != Game.Status.FINISHED:
        raise GameNotFinished()
    return [{"seq": seq, **redact(event, None, reveal_all=True)} for seq, event in game_events(game)]


def game_summary(game: Game, player: Player | None) -> dict[str, Any]:
    seats = list(game.seats.all())
    return {
        "id": game.pk,
        "seq": game.seq,
        "status": game.status,
        "rules": game.rules,
        "seats": [{"seat": s.number, "name": s.name, "kind": s.kind, **({"ai": s.ai_level} if s.ai_level else {})}
                  for s in seats],
        "you": seat_number_of(seats, player),
        "open_seats": sum(1 for s in seats if s.is_open),
        "result": game.result,
        "created_at": game.created_at.isoformat(),
    }


def games_for_lobby(player: Player | None, limit: int = 50) -> list[Game]:
    """The caller's own games first, then others' games to join or watch."""
    base = Game.objects.prefetch_related("seats__player")
    mine: list[Game] = []
    if player is not None:
        mine = list(base.filter(seats__player=player).order_by("-id")[:limit])
    seen = {game.pk for game in mine}
    others = [
        game
        for game in base.filter(status__in=[Game.Status.WAITING, Game.Status.ACTIVE]).order_by("-id")[: limit + len(seen)]
        if game.pk not in seen
    ][:limit]
    return mine + others


def games_awaiting_ai(stalled_for: float) -> list[Game]:
    """Active games where a computer seat must act and nothing happened for a while:
    the turn's task was lost (a worker died, the broker dropped it)."""
    cutoff = timezone.now() - timedelta(seconds=stalled_for)
    candidates = Game.objects.filter(
        Q(last_event_at__lt=cutoff) | Q(last_event_at__isnull=True),
        status=Game.Status.ACTIVE,
        seats__ai_level__gt="",
    ).distinct()
    stalled = []
    for game in candidates:
        if ai_seats_to_act(game_state(game), seats_of(game)):
            stalled.append(game)
    return stalled


def ai_seed(game_id: int, seq: int) -> int:
    """The computer player's seed for this game at this seq: a task run twice (or a
    hint asked twice) computes the same action."""
    digest = hashlib.blake2b(f"durak:{game_id}:{seq}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def hint_for(game: Game, player: Player | None, level: str) -> Action | None:
    """What a computer player of ``level`` would do in the caller's seat now (None:
    nothing to do). It sees only what the seat sees, like any computer player."""
    seat = seated_number(seats_of(game), player)
    if not game.seq:
        raise GameNotStarted()
    from live.models import TableSettings  # a table's options belong to live play: import late

    if TableSettings.objects.filter(game_id=game.pk, hints=False).exists():
        raise HintsOff()
    state = game_state(game)
    if not legal_actions(state, seat):
        return None
    return choose_action(state, seat, level, seed=ai_seed(game.pk, game.seq), budget_ms=200,
                         history=history_for(game, level))
