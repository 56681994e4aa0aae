"""Files a tool result links (``output_files``): which targets are local files, and how they
are read (regular files only, bounded, never blocking)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cordon.store import linked_files
from cordon.store.linked_files import link_targets, read_linked


def _text(text: str) -> dict[str, object]:
    return {"content": [{"type": "text", "text": text}]}


def test_markdown_links_and_file_resource_links_are_targets() -> None:
    result = {
        "content": [
            {
                "type": "text",
                "text": "### Page\n- [Snapshot](../out/page-1.yml)\n"
                '- [Shot](<my shots/a b.png> "title") and [site](https://example.com/x)',
            },  # fmt: skip
            {"type": "resource_link", "uri": "file:///tmp/out/log%20file.txt", "name": "log"},
            {"type": "resource_link", "uri": "file://otherhost/etc/passwd", "name": "remote"},
            {"type": "resource_link", "uri": "https://example.com/a.txt", "name": "web"},
            {"type": "text", "text": "[again](../out/page-1.yml) [anchor](#top) [m](mailto:a@b.c)"},
        ]
    }
    assert link_targets(result) == [
        "../out/page-1.yml",
        "my shots/a b.png",
        "/tmp/out/log file.txt",
    ]


def test_no_content_or_odd_shapes_give_no_targets() -> None:
    assert link_targets(None) == []
    assert link_targets({"content": "x"}) == []
    assert link_targets({"content": [1, {"type": "text", "text": 3}]}) == []


def test_relative_targets_are_read_against_the_working_directory(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "page.yml").write_text("- link: http://collect.attacker.example/c\n")
    proj = tmp_path / "proj"
    proj.mkdir()
    found = read_linked(_text("- [Snapshot](../out/page.yml)"), str(proj))
    assert found.texts == ["- link: http://collect.attacker.example/c\n"]
    assert found.notes == []


def test_a_fifo_a_directory_and_a_missing_file_are_not_read(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")  # opening it for reading would block without O_NONBLOCK
    (tmp_path / "dir").mkdir()
    found = read_linked(_text("[a](pipe) [b](dir) [c](missing.yml)"), str(tmp_path))
    assert found.texts == []
    assert [n.split(":")[0] for n in found.notes] == ["pipe", "dir", "missing.yml"]


def test_a_large_file_is_read_up_to_the_cap_and_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(linked_files, "MAX_BYTES", 10)
    (tmp_path / "big.txt").write_text("0123456789abcdef")
    found = read_linked(_text("[big](big.txt)"), str(tmp_path))
    assert found.texts == ["0123456789"]
    assert found.notes == ["big.txt: read its first 10 bytes only"]


def test_files_past_the_limit_are_not_read_and_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(linked_files, "MAX_FILES", 2)
    for i in range(4):
        (tmp_path / f"{i}.txt").write_text(str(i))
    found = read_linked(_text(" ".join(f"[{i}]({i}.txt)" for i in range(4))), str(tmp_path))
    assert found.texts == ["0", "1"]
    assert found.notes == ["2 linked files past the first 2 not read"]
