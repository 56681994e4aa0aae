"""Files a real PostgreSQL writes for SQL no pack declares, named in spellings its lexer
reads the same as the plain one, sent to the reference Postgres server (npm
@modelcontextprotocol/server-postgres) through the real ``cordon run`` with
``allowed_path_prefixes`` set, driven by the SDK client.

Attack class: arbitrary file write through the database (CWE-73). ``COPY ... TO 'f'`` runs in
the server's read-only transaction and writes ``f`` as the server's user. A comment where
whitespace goes (``TO/**/'f'``, ``TO -- c<newline>'f'``), a ``;`` in COPY's query, a
Unicode-escape string (``U&'f'``) and two adjacent strings PostgreSQL joins
(``'/project/'<newline>'../out/f'``, the first alone inside the project) each wrote outside
the prefixes, allowed unasked; so did ``COPY ... TO PROGRAM/**/'LINE'``, whose LINE the
server's shell runs. Through cordon each is refused and no file appears; the control runs
each on the bare server and every file is there. Skipped where PostgreSQL is
not installed (the cluster fixture of ``test_proxy_postgres``)."""

from __future__ import annotations

import contextlib
import os
import shutil
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters

from tests.conftest import Harness
from tests.e2e.test_proxy_postgres import PG_SERVER, Cluster, _query, cluster, shared_dir

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]
__all__ = ["cluster", "shared_dir"]  # (the fixtures this module uses)


def _dirs(top: Path) -> tuple[Path, Path]:
    """The project (the allowed prefix) and a directory outside it, both in ``top``, the
    second writable by the database server's user."""
    project, out = top / "project", top / "out"
    for d in (project, out):
        d.mkdir()
        if os.geteuid() == 0:
            shutil.chown(d, "postgres")
    return project, out


def _writes(project: Path, out: Path) -> list[tuple[str, str]]:
    """(statement, the file it writes in ``out``)."""
    return [
        (f"COPY (SELECT 'x') TO/**/'{out}/a.txt'", "a.txt"),
        (f"COPY users TO -- a comment\n'{out}/b.txt'", "b.txt"),
        (f"COPY (SELECT ';') TO '{out}/c.txt'", "c.txt"),
        (f"COPY users TO U&'{out}/d.txt'", "d.txt"),
        (f"COPY users TO '{project}/'\n'../out/e.txt'", "e.txt"),
    ]


async def test_file_writes_in_other_spellings_are_refused(
    harness: Harness, cluster: Cluster, shared_dir: Path
) -> None:
    project, out = _dirs(shared_dir)
    cluster.new_db("files")
    pol = harness.policy(
        {"version": 1, "allowed_path_prefixes": [str(project)]}, "postgres_files.yaml"
    )
    params = harness.cordon([str(PG_SERVER), cluster.url("files")], policies=[pol], name="pg")
    async with Client(params, mode="legacy") as c:  # type: ignore[arg-type]
        await c.list_tools()
        for sql, name in _writes(project, out):
            ok, text = await _query(c, sql)
            assert not ok and "action.sql_file" in text, (sql, text)
            assert not (out / name).exists(), sql
        # (the server's shell runs the line: a comment before it hid it from the reading)
        ok, text = await _query(c, _program(out))
        assert not ok and "action.sql_code" in text, text
        ok, text = await _query(c, f"COPY (SELECT 'x') TO '{project}/in.txt'")
        assert ok, text  # (inside the prefixes: run)
    assert (project / "in.txt").exists()
    assert sorted(p.name for p in out.iterdir()) == []


def _program(out: Path) -> str:
    return f"COPY (SELECT 'x') TO PROGRAM/**/'touch {out}/pwned'"


async def test_the_bare_server_writes_every_file(cluster: Cluster, shared_dir: Path) -> None:
    """Control: each statement writes its file on the bare server, so the refusals above are
    cordon's, not PostgreSQL's."""
    project, out = _dirs(shared_dir)
    cluster.new_db("bare_files")
    params = StdioServerParameters(command=str(PG_SERVER), args=[cluster.url("bare_files")])
    async with Client(params, mode="legacy") as c:  # type: ignore[arg-type]
        for sql in [*(w for w, _ in _writes(project, out)), _program(out)]:
            with contextlib.suppress(Exception):
                await c.call_tool("query", {"sql": sql})
    files = sorted(p.name for p in out.iterdir())
    assert files == ["a.txt", "b.txt", "c.txt", "d.txt", "e.txt", "pwned"]
