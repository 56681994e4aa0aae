"""Each built-in pack that claims ``checked_live: true`` matches its real server's tools/list.

The servers (tests/e2e/_pack_servers.py) are the pinned packages `make setup` installs,
started offline with dummy credentials, once per server for this module. A pack fails when:

* it names a tool the live server does not list, or a parameter (``sink_params``,
  ``path_params``, keys of ``arg_patterns`` and ``max_value``) that the tool's
  ``inputSchema`` does not have;
* the live server lists a tool the pack does not *classify*. A tool is classified when its
  entry states both questions cordon would otherwise guess from names and annotations:
  whether the tool sends data somewhere (``exfiltrating``: true or false; a tool that runs
  the commands it is given, ``executes: true``, may leave it unset: what it sends is what
  each command's network programs send, judged by the shell guard) and whether a
  person is asked before each call (``destructive``: true or false). Sinks, paths,
  directories, Rule-of-Two legs and the rest come on top where the platform justifies them;
* an entry has no one-line reason (a ``#`` comment on its line).

Output-side keys (``directory_fields``) name fields of results, which a tools/list does not
show (none of these servers publishes an ``outputSchema`` for such a tool); they are
reviewed by reading the pack, not here.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters

from cordon.policy import load_pack, pack_names
from tests.e2e._pack_servers import SERVERS, UNCHECKED, PackServer, docs_stub
from tests.packs.test_github_official_snapshots import PACK as SNAPSHOT_PACK

pytestmark = [pytest.mark.e2e]

PACKS = Path(__file__).resolve().parents[2] / "src" / "cordon" / "packs"
#: keys whose values name the tool's parameters: a misspelt name would switch its check off
#: unnoticed (``sql: {query: ...}`` on a tool whose parameter is ``sql``)
PARAM_LISTS = ("sink_params", "path_params", "code_params", "ask_without")
PARAM_MAPS = ("arg_patterns", "max_value", "sql", "ask_patterns", "destructive_unless")
#: seconds one server may take to start and list its tools
LIST_TIMEOUT_S = 30.0


async def _list_tools(cmd: list[str], env: dict[str, str]) -> dict[str, dict[str, Any]]:
    base = {k: os.environ[k] for k in ("PATH", "LANG", "SYSTEMROOT") if k in os.environ}
    params = StdioServerParameters(command=cmd[0], args=cmd[1:], env={**base, **env})
    with anyio.fail_after(LIST_TIMEOUT_S):
        async with Client(params, mode="legacy") as client:
            tools = (await client.list_tools()).tools
    return {t.name: dict(t.input_schema or {}) for t in tools}


@pytest.fixture(scope="module", params=SERVERS, ids=[s.pack for s in SERVERS])
def live(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[PackServer, dict[str, dict[str, Any]]]]:
    """(server, {tool name: inputSchema}) from the live server, listed once per module."""
    server: PackServer = request.param
    tmp = tmp_path_factory.mktemp(server.pack)
    home = tmp / "home"
    home.mkdir()
    with docs_stub() as stub:
        cmd, env = server.launch(tmp, stub)
        env = {"HOME": str(home), **env}
        yield server, anyio.run(_list_tools, cmd, env)


def _nested_names(schema: Any) -> set[str]:
    """Every property name at any depth of ``schema`` (an array's items, an object's
    properties): ``arg_patterns`` and ``max_value`` match a key wherever it is (push_files'
    ``files[].path``)."""
    out: set[str] = set()
    if isinstance(schema, dict):
        props = schema.get("properties")
        if isinstance(props, dict):
            out |= set(props)
        for value in schema.values():
            out |= _nested_names(value)
    elif isinstance(schema, list):
        for value in schema:
            out |= _nested_names(value)
    return out


def test_pack_names_only_live_tools_and_parameters(
    live: tuple[PackServer, dict[str, dict[str, Any]]],
) -> None:
    server, tools = live
    pack = load_pack(server.pack)["tools"]
    assert sorted(set(pack) - set(tools)) == [], f"{server.package} does not list these"
    for name, entry in pack.items():
        props = set((tools[name].get("properties") or {}).keys())
        named = {p for key in PARAM_LISTS for p in entry.get(key, ())}
        assert sorted(named - props) == [], f"{server.pack}: {name} has no such parameter"
        keyed = {p for key in PARAM_MAPS for p in (entry.get(key) or {})}
        deep = _nested_names(tools[name])
        assert sorted(keyed - deep) == [], f"{server.pack}: {name} has no such parameter"


def test_pack_classifies_every_live_tool(
    live: tuple[PackServer, dict[str, dict[str, Any]]],
) -> None:
    server, tools = live
    pack = load_pack(server.pack)["tools"]
    assert sorted(set(tools) - set(pack)) == [], f"{server.package} lists tools the pack lacks"
    for name, entry in pack.items():
        sends = entry.get("exfiltrating")
        runs = entry.get("executes") is True and sends is None  # (its commands' programs)
        assert runs or isinstance(sends, bool), f"{server.pack}: {name} exfiltrating"
        assert isinstance(entry.get("destructive"), bool), f"{server.pack}: {name} destructive"
        assert entry.get("checked_live") is True, f"{server.pack}: {name} checked_live"


_ENTRY = re.compile(r"^  (?P<name>[^\s#:][^:]*):")


@pytest.mark.parametrize("pack", [s.pack for s in SERVERS])
def test_every_entry_gives_a_reason(pack: str) -> None:
    lines = (PACKS / f"{pack}.yaml").read_text("utf-8").splitlines()
    bare = [m["name"] for ln in lines if (m := _ENTRY.match(ln)) and " # " not in ln]
    assert bare == [], f"{pack}.yaml: entries without a reason comment"


def test_live_claims_match_the_live_checks() -> None:
    """A pack claims ``checked_live`` exactly when a server above checks it, or the server's
    own tool-schema snapshots do (GitHub's Go server: tests/packs/
    test_github_official_snapshots.py); the others say in their first lines that they were
    not checked, and why."""
    checked = {s.pack for s in SERVERS} | {SNAPSHOT_PACK}
    assert set(pack_names()) == checked | set(UNCHECKED)
    for name in pack_names():
        claims = {t.get("checked_live", False) for t in load_pack(name)["tools"].values()}
        assert claims == ({True} if name in checked else {False}), name
    for name in UNCHECKED:
        head = (PACKS / f"{name}.yaml").read_text("utf-8")[:400]
        assert "checked_live: false" in head, name
