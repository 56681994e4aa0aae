"""Command lines that programs run from their options or words are judged as ``sh -c`` lines
(GTFOBins' "command" functions): a delete outside the project is denied wherever it is
written. Attack class: ``ssh -o ProxyCommand='rm -rf /srv/data' x`` and the like ran a local
command line no rule read."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run

HIDDEN = [
    "ssh -o ProxyCommand='rm -rf /srv/data' x",
    "ssh -oProxyCommand='rm -rf /srv/data' x",
    "ssh -o 'ProxyCommand rm -rf /srv/data' x",
    "ssh -o LocalCommand='rm -rf /srv/data' -o PermitLocalCommand=yes x",
    "scp -S 'rm -rf /srv/data' x y:z",
    "sftp -o proxycommand='rm -rf /srv/data' x",
    "man -P 'rm -rf /srv/data' ls",
    "man --pager='rm -rf /srv/data' ls",
    "npx -c 'rm -rf /srv/data'",
    "npm exec -- rm -rf /srv/data",
    "npm run x --script-shell='rm -rf /srv/data'",
    "git difftool -y -x 'rm -rf /srv/data'",
    "git difftool --extcmd='rm -rf /srv/data'",
    "git bisect run rm -rf /srv/data",
    "git submodule foreach 'rm -rf /srv/data'",
    "git -C . submodule --quiet foreach --recursive 'rm -rf /srv/data'",
    "gdb -batch -ex '!rm -rf /srv/data'",
    "gdb -batch -ex 'shell rm -rf /srv/data'",
    "psql -c '\\! rm -rf /srv/data'",
    "mysql -e 'system rm -rf /srv/data'",
    "csh -c 'rm -rf /srv/data'",
    "tcsh -c 'rm -rf /srv/data'",
    "lua -e 'os.execute(\"rm -rf /srv/data\")'",
    "Rscript -e 'system(\"rm -rf /srv/data\")'",
    'python3 -c \'import os; os.execvp("rm", ["rm", "-rf", "/srv/data"])\'',
    'python3 -c \'import pty; pty.spawn(["rm", "-rf", "/srv/data"])\'',
]


@pytest.mark.parametrize("command", HIDDEN)
def test_hidden_delete_denied(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("deny", "action.delete_outside")


@pytest.mark.parametrize(
    "command",
    [
        "ssh -o ConnectTimeout=5 host.example uptime",
        "man -P cat ls",
        "npx -c 'eslint .'",
        "git difftool -y -x 'diff -u'",
        "git bisect run make test",
        "git submodule foreach 'git pull'",
        "gdb -batch -ex 'bt' ./a.out",
        "psql -c 'select 1'",
        "lua -e 'os.execute(\"ls\")'",
        'python3 -c \'import os; os.execvp("ls", ["ls", "-l"])\'',
    ],
)
def test_ordinary_lines_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command)[0] == "allow"


@pytest.mark.parametrize(
    "command",
    [
        "ltrace rm -rf /srv/data",
        "make --eval='x:;rm -rf /srv/data' x",
        "make --eval='x := $(shell rm -rf /srv/data)'",
        "emacs --batch --eval '(shell-command \"rm -rf /srv/data\")'",
        "expect -c 'spawn rm -rf /srv/data; expect eof'",
    ],
)
def test_more_hidden_deletes_denied(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("deny", "action.delete_outside")
