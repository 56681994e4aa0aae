"""The rest of the deny lists in other platforms' spellings: ``sensitive_paths`` (the Rule
of Two's sensitive-data leg and ``action.sensitive_upload``) read a path as a Windows server
names it (``~/.ssh/id_rsa.``, ``::$DATA``) and with a leading home variable a server expands
(``$HOME``, ``%USERPROFILE%``, ``${env:HOME}``); an 8.3 short name of cordon's own files
(``CORDON~1.YAM``, ``~/CORDON~1``) is denied as ``action.cordon_state``. Near misses (a
project file whose name ends in a dot, a short name of another file) stay as they were."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cordon import Engine
from cordon.engine.short_names import short_name_readings

PROPS = {k: {"type": "string"} for k in ("path", "content")}
TOOLS = [
    {"name": n, "inputSchema": {"type": "object", "properties": PROPS}}
    for n in ("write_file", "read_text_file", "upload_file")
]


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    home, proj = tmp_path / "home", tmp_path / "home" / "project"
    proj.mkdir(parents=True)
    (home / ".cordon").mkdir()
    (home / ".ssh").mkdir()
    (proj / "cordon-policy.yaml").write_text("version: 1\n", "utf-8")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(proj)
    return home, proj


def _session(home: Path, proj: Path) -> Any:
    doc: dict[str, Any] = {
        "version": 1,
        "base_dir": str(proj),  # (a relative path is the project's: ``$HOME/x`` too, as written)
        # absolute: a listed prefix is resolved once per process (each test has its own HOME)
        "sensitive_paths": [
            str(home / ".ssh"),
            str(home / ".aws/credentials"),
            str(proj / "secret.txt"),
        ],
        "tools": {
            "read_text_file": {"path_params": ["path"]},
            "upload_file": {"path_params": ["path"], "egress": True},
        },
    }
    own = [str(proj / "cordon-policy.yaml"), str(home / ".cordon"), str(proj / "pins.json")]
    engine = Engine.from_policy([doc], state_paths=own)
    engine.pin_tools(TOOLS)
    return engine.new_session()


SENSITIVE = [
    "~/.ssh/id_rsa.",
    "~/.ssh/id_rsa ",
    "~/.ssh/id_rsa::$DATA",
    "~/.ssh./id_rsa",
    "$HOME/.aws/credentials",
    "${{HOME}}/.ssh/id_rsa",
    "${{env:USERPROFILE}}/.ssh/id_rsa",
    "%USERPROFILE%\\.ssh\\id_rsa",
    "%USERPROFILE%\\.ssh\\id_rsa.",
    "$env:HOME\\.aws\\credentials:$DATA",
    "{proj}/secret.txt.",
    "{proj}/SECRET~1.TXT",  # an 8.3 alias a Windows server opens as secret.txt
    "{proj}/secret~2.txt",
]


@pytest.mark.parametrize("spelling", SENSITIVE)
def test_a_sensitive_read_counts_in_every_spelling(tree: tuple[Path, Path], spelling: str) -> None:
    home, proj = tree
    s = _session(home, proj)
    path = spelling.format(proj=proj)
    v = s.check("read_text_file", {"path": path})
    assert s.legs.sensitive_data is True, (path, v)


@pytest.mark.parametrize("spelling", SENSITIVE)
def test_a_sensitive_file_handed_out_is_denied_in_every_spelling(
    tree: tuple[Path, Path], spelling: str
) -> None:
    home, proj = tree
    s = _session(home, proj)
    v = s.check("upload_file", {"path": spelling.format(proj=proj)})
    assert (v.verdict, v.rule) == ("deny", "action.sensitive_upload"), v


@pytest.mark.parametrize("name", ["notes.", "notes.md.", "a. ", "secret.txt.bak", "$HOME"])
def test_a_project_file_ending_in_a_dot_is_no_sensitive_read(
    tree: tuple[Path, Path], name: str
) -> None:
    home, proj = tree
    s = _session(home, proj)
    path = str(proj / name)
    v = s.check("read_text_file", {"path": path})
    assert not s.legs.sensitive_data, v
    v = s.check("upload_file", {"path": path})
    assert v.rule != "action.sensitive_upload", v


@pytest.mark.parametrize(
    "spelling",
    [
        "{proj}/CORDON~1.YAM",
        "{proj}/cordon~2.yam",
        "{proj}/CORDON~1",  # an alias's extension may be left off by the caller: fail closed
        "{proj}/CO1A2B~1.YAM",  # the hashed form
        "{proj}/PINS~1.JSO",
        "{home}/CORDON~1/approvals.json",
        "%USERPROFILE%\\CORDON~1\\approvals.json",
        "$HOME/CORDON~1/x",
        "{home}/PROJEC~1/CORDON~1.YAM",
        "CORDON~1.YAM",  # relative: the working directory, cordon's
    ],
)
def test_a_short_name_of_cordons_state_is_denied(tree: tuple[Path, Path], spelling: str) -> None:
    home, proj = tree
    s = _session(home, proj)
    v = s.check("write_file", {"path": spelling.format(home=home, proj=proj), "content": "x"})
    assert (v.verdict, v.rule) == ("deny", "action.cordon_state"), v


@pytest.mark.parametrize(
    "name", ["NOTES~1.MD", "CORDON~1.TXT", "README~1", "HEAD~1", "cordon-policy~1.yaml"]
)
def test_a_short_name_of_another_file_is_not_cordons_state(
    tree: tuple[Path, Path], name: str
) -> None:
    home, proj = tree
    s = _session(home, proj)
    v = s.check("write_file", {"path": str(proj / name), "content": "x"})
    assert v.rule != "action.cordon_state", v


def test_short_name_readings() -> None:
    listed = ("/h/p/cordon-policy.yaml", "/h/.cordon")
    assert short_name_readings("/h/p/CORDON~1.YAM", listed) == ["/h/p/cordon-policy.yaml"]
    assert short_name_readings("/h/CORDON~1/a.json", listed) == ["/h/.cordon/a.json"]
    assert short_name_readings("/h/p/notes.md", listed) == []
    assert short_name_readings("/h/q/CORDON~1.YAM", listed) == []
