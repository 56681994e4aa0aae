"""Resources a rendered page fetches by itself: image and embed URLs in content written to a
wiki page, an issue or a comment (a tool the policy declares ``renders: true``).

Whoever views the page has their client, or the platform's image proxy, fetch these with no
click, so a URL the agent writes there reaches its host with whatever its path and query
carry. That is the zero-click exfiltration class of markdown images: EchoLeak
(CVE-2025-32711, Microsoft 365 Copilot, a reference-style markdown image), CamoLeak (GitHub
Copilot Chat, images through GitHub's Camo proxy, one pre-made image URL per character). A
link is fetched only when someone clicks it: it is no rendered resource here (the ``links``
check reads links relayed by sending tools).

Forms read, in every string at any depth (and in a string that holds JSON, up to four
encodings deep):

- Markdown images, inline ``![alt](url "title")`` and by reference ``![alt][ref]``,
  ``![ref][]``, ``![ref]`` with a definition ``[ref]: url`` (CommonMark 0.31, 6.4 and 4.7):
  alt text over several lines, with escaped brackets, code spans, raw HTML, brackets nested
  at any depth (where alt text is read no further, every inline destination in its
  paragraph counts); destinations with backslash escapes, character references and
  balanced parentheses (6.1, 2.5); every definition, in a block quote or list item or
  another argument too, when the arguments hold an image.
- HTML start tags tokenized as a browser does (WHATWG HTML 13.2.5: ``/`` and any whitespace
  between attributes, quoted values holding ``>``, character references decoded). Any
  element's ``src``, ``srcset``, ``imagesrcset``, ``poster``, ``background``, ``lowsrc``,
  ``dynsrc``; ``href`` and ``*:href`` of any element but ``a`` and ``area`` (a link: ``link``,
  ``base``, SVG ``image``, ``use``, ``feImage``...); ``object``'s ``data``; the URL of
  ``<meta http-equiv=refresh>``; SVG ``set``/``animate`` values; ``iframe srcdoc`` and any
  attribute value holding markup, read again as markup; a ``data:`` URL's content (past
  three levels of such nesting, every URL-shaped token counts).
- CSS: ``url(...)``, ``src(...)``, ``@import "..."``, ``image()``, ``image-set()``; in
  style elements and in attribute values (``style``, SVG ``fill``...) with character
  references, CSS escapes and comments decoded, in plain text as written.
- Jira wiki markup and Textile images ``!url!``, ``!url|thumbnail!``, ``!{style}url!``
  (options over several lines); Confluence wiki macros whose parameter is a URL
  (``{widget:url=...}``, ``{iframe:src=...}``); AsciiDoc ``image::url[]``,
  reStructuredText ``.. image:: url``, Org ``[[url]]``, DokuWiki ``{{url}}``, BBCode
  ``[img]url[/img]``, GitBook ``{% embed url="..." %}``; MDX ``src={"url"}``.
- Confluence storage format: ``<ri:url ri:value="url"/>`` (an external image or a widget's
  URL), a macro parameter whose text is a URL (``<ac:parameter ac:name="url">``), and the
  escaped markup of an ``html`` macro's ``ac:plain-text-body``.
- Notion API objects: a ``url`` member of an ``external`` file object (``image``, ``video``,
  ``audio``, ``pdf`` and ``file`` blocks, a page's ``cover`` and ``icon``), or of an
  ``embed``, ``bookmark`` or ``link_preview`` block, and a ``link_mention``'s ``href``, whose
  preview Notion's servers fetch.
- Other structured content: Atlassian Document Format (Jira Cloud, Confluence Cloud) ``attrs``
  ``url`` of external ``media`` and of ``inlineCard``/``blockCard``/``embedCard`` (a Smart
  Link the platform unfurls); Slack Block Kit and attachments ``image_url``, ``thumb_url``,
  ``author_icon``, ``footer_icon``, ``icon_url``; Discord embeds' ``image``, ``thumbnail``,
  ``video`` ``url`` and ``icon_url``; Adaptive Cards (Teams) ``Image``/``Media`` ``url``,
  ``backgroundImage``, ``iconUrl``.

Markup inside code spans, fenced code and HTML comments is read too: whichever renderer
shows the text (Jira wiki markup has no backtick fences) may not treat it as code.

Not read (documented limits): script (``javascript:`` URLs, event handlers: a platform
that runs written script is lost anyway); a bare URL a chat platform unfurls (Slack, Teams:
read as a link by the check of a tool declared ``unfurls``, and by the ``links`` check); ``file:`` and ``ftp:`` URLs (browsers refuse or no longer fetch
them from web pages); markup the server decodes from base64 or percent-encoding before
storing it; Mermaid and other diagram fences; JSON encoded more than four times.

A tool the policy says nothing about (``renders`` unset) counts when its name says it writes
content others read (:func:`renders_by_name`: ``create_page``, ``add_comment``,
``post_message``, ``update_issue``...) and its server does not mark it ``readOnlyHint``.

Only URLs that leave the platform count, read as a WHATWG URL parser reads them (leading and
trailing controls and spaces dropped, tabs and newlines removed anywhere):
``http:``/``https:`` (with or without the slashes, which a parser adds to a special scheme)
and scheme-relative ``//host`` or ``\\\\host``. A relative URL resolves to the platform itself.
"""

from __future__ import annotations

import base64
import binascii
import functools
import html
import json
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import unquote

from cordon.taint import name_tokens

# --- Markdown (CommonMark 0.31) ---
#: one unit of link text: a character other than a bracket, backslash, backtick or ``<``; an
#: escape (6.1); a code span of one or two backticks, raw HTML or an autolink (6.3, 6.5,
#: 6.6: they bind tighter than brackets, so a ``]`` inside one does not end the text); a
#: lone backtick or ``<``
_MD_UNIT = (
    r"(?:[^\[\]\\`<]|\\[\s\S]|(?>``(?:[^`]|`(?!`))*``)|(?>`[^`]*`)|`"
    r"|(?><(?:[^<>\"']|\"[^\"]*\"|'[^']*')*>)|<)"
)
#: alt text: units and brackets nested three deep (6.4: balanced brackets), over lines;
#: alt text this does not read is caught by :func:`_md_openers`
_MD_ALT = rf"(?:{_MD_UNIT}|\[(?:{_MD_UNIT}|\[{_MD_UNIT}*+\])*+\])*+"
#: a destination not in ``<...>``: escapes, balanced parentheses one deep (6.1, 6.3)
_MD_DEST = r"(?:\\\S|[^\s()\\]|\([^\s()]*\))++"
#: an inline markdown image: ``![alt](`` then the destination, in ``<...>`` or up to a space
#: or the closing bracket
_MD_IMAGE = re.compile(rf"!\[{_MD_ALT}\]\(\s*(?:<([^>\n]*)>|({_MD_DEST}))")
#: a link reference definition (4.7): ``[label]:`` (the label may span lines, hold escaped
#: brackets), the destination on that line or the next. Not anchored at a line start: a
#: definition in a block quote or list item is defined for the whole document, and one
#: that is not a definition at all only costs a false ask.
_MD_DEFINITION = re.compile(
    r"\[(?:[^\[\]\\]|\\[\s\S])++\]:[ \t]*(?:\n(?:[ \t]*>)*+)?[ \t]*(?:<([^>\n]*)>|(\S+))"
)
#: for :func:`_md_openers`: an image opener, one whose alt text is read (a reference image),
#: any inline destination ``](url)``, a blank line (link text ends there, 4.8)
_MD_OPENER = re.compile(r"!\[")
_MD_REF = re.compile(rf"!\[{_MD_ALT}\]")
#: a whole inline image: destination (or none), an optional title, the closing parenthesis
_MD_IMAGE_WHOLE = re.compile(
    rf"!\[{_MD_ALT}\]\(\s*(?:<[^>\n]*>|{_MD_DEST})?"
    r"(?:\s+(?:\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*'|\((?:[^()\\]|\\.)*\)))?\s*\)"
)
#: an image opener not followed by an inline destination: by reference, in any argument
_MD_IMAGE_BY_REFERENCE = re.compile(rf"!\[{_MD_ALT}\](?!\()")
_MD_ANY_DEST = re.compile(rf"\]\(\s*(?:<([^>\n]*)>|({_MD_DEST}))")
_BLANK_LINE = re.compile(r"\n[ \t]*\n")
#: a backslash escape of ASCII punctuation (6.1), decoded in a destination
_MD_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")

# --- HTML (WHATWG HTML 13.2.5, the tokenizer's tag states) ---
#: a start tag: name, then attributes; possessive, so the match is the tokenizer's one
#: parse and linear. The closing ``>`` is optional: a tag cut off by the end of the text
#: is read as far as it goes.
_TAG = re.compile(
    r"<([A-Za-z][^\t\n\f\r />]*+)((?:[\t\n\f\r /]++|[^\t\n\f\r />][^\t\n\f\r />=]*+"
    r"(?:[\t\n\f\r ]*+=[\t\n\f\r ]*+(?:\"[^\"]*+\"|'[^']*+'|[^\t\n\f\r >]*+))?+)*+)"
)
#: a start tag inside another tag's attribute text, up to the next ``<`` or ``>``: a
#: markdown renderer escapes a ``<`` it does not take for a tag (CommonMark 6.6, an inline
#: tag whose quoted value does not close in its paragraph), so a tag the tokenizer above
#: reads as part of another's attribute value can still reach the browser as a tag
_TAG_LOOSE = re.compile(r"<([A-Za-z][^\t\n\f\r />]*+)([^<>]*+)")
#: one attribute of a tag's attribute text: name, then a double, single or unquoted value
_ATTR = re.compile(
    r"([^\t\n\f\r />][^\t\n\f\r />=]*+)(?:[\t\n\f\r ]*+=[\t\n\f\r ]*+"
    r"(?:\"([^\"]*+)\"|'([^']*+)'|([^\t\n\f\r >]*+)))?+"
)
#: attributes whose value is one URL the element loads, whatever the element: ``img``,
#: ``video``, ``iframe``, ``embed``, ``script``... (``src``), ``video`` (``poster``), the
#: ``background`` of ``body``, ``table``, ``thead``, ``tbody``, ``tfoot``, ``tr``, ``td``,
#: ``th`` (WHATWG 15.3.2), legacy ``lowsrc``/``dynsrc``, Confluence's ``ri:value``
_URL_ATTRS = frozenset({"src", "poster", "background", "lowsrc", "dynsrc", "ri:value"})
#: attributes holding a list of image candidates (WHATWG 4.8.4.3.10)
_SRCSET_ATTRS = frozenset({"srcset", "imagesrcset"})
#: elements whose ``href`` is followed on a click, not loaded
_LINK_TAGS = frozenset({"a", "area"})
#: SVG animation elements, whose values can set an ``href`` (SVG 2, 19.2)
_ANIMATE_TAGS = frozenset({"set", "animate"})
_ANIMATE_ATTRS = frozenset({"to", "from", "by", "values"})
#: cheap filters on a tag's attribute text: a name above, and a value that may leave the
#: platform (a scheme's ``:``, ``//`` or ``\\`` even with tabs between, a character
#: reference, markup)
_ATTR_HINT = re.compile(r"(?i)src|href|background|poster|data|content|value|to|by|from|[<(&]")
_VALUE_HINT = re.compile(r"[:&<\\]|/[\t\n\r]*/")
#: ``<meta http-equiv=refresh content="5; url='...'">`` (WHATWG 4.2.5.3, declarative refresh)
_REFRESH = re.compile(r"(?is)^[\s\d.]*[;,]?\s*(?:url\s*=\s*)?([\"']?)(.*)")

# --- CSS (CSS Syntax 3, CSS Values 4, CSS Images 4) ---
#: (each pattern starts at a literal "(" or "@", read back with a lookbehind: a search for
#: a literal is far faster than a case-insensitive one)
_CSS_URL = re.compile(r"\((?<=(?i:url|src)\()\s*(?:\"([^\"]*)\"|'([^']*)'|([^)\s]*))")
_CSS_IMPORT = re.compile(r"@(?i:import)\s*(?:\"([^\"]*)\"|'([^']*)')")
_CSS_IMAGE_SET = re.compile(r"\((?<=(?i:image|e-set)\()([^()]*(?:\([^()]*\)[^()]*)*)")
_CSS_STRING = re.compile(r"\"([^\"]*)\"|'([^']*)'")
#: a CSS escape (4.3.7): up to six hex digits and one whitespace, or any other character
_CSS_ESCAPE = re.compile(r"\\(?:([0-9a-fA-F]{1,6})[ \t\n\r\f]?|([^\n\r\f0-9a-fA-F]))")
_CSS_COMMENT = re.compile(r"/\*[\s\S]*?(?:\*/|$)")
_CSS_HINT = ("url(", "src(", "@import", "image-set(", "image(")
#: a style element's body, up to its end tag (a raw text element: WHATWG 13.1.2.1); inside
#: SVG it is parsed as text, character references decoded, so they are decoded here too
_STYLE_BODY = re.compile(r"<(?i:style)\b[^>]*>([^<]*+(?:<(?!/(?i:style))[^<]*+)*+)")

# --- Jira and Confluence ---
#: a Jira wiki image ``!url!`` or ``!url|options!`` whose URL may be external (a scheme, a
#: slash, a character reference the page's HTML would decode): every ``!`` is tried as an
#: opener (a lookahead, so ``text!word!url!`` still finds the image); options may span
#: lines. Textile (Redmine) writes images the same way, after optional style, class,
#: language and alignment modifiers: ``!{width:1px}url!``, ``!(cls)url!``, ``!>url!``.
_JIRA_IMAGE = re.compile(
    r"!(?=(?:\{[^}\n]{0,64}\}|\([^)\n]{0,64}\)|\[[^\]\n]{0,8}\]|[<>=])*+"
    r"((?i:h|[\\/&])[^!\s|]*)(?:\|[^!]{0,1024})?!)"
)
#: images in other wiki markups: AsciiDoc ``image::url[]``/``image:url[]`` (and video,
#: audio); reStructuredText ``.. image:: url``, ``.. figure:: url``, ``.. |s| image:: url``;
#: Org ``[[url]]`` with no description (shown inline when it names an image); DokuWiki
#: ``{{url}}``; BBCode ``[img]url[/img]`` (Discourse, forums); GitBook ``{% embed url="" %}``.
#: Each starts at a literal
#: (a case-insensitive search without one is far slower)
_OTHER_IMAGES = (
    re.compile(r":(?<=(?i:image|video|audio):):?([^\s\[]+)\["),
    re.compile(r"\.\.[ \t]+(?:\|[^|\n]+\|[ \t]+)?(?i:image|figure)::[ \t]*(\S+)"),
    re.compile(r"\[\[([^\[\]\s]+)\]\]"),
    re.compile(r"\{\{[ \t]*([^\s|{}]+)"),
    re.compile(r"(?i)\[img\b[^\]\n]*\][ \t]*([^\s\[]+)"),
    re.compile(r"\{%[ \t]*(?i:embed)[ \t]+(?i:url)[ \t]*=[ \t]*[\"']([^\"']+)"),
)
#: a Confluence wiki macro with parameters ``{name:key=value|key=value}``
_WIKI_MACRO = re.compile(r"\{[A-Za-z][\w-]*:([^{}\n]{1,4096})\}")
#: a Confluence storage format macro parameter's text, and an ``html`` macro's body
_AC_HINT = re.compile(r"(?i)<ac:")
_AC_PARAMETER = re.compile(r"(?i)<ac:parameter\b[^>]*>([^<]*)")
_AC_PLAIN_BODY = re.compile(r"(?i)<ac:plain-text-body\b[^>]*>([^<]*)")

# --- URLs ---
#: a URL that leaves the platform (see the module docstring), once cleaned as a URL parser
#: cleans it
_EXTERNAL = re.compile(r"(?i)^(?:https?:|[\\/][\\/])")
#: the same before cleaning: a cheap filter (controls and spaces first, tabs and newlines
#: between the scheme's letters), and a ``data:`` URL
_MAY_LEAVE = re.compile(
    r"(?i)^[\x00-\x20]*(?:h[\t\n\r]*t[\t\n\r]*t[\t\n\r]*p[\t\n\r]*(?:s[\t\n\r]*)?:"
    r"|[\\/][\t\n\r]*[\\/]|data:)"
)
_C0_SPACE = "".join(map(chr, range(0x21)))
_TAB_NEWLINE = re.compile(r"[\t\n\r]")
_DATA_URL = re.compile(r"(?is)^data:([^,]*),(.*)$")
#: members an object's URL is fetched from unclicked: a ``url`` under one of these parents
#: (Notion ``external``/``embed``/``bookmark``/``link_preview``, ADF ``attrs``, Discord
#: ``image``/``thumbnail``/``video``), or under an object whose ``type`` is one of these
#: (Adaptive Cards ``Image``/``Media``), and members named so at any depth (Slack, Discord,
#: Adaptive Cards; compared lower-case without ``_``)
_URL_PARENTS = frozenset(
    {"external", "embed", "bookmark", "link_preview", "attrs", "image", "thumbnail", "video"}
)
_URL_OWNER_TYPES = frozenset({"image", "media"})
_URL_KEYS = frozenset(
    {"imageurl", "thumburl", "thumbnailurl", "iconurl", "authoricon", "footericon",
     "avatarurl", "backgroundimage"}
)  # fmt: skip
#: a string read as JSON when it is an object, array or string up to this size, this deep
_MAX_JSON = 1 << 24
_MAX_JSON_DEPTH = 4
#: markup read inside markup (an attribute value, a data: URL, a macro body) this deep;
#: deeper, every URL-shaped token counts
_MAX_DEPTH = 3
_BARE_URL = re.compile(r"(?i)(?:https?:|[\\/][\\/])[^\s\"'<>()]+")
#: cheap gates: a string with none of these holds no form above
_GATES = ("!", "<", "(", "@import", "]:", "{", "::", "[")


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
     "pull", "email", "mail", "release", "releases", "gist", "gists", "worklog", "draft",
     "drafts", "changelog"}
)  # fmt: skip
#: name tokens of a tool that reads or removes: no content written (a draft is written: the
#: user's own mail client loads its images when they open it)
_NOT_WRITE_TOKENS = frozenset(
    {"get", "read", "list", "search", "find", "fetch", "delete", "remove", "view", "show",
     "query", "describe", "lookup", "download", "export", "count"}
)  # fmt: skip


@functools.lru_cache(maxsize=4096)
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


def plain_text(text: str) -> bool:
    """``text`` holds none of the characters every form read here starts with, and is no
    JSON text :func:`_walk` would decode (an object, an array, a string literal, whose
    escapes can spell any of them): :func:`rendered_urls` finds nothing in it as a string of
    its own."""
    # (the one-character gates by substring search, each a memchr: a class search costs a
    # regular-expression state per call and tests every character against the class)
    if "!" in text or "<" in text or "(" in text or "[" in text or "{" in text:
        return False
    if "::" in text or "]:" in text:
        return False
    return "@import" not in text and text.lstrip()[:1] != '"'


def plain_texts(texts: list[str]) -> bool:
    """``all(plain_text(t) for t in texts)``, the texts searched as one joined by line
    breaks: each test of :func:`plain_text` is for a substring that holds no line break, so
    the join has it exactly when one of the texts does (a line break between two texts
    makes no ``::``, ``]:`` or ``@import`` across them); only the leading quote is read per
    text, when the join has a quote at all. One pass of the gates instead of one per
    argument (a send's address and message)."""
    if len(texts) == 1:
        return plain_text(texts[0])
    joined = "\n".join(texts)
    if "!" in joined or "<" in joined or "(" in joined or "[" in joined or "{" in joined:
        return False
    if "::" in joined or "]:" in joined or "@import" in joined:
        return False
    return '"' not in joined or all(t.lstrip()[:1] != '"' for t in texts)


def fetched_key(key: str) -> bool:
    """A top-level argument named as a member a platform fetches (``image_url``,
    ``icon_url``...), whatever object holds it. A pure function of the name, read for every
    argument of a rendering tool's calls: remembered per short name."""
    return _fetched_name(key) if len(key) <= 64 else _fetched_member("", key, "")


@functools.lru_cache(maxsize=1024)
def _fetched_name(key: str) -> bool:
    return _fetched_member("", key, "")


def rendered_urls(arguments: Any) -> list[tuple[str, str]]:
    """``(argument path, url)`` for every resource a page rendering ``arguments`` would
    fetch by itself, in order, each (path, url) once. See the module docstring."""
    out: dict[tuple[str, str], None] = {}
    leaves = list(_walk(arguments, "", ""))
    # a definition in one argument serves an image in another when the server joins them
    images = any("]:" in leaf[3] and "![" not in leaf[3] for leaf in leaves) and any(
        "![" in leaf[3] and _MD_IMAGE_BY_REFERENCE.search(leaf[3]) is not None for leaf in leaves
    )
    for path, parent, key, value, owner in leaves:
        if _fetched_member(parent, key, owner):
            for url in _external([value], 0):
                out[(path, url)] = None
        for url in _in_text(value, 0):
            out[(path, url)] = None
        if images and "]:" in value and "![" not in value:
            for url in _external(_md_definitions(value), 0):
                out[(path, url)] = None
    return list(out)


def _fetched_member(parent: str, key: str, owner: str) -> bool:
    """True when an object member holds a URL its platform fetches with no click (see
    :data:`_URL_PARENTS`); ``owner`` is the ``type`` of the object holding it."""
    if key == "url":
        return parent in _URL_PARENTS or owner.lower() in _URL_OWNER_TYPES
    if key == "href":
        return parent == "link_mention"
    return key.replace("_", "").lower() in _URL_KEYS


def _walk(value: Any, path: str, key: str) -> Iterator[tuple[str, str, str, str, str]]:
    """(path, parent key, key, string, the holding object's ``type``) for each string leaf;
    a string holding JSON (an object, an array or a string) is walked as one too (a client
    may pass a block list as text, or encode it twice)."""
    stack: list[tuple[str, str, str, Any, int, str]] = [(path, "", key, value, 0, "")]
    while stack:
        p, parent, k, v, depth, owner = stack.pop()
        if isinstance(v, dict):
            kind = v.get("type")
            kind = kind if isinstance(kind, str) else ""
            for ck, cv in reversed(list(v.items())):
                cks = str(ck)
                stack.append((f"{p}.{cks}" if p else cks, k, cks, cv, depth, kind))
        elif isinstance(v, (list, tuple)):
            for i in range(len(v) - 1, -1, -1):
                stack.append((f"{p}[{i}]", parent, k, v[i], depth, owner))
        elif isinstance(v, str):
            yield p, parent, k, v, owner
            s = v.strip()
            if depth < _MAX_JSON_DEPTH and len(s) <= _MAX_JSON and s[:1] in ("{", "[", '"'):
                try:
                    inner = json.loads(s)
                except (ValueError, RecursionError):
                    continue  # not JSON, or nested deeper than the parser's stack
                if isinstance(inner, (dict, list, str)):
                    stack.append((p, parent, k, inner, depth + 1, owner))


def _in_text(text: str, depth: int) -> Iterator[str]:
    """The external URLs a renderer fetches from one string's markup."""
    if not any(g in text for g in _GATES):
        return
    found: list[str] = []
    if "![" in text:
        found += _markdown(text)
    if "<" in text:
        found += _html(text, depth)
        found += _confluence(text, depth)
    found += _css(text, decode=False)
    if "!" in text:
        found += [html.unescape(m[1]) for m in _JIRA_IMAGE.finditer(text)]
    if "{" in text:
        found += _wiki_macros(text)
    if "::" in text or "[" in text or "{" in text:
        found += [m[1] for pattern in _OTHER_IMAGES for m in pattern.finditer(text)]
    yield from _external(found, depth)


def _external(candidates: list[str], depth: int) -> Iterator[str]:
    """Each candidate that leaves the platform, cleaned as a WHATWG URL parser cleans it
    (URL Standard 4.4: C0 controls and spaces stripped at both ends, every tab and newline
    removed, so ``ht<TAB>tps:`` is ``https:``); a ``data:`` URL's content is read as
    markup (an ``iframe`` or ``object`` showing it loads what it names)."""
    for raw in dict.fromkeys(candidates):
        if _MAY_LEAVE.match(raw) is None:
            continue
        if raw.isprintable() and not raw.startswith(" ") and not raw.endswith(" "):
            url = raw  # nothing to clean (the common case)
        else:
            url = _TAB_NEWLINE.sub("", raw.strip(_C0_SPACE))
        if _EXTERNAL.match(url):
            yield url
        elif url[:5].lower() == "data:":
            payload = _data_payload(url)
            if payload:
                yield from _external(_nested(payload, depth), depth + 1)


def _data_payload(url: str) -> str:
    """A ``data:`` URL's content as text (RFC 2397: percent-encoded, or ``;base64``)."""
    m = _DATA_URL.match(url)
    if m is None:
        return ""
    if m[1].strip().lower().endswith(";base64"):
        try:
            data = base64.b64decode(re.sub(r"[^A-Za-z0-9+/]", "", unquote(m[2])) + "==")
        except (binascii.Error, ValueError):
            return ""
        return data.decode("utf-8", "replace")
    return unquote(m[2])


def _nested(text: str, depth: int) -> list[str]:
    """Markup inside markup (an attribute value, a ``data:`` URL's content, a macro's body)
    read one level deeper. Past :data:`_MAX_DEPTH` every URL-shaped token in it counts,
    character references decoded to the end: a browser nests ``srcdoc`` frames and
    ``data:`` documents without limit, so the depth cap fails closed."""
    if depth < _MAX_DEPTH:
        return list(_in_text(text, depth + 1))
    for _ in range(16):
        decoded = html.unescape(text)
        if decoded == text:
            break
        text = decoded
    return _BARE_URL.findall(text)


def _markdown(text: str) -> list[str]:
    """Destinations of markdown images, inline and by reference, with backslash escapes and
    character references decoded as CommonMark does."""
    images = {m.start(): m for m in _MD_IMAGE.finditer(text)} if "](" in text else {}
    found = [m[1] if m[1] is not None else m[2] for m in images.values()]
    unread, by_reference = _md_openers(text, images)
    found += unread
    # every definition may be the image's
    return _md_decode(found) + (_md_definitions(text) if by_reference else [])


def _md_definitions(text: str) -> list[str]:
    """Destinations of every link reference definition in ``text``."""
    return _md_decode([m[1] if m[1] is not None else m[2] for m in _MD_DEFINITION.finditer(text)])


def _md_decode(destinations: list[str]) -> list[str]:
    """Destinations with backslash escapes and character references decoded (6.1, 2.5)."""
    return [html.unescape(_MD_ESCAPE.sub(r"\1", u)) if ("\\" in u or "&" in u) else u
            for u in destinations]  # fmt: skip


def _md_openers(text: str, inline: dict[int, re.Match[str]]) -> tuple[list[str], bool]:
    """Image openers that are no whole inline image (``inline``: the starts the inline
    pattern matched): (destinations, whether an image may be by reference).

    An image by reference, or an inline one whose destination or title does not parse
    (CommonMark then reads ``![text]`` as a shortcut reference), may take any definition.
    An opener whose alt text :data:`_MD_ALT` does not read (brackets nested deeper than
    three, a code span of three backticks...: CommonMark pairs a ``]`` with the nearest
    open bracket at any depth, code spans, autolinks and raw HTML of any form bind
    tighter) makes every inline destination in its paragraph count, links too, read once
    from the opener to the blank line ending the paragraph (fail closed)."""
    found: list[str] = []
    by_reference = False
    done = -1
    for opener in _MD_OPENER.finditer(text):
        p = opener.start()
        if p in inline and _MD_IMAGE_WHOLE.match(text, p) is not None:
            continue
        by_reference = True
        if p < done or _MD_REF.match(text, p) is not None:
            continue
        blank = _BLANK_LINE.search(text, p)
        done = blank.start() if blank is not None else len(text)
        found += [m[1] if m[1] is not None else m[2] for m in _MD_ANY_DEST.finditer(text, p, done)]
    return found, by_reference


def _html(text: str, depth: int) -> list[str]:
    """URLs the elements in ``text`` load, their attributes read as a browser reads them."""
    found: list[str] = []
    nested: list[str] = []
    inner: list[re.Match[str]] = []
    for tag in _TAG.finditer(text):
        _read_tag(tag, found, nested)
        if "<" in tag[2]:
            inner += [m for m in _TAG_LOOSE.finditer(tag[2]) if "=" in m[2]]
    for tag in inner:
        _read_tag(tag, found, nested)
    if nested:  # read together: one pass however many values
        found += _nested("\n".join(nested), depth)
    for m in _STYLE_BODY.finditer(text):
        found += _css(html.unescape(m[1]), decode=True)
    return found


def _read_tag(tag: re.Match[str], found: list[str], nested: list[str]) -> None:
    """Add to ``found`` the URLs one tag (name, attribute text) loads, and to ``nested`` its
    attribute values that hold markup (``iframe srcdoc``, or a tag a markdown renderer
    that does not take the outer tag for HTML escapes and passes through)."""
    attrs = tag[2]
    if "=" not in attrs or not (_VALUE_HINT.search(attrs) and _ATTR_HINT.search(attrs)):
        return
    values = [
        (m[1].lower(), html.unescape(next((g for g in m.groups()[1:] if g is not None), "")))
        for m in _ATTR.finditer(attrs)
    ]
    found += _tag_urls(tag[1].lower(), values, "<" in attrs)
    nested += [v for _, v in values if "<" in v]


def _tag_urls(name: str, attrs: list[tuple[str, str]], markup: bool) -> list[str]:
    """URLs one element loads, from its (lower-cased name, decoded value) attributes.
    ``markup``: its attribute text holds a ``<`` (a link whose attribute value a markdown
    renderer may cut short, leaving a nested tag's ``href`` to the browser)."""
    found: list[str] = []
    for attr, value in attrs:
        if attr in _URL_ATTRS or (attr == "data" and name == "object"):
            found.append(value)
            if value[:1] == "{":  # MDX/JSX: src={"https://..."}, src={`https://...`}
                found.append(value.strip("{}\"'` \t\n"))
        elif attr in _SRCSET_ATTRS:
            # a candidate's URL runs to whitespace, commas at its ends dropped (WHATWG
            # 4.8.4.3.10); each comma-separated part is read too, whole tokens keep a
            # query that holds a comma for the secrets check
            tokens = [t.strip(",") for t in value.split()]
            found += tokens + [p for t in tokens if "," in t for p in t.split(",")]
        elif attr == "href" or attr.endswith(":href"):
            if name not in _LINK_TAGS or markup:
                found.append(value)
        elif name in _ANIMATE_TAGS and attr in _ANIMATE_ATTRS:
            found += value.split(";")
        elif (
            name == "meta"
            and attr == "content"
            and ("http-equiv", "refresh") in [(a, v.strip().lower()) for a, v in attrs]
        ):
            m = _REFRESH.match(value)
            if m is not None:
                found.append(m[2].split(m[1])[0] if m[1] else m[2])
        if "(" in value or "@" in value:
            found += _css(value, decode=True)  # style, and SVG fill, filter, mask...
    return found


def _css(text: str, *, decode: bool) -> list[str]:
    """URLs CSS in ``text`` loads. ``decode``: text a browser hands to
    the CSS parser (a style element's body, an attribute's value), whose CSS escapes are
    decoded first (CSS Syntax 4.3.7: ``\\75 rl(`` is ``url(``, ``https\\:`` is ``https:``)
    and comments dropped. Plain text is read as it is: no renderer parses it as CSS."""
    if decode and "\\" in text:
        text = _CSS_ESCAPE.sub(_css_char, text)
    if decode and "/*" in text:  # in plain text a "/*" (a glob) is no comment
        text = _CSS_COMMENT.sub("", text)
    low = text.lower()
    if not any(h in low for h in _CSS_HINT):
        return []
    found = [next(g for g in m.groups() if g is not None) for m in _CSS_URL.finditer(text)]
    found += [m[1] if m[1] is not None else m[2] for m in _CSS_IMPORT.finditer(text)]
    for m in _CSS_IMAGE_SET.finditer(text):
        found += [s[1] if s[1] is not None else s[2] for s in _CSS_STRING.finditer(m[1])]
    return found


def _css_char(m: re.Match[str]) -> str:
    """A CSS escape's character (an out-of-range one reads as U+FFFD, as CSS says)."""
    if m[2] is not None:
        return m[2]
    n = int(m[1], 16)
    return chr(n) if 0 < n <= 0x10FFFF and not 0xD800 <= n <= 0xDFFF else "\ufffd"


def _confluence(text: str, depth: int) -> list[str]:
    """Confluence storage format beyond plain tags: a macro parameter given as text (a
    ``widget``'s or ``iframe``'s URL), an ``html`` macro's escaped body read as markup."""
    if _AC_HINT.search(text) is None:
        return []
    found = [html.unescape(m[1]) for m in _AC_PARAMETER.finditer(text)]
    bodies = [m[1] for m in _AC_PLAIN_BODY.finditer(text) if "&" in m[1]]
    if bodies:  # read together: one pass however many macros
        found += _nested(html.unescape("\n".join(bodies)), depth)
    return found


def _wiki_macros(text: str) -> list[str]:
    """Parameters of Confluence wiki markup macros (``{widget:url=...}``, the default
    parameter ``{widget:https://...}``): each value, split at ``|``."""
    found: list[str] = []
    for m in _WIKI_MACRO.finditer(text):
        found += [part.split("=", 1)[-1] for part in m[1].split("|")]
    return found
