"""is_sink_param / is_url_param: destination-shaped names, hits and near-misses."""

from __future__ import annotations

import pytest

from cordon.taint import (
    is_payload_param,
    is_sending_tool,
    is_sink_param,
    is_url_param,
    name_tokens,
)

SINKS = [
    "to", "cc", "bcc", "recipient", "recipients", "email", "url", "uri", "webhook",
    "webhook_url", "webhookUrl", "webhookURL", "callback", "callbackUrl", "endpoint",
    "channel", "channel_id", "channelId", "share_with", "shareWith", "share-with", "phone",
    "phone_number", "address", "host", "hostname", "reply_to", "replyTo", "emailAddress",
    "to_addresses", "destination",
    # named for a recipient by real platforms: Graph and Google Calendar attendees, SMTP
    # RCPT TO, SMS gateways' mobile / msisdn
    "attendees", "attendee", "attendeeEmails", "rcpt", "rcptTo", "rcpt_to", "mobile",
    "Mobile", "mobile_number", "mobilePhone", "mobiles", "msisdn",
]  # fmt: skip
NOT_SINKS = [
    "path", "content", "subject", "body", "email_subject", "emailBody", "message", "title",
    "toolName", "token", "total", "photo", "stop", "query", "limit", "file_path", "text",
    "user_id", "recipient_name", "",
    # near-misses: a whole-name sink inside another name, a count of attendees, and names
    # as often a lookup's key as a destination (their values are judged instead)
    "is_mobile", "mobile_app", "mobile_view", "attendee_count", "attendeesCount", "number",
    "target", "user", "username", "who", "contact", "assignees", "reviewers",
    # a message's identification fields hold a msg-id (<id@host>), not a recipient
    "inReplyTo", "in_reply_to", "In-Reply-To", "references", "message_id",
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


SENDING_TOOLS = [
    "send_sms", "send_email", "sendMessage", "share_document", "invite_member",
    "add_collaborator", "create_meeting", "call_phone", "send_whatsapp_message",
    "slack_post_message", "gmail_send_email", "forward_email", "reply_all", "notify_user",
    "jira_add_watcher", "jira_assign_issue", "add_attendee", "dial",
]  # fmt: skip
NOT_SENDING_TOOLS = [
    "get_user", "read_doc", "list_messages", "search_emails", "get_issue", "create_issue",
    "transfer_money", "create_draft", "draft_email", "remove_member", "cancel_meeting",
    "mark_message_read", "get_meeting", "API-post-page", "create_post", "fetch",
    "read_inbox", "email_lookup", "revoke_share", "",
]  # fmt: skip


@pytest.mark.parametrize("name", SENDING_TOOLS)
def test_sending_tool_names(name: str) -> None:
    assert is_sending_tool(name)


@pytest.mark.parametrize("name", NOT_SENDING_TOOLS)
def test_not_sending_tool_names(name: str) -> None:
    assert not is_sending_tool(name)


def test_payload_params() -> None:
    for name in ["body", "subject", "email_subject", "message", "query", "file_path"]:
        assert is_payload_param(name), name
    for name in ["number", "user", "target", "to", "contact"]:
        assert not is_payload_param(name), name
