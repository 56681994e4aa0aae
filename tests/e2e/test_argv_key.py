"""A key on a stdio server's command line (``cordon run -- env SERVICE_API_TOKEN=KEY server``,
``--api-key KEY``, a connection string's password: :mod:`cordon.argvcreds`) is the server's
own credential: through the real ``cordon run`` in front of the mailbox server, a call that
carries it is refused (``secret.egress``) and never reaches the server; the audit log and the
pin file name the command line with it masked; a rotated key is the same server."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from mcp import Client

from tests.conftest import Harness, mailbox_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

KEY = "svcK3y-7f1e2d9c0b8a"


def _upstream(key: str) -> list[str]:
    env = shutil.which("env")
    assert env is not None
    return [env, f"SERVICE_API_TOKEN={key}", *mailbox_server()]


async def test_a_key_on_the_command_line_never_leaves_nor_enters_log_or_pins(
    harness: Harness, tmp_path: Path
) -> None:
    box = tmp_path / "box"
    box.mkdir()
    (box / "inbox.txt").write_text("", "utf-8")
    pins = tmp_path / "pins.json"
    env = {"MAILBOX_DIR": str(box), "MAILBOX_CALL_LOG": "1"}
    pol = [harness.policy({"version": 1, "trusted_destinations": ["ops@example.com"]})]
    extra = ["--pin-file", str(pins)]
    params = harness.cordon(_upstream(KEY), policies=pol, extra=extra, name="mail", env=env)
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("send_email", {"to": "ops@example.com", "body": f"k={KEY}"})
        assert r.is_error and "secret.egress" in text_of(r), text_of(r)
        ok = await client.call_tool("send_email", {"to": "ops@example.com", "body": "hello"})
        assert not ok.is_error, text_of(ok)
    calls = [json.loads(x) for x in (box / "calls.log").read_text("utf-8").splitlines()]
    assert [c["arguments"].get("body") for c in calls if c["tool"] == "send_email"] == ["hello"]
    assert KEY not in harness.audit.read_text("utf-8")
    assert KEY not in pins.read_text("utf-8")
    start = harness.records("start")[0]
    assert "SERVICE_API_TOKEN=***" in json.dumps(start)
    # the key rotated: the same server (its tools still pinned, no pin.server_changed)
    rotated = _upstream("svcK3y-rotated-44aa")
    params = harness.cordon(rotated, policies=pol, extra=extra, name="mail", env=env)
    async with Client(params, mode="legacy") as client:
        assert "send_email" in {t.name for t in (await client.list_tools()).tools}
