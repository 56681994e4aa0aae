"""User-facing text says what cordon does, not when or in which stretch of work it was built.

A line fails when it names a numbered stretch of work ("session 8"), a numbered red-team
finding ("S69", "S69 F5", "red-team finding F3", a table row "| F1: ..."), a "newcomer trial",
or a commit hash in prose (`` `39d5f40` ``, "at 81b0d16", "commit 3935f07"). History belongs
in git, CHANGELOG.md and the benchmarks' own READMEs (bench/*/README.md keep their run
history on purpose).

Scope: :data:`SCOPE` (globs from the repository root): the README, docs/ and the comments and
docstrings of src/ (a lint code in a ``# noqa:`` comment, ``S105``, is no finding).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: Files checked, as globs from the repository root.
SCOPE: tuple[str, ...] = (
    "README.md",
    "docs/*.md",
    "src/**/*.py",
)

#: Files in scope whose history is being rewritten by other work, each with why. They are
#: expected to fail (strict): once clean, the test passes unexpectedly and the entry must go.
PENDING: dict[str, str] = {}

#: Each pattern with what it catches. Case-sensitive unless the pattern says otherwise.
PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("a numbered stretch of work", re.compile(r"(?i)\bsessions? \d+\b")),
    ("a numbered red-team finding", re.compile(r"\bS\d{2,3}(?:-S?\d{2,3})?\b(?<!\bS256)")),
    ("a numbered red-team finding", re.compile(r"(?i)\bred[- ]team(?: pass)? finding F?\d")),
    ("a numbered red-team finding", re.compile(r"(?:\bS\d{1,3} |^\| |\b[Ii]ts )F\d{1,2}\b")),
    ("a newcomer trial", re.compile(r"(?i)\bnewcomer(?:'s)? (?:trial|run)")),
    (
        "a commit hash",
        re.compile(
            r"`(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,12}`"
            r"|\b(?:at|commit|tree|before|after) (?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b"
            r"|\bgit [^`\n]*?\b(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b"
        ),
    ),
)


def scoped_files(scope: tuple[str, ...] = SCOPE) -> list[Path]:
    """The files a scope names, sorted."""
    return sorted({p for pattern in scope for p in ROOT.glob(pattern) if p.is_file()})


#: the lint codes of a noqa comment (ruff's bandit rules are ``S`` and three digits)
_NOQA = re.compile(r"#\s*noqa:\s*[A-Z]+\d+(?:\s*,\s*[A-Z]+\d+)*")


def history_hits(text: str) -> list[tuple[int, str, str]]:
    """``(line number, what, the matched text)`` for every history reference in ``text``."""
    hits = []
    for n, line in enumerate(text.splitlines(), 1):
        line = _NOQA.sub("", line)
        for what, pattern in PATTERNS:
            for m in pattern.finditer(line):
                hits.append((n, what, m.group(0)))
    return hits


def _cases() -> list[object]:
    cases: list[object] = []
    for path in scoped_files():
        rel = str(path.relative_to(ROOT))
        marks = [pytest.mark.xfail(reason=PENDING[rel], strict=True)] if rel in PENDING else []
        cases.append(pytest.param(path, id=rel, marks=marks))
    return cases


@pytest.mark.parametrize("path", _cases())
def test_no_development_history(path: Path) -> None:
    hits = history_hits(path.read_text("utf-8"))
    shown = "\n".join(f"  {path.relative_to(ROOT)}:{n}: {what}: {m!r}" for n, what, m in hits)
    assert not hits, f"development history in user-facing text:\n{shown}"


@pytest.mark.parametrize(
    "text",
    [
        "fixed in session 9",
        "the tree before session 8",
        "see threat model S68",
        "found by the S68 red team",
        "docs/threat-model.md, S50-S58.",
        "(S69 F5)",
        "Its F5, the other way",
        "red-team finding F3",
        "| F1: an upstream answering",
        "(newcomer trial, session 9)",
        "+0.37 ms in a newcomer's runs",
        "+0.088 ms at 39d5f40",
        "fixed (`83318ae`)",
        "git worktree add /tmp/cordon-base 7a9495b",
    ],
)
def test_detector_flags(text: str) -> None:
    assert history_hits(text), text


@pytest.mark.parametrize(
    "text",
    [
        "the approval lasts for the session",
        "a session's own posts",
        "sessions of one process",
        "code_challenge_method S256",
        "stored in AWS S3",
        "sha256 of the canonical JSON",
        "`0000000000000000`",
        "`deadbeef`",
        "RFC 2047 and RFC 5322",
        "F1 score",
        "issue 19: the proxy core",
        "control 5 (taint only grows)",
        "a 4 KiB token",
        'SECRET_EGRESS = "secret.egress"  # noqa: S105 - a rule id, not a password',
        "data = yaml.load(text)  # noqa: E501, S506 - SafeLoader",
    ],
)
def test_detector_passes(text: str) -> None:
    assert not history_hits(text), history_hits(text)
