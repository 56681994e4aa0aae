"""Exclusive resident-memory growth per imported module, in a bare process.

    PYTHONPATH=TREE/src .venv/bin/python bench/perf/import_rss.py [--modules] [--top 40] \
        ["import cordon.cli, cordon.proxy.main" ...]

Runs each statement (default: what ``cordon run`` imports before it starts the proxy) with
every module's ``exec_module`` wrapped: VmRSS is read before and after it, and what its own
imports grew is taken off, so each module is charged only for what its own body left
resident (code objects, module-level tables, extension pages). Grouped by top-level package
(``cordon.*`` by subpackage), or per module with ``--modules``. VmRSS moves by pages and
allocator arenas, so a small module's figure is noise; a package's sum is the useful one.
A module imported before this script's wrapper (the interpreter's own start) is not listed.
"""

from __future__ import annotations

import argparse
import importlib.abc
import sys
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Any


def rss_kb() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


#: per module: kB resident after its body ran, less what its nested imports grew
EXCLUSIVE: dict[str, int] = {}
_STACK: list[list[Any]] = []  # [name, rss at start, kB grown by nested imports]


class _Measured(importlib.abc.Loader):
    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        made: ModuleType | None = self.inner.create_module(spec)
        return made

    def exec_module(self, module: ModuleType) -> None:
        entry = [module.__name__, rss_kb(), 0]
        _STACK.append(entry)
        try:
            self.inner.exec_module(module)
        finally:
            _STACK.pop()
            grown = rss_kb() - entry[1]
            EXCLUSIVE[entry[0]] = grown - entry[2]
            if _STACK:
                _STACK[-1][2] += grown

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, name: str, path: Any, target: Any = None) -> ModuleSpec | None:
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec: ModuleSpec | None = finder.find_spec(name, path, target)
            if spec is not None:
                if spec.loader is not None and hasattr(spec.loader, "exec_module"):
                    spec.loader = _Measured(spec.loader)
                return spec
        return None


def group(name: str, per_module: bool) -> str:
    if per_module:
        return name
    parts = name.split(".")
    return ".".join(parts[:2]) if parts[0] == "cordon" else parts[0]


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--modules", action="store_true", help="one row per module")
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("statements", nargs="*", default=["import cordon.cli, cordon.proxy.main"])
    ns = ap.parse_args()
    sys.meta_path.insert(0, _Finder())
    start = rss_kb()
    for statement in ns.statements:
        exec(statement, {})
    print(f"VmRSS grown by the statements: {(rss_kb() - start) / 1024:.2f} MB")
    sums: dict[str, list[int]] = {}
    for name, kb in EXCLUSIVE.items():
        row = sums.setdefault(group(name, ns.modules), [0, 0])
        row[0] += kb
        row[1] += 1
    for name, (kb, count) in sorted(sums.items(), key=lambda kv: -kv[1][0])[: ns.top]:
        print(f"{kb / 1024:7.2f} MB {count:4d} modules  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
