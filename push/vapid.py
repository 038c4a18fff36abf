"""The server's VAPID key (RFC 8292): made once, kept in the database (``VapidKey``)."""

from __future__ import annotations

import base64

from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    NoEncryption,
    PrivateFormat,
    PublicFormat,
    load_pem_private_key,
)
from py_vapid import Vapid02

from push.models import VapidKey


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _made() -> VapidKey:
    private = ec.generate_private_key(ec.SECP256R1())
    pem = private.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()).decode()
    public = _b64url(private.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint))
    return VapidKey(id=1, private_pem=pem, public_key=public)


def key() -> VapidKey:
    """The key pair, made on the first call; two processes making it at once keep one."""
    found = VapidKey.objects.filter(id=1).first()
    if found is None:
        VapidKey.objects.bulk_create([_made()], ignore_conflicts=True)
        found = VapidKey.objects.get(id=1)
    return found


def signer() -> Vapid02:
    """py-vapid's signer over the kept private key."""
    private = load_pem_private_key(key().private_pem.encode(), password=None)
    assert isinstance(private, ec.EllipticCurvePrivateKey)
    return Vapid02(private_key=private)
