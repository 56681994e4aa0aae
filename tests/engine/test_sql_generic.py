"""SQL no policy or pack declares, judged as the declared path judges it: a ``sql``/``query``
argument of any tool, a SQL tool's arguments, a statement given to a database client in a
shell command (``sqlite3 app.db "..."``, ``psql -c``).

Attack class: bulk loss of the application's data (destructive action, OWASP LLM06). These
paths read only a ``DELETE`` with no ``WHERE`` or ``WHERE 1 = 1`` (a regex): ``WHERE id >
0``, ``WHERE 2 > 1``, an ``UPDATE`` with no ``WHERE`` ran unasked while the sqlite pack asked
or refused (:mod:`cordon.engine.sql_where`). A search tool's ``query`` in words stays quiet.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cordon.engine import rules
from cordon.engine.core import Engine, Session
from cordon.engine.sql_judge import judge, judge_rows

TOOLS = [
    {"name": "run_command", "inputSchema": {"type": "object"}},
    {"name": "write_query", "inputSchema": {"type": "object"}},
    {"name": "search_docs", "inputSchema": {"type": "object"}},
    {"name": "db_execute", "inputSchema": {"type": "object"}},
]
ASK, DENY = ("ask", rules.ACTION_SQL_DELETE_NO_WHERE), ("deny", rules.ACTION_SQL_DELETE_NO_WHERE)

CASES = [
    ("DELETE FROM users WHERE id > 0", ASK),
    ("DELETE FROM users WHERE id IS NOT NULL", ASK),
    ("delete from users where role like 'a%'", ASK),
    ("DELETE FROM users WHERE role LIKE '%'", DENY),
    ("UPDATE users SET role = 'admin' WHERE id >= 1", ASK),
    ("DELETE FROM t WHERE id = 3; DELETE FROM t WHERE id > 3", ASK),
    ("WITH old AS (SELECT 1) DELETE FROM t WHERE id IN (SELECT id FROM u)", ASK),
    ("DELETE FROM users WHERE 2 > 1", DENY),
    ("DELETE FROM users WHERE id = id", DENY),
    ("DELETE FROM users WHERE id = 4 OR 1", DENY),
    ("UPDATE users SET role = 'admin'", DENY),
    # rows named by value, or by a bound parameter the call gives beside the statement
    ("DELETE FROM users WHERE id = 3", None),
    ("UPDATE users SET role = 'ops' WHERE id IN (2, 3) AND role = 'you'", None),
    ("DELETE FROM users WHERE id = ?", None),
    ("DELETE FROM users WHERE id = :id", None),
    ("DELETE FROM users WHERE id = $1", None),
    ("SELECT * FROM users WHERE deleted > 0", None),
    ("INSERT INTO log VALUES ('delete from users where id > 0')", None),
]


def _got(hit: object) -> tuple[str, str] | None:
    return None if hit is None else (hit.verdict, hit.rule)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("sql", "want"), CASES)
def test_the_generic_reading_is_the_declared_ones(sql: str, want: tuple[str, str] | None) -> None:
    assert _got(judge_rows(sql)) == want
    assert _got(judge(sql, "sqlite")) == want


@pytest.mark.parametrize(
    "text",
    [
        "delete old emails from inbox",
        "Delete my account",
        "how to delete rows where id > 0",
        "update the data set with new values",
        "Update the set list for tonight",
        "delete",
    ],
)
def test_prose_that_mentions_a_delete_is_no_statement(text: str) -> None:
    assert judge_rows(text) is None


def test_a_statement_no_dialect_reads_is_asked() -> None:
    hit = judge_rows("DELETE FROM t WHERE id >> 0 ~~~ (")
    assert hit is not None and (hit.verdict, hit.rule) == ("ask", rules.ACTION_SQL_UNPARSED)


def _session(tmp_path: Path, **extra: object) -> Session:
    project = tmp_path / "project"
    project.mkdir(exist_ok=True)
    policy = {
        "version": 1,
        "allowed_path_prefixes": [str(project)],
        "tools": {"run_command": {"executes": True, "exfiltrating": False}},
        **extra,
    }
    eng = Engine.from_policy([policy])
    eng.pin_tools(TOOLS)
    return eng.new_session()


@pytest.mark.parametrize(("sql", "want"), CASES)
def test_a_query_argument_and_a_shell_client_are_judged(
    tmp_path: Path, sql: str, want: tuple[str, str] | None
) -> None:
    s = _session(tmp_path)
    expected = want or ("allow", "default.allow")
    for tool, args in (
        ("write_query", {"query": sql}),
        ("db_execute", {"sql": sql, "params": [3]}),
        ("run_command", {"command": f'sqlite3 app.db "{sql}"'}),
        ("run_command", {"command": f'psql -h db.internal -c "{sql}"'}),
    ):
        if "'" in sql and tool == "run_command" and "psql" in args["command"]:
            continue
        if "$" in sql and tool == "run_command":  # (bash expands $1: computed SQL, asked)
            continue
        v = s.check(tool, args)
        assert (v.verdict, v.rule) == expected, (tool, sql, v)


def test_a_search_query_in_words_stays_quiet(tmp_path: Path) -> None:
    s = _session(tmp_path)
    for q in ("delete old emails from inbox", "update the data set where prices changed"):
        assert s.check("search_docs", {"query": q}).verdict == "allow", q


def test_a_trusted_tool_skips_the_ask_not_the_deny(tmp_path: Path) -> None:
    s = _session(tmp_path, trust_tools=["write_query"])
    assert s.check("write_query", {"query": "DELETE FROM t WHERE id > 0"}).verdict == "allow"
    v = s.check("write_query", {"query": "UPDATE t SET a = 1"})
    assert (v.verdict, v.rule) == DENY


@pytest.mark.parametrize(
    ("sql", "want"),
    [
        # a comment is the space between keywords: the gate read DELETE/**/FROM as no statement
        ("DELETE/* x */FROM users WHERE 2 > 1", DENY),
        ("DELETE/**/FROM users WHERE id > 0", ASK),
        ("DELETE--x\nFROM users WHERE id > 0", ASK),
        ("UPDATE users SET/**/role = 'admin'", DENY),
        ("UPDATE/**/users/**/SET/**/role='admin' WHERE id > 0", ASK),
        # PostgreSQL's column-list SET
        ("UPDATE users SET (role) = ('a')", DENY),
        # MySQL's executable comments: the server runs what the other readings skip
        ("/*!50000 DELETE FROM users */", DENY),
        ("SELECT 1 /*! ; DELETE FROM users WHERE id > 0 */", ASK),
        ("SELECT 1 /*M!100000 ; UPDATE users SET role = 'admin' */", DENY),
        ("DELETE FROM users WHERE id = 3 /* the one row */", None),
    ],
)
def test_comments_do_not_hide_a_row_write(
    tmp_path: Path, sql: str, want: tuple[str, str] | None
) -> None:
    assert _got(judge_rows(sql)) == want
    s = _session(tmp_path)
    for tool, args in (
        ("write_query", {"query": sql}),
        ("run_command", {"command": f'mysql -e "{sql}"'}),
    ):
        v = s.check(tool, args)
        assert (v.verdict, v.rule) == (want or ("allow", "default.allow")), (tool, v)


def test_executable_comments_nested_past_reading_are_asked() -> None:
    hit = judge_rows("/*!" * 64 + "DELETE FROM t")
    assert hit is not None and (hit.verdict, hit.rule) == ("ask", rules.ACTION_SQL_UNPARSED)


def test_a_declared_mysql_tool_reads_executable_comments() -> None:
    hit = judge("SELECT 1 /*!50000 ; DROP TABLE users */", "mysql")
    assert hit is not None and (hit.verdict, hit.rule) == ("deny", rules.ACTION_SQL_DROP)
    assert judge("SELECT 1 /* a note */", "mysql") is None


@pytest.mark.parametrize(
    ("sql", "want"),
    [
        # an insert that replaces existing rows with a query's rows: as the declared path asks
        ("REPLACE INTO users SELECT id, 'admin' FROM users", ASK),
        ("INSERT OR REPLACE INTO users SELECT id, 'admin' FROM users", ASK),
        (
            "INSERT INTO users SELECT * FROM users WHERE true ON CONFLICT(id) DO UPDATE SET r = 1",
            ASK,
        ),
        ("INSERT OR REPLACE INTO users (id, role) VALUES (1, 'x')", None),
        ("REPLACE INTO users (id, role) VALUES (1, 'x')", None),
    ],
)
def test_a_replacing_insert_is_judged_as_the_declared_path_judges_it(
    tmp_path: Path, sql: str, want: tuple[str, str] | None
) -> None:
    assert _got(judge_rows(sql)) == want
    s = _session(tmp_path)
    for tool, args in (
        ("write_query", {"query": sql}),
        ("run_command", {"command": f'sqlite3 app.db "{sql}"'}),
    ):
        v = s.check(tool, args)
        assert (v.verdict, v.rule) == (want or ("allow", "default.allow")), (tool, v)
