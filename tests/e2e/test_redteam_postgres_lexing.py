"""A DROP that PostgreSQL runs and the SQL rules' lexing hid, through the real ``cordon run``
in front of the reference Postgres server (npm @modelcontextprotocol/server-postgres) with no
pack, and a real PostgreSQL (the throwaway cluster of :mod:`tests.e2e.test_proxy_postgres`).

Attack class: the rules removed what they took for a comment or a string before reading the
statement. ``#`` is PostgreSQL's XOR operator, not a comment; ``a$b$`` is an identifier, not
a dollar quote; a body given as a quoted string runs as a dollar-quoted one does. Each
dropped the table unasked through cordon; the bare server drops it (the control).
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
HIDDEN = [
    "COMMIT; SELECT 1 # 1; DROP TABLE users",
    "COMMIT; SELECT 1 AS a$b$; DROP TABLE users; SELECT 1 AS c$b$",
    "COMMIT; DO 'BEGIN DROP TABLE users; END'",
]


async def _query(client: Any, sql: str) -> tuple[bool, str]:
    r = await client.call_tool("query", {"sql": sql})
    return not r.is_error, text_of(r)


async def test_a_drop_the_lexing_hid_is_refused_and_the_table_stays(
    harness: Harness, cluster: pg.Cluster
) -> None:
    cluster.new_db("lexing")
    pol = harness.policy({"version": 1}, "nopack.yaml")
    params = harness.cordon([str(pg.PG_SERVER), cluster.url("lexing")], policies=[pol], name="pg")
    async with Client(params, mode="legacy") as c:  # type: ignore[arg-type]
        await c.list_tools()
        for sql in HIDDEN:
            ok, text = await _query(c, sql)
            assert not ok and "action.sql_drop" in text, (sql, text)
        ok, text = await _query(c, "SELECT 5 # 3 AS x")  # (the operator itself runs)
        assert ok and "6" in text, text
    assert cluster.run("lexing", "SELECT count(*) FROM users") == "2"


@pytest.mark.parametrize("sql", HIDDEN)
async def test_the_bare_server_drops_the_table(cluster: pg.Cluster, sql: str) -> None:
    """Control: PostgreSQL runs each text's DROP."""
    db = f"bare_lexing_{HIDDEN.index(sql)}"
    cluster.new_db(db)
    params = StdioServerParameters(command=str(pg.PG_SERVER), args=[cluster.url(db)])
    async with Client(params, mode="legacy") as c:  # type: ignore[arg-type]
        with contextlib.suppress(Exception):  # (a multi-statement answer: rows undefined)
            await c.call_tool("query", {"sql": sql})
    assert cluster.run(db, "SELECT to_regclass('users')") == ""
