"""Listings that never end (:mod:`cordon.proxy.paging`): a cursor that leads back, or a page
past the bound, ends the listing; a client reading a listing again is not cut."""

from __future__ import annotations

from typing import Any

from cordon.proxy.paging import MAX_PAGES, Cursors


def _page(c: Cursors, n: int, cursor: str | None, nxt: str | None) -> tuple[dict[str, Any], str]:
    c.asked(n, "tools/list", {} if cursor is None else {"cursor": cursor})
    result: dict[str, Any] = {"tools": [{"name": f"t{n}"}]}
    if nxt is not None:
        result["nextCursor"] = nxt
    return c.answered(n, "tools/list", result)


def test_a_listing_read_again_is_not_cut_and_a_cycle_is() -> None:
    c = Cursors()
    assert _page(c, 1, None, "a")[1] == "" and _page(c, 2, "a", "b")[1] == ""
    # the client starts over (a refresh): the same cursors at the same depth
    assert _page(c, 3, None, "a")[1] == "" and _page(c, 4, "a", "b")[1] == ""
    page, why = _page(c, 5, "b", "a")  # page 3 leads back to page 2
    assert "leads back to page 2" in why and "tools/list never ends" in why
    assert page == {"tools": [{"name": "t5"}]}  # its items kept, its cursor dropped
    assert _page(c, 6, "a", "a")[1] != ""  # a page whose cursor is its own


def test_fresh_cursors_are_cut_at_the_bound_and_other_methods_pass() -> None:
    c = Cursors()
    cursor = None
    for n in range(MAX_PAGES - 1):
        _, why = _page(c, n, cursor, f"c{n}")
        assert why == "", n
        cursor = f"c{n}"
    page, why = _page(c, MAX_PAGES, cursor, "next")
    assert f"more than {MAX_PAGES} pages" in why and "nextCursor" not in page
    c.asked(1, "tools/call", {"cursor": "x"})
    result = {"content": [], "nextCursor": "x"}
    assert c.answered(1, "tools/call", result) == (result, "")
