"""The SQL block rules on SQL no policy declares (a SQL tool's arguments, a ``sql``/``query``/
``statement`` argument of any tool, SQL given to a database client in a shell command):
``action.sql_drop`` (``DROP``, ``TRUNCATE``), ``action.sql_delete_no_where`` and
``action.sql_computed`` (SQL run from a computed string: :func:`computed_sql`), read with
string literals, dollar-quoted strings and comments removed, and on the SQL the text runs from
strings (:func:`cordon.engine.sql_programs.inner_sql`).

Pure: no I/O.
"""

from __future__ import annotations

import re

from cordon.engine import rules
from cordon.engine.sql_programs import computed_sql, inner_sql

__all__ = ["sql_rule"]

_SQL_STRIP_RE = re.compile(
    r"--[^\n]*|#[^\n]*|/\*.*?(?:\*/|$)|'(?:[^']|'')*'|\$(\w*)\$.*?\$\1\$", re.DOTALL
)
_SQL_DROP_RE = re.compile(
    r"\bdrop\s+(?:temporary\s+)?(?:table|database|schema|view|materialized\s+view|index|user|"
    r"role|function|procedure|trigger|sequence|type|extension|owned|collection|keyspace)\b"
    r"|\btruncate\s+(?:table\s+)?(?:only\s+)?[\w\"`\[.]",
    re.IGNORECASE,
)
_SQL_DELETE_RE = re.compile(r"\bdelete\s+(?:\w+\s+)?from\b", re.IGNORECASE)
_SQL_WHERE_RE = re.compile(r"\bwhere\b", re.IGNORECASE)
_SQL_TAUTOLOGY_RE = re.compile(
    r"\bwhere\s+(?:\(?\s*(?:1\s*=\s*1|true|1|'?(\w+)'?\s*=\s*'?\1'?|not\s+false)\s*\)?)\s*"
    r"(?:;|$|limit\b|returning\b|order\b)",
    re.IGNORECASE,
)


def sql_rule(text: str, depth: int = 0) -> tuple[str, str] | None:
    """(rule id, label) of the first SQL block rule ``text`` breaks, or None; the SQL it runs
    from strings (a ``DO`` block's or function's body, ``EXECUTE '...'``, ``query_to_xml``'s
    or ``dblink_exec``'s query: :func:`cordon.engine.sql_programs.inner_sql`) is judged too,
    since the strings are removed before the statement is read."""
    if depth == 0 and (computed := computed_sql(text)) is not None:
        return rules.ACTION_SQL_COMPUTED, f"SQL run from a computed string ({computed})"
    lowered = text.lower()
    if "drop" not in lowered and "truncate" not in lowered and "delete" not in lowered:
        return None
    for inner in inner_sql(text, bodies_run=True) if depth < 3 else ():
        if (hit := sql_rule(inner, depth + 1)) is not None:
            return hit
    code = _SQL_STRIP_RE.sub(" ", text)
    if _SQL_DROP_RE.search(code):
        return rules.ACTION_SQL_DROP, "DROP or TRUNCATE statement"
    for stmt in code.split(";"):
        m = _SQL_DELETE_RE.search(stmt)
        if m is None:
            continue
        tail = stmt[m.end() :]
        if not _SQL_WHERE_RE.search(tail) or _SQL_TAUTOLOGY_RE.search(tail + ";"):
            return rules.ACTION_SQL_DELETE_NO_WHERE, "DELETE without a restricting WHERE"
    return None
