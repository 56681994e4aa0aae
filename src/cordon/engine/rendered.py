"""Resources a rendered page fetches by itself: image and embed URLs in content written to a
wiki page, an issue or a comment (a tool the policy declares ``renders: true``).

Whoever views the page has their client, or the platform's image proxy, fetch these with no
click, so a URL the agent writes there reaches its host with whatever its path and query
carry. That is the zero-click exfiltration class of markdown images: EchoLeak
(CVE-2025-32711, Microsoft 365 Copilot, a reference-style markdown image), CamoLeak (GitHub
Copilot Chat, images through GitHub's Camo proxy, one pre-made image URL per character). A
link is fetched only when someone clicks it: it is no rendered resource here (the ``links``
check reads links relayed by sending tools).

Forms read, in every string at any depth (and in a string that holds a JSON object or array):

- Markdown images, inline ``![alt](url "title")`` and by reference ``![alt][ref]``,
  ``![ref][]``, ``![ref]`` with a definition ``[ref]: url`` (CommonMark 0.31, 6.4 and 4.7);
  every definition is read when the text has an image by reference.
- HTML elements that load what they name without a click: ``src``, ``srcset``, ``poster``,
  ``data``, ``background``, ``lowsrc``, ``href``/``xlink:href`` of ``img``, ``image``,
  ``picture``, ``source``, ``video``, ``audio``, ``track``, ``iframe``, ``frame``, ``embed``,
  ``object``, ``input``, ``link``, ``script``, ``use``, ``body``, ``table``, ``td``, ``th``;
  and CSS ``url(...)`` anywhere (style attributes and elements). Attribute values are read
  with HTML character references decoded, as a browser reads them.
- Jira wiki markup images: ``!url!`` and ``!url|thumbnail!``.
- Confluence storage format: ``<ri:url ri:value="url"/>`` (an external image).
- Notion API objects: a ``url`` member of an ``external`` file object (``image``, ``video``,
  ``audio``, ``pdf`` and ``file`` blocks, a page's ``cover`` and ``icon``), or of an
  ``embed``, ``bookmark`` or ``link_preview`` block, whose preview Notion's servers fetch.

A tool the policy says nothing about (``renders`` unset) counts when its name says it writes
content others read (:func:`renders_by_name`: ``create_page``, ``add_comment``,
``post_message``, ``update_issue``...) and its server does not mark it ``readOnlyHint``.

Only URLs that leave the platform count: ``http:``/``https:`` (with or without the slashes,
which a WHATWG parser adds to a special scheme) and scheme-relative ``//host`` or ``\\\\host``.
A relative URL resolves to the platform itself.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from typing import Any

from cordon.taint import name_tokens

#: an inline markdown image: ``![alt](`` then the destination, in ``<...>`` or up to a space
#: or the closing bracket (alt text may hold one level of balanced brackets)
_MD_IMAGE = re.compile(r"!\[(?:[^\[\]\n]|\[[^\[\]\n]*\])*\]\(\s*(?:<([^>\n]*)>|([^\s)]+))")
#: a markdown image by reference: ``![alt][ref]``, ``![ref][]`` or a shortcut ``![ref]``
_MD_IMAGE_REF = re.compile(r"!\[(?:[^\[\]\n]|\[[^\[\]\n]*\])*\](?!\()")
#: a link reference definition: up to three spaces, ``[label]:``, the destination
_MD_DEFINITION = re.compile(r"(?m)^ {0,3}\[[^\]\n]+\]:[ \t]*\n?[ \t]*(?:<([^>\n]*)>|(\S+))")
#: an element that loads a resource, and its attributes
_HTML_TAG = re.compile(
    r"(?i)<\s*(?:img|image|picture|source|video|audio|track|iframe|frame|embed|object|input"
    r"|link|script|use|body|table|td|th)\b([^>]*)>"
)
_HTML_ATTR = re.compile(
    r"(?i)(?:^|[\s\"'/])(?:src|srcset|poster|data|background|lowsrc|href|xlink:href)\s*=\s*"
    r"(?:\"([^\"]*)\"|'([^']*)'|([^\s>]+))"
)
#: CSS ``url(...)``, quoted or not (``\28`` and other CSS escapes are decoded first)
_CSS_URL = re.compile(r"(?i)url\(\s*(?:\"([^\"]*)\"|'([^']*)'|([^)\s]*))")
_CSS_ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6})\s?")
#: a Jira wiki image: ``!url!`` or ``!url|options!`` on one line
_JIRA_IMAGE = re.compile(r"!([^!\s|]+)(?:\|[^!\n]*)?!")
#: Confluence storage format's external resource
_RI_URL = re.compile(r"(?i)<\s*ri:url\b[^>]*\bri:value\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")
#: a URL that leaves the platform (see the module docstring)
_EXTERNAL = re.compile(r"(?i)^[\x00-\x20]*(?:https?:|[\\/][\\/])")
#: Notion: the parents whose ``url`` member is fetched without a click
_NOTION_PARENTS = frozenset({"external", "embed", "bookmark", "link_preview"})
#: a string read as JSON when it is an object or array up to this size
_MAX_JSON = 1 << 20
#: cheap gates: a string with none of these holds no form above
_GATES = ("![", "!", "<", "url(", "]:")


#: name tokens of a write (``create_page``, ``post_message``, ``reply_to_thread``)
_WRITE_TOKENS = frozenset(
    {"create", "add", "update", "edit", "post", "append", "write", "publish", "reply",
     "comment", "patch", "put", "insert", "set", "send", "share", "submit"}
)  # fmt: skip
#: name tokens of content other people view rendered
_CONTENT_TOKENS = frozenset(
    {"page", "pages", "comment", "comments", "issue", "issues", "post", "posts", "doc",
     "docs", "document", "documents", "note", "notes", "wiki", "article", "articles",
     "message", "messages", "reply", "replies", "ticket", "tickets", "card", "cards",
     "review", "pr", "description", "block", "blocks", "markdown", "html", "readme",
     "discussion", "thread", "threads", "status", "story", "epic", "task", "tasks",
     "pull", "email", "mail"}
)  # fmt: skip
#: name tokens of a tool that reads or removes: no content written
_NOT_WRITE_TOKENS = frozenset(
    {"get", "read", "list", "search", "find", "fetch", "delete", "remove", "view", "show",
     "query", "describe", "lookup", "download", "export", "count", "draft", "drafts"}
)  # fmt: skip


def renders_by_name(name: str) -> bool:
    """True when a tool's name says it writes content that others view rendered: a write
    token and a content token, no read or removal token (``create_page``, ``add_comment``,
    ``post_message``; not ``get_page``, ``delete_comment``, ``create_draft``)."""
    tokens = set(name_tokens(name))
    return (
        not tokens & _NOT_WRITE_TOKENS
        and bool(tokens & _WRITE_TOKENS)
        and bool(tokens & _CONTENT_TOKENS)
    )


def rendered_urls(arguments: Any) -> list[tuple[str, str]]:
    """``(argument path, url)`` for every resource a page rendering ``arguments`` would
    fetch by itself, in order, each (path, url) once. See the module docstring."""
    out: dict[tuple[str, str], None] = {}
    for path, parent, key, value in _walk(arguments, "", ""):
        if key == "url" and parent in _NOTION_PARENTS and _EXTERNAL.match(value):
            out[(path, value.strip())] = None
        for url in _in_text(value):
            out[(path, url)] = None
    return list(out)


def _walk(value: Any, path: str, key: str) -> Iterator[tuple[str, str, str, str]]:
    """(path, parent key, key, string) for each string leaf; a string holding a JSON object
    or array is walked as one too (a client may pass a block list as text)."""
    stack: list[tuple[str, str, str, Any, int]] = [(path, "", key, value, 0)]
    while stack:
        p, parent, k, v, depth = stack.pop()
        if isinstance(v, dict):
            for ck, cv in reversed(list(v.items())):
                cks = str(ck)
                stack.append((f"{p}.{cks}" if p else cks, k, cks, cv, depth))
        elif isinstance(v, (list, tuple)):
            for i in range(len(v) - 1, -1, -1):
                stack.append((f"{p}[{i}]", parent, k, v[i], depth))
        elif isinstance(v, str):
            yield p, parent, k, v
            s = v.strip()
            if depth < 2 and len(s) <= _MAX_JSON and s[:1] in ("{", "["):
                try:
                    inner = json.loads(s)
                except ValueError:
                    continue
                if isinstance(inner, (dict, list)):
                    stack.append((p, parent, k, inner, depth + 1))


def _in_text(text: str) -> Iterator[str]:
    """The external URLs a renderer fetches from one string's markup."""
    if not any(g in text for g in _GATES):
        return
    found: list[str] = []
    if "![" in text:
        found += [m[1] if m[1] is not None else m[2] for m in _MD_IMAGE.finditer(text)]
        if _MD_IMAGE_REF.search(text) is not None:
            found += [m[1] if m[1] is not None else m[2] for m in _MD_DEFINITION.finditer(text)]
    if "<" in text:
        for tag in _HTML_TAG.finditer(text):
            for m in _HTML_ATTR.finditer(tag[1]):
                value = html.unescape(next(g for g in m.groups() if g is not None))
                found += [part.split()[0] for part in value.split(",") if part.split()]
        found += [html.unescape(next(g for g in m.groups() if g is not None))
                  for m in _RI_URL.finditer(text)]  # fmt: skip
    if "url(" in text.lower():
        decoded = _CSS_ESCAPE.sub(lambda m: _char(m[1]), html.unescape(text))
        found += [next(g for g in m.groups() if g is not None) for m in _CSS_URL.finditer(decoded)]
    if "!" in text:
        found += [m[1] for m in _JIRA_IMAGE.finditer(text)]
    for url in found:
        if _EXTERNAL.match(url):
            yield url.strip()


def _char(hexdigits: str) -> str:
    """A CSS escape's character (an out-of-range one reads as U+FFFD, as CSS says)."""
    n = int(hexdigits, 16)
    return chr(n) if 0 < n <= 0x10FFFF and not 0xD800 <= n <= 0xDFFF else "\ufffd"
