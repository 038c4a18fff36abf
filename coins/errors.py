"""The coins' refusals."""

from __future__ import annotations

from core.errors import Conflict


class InsufficientFunds(Conflict, code="insufficient_funds"):
    def __init__(self, balance: int, needed: int) -> None:
        super().__init__(f"This needs {needed} coins; your wallet holds {balance}.", balance=balance, needed=needed)
