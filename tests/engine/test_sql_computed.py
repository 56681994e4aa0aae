"""SQL run from a computed string: PL/pgSQL's ``EXECUTE`` of an expression (``format()``,
``'DR' || 'OP TABLE users'``, a variable) in a ``DO`` block or a function body, and
``query_to_xml``/``dblink_exec`` given an expression for their query. What runs is known only
when the database computes it, so the SQL rules cannot read it (a ``DROP`` split in two
passed them): denied as ``action.sql_computed``, as a command line computed at run time is
opaque to the shell guard. A literal ``EXECUTE 'SELECT 1'``, a prepared statement's ``EXECUTE
plan(1)`` at top level and a body with no ``EXECUTE`` stay allowed."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine.test_sql_tool_bodies import _session

COMPUTED = [
    "DO $$ BEGIN EXECUTE format('DROP TABLE %I', 'users'); END $$",
    "DO $$ BEGIN EXECUTE 'DR' || 'OP TABLE users'; END $$",
    "DO $$ DECLARE q text := 'dr' || 'op table users'; BEGIN EXECUTE q; END $$",
    "DO $$ BEGIN EXECUTE concat('TRUNC', 'ATE users'); END $$",
    "CREATE FUNCTION f() RETURNS void AS $$ BEGIN EXECUTE 'DR' || 'OP TABLE users'; END $$"
    " LANGUAGE plpgsql",
    "SELECT query_to_xml('dr' || 'op table users', true, false, '')",
    "SELECT dblink_exec('dbname=app', 'dr' || 'op table users')",
    "SELECT dblink_exec('dbname=app', concat('dr', 'op table users'))",
    "SELECT dblink_exec('dbname=app', q, true)",
    "DO $o$ BEGIN EXECUTE 'SELECT 1'; DO $i$ BEGIN EXECUTE q; END $i$; END $o$",
]

LITERAL = [
    "DO $$ BEGIN EXECUTE 'SELECT 1'; END $$",
    "DO $$ BEGIN EXECUTE 'UPDATE t SET a = 1 WHERE id = $1' USING 3; END $$",
    "DO $$ BEGIN INSERT INTO log VALUES (1); END $$",
    "EXECUTE fetch_user(1)",
    "PREPARE p AS SELECT 1; EXECUTE p",
    "SELECT query_to_xml('select * from users', true, false, '')",
    "SELECT 'execute' || ' me' AS words",
    "DO $$ BEGIN RAISE NOTICE 'execute this now'; END $$",
    "SELECT dblink_exec('dbname=app', 'DELETE FROM t WHERE id = 1', false)",
    "SELECT dblink_exec('select 1', true)",
]


@pytest.mark.parametrize("sql", COMPUTED)
def test_sql_run_from_a_computed_string_is_denied(tmp_path: Path, sql: str) -> None:
    s = _session(tmp_path)
    for tool, args in (("query", {"sql": sql}), ("execute_sql", {"query": sql})):
        v = s.check(tool, args)
        assert (v.verdict, v.rule) == ("deny", "action.sql_computed"), (tool, sql, v)


@pytest.mark.parametrize("sql", LITERAL)
def test_literal_and_prepared_executes_stay_allowed(tmp_path: Path, sql: str) -> None:
    s = _session(tmp_path)
    for tool, args in (("query", {"sql": sql}), ("execute_sql", {"query": sql})):
        v = s.check(tool, args)
        assert v.verdict == "allow", (tool, sql, v)
