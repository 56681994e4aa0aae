"""What the secret checks cost on a nested JSON document against a flat one of the same size.

A client's answer to a server request (a sampling result, an elicitation form's content) is
read as a sending call's arguments are: :data:`cordon.proxy.work.ANSWER_CHECKS` (``degraded``,
``secrets``, ``dlp``) run on it on the relay's event loop when it is under 32 KiB. This times
those three checks, as ``SessionWork.check_answer`` runs them, and ``Session.check`` of a
``tools/call`` with the same document as its arguments, on:

* ``flat 20K``: one 20 KB string of prose (``blobtext``) in a one-key object;
* ``nested 20K``: 200 objects of 5 short fields (6-12 characters each), in groups of 10,
  four levels deep (``result.content.groups[i].items[j].field``), about 20 KB of JSON;
* ``nested 100K``: the same with 1,000 objects;

each without and with secrets registered in the session (a 40-character token and a
20-character password that no document carries). Every timed check reads a document it has
not read before (the strings differ per repetition): a repeated document lets the detector's
per-string memo answer, as no client's real answers do. Times are this thread's CPU time
(``time.thread_time``), the median over ``--reps``; the verdicts are printed too (``allow``
or the rule), and are the same for every repetition or the script fails.

    .venv/bin/python bench/perf/nested_answer.py [--reps 15] [--profile CASE] [--src DIR]

``--profile 'nested 20K+secrets'`` prints cProfile's top functions (own time) for one case.
``--src DIR`` measures another tree's cordon (``PYTHONPATH`` works too).

Instructions instead of time (steady under load; as ``engine_instructions.py``): ``--callgrind
CASE`` makes one warm-up and then ``--reps`` answer checks of that case, each through
``operator.call``, with instrumentation turned on only for them; valgrind's "Collected" line
divided by ``--reps`` is the figure:

    valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no \\
        --toggle-collect=_operator_call --callgrind-out-file=/dev/null \\
        .venv/bin/python bench/perf/nested_answer.py --src DIR --reps 5 --callgrind 'nested 20K+secrets'
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import operator
import os
import pstats
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from blobtext import blob_text  # noqa: E402

SECRETS = ("ghp_Zq8vR2mK9pL4xW7nTT3bQ5sJ1dF6hY0cA2eU", "Pa55-w0rd-Kx7Qm2Lr9Z")
TOOL = "reply"
POLICY = {"version": 1, "tools": {TOOL: {"exfiltrating": True}}}
_WORDS = (
    "north river open closed pending review budget draft final note owner team kind state "
    "alpha beta gamma delta label value ready done item group name level urgent later"
).split()


def flat(size: int, rep: int) -> dict[str, Any]:
    """One string of ``size`` characters of prose (distinct per ``rep``)."""
    return {"text": f"{rep} " + blob_text(size - len(str(rep)) - 1, seed=rep)}


def nested(objects: int, rep: int) -> dict[str, Any]:
    """``objects`` objects of five short fields, in groups of 10, four levels deep."""
    rng = random.Random(rep)

    def field() -> str:
        return f"{rng.choice(_WORDS)} {rng.randint(0, 9999)}"

    groups = [
        {
            "id": f"g{g}-{rep}",
            "items": [
                {k: field() for k in ("name", "kind", "state", "owner", "note")} for _ in range(10)
            ],
        }
        for g in range(objects // 10)
    ]
    return {"result": {"action": "accept", "content": {"groups": groups}}}


CASES: dict[str, Callable[[int], dict[str, Any]]] = {
    "flat 20K": lambda rep: flat(20_000, rep),
    "nested 20K": lambda rep: nested(200, rep),
    "nested 100K": lambda rep: nested(1_000, rep),
}


def engine_session(with_secrets: bool) -> tuple[Any, Any]:
    from cordon.engine.core import Engine

    eng = Engine.from_policy([POLICY])
    eng.pin_tools(
        [{"name": TOOL, "description": "Reply.", "inputSchema": {"type": "object"}}], server="srv"
    )
    s = eng.new_session()
    if with_secrets:
        for v in SECRETS:
            s.register_secret(v)
    return eng, s


def answer_checks(eng: Any, s: Any, doc: dict[str, Any]) -> str:
    """What ``SessionWork.check_answer`` runs, without the proxy around it."""
    from cordon.engine.checks._base import Context, Facts
    from cordon.proxy.work import ANSWER_CHECKS

    ctx = Context(s, TOOL, doc, "srv", None, eng.tool_policy(TOOL))
    facts = Facts(sending=True, external=True)
    for check in ANSWER_CHECKS:
        found = check.run(ctx, facts)
        v = found.deny or (found.asks[0] if found.asks else None)
        if v is not None:
            return v.rule
    return "pass"


def session_check(eng: Any, s: Any, doc: dict[str, Any]) -> str:
    v = s.check(TOOL, doc, server="srv")
    return v.verdict if v.verdict == "allow" else f"{v.verdict} {v.rule}"


def measure(
    name: str, with_secrets: bool, what: Callable[..., str], reps: int, prof: Any = None
) -> tuple[float, str]:
    eng, s = engine_session(with_secrets)
    make = CASES[name]
    what(eng, s, make(10_000))  # warm: imports, compiled patterns, the secret tables
    docs = [make(r) for r in range(reps)]
    times: list[float] = []
    verdicts: set[str] = set()
    for doc in docs:
        if prof is not None:
            prof.enable()
        t = time.thread_time()
        verdicts.add(what(eng, s, doc))
        times.append((time.thread_time() - t) * 1000)
        if prof is not None:
            prof.disable()
    if len(verdicts) != 1:
        raise SystemExit(f"{name}: verdicts differ between repetitions: {verdicts}")
    return statistics.median(times), verdicts.pop()


def callgrind(label: str, reps: int) -> None:
    """The answer checks of one case, ``reps`` times, each through ``operator.call`` with
    callgrind's instrumentation on (module docstring)."""
    name, _, extra = label.partition("+")
    eng, s = engine_session(extra == "secrets")
    make = CASES[name]
    answer_checks(eng, s, make(10_000))
    docs = [make(r) for r in range(reps)]
    gc.collect()
    subprocess.run(["callgrind_control", "-i", "on", str(os.getpid())], capture_output=True)
    time.sleep(0.5)
    for doc in docs:
        operator.call(answer_checks, eng, s, doc)


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--reps", type=int, default=15)
    ap.add_argument("--src", type=Path)
    ap.add_argument("--profile", metavar="CASE", help="e.g. 'nested 20K+secrets'")
    ap.add_argument("--callgrind", metavar="CASE", help="run under valgrind (docstring)")
    ns = ap.parse_args()
    if ns.src is not None:
        sys.path.insert(0, str(ns.src.resolve()))
    if ns.callgrind:
        callgrind(ns.callgrind, ns.reps)
        return 0
    import cordon

    print(f"cordon from {Path(cordon.__file__).parent}")
    print(
        f"{'case':<22} {'JSON bytes':>10} {'answer checks ms':>17} {'Session.check ms':>17}  verdicts"
    )
    for name in CASES:
        size = len(json.dumps(CASES[name](0)))
        for with_secrets in (False, True):
            label = name + ("+secrets" if with_secrets else "")
            prof = cProfile.Profile() if ns.profile == label else None
            a_ms, a_v = measure(name, with_secrets, answer_checks, ns.reps, prof)
            c_ms, c_v = measure(name, with_secrets, session_check, ns.reps)
            print(f"{label:<22} {size:>10} {a_ms:>17.2f} {c_ms:>17.2f}  {a_v} / {c_v}", flush=True)
            if prof is not None:
                pstats.Stats(prof).sort_stats("tottime").print_stats(25)
    return 0


if __name__ == "__main__":
    sys.exit(main())
