"""Load, validate and layer policy files.

A YAML file is parsed with a loader that remembers the line of every key, so that a
pydantic error becomes ``PolicyError(file, line, key)``. Several sources layer in order:
scalar and list settings of a later source replace earlier ones, ``tools`` and ``servers``
entries are replaced whole per name (a later entry for a tool replaces the earlier one).
Packs named in ``packs:`` are layered *under* the file that names them.
"""

from __future__ import annotations

import difflib
import hashlib
from collections.abc import Iterable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import orjson
import yaml
from pydantic import ValidationError

from cordon._exceptions import PolicyError
from cordon.policy.model import Policy

PolicySource = str | Path | Mapping[str, Any]


class _LineLoader(yaml.SafeLoader):
    """SafeLoader that records the 1-based line of every mapping key, keyed by its path."""


def _compose_lines(text: str, file: str) -> tuple[Any, dict[tuple[str, ...], int]]:
    lines: dict[tuple[str, ...], int] = {}
    try:
        node = yaml.compose(text, Loader=_LineLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise PolicyError(
            f"not valid YAML: {getattr(exc, 'problem', exc)}",
            file=file,
            line=(mark.line + 1) if mark else None,
        ) from exc

    def walk(n: yaml.Node | None, path: tuple[str, ...]) -> None:
        if isinstance(n, yaml.MappingNode):
            seen: set[str] = set()
            for k, v in n.value:
                key = str(k.value)
                if key in seen:
                    raise PolicyError(
                        "duplicate key",
                        file=file,
                        line=k.start_mark.line + 1,
                        key=".".join((*path, key)),
                    )
                seen.add(key)
                lines[(*path, key)] = k.start_mark.line + 1
                walk(v, (*path, key))
        elif isinstance(n, yaml.SequenceNode):
            for i, v in enumerate(n.value):
                lines[(*path, str(i))] = v.start_mark.line + 1
                walk(v, (*path, str(i)))

    walk(node, ())
    data = yaml.load(text, Loader=yaml.SafeLoader)  # noqa: S506 - SafeLoader
    return data, lines


def _line_for(loc: tuple[Any, ...], lines: dict[tuple[str, ...], int]) -> int | None:
    path = tuple(str(p) for p in loc)
    while path:
        if path in lines:
            return lines[path]
        path = path[:-1]
    return None


def _known_keys() -> list[str]:
    """Every key name the policy models accept (for a "did you mean" hint)."""
    from cordon.policy import model

    names: set[str] = set()
    for obj in vars(model).values():
        if isinstance(obj, type) and issubclass(obj, model._Strict):
            names.update(obj.model_fields)
    return sorted(names)


def _validate(data: Any, file: str, lines: dict[tuple[str, ...], int]) -> Policy:
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise PolicyError("a policy must be a mapping at the top level", file=file, line=1)
    try:
        return Policy.model_validate(data)
    except ValidationError as exc:
        found = [_describe(err, lines) for err in exc.errors()]
        msg, line, key = found[0]
        if len(found) > 1:
            # every error at once, not one per run: the first locates the exception, the
            # rest are listed after it (at most 10)
            more = [f"line {ln or '?'}: {k or '(top)'}: {m}" for m, ln, k in found[1:11]]
            cut = f" (and {len(found) - 11} more)" if len(found) > 11 else ""
            msg += f"; {len(found) - 1} more error(s): " + "; ".join(more) + cut
        raise PolicyError(msg, file=file, line=line, key=key) from exc


def _describe(err: Any, lines: dict[tuple[str, ...], int]) -> tuple[str, int | None, str | None]:
    """``(message, line, dotted key)`` of one pydantic error, in the words `cordon check`
    prints (an unknown key with a close match gets a "did you mean")."""
    loc = tuple(p for p in err["loc"] if not str(p).startswith("function-"))
    key = ".".join(str(p) for p in loc) or None
    msg = err["msg"]
    if err["type"] == "extra_forbidden":
        msg = "unknown key"
        close = difflib.get_close_matches(str(loc[-1]), _known_keys(), n=1, cutoff=0.75)
        if close:
            msg += f" (did you mean '{close[0]}'?)"
    elif err["type"] in ("tuple_type", "list_type"):
        msg = "expected a list (YAML [a, b] or '- a' lines)"
    return msg, _line_for(loc, lines), key


def pack_names() -> list[str]:
    """Names of the built-in packs (files ``src/cordon/packs/<name>.yaml``)."""
    root = resources.files("cordon.packs")
    return sorted(p.name[:-5] for p in root.iterdir() if p.name.endswith(".yaml"))


def load_pack(name: str) -> dict[str, Any]:
    """Load a built-in pack as raw policy data.

    Raises:
        PolicyError: no such pack, or the pack is invalid.
    """
    if name not in pack_names():
        raise PolicyError(
            f"no built-in pack named {name!r} (have: {', '.join(pack_names())})", key="packs"
        )
    text = resources.files("cordon.packs").joinpath(f"{name}.yaml").read_text("utf-8")
    data, lines = _compose_lines(text, f"pack:{name}")
    _validate(data, f"pack:{name}", lines)
    return dict(data or {})


def _read_source(src: PolicySource) -> tuple[dict[str, Any], str, dict[tuple[str, ...], int]]:
    """A source's data, its file name and the line of each key and list item."""
    if isinstance(src, Mapping):
        data = dict(src)
        _validate(data, "<dict>", {})
        return data, "<dict>", {}
    path = Path(src).expanduser()
    try:
        text = path.read_text("utf-8")
    except OSError as exc:
        raise PolicyError(f"cannot read policy: {exc.strerror}", file=str(path)) from exc
    data, lines = _compose_lines(text, str(path))
    _validate(data, str(path), lines)
    return dict(data or {}), str(path), lines


_MERGE_BY_NAME = ("tools", "servers")


def _layer(base: dict[str, Any], top: Mapping[str, Any], pack_tools: set[str]) -> dict[str, Any]:
    """Layer ``top`` over ``base``. A tool entry replaces an earlier file's entry whole, but
    merges field by field over an entry that came from a pack (the pack gives defaults)."""
    out = dict(base)
    for key, value in top.items():
        if key in _MERGE_BY_NAME and isinstance(value, Mapping):
            merged = dict(out.get(key) or {})
            for name, entry in value.items():
                if key == "tools" and name in pack_tools and isinstance(entry, Mapping):
                    merged[name] = {**(merged.get(name) or {}), **entry}
                    pack_tools.discard(name)
                else:
                    merged[name] = entry
            out[key] = merged
        elif key == "packs":
            out[key] = list(dict.fromkeys([*(out.get(key) or []), *value]))
        else:
            out[key] = value
    return out


def load_policy(sources: Iterable[PolicySource] = ()) -> Policy:
    """Load and layer policy sources (paths or dicts) into one validated ``Policy``.

    An empty iterable gives the defaults. Packs named in a source's ``packs:`` are layered
    under that source, field by field per tool.

    Raises:
        PolicyError: unreadable file, invalid YAML, an unknown key, a wrong type or a
            regex that does not compile; carries file, line and key.
    """
    merged: dict[str, Any] = {}
    pack_tools: set[str] = set()
    for src in sources:
        data, file, lines = _read_source(src)
        for i, pack in enumerate(data.get("packs") or ()):
            if pack not in pack_names():  # located where the source names it
                raise PolicyError(
                    f"no built-in pack named {pack!r} (have: {', '.join(pack_names())})",
                    file=file,
                    line=lines.get(("packs", str(i))),
                    key="packs",
                )
            pdata = load_pack(pack)
            pack_tools.update((pdata.get("tools") or {}).keys())
            merged = _layer(
                merged, {k: v for k, v in pdata.items() if k != "packs"}, set(pack_tools)
            )
        merged = _layer(merged, data, pack_tools)
    default_prefixes = merged.get("allowed_path_prefixes")
    if default_prefixes:
        # the global prefixes confine every tool that names path parameters but no prefixes
        tools = dict(merged.get("tools") or {})
        for name, entry in tools.items():
            if (
                isinstance(entry, Mapping)
                and entry.get("path_params")
                and not entry.get("allowed_path_prefixes")
            ):
                tools[name] = {**entry, "allowed_path_prefixes": list(default_prefixes)}
        merged["tools"] = tools
    return _validate(merged, "<merged>", {})


def policy_hash(policy: Policy) -> str:
    """SHA-256 hex of the canonical JSON of the effective policy (for audit start records)."""
    blob = orjson.dumps(policy.model_dump(mode="json"), option=orjson.OPT_SORT_KEYS)
    return hashlib.sha256(blob).hexdigest()
