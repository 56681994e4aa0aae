"""The reference Postgres server (npm @modelcontextprotocol/server-postgres) behind the real
``cordon run`` with ``packs: [postgres]``, in front of a real PostgreSQL, driven by the SDK
client.

The server's only guard is the ``BEGIN TRANSACTION READ ONLY`` it wraps the agent's text in;
node-postgres sends the text as one simple-protocol query, so a ``COMMIT`` (or ``ROLLBACK``,
``END``, ``SET TRANSACTION READ WRITE ... COMMIT``) inside it lets what follows commit.
Side effects are read with ``psql``: through cordon the table keeps its rows after each
refused escape and a ``COPY ... TO PROGRAM`` leaves no file; the control runs the same text
on the bare server and sees every effect.

The database is a throwaway cluster made with the machine's ``initdb`` (PostgreSQL from
Debian's packages), started on a free loopback port; as root it runs as the ``postgres``
user, which initdb requires. Skipped where PostgreSQL is not installed.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, StdioServerParameters

from tests.conftest import ROOT, Harness, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

PG_SERVER = ROOT / "node_modules" / ".bin" / "mcp-server-postgres"


def _pg_bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


@dataclass(frozen=True)
class Cluster:
    port: int
    psql: str

    def url(self, db: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{db}"

    def run(self, db: str, sql: str) -> str:
        cmd = [self.psql, "-X", "-q", "-At", "-h", "127.0.0.1", "-p", str(self.port)]
        out = subprocess.run(
            [*cmd, "-U", "postgres", "-d", db, "-v", "ON_ERROR_STOP=1", "-c", sql],
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert out.returncode == 0, out.stderr
        return out.stdout.strip()

    def new_db(self, db: str) -> None:
        self.run("postgres", f"CREATE DATABASE {db}")
        self.run(db, "CREATE TABLE users (id int, role text)")
        self.run(db, "INSERT INTO users VALUES (1, 'me'), (2, 'you')")


def _as_postgres(cmd: list[str]) -> list[str]:
    """initdb and postgres refuse to run as root: run them as the postgres user then."""
    if os.geteuid() != 0:
        return cmd
    runuser = shutil.which("runuser")
    if runuser is None:
        pytest.skip("running as root without runuser: initdb refuses root")
    return [runuser, "-u", "postgres", "--", *cmd]


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    initdb, pg_ctl, psql = _pg_bin("initdb"), _pg_bin("pg_ctl"), _pg_bin("psql")
    if initdb is None or pg_ctl is None or psql is None:
        pytest.skip("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    if not PG_SERVER.exists():
        pytest.fail(f"{PG_SERVER} is not installed: run `make setup`")
    # a directory the postgres user can reach (pytest's tmp directories are root's own)
    top = Path(tempfile.mkdtemp(prefix="cordon-pg-"))
    if os.geteuid() == 0:
        shutil.chown(top, "postgres")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    data = top / "data"
    subprocess.run(
        _as_postgres([initdb, "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync"]),
        check=True,
        capture_output=True,
    )
    opts = f"-h 127.0.0.1 -p {port} -k {top} -F"
    start = [pg_ctl, "-D", str(data), "-o", opts, "-l", str(top / "log"), "-w", "start"]
    subprocess.run(_as_postgres(start), check=True, capture_output=True)
    try:
        yield Cluster(port, psql)
    finally:
        stop = [pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"]
        subprocess.run(_as_postgres(stop), capture_output=True)
        shutil.rmtree(top, ignore_errors=True)


async def _query(client: Any, sql: str) -> tuple[bool, str]:
    r = await client.call_tool("query", {"sql": sql})
    return not r.is_error, text_of(r)


#: the escapes, each with the rule cordon refuses it by and the effect it has unguarded
ESCAPES = [
    ("COMMIT; DROP TABLE users", "action.sql_drop"),
    ("COMMIT; INSERT INTO users VALUES (3, 'mallory')", "action.sql_write"),
    ("ROLLBACK; UPDATE users SET role = 'admin' WHERE id = 2", "action.sql_write"),
    ("END; INSERT INTO users VALUES (4, 'mallory')", "action.sql_write"),
    (
        "SET TRANSACTION READ WRITE; INSERT INTO users VALUES (5, 'm'); COMMIT",
        "action.sql_unparsed",
    ),
    ("COMMIT; CREATE TABLE planted (a int)", "action.sql_write"),
]


def _program(top: Path) -> str:
    return f"COPY (SELECT 'x') TO PROGRAM 'touch {top}/pwned'"


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A directory the database server's user can write in: where the COPY ... PROGRAM of
    the tests would create its file (pytest's tmp directories are the test user's own)."""
    top = Path(tempfile.mkdtemp(prefix="cordon-pg-out-"))
    if os.geteuid() == 0:
        shutil.chown(top, "postgres")
    try:
        yield top
    finally:
        shutil.rmtree(top, ignore_errors=True)


def _state(cluster: Cluster, db: str) -> str:
    """``users``' rows and whether ``planted`` exists, or ``gone`` with no ``users``."""
    if not cluster.run(db, "SELECT to_regclass('users')"):
        return "gone"
    rows = cluster.run(db, "SELECT string_agg(id || '|' || role, ',' ORDER BY id) FROM users")
    planted = cluster.run(db, "SELECT to_regclass('planted')") or "-"
    return f"{rows};{planted}"


async def test_escapes_are_refused_and_the_table_stays(
    harness: Harness, cluster: Cluster, shared_dir: Path
) -> None:
    cluster.new_db("guarded")
    pol = harness.policy({"version": 1, "packs": ["postgres"]}, "postgres.yaml")
    params = harness.cordon(
        [str(PG_SERVER), cluster.url("guarded")], policies=[pol], name="postgres"
    )
    async with Client(params, mode="legacy") as c:  # type: ignore[arg-type]
        await c.list_tools()
        ok, text = await _query(c, "SELECT id, role FROM users ORDER BY id")
        assert ok and '"role": "you"' in text, text
        analytic = (
            "WITH r AS (SELECT id, role, row_number() OVER (ORDER BY id DESC) AS n FROM users)"
            " SELECT u.id, r.n FROM users u JOIN r ON r.id = u.id ORDER BY u.id"
        )
        ok, text = await _query(c, analytic)
        assert ok and '"n": "2"' in text, text  # (node-postgres gives a bigint as a string)
        ok, text = await _query(c, "EXPLAIN SELECT * FROM users WHERE id = 1")
        assert ok and "QUERY PLAN" in text, text
        for sql, rule in [*ESCAPES, (_program(shared_dir), "action.sql_code")]:
            ok, text = await _query(c, sql)
            assert not ok and rule in text, (sql, text)
        cte = "WITH d AS (DELETE FROM users WHERE id = 1 RETURNING *) SELECT * FROM d"
        ok, text = await _query(c, cte)
        assert not ok and "action.sql_write" in text, text
        # the server's resources (one per public table) pass as the server's own URIs
        resources = (await c.list_resources()).resources
        assert [r.name for r in resources] == ['"users" database schema']
        read = await c.read_resource(resources[0].uri)
        assert '"column_name": "role"' in read.contents[0].text  # type: ignore[union-attr]
    assert _state(cluster, "guarded") == "1|me,2|you;-"
    assert not (shared_dir / "pwned").exists()


async def test_the_bare_server_lets_each_escape_through(cluster: Cluster, shared_dir: Path) -> None:
    """Control: the same text on the bare server drops, inserts, updates and creates, and
    runs the shell command, so the test above shows cordon's refusals, not Postgres's."""
    effects: dict[str, str] = {}
    for i, (sql, _rule) in enumerate([*ESCAPES, (_program(shared_dir), "")]):
        db = f"bare{i}"
        cluster.new_db(db)
        params = StdioServerParameters(command=str(PG_SERVER), args=[cluster.url(db)])
        async with Client(params, mode="legacy") as c:  # type: ignore[arg-type]
            # the server answers a multi-statement text with rows: undefined, which the
            # client refuses as an invalid result; the statements have run by then
            with contextlib.suppress(Exception):
                await c.call_tool("query", {"sql": sql})
        effects[sql] = _state(cluster, db)
    assert effects == {
        ESCAPES[0][0]: "gone",
        ESCAPES[1][0]: "1|me,2|you,3|mallory;-",
        ESCAPES[2][0]: "1|me,2|admin;-",
        ESCAPES[3][0]: "1|me,2|you,4|mallory;-",
        ESCAPES[4][0]: "1|me,2|you,5|m;-",
        ESCAPES[5][0]: "1|me,2|you;planted",
        _program(shared_dir): "1|me,2|you;-",
    }
    assert (shared_dir / "pwned").exists()
