"""One walk of a call's arguments, shared by every check that reads all of its strings.

The action rules, the parsed commands, egress and outbound DLP each read every string of a
call, each in its own shape (with dotted paths, with the nearest key, with an argv list as
one command line, with object keys). :func:`walk` visits the arguments once, in document
order, and builds each of those views; a decision derives it once per call
(:func:`call_walk`) instead of once per check. A pure function of
the arguments: reading a view instead of walking again changes nothing but the time taken.

Objects are read as ``Mapping`` (keys as ``str``), arrays as ``list`` or ``tuple``; any other
value is a scalar leaf. Nesting deeper than :data:`MAX_DEPTH` is a ``ValueError`` (the
decision denies it as ``arg.malformed``; the proxy's framing refuses such frames before).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from cordon.engine._frozen import setters

__all__ = ["MAX_DEPTH", "CallWalk", "call_walk", "number_text", "walk"]

MAX_DEPTH = 64


@dataclass(frozen=True, slots=True, init=False)
class CallWalk:
    """The views of one call's arguments, each in document order.

    Attributes:
        scalars: ``(path, key, value)`` for every leaf that is not an object or array
            (``key``: the nearest enclosing object key, ``""`` at the top).
        strings: ``(path, key, text)`` for every string leaf, and for an array of two or
            more strings also the array joined with spaces (before its items): an argv
            array read as one command line.
        commands: ``(path, key, value)`` where ``value`` is a string leaf outside an array
            of strings, or a non-empty array made only of strings as a ``tuple`` (an argv).
        texts: ``(path, text)`` for every object key and every string leaf, the key first,
            and every integer leaf (not a boolean) as its decimal text (a whole float too:
            :func:`number_text`).
        values: every non-empty string leaf, and every integer leaf (or whole float) as its
            decimal text.
        flat: the arguments are one object whose values are all strings (most calls).
    """

    scalars: tuple[tuple[str, str, Any], ...]
    strings: tuple[tuple[str, str, str], ...]
    commands: tuple[tuple[str, str, str | tuple[str, ...]], ...]
    texts: tuple[tuple[str, str], ...]
    values: tuple[str, ...]
    flat: bool = False

    def __init__(
        self,
        scalars: tuple[tuple[str, str, Any], ...],
        strings: tuple[tuple[str, str, str], ...],
        commands: tuple[tuple[str, str, str | tuple[str, ...]], ...],
        texts: tuple[tuple[str, str], ...],
        values: tuple[str, ...],
        flat: bool = False,
    ) -> None:
        # (slot setters, not the generated __init__: cordon.engine._frozen)
        _SCALARS(self, scalars)
        _STRINGS(self, strings)
        _COMMANDS(self, commands)
        _TEXTS(self, texts)
        _VALUES(self, values)
        _FLAT(self, flat)


_SCALARS, _STRINGS, _COMMANDS, _TEXTS, _VALUES, _FLAT = setters(
    CallWalk, "scalars", "strings", "commands", "texts", "values", "flat"
)


def walk(arguments: Any) -> CallWalk:
    """Every view of :class:`CallWalk` of ``arguments`` (any JSON shape), in one visit."""
    if isinstance(arguments, dict):
        got = _flat(arguments)
        if got is not None:
            return got
    scalars: list[tuple[str, str, Any]] = []
    strings: list[tuple[str, str, str]] = []
    commands: list[tuple[str, str, str | tuple[str, ...]]] = []
    texts: list[tuple[str, str]] = []
    values: list[str] = []
    # (path, nearest key, value, depth, inside an array of strings)
    stack: list[tuple[str, str, Any, int, bool]] = [("", "", arguments, 0, False)]
    while stack:
        path, key, value, depth, in_argv = stack.pop()
        if depth > MAX_DEPTH:
            raise ValueError("arguments nested too deeply")
        if isinstance(value, str):
            scalars.append((path, key, value))
            strings.append((path, key, value))
            if not in_argv:
                commands.append((path, key, value))
            texts.append((path, value))
            if value:
                values.append(value)
        elif type(value) is _KEY:
            texts.append((path, value.text))
        elif type(value) is dict or (type(value) is not list and isinstance(value, Mapping)):
            # (a key or a list is no Mapping: the ABC check, slow beside a type test, is
            # left for other types)
            for k, v in reversed(list(value.items())):
                ks = str(k)
                sub = f"{path}.{ks}" if path else ks
                stack.append((sub, ks, v, depth + 1, False))
                stack.append((sub, ks, _KEY(ks), depth + 1, False))
        elif isinstance(value, list | tuple):
            argv = bool(value) and all(isinstance(v, str) for v in value)
            if argv:
                commands.append((path, key, tuple(value)))
                if len(value) > 1:
                    strings.append((path, key, " ".join(value)))
            for i in range(len(value) - 1, -1, -1):
                stack.append((f"{path}[{i}]", key, value[i], depth + 1, argv))
        else:
            scalars.append((path, key, value))
            if type(value) is int:  # (not a boolean: ``type``, not ``isinstance``)
                # a server reads 4111111111111111 as the digits of "4111111111111111": the
                # texts the DLP reads hold an integer's decimal text, a credential's piece or
                # a registered secret sent as a number (dlp.string_leaves' ``numbers``)
                digits = str(value)
                texts.append((path, digits))
                values.append(digits)
            elif type(value) is float and value.is_integer():
                digits = str(int(value))  # (a whole float read as the integer: number_text)
                texts.append((path, digits))
                values.append(digits)
    flat = isinstance(arguments, Mapping) and all(isinstance(v, str) for v in arguments.values())
    return CallWalk(
        tuple(scalars), tuple(strings), tuple(commands), tuple(texts), tuple(values), flat
    )


def _flat(arguments: dict[Any, Any]) -> CallWalk | None:
    """:func:`walk` of an object whose values are all strings (most calls): the same views,
    built without the stack; ``None`` for any other object."""
    keyed: list[tuple[str, str, str]] = []
    texts: list[tuple[str, str]] = []
    values: list[str] = []
    for k, v in arguments.items():
        if type(v) is not str:
            return None
        ks = k if type(k) is str else str(k)
        keyed.append((ks, ks, v))
        texts.append((ks, ks))
        texts.append((ks, v))
        if v:
            values.append(v)
    t = tuple(keyed)
    # (CallWalk(t, t, t, texts, values, True) by its slot setters, without the class call)
    w: CallWalk = _new(CallWalk)
    _SCALARS(w, t)
    _STRINGS(w, t)
    _COMMANDS(w, t)
    _TEXTS(w, tuple(texts))
    _VALUES(w, tuple(values))
    _FLAT(w, True)
    return w


_new = object.__new__


def number_text(value: Any) -> str | None:
    """The decimal text a server may read ``value`` as: an integer's (not a boolean's), or a
    whole float's integer (``86753091234567.0`` -> ``86753091234567``); None for any other
    value. A lax server reads a whole float as the integer (``JSON.parse``; pydantic's lax
    ``int``, ``int(x)``, exact for every double: ``98234751029384752.0`` is those digits),
    so a secret of digits leaves in one; a finite double's integer has at most 309 digits."""
    if type(value) is int:
        return str(value)
    if type(value) is float and value.is_integer():  # (inf and nan are not)
        return str(int(value))
    return None


class _Call(Protocol):
    """What :func:`call_walk` reads of a check's context."""

    @property
    def arguments(self) -> Mapping[str, Any]: ...

    @property
    def memo(self) -> dict[str, Any]: ...


def call_walk(ctx: _Call) -> CallWalk:
    """:func:`walk` of the call's arguments, once per call (remembered in ``ctx.memo``)."""
    got: CallWalk | None = ctx.memo.get("walk")
    if got is None:
        got = ctx.memo["walk"] = walk(ctx.arguments)
    return got


class _KEY:
    """An object key on the walk's stack (read by ``texts`` before the key's value)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text
