"""Audit bytes a repeated message costs: through the real ``cordon run`` in front of
tests/servers/flooding.py, driven over raw pipes (a client that sends what the SDK would
not), each kind is sent N times; prints the audit bytes of the first one and per repeat.

Upstream kinds (the server writes them on a ``flood`` call): ``garbage`` (a line that is not
JSON), ``unknown_id`` (an answer to nothing asked), ``notify`` (a notification carrying an
instruction to the model), ``notify_new`` (the same under ever-new logger names),
``sampling`` (a sampling request the client did not declare, refused). Client
kinds: ``client_garbage`` (a line that is not JSON), ``client_invalid`` (a request without
``jsonrpc``).

    .venv/bin/python bench/audit/repeat_bytes.py [N]
    # another tree's cordon (e.g. the code before a change):
    git archive COMMIT src | tar -x -C /tmp/before
    CORDON_SRC=/tmp/before/src .venv/bin/python bench/audit/repeat_bytes.py
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
UPSTREAM = ("garbage", "unknown_id", "notify", "notify_new", "sampling")
CLIENT = {"client_garbage": b"{not json\n", "client_invalid": b'{"id": 7, "method": "ping"}\n'}


class Cordon:
    """``cordon run`` in front of the flooding server, on raw pipes."""

    def __init__(self, audit: Path, home: Path) -> None:
        env = {**os.environ, "HOME": str(home)}
        if src := os.environ.get("CORDON_SRC"):
            env["PYTHONPATH"] = src
        server = [sys.executable, str(ROOT / "tests" / "servers" / "flooding.py")]
        cmd = [sys.executable, "-m", "cordon.cli", "run", "--audit", str(audit)]
        self.p = subprocess.Popen(
            [*cmd, "--name", "flooding", "--", *server],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
        )
        self.next = 0

    def ask(self, method: str, params: dict[str, Any], before: bytes = b"") -> dict[str, Any]:
        """Send ``before`` then a request; read until its answer."""
        assert self.p.stdin is not None and self.p.stdout is not None
        self.next += 1
        req = {"jsonrpc": "2.0", "id": f"r{self.next}", "method": method, "params": params}
        self.p.stdin.write(before + json.dumps(req).encode() + b"\n")
        self.p.stdin.flush()
        while line := self.p.stdout.readline():
            msg = json.loads(line)
            if msg.get("id") == req["id"]:
                return dict(msg)
        raise SystemExit("cordon ended")

    def close(self) -> None:
        assert self.p.stdin is not None
        self.p.stdin.close()
        self.p.wait(30)


def main(n: int) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="repeat-"))
    home, audit = tmp / "home", tmp / "audit.jsonl"
    home.mkdir()
    c = Cordon(audit, home)
    info = {"name": "bench", "version": "1"}
    c.ask("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": info})
    assert c.p.stdin is not None
    c.p.stdin.write(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}\n')
    c.ask("tools/list", {})
    print(f"{'kind':<16}{'first':>8}{'per repeat':>12}   ({n} repeats, audit bytes)")
    for kind in (*UPSTREAM, *CLIENT):
        sizes = [audit.stat().st_size]
        for count in (1, n):
            if kind in CLIENT:
                c.ask("ping", {}, before=CLIENT[kind] * count)
            else:
                c.ask("tools/call", {"name": "flood", "arguments": {"kind": kind, "n": count}})
            sizes.append(audit.stat().st_size)
        # (each round's own call or ping adds its records too: the per-repeat figure
        # includes that call's share, under 1 byte at N = 10,000)
        print(f"{kind:<16}{sizes[1] - sizes[0]:>8,}{(sizes[2] - sizes[1]) / n:>12,.1f}")
    c.close()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10000)
