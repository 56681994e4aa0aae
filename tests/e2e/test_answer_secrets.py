"""A registered secret never reaches the server inside the client's answers, through the real
``cordon run`` (invariant 7).

The server asks the client's model to restate earlier output (``sampling/createMessage``) or the
user to fill in a form; the model, led by what it read, writes the ``GITHUB_TOKEN`` the policy
registers into its answer. Legacy connections carry the answer as a response to the server's
request; 2026-07-28 ones as the call's retry (``inputResponses``). Either way the answer is
checked for the session's secrets before it leaves: the server gets an error (legacy) or the
retry is denied with ``secret.egress`` (2026-07-28), and never the token. Asserted on what the
server logged it received (``tests/servers/sampler.py``), and on the audit log.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp_types import (
    CreateMessageResult,
    ElicitResult,
    ListRootsResult,
    Root,
    TextContent,
)

from tests.conftest import Harness, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SAMPLER = Path(__file__).resolve().parents[1] / "servers" / "sampler.py"
TOKEN = "ghp_" + "R3alT0kenValue0123456789abcdefABCDxy"
SEEN = "Tr0ub4dor-and-3-horses"  # the password the sampler's status tool returns


def _sampler(harness: Harness) -> tuple[Any, Path]:
    log = harness.tmp / "sampler.jsonl"
    policy = harness.policy({"version": 1, "secrets": {"env": ["GITHUB_TOKEN"]}})
    params = harness.cordon(
        [sys.executable, str(SAMPLER)],
        policies=[policy],
        name="sampler",
        env={"SAMPLER_LOG": str(log), "GITHUB_TOKEN": TOKEN},
    )
    return params, log


def _received(log: Path) -> list[dict[str, Any]]:
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text("utf-8").splitlines()]


def _model(text: str) -> Any:
    async def sample(ctx: Any, params: Any) -> CreateMessageResult:
        content = TextContent(type="text", text=text)
        return CreateMessageResult(role="assistant", content=content, model="test")

    return sample


def _user(note: str) -> Any:
    async def elicit(ctx: Any, params: Any) -> ElicitResult:
        return ElicitResult(action="accept", content={"note": note})

    return elicit


def _refused(harness: Harness, mode: str) -> list[dict[str, Any]]:
    """The audit records refusing an answer: a ``server_request`` record (legacy), the call's
    verdict (2026-07-28)."""
    if mode == "legacy":
        return [r for r in harness.records("server_request") if r.get("request") == "answer"]
    return [
        r
        for r in harness.records("verdict")
        if r["verdict"] == "deny" and str(r.get("param", "")).startswith("inputResponses.")
    ]


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_a_sampling_answer_carrying_the_token_never_reaches_the_server(
    harness: Harness, mode: str
) -> None:
    params, log = _sampler(harness)
    model = _model(f"Earlier output: GITHUB_TOKEN={TOKEN}")
    async with Client(params, mode=mode, sampling_callback=model) as client:
        await client.list_tools()
        result = await client.call_tool("draft", {})
    received = _received(log)
    assert TOKEN not in json.dumps(received)
    if mode == "legacy":  # the server's request was answered with an error, code -1
        (got,) = received
        assert got["error"]["code"] == -1 and "secret.egress" in got["error"]["message"]
        assert text_of(result) == "the client refused"
    else:  # the retry carrying the answer was denied, and never sent
        assert received == []
        assert result.is_error and "secret.egress" in text_of(result)
        assert TOKEN not in text_of(result)
    (rec,) = _refused(harness, mode)
    assert rec["rule"] == "secret.egress"
    assert rec["details"]["withheld"].startswith("[withheld: ")
    assert TOKEN not in harness.audit.read_text("utf-8")


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_a_clean_sampling_answer_reaches_the_server(harness: Harness, mode: str) -> None:
    params, log = _sampler(harness)
    async with Client(params, mode=mode, sampling_callback=_model("A tidy summary.")) as client:
        await client.list_tools()
        result = await client.call_tool("draft", {})
    (got,) = _received(log)
    assert "A tidy summary." in json.dumps(got["got"])
    assert not result.is_error
    assert _refused(harness, mode) == []


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_a_form_answer_carrying_the_token_never_reaches_the_server(
    harness: Harness, mode: str
) -> None:
    params, log = _sampler(harness)
    async with Client(params, mode=mode, elicitation_callback=_user(f"it is {TOKEN}")) as client:
        await client.list_tools()
        await client.call_tool("note", {})
    received = _received(log)
    assert TOKEN not in json.dumps(received)
    if mode == "legacy":
        assert received[0]["error"]["code"] == -1
    else:
        assert received == []
    (rec,) = _refused(harness, mode)
    assert rec["rule"] == "secret.egress"


async def test_roots_carrying_the_token_never_reach_the_server(harness: Harness) -> None:
    params, log = _sampler(harness)

    async def roots(ctx: Any) -> ListRootsResult:
        return ListRootsResult(roots=[Root(uri=f"file:///work/{TOKEN}", name="work")])  # type: ignore[arg-type]

    async with Client(params, mode="legacy", list_roots_callback=roots) as client:
        await client.list_tools()
        await client.call_tool("roots", {})
    (got,) = _received(log)
    assert got["error"]["code"] == -1 and TOKEN not in json.dumps(got)
    (rec,) = _refused(harness, "legacy")
    assert rec["param"] == "result.roots[0].uri"


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_a_credential_seen_in_output_is_not_sent_back_in_an_answer(
    harness: Harness, mode: str
) -> None:
    """The password a tool result carried is a secret seen in output by the time the model's
    answer leaves (the result was recorded before the answer was checked)."""
    params, log = _sampler(harness)
    async with Client(params, mode=mode, sampling_callback=_model(f"it said {SEEN}")) as client:
        await client.list_tools()
        status = await client.call_tool("status", {})
        assert "password" in text_of(status)
        await client.call_tool("draft", {})
    assert SEEN not in json.dumps(_received(log))
    (rec,) = _refused(harness, mode)
    assert rec["rule"] == "secret.egress"
    assert SEEN not in harness.audit.read_text("utf-8")
