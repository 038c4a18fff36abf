"""What other apps may listen for without the games app knowing them.

``game_finished`` is sent after the commit of the move that ended a game (``game_id``).
Receivers run in that request or task; the sender uses ``send_robust`` and logs what a
receiver raised, so a listener's failure never undoes or hides the move.
"""

from __future__ import annotations

from django.dispatch import Signal

game_finished = Signal()
