"""The challenges' refusals, each with the contract's status and code."""

from __future__ import annotations

from core.errors import ApplicationError, Conflict, Forbidden, NotFound


class InvalidChallenge(ApplicationError, status=400, code="invalid_challenge"):
    """400: a challenge to yourself, to nobody known, or with rules no table can have."""


class ChallengeClosed(Conflict, code="challenge_closed"):
    def __init__(self, status: str) -> None:
        super().__init__(f"The challenge is {status}: it can no longer be answered.", challenge_status=status)


class NotChallenged(Forbidden, code="not_challenged"):
    """403: an answer to a challenge made to someone else."""


class ChallengeNotFound(NotFound):
    def __init__(self, challenge_id: object) -> None:
        super().__init__(f"There is no challenge {challenge_id}.")
