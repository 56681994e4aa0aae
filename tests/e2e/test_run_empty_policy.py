"""``cordon run`` with a ``--policy`` file that sets nothing (empty, comments only) says so
on stderr and in the session's ``start`` audit record: the file loads as the defaults (as
with no ``--policy``, which the README documents), so cordon starts, but a file saved empty
or cut short must not pass for "my rules are in force". A file that sets something is not
named. Through the real ``cordon`` process, driven by the SDK client."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp import Client
from mcp.client.stdio import stdio_client

from tests.conftest import Harness, mailbox_server, run_cordon

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


async def _run(harness: Harness, policies: list[Path]) -> str:
    box = harness.tmp / "box"
    box.mkdir(exist_ok=True)
    (box / "inbox.txt").write_text("", "utf-8")
    env = {"MAILBOX_DIR": str(box)}
    params = harness.cordon(mailbox_server(), policies=policies, name="mail", env=env)
    err = harness.tmp / "stderr.txt"
    with err.open("a", encoding="utf-8") as errlog:
        async with Client(stdio_client(params, errlog=errlog)) as client:
            assert {t.name for t in (await client.list_tools()).tools}  # it runs
    return err.read_text("utf-8")


async def test_an_empty_policy_file_is_said_on_stderr_and_in_the_start_record(
    harness: Harness,
) -> None:
    rules = harness.policy({"version": 1, "egress": {"mode": "allowlist"}}, "rules.yaml")
    empty = harness.tmp / "empty.yaml"
    empty.write_text("# my rules go here\n", "utf-8")
    said = await _run(harness, [rules, empty])
    assert f"{empty} sets nothing" in said, said
    assert "rules.yaml sets nothing" not in said
    (start,) = harness.records("start")
    assert start["empty_policy_files"] == [str(empty.resolve())], start
    shown = run_cordon(harness.home, "audit", "show", str(harness.audit)).stdout
    assert "(1 --policy file(s) empty: the defaults apply)" in shown, shown


async def test_a_policy_that_sets_something_is_not_called_empty(harness: Harness) -> None:
    rules = harness.policy({"version": 1, "egress": {"mode": "allowlist"}})
    said = await _run(harness, [rules])
    assert "sets nothing" not in said, said
    assert "empty_policy_files" not in harness.records("start")[0]


async def test_cordon_serve_names_an_empty_policy_file_too(tmp_path: Path) -> None:
    from tests.serve.test_serve_mcp import serve_params

    empty = tmp_path / "empty.yaml"
    empty.write_text("\n# nothing yet\n", "utf-8")
    err = tmp_path / "stderr.txt"
    with err.open("a", encoding="utf-8") as errlog:
        async with Client(stdio_client(serve_params(tmp_path, "-p", str(empty)), errlog=errlog)):
            pass
    said = err.read_text("utf-8")
    assert f"{empty} sets nothing" in said, said
