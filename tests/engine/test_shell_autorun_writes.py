"""Every writer the shell guard reads is judged at a credential or auto-run path as ``cp``'s
destination is (``action.credential_write``), once per command.

``touch .envrc``, ``dd of=.git/config``, ``sort -o .env``, ``tar -C .git/hooks -xf x.tar``
and ``unzip -d .husky x.zip`` were allowed unasked inside the project while ``cp x .envrc``
was asked about. An archive extracted or a patch applied at the project's root writes names
no rule can read (an archive carrying ``.git/hooks/post-checkout`` or ``.vscode/tasks.json``):
asked about; into a plain subdirectory it is not. Near misses: the same programs writing
ordinary files inside the allowed paths.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run as _run
from tests.engine._shell_session import session as _session

from cordon.engine.autorun_writes import copied_names, member_dirs
from cordon.engine.core import Engine

ALLOW = ("allow", "default.allow")
ASKED = ("ask", "action.credential_write")


AUTORUN_WRITES = [
    "touch .envrc",
    "touch -d yesterday .husky/pre-commit",
    "dd of=.git/config if=x",
    "dd if=x of=.vscode/tasks.json bs=1k",
    "sort -o .env in.txt",
    "sort --output=.mcp.json in.txt",
    "install x .git/hooks/pre-commit",
    "install -m 755 -t .husky x",
    "ln -s /tmp/x .git/hooks/pre-commit",
    "ln -sf ../evil .githooks/pre-push",
    "ln x .envrc",
    "rsync x .envrc",
    "scp host:x .git/hooks/post-checkout",
    "truncate -s 0 .envrc",
    "split -l 10 x .husky/pre",
    "split -l 1 x .env.",
    "csplit -f .husky/pre x 5",
    "echo x | tee -a .envrc",
    "curl -o .envrc https://example.com/x",
    "curl -o tasks.json --output-dir .vscode https://example.com/x",
    "curl -O --output-dir .git/hooks https://example.com/pre-commit",
    "curl -sSLO https://example.com/.envrc",
    "wget -O .envrc https://example.com/x",
    "wget -P .husky https://example.com/pre-commit",
    "wget https://example.com/.envrc",
    "patch .envrc x.patch",
    "openssl enc -d -in x -out .github/workflows/ci.yml",
    "gzip -dc x.gz | tee .git/config",
    "mkdir -p .git/hooks",
    "cd .git && touch config",
    "tar -C .git/hooks -xf x.tar",
    "tar --directory=.husky -xzf x.tgz",
    "unzip -d .husky x.zip",
    "unzip -qo x.zip -d .github/workflows",
    "7z x x.7z -o.vscode",
    "tar -xf x.tar -C .github",  # (holds workflows/)
    "unzip x.zip -d .git",  # (holds hooks/ and config)
    "scp host:x/.envrc .",  # (into a directory: ./.envrc)
    "cp -r /tmp/cfg/.vscode ./",
    "ln -s /tmp/evil/.envrc",
    "rsync -a host:cfg/.husky .",
    "cd .git && scp host:x hooks/pre-commit",
    # (writers the guard did not read: busybox's applets, fallocate, git's --output)
    "busybox touch .envrc",
    "busybox dd of=.git/hooks/pre-commit if=x",
    "fallocate -l 1k .envrc",
    "git diff --output=.envrc",
    "git log -p --output .git/hooks/pre-commit",
    "git show HEAD:x --output=.vscode/tasks.json",
]


@pytest.mark.parametrize("command", AUTORUN_WRITES)
def test_a_write_at_an_auto_run_path_is_asked(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == ASKED


UNKNOWN_MEMBERS_AT_A_ROOT = [
    "tar -xzf x.tgz",
    "tar xf x.tar",
    "tar -xzf x.tgz -C .",
    "tar -xzf x.tgz -C ./",
    "tar -xf x.tar -C build/..",
    "tar -xf x.tar -C {project}",
    "cd build && tar -xf ../x.tar -C ..",
    "tar -xf x.tar -C build --transform 's,^,../,'",
    "unzip x.zip",
    "unzip -o build/x.zip -d .",
    "7z x x.7z",
    "cpio -id < x.cpio",
    "patch -p1 < x.patch",
    "patch -p1 -i x.patch",
    "git apply x.patch",
    "git am 0001-x.patch",
    "curl -OJ https://example.com/x",
    "wget --content-disposition https://example.com/x",
    "wget -r -nH https://example.com/",
    "tar -xf x.tar -C $DIR",
    "rsync -a host:dir/ .",
    "rsync -a template/ ./",
    "cp -r tpl/. .",
    "scp 'host:d/*' .",
    "ar x lib.a",
    "ar -xv lib.a",
    "jar xf app.jar",
    "jar --extract --file app.jar",
]


@pytest.mark.parametrize("command", UNKNOWN_MEMBERS_AT_A_ROOT)
def test_members_no_rule_can_list_written_at_the_root_are_asked(
    tmp_path: Path, command: str
) -> None:
    command = command.replace("{project}", str(tmp_path / "project"))
    verdict, rule = _run(tmp_path, command)
    assert verdict == "ask"
    assert rule in ("action.credential_write", "action.delete_outside")


BENIGN = [
    "tar -xzf a.tgz -C build/",
    "tar -xzf release.tar.gz -C build/",
    "tar xzf build/release.tgz -C build/x",
    "tar czf build/release.tgz src",
    "tar tzf build/release.tgz",
    "unzip -d build x.zip",
    "unzip -l build/site.zip",
    "7z x x.7z -obuild/x",
    "7z a out.7z src",
    "cpio -i -D build/x -F x.cpio",
    "cpio -o > build/out.cpio < list",
    "touch src/new.py",
    "touch .gitignore",
    "sort -o out.txt in.txt",
    "curl -o dist/x.json https://example.com/x",
    "curl -fsSLO https://example.com/x.tar.gz",
    "curl -O --output-dir dist https://example.com/x.json",
    "curl -OJ --output-dir dist https://example.com/x",
    "wget -O dist/x.json https://example.com/x",
    "wget https://example.com/x.tar.gz",
    "wget -P downloads https://example.com/x.tar.gz",
    "wget -r https://example.com/",
    "wget -qO- https://example.com/x.json",
    "dd if=/dev/zero of=build/blank bs=1k count=1",
    "install -m 755 scripts/run.sh bin/run",
    "ln -s ../src/a.py lib/a.py",
    "truncate -s 0 log.txt",
    "echo x | tee -a log.txt",
    "split -l 10 x parts/p",
    "csplit -f parts/x x 5",
    "patch -p1 -d vendor/lib < fix.patch",
    "patch --dry-run -p1 < fix.patch",
    "patch src/a.py fix.patch",
    "git apply --check fix.patch",
    "git apply --stat fix.patch",
    "mkdir -p .github/ISSUE_TEMPLATE",
    "rsync -a src/ backup/",
    "scp -r host:dir .",
    "scp host:x/notes.txt .",
    "cp -r src build",
    "ln -s ../shared shared",
    "git checkout -b feature/x",
    "git pull --rebase",
    "busybox touch src/new.py",
    "fallocate -l 1M build/blob",
    "git diff --output=build/x.diff",
    "git log --oneline -n 5",
    "git show HEAD:src/a.py",
    "ar t lib.a",
    "jar tf build/app.jar",
    "cd build && jar xf app.jar",
    "cd build && ar x ../lib.a",
]


@pytest.mark.parametrize("command", BENIGN)
def test_ordinary_writes_inside_the_allowed_paths_stay_allowed(
    tmp_path: Path, command: str
) -> None:
    assert _run(tmp_path, command) == ALLOW


def test_outside_the_allowed_paths_the_deny_stays(tmp_path: Path) -> None:
    assert _run(tmp_path, "touch /etc/profile.d/x.sh") == ("deny", "action.delete_outside")
    assert _run(tmp_path, "tar -xf x.tar -C /etc") == ("deny", "action.delete_outside")
    assert _run(tmp_path, "sudo touch ~/.bashrc") == ("deny", "action.delete_outside")


@pytest.mark.parametrize("command", ["sudo touch ~/.bashrc", "tar -xf x.tar -C ~"])
def test_without_prefixes_the_home_directory_is_asked_about_as_auto_run(
    tmp_path: Path, command: str
) -> None:
    v = _session(tmp_path, prefixes=False).check("run_command", {"command": command})
    assert v.verdict == "ask"
    assert "credential or auto-run path" in v.reason, v.reason


@pytest.mark.parametrize(
    "command",
    ["cp x .envrc", "touch .envrc; dd of=.git/config if=x", "tar -xf x.tar -C .git/hooks"],
)
def test_one_ask_per_command(tmp_path: Path, command: str) -> None:
    v = _session(tmp_path).check("run_command", {"command": command})
    assert (v.verdict, v.rule) == ASKED
    assert "approvals needed together" not in v.reason, v.reason


def test_a_trusted_tool_is_not_asked(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    tool = {"executes": True, "exfiltrating": False, "base_dir": str(project)}
    eng = Engine.from_policy(
        [{"tools": {"run_command": tool}, "allowed_path_prefixes": [str(project)],
          "trust_tools": ["run_command"]}]
    )  # fmt: skip
    eng.pin_tools([{"name": "run_command", "inputSchema": {"type": "object"}}])
    v = eng.new_session().check("run_command", {"command": "touch .envrc"})
    assert v.verdict == "allow"


@pytest.mark.parametrize(
    ("prog", "args", "dirs"),
    [
        ("tar", ("-xf", "x.tar", "-C", "out"), ["out"]),
        ("tar", ("xf", "x.tar"), ["."]),
        ("tar", ("czf", "x.tgz", "src"), []),
        ("unzip", ("-qd", "out", "x.zip"), ["out"]),
        ("unzip", ("-l", "x.zip"), []),
        ("7z", ("x", "x.7z", "-oout"), ["out"]),
        ("7z", ("a", "x.7z", "src"), []),
        ("cpio", ("-idv",), ["."]),
        ("cpio", ("-o",), []),
        ("patch", ("-p1", "-d", "sub"), ["sub"]),
        ("patch", ("a.py", "x.patch"), []),
        ("git", ("-C", "sub", "apply", "x.patch"), ["./sub"]),
        ("git", ("apply", "--numstat", "x.patch"), []),
        ("git", ("checkout", "main"), []),
        ("git", ("am", "--abort"), []),
        ("git", ("am", "--continue"), ["."]),
    ],
)
def test_member_dirs(prog: str, args: tuple[str, ...], dirs: list[str]) -> None:
    assert member_dirs(prog, args) == dirs


@pytest.mark.parametrize(
    ("prog", "args", "found"),
    [
        ("cp", ("a/.envrc", "."), (["./.envrc"], [])),
        ("cp", ("-t", "d", "a", "b/c"), (["d/a", "d/c"], [])),
        ("ln", ("-s", "/x/y"), (["./y"], [])),
        ("rsync", ("-a", "-e", "ssh", "host:src/", "out"), ([], ["out"])),
        ("scp", ("host:d/*", "."), ([], ["."])),
        ("cp", ("only",), ([], [])),
        ("cat", ("a", "b"), ([], [])),
    ],
)
def test_copied_names(prog: str, args: tuple[str, ...], found: tuple[list[str], list[str]]) -> None:
    assert copied_names(prog, args) == found


INSTALL_SCRIPTS = [
    """echo '{"name": "x", "scripts": {"postinstall": "node x.js"}}' > package.json""",
    """printf '{"scripts":{"prepare":"sh x"}}' > web/package.json""",
    'cat > package.json <<\'EOF\'\n{"name": "x", "scripts": {"preinstall": "sh x"}}\nEOF',
    """cd web && echo '{"scripts": {"install": "node-gyp rebuild"}}' > package.json""",
]


@pytest.mark.parametrize("command", INSTALL_SCRIPTS)
def test_a_package_json_written_with_an_install_script_is_asked(
    tmp_path: Path, command: str
) -> None:
    """The text the string writes is known (``echo``, ``printf``, ``cat <<EOF``): read as a
    file tool's content is (npm runs an install script on every ``npm install``)."""
    v = _session(tmp_path).check("run_command", {"command": command})
    assert (v.verdict, v.rule) == ASKED
    assert "install" in v.reason, v.reason


@pytest.mark.parametrize(
    "command",
    [
        """echo '{"name": "x", "scripts": {"test": "jest", "build": "tsc"}}' > package.json""",
        "cp template/package.json package.json",
        'echo \'{"scripts": {"postinstall": "x"}}\' > notes/package.json.txt',
    ],
)
def test_other_package_json_writes_are_not_asked(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == ALLOW
