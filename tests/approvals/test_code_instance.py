"""A code keeps what its server runs (``instance``) for ``cordon approve`` to show; a store
written before the field existed still loads, and a non-string instance is corruption."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cordon._exceptions import ApprovalError
from cordon.approvals.codes import CodeStore


def _issue(store: CodeStore) -> str:
    return store.issue(server="mail", tool="send", param="to", destination="a@b.example",
                       rule="taint.unverified_destination", reason="r",
                       approval_key=["mail", "send"])  # fmt: skip


def test_the_instance_is_kept_and_an_older_record_without_it_loads(tmp_path: Path) -> None:
    path = tmp_path / "approvals.json"
    code = _issue(CodeStore(path, instance="python mailbox.py (in /w)"))
    rec = CodeStore(path).get(code)
    assert rec is not None and rec.instance == "python mailbox.py (in /w)"
    data = json.loads(path.read_text("utf-8"))
    del data["codes"][0]["instance"]
    path.write_text(json.dumps(data), "utf-8")
    rec = CodeStore(path).get(code)
    assert rec is not None and rec.instance is None
    data["codes"][0]["instance"] = 7
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(ApprovalError, match="instance"):
        CodeStore(path).get(code)
