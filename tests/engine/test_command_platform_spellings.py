"""A path inside a command given to a shell-like tool (bash, cmd.exe, PowerShell) read in the
platforms' spellings, as a path argument is (engine/commands_paths.py through
args.resolved_readings): a Windows server's trailing dots and spaces and ``::$DATA``
stream, a leading home variable, backslashes, and 8.3 aliases (one matcher:
engine/short_names.may_alias, also for the credential and auto-run names). A read of a
credential file or one under ``sensitive_paths`` is ``action.sensitive_read``; a write of one
of cordon's files is ``action.cordon_state``. Near misses (a project file whose name ends
in a dot, ``HEAD~1``, the alias of another file) stay as they were."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cordon import Engine
from cordon.engine.args import resolved_readings
from cordon.engine.credential_paths import is_credential_path
from cordon.engine.short_names import may_alias

TOOLS = [
    {"name": n, "inputSchema": {"type": "object", "properties": {"command": {"type": "string"}}}}
    for n in ("run_command", "powershell")
]


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    home, proj = tmp_path / "home", tmp_path / "home" / "project"
    proj.mkdir(parents=True)
    (home / ".cordon").mkdir()
    (home / "private").mkdir()
    (proj / "cordon-policy.yaml").write_text("version: 1\n", "utf-8")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(proj)
    return home, proj


def _session(home: Path, proj: Path) -> Any:
    doc: dict[str, Any] = {
        "version": 1,
        # absolute: a listed prefix is resolved once per process (each test has its own HOME)
        "sensitive_paths": [str(home / "private"), str(proj / "secret.txt")],
        "tools": {t: {"base_dir": str(proj)} for t in ("run_command", "powershell")},
    }
    own = [str(proj / "cordon-policy.yaml"), str(home / ".cordon"), str(proj / "pins.json")]
    engine = Engine.from_policy([doc], state_paths=own)
    engine.pin_tools(TOOLS)
    return engine.new_session()


def _check(tree: tuple[Path, Path], tool: str, command: str) -> Any:
    s = _session(*tree)
    return s.check(tool, {"command": command})


#: (tool, command): each reads a credential file or one under sensitive_paths
READS = [
    ("run_command", "type %USERPROFILE%\\.ssh\\id_rsa"),
    ("run_command", "cmd /c type %USERPROFILE%\\.ssh\\id_rsa"),
    ("powershell", "Get-Content $env:USERPROFILE\\.aws\\credentials"),
    ("powershell", "Get-Content ${env:USERPROFILE}\\.aws\\credentials"),
    ("run_command", "cat $HOME/.ssh/id_rsa"),
    ("run_command", "more C:.env"),
    ("run_command", "cmd /c more C:.env"),
    ("run_command", "copy .env. x"),
    ("run_command", "type GITCON~1"),
    ("run_command", "cmd /c type GITCON~1"),
    ("run_command", "cat ENV~1"),
    ("run_command", "cat ENV~1.PRO"),  # (.env.production)
    ("run_command", "cat .env::$DATA"),  # (bash: .env:: and a variable; Windows: .env)
    ("run_command", "cmd /c type .env::$DATA"),
    ("run_command", "cat secret.txt."),
    ("run_command", "cat 'secret.txt '"),
    ("run_command", "cat secret.txt::$DATA"),
    ("run_command", "cat 'secret.txt::$DATA'"),
    ("run_command", "type secret.txt."),
    ("run_command", "cmd /c type secret.txt::$DATA"),
    ("run_command", "type SECRET~1.TXT"),
    ("run_command", "cat '..\\project\\secret.txt'"),
    ("run_command", "cmd /c type %USERPROFILE%\\private\\notes."),
    ("run_command", "cat '%USERPROFILE%\\private\\notes'"),
    ("run_command", "cat ~/PRIVAT~1/notes"),
    ("powershell", "Get-Content secret.txt."),
    ("powershell", "Get-Content 'secret.txt::$DATA'"),
    ("powershell", "Get-Content -Path SECRET~1.TXT"),
]


@pytest.mark.parametrize(("tool", "command"), READS)
def test_a_read_in_a_platforms_spelling_is_asked(
    tree: tuple[Path, Path], tool: str, command: str
) -> None:
    v = _check(tree, tool, command)
    assert (v.verdict, v.rule) == ("ask", "action.sensitive_read"), (command, v)


#: (tool, command): each writes or deletes one of cordon's files
WRITES = [
    ("run_command", "echo x > cordon-policy.yaml."),
    ("run_command", "echo x > 'cordon-policy.yaml '"),
    ("run_command", "echo x > 'cordon-policy.yaml::$DATA'"),
    ("run_command", "echo x > cordon-policy.yaml::$DATA"),
    ("run_command", "echo x > CORDON~1.YAM"),
    ("run_command", "echo x > pins.json."),
    ("run_command", "echo x > PINS~1.JSO"),
    ("run_command", "cp notes.txt cordon-policy.yaml."),
    ("run_command", "mv notes.txt CORDON~1.YAM"),
    ("run_command", "rm cordon-policy.yaml."),
    ("run_command", "rm -r ~/.cordon."),
    ("run_command", "rm -r ~/CORDON~1"),
    ("run_command", "echo x > ~/CORDON~1/approvals.json"),
    ("run_command", "echo x > '$HOME/.cordon/approvals.json'"),
    ("run_command", "cmd /c echo x > cordon-policy.yaml."),
    ("run_command", "cmd /c echo x > CORDON~1.YAM"),
    ("run_command", "cmd /c echo x > cordon-policy.yaml::$DATA"),
    ("run_command", "cmd /c echo x > %USERPROFILE%\\CORDON~1\\approvals.json"),
    ("powershell", "Set-Content cordon-policy.yaml. x"),
    ("powershell", "Set-Content 'cordon-policy.yaml::$DATA' x"),
    ("powershell", "Set-Content -Path CORDON~1.YAM -Value x"),
    ("powershell", '"x" | Out-File CORDON~1.YAM'),
    ("powershell", '"x" | Out-File cordon-policy.yaml.'),
    ("powershell", "Set-Content ${env:USERPROFILE}\\.cordon\\approvals.json x"),
]


@pytest.mark.parametrize(("tool", "command"), WRITES)
def test_a_write_of_cordons_state_in_a_platforms_spelling_is_denied(
    tree: tuple[Path, Path], tool: str, command: str
) -> None:
    v = _check(tree, tool, command)
    assert (v.verdict, v.rule) == ("deny", "action.cordon_state"), (command, v)


@pytest.mark.parametrize(
    "command",
    [
        "cat notes.",
        "echo x > notes.",
        "cat HEAD~1",
        "git diff HEAD~1",
        "git log -3 main~2",
        "cat README~1",
        "cat dev~1",
        "echo x > NOTES~1.MD",
        "echo x > CORDON~1.TXT",
        "echo x > cordon-policy~1.yaml",
        "cat notes.txt",
        "type notes.txt",
        "cmd /c more notes.txt",
        "cat secret.txt.bak",
    ],
)
def test_near_misses_stay_allowed(tree: tuple[Path, Path], command: str) -> None:
    v = _check(tree, "run_command", command)
    assert v.verdict == "allow", (command, v)


def test_one_alias_matcher() -> None:
    """``may_alias`` reads an alias's base as all of the long name's stem or as much as
    the alias holds, its extension as the long name's first three; the hashed form."""
    assert may_alias("GITCON~1", ".gitconfig")
    assert may_alias("ENV~1.LOC", ".env.local")
    assert may_alias("CORDON~1.YAM", "cordon-policy.yaml")
    assert may_alias("CORDO~10.YAM", "cordon-policy.yaml")  # (past ~9: five characters)
    assert may_alias("CO1A2B~1.YAM", "cordon-policy.yaml")
    assert may_alias("CORDON~1", "cordon-policy.yaml")  # (extension left off: fail closed)
    assert not may_alias("CORDON~1.TXT", "cordon-policy.yaml")
    assert not may_alias("CORDON~1.YAM", ".cordon")  # (a name with no extension)
    assert not may_alias("E~1", ".env")
    assert not may_alias("DEV~1", ".devcontainer")
    assert not may_alias("HEAD~1", "hooks")
    assert not may_alias("notes.md~", "notes.md")


def test_a_credential_files_alias_is_one_read_or_written() -> None:
    for name in ("GITCON~1", "ENV~1", "ENV~1.PRO", "~/SSH~1/config", "proj/MCP~1.JSO"):
        assert is_credential_path(name, reads=True), name
        assert is_credential_path(name), name
    for name in ("HEAD~1", "README~1", "dev~1", "foo~1.txt", "AB1234~1"):
        assert not is_credential_path(name, reads=True), name
        assert not is_credential_path(name), name
    # an auto-run file holds no credential: asked when written, not when read
    assert is_credential_path("AGENTS~1.MD") and not is_credential_path("AGENTS~1.MD", reads=True)


def test_resolved_readings() -> None:
    def resolve(p: str) -> str | None:
        return p.replace("~", "/h", 1) if p.startswith("~") else "/h/p/" + p

    listed = ("/h/p/cordon-policy.yaml",)
    assert resolved_readings("notes.txt", resolve, lambda: listed) == ["/h/p/notes.txt"]
    got = resolved_readings("%USERPROFILE%\\.cordon\\a.json", resolve)
    assert "/h/.cordon/a.json" in got
    assert "/h/p/cordon-policy.yaml" in resolved_readings("cordon-policy.yaml.", resolve)
    assert "/h/p/cordon-policy.yaml" in resolved_readings("CORDON~1.YAM", resolve, lambda: listed)
    called: list[int] = []
    resolved_readings("a.txt", resolve, lambda: called.append(1) or listed)
    assert not called  # (the list is read only for a name shaped like an alias)
