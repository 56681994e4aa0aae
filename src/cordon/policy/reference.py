"""The policy reference page (``docs/policy.md``), generated from the policy model.

Every key's type, default and constraint come from the pydantic fields of
:mod:`cordon.policy.model`, its description from the field's docstring there, and its example
from :data:`EXAMPLES` below (each example is validated as a policy by the tests). Longer notes
for the provenance keys live in :data:`NOTES`. ``tests/test_docs_generated.py`` fails when
``docs/policy.md`` differs from :func:`render`.

Regenerate with ``python -m cordon.policy.reference --write docs/policy.md``.
"""

from __future__ import annotations

import sys
import types
import typing
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Literal

import annotated_types
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from cordon.policy.model import (
    ContentPolicy,
    EgressPolicyModel,
    Policy,
    SecretsPolicy,
    ServerPolicy,
    ServerRequestsPolicy,
    ToolPolicy,
)

__all__ = ["EXAMPLES", "FULL_EXAMPLE", "NOTES", "iter_keys", "main", "render"]

#: The sections of the page: (heading, key prefix, model, what the prefix stands for).
SECTIONS: tuple[tuple[str, str, type[BaseModel], str], ...] = (
    ("Top-level keys", "", Policy, ""),
    ("`content`", "content.", ContentPolicy, ""),
    ("`egress`", "egress.", EgressPolicyModel, ""),
    ("`secrets`", "secrets.", SecretsPolicy, ""),
    ("`servers.<name>`", "servers.<name>.", ServerPolicy, "a server's `--name`"),
    (
        "`servers.<name>.server_requests`",
        "servers.<name>.server_requests.",
        ServerRequestsPolicy,
        "a server's `--name`",
    ),
    ("`tools.<name>`", "tools.<name>.", ToolPolicy, "a tool's name"),
)

#: One YAML example per key (a whole policy fragment; ``version: 1`` is added when
#: validating). Paths are absolute because relative ones stop start-up.
EXAMPLES: dict[str, str] = {
    "version": "version: 1",
    "packs": "packs: [filesystem, gmail]",
    "trusted_destinations": 'trusted_destinations: [ops@example.com, "@example.com", "*.example.org"]',
    "allowlist_beats_taint": "allowlist_beats_taint: true",
    "trusted_text_beats_taint": "trusted_text_beats_taint: false",
    "min_destination_length": "min_destination_length: 8",
    "taint_memory_bytes": "taint_memory_bytes: 134217728   # 128 MiB",
    "approval_timeout_s": "approval_timeout_s: 300",
    "content": "content: {mode: warn, block_at: high}",
    "egress": "egress: {mode: allowlist, allow: [example.com]}",
    "secrets": "secrets: {env: [GITHUB_TOKEN]}",
    "allowed_path_prefixes": "allowed_path_prefixes: [/home/me/project, ~/notes]",
    "base_dir": "base_dir: /home/me/project   # relative paths resolve here",
    "sensitive_paths": "sensitive_paths: [~/.ssh, ~/.aws]",
    "trust_tools": "trust_tools: [git_push]",
    "servers": "servers:\n  mail: {untrusted_output: true}",
    "tools": "tools:\n  delete_file: {max_calls: 0}",
    "content.mode": "content: {mode: block}",
    "content.block_at": "content: {mode: block, block_at: medium}",
    "egress.mode": "egress: {mode: allowlist}",
    "egress.allow": 'egress: {mode: allowlist, allow: [example.com, "*.githubusercontent.com", 203.0.113.0/24]}',
    "egress.allow_private": "egress: {allow_private: true}",
    "egress.allow_schemes": "egress: {allow_schemes: [ftp]}",
    "secrets.env": "secrets: {env: [GITHUB_TOKEN, OPENAI_API_KEY]}",
    "secrets.files": "secrets: {files: [~/.config/gh/token]}",
    "secrets.env_credentials": "secrets: {env_credentials: off}",
    "secrets.patterns": "secrets: {patterns: off}",
    "servers.<name>.untrusted_output": "servers:\n  mail: {untrusted_output: true}",
    "servers.<name>.sensitive": "servers:\n  crm: {sensitive: true}",
    "servers.<name>.trust_tools": "servers:\n  repo: {trust_tools: [git_push]}",
    "servers.<name>.server_requests": "servers:\n  docs: {server_requests: {sampling: deny}}",
    "servers.<name>.server_requests.sampling": (
        "servers:\n  docs: {server_requests: {sampling: deny}}"
    ),
    "servers.<name>.server_requests.elicitation": (
        "servers:\n  forms: {server_requests: {elicitation: allow}}"
    ),
    "servers.<name>.server_requests.roots": "servers:\n  web: {server_requests: {roots: deny}}",
    "tools.<name>.max_calls": "tools:\n  write_file: {max_calls: 20}",
    "tools.<name>.path_params": "tools:\n  write_file: {path_params: [path]}",
    "tools.<name>.allowed_path_prefixes": (
        "tools:\n  write_file: {path_params: [path], allowed_path_prefixes: [/home/me/project/out]}"
    ),
    "tools.<name>.base_dir": "tools:\n  write_file: {path_params: [path], base_dir: /home/me/project}",
    "tools.<name>.arg_patterns": "tools:\n  refund: {arg_patterns: {order_id: '[0-9]{1,10}'}}",
    "tools.<name>.max_value": "tools:\n  refund: {max_value: {amount: 100}}",
    "tools.<name>.exfiltrating": "tools:\n  post_message: {exfiltrating: true}",
    "tools.<name>.sink_params": "tools:\n  send_email: {sink_params: [to, cc, bcc]}",
    "tools.<name>.code_params": "tools:\n  browser_evaluate: {code_params: [function]}",
    "tools.<name>.sql": "tools:\n  write_query: {sql: {query: sqlite}}",
    "tools.<name>.sql_read_only": "tools:\n  read_query: {sql: {query: sqlite}, sql_read_only: true}",
    "tools.<name>.ask_without": "tools:\n  download_attachment: {ask_without: [filename, savePath]}",
    "tools.<name>.ask_patterns": "tools:\n  create_pull_request: {ask_patterns: {head: '.+:.+'}}",
    "tools.<name>.output_files": "tools:\n  browser_navigate: {output_files: true}",
    "tools.<name>.trusted_destinations": (
        "tools:\n  send_email: {trusted_destinations: [me@example.com]}"
    ),
    "tools.<name>.required_scopes": "tools:\n  send_email: {required_scopes: [mail.send]}",
    "tools.<name>.sensitive": "tools:\n  get_user_information: {sensitive: true}",
    "tools.<name>.untrusted_output": "tools:\n  fetch: {untrusted_output: true}",
    "tools.<name>.egress": "tools:\n  fetch: {egress: true}",
    "tools.<name>.executes": "tools:\n  run_command: {executes: true}",
    "tools.<name>.renders": "tools:\n  create_wiki_page: {renders: true}",
    "tools.<name>.writes": "tools:\n  browser_take_screenshot: {writes: true}",
    "tools.<name>.destructive": "tools:\n  drop_table: {destructive: true}",
    "tools.<name>.destructive_unless": (
        "tools:\n  create_repository: {destructive_unless: {private: true}}"
    ),
    "tools.<name>.checked_live": "tools:\n  read_file: {checked_live: true}",
    "tools.<name>.allow_secret_patterns": "tools:\n  aws_configure: {allow_secret_patterns: [aws]}",
    "tools.<name>.requires_request": (
        "tools:\n  reserve_hotel: {requires_request: ['\\bbook', '\\breserv']}"
    ),
    "tools.<name>.directory": "tools:\n  get_channels: {directory: true}",
    "tools.<name>.directory_fields": "tools:\n  read_channel_messages: {directory_fields: [sender]}",
    "tools.<name>.directory_except": (
        "tools:\n  list_channels:\n    directory_fields: [id, name]\n"
        "    directory_except: {is_ext_shared: true}"
    ),
    "tools.<name>.unfurls": "tools:\n  post_chat_message: {unfurls: true}",
}

#: Every key at once, with a comment each (validated by the tests).
FULL_EXAMPLE = """\
version: 1
packs: [filesystem]                 # built-in packs to layer under this file
trusted_destinations: [ops@example.com, "@example.com", "*.example.org"]
allowlist_beats_taint: false
trusted_text_beats_taint: true      # library: destinations in the user's own text are vouched for
min_destination_length: 6
taint_memory_bytes: 67108864
approval_timeout_s: 120
content: {mode: warn, block_at: high}
egress: {mode: open, allow: [example.com], allow_private: false, allow_schemes: []}
secrets: {env: [GITHUB_TOKEN], files: [~/.config/token]}
allowed_path_prefixes: [/home/me/project] # default prefixes for every tool with path_params and none of its own
base_dir: /home/me/project          # default directory relative paths resolve in, for the same tools
sensitive_paths: [~/.ssh, ~/.aws]
trust_tools: [git_push]             # skips the built-in action *ask* rules, never block rules nor requires_request
servers:
  mail: {untrusted_output: true}
tools:
  write_file:
    path_params: [path]
    allowed_path_prefixes: [/home/me/project/out]
    base_dir: /home/me/project           # relative paths resolve here; without it they are refused
    max_calls: 20
    arg_patterns: {order_id: "[0-9]{1,10}"}
    max_value: {amount: 100}
    exfiltrating: true               # a sending tool
    sink_params: [to, cc]
    code_params: [script]            # program text it runs: each URL written there is a destination
    sql: {query: sqlite}             # SQL it runs, parsed in that dialect: file writes, code, DROP judged
    sql_read_only: false             # its SQL is meant only to read: a write is asked about
    trusted_destinations: [me@example.com]
    required_scopes: [mail.send]
    sensitive: false                 # Rule of Two: reads sensitive data
    untrusted_output: true           # Rule of Two: output is untrusted input
    egress: false                    # Rule of Two: external communication
    executes: false                  # runs programs: option-injection and metacharacter rules
    renders: false                   # writes content others view: its image URLs are destinations
    writes: true                     # writes a file at its path/filename arguments (credential files asked)
    output_files: true               # its result links files it wrote: each is read as output
    ask_without: [filename]          # ask when the call leaves it to the server
    ask_patterns: {head: '.+:.+'}    # ask when the argument takes that form
    destructive: false               # ask, like destructiveHint
    checked_live: false              # packs: checked against a live tools/list
  reserve_hotel:
    requires_request: ['\\bbook', '\\breserv']  # ask unless the user's request matches one
  get_channels:
    directory: true                  # whole listed names (channels, members) are known destinations
  read_channel_messages:
    directory_fields: [sender]       # like directory, but only the items under these fields
  list_channels:
    directory_fields: [id, name]
    directory_except: {is_ext_shared: true}  # records with this value (or unreadable) vouch nothing
"""

#: Longer notes on the provenance keys: what exactly is read, and what is trusted.
NOTES: dict[str, str] = {
    "directory": """\
`requires_request` searches the session's trusted text (library: `new_session(trusted=[...])`;
`cordon run`: the prompts the client's prompt hook hands in, `cordon hook prompt`); without
a prompt hook there is no request, and such a tool is always asked about. A
`directory` tool's output vouches only for name-shaped whole items (one token, or a display
name of at most four words, 64 characters): a name inside prose vouches for nothing. A
listed name is vouched like the user's own text: it is allowed even when it also appeared in
untrusted output (taint does not beat it), so mark only tools that list the system's own
names. A look-alike spelling (confusable characters, punycode) of a listed or user-typed name
is vouched only in that exact spelling, and vouches only for itself: the user's `ops@хор.ru`
(Cyrillic) does not vouch for the ASCII `ops@xop.ru`, whose key is the same. For that, the
session keys its trusted texts with every look-alike character replaced by a private-use
character (`textnorm.mark_lookalikes`, also inside every decoding the index reads) and keeps a
directory's plain items apart; a destination the call writes without look-alike characters
is vouched only from those. An action ask (`action.payment`, `destructive_hint`...) is
answered by the user's own request when the tool has `requires_request`, the request
matches, and the call has destinations that the user's text names, every one of them.""",
    "directory_fields": """\
`directory_fields` vouches like `directory`, for the items under the named fields only: a
key at any depth of the output read as JSON, or as a YAML document (what `yaml.safe_dump`
of a list of records gives). Output that is neither vouches for nothing, a field named twice
in one record vouches for neither value, and a value the dumper wrapped over several lines
is one item: a body cannot write its own `sender:` line. A chat message's `sender` is written
by the platform, its `body` by anyone. Use it only where a sender is a member of a closed
system (a Slack workspace); an e-mail's sender is whoever sent it, an attacker included. A
listing's first line may be a title (`Restaurant in Paris: New Israeli Restaurant`): the
display name after its first `: ` is an item too, when the output has more lines and the
name has no digits and nothing destination-shaped (address, link, host, handle, channel).""",
    "directory_except": """\
`directory_except` (with `directory_fields`) leaves records out of the directory: a record is
an object (JSON) or mapping (YAML) that holds one of the directory fields, and it vouches for
nothing when one of the named fields has the value given, or is missing, named twice or of
another type (`"true"` is no `true`): a listing that cannot say a record is inside the system
vouches for none of it. Records inside a left-out record are left out too. The slack pack
leaves out channels shared with another organisation (Slack Connect: `is_ext_shared` or
`is_pending_ext_shared` true in Slack's conversation object); a post there reaches another
company, so such a channel named only in output is asked about as any destination first seen
there, while the user's own text and `trusted_destinations` (with `allowlist_beats_taint`)
still name it.""",
}

_INTRO = """\
# Policy reference (version 1)

<!-- Generated from src/cordon/policy/model.py by
     `python -m cordon.policy.reference --write docs/policy.md`; do not edit by hand.
     tests/test_docs_generated.py fails when this page and the model disagree. -->

A policy is a YAML file (or several). Every key is validated at start-up: an unknown key, a
wrong type or a regex that does not compile stops `cordon run` with the file, line and key (a
misspelt key gets a "did you mean"). Every mistake of every file is listed at once, one line
each (a YAML syntax error is one: the parser stops there). `cordon check --policy FILE`
validates files without starting anything and lists what each tool gets.

A file that sets nothing (empty, comments only, or `version:` alone) loads as the defaults,
as no `--policy` does. The defaults are rules too (tool pinning, taint, private addresses
denied, the content rules at warn), so cordon starts; but a file saved empty or cut short is
not the policy its author meant, so `cordon check` and `cordon serve` name it, and `cordon
run` names it on stderr and in its audit `start` record (`empty_policy_files`).

Several `--policy` files layer in order: a later scalar or list replaces an earlier one, and a
later `tools:` or `servers:` entry replaces the earlier entry of that name whole. Packs named
in `packs:` are layered under the file that names them; their tool entries are defaults,
merged field by field.

The smallest useful policy, for the reference filesystem server:

```yaml
version: 1
packs: [filesystem]
allowed_path_prefixes: [/home/me/project]
base_dir: /home/me/project   # relative paths (docs/readme.md) resolve here; without it they are refused
```

Which rule each key feeds: [rules.md](rules.md). What the provenance keys trust, and what
stays open: [threat-model.md](threat-model.md).
"""


def _type(annotation: Any) -> str:
    """A reader's name for a field's type."""
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is Literal:
        return "one of " + ", ".join(f"`{a}`" for a in args)
    if origin in (typing.Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        named = " or ".join(_type(a) for a in rest)
        return f"{named}, or unset" if len(rest) < len(args) else named
    if origin is tuple:
        return f"list of {_type(args[0])}s"
    if origin is dict:
        key, value = args
        if isinstance(value, type) and issubclass(value, BaseModel):
            return "mapping of name to entry (keys below)"
        return f"mapping of {_type(key)} to {_type(value)}"
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return "mapping (keys below)"
    return {bool: "boolean", int: "integer", float: "number", str: "string"}.get(
        annotation, str(annotation)
    )


def _default(field: FieldInfo) -> str:
    """The default as a policy file would spell it."""
    value = field.get_default(call_default_factory=True)
    if value is None:
        return "unset"
    if isinstance(value, BaseModel):
        return "the defaults below"
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    if isinstance(value, tuple | list):
        return "`[]`" if not value else f"`{list(value)}`"
    if isinstance(value, dict):
        return "`{}`" if not value else f"`{value}`"
    if isinstance(value, float) and value.is_integer():
        return f"`{int(value)}`"
    return f"`{value}`"


def _constraints(field: FieldInfo) -> str:
    bounds = []
    for m in field.metadata:
        if isinstance(m, annotated_types.Ge):
            bounds.append(f"≥ {m.ge}")
        elif isinstance(m, annotated_types.Gt):
            bounds.append(f"> {m.gt}")
    return ", ".join(bounds)


def iter_keys() -> Iterator[tuple[str, FieldInfo]]:
    """Every documented key as ``(dotted path, field)``, in page order."""
    for _, prefix, model, _ in SECTIONS:
        for name, field in model.model_fields.items():
            yield prefix + name, field


def _key_block(path: str, field: FieldInfo) -> list[str]:
    name = path.rsplit(".", 1)[-1]
    meta = f"- type: {_type(field.annotation)}\n- default: {_default(field)}"
    bounds = _constraints(field)
    if bounds:
        meta += f"\n- allowed: {bounds}"
    out = [f"### `{path}`", "", meta, "", (field.description or "").strip(), ""]
    example = EXAMPLES.get(path)
    if example is not None:
        out += ["```yaml", example, "```", ""]
    if path.startswith("tools.") and name in NOTES:
        out += [NOTES[name].strip(), ""]
    return out


def render() -> str:
    """The whole ``docs/policy.md`` page."""
    out = [_INTRO, "## A complete example", "", "```yaml", FULL_EXAMPLE.rstrip("\n"), "```", ""]
    for heading, prefix, model, stands_for in SECTIONS:
        out += [f"## {heading}", ""]
        if model is not Policy:
            doc = (model.__doc__ or "").strip()
            if stands_for:
                doc += f" `<name>` is {stands_for}."
            out += [doc, ""]
        for name, field in model.model_fields.items():
            out += _key_block(prefix + name, field)
    return "\n".join(out).rstrip("\n") + "\n"


def page_main(module: str, render_page: Callable[[], str], argv: Sequence[str] | None) -> int:
    """``python -m MODULE [--write PATH]`` for a generated docs page: print it or write it."""
    args = list(sys.argv[1:] if argv is None else argv)
    text = render_page()
    if args[:1] == ["--write"] and len(args) == 2:
        Path(args[1]).write_text(text, encoding="utf-8")
        return 0
    if args:
        sys.stderr.write(f"usage: python -m {module} [--write PATH]\n")
        return 2
    sys.stdout.write(text)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m cordon.policy.reference [--write PATH]``: print the page or write it."""
    return page_main("cordon.policy.reference", render, argv)


if __name__ == "__main__":
    raise SystemExit(main())
