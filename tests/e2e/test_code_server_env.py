"""A one-time approval code is not redeemed by another server started with the same name,
the same command line and the same pin file but another environment or working directory:
a client config commonly tells two accounts of one server apart by ``env`` alone (a token,
a mailbox, a profile) or by the directory it starts it in (a filesystem server given ``.``).
The code's scope held the name, the command line or URL and headers, and the pin file, so
the person approved a mail from one account and the other account sent it. Through two
real ``cordon run`` processes sharing one approvals store and one pin file, a client
without elicitation and ``cordon approve`` in a terminal."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.conftest import MAILBOX, Harness
from tests.e2e.test_code_server_identity import code_stays_with_its_server

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


async def test_a_code_is_not_redeemed_by_the_same_command_with_another_environment(
    harness: Harness,
) -> None:
    boxes: list[Path] = []
    params = []
    pins = ["--pin-file", str(harness.tmp / "pins.json")]  # one pin file for both
    for n in range(2):
        box = harness.tmp / f"box{n}"
        box.mkdir()
        (box / "inbox.txt").write_text("nothing", "utf-8")
        boxes.append(box)
        # one name, one command line: the account is told by the environment alone
        cmd = [sys.executable, str(MAILBOX)]
        params.append(harness.cordon(cmd, extra=pins, env={"MAILBOX_DIR": str(box)}, name="mail"))
    await code_stays_with_its_server(harness, params, boxes)
