"""A local stand-in for api.github.com and slack.com/api that records every write, for the
e2e tests that run the real @modelcontextprotocol/server-github and server-slack behind the
real ``cordon run``.

Both servers call their API with hard-coded URLs; :func:`node_env` starts node with
``stub_api_fetch.cjs`` required first, which wraps ``globalThis.fetch`` to send those
origins here (under ``/github`` and ``/slack``) after parsing each URL as fetch does, so
``writes`` holds the method, path and body the platform itself would have received. What is
read is answered with the texts the test plants (an issue, a file, a channel's messages).
"""

from __future__ import annotations

import base64
import http.server
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.e2e._json_stub import send_json, serving

SHIM = Path(__file__).resolve().parent / "stub_api_fetch.cjs"


@dataclass
class StubAPI:
    """What the servers read (``issue``, ``files`` by path, ``messages`` of every channel,
    the ``channels`` Slack lists) and what they wrote (``writes``: method, path, parsed body)."""

    issue: str = ""
    files: dict[str, str] = field(default_factory=dict)
    messages: list[dict[str, Any]] = field(default_factory=list)
    channels: list[dict[str, Any]] = field(default_factory=list)
    writes: list[tuple[str, str, Any]] = field(default_factory=list)
    url: str = ""

    def written(self, method: str, prefix: str) -> list[tuple[str, Any]]:
        """The paths and bodies of the writes of ``method`` under ``prefix``."""
        return [(p, b) for m, p, b in self.writes if m == method and p.startswith(prefix)]


_ISSUE_RE = re.compile(r"/github/repos/([^/]+)/([^/]+)/issues/(\d+)$")
_CONTENTS_RE = re.compile(r"/github/repos/[^/]+/[^/]+/contents/(.*)$")


def _github_get(api: StubAPI, path: str) -> tuple[int, Any]:
    m = _ISSUE_RE.match(path)
    if m:
        return 200, {
            "number": int(m.group(3)), "title": "CI is broken", "body": api.issue,
            "state": "open", "user": {"login": "someone"},
            "html_url": f"https://github.com/{m.group(1)}/{m.group(2)}/issues/{m.group(3)}",
        }  # fmt: skip
    m = _CONTENTS_RE.match(path)
    if m and m.group(1) in api.files:
        name = m.group(1)
        raw = api.files[name].encode()
        return 200, {
            "type": "file", "name": name.rpartition("/")[2], "path": name, "sha": "f" * 40,
            "size": len(raw), "url": "u", "html_url": "u", "git_url": "u", "download_url": "u",
            "encoding": "base64", "content": base64.b64encode(raw).decode(),
            "_links": {"self": "u", "git": "u", "html": "u"},
        }  # fmt: skip
    if path.endswith("/git/refs/heads/main"):
        return 200, {"ref": "refs/heads/main", "node_id": "n", "url": "u",
                     "object": {"sha": "a" * 40, "type": "commit", "url": "u"}}  # fmt: skip
    return 404, {"message": "Not Found"}


def _github_write(path: str, body: Any) -> Any:
    if path.endswith("/comments") or path.endswith("/issues"):
        text = body.get("body", "") if isinstance(body, dict) else ""
        return {"id": 1, "number": 8, "body": text, "html_url": "https://github.com/x"}
    return {}


def _slack(api: StubAPI, path: str) -> Any:
    if path.startswith("/slack/api/conversations.history"):
        return {"ok": True, "messages": api.messages, "has_more": False}
    if path.startswith("/slack/api/conversations.list"):
        return {"ok": True, "channels": api.channels, "response_metadata": {"next_cursor": ""}}
    if path.startswith("/slack/api/chat.postMessage"):
        return {"ok": True, "channel": "C0", "ts": "1700000000.000200"}
    return {"ok": True}


class _Handler(http.server.BaseHTTPRequestHandler):
    def _reply(self) -> None:
        api: StubAPI = self.server.api  # type: ignore[attr-defined]
        n = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(n).decode() if n else ""
        status, out = 200, {}
        if self.command != "GET":
            try:
                body: Any = json.loads(raw) if raw else None
            except ValueError:
                body = raw
            api.writes.append((self.command, self.path, body))
            out = _slack(api, self.path) if self.path.startswith("/slack/") else None
            if out is None:
                out = _github_write(self.path, body)
        elif self.path.startswith("/slack/"):
            out = _slack(api, self.path)
        else:
            status, out = _github_get(api, self.path)
        send_json(self, status, out)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _reply

    def log_message(self, *_: Any) -> None:
        pass


@contextmanager
def stub_api(api: StubAPI) -> Iterator[StubAPI]:
    """Serve ``api`` on 127.0.0.1 for the block; sets its ``url``."""
    with serving(api, _Handler):
        yield api


def node_env(api: StubAPI) -> dict[str, str]:
    """The environment that sends a node server's GitHub and Slack requests to ``api``."""
    return {"NODE_OPTIONS": f"--require {SHIM}", "CORDON_E2E_STUB_API": api.url}
