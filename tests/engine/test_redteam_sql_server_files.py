"""Files SQL makes the database (or its client) read or write, given to a SQL tool no pack
declares or to a database client in a shell command, judged as the shell guard judges a
command's files: a write outside the allowed path prefixes denied, a credential or
sensitive file read asked, a path the statement computes (or one in the server's data
directory) asked.

Attack class: arbitrary file read and write through the database (CWE-73). PostgreSQL's
``COPY t TO|FROM 'file'`` ("the file is read or written by the server", COPY), its
``pg_read_file``/``pg_read_binary_file``/``pg_ls_dir`` ("System Administration Functions":
relative paths in the data directory) and ``lo_import``/``lo_export`` ("Server-Side
Functions": the server's file system); MySQL's ``SELECT ... INTO OUTFILE|DUMPFILE`` (a file
on the server host), ``LOAD DATA [LOCAL] INFILE`` and ``LOAD_FILE()``; SQLite's ``ATTACH
DATABASE 'path'`` (opens or creates the file), ``VACUUM INTO 'path'`` (writes a whole
database there) and the CLI's ``writefile()``/``readfile()`` (ext/misc/fileio.c). Each was
allowed unasked through a SQL tool; ``psql -o FILE``, psql's ``\\o FILE``, mysql's ``tee
FILE`` and sqlite3's ``.output FILE``/``.once FILE`` write the client's output to FILE and
were allowed in a shell command whatever FILE was (``~/.bashrc``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run
from tests.engine.test_sql_tool_bodies import _session

FILE = "action.sql_file"

WRITES = [
    "COPY users TO '/tmp/users.csv'",
    "COPY (SELECT * FROM users) TO '/var/lib/postgresql/.bashrc' WITH (FORMAT csv)",
    "COPY users TO E'/tmp/users.csv'",
    "SELECT lo_export(16400, '/etc/cron.d/job')",
    "SELECT * FROM users INTO OUTFILE '/var/www/html/x.php'",
    "SELECT 0x3c3f INTO DUMPFILE '/usr/lib/mysql/plugin/x.so'",
    "ATTACH DATABASE '/tmp/x.db' AS x",
    "VACUUM INTO '/tmp/copy.db'",
    "SELECT writefile('/tmp/x.sh', 'id')",
]
READS = [
    "COPY users FROM '/etc/passwd'",
    "SELECT pg_read_file('/etc/passwd')",
    "SELECT pg_read_binary_file('/etc/shadow')",
    "SELECT pg_ls_dir('/root/.ssh')",
    "SELECT lo_import('/etc/shadow')",
    "LOAD DATA INFILE '/etc/passwd' INTO TABLE t",
    "LOAD DATA LOCAL INFILE '/root/.ssh/id_rsa' INTO TABLE t",
    "SELECT LOAD_FILE('/etc/shadow')",
    "SELECT readfile('/root/.ssh/id_rsa')",
]
COMPUTED = [
    "SELECT pg_read_file(chr(47) || 'etc/passwd')",
    "SELECT pg_read_binary_file('global/pg_control')",
    "SELECT lo_export(16400, current_setting('data_directory') || '/x')",
    "ATTACH DATABASE char(47) || 'tmp/x.db' AS x",
    "VACUUM INTO (SELECT path FROM targets)",
    "SELECT writefile(name, data) FROM files",
]
ALLOWED = [
    "COPY users TO STDOUT WITH (FORMAT csv)",
    "COPY users FROM STDIN",
    "COPY (SELECT a FROM t) TO STDOUT",
    "COPY users FROM '/tmp/import.csv'",
    "ATTACH DATABASE ':memory:' AS scratch",
    "ATTACH DATABASE 'other.db' AS other",
    "SELECT name FROM files WHERE kind = 'readfile'",
    "SELECT 'COPY t TO /tmp/x' AS note",
    "REVOKE EXECUTE ON FUNCTION pg_catalog.pg_file_write(text, text, bool) FROM PUBLIC",
]


@pytest.mark.parametrize("sql", WRITES)
def test_a_server_file_written_outside_the_prefixes_is_denied(tmp_path: Path, sql: str) -> None:
    v = _session(tmp_path).check("query", {"sql": sql})
    assert (v.verdict, v.rule) == ("deny", FILE), (sql, v)


@pytest.mark.parametrize("sql", READS)
def test_a_sensitive_server_file_read_is_asked(tmp_path: Path, sql: str) -> None:
    v = _session(tmp_path).check("query", {"sql": sql})
    assert (v.verdict, v.rule) == ("ask", FILE), (sql, v)


@pytest.mark.parametrize("sql", COMPUTED)
def test_a_computed_or_data_directory_path_is_asked(tmp_path: Path, sql: str) -> None:
    v = _session(tmp_path).check("query", {"sql": sql})
    assert (v.verdict, v.rule) == ("ask", FILE), (sql, v)


def test_a_write_inside_the_project_is_allowed(tmp_path: Path) -> None:
    project = tmp_path / "project"
    for sql in (f"COPY users TO '{project}/out.csv'", f"VACUUM INTO '{project}/copy.db'"):
        v = _session(tmp_path).check("query", {"sql": sql})
        assert v.verdict == "allow", (sql, v)


@pytest.mark.parametrize("sql", ALLOWED)
def test_streams_memory_and_plain_reads_stay_allowed(tmp_path: Path, sql: str) -> None:
    v = _session(tmp_path).check("query", {"sql": sql})
    assert v.verdict == "allow", (sql, v)


def test_a_sql_parameter_of_any_tool_is_read(tmp_path: Path) -> None:
    v = _session(tmp_path).check("search_docs", {"sql": "VACUUM INTO '/tmp/x.db'"})
    assert (v.verdict, v.rule) == ("deny", FILE), v


@pytest.mark.parametrize(
    ("cmd", "want"),
    [
        ("psql -c \"SELECT pg_read_file(chr(47) || 'etc/passwd')\"", "ask"),
        ("psql -c \"SELECT lo_export(1, '/tmp/x')\"", "deny"),
        ("sqlite3 app.db \"SELECT writefile('/tmp/x.sh', 'id')\"", "deny"),
        ("mysql -e \"LOAD DATA LOCAL INFILE '/root/.ssh/id_rsa' INTO TABLE t\"", "ask"),
    ],
)
def test_the_same_given_to_a_database_client(tmp_path: Path, cmd: str, want: str) -> None:
    assert run(tmp_path, cmd)[0] == want, cmd


@pytest.mark.parametrize(
    "cmd",
    [
        "psql -o /tmp/out.txt -c 'SELECT 1'",
        "psql --output=/tmp/out.txt -c 'SELECT 1'",
        "psql -L /tmp/log.txt -c 'SELECT 1'",
        "psql -c '\\o /tmp/out.txt' -c 'SELECT 1'",
        "echo '\\o /tmp/out.txt' | psql",
        "echo '\\gx /tmp/out.txt' | psql",
        "psql <<'EOF'\nSELECT 1 \\g /tmp/out.txt\nEOF",
        "mysql --tee=/tmp/out.txt -e 'SELECT 1'",
        "echo 'tee /tmp/out.txt' | mysql",
        "echo '.output /tmp/out.txt' | sqlite3 app.db",
        "echo '.once /tmp/out.txt' | sqlite3 app.db",
        "sqlcmd -Q 'SELECT 1' -o /tmp/out.txt",
    ],
)
def test_a_client_output_file_outside_the_project_is_denied(tmp_path: Path, cmd: str) -> None:
    assert run(tmp_path, cmd) == ("deny", "action.delete_outside"), cmd


@pytest.mark.parametrize(
    "cmd",
    [
        "psql -o out.txt -c 'SELECT 1'",
        "echo '\\o out.txt' | psql",
        "echo '.output out.txt' | sqlite3 app.db",
        "echo '.once -x' | sqlite3 app.db",
        "echo 'SELECT 1;' | mysql",
    ],
)
def test_a_client_output_file_in_the_project_is_allowed(tmp_path: Path, cmd: str) -> None:
    assert run(tmp_path, cmd) == ("allow", "default.allow"), cmd


def test_a_client_output_file_at_an_autorun_path_is_asked(tmp_path: Path) -> None:
    assert run(tmp_path, "echo '\\o .envrc' | psql") == ("ask", "action.credential_write")


@pytest.mark.parametrize(
    "cmd", ["psql -o '|sh' -c 'SELECT 1'", "psql --output='|sh' -c 'SELECT 1'"]
)
def test_client_output_piped_to_a_shell_is_asked(tmp_path: Path, cmd: str) -> None:
    """psql's ``-o |COMMAND`` pipes the rows a query chose into COMMAND (psql(1)): a shell
    fed them runs a script no rule reads, as ``\\o |sh`` is asked about."""
    assert run(tmp_path, cmd) == ("ask", "action.command_opaque"), cmd
