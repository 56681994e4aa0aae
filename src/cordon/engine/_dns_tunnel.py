"""DNS tunnelling: a host-name label that looks like carried data (``egress.dns_tunnel``).

Features from Farnham & Atlasis, "Detecting DNS Tunneling" (SANS, 2013): a label over 40
characters, a hex label of 16+ characters, a label of 12+ characters that decodes from base64
or base32 to printable text, a long mixed letter-and-digit label of high Shannon entropy.
Pure: no DNS look-up.
"""

from __future__ import annotations

import base64
import binascii
import collections
import math
import re

__all__ = ["tunnel_label"]

_PRINTABLE_RE = re.compile(rb"[\x20-\x7e\t\r\n]")


def _printable_text(raw: bytes) -> bool:
    return len(raw) >= 8 and len(_PRINTABLE_RE.findall(raw)) >= 0.9 * len(raw)


def _entropy(label: str) -> float:
    n = len(label)
    return -sum(c / n * math.log2(c / n) for c in collections.Counter(label).values())


def tunnel_label(label: str) -> str | None:
    """Why ``label`` (original case) looks like carried data, or None."""
    n = len(label)
    if n > 40:
        return "a label over 40 characters"
    if n < 12 or label.lower().startswith("xn--"):
        return None
    if n >= 16 and n % 2 == 0 and re.fullmatch(r"[0-9a-fA-F]+", label):
        return "a hex-encoded label"
    if re.fullmatch(r"[A-Za-z0-9_-]+", label):
        body = label + "=" * (-n % 4)
        try:
            if n % 4 != 1 and _printable_text(base64.urlsafe_b64decode(body)):
                return "a base64-encoded label"
        except (binascii.Error, ValueError):
            pass
    if re.fullmatch(r"[A-Za-z2-7]+", label):
        try:
            if _printable_text(base64.b32decode(label.upper() + "=" * (-n % 8))):
                return "a base32-encoded label"
        except (binascii.Error, ValueError):
            pass
    if (
        n >= 20
        and "-" not in label
        and re.search(r"\d.*\d", label)
        and re.search(r"[A-Za-z]", label)
    ):
        h = _entropy(label)
        if h >= 3.5 or (n >= 32 and h >= 4.0):
            return "a high-entropy label"
    return None
