"""A fetch server on the official SDK (``MCPServer``, stdio) written the way many Python MCP
servers are: its ``fetch(url)`` hands the agent's string to ``httpx`` as it is (no WHATWG
parse first) and returns the body. httpx reads a URL as RFC 3986 does, Python's ``urlsplit``
too: ``http://a.example\\@b.example/`` goes to ``b.example`` (a browser and ``fetch`` read
the ``\\`` as ``/`` and go to ``a.example``). httpx takes the proxy environment variables
(``HTTP_PROXY``, ``NO_PROXY``), so a test can stand in for the web.
"""

from __future__ import annotations

import httpx
from mcp.server.mcpserver import MCPServer

srv = MCPServer("httpx-fetch")


@srv.tool()
def fetch(url: str) -> str:
    """Fetches a URL from the internet and returns its text."""
    try:
        return httpx.get(url, timeout=10, follow_redirects=False).text
    except httpx.HTTPError as exc:
        return f"fetch failed: {type(exc).__name__}: {exc}"


if __name__ == "__main__":
    srv.run()
