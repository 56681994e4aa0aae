"""The redirect listener of an OAuth login (:mod:`cordon.proxy.oauth`): the authorization
server sends the browser back to ``http://127.0.0.1:<port>/callback`` (a loopback redirect
URI: MCP authorization requires localhost or https), where the code is taken only with the
``state`` of the login now waiting (a fresh one per attempt, the SDK's), or pasted in
``cordon auth login``."""

from __future__ import annotations

import asyncio
import contextlib
import re
import sys
import threading
from urllib.parse import parse_qs, urlsplit

from mcp.shared.auth import AuthorizationCodeResult

from cordon.proxy.http import LoginError
from cordon.proxy.transport import log

__all__ = ["CALLBACK_PATH", "Loopback"]

CALLBACK_PATH = "/callback"
_PAGE = (
    "<!doctype html><html><head><meta charset='utf-8'><title>cordon</title></head>"
    "<body><p>{}</p></body></html>"
)


class Loopback:
    """The redirect listener: ``http://127.0.0.1:<port>/callback``, open only while a login
    waits for the browser; a request that does not carry the login's ``state`` is refused."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.server: asyncio.Server | None = None
        self.state: str | None = None
        self.result: asyncio.Future[AuthorizationCodeResult] | None = None

    @property
    def redirect_uri(self) -> str:
        return f"http://127.0.0.1:{self.port}{CALLBACK_PATH}"

    async def start(self, state: str | None) -> None:
        """Listen for the callback of the login whose authorization request has ``state``.

        Raises:
            OSError: the port cannot be bound.
        """
        await self.close()
        self.state = state
        self.result = asyncio.get_running_loop().create_future()
        self.server = await asyncio.start_server(self._handle, "127.0.0.1", self.port)

    async def wait(self, timeout: float) -> AuthorizationCodeResult:
        """The code the browser brought back. Raises TimeoutError, or LoginError (refused)."""
        assert self.result is not None
        try:
            return await asyncio.wait_for(asyncio.shield(self.result), timeout)
        finally:
            await self.close()

    async def close(self) -> None:
        if self.server is not None:
            server, self.server = self.server, None
            server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(server.wait_closed(), 1)

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
            status, text = self._take(head.split(b"\r\n", 1)[0].decode("latin-1"))
            body = _PAGE.format(text).encode("utf-8")
            writer.write(
                f"HTTP/1.1 {status}\r\ncontent-type: text/html; charset=utf-8\r\n"
                f"content-length: {len(body)}\r\nconnection: close\r\n\r\n".encode()
                + body
            )
            await writer.drain()
        except (OSError, TimeoutError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
            pass
        finally:
            writer.close()

    def _take(self, request_line: str) -> tuple[str, str]:
        """Act on one request to the listener; returns the status and the page's text."""
        parts = request_line.split(" ")
        if len(parts) != 3 or parts[0] != "GET":
            return "405 Method Not Allowed", "cordon: not a login callback."
        target = urlsplit(parts[1])
        return self._accept(target.path, parse_qs(target.query))

    def offer(self, line: str) -> str | None:
        """The callback address pasted in ``cordon auth login`` (the browser ran where this
        listener is not reachable, and its page did not load); None when it was taken, else
        what is wrong with it. Only a whole address is taken: its ``state`` must be this
        login's, as on the listener (a bare code would skip that check, and a mistyped one
        would end the login at the token endpoint)."""
        line = line.strip()
        if not line:
            return None
        target = urlsplit(line)
        if "://" not in line or "code=" not in target.query and "error=" not in target.query:
            return (
                "not the address the browser ended on: paste the whole address, "
                f"{self.redirect_uri}?code=...&state=..."
            )
        status, text = self._accept(target.path, parse_qs(target.query))
        return None if status.startswith("200") else text.removeprefix("cordon: ")

    def _accept(self, path: str, query: dict[str, list[str]]) -> tuple[str, str]:
        def one(key: str) -> str | None:
            values = query.get(key)
            return values[0] if values else None

        waiting = self.result is not None and not self.result.done()
        if path != CALLBACK_PATH or not waiting or one("state") != self.state:
            return "400 Bad Request", "cordon: no login is waiting for this callback."
        assert self.result is not None
        error = one("error")
        if error is not None:
            self.result.set_exception(LoginError(re.sub(r"[^a-z_]", "", error.lower())[:40]))
            return "200 OK", "cordon: the login was refused. You can close this window."
        code = one("code")
        if not code:
            return "400 Bad Request", "cordon: the callback carries no authorization code."
        self.result.set_result(
            AuthorizationCodeResult(code=code, state=one("state"), iss=one("iss"))
        )
        return "200 OK", "cordon: logged in. You can close this window."

    def read_pastes(self) -> None:
        """Take lines typed on stdin as :meth:`offer` s while a login waits (a daemon thread:
        a read still blocked when the login ends never holds the exit)."""
        loop = asyncio.get_running_loop()

        def said(line: str) -> None:
            complaint = self.offer(line)
            if complaint is not None and self.result is not None and not self.result.done():
                log(complaint)

        def read() -> None:
            with contextlib.suppress(Exception):
                for line in sys.stdin:
                    loop.call_soon_threadsafe(said, line)

        threading.Thread(target=read, name="cordon-paste", daemon=True).start()
