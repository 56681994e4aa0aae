"""What masking cordon's own credentials costs a server frame (``cordon.content.known``),
against the parse every frame gets anyway (``orjson.loads`` of the same bytes, same run).

Frames: a 10 MB ``tools/call`` result of English prose with an address every kilobyte (the
perf bench's text), and a 200-byte one; 0, 1, 5 and 20 credentials of 32 base64 characters
(one spelling each; a ``/`` in a value adds its ``\\/`` spelling). CPU time, best of
``--rounds``.

    .venv/bin/python bench/perf/own_credential_mask.py [--rounds 7]
"""

from __future__ import annotations

import argparse
import base64
import os
import time
from collections.abc import Callable

import orjson

from cordon.content.known import KnownCredentials


def _best(fn: Callable[[], object], rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        t = time.process_time()
        fn()
        best = min(best, time.process_time() - t)
    return best


def _frame(size: int) -> bytes:
    line = "The quarterly report is attached; questions to team-{n}@example.com please. "
    text, n = [], 0
    while sum(map(len, text)) < size:
        text.append(line.format(n=n) * 13)
        n += 1
    result = {"content": [{"type": "text", "text": "".join(text)[:size]}]}
    return orjson.dumps({"jsonrpc": "2.0", "id": 1, "result": result})


def _credential() -> str:
    return base64.b64encode(os.urandom(24)).decode().replace("/", "_").replace("+", "-")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rounds", type=int, default=7)
    ns = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}")
    for size, label, unit, scale in ((10 * 2**20, "10 MB", "ms", 1e3), (200, "200 B", "us", 1e6)):
        frame = _frame(size)
        reps = 1 if size > 2**20 else 2000
        parse = _best(lambda f=frame: [orjson.loads(f) for _ in range(reps)], ns.rounds) / reps
        print(f"{label} frame: parse (baseline) {parse * scale:.2f} {unit}")
        for n in (0, 1, 5, 20):
            known = KnownCredentials([_credential() for _ in range(n)])
            t = _best(lambda f=frame, k=known: [k.mask(f) for _ in range(reps)], ns.rounds) / reps
            print(f"  {n:2d} credentials: {t * scale:7.2f} {unit} ({t / parse:.2f}x the parse)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
