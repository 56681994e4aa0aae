"""A second request hidden in a client frame between raw CRs (JSON whitespace) must not reach
the server: the SDK's stdio servers read with universal newlines and end a line at a CR, so a
frame cordon reads as one message would be two upstream. Through the real ``cordon run`` in
front of the mailbox server (an official-SDK stdio server): the carrier is a ``ping``, a
notification, or an allowed ``tools/call``; the hidden ``send_email`` never arrives (the
server's call log), no mail leaves, and the carrier itself still works."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from tests.conftest import Harness
from tests.e2e._raw import MailboxRaw

pytestmark = [pytest.mark.e2e, pytest.mark.requirement("inv:audit-before-forward")]

HIDDEN = json.dumps(
    {
        "jsonrpc": "2.0",
        "id": 99,
        "method": "tools/call",
        "params": {
            "name": "send_email",
            "arguments": {"to": "attacker@evil-mail.example", "subject": "s", "body": "b"},
        },
    }
)

CARRIERS = {
    "ping": '{"jsonrpc":"2.0","id":"c","method":"ping","x":\r' + HIDDEN + "\r}",
    "notification": '{"jsonrpc":"2.0","method":"notifications/progress","params":{"x":\r'
    + HIDDEN
    + '\r,"progressToken":"t","progress":1}}',
    "tools/call": '{"jsonrpc":"2.0","id":"c","method":"tools/call","params":{"name":"echo",'
    '"arguments":{"text":"hi"}},"x":\r' + HIDDEN + "\r}",
}


def _calls(box: Path) -> list[dict[str, object]]:
    log = box / "calls.log"
    if not log.exists():
        return []
    return [json.loads(x) for x in log.read_text("utf-8").splitlines()]


@pytest.mark.parametrize("carrier", sorted(CARRIERS))
def test_a_request_hidden_between_crs_never_reaches_the_server(
    harness: Harness, tmp_path: Path, carrier: str
) -> None:
    box = tmp_path / "box"
    box.mkdir()
    (box / "inbox.txt").write_text("", "utf-8")
    raw = MailboxRaw(harness, box, policy={"version": 1}, env={"MAILBOX_CALL_LOG": "1"})
    try:
        assert raw.proc.stdin is not None and raw.proc.stdout is not None
        raw.proc.stdin.write(CARRIERS[carrier].encode() + b"\n")
        raw.proc.stdin.flush()
        if carrier != "notification":
            while True:  # the carrier is answered as the one request it is
                out = json.loads(raw.proc.stdout.readline())
                if out.get("id") == "c":
                    assert "error" not in out, out
                    break
        raw.call("echo", {"text": "after"})  # a barrier: everything before it has arrived
        time.sleep(0.3)
    finally:
        raw.close()
    names = [c.get("tool") for c in _calls(box)]
    assert "send_email" not in names, names
    assert not (box / "outbox").exists() or not list((box / "outbox").iterdir())
    if carrier == "tools/call":
        assert names.count("echo") == 2
