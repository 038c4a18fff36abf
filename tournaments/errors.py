"""The tournaments' refusals, each an ``ApplicationError`` with its status and code."""

from __future__ import annotations

from durak_platform.errors import ApplicationError, Conflict, Forbidden, NotFound


class InvalidTournament(ApplicationError):
    """400: the tournament's settings do not fit together."""

    status = 400
    code = "invalid_tournament"


class TournamentNotFound(NotFound):
    def __init__(self, tournament_id: object) -> None:
        super().__init__(f"There is no tournament {tournament_id}.")


class NotOrganiser(Forbidden):
    code = "not_organiser"

    def __init__(self) -> None:
        super().__init__("Only the tournament's organiser may do that.")


class RegistrationClosed(Conflict):
    code = "registration_closed"

    def __init__(self) -> None:
        super().__init__("Registration for this tournament is closed.")


class TournamentFull(Conflict):
    code = "tournament_full"

    def __init__(self, seats: int) -> None:
        super().__init__(f"All {seats} places are taken.")


class AlreadyEntered(Conflict):
    code = "already_entered"

    def __init__(self) -> None:
        super().__init__("You are already entered in this tournament.")


class InsufficientFunds(Conflict):
    code = "insufficient_funds"

    def __init__(self, balance: int, needed: int) -> None:
        super().__init__(f"This needs {needed} coins; your wallet holds {balance}.", balance=balance, needed=needed)


class TooFewEntrants(Conflict):
    code = "too_few_entrants"

    def __init__(self, needed: int = 2, entered: int = 0) -> None:
        super().__init__(f"This tournament needs at least {needed} entrants to start; {entered} entered.",
                         needed=needed, entered=entered)


class NotEntered(Conflict):
    code = "not_entered"

    def __init__(self) -> None:
        super().__init__("You are not entered in this tournament.")


class NotStaff(Forbidden):
    code = "not_staff"

    def __init__(self) -> None:
        super().__init__("Only the platform's staff may do that.")


class AlreadyOver(Conflict):
    code = "tournament_over"

    def __init__(self) -> None:
        super().__init__("The tournament is over: its prizes are paid or it was cancelled.")


class NotRunning(Conflict):
    code = "not_running"

    def __init__(self) -> None:
        super().__init__("The tournament is not running.")
