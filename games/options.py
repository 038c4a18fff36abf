"""A table's options, chosen when the game is created and never changed after: the move
timer and the time bank, the reconnect window, the spectators' delay, whether hints are
offered and whether the game is rated.

They are the game's own fields (``Game.move_timer`` and the rest): live play reads them
to run the clocks, and reads of the game read them with the row.

Hints and rating depend on who sits at the table (docs/api.md#table-options): hints are
on by default only for one person against computers, off at tables of people; a game is
rated by default when every seat is a person, never with a computer opponent, and never
where hints were offered (a hint is a computer's move).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from games.errors import InvalidActionError

TIMER_RANGE = (5, 600)
# The time bank (``games.banks``): seconds per person for the whole game, and seconds
# added back for each of their moves.
BANK_RANGE = (10, 7200)
INCREMENT_RANGE = (0, 60)
DELAY_RANGE = (0, 20)
RECONNECT_WINDOW = 60


@dataclass(frozen=True)
class TableOptions:
    # Seconds a person has for each move; None: no timer.
    move_timer: int | None = None
    # Actions spectators lag behind the table.
    spectator_delay: int = 0
    # None: the table's default (``for_table``).
    hints: bool | None = None
    # Whether the finished game moves its players' ratings; None: the table's default.
    rated: bool | None = None
    # Seconds a seat the computer took over stays its player's to take back.
    reconnect_window: int = RECONNECT_WINDOW
    # Seconds each person has for the whole game besides the move timer (None: no bank),
    # and seconds each of their moves adds back.
    time_bank: int | None = None
    time_increment: int = 0

    def for_table(self, *, players: int, computers: int) -> TableOptions:
        """The options at a table of ``players`` seats, ``computers`` of them computers,
        with every default filled in. A rated table with a computer opponent, or with
        hints, is refused (``InvalidActionError``) rather than quietly unrated; so is a
        time bank without a move timer (the bank only shortens the timer's deadline)."""
        if self.time_bank is not None and self.move_timer is None:
            raise InvalidActionError("A time bank runs beside the move timer: 'time_bank' needs 'timer'.",
                                     field="time_bank")
        if self.time_increment and self.time_bank is None:
            raise InvalidActionError("'time_increment' adds to the time bank: it needs 'time_bank'.",
                                     field="time_increment")
        hints = self.hints if self.hints is not None else computers == players - 1
        if self.rated and computers:
            raise InvalidActionError("A game against the computer is never rated: leave out 'rated' or make it false.")
        if self.rated and hints:
            raise InvalidActionError("A game with hints is never rated: 'rated': true needs 'hints': false.")
        rated = self.rated if self.rated is not None else not computers and not hints
        return replace(self, hints=hints, rated=rated)

    def fields(self) -> dict[str, object]:
        """The ``Game`` fields these options set (after ``for_table``: every default known)."""
        if self.hints is None or self.rated is None:
            raise ValueError("the table's defaults are not filled in: call for_table first.")
        return {"move_timer": self.move_timer, "spectator_delay": self.spectator_delay, "hints": self.hints,
                "rated": self.rated, "reconnect_window": self.reconnect_window, "time_bank": self.time_bank,
                "time_increment": self.time_increment}
