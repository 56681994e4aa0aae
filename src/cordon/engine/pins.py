"""Tool pinning: fingerprints of tool definitions and rug-pull detection.

A tool's fingerprint is the SHA-256 of the canonical JSON (sorted keys, no spaces) of the
fields of its definition that the model, the user or the host reads, or that set how a call
runs (:data:`PINNED_FIELDS`): name, title, description, inputSchema, outputSchema,
annotations, icons, execution and _meta.
The first complete tools/list is the baseline; a later definition with another fingerprint
is a rug pull (rule ``pin.changed``), a later new name is a shadow tool (``pin.unknown_tool``),
unless the two differ only in the order of a schema's ``required`` list
(:func:`changed_fields`), which JSON Schema reads as a set.
Pattern after Trail of Bits' mcp-context-protector (field-by-field comparison).

Pure: the pin file that keeps pins across restarts is :class:`cordon.store.PinFile`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cordon.engine import rules

#: every field of a tool definition (MCP 2025-11-25 ``Tool``). Beside what the model reads
#: (name to annotations): ``icons`` (``Icons``: images a client shows for the tool, a
#: ``data:`` URI or a remote URL it fetches), ``execution`` (``ToolExecution``: its
#: ``taskSupport`` decides whether a call runs as a task; not in 2026-07-28, pinned when a
#: server lists it all the same) and ``_meta`` (basic/index "General fields: _meta"; there
#: the MCP Apps extension, SEP-1865, names the UI resource a host renders for the tool,
#: ``ui.resourceUri`` and the older ``"ui/resourceUri"``, and ``ui.visibility``, whether the
#: model or only that UI may call it). Unpinned, a server could change them after its tools
#: were accepted, with no hold and no question. ``_meta`` is pinned whole, not by known keys
#: (fail closed: any key may be an extension a host acts on); none of the 15 servers the
#: tests install lists a value there that changes between listings or restarts.
PINNED_FIELDS: tuple[str, ...] = (
    "name",
    "title",
    "description",
    "inputSchema",
    "outputSchema",
    "annotations",
    "icons",
    "execution",
    "_meta",
)


#: the MCP SDK's Python names of a tool's pinned fields and annotations: its models take
#: either spelling (pydantic ``populate_by_name``; the protocol's own name wins when both are
#: there), and a library caller's ``model_dump()`` writes the Python ones
_PY_FIELDS = {"input_schema": "inputSchema", "output_schema": "outputSchema", "meta": "_meta"}
_PY_ANNOTATIONS = {
    "read_only_hint": "readOnlyHint",
    "destructive_hint": "destructiveHint",
    "idempotent_hint": "idempotentHint",
    "open_world_hint": "openWorldHint",
}


def tool_definition(tool: Any) -> dict[str, Any]:
    """``tool`` as the definition cordon pins and reads: the SDK's ``Tool`` object by its
    JSON dump, and a field or annotation given only under its Python name (``input_schema``,
    ``destructive_hint``) also under the protocol's, as the SDK reads a definition built in
    Python. Without that, a destructive tool a library caller pinned from
    ``Tool.model_dump()`` was not asked about. (A server's tools/list on the wire under
    Python names is refused by the SDK's client, so this gives a server nothing.)"""
    if not isinstance(tool, Mapping) and callable(getattr(tool, "model_dump", None)):
        tool = tool.model_dump(mode="json", by_alias=True, exclude_none=True)
    t = dict(tool)
    for py, name in _PY_FIELDS.items():
        if py in t and name not in t:
            t[name] = t[py]
    ann = t.get("annotations")
    if isinstance(ann, Mapping) and any(k in ann for k in _PY_ANNOTATIONS):
        ann = dict(ann)
        for py, name in _PY_ANNOTATIONS.items():
            if py in ann and name not in ann:
                ann[name] = ann[py]
        t["annotations"] = ann
    return t


#: every field of a prompt (``prompts/list``, MCP 2025-11-25 ``Prompt``): what a client
#: shows its user in a prompt picker (name to description, and ``icons``: a ``data:`` or
#: remote image), what names the arguments it asks for, and ``_meta`` (pinned whole, as a
#: tool's: any key may be an extension a host acts on). Unpinned, a server could change a
#: prompt's icon or ``_meta`` after the prompt was accepted, with no hold. No prompt of the
#: 15 servers the tests install lists either (6 prompts), so their pins written before
#: still match; a pinned prompt that lists one is held once (fail closed).
PROMPT_FIELDS: tuple[str, ...] = ("name", "title", "description", "arguments", "icons", "_meta")


def _pinned(definition: Mapping[str, Any], fields: tuple[str, ...]) -> dict[str, Any]:
    """``fields`` of ``definition`` (:func:`tool_definition`: a field given only under its
    Python name, ``meta``, under the protocol's), absent and null ones omitted."""
    d = tool_definition(definition)
    return {k: d[k] for k in fields if k in d and d[k] is not None}


def canonical_prompt(prompt: Mapping[str, Any]) -> dict[str, Any]:
    """The pinned subset of a prompt definition (:data:`PROMPT_FIELDS`; absent and null
    fields omitted, ``meta`` read as ``_meta``)."""
    return _pinned(prompt, PROMPT_FIELDS)


def canonical(tool: Mapping[str, Any]) -> dict[str, Any]:
    """The pinned subset of a tool definition (absent fields omitted), a field given under
    its Python name (:func:`tool_definition`) under the protocol's. ``execution`` without
    its default ``taskSupport: "forbidden"`` (MCP 2025-11-25 ``ToolExecution``: the value when
    absent; the same call either way), omitted when nothing else is in it: a pin written
    before ``execution`` was pinned still matches a server that lists the default
    (server-filesystem and server-memory do on every tool)."""
    out = _pinned(tool, PINNED_FIELDS)
    run = out.get("execution")
    if isinstance(run, Mapping) and run.get("taskSupport") == "forbidden":
        run = {k: v for k, v in run.items() if k != "taskSupport"}
        out["execution"] = run
    if run == {}:
        del out["execution"]
    return out


def _sha256(value: Any) -> str:
    """SHA-256 hex over the canonical JSON (sorted keys, no spaces, UTF-8) of ``value``."""
    blob = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def fingerprint(tool: Mapping[str, Any]) -> str:
    """SHA-256 hex over the canonical JSON of the pinned fields of ``tool``."""
    return _sha256(canonical(tool))


def field_digests(
    pinned: Mapping[str, Any],
    served: Mapping[str, Any],
    fields: Iterable[str],
    *,
    prompt: bool,
    surface: Surface | None = None,
) -> dict[str, dict[str, str | None]]:
    """Per changed field, ``sha256:HEX`` of its pinned and of its served value (canonical
    JSON, as :func:`fingerprint`; None for a field absent on that side), for the audit
    record of a rug pull: the log keeps no definition text (attacker text, unbounded), yet
    a responder can match a served value with the pin file's pending entry (which keeps it:
    ``cordon pin accept``) and tell two changes apart, after the change was accepted or
    undone. ``prompt``: the definitions are prompts (:func:`canonical_prompt`); ``surface``:
    they are of that surface (a template, a resource)."""
    norm = surface.canonical if surface is not None else canonical_prompt if prompt else canonical
    a, b = norm(pinned), norm(served)
    return {
        k: {
            "pinned": f"sha256:{_sha256(a[k])}" if k in a else None,
            "served": f"sha256:{_sha256(b[k])}" if k in b else None,
        }
        for k in fields
    }


def duplicate_reason(name: str) -> str:
    """Why a tool listed twice (:meth:`PinSet.repeated`) is hidden and its calls denied."""
    return (
        f"tool '{name}' is listed more than once with different definitions: which one the "
        "client uses is its own choice, so calls to it are denied until cordon restarts "
        "with a server that lists it once"
    )


#: JSON Schema keywords whose value is a subschema (2020-12 core §10 and §11, validation
#: §8.2.4; draft-07's ``additionalItems``), a list of subschemas (``items`` as draft-07's
#: list too), or a map of name -> subschema (draft-07's ``definitions`` and
#: ``dependencies``, whose other form, a list of names, is left as listed): the places a
#: schema holds another schema, and so another ``required`` keyword
_SUBSCHEMA = frozenset(
    {
        "items",
        "additionalItems",
        "additionalProperties",
        "contains",
        "propertyNames",
        "not",
        "if",
        "then",
        "else",
        "unevaluatedItems",
        "unevaluatedProperties",
        "contentSchema",
    }
)
_SUBSCHEMAS = frozenset({"allOf", "anyOf", "oneOf", "prefixItems", "items"})
_SUBSCHEMA_MAP = frozenset(
    {"properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"}
)
#: the pinned fields that are JSON Schemas (MCP ``Tool``: ``inputSchema``, ``outputSchema``)
_SCHEMA_FIELDS = frozenset({"inputSchema", "outputSchema"})


def unordered_required(schema: Any) -> Any:
    """``schema`` with its ``required`` list of property names sorted, and so in every
    subschema it holds (the keywords of :data:`_SUBSCHEMA`, :data:`_SUBSCHEMAS` and
    :data:`_SUBSCHEMA_MAP`). ``required`` is met when every name in it is
    a property of the instance (JSON Schema 2020-12 validation §6.5.3; draft-07 §6.5.3), so
    its order says nothing to a validator, the tool or the model, and a server that builds it
    from a set lists another order in each process (FastMCP's transformed tools did, before
    3.4.5: PrefectHQ/fastmcp#4565). Nothing else is reordered: ``enum``, ``anyOf``, ``oneOf``
    and a ``type`` list are also sets to a validator, but a client coercing an argument tries
    their alternatives in order (Ajv's ``coerceTypes``) and the model may read the first
    one as the usual choice; data (``default``, ``const``, ``examples``, ``enum`` values) and
    keywords not named here are never entered, so a list named ``required`` inside a default
    keeps its order (fail closed)."""
    if not isinstance(schema, Mapping):
        return schema
    out = dict(schema)
    req = out.get("required")
    if isinstance(req, list) and all(isinstance(x, str) for x in req):
        out["required"] = sorted(req)
    for key, value in schema.items():
        if key in _SUBSCHEMA and isinstance(value, Mapping):
            out[key] = unordered_required(value)
        elif key in _SUBSCHEMAS and isinstance(value, list):
            out[key] = [unordered_required(v) for v in value]
        elif key in _SUBSCHEMA_MAP and isinstance(value, Mapping):
            out[key] = {k: unordered_required(v) for k, v in value.items()}
    return out


def changed_fields(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[str]:
    """Names of pinned fields whose values differ between two definitions: key order never
    counts (dicts compare as maps), nor does the order of a schema's ``required`` list
    (:func:`unordered_required`); every other difference does."""
    a, b = canonical(old), canonical(new)
    return [k for k in PINNED_FIELDS if _compared(k, a.get(k)) != _compared(k, b.get(k))]


def _compared(name: str, value: Any) -> Any:
    """The pinned field ``name`` as :func:`changed_fields` compares it."""
    return unordered_required(value) if name in _SCHEMA_FIELDS else value


def changed_prompt_fields(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[str]:
    """Names of a prompt's pinned fields (:data:`PROMPT_FIELDS`) that differ."""
    return PROMPTS.changed(old, new)


#: every field of a resource template (``resources/templates/list``, MCP 2025-11-25
#: ``ResourceTemplate``): a fixed definition, as a prompt is, pinned whole as one is: what a
#: client shows and hands its model about the resources the template names (name, title,
#: description, mimeType, annotations, icons), the ``uriTemplate`` itself, and ``_meta``
TEMPLATE_FIELDS: tuple[str, ...] = (
    "name",
    "title",
    "uriTemplate",
    "description",
    "mimeType",
    "annotations",
    "icons",
    "_meta",
)
#: the fields of a listed resource (``resources/list``, MCP 2025-11-25 ``Resource``) that
#: describe it and do not change with its content: ``name``, ``title`` and ``description``
#: (what a client shows its user and model of the resource: the spec's "hint to the model"),
#: ``mimeType`` (how a client renders it), ``icons`` and ``annotations`` without
#: ``lastModified`` (``audience``, who the resource is for, and ``priority``). Not pinned:
#: ``size`` and ``annotations.lastModified`` ("the moment the resource was last modified"),
#: which change whenever the content does, and ``_meta``, whose keys a server may fill per
#: listing (a revision, a cursor); the ``uri`` is the key (kept, so a pending one says
#: which it is). A listing is dynamic (files come
#: and go), so only a change of a URI already pinned is held, never a new URI.
RESOURCE_FIELDS: tuple[str, ...] = (
    "uri",
    "name",
    "title",
    "description",
    "mimeType",
    "annotations",
    "icons",
)


@dataclass(frozen=True, kw_only=True)
class Surface:
    """A kind of listed definition pinned against rug pulls beside tools: prompts, resource
    templates, resources (:mod:`cordon.proxy.prompt_pins`)."""

    kind: str  #: what messages call one (``prompt``, ``resource template``, ``resource``)
    label: str  #: the pin-file label's prefix (``prompt:NAME``) and the audit record's key
    listing: str  #: the method that lists them
    items: str  #: the listing result's key
    key: str  #: the field that names one
    fields: tuple[str, ...]  #: the pinned fields
    section: str  #: the pin file's key of the pinned ones (``pending_`` + it: held ones)
    rule: str  #: the audit record's and a refusal's rule
    #: whether one listed after the baseline closed is held (prompts, templates), or pinned
    #: as first listed (resources: files come and go)
    hold_new: bool
    #: annotations that change with the content, not pinned (a resource's ``lastModified``)
    volatile: tuple[str, ...] = ()

    def canonical(self, item: Mapping[str, Any]) -> dict[str, Any]:
        """The pinned subset of ``item`` (absent and null fields omitted, ``meta`` read as
        ``_meta``; annotations without the :attr:`volatile` ones, and none left empty so)."""
        out = _pinned(item, self.fields)
        ann = out.get("annotations")
        if isinstance(ann, Mapping) and any(k in ann for k in self.volatile):
            ann = {k: v for k, v in ann.items() if k not in self.volatile}
            if ann:
                out["annotations"] = ann
            else:
                del out["annotations"]
        return out

    def changed(self, old: Mapping[str, Any], new: Mapping[str, Any]) -> list[str]:
        """Names of the pinned fields that differ between two definitions."""
        a, b = self.canonical(old), self.canonical(new)
        return [k for k in self.fields if a.get(k) != b.get(k)]


PROMPTS = Surface(
    kind="prompt",
    label="prompt",
    listing="prompts/list",
    items="prompts",
    key="name",
    fields=PROMPT_FIELDS,
    section="prompts",
    rule=rules.PIN_PROMPT_CHANGED,
    hold_new=True,
)
TEMPLATES = Surface(
    kind="resource template",
    label="template",
    listing="resources/templates/list",
    items="resourceTemplates",
    key="uriTemplate",
    fields=TEMPLATE_FIELDS,
    section="resource_templates",
    rule=rules.PIN_RESOURCE_CHANGED,
    hold_new=True,
)
RESOURCES = Surface(
    kind="resource",
    label="resource",
    listing="resources/list",
    items="resources",
    key="uri",
    fields=RESOURCE_FIELDS,
    section="resources",
    rule=rules.PIN_RESOURCE_CHANGED,
    hold_new=False,
    volatile=("lastModified",),
)
#: every surface pinned beside tools, by the pin-file label's prefix
SURFACES = {s.label: s for s in (PROMPTS, TEMPLATES, RESOURCES)}


def surface_of(label: str) -> Surface | None:
    """The surface of a pending entry's label (``template:URI``), None for a tool's."""
    prefix, _, _ = label.partition(":")
    return SURFACES.get(prefix) if ":" in label else None


@dataclass(kw_only=True)
class PinSet:
    """Pinned definitions for one server, keyed by tool name.

    Attributes:
        tools: name -> the pinned canonical definition.
        prints: name -> fingerprint.
        complete: True once a whole (all pages) tools/list has been pinned.
    """

    tools: dict[str, dict[str, Any]] = field(default_factory=dict)
    prints: dict[str, str] = field(default_factory=dict)
    complete: bool = False
    #: name -> fingerprint of each tool of the tools/list under way (its pages so far)
    listing: dict[str, str] = field(default_factory=dict)
    #: names listed with two definitions in one tools/list (``pin.duplicate_tool``)
    duplicated: set[str] = field(default_factory=set)

    def repeated(self, tools: Iterable[Mapping[str, Any]], complete: bool) -> set[str]:
        """Note one page of a tools/list (``complete``: its last); returns every name listed
        with two different definitions in one list, this one or one before.

        Tool shadowing inside one server: which of two definitions under one name a client
        keeps is the client's choice (the first, the last, either per page), while pins and
        content scans go by name, so the one pinned or scanned clean may not be the one the
        model reads. Such a name stays in :attr:`duplicated` for the life of the pins (fail
        closed: a later list naming it once does not say which one the client kept). The
        same definition twice leaves nothing to choose and is not a duplicate; a listing the
        client abandoned before its last page and restarted after the server changed a
        definition is taken for one (the pages cannot be told from a repeat)."""
        for t in tools:
            name = str(t.get("name", ""))
            if self.complete and name not in self.prints:
                # hidden and denied as unknown (pin.unknown_tool) however often it is listed;
                # kept here it would grow the pins by every list of new names, without bound
                continue
            if self.listing.setdefault(name, fingerprint(t)) != fingerprint(t):
                self.duplicated.add(name)
        if complete:
            self.listing = {}
        return self.duplicated

    def add(self, tool: Mapping[str, Any]) -> None:
        name = str(tool.get("name", ""))
        self.tools[name] = canonical(tool)
        self.prints[name] = fingerprint(tool)

    def status(self, tool: Mapping[str, Any]) -> tuple[str, list[str]]:
        """Compare a definition with the pins.

        Returns:
            ``("ok", [])``, ``("new", [])`` or ``("changed", [field, ...])``.
        """
        name = str(tool.get("name", ""))
        if name not in self.prints:
            return "new", []
        if fingerprint(tool) == self.prints[name]:
            return "ok", []
        # the same definition but for a reordered ``required`` list: not a change, and the
        # pin (and its fingerprint, which other files keep) stays the one first listed
        fields = changed_fields(self.tools[name], tool)
        return ("changed", fields) if fields else ("ok", [])

    def digests(self, tool: Mapping[str, Any], fields: Iterable[str]) -> dict[str, Any]:
        """:func:`field_digests` of ``tool``'s changed ``fields`` against its pin."""
        name = str(tool.get("name", ""))
        return field_digests(self.tools.get(name, {}), tool, fields, prompt=False)


def __getattr__(name: str) -> Any:
    # ``PinFile`` moved to ``cordon.store.pins`` (it reads and writes a file); the old import
    # path resolves there, on first use, for callers not yet moved (``cordon.proxy``)
    if name == "PinFile":
        from cordon.store.pins import PinFile

        return PinFile
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
