"""`cordon init` on remote servers: `url` entries and `npx mcp-remote` entries become
`cordon run [--sse] --url URL [--header-env NAME ...]` (the values in env; `--sse` for a legacy
HTTP+SSE server), in all four client formats; undo restores the file byte for byte; a second
init changes nothing (issue 20)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from cordon.audit.commands import register
from cordon.clientconfig import (
    UPSTREAM_KEY,
    find_backups,
    pin_file_for,
    plan_init,
    resolve_cordon_command,
)
from cordon.clientremote import RemoteTarget, mcp_remote_target, remote_target

URL = "https://mcp.example.com/mcp"
LITERAL = "sk-live-0123456789abcdef"  # a token pasted into the config file


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Backups and pins go under HOME: never the real one."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


def _entries(typed: bool) -> dict[str, Any]:
    """A url entry without headers, one with headers, an mcp-remote bridge, one mcp-remote
    stays behind, two legacy HTTP+SSE servers (a url entry with a header, an mcp-remote)."""
    http = {"type": "http"} if typed else {}
    return {
        "plain": {**http, "url": URL},
        "tokened": {
            **http,
            "url": "https://api.example.org/mcp",
            "headers": {"Authorization": "Bearer ${API_TOKEN}", "X-Api-Key": LITERAL},
        },
        "bridge": {
            "command": "npx",
            "args": ["-y", "mcp-remote", URL, "--header", "Authorization: Bearer ${AUTH}"],
            "env": {"AUTH": "from-env"},
        },
        "filtered": {"command": "npx", "args": ["mcp-remote", URL, "--ignore-tool", "delete*"]},
        "legacy": {
            **({"type": "sse"} if typed else {}),
            "url": "https://old.example.com/sse",
            "headers": {"X-Api-Key": LITERAL},
        },
        "oldbridge": {
            "command": "npx",
            "args": ["-y", "mcp-remote", "https://old.example.com/sse"],
        },
    }


# (file path, servers key, whether url entries carry a type)
CLIENTS = {
    "claude-code": (".mcp.json", "mcpServers", True),
    "cursor": (".cursor/mcp.json", "mcpServers", False),
    "claude-desktop": ("claude_desktop_config.json", "mcpServers", False),
    "vscode": (".vscode/mcp.json", "servers", True),
}


LABELS = {
    "claude-code": "Claude Code",
    "cursor": "Cursor",
    "claude-desktop": "Claude Desktop",
    "vscode": "VS Code",
}


def _write(tmp_path: Path, kind: str) -> tuple[Path, str]:
    rel, key, typed = CLIENTS[kind]
    path = tmp_path / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    body = json.dumps({key: _entries(typed)}, indent=4 if kind == "cursor" else 2)
    if kind == "vscode":  # JSONC, as VS Code writes it
        body = body.replace("{\n", '{\n  // VS Code allows comments\n  "inputs": [],\n', 1)
    path.write_text(body + ("" if kind == "claude-desktop" else "\n"), "utf-8")
    return path, key


def _app() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def _root() -> None:
        """cordon (test app)."""

    register(app)
    return app


def _init(*args: str) -> Any:
    return CliRunner().invoke(_app(), ["init", *args, "--yes"])


@pytest.mark.parametrize("kind", sorted(CLIENTS))
def test_remote_entries_are_wrapped_undone_and_left_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    path, key = _write(tmp_path, kind)
    original = path.read_bytes()
    result = _init("--config", str(path))
    assert result.exit_code == 0, result.output
    assert f"{path} ({LABELS[kind]})" in result.output
    wrapped_raw = path.read_bytes()
    # (a VS Code file keeps its comment: only the wrapped entries' text is rewritten)
    table = json.loads(re.sub(rb"(?m)^\s*//.*$", b"", wrapped_raw))[key]
    before = _entries(CLIENTS[kind][2])
    pins = home / ".cordon" / "pins"

    def head(name: str, url: str, *sse: str) -> list[str]:
        pin = str(pin_file_for(name, {"url": url}, pins))
        return ["run", "--name", name, "--pin-file", pin, *sse, "--url", url]

    plain = table["plain"]
    assert plain["command"] == resolve_cordon_command(True) and plain["args"] == head("plain", URL)
    assert plain[UPSTREAM_KEY] == before["plain"]
    assert "url" not in plain and plain.get("type") == ("stdio" if CLIENTS[kind][2] else None)
    # every header value, a ${VAR} reference as written or a literal token, moved off the
    # command line into env (the client expands its variables there as in headers or args)
    tokened = table["tokened"]
    assert tokened["args"] == [
        *head("tokened", "https://api.example.org/mcp"),
        "--header-env",
        "Authorization",
        "--header-env",
        "X-Api-Key",
    ]
    assert tokened["env"] == {
        "CORDON_HEADER_AUTHORIZATION": "Bearer ${API_TOKEN}",
        "CORDON_HEADER_X_API_KEY": LITERAL,
    }
    assert "${" not in " ".join(tokened["args"]) and "headers" not in tokened
    # mcp-remote: the same cordon run --url, its env kept for ${AUTH}
    bridge = table["bridge"]
    assert bridge["args"] == [*head("bridge", URL), "--header-env", "Authorization"]
    assert bridge["env"] == {"AUTH": "from-env", "CORDON_HEADER_AUTHORIZATION": "Bearer ${AUTH}"}
    assert bridge[UPSTREAM_KEY] == before["bridge"]
    # an mcp-remote flag cordon has no equivalent for: mcp-remote stays, behind cordon
    filtered = table["filtered"]
    assert filtered["args"][-6:] == ["--", "npx", "mcp-remote", URL, "--ignore-tool", "delete*"]
    assert "filtered: runs mcp-remote" in result.output and "--ignore-tool" in result.output
    # a legacy HTTP+SSE server: the same cordon run, with --sse; its header value in env
    legacy, old = table["legacy"], "https://old.example.com/sse"
    assert legacy["args"] == [*head("legacy", old, "--sse"), "--header-env", "X-Api-Key"]
    assert legacy["env"] == {"CORDON_HEADER_X_API_KEY": LITERAL} and LITERAL not in legacy["args"]
    assert legacy[UPSTREAM_KEY] == before["legacy"] and "url" not in legacy
    assert legacy.get("type") == ("stdio" if CLIENTS[kind][2] else None)
    assert table["oldbridge"]["args"] == head("oldbridge", old, "--sse")
    assert f"legacy: wrapped: {resolve_cordon_command(True)} run" in result.output
    assert "--sse --url https://old.example.com/sse" in result.output
    assert "left alone" not in result.output

    again = _init("--config", str(path))
    assert again.exit_code == 0, again.output
    assert "nothing to change" in again.output
    assert path.read_bytes() == wrapped_raw and len(find_backups(path)) == 1

    undo = _init("--config", str(path), "--undo")
    assert undo.exit_code == 0, undo.output
    assert path.read_bytes() == original


def test_headers_go_to_stderr_never_their_values(tmp_path: Path) -> None:
    path = tmp_path / ".mcp.json"
    secret = '{"client_id": "x", "client_secret": "s3cr3t-client"}'
    args = ["mcp-remote", URL, "--static-oauth-client-info", secret, "--header", "bad header"]
    path.write_text(json.dumps({"mcpServers": {"a": {"command": "npx", "args": args}}}))
    plan = plan_init(path, pin_dir=tmp_path / "pins")
    (warning,) = plan.warnings
    assert "--static-oauth-client-info" in warning and "--header without NAME:VALUE" in warning
    assert "s3cr3t" not in warning and "bad header" not in warning


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["mcp-remote", URL], RemoteTarget(URL, (), "mcp-remote")),
        (["--yes", "mcp-remote@latest", URL, "--allow-http"], RemoteTarget(URL, (), "mcp-remote")),
        (
            ["-y", "mcp-remote@0.1.29", URL, "--header", "X-Key:${K}", "--header", "A: b c"],
            RemoteTarget(URL, (("X-Key", "${K}"), ("A", "b c")), "mcp-remote"),
        ),
        (
            ["mcp-remote", "https://h.example/sse", "--transport", "http-only"],
            RemoteTarget("https://h.example/sse", (), "mcp-remote"),
        ),
        (
            ["mcp-remote", URL, "--transport", "http-first"],
            RemoteTarget(URL, (), "mcp-remote"),
        ),
        # the legacy HTTP+SSE transport: sse-only anywhere; the default http-first, and
        # sse-first, to an /sse path (where either ends up on SSE)
        (
            ["mcp-remote", URL, "--transport", "sse-only", "--header", "K:v"],
            RemoteTarget(URL, (("K", "v"),), "mcp-remote", sse=True),
        ),
        (
            ["mcp-remote", "https://h.example/sse"],
            RemoteTarget("https://h.example/sse", (), "mcp-remote", sse=True),
        ),
        (
            ["mcp-remote", "https://h.example/sse/?k=1", "--transport", "sse-first"],
            RemoteTarget("https://h.example/sse/?k=1", (), "mcp-remote", sse=True),
        ),
        # sse-first elsewhere falls back to Streamable HTTP: which one is not known here
        (["mcp-remote", URL, "--transport", "sse-first"], "sse-first"),
        (["mcp-remote", URL, "--transport", "websocket"], "--transport"),
        (["mcp-remote", URL, "9696"], "callback port"),
        (["mcp-remote", URL, "--debug"], "--debug"),
        (["mcp-remote", "https://h.example/sse", "--debug"], "--debug"),
        (["mcp-remote", "ws://h.example/mcp"], "not a literal http(s) URL"),
        (["-p", "mcp-remote", "mcp-remote-client", URL], None),  # not the bridge form
        (["@modelcontextprotocol/server-memory"], None),
    ],
)
def test_mcp_remote_arguments(args: list[str], expected: RemoteTarget | str | None) -> None:
    got = mcp_remote_target({"command": "npx", "args": args})
    if isinstance(expected, str):
        assert isinstance(got, str) and expected in got
    else:
        assert got == expected


def test_mcp_remote_command_forms() -> None:
    for cmd in ("mcp-remote", "/usr/local/bin/mcp-remote", "C:\\nodejs\\npx.cmd"):
        args = [URL] if "mcp-remote" in cmd else ["mcp-remote", URL]
        assert mcp_remote_target({"command": cmd, "args": args}) == RemoteTarget(
            URL, (), "mcp-remote"
        )
    assert mcp_remote_target({"command": "uvx", "args": ["mcp-remote", URL]}) is None


@pytest.mark.parametrize(
    ("entry", "why"),
    [
        ({"type": "ws", "url": "wss://h.example/mcp"}, "'ws'"),
        ({"type": "websocket", "url": "https://h.example/sse"}, "'websocket'"),
        ({"type": "http", "url": "${BASE}/mcp"}, "not a literal"),
        ({"type": "sse", "url": "${BASE}/sse"}, "not a literal"),
        ({"type": "sse", "url": URL, "oauth": {"clientId": "x"}}, "OAuth"),
        ({"url": "https://h.example/sse", "auth": {"CLIENT_ID": "x"}}, "OAuth"),
        ({"type": "sse", "url": URL, "headersHelper": "get-headers.sh"}, "headersHelper"),
        ({"type": "http", "url": URL, "headersHelper": "get-headers.sh"}, "headersHelper"),
        ({"type": "http", "url": URL, "oauth": {"clientId": "x"}}, "OAuth"),
        ({"type": "http", "url": URL, "headers": {"Bad Name": "x"}}, "headers"),
    ],
)
def test_remote_entries_left_alone(entry: dict[str, Any], why: str) -> None:
    got = remote_target(entry)
    assert isinstance(got, str) and why in got


def test_type_http_trusts_a_url_ending_in_sse() -> None:
    assert remote_target({"type": "http", "url": "https://h.example/sse"}) == RemoteTarget(
        "https://h.example/sse"
    )


@pytest.mark.parametrize(
    ("entry", "sse"),
    [
        ({"type": "sse", "url": URL}, True),  # the type says so, whatever the path
        ({"type": "SSE", "url": URL}, True),
        ({"url": "https://h.example/sse"}, True),  # no type: the customary /sse path
        ({"url": "https://h.example/v1/sse/?key=1#x"}, True),
        ({"url": "https://h.example/sse/mcp"}, False),  # only the path's last segment
        ({"url": "https://h.example/mcp?next=/sse"}, False),  # not the query
        ({"type": "streamable-http", "url": "https://h.example/sse"}, False),
    ],
)
def test_which_remote_entries_are_legacy_sse(entry: dict[str, Any], sse: bool) -> None:
    got = remote_target(entry)
    assert isinstance(got, RemoteTarget) and got.sse is sse and got.url == entry["url"]


def test_a_legacy_sse_entry_on_plain_http_elsewhere_keeps_allow_http(tmp_path: Path) -> None:
    """The client already spoke plain http to that host: cordon run needs --allow-http to do
    the same (it refuses one otherwise); a key in the URL goes to env as for Streamable HTTP."""
    path = tmp_path / ".mcp.json"
    url = "http://10.0.0.7:8080/sse?api_key=k-0123456789abcdef"
    path.write_text(json.dumps({"mcpServers": {"lan": {"type": "sse", "url": url}}}))
    wrapped = json.loads(plan_init(path, pin_dir=tmp_path).new)["mcpServers"]["lan"]
    assert wrapped["args"][-4:] == ["--sse", "--url-env", "CORDON_URL", "--allow-http"]
    assert wrapped["env"] == {"CORDON_URL": url} and wrapped["type"] == "stdio"


def test_env_name_does_not_clobber_the_entry_env(tmp_path: Path) -> None:
    path = tmp_path / ".mcp.json"
    entry = {
        "type": "http",
        "url": URL,
        "headers": {"X-Key": "literal"},
        "env": {"CORDON_HEADER_X_KEY": "something else"},
    }
    path.write_text(json.dumps({"mcpServers": {"a": entry}}))
    wrapped = json.loads(plan_init(path, pin_dir=tmp_path).new)["mcpServers"]["a"]
    assert wrapped["env"] == {
        "CORDON_HEADER_X_KEY": "something else",
        "CORDON_HEADER_X_KEY_2": "literal",
    }
    assert wrapped["args"][-2:] == ["--header-env", "X-Key=CORDON_HEADER_X_KEY_2"]


def test_pin_file_follows_the_url_not_the_headers_or_the_form(tmp_path: Path) -> None:
    a = pin_file_for("s", {"url": URL}, tmp_path)
    assert a == pin_file_for("s", {"url": URL}, tmp_path)
    assert a != pin_file_for("s", {"url": "https://other.example/mcp"}, tmp_path)
    assert a != pin_file_for("s", {}, tmp_path)  # a stdio entry's key is unchanged
    path = tmp_path / ".mcp.json"
    both = {
        "u": {"type": "http", "url": URL, "headers": {"A": "${X}"}},
        "m": {"command": "npx", "args": ["mcp-remote", URL]},
    }
    path.write_text(json.dumps({"mcpServers": both}))
    table = json.loads(plan_init(path, pin_dir=tmp_path).new)["mcpServers"]
    assert table["u"]["args"][4] == str(pin_file_for("u", {"url": URL}, tmp_path))
    assert table["m"]["args"][4] == str(pin_file_for("m", {"url": URL}, tmp_path))


@pytest.mark.e2e
@pytest.mark.anyio
async def test_a_wrapped_url_entry_runs_against_the_http_mailbox(harness: Any) -> None:
    """init turns a url entry (its token pasted literally) into an entry that works."""
    from mcp import Client, StdioServerParameters

    from tests.conftest import cordon_exe

    token = "mailbox-token-for-init-0b7c"
    box = harness.tmp / "box"
    box.mkdir()
    url = harness.http_mailbox({"MAILBOX_DIR": str(box)}, token=token)
    path = harness.tmp / ".mcp.json"
    entry = {"type": "http", "url": url, "headers": {"Authorization": f"Bearer {token}"}}
    path.write_text(json.dumps({"mcpServers": {"mail": entry}}, indent=2))
    result = _init("--config", str(path), "--pin-dir", str(harness.tmp / "pins"))
    assert result.exit_code == 0, result.output
    wrapped = json.loads(path.read_text())["mcpServers"]["mail"]
    assert token not in " ".join(wrapped["args"])
    exe = cordon_exe()  # "cordon" may not be on PATH in the test venv
    params = StdioServerParameters(
        command=exe[0],
        args=[*exe[1:], *wrapped["args"]],
        env={**os.environ, "HOME": str(harness.home), **wrapped["env"]},
    )
    async with Client(params, mode="legacy") as client:
        names = {t.name for t in (await client.list_tools()).tools}
    assert "send_email" in names
    pin_files = list((harness.tmp / "pins").glob("mail-*.json"))
    assert len(pin_files) == 1 and "send_email" in pin_files[0].read_text()
    audit = (harness.home / ".cordon" / "audit.jsonl").read_text()
    assert token not in audit and re.search(r'"server": ?"mail"', audit)


def test_gemini_url_is_legacy_sse_unless_its_type_says_http(tmp_path: Path) -> None:
    """Gemini CLI: ``httpUrl`` is Streamable HTTP and wins over ``url``; ``url`` is the
    legacy SSE transport unless ``type`` says ``http``. The wrapped entries get no ``type``
    (Gemini CLI knows only ``sse`` and ``http``); undo restores each entry as written."""
    path = tmp_path / ".gemini" / "settings.json"
    path.parent.mkdir()
    servers = {
        "untyped": {"url": "https://g.example/events"},
        "sse": {"type": "sse", "url": "https://g.example/events"},
        "http": {"type": "http", "url": "https://g.example/mcp"},
        "both": {"httpUrl": "https://g.example/mcp", "url": "https://g.example/sse"},
    }
    path.write_text(json.dumps({"mcpServers": servers}, indent=2) + "\n")
    original = path.read_bytes()
    plan = plan_init(path, pin_dir=tmp_path / "pins")
    table = json.loads(plan.new)["mcpServers"]
    for name, url, sse in [
        ("untyped", "https://g.example/events", True),
        ("sse", "https://g.example/events", True),
        ("http", "https://g.example/mcp", False),
        ("both", "https://g.example/mcp", False),
    ]:
        args = table[name]["args"]
        assert args[-2:] == ["--url", url] and ("--sse" in args) is sse, (name, args)
        assert "type" not in table[name] and table[name][UPSTREAM_KEY] == servers[name]
    path.write_bytes(plan.new)
    undo = _init("--config", str(path), "--undo")
    assert undo.exit_code == 0 and "kept your edits" not in undo.output, undo.output
    assert json.loads(path.read_bytes()) == json.loads(original)
