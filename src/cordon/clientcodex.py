"""``cordon init`` for Codex: ``~/.codex/config.toml`` and a project's ``.codex/config.toml``.

Codex keeps its MCP servers as TOML tables, ``[mcp_servers.NAME]`` (codex-rs
``config/src/mcp_types.rs``, ``RawMcpServerConfig``): a stdio server has ``command``,
``args``, ``env``, ``env_vars`` (names of variables passed through from Codex's environment:
Codex gives a stdio server only a default set such as ``HOME`` and ``PATH`` plus these) and
``cwd``; a Streamable HTTP server has ``url`` with ``bearer_token_env_var``, ``http_headers``
and ``env_http_headers``. Codex refuses a table that mixes the two (``url`` with ``command``,
``oauth`` on a stdio server), so a wrapped remote server keeps none of its HTTP keys.

A stdio server becomes ``command = CORDON``, ``args = ["run", "--name", NAME, "--pin-file",
P, ..., "--", COMMAND, *ARGS]``, every other key kept. A remote one becomes ``cordon run
--url URL``: a ``bearer_token_env_var = V`` as ``--header "Authorization: Bearer ${V}"``
(cordon reads ``${V}`` from its environment) with ``V`` added to ``env_vars``; an
``env_http_headers`` entry ``H = V`` as ``--header-env H=V`` with ``V`` in ``env_vars``; an
``http_headers`` value moved into ``env`` (``CORDON_HEADER_<H>``) and read with
``--header-env``, so no token is on cordon's command line. A server with Codex's own OAuth
settings (``oauth``, ``oauth_resource``, ``scopes``) or an inline ``bearer_token`` (which Codex
refuses) is left alone, with why. The original table is kept under ``"x-cordon-upstream"``
(Codex ignores keys it does not know), which ``--undo`` restores; the rest of the file,
comments and formatting included, is written back as it was (tomlkit).
"""

from __future__ import annotations

import copy
from collections.abc import MutableMapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import tomlkit
from tomlkit.exceptions import ParseError, TOMLKitError
from tomlkit.items import KeyType, SingleKey

if TYPE_CHECKING:
    from cordon.clientconfig import ConfigPlan
    from cordon.clientpacks import InitPacks

from cordon.clientremote import (
    _env_name,
    _url_problem,
    header_env_var,
    plain_http_elsewhere,
    url_args,
)
from cordon.urlcreds import masked_url

__all__ = [
    "is_codex_config",
    "parse_codex",
    "plan_codex_init",
    "plan_codex_undo",
    "unwrap_codex_entry",
    "wrap_codex_entry",
]

UPSTREAM_KEY = "x-cordon-upstream"
SERVERS_KEY = "mcp_servers"
#: the keys of a Streamable HTTP server's table, none of which a stdio table may carry
_HTTP_KEYS = ("url", "bearer_token_env_var", "http_headers", "env_http_headers")
#: keys that mean Codex itself does something per connection that ``cordon run`` cannot
_BLOCKING = {
    "bearer_token": "it has an inline bearer_token, which Codex refuses (use bearer_token_env_var)",
    "oauth": "it carries Codex's own OAuth settings (oauth)",
    "oauth_resource": "it carries Codex's own OAuth settings (oauth_resource)",
    "scopes": "it carries Codex's own OAuth settings (scopes)",
}
#: what a stdio table may hold that the restored remote table must not (Codex refuses them)
_STDIO_ONLY = ("command", "args", "env", "env_vars", "cwd")
_MISSING = object()
#: the start-up timeout init gives a server that names none (Codex's default is 10 s:
#: codex-rs ``DEFAULT_STARTUP_TIMEOUT``; cordon's imports, policy and pin checks and, on a
#: new home, its scanner's first compile come before the server's own start)
STARTUP_TIMEOUT_S = 30


def is_codex_config(path: Path) -> bool:
    """A TOML file: Codex's ``config.toml`` (no other supported client uses TOML)."""
    return path.suffix.lower() == ".toml"


def parse_codex(raw: bytes, path: Path, error: type[Exception]) -> tomlkit.TOMLDocument:
    """The document, or ``error`` naming the line of a syntax error."""
    try:
        return tomlkit.parse(raw.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise error(f"{path}: not UTF-8 text") from exc
    except ParseError as exc:
        raise error(f"{path}:{exc.line}: invalid TOML: {exc}") from exc
    except TOMLKitError as exc:
        raise error(f"{path}: invalid TOML: {exc}") from exc


def servers_of(doc: tomlkit.TOMLDocument, path: Path, error: type[Exception]) -> Any:
    """The ``[mcp_servers]`` table (None when the file has none)."""
    table = doc.get(SERVERS_KEY)
    if table is not None and not isinstance(table, MutableMapping):
        raise error(f"{path}: {SERVERS_KEY} is not a table")
    return table


def plain(item: Any) -> Any:
    """A tomlkit item as plain Python values (for reading, hashing and comparing)."""
    return item.unwrap() if hasattr(item, "unwrap") else copy.deepcopy(item)


def left_alone(entry: dict[str, Any]) -> str | None:
    """Why a remote table stays as it is, or None."""
    for key, why in _BLOCKING.items():
        if key in entry:
            return why
    if "command" in entry:
        return "it has both url and command, which Codex refuses"
    problem = _url_problem(entry.get("url"))
    if problem is not None:
        return problem
    for key in ("http_headers", "env_http_headers"):
        raw = entry.get(key) or {}
        if not isinstance(raw, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in raw.items()
        ):
            return f"its {key} is not a table of header names to strings"
    if not isinstance(entry.get("bearer_token_env_var", ""), str):
        return "its bearer_token_env_var is not a string"
    return None


def _remote_args(
    entry: dict[str, Any],
) -> tuple[list[str], dict[str, str], list[str], list[tuple[str, str]]]:
    """``--url``/header arguments for a remote table: (args, env, env_vars, the ``(header,
    env var)`` pairs of the ``http_headers`` values moved into ``env``)."""
    url = entry["url"]
    env: dict[str, str] = {}
    args = url_args(url, env)  # a URL with a key goes in env, off the command line
    env_vars: list[str] = []
    moved: list[tuple[str, str]] = []
    bearer = entry.get("bearer_token_env_var")
    if bearer:
        # the value on cordon's argv is the reference, never the token: cordon reads ${V}
        args += ["--header", f"Authorization: Bearer ${{{bearer}}}"]
        env_vars.append(bearer)
    for header, var in (entry.get("env_http_headers") or {}).items():
        args += ["--header-env", f"{header}={var}"]
        if var not in env_vars:
            env_vars.append(var)
    for header, value in (entry.get("http_headers") or {}).items():
        if not value:
            args += ["--header", f"{header}:"]
            continue
        var = _env_name(header, env, value)
        env[var] = value
        moved.append((header, var))
        args += ["--header-env", header if var == header_env_var(header) else f"{header}={var}"]
    if plain_http_elsewhere(url):  # Codex already spoke plain HTTP to it
        args.append("--allow-http")
    return args, env, env_vars, moved


def _inline(values: dict[str, Any]) -> Any:
    """``values`` as one inline table (nested tables inline too): the original server's
    record stays one line under the server it belongs to."""
    out = tomlkit.inline_table()
    for key, value in values.items():
        out[key] = _inline(value) if isinstance(value, dict) else value
    return out


def _upstream_key() -> SingleKey:
    # quoted, as WRAPPED_MARK (cordon.clientbackups) finds it in any client's file
    return SingleKey(UPSTREAM_KEY, t=KeyType.Basic)


def wrap_codex_entry(
    table: Any, head: list[str], cordon_command: str
) -> tuple[dict[str, Any], list[str]]:
    """Rewrite the tomlkit ``table`` of one server in place (module docstring): ``head`` is
    cordon's own arguments (``run --name ... --pin-file ...``). Returns the original as plain
    values and the lines saying which header values moved into ``env``."""
    entry = plain(table)
    moved: list[tuple[str, str]] = []
    if "url" in entry:
        extra, env, env_vars, moved = _remote_args(entry)
        for key in _HTTP_KEYS:
            if key in table:
                del table[key]
        table["command"] = cordon_command
        table["args"] = [*head, *extra]
        if env:
            table["env"] = _inline(env)
        if env_vars:
            table["env_vars"] = env_vars
    else:
        table["command"] = cordon_command
        table["args"] = [*head, "--", entry["command"], *entry.get("args", [])]
    said = [f"header {h}: its value moved to env {v}, off the command line" for h, v in moved]
    if _startup_timeout(entry):
        table["startup_timeout_sec"] = STARTUP_TIMEOUT_S
        said.append(
            f"startup_timeout_sec = {STARTUP_TIMEOUT_S}: Codex waits 10 s by default for a "
            "server to start, and cordon's own start-up adds seconds on a busy machine"
        )
    # set, not appended: a table written with dotted keys (``mcp_servers.NAME.command``) or
    # split around another table is a tomlkit proxy without ``append`` (init stopped there)
    table[_upstream_key()] = _inline(entry)
    return entry, said


def _startup_timeout(entry: dict[str, Any]) -> bool:
    """Whether init sets :data:`STARTUP_TIMEOUT_S` (the entry names no start-up timeout)."""
    return "startup_timeout_sec" not in entry and "startup_timeout_ms" not in entry


def _as_wrapped(upstream: dict[str, Any]) -> dict[str, Any]:
    """The keys :func:`wrap_codex_entry` gave the table of ``upstream``, but ``command`` and
    ``args`` (cordon's own arguments are not the user's edits)."""
    out = dict(upstream)
    if "url" in upstream:
        _, env, env_vars, _ = _remote_args(upstream)
        out = {k: v for k, v in upstream.items() if k not in _HTTP_KEYS}
        if env:
            out["env"] = env
        if env_vars:
            out["env_vars"] = env_vars
    if _startup_timeout(upstream):
        out["startup_timeout_sec"] = STARTUP_TIMEOUT_S
    return out


def unwrap_codex_entry(table: Any) -> tuple[dict[str, Any], list[str]]:
    """The server's table as it was before ``cordon init``, and the edits made since that are
    kept: a key the user changed, added or removed in the wrapped table keeps its state (as
    :mod:`cordon.clientunwrap` does for JSON clients), a key as init wrote it gets its
    original back; a header value rotated in ``env`` goes back into ``http_headers``."""
    current = plain(table)
    upstream = current.pop(UPSTREAM_KEY)
    restored = copy.deepcopy(upstream)
    wrote = _as_wrapped(upstream)
    edited: list[str] = []
    remote = "url" in upstream
    if remote:
        env = current.get("env") if isinstance(current.get("env"), dict) else {}
        for header, var in _remote_args(upstream)[3]:
            new = env.get(var)
            if isinstance(new, str) and new != restored["http_headers"].get(header):
                restored["http_headers"][header] = new
                edited.append("header value")
    for key in [*wrote, *(k for k in current if k not in wrote)]:
        if key in ("command", "args") or (remote and key in _STDIO_ONLY):
            continue  # cordon's arguments; what a remote table cannot hold
        now, then = current.get(key, _MISSING), wrote.get(key, _MISSING)
        if now == then:
            continue
        edited.append(key)
        if now is _MISSING:
            restored.pop(key, None)
        else:
            restored[key] = now
    # the server's command line is the one after `--` now (another script, a new flag), as
    # for JSON clients (cordon.clientunwrap): the record holds it as it was at init
    args = current.get("args") if isinstance(current.get("args"), list) else []
    tail = args[args.index("--") + 1 :] if "--" in args else []
    if tail and not remote and "command" in upstream:
        if [upstream["command"], *upstream.get("args", [])] != tail:
            edited.append("command line")
        restored["command"] = tail[0]
        if len(tail) > 1 or "args" in upstream:
            restored["args"] = list(tail[1:])
    return restored, list(dict.fromkeys(edited))


def restore_in_place(doc: tomlkit.TOMLDocument, name: str, values: dict[str, Any]) -> None:
    """Give server ``name``'s tomlkit table exactly ``values``, in place: keys whose value is
    unchanged keep their layout and comments; a table value is written inline, as Codex's own
    examples write ``env``. The table is looked up anew for each change: one written with
    dotted keys (``mcp_servers.NAME.command``) or split around another table is a tomlkit
    proxy that goes stale once a key is removed from it (the next removal raised)."""

    def table() -> Any:
        return doc[SERVERS_KEY][name]

    for key in list(table().keys()):
        if key not in values:
            del table()[key]
    for key, value in values.items():
        if key in table() and plain(table()[key]) == value:
            continue
        table()[key] = _inline(value) if isinstance(value, dict) else value


def _load(path: Path, raw: bytes, servers: Sequence[str]) -> tuple[Any, list[tuple[str, Any]]]:
    """The document and its servers table, every ``--server`` name checked in it."""
    from cordon.clientconfig import ClientConfigError, _check_names

    doc = parse_codex(raw, path, ClientConfigError)
    servers_of(doc, path, ClientConfigError)
    tables = codex_tables(doc)
    _check_names(tables, servers, path)
    return doc, tables


def codex_tables(doc: tomlkit.TOMLDocument) -> list[tuple[str, Any]]:
    """``(prefix, servers)`` as :func:`cordon.clientconfig._tables` gives them."""
    table = doc.get(SERVERS_KEY)
    return [("", table)] if isinstance(table, MutableMapping) else []


def codex_init(
    path: Path,
    raw: bytes,
    servers: Sequence[str],
    pols: Sequence[str],
    cordon_command: str,
    pins_root: Path,
    packs: InitPacks | None = None,
) -> ConfigPlan:
    """:func:`cordon.clientconfig.plan_init` for Codex's TOML."""
    return cast(
        "ConfigPlan",
        plan_codex_init(
            path,
            raw,
            servers=servers,
            pols=pols,
            cordon_command=cordon_command,
            pins_root=pins_root,
            packs=packs,
        ),
    )


def plan_codex_init(
    path: Path,
    raw: bytes,
    *,
    servers: Sequence[str],
    pols: Sequence[str],
    cordon_command: str,
    pins_root: Path,
    packs: InitPacks | None = None,
) -> Any:
    """:func:`cordon.clientconfig.plan_init` for a Codex ``config.toml``; ``packs``
    (``--packs``): each wrapped server's pack policy, as for the JSON clients."""
    from cordon.clientconfig import (
        ConfigPlan,
        _head,
        _left_as_is,
        pin_file_for,
        pins_note,
        without_stale_record,
    )
    from cordon.clientpacks import InitPacks, give_pack
    from cordon.clientpolicy import in_git_tree_warning, one_server_per_pack

    gave = packs if packs is not None else InitPacks()
    doc, tables = _load(path, raw, servers)
    messages: list[str] = []
    warnings: list[str] = []
    changed: list[str] = []
    not_done: list[str] = []
    for _, table in tables:
        for name, item in table.items():
            if servers and name not in servers:
                continue
            entry = plain(item)
            if without_stale_record(name, entry, warnings) is not entry:
                del item[UPSTREAM_KEY]  # no cordon run goes with it: planned as it is now
                entry = plain(item)
            why = _why_not(name, entry)
            if why is not None:
                (warnings if why[0] else messages).append(why[1])
                not_done += _left_as_is("", name, entry, pols, path, servers, warnings, "", gave)
                messages += give_pack(gave, name, "codex", None, path, [], entry)
                continue
            url = entry.get("url")
            pins = pin_file_for(name, {"url": url} if url else entry, pins_root)
            _, moved = wrap_codex_entry(item, _head(name, pols, pins), cordon_command)
            tail = f"--url {masked_url(url)}" if url else "--"
            said = [f"{name}: wrapped: {cordon_command} run --name {name} ... {tail}"]
            said += [f"{name}: {m}" for m in moved]
            wrapped = {"args": list(item["args"]), UPSTREAM_KEY: entry}
            messages += give_pack(gave, name, "codex", wrapped, path, said)
            if wrapped["args"] != list(item["args"]):
                item["args"] = wrapped["args"]
            changed.append(name)
    if not tables:
        messages.append(f"no [{SERVERS_KEY}] in this file")
    if len(changed) > 1:
        one_server_per_pack(pols, changed)
    if changed:
        messages.append(pins_note(changed))
        warnings += in_git_tree_warning(path)  # a project's .codex/config.toml, a dotfiles repo
    new = tomlkit.dumps(doc).encode("utf-8") if changed else raw
    return ConfigPlan(
        path=path,
        kind="codex",
        old=raw,
        new=new,
        messages=tuple(messages),
        changed_servers=tuple(changed),
        warnings=tuple(warnings),
        not_done=tuple(not_done),
        policy_files=gave.files,
    )


def _why_not(name: str, entry: Any) -> tuple[bool, str] | None:
    """Why a server's table is not wrapped: (a warning for stderr?, the line), or None."""
    from cordon.clientconfig import _is_cordon

    if not isinstance(entry, dict):
        return True, f"{name}: not a table, NOT wrapped: left as it is"
    if _is_cordon(entry):
        return False, f"{name}: already behind cordon, unchanged"
    if "url" in entry:
        why = left_alone(entry)
        return None if why is None else (True, f"{name}: remote server left alone: {why}")
    if not isinstance(entry.get("command"), str) or not isinstance(entry.get("args", []), list):
        return True, f"{name}: no command (or args is not a list), NOT wrapped: left as it is"
    return None


def plan_codex_undo(path: Path, raw: bytes, *, servers: Sequence[str]) -> Any:
    """:func:`cordon.clientconfig.plan_undo` for a Codex ``config.toml``: the exact bytes of
    a backup when the unwrapped file equals it, else the file as it is now with each wrapped
    table restored (:func:`unwrap_codex_entry`)."""
    from cordon.clientconfig import ClientConfigError, ConfigPlan, _is_cordon, find_backups

    doc, tables = _load(path, raw, servers)
    messages: list[str] = []
    changed: list[str] = []
    for _, table in tables:
        for name, item in table.items():
            if servers and name not in servers:
                continue
            if not isinstance(item, MutableMapping) or UPSTREAM_KEY not in item:
                continue
            if not isinstance(plain(item[UPSTREAM_KEY]), dict):
                raise ClientConfigError(f"{path}: {name}: {UPSTREAM_KEY} is not a table")
            changed.append(name)
            if not _is_cordon({k: v for k, v in plain(item).items() if k != UPSTREAM_KEY}):
                del item[UPSTREAM_KEY]  # pointed at another program since: the user's choice
                messages.append(
                    f"{name}: no longer runs cordon (edited since); kept as it is, "
                    f"{UPSTREAM_KEY} removed"
                )
                continue
            restored, edited = unwrap_codex_entry(item)
            restore_in_place(doc, name, restored)
            kept = f"; kept your edits since init: {', '.join(edited)}" if edited else ""
            messages.append(f"{name}: unwrapped{kept}")
    if not changed:
        messages.append("nothing to undo: no entry carries " + UPSTREAM_KEY)
        return ConfigPlan(path=path, kind="codex", old=raw, new=raw, messages=tuple(messages))
    new, restores = tomlkit.dumps(doc).encode("utf-8"), None
    for backup in find_backups(path):
        try:
            braw = backup.read_bytes()
            same = plain(parse_codex(braw, backup, ClientConfigError)) == plain(doc)
        except (OSError, ClientConfigError):
            continue
        if same:
            new, restores = braw, backup
            messages.append(f"will restore the exact bytes of {backup}")
            break
    return ConfigPlan(
        path=path,
        kind="codex",
        old=raw,
        new=new,
        messages=tuple(messages),
        changed_servers=tuple(changed),
        restores=restores,
    )
