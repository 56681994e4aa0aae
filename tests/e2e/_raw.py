"""A raw JSON-RPC client on the pipes of a real ``cordon run`` in front of the mailbox server.

For end-to-end tests that need what the SDK client hides: the proxy's pid and its children
(the recording worker, the upstream), or the exact JSON of a reply. ``protocol`` picks the
era: ``"2025-06-18"`` does the ``initialize`` handshake; ``"2026-07-28"`` sends no
handshake and puts the required ``_meta`` keys on every request.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from tests.conftest import Harness, mailbox_server

MODERN = "2026-07-28"


class MailboxRaw:
    """``cordon run`` (policies, env and name as given) in front of the mailbox server with
    ``MAILBOX_DIR=box``; the first ``tools/list`` is done, so the tools are pinned."""

    def __init__(
        self,
        harness: Harness,
        box: Path,
        *,
        policy: dict[str, Any],
        name: str | None = None,
        env: dict[str, str] | None = None,
        protocol: str = "2025-06-18",
    ) -> None:
        opts: dict[str, Any] = {} if name is None else {"name": name}
        p = harness.cordon(
            mailbox_server(),
            policies=[harness.policy(policy)],
            env={"MAILBOX_DIR": str(box), **(env or {})},
            **opts,
        )
        self.box = box
        self.protocol = protocol
        self.proc = subprocess.Popen(
            [p.command, *p.args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=p.env
        )
        self.n = 0
        if protocol != MODERN:
            self.ask("initialize", {"protocolVersion": protocol, "capabilities": {},
                                    "clientInfo": {"name": "t", "version": "1"}})  # fmt: skip
            self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        self.ask("tools/list", {})

    def send(self, msg: dict[str, Any]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(msg).encode() + b"\n")
        self.proc.stdin.flush()

    def ask(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        """Send a request and return its reply (frames with other ids are skipped)."""
        self.n += 1
        if self.protocol == MODERN:
            meta = {
                "io.modelcontextprotocol/protocolVersion": MODERN,
                "io.modelcontextprotocol/clientCapabilities": {},
                "io.modelcontextprotocol/clientInfo": {"name": "t", "version": "1"},
            }
            params = {**params, "_meta": {**meta, **params.get("_meta", {})}}
        self.send({"jsonrpc": "2.0", "id": self.n, "method": method, "params": params})
        assert self.proc.stdout is not None
        while True:
            line = self.proc.stdout.readline()
            assert line, "cordon closed its stdout"
            out = json.loads(line)
            if out.get("id") == self.n and "method" not in out:
                return out

    def call(self, tool: str, args: dict[str, Any]) -> dict[str, Any]:
        """A ``tools/call``'s result object."""
        return self.ask("tools/call", {"name": tool, "arguments": args})["result"]

    def children(self) -> list[int]:
        pid = self.proc.pid
        return [int(k) for k in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]

    def worker(self) -> int | None:
        """The proxy's forked recording worker (same command line), if there is one."""
        mine = Path(f"/proc/{self.proc.pid}/cmdline").read_bytes()
        for k in self.children():
            try:
                if Path(f"/proc/{k}/cmdline").read_bytes() == mine:
                    return k
            except OSError:
                continue
        return None

    def upstream(self) -> int:
        (pid,) = [k for k in self.children() if k != self.worker()]
        return pid

    def sent(self) -> list[str]:
        """The ``to`` of every mail in the outbox, oldest first."""
        out = self.box / "outbox"
        if not out.exists():
            return []
        return [json.loads(p.read_text())["to"] for p in sorted(out.iterdir())]

    def close(self) -> int:
        """Close cordon's stdin and wait for it (killed after 20 s); its exit status."""
        if self.proc.stdin is not None and not self.proc.stdin.closed:
            self.proc.stdin.close()
        try:
            return self.proc.wait(20)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
