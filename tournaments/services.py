"""Writes: wallets, entering, starting, advancing round by round, paying the prizes.

Money moves only as ledger entries, inside the transaction that changes the tournament,
with the spending player's row locked so two requests cannot spend the same coins. Rounds
are played one at a time (a person cannot play every table at once): when every game of
the current round has finished, ``tournament_advance`` opens the next round, and after
the last one freezes the standings and pays the pool. It is safe to call at any time and
any number of times: from the game-finished signal, the periodic sweep or the organiser.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import Player
from games import options
from games import services as game_services
from games.engine import InvalidAction, Rules
from games.models import Game
from games.options import TableOptions
from tournaments import scoring, selectors
from tournaments.errors import (
    AlreadyEntered,
    InsufficientFunds,
    InvalidTournament,
    NotOrganiser,
    NotRunning,
    RegistrationClosed,
    TooFewEntrants,
    TournamentFull,
    TournamentNotFound,
)
from tournaments.models import Entry, LedgerEntry, Table, Tournament

logger = logging.getLogger(__name__)

WELCOME_COINS = 1000
MAX_COINS = 10_000_000
ENTRANTS_RANGE = (2, 16)


def _locked(tournament_id: int) -> Tournament:
    try:
        return Tournament.objects.select_for_update().get(pk=tournament_id)
    except Tournament.DoesNotExist as error:
        raise TournamentNotFound(tournament_id) from error


def _spend(player: Player, amount: int, kind: str, tournament: Tournament) -> None:
    """Take ``amount`` coins from ``player`` or refuse; the player's row stays locked until
    the transaction ends, so a second spend waits and sees this one."""
    if amount <= 0:
        return
    Player.objects.select_for_update().filter(pk=player.pk).first()
    balance = selectors.wallet_balance(player.pk)
    if balance < amount:
        raise InsufficientFunds(balance, amount)
    LedgerEntry.objects.create(player=player, amount=-amount, kind=kind, tournament=tournament)


@transaction.atomic
def wallet_welcome(*, player: Player) -> int:
    """The one-time welcome coins; asking again changes nothing. Returns the balance."""
    try:
        with transaction.atomic():
            LedgerEntry.objects.create(player=player, amount=WELCOME_COINS, kind=LedgerEntry.Kind.WELCOME,
                                       note="Приветственные монеты")
    except IntegrityError:
        pass  # already claimed
    return selectors.wallet_balance(player.pk)


def _whole(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidTournament(f"'{name}' must be a whole number from {low} to {high}.")
    return value


def _settings(data: dict[str, Any]) -> dict[str, Any]:
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > 80:
        raise InvalidTournament("'name' must be 1 to 80 characters.")
    try:
        rules = Rules.from_dict(data.get("rules") or {})
    except InvalidAction as error:
        raise InvalidTournament(error.message) from error
    if rules.players != 2:
        raise InvalidTournament("Tournament tables are for two players: set rules.players to 2.")
    try:
        split = scoring.check_split(data.get("prize_split", [100]))
    except ValueError as error:
        raise InvalidTournament(str(error)) from error
    timer = data.get("timer", 30)
    return {
        "name": name.strip(),
        "rules": rules.to_dict(),
        "entry_fee": _whole("entry_fee", data.get("entry_fee", 0), 0, MAX_COINS),
        "added_prize": _whole("added_prize", data.get("added_prize", 0), 0, MAX_COINS),
        "prize_split": split,
        "max_entrants": _whole("max_entrants", data.get("max_entrants", 8), *ENTRANTS_RANGE),
        "move_timer": None if timer is None else _whole("timer", timer, *options.TIMER_RANGE),
        "spectator_delay": _whole("spectator_delay", data.get("spectator_delay", 2), *options.DELAY_RANGE),
    }


@transaction.atomic
def tournament_create(*, organiser: Player, data: object) -> Tournament:
    """A tournament open for registration. The organiser's added prize leaves their
    wallet now and comes back if the tournament is cancelled."""
    if not isinstance(data, dict):
        raise InvalidTournament("The body must be a JSON object.")
    tournament = Tournament.objects.create(organiser=organiser, **_settings(data))
    _spend(organiser, tournament.added_prize, LedgerEntry.Kind.PRIZE_FUNDING, tournament)
    return tournament


@transaction.atomic
def tournament_join(*, tournament_id: int, player: Player) -> Tournament:
    tournament = _locked(tournament_id)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise RegistrationClosed()
    if tournament.entries.filter(player=player).exists():
        raise AlreadyEntered()
    if tournament.entries.count() >= tournament.max_entrants:
        raise TournamentFull(tournament.max_entrants)
    _spend(player, tournament.entry_fee, LedgerEntry.Kind.ENTRY_FEE, tournament)
    Entry.objects.create(tournament=tournament, player=player)
    return tournament


def _organiser(tournament: Tournament, player: Player) -> None:
    if tournament.organiser_id != player.pk:
        raise NotOrganiser()


@transaction.atomic
def tournament_cancel(*, tournament_id: int, player: Player) -> Tournament:
    """Only before it starts: every coin paid in goes back to whoever paid it."""
    tournament = _locked(tournament_id)
    _organiser(tournament, player)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise RegistrationClosed()
    paid: dict[int, int] = {}
    for entry in tournament.ledger.filter(amount__lt=0):
        paid[entry.player_id] = paid.get(entry.player_id, 0) - entry.amount
    LedgerEntry.objects.bulk_create([
        LedgerEntry(player_id=pk, amount=coins, kind=LedgerEntry.Kind.REFUND, tournament=tournament)
        for pk, coins in paid.items()
    ])
    tournament.status = Tournament.Status.CANCELLED
    tournament.finished_at = timezone.now()
    tournament.save(update_fields=["status", "finished_at"])
    return tournament


@transaction.atomic
def tournament_start(*, tournament_id: int, player: Player) -> Tournament:
    """Close registration and open the first round."""
    tournament = _locked(tournament_id)
    _organiser(tournament, player)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise RegistrationClosed()
    rounds = selectors.schedule(tournament)
    if not rounds:
        raise TooFewEntrants()
    tournament.status = Tournament.Status.RUNNING
    tournament.started_at = timezone.now()
    tournament.save(update_fields=["status", "started_at"])
    _open_round(tournament, 1, rounds[0])
    return tournament


def _open_round(tournament: Tournament, number: int, pairs: list[tuple[int, int]]) -> None:
    players = Player.objects.in_bulk([pk for pair in pairs for pk in pair])
    # No computer hints where prizes are at stake.
    options = TableOptions(move_timer=tournament.move_timer, spectator_delay=tournament.spectator_delay,
                           hints=False)
    for first, second in pairs:
        played = game_services.game_create(creator=players[first], rules=tournament.rules, opponents=[],
                                           options=options)
        Table.objects.create(tournament=tournament, round=number, game=played.game,
                             first_id=first, second_id=second)
        game_services.game_join(game_id=played.game.pk, player=players[second])  # the table starts


@transaction.atomic
def tournament_advance(*, tournament_id: int) -> bool:
    """If every game of the current round is over: open the next round, or after the last
    one freeze the standings and pay the prizes. Returns whether anything changed."""
    tournament = _locked(tournament_id)
    if tournament.status != Tournament.Status.RUNNING:
        return False
    tables = selectors.tables_of(tournament)
    current = max((t.round for t in tables), default=0)
    if any(t.game.status != Game.Status.FINISHED for t in tables if t.round == current):
        return False
    rounds = selectors.schedule(tournament)
    if current < len(rounds):
        _open_round(tournament, current + 1, rounds[current])
        return True
    _pay_out(tournament, tables)
    return True


def _pay_out(tournament: Tournament, tables: list[Table]) -> None:
    entrants = selectors.entrant_ids(tournament)
    standings = selectors.standings_json(tournament, entrants, tables)
    LedgerEntry.objects.bulk_create([
        LedgerEntry(player_id=row["player"], amount=row["prize"], kind=LedgerEntry.Kind.PRIZE,
                    tournament=tournament, note=f"{row['place']} место")
        for row in standings if row["prize"] > 0
    ])
    tournament.standings = standings
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = timezone.now()
    tournament.save(update_fields=["standings", "status", "finished_at"])
    logger.info("tournament %s finished; %s coins paid", tournament.pk, sum(r["prize"] for r in standings))


def tournament_advance_by_organiser(*, tournament_id: int, player: Player) -> Tournament:
    tournament = selectors.tournament_get(tournament_id)
    _organiser(tournament, player)
    if tournament.status != Tournament.Status.RUNNING:
        raise NotRunning()
    tournament_advance(tournament_id=tournament_id)
    return selectors.tournament_get(tournament_id)


def game_finished(*, game_id: int) -> None:
    """A game just finished: if it was a tournament table, its round may be complete."""
    table = Table.objects.filter(game_id=game_id).only("tournament_id").first()
    if table is not None:
        tournament_advance(tournament_id=table.tournament_id)
