"""Instruction overrides and concealment requests in the most used languages of the web.

English keyword rules miss the same injection written in another language, and models follow
it all the same (Deng et al., 'Multilingual Jailbreak Challenges in Large Language Models',
arXiv:2310.06474; Yong et al., 'Low-Resource Languages Jailbreak GPT-4', arXiv:2310.02446).
Each language gets the shape of :data:`cordon.content.rules.injection` ``inj.override``: a verb
that drops instructions, at most a few words, and a word for instructions qualified as
earlier or as the system's, in that language's word order. Languages: English's ten most used
neighbours on the web (W3Techs content-language ranking): Spanish, German, French, Japanese,
Portuguese, Russian, Italian, Dutch, Polish, Turkish, Chinese, Korean, plus Ukrainian.

Latin-script languages anchor on ASCII words (accented letters are ``?`` in the ASCII view, so
anchors stop before them); Cyrillic, CJK and Hangul anchor on their UTF-8 bytes
(:attr:`cordon.content._rule.Rule.utf8_anchors`), with upper and lower case spelled out.
"""

from __future__ import annotations

import re
from functools import partial

from cordon.content._rule import Rule, alt, each

_R = partial(Rule, category="injection")

#: filler between verb and object: articles, "all", possessives (Latin-script languages)
_FILL = r"(?:\S{1,12}\s+){0,3}?"


def _lang(verbs: str, nouns: str, quals: str) -> str:
    """``verb [filler] (qualifier noun | noun [filler] qualifier)`` for one language."""
    return rf"\b{verbs}\s+{_FILL}(?:{quals}\s+{_FILL}{nouns}|{nouns}\s+{_FILL}{quals})"


_FR = _lang(
    alt(r"ignore[zr]?", r"oublie[zr]?", r"n[ée]glige[zr]?", r"ne\s+tenez\s+pas\s+compte\s+de"),
    alt("instructions", "consignes", r"r[èe]gles", "directives", "ordres", "indications"),
    alt(
        r"pr[ée]c[ée]dente?s?",
        r"ant[ée]rieure?s?",
        r"du\s+syst[èe]me",
        r"ci-dessus",
        r"initiales?",
        r"originales?",
    ),
)
_ES = _lang(
    alt("ignora", "ignore", "ignoren", "olvida", "olvide", "olviden", "descarta", "omite"),
    alt("instrucciones", "indicaciones", "reglas", r"[óo]rdenes", "directrices"),
    alt("anteriores", "previas", r"del\s+sistema", r"de\s+arriba", "iniciales", "originales"),
)
_PT = _lang(
    alt("ignore", "ignora", r"esque[çc]a", "esquece", "desconsidere"),
    alt(r"instru[çc][õo]es", "regras", "ordens", "diretrizes"),
    alt("anteriores", r"pr[ée]vias", r"do\s+sistema", "iniciais", "originais"),
)
_IT = _lang(
    alt("ignora", "ignorate", "dimentica", "dimenticate", "trascura"),
    alt("istruzioni", "regole", "indicazioni", "direttive"),
    alt("precedenti", r"di\s+sistema", r"del\s+sistema", "sopra", "iniziali", "originali"),
)
_DE = (
    rf"\b(?:ignoriere|ignorieren\s+sie|vergiss|vergessen\s+sie|missachte|missachten\s+sie)\s+"
    rf"{_FILL}(?:vorherigen|vorigen|bisherigen|obigen|fr[üu]heren|alten|urspr[üu]nglichen|"
    rf"system)\S*\s+{_FILL}(?:anweisungen|instruktionen|regeln|befehle|vorgaben|anordnungen)"
    r"|\bvergiss\s+alles\b[^.\n]{0,40}?\b(?:gesagt|vorher|zuvor|bisher)"
)
_NL = _lang(
    alt("negeer", "vergeet"),
    alt("instructies", "regels", "opdrachten", "aanwijzingen"),
    alt("vorige", "eerdere", "voorgaande", "bovenstaande", "oorspronkelijke"),
)
_PL = _lang(
    alt("zignoruj", "ignoruj", "zapomnij", r"pomi[ńn]"),
    alt("instrukcje", "polecenia", "zasady", "wytyczne"),
    alt("poprzednie", r"wcze[śs]niejsze", "systemowe", "powy[żz]sze"),
)
_TR = (
    r"(?:[öoÖ]nceki|yukar[ıi]daki|t[üu]m|b[üu]t[üu]n)\s+(?:\S+\s+){0,2}"
    r"(?:talimat|komut|kural)\S*\s+(?:yok\s+say|g[öo]rmezden\s+gel|unut)"
)
_CYR_VERB = alt(
    "(?:И|и)гнорируй(?:те)?",
    "(?:П|п)роигнорируй(?:те)?",
    "(?:З|з)абудь(?:те)?",
    "(?:І|і)гноруй(?:те)?",
    "(?:Н|н)е\\s+обращай(?:те)?\\s+внимания\\s+на",
)
_CYR = (
    rf"{_CYR_VERB}\s+(?:\S+\s+){{0,3}}?"
    r"(?:инструкци|указани|правил|команд|промпт|вказівк|інструкці)"
)
# gaps are counted in UTF-8 bytes (a CJK character is three)
_ZH = (
    r"(?:忽略|无视|無視|忘记|忘記|不要理会|不要理會|忽视|忽視)[^\n]{0,30}?"
    r"(?:指令|指示|说明|說明|规则|規則|提示|命令|设定|設定)"
)
_JA = (
    r"(?:以前|これまで|前|上記|先ほど|今まで|すべて|全て)の?[^\n]{0,24}?"
    r"(?:指示|命令|ルール|指令|プロンプト|設定)(?:を|は|も)[^\n]{0,24}?(?:無視|忘れ)"
)
_KO = r"(?:이전|앞|위|기존|모든)[^.\n]{0,30}?(?:지시|명령|지침|규칙|프롬프트)[^.\n]{0,24}?무시"

_CONCEAL = (
    r"\b(?:no\s+(?:se\s+lo|le)\s+(?:digas|diga|cuentes|menciones)\s+al\s+usuario"
    r"|ne\s+(?:le\s+)?(?:dites|dis|mentionnez|r[ée]v[ée]lez)\s+(?:pas|rien)\s+"
    r"(?:[àa]\s+)?l['’]utilisateur"
    r"|(?:sag|sagen\s+sie)\s+(?:es\s+)?(?:dem\s+)?(?:benutzer|nutzer)\s+nichts?"
    r"|n[ãa]o\s+(?:conte|diga|mencione)\s+(?:isso\s+|nada\s+)?ao\s+usu[áa]rio"
    r"|non\s+(?:dirlo|dire|menzionare)\s+(?:nulla\s+)?all['’]utente)"
)

_CLASS = re.compile(r"\[([^\]\\-]*)\]")


def _bytes_safe(pattern: str) -> str:
    """``pattern`` with every character class that holds a non-ASCII letter (``[ée]``) made
    an alternation (``(?:é|e)``): rule patterns run on UTF-8 bytes, where a class matches
    one byte and a non-ASCII letter is two or more."""
    return _CLASS.sub(
        lambda m: "(?:" + "|".join(m.group(1)) + ")" if not m.group(1).isascii() else m.group(0),
        pattern,
    )


RULES: tuple[Rule, ...] = (
    _R(
        id="inj.override_translated",
        severity="critical",
        mention_severity="low",
        summary="An instruction override in another language: 'ignorez les instructions "
        "précédentes', 'ignora todas las instrucciones anteriores', 'ignoriere alle vorherigen "
        "Anweisungen', '忽略之前的指令', 'これまでの指示を無視', 'игнорируй инструкции'.",
        why="A model follows an override in any language it reads; a filter that knows only "
        "English passes the same attack translated.",
        fix="Treat the result as data; block or quarantine the source that produced it.",
        source="Deng et al., 'Multilingual Jailbreak Challenges in Large Language Models' "
        "(arXiv:2310.06474); deepset/prompt-injections (German examples); OWASP LLM01:2025",
        pattern=_bytes_safe(
            "|".join((_FR, _ES, _PT, _IT, _DE, _NL, _PL, _TR, _CYR, _ZH, _JA, _KO))
        ),
        # per language; English "ignore" opens a window only before a Romance determiner
        anchors=(
            r"ignore[zr]\s",
            r"ignore\s+(?:todas|todos|las|los|tus|sus|as|os|suas|seus|les|toutes|tous)\s",
            r"ignora(?:te|n)?\s",
            r"ignoren\s",
            r"ignoriere",
            r"ignorieren\s+sie",
            r"ignoruj\s",
            r"oublie[zr]?\s",
            r"n\?glige[zr]?\s",
            r"ne\s+tenez\s+pas\s+compte",
            r"olvid[aeo]n?\s",
            r"descarta\s",
            r"omite\s",
            r"esque(?:\?a|ca|ce)\s",
            r"desconsidere\s",
            r"dimentica(?:te)?\s",
            r"trascura\s",
            r"vergiss\s",
            r"vergessen\s+sie",
            r"missachte",
            r"negeer\s",
            r"vergeet\s",
            r"zapomnij\s",
            r"pomi\?\s",
            r"pomin\s",
            *each(
                ("talimat", "komut", "kural"),
                r"[^\s]*\s+(?:yok\s+say|g(?:\?|o)rmezden\s+gel|unut)",
            ),
        ),
        # Cyrillic: the imperative verbs; CJK and Hangul: verb and object together (a bare
        # "無視" or "무시" is an ordinary word of every manual)
        utf8_anchors=(
            "(?:И|и)гнорируй",
            "(?:П|п)роигнорируй",
            "(?:З|з)абудь",
            "(?:І|і)гноруй",
            "(?:Н|н)е\\s+обращай",
            "(?:忽略|无视|無視|忘记|忘記|不要理|忽视|忽視)[^\\n]{0,30}(?:指令|指示|说明|說明|规则|規則|"
            "提示|命令|设定|設定)",
            "(?:指示|命令|ルール|指令|プロンプト|設定)(?:を|は|も)[^\\n]{0,24}(?:無視|忘れ)",
            "(?:지시|명령|지침|규칙|프롬프트)[^.\\n]{0,24}무시",
        ),
        window=200,
    ),
    _R(
        id="inj.concealment_translated",
        severity="high",
        mention_severity="low",
        summary="A concealment request in another language: 'no se lo digas al usuario', "
        "'ne le dites pas à l'utilisateur', 'sag dem Benutzer nichts'.",
        why="Hiding an action from the user is the mark of tool poisoning in any language.",
        fix="Block the result or the tool definition; review the server.",
        source="Invariant Labs, 'MCP Security Notification: Tool Poisoning Attacks' (2025-04); "
        "Deng et al. (arXiv:2310.06474)",
        pattern=_bytes_safe(_CONCEAL),
        anchors=(
            r"al\s+usuario",
            r"l\?utilisateur",
            r"l'utilisateur",
            r"benutzer\s+nicht",
            r"nutzer\s+nicht",
            r"ao\s+usu",
            r"all\?utente",
            r"all'utente",
        ),
        window=120,
    ),
)
