"""`cordon check`'s tool-name check: policy ``tools:`` entries against a server's real tools.

A ``tools:`` entry is keyed by tool name; an entry whose name no tool of the server has (a
typo such as ``write_fiel``) controls nothing, and the real tool runs without the
restriction the entry was written to add. The real names come from the server's pins (what
``cordon run`` recorded from its ``tools/list``) or from a live ``tools/list`` of a command.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cordon._exceptions import PolicyError
from cordon.policy import Policy, load_pack
from cordon.policy.model import ToolPolicy

__all__ = ["Stray", "list_live_tools", "pack_misfits", "pinned_tools", "stray_entries"]

#: seconds a server given to `cordon check -- COMMAND` may take to start and list its tools
LIST_TIMEOUT_S = 30.0


@dataclass(frozen=True)
class Stray:
    """A policy entry naming no tool of the server: ``closest`` real name (or None) and the
    restrictions the entry would add (empty when it only loosens, e.g. ``exfiltrating:
    false`` or ``trusted_destinations``)."""

    name: str
    closest: str | None
    restrictions: tuple[str, ...]


def _restrictions(tp: ToolPolicy) -> tuple[str, ...]:
    """The keys of ``tp`` that restrict the tool: lost when the entry names no tool."""
    keys = [
        k
        for k in (
            "path_params",
            "allowed_path_prefixes",
            "arg_patterns",
            "max_value",
            "sink_params",
            "required_scopes",
            "requires_request",
        )
        if getattr(tp, k)
    ]
    if tp.max_calls is not None:
        keys.append("max_calls")
    keys += [
        k
        for k in ("exfiltrating", "sensitive", "untrusted_output", "egress", "executes")
        if getattr(tp, k) is True
    ]
    if tp.destructive is True:
        keys.append("destructive")
    return tuple(sorted(keys))


def _pack_tool_names(policy: Policy) -> set[str]:
    out: set[str] = set()
    for pack in policy.packs:
        out.update((load_pack(pack).get("tools") or {}).keys())
    return out


def stray_entries(policy: Policy, real: Iterable[str]) -> list[Stray]:
    """The policy's own ``tools:`` entries (not those a pack brings) that name no tool in
    ``real``, sorted by name, each with the closest real name."""
    names = sorted(set(real))
    from_packs = _pack_tool_names(policy)
    out = []
    for name in sorted(set(policy.tools) - set(names) - from_packs):
        close = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
        out.append(Stray(name, close[0] if close else None, _restrictions(policy.tools[name])))
    return out


def pack_misfits(policy: Policy, real: Iterable[str]) -> list[str]:
    """Packs of the policy that name none of the server's tools: written for another server."""
    have = set(real)
    return [p for p in policy.packs if not have & set(load_pack(p).get("tools") or {})]


def pinned_tools(pin_file: Path, server: str | None) -> dict[str, set[str]]:
    """Server name -> its tool names, from ``pin_file``: those of its latest tools/list
    (``listed``) when the file has them, else the pinned names (pending ones too: the server
    listed them); only ``server`` when given.

    Raises:
        ValueError: the file is not a pin file, or does not hold ``server``.
        OSError: it cannot be read.
    """
    from cordon.store.pins import PinFile

    servers: Mapping[str, Any] = PinFile(pin_file).load()["servers"]
    if server is not None and server not in servers:
        have = ", ".join(sorted(servers)) or "none"
        raise ValueError(f"{pin_file} holds no pins of server {server!r} (it has: {have})")
    out: dict[str, set[str]] = {}
    for name, entry in servers.items():
        if server is None or name == server:
            entry = entry if isinstance(entry, Mapping) else {}
            listed = entry.get("listed")
            if isinstance(listed, list):
                out[name] = {str(t) for t in listed}
            else:
                out[name] = set(entry.get("tools") or {}) | set(entry.get("pending") or {})
    return out


async def _list(command: list[str]) -> set[str]:
    import anyio
    from mcp import Client, StdioServerParameters

    params = StdioServerParameters(command=command[0], args=command[1:], env=dict(os.environ))
    names: set[str] = set()
    with anyio.fail_after(LIST_TIMEOUT_S):
        async with Client(params, mode="legacy") as client:
            cursor: str | None = None
            while True:
                page = await client.list_tools(cursor=cursor)
                names.update(t.name for t in page.tools)
                cursor = page.next_cursor
                if not cursor:
                    return names


def list_live_tools(command: list[str]) -> set[str]:
    """The tool names ``command`` (an MCP server over stdio) lists, every page.

    Raises:
        Exception: the server did not start, answer or list in :data:`LIST_TIMEOUT_S`.
    """
    import anyio

    return anyio.run(_list, command)


def entry_location(name: str, paths: Iterable[Path]) -> str | None:
    """``FILE:LINE`` of the last policy file's ``tools.<name>`` key, or None."""
    from cordon.policy.loader import _read_source

    found = None
    for path in paths:
        try:
            data, file, lines = _read_source(path)
        except PolicyError:  # loaded fine a moment ago; a location is a nicety
            continue
        if name in (data.get("tools") or {}):
            line = lines.get(("tools", name))
            found = f"{file}:{line}" if line else file
    return found
