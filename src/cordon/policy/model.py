"""The policy model (version 1), validated with pydantic; unknown keys are errors.

A policy is data: it never runs code. Every field carries its description as an attribute
docstring (``use_attribute_docstrings``); ``docs/policy.md`` is generated from them by
:mod:`cordon.policy.reference`, and a test fails when the two disagree.
"""

from __future__ import annotations

import os
import re
from functools import cached_property
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from cordon.policy.view import ToolView, build_view


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, use_attribute_docstrings=True)


def _absolute_paths(field: str, v: tuple[str, ...]) -> tuple[str, ...]:
    """Each path absolute once ``~`` is expanded: a relative prefix would be resolved against
    whatever working directory the MCP client starts cordon in."""
    for p in v:
        if not os.path.isabs(os.path.expanduser(p)):
            raise ValueError(f"{field}: {p!r} is a relative path; give an absolute one (or ~/...)")
    return v


class ToolPolicy(_Strict):
    """Controls for one tool. Every field is optional; absent means "no control of this kind"."""

    max_calls: int | None = Field(default=None, ge=0)
    """Calls of this tool allowed per `cordon run` process (per session in the library and
    `cordon serve`); past it a call is denied (`budget.max_calls`). A client restart starts
    the count again: it is no quota. `0` forbids the tool."""

    path_params: tuple[str, ...] = ()
    """Arguments that hold file paths. Their values are resolved (symlinks, `..`, `%2f`,
    component-wise) and must lie under the tool's `allowed_path_prefixes` (or the global ones);
    a path outside is denied (`arg.path_outside`), one that cannot be resolved, or a relative
    one with no `base_dir`, too (`arg.path_unresolvable`). Nested values are checked."""

    allowed_path_prefixes: tuple[str, ...] = ()
    """Directories this tool's `path_params` must stay in; replaces the global
    `allowed_path_prefixes` for this tool. Absolute (or `~/...`): a relative prefix stops
    start-up."""

    base_dir: str | None = None
    """Directory a relative path argument is resolved against (and joined to in the call
    forwarded); replaces the global `base_dir` for this tool. Without either, relative paths
    are refused. Absolute (or `~/...`)."""

    arg_patterns: dict[str, str] = Field(default_factory=dict)
    """Argument name to a regular expression the whole value must match (full match);
    otherwise deny (`arg.pattern`). A regex that does not compile stops start-up."""

    max_value: dict[str, float] = Field(default_factory=dict)
    """Argument name to the largest number it may carry; over it, or NaN, an infinity or a
    boolean, is denied (`arg.max_value`)."""

    exfiltrating: bool | None = None
    """The tool sends data somewhere (mail, chat, HTTP, a webhook): its sink parameters are
    checked for destination taint, egress and secrets. Unset: cordon decides from the
    parameter names (`to`, `cc`, `url`, `channel`, `webhook_url`...). `false` turns the sink
    checks off for this tool."""

    sink_params: tuple[str, ...] = ()
    """Arguments that name a destination, when the names do not say so themselves. A sending
    tool called without its declared sink parameters has its other string arguments searched
    for addresses, URLs and hosts."""

    code_params: tuple[str, ...] = ()
    """Arguments holding program text the tool runs (JavaScript in a page, Playwright code).
    Each URL written in it (`scheme://host...`, a protocol-relative `//host` opening a string
    literal) is a destination of the call, as a sink parameter's value is: a host first seen
    in untrusted output is denied (`taint.seen_in_output`), another asked about
    (`taint.unverified_destination`), even for a tool with `exfiltrating: false`. A host the
    code computes at run time (`'http://' + h`) names none: keep such a tool asked
    (`destructive`)."""

    sql: dict[str, Literal["sqlite", "postgres", "mysql"]] = Field(default_factory=dict)
    """Arguments holding SQL the tool runs, each with its dialect (`{query: sqlite}`). The
    text is parsed (sqlglot) into statements, and each is judged by what the database does
    with it: native code (`load_extension()`, `COPY ... PROGRAM`) is denied
    (`action.sql_code`); a file the database opens outside itself (`ATTACH 'path'`, `VACUUM
    INTO 'path'`, `COPY` to a file) is asked about, and denied at a credential or auto-run
    path (`action.sql_file`); `DROP`, `TRUNCATE`, and a `DELETE` or `UPDATE` with no
    restricting `WHERE`, at any depth (a CTE), are denied (`action.sql_drop`,
    `action.sql_delete_no_where`), and one by a condition that can cover every row (a
    range such as `id > 0`, `IS [NOT] NULL`, `LIKE`, a subquery or join) is asked about
    (the same rule); a dropped or renamed column or table, a trigger, function or
    extension, a `PRAGMA` that sets a value are asked about (`action.sql_schema`); text the
    parser cannot read, or a statement kind it does not know, is asked about
    (`action.sql_unparsed`). `SELECT`, `INSERT`, `CREATE TABLE`, and an `UPDATE` or
    `DELETE` of rows named by value (`WHERE id = 7`, `id IN (3, 4)`, joined by `AND`) run
    unasked."""

    sql_read_only: bool | None = None
    """The tool's `sql` is meant only to read: a statement that writes (`INSERT`, `UPDATE`,
    `DELETE`, DDL, a data-modifying CTE, `SELECT ... INTO`, a `PRAGMA` that sets a value,
    `VACUUM`) or ends a transaction (`COMMIT`: it closes the read-only transaction a server
    may wrap the text in) is asked about (`action.sql_write`). Unset: the server's
    `readOnlyHint: true`. A function that writes as a side effect (Postgres's `set_config`,
    `nextval`, a user-defined one) is not seen: the server's own read-only mode is the
    control there."""

    trusted_destinations: tuple[str, ...] = ()
    """Destinations this tool may send to without an ask, added to the global
    `trusted_destinations` (same forms)."""

    required_scopes: tuple[str, ...] = ()
    """Scopes a caller must hold (library `check(..., scopes=...)`, `cordon serve`); a call
    without them is denied (`scope.missing`). The stdio proxy passes no scopes."""

    sensitive: bool | None = None
    """Rule of Two: the tool reads sensitive data. Unset: the server's setting, else a read
    under `sensitive_paths`."""

    untrusted_output: bool | None = None
    """Rule of Two and taint: the tool's output is untrusted input. Unset: the server's
    setting, else untrusted unless the tool declares `openWorldHint: false` and no tool of
    its server writes its closed world (`openWorldHint: false` without `readOnlyHint: true`:
    a store the agent writes, such as the memory server, gives back what was written)."""

    egress: bool | None = None
    """Rule of Two: the tool communicates externally. Unset: decided from the tool's sink
    parameters and annotations. With `exfiltrating: false` too, the tool reaches nothing but
    its own files or service (every tool of the filesystem, git and memory packs): the egress
    rules read only its path and sink parameters and host- or URL-named arguments, so a
    file's text that mentions `127.0.0.1:8080` is data written, not a destination."""

    renders: bool | Literal["files"] | None = None
    """The tool writes content that other people's clients display (a wiki page, an issue, a
    comment: the Notion, Confluence, Jira and GitHub packs' writers). `files`: the tool
    writes the local files its `path_params` name (the filesystem and Desktop Commander
    packs' writers), read so only when a path it writes is of a kind a viewer renders with
    its embeds (an editor's markdown preview, GitHub's file view, a browser: `.md`,
    `.markdown`, `.mdx`, `.rst`, `.adoc`, `.org`, `.html`, `.htm`, `.svg`, `.ipynb`...); a
    `.txt` or `.py` is shown as text. A `files` tool with a source and a destination path
    (`move_file`) that makes such a file from one of another kind is asked about once
    untrusted output was seen: what the source holds was never judged as rendered. Whatever
    this key says, a shell command that writes such a file, in any tool (`echo '![](...)' >
    x.md`, `tee`, `sed -i`), has the embeds in the text it writes judged the same way, and
    one that makes it from a file of another kind (`mv notes.txt notes.md`, `cat notes.txt >
    x.md`) is asked about. Embeds that copy one earlier output's URLs on their
    hosts whole, as written, in order (a README's badges kept) carry nothing that output did
    not hold and are not asked about for their hosts; a URL changed or a choice among them
    (a subset, another order: CamoLeak's one URL per character) is. The image and embed URLs
    in it (markdown and HTML as a browser reads them, CSS, Jira, Textile, Confluence wiki and
    storage formats, AsciiDoc, reStructuredText, Org, BBCode; Notion, Atlassian, Slack,
    Discord and Teams JSON media) are fetched by every viewer with no click, so each is judged
    as a destination the call sends to: egress policy, secrets (`secret.egress`,
    `secret.pattern`) and a host first seen in untrusted output (`taint.rendered_resource`).
    Unset: a tool whose name writes content (`create_page`, `add_comment`, `post_message`,
    `create_draft`) and whose server does not mark it `readOnlyHint`. `false` turns the
    reading off."""

    writes: bool | None = None
    """The tool writes a file at each argument named like a path or a write target
    (`filename`, `path`, `output`, `dest`...), whatever its name says: a write aimed at a
    credential or auto-run file (a client's MCP config, `.git`, `.envrc`, `.vscode/tasks.json`)
    is asked about (`action.credential_write`), one at cordon's own files denied
    (`action.cordon_state`), as for a tool whose name writes (`write_file`, `pdf_save`).
    Playwright's screenshot, snapshot, console and network tools save to a `filename` the
    agent names, the network tool a response body the site wrote, byte for byte. Unset (or
    `false`): read from the name alone."""

    output_files: bool | None = None
    """The tool's result links files it wrote for the client to read (@playwright/mcp saves
    the page snapshot after a navigation or a click to a file and returns
    `[Snapshot](../out/page.yml)`; the client opens it with its own file tool, which no MCP
    proxy sees). `cordon run` reads each local file the result links (a markdown link's
    target, a `resource_link`'s `file://` URI; relative to the server's working directory;
    regular files only, at most 8 of 16 MiB) and records its text as output of the call:
    its hosts are taint, its credentials seen secrets, its injections logged. The client
    still reads the file itself: in `warn` its text reaches the agent unsanitised (start
    Playwright with `--snapshot-mode none` for pages read inline, through cordon). Unset (or
    `false`): links are text."""

    executes: bool | None = None
    """The tool runs programs: option injection (an argument starting with `-`) and shell
    metacharacters are denied (`action.option_injection`, `action.shell_metachar`)."""

    destructive: bool | None = None
    """Ask before every call, as for a tool annotated `destructiveHint`
    (`action.destructive_hint`)."""

    destructive_unless: dict[str, bool | int | str] = Field(default_factory=dict)
    """Ask before a call (`action.destructive_hint`) unless every argument named here has
    exactly the value given (the same JSON type: `1` is not `true`; an absent argument is not
    the value). For a tool whose default is the consequential case: the github pack's
    `create_repository` asks unless `private: true`, since GitHub creates a public repository
    when `private` is not given. `{}` over a pack's entry turns it off."""

    ask_without: tuple[str, ...] = ()
    """Ask before a call (`action.destructive_hint`) that leaves out any argument named here
    (or gives it `null` or `""`): the server then picks the value itself, from what it read.
    The gmail pack's `download_attachment` names the file after the sender's attachment name
    when `filename` is not given (`../../.bashrc` walks out of the directory) and writes in
    its own working directory when `savePath` is not."""

    ask_patterns: dict[str, str] = Field(default_factory=dict)
    """Ask before a call (`action.destructive_hint`) in which a value under an argument named
    here fully matches its regex (read as `arg_patterns` reads it, which denies a value that
    does not): the consequential form of an argument whose plain form is not. The github
    pack's `create_pull_request` asks when `head` is `owner:branch`, a branch of another
    account's fork: the pull request carries that account's code under the user's name."""

    allow_secret_patterns: tuple[str, ...] = ()
    """Credential formats this tool's arguments may carry (`secret.pattern` does not deny
    them): `aws`, `github_token`, `gitlab_token`, `private_key`, `slack`, `stripe`, `jwt`,
    `openai`, `anthropic`, `npm`, `pypi_token`, `sendgrid`, `discord`, `telegram`,
    `mailchimp`, `square_oauth`, `azure_storage_key`, or `*` for all. Registered and seen
    secrets are still denied (`secret.egress`)."""

    checked_live: bool = False
    """Packs only: the entry was compared with the server's live `tools/list`. The review pack
    flags pack entries written from documentation alone."""

    requires_request: tuple[str, ...] = ()
    """Regexes (case-insensitive); the tool runs unasked only when the session's trusted text
    (the user's request: library `new_session(trusted=[...])`; in `cordon run`, the prompts
    the client's prompt hook hands in, `cordon hook prompt`) matches one, else ask
    (`action.not_requested`). Without a request (a client with no prompt hook) such a tool is
    always asked about. An action ask (`action.payment`, `action.destructive_hint`...) of a
    sending call is answered by the request itself when it matches and names every
    destination of the call. Reads words, not meaning: "do NOT pay X" matches `\\bpay`;
    write patterns with their object."""

    directory: bool = False
    """The tool lists the system's own destinations (channels, members, contacts): each
    name-shaped whole item of its output (one token, or a display name of at most four words,
    64 characters) is a known destination, allowed even when it also appeared in untrusted
    output. A name inside prose vouches for nothing; a look-alike spelling of a listed name
    is vouched only as spelled. Mark only tools that list the system's own names."""

    directory_fields: tuple[str, ...] = ()
    """Like `directory`, but only the items under these field names vouch (a message list's
    `sender`, which the platform writes, and not its `body`, which anyone can). Read from
    JSON or a YAML dump only; a field named twice in one record vouches for neither value,
    and a value wrapped over several lines is one item. Use it only where the field's writer
    is a member of a closed system (a Slack workspace), never for an e-mail's sender."""

    directory_except: dict[str, bool | int | str] = Field(default_factory=dict)
    """With `directory_fields`: field to value; a record (an object holding a directory field)
    in which any of these fields has its value vouches for nothing, and neither does one in
    which the field is missing or of another type (unreadable: fail closed), nor the records
    inside it. The slack pack leaves out channels shared with another organisation (Slack
    Connect, `is_ext_shared: true`): a post there reaches another company, so one named only
    in output is asked about as any destination first seen there."""

    unfurls: bool | None = None
    """The platform fetches every link in what the tool posts to build a preview, with no
    click (Slack's link unfurling, Teams' and Discord's previews): each link is read as a
    rendered resource (see `renders`), so one whose host was first seen in untrusted output
    is asked about (`taint.rendered_resource`) and an approval covers that whole link, not
    another query on its host. Unset or `false`: a link is only asked about by host
    (`taint.forwarded_link`)."""

    @model_validator(mode="after")
    def _except_needs_fields(self) -> Self:
        if self.directory_except and (self.directory or not self.directory_fields):
            raise ValueError(
                "directory_except needs directory_fields (and not directory: true, whose"
                " items are not read by record)"
            )
        return self

    @field_validator("arg_patterns")
    @classmethod
    def _patterns_compile(cls, v: dict[str, str]) -> dict[str, str]:
        for name, pattern in v.items():
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"arg_patterns.{name}: regex does not compile: {exc}") from exc
        return v

    @field_validator("ask_patterns")
    @classmethod
    def _ask_patterns_compile(cls, v: dict[str, str]) -> dict[str, str]:
        for name, pattern in v.items():
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"ask_patterns.{name}: regex does not compile: {exc}") from exc
        return v

    @field_validator("allowed_path_prefixes")
    @classmethod
    def _prefixes_absolute(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        return _absolute_paths("allowed_path_prefixes", v)

    @field_validator("base_dir")
    @classmethod
    def _base_absolute(cls, v: str | None) -> str | None:
        if v is not None:
            _absolute_paths("base_dir", (v,))
        return v

    @field_validator("allow_secret_patterns")
    @classmethod
    def _known_patterns(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        from cordon.store.dlp import KINDS

        for kind in v:
            if kind != "*" and kind not in KINDS:
                known = ", ".join(sorted(KINDS))
                raise ValueError(f"allow_secret_patterns: unknown kind {kind!r} (known: {known})")
        return v

    @field_validator("requires_request")
    @classmethod
    def _requests_compile(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        for pattern in v:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"requires_request: regex does not compile: {exc}") from exc
        return v


#: the tool policy of a tool the policy does not list (no control of any kind); one object,
#: so :meth:`Policy.tool_view` keeps one view for every such tool
NO_TOOL_POLICY = ToolPolicy()

ContentMode = Literal["monitor", "warn", "block"]

#: the content mode when neither the policy nor ``cordon run --content`` names one: what the
#: agent reads has its credentials masked, ANSI and hidden characters removed and injections
#: neutralised; ``monitor`` (deliver unchanged, log the findings) must be asked for
DEFAULT_CONTENT_MODE: ContentMode = "warn"


class ContentPolicy(_Strict):
    """The content firewall over every result (tool calls, resource reads, prompts)."""

    mode: ContentMode = DEFAULT_CONTENT_MODE
    """`warn` (the default): tool results with findings are sanitised before delivery
    (credentials masked, ANSI escapes and invisible characters removed, instructions wrapped
    as untrusted). `monitor`: findings go to the audit log, results pass unchanged. `block`:
    `warn` plus a threshold: a result with a finding at or over `block_at` is replaced by an
    error, any other is delivered as `warn` delivers it (a finding under `block_at` is still
    masked, stripped or wrapped). Verdicts on calls do not depend on this mode."""

    block_at: Literal["low", "medium", "high", "critical"] = "high"
    """The lowest finding severity that `block` mode blocks (a result under it is sanitised
    as in `warn`)."""


class EgressPolicyModel(_Strict):
    """Where sending calls may reach: URLs, hosts and IP addresses in their arguments."""

    mode: Literal["open", "allowlist"] = "open"
    """`open`: only the deny rules apply (metadata endpoints, private addresses, odd schemes,
    DNS-tunnel labels). `allowlist`: a host not covered by `allow` is asked about
    (`egress.not_allowlisted`)."""

    allow: tuple[str, ...] = ()
    """Hosts covered in allowlist mode: a domain covers its subdomains; `*.domain`, URLs (host
    taken), IPs and CIDR ranges work too. An entry that is itself a public suffix (`com`,
    `github.io`) never matches. An exact entry also lifts the private-address and DNS-tunnel
    rules for that host, never the metadata or scheme rules."""

    allow_private: bool = False
    """Permit loopback, private, link-local, CGNAT and ULA addresses (`egress.private_address`).
    Cloud metadata endpoints stay denied."""

    allow_schemes: tuple[str, ...] = ()
    """URL schemes to permit besides http(s) (`ftp`), lower-case, no colon; others are denied
    (`egress.scheme`)."""


class SecretsPolicy(_Strict):
    """Secrets that must never leave in a call (`secret.egress`), in any encoding the matcher
    decodes, even after an approval: registered ones in any argument of any call, and
    credentials cordon saw in a server's output in any call to another server or any sending
    call. Credentials in known formats nobody registered are denied too (`secret.pattern`)."""

    env: tuple[str, ...] = ()
    """Names of environment variables whose values are secrets."""

    files: tuple[str, ...] = ()
    """Files whose contents are secrets; a file that cannot be read stops start-up."""

    env_credentials: bool = True
    """Also treat as secrets the variables of cordon's own environment whose names say they
    hold a credential (`*_TOKEN`, `*_SECRET`, `*PASSWORD`, `*_KEY`, `*_PAT`,
    `*_CREDENTIALS`, `*_AUTH`; a value that is a path or a URL without a password is
    skipped). An MCP client passes a server its token in the entry's `env`, which `cordon
    run` inherits and hands on: that token, and the API keys of the agent's own
    environment, may not leave in a call. `off` protects only what `env` and `files`
    name."""

    patterns: bool = True
    """Deny calls whose arguments carry a credential in a known format (detect-secrets'
    plugins: AWS key ids, GitHub and GitLab tokens, private key blocks, Slack, Stripe, JWT...;
    checksums checked where the format has one) that this server did not itself return
    (`secret.pattern`). `off` turns the check off; `tools.<name>.allow_secret_patterns`
    allows formats for one tool."""


class ServerRequestsPolicy(_Strict):
    """What `cordon run` does with the requests a server makes of the client. Each is
    `scan` (the default), `allow` or `deny`; a kind the client did not declare (or an
    elicitation mode, sampling context or sampling tools it did not declare) is always
    refused, and a refusal is answered to the server with a JSON-RPC error and audited. In
    the `warn` and `block` content modes what passes reaches the client sanitised."""

    sampling: Literal["scan", "allow", "deny"] = "scan"
    """`sampling/createMessage` (a prompt for the client's model). `scan` refuses one whose
    text has a content finding of medium severity or more."""

    elicitation: Literal["scan", "allow", "deny"] = "scan"
    """`elicitation/create` (a form shown to the user). `scan` refuses a form that asks for a
    secret: a field or message naming a password, token, API key, private key, card number."""

    roots: Literal["scan", "allow", "deny"] = "scan"
    """`roots/list` (the client's root folders). `scan` passes it on."""


class ServerPolicy(_Strict):
    """Defaults for every tool of one server (by the `--name` given to `cordon run`)."""

    server_requests: ServerRequestsPolicy = ServerRequestsPolicy()
    """Sampling, elicitation and roots requests from this server (server-to-client requests;
    on a 2026-07-28 connection, an `input_required` result's `inputRequests`)."""

    untrusted_output: bool | None = None
    """The server's output is untrusted input (a tool's own setting wins)."""

    sensitive: bool | None = None
    """The server's tools read sensitive data (a tool's own setting wins)."""

    trust_tools: tuple[str, ...] = ()
    """Tools of this server whose built-in action asks are skipped, like the global
    `trust_tools`."""


class Policy(_Strict):
    """A whole policy (after layering). ``version`` must be 1."""

    version: Literal[1] = 1
    """The policy format version; must be `1`."""

    packs: tuple[str, ...] = ()
    """Built-in packs to layer under this file, one per server: `filesystem`, `memory`,
    `fetch`, `git`, `playwright`, `notion`, `supabase`, `gmail`, `atlassian`, `sqlite`,
    `postgres`, `github`, `slack`, `desktop_commander` (each checked against its pinned
    server's live tool list), `github_official` (GitHub's own server, checked against its
    tool-schema snapshots), `gdrive` and `http` (written from documentation). A pack's
    tool entries are defaults, merged field by field with this file's."""

    trusted_destinations: tuple[str, ...] = ()
    """The allowlist: destinations any sending tool may reach without an ask. An address
    (`ops@example.com`), a whole mail domain (`@example.com`), a host (`docs.example.com`:
    a URL to it, whatever the path; not its subdomains), a host and its subdomains
    (`*.example.org`). Matched as spelled: a look-alike (`ops@еxample.com` with a Cyrillic
    `е`) is not the entry. A listed destination that also appeared in untrusted output is
    still denied unless `allowlist_beats_taint` is set."""

    allowlist_beats_taint: bool = False
    """Let `trusted_destinations` win over taint: an allowlisted address that appeared in
    untrusted output is allowed. Off by default, because an attacker who names your
    colleague's address may be steering the agent."""

    trusted_text_beats_taint: bool = True
    """Library API: a destination in the user's own text (`trusted=`) is allowed even when it
    also appeared in tool output, in the spelling the user typed. A repository the text names
    as `owner/repo` (a whole word) or by its `github.com/owner/repo` URL names a call's
    `owner` and `repo` arguments as that pair, and neither with anything else."""

    min_destination_length: int = Field(default=6, ge=1)
    """Destinations shorter than this are never tainted: short strings appear everywhere in
    output and would deny everything."""

    taint_memory_bytes: int = Field(default=64 * 1024 * 1024, ge=1024)
    """Memory for the session's taint index. Past it the oldest output is dropped, and a
    destination that is not found becomes an ask, never an allow (an allowlisted one too)."""

    approval_timeout_s: float = Field(default=120.0, gt=0)
    """Seconds to wait for a person to answer an ask through the client; no answer is a
    deny."""

    content: ContentPolicy = ContentPolicy()
    """The content firewall (below)."""

    egress: EgressPolicyModel = EgressPolicyModel()
    """Egress rules for URLs and hosts in sending calls (below)."""

    secrets: SecretsPolicy = SecretsPolicy()
    """Registered secrets (below)."""

    allowed_path_prefixes: tuple[str, ...] = ()
    """Default directories for every tool with `path_params` and no prefixes of its own.
    Absolute (or `~/...`). A tool with `path_params` and no prefix anywhere has its paths
    resolved and relative ones refused, but is not confined (the review pack flags it). A
    path must stay inside in every reading: with backslashes as separators, NFKC-folded,
    stripped of white space; a Windows drive path (`C:\\x`) is outside. They also confine a
    client's `file:` resource URIs (`resources/read`, `resources/subscribe`,
    `subscriptions/listen`) the same way: percent-decoded once and as often as it decodes,
    `file://localhost/p` is `/p`, another host is denied."""

    base_dir: str | None = None
    """Default directory a relative path argument is resolved against, for every tool with
    `path_params` and no `base_dir` of its own. Absolute (or `~/...`). Without it relative
    paths are refused (`arg.path_unresolvable`). A relative path is then resolved and
    confined as an absolute one is, and an allowed call goes to the server with that
    absolute path (a `~` path expanded too; the audit record's `forwarded_paths` lists
    them), so the server opens the file cordon judged even where it would resolve a
    relative path elsewhere (the filesystem server: its first directory argument, or the
    client's roots)."""

    sensitive_paths: tuple[str, ...] = ()
    """Paths whose reads count as sensitive data for the Rule of Two (`~/.ssh`, `~/.aws`),
    compared in any case and Unicode normalisation (`~/.SSH` on macOS and Windows is the same
    directory, and so on macOS is a name written in NFD)."""

    trust_tools: tuple[str, ...] = ()
    """Tools whose built-in action asks (git push, deploy, payment..., and the default that a
    booking, payment, delete or calendar entry the user's request does not ask for is asked
    about) are skipped; never the block rules, nor the tool's own `requires_request`."""

    @field_validator("allowed_path_prefixes")
    @classmethod
    def _prefixes_absolute(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        return _absolute_paths("allowed_path_prefixes", v)

    @field_validator("base_dir")
    @classmethod
    def _base_absolute(cls, v: str | None) -> str | None:
        if v is not None:
            _absolute_paths("base_dir", (v,))
        return v

    servers: dict[str, ServerPolicy] = Field(default_factory=dict)
    """Per-server defaults, keyed by the server's `--name`. A key that is not the server's
    name but a near match of it (`flies` run as `files`: the same after case and separator
    folding, or one edit away), with no key of its own name, is a typo that drops its
    settings: `cordon run` denies every call to the server until it is fixed."""

    tools: dict[str, ToolPolicy] = Field(default_factory=dict)
    """Per-tool controls, keyed by tool name; the names are global, so one file may serve
    several servers. An entry for a tool the server does not list is reported (stderr, audit
    `policy.unknown_tool`, review pack). When it restricts something, and no pack of the
    policy names the tool (a pack covers several versions of its server): if it is a near
    match of a listed name (`write_fiel`, `Write-File`: the same after case, Unicode and
    separator folding, or one edit away, two for long names) it is a typo that leaves the
    real tool uncontrolled, and `cordon run` denies every call to the server until the policy
    is fixed, as it does for a pack naming none of its tools; otherwise it is taken for
    another server's tool (a warning). `cordon check --policy FILE --server NAME` fails on
    both."""

    @cached_property
    def _tool_views(self) -> dict[str | None, tuple[ToolPolicy, ToolView]]:
        """Tool name (``None``: a tool the policy does not list) -> (the tool policy, its
        view): what :meth:`tool_view` built. In the instance's ``__dict__``, which equality,
        serialisation and validation ignore (they read the fields); a copy starts without
        it (:meth:`__copy__`)."""
        return {}

    def tool_view(self, tool: str, tp: ToolPolicy) -> ToolView:
        """The fields of ``tp`` (``tool``'s policy) and of this policy that the engine's
        checks read, as plain slots (:mod:`cordon.policy.view`). Built at the tool's first
        call and kept here: one per tool this policy lists (``tp`` its entry) and one for
        every other (``tp`` :data:`NO_TOOL_POLICY`), so at most one more than the listed
        tools whatever names a client calls. Another ``tp`` gets a view built for it, not
        kept. The tool policy kept beside each view is compared by identity: it is held, so
        its identity cannot be reused."""
        views = self._tool_views
        got = views.get(tool)
        if got is None or got[0] is not tp:
            got = views.get(None)
            if got is None or got[0] is not tp:
                return self._new_view(tool, tp)
        return got[1]

    def _new_view(self, tool: str, tp: ToolPolicy) -> ToolView:
        view = build_view(self, tp)
        if tp is self.tools.get(tool):
            self._tool_views[tool] = (tp, view)
        elif tp is NO_TOOL_POLICY:
            self._tool_views[None] = (tp, view)
        return view

    # ``model_copy`` copies the instance's ``__dict__`` and then writes the updated fields
    # into it: views kept there would be of the old fields. A copy starts without them.
    def __copy__(self) -> Self:
        copied = super().__copy__()
        copied.__dict__.pop("_tool_views", None)
        return copied

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        copied = super().__deepcopy__(memo)
        copied.__dict__.pop("_tool_views", None)
        return copied
