"""How far a ``DELETE`` or ``UPDATE`` reaches, read from its ``WHERE`` alone (for
:mod:`cordon.engine.sql_judge`).

Three answers, from the syntax (the judge has no row counts and never asks the database):

* every row (:func:`always_true`, denied): no ``WHERE``, or one that restricts nothing
  whatever the data (``1 = 1``, a column compared with itself, ``rowid IN (SELECT rowid
  FROM t)``, ``x = 4 OR 1``);
* rows named by value (:func:`bounded`, run unasked): the condition pins the rows it touches
  to values written in the statement, by equality or an ``IN`` list of literals on a column
  of the written table (``id = 7``, ``email = 'a@b.example'``, ``id IN (3, 4)``,
  ``coalesce(role, '') = 'you'``, which is ``role = 'you'``), combined
  with ``AND`` (one pinned operand pins the whole) or ``OR`` (every operand pinned: a
  finite union of pins, ``id = 5 OR id = 6`` is an ``IN`` list spelt out); a condition that
  is false for every row (``1 = 2``) touches none;
* a delete by condition (anything else, asked): a range (``id > 0``, ``created <
  '2024-01-01'``), ``IS [NOT] NULL``, ``LIKE``, a bare column (``WHERE archived``), ``NOT``,
  a subquery (``IN (SELECT ...)``, ``EXISTS``), a join (``UPDATE ... FROM``, ``DELETE ...
  USING``: an unqualified column may be the other table's), a function of a column, an
  ``OR`` with an operand that is not pinned.

Why the line is there: a database runs a ``DELETE`` or ``UPDATE`` on every row its ``WHERE``
matches and keeps no undo once it commits (the reference SQLite server commits each write
at once). A condition by range, nullness or pattern covers every row whenever the data
happens to fall inside it, and usually does: every id of a SQLite rowid table is above 0
unless chosen otherwise, a ``NOT NULL`` column is never null, ``id > 0`` and ``id IS NOT
NULL`` wiped the sqlite pack's table. That is the destructive-action class (irreversible
bulk loss of the application's data by an agent: OWASP LLM06, excessive agency), and only
a person who knows the data can tell a purge of old rows from a wipe: asked, not denied,
since retention deletes by date are ordinary work. An equality on a value picks out the
rows the agent names, the edit an application makes record by record. Not covered: an
equality every row happens to satisfy (``status = 'active'`` where all are active) reaches
every row as ``id > 0`` does; only a row count tells them apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from sqlglot import exp

__all__ = ["Target", "always_true", "as_strings", "bounded", "literal_text", "target_of"]


@dataclass(frozen=True, slots=True)
class Target:
    """The table a ``DELETE`` or ``UPDATE`` writes: its name and alias (lower case; a
    column they qualify is the bare column), and whether names are SQLite's."""

    names: frozenset[str]
    sqlite: bool
    mysql: bool = False


def target_of(node: exp.Expression, dialect: str) -> Target:
    table = node.this
    names = {table.name.lower(), table.alias.lower()} if isinstance(table, exp.Table) else set()
    return Target(frozenset(names - {""}), dialect == "sqlite", dialect == "mysql")


#: SQLite's names of a rowid table's row id (not ``oid``, also a common column's name: an
#: order's id)
_ROWID: Final = frozenset({"rowid", "_rowid_"})


def column_key(e: object, target: Target) -> str | None:
    """The column ``e`` names, spelt one way: SQLite's names are case-insensitive and a
    quoted or bracketed name is the bare one (``"id"``, ``[id]``, ``ID``), a qualifier
    naming the target table is dropped (``t.id``, ``main.t.id``), ``COLLATE`` and
    parentheses leave the column; ``None`` when ``e`` is not a column."""
    while isinstance(e, exp.Paren | exp.Collate):
        e = e.this
    if not isinstance(e, exp.Column) or not isinstance(e.this, exp.Identifier):
        return None
    ident = e.this
    name = ident.this if ident.quoted and not target.sqlite else ident.this.lower()
    name = "rowid" if target.sqlite and name in _ROWID else name
    table = e.table.lower()
    return name if not table or table in target.names else f"{table}.{name}"


def as_strings(e: exp.Expression) -> exp.Expression:
    """``e`` with each unqualified quoted name read as a string, as SQLite reads a
    double-quoted name that no column has (``"x" = 'x'``: true for every row)."""

    def text(node: exp.Expression) -> exp.Expression:
        if (
            isinstance(node, exp.Column)
            and not node.table
            and isinstance(node.this, exp.Identifier)
        ):
            if node.this.quoted:
                return exp.Literal.string(node.this.this)
        return node

    return e.copy().transform(text)


def always_true(e: object, target: Target) -> bool:
    """A ``WHERE`` condition that does not restrict the rows, read from its syntax alone: one
    that names no column (``1``, ``'1'``, ``2 > 1``, ``1 = 1.0``, ``EXISTS (SELECT 1)``,
    ``coalesce(1, 0)``: the same for every row, so every row or none, and SQLite's
    truthiness of a constant is not this module's to evaluate; two different strings
    compared equal are no row), a comparison of a column with itself however spelt
    (``id = id``, ``t.id IS "ID"``), a column in a list holding it or in the same column of
    the whole table (``rowid IN (SELECT rowid FROM t)``), ``LIKE '%'``, an ``OR`` with such
    an operand, an ``AND`` of such. A column tautology beyond these (``id = id + 0``,
    ``id > -1e18``) is not seen."""
    if not isinstance(e, exp.Expression):
        return True
    if e.find(exp.Coalesce) is not None:
        e = e.copy().transform(_first_literal)  # (coalesce(1, id): 1, for every row)
    if isinstance(e, exp.Paren):
        return always_true(e.this, target)
    constant = _constant(e, target)
    if constant is not None:
        return constant
    if isinstance(e, exp.Or):
        return always_true(e.this, target) or always_true(e.expression, target)
    if isinstance(e, exp.And):
        return always_true(e.this, target) and always_true(e.expression, target)
    if next(e.find_all(exp.Column), None) is None:
        return True
    if target.sqlite and column_key(e, target) == "rowid":
        return True  # (WHERE rowid: a rowid table's ids are not 0 unless chosen so)
    if (
        isinstance(e, exp.Not)
        and isinstance(e.this, exp.Is)
        and isinstance(e.this.expression, exp.Null)
    ):
        return target.sqlite and column_key(e.this.this, target) == "rowid"  # (never NULL)
    if isinstance(e, exp.EQ | exp.GTE | exp.LTE | exp.Is | exp.NullSafeEQ):
        key = column_key(e.this, target)
        return bool(e.this == e.expression) or (
            key is not None and key == column_key(e.expression, target)
        )
    if isinstance(e, exp.In):
        return _in_itself(e, target)
    if isinstance(e, exp.Like):
        pattern = e.expression
        return isinstance(pattern, exp.Literal) and pattern.is_string and set(pattern.this) == {"%"}
    return False


def _first_literal(node: exp.Expression) -> exp.Expression:
    """A ``coalesce()`` or ``ifnull()`` whose arguments up to a literal are ``NULL``, as that
    literal: both return their first argument that is not ``NULL``, so the columns after it
    are never read (``WHERE coalesce(1, id)`` deleted every row as ``WHERE 1`` does)."""
    if isinstance(node, exp.Coalesce):
        for arg in (node.this, *node.expressions):
            if isinstance(arg, exp.Literal):
                return arg.copy()
            if not isinstance(arg, exp.Null):
                break
    return node


def _in_itself(e: exp.In, target: Target) -> bool:
    """``col IN (col)``, or ``col IN (SELECT col FROM <the target table>)`` with no
    restricting ``WHERE``, ``LIMIT``, join or grouping: every row."""
    key = column_key(e.this, target)
    if key is None:
        return False
    if any(column_key(x, target) == key for x in e.expressions):
        return True
    query = e.args.get("query")
    sel = query.this if isinstance(query, exp.Subquery) else query
    if not isinstance(sel, exp.Select) or len(sel.expressions) != 1:
        return False
    if any(sel.args.get(k) for k in ("joins", "limit", "offset", "group", "having", "fetch")):
        return False
    source = sel.args.get("from_") or sel.args.get("from")
    table = source.this if isinstance(source, exp.From) else None
    if not isinstance(table, exp.Table) or table.name.lower() not in target.names:
        return False
    inner = target_of(exp.Delete(this=table), "sqlite" if target.sqlite else "")
    where = sel.args.get("where")
    if where is not None and not always_true(where.this, inner):
        return False
    return column_key(sel.expressions[0], inner) == key


def _constant(e: exp.Expression, target: Target) -> bool | None:
    """A comparison of two literals, where its value does not depend on the database's
    settings: in SQLite any order (a number sorts before a string, strings by code point,
    as its default BINARY collation does); elsewhere ``=`` and ``<>`` of two of a kind
    (Postgres casts ``'1'`` to match ``1``, and orders strings by the column's
    collation). ``None`` otherwise."""
    left, right = _value(e.this), _value(e.expression)
    if left is None or right is None or not isinstance(e, exp.Binary):
        return None
    if isinstance(e, exp.EQ | exp.NEQ):
        if not target.sqlite and left[0] != right[0]:
            return None
        return (left == right) == isinstance(e, exp.EQ)
    if not target.sqlite:
        return None
    # (("number", 1.0) < ("string", "a"): the kinds' order, then the values')
    if isinstance(e, exp.LT | exp.GTE):
        return (left < right) == isinstance(e, exp.LT)
    if isinstance(e, exp.GT | exp.LTE):
        return (left > right) == isinstance(e, exp.GT)
    return None


def _value(e: object) -> tuple[str, str | float] | None:
    """A literal's kind and value (a string is never equal to a number, as in SQLite)."""
    if isinstance(e, exp.Literal) and not e.is_string:
        try:
            return ("number", float(str(e.this)))
        except ValueError:
            return None
    text = literal_text(e)
    return None if text is None else ("string", text)


def literal_text(e: object) -> str | None:
    """The text of a string literal: a plain, Postgres ``E''`` (with no escape), ``U&''``
    (with none) or dollar-quoted string; ``None`` for anything else."""
    if isinstance(e, exp.Literal):
        return str(e.this) if e.is_string else None
    if isinstance(e, exp.RawString):
        return str(e.this)
    if isinstance(e, exp.ByteString | exp.UnicodeString):
        body = str(e.this)
        return None if "\\" in body or e.args.get("escape") else body
    return None


def bounded(e: object, target: Target, *, joined: bool = False) -> bool:
    """The ``WHERE`` condition ``e`` names the rows it touches by value (see the module's
    docstring): ``AND`` with one pinned operand, ``OR`` of pinned operands, an equality or
    ``IS`` of a column of the written table with a literal, an ``IN`` list of literals on
    one, or a comparison of literals that is false. ``joined``: the statement reads another
    table too (``UPDATE ... FROM``, ``DELETE ... USING``), so only a column qualified by the
    written table's name or alias is its own."""
    while isinstance(e, exp.Paren):
        e = e.this
    if not isinstance(e, exp.Expression):
        return False
    if isinstance(e, exp.And):
        return bounded(e.this, target, joined=joined) or bounded(
            e.expression, target, joined=joined
        )
    if isinstance(e, exp.Or):
        return bounded(e.this, target, joined=joined) and bounded(
            e.expression, target, joined=joined
        )
    if _constant(e, target) is False:
        return True  # (1 = 2: no row)
    if isinstance(e, exp.EQ | exp.Is | exp.NullSafeEQ):
        return any(
            _own_column(_defaulted(col, value), target, joined) and _pin(value, target)
            for col, value in ((e.this, e.expression), (e.expression, e.this))
        )
    if isinstance(e, exp.In):
        return (
            not e.args.get("query")
            and not e.args.get("unnest")
            and not e.args.get("field")
            and bool(e.expressions)
            and _own_column(e.this, target, joined)
            and all(_pin(x, target) for x in e.expressions)
        )
    return False


def _pin(e: object, target: Target) -> bool:
    """A literal that picks out rows: in MySQL not a zero number or ``FALSE``, since MySQL
    compares a string column with a number as a number and reads every string that does not
    start with digits as 0 (``DELETE FROM users WHERE email = 0`` deletes them all). A bound
    parameter (``?``, ``:id``, ``@id``, ``$1``, ``%s``) is one value the call gives beside the
    statement: it pins rows as a literal does."""
    if _bound(e, target):
        return True
    if not _literal(e):
        return False
    if not target.mysql:
        return True
    if isinstance(e, exp.Neg):
        e = e.this
    if isinstance(e, exp.Boolean):
        return bool(e.this)
    value = _value(e)
    return value is None or value != ("number", 0.0)


def _defaulted(e: object, value: object) -> object:
    """The column of ``coalesce(column, default)`` (or ``ifnull``) compared with a ``value``
    of the default's kind other than the default: the comparison is then ``column =
    value`` (``coalesce(role, '') = 'you'``); ``e`` itself otherwise (equal to the default,
    it also matches every row where the column is ``NULL``)."""
    if not isinstance(e, exp.Coalesce) or len(e.expressions) != 1:
        return e
    default, wanted = _value(e.expressions[0]), _value(value)
    if default is None or wanted is None or default[0] != wanted[0] or default == wanted:
        return e
    return e.this


def _own_column(e: object, target: Target, joined: bool) -> bool:
    """``e`` is a column of the written table: unqualified (when the statement reads no other
    table) or qualified by the table's name or alias."""
    if column_key(e, target) is None:
        return False
    while isinstance(e, exp.Paren | exp.Collate):
        e = e.this
    assert isinstance(e, exp.Column)
    table = e.table.lower()
    return table in target.names if table or joined else True


def _literal(e: object) -> bool:
    """A value written in the statement: a number, a string, ``TRUE``/``FALSE``, a negative
    number (``NULL`` is not: ``= NULL`` matches no row, ``IS NULL`` may match them all)."""
    if isinstance(e, exp.Neg):
        e = e.this
        return isinstance(e, exp.Literal) and not e.is_string
    return isinstance(e, exp.Boolean) or _value(e) is not None


def _bound(e: object, target: Target) -> bool:
    """A bound parameter: a placeholder or parameter node, or in SQLite a ``$name`` that
    sqlglot reads as a column (SQLite binds ``$AAAA`` as it binds ``:AAAA``)."""
    if isinstance(e, exp.Placeholder | exp.Parameter):
        return True
    return (
        target.sqlite
        and isinstance(e, exp.Column)
        and not e.table
        and isinstance(e.this, exp.Identifier)
        and not e.this.quoted
        and e.this.this.startswith("$")
    )
