"""The real Desktop Commander server behind the real ``cordon run`` (``desktop_commander``
pack, confined to the project): a link to a git hook made where the shell guard's link
reading did not look, then written through in the same command line.

Each command makes ``h`` a symbolic link to ``.git/hooks`` and appends to
``h/pre-commit``: with the link's name given on stdin (``xargs ln -s``), by a program
``find -exec`` runs, by a one-liner whose link call no pattern reads (``getattr(os,
'sym' + 'link')``), by a one-liner that hands the line to a shell (``os.system``), and
by an archive extracted into a subdirectory (a member ``h -> ../.git/hooks``: tar makes
it, and refuses only to write through it itself).
Run by ``/bin/sh`` in a copy of the project, each does write the hook; through cordon it
is refused (asked about: no client answers), and the hook is as it was.
"""

from __future__ import annotations

import os
import subprocess
import tarfile
from pathlib import Path

import pytest

from tests.conftest import Harness
from tests.e2e._desktop_commander import commander, project

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

HOOK = "#!/bin/sh\nexit 0\n"
EVIL = "touch pwned.txt\n"

BYPASSES = [
    "echo .git/hooks h | xargs ln -s && cat evil.sh >> h/pre-commit",
    "find . -maxdepth 0 -exec ln -s .git/hooks h \\; && cat evil.sh >> h/pre-commit",
    "python3 -c \"import os; getattr(os, 'sym' + 'link')('.g' + 'it/hooks', 'h')\""
    " && cat evil.sh >> h/pre-commit",
    "python3 -c \"import os; os.system('ln -s .git/hooks h')\" && cat evil.sh >> h/pre-commit",
    "mkdir -p build && tar -xf evil.tar -C build && cat evil.sh >> build/h/pre-commit",
]


def _plant(proj: Path) -> Path:
    hook = proj / ".git" / "hooks" / "pre-commit"
    hook.write_text(HOOK, "utf-8")
    (proj / "evil.sh").write_text(EVIL, "utf-8")
    with tarfile.open(proj / "evil.tar", "w") as tar:  # (one member: h -> ../.git/hooks)
        member = tarfile.TarInfo("h")
        member.type, member.linkname = tarfile.SYMTYPE, "../.git/hooks"
        tar.addfile(member)
    return hook


@pytest.mark.parametrize("command", BYPASSES)
async def test_a_link_to_the_hooks_made_out_of_sight_is_not_written_through(
    harness: Harness, command: str
) -> None:
    control = project(harness.tmp / "control")  # (what the command does with no cordon)
    _plant(control)
    subprocess.run(["/bin/sh", "-c", command], cwd=control, env=dict(os.environ), check=True,
                   timeout=30)  # fmt: skip
    assert (control / ".git" / "hooks" / "pre-commit").read_text("utf-8") == HOOK + EVIL
    async with commander(harness) as dc:
        hook = _plant(dc.proj)
        ok, text = await dc.run(command)
        assert not ok and "action." in text, text
    assert hook.read_text("utf-8") == HOOK
    assert not (dc.proj / "h").is_symlink() and not (dc.proj / "build" / "h").is_symlink()
    assert "evil.sh" not in dc.server_log()


async def test_a_write_climbing_out_of_a_link_is_judged_where_it_lands(harness: Harness) -> None:
    """``t/..`` after ``ln -s .github/ISSUE_TEMPLATE t`` is ``.github`` (the kernel climbs
    from the link's target), not the project's root as the text reads: the append lands in
    the workflow."""
    command = "ln -s .github/ISSUE_TEMPLATE t && cat evil.sh >> t/../workflows/ci.yml"
    workflow = "on: push\n"

    def plant(proj: Path) -> Path:
        (proj / ".github" / "ISSUE_TEMPLATE").mkdir(parents=True)
        (proj / ".github" / "workflows").mkdir()
        (proj / "evil.sh").write_text(EVIL, "utf-8")
        ci = proj / ".github" / "workflows" / "ci.yml"
        ci.write_text(workflow, "utf-8")
        return ci

    control = project(harness.tmp / "control")
    plant(control)
    subprocess.run(["/bin/sh", "-c", command], cwd=control, check=True, timeout=30)
    assert (control / ".github" / "workflows" / "ci.yml").read_text("utf-8") == workflow + EVIL
    async with commander(harness) as dc:
        ci = plant(dc.proj)
        ok, text = await dc.run(command)
        assert not ok and "action.credential_write" in text, text
    assert ci.read_text("utf-8") == workflow
    assert not (dc.proj / "t").is_symlink() and "evil.sh" not in dc.server_log()


async def test_a_hard_link_a_one_liner_makes_unread_is_refused_before_a_later_call(
    harness: Harness,
) -> None:
    """A hard link is one inode under two names: once made, a later call's ``cat x >> h``
    writes the hook and no path check can tell (``h`` is a plain file). The one-liner's
    ``getattr(os, 'link')`` with a computed source is no call the link reader reads: asked
    at once."""
    make = "python3 -c \"import os; getattr(os, 'link')('.gi' + 't/hooks/pre-commit', 'h')\""
    write = "cat evil.sh >> h"
    control = project(harness.tmp / "control")
    _plant(control)
    for command in (make, write):
        subprocess.run(["/bin/sh", "-c", command], cwd=control, check=True, timeout=30)
    assert (control / ".git" / "hooks" / "pre-commit").read_text("utf-8") == HOOK + EVIL
    async with commander(harness) as dc:
        hook = _plant(dc.proj)
        ok, text = await dc.run(make)
        assert not ok and "action." in text, text
        await dc.run(write)  # (h was never made: a new plain file at most)
    assert hook.read_text("utf-8") == HOOK
    assert hook.stat().st_nlink == 1
