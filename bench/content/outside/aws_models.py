"""AWS API models as benign text: the ``service-2.json`` descriptions of every AWS service
that botocore ships (operation and shape documentation in AWS's HTML-like markup, string
patterns, enums), as an agent reads them through an AWS documentation or API server.

    .venv/bin/python bench/content/outside/aws_models.py                 # both parts
    .venv/bin/python bench/content/outside/aws_models.py --show tuning    # and the tuning part's findings
    .venv/bin/python bench/content/outside/aws_models.py --data DIR       # another botocore data/ directory

Nobody here wrote these files and no rule was written from them before they were measured.
Each file is in the tuning or the hold-out part by :func:`run.part` of its path below
``data/`` (40% hold-out); a file counts as a false positive when it gets a finding at high or
above, scanned as ``cordon scan`` scans a file. The models are found in an installed botocore
package or in the Google Cloud SDK's copy of it; the script says so when neither is there.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
# the checkout's src unless a PYTHONPATH names the tree to measure (a clean export): put
# first, it would shadow that tree with this one, uncommitted edits included
if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(HERE.parents[2] / "src"))

from run import _high, part  # noqa: E402

from cordon.content.commands import _findings_for  # noqa: E402

PLACES = [
    Path("/usr/lib/google-cloud-sdk/lib/third_party/botocore/data"),
    *sorted(Path(sys.prefix).glob("lib/python3*/site-packages/botocore/data")),
]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, help="a botocore data/ directory")
    ap.add_argument("--show", action="append", default=[], choices=("tuning", "holdout"))
    args = ap.parse_args()
    data = args.data or next((p for p in PLACES if p.is_dir()), None)
    if data is None:
        print("no botocore data/ directory found: pip install botocore, or give --data DIR")
        return 2
    files = sorted(data.glob("*/*/service-2.json"))
    counts: dict[str, list[int]] = {"tuning": [0, 0], "holdout": [0, 0]}
    rules: dict[str, Counter[str]] = {"tuning": Counter(), "holdout": Counter()}
    for path in files:
        key = str(path.relative_to(data))
        p = part(key)
        high = _high(_findings_for(path.read_text(encoding="utf-8"), "low"))
        counts[p][0] += 1
        if high:
            counts[p][1] += 1
            rules[p].update({f.rule for f in high})
            if p in args.show:
                print(f"  {p} {key}: " + ", ".join(sorted({f.rule for f in high})))
    print(f"AWS API models in {data}")
    for p in ("tuning", "holdout"):
        n, fp = counts[p]
        print(f"{p:8} benign : {fp}/{n} files with a high finding; by rule {dict(rules[p])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
