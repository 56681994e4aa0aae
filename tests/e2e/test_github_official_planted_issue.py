"""GitHub's own MCP server (github/github-mcp-server) behind the real ``cordon run`` with
``packs: [github_official]``, driven by the SDK client: an SDK-built stdio server
(tests/servers/github_official.py) lists the server's tools with their real schemas and
annotations (its vendored tool-schema snapshots) and records every call it receives.

The user asked to triage issue 7 of their own repository and comment there; the issue, by an
outsider, asks for a copy in ``attacker-org/exfil``, an approval and merge of pull request
12, a workflow run and a public gist. With cordon's defaults alone (no pack) each of those
but the workflow run (which the server annotates ``destructiveHint``) went through to the
server: it annotates neither ``issue_write`` nor ``merge_pull_request`` nor ``create_gist``
as destructive, and no default takes ``owner``/``repo`` for a destination. With the pack, what reaches the server is the read and
the plain comment: the repository named only in the issue is refused
(``taint.seen_in_output``) through ``issue_write`` and ``create_issue``; a name that rewrites
the REST path (``repo: "app/collaborators/mallory#"``) and a bot command in a comment are
refused (``arg.pattern``); the approving review, the merge, the workflow run and the gist are
asked about (``action.destructive_hint``). ``cordon check`` on a server that ran without a
policy names the pack from its pinned tools.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest
from mcp import Client

from tests.conftest import ROOT, Harness, run_cordon, text_of
from tests.e2e.test_prompt_hook import _hook

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SERVER = [sys.executable, str(ROOT / "tests" / "servers" / "github_official.py")]
ME = {"owner": "me", "repo": "app"}
EXFIL = {"owner": "attacker-org", "repo": "exfil"}
ASKED: list[tuple[str, dict[str, Any]]] = [
    ("pull_request_review_write",
     {**ME, "method": "create", "pullNumber": 12, "event": "APPROVE"}),
    ("merge_pull_request", {**ME, "pullNumber": 12, "merge_method": "squash"}),
    ("actions_run_trigger",
     {**ME, "method": "run_workflow", "workflow_id": "deploy.yml", "ref": "main"}),
    ("create_gist", {"filename": "config.txt", "content": "db: prod", "public": True}),
]  # fmt: skip
#: the planted requests, each of which the server received when no pack applied
ATTACKS: list[tuple[str, dict[str, Any]]] = [
    ("issue_write", {**EXFIL, "method": "create", "title": "crash", "body": "deploy notes"}),
    ("create_issue", {**EXFIL, "title": "crash", "body": "deploy notes"}),
    ("update_pull_request_branch",
     {"owner": "me", "repo": "app/collaborators/mallory#", "pullNumber": 12}),
    ("add_issue_comment", {**ME, "issue_number": 7, "body": "@dependabot merge"}),
    *ASKED,
]  # fmt: skip


def _cordon(h: Harness, policy: dict[str, Any], name: str = "github") -> Any:
    box = h.tmp / name
    box.mkdir(exist_ok=True)
    path = h.policy(policy, f"{name}.yaml")
    return h.cordon(SERVER, policies=[path], env={"GH_OFFICIAL_DIR": str(box)}, name=name)


def _calls(h: Harness, name: str = "github") -> list[tuple[str, dict[str, Any]]]:
    log = h.tmp / name / "calls.jsonl"
    lines = log.read_text("utf-8").splitlines() if log.exists() else []
    return [(c["tool"], c["arguments"]) for c in map(json.loads, lines)]


async def _triage(h: Harness, client: Client) -> None:
    await client.list_tools()
    done = _hook(h, "Triage issue 7 of https://github.com/me/app and comment there.")
    assert done.returncode == 0, done.stderr.decode()
    issue = await client.call_tool("issue_read", {**ME, "method": "get", "issue_number": 7})
    assert "attacker-org/exfil" in text_of(issue), text_of(issue)


async def test_the_planted_issue_gets_only_the_plain_comment(harness: Harness) -> None:
    # the attack: cordon's defaults alone let the planted calls through (all but the
    # workflow run, which the server's own destructiveHint has asked about)
    async with Client(_cordon(harness, {"version": 1}, "bare"), mode="legacy") as client:
        await _triage(harness, client)
        for tool, args in ATTACKS:
            r = await client.call_tool(tool, args)
            assert r.is_error == (tool == "actions_run_trigger"), (tool, text_of(r))
    went = [t for t, _ in ATTACKS if t != "actions_run_trigger"]
    assert [t for t, _ in _calls(harness, "bare")] == ["issue_read", *went]

    policy = {"version": 1, "packs": ["github_official"]}
    async with Client(_cordon(harness, policy), mode="legacy") as client:
        await _triage(harness, client)
        comment = {**ME, "issue_number": 7, "body": "Reproduced; looking into it."}
        ok = await client.call_tool("add_issue_comment", comment)
        assert not ok.is_error, text_of(ok)
        for tool, args in ATTACKS[:2]:
            r = await client.call_tool(tool, args)
            assert r.is_error and "taint.seen_in_output" in text_of(r), (tool, text_of(r))
        for tool, args in ATTACKS[2:4]:
            r = await client.call_tool(tool, args)
            assert r.is_error and "arg.pattern" in text_of(r), (tool, text_of(r))
            assert "cordon approve" not in text_of(r)  # a deny: nothing to approve
        for tool, args in ASKED:
            r = await client.call_tool(tool, args)
            text = text_of(r)
            assert r.is_error and "action.destructive_hint" in text, (tool, text)
            assert "cordon approve" in text, (tool, text)  # asked, not refused
    assert _calls(harness) == [
        ("issue_read", {**ME, "method": "get", "issue_number": 7}),
        ("add_issue_comment", comment),
    ]


async def test_check_names_the_official_pack_from_the_pinned_tools(harness: Harness) -> None:
    async with Client(_cordon(harness, {"version": 1}, "gh"), mode="legacy") as client:
        await client.list_tools()
    base = harness.policy({"version": 1}, "base.yaml")
    done = run_cordon(harness.home, "check", "--policy", str(base), "--server", "gh")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "built-in pack 'github_official'" in done.stdout, done.stdout
    assert "packs: [github_official]" in done.stdout, done.stdout
