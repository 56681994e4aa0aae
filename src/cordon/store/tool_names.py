"""Which tool names the servers of one client list: tool shadowing across servers.

Two servers of one client that list a tool of the same name give the agent two tools it
cannot tell apart; a server can pick the name of another's tool to receive the calls meant
for it (tool shadowing). Each ``cordon run`` process appends the names of its server's
first complete ``tools/list`` to the client's file,
``~/.cordon/tools/client-<PID>-<START>.jsonl`` (named like the shared taint file; directory
0700, file 0600), and reads the lines before its own under the same lock: a name that a live
process of another server listed earlier is shadowed by this server. The server that listed
a name first keeps it. Each line carries the fingerprint of every tool's definition
(:func:`cordon.engine.pins.fingerprint`) and the ``serverInfo`` name, so the caller can tell
a server that lists a different tool under that name (or says it is another program) from a
second instance of one program (two accounts of one mail server).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
from collections.abc import Mapping
from pathlib import Path

from cordon.store.prompts import _ensure_dir, _open_private
from cordon.store.shared_taint import _alive, _start_time
from cordon.textnorm import skeleton, strip_invisible

__all__ = ["ToolNames"]


class ToolNames:
    """The client's file of listed tool names (module docstring).

    Args:
        path: the file; created (0600) when first written.
    """

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def for_client(cls, base_dir: Path | None = None) -> ToolNames:
        """The file of the client that started this process (its parent); files of clients
        that are gone are removed.

        Raises:
            OSError: the directory cannot be created.
        """
        base = base_dir if base_dir is not None else Path.home() / ".cordon" / "tools"
        _ensure_dir(base)
        ppid = os.getppid()
        name = f"client-{ppid}-{_start_time(ppid)}.jsonl"
        with contextlib.suppress(OSError):
            for entry in base.glob("client-*.jsonl"):
                parts = entry.name[len("client-") : -len(".jsonl")].split("-")
                if entry.name != name and len(parts) == 2 and parts[0].isdigit():
                    if not _alive(int(parts[0]), parts[1]):
                        entry.unlink()
        return cls(base / name)

    def register(
        self, server: str, prints: Mapping[str, str], info: str | None
    ) -> dict[str, tuple[str, bool]]:
        """Add ``server``'s tools (name -> definition fingerprint) and ``serverInfo`` name;
        returns each name that a live process of another server listed before: that
        server's name, and whether it listed the same definition under the same
        ``serverInfo`` name.

        Raises:
            OSError: the file cannot be opened (or is not private) or written.
        """
        pid = os.getpid()
        listed = dict(sorted(prints.items()))
        me = {"server": server, "pid": pid, "start": _start_time(pid), "info": info}
        me["tools"] = listed
        line = json.dumps(me, ensure_ascii=False, separators=(",", ":")) + "\n"
        fd = _open_private(self.path, os.O_RDWR | os.O_APPEND)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            os.write(fd, line.encode("utf-8", "surrogatepass"))
            size = os.fstat(fd).st_size
            data = os.pread(fd, size, 0)
        finally:
            os.close(fd)
        first: dict[str, tuple[str, bool]] = {}
        by_key: dict[str, list[str]] = {}
        for name in listed:
            by_key.setdefault(name_key(name), []).append(name)
        for raw in data.splitlines():
            try:
                rec = json.loads(raw)
            except ValueError:
                continue
            if not isinstance(rec, dict):
                continue
            if rec == me:
                break
            other = rec.get("server")
            tools = rec.get("tools")
            if other == server or not isinstance(other, str) or not isinstance(tools, dict):
                continue
            if not isinstance(rec.get("pid"), int) or not _alive(rec["pid"], str(rec.get("start"))):
                continue
            for tool, print_ in tools.items():
                mine = by_key.get(name_key(str(tool)), [])
                for name in mine:
                    same = name == tool and print_ == listed[name] and rec.get("info") == info
                    first.setdefault(name, (other, same))
        return {t: first[t] for t in listed if t in first}


_SEPARATORS_RE = re.compile(r"[\s_.\-]+")


def name_key(name: str) -> str:
    """A tool name as a model may take it for another: invisible characters removed,
    look-alike letters folded to their skeleton (TR39), case and ``_``/``-``/``.`` dropped:
    ``Send_Email``, ``send-email`` and ``sеnd_email`` with a Cyrillic ``е`` all shadow
    ``send_email`` (tool shadowing, Invariant Labs)."""
    return _SEPARATORS_RE.sub("", skeleton(strip_invisible(name)).casefold())
