"""The policy fields the engine's checks read on every call, as plain slots (:class:`ToolView`).

A pydantic model defines ``__getattr__``, so every attribute read of a :class:`ToolPolicy`
or :class:`Policy` goes through CPython's getattr hook (two more type lookups a read, ~450
instructions): a send read 42 of them, ~5% of its decision. A view holds the same values,
read once per tool: :meth:`cordon.policy.Policy.tool_view` builds it at the tool's first
call and keeps it on the policy object itself, so a view lives and dies with the policy it
was read from. Both models are frozen (assignment raises) and a changed policy is a new
object (``model_copy``, as :class:`cordon.gateway.Gateway` merges a tool's entry, and the
copy starts with no views), so a policy's view is always of that policy's own fields. The
view's containers are the models' own objects (tuples, and the dicts pydantic validated).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from cordon.policy.model import Policy, ServerPolicy, ToolPolicy

__all__ = ["ToolView", "build_view"]


@dataclass(frozen=True, slots=True)
class ToolView:
    """A tool policy's fields (named as in :class:`~cordon.policy.ToolPolicy`) and the whole
    policy's the checks read with them (``policy_*`` and the rest below).

    Attributes:
        trusted_destinations: the policy's ``trusted_destinations``, then the tool's.
        policy_base_dir: the policy's ``base_dir``.
        servers, trust_tools, sensitive_paths, trusted_text_beats_taint,
            allowlist_beats_taint: the policy's.
        secret_patterns: the policy's ``secrets.patterns``.
        egress_places: the tool's ``path_params`` and ``sink_params`` as one set: the
            argument names egress reads of a tool declared local or sending to its sinks
            (:func:`cordon.engine.checks.egress._leaves`), built once here, not per call.
    """

    executes: bool | None
    destructive: bool | None
    writes: bool | None
    egress: bool | None
    sql: Mapping[str, str]
    base_dir: str | None
    destructive_unless: Mapping[str, bool | int | str]
    ask_without: tuple[str, ...]
    ask_patterns: Mapping[str, str]
    unfurls: bool | None
    renders: bool | Literal["files"] | None
    path_params: tuple[str, ...]
    sink_params: tuple[str, ...]
    code_params: tuple[str, ...]
    exfiltrating: bool | None
    sensitive: bool | None
    allow_secret_patterns: tuple[str, ...]
    trusted_destinations: tuple[str, ...]
    policy_base_dir: str | None
    servers: Mapping[str, ServerPolicy]
    trust_tools: tuple[str, ...]
    sensitive_paths: tuple[str, ...]
    trusted_text_beats_taint: bool
    allowlist_beats_taint: bool
    secret_patterns: bool
    egress_places: frozenset[str]


def build_view(policy: Policy, tp: ToolPolicy) -> ToolView:
    """The view of the tool policy ``tp`` under ``policy`` (built anew: kept by
    :meth:`cordon.policy.Policy.tool_view`)."""
    return ToolView(
        executes=tp.executes,
        destructive=tp.destructive,
        writes=tp.writes,
        egress=tp.egress,
        sql=tp.sql,
        base_dir=tp.base_dir,
        destructive_unless=tp.destructive_unless,
        ask_without=tp.ask_without,
        ask_patterns=tp.ask_patterns,
        unfurls=tp.unfurls,
        renders=tp.renders,
        path_params=tp.path_params,
        sink_params=tp.sink_params,
        code_params=tp.code_params,
        exfiltrating=tp.exfiltrating,
        sensitive=tp.sensitive,
        allow_secret_patterns=tp.allow_secret_patterns,
        trusted_destinations=(*policy.trusted_destinations, *tp.trusted_destinations),
        policy_base_dir=policy.base_dir,
        servers=policy.servers,
        trust_tools=policy.trust_tools,
        sensitive_paths=policy.sensitive_paths,
        trusted_text_beats_taint=policy.trusted_text_beats_taint,
        allowlist_beats_taint=policy.allowlist_beats_taint,
        secret_patterns=policy.secrets.patterns,
        egress_places=frozenset((*tp.path_params, *tp.sink_params)),
    )
