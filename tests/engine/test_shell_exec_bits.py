"""A command that makes an auto-run path executable, or creates a file in an auto-run
directory under a name no word holds, is asked about (``action.credential_write``), as
``touch .git/hooks/pre-commit`` is (:mod:`cordon.engine.exec_bits`).

git runs a hook only when it is executable (githooks(5)): ``chmod +x
.git/hooks/pre-commit`` made a non-executable hook live unasked, as did ``setfacl -m
u::rwx``; ``mktemp -p .git/hooks`` created a file there. Near misses: modes that grant no
execute, ordinary files, ``mktemp`` in the temporary directory.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run as _run

from cordon.engine.exec_bits import made_runnable

ALLOW = ("allow", "default.allow")
ASKED = ("ask", "action.credential_write")

ASKS = [
    "chmod +x .git/hooks/pre-commit",
    "chmod 755 .husky/pre-push",
    "chmod 0711 .githooks/pre-commit",
    "chmod u+x,g-w .git/hooks/pre-push",
    "chmod a=rwx .git/hooks/post-checkout",
    "chmod -R +x .git/hooks",
    "chmod -R u+x .",
    "chmod -v +x -- .git/hooks/pre-commit",
    "sudo chmod a+x .git/hooks/post-checkout",
    "cd .git/hooks && chmod +x pre-commit",
    "chmod +x .git/hooks/*",
    "chmod +x .gi?/hooks/pre-commit",
    "chmod --reference=a .git/hooks/pre-commit",
    "setfacl -m u::rwx .git/hooks/pre-commit",
    "mktemp -p .git/hooks",
    "mktemp .github/workflows/XXXXXX --suffix=.yml",
    "mktemp --tmpdir=.husky",
    "mktemp -d -p .claude/commands",
    "install -m755 x .git/hooks/pre-push",
    "ln -s .git/hooks h && chmod +x h/pre-commit",
    # $TMPDIR names where mktemp creates with no template, -t, or -p/--tmpdir without a value
    "TMPDIR=.git/hooks mktemp",
    "TMPDIR=.git/hooks mktemp -d",
    "TMPDIR=.git/hooks mktemp -t x.XXXX",
    "TMPDIR=.git/hooks mktemp -t -p /tmp x.XXXX",
    "TMPDIR=.husky mktemp --tmpdir x.XXXX",
    "env TMPDIR=.git/hooks mktemp",
    "export TMPDIR=.husky; mktemp",
    # a template without -t/-p is made in the working directory
    "cd .git/hooks && mktemp x.XXXXXX",
]


@pytest.mark.parametrize("command", ASKS)
def test_an_auto_run_path_made_runnable_or_created_unnamed_is_asked(
    tmp_path: Path, command: str
) -> None:
    assert _run(tmp_path, command) == ASKED


NEAR_MISSES = [
    "chmod +x build.sh",
    "chmod 755 scripts/run.sh",
    "chmod -R 755 scripts",
    "chmod 644 .git/hooks/pre-commit",
    "chmod -x .git/hooks/pre-commit",
    "chmod go-w .git/hooks/pre-commit",
    "setfacl -m u:bob:r .git/hooks/pre-commit",
    "setfacl -x u:bob .git/hooks/pre-commit",
    "mktemp",
    "mktemp -d",
    "mktemp -p build",
    "mktemp -t foo.XXXX",
    "mktemp -u -p .git/hooks",
    "mktemp x.XXXXXX",
    "TMPDIR= mktemp",
    "TMPDIR=build mktemp",
    "TMPDIR=/tmp mktemp -d",
    "TMPDIR=.git/hooks mktemp -p /tmp",
    "TMPDIR=.git/hooks mktemp x.XXXX",
]


@pytest.mark.parametrize("command", NEAR_MISSES)
def test_no_execute_bit_or_an_ordinary_place_stays_allowed(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == ALLOW


def test_modes() -> None:
    assert made_runnable("chmod", ("+x", "f")) == ["f"]
    assert made_runnable("chmod", ("-x", "f")) == []
    assert made_runnable("chmod", ("750", "f")) == ["f"]
    assert made_runnable("chmod", ("640", "f")) == []
    assert made_runnable("chmod", ("4644", "f")) == []
    assert made_runnable("chmod", ("u=g", "f")) == ["f"]  # (copies bits: fail closed)
    assert made_runnable("chmod", ("-R", "+X", "d")) == ["d"]
    assert made_runnable("mktemp", ("-p", "d", "x.XXX")) == ["d/x.XXX"]
    assert made_runnable("ls", ("-l",)) == []
