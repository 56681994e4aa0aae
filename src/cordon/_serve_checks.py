"""The verdict-side steps of ``cordon serve``'s checks that ``cordon run`` takes in transport:
its size cap, and the arguments an allowed call goes out with (see :mod:`cordon.server`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cordon._types import Verdict
from cordon.engine import rules

if TYPE_CHECKING:
    from cordon.engine.core import Session

__all__ = ["forwarded", "oversize"]

#: the largest arguments (or params) a check decides, as JSON: ``cordon run`` refuses a
#: message over its cap (``--max-bytes``, 16 MiB by default), so a larger call never runs
#: through the proxy and must not be allowed here
_MAX_ARGUMENTS = 16 * 1024 * 1024


def oversize(arguments: Any) -> Verdict | None:
    """A deny for arguments larger than :data:`_MAX_ARGUMENTS` as JSON (None: not so large):
    ``cordon run`` refuses such a message before any check, so no verdict here may allow it."""
    from cordon.server import _size

    if _size(arguments) <= _MAX_ARGUMENTS:
        return None
    return Verdict(
        verdict="deny",
        rule=rules.ARG_MALFORMED,
        reason=f"arguments larger than {_MAX_ARGUMENTS} bytes: cordon run refuses a message "
        "over its size cap, so the call cannot go through it either",
    )


def forwarded(
    sess: Session, tool: str, arguments: Any, v: Verdict
) -> tuple[dict[str, Any] | None, Verdict, list[str]]:
    """The arguments the caller must run an allowed or asked call with, in place of the
    checked ones, when cordon confined a relative or ``~`` path (None: run them as given);
    the verdict; and the paths made absolute as the audit record may keep them.

    ``cordon run`` and the Gateway forward such a path joined to the policy's ``base_dir``
    themselves (:mod:`cordon.engine.anchored_paths`); a server that joins it to its own
    directory otherwise opens a file the check never saw (``Documents/x`` confined as
    ``base_dir``'s, read as the home directory's). Arguments that carry instructions (a
    content finding of medium severity or more in any string: output hygiene, which keeps an
    injection out of every reply) cannot be handed back, so such a call is denied
    (``arg.path_unresolvable``): written with absolute paths, it needs no rewriting. A low
    finding is no instruction: the path ``~/project/.ssh/id_rsa`` names a sensitive file."""
    from cordon._types import severity_at_least
    from cordon.decider import shown_arguments
    from cordon.engine.anchored_paths import anchored_arguments
    from cordon.server import _findings_of, _leaves

    if v.verdict == "deny":
        return None, v, []
    tp = sess.engine.tool_policy(tool)
    anchored = anchored_arguments(arguments, tp, sess.engine.paths)
    if anchored is None:
        return None, v, []
    kept = anchored_arguments(shown_arguments(arguments, sess.secrets, sess.engine.dlp), tp)
    paths = list(kept.paths if kept else anchored.paths)
    findings = (f for text in _leaves(anchored.arguments) for f in _findings_of(text))
    if not any(severity_at_least(f.severity, "medium") for f in findings):
        return dict(anchored.arguments), v, paths
    refused = Verdict(
        verdict="deny",
        rule=rules.ARG_PATH_UNRESOLVABLE,
        reason=(
            "this call would go out rewritten (joined to the policy's base_dir), and its "
            "arguments carry instructions no reply repeats: write them absolute"
        ),
        param=v.param,
    )
    return None, refused, paths
