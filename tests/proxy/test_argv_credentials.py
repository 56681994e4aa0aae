"""A stdio server's command line can carry its key (``cordon.argvcreds``): flags, connection
strings, ``NAME=VALUE`` assignments and URLs; and what is not a key."""

from __future__ import annotations

from pathlib import Path

import pytest

from cordon.argvcreds import argv_credentials, masked_argv

HITS = [
    (["npx", "-y", "brave-search-mcp", "--api-key", "BSAk3yVa1ue9"], "BSAk3yVa1ue9"),
    (["server", "--api_key=sk-live-abcdef123"], "sk-live-abcdef123"),
    (["server", "--github-token", "ghp_abcdefghijklmnop"], "ghp_abcdefghijklmnop"),
    (["mysql-mcp", "--password", "hunter22x"], "hunter22x"),
    (["server", "--client-secret=cs_0123456789"], "cs_0123456789"),
    (
        ["npx", "@modelcontextprotocol/server-postgres", "postgresql://me:S3cretPw@db/app"],
        "S3cretPw",
    ),
    (["redis-mcp", "redis://:r3disPassw0rd@localhost:6379/0"], "r3disPassw0rd"),
    (["docker", "run", "-e", "GITHUB_TOKEN=ghp_0123456789abcdef", "img"], "ghp_0123456789abcdef"),
    (["env", "OPENAI_API_KEY=sk-proj-abcdef", "srv"], "sk-proj-abcdef"),
    (["srv", "--url", "https://api.example.com/mcp?api_key=k3yk3yk3y"], "k3yk3yk3y"),
    # the password variables and flags programs document under other names
    (["wallet-mcp", "--passphrase", "Wq9zLp2Xv7"], "Wq9zLp2Xv7"),
    (["env", "MYSQL_PWD=Rk4mWq9zLp", "mysql-mcp"], "Rk4mWq9zLp"),
    (["env", "SSHPASS=Rk4mWq9zLp", "ssh-mcp"], "Rk4mWq9zLp"),
    (["docker", "run", "-e", "RABBITMQ_DEFAULT_PASS=Rk4mWq9zLp", "img"], "Rk4mWq9zLp"),
]


@pytest.mark.parametrize(("argv", "key"), HITS)
def test_a_key_on_the_command_line_is_found_and_masked(argv: list[str], key: str) -> None:
    assert key in argv_credentials(argv)
    masked = masked_argv(argv)
    assert key not in " ".join(masked) and "***" in " ".join(masked)
    assert len(masked) == len(argv) and masked[0] == argv[0]


NEAR_MISSES = [
    ["npx", "-y", "@modelcontextprotocol/server-filesystem", "/home/me/project"],
    ["server", "--token-file", "/home/me/.token"],  # a path to a key, not the key
    ["server", "--api-key", "/run/secrets/key"],
    ["server", "--password-prompt"],
    ["server", "--use-auth", "true"],
    ["server", "--key", "abc"],  # under the registry's minimum
    ["uvx", "mcp-server-git", "--repository", "."],
    ["npx", "@modelcontextprotocol/server-postgres", "postgresql://localhost/app"],
    ["server", "--port", "8080", "--host", "127.0.0.1"],
    ["docker", "run", "-e", "LOG_LEVEL=debug", "img"],
    ["env", "PWD=/home/me", "OLDPWD=/tmp", "CACHE_BYPASS=true", "srv"],
    ["server", "--passphrase-file", "/home/me/.passphrase"],
    ["srv", "https://api.example.com/mcp?page=2"],
]


@pytest.mark.parametrize("argv", NEAR_MISSES)
def test_ordinary_arguments_are_not_keys(argv: list[str]) -> None:
    assert argv_credentials(argv) == []
    assert masked_argv(argv) == argv


def test_a_percent_encoded_password_is_registered_decoded_too() -> None:
    found = argv_credentials(["pg", "postgresql://me:p%40ss%2Fword9@db/app"])
    assert "p%40ss%2Fword9" in found and "p@ss/word9" in found


def test_a_default_password_word_is_masked_but_not_registered() -> None:
    argv = ["pg", "postgresql://postgres:postgres@localhost/app", "--sort-key", "created_at"]
    assert argv_credentials(argv) == []
    assert masked_argv(argv) == ["pg", "postgresql://postgres:***@localhost/app", *argv[2:]]


def test_a_pin_that_held_the_raw_key_is_rewritten_and_the_server_is_the_same(
    tmp_path: Path,
) -> None:
    from cordon.proxy.main import _identity
    from cordon.store.pins import PinFile

    raw = ["env", "SERVICE_API_TOKEN=svcK3y-7f1e2d9c0b8a", "server"]
    pins = PinFile(tmp_path / "pins.json")
    pins.pin_identity("s", {"upstream": {"command": raw}, "serverInfo": {"name": "s"}})
    upstream = _identity(pins, "s", raw, None, False)
    assert upstream == {"command": ["env", "SERVICE_API_TOKEN=***", "server"]}
    assert "svcK3y" not in (tmp_path / "pins.json").read_text("utf-8")
    assert (pins.identity("s") or {}).get("serverInfo") == {"name": "s"}
