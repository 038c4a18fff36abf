"""Records finished games' replays, with the server's own position at every seq, for the
replay viewer's tests (tests/js/steps.test.mjs).

    .venv/bin/python tests/js/record_replay.py       # rewrites tests/js/replays/

Django's test settings on a fresh SQLite file in a temporary folder (as record.py). The
people's seats play a seeded random legal action through the services; ``truth`` is, at
every seq, every hand, the table, the deck count and the discard count as the engine
rebuilds them from the stored events.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.js.record import setup_django  # noqa: E402

OUT = Path(__file__).resolve().parent / "replays"
TABLES = [
    ("perevodnoy-3-people", {"variant": "perevodnoy", "players": 3, "deck": 36}, 21),
    ("podkidnoy-2-people-24", {"variant": "podkidnoy", "players": 2, "deck": 24}, 22),
]


def record(rules: dict[str, Any], seed: int) -> dict[str, Any]:
    from accounts.services import guest_create
    from games import engine, selectors, services
    from games.models import Game

    rng = random.Random(seed)
    people = [guest_create()[0] for _ in range(rules["players"])]
    game = services.game_create(creator=people[0], rules=engine.Rules.from_dict(rules), client_seed=f"seed-{seed}").game
    for person in people[1:]:
        services.game_join(game_id=game.pk, player=person)
    for _ in range(2000):
        game = Game.objects.get(pk=game.pk)
        if game.status == Game.Status.FINISHED:
            break
        state = selectors.game_state(game)
        seat = engine.actors(state)[0]
        action = rng.choice(engine.legal_actions(state, seat))
        services.action_play(game_id=game.pk, player=people[seat], action=action, expected_seq=game.seq)
    replay = selectors.game_replay(game)
    truth = []
    state = None
    for event in replay["events"]:
        state = engine.apply(state, engine.event_from_dict(event))
        view = engine.view(state, None)
        truth.append({"seq": event["seq"], "hands": [engine.view(state, s)["you"]["hand"] for s in range(rules["players"])],
                      "table": view["table"], "deck_count": view["deck_count"], "discard_count": view["discard_count"],
                      "attacker": view["attacker"], "defender": view["defender"]})
    return {"replay": replay, "truth": truth}


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        setup_django(Path(folder))
        OUT.mkdir(exist_ok=True)
        for name, rules, seed in TABLES:
            (OUT / f"{name}.json").write_text(json.dumps(record(rules, seed), ensure_ascii=False) + "\n")
            print(name)


if __name__ == "__main__":
    main()
