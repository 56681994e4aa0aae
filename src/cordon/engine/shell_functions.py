"""A shell function's body, read where the function's output is piped on (``f() { echo
'DROP TABLE users;'; }; f | sqlite3 app.db``) as a compound command's is (:meth:`.shell.
_Walker.block_output`).

Attack class: a call of a function defined in the same string was read as a program not
known here, whose output is not read (as ``pg_dump app | psql``), and the DROP its body
writes ran unasked, where ``{ echo 'DROP TABLE users;'; } | sqlite3 app.db`` was denied. A
function defined twice in the string (which body runs depends on the order bash meets
them) or called from its own body, or calls nested deeper than :data:`_MAX_CALLS`, is
asked: its output is not known here.

Pure: no I/O.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

__all__ = ["body", "named"]

#: a function definition's shape (``NAME ()``, ``function NAME``): the string is parsed for
#: definitions only when it has one
_DEFINES_RE = re.compile(r"[\w.:-]\s*\(\s*\)|\bfunction\s")
#: function bodies walked for one string before the rest are asked (mutual recursion)
_MAX_CALLS = 32
#: a name defined more than once
_REDEFINED = None


@lru_cache(maxsize=256)
def _definitions(src: str) -> dict[str, Any]:
    """Each function ``src`` defines, by name: its body node (``_REDEFINED`` for a name
    defined more than once); empty when ``src`` does not parse."""
    import bashlex  # type: ignore[import-untyped]

    try:
        trees = bashlex.parse(src)
    except Exception:  # (the walker reports the parse error; no definitions read here)
        return {}
    found: dict[str, Any] = {}

    def visit(node: Any) -> None:
        if node.kind == "function":
            name = node.name.word
            found[name] = node.body if name not in found else _REDEFINED
        for attr in ("parts", "list"):
            for child in getattr(node, attr, None) or ():
                visit(child)
        child = getattr(node, "command", None)  # (a function's body is among its parts)
        if child is not None and hasattr(child, "kind"):
            visit(child)

    for tree in trees:
        visit(tree)
    return found


def body(w: Any, part: Any) -> Any | None:
    """The body of the function the pipeline command ``part`` calls, when ``w``'s string
    defines it (read as the compound command it is); None for any other command. A call
    whose body is not known here (module docstring) is opaque to ``w``."""
    if part.kind != "command" or not _DEFINES_RE.search(w.src):
        return None
    words = [p for p in part.parts if p.kind == "word"]
    return _called(w, words[0].word, part.pos[0]) if words else None


def named(w: Any, program: str) -> Any | None:
    """The body of the function ``program`` names, for a call in a compound command piped on
    (``g() { f; }; g | psql``: f's output is g's), as :func:`body`."""
    return _called(w, program, -1) if _DEFINES_RE.search(w.src) else None


def _called(w: Any, name: str, at: int) -> Any | None:
    """The body of ``name``, a function ``w``'s string defines, called at offset ``at`` (-1:
    not known); None for a name it does not define, or a body not known here (opaque)."""
    defs = _definitions(w.src)
    if name not in defs:
        return None
    found = defs[name]
    calls = getattr(w, "function_calls", 0) + 1
    w.function_calls = calls
    if found is _REDEFINED:
        w.opaque(f"the function {name} is defined more than once: which body runs is not known")
    elif found.pos[0] <= at < found.pos[1] or calls > _MAX_CALLS:
        w.opaque(f"the function {name} calls itself: what it writes is not known here")
    else:
        return found
    return None
