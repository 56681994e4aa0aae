"""The policy fields the checks read on every call, as plain slots (:class:`ToolView`).

A pydantic model defines ``__getattr__``, so every attribute read of a
:class:`~cordon.policy.ToolPolicy` or :class:`~cordon.policy.Policy` goes through CPython's
getattr hook (two more type lookups a read, ~450 instructions): a send read 42 of them, ~5%
of its decision. The view holds the same values, read once per (policy, tool policy) pair.

Both models are frozen (``ConfigDict(frozen=True)``: assignment raises), and a changed
policy is a new object (``model_copy``, as :class:`cordon.gateway.Gateway` merges a tool's
entry), so a view keyed by the two objects' identities is the policy it was built from; the
objects are held by the cache, so their identities cannot be reused while it keeps them.
The view's containers are the models' own objects (tuples, and the dicts pydantic validated).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from cordon.policy import Policy, ServerPolicy, ToolPolicy

__all__ = ["ToolView", "tool_view"]


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


#: (id(policy), id(tool policy)) -> (policy, tool policy, view); the objects held
_VIEWS: dict[tuple[int, int], tuple[Policy, ToolPolicy, ToolView]] = {}
#: at most this many pairs kept: past it the cache is dropped and views are built again (a
#: view costs about one decision's policy reads). Small, since the cache holds each policy it
#: keys: a gateway's merges make a new ``Policy`` per tool entry, and the old ones are kept
#: only until then
MAX_VIEWS = 64


def tool_view(policy: Policy, tp: ToolPolicy) -> ToolView:
    """The view of ``tp`` under ``policy`` (built at the pair's first call)."""
    key = (id(policy), id(tp))
    got = _VIEWS.get(key)
    if got is not None and got[0] is policy and got[1] is tp:
        return got[2]
    view = _build(policy, tp)
    if len(_VIEWS) >= MAX_VIEWS:
        _VIEWS.clear()
    _VIEWS[key] = (policy, tp, view)
    return view


def _build(policy: Policy, tp: ToolPolicy) -> ToolView:
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
    )
