"""``cordon init``: put cordon in front of the servers of an MCP client config.

Supported files (issue 7):

==================  ===================================  ===============================
client              file                                 servers key
==================  ===================================  ===============================
Claude Code         ``.mcp.json``                        ``mcpServers``
Claude Code         ``~/.claude.json``                   ``mcpServers`` and
                                                         ``projects.*.mcpServers``
Cursor              ``~/.cursor/mcp.json``               ``mcpServers``
Claude Desktop      ``claude_desktop_config.json``       ``mcpServers``
VS Code             ``.vscode/mcp.json``                 ``servers`` (``type: "stdio"``)
Codex               ``~/.codex/config.toml``             ``[mcp_servers.NAME]`` tables
                    (TOML: :mod:`cordon.clientcodex`)
Gemini CLI          ``~/.gemini/settings.json``          ``mcpServers`` (``httpUrl``:
                                                         Streamable HTTP; ``url``: SSE)
Windsurf            ``~/.codeium/windsurf/               ``mcpServers`` (``serverUrl``)
                    mcp_config.json``
Zed                 ``~/.config/zed/settings.json``,     ``context_servers``
                    ``.zed/settings.json``
opencode            ``opencode.json(c)``, in a project   ``mcp`` (``command`` a list;
                    or ``~/.config/opencode/``           :mod:`cordon.clientzedopencode`)
==================  ===================================  ===============================

Claude Code's user file ``~/.claude.json`` holds the user-scope servers at the top and the
local-scope ones (its default ``claude mcp add``) under each project: both are wrapped.

A stdio entry ``{"command": C, "args": A, ...}`` becomes
``{"command": "cordon", "args": ["run", "--name", NAME, "--pin-file", P, ("--policy", F)...,
"--", C, *A], ...}`` (``cordon`` written as the absolute path of the running cordon unless
``cordon init --no-absolute``: :func:`resolve_cordon_command`) with every other key (``type``, ``env``, ``cwd``, ``envFile``...) kept, so the client still
sets the environment and directory, which ``cordon run`` passes to the upstream. The whole
original entry is kept under ``x-cordon-upstream``. ``P`` (:func:`pin_file_for`) is one
pin file per server under ``~/.cordon/pins/``, so pins outlive the process: a definition that
changes between launches (``npx -y`` fetching a newer package) is a rug pull
(``pin.changed``), not the new baseline; ``cordon pin accept --server NAME`` finds that file
to re-approve it.

A remote entry (``url``, ``type`` ``http`` or ``sse``) and a stdio entry that runs the
``mcp-remote`` bridge both become ``{"command": "cordon", "args": ["run", "--name", NAME,
"--pin-file", P, ..., ("--sse",) "--url", URL, ("--header-env", "NAME")...]}`` with each
header's value in ``env``, the original under ``x-cordon-upstream`` (``--sse`` for a legacy
HTTP+SSE server); :mod:`cordon.clientremote` says how headers are carried and which entries
stay as they are (client-side OAuth settings, an ``mcp-remote`` flag cordon has no equivalent
for), each with a line on stderr (:attr:`ConfigPlan.warnings`).

Writing: a timestamped backup ``<name>.cordon-backup-<UTC time>`` is written first under
``~/.cordon/backups/`` followed by the file's absolute directory (so a config that is committed
gets no backups beside it, and the original path can be read off the backup's; directories
0700, backups 0600), then the new content replaces the file (a symlink's target) atomically:
only the changed entries' text is rewritten, every other byte (comments too) kept
(:mod:`cordon.clientjsonc`). Re-running on a wrapped file changes nothing. Undo puts each
``x-cordon-upstream`` entry back; a result equal to a backup's content (with no comment
written since) gets the backup's exact bytes (there, or beside the file as earlier versions
wrote them)."""

from __future__ import annotations

import copy
import difflib
import json
import os
import re
import shlex
import shutil
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from cordon._exceptions import CordonError
from cordon.approvals.display import visible

# the backups are part of this module's API (cordon init, its hooks, undo and tests use them)
from cordon.clientbackups import BACKUP_INFIX as BACKUP_INFIX
from cordon.clientbackups import WRAPPED_MARK as WRAPPED_MARK
from cordon.clientbackups import _write_backup as _write_backup
from cordon.clientbackups import backup_root, find_backups
from cordon.clientbackups import replace_file as replace_file
from cordon.clientbackups import wrapped_configs as wrapped_configs
from cordon.clientcommand import missing_command
from cordon.clientjsonc import rewrite
from cordon.clientpacks import InitPacks, give_pack, pack_asked, write_pack_policies
from cordon.clientpins import _near_names, default_pin_dir, find_pin_files, pinned_names
from cordon.clientpolicy import (
    in_git_tree_warning,
    init_policies,
    one_server_per_pack,
    pack_hint,
    pack_misfit,
)
from cordon.clientprojects import only_project, refuse_project
from cordon.clientremote import (
    RemoteTarget,
    argv_header_warning,
    mcp_remote_target,
    remote_target,
    url_view,
    wrap_remote,
)
from cordon.clientzedopencode import entry_view, native_client, native_entry, not_wrappable
from cordon.pin_paths import pin_file_for as pin_file_for
from cordon.pin_paths import run_pin_file as run_pin_file
from cordon.pin_paths import workspace_of
from cordon.urlcreds import masked_url

__all__ = [
    "UPSTREAM_KEY",
    "ClientConfigError",
    "ClientKind",
    "ConfigPlan",
    "apply_plan",
    "backup_root",
    "default_pin_dir",
    "detect_client",
    "find_backups",
    "find_pin_files",
    "pin_file_for",
    "pinned_names",
    "plan_init",
    "plan_undo",
    "resolve_cordon_command",
]

UPSTREAM_KEY = "x-cordon-upstream"
_REMOTE_TYPES = frozenset({"http", "sse", "streamable-http", "streamablehttp", "ws", "websocket"})

ClientKind = Literal[
    "claude-code",
    "cursor",
    "claude-desktop",
    "vscode",
    "codex",
    "gemini",
    "windsurf",
    "zed",
    "opencode",
]

_CLIENT_LABEL: dict[str, str] = {
    "claude-code": "Claude Code",
    "cursor": "Cursor",
    "claude-desktop": "Claude Desktop",
    "vscode": "VS Code",
    "codex": "Codex",
    "gemini": "Gemini CLI",
    "windsurf": "Windsurf",
    "zed": "Zed",
    "opencode": "opencode",
}


class ClientConfigError(CordonError):
    """A client config cannot be read, understood or written safely."""


@dataclass(frozen=True, kw_only=True, slots=True)
class ConfigPlan:
    """What ``cordon init`` (or ``--undo``) would do to one file.

    Attributes:
        path: the config file.
        kind: the detected client.
        old: the file's bytes when planned.
        new: the bytes to write (equal to ``old`` when nothing changes).
        messages: one line per server: wrapped, unwrapped, skipped and why.
        changed_servers: names of the entries that change.
        warnings: why an entry is left as it is, for stderr.
        not_done: the entries for which something asked was not done, each with why: a
            ``--policy`` an entry already behind cordon does not run with, a ``--server``
            named entry that cannot be wrapped. ``cordon init`` says so on stderr and exits
            1 when nothing else was done (the user would believe the server is covered).
        restores: the backup whose exact bytes an ``--undo`` writes back, or None.
        policy_files: ``--packs``: the policy files to write (path, text), each only where
            no file is (:func:`cordon.clientpacks.write_pack_policies`).
    """

    path: Path
    kind: ClientKind
    old: bytes
    new: bytes
    messages: tuple[str, ...] = ()
    changed_servers: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    not_done: tuple[str, ...] = ()
    restores: Path | None = None
    policy_files: Mapping[Path, str] = field(default_factory=dict)

    @property
    def changed(self) -> bool:
        return self.old != self.new

    @property
    def label(self) -> str:
        """The client, for messages; a file with ``mcpServers`` that no client's path names
        is read as Cursor's format (:func:`detect_client`), and said to be only that."""
        if self.kind == "cursor" and self.path.absolute().parent.name != ".cursor":
            return "mcpServers format"
        return _CLIENT_LABEL[self.kind]

    def diff(self) -> str:
        """A unified diff from the current bytes to the planned ones (UTF-8, replacement)."""
        old = self.old.decode("utf-8", "replace").splitlines(keepends=True)
        new = self.new.decode("utf-8", "replace").splitlines(keepends=True)
        name = str(self.path)
        return "".join(difflib.unified_diff(old, new, fromfile=name, tofile=f"{name} (after)"))


# -- reading -------------------------------------------------------------------------------

_COMMENTS = re.compile(r'"(?:\\.|[^"\\])*"|//[^\n]*|/\*.*?\*/', re.S)
_TRAILING_COMMA = re.compile(r'"(?:\\.|[^"\\])*"|,(?=\s*[}\]])')


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ClientConfigError(f"duplicate key {key!r}; refusing an ambiguous config")
        out[key] = value
    return out


def _parse(raw: bytes, path: Path) -> tuple[dict[str, Any], bool]:
    """Parse strict JSON, or JSON with comments/trailing commas (VS Code). Returns (data, jsonc)."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ClientConfigError(f"{path}: not UTF-8") from exc
    jsonc = False
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError:
        keep = lambda m: m.group(0) if m.group(0)[0] == '"' else ""  # noqa: E731
        stripped = _TRAILING_COMMA.sub(keep, _COMMENTS.sub(keep, text))
        try:
            data = json.loads(stripped, object_pairs_hook=_no_duplicates)
        except json.JSONDecodeError as exc:
            raise ClientConfigError(f"{path}:{exc.lineno}: invalid JSON: {exc.msg}") from exc
        jsonc = True
    if not isinstance(data, dict):
        raise ClientConfigError(f"{path}: top level is not a JSON object")
    return data, jsonc


def detect_client(path: Path, data: dict[str, Any]) -> tuple[ClientKind, str]:
    """Return ``(client, servers_key)`` for a parsed config.

    ``servers`` (without ``mcpServers``) means VS Code; otherwise the file name decides between
    Claude Desktop (``claude_desktop_config.json``), Claude Code (``.mcp.json``, and
    ``.claude.json`` with ``mcpServers`` or ``projects``) and Cursor.

    Raises:
        ClientConfigError: neither key holds an object.
    """
    native = native_client(path, data)  # Zed, opencode: cordon.clientzedopencode
    if isinstance(native, str):
        raise ClientConfigError(native)
    if native is not None:
        return native
    if path.name == ".claude.json" and (
        isinstance(data.get("mcpServers"), dict) or isinstance(data.get("projects"), dict)
    ):
        return "claude-code", "mcpServers"
    if isinstance(data.get("mcpServers"), dict):
        if path.name == "settings.json" and path.absolute().parent.name == ".gemini":
            return "gemini", "mcpServers"
        if path.name == "mcp_config.json" and path.absolute().parent.name == "windsurf":
            return "windsurf", "mcpServers"
        if path.name == "claude_desktop_config.json":
            return "claude-desktop", "mcpServers"
        if path.name == ".mcp.json":
            return "claude-code", "mcpServers"
        return "cursor", "mcpServers"
    if isinstance(data.get("servers"), dict):
        return "vscode", "servers"
    mcp = data.get("mcp")
    if isinstance(mcp, dict) and isinstance(mcp.get("servers"), dict):  # (not silently skipped)
        raise ClientConfigError(
            f'{path}: VS Code\'s settings.json "mcp": {{"servers": ...}} is not read by cordon '
            'init; VS Code moves these servers to its own mcp.json ("MCP: Open User '
            'Configuration"): run cordon init --config on that file'
        )
    if path.parent.name == ".vscode" and "servers" not in data:
        raise ClientConfigError(f'{path}: no "servers" object (VS Code mcp.json)')
    raise ClientConfigError(f'{path}: no "mcpServers" or "servers" object')


def _format_like(raw: bytes, data: dict[str, Any]) -> bytes:
    """Serialise ``data`` with the indentation, newline style and final newline of ``raw``."""
    text = raw.decode("utf-8-sig")
    m = re.search(r"\n([ \t]+)\S", text)
    indent: str | int | None = m.group(1) if m else None
    out = json.dumps(data, indent=indent, ensure_ascii=False)
    if "\r\n" in text:
        out = out.replace("\n", "\r\n")
    if text.endswith("\r\n"):
        out += "\r\n"
    elif text.endswith("\n"):
        out += "\n"
    bom = b"\xef\xbb\xbf" if raw.startswith(b"\xef\xbb\xbf") else b""
    return bom + out.encode("utf-8")


# -- planning ------------------------------------------------------------------------------


def _is_remote(entry: dict[str, Any]) -> bool:
    kind = str(entry.get("type", "")).lower()
    return "url" in entry or kind in _REMOTE_TYPES


def _is_cordon(entry: dict[str, Any]) -> bool:
    cmd = entry.get("command")
    args = entry.get("args") or []
    if isinstance(cmd, list) and cmd and "args" not in entry:  # an argv list (opencode)
        cmd, args = cmd[0], cmd[1:]
    return (
        isinstance(cmd, str)
        and Path(cmd).name in ("cordon", "cordon.exe")
        and bool(args)
        and args[0] == "run"
    )


def _head(name: str, policies: Sequence[str], pin_file: Path | None) -> list[str]:
    """``run --name NAME [--pin-file P] [--policy F]...``: cordon's own arguments."""
    args = ["run", "--name", name]
    if pin_file is not None:
        args += ["--pin-file", str(pin_file)]
    for pol in policies:
        args += ["--policy", pol]
    return args


def _wrap(
    name: str,
    entry: dict[str, Any],
    policies: Sequence[str],
    cordon_command: str,
    pin_file: Path | None,
) -> dict[str, Any]:
    args = [*_head(name, policies, pin_file), "--", entry["command"], *entry.get("args", [])]
    out: dict[str, Any] = {}
    for key, value in entry.items():
        if key == "command":
            out["command"] = cordon_command
            out["args"] = args
        elif key != "args":
            out[key] = copy.deepcopy(value)
    out[UPSTREAM_KEY] = copy.deepcopy(entry)
    return out


def _servers_table(path: Path, raw: bytes) -> tuple[dict[str, Any], ClientKind, str, bool]:
    data, jsonc = _parse(raw, path)
    kind, key = detect_client(path, data)
    return data, kind, key, jsonc


def _tables(data: dict[str, Any], key: str) -> list[tuple[str, dict[str, Any]]]:
    """``(prefix, servers)`` of every servers object: the top one (prefix ``""``), then, in
    Claude Code's ``~/.claude.json``, each ``projects.<dir>.mcpServers`` (``"project <dir>: "``)."""
    out: list[tuple[str, dict[str, Any]]] = []
    if isinstance(data.get(key), dict):
        out.append(("", data[key]))
    projects = data.get("projects") if key == "mcpServers" else None
    for where, project in (projects or {}).items() if isinstance(projects, dict) else ():
        if isinstance(project, dict) and isinstance(project.get("mcpServers"), dict):
            out.append((f"project {where}: ", project["mcpServers"]))
    return out


def _check_names(
    tables: list[tuple[str, dict[str, Any]]], servers: Sequence[str], path: Path
) -> None:
    unknown = [s for s in servers if not any(s in table for _, table in tables)]
    if unknown:
        names = list(dict.fromkeys(str(n) for _, table in tables for n in table))
        raise ClientConfigError(f"{path}: no server named {_near_names(unknown, names)}")


def _left_alone(name: str, entry: Any) -> str | None:
    """Why :func:`plan_init` leaves the entry ``name`` unwrapped, or None to wrap it."""
    if not isinstance(entry, dict):
        return f"{name}: not an object, NOT wrapped: left as it is"
    if _is_cordon(entry):
        raw_args = entry.get("args")
        args: list[Any] = raw_args if isinstance(raw_args, list) else []
        own = args[: args.index("--")] if "--" in args else args
        return (
            f"{name}: already behind cordon, unchanged"
            if "--pin-file" in own
            else f"{name}: already behind cordon, unchanged; it has no --pin-file, so its "
            "pins last one process (`cordon init --undo`, then `cordon init`, adds one)"
        )
    if _is_remote(entry):
        return None  # see _plan_entry
    if not isinstance(entry.get("command"), str) or not isinstance(entry.get("args", []), list):
        return f"{name}: no command (or args is not a list), NOT wrapped: left as it is"
    if entry.get("sandboxEnabled") not in (None, False):
        # VS Code runs the entry's command in its sandbox (writes only to sandbox.filesystem
        # .allowWrite): cordon would run inside it with the server, unable to write its audit
        # and pins, or, were ~/.cordon made writable, beside a server that could rewrite them
        return (
            f"{name}: VS Code runs it sandboxed (sandboxEnabled), NOT wrapped: cordon would "
            "run inside the sandbox, where it cannot write its audit and pins unless the "
            "server may rewrite them too; left as it is (its sandbox still applies)"
        )
    return None


def _policy_not_changed(
    name: str, entry: Any, pols: Sequence[str], path: Path, prefix: str = "", pack: str = ""
) -> str | None:
    """A warning when ``--policy`` was given for an entry already behind cordon whose own
    ``--policy`` arguments differ: init leaves wrapped entries alone, so the new policy would
    silently not apply (the user believes the server is now under it); ``pack``: --packs' (its
    policy file ``pols``, none without a --pin-file: :func:`cordon.clientpacks.pack_asked`). For
    an entry of a project's table (``prefix``, :func:`_tables`) the commands name ``--project DIR``: without
    it they would unwrap and rewrap the name in every project's table."""
    args = entry.get("args") if isinstance(entry, dict) else None
    if not (pols or pack) or not isinstance(args, list) or not _is_cordon(entry):
        return None
    own = args[: args.index("--")] if "--" in args else args
    current = [str(own[i + 1]) for i, a in enumerate(own[:-1]) if a == "--policy"]
    if pols and current == list(pols):
        return None
    init = f"cordon init --config {shlex.quote(str(path))}"
    if prefix.startswith("project ") and prefix.endswith(": "):
        init += f" --project {shlex.quote(prefix[len('project ') : -2])}"
    again = "--packs" if pack else " ".join(f"--policy {shlex.quote(p)}" for p in pols)
    file = f"in {pols[0]}" if pols else "in a file named by its --pin-file, which it has not"
    wanted = f"; --packs gives it pack {pack!r} {file}" if pack else ""
    return (
        f"{name}: already behind cordon, so its policy was NOT changed (it runs with "
        f"{', '.join(current) or 'no --policy'}{wanted}); to change it: {init} --undo "
        f"--server {shlex.quote(name)}, then {init} --server {shlex.quote(name)} {again}"
    )


def pins_note(names: Sequence[str]) -> str:
    """What ``cordon init`` says of the pins of the servers it wrapped: the command that
    accepts a changed definition, with each server's own name."""
    runs = [f"`cordon pin accept --server {shlex.quote(n)}`" for n in dict.fromkeys(names)]
    return (
        "pins now last across restarts: a tool definition that changes later (a package "
        "update too) is hidden and denied until you review it and run "
        + (runs[0] if len(runs) == 1 else "the command of its server: " + ", ".join(runs))
    )


def plan_init(
    path: Path | str,
    *,
    servers: Sequence[str] = (),
    policies: Sequence[Path | str] = (),
    cordon_command: str = "cordon",
    pin_dir: Path | str | None = None,
    project: Path | str | None = None,
    packs: bool = False,
) -> ConfigPlan:
    """Plan wrapping the servers of ``path`` (all of them, or only ``servers``; with
    ``project``, only that project's of ``~/.claude.json``: :mod:`cordon.clientprojects`):
    stdio ones, and remote ones as ``cordon run --url`` (:mod:`cordon.clientremote`).

    ``policies`` are made absolute (the client starts servers from its own directory). Each
    wrapped server gets ``--pin-file`` :func:`pin_file_for` under ``pin_dir`` (made absolute;
    default :func:`default_pin_dir`); ``cordon run`` creates it (mode 0600, directories 0700)
    at the server's first complete tools/list; ``packs``: and its pack's policy, if one fits
    (:mod:`cordon.clientpacks`). Entries already behind cordon, entries without a ``command`` or ``url`` and remote entries
    cordon cannot reach are left alone with a message (the last on stderr: ``warnings``). A
    Codex ``config.toml`` goes to :mod:`cordon.clientcodex`. :func:`apply_plan` writes.

    Raises:
        ClientConfigError: unreadable or unrecognised file, a duplicate key, an unknown
            server name or project.
    """
    path, raw = _read(path)
    pols = init_policies(policies)
    pins_root = Path(pin_dir).expanduser().resolve() if pin_dir is not None else default_pin_dir()
    gave = InitPacks.start(packs, pols, pins_root, path)
    from cordon.clientcodex import codex_init, is_codex_config  # (tomlkit: not at cordon run)

    if is_codex_config(path):
        refuse_project(project, path)
        return codex_init(path, raw, servers, pols, cordon_command, pins_root, gave)
    data, kind, key, _ = _servers_table(path, raw)
    tables = only_project(_tables(data, key), data, project, path)
    _check_names(tables, servers, path)
    messages: list[str] = []
    warnings: list[str] = []
    changed: list[str] = []
    not_done: list[str] = []
    wrapped_names: set[str] = set()
    behind: list[str] = []  # entries already behind cordon, left as they are
    folder = workspace_of(path)
    for prefix, table in tables:
        for name, entry in table.items():
            if servers and name not in servers:
                continue
            said, warned = len(messages), len(warnings)
            wrapped = _plan_entry(
                name, entry, kind, pols, cordon_command, pins_root, messages, warnings, folder, path
            )
            if wrapped is None:
                not_done += _left_as_is(
                    prefix, name, entry, pols, path, servers, warnings, kind, gave
                )
                if isinstance(entry, dict) and _is_cordon(entry):
                    behind.append(prefix + name)
            messages[said:] = give_pack(gave, name, kind, wrapped, path, messages[said:], entry)
            messages[said:] = [prefix + m for m in messages[said:]]
            warnings[warned:] = [prefix + m for m in warnings[warned:]]
            if wrapped is not None:
                table[name] = native_entry(kind, wrapped)
                changed.append(prefix + name)
                wrapped_names.add(name)
    messages += [] if tables else ["no servers in this file"]
    _one_server_per_pack(pols, servers, changed, behind, wrapped_names)
    new = _rewritten(raw, path, data, wrapped_names, messages, warnings) if changed else raw
    return ConfigPlan(
        path=path,
        kind=kind,
        old=raw,
        new=new,
        messages=tuple(messages),
        changed_servers=tuple(changed),
        warnings=tuple(warnings),
        not_done=tuple(not_done),
        policy_files=gave.files,
    )


def _one_server_per_pack(
    pols: Sequence[str],
    servers: Sequence[str],
    changed: list[str],
    behind: list[str],
    wrapped_names: set[str],
) -> None:
    """:func:`one_server_per_pack`, however the servers were selected (all of the file, or
    several --server NAME): with --server, one name in several projects' tables is one server
    and may share the pack; no --server: the policy is for every server, those behind cordon
    too (``behind``); a pack fits one."""
    selected = changed if servers else changed + behind
    if len(selected) > 1 and (not servers or len(wrapped_names) > 1):
        one_server_per_pack(pols, selected)


def _rewritten(
    raw: bytes,
    path: Path,
    data: dict[str, Any],
    wrapped: set[str],
    messages: list[str],
    warnings: list[str],
) -> bytes:
    """``raw`` with the wrapped entries of ``data`` rewritten; what to say of them goes to
    ``messages`` (the pins, the rewrite's note) and ``warnings`` (a config git can put back)."""
    new, note = _rewrite(raw, path, data, "the backup keeps them and --undo restores them")
    messages += [pins_note(sorted(wrapped))] + ([note] if note else [])
    warnings += in_git_tree_warning(path)
    return new


def _rewrite(raw: bytes, path: Path, data: dict[str, Any], kept: str) -> tuple[bytes, str | None]:
    """``raw`` with ``data``, only the changed entries rewritten (:mod:`cordon.clientjsonc`)."""
    return rewrite(raw, data, lambda b: _parse(b, path)[0], _format_like, kept)


def _read(given: Path | str) -> tuple[Path, bytes]:
    path = Path(given)
    try:
        return path, path.read_bytes()
    except FileNotFoundError as exc:
        # init rewrites entries a client already has: it creates no config of its own
        msg = "no such file (cordon init wraps the servers of an existing client config: "
        raise ClientConfigError(
            f"{path}: {msg}check the path, or add a server in the client first)"
        ) from exc
    except OSError as exc:
        raise ClientConfigError(f"{path}: cannot read: {exc}") from exc


def _left_as_is(
    prefix: str,
    name: str,
    entry: Any,
    pols: Sequence[str],
    path: Path,
    servers: Sequence[str],
    warnings: list[str],
    kind: str = "",
    packs: InitPacks | None = None,
) -> list[str]:
    """For an entry :func:`plan_init` leaves as it is: what was asked for it and is not done
    (``[]`` when it already is as asked: behind cordon, with the ``--policy`` given, or its
    pack's with ``packs``), the warning that says why added to ``warnings``. ``kind``: the
    client, whose entries are read in the standard shape (:func:`entry_view`)."""
    entry = entry_view(kind, entry)
    pack, asked = pack_asked(packs, name, kind, entry, pols)
    stale = _policy_not_changed(name, entry, asked, path, prefix, pack)
    if stale is not None:
        warnings.append(stale)
        what = f"the policy of its pack {pack!r}" if pack else "the --policy given"
        return [f"{prefix}{name}: {what} was not applied (it is already behind cordon)"]
    behind = isinstance(entry, dict) and _is_cordon(entry)
    if behind and (on_argv := argv_header_warning(name, entry, str(path))) is not None:
        warnings.append(on_argv)
    if name in servers and not behind:
        return [f"{prefix}{name}: not wrapped (see above why)"]
    return []


def without_stale_record(name: str, written: Any, warnings: list[str]) -> Any:
    """``written`` without an :data:`UPSTREAM_KEY` no ``cordon run`` goes with (an edit of
    ``command``/``args`` alone keeps it): that entry runs unprotected, so it is planned as it
    is now (fail closed) and said; the marker never decides that an entry is behind cordon."""
    if not isinstance(written, dict) or UPSTREAM_KEY not in written or _is_cordon(written):
        return written
    warnings.append(
        f"{name}: carries {UPSTREAM_KEY} but no longer runs cordon (its command was changed "
        "since cordon init): it was NOT behind cordon; planned as it is now"
    )
    return {k: v for k, v in written.items() if k != UPSTREAM_KEY}


def _other_cordon(name: str, entry: dict[str, Any], cordon_command: str) -> str | None:
    """Why an entry behind cordon may not be (:func:`_is_cordon` reads the name only): its
    absolute command is not the cordon init writes, and does not exist (a moved virtualenv:
    the client cannot start the server) or is another program named cordon."""
    cmd = str(entry.get("command"))
    if not (os.path.isabs(cmd) and os.path.isabs(cordon_command)) or cmd == cordon_command:
        return None
    if not os.path.exists(cmd):
        return f"{name}: runs {cmd}, which does not exist: the client cannot start it"
    if os.path.realpath(cmd) == os.path.realpath(cordon_command):
        return None
    return f"{name}: runs {cmd}, not this cordon ({cordon_command}): check that it is cordon"


def _plan_entry(
    name: str,
    written: Any,
    kind: ClientKind,
    pols: Sequence[str],
    cordon_command: str,
    pins_root: Path,
    messages: list[str],
    warnings: list[str],
    folder: Path | None = None,
    config: Path | None = None,
) -> dict[str, Any] | None:
    """The wrapped entry ``name`` becomes, or None when it stays; says why in either list.
    ``folder``: the workspace a project-level config belongs to (its pin files are its own).
    ``config``: the file, named by the hint of a pack that fits (no ``--policy``: its check
    says the same; :func:`cordon.clientpolicy.pack_hint`).
    ``written``: the entry as the file has it (kept for ``--undo``), read as a ``url`` entry
    where its client names the endpoint otherwise (:func:`cordon.clientremote.url_view`)."""
    written = without_stale_record(name, written, warnings)
    entry = url_view(kind, entry_view(kind, written))
    skipped = not_wrappable(kind, name, written) or _left_alone(name, entry)
    if skipped is not None:  # on stderr unless behind cordon: a client may run it unprotected
        behind = isinstance(entry, dict) and _is_cordon(entry)
        (messages if behind else warnings).append(skipped)
        other = _other_cordon(name, entry, cordon_command) if behind else None
        warnings += [other] if other else []
        return None
    target = remote_target(entry) if _is_remote(entry) else mcp_remote_target(entry)
    if isinstance(target, RemoteTarget):
        pins = pin_file_for(name, {"url": target.url}, pins_root)
        warnings += pack_misfit(name, pols, pins)
        wrapped, moved = wrap_remote(
            entry,
            target,
            cordon_command=cordon_command,
            head=_head(name, pols, pins),
            upstream_key=UPSTREAM_KEY,
        )
        wrapped[UPSTREAM_KEY] = copy.deepcopy(written)
        via = " (was mcp-remote)" if target.via == "mcp-remote" else ""
        sse = "--sse " if target.sse else ""
        args = wrapped.get("args", [])
        # say what the entry runs: a URL kept off the command line is named by its variable
        url = (
            f"--url-env {args[args.index('--url-env') + 1]} (in the entry's env: "
            f"{masked_url(target.url)})"
            if "--url-env" in args
            else f"--url {masked_url(target.url)}"
        )
        messages.append(
            f"{name}: wrapped: {cordon_command} run --name {name} --pin-file {pins} ... "
            f"{sse}{url}{via}"
        )
        messages.extend(
            f"{name}: header {header}: its value moved to env {var}, off the command line"
            for header, var in moved
        )
        messages += pack_hint(name, entry, wrapped, config, pols)
        return wrapped
    if _is_remote(entry):
        warnings.append(f"{name}: remote server left alone: {target}")
        return None
    if isinstance(target, str):
        warnings.append(
            f"{name}: runs mcp-remote, so it is wrapped as a stdio server (cordon in front of "
            f"mcp-remote) rather than turned into cordon run --url: {target}"
        )
    pins = pin_file_for(name, entry, pins_root, folder=folder)
    warnings += pack_misfit(name, pols, pins)
    warnings += [w] if (w := missing_command(name, entry)) else []  # written still: see there
    messages.append(f"{name}: wrapped: {cordon_command} run --name {name} --pin-file {pins} ... --")
    wrapped = _wrap(name, entry, pols, cordon_command, pins)
    wrapped[UPSTREAM_KEY] = copy.deepcopy(written)  # as the file has it (Zed, opencode)
    messages += pack_hint(name, entry, wrapped, config, pols)
    return wrapped


def plan_undo(
    path: Path | str, *, servers: Sequence[str] = (), project: Path | str | None = None
) -> ConfigPlan:
    """Plan unwrapping the entries :func:`plan_init` wrapped (all, or only ``servers``; with
    ``project``, only that project's) in the file as it is now:
    :func:`cordon.clientunwrap.plan_undo`.

    Raises:
        ClientConfigError: as :func:`plan_init`, or an ``x-cordon-upstream`` that is not an
            object.
    """
    from cordon.clientunwrap import plan_undo as plan

    return plan(path, servers=servers, project=project)


# -- writing -------------------------------------------------------------------------------


def apply_plan(plan: ConfigPlan) -> Path | None:
    """Write a timestamped backup of the current file (``~/.cordon/backups/...``, see the module
    docstring), then the plan's bytes, atomically; the files its ``cordon run`` entries name
    go to ``cordon init``'s list of cordon's files (:mod:`cordon.clientstate`), which every
    ``cordon run`` denies tool writes to.

    Returns the backup path, or None when the plan changes nothing (nothing is written).

    Raises:
        ClientConfigError: the file changed since it was planned, or a write failed.
    """
    from cordon.clientstate import record_config

    if not plan.changed:
        return None
    path = plan.path
    try:
        real = path.resolve()  # a symlinked config (a dotfiles repo) stays a symlink
        if real.read_bytes() != plan.old:
            raise ClientConfigError(f"{path}: changed since the diff was shown; run again")
        # the files of its cordon entries, before and after, protected from tool writes first
        record_config(real, plan.old, plan.new)
        for left in write_pack_policies(plan.policy_files):  # named by the entries: first
            sys.stderr.write(f"cordon init: {visible(left)}\n")  # (names a server's file)
        backup = _write_backup(real, plan.old)
        replace_file(real, plan.new, real.stat().st_mode & 0o7777)
        record_config(real, plan.new)
    except OSError as exc:
        raise ClientConfigError(f"{path}: cannot write: {exc}") from exc
    return backup


def resolve_cordon_command(absolute: bool) -> str:
    """``"cordon"``, or with ``absolute`` the absolute path of the running cordon executable,
    so a client started without the virtualenv on its PATH still finds it.

    Looks at ``sys.argv[0]`` when it is named cordon (the running console script), then
    ``cordon`` next to the running Python (a venv's ``bin``), then ``shutil.which("cordon")``.
    Symlinks are kept, not resolved: a packager's link (``/opt/homebrew/bin/cordon``) outlives
    the versioned directory it points into.

    Raises:
        ClientConfigError: ``absolute`` and no cordon executable is found.
    """
    if not absolute:
        return "cordon"
    argv0 = Path(sys.argv[0])
    if argv0.name in ("cordon", "cordon.exe") and argv0.is_file():
        return os.path.abspath(argv0)
    for name in ("cordon", "cordon.exe"):
        sibling = Path(sys.executable).parent / name
        if sibling.is_file():
            return os.path.abspath(sibling)
    found = shutil.which("cordon")
    if found:
        return os.path.abspath(found)
    raise ClientConfigError(
        "cannot find the cordon executable; --no-absolute writes the bare name `cordon`"
    )
