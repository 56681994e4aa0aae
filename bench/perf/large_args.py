"""What a decision costs as a call's arguments grow, against the same call with a short body,
measured in the same run.

A ``tools/call`` under 32 KiB is decided on the relay's event loop, so neither direction
moves while it is; a larger one goes to a decision thread, and only its own verdict waits
(README, "What cordon does not cover"; ``other_direction.py`` measures the other direction).
This prints how long a check takes for an e-mail whose body is prose with two addresses or
links per kilobyte (``blobtext``), the kind of text the egress and forwarded-link checks
read whole.

    .venv/bin/python bench/perf/large_args.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import blobtext  # noqa: E402

from cordon.engine.core import Engine  # noqa: E402

POLICY = {"version": 1, "tools": {"send_email": {"exfiltrating": True, "sink_params": ["to"]}}}
TOOLS = [
    {
        "name": "send_email",
        "description": "Send an e-mail.",
        "inputSchema": {
            "type": "object",
            "properties": {"to": {}, "body": {"type": "string"}},
        },
    }
]
SIZES = (100, 1_000, 10_000, 100_000, 1_000_000)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    engine = Engine.from_policy([POLICY])
    engine.pin_tools(TOOLS)
    session = engine.new_session(trusted=("Email ops@example.com the weekly notes",))
    session.check("send_email", {"to": "ops@example.com", "body": "warm https://x.example/"})
    print(f"{'body chars':>10} {'check ms (median)':>18} {'x short body':>13}")
    base = None
    for size in SIZES:
        body = blobtext.blob_text(size)
        times = []
        for _ in range(args.rounds):
            t0 = time.perf_counter()
            session.check("send_email", {"to": "ops@example.com", "body": body})
            times.append((time.perf_counter() - t0) * 1000)
        ms = statistics.median(times)
        base = base or ms
        print(f"{size:>10} {ms:>18.3f} {ms / base:>13.0f}")


if __name__ == "__main__":
    main()
