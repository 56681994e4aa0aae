"""The README's library example runs as written and prints the verdicts it promises."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_library_example_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text("utf-8"), re.S)
    example = next(b for b in blocks if "Engine.from_policy" in b)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(example, "README.md", "exec"), {})  # noqa: S102 - our own README
    lines = out.getvalue().split("\n")
    assert lines[0] == "ops@example.com allow default.allow"
    assert lines[1] == "x@evil.example deny taint.seen_in_output"
    assert lines[2] == "new@partner.example ask taint.unverified_destination"


def _step2_commands() -> list[list[str]]:
    import shlex

    text = README.read_text("utf-8")
    step = text[text.index("2. Wrap each server") : text.index("3. Restart the client")]
    block = re.search(r"```sh\n(.*?)```", step, re.S)
    assert block is not None
    return [
        shlex.split(line, comments=True) for line in block.group(1).splitlines() if line.strip()
    ]


def test_quick_start_step2_commands_work_as_written(tmp_path: Path) -> None:
    """The README's `cordon init` lines, run by the real cordon in a project holding the
    three servers they name, give each server the policy (and pack) the comment says."""
    import json
    import os
    import subprocess

    import yaml

    from tests.conftest import cordon_exe

    home, proj = tmp_path / "home", tmp_path / "proj"
    home.mkdir()
    proj.mkdir()
    servers = {
        "files": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem"]},
        "github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"]},
        "notes": {"command": "python", "args": ["notes_server.py"]},
    }
    (proj / ".mcp.json").write_text(json.dumps({"mcpServers": servers}))
    packs = {"policy.yaml": ["filesystem"], "github.yaml": ["github"], "base.yaml": []}
    for name, pack in packs.items():
        (proj / name).write_text(yaml.safe_dump({"version": 1, "packs": pack}))
    commands = _step2_commands()
    assert [c[:2] for c in commands] == [["cordon", "init"]] * 3
    env = {**os.environ, "HOME": str(home)}
    for argv in commands:
        run = subprocess.run(
            [*cordon_exe(), *argv[1:]],
            cwd=proj,
            input="y\n",
            text=True,
            capture_output=True,
            env=env,
            timeout=60,
        )
        assert run.returncode == 0, run.stdout + run.stderr
        check = subprocess.run(
            [*cordon_exe(), "check", "--policy", argv[argv.index("--policy") + 1]],
            cwd=proj,
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
        assert check.returncode == 0, check.stdout + check.stderr
    wrapped = json.loads((proj / ".mcp.json").read_text())["mcpServers"]
    given = {n: e["args"][e["args"].index("--policy") + 1] for n, e in wrapped.items()}
    assert given == {
        n: str(proj / f)
        for n, f in {"files": "policy.yaml", "github": "github.yaml", "notes": "base.yaml"}.items()
    }


def test_every_policy_example_in_the_readme_and_policy_guide_loads(tmp_path: Path) -> None:
    """A policy a newcomer copies from the docs must start cordon: each ```yaml block that is
    a whole policy (``version: 1``) in README.md and docs/policy.md loads as written."""
    import re
    import textwrap

    from cordon.policy import load_policy

    root = Path(__file__).resolve().parents[1]
    fence = re.compile(r"^( *)```yaml\n(.*?)^\1```", re.S | re.M)
    blocks = [
        textwrap.dedent(m.group(2))
        for doc in ("README.md", "docs/policy.md")
        for m in fence.finditer((root / doc).read_text("utf-8"))
    ]
    policies = [b for b in blocks if re.search(r"^version: 1$", b, re.M)]
    assert len(policies) >= 3, len(policies)
    for i, text in enumerate(policies):
        path = tmp_path / f"p{i}.yaml"
        path.write_text(text, "utf-8")
        load_policy([path])  # raises on an unknown key, a bad value or a missing pack
