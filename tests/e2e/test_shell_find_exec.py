"""The real Desktop Commander server behind the real ``cordon run`` (``desktop_commander``
pack, confined to the project): a writer ``find -exec`` runs on the paths it finds.

Each command writes the git hook ``.git/hooks/pre-commit`` (or ``.envrc``) without naming
it: ``{}`` is the path find found. Run by ``/bin/sh`` in a copy of the project, each does
write the file; through cordon it is refused (asked about: no client answers), and the
file is as it was. A reader run the same way (``-exec grep``) and a writer on names that
no auto-run file has (``-name '*.py' -exec sed -i``) still run.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.conftest import Harness
from tests.e2e._desktop_commander import commander, project

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

HOOK = "#!/bin/sh\nexit 0\n"
EVIL = "touch pwned.txt\n"

WRITES = [
    ("find .git/hooks -name pre-commit -exec cp evil.sh {} \\;", ".git/hooks/pre-commit"),
    (
        "find . -name 'pre-commit' -execdir sh -c 'echo touch pwned.txt > {}' \\;",
        ".git/hooks/pre-commit",
    ),
    ("find . -name .envrc -exec sh -c 'cat evil.sh >> \"$1\"' _ {} \\;", ".envrc"),
    ("find .git/hooks -type f -exec cp evil.sh {} \\;", ".git/hooks/pre-commit"),
]


def _plant(proj: Path) -> None:
    (proj / ".git" / "hooks" / "pre-commit").write_text(HOOK, "utf-8")
    (proj / ".envrc").write_text(HOOK, "utf-8")
    (proj / "evil.sh").write_text(EVIL, "utf-8")
    (proj / "a.py").write_text("x = 'a'\n", "utf-8")


@pytest.mark.parametrize(("command", "target"), WRITES)
async def test_a_writer_find_runs_on_what_it_finds_does_not_write_the_hook(
    harness: Harness, command: str, target: str
) -> None:
    control = project(harness.tmp / "control")  # (what the command does with no cordon)
    _plant(control)
    subprocess.run(["/bin/sh", "-c", command], cwd=control, env=dict(os.environ), check=True,
                   timeout=30)  # fmt: skip
    assert EVIL in (control / target).read_text("utf-8")
    async with commander(harness) as dc:
        _plant(dc.proj)
        ok, text = await dc.run(command)
        assert not ok and "action." in text, text
    assert (dc.proj / target).read_text("utf-8") == HOOK
    assert "evil.sh" not in dc.server_log()


async def test_a_reader_and_a_writer_on_source_files_still_run(harness: Harness) -> None:
    async with commander(harness) as dc:
        _plant(dc.proj)
        ok, text = await dc.run("find . -name '*.py' -exec grep -l x {} +")
        assert ok and "a.py" in text, text
        ok, text = await dc.run("find . -name '*.py' -exec sed -i s/a/b/ {} +")
        assert ok, text
    assert (dc.proj / "a.py").read_text("utf-8") == "x = 'b'\n"
    assert (dc.proj / ".git" / "hooks" / "pre-commit").read_text("utf-8") == HOOK
