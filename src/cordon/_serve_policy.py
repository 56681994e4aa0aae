"""``cordon serve``'s ``verify_policy``: a policy's text loaded as ``cordon run`` and
``cordon check`` load a file, answered with every error (file, line, key) or, when it loads,
with the warnings ``cordon check`` prints (:func:`cordon.checktools.policy_warnings`, one code
for both). Every string of the answer goes through the serve's output hygiene (``clean``):
a policy's text is the caller's, and its keys and values are repeated in messages."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from cordon._exceptions import PolicyError
from cordon.policy import Policy, load_policy
from cordon.policy.loader import sets_nothing

#: the largest policy text read (bytes)
MAX_YAML = 256 * 1024

_Clean = Callable[[Any], Any]


def verify_policy_text(text: str, clean: _Clean) -> dict[str, Any]:
    """``{"valid", "errors", "warnings"}`` for the policy ``text``."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_YAML:
        return _errors([{"message": f"policy larger than {MAX_YAML} bytes"}], clean)
    with tempfile.TemporaryDirectory(prefix="cordon-verify-") as tmp:
        path = Path(tmp) / "policy.yaml"
        path.write_text(text, "utf-8", errors="surrogatepass")
        try:
            loaded = load_policy([path])
        except PolicyError as exc:
            # one entry per problem (a policy with several mistakes lists them all)
            return _errors(
                [
                    {
                        "message": p.message.replace(str(path), "<policy>"),
                        "file": "<policy>" if p.file == str(path) else p.file,
                        "line": p.line,
                        "key": p.key,
                    }
                    for p in exc.problems
                ],
                clean,
            )
        empty = sets_nothing(path)
    return {"valid": True, "errors": [], "warnings": _warnings(loaded, empty, clean)}


def _warnings(policy: Policy, empty: bool, clean: _Clean) -> list[dict[str, Any]]:
    """What ``cordon check`` warns about in a policy that loads, read in this server's
    environment and file system; a text that sets nothing loads as the defaults and must
    not pass for rules in force."""
    from cordon.checktools import policy_warnings

    out: list[dict[str, Any]] = [
        {"message": m, "key": k} for k, m in policy_warnings(policy, os.environ)
    ]
    if empty:
        out.append({"message": "the policy sets nothing: the defaults apply", "key": None})
    return cast("list[dict[str, Any]]", clean(out))


def _errors(errors: list[dict[str, Any]], clean: _Clean) -> dict[str, Any]:
    out = [
        {"message": e["message"], "file": e.get("file"), "line": e.get("line"), "key": e.get("key")}
        for e in errors
    ]
    return {"valid": False, "errors": clean(out), "warnings": []}
