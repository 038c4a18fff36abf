"""The engine's two refusals: a malformed action and an action not allowed now."""

from __future__ import annotations


class EngineError(Exception):
    """An action the engine refuses; ``code`` is stable, ``message`` is for a person."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class InvalidAction(EngineError):
    """The action is malformed: unknown type, a card that does not exist, a bad field."""


class IllegalAction(EngineError):
    """The action is well formed but the rules do not allow it from this seat now."""
