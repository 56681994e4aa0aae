"""Launchers the shell guard did not read, and launcher forms it read short.

Attack classes (each allowed unasked, where the bare line is denied or asked):

* a program that runs the rest of its words (a debugger's ``--args``, a container or chroot
  entered, a tool environment's ``run``/``exec``, a privilege or init shim): ``gosu root rm
  -rf /srv/data`` ran ``rm`` as given bare, and the guard read ``gosu`` as a program nobody
  knows;
* a launcher's program given as its last word alone (``screen -dm reboot``): only suffixes of
  two words or more were read;
* GNU parallel's command given as one quoted word with ``{}`` (``parallel 'rm -rf {}' :::
  /srv/data``): the word was read as a line with ``{}`` unfilled, a path in the project.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run

LAUNCHED = [
    "gdb -batch -ex run --args rm -rf /srv/data",
    "proot -r / rm -rf /srv/data",
    "schroot -c x -- rm -rf /srv/data",
    "lxc-attach -n x -- rm -rf /srv/data",
    "systemd-nspawn -D / rm -rf /srv/data",
    "machinectl shell x /bin/rm -rf /srv/data",
    "fakechroot rm -rf /srv/data",
    "faketime '2020-01-01' rm -rf /srv/data",
    "ifne rm -rf /srv/data",
    "chronic rm -rf /srv/data",
    "rlwrap rm -rf /srv/data",
    "nix develop -c rm -rf /srv/data",
    "nix shell nixpkgs#hello -c rm -rf /srv/data",
    "direnv exec . rm -rf /srv/data",
    "mise exec -- rm -rf /srv/data",
    "asdf exec rm -rf /srv/data",
    "poetry run rm -rf /srv/data",
    "uv run rm -rf /srv/data",
    "pipenv run rm -rf /srv/data",
    "conda run -n base rm -rf /srv/data",
    "bundle exec rm -rf /srv/data",
    "dotenv -- rm -rf /srv/data",
    "op run -- rm -rf /srv/data",
    "aws-vault exec prof -- rm -rf /srv/data",
    "doppler run -- rm -rf /srv/data",
    "with-contenv rm -rf /srv/data",
    "s6-setuidgid me rm -rf /srv/data",
    "setuidgid me rm -rf /srv/data",
    "gosu root rm -rf /srv/data",
    "su-exec root rm -rf /srv/data",
    "tini -- rm -rf /srv/data",
    "dumb-init rm -rf /srv/data",
    "systemd-inhibit rm -rf /srv/data",
    "parallel 'rm -rf {}' ::: /srv/data",
    "parallel -j2 'rm -rf {1}' ::: /srv/data ::: x",
    "setpriv --reuid 1000 /bin/r[m] -rf /srv/data",
    "npx rm -rf /srv/data",
]


@pytest.mark.parametrize("command", LAUNCHED)
def test_launched_delete_outside_is_refused(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command)[0] == "deny", command


@pytest.mark.parametrize(
    "command", ["setpriv --reuid=0 reboot", "screen -dm reboot", "runuser -u root reboot"]
)
def test_a_launched_program_alone_is_read(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("ask", "action.system_disrupt")


@pytest.mark.parametrize(
    "command",
    [
        "poetry run pytest -x",
        "uv run python -m http.server",
        "bundle exec rake test",
        "gosu app npm start",
        "gdb --args ./a.out --verbose",
        "nix develop -c make",
        "parallel 'gzip {}' ::: a.txt b.txt",
        "screen -r dev",
        "tini -- node server.js",
        "uv run python -c 'print([1,2])'",
        "screen -dm python -c 'print([1])'",
        "uv run ruff check src/*.py tests/*.py",
    ],
)
def test_ordinary_launches_stay_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow")


@pytest.mark.parametrize(
    "command",
    [
        "setpriv " + " ".join(["--reuid 0"] * 70) + " rm -rf /srv/data",
        "nsenter " + " ".join(["-t 1"] * 70) + " rm -rf /srv/data",
        "gdb " + " ".join(["-ex x"] * 70) + " --args rm -rf /srv/data",
    ],
)
def test_a_program_past_the_starts_read_is_not_allowed(tmp_path: Path, command: str) -> None:
    """Option values repeated (getopt keeps the last) pushed the program past the starts the
    guard reads: what it did not read is asked about, not allowed."""
    assert run(tmp_path, command)[0] != "allow"


@pytest.mark.parametrize(
    "command",
    [
        "nice /sbin/reb??t",
        "nohup /sbin/reb??t",
        "timeout 5 /sbin/reb??t",
        "sudo -u root /sbin/reb??t",
        "env A=1 /sbin/reb??t",
        "chronic /sbin/reb??t",
        "setpriv --reuid 0 /sbin/reb??t",
        "nsenter -t 1 -m /sbin/reb??t",
        "runuser -u root -- /sbin/reb??t",
    ],
)
def test_a_pattern_where_the_launched_program_goes_is_asked(tmp_path: Path, command: str) -> None:
    """bash expands the pattern before the launcher runs it (``/sbin/reb??t`` is
    ``/sbin/reboot``): the pattern matching no program a rule reads was skipped under a
    launcher, where the same word alone is asked about."""
    assert run(tmp_path, command) == ("ask", "action.command_opaque"), command


@pytest.mark.parametrize(
    "command",
    ["nice make -j4 src/*.c", "timeout 60 pytest tests/test_*.py", "setpriv --reuid 0 ls *.txt"],
)
def test_a_pattern_among_the_launched_program_s_arguments_is_allowed(
    tmp_path: Path, command: str
) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow"), command
