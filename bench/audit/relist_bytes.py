"""Audit bytes a hostile server's re-lists cost: through the real ``cordon run`` and the
official SDK client, tests/servers/relisted.py lists N tools with W-character names, then
changes every definition, so each later tools/list hides them all (``pin.changed``) and
``weather`` (poisoned) on every list.

Prints the listing's bytes (as the server sends a re-list), the audit bytes each list added,
and how many such re-lists the default rotation (50 MiB a file, 10 rotated files kept)
holds at least before the first record is rotated away, at the cost of the last re-list
(each hidden name is named once, up to a budget a process: ``RELIST_FRESH=1`` spends it in
about 11 re-lists of 1,500 names; a repeated set costs less the more it repeats).
``RELIST_FRESH=1``: every list hides tools never listed before.

    .venv/bin/python bench/audit/relist_bytes.py [N] [W] [RELISTS]
    # another tree's cordon (e.g. the code before a change):
    git archive COMMIT src | tar -x -C /tmp/before
    CORDON_SRC=/tmp/before/src .venv/bin/python bench/audit/relist_bytes.py
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
from pathlib import Path

from mcp import Client, StdioServerParameters

ROOT = Path(__file__).resolve().parents[2]
KEPT = 50 * 1024 * 1024 * 11  # the default AuditLog: max_bytes 50 MiB, keep 10 rotated


def _listing_bytes(n: int, width: int) -> int:
    schema = {"type": "object", "properties": {"text": {"type": "string"}}}
    tools = [
        {"name": f"t{i}_".ljust(width, "x"), "description": "v2", "inputSchema": schema}
        for i in range(n)
    ]
    frame = {"jsonrpc": "2.0", "id": 1, "result": {"tools": tools}}
    return len(json.dumps(frame, separators=(",", ":")))


async def main(n: int, width: int, relists: int) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="relist-"))
    home, audit = tmp / "home", tmp / "audit.jsonl"
    home.mkdir()
    env = {**os.environ, "HOME": str(home), "RELIST_TOOLS": str(n), "RELIST_NAME_CHARS": str(width)}
    src = os.environ.get("CORDON_SRC")
    if src:
        env["PYTHONPATH"] = src
    cordon = [sys.executable, "-m", "cordon.cli"]
    args = [*cordon[1:], "run", "--audit", str(audit), "--name", "relisted", "--"]
    server = [sys.executable, str(ROOT / "tests" / "servers" / "relisted.py")]
    params = StdioServerParameters(command=cordon[0], args=[*args, *server], env=env)
    sizes = []
    async with Client(params, mode="legacy") as client:
        for _ in range(relists + 1):
            await client.list_tools()
            sizes.append(audit.stat().st_size)
    growth = [b - a for a, b in zip(sizes, sizes[1:], strict=False)]
    print(f"tools {n}, names {width} chars: a re-list is {_listing_bytes(n, width):,} bytes")
    print(f"audit bytes added by each re-list: {growth}")
    rate = max(growth[1:], default=0)
    print(f"audit bytes of the costliest re-list after the first: {rate:,}")
    # each hidden name is named once a process, up to a budget (listing.MAX_TOLD): past it,
    # and for a set listed again, the cost of a re-list is its last one here
    last, spent = (growth[-1] if growth else 0), sum(growth)
    print(f"audit bytes of all {len(growth)} re-lists: {spent:,}; of the last: {last:,}")
    if last:
        left = max(KEPT - spent, 0) // last
        print(f"re-lists before the kept history (550 MiB) rotates away: >= {left:,} more")


if __name__ == "__main__":
    a = [int(x) for x in sys.argv[1:4]]
    asyncio.run(main(*(a + [1500, 200, 12][len(a) :])))
