"""The ``cordon`` command line: one typer app, subcommands registered explicitly.

``print`` is allowed only here (ruff T20); everything the proxy writes to stdout is JSON-RPC.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from cordon import __version__
from cordon import _cli_run_options as run_options
from cordon._cli_group import OneLineSummaries, untyped_flags
from cordon._exceptions import CordonError, PolicyError
from cordon._no_pydantic_plugins import disable as no_pydantic_plugins

if TYPE_CHECKING:
    from rich.console import Console
    from typer._click import Command, Context  # typer's own copy of click
    from typer.core import TyperGroup


class _Commands(OneLineSummaries):
    """The top-level group. The subcommands defined in other modules (audit, approvals,
    serve, init, rules, ...) are added when a command not defined here is looked up, or the
    commands are listed: ``cordon run``, one process per wrapped server, does not import the
    modules of the others (bench/perf/README.md, "Resting memory")."""

    _full: TyperGroup | None = None

    def _all(self) -> TyperGroup:
        """This group with every subcommand (built once; ``self`` when it has them)."""
        if _registered and self._full is None:
            return self
        if self._full is None:
            _register()
            self._full = typer.main.get_group(app)
        return self._full

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        found = super().get_command(ctx, cmd_name)
        if found is not None:
            return found
        full = self._all()
        return None if full is self else full.get_command(ctx, cmd_name)

    def listed(self, ctx: Context) -> list[str]:
        full = self._all()
        return super().listed(ctx) if full is self else full.list_commands(ctx)

    def resolve_command(
        self, ctx: Context, args: list[str]
    ) -> tuple[str | None, Command | None, list[str]]:
        # an unknown name is resolved by the whole group: its "Did you mean" lists them all
        if args and args[0] not in self.commands:
            full = self._all()
            if full is not self:
                return full.resolve_command(ctx, args)
        return super().resolve_command(ctx, args)


app = typer.Typer(
    name="cordon",
    help="A deterministic firewall for the Model Context Protocol.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=_Commands,
    # a docstring's paragraphs re-wrapped to the terminal (rich mode kept each source line
    # break and wrapped again at 80 columns: a word or two alone on every other line)
    rich_markup_mode="markdown",
)
untyped_flags()  # `--help`, not `--help <bool>`


class _Stderr:
    """rich's stderr console, made at the first message: ``cordon run`` that prints none
    does not import rich."""

    _console: Console | None = None

    def __getattr__(self, name: str) -> Any:
        if self._console is None:
            from rich.console import Console

            # a message is one line, greppable in logs
            self._console = Console(stderr=True, soft_wrap=True)
        return getattr(self._console, name)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(__version__)
        raise typer.Exit()


@app.callback()
def _main_options(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_print_version, is_eager=True, help="Print the version."
        ),
    ] = False,
) -> None:
    """A deterministic firewall for the Model Context Protocol."""


pin_app = typer.Typer(
    help="Manage tool pins (trust on first use).", no_args_is_help=True, cls=OneLineSummaries
)
app.add_typer(pin_app, name="pin")
err: Any = _Stderr()

#: ``cordon run``'s default per-message size cap
_16_MIB = 16 * 1024 * 1024
_PIN_FILE_HELP = "Tool pins (default: ~/.cordon/pins, one per --name, else per command or URL)."


@app.command(
    "run",
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
)
def run_cmd(
    command: Annotated[
        list[str] | None, typer.Argument(help="-- COMMAND [ARGS...] of the upstream MCP server")
    ] = None,
    policy: Annotated[
        list[Path], typer.Option("--policy", "-p", help="Policy file; repeat to layer.")
    ] = [],  # noqa: B006
    audit: Annotated[
        Path | None, typer.Option(help="Audit log (default: audit.jsonl in ~/.cordon).")
    ] = None,
    name: Annotated[
        str, typer.Option(help="Logical server name for audit records and approvals.")
    ] = "default",
    pin_file: Annotated[
        Path | None,
        typer.Option("--pin-file", help=_PIN_FILE_HELP),
    ] = None,
    repin: Annotated[
        bool, typer.Option(help="Replace persisted pins with the first tools/list.")
    ] = False,
    content: Annotated[
        str | None,
        typer.Option(
            help="Content firewall: monitor | warn | block (default: the policy's, warn)."
        ),
    ] = None,
    block_at: Annotated[
        str | None, typer.Option("--block-at", help="Severity for block/poisoned definitions.")
    ] = None,
    max_bytes: Annotated[int, typer.Option(help="Per-message size cap in bytes.")] = _16_MIB,
    max_depth: Annotated[int, typer.Option(help="Per-message nesting-depth cap.")] = 64,
    approvals_store: Annotated[
        Path | None,
        typer.Option(help="One-time code store (default: approvals.json in ~/.cordon)."),
    ] = None,
    shared_taint: Annotated[
        bool, typer.Option(help="Share taint with other cordon processes of this client.")
    ] = True,
    approval_timeout: run_options.ApprovalTimeoutOption = None,
    init_timeout: run_options.InitTimeoutOption = run_options.INIT_WAIT_S,
    url: run_options.UrlOption = None,
    url_env: run_options.UrlEnvOption = None,
    header: run_options.HeaderOption = [],  # noqa: B006
    header_env: run_options.HeaderEnvOption = [],  # noqa: B006
    oauth: run_options.OAuthOption = True,
    allow_http: run_options.AllowHttpOption = False,
    sse: run_options.SseOption = False,
) -> None:
    """Run an MCP server behind cordon: cordon run [OPTIONS] -- COMMAND [ARGS...], or
    cordon run --url URL [--sse] [--header NAME:VALUE ...] [--header-env NAME ...]."""
    from cordon.proxy.main import run_proxy

    command, url = _run_upstream(list(command or []), url, allow_http, url_env, sse)
    try:
        rc = run_proxy(
            url=url,
            url_env=url_env,
            headers=header,
            header_env=header_env,
            oauth=oauth,
            sse=sse,
            command=list(command),
            policies=list(policy),
            audit_path=audit,
            name=name,
            pin_file=pin_file,
            repin=repin,
            content_mode=content,
            block_at=block_at,
            max_bytes=max_bytes,
            max_depth=max_depth,
            approvals_store=approvals_store,
            shared_taint=shared_taint,
            approval_timeout=approval_timeout,
            init_wait=init_timeout,
        )
    except CordonError as exc:  # (a PolicyError is one)
        head = "cordon: policy error:" if isinstance(exc, PolicyError) else "cordon:"
        _failed(head, exc, answer=True)
    raise typer.Exit(rc)


def _run_upstream(command: list[str], *given: Any) -> tuple[list[str], str | None]:
    """The upstream checked (:func:`_upstream_given`); on a terminal, what cordon run waits
    for: typed by hand, it would wait for JSON-RPC without a word."""
    url = _upstream_given(command, *given)
    if sys.stdin.isatty():
        err.print(
            "cordon run: waiting for an MCP client on stdin (JSON-RPC); a client starts this "
            "command from its config: `cordon init` writes it there (Ctrl-D ends it)",
            highlight=False,
            markup=False,
        )
    return command, url


def _failed(head: str, exc: Exception, *, answer: bool = False) -> NoReturn:
    """``head`` in red, then the error's message as it is (it quotes a policy key or value,
    a path, a server's command line: never read as Rich markup); exit 2. With ``answer``
    (``cordon run``), the client's requests get the same message as a JSON-RPC error
    (:func:`_refuse_requests`)."""
    from rich.text import Text

    err.print(Text.assemble((head, "red"), " ", str(exc)), highlight=False)
    if answer:
        _refuse_requests(f"{head} {exc}")
    raise typer.Exit(2) from exc


#: how long ``cordon run`` that cannot start answers the client's requests
REFUSE_WAIT_S = 10.0
#: how many requests it answers so at most: a client in the SDK's ``auto`` mode sends
#: ``server/discover`` first and, refused, falls back to ``initialize``, which must be
#: answered too (the client would show "connection closed", not why)
_REFUSE_MAX = 8


def _refuse_requests(message: str) -> None:
    """``cordon run`` stops before relaying (a policy error, a swapped server): answer the
    client's requests (``initialize``; ``server/discover`` first in the SDK's ``auto`` mode)
    with a JSON-RPC error (-32603, internal error) carrying ``message``, so an MCP client
    shows why instead of a server that closed without a word. Only when stdin and stdout are
    pipes or sockets (an MCP client's; a person at a terminal reads stderr); returns at EOF,
    after :data:`_REFUSE_MAX` requests, or after :data:`REFUSE_WAIT_S`."""
    import select
    import stat
    import time

    for fd in (0, 1):
        try:
            mode = os.fstat(fd).st_mode
        except OSError:
            return
        if not (stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)):
            return
    deadline = time.monotonic() + REFUSE_WAIT_S
    pending = b""
    answered = 0
    while (left := deadline - time.monotonic()) > 0 and len(pending) < 16 * 1024 * 1024:
        if not select.select([0], [], [], left)[0]:
            return
        chunk = os.read(0, 65536)
        lines = (pending + chunk).split(b"\n")
        pending = lines.pop() if chunk else b""
        for line in lines:
            try:
                msg = json.loads(line)
            except (ValueError, RecursionError):
                continue
            if isinstance(msg, dict) and "method" in msg and msg.get("id") is not None:
                error = {"code": -32603, "message": message}
                reply = {"jsonrpc": "2.0", "id": msg["id"], "error": error}
                os.write(1, json.dumps(reply).encode() + b"\n")
                answered += 1
        if not chunk or answered >= _REFUSE_MAX:
            return


def _url_from_env(url: str | None, var: str) -> str | None:
    """``--url-env VAR``'s URL, None when VAR is not set (stops ``cordon run`` as a malformed
    ``--url`` does, never showing the value: it is there because it holds a key)."""
    if url is not None:
        _failed("cordon:", ValueError("give either --url or --url-env, not both"), answer=True)
    # a variable not set: no URL, and run_proxy stops the start on the audit record too
    return os.environ.get(var) or None


def _upstream_given(
    command: list[str],
    url: str | None,
    allow_http: bool = False,
    url_env: str | None = None,
    sse: bool = False,
) -> str | None:
    """Exactly one upstream (the URL, or None): a command after ``--``, or ``--url`` (or
    ``--url-env``); a plain ``http://`` URL
    only on this machine (loopback) unless ``--allow-http`` (a bearer token or an OAuth
    token would cross the network in clear)."""
    from cordon.clientremote import plain_http_elsewhere

    if url_env is not None:
        url = _url_from_env(url, url_env)
    problem = None
    if url is not None and command:
        problem = "give either --url or a command after --, not both"
    elif url is None and not command and url_env is None:
        problem = "give the upstream command after --, or --url URL"
    elif sse and url is None and url_env is None:
        problem = "--sse needs --url"
    elif url is not None and not url.startswith(("https://", "http://")):
        problem = "--url must be an http(s) URL"
    elif url is not None and not allow_http and plain_http_elsewhere(url):
        problem = (
            "--url is plain http:// to another host: use https://, or "
            "--allow-http if you accept that credentials travel unencrypted"
        )
    if problem is not None:  # said to the client too, not only on stderr
        _failed("cordon run:", ValueError(problem), answer=True)
    return url


def _pin_file_of(server: str | None, cmd: str = "cordon pin accept") -> Path:
    """The pin file under ~/.cordon/pins holding ``server``: the one file, else the one a
    client config's current entry runs with (the others said stale); exit 2 otherwise."""
    from cordon.clientconfig import default_pin_dir, find_pin_files, pinned_names
    from cordon.clientpins import pin_file_uses, pin_files_said

    if server is None:
        err.print(f"{cmd}: give --pin-file, or --server NAME", highlight=False, markup=False)
        raise typer.Exit(2)
    every = find_pin_files(server)
    uses = pin_file_uses(server, every) if len(every) > 1 else {}
    named = [p for p in every if uses.get(p)]
    said = pin_files_said(every, uses)
    if len(named) == 1:  # what the client runs with; a stale file's pins guard nothing
        err.print(
            f"{cmd}: server {server!r}: using {named[0]}; {said}", highlight=False, markup=False
        )
        return named[0]
    found = named or every
    if len(found) > 1 and cmd == "cordon pin accept":
        # one server name pinned in several files (one per `cordon init`-ed config, one per
        # hand-started command line): the change to review is in the file that holds one
        states = [_has_pending(p, server) for p in found]
        if not any(states) and None not in states:  # each file read: nothing to review
            print(f"nothing pending in any pin file of server {server!r}: {said}")
            raise typer.Exit(0)
        found = [p for p, pending in zip(found, states, strict=True) if pending] or found
    if len(found) != 1:
        where = default_pin_dir()
        # cordon check also finds the file by the client config whose entry runs the server
        how = "give --pin-file" + (" or --config CONFIG" if cmd == "cordon check" else "")
        err.print(
            f"{cmd}: no pin file under {where} holds server {pinned_names(server)}; give --pin-file"
            if not found
            else f"{cmd}: several pin files hold server {server!r}: " + said + f"; {how}",
            highlight=False,
            markup=False,
        )
        raise typer.Exit(2)
    return found[0]


def _has_pending(path: Path, server: str) -> bool | None:
    """Whether the pin file ``path`` holds a change of ``server`` waiting for review (None:
    unreadable, so not known to hold none)."""
    from cordon.store.pins import PinFile

    try:
        pins = PinFile(path)
        return bool(pins.pending(server) or pins.pending_identities(server))
    except (OSError, ValueError):
        return None


def _review_pending(
    pending: list[tuple[str, str, dict[str, Any] | None, dict[str, Any]]], *, force: bool
) -> tuple[set[str], list[str]]:
    """Show each pending definition; the labels to accept and those the scan refuses."""
    from cordon.approvals.display import clipped, visible
    from cordon.audit.log import sanitize
    from cordon.content import scan_tool
    from cordon.engine.pins import changed_fields, surface_of
    from cordon.pin_diff import definition_diff

    ok: set[str] = set()
    refused: list[str] = []
    for srv, tool, pinned, new in pending:
        label = f"{srv}/{tool}"
        # a prompt (``prompt:NAME``), template or resource on its own pinned fields
        surface = surface_of(tool)
        fields = surface.changed if surface is not None else changed_fields
        kind = surface.kind if surface is not None else "tool"
        what = f"new {kind}" if pinned is None else "changed: " + ", ".join(fields(pinned, new))
        # the server wrote the name: an escape (OSC 52 writes the clipboard) or a line
        # break (a line of its own) is shown as an escape, as the description is
        print(f"{visible(label)}: {what}")
        # every changed leaf, old and new (a poisoned parameter); all of a new tool's
        for line in definition_diff(pinned or {}, new, surface=surface):
            print(f"  {line}")
        desc = new.get("description")
        if isinstance(desc, str):
            # its start and its end: an instruction appended to a long description is last
            print(f"  description: {clipped(str(sanitize(desc)), 300)}")
        findings = scan_tool(dict(new), min_severity="high")
        if findings:
            rules = ", ".join(sorted({f.rule for f in findings}))
            print(f"  poisoning scan: {rules}")
            if not force:
                refused.append(label)
                continue
        ok.add(label)
    return ok, refused


def _review_identities(
    identities: list[tuple[str, dict[str, Any], dict[str, Any]]],
) -> set[str]:
    """Show each server whose command line, URL, serverInfo or instructions changed; the
    labels to accept."""
    from cordon.approvals.display import clipped, visible
    from cordon.audit.log import sanitize

    ok: set[str] = set()
    for srv, pinned, new in identities:
        print(f"{visible(srv)}: the server changed: {', '.join(new)}")
        for key, value in new.items():
            for label, shown in (("pinned", pinned.get(key)), ("now", value)):
                text = sanitize(json.dumps(shown, ensure_ascii=False, sort_keys=True))
                print(f"  {key} {label}: {clipped(text, 300)}")
        ok.add(f"{srv}/(server)")
    return ok


@pin_app.command("accept")
def pin_accept(
    pin_file: Annotated[
        Path | None,
        typer.Option(
            "--pin-file",
            help="The pin file to update (default: the one `cordon init` gave --server, "
            "under ~/.cordon/pins).",
        ),
    ] = None,
    server: Annotated[str | None, typer.Option(help="Only this server (default: all).")] = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help="Also accept definitions the description scan flags (high or critical).",
        ),
    ] = False,
) -> None:
    """Re-approve tool definitions and servers (command line, URL, serverInfo, instructions)
    that changed since they were pinned.

    Must be run by a person in a terminal (else exit 2, nothing shown or accepted; with nothing
    pending, exit 0 without one): each pending definition is shown first, which pinned fields
    changed, every changed, added or removed leaf (a parameter's name and description too) with
    its old and new text, the new description (cut at 300 characters) and what the
    tool-poisoning scan finds in it; then y or yes, any case, accepts (anything else: exit 1,
    nothing accepted). A definition with a high or critical finding needs --force (else exit 1;
    it stays pending). Without --pin-file, --server NAME names the server: its pin file under
    ~/.cordon/pins; of several, the one a config `cordon init` wrote runs it with (others said
    stale), else the one holding a change (none holding one: nothing pending, exit 0); else
    exit 2. A pending tool the server's latest complete tools/list (recorded by `cordon run`,
    a re-list after a change too) lacks is dropped, not accepted, and said so."""
    from cordon.approvals.commands import confirmed, require_terminal
    from cordon.approvals.display import visible
    from cordon.store.pins import PinFile

    if pin_file is None:
        pin_file = _pin_file_of(server)
        print(f"pin file {pin_file}")
    elif not pin_file.exists():  # a mistyped path must not read as "nothing pending"
        raise typer.BadParameter(f"no pin file at {pin_file}", param_hint="--pin-file")
    pins = PinFile(pin_file)
    if server is not None and (unknown := pins.unknown_server(server)):
        raise typer.BadParameter(unknown, param_hint="--server")  # not "nothing pending"
    pending = pins.pending(server)
    identities = pins.pending_identities(server)
    if not pending and not identities:
        print("nothing pending")
        return
    # refused before pending definitions print: the agent's shell tool would read them here
    require_terminal(err, "cordon pin accept", "Nothing was accepted.")
    # a tool no longer listed: accepting it pins what nobody sees, trusted when it returns
    for label in pins.drop_stale(server):
        err.print(
            f"{visible(label)}: not accepted, dropped: the server's latest tools/list does not have "
            "it (it will be pending again, for review, if the server lists it again)",
            highlight=False,
            markup=False,
        )
    pending = pins.pending(server)
    if not pending and not identities:
        print("nothing else pending")
        return
    ok, refused = _review_pending(pending, force=force)
    ok |= _review_identities(identities)
    from rich.console import Console

    if ok and not confirmed(Console(highlight=False), "Accept these changes?"):
        err.print("Aborted. Nothing was accepted.", style="red", highlight=False, markup=False)
        raise typer.Exit(1)
    for name in pins.accept(server, only=ok):
        print(f"accepted {visible(name)}")
    if refused:
        err.print(
            "not accepted (the description scan flags them; review, then --force): "
            + ", ".join(map(visible, refused)),
            highlight=False,
            markup=False,
        )
        raise typer.Exit(1)


@app.command(
    "check",
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
)
def check_cmd(
    policy: Annotated[
        list[Path], typer.Option("--policy", "-p", help="Policy file; repeat to layer.")
    ],
    command: Annotated[
        list[str] | None,
        typer.Argument(help="-- COMMAND [ARGS...]: a server whose live tools/list to check"),
    ] = None,
    pin_file: Annotated[
        Path | None,
        typer.Option("--pin-file", help="Check tool names against the tools pinned here."),
    ] = None,
    server: Annotated[
        str | None,
        typer.Option(help="Check tool names against this server's pins (~/.cordon/pins)."),
    ] = None,
    config: Annotated[
        Path | None,
        typer.Option(help="With --server: the client config whose entry NAME to check."),
    ] = None,
) -> None:
    """Validate policy files (layered in order, packs included) and list what each tool gets.

    With --server NAME (the pin file of the entry that runs NAME with these --policy files,
    or the one --config FILE names; else its pin file under ~/.cordon/pins), --pin-file FILE, or -- COMMAND
    (a server started to list its tools), each `tools:` entry is checked against the
    server's real tool names: an entry naming no tool (a typo) is reported with the closest
    name. Exit 0 when the policy loads (then, and only then, it prints "policy ok"); 1 when
    an entry naming no tool carries a restriction (max_calls, path or argument limits,
    exfiltrating: true...), a pack names none of the server's tools (written for another
    server), which then protects nothing, or (with --server) a servers: key is a near match
    of NAME but not NAME; 2 with the file, line and key of every error, or when the tool
    list cannot be had. cordon run denies every call for all of these but a restricting entry
    near no listed name, which it takes for another server's tool (a warning).
    """
    from cordon.approvals.display import visible
    from cordon.audit.report import _describe_tool, _global_controls
    from cordon.checktools import empty_policy_note, policy_warnings
    from cordon.policy import load_policy

    try:
        loaded = load_policy(policy)
    except PolicyError as exc:
        _failed("cordon: policy error:", exc)
    for line in _global_controls(loaded):
        print(f"  {visible(line)}")
    for _, warning in policy_warnings(loaded, os.environ):  # (verify_policy says the same)
        err.print(f"cordon: warning: {warning}", highlight=False, markup=False)
    for name, tp in sorted(loaded.tools.items()):  # (a key of a policy a cloned repo ships)
        print(f"{visible(name)}: " + ("; ".join(_describe_tool(tp)) or "no controls"))
    real = _real_tools(list(command or []), pin_file, server, (policy, config))
    if real is None and loaded.tools:
        print("tool names not checked: add --server NAME (its pins) or -- COMMAND to catch a typo")
    elif real is not None and _report_strays(loaded, policy, *real, server):
        err.print(
            "cordon check: FAILED (see the errors above; each says whether cordon run denies "
            "every call to this server under this policy or only warns)",
            highlight=False,
            markup=False,
        )
        raise typer.Exit(1)
    # last, and only without an error: an "ok" followed by errors reads as a pass
    empty = empty_policy_note(policy)  # (each such file said on stderr)
    print(f"policy ok: {len(policy)} file(s){empty}, {len(loaded.tools)} tool entries")


def _real_tools(
    command: list[str],
    pin_file: Path | None,
    server: str | None,
    entry: tuple[list[Path], Path | None] = ([], None),
) -> tuple[str, set[str]] | None:
    """(where the names came from, the server's tool names), or None when none was given."""
    from cordon.checktools import list_live_tools, pinned_tools

    if command:
        try:
            shown = " ".join(command)
            shown = shown if len(shown) <= 60 else shown[:57] + "..."
            return f"the tools/list of `{shown}`", list_live_tools(command)
        except Exception as exc:  # noqa: BLE001 - any failure to start or list: exit 2
            cause: BaseException = exc
            while isinstance(cause, BaseExceptionGroup):
                cause = cause.exceptions[0]
            _check_fail(f"could not list the tools of {' '.join(command)}: {cause}")
    if pin_file is None and server is None:
        return None
    path = pin_file if pin_file is not None else _checked_pins(server, *entry)
    try:
        found = pinned_tools(path, server)
    except (OSError, ValueError) as exc:
        _check_fail(str(exc))
    names = set().union(*found.values()) if found else set()
    if not names:
        why = "holds no pinned tools yet" if path.exists() else "does not exist (a mistyped path?)"
        _check_fail(f"{path} {why}: run the server behind cordon once")
    label = ", ".join(repr(s) for s in sorted(found))
    return f"the pins of {label} ({path})", names


def _checked_pins(server: str | None, policies: list[Path], config: Path | None) -> Path:
    """The pin file of the server ``cordon check --server`` checks: that of the entry of a
    config ``cordon init`` wrote that runs it with ``policies`` (with ``config``: that config's
    entry), never another config's server of the same name (a name in two configs is two
    servers, a pin file each); else :func:`_pin_file_of` (a policy not yet given to any)."""
    from cordon.clientpins import pin_files_run_with

    found = pin_files_run_with(server, policies, config) if server is not None else []
    files = sorted({p for p, _ in found})
    if config is not None and not files:
        _check_fail(f"{config} has no `cordon run --name {server}` entry with a --pin-file")
    if len(files) != 1:
        return _pin_file_of(server, "cordon check")
    path, named = files[0], ", ".join(sorted({c for p, c in found}))
    how = "the entry" if config is not None else "the entry that runs it with this --policy"
    if not path.exists():
        _check_fail(
            f"server {server!r}: {path} does not exist: {how} in {named} has not run behind "
            "cordon yet (start it from its client once); another config's server of this name "
            "has its own pins"
        )
    err.print(
        f"cordon check: server {server!r}: using {path} ({how} in {named})",
        highlight=False,
        markup=False,
    )
    return path


def _check_fail(msg: str) -> NoReturn:
    err.print(f"cordon check: {msg}", highlight=False, markup=False)
    raise typer.Exit(2)


def _report_strays(
    loaded: Any, paths: list[Path], source: str, names: set[str], server: str | None = None
) -> bool:
    """Print each `tools:` entry naming no tool in ``names``, each pack naming none of them
    and each ``servers:`` key that misspells ``server``; True when there is an error: an
    entry carrying a restriction (the user meant to limit a tool and limits none here), such
    a pack (written for another server: it protects nothing here) or such a key. Strict: a
    restricting entry near no listed name may be another server's tool, which `cordon run`
    only warns about (the message says which is which)."""
    from cordon.approvals.display import visible
    from cordon.checktools import (
        entry_location,
        fitting_packs,
        pack_misfits,
        server_key_misfits,
        stray_entries,
    )

    misfits = pack_misfits(loaded, names)
    for pack in misfits:
        _error(
            f"pack {pack!r} names none of the {len(names)} tools in {source}: it is written "
            "for another server and protects nothing here; give this server its own pack (or "
            "none); cordon run denies every call to the server"
        )
    keys = server_key_misfits(loaded, server) if server is not None else []
    for key in keys:
        _error(
            f"servers.{key} is not {server!r} but a near match of it (a typo?): its settings "
            "apply to no server; cordon run denies every call to the server"
        )
    strays = stray_entries(loaded, names)
    for s in strays:
        where = entry_location(s.name, paths)
        hint = f" (did you mean {s.closest!r}?)" if s.closest else ""
        head = f"{where}: " if where else ""
        lost = f"; its {', '.join(s.restrictions)} limit nothing" if s.restrictions else ""
        level = "error" if s.restrictions else "warning"
        run = ""
        if s.restrictions:
            run = (
                "; cordon run denies every call to the server (a near match: a typo)"
                if s.near
                else "; cordon run only warns (taken for another server's tool): give each "
                "server its own policy file, or name the tool as the server lists it"
            )
        err.print(
            f"cordon: {level}: {head}tools.{visible(s.name)} names no tool in {source}{hint}"
            f"{lost}{run}",
            highlight=False,
            markup=False,
        )
    failed = bool(misfits) or bool(keys) or any(s.restrictions for s in strays)
    if not strays and not failed:
        print(f"tool names ok: every tools: entry names a tool in {source}")
    for pack in fitting_packs(names) if not loaded.packs else ():
        print(f"hint: the built-in pack {pack!r} classifies all {len(names)} tools in {source}: "
              f"add `packs: [{pack}]` to this server's policy (README: Built-in packs)")  # fmt: skip
    return failed


def _error(msg: str) -> None:
    err.print(f"cordon: error: {msg}", highlight=False, markup=False)


@app.command("version")
def version_cmd() -> None:
    """Print the cordon version."""
    print(__version__)


_registered = False


def _register() -> None:
    """Add the subcommands defined in other modules to ``app`` (once)."""
    global _registered
    if _registered:
        return
    _registered = True
    from cordon import clienthooks, server
    from cordon.approvals import commands as approval_commands
    from cordon.audit import commands as audit_commands
    from cordon.audit import explain as explain_commands
    from cordon.audit import suggest as suggest_commands
    from cordon.content import commands as content_commands
    from cordon.proxy import auth_commands

    audit_commands.register(app)
    explain_commands.register(app)
    suggest_commands.register(app)
    approval_commands.register(app)
    server.register(app)
    content_commands.register(app)
    auth_commands.register(app)
    clienthooks.register(app)


def main() -> None:
    """Console-script entry point."""
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    no_pydantic_plugins()  # the command's process only (cordon._no_pydantic_plugins)
    app(prog_name="cordon")


if __name__ == "__main__":
    main()
