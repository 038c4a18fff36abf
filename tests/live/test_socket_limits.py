"""One budget per player for actions, over REST and every socket; resume's own budget;
wrong socket credentials charge the client's address; tickets instead of tokens."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from accounts.devices import _digest
from accounts.models import Device, Player
from durak_platform.asgi import application
from tests.harness.clients import Client
from tests.live.sockets import SHORT, Socket, fresh_channel_layer, seated

pytestmark = pytest.mark.django_db(transaction=True)

@pytest.fixture(autouse=True)
def _fresh_layer() -> None:
    fresh_channel_layer()


def rates(settings: Any, **changed: str) -> None:
    """Throttle rates for one test (the limiter reads them on each charge)."""
    current = settings.REST_FRAMEWORK
    settings.REST_FRAMEWORK = {**current, "DEFAULT_THROTTLE_RATES": {**current["DEFAULT_THROTTLE_RATES"], **changed}}


async def test_actions_over_rest_and_two_sockets_share_one_limit(settings: Any) -> None:
    rates(settings, actions="5/min")
    table = await seated(rules=SHORT)
    alice: Player = table.people[0]
    rest = await database_sync_to_async(Client)((alice, table.tokens[0]))
    first, second = Socket(table.id, table.tokens[0]), Socket(table.id, table.tokens[0])
    seq = (await first.open())["view"]["seq"]
    await second.open()
    stale = {"type": "action", "action": "take", "expected_seq": seq - 1}

    async def over_rest() -> Any:
        return await database_sync_to_async(rest.act)(table.id, {"type": "take"}, seq - 1)

    async def over(socket: Socket) -> dict[str, Any]:
        await socket.send(stale)
        return (await socket.until("error"))["error"]

    answers = [(await over_rest()).status_code, (await over(first))["code"], (await over(second))["code"],
               (await over_rest()).status_code, (await over(first))["code"]]
    assert answers == [409, "stale_seq", "stale_seq", 409, "stale_seq"]  # five actions: the budget
    refused = [await over(second), await over(first)]
    assert [error["code"] for error in refused] == ["throttled", "throttled"]
    assert all(error["retry_after"] > 0 for error in refused)
    response = await over_rest()
    assert response.status_code == 429 and response.json()["error"]["code"] == "throttled"
    assert int(response["Retry-After"]) > 0
    await first.close()
    await second.close()


async def test_another_players_budget_is_their_own(settings: Any) -> None:
    rates(settings, actions="2/min")
    table = await seated(rules=SHORT)
    alice, bob = Socket(table.id, table.tokens[0]), Socket(table.id, table.tokens[1])
    seq = (await alice.open())["view"]["seq"]
    await bob.open()
    for _ in range(3):
        await alice.send({"type": "action", "action": "take", "expected_seq": seq - 1})
    codes = [(await alice.until("error"))["error"]["code"] for _ in range(3)]
    assert codes == ["stale_seq", "stale_seq", "throttled"]
    await bob.send({"type": "action", "action": "take", "expected_seq": seq - 1})
    assert (await bob.until("error"))["error"]["code"] == "stale_seq"
    await alice.close()
    await bob.close()


async def test_resume_spam_is_refused_and_the_socket_stays_usable(settings: Any) -> None:
    rates(settings, resume="3/min")
    table = await seated(rules=SHORT)
    alice = Socket(table.id, table.tokens[0])
    seq = (await alice.open())["view"]["seq"]
    for _ in range(3):
        await alice.send({"type": "resume", "after": 0})
        answer = await alice.next()
        assert answer["type"] in ("state", "event"), answer
        await alice.drain()
    await alice.send({"type": "resume", "after": 0})
    refused = await alice.next()
    assert refused["type"] == "error" and refused["error"]["code"] == "throttled"
    assert refused["error"]["retry_after"] > 0
    # Refused, not closed: the socket still plays (actions have their own budget).
    await alice.send({"type": "action", "action": "take", "expected_seq": seq - 1})
    assert (await alice.until("error"))["error"]["code"] == "stale_seq"
    # The budget is the player's, not the connection's: a new socket has none left either.
    again = Socket(table.id, table.tokens[0])
    await again.open()
    await again.send({"type": "resume", "after": 0})
    assert (await again.next())["error"]["code"] == "throttled"
    await alice.close()
    await again.close()


async def open_raw(path: str, client: tuple[str, int] = ("203.0.113.9", 50000),
                   headers: list[tuple[bytes, bytes]] | None = None) -> tuple[WebsocketCommunicator, dict[str, Any]]:
    comm = WebsocketCommunicator(application, path, headers=headers)
    comm.scope["client"] = client
    connected, _ = await comm.connect()
    assert connected
    return comm, await comm.receive_json_from(5)


async def test_wrong_tokens_on_the_socket_charge_the_address(settings: Any) -> None:
    rates(settings, auth="3/min")
    table = await seated(rules=SHORT)
    codes = []
    for n in range(4):
        # A new X-Forwarded-For each time changes nothing: no proxy is configured.
        comm, first = await open_raw(f"/ws/games/{table.id}/?token=wrong{n}",
                                     headers=[(b"x-forwarded-for", f"198.51.100.{n}".encode())])
        codes.append(first["error"]["code"])
        await comm.disconnect()
    assert codes == ["not_authenticated"] * 3 + ["throttled"]
    # Another address is not held back, and a right token from it gets in.
    comm, first = await open_raw(f"/ws/games/{table.id}/?token={table.tokens[0]}", client=("203.0.113.10", 1))
    assert first["type"] == "state"
    await comm.disconnect()


@database_sync_to_async
def ticket_for(token: str) -> Any:
    client = Client((Device.objects.get(key_digest=_digest(token)).user.player, token))
    return client.post("/api/v1/auth/ticket/")


async def test_a_ticket_opens_one_socket_once() -> None:
    table = await seated(rules=SHORT)
    response = await ticket_for(table.tokens[0])
    assert response.status_code == 201, response.content
    body = response.json()
    assert set(body) == {"ticket", "expires_in"} and body["expires_in"] == 60
    assert body["ticket"] != table.tokens[0]
    comm, first = await open_raw(f"/ws/games/{table.id}/?ticket={body['ticket']}")
    assert first["type"] == "state" and first["view"]["you"]["seat"] == 0
    await comm.disconnect()
    again, refused = await open_raw(f"/ws/games/{table.id}/?ticket={body['ticket']}")
    assert refused["error"]["code"] == "not_authenticated"
    await again.disconnect()


async def test_signing_out_voids_the_tokens_tickets() -> None:
    table = await seated(rules=SHORT)
    ticket = (await ticket_for(table.tokens[0])).json()["ticket"]
    await database_sync_to_async(Device.objects.filter(key_digest=_digest(table.tokens[0])).delete)()
    comm, refused = await open_raw(f"/ws/games/{table.id}/?ticket={ticket}")
    assert refused["error"]["code"] == "not_authenticated"
    await comm.disconnect()
