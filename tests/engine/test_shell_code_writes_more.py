"""Deno, Bun, R and Julia one-liners' file calls are writes and deletes, as Python's and
node's are (:mod:`cordon.engine.code_writes`).

``deno eval "Deno.writeTextFileSync('.envrc', 'x')"``, ``bun -e "Bun.write('.envrc', 'x')"``,
``Rscript -e 'writeLines("x", ".envrc")'`` and ``julia -e 'write(".envrc", "x")'`` were read
as reads of their path literals only: a write at an auto-run path was not asked about as one,
and ``Deno.removeSync('/etc/x')`` outside the allowed paths was not denied. Near misses: the
same calls on ordinary files in the project, and code that only reads or prints.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run as _run

from cordon.engine.code_writes import code_writes

ALLOW = ("allow", "default.allow")
ASKED = ("ask", "action.credential_write")
OUTSIDE = ("deny", "action.delete_outside")


@pytest.mark.parametrize(
    "command",
    [
        "deno eval \"Deno.writeTextFileSync('.envrc','x')\"",
        "deno eval \"await Deno.writeFile('.git/hooks/pre-commit', data)\"",
        "deno eval \"await Deno.rename('x', '.mcp.json')\"",
        "bun -e \"Bun.write('.envrc','x')\"",
        "bun -e \"await Bun.write(Bun.file('.vscode/tasks.json'), 'x')\"",
        "node -e \"require('fs').copyFileSync('x', '.husky/pre-commit')\"",
        'Rscript -e \'writeLines("x", ".envrc")\'',
        'Rscript -e \'writeLines(paste("a", "b"), con = ".git/config")\'',
        'Rscript -e \'cat("x", file = ".envrc")\'',
        'Rscript -e \'file.copy("x", ".envrc")\'',
        'julia -e \'write(".envrc", "x")\'',
        'julia -e \'open(".git/config", "w") do f; println(f, 1); end\'',
        'julia -e \'cp("x", ".husky/pre-commit")\'',
    ],
)
def test_a_one_liner_write_at_an_auto_run_path_is_asked(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == ASKED


@pytest.mark.parametrize(
    "command",
    [
        "deno eval \"Deno.removeSync('/etc/x')\"",
        "deno eval \"await Deno.remove('/etc/x', {recursive: true})\"",
        "bun -e \"Bun.write('/etc/x', 'y')\"",
        "Rscript -e 'file.remove(\"/etc/x\")'",
        "Rscript -e 'unlink(\"/etc/x\", recursive = TRUE)'",
        "julia -e 'rm(\"/etc/x\"; force=true)'",
        'julia -e \'mv("x", "/etc/x")\'',
    ],
)
def test_a_one_liner_write_outside_the_allowed_paths_is_denied(
    tmp_path: Path, command: str
) -> None:
    assert _run(tmp_path, command) == OUTSIDE


@pytest.mark.parametrize(
    "command",
    [
        "deno eval \"Deno.writeTextFileSync('out.txt','x')\"",
        "deno eval \"console.log(Deno.readTextFileSync('README.md'))\"",
        "bun -e \"Bun.write('dist/out.json', '{}')\"",
        'Rscript -e \'writeLines("x", "out.txt")\'',
        "Rscript -e 'd <- read.csv(file = \"data.csv\"); print(summary(d))'",
        "Rscript -e 'write.csv(mtcars, \"build/cars.csv\", row.names = FALSE)'",
        'julia -e \'write("out.txt", "x")\'',
        'julia -e \'println("hi"); write(stdout, "x")\'',
    ],
)
def test_ordinary_one_liners_stay_allowed(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == ALLOW


def test_r_argument_scan_is_linear() -> None:
    # (possessive: a long call with many arguments and no file= does not backtrack)
    assert code_writes("r", "cat(" + "a, " * 50_000 + ")") == []
