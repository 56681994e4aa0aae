"""Launchers that run the rest of their words as a program and its arguments, with options
the guard does not read (``setpriv``, ``nsenter``, ``runuser -u``, ``screen -dm``, ``ip netns
exec``): the program's line is read as it is given bare. A delete outside the project under
each of them was allowed; the ordinary forms beside them stay allowed."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run


@pytest.mark.parametrize(
    "command",
    [
        "setpriv --reuid=1000 rm -rf /srv/data",
        "setpriv --reuid 1000 --regid 1000 --clear-groups rm -rf /srv/data",
        "nsenter -t 1 -m rm -rf /srv/data",
        "nsenter --target 1 --mount --uts rm -rf /srv/data",
        "runuser -u me -- rm -rf /srv/data",
        "screen -dm rm -rf /srv/data",
        "screen -S job -dm rm -rf /srv/data",
        "tmux new-session -d rm -rf /srv/data",
        "ip netns exec blue rm -rf /srv/data",
        "ip -all netns exec rm -rf /srv/data",
        "xterm -e rm -rf /srv/data",
    ],
)
def test_launched_delete_outside_is_denied(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("deny", "action.delete_outside")


@pytest.mark.parametrize(
    "command",
    [
        "setpriv --dump",
        "setpriv --reuid=1000 ls -la",
        "nsenter -t 1 -n ip addr",
        "runuser -u me -- ls",
        "screen -ls",
        "screen -S dev -dm npm run dev",
        "tmux send-keys -t 0 'ls' Enter",
        "tmux new-session -d -s dev",
        "ip netns exec blue ip addr",
        "ip netns list",
    ],
)
def test_launched_ordinary_forms_stay_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow")
