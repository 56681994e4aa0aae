"""The decision pipeline as data: :data:`PIPELINE`, one check per module, run in order.

:func:`decide` runs it on one call; :mod:`._pipeline` states how results combine (the first
deny wins; else the asks no approval covers, as one ask; else allow). A check reads the
session and the facts of the checks before it, and returns a :class:`Result`; it never edits
another's.
"""

from __future__ import annotations

from cordon.engine.checks import (
    actions,
    arguments,
    budgets,
    credentials,
    degraded,
    dlp,
    egress,
    links,
    pins,
    records,
    rendered,
    requests,
    rule_of_two,
    secrets,
    taint,
)
from cordon.engine.checks._base import (
    PASS,
    Check,
    Context,
    Facts,
    Result,
    SinkFacts,
    approval_key,
    ask_keys,
    with_arguments,
)
from cordon.engine.checks._pipeline import CheckLists, Outcome, first_objection, resolve, run

__all__ = [
    "FETCH_PIPELINE",
    "PASS",
    "PIPELINE",
    "VALUES_PIPELINE",
    "Check",
    "CheckLists",
    "Context",
    "Facts",
    "Outcome",
    "Result",
    "SinkFacts",
    "approval_key",
    "ask_keys",
    "decide",
    "first_objection",
    "resolve",
    "run",
    "with_arguments",
]

PIPELINE: tuple[Check, ...] = (
    pins.CHECK,
    budgets.CHECK,
    arguments.CHECK,
    actions.CHECK,
    credentials.CHECK,
    requests.CHECK,
    rendered.CHECK,
    egress.CHECK,
    taint.CHECK,
    links.CHECK,
    rule_of_two.CHECK,
    records.CHECK,
    degraded.CHECK,
    secrets.CHECK,
    dlp.CHECK,
)
"""The order of the checks, and why.

Denies stop the pipeline, so the order decides which rule a call with several problems is
refused under, and what is never looked at: cheap checks that need no argument come first,
and each check comes after the facts it reads.

1. ``pins``: a tool that is unknown, changed (rug pull) or poisoned is refused before its
   arguments are read at all: nothing about an untrusted definition is worth checking.
2. ``budgets``: ``max_calls`` and ``required_scopes`` need only the tool name.
3. ``arguments``: path confinement, ``arg_patterns``, ``max_value``: static policy on the
   arguments, denies only.
4. ``actions``: destructive commands (deny) and consequential actions (ask); first of the
   asks, so it is the one a person sees first.
5. ``credentials``, 6. ``requests``: provenance asks about the action itself (a credential
   the user did not type, an action nobody asked for). ``requests`` sets ``requested``,
   which ``taint`` reads.
7. ``rendered``: image and embed URLs in content a ``renders: true`` tool writes (fact
   ``rendered``, read by ``egress``, ``secrets`` and ``dlp``); an ask for a host first seen
   in untrusted output. Before ``egress``, which judges those URLs' hosts.
8. ``egress``: SSRF-shaped destinations, before taint: a metadata endpoint is refused as
   such whatever its history.
9. ``taint``: the sink gate; finds the call's destinations (``sending``, and ``taint``:
   ``destinations``, ``cleared``...) for every later check, and answers the ``actions`` ask
   when the user's request names every destination.
10. ``links``: links relayed in message text, on ``taint``'s facts.
11. ``rule_of_two``: needs ``sending`` and ``cleared``; sets the legs an allowed call adds
    (``legs``).
12. ``records``: a payment card number the user did not give, in a sending call (needs
    ``sending``); an ask, after the Rule of Two's, which a person sees first.
13. ``degraded``: a send from a session with incomplete history is refused; after the legs
    are known (``legs.external``), and before secrets, which that history may be missing.
14. ``secrets``: a registered secret in any call, or one seen in output in a send or a call
    to another server, is denied, never approvable; among the last of the denies, so that a
    call is not refused under the secret rule when a cheaper rule already refuses it (the
    audit record never needs to point at a secret when it need not).
15. ``dlp``: a credential in a known format nobody registered (``secret.pattern``), in any
    call; right after ``secrets``, for the same reason, and after it so that a registered
    secret that also has a known format is refused under the rule that names it. It reads
    ``sending``/``external`` (a credential this server returned may go back to it only in a
    call that does not send). Last of the checks: it scans every string of every call.
"""


FETCH_PIPELINE: tuple[Check, ...] = (
    egress.CHECK,
    taint.CHECK,
    links.CHECK,
    rule_of_two.CHECK,
    degraded.CHECK,
    secrets.CHECK,
    dlp.CHECK,
)
"""A client request that reads a network URL (``resources/read`` of an ``https:`` URI: MCP
defines it as a resource on the web, fetched by whoever reads it): decided as a fetch tool's
call with that URL is, from ``egress`` on, in :data:`PIPELINE`'s order. No ``pins``,
``budgets``, ``arguments`` or ``actions``: those read a tool's definition and policy, and a
protocol method has neither (:mod:`cordon.engine.client_requests`)."""

VALUES_PIPELINE: tuple[Check, ...] = (secrets.CHECK, dlp.CHECK)
"""A client request whose values reach the server only (``prompts/get`` arguments,
``completion/complete`` values, a resource URI of the server's own scheme): no credential
leaves in them (invariant 7), read as a call that does not send is; the server names what
they address, so there is no destination to gate."""


def decide(ctx: Context) -> Outcome:
    """Run :data:`PIPELINE` on one call: the checks of it that apply to the call's tool
    (:class:`CheckLists`, kept by the engine), which decide as the whole pipeline does."""
    lists = ctx.session.engine.check_lists
    return run(lists.get(PIPELINE, ctx.tool, ctx.tp), ctx)
