"""``cordon init`` for Zed and opencode, whose server entries are shaped otherwise than
``{"command": C, "args": A, "env": E}``.

Zed: ``~/.config/zed/settings.json`` and a project's ``.zed/settings.json`` (JSONC), servers
under ``context_servers``. Zed reads an entry as one of three (``settings_content``
``ContextServerSettingsContent``, untagged): a command ``{"command": C, "args": A, "env":
E, "timeout": T, "enabled": B, "remote": B}``; a remote server ``{"url": U, "headers": H,
"timeout": T, "oauth": ...}``; a server an extension provides, ``{"settings": {...}}``, which
names no command. Older Zed wrote the command as an object, ``{"command": {"path": C, "args":
A, "env": E}, "settings": {}}`` (with ``"source": "custom"``): it is read as its flat form and
wrapped in it. Zed ignores keys it does not know, so the original entry is kept under
``x-cordon-upstream`` as for the other JSON clients. Left alone, with why: an extension's
server (Zed starts it from the extension's code: there is no command to put cordon in front
of) and one with ``"remote": true`` (Zed starts it on the remote host of a remote project,
where this cordon's path does not exist).

opencode: ``opencode.json`` or ``opencode.jsonc`` in a project, ``~/.config/opencode/``, servers
under ``mcp``: ``{"type": "local", "command": [C, *A], "environment": E, "enabled": B,
"timeout": T}`` and ``{"type": "remote", "url": U, "headers": H, "oauth": ...}``
(opencode.ai/docs/mcp-servers). A wrapped entry is ``{"type": "local", "command": [CORDON,
"run", ..., "--", C, *A], ...}``; a remote one ``{"type": "local", "command": [CORDON, "run",
..., "--url", U, "--header-env", ...], "environment": {...}}``, its header values in
``environment`` (opencode substitutes ``{env:VAR}`` in the whole file, so a reference stays a
reference). ``"oauth": false`` (opencode's OAuth detection off) does not stop the wrapping: the
header is what reaches the server; an ``oauth`` object (the client's own OAuth) does
(:mod:`cordon.clientremote`). opencode ignores unknown keys inside an ``mcp`` entry (its
config's nested objects are not strict: anomalyco/opencode#39431), so the original is kept
under ``x-cordon-upstream`` there too; early versions (zod ``.strict()``) refused the file.

Each entry is read as its standard shape (:func:`entry_view`), planned and unwrapped by the
code every JSON client goes through (:mod:`cordon.clientconfig`, :mod:`cordon.clientunwrap`,
:mod:`cordon.clientremote`), and written back in the client's own shape
(:func:`native_entry`).
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, Literal

from cordon.clientjsonc import same_json

__all__ = ["entry_view", "native_client", "native_entry", "not_wrappable", "unwrap_native"]

NativeKind = Literal["zed", "opencode"]
_KINDS = ("zed", "opencode")
_OPENCODE_FILES = ("opencode.json", "opencode.jsonc")


def native_client(path: Path, data: dict[str, Any]) -> tuple[NativeKind, str] | str | None:
    """``(client, servers key)`` of a Zed or opencode config; why it cannot be read (a file
    of theirs without its servers object); None for any other file."""
    if path.name in _OPENCODE_FILES:
        if isinstance(data.get("mcp"), dict):
            return "opencode", "mcp"
        return f'{path}: no "mcp" object (opencode\'s servers)'
    if path.name == "settings.json" and path.absolute().parent.name in ("zed", ".zed"):
        if isinstance(data.get("context_servers"), dict):
            return "zed", "context_servers"
        if "mcpServers" not in data and "servers" not in data:
            return f'{path}: no "context_servers" object (Zed\'s servers)'
    return None


def entry_view(kind: str, entry: Any) -> Any:
    """``entry`` in the standard shape (``command`` a string, ``args``, ``env``; a remote one
    with ``url``), keys in their order; any other client's entry as it is."""
    if kind not in _KINDS or not isinstance(entry, dict):
        return entry
    out: dict[str, Any] = {}
    command = entry.get("command")
    for key, value in entry.items():
        if key == "command" and kind == "zed" and isinstance(command, dict):
            out["command"] = command.get("path")  # the object form of older Zed
            out.update({k: command[k] for k in ("args", "env") if k in command})
        elif key == "command" and kind == "opencode" and isinstance(command, list):
            if command and all(isinstance(a, str) for a in command):
                out["command"], out["args"] = command[0], list(command[1:])
            else:
                out["command"] = command  # (not a command: the checks say so)
        elif kind == "opencode" and key == "environment":
            out["env"] = value
        elif kind == "opencode" and (key == "type" or (key, value) == ("oauth", False)):
            continue  # local/remote: said by command or url; oauth false: no OAuth of its own
        else:
            out[key] = value
    return out


def native_entry(kind: str, entry: Any, original: Any = None) -> Any:
    """The standard-shaped ``entry`` (a wrapped one, or one unwrapped from ``original``) in
    ``kind``'s own shape; any other client's as it is."""
    if kind != "opencode" or not isinstance(entry, dict):
        return entry
    remote = "url" in entry
    out: dict[str, Any] = {"type": "remote" if remote else "local"}
    for key, value in entry.items():
        if key == "command":
            args = entry.get("args")
            out["command"] = [value, *(args if isinstance(args, list) else [])]
        elif key == "env":
            out["environment"] = value
        elif key not in ("args", "type"):
            out[key] = value
    if remote and isinstance(original, dict) and original.get("oauth") is False:
        out.setdefault("oauth", False)
    return out


def not_wrappable(kind: str, name: str, written: Any) -> str | None:
    """Why ``cordon init`` cannot put cordon in front of a Zed or opencode entry that the
    standard checks would take for another case, or None."""
    from cordon.clientconfig import _is_cordon

    if not isinstance(written, dict) or _is_cordon(entry_view(kind, written)):
        return None
    if kind == "zed" and "command" not in written and "url" not in written:
        if "settings" in written or written.get("source") == "extension":
            return (
                f"{name}: provided by a Zed extension (settings, no command), NOT wrapped: Zed "
                "starts it from the extension's own code, so cordon cannot be put in front "
                "of it; left as it is (run the server as a command entry to wrap it)"
            )
    if kind == "zed" and written.get("remote") is True:
        return (
            f"{name}: Zed starts it on the remote host of a remote project (remote: true), "
            "NOT wrapped: this cordon's path is not there; left as it is"
        )
    if kind == "opencode" and written.get("type") not in ("local", "remote"):
        return (
            f"{name}: its type is {written.get('type')!r} (opencode knows local and "
            "remote), NOT wrapped: left as it is"
        )
    return None


def unwrap_native(kind: str, name: str, entry: Any, upstream: dict[str, Any]) -> tuple[Any, str]:
    """:func:`cordon.clientunwrap.unwrap_entry` for a Zed or opencode entry: the edits since
    init kept as for every client; the original exactly (its shape, its key order) when
    there are none."""
    from cordon.clientunwrap import unwrap_entry

    before = entry_view(kind, upstream)
    out, said = unwrap_entry(name, entry_view(kind, entry), before)
    if same_json(out, before):
        return copy.deepcopy(upstream), said
    return native_entry(kind, out, upstream), said
