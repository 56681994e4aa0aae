"""The pin file: tool pins kept across restarts (trust on first use).

The comparison logic (fingerprints, :class:`cordon.engine.pins.PinSet`) is pure and lives in
the engine; this module reads and writes the file.
"""

from __future__ import annotations

import json
import os
import shlex
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from cordon.engine.pins import PROMPTS, SURFACES, PinSet, Surface, canonical
from cordon.store.private import private_dirs

__all__ = [
    "IDENTITY_FIELDS",
    "MAX_PENDING_PROMPTS",
    "PARTIAL_WRITES",
    "PinFile",
    "accept_command",
    "identity_changes",
]

#: the parts of a server's identity that are pinned: ``upstream`` (``{"command": [...]}`` or
#: ``{"url": URL}``), ``serverInfo`` (without ``version``: a package update changes it, and
#: a changed tool is caught by its own pin) and ``instructions`` (None when absent)
IDENTITY_FIELDS = ("upstream", "serverInfo", "instructions")
#: the most pending prompts the file keeps per server: what one process holds hidden
#: (:data:`cordon.proxy.prompt_pins.MAX_HIDDEN_PROMPTS` names not pinned, and the changes of
#: its :data:`cordon.proxy.prompt_pins.MAX_PROMPTS` pinned ones)
MAX_PENDING_PROMPTS = 16_384 + 4_096
#: the pages of a listing not yet whole (:meth:`PinFile.partial`) whose pins one process
#: writes as they come, each write the whole file; later pages are written when the listing
#: ends (at the latest at its page bound, :data:`cordon.proxy.paging.MAX_PAGES`): a client
#: that stops early read fewer, and 1,024 writes of a growing file took over a minute
PARTIAL_WRITES = 64


def accept_command(server: str, pins: PinFile | None) -> str:
    """The ``cordon pin accept`` command line that reviews ``server``'s pending change in
    ``pins``: with ``--pin-file`` when the file is known, since one server name may be pinned
    in several files (``cordon init`` names each entry's file by its config, a hand-started
    ``cordon run`` by its command) and ``--server`` alone then names none of them."""
    run = f"cordon pin accept --server {shlex.quote(server)}"
    return run if pins is None else f"{run} --pin-file {shlex.quote(str(pins.path))}"


def identity_changes(pinned: Mapping[str, Any] | None, seen: Mapping[str, Any]) -> list[str]:
    """The identity fields ``seen`` gives that differ from ``pinned`` (a field not pinned yet
    is not a change: it is pinned when first seen)."""
    if not pinned:
        return []
    return [k for k in IDENTITY_FIELDS if k in seen and k in pinned and pinned[k] != seen[k]]


class PinFile:
    """Pins persisted across restarts (trust on first use), one JSON file, mode 0600.

    Shape: ``{"servers": {server: {"tools": {name: definition}, "pending": {name: definition},
    "identity": {...}, "pending_identity": {...}}}}``.
    ``pending`` holds definitions seen after a change, for ``cordon pin accept``.
    ``listed`` holds the tool names of the server's latest complete ``tools/list`` (``cordon
    run`` records each one whose names changed, a re-list after ``list_changed`` too): a
    pending tool not in it is stale, the server no longer lists it, and ``cordon pin accept``
    drops it instead of accepting it.
    ``identity`` is who the server is (:data:`IDENTITY_FIELDS`): the upstream command line
    (or URL), its ``serverInfo`` without ``version``, and its ``instructions``;
    ``pending_identity`` the parts that changed, for ``cordon pin accept``.
    ``prompts`` holds the server's prompts as its first complete ``prompts/list`` gave them
    (:data:`cordon.engine.pins.PROMPT_FIELDS`), ``pending_prompts`` the changed or added ones
    for ``cordon pin accept`` (which names them ``server/prompt:NAME``); so do
    ``resource_templates`` and ``pending_resource_templates`` (``server/template:URITEMPLATE``)
    and ``resources`` and ``pending_resources`` (``server/resource:URI``; every URI pinned as
    first listed, :data:`cordon.engine.pins.RESOURCES`). A file without them loads as one
    whose server pinned none yet. ``partial`` names the sections (``tools``, ``prompts``,
    ``resource_templates``) pinned from the pages of a listing never seen to its end
    (:meth:`PinFile.partial`).
    Written via a temporary file and ``os.replace``.
    """

    def __init__(self, path: Path) -> None:
        self.path = path

    def load(self) -> dict[str, Any]:
        """Raises ``ValueError`` when the file exists but is not valid pin JSON (fail closed)."""
        if not self.path.exists():
            return {"servers": {}}
        data = json.loads(self.path.read_text("utf-8"))
        if not isinstance(data, dict) or not isinstance(data.get("servers"), dict):
            raise ValueError(f"{self.path}: not a cordon pin file")
        return data

    def save(self, data: Mapping[str, Any]) -> None:
        """Write ``data`` whole (mode 0600); missing directories are made 0700.

        Raises:
            OSError: the file or a directory cannot be written.
        """
        private_dirs(self.path.parent)
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".pins-")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh, sort_keys=True, indent=1)
            os.chmod(tmp, 0o600)
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def unknown_server(self, server: str) -> str | None:
        """Why ``server`` is not in this file (naming the servers it holds), or None: a
        mistyped --server must not read as a server with nothing pending."""
        names = sorted(self.load()["servers"])
        if server in names:
            return None
        held = ", ".join(map(repr, names)) or "none"
        return f"{self.path} holds no server {server!r} (servers: {held})"

    def pins_for(self, server: str) -> PinSet | None:
        entry = self.load()["servers"].get(server)
        if not entry or not entry.get("tools"):
            return None
        ps = PinSet(complete=not self.partial(server, "tools"))
        for tool in entry["tools"].values():
            ps.add(tool)
        return ps

    def store(
        self,
        server: str,
        tools: Iterable[Mapping[str, Any]],
        *,
        complete: bool = True,
        keep: bool = False,
    ) -> None:
        """Pin ``tools`` as ``server``'s. ``complete``: from a whole ``tools/list``, else
        from the pages of one not seen to its end (:meth:`partial`); ``keep``: the pending
        ones stay (changes held against pins written before), else they are dropped."""
        data = self.load()
        entry = data["servers"].setdefault(server, {})
        entry["tools"] = {str(t.get("name")): canonical(t) for t in tools}
        if not keep:
            entry["pending"] = {}
        _mark_partial(entry, "tools", not complete)
        self.save(data)

    def partial(self, server: str, section: str) -> bool:
        """Whether ``server``'s pins of ``section`` (``tools``, ``prompts``,
        ``resource_templates``) were written from the pages of a listing never seen to its
        end (a server whose every page carries a ``nextCursor``, a client that reads only
        the first): each pinned one is compared as listed, and one not pinned yet is pinned
        when first listed, until a listing ends."""
        entry = self.load()["servers"].get(server) or {}
        marks = entry.get("partial")
        return isinstance(marks, list) and section in marks

    def identity(self, server: str) -> dict[str, Any] | None:
        """The pinned identity of ``server`` (:data:`IDENTITY_FIELDS`), or None."""
        entry = self.load()["servers"].get(server) or {}
        ident = entry.get("identity")
        return ident if isinstance(ident, dict) else None

    def pin_identity(self, server: str, seen: Mapping[str, Any], *, replace: bool = False) -> None:
        """Pin the fields of ``seen`` not pinned yet (trust on first use); ``replace``: the
        identity becomes ``seen`` alone, the rest pinned again when next seen (``--repin``)."""
        data = self.load()
        entry = data["servers"].setdefault(server, {})
        if replace:
            entry["identity"] = dict(seen)
            entry.pop("pending_identity", None)
            self.save(data)
            return
        ident = entry.setdefault("identity", {})
        fresh = {k: v for k, v in seen.items() if k not in ident}
        # a pending change of a field seen as pinned again is stale, as a pending tool the
        # latest listing lacks is: the swap it came from no longer runs, and kept it would be
        # accepted beside the next real change, pinning what had been refused
        pending = entry.get("pending_identity") or {}
        stale = [k for k in pending if k in seen and k in ident and ident[k] == seen[k]]
        for k in stale:
            del pending[k]
        if stale and not pending:
            entry.pop("pending_identity", None)
        if fresh:
            ident.update(fresh)
        if fresh or stale:
            self.save(data)

    def rewrite_identity(self, server: str, fields: Mapping[str, Any]) -> None:
        """Write ``fields`` over the pinned identity of ``server``, keeping its other fields:
        the same identity spelled anew (a URL pinned before its credentials were masked)."""
        data = self.load()
        data["servers"].setdefault(server, {}).setdefault("identity", {}).update(fields)
        self.save(data)

    def record_pending_identity(self, server: str, seen: Mapping[str, Any]) -> None:
        """Keep the changed identity fields ``seen`` for ``cordon pin accept``."""
        data = self.load()
        entry = data["servers"].setdefault(server, {})
        entry.setdefault("pending_identity", {}).update(seen)
        self.save(data)

    def pending_identities(
        self, server: str | None = None
    ) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
        """The identity changes waiting for ``cordon pin accept``: ``(server, pinned, new)``
        with the changed fields only."""
        out: list[tuple[str, dict[str, Any], dict[str, Any]]] = []
        for name, entry in self.load()["servers"].items():
            new = entry.get("pending_identity") or {}
            if new and (server is None or name == server):
                pinned = entry.get("identity") or {}
                out.append((name, {k: pinned.get(k) for k in new}, dict(new)))
        return out

    def record_pending(self, server: str, *tools: Mapping[str, Any]) -> None:
        """Keep changed or new tool definitions for ``cordon pin accept``: one read and at
        most one write for them all (a write a tool rewrote the whole file per hidden tool,
        quadratic in a listing of many changed tools), none when nothing changed."""
        data = self.load()
        entry = data["servers"].setdefault(server, {"tools": {}})
        pending = entry.setdefault("pending", {})
        new = {str(t.get("name")): canonical(t) for t in tools}
        if any(pending.get(k) != v for k, v in new.items()):
            pending.update(new)
            self.save(data)

    def pending(
        self, server: str | None = None
    ) -> list[tuple[str, str, dict[str, Any] | None, dict[str, Any]]]:
        """The definitions waiting for ``cordon pin accept``: ``(server, tool, pinned, new)``
        per tool, ``pinned`` being ``None`` for a tool that was not pinned before."""
        out: list[tuple[str, str, dict[str, Any] | None, dict[str, Any]]] = []
        for name, entry in self.load()["servers"].items():
            if server is not None and name != server:
                continue
            pinned = entry.get("tools") or {}
            for tname, tdef in (entry.get("pending") or {}).items():
                out.append((name, tname, pinned.get(tname), tdef))
            for surface in SURFACES.values():  # prompts, templates, resources
                pins = entry.get(surface.section) or {}
                for key, pdef in (entry.get("pending_" + surface.section) or {}).items():
                    out.append((name, f"{surface.label}:{key}", pins.get(key), pdef))
        return out

    def prompts(self, server: str) -> dict[str, dict[str, Any]] | None:
        """The pinned prompts of ``server`` (name -> pinned definition), or None when none
        were pinned yet."""
        return self.listed_pins(server, PROMPTS)

    def listed_pins(self, server: str, surface: Surface) -> dict[str, dict[str, Any]] | None:
        """The pinned definitions of ``surface`` of ``server`` (key -> pinned definition), or
        None when none were pinned yet (a file from before the surface was pinned)."""
        entry = self.load()["servers"].get(server) or {}
        pinned = entry.get(surface.section)
        return dict(pinned) if isinstance(pinned, dict) else None

    def store_prompts(self, server: str, prompts: Iterable[Mapping[str, Any]]) -> None:
        """Pin ``server``'s prompts (its first complete ``prompts/list``)."""
        self.store_listed(server, PROMPTS, {str(p.get("name")): p for p in prompts})

    def store_listed(
        self,
        server: str,
        surface: Surface,
        items: Mapping[str, Mapping[str, Any]],
        *,
        keep: bool = False,
        partial: bool = False,
    ) -> None:
        """Pin ``items`` (key -> definition) as ``server``'s ``surface`` (its first complete
        listing; resources: every one pinned so far). ``keep``: the pending ones stay (a
        resource pinned anew says nothing of one held), else they are dropped. ``partial``:
        the pages of a listing not seen to its end (:meth:`partial`)."""
        data = self.load()
        entry = data["servers"].setdefault(server, {})
        entry[surface.section] = {k: surface.canonical(v) for k, v in items.items()}
        if not keep:
            entry["pending_" + surface.section] = {}
        _mark_partial(entry, surface.section, partial)
        self.save(data)

    def record_pending_prompt(self, server: str, prompt: Mapping[str, Any]) -> None:
        """Keep a changed or added prompt definition for ``cordon pin accept``."""
        self.record_pending_listed(server, PROMPTS, [prompt])

    def record_pending_prompts(self, server: str, prompts: Iterable[Mapping[str, Any]]) -> None:
        """Keep changed or added prompt definitions for ``cordon pin accept``."""
        self.record_pending_listed(server, PROMPTS, prompts)

    def record_pending_listed(
        self, server: str, surface: Surface, items: Iterable[Mapping[str, Any]]
    ) -> None:
        """Keep changed or added definitions of ``surface`` for ``cordon pin accept``: one read
        and at most one write for them all (as :meth:`record_pending`). A key new to the file
        past :data:`MAX_PENDING_PROMPTS` of the server's is not kept (it stays hidden and
        refused: a server listing ever-new names across restarts grew the file without end)."""
        data = self.load()
        entry = data["servers"].setdefault(server, {})
        pending = entry.setdefault("pending_" + surface.section, {})
        changed = False
        for item in items:
            name, new = str(item.get(surface.key)), surface.canonical(item)
            if pending.get(name) == new or (
                name not in pending and len(pending) >= MAX_PENDING_PROMPTS
            ):
                continue
            pending[name] = new
            changed = True
        if changed:
            self.save(data)

    def record_listed(self, server: str, names: Iterable[str]) -> None:
        """Keep the tool names of ``server``'s latest complete ``tools/list`` (written only
        when they changed)."""
        data = self.load()
        entry = data["servers"].setdefault(server, {"tools": {}})
        listed = sorted(set(names))
        if entry.get("listed") != listed:
            entry["listed"] = listed
            self.save(data)

    def drop_stale(self, server: str | None = None) -> list[str]:
        """Drop the pending definitions of tools the server's latest ``tools/list`` did not
        have (``listed``; a file from before it was kept has none, and drops nothing).
        Returns the ``server/tool`` names dropped."""
        data = self.load()
        dropped: list[str] = []
        for name, entry in data["servers"].items():
            listed = entry.get("listed")
            if (server is not None and name != server) or not isinstance(listed, list):
                continue
            pending = entry.get("pending") or {}
            stale = sorted(t for t in pending if t not in set(listed))
            for tool in stale:
                del pending[tool]
                dropped.append(f"{name}/{tool}")
        if dropped:
            self.save(data)
        return dropped

    def accept(self, server: str | None = None, only: set[str] | None = None) -> list[str]:
        """Move pending definitions into the pins; returns ``server/tool`` names accepted.
        With ``only``, just those ``server/tool`` names; the others stay pending."""
        data = self.load()
        accepted: list[str] = []
        for name, entry in data["servers"].items():
            if server is not None and name != server:
                continue
            left: dict[str, Any] = {}
            for tname, tdef in (entry.get("pending") or {}).items():
                if only is not None and f"{name}/{tname}" not in only:
                    left[tname] = tdef
                    continue
                entry.setdefault("tools", {})[tname] = tdef
                accepted.append(f"{name}/{tname}")
            entry["pending"] = left
            accepted += self._accept_prompts(name, entry, only)
            ident = entry.pop("pending_identity", None)
            if ident and (only is None or f"{name}/(server)" in only):
                entry.setdefault("identity", {}).update(ident)
                accepted.append(f"{name}/(server)")
            elif ident:
                entry["pending_identity"] = ident
        self.save(data)
        return accepted

    @staticmethod
    def _accept_prompts(server: str, entry: dict[str, Any], only: set[str] | None) -> list[str]:
        """Move ``entry``'s pending prompts, templates and resources (those ``only`` names,
        or all) into its pins."""
        accepted: list[str] = []
        for surface in SURFACES.values():
            held = "pending_" + surface.section
            left: dict[str, Any] = {}
            for key, pdef in (entry.get(held) or {}).items():
                label = f"{server}/{surface.label}:{key}"
                if only is not None and label not in only:
                    left[key] = pdef
                    continue
                entry.setdefault(surface.section, {})[key] = pdef
                accepted.append(label)
            if left or held in entry:
                entry[held] = left
        return accepted


def _mark_partial(entry: dict[str, Any], section: str, partial: bool) -> None:
    """Mark (or unmark) ``entry``'s pins of ``section`` as from a listing never seen whole."""
    marks = [m for m in entry.get("partial") or () if m != section]
    if partial:
        marks.append(section)
    if marks:
        entry["partial"] = sorted(marks)
    else:
        entry.pop("partial", None)
