"""``cordon serve``'s MCP wiring: the SDK server over a :class:`~cordon.server.ServeCore`,
its stdio and Streamable HTTP transports, and the ``serve`` command.

:mod:`cordon.server` re-exports these; it is imported lazily from here (the core imports this
module), so importing either stays light.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import orjson
import typer

from cordon import __version__
from cordon._exceptions import CordonError, PolicyError
from cordon._serve_schemas import TOOLS

if TYPE_CHECKING:
    from cordon.server import ServeCore

__all__ = ["build_server", "parse_hostport", "register", "serve_http", "serve_stdio"]


def build_server(core: ServeCore) -> Any:
    """The low-level ``mcp.server.Server`` exposing ``core``'s tools (both protocol eras)."""
    from mcp.server import Server
    from mcp_types import CallToolResult, ListToolsResult, TextContent, Tool

    from cordon.server import InvalidInput

    tools = [
        Tool(
            name=t["name"],
            description=t["description"],
            input_schema=t["inputSchema"],
            output_schema=t["outputSchema"],
            annotations=t["annotations"],
        )
        for t in TOOLS
    ]

    async def list_tools(ctx: Any, params: Any) -> ListToolsResult:
        return ListToolsResult(tools=tools)

    async def call_tool(ctx: Any, params: Any) -> CallToolResult:
        try:
            out = core.call(params.name, params.arguments)
        except InvalidInput as exc:
            return CallToolResult(
                content=[TextContent(type="text", text=f"cordon: {exc}")], is_error=True
            )
        text = orjson.dumps(out).decode()
        return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=out)

    schemas = {t["name"]: t["inputSchema"] for t in TOOLS}
    return Server(
        "cordon",
        version=__version__,
        instructions=(
            "cordon is a deterministic MCP firewall. Call check_tool_call before a tool call you "
            "make elsewhere, check_client_request before a resource read, prompt or completion "
            "request, and evaluate_tool_result before reading a tool result."
        ),
        on_list_tools=list_tools,
        on_call_tool=call_tool,
        get_tool_input_schema=schemas.get,
    )


class _Unreadable:
    """The stdio read stream, answering each line the SDK could not read as a JSON-RPC
    message: the SDK drops it with no reply (a request nested deeper than its parser's limit,
    about 200 levels, or one whose fields have the wrong types), and the client waits for
    ever. A request too deep to parse whose ``id`` can still be read gets ``-32600`` (Invalid
    Request) under that id, a line that is not JSON ``-32700`` (Parse error) and JSON that is
    no JSON-RPC message ``-32600``, both under ``null``, as JSON-RPC 2.0 says (section 5.1,
    whose example answers ``{"method": 1}`` so); a notification or a response too deep to
    parse gets nothing."""

    def __init__(self, inner: Any, write: Any) -> None:
        self._inner, self._write = inner, write

    @property
    def last_context(self) -> Any:  # the sender's context, which the SDK restores
        return getattr(self._inner, "last_context", None)

    async def receive(self) -> Any:
        while isinstance(item := await self._inner.receive(), Exception):
            await self._refuse(item)
        return item

    def __aiter__(self) -> _Unreadable:
        return self

    async def __anext__(self) -> Any:
        while isinstance(item := await self._inner.__anext__(), Exception):
            await self._refuse(item)
        return item

    async def aclose(self) -> None:
        await self._inner.aclose()

    async def __aenter__(self) -> _Unreadable:
        await self._inner.__aenter__()
        return self

    async def __aexit__(self, *exc: Any) -> Any:
        return await self._inner.__aexit__(*exc)

    async def _refuse(self, exc: Exception) -> None:
        from mcp.shared.message import SessionMessage
        from mcp_types import ErrorData, JSONRPCError

        read = getattr(exc, "errors", None)  # a pydantic ValidationError's
        first = (read() or [{}])[0] if callable(read) else {}
        unparsed = first.get("type") == "json_invalid"  # its input is then the whole line
        line = first.get("input") if unparsed else None
        try:
            msg = orjson.loads(line) if isinstance(line, str) else None
        except orjson.JSONDecodeError:  # deeper than orjson reads too, or not JSON
            msg = None
        if isinstance(msg, dict) and ("id" not in msg or "method" not in msg):
            return  # a notification or a response: JSON-RPC answers neither
        rid = msg.get("id") if isinstance(msg, dict) else None
        valid = isinstance(rid, str | int) and not isinstance(rid, bool)
        where = ".".join(str(x) for x in first.get("loc", ()))
        what = f"{where}: {first.get('msg', '')}" if where else first.get("msg", repr(exc))
        error = ErrorData(
            code=-32700 if unparsed and msg is None else -32600,
            message=f"cordon serve could not read the request: {what}"[:300],
        )
        reply = JSONRPCError(jsonrpc="2.0", id=rid if valid else None, error=error)
        await self._write.send(SessionMessage(reply))


async def serve_stdio(core: ServeCore) -> None:
    """Serve on stdin/stdout until the client closes the stream."""
    from mcp.server.lowlevel.server import NotificationOptions
    from mcp.server.stdio import stdio_server

    server = build_server(core)
    async with stdio_server() as (r, w):
        options = server.create_initialization_options(NotificationOptions())
        await server.run(_Unreadable(r, w), w, options)


def parse_hostport(value: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:8080`` for IPv6). Raises ``ValueError``."""
    host, sep, port = value.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"expected HOST:PORT, got {value!r}")
    return host.strip("[]"), int(port)


def check_loopback(host: str) -> None:
    """Refuse a listening address other than loopback (``127.0.0.0/8``, ``::1``,
    ``localhost``): ``cordon serve`` has no authentication, so anyone who reaches the port
    could decide calls in another client's session (``check_tool_call`` with its
    ``session_id`` and their own ``trusted`` text) and read the policy. Raises ``ValueError``."""
    import ipaddress

    if host.lower() == "localhost":
        return
    try:
        if ipaddress.ip_address(host).is_loopback:
            return
    except ValueError:
        pass  # a name other than localhost: it may resolve to any address
    raise ValueError(
        f"{host!r} is not a loopback address: cordon serve has no authentication, so anyone "
        "who reaches the port could decide calls in another client's session and read the "
        "policy; serve on 127.0.0.1 (or ::1), or pass --allow-non-loopback when something "
        "in front of it authenticates its clients"
    )


#: the names a browser on this machine reaches a loopback listener by (the SDK's own list)
_LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")


def _loopback_security(host: str) -> Any:
    """DNS-rebinding protection for a loopback listener: the Host header must name a loopback
    address (or ``host`` as it was given) and an Origin header, when there is one, a page
    served from one (MCP transport spec, Streamable HTTP "Security Warning": servers MUST
    validate Origin). The SDK turns this on by itself only for the exact spellings
    ``127.0.0.1``, ``localhost`` and ``::1``: any other loopback address (``127.0.0.2``,
    ``LOCALHOST``, ``0:0:0:0:0:0:0:1``) was served to a page of any site whose name was
    rebound to it."""
    from mcp.server.transport_security import TransportSecuritySettings

    given = f"[{host}]" if ":" in host else host
    names = dict.fromkeys([*_LOOPBACK_NAMES, given, given.lower()])
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        # each name with a port, or bare (port 80 or 443: a browser leaves the port out)
        allowed_hosts=[h for n in names for h in (n, f"{n}:*")],
        allowed_origins=[
            o
            for n in names
            for scheme in ("http", "https")
            for o in (f"{scheme}://{n}", f"{scheme}://{n}:*")
        ],
    )


class _LoopbackOrigins:
    """ASGI wrapper for a listener that is not loopback (``--allow-non-loopback``): a request
    whose Origin header is not a page of this machine's loopback names is refused (403), as
    the MCP transport spec requires of every server; the Host header cannot be checked (the
    names such a listener is reached by are not known), and a request with no Origin (any
    non-browser client) is let through to whatever authenticates in front."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.allowed = _loopback_security("127.0.0.1").allowed_origins

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            origin = next((v for k, v in scope["headers"] if k == b"origin"), None)
            if origin is not None and not self._allowed(origin.decode("latin-1")):
                from starlette.responses import Response

                await Response("Invalid Origin header", status_code=403)(scope, receive, send)
                return
        await self.app(scope, receive, send)

    def _allowed(self, origin: str) -> bool:
        # an origin is scheme://host[:port]: a loopback name followed by a port or nothing
        for allowed in self.allowed:  # each bare and with ":*"
            base = allowed.removesuffix(":*")
            rest = origin[len(base) :] if origin.startswith(base) else None
            port = rest[1:] if rest else ""  # ASCII digits: str.isdigit() also takes "²"
            if rest is not None and (
                not rest or (rest[:1] == ":" and port.isascii() and port.isdigit())
            ):
                return True
        return False


def serve_http(core: ServeCore, host: str, port: int) -> None:
    """Serve Streamable HTTP at ``http://HOST:PORT/mcp`` with uvicorn until interrupted.

    The socket is bound and listening before stderr says where (address, port, path, and
    whether only this machine can reach it): a client started on that line connects, and a
    port already taken is an ``OSError`` here, not a line saying it listens. Host and Origin
    are checked (:func:`_loopback_security`; Origin alone when not loopback)."""
    import socket

    import uvicorn

    try:
        check_loopback(host)
        security = _loopback_security(host)
    except ValueError:  # --allow-non-loopback
        security = None
    server = build_server(core)
    app = server.streamable_http_app(
        streamable_http_path="/mcp", host=host, transport_security=security
    )
    app = app if security is not None else _LoopbackOrigins(app)
    v6 = ":" in host
    sock = socket.create_server((host, port), family=socket.AF_INET6 if v6 else socket.AF_INET)
    try:
        where = f"http://{f'[{host}]' if v6 else host}:{sock.getsockname()[1]}/mcp"
        if security is not None:
            reach = "loopback only: this machine's clients alone can reach it"
        else:
            reach = "NOT loopback: there is no authentication, anyone who reaches it can use it"
        sys.stderr.write(f"cordon serve: listening on {where} ({reach})\n")
        sys.stderr.flush()
        uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])
    finally:
        sock.close()


def _open_audit(path: Path, core: ServeCore, policies: list[Path], empty: list[Path]) -> Any:
    """The audit log, opened with the start record ``cordon run`` writes
    (:meth:`cordon.audit.log.AuditLog.start`): cordon's version, the policy's hash, its
    ``--policy`` files and those that set nothing, so ``cordon report`` can tell which policy
    decided the verdicts after it. ``server`` is ``serve`` and ``session`` ``serve-PID``
    (this process's, not a client's): the verdicts name the servers their callers gave, and
    ``cordon report`` shows each server only this process decided for under this record's
    policy files."""
    import os

    from cordon.audit.log import AuditLog
    from cordon.policy import policy_hash

    log = AuditLog(path)
    log.start(
        version=__version__,
        policy_hash=policy_hash(core.policy),
        server="serve",
        session=f"serve-{os.getpid()}",
        policy_files=[str(p.resolve()) for p in policies],
        empty_policy_files=[str(p.resolve()) for p in empty],
    )
    return log


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command to the ``cordon`` typer app."""

    @app.command("serve")
    def serve_cmd(
        policy: Annotated[
            list[Path], typer.Option("--policy", "-p", help="Policy file; repeat to layer.")
        ] = [],  # noqa: B006 - typer reads the default
        http: Annotated[
            str | None,
            typer.Option("--http", help="Serve Streamable HTTP on HOST:PORT (path /mcp)."),
        ] = None,
        audit: Annotated[
            Path | None,
            typer.Option(
                help="Audit log for the check_tool_call and check_client_request verdicts, "
                "after a start record naming the policy (default: none)."
            ),
        ] = None,
        allow_non_loopback: Annotated[
            bool,
            typer.Option(
                "--allow-non-loopback",
                help="Let --http listen on an address other than loopback (there is no "
                "authentication: only behind something that authenticates its clients).",
            ),
        ] = False,
    ) -> None:
        """Run cordon as an MCP server (stdio, or Streamable HTTP with --http HOST:PORT)."""
        import anyio
        from rich.console import Console
        from rich.markup import escape

        from cordon.server import ServeCore

        err = Console(stderr=True, soft_wrap=True)
        try:
            core = ServeCore.from_sources(list(policy), audit_path=audit)
            from cordon.policy.loader import sets_nothing

            empty = list(filter(sets_nothing, policy))
            for path in empty:  # loaded as the defaults: not silently
                sys.stderr.write(f"cordon: warning: {path} sets nothing: the defaults apply\n")
            listen = parse_hostport(http) if http is not None else None
            if listen is not None and not allow_non_loopback:
                check_loopback(listen[0])
            if audit is not None:  # after every refusal to start: a start record, then serving
                core.audit = _open_audit(audit, core, list(policy), empty)
            if listen is not None:
                serve_http(core, *listen)
            else:
                anyio.run(serve_stdio, core)
        except PolicyError as exc:
            # the message quotes the policy file (a key, a value): never read as markup
            err.print(f"[red]cordon: policy error:[/red] {escape(str(exc))}", highlight=False)
            raise typer.Exit(2) from exc
        except (CordonError, ValueError, OSError) as exc:  # OSError: the port is taken
            err.print(f"[red]cordon serve:[/red] {escape(str(exc))}", highlight=False)
            raise typer.Exit(2) from exc
