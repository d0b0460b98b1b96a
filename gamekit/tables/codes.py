"""Seat and host codes: short, unguessable, typed by students; only their hashes are stored.

A code is drawn with :mod:`secrets` from Crockford's base-32 alphabet (no I, L, O or U, so it reads
aloud and types without confusion) and shown in groups of five: a seat code has 10 characters (50
bits), a host code 15 (75 bits), the classroom server's teacher key 20 (100 bits; never stored, see
:mod:`gamekit.tables.serve`).  What is typed is normalised first (case, spaces and dashes
ignored; O read as 0, I and L as 1), then hashed with HMAC-SHA256 under a secret key kept outside the
database (:func:`store_secret`): the store keeps only the keyed hash, so a copy of the database does not give
the codes away.  (An unkeyed hash would not do: a seat code has 50 random bits, and one GPU tries all 2^50
SHA-256 hashes in hours; without the key, a leaked hash gives nothing to try against.)  Stores written before
keyed hashes hold plain SHA-256 hashes (:func:`legacy_hash`): the store accepts such a code once and stores its
keyed hash in its place.
"""
from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
SEAT_LENGTH = 10
HOST_LENGTH = 15
TEACHER_LENGTH = 20
KINDS = {SEAT_LENGTH: "seat", HOST_LENGTH: "host", TEACHER_LENGTH: "teacher"}
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})
_ALLOWED = frozenset(ALPHABET)


def new_code(length: int) -> str:
    """A fresh random code of ``length`` characters, grouped by five with dashes."""
    raw = "".join(secrets.choice(ALPHABET) for _ in range(length))
    return "-".join(raw[i:i + 5] for i in range(0, length, 5))


def normalize(text: object) -> str | None:
    """The code's characters as stored before hashing, or None if ``text`` cannot be a code."""
    if not isinstance(text, str) or len(text) > 64:
        return None
    raw = "".join(ch for ch in text.upper() if ch not in " -_\t\n").translate(_READ_AS)
    if len(raw) not in KINDS or not set(raw) <= _ALLOWED:
        return None
    return raw


#: The environment variable that can hold the secret key (hex), e.g. for servers on several machines.
SECRET_ENV = "GIANTS_KIT_SECRET"
SECRET_FILE = "classroom.key"


def store_secret(home: Path) -> bytes:
    """The key the stores' code hashes are made with: ``$GIANTS_KIT_SECRET`` (hex), else the file ``classroom.key``
    in the kit's folder ``home`` (made with 32 random bytes, readable by its owner only, the first time).  Never
    in the database: a copy of the store without the key gives no code away."""
    text = os.environ.get(SECRET_ENV, "").strip()
    if text:
        try:
            key = bytes.fromhex(text)
        except ValueError:
            raise ValueError(f"${SECRET_ENV}: hex digits (e.g. from `python -c 'import secrets; "
                             "print(secrets.token_hex(32))'`)") from None
        if len(key) < 16:
            raise ValueError(f"${SECRET_ENV}: at least 16 bytes (32 hex digits)")
        return key
    path = Path(home) / SECRET_FILE
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as out:
            out.write(secrets.token_hex(32))
    return bytes.fromhex(path.read_text().strip())


def code_hash(text: object, secret: bytes) -> str | None:
    """The stored hash of a code as typed: HMAC-SHA256 under ``secret`` (None when it is not a well-formed code)."""
    raw = normalize(text)
    return None if raw is None else hmac.new(secret, raw.encode("ascii"), hashlib.sha256).hexdigest()


def legacy_hash(text: object) -> str | None:
    """The plain SHA-256 hash that stores written before keyed hashes hold (None when not a well-formed code)."""
    raw = normalize(text)
    return None if raw is None else hashlib.sha256(raw.encode("ascii")).hexdigest()


def kind_of(text: object) -> str | None:
    """'seat', 'host' or 'teacher' by the code's length, None for a malformed code."""
    raw = normalize(text)
    return None if raw is None else KINDS[len(raw)]
