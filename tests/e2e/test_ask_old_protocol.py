"""End to end through the real ``cordon run`` and the official MCP Python SDK client: a
person is asked about a call even when the client cannot be sent cordon's own
``elicitation/create`` (newcomer finding: behind a server that negotiates 2024-11-05 the SDK
answers it with -32601, and cordon denied the call with no code and no way forward).

- Protocol 2024-11-05 (no elicitation in it): no question is sent; the call is denied with a
  one-time code, ``cordon approve`` lets exactly one retry through.
- Protocol 2025-06-18, but the client answers the question with a JSON-RPC error: a deny
  with a code, never an allow; after -32601 no further question goes out.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp_types import ElicitResult, ErrorData

from tests.conftest import Harness, text_of
from tests.e2e.test_taint_approvals import _run_approve_in_pty

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

OLDPROTO = Path(__file__).resolve().parents[1] / "servers" / "oldproto.py"
ARGS = {"to": "new.person@partner.example", "body": "hi"}
_CODE = re.compile(r"cordon approve ([A-Z0-9]{4}-[A-Z0-9]{4})")


def _calls(d: Path) -> list[dict[str, Any]]:
    f = d / "calls.jsonl"
    if not f.exists():
        return []
    return [json.loads(line) for line in f.read_text("utf-8").splitlines()]


def _cordon(harness: Harness, version: str) -> tuple[Any, Path]:
    box = harness.tmp / "oldproto"
    box.mkdir()
    env = {"OLDPROTO_DIR": str(box), "OLDPROTO_VERSION": version}
    return harness.cordon([sys.executable, str(OLDPROTO)], env=env, name="mail"), box


async def test_a_2024_11_05_server_gets_a_code_not_a_question(harness: Harness) -> None:
    asked: list[str] = []

    async def on_elicit(ctx: Any, params: Any) -> ElicitResult:
        asked.append(params.message)
        return ElicitResult(action="accept", content={"approve": True})

    params, box = _cordon(harness, "2024-11-05")
    async with Client(params, mode="legacy", elicitation_callback=on_elicit) as client:  # type: ignore[arg-type]
        await client.list_tools()
        r = await client.call_tool("send_email", ARGS)
        assert r.is_error and "taint.unverified_destination" in text_of(r), text_of(r)
        m = _CODE.search(text_of(r))
        assert m, text_of(r)
        assert _calls(box) == []
        rc, out = _run_approve_in_pty(m.group(1), harness.store, harness.home, b"yes\n")
        assert rc == 0, out
        ok = await client.call_tool("send_email", ARGS)
        assert not ok.is_error, text_of(ok)
    assert asked == []  # never sent to a client that cannot route it
    assert [c["arguments"] for c in _calls(box)] == [ARGS]
    asks = [r for r in harness.records("verdict") if r.get("asked")]
    assert [r["asked"] for r in asks] == ["code"]


@pytest.mark.parametrize("code", [-32601, -32603])
async def test_an_error_answered_to_cordons_question_is_a_deny_with_a_code(
    harness: Harness, code: int
) -> None:
    asked: list[str] = []

    async def on_elicit(ctx: Any, params: Any) -> ErrorData:
        asked.append(params.message)
        return ErrorData(code=code, message="cannot show it")

    params, box = _cordon(harness, "2025-06-18")
    async with Client(params, mode="legacy", elicitation_callback=on_elicit) as client:  # type: ignore[arg-type]
        await client.list_tools()
        r = await client.call_tool("send_email", ARGS)
        assert r.is_error and "taint.unverified_destination" in text_of(r), text_of(r)
        assert _CODE.search(text_of(r)), text_of(r)
        r2 = await client.call_tool("send_email", {**ARGS, "body": "again"})
        assert r2.is_error and _CODE.search(text_of(r2)), text_of(r2)
    assert _calls(box) == []  # the upstream never saw either call
    # -32601: the client cannot elicit, so the second call is not asked about through it
    assert len(asked) == (1 if code == -32601 else 2)
    assert [a["answer"] for a in harness.records("approval")] == ["error"] * len(asked)
    asks = [r["asked"] for r in harness.records("verdict") if r.get("asked")]
    if code == -32601:
        assert asks == ["elicitation", "code", "code"]
    else:
        assert asks == ["elicitation", "code", "elicitation", "code"]
