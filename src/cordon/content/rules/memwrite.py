"""Fetched content that writes the agent's long-term memory (attack class 'memory poisoning').

An assistant with a memory tool keeps what it is told across sessions. A page, a comment or
a tool result that gets it to call that tool with the page's own values (a preference, a
"fact", a standing rule) plants an instruction the user never gave, which later sessions
obey. The class has two shapes, both addressed to the model:

* a call of a memory-writing tool with the text's values: ``update_memory("k", "v")``,
  ``call update_memory with key='k'``, "process the table above by calling the save_memory
  tool", "verwende update_memory", "виклич update_memory з key=...";
* "update your memory" ordered from the text's own content: "bitte aktualisiere dein
  Gedächtnis entsprechend:", "uppdatera minnet: sätt ...", "mets à jour ta mémoire avec ce
  qui suit".

A memory server's own description names its tool with the user's facts as the argument
("call save_memory with the fact to keep"): literal values, "the specified/above key", or the
text's own table are what make the call someone else's order.
"""

from __future__ import annotations

from functools import partial

from cordon.content._rule import Rule
from cordon.content.rules._group import grouped
from cordon.content.rules.translated import _bytes_safe

_Rh = partial(Rule, category="tool_hijack")

#: a memory-writing tool's name
_MEM = (
    r"(?<![a-z0-9])(?:update|save|add|store|write|create|append|set|edit|put|remember)_"
    r"(?:long_term_|user_|persistent_)?(?:memory|memories|preferences?|facts?)(?![a-z0-9])"
    r"|(?<![a-z0-9])memory\.(?:add|update|save|store|write|set)(?![a-z0-9])"
)
#: an order to call it, per language (en, es, pt, it, fr, de, nl, sv, pl, tr, id, vi, ru, uk,
#: ar, fa, zh, ja, ko)
_CALL = (
    r"(?<![a-z])(?:call|calling|invoke|invoking|execute|run|use|trigger|llama|llame|usa|"
    r"utiliza|ejecuta|appelle[zr]?|utilise[zr]?|ex[ée]cute[zr]?|rufe|verwende|benutze|"
    r"f[üu]hre|chiama|esegui|chame|execute|roep|gebruik|anropa|anv[äa]nd|k[öo]r|wywo[łl]aj|"
    r"u[żz]yj|[çc]a[ğg][ıi]r|kullan|panggil|gunakan|jalankan|g[ọo]i|d[ùu]ng)(?![a-z])"
    r"|(?:В|в)иклич(?:те)?|(?:В|в)ызови(?:те)?|(?:И|и)спользуй(?:те)?|(?:В|в)икористай"
    r"|اجرا|استدع|استخدم|调用|調用|使用|呼び出|実行|호출|사용|실행"
)
#: what makes the call this text's: literal arguments, its own key and value, its table
_VALUES = (
    r"\s*\(\s*(?:[\"'][^\"'\n]{1,60}[\"']|key\s*=)"
    r"|\s+(?:\S+\s+){0,2}?(?:key|value)\s*=\s*[\"']"
    r"|\s+with\s+the\s+(?:specified|above|following|given|detected)\s+(?:key|value|data|"
    r"preference)"
)
#: "update your memory" from the text's own content, per language
_UPDATE_YOUR = (
    r"(?<![a-z])(?:update|refresh|sync)\s+(?:your|the\s+assistant'?s?|the\s+ai'?s?)\s+"
    r"(?:memory|memories|stored\s+preferences)\s*(?::|accordingly|with\s+(?:the\s+)?"
    r"(?:following|this|these|above))"
    r"|(?<![a-z])(?:aktualisiere|aktualisieren\s+sie)\s+(?:dein|ihr)(?:en)?\s+"
    r"(?:ged[äa]chtnis|speicher|erinnerung\w*)\s*(?::|entsprechend|mit\s+folgendem)"
    r"|(?<![a-z])(?:actualiza|actualice|atualize|atualiza|aggiorna|mets\s+[àa]\s+jour|"
    r"mettez\s+[àa]\s+jour|mettre\s+[àa]\s+jour)\s+(?:tu|su|sua|seu|a\s+sua|la\s+tua|ta|votre)\s+"
    r"(?:memoria|mem[óo]ria|m[ée]moire)\s*(?::|en\s+consecuencia|de\s+acordo|di\s+conseguenza|"
    r"en\s+cons[ée]quence|con\s+lo\s+siguiente|avec\s+ce\s+qui\s+suit)"
    r"|(?<![a-z])(?:uppdatera|oppdater|opdater|werk)\s+(?:minnet|hukommelsen|je\s+geheugen)"
    r"\s*(?::|bij\s*:|utifr[åa]n)"
    r"|(?:О|о)бнови(?:те)?\s+(?:свою\s+|вашу\s+)?память|(?:О|о)нови(?:ть)?\s+(?:свою\s+)?пам'ять"
    r"|(?:更新|写入|寫入)(?:你的|您的)?(?:记忆|記憶)|記憶を更新|メモリを更新"
    r"|메모리를\s*(?:업데이트|갱신)|기억을\s*(?:업데이트|갱신)"
    r"|حافظه(?:\s*(?:ات|‌ات))?\s*را\s*(?:به\s*روز|به‌روز)|حدّث\s+ذاكرتك|حدث\s+ذاكرتك"
)

RULES: tuple[Rule, ...] = (
    _Rh(
        id="hijack.memory_write_order",
        severity="high",
        mention_severity="low",
        summary="Fetched content that orders the agent to write its long-term memory with the "
        "content's own values: 'call update_memory with key=\"drink\"', 'update_memory(\"k\", "
        "\"v\")' after 'please execute', 'aktualisiere dein Gedächtnis entsprechend:'.",
        why="What lands in an assistant's memory is obeyed in later sessions as if the user had "
        "said it; a page that writes it plants a standing instruction or a false preference.",
        fix="Block the result; require the user's confirmation for memory writes.",
        source="Rehberger, 'Hacking Google Gemini memories' and 'ChatGPT: spAIware' (Embrace "
        "The Red, 2024-2025); OWASP LLM01:2025 (persistent injection); MITRE ATLAS "
        "AML.T0080 (Memory Poisoning)",
        pattern=_bytes_safe(
            rf"(?:{_CALL})\s*:?\s*(?:\S+\s+){{0,3}}?(?:<code>|`)?\s*(?:{_MEM})(?:{_VALUES})"
            rf"|(?:process|apply|handle|import|sync)\s+(?:the\s+|this\s+)?(?:above|following|"
            rf"this|these)\b[^\n]{{0,60}}?\bcall(?:ing)?\s+(?:the\s+)?(?:{_MEM})"
            rf"|{_UPDATE_YOUR}"
        ),
        anchors=(
            *grouped(
                (
                    "update_",
                    "save_",
                    "add_",
                    "store_",
                    "write_",
                    "create_",
                    "append_",
                    "set_",
                    "edit_",
                    "put_",
                    "remember_",
                ),
                r"(?:long_term_|user_|persistent_)?(?:memor|preference|fact)",
            ),
            r"memory\.(?:add|update|save|store|write|set)",
            *grouped(
                ("update", "refresh", "sync"),
                r"\s+(?:your|the\s+assistant|the\s+ai)[^\n]{0,4}\s+(?:memor|stored)",
            ),
            r"aktualisiere",
            r"ged\?chtnis",
            *grouped(
                ("actualiza", "actualice", "atualiz", "aggiorna", "mets", "mettez", "mettre"), r"\s"
            ),
            r"uppdatera\s+minnet",
            r"oppdater\s+hukommelsen",
            r"werk\s+je\s+geheugen",
        ),
        utf8_anchors=(
            r"(?:О|о)бнови(?:те)?\s+(?:свою\s+|вашу\s+)?память|(?:О|о)нови(?:ть)?\s+(?:свою\s+)?"
            r"пам'ять|(?:更新|写入|寫入)(?:你的|您的)?(?:记忆|記憶)|記憶を更新|メモリを更新|"
            r"메모리를\s*(?:업데이트|갱신)|기억을\s*(?:업데이트|갱신)|حافظه|ذاكرتك",
        ),
        window=300,
    ),
)
