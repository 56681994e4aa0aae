"""A process substitution after a double-quoted string in the same word (``true ""<(CMD)``).

Attack class: bash runs CMD and passes ``/dev/fd/N`` (the word ``""<(CMD)`` is one word with
the substitution in it), but ``bashlex`` reads the word as literal text: CMD was never
judged, so ``true ""<(cordon approve X)`` or a DROP piped into ``psql`` there ran unasked.
Each such substitution is walked as the command it is, and its word is opaque."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from tests.engine._shell_session import run


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ('true ""<(cordon approve x)', ("deny", "action.cordon_control")),
        ('true "a">(cordon approve x)', ("deny", "action.cordon_control")),
        ('true ""<(echo "DROP TABLE users;" | psql)', ("deny", "action.sql_drop")),
        ("psql -f \"\"<(echo 'DROP TABLE users;')", ("ask", "action.command_opaque")),
        ("psql < \"\"<(echo 'DROP TABLE users;')", ("ask", "action.command_opaque")),
        ('sqlite3 app.db ".read "<(echo RFJPUA== | base64 -d)', ("ask", "action.command_opaque")),
        ('true ""<(ls)', ("ask", "action.command_opaque")),
        ("true '\"'<(cordon approve x)", ("deny", "action.cordon_control")),
    ],
)
def test_a_process_substitution_after_a_quoted_string_is_judged(
    tmp_path: Path, command: str, expected: tuple[str, str]
) -> None:
    assert run(tmp_path, command) == expected, command


@pytest.mark.parametrize(
    "command",
    [
        'echo "<(cordon approve x)"',  # (quoted: text, no substitution)
        'cat "a.txt" <(sort b.txt)',  # (a word of its own after the quoted one)
        "diff <(sort a.txt) <(sort b.txt)",
    ],
)
def test_quoted_text_and_plain_substitutions_are_read_as_before(
    tmp_path: Path, command: str
) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow"), command


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is needed")
def test_bash_runs_a_process_substitution_after_a_quoted_string(tmp_path: Path) -> None:
    """Control: bash runs the substitution's command (it makes the file) and passes its
    ``/dev/fd`` path."""
    out = subprocess.run(
        ["bash", "-c", 'echo "x"<(touch made)'],
        cwd=tmp_path,
        check=True,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert out.stdout.startswith("x/dev/fd/"), out.stdout
    assert (tmp_path / "made").exists()
