"""Password and PIN hashing with scrypt, a memory-hard KDF from the standard library.

Stored as "scrypt$n$r$p$salt$hash" so the cost can rise later without invalidating old hashes.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets

DEFAULT_N = 2**14
R = 8
P = 1
PIN_PATTERN = re.compile(r"^[0-9]{4,8}$")
MIN_PASSWORD_LENGTH = 10


def hash_secret(secret: str, n: int = DEFAULT_N) -> str:
    """Flashboard house rule (staff access): a password or PIN is stored only as a scrypt hash, with a fresh
    16-byte salt.

    >>> stored = hash_secret("2468", n=2**4)
    >>> stored.startswith("scrypt$16$8$1$"), stored == hash_secret("2468", n=2**4)
    (True, False)
    """
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(secret.encode(), salt=salt, n=n, r=R, p=P, maxmem=256 * 1024 * 1024, dklen=32)
    return "$".join(["scrypt", str(n), str(R), str(P), _b64(salt), _b64(digest)])


def verify_secret(secret: str, stored: str) -> bool:
    """Flashboard house rule (staff access): a constant-time check; a malformed stored hash never matches.

    >>> stored = hash_secret("2468", n=2**4)
    >>> verify_secret("2468", stored), verify_secret("1357", stored), verify_secret("2468", "md5$abc")
    (True, False, False)
    """
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        computed = hashlib.scrypt(
            secret.encode(), salt=_unb64(salt), n=int(n), r=int(r), p=int(p), maxmem=256 * 1024 * 1024, dklen=32
        )
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(computed, _unb64(digest))


def pin_problem(pin: str) -> str | None:
    """Flashboard house rule (staff access): a touchscreen PIN is 4 to 8 digits so it can be keyed on a
    numpad, and never one digit repeated.

    >>> pin_problem("2468") is None
    True
    >>> pin_problem("12a4"), pin_problem("1111")
    ('A PIN is 4 to 8 digits.', 'A PIN may not be one digit repeated.')
    """
    if not PIN_PATTERN.match(pin):
        return "A PIN is 4 to 8 digits."
    if len(set(pin)) == 1:
        return "A PIN may not be one digit repeated."
    return None


def password_problem(password: str) -> str | None:
    """Flashboard house rule (staff access): back-office passwords guard the whole organization's records,
    so they are long.

    >>> password_problem("correct horse") is None
    True
    >>> password_problem("short")
    'A password has at least 10 characters.'
    """
    if len(password) < MIN_PASSWORD_LENGTH:
        return f"A password has at least {MIN_PASSWORD_LENGTH} characters."
    if len(password) > 200:
        return "A password has at most 200 characters."
    return None


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode()


def _unb64(text: str) -> bytes:
    return base64.b64decode(text.encode(), validate=True)
