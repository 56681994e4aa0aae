"""Rule of Two: a session may hold at most two legs of the lethal trifecta without a yes.

The three legs (Simon Willison, "The lethal trifecta for AI agents", June 2025; Meta, "Agents
Rule of Two: A Practical Approach to AI Agent Security", October 2025):

* **untrusted input**: the model has read output from a source an attacker can influence
  (by default every tool result: docs/threat-model.md control 6);
* **sensitive data**: the session has read private data (tools marked ``sensitive``, or reads
  under the policy's ``sensitive_paths``);
* **external communication**: a call that can carry data out (sending tools, egress).

:meth:`TrifectaState.check` returns an ``ask`` (rule ``r2.trifecta``) for an *external* call
when the session already holds untrusted input, and sensitive data is held or read by this very
call, unless the call's destination is allowlisted or approved. That is the call that could
carry private data to an attacker-chosen place; the ask comes before anything leaves.

Two decisions, stated so they can be argued with:

* the call's own ``untrusted_output`` does not count toward completing the trifecta for *that*
  call: its output arrives after its arguments were chosen, so it cannot have steered them.
  It counts for every later call (:meth:`record_call`, :meth:`observe_result`);
* a non-external call that completes the set (say a sensitive read after an earlier send and
  untrusted input) is allowed: nothing leaves with it, and the next external call is asked.
* a destination the user named (or the allowlist, or an approval) clears the ask, unless
  the session read sensitive data from a repository the user's text does not name and the
  call goes anywhere but that repository (``steered_sources``): then the injection picked
  the data, and the user's naming the destination says nothing about sending it there. The
  GitHub "toxic agent flow" (Invariant Labs, May 2025): an issue in the user's public
  repository has the agent read a private repository and publish it in a pull request of
  the public one, which the user named. Data written back to the repository it came from
  stays cleared: that moves nothing to new readers.
Legs only grow within a session (like taint, docs/threat-model.md control 5).

The legs are the client's, not one server's: each server of a client runs behind its own
``cordon run``, and the trifecta split across them (a planted mail read through the mail
server, a private file read through the filesystem server, the post made through the chat
server) is the same attack. A session publishes a leg it comes to hold in the client's shared
store (:data:`SHARED_LEG_KEYS`, as a destination key is published for cross-server taint),
before the call or result that sets it goes on; the check counts the legs any other process
of the client published (:meth:`TrifectaState.elsewhere`). A sensitive read from a repository
the user's text does not name is published too (:data:`STEERED_KEY`): the destination another
process's call goes to is then not cleared by being named either. A store whose misses cannot
be trusted (``truncated``) counts them as held: ask, never a silent allow.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cordon._types import Verdict
from cordon.engine import rules
from cordon.taint._store import SharedTaint

__all__ = [
    "SHARED_LEG_KEYS",
    "STEERED_KEY",
    "TrifectaState",
    "legs_from_annotations",
    "writes_closed_world",
]

#: the key each leg is published under in the client's shared store; a NUL is in no
#: normalised destination key, so none of them can be read as one (or one as them). External
#: communication is not shared: the call that makes it is the one asked about.
SHARED_LEG_KEYS = {
    "untrusted_input": "\x00r2:untrusted_input",
    "sensitive_data": "\x00r2:sensitive_data",
}
#: published once a session reads sensitive data from a repository the user's text does not
#: name (``steered_sources``): the client's other processes then clear no destination either
#: (the toxic agent flow split over two servers; they cannot tell which repository it was,
#: so not even that one: fail closed)
STEERED_KEY = "\x00r2:steered"
_SHARED_KEYS = {**SHARED_LEG_KEYS, "steered": STEERED_KEY}


@dataclass(kw_only=True, slots=True)
class TrifectaState:
    """The Rule-of-Two legs one session holds. Mutable; owned by one ``Session``.

    Attributes:
        untrusted_input: the model has seen untrusted output.
        sensitive_data: the session has read sensitive data.
        external_comm: the session has communicated externally.
    """

    untrusted_input: bool = False
    sensitive_data: bool = False
    external_comm: bool = False
    #: the repositories (``(owner, repo)``, case-folded; ``("", "")`` for one not readable as
    #: a pair) sensitive data was read from that the user's text does not name (the module
    #: docstring): a call to any other destination is not cleared by being named
    steered_sources: set[tuple[str, str]] = field(default_factory=set)
    #: the client's shared store (the module docstring), or None: the legs stay this
    #: session's own
    shared: SharedTaint | None = None
    #: the legs another process of the client published (or counted held: a store that is
    #: ``truncated``); they only grow, so each is looked up until found
    from_others: set[str] = field(default_factory=set)
    #: why a leg could not be published (the session then counts as degraded: its sends are
    #: denied, since the client's other processes may not know the leg), else None
    failure: str | None = None

    def observe_result(self, *, untrusted: bool, sensitive: bool) -> None:
        """Record a tool result reaching the model: ``untrusted`` sets the untrusted-input leg,
        ``sensitive`` (the result came from a sensitive read) the sensitive-data leg."""
        self._set(untrusted, sensitive)

    def _set(self, untrusted: bool, sensitive: bool) -> None:
        """Set the two shared legs, publishing each the first time it is set."""
        new = []
        if untrusted and not self.untrusted_input:
            self.untrusted_input = True
            new.append(SHARED_LEG_KEYS["untrusted_input"])
        if sensitive and not self.sensitive_data:
            self.sensitive_data = True
            new.append(SHARED_LEG_KEYS["sensitive_data"])
        self._publish(new)

    def _publish(self, keys: list[str]) -> None:
        """Publish ``keys`` in the client's shared store; a failure degrades the session."""
        if keys and self.shared is not None:
            try:
                self.shared.publish(keys)
            except OSError as exc:
                self.failure = self.failure or f"publishing a Rule of Two leg failed: {exc}"

    def elsewhere(self, leg: str) -> bool:
        """Whether another process of the client holds ``leg`` (a key of
        :data:`SHARED_LEG_KEYS`, or ``steered``: :data:`STEERED_KEY`), as far as its shared
        store knows; a store whose misses cannot be trusted counts it held."""
        if leg in self.from_others:
            return True
        shared = self.shared
        if shared is None:
            return False
        if shared.contains(_SHARED_KEYS[leg]) or shared.truncated:
            self.from_others.add(leg)
            return True
        return False

    def record_call(
        self,
        *,
        external: bool,
        sensitive: bool,
        untrusted_output: bool = False,
        steered: tuple[str, str] | None = None,
    ) -> None:
        """Record a call that was allowed (or approved) and forwarded.

        Args:
            external: the call communicates externally (sets that leg).
            sensitive: the call reads sensitive data (set now rather than when its result
                arrives: a result that never comes back must not leave the leg unset).
            untrusted_output: the call's output will be untrusted (sets the untrusted-input
                leg now, for the same reason).
            steered: the repository the call reads sensitive data from, when the user's text
                does not name it (added to ``steered_sources``).
        """
        self.external_comm = self.external_comm or external
        self._set(untrusted_output, sensitive)
        if steered is not None:
            if not self.steered_sources:
                self._publish([STEERED_KEY])
            self.steered_sources.add(steered)

    def steered_away(self, destination: tuple[str, str] | None) -> bool:
        """Sensitive data was read from a repository the user's text does not name, other
        than ``destination`` (the call's own ``owner`` and ``repo``, or None), by this
        session, or from any repository by another process of the client (:data:`STEERED_KEY`:
        which one it was is not shared). The store is looked up only while this session read
        none itself: its own key would be found there too, and data written back to the
        repository it came from stays cleared."""
        if self.steered_sources:
            return any(src != destination or not src[0] for src in self.steered_sources)
        return self.elsewhere("steered")

    def legs(self) -> dict[str, Any]:
        """The three legs as a dict (for audit records), and those held by another process
        of the client (``from_other_servers``) when there are any."""
        out: dict[str, Any] = {
            "untrusted_input": self.untrusted_input,
            "sensitive_data": self.sensitive_data,
            "external_comm": self.external_comm,
        }
        if self.from_others:
            out["from_other_servers"] = sorted(self.from_others)
        return out

    def may_ask(self, external: bool, sensitive: bool, destination_allowlisted: bool) -> bool:
        """Whether :meth:`check` asks about a call with these legs (its ``untrusted_output``
        goes only into the ask's details): an external call, to a destination not all
        allowlisted or approved, after untrusted input, with sensitive data held or read
        (by this session or another process of the client: the shared store is looked up
        only when this session's own legs do not settle it)."""
        return (
            external
            and not destination_allowlisted
            and (self.untrusted_input or self.elsewhere("untrusted_input"))
            and (self.sensitive_data or sensitive or self.elsewhere("sensitive_data"))
        )

    def check(
        self,
        *,
        external: bool,
        sensitive: bool,
        untrusted_output: bool,
        destination_allowlisted: bool,
        steered: bool = False,
    ) -> Verdict | None:
        """Decide whether this call completes the trifecta.

        Args:
            external: the call communicates externally.
            sensitive: the call reads sensitive data.
            untrusted_output: the call's output will be untrusted (recorded in the verdict's
                details; see the module docstring for why it does not count for this call).
            destination_allowlisted: every destination of the call is allowlisted or was
                approved; then no ask.
            steered: the destination was cleared but the session read sensitive data from a
                repository the user's text does not name (:meth:`steered_away`); only
                words the reason.

        Returns:
            None, or an ``ask`` Verdict with rule ``r2.trifecta``; ``details["legs"]`` holds
            the session's legs before the call. Does not change the state.
        """
        if not self.may_ask(external, sensitive, destination_allowlisted):
            return None
        if self.sensitive_data:
            where = "earlier in this session"
        elif sensitive:
            where = "by this call"
        else:
            where = "through another server of this client"
        why = (
            "; it came from a repository the user did not name, so a destination the user "
            "named does not clear it"
            if steered
            else ""
        )
        return Verdict(
            verdict="ask",
            rule=rules.R2_TRIFECTA,
            reason=(
                "this call communicates externally after the session read untrusted content "
                f"and sensitive data was read {where} (Rule of Two: all three legs){why}"
            ),
            details={
                "legs": self.legs(),
                "call": {
                    "external": external,
                    "sensitive": sensitive,
                    "untrusted_output": untrusted_output,
                },
            },
        )


def legs_from_annotations(annotations: dict[str, Any] | None) -> dict[str, bool]:
    """Default Rule-of-Two legs of a tool from its MCP annotations (MCP specification
    2025-06-18, "Tool annotations"; hints are untrusted unless the server is trusted, which
    cordon's threat model grants to pinned servers).

    Returns ``{"untrusted_output": ..., "external": ..., "sensitive": ...}``:

    * ``untrusted_output``: true unless ``openWorldHint`` is explicitly ``false`` (the issue's
      default, "every result counts");
    * ``external``: true unless ``openWorldHint`` is explicitly ``false``: the spec's default
      for an absent ``openWorldHint`` is true, and a read-only open-world tool (search, fetch)
      still sends its arguments out, so ``readOnlyHint`` does not lower it;
    * ``sensitive``: always false here; annotations say nothing about data sensitivity (set
      ``sensitive`` in the policy or a pack, or list ``sensitive_paths``).

    ``readOnlyHint`` and ``destructiveHint`` do not affect the legs (``destructiveHint`` is an
    action rule, ``action.destructive_hint``). Policy keys per tool and per server override
    every default. A session also counts a closed-world tool's output as untrusted when its
    server can write that closed world (:func:`writes_closed_world`): one tool's annotations
    alone do not tell.
    """
    ann = annotations or {}
    open_world = ann.get("openWorldHint") is not False
    return {"untrusted_output": open_world, "external": open_world, "sensitive": False}


def writes_closed_world(definitions: Mapping[str, Any] | None) -> bool:
    """Whether a server's pinned tools (``definitions``: name -> definition) include one
    that changes its closed world: marked ``openWorldHint: false`` and not
    ``readOnlyHint: true`` (the MCP default for an absent ``readOnlyHint`` is false: a
    writer). A memory server's ``create_entities``, a file server's ``write_file``.

    Such a server is a store, and what its closed-world reads return is whatever was
    written into it: by an agent that untrusted input steered, in this session or in an
    earlier one no cordon process of the client saw (stored prompt injection; OWASP Agentic
    AI T1, memory poisoning). ``openWorldHint: false`` says where a tool reaches, not who
    wrote what it returns, so for such a server it does not make a read's output trusted
    input for the Rule of Two. A server whose closed-world tools only read (a clock, a
    calculator) keeps the hint.
    """
    for d in (definitions or {}).values():
        ann = d.get("annotations") if isinstance(d, Mapping) else None
        if not isinstance(ann, Mapping):
            continue
        if ann.get("openWorldHint") is False and ann.get("readOnlyHint") is not True:
            return True
    return False
