"""psql variables interpolated into the SQL it runs: ``:name`` is replaced by the variable's
text before the server reads the statement (psql(1), "SQL Interpolation").

Attack class: the statement was judged as written, ``:q;``, its DROP in a ``-v q=...`` option
or a ``\\set`` line (a quoted value the rules read as a string), or split across two variables
(``:a:b``): each ran unasked. A variable's text is judged as SQL, and a statement that starts
with an interpolation is known only at run time (asked); a variable in a value's place
(``DROP TABLE :t`` is still read, ``SELECT * FROM t WHERE id = :id``) reads as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run


@pytest.mark.parametrize(
    "command",
    [
        "psql -v q='DROP TABLE users' <<'EOF'\n:q;\nEOF",
        "psql --set=q='DROP TABLE users' -f /dev/stdin <<< ':q;'",
        "psql <<'EOF'\n\\set q 'DROP TABLE users'\n:q;\nEOF",
        "psql -v x='1; DROP TABLE users' <<'EOF'\nSELECT :x;\nEOF",
    ],
)
def test_a_variable_holding_a_drop_is_denied(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("deny", "action.sql_drop")


def test_a_statement_made_of_variables_is_asked(tmp_path: Path) -> None:
    command = "psql <<'EOF'\n\\set a 'DR'\n\\set b 'OP TABLE users'\n:a:b;\nEOF"
    assert run(tmp_path, command) == ("ask", "action.command_opaque")


@pytest.mark.parametrize(
    "command",
    [
        "psql -v ON_ERROR_STOP=1 -v id=3 <<'EOF'\nSELECT * FROM t WHERE id = :id;\nEOF",
        "psql <<'EOF'\n\\set name 'bob'\nSELECT * FROM t WHERE name = :'name' AND x::int > 1;\nEOF",
        "psql -c 'SELECT a[1:2] FROM t'",
    ],
)
def test_variables_in_a_value_place_stay_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow")


def test_a_variable_starting_a_continued_line_stays_allowed(tmp_path: Path) -> None:
    command = "psql -v id=3 <<'EOF'\nSELECT * FROM t WHERE id =\n  :id;\nEOF"
    assert run(tmp_path, command) == ("allow", "default.allow")
