"""The AsyncAPI 3 document at /api/asyncapi.yaml, validated by the AsyncAPI project's own
parser under node (``npm ci`` in tests/asyncapi installs it: .ci/run does)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from django.test import Client

from stream.serializers import EVENT_SERIALIZERS
from tests.stream.checks import FIELDS

HERE = Path(__file__).parent
PARSER = HERE / "node_modules" / "@asyncapi" / "parser"


@pytest.fixture
def document(client: Client) -> str:
    answer = client.get("/api/asyncapi.yaml")
    assert answer.status_code == 200 and answer["Content-Type"].startswith("application/yaml")
    return answer.content.decode()


@pytest.mark.skipif(shutil.which("node") is None or not PARSER.exists(),
                    reason="node and `npm ci` in tests/asyncapi (installed by .ci/run)")
def test_the_document_is_valid_asyncapi_3(document: str) -> None:
    ran = subprocess.run(["node", str(HERE / "validate.mjs")], input=document, capture_output=True, text=True,
                         cwd=HERE, timeout=120, check=False)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    result = json.loads(ran.stdout)
    assert result["version"] == "3.0.0"
    assert set(result["channels"]) == {"/ws/games/{gameId}/", "/ws/players/me/", "/api/v1/stream/"}


def test_every_stream_event_is_described_with_its_fields(document: str) -> None:
    schemas = yaml.safe_load(document)["components"]["schemas"]
    described = {}
    for ref in schemas["StreamEvent"]["oneOf"]:
        own = schemas[ref["$ref"].rsplit("/", 1)[1]]["allOf"][1]
        described[own["properties"]["type"]["const"]] = set(own["required"]) - {"type"}
    assert described == FIELDS
    assert len(EVENT_SERIALIZERS) == len(FIELDS)
