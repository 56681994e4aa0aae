"""Assemble and run ``cordon run``: policy, engine, session, audit log, approvals, relay."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from cordon import __version__
from cordon._exceptions import CordonError
from cordon.approvals.codes import CodeStore
from cordon.audit.log import AuditLog
from cordon.content import warm as warm_scanner
from cordon.engine.core import Engine
from cordon.engine.pins import PinFile
from cordon.engine.secrets import load_policy_secrets
from cordon.policy import load_policy, policy_hash
from cordon.proxy.recorder import Recorder
from cordon.proxy.relay import Relay, run_relay


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
) -> int:
    """Start the relay. Returns the exit status.

    Raises:
        PolicyError: an invalid policy (before the upstream is started).
    """
    policy = load_policy(policies)
    overrides: dict[str, object] = {}
    if content_mode is not None or block_at is not None:
        content = policy.content.model_copy(
            update={
                k: v for k, v in (("mode", content_mode), ("block_at", block_at)) if v is not None
            }
        )
        overrides["content"] = type(policy.content).model_validate(content.model_dump())
    if overrides:
        policy = type(policy).model_validate(
            {**policy.model_dump(), **{k: v.model_dump() for k, v in overrides.items()}}
        )  # type: ignore[attr-defined]
    store = None
    if shared_taint:
        from cordon.taint import SharedTaintStore

        store = SharedTaintStore.for_client(hold=True)  # the relay flushes it when prodded
    secrets = load_policy_secrets(policy.secrets.env, policy.secrets.files)
    engine = Engine(policy, secrets=secrets, shared_taint=store)
    pins = None
    if pin_file is not None:
        pins = PinFile(pin_file)
        if not repin:
            try:
                baseline = pins.pins_for(name)
            except (OSError, ValueError) as exc:  # a corrupt pin file stops start-up
                raise CordonError(f"pin file {pin_file} is unreadable: {exc}") from exc
            if baseline is not None:
                engine.set_baseline(name, baseline)
    _check_stdio()  # after the policy and pin file errors, before the audit log and upstream
    recorder = None
    if policy.content.mode == "monitor" and os.environ.get("CORDON_RECORDER", "1") != "0":
        # fork the recording worker before any thread runs (the compile's, just below), once
        # the scanner's Python side is built (~0.1 s the compile needs anyway): it inherits
        # that, and gets the compiled databases from the relay
        warm_scanner(compile=False)
        recorder = Recorder()
        if not recorder.start_early():
            recorder = None  # forked at the first large result instead
    try:
        warm_scanner()  # compiles the Hyperscan anchor database on another thread meanwhile
        session = engine.new_session()
        audit = AuditLog(audit_path)
        audit.start(
            version=__version__, policy_hash=policy_hash(policy), server=name, session=session.id
        )
        relay = Relay(
            engine=engine,
            session=session,
            command=command,
            server=name,
            audit=audit,
            codes=CodeStore(approvals_store),
            pin_file=pins,
            repin=repin,
            max_bytes=max_bytes,
            max_depth=max_depth,
            approval_timeout_s=approval_timeout,
            recorder=recorder,
        )
        try:
            return run_relay(relay)
        finally:
            audit.close()
    finally:
        if recorder is not None:
            recorder.close()  # (when the relay did not take it: run_relay closes its own)
        if store is not None:
            store.close()  # publishes the keys it held back
