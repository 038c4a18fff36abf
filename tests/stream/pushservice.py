"""A Web Push service on loopback for the tests: a real HTTP endpoint that checks the VAPID
JWT's ES256 signature against the key the request names (RFC 8292), decrypts the body with
the subscription's private key and auth secret (RFC 8291, aes128gcm) and keeps what it
read. A path under ``/gone/`` answers 410, as a push service does for an unsubscribed
device."""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Device:
    """A browser's side of a subscription: its ECDH key pair and auth secret."""

    private: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    def keys(self) -> dict[str, str]:
        point = self.private.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        return {"p256dh": b64url(point), "auth": b64url(self.auth)}


class Refused(Exception):
    pass


def vapid_checked(header: str, origin: str) -> dict[str, Any]:
    """The claims of a valid ``vapid t=<jwt>, k=<key>`` header for ``origin``."""
    scheme, _, params = header.partition(" ")
    if scheme.lower() != "vapid":
        raise Refused(f"not a vapid authorization: {header!r}")
    parts = dict(p.strip().split("=", 1) for p in params.split(","))
    token, key = parts["t"], parts["k"]
    head, body, signature = token.split(".")
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(key))
    raw = unb64url(signature)
    if len(raw) != 64:
        raise Refused("an ES256 signature is 64 bytes")
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    try:
        public.verify(der, f"{head}.{body}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature as error:
        raise Refused("bad VAPID signature") from error
    if json.loads(unb64url(head)).get("alg") != "ES256":
        raise Refused("alg must be ES256")
    claims: dict[str, Any] = json.loads(unb64url(body))
    if claims.get("aud") != origin or not claims.get("sub") or claims.get("exp", 0) < time.time():
        raise Refused(f"bad claims {claims}")
    return {**claims, "k": key}


class PushService:
    def __init__(self) -> None:
        self.devices: dict[str, Device] = {}
        self.received: list[dict[str, Any]] = []
        self.refused: list[str] = []
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> PushService:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()

    def subscription(self, name: str, *, gone: bool = False) -> dict[str, Any]:
        """A new device's subscription, as a browser's ``PushSubscription.toJSON()``."""
        device = Device()
        path = f"/{'gone' if gone else 'push'}/{name}"
        self.devices[path] = device
        return {"endpoint": self.origin + path, "keys": device.keys()}

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802  (http.server's name)
                length = int(self.headers.get("Content-Length", "0"))
                body = self.rfile.read(length)
                try:
                    device = service.devices[self.path]
                    claims = vapid_checked(self.headers.get("Authorization", ""), service.origin)
                    if self.headers.get("Content-Encoding") != "aes128gcm":
                        raise Refused("Content-Encoding must be aes128gcm")
                    plain = http_ece.decrypt(body, private_key=device.private, auth_secret=device.auth,
                                             version="aes128gcm")
                except (Refused, KeyError, ValueError) as error:
                    service.refused.append(repr(error))
                    self.send_response(400)
                    self.end_headers()
                    return
                service.received.append({"path": self.path, "event": json.loads(plain), "claims": claims,
                                         "ttl": self.headers.get("TTL"), "topic": self.headers.get("Topic"),
                                         "urgency": self.headers.get("Urgency")})
                self.send_response(410 if self.path.startswith("/gone/") else 201)
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:
                pass

        return Handler
