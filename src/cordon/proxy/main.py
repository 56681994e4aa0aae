"""Assemble and run ``cordon run``: policy, engine, session, audit log, approvals, the proxy
core and its stdio transport."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

from cordon import __version__
from cordon._exceptions import CordonError
from cordon.approvals.codes import CodeStore
from cordon.approvals.envelope import Sealer
from cordon.audit.log import AuditLog
from cordon.content import warm as warm_scanner
from cordon.decider import Decider
from cordon.engine.core import Engine
from cordon.policy import Policy, load_policy, policy_hash
from cordon.proxy.core import CoreConfig, ProxyCore
from cordon.proxy.stdio import SubprocessUpstream
from cordon.proxy.transport import Transport, run
from cordon.proxy.work import SessionWork
from cordon.store import PinFile, SharedTaintStore, load_policy_secrets, warm_psl


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


def _pins(engine: Engine, pin_file: Path | None, name: str, repin: bool) -> PinFile | None:
    """The pin file, its pins for ``name`` set as the engine's baseline (unless ``repin``).

    Raises:
        CordonError: the pin file is unreadable (start-up stops).
    """
    if pin_file is None:
        return None
    pins = PinFile(pin_file)
    if not repin:
        try:
            baseline = pins.pins_for(name)
        except (OSError, ValueError) as exc:  # a corrupt pin file stops start-up
            raise CordonError(f"pin file {pin_file} is unreadable: {exc}") from exc
        if baseline is not None:
            engine.set_baseline(name, baseline)
    return pins


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
    """Start the proxy. Returns the exit status.

    Raises:
        PolicyError: an invalid policy (before the upstream is started).
    """
    policy = _load(policies, content_mode, block_at)
    store = SharedTaintStore.for_client(hold=True) if shared_taint else None
    secrets = load_policy_secrets(policy.secrets.env, policy.secrets.files)
    engine = Engine(policy, secrets=secrets, shared_taint=store)
    pins = _pins(engine, pin_file, name, repin)
    _check_stdio()  # after the policy and pin file errors, before the audit log and upstream
    try:
        warm_scanner()  # compiles the Hyperscan anchor database on another thread meanwhile
        session = engine.new_session()
        audit = AuditLog(audit_path)
        audit.start(
            version=__version__, policy_hash=policy_hash(policy), server=name, session=session.id
        )
        work = SessionWork(
            engine=engine,
            session=session,
            server=name,
            decider=Decider(session, server=name, codes=CodeStore(approvals_store)),
            pin_file=pins,
            shared=store,
        )
        config = CoreConfig(
            server=name,
            session_id=session.id,
            content_mode=policy.content.mode,
            block_at=policy.content.block_at,
            max_bytes=max_bytes,
            max_depth=max_depth,
            approval_timeout_s=approval_timeout or policy.approval_timeout_s,
        )
        core = ProxyCore(
            config, work, clock=time.monotonic, sealer=Sealer(), nonce=os.urandom(4).hex()
        )
        transport = Transport(
            core,
            SubprocessUpstream(command),
            audit=audit,
            shared=store,
            max_bytes=max_bytes,
            warm=warm_psl,
        )
        try:
            return run(transport)
        finally:
            audit.close()
    finally:
        if store is not None:
            store.close()  # publishes the keys it held
