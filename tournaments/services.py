"""Writes: creating, entering, withdrawing, starting, cancelling, staff actions.

Each runs in one transaction with the tournament's row locked, and every coin moves as
a ledger movement keyed by what it is for (``coins.ledger``), so a request retried
or a task run twice changes nothing twice. Rounds are opened, closed and paid out by
``tournaments.rounds``.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import Player
from accounts.selectors import is_registered
from accounts.services import RegistrationRequired
from coins import ledger
from coins.models import Movement
from coins.services import staff_only
from games import deal, timers
from games.models import SeatAbsence
from tournaments import arena_play, clock, fairness, notices, prizes, rounds, selectors, terms
from tournaments import entry as late
from tournaments.errors import (
    AlreadyEntered,
    AlreadyOver,
    NotEntered,
    NotOrganiser,
    NotRunning,
    RegistrationClosed,
    TooFewEntrants,
    TooManyOpen,
    TournamentFull,
    TournamentNotFound,
)
from tournaments.models import Entry, StaffAction, Table, Tournament

logger = logging.getLogger(__name__)

ACTIVE = (Entry.Status.REGISTERED, Entry.Status.PLAYING)
OPEN = (Tournament.Status.REGISTRATION, Tournament.Status.RUNNING)
# Tournaments one organiser may have open (in registration or running) at once.
OPEN_MAX = 5
# Seconds ahead within which a start holds its own timer; later starts are left to the sweep.
START_TIMER_HORIZON = 300


def _locked(tournament_id: int) -> Tournament:
    try:
        return Tournament.objects.select_for_update().get(pk=tournament_id)
    except (Tournament.DoesNotExist, ValueError, OverflowError) as error:
        raise TournamentNotFound(tournament_id) from error


def _organiser(tournament: Tournament, player: Player) -> None:
    if tournament.organiser_id != player.pk:
        raise NotOrganiser()


# --- registration ------------------------------------------------------------------------------

@transaction.atomic
def tournament_create(*, organiser: Player, data: object) -> Tournament:
    """A tournament open for registration, organised by a registered player with fewer
    than ``OPEN_MAX`` tournaments open. The organiser's added prize goes into the pool now,
    and the guarantee is held: what its overlay does not use comes back at the start."""
    if not is_registered(organiser):  # a guest is free to make: tournaments for anyone, without end
        raise RegistrationRequired("Register to organise a tournament.")
    made = terms.parse(data)
    Player.objects.select_for_update().filter(pk=organiser.pk).first()  # two creations count one after the other
    if Tournament.objects.filter(organiser=organiser, status__in=OPEN).count() >= OPEN_MAX:
        raise TooManyOpen(OPEN_MAX)
    seed, commitment = fairness.new_seed()  # before anyone enters: the server's choices are fixed now
    tournament = Tournament.objects.create(organiser=organiser, fair_seed=seed, fair_commitment=commitment, **made)
    wallet = ledger.wallet(organiser)
    ledger.move(f"added:{tournament.pk}", Movement.Kind.ADDED_PRIZE, wallet, ledger.pool(tournament),
                tournament.added_prize, tournament=tournament, spend=True)
    ledger.move(f"guarantee:{tournament.pk}", Movement.Kind.GUARANTEE, wallet, ledger.hold(tournament),
                tournament.guarantee, tournament=tournament, spend=True)
    starts_at = tournament.starts_at
    if starts_at is not None and (starts_at - timezone.now()).total_seconds() <= START_TIMER_HORIZON:
        # A start this close gets its own timer; a later one is the periodic sweep's (it runs
        # every minute), so no timer sleeps for hours per tournament in a web process.
        transaction.on_commit(lambda: clock.start_at(tournament.pk, starts_at))
    return tournament


def _changed(tournament: Tournament) -> None:
    """Its page hears of the change once the transaction has committed."""
    transaction.on_commit(partial(notices.tournament_changed, tournament.pk))


def _has_prize(tournament: Tournament) -> bool:
    """Coins at stake: an entry fee or a prize pool of the organiser's."""
    return bool(tournament.entry_fee or tournament.added_prize or tournament.guarantee)


def _active_count(tournament: Tournament) -> int:
    return tournament.entries.filter(status__in=ACTIVE).count()


@transaction.atomic
def tournament_join(*, tournament_id: int, player: Player, client_seed: object = None) -> Tournament:
    """Enter, paying the entry fee, with the player's own seed for every table's deal
    (None: the server picks one); the last place taken starts the tournament."""
    seed = deal.client_seed_checked(client_seed)
    tournament = _locked(tournament_id)
    running = tournament.status == Tournament.Status.RUNNING
    if tournament.status != Tournament.Status.REGISTRATION and not (running and late.late_open(tournament)):
        raise RegistrationClosed()
    if _has_prize(tournament) and not is_registered(player):
        raise RegistrationRequired("Register to enter a tournament with an entry fee or a prize.")
    entry = tournament.entries.filter(player=player).first()
    if entry is not None and entry.status in ACTIVE:
        raise AlreadyEntered()
    entered = _active_count(tournament)
    if entered >= tournament.max_entrants:
        raise TournamentFull(tournament.max_entrants)
    seed = seed or deal.client_seed_pick(tournament.pk, -player.pk)  # seeded in tests, random in play
    if running:
        _join_late(tournament, entry, player, seed)
        return tournament
    if entry is None:
        entry = Entry.objects.create(tournament=tournament, player=player, client_seed=seed)
    else:  # back after withdrawing: a new fee
        entry.status, entry.joins, entry.client_seed = Entry.Status.REGISTERED, entry.joins + 1, seed
        entry.save(update_fields=["status", "joins", "client_seed"])
    ledger.fee_pay(f"fee:{tournament.pk}:{player.pk}:{entry.joins}", Movement.Kind.ENTRY_FEE, player.pk,
                   ledger.pool(tournament), tournament.entry_fee, tournament=tournament)
    if entered + 1 == tournament.max_entrants:
        _start(tournament, by=None, note="full")
    _changed(tournament)
    return tournament


def _join_late(tournament: Tournament, entry: Entry | None, player: Player, seed: str) -> None:
    """A late entry, or a re-entry after being knocked out (``tournaments.entry``)."""
    if entry is not None and entry.status == Entry.Status.DISQUALIFIED:
        raise RegistrationClosed()
    if entry is not None and entry.status == Entry.Status.ELIMINATED and not tournament.reentry:
        raise AlreadyEntered()
    entry = late.late_entry(tournament, entry, player.pk, seed)
    # An entry fee like any (welcome coins first): welcome coins pay entry fees, late ones too.
    ledger.fee_pay(f"fee:{tournament.pk}:{player.pk}:{entry.joins}", Movement.Kind.ENTRY_FEE, player.pk,
                   ledger.pool(tournament), tournament.entry_fee, tournament=tournament)
    late.rake_top_up(tournament)
    if arena_play.is_arena(tournament):
        arena_play.entrant_waits(entry)
    _changed(tournament)


@transaction.atomic
def tournament_withdraw(*, tournament_id: int, player: Player) -> Tournament:
    """Leave before the start: the entry fee comes back."""
    tournament = _locked(tournament_id)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise RegistrationClosed()
    entry = tournament.entries.filter(player=player, status=Entry.Status.REGISTERED).first()
    if entry is None:
        raise NotEntered()
    entry.status = Entry.Status.WITHDRAWN
    entry.save(update_fields=["status"])
    ledger.fee_refund(f"fee:{tournament.pk}:{player.pk}:{entry.joins}",
                      f"withdraw:{tournament.pk}:{player.pk}:{entry.joins}", Movement.Kind.REFUND, player.pk,
                      ledger.pool(tournament), tournament=tournament)
    _changed(tournament)
    return tournament


# --- the start --------------------------------------------------------------------------------

def _start(tournament: Tournament, *, by: Any, note: str) -> None:
    entrants = _active_count(tournament)
    if entrants < tournament.min_entrants:
        raise TooFewEntrants(tournament.min_entrants, entrants)
    money = prizes.pool(entry_fee=tournament.entry_fee, entrants=entrants, rake_percent=tournament.rake_percent,
                        added_prize=tournament.added_prize, guarantee=tournament.guarantee)
    pool, hold = ledger.pool(tournament), ledger.hold(tournament)
    ledger.move(f"rake:{tournament.pk}", Movement.Kind.RAKE, pool, ledger.house(), money.rake, tournament=tournament)
    if tournament.late_until_round is None:
        ledger.move(f"overlay:{tournament.pk}", Movement.Kind.OVERLAY, hold, pool, money.overlay,
                    tournament=tournament)
        ledger.move(f"release:{tournament.pk}", Movement.Kind.RELEASE, hold, ledger.wallet(tournament.organiser_id),
                    tournament.guarantee - money.overlay, tournament=tournament)
    # else: the guarantee stays held until late registration closes (tournaments.entry).
    tournament.status = Tournament.Status.RUNNING
    tournament.started_at = timezone.now()
    tournament.save(update_fields=["status", "started_at"])
    tournament.entries.filter(status=Entry.Status.REGISTERED).update(status=Entry.Status.PLAYING)
    StaffAction.objects.create(tournament=tournament, kind=StaffAction.Kind.START,
                               by_id=getattr(by, "pk", None), note=note)
    if arena_play.is_arena(tournament):
        arena_play.begin(tournament)
    else:
        rounds.round_open(tournament)


@transaction.atomic
def tournament_start(*, tournament_id: int, player: Player) -> Tournament:
    """The organiser closes registration and opens the first round."""
    tournament = _locked(tournament_id)
    _organiser(tournament, player)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise RegistrationClosed()
    _start(tournament, by=player.user, note="organiser")
    return tournament


@transaction.atomic
def tournament_starts_due(*, tournament_id: int) -> bool:
    """At ``starts_at``: start, or with too few entrants cancel with every coin back.
    Early or late calls, and calls for a tournament already started, do nothing."""
    tournament = _locked(tournament_id)
    due = tournament.starts_at is not None and tournament.starts_at <= timezone.now()
    if tournament.status != Tournament.Status.REGISTRATION or not due:
        return False
    if _active_count(tournament) < tournament.min_entrants:
        _cancel(tournament, by=None, note="too few entrants at starts_at")
    else:
        _start(tournament, by=None, note="starts_at")
    return True


# --- cancelling -------------------------------------------------------------------------------

def _cancel(tournament: Tournament, *, by: Any, note: str) -> None:
    """Every coin not yet paid out goes back to whoever paid it in (``late.refund_everything``)."""
    late.refund_everything(tournament, f"cancel:{tournament.pk}")
    tournament.status = Tournament.Status.CANCELLED
    tournament.finished_at = timezone.now()
    tournament.save(update_fields=["status", "finished_at"])
    StaffAction.objects.create(tournament=tournament, kind=StaffAction.Kind.CANCEL,
                               by_id=getattr(by, "pk", None), note=note)
    _changed(tournament)


@transaction.atomic
def tournament_cancel(*, tournament_id: int, player: Player) -> Tournament:
    """The organiser, before the start: every coin goes back."""
    tournament = _locked(tournament_id)
    _organiser(tournament, player)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise RegistrationClosed()
    _cancel(tournament, by=player.user, note="organiser")
    return tournament


@transaction.atomic
def tournament_cancel_by_staff(*, tournament_id: int, by: Any, note: str = "") -> Tournament:
    """Staff, before the end: every coin not yet paid goes back (prizes are paid only at
    the end, so that is every coin). Games still running play on, unrated by it."""
    staff_only(by)
    tournament = _locked(tournament_id)
    if tournament.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED):
        raise AlreadyOver()
    _cancel(tournament, by=by, note=note or "staff")
    return tournament


# --- staff in a running tournament --------------------------------------------------------------

def _director(tournament: Tournament, user: Any) -> None:
    """The organiser directs their tournament; staff may act for any."""
    if getattr(user, "is_staff", False):
        return
    if user is None or tournament.organiser.user_id != getattr(user, "pk", None):
        raise NotOrganiser()


@transaction.atomic
def entrant_disqualify(*, tournament_id: int, player_id: int, by: Any, note: str = "") -> Tournament:
    """The tournament's director (its organiser, or staff) disqualifies an entrant of a
    running tournament: their seat at a table in play forfeits (the computer finishes it
    for them and it counts as a loss), they sit at no later table, and they forfeit any
    prize (``standings.prizes_won``). One already knocked out may be disqualified too."""
    tournament = _locked(tournament_id)
    _director(tournament, by)
    if tournament.status != Tournament.Status.RUNNING:
        raise NotRunning()
    entry = tournament.entries.filter(player_id=player_id,
                                      status__in=(Entry.Status.PLAYING, Entry.Status.ELIMINATED)).first()
    if entry is None:
        raise NotEntered()
    entry.status, entry.current_game = Entry.Status.DISQUALIFIED, None
    entry.save(update_fields=["status", "current_game"])
    now = timezone.now()
    for table in Table.objects.filter(tournament=tournament, game__status="active").select_related("game"):
        if player_id in table.players:
            seat = table.players.index(player_id)
            SeatAbsence.objects.filter(game=table.game, seat=seat, returned_at__isnull=True).update(
                returned_at=now)
            SeatAbsence.objects.create(game=table.game, seat=seat, away_since=now, forfeited_at=now)
            transaction.on_commit(partial(timers.table_nudge, table.game_id))
    StaffAction.objects.create(tournament=tournament, kind=StaffAction.Kind.DISQUALIFY, by_id=by.pk,
                               player_id=player_id, note=note)
    _changed(tournament)
    # Their table may have ended already and the round be waiting on nobody else.
    transaction.on_commit(partial(rounds.round_close, tournament_id=tournament.pk))
    return tournament


def round_advance_by_staff(*, tournament_id: int, by: Any, note: str = "") -> Tournament:
    """Staff move a stuck round on: overdue clocks fire and lost computer turns are
    played at its tables, and a round whose games are all over closes."""
    staff_only(by)
    tournament = selectors.tournament_get(tournament_id)
    if tournament.status != Tournament.Status.RUNNING:
        raise NotRunning()
    StaffAction.objects.create(tournament=tournament, kind=StaffAction.Kind.ADVANCE, by_id=by.pk, note=note)
    for game_id in selectors.open_table_games(tournament):
        timers.table_nudge(game_id)
    rounds.round_close(tournament_id=tournament_id)
    return selectors.tournament_get(tournament_id)


def tournament_advance_by_organiser(*, tournament_id: int, player: Player) -> Tournament:
    """The organiser checks a round whose games are all over (normally automatic)."""
    tournament = selectors.tournament_get(tournament_id)
    _organiser(tournament, player)
    if tournament.status != Tournament.Status.RUNNING:
        raise NotRunning()
    rounds.round_close(tournament_id=tournament_id)
    return selectors.tournament_get(tournament_id)
