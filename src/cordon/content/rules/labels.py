"""A forged system label followed by an order, in any language (attack classes 'system_note'
and 'authority': role spoofing in tool descriptions and fetched content).

Tool poisoning and indirect injection dress the attacker's text as the platform's own voice: a
bracketed or capitalised label (``[SYSTEM DIRECTIVE]:``, ``IMPORTANT SYSTEM NOTE:``,
``[HIDDEN INSTRUCTION]:``, ``SYSTEM FOR MCP:``, ``ACT AS:``, a line that starts ``SYSTEM:``
inside a description or an HTML comment, ``---END SYSTEM INSTRUCTIONS---``), then, in the same
paragraph, an order that lowers a control or steers the agent: bypass, disable, skip or ignore
checks, trust all input, escalate, call a named tool (``hr.search_employees``), set a
privileged parameter value (``validation_mode='admin'``), "you must", "you are now in debug
mode". A real MCP client never puts a system message inside a tool's description or a tool's
result, so the label is a claim of authority the text has no way to hold.

Documentation has "Note:" and "Security note:", and chat-API guides show "System message:"
examples; none of those labels is kept. The labels here name the system (or a hidden or role
instruction) as the speaker, and the order must follow in the same paragraph.
"""

from __future__ import annotations

from functools import partial

from cordon.content._rule import Rule
from cordon.content.rules.translated import _bytes_safe

_R = partial(Rule, category="injection")


def _ci(words: str, ascii_too: bool = False) -> str:
    """``words`` with each non-ASCII cased letter spelled in both cases (patterns fold ASCII
    only): a label is as often written in capitals (``ДИРЕКТИВА``, ``ΟΔΗΓΊΑ``) as not.
    ``ascii_too``: ASCII letters as well (UTF-8 anchors see the text's own case)."""
    out = []
    prev = ""
    for c in words:
        up, low = c.upper(), c.lower()
        cased = len(up) == 1 and len(low) == 1 and up != low
        if cased and prev != "\\" and (ascii_too or not c.isascii()):
            out.append(f"(?:{up}|{low})")
        else:
            out.append(c)
        prev = c
    return "".join(out)


#: English labels that claim the system (or a hidden or role instruction) as the speaker
_EN_LABEL = (
    r"\[\s*(?:system|hidden|metadata|role|admin)\s+(?:note|directive|instructions?|override|"
    r"command)\s*\]"
    r"|(?:important\s+|hidden\s+)?system\s+(?:note|directive|override)\s*(?::|\]|-|—|–)"
    r"|(?:important\s+system|hidden|secret)\s+(?:instructions?|directive)\b"
    r"|important\s+system\s+(?:message|notice)\s*:"
    r"|(?:developer|admin|operator|priority|emergency)\s+override\s*(?::|\]|-|—|–)"
    r"|(?:metadata|role)\s+directive\s*(?::|\])"
    r"|system\s+(?:for|untuk|para|pour|f[üu]r)\s+(?:the\s+)?(?:mcp|ai|llm|agents?|assistants?|"
    r"model)\s*:"
    r"|instruction\s+override\s*:|\bact\s+as\s*:"
    r"|end\s+(?:of\s+)?system\s+(?:instructions|prompt)"
)
#: a bare "SYSTEM:" at a line start or opening a comment: the order must be in its sentence
_BARE_LABEL = _ci(
    r"(?:\A|(?<=[\n(])|(?<=<!--)|(?<=<!-- )|(?<=\( ))\s{0,3}(?:system|systém|sistem|sistema|"
    r"система|систем)\s*:"
)
#: the same labels in other languages (written in lower case; capitals by :func:`_ci`)
_INTL_LABEL = _ci(
    "|".join(
        (
            r"direktiva\s+metadat|skrytá\s+instrukce|systémová\s+(?:instrukce|direktiva|poznámka)",
            r"directivă\s+de\s+sistem|directiva\s+de\s+sistem|suprascriere\s+de\s+instrucțiuni|"
            r"notă\s+de\s+sistem|instrucțiune\s+ascunsă",
            r"директива\s+перевизначення|системна\s+(?:директива|інструкція|примітка)|"
            r"системная\s+(?:директива|инструкция)|системное\s+(?:указание|примечание)|"
            r"скрытая\s+инструкция|прихована\s+інструкція|директива\s+переопределения",
            r"s(?:i|İ)stem\s+tal(?:i|İ)mat|s(?:i|İ)stem\s+notu|g(?:i|İ)zl(?:i|İ)\s+tal(?:i|İ)mat",
            r"hướng\s+dẫn\s+hệ\s+thống|chỉ\s+thị\s+hệ\s+thống|ghi\s+chú\s+hệ\s+thống",
            r"protokół\s+(?:\S+\s+)?systemu|instrukcja\s+systemowa|dyrektywa\s+systemowa|"
            r"notatka\s+systemowa|ukryta\s+instrukcja",
            r"instruksi\s+sistem|catatan\s+sistem|arahan\s+sistem|instruksi\s+tersembunyi",
            r"directive\s+système|note\s+système|instruction\s+(?:cachée|système)",
            r"directiva\s+del\s+sistema|nota\s+del\s+sistema|instrucción\s+(?:oculta|del\s+sistema)",
            r"diretiva\s+do\s+sistema|nota\s+do\s+sistema|instrução\s+(?:oculta|do\s+sistema)",
            r"systemhinweis|systemanweisung|systemdirektive|versteckte\s+anweisung",
            r"direttiva\s+di\s+sistema|nota\s+di\s+sistema|istruzione\s+(?:nascosta|di\s+sistema)",
            r"systeeminstructie|systeemopmerking|verborgen\s+instructie",
            r"systeminstruks|systemdirektiv|skjult\s+instruks|dold\s+instruktion|"
            r"(?:viktig\s+|system)overstyring",
            r"οδηγία\s+συστήματος|σημείωση\s+συστήματος|κρυφή\s+οδηγία",
            r"システム(?:指示|指令|通知|メモ|ノート)|隠し指示|隠された指示|ロール指令|"
            r"(?:オペレーター|管理者)による上書き",
            r"系统(?:指令|通知|说明|备注)|系統(?:指令|通知|說明|備註)|隐藏指令|隱藏指令",
            r"시스템\s*(?:지시|지침|메모|공지)|숨겨진\s*지시",
            r"تعليمات\s+النظام|ملاحظة\s+النظام|توجيه\s+النظام|تعليمات\s+مخفية",
            r"بازنویسی\s+سیستم|دستورالعمل\s+سیستم|یادداشت\s+سیستم",
            r"सिस्टम\s+(?:निर्देश|नोट)|छिपा\s+निर्देश",
        )
    )
)
#: an order that lowers a control or steers the agent
_ORDER = "|".join(
    (
        # en
        r"\b(?:bypass|disable|ignore|disregard|escalate|unrestricted|simulate\s+elevated)\b|"
        r"\binclude\s+(?:this|the|their|your|all)\s+(?:\w+\s+){0,2}?(?:key|token|password|"
        r"credentials?|secrets?|records|contents)\b|"
        r"\bskip\s+(?:all\s+)?(?:the\s+)?(?:validation|checks|verification|security)|"
        r"\btrust\s+all\b|\bwithout\s+(?:validation|restrictions?|verification|checks|approval)|"
        r"\b(?:admin(?:istrative)?|elevated|root)\s+privileges|\byou\s+must\b|"
        r"\b(?:call|use|using|invoke|via)\s+(?:the\s+)?(?:tool\s+)?`?[a-z_]+\.[a-z_]+|"
        r"\bcall\s+the\s+tool\b|"
        r"=\s*['\"]?(?:true|admin|root|superadmin|disabled|permissive)\b|"
        r"\byou\s+are\s+(?:now\s+)?in\s+(?:debug|developer|admin|maintenance|god|unrestricted)"
        r"\s+mode",
        # cs, ro, uk/ru
        r"\b(?:obejdi(?:te)?|vypn(?:i|ěte)|ignoruj(?:te)?|d[ůu]v[ěe][řr]uj(?:te)?|"
        r"p[řr]esko[čc](?:te|it)?|mus[íi](?:te|š)?)(?=[\s.,;:!?)\"']|$)|"
        r"\b(?:dezactiveaz[ăa]|ignor[ăa]|ocole[șs]te|trebuie\s+s[ăa])|"
        r"(?:пропускай|пропусти|ігноруй|игнорируй|довіряй|доверяй|обходь|обходи|обходить|"
        r"обходит|вимкни|отключи|без\s+перевір|без\s+провер)",
        # tr, vi, pl, id
        r"\b(?:kullan(?:[ıi]n)?|gerekiyor|zorunda|atla(?:y[ıi]n)?|devre\s+d[ıi][şs][ıi]|"
        r"yok\s*say[ıi]n?|g[üu]ven(?:in)?)(?=[\s.,;:!?)\"']|$)|"
        r"\b(?:b[ạa]n\s+ph[ảa]i|h[ãa]y\s+d[ùu]ng|b[ỏo]\s+qua|v[ôo]\s+hi[ệe]u|tin\s+t[ưu][ởo]ng)|"
        r"\b(?:musi|musisz|wy[łl][ąa]cz|zignoruj|pomi[ńn]|u[żz]y[ćc]|u[żz]yj)(?![a-z])|"
        r"\b(?:panggil|abaikan|nonaktifkan|lewati|percayai|harus)\b",
        # fr, es, pt, de, it, nl, no/sv/da, el
        r"\b(?:tu\s+dois|vous\s+devez|ignorez?|d[ée]sactive[rz]?|contourne[rz]?|"
        r"debes|ignora|desactiva|omite|voc[êe]\s+deve|desative|"
        r"du\s+musst|ignoriere|deaktiviere|umgehe|vertraue|devi|disattiva|aggira|"
        r"je\s+moet|negeer|omzeil|vertrouw|opphevet|upph[äa]vd|ignorer|omg[åa]|deaktiver|"
        r"du\s+m[åa]|du\s+kan\s+n[åa])(?![a-z])|"
        r"(?:αγνόησε|παράκαμψε|απενεργοποίησε|πρέπει)",
        # ja, zh, ko, ar, fa, hi
        r"(?:信頼|無視|無効|バイパス|スキップ|すること|してください|解除)|"
        r"(?:忽略|绕过|繞過|禁用|信任|必须|必須|跳过|跳過)|(?:무시|우회|비활성|신뢰|해야|하십시오)|"
        r"(?:تجاهل|تجاوز|عطّل|يجب)|(?:نادیده\s*بگیر|دور\s*بزن|غیرفعال|باید|حالت\s+اشکال)|"
        r"(?:अनदेखा|बायपास|अक्षम|भरोसा|करना\s+होगा)",
    )
)
#: from the label to the order: the same paragraph (no blank line)
_GAP = r"(?:[^\n]|\n(?![ \t]*\n)){0,300}?"

RULES: tuple[Rule, ...] = (
    _R(
        id="inj.system_label_directive",
        severity="high",
        mention_severity="low",
        summary="A label that claims the system's voice ('[SYSTEM DIRECTIVE]:', 'IMPORTANT "
        "SYSTEM NOTE:', 'SYSTEM FOR MCP:', 'ACT AS:', 'SYSTEM:' at a line start, 'DIRECTIVĂ "
        "DE SISTEM', 'システム指示') followed in the same paragraph by an order: bypass, "
        "disable or ignore checks, trust all input, call a named tool, set a privileged "
        "parameter value, 'you must'.",
        why="MCP clients send system messages in the system role, never inside a tool's "
        "description or result; text there that speaks as the system and gives an order is "
        "impersonating the operator to lower a control or steer the agent's next call.",
        fix="Hide the tool or block the result; treat descriptions and results as data.",
        source="Invariant Labs, 'MCP Security Notification: Tool Poisoning Attacks' (2025-04); "
        "Greshake et al., 'Not what you've signed up for' (arXiv:2302.12173), forged system "
        "messages; OWASP LLM01:2025; MITRE ATLAS AML.T0051.001",
        pattern=_bytes_safe(
            rf"(?:{_EN_LABEL}|{_INTL_LABEL}){_GAP}(?:{_ci(_bytes_safe(_ORDER))})"
            rf"|{_BARE_LABEL}[^\n.!?]{{0,200}}?(?:{_ci(_bytes_safe(_ORDER))})"
        ),
        anchors=(
            r"system\s+note",
            r"system\s+directive",
            r"system\s+override",
            r"system\s+instruction",
            r"hidden\s+(?:instruction|directive|system)",
            r"secret\s+(?:instruction|directive)",
            r"metadata\s+directive",
            r"role\s+directive",
            r"admin\s+(?:note|directive|instruction|override|command)",
            r"important\s+system\s+(?:message|notice)",
            r"developer\s+override",
            r"operator\s+override",
            r"priority\s+override",
            r"emergency\s+override",
            r"system\s+(?:for|untuk|para|pour|f\?r|fur)\s",
            r"instruction\s+override",
            r"act\s+as\s*:",
            r"end\s+(?:of\s+)?system\s",
            r"system\s*:",
            r"syst\?m\s*:",
            r"sistem\s*:",
            r"sistema\s*:",
            r"direktiva\s+metadat",
            r"skryt\?\s+instrukce",
            r"syst\?mov\?\s",
            r"directiv\?\s+de\s+sistem",
            r"directiva\s+de\s+sistem",
            r"suprascriere\s+de\s+instruc",
            r"not\?\s+de\s+sistem",
            r"instruc\?iune\s+ascuns",
            r"sistem\s+(?:tal|notu)",
            r"s\?stem\s+(?:tal|notu)",
            r"gizli\s+tal",
            r"protok\?\?\s",
            r"instrukcja\s+systemowa",
            r"dyrektywa\s+systemowa",
            r"notatka\s+systemowa",
            r"ukryta\s+instrukcja",
            r"instruksi\s+(?:sistem|tersembunyi)",
            r"catatan\s+sistem",
            r"arahan\s+sistem",
            r"directive\s+syst",
            r"note\s+syst",
            r"instruction\s+(?:cach|syst)",
            r"directiva\s+del\s+sistema",
            r"nota\s+(?:del|do|di)\s+sistema",
            r"instrucci\?n\s+(?:oculta|del)",
            r"diretiva\s+do\s+sistema",
            r"instru\?\?o\s+(?:oculta|do)",
            r"systemhinweis",
            r"systemanweisung",
            r"systemdirektiv",
            r"versteckte\s+anweisung",
            r"direttiva\s+di\s+sistema",
            r"istruzione\s+(?:nascosta|di\s+sistema)",
            r"systeeminstructie",
            r"systeemopmerking",
            r"verborgen\s+instructie",
            r"systeminstruks",
            r"skjult\s+instruks",
            r"dold\s+instruktion",
            r"viktig\s+overstyring",
            r"systemoverstyring",
        ),
        utf8_anchors=(
            _ci(
                r"система\s*:|систем\s*:|директива\s+перевизначення|системна\s|системная\s|"
                r"системное\s|скрытая\s+инструкция|прихована\s+інструкція|директива\s+переопределения|"
                r"hướng\s+dẫn\s+hệ|chỉ\s+thị\s+hệ|ghi\s+chú\s+hệ|οδηγία\s+συστήματος|"
                r"σημείωση\s+συστήματος|κρυφή\s+οδηγία",
                ascii_too=True,
            )
            + r"|システム|隠し指示|隠された指示|ロール指令|による上書き|系统|系統|隐藏指令|隱藏指令|"
            r"시스템|숨겨진\s*지시|تعليمات\s+النظام|ملاحظة\s+النظام|توجيه\s+النظام|تعليمات\s+مخفية|"
            r"بازنویسی\s+سیستم|دستورالعمل\s+سیستم|یادداشت\s+سیستم|सिस्टम\s|छिपा\s+निर्देश",
        ),
        window=900,
    ),
)
