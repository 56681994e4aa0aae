"""Programs that write a file back whole are judged as ``>`` is: ``sponge FILE``, ``shuf -o
FILE``, ``ed FILE`` and ``ex FILE`` (their script's ``w``), and vi run from commands (``vim
-es -c '%d|wq' FILE``, ``vim +CMD FILE``). Attack class: a file outside the project emptied
by an editor's script, read as no write at all."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run


@pytest.mark.parametrize(
    "command",
    [
        "shuf -o /srv/data/x in.txt",
        "sponge /srv/data/x < in.txt",
        "vim -es -c '%d|wq' /srv/data/x",
        "ex -sc '%d|x' /srv/data/x",
        "ed -s /srv/data/x <<< $',d\\nw'",
        "vim +'%d|wq' /srv/data/x",
        "nvim --headless -c 'normal dd' -c wq /srv/data/x",
        "vim -w /srv/data/keys notes.txt",
    ],
)
def test_rewrite_outside_denied(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("deny", "action.delete_outside")


@pytest.mark.parametrize(
    "command",
    ["vim notes.txt", "vim -es -c '%s/a/b/|wq' notes.txt", "shuf -n 3 in.txt", "sponge out.txt"],
)
def test_rewrite_inside_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow")
