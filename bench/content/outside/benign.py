"""Benign real documents from this machine's installed files, of several kinds and scripts.

Nobody wrote them for cordon. Every kind is a sorted list of files; a fixed number is taken
from each at an even stride, so the same machine always yields the same selection.
``security`` holds documents that discuss attacks and credentials (security policies, the man
pages of ssh, gpg, openssl, sudo, git-credential, curl), the kind most likely to look like an
attack to a pattern. Files are read as ``cordon scan`` reads them: a JSON file is parsed and
scanned as a result, anything else as text; gzip is decompressed.

    .venv/bin/python bench/content/outside/benign.py --freeze   # write benign_files.txt

The selection is frozen in ``benign_files.txt`` (kind, path), so the corpus does not move
when packages are installed or removed.
"""

from __future__ import annotations

import glob
import gzip
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
MAN = Path("/usr/share/man")
DOC = Path("/usr/share/doc")
#: bytes read from one file at most (a tool result of this size is already a large one)
MAX_BYTES = 256 * 1024

_SECURITY_MAN = (
    "ssh",
    "ssh-keygen",
    "ssh-agent",
    "ssh-add",
    "ssh_config",
    "sshd_config",
    "gpg",
    "gpg-agent",
    "openssl",
    "sudo",
    "sudoers",
    "git-credential",
    "git-credential-store",
    "curl",
    "wget",
    "passwd",
    "shadow",
    "su",
    "pam",
    "netrc",
)


def _stride(paths: list[Path], n: int) -> list[Path]:
    paths = sorted(paths)
    if len(paths) <= n:
        return paths
    step = len(paths) / n
    return [paths[int(i * step)] for i in range(n)]


def _glob(*patterns: str) -> list[Path]:
    out: set[Path] = set()
    for pat in patterns:
        out.update(Path(p) for p in glob.glob(pat, recursive=True))
    return sorted(p for p in out if p.is_file() and not p.is_symlink())


def _security() -> list[Path]:
    man = [p for p in _glob(str(MAN / "man[1-8]" / "*")) if p.name.split(".")[0] in _SECURITY_MAN]
    docs = _glob(
        str(DOC / "**" / "*[Ss][Ee][Cc][Uu][Rr][Ii][Tt][Yy]*"),
        str(ROOT / "node_modules" / "**" / "SECURITY.md"),
        str(DOC / "gnupg" / "*"),
    )
    return man + docs


def kinds() -> dict[str, list[Path]]:
    """Kind -> the files taken."""
    translated = []
    if MAN.is_dir():
        for lang in sorted(d for d in MAN.iterdir() if d.is_dir() and "man" not in d.name):
            translated += _stride(_glob(str(lang / "**" / "*")), 3)
    text_names = ("README*", "changelog*", "NEWS*", "*.md", "*.txt*")
    return {
        "man, English": _stride(_glob(str(MAN / "man[1-8]" / "*")), 40),
        "man, translated": translated,
        "README / changelog / NEWS": _stride(_glob(*(str(DOC / "*" / n) for n in text_names)), 40),
        "HTML": _stride(_glob(str(DOC / "**" / "*.html")), 25),
        "JSON / YAML data": _stride(
            _glob(
                "/usr/share/**/*.json",
                "/usr/share/**/*.yaml",
                "/usr/share/**/*.yml",
                "/usr/lib/google-cloud-sdk/**/*.json",
                "/root/.pyenv/versions/*/lib/python3.*/site-packages/botocore/data/*/*/service-2.json.gz",
            ),
            35,
        ),
        "package READMEs": _stride(
            _glob(
                str(ROOT / ".venv" / "lib" / "python*" / "site-packages" / "*" / "METADATA"),
                str(ROOT / "node_modules" / "**" / "README.md"),
            ),
            30,
        ),
        "security docs": _stride(_security(), 30),
    }


MANIFEST = Path(__file__).with_name("benign_files.txt")
#: the checkout the manifests were frozen in: a listed path under it (the repository's
#: ``node_modules`` and ``.venv``) is read from this clone, wherever it is. The path as
#: listed stays the file's name (the tuning/hold-out split hashes it).
FROZEN_ROOT = "/work/main/"


def locate(listed: str) -> Path:
    """Where the file a manifest lists as ``listed`` is on this machine."""
    if listed.startswith(FROZEN_ROOT):
        return ROOT / listed[len(FROZEN_ROOT) :]
    return Path(listed)


def missing(manifest: Path) -> list[str]:
    """The files ``manifest`` lists that this machine does not have (another distribution's
    man pages, another Python's docs): the benign figures count only the files present, so
    a run says how many were left out."""
    out = []
    for line in manifest.read_text(encoding="utf-8").splitlines():
        path = line.partition("\t")[2]
        if path and not line.startswith("#") and not locate(path).is_file():
            out.append(path)
    return out


def frozen() -> dict[str, list[Path]]:
    """The selection written to :data:`MANIFEST` by ``--freeze`` (the machine's packages change
    under it: another ``npm install`` or ``pip install`` moves the stride), files that no
    longer exist left out; :func:`kinds` when there is no manifest."""
    if not MANIFEST.exists():
        return kinds()
    out: dict[str, list[Path]] = {}
    for line in MANIFEST.read_text(encoding="utf-8").splitlines():
        kind, _, path = line.partition("\t")
        if path and locate(path).is_file():
            out.setdefault(kind, []).append(Path(path))
    return out


def read(path: Path) -> str:
    raw = locate(str(path)).read_bytes()
    if path.suffix == ".gz":
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError):
            return ""
    return raw[:MAX_BYTES].decode("utf-8", errors="replace")


if __name__ == "__main__":
    import sys

    if sys.argv[1:] == ["--freeze"]:
        lines = [f"{k}\t{p}" for k, paths in kinds().items() for p in paths]
        MANIFEST.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{MANIFEST}: {len(lines)} files")
