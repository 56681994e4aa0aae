"""The wide benign pool: every installed document of a few kinds, scanned for high findings.

    .venv/bin/python bench/content/outside/installed_pool.py            # count, files flagged
    .venv/bin/python bench/content/outside/installed_pool.py --out F    # also write "path<TAB>rules"

Wider than the frozen benchmark sets (``benign_files.txt``, ``benign_fresh.txt``,
``benign_blind4.txt``) and not frozen: every installed man page but gcloud's (all languages),
the README, changelog, NEWS, text, markdown, reStructuredText and HTML files under
``/usr/share/doc``, and the markdown of ``node_modules`` and both Python site-packages. Each
file is read as ``cordon scan`` reads it (``benign.read``) and counts when it gets a finding at
high or above. Run it before and after a rule change on the same machine and compare the
``--out`` files: a rule change may add no file.
"""

from __future__ import annotations

import argparse
import glob
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import benign  # noqa: E402
import run  # noqa: E402  (puts src/ on the path)

from cordon.content.commands import _findings_for  # noqa: E402

ROOT = HERE.parents[2]
_DOC_NAMES = ("README*", "changelog*", "NEWS*", "*.md", "*.txt*", "*.rst*", "*.html")
PATTERNS: tuple[str, ...] = (
    "/usr/share/man/**/*",
    *(f"/usr/share/doc/**/{n}" for n in _DOC_NAMES),
    str(ROOT / "node_modules/**/*.md"),
    str(ROOT / ".venv/lib/python*/site-packages/**/*.md"),
    "/root/.pyenv/versions/*/lib/python*/site-packages/**/*.md",
)


def pool() -> list[str]:
    """Every regular, non-empty file of :data:`PATTERNS`, gcloud's man pages left out, sorted."""
    found = {p for pat in PATTERNS for p in glob.glob(pat, recursive=True)}
    return sorted(
        p
        for p in found
        if os.path.isfile(p)
        and not os.path.islink(p)
        and os.path.getsize(p) > 0
        and not (p.startswith("/usr/share/man/") and Path(p).name.startswith("gcloud"))
    )


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--out", type=Path, help="write one 'path<TAB>rules' line per flagged file")
    ns = ap.parse_args()
    paths = pool()
    flagged: list[str] = []
    for p in paths:
        try:
            text = benign.read(Path(p))
        except (OSError, ValueError):
            continue
        if not text.strip():
            continue
        rules = sorted({f.rule for f in run._high(_findings_for(text, "low"))})
        if rules:
            flagged.append(f"{p}\t{','.join(rules)}")
    print(f"installed pool: {len(flagged)}/{len(paths)} files with a high finding")
    if ns.out:
        ns.out.write_text("".join(line + "\n" for line in flagged), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
