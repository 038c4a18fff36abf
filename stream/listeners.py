"""The account stream as a listener of the apps below it.

- games: with each move, in the transaction that stores it (``moves_stored``; a round's
  tables in one append) or riding in its one statement (``move_riders``), ``game_started``
  once per seat and ``your_turn`` for each person who must act at that seq: a turn is never
  lost to a process that dies after the commit.
  After the commit of a move that ended the game (``move_committed``, ``finished``: it
  reads the forfeits the timers recorded) each person's place. Their keys make a hook run
  twice append once.
- tournaments: ``table_ready`` and ``tournament_finished`` in the round's own transaction.
- challenges: received / accepted / declined / cancelled in the challenge's transaction
  (an expired challenge tells no one: nothing was asked of anybody).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from challenges.models import Challenge
from challenges.signals import ChallengeChanged, challenge_changed
from games import store as games_store
from games.deadlines import people_due, seat_deadline
from games.models import Game, SeatAbsence
from games.places import table_order
from games.selectors import out_together
from games.signals import MoveCommitted, move_committed, move_riders, moves_stored
from games.store import Rider
from stream import events, store
from tournaments.signals import TablesReady, TournamentFinished, tables_ready, tournament_finished

logger = logging.getLogger(__name__)


def connect() -> None:
    moves_stored.connect("record", turns_hook, uid="stream.turns")
    move_riders.connect("record", turns_rider, uid="stream.turns")
    move_committed.connect("finished", on_game_finished, uid="stream.game_finished")
    tables_ready.connect("announce", on_tables_ready, uid="stream.tables_ready")
    tournament_finished.connect("announce", on_tournament_finished, uid="stream.tournament_finished")
    challenge_changed.connect("announce", on_challenge_changed, uid="stream.challenge_changed")


def _deadline(move: MoveCommitted, seat: int, absence: SeatAbsence | None) -> datetime | None:
    """When the seat's time runs out: its move timer, or sooner its time bank (the move's own fold)."""
    game = move.game
    seconds = seat_deadline(game, frozenset(move.people), seat, absence, move.banks)
    if seconds is None or game.last_event_at is None:
        return None
    return game.last_event_at + timedelta(seconds=seconds)


def turns_hook(moves: list[MoveCommitted]) -> None:
    """The moves are stored, not yet committed: their stream events, in one append. A
    failure is logged, never raised (the move stands; the append rolled back to its own
    savepoint); the stream then lacks a turn, which the game's own view still shows."""
    try:
        store.append(_pending(moves))
    except Exception:
        logger.exception("stream: the turns of %s", [(move.game_id, move.seq) for move in moves])


def turns_rider(move: MoveCommitted) -> Rider | None:
    """The same for one move stored in one statement (``games.signals.move_riders``): its
    stream events ride in that statement. A failure to make them is logged and the move
    is stored alone, as ``turns_hook`` lets it stand."""
    try:
        return store.rider(_pending([move]))
    except Exception:
        logger.exception("stream: the turns of %s", (move.game_id, move.seq))
        return None


def _pending(moves: list[MoveCommitted]) -> list[store.Pending]:
    """The stream events of ``moves``: their turns, with the open absences read once."""
    absences = _open_absences(moves)
    return [pending for move in moves for pending in _turns(move, absences.get(move.game_id, {}))]


def _dealt(move: MoveCommitted) -> bool:
    """Whether this move dealt the game: nothing played yet (the first bout open, an empty table)."""
    return move.state.bouts == 0 and not move.state.table and move.state.result is None


def _open_absences(moves: list[MoveCommitted]) -> dict[int, dict[int, SeatAbsence]]:
    """game → seat → its open absence, for the moves whose turns may be timed, in one query
    (a round's 250 tables dealt at once: one query, not 250). A seat is away only after its
    clock ran out, or its player was disqualified at a tournament's table, which always has
    a clock: an untimed table has no absences."""
    timed = [move.game_id for move in moves
             if move.timed and not move.finished and people_due(move.state, move.people)]
    absences: dict[int, dict[int, SeatAbsence]] = {}
    for absence in games_store.open_absences(timed):
        absences.setdefault(absence.game_id, {})[absence.seat] = absence
    return absences


def _turns(move: MoveCommitted, absences: dict[int, SeatAbsence]) -> list[store.Pending]:
    # The move's own row and seats (``MoveCommitted``): a turn is told after every move, so
    # it costs no query but the open absences' (``_open_absences``) and the append's.
    people = move.people
    if not people:
        return []
    pending: list[store.Pending] = []
    if _dealt(move):
        pending += [events.game_started(player, move.game_id, seat) for seat, player in sorted(people.items())]
    if not move.finished:
        due = people_due(move.state, people)
        pending += [events.your_turn(people[seat], move.game_id, move.seq,
                                     _deadline(move, seat, absences.get(seat))) for seat in due]
    return pending


def on_game_finished(move: MoveCommitted) -> None:
    game = Game.objects.filter(pk=move.game_id).first()
    if game is None or game.result is None:
        return
    people = move.people
    if not people:
        return
    order = table_order(range(game.players), game.result, together=out_together(game.pk) or None)
    place, places = 1, {}
    for group in order:
        for seat in group:
            places[seat] = place
        place += len(group)
    store.append([events.game_finished(player, game.pk, places[seat], game.result.get("durak") == seat)
                  for seat, player in sorted(people.items())])


def on_tables_ready(ready: TablesReady) -> None:
    store.append([events.table_ready(player, ready.tournament_id, game_id) for game_id, players in ready.tables
                  for player in players])


def on_tournament_finished(finished: TournamentFinished) -> None:
    store.append([events.tournament_finished(row.player, finished.tournament_id, row.place, row.prize)
                  for row in finished.standings])


def on_challenge_changed(changed: ChallengeChanged) -> None:
    challenge = changed.challenge
    status = challenge.status
    if status == Challenge.Status.PENDING and challenge.challenged_id is not None:
        store.append([events.challenge(challenge.challenged_id, "challenge_received", challenge.pk)])
    elif status == Challenge.Status.ACCEPTED:
        assert challenge.challenged_id is not None
        store.append([events.challenge(player, "challenge_accepted", challenge.pk, challenge.game_id)
                      for player in (challenge.challenger_id, challenge.challenged_id)])
    elif status == Challenge.Status.DECLINED:
        store.append([events.challenge(challenge.challenger_id, "challenge_declined", challenge.pk)])
    elif status == Challenge.Status.CANCELLED and challenge.challenged_id is not None:
        store.append([events.challenge(challenge.challenged_id, "challenge_cancelled", challenge.pk)])
