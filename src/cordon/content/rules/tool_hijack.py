"""Tool-hijack rules (prefix ``hijack.``): text that steers the agent's next tool calls.

A bare mention of a credential path is low (documentation); a request to read or send one,
phrased as an instruction, is critical.
"""

from __future__ import annotations

from functools import partial

from cordon.content._rule import Rule, alt, each

_R = partial(Rule, category="tool_hijack")

#: Credential and agent-configuration paths (lower-cased).
SENSITIVE_PATH = alt(
    r"\.ssh/(?:id_[a-z0-9]+(?![a-z0-9]*\.pub)|authorized_keys|config\b)",
    r"(?<![\w.])id_(?:rsa|dsa|ecdsa|ed25519)(?![\w.])",
    r"\.aws/(?:credentials|config)\b",
    r"\.azure/",
    r"\.config/gcloud",
    r"application_default_credentials\.json",
    r"\.kube/config",
    r"\.docker/config\.json",
    r"(?<![\w.-])\.(?:npmrc|pypirc|netrc|git-credentials|vault-token|pgpass)\b",
    r"\.gnupg\b",
    r"/etc/(?:shadow|sudoers)\b",
    r"\.(?:bash|zsh)_history\b",
    r"(?<![\w-])mcp\.json\b",
    r"claude_desktop_config\.json",
    r"\.cursor/",
    r"(?<![\w.-])\.env(?:\.(?:local|production|prod|secret))?(?![\w.-])",
    r"wallet\.dat",
    r"login\.keychain",
    r"/proc/self/environ",
    # CLI token stores: GitHub CLI, rclone, Terraform, boto/s3cmd, Kubernetes service accounts
    r"\.config/gh/hosts\.ya?ml",
    r"rclone\.conf\b",
    r"credentials\.tfrc\.json",
    r"(?<![\w.-])\.(?:boto|s3cfg)\b",
    r"/var/run/secrets/",
)
#: anchors of the path rules: a necessary piece of every path above
_PATH_ANCHORS = (
    r"\.(?:ssh/|aws/|azure/|config/gcloud|kube/config|docker/config|npmrc|pypirc|netrc|"
    r"git-credentials|vault-token|pgpass|gnupg|bash_history|zsh_history|cursor/|env)",
    r"id_(?:rsa|dsa|ecdsa|ed25519)",
    "application_default_credentials",
    r"/etc/(?:shadow|sudoers)",
    r"mcp\.json",
    "claude_desktop_config",
    r"wallet\.dat",
    r"login\.keychain",
    "/proc/self/environ",
    r"gh/hosts\.y",
    r"rclone\.conf",
    r"credentials\.tfrc",
    r"\.(?:boto|s3cfg)",
    "/var/run/secrets/",
)
_CLAUSE_START = (
    r"(?:^[ \t>*-]*|[.!?:;,(]\s+|\b(?:then|and|please|now|first|also|immediately|just|"
    r"secretly|silently|quietly)\s+)"
)
_READ_SEND_VERB = alt(
    "read",
    "cat",
    "type",
    "send",
    "upload",
    "exfiltrate",
    "leak",
    "post",
    "forward",
    "email",
    "attach",
    "include",
    "paste",
    "append",
    "embed",
    "dump",
    "print",
    "output",
    "reveal",
    "share",
    "transmit",
    "copy",
    "grab",
    "collect",
    "extract",
    "fetch",
    "open",
    "load",
    "base64",
)
_SENSITIVE_DATA = alt(
    "conversation",
    r"chat(?:\s+history)?",
    "context",
    r"system\s+prompt",
    r"secrets?",
    r"credentials?",
    r"tokens?",
    r"api[\s_-]?keys?",
    r"passwords?",
    r"private\s+keys?",
    r"ssh\s+keys?",
    r"env(?:ironment)?\s+variables?",
    r"session(?:\s+cookies?)?",
    r"cookies?",
    r"personal\s+data",
    r"user\s+data",
    "history",
    "memory",
    "memories",
)
_BULK_DATA = alt(
    r"files?",
    "data",
    r"documents?",
    r"e-?mails?",
    r"messages?",
    "inbox",
    r"contacts?",
    r"records?",
    r"contents?",
)
_DETERMINER = alt(
    "all",
    "any",
    "every",
    "the",
    "this",
    "these",
    "their",
    "its",
    "your",
    r"user'?s?",
    "my",
    "of",
    "a",
    "copy",
    "full",
    "complete",
    "entire",
    "current",
    "whole",
    "recent",
)

RULES: tuple[Rule, ...] = (
    _R(
        id="hijack.tool_call",
        severity="high",
        mention_severity="low",
        summary="An order to call a specific tool: 'you must call the X tool', 'before "
        "responding, invoke X tool'.",
        why="Text that schedules tool calls turns a read into an action chosen by the author of "
        "the data (tool shadowing, cross-tool hijacking).",
        fix="Hide the tool definition or block the result; tools should describe themselves, "
        "not command others.",
        source="Invariant Labs, 'Tool Poisoning Attacks' and tool shadowing (2025-04)",
        pattern=(
            r"\b(?:you\s+(?:must|need\s+to|have\s+to|are\s+required\s+to)\s+(?:(?:first|also|"
            r"always|now|then|immediately)\s+)?"
            # an order, not a description of what code does ('it will immediately call the
            # `fn` function', Node's assert docs)
            r"|(?<!\bwill\s)(?<!\bwould\s)(?<!\bcan\s)(?<!\bmay\s)(?<!\bused\sto\s)"
            r"(?:always|immediately|first)\s*,?\s+|before\s+"
            r"(?:responding|answering|replying|doing\s+anything(?:\s+else)?|proceeding|"
            r"continuing|using\s+(?:any|this|another)\s+[a-z]+)\s*,?\s+(?:you\s+must\s+)?)"
            r"(?:call|invoke|run|execute|trigger)\s+(?:the\s+)?"
            # a name, not a determiner ('you need to call the same function again', click)
            r"(?!(?:this|that|another|any|a|an|same|other|next|previous)\b)[`'\"]?[\w.-]{2,64}[`'\"]?\s+"
            r"(?:mcp\s+)?(?:tool|function)\b"
        ),
        anchors=(
            r"you\s+(?:must|need\s+to|have\s+to|are\s+required\s+to)\s+(?:(?:first|also|always|"
            r"now|then|immediately)\s+)?(?:call|invoke|run|execute|trigger)\s",
            *each(
                ("always", "immediately", "first"),
                r"\s*,?\s+(?:call|invoke|run|execute|trigger)\s",
            ),
            r"before\s+(?:responding|answering|replying|doing\s+anything|proceeding|continuing|"
            r"using\s)",
        ),
        window=250,
    ),
    _R(
        id="hijack.credential_harvest",
        severity="critical",
        mention_severity="low",
        summary="An instruction to read or send a credential file (~/.ssh/id_rsa, "
        "~/.aws/credentials, .env, mcp.json, .npmrc, .netrc...).",
        why="Reading a key or config file and passing it on is the payload of most tool-poisoning "
        "demonstrations; the agent has the access, the attacker wants the bytes.",
        fix="Block the result or hide the definition; deny file reads of these paths by policy.",
        source="Invariant Labs, 'Tool Poisoning Attacks' (2025-04: mcp.json and id_rsa "
        "'sidenote'); MITRE ATT&CK T1552.001",
        pattern=rf"{_CLAUSE_START}({_READ_SEND_VERB}\b[^\n]{{0,80}}?{SENSITIVE_PATH})",
        span_group=1,
        anchors=_PATH_ANCHORS,
        window=250,
    ),
    _R(
        id="hijack.sensitive_path",
        severity="low",
        summary="A mention of a credential or agent-configuration path.",
        why="Harmless in documentation; worth noting in tool output next to other findings.",
        fix="None needed alone; see hijack.credential_harvest for the harmful form.",
        source="MITRE ATT&CK T1552.001 (Credentials In Files)",
        pattern=SENSITIVE_PATH,
        anchors=_PATH_ANCHORS,
        window=80,
    ),
    _R(
        id="hijack.covert_egress",
        severity="high",
        mention_severity="low",
        summary="An instruction to send conversation data, secrets or bulk data to a URL, "
        "host or e-mail address; 'always BCC x@y'.",
        why="This is the exfiltration step of an injection: the agent's own tools carry the "
        "data out.",
        fix="Block the result; enforce egress and taint policy on send tools.",
        source="Invariant Labs, 'WhatsApp MCP Exploited' (2025-04); Rehberger, Embrace The Red "
        "(indirect prompt injection exfiltration series)",
        pattern=(
            r"\b(?:send|post|upload|forward|email|e-mail|transmit|exfiltrate|submit|leak|copy|"
            r"sync|mirror|deliver|report)\s+(?:(?:all|any|every|the|this|these|their|its|your|"
            r"user'?s?|my|of|a|copy|full|complete|entire|current|whole|recent)\s+){0,4}"
            rf"(?:{_SENSITIVE_DATA}|(?<=all\s)(?:[a-z]+\s+)?{_BULK_DATA}|(?<=every\s)"
            rf"(?:[a-z]+\s+)?{_BULK_DATA}|(?<=entire\s){_BULK_DATA})\b"
            r"[^\n]{0,80}?\b(?:to|at|via|into)\s+(?:https?://|[\w.+-]+@[\w-]+\.[\w.-]+|"
            r"(?:[\w-]+\.)+(?:com|net|org|io|ru|cn|xyz|top|site|app|dev|me|co|info|biz)\b|"
            r"the\s+(?:following|webhook|endpoint|url|address))"
            r"|\b(?:always|also|secretly|silently)\s+(?:bcc|cc|forward(?:\s+a\s+copy)?|send\s+"
            r"a\s+copy)\s+(?:of\s+[^\n]{0,40}?)?(?:to\s+)?[\w.+-]+@[\w-]+\.[a-z]"
        ),
        anchors=(
            *each(
                (
                    "send",
                    "post",
                    "upload",
                    "forward",
                    "email",
                    "e-mail",
                    "transmit",
                    "exfiltrate",
                    "submit",
                    "leak",
                    "copy",
                    "sync",
                    "mirror",
                    "deliver",
                    "report",
                ),
                rf"\s+(?:{_DETERMINER}\s+){{0,4}}(?:{_SENSITIVE_DATA}|(?:[a-z]+\s+)?{_BULK_DATA})",
            ),
            # the second branch: "always|also|secretly|silently" then the verb; "also" gets its
            # own anchor (no bare "cc", "copy", "forward": every man page has them)
            *each(
                ("always", "also", "secretly", "silently"),
                r"\s+(?:bcc|cc|forward|send\s+a\s+copy)",
            ),
        ),
        window=300,
    ),
    _R(
        id="hijack.execute_directive",
        severity="high",
        mention_severity="low",
        summary="An order to run something covertly or before answering: 'without asking the "
        "user', 'before responding to the user', 'silently run'.",
        why="Human-readable docs tell people to run commands; only an injection tells an agent to "
        "run one behind its user's back.",
        fix="Block the result; require approval for command-running tools.",
        source="Rehberger, 'ZombAIs' (2024); CVE-2025-53773 (GitHub Copilot auto-approve)",
        pattern=(
            r"\b(?:run|execute|exec|invoke|call|perform|install|download)\b[^\n]{0,80}?"
            r"(?:\bwithout\s+(?:asking|telling|informing|notifying|consulting|alerting|"
            r"checking\s+with)\s+(?:the|your)\s+user|\bwithout\s+(?:the\s+)?user'?s?\s+"
            r"(?:approval|consent|confirmation|permission|knowledge)|\bbefore\s+(?:responding|"
            r"answering|replying)\s+to\s+the\s+user|\bbefore\s+you\s+(?:respond|answer|reply)\b|"
            r"\bdo\s+not\s+(?:ask|wait)\s+(?:the\s+user\s+)?for\s+(?:confirmation|approval|"
            r"permission))"
            r"|\b(?:silently|secretly|covertly|quietly)\s+(?:run|execute|exec|install|download)\b"
        ),
        anchors=(
            r"without\s+(?:asking|telling|informing|notifying|consulting|alerting|checking\s+with)"
            r"\s+(?:the|your)\s+user",
            r"without\s+(?:the\s+)?user'?s?\s+(?:approval|consent|confirmation|permission|knowledge)",
            r"before\s+(?:responding|answering|replying)\s+to\s+the\s+user",
            r"before\s+you\s+(?:respond|answer|reply)",
            r"wait\s(?:(?<=not\swait\s)|(?<=\s\swait\s))",
            r"ask\s(?:(?<=not\sask\s)|(?<=\s\sask\s))",
            *each(
                ("silently", "secretly", "covertly", "quietly"),
                r"\s+(?:run|execute|exec|install|download)",
            ),
        ),
        window=250,
    ),
    _R(
        id="hijack.destructive",
        severity="high",
        mention_severity="low",
        summary="A destructive shell command: rm -rf / or ~, mkfs, dd onto a disk, fork bomb, "
        "chmod -R 777 /, format c:.",
        why="An agent with a shell tool that follows this text destroys the machine or the data "
        "it works on.",
        fix="Block the result; deny these arguments in the action policy.",
        source="OWASP LLM06:2025 Excessive Agency; Replit agent database deletion (2025-07)",
        pattern=(
            r"\brm\s+(?:-[a-z]+\s+)*-(?:rf|fr|r\s+-f|f\s+-r|-recursive\s+--force)[a-z]*\s+"
            r"(?:--no-preserve-root\s+)?(?:/|~/?|\$home/?|\*|/\*|\.\*)(?=\s|$|[;&|`'\")])"
            r"|\bmkfs(?:\.[a-z0-9]+)?\s+/dev/"
            r"|\bdd\s+[^\n]{0,60}?\bof=/dev/(?:sd|nvme|hd|disk|xvd|mmcblk)"
            r"|:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:"
            r"|\bchmod\s+-r\s+0?777\s+/(?=\s|$)"
            r"|\bformat\s+c:"
            r"|\bdel\s+/[sfq]\s+/[sfq]\s+[^\n]{0,10}?[a-z]:\\"
            r"|(?<![a-z0-9\"'])>\s*/dev/(?:sd[a-z]|nvme\d)"  # not an HTML tag's >
        ),
        anchors=(
            r"rm\s+-",
            "mkfs",
            "of=/dev/",
            r":\(\)",
            r"chmod\s+-r",
            r"format\s+c:",
            r"/[sfq]\s+/[sfq]",
            r"/dev/(?:sd|nvme)",
        ),
        window=150,
    ),
)
