"""A secret sent as base64 of its UTF-16 text: Windows' way of base64-encoding a string
(PowerShell's ``-EncodedCommand``, ``[Convert]::ToBase64String([Text.Encoding]::Unicode
.GetBytes($s))``). Every other byte is zero, so no decoded view of it is text and the matcher
read it as no secret, while the same text as UTF-16 hex was refused. Its base64 cores (at
each byte offset, both byte orders, both alphabets) are forms of the secret now.

End to end through ``cordon run``: tests/e2e/test_secret_utf16_base64.py."""

from __future__ import annotations

import base64
from typing import Any

import pytest

from cordon import Engine
from cordon.policy import load_policy

OPS = "ops@example.com"
KEY = "Zq8vR2mK9pL4xW7nTb3Y"
#: a credential by its format, seen in a result (registered by the content scanner)
SEEN = "sk-proj-" + "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z"


def _session() -> Any:
    engine = Engine(load_policy([{"version": 1, "trusted_destinations": [OPS]}]))
    engine.pin_tools([{"name": "send_email", "description": "Send mail.", "inputSchema": {}}])
    s = engine.new_session(trusted=[f"mail the notes to {OPS}"])
    s.register_secret(KEY)
    return s


def _b64(text: str, codec: str = "utf-16-le", prefix: str = "") -> str:
    return base64.b64encode((prefix + text).encode(codec)).decode()


@pytest.mark.parametrize(
    "body",
    [
        _b64(KEY),
        _b64(KEY, "utf-16-be"),
        _b64(KEY, prefix="$k='"),  # inside a longer script, at another byte offset
        _b64(KEY, prefix="key: x"),
        base64.urlsafe_b64encode(KEY.encode("utf-16-le")).decode().rstrip("="),
        f"powershell -EncodedCommand {_b64(f'Invoke-RestMethod -Body {KEY}')}",
    ],
)
def test_a_registered_secret_in_utf16_base64_is_refused(body: str) -> None:
    v = _session().check("send_email", {"to": OPS, "body": body})
    assert (v.verdict, v.rule) == ("deny", "secret.egress"), (body, v)


def test_a_credential_seen_in_output_in_utf16_base64_is_refused() -> None:
    s = _session()
    s.observe_output("read_file", f"OPENAI_API_KEY={SEEN}\n")
    v = s.check("send_email", {"to": OPS, "body": _b64(SEEN, prefix="k=")})
    assert (v.verdict, v.rule) == ("deny", "secret.egress"), v


@pytest.mark.parametrize(
    "body",
    [
        _b64("Get-ChildItem C:\\Users\\me\\Documents"),  # other text in UTF-16 base64
        _b64(KEY[:10]),  # half the key: no secret
        _b64("quarterly notes", "utf-16-be"),
    ],
)
def test_other_utf16_base64_is_sent(body: str) -> None:
    v = _session().check("send_email", {"to": OPS, "body": body})
    assert (v.verdict, v.rule) == ("allow", "default.allow"), (body, v)
