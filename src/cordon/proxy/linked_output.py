"""A tool result's linked files recorded as output of its call (the ``output_files`` key).

@playwright/mcp answers a navigation with a link to the page snapshot it saved
(``[Snapshot](../out/page.yml)``), and the client reads that file with its own file tool:
the page's text never passes through cordon. For a tool whose policy sets ``output_files``,
:func:`record_linked` reads each local file the result links
(:func:`cordon.store.linked_files.read_linked`) and records its text in the session as more
output of the same call: a host the page plants is taint, a credential in it a seen secret,
an injection a content finding, as if the server had answered with the page inline. It runs
where the result's own recording runs (the decision queue), so the next call is decided
after it. The client still reads the file itself: nothing here can sanitise it.

A remote server's links name files on its own machine: ``files_cwd`` is None and nothing is
read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cordon._types import Finding
from cordon.engine.core import Observation
from cordon.store.linked_files import read_linked

if TYPE_CHECKING:
    from cordon.proxy.work import SessionWork


@dataclass(frozen=True, kw_only=True)
class LinkedObservation(Observation):
    """A result's recording with the content findings of the files it links (``linked``),
    audited on their own (``where: linked file``): in warn mode the result's own findings
    were audited before delivery, the files' could not be."""

    linked: list[Finding] = field(default_factory=list)


def record_linked(
    work: SessionWork,
    tool: str,
    result: Any,
    args: Any,
    files_cwd: str | None,
    obs: Observation | str,
) -> Observation | str:
    """``obs`` (the result's own recording) with the findings of the files ``result`` links
    (:class:`LinkedObservation`), after recording them; ``obs`` as it is when the tool does not set ``output_files``, the
    server is remote, or the result links no readable file. A failure to record them
    degrades the session (every send refused) and is returned as the reason, as the
    result's own recording's is."""
    if files_cwd is None or not isinstance(result, dict) or not isinstance(obs, Observation):
        return obs
    if not work.engine.tool_policy(tool).output_files:
        return obs
    try:
        linked = read_linked(result, files_cwd)
        if not linked.texts:
            return obs
        more = work.session.observe_output(
            tool,
            {"content": [{"type": "text", "text": text} for text in linked.texts]},
            server=work.server,
            content_mode="monitor",
            arguments=args if isinstance(args, dict) else None,
        )
    except Exception as exc:  # noqa: BLE001 - fail closed: the session is degraded
        return work.degrade(
            f"recording the files a {tool} result links failed: {type(exc).__name__}"
        )
    if not more.findings:
        return obs
    return LinkedObservation(
        action=obs.action, result=obs.result, findings=obs.findings, linked=more.findings
    )
