"""A ~10 MB document of real mixed-script text gathered from this machine's installed files.

    .venv/bin/python bench/content/real_text.py [--out /tmp/cordon-real-text.txt] [--mb 10]
    .venv/bin/python bench/content/real_text.py --sources   # list every file taken, with its size

Nothing here was written for cordon: man pages in every language installed under
``/usr/share/man`` (troff source, decompressed), README, changelog and NEWS files and HTML
pages under ``/usr/share/doc``, JSON and YAML data under ``/usr/share``, and the package
descriptions, READMEs and JSON data in the virtualenv's ``site-packages``. Each source group
has a byte quota; inside a group the files are taken in sorted path order, round-robin across
its sub-groups (one per man-page language, one per package), so the same machine always
yields the same document. Each file is cut at :data:`MAX_FILE` bytes so no one file dominates.

The document is not committed (it is megabytes, and its sources are this machine's packages);
this script rebuilds it. ``--sources`` prints the manifest: path, bytes taken.
"""

from __future__ import annotations

import argparse
import gzip
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAN = Path("/usr/share/man")
DOC = Path("/usr/share/doc")
SHARE = Path("/usr/share")
#: at most this many bytes of one file
MAX_FILE = 48_000
#: (group, share of the document, how to list its sub-groups of files)
_TEXT_NAMES = ("readme", "changelog", "news", "changes", "history", "faq", "security")


def _read(path: Path) -> str:
    raw = path.read_bytes()
    if path.suffix == ".gz":
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError):
            return ""
    return raw[:MAX_FILE].decode("utf-8", errors="replace")


def _files(base: Path, pred: Callable[[Path], bool]) -> list[Path]:
    if not base.is_dir():
        return []
    return sorted(p for p in base.rglob("*") if p.is_file() and not p.is_symlink() and pred(p))


def _man_other() -> list[list[Path]]:
    """Translated man pages, one sub-group per language directory."""
    if not MAN.is_dir():
        return []
    langs = sorted(d for d in MAN.iterdir() if d.is_dir() and not d.name.startswith("man"))
    return [g for g in (_files(d, lambda p: True) for d in langs) if g]


def _man_english() -> list[list[Path]]:
    if not MAN.is_dir():
        return []
    return [_files(MAN / s, lambda p: True) for s in ("man1", "man5", "man7", "man8")]


def _stem(p: Path) -> str:
    return p.name.lower().split(".")[0]


def _doc_text() -> list[list[Path]]:
    """README / changelog / NEWS / Markdown / text files, one sub-group per package."""
    if not DOC.is_dir():
        return []
    groups = []
    for pkg in sorted(DOC.iterdir()):
        g = _files(
            pkg,
            lambda p: _stem(p).startswith(_TEXT_NAMES) or p.suffix in (".md", ".txt", ".rst"),
        )
        if g:
            groups.append(g)
    return groups


def _html() -> list[list[Path]]:
    if not DOC.is_dir():
        return []
    groups = []
    for pkg in sorted(DOC.iterdir()):
        g = _files(pkg, lambda p: p.suffix in (".html", ".htm"))
        if g:
            groups.append(g)
    return groups


def _site_packages() -> Path | None:
    found = sorted((ROOT / ".venv" / "lib").glob("python*/site-packages"))
    return found[0] if found else None


def _data() -> list[list[Path]]:
    """JSON and YAML data: under /usr/share (one sub-group per top directory) and the venv."""
    groups: list[list[Path]] = []
    data = (".json", ".yaml", ".yml")
    if SHARE.is_dir():
        for top in sorted(SHARE.iterdir()):
            if top.is_dir() and top.name not in ("man",):
                g = _files(top, lambda p: p.suffix in data)
                if g:
                    groups.append(g)
    site = _site_packages()
    if site is not None:
        groups.append(_files(site, lambda p: p.suffix in data))
    return [g for g in groups if g]


def _packages() -> list[list[Path]]:
    """Package descriptions (METADATA) and READMEs installed in the venv."""
    site = _site_packages()
    if site is None:
        return []
    return [
        _files(site, lambda p: p.name == "METADATA"),
        _files(site, lambda p: _stem(p) in ("readme", "changelog", "changes")),
    ]


#: source group -> (share of the document, sub-groups)
GROUPS: dict[str, tuple[float, Callable[[], list[list[Path]]]]] = {
    "man pages, translated": (0.30, _man_other),
    "man pages, English": (0.12, _man_english),
    "doc READMEs/changelogs/NEWS": (0.20, _doc_text),
    "doc HTML": (0.15, _html),
    "JSON/YAML data": (0.15, _data),
    "venv package descriptions": (0.08, _packages),
}


def _round_robin(groups: list[list[Path]]) -> Iterator[Path]:
    iters = [iter(g) for g in groups]
    while iters:
        alive = []
        for it in iters:
            p = next(it, None)
            if p is not None:
                alive.append(it)
                yield p
        iters = alive


def gather(total: int) -> tuple[str, list[tuple[str, int]]]:
    """The document (about ``total`` UTF-8 bytes) and its manifest ``(path, bytes)``."""
    parts: list[str] = []
    manifest: list[tuple[str, int]] = []
    for _name, (share, lister) in GROUPS.items():
        quota = int(total * share)
        got = 0
        for path in _round_robin(lister()):
            if got >= quota:
                break
            try:
                text = _read(path)
            except OSError:
                continue
            if not text.strip():
                continue
            n = len(text.encode("utf-8"))
            parts.append(text if text.endswith("\n") else text + "\n")
            manifest.append((str(path), n))
            got += n
    return "".join(parts), manifest


def languages(manifest: list[tuple[str, int]]) -> int:
    """How many man-page languages (English counted once) the manifest holds."""
    langs = {Path(p).relative_to(MAN).parts[0] for p, _ in manifest if Path(p).is_relative_to(MAN)}
    return len({lang for lang in langs if not lang.startswith("man")}) + any(
        lang.startswith("man") for lang in langs
    )


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--out", default="/tmp/cordon-real-text.txt")
    ap.add_argument("--mb", type=float, default=10.0)
    ap.add_argument("--sources", action="store_true", help="print the manifest")
    ns = ap.parse_args()
    doc, manifest = gather(int(ns.mb * 1024 * 1024))
    if ns.sources:
        for path, n in manifest:
            print(f"{n:8d}  {path}")
    Path(ns.out).write_text(doc, encoding="utf-8")
    non_ascii = sum(1 for c in doc if not c.isascii())
    print(
        f"{ns.out}: {len(doc.encode()) / 1e6:.1f} MB from {len(manifest)} files, "
        f"{100 * non_ascii / max(len(doc), 1):.1f}% non-ASCII characters",
        file=sys.stderr,
    )
    return 0 if manifest else 2


if __name__ == "__main__":
    raise SystemExit(main())
