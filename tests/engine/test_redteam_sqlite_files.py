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


#: a SQLite trigger whose body rewrites or deletes rows the body's condition does not name:
#: it runs at the next insert, and sqlglot keeps CREATE TRIGGER as text, so the row rules
#: never read the body (each emptied or rewrote the table at the next INSERT through
#: Python's sqlite3)
TRIGGERS = [
    ("BEGIN UPDATE users SET role = 'x'; END", "deny"),
    ("BEGIN DELETE FROM users WHERE NEW.id = NEW.id; END", "deny"),
    ('WHEN 1 BEGIN DELETE FROM "users" WHERE "x" = \'x\'; END', "ask"),
    ("BEGIN DELETE FROM users WHERE id > 0; END", "ask"),
    ("BEGIN DELETE FROM users WHERE id <> NEW.id; END", "ask"),
    ("BEGIN SELECT 1; UPDATE users SET role = CASE WHEN 1 THEN 'x' END; END", "deny"),
]


@pytest.mark.parametrize(("body", "want"), TRIGGERS)
def test_a_trigger_body_is_judged_as_the_statements_it_runs(
    tmp_path: Path, body: str, want: str
) -> None:
    for temp in ("", "TEMP "):
        sql = f"CREATE {temp}TRIGGER tr AFTER INSERT ON users {body}"
        v = _session(tmp_path).check("query", {"sql": sql})
        assert (v.verdict, v.rule) == (want, "action.sql_delete_no_where"), (sql, v)


@pytest.mark.parametrize(("body", "want"), TRIGGERS)
def test_sqlite_runs_each_trigger_at_the_next_insert(tmp_path: Path, body: str, want: str) -> None:
    """Control: the next INSERT leaves none of the table's rows as they were."""
    with sqlite3.connect(tmp_path / "t.db") as conn:
        conn.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, role TEXT)")
        conn.executemany("INSERT INTO users VALUES (?, ?)", [(1, "a"), (2, "b")])
        conn.execute(f"CREATE TRIGGER tr AFTER INSERT ON users {body}")
        conn.execute("INSERT INTO users VALUES (9, 'z')")
        rows = list(conn.execute("SELECT id, role FROM users WHERE id < 9"))
    assert (1, "a") not in rows and (2, "b") not in rows, (body, rows)


def test_a_trigger_that_writes_the_row_by_value_stays_allowed(tmp_path: Path) -> None:
    sql = (
        "CREATE TRIGGER tr AFTER INSERT ON users BEGIN INSERT INTO audit VALUES (1, 'insert'); END"
    )
    v = _session(tmp_path).check("query", {"sql": sql})
    assert v.verdict == "allow", v


@pytest.mark.parametrize(
    ("cmd", "want"),
    [
        # the sqlite3 CLI's fsdir() reads a directory's files, their contents in ``data``
        ("sqlite3 app.db \"SELECT name, data FROM fsdir('/root/.ssh')\"", "ask"),
        # its zipfile virtual table writes the archive it names at each INSERT
        (
            "sqlite3 app.db \"CREATE VIRTUAL TABLE temp.z USING zipfile('/tmp/x.zip');"
            " INSERT INTO temp.z(name, data) VALUES ('a', 'b')\"",
            "deny",
        ),
        # .clone NEWDB writes a copy of the database to NEWDB
        ("sqlite3 app.db '.clone /tmp/copy.db'", "deny"),
    ],
)
def test_the_sqlite3_clis_file_functions_are_judged(tmp_path: Path, cmd: str, want: str) -> None:
    """Each was allowed unasked in a shell command (sqlite3 3.x shell.c: fsdir, zipfile,
    .clone), where the CLI's readfile()/writefile() are judged as the files they touch."""
    from tests.engine._shell_session import run

    assert run(tmp_path, cmd)[0] == want, cmd


def test_the_sqlite3_clis_project_files_stay_allowed(tmp_path: Path) -> None:
    from tests.engine._shell_session import run

    for cmd in (
        "sqlite3 app.db \"SELECT name FROM fsdir('src')\"",
        "sqlite3 app.db '.clone copy.db'",
    ):
        assert run(tmp_path, cmd)[0] == "allow", cmd
