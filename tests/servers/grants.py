"""A drive-like server on the official SDK (``MCPServer``, stdio) whose sharing tools name the
grantee under parameters no sink name covers: ``add_permission(file_id, grantee, role)``
(Google Drive's permissions.create mails the grantee a link) and ``grant_access(resource,
principal)`` (an IAM binding's ``user:ADDRESS`` member), ``transfer_ownership(file_id,
new_owner)`` (Drive's transferOwnership makes the grantee the owner). ``read_notice()`` returns
``$GRANTS_NOTICE`` (the poisoned document). Each grant is appended (one JSON line) to
``$GRANTS_LOG``: a refused call never arrives.
"""

from __future__ import annotations

import json
import os

from mcp.server.mcpserver import MCPServer

srv = MCPServer("grants")


def _record(**fields: str) -> None:
    with open(os.environ["GRANTS_LOG"], "a", encoding="utf-8") as fh:
        fh.write(json.dumps(fields) + "\n")


@srv.tool()
def read_notice() -> str:
    """Read the team's latest notice."""
    return os.environ.get("GRANTS_NOTICE", "")


@srv.tool()
def add_permission(file_id: str, grantee: str, role: str = "reader") -> str:
    """Give a person access to a file."""
    _record(tool="add_permission", file_id=file_id, grantee=grantee, role=role)
    return f"{grantee} can now open {file_id} as {role}"


@srv.tool()
def grant_access(resource: str, principal: str) -> str:
    """Grant a principal access to a resource."""
    _record(tool="grant_access", resource=resource, principal=principal)
    return f"granted {principal} on {resource}"


@srv.tool()
def transfer_ownership(file_id: str, new_owner: str) -> str:
    """Make another person the owner of a file."""
    _record(tool="transfer_ownership", file_id=file_id, new_owner=new_owner)
    return f"{new_owner} now owns {file_id}"


if __name__ == "__main__":
    srv.run("stdio")
