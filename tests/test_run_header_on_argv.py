"""`cordon run --header NAME:VALUE` with the value written out warns that the command line is
readable by every local user (`ps`), naming the `--header-env` form, and never prints the
value. A value cordon reads from its environment (`${VAR}`) is off the command line: no
warning. Through the real `cordon` process; the client's pipe closes at once."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.conftest import cordon_exe

TOKEN = "tok-argv-4c1e9b77d2"


def _run(tmp_path: Path, *header: str) -> str:
    done = subprocess.run(
        [*cordon_exe(), "run", "--url", "http://127.0.0.1:9/mcp", *header],
        input="",
        text=True,
        capture_output=True,
        env={**os.environ, "HOME": str(tmp_path), "TOK": TOKEN},
        timeout=60,
    )
    return done.stderr


def test_a_written_out_header_value_is_said(tmp_path: Path) -> None:
    err = _run(tmp_path, "--header", f"Authorization: Bearer {TOKEN}")
    said = [ln for ln in err.splitlines() if "every local user can read (ps)" in ln]
    assert len(said) == 1, err
    assert "--header-env Authorization" in said[0]
    assert "CORDON_HEADER_AUTHORIZATION" in said[0]
    assert TOKEN not in err


def test_a_header_read_from_the_environment_is_not(tmp_path: Path) -> None:
    err = _run(tmp_path, "--header", "Authorization: Bearer ${TOK}")
    assert "every local user" not in err, err
    assert TOKEN not in err
