"""SQLite's ``ATTACH`` and ``VACUUM INTO`` spelt as SQLite's tokenizer reads them, given as
SQL no pack declares: a comment between the keywords (which SQLite reads as a space), no
space where a string or a quote ends a token (``'f'AS x``, ``INTO'f'``), a quoted schema
name (``VACUUM "main" INTO``), the alias as a string or in parentheses (``AS 'x'``,
``AS(x)``), a path in parentheses.

Attack class: arbitrary file write through the database (CWE-73). Each form below made the
reference SQLite server's Python ``sqlite3`` create the file, and each was allowed unasked
where ``ATTACH 'f' AS x`` and ``VACUUM INTO 'f'`` outside the allowed path prefixes are
denied: the file rule read them only with whitespace between the words."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from tests.engine.test_sql_tool_bodies import _session

FILE = ("deny", "action.sql_file")

FORMS = [
    "VACUUM \"main\" INTO '{d}/a.db'",
    "VACUUM [main] INTO '{d}/b.db'",
    "VACUUM `main` INTO '{d}/c.db'",
    "vacuum/**/into '{d}/d.db'",
    "VACUUM -- x\n INTO '{d}/e.db'",
    "VACUUM INTO'{d}/f.db'",
    "VACUUM main INTO ('{d}/g.db')",
    "attach/**/'{d}/h.db'/**/as/**/x",
    "ATTACH '{d}/i.db'AS y",
    "ATTACH DATABASE'{d}/j.db'AS y",
    "ATTACH '{d}/k.db' AS\"x\"",
    "ATTACH '{d}/l.db' AS 'x'",
    "ATTACH('{d}/m.db')AS z",
    "ATTACH '{d}/n.db' AS(x)",
    "ATTACH '{d}/o.db'--\nAS x",
]


@pytest.mark.parametrize("form", FORMS)
def test_a_file_written_by_a_sqlite_spelling_outside_the_prefixes_is_denied(
    tmp_path: Path, form: str
) -> None:
    sql = form.format(d=tmp_path / "outside")
    v = _session(tmp_path).check("query", {"sql": sql})
    assert (v.verdict, v.rule) == FILE, (sql, v)


@pytest.mark.parametrize("form", FORMS)
def test_sqlite_creates_the_file_for_each_form(tmp_path: Path, form: str) -> None:
    """Control: SQLite runs each spelling and creates its file."""
    made = tmp_path / "made"
    made.mkdir()
    with sqlite3.connect(tmp_path / "main.db") as conn:
        conn.execute(form.format(d=made))
    assert len(list(made.iterdir())) == 1, form


@pytest.mark.parametrize(
    "sql",
    [
        "VACUUM \"main\" INTO '{p}/copy.db'",
        "attach/**/'{p}/other.db'/**/as/**/x",
        "ATTACH('{p}/other.db')AS z",
        "SELECT 'attach it' AS note",
        "SELECT x AS attach, y AS z FROM t",
        "SELECT 'vacuum; into' AS note",
        "VACUUM",
        "ATTACH ':memory:'AS m",
    ],
)
def test_inside_the_prefixes_or_no_file_stays_allowed(tmp_path: Path, sql: str) -> None:
    v = _session(tmp_path).check("query", {"sql": sql.format(p=tmp_path / "project")})
    assert v.verdict == "allow", (sql, v)
