"""Client requests that are not calls, through the real ``cordon run`` in front of a real SDK
server (tests/servers/resources_server.py), driven by the official SDK client.

``resources/read`` (and subscribe), ``prompts/get`` and ``completion/complete`` carry values
the agent chose. A read of an ``http(s)://`` resource is decided as a fetch of that URL
(egress, destination taint, Rule of Two, secrets, dlp); other values meet secrets and dlp.
A deny is a JSON-RPC error -32003 that names the rule; an ask is denied with a one-time code.
The server logs every such request it receives to ``$RES_LOG``: each assertion that a
request was refused is on that log, never only on what cordon answered.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
import subprocess
import sys
import time
import warnings
from collections.abc import Awaitable
from typing import Any

import pytest
from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError
from mcp_types import PromptReference, ResourceTemplateReference

from tests.conftest import ROOT, Harness
from tests.e2e.test_taint_approvals import _run_approve_in_pty

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SERVER = ROOT / "tests" / "servers" / "resources_server.py"
NOTE = "note://inbox/1"
KEY = "AKIAQ3EGRTXN5ZV7HBLM"  # an AWS access key id in format (nobody registered it)
POLICY_DENIED = -32003
PLANTED = "https://x.evil.example/page"  # a host the note plants
ALSO_PLANTED = "https://docs.example.com/page"  # the benign-looking host the note plants too
METADATA = "http://169.254.169.254/page"  # matches the server's http://{host}/page template
UNSEEN = "https://wiki.example.org/page"  # a host no output named


def _log(harness: Harness) -> list[dict[str, Any]]:
    """What the server received, in order."""
    p = harness.tmp / "res.log"
    if not p.exists():
        return []
    return [json.loads(line) for line in p.read_text("utf-8").splitlines() if line.strip()]


def _reads(harness: Harness) -> list[str]:
    return [r["uri"] for r in _log(harness) if r["method"] == "resources/read"]


def _serve_http(harness: Harness) -> str:
    """Start the resources server over Streamable HTTP; returns its MCP endpoint URL."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "RES_LOG": str(harness.tmp / "res.log"), "RES_HTTP_PORT": str(port)}
    proc = subprocess.Popen([sys.executable, str(SERVER)], env=env)
    harness.servers.append(proc)  # the harness fixture stops it
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and proc.poll() is None:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return f"http://127.0.0.1:{port}/mcp"
        time.sleep(0.05)
    pytest.fail("the resources HTTP server did not start")


def _params(
    harness: Harness, policy: dict[str, Any] | None = None, name: str = "res"
) -> StdioServerParameters:
    """``cordon run`` in front of the resources server: started by cordon (stdio), or over
    Streamable HTTP with ``--url`` when the harness transport is ``http``."""
    policies = [harness.policy(policy or {"version": 1})]
    if harness.transport == "http":
        return harness.cordon(
            [], policies=policies, extra=["--url", _serve_http(harness)], name=name
        )
    env = {"RES_LOG": str(harness.tmp / "res.log")}
    return harness.cordon([sys.executable, str(SERVER)], policies=policies, env=env, name=name)


def _client(params: StdioServerParameters, mode: str = "legacy") -> Client:
    # no response cache: every request the test makes goes through cordon
    return Client(params, mode=mode, cache=None)


async def _refused(request: Awaitable[Any]) -> MCPError:
    """The JSON-RPC error cordon answered ``request`` with (fails if it was answered)."""
    with pytest.raises(MCPError) as info:
        await request
    return info.value


def _code(err: MCPError) -> str:
    m = re.search(r"cordon approve ([A-Z0-9]{4}-[A-Z0-9]{4})", err.message)
    assert m, err.message
    return m.group(1)


def _verdicts(harness: Harness) -> list[tuple[str, str, str, str]]:
    return [
        (r["tool"], r.get("method", ""), r["verdict"], r["rule"])
        for r in harness.records("verdict")
    ]


@pytest.mark.parametrize("harness", ["stdio", "http"], indirect=True)
async def test_a_host_planted_in_a_resource_and_a_metadata_endpoint_are_never_read(
    harness: Harness,
) -> None:
    """After the poisoned note is read, a read of either host it names is denied (destination
    taint: both first appeared in untrusted output, the benign-looking one too), and a read of
    the cloud metadata endpoint is refused by egress; the server never sees them."""
    async with _client(_params(harness)) as client:
        note = await client.read_resource(NOTE)
        assert "x.evil.example" in note.contents[0].text  # type: ignore[union-attr]
        for uri, rule in (
            (PLANTED, "taint.seen_in_output"),
            (ALSO_PLANTED, "taint.seen_in_output"),
            (PLANTED.upper().replace("/PAGE", "/page"), "taint.seen_in_output"),
            (METADATA, "egress.metadata"),
        ):
            err = await _refused(client.read_resource(uri))
            assert err.code == POLICY_DENIED, (uri, err.message)
            assert rule in err.message and "resources/read" in err.message, (uri, err.message)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # subscribe is deprecated in 2026-07-28
            err = await _refused(client.subscribe_resource(PLANTED))
            assert err.code == POLICY_DENIED and "taint.seen_in_output" in err.message
            await client.subscribe_resource(NOTE)  # the server's own scheme: no destination
    assert _log(harness) == [
        {"method": "resources/read", "uri": NOTE},
        {"method": "resources/subscribe", "uri": NOTE},
    ]
    read = "resources/read"
    assert _verdicts(harness) == [
        (read, read, "allow", "default.allow"),
        (read, read, "deny", "taint.seen_in_output"),
        (read, read, "deny", "taint.seen_in_output"),
        (read, read, "deny", "taint.seen_in_output"),
        (read, read, "deny", "egress.metadata"),
        ("resources/subscribe", "resources/subscribe", "deny", "taint.seen_in_output"),
        ("resources/subscribe", "resources/subscribe", "allow", "default.allow"),
    ]


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_an_unseen_host_gets_a_code_and_cordon_approve_lets_one_read_through(
    harness: Harness, mode: str
) -> None:
    """After untrusted output, a read of a host nobody named and nobody approved is an ask;
    a request has no form to ask in, so it is denied with a one-time code. ``cordon approve
    CODE`` in a terminal lets exactly one retry of the same request through (in the
    2026-07-28 era too: cordon does not answer a resources/read with input_required)."""
    async with _client(_params(harness), mode) as client:
        await client.read_resource(NOTE)
        err = await _refused(client.read_resource(UNSEEN))
        assert err.code == POLICY_DENIED and "taint.unverified_destination" in err.message
        code = _code(err)
        assert _reads(harness) == [NOTE]
        rc, out = _run_approve_in_pty(code, harness.store, harness.home, b"yes\n")
        assert rc == 0, out
        assert "wiki.example.org" in out
        # the person is shown a request, by its method, not a call of a tool
        assert "Approve this request once?" in out and "Method" in out, out
        assert "exact request will be allowed once" in " ".join(out.split()), out
        # the code binds the exact request: another path on the same host is not it
        other = await _refused(client.read_resource(UNSEEN + "2"))
        assert other.code == POLICY_DENIED and "cordon approve" in other.message
        page = await client.read_resource(UNSEEN)
        assert page.contents[0].text == "<html>a page</html>"  # type: ignore[union-attr]
        again = await _refused(client.read_resource(UNSEEN))  # one retry only
        assert again.code == POLICY_DENIED and _code(again) != code
    assert _reads(harness) == [NOTE, UNSEEN]
    asks = [r for r in harness.records("verdict") if r["verdict"] == "ask"]
    assert [(r["tool"], r["rule"], r["asked"], r["answer"]) for r in asks] == [
        ("resources/read", "taint.unverified_destination", "code", "deny")
    ] * 3
    assert asks[0]["code"] == code


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_a_key_in_a_prompt_or_a_completion_never_reaches_the_server(
    harness: Harness, mode: str
) -> None:
    """A credential in a prompt's arguments or a completion's value is denied (secrets: none
    leaves in any value sent to a server); the same requests with plain values go through.
    No audit record and no error message repeats the key."""
    summarise = PromptReference(name="summarise")
    async with _client(_params(harness), mode) as client:
        err = await _refused(client.get_prompt("summarise", {"topic": f"the keys {KEY}"}))
        assert err.code == POLICY_DENIED and "secret.pattern" in err.message
        assert "prompts/get" in err.message and KEY not in err.message
        ok = await client.get_prompt("summarise", {"topic": "the roadmap"})
        assert "the roadmap" in ok.messages[0].content.text  # type: ignore[union-attr]
        err = await _refused(client.complete(summarise, {"name": "topic", "value": KEY}))
        assert err.code == POLICY_DENIED and "secret.pattern" in err.message
        assert KEY not in err.message
        err = await _refused(
            client.complete(
                ResourceTemplateReference(uri="https://{host}/page"),
                {"name": "host", "value": "docs"},
                context_arguments={"token": KEY},
            )
        )
        assert err.code == POLICY_DENIED and "secret.pattern" in err.message
        done = await client.complete(summarise, {"name": "topic", "value": "quarterly"})
        assert done.completion.values == ["quarterly report", "quarterly numbers"]
    assert _log(harness) == [
        {"method": "prompts/get", "name": "summarise", "arguments": {"topic": "the roadmap"}},
        {
            "method": "completion/complete",
            "ref": {"type": "ref/prompt", "name": "summarise"},
            "argument": {"name": "topic", "value": "quarterly"},
        },
    ]
    get, complete = "prompts/get", "completion/complete"
    assert _verdicts(harness) == [
        (get, get, "deny", "secret.pattern"),
        (get, get, "allow", "default.allow"),
        (complete, complete, "deny", "secret.pattern"),
        (complete, complete, "deny", "secret.pattern"),
        (complete, complete, "allow", "default.allow"),
    ]
    assert KEY not in harness.audit.read_text("utf-8")


async def test_before_any_untrusted_output_an_unlisted_host_is_asked_and_a_listed_one_read(
    harness: Harness,
) -> None:
    """Before anything untrusted was read, ``https://docs.example.com/page`` is still not
    simply allowed: destination taint asks about every destination that is neither on
    ``trusted_destinations`` nor approved, untrusted output or not (a fetch tool's call to it
    gets the same ask). On ``trusted_destinations`` it is read, and still is after the note
    names it (the agent named it first: taint is about where a destination first appeared);
    in a session where the note named it first, it is denied though listed (taint beats the
    allowlist unless ``allowlist_beats_taint``)."""
    async with _client(_params(harness)) as client:
        err = await _refused(client.read_resource(ALSO_PLANTED))
        assert err.code == POLICY_DENIED and "taint.unverified_destination" in err.message
        _code(err)
    assert _reads(harness) == []
    policy = {"version": 1, "trusted_destinations": ["*.docs.example.com"]}  # and its apex
    async with _client(_params(harness, policy)) as client:
        page = await client.read_resource(ALSO_PLANTED)
        assert page.contents[0].text == "<html>a page</html>"  # type: ignore[union-attr]
        await client.read_resource(NOTE)
        await client.read_resource(ALSO_PLANTED)
    async with _client(_params(harness, policy)) as client:
        await client.read_resource(NOTE)
        err = await _refused(client.read_resource(ALSO_PLANTED))
        assert err.code == POLICY_DENIED and "taint.seen_in_output" in err.message
    assert _reads(harness) == [ALSO_PLANTED, NOTE, ALSO_PLANTED, NOTE]
    assert [(v, rule) for _t, _m, v, rule in _verdicts(harness)] == [
        ("ask", "taint.unverified_destination"),
        *[("allow", "default.allow")] * 4,
        ("deny", "taint.seen_in_output"),
    ]
    assert {t for t, *_ in _verdicts(harness)} == {"resources/read"}


def test_a_read_without_a_uri_is_refused_and_never_forwarded(harness: Harness) -> None:
    """A request missing what its method needs (``params.uri``) is answered -32602 and not
    forwarded (the SDK client cannot send one, so this drives cordon's pipes directly)."""
    p = _params(harness)
    proc = subprocess.Popen(
        [p.command, *p.args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=p.env
    )
    assert proc.stdin is not None and proc.stdout is not None

    def ask(id_: int, method: str, params: dict[str, Any]) -> dict[str, Any]:
        frame = {"jsonrpc": "2.0", "id": id_, "method": method, "params": params}
        proc.stdin.write(json.dumps(frame).encode() + b"\n")  # type: ignore[union-attr]
        proc.stdin.flush()  # type: ignore[union-attr]
        while True:
            line = proc.stdout.readline()  # type: ignore[union-attr]
            assert line, "cordon closed its stdout"
            out: dict[str, Any] = json.loads(line)
            if out.get("id") == id_ and "method" not in out:
                return out

    try:
        init = {"protocolVersion": "2025-06-18", "capabilities": {},
                "clientInfo": {"name": "t", "version": "1"}}  # fmt: skip
        ask(1, "initialize", init)
        proc.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
        proc.stdin.flush()
        bad = ask(2, "resources/read", {"url": NOTE})
        assert bad["error"]["code"] == -32602, bad
        assert "params.uri" in bad["error"]["message"]
        good = ask(3, "resources/read", {"uri": NOTE})
        assert "x.evil.example" in good["result"]["contents"][0]["text"]
    finally:
        proc.stdin.close()
        proc.wait(30)
    assert _reads(harness) == [NOTE]
    assert [r["kind"] for r in harness.records() if r["kind"] in ("frame_refused", "verdict")] == [
        "frame_refused",
        "verdict",
    ]
