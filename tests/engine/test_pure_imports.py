"""The engine and the taint index import no I/O or process module (docs/DESIGN: "the engine
is pure"). What needs the outside world (a path resolver, the shared taint store, secret
sources, the pin file, a thread that loads the Public Suffix List) lives in ``cordon.store``
and is passed in by the edge.

Every ``import`` and ``from ... import`` in every ``.py`` file under ``src/cordon/engine`` and
``src/cordon/taint`` is checked, at any depth (module level, inside functions, under
``if TYPE_CHECKING:``). The check is on the source text, not on ``sys.modules``: other
packages the engine uses (the content scanner's compile thread, third-party libraries) may
load such modules, and this test is about what engine code itself reaches for.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import cordon

SRC = Path(cordon.__file__).resolve().parent
PURE_PACKAGES = ("engine", "taint")

#: I/O and process modules (and their submodules, ``os.path``, ``concurrent.futures``...).
#: ``posixpath`` is not here: ``engine/actions.py`` and ``engine/args.py`` use it for string
#: work on POSIX paths (``normpath``, ``isabs``, ``join``), which reads no file, environment
#: or clock. Whatever needs ``~`` expanded or symlinks resolved goes through the
#: ``PathResolver`` the edge passes in.
FORBIDDEN = frozenset(
    {
        "asyncio",
        "concurrent",
        "ctypes",
        "fcntl",
        "mmap",
        "multiprocessing",
        "os",
        "pathlib",
        "selectors",
        "shutil",
        "signal",
        "socket",
        "subprocess",
        "tempfile",
        "threading",
        "time",
    }
)

#: cordon's edges: the pure packages never import them. ``cordon.store`` may be imported
#: inside a function (the default path resolver and the transitional re-exports of names
#: that moved there import it on first use), never at module level.
EDGES = frozenset(
    {
        "cordon.approvals",
        "cordon.audit",
        "cordon.cli",
        "cordon.clientconfig",
        "cordon.clientremote",
        "cordon.gateway",
        "cordon.proxy",
        "cordon.server",
    }
)
LAZY_ONLY = frozenset({"cordon.store"})


def _files() -> list[Path]:
    return sorted(f for pkg in PURE_PACKAGES for f in (SRC / pkg).rglob("*.py"))


def _under(module: str, roots: frozenset[str]) -> bool:
    return any(module == r or module.startswith(r + ".") for r in roots)


def _imports(tree: ast.Module) -> list[tuple[int, str, bool]]:
    """``(line, module, module_level)`` for every import. Relative imports (``from . import
    x``) stay inside the package and are skipped."""
    out: list[tuple[int, str, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            nested = in_function or isinstance(
                child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
            )
            if isinstance(child, ast.Import):
                out.extend((child.lineno, a.name, not in_function) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level == 0 and child.module:
                    out.append((child.lineno, child.module, not in_function))
            visit(child, nested)

    visit(tree, False)
    return out


def _offences(path: Path) -> list[str]:
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    return _offences_in(tree, str(path.relative_to(SRC.parent)))


def _offences_in(tree: ast.Module, rel: str) -> list[str]:
    bad = []
    for line, module, module_level in _imports(tree):
        if module.split(".")[0] in FORBIDDEN:
            bad.append(f"{rel}:{line}: imports {module} (an I/O or process module)")
        elif _under(module, EDGES):
            bad.append(f"{rel}:{line}: imports {module} (an edge of cordon)")
        elif module_level and _under(module, LAZY_ONLY):
            bad.append(f"{rel}:{line}: imports {module} at module level (only inside a function)")
    return bad


def test_the_walk_sees_the_engine_and_taint_files() -> None:
    names = {f"{f.parent.name}/{f.name}" for f in _files()}
    assert {"engine/core.py", "engine/args.py", "engine/egress.py", "taint/_index.py"} <= names


@pytest.mark.parametrize("path", _files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_io_or_process_imports(path: Path) -> None:
    assert _offences(path) == []


def test_the_walk_catches_each_kind_of_import(tmp_path: Path) -> None:
    """The walker itself: module level, inside a function, a method, a conditional block,
    ``from`` forms and submodules are all seen; posixpath and lazy store imports are not
    offences."""
    src = tmp_path / "m.py"
    src.write_text(
        "import posixpath\n"
        "import os.path\n"
        "from concurrent.futures import Future\n"
        "from cordon.store.paths import OS_PATHS\n"
        "from cordon.proxy import relay\n"
        "if True:\n"
        "    import threading\n"
        "def f():\n"
        "    from time import monotonic\n"
        "    from cordon.store import SharedTaintStore\n"
        "class C:\n"
        "    def m(self):\n"
        "        import subprocess\n",
        "utf-8",
    )
    tree = ast.parse(src.read_text("utf-8"))
    found = {(line, module, level) for line, module, level in _imports(tree)}
    assert found == {
        (1, "posixpath", True),
        (2, "os.path", True),
        (3, "concurrent.futures", True),
        (4, "cordon.store.paths", True),
        (5, "cordon.proxy", True),
        (7, "threading", True),
        (9, "time", False),
        (10, "cordon.store", False),
        (13, "subprocess", False),
    }
    assert [o.split(": ", 1)[0] for o in _offences_in(tree, "m.py")] == [
        f"m.py:{n}" for n in (2, 3, 4, 5, 7, 9, 13)
    ]
