"""The README's Policy example is one server's policy: `cordon check` against the live
`tools/list` of the filesystem server it names (`packs: [filesystem]`) finds every `tools:`
entry among that server's tools and passes. Through the real `cordon` process."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from tests.conftest import ROOT, cordon_exe, fs_server

pytestmark = [pytest.mark.e2e]


def _policy_example() -> str:
    text = (ROOT / "README.md").read_text("utf-8")
    section = text[text.index("\n## Policy\n") :]
    m = re.search(r"```yaml\n(.*?)```", section, re.S)
    assert m, "no yaml block under ## Policy"
    return m.group(1)


def test_readme_policy_example_checks_clean_against_its_server(tmp_path: Path) -> None:
    example = _policy_example()
    assert "packs: [filesystem]" in example
    policy = tmp_path / "policy.yaml"
    policy.write_text(example, "utf-8")
    env = {**os.environ, "HOME": str(tmp_path)}
    r = subprocess.run(
        [*cordon_exe(), "check", "--policy", str(policy), "--", *fs_server(tmp_path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=90,
    )
    assert r.returncode == 0, (r.stdout, r.stderr)
    assert "names no tool" not in r.stderr and "error" not in r.stderr, r.stderr
    assert "tool names ok" in r.stdout and "policy ok" in r.stdout
