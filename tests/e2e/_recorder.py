"""A raw upstream that logs every line it receives and answers each request as the test
scripted, and ``cordon run`` in front of it driven with raw JSON-RPC lines: for red-team
tests that assert on what the upstream received, never only on what cordon answered.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

from tests.conftest import Harness, cordon_exe

#: the JSON-RPC code of a client request cordon denied (cordon.proxy.client_requests)
POLICY_DENIED = -32003

# Logs every line to $REC_DIR/recv.jsonl; answers a request with $REC_DIR/script.json's entry
# for its method (re-read per request; for resources/read the entry for the URI under "read",
# else an echo of it); "notify" entries for a method are sent before its answer.
RECORDER = """
import json, os, sys
D = os.environ["REC_DIR"]
for raw in sys.stdin:
    with open(os.path.join(D, "recv.jsonl"), "a") as fh:
        fh.write(raw.rstrip("\\n") + "\\n")
    msg = json.loads(raw)
    if not isinstance(msg, dict) or "id" not in msg or "method" not in msg:
        continue
    script = json.load(open(os.path.join(D, "script.json")))
    m = msg["method"]
    for extra in script.get("notify", {}).get(m, []):
        sys.stdout.write(json.dumps(extra) + "\\n")
    if m == "initialize":
        r = {"protocolVersion": "2025-11-25", "serverInfo": {"name": "rec", "version": "1"},
             "capabilities": {"tools": {}, "resources": {"listChanged": True}, "prompts": {}}}
    elif m == "tools/list":
        r = {"tools": [{"name": "read_doc", "description": "Read the doc.",
                        "inputSchema": {"type": "object", "properties": {}}}]}
    elif m == "resources/read":
        uri = msg["params"]["uri"]
        r = script.get("read", {}).get(uri, {"contents": [{"uri": uri, "text": "ok"}]})
    else:
        r = script.get(m, {})
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": msg["id"], "result": r}) + "\\n")
    sys.stdout.flush()
"""


class Recorded:
    """``cordon run`` (``policy`` given as a dict, if any) in front of the recorder answering
    as ``script`` says; ``initialize`` and the first ``tools/list`` are done (ids 1 and 2)."""

    def __init__(
        self,
        harness: Harness,
        script: dict[str, Any] | None = None,
        *,
        policy: dict[str, Any] | None = None,
    ) -> None:
        server = harness.tmp / "recorder.py"
        server.write_text(RECORDER, "utf-8")
        self.dir = harness.tmp
        self.harness = harness
        self.script(script or {})
        extra = [] if policy is None else ["--policy", str(harness.policy(policy))]
        cmd = [*cordon_exe(), "run", "--audit", str(harness.audit), *extra]
        self.proc = subprocess.Popen(
            [*cmd, "--", sys.executable, str(server)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env={**os.environ, "HOME": str(harness.home), "REC_DIR": str(harness.tmp)},
        )
        init = {
            "protocolVersion": "2025-11-25",
            "capabilities": {},
            "clientInfo": {"name": "t", "version": "1"},
        }
        self.rpc(1, "initialize", init)
        self.line(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}))
        self.rpc(2, "tools/list", {})

    def script(self, script: dict[str, Any]) -> None:
        (self.dir / "script.json").write_text(json.dumps(script), "utf-8")

    def line(self, data: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data.encode() + b"\n")
        self.proc.stdin.flush()

    def wait(self, id_: Any) -> dict[str, Any]:
        assert self.proc.stdout is not None
        while True:
            raw = self.proc.stdout.readline()
            assert raw, "cordon closed its stdout"
            reply: dict[str, Any] = json.loads(raw)
            if reply.get("id") == id_ and "method" not in reply:
                return reply

    def rpc(self, id_: Any, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self.line(json.dumps({"jsonrpc": "2.0", "id": id_, "method": method, "params": params}))
        return self.wait(id_)

    def read(self, id_: int, uri: str) -> dict[str, Any]:
        return self.rpc(id_, "resources/read", {"uri": uri})

    def received(self) -> list[dict[str, Any]]:
        """What the upstream received, in order (read after :meth:`close`)."""
        p = self.dir / "recv.jsonl"
        return [json.loads(x) for x in p.read_text("utf-8").splitlines()] if p.exists() else []

    def received_ids(self) -> set[Any]:
        return {m.get("id") for m in self.received()}

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def denied(reply: dict[str, Any], rule: str) -> None:
    """``reply`` is cordon's refusal of a client request under ``rule``."""
    err = reply.get("error")
    assert err is not None, reply
    assert err["code"] == POLICY_DENIED and f"({rule})" in err["message"], err
