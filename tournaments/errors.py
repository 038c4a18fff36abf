"""The tournaments' refusals, each an ``ApplicationError`` with its status and code."""

from __future__ import annotations

from core.errors import ApplicationError, Conflict, Forbidden, NotFound


class InvalidTournament(ApplicationError, status=400, code="invalid_tournament"):
    """400: the tournament's settings do not fit together."""


class TournamentNotFound(NotFound):
    def __init__(self, tournament_id: object) -> None:
        super().__init__(f"There is no tournament {tournament_id}.")


class NotOrganiser(Forbidden, code="not_organiser"):
    def __init__(self) -> None:
        super().__init__("Only the tournament's organiser may do that.")


class RegistrationClosed(Conflict, code="registration_closed"):
    def __init__(self) -> None:
        super().__init__("Registration for this tournament is closed.")


class TournamentFull(Conflict, code="tournament_full"):
    def __init__(self, seats: int) -> None:
        super().__init__(f"All {seats} places are taken.")


class AlreadyEntered(Conflict, code="already_entered"):
    def __init__(self) -> None:
        super().__init__("You are already entered in this tournament.")


class TooFewEntrants(Conflict, code="too_few_entrants"):
    def __init__(self, needed: int = 2, entered: int = 0) -> None:
        super().__init__(f"This tournament needs at least {needed} entrants to start; {entered} entered.",
                         needed=needed, entered=entered)


class NotEntered(Conflict, code="not_entered"):
    def __init__(self) -> None:
        super().__init__("You are not entered in this tournament.")


class AlreadyOver(Conflict, code="tournament_over"):
    def __init__(self) -> None:
        super().__init__("The tournament is over: its prizes are paid or it was cancelled.")


class NotRunning(Conflict, code="not_running"):
    def __init__(self) -> None:
        super().__init__("The tournament is not running.")


class TooManyOpen(Conflict, code="too_many_tournaments"):
    def __init__(self, most: int) -> None:
        super().__init__(f"You have {most} tournaments open already: finish or cancel one first.", most=most)
