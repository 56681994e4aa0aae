"""Rule of Two legs shared between the cordon processes of one client: a leg one session
comes to hold is published in the client's shared store, and another session counts it
(:data:`cordon.engine.trifecta.SHARED_LEG_KEYS`). Two real file-backed stores on one file,
as two ``cordon run`` processes have; the engine driven through its public ``check``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cordon.engine.core import Engine
from cordon.engine.trifecta import SHARED_LEG_KEYS, TrifectaState
from cordon.store import SharedTaintStore, hash_key

POLICY = {
    "version": 1,
    "sensitive_paths": ["/home/me/.ssh"],
    "tools": {
        "read_file": {"untrusted_output": False, "path_params": ["path"]},
        "read_mail": {"untrusted_output": True},
        "post_status": {"egress": True},  # posts to the feed its server is configured with
    },
}


def _session(path: Path) -> Any:
    store = SharedTaintStore(path, hold=True)
    engine = Engine.from_policy([POLICY], shared_taint=store, shared_secrets=store)
    for server in ("files", "mail"):
        tools = ["read_file", "read_mail", "post_status"]
        engine.pin_tools(
            [{"name": t, "inputSchema": {"type": "object"}} for t in tools], server=server
        )
    return engine.new_session()


def _read_key(s: Any) -> None:
    args = {"path": "/home/me/.ssh/id_ed25519"}
    assert s.check("read_file", args, server="files").verdict == "allow"
    s.observe_output("read_file", {"content": [{"type": "text", "text": "k"}]}, server="files")


def _read_mail(s: Any) -> None:
    assert s.check("read_mail", {}, server="mail").verdict == "allow"
    s.observe_output("read_mail", {"content": [{"type": "text", "text": "hi"}]}, server="mail")


def test_a_sensitive_read_in_one_process_makes_a_post_in_another_ask(tmp_path: Path) -> None:
    files, mail = _session(tmp_path / "c.keys"), _session(tmp_path / "c.keys")
    _read_mail(mail)
    assert mail.check("post_status", {"text": "x"}, server="mail").verdict == "allow"
    _read_key(files)
    v = mail.check("post_status", {"text": "x"}, server="mail")
    assert (v.verdict, v.rule) == ("ask", "r2.trifecta")
    assert "through another server of this client" in v.reason
    assert v.details["legs"]["from_other_servers"] == ["sensitive_data"]


def test_untrusted_input_in_one_process_counts_for_another(tmp_path: Path) -> None:
    files, mail = _session(tmp_path / "c.keys"), _session(tmp_path / "c.keys")
    _read_key(files)  # sensitive data here, no untrusted input yet anywhere
    assert files.check("post_status", {"text": "x"}, server="files").verdict == "allow"
    _read_mail(mail)
    v = files.check("post_status", {"text": "x"}, server="files")
    assert (v.verdict, v.rule) == ("ask", "r2.trifecta")


def test_another_clients_legs_do_not_count(tmp_path: Path) -> None:
    files, mail = _session(tmp_path / "a.keys"), _session(tmp_path / "b.keys")
    _read_mail(mail)
    _read_key(files)
    assert mail.check("post_status", {"text": "x"}, server="mail").verdict == "allow"


def test_each_leg_is_published_once_and_external_communication_never(tmp_path: Path) -> None:
    path = tmp_path / "c.keys"
    s = _session(path)
    for _ in range(3):
        _read_mail(s)
        _read_key(s)
        assert s.check("post_status", {"text": "x"}, server="mail").verdict == "ask"
    s.engine.shared_taint.flush()
    lines = path.read_text("ascii").splitlines()
    for key in SHARED_LEG_KEYS.values():
        assert lines.count(hash_key(key)) == 1


class _Store:
    """A shared store double (units only): counts lookups, answers from a set."""

    def __init__(self, *, truncated: bool = False, fail: bool = False) -> None:
        self.keys: set[str] = set()
        self.lookups = 0
        self.truncated = truncated
        self.fail = fail

    def publish(self, keys: Any) -> None:
        if self.fail:
            raise OSError("disk full")
        self.keys.update(keys)

    def contains(self, key: str) -> bool:
        self.lookups += 1
        return key in self.keys


def test_a_store_whose_misses_cannot_be_trusted_counts_the_legs_held() -> None:
    state = TrifectaState(shared=_Store(truncated=True))  # type: ignore[arg-type]
    assert state.may_ask(True, False, False)
    assert state.legs()["from_other_servers"] == ["sensitive_data", "untrusted_input"]


def test_the_store_is_not_looked_up_when_the_own_legs_settle_it() -> None:
    store = _Store()
    state = TrifectaState(shared=store)  # type: ignore[arg-type]
    state.observe_result(untrusted=True, sensitive=True)
    assert state.may_ask(True, False, False)
    assert not state.may_ask(False, False, False)
    assert not state.may_ask(True, False, True)  # cleared
    assert store.lookups == 0


def test_a_leg_that_cannot_be_published_degrades_the_session(tmp_path: Path) -> None:
    s = _session(tmp_path / "c.keys")
    s.legs.shared = _Store(fail=True)
    _read_mail(s)
    assert s.degraded and "Rule of Two" in s.degraded
    v = s.check("post_status", {"text": "x"}, server="mail")
    assert (v.verdict, v.rule) == ("deny", "session.degraded")


@pytest.mark.parametrize("leg", sorted(SHARED_LEG_KEYS))
def test_a_leg_key_is_no_destination_key(leg: str) -> None:
    # a normalised destination key never holds a NUL: no text can spell a leg's key
    assert "\x00" in SHARED_LEG_KEYS[leg]
