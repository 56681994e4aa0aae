"""Attacks on the credential reading of base64 runs past the normaliser's layer cap
(:mod:`cordon.content._past_cap`): an attacker who can write into a text the agent reads
(a shared ConfigMap, a log, a ticket) puts many base64 runs before a credential of the user's
so that it lands past the cap, then asks the agent to send it on. The credential must still be
found (masked in warn mode, registered for ``secret.egress`` in every mode), wherever it falls
and in whatever form a real tool prints base64."""

from __future__ import annotations

import base64
import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from cordon.content import find_secrets
from cordon.content.normalize import MAX_LAYERS, normalize
from cordon.engine import rules
from cordon.engine.core import Engine
from cordon.store import SharedTaintStore


def _token(i: int) -> str:
    return "ghp_" + f"R7d2kQ9xLm4Pz8Wv1Tn6Yb3Hc5Jf0Ga2{i:04d}"


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def _decoys(n: int) -> list[str]:
    return [_b64(f"harmless value number {i} here") for i in range(n)]


def _listing(runs: list[str]) -> str:
    return "\n".join(f"id {r}" for r in runs)


@pytest.mark.parametrize("at", [MAX_LAYERS - 2, MAX_LAYERS - 1, MAX_LAYERS, MAX_LAYERS + 1])
def test_a_credential_on_either_side_of_the_cap_is_found(at: int) -> None:
    """The last runs the capped pass decodes and the first the joined scan reads."""
    runs = _decoys(MAX_LAYERS + 4)
    runs[at] = _b64(f"token={_token(at)}")
    assert _token(at) in find_secrets(_listing(runs))


@pytest.mark.parametrize("tags", [1, MAX_LAYERS - 1, MAX_LAYERS + 3])
def test_hidden_tag_text_before_the_runs_does_not_push_a_credential_out(tags: int) -> None:
    """Tag-character layers count toward the same cap as base64 layers: the capped pass then
    decodes fewer runs, and the joined scan starts where it stopped."""
    hidden = "".join(
        "x" + "".join(chr(0xE0000 + ord(c)) for c in f"hidden words {i}") + "y\n"
        for i in range(tags)
    )
    text = hidden + _listing([*_decoys(MAX_LAYERS + 2), _b64(f"token={_token(1)}")])
    assert len(normalize(text).layers) >= MAX_LAYERS
    assert _token(1) in find_secrets(text)


@pytest.mark.parametrize(
    "encode",
    [
        pytest.param(lambda s: base64.urlsafe_b64encode(s.encode()).decode(), id="url-safe"),
        pytest.param(lambda s: _b64(s).rstrip("="), id="unpadded"),
        pytest.param(
            lambda s: "\n".join(_b64(s)[i : i + 20] for i in range(0, len(_b64(s)), 20)),
            id="line-wrapped",
        ),
        pytest.param(lambda s: _b64(_b64(s)), id="base64-of-base64"),
    ],
)
def test_a_credential_past_the_cap_in_other_base64_forms_is_found(encode: Any) -> None:
    secret = f"token={_token(7)} and a little more text to wrap>>??"
    text = _listing([*_decoys(MAX_LAYERS + 8), encode(secret)])
    assert _token(7) in find_secrets(text)


def _refused_elsewhere(tmp_path: Path, text: str, tokens: list[str], mode: str) -> list[str]:
    """The tokens of ``tokens`` that a session of another process of the client does not
    refuse to send after one session read ``text`` (``content_mode`` ``mode``)."""
    engines = []
    for _ in range(2):
        store = SharedTaintStore(tmp_path / "client.keys")
        engine = Engine.from_policy(
            [{"version": 1}], secrets=[], shared_taint=store, shared_secrets=store
        )
        for server in ("files", "tickets"):
            engine.pin_tools(
                [{"name": t, "inputSchema": {"type": "object"}} for t in ("read_file", "echo")],
                server=server,
            )
        engines.append(engine)
    a, b = (e.new_session() for e in engines)
    result = {"content": [{"type": "text", "text": text}]}
    obs = a.observe_output("read_file", result, server="files", content_mode=mode)
    if mode != "monitor":  # what the agent reads shows none of them
        shown = json.dumps(obs.result)
        assert not [t for t in tokens if t in shown or _b64(f"token={t}") in shown]
    out = []
    for t in tokens:
        v = b.check("echo", {"text": f"it is {t}"}, server="tickets")
        if (v.verdict, v.rule) != ("deny", rules.SECRET_EGRESS):
            out.append(t)
    return out


@pytest.mark.parametrize("mode", ["warn", "block"])
def test_many_credentials_past_the_cap_are_withheld_and_refused(tmp_path: Path, mode: str) -> None:
    """More credentials of one rule than the scanner reports per text: the text is withheld
    (warn mode's saturation), so the agent reads none of them."""
    tokens = [_token(i) for i in range(200)]
    text = _listing([_b64(f"token={t}") for t in tokens])
    _refused_elsewhere(tmp_path, text, tokens, mode)


def test_monitor_registers_every_credential_past_the_cap(tmp_path: Path) -> None:
    tokens = [_token(i) for i in range(200)]
    text = _listing([_b64(f"token={t}") for t in tokens])
    assert _refused_elsewhere(tmp_path, text, tokens, "monitor") == []


def _indented(text: str) -> str:
    """Base64 wrapped at 24 characters with each line indented, as a YAML block scalar."""
    enc = _b64(text)
    return "\n    ".join(enc[i : i + 24] for i in range(0, len(enc), 24))


def _helm_release(text: str) -> str:
    """A Helm release Secret's ``data.release``: base64 of base64 of gzip of the release
    JSON (its values, passwords included)."""
    gz = gzip.compress(json.dumps({"config": {"token": text}}).encode())
    return base64.b64encode(base64.b64encode(gz)).decode()


@pytest.mark.parametrize(
    "encode",
    [
        pytest.param(lambda s: s.encode().hex(), id="hex"),
        pytest.param(lambda s: base64.b32encode(s.encode()).decode(), id="base32"),
        pytest.param(_helm_release, id="gzip-in-base64"),
        pytest.param(_indented, id="indented-wrapped-base64"),
    ],
)
@pytest.mark.parametrize("decoys", [0, MAX_LAYERS + 2])
def test_a_credential_in_an_encoding_the_normaliser_does_not_decode(
    encode: Any, decoys: int
) -> None:
    secret = f"token={_token(9)} with some more words"
    assert _token(9) in find_secrets(_listing([*_decoys(decoys), encode(secret)]))
