"""Credentials in server output are registered and shared as the sanitiser that masks them
reads them: a decoded ``blob`` or image ``data`` (control characters and all), a field of its
own past the joined text's caps, an error response, in every content mode.

Two engines on one shared store stand for two ``cordon run`` processes of one client (the
e2e tests drive the real ones: tests/e2e/test_result_paths_shared_secrets.py)."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest

from cordon.content._walk import text_readings
from cordon.engine import rules
from cordon.engine.core import Engine
from cordon.store import SharedTaintStore

TOOLS = ("kubectl_get", "read_media_file", "read_file", "echo")
MODES = ["warn", "monitor", "block"]


def _engine(store: Any) -> Engine:
    engine = Engine.from_policy(
        [{"version": 1}], secrets=[], shared_taint=store, shared_secrets=store
    )
    for server in ("files", "tickets"):
        engine.pin_tools(
            [{"name": t, "inputSchema": {"type": "object"}} for t in TOOLS], server=server
        )
    return engine


@pytest.fixture
def pair(tmp_path: Path) -> tuple[Any, Any]:
    """Two sessions of one client: ``files`` (process A) and ``tickets`` (process B)."""
    a = SharedTaintStore(tmp_path / "client.keys")
    b = SharedTaintStore(tmp_path / "client.keys")
    return _engine(a).new_session(), _engine(b).new_session()


def _refused(session: Any, secret: str) -> bool:
    v = session.check("echo", {"text": f"it is {secret}"}, server="tickets")
    return (v.verdict, v.rule) == ("deny", rules.SECRET_EGRESS)


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


@pytest.mark.parametrize("mode", MODES)
def test_every_credential_of_a_long_secret_list_is_refused_by_the_other_process(
    pair: tuple[Any, Any], mode: str
) -> None:
    """A Kubernetes Secret list: 80 base64 values, each read decoded in a field of its own.
    The joined text's scan stops at 64 hits of a rule; warn masked all 80 and registered
    none of the bare passwords (the JSON text's ``DB_PASSWORD": "<base64>"`` matched
    first)."""
    a, b = pair
    passwords = [f"Zq{i:02d}xR2mK9pLw4vTn" for i in range(80)]
    items = [
        {"name": f"s{i}", "data": {"DB_PASSWORD": _b64(f"password={pw}")}}
        for i, pw in enumerate(passwords)
    ]
    result = {
        "content": [{"type": "text", "text": json.dumps({"items": items})}],
        "structuredContent": {"items": items},
    }
    obs = a.observe_output("kubectl_get", result, server="files", content_mode=mode)
    if mode != "monitor":
        shown = json.dumps(obs.result)
        assert not any(pw in shown or _b64(f"password={pw}") in shown for pw in passwords)
    assert [pw for pw in passwords if not _refused(b, pw)] == []
    assert not _refused(b, "Zq99aT5nW8cY3eH6j")  # (one never read, no piece of one, passes)


#: an application log with ANSI colours: the scanner's base64 layer drops a reading with
#: control characters, the sanitiser's decoded ``blob`` does not
ANSI_LOG = "\x1b[32mINFO\x1b[0m connecting with DB_PASSWORD={pw}\n"


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("shape", ["blob", "image-data"])
def test_a_credential_in_decoded_base64_with_control_characters_is_refused(
    pair: tuple[Any, Any], mode: str, shape: str
) -> None:
    a, b = pair
    password = "Hk4vQ9mLp2Rt8Wz17q"
    data = _b64(ANSI_LOG.format(pw=password))
    if shape == "blob":
        res = {"uri": "file:///srv/app.log", "mimeType": "text/plain", "blob": data}
        block: dict[str, Any] = {"type": "resource", "resource": res}
    else:
        block = {"type": "image", "mimeType": "image/png", "data": data}
    obs = a.observe_output(
        "read_media_file",
        {"content": [block]},
        server="files",
        content_mode=mode,
        arguments={"path": "/srv/app.log"},
    )
    if mode != "monitor":
        assert data not in json.dumps(obs.result)
    assert _refused(b, password)
    # relayed from a file: not even back to the server that read it
    v = a.check("echo", {"text": password}, server="files")
    assert (v.verdict, v.rule) == ("deny", rules.SECRET_EGRESS)


@pytest.mark.parametrize("with_evaluation", [False, True], ids=["monitor", "warn"])
def test_a_credential_in_an_error_response_is_refused(
    pair: tuple[Any, Any], with_evaluation: bool
) -> None:
    """An error response's ``message`` and ``data`` (a config parser quoting the line),
    recorded as the proxy records it: as a message of the call it answers."""
    from cordon.content.sanitize import evaluate_result

    a, b = pair
    password = "Pw7kQ2mLx9Rt4Vz18q"
    error = {
        "code": -32000,
        "message": f"cannot parse line 2: DB_PASSWORD={password}",
        "data": {"line": f"DB_PASSWORD={password}"},
    }
    ev = evaluate_result(error, mode="warn", block_at="high") if with_evaluation else None
    args = {"path": "/srv/app/.env"}
    a.observe_message(error, ev, server="files", tool="read_file", arguments=args)
    assert _refused(b, password)
    v = a.check("echo", {"text": password}, server="files")  # a file's: not back either
    assert (v.verdict, v.rule) == ("deny", rules.SECRET_EGRESS)


def test_text_readings_are_the_walks() -> None:
    png = base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40).decode()
    text = "\x1b[0mDB_PASSWORD=x\n"
    assert text_readings({"blob": _b64(text)}) == [text]
    assert text_readings({"blob": png}) == []  # binary
    assert text_readings({"type": "image", "mimeType": "image/png", "data": png}) == []
    assert text_readings({"type": "image", "data": _b64(text)}) == [text]
    assert text_readings({"type": "text", "data": _b64(text)}) == []  # not media: read as is
    assert text_readings({"blob": "not base64!"}) == []
    # a character cut at the end of the head is not binary
    long = "é" * 5000 + "DB_PASSWORD=x"
    assert text_readings({"blob": _b64(long)}) == [long]


def _past_the_layer_cap() -> tuple[str, list[dict[str, Any]]]:
    """A token in the 81st base64 run of a result, each run a text block of its own."""
    token = "ghp_" + "R7d2kQ9xLm4Pz8Wv1Tn6Yb3Hc5Jf0Ga2Se7U"
    runs = [_b64(f"harmless value number {i} here") for i in range(80)]
    return token, [{"type": "text", "text": f"id {r}"} for r in [*runs, _b64(f"token={token}")]]


@pytest.mark.parametrize("mode", ["warn", "block"])
def test_a_base64_credential_past_the_joined_texts_layer_cap_is_refused(
    pair: tuple[Any, Any], mode: str
) -> None:
    a, b = pair
    token, blocks = _past_the_layer_cap()
    obs = a.observe_output("read_file", {"content": blocks}, server="files", content_mode=mode)
    assert _b64(f"token={token}") not in json.dumps(obs.result)
    assert _refused(b, token)


def test_monitor_finds_a_base64_credential_past_the_joined_texts_layer_cap(
    pair: tuple[Any, Any],
) -> None:
    """Monitor mode scans a result's joined text once; the runs past its 64 decoded base64
    layers are read for credentials (:mod:`cordon.content._past_cap`), so a credential in a
    later run of its own is registered (monitor delivers output as it came)."""
    a, b = pair
    token, blocks = _past_the_layer_cap()
    a.observe_output("read_file", {"content": blocks}, server="files", content_mode="monitor")
    assert _refused(b, token)


@pytest.mark.parametrize("mode", MODES)
def test_a_base64_credential_past_the_layer_cap_of_one_text_is_masked_and_refused(
    pair: tuple[Any, Any], mode: str
) -> None:
    """The same runs in one text block (a Secret list printed as YAML): no field of its own
    to read again. The credential's run was shown and its token passed in every mode."""
    a, b = pair
    token, blocks = _past_the_layer_cap()
    text = "\n".join(block["text"] for block in blocks)
    result = {"content": [{"type": "text", "text": text}]}
    obs = a.observe_output("read_file", result, server="files", content_mode=mode)
    if mode != "monitor":
        assert _b64(f"token={token}") not in json.dumps(obs.result)
    assert _refused(b, token)
    assert not _refused(b, "ghp_" + "Hb4Nc8Ve2Xw6Mz1Qs9Lk3Pj7Dg5Fr0Ty4Ua8I")  # never read
