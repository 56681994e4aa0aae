"""Files a tool result links for the client to read, read as that result's output.

@playwright/mcp saves the snapshot of a page after a navigation, a click or a step back to a
file and returns only a link to it (``- [Snapshot](../out/page-2026-12-04.yml)``); the
client reads the file with its own file tool, which no MCP proxy sees. The page's text, with
whatever a planted page wrote in it, would never be output to cordon: a host it names would
not be taint, a credential in it not a seen secret. For a tool whose policy sets
``output_files``, the proxy reads each local file the result links and records its text as
output of the same call (:meth:`cordon.proxy.work.SessionWork.record_result`).

What is read: the target of a markdown link (``[text](path)``) in a text content block, or
the ``file://`` URI of a ``resource_link`` block (MCP 2025-06-18), relative targets resolved
against the server's working directory (the proxy's: a stdio upstream inherits it). A target
with another URL scheme is not a file. Only regular files are read (a FIFO or a device the
server names would block or never end: opened non-blocking and checked on the descriptor),
at most :data:`MAX_FILES` per result and :data:`MAX_BYTES` each; what is left unread is said
in the notes the proxy logs. Reading a file the server names gives it no new power: it could
write the same text into its result.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote, urlsplit

#: files read per result, and bytes per file (the proxy's default message cap)
MAX_FILES = 8
MAX_BYTES = 16 * 1024 * 1024

#: a markdown link's target: ``](path)`` or ``](<path with spaces>)``
_MD_TARGET = re.compile(
    r"\]\(\s*(?:<([^<>\n]{1,4096})>|([^()\s<>]{1,4096}))(?:\s+\"[^\"\n]*\")?\s*\)"
)
#: a URL scheme (RFC 3986 section 3.1) of two or more characters: ``C:\`` is a path
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]+:")


@dataclass
class Linked:
    """What was read: each file's text, and notes on what was not."""

    texts: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def link_targets(result: Any) -> list[str]:
    """The local paths a tool result links, in order, each once (not resolved)."""
    content = result.get("content") if isinstance(result, dict) else None
    out: list[str] = []
    for block in content if isinstance(content, list) else []:
        if not isinstance(block, dict):
            continue
        kind = block.get("type")
        if kind == "text" and isinstance(block.get("text"), str):
            for m in _MD_TARGET.finditer(block["text"]):
                target = _local(m.group(1) or m.group(2))
                if target is not None:
                    out.append(target)
        elif kind == "resource_link" and isinstance(block.get("uri"), str):
            uri = block["uri"]
            if uri.lower().startswith("file:"):
                target = _local(uri)
                if target is not None:
                    out.append(target)
    return list(dict.fromkeys(out))


def _local(target: str) -> str | None:
    """A link target as a local path, or None when it names no file (another scheme, a
    fragment of the same page, a remote host in a ``file:`` URI)."""
    target = target.strip()
    if not target or target.startswith("#"):
        return None
    if target.lower().startswith("file:"):
        parts = urlsplit(target)
        if parts.netloc not in ("", "localhost"):
            return None
        return unquote(parts.path) or None
    if _SCHEME.match(target):
        return None
    return target.split("#", 1)[0] or None


def read_linked(result: Any, cwd: str) -> Linked:
    """The text of each regular file ``result`` links (:func:`link_targets`), relative paths
    against ``cwd``; decoded as UTF-8 with undecodable bytes replaced."""
    found = Linked()
    targets = link_targets(result)
    if len(targets) > MAX_FILES:
        found.notes.append(
            f"{len(targets) - MAX_FILES} linked files past the first {MAX_FILES} not read"
        )
    for target in targets[:MAX_FILES]:
        path = os.path.join(cwd, os.path.expanduser(target))
        text, note = _read(path)
        if text is not None:
            found.texts.append(text)
        if note:
            found.notes.append(f"{target}: {note}")
    return found


def _read(path: str) -> tuple[str | None, str]:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        return None, f"not read ({exc.strerror})"
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None, "not a regular file, not read"
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_BYTES:
            chunk = os.read(fd, min(1 << 20, MAX_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        return None, f"not read ({exc.strerror})"
    finally:
        os.close(fd)
    data = b"".join(chunks)
    note = f"read its first {MAX_BYTES} bytes only" if len(data) > MAX_BYTES else ""
    return data[:MAX_BYTES].decode("utf-8", "replace"), note
