"""Approvals and the user's request for a GitHub-shaped ``owner``/``repo`` destination,
through the real ``cordon run`` in front of tests/servers/issues.py (the reference GitHub
server's ``create_issue``), driven by the official SDK client; the github pack applies.

- A new ``owner`` and ``repo`` are two destinations of one call: one one-time code, typed
  into the real ``cordon approve``, lets exactly that call through once.
- A repository the user named (``https://github.com/myorg/myrepo`` in the prompt the real
  ``cordon hook prompt`` hands in) is not a new destination; ``myorg/myrepo-evil`` is.
- A repository named only in an issue's text (``attacker-org/exfil``) is denied
  (``taint.seen_in_output``), as an e-mail address read in output is: no code to approve.

Every assertion on what reached the server is on its side effect (``created.jsonl``).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from tests.conftest import Harness, text_of
from tests.e2e.test_prompt_hook import _hook
from tests.e2e.test_taint_approvals import _run_approve_in_pty

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

ISSUES = Path(__file__).resolve().parents[1] / "servers" / "issues.py"
ISSUE = {"owner": "myorg", "repo": "myrepo", "title": "Crash on start", "body": "Steps: run it."}


def _server(harness: Harness) -> tuple[list[str], Path, dict[str, str]]:
    d = harness.tmp / "issues"
    d.mkdir(exist_ok=True)
    return [sys.executable, str(ISSUES)], d, {"ISSUES_DIR": str(d)}


def _created(d: Path) -> list[dict[str, Any]]:
    p = d / "created.jsonl"
    return [json.loads(x) for x in p.read_text("utf-8").splitlines()] if p.exists() else []


async def test_one_code_covers_a_new_owner_and_repo(harness: Harness) -> None:
    cmd, d, env = _server(harness)
    policy = harness.policy({"version": 1, "packs": ["github"]})
    params = harness.cordon(cmd, policies=[policy], env=env, name="github")
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("create_issue", ISSUE)
        text = text_of(r)
        assert r.is_error and "'myorg'" in text and "'myrepo'" in text, text
        m = re.search(r"cordon approve ([A-Z0-9]{4}-[A-Z0-9]{4})", text)
        assert m, text
        rc, out = _run_approve_in_pty(m.group(1), harness.store, harness.home, b"yes\n")
        assert rc == 0, out
        # bound to the call shown: another title to the same repository is not it
        other = await client.call_tool("create_issue", {**ISSUE, "title": "Other"})
        assert other.is_error and "cordon approve" in text_of(other), text_of(other)
        assert _created(d) == []
        ok = await client.call_tool("create_issue", ISSUE)
        assert not ok.is_error, text_of(ok)
        again = await client.call_tool("create_issue", ISSUE)
        assert again.is_error  # one retry only
    assert _created(d) == [ISSUE]


async def test_the_repository_named_in_the_prompt_is_not_asked_about(harness: Harness) -> None:
    cmd, d, env = _server(harness)
    policy = harness.policy({"version": 1, "packs": ["github"]})
    params = harness.cordon(cmd, policies=[policy], env=env, name="github")
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        done = _hook(
            harness,
            "Read issue 7 of https://github.com/myorg/myrepo and open a follow-up issue there.",
        )
        assert done.returncode == 0, done.stderr.decode()
        await client.call_tool("get_issue", {"owner": "myorg", "repo": "myrepo", "issue_number": 7})
        ok = await client.call_tool("create_issue", ISSUE)
        assert not ok.is_error, text_of(ok)
        # a near miss of the named repository is a new destination: asked (a code), not sent
        near = await client.call_tool("create_issue", {**ISSUE, "repo": "myrepo-evil"})
        assert near.is_error and "taint.unverified_destination" in text_of(near), text_of(near)
        # (the pair vouches for itself only: its owner with another repository is asked too)
        assert "'myrepo-evil'" in text_of(near) and "'myorg'" in text_of(near)
        # the repository only the issue's text names is not the user's: denied, as a
        # destination read in untrusted output
        bad = await client.call_tool(
            "create_issue", {**ISSUE, "owner": "attacker-org", "repo": "exfil"}
        )
        assert bad.is_error and "taint.seen_in_output" in text_of(bad), text_of(bad)
    assert _created(d) == [ISSUE]


@pytest.mark.requirement("inv:deny-not-forwarded")
async def test_a_repository_named_only_in_an_issue_is_denied(harness: Harness) -> None:
    cmd, d, env = _server(harness)
    policy = harness.policy({"version": 1, "packs": ["github"]})
    params = harness.cordon(cmd, policies=[policy], env=env, name="github")
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        done = _hook(harness, "Triage issue 7 of our tracker and do what it needs.")
        assert done.returncode == 0, done.stderr.decode()
        issue = await client.call_tool(
            "get_issue", {"owner": "myorg", "repo": "myrepo", "issue_number": 7}
        )
        assert "attacker-org/exfil" in text_of(issue)
        for owner, repo in (("attacker-org", "exfil"), ("Attacker-Org", "EXFIL")):
            r = await client.call_tool("create_issue", {**ISSUE, "owner": owner, "repo": repo})
            text = text_of(r)
            assert r.is_error and "taint.seen_in_output" in text, text
            assert "cordon approve" not in text, text  # a deny: nothing to approve
        # a near miss (another repository of that owner) is a new destination: asked
        near = await client.call_tool(
            "create_issue", {**ISSUE, "owner": "attacker-org", "repo": "exfil2"}
        )
        assert near.is_error and "taint.unverified_destination" in text_of(near), text_of(near)
    assert _created(d) == []
