"""Listings that never end: a paged list result whose cursor leads back, or past a bound.

MCP lets a server page a list (``tools/list``, ``prompts/list``, ``resources/list``,
``resources/templates/list``; basic/utilities/pagination): each page but the last carries a
``nextCursor``, which the client sends back for the next page. A server whose pages always
carry one (a fixed cursor, cursors that cycle, a fresh one each time) never ends its
listing, and a client that follows cursors loops through cordon for ever. So the page whose
``nextCursor`` leads back to a page of the same listing, or would open page
:data:`MAX_PAGES` + 1, goes to the client as the last page (its items kept, its
``nextCursor`` dropped) and is audited: the client stops, and pinning takes the listing as
whole (what a later page would have added is held as new, fail closed).

A page is told by the depth of its cursor: the first page (no cursor) is page 0, the page a
cursor opens is one past the page that handed the cursor out. A cursor handed out again at
the same or a lower depth is a client reading the listing again (a refresh, a listing it
gave up on), not a cycle; one handed out by a page deeper than where it was first seen is.
"""

from __future__ import annotations

from typing import Any

__all__ = ["MAX_PAGES", "PAGED", "Cursors"]

#: the list methods that page, and their result's key of items
PAGED = {
    "tools/list": "tools",
    "prompts/list": "prompts",
    "resources/list": "resources",
    "resources/templates/list": "resourceTemplates",
}
#: the most pages of one listing a client is handed (server-everything pages 100 resources
#: 10 a page; 1,024 pages of 50 are 51,200 resources)
MAX_PAGES = 1024
#: cursors (and list requests in flight) remembered at most, oldest forgotten first: more
#: than one listing's bound, so the cursor of the page under way is always known
MAX_KEPT = 4 * MAX_PAGES


def _keep(table: dict[Any, int], key: Any, value: int) -> None:
    table.pop(key, None)
    table[key] = value
    if len(table) > MAX_KEPT:
        del table[next(iter(table))]


class Cursors:
    """The cursors of one client connection's listings (per list method)."""

    def __init__(self) -> None:
        #: (method, cursor) -> the page that cursor opens
        self.depth: dict[tuple[str, str], int] = {}
        #: a list request in flight (its id key) -> the page it asks for
        self.asked_for: dict[Any, int] = {}

    def asked(self, key: Any, method: str, params: Any) -> None:
        """A client's request ``key`` of ``method`` went upstream (a list method's is kept);
        a cursor cordon never handed out (one kept from another connection) opens page 0."""
        if method not in PAGED:
            return
        cursor = params.get("cursor") if isinstance(params, dict) else None
        page = self.depth.get((method, cursor), 0) if isinstance(cursor, str) else 0
        _keep(self.asked_for, key, page)

    def answered(self, key: Any, method: str, result: dict[str, Any]) -> tuple[dict[str, Any], str]:
        """The page to hand on for the answer to request ``key``, and why its ``nextCursor``
        was dropped ("" when it was not, or ``method`` does not page)."""
        if method not in PAGED:
            return result, ""
        page = self.asked_for.pop(key, 0)
        cursor = result.get("nextCursor")
        if not isinstance(cursor, str):
            return result, ""
        seen = self.depth.get((method, cursor))
        if seen is not None and seen <= page:
            why = f"its nextCursor on page {page + 1} leads back to page {seen + 1}"
        elif page + 1 >= MAX_PAGES:
            why = f"it has more than {MAX_PAGES} pages"
        else:
            _keep(self.depth, (method, cursor), page + 1)
            return result, ""
        cut = {k: v for k, v in result.items() if k != "nextCursor"}
        return cut, f"{method} never ends: {why}; handed to the client as its last page"
