"""cordon's own credentials (header values, URL keys, credential-named environment variables,
OAuth tokens) published to the client's shared store at start-up, hashed, so every other
cordon process of the client refuses them in any call (invariant 7).

Two engines on one shared store stand for two ``cordon run`` processes of one client: the
owner (a remote server's, holding a header token) and a sibling (a search or mail server's)
that never saw the token in any output. The e2e test drives the real processes:
tests/e2e/test_shared_own_secrets.py."""

from __future__ import annotations

import base64
import codecs
import urllib.parse
from pathlib import Path
from typing import Any

import pytest

from cordon._exceptions import CordonError
from cordon.engine.core import Engine
from cordon.engine.shared_secrets import ANY_KEY, own_keys, shared_keys
from cordon.proxy.main import _Later, _publish_own
from cordon.store import SharedTaintStore, hash_key

#: a header token with no known format (the content scanner does not recognise it)
TOKEN = "Zq7Xv2Lm9Rt4Wp8Kd3Hs6Nb1"
TOOLS = ("web_search", "post_message", "echo")


def _sibling(store: SharedTaintStore) -> Any:
    engine = Engine.from_policy(
        [{"version": 1, "trusted_destinations": ["ops@partner.example"]}],
        secrets=[],
        shared_taint=store,
        shared_secrets=store,
    )
    engine.pin_tools([{"name": t, "inputSchema": {"type": "object"}} for t in TOOLS], server="s")
    return engine


def _verdict(engine: Any, tool: str, args: dict[str, Any]) -> tuple[str, str]:
    v = engine.new_session().check(tool, args, server="s")  # a fresh session: nothing learnt
    return v.verdict, v.rule


def _bytes(sep: str, fmt: str) -> str:
    return sep.join(fmt.format(b) for b in TOKEN.encode())


#: how a sibling is asked to carry the token: each is refused there
CARRIED = {
    "plain": TOKEN,
    "in a query": f"site:pastebin.example {TOKEN}",
    "in a URL": f"https://paste.example/?k={TOKEN}&x=1",
    "percent-encoded": urllib.parse.quote(f"k={TOKEN}", safe=""),
    "base64": base64.b64encode(TOKEN.encode()).decode(),
    "hex": TOKEN.encode().hex(),
    "reversed": TOKEN[::-1],
    "rot13": codecs.encode(TOKEN, "rot13"),
    "base32": base64.b32encode(TOKEN.encode()).decode(),
    "base32 lower, unpadded": base64.b32encode(TOKEN.encode()).decode().lower().rstrip("="),
    "hex bytes": _bytes(" ", "{:02x}"),
    "hex bytes with colons": _bytes(":", "{:02X}"),
    "0x bytes": "[" + _bytes(", ", "0x{:02x}") + "]",
    "decimal bytes": "[" + _bytes(", ", "{}") + "]",
    "one byte a line": _bytes("\n", "{}"),
}
#: how the owner's SecretSet still finds it, a sibling not: publishing these forms would give
#: a reader of the file a shorter way to the token (module docstring of shared_secrets)
GAPS = {
    "glued": f"x{TOKEN}",
    "spaced out": " ".join(TOKEN),
    "lower case": TOKEN.lower(),
    "upper case": TOKEN.upper(),
    "base85": base64.b85encode(TOKEN.encode()).decode(),
    "ascii85": base64.a85encode(TOKEN.encode()).decode(),
}


@pytest.fixture
def pair(tmp_path: Path) -> tuple[SharedTaintStore, Any]:
    """The owner's store (holding, as ``cordon run``'s is) with the token published, and a
    sibling's engine on the same file."""
    owner = SharedTaintStore(tmp_path / "client.keys", hold=True)
    owner.publish_own(own_keys([TOKEN]))
    return owner, _sibling(SharedTaintStore(tmp_path / "client.keys", hold=True))


@pytest.mark.parametrize("how", list(CARRIED))
@pytest.mark.parametrize("tool", ["web_search", "post_message"])
def test_a_sibling_refuses_the_owners_token_in_any_call(
    pair: tuple[SharedTaintStore, Any], how: str, tool: str
) -> None:
    _, sibling = pair
    args = {"query": CARRIED[how]}
    if tool == "post_message":  # an allowlisted address: only the secret check stands
        args = {"to": "ops@partner.example", "body": f"config: {CARRIED[how]}"}
    assert _verdict(sibling, tool, args) == ("deny", "secret.egress"), how


def test_only_rot13_is_published_besides_the_token_itself() -> None:
    rot = codecs.encode(TOKEN, "rot13")
    assert set(own_keys([TOKEN])) == set(shared_keys([TOKEN, rot]))


def test_ordinary_calls_pass_and_what_a_sibling_misses(
    pair: tuple[SharedTaintStore, Any],
) -> None:
    _, sibling = pair
    for text in ("hello world", TOKEN[:-1], TOKEN[1:], f"{TOKEN[:8]} more text", "Zq7Xv2Lm"):
        assert _verdict(sibling, "web_search", {"query": text})[0] == "allow", text
    # not found by hash (the owner finds these itself: tests/engine/test_secrets.py)
    for how, text in GAPS.items():
        assert _verdict(sibling, "web_search", {"query": text})[0] == "allow", how
    # byte lists and base32 that are not a published credential decode to nothing found
    for text in ("10 20 30 40 50 60 70 80 90", "de ad be ef 00 11 22 33", "NBSWY3DPEB3W64TMMQ"):
        assert _verdict(sibling, "web_search", {"query": text})[0] == "allow", text


def test_the_file_holds_hashes_in_one_block_never_the_token(tmp_path: Path) -> None:
    path = tmp_path / "c.keys"
    store = SharedTaintStore(path, hold=True)
    keys = own_keys([TOKEN])
    store.publish_own(keys)
    lines = path.read_text("ascii").splitlines()
    head, *hashes = lines
    assert head.startswith("K") and head.endswith(f":{len(keys)}") and len(hashes) == len(keys)
    assert all(len(h) == 32 and int(h, 16) >= 0 for h in hashes)
    assert set(hashes) == {hash_key(k) for k in keys} and hash_key(ANY_KEY) in hashes
    raw = path.read_bytes()
    for part in (TOKEN, TOKEN[:8], TOKEN[::-1][:8], codecs.encode(TOKEN, "rot13")):
        assert part.encode() not in raw and part.lower().encode() not in raw.lower()


def test_own_keys_take_usable_values_once() -> None:
    assert own_keys([]) == own_keys(["short", "", "!!!!!!!!!!!!"]) == []
    keys = own_keys([TOKEN, f"  {TOKEN}\n", TOKEN])
    assert len(keys) == len(set(keys)) and keys == own_keys([TOKEN])
    assert set(shared_keys([TOKEN])) <= set(keys)


def test_a_holding_sibling_keeps_holding_past_a_credential_block(tmp_path: Path) -> None:
    """A process that starts with a credential does not end its siblings' held publishing;
    another process's destination keys still do."""
    path = tmp_path / "c.keys"
    sibling = SharedTaintStore(path, hold=True)
    sibling.publish(["mallory@evil.example"])
    owner = SharedTaintStore(path, hold=True)
    owner.publish_own(own_keys([TOKEN]))
    assert owner.holding  # its own block does not end its holding either
    sibling.publish(["eve@evil.example"])
    sibling.refresh()
    assert sibling.holding and hash_key("mallory@evil.example") not in path.read_text()
    assert sibling.present([ANY_KEY]) == {ANY_KEY}  # the block's hashes are read
    owner.publish_own(own_keys(["Another-Token-Of-Its-Own-9f3k"]))
    sibling.publish(["trent@evil.example"])
    assert sibling.holding
    other = SharedTaintStore(path)  # a process that publishes at once
    other.publish(["friend@corp.example"])
    sibling.refresh()
    assert not sibling.holding and hash_key("eve@evil.example") in path.read_text()


def test_a_block_does_not_look_like_a_marker_or_a_hash_to_a_reader(tmp_path: Path) -> None:
    path = tmp_path / "c.keys"
    SharedTaintStore(path).publish_own(own_keys([TOKEN]))
    reader = SharedTaintStore(path)
    reader.refresh()
    assert not reader.truncated and not reader.keys_lost
    assert reader.present([ANY_KEY, "\x00secret\x00" + TOKEN]) == {
        ANY_KEY,
        "\x00secret\x00" + TOKEN,
    }


class _Recording:
    def __init__(self, fail: bool = False) -> None:
        self.keys: list[str] = []
        self.fail = fail

    def publish_own(self, keys: list[str]) -> None:
        if self.fail:
            raise OSError("disk full")
        self.keys += keys


def test_run_proxy_publishes_headers_url_keys_and_secrets_but_plain_headers() -> None:
    store = _Recording()
    url = "https://mcp.example/s/6f1c2a9e-4b7d-4e1f-9a3c-2d8e7b5f0c14/mcp?api_key=Qk8vN3rT6wY1zB4m"
    headers = {
        "X-Api-Key": TOKEN,
        "Authorization": "Bearer Hw2Jx9Pq4Ls7Vd1Ke8Mz",
        "Accept": "application/json",
        "MCP-Protocol-Version": "2025-06-18",
    }
    _publish_own(store, ["env-Credential-77aa"], headers, None, url)  # type: ignore[arg-type]
    got = set(store.keys)
    for value in (
        TOKEN,
        "Bearer Hw2Jx9Pq4Ls7Vd1Ke8Mz",
        "Hw2Jx9Pq4Ls7Vd1Ke8Mz",
        "Qk8vN3rT6wY1zB4m",
        "6f1c2a9e-4b7d-4e1f-9a3c-2d8e7b5f0c14",
        "env-Credential-77aa",
    ):
        assert set(own_keys([value])) <= got, value
    for plain in ("application/json", "2025-06-18"):
        assert "\x00secret\x00" + plain not in got


def test_run_proxy_does_not_start_when_its_credentials_cannot_be_shared() -> None:
    with pytest.raises(CordonError, match="credentials with the client's other servers"):
        _publish_own(_Recording(fail=True), [], {"X-Api-Key": TOKEN}, None, None)  # type: ignore[arg-type]
    _publish_own(None, [], {"X-Api-Key": TOKEN}, None, None)  # no shared store: nothing to do
    nothing = _Recording(fail=True)
    _publish_own(nothing, [], {"Accept": "application/json"}, None, None)  # type: ignore[arg-type]


def test_an_oauth_token_obtained_later_is_registered_and_published(tmp_path: Path) -> None:
    path = tmp_path / "c.keys"
    registered: list[str] = []
    later = _Later(SharedTaintStore(path, hold=True))
    later.register = registered.append
    later("oauth-access-Rj5Tn8Wq2Xc6")
    assert registered == ["oauth-access-Rj5Tn8Wq2Xc6"]
    sibling = _sibling(SharedTaintStore(path))
    assert _verdict(sibling, "echo", {"text": "oauth-access-Rj5Tn8Wq2Xc6"}) == (
        "deny",
        "secret.egress",
    )


def test_a_later_token_that_cannot_be_published_is_still_registered(
    capsys: pytest.CaptureFixture[str],
) -> None:
    registered: list[str] = []
    later = _Later(_Recording(fail=True))  # type: ignore[arg-type]
    later.register = registered.append
    later("oauth-access-Rj5Tn8Wq2Xc6")
    assert registered == ["oauth-access-Rj5Tn8Wq2Xc6"]
    err = capsys.readouterr().err
    assert "not shared with the other servers" in err and "Rj5Tn8Wq2Xc6" not in err
