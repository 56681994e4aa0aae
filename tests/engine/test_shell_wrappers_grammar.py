"""Scheduling, limit and sandbox wrappers read with their whole option grammar.

``unshare``, ``prlimit``, ``firejail`` and ``chroot`` were not unwrapped: the program they
run was judged as theirs, so ``unshare -r cp x /etc/passwd`` was allowed. The wrappers that
were unwrapped read an option they did not know as a flag; one that takes a value made the
value the program. An option none of them has, or a program run under another root
directory, is asked about (fail closed). Near misses: ordinary uses stay allowed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run as _run

from cordon.engine.shell_wrappers import unwrap

ALLOW = ("allow", "default.allow")
OUTSIDE = ("deny", "action.delete_outside")
OPAQUE = ("ask", "action.command_opaque")


@pytest.mark.parametrize(
    "wrapper",
    [
        "unshare -r",
        "unshare --map-user 0 --propagation private -f",
        "unshare --mount=/tmp/ns -n",
        "prlimit --nofile=10",
        "prlimit -n10 -t5",
        "firejail --quiet --net=none",
        "nice -n 5",
        "nice -5",
        "nice --adjustment=5",
        "ionice -c2 -n7",
        "ionice -t",
        "timeout 5",
        "timeout -k 1 --foreground -s KILL 5",
        "stdbuf -oL -e 0",
        "chrt -f 5",
        "chrt --rr 1",
        "taskset 0x1",
        "taskset -c 0-3",
        "setsid -f",
        "setsid --wait",
        "flock /tmp/l",
        "flock -x -w 5 /tmp/l",
        "chroot /",
        "chroot --userspec u:g /",
        "nice -n 5 timeout 5 unshare -r",
    ],
)
def test_the_wrapped_write_is_judged(tmp_path: Path, wrapper: str) -> None:
    assert _run(tmp_path, f"{wrapper} cp x /etc/passwd") == OUTSIDE


def test_unshare_working_directory_is_where_relative_paths_go(tmp_path: Path) -> None:
    assert _run(tmp_path, "unshare -r -w /etc cp x passwd") == OUTSIDE
    assert _run(tmp_path, "unshare -r --wd=sub cp x y") == ALLOW


@pytest.mark.parametrize(
    "command",
    [
        "unshare --bogus cp x y",
        "prlimit --bogus cp x y",
        "firejail -x cp x y",
        "nice --bogus=1 cp x y",
        "ionice -z cp x y",
        "timeout --weird 5 cp x y",
        "stdbuf -q cp x y",
        "chrt -z 5 cp x y",
        "taskset -z 1 cp x y",
        "setsid -z cp x y",
        "flock -q /tmp/l cp x y",
        "chroot --bogus / cp x y",
        # another root directory: the program's absolute paths are not the ones written
        "chroot /newroot cp x y",
        "unshare -R /tmp/r cp x y",
        "firejail --chroot=/tmp/r cp x y",
        "firejail --private=/etc cp x y",
    ],
)
def test_an_option_the_guard_cannot_read_is_asked(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == OPAQUE


def test_firejail_output_file_is_a_write(tmp_path: Path) -> None:
    assert _run(tmp_path, "firejail --output=/etc/log make") == OUTSIDE
    assert _run(tmp_path, "firejail --output=build/log make") == ALLOW


@pytest.mark.parametrize(
    ("argv", "program"),
    [
        (["prlimit", "-n10", "rm", "x"], "rm"),
        (["prlimit", "-n", "10", "rm"], "10"),  # (an optional value is attached only)
        (["prlimit", "-p", "123", "-n10"], ""),  # (acts on a running process)
        (["nice", "--5", "rm"], "rm"),
        (["unshare", "--mount", "rm"], "rm"),  # (a namespace file only after ``=``)
        (["flock", "-e", "/tmp/l", "rm"], "rm"),  # (``-e``: exclusive, no value)
        (["chroot", "/", "rm"], "rm"),
        (["unshare"], "sh"),  # (no program: unshare(1) runs $SHELL, reading its stdin)
        (["sudo", "-v"], ""),
    ],
)
def test_unwrap_reads_each_grammar(argv: list[str], program: str) -> None:
    unread: list[str] = []
    assert unwrap(argv, None, unread)[0] == program
    assert unread == []


@pytest.mark.parametrize(
    "command",
    [
        "nice -n 10 pytest -q",
        "timeout 60 npm test",
        "flock /tmp/l make test",
        "taskset -c 0 make",
        "unshare -r whoami",
        "firejail --net=none python3 x.py",
        "prlimit --as=1000000 python3 x.py",
        "chrt -b 0 make -j4",
        "setsid -f make watch",
        "stdbuf -oL pytest -q",
        "ionice -c3 nice -n19 make",
        "nice -n 5 cp x build/y",
    ],
)
def test_ordinary_wrapped_commands_stay_allowed(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == ALLOW
