"""A resource ``blob`` that decodes to text is sanitised in warn mode and stays a ``blob``
(base64 of the sanitised text): a client that checks the content, or the tool's output
schema, gets the shape the server sent (the reference filesystem server's
``read_media_file`` answer was rejected by the SDK client when it became ``text``)."""

from __future__ import annotations

import base64

from cordon.content import evaluate_result
from tests.content.fixtures import AWS_KEY


def test_a_blob_with_a_credential_is_masked_and_stays_a_blob() -> None:
    text = f"aws_access_key_id = {AWS_KEY}\n"
    blob = base64.b64encode(text.encode()).decode()
    resource = {"uri": "file:///p/creds.txt", "mimeType": "text/plain", "blob": blob}
    ev = evaluate_result({"content": [{"type": "resource", "resource": resource}]}, mode="warn")
    assert ev.action == "sanitise"
    out = ev.result["content"][0]["resource"]
    assert set(out) == {"uri", "mimeType", "blob"}
    decoded = base64.b64decode(out["blob"]).decode()
    assert AWS_KEY not in decoded and "aws_access_key_id" in decoded
