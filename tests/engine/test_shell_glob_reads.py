"""A reader given a glob that may name a credential file is asked about as the reader given
that file is (``action.sensitive_read``): :func:`cordon.engine.credential_paths.
credential_reads`.

``head ~/.[s]sh/id_*``, ``cat ~/.aw*/cred*`` and ``cat ~/**/id_*`` were allowed while ``cat
~/.ssh/id_rsa`` is asked: the pattern as written matched no credential path. Near misses:
globs that name no file in particular (``*.json``, ``src/**/*.ts``) or only ordinary names.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run as _run

from cordon.engine.credential_paths import credential_reads

READ = ("ask", "action.sensitive_read")
ALLOW = ("allow", "default.allow")


@pytest.mark.parametrize(
    "command",
    ["head ~/.[s]sh/id_*", "cat ~/.aw*/cred*", "cat ~/**/id_*", "grep -h . ~/.ss?/id_*"],
)
def test_a_glob_that_may_name_a_credential_file_is_asked(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == READ


@pytest.mark.parametrize(
    "command",
    [
        "cat *.json",
        "cat **/*.json",
        "grep foo src/**/*.ts",
        "cat id_*.txt",
        "cat config*",
        "head -5 logs/*.log",
        "cat test_*.py",
        "wc -l src/*/*.py",
        "cat docs/[a-c]*.md",
    ],
)
def test_a_glob_naming_no_credential_file_stays_allowed(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == ALLOW


def test_the_paths_tried() -> None:
    assert "~/.ssh/id_rsa" in credential_reads("~/.[s]sh/id_*")
    assert credential_reads("src/*.py") == []
    assert len(credential_reads("*/*/*/*/*/*/.?*/.?*/.?*")) == 2  # (fail closed)
