"""Per-language lexicons for :mod:`cordon.content.rules.polyglot`, one table per attack class.

Each table maps a language to a regular expression (lower-case where the script has case: the
scanner lower-cases ASCII letters and :func:`cordon.content.rules.multilingual._nfkc` spells
the other scripts' capitals). Verbs are imperatives (the forms an order takes; for Turkish and
Hindi the verb-final forms), nouns are the agent's own objects, so a manual's third person
("la opción envía el archivo") or its nouns ("die Antwort", "el agente ssh") meet no partner.

Languages: Spanish, Portuguese, French, German, Italian, Dutch, Polish, Turkish, Russian,
Ukrainian, Serbian/Croatian (both scripts), Indonesian/Malay, Vietnamese, Chinese, Japanese,
Korean, Arabic, Persian, Hindi.
"""

from __future__ import annotations

#: who injected text turns to: the AI agent or assistant named as such (a bare "agent" is a
#: man page's ssh-agent or gpg-agent), or "for the agent" before a colon
AI_ADDRESS: dict[str, str] = {
    "es": r"(?:agentes?|asistentes?|modelos?)\s+(?:de\s+)?(?:ia|ai|lenguaje)\b|agentes?\s+"
    r"(?:automatizados?|aut[óo]nomos?)|(?:instrucciones|nota|mensaje|aviso)\s+para\s+(?:el|la|"
    r"los)\s+(?:agente|asistente|modelo|ia)s?\b",
    "pt": r"(?:agentes?|assistentes?|modelos?)\s+(?:de\s+)?(?:ia|ai|linguagem)\b|agentes?\s+"
    r"(?:automatizados?|aut[ôo]nomos?)|(?:instru[çc][õo]es|nota|mensagem|aviso)\s+(?:\S+\s+)?"
    r"para\s+(?:o|a|os)\s+(?:agente|assistente|modelo|ia)s?\b",
    "fr": r"(?:agents?|assistants?|mod[èe]les?)\s+(?:d['’]\s*)?(?:ia|ai)\b|agents?\s+"
    r"(?:automatis[ée]s|autonomes?)|(?:instructions|note|message|consignes?)\s+(?:\S+\s+)?"
    r"(?:pour|[àa])\s+l['’]\s*(?:agent|assistant|ia|mod[èe]le)\b",
    "de": r"(?:ki|ai)-?(?:agent(?:en)?|assistent(?:en)?|modell)\b|(?:ki|ai)\s+(?:agent|"
    r"assistent)(?:en)?\b|(?:anweisung(?:en)?|hinweis|nachricht|notiz)\s+(?:f[üu]r|an)\s+"
    r"(?:den|die|alle)\s+(?:agenten|assistenten|ki|modell)\b",
    "it": r"(?:agenti|agente|assistente|assistenti|modello)\s+(?:di\s+)?(?:ia|ai)\b|agenti?\s+"
    r"(?:automatic[io]|autonom[io])|(?:istruzioni|nota|messaggio)\s+per\s+(?:l['’]\s*)?"
    r"(?:agente|assistente|ia|modello)\b",
    "nl": r"(?:ai|ki)-?(?:agent(?:en)?|assistent(?:en)?|model)\b|(?:ai|ki)\s+(?:agent|assistent)"
    r"(?:en)?\b|(?:instructies|opmerking|bericht)\s+voor\s+(?:de\s+)?(?:agent|assistent|ai)\b",
    "pl": r"(?:agen(?:t|ci|cie|cie\s+ai)|asystenc?(?:ie|i|\b)|asystent|model)\w*\s+(?:ai|si)\b|"
    r"(?:instrukcje|uwaga|wiadomo[śs][ćc])\s+dla\s+(?:agenta|asystenta|ai|modelu)\b",
    "tr": r"(?:yapay\s+zek[âa]|ai|yz)\s+(?:asistan|ajan|model)\S*|(?:talimat|not|mesaj)\S*\s+"
    r"(?:\S+\s+)?(?:ajan|asistan|yapay\s+zek[âa])\S*\s+i[çc]in",
    "ru": r"(?:ии|ИИ|ai)[\s-]*(?:агент|ассистент|помощник|модел)\S*|(?:инструкци|указани|"
    r"сообщени|заметк)\S*\s+для\s+(?:ии|ИИ|агента|ассистента|модели)",
    "uk": r"(?:ші|ШІ|ai)[\s-]*(?:агент|асистент|помічник|модел)\S*|(?:інструкці|вказівк|"
    r"повідомлен|нотатк)\S*\s+для\s+(?:ші|ШІ|агента|асистента|моделі)",
    "sr": r"(?:ai|vi)[\s-]*(?:agent|asistent|model)\w*|(?:ai|ви)[\s-]*(?:агент|асистент|"
    r"модел)\S*",
    "id": r"(?:agen|asisten|model)\s+(?:ai|ia)\b|(?:instruksi|catatan|pesan)\s+(?:untuk|bagi)\s+"
    r"(?:agen|asisten|ai|model)\b",
    "vi": r"(?:tr[ợo]\s+l[ýy]|t[áa]c\s+t[ửu]|agent|m[ôo]\s+h[ìi]nh)\s+(?:ai|ảo)\b|(?:h[ướu][ớo]ng"
    r"\s+d[ẫa]n|ghi\s+ch[úu]|l[ưu]u\s+[ýy])\s+(?:cho|d[àa]nh\s+cho)\s+(?:tr[ợo]\s+l[ýy]|agent|ai)",
    "zh": r"(?:ai|人工智能|智能)\s*(?:助手|代理|智能体|智能體|模型|agent)|致\s*(?:助手|代理|智能体|智能體)",
    "ja": r"(?:ai|人工知能)\s*(?:エージェント|アシスタント|モデル)|(?:エージェント|アシスタント)(?:へ|に)"
    r"(?:の(?:指示|注意|お願い))?\s*:",
    "ko": r"(?:ai|인공지능)\s*(?:에이전트|어시스턴트|비서|모델)|(?:에이전트|어시스턴트)(?:에게|님)\s*[:,]",
    "ar": r"(?:وكيل|مساعد|نموذج)\s+(?:ال)?ذكاء\s+(?:ال)?اصطناعي|(?:أيها|ايها)\s+(?:الوكيل|"
    r"المساعد|النموذج)",
    "fa": r"(?:عامل|دستیار|مدل)\s+هوش\s+مصنوعی|(?:دستورالعمل|یادداشت|پیام)\s+(?:برای|به)\s+"
    r"(?:عامل|دستیار|مدل)",
    "hi": r"(?:एआई|ai)\s*(?:एजेंट|सहायक|असिस्टेंट|मॉडल)|(?:एजेंट|सहायक)\s+के\s+लिए\s+"
    r"(?:निर्देश|नोट)",
}

#: orders with a consequence outside the conversation: run, send, upload, read, print, delete,
#: open or fetch, download or install, add or attach, copy, call, collect, publish, reveal
ACT: dict[str, str] = {
    "es": r"ejecut[ae]|corre|lanza|env[íi][ae]|mand[ae]|reenv[íi][ae]|sub[ae]|lee|lea|imprim[ae]|"
    r"muestr[ae]|borr[ae]|elimin[ae]|abr[ae]|visit[ae]|acced[ae]|descarg(?:a|ue)|instal[ae]|"
    r"a[ñn]ad[ae]|agreg(?:a|ue)|incluy[ae]|adjunt[ae]|copi[ae]|compart[ae]|llam[ae]|"
    r"invoc(?:a|que)|recopil[ae]|publi(?:ca|que)|escrib[ae]|guard[ae]|revel[ae]|peg(?:a|ue)|"
    r"verific(?:a|que)|comprueb[ae]|obt[ée]n|obtenga|consult[ae]|carg(?:a|ue)|re[úu]n[ae]|"
    # an order with its object attached: 'envíalos', 'súbelo', 'añádelos', 'ejecútalo'
    r"(?:env[íi]a|s[úu]be|a[ñn][áa]de|ejec[úu]ta|incl[úu]ye|m[áa]nda|reenv[íi]a|agr[ée]ga|"
    r"adj[úu]nta|c[óo]pia|p[ée]ga|gu[áa]rda|[áa]bre|l[ée]e|desc[áa]rga|c[áa]rga|rec[óo]pila|"
    r"comp[áa]rte|mu[ée]stra|impr[íi]me|b[óo]rra|elim[íi]na|obt[ée]n|re[úu]ne)"
    r"(?:l[oa]s?|me|nos|sel[oa]s?)|"
    # the plural address
    r"ejecuten|env[íi]en|suban|lean|abran|borren|eliminen|descarguen|instalen|a[ñn]adan|"
    r"agreguen|incluyan|adjunten|copien|llamen|peguen|"
    # "te ordeno que envíes": the order in the subjunctive
    r"env[íi]es|ejecutes|borres|elimines|subas|reenv[íi]es|muestres|reveles|abras|descargues|"
    r"compartas|incluyas|adjuntes|copies|pegues|publiques|llames|instales",
    "pt": r"execute|executa|rode|roda|envie|envia|mande|carregue|leia|imprima|mostre|exiba|"
    r"apague|exclua|remova|abra|acesse|visite|baixe|instale|adicione|inclua|anexe|copie|"
    r"compartilhe|chame|invoque|colete|publique|escreva|salve|revele|cole|verifique|obtenha|"
    r"busque|consulte|re[úu]na|junte|"
    # the plural address ('Agentes de IA ...: executem ...')
    r"executem|enviem|rodem|leiam|abram|apaguem|baixem|instalem|adicionem|incluam|anexem|"
    r"copiem|chamem|colem",
    "fr": r"ex[ée]cutez?|lancez?|envoie|envoyez|transmets|transmettez|t[ée]l[ée]versez?|lis|lisez|"
    r"affichez?|imprimez?|supprimez?|effacez?|ouvrez?|visitez?|t[ée]l[ée]chargez?|installez?|"
    r"ajoutez?|inclus|incluez|joins|joignez|copiez?|partagez?|appelle|appelez|collectez?|"
    r"publiez?|[ée]cris|[ée]crivez|r[ée]v[èe]le|r[ée]v[ée]lez|collez?|v[ée]rifiez?|"
    r"r[ée]cup[èe]re|r[ée]cup[ée]rez|chargez?|consultez?|rassemblez?|r[ée]unis|r[ée]unissez|"
    # "je t'ordonne que tu envoies"
    r"envoies|ex[ée]cutes|supprimes|ouvres|t[ée]l[ée]charges|partages|copies|publies",
    "de": r"f[üu]hre|f[üu]hren\s+sie|sende|senden\s+sie|schicke?|lade|laden\s+sie|lies|lesen\s+sie|"
    r"gib|geben\s+sie|zeige?|drucke|l[öo]sche|l[öo]schen\s+sie|entferne|[öo]ffne|[öo]ffnen\s+sie|"
    r"besuche|rufe|rufen\s+sie|f[üu]ge|f[üu]gen\s+sie|h[äa]nge|installiere|kopiere|teile|"
    r"ver[öo]ffentliche|schreibe|sammle|[üu]bermittle|leite|pr[üu]fe|"
    # the plural address ('KI-Agenten, ... führt ... aus')
    r"hochladen|hoch(?=\s+(?:nach|auf|zu|an|unter)\s)|"
    r"f[üu]hrt|sendet|schickt|ladet|lest|gebt|zeigt|l[öo]scht|[öo]ffnet|ruft|f[üu]gt|kopiert|"
    r"sammelt|pr[üu]ft|h[äa]ngt",
    "it": r"esegui|eseguite|lancia|invia|inviate|manda|carica|leggi|stampa|mostra|elimina|"
    r"cancella|apri|visita|scarica|installa|aggiungi|includi|allega|copia|condividi|chiama|"
    r"raccogli|pubblica|scrivi|rivela|incolla|verifica|recupera|ottieni|"
    r"(?:invia|aggiungi|esegui|carica|manda|apri|includi|allega|copia|scrivi|leggi|raccogli)"
    r"(?:l[oaie]|gli[eo]?l[oaie]|mel[oaie])",
    "nl": r"voer|draai|stuur|verstuur|upload|lees|toon|print|verwijder|wis|open|bezoek|download|"
    r"installeer|voeg|kopieer|deel|roep|verzamel|publiceer|schrijf|plak|controleer",
    "pl": r"(?:uruchom|wykonaj|odpal|wy[śs]lij|prze[śs]lij|za[łl]aduj|wgraj|przeczytaj|odczytaj|"
    r"wypisz|wy[śs]wietl|poka[żz]|usu[ńn]|skasuj|otw[óo]rz|odwied[źz]|pobierz|zainstaluj|dodaj|"
    r"do[łl][ąa]cz|skopiuj|udost[ęe]pnij|wywo[łl]aj|zbierz|opublikuj|napisz|ujawnij|wklej|"
    r"sprawd[źz]|zapisz|zapami[ęe]taj)(?:cie)?|u[żz]yj(?:cie)?\s+narz[ęe]dzia",
    "tr": r"(?:[çc]al[ıi][şs]t[ıi]r|y[üu]r[üu]t|g[öo]nder|y[üu]kle|ilet|oku|yazd[ıi]r|g[öo]ster|"
    r"sil|ziyaret\s+et|indir|ekle|kopyala|payla[şs]|[çc]a[ğg][ıi]r|topla|derle|yay[ıi]nla|"
    r"yap[ıi][şs]t[ıi]r|kontrol\s+et)(?:in|iniz|[ıi]n|[ıi]n[ıi]z|un|unuz|[üu]n|[üu]n[üu]z)?",
    "ru": r"(?:выполни|запусти|отправь|перешли|загрузи|прочитай|прочти|выведи|покажи|"
    r"напечатай|удали|открой|перейди|скачай|установи|добавь|включи|приложи|скопируй|вызови|"
    r"собери|опубликуй|напиши|раскрой|вставь|проверь|получи|прикрепи)(?:те)?",
    "uk": r"(?:виконай|запусти|надішли|відправ|перешли|завантаж|прочитай|виведи|покажи|"
    r"надрукуй|видали|відкрий|перейди|встанови|додай|включи|скопіюй|виклич|збери|опублікуй|"
    r"напиши|розкрий|встав|перевір)(?:те)?",
    "sr": r"(?:izvr[šs]i|pokreni|po[šs]alji|prosledi|proslijedi|pro[čc]itaj|prika[žz]i|ispi[šs]i|"
    r"obri[šs]i|otvori|preuzmi|instaliraj|dodaj|kopiraj|pozovi|prikupi|objavi|napi[šs]i|otkrij|"
    r"presko[čc]i|provjeri|proveri)(?:te)?|(?:изврши|покрени|пошаљи|проследи|прочитај|прикажи|"
    r"испиши|обриши|отвори|преузми|инсталирај|додај|копирај|позови|прикупи|објави|напиши|"
    r"откриј|прескочи|провери)(?:те)?",
    "id": r"jalankan|eksekusi|kirim(?:kan)?|unggah|teruskan|baca|tampilkan|cetak|hapus|buka|"
    r"kunjungi|unduh|instal|pasang|tambahkan|sertakan|lampirkan|salin|bagikan|panggil|"
    r"kumpulkan|tulis|ungkapkan|tempelkan|periksa",
    "vi": r"ch[ạa]y|th[ựu]c\s+thi|th[ựu]c\s+hi[ệe]n|g[ửu]i|t[ảa]i|[đd][ọo]c|hi[ểe]n\s+th[ịi]|"
    r"in\s+ra|x[óo]a|m[ởo]|truy\s+c[ậa]p|c[àa]i\s+[đd][ặa]t|th[êe]m|[đd][íi]nh\s+k[èe]m|"
    r"sao\s+ch[ée]p|chia\s+s[ẻe]|g[ọo]i|thu\s+th[ậa]p|ti[ếe]t\s+l[ộo]|d[áa]n|ki[ểe]m\s+tra",
    "zh": r"执行|執行|运行|運行|发送|發送|上传|上傳|转发|轉發|读取|讀取|打印|输出|輸出|显示|顯示|删除|刪除|"
    r"打开|打開|访问|訪問|下载|下載|安装|安裝|添加|附加|附上|复制|複製|调用|調用|收集|发布|發布|写入|寫入|"
    r"透露|粘贴|貼上",
    "ja": r"実行|送信|送って|アップロード|転送|読んで|読み込|表示して|出力|削除|開いて|アクセスして|集めて|"
    r"収集して|取得して|取得し|postして|post\s+して|"
    r"ダウンロード|インストール|追加して|含めて|添付|コピー|呼び出|収集|公開|書き込|貼り付け",
    "ko": r"실행|보내|전송|업로드|전달|읽어|출력|표시|삭제|열어|접속|다운로드|설치|추가|포함|첨부|복사|"
    r"호출|수집|게시|작성|붙여",
    "ar": r"نفذ|نفّذ|شغل|شغّل|أرسل|ارسل|ارفع|اقرأ|اطبع|اعرض|احذف|افتح|نزل|نزّل|ثبت|ثبّت|أضف|اضف|"
    r"أرفق|انسخ|شارك|استدع|اجمع|انشر|اكتب|اكشف|الصق",
    "fa": r"اجرا\s+کن|بفرست|ارسال\s+کن|آپلود\s+کن|بخوان|چاپ\s+کن|نمایش\s+بده|حذف\s+کن|پاک\s+کن|"
    r"باز\s+کن|دانلود\s+کن|نصب\s+کن|اضافه\s+کن|پیوست\s+کن|کپی\s+کن|فراخوانی\s+کن|منتشر\s+کن|"
    r"بنویس|فاش\s+کن",
    "hi": r"चलाएँ|चलाएं|चलाओ|चलाइए|निष्पादित\s+करें|रन\s+करें|भेजें|भेजो|अपलोड\s+कर|पढ़ें|पढ़ो|"
    r"प्रिंट\s+कर|दिखाएँ|दिखाओ|हटाएँ|हटाओ|डिलीट\s+कर|खोलें|खोलो|फ़ेच\s+कर|फेच\s+कर|"
    r"डाउनलोड\s+कर|इंस्टॉल\s+कर|जोड़ें|जोड़ो|शामिल\s+कर|कॉपी\s+कर|कॉल\s+कर|चिपकाएँ",
}

#: "do not mention ... in your summary": a negated telling verb (first) or the report noun
#: (first, verb-final languages), per language: (negated verbs, report nouns, order)
CONCEAL_REPORT: dict[str, tuple[str, str, str]] = {
    "es": (
        r"(?:no|nunca)\s+(?:le\s+)?(?:menciones|mencione|digas|diga|reveles|revele|informes|"
        r"informe|comentes|comente|hables|hable|indiques|indique|reportes|reporte|avises|avise)",
        r"(?:tu|su|el|la|del|de\s+la)\s+(?:resumen|respuesta|informe|reporte|salida)|al\s+"
        r"usuario",
        "vo",
    ),
    "pt": (
        r"(?:n[ãa]o|nunca)\s+(?:mencione|mencionar|diga|revele|informe|comente|fale|relate|cite|"
        r"avise|conte)",
        r"(?:seu|sua|no|na|do|da|o|a)\s+(?:resumo|resposta|relat[óo]rio|sa[íi]da)|(?:ao?|o)\s+"
        r"usu[áa]rio",
        "vo",
    ),
    "fr": (
        r"ne\s+(?:\S+\s+)?(?:mentionne|mentionnez|dis|dites|r[ée]v[èe]le|r[ée]v[ée]lez|signale|"
        r"signalez|parle|parlez|indique|indiquez)\s+(?:pas|rien|jamais)",
        r"(?:ton|votre|ta|le|la|du|de\s+la)\s+(?:r[ée]sum[ée]|r[ée]ponse|rapport|compte\s+rendu)",
        "vo",
    ),
    "de": (
        r"(?:erw[äa]hne|erw[äa]hnen\s+sie|nenne|nennen\s+sie|sag|sage|sagen\s+sie|verrate|"
        r"berichte)\s+(?:\S+\s+){0,4}?nicht|nicht\s+(?:\S+\s+){0,2}?(?:erw[äa]hnen|nennen|"
        r"erw[äa]hnt|berichten|verraten)",
        r"(?:deine[rnm]?|ihre[rnm]?|der|die|dem)\s+(?:zusammenfassung|antwort|bericht|ausgabe)",
        "vo",
    ),
    "it": (
        r"non\s+(?:menzionare|menzionarl[oie]|dire|rivelare|riportare|parlare|citare|segnalare)",
        r"(?:tuo|tua|nel|nella|il|la)\s+(?:riassunto|risposta|rapporto|resoconto|sintesi)",
        "vo",
    ),
    "nl": (
        r"(?:vermeld|noem|zeg|meld)\s+(?:\S+\s+){0,4}?niet|niet\s+(?:vermelden|noemen|melden)",
        r"(?:je|jouw|uw|de|het)\s+(?:samenvatting|antwoord|verslag|rapport)",
        "vo",
    ),
    "pl": (
        r"nie\s+(?:wspominaj|m[óo]w|podawaj|ujawniaj|pisz|informuj|zg[łl]aszaj)",
        r"(?:podsumowani|odpowied[zź]|raport|streszczeni|u[żz]ytkownik)\S*",
        "vo",
    ),
    "tr": (
        # ('açıklama' is also "description", a man page's section; 'yazma' "writing")
        r"(?:bahsetme|s[öo]yleme|belirtme|anlatma)(?:y[ıi]n|y[ıi]n[ıi]z|"
        r"yin|yiniz)?",
        r"(?:[öo]zet|yan[ıi]t|cevap|rapor)\S*",
        "ov",
    ),
    "ru": (
        r"не\s+(?:упоминай|говори|пиши|сообщай|раскрывай|указывай)(?:те)?",
        r"(?:резюме|ответ|отч[её]т|сводк)\S*",
        "vo",
    ),
    "uk": (
        r"не\s+(?:згадуй|кажи|пиши|повідомляй|розкривай|вказуй)(?:те)?",
        r"(?:підсумк|відповід|зв[іі]т|резюме)\S*",
        "vo",
    ),
    "sr": (
        r"ne\s+(?:spominji|pominji|navodi|pi[šs]i|reci|otkrivaj|spominj[ie]te|pominj[ie]te)|"
        r"не\s+(?:помињи|спомињи|наводи|пиши|реци|откривај)(?:те)?",
        r"sa[žz]et\S*|rezime\S*|odgovor\S*|izve[šs]taj\S*|izvje[šs]taj\S*|сажет\S*|резиме|"
        r"одговор\S*|извештај\S*",
        "vo",
    ),
    "id": (
        r"jangan\s+(?:sebutkan|menyebutkan|katakan|ungkapkan|beritahu|laporkan|tulis|cantumkan)",
        r"ringkasan|jawaban|respons|laporan|balasan",
        "vo",
    ),
    "vi": (
        r"(?:đừng|không\s+được|chớ)\s+(?:đề\s+cập|nhắc|nói|ghi|tiết\s+lộ|báo\s+cáo)",
        r"tóm\s+tắt|câu\s+trả\s+lời|phản\s+hồi|báo\s+cáo",
        "vo",
    ),
    "zh": (
        r"(?:不要|别|別|切勿|请勿|請勿|勿|不得)[^\n]{0,24}?(?:提及|提到|提起|告诉|告訴|透露|说明|說明|写|寫)",
        r"摘要|总结|總結|回答|回复|回覆|答复|答覆|报告|報告",
        "cjk",
    ),
    # "do not ... in the reply ... mention": the negation, the report, then the verb
    "zh_in": (
        r"(?:不要|别|別|切勿|请勿|請勿|勿|不得)[^\n]{0,24}?(?:摘要|总结|總結|回答|回复|回覆|答复|答覆|报告|報告)"
        r"[^\n]{0,24}?(?:提及|提到|提起|告诉|告訴|透露|说明|說明|写|寫)",
        "",
        "whole",
    ),
    "ja": (
        r"(?:触れ|言及し|書か|記載し|伝え|言わ|報告し)(?:ない|ず)",
        r"要約|回答|返答|レポート|報告|まとめ",
        "ov",
    ),
    "ko": (
        r"(?:언급하지|말하지|쓰지|적지|밝히지|알리지)",
        r"요약|답변|응답|보고서|보고",
        "ov",
    ),
    "ar": (
        r"(?:لا|دون\s+أن)\s+(?:تذكر|تخبر|تكتب|تشر|تكشف|تبلغ)",
        r"(?:ال)?ملخص\S*|(?:ال)?رد\S*|(?:ال)?إجابة\S*|إجابتك|(?:ال)?تقرير\S*",
        "vo",
    ),
    "fa": (
        r"نگو|ننویس|ذکر\s+نکن|اشاره\s+نکن|نیاور",
        r"خلاصه|پاسخ|گزارش",
        "ov",
    ),
    "hi": (
        r"न\s+बताएं|न\s+बताएँ|मत\s+बताओ|उल्लेख\s+न\s+करें|ज़िक्र\s+न\s+करें|जिक्र\s+न\s+करें|न\s+लिखें|"
        r"मत\s+लिखो|उल्लेख\s+मत\s+करो",
        r"सारांश|जवाब|उत्तर|रिपोर्ट",
        "ov",
    ),
}

#: a forged grant: the requester verified or confirmed as administrator, the action already
#: approved or authorised
CLAIM: dict[str, str] = {
    "es": r"(?:verificad|confirmad|autorizad|validad|acreditad)[oa]s?\s+como\s+(?:el\s+|un\s+)?"
    r"(?:administrador|admin|root|propietario)|ya\s+(?:ha\s+sido|fue|est[áa]|han\s+sido)\s+"
    r"(?:aprobad|autorizad|verificad|validad)|(?:tiene|tienes|con)\s+(?:permisos|privilegios|"
    r"derechos)\s+de\s+(?:administrador|root|superusuario)|(?:aprobad|autorizad)[oa]s?\s+"
    r"(?:previamente|de\s+antemano|por\s+(?:el\s+)?(?:administrador|equipo\s+de\s+seguridad))",
    "pt": r"(?:verificad|confirmad|autorizad|validad)[oa]s?\s+como\s+(?:o\s+|um\s+)?"
    r"(?:administrador|admin|root|propriet[áa]rio)|j[áa]\s+(?:foi|foram|est[áa])\s+"
    r"(?:aprovad|autorizad|verificad|validad)|(?:tem|possui|com)\s+(?:permiss[õo]es|"
    r"privil[ée]gios|direitos)\s+de\s+(?:administrador|root)|(?:aprovad|autorizad)[oa]s?\s+"
    r"(?:previamente|antecipadamente|pelo\s+administrador)",
    "fr": r"(?:v[ée]rifi[ée]|confirm[ée]|authentifi[ée]|autoris[ée])e?s?\s+(?:comme\s+|en\s+tant\s+"
    r"qu['’]\s*)(?:l['’]\s*|un\s+)?(?:administrateur|admin|root|propri[ée]taire)|(?:d[ée]j[àa]|"
    r"pr[ée]alablement)\s+(?:approuv[ée]|autoris[ée]|valid[ée]|v[ée]rifi[ée])|(?:a|avec)\s+des\s+"
    r"(?:droits|privil[èe]ges)\s+(?:d['’]\s*administrateur|root)",
    "de": r"als\s+(?:administrator|admin|root|eigent[üu]mer)\s+(?:verifiziert|best[äa]tigt|"
    r"authentifiziert|autorisiert)|(?:bereits|vorab|schon)\s+(?:genehmigt|freigegeben|"
    r"autorisiert|verifiziert|best[äa]tigt)|(?:hat|mit)\s+(?:administrator|admin|root)-?"
    r"(?:rechte|rechten|privilegien)",
    "it": r"(?:verificat|confermat|autorizzat|autenticat)[oaie]\s+come\s+(?:l['’]\s*|un\s+)?"
    r"(?:amministratore|admin|root|proprietario)|gi[àa]\s+(?:stat[oaie]\s+)?(?:approvat|"
    r"autorizzat|verificat)|(?:ha|con)\s+(?:i\s+)?(?:permessi|privilegi|diritti)\s+di\s+"
    r"(?:amministratore|root)",
    "nl": r"(?:geverifieerd|bevestigd|geautoriseerd)\s+als\s+(?:de\s+)?(?:beheerder|admin|"
    r"administrator|eigenaar)|(?:al|reeds|vooraf)\s+(?:goedgekeurd|geautoriseerd|geverifieerd)|"
    r"(?:heeft|met)\s+(?:beheerders|admin|root)-?(?:rechten|privileges)",
    "pl": r"(?:zweryfikowan|potwierdzon|autoryzowan)\w*\s+jako\s+(?:administrator|admin|root|"
    r"w[łl]a[śs]ciciel)|(?:ju[żz]|wcze[śs]niej)\s+(?:zatwierdzon|autoryzowan|zweryfikowan)\w*|"
    r"(?:ma|z)\s+uprawnieniami\s+(?:administratora|roota)",
    "tr": r"(?:y[öo]netici|admin|root)\s+olarak\s+(?:do[ğg]rulan|onaylan|yetkilendiril)\S*|"
    r"(?:zaten|[öo]nceden)\s+(?:onayland|yetkilendirild|do[ğg]ruland)\S*|(?:y[öo]netici|root)\s+"
    r"(?:yetki|ayr[ıi]cal[ıi]k)\S*\s+(?:var|sahip)",
    "ru": r"(?:подтвержд|верифицирова|авторизова)\S*\s+(?:\S+\s+)?как\s+(?:администратор|админ|"
    r"root|владел)\S*|уже\s+(?:одобрен|утвержд[её]н|авторизован|проверен|подтвержд[её]н)\S*|"
    r"(?:есть|имеет|с)\s+(?:права|правами|привилеги)\S*\s+(?:администратора|root)",
    "uk": r"(?:підтвердж|верифікова|авторизова)\S*\s+(?:\S+\s+)?як\s+(?:адміністратор|адмін|root|"
    r"власник)\S*|(?:вже|уже)\s+(?:схвален|затверджен|авторизован|перевірен|підтверджен)\S*|"
    r"(?:має|з)\s+(?:права|правами)\s+(?:адміністратора|root)",
    "sr": r"(?:potvr[đd]en|verifikovan|autorizovan)\S*\s+(?:\S+\s+)?(?:je\s+)?kao\s+"
    r"(?:administrator|admin|root|vlasnik)|(?:потврђен|верификован|ауторизован)\S*\s+(?:\S+\s+)?"
    r"(?:је\s+)?као\s+(?:администратор|админ|root|власник)|(?:ve[ćc]|већ)\s+(?:odobren|одобрен)\S*",
    "id": r"(?:diverifikasi|dikonfirmasi|diotorisasi)\s+sebagai\s+(?:administrator|admin|root|"
    r"pemilik)|sudah\s+(?:disetujui|diotorisasi|diverifikasi|diizinkan)|(?:memiliki|punya|dengan)"
    r"\s+(?:hak|akses|izin)\s+(?:administrator|admin|root)",
    "vi": r"(?:đã\s+được\s+)?(?:xác\s+minh|xác\s+nhận|ủy\s+quyền)\s+(?:là|với\s+tư\s+cách)\s+"
    r"(?:quản\s+trị\s+viên|admin|root)|đã\s+được\s+(?:phê\s+duyệt|chấp\s+thuận|ủy\s+quyền|cho\s+phép)|"
    r"(?:có|với)\s+quyền\s+(?:quản\s+trị|admin|root)",
    "zh": r"(?:已|已经|已經)(?:被)?(?:验证|驗證|确认|確認|认证|認證|批准|授权|授權)(?:为|為)?(?:管理员|管理員)?|"
    r"(?:拥有|擁有|具有)(?:管理员|管理員|root)(?:权限|權限)",
    "ja": r"管理者(?:として|と)(?:確認|認証|承認)|(?:既に|すでに|事前に)(?:承認|許可|認証|確認)(?:済み|され)|"
    r"管理者権限(?:を持|があ)",
    "ko": r"관리자로\s*(?:확인|인증|승인)|(?:이미|사전에)\s*(?:승인|허가|인증|확인)(?:되|됨|된)|"
    r"관리자\s*권한(?:이|을)\s*(?:있|가지)",
    "ar": r"(?:تم\s+)?(?:التحقق|تأكيد|التأكد)\s+(?:من\S*\s+)?(?:\S+\s+)?(?:ك|بصفته\s+)(?:مسؤول|مدير)|"
    r"(?:تمت|تم)\s+(?:الموافقة|الترخيص)\s+(?:عليه|مسبقا|مسبقًا)|صلاحيات\s+(?:المسؤول|المدير)",
    "fa": r"(?:به\s+عنوان|بعنوان)\s+(?:مدیر|ادمین)\s+(?:تأیید|احراز)|(?:قبلا|قبلاً|از\s+قبل)\s+"
    r"(?:تأیید|مجاز)|دسترسی\s+(?:مدیر|ادمین|روت)",
    "hi": r"(?:व्यवस्थापक|एडमिन|प्रशासक)\s+के\s+रूप\s+में\s+(?:सत्यापित|पुष्टि)|(?:पहले\s+(?:से|ही)|"
    r"पहले)\s+(?:स्वीकृत|अनुमोदित|सत्यापित)|(?:एडमिन|व्यवस्थापक)\s+(?:अधिकार|अनुमति)",
}

#: skip the checks: verification, confirmation, security checks, approval
SKIP: dict[str, str] = {
    "es": r"(?:omite|omita|salta|salte|s[áa]ltate|ignora|ignore|desactiva|desactive|evita|evite|"
    r"prescinde|prescinda)\s+(?:\S+\s+){0,3}?(?:verificaci[óo]n|verificaciones|confirmaci[óo]n|"
    r"comprobaci[óo]n|comprobaciones|controles|autenticaci[óo]n|aprobaci[óo]n|validaci[óo]n)|"
    r"sin\s+(?:pedir|solicitar|requerir|esperar)\s+(?:\S+\s+)?(?:confirmaci[óo]n|aprobaci[óo]n|"
    r"verificaci[óo]n|permiso)|no\s+(?:pidas|pida|solicites|solicite)\s+(?:\S+\s+)?"
    r"(?:confirmaci[óo]n|aprobaci[óo]n|permiso)",
    "pt": r"(?:pule|ignore|desative|evite|dispense|salte)\s+(?:\S+\s+){0,3}?(?:verifica[çc][ãa]o|"
    r"verifica[çc][õo]es|confirma[çc][ãa]o|checagens?|controles|autentica[çc][ãa]o|"
    r"aprova[çc][ãa]o|valida[çc][ãa]o)|sem\s+(?:pedir|solicitar|exigir|esperar)\s+(?:\S+\s+)?"
    r"(?:confirma[çc][ãa]o|aprova[çc][ãa]o|permiss[ãa]o)|n[ãa]o\s+(?:pe[çc]a|solicite)\s+"
    r"(?:\S+\s+)?(?:confirma[çc][ãa]o|aprova[çc][ãa]o|permiss[ãa]o)",
    "fr": r"(?:saute|sautez|ignore|ignorez|d[ée]sactive|d[ée]sactivez|contourne|contournez|"
    r"[ée]vite|[ée]vitez|passe|passez)\s+(?:\S+\s+){0,3}?(?:v[ée]rification|v[ée]rifications|"
    r"confirmation|contr[ôo]les|authentification|approbation|validation)|sans\s+(?:demander|"
    r"attendre|exiger)\s+(?:\S+\s+)?(?:confirmation|approbation|autorisation|permission)|ne\s+"
    r"(?:demande|demandez)\s+(?:pas|aucune)\s+(?:\S+\s+)?(?:confirmation|approbation|"
    r"autorisation)",
    "de": r"(?:[üu]berspringe|[üu]berspringen\s+sie|umgehe|umgehen\s+sie|deaktiviere|ignoriere|"
    r"[üu]bergehe|lass|lasse)\s+(?:\S+\s+){0,3}?(?:\S*pr[üu]fung\S*|\S*verifizierung|"
    r"best[äa]tigung\S*|sicherheitschecks?|authentifizierung|freigabe|genehmigung)|ohne\s+"
    r"(?:vorherige\s+)?(?:r[üu]ckfrage|nachfrage)|ohne\s+(?:eine\s+)?(?:best[äa]tigung|"
    r"freigabe|genehmigung)\s+(?:einzuholen|abzuwarten|anzufordern)",
    "it": r"(?:salta|ignora|disattiva|aggira|evita|salta)\s+(?:\S+\s+){0,3}?(?:verifica|verifiche|"
    r"conferma|controlli|autenticazione|approvazione|convalida)|senza\s+(?:chiedere|attendere|"
    r"richiedere)\s+(?:\S+\s+)?(?:conferma|approvazione|autorizzazione|permesso)",
    "nl": r"(?:sla|omzeil|negeer|schakel)\s+(?:\S+\s+){0,3}?(?:verificatie|bevestiging|controles?|"
    r"authenticatie|goedkeuring|beveiligingscontroles?)|zonder\s+(?:\S+\s+)?(?:bevestiging|"
    r"goedkeuring|verificatie|toestemming)\s+te\s+(?:vragen|wachten)",
    "pl": r"(?:pomi[ńn]|omi[ńn]|zignoruj|wy[łl][ąa]cz|obejd[źz])\s+(?:\S+\s+){0,3}?(?:weryfikacj\S*|"
    r"potwierdzeni\S*|kontrol\S*|sprawdzani\S*|uwierzytelnian\S*|zatwierdzeni\S*|"
    r"zabezpiecze[ńn]\S*)|bez\s+(?:pytania|proszenia)\s+o\s+"
    r"(?:potwierdzenie|zgod[ęe]|weryfikacj[ęe])",
    "tr": r"(?:do[ğg]rulama|onay|kontrol|g[üu]venlik\s+kontrol|kimlik\s+do[ğg]rulama)\S*\s+"
    r"(?:\S+\s+){0,2}?(?:atla|ge[çc]|devre\s+d[ıi][şs][ıi]\s+b[ıi]rak|yok\s+say)\S*|"
    r"onay\s+(?:istemeden|beklemeden)",
    "ru": r"(?:пропусти|обойди|отключи|игнорируй|не\s+выполняй)(?:те)?\s+(?:\S+\s+){0,3}?"
    r"(?:проверк|подтвержден|верификаци|аутентификаци|согласовани)\S*|не\s+(?:спрашивая|запрашивая)\s+"
    r"(?:подтверждения|согласия|разрешения)",
    "uk": r"(?:пропусти|обійди|вимкни|ігноруй)(?:те)?\s+(?:\S+\s+){0,3}?(?:перевірк|"
    r"підтвердженн|верифікаці|автентифікаці|погодженн)\S*|не\s+(?:питаючи|запитуючи)\s+"
    r"(?:підтвердження|згоди|дозволу)",
    "sr": r"(?:presko[čc]i|zaobi[đd]i|isklju[čc]i|ignori[šs]i)(?:te)?\s+(?:\S+\s+){0,3}?"
    r"(?:provjer\S*|prover\S*|potvrd\S*|verifikacij\S*|autentifikacij\S*)|(?:прескочи|заобиђи|"
    r"искључи|игнориши)(?:те)?\s+(?:\S+\s+){0,3}?(?:провер\S*|потврд\S*|верификациј\S*|"
    r"аутентификациј\S*)",
    "id": r"(?:lewati|abaikan|nonaktifkan|lompati|hindari)\s+(?:\S+\s+){0,3}?(?:verifikasi|"
    r"konfirmasi|pemeriksaan|autentikasi|persetujuan|validasi)|tanpa\s+meminta\s+"
    r"(?:konfirmasi|persetujuan|verifikasi|izin)",
    "vi": r"(?:bỏ\s+qua|vô\s+hiệu\s+hóa|lờ\s+đi)\s+(?:\S+\s+){0,3}?(?:xác\s+minh|xác\s+nhận|kiểm\s+tra|"
    r"xác\s+thực|phê\s+duyệt)|không\s+cần\s+hỏi",
    "zh": r"(?:跳过|跳過|绕过|繞過|忽略|关闭|關閉|无需|無需|不需要|不必)[^\n]{0,30}?(?:验证|驗證|确认|確認|检查|"
    r"檢查|审批|審批|认证|認證|审核|審核)",
    "ja": r"(?:確認|検証|認証|承認|チェック)(?:を|は)?(?:スキップ|省略|飛ばし|無視|不要)",
    "ko": r"(?:확인|검증|인증|승인|검사)\s*(?:을|를|은|는)?\s*(?:건너뛰|생략|무시|우회|없이)",
    "ar": r"(?:تخط|تخطى|تجاوز|تجاهل|عطل|عطّل)(?:\xd9[\x8b-\x92])*\s+(?:\S+\s+){0,2}?(?:التحقق|التأكيد|الفحص|"
    r"المصادقة|الموافقة)|(?:دون|بدون)\s+طلب\s+(?:تأكيد|تحقق|موافقة)",
    "fa": r"(?:تأیید|احراز\s+هویت|بررسی)[^\n]{0,20}?(?:را\s+)?(?:رد\s+کن|نادیده\s+بگیر|دور\s+بزن)|"
    r"بدون\s+درخواست\s+(?:تأیید|بررسی)",
    "hi": r"(?:सत्यापन|पुष्टि|जांच|जाँच|अनुमोदन)[^\n]{0,20}?(?:छोड़|स्किप|नज़रअंदाज़|अनदेखा)",
}

#: text that poses as the system, the administrator or a coordinator, or turns to an AI it
#: supposes ("if you are an AI"), before a colon or comma: the heads of injected orders
SYSTEM_ADDRESS: dict[str, str] = {
    "es": r"mensaje\s+del\s+(?:sistema|administrador|coordinador)|(?:nota|aviso)\s+del\s+sistema|"
    r"instrucciones\s+secretas|si\s+(?:eres|usted\s+es)\s+(?:una?\s+)?(?:ia|asistente|modelo|agente)",
    "pt": r"mensagem\s+do\s+(?:sistema|administrador|coordenador)|(?:nota|aviso)\s+do\s+sistema|"
    r"instru[çc][õo]es\s+secretas|se\s+voc[êe]\s+(?:[ée]|for)\s+(?:uma?\s+)?(?:ia|assistente|"
    r"modelo|agente)",
    "fr": r"message\s+(?:du\s+syst[èe]me|syst[èe]me|de\s+l['’]\s*administrateur|du\s+"
    r"coordinateur)|note\s+(?:du\s+)?syst[èe]me|instructions\s+secr[èe]tes|si\s+(?:tu\s+es|vous\s+"
    r"[êe]tes)\s+(?:une?\s+)?(?:ia|assistant|mod[èe]le|agent)",
    "de": r"systemnachricht|systemhinweis|nachricht\s+vom\s+(?:system|administrator|koordinator)|"
    r"geheime\s+anweisungen|(?:wenn|falls)\s+(?:du|sie)\s+(?:eine?\s+)?(?:ki|assistent|"
    r"sprachmodell|agent)\s+(?:bist|sind)",
    "it": r"messaggio\s+(?:di|del)\s+sistema|messaggio\s+dell['’]\s*amministratore|istruzioni\s+"
    r"segrete|se\s+sei\s+(?:un['’]\s*ia|un\s+assistente|un\s+modello|un\s+agente)",
    "nl": r"systeembericht|bericht\s+van\s+de\s+(?:beheerder|co[öo]rdinator)|geheime\s+instructies|"
    r"als\s+(?:je|u)\s+een\s+(?:ai|assistent|taalmodel|agent)\s+(?:bent|is)",
    "pl": r"komunikat\s+systemowy|wiadomo[śs][ćc]\s+(?:systemowa|od\s+administratora|od\s+"
    r"koordynatora)|tajne\s+instrukcje|je[śs]li\s+jeste[śs]\s+(?:ai|si|asystentem|modelem|agentem)|"
    r"(?:notatka|uwaga|wiadomo[śs][ćc])\s+dla\s+systemu",
    "tr": r"sistem\s+mesaj\S*|y[öo]netici\s+mesaj\S*|koordinat[öo]r\s+mesaj\S*|gizli\s+talimat\S*|"
    r"e[ğg]er\s+(?:bir\s+)?(?:yapay\s+zek[âa]|ai|asistan|dil\s+modeli)\s*(?:isen|ysan)",
    "ru": r"системн\S*\s+сообщени\S*|сообщени\S*\s+(?:от\s+)?(?:администратора|координатора)|"
    r"секретн\S*\s+инструкци\S*|если\s+(?:ты|вы)\s+(?:\S+\s+)?(?:ии|ассистент|модель|агент)",
    "uk": r"системн\S*\s+повідомлен\S*|повідомлен\S*\s+від\s+(?:адміністратора|координатора)|"
    r"секретн\S*\s+інструкці\S*|якщо\s+(?:ти|ви)\s+(?:\S+\s+)?(?:ші|асистент|модель|агент)",
    "sr": r"sistemsk\S*\s+poruk\S*|системск\S*\s+порук\S*|tajn\S*\s+uputstv\S*|тајн\S*\s+упутств\S*",
    "id": r"pesan\s+(?:sistem|dari\s+administrator|dari\s+koordinator)|instruksi\s+rahasia|"
    r"jika\s+anda\s+(?:adalah\s+)?(?:ai|asisten|model\s+bahasa|agen)",
    "vi": r"thông\s+báo\s+hệ\s+thống|tin\s+nhắn\s+(?:hệ\s+thống|từ\s+quản\s+trị\s+viên)|hướng\s+dẫn"
    r"\s+bí\s+mật|nếu\s+bạn\s+là\s+(?:một\s+)?(?:ai|trợ\s+lý|mô\s+hình)",
    "zh": r"系统消息|系統訊息|系统通知|系統通知|管理员消息|管理員訊息|秘密指令|如果你是(?:一个|一個)?(?:ai|助手|模型)",
    "ja": r"システムメッセージ|システム通知|管理者からのメッセージ|秘密の指示|(?:あなたが|もしあなたが)ai",
    "ko": r"시스템\s*메시지|시스템\s*알림|관리자\s*메시지|비밀\s*지시|당신이\s*ai",
    "ar": r"رسالة\s+(?:النظام|من\s+المسؤول)|تعليمات\s+سرية|إذا\s+كنت\s+(?:مساعد|نموذج|ذكاء)",
    "fa": r"پیام\s+سیستم|پیام\s+(?:از\s+)?مدیر|دستورالعمل\S*\s+محرمانه|اگر\s+(?:شما\s+)?"
    r"(?:یک\s+)?(?:هوش\s+مصنوعی|دستیار)",
    "hi": r"सिस्टम\s+संदेश|व्यवस्थापक\s+(?:का\s+)?संदेश|गुप्त\s+निर्देश|यदि\s+आप\s+(?:एक\s+)?(?:एआई|ai)",
}

#: administrator or root "for this session": a grant the data gives itself
SESSION: dict[str, str] = {
    "es": r"(?:administrador|admin|root)\s+(?:para|en|durante)\s+esta\s+sesi[óo]n",
    "pt": r"(?:administrador|admin|root)\s+(?:para\s+esta|nesta|durante\s+esta)\s+sess[ãa]o",
    "fr": r"(?:administrateur|admin|root)\s+(?:pour|pendant)\s+cette\s+session",
    "de": r"(?:administrator|admin|root)(?:-?rechte)?\s+(?:f[üu]r|in)\s+diese[rn]?\s+sitzung",
    "it": r"(?:amministratore|admin|root)\s+(?:per|in)\s+questa\s+sessione",
    "nl": r"(?:beheerder|admin|root)\s+(?:voor|in)\s+deze\s+sessie",
    "pl": r"(?:administrator|admin|root)\S*\s+(?:dla|w|na)\s+(?:tej|t[ęe])\s+sesj\S*",
    "tr": r"bu\s+oturum\s+i[çc]in\s+(?:y[öo]netici|admin|root)",
    "ru": r"(?:администратор|админ|root)\S*\s+(?:для|на)\s+(?:этой|эту|этот)\s+(?:сесси|сеанс)\S*",
    "uk": r"(?:адміністратор|адмін|root)\S*\s+(?:для|на)\s+(?:цієї|цю|цей)\s+(?:сесі|сеанс)\S*",
    "sr": r"(?:administrator|admin|root|администратор)\S*\s+(?:za|за)\s+(?:ovu|ову)\s+(?:sesiju|сесију)",
    "id": r"(?:administrator|admin|root)\s+untuk\s+sesi\s+ini",
    "vi": r"(?:quản\s+trị\s+viên|admin|root)\s+(?:cho|trong)\s+phiên\s+này",
    "zh": r"(?:本次|此|这个|這個)(?:会话|會話)[^\n]{0,30}?(?:管理员|管理員|root)",
    "ja": r"(?:この|本)セッション[^\n]{0,30}?(?:管理者|root)",
    "ko": r"(?:이|본)\s*세션[^\n]{0,30}?(?:관리자|root)",
    "ar": r"(?:مسؤول|مدير|root)\s+(?:لهذه|في\s+هذه)\s+الجلسة",
    "fa": r"(?:مدیر|ادمین|root)\s+(?:برای|در)\s+این\s+(?:نشست|جلسه)",
    "hi": r"इस\s+सत्र\s+(?:के\s+लिए|में)\s+(?:एडमिन|व्यवस्थापक|root)",
}

#: what a hidden order runs or reaches: the word for a command or a script, per language
#: (the command itself, a URL or a home path are the same in every language)
COMMAND: dict[str, str] = {
    "es": r"comandos?|[óo]rden(?:es)?|script",
    "pt": r"comandos?|script",
    "fr": r"commandes?|script",
    "de": r"befehle?|kommandos?|skript",
    "it": r"comandi|comando|script",
    "nl": r"commando'?s?|opdracht|script",
    "pl": r"polecen\S*|komend\S*|skrypt\S*",
    "tr": r"komut\S*|betik\S*",
    "ru": r"команд\S*|скрипт\S*",
    "uk": r"команд\S*|скрипт\S*",
    "sr": r"komand\S*|naredb\S*|команд\S*|наредб\S*",
    "id": r"perintah|skrip",
    "vi": r"lệnh|tập\s+lệnh|script",
    "zh": r"命令|指令|脚本|腳本",
    "ja": r"コマンド|スクリプト",
    "ko": r"명령|스크립트",
    "ar": r"الأمر|الأوامر|السكربت",
    "fa": r"دستور|اسکریپت",
    "hi": r"कमांड|स्क्रिप्ट",
}

#: "as your administrator / developer": a rank over the agent claimed by the text ('your':
#: a manual's "as administrator, run ..." addresses its reader's own rights)
AS_YOUR: dict[str, str] = {
    "es": r"como\s+(?:tu|su|vuestro)\s+(?:administrador|desarrollador|creador|propietario|operador)",
    "pt": r"como\s+(?:seu|teu)\s+(?:administrador|desenvolvedor|criador|propriet[áa]rio|operador)",
    "fr": r"en\s+tant\s+que\s+(?:ton|votre)\s+(?:administrateur|d[ée]veloppeur|cr[ée]ateur|"
    r"propri[ée]taire|op[ée]rateur)",
    "de": r"als\s+(?:dein|ihr)\s+(?:administrator|entwickler|sch[öo]pfer|betreiber|eigent[üu]mer)",
    "it": r"(?:come|in\s+qualit[àa]\s+di)\s+(?:tuo|vostro)\s+(?:amministratore|sviluppatore|creatore|"
    r"proprietario|operatore)",
    "nl": r"als\s+(?:je|jouw|uw)\s+(?:beheerder|ontwikkelaar|maker|eigenaar|operator)",
    "pl": r"jako\s+(?:tw[óo]j|wasz)\s+(?:administrator|deweloper|tw[óo]rca|w[łl]a[śs]ciciel|operator)",
    "tr": r"(?:y[öo]neticin|geli[şs]tiricin|sahibin|operat[öo]r[üu]n)\s+olarak",
    "ru": r"как\s+(?:твой|ваш)\s+(?:администратор|разработчик|создатель|владелец|оператор)",
    "uk": r"як\s+(?:твій|ваш)\s+(?:адміністратор|розробник|творець|власник|оператор)",
    "sr": r"kao\s+tvoj\s+(?:administrator|programer|tvorac|vlasnik)|као\s+твој\s+(?:администратор|"
    r"програмер|творац|власник)",
    "id": r"sebagai\s+(?:administrator|pengembang|pembuat|pemilik|operator)\s*(?:mu|anda)",
    "vi": r"với\s+tư\s+cách\s+(?:là\s+)?(?:quản\s+trị\s+viên|nhà\s+phát\s+triển|người\s+tạo\s+ra)\s+"
    r"(?:của\s+)?bạn",
    "zh": r"作为你的(?:管理员|開發者|开发者|创建者|所有者)|作為你的(?:管理員|開發者|創建者)",
    "ja": r"あなたの(?:管理者|開発者|作成者|所有者)として",
    "ko": r"(?:당신의|너의)\s*(?:관리자|개발자|제작자)\s*(?:로서|으로서)",
    "ar": r"بصفتي\s+(?:المسؤول|مسؤولك|مطورك|المطور|مالكك)",
    "fa": r"به\s+عنوان\s+(?:مدیر|توسعه\s*دهنده|سازنده)\s+(?:تو|شما)",
    "hi": r"(?:आपके|तुम्हारे)\s+(?:व्यवस्थापक|डेवलपर|निर्माता)\s+के\s+रूप\s+में",
}
