"""The migration that brings in ``StreamHead.wakes`` marks the head of every player who
already has a push subscription (making the head when there is none), and no other."""

from __future__ import annotations

import pytest

from tests.migrations.moves import latest, migrate_to

BEFORE = [("push", "0001_initial"), ("stream", "0001_initial")]
AFTER = [("push", "0002_heads_that_wake")]


@pytest.mark.django_db(transaction=True)
def test_subscribed_players_heads_wake() -> None:
    old = migrate_to(BEFORE)
    User = old.get_model("auth", "User")
    Player = old.get_model("accounts", "Player")
    Subscription = old.get_model("push", "PushSubscription")
    Head = old.get_model("stream", "StreamHead")
    players = [Player.objects.create(user=User.objects.create(username=f"p{n}"), name=f"p{n}", name_key=f"p{n}").pk
               for n in range(3)]
    with_head, without_head, unsubscribed = players
    Head.objects.create(player_id=with_head, last_number=5)
    Head.objects.create(player_id=unsubscribed, last_number=2)
    for n, player in enumerate([with_head, without_head, without_head]):
        Subscription.objects.create(player_id=player, endpoint=f"https://push.example/{n}", p256dh="k", auth="a")

    new = migrate_to(AFTER)
    heads = {h.player_id: h for h in new.get_model("stream", "StreamHead").objects.all()}
    assert heads[with_head].wakes and heads[with_head].last_number == 5
    assert heads[without_head].wakes and heads[without_head].last_number == 0
    assert not heads[unsubscribed].wakes
    migrate_to(latest())  # every app at its latest again
