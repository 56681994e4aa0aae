"""The audit log cut back while the real ``cordon run`` that writes it runs (driven by the
official SDK client, the mailbox server upstream): someone with the user's file access drops
the records of the calls they want gone, or replaces the log with an empty one. cordon's
next record links to the last record it wrote all the same, so ``cordon audit verify`` names
the records removed and exits 1; before, cordon went on from what was left (or began a new
chain) and the shorter log verified. A log cut while no cordon runs still verifies (no
secret key): ``--expect HASH`` is the check for that (docs/threat-model.md)."""

from __future__ import annotations

import pytest
from mcp import Client

from tests.conftest import Harness, mailbox_server, run_cordon

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


def _mail_env(harness: Harness) -> dict[str, str]:
    (harness.tmp / "mail").mkdir(exist_ok=True)
    return {"MAILBOX_DIR": str(harness.tmp / "mail")}


@pytest.mark.parametrize("how", ["cut back", "replaced"])
async def test_a_log_cut_while_cordon_runs_fails_verify(harness: Harness, how: str) -> None:
    params = harness.cordon(mailbox_server(), name="mail", env=_mail_env(harness))
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        for i in range(3):
            assert not (await client.call_tool("echo", {"text": f"call {i}"})).is_error
        lines = harness.audit.read_bytes().splitlines(keepends=True)
        kept = lines[: len(lines) - 2]  # the last two calls' records gone
        if how == "cut back":
            with open(harness.audit, "r+b") as fh:
                fh.truncate(sum(map(len, kept)))
        else:  # an empty log put in its place
            harness.audit.unlink()
            harness.audit.write_bytes(b"")
        assert run_cordon(harness.home, "audit", "verify", str(harness.audit)).returncode == 0
        assert not (await client.call_tool("echo", {"text": "after"})).is_error
    out = run_cordon(harness.home, "audit", "verify", str(harness.audit))
    assert out.returncode == 1, out.stdout
    said = " ".join(out.stdout.split())
    assert "BROKEN" in said
    if how == "cut back":
        assert "were removed" in said, said
    else:
        assert "records were cut from the start of the log" in said, said
