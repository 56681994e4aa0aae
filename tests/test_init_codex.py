"""``cordon init`` on Codex's ``config.toml`` (:mod:`cordon.clientcodex`): what is wrapped,
what is left alone and why, and what ``--undo`` gives back. The servers themselves run in
tests/e2e/test_init_codex.py."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from cordon.clientbackups import WRAPPED_MARK
from cordon.clientconfig import ClientConfigError, apply_plan, plan_init, plan_undo

STDIO = '[mcp_servers.git]\ncommand = "uvx"\nargs = ["mcp-server-git"]\n'


def _config(tmp_path: Path, text: str) -> Path:
    path = tmp_path / ".codex" / "config.toml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(text, "utf-8")
    return path


def _init(path: Path, **kw: object) -> tuple[dict[str, object], object]:
    plan = plan_init(path, cordon_command="/bin/cordon", pin_dir=path.parent / "pins", **kw)  # type: ignore[arg-type]
    return tomllib.loads(plan.new.decode("utf-8")), plan


def test_a_stdio_server_is_wrapped_and_every_other_key_and_comment_kept(tmp_path: Path) -> None:
    path = _config(
        tmp_path,
        '# top\nmodel = "gpt-5"\n\n'
        + STDIO
        + 'env_vars = ["GIT_TOKEN"]\nenabled_tools = ["git_log"]  # read only\n',
    )
    data, plan = _init(path)
    git = data["mcp_servers"]["git"]  # type: ignore[index]
    assert git["command"] == "/bin/cordon"
    assert git["args"][:3] == ["run", "--name", "git"]
    assert git["args"][-3:] == ["--", "uvx", "mcp-server-git"]
    assert git["env_vars"] == ["GIT_TOKEN"] and git["enabled_tools"] == ["git_log"]
    assert git["x-cordon-upstream"]["command"] == "uvx"
    # Codex waits 10 s for a server that names no start-up timeout; --undo takes it away
    assert (
        git["startup_timeout_sec"] == 30 and "startup_timeout_sec" not in git["x-cordon-upstream"]
    )
    text = plan.new.decode()  # type: ignore[attr-defined]
    assert text.startswith('# top\nmodel = "gpt-5"\n') and "# read only" in text
    assert WRAPPED_MARK in plan.new  # type: ignore[attr-defined]
    assert plan.label == "Codex"  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("extra", "why"),
    [
        ('scopes = ["read"]\n', "OAuth settings (scopes)"),
        ('oauth = { client_id = "abc" }\n', "OAuth settings (oauth)"),
        ('bearer_token = "inline"\n', "inline bearer_token"),
        ('command = "x"\n', "both url and command"),
        ("http_headers = { X = 1 }\n", "http_headers is not a table"),
    ],
)
def test_a_remote_server_cordon_cannot_take_over_is_left_alone(
    tmp_path: Path, extra: str, why: str
) -> None:
    path = _config(tmp_path, '[mcp_servers.r]\nurl = "https://mcp.example.com/mcp"\n' + extra)
    _, plan = _init(path)
    assert not plan.changed  # type: ignore[attr-defined]
    assert any(why in w for w in plan.warnings)  # type: ignore[attr-defined]


def test_a_remote_server_keeps_no_http_key_and_no_header_value_on_the_command_line(
    tmp_path: Path,
) -> None:
    path = _config(
        tmp_path,
        '[mcp_servers.r]\nurl = "https://mcp.example.com/mcp"\n'
        'bearer_token_env_var = "R_TOKEN"\n'
        'http_headers = { "X-Key" = "value-k3y" }\n',
    )
    data, _ = _init(path)
    r = data["mcp_servers"]["r"]  # type: ignore[index]
    assert not {"url", "bearer_token_env_var", "http_headers", "env_http_headers"} & set(r)
    assert "Authorization: Bearer ${R_TOKEN}" in r["args"]
    assert "value-k3y" not in " ".join(r["args"])
    assert r["env"] == {"CORDON_HEADER_X_KEY": "value-k3y"}
    assert r["env_vars"] == ["R_TOKEN"]


def test_undo_keeps_what_the_user_changed_since_and_drops_what_cordon_added(
    tmp_path: Path,
) -> None:
    path = _config(
        tmp_path,
        STDIO + '\n[mcp_servers.r]\nurl = "https://mcp.example.com/mcp"\n'
        'http_headers = { "X-Key" = "v" }\n',
    )
    apply_plan(_init(path)[1])  # type: ignore[arg-type]
    edited = path.read_text("utf-8").replace(
        "[mcp_servers.r]\n", "[mcp_servers.r]\nenabled = false\n"
    )
    path.write_text(edited, "utf-8")
    plan = plan_undo(path)
    data = tomllib.loads(plan.new.decode())
    assert data["mcp_servers"]["git"] == {"command": "uvx", "args": ["mcp-server-git"]}
    assert data["mcp_servers"]["r"] == {
        "url": "https://mcp.example.com/mcp",
        "http_headers": {"X-Key": "v"},
        "enabled": False,
    }


def test_already_wrapped_and_empty_files_change_nothing(tmp_path: Path) -> None:
    path = _config(tmp_path, STDIO)
    apply_plan(_init(path)[1])  # type: ignore[arg-type]
    _, again = _init(path)
    assert not again.changed  # type: ignore[attr-defined]
    assert any("already behind cordon" in m for m in again.messages)  # type: ignore[attr-defined]
    empty = _config(tmp_path, 'model = "gpt-5"\n')
    _, plan = _init(empty)
    assert not plan.changed and "no [mcp_servers] in this file" in plan.messages  # type: ignore[attr-defined]


def test_a_syntax_error_names_the_line_and_an_unknown_server_is_refused(tmp_path: Path) -> None:
    path = _config(tmp_path, STDIO + "oops = \n")
    with pytest.raises(ClientConfigError, match=r"config.toml:4: invalid TOML"):
        _init(path)
    path = _config(tmp_path, STDIO)
    with pytest.raises(ClientConfigError, match="no server named 'gti'"):
        _init(path, servers=["gti"])


def test_undo_after_edits_says_what_it_kept_carries_a_rotated_header_back_and_keeps_layout(
    tmp_path: Path,
) -> None:
    path = _config(
        tmp_path,
        '[mcp_servers.s]\ncommand = "uvx"\nargs = ["srv"]\nenv = { "A" = "1" }\n'
        'enabled_tools = ["x"]  # only x\nstartup_timeout_sec = 20\n\n'
        '[mcp_servers.r]\nurl = "https://mcp.example.com/mcp"\n'
        'http_headers = { "X-Team" = "secops" }\n',
    )
    apply_plan(_init(path)[1])  # type: ignore[arg-type]
    text = path.read_text("utf-8")
    text = text.replace("startup_timeout_sec = 20", "startup_timeout_sec = 45", 1)
    text = text.replace('CORDON_HEADER_X_TEAM = "secops"', 'CORDON_HEADER_X_TEAM = "blue-team"')
    path.write_text(text, "utf-8")
    plan = plan_undo(path)
    assert "s: unwrapped; kept your edits since init: startup_timeout_sec" in plan.messages
    assert "r: unwrapped; kept your edits since init: header value" in plan.messages
    new = plan.new.decode()
    data = tomllib.loads(new)
    assert data["mcp_servers"]["r"] == {
        "url": "https://mcp.example.com/mcp",
        "http_headers": {"X-Team": "blue-team"},
    }
    assert data["mcp_servers"]["s"]["startup_timeout_sec"] == 45
    assert 'enabled_tools = ["x"]  # only x' in new  # an untouched key keeps its comment
    assert 'env = { "A" = "1" }' in new  # and its inline layout


def test_a_policy_that_does_not_load_is_refused_before_anything_is_written(
    tmp_path: Path,
) -> None:
    path = _config(tmp_path, STDIO)
    with pytest.raises(ClientConfigError, match="--policy: .*cannot read policy"):
        _init(path, policies=[tmp_path / "nosuch.yaml"])
    bad = tmp_path / "bad.yaml"
    bad.write_text("version: 1\nconent: {mode: warn}\n", "utf-8")
    with pytest.raises(ClientConfigError, match="conent: unknown key"):
        _init(path, policies=[bad])
    json_config = tmp_path / ".mcp.json"
    json_config.write_text('{"mcpServers": {"a": {"command": "x"}}}', "utf-8")
    with pytest.raises(ClientConfigError, match="conent: unknown key"):
        _init(json_config, policies=[bad])
