"""A process's calls skip the shared-credential match while every credential published to the
client's store is its own (its own credentials, and the ones it saw, are in its own
SecretSet); as soon as another writer publishes one, they are matched as before.

Two stores on one file stand for two ``cordon run`` processes of one client (the store tells
writers apart per store, so two stores of one test process are two writers)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_shared_own_secrets import CARRIED  # every form a sibling refuses
from test_shared_own_secrets import TOKEN as OWN

from cordon.engine import shared_secrets
from cordon.engine.core import Engine
from cordon.engine.shared_secrets import ANY_KEY, find_shared, own_keys, shared_keys
from cordon.store import SharedTaintStore

#: another process's header credential
SIBLINGS = "Pw4Kd8Ns2Qx6Lt9Vb3Jm7Rc"
PROSE = " ".join(f"word{i} and some prose, line {i}." for i in range(3500))  # ~100 KB


@pytest.fixture
def passes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the hashing passes :func:`find_shared` starts (each reads the call's texts)."""
    count: list[int] = []
    texts = shared_secrets._texts

    def counting(arguments: Any) -> Any:
        count.append(1)
        return texts(arguments)

    monkeypatch.setattr(shared_secrets, "_texts", counting)
    return count


def _store(path: Path, *, hold: bool = True) -> SharedTaintStore:
    return SharedTaintStore(path, hold=hold, watch=(ANY_KEY,))


def _owner(store: SharedTaintStore) -> Any:
    """The engine of ``cordon run`` with a header credential of its own, published."""
    store.publish_own(own_keys([OWN]))
    engine = Engine.from_policy(
        [{"version": 1}], secrets=[OWN], shared_taint=store, shared_secrets=store
    )
    engine.pin_tools([{"name": "echo", "inputSchema": {"type": "object"}}], server="s")
    return engine


def _check(engine: Any, text: str) -> Any:
    return engine.new_session().check("echo", {"text": text}, server="s")


def test_a_lone_process_hashes_nothing_for_its_own_credential(
    tmp_path: Path, passes: list[int]
) -> None:
    owner = _owner(_store(tmp_path / "c.keys"))
    assert _check(owner, PROSE).verdict == "allow"
    v = _check(owner, f"the key is {OWN}")  # its own SecretSet refuses it
    assert (v.verdict, v.rule, v.details["encoding"]) == ("deny", "secret.egress", "plain")
    assert passes == []


def test_a_siblings_credential_is_matched_as_soon_as_it_is_published(
    tmp_path: Path, passes: list[int]
) -> None:
    path = tmp_path / "c.keys"
    owner = _owner(_store(path))
    assert _check(owner, f"{PROSE} {SIBLINGS}").verdict == "allow" and passes == []
    _store(path).publish_own(own_keys([SIBLINGS]))  # another process starts
    v = _check(owner, f"{PROSE} {SIBLINGS}")
    assert (v.verdict, v.rule, v.details["encoding"]) == ("deny", "secret.egress", "shared")
    assert len(passes) == 1


def test_a_credential_a_sibling_saw_is_matched_too(tmp_path: Path, passes: list[int]) -> None:
    path = tmp_path / "c.keys"
    owner = _owner(_store(path))
    _check(owner, PROSE)
    sibling = _store(path, hold=False)
    sibling.publish(["mallory@evil.example"])  # destination keys: not a credential
    assert _check(owner, PROSE).verdict == "allow" and passes == []
    sibling.publish(shared_keys([SIBLINGS]))
    assert _check(owner, f"pw={SIBLINGS}").rule == "secret.egress" and len(passes) == 1


def test_a_holding_siblings_seen_credential_is_waited_for(tmp_path: Path) -> None:
    path = tmp_path / "c.keys"
    owner = _store(path)
    owner.publish_own(own_keys([OWN]))
    sibling = _store(path)
    sibling.publish(shared_keys([SIBLINGS]))  # held: not in the file yet
    assert sibling.holding
    assert owner.published_elsewhere(ANY_KEY)  # it had it published (a process: SIGUSR1)
    assert not sibling.holding


def test_its_own_lines_read_back_and_its_seen_credentials_stay_its_own(tmp_path: Path) -> None:
    path = tmp_path / "c.keys"
    owner = _store(path, hold=False)
    other = _store(path, hold=False)
    other.publish(["mallory@evil.example"])  # before the owner's block: read back with it
    owner.publish_own(own_keys([OWN]))
    owner.publish(shared_keys(["Seen-In-Its-Own-Output-4k9Q"]))
    assert ANY_KEY in owner.present([ANY_KEY])
    assert not owner.published_elsewhere(ANY_KEY)
    assert other.published_elsewhere(ANY_KEY)  # to the other, they are the owner's
    other.publish(shared_keys([SIBLINGS]))
    assert owner.published_elsewhere(ANY_KEY)


def test_a_new_reader_places_every_earlier_block_elsewhere(tmp_path: Path) -> None:
    path = tmp_path / "c.keys"
    _store(path).publish_own(own_keys([SIBLINGS]))
    reader = _store(path)
    reader.publish_own(own_keys([OWN]))
    assert reader.published_elsewhere(ANY_KEY)


def test_a_store_that_watches_nothing_answers_as_present(tmp_path: Path) -> None:
    path = tmp_path / "c.keys"
    store = SharedTaintStore(path)
    assert not store.published_elsewhere(ANY_KEY)
    store.publish_own(own_keys([OWN]))
    assert store.published_elsewhere(ANY_KEY)  # cannot tell whose: as before, hashed
    assert find_shared({"text": OWN}, store) is not None


def test_cordon_run_watches_the_credential_marker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cordon.proxy.main import _shared_store

    monkeypatch.setenv("HOME", str(tmp_path))
    store = _shared_store()
    try:
        assert store.holding
        store.publish_own(own_keys([OWN]))
        assert not store.published_elsewhere(ANY_KEY)
        SharedTaintStore(store.path).publish_own(own_keys([SIBLINGS]))
        assert store.published_elsewhere(ANY_KEY)
    finally:
        store.close()


@pytest.mark.parametrize("how", list(CARRIED))
def test_its_own_secret_set_refuses_every_form_a_sibling_would(tmp_path: Path, how: str) -> None:
    """What the skipped match would have found, the process's own SecretSet finds."""
    owner = _owner(_store(tmp_path / "c.keys"))
    v = _check(owner, f"config: {CARRIED[how]}")
    assert (v.verdict, v.rule) == ("deny", "secret.egress"), how
    assert v.details["encoding"] != "shared"
