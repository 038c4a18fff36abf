"""Reads: games, seats, states rebuilt from events, and views as a viewer may see them.

A read rebuilds (or recalls) the state, then asks the engine for the view; nothing here
writes, and nothing here knows the rules.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import Q, QuerySet
from django.utils import timezone

from accounts.models import Player
from core import pages
from games import privacy, snapshots, spectators, store
from games.banks import fold_of
from games.deadlines import clock_of, people_of
from games.deal import client_seeds_of, server_seed_revealed
from games.engine import (
    Event,
    Rules,
    State,
    actors,
    apply,
    event_from_dict,
    redact,
    replay,
    view,
)
from games.errors import GameNotFinished, GameNotFound, NotAPlayer
from games.models import Game, GameEvent, Seat


def game_get(game_id: int | str) -> Game:
    try:
        return Game.objects.get(pk=int(game_id))
    except (Game.DoesNotExist, ValueError, TypeError, OverflowError) as error:
        raise GameNotFound(game_id) from error


def game_get_for(game_id: int | str, viewer: Player | None) -> Game:
    """The game as ``viewer`` may ask for it by id: a private game is not found by
    anyone but its players (``games.privacy``)."""
    game = game_get(game_id)
    if not privacy.is_visible_to(game, viewer):
        raise GameNotFound(game_id)
    return game


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


def game_events(game: Game, after: int = 0) -> list[tuple[int, Event]]:
    """The game's engine events after seq ``after`` up to ``game.seq``, with their seqs."""
    return [(seq, event_from_dict(payload)) for seq, payload, _ in store.stored_events(game.pk, after, game.seq)]


def out_together(game_id: int) -> list[list[int]]:
    """The seats that went out after each bout, bout by bout (bouts nobody left after are
    left out): the ``player_out`` events between one ``bout_ended`` and the next. Seats of
    one group left at the same moment (``games.places``)."""
    groups: list[list[int]] = []
    current: list[int] = []
    rows = (GameEvent.objects.filter(game_id=game_id, type__in=("bout_ended", "player_out"))
            .order_by("seq").values_list("type", "payload"))
    for kind, payload in rows:
        if kind == "bout_ended":
            if current:
                groups.append(current)
            current = []
        else:
            current.append(int(payload["seat"]))
    if current:
        groups.append(current)
    return groups


def game_state_replayed(game: Game) -> State:
    """The truth: the state folded from every stored event up to ``game.seq``."""
    payloads = store.stored_payloads(game.pk, game.seq)
    if len(payloads) != game.seq:
        raise RuntimeError(f"Game {game.pk} has {len(payloads)} events stored for seq {game.seq}.")
    return replay(event_from_dict(payload) for payload in payloads)


def game_state(game: Game) -> State:
    """The state at ``game.seq``: recalled when this process has it, brought up to date
    from an older cached state by the events since, or replayed from the start. A game
    with a time bank is folded with its banks (``games.banks``), which need the state
    before each event: one fold for both."""
    cached = snapshots.latest(game.pk, game.created_at)
    if cached is not None and cached[0] == game.seq:
        return cached[1]
    if game.time_bank is not None and game.seq:
        fold = fold_of(game, people_of(seats_of(game)))
        assert fold is not None and fold.state is not None
        return fold.state
    if cached is not None and cached[0] < game.seq:
        seq, state = cached
        newer = store.stored_payloads(game.pk, game.seq, after=seq)
        if len(newer) != game.seq - seq:
            raise RuntimeError(f"Game {game.pk} misses events between seq {seq} and {game.seq}.")
        for payload in newer:
            state = apply(state, event_from_dict(payload))
    else:
        state = game_state_replayed(game)
    snapshots.remember(game.pk, game.created_at, game.seq, state)
    return state


def waiting_expired_before() -> datetime:
    """A waiting table created before this moment is past ``DURAK_WAITING_TABLE_TTL``."""
    return timezone.now() - timedelta(seconds=settings.DURAK_WAITING_TABLE_TTL)


def waiting_open() -> Q:
    """Waiting tables still open to join: not marked expired, not past their TTL."""
    return Q(status=Game.Status.WAITING, expired_at__isnull=True, created_at__gt=waiting_expired_before())


def waiting_expired(game: Game) -> bool:
    """Whether ``game`` is a waiting table nobody may join any more (marked by the sweep,
    or past its TTL and not yet swept: expiry never waits for the sweep)."""
    return game.status == Game.Status.WAITING and (
        game.expired_at is not None or game.created_at <= waiting_expired_before())


def waiting_tables_of(player: Player) -> QuerySet[Game]:
    """The open waiting tables ``player`` created (what ``DURAK_MAX_WAITING_TABLES`` limits)."""
    return Game.objects.filter(waiting_open(), creator=player)


def _seat_entry(seat: Seat) -> dict[str, Any]:
    """A seat as views, replays and summaries show it; a person's seat names their player
    id, which is public (their page is /players/{id}/)."""
    entry: dict[str, Any] = {"seat": seat.number, "name": seat.name, "kind": seat.kind}
    if seat.ai_level:
        entry["ai"] = seat.ai_level
    if seat.player_id is not None:
        entry["player"] = seat.player_id
    return entry


def game_view(game: Game, seats: list[Seat], state: State | None, seat: int | None) -> dict[str, Any]:
    """The contract's view of ``game`` for ``seat`` (None: a spectator)."""
    data = _waiting_view(game, seat) if state is None else view(state, seat)
    entries = {s.number: _seat_entry(s) for s in seats}
    for entry in data["seats"]:
        entry.update(entries.get(entry["seat"], {"name": "", "kind": None}))
    if data["result"] is not None and game.result and "forfeits" in game.result:
        # Seats given up after the reconnect window (live play) or by leaving: losses
        # whatever the cards say.
        forfeits = set(game.result["forfeits"]) | set(data["result"].get("forfeits", ()))
        data["result"] = {**data["result"], "forfeits": sorted(forfeits)}
    clock = clock_of(game, seats, data["to_act"], state.given_up if state is not None else 0)
    return {"id": game.pk, "seq": game.seq, "status": game.status, **data, "fairness": fairness_of(game, seats),
            "options": options_of(game), **clock}


def options_of(game: Game) -> dict[str, Any]:
    """The table's options as every view echoes them (``games.options``)."""
    return {"timer": game.move_timer, "spectator_delay": game.spectator_delay, "hints": game.hints,
            "rated": game.rated, "time_bank": game.time_bank, "time_increment": game.time_increment}


def fairness_of(game: Game, seats: list[Seat]) -> dict[str, Any]:
    """The fair deal as every view shows it: the commitment (null: a game dealt before
    the fair deal) and each seat's client seed (null: a computer or a seat not taken)."""
    return {"commitment": game.deal_commitment or None, "client_seeds": list(client_seeds_of(seats))}


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


def lagging_view(game: Game, seats: list[Seat], seq: int) -> dict[str, Any]:
    """The spectators' view of ``game`` as it stood at ``seq`` (a delayed table)."""
    state = replay(event_from_dict(payload) for payload in store.stored_payloads(game.pk, seq)) if seq else None
    past = Game(pk=game.pk, rules=game.rules, status=game.status, seq=seq, created_at=game.created_at,
                deal_commitment=game.deal_commitment)
    return game_view(past, seats, state, None)


def game_view_for(game: Game | int, player: Player | None) -> dict[str, Any]:
    game, seats = store.game_with_seats(game if isinstance(game, int) else game.pk)
    if not privacy.is_visible_to(game, player, seats):
        raise GameNotFound(game.pk)
    seat = seat_number_of(seats, player)
    if seat is None:
        seen = spectators.visible_seq_of(game)  # a delayed table's spectators lag behind
        if seen < game.seq:
            return lagging_view(game, seats, seen)
    state = game_state(game) if game.seq else None
    return game_view(game, seats, state, seat)


def events_for(game: Game, player: Player | None, after: int) -> list[dict[str, Any]]:
    """Events after ``after`` as ``player`` may see them (another hand's draw is a count)."""
    seats = seats_of(game)
    if not privacy.is_visible_to(game, player, seats):
        raise GameNotFound(game.pk)
    seat = seat_number_of(seats, player)
    events = game_events(game, after)
    if seat is None:
        seen = spectators.visible_seq_of(game)  # a delayed table's spectators lag behind
        events = [(seq, event) for seq, event in events if seq <= seen]
    return [{"seq": seq, **redact(event, seat)} for seq, event in events]


def replay_events(game: Game) -> list[dict[str, Any]]:
    """Every event with every card; only for a finished game."""
    if game.status != Game.Status.FINISHED:
        raise GameNotFinished()
    return [{"seq": seq, **redact(event, None, reveal_all=True)} for seq, event in game_events(game)]


def game_replay(game: Game) -> dict[str, Any]:
    """A finished game whole: its seats, every event with every card, and the fair
    deal with its server seed revealed (all null for a game from before the fair deal)."""
    events = replay_events(game)  # refuses an unfinished game before any secret is read
    seats = seats_of(game)
    return {
        "id": game.pk,
        "seats": [_seat_entry(seat) for seat in seats],
        "events": events,
        "fairness": {**fairness_of(game, seats), "server_seed": server_seed_revealed(game)},
    }


def game_summary(game: Game, player: Player | None) -> dict[str, Any]:
    seats = list(game.seats.all())
    return {
        "id": game.pk,
        "seq": game.seq,
        "status": game.status,
        "rules": game.rules,
        "seats": [_seat_entry(s) for s in seats],
        "you": seat_number_of(seats, player),
        "open_seats": sum(1 for s in seats if s.is_open),
        "result": game.result,
        "created_at": game.created_at.isoformat(),
    }


def games_for_lobby(player: Player | None, limit: int = 50) -> list[Game]:
    """The caller's own games first, then others' games to join or watch (a waiting
    table past its TTL is neither; nor is a private game: ``games.privacy``)."""
    base = Game.objects.prefetch_related("seats__player")
    mine: list[Game] = []
    if player is not None:
        mine = list(base.filter(seats__player=player).order_by("-id")[:limit])
    seen = {game.pk for game in mine}
    others = [
        game
        for game in privacy.games_visible_to(base.filter(Q(status=Game.Status.ACTIVE) | waiting_open()), None)
        .order_by("-id")[: limit + len(seen)]
        if game.pk not in seen
    ][:limit]
    return mine + others


def games_in_play(player: Player, status: str, query: dict[str, Any]) -> tuple[list[dict[str, Any]], str | None]:
    """One page of ``player``'s games with ``status`` (active or waiting), newest first:
    each game's summary with whose move it is, whether it is the player's, the clock
    and the seats that are away (what an app asks on every start)."""
    rows = Game.objects.filter(seats__player=player, status=status).prefetch_related("seats__player")
    found = pages.page(rows, scope=f"in_play:{player.pk}:{status}", order=["id"], query=query)
    items = []
    for game in found.items:
        summary = game_summary(game, player)
        state = game_state(game) if game.status == Game.Status.ACTIVE else None
        to_act = list(actors(state)) if state is not None else []
        seats = list(game.seats.all())
        items.append({**summary, "to_act": to_act, "your_turn": summary["you"] in to_act,
                      "last_move_at": game.last_event_at.isoformat() if game.last_event_at else None,
                      **clock_of(game, seats, to_act, state.given_up if state is not None else 0)})
    return items, found.next
