"""`cordon check`'s tool-name check: policy ``tools:`` entries against a server's real tools.

A ``tools:`` entry is keyed by tool name; an entry whose name no tool of the server has (a
typo such as ``write_fiel``) controls nothing, and the real tool runs without the
restriction the entry was written to add. The real names come from the server's pins (what
``cordon run`` recorded from its ``tools/list``) or from a live ``tools/list`` of a command.

One policy file may serve several servers (``servers:`` keyed by ``--name``, ``tools:``
names global), so an entry naming no tool of *this* server may be another server's. What
tells a typo from another server's tool is :func:`near_match`: the entry is a near match of
a listed name (the same after case, Unicode and separator folding, or one or two edits away).
``cordon run`` denies every call under a near match (the real tool would run unrestricted)
and only warns about the rest; ``cordon check --server`` fails on both.
"""

from __future__ import annotations

import difflib
import os
import re
import sys
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cordon._exceptions import PolicyError
from cordon.policy import Policy, load_pack
from cordon.policy.loader import sets_nothing
from cordon.policy.model import ToolPolicy

__all__ = [
    "Stray",
    "empty_policy_note",
    "fold",
    "list_live_tools",
    "missing_directories",
    "near_match",
    "pack_misfits",
    "pinned_tools",
    "server_key_misfits",
    "stray_entries",
]

#: seconds a server given to `cordon check -- COMMAND` may take to start and list its tools
LIST_TIMEOUT_S = 30.0


@dataclass(frozen=True)
class Stray:
    """A policy entry naming no tool of the server: ``closest`` real name (or None), the
    restrictions the entry would add (empty when it only loosens, e.g. ``exfiltrating:
    false`` or ``trusted_destinations``), and ``near``: the real name it is a near match of
    (:func:`near_match`; a typo, not another server's tool), or None."""

    name: str
    closest: str | None
    restrictions: tuple[str, ...]
    near: str | None = None


#: what a typo of a name may differ in without counting as an edit: case, Unicode
#: compatibility forms (NFKC: fullwidth letters, ligatures), whitespace and separators
_SEPARATORS = re.compile(r"[\s\-_.:/]+")


def fold(name: str) -> str:
    """``name`` as its typos read the same: NFKC, case-folded, no whitespace or separators
    (``Write-File``, ``write file`` and ``ｗｒｉｔｅ＿ｆｉｌｅ`` all fold to ``writefile``)."""
    return _SEPARATORS.sub("", unicodedata.normalize("NFKC", name).casefold())


def _edits(a: str, b: str, limit: int) -> int:
    """The optimal-string-alignment distance of ``a`` and ``b`` (insert, delete, substitute,
    swap two neighbours: one edit each), or ``limit + 1`` once it is past ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        if min(cur) > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[-1]


def near_match(name: str, names: Iterable[str]) -> str | None:
    """The name in ``names`` that ``name`` most likely misspells, or None (then it is taken
    for another server's name). Near: the same after :func:`fold`, or within one edit (folded
    names of 4 to 11 characters) or two (12 or more); a swap of neighbours is one edit, and a
    character that looks like another (a Cyrillic ``е``) is one substitution. Names that
    differ only in digits (``mail``, ``mail2``) are two instances, not a typo. Looser
    measures take other servers' tools for typos: ``difflib`` (``cordon check``'s "did you
    mean") rates the memory server's ``read_graph`` 0.53 and ``write_file`` against
    ``read_file`` 0.74; folded, those are 4 and more edits apart. Across the 323 tool names
    of the built-in packs no two of different packs are near."""
    real_names = sorted(set(names))
    if name in real_names:
        return None
    f = fold(name)
    best: tuple[int, str] | None = None
    for real in real_names:
        g = fold(real)
        if f == g:
            return real
        if re.sub(r"\d", "", f) == re.sub(r"\d", "", g):
            continue
        shorter = min(len(f), len(g))
        limit = 0 if shorter < 4 else 1 if shorter < 12 else 2
        d = _edits(f, g, limit) if limit else limit + 1
        if d <= limit and (best is None or d < best[0]):
            best = (d, real)
    return best[1] if best else None


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
            "code_params",
            "required_scopes",
            "requires_request",
        )
        if getattr(tp, k)
    ]
    if tp.max_calls is not None:
        keys.append("max_calls")
    keys += [
        k
        for k in (
            "exfiltrating",
            "sensitive",
            "untrusted_output",
            "egress",
            "executes",
            "writes",
            "unfurls",
        )
        if getattr(tp, k) is True
    ]
    if tp.renders in (True, "files"):  # ``files``: a writer's rendered files judged
        keys.append("renders")
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
        near = near_match(name, names)
        out.append(
            Stray(
                name, near or (close[0] if close else None), _restrictions(policy.tools[name]), near
            )
        )
    return out


def server_key_misfits(policy: Policy, server: str) -> list[str]:
    """``servers:`` keys of the policy that are not ``server`` but a near match of it
    (:func:`near_match`): a typo (``flies`` for ``files``) that drops the server's own
    settings without a word. None when the policy has a key of ``server`` itself (the others
    are other servers')."""
    if server in policy.servers:
        return []
    return sorted(k for k in policy.servers if near_match(k, [server]) == server)


def pack_misfits(policy: Policy, real: Iterable[str]) -> list[str]:
    """Packs of the policy that name none of the server's tools: written for another server."""
    have = set(real)
    return [p for p in policy.packs if not have & set(load_pack(p).get("tools") or {})]


def missing_directories(policy: Policy) -> list[tuple[str, str]]:
    """(key, path as written) of each ``allowed_path_prefixes`` and ``base_dir`` entry, global
    and per tool, that does not exist here (``~`` as ``cordon run`` expands it): a typo there
    loads as a valid policy and denies every path of the real directory (``arg.path_outside``)."""
    places: list[tuple[str, tuple[str, ...], str | None]] = [
        ("", policy.allowed_path_prefixes, policy.base_dir)
    ]
    tools = sorted(policy.tools.items())
    places += [(f"tools.{n}.", t.allowed_path_prefixes, t.base_dir) for n, t in tools]
    out, seen = [], set()
    for at, prefixes, base in places:
        dirs = [("allowed_path_prefixes", p) for p in prefixes]
        dirs += [("base_dir", base)] if base is not None else []
        for key, path in dirs:
            # each tool of a pack holds the global values: each directory is named once
            if (key, path) not in seen and not Path(path).expanduser().exists():
                out.append((at + key, path))
            seen.add((key, path))
    return out


def fitting_packs(real: Iterable[str]) -> list[str]:
    """Built-in packs that classify every one of the server's tools ``real``: the pack a
    policy with none should probably bring (a server wrapped by ``cordon init`` without a
    ``--policy`` runs with no pack, and nothing else says one fits)."""
    from cordon.policy.loader import pack_names

    have = set(real)
    if not have:
        return []
    return [p for p in pack_names() if have <= set(load_pack(p).get("tools") or {})]


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


def policy_warnings(policy: Policy, environ: Mapping[str, str]) -> list[tuple[str, str]]:
    """(key, sentence) of each suspicious-but-valid setting of a loaded policy, as
    ``cordon check`` and ``cordon serve``'s ``verify_policy`` say them: a ``secrets.env``
    variable unset or too short in ``environ`` (``cordon run`` reads it from its own
    environment at start-up: one unset there protects nothing), and a directory that does
    not exist here (:func:`missing_directories`: a typo denies every path of the real one)."""
    from cordon.engine.secrets import MIN_SECRET_LENGTH

    out = [
        (
            "secrets.env",
            f"secret env var {name} is unset or shorter than {MIN_SECRET_LENGTH} characters "
            "in this environment; cordon run protects it only if it is set where cordon run "
            "starts",
        )
        for name in policy.secrets.env
        if len(environ.get(name, "").strip()) < MIN_SECRET_LENGTH
    ]
    out += [
        (key, f"{key}: {path} does not exist here (a typo?)")
        for key, path in missing_directories(policy)
    ]
    return out


def empty_policy_note(paths: Iterable[Path]) -> str:
    """Say on stderr each policy file of ``paths`` that sets nothing (it loads as the
    defaults: a file saved empty, or cut short, would otherwise pass as "policy ok", read as
    "my rules are in force"); the note for ``cordon check``'s ok line ("" when none)."""
    paths = list(paths)
    empty = [p for p in paths if sets_nothing(p)]
    for path in empty:
        sys.stderr.write(
            f"cordon: warning: {path} sets nothing: the defaults shown above apply, as with "
            "no --policy\n"
        )
    if not empty:
        return ""
    return f" ({len(empty)} setting nothing{': the defaults' if len(empty) == len(paths) else ''})"
