"""Two measured exceptions to how an anchor is widened for Hyperscan (``_accel._widen``).

Anchors are compiled in prefilter mode, so Hyperscan's expression may match a superset of the
anchor's matches: each reported end is confirmed with the anchor's own ``re`` pattern. Two
supersets cost Hyperscan far more time than they save (``bench/content/README.md``, "Where
Hyperscan's own time goes on real text"):

- **A word run opened to the text's end.** ``_widen`` opens counted repeats (``{0,7}`` ->
  ``{0,}``) because Hyperscan compiles large counts into large automata. A repeat of a group
  that holds every byte and is itself unbounded (``(?:\\s+[^\\s]+){0,7}``, a run of words),
  opened, matches any text at all: after the first ``sends`` of a document the automaton of
  ``sends(?:\\s+[^\\s]+){0,}\\s+server`` stays alive to its end, and every later ``server``
  is a candidate (407 over the real-text document, 27 ms of Hyperscan alone; exact, 2.5 ms
  and 3). Such a count is kept exact when it is at most :data:`EXACT_MAX` (a small automaton:
  one copy of the group a count).
- **``\\b`` in an anchor over UTF-8 bytes.** Without ``HS_FLAG_UCP`` Hyperscan reads ``\\b``
  as an ASCII word boundary; in the UTF-8 anchors (the non-ASCII ones) a ``\\b`` that closes
  a group of words before an open run made Hyperscan step one anchor over every byte
  (``translated.py``'s giving verbs then a key file: 37 ms of the UTF-8 database's 57 over
  the real-text document; 6 ms without). Dropped there, the expression is a superset.
"""

from __future__ import annotations

from re import _constants as _c  # type: ignore[attr-defined]
from re import _parser  # type: ignore[attr-defined]

from cordon.content._longmatch import _ALL, _bytes_of

#: the largest count of an any-byte group kept exact
EXACT_MAX = 8


def _tokens(expr: str) -> tuple[dict[int, int], list[int]]:
    """``expr``'s groups, close paren offset -> open paren offset, and the offsets of its
    ``\\b`` escapes outside character classes."""
    groups: dict[int, int] = {}
    bounds: list[int] = []
    opens: list[int] = []
    i, n, in_class = 0, len(expr), False
    while i < n:
        ch = expr[i]
        if ch == "\\":
            if not in_class and expr[i + 1 : i + 2] == "b":
                bounds.append(i)
            i += 2
            continue
        if in_class:
            if ch == "]":
                in_class = False
        elif ch == "[":
            in_class = True
            # a ``]`` first in a class (or after ``^``) is a member, not its end
            j = i + 1 + (expr[i + 1 : i + 2] == "^")
            i = j + 1 if expr[j : j + 1] == "]" else j
            continue
        elif ch == "(":
            opens.append(i)
        elif ch == ")" and opens:
            groups[i] = opens.pop()
        i += 1
    return groups, bounds


def keeps_count(expr: str, start: int, high: int) -> bool:
    """Whether the counted repeat at ``expr[start]`` (``{``, at most ``high``) should stay
    exact for Hyperscan: a group just before it that holds every byte and is unbounded."""
    if high > EXACT_MAX or start == 0 or expr[start - 1] != ")":
        return False
    groups, _ = _tokens(expr)
    open_at = groups.get(start - 1)
    if open_at is None:
        return False
    try:
        parsed = _parser.parse(expr[open_at:start])
        every = _ALL <= _bytes_of(parsed, False)
    except Exception:  # noqa: BLE001 - not a group we can read: opened as before
        return False
    return every and parsed.getwidth()[1] >= _c.MAXREPEAT


def utf8_bounds_dropped(expr: str) -> str:
    """``expr`` without its ``\\b`` escapes when it holds a non-ASCII character (an anchor
    over UTF-8 bytes), else ``expr``: a superset, see the module's docstring."""
    if expr.isascii() or "\\b" not in expr:
        return expr
    _, bounds = _tokens(expr)
    for i in reversed(bounds):
        expr = expr[:i] + expr[i + 2 :]
    return expr
