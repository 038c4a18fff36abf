"""The schema is the truth (CONTRACT.md, "Apps on phones"): clients generated from the
schema the server serves are used as an app developer would use them.

- openapi-python-client generates a Python client during the run; with it a guest plays a
  whole game against a computer, two members enter a small tournament and play it to the
  end, a player's archive and wallet ledger are paged through, and one member challenges
  another, who accepts, and both play the private game to its end. Every answer is parsed into the generated
  models, and no model anywhere in an answer keeps a field in ``additional_properties``
  (the fallback for fields the schema does not name).
- openapi-typescript generates TypeScript types, and ``clients/typescript/example.ts`` must
  compile against them under ``tsc --noEmit`` (strict).
"""

from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.harness.clients import MEMBER_PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
TYPESCRIPT = ROOT / "clients" / "typescript"
PACKAGE = "durak_api_client"


def _schema(live_server: Any) -> dict[str, Any]:
    answer = httpx.get(f"{live_server.url}/api/schema/?format=json", timeout=30)
    assert answer.status_code == 200
    schema: dict[str, Any] = answer.json()
    return schema


@pytest.fixture(scope="module")
def api(live_server: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The generated package, imported (its modules are dropped again afterwards): made
    once for the module's tests, as the schema does not change between them."""
    tmp_path = tmp_path_factory.mktemp("generated")
    (tmp_path / "schema.json").write_text(json.dumps(_schema(live_server)))
    generator = Path(sys.executable).with_name("openapi-python-client")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ.get('PATH', '')}"}
    done = subprocess.run([str(generator), "generate", "--path", str(tmp_path / "schema.json"), "--meta", "none",
                           "--output-path", str(tmp_path / PACKAGE)], capture_output=True, text=True, env=env,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Warning" not in done.stdout + done.stderr, done.stdout + done.stderr  # nothing skipped
    sys.path.insert(0, str(tmp_path))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(tmp_path))
        for name in [name for name in sys.modules if name == PACKAGE or name.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def _module(api: Any, path: str) -> Any:
    return importlib.import_module(f"{PACKAGE}.{path}")


def typed(value: Any, where: str = "answer") -> Any:
    """``value`` checked all the way down: every object is a generated model with nothing
    in ``additional_properties``; no bare dict where the schema names fields."""
    if isinstance(value, list):
        for index, item in enumerate(value):
            typed(item, f"{where}[{index}]")
        return value
    assert not isinstance(value, dict), f"{where} is an untyped dict: {value}"
    if hasattr(value, "additional_properties"):
        assert value.additional_properties == {}, f"{where} ({type(value).__name__}) has unnamed fields: " \
                                                  f"{value.additional_properties}"
        for name in value.__attrs_attrs__:
            if name.name != "additional_properties":
                typed(getattr(value, name.name), f"{where}.{name.name}")
    return value


def ok(answer: Any, model: Any) -> Any:
    assert isinstance(answer, model), f"expected {model.__name__}, got {answer!r}"
    return typed(answer)


def _client(api: Any, live_server: Any, token: str) -> Any:
    return api.AuthenticatedClient(base_url=live_server.url, token=token, prefix="Token", raise_on_unexpected_status=True,
                                   timeout=httpx.Timeout(60))


def _guest(api: Any, live_server: Any) -> Any:
    anonymous = api.Client(base_url=live_server.url, raise_on_unexpected_status=True)
    made = _module(api, "api.auth.guest_create").sync(client=anonymous)
    made = ok(made, _module(api, "models").DeviceTokenPlayer)
    return _client(api, live_server, made.token), made.player


def _member(api: Any, live_server: Any, name: str) -> Any:
    models = _module(api, "models")
    anonymous = api.Client(base_url=live_server.url, raise_on_unexpected_status=True)
    made = _module(api, "api.auth.player_register").sync(client=anonymous,
                                                  body=models.Register(username=name, password=MEMBER_PASSWORD))
    made = ok(made, models.DeviceTokenPlayer)
    client = _client(api, live_server, made.token)
    ok(_module(api, "api.wallet.wallet_welcome").sync(client=client), models.Wallet)
    return client, made.player


def _move(api: Any, client: Any, view: Any) -> Any:
    """The first legal action of ``view``, played at its seq: the caller's new view (or
    None when the game moved on meanwhile: a computer's move)."""
    models = _module(api, "models")
    action = view.legal_actions[0].to_dict()
    body = models.ActionInput.from_dict({**action, "expected_seq": view.seq})
    answer = _module(api, "api.games.action_play").sync(view.id, client=client, body=body)
    if isinstance(answer, models.ApiError):
        assert answer.error.code == "stale_seq" and isinstance(answer.error.seq, int), answer
        return None
    return ok(answer, models.GameView)


def _play_out(api: Any, players: list[Any], game_id: int, limit: int = 3000) -> Any:
    """Every seated client moves when it may until the game is over; the last view."""
    models = _module(api, "models")
    view_of = _module(api, "api.games.games_view")
    for _ in range(limit):
        views = [ok(view_of.sync(game_id, client=client), models.GameView) for client in players]
        if views[0].status == models.GameStatus.FINISHED:
            return views[0]
        for client, view in zip(players, views, strict=True):
            if view.legal_actions:
                _move(api, client, view)
                break
    raise AssertionError(f"game {game_id} did not finish in {limit} moves")


def test_a_generated_python_client_plays_a_game_a_tournament_and_pages_the_archive(api: Any, live_server: Any) -> None:
    models = _module(api, "models")

    # A whole game against a computer, events read as typed events.
    me, player = _guest(api, live_server)
    body = models.GameCreateInput.from_dict({"rules": {"players": 2, "deck": 24}, "opponents": [{"ai": "novice"}]})
    view = ok(_module(api, "api.games.game_create").sync(client=me, body=body), models.GameView)
    assert view.you.seat == 0 and isinstance(view.status, models.GameStatus)
    finished = _play_out(api, [me], view.id)
    assert isinstance(finished.result, models.GameResult)
    events = ok(_module(api, "api.games.game_events").sync(view.id, client=me, after=0), models.EventList)
    kinds = {type(event).__name__ for event in events.events}
    assert {"GameStartedEvent", "CardsDealtEvent", "AttackPlayedEvent", "GameFinishedEvent"} <= kinds, kinds
    started = events.events[0]
    assert isinstance(started, models.GameStartedEvent) and isinstance(started.rules, models.Rules)
    assert started.rules.deck == 24 and isinstance(started.deck_size, int)

    # A small tournament: two members enter, the last entry starts it, they play it out.
    alice, alice_player = _member(api, live_server, "Алиса клиент")
    bob, _ = _member(api, live_server, "Борис клиент")
    terms = models.TournamentCreateInput.from_dict({"name": "Кубок клиента", "format": "elimination",
                                                    "rules": {"players": 2, "deck": 24}, "entry_fee": 10,
                                                    "min_entrants": 2, "max_entrants": 2, "payouts": [100]})
    tournament = ok(_module(api, "api.tournaments.tournament_create").sync(client=alice, body=terms), models.Tournament)
    assert isinstance(tournament.format_, models.TournamentFormat) and isinstance(tournament.pool, models.Pool)
    join = _module(api, "api.tournaments.tournament_join")
    for entrant in (alice, bob):
        joined = join.sync(tournament.id, client=entrant, body=models.JoinInput())
        ok(joined, models.Tournament)
    detail = _module(api, "api.tournaments.tournament_detail")
    for _ in range(20):  # a final that ends in a draw is played again
        shown = ok(detail.sync(tournament.id, client=alice), models.Tournament)
        if shown.status == models.TournamentStatus.FINISHED:
            break
        open_tables = [table for rnd in shown.rounds for table in rnd.tables if table.status != models.GameStatus.FINISHED]
        assert open_tables, shown
        _play_out(api, [alice, bob], open_tables[0].game)
    assert shown.status == models.TournamentStatus.FINISHED
    assert sorted(row.place for row in shown.standings) == [1, 2]
    assert sum(row.prize for row in shown.standings) == shown.pool.total == 20
    assert all(isinstance(row, models.Standing) for row in shown.standings)

    # The archive, a page at a time, every game once.
    archive = _module(api, "api.players.players_games_archive")
    seen: list[int] = []
    cursor: Any = api.types.UNSET
    while True:
        page = ok(archive.sync(alice_player.id, client=alice, limit=1, cursor=cursor), models.ArchivePage)
        seen += [game.game for game in page.games]
        if page.next_ is None:
            break
        cursor = page.next_
    assert len(seen) == len(set(seen)) >= 1
    assert all(isinstance(game, models.RecentGame) and isinstance(game.result, models.GameOutcome)
               for game in ok(archive.sync(alice_player.id, client=alice), models.ArchivePage).games)

    # The wallet's ledger, a page at a time (cursor pagination), every entry once, newest first.
    entries = _module(api, "api.wallet.wallet_entries")
    ledger: list[Any] = []
    cursor = api.types.UNSET
    while True:
        ledger_page = ok(entries.sync(client=alice, limit=1, cursor=cursor), models.WalletEntryPage)
        assert len(ledger_page.entries) <= 1
        ledger += ledger_page.entries
        if ledger_page.next_ is None:
            break
        cursor = ledger_page.next_
    ids = [entry.id for entry in ledger]
    won = any(row.player == alice_player.id and row.prize > 0 for row in shown.standings)
    # The welcome coins and the fee at least, and the prize if Alice won the final.
    assert len(ids) == len(set(ids)) >= (3 if won else 2) and ids == sorted(ids, reverse=True)
    assert all(isinstance(entry, models.WalletEntry) for entry in ledger)
    balance = ok(_module(api, "api.wallet.wallet").sync(client=alice), models.Wallet).balance
    assert sum(entry.amount for entry in ledger) == balance
    assert {"welcome", "entry_fee"} <= {entry.kind for entry in ledger}

    # The tournaments list, paged.
    tournaments = ok(_module(api, "api.tournaments.tournaments_list").sync(client=alice, limit=1),
                     models.TournamentPage)
    assert [t.id for t in tournaments.tournaments] == [tournament.id]
    assert isinstance(player.id, int)


def test_a_generated_python_client_challenges_another_member_and_both_play_it_out(api: Any,
                                                                                  live_server: Any) -> None:
    """A challenge made, seen by the one challenged, accepted (the game as the accepter's
    typed view) and played to the end by both; then the private game in both archives."""
    models = _module(api, "models")
    alice, alice_player = _member(api, live_server, "Алиса вызов")
    bob, bob_player = _member(api, live_server, "Борис вызов")
    body = models.ChallengeCreateInput.from_dict({"to": bob_player.id, "rules": {"deck": 24}, "hints": False})
    made = ok(_module(api, "api.challenges.challenges_create").sync(client=alice, body=body), models.Challenge)
    assert made.status == models.ChallengeStatusEnum.PENDING and made.from_ == alice_player.id
    assert made.to == bob_player.id and isinstance(made.rules, models.Rules) and made.rules.deck == 24
    assert isinstance(made.options, models.ChallengeOptions) and made.options.hints is False

    waiting = ok(_module(api, "api.challenges.challenges_list").sync(client=bob), models.ChallengeList)
    assert [c.id for c in waiting.incoming] == [made.id] and waiting.outgoing == []
    accepted = ok(_module(api, "api.challenges.challenges_accept").sync(made.id, client=bob), models.ChallengeAccepted)
    game = accepted.game
    assert isinstance(game, models.GameView) and game.you.seat == 1 and game.status == models.GameStatus.ACTIVE
    assert accepted.challenge.status == models.ChallengeStatusEnum.ACCEPTED and accepted.challenge.game == game.id
    assert [seat.player for seat in game.seats] == [alice_player.id, bob_player.id]
    shown = ok(_module(api, "api.challenges.challenges_view").sync(made.id, client=alice), models.Challenge)
    assert shown.game == game.id

    finished = _play_out(api, [alice, bob], game.id)
    assert finished.status == models.GameStatus.FINISHED and isinstance(finished.result, models.GameResult)
    replay = ok(_module(api, "api.games.game_replay").sync(game.id, client=bob), models.Replay)
    assert replay.fairness.server_seed and isinstance(replay.events[0], models.GameStartedEvent)
    archive = _module(api, "api.players.players_games_archive")
    for client, player in ((alice, alice_player), (bob, bob_player)):
        page = ok(archive.sync(player.id, client=client), models.ArchivePage)
        assert [row.game for row in page.games] == [game.id] and page.next_ is None


def test_every_enum_and_model_has_a_name_a_generator_keeps(live_server: Any) -> None:
    schema = _schema(live_server)
    names = set(schema["components"]["schemas"])
    assert not names & {"Error", "Result", "TypeEnum", "StatusEnum", "NullEnum", "KindEnum", "FormatEnum"}
    assert not [name for name in names if name[-7:-4].isalnum() and name.endswith("Enum") and any(
        ch.isdigit() for ch in name)], names  # no hash-suffixed collision names
    assert schema["servers"]
    ids = [op["operationId"] for ops in schema["paths"].values() for op in ops.values()]
    assert len(ids) == len(set(ids)) and not [i for i in ids if i.endswith(("_retrieve", "_create_2"))], ids
    event = schema["components"]["schemas"]["GameEvent"]
    assert event["discriminator"]["propertyName"] == "type" and len(event["oneOf"]) >= 14
    detail = schema["components"]["schemas"]["ApiErrorDetail"]["properties"]
    assert {"seq", "retry_after", "field"} <= set(detail)
    integers = [node for node in _nodes(schema) if node.get("type") == "integer"]
    assert integers and all(node.get("format") == "int64" for node in integers)
    for path, ops in schema["paths"].items():
        for method, op in ops.items():
            for status, answer in op["responses"].items():
                body = answer.get("content", {}).get("application/json", {}).get("schema")
                if body is not None:
                    assert "$ref" in body or body.get("properties"), (method, path, status, body)


def _nodes(node: Any) -> Iterator[dict[str, Any]]:
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _nodes(value)
    elif isinstance(node, list):
        for value in node:
            yield from _nodes(value)


@pytest.mark.skipif(shutil.which("npm") is None, reason="needs node and npm")
def test_typescript_types_from_the_schema_compile_a_client_example(live_server: Any) -> None:
    if not (TYPESCRIPT / "node_modules" / ".bin" / "tsc").exists():
        installed = subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=TYPESCRIPT, capture_output=True,
                                   text=True, timeout=600, check=False)
        assert installed.returncode == 0, installed.stdout + installed.stderr
    (TYPESCRIPT / "schema.json").write_text(json.dumps(_schema(live_server)))
    for script in ("types", "check"):
        done = subprocess.run(["npm", "run", "--silent", script], cwd=TYPESCRIPT, capture_output=True, text=True,
                              timeout=300, check=False)
        assert done.returncode == 0, f"npm run {script}:\n{done.stdout}{done.stderr}"
