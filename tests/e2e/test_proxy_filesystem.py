"""The real npm filesystem server behind the real ``cordon run``, driven by the SDK client.

Side effects are asserted on disk: a denied write leaves no file.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from mcp import Client

from tests.conftest import Harness, fs_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


@pytest.fixture
def fs(harness: Harness) -> tuple[Harness, Path, Path]:
    root = harness.tmp / "root"
    allowed = root / "allowed"
    allowed.mkdir(parents=True)
    (root / "allowed_secrets").mkdir()
    (root / "secret").mkdir()
    (allowed / "link").symlink_to(root / "secret")
    policy = harness.policy(
        {
            "version": 1,
            "packs": ["filesystem"],
            "tools": {
                "write_file": {
                    "path_params": ["path"],
                    "allowed_path_prefixes": [str(allowed)],
                    "max_calls": 20,
                },
                "move_file": {"max_calls": 0},
            },
        }
    )
    return harness, root, policy


@pytest.mark.requirement("inv:deny-not-forwarded")
@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_write_confinement_through_real_proxy(
    fs: tuple[Harness, Path, Path], mode: str
) -> None:
    harness, root, policy = fs
    allowed = root / "allowed"
    params = harness.cordon(fs_server(root), policies=[policy], name="fs")
    async with Client(params, mode=mode) as client:  # type: ignore[arg-type]
        tools = await client.list_tools()
        assert "write_file" in {t.name for t in tools.tools}

        ok = await client.call_tool(
            "write_file", {"path": str(allowed / "ok.txt"), "content": "hello"}
        )
        assert not ok.is_error, text_of(ok)
        assert (allowed / "ok.txt").read_text() == "hello"

        cases = {
            "outside": root / "outside.txt",
            "sibling": root / "allowed_secrets" / "x.txt",
            "symlink": allowed / "link" / "x.txt",
            "dotdot": Path(str(allowed) + "/../outside2.txt"),
        }
        for label, target in cases.items():
            r = await client.call_tool("write_file", {"path": str(target), "content": "pwned"})
            assert r.is_error, label
            assert text_of(r).startswith("[cordon blocked]"), label
            assert "arg.path_outside" in text_of(r), label
        assert not (root / "outside.txt").exists()
        assert not (root / "allowed_secrets" / "x.txt").exists()
        assert not (root / "secret" / "x.txt").exists()
        assert not (root / "outside2.txt").exists()

        pct = await client.call_tool(
            "write_file", {"path": str(allowed) + "%2f..%2f..%2foutside3.txt", "content": "x"}
        )
        assert pct.is_error
        assert not (root / "outside3.txt").exists()

        unknown = await client.call_tool("shadow_exec", {"cmd": "id"})
        assert unknown.is_error and "pin.unknown_tool" in text_of(unknown)

        forbidden = await client.call_tool(
            "move_file",
            {"source": str(allowed / "ok.txt"), "destination": str(allowed / "moved.txt")},
        )
        assert forbidden.is_error and "budget.max_calls" in text_of(forbidden)
        assert (allowed / "ok.txt").exists() and not (allowed / "moved.txt").exists()

    verdicts = harness.records("verdict")
    # one line per verdict: 1 allow + 4 path denies + pct + unknown + budget
    assert len(verdicts) == 8
    assert [r["verdict"] for r in verdicts].count("allow") == 1
    assert stat.S_IMODE(os.stat(harness.audit).st_mode) == 0o600
    rules = {r["rule"] for r in verdicts}
    assert {"arg.path_outside", "pin.unknown_tool", "budget.max_calls", "default.allow"} <= rules


async def test_relative_path_refused_without_base_dir(fs: tuple[Harness, Path, Path]) -> None:
    harness, root, policy = fs
    params = harness.cordon(fs_server(root), policies=[policy])
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("write_file", {"path": "rel.txt", "content": "x"})
        assert r.is_error and "arg.path_unresolvable" in text_of(r)


async def test_global_prefix_and_stray_policy_entry(harness: Harness) -> None:
    root = harness.tmp / "root"
    out = root / "out"
    out.mkdir(parents=True)
    (out / "a.txt").write_text("a")
    policy = harness.policy(
        {
            "version": 1,
            "packs": ["filesystem"],
            "allowed_path_prefixes": [str(out)],
            # a typo that loosens: a warning (a restricting one denies every call:
            # tests/e2e/test_policy_misfit.py)
            "tools": {"writefile": {"exfiltrating": False}},
        }
    )
    async with Client(harness.cordon(fs_server(root), policies=[policy]), mode="legacy") as client:
        await client.list_tools()
        moved = await client.call_tool(
            "move_file", {"source": str(out / "a.txt"), "destination": str(root / "a.txt")}
        )
        assert moved.is_error and "arg.path_outside" in text_of(moved)
        made = await client.call_tool("create_directory", {"path": str(root / "newdir")})
        assert made.is_error
        ok = await client.call_tool("create_directory", {"path": str(out / "newdir")})
        assert not ok.is_error, text_of(ok)
    assert (
        (out / "a.txt").exists()
        and not (root / "a.txt").exists()
        and not (root / "newdir").exists()
    )
    strays = [r for r in harness.records("policy") if r["rule"] == "policy.unknown_tool"]
    assert [r["tool"] for r in strays] == ["writefile"]
    # the closest listed name; the typo restricts nothing
    assert strays[0]["closest"] == "write_file" and strays[0]["restricts"] == []
