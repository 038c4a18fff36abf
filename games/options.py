"""A table's options, chosen when the game is created and never changed after: the move
timer, the reconnect window, the spectators' delay and whether hints are offered.

They are the game's own fields (``Game.move_timer`` and the rest): live play reads them
to run the clocks, and reads of the game read them with the row.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.errors import InvalidActionError

TIMER_RANGE = (5, 600)
DELAY_RANGE = (0, 20)
RECONNECT_WINDOW = 60


@dataclass(frozen=True)
class TableOptions:
    # Seconds a person has for each move; None: no timer.
    move_timer: int | None = None
    # Actions spectators lag behind the table.
    spectator_delay: int = 0
    hints: bool = True
    # Seconds a seat the computer took over stays its player's to take back.
    reconnect_window: int = RECONNECT_WINDOW

    def fields(self) -> dict[str, object]:
        """The ``Game`` fields these options set."""
        return {"move_timer": self.move_timer, "spectator_delay": self.spectator_delay, "hints": self.hints,
                "reconnect_window": self.reconnect_window}


def _whole(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidActionError(f"'{name}' must be a whole number from {low} to {high}.")
    return value


def table_options_parse(body: dict[str, object]) -> TableOptions:
    """The options of a create request: ``timer`` (seconds per move, or null),
    ``spectator_delay`` (actions) and ``hints``. Checked before the game exists."""
    timer = body.get("timer")
    delay = body.get("spectator_delay", 0)
    hints = body.get("hints", True)
    if not isinstance(hints, bool):
        raise InvalidActionError("'hints' must be true or false.")
    return TableOptions(
        move_timer=None if timer is None else _whole("timer", timer, *TIMER_RANGE),
        spectator_delay=_whole("spectator_delay", delay, *DELAY_RANGE),
        hints=hints,
    )
