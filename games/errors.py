"""The game's refusals, each with the contract's status and code."""

from __future__ import annotations

from core.errors import ApplicationError, Conflict, Forbidden, NotFound
from games.engine.errors import EngineError, IllegalAction


class InvalidActionError(ApplicationError, status=400, code="invalid_action"):
    """400: a malformed action (or rules, or opponents)."""


class IllegalActionError(ApplicationError, status=400, code="illegal_action"):
    """400: a well-formed action the rules do not allow from this seat now."""


def engine_refusal(error: EngineError) -> InvalidActionError | IllegalActionError:
    """The API's error for an engine's refusal (the one place they are mapped): a
    malformed action, rules or card is ``invalid_action``, a move the rules do not allow
    now ``illegal_action``; the engine's code rides along as ``reason``."""
    if isinstance(error, IllegalAction):
        return IllegalActionError(error.message, reason=error.code)
    return InvalidActionError(error.message, reason=error.code)


class StaleSeq(Conflict, code="stale_seq"):
    """409: the move named a seq that is no longer the game's last one."""

    def __init__(self, seq: int) -> None:
        super().__init__(f"The game has moved on: its seq is {seq}.", seq=seq)


class GameNotFound(NotFound):
    def __init__(self, game_id: object) -> None:
        super().__init__(f"There is no game {game_id}.")


class NotAPlayer(Forbidden, code="not_a_player"):
    def __init__(self) -> None:
        super().__init__("You hold no seat in this game.")


class NotCreator(Forbidden, code="not_creator"):
    def __init__(self) -> None:
        super().__init__("Only the game's creator may do that.")


class HintsOff(Forbidden, code="hints_off"):
    def __init__(self) -> None:
        super().__init__("Hints are off at this table.")


class GameNotStarted(Conflict, code="game_not_started"):
    def __init__(self) -> None:
        super().__init__("The game is still waiting for players.")


class GameNotFinished(Conflict, code="game_not_finished"):
    def __init__(self) -> None:
        super().__init__("The replay opens once the game is finished.")


class NoOpenSeat(Conflict, code="no_open_seat"):
    def __init__(self) -> None:
        super().__init__("Every seat at this table is taken.")


class AlreadySeated(Conflict, code="already_seated"):
    def __init__(self) -> None:
        super().__init__("You already hold a seat in this game.")


class TableExpired(Conflict, code="table_expired"):
    def __init__(self) -> None:
        super().__init__("This table waited too long for players and is closed.")


class TooManyWaitingTables(Conflict, code="too_many_waiting_tables"):
    def __init__(self, limit: int) -> None:
        super().__init__(f"You already have {limit} tables waiting for players: start or wait out one first.",
                         limit=limit)


class SeatGivenUpError(Conflict, code="seat_given_up"):
    def __init__(self) -> None:
        super().__init__("You left this game: the computer plays your seat now.")


class GameOver(Conflict, code="game_finished"):
    def __init__(self) -> None:
        super().__init__("The game is over.")
