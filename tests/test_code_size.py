"""Files and functions a person can read: no source file over 800 lines, no function over 80.

A function's length counts from its ``def`` line to the last line of its body, docstring
included (decorators are not counted). Nested functions and methods are measured on their
own, and also count towards the function that holds them.
"""

from __future__ import annotations

import ast
from pathlib import Path

import cordon

SRC = Path(cordon.__file__).resolve().parent
MAX_FILE_LINES = 800
MAX_FUNCTION_LINES = 80

#: Files (relative to ``src/cordon``) still over a limit while their packages are being
#: restructured. This set must shrink to empty: remove a path as soon as its file passes (the
#: last test fails on a path that no longer needs its exemption), and never add one.
EXEMPT: frozenset[str] = frozenset()


def _sources() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


def _offences(path: Path) -> list[str]:
    """Every limit ``path`` breaks, one line each."""
    return _offences_in(path.read_text("utf-8"), path.relative_to(SRC).as_posix())


def _offences_in(text: str, rel: str) -> list[str]:
    out: list[str] = []
    lines = len(text.splitlines())
    if lines > MAX_FILE_LINES:
        out.append(f"{rel}: {lines} lines (at most {MAX_FILE_LINES})")
    for node in ast.walk(ast.parse(text, filename=rel)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > MAX_FUNCTION_LINES:
                out.append(
                    f"{rel}:{node.lineno} {node.name}: {length} lines "
                    f"(at most {MAX_FUNCTION_LINES})"
                )
    return out


def test_no_file_or_function_over_the_limits() -> None:
    offences = [
        o
        for path in _sources()
        if path.relative_to(SRC).as_posix() not in EXEMPT
        for o in _offences(path)
    ]
    assert offences == [], "split these:\n" + "\n".join(offences)


def test_every_exemption_is_still_needed() -> None:
    stale = sorted(rel for rel in EXEMPT if not (SRC / rel).exists() or not _offences(SRC / rel))
    assert stale == [], "remove from EXEMPT (within the limits now, or gone): " + ", ".join(stale)


def test_the_measure_counts_def_to_last_line() -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(79))
    assert _offences_in(f"@decorator\ndef f():\n{body}\n", "fits.py") == []
    assert _offences_in(f'def f():\n    """doc"""\n{body}\n', "over.py") == [
        "over.py:1 f: 81 lines (at most 80)"
    ]
    assert _offences_in("x = 1\n" * MAX_FILE_LINES, "fits.py") == []
    assert _offences_in("x = 1\n" * (MAX_FILE_LINES + 1), "long.py") == [
        "long.py: 801 lines (at most 800)"
    ]
