"""A credential found in any part of a result reaches the client's other cordon processes.

Two real ``cordon run`` processes of one client (one home, one shared store): one in front of
a server that hands the agent a credential, one in front of the mailbox server, whose
``echo`` logs every call it receives. Whatever path carried the credential to the agent (a
media read's base64 blob, a resource read, ...), warn mode masks it there, and the agent's
later call carrying it to the second server is refused there (``secret.egress``) and never
arrives. The credentials are random, built at run time.
"""

from __future__ import annotations

import base64
import json
import random
import string
from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from tests.conftest import Harness, fs_server, mailbox_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

_RNG = random.SystemRandom()


def _password() -> str:
    # letters and digits, as a generated database password is (``secret.password_assignment``)
    return "".join(_RNG.choice(string.ascii_letters + string.digits) for _ in range(14)) + "7q"


def _arrived(box: Path) -> str:
    log = box / "calls.log"
    return log.read_text("utf-8") if log.exists() else ""


def _sender(harness: Harness) -> tuple[Any, Path]:
    box = harness.tmp / "sender"
    box.mkdir()
    (box / "inbox.txt").write_text("", "utf-8")
    params = harness.cordon(
        mailbox_server(), env={"MAILBOX_DIR": str(box), "MAILBOX_CALL_LOG": "1"}, name="sender"
    )
    return params, box


async def _refused_by_sibling(sender: Any, box: Path, secrets: list[str]) -> None:
    """Each secret, sent through the sibling's ``echo``, is refused and never arrives; a
    clean call through the same sibling does arrive (the test can fail)."""
    async with Client(sender, mode="legacy") as sc:
        await sc.list_tools()
        for secret in secrets:
            r = await sc.call_tool("echo", {"text": f"here it is: {secret}"})
            assert r.is_error and "secret.egress" in text_of(r), text_of(r)
        r = await sc.call_tool("echo", {"text": "nothing secret here"})
        assert not r.is_error, text_of(r)
    arrived = _arrived(box)
    assert "nothing secret here" in arrived
    for secret in secrets:
        assert secret not in arrived


#: what the file holds: a ``.env``, and an application log with ANSI colour escapes, whose
#: control characters kept the decoded blob out of the scan that registers credentials
FILES = {
    "dotenv": (".env", "DB_PASSWORD={pw}\n"),
    "ansi-log": ("app.log", "\x1b[32mINFO\x1b[0m connecting with DB_PASSWORD={pw}\n"),
}


@pytest.mark.parametrize("kind", sorted(FILES))
@pytest.mark.parametrize("mode", ["warn", "monitor", "block"])
async def test_a_file_read_as_media_is_refused_by_a_sibling(
    harness: Harness, mode: str, kind: str
) -> None:
    """The filesystem server's ``read_media_file`` answers a text file as an embedded
    resource whose ``blob`` is the file's base64 (in ``content`` and in
    ``structuredContent``): the credential in it is masked (warn, block: under the default
    ``block_at``) and refused by the other server's cordon process."""
    password = _password()
    root = harness.tmp / "root"
    root.mkdir()
    name, template = FILES[kind]
    path = root / name
    path.write_text(template.format(pw=password), "utf-8")
    policy = harness.policy({"version": 1, "packs": ["filesystem"]})
    files = harness.cordon(
        fs_server(root), policies=[policy], name="files", extra=["--content", mode]
    )
    sender, box = _sender(harness)
    async with Client(files) as fc:
        await fc.list_tools()
        r = await fc.call_tool("read_media_file", {"path": str(path)})
        assert not r.is_error
        shown = json.dumps(r.model_dump(mode="json", by_alias=True))
        raw = base64.b64encode(path.read_bytes()).decode()
        if mode == "monitor":
            assert raw in shown  # the agent reads the file as it is
        else:
            assert raw not in shown and password not in shown
            (item,) = r.structured_content["content"]  # type: ignore[index]
            masked = base64.b64decode(item["resource"]["blob"]).decode()
            assert "DB_PASSWORD=" in masked and password not in masked
        await _refused_by_sibling(sender, box, [password])
