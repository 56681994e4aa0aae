"""Assemble and run ``cordon run``: policy, engine, session, audit log, approvals, the proxy
core and its stdio transport."""

from __future__ import annotations

import os
import shlex
import shutil
import stat
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from cordon import __version__
from cordon._exceptions import CordonError
from cordon.approvals.codes import CodeStore, server_scope
from cordon.argvcreds import argv_credentials, masked_argv
from cordon.audit.log import AuditLog
from cordon.content import warm as warm_scanner
from cordon.decider import Decider
from cordon.engine import rules
from cordon.engine.core import Engine, Session
from cordon.engine.dlp import withhold
from cordon.pin_paths import run_pin_file
from cordon.policy import Policy, ToolPolicy, load_policy, policy_hash
from cordon.policy.loader import sets_nothing
from cordon.proxy.core import CoreConfig, ProxyCore
from cordon.proxy.stdio import SubprocessUpstream
from cordon.proxy.transport import Transport, Upstream, run
from cordon.proxy.work import SessionWork
from cordon.store import PinFile, SharedTaintStore, policy_secrets
from cordon.store.pins import accept_command, identity_changes
from cordon.store.prompts import PromptStore
from cordon.store.state_paths import SharedStatePaths, own_state_paths
from cordon.store.tool_names import ToolNames
from cordon.urlcreds import masked_url, only_path_keys_differ, pinned_url, server_credentials

if TYPE_CHECKING:
    from cordon.proxy.oauth import CordonOAuth


def _check_stdio() -> None:
    """Refuse to start unless stdin and stdout are pipes, sockets or a terminal: the relay
    reads and writes them through asyncio pipe transports, which cannot watch a regular
    file or ``/dev/null`` (an MCP client always starts cordon with pipes).

    Raises:
        CordonError: naming the stream and what it is.
    """
    for fd, label in ((0, "stdin"), (1, "stdout")):
        try:
            mode = os.fstat(fd).st_mode
        except OSError as exc:
            raise CordonError(f"{label} is not usable: {exc}") from exc
        if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode) or os.isatty(fd):
            continue
        kind = "a regular file" if stat.S_ISREG(mode) else "not a pipe"
        raise CordonError(
            f"{label} is {kind}: cordon run speaks MCP over pipes (an MCP client starts it "
            "with pipes, or run it in a terminal)"
        )


def _load(policies: list[Path], content_mode: str | None, block_at: str | None) -> Policy:
    """The policy, with ``--content`` and ``--block-at`` applied (validated again)."""
    policy = load_policy(policies)
    if content_mode is None and block_at is None:
        return policy
    update = {k: v for k, v in (("mode", content_mode), ("block_at", block_at)) if v is not None}
    content = policy.content.model_copy(update=update)
    checked = type(policy.content).model_validate(content.model_dump())
    return type(policy).model_validate({**policy.model_dump(), "content": checked.model_dump()})


class _RunPins(PinFile):
    """The pin file of ``cordon run``. An upstream met for the first time is pinned with the
    first write its answers bring (``first``), not at start-up: a start that never reached it
    (stdin not a pipe, a missing command, an unreachable URL) leaves no pin file naming a
    server that never ran. Nothing is lost: an identity pinned before any answer protects
    nothing (:func:`_identity` re-pins one that never answered as on first use)."""

    first: tuple[str, dict[str, Any]] | None = None

    def save(self, data: Mapping[str, Any]) -> None:
        if self.first is not None:
            (name, upstream), self.first = self.first, None
            data = dict(data)
            entry = data["servers"].setdefault(name, {})
            entry.setdefault("identity", {}).setdefault("upstream", upstream)
        super().save(data)


def _pins(engine: Engine, pin_file: Path | None, name: str, repin: bool) -> PinFile | None:
    """The pin file, its pins for ``name`` set as the engine's baseline (unless ``repin``).
    ``cordon run`` always passes one (:func:`cordon.pin_paths.run_pin_file` by default),
    so pins outlive a restart however the client entry was written.

    Raises:
        CordonError: the pin file is unreadable (start-up stops).
    """
    if pin_file is None:
        return None
    pins = _RunPins(pin_file)
    if not repin:
        try:
            baseline = pins.pins_for(name)
        except (OSError, ValueError) as exc:  # a corrupt pin file stops start-up
            raise CordonError(f"pin file {pin_file} is unreadable: {exc}") from exc
        if baseline is not None:
            engine.set_baseline(name, baseline)
    return pins


class _ServerChanged(CordonError):
    """The upstream is not the one pinned (``pin.server_changed``): start-up stops, after
    the refusal is on the audit record (:func:`_record_refusal`)."""


def _identity(
    pins: PinFile | None, name: str, command: list[str], url: str | None, repin: bool
) -> dict[str, Any]:
    """Pin the upstream's command line (or URL) with the server's tools, or stop start-up
    when it is not the one pinned (a config swap: another program behind the same entry).
    Returns the upstream as pinned: ``{"command": [...]}`` or ``{"url": URL}``.

    Raises:
        CordonError: the command line or URL changed (kept pending for `cordon pin accept`),
            or the pin file cannot be read or written.
    """
    # a URL is pinned with its credentials masked (cordon.urlcreds.pinned_url): the pin file
    # holds no key, and a rotated userinfo or query key is the same server; a key in the
    # path is kept as a short digest, so a rotated one is another server (pin.server_changed)
    # and a command line with its keys masked (cordon.argvcreds: --api-key KEY, a connection
    # string's password), as a URL's query key: the same server when the key rotates
    upstream: dict[str, Any] = (
        {"url": pinned_url(url)} if url is not None else {"command": masked_argv(command)}
    )
    if pins is None:
        return upstream
    seen = {"upstream": upstream}
    try:
        pinned = pins.identity(name)
        was_url = ((pinned or {}).get("upstream") or {}).get("url")
        if isinstance(was_url, str) and was_url != upstream.get("url", was_url):
            if pinned_url(was_url) == upstream["url"]:
                # pinned before URLs were masked: the same server, its key now out of the file
                pins.rewrite_identity(name, seen)
                pinned = pins.identity(name)
        was_cmd = ((pinned or {}).get("upstream") or {}).get("command")
        if isinstance(was_cmd, list) and was_cmd == list(command) != upstream.get("command"):
            # pinned before command lines were masked: the same server, its key taken out
            pins.rewrite_identity(name, seen)
            pinned = pins.identity(name)
        if pinned is not None and set(pinned) <= {"upstream"} and pins.pins_for(name) is None:
            # the pinned upstream never answered (no serverInfo, no tool list pinned: a
            # mistyped URL or command): nothing of it was trusted, so the corrected one is
            # pinned as on first use, not held as a swap for `cordon pin accept`
            repin = True
        if not repin and identity_changes(pinned, seen):
            pins.record_pending_identity(name, seen)
            was_up = (pinned or {}).get("upstream")
            was, now = _shown_upstream(was_up), _shown_upstream(upstream)
            raise _ServerChanged(
                f"server {name!r} is not the one pinned (pin.server_changed): it now runs "
                f"{now}, pinned {was}{_path_key_note(was_up, upstream)}; review it and run "
                f"`{accept_command(name, pins)}` in a terminal"
            )
        if pinned is None and isinstance(pins, _RunPins):
            pins.first = (name, upstream)  # pinned once the upstream answers
        else:
            pins.pin_identity(name, seen, replace=repin)
    except (OSError, ValueError) as exc:
        raise CordonError(f"pin file {pins.path} is unreadable: {exc}") from exc
    return upstream


def _code_store(
    path: Path | None,
    name: str,
    command: list[str],
    url: str | None,
    headers: dict[str, str],
    pin_file: Path,
) -> CodeStore:
    """The one-time code store, its codes scoped to this server
    (:func:`cordon.approvals.codes.server_scope`): redeemed by it only, not by another
    server given the same name. What it runs (the command line, or the URL and headers, as
    given) and its pin file tell them apart; a command's environment and working directory
    too, since one command line serves two accounts told apart by ``env`` alone (a token, a
    mailbox) or by the directory it starts in (a filesystem server given ``.``)."""
    ident: dict[str, Any] = {
        "command": command,
        "url": url,
        "headers": headers,
        "pins": str(pin_file.absolute()),
    }
    if command:
        ident["env"] = dict(os.environ)
        ident["cwd"] = os.getcwd()
    # what `cordon approve` shows of the server (the scope is a digest): no credential
    shown = (
        masked_url(url)
        if url is not None
        else f"{shlex.join(masked_argv(command))} (in {os.getcwd()})"
    )
    return CodeStore(path, scope=server_scope(name, ident), instance=shown)


def _session_work(
    engine: Engine,
    session: Session,
    name: str,
    pins: PinFile | None,
    store: SharedTaintStore | None,
    prompts: PromptStore | None,
    codes: CodeStore,
    shared_taint: bool,
    policies: list[Path],
) -> SessionWork:
    """The session-side half of the proxy, its policy checked against the server's pinned
    tool names (:func:`_fit_pinned`); a misfit's `cordon check` line names ``policies``."""
    work = SessionWork(
        engine=engine,
        session=session,
        server=name,
        decider=Decider(session, server=name, codes=codes),
        pin_file=pins,
        shared=store,
        prompts=prompts,
        tool_names=_tool_names(shared_taint),
    )
    if policies:  # each file as loaded, absolute: the person runs it in another directory
        work.policy_options = " ".join(
            f"--policy {shlex.quote(str(p.absolute()))}" for p in policies
        )
    _fit_pinned(work, pins, name)
    return work


def _fit_pinned(work: SessionWork, pins: PinFile | None, name: str) -> None:
    """The policy against the tool names pinned for ``name`` (its latest tools/list), before
    any tools/list: a client that calls without listing first (a cached list) is denied too
    under a policy that does not fit. Each complete live list's check replaces this one.
    With no names pinned yet, only the ``servers:`` keys are checked (a typo of this
    server's name needs no tool list)."""
    from cordon.checktools import pinned_tools

    names: set[str] | None = None
    if pins is not None:
        try:
            names = pinned_tools(pins.path, name).get(name) or None
        except (OSError, ValueError):  # no pins of this server yet: the live list decides
            names = None
    problem = work.fit_policy(names)
    if problem is not None:
        sys.stderr.write(f"cordon: {problem}\n")


def _shown_upstream(upstream: Any) -> str:
    """An upstream as one line: its command line, quoted, or its URL."""
    if isinstance(upstream, dict) and isinstance(upstream.get("command"), list):
        text = shlex.join(str(w) for w in upstream["command"])
    elif isinstance(upstream, dict):
        # no credential on stderr; a path key as the pin file's digest, so two differ
        text = pinned_url(str(upstream.get("url")))
    else:
        text = repr(upstream)
    return "`" + text.replace("\n", "\\n").replace("\r", "\\r") + "`"


def _path_key_note(was: Any, now: Any) -> str:
    """What tells two URLs apart when only a key in their path does (a rotated path key):
    cordon cannot tell a new key of the same server from another server's URL."""
    a, b = (u.get("url") if isinstance(u, dict) else None for u in (was, now))
    if not (isinstance(a, str) and isinstance(b, str) and only_path_keys_differ(a, b)):
        return ""
    return (
        " (only the key in the URL's path differs: each path key is pinned as its own "
        "server, so a rotated key is accepted like a new server)"
    )


def _server_requests(policy: Policy, name: str) -> dict[str, str]:
    """``servers.<name>.server_requests`` as kind -> ``scan`` | ``allow`` | ``deny``."""
    sp = policy.servers.get(name)
    return sp.server_requests.model_dump() if sp is not None else {}


def _headers(specs: list[str], env_specs: list[str]) -> dict[str, str]:
    """The ``--header`` specs, then the ``--header-env`` ones read from the environment.

    Raises:
        CordonError: a malformed spec, or a variable that is not set (named, never a value).
    """
    from cordon.clientremote import env_header_specs

    try:
        specs = [*specs, *env_header_specs(env_specs, dict(os.environ))]
        if not specs:
            return {}
        from cordon.proxy.http import parse_header

        return dict(parse_header(spec, dict(os.environ)) for spec in specs)
    except ValueError as exc:
        raise CordonError(str(exc)) from exc


def _oauth(
    url: str | None, headers: dict[str, str], enabled: bool, on_secret: Callable[[str], None]
) -> CordonOAuth | None:
    """The OAuth flow for ``--url`` (on unless ``--no-oauth``, or a static ``Authorization``
    header is the credential): it does nothing until the server answers 401."""
    if url is None or not enabled or any(k.lower() == "authorization" for k in headers):
        return None
    from cordon.proxy.oauth import make_oauth  # the SDK's OAuth client: only for --url

    return make_oauth(url, on_secret=on_secret)


def _upstream(
    engine: Engine,
    name: str,
    command: list[str],
    url: str | None,
    headers: dict[str, str],
    max_bytes: int,
    auth: CordonOAuth | None = None,
    sse: bool = False,
    init_wait: float | None = None,
) -> Upstream:
    """The server side: a subprocess, or the server at ``url`` (Streamable HTTP, or with
    ``sse`` the legacy HTTP+SSE transport); ``init_wait``: the seconds the server has to
    answer the client's ``initialize`` (None: the default, 0: no limit), and a legacy one to
    send its endpoint event (30 s at most)."""
    if url is None:
        return SubprocessUpstream(command)
    from cordon.proxy.sse import FallbackUpstream, SseUpstream

    # one User-Agent on every request to the server (the lean client's, httpx2's, the OAuth
    # flow's: cordon.proxy.oauth.stamp); one given with --header wins
    if not any(k.lower() == "user-agent" for k in headers):
        headers = {"user-agent": f"cordon/{__version__}", **headers}

    def legacy() -> SseUpstream:  # the same headers, OAuth and size cap as with --sse
        wait = {} if init_wait is None else {"init_wait": init_wait}
        return SseUpstream(url, headers=headers, max_bytes=max_bytes, auth=auth, **wait)

    if sse:
        return legacy()
    # imported only for a remote server: the HTTP client and the SDK's header codecs weigh
    # ~35 MB of a process that must stay small per wrapped server
    from cordon.proxy.http import HttpUpstream

    def schema(tool: str) -> Any:
        return (engine.definitions.get(name, {}).get(tool) or {}).get("inputSchema")

    http = HttpUpstream(url, headers=headers, schema=schema, auth=auth, max_bytes=max_bytes)
    if init_wait is not None:
        http.init_wait = init_wait
    # a server that refuses the initialize POST as a legacy HTTP+SSE server does gets that
    # transport instead (MCP basic/transports, "Backwards Compatibility"; cordon.proxy.sse)
    return FallbackUpstream(http, legacy)


def _open_audit(
    path: Path | None,
    policy: Policy,
    policies: list[Path],
    name: str,
    engine: Engine,
    session: Any,
    url: str | None,
    upstream: Any,
) -> AuditLog:
    """The audit log, opened with its start record. A ``--policy`` file that sets nothing
    is named on stderr and in that record: it loads as the defaults (as no ``--policy``
    does), and a file saved empty or cut short must not pass for rules in force."""
    empty = [p for p in policies if sets_nothing(Path(p))]
    for p in empty:
        sys.stderr.write(
            f"cordon: warning: {p} sets nothing: the defaults apply, as with no --policy "
            "(`cordon check` lists them)\n"
        )
    audit = AuditLog(path)
    audit.start(
        version=__version__,
        policy_hash=policy_hash(policy),
        server=name,
        session=session.id,
        # no token in the log: the URL's own credentials masked, then any secret withheld
        upstream=withhold(
            {"url": masked_url(url)} if url is not None else upstream,
            session.secrets,
            engine.dlp,
        ),
        policy_files=[str(Path(p).resolve()) for p in policies],  # cordon report reads them
        empty_policy_files=[str(Path(p).resolve()) for p in empty],
    )
    return audit


class _Start(NamedTuple):
    """The start of ``cordon run``, as a refused start's audit record names it."""

    audit_path: Path | None
    policy: Policy
    policies: list[Path]
    name: str
    url: str | None
    command: list[str]
    #: ``--url-env VAR``: with ``url`` None and no command, VAR was not set
    url_env: str | None = None


def _record_refusal(
    start: _Start, engine: Engine, refused: CordonError, upstream: dict[str, Any] | None = None
) -> None:
    """A start refused on the audit record, as every verdict is: a start record naming the
    program (or URL) that was not started, then why. A swapped upstream gets the ``pin``
    record a server whose identity changes while running gets; any other refusal (a
    ``--header`` or ``--header-env`` that cannot be read) the ``upstream`` ``start_failed``
    record of a server that cannot be started (a ``--url-env`` variable not set: ``upstream``
    names it, no URL being known)."""
    path, policy, policies, name, url, command, _ = start
    upstream = upstream or {"command": masked_argv(command)}
    session = engine.new_session()
    why: dict[str, Any] = (
        {"kind": "pin", "rule": rules.PIN_SERVER_CHANGED}
        if isinstance(refused, _ServerChanged)
        else {"kind": "upstream", "event": "start_failed"}
    )
    with _open_audit(path, policy, policies, name, engine, session, url, upstream) as audit:
        audit.write({**why, "session": session.id, "server": name, "reason": str(refused)})


def _read_headers(specs: list[str], env_specs: list[str], start: _Start) -> dict[str, str]:
    """:func:`_headers`; one that cannot be read stops the start, on the audit record too
    (read later, the log tells why nothing ran), as a ``--url-env`` variable not set does."""
    var = start.url_env
    if start.url is None and not start.command and var is not None:
        unset = CordonError(f"--url-env {var}: environment variable {var} is not set")
        _record_refusal(start, Engine(start.policy), unset, {"url_env": var})
        raise unset
    try:
        return _headers(specs, env_specs)
    except CordonError as exc:
        _record_refusal(start, Engine(start.policy), exc)
        raise


def _named_upstream(pins: PinFile | None, repin: bool, engine: Engine, start: _Start) -> Any:
    """:func:`_identity`; an upstream that is not the one pinned stops the start, on the
    audit record too."""
    try:
        return _identity(pins, start.name, start.command, start.url, repin)
    except _ServerChanged as refused:
        _record_refusal(start, engine, refused)
        raise


def _approve_command() -> str:
    """The command the one-time code hint names: ``cordon`` when it was started by that bare
    name or the PATH here finds this very program, else this program's absolute path. A
    virtualenv's cordon (``make setup``'s ``.venv``, whose path ``cordon init`` writes into
    the client's config) is on no PATH but the venv's: there ``cordon approve`` was "command
    not found" in the person's terminal."""
    me = sys.argv[0]
    if os.path.basename(me) != "cordon" or not os.path.isabs(me):
        return "cordon"  # (`python -m cordon.cli`, or found on the client's PATH)
    found = shutil.which("cordon")
    if found is not None and os.path.realpath(found) == os.path.realpath(me):
        return "cordon"
    return shlex.quote(me)


def _core_config(
    policy: Policy,
    name: str,
    session_id: str,
    max_bytes: int,
    max_depth: int,
    approval_timeout: float | None,
    approvals_store: Path | None = None,
    own_credentials: tuple[str, ...] = (),
    files_cwd: str | None = None,
    tool_policy: Callable[[str], ToolPolicy] | None = None,
    audit_path: Path | None = None,
) -> CoreConfig:
    # the one-time code hint names the files cordon run was given, so the command works as
    # written: --store finds the code, --audit the call's record that cordon approve shows
    store = "" if approvals_store is None else f" --store {shlex.quote(str(approvals_store))}"
    if audit_path is not None:
        store += f" --audit {shlex.quote(str(audit_path))}"
    return CoreConfig(
        own_credentials=own_credentials,
        store_option=store,
        approve_command=_approve_command(),
        server=name,
        session_id=session_id,
        content_mode=policy.content.mode,
        block_at=policy.content.block_at,
        max_bytes=max_bytes,
        max_depth=max_depth,
        approval_timeout_s=approval_timeout or policy.approval_timeout_s,
        server_requests=_server_requests(policy, name),
        files_cwd=files_cwd,
        tool_policy=tool_policy,
    )


def _prompts() -> PromptStore | None:
    """The client's prompt file (the user's request, from its prompt hook), or None when it
    cannot be opened safely: then no text is trusted, as for a client without the hook."""
    try:
        return PromptStore.for_client()
    except OSError as exc:
        sys.stderr.write(f"cordon: the user's request will not be read (prompt file: {exc})\n")
        return None


def _tool_names(shared: bool) -> ToolNames | None:
    """The client's listed tool names (shadowing across its servers), with shared taint."""
    if not shared:
        return None
    try:
        return ToolNames.for_client()
    except OSError as exc:
        sys.stderr.write(f"cordon: tool names not shared with the client's servers: {exc}\n")
        return None


class _Later:
    """Where a secret obtained during the session (an OAuth login or refresh) goes: this
    session's secrets (``register``, set once the core exists), and the client's other
    servers, through the shared ``store`` (hashed, as at start-up: :func:`_publish_own`)."""

    register: Callable[[str], None] | None = None

    def __init__(self, store: SharedTaintStore | None = None) -> None:
        self.store = store

    def __call__(self, value: str) -> None:
        if self.register is not None:
            self.register(value)
        from cordon.engine.shared_secrets import own_keys

        keys = own_keys([value]) if self.store is not None else []
        try:
            if keys and self.store is not None:
                self.store.publish_own(keys)
        except OSError as exc:  # (this process refuses it all the same)
            sys.stderr.write(f"cordon: a new token is not shared with the other servers: {exc}\n")


def _own_secrets(
    headers: dict[str, str],
    auth: CordonOAuth | None,
    url: str | None = None,
    command: list[str] | None = None,
) -> list[str]:
    """cordon's own credentials for this server, which no tool call may carry: header values,
    whole, as the credential after its scheme (``Bearer <token>``) or a ``Basic`` one's
    password (:func:`cordon.urlcreds.header_credentials`), the stored OAuth
    tokens, those written into the URL (:func:`cordon.urlcreds.url_credentials`) and into a stdio server's
    command line (:func:`cordon.argvcreds.argv_credentials`: ``--api-key KEY``, a
    connection string's password)."""
    out = server_credentials(headers.values(), url)
    out += argv_credentials(command) if command else []
    return out + (auth.store.secrets() if auth is not None else [])


#: headers that never carry a credential: their values are this process's secrets like any
#: other header's, but not published to the client's other servers, whose calls may carry
#: them (``application/json``, a protocol version's date)
_PLAIN_HEADERS = frozenset(
    {
        "accept",
        "accept-encoding",
        "accept-language",
        "cache-control",
        "content-type",
        "mcp-protocol-version",
        "user-agent",
    }
)


def _credentials(
    secrets: list[str],
    headers: dict[str, str],
    auth: CordonOAuth | None,
    url: str | None,
    command: list[str] | None,
) -> list[str]:
    """The credentials among cordon's own secrets: the policy's, and :func:`_own_secrets` of
    the headers but :data:`_PLAIN_HEADERS`. Shared with the client's other servers, and
    masked in this server's output (:mod:`cordon.content.known`)."""
    plain = {k: v for k, v in headers.items() if k.lower() not in _PLAIN_HEADERS}
    return [*secrets, *_own_secrets(plain, auth, url, command)]


def _publish_own(
    store: SharedTaintStore | None,
    secrets: list[str],
    headers: dict[str, str],
    auth: CordonOAuth | None,
    url: str | None,
    command: list[str] | None = None,
) -> None:
    """Share cordon's own credentials (the policy's secrets, the environment's credentials,
    header values but :data:`_PLAIN_HEADERS`', the URL's keys, stored OAuth tokens) with the
    client's other cordon processes, hashed (:func:`cordon.engine.shared_secrets.own_keys`):
    each refuses them in any call (invariant 7: they go nowhere but the server they were
    issued for; this process sends its headers to its upstream as before).

    Raises:
        CordonError: the shared store cannot be written (fail closed: the other servers
            would let them out).
    """
    from cordon.engine.shared_secrets import own_keys

    if store is None:
        return
    keys = own_keys(_credentials(secrets, headers, auth, url, command))
    if not keys:
        return
    try:
        store.publish_own(keys)
    except OSError as exc:
        raise CordonError(
            f"cannot share this server's credentials with the client's other servers: {exc}"
        ) from exc


def _shared_store() -> SharedTaintStore:
    """The client's shared store, holding (:class:`cordon.store.SharedTaintStore`); it tells
    which credential publications are another process's (``watch``): this process's own
    credentials, and the ones it saw, are in its own ``SecretSet``, so its calls skip the
    shared match until another process has published one (:mod:`cordon.engine.shared_secrets`).

    Raises:
        CordonError: the store cannot be opened (fail closed: taint, credentials and Rule of
            Two legs would not reach the client's other servers), with the reason: a store
            that is a symbolic link, a FIFO or a device is refused, not followed.
    """
    from cordon.engine.shared_secrets import ANY_KEY

    try:
        return SharedTaintStore.for_client(hold=True, watch=(ANY_KEY,))
    except OSError as exc:
        raise CordonError(
            f"cannot open the client's shared taint store: {exc} (remove it if it is not a "
            "regular file; cordon makes a new one)"
        ) from exc


def _shared_state(
    policies: list[Path], audit: Path | None, store: Path | None, pins: Path, name: str
) -> tuple[list[str], SharedStatePaths]:
    """This process's own files (:func:`own_state_paths`) and the client's list of its cordon
    processes' own files, with them appended (:mod:`cordon.store.state_paths`): each process
    denies a tool write to any of them.

    Raises:
        CordonError: the list cannot be written (fail closed: the client's other processes
            would let their tools write this one's policy).
    """
    state = own_state_paths(policies, audit, store, pins)
    try:
        return state, SharedStatePaths.for_client(state, name=name)
    except OSError as exc:
        raise CordonError(
            f"cannot share this server's policy and state files with the client's other "
            f"cordon processes: {exc}"
        ) from exc


def _engine(
    policy: Policy,
    own: list[str],
    store: SharedTaintStore | None,
    state: list[str],
    shared_state: SharedStatePaths,
) -> Engine:
    """The engine of ``cordon run``: the shared taint store also holds the client's shared
    credentials; its own files and the client's list of the others' are denied to tools."""
    return Engine(
        policy,
        secrets=own,
        shared_taint=store,
        shared_secrets=store,
        state_paths=state,
        shared_state_paths=shared_state,
    )


def run_proxy(
    *,
    command: list[str],
    policies: list[Path],
    audit_path: Path | None,
    name: str,
    pin_file: Path | None,
    repin: bool,
    content_mode: str | None,
    block_at: str | None,
    max_bytes: int,
    max_depth: int,
    approvals_store: Path | None,
    shared_taint: bool,
    approval_timeout: float | None,
    url: str | None = None,
    headers: list[str] | None = None,
    header_env: list[str] | None = None,
    oauth: bool = True,
    sse: bool = False,
    init_wait: float | None = None,
    url_env: str | None = None,
) -> int:
    """Run the proxy before ``command`` (stdio) or ``url`` (``sse``: legacy HTTP+SSE); exit status.

    Raises:
        PolicyError: an invalid policy (before the upstream is started).
        CordonError: a ``--header``, ``--header-env`` or ``--url-env`` not read (audited).
    """
    pin_path = pin_file or run_pin_file(name, command, url)
    # published first: no other server's tool may rewrite its policy while a login waits
    state, shared_state = _shared_state(policies, audit_path, approvals_store, pin_path, name)
    policy = _load(policies, content_mode, block_at)
    start = _Start(audit_path, policy, policies, name, url, command, url_env)
    sent = _read_headers(headers or [], header_env or [], start)
    store = _shared_store() if shared_taint else None
    later = _Later(store)  # OAuth tokens a login or refresh brings
    auth = _oauth(url, sent, oauth, later)
    secrets = policy_secrets(policy.secrets)
    own = [*secrets, *_own_secrets(sent, auth, url, command)]
    # to the client's other servers (hashed) before anything can stop this one (a changed pin)
    _publish_own(store, secrets, sent, auth, url, command)
    engine = _engine(policy, own, store, state, shared_state)
    pins = _pins(engine, pin_path, name, repin)
    upstream = _named_upstream(pins, repin, engine, start)
    _check_stdio()  # after the policy and pin file errors, before the audit log and upstream
    prompts = _prompts()
    try:
        warm_scanner()  # compiles the Hyperscan anchor database on another thread meanwhile
        session = engine.new_session()
        audit = _open_audit(audit_path, policy, policies, name, engine, session, url, upstream)
        codes = _code_store(approvals_store, name, command, url, sent, pin_path)
        work = _session_work(
            engine, session, name, pins, store, prompts, codes, shared_taint, policies
        )
        config = _core_config(
            policy,
            name,
            session.id,
            max_bytes,
            max_depth,
            approval_timeout,
            approvals_store,
            tuple(_credentials(secrets, sent, auth, url, command)),
            files_cwd=None if url is not None else os.getcwd(),
            tool_policy=engine.tool_policy,
            audit_path=audit_path,
        )
        core = ProxyCore(config, work, clock=time.monotonic, nonce=os.urandom(4).hex())
        upstream_io = _upstream(engine, name, command, url, sent, max_bytes, auth, sse, init_wait)
        transport = Transport(core, upstream_io, audit=audit, shared=store, max_bytes=max_bytes)
        later.register = lambda value: transport.feed(core.add_secret(value))
        try:
            return run(transport)
        finally:
            audit.close()
    finally:
        for closing in (prompts, store, shared_state):  # the taint store publishes what it held
            if closing is not None:
                closing.close()
