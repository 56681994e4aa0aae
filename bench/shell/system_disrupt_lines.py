"""How many lines of real shell text ``action.system_disrupt`` asks about.

    PYTHONPATH=src .venv/bin/python bench/shell/system_disrupt_lines.py [--show N]

Nothing here was written for cordon. Two pools, read from this machine:

* scripts: every file under ``/usr/bin``, ``/usr/sbin``, ``/usr/lib``, ``/usr/libexec``,
  ``/usr/share``, ``/etc``, the virtualenv and ``node_modules`` that starts with a ``sh``,
  ``bash`` or ``dash`` shebang or is named ``*.sh`` (init scripts, package maintainer scripts,
  build helpers: text written to administer a machine, so the most hits to expect);
* snippets: the lines of fenced ``sh``/``bash``/``shell``/``console`` blocks in the Markdown
  files under ``/usr/share/doc``, the virtualenv and ``node_modules`` (commands a README asks
  a user, or an agent, to type), a leading ``$ `` or ``# `` prompt removed.

* tldr (``--tldr DIR``: a checkout of github.com/tldr-pages/tldr, its ``pages/*/*.md``): every
  example command, a ``{{a|b}}`` placeholder (or ``{{[-s|--long]}}``) written once per alternative and any other
  ``{{x}}`` as ``x`` (the community's examples of each command, read-only and not).

Each non-blank, non-comment line (a trailing ``\\`` joined with the next) is given to a shell
tool (``run_command``, confined to a project directory) as its command; the script counts the
lines whose verdict names ``action.system_disrupt`` and prints them by program.
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT_DIRS = ("/usr/bin", "/usr/sbin", "/usr/lib", "/usr/libexec", "/usr/share", "/etc")
TREES = (ROOT / ".venv", ROOT / "node_modules", Path("/usr/lib/node_modules"))
_SHEBANG_RE = re.compile(rb"#!\s*/(?:usr/)?bin/(?:env\s+)?(?:ba|da)?sh\b")
_FENCE_RE = re.compile(r"^\s*```+\s*(sh|bash|shell|console|zsh|shell-session)\s*$", re.I)


def _files(dirs: tuple[str | Path, ...]) -> Iterator[Path]:
    for d in dirs:
        for dirpath, _dirs, names in os.walk(d):
            for n in names:
                p = Path(dirpath, n)
                if p.is_file() and not p.is_symlink():
                    yield p


def _scripts() -> Iterator[tuple[Path, str]]:
    for p in _files((*SCRIPT_DIRS, *TREES)):
        try:
            if p.stat().st_size > 512_000:
                continue
            with p.open("rb") as fh:
                head = fh.read(64)
        except OSError:
            continue
        if p.suffix == ".sh" or _SHEBANG_RE.match(head):
            try:
                yield p, p.read_text("utf-8", errors="replace")
            except OSError:
                continue


def _snippets() -> Iterator[tuple[Path, str]]:
    for p in _files(("/usr/share/doc", *TREES)):
        if p.suffix.lower() not in (".md", ".markdown"):
            continue
        try:
            text = p.read_text("utf-8", errors="replace")
        except OSError:
            continue
        out, inside = [], False
        for line in text.splitlines():
            if line.strip().startswith("```"):
                inside = not inside and bool(_FENCE_RE.match(line))
                continue
            if inside:
                out.append(re.sub(r"^\s*[$#]\s+", "", line))
        if out:
            yield p, "\n".join(out)


_EXAMPLE_RE = re.compile(r"^`(.+)`\s*$", re.M)
#: ``{{a|b}}``, and ``{{[-s|--long]}}`` (a short and a long spelling of one option)
_ALTERNATIVES_RE = re.compile(r"\{\{\[?([^{}|\[\]]*(?:\|[^{}|\[\]]*)+)\]?\}\}")
_PLACEHOLDER_RE = re.compile(r"\{\{([^{}]*)\}\}")


def _tldr(root: Path) -> Iterator[tuple[Path, str]]:
    for p in sorted(root.glob("pages/*/*.md")):
        out: list[str] = []
        for example in _EXAMPLE_RE.findall(p.read_text("utf-8", errors="replace")):
            forms = [example]
            while any(_ALTERNATIVES_RE.search(f) for f in forms) and len(forms) < 16:
                nxt = []
                for f in forms:
                    m = _ALTERNATIVES_RE.search(f)
                    if m is None:
                        nxt.append(f)
                        continue
                    for alt in m.group(1).split("|"):
                        nxt.append(f[: m.start()] + alt + f[m.end() :])
                forms = nxt
            out += [_PLACEHOLDER_RE.sub(lambda m: m.group(1).replace(" ", "_"), f) for f in forms]
        yield p, "\n".join(out)


def _lines(text: str) -> Iterator[str]:
    held = ""
    for raw in text.splitlines():
        line = held + raw.strip()
        if line.endswith("\\"):
            held = line[:-1] + " "
            continue
        held = ""
        if line and not line.startswith("#") and len(line) < 2000:
            yield line


_WHY_RE = re.compile(r"([\w.-]+(?: [\w-]+)?): (?:stops|kills|changes|takes|removes|unmounts|locks)")


def _program(reason: str) -> str:
    """The program (and systemctl's verb) an ask's reason names."""
    m = _WHY_RE.search(reason)
    return m.group(1) if m else reason[:40]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--show", type=int, default=400, help="print at most N asked lines")
    ap.add_argument("--tldr", type=Path, help="a checkout of tldr-pages/tldr")
    ap.add_argument("--only", choices=("scripts", "snippets", "tldr"), help="one pool")
    opts = ap.parse_args()
    show = opts.show
    sys.path.insert(0, str(ROOT / "src"))
    from cordon.engine.core import Engine

    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp, "project")
        project.mkdir()
        tool = {"executes": True, "exfiltrating": False, "base_dir": str(project)}
        policy = {"tools": {"run_command": tool}, "allowed_path_prefixes": [str(project)]}
        eng = Engine.from_policy([policy])
        eng.pin_tools([{"name": "run_command", "inputSchema": {"type": "object"}}])
        pools = [("scripts", _scripts), ("snippets", _snippets)]
        if opts.tldr is not None:
            pools.append(("tldr", lambda: _tldr(opts.tldr)))
        for pool, make in pools:
            if opts.only not in (None, pool):
                continue
            found = make()
            files = lines = 0
            hits: list[tuple[str, str, str]] = []
            for path, text in found:
                files += 1
                for line in _lines(text):
                    lines += 1
                    v = eng.new_session().check("run_command", {"command": line})
                    asked = {v.rule, *v.details.get("approval_labels", ())}
                    if v.verdict == "ask" and "action.system_disrupt" in asked:
                        hits.append((str(path), line, v.reason))
            progs = collections.Counter(_program(r) for _p, _l, r in hits)
            print(f"== {pool}: {files} files, {lines} lines, {len(hits)} asked as system_disrupt")
            for prog, n in progs.most_common():
                print(f"   {n:5d}  {prog}")
            for path, line, _r in hits[:show]:
                print(f"   {path}: {line[:160]}")


if __name__ == "__main__":
    main()
