"""A SQL tool's statement that reads a credential or sensitive file (``COPY t FROM
'/etc/passwd'``) is one ask with one reason, ``action.sql_file``'s: the writing tool's
credential-path ask, which matched the path's text in the same string and said the call
*writes* there, is not put beside it (the SQL judge read what the statement does with the
file). A call that writes such a file through SQL, or names one no SQL reads, is still
asked."""

from __future__ import annotations

import pytest

from cordon.engine import rules
from cordon.engine.checks import ask_keys
from cordon.engine.core import Engine


def _check(tool: str, arguments: dict[str, str]) -> tuple[str, str, str, list[str]]:
    eng = Engine.from_policy([{}])
    eng.pin_tools([{"name": tool, "inputSchema": {"type": "object"}}])
    v = eng.new_session().check(tool, arguments)
    return v.verdict, v.rule, v.reason, [k[2] for k in ask_keys(v)]


@pytest.mark.parametrize("tool", ["execute_sql", "run_sql", "exec_sql"])
def test_a_sensitive_file_read_by_sql_is_one_ask(tool: str) -> None:
    verdict, rule, reason, keys = _check(tool, {"sql": "COPY t FROM '/etc/passwd'"})
    assert (verdict, rule, keys) == ("ask", rules.ACTION_SQL_FILE, [rules.ACTION_SQL_FILE])
    assert reason == "SQL reads a credential or sensitive file"


@pytest.mark.parametrize(
    ("sql", "rule"),
    [
        ("COPY t TO '/tmp/out.csv'", rules.ACTION_SQL_FILE),
        ("SELECT writefile('/home/me/.ssh/authorized_keys', x) FROM t", rules.ACTION_SQL_FILE),
    ],
)
def test_sql_that_writes_a_file_is_still_asked(sql: str, rule: str) -> None:
    verdict, got, _reason, _keys = _check("execute_sql", {"sql": sql})
    assert (verdict, got) in (("ask", rule), ("deny", rule)), sql


def test_a_credential_path_no_sql_reads_is_still_asked_of_a_writing_tool() -> None:
    verdict, rule, _reason, _keys = _check("write_file", {"content": "x", "path": "~/.bashrc"})
    assert (verdict, rule) == ("ask", rules.ACTION_CREDENTIAL_WRITE)
