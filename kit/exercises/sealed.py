"""The texts of a multiple-choice item's options, sealed so that they do not tell the right one.

Each option has a text: why a wrong option misunderstands (said at once) and why the right one
is right (said with the ✔). Stored plainly in the registry students receive, the texts would
give the answer away — the right option's text says so, and a wrong one's often states the
right value. So each is sealed with a key that only the stretched fingerprint of that option's
letter opens: a check computes that fingerprint anyway to judge the letter, so it opens the text
of the option chosen and no other. Every sealed text has the same length within an item.

The cipher is a keystream of sha256 blocks (standard library only, as in JupyterLite), keyed
by HMAC-sha256 of the letter's fingerprint; the texts of both languages travel together.
"""

from __future__ import annotations

import hashlib
import hmac
import json

_PURPOSE = b"kit-exercises/why/1"
BLOCK = 64  # sealed texts are padded to a multiple of this many bytes


def _keystream(fingerprint: str, size: int) -> bytes:
    key = hmac.new(bytes.fromhex(fingerprint), _PURPOSE, hashlib.sha256).digest()
    blocks = (hashlib.sha256(key + index.to_bytes(4, "big")).digest() for index in range(size))
    return b"".join(blocks)[:size]


def sealed_size(texts: list[dict[str, str]]) -> int:
    """The common length of an item's sealed texts: the longest, padded to a block."""
    longest = max((len(_plain(each)) for each in texts), default=0)
    return -(-longest // BLOCK) * BLOCK or BLOCK


def _plain(texts: dict[str, str]) -> bytes:
    return json.dumps(texts, ensure_ascii=False, sort_keys=True).encode("utf-8")


def seal(fingerprint: str, texts: dict[str, str], size: int) -> str:
    """{language: text} sealed under the fingerprint of its option's letter, as hex."""
    plain = _plain(texts).ljust(size, b" ")
    return bytes(a ^ b for a, b in zip(plain, _keystream(fingerprint, size), strict=True)).hex()


def unseal(fingerprint: str, sealed: str) -> dict[str, str]:
    """The texts sealed under `fingerprint` ({} when it is not that option's fingerprint)."""
    data = bytes.fromhex(sealed)
    plain = bytes(a ^ b for a, b in zip(data, _keystream(fingerprint, len(data)), strict=True))
    try:
        texts = json.loads(plain.decode("utf-8"))
    except ValueError:
        return {}
    if not isinstance(texts, dict) or not all(isinstance(v, str) for v in texts.values()):
        return {}
    return texts
