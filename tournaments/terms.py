"""A tournament's terms, as a create request states them, checked field by field.

Every refusal is ``400 invalid_tournament`` with ``"field"`` naming what is wrong, so a
form can point at it. Nothing is written until every field has passed.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils import timezone
from rest_framework.exceptions import ValidationError

from core.inputs import MomentField, control_character
from games import options
from games.engine import InvalidAction, Rules
from tournaments import prizes, stages
from tournaments.errors import InvalidTournament
from tournaments.models import Tournament

MAX_COINS = 10_000_000
MAX_ENTRANTS = 4096
# Round robins seat everyone against everyone: beyond this the schedule gets too long.
ROUND_ROBIN_MAX = 32
SWISS_ROUNDS = (1, 30)
RAKE_RANGE = (0, 50)
TABLE_SEATS = (2, 6)
# A tournament table always has a clock, so no absent entrant can freeze a round.
DEFAULT_TIMER = 30
# ...and a time bank (``games.banks``), so no table can last for ever either: four minutes a
# player and three seconds back per move.
DEFAULT_BANK = 240
DEFAULT_INCREMENT = 3
ARENA_MINUTES = (1, 1440)
LATE_ROUNDS = (2, 1000)
FIELDS = {"name", "format", "rules", "entry_fee", "rake_percent", "added_prize", "guarantee", "payouts", "prize_amounts",
          "min_entrants", "max_entrants", "starts_at", "rounds", "timer", "time_bank", "time_increment",
          "spectator_delay", "leaves",
          "duration", "late_until_round", "reentry", "stages"}


def _whole(data: dict[str, Any], name: str, default: int, low: int, high: int) -> int:
    value = data.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidTournament(f"'{name}' must be a whole number from {low} to {high}.", field=name)
    return value


def _choice(data: dict[str, Any], name: str, default: str, choices: list[str]) -> str:
    value = data.get(name, default)
    if value not in choices:
        raise InvalidTournament(f"'{name}' is one of: {', '.join(choices)}.", field=name)
    return str(value)


def _name(data: dict[str, Any]) -> str:
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > 80:
        raise InvalidTournament("'name' must be 1 to 80 characters.", field="name")
    char = control_character(name)
    if char is not None:  # a NUL cannot even be stored; the others hide or garble text
        raise InvalidTournament(f"'name' holds a control character (U+{ord(char):04X}).", field="name")
    return name.strip()


def _rules(data: dict[str, Any]) -> dict[str, Any]:
    try:
        rules = Rules.from_dict(data.get("rules") or {})
    except InvalidAction as error:
        raise InvalidTournament(error.message, field="rules") from error
    low, high = TABLE_SEATS
    if not low <= rules.players <= high:
        raise InvalidTournament(f"Tournament tables seat {low} to {high} players (rules.players).", field="rules")
    if rules.teams:
        raise InvalidTournament("Tournament tables are every player for themselves (rules.teams).", field="rules")
    return rules.to_dict()


def _starts_at(data: dict[str, Any]) -> datetime | None:
    value = data.get("starts_at")
    if value is None:
        return None
    try:
        # A time that does not exist (2027-02-30) is refused here, not a 500 below.
        parsed: datetime = MomentField(default_timezone=timezone.get_current_timezone()).run_validation(value)
    except ValidationError as error:
        raise InvalidTournament("'starts_at' is an ISO 8601 time, e.g. 2027-01-31T18:00:00Z, or null.",
                                field="starts_at") from error
    if timezone.is_naive(parsed):
        parsed = timezone.make_aware(parsed, timezone.get_current_timezone())
    if parsed <= timezone.now():
        raise InvalidTournament("'starts_at' must be in the future.", field="starts_at")
    return parsed


def _payouts(data: dict[str, Any]) -> list[int] | None:
    value = data.get("payouts")
    if value is None:
        return None
    try:
        return prizes.check_payouts(value)
    except ValueError as error:
        raise InvalidTournament(str(error), field="payouts") from error


def _prize_amounts(data: dict[str, Any], added_prize: int, guarantee: int) -> list[int] | None:
    """Fixed prizes, covered by coins the organiser puts up at creation: the pool's total is
    at least the guarantee (the overlay) and at least the added prize (fees only add), so
    either can promise them; the fees cannot, they may never come."""
    try:
        return prizes.check_prize_amounts(data.get("prize_amounts"), covered=max(added_prize, guarantee))
    except ValueError as error:
        raise InvalidTournament(str(error), field="prize_amounts") from error


def parse(data: object) -> dict[str, Any]:
    """The ``Tournament`` fields of a create request, or ``InvalidTournament``."""
    if not isinstance(data, dict):
        raise InvalidTournament("The body must be a JSON object.", field="body")
    unknown = sorted(set(data) - FIELDS)
    if unknown:
        raise InvalidTournament(f"Unknown field '{unknown[0]}'.", field=unknown[0])
    fmt = _choice(data, "format", Tournament.Format.ROUND_ROBIN, list(Tournament.Format.values))
    most = ROUND_ROBIN_MAX if fmt == Tournament.Format.ROUND_ROBIN else MAX_ENTRANTS
    terms: dict[str, Any] = {
        "name": _name(data),
        "format": fmt,
        "rules": _rules(data),
        "entry_fee": _whole(data, "entry_fee", 0, 0, MAX_COINS),
        "rake_percent": _whole(data, "rake_percent", 0, *RAKE_RANGE),
        "added_prize": _whole(data, "added_prize", 0, 0, MAX_COINS),
        "guarantee": _whole(data, "guarantee", 0, 0, MAX_COINS),
        "payouts": _payouts(data),
        "min_entrants": _whole(data, "min_entrants", 2, 2, most),
        "max_entrants": _whole(data, "max_entrants", min(8, most), 2, most),
        "starts_at": _starts_at(data),
        "leaves": _choice(data, "leaves", Tournament.Leaves.DURAK, list(Tournament.Leaves.values)),
        "spectator_delay": _whole(data, "spectator_delay", 2, *options.DELAY_RANGE),
    }
    terms["prize_amounts"] = _prize_amounts(data, terms["added_prize"], terms["guarantee"])
    timer = data.get("timer", DEFAULT_TIMER)
    terms["move_timer"] = DEFAULT_TIMER if timer is None else _whole(data, "timer", DEFAULT_TIMER,
                                                                      *options.TIMER_RANGE)
    bank = data.get("time_bank", DEFAULT_BANK)
    terms["time_bank"] = DEFAULT_BANK if bank is None else _whole(data, "time_bank", DEFAULT_BANK,
                                                                   *options.BANK_RANGE)
    terms["time_increment"] = _whole(data, "time_increment", DEFAULT_INCREMENT, *options.INCREMENT_RANGE)
    if terms["min_entrants"] > terms["max_entrants"]:
        raise InvalidTournament("'min_entrants' must not be above 'max_entrants'.", field="min_entrants")
    if fmt == Tournament.Format.SWISS:
        if "rounds" not in data:
            raise InvalidTournament("A swiss tournament needs 'rounds'.", field="rounds")
        terms["rounds"] = _whole(data, "rounds", 0, *SWISS_ROUNDS)
    elif data.get("rounds") is not None:
        raise InvalidTournament("'rounds' is for swiss tournaments only.", field="rounds")
    if "leaves" in data and fmt != Tournament.Format.ELIMINATION:
        raise InvalidTournament("'leaves' is for elimination tournaments only.", field="leaves")
    if fmt == Tournament.Format.ARENA:
        if "duration" not in data:
            raise InvalidTournament("An arena needs 'duration' (minutes).", field="duration")
        terms["duration"] = _whole(data, "duration", 0, *ARENA_MINUTES)
    elif data.get("duration") is not None:
        raise InvalidTournament("'duration' is for arenas only.", field="duration")
    terms.update(_late(data, fmt))
    chain = stages.parse(data.get("stages"), fmt, terms.get("rounds"), terms["max_entrants"])
    terms["stages"] = chain
    if chain is not None:
        terms["leaves"] = chain[-1]["leaves"]  # the elimination stage's rule
        if terms["late_until_round"] is not None:
            raise InvalidTournament("Late registration is for tournaments of one stage.", field="late_until_round")
    return terms


def _late(data: dict[str, Any], fmt: str) -> dict[str, Any]:
    """Late registration until round N, and re-entry while it is open (``tournaments.entry``)."""
    late = data.get("late_until_round")
    if late is not None:
        if fmt == Tournament.Format.ROUND_ROBIN:
            raise InvalidTournament("A round robin's schedule is fixed at the start: no late registration.",
                                    field="late_until_round")
        late = _whole(data, "late_until_round", 0, *LATE_ROUNDS)
    reentry = data.get("reentry", False)
    if not isinstance(reentry, bool):
        raise InvalidTournament("'reentry' is true or false.", field="reentry")
    if reentry and late is None:
        raise InvalidTournament("Re-entry needs late registration ('late_until_round').", field="reentry")
    if reentry and fmt != Tournament.Format.ELIMINATION:
        raise InvalidTournament("Only an elimination knocks players out: re-entry is for eliminations.",
                                field="reentry")
    return {"late_until_round": late, "reentry": reentry}
