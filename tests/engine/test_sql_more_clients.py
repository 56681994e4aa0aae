"""Database clients read besides psql, mysql and sqlite3 (engine/sql_clients.py): pgcli, vsql,
trino/presto, beeline, hive, spark-sql, impala-shell, cqlsh, snowsql, ``snow sql``, ``bq
query``, sqlplus and isql, by each tool's documented SQL options, files and standard input.

Attack class: ``pgcli -c 'DROP TABLE users'`` and the others were allowed unasked where
``psql -c 'DROP TABLE users'`` was denied: the programs were not known to run SQL."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run

DROP = "'DROP TABLE users'"
WRITE = "echo 'DROP TABLE users;' > x.sql; "

READ = [
    f"pgcli -c {DROP}",
    f"pgcli --command={DROP} app",
    f"{WRITE}pgcli -f x.sql app",
    f"vsql -c {DROP}",
    f"{WRITE}vsql -f x.sql",
    f"trino --execute {DROP}",
    f"presto --server h:8080 --execute {DROP}",
    f"{WRITE}trino --file x.sql",
    f"beeline -u jdbc:hive2://h -e {DROP}",
    f"hive -e {DROP}",
    f"{WRITE}hive -f x.sql",
    f"{WRITE}beeline -u jdbc:hive2://h -i x.sql",
    f"spark-sql --master local -e {DROP}",
    f"impala-shell -i h -q {DROP}",
    f"{WRITE}impala-shell --query_file=x.sql",
    f"cqlsh -e {DROP}",
    f"cqlsh h 9042 --execute={DROP}",
    f"{WRITE}cqlsh -f x.sql",
    f"snowsql -q {DROP}",
    f"{WRITE}snowsql --filename x.sql",
    f"snow sql -q {DROP}",
    "bq query --use_legacy_sql=false 'DROP TABLE ds.users'",
    "echo 'DROP TABLE users;' | sqlplus -S u/p@db",
    f"{WRITE}sqlplus -S u/p@db @x.sql",
    "echo 'DROP TABLE users;' | isql -S srv -U sa",
    "echo 'DROP TABLE users;' | trino",
    "echo 'DROP TABLE users;' | pgcli app",
    f"docker exec db cqlsh -e {DROP}",
]


@pytest.mark.parametrize("command", READ)
def test_a_client_s_sql_is_read(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("deny", "action.sql_drop"), command


def test_psql_is_the_control(tmp_path: Path) -> None:
    assert run(tmp_path, f"psql -c {DROP}") == ("deny", "action.sql_drop")


@pytest.mark.parametrize(
    "command",
    [f"trino --weird {DROP}", "pgcli --frobnicate x app", f"cqlsh --exec-file x {DROP}"],
)
def test_an_option_not_known_is_asked(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("ask", "action.command_opaque"), command


@pytest.mark.parametrize(
    "command",
    [
        "bq query --nouse_legacy_sql 'SELECT COUNT(*) FROM ds.t'",
        "hive --define key=value -f path/to/file.sql",
        "hive --hiveconf conf_name=conf_value",
        "pgcli -h host -U username -d database",
        "snowsql --accountname account --username username --dbname database",
        "snowsql --query 'SELECT 1'",
        "trino --server h:8080 --catalog hive --schema web --execute 'SELECT 1'",
        "sqlplus -S u/p@db @report.sql",
    ],
)
def test_plain_client_lines_stay_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow"), command
