"""Attacks on the client's shared store that carries the Rule of Two legs between the cordon
processes of one client (:mod:`cordon.store.shared_taint`). A store that would swallow what
is published and answer every lookup with a miss (a symbolic link to ``/dev/null``, a FIFO
put where the file goes) must not be opened: ``cordon run`` then refuses to start rather than
run with legs that reach no other process."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cordon.engine.trifecta import TrifectaState
from cordon.store import SharedTaintStore


def test_a_leg_published_on_a_real_file_is_seen_by_another_process_store(tmp_path: Path) -> None:
    path = tmp_path / "client.keys"
    a = TrifectaState(shared=SharedTaintStore(path))
    b = TrifectaState(shared=SharedTaintStore(path))
    a.observe_result(untrusted=True, sensitive=False)
    assert b.elsewhere("untrusted_input")
    assert b.may_ask(external=True, sensitive=True, destination_allowlisted=False)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_store_linked_to_a_device_like_file_is_refused(tmp_path: Path) -> None:
    # before: both stores opened a link to /dev/null, the leg vanished and the other's post
    # was allowed (and, as root, /dev/null was made 0600). A link to a FIFO stands in for
    # the device here, so a regression cannot change the machine's /dev/null
    os.mkfifo(tmp_path / "sink")
    path = tmp_path / "client.keys"
    path.symlink_to(tmp_path / "sink")
    with pytest.raises(OSError):
        SharedTaintStore(path)


def test_a_store_linked_to_another_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "elsewhere.keys").write_text("", "utf-8")
    path = tmp_path / "client.keys"
    path.symlink_to(tmp_path / "elsewhere.keys")
    with pytest.raises(OSError):
        SharedTaintStore(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_in_place_of_the_store_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "client.keys"
    os.mkfifo(path)
    with pytest.raises(OSError):
        SharedTaintStore(path)
