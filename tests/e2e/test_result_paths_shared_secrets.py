"""A credential found in any part of a result reaches the client's other cordon processes.

Two real ``cordon run`` processes of one client (one home, one shared store): one in front of
a server that hands the agent a credential, one in front of the mailbox server, whose
``echo`` logs every call it receives. Whatever path carried the credential to the agent (a
media read's base64 blob, a resource read, ...), warn mode masks it there, and the agent's
later call carrying it to the second server is refused there (``secret.egress``) and never
arrives. The credentials are random, built at run time.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import random
import socket
import string
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from tests.conftest import Harness, fs_server, mailbox_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

_RNG = random.SystemRandom()


def _password() -> str:
    # letters and digits, as a generated database password is (``secret.password_assignment``)
    return "".join(_RNG.choice(string.ascii_letters + string.digits) for _ in range(14)) + "7q"


def _arrived(box: Path) -> str:
    log = box / "calls.log"
    return log.read_text("utf-8") if log.exists() else ""


def _sender(harness: Harness) -> tuple[Any, Path]:
    box = harness.tmp / "sender"
    box.mkdir()
    (box / "inbox.txt").write_text("", "utf-8")
    params = harness.cordon(
        mailbox_server(), env={"MAILBOX_DIR": str(box), "MAILBOX_CALL_LOG": "1"}, name="sender"
    )
    return params, box


async def _refused_by_sibling(sender: Any, box: Path, secrets: list[str]) -> None:
    """Each secret, sent through the sibling's ``echo``, is refused and never arrives; a
    clean call through the same sibling does arrive (the test can fail)."""
    async with Client(sender, mode="legacy") as sc:
        await sc.list_tools()
        for secret in secrets:
            r = await sc.call_tool("echo", {"text": f"here it is: {secret}"})
            assert r.is_error and "secret.egress" in text_of(r), text_of(r)
        r = await sc.call_tool("echo", {"text": "nothing secret here"})
        assert not r.is_error, text_of(r)
    arrived = _arrived(box)
    assert "nothing secret here" in arrived
    for secret in secrets:
        assert secret not in arrived


#: what the file holds: a ``.env``, and an application log with ANSI colour escapes, whose
#: control characters kept the decoded blob out of the scan that registers credentials
FILES = {
    "dotenv": (".env", "DB_PASSWORD={pw}\n"),
    "ansi-log": ("app.log", "\x1b[32mINFO\x1b[0m connecting with DB_PASSWORD={pw}\n"),
}


@pytest.mark.parametrize("kind", sorted(FILES))
@pytest.mark.parametrize("mode", ["warn", "monitor", "block"])
async def test_a_file_read_as_media_is_refused_by_a_sibling(
    harness: Harness, mode: str, kind: str
) -> None:
    """The filesystem server's ``read_media_file`` answers a text file as an embedded
    resource whose ``blob`` is the file's base64 (in ``content`` and in
    ``structuredContent``): the credential in it is masked (warn, block: under the default
    ``block_at``) and refused by the other server's cordon process."""
    password = _password()
    root = harness.tmp / "root"
    root.mkdir()
    name, template = FILES[kind]
    path = root / name
    path.write_text(template.format(pw=password), "utf-8")
    policy = harness.policy({"version": 1, "packs": ["filesystem"]})
    files = harness.cordon(
        fs_server(root), policies=[policy], name="files", extra=["--content", mode]
    )
    sender, box = _sender(harness)
    async with Client(files) as fc:
        await fc.list_tools()
        r = await fc.call_tool("read_media_file", {"path": str(path)})
        assert not r.is_error
        shown = json.dumps(r.model_dump(mode="json", by_alias=True))
        raw = base64.b64encode(path.read_bytes()).decode()
        if mode == "monitor":
            assert raw in shown  # the agent reads the file as it is
        else:
            assert raw not in shown and password not in shown
            (item,) = r.structured_content["content"]  # type: ignore[index]
            masked = base64.b64decode(item["resource"]["blob"]).decode()
            assert "DB_PASSWORD=" in masked and password not in masked
        await _refused_by_sibling(sender, box, [password])


LEAKY = Path(__file__).resolve().parents[1] / "servers" / "leaky.py"


class _Seen:
    """What the client was handed outside call results: sampling and elicitation requests,
    log messages."""

    def __init__(self) -> None:
        self.items: list[Any] = []

    async def sample(self, context: Any, params: Any) -> Any:
        from mcp_types import CreateMessageResult, TextContent

        self.items.append(params.model_dump(mode="json", by_alias=True))
        return CreateMessageResult(
            role="assistant", content=TextContent(type="text", text="ok"), model="stub"
        )

    async def log(self, params: Any) -> None:
        self.items.append(params.model_dump(mode="json", by_alias=True))

    async def elicit(self, context: Any, params: Any) -> Any:
        from mcp_types import ElicitResult

        self.items.append(params.model_dump(mode="json", by_alias=True))
        return ElicitResult(action="decline")


async def _shown(client: Any, path: str) -> Any:
    """Trigger ``path`` of the leaky server; returns what the client got from it."""
    from mcp.shared.exceptions import MCPError

    if path == "resource-text":
        return await client.read_resource("config://text")
    if path == "resource-blob":
        return await client.read_resource("config://blob")
    if path == "prompt":
        return await client.get_prompt("deploy")
    try:
        return await client.call_tool(path, {})
    except MCPError as exc:  # the JSON-RPC error, as the SDK raises it
        return {"message": exc.error.message, "data": exc.error.data}


def _dumped(value: Any) -> str:
    dump = getattr(value, "model_dump", None)
    return json.dumps(dump(mode="json", by_alias=True) if dump else value)


#: each way the leaky server hands the client its file (tests/servers/leaky.py)
LEAKY_PATHS = [
    "fail",
    "structured",
    "embedded",
    "image",
    "sample",
    "log",
    "ask",
    "resource-text",
    "resource-blob",
    "prompt",
]


def _leaky_server(
    harness: Harness, log: Path, mode: str, url: str | None = None, quoted_in: str = ""
) -> Any:
    """``cordon run`` in front of the leaky server (over stdio, or at ``url``), its sampling
    and elicitation requests passed on (by default a sampling prompt with a finding of medium
    or more is refused: the client would never see the password)."""
    allow = {"sampling": "allow", "elicitation": "allow"}
    policy = harness.policy({"version": 1, "servers": {"leaky": {"server_requests": allow}}})
    extra = ["--content", mode, *(["--url", url] if url else [])]
    upstream = [] if url else [sys.executable, str(LEAKY)]
    env = {"LEAKY_FILE": str(log), "LEAKY_QUOTED_IN": quoted_in}
    return harness.cordon(upstream, policies=[policy], name="leaky", extra=extra, env=env)


def _http_leaky(harness: Harness, log: Path) -> str:
    """The leaky server over Streamable HTTP; returns its MCP endpoint URL."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "LEAKY_FILE": str(log), "LEAKY_HTTP_PORT": str(port)}
    harness.servers.append(subprocess.Popen([sys.executable, str(LEAKY)], env=env))
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return f"http://127.0.0.1:{port}/mcp"
        time.sleep(0.05)
    pytest.fail("the leaky HTTP server did not start")


async def _leak_then_send(harness: Harness, leaky: Any, log: Path, mode: str, path: str) -> None:
    """Trigger ``path`` through ``leaky``: in warn and block modes the client never sees the
    password (masked); in every mode the other server's cordon process refuses it."""
    password = log.read_text("utf-8").rsplit("=", 1)[1].strip()
    sender, box = _sender(harness)
    seen = _Seen()
    # (legacy: the handshake era, where a server may send requests and log messages unasked)
    async with Client(
        leaky,
        mode="legacy",
        sampling_callback=seen.sample,
        logging_callback=seen.log,
        elicitation_callback=seen.elicit,
    ) as lc:
        await lc.list_tools()
        got = await _shown(lc, path)
        shown = _dumped(got) + json.dumps(seen.items)
        if path in ("sample", "log", "ask"):
            assert "DB_PASSWORD" in json.dumps(seen.items)  # it did reach the client
        if mode != "monitor":
            assert password not in shown, shown
            assert base64.b64encode(log.read_bytes()).decode() not in shown
        await _refused_by_sibling(sender, box, [password])


def _app_log(harness: Harness) -> Path:
    log = harness.tmp / "app.log"
    text = f"\x1b[32mINFO\x1b[0m connecting with DB_PASSWORD={_password()}\n"
    log.write_text(text, "utf-8")
    return log


@pytest.mark.parametrize("path", LEAKY_PATHS)
@pytest.mark.parametrize("mode", ["warn", "monitor", "block"])
async def test_a_credential_in_any_server_output_is_refused_by_a_sibling(
    harness: Harness, mode: str, path: str
) -> None:
    """An application log quoting a database password (ANSI colours and all), handed to the
    client as an error response, structured content only, an embedded blob, an image's data,
    a sampling request, a log message, a form's message, a resource's text or blob, a
    prompt."""
    log = _app_log(harness)
    await _leak_then_send(harness, _leaky_server(harness, log, mode), log, mode, path)


@pytest.mark.parametrize("path", ["fail", "embedded", "sample", "resource-blob"])
async def test_a_remote_servers_output_is_refused_by_a_sibling(harness: Harness, path: str) -> None:
    """The same through ``cordon run --url`` in front of the server over Streamable HTTP."""
    log = _app_log(harness)
    leaky = _leaky_server(harness, log, "warn", _http_leaky(harness, log))
    await _leak_then_send(harness, leaky, log, "warn", path)


@pytest.mark.parametrize("quoted_in", ["instructions", "description"])
@pytest.mark.parametrize("mode", ["warn", "monitor"])
async def test_a_credential_in_the_servers_definitions_is_refused_by_a_sibling(
    harness: Harness, mode: str, quoted_in: str
) -> None:
    """The server's instructions or a tool's description quote the log. In ``monitor`` the
    client's model reads both as listed (terminal controls removed); in ``warn`` they are
    sanitised as a result is, the password masked (a finding at ``block_at`` hides the tool
    or removes the instructions). Either way the password is one seen in output."""
    log = _app_log(harness)
    password = log.read_text("utf-8").rsplit("=", 1)[1].strip()
    leaky = _leaky_server(harness, log, mode, quoted_in=quoted_in)
    sender, box = _sender(harness)
    async with Client(leaky, mode="legacy") as lc:
        tools = await lc.list_tools()
        listed = " ".join(t.description or "" for t in tools.tools)
        instructions = lc.instructions or ""
        shown = instructions if quoted_in == "instructions" else listed
        if mode == "monitor":
            assert password in shown
        else:
            assert password not in shown and "[secret masked: " in shown, shown
        await _refused_by_sibling(sender, box, [password])
