"""``printf``/``echo`` text bash and dash decode otherwise (``\\x41``: bash writes ``A``, dash
``\\x41``), written into a plain data file (``.txt``, ``.log``, ``.csv`` ...): no rule reads
its text, so the write is not asked about; into a script, a file with no suffix, an auto-run
path or a file a rule reads (package.json, README.md) it still is. A reader later in the
string (``sh a.txt``, ``psql < a.txt``) judges bash's reading and is asked about
(engine/_written.py ``data_file``, ``file_text``)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from tests.engine._shell_session import run


@pytest.mark.parametrize(
    "command",
    [
        "printf '\\x41' > a.txt",
        "echo -e '\\x41' > notes.log",
        "printf 'a\\x2cb\\n' >> data.csv",
        "printf '\\x41' > /dev/null",
        "printf 'A' > a.sh",  # (one reading: as before)
        "printf '\\101' > a.txt",
    ],
)
def test_a_data_file_is_written_unasked(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow"), command


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("printf '\\x41' > a.sh", ("ask", "action.command_opaque")),
        ("printf '\\x41' > run", ("ask", "action.command_opaque")),
        ("printf '\\x41' > CMakeLists.txt", ("ask", "action.command_opaque")),
        ("printf '\\x41' > package.json", ("ask", "action.command_opaque")),
        ("printf '\\x41' > README.md", ("ask", "action.command_opaque")),
        ("printf '\\x41' > a.txt > a.sh", ("ask", "action.command_opaque")),
        ("printf '\\x41' > .env", ("ask", "action.credential_write")),
        # (a reader of the data file: bash's reading judged, and asked)
        ("printf '\\x41' > a.txt; sh a.txt", ("ask", "action.command_opaque")),
        ("printf '\\x41' > a.txt; chmod +x a.txt; ./a.txt", ("ask", "action.command_opaque")),
        ("printf '\\x41' > a.txt; mv a.txt a.sh; sh a.sh", ("ask", "action.command_opaque")),
        ("printf '\\x41' > a.txt; sh < a.txt", ("ask", "action.command_opaque")),
        ("printf '\\x41' > a.txt; exec 3< a.txt; sh <&3", ("ask", "action.command_opaque")),
        ("printf 'SELECT \\x31;' > a.txt; psql -f a.txt", ("ask", "action.command_opaque")),
        ("printf 'DR\\x4fP TABLE users;' > a.txt; psql < a.txt", ("deny", "action.sql_drop")),
        ("printf 'DR\\x4fP TABLE users;' > a.txt; cat a.txt | psql", ("deny", "action.sql_drop")),
        ("printf 'DR\\x4fP TABLE users;' > a.txt; psql -f a.txt", ("deny", "action.sql_drop")),
        ("printf 'DR\\x4fP TABLE t;' > a.txt; cp a.txt b.sql; psql -f b.sql",
         ("deny", "action.sql_drop")),
    ],
)  # fmt: skip
def test_a_script_or_a_reader_is_asked(
    tmp_path: Path, command: str, expected: tuple[str, str]
) -> None:
    assert run(tmp_path, command) == expected, command


@pytest.mark.skipif(
    shutil.which("bash") is None or shutil.which("dash") is None, reason="bash and dash"
)
def test_bash_and_dash_write_otherwise(tmp_path: Path) -> None:
    """Control: the two shells' printf write different bytes into the file."""
    for shell in ("bash", "dash"):
        line = f"printf '\\x41' > {shell}.txt"
        subprocess.run([shell, "-c", line], cwd=tmp_path, check=True, timeout=30)
    assert (tmp_path / "bash.txt").read_bytes() == b"A"
    assert (tmp_path / "dash.txt").read_bytes() == b"\\x41"
