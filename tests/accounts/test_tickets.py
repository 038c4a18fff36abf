"""Websocket tickets (``accounts.tickets``), and token lookups that stay one query."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.test import RequestFactory
from rest_framework.request import Request
from rest_framework.test import APIClient

from accounts.authentication import PlayerTokenAuthentication
from accounts.devices import device_for_token
from accounts.services import guest_create
from accounts.tickets import TICKET_TTL, ticket_issue, ticket_redeem, user_for_token


def test_a_ticket_needs_a_signed_in_caller(db: None) -> None:
    response = APIClient().post("/api/v1/auth/ticket/")
    assert response.status_code == 401 and response.json()["error"]["code"] == "not_authenticated"


def test_a_ticket_is_good_once(db: None) -> None:
    player, token = guest_create()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    body = client.post("/api/v1/auth/ticket/").json()
    assert body["expires_in"] == TICKET_TTL == 60 and len(body["ticket"]) >= 32
    assert ticket_redeem(body["ticket"]) == player.user
    assert ticket_redeem(body["ticket"]) is None
    assert ticket_redeem("made-up") is None


def test_a_ticket_expires(db: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """For real, in whichever cache runs (locmem, or Redis in the scaled mode): a ticket
    made to last a second is gone after it."""
    from accounts import tickets

    player, token = guest_create()
    monkeypatch.setattr(tickets, "TICKET_TTL", 1)
    device = device_for_token(token)
    assert device is not None
    ticket = ticket_issue(user_id=player.user.pk, device_id=device.pk)
    kept = ticket_issue(user_id=player.user.pk, device_id=device.pk)
    assert ticket_redeem(kept) == player.user
    time.sleep(1.3)
    assert ticket_redeem(ticket) is None


def test_a_sessions_ticket(db: None, django_user_model: Any) -> None:
    user = django_user_model.objects.create_user(username="sasha", password="kozyrnaya-dama")
    client = APIClient(enforce_csrf_checks=False)
    client.force_login(user)
    ticket = client.post("/api/v1/auth/ticket/").json()["ticket"]
    assert ticket_redeem(ticket) == user
    user.is_active = False
    user.save()
    assert ticket_redeem(ticket_issue(user_id=user.pk, device_id=None)) is None


def test_token_lookups_are_one_query(db: None, django_assert_num_queries: Any) -> None:
    player, token = guest_create()
    request = Request(RequestFactory().get("/", HTTP_AUTHORIZATION=f"Token {token}"))
    with django_assert_num_queries(1):
        user, _ = PlayerTokenAuthentication().authenticate(request)  # type: ignore[misc]
        assert user.player.name == player.name  # the player came along
    with django_assert_num_queries(1):  # the socket's ?token=
        assert user_for_token(token).player.name == player.name
    ticket = ticket_issue(user_id=player.user.pk, device_id=user_for_token(token).devices.get().pk)
    with django_assert_num_queries(1):  # the socket's ?ticket=
        assert ticket_redeem(ticket).player.name == player.name


def test_the_schema_names_the_ticket(db: None) -> None:
    schema = APIClient().get("/api/schema/?format=json").json()
    operation = schema["paths"]["/api/v1/auth/ticket/"]["post"]
    assert set(operation["responses"]["201"]["content"]["application/json"]["schema"]["$ref"].split("/")[-1:]) == {"Ticket"}
    ticket = schema["components"]["schemas"]["Ticket"]
    assert set(ticket["properties"]) == {"ticket", "expires_in"}
