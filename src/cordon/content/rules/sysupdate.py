"""A framed "system update" notice followed by an order, in any language (attack classes
'system_note', 'egress' and 'memory_poisoning': a forged platform notice in a tool's result).

Indirect injections in tickets, invoices and fetched pages open with a notice dressed as the
platform's own: ``---SYSTEM UPDATE---``, ``[SYSTEM UPDATE — PRIORITY OVERRIDE]``, ``IMPORTANT
SYSTEM UPDATE:``, ``[SYSTEM: agent maintenance directive — ...``, ``<!-- Agent instruction:``,
and the same words in other languages (``---SİSTEM GÜNCELLEMESİ---``, ``[SYSTEEMUPDATE]:``,
``重要系统更新：``, ``[SASISHO LA MFUMO]``). Then, in the same paragraph, comes the order: send
the results to an address, call a sending tool (``send_email``), append something to every
reply or e-mail, store a standing instruction in memory, include the account details, "you
must". :mod:`cordon.content.rules.labels` reads labels that name a directive, a note or an
override; a notice called an *update* is the commoner disguise and is read here.

An update notice is ordinary text (release notes, status pages: "System update: reboot
required"), so the label counts only when framed as a banner (brackets, a rule of dashes or
equals signs) or marked important, and the order must be one of the classes above, never an
ordinary instruction to a human (restart, install, back up).
"""

from __future__ import annotations

from functools import partial

from cordon.content._rule import Rule
from cordon.content.rules.labels import _ORDER, _ci
from cordon.content.rules.translated import _bytes_safe

_R = partial(Rule, category="injection")

#: "system update" (and "system note", "system override" where :mod:`labels` lacks the
#: language), lower case; capitals by :func:`_ci`
_UPDATE = _ci(
    "|".join(
        (
            r"system\s+update|systemupdate|system\s*aktualisierung|systeemupdate|"
            r"system(?:opp|op|upp)datering|syst(?:é|e)m(?:ová)?\s+aktualizac|aktualizace\s+systému|"
            r"aktualizácia\s+systému|aktualizacja\s+systemu|"
            r"mise\s+à\s+jour\s+(?:du\s+)?système|actualización\s+del\s+sistema|"
            r"atualização\s+do\s+sistema|aggiornamento\s+(?:di|del)\s+sistema|"
            r"actualizare(?:a)?\s+(?:de\s+)?sistem(?:ului)?|rendszerfrissítés|rendszermegjegyzés|"
            r"rendszerüzenet|järjestelmäpäivitys|järjestelmäilmoitus|"
            r"s(?:i|İ|ı)stem\s+güncelle(?:mesi|me)|pembaruan\s+sistem|kemas\s+kini\s+sistem|"
            r"cập\s+nhật\s+hệ\s+thống|update\s+ng\s+sistema|sasisho\s+la\s+mfumo",
            r"обновление\s+системы|системное\s+обновление|оновлення\s+системи|"
            r"системне\s+оновлення|ενημέρωση\s+συστήματος|עדכון\s+מערכת|"
            r"تحديث\s+النظام|(?:به\S{0,3}\s?)?روزرسانی\s+سیستم|سسٹم\s+اپ\s*ڈیٹ|"
            r"सिस्टम\s+अपडेट|সিস্টেম\s+আপডেট|อัปเดตระบบ",
            r"系统更新|系統更新|システム(?:更新|アップデート)|시스템\s*업데이트",
            # labels addressed to the agent
            r"agent\s+(?:instructions?|directive)\s*:|agentinstruktion|agentenanweisung|"
            r"pokyn\s+pro\s+agenta",
        )
    )
)
#: a banner frame before the label, or a word marking it important (en, zh, ur, hu, tr, ...)
_FRAME = _ci(
    r"(?:\[|【|-{2,}\s*|={2,}\s*|\*{2}\s*|<!--\s*|"
    r"(?:important|urgent|critical|mandatory|重要|緊急|اہم|مهم|महत्वपूर्ण|fontos|önemli|"
    r"wichtig|importante|urgente|belangrijk|viktig|vigtigt|ważne|důležité|важно|важливо|"
    r"penting|quan\s+trọng|muhimu|mahalaga)\s*:?\s*(?:\[\s*)?)"
)
#: labels that carry their own frame: a bracketed bare "[SYSTEM:", a system override
_SELF_FRAMED = _ci(r"\[\s*system\s*:|přepsání\s+systému")
#: orders this class gives, besides those of :mod:`labels`
_MORE = "|".join(
    (
        # send to an address (verb first, or the address first in SOV languages)
        r"\b(?:send|transfer|forward|export|e-?mail|post|upload|copy)\b[^\n]{0,80}?"
        r"[\w.+-]+@[\w-]+\.[a-z]{2,}",
        r"[\w.+-]+@[\w-]+\.[a-z]{2,}\S{0,12}\s+(?:\S+\s+)?(?:aktar|gönder|ilet|yolla|"
        r"پر\s+بھیج|पर\s+भेज|に送|로\s*보내|으로\s*보내)",
        # a sending tool called by its name (send_email, post_http, forward_report)
        r"\b(?:send|post|forward|export|upload|email|mail)_[a-z]\w*",
        # every reply or e-mail from now on
        r"\b(?:to|in|into|on)\s+(?:every|each|all)\s+(?:\w+\s+){0,2}?(?:e-?mails?|responses?|"
        r"repl(?:y|ies)|answers?|drafts?|messages?|outputs?)\b|"
        r"\bin\s+alle\s+(?:antwoorden|e-?mails|berichten|svar)\b|हर\s+(?:ईमेल|संदेश|जवाब|उत्तर)|"
        r"附加到你的回复|附加到您的回复|对话历史|對話歷史",
        # a standing order kept in memory
        r"\bstanding\s+(?:instruction|order|directive)|\b(?:memory|scratchpad)\s+has\s+been\s+"
        r"updated|\bstore\s+this\s+instruction|постоянная\s+инструкция|блокнот\w*\s+памяти|"
        r"сохрани\s+эту\s+инструкцию",
        # the account's details included; a forged system line passed on
        r"\binclude\s+(?:the|their|all)\s+(?:[\w'’]+\s+){0,2}?(?:details|numbers)\b|"
        r"\bta\s+med\s+alle\b|\bmedtag\w*|(?:\"|“|„|«)\s*system\s*:",
        # sv (labels reads "ignorer" of da/no), sw, tl, hu, zh
        r"\b(?:ignorera|inaktivera|hoppa\s+över|kringgå|du\s+måste)(?![a-z])|"
        r"\b(?:lazima|inabatilisha|puuza|tawagan|huwag\s+banggitin|dapat)\b|"
        r"(?:írj\s+felül|felülír\w*|hagyd\s+figyelmen|kapcsold\s+ki|kerüld\s+meg)|"
        r"限制已(?:被)?解除|限制已經解除",
    )
)
#: from the label to the order: the same paragraph (no blank line)
_GAP = r"(?:[^\n]|\n(?![ \t]*\n)){0,300}?"

RULES: tuple[Rule, ...] = (
    _R(
        id="inj.system_update_order",
        severity="high",
        mention_severity="low",
        summary="A notice framed as the platform's ('---SYSTEM UPDATE---', '[SYSTEM UPDATE]', "
        "'IMPORTANT SYSTEM UPDATE:', '[SYSTEM: ...', '<!-- Agent instruction:', "
        "'---SİSTEM GÜNCELLEMESİ---', '重要系统更新：') followed in the same paragraph by an "
        "order: send results to an address, call a sending tool, append to every reply, keep a "
        "standing instruction, 'you must'.",
        why="A tool's result or description never carries the platform's notices; an update "
        "banner in it that gives the agent an order is the author of the data speaking as the "
        "operator, most often to send data out or to change every later reply.",
        fix="Block the result or hide the tool; treat results as data.",
        source="Greshake et al., 'Not what you've signed up for' (arXiv:2302.12173), forged "
        "system messages; OWASP LLM01:2025 and Top 10 for Agentic Applications ASI01 (goal "
        "hijack); MITRE ATLAS AML.T0051.001",
        pattern=_bytes_safe(
            rf"(?:{_FRAME}(?:{_UPDATE})|{_SELF_FRAMED}){_GAP}(?:{_ci(_bytes_safe(_ORDER))}|{_ci(_bytes_safe(_MORE))})"
        ),
        anchors=(
            r"system\s+update",
            r"systemupdate",
            r"system\s*aktualisierung",
            r"systeemupdate",
            r"systemoppdatering",
            r"systemopdatering",
            r"systemuppdatering",
            r"syst\?m\s+aktualiz",
            r"syst\?mov\?\s+aktualiz",
            r"aktualizace\s+syst",
            r"aktualiz\?cia\s+syst",
            r"aktualizacja\s+systemu",
            r"p\?eps\?n\?\s+syst",
            r"mise\s+\?\s+jour",
            r"actualizaci\?n\s+del\s+sistema",
            r"atualiza\?\?o\s+do\s+sistema",
            r"aggiornamento\s+d",
            r"actualizare",
            r"rendszerfriss",
            r"rendszermegjegyz",
            r"rendszer\?zenet",
            r"j\?rjestelm\?",
            r"sistem\s+g\?ncelle",
            r"s\?stem\s+g\?ncelle",
            r"pembaruan\s+sistem",
            r"kemas\s+kini\s+sistem",
            r"c\?p\s+nh\?t\s+h\?\s+th\?ng",
            r"update\s+ng\s+sistema",
            r"sasisho\s+la\s+mfumo",
            r"\[\s*system\s*:",
            r"agent\s+instruction",
            r"agent\s+directive",
            r"agentinstruktion",
            r"agentenanweisung",
            r"pokyn\s+pro\s+agenta",
        ),
        utf8_anchors=(
            _ci(
                r"обновление\s+системы|системное\s+обновление|оновлення\s+системи|"
                r"системне\s+оновлення|ενημέρωση\s+συστήματος",
                ascii_too=True,
            )
            + r"|עדכון\s+מערכת|تحديث\s+النظام|روزرسانی\s+سیستم|سسٹم\s+اپ|सिस्टम\s+अपडेट|"
            r"সিস্টেম\s+আপডেট|อัปเดตระบบ|系统更新|系統更新|システム更新|システムアップデート|"
            r"시스템\s*업데이트",
        ),
        window=900,
    ),
)
