"""Fast construction of frozen slots dataclasses on the decision path.

A frozen dataclass's generated ``__init__`` sets each field through ``object.__setattr__``
(its own ``__setattr__`` refuses): about 1,700 instructions a field, measured with callgrind on
CPython 3.11, which made building the pipeline's carriers (:class:`~cordon.engine.checks.Context`,
``Facts``, ``Result``, :class:`~cordon.engine.walk.CallWalk`) a third of a decision's own
cost. Their ``__init__`` calls each slot's descriptor instead (about 700): the instance is the
same, and the class stays frozen (assignment still raises ``FrozenInstanceError``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

__all__ = ["setters"]


def setters(cls: type, *names: str) -> tuple[Callable[[Any, Any], None], ...]:
    """The setters of the slots ``names`` of the frozen slots dataclass ``cls``.

    Raises:
        TypeError: ``names`` are not all of ``cls``'s fields, in order (a field added
            without its setter fails at import, not at a decision with an unset slot).
    """
    declared = tuple(f.name for f in fields(cls))
    if names != declared:
        raise TypeError(f"{cls.__name__}: setters for {names}, fields are {declared}")
    return tuple(vars(cls)[n].__set__ for n in names)
