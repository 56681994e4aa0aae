"""``cordon suggest`` names the built-in pack that classifies every tool of a server, as
``cordon check`` does (the same :func:`cordon.checktools.fitting_packs`), before its own
entries: for the npm memory server it proposed ``create_entities`` as sending to
``entities`` (an e-mail address stored in a note) and never said that the ``memory`` pack,
written for that server (``exfiltrating: false``), covers it."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from cordon.policy import load_pack, load_policy, policy_hash
from tests.conftest import cordon_exe

pytestmark = [pytest.mark.e2e]

HINT = "# hint: the built-in pack 'memory' classifies all 9 tools the pins list for this server"


def _memory_log(tmp: Path, policy_files: list[str], extra_tool: str | None = None) -> Path:
    """An audit log and pins of the memory server (its tools/list: the pack's names, plus
    ``extra_tool``): a start with ``policy_files``, then an entity whose note is an e-mail."""
    names = [*load_pack("memory")["tools"], *([extra_tool] if extra_tool else [])]
    defs = {n: {"name": n, "inputSchema": {"type": "object"}} for n in names}
    (tmp / "pins.json").write_text(json.dumps({"servers": {"memory": {"tools": defs}}}), "utf-8")
    pol = load_policy([Path(f) for f in policy_files])
    entity = {"name": "Alice", "entityType": "person", "observations": ["alice@example.com"]}
    records: list[dict[str, Any]] = [
        {"kind": "start", "server": "memory", "session": "s1", "policy_files": policy_files,
         "policy_hash": policy_hash(pol)},
        {"kind": "verdict", "session": "s1", "server": "memory", "tool": "create_entities",
         "arguments": {"entities": [entity]}, "verdict": "allow", "rule": "default.allow"},
    ]  # fmt: skip
    log = tmp / "audit.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in records), "utf-8")
    return log


def _suggest(tmp: Path, log: Path, *args: str) -> str:
    p = subprocess.run(
        [*cordon_exe(), "suggest", "--audit", str(log), "--pins", str(tmp / "pins.json"), *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "HOME": str(tmp)},
        check=False,
    )
    assert p.returncode == 0, p.stderr
    return p.stdout


def test_suggest_names_the_pack_that_covers_the_server_first(tmp_path: Path) -> None:
    out = _suggest(tmp_path, _memory_log(tmp_path, []))
    assert HINT in out, out
    assert "add `packs: [memory]` to this policy (README: Built-in packs)" in out
    assert "# try the pack first" in out
    lines = out.splitlines()
    assert lines.index(next(x for x in lines if x.startswith(HINT))) < lines.index("version: 1")
    # its own proposal is kept, for a person to weigh against the pack's entries
    proposal = yaml.safe_load(out)
    assert proposal["tools"]["create_entities"] == {
        "exfiltrating": True,
        "sink_params": ["entities"],
    }
    assert load_pack("memory")["tools"]["create_entities"]["exfiltrating"] is False


def test_no_pack_is_named_when_the_policy_brings_one_or_none_covers_the_server(
    tmp_path: Path,
) -> None:
    packed = tmp_path / "packed.yaml"
    packed.write_text(yaml.safe_dump({"version": 1, "packs": ["memory"]}), "utf-8")
    # the start record's policy brings the pack: every tool is left out, nothing hinted
    out = _suggest(tmp_path, _memory_log(tmp_path, [str(packed)]))
    assert "# hint:" not in out and yaml.safe_load(out)["tools"] == {}, out
    # --policy bringing the pack: nothing hinted
    out = _suggest(tmp_path, _memory_log(tmp_path, []), "--policy", str(packed))
    assert "# hint:" not in out, out
    # a tool no pack names: no pack classifies every tool (as cordon check)
    out = _suggest(tmp_path, _memory_log(tmp_path, [], extra_tool="send_email"))
    assert "# hint:" not in out, out
    assert "create_entities" in yaml.safe_load(out)["tools"]
