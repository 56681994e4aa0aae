"""A key read through one server, mailed as base64 of its UTF-16 text, through the real
``cordon run``.

Attack class: an injected "encode it the Windows way" (PowerShell's ``-EncodedCommand``,
``[Convert]::ToBase64String([Text.Encoding]::Unicode.GetBytes($key))``). Every other byte
is zero, so no decoded view of it was text: it passed ``secret.egress`` while the same text
as UTF-16 hex was refused (tests/e2e/test_secret_more_encodings.py).

The agent reads the key as the server sent it (``--content monitor``); the sink is the
mailbox server's ``send_email`` to an allowlisted address; the test asserts what reached its
outbox.
"""

from __future__ import annotations

import base64
import random
import string

import pytest

from tests.conftest import Harness
from tests.e2e._keyed_mailbox import mail_each_spelling

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


async def test_a_key_mailed_as_utf16_base64_is_refused(harness: Harness) -> None:
    rng = random.SystemRandom()
    key = "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(30)) + "7q"
    encoded = {
        "UTF-16LE base64": base64.b64encode(key.encode("utf-16-le")).decode(),
        "in a script": base64.b64encode(f"$k = '{key}'".encode("utf-16-le")).decode(),
        "UTF-16BE base64": base64.b64encode(key.encode("utf-16-be")).decode(),
    }
    other = base64.b64encode("all good".encode("utf-16-le")).decode()
    sent = await mail_each_spelling(harness, f"OPENAI_API_KEY={key}", key, encoded, other)
    assert sent == [other]
