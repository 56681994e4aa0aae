"""The policy model (version 1), validated with pydantic; unknown keys are errors.

See docs/internals.md for an annotated example. A policy is data: it never runs code.
"""

from __future__ import annotations

import os
import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _absolute_paths(field: str, v: tuple[str, ...]) -> tuple[str, ...]:
    """Each path absolute once ``~`` is expanded: a relative prefix would be resolved against
    whatever working directory the MCP client starts cordon in (newcomer trial, session 9)."""
    for p in v:
        if not os.path.isabs(os.path.expanduser(p)):
            raise ValueError(f"{field}: {p!r} is a relative path; give an absolute one (or ~/...)")
    return v


class ToolPolicy(_Strict):
    """Controls for one tool. Every field is optional; absent means "no control of this kind"."""

    max_calls: int | None = Field(default=None, ge=0)
    path_params: tuple[str, ...] = ()
    allowed_path_prefixes: tuple[str, ...] = ()
    base_dir: str | None = None
    arg_patterns: dict[str, str] = Field(default_factory=dict)
    max_value: dict[str, float] = Field(default_factory=dict)
    exfiltrating: bool | None = None
    sink_params: tuple[str, ...] = ()
    trusted_destinations: tuple[str, ...] = ()
    required_scopes: tuple[str, ...] = ()
    sensitive: bool | None = None
    untrusted_output: bool | None = None
    egress: bool | None = None
    executes: bool | None = None
    destructive: bool | None = None
    checked_live: bool = False
    #: regexes (case-insensitive); the tool runs unasked only when the session's trusted text
    #: (the user's request) matches one (rule ``action.not_requested``)
    requires_request: tuple[str, ...] = ()
    #: the tool lists the system's own destinations (channels, members, contacts): its whole
    #: output items vouch for those names as destinations
    directory: bool = False
    #: arguments naming the object of an action (a hotel, a file): their value must occur in
    #: the user's text or as a whole item of a directory tool's output, else ask
    #: (rule ``taint.unvouched_value``)
    vouched_params: tuple[str, ...] = ()
    #: like ``directory``, but only the items under these field names vouch (a message
    #: list's ``sender``, which the platform writes, and not its ``body``, which anyone can)
    directory_fields: tuple[str, ...] = ()
    #: text fields written by an authenticated member of a closed system (a Slack message's
    #: ``body``): each link and e-mail address written in them vouches for itself as a
    #: destination, in that exact spelling, unless this session itself sent it out earlier
    directory_text_fields: tuple[str, ...] = ()
    #: arguments of free text (an event title) in which every proper name (two or more
    #: capitalised words) must occur in the user's text or a directory listing, else ask
    #: (rule ``taint.unvouched_value``)
    vouched_names: tuple[str, ...] = ()
    #: the tool's output is the user's private record (a profile, an account): its
    #: identifier-shaped values (passport, card, account numbers) may not leave in a sending
    #: call unless the user's text gives them, else ask (rule ``taint.private_value``)
    private_values: bool = False
    #: the user may delegate to this tool's output: when the user's text asks to follow the
    #: instructions (do the actions, steps, tasks) of a source it names in quotes, and a call
    #: of this tool has an argument equal to that name, the result's text counts as the
    #: user's request for ``requires_request`` (which actions are asked for), never for
    #: destinations, payments or deletes
    delegable: bool = False
    #: fields of a record the user owns that list who it is shared with or sent to, each with
    #: the name of the record's owner field (``{shared_with: owner}``): the names under such
    #: a field (a string, a list of strings, or a mapping's keys) vouch for themselves as
    #: destinations, like ``directory_fields``, but only in a record whose owner field is
    #: exactly one of the policy's ``user_identities``; another owner's record vouches for
    #: nothing. The owner field must be one only the platform writes: an e-mail's ``sender``
    #: (its From) or an e-mailed invitation's ``organizer``, which anyone can spoof, is not
    #: an owner
    owned_fields: dict[str, str] = Field(default_factory=dict)
    #: the user may point at this tool's output for a person's e-mail address: when the
    #: user's text says where that address is written ("you can find her e-mail on her
    #: website: www.dora-website.com", "his email address is in 'team.txt'") and a call of
    #: this tool has an argument equal to that source, the one address its results hold
    #: vouches for itself as a destination, in that exact spelling; none when they hold two
    #: or more (an injection beside it), or when this session sent it out before. Answers no
    #: payment or other action ask
    address_source: bool = False

    @field_validator("arg_patterns")
    @classmethod
    def _patterns_compile(cls, v: dict[str, str]) -> dict[str, str]:
        for name, pattern in v.items():
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"arg_patterns.{name}: regex does not compile: {exc}") from exc
        return v

    @field_validator("allowed_path_prefixes")
    @classmethod
    def _prefixes_absolute(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        return _absolute_paths("allowed_path_prefixes", v)

    @field_validator("base_dir")
    @classmethod
    def _base_absolute(cls, v: str | None) -> str | None:
        if v is not None:
            _absolute_paths("base_dir", (v,))
        return v

    @field_validator("requires_request")
    @classmethod
    def _requests_compile(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        for pattern in v:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"requires_request: regex does not compile: {exc}") from exc
        return v


class ContentPolicy(_Strict):
    mode: Literal["monitor", "warn", "block"] = "monitor"
    block_at: Literal["low", "medium", "high", "critical"] = "high"


class EgressPolicyModel(_Strict):
    mode: Literal["open", "allowlist"] = "open"
    allow: tuple[str, ...] = ()
    allow_private: bool = False
    allow_schemes: tuple[str, ...] = ()


class SecretsPolicy(_Strict):
    env: tuple[str, ...] = ()
    files: tuple[str, ...] = ()


class ServerPolicy(_Strict):
    untrusted_output: bool | None = None
    sensitive: bool | None = None
    trust_tools: tuple[str, ...] = ()


class Policy(_Strict):
    """A whole policy (after layering). ``version`` must be 1."""

    version: Literal[1] = 1
    packs: tuple[str, ...] = ()
    trusted_destinations: tuple[str, ...] = ()
    #: the user's own identities (e-mail addresses, account names) exactly as a server writes
    #: them in a record's owner field (``owned_fields``, compared as spelled: case, spaces and
    #: look-alikes count); they vouch for nothing by themselves
    user_identities: tuple[str, ...] = ()
    allowlist_beats_taint: bool = False
    trusted_text_beats_taint: bool = True
    min_destination_length: int = Field(default=6, ge=1)
    taint_memory_bytes: int = Field(default=64 * 1024 * 1024, ge=1024)
    approval_timeout_s: float = Field(default=120.0, gt=0)
    content: ContentPolicy = ContentPolicy()
    egress: EgressPolicyModel = EgressPolicyModel()
    secrets: SecretsPolicy = SecretsPolicy()
    allowed_path_prefixes: tuple[str, ...] = ()
    sensitive_paths: tuple[str, ...] = ()
    trust_tools: tuple[str, ...] = ()

    @field_validator("allowed_path_prefixes")
    @classmethod
    def _prefixes_absolute(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        return _absolute_paths("allowed_path_prefixes", v)

    servers: dict[str, ServerPolicy] = Field(default_factory=dict)
    tools: dict[str, ToolPolicy] = Field(default_factory=dict)
