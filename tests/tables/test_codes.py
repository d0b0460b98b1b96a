"""Seat and host codes: random, well-formed, forgiving to type, stored only as hashes."""
from __future__ import annotations

import hashlib
import hmac

from gamekit.tables import codes


def test_codes_are_grouped_random_and_from_the_unambiguous_alphabet():
    seat = {codes.new_code(codes.SEAT_LENGTH) for _ in range(200)}
    assert len(seat) == 200
    for code in seat:
        groups = code.split("-")
        assert [len(g) for g in groups] == [5, 5] and set("".join(groups)) <= set(codes.ALPHABET)
    assert not set("ILOU") & set(codes.ALPHABET) and len(codes.ALPHABET) == 32  # 5 bits a character
    host = codes.new_code(codes.HOST_LENGTH)
    assert [len(g) for g in host.split("-")] == [5, 5, 5]
    assert codes.kind_of(host) == "host" and codes.kind_of(next(iter(seat))) == "seat"
    teacher = codes.new_code(codes.TEACHER_LENGTH)
    assert [len(g) for g in teacher.split("-")] == [5, 5, 5, 5] and codes.kind_of(teacher) == "teacher"


KEY = b"k" * 32


def test_a_code_typed_loosely_hashes_like_the_code_with_a_keyed_hash():
    code = "7KQ0M-X1P4T"
    expected = hmac.new(KEY, b"7KQ0MX1P4T", hashlib.sha256).hexdigest()
    for typed in ("7KQ0M-X1P4T", "7kq0m x1p4t", "7KQOMXIP4T", " 7kqom-xlp4t\n", "7KQ0MX1P4T"):
        assert codes.code_hash(typed, KEY) == expected, typed
    assert codes.code_hash(code, KEY) != codes.code_hash("7KQ0M-X1P4V", KEY)
    assert codes.code_hash(code, KEY) != codes.code_hash(code, b"o" * 32)  # another key, another hash
    assert codes.code_hash(code, KEY) != codes.legacy_hash(code) == hashlib.sha256(b"7KQ0MX1P4T").hexdigest()


def test_malformed_codes_have_no_hash():
    for bad in (None, 7, b"7KQ0MX1P4T", "", "7KQ0M", "7KQ0MX1P4TU", "7KQ0M!X1P4", "A" * 65, "ÄKQ0MX1P4T"):
        assert codes.code_hash(bad, KEY) is None and codes.kind_of(bad) is None


def test_the_secret_key_lives_outside_the_database_readable_by_its_owner_only(tmp_path, monkeypatch):
    monkeypatch.delenv(codes.SECRET_ENV, raising=False)
    key = codes.store_secret(tmp_path)
    assert len(key) == 32 and codes.store_secret(tmp_path) == key
    assert (tmp_path / codes.SECRET_FILE).stat().st_mode & 0o777 == 0o600
    monkeypatch.setenv(codes.SECRET_ENV, "ab" * 32)
    assert codes.store_secret(tmp_path) == b"\xab" * 32
