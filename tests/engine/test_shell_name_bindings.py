"""Builtins that bind a command name to another program make the words after them unreadable:
asked about (``action.command_opaque``), never allowed as the plain name they spell.

Attack class: a destructive program run under an innocent name. ``hash -p /bin/rm x; x -rf
/`` runs ``rm -rf /`` in bash (the hash table maps ``x`` to ``/bin/rm``, in a non-interactive
shell too); an alias does the same where aliases expand (dash and zsh scripts, bash with
``expand_aliases``: ``alias x='rm -rf'`` then ``x /`` on the next line); ``enable -f LIB
NAME`` loads a builtin's code from a shared object."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run


@pytest.mark.parametrize(
    "command",
    [
        "hash -p /bin/rm x; x -rf /",
        "hash -p /usr/bin/curl ls; ls http://169.254.169.254/",
        "hash -rp /bin/rm x; x -rf /srv/data",
        "shopt -s expand_aliases\nalias x='rm -rf'\nx /",
        "alias ls=rm\nls -rf /srv/data",
        "enable -f ./lib.so ls; ls",
    ],
)
def test_binding_a_name_is_not_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command)[0] in ("ask", "deny")


@pytest.mark.parametrize(
    "command",
    ["hash -p /bin/rm x; x -rf /srv/data", "alias ls=rm\nls -rf /srv/data"],
)
def test_the_rule_is_command_opaque(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("ask", "action.command_opaque")


@pytest.mark.parametrize("command", ["hash", "hash -r", "hash ls", "alias", "alias ll", "enable"])
def test_reading_the_tables_is_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow")
