"""PowerShell deletes judged as ``rm`` is: a parameter's name may be any prefix of it
(``-Rec``, ``-Recu``; PowerShell's about_Parameters), and ``-Recurse:$true`` is the switch
set. Attack class: ``Remove-Item -Rec -Fo $HOME`` was read as not recursive and allowed."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run


@pytest.mark.parametrize(
    "command",
    [
        'pwsh -c "Remove-Item -Rec -Fo $HOME"',
        'pwsh -c "Remove-Item -Recu -Force /"',
        'pwsh -c "ri -Re ~"',
        'pwsh -c "Remove-Item -Recurse:$true -Force /"',
        'pwsh -c "del -RECURS C:\\"',
    ],
)
def test_recursive_root_delete_denied(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("deny", "action.rm_root")
