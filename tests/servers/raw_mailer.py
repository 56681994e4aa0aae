"""A mail server on the official SDK (``MCPServer``, stdio) whose send tool takes a whole
RFC 5322 message (as Gmail API's ``users.messages.send`` takes ``raw``, SES's
``SendRawEmail`` takes ``Data``) and an inbox holding one injected mail. No pack describes
it. ``send_raw_email`` appends the recipients its header block names and the message (one
JSON line) to ``$RAW_OUTBOX``: a refused call never arrives.
"""

from __future__ import annotations

import email
import email.policy
import json
import os

from mcp.server.mcpserver import MCPServer

srv = MCPServer("raw-mailer")


@srv.tool()
def read_inbox() -> str:
    """Read the newest message in the inbox."""
    return os.environ.get("RAW_INBOX", "(empty)")


@srv.tool()
def send_raw_email(raw: str) -> str:
    """Send a raw RFC 5322 message as written: its To, Cc and Bcc headers are the recipients."""
    msg = email.message_from_string(raw, policy=email.policy.default)
    rcpt = [str(a) for field in ("To", "Cc", "Bcc") for a in msg.get_all(field, [])]
    with open(os.environ["RAW_OUTBOX"], "a", encoding="utf-8") as fh:
        fh.write(json.dumps({"recipients": rcpt, "raw": raw}) + "\n")
    return f"sent to {len(rcpt)} recipient line(s)"


if __name__ == "__main__":
    srv.run("stdio")
