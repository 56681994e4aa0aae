"""A base64 value cut into lines inside one string, read rejoined.

The run finders (:func:`cordon.textnorm.encoded_runs` for taint, the content scan's base64
layers) follow a run over single line breaks, as MIME wraps it, but only over lines of four
or more alphabet characters, and only from a first line of 12 (taint) or 20 (content)
characters. Whoever writes the string can therefore cut a value so that no run carries it
whole: a short line that is not base64 between two pieces (``--``, a blank line), a line of
base64 characters whose length is no multiple of four (the run goes over it and decodes to
nothing), or lines too short to start a run. A decoder that skips what is not base64
(``base64 -d -i``, a model asked to decode) still reads the value whole.

:func:`rejoined_base64` gives the string with each such cut value put back on one line, so
that the run finders read it: the recorded text of a result and the content walk read it
besides the string itself. Two readings, since the two cuts above undo differently:

* *lenient*: every base64 line of the value, the short lines between them dropped;
* *per line*: only its lines that decode on their own (a multiple of four characters).

Nothing is rejoined unless the value then decodes to text, so ordinary text and MIME-wrapped
binary give nothing, and a text with no line a value can be cut at costs one regex search
(one Hyperscan pass from 64 KiB).
"""

from __future__ import annotations

import binascii
import re

from cordon.textnorm import PREFILTER_MIN, Prefilter

__all__ = ["rejoined_base64"]

_A = "A-Za-z0-9+/_-"
#: a line of base64 (either alphabet of RFC 4648), padding allowed at its end
_LINE_RE = re.compile(f"[{_A}]+={{0,2}}")
#: a line that is not base64 and at most this long may sit between two pieces of one value
JUNK_MAX = 32
#: at most this many such lines in a row
_GAP_LINES = 2
#: a value line (not its last) shorter than this starts no run of the content scan
_SHORT = 20


def _gate(possessive: str) -> str:
    """Where a cut value can be: a base64 line followed by one or two short lines and a
    base64 line, or by a base64 line when it is shorter than :data:`_SHORT` or its length is
    no multiple of four; a superset of what :func:`_blocks` accepts (``\\r`` is part of a
    short line). ``possessive`` is ``+`` for ``re`` (no backtracking; the same matches, since
    ``=``, ``\\r`` and ``\\n`` are not in the alphabet), empty for Hyperscan, which has none."""
    a = f"[{_A}]"
    return (
        f"(?:{a}+{possessive}={{0,2}}\\r?\\n(?:[^\\n]{{0,{JUNK_MAX}}}\\n){{1,{_GAP_LINES}}}"
        f"|{a}{{1,{_SHORT - 1}}}{possessive}={{0,2}}\\r?\\n"
        f"|(?:{a}{{4}})*{possessive}{a}{{1,3}}\\r?\\n){a}"
    )


_GATE_FIRST_RE = re.compile(_gate("+"))
_GATE_RE = re.compile("\n" + _gate("+"))
_GATE_PREFILTER = Prefilter((("\n" + _gate("")).encode(),), width=0)


def _gated(text: str) -> bool:
    if _GATE_FIRST_RE.match(text) is not None:
        return True
    if len(text) >= PREFILTER_MIN:
        found = _GATE_PREFILTER.present(text.encode("utf-8", "surrogatepass"))
        if found is not None:
            return found[0]
    return _GATE_RE.search(text) is not None


def _blocks(lines: list[str]) -> list[list[int]]:
    """The cut values in ``lines`` (without ``\\r``): for each, the indices of its base64
    lines, when it has two or more and the run finders would not read it whole (a short line
    between two of them, or one but its last shorter than :data:`_SHORT` or no multiple of
    four characters long)."""
    blocks: list[list[int]] = []
    cur: list[int] = []
    gap = 0

    def close() -> None:
        nonlocal cur, gap
        if len(cur) >= 2 and (
            cur[-1] - cur[0] + 1 != len(cur)
            or any(len(lines[i]) < _SHORT or len(lines[i]) % 4 for i in cur[:-1])
        ):
            blocks.append(cur)
        cur, gap = [], 0

    for i, line in enumerate(lines):
        if _LINE_RE.fullmatch(line) and not ("=" in line and len(line) % 4):
            if gap > _GAP_LINES:
                close()
            cur.append(i)
            gap = 0
            if line.endswith("="):
                close()  # padding ends a value
        elif cur and len(line) <= JUNK_MAX:
            gap += 1
            if gap > _GAP_LINES:
                close()
        else:
            close()
    close()
    return blocks


def _decodes(value: str) -> bool:
    """Whether ``value`` (base64 of either alphabet) decodes to text: UTF-8, at most one
    character in twenty a control character (the content scan's own bar)."""
    body = value.rstrip("=")
    if len(body) < 12 or len(body) % 4 == 1:
        return False
    if "-" in body or "_" in body:
        body = body.replace("-", "+").replace("_", "/")
    try:
        out = binascii.a2b_base64(body + "=" * (-len(body) % 4)).decode("utf-8")
    except (binascii.Error, ValueError):
        return False
    bad = sum(1 for c in out if not c.isprintable() and c not in "\n\r\t")
    return bad * 20 <= len(out)


def rejoined_base64(text: str) -> tuple[str, ...]:
    """``text`` with every base64 value cut into lines put back on one line: at most two
    readings (lenient, per line; see the module docstring), each differing from ``text``;
    empty when there is no such value."""
    if "\n" not in text or not _gated(text):
        return ()
    lines = text.split("\n")
    bare = [line[:-1] if line.endswith("\r") else line for line in lines]
    blocks = _blocks(bare)
    views: list[str] = []
    for aligned in (False, True):
        out = list(lines)
        changed = False
        for idx in reversed(blocks):
            joined = "".join(bare[i] for i in idx if not aligned or len(bare[i]) % 4 == 0)
            if _decodes(joined):
                out[idx[0] : idx[-1] + 1] = [joined]
                changed = True
        if changed:
            view = "\n".join(out)
            if view != text and view not in views:
                views.append(view)
    return tuple(views)
