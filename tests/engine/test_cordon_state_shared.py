"""``action.cordon_state`` for the client's other cordon processes: a write to the policy,
pin file or audit log another process of the client published (``Engine.shared_state_paths``)
is denied like a write to one's own, as written, through ``..`` or a symbolic link, also
when published after this session started; a list that cannot be read denies every write
(fail closed) and nothing else."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cordon import Engine
from cordon.policy import load_policy

SCHEMA = {"type": "object"}
TOOLS = [
    {"name": n, "description": d, "inputSchema": SCHEMA}
    for n, d in [
        ("write_file", "Write a file."),
        ("edit_file", "Edit a file."),
        ("move_file", "Move a file."),
        ("delete_file", "Delete a file."),
        ("read_text_file", "Read a file."),
    ]
]


class _List:
    """A stand-in for :class:`cordon.store.SharedStatePaths`."""

    def __init__(self, paths: list[str]) -> None:
        self.published = paths
        self.broken = False
        self.reads = 0

    def paths(self) -> tuple[str, ...]:
        self.reads += 1
        if self.broken:
            raise OSError("unreadable")
        return tuple(self.published)


def _session(tmp_path: Path, listed: _List, trust: bool = False) -> Any:
    (tmp_path / "proj").mkdir()
    (tmp_path / "proj" / "base.yaml").write_text("version: 1\n", "utf-8")
    (tmp_path / "proj" / "link.yaml").symlink_to("base.yaml")
    doc: dict[str, Any] = {"version": 1}
    if trust:
        doc["trust_tools"] = ["write_file", "edit_file", "move_file", "delete_file"]
    own = [str(tmp_path / "proj" / "own.yaml"), str(tmp_path / "home" / ".cordon")]
    engine = Engine(load_policy([doc]), state_paths=own, shared_state_paths=listed)
    engine.pin_tools(TOOLS)
    return engine.new_session()


CALLS = [
    ("write_file", {"path": "{t}/proj/base.yaml", "content": "secrets: {{env_credentials: off}}"}),
    ("write_file", {"path": "{t}/proj/sub/../base.yaml", "content": "x"}),
    ("write_file", {"path": "{t}/proj/link.yaml", "content": "x"}),  # through a link
    ("edit_file", {"path": "{t}/proj/base.yaml", "newText": "x"}),
    ("move_file", {"source": "{t}/proj/base.yaml", "destination": "{t}/proj/old.yaml"}),
    ("move_file", {"source": "{t}/proj/new.yaml", "destination": "{t}/proj/base.yaml"}),
    ("delete_file", {"path": "{t}/proj/base.yaml"}),
    ("write_file", {"path": "{t}/other/audit.jsonl.1", "content": "x"}),
]


@pytest.mark.parametrize(("tool", "args"), CALLS)
@pytest.mark.parametrize("trust", [False, True])
def test_a_write_to_another_processs_files_is_denied(
    tmp_path: Path, tool: str, args: dict[str, str], trust: bool
) -> None:
    listed = _List([])
    s = _session(tmp_path, listed, trust)
    # published after the session started: read at the call
    listed.published = [
        str(tmp_path / "proj" / "base.yaml"),
        str(tmp_path / "other" / "audit.jsonl.1"),
    ]
    v = s.check(tool, {k: v.format(t=tmp_path) for k, v in args.items()})
    assert (v.verdict, v.rule) == ("deny", "action.cordon_state"), v
    assert "another cordon process" in v.reason


@pytest.mark.parametrize(
    ("tool", "args"),
    [
        ("move_file", {"source": "{t}/proj", "destination": "{t}/gone"}),
        ("delete_file", {"path": "{t}/proj"}),
        ("move_file", {"source": "{t}/home", "destination": "{t}/h2"}),  # holds ~/.cordon
    ],
)
def test_moving_or_deleting_a_directory_that_holds_one_is_denied(
    tmp_path: Path, tool: str, args: dict[str, str]
) -> None:
    s = _session(tmp_path, _List([str(tmp_path / "proj" / "base.yaml")]), trust=True)
    v = s.check(tool, {k: v.format(t=tmp_path) for k, v in args.items()})
    assert (v.verdict, v.rule) == ("deny", "action.cordon_state"), v


def test_writing_into_a_directory_that_holds_one_is_not(tmp_path: Path) -> None:
    s = _session(tmp_path, _List([str(tmp_path / "proj" / "base.yaml")]), trust=True)
    for tool, args in [
        ("move_file", {"source": "{t}/proj/a.md", "destination": "{t}/proj/b.md"}),
        ("write_file", {"path": "{t}/proj/c.md", "content": "x"}),
        ("delete_file", {"path": "{t}/proj/c.md"}),
    ]:
        v = s.check(tool, {k: v.format(t=tmp_path) for k, v in args.items()})
        assert v.rule != "action.cordon_state", (tool, v)


def test_ones_own_files_keep_their_reason_and_other_writes_and_reads_pass(
    tmp_path: Path,
) -> None:
    listed = _List([str(tmp_path / "proj" / "base.yaml")])
    s = _session(tmp_path, listed)
    own = s.check("write_file", {"path": str(tmp_path / "proj" / "own.yaml"), "content": "x"})
    assert (own.verdict, own.rule) == ("deny", "action.cordon_state")
    assert "own state" in own.reason
    ok = s.check("write_file", {"path": str(tmp_path / "proj" / "notes.md"), "content": "x"})
    assert ok.verdict == "allow", ok
    read = s.check("read_text_file", {"path": str(tmp_path / "proj" / "base.yaml")})
    assert read.rule != "action.cordon_state"


def test_an_unreadable_list_denies_every_write_and_nothing_else(tmp_path: Path) -> None:
    listed = _List([])
    s = _session(tmp_path, listed, trust=True)
    listed.broken = True
    v = s.check("write_file", {"path": str(tmp_path / "proj" / "notes.md"), "content": "x"})
    assert (v.verdict, v.rule) == ("deny", "action.cordon_state"), v
    assert v.details == {"matched": "list unreadable"}
    read = s.check("read_text_file", {"path": str(tmp_path / "proj" / "notes.md")})
    assert read.verdict == "allow", read


def test_the_list_is_read_only_for_a_call_that_writes_a_path(tmp_path: Path) -> None:
    listed = _List([])
    s = _session(tmp_path, listed)
    s.check("read_text_file", {"path": str(tmp_path / "proj" / "notes.md")})
    assert listed.reads == 0
    s.check("write_file", {"path": str(tmp_path / "proj" / "notes.md"), "content": "x"})
    assert listed.reads == 1


SHELL = [{"name": "run_command", "description": "Run.", "inputSchema": SCHEMA}]


def _shell(tmp_path: Path, listed: _List) -> Any:
    (tmp_path / "proj").mkdir()
    doc = {
        "version": 1,
        "allowed_path_prefixes": [str(tmp_path)],
        "trust_tools": ["run_command"],
        "tools": {"run_command": {"base_dir": str(tmp_path / "proj")}},
    }
    engine = Engine(load_policy([doc]), shared_state_paths=listed)
    engine.pin_tools(SHELL)
    return engine.new_session()


@pytest.mark.parametrize(
    "command",
    [
        "printf 'secrets: {{env_credentials: off}}' > {t}/proj/base.yaml",
        "rm {t}/proj/base.yaml",
        "echo x > ../proj/base.yaml",
        "cp /dev/null {t}/other/audit.jsonl",
    ],
)
def test_a_shell_command_overwriting_another_processs_files_is_denied(
    tmp_path: Path, command: str
) -> None:
    listed = _List([str(tmp_path / "proj" / "base.yaml"), str(tmp_path / "other" / "audit.jsonl")])
    s = _shell(tmp_path, listed)
    v = s.check("run_command", {"command": command.format(t=tmp_path)})
    assert (v.verdict, v.rule) == ("deny", "action.cordon_state"), v
    assert "another cordon process" in v.reason
    ok = s.check("run_command", {"command": f"echo x > {tmp_path}/proj/notes.md"})
    assert ok.rule != "action.cordon_state", ok
    listed.broken = True
    v = s.check("run_command", {"command": f"echo x > {tmp_path}/proj/notes.md"})
    assert (v.verdict, v.rule) == ("deny", "action.cordon_state"), v


@pytest.mark.parametrize("command", ["rm -rf {t}/proj", "mv {t}/proj {t}/gone", "rm -r ../proj"])
def test_a_shell_command_deleting_a_directory_that_holds_one_is_denied(
    tmp_path: Path, command: str
) -> None:
    s = _shell(tmp_path, _List([str(tmp_path / "proj" / "base.yaml")]))
    v = s.check("run_command", {"command": command.format(t=tmp_path)})
    assert (v.verdict, v.rule) == ("deny", "action.cordon_state"), v
    ok = s.check("run_command", {"command": f"rm -f {tmp_path}/proj/notes.md"})
    assert ok.rule != "action.cordon_state", ok
