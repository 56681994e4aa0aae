"""``PinFile.record_pending`` keeps a listing's changed tools in one read and at most one write:
a write a tool rewrote the whole pin file per hidden tool, so a server whose many tools changed
held its tools/list for a time quadratic in their number (1,500 tools: about 70 s)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cordon.store.pins import PinFile


def _tool(i: int, text: str = "new") -> dict[str, Any]:
    return {"name": f"t{i}", "description": text, "inputSchema": {"type": "object"}}


def test_a_listing_of_changed_tools_is_one_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pf = PinFile(tmp_path / "pins.json")
    pf.store("s", [_tool(i, "old") for i in range(200)])
    writes: list[int] = []
    real = PinFile.save
    monkeypatch.setattr(PinFile, "save", lambda self, data: (writes.append(1), real(self, data)))
    pf.record_pending("s", *(_tool(i) for i in range(200)))
    assert len(writes) == 1
    pending = pf.pending("s")
    assert len(pending) == 200 and all(new["description"] == "new" for *_, new in pending)
    # the same definitions again (the client lists again): nothing to write
    pf.record_pending("s", *(_tool(i) for i in range(200)))
    assert len(writes) == 1
    # one of them changed again: one write, the newest definition kept
    pf.record_pending("s", _tool(7, "newer"), _tool(8))
    assert len(writes) == 2
    assert {t: new["description"] for _, t, _, new in pf.pending("s")}["t7"] == "newer"


def test_one_tool_as_before(tmp_path: Path) -> None:
    pf = PinFile(tmp_path / "pins.json")
    pf.record_pending("s", _tool(1))
    assert [(s, t, old) for s, t, old, _ in pf.pending()] == [("s", "t1", None)]
