"""A token's device, user and player read in one plain statement (``accounts.token_rows``)
are the instances the ORM's ``select_related`` gives: every field, converted alike."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts import devices
from accounts.models import Device, Player
from accounts.token_rows import device_with_owner
from tests.harness.clients import member_create


def _fields(instance: object) -> dict[str, object]:
    return {field.attname: getattr(instance, field.attname) for field in type(instance)._meta.concrete_fields}  # type: ignore[attr-defined]


@pytest.mark.django_db
def test_the_device_its_user_and_player_are_what_the_orm_reads() -> None:
    player, _token = member_create("Ёлка")
    device, key = devices.device_create(user=player.user, name="Pixel 8")
    orm = Device.objects.select_related("user", "user__player").get(pk=device.pk)
    with CaptureQueriesContext(connection) as queries:
        read = device_with_owner(devices._digest(key))
        assert read is not None
        assert _fields(read) == _fields(orm)
        assert _fields(read.user) == _fields(orm.user)
        assert _fields(read.user.player) == _fields(orm.user.player)
    assert len(queries) == 1  # the user and player came with the device


@pytest.mark.django_db
def test_a_user_without_a_player_reads_as_the_orm_says_and_an_unknown_digest_as_none() -> None:
    user = get_user_model().objects.create_user(username="staff-only", password="pw-staff-only-1")
    device, key = devices.device_create(user=user)
    read = device_with_owner(devices._digest(key))
    assert read is not None and read.user.pk == user.pk
    with CaptureQueriesContext(connection) as queries, pytest.raises(Player.DoesNotExist):
        read.user.player  # noqa: B018
    assert len(queries) == 0  # known absent, as select_related leaves it
    assert device_with_owner(devices._digest(key + "x")) is None
