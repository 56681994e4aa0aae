"""A wrapped command's one-time codes are scoped by its environment and working directory
too: one command line serves two accounts told apart by ``env`` alone, or two projects by
the directory it starts in (a filesystem server given ``.``); a code one approved is not
redeemed by the other (tests/e2e/test_code_server_env.py through real processes). A URL's
server is told by its URL and headers: the environment cordon runs in is not its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from cordon.proxy.main import _code_store

CMD = ["python", "server.py", "."]


def _scope(tmp_path: Path, command: list[str], url: str | None = None) -> str | None:
    return _code_store(tmp_path / "a.json", "files", command, url, {}, tmp_path / "p.json").scope


def test_the_environment_and_directory_of_a_command_scope_its_codes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    monkeypatch.setenv("MAILBOX", "alice")
    monkeypatch.chdir(tmp_path / "one")
    base = _scope(tmp_path, CMD)
    assert _scope(tmp_path, CMD) == base  # the same server: the same scope
    monkeypatch.chdir(tmp_path / "two")
    assert _scope(tmp_path, CMD) != base
    monkeypatch.chdir(tmp_path / "one")
    monkeypatch.setenv("MAILBOX", "bob")
    assert _scope(tmp_path, CMD) != base


def test_a_url_server_is_scoped_by_its_url_and_headers_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = "https://mcp.example/mcp"
    base = _scope(tmp_path, [], url)
    monkeypatch.setenv("MAILBOX", "bob")
    (tmp_path / "two").mkdir()
    monkeypatch.chdir(tmp_path / "two")
    assert _scope(tmp_path, [], url) == base
