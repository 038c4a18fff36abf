"""Staff give a player coins (a prize won elsewhere, a correction), once per key:
``python manage.py grant_coins --staff boss --player "Иван" --amount 250 --key league-7``.
The ledger records who granted them; running it again with the same key moves nothing."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from accounts.models import Player
from coins import ledger, services
from core.errors import ApplicationError


class Command(BaseCommand):
    help = "Grant coins to a player's wallet from the issuer, once per key (staff only)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--staff", required=True, help="the staff user's username (recorded as who granted)")
        parser.add_argument("--player", required=True, help="the player's name or id")
        parser.add_argument("--amount", required=True, type=int, help="coins, a positive whole number")
        parser.add_argument("--key", required=True, help="what makes the grant once-only, e.g. league-prize-7")
        parser.add_argument("--note", default="", help="a note kept with the grant")

    def handle(self, *args: Any, **options: Any) -> None:
        staff = get_user_model().objects.filter(username=options["staff"]).first()
        if staff is None:
            raise CommandError(f"No user {options['staff']!r}.")
        who = str(options["player"])
        player = (Player.objects.filter(pk=int(who)).first() if who.isdecimal()
                  else Player.objects.filter(name=who).first())
        if player is None:
            raise CommandError(f"No player {who!r}.")
        if options["amount"] <= 0:
            raise CommandError("The amount is a positive number of coins.")
        try:
            moved = services.wallet_grant(player=player, amount=options["amount"], by=staff, key=options["key"],
                                          note=options["note"])
        except ApplicationError as error:
            raise CommandError(error.message) from error
        said = "granted" if moved else "already granted with this key: nothing moved"
        self.stdout.write(f"{said}; {player.name} holds {ledger.wallet_balance(player.pk)} coins")
