"""The input boundary every app shares: DRF serializers that read a body, a socket
message or a query string into typed values, and refuse anything else with the
contract's error shape.

An app's serializer subclasses ``InputSerializer`` and names its ``refusal`` (the error
class, hence the code: ``invalid_action`` for the games, ``invalid_tournament`` …);
``InputSerializer.parsed(data)`` gives the validated value or raises that error with
``"field"`` naming the first field at fault. Fields may also raise an
``ApplicationError`` themselves when the refusal carries more than a message (an
engine's reason).

The fields here are stricter than DRF's own, on purpose: JSON numbers are numbers (not
``"30"``, not ``true``), a number in a query string is ASCII digits only (``int()``
takes ``²``'s cousins such as ``٣``; ``str.isdigit`` takes ``²`` and ``①``, which ``int``
then refuses with a 500), dates must exist (``2027-02-30`` is a 400), and text never
holds a control character (a NUL cannot be stored and breaks logs).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any, ClassVar

from rest_framework import serializers

from core.converters import MAX_ID
from core.errors import ApplicationError, InvalidRequest

ASCII_DIGITS = re.compile(r"[0-9]+")


def control_character(text: str) -> str | None:
    """The first control, format, surrogate or unassigned character in ``text`` (a
    Unicode ``C*`` category: NUL, ESC, U+202E …), or None."""
    for char in text:
        if unicodedata.category(char).startswith("C"):
            return char
    return None


class WholeNumberField(serializers.IntegerField):
    """A whole number: a JSON integer (not a bool, a float or a string) in a body; ASCII
    digits in a query string (``query=True``). At most ``MAX_ID`` unless told."""

    default_error_messages = {"invalid": "must be a whole number."}

    def __init__(self, *, query: bool = False, **kwargs: Any) -> None:
        self.query = query
        kwargs.setdefault("max_value", MAX_ID)
        super().__init__(**kwargs)

    def to_internal_value(self, data: object) -> int:
        if self.query and isinstance(data, str) and ASCII_DIGITS.fullmatch(data.strip()):
            return int(data.strip())
        if isinstance(data, int) and not isinstance(data, bool) and not self.query:
            return data
        self.fail("invalid")
        raise AssertionError  # fail() raised


class FlagField(serializers.BooleanField):
    """true or false, as JSON says them (DRF's own also takes "yes", 1, "on" …)."""

    default_error_messages = {"invalid": "must be true or false."}

    def to_internal_value(self, data: object) -> bool:
        if isinstance(data, bool):
            return data
        self.fail("invalid")
        raise AssertionError


class TextField(serializers.CharField):
    """A string (not a number turned into one) without control characters."""

    default_error_messages = {"invalid": "must be a string.",
                              "control": "holds a control character (U+{code:04X})."}

    def to_internal_value(self, data: object) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        text = super().to_internal_value(data)
        char = control_character(text)
        if char is not None:
            self.fail("control", code=ord(char))
        return text


class MomentField(serializers.DateTimeField):
    """An ISO 8601 time that exists (``2027-02-30T10:00:00Z`` does not)."""

    default_error_messages = {"invalid": "must be an ISO 8601 time such as 2027-01-31T18:00:00Z.",
                              "date": "must be an ISO 8601 time such as 2027-01-31T18:00:00Z."}

    def to_internal_value(self, value: object) -> Any:
        if not isinstance(value, str) or control_character(value):
            self.fail("invalid")
        return super().to_internal_value(value)


def _first_fault(detail: Any, path: str = "") -> tuple[str, str]:
    """The dotted name and message of the first error in a DRF error tree."""
    if isinstance(detail, dict):
        key, value = next(iter(detail.items()))
        name = path if key == "non_field_errors" else (f"{path}.{key}" if path else str(key))
        return _first_fault(value, name)
    if isinstance(detail, list) and detail:
        for index, value in enumerate(detail):
            if value:  # a list serializer marks the items without errors with {}
                inner = f"{path}.{index}" if isinstance(value, (dict, list)) else path
                return _first_fault(value, inner)
    return path, str(detail)


class InputSerializer(serializers.Serializer):
    """A serializer that reads input into a typed value (``to_value``) or refuses it
    with ``refusal`` (and ``"field"``)."""

    refusal: ClassVar[type[ApplicationError]] = InvalidRequest
    # The message for a body that is not a JSON object at all.
    not_an_object: ClassVar[str] = "The body must be a JSON object."

    @classmethod
    def parsed(cls, data: object, **context: Any) -> Any:
        if not isinstance(data, dict):
            raise cls.refusal(cls.not_an_object, field="body")
        serializer = cls(data=data, context=context)
        if not serializer.is_valid():
            field, message = _first_fault(serializer.errors)
            if field:
                raise cls.refusal(f"'{field}' {message}" if message[:1].islower() else f"'{field}': {message}",
                                  field=field)
            raise cls.refusal(message, field="body")
        return serializer.to_value(serializer.validated_data)

    def to_value(self, data: dict[str, Any]) -> Any:
        """The typed value of the validated fields (default: the fields themselves)."""
        return data
