"""Files SQL makes the database read or write, named in spellings the databases' lexers read
the same: judged as the plain spelling is (``action.sql_file``).

Attack class: arbitrary file read and write through the database (CWE-73), hidden from a
reading that is not the lexer's. A comment is whitespace to every SQL lexer
(``COPY users TO/**/'f'``, ``pg_read_file/**/('f')``, ``INTO -- c<newline> OUTFILE``), MySQL
runs an executable comment's text (``/*!INTO*/ /*!OUTFILE*/ 'f'``), a quoted function name is
the function (``"pg_read_file"('f')``), a ``;`` or a quote inside COPY's query or a quoted
table name is part of it (``COPY (SELECT ';') TO 'f'``), COPY's file may be a Unicode-escape
string (``U&'\\002Fetc...'``), PostgreSQL's older ``COPY BINARY t``, a string a ``DO`` body or
``EXECUTE`` runs, or psql's ``\\copy`` with a bare name; adjacent strings are one string to
the database (``'/proj/'<newline>'../../etc/x'``) and a backslash may be an escape (every
MySQL string: ``'/proj/..\\/..\\/x'``), so the first string or the text as written named a
file in the project. Each was allowed unasked."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run
from tests.engine.test_sql_tool_bodies import _session

FILE = "action.sql_file"

#: each writes /etc/cron.d/x (or /var/www/html/x.php) on the server
WRITES = [
    "COPY users TO/**/'/etc/cron.d/x'",
    "COPY users TO -- c\n'/etc/cron.d/x'",
    "COPY (SELECT ';') TO '/etc/cron.d/x'",
    "COPY (SELECT ')') TO '/etc/cron.d/x'",
    "COPY \"a;b\" TO '/etc/cron.d/x'",
    "COPY users (id, \"na)me\") TO '/etc/cron.d/x'",
    "COPY BINARY users TO '/etc/cron.d/x'",
    "COPY U&\"users\" TO '/etc/cron.d/x'",
    "COPY public.U&\"us\\0065rs\" TO '/etc/cron.d/x'",
    "SELECT $$ /* $$; COPY users TO '/etc/cron.d/x'; -- */",
    "DO 'BEGIN COPY users TO ''/etc/cron.d/x''; END'",
    "DO $$ BEGIN EXECUTE 'COPY users TO ''/etc/cron.d/x'''; END $$",
    "SELECT lo_export/**/(16400, '/etc/cron.d/job')",
    "SELECT * FROM users INTO/**/OUTFILE '/var/www/html/x.php'",
    "SELECT * FROM users INTO OUTFILE/**/'/var/www/html/x.php'",
    "SELECT * FROM users INTO # c\nOUTFILE '/var/www/html/x.php'",
    "SELECT * FROM users /*!INTO*/ /*!OUTFILE*/ '/var/www/html/x.php'",
    "SELECT * FROM users /*!50000INTO OUTFILE*/ '/var/www/html/x.php'",
]
#: each reads a credential or a file whose name the statement computes: asked
READS = [
    "COPY users FROM/**/'/etc/shadow'",
    "COPY users FROM U&'/etc/shadow'",
    "COPY users TO U&'\\002Fetc\\002Fcron.d\\002Fx'",
    "SELECT \"pg_read_file\"('/etc/shadow')",
    "SELECT pg_catalog.\"pg_read_file\"('/etc/shadow')",
    "SELECT pg_read_file/**/('/etc/shadow')",
    "SELECT pg_read_file -- c\n('/etc/shadow')",
    "LOAD DATA/**/INFILE '/etc/shadow' INTO TABLE t",
    "LOAD/**/DATA INFILE '/etc/shadow' INTO TABLE t",
    "SELECT `load_file`('/etc/shadow')",
]
#: still no file: a stream, a column named copy, a COPY in a string or a comment
ALLOWED = [
    "COPY (SELECT a FROM t WHERE b = 'x') TO STDOUT WITH (FORMAT csv)",
    "COPY (SELECT a FROM (SELECT 1 AS a) s) TO STDOUT",
    "COPY binary TO STDOUT",
    "COPY users FROM STDIN WITH (FORMAT csv)",
    "SELECT copy FROM t",
    "SELECT copy, b FROM t WHERE c = 'to'",
    "SELECT note FROM t WHERE note = 'copy users to ''/etc/x'''",
    "SELECT 1 -- COPY users TO '/etc/x'",
]


@pytest.mark.parametrize("sql", WRITES)
def test_a_write_spelt_as_the_lexer_reads_it_is_denied(tmp_path: Path, sql: str) -> None:
    v = _session(tmp_path).check("query", {"sql": sql})
    assert (v.verdict, v.rule) == ("deny", FILE), (sql, v)


@pytest.mark.parametrize("sql", READS)
def test_a_read_spelt_as_the_lexer_reads_it_is_asked(tmp_path: Path, sql: str) -> None:
    v = _session(tmp_path).check("query", {"sql": sql})
    assert (v.verdict, v.rule) == ("ask", FILE), (sql, v)


@pytest.mark.parametrize("sql", ALLOWED)
def test_no_file_stays_allowed(tmp_path: Path, sql: str) -> None:
    v = _session(tmp_path).check("query", {"sql": sql})
    assert v.verdict == "allow", (sql, v)


@pytest.mark.parametrize(
    "template",
    [
        "COPY users TO '{p}/'\n'../../../../../../../etc/cron.d/x'",
        "SELECT * FROM users INTO OUTFILE '{p}/' '../../../../../../../var/www/x.php'",
        "SELECT * FROM users INTO OUTFILE '{p}/..\\/..\\/..\\/..\\/..\\/..\\/var/www/x.php'",
        "COPY users TO '{p}/..\\/..\\/..\\/..\\/..\\/..\\/etc/cron.d/x'",
    ],
)
def test_a_path_in_the_project_as_written_but_not_as_the_database_reads_it_is_asked(
    tmp_path: Path, template: str
) -> None:
    """Adjacent strings are one to the database, a backslash may be an escape: the file is
    not the one the text names, so it is asked about, never allowed as the project's."""
    sql = template.format(p=tmp_path / "project")
    v = _session(tmp_path).check("query", {"sql": sql})
    assert (v.verdict, v.rule) == ("ask", FILE), (sql, v)


def test_a_write_in_the_project_in_one_string_stays_allowed(tmp_path: Path) -> None:
    project = tmp_path / "project"
    for sql in (f"COPY users TO/**/'{project}/out.csv'", f"COPY (SELECT ';') TO '{project}/o'"):
        v = _session(tmp_path).check("query", {"sql": sql})
        assert v.verdict == "allow", (sql, v)


@pytest.mark.parametrize(
    ("cmd", "want"),
    [
        ("psql -c \"COPY users TO/**/'/etc/cron.d/x'\"", ("deny", "action.delete_outside")),
        ("psql -c '\\copy users to /etc/cron.d/x'", ("deny", "action.delete_outside")),
        ("psql -c '\\copy (SELECT 1) to /etc/cron.d/x csv'", ("deny", "action.delete_outside")),
        ("mysql -e \"SELECT 1 /*!INTO*/ /*!OUTFILE*/ '/var/www/x.php'\"",
         ("deny", "action.delete_outside")),
    ],
)  # fmt: skip
def test_the_same_given_to_a_database_client(
    tmp_path: Path, cmd: str, want: tuple[str, str]
) -> None:
    assert run(tmp_path, cmd) == want, cmd


def test_a_client_copy_to_its_own_stream_stays_allowed(tmp_path: Path) -> None:
    assert run(tmp_path, "psql -c '\\copy users to pstdout'")[0] == "allow"
