"""Warn mode and a resource ``blob`` that decodes to text: under ``structuredContent`` it
stays a ``blob`` (base64 of the sanitised text), the shape a tool's output schema fixes; in a
``content`` block it becomes ``text``, the form a client shows."""

from __future__ import annotations

import base64

from cordon.content import evaluate_result
from tests.content.fixtures import AWS_KEY


def _resource(blob: str) -> dict[str, str]:
    return {"uri": "file:///p/creds.txt", "mimeType": "text/plain", "blob": blob}


def test_a_structured_blob_is_masked_and_stays_a_blob() -> None:
    text = f"aws_access_key_id = {AWS_KEY}\n"
    blob = base64.b64encode(text.encode()).decode()
    result = {
        "content": [{"type": "resource", "resource": _resource(blob)}],
        "structuredContent": {"content": [{"type": "resource", "resource": _resource(blob)}]},
    }
    ev = evaluate_result(result, mode="warn")
    assert ev.action == "sanitise"
    structured = ev.result["structuredContent"]["content"][0]["resource"]
    assert set(structured) == {"uri", "mimeType", "blob"}
    decoded = base64.b64decode(structured["blob"]).decode()
    assert AWS_KEY not in decoded and "aws_access_key_id" in decoded
    shown = ev.result["content"][0]["resource"]
    assert set(shown) == {"uri", "mimeType", "text"}
    assert AWS_KEY not in shown["text"] and "aws_access_key_id" in shown["text"]


def test_a_structured_blob_that_is_not_base64_becomes_text() -> None:
    blob = f"aws_access_key_id = {AWS_KEY} (plain)"
    ev = evaluate_result({"content": [], "structuredContent": _resource(blob)}, mode="warn")
    out = ev.result["structuredContent"]
    assert "blob" not in out and AWS_KEY not in out["text"]
