"""Staff grant coins from the command line (the README's promise): once per key, recorded
with who granted them; anyone but staff is refused."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from coins import ledger
from coins.models import Movement
from tests.harness.clients import member_create


@pytest.mark.django_db
def test_a_grant_moves_coins_once_per_key_and_only_for_staff() -> None:
    member, _ = member_create("Маша")
    boss = get_user_model().objects.create_user("boss", is_staff=True)
    get_user_model().objects.create_user("clerk")
    said = io.StringIO()
    call_command("grant_coins", "--staff", "boss", "--player", "Маша", "--amount", "250", "--key", "league-7",
                 stdout=said)
    assert said.getvalue().startswith("granted") and ledger.wallet_balance(member.pk) == 250
    call_command("grant_coins", "--staff", "boss", "--player", str(member.pk), "--amount", "250", "--key", "league-7",
                 stdout=said)
    assert ledger.wallet_balance(member.pk) == 250  # the same key: nothing moved
    assert Movement.objects.get(key="grant:league-7").by_id == boss.pk
    with pytest.raises(CommandError, match="staff"):
        call_command("grant_coins", "--staff", "clerk", "--player", "Маша", "--amount", "5", "--key", "x")
    assert ledger.total_sum() == 0 and ledger.unbalanced_movements() == []
