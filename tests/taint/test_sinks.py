"""is_sink_param / is_url_param: destination-shaped names, hits and near-misses."""

from __future__ import annotations

import pytest

from cordon.taint import is_sink_param, is_url_param, name_tokens

SINKS = [
    "to", "cc", "bcc", "recipient", "recipients", "email", "url", "uri", "webhook",
    "webhook_url", "webhookUrl", "webhookURL", "callback", "callbackUrl", "endpoint",
    "channel", "channel_id", "channelId", "share_with", "shareWith", "share-with", "phone",
    "phone_number", "address", "host", "hostname", "reply_to", "replyTo", "emailAddress",
    "to_addresses", "destination",
]  # fmt: skip
NOT_SINKS = [
    "path", "content", "subject", "body", "email_subject", "emailBody", "message", "title",
    "toolName", "token", "total", "photo", "stop", "query", "limit", "file_path", "text",
    "user_id", "recipient_name", "",
]  # fmt: skip


@pytest.mark.parametrize("name", SINKS)
def test_sink_names(name: str) -> None:
    assert is_sink_param(name)


@pytest.mark.parametrize("name", NOT_SINKS)
def test_non_sink_names(name: str) -> None:
    assert not is_sink_param(name)


def test_url_params() -> None:
    for name in ["url", "webhook_url", "callbackUrl", "endpoint", "host", "redirect_uri"]:
        assert is_url_param(name), name
    for name in ["to", "email", "channel_id", "path"]:
        assert not is_url_param(name), name


def test_name_tokens() -> None:
    assert name_tokens("webhookURL") == ["webhook", "url"]
    assert name_tokens("HTTPEndpoint") == ["http", "endpoint"]
    assert name_tokens("share_with-x.y") == ["share", "with", "x", "y"]
