"""The fresh hold-out: ``attacks_fresh.py`` and the files in ``benign_fresh.txt``.

    .venv/bin/python bench/content/outside/run_fresh.py            # counts, misses by class
    .venv/bin/python bench/content/outside/run_fresh.py --show     # and each miss / false positive
    .venv/bin/python bench/content/outside/run_fresh.py --limit 3  # first 3 of each, a smoke test
    .venv/bin/python bench/content/outside/run_fresh.py --corpus blind3  # attacks_blind3.py instead
    .venv/bin/python bench/content/outside/run_fresh.py --corpus blind4 --benign blind4  # blind4
    .venv/bin/python bench/content/outside/run_fresh.py --corpus blind5 --benign blind5  # blind5
    .venv/bin/python bench/content/outside/run_fresh.py --corpus blind6 --benign blind6  # blind6
    .venv/bin/python bench/content/outside/run_fresh.py --corpus blind7 --benign blind7  # blind7
    .venv/bin/python bench/content/outside/run_fresh.py --corpus blind8 --benign blind8  # blind8
    .venv/bin/python bench/content/outside/run_fresh.py --corpus blind9 --benign blind9  # blind9
    .venv/bin/python bench/content/outside/run_fresh.py --corpus blind10 --benign blind10  # blind10
    .venv/bin/python bench/content/outside/run_fresh.py --corpus blind11 --benign blind11  # blind11
    .venv/bin/python bench/content/outside/run_fresh.py --corpus blind12 --benign blind12  # blind12
    .venv/bin/python bench/content/outside/run_fresh.py --corpus blind13 --benign blind13  # blind13
    .venv/bin/python bench/content/outside/run_fresh.py --corpus blind14 --benign blind14  # blind14
    .venv/bin/python bench/content/outside/run_fresh.py --corpus blind15 --benign blind15  # blind15
    .venv/bin/python bench/content/outside/run_fresh.py --corpus blind16 --benign blind16  # blind16
    .venv/bin/python bench/content/outside/run_fresh.py --corpus blind17 --benign blind17  # hold-out
    .venv/bin/python bench/content/outside/run_fresh.py --corpus blind18 --benign blind18  # next hold-out
    .venv/bin/python bench/content/outside/run_fresh.py --freeze-benign  # rewrite benign_fresh.txt
    .venv/bin/python bench/content/outside/run_fresh.py --corpus blind7 --benign blind7 --half even
        # only the even-numbered attacks and benign files: a set opened for rule writing in halves
        # keeps its odd half unread, so the round's lift is measured on text it was not written on

Scanned exactly as ``run.py`` scans (its ``scan_attack`` and finding filter, ``benign.read`` and
the ``cordon scan`` file path): an attack is caught when it gets a finding at high or above on
its surface; a benign file is a false positive when it gets one. No tuning/hold-out split: all
of it is hold-out.
"""

from __future__ import annotations

import argparse
import glob
import json
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import attacks_blind3  # noqa: E402
import attacks_blind4  # noqa: E402
import attacks_blind5  # noqa: E402
import attacks_blind6  # noqa: E402
import attacks_blind7  # noqa: E402
import attacks_blind8  # noqa: E402
import attacks_blind9  # noqa: E402
import attacks_blind10  # noqa: E402
import attacks_blind11  # noqa: E402
import attacks_blind12  # noqa: E402
import attacks_blind13  # noqa: E402
import attacks_blind14  # noqa: E402
import attacks_blind15  # noqa: E402
import attacks_blind16  # noqa: E402
import attacks_blind17  # noqa: E402
import attacks_blind18  # noqa: E402
import attacks_fresh  # noqa: E402
import benign  # noqa: E402
import run  # noqa: E402  (puts src/ on the path)

from cordon.content.commands import _findings_for  # noqa: E402

MANIFEST = HERE / "benign_fresh.txt"
#: --corpus name -> the module whose ATTACKS are scanned (the benign files are the same for all)
CORPORA = {
    "fresh": attacks_fresh,
    "blind3": attacks_blind3,
    "blind4": attacks_blind4,
    "blind5": attacks_blind5,
    "blind6": attacks_blind6,
    "blind7": attacks_blind7,
    "blind8": attacks_blind8,
    "blind9": attacks_blind9,
    "blind10": attacks_blind10,
    "blind11": attacks_blind11,
    "blind12": attacks_blind12,
    "blind13": attacks_blind13,
    "blind14": attacks_blind14,
    "blind15": attacks_blind15,
    "blind16": attacks_blind16,
    "blind17": attacks_blind17,
    "blind18": attacks_blind18,
}
#: --benign name -> the manifest of benign files
BENIGN = {
    "fresh": MANIFEST,
    "blind4": HERE / "benign_blind4.txt",
    "blind5": HERE / "benign_blind5.txt",
    "blind6": HERE / "benign_blind6.txt",
    "blind7": HERE / "benign_blind7.txt",
    "blind8": HERE / "benign_blind8.txt",
    "blind9": HERE / "benign_blind9.txt",
    "blind10": HERE / "benign_blind10.txt",
    "blind11": HERE / "benign_blind11.txt",
    "blind12": HERE / "benign_blind12.txt",
    "blind13": HERE / "benign_blind13.txt",
    "blind14": HERE / "benign_blind14.txt",
    "blind15": HERE / "benign_blind15.txt",
    "blind16": HERE / "benign_blind16.txt",
    "blind17": HERE / "benign_blind17.txt",
    "blind18": HERE / "benign_blind18.txt",
}
ROOT = HERE.parents[2]
_SECURITY = re.compile(
    r"^(ssh|scp|sftp|gpg|dirmngr|openssl|sudo|visudo|pam|chage|chpasswd|passwd|"
    r"git-credential|update-ca|gnutls|certtool|keyctl|login)"
)
_PY = "/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages"
#: kind -> (glob patterns, file-name filter, how many)
POOLS: dict[str, tuple[tuple[str, ...], object, int]] = {
    "man, translated": (("/usr/share/man/[!m]*/**/*",), None, 30),
    "man, English (not gcloud)": (
        ("/usr/share/man/man[1-8]/*",),
        lambda n: not n.startswith("gcloud"),
        25,
    ),
    "security man pages": (("/usr/share/man/man[1-8]/*",), lambda n: _SECURITY.match(n), 20),
    "README / changelog / NEWS": (
        tuple(
            f"/usr/share/doc/*/{n}" for n in ("README*", "changelog*", "NEWS*", "*.md", "*.txt*")
        ),
        None,
        20,
    ),
    "HTML": (("/usr/share/**/*.html", str(ROOT / "node_modules/**/*.html")), None, 15),
    "botocore data": ((f"{_PY}/botocore/data/*/*/*.json*",), None, 15),
    "JSON / YAML (other)": (
        (
            "/usr/share/**/*.json",
            "/usr/share/**/*.y*ml",
            str(ROOT / ".venv/lib/python*/site-packages/**/*.json"),
        ),
        None,
        15,
    ),
    "package READMEs": (
        (
            str(ROOT / "node_modules/**/README.md"),
            str(ROOT / "node_modules/**/CHANGELOG.md"),
            str(ROOT / ".venv/lib/python*/site-packages/**/*.md"),
            str(ROOT / ".venv/lib/python*/site-packages/**/*.rst"),
        ),
        None,
        20,
    ),
}
HEADER = """\
# benign_fresh.txt: benign files for run_fresh.py, one "kind<TAB>path" a line.
# Chosen by a fixed rule, never by content (run_fresh.py --freeze-benign wrote this):
#   for each kind in run_fresh.POOLS: every regular, non-empty, non-symlink file matching the
#   kind's globs (recursive; the man kinds filtered by file name: English man pages not named
#   gcloud*, security man pages by name prefix ssh scp sftp gpg dirmngr openssl sudo visudo pam
#   chage chpasswd passwd git-credential update-ca gnutls certtool keyctl login), minus every
#   path in benign_files.txt and every path already taken by an earlier kind, sorted by path;
#   then N of them at an even stride, offset by half a stride: sorted[int((i + 0.5) * len / N)].
#   N: man translated 30, man English 25, security man 20, README/changelog/NEWS 20, HTML 15,
#   botocore data 15, other JSON/YAML 15, package READMEs 20.
"""


def freeze() -> None:
    listed = {line.partition("\t")[2] for line in benign.MANIFEST.read_text().splitlines()}
    taken: set[str] = set()
    lines = []
    for kind, (patterns, keep, n) in POOLS.items():
        found = {p for pat in patterns for p in glob.glob(pat, recursive=True)}
        paths = sorted(
            p
            for p in found
            if p not in listed
            and p not in taken
            and (keep is None or keep(Path(p).name))  # type: ignore[operator]
            and Path(p).is_file()
            and not Path(p).is_symlink()
            and Path(p).stat().st_size > 0
        )
        step = len(paths) / n
        pick = paths if len(paths) <= n else [paths[int((i + 0.5) * step)] for i in range(n)]
        taken.update(pick)
        lines += [f"{kind}\t{p}" for p in pick]
    MANIFEST.write_text(HEADER + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"{MANIFEST}: {len(lines)} files")


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--show", action="store_true", help="print each miss and false positive")
    ap.add_argument("--limit", type=int, default=0, help="only the first N attacks and files")
    ap.add_argument("--freeze-benign", action="store_true", help="rewrite benign_fresh.txt")
    ap.add_argument(
        "--corpus", choices=sorted(CORPORA), default="fresh", help="which attack list to scan"
    )
    ap.add_argument(
        "--benign", choices=sorted(BENIGN), default="fresh", help="which benign manifest to scan"
    )
    ap.add_argument(
        "--half",
        choices=("even", "odd"),
        help="only the attacks and benign files at even (0, 2, ...) or odd positions",
    )
    ns = ap.parse_args()
    if ns.freeze_benign:
        freeze()
        return 0
    parity = {"even": 0, "odd": 1}.get(ns.half or "")
    numbered = [
        (i, item)
        for i, item in enumerate(CORPORA[ns.corpus].ATTACKS[: ns.limit or None])
        if parity is None or i % 2 == parity
    ]
    items = [item for _, item in numbered]
    missed: Counter[str] = Counter()
    for i, (cls, surface, payload, source) in numbered:
        if not run._high(run.scan_attack(surface, payload)):
            missed[cls] += 1
            if ns.show:
                text = (
                    payload if isinstance(payload, str) else json.dumps(payload, ensure_ascii=False)
                )
                print(f"  MISS #{i} [{cls}/{surface}] {text[:300]!r}\n       {source}")
    entries = [
        line.split("\t", 1)
        for line in BENIGN[ns.benign].read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    ][: ns.limit or None]
    entries = [e for j, e in enumerate(entries) if parity is None or j % 2 == parity]
    scanned, flagged = 0, []
    for kind, path in entries:
        if not benign.locate(path).is_file() or not (text := benign.read(Path(path))).strip():
            continue
        scanned += 1
        rules = sorted({f.rule for f in run._high(_findings_for(text, "low"))})
        if rules:
            flagged.append(kind)
            if ns.show:
                print(f"  FP   {path} ({kind}): {', '.join(rules)[:200]}")
    caught = len(items) - sum(missed.values())
    name = "fresh" if ns.corpus == "fresh" else f"{ns.corpus} (attacks_{ns.corpus}.py)"
    if ns.half:
        name += f", {ns.half} half"
    print(f"cordon {name} hold-out (findings at high or above)")
    print(f"attacks : {caught}/{len(items)} caught ({100 * caught / max(1, len(items)):.0f}%)")
    if missed:
        print("missed  : " + ", ".join(f"{k} {v}" for k, v in sorted(missed.items())))
    print(f"benign  : {len(flagged)}/{scanned} files with a high finding")
    absent = benign.missing(BENIGN[ns.benign])
    if absent:
        print(f"          ({len(absent)} listed files are not on this machine: not counted)")
    if flagged:
        print("FP kinds: " + ", ".join(f"{k} {v}" for k, v in sorted(Counter(flagged).items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
