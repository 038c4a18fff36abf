"""What knowing the hidden cards is worth to the master: a ceiling for better deal weighting.

```sh
.venv/bin/python benchmarks/oracle.py --sees hand|all [arena.py's arguments]
```

A diagnostic, not a level: ``arena.py`` runs with the master's deals replaced by the real
game. ``--sees all``: every deal it searches is the real one, the other hands and the stock
order too (its playouts then score each action by one tips game of the true deal). ``--sees
hand``: the others' real hands, the stock shuffled anew each deal (what perfect reading of
the others' moves could give at most). Recorded with ``--record`` and the same ``--seed`` and
``--master-work`` as a plain arena run, ``compare.py`` gives the ceiling's paired gain.

Podkidnoy against the experienced level, seeds 7 and 8, ``--master-work 4000``, 400 games
paired with the plain master (72.5%): ``--sees hand`` 72.0%, -0.5 points [-6.6, +5.6];
``--sees all`` 77.8%, +5.2 [-0.3, +10.8]. Perfect reading of the other hand bought nothing
measurable: the points the master misses lie elsewhere (its playouts' judgement, the
stock's order it cannot know).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from benchmarks import arena  # noqa: E402
from games.engine.ai import master  # noqa: E402
from games.engine.ai.observe import Observation  # noqa: E402
from games.engine.state import State  # noqa: E402

_real: list[State] = []  # the position the level now to move is choosing in


def _choose(state: State, seat: int, level: str, **options: Any) -> Any:
    _real[:] = [state]
    return _choose_action(state, seat, level, **options)


_choose_action = arena.choose_action


def real_deal(obs: Observation, rng: random.Random) -> State:
    """The real game, hidden cards and stock order included."""
    return _real[0].copy()


def real_hands(obs: Observation, rng: random.Random) -> State:
    """The real hands, the stock below the face-up trump shuffled."""
    state = _real[0].copy()
    if len(state.deck) - state.deck_pos > 2:
        stock = list(state.deck[state.deck_pos:-1])
        rng.shuffle(stock)
        state.deck = state.deck[:state.deck_pos] + tuple(stock) + state.deck[-1:]
    return state


def main() -> None:
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--sees", choices=("hand", "all"), required=True)
    known, rest = parser.parse_known_args()
    setattr(arena, "choose_action", _choose)  # noqa: B010
    setattr(master, "determinize", real_deal if known.sees == "all" else real_hands)  # noqa: B010
    arena.main(rest)


if __name__ == "__main__":
    main()
