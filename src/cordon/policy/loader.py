"""Load, validate and layer policy files.

A YAML file is parsed with a loader that remembers the line of every key, so that each
pydantic error becomes a problem with its file, line and key. Every problem of every source is
reported in one ``PolicyError`` (a YAML syntax error or an unreadable file is one problem: the
parser stops there), so a policy with several mistakes takes one run to see them all, and
nothing loads while any remains. Several sources layer in order:
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

from cordon._exceptions import PolicyError, PolicyProblem
from cordon.policy.model import Policy

PolicySource = str | Path | Mapping[str, Any]


class _LineLoader(yaml.SafeLoader):
    """SafeLoader that records the 1-based line of every mapping key, keyed by its path."""


_Lines = dict[tuple[str, ...], int]


def _compose_lines(text: str, file: str) -> tuple[Any, _Lines, list[PolicyProblem]]:
    """The data, the line of each key and list item, and the duplicate keys (each a problem;
    the last value is the one validated, so its own mistakes are reported too).

    Raises:
        PolicyError: not valid YAML (one problem: the parser stops at the first).
    """
    lines: _Lines = {}
    dups: list[PolicyProblem] = []
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
                    dotted = ".".join((*path, key))
                    dups.append(PolicyProblem("duplicate key", file, k.start_mark.line + 1, dotted))
                seen.add(key)
                lines[(*path, key)] = k.start_mark.line + 1
                walk(v, (*path, key))
        elif isinstance(n, yaml.SequenceNode):
            for i, v in enumerate(n.value):
                lines[(*path, str(i))] = v.start_mark.line + 1
                walk(v, (*path, str(i)))

    walk(node, ())
    data = yaml.load(text, Loader=yaml.SafeLoader)  # noqa: S506 - SafeLoader
    return data, lines, dups


def _line_for(loc: tuple[Any, ...], lines: _Lines) -> int | None:
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


def _by_line(problems: Iterable[PolicyProblem]) -> list[PolicyProblem]:
    """One file's problems by line (stable: pydantic's order within a line; unlocated last)."""
    return sorted(problems, key=lambda p: (p.line is None, p.line or 0))


def _validate(data: Any, file: str, lines: _Lines, found: Iterable[PolicyProblem] = ()) -> Policy:
    """The policy ``data`` validated; ``found``: problems already seen in its file.

    Raises:
        PolicyError: every problem of the file (``found`` and pydantic's), by line.
    """
    problems = list(found)
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        problems.append(PolicyProblem("a policy must be a mapping at the top level", file, 1))
        raise PolicyError.of(_by_line(problems))
    try:
        policy = Policy.model_validate(data)
    except ValidationError as exc:
        problems += _problems(exc, data, file, lines)
        raise PolicyError.of(_by_line(problems)) from exc
    if problems:
        raise PolicyError.of(_by_line(problems))
    return policy


def _problems(
    exc: ValidationError, data: Mapping[str, Any], file: str, lines: _Lines
) -> list[PolicyProblem]:
    """Each pydantic error as a problem. The errors of one value that fits no member of a
    union (``destructive_unless: {x: [1]}``: not a boolean, an integer or a string) are one
    problem, located at the value's key, not at pydantic's name of each member."""
    out: list[PolicyProblem] = []
    for err in exc.errors():
        msg, line, key = _describe(err, data, lines)
        prev = out[-1] if out else None
        if prev is not None and (prev.line, prev.key) == (line, key) and key is not None:
            out[-1] = PolicyProblem(_either(prev.message, msg), file, line, key)
        else:
            out.append(PolicyProblem(msg, file, line, key))
    return out


def _either(first: str, then: str) -> str:
    """Two messages about one value, as one: "Input should be a valid boolean or a valid
    integer" (a union's members), else both, ``;`` between them."""
    if then in first.split("; "):
        return first
    head = "Input should be "
    if first.startswith(head) and then.startswith(head) and ";" not in first:
        alts = first[len(head) :].replace(" or ", ", ")
        return f"{head}{alts} or {then[len(head) :]}"
    return f"{first}; {then}"


def _in_data(loc: tuple[Any, ...], data: Any, missing: bool) -> tuple[Any, ...]:
    """The longest start of ``loc`` that names a key or list item present in ``data`` (a
    union member's name, ``bool`` or ``int``, is pydantic's, not the file's), plus the absent
    key itself for a ``missing`` error."""
    here: Any = data
    for i, step in enumerate(loc):
        if isinstance(here, Mapping) and step in here:
            here = here[step]
        elif isinstance(here, list | tuple) and isinstance(step, int) and 0 <= step < len(here):
            here = here[step]
        else:
            return loc[: i + 1] if missing and isinstance(here, Mapping) else loc[:i]
    return loc


def _describe(err: Any, data: Any, lines: _Lines) -> tuple[str, int | None, str | None]:
    """``(message, line, dotted key)`` of one pydantic error, in the words `cordon check`
    prints (an unknown key with a close match gets a "did you mean")."""
    loc = tuple(p for p in err["loc"] if not str(p).startswith("function-"))
    loc = _in_data(loc, data, err["type"] == "missing")
    key = ".".join(str(p) for p in loc) or None
    msg = err["msg"]
    if err["type"] == "extra_forbidden":
        msg = "unknown key"
        close = difflib.get_close_matches(str(loc[-1]), _known_keys(), n=1, cutoff=0.75)
        if close:
            msg += f" (did you mean '{close[0]}'?)"
    elif err["type"] in ("tuple_type", "list_type"):
        msg = "expected a list (YAML [a, b] or '- a' lines)"
    elif err["type"] == "value_error":  # the model's own words, which may name the key
        msg = msg.removeprefix("Value error, ")
        msg = msg.removeprefix(f"{loc[-1]}: ") if loc else msg
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
    data, lines, dups = _compose_lines(text, f"pack:{name}")
    _validate(data, f"pack:{name}", lines, dups)
    return dict(data or {})


def _read_source(src: PolicySource) -> tuple[dict[str, Any], str, _Lines]:
    """A source's data, its file name and the line of each key and list item.

    Raises:
        PolicyError: every problem of this source.
    """
    if isinstance(src, Mapping):
        data = dict(src)
        _validate(data, "<dict>", {}, _unknown_packs(data, "<dict>", {}))
        return data, "<dict>", {}
    path = Path(src).expanduser()
    try:
        text = path.read_text("utf-8")
    except OSError as exc:
        raise PolicyError(f"cannot read policy: {exc.strerror}", file=str(path)) from exc
    data, lines, dups = _compose_lines(text, str(path))
    _validate(data, str(path), lines, [*dups, *_unknown_packs(data, str(path), lines)])
    return dict(data or {}), str(path), lines


def _unknown_packs(data: Any, file: str, lines: _Lines) -> list[PolicyProblem]:
    """A problem for each name in ``packs:`` that is no built-in pack, located where the
    source names it (a ``packs:`` that is not a list is the model's to report)."""
    packs = data.get("packs") if isinstance(data, Mapping) else None
    if not isinstance(packs, list | tuple):
        return []
    have = pack_names()
    return [
        PolicyProblem(
            f"no built-in pack named {pack!r} (have: {', '.join(have)})",
            file,
            lines.get(("packs", str(i))),
            "packs",
        )
        for i, pack in enumerate(packs)
        if isinstance(pack, str) and pack not in have
    ]


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
        PolicyError: unreadable file, invalid YAML, an unknown key or pack, a wrong type or
            a regex that does not compile; every problem of every source, each with its file,
            line and key (the exception's own are the first problem's).
    """
    merged: dict[str, Any] = {}
    pack_tools: set[str] = set()
    problems: list[PolicyProblem] = []
    for src in sources:
        try:
            data, file, lines = _read_source(src)
        except PolicyError as exc:
            # the later sources are still read, for their own problems: one run lists all
            problems += exc.problems
            continue
        for pack in data.get("packs") or ():
            pdata = load_pack(pack)
            pack_tools.update((pdata.get("tools") or {}).keys())
            merged = _layer(
                merged, {k: v for k, v in pdata.items() if k != "packs"}, set(pack_tools)
            )
        merged = _layer(merged, data, pack_tools)
    if problems:
        raise PolicyError.of(problems)
    # the global prefixes confine, and the global base_dir resolves the relative paths of,
    # every tool that names path parameters but no prefixes (no base_dir) of its own
    prefixes = merged.get("allowed_path_prefixes")
    if prefixes and isinstance(prefixes, (list, tuple)):
        _default_for_paths(merged, "allowed_path_prefixes", list(prefixes))
    base_dir = merged.get("base_dir")
    if base_dir and isinstance(base_dir, str):
        _default_for_paths(merged, "base_dir", base_dir)
    return _validate(merged, "<merged>", {})


def _default_for_paths(merged: dict[str, Any], key: str, default: Any) -> None:
    """Give ``default`` as ``key`` to each tool of ``merged`` with ``path_params`` and no
    ``key`` of its own (a global value of a wrong type is left for validation to report)."""
    tools = dict(merged.get("tools") or {})
    for name, entry in tools.items():
        if isinstance(entry, Mapping) and entry.get("path_params") and not entry.get(key):
            tools[name] = {**entry, key: default}
    merged["tools"] = tools


def sets_nothing(path: Path) -> bool:
    """The policy file holds no setting: empty, comments, ``---``, ``null``, ``{}``, or a
    ``version:`` alone. It loads as the defaults, as no ``--policy`` does, which a file saved
    empty or cut short must not pass for (``cordon check`` and ``cordon run`` name it). Read
    after the loader accepted it: a read error is the loader's to report."""
    try:
        data = yaml.safe_load(path.expanduser().read_text("utf-8"))
    except (OSError, yaml.YAMLError):
        return False
    return data is None or (isinstance(data, Mapping) and set(data) <= {"version"})


def policy_hash(policy: Policy) -> str:
    """SHA-256 hex of the canonical JSON of the effective policy (for audit start records)."""
    blob = orjson.dumps(policy.model_dump(mode="json"), option=orjson.OPT_SORT_KEYS)
    return hashlib.sha256(blob).hexdigest()
