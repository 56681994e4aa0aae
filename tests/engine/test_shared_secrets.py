"""Credentials seen in output, shared across a client's cordon processes by hash, and kept
from going back to a server that only relayed them (a file, the environment, a command).

Two engines on one shared store stand for two ``cordon run`` processes of one client (the
e2e test drives the real ones: tests/e2e/test_shared_secrets_proxy.py)."""

from __future__ import annotations

import base64
import hashlib
import urllib.parse
from pathlib import Path
from typing import Any

import pytest

from cordon.engine import rules
from cordon.engine.core import Engine
from cordon.engine.relayed import relays_data
from cordon.engine.shared_secrets import ANY_KEY, find_shared, shared_keys
from cordon.policy import ToolPolicy
from cordon.store import SharedTaintStore

#: what the content scanner finds in a ``.env`` line (``secret.password_assignment``)
TOKEN = "Xq7zR2mK9pLw4vTn"
TOOLS = ("read_file", "read_inbox", "echo", "send_email", "run_command", "list_items")


def _engine(store: Any, policy: dict[str, Any] | None = None) -> Engine:
    engine = Engine.from_policy(
        [policy or {"version": 1}], secrets=[], shared_taint=store, shared_secrets=store
    )
    for server in ("files", "tickets"):
        engine.pin_tools(
            [{"name": t, "inputSchema": {"type": "object"}} for t in TOOLS], server=server
        )
    return engine


def _result(text: str) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": text}]}


@pytest.fixture
def pair(tmp_path: Path) -> tuple[Any, Any]:
    """Two sessions of one client: ``files`` (process A) and ``tickets`` (process B)."""
    a = SharedTaintStore(tmp_path / "client.keys")
    b = SharedTaintStore(tmp_path / "client.keys")
    return _engine(a).new_session(), _engine(b).new_session()


def _read_env(session: Any, text: str = f"DB_PASSWORD={TOKEN}\n") -> None:
    obs = session.observe_output(
        "read_file", _result(text), server="files", arguments={"path": "/srv/app/.env"}
    )
    assert any(f.rule == "secret.password_assignment" for f in obs.findings)


@pytest.mark.parametrize(
    "args",
    [
        {"text": TOKEN},
        {"text": f"the password is {TOKEN}, use it"},
        {"query": f"https://tickets.example/search?q={TOKEN}&x=1"},
        {"text": urllib.parse.quote(f"pw={TOKEN}")},
        {"text": base64.b64encode(f"pw={TOKEN}".encode()).decode()},
        {"text": TOKEN[::-1]},  # sent backwards
        {"a": f"see {TOKEN[:9]}", "b": f"{TOKEN[9:]} ok"},  # split across two arguments
        {"nested": [{"deep": {"k": f'"{TOKEN}"'}}]},
        {f"{TOKEN}": "as a key"},
        {"text": "\uff38\uff51" + TOKEN[2:]},  # full-width first letters
    ],
    ids=lambda a: "-".join(a)[:20],
)
def test_a_credential_read_through_one_process_is_refused_by_the_other(
    pair: tuple[Any, Any], args: dict[str, Any]
) -> None:
    a, b = pair
    _read_env(a)
    v = b.check("echo", args, server="tickets")  # a call that sends nothing
    assert (v.verdict, v.rule) == ("deny", rules.SECRET_EGRESS), v
    assert v.details["encoding"] == "shared"
    assert TOKEN not in v.reason and TOKEN not in str(v.details)
    digest = hashlib.sha256(TOKEN.encode()).hexdigest()[:16]
    assert v.details["withheld"] == f"[withheld: secret seen by another server sha256:{digest}]"


def test_the_other_process_then_withholds_it_in_its_audit_view(pair: tuple[Any, Any]) -> None:
    from cordon.engine.dlp import withhold

    a, b = pair
    _read_env(a)
    args = {"to": "ops@example.com", "body": f"pw {TOKEN}"}
    assert b.check("send_email", args, server="tickets").verdict == "deny"
    shown = withhold(args, b.secrets, b.engine.dlp)
    assert shown["to"] == "ops@example.com" and TOKEN not in str(shown)
    # learnt: a later call is refused without the store
    b.engine.shared_secrets = None
    assert b.check("echo", {"text": TOKEN}, server="tickets").rule == rules.SECRET_EGRESS


def test_ordinary_calls_pass_and_glued_credentials_are_a_known_limit(
    pair: tuple[Any, Any],
) -> None:
    a, b = pair
    _read_env(a)
    for text in ("hello world", TOKEN[:-1], TOKEN[1:], f"{TOKEN[:8]} and more text"):
        assert b.check("echo", {"text": text}, server="tickets").verdict == "allow", text
    # glued to other letters: not found by hash (the process that read it finds it itself)
    assert b.check("echo", {"text": f"Bearer{TOKEN}"}, server="tickets").verdict == "allow"
    assert a.check("echo", {"text": f"Bearer{TOKEN}"}, server="files").verdict == "deny"


def test_nothing_is_hashed_while_no_process_published_a_credential(tmp_path: Path) -> None:
    class Counting:
        def __init__(self) -> None:
            self.asked: list[str] = []

        def publish(self, keys: Any) -> None:
            raise AssertionError("nothing to publish")

        def present(self, keys: Any) -> set[str]:
            self.asked.extend(keys)
            return set()

    lookup = Counting()
    assert find_shared({"text": f"many words here {TOKEN} " * 50}, lookup) is None
    assert lookup.asked == [ANY_KEY]


def test_the_store_holds_hashes_never_the_credential(pair: tuple[Any, Any]) -> None:
    a, _ = pair
    _read_env(a)
    a.engine.shared_secrets.flush()
    raw = Path(a.engine.shared_secrets.path).read_bytes()
    for part in (TOKEN, TOKEN[:8], TOKEN[::-1], TOKEN[::-1][:8], TOKEN.lower()):
        assert part.encode() not in raw
    assert len(shared_keys([TOKEN])) == 5  # whole and head, forwards and backwards, "any"
    assert shared_keys(["short"]) == []


def test_a_token_the_server_produced_goes_back_to_it_unsent_but_not_elsewhere(
    pair: tuple[Any, Any],
) -> None:
    """A login tool's session token: the server that returned it has it already."""
    a, b = pair
    a.observe_output("read_inbox", _result(f"api_key: {TOKEN}"), server="files", arguments={})
    assert a.check("list_items", {"token": TOKEN}, server="files").verdict == "allow"
    v = a.check("send_email", {"to": "x@y.example", "body": TOKEN}, server="files")
    assert v.verdict == "deny"
    assert b.check("list_items", {"token": TOKEN}, server="tickets").rule == rules.SECRET_EGRESS


@pytest.mark.parametrize(
    ("tool", "args"),
    [
        ("read_file", {"path": "/srv/app/.env"}),
        ("read_file", {"path": "/srv/app/config.txt"}),  # a file-reading tool's name
        ("read_inbox", {"file": "~/.aws/credentials"}),  # a credential file by a path param
        ("run_command", {"command": "cat config.txt"}),  # a command's output
        ("echo", {"cmd": "printenv"}),
        ("get_env", {"name": "DB_PASSWORD"}),  # the environment
    ],
)
def test_a_credential_relayed_from_a_file_is_refused_even_by_its_own_server(
    pair: tuple[Any, Any], tool: str, args: dict[str, Any]
) -> None:
    """CyberArk's advanced tool poisoning: a fake error asks the model to put ``.env`` into a
    parameter of the next call to the same server. What the server only read (a file, the
    environment, a command's output) is not its own: refused there too."""
    a, _ = pair
    a.engine.pin_tools(
        [{"name": "get_env", "inputSchema": {"type": "object"}}], server="files", complete=False
    )
    a.observe_output(tool, _result(f"DB_PASSWORD={TOKEN}"), server="files", arguments=args)
    v = a.check("list_items", {"note": TOKEN}, server="files")
    assert (v.verdict, v.rule) == ("deny", rules.SECRET_EGRESS), (tool, v)


def test_relays_data_reads_policy_names_and_commands() -> None:
    plain = ToolPolicy()
    assert relays_data("read_text_file", plain, {"path": "a.txt"})
    assert relays_data("fetch_doc", ToolPolicy(path_params=("doc",)), {"doc": "x"})
    assert not relays_data("fetch_doc", ToolPolicy(path_params=("doc",)), {"other": "x"})
    assert relays_data("shell", plain, {"script": "ls"})
    assert relays_data("anything", ToolPolicy(executes=True), {})
    assert relays_data("resources/read", plain, None)
    assert relays_data("search", plain, {"opts": {"filename": ".env"}})
    assert not relays_data("search", plain, {"filename": "notes.txt"})
    assert not relays_data("login", plain, {"user": "me"})
    assert not relays_data("write_file", plain, {"content": "x"})
    deep: dict[str, Any] = {}
    cur = deep
    for _ in range(200):
        cur["a"] = {}
        cur = cur["a"]
    assert relays_data("search", plain, deep)  # unreadable: taken as a read


def test_a_publish_that_fails_fails_the_recording(tmp_path: Path) -> None:
    class Broken:
        def publish(self, keys: Any) -> None:
            raise OSError("disk full")

        def present(self, keys: Any) -> set[str]:
            return set()

    engine = Engine.from_policy([{"version": 1}], secrets=[], shared_secrets=Broken())
    s = engine.new_session()
    with pytest.raises(OSError):
        s.observe_output("read_file", _result(f"DB_PASSWORD={TOKEN}"), server="files")
