"""SQL a query runs from a string, through the real ``cordon run`` in front of the reference
Postgres server (npm @modelcontextprotocol/server-postgres) with no pack declaring its SQL,
and a real PostgreSQL (the throwaway cluster of :mod:`tests.e2e.test_proxy_postgres`).

Attack class: destructive action hidden in a dollar-quoted body. The SQL block rules read a
statement with its strings removed, so ``COMMIT; DO $$ BEGIN DROP TABLE users; END $$`` (the
``COMMIT`` ends the server's read-only transaction) dropped the table unasked; the body is
now judged as the SQL it is. The same text on the bare server drops the table (the control),
and a dollar-quoted string that is data still runs through cordon.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from mcp import Client, StdioServerParameters

from tests.conftest import Harness, text_of
from tests.e2e import test_proxy_postgres as pg

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

cluster = pg.cluster
DROP_IN_BODY = "COMMIT; DO $$ BEGIN DROP TABLE users; END $$"
EXECUTE_IN_BODY = "COMMIT; DO $$ BEGIN EXECUTE 'DROP TABLE users'; END $$"
#: the statement split in two: known only when the database computes it
COMPUTED_IN_BODY = "COMMIT; DO $$ BEGIN EXECUTE 'DR' || 'OP TABLE users'; END $$"


async def _query(client: Any, sql: str) -> tuple[bool, str]:
    r = await client.call_tool("query", {"sql": sql})
    return not r.is_error, text_of(r)


async def test_a_drop_in_a_do_body_is_refused_and_the_table_stays(
    harness: Harness, cluster: pg.Cluster
) -> None:
    cluster.new_db("bodies")
    pol = harness.policy({"version": 1}, "nopack.yaml")
    params = harness.cordon([str(pg.PG_SERVER), cluster.url("bodies")], policies=[pol], name="pg")
    async with Client(params, mode="legacy") as c:  # type: ignore[arg-type]
        await c.list_tools()
        for sql in (DROP_IN_BODY, EXECUTE_IN_BODY):
            ok, text = await _query(c, sql)
            assert not ok and "action.sql_drop" in text, (sql, text)
        ok, text = await _query(c, COMPUTED_IN_BODY)
        assert not ok and "action.sql_computed" in text, text
        ok, text = await _query(c, "SELECT $$drop table users$$ AS tip")
        assert ok and "drop table users" in text, text
    assert cluster.run("bodies", "SELECT count(*) FROM users") == "2"


async def test_the_bare_server_runs_the_body(cluster: pg.Cluster) -> None:
    """Control: the same text on the bare server drops the table."""
    cluster.new_db("bare_body")
    params = StdioServerParameters(command=str(pg.PG_SERVER), args=[cluster.url("bare_body")])
    async with Client(params, mode="legacy") as c:  # type: ignore[arg-type]
        with contextlib.suppress(Exception):  # (a multi-statement answer: rows undefined)
            await c.call_tool("query", {"sql": DROP_IN_BODY})
    assert cluster.run("bare_body", "SELECT to_regclass('users')") == ""
