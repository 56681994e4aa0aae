"""The reference filesystem server's ``read_media_file`` of a text file, behind the real
``cordon run`` in the default content mode (``warn``), driven by the SDK client.

The server answers a file that is neither image nor audio as an embedded resource whose
``blob`` is the file's base64, in ``content`` and in ``structuredContent``, and declares an
output schema in which that resource has a ``blob``. A credential in the file is masked in
both; the ``structuredContent`` blob stays a ``blob`` (base64 of the masked text), so the
client's output-schema check accepts the answer instead of refusing it.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from mcp import Client

from tests.conftest import Harness, fs_server

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

TOKEN = "ghp_" + "R7d2kQ9xLm4Pz8Wv1Tn6Yb3Hc5Jf0Ga2Se7U"


async def test_a_text_file_read_as_media_is_masked_and_keeps_its_schema(
    harness: Harness,
) -> None:
    root = harness.tmp / "root"
    root.mkdir()
    notes = root / "notes.txt"
    notes.write_text(f"deploy with GITHUB_TOKEN={TOKEN}\n")
    policy = harness.policy({"version": 1, "packs": ["filesystem"]})
    params = harness.cordon(fs_server(root), policies=[policy], name="fs")
    async with Client(params) as client:
        tools = await client.list_tools()
        (media,) = [t for t in tools.tools if t.name == "read_media_file"]
        assert media.output_schema is not None  # what the client checks the answer against
        r = await client.call_tool("read_media_file", {"path": str(Path(notes))})
        assert not r.is_error
    shown = json.dumps(r.model_dump(mode="json", by_alias=True))
    assert TOKEN not in shown
    assert base64.b64encode(notes.read_bytes()).decode() not in shown
    structured = r.structured_content
    assert structured is not None
    (item,) = structured["content"]
    resource = item["resource"]
    assert set(resource) == {"uri", "mimeType", "blob"}
    masked = base64.b64decode(resource["blob"]).decode()
    assert "GITHUB_TOKEN=" in masked and TOKEN not in masked
