"""`cordon init` keeps a remote server's header values off cordon's command line, in each
client's own config style: the value moves, as written, to the entry's `env` (where the client
expands its variables as it did in `headers` or `args`), and `cordon run --header-env NAME`
reads it there. `--undo` gives the original file back byte for byte, and a token rotated in
`env` since init goes back into the header."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from cordon.audit.commands import register
from cordon.clientconfig import UPSTREAM_KEY
from cordon.clientremote import env_header_specs, header_env_var

URL = "https://mcp.example.com/mcp"

# one real-world entry per client, as its documentation writes a header with a credential
STYLES: dict[str, tuple[str, str, dict[str, Any], str]] = {
    # Claude Code: ${VAR} and ${VAR:-default} are expanded in command, args, env, url, headers
    "claude-code": (
        ".mcp.json",
        "mcpServers",
        {"type": "http", "url": URL, "headers": {"Authorization": "Bearer ${API_TOKEN:-none}"}},
        "Bearer ${API_TOKEN:-none}",
    ),
    # Cursor: ${env:NAME} in command, args, env, url, headers
    "cursor": (
        ".cursor/mcp.json",
        "mcpServers",
        {"url": URL, "headers": {"Authorization": "Bearer ${env:REMOTE_TOKEN}"}},
        "Bearer ${env:REMOTE_TOKEN}",
    ),
    # VS Code: ${input:ID} (prompted, stored by VS Code) in headers and env
    "vscode": (
        ".vscode/mcp.json",
        "servers",
        {"type": "http", "url": URL, "headers": {"Authorization": "Bearer ${input:tok}"}},
        "Bearer ${input:tok}",
    ),
    # Claude Desktop expands nothing: mcp-remote read ${AUTH_HEADER} from its own env
    "claude-desktop": (
        "claude_desktop_config.json",
        "mcpServers",
        {
            "command": "npx",
            "args": ["-y", "mcp-remote", URL, "--header", "Authorization:${AUTH_HEADER}"],
            "env": {"AUTH_HEADER": "Bearer tok-desktop-abcdef"},
        },
        "${AUTH_HEADER}",
    ),
    # a token pasted into the file
    "literal": (
        ".mcp.json",
        "mcpServers",
        {"type": "http", "url": URL, "headers": {"X-Api-Key": "sk-live-pasted-0123456789"}},
        "sk-live-pasted-0123456789",
    ),
}


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


def _init(*args: str) -> Any:
    app = typer.Typer()

    @app.callback()
    def _root() -> None:
        """cordon (test app)."""

    register(app)
    return CliRunner().invoke(app, ["init", *args, "--yes", "--no-hook"])


def _write(tmp_path: Path, style: str) -> tuple[Path, str]:
    rel, key, entry, _ = STYLES[style]
    path = tmp_path / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    data: dict[str, Any] = {key: {"remote": entry}}
    if style == "vscode":
        data = {"inputs": [{"type": "promptString", "id": "tok", "password": True}], **data}
    path.write_text(json.dumps(data, indent=2) + "\n", "utf-8")
    return path, key


@pytest.mark.parametrize("style", sorted(STYLES))
def test_header_values_move_to_env_and_undo_restores_the_bytes(tmp_path: Path, style: str) -> None:
    path, key = _write(tmp_path, style)
    original = path.read_bytes()
    _, _, entry, value = STYLES[style]
    done = _init("--config", str(path))
    assert done.exit_code == 0, done.output
    header = "X-Api-Key" if style == "literal" else "Authorization"
    var = header_env_var(header)
    assert f"header {header}: its value moved to env {var}, off the command line" in done.output
    wrapped = json.loads(path.read_text("utf-8"))[key]["remote"]
    args = wrapped["args"]
    assert args[-2:] == ["--header-env", header]
    assert "--header" not in args and not any("${" in a or value in a for a in args)
    assert wrapped["env"] == {**entry.get("env", {}), var: value}  # as written
    assert wrapped[UPSTREAM_KEY] == entry

    undo = _init("--config", str(path), "--undo")
    assert undo.exit_code == 0, undo.output
    assert path.read_bytes() == original


@pytest.mark.parametrize("style", ["literal", "claude-desktop"])
def test_a_token_rotated_in_env_goes_back_into_the_header(tmp_path: Path, style: str) -> None:
    path, key = _write(tmp_path, style)
    assert _init("--config", str(path)).exit_code == 0
    data = json.loads(path.read_text("utf-8"))
    header = "X-Api-Key" if style == "literal" else "Authorization"
    data[key]["remote"]["env"][header_env_var(header)] = "rotated-token-9876"
    path.write_text(json.dumps(data, indent=2) + "\n", "utf-8")
    undo = _init("--config", str(path), "--undo")
    assert undo.exit_code == 0, undo.output
    assert "kept your edits since init: header value" in undo.output
    got = json.loads(path.read_text("utf-8"))[key]["remote"]
    expected = json.loads(json.dumps(STYLES[style][2]))
    if style == "literal":
        expected["headers"][header] = "rotated-token-9876"
    else:
        expected["args"][-1] = "Authorization:rotated-token-9876"
    assert got == expected  # no CORDON_HEADER_ variable left behind


def test_an_empty_header_value_stays_an_argument(tmp_path: Path) -> None:
    path = tmp_path / ".mcp.json"
    entry = {"type": "http", "url": URL, "headers": {"X-Debug": "", "X-Key": "k-123456"}}
    path.write_text(json.dumps({"mcpServers": {"a": entry}}))
    assert _init("--config", str(path)).exit_code == 0
    wrapped = json.loads(path.read_text())["mcpServers"]["a"]
    assert wrapped["args"][-4:] == ["--header", "X-Debug:", "--header-env", "X-Key"]
    assert wrapped["env"] == {"CORDON_HEADER_X_KEY": "k-123456"}


def test_env_header_specs() -> None:
    env = {"CORDON_HEADER_AUTHORIZATION": "Bearer ${T}", "MINE": "v", "T": "t"}
    assert env_header_specs(["Authorization", "X-Other=MINE"], env) == [
        "Authorization:Bearer ${T}",  # then read as --header is: ${T} from the environment
        "X-Other:v",
    ]
    with pytest.raises(ValueError, match="CORDON_HEADER_X_API_KEY is not set") as info:
        env_header_specs(["X-Api-Key"], env)
    assert "Bearer" not in str(info.value)
    with pytest.raises(ValueError, match="NAME or NAME=VAR"):
        env_header_specs(["Bad Name"], env)


def test_an_entry_wrapped_with_header_values_in_argv_is_named_with_the_fix(
    tmp_path: Path,
) -> None:
    """An entry an earlier cordon init wrapped with --header NAME:VALUE on cordon's command
    line: init leaves it (already behind cordon) and says how to move the value into env,
    with the entry's own policy; following that advice gives the new form."""
    path = tmp_path / ".cursor" / "mcp.json"
    path.parent.mkdir()
    policy = tmp_path / "p.yaml"
    policy.write_text("version: 1\n")
    original = {"url": URL, "headers": {"Authorization": "Bearer ${env:REMOTE_TOKEN}"}}
    old_form = {
        "command": "cordon",
        "args": ["run", "--name", "remote", "--policy", str(policy), "--url", URL, "--header",
                 "Authorization:Bearer ${env:REMOTE_TOKEN}", "--header", "X-Empty:"],
        UPSTREAM_KEY: original,
    }  # fmt: skip
    path.write_text(json.dumps({"mcpServers": {"remote": old_form}}, indent=2))
    said = _init("--config", str(path))
    assert said.exit_code == 0, said.output
    assert "remote: header Authorization is on cordon's command line" in said.output
    assert "X-Empty" not in said.output  # an empty value carries nothing
    undo = f"cordon init --config {path} --undo --server remote"
    again = f"cordon init --config {path} --server remote --policy {policy}"
    assert f"{undo}, then {again}" in " ".join(said.output.split())
    assert _init("--config", str(path), "--undo", "--server", "remote").exit_code == 0
    assert json.loads(path.read_text())["mcpServers"]["remote"] == original
    done = _init("--config", str(path), "--server", "remote", "--policy", str(policy))
    assert done.exit_code == 0, done.output
    wrapped = json.loads(path.read_text())["mcpServers"]["remote"]
    assert wrapped["args"][-2:] == ["--header-env", "Authorization"]
    assert "on cordon's command line" not in _init("--config", str(path)).output
