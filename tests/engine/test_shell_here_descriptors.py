"""A here-document or here-string opened on a descriptor by ``exec`` or a compound command's
redirect (``exec 3<<'EOF'``, ``{ ...; } 3<<< W``, ``exec <<< W``): read where a later command
reads that descriptor, as ``exec 3< <(echo TEXT)`` is (engine/shell.py ``exec_here``,
``compound``).

Attack class: ``{ cat <&3 | sqlite3 DB; } 3<<'EOF' ... DROP ... EOF`` and ``exec 3<<< 'DROP
TABLE users;'; sqlite3 DB <&3`` ran the text unread: only a file or ``<(CMD)`` on a
descriptor was recorded, and a block's here-text only on descriptor 0."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.engine._shell_session import bash_drops_the_users_table, run

DROP_DOC = "<<'EOF'\nDROP TABLE users;\nEOF"

LINES = [
    f"{{ cat <&3 | sqlite3 app.db; }} 3{DROP_DOC}",
    f"{{ sqlite3 app.db <&3; }} 3{DROP_DOC}",
    f"{{ sqlite3 app.db '.read /dev/fd/3'; }} 3{DROP_DOC}",
    "{ sqlite3 app.db <&3; } 3<<< 'DROP TABLE users;'",
    "{ cat <&3 | sqlite3 app.db; } 3<<EOF\nDROP TABLE \\\nusers;\nEOF",
    f"exec 3{DROP_DOC}\ncat <&3 | sqlite3 app.db",
    "exec 3<<< 'DROP TABLE users;'; sqlite3 app.db <&3",
    f"exec {DROP_DOC}\nsqlite3 app.db",
    "exec <<< 'DROP TABLE users;'; sqlite3 app.db",
]


@pytest.mark.parametrize("line", LINES)
def test_the_here_text_is_read(tmp_path: Path, line: str) -> None:
    assert run(tmp_path, line) == ("deny", "action.sql_drop"), line


@pytest.mark.skipif(
    shutil.which("sqlite3") is None or shutil.which("bash") is None,
    reason="bash and the sqlite3 CLI are needed",
)
@pytest.mark.parametrize("line", LINES)
def test_bash_runs_the_here_text_through_sqlite3(tmp_path: Path, line: str) -> None:
    """Control: the real bash and sqlite3 CLI drop the table."""
    assert bash_drops_the_users_table(tmp_path, line), line


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("exec 3<<< 'cordon approve x'; sh <&3", ("deny", "action.cordon_control")),
        (
            "{ cat <&3 | sqlite3 app.db; } 3<<EOF\n$(cat q.sql)\nEOF",
            ("ask", "action.command_opaque"),
        ),
        ('{ cat <&3 | sqlite3 app.db; } 3<<< "$(cat q.sql)"', ("ask", "action.command_opaque")),
        ("{ cat <&3 | sqlite3 app.db; } 3<<'EOF'\nSELECT 1;\nEOF", ("allow", "default.allow")),
        ("exec 3<<< 'SELECT 1;'; sqlite3 app.db <&3", ("allow", "default.allow")),
        # (the block's descriptor ends with it: 3 is again what the tool's process had there,
        # not known here, as any descriptor this string did not open: engine/shell_fds.py)
        (
            "{ true; } 3<<< 'DROP TABLE users;'; sqlite3 app.db <&3",
            ("ask", "action.command_opaque"),
        ),
    ],
)
def test_other_here_texts(tmp_path: Path, command: str, expected: tuple[str, str]) -> None:
    assert run(tmp_path, command) == expected, command
