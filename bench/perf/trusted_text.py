"""Cost of vouching for a trusted text (``Session.add_trusted``) against what it did before
session 9, measured in the same run: the folded taint keying of the text and its word set.

Since session 9 a trusted text is keyed with its look-alike characters marked (threat model
S69 F5), and the folded keying is left until a sink value spelled with look-alike characters
needs it; a text with such characters also gets a second word set.

    .venv/bin/python bench/perf/trusted_text.py [--size 1000000] [--rounds 5]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from cordon.engine.core import Engine, Session
from cordon.taint import TaintIndex, norm

POLICY = {"version": 1, "tools": {"send_email": {"exfiltrating": True, "sink_params": ["to"]}}}
TOOLS = [
    {
        "name": "send_email",
        "description": "Send an e-mail.",
        "inputSchema": {"type": "object", "properties": {"to": {}}},
    }
]
KINDS = {
    "ascii": "please email ops@example.com about https://x.example/report now ",
    "non-ascii words": "Gr\u00fc\u00dfe an Jos\u00e9 \u00fcber ops@example.com \u201cheute\u201d ",
    "cyrillic addresses": "ops@\u0445\u043e\u0440.ru and ops@example.com ",
}


def _best_ms(make: Callable[[], Callable[[], object]], rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        f = make()
        t0 = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - t0)
    return best * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=int, default=1_000_000, help="characters per text")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    engine = Engine.from_policy([POLICY])
    engine.pin_tools(TOOLS)
    print(f"{'text':<20} {'folded only ms':>15} {'add_trusted ms':>15} {'ratio':>6}")
    for kind, unit in KINDS.items():
        text = (unit * (args.size // len(unit) + 1))[: args.size]

        def keying(text: str = text) -> Callable[[], object]:
            # the fold and the word index alone, as add_trusted first keyed them
            def folded() -> None:
                TaintIndex(min_length=1).add_text(text)
                Session._add_words(set(), norm(text))

            return folded

        def vouching(text: str = text) -> Callable[[], object]:
            session = engine.new_session()
            return lambda: session.add_trusted(text)

        base = _best_ms(keying, args.rounds)
        new = _best_ms(vouching, args.rounds)
        print(f"{kind:<20} {base:>15.1f} {new:>15.1f} {new / base:>6.2f}")


if __name__ == "__main__":
    main()
