"""Destination-check time versus session output size (issue 3 benchmark).

Builds a TaintIndex from 1 KB, 10 KB, 1 MB, 10 MB and 100 MB of typical tool output (prose
with some e-mail addresses, URLs and numbers, fed in 64 KB results), then times destination
checks (extraction excluded, half of them tainted) at each size. Prints time per check, the
ratio largest/smallest, and indexing throughput: on that corpus, on prose without destinations,
and on one 10 MB tool result (``add_value`` on a CallToolResult, as the proxy calls it) dense
with distinct addresses and URLs (two per kilobyte, like bench/perf's blob server).

Run: .venv/bin/python bench/taint/run.py [--max-mb 100]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "src"))

from cordon.taint import TaintIndex, extract_destinations  # noqa: E402

WORDS = (
    "the quick brown fox jumps over lazy dog report meeting customer invoice please review "
    "attached document summary quarterly results thanks regards team project update status "
    "contact support ticket number order shipped delivery address account balance pending"
).split()


def make_output(size: int, seed: int = 7) -> str:
    """About ``size`` characters of plain text with sparse addresses, URLs and numbers."""
    rng = random.Random(seed)
    parts: list[str] = []
    n = 0
    i = 0
    while n < size:
        r = rng.random()
        if r < 0.003:
            w = f"user{i}@example{i % 97}.com"
        elif r < 0.005:
            w = f"https://site{i % 89}.org/path/{i}?q={i}"
        elif r < 0.05:
            w = rng.choice(WORDS) + "."
        elif r < 0.06:
            w = str(rng.randint(0, 10**6))
        else:
            w = rng.choice(WORDS)
        parts.append(w)
        n += len(w) + 1
        i += 1
    return " ".join(parts)[:size]


def make_dense(size: int) -> str:
    """``size`` characters of lines of about 1 KB of prose, each with a distinct e-mail
    address and a distinct URL (the shape of bench/perf's blob results)."""
    rng = random.Random(11)
    base = " ".join(rng.choice(WORDS) for _ in range(400))
    lines: list[str] = []
    n = 0
    i = 0
    while n < size:
        i += 1
        line = (
            f"{base[: 900 + i % 97]} contact user{i}@mail{i % 13}.example.com or see "
            f"https://docs{i % 7}.example.org/page/{i} ref {i * 7919 % 100000}\n"
        )
        lines.append(line)
        n += len(line)
    return "".join(lines)[:size]


def best_mb_s(text: str, reps: int = 3) -> float:
    """MB/s of ``TaintIndex().add_value`` on ``text`` as one CallToolResult: best of ``reps``,
    in process CPU time (the figure that does not depend on other jobs on a shared machine)."""
    best = float("inf")
    for _ in range(reps):
        index = TaintIndex()
        result = {"content": [{"type": "text", "text": text}], "isError": False}
        t0 = time.process_time()
        index.add_value(result)
        best = min(best, time.process_time() - t0)
    return len(text) / 1e6 / best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-mb", type=int, default=100)
    ap.add_argument("--checks", type=int, default=20000)
    args = ap.parse_args()
    sizes = [1_000, 10_000, 1_000_000, 10_000_000, 100_000_000]
    sizes = [s for s in sizes if s <= args.max_mb * 1_000_000]
    base = make_output(1 << 20)
    dests = []
    for j in range(200):
        dests += extract_destinations(f"user{j}@example{j % 97}.com")  # tainted at larger sizes
        dests += extract_destinations(f"stranger{j}@elsewhere.net")  # never seen
        dests += extract_destinations(f"https://site{j % 89}.org/path/{j}")
    results = []
    for size in sizes:
        text = (base * (size // len(base) + 1))[:size] if size > len(base) else make_output(size)
        index = TaintIndex()
        chunk = 64 * 1024
        t0 = time.perf_counter()
        c0 = time.process_time()
        for c, k in enumerate(range(0, len(text), chunk)):
            # each 64 KB result also carries 20 unique addresses, so the key set grows
            # with the session (lookups must stay flat against a large index)
            extra = " ".join(f"u{c}x{j}@h{c}.example" for j in range(20))
            index.add_text(text[k : k + chunk] + "\n" + extra)
        t_index = time.perf_counter() - t0
        cpu_index = time.process_time() - c0
        n = args.checks
        t0 = time.perf_counter()
        tainted = 0
        for k in range(n):
            d = dests[k % len(dests)]
            if index.lookup(d, sink_is_url=d.kind == "url") == "tainted":
                tainted += 1
        per_check = (time.perf_counter() - t0) / n
        results.append((size, per_check, t_index, tainted / n, len(index), cpu_index))
        mbps = size / 1e6 / t_index if t_index else float("inf")
        cpu_mbps = size / 1e6 / cpu_index if cpu_index else float("inf")
        print(
            f"output {size:>11,} B  check {per_check * 1e6:7.2f} us  "
            f"tainted {tainted / n:5.1%}  keys {len(index):>8,}  "
            f"index {mbps:7.1f} MB/s wall, {cpu_mbps:7.1f} MB/s cpu"
        )
    ratio = results[-1][1] / results[0][1]
    worst = max(r[1] for r in results) * 1e6
    print(f"ratio largest/smallest check time: {ratio:.2f}  (worst {worst:.2f} us; target <= 50)")
    prose = " ".join(WORDS[i % len(WORDS)] + ("." if i % 17 == 0 else "") for i in range(2_000_000))
    prose = prose[:10_000_000]
    index = TaintIndex()
    t0 = time.perf_counter()
    c0 = time.process_time()
    for k in range(0, len(prose), 64 * 1024):
        index.add_text(prose[k : k + 64 * 1024])
    secs = time.perf_counter() - t0
    cpu = time.process_time() - c0
    print(
        f"indexing throughput, 10 MB prose without destinations: {10 / secs:.1f} MB/s wall, "
        f"{10 / cpu:.1f} MB/s cpu"
    )
    dense = make_dense(10_000_000)
    print(
        "indexing throughput, one 10 MB result with 2 distinct addresses/URLs per KB "
        f"(add_value, best of 3): {best_mb_s(dense):.1f} MB/s cpu"
    )
    big = [r for r in results if r[0] >= 1_000_000]
    if big:
        total = sum(r[0] for r in big) / 1e6
        secs = sum(r[2] for r in big)
        cpu = sum(r[5] for r in big)
        print(
            f"indexing throughput (>= 1 MB sizes): {total / secs:.1f} MB/s wall, "
            f"{total / cpu:.1f} MB/s cpu"
        )


if __name__ == "__main__":
    main()
