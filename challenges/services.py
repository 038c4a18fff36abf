"""Writes of challenges: make, accept (the private game, both seated), decline, cancel,
expire. Every change locks the challenge row first, so two answers at once are one after
the other: the second finds it closed (``409 challenge_closed``) and no second game."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import Player
from challenges import signals
from challenges.errors import ChallengeClosed, ChallengeNotFound, InvalidChallenge, NotChallenged
from challenges.models import Challenge
from core.errors import ApplicationError
from games import arranged
from games.engine import Rules
from games.engine.errors import InvalidAction
from games.inputs import TableOptionsInputSerializer
from games.models import Game
from games.options import TableOptions
from games.services import Played

# The table options a challenge may carry besides its rules (``games.options``).
OPTION_FIELDS = ("timer", "time_bank", "time_increment", "spectator_delay", "hints", "rated")


def _player_named(value: object, challenger: Player) -> Player | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidChallenge("'to' is a player's id, or null for a challenge by link.", field="to")
    if value == challenger.pk:
        raise InvalidChallenge("You cannot challenge yourself.", field="to")
    player = Player.objects.filter(pk=value).first()
    if player is None:
        raise InvalidChallenge(f"There is no player {value}.", field="to")
    return player


def _rules_checked(rules: object) -> dict[str, Any]:
    if not isinstance(rules, dict):
        raise InvalidChallenge("'rules' is an object such as {\"variant\": \"podkidnoy\"} ({} for the defaults).",
                               field="rules")
    try:
        parsed = Rules.from_dict({"players": 2, **rules})
    except InvalidAction as error:
        raise InvalidChallenge(error.message, field="rules") from error
    if parsed.players != 2:
        raise InvalidChallenge("A challenge is a game of two: 'players' must be 2.", field="rules")
    return parsed.to_dict()


def _options_checked(body: dict[str, Any]) -> dict[str, Any]:
    given = {name: body[name] for name in OPTION_FIELDS if name in body}
    try:
        TableOptionsInputSerializer.parsed(given).for_table(players=2, computers=0)
    except ApplicationError as error:
        raise InvalidChallenge(error.message, field="options") from error
    return given


def _rematch_of(value: object, challenger: Player, to: Player | None) -> Game | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidChallenge("'rematch' is the id of a finished game you played.", field="rematch")
    game = Game.objects.filter(pk=value, status=Game.Status.FINISHED).first()
    seated = set() if game is None else set(game.seats.exclude(player=None).values_list("player_id", flat=True))
    if game is None or challenger.pk not in seated or (to is not None and to.pk not in seated):
        raise InvalidChallenge("'rematch' is the id of a finished game both of you played.", field="rematch")
    return game


@transaction.atomic
def challenge_create(*, challenger: Player, body: dict[str, Any]) -> Challenge:
    """A pending challenge to ``body["to"]`` (or anyone with the link), with ``rules`` and
    the table's options; ``rematch`` (a finished game of both) gives its rules by default."""
    to = _player_named(body.get("to"), challenger)
    rematch = _rematch_of(body.get("rematch"), challenger, to)
    rules = body.get("rules")
    if rules is None and rematch is not None:
        rules = rematch.rules
    challenge = Challenge.objects.create(
        challenger=challenger, challenged=to, rules=_rules_checked(rules), options=_options_checked(body),
        rematch_of=rematch, expires_at=timezone.now() + timedelta(seconds=settings.DURAK_CHALLENGE_TTL))
    signals.challenge_changed.call(signals.ChallengeChanged(challenge))
    return challenge


def _locked(challenge_id: int) -> Challenge:
    challenge = Challenge.objects.select_for_update().filter(pk=challenge_id).first()
    if challenge is None:
        raise ChallengeNotFound(challenge_id)
    return challenge


def _open_checked(challenge: Challenge) -> None:
    if challenge.status != Challenge.Status.PENDING:
        raise ChallengeClosed(challenge.status)
    if challenge.expires_at <= timezone.now():
        raise ChallengeClosed(Challenge.Status.EXPIRED)


def _close(challenge: Challenge, status: str, game: Game | None = None) -> Challenge:
    challenge.status = status
    challenge.closed_at = timezone.now()
    challenge.game = game
    challenge.save(update_fields=["status", "closed_at", "game"])
    signals.challenge_changed.call(signals.ChallengeChanged(challenge))
    return challenge


@transaction.atomic
def challenge_accept(*, challenge_id: int, player: Player) -> tuple[Challenge, Game]:
    """The challenged player (or, for a challenge by link, anyone but its maker) accepts:
    a private game with the challenger in seat 0 and them in seat 1, dealt at once."""
    challenge = _locked(challenge_id)
    if player.pk == challenge.challenger_id:
        raise NotChallenged("You cannot accept your own challenge.")
    _open_checked(challenge)  # before the next check: a link's challenge taken is closed, not someone's
    if challenge.challenged_id not in (None, player.pk):
        raise NotChallenged("This challenge is not yours to accept.")
    options: TableOptions = TableOptionsInputSerializer.parsed(challenge.options)
    challenger = Player.objects.get(pk=challenge.challenger_id)

    def accepted(played: list[Played]) -> None:
        # Closed once the game is dealt and before its own news: both hear the challenge
        # accepted, then the game started (as a round's table_ready comes first).
        if challenge.challenged_id is None:
            challenge.challenged = player
            challenge.save(update_fields=["challenged"])
        _close(challenge, Challenge.Status.ACCEPTED, played[0].game)

    game = arranged.game_seat_people(players=[challenger, player], rules=Rules.from_dict(challenge.rules),
                                     options=options, private=True, before_hooks=accepted).game
    return challenge, game


@transaction.atomic
def challenge_decline(*, challenge_id: int, player: Player) -> Challenge:
    challenge = _locked(challenge_id)
    if challenge.challenged_id is None or challenge.challenged_id != player.pk:
        raise NotChallenged("Only the player challenged may decline.")
    _open_checked(challenge)
    return _close(challenge, Challenge.Status.DECLINED)


@transaction.atomic
def challenge_cancel(*, challenge_id: int, player: Player) -> Challenge:
    challenge = _locked(challenge_id)
    if challenge.challenger_id != player.pk:
        raise NotChallenged("Only the challenger may cancel.")
    _open_checked(challenge)
    return _close(challenge, Challenge.Status.CANCELLED)


def challenges_expire() -> int:
    """Close every pending challenge past its time (the sweep). Returns how many."""
    expired = 0
    ids = list(Challenge.objects.filter(status=Challenge.Status.PENDING, expires_at__lte=timezone.now())
               .values_list("pk", flat=True))
    for challenge_id in ids:
        with transaction.atomic():
            challenge = _locked(challenge_id)
            if challenge.status == Challenge.Status.PENDING and challenge.expires_at <= timezone.now():
                _close(challenge, Challenge.Status.EXPIRED)
                expired += 1
    return expired
