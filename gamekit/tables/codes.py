"""Seat and host codes: short, unguessable, typed by students; only their hashes are stored.

A code is drawn with :mod:`secrets` from Crockford's base-32 alphabet (no I, L, O or U, so it reads
aloud and types without confusion) and shown in groups of five: a seat code has 10 characters (50
bits), a host code 15 (75 bits), the classroom server's teacher key 20 (100 bits; never stored, see
:mod:`gamekit.tables.serve`).  What is typed is normalised first (case, spaces and dashes
ignored; O read as 0, I and L as 1), then hashed with SHA-256; the store keeps only the hash, so
a copy of the database does not give the codes away.  (A plain hash suffices: the codes are
random, not passwords a person chose, so there is no dictionary to try.)
"""
from __future__ import annotations

import hashlib
import secrets

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


def code_hash(text: object) -> str | None:
    """The stored hash of a code as typed (None when it is not a well-formed code)."""
    raw = normalize(text)
    return None if raw is None else hashlib.sha256(raw.encode("ascii")).hexdigest()


def kind_of(text: object) -> str | None:
    """'seat', 'host' or 'teacher' by the code's length, None for a malformed code."""
    raw = normalize(text)
    return None if raw is None else KINDS[len(raw)]
