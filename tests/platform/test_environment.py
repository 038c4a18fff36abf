"""The settings' one helper for the environment (``durak_platform.settings.environment``):
django-environ, with a value taken as written and lists without stray spaces."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from durak_platform.settings.environment import env


def test_a_value_beginning_with_a_dollar_is_taken_as_written(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DURAK_TEST_OTHER", "not this")
    monkeypatch.setenv("DURAK_TEST_SECRET", "$DURAK_TEST_OTHER")
    monkeypatch.setenv("DURAK_TEST_ESCAPED", "a\\$b$")
    assert env.str("DURAK_TEST_SECRET") == "$DURAK_TEST_OTHER"
    assert env.str("DURAK_TEST_ESCAPED") == "a\\$b$"


def test_lists_drop_spaces_and_empty_items_and_defaults_stand(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DURAK_TEST_LIST", " a.example , b.example,, ")
    assert env.list("DURAK_TEST_LIST") == ["a.example", "b.example"]
    monkeypatch.delenv("DURAK_TEST_NONE", raising=False)
    assert env.list("DURAK_TEST_NONE", default=["x"]) == ["x"]
    assert env.float("DURAK_TEST_NONE", default=30.0) == 30.0 and env.bool("DURAK_TEST_NONE", default=True)
    with pytest.raises(ImproperlyConfigured, match="DURAK_TEST_NONE"):
        env.str("DURAK_TEST_NONE")
