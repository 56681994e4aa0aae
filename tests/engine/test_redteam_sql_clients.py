"""A database client's own commands in the SQL it is fed (a here-document, a pipe, an
argument): psql's ``\\! LINE`` and output piped to ``\\o |LINE`` / ``\\g |LINE``, mysql's
``system LINE`` and ``\\! LINE``, sqlite3's ``.shell``/``.system LINE`` and ``.output``/
``.once |LINE``: each runs LINE with the user's shell, read as any command line is.

Attack class: the line was read only in ``psql -c '\\! LINE'``; fed on standard input (the
form an agent writes a session in), ``rm -rf`` outside the project ran unasked under each,
and output piped to ``sh`` ran the rows a query chose."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run

RUNS = [
    "psql <<'EOF'\n\\! rm -rf /srv/data\nEOF",
    "psql <<'EOF'\nSELECT 1;\n\\o | rm -rf /srv/data\nSELECT 2;\nEOF",
    "psql <<'EOF'\nSELECT 'x' \\g |rm -rf /srv/data\nEOF",
    "mysql <<'EOF'\nsystem rm -rf /srv/data\nEOF",
    "mysql <<'EOF'\n\\! rm -rf /srv/data\nEOF",
    "sqlite3 app.db <<'EOF'\n.shell rm -rf /srv/data\nEOF",
    "sqlite3 app.db <<'EOF'\n.system rm -rf /srv/data\nEOF",
    "echo '.once |rm -rf /srv/data' | sqlite3 app.db",
]

TO_A_SHELL = [
    "psql <<'EOF'\n\\o |sh\nSELECT 'rm -rf /srv/data';\nEOF",
    "psql -c \"SELECT 'rm -rf /srv/data' \\g |sh\"",
    "sqlite3 app.db <<'EOF'\n.output |sh\nSELECT 'rm -rf /srv/data';\nEOF",
]


@pytest.mark.parametrize("command", RUNS)
def test_a_line_a_client_runs_is_read(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("deny", "action.delete_outside")


@pytest.mark.parametrize("command", TO_A_SHELL)
def test_rows_piped_to_a_shell_are_not_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command)[0] != "allow"


@pytest.mark.parametrize(
    "command",
    [
        "psql <<'EOF'\n\\dt\n\\o out.txt\nSELECT 1;\nEOF",
        "psql <<'EOF'\nSELECT 1 \\g |cat\nEOF",
        "sqlite3 app.db <<'EOF'\n.tables\n.output out.txt\nSELECT 1;\nEOF",
        "mysql <<'EOF'\nSELECT 'system rm' AS words;\nEOF",
    ],
)
def test_ordinary_client_commands_stay_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow")
