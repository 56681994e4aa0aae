"""Ask before a credential is set to a value the user did not type.

An injected "reset the password to X" is an account takeover (AgentDojo banking injection
task 7); the user's own "set it to X" is vouched by their text.
"""

from __future__ import annotations

from cordon._types import Verdict
from cordon.engine import actions as _actions
from cordon.engine import args as _args
from cordon.engine import rules
from cordon.engine.checks._base import PASS, Check, Context, Facts, Result
from cordon.policy import ToolPolicy
from cordon.taint import norm

_CRED_VERBS = frozenset({"update", "change", "set", "reset", "rotate", "create", "new", "modify"})
_CRED_NOUNS = frozenset(
    {
        "password",
        "passwd",
        "passphrase",
        "pin",
        "secret",
        "token",
        "apikey",
        "credential",
        "credentials",
    }
)


def applies(tool: str, tp: ToolPolicy) -> bool:
    """:func:`run` passes every call of a tool whose name has no verb of :data:`_CRED_VERBS`."""
    return bool(_CRED_VERBS.intersection(_actions.split_tokens(tool)))


def run(ctx: Context, facts: Facts) -> Result:
    if not applies(ctx.tool, ctx.tp):
        return PASS
    for key, value in _args.iter_keyed(ctx.arguments):
        if not isinstance(value, str) or not value:
            continue
        if (
            _CRED_NOUNS.intersection(_actions.split_tokens(key))
            and norm(value) not in ctx.session.trusted_words
        ):
            return Result(
                asks=(
                    Verdict(
                        verdict="ask",
                        rule=rules.ACTION_CREDENTIAL_CHANGE,
                        reason=f"'{key}' sets a credential to a value the user did not give",
                        param=key,
                    ),
                )
            )
    return PASS


CHECK = Check("credentials", run, (rules.ACTION_CREDENTIAL_CHANGE,), applies)
