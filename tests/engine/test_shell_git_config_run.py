"""Git configuration given on the command line or in the environment that makes git run a
program it names is asked about (``action.command_opaque``), as ``git fetch
--upload-pack=PROG`` is; one whose command the guard reads as denied stays denied.

``git -c core.hooksPath=DIR commit`` ran hooks from a directory the same agent may have
written, ``-c core.fsmonitor=CMD status``, ``-c alias.x='!CMD' x``, ``--config-env``,
``GIT_CONFIG_KEY_0``/``GIT_CONFIG_VALUE_0`` and a ``git config`` write of such a key (run
by a later git command) were allowed unasked (git-config(1)). Near misses: settings that
run nothing (``user.name``, ``color.ui``), ``core.hooksPath=/dev/null`` (hooks off), a
pager called by its common name, git's own credential helpers, an alias to git's words.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run as _run

from cordon.engine.git_commands import GIT_VALUE, runs_program, setting_runs

ALLOW = ("allow", "default.allow")
ASKED = ("ask", "action.command_opaque")

RUNS = [
    "git -c core.hooksPath=h commit -m x",
    "git -c core.hooksPath=.githooks commit -m x",
    "git -ccore.hooksPath=h commit -m x",
    "git -c core.fsmonitor=./x status",
    "git -c core.sshCommand=./x fetch",
    "git -c alias.x='!./evil' x",
    "git -c diff.external=./x diff",
    "git -c core.pager=./x log",
    "git -c core.editor='sh x' commit",
    "git -c credential.helper='!./x' fetch",
    "git -c credential.https://example.com.helper=./x fetch",
    "git -c include.path=x.cfg status",
    "git -c includeIf.gitdir:/.path=x.cfg status",
    "git -c filter.x.smudge=./x checkout main",
    "git -c uploadpack.packObjectsHook=./x status",
    "git -C sub -c core.hooksPath=h commit -m x",
    "git --config-env=core.hooksPath=VAR commit",
    "git --config-env core.fsmonitor=VAR status",
    "git --exec-path=/tmp/x status",
    "git clone -c core.hooksPath=h https://github.com/a/b",
    "git clone --config=core.fsmonitor=./x https://github.com/a/b",
    "git clone --config core.hooksPath=h https://github.com/a/b",
    "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.hooksPath GIT_CONFIG_VALUE_0=h git commit",
    "export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0=./x; git status",
    "GIT_CONFIG_PARAMETERS=\"'core.hookspath'='h'\" git commit",
    "GIT_CONFIG_GLOBAL=x.cfg git status",
    "GIT_EXEC_PATH=/tmp/x git status",
    "git config core.hooksPath h",
    "git config core.fsmonitor ./x",
    "git config set alias.t '!./x'",
    "git config --local include.path ../x.cfg",
    "env git -c core.hooksPath=h commit -m x",
    "git -c init.templateDir=t init",
    "git -c trailer.x.command=./x commit --trailer x",
    "git -c submodule.a.update='!./x' submodule update",
    "git -c remote.origin.uploadpack=./x fetch",
    "git -c gpg.program=./x commit -S -m x",
    "git init --template=t",
    "git init --template t",
    "git -c core.sshCommand='ssh -o ProxyCommand=./x' fetch",
    "git -c core.sshCommand='ssh -i k; ./x' fetch",
    "git -c core.sshCommand=./ssh fetch",
    "git -c core.pager='less; ./x' log",
]


@pytest.mark.parametrize("command", RUNS)
def test_a_setting_that_runs_a_named_program_is_asked(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == ASKED


NEAR_MISSES = [
    "git -c user.name=x commit -m y",
    "git -c user.email=a@b.c -c user.name=a commit -qm init",
    "git -c color.ui=always log",
    "git -c core.hooksPath=/dev/null commit -m x",
    "git -c core.pager=less log",
    "git -c core.pager=cat log -5",
    "git -c core.editor=true commit",
    "git -c core.fsmonitor=false status",
    "git -c credential.helper= fetch",
    "git -c credential.helper=store fetch",
    "git -c credential.helper='cache --timeout=3600' fetch",
    "git -c alias.co=checkout co main",
    "git --config-env=user.name=NAME commit -m x",
    "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=user.name GIT_CONFIG_VALUE_0=h git commit -m x",
    "GIT_CONFIG_GLOBAL=/dev/null git status",
    "git config user.name x",
    "git config --global core.editor vim",
    "git config --get core.hooksPath",
    "git config --unset core.hooksPath",
    "git --exec-path",
    "git status",
    "git init",
    "git -c submodule.a.update=rebase submodule update",
    "git -c core.sshCommand='ssh -i ~/.ssh/deploy -p 2222' fetch",
    "git config --global core.pager delta",
    "git config --global core.editor 'code --wait'",
    "git -c diff.external=difft diff",
]


@pytest.mark.parametrize("command", NEAR_MISSES)
def test_settings_that_run_nothing_stay_allowed(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == ALLOW


def test_a_denied_command_in_a_setting_stays_denied(tmp_path: Path) -> None:
    assert _run(tmp_path, "git -c core.sshCommand='rm -rf ~/x' fetch")[0] == "deny"
    assert _run(tmp_path, "git config core.sshCommand 'rm -rf ~/x'")[0] == "deny"


def test_the_keys() -> None:
    for key in ("core.hooksPath", "CORE.FSMONITOR", "alias.x", "credential.helper",
                "include.path", "diff.x.textconv", "mergetool.x.cmd"):  # fmt: skip
        assert runs_program(key), key
    for key in ("user.name", "color.ui", "core.autocrlf", "diff.renames", "credential.username"):
        assert not runs_program(key), key
    assert setting_runs("alias.x=!sh") is not None and setting_runs("alias.x=log") is None


def test_git_global_options_per_git_1() -> None:
    """``--exec-path`` takes its value only after ``=`` (``git --exec-path`` prints it);
    ``--config-env`` and ``--attr-source`` take the next word too (git.c)."""
    assert "--exec-path" not in GIT_VALUE
    assert {"-C", "-c", "--git-dir", "--work-tree", "--config-env", "--attr-source"} <= GIT_VALUE
