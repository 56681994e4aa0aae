"""Every rule id the engine, the approvals, the proxy and the gateway can return, in one place.

Code names a rule by its constant (``rules.TAINT_SEEN_IN_OUTPUT``), never by a string literal:
``tests/test_rule_catalogue_source.py`` walks the source and fails on an id that is not in
:data:`CATALOGUE`. ``cordon serve`` publishes the catalogue (``ENGINE_RULES``) and
``cordon rules`` prints it beside the content catalogue (``cordon.content.RULES``, whose ids
name patterns found in text, not verdicts on a call).

Each entry says which layer returns it, the verdict, what it stops, the attack class or
specification that justifies it, and how a user allows a legitimate case.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CATALOGUE", "Rule"]


@dataclass(frozen=True, kw_only=True, slots=True)
class Rule:
    """One engine rule.

    Attributes:
        id: the stable id written in verdicts and audit records (``layer.name``).
        layer: the pipeline layer or front end that returns it (``pinning``, ``egress``,
            ``destination taint``, ``proxy`` ...).
        verdict: ``deny``, ``ask``, ``deny or ask``, ``allow``, ``block`` or ``record``.
        summary: what it stops, in one line.
        source: the attack class, specification section or advisory that justifies it.
        allow: how a user allows a legitimate case (the policy key or command).
    """

    id: str
    layer: str
    verdict: str
    summary: str
    source: str
    allow: str


# -- pinning -----------------------------------------------------------------------------
PIN_UNKNOWN_TOOL = "pin.unknown_tool"
PIN_CHANGED = "pin.changed"
PIN_SERVER_CHANGED = "pin.server_changed"
PIN_PROMPT_CHANGED = "pin.prompt_changed"
PIN_RESOURCE_CHANGED = "pin.resource_changed"
PIN_SHADOWED_TOOL = "pin.shadowed_tool"
PIN_DUPLICATE_TOOL = "pin.duplicate_tool"
CONTENT_POISONED_DEFINITION = "content.poisoned_definition"
# -- budgets and scopes ------------------------------------------------------------------
BUDGET_MAX_CALLS = "budget.max_calls"
SCOPE_MISSING = "scope.missing"
# -- arguments ---------------------------------------------------------------------------
ARG_MALFORMED = "arg.malformed"
ARG_PATH_OUTSIDE = "arg.path_outside"
ARG_PATH_UNRESOLVABLE = "arg.path_unresolvable"
ARG_PATTERN = "arg.pattern"
ARG_MAX_VALUE = "arg.max_value"
# -- actions -----------------------------------------------------------------------------
ACTION_RM_ROOT = "action.rm_root"
ACTION_PIPE_TO_SHELL = "action.pipe_to_shell"
ACTION_SQL_DROP = "action.sql_drop"
ACTION_SQL_COMPUTED = "action.sql_computed"
ACTION_SQL_DELETE_NO_WHERE = "action.sql_delete_no_where"
ACTION_MKFS_DD = "action.mkfs_dd"
ACTION_FORK_BOMB = "action.fork_bomb"
ACTION_CHMOD_777_ROOT = "action.chmod_777_root"
ACTION_OPTION_INJECTION = "action.option_injection"
ACTION_SHELL_METACHAR = "action.shell_metachar"
ACTION_GIT_PUSH = "action.git_push"
ACTION_GIT_DESTROY = "action.git_destroy"
ACTION_GIT_DIR = "action.git_dir"
ACTION_SYSTEM_DISRUPT = "action.system_disrupt"
ACTION_PUBLISH_DEPLOY = "action.publish_deploy"
ACTION_INFRA_APPLY = "action.infra_apply"
ACTION_PAYMENT = "action.payment"
ACTION_CREDENTIAL_WRITE = "action.credential_write"
ACTION_CORDON_STATE = "action.cordon_state"
ACTION_MASKED_SECRET_WRITE = "action.masked_secret_write"  # noqa: S105 - a rule id
ACTION_CORDON_MARKER_WRITE = "action.cordon_marker_write"
ACTION_CORDON_CONTROL = "action.cordon_control"
ACTION_DESTRUCTIVE_HINT = "action.destructive_hint"
ACTION_CREDENTIAL_CHANGE = "action.credential_change"
ACTION_NOT_REQUESTED = "action.not_requested"
ACTION_SENSITIVE_UPLOAD = "action.sensitive_upload"
ACTION_DELETE_OUTSIDE = "action.delete_outside"
ACTION_COMMAND_OPAQUE = "action.command_opaque"
ACTION_SENSITIVE_READ = "action.sensitive_read"
ACTION_SQL_CODE = "action.sql_code"
ACTION_SQL_FILE = "action.sql_file"
ACTION_SQL_SCHEMA = "action.sql_schema"
ACTION_SQL_UNPARSED = "action.sql_unparsed"
ACTION_SQL_WRITE = "action.sql_write"
# -- egress ------------------------------------------------------------------------------
EGRESS_METADATA = "egress.metadata"
EGRESS_PRIVATE_ADDRESS = "egress.private_address"
EGRESS_SCHEME = "egress.scheme"
EGRESS_DNS_TUNNEL = "egress.dns_tunnel"
EGRESS_NOT_ALLOWLISTED = "egress.not_allowlisted"
# -- taint and provenance ----------------------------------------------------------------
TAINT_SEEN_IN_OUTPUT = "taint.seen_in_output"
TAINT_UNVERIFIED_DESTINATION = "taint.unverified_destination"
TAINT_HISTORY_LOST = "taint.history_lost"
TAINT_FORWARDED_LINK = "taint.forwarded_link"
TAINT_RENDERED_RESOURCE = "taint.rendered_resource"
# -- Rule of Two, session, secrets -------------------------------------------------------
R2_TRIFECTA = "r2.trifecta"
PRIVATE_CARD_NUMBER = "private.card_number"
SESSION_DEGRADED = "session.degraded"
SECRET_EGRESS = "secret.egress"  # noqa: S105 - a rule id, not a password
SECRET_PATTERN = "secret.pattern"  # noqa: S105 - a rule id, not a password
SECRET_UNREADABLE = "secret.unreadable"  # noqa: S105 - a rule id, not a password
# -- the front ends (proxy, gateway) -----------------------------------------------------
APPROVAL_INVALID_STATE = "approval.invalid_state"
APPROVAL_UNSHOWABLE = "approval.unshowable"
AUDIT_UNWRITABLE = "audit.unwritable"
POLICY_UNKNOWN_TOOL = "policy.unknown_tool"
CONTENT_BLOCKED = "content.blocked"
DEFAULT_ALLOW = "default.allow"

_PIN_SRC = "rug pull and tool poisoning (Invariant Labs, April 2025; mcp-context-protector)"
_ACTION_SRC = "destructive commands an injected instruction asks for (OWASP LLM06)"
_SSRF = "SSRF (OWASP A10:2021)"
_TAINT_SRC = "data exfiltration by injected instructions (lethal trifecta, Willison 2025)"
_APPROVE = "approve the ask (`cordon approve CODE`, or the client's prompt)"
_NO_POLICY = "none in the policy (`trust_tools` skips asks only): do it outside the agent"
_TRUST = "`trust_tools` for the tool"
# trusting a writer turns every later auto-run or credential write into a silent allow
# (persistence through a client's MCP config, a git hook, CLAUDE.md: MITRE ATT&CK T1546)
_TRUST_WRITER = (
    "`trust_tools` only for a tool that may write every such file unasked (its writes to MCP "
    "configs, git hooks and CLAUDE.md then pass with no question)"
)


def _r(rid: str, layer: str, verdict: str, summary: str, source: str, allow: str) -> Rule:
    return Rule(id=rid, layer=layer, verdict=verdict, summary=summary, source=source, allow=allow)


_RULES = (
    _r(PIN_UNKNOWN_TOOL, "pinning", "deny", "a tool that is not in the pinned tools/list",
       _PIN_SRC, "list the tools first; accept a new tool with `cordon pin accept`"),
    _r(PIN_CHANGED, "pinning", "deny", "a tool whose definition changed after pinning (rug pull)",
       _PIN_SRC, "review the change and accept it with `cordon pin accept`"),
    _r(PIN_DUPLICATE_TOOL, "pinning", "deny",
       "a tool name listed twice with different definitions in one tools/list (one page or "
       "across its pages): which one a client keeps is its own choice, so neither is shown "
       "from the page that repeats it and every call to it is denied until cordon restarts",
       "tool shadowing inside one server (Invariant Labs, April 2025)",
       "none: the server must list each tool once; then restart the client"),
    _r(PIN_PROMPT_CHANGED, "proxy", "deny",
       "a prompt whose definition (title, description, arguments) changed after pinning, or "
       "one listed after the pinned prompts/list: hidden from prompts/list, its prompts/get "
       "refused (prompt rug pull)",
       _PIN_SRC, "review the change and accept it with `cordon pin accept`"),
    _r(PIN_RESOURCE_CHANGED, "proxy", "deny",
       "a resource template whose definition changed after pinning, or one listed after the "
       "pinned resources/templates/list; a listed resource whose name, title, description, "
       "mimeType, icons or annotations (not lastModified) changed after pinning: hidden from "
       "the list, a resources/read of its URI refused (resource rug pull)",
       _PIN_SRC, "review the change and accept it with `cordon pin accept`"),
    _r(PIN_SERVER_CHANGED, "proxy", "deny",
       "a server whose command line, URL, serverInfo or instructions changed after pinning "
       "(every call; start-up stops on a changed command)",
       "MCPoison config swap (Check Point, CVE-2025-54136)",
       "review the change and accept it with `cordon pin accept`"),
    _r(PIN_SHADOWED_TOOL, "proxy", "ask",
       "a tool whose name another server of the same client listed first (tool shadowing)",
       "cross-server tool shadowing (Invariant Labs, April 2025)",
       f"{_APPROVE}; or rename the tool on one server"),
    _r(CONTENT_POISONED_DEFINITION, "pinning", "deny",
       "a tool whose description or schema carries instructions",
       "tool poisoning (Invariant Labs, April 2025)",
       "none: the server must fix the definition (the finding names the content rule)"),
    _r(BUDGET_MAX_CALLS, "budgets and scopes", "deny", "a tool past its max_calls budget",
       "runaway or looping agents (OWASP LLM10, unbounded consumption)",
       "raise `tools.<tool>.max_calls`"),
    _r(SCOPE_MISSING, "budgets and scopes", "deny", "a caller without the tool's required scopes",
       "least privilege (MCP 2025-06-18 Authorization, scopes)",
       "grant the scope, or drop `tools.<tool>.required_scopes`"),
    _r(ARG_MALFORMED, "argument rules", "deny", "arguments that are not a JSON object or cannot be checked",
       "fail closed (docs/threat-model.md invariant 2)", "none: send a JSON object"),
    _r(ARG_PATH_OUTSIDE, "argument rules", "deny",
       "a path argument, or a file: resource URI, outside allowed_path_prefixes",
       "path traversal (CWE-22); RFC 8089 file URIs", "add the directory to `allowed_path_prefixes`"),
    _r(ARG_PATH_UNRESOLVABLE, "argument rules", "deny",
       "a relative path with no base_dir, one that cannot be resolved, or a file: resource URI "
       "naming another host",
       "path traversal (CWE-22), fail closed",
       "set `base_dir` (or `tools.<tool>.base_dir`); a file: URI: name the local path (`file:///p`)"),
    _r(ARG_PATTERN, "argument rules", "deny", "an argument that does not match its arg_patterns regex",
       "argument injection (CWE-88)", "widen `tools.<tool>.arg_patterns`"),
    _r(ARG_MAX_VALUE, "argument rules", "deny", "a numeric argument over its max_value cap",
       "excessive agency (OWASP LLM06)", "raise `tools.<tool>.max_value`"),
    _r(ACTION_RM_ROOT, "action rules", "deny", "recursive deletion of / or home", _ACTION_SRC,
       _NO_POLICY),
    _r(ACTION_PIPE_TO_SHELL, "action rules", "deny", "a download piped into a shell", _ACTION_SRC,
       _NO_POLICY),
    _r(ACTION_SQL_DROP, "action rules", "deny", "DROP/TRUNCATE statements", _ACTION_SRC,
       _NO_POLICY),
    _r(ACTION_SQL_COMPUTED, "action rules", "deny",
       "SQL run from a computed string: PL/pgSQL's EXECUTE of an expression in a DO block or "
       "function body (format(), 'DR' || 'OP TABLE t', a variable), query_to_xml or "
       "dblink_exec given an expression: what runs cannot be read",
       f"{_ACTION_SRC}; a destructive statement split to pass the SQL rules",
       "send the statement itself, written out"),
    _r(ACTION_SQL_DELETE_NO_WHERE, "action rules", "deny or ask",
       "DELETE or UPDATE without WHERE (denied); one by a condition that can cover every row, "
       "not rows named by value (asked: WHERE id > 0, IS NOT NULL, LIKE)",
       _ACTION_SRC, f"{_APPROVE} (asks only); every row: do it outside the agent"),
    _r(ACTION_MKFS_DD, "action rules", "deny",
       "mkfs or dd onto a device, or a partition table, volume, pool or shadow copy destroyed "
       "(wipefs, sgdisk -Z, parted rm, zfs destroy, lvremove, vssadmin delete shadows)",
       f"{_ACTION_SRC}; MITRE ATT&CK T1561 (disk wipe), T1490 (inhibit system recovery)",
       _NO_POLICY),
    _r(ACTION_FORK_BOMB, "action rules", "deny", "a shell fork bomb", _ACTION_SRC,
       _NO_POLICY),
    _r(ACTION_CHMOD_777_ROOT, "action rules", "deny", "chmod/chown -R of / or home", _ACTION_SRC,
       _NO_POLICY),
    _r(ACTION_OPTION_INJECTION, "action rules", "deny",
       "an argument that starts with '-' for an executing tool", "argument injection (CWE-88)",
       "none in the policy: the rule applies to a tool that runs commands (name or `executes`)"),
    _r(ACTION_SHELL_METACHAR, "action rules", "deny",
       "shell metacharacters in an executing tool's arguments", "command injection (CWE-78)",
       "none in the policy: the rule applies to a tool that runs commands (name or `executes`)"),
    _r(ACTION_GIT_PUSH, "action rules", "ask", "git push", _ACTION_SRC,
       f"{_APPROVE}; {_TRUST}; or `requires_request`, and the user's request names it"),
    _r(ACTION_GIT_DESTROY, "action rules", "ask",
       "a git command that destroys work git cannot give back (reset --hard, clean, checkout or "
       "restore of a whole tree, force push, branch -D, stash drop, reflog expire, gc "
       "--prune=now)", f"{_ACTION_SRC}; git-scm.com reference pages",
       f"{_APPROVE}; {_TRUST}"),
    _r(ACTION_SYSTEM_DISRUPT, "action rules", "ask",
       "a command that stops the machine, its services, its network filtering, its users' "
       "access or its disks (shutdown, systemctl stop, kill -9 1, pkill, iptables -F, "
       "userdel, passwd -d, crontab -r, mount/umount, swapoff, sysctl -w, modprobe -r)",
       f"{_ACTION_SRC}; MITRE ATT&CK T1489, T1529, T1531, T1562.004",
       f"{_APPROVE}; {_TRUST}"),
    _r(ACTION_GIT_DIR, "action rules", "ask",
       "a git tool whose repository argument is a git directory itself (a bare repository a "
       "clone brings, a .git directory reached directly) or a path inside one, not a work "
       "tree: git runs that directory's hooks and reads its config",
       "embedded bare repositories (CVE-2022-24765; git's safe.bareRepository=explicit)",
       f"{_APPROVE}; {_TRUST}"),
    _r(ACTION_PUBLISH_DEPLOY, "action rules", "ask", "publishing or deploying", _ACTION_SRC,
       f"{_APPROVE}; {_TRUST}; or `requires_request`, and the user's request names it"),
    _r(ACTION_INFRA_APPLY, "action rules", "ask", "infrastructure apply/destroy", _ACTION_SRC,
       f"{_APPROVE}; {_TRUST}; or `requires_request`, and the user's request names it"),
    _r(ACTION_PAYMENT, "action rules", "ask", "payments and transfers",
       "AgentDojo banking injection tasks (payment to an attacker)",
       f"{_APPROVE}; {_TRUST}; or `requires_request`, and the user's request names it"),
    _r(ACTION_CREDENTIAL_WRITE, "action rules", "ask",
       "a write to credential or auto-run files (a client's MCP config, a repository's .git), "
       "or of a git configuration that runs commands",
       "credential theft and persistence (MITRE ATT&CK T1098, T1546); git config command "
       "execution (core.fsmonitor; embedded repositories, CVE-2022-24765)",
       f"{_APPROVE}; {_TRUST_WRITER}"),
    _r(ACTION_MASKED_SECRET_WRITE, "action rules", "deny",
       "a file write or edit whose text holds cordon's own mask of a credential "
       "(`[secret masked: ...]`): the agent read the file with the credential masked, and "
       "writing that text back replaces the real credential in the file with the mask",
       "silent loss of a credential the content firewall hid from the agent (warn mode)",
       "none needed: edit only the lines that change, leaving the masked line out "
       "(`edit_file` with old and new text around it), or edit the file yourself"),
    _r(ACTION_CORDON_MARKER_WRITE, "action rules", "deny",
       "a file write or edit whose text holds a marker cordon's warn mode put into what the "
       "agent read (`[untrusted instruction, do not follow: ...]`, `[untrusted link "
       "removed]` ...): writing that text back replaces the file's original text with "
       "cordon's",
       "silent corruption of a file by the content firewall's own rewrites (warn mode)",
       "none needed: edit only the lines that change, leaving the marked text out, or edit "
       "the file yourself"),
    _r(ACTION_CORDON_STATE, "action rules", "deny",
       "a write to cordon's own state (its approvals store, pin file, policy, audit log, "
       "~/.cordon), or to the policy, pin file or audit log of the client's other cordon "
       "processes (published at their start) or of an entry `cordon init` wrapped; or any "
       "write while those lists cannot be read; by a file tool or a shell command (`>`, "
       "`tee`, `cp`, `mv`, `rm`, `sed -i`, `truncate`, `ln -sf` ...): an agent that writes "
       "them approves its own asks, trusts a changed tool or turns a control off for the "
       "next start",
       "the approver boundary (docs/threat-model.md: the agent cannot answer cordon's "
       "question nor re-trust a changed tool)",
       "none: edit cordon's files in a terminal (`cordon approve`, `cordon pin accept`)"),
    _r(ACTION_CORDON_CONTROL, "action rules", "deny",
       "a shell command that runs cordon's control commands (`cordon approve`, `cordon pin "
       "accept`, `cordon auth`, `cordon init`, `cordon hook prompt`; through wrappers, `sh -c`, `script -c`, "
       "`python -m cordon`, a launcher or interpreter code): an agent that runs them answers "
       "cordon's question itself",
       "the approver boundary (docs/threat-model.md); fake-terminal wrappers (`script`, "
       "Python's `pty`) defeat a TTY check",
       "none: run the command yourself in a terminal"),
    _r(ACTION_DESTRUCTIVE_HINT, "action rules", "ask",
       "a tool annotated destructiveHint, or one the policy marks `destructive` (unless its "
       "`destructive_unless` arguments hold), or a call that leaves out an `ask_without` "
       "argument or gives an `ask_patterns` argument its asked form",
       "MCP 2025-06-18 Tools, annotations (destructiveHint)",
       f"{_APPROVE}; {_TRUST}; `destructive: false` for a tool the policy vouches for"),
    _r(ACTION_CREDENTIAL_CHANGE, "action rules", "ask",
       "a credential set to a value the user did not type",
       "account takeover (AgentDojo banking injection task 7)",
       f"{_APPROVE}; type the value in the request"),
    _r(ACTION_NOT_REQUESTED, "action rules", "ask", "an action the user's request does not ask for",
       "injected actions (AgentDojo)",
       f"{_APPROVE}; ask for it in the request; give the tool its own `requires_request`, or "
       "list it under `trust_tools` (which skips the built-in default for bookings, payments, "
       "deletes and calendar entries)"),
    _r(ACTION_SENSITIVE_UPLOAD, "action rules", "deny",
       "a shell command, or a tool that communicates externally (`egress: true`: a browser's "
       "file upload, a mail attachment), that sends a credential or sensitive file",
       "credential exfiltration through exec tools and uploads (MITRE ATT&CK T1048, T1552.001)",
       "none in the policy: send the file outside the agent"),
    _r(ACTION_DELETE_OUTSIDE, "action rules", "deny or ask",
       "a shell command that deletes or overwrites a path outside allowed_path_prefixes "
       "(ask when the policy gives none)", _ACTION_SRC,
       "add the directory to `allowed_path_prefixes` (or the tool's), set `base_dir`"),
    _r(ACTION_COMMAND_OPAQUE, "action rules", "ask",
       "a shell command that cannot be parsed, or whose program, target or host is computed "
       "at run time", "obfuscated commands (CWE-78); fail closed",
       f"{_APPROVE}; spell the command plainly"),
    _r(ACTION_SENSITIVE_READ, "action rules", "ask",
       "a shell command that reads a credential file or one under sensitive_paths",
       "credential access (MITRE ATT&CK T1552.001)", f"{_APPROVE}; {_TRUST}"),
    _r(ACTION_SQL_CODE, "action rules", "deny",
       "SQL that runs native code or a shell command on the database server "
       "(SQLite load_extension(), Postgres COPY ... PROGRAM, a body in an untrusted language "
       "or a C function, ALTER SYSTEM SET archive_command, SQL Server xp_cmdshell)",
       "SQL-driven code execution (CWE-94; Postgres CVE-2019-9193)", _NO_POLICY),
    _r(ACTION_SQL_FILE, "action rules", "deny or ask",
       "SQL that makes the database open a file outside itself (ATTACH, VACUUM INTO, COPY to "
       "a file, lo_export, readfile/writefile); denied at a credential or auto-run path; with "
       "no pack, judged as a shell command's file (a write outside the allowed prefixes denied, "
       "a sensitive read or a computed path asked)",
       "arbitrary file write through SQLite ATTACH/VACUUM INTO (CWE-73)",
       f"{_APPROVE} (asks only); do it outside the agent"),
    _r(ACTION_SQL_SCHEMA, "action rules", "ask",
       "SQL that drops or renames a column or table, creates a trigger, function or extension, "
       "or sets a PRAGMA",
       "excessive agency (OWASP LLM06): lasting changes to what later statements do",
       f"{_APPROVE}; {_TRUST}"),
    _r(ACTION_SQL_UNPARSED, "action rules", "ask",
       "SQL in a `sql` parameter that the parser cannot read, or a statement kind cordon does "
       "not know", "obfuscated statements; fail closed", f"{_APPROVE}; {_TRUST}"),
    _r(ACTION_SQL_WRITE, "action rules", "ask",
       "a statement that writes (or ends a transaction) given to a SQL tool meant only to read "
       "(`sql_read_only`, or the server's readOnlyHint)",
       "read-only bypass of the reference Postgres MCP server (COMMIT; DROP TABLE ...)",
       f"{_APPROVE}; {_TRUST}; `sql_read_only: false`"),
    _r(EGRESS_METADATA, "egress", "deny",
       "cloud metadata endpoints (169.254.169.254 and friends)",
       f"{_SSRF}; Capital One 2019", "none"),
    _r(EGRESS_PRIVATE_ADDRESS, "egress", "deny", "private, loopback and link-local addresses",
       _SSRF, "`egress.allow_private: true`"),
    _r(EGRESS_SCHEME, "egress", "deny", "URL schemes other than http(s) (file:, gopher:...)",
       _SSRF, "`egress.allow_schemes`"),
    _r(EGRESS_DNS_TUNNEL, "egress", "deny", "hostnames shaped like DNS tunnelling",
       "DNS exfiltration (MITRE ATT&CK T1048)", "`egress.allow` for the host"),
    _r(EGRESS_NOT_ALLOWLISTED, "egress", "ask",
       "a host outside egress.allow in allowlist mode", _SSRF,
       f"{_APPROVE}; add the host to `egress.allow`"),
    _r(TAINT_SEEN_IN_OUTPUT, "destination taint", "deny",
       "a destination that first appeared in untrusted tool output", _TAINT_SRC,
       "`trusted_destinations` with `allowlist_beats_taint: true`, or name it in the request"),
    _r(TAINT_UNVERIFIED_DESTINATION, "destination taint", "ask",
       "a destination neither allowlisted nor approved", _TAINT_SRC,
       f"{_APPROVE}; `trusted_destinations`"),
    _r(TAINT_HISTORY_LOST, "destination taint", "deny",
       "a destination that cannot be cleared because a sibling cordon process delivered "
       "output it never indexed", f"{_TAINT_SRC}; fail closed",
       "`trusted_destinations` with `allowlist_beats_taint: true`"),
    _r(TAINT_FORWARDED_LINK, "destination taint", "ask",
       "a link first seen in untrusted output, relayed in message text",
       "phishing relay through the agent (indirect prompt injection)",
       f"{_APPROVE}; name the link in the request"),
    _r(TAINT_RENDERED_RESOURCE, "destination taint", "ask",
       "an image or embed URL, from a host first seen in untrusted output, in content a "
       "`renders` tool writes (a page, an issue, a comment) or a shell command writes into "
       "a local file a viewer renders (`.md`, `.html`, `.svg`...): viewers fetch it "
       "unclicked; such a file made from one of another kind (a `.txt` moved onto a `.md`) "
       "once untrusted output was seen",
       "zero-click exfiltration through rendered markdown images (EchoLeak, CVE-2025-32711; "
       "CamoLeak)",
       f"{_APPROVE}; name the image's URL in the request"),
    _r(R2_TRIFECTA, "Rule of Two", "ask",
       "untrusted input + sensitive data + external communication (Rule of Two)",
       "Meta, Agents Rule of Two (October 2025); Willison, the lethal trifecta (June 2025)",
       f"{_APPROVE}; `trusted_destinations`, or `sensitive`/`untrusted_output` per tool"),
    _r(PRIVATE_CARD_NUMBER, "private records", "ask",
       "a payment card number (issuer prefix, Luhn check digit) in a sending call that the "
       "user's own text does not give, whatever the destination",
       "exfiltration of cardholder data (PCI DSS: the primary account number) by injected "
       "instructions, to a destination the user named for something else (OWASP LLM02)",
       f"{_APPROVE}; give the number in the request; `trust_tools`"),
    _r(SESSION_DEGRADED, "session", "deny",
       "a send after a result could not be fully recorded (history incomplete)",
       "fail closed (docs/threat-model.md invariant 2)", "none: start a new session"),
    _r(SECRET_EGRESS, "secrets", "deny",
       "a registered secret in any call, or in the client's answer to a server's request "
       "(sampling, elicitation, roots, a retry's inputResponses); one seen in output, in a "
       "sending call or a call to another server (of any cordon process of the client), or "
       "to the same server when a file, environment or command read relayed it",
       "credential exfiltration (docs/threat-model.md invariant 7; CyberArk's advanced tool "
       "poisoning)", "none"),
    _r(SECRET_PATTERN, "secrets", "deny",
       "a credential in a known format (AWS key id, GitHub token, private key, Slack, Stripe, "
       "JWT...; checksum checked where it has one) that nobody registered, in any call",
       "credential exfiltration (DLP; detect-secrets' plugins, Pipelock, Docker MCP gateway "
       "--block-secrets)",
       "`tools.<tool>.allow_secret_patterns`, or `secrets.patterns: off`"),
    _r(SECRET_UNREADABLE, "secrets", "ask",
       "a gzip or zlib stream in base64 that inflates past cordon's cap (1 MiB a stream, "
       "8 MiB a call), in a session that holds secrets: it cannot be cleared of them",
       "secrets hidden behind compressible padding, decompression bombs (fail closed)",
       _APPROVE),
    _r(APPROVAL_INVALID_STATE, "approvals", "deny", "an approval state that is invalid or expired",
       "forged or replayed approvals (MCP 2026-07-28 input_required requestState)",
       "answer the question again"),
    _r(APPROVAL_UNSHOWABLE, "approvals", "deny",
       "a call needing several approvals at once whose list (a look-alike warning, the "
       "rule of each approval, each destination) is longer than cordon's question and "
       "`cordon approve` show whole, or an approval of exact arguments with more "
       "arguments than the question names (12), a name longer than it shows whole (40 "
       "characters) or more than 4,000 bytes of values: nobody is asked",
       "approving what the person cannot see (the question caps the adversary's text, so "
       "a padded list would hide an address, or a reason such as a forwarded link, in its "
       "cut middle; arguments a server ignores, put first, pushed the command out of the "
       "question; a delete in the middle of a long command was cut from view); fail closed",
       "make the call with fewer destinations, or only the arguments the tool needs, or "
       "allow it in the policy"),
    _r(AUDIT_UNWRITABLE, "proxy", "deny", "a call whose audit record cannot be written",
       "docs/threat-model.md invariant 4 (audit before forwarding)",
       "none: fix the audit log path"),
    _r(POLICY_UNKNOWN_TOOL, "proxy", "deny",
       "a policy that does not fit the server: a restricting tools: entry naming no tool it "
       "lists nor a pack's but a near match of one (a likely typo), a servers: key misspelling "
       "its name, or a pack naming none (every call; another server's entry, near none of "
       "its names, and a loosening entry are recorded only)",
       "a misspelt rule leaves the real tool uncontrolled",
       "fix the policy (`cordon check --policy FILE --server NAME`)"),
    _r(CONTENT_BLOCKED, "gateway", "block",
       "a tool result withheld by the content firewall in block mode (library gateway)",
       "indirect prompt injection (OWASP LLM01)", "`content.mode` or `content.block_at`"),
    _r(DEFAULT_ALLOW, "default", "allow", "no rule objected", "-", "-"),
)  # fmt: skip

#: every engine rule id -> its :class:`Rule`, in pipeline order
CATALOGUE: dict[str, Rule] = {r.id: r for r in _RULES}
