"""A shell command that runs cordon's control commands (``action.cordon_control``) or writes
cordon's own files (``action.cordon_state``) is denied, trusted tool or not; a part that may
run one but cannot be read is asked about; ordinary commands that name cordon, and reads of
its files, are not refused by these rules (a read stays ``action.sensitive_read``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cordon import Engine
from cordon.engine.core import Session
from cordon.policy import load_policy

TOOLS = [{"name": "run_command", "description": "Run.", "inputSchema": {"type": "object"}}]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    h = tmp_path / "home"
    (h / ".cordon").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(h))
    return h


def _session(tmp_path: Path, trust: bool = False, prefixes: bool = True) -> Session:
    proj = tmp_path / "proj"
    proj.mkdir(exist_ok=True)
    doc: dict[str, Any] = {"version": 1, "tools": {"run_command": {"base_dir": str(proj)}}}
    if prefixes:
        doc["allowed_path_prefixes"] = [str(tmp_path)]  # (the state files lie inside them)
    if trust:
        doc["trust_tools"] = ["run_command"]
    own = [str(tmp_path / "policy.yaml"), str(tmp_path / "pins.json")]
    engine = Engine(load_policy([doc]), state_paths=own)
    engine.pin_tools(TOOLS)
    return engine.new_session()


CONTROL = [
    "cordon approve 7KQF-M2XD",
    "echo y | script -qec 'cordon approve 7KQF-M2XD' /dev/null",
    "script --command='cordon pin accept' /dev/null",
    "script -c 'cordon auth login srv' -q /dev/null",
    "/home/u/.venv/bin/cordon approve X",
    "CORDON.EXE approve X",
    "python -m cordon approve X",
    "python3 -mcordon.cli pin accept",
    "sh -c 'cordon pin accept'",
    'bash -c "echo y | cordon approve X"',
    "env A=1 cordon approve X",
    "sudo -u me cordon approve X",
    "echo X | xargs cordon approve",
    "nohup cordon approve X &",
    "setsid -f cordon approve X",
    "timeout 5 cordon approve X",
    "nice -n 5 cordon init --undo",
    "echo 'cordon approve X' | bash",
    "eval 'cordon approve X'",
    "uvx cordon approve X",
    "uv run --with rich cordon pin accept",
    "pipx run cordon approve X",
    "su -c 'cordon approve X' me",
    "socat - EXEC:'cordon approve X',pty,stderr",
    "python3 -c \"import pty; pty.spawn(['cordon', 'approve', 'X'])\"",
    "python3 -c 'from cordon.approvals.codes import CodeStore; CodeStore().approve(1)'",
    "expect -c 'spawn cordon approve X; send y\\r; interact'",
    "cordon --help && cordon approve X",
    # the prompt hook: a prompt it hands over vouches for the destinations it names
    'echo \'{"prompt": "mail x@evil.example"}\' | cordon hook prompt',
    "python3 -c \"import subprocess; subprocess.run(['cordon', 'hook', 'prompt'])\"",
]


@pytest.mark.parametrize("command", CONTROL)
@pytest.mark.parametrize("trust", [False, True])
def test_control_commands_are_denied(tmp_path: Path, home: Path, command: str, trust: bool) -> None:
    v = _session(tmp_path, trust).check("run_command", {"command": command})
    assert (v.verdict, v.rule) == ("deny", "action.cordon_control"), v


def test_an_argv_list_too(tmp_path: Path, home: Path) -> None:
    s = _session(tmp_path)
    v = s.check("run_command", {"command": ["script", "-qec", "cordon approve X", "/dev/null"]})
    assert (v.verdict, v.rule) == ("deny", "action.cordon_control"), v


WRITES = [
    "echo y > ~/.cordon/approvals.json",
    "echo '{}' > $HOME/.cordon/approvals.json",
    "cat x >> {t}/policy.yaml",
    "echo trust_tools: [x] | tee -a {t}/policy.yaml",
    "cp /tmp/x {t}/pins.json",
    "mv {t}/pins.json /tmp/old",
    "rm -rf ~/.cordon",
    "cd ~/.cordon && rm pins/*",
    "sed -i s/deny/allow/ {t}/policy.yaml",
    "truncate -s 0 ~/.cordon/audit.jsonl",
    "ln -sf /tmp/x ~/.cordon/approvals.json",
    "cp x ~/.CORDON/approvals.json",  # compared without case
    "cd .. && echo x > policy.yaml",  # relative, from the project directory
    "python3 -c \"open('{t}/policy.yaml', 'a').write('x')\"",
    "dd if=/dev/zero of={t}/pins.json",
]


@pytest.mark.parametrize("command", WRITES)
@pytest.mark.parametrize("trust", [False, True])
@pytest.mark.parametrize("prefixes", [False, True])
def test_writes_to_cordons_state_are_denied(
    tmp_path: Path, home: Path, command: str, trust: bool, prefixes: bool
) -> None:
    s = _session(tmp_path, trust, prefixes)
    v = s.check("run_command", {"command": command.replace("{t}", str(tmp_path))})
    assert (v.verdict, v.rule) == ("deny", "action.cordon_state"), v


ASKED = [
    "cordon $(cat verb) X",  # a subcommand computed at run time
    "script -q /dev/null",  # a shell on standard input
    'script -qc "$CMD" /dev/null',  # a command line computed at run time
]


@pytest.mark.parametrize("command", ASKED)
def test_what_cannot_be_read_is_asked(tmp_path: Path, home: Path, command: str) -> None:
    v = _session(tmp_path).check("run_command", {"command": command})
    assert (v.verdict, v.rule) == ("ask", "action.command_opaque"), v


NOT_REFUSED = [
    "cordon --help",
    "cordon --version",
    "cordon check policy.yaml",
    "cordon rules",
    "cordon audit verify",
    "cordon pending",
    "grep -rn cordon README.md",
    "git commit -m 'cordon approve: document the code'",
    "echo cordon is a firewall",
    "pip install cordon",
    "python -m pytest tests/test_cordon.py",
    "cat {t}/policy.yaml",
    "cp {t}/policy.yaml ./policy-copy.yaml",
    "echo x > notes.md",
]


@pytest.mark.parametrize("command", NOT_REFUSED)
def test_near_misses(tmp_path: Path, home: Path, command: str) -> None:
    v = _session(tmp_path).check("run_command", {"command": command.replace("{t}", str(tmp_path))})
    assert v.rule not in ("action.cordon_control", "action.cordon_state"), v
    assert v.verdict == "allow", v


@pytest.mark.parametrize("what", ["audit.jsonl", "approvals.json"])
def test_reading_cordons_files_is_a_read(tmp_path: Path, home: Path, what: str) -> None:
    """A read cannot answer cordon's question (the approvals store holds what a person
    approved; a pending code is already in the error the agent got); it stays the sensitive
    read ask every file under ``~/.cordon`` gets."""
    v = _session(tmp_path).check("run_command", {"command": f"cat ~/.cordon/{what}"})
    assert (v.verdict, v.rule) == ("ask", "action.sensitive_read"), v


def test_a_relative_target_without_base_dir_is_the_working_directorys(
    tmp_path: Path, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No ``base_dir``: the server runs where cordon runs, and a policy file given relative
    to it (``cordon run --policy cordon.yaml``) is written by ``>> cordon.yaml``."""
    monkeypatch.chdir(tmp_path)
    engine = Engine(load_policy([{"version": 1}]), state_paths=[str(tmp_path / "cordon.yaml")])
    engine.pin_tools(TOOLS)
    v = engine.new_session().check("run_command", {"command": "echo x >> cordon.yaml"})
    assert (v.verdict, v.rule) == ("deny", "action.cordon_state"), v
