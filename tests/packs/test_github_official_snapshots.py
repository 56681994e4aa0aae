"""The ``github_official`` pack matches GitHub's own MCP server (github/github-mcp-server).

The server is a Go binary outside npm and PyPI, and its hosted remote form needs a GitHub
login, so its tools are not listed live here: the repository keeps one JSON snapshot per
tool (``pkg/github/__toolsnaps__/*.snap``: name, description, annotations, inputSchema),
which its own test suite holds to the Go source, every toolset and feature-flagged tool
included. Those snapshots are vendored unchanged, with the commit they were read at, in
``tests/fixtures/github_mcp_server/tools.json`` (MIT: the LICENSE beside it). The pack is
checked against them as tests/e2e/test_packs_live.py checks the other packs against a live
tools/list: it fails when the pack names a tool or parameter the server does not have, when
the server has a tool the pack does not classify (``exfiltrating`` and ``destructive``, true
or false), or when an entry has no reason.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from cordon.policy import load_pack

#: the pack these snapshots check (tests/e2e/test_packs_live.py counts it as checked)
PACK = "github_official"
ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "github_mcp_server" / "tools.json"
PACK_FILE = ROOT / "src" / "cordon" / "packs" / f"{PACK}.yaml"
#: keys whose values name the tool's parameters (as in tests/e2e/test_packs_live.py): a
#: misspelt name would switch its check off unnoticed
PARAM_LISTS = ("sink_params", "path_params", "code_params", "ask_without")
PARAM_MAPS = ("arg_patterns", "max_value", "sql", "ask_patterns", "destructive_unless")


def snapshot() -> dict[str, Any]:
    """The vendored snapshot file: ``commit`` and ``tools`` (one object per .snap)."""
    data: dict[str, Any] = json.loads(FIXTURE.read_text("utf-8"))
    return data


def snapshot_tools() -> dict[str, dict[str, Any]]:
    """Tool name -> its snapshot (``inputSchema``, ``annotations``, ``description``)."""
    return {t["name"]: t for t in snapshot()["tools"]}


def _nested_names(schema: Any) -> set[str]:
    """Every property name at any depth of ``schema`` (push_files' ``files[].path``)."""
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


def test_the_fixture_is_the_upstream_snapshot_set() -> None:
    data = snapshot()
    assert re.fullmatch(r"[0-9a-f]{40}", data["commit"])
    names = [t["name"] for t in data["tools"]]
    assert len(names) == len(set(names)) == 117
    assert all(isinstance(t["inputSchema"].get("properties", {}), dict) for t in data["tools"])
    # the pack says which commit it was written from
    assert data["commit"] in PACK_FILE.read_text("utf-8")[:1200]


def test_pack_names_only_real_tools_and_parameters() -> None:
    tools = snapshot_tools()
    pack = load_pack(PACK)["tools"]
    assert sorted(set(pack) - set(tools)) == [], "github-mcp-server has no such tool"
    for name, entry in pack.items():
        schema = tools[name]["inputSchema"]
        props = set((schema.get("properties") or {}).keys())
        named = {p for key in PARAM_LISTS for p in entry.get(key, ())}
        assert sorted(named - props) == [], f"{name} has no such parameter"
        keyed = {p for key in PARAM_MAPS for p in (entry.get(key) or {})}
        assert sorted(keyed - _nested_names(schema)) == [], f"{name} has no such parameter"


def test_pack_classifies_every_real_tool() -> None:
    tools = snapshot_tools()
    pack = load_pack(PACK)["tools"]
    assert sorted(set(tools) - set(pack)) == [], "github-mcp-server has tools the pack lacks"
    for name, entry in pack.items():
        assert isinstance(entry.get("exfiltrating"), bool), f"{name} exfiltrating"
        assert isinstance(entry.get("destructive"), bool), f"{name} destructive"
        assert entry.get("checked_live") is True, f"{name} checked_live"


def test_every_entry_gives_a_reason() -> None:
    entry = re.compile(r"^  (?P<name>[^\s#:][^:]*):")
    lines = PACK_FILE.read_text("utf-8").splitlines()
    bare = [m["name"] for ln in lines if (m := entry.match(ln)) and " # " not in ln]
    assert bare == [], f"{PACK}.yaml: entries without a reason comment"


def test_every_tool_the_server_marks_destructive_is_asked_or_says_why_not() -> None:
    """A tool annotated ``destructiveHint`` that the pack lets through unasked does so only
    for a part of its calls: the pack asks for the rest by argument (``ask_patterns``,
    ``destructive_unless``). None is switched off whole."""
    tools = snapshot_tools()
    pack = load_pack(PACK)["tools"]
    for name, tool in tools.items():
        if not (tool.get("annotations") or {}).get("destructiveHint"):
            continue
        entry = pack[name]
        asks = entry["destructive"] or entry.get("ask_patterns") or entry.get("destructive_unless")
        assert asks, f"{name}: the server marks it destructive and the pack never asks"
