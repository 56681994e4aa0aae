"""How long one ``cordon serve`` request holds the service when it hands in a large
``context.outputs``: the service decides one request at a time (every client waits), so this
is the wait the README states for about 16 MB of outputs (the cap is 16 MiB as JSON).

Times ``ServeCore.check_tool_call`` in process (no transport) with N MB of tool output in
``context.outputs`` in 1 MB outputs (prose with two addresses or links per kilobyte, as
``large_args.py`` sends; or slices of a file, ``--text``: the real-text document of
``bench/content/real_text.py``), against the same request with one short output.

    .venv/bin/python bench/perf/serve_outputs.py [--mb 1 4 15] [--rounds 3] [--text FILE]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import blobtext  # noqa: E402

from cordon.content import warm  # noqa: E402
from cordon.server import ServeCore  # noqa: E402

CALL = {"tool": "send_email", "arguments": {"to": "bob@example.com", "body": "the notes"}}


def _request(mb: float, sid: str, text: str | None) -> dict[str, object]:
    mib = 1 << 20
    chunks = [
        blobtext.blob_text(mib) if text is None else text[i * mib % len(text) :][:mib]
        for i in range(int(mb))
    ]
    outputs = [{"tool": "read_inbox", "content": c} for c in chunks] or ["hi"]
    return {**CALL, "context": {"session_id": sid, "outputs": outputs}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, nargs="+", default=[1, 4, 15])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--text", type=Path, help="take the outputs from this file's text")
    opts = parser.parse_args()
    text = opts.text.read_text("utf-8") if opts.text else None
    warm(wait=True)  # the scanner compiled, as in a running `cordon serve`
    core = ServeCore.from_sources([])
    print("outputs (MB)  seconds per request (median of rounds)")
    for mb in [0.0, *opts.mb]:
        times = []
        for r in range(opts.rounds):
            request = _request(mb, f"s{int(mb)}-{r}", text)
            start = time.perf_counter()
            core.check_tool_call(request)
            times.append(time.perf_counter() - start)
        print(f"{mb:>12g}  {statistics.median(times):.2f}")


if __name__ == "__main__":
    main()
