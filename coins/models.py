"""The coin ledger: accounts, the movements of coins between them, and their postings.

The ledger is double-entry: every movement of coins is a ``Movement`` of ``Posting``s
that sum to zero, each on an ``Account`` (a player's wallet, a tournament's pool, the
organiser's held guarantee, the house, or the issuer that welcome coins and staff grants
come from). A balance is the sum of an account's postings, never a stored counter, so
the sum over every account is always zero and any balance can be traced. Movements and
postings are only ever added; each movement's ``key`` is unique, so a payout or a
refund run twice pays once.

The tables were the tournaments app's (``tournaments_account``, ``tournaments_transfer``,
``tournaments_posting``) and keep their names: the models moved, no row did. A tournament
is named by a lazy reference, so this app imports nothing of tournaments.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.models import Player
from core.append_only import AppendOnly, AppendOnlyError


class Account(models.Model):
    """Where coins can be: one row per wallet, pool, held guarantee, the house, the issuer."""

    class Kind(models.TextChoices):
        WALLET = "wallet", _("кошелёк")
        POOL = "pool", _("призовой фонд")
        HOLD = "hold", _("удержанная гарантия")
        HOUSE = "house", _("доход площадки")
        ISSUER = "issuer", _("эмиссия")
        # A player's welcome coins: they pay entry fees only, never an added prize or a
        # guarantee, and a prize paid for them comes back as welcome coins (coins.ledger).
        WELCOME = "welcome", _("приветственные монеты")

    kind = models.CharField(_("вид"), max_length=8, choices=Kind.choices)
    player = models.ForeignKey(Player, verbose_name=_("игрок"), null=True, blank=True, on_delete=models.PROTECT,
                               related_name="coin_accounts")
    tournament = models.ForeignKey("tournaments.Tournament", verbose_name=_("турнир"), null=True, blank=True,
                                   on_delete=models.PROTECT, related_name="accounts")

    class Meta:
        db_table = "tournaments_account"
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "kind"], condition=models.Q(tournament__isnull=False),
                                    name="account_once_per_tournament"),
            models.UniqueConstraint(fields=["kind"], condition=models.Q(kind__in=["house", "issuer"]),
                                    name="account_one_house_one_issuer"),
            models.UniqueConstraint(fields=["player", "kind"], condition=models.Q(player__isnull=False),
                                    name="account_once_per_player"),
            models.CheckConstraint(
                condition=(models.Q(kind__in=["wallet", "welcome"], player__isnull=False, tournament__isnull=True)
                           | models.Q(kind__in=["pool", "hold"], player__isnull=True, tournament__isnull=False)
                           | models.Q(kind__in=["house", "issuer"], player__isnull=True, tournament__isnull=True)),
                name="account_owner_fits_kind",
            ),
        ]
        verbose_name = _("счёт")
        verbose_name_plural = _("счета")

    def __str__(self) -> str:
        owner = self.player_id or self.tournament_id or ""
        return f"{self.get_kind_display()} {owner}".strip()


class LedgerIsAppendOnly(AppendOnlyError):
    """Raised on any attempt to change or delete a movement or a posting."""


class Movement(AppendOnly):
    """One movement of coins: its postings sum to zero."""

    class Kind(models.TextChoices):
        WELCOME = "welcome", _("приветственные монеты")
        GRANT = "grant", _("начисление")
        ENTRY_FEE = "entry_fee", _("взнос")
        ADDED_PRIZE = "prize_funding", _("в призовой фонд")
        GUARANTEE = "guarantee", _("гарантия удержана")
        OVERLAY = "overlay", _("доплата до гарантии")
        RELEASE = "release", _("гарантия возвращена")
        RAKE = "rake", _("доля площадки")
        REFUND = "refund", _("возврат")
        PRIZE = "prize", _("выигрыш")

    kind = models.CharField(_("вид"), max_length=16, choices=Kind.choices)
    # What makes this movement once-only (e.g. "prize:7:42"): a retry finds it and stops.
    key = models.CharField(_("ключ"), max_length=120, unique=True)
    tournament = models.ForeignKey("tournaments.Tournament", verbose_name=_("турнир"), null=True, blank=True,
                                   on_delete=models.PROTECT, related_name="coin_movements")
    note = models.CharField(_("заметка"), max_length=200, blank=True, default="")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("кто"), null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(_("время"), auto_now_add=True)

    refusal = LedgerIsAppendOnly

    class Meta:
        db_table = "tournaments_transfer"
        ordering = ["id"]
        verbose_name = _("перевод")
        verbose_name_plural = _("переводы")

    def __str__(self) -> str:
        return gettext("%(kind)s №%(id)s") % {"kind": self.get_kind_display(), "id": self.pk}


class Posting(AppendOnly):
    """One side of a movement: coins into (positive) or out of (negative) an account."""

    movement = models.ForeignKey(Movement, verbose_name=_("перевод"), on_delete=models.PROTECT, related_name="postings",
                                 db_column="transfer_id")
    account = models.ForeignKey(Account, verbose_name=_("счёт"), on_delete=models.PROTECT, related_name="postings")
    amount = models.BigIntegerField(_("сумма"))

    refusal = LedgerIsAppendOnly

    class Meta:
        db_table = "tournaments_posting"
        ordering = ["id"]
        constraints = [models.CheckConstraint(condition=~models.Q(amount=0), name="posting_moves_coins")]
        verbose_name = _("проводка")
        verbose_name_plural = _("проводки")

    def __str__(self) -> str:
        return f"{self.account}: {self.amount:+d}"
