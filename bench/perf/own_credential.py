"""What a decision on a call with 100 KB of prose costs in a ``cordon run`` that has a
credential of its own (a ``--header`` token) published to the client's shared store: alone,
once a sibling process has published one too, and with no credential at all, measured in
the same run (CPU time of the process, medians).

The store is opened as ``cordon run`` opens it (``proxy.main._shared_store``, or the plain
holding store of a tree without it) in a temporary ``HOME``; the token is published by
``proxy.main._publish_own``. Run it on two exports to compare them:

    PYTHONPATH=/tmp/x/src .venv/bin/python bench/perf/own_credential.py [--rounds 15]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

import blobtext  # noqa: E402

from cordon.engine.core import Engine  # noqa: E402
from cordon.engine.shared_secrets import own_keys  # noqa: E402
from cordon.proxy import main as proxy_main  # noqa: E402
from cordon.store import SharedTaintStore  # noqa: E402

TOKEN = "Zq7Xv2Lm9Rt4Wp8Kd3Hs6Nb1"
SIBLINGS = "Pw4Kd8Ns2Qx6Lt9Vb3Jm7Rc"
TOOLS = [{"name": "write_file", "inputSchema": {"type": "object"}}]


def _store() -> Any:
    opener = getattr(proxy_main, "_shared_store", None)
    return opener() if opener is not None else SharedTaintStore.for_client(hold=True)


def _engine(store: Any, own: list[str]) -> Any:
    engine = Engine.from_policy(
        [{"version": 1}], secrets=own, shared_taint=store, shared_secrets=store
    )
    engine.pin_tools(TOOLS)
    return engine


def _median_ms(engine: Any, body: str, rounds: int) -> float:
    session = engine.new_session()
    args = {"path": "/srv/notes/report.md", "content": body}
    session.check("write_file", args)  # warm
    times = []
    for _ in range(rounds):
        t0 = time.process_time()
        v = session.check("write_file", args)
        times.append((time.process_time() - t0) * 1000)
        assert v.verdict == "allow", v
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--size", type=int, default=100_000)
    args = ap.parse_args()
    body = blobtext.blob_text(args.size)
    with tempfile.TemporaryDirectory() as home:
        os.environ["HOME"] = home
        with _store() as bare:  # no credential anywhere
            results = {"none": _median_ms(_engine(bare, []), body, args.rounds)}
        store = _store()
        proxy_main._publish_own(store, [], {"X-Api-Key": TOKEN}, None, None)
        own = _engine(store, [TOKEN])
        results["own"] = _median_ms(own, body, args.rounds)
        SharedTaintStore(store.path).publish_own(own_keys([SIBLINGS]))  # another process's
        results["sibling"] = _median_ms(own, body, args.rounds)
        store.close()
    print(" ".join(f"{k}={v:.2f}" for k, v in results.items()))


if __name__ == "__main__":
    main()
