"""Rewrite only the server entries ``cordon init`` (or ``--undo``) changes in a JSON or JSONC
client config, leaving every other byte as the user or the client wrote it.

VS Code's ``mcp.json``, Cursor's and Gemini CLI's settings take comments and trailing
commas; re-serialising the whole file dropped every one of them (and re-indented every
entry, and rewrote numbers such as ``1e3`` as ``1000.0``). :func:`splice` replaces the text
of each changed value only: an object whose keys are unchanged is descended into (the
servers table, a Claude Code project), any other changed value (a wrapped or unwrapped
entry) is written in the file's indentation at its own place. The result is parsed again and
must equal the data meant, in key order and JSON types; otherwise (or when a value's place
cannot be found) None, and the caller writes the whole file as before (fail closed: never a
file that reads otherwise than planned).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

__all__ = ["comments", "rewrite", "same_json", "splice"]

_TOKENS = re.compile(
    r'"(?:\\.|[^"\\])*"|//[^\n]*|/\*.*?\*/|[{}\[\]:,]|\s+|[^\s{}\[\]:,"/]+|/', re.S
)
_Span = tuple[int, int]


def same_json(a: Any, b: Any) -> bool:
    """Equal as JSON: key order and types too (Python's ``True == 1 == 1.0`` is not)."""
    return json.dumps(a, ensure_ascii=False) == json.dumps(b, ensure_ascii=False)


def comments(raw: bytes | str) -> list[str]:
    """The comments of a JSONC text, in order (strings skipped)."""
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
    return [t for t in (m.group(0) for m in _TOKENS.finditer(text)) if t[:2] in ("//", "/*")]


def _spans(text: str) -> dict[tuple[str, ...], _Span]:
    """The text span of every object member's value, keyed by its path of keys (members of
    objects inside arrays are not recorded)."""
    spans: dict[tuple[str, ...], _Span] = {}
    # each open container: [is object, path (None inside an array), key, start, wants a key]
    stack: list[list[Any]] = []

    def record(start: int, end: int) -> None:
        if stack and stack[-1][0] and stack[-1][1] is not None and stack[-1][2] is not None:
            spans[(*stack[-1][1], stack[-1][2])] = (start, end)

    for m in _TOKENS.finditer(text):
        tok = m.group(0)
        if tok[0].isspace() or tok[:2] in ("//", "/*"):
            continue
        top = stack[-1] if stack else None
        if top is not None and top[0] and top[4] and tok[0] == '"':
            top[2], top[4] = json.loads(tok), False
        elif tok == ":" or tok == ",":
            if top is not None and top[0] and tok == ",":
                top[2], top[4] = None, True
        elif tok in ("}", "]"):
            done = stack.pop()
            record(done[3], m.end())
        elif tok in ("{", "["):
            path = None if top is not None and (not top[0] or top[1] is None) else ()
            if top is not None and path is not None:
                path = (*top[1], top[2])
            stack.append([tok == "{", path, None, m.start(), True])
        else:
            record(m.start(), m.end())
    return spans


def _edits(old: Any, new: Any, path: tuple[str, ...], out: list[tuple[str, ...]]) -> None:
    """Paths whose value is to be rewritten: the smallest changed values below objects whose
    keys (and their order) did not change."""
    if same_json(old, new):
        return
    if isinstance(old, dict) and isinstance(new, dict) and list(old) == list(new):
        for key in new:
            _edits(old[key], new[key], (*path, key), out)
        return
    out.append(path)  # the top-level object's () has no span: the whole file is rewritten


def splice(
    raw: bytes, old: dict[str, Any], new: dict[str, Any], parse: Callable[[bytes], Any]
) -> tuple[bytes, bool] | None:
    """``raw`` with only the values that differ between ``old`` (its data) and ``new``
    rewritten, and whether a comment inside a rewritten value was lost; None when that
    cannot be done exactly (the caller rewrites the whole file)."""
    bom = b"\xef\xbb\xbf" if raw.startswith(b"\xef\xbb\xbf") else b""
    text = raw[len(bom) :].decode("utf-8")
    paths: list[tuple[str, ...]] = []
    _edits(old, new, (), paths)
    spans = _spans(text)
    if not paths or any(p not in spans for p in paths):
        return None
    unit = re.search(r"\n([ \t]+)\S", text)
    newline = "\r\n" if "\r\n" in text else "\n"
    lost = False
    for path in sorted(paths, key=lambda p: spans[p][0], reverse=True):
        start, end = spans[path]
        value: Any = new
        for key in path:
            value = value[key]
        line = text[text.rfind("\n", 0, start) + 1 : start]
        base = line[: len(line) - len(line.lstrip(" \t"))]
        dumped = json.dumps(value, indent=unit.group(1) if unit else None, ensure_ascii=False)
        lost = lost or bool(comments(text[start:end]))
        text = text[:start] + dumped.replace("\n", newline + base) + text[end:]
    out = bom + text.encode("utf-8")
    try:
        if not same_json(parse(out), new):
            return None
    except Exception:  # noqa: BLE001 - any failure to read it back: the whole-file rewrite
        return None
    return out, lost


def rewrite(
    raw: bytes,
    new: dict[str, Any],
    parse: Callable[[bytes], Any],
    whole: Callable[[bytes, dict[str, Any]], bytes],
    kept_by: str,
) -> tuple[bytes, str | None]:
    """``raw`` with the data ``new``: :func:`splice`, else ``whole(raw, new)`` (the file
    re-serialised); and a note when comments or trailing commas are lost (``kept_by``: where
    they are still found)."""
    spliced = splice(raw, parse(raw), new, parse)
    if spliced is not None:
        lost = "comments inside the rewritten entries are not kept" if spliced[1] else None
        return spliced[0], lost and f"note: {lost}; {kept_by}"
    try:
        json.loads(raw.decode("utf-8-sig"))
        jsonc = False
    except ValueError:
        jsonc = True
    note = f"note: comments and trailing commas are not kept in the rewritten file; {kept_by}"
    return whole(raw, new), note if jsonc else None
