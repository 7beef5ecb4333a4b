"""Secret seat and owner tokens: handed out once, stored only as hashes."""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_table_id() -> str:
    """Short and unguessable enough to share in a link; tokens, not ids, guard seats."""
    return secrets.token_hex(5)


def hash_token(token: str) -> str:
    """A leaked database must not let anyone sit at a table, so only digests are kept."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: object, digest: str | None) -> bool:
    if not isinstance(token, str) or digest is None:
        return False
    return hmac.compare_digest(hash_token(token), digest)
