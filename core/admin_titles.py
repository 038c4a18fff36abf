"""Admin page titles that read as Russian: Django builds «Изменить %(verbose_name)s» and
«Выберите %(verbose_name)s для изменения» from the nominative, which gives «Изменить
партия» for a feminine noun. A model's admin names its pages itself instead: «Партия №12»,
«Партии»."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.admin.utils import unquote
from django.http import HttpRequest, HttpResponse


class TitledAdmin(admin.ModelAdmin):
    """``list_title``, ``add_title`` and ``object_title(obj)`` replace Django's titles."""

    list_title: Any = ""
    add_title: Any = ""

    def object_title(self, obj: Any) -> str:
        return str(obj)

    def object_subtitle(self, obj: Any) -> str | None:
        return None

    def changelist_view(self, request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
        if self.list_title:
            extra_context = {"title": self.list_title, **(extra_context or {})}
        return super().changelist_view(request, extra_context)

    def add_view(self, request: HttpRequest, form_url: str = "",
                 extra_context: dict[str, Any] | None = None) -> HttpResponse:
        if self.add_title:
            extra_context = {"title": self.add_title, **(extra_context or {})}
        return super().add_view(request, form_url, extra_context)

    def change_view(self, request: HttpRequest, object_id: str, form_url: str = "",
                    extra_context: dict[str, Any] | None = None) -> HttpResponse:
        obj = self.get_object(request, unquote(object_id))
        if obj is not None:
            extra_context = {"title": self.object_title(obj), "subtitle": self.object_subtitle(obj),
                             **(extra_context or {})}
        return super().change_view(request, object_id, form_url, extra_context)
