"""docs/rules.md shows what a rule quotes: a quoted ``[system](#context)`` role link or an
``![a](https://...)`` beacon is escaped, not rendered as a link to an anchor that does not
exist. Every in-page link the generator writes goes to a heading of the page."""

from __future__ import annotations

import re

from cordon.rules_reference import render


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation but ``-`` and ``_`` dropped,
    spaces as ``-``."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_every_in_page_link_goes_to_a_heading() -> None:
    page = render()
    anchors = {_slug(h) for h in re.findall(r"^#+ (.+)$", page, re.M)}
    targets = re.findall(r"(?<!\\)\[[^\]\n]*\]\(#([^)\s]+)\)", page)
    missing = sorted({t for t in targets if t not in anchors})
    assert not missing, missing


def test_no_quoted_tag_is_read_as_html() -> None:
    """A rule quoting ``<IMPORTANT>`` or ``<password>`` shows it: outside code spans every
    ``<`` that would open an HTML tag is escaped (inside one it is shown as written)."""
    page = render()
    body = page.split("-->", 1)[1]  # (past the generator's own HTML comment)
    for line in body.splitlines():
        outside = "".join(line.split("`")[0::2])
        assert not re.search(r"(?<!\\)<[A-Za-z/!?]", outside), line
    assert "`tools.<tool>.max_calls`" in page  # a code span keeps its text as written
