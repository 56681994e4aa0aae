"""How long a frame waits while a large message going the other way is decided (issue 2:
"never block the other direction while one message is being checked").

    .venv/bin/python bench/perf/other_direction.py [--rounds 5] [--mb 2]
        [--reverse | --after-result] NAME=SRC[:K=V,...] ...

Each variant is ``cordon run`` from the ``src`` tree SRC (a worktree of another commit, or
this checkout's ``src``), in front of ``echo_server.py``, with K=V as in ``ab.py``
(``warn=src:--content=warn``: a flag of ``cordon run``; else an environment variable). Every round runs direct and then each
variant: the client calls ``later`` (the upstream answers after 200 ms), and at once sends
a call whose ``text`` is MB megabytes of prose with links, to a sink (``echo`` with
``sink_params: [to]``; the destination is not allowlisted, so the verdict is an ask, which
this client cannot answer: cordon answers it, after the check), in the tree's default content
mode unless the variant names one (``warn`` since issue 22: the ``later`` result is scanned in
the decision queue, behind the check). Printed per variant, medians over rounds:

- ``later``: when the ``later`` result reached the client (ms after it was sent); direct, it
  is the upstream's 200 ms;
- ``alone``: the same with no large call (the baseline of the same round);
- ``waited``: ``later`` minus ``alone``, the time the result waited for the check;
- ``verdict``: when the large call's answer reached the client (the check's length).

``--reverse``: the other way round, in warn mode (a result is scanned before delivery). The
client calls ``blob`` (an MB-megabyte result the upstream sends at once), waits 50 ms, and
sends a ``ping``; the upstream notes when the ping reaches it. Printed: ``ping``, ms from
sending the ping until the upstream had it (direct: the pipe; a relay that scans on its loop:
the rest of the scan), and ``result``, ms until the result reached the client.

``--after-result``: monitor mode. The client calls ``blob`` (an MB-megabyte result, which
cordon delivers at once and records later), then at once ``later`` (answered after 30 ms) and
a small send, whose check first records the blob. Printed: ``later``, ms until the ``later``
result reached the client (a relay that records on its loop holds it until the send's check
is done), and ``send``, ms until the send's answer.

Example (session 10)::

    .venv/bin/python bench/perf/other_direction.py base=/tmp/cordon-base/src new=src
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import blobtext  # noqa: E402
import run as R  # noqa: E402

LATER_MS = 200


def _line(rid: int, name: str, arguments: dict[str, object]) -> bytes:
    msg = {
        "jsonrpc": "2.0",
        "id": rid,
        "method": "tools/call",
        "params": {"name": name, "arguments": arguments},
    }
    return json.dumps(msg, separators=(",", ":")).encode() + b"\n"


def _once(t: R.Target, big: str | None) -> tuple[float, float | None]:
    """(ms until the ``later`` result arrived, ms until the large call's answer or None)."""
    c = R.RawClient(t.cmd, t.env)
    try:
        c.handshake()
        time.sleep(R.SETTLE_S)
        c.request("tools/call", {"name": "echo", "arguments": {"text": "warm"}})
        t0 = time.perf_counter()
        c.send(_line(100, "later", {"ms": LATER_MS, "text": "pong"}))
        if big is not None:
            c.send(_line(101, "echo", {"to": "ops@example.com", "text": big}))
        want = {100} if big is None else {100, 101}
        got: dict[int, float] = {}
        while want - set(got):
            line = c.r.readline()
            if not line:
                raise RuntimeError("the pipe closed")
            head = line[:64]
            for rid in want:
                if b'"id":%d' % rid in head or b'"id": %d' % rid in head:
                    got[rid] = (time.perf_counter() - t0) * 1000
        return got[100], got.get(101)
    finally:
        c.close()


def _reverse_once(t: R.Target, size: int, stamps: Path) -> tuple[float, float]:
    """(ms until the upstream had the ping, ms until the blob result reached the client)."""
    c = R.RawClient(t.cmd, t.env)
    try:
        c.handshake()
        time.sleep(R.SETTLE_S)
        c.request("tools/call", {"name": "blob", "arguments": {"size": size}})  # (cached now)
        stamps.write_text("")
        t0 = time.perf_counter()
        c.send(_line(100, "blob", {"size": size}))
        time.sleep(0.05)
        sent = time.monotonic()
        c.send(b'{"jsonrpc":"2.0","id":101,"method":"ping"}\n')
        c.recv_for(100)
        result_ms = (time.perf_counter() - t0) * 1000
        c.recv_for(101)
        (line,) = stamps.read_text().split("\n")[:1]
        return (float(line.split()[1]) - sent) * 1000, result_ms
    finally:
        c.close()


def _after_result_once(t: R.Target, size: int) -> tuple[float, float]:
    """(ms until the ``later`` result, ms until the send's answer), from sending them."""
    c = R.RawClient(t.cmd, t.env)
    try:
        c.handshake()
        time.sleep(R.SETTLE_S)
        c.request("tools/call", {"name": "blob", "arguments": {"size": size}})  # (cached now)
        time.sleep(0.5)  # recorded in the quiet moment
        c.send(_line(100, "blob", {"size": size}))
        c.recv_for(100)
        t0 = time.perf_counter()
        c.send(_line(101, "later", {"ms": 30, "text": "pong"}))
        c.send(_line(102, "echo", {"to": "ops@example.com", "text": "hi"}))
        got: dict[int, float] = {}
        while len(got) < 2:  # in whichever order they come
            line = c.r.readline()
            if not line:
                raise RuntimeError("the pipe closed")
            for rid in (101, 102):
                if b'"id":%d,' % rid in line[:64]:
                    got[rid] = (time.perf_counter() - t0) * 1000
        return got[101], got[102]
    finally:
        c.close()


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--mb", type=float, default=2.0)
    ap.add_argument("--reverse", action="store_true", help="a large result, scanned (warn)")
    ap.add_argument(
        "--after-result", action="store_true", help="a small send recording a large result"
    )
    ap.add_argument("variants", nargs="+", metavar="NAME=SRC[:K=V,...]")
    ns = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="cordon-other-"))
    policy = tmp / "policy.yaml"
    sink = "tools:\n  echo: {exfiltrating: true, sink_params: [to]}\n"
    policy.write_text(
        "version: 1\ncontent: {mode: warn}\n"
        if ns.reverse
        else f"version: 1\ncontent: {{mode: monitor}}\n{sink}"
        if ns.after_result
        else f"version: 1\n{sink}",
        "utf-8",
    )
    up = [sys.executable, str(HERE / "echo_server.py")]
    home = tmp / "home"
    home.mkdir()
    stamps = tmp / "stamps"
    base = {**R.base_env(home), "ECHO_STAMPS": str(stamps)}
    targets = {"direct": R.Target("direct", up, base)}
    for spec in ns.variants:
        name, env, flags = R.variant(spec, base)
        targets[name] = R.Target(name, R.cordon_run(policy, tmp, name, up, flags), env)
    if ns.reverse:
        return _reverse(ns, targets, stamps)
    if ns.after_result:
        return _after_result(ns, targets)
    big = blobtext.blob_text(int(ns.mb * R.MB))
    rows: dict[str, dict[str, list[float]]] = {
        k: {"later": [], "alone": [], "verdict": []} for k in targets
    }
    for r in range(ns.rounds):
        for name, t in targets.items():
            alone, _ = _once(t, None)
            later, verdict = _once(t, big)
            rows[name]["alone"].append(alone)
            rows[name]["later"].append(later)
            if verdict is not None:
                rows[name]["verdict"].append(verdict)
        print(
            f"round {r + 1}: "
            + ", ".join(
                f"{k} {v['later'][-1]:.0f}/{v['alone'][-1]:.0f} ms" for k, v in rows.items()
            )
        )
    print(f"\n{ns.mb:g} MB call; 'later' answered by the upstream after {LATER_MS} ms")
    print(f"{'':10} {'later ms':>9} {'alone ms':>9} {'waited ms':>10} {'verdict ms':>11}")
    for name, v in rows.items():
        waited = [a - b for a, b in zip(v["later"], v["alone"], strict=True)]
        print(
            f"{name:10} {statistics.median(v['later']):>9.0f} {statistics.median(v['alone']):>9.0f}"
            f" {statistics.median(waited):>10.0f} {statistics.median(v['verdict']):>11.0f}"
        )
    return 0


def _two_columns(
    ns: argparse.Namespace,
    targets: dict[str, R.Target],
    once: Callable[[R.Target], tuple[float, float]],
    cols: tuple[str, str],
    title: str,
) -> int:
    """Run ``once`` per target per round (interleaved) and print the medians of its two
    figures, named ``cols`` (ms)."""
    a, b = cols
    rows: dict[str, dict[str, list[float]]] = {k: {a: [], b: []} for k in targets}
    for r in range(ns.rounds):
        for name, t in targets.items():
            x, y = once(t)
            rows[name][a].append(x)
            rows[name][b].append(y)
        print(f"round {r + 1}: " + ", ".join(f"{k} {a} {v[a][-1]:.1f} ms" for k, v in rows.items()))
    print(f"\n{title}")
    print(f"{'':10} {a + ' ms':>10} {b + ' ms':>10}")
    for name, v in rows.items():
        print(f"{name:10} {statistics.median(v[a]):>10.1f} {statistics.median(v[b]):>10.1f}")
    return 0


def _reverse(ns: argparse.Namespace, targets: dict[str, R.Target], stamps: Path) -> int:
    size = int(ns.mb * R.MB)
    return _two_columns(
        ns,
        targets,
        lambda t: _reverse_once(t, size, stamps),
        ("ping", "result"),
        f"{ns.mb:g} MB result, scanned before delivery (warn); ping sent 50 ms after the call",
    )


def _after_result(ns: argparse.Namespace, targets: dict[str, R.Target]) -> int:
    size = int(ns.mb * R.MB)
    return _two_columns(
        ns,
        targets,
        lambda t: _after_result_once(t, size),
        ("later", "send"),
        f"{ns.mb:g} MB result, then 'later' (30 ms) and a small send (monitor mode)",
    )


if __name__ == "__main__":
    sys.exit(main())
