"""Remote servers in client configs, for ``cordon init``: ``url`` entries and ``mcp-remote``.

Two shapes reach a remote server from a client config:

- a ``url`` entry (``{"type": "http", "url": U, "headers": {...}}``; Cursor and Claude Desktop
  may omit ``type``), which the client connects to itself;
- a stdio entry running the ``mcp-remote`` bridge: ``npx [-y|--yes] mcp-remote[@VERSION] URL
  [--header NAME:VALUE ...]`` (or the ``mcp-remote`` command itself, installed globally).

Both become one stdio entry, ``cordon run ... [--sse] --url URL [--header-env NAME ...]``
(:func:`wrap_remote`). ``--sse`` when the server speaks the legacy HTTP+SSE transport (MCP
2024-11-05, :mod:`cordon.proxy.sse`): ``type: "sse"``; a URL whose path ends in ``/sse`` with
no transport that says otherwise (the transport's customary endpoint; ``mcp-remote``'s default
``http-first`` falls back to SSE there too); Gemini CLI's ``url`` without ``type`` (its legacy
SSE key, :func:`url_view`); ``mcp-remote --transport sse-only``. Streamable HTTP otherwise.
No header value is put on the command line, where every local user can
read it (``ps``, ``/proc/PID/cmdline``): each value moves, as written, to the entry's ``env`` as
``CORDON_HEADER_<NAME>`` and the argument is ``--header-env NAME`` (``NAME=VAR`` when the
entry's env already uses that variable otherwise). ``cordon run`` reads the value from that
variable (:func:`env_header_specs`). A value that references a variable keeps its reference:
every client that expands variables in a header or an argument expands them in ``env`` too
(Claude Code ``${VAR}`` and ``${VAR:-default}``; Cursor ``${env:VAR}``; VS Code ``${env:VAR}``
and ``${input:ID}``), so the resolved token reaches cordon's environment, not its argv; a
``${VAR}`` the client leaves as it is (Claude Desktop expands nothing; ``mcp-remote`` read it
from its own environment) is read by ``cordon run`` from its environment, the entry's ``env``.
A header with an empty value stays a ``--header NAME:`` argument: it carries nothing.
The secret stays in the same file it was already in.

Left as they were, with the reason (:func:`remote_target` and :func:`mcp_remote_target`): a
transport other than Streamable HTTP and HTTP+SSE (``ws``...); a URL that is not a literal
``http(s)://`` one; a header list the client computes (``headersHelper``) or a client-side OAuth
set-up (``oauth``, ``auth``; Gemini CLI's ``authProviderType`` Google credentials or service
account impersonation), which cordon cannot carry; and any ``mcp-remote`` flag ``cordon run``
has no equivalent for (OAuth options, ``--ignore-tool``, a callback port, ``--debug``,
``--transport sse-first`` to a URL not ending in ``/sse``, whose transport is only known once
mcp-remote has connected...): those entries keep running ``mcp-remote``, behind cordon as any
stdio server is.
"""

from __future__ import annotations

import copy
import ipaddress
import re
import shlex
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any
from urllib.parse import urlsplit

from cordon.urlcreds import url_credentials

__all__ = [
    "URL_ENV",
    "url_args",
    "url_view",
    "RemoteTarget",
    "argv_header_warning",
    "env_header_specs",
    "header_env_var",
    "mcp_remote_target",
    "remote_target",
    "wrap_remote",
]

#: a key :func:`url_view` puts in its view of a Gemini CLI entry: the wrapped entry gets no
#: ``type`` (Gemini CLI knows ``sse`` and ``http`` only, and reads ``type`` beside ``url``)
_NO_TYPE = "x-cordon-no-type"
#: keys of a url entry that only make sense to a client connecting over HTTP itself
_DROPPED = frozenset({"url", "headers", _NO_TYPE})
_HTTP_TYPES = frozenset({"http", "streamable-http", "streamablehttp"})
#: keys that mean the client does something per connection that ``cordon run`` cannot
_BLOCKING = {
    "headersHelper": "its headers come from a helper command (headersHelper)",
    "oauth": "it carries the client's own OAuth settings (oauth)",
    "auth": "it carries the client's own OAuth settings (auth)",
}
_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
#: mcp-remote's own ``--header`` syntax (src/lib/utils.ts parseCommandLineArgs)
_MCP_REMOTE_HEADER = re.compile(r"([A-Za-z0-9_-]+):\s*(.*)", re.S)
_MCP_REMOTE_PACKAGE = re.compile(r"mcp-remote(@[^\s/]+)?")
#: mcp-remote's ``--transport`` strategies (src/lib/utils.ts TransportStrategy)
_MCP_REMOTE_TRANSPORTS = frozenset({"http-first", "http-only", "sse-first", "sse-only"})
#: mcp-remote flags that take a value (so the value is not read as the URL or a port)
_VALUE_FLAGS = frozenset(
    {
        "--header",
        "--transport",
        "--host",
        "--callback-path",
        "--static-oauth-client-metadata",
        "--static-oauth-client-info",
        "--resource",
        "--ignore-tool",
        "--auth-timeout",
        "--protocol",
    }
)


@dataclass(frozen=True, slots=True)
class RemoteTarget:
    """A remote server to put behind ``cordon run --url`` (``--sse --url``).

    Attributes:
        url: the endpoint.
        headers: ``(name, value)`` pairs in the entry's order, values as written.
        via: ``"url"`` (a url entry) or ``"mcp-remote"``.
        sse: the legacy HTTP+SSE transport (``cordon run --sse``), not Streamable HTTP.
    """

    url: str
    headers: tuple[tuple[str, str], ...] = ()
    via: str = "url"
    sse: bool = False


def _url_problem(url: Any) -> str | None:
    if url is None or url == "":
        return "it has no URL"
    if not isinstance(url, str) or not url.startswith(("https://", "http://")):
        return f"its URL {url!r} is not a literal http(s) URL"
    return None


def _sse_path(url: str) -> bool:
    """The URL's path ends in ``/sse``: the legacy HTTP+SSE transport's customary endpoint,
    taken as that transport when nothing says which one the server speaks."""
    return urlsplit(url).path.rstrip("/").endswith("/sse")


def remote_target(entry: dict[str, Any]) -> RemoteTarget | str:
    """The server a url entry reaches, or why ``cordon init`` leaves the entry alone."""
    kind = str(entry.get("type", "")).lower()
    if kind and kind != "sse" and kind not in _HTTP_TYPES:
        return (
            f"its transport is {kind!r}; cordon run --url speaks Streamable HTTP and "
            "(--sse) the legacy HTTP+SSE transport only"
        )
    for key, why in _BLOCKING.items():
        if key in entry:
            return why
    # Gemini CLI's Google ID token (ADC, service account impersonation) is minted by the
    # client per connection; its dynamic_discovery is the OAuth cordon run does itself
    provider = entry.get("authProviderType")
    if provider not in (None, "dynamic_discovery"):
        return f"the client mints its token itself (authProviderType {provider!r})"
    problem = _url_problem(entry.get("url"))
    if problem is not None:
        return problem
    raw = entry.get("headers") or {}
    if not isinstance(raw, dict) or not all(
        isinstance(k, str) and _TOKEN.fullmatch(k) and isinstance(v, str) for k, v in raw.items()
    ):
        return "its headers are not an object of header names to strings"
    sse = kind == "sse" or (not kind and _sse_path(entry["url"]))
    return RemoteTarget(url=entry["url"], headers=tuple(raw.items()), via="url", sse=sse)


def _mcp_remote_args(entry: dict[str, Any]) -> list[str] | None:
    """The arguments after ``mcp-remote`` when the entry runs it, else None."""
    cmd, args = entry.get("command"), entry.get("args", [])
    if not isinstance(cmd, str) or not isinstance(args, list):
        return None
    if not all(isinstance(a, str) for a in args):
        return None
    exe = PurePath(cmd.replace("\\", "/")).name.lower()
    for suffix in (".cmd", ".exe"):
        exe = exe.removesuffix(suffix)
    if exe == "mcp-remote":
        return list(args)
    if exe != "npx":
        return None
    rest = list(args)
    while rest and rest[0] in ("-y", "--yes"):
        rest.pop(0)
    if rest and _MCP_REMOTE_PACKAGE.fullmatch(rest[0]):
        return rest[1:]
    return None


def mcp_remote_target(entry: dict[str, Any]) -> RemoteTarget | str | None:
    """The server an ``mcp-remote`` entry bridges to; None when the entry does not run
    ``mcp-remote``; a reason when it does with something ``cordon run --url`` cannot do."""
    rest = _mcp_remote_args(entry)
    if rest is None:
        return None
    url: str | None = None
    headers: list[tuple[str, str]] = []
    other: list[str] = []
    transport: str | None = None
    i = 0
    while i < len(rest):
        arg, value = rest[i], rest[i + 1] if i + 1 < len(rest) else None
        m = _MCP_REMOTE_HEADER.fullmatch(value) if arg == "--header" and value else None
        if m is not None:
            headers.append((m.group(1), m.group(2)))
        elif arg == "--transport" and value in _MCP_REMOTE_TRANSPORTS:
            transport = value
        elif arg == "--allow-http":  # cordon run --url takes http:// URLs as they are
            pass
        elif arg == "--header":  # values are not shown: they may be credentials
            other.append("--header without NAME:VALUE (mcp-remote ignores it)")
        elif arg.startswith("-"):
            other.append(arg)
        elif url is None:
            url = arg
        else:
            other.append("a second positional argument (the OAuth callback port)")
        i += 2 if arg in _VALUE_FLAGS else 1
    if other:
        return "mcp-remote option(s) cordon run has no equivalent for: " + ", ".join(other)
    problem = _url_problem(url)
    if problem is not None:
        return problem
    assert url is not None
    # http-first (the default) and sse-first fall back to the other transport when the first
    # fails: an /sse path is where the legacy one ends up; sse-first elsewhere could end on
    # either, known only once mcp-remote has connected
    sse = transport == "sse-only" or (transport != "http-only" and _sse_path(url))
    if transport == "sse-first" and not sse:
        return (
            "mcp-remote option(s) cordon run has no equivalent for: --transport sse-first to "
            "a URL not ending in /sse (SSE, or Streamable HTTP when that fails)"
        )
    return RemoteTarget(url=url, headers=tuple(headers), via="mcp-remote", sse=sse)


def plain_http_elsewhere(url: str) -> bool:
    """A plain ``http://`` URL on a host other than this machine (``cordon run --url``
    refuses one without ``--allow-http``: credentials would cross the network in clear)."""
    if not url.startswith("http://"):
        return False
    host = (urlsplit(url).hostname or "").lower()
    if host == "localhost":
        return False
    try:
        return not ipaddress.ip_address(host).is_loopback
    except ValueError:
        return True


def header_env_var(header: str) -> str:
    """``CORDON_HEADER_<NAME>``: the variable ``cordon run --header-env NAME`` reads by default
    (``X-Api-Key`` -> ``CORDON_HEADER_X_API_KEY``)."""
    return "CORDON_HEADER_" + re.sub(r"[^A-Za-z0-9]", "_", header).upper()


def env_header_specs(specs: list[str], env: dict[str, str]) -> list[str]:
    """``--header-env NAME[=VAR]`` as ``NAME:VALUE`` specs for ``--header`` (whose ``${VAR}``
    reading then applies to the value too), VALUE read from ``env[VAR]``.

    Raises:
        ValueError: an empty name, or a variable that is not set (never its value).
    """
    out: list[str] = []
    for spec in specs:
        name, _, var = spec.partition("=")
        name, var = name.strip(), var.strip() or header_env_var(name.strip())
        if not name or not _TOKEN.fullmatch(name):
            raise ValueError(f"--header-env needs NAME or NAME=VAR, got {name!r}")
        if var not in env:
            raise ValueError(f"--header-env {name}: environment variable {var} is not set")
        # the ${VAR} the value reads (``--header``'s reading, parse_header), checked here so
        # that its error names the option the user gave
        for ref in re.findall(r"\$\{([^}]*)(\}|$)", env[var]):
            if not ref[1]:
                raise ValueError(f"--header-env {name}: unclosed ${{ in the value of {var}")
            if ref[0] not in env:
                raise ValueError(
                    f"--header-env {name}: the value of {var} reads ${{{ref[0]}}}, and "
                    f"environment variable {ref[0]} is not set"
                )
        out.append(f"{name}:{env[var]}")
    return out


def _env_name(header: str, env: dict[str, Any], value: str) -> str:
    """:func:`header_env_var`, suffixed when the entry's env already uses it otherwise."""
    base = header_env_var(header)
    name, n = base, 1
    while name in env and env[name] != value:
        n += 1
        name = f"{base}_{n}"
    return name


def _header_args(
    target: RemoteTarget, env: dict[str, Any]
) -> tuple[list[str], list[tuple[str, str]]]:
    """``--header-env`` arguments, the values moved into ``env``. Returns (args, moved)."""
    args: list[str] = []
    moved: list[tuple[str, str]] = []
    for name, value in target.headers:
        if not value:
            args += ["--header", f"{name}:"]
            continue
        var = _env_name(name, env, value)
        env[var] = value
        moved.append((name, var))
        args += ["--header-env", name if var == header_env_var(name) else f"{name}={var}"]
    return args, moved


#: the variable ``cordon init`` gives ``cordon run --url-env`` for a URL that carries a key
URL_ENV = "CORDON_URL"


def _keep_off_argv(url: str) -> bool:
    """A URL that may carry a key (:func:`url_args`): it goes in ``env``."""
    return bool(url_credentials(url)) or "$" in url or bool(urlsplit(url).query)


def url_args(url: str, env: dict[str, Any]) -> list[str]:
    """``--url URL``; for a URL that carries a key (:func:`cordon.urlcreds.url_credentials`:
    a capability URL's path key, ``?api_key=``, ``user:password@``), ``--url-env VAR`` with
    the URL put in ``env``: off cordon's command line, which every local user can read. So
    is a URL with a query (a key under a name no list knows: ``?k=...``) or a variable
    reference (``${env:KEY}``: the client expands it in cordon's arguments too, where it had
    kept the URL in its own process)."""
    if not _keep_off_argv(url):
        return ["--url", url]
    var, n = URL_ENV, 1
    while var in env and env[var] != url:
        n += 1
        var = f"{URL_ENV}_{n}"
    env[var] = url
    return ["--url-env", var]


def wrap_remote(
    entry: dict[str, Any],
    target: RemoteTarget,
    *,
    cordon_command: str,
    head: list[str],
    upstream_key: str,
) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The stdio entry running ``cordon_command`` with ``head`` + ``[--sse] --url`` +
    ``--header-env``.

    Every key but ``url``, ``headers``, ``command`` and ``args`` is kept in place (``type``
    becomes ``stdio``, or goes where :func:`url_view` says the client has no such type); the
    whole original entry goes under ``upstream_key``. Returns the entry and the ``(header,
    env var)`` pairs whose values moved into ``env``.
    """
    given = entry.get("env")
    env: dict[str, Any] = copy.deepcopy(given) if isinstance(given, dict) else {}
    headers, moved = _header_args(target, env)
    sse = ["--sse"] if target.sse else []
    args = [*head, *sse, *url_args(target.url, env), *headers]
    if plain_http_elsewhere(target.url):  # the client already spoke plain HTTP to it
        args.append("--allow-http")
    out: dict[str, Any] = {}
    for key, value in entry.items():
        if key == "type":
            if not entry.get(_NO_TYPE):
                out["type"] = "stdio"
        elif key in ("command", "url") and "command" not in out:
            out["command"] = cordon_command
            out["args"] = args
        elif key == "env":
            out["env"] = env
        elif key not in _DROPPED and key not in ("command", "args"):
            out[key] = copy.deepcopy(value)
    if "command" not in out:  # an entry with neither url nor command cannot get here
        out["command"], out["args"] = cordon_command, args
    if env and "env" not in out:
        out["env"] = env
    out[upstream_key] = copy.deepcopy(entry)
    return out, moved


def argv_header_warning(name: str, entry: dict[str, Any], config: str) -> str | None:
    """For an entry already behind cordon whose ``cordon run`` carries a header value on its
    command line (``--header NAME:VALUE``, as ``cordon init`` wrote them before values moved
    to ``env``): the warning that says so and the two commands that move them, with the
    entry's own ``--policy`` files; None when there is none."""
    raw = entry.get("args")
    args: list[Any] = raw if isinstance(raw, list) else []
    own = args[: args.index("--")] if "--" in args else args
    if "--url" not in own:
        return None
    valued = [
        "header " + str(own[i + 1]).partition(":")[0]
        for i, a in enumerate(own[:-1])
        if a == "--header" and str(own[i + 1]).partition(":")[2].strip()
    ]
    at = own.index("--url")
    if at + 1 < len(own) and _keep_off_argv(str(own[at + 1])):
        valued.append("its URL (a key, a query or a variable)")
    if not valued:
        return None
    pols = "".join(
        f" --policy {shlex.quote(str(own[i + 1]))}"
        for i, a in enumerate(own[:-1])
        if a == "--policy"
    )
    init = f"cordon init --config {shlex.quote(config)}"
    server = shlex.quote(name)
    return (
        f"{name}: {', '.join(valued)} is on cordon's command line, which every local "
        f"user can read (ps), as an earlier cordon init wrote it; to move it into env: "
        f"{init} --undo --server {server}, then {init} --server {server}{pols}"
    )


def url_view(kind: str, entry: Any) -> Any:
    """``entry`` with its remote endpoint as a ``url`` entry: Gemini CLI's ``httpUrl``
    (Streamable HTTP, used before any ``url``) and ``url`` (the legacy SSE transport, unless
    its ``type`` says ``http``), and Windsurf's ``serverUrl`` (either transport: an ``/sse``
    path is taken as the legacy one). A Gemini CLI entry, whose ``type`` knows only ``sse``
    and ``http``, is wrapped without one."""
    if not isinstance(entry, dict) or kind not in ("gemini", "windsurf"):
        return entry
    view = dict(entry)
    if kind == "gemini" and ("url" in view or "httpUrl" in view):
        view[_NO_TYPE] = True
        if "httpUrl" in view:
            view["type"] = "http"
        elif "type" not in view:
            view["type"] = "sse"
    key = "httpUrl" if kind == "gemini" else "serverUrl"
    if key in view:
        view["url"] = view.pop(key)
    return view
