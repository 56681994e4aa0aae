"""The command line a cloud or VM tool runs on another machine (engine/remote_clis.py), read as
``ssh HOST CMD``'s is.

Attack class: ``vagrant ssh -c "psql -c 'DROP TABLE users'"``, ``gcloud compute ssh db
--command=...``, ``fly ssh console -C ...`` and ``heroku run psql -c ...`` were allowed
unasked, where ``ssh db "psql -c 'DROP TABLE users'"`` was denied."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run

DROP = "psql -c 'DROP TABLE users'"

READ = [
    f'vagrant ssh -c "{DROP}"',
    "vagrant ssh web --command \"sqlite3 app.db 'DROP TABLE users'\"",
    f'gcloud compute ssh db --zone us-central1-a --command="{DROP}"',
    f'gcloud beta compute ssh db --command "sudo -u postgres {DROP}"',
    f'gcloud cloud-shell ssh --command="{DROP}"',
    f'fly ssh console -C "{DROP}"',
    f'flyctl ssh console -a app --command "{DROP}"',
    f'fly console --command="{DROP}"',
    "heroku run -a app psql -c \"'DROP TABLE users'\"",
    f'heroku run "{DROP}"',
]


@pytest.mark.parametrize("command", READ)
def test_a_remote_tool_s_line_is_read(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("deny", "action.sql_drop"), command


def test_ssh_with_the_same_line_is_the_control(tmp_path: Path) -> None:
    assert run(tmp_path, f'ssh db "{DROP}"') == ("deny", "action.sql_drop")


def test_a_remote_shutdown_is_asked(tmp_path: Path) -> None:
    assert run(tmp_path, "vagrant ssh -c 'sudo shutdown -h now'") == (
        "ask",
        "action.system_disrupt",
    )


@pytest.mark.parametrize(
    "command",
    [
        "vagrant ssh -c 'ls -la'",
        "gcloud compute ssh db --command=uptime",
        "heroku run rails console",
        "fly ssh console",
        "vagrant up",
    ],
)
def test_plain_remote_lines_stay_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow"), command
