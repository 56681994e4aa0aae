"""Action rules: destructive commands are denied, consequential actions asked about.

The tool's MCP annotations come from the pinned definition; ``destructive: false`` in the
policy vouches for a tool (confined writes), ``trust_tools`` skips the asks (never the denies).
"""

from __future__ import annotations

from cordon.engine import actions as _actions
from cordon.engine import args as _args
from cordon.engine import commands as _commands
from cordon.engine import rules
from cordon.engine.checks._base import Check, Context, Facts, Result, deny_or_ask
from cordon.engine.walk import call_walk


def run(ctx: Context, facts: Facts) -> Result:
    s, tp, tool, server = ctx.session, ctx.tp, ctx.tool, ctx.server
    policy = s.engine.policy
    sp = policy.servers.get(server)
    trusted_tool = tool in policy.trust_tools or (sp is not None and tool in sp.trust_tools)
    ann = s._annotations(server, tool)
    if tp.destructive is False or (ann.get("destructiveHint") is True and _confined(ctx)):
        # the policy vouches for this tool, or confines this very call (e.g. confined writes)
        ann = {**ann, "destructiveHint": False}
    found = deny_or_ask(
        _actions.check_actions(
            tool,
            dict(ctx.arguments),
            annotations=ann,
            executes=bool(tp.executes),
            destructive=bool(tp.destructive),
            trusted=trusted_tool,
            strings=call_walk(ctx).strings,
        )
    )
    if found.deny is not None:
        return found
    # the command strings of exec-like tools, parsed (engine/commands.py)
    deny, asks = _commands.check_commands(ctx, annotations=ann, trusted=trusted_tool)
    if deny is not None:
        return Result(deny=deny)
    return Result(asks=found.asks + asks) if asks else found


def _confined(ctx: Context) -> bool:
    """The policy's own entry for the tool bounds an argument this call gives: a path
    parameter with allowed path prefixes (the tool's or the global ones), an
    ``arg_patterns`` or a ``max_value`` entry. The ``arguments`` check, before this one,
    denied the call if it left those bounds, so a call that reaches here stays inside what
    the user confined the tool to, and the server's ``destructiveHint`` is not asked about
    again (``destructive: true`` in the policy still asks)."""
    tp = ctx.tp
    bounded = {*tp.arg_patterns, *tp.max_value}
    if tp.path_params and (
        tp.allowed_path_prefixes or ctx.session.engine.policy.allowed_path_prefixes
    ):
        bounded.update(tp.path_params)
    return bool(bounded) and any(k in bounded for k, _ in _args.iter_keyed(ctx.arguments))


CHECK = Check(
    "actions",
    run,
    (
        *_actions.BLOCK_RULES,
        *_actions.ASK_RULES,
        rules.ACTION_SENSITIVE_UPLOAD,
        rules.ACTION_DELETE_OUTSIDE,
        rules.ACTION_COMMAND_OPAQUE,
        rules.ACTION_SENSITIVE_READ,
    ),
)
