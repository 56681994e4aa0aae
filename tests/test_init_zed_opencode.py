"""`cordon init` on Zed's settings.json (`context_servers`, JSONC) and opencode's
opencode.json(c) (`mcp`, whose local entries give their command as an argv list and their
variables as `environment`): each entry is wrapped in its client's own shape, remote ones
through `cordon run --url` with the header values in the entry's environment, the entries
cordon cannot stand in front of are said on stderr, and `--undo` gives the original back."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cordon.clientconfig import (
    UPSTREAM_KEY,
    ClientConfigError,
    _parse,
    apply_plan,
    detect_client,
    plan_init,
    plan_undo,
)
from cordon.clientjsonc import comments
from cordon.clientstate import config_pin_files, config_state_paths

ZED_TEXT = """// Zed settings
{
  "theme": "One Dark", // my theme
  "context_servers": {
    "fs": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/srv/app"],
      "env": {"A": "1"},
    },
    "old": {
      "source": "custom",
      "command": {"path": "uvx", "args": ["mcp-server-git"], "env": {"B": "2"}},
      "settings": {}
    },
    "ext": {"settings": {"token": "x"}},
    "far": {"url": "https://mcp.example.com/mcp", "headers": {"Authorization": "Bearer abc"}},
    "host": {"command": "srv", "args": [], "remote": true},
  },
  /* the agent panel */
  "agent": {"default_model": {"provider": "zed.dev", "model": "x"}},
}
"""

OPENCODE_TEXT = """{
  "$schema": "https://opencode.ai/config.json",
  // servers
  "mcp": {
    "mem": {
      "type": "local",
      "command": ["npx", "-y", "@modelcontextprotocol/server-memory"],
      "environment": {"X": "1"},
      "enabled": true,
    },
    "r": {
      "type": "remote",
      "url": "https://mcp.example.com/mcp",
      "headers": {"Authorization": "Bearer {env:KEY}"},
      "oauth": false,
    },
    "o": {"type": "remote", "url": "https://mcp.example.com/mcp", "oauth": {"clientId": "c"}},
    "odd": {"type": "docker", "image": "x"},
  },
}
"""


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    return home


def _zed(home: Path, where: str = ".config/zed/settings.json") -> Path:
    path = home / where
    path.parent.mkdir(parents=True)
    path.write_text(ZED_TEXT, "utf-8")
    return path


def _opencode(home: Path, name: str = "opencode.jsonc") -> Path:
    path = home / "proj" / name
    path.parent.mkdir(parents=True)
    path.write_text(OPENCODE_TEXT, "utf-8")
    return path


def _servers(path: Path, key: str) -> dict[str, Any]:
    servers: dict[str, Any] = _parse(path.read_bytes(), path)[0][key]
    return servers


def test_zed_and_opencode_files_are_detected(tmp_path: Path) -> None:
    zed = tmp_path / ".config" / "zed" / "settings.json"
    assert detect_client(zed, {"context_servers": {}}) == ("zed", "context_servers")
    project = tmp_path / "app" / ".zed" / "settings.json"
    assert detect_client(project, {"context_servers": {}}) == ("zed", "context_servers")
    for name in ("opencode.json", "opencode.jsonc"):
        assert detect_client(tmp_path / name, {"mcp": {}}) == ("opencode", "mcp")
    with pytest.raises(ClientConfigError, match='no "mcp" object'):
        detect_client(tmp_path / "opencode.json", {"model": "x"})
    with pytest.raises(ClientConfigError, match='no "context_servers" object'):
        detect_client(zed, {"theme": "x"})


def test_zed_entries_are_wrapped_in_zeds_own_shape(home: Path) -> None:
    path = _zed(home)
    plan = plan_init(path, cordon_command="/opt/cordon", pin_dir=home / "pins")
    assert plan.kind == "zed" and plan.label == "Zed"
    assert set(plan.changed_servers) == {"fs", "old", "far"}
    apply_plan(plan)
    servers = _servers(path, "context_servers")
    fs = servers["fs"]
    assert fs["command"] == "/opt/cordon" and fs["env"] == {"A": "1"}
    assert fs["args"][:3] == ["run", "--name", "fs"]
    assert fs["args"][fs["args"].index("--") :] == [
        "--",
        "npx",
        "-y",
        "@modelcontextprotocol/server-filesystem",
        "/srv/app",
    ]
    assert fs[UPSTREAM_KEY]["command"] == "npx"
    # older Zed's command object: run from its flat form, every other key kept
    old = servers["old"]
    assert old["args"][old["args"].index("--") :] == ["--", "uvx", "mcp-server-git"]
    assert old["env"] == {"B": "2"} and old["source"] == "custom" and old["settings"] == {}
    assert old[UPSTREAM_KEY]["command"] == {
        "path": "uvx",
        "args": ["mcp-server-git"],
        "env": {"B": "2"},
    }
    # a remote server: cordon run --url, the header's value in env, not on the command line
    far = servers["far"]
    assert "url" not in far and "headers" not in far
    assert far["args"][-4:] == [
        "--url",
        "https://mcp.example.com/mcp",
        "--header-env",
        "Authorization",
    ]
    assert far["env"] == {"CORDON_HEADER_AUTHORIZATION": "Bearer abc"}
    # the rest of the file, comments too, as it was
    text = path.read_text("utf-8")
    assert text.startswith('// Zed settings\n{\n  "theme": "One Dark", // my theme\n')
    assert "/* the agent panel */" in text and servers["ext"] == {"settings": {"token": "x"}}


def test_zed_entries_cordon_cannot_stand_in_front_of_are_said(home: Path) -> None:
    plan = plan_init(_zed(home), cordon_command="/opt/cordon", pin_dir=home / "pins")
    ext = [w for w in plan.warnings if w.startswith("ext:")]
    assert ext and "Zed extension" in ext[0] and "NOT wrapped" in ext[0]
    host = [w for w in plan.warnings if w.startswith("host:")]
    assert host and "remote: true" in host[0] and "NOT wrapped" in host[0]
    asked = plan_init(_zed(home, "b/.zed/settings.json"), servers=["ext"], pin_dir=home / "p")
    assert not asked.changed and asked.not_done == ("ext: not wrapped (see above why)",)


def test_opencode_entries_are_wrapped_as_local_argv_entries(home: Path) -> None:
    path = _opencode(home)
    plan = plan_init(path, cordon_command="/opt/cordon", pin_dir=home / "pins")
    assert plan.kind == "opencode" and set(plan.changed_servers) == {"mem", "r"}
    apply_plan(plan)
    servers = _servers(path, "mcp")
    mem = servers["mem"]
    assert list(mem) == ["type", "command", "environment", "enabled", UPSTREAM_KEY]
    assert mem["type"] == "local" and mem["environment"] == {"X": "1"} and mem["enabled"]
    cmd = mem["command"]
    assert cmd[:4] == ["/opt/cordon", "run", "--name", "mem"]
    assert cmd[cmd.index("--") :] == ["--", "npx", "-y", "@modelcontextprotocol/server-memory"]
    assert "args" not in mem and "env" not in mem
    r = servers["r"]
    assert r["type"] == "local" and not {"url", "headers", "oauth"} & set(r)
    assert r["command"][-4:] == [
        "--url",
        "https://mcp.example.com/mcp",
        "--header-env",
        "Authorization",
    ]
    # opencode substitutes {env:KEY} in the whole file: the reference moves as written
    assert r["environment"] == {"CORDON_HEADER_AUTHORIZATION": "Bearer {env:KEY}"}
    assert r[UPSTREAM_KEY]["oauth"] is False and r[UPSTREAM_KEY]["type"] == "remote"
    said = "\n".join(plan.warnings)
    assert "o: remote server left alone" in said and "OAuth" in said
    assert "odd: its type is 'docker'" in said
    assert comments(path.read_bytes()) == ["// servers"]


def test_init_again_changes_nothing_and_undo_gives_the_bytes_back(home: Path) -> None:
    for path in (_zed(home), _opencode(home)):
        before = path.read_bytes()
        apply_plan(plan_init(path, cordon_command="/opt/cordon", pin_dir=home / "pins"))
        again = plan_init(path, cordon_command="/opt/cordon", pin_dir=home / "pins")
        assert not again.changed
        assert any("already behind cordon" in m for m in again.messages)
        undo = plan_undo(path)
        assert undo.restores is not None
        apply_plan(undo)
        assert path.read_bytes() == before


def test_undo_keeps_edits_and_writes_the_clients_shape(home: Path) -> None:
    path = _opencode(home, "opencode.json")
    apply_plan(plan_init(path, cordon_command="/opt/cordon", pin_dir=home / "pins"))
    data = _parse(path.read_bytes(), path)[0]
    data["mcp"]["mem"]["environment"]["X"] = "2"  # edited since init
    data["mcp"]["mem"]["command"].append("--flag")  # a new argument to the server
    data["mcp"]["r"]["environment"]["CORDON_HEADER_AUTHORIZATION"] = "Bearer {env:NEW}"
    path.write_text(json.dumps(data, indent=2), "utf-8")
    plan = plan_undo(path)
    assert plan.restores is None
    apply_plan(plan)
    servers = json.loads(path.read_text("utf-8"))["mcp"]
    assert servers["mem"] == {
        "type": "local",
        "command": ["npx", "-y", "@modelcontextprotocol/server-memory", "--flag"],
        "environment": {"X": "2"},
        "enabled": True,
    }
    assert servers["r"] == {
        "type": "remote",
        "url": "https://mcp.example.com/mcp",
        "headers": {"Authorization": "Bearer {env:NEW}"},
        "oauth": False,
    }
    assert any("mem: unwrapped; kept your edits" in m for m in plan.messages)


def test_zed_undo_of_an_edited_old_form_entry_writes_the_flat_form(home: Path) -> None:
    path = _zed(home)
    apply_plan(plan_init(path, servers=["old"], cordon_command="/opt/cordon", pin_dir=home / "p"))
    data = _parse(path.read_bytes(), path)[0]
    data["context_servers"]["old"]["env"]["B"] = "3"
    path.write_text(json.dumps(data, indent=2), "utf-8")
    apply_plan(plan_undo(path))
    old = json.loads(path.read_text("utf-8"))["context_servers"]["old"]
    assert old == {
        "source": "custom",
        "command": "uvx",
        "args": ["mcp-server-git"],
        "env": {"B": "3"},
        "settings": {},
    }


def test_the_pin_and_policy_files_of_opencode_entries_are_recorded(home: Path) -> None:
    path = _opencode(home)
    policy = home / "p.yaml"
    policy.write_text("version: 1\n", "utf-8")
    plan = plan_init(
        path,
        servers=["mem"],
        policies=[policy],
        cordon_command="/opt/cordon",
        pin_dir=home / "pins",
    )
    apply_plan(plan)
    pins = dict(config_pin_files(path, path.read_bytes()))
    assert set(pins) == {"mem"} and pins["mem"].startswith(str(home / "pins"))
    assert str(policy) in config_state_paths(path, path.read_bytes())
    # asked again with another policy: said, not silently ignored
    other = home / "q.yaml"
    other.write_text("version: 1\n", "utf-8")
    again = plan_init(path, servers=["mem"], policies=[other], cordon_command="/opt/cordon")
    assert again.not_done and "was not applied" in again.not_done[0]
