"""Tool pinning: fingerprints of tool definitions and rug-pull detection.

A tool's fingerprint is the SHA-256 of the canonical JSON (sorted keys, no spaces) of the
fields a model reads: name, title, description, inputSchema, outputSchema and annotations.
The first complete tools/list is the baseline; a later definition with another fingerprint
is a rug pull (rule ``pin.changed``), a later new name is a shadow tool (``pin.unknown_tool``).
Pattern after Trail of Bits' mcp-context-protector (field-by-field comparison).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PINNED_FIELDS: tuple[str, ...] = (
    "name",
    "title",
    "description",
    "inputSchema",
    "outputSchema",
    "annotations",
)


def canonical(tool: Mapping[str, Any]) -> dict[str, Any]:
    """The pinned subset of a tool definition (absent fields omitted)."""
    return {k: tool[k] for k in PINNED_FIELDS if k in tool and tool[k] is not None}


def fingerprint(tool: Mapping[str, Any]) -> str:
    """SHA-256 hex over the canonical JSON of the pinned fields of ``tool``."""
    blob = json.dumps(canonical(tool), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def changed_fields(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[str]:
    """Names of pinned fields whose values differ between two definitions."""
    a, b = canonical(old), canonical(new)
    return [k for k in PINNED_FIELDS if a.get(k) != b.get(k)]


@dataclass(kw_only=True)
class PinSet:
    """Pinned definitions for one server, keyed by tool name.

    Attributes:
        tools: name -> the pinned canonical definition.
        prints: name -> fingerprint.
        complete: True once a whole (all pages) tools/list has been pinned.
    """

    tools: dict[str, dict[str, Any]] = field(default_factory=dict)
    prints: dict[str, str] = field(default_factory=dict)
    complete: bool = False

    def add(self, tool: Mapping[str, Any]) -> None:
        name = str(tool.get("name", ""))
        self.tools[name] = canonical(tool)
        self.prints[name] = fingerprint(tool)

    def status(self, tool: Mapping[str, Any]) -> tuple[str, list[str]]:
        """Compare a definition with the pins.

        Returns:
            ``("ok", [])``, ``("new", [])`` or ``("changed", [field, ...])``.
        """
        name = str(tool.get("name", ""))
        if name not in self.prints:
            return "new", []
        if fingerprint(tool) == self.prints[name]:
            return "ok", []
        return "changed", changed_fields(self.tools[name], tool)


class PinFile:
    """Pins persisted across restarts (trust on first use), one JSON file, mode 0600.

    Shape: ``{"servers": {server: {"tools": {name: definition}, "pending": {name: definition}}}}``.
    ``pending`` holds definitions seen after a change, for ``cordon pin accept``.
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
        missing = []
        parent = self.path.parent
        while not parent.exists():
            missing.append(parent)
            parent = parent.parent
        for directory in reversed(missing):
            directory.mkdir(mode=0o700, exist_ok=True)
            os.chmod(directory, 0o700)
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".pins-")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh, sort_keys=True, indent=1)
            os.chmod(tmp, 0o600)
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def pins_for(self, server: str) -> PinSet | None:
        entry = self.load()["servers"].get(server)
        if not entry or not entry.get("tools"):
            return None
        ps = PinSet(complete=True)
        for tool in entry["tools"].values():
            ps.add(tool)
        return ps

    def store(self, server: str, tools: Iterable[Mapping[str, Any]]) -> None:
        data = self.load()
        entry = data["servers"].setdefault(server, {})
        entry["tools"] = {str(t.get("name")): canonical(t) for t in tools}
        entry["pending"] = {}
        self.save(data)

    def record_pending(self, server: str, tool: Mapping[str, Any]) -> None:
        data = self.load()
        entry = data["servers"].setdefault(server, {"tools": {}})
        entry.setdefault("pending", {})[str(tool.get("name"))] = canonical(tool)
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
        return out

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
        self.save(data)
        return accepted
