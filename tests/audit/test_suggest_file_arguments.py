"""``cordon suggest`` drops a file name read as a host (``CLAUDE.md``: ``.md`` is a country's
top-level domain) only from an argument whose own name says it names a file. The tool's name
says nothing about each argument: ``upload_file``'s ``host`` is where it sends, and a host
there dropped as a file name was a sink never proposed. Nor is ``endpoint``, nor ``to``, nor
an argument whose pinned schema gives it a network ``format``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from cordon.audit.suggest import read_usage, render


def _rec(tool: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "verdict", "session": "s1", "server": "srv", "tool": tool,
            "arguments": args, "verdict": "allow", "rule": "default.allow"}  # fmt: skip


def _proposal(records: list[dict[str, Any]], pins: Path | None = None) -> tuple[str, Any]:
    text = render(read_usage(records, [pins] if pins else []))
    return text, yaml.safe_load(text)


def test_a_host_in_a_file_tools_host_argument_is_a_sink() -> None:
    calls = [_rec("upload_file", {"path": f"notes{i}.md", "host": "exfil.sh"}) for i in range(3)]
    text, p = _proposal(calls)
    assert p["tools"]["upload_file"] == {"exfiltrating": True, "sink_params": ["host"]}, text
    assert "'path'" not in text  # (the file name in `path` is still no host)


def test_an_endpoint_argument_of_a_file_tool_is_no_file_name() -> None:
    calls = [_rec("sync_files", {"endpoint": "mirror.zip"}) for _ in range(2)]
    _, p = _proposal(calls)
    assert p["tools"]["sync_files"]["sink_params"] == ["endpoint"]


def test_an_argument_with_a_hostname_format_is_no_file_name(tmp_path: Path) -> None:
    pins = tmp_path / "pins.json"
    schema = {"type": "object", "properties": {"target": {"type": "string",
              "format": "hostname"}}}  # fmt: skip
    tool = {"name": "push_files", "inputSchema": schema}
    pins.write_text(json.dumps({"servers": {"srv": {"tools": {"push_files": tool}}}}), "utf-8")
    _, p = _proposal([_rec("push_files", {"target": "backup.sh"})], pins)
    assert p["tools"]["push_files"]["sink_params"] == ["target"]


def test_a_path_argument_still_names_a_file() -> None:
    _, p = _proposal([_rec("write_file", {"path": "CLAUDE.md"}), _rec("profile_get", {})])
    assert p["tools"] == {}


def test_a_recipient_of_a_file_tool_is_a_sink() -> None:
    calls = [_rec("send_file", {"to": "drop.zip", "path": "a.md"}) for _ in range(2)]
    _, p = _proposal(calls)
    assert p["tools"]["send_file"] == {"exfiltrating": True, "sink_params": ["to"]}


def test_an_argument_of_a_file_tool_its_name_does_not_place_is_a_file() -> None:
    _, p = _proposal([_rec("move_file", {"source": "a.txt", "destination": "notes.md"})])
    assert "move_file" not in p["tools"]


def test_a_tool_name_with_file_inside_a_word_is_not_named_for_files() -> None:
    # ``profile`` holds the letters of ``file``: the name's tokens are compared, not letters
    _, p = _proposal([_rec("profile_set", {"website": "me.sh"}) for _ in range(2)])
    assert p["tools"]["profile_set"] == {"exfiltrating": True, "sink_params": ["website"]}
