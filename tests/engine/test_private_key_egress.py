"""A private key seen in output may not leave: not whole, not its body without the BEGIN
line, not one base64 line of it (``secret.egress``, not approvable).

Before, only the block the content rule matched (BEGIN line and two base64 lines) was
registered, so a later line of the body sent to a new address was an approvable
``taint.unverified_destination`` ask, and to a trusted address it was allowed.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from tests.content.test_private_key_span import ed25519, rsa_2048

from cordon.engine import rules
from cordon.engine.core import Engine
from cordon.engine.secrets import SecretSet, key_parts
from cordon.engine.shared_secrets import find_shared, shared_keys

TRUSTED = "ops@trusted.example"
_TOOLS = ("read_file", "send_email", "fetch", "echo")


def _session() -> Any:
    policy = {"version": 1, "trusted_destinations": [TRUSTED]}
    engine = Engine.from_policy([policy], secrets=[])
    engine.pin_tools([{"name": t, "inputSchema": {"type": "object"}} for t in _TOOLS])
    return engine.new_session()


def _read(s: Any, key: str) -> None:
    s.observe_output(
        "read_file",
        {"content": [{"type": "text", "text": key + "\n"}]},
        arguments={"path": "/home/u/.ssh/id_rsa"},
    )


def _sends(key: str) -> dict[str, str]:
    lines = key.splitlines()
    body = "\n".join(lines[1:-1])
    return {
        "whole": key,
        "body": body,
        "body joined": body.replace("\n", ""),
        "a middle line": lines[len(lines) // 2],
        "a line in prose": f"here: {lines[2]} ok",
        "a line, json escaped": json.dumps("\n".join(lines[1:3])),
    }


@pytest.mark.parametrize("make", [rsa_2048, ed25519])
@pytest.mark.parametrize("to", ["new@elsewhere.example", TRUSTED])
def test_key_body_seen_in_output_is_refused_as_secret_egress(make: Any, to: str) -> None:
    key = make()
    s = _session()
    _read(s, key)
    for label, text in _sends(key).items():
        v = s.check("send_email", {"to": to, "body": text})
        assert (v.verdict, v.rule) == ("deny", rules.SECRET_EGRESS), (label, v)
        assert not any(line in v.reason for line in key.splitlines()[1:-1])


def test_short_last_line_and_headers_are_not_parts() -> None:
    key = rsa_2048()
    enc = key.replace(
        "KEY-----\n", "KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,0A1B2C\n\n", 1
    )
    lines = key.splitlines()[1:-1]
    body = "".join(lines)
    short = rsa_2048().splitlines()[-2][:20]  # a last line of 20 characters is no part
    assert key_parts(key) == [body, *lines]
    assert key_parts(key.replace(lines[-1], short)) == [body.replace(lines[-1], short), *lines[:-1]]
    assert key_parts(enc) == key_parts(key)
    assert key_parts("no key here: " + "A" * 80) == []


def test_parts_are_shared_across_processes() -> None:
    key = rsa_2048()

    class Store:
        keys: set[str] = set()

        def publish(self, keys: Any) -> None:
            self.keys |= set(keys)

        def present(self, keys: Any) -> set[str]:
            return self.keys & set(keys)

    store = Store()
    store.publish(shared_keys([key]))
    line = key.splitlines()[10]
    assert find_shared({"body": f"x {line} y"}, store) is not None


def test_unrelated_text_is_not_refused() -> None:
    secrets = SecretSet()
    secrets.add(rsa_2048(), origin="fs")
    assert secrets.locate({"body": ed25519()}) is None
    assert secrets.locate({"body": "hello " * 50}) is None
