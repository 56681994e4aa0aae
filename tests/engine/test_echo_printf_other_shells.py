"""``printf``/``echo`` text that zsh's or busybox's builtins write otherwise than bash's and
dash's both do: asked about, not modelled (engine/_echo_printf.py ``_other_shells_differ``).

Attack class: ``zsh -c "printf %b 'echo \\47; CMD; echo \\47' | sh"``: bash and dash decode
``\\47`` in ``%b`` as a quote (one quoted echo), zsh keeps it (CMD runs); busybox reads
``\\470`` as ``'0`` (bash and dash: ``8``); zsh writes ``\\x`` with no digit as a NUL byte,
which sh drops (``cordon appro\\xve x`` runs ``cordon approve x``). The guard read only
bash's and dash's readings, and allowed them."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from tests.engine._shell_session import run

#: (the shell whose builtin hides it, the line with CMD where the hidden command goes; the
#: NUL case splits the command's word: ``to\\xuch``, ``appro\\xve``)
HIDDEN = [
    ("zsh", "printf %b 'echo \\47; CMD; echo \\47' | sh"),
    ("busybox", "printf \"echo '\\470; CMD; \\470'\" | sh"),
    ("zsh", "printf 'CMD' | sh"),
]
NUL_SPLIT = {"cordon approve x": "cordon appro\\xve x", "touch pwned": "to\\xuch pwned"}


def _line(template: str, cmd: str) -> str:
    return template.replace("CMD", NUL_SPLIT[cmd] if template.startswith("printf 'CMD") else cmd)


@pytest.mark.parametrize(("_shell", "template"), HIDDEN)
def test_the_hidden_command_is_asked(tmp_path: Path, _shell: str, template: str) -> None:
    line = _line(template, "cordon approve x")
    assert run(tmp_path, line) == ("ask", "action.command_opaque"), line


@pytest.mark.parametrize(("shell", "template"), HIDDEN)
def test_the_other_shell_runs_it_and_bash_and_dash_do_not(
    tmp_path: Path, shell: str, template: str
) -> None:
    """Control: only zsh's or busybox's reading runs the hidden command (touch pwned)."""
    if shutil.which(shell) is None or shutil.which("dash") is None:
        pytest.skip(f"{shell} and dash are needed")
    line = _line(template, "touch pwned")
    shells = {shell: [shell, "sh"] if shell == "busybox" else [shell], "bash": ["bash"]}
    ran = {}
    for name, argv in {**shells, "dash": ["dash"]}.items():
        subprocess.run([*argv, "-c", line], cwd=tmp_path, capture_output=True, timeout=30)
        ran[name] = (tmp_path / "pwned").exists()
        (tmp_path / "pwned").unlink(missing_ok=True)
    assert ran == {shell: True, "bash": False, "dash": False}, line


@pytest.mark.parametrize(
    "command",
    [
        "printf 'SELECT 1;\\n' | psql",
        "printf '%s\\n' 'C:\\Users\\x' | psql",  # (%s: written as it is by every shell)
        "printf '%b\\n' 'a\\tb' | sh",
        "echo 'C:\\Users\\me' > path.txt",  # (a data file: test_echo_printf_data_writes)
    ],
)
def test_text_every_shell_writes_alike_stays_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow"), command
