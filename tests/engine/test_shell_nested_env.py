"""Variables exported before a nested ``sh -c``/``bash -c`` string carry into it.

``export GIT_WORK_TREE=/etc; sh -c 'git checkout x'`` wrote a commit's files over ``/etc``
unasked: the nested string was parsed with no environment, so git's work tree was the
working directory. An exported variable (``export``, ``declare -x``, ``NAME=VALUE sh -c``,
``env NAME=VALUE sh -c``) carries its value; one set without ``export`` is unknown in the
child (it may have been exported before the string ran): asked about. Near misses: exported
values inside the project, and nested strings that use no variable.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run as _run

from cordon.engine.shell import DYNAMIC
from cordon.engine.shell_env import child_env, exported_names

OUTSIDE = ("deny", "action.delete_outside")


@pytest.mark.parametrize(
    "command",
    [
        "export GIT_WORK_TREE=/etc; sh -c 'git checkout x'",
        "export GIT_WORK_TREE=/etc; bash -c 'git pull'",
        "GIT_WORK_TREE=/etc sh -c 'git checkout x'",
        "env GIT_WORK_TREE=/etc sh -c 'git checkout x'",
        "GIT_WORK_TREE=/etc; export GIT_WORK_TREE; sh -c 'git checkout x'",
        "declare -x GIT_WORK_TREE=/etc; bash -c 'git reset --hard x'",
        "export GIT_WORK_TREE=/etc; sh -c \"sh -c 'git checkout x'\"",
        "export GIT_WORK_TREE=/etc; sh <<'EOF'\ngit checkout x\nEOF",
    ],
)
def test_an_exported_work_tree_reaches_the_nested_string(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == OUTSIDE


def test_an_exported_auto_run_work_tree_is_asked(tmp_path: Path) -> None:
    command = "export GIT_WORK_TREE=.git/hooks; bash -c 'git checkout x'"
    assert _run(tmp_path, command) == ("ask", "action.credential_write")


@pytest.mark.parametrize(
    "command",
    [
        "GIT_WORK_TREE=/etc; sh -c 'git checkout x'",
        "export D=$(pwd); sh -c 'git --work-tree=$D checkout x'",
    ],
)
def test_a_variable_the_child_may_not_see_is_asked(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command)[0] == "ask"


@pytest.mark.parametrize(
    "command",
    [
        "export GIT_WORK_TREE=build; sh -c 'git checkout x'",
        "export FOO=1; sh -c 'echo $FOO'",
        "X=1; sh -c 'echo hi'",
        "NODE_ENV=production sh -c 'npm run build'",
        "sh -c 'git checkout main'",
    ],
)
def test_near_misses_stay_allowed(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == ("allow", "default.allow")


def test_exported_names_and_child_env() -> None:
    assert exported_names("export", ("A=1", "B")) == {"A", "B"}
    assert exported_names("export", ("-n", "A")) == set()
    assert exported_names("declare", ("-x", "A=1")) == {"A"}
    assert exported_names("declare", ("A=1",)) == set()
    env = {"A": "1", "B": "2", "IFS": ","}
    assert child_env(env, {"A"}) == {"A": "1", "B": DYNAMIC}
