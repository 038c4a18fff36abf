"""Records whole games played through the platform's REST API, for the page's fold tests.

    .venv/bin/python tests/js/record.py              # rewrites tests/js/fixtures/
    .venv/bin/python tests/js/record.py --out DIR --quick

Django's test settings on a fresh SQLite file in a temporary folder; every move goes
through ``rest_framework.test.APIClient`` as a page would send it. People's seats play a
seeded random legal action; computer seats play on the server. Each viewpoint (every
person's seat, and a spectator) keeps what the page would get:

- ``opened``: the viewer's view once everyone is seated, with the events it fetched then
  (``GET /api/v1/games/{id}/events/?after=0``);
- ``events``: every event as that viewer fetched them, ``?after=<the last seq it saw>``
  after each move, in seq order;
- ``views``: the viewer's ``GET /api/v1/games/{id}/`` at several seqs, the end included.

tests/js/fold.test.mjs folds ``events`` through static/durak/fold.js and compares the
result with ``views``; tests/js/test_recorded_streams.py records afresh and runs it, so
the fixtures cannot drift from the server unnoticed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
# Enough views to catch a fold that drifts, few enough to keep fixtures small.
VIEWS_KEPT = 14
MOVES_AT_MOST = 2000


@dataclass(frozen=True)
class Recording:
    name: str
    rules: dict[str, Any]
    people: int  # seats played through the API by people; the creator is one of them
    computers: list[str] = field(default_factory=list)
    seed: int = 1
    # Events the table is there for ("attack_transferred:shown"): games are played again,
    # with the next seed, until one holds them.
    wants: frozenset[str] = frozenset()


TABLES = [
    Recording("podkidnoy-2-person-vs-novice", {"variant": "podkidnoy", "players": 2, "deck": 36}, 1, ["novice"], 11),
    Recording("perevodnoy-2-people", {"variant": "perevodnoy", "players": 2, "deck": 36}, 2, [], 12),
    Recording("podkidnoy-4-two-people-two-computers", {"variant": "podkidnoy", "players": 4, "deck": 36}, 2,
          ["novice", "experienced"], 13),
    Recording("perevodnoy-4-person-vs-computers", {"variant": "perevodnoy", "players": 4, "deck": 36}, 1,
          ["novice", "experienced", "novice"], 14),
    # Rules the page does not create but opens from a link: a shown trump («проездной»)
    # and hands passed round the table («круглый дурак»).
    Recording("perevodnoy-3-proezdnoy", {"variant": "perevodnoy", "players": 3, "deck": 36, "proezdnoy": True}, 2,
          ["novice"], 15, frozenset({"attack_transferred:shown"})),
    Recording("podkidnoy-3-hands-passed", {"variant": "podkidnoy", "players": 3, "deck": 36, "pass_hands": True}, 1,
          ["novice", "novice"], 16, frozenset({"hands_passed"})),
]
TRIES = 20
QUICK = [TABLES[0], TABLES[2]]


def setup_django(folder: Path) -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "durak_platform.settings.test"
    os.environ["DATABASE_URL"] = f"sqlite:///{folder / 'record.sqlite3'}"
    for name in ("CELERY_BROKER_URL", "REDIS_URL", "DJANGO_CHANNEL_LAYER"):
        os.environ.pop(name, None)  # computer moves run in-process, right after each move
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command
    from django.test.utils import setup_test_environment

    setup_test_environment()  # APIClient's "testserver" host is allowed
    call_command("migrate", verbosity=0, interactive=False)


class Viewer:
    """One client of the API: a guest, and what it has fetched so far."""

    def __init__(self, label: str) -> None:
        from rest_framework.test import APIClient

        self.label = label
        self.client = APIClient()
        token = self.call("POST", "/api/v1/auth/guest/", {}, expect=201)["token"]
        self.client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        self.seat: int | None = None
        self.opened: dict[str, Any] | None = None
        self.events: list[dict[str, Any]] = []
        self.views: list[dict[str, Any]] = []

    def call(self, method: str, path: str, body: dict[str, Any] | None = None, expect: int = 200) -> Any:
        if method == "GET":
            response = self.client.get(path)
        else:
            response = self.client.post(path, body or {}, format="json")
        if response.status_code != expect:
            raise RuntimeError(f"{self.label}: {method} {path} -> {response.status_code} {response.content[:400]!r}")
        return response.json()

    def look(self, game_id: int) -> dict[str, Any]:
        """What a polling page does: new events after the last seq seen, then the view."""
        after = self.events[-1]["seq"] if self.events else 0
        fresh = self.call("GET", f"/api/v1/games/{game_id}/events/?after={after}")["events"]
        self.events.extend(fresh)
        view = self.call("GET", f"/api/v1/games/{game_id}/")
        if self.opened is None:
            self.opened = {"view": view, "events": [dict(e) for e in self.events]}
        if not self.views or self.views[-1]["seq"] != view["seq"]:
            self.views.append(view)
        return view


def kept(views: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Evenly spread views, always the first and the last."""
    if len(views) <= VIEWS_KEPT:
        return views
    step = (len(views) - 1) / (VIEWS_KEPT - 1)
    return [views[round(i * step)] for i in range(VIEWS_KEPT)]


def choose(rng: random.Random, actions: list[dict[str, Any]]) -> dict[str, Any]:
    """A random legal action, leaning to the rare ones (a transfer, a shown trump) so
    every kind of event turns up, and away from taking, which drags a game out."""
    shown = [a for a in actions if a["type"] == "transfer" and a.get("shown")]
    transfers = [a for a in actions if a["type"] == "transfer"]
    others = [a for a in actions if a["type"] != "take"]
    for group, chance in ((shown, 0.9), (transfers, 0.6), (others, 0.85)):
        if group and rng.random() < chance:
            return rng.choice(group)
    return rng.choice(actions)


def kinds(events: list[dict[str, Any]]) -> set[str]:
    """Event types, a shown transfer and a bout's two endings told apart."""
    found = set()
    for e in events:
        found.add(e["type"])
        if e["type"] == "attack_transferred" and e["shown"]:
            found.add("attack_transferred:shown")
        if e["type"] == "bout_ended":
            found.add("bout_ended:" + e["outcome"])
    return found


def play_for(table: Recording) -> dict[str, Any]:
    """A game of ``table`` holding the events it is there for."""
    for attempt in range(TRIES):
        game = play(table, table.seed + 1000 * attempt)
        if table.wants <= kinds(game["viewpoints"][0]["events"]):
            return game
    raise RuntimeError(f"{table.name}: no game of {TRIES} held {sorted(table.wants)}")


def play(table: Recording, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    people = [Viewer("seat 0")]
    creator = people[0]
    created = creator.call("POST", "/api/v1/games/", {
        "rules": table.rules, "opponents": [{"ai": level} for level in table.computers],
    }, expect=201)
    game_id = created["id"]
    creator.seat = created["you"]["seat"]
    for _ in range(table.people - 1):
        person = Viewer("joiner")
        person.seat = person.call("POST", f"/api/v1/games/{game_id}/join/")["you"]["seat"]
        person.label = f"seat {person.seat}"
        people.append(person)
    spectator = Viewer("spectator")
    viewers = [*people, spectator]
    for viewer in viewers:
        viewer.look(game_id)

    for _ in range(MOVES_AT_MOST):
        views = {p.seat: p.views[-1] for p in people}
        if any(view["status"] == "finished" for view in views.values()):
            break
        movers = [p for p in people if views[p.seat]["legal_actions"]]
        if not movers:
            raise RuntimeError(f"{table.name}: nobody can move at seq {views[0]['seq']}, and the game goes on")
        mover = rng.choice(movers)
        view = views[mover.seat]
        action = dict(choose(rng, view["legal_actions"]), expected_seq=view["seq"])
        mover.call("POST", f"/api/v1/games/{game_id}/actions/", action)
        for viewer in viewers:
            viewer.look(game_id)
    else:
        raise RuntimeError(f"{table.name}: no end after {MOVES_AT_MOST} moves")

    points = []
    for viewer in viewers:
        whole = viewer.call("GET", f"/api/v1/games/{game_id}/events/?after=0")["events"]
        if whole != viewer.events:
            raise RuntimeError(f"{table.name}, {viewer.label}: the events fetched piece by piece differ from ?after=0")
        assert viewer.opened is not None
        points.append({
            "viewer": viewer.label,
            "seat": viewer.seat,
            "opened": viewer.opened,
            "events": viewer.events,
            "views": kept(viewer.views),
        })
    return {
        "table": table.name,
        "rules": table.rules,
        "recorded_by": "tests/js/record.py",
        "last_seq": people[0].views[-1]["seq"],
        "viewpoints": points,
    }


def fixture_text(game: dict[str, Any]) -> str:
    """JSON with one event or view a line: small, and a re-recording diffs line by line."""
    def line(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    def listed(items: list[Any]) -> str:
        return "[\n    " + ",\n    ".join(line(item) for item in items) + "\n   ]"

    points = []
    for point in game["viewpoints"]:
        opened = point["opened"]
        points.append(
            "  {" + f'"viewer":{line(point["viewer"])},"seat":{line(point["seat"])},\n'
            + f'   "opened":{{"view":{line(opened["view"])},\n    "events":{listed(opened["events"])}}},\n'
            + f'   "events":{listed(point["events"])},\n'
            + f'   "views":{listed(point["views"])}}}'
        )
    head = {key: value for key, value in game.items() if key != "viewpoints"}
    return line(head)[:-1] + ',\n "viewpoints":[\n' + ",\n".join(points) + "\n ]}\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=FIXTURES, help="folder for the JSON files")
    parser.add_argument("--quick", action="store_true", help="two tables only (the pytest check)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="durak-record-") as folder:
        setup_django(Path(folder))
        args.out.mkdir(parents=True, exist_ok=True)
        for table in QUICK if args.quick else TABLES:
            game = play_for(table)
            path = args.out / f"{table.name}.json"
            path.write_text(fixture_text(game), encoding="utf-8")
            print(f"{path}: seq {game['last_seq']}, {len(game['viewpoints'])} viewpoints")


if __name__ == "__main__":
    main()
