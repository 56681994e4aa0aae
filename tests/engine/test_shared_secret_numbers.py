"""A credential shared across the cordon processes of one client (hashed in the client's
store: :mod:`cordon.engine.shared_secrets`) that is all digits is refused in a sibling's call
when it is sent as a JSON number too: the server reads ``98234751029384756`` as the same
digits as ``"98234751029384756"`` (as the process's own SecretSet does: test_secret_numbers)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cordon.engine.core import Engine
from cordon.engine.shared_secrets import find_shared, own_keys
from cordon.store import SharedTaintStore

#: a header token of digits only (an account PIN, a numeric API key): no known format
TOKEN = "98234751029384756"


def _sibling(store: SharedTaintStore) -> Any:
    engine = Engine.from_policy([{"version": 1}], secrets=[], shared_secrets=store)
    engine.pin_tools([{"name": "web_search", "inputSchema": {"type": "object"}}], server="s")
    return engine


@pytest.fixture
def stores(tmp_path: Path) -> tuple[SharedTaintStore, SharedTaintStore]:
    owner = SharedTaintStore(tmp_path / "client.keys", hold=True)
    owner.publish_own(own_keys([TOKEN]))
    return owner, SharedTaintStore(tmp_path / "client.keys", hold=True)


@pytest.mark.parametrize(
    "args",
    [
        {"q": TOKEN},  # (the string form: refused before too)
        {"q": int(TOKEN)},
        {"page": 1, "filters": [{"id": int(TOKEN)}]},
        {"a": int(TOKEN[:9]), "b": int(TOKEN[9:])},  # split across two numbers
    ],
)
def test_a_shared_credential_of_digits_sent_as_a_number_is_refused(
    stores: tuple[SharedTaintStore, SharedTaintStore], args: dict[str, Any]
) -> None:
    _, sibling_store = stores
    found = find_shared(args, sibling_store)
    assert found is not None and found[0] == TOKEN, args
    v = _sibling(sibling_store).new_session().check("web_search", args, server="s")
    assert (v.verdict, v.rule) == ("deny", "secret.egress"), args
    assert TOKEN not in repr(v), v


def test_other_numbers_pass(stores: tuple[SharedTaintStore, SharedTaintStore]) -> None:
    _, sibling_store = stores
    for args in ({"q": int(TOKEN) + 1}, {"n": 98234751}, {"t": True, "f": 9.8234751029384756e16}):
        assert find_shared(args, sibling_store) is None, args
