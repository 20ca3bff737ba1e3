"""Answers are stored as salted, stretched fingerprints, so guessing them costs time.

A fingerprint is sha256 over the format version, the entry's salt, the exercise id and the
canonical text of an answer, then sha256 again `work` times over. A student's check costs one
such chain (about 0.15 s in CPython here, roughly twice that in the browser's Pyodide); someone
trying every candidate answer pays the same for each one, and the salt means no table of
fingerprints can be computed ahead for all exercises at once.

Why chained sha256 and not `hashlib.pbkdf2_hmac` or `scrypt`: the kit must check answers in
JupyterLite too, whose Pyodide has no OpenSSL and so neither function, while `hashlib.sha256`
works everywhere. A tiny answer space (a die face, a multiple-choice item) stays guessable at
any cost: secrecy is for answers a student would otherwise have to work out.
"""

from __future__ import annotations

import hashlib
import secrets

FORMAT = 2
WORK = 500_000  # sha256 rounds per fingerprint: about 0.15 s here (bench/bench_exercises.py)
_VERSION = f"kit-exercises/{FORMAT}"


def new_salt() -> str:
    """A fresh random salt, 16 bytes as hex."""
    return secrets.token_hex(16)


def stretched(exercise_id: str, salt: str, canonical_text: str, work: int = WORK) -> str:
    """The hex fingerprint of one canonical answer: `work` rounds of sha256 after the first."""
    sha256 = hashlib.sha256
    digest = sha256(f"{_VERSION}\n{salt}\n{exercise_id}\n{canonical_text}".encode()).digest()
    for _ in range(work):
        digest = sha256(digest).digest()
    return digest.hex()
