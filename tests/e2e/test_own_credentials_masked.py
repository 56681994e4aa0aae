"""cordon's own credentials masked in what a server sends, through the real ``cordon run``.

A credential cordon holds exactly (an environment credential of the server's entry, the
``X-Api-Key`` header it sends a remote server) and that a server echoes reaches the client
masked in the default ``warn`` mode, in a result and in a log notification, as is and in a
``/``-escaping encoder's spelling. The value has no known format, so no content rule
could have found it by its shape. The audit log records the masking and holds no copy.
``monitor`` delivers output as it came."""

from __future__ import annotations

import json
import random
import string

import pytest
from mcp import Client

from tests.conftest import ROOT, Harness, fs_server, text_of
from tests.e2e.test_remote_error_text import _Raw
from tests.e2e.test_remote_recovery import _port, _serve

pytestmark = [pytest.mark.e2e]

HOSTILE = ROOT / "tests" / "servers" / "hostile_http.py"
MASK = "[secret masked: a credential cordon holds]"
_RNG = random.SystemRandom()


def _token() -> str:
    # a ``/`` in it, as base64 keys have: the second echo spells it ``\\/``
    return "".join(_RNG.choice(string.ascii_letters + string.digits) for _ in range(28)) + "/q7"


def _masked_records(harness: Harness) -> list[dict[str, object]]:
    return [r for r in harness.records("content") if "secret.own_credential" in r["rules"]]


@pytest.mark.requirement("inv:everything-untrusted")
@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["warn", "monitor"])
async def test_an_env_credential_in_a_file_reaches_the_client_masked(
    harness: Harness, mode: str
) -> None:
    token = _token()
    root = harness.tmp / "root"
    root.mkdir()
    notes = root / "handover.txt"
    notes.write_text(f"connect to the reporting db with {token} from the office\n")
    policy = harness.policy({"version": 1, "packs": ["filesystem"]})
    params = harness.cordon(
        fs_server(root),
        policies=[policy],
        name="fs",
        extra=["--content", mode],
        env={"REPORTING_DB_PASSWORD": token},
    )
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("read_text_file", {"path": str(notes)})
    assert not r.is_error, text_of(r)
    if mode == "monitor":  # delivered as it came, recorded
        assert token in text_of(r) and not _masked_records(harness)
        return
    assert token not in text_of(r)
    assert text_of(r) == f"connect to the reporting db with {MASK} from the office\n"
    assert _masked_records(harness)
    assert token not in harness.audit.read_text("utf-8")


@pytest.mark.requirement("inv:everything-untrusted")
def test_a_remote_servers_echo_of_the_api_key_is_masked(harness: Harness) -> None:
    key = _token()
    port = _port()
    box = harness.tmp / "hostile"
    box.mkdir()
    _serve(harness, HOSTILE, {"HOSTILE_PORT": str(port), "HOSTILE_DIR": str(box)}, port)
    raw = _Raw(
        harness,
        ["--url", f"http://127.0.0.1:{port}/mcp", "--header-env", "X-Api-Key"],
        {"CORDON_HEADER_X_API_KEY": key},
    )
    try:
        init = {"protocolVersion": "2025-06-18", "capabilities": {},
                "clientInfo": {"name": "t", "version": "1"}}  # fmt: skip
        assert "result" in raw.ask("initialize", init)
        assert "result" in raw.ask("tools/list", {})
        answer = raw.ask("tools/call", {"name": "whoami", "arguments": {}})
    finally:
        stderr = raw.close()
    text = answer["result"]["content"][0]["text"]
    assert key not in text and text.count(MASK) == 2, text
    assert text.startswith("you are service-7, key [secret masked")
    (note,) = [json.loads(x) for x in raw.lines if "notifications/message" in x]
    assert note["params"]["data"] == f"auth ok for key {MASK}"
    assert not any(key in x for x in raw.lines)
    assert len(_masked_records(harness)) >= 1
    assert key not in harness.audit.read_text("utf-8") and key not in stderr
