"""Rows that are facts: once written, never changed or deleted (the game's event log, the
coin ledger, tournaments' staff actions). A model takes ``AppendOnly`` and names its
refusal (``refusal``, an ``AppendOnlyError`` of its own); the manager it inherits comes
from ``AppendOnlyQuerySet``, so bulk updates and deletes are refused as well."""

from __future__ import annotations

from typing import Any, ClassVar, NoReturn

from django.db import models


class AppendOnlyError(Exception):
    """Raised on any attempt to change or delete an append-only row."""


class AppendOnlyQuerySet(models.QuerySet[Any]):
    def update(self, **kwargs: Any) -> NoReturn:
        raise self.model.refusal(f"{self.model._meta.verbose_name_plural} are never changed.")

    def delete(self) -> NoReturn:  # type: ignore[override]
        raise self.model.refusal(f"{self.model._meta.verbose_name_plural} are never deleted.")


class AppendOnly(models.Model):
    refusal: ClassVar[type[AppendOnlyError]] = AppendOnlyError
    # Inherited by every append-only model (an abstract model's manager is).
    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise self.refusal(f"{self._meta.verbose_name} is never changed once written.")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:  # type: ignore[override]
        raise self.refusal(f"{self._meta.verbose_name} is never deleted.")
