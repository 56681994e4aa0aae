"""A local stand-in for Google's Gmail API and Notion's REST API that records every write, for
the e2e tests that run the real @gongrzhe/server-gmail-autoauth-mcp and
@notionhq/notion-mcp-server behind the real ``cordon run``.

:func:`gmail_launch` and :func:`notion_launch` start each server with
``_gmail_notion_stub.cjs`` required first (``NODE_OPTIONS``): it sends the servers' HTTPS
requests for gmail.googleapis.com, oauth2.googleapis.com and api.notion.com here, under
``/<host>``, and refuses any other host. ``writes`` holds the method, path and parsed body of
every request that is not a GET: the side effect the platform would have carried out. What
is read is answered from ``mails`` (id to headers and body) and ``page`` (the text of every
Notion page).
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
from tests.e2e._pack_servers import NODE_BIN, _bin

SHIM = Path(__file__).resolve().parent / "_gmail_notion_stub.cjs"
GMAIL = "/gmail.googleapis.com/gmail/v1/users/me"
NOTION = "/api.notion.com/v1"


@dataclass
class Mail:
    sender: str
    subject: str
    body: str
    to: str = "me@example.com"


@dataclass
class GNStub:
    """What the servers read and what they wrote (``writes``: method, path, body)."""

    mails: dict[str, Mail] = field(default_factory=dict)
    page: str = ""
    attachment: bytes = b""
    #: the attachment's own name in the mail (the sender's choice)
    attachment_name: str = "invoice.pdf"
    writes: list[tuple[str, str, Any]] = field(default_factory=list)
    url: str = ""

    def written(self, prefix: str) -> list[tuple[str, str, Any]]:
        return [w for w in self.writes if w[1].startswith(prefix)]


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def raw_message(body: Any) -> str:
    """The RFC 822 text of a recorded send or draft (its ``raw``, base64url)."""
    msg = body.get("message", body) if isinstance(body, dict) else {}
    raw = str(msg.get("raw", ""))
    return base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4)).decode("utf-8", "replace")


def _gmail_get(api: GNStub, path: str) -> tuple[int, Any]:
    m = re.match(r"/messages/([^/?]+)/attachments/([^/?]+)", path)
    if m:
        return 200, {"size": len(api.attachment), "data": _b64(api.attachment)}
    m = re.match(r"/messages/([^/?]+)", path)
    if m and m.group(1) in api.mails:
        mail = api.mails[m.group(1)]
        heads = {"From": mail.sender, "To": mail.to, "Subject": mail.subject, "Date": "today"}
        return 200, {
            "id": m.group(1), "threadId": "t" + m.group(1), "labelIds": ["INBOX"],
            "payload": {
                "mimeType": "text/plain", "headers": [{"name": k, "value": v} for k, v in heads.items()],
                "body": {"data": _b64(mail.body.encode())}, "parts": [{
                    "partId": "1", "mimeType": "application/pdf", "filename": api.attachment_name,
                    "body": {"attachmentId": "att1", "size": len(api.attachment)}}],
            },
        }  # fmt: skip
    if path.startswith("/messages"):
        return 200, {"messages": [{"id": k, "threadId": "t" + k} for k in api.mails]}
    if path.startswith("/labels"):
        return 200, {"labels": [{"id": "INBOX", "name": "INBOX", "type": "system"}]}
    if path.startswith("/settings/filters"):
        return 200, {"filter": []}
    return 404, {"error": {"code": 404, "message": "Not Found"}}


def _notion_get(api: GNStub, path: str) -> tuple[int, Any]:
    para = {"object": "block", "id": "b1", "type": "paragraph", "has_children": False,
            "paragraph": {"rich_text": [{"type": "text", "plain_text": api.page,
                                         "text": {"content": api.page}}]}}  # fmt: skip
    if "/children" in path:
        return 200, {"object": "list", "results": [para], "has_more": False, "next_cursor": None}
    if path.startswith("/pages/"):
        return 200, {"object": "page", "id": path.split("/")[2].split("?")[0],
                     "properties": {"title": {"title": [{"plain_text": "Planning"}]}}}  # fmt: skip
    return 200, {"object": "list", "results": [], "has_more": False}


def _answer(api: GNStub, method: str, path: str) -> tuple[int, Any]:
    if path.startswith("/oauth2.googleapis.com/token"):
        return 200, {"access_token": "ya29.stub", "expires_in": 3600, "token_type": "Bearer"}
    if path.startswith(GMAIL):
        sub = path[len(GMAIL) :]
        if method == "GET":
            return _gmail_get(api, sub)
        return 200, {"id": "w" + str(len(api.writes)), "threadId": "t0", "labelIds": []}
    if path.startswith(NOTION):
        sub = path[len(NOTION) :]
        if method == "GET" or sub.startswith("/search") or sub.endswith("/query"):
            return _notion_get(api, sub)
        return 200, {
            "object": "page",
            "id": "00000000-0000-0000-0000-00000000000" + str(len(api.writes) % 10),
        }
    return 404, {"error": "no such route"}


class _Handler(http.server.BaseHTTPRequestHandler):
    def _reply(self) -> None:
        api: GNStub = self.server.api  # type: ignore[attr-defined]
        n = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(n).decode("utf-8", "replace") if n else ""
        is_read = self.command == "GET" or "/search" in self.path or self.path.endswith("/query")
        if not is_read and not self.path.startswith("/oauth2.googleapis.com/"):
            try:
                body: Any = json.loads(raw) if raw else None
            except ValueError:
                body = raw
            api.writes.append((self.command, self.path, body))
        status, out = _answer(api, self.command, self.path)
        send_json(self, status, out)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _reply

    def log_message(self, *_: Any) -> None:
        pass


@contextmanager
def gn_stub(api: GNStub) -> Iterator[GNStub]:
    """Serve ``api`` on 127.0.0.1 for the block; sets its ``url``."""
    with serving(api, _Handler):
        yield api


def _env(api: GNStub) -> dict[str, str]:
    return {"NODE_OPTIONS": f"--require {SHIM}", "CORDON_E2E_GN_STUB": api.url}


def gmail_launch(api: GNStub, home: Path) -> tuple[list[str], dict[str, str]]:
    """The Gmail server with dummy OAuth files in ``home``/.gmail-mcp (a token that is still
    valid, and a refresh token the stub's token endpoint answers)."""
    conf = home / ".gmail-mcp"
    conf.mkdir(parents=True, exist_ok=True)
    keys = {"installed": {"client_id": "dummy.apps.googleusercontent.com", "client_secret": "x"}}
    (conf / "gcp-oauth.keys.json").write_text(json.dumps(keys), "utf-8")
    token = {"access_token": "ya29.stub", "refresh_token": "1//stub", "token_type": "Bearer",
             "expiry_date": 4102444800000, "scope": "https://www.googleapis.com/auth/gmail.modify"}  # fmt: skip
    (conf / "credentials.json").write_text(json.dumps(token), "utf-8")
    return [_bin(NODE_BIN / "gmail-mcp")], _env(api)


def notion_launch(api: GNStub) -> tuple[list[str], dict[str, str]]:
    """The Notion server with a dummy integration token."""
    return [_bin(NODE_BIN / "notion-mcp-server")], {**_env(api), "NOTION_TOKEN": "ntn_stub"}
