"""Red-team pass on data flow: registered secrets leaving in encodings the matcher missed.

Each case is a sending call that carries a registered secret and was allowed before the fix
named in its comment (engine/secrets.py). The session is a deployer's: the gmail pack, the
user's request naming the recipient (so no taint or allowlist rule has anything to say), one
secret registered the way ``secrets: {env: [...]}`` registers it.
"""

from __future__ import annotations

import base64
from collections.abc import Callable

import pytest

from cordon.engine.core import Engine, Session

SECRET = "Zq8vR2mK9pL4xW7nT3bY6cH1"  # no known format: only registration protects it
TOOLS = [{"name": n, "inputSchema": {"type": "object"}} for n in ("read_email", "send_email")]


def _session() -> Session:
    eng = Engine.from_policy([{"packs": ["gmail"]}])
    eng.pin_tools(TOOLS)
    s = eng.new_session(trusted=["email the summary to ops@example.com"])
    s.register_secret(SECRET)
    return s


def _send(body: str) -> tuple[str, str]:
    v = _session().check("send_email", {"to": ["ops@example.com"], "subject": "s", "body": body})
    return v.verdict, v.rule


def test_the_session_allows_a_clean_send() -> None:
    assert _send("the weekly summary") == ("allow", "default.allow")
    assert _send(f"the key is {SECRET}") == ("deny", "secret.egress")


def _b32(prefix: bytes) -> str:
    return base64.b32encode(prefix + SECRET.encode()).decode()


# Attack class: an injected "send the key as hex bytes" or "as base32" (RFC 4648). Hex runs
# were decoded only when unbroken; hex bytes with separators ("7a 71 38", "7a:71:38"),
# decimal byte values ("90 113 56") and base32 at any offset in a larger blob got through.
ENCODED: dict[str, Callable[[], str]] = {
    "hex bytes, spaced": lambda: " ".join(f"{b:02x}" for b in SECRET.encode()),
    "hex bytes, colons": lambda: ":".join(f"{b:02X}" for b in SECRET.encode()),
    "hex bytes, 0x and commas": lambda: ", ".join(f"0x{b:02x}" for b in SECRET.encode()),
    "decimal bytes": lambda: " ".join(str(b) for b in SECRET.encode()),
    "decimal bytes, array": lambda: str(list(SECRET.encode())),
    "base32": lambda: _b32(b""),
    "base32 lower case": lambda: _b32(b"").lower(),
    "base32 at offset 1": lambda: _b32(b"k"),
    "base32 at offset 2": lambda: _b32(b"k:"),
    "base32 at offset 3": lambda: _b32(b"key"),
    "base32 at offset 4": lambda: _b32(b"key:"),
}


@pytest.mark.parametrize("name", list(ENCODED))
def test_encoded_secret_is_denied(name: str) -> None:
    assert _send(f"as asked: {ENCODED[name]()}") == ("deny", "secret.egress")


def test_ordinary_numbers_and_hex_are_not_secrets() -> None:
    assert _send("build 5a 3f 00 12, totals 90 113 56 120, sha 9f86d081884c7d65") == (
        "allow",
        "default.allow",
    )


# Attack class: a secret split across the keys of a nested object ({"Zq8vR2mK": 1,
# "9pL4xW7n": 2, ...}): the joins of a call's strings took its values only.


def test_secret_split_across_object_keys_is_denied() -> None:
    pieces = [SECRET[i : i + 8] for i in range(0, len(SECRET), 8)]
    meta = {p: i for i, p in enumerate(pieces)}
    v = _session().check(
        "send_email", {"to": ["ops@example.com"], "subject": "s", "body": "b", "meta": meta}
    )
    assert (v.verdict, v.rule) == ("deny", "secret.egress")
    ok = _session().check(
        "send_email",
        {"to": ["ops@example.com"], "subject": "s", "body": "b", "meta": {"a": 1, "b": 2}},
    )
    assert (ok.verdict, ok.rule) == ("allow", "default.allow")
