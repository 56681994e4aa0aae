"""The proxy core forwards an allowed call's relative paths joined to ``base_dir``
(cordon.engine.anchored_paths), and its audit record lists them as the record keeps
arguments: a path carrying a secret is withheld there as in ``arguments``."""

from __future__ import annotations

from typing import Any

import orjson

from cordon.decider import Decision
from cordon.policy.model import ToolPolicy
from cordon.proxy.core import CoreConfig, ProxyCore
from cordon.proxy.memory import MemoryTransport
from tests.proxy.test_core import _Work

SECRET = "sk-live-0123456789abcdef"


class _Withholding(_Work):
    """Decides as :class:`_Work` does, and keeps the arguments as the audit log may: a
    string carrying the secret withheld (as ``Decision.shown`` does)."""

    def decide(self, tool: str, args: Any, **kw: Any) -> Decision:
        d = super().decide(tool, args, **kw)
        d.shown = {k: "<withheld>" if SECRET in str(v) else v for k, v in args.items()}
        return d


def _core(work: _Work) -> tuple[ProxyCore, MemoryTransport]:
    tp = ToolPolicy(path_params=("path",), base_dir="/p")
    cfg = CoreConfig(server="s", session_id="sid", tool_policy=lambda tool: tp)
    core = ProxyCore(cfg, work, clock=lambda: 0.0)  # type: ignore[arg-type]
    return core, MemoryTransport(core)


def _read(path: str) -> dict[str, Any]:
    args = {"path": path}
    return {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "read", "arguments": args},
    }


def test_the_server_gets_the_joined_path_and_the_record_says_so() -> None:
    core, t = _core(_Work())
    t.from_client(_read("notes.md"))
    sent = [orjson.loads(f) for f in t.sent_upstream]
    assert sent[-1]["params"]["arguments"] == {"path": "/p/notes.md"}, sent
    rec = t.audit[-1]
    assert rec["forwarded_paths"] == ["/p/notes.md"], rec
    assert rec["arguments"] == {"path": "notes.md"}, rec  # (as the client sent it)


def test_a_secret_in_a_path_is_withheld_in_the_record_too() -> None:
    core, t = _core(_Withholding())
    t.from_client(_read(f"keys/{SECRET}.txt"))
    sent = [orjson.loads(f) for f in t.sent_upstream]
    assert sent[-1]["params"]["arguments"] == {"path": f"/p/keys/{SECRET}.txt"}, sent
    rec = t.audit[-1]
    assert SECRET not in orjson.dumps(rec).decode(), rec
    assert rec["forwarded_paths"] == ["/p/<withheld>"], rec
