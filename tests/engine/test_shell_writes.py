"""What a shell command writes and deletes, read as bash and the interpreters run it.

Each group: hits (denied or asked before the fix, or allowed when they should not be) and
near misses (ordinary work that must stay allowed). The policy is a shell tool confined to
the project directory, as in test_redteam_args.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run as _run

from cordon.engine import _heredoc
from cordon.engine.code_writes import code_writes

ALLOW = ("allow", "default.allow")
OUTSIDE = ("deny", "action.delete_outside")


# -- writes into the null device and the standard streams -----------------------------------
# False positive: ``tee /dev/null`` was denied as a delete outside the project. A write into a
# character device (null, full, a standard stream, an open descriptor) deletes nothing.


@pytest.mark.parametrize(
    "command",
    [
        "echo hi | tee /dev/null",
        "make 2>&1 | tee -a /dev/stderr",
        "dd if=build/x of=/dev/null bs=1M",
        "cp build/x /dev/null",
        "curl -so /dev/null https://example.com/",
        "wget -O /dev/stdout https://example.com/",
        "tee /dev/fd/3 < build/log",
    ],
)
def test_writes_into_stream_devices_are_allowed(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == ALLOW


@pytest.mark.parametrize(
    "command",
    [
        "mv build/x /dev/null",  # replaces the device node (as root)
        "sed -i s/a/b/ /dev/null",  # sed -i renames a new file over it
        "rm /dev/null",
        "tee /dev/nullx",
        "tee /etc/hosts",
        "tee /dev/sda1",
    ],
)
def test_replacing_or_deleting_devices_and_other_files_is_still_denied(
    tmp_path: Path, command: str
) -> None:
    assert _run(tmp_path, command)[0] == "deny"


# -- here-documents -----------------------------------------------------------------------
# False positive: a quoted delimiter (<<'EOF') made the whole command unparsable (asked),
# though it is how agents write commit messages. Bypass: with an unquoted delimiter bash runs
# the body's command substitutions, which were not read.

COMMIT = """git commit -m "$(cat <<'EOF'
Fix the parser

It reads $(this) literally.
EOF
)\""""


@pytest.mark.parametrize(
    "command",
    [
        COMMIT,
        "cat > notes.txt <<'EOF'\nhello $(rm -rf ~/x) `rm -rf ~/y`\nEOF",
        'cat > notes.txt <<"EOF"\nhello\nEOF',
        "cat > notes.txt <<\\EOF\nhello\nEOF",
        "cat <<-'EOF' > notes.txt\n\thello\n\tEOF",
        "cat > notes.txt <<EOF\nbuilt on $(date) by \\$(whoami)\nEOF",
        "cat <<<'<<EOF'",
    ],
)
def test_here_documents_are_read(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == ALLOW


@pytest.mark.parametrize(
    "command",
    [
        "cat > notes.txt <<EOF\nhello $(rm -rf ~/x)\nEOF",
        "cat > notes.txt <<EOF\nhello `rm -rf ~/x`\nEOF",
        'git commit -m "$(cat <<EOF\nmsg $(rm -rf ~/x)\nEOF\n)"',
        "cat > /etc/motd <<'EOF'\nhi\nEOF",
        "sh <<'EOF'\nrm -rf ~/x\nEOF",
    ],
)
def test_here_document_writes_and_substitutions_are_judged(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == OUTSIDE


def test_a_quoted_delimiter_without_its_closing_line_stays_unreadable(tmp_path: Path) -> None:
    assert _run(tmp_path, "cat <<'EOF'\nno end") == ("ask", "action.command_opaque")
    assert _heredoc.unquote_delimiters("cat <<'EOF'\nno end") is None


def test_heredoc_helpers() -> None:
    assert _heredoc.unquote_delimiters("a <<'X'\nb\nX\n") == (
        f"a <<{_heredoc.QUOTED}X\nb\n{_heredoc.QUOTED}X\n"
    )
    assert _heredoc.unquote_delimiters("a <<<'X'") == "a <<<'X'"
    assert _heredoc.substitutions("a $(b (c)) `d` \\$(e) $(f") == ["b (c)", "d", "f"]


# -- files deleted or overwritten by interpreter code ---------------------------------------
# Bypass: rm /etc/x was denied, the same delete through the interpreter's own file library
# was allowed (only a recursive delete of / in such code was read).


@pytest.mark.parametrize(
    "command",
    [
        "python -c \"import os; os.remove('/etc/x')\"",
        "python3 -c \"import os; os.unlink(os.path.expanduser('~/.bashrc'))\"",
        "python -c \"import shutil; shutil.rmtree('/var/lib/app')\"",
        "python -c \"from pathlib import Path; Path('/etc/x').unlink()\"",
        "python -c \"open('/etc/hosts', 'w').write('')\"",
        "python -c \"import os; os.replace('build/x', '/usr/bin/x')\"",
        "node -e \"require('fs').unlinkSync('/etc/x')\"",
        "node -e \"require('fs').rmSync('/var/lib/app', {recursive: true})\"",
        "node -e \"require('fs').writeFileSync('/etc/x', '')\"",
        "ruby -e \"File.delete('/etc/x')\"",
        "ruby -e \"require 'fileutils'; FileUtils.rm_rf '/var/lib/app'\"",
        "perl -e 'unlink \"/etc/x\"'",
        "php -r \"unlink('/etc/x');\"",
        "echo \"import os; os.remove('/etc/x')\" | python3",
        "python3 - <<'EOF'\nimport os\nos.remove('/etc/x')\nEOF",
    ],
)
def test_interpreter_deletes_outside_are_denied(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == OUTSIDE


@pytest.mark.parametrize(
    "command",
    [
        "python -c \"import os; os.remove('build/x')\"",
        'python -c "import os; os.remove(path)"',  # computed: a program, not read
        "python -c \"print(open('/etc/os-release').read())\"",
        "python -c \"xs = ['/etc/x']; xs.remove('/etc/x')\"",
        "python -c \"import shutil; shutil.copy('/etc/os-release', 'build/os')\"",
        "node -e \"console.log(require('fs').readFileSync('/etc/os-release', 'utf8'))\"",
        "python3 - <<'EOF'\nprint('hi')\nEOF",
    ],
)
def test_interpreter_reads_and_confined_deletes_are_allowed(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == ALLOW


def test_code_writes_by_family() -> None:
    assert code_writes("python", "os.rename('/a', '/b')") == [("/a", "delete"), ("/b", "overwrite")]
    assert code_writes("lua", "io.open('/x', 'w')") == [("/x", "overwrite")]
    assert code_writes("python", "open('/x', mode='rb')") == []
    assert code_writes("perl", "print 1") == []
    # a name of another language's library is not read in this one
    assert code_writes("python", "fs.unlinkSync('/x')") == []


# -- host paths mounted into a container ----------------------------------------------------
# Bypass: docker run -v /:/host alpine rm -rf /host/etc was allowed: the delete names a
# container path. A write under a writable bind mount is the host path's (engine/containers.py).


@pytest.mark.parametrize(
    "command",
    [
        "docker run -v /:/host alpine rm -rf /host/etc",
        "docker run --rm -it -v /:/host alpine sh -c 'rm -rf /host/etc'",
        "docker run -v/etc:/e alpine rm /e/passwd",
        "docker run --mount type=bind,source=/var,target=/v alpine rm -rf /v/lib",
        "docker run -w /host -v /:/host alpine rm -rf etc",
        "docker run --entrypoint rm -v /:/h alpine -rf /h/etc",
        "docker container run -itv /:/host alpine rm -rf /host/root",
        "podman run -v ~/:/h alpine sh -c 'cd /h && rm -rf .ssh'",
        "docker run -v /etc:/e alpine sh -c 'echo x > /e/hosts'",
        "docker run -v /:/host:ro alpine rm -rf /host/etc",  # (its submounts may be writable)
    ],
)
def test_deletes_through_bind_mounts_are_judged_as_host_paths(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == OUTSIDE


@pytest.mark.parametrize(
    "command",
    [
        # read-only and no writable submount (engine/container_mounts: -v /:/host:ro is not)
        "docker run --mount type=bind,src=/,dst=/h,readonly,bind-recursive=readonly alpine"
        " rm -rf /h/etc",
        "docker run -v data:/d alpine rm -rf /d/x",  # a named volume
        "docker run -v /:/host alpine rm -rf /tmp/x",  # the container's own path
        "docker run -v $PWD:/src node:20 sh -c 'cd /src && rm -rf node_modules'",
        "docker run -v ./build:/out alpine rm -rf /out/cache",
        "docker run -v /var/run/docker.sock:/var/run/docker.sock alpine ls",
        "docker build -t x .",
    ],
)
def test_container_runs_that_write_nothing_outside_are_allowed(
    tmp_path: Path, command: str
) -> None:
    assert _run(tmp_path, command) == ALLOW


def test_a_computed_mount_source_makes_its_writes_asked(tmp_path: Path) -> None:
    command = 'docker run -v "$(pwd)":/src alpine rm -rf /src/build'
    assert _run(tmp_path, command) == ("ask", "action.delete_outside")


# -- $PWD is the current directory ----------------------------------------------------------
# False positive: rm -rf $PWD/build was asked (a value computed at run time); $PWD is the
# directory the command runs in, joined with any cd before it.


def test_pwd_is_the_current_directory(tmp_path: Path) -> None:
    assert _run(tmp_path, "rm -rf $PWD/build") == ALLOW
    assert _run(tmp_path, 'rm -rf "${PWD}/dist"') == ALLOW
    assert _run(tmp_path, "cd /etc && rm -rf $PWD") == OUTSIDE
    assert _run(tmp_path, "cd /etc && rm -rf $PWD/x") == OUTSIDE


# -- in-place edits by perl and ruby -------------------------------------------------------
# Bypass: perl -pi -e CODE /etc/hosts rewrites the file as sed -i does; it was read as a read.


@pytest.mark.parametrize(
    "command",
    [
        "perl -pi -e 's/a/b/' /etc/hosts",
        "perl -i -pe 's/a/b/' /etc/x",
        "perl -i.bak -p -e 's/a/b/' /etc/x",
        "perl -lpi -e 's/a/b/' /etc/x",
        "perl -Ilib -pi -e 's/a/b/' /etc/x",
        "ruby -i -pe 'x' /etc/x",
    ],
)
def test_in_place_edits_outside_are_denied(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == OUTSIDE


@pytest.mark.parametrize(
    "command",
    [
        "perl -pi -e 's/a/b/' src/x.txt",
        "perl -ne 'print if /x/' build/log",
        "perl -lne 'print' build/log",
        "perl -MFile::Basename -e 'print 1' build/log",
    ],
)
def test_perl_reads_and_confined_edits_are_allowed(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == ALLOW


# -- commands typed into another terminal ---------------------------------------------------
# Bypass: tmux send-keys -t 0 'rm -rf ~/x' Enter only sends keys; the shell in that pane runs
# them. The typed text is parsed like sh -c (engine/typed_input.py).


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("tmux send-keys -t 0 'rm -rf ~/x' Enter", OUTSIDE),
        ("tmux send -t dev 'rm -rf ' '~/x' C-m", OUTSIDE),
        ("tmux -S /tmp/s send-keys -t 0 'echo cm0gLXJmIC8= | base64 -d | sh' Enter",
         ("ask", "action.command_opaque")),
        ("screen -S w -X stuff 'rm -rf ~/x^M'", OUTSIDE),
    ],
)  # fmt: skip
def test_typed_commands_are_read(tmp_path: Path, command: str, expected: tuple[str, str]) -> None:
    assert _run(tmp_path, command) == expected


@pytest.mark.parametrize(
    "command",
    [
        "tmux send-keys -t 0 'make test' Enter",
        "tmux send-keys -t 0 C-c",
        "tmux new -d -s dev",
        "tmux send-keys -l -t 0 'ls'",
        "screen -ls",
    ],
)
def test_ordinary_terminal_use_is_allowed(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == ALLOW
