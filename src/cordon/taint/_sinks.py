"""Which tool parameters are destinations ("sinks"), judged from their names; which tools
send, judged from theirs.

Issue 3, "Sending tools and their destinations": with no policy or pack entry, a parameter is
a sink when its name is destination-shaped, matched on name tokens so that ``camelCase``,
``snake_case``, ``kebab-case`` and dotted names all count. Each name is one that real
platforms give a recipient: ``to`` (Twilio's ``To``, Azure Communication Services SMS ``to``,
SendGrid ``personalizations[].to``), ``attendees`` (Microsoft Graph ``event.attendees[]``,
Google Calendar ``attendees[].email``), ``rcpt`` (SMTP's ``RCPT TO``, RFC 5321; PEAR
``Net_SMTP::rcptTo``), ``invitees`` (Zoom), ``mobile`` and ``msisdn`` (SMS gateways that take
the recipient's mobile number under that name, e.g. the HCL Volt MX SMS API's
``recipients[].mobile``).

A name that is as often something else is no sink by itself: ``number`` (GitHub's issue
number), ``target`` (a build target, a branch), ``user``, ``username``, ``who``, ``contact``
(a lookup's key), ``assignees`` and ``reviewers`` (account names, which taint never tracks:
as sinks they would only ask about every assignment). A value in such a parameter is a
destination when it *is* one seen in untrusted output, in a tool whose name says it sends
(:func:`is_sending_tool`; the gate is ``cordon.engine.checks.taint``, "held values"):
``send_sms(number=<a number from output>)``, ``share_document(user=<an address from
output>)``, but not ``get_user(username=<an address from output>)``.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = [
    "SENDING_TOOL_TOKENS",
    "SINK_TOKENS",
    "URL_SINK_TOKENS",
    "is_payload_param",
    "is_sending_tool",
    "is_sink_param",
    "is_url_param",
    "name_tokens",
]

#: A name with any of these tokens is a sink (unless a :data:`_NOT_SINK_TOKENS` token is there).
SINK_TOKENS: frozenset[str] = frozenset(
    {
        "to", "cc", "bcc", "recipient", "recipients", "receiver", "receivers", "addressee",
        "email", "emails", "mail", "url", "urls", "uri", "uris", "href", "link", "webhook",
        "webhooks", "callback", "callbacks", "endpoint", "endpoints", "channel", "channels",
        "chat", "room", "conversation", "phone", "sms", "address", "addresses", "host",
        "hostname", "hosts", "domain", "destination", "destinations", "dest", "share",
        "invite", "invitee", "invitees", "forward", "redirect", "target_url",
        # (Microsoft Graph and Google Calendar events; SMTP's RCPT TO)
        "attendee", "attendees", "rcpt",
    }
)  # fmt: skip

#: Tokens of a sink name that denotes a URL (destination compared by host alone).
URL_SINK_TOKENS: frozenset[str] = frozenset(
    {"url", "urls", "uri", "uris", "href", "link", "webhook", "webhooks", "callback",
     "callbacks", "endpoint", "endpoints", "host", "hostname", "hosts", "domain", "redirect"}
)  # fmt: skip

#: A token that makes the name about the message, not where it goes (``email_subject``).
_NOT_SINK_TOKENS: frozenset[str] = frozenset(
    {
        "body", "content", "contents", "subject", "text", "message", "msg", "title",
        "description", "path", "paths", "file", "files", "filename", "dir", "directory",
        "name", "template", "format", "type", "mode", "count", "limit", "size", "html",
        "note", "notes", "comment", "caption", "label", "status", "verified", "enabled",
        "attachment", "attachments", "query", "timeout", "is", "has",
    }
)  # fmt: skip

#: Whole names (tokens joined) of a message's identification fields (RFC 5322 3.6.4:
#: In-Reply-To, References, Message-ID): their value is a ``msg-id`` such as
#: ``<id@host>``, which looks like an address but is no recipient (``in_reply_to`` has the
#: ``to`` token, ``reply_to`` is a real sink: a Reply-To header holds addresses).
_MSG_ID_NAMES: frozenset[str] = frozenset({"inreplyto", "references", "messageid"})

#: Whole names (tokens joined) that are sinks though no single token is (``webhookurl``).
_COMPOUNDS: frozenset[str] = frozenset(
    {
        "sendto", "replyto", "mailto", "emailto", "sharewith", "webhookurl", "callbackurl",
        "emailaddress", "phonenumber", "channelid", "chatid", "roomid", "redirecturi",
        "redirecturl", "toaddress", "recipientemail", "targeturl",
        # whole names only: ``mobile_app``, ``is_mobile`` are no destinations
        "mobile", "mobiles", "mobilenumber", "mobilephone", "msisdn",
    }
)  # fmt: skip

_CAMEL_RE = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")


def name_tokens(name: str) -> list[str]:
    """Lower-case tokens of a parameter name: ``webhookURL`` -> ``["webhook", "url"]``,
    ``share_with`` -> ``["share", "with"]``, ``reply-to`` -> ``["reply", "to"]``."""
    return [t.lower() for t in _CAMEL_RE.findall(name)]


@lru_cache(maxsize=4096)
def is_sink_param(name: str) -> bool:
    """True when a parameter name is destination-shaped (issue 3).

    A name is a sink when one of its tokens is in :data:`SINK_TOKENS` (``to``, ``cc``,
    ``recipients``, ``webhook_url``, ``channelId``...) or its joined tokens are a known
    compound (``sendto``, ``webhookurl``), and none of its tokens names the payload rather
    than the destination (``email_subject``, ``body``, ``path``, ``content`` are not sinks).
    """
    tokens = name_tokens(name)
    if not tokens:
        return False
    if any(t in _NOT_SINK_TOKENS for t in tokens) or "".join(tokens) in _MSG_ID_NAMES:
        return False
    return any(t in SINK_TOKENS for t in tokens) or "".join(tokens) in _COMPOUNDS


def is_url_param(name: str) -> bool:
    """True when a sink parameter takes a URL or host (``url``, ``webhook_url``, ``endpoint``,
    ``callback``, ``host``); for these, a URL destination is tainted when its host alone was
    seen in output (issue 3, "Matching")."""
    tokens = name_tokens(name)
    joined = "".join(tokens)
    return is_sink_param(name) and (
        any(t in URL_SINK_TOKENS for t in tokens) or joined.endswith(("url", "uri"))
    )


#: Tool-name tokens of a tool that sends, shares or invites: a message (``send_sms``,
#: ``slack_post_message``, ``forward_email``, ``dm_user``), a call (``call_phone``, ``dial``),
#: access that notifies the one it names (``share_document``, ``invite_member``,
#: ``add_collaborator``, ``add_attendee``, ``jira_add_watcher``, ``add_permission``,
#: ``grant_access``, ``add_delegate``, ``transfer_ownership``), a meeting whose invitations go to its guests
#: (``create_meeting``). Not ``post``: an HTTP verb in generated names
#: (Notion's ``API-post-page`` writes a page; ``post_message`` has ``message``).
SENDING_TOOL_TOKENS: frozenset[str] = frozenset(
    {
        "send", "sends", "share", "shares", "invite", "invites", "invitation", "invitations",
        "notify", "notification", "notifications", "forward", "reply", "replies", "respond",
        "broadcast", "transmit", "deliver", "dispatch", "message", "messages", "dm",
        "mention", "email", "emails", "mail", "sms", "mms", "whatsapp", "telegram", "chat",
        "tweet", "fax", "call", "dial", "phone", "collaborator", "collaborators", "member",
        "members", "attendee", "attendees", "participant", "participants", "guest", "guests",
        "invitee", "invitees", "assign", "assignee", "watcher", "watchers", "subscriber",
        "subscribers", "meeting", "meetings", "cc", "bcc",
        # access granted to whom a call names (Google Drive's permissions.create takes the
        # grantee's ``emailAddress`` and mails them; Box's collaborations; Gmail's
        # delegates; an IAM binding's ``member``): the document goes where the grant does
        "grant", "grants", "permission", "permissions", "collaboration", "collaborations",
        "delegate", "delegates",
        # ownership handed to whom a call names: Drive's transferOwnership makes the grantee
        # the file's owner and mails them (not ``transfer`` alone: a payment's payee comes
        # from an invoice the user asked to pay, and action.payment asks a person)
        "owner", "owners", "ownership",
    }
)  # fmt: skip

#: A tool-name token that makes the tool read, draft or take away, not send: ``get_user``,
#: ``search_emails``, ``list_messages``, ``mark_message_read``, ``create_draft``,
#: ``remove_member``, ``cancel_meeting``.
_NOT_SENDING_TOKENS: frozenset[str] = frozenset(
    {
        "get", "list", "read", "search", "find", "fetch", "show", "describe", "view", "query",
        "lookup", "retrieve", "count", "check", "validate", "verify", "preview", "estimate",
        "status", "inspect", "explain", "diff", "history", "unread", "mark", "draft",
        "drafts", "remove", "delete", "revoke", "unshare", "cancel", "decline", "kick", "ban",
        "block", "unsubscribe", "mute", "archive", "trash", "resolve", "whois",
    }
)  # fmt: skip


@lru_cache(maxsize=4096)
def is_sending_tool(name: str) -> bool:
    """True when a tool's name says it sends (:data:`SENDING_TOOL_TOKENS`) and no token of it
    says it reads, drafts or takes away (:data:`_NOT_SENDING_TOKENS`): ``send_sms``,
    ``share_document``, ``invite_member``, ``create_meeting``; not ``get_user``,
    ``search_messages``, ``create_draft``, ``remove_member``, ``read_doc``. The name only:
    a description is the server's to word (a poisoned one must not switch a check off, and
    its prose mentions messages and e-mail in tools that only read them)."""
    tokens = name_tokens(name)
    if any(t in _NOT_SENDING_TOKENS for t in tokens):
        return False
    return any(t in SENDING_TOOL_TOKENS for t in tokens)


def is_payload_param(name: str) -> bool:
    """True when a parameter's name says it holds what is sent or how, not where
    (``body``, ``subject``, ``message``, ``query``, ``path``, ``email_subject``: a token of
    :data:`_NOT_SINK_TOKENS`)."""
    return any(t in _NOT_SINK_TOKENS for t in name_tokens(name))
