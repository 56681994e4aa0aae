"""What ``echo`` and ``printf`` write, escapes decoded, against the shells themselves: each
case is run by bash (and a plain ``echo`` by dash, whose ``echo`` decodes escapes), and
the shell guard's reading (engine/_echo_printf.py) must be what they write, or say it
cannot be known (:data:`DYNAMIC`).

Attack class: ``printf 'DR\\x4fP TABLE users' | psql`` and ``echo -e '\\x44ROP TABLE users'
| sqlite3 db`` ran a DROP the SQL rules never read (the second unasked)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from tests.engine._shell_session import run

from cordon.engine._echo_printf import DYNAMIC, echo_output, printf_output

TEXTS = [
    "DR\\x4fP TABLE users", "\\104ROP", "\\0104ROP", "a\\cb", "\\e[0m", "\\u0044x",
    "\\U00000044x", "\\x4", "\\x", "\\q", '\\"', "\\'", "\\?", "\\8", "\\1234", "a\\\\b",
    "tab\\there\\n", "\\0", "\\07", "plain", "100%%", "%s-%s", "%b|%s", "%c", "x%5sy",
    "%d", "\\x44\\x52\\x4f\\x50",
]  # fmt: skip
ARGS = [(), ("DR\\x4fP",), ("a", "b", "c"), ("\\0104", "\\cz"), ("x\\ny",)]


def _bash(script: str, *args: str, shell: str = "bash") -> str:
    out = subprocess.run([shell, "-c", script, "_", *args], capture_output=True, check=False)
    return out.stdout.decode("latin-1")


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")
@pytest.mark.parametrize("fmt", TEXTS)
@pytest.mark.parametrize("args", ARGS)
def test_printf_is_read_as_bash_writes_it(fmt: str, args: tuple[str, ...]) -> None:
    ours = printf_output((fmt, *args))
    assert ours is not None
    if fmt in ("x%5sy", "%d"):  # (a width, a number: not read here)
        assert DYNAMIC in ours
    else:  # (a NUL written is DYNAMIC's mark: computed, fail closed)
        assert ours.replace(DYNAMIC, "\x00") == _bash('printf "$@"', fmt, *args)


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")
@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("options", [("-e",), ("-n", "-e"), ("-en",), ("-e", "-E")])
def test_echo_with_escapes_is_read_as_bash_writes_it(text: str, options: tuple[str, ...]) -> None:
    ours = echo_output((*options, text))
    real = _bash('echo "$@"', *options, text)
    if options[-1] == "-E" and ours == DYNAMIC:  # (escapes off: as a plain echo, below)
        return
    newline = not any("n" in o for o in options)  # (-n: no newline at the end)
    assert ours.replace(DYNAMIC, "\x00") == (real.removesuffix("\n") if newline else real)


@pytest.mark.skipif(shutil.which("dash") is None, reason="dash is not installed")
@pytest.mark.parametrize("text", TEXTS)
def test_plain_echo_is_read_only_where_every_shell_agrees(text: str) -> None:
    """bash's ``echo`` writes its words; dash's (sh on Debian) decodes escapes in them, and
    zsh's ``\\x``, ``\\u`` and ``\\U`` too (zshbuiltins(1), ``echo``): the text is read
    only where they all write the same."""
    ours = echo_output((text,))
    if ours != DYNAMIC:
        assert ours + "\n" == _bash('echo "$@"', text) == _bash('echo "$@"', text, shell="dash")
    elif not re.search(r"\\(?:x[0-9a-fA-F]|u[0-9a-fA-F]|U[0-9a-fA-F])", text):
        assert _bash('echo "$@"', text) != _bash('echo "$@"', text, shell="dash")


def test_printf_with_an_option_writes_nothing_known() -> None:
    assert printf_output(("-v", "x", "DROP")) is None
    assert printf_output(("--", "DR\\x4fP")) == "DROP"


@pytest.mark.parametrize(
    "command",
    [
        "printf 'DR\\x4fP TABLE users' | psql",
        "printf '\\104ROP TABLE users;' | mysql",
        "printf '%s' 'DROP TABLE users' | psql",
        "printf 'DR%sP TABLE users' O | psql",
        "printf '%b' '\\0104ROP TABLE users' | sqlite3 app.db",
        "echo -e '\\x44ROP TABLE users' | sqlite3 app.db",
        "echo -e '\\0104ROP TABLE users' | psql",
        "echo -e '\\x44ROP TABLE users' > x.sql; psql -f x.sql",
    ],
)
def test_sql_spelt_with_escapes_is_read(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("deny", "action.sql_drop"), command


@pytest.mark.parametrize(
    "command",
    [
        "echo '\\0104ROP TABLE users' | psql",  # (dash's echo writes DROP; bash's does not)
        "printf 'SELECT %d' 1 | psql",  # (a conversion not read here)
    ],
)
def test_sql_the_shell_decides_is_asked(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("ask", "action.command_opaque"), command


@pytest.mark.parametrize(
    "command",
    [
        "echo 'SELECT 1;' | psql",
        "printf 'SELECT 1;\\n' | psql",
        "echo -e 'SELECT 1;\\nSELECT 2;' | psql",
        "printf '%s\\n' 'SELECT 1;' | sqlite3 app.db",
    ],
)
def test_harmless_sql_with_escapes_stays_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow"), command
