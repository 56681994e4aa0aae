"""`cordon check` against a server's real tool names: a `tools:` entry naming no tool (a
typo) is reported with the closest name, and fails the check when it carries a restriction
the user meant to add. Through the real `cordon` process, with names from a live
`tools/list` and from the pins a real `cordon run` wrote."""

from __future__ import annotations

import os
import subprocess

import pytest
from mcp import Client

from tests.conftest import Harness, cordon_exe, mailbox_server

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


def _check(harness: Harness, *args: str) -> subprocess.CompletedProcess[str]:
    box = harness.tmp / "box"
    box.mkdir(exist_ok=True)
    env = {**os.environ, "HOME": str(harness.home), "MAILBOX_DIR": str(box)}
    return subprocess.run(
        [*cordon_exe(), "check", *args], env=env, capture_output=True, text=True, timeout=60
    )


def test_restricting_typo_fails_with_closest_name(harness: Harness) -> None:
    policy = harness.policy({"version": 1, "tools": {"send_emial": {"max_calls": 1}}})
    r = _check(harness, "--policy", str(policy), "--", *mailbox_server())
    assert r.returncode == 1, r.stderr
    assert "tools.send_emial names no tool" in r.stderr
    assert "did you mean 'send_email'?" in r.stderr
    assert "max_calls limit nothing" in r.stderr
    assert f"{policy}:2" in r.stderr  # file and line of the entry
    assert "cordon run denies every call to the server (a near match: a typo)" in r.stderr


def test_loosening_typo_warns_exit_zero(harness: Harness) -> None:
    policy = harness.policy({"version": 1, "tools": {"read_inbx": {"exfiltrating": False}}})
    r = _check(harness, "--policy", str(policy), "--", *mailbox_server())
    assert r.returncode == 0, r.stderr
    assert "warning:" in r.stderr and "did you mean 'read_inbox'?" in r.stderr


def test_real_names_pass(harness: Harness) -> None:
    policy = harness.policy({"version": 1, "tools": {"send_email": {"max_calls": 1}}})
    r = _check(harness, "--policy", str(policy), "--", *mailbox_server())
    assert r.returncode == 0, r.stderr
    assert "names no tool" not in r.stderr
    assert "tool names ok" in r.stdout


def test_pack_for_another_server_is_flagged(harness: Harness) -> None:
    policy = harness.policy({"version": 1, "packs": ["slack"]})
    r = _check(harness, "--policy", str(policy), "--", *mailbox_server())
    assert "pack 'slack' names none of the" in r.stderr


@pytest.mark.parametrize("packs", [["memory"], ["memory", "slack"]])
def test_pack_for_another_server_fails_the_check(harness: Harness, packs: list[str]) -> None:
    # a pack naming none of the server's tools protects nothing there: an error, no "ok"
    policy = harness.policy({"version": 1, "packs": packs})
    r = _check(harness, "--policy", str(policy), "--", *mailbox_server())
    assert r.returncode == 1, (r.stdout, r.stderr)
    assert "error: pack 'memory' names none of the" in r.stderr
    assert "policy ok" not in r.stdout and "tool names ok" not in r.stdout, r.stdout


def test_no_ok_before_an_error(harness: Harness) -> None:
    policy = harness.policy({"version": 1, "tools": {"send_emial": {"max_calls": 1}}})
    r = _check(harness, "--policy", str(policy), "--", *mailbox_server())
    assert r.returncode == 1
    assert "policy ok" not in r.stdout and "tool names ok" not in r.stdout, r.stdout


def test_ok_is_printed_last_when_all_is_well(harness: Harness) -> None:
    policy = harness.policy({"version": 1, "tools": {"send_email": {"max_calls": 1}}})
    r = _check(harness, "--policy", str(policy), "--", *mailbox_server())
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().splitlines()[-1] == "policy ok: 1 file(s), 1 tool entries"


def test_without_a_tool_list_says_how_to_check(harness: Harness) -> None:
    policy = harness.policy({"version": 1, "tools": {"send_emial": {"max_calls": 1}}})
    r = _check(harness, "--policy", str(policy))
    assert r.returncode == 0
    assert "--server NAME" in r.stdout


async def test_typo_found_from_the_pins_cordon_run_wrote(harness: Harness) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    params = harness.cordon(mailbox_server(), env={"MAILBOX_DIR": str(box)}, name="mail")
    async with Client(params, mode="legacy") as client:
        await client.list_tools()  # cordon pins the list under ~/.cordon/pins (one per --name)
    policy = harness.policy({"version": 1, "tools": {"send_emial": {"max_calls": 1}}})
    r = _check(harness, "--policy", str(policy), "--server", "mail")
    assert r.returncode == 1, r.stdout + r.stderr
    assert "did you mean 'send_email'?" in r.stderr
    assert "the pins of 'mail'" in r.stderr
    missing = _check(harness, "--policy", str(policy), "--server", "nosuch")
    assert missing.returncode == 2 and "no pin file" in missing.stderr


async def test_another_servers_tool_fails_but_says_run_only_warns(harness: Harness) -> None:
    """An entry for another server's tool (near none of this server's names) fails the
    check, and says cordon run only warns about it (it takes it for that server's)."""
    box = harness.tmp / "box"
    box.mkdir()
    params = harness.cordon(mailbox_server(), env={"MAILBOX_DIR": str(box)}, name="mail")
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
    other = harness.policy({"version": 1, "tools": {"write_file": {"max_calls": 1}}})
    r = _check(harness, "--policy", str(other), "--server", "mail")
    assert r.returncode == 1, r.stdout + r.stderr
    assert "tools.write_file names no tool" in r.stderr
    assert "cordon run only warns (taken for another server's tool)" in r.stderr


async def test_a_servers_key_misspelling_the_server_fails(harness: Harness) -> None:
    """`servers: {mial: ...}` checked for --server mail: its settings apply to no server
    (exit 1, as cordon run denies); another server's key (`files`) is no error."""
    box = harness.tmp / "box"
    box.mkdir()
    params = harness.cordon(mailbox_server(), env={"MAILBOX_DIR": str(box)}, name="mail")
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
    typo = harness.policy({"version": 1, "servers": {"mial": {"untrusted_output": True}}})
    r = _check(harness, "--policy", str(typo), "--server", "mail")
    assert r.returncode == 1, r.stdout + r.stderr
    assert "servers.mial is not 'mail' but a near match of it" in r.stderr
    other = harness.policy({"version": 1, "servers": {"files": {"sensitive": True}}}, "o.yaml")
    r = _check(harness, "--policy", str(other), "--server", "mail")
    assert r.returncode == 0, r.stdout + r.stderr
