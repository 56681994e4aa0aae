"""No pydantic plugins in cordon's own process (the ``cordon`` command: ``run``, ``serve``...).

pydantic looks for plugins at the first model or ``TypeAdapter`` it builds: it loads every
installed distribution's ``pydantic`` entry point, then calls each plugin on every validation
(``pydantic.plugin._loader``). cordon uses none, and an installed package that declares one
would have its code run inside the firewall at start. pydantic's own switch,
``PYDANTIC_DISABLE_PLUGINS``, is an environment variable: set in cordon's environment it would
reach the server ``cordon run`` starts (a Python server's own plugins, its tracing say, off
without a word) and the environment that scopes one-time approval codes
(``cordon.proxy.main``), and pydantic would still import its loader, whose
``importlib.metadata`` brings ``email``, ``zipfile``, ``csv``, ``calendar`` and ``tempfile``
(1.4 MB of an idle ``cordon run``'s resting memory, bench/perf/README.md, "Resting memory").
So the command puts a stand-in in the loader's place: its ``get_plugins`` answers no plugins,
as pydantic does with the variable set to ``__all__``; any other name imports the real module
and answers from it. Only the command does this (:func:`cordon.cli.main`): a program that
imports cordon as a library keeps its plugins.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any

#: the module pydantic's schema validators import ``get_plugins`` from at each build
LOADER = "pydantic.plugin._loader"


def _no_plugins() -> tuple[()]:
    return ()


class _Loader(types.ModuleType):
    """Stands in for pydantic's plugin loader: no plugins; any other name from the real one
    (imported then, the stand-in kept in its place so that no later build loads plugins)."""

    def __init__(self) -> None:
        super().__init__(LOADER)
        self.get_plugins = _no_plugins

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # the import system's probes (__path__, __spec__...)
            raise AttributeError(name)
        if sys.modules.get(LOADER) is self:
            del sys.modules[LOADER]
        try:
            real = importlib.import_module(LOADER)
        finally:
            sys.modules[LOADER] = self
        return getattr(real, name)


def disable() -> None:
    """Put the stand-in in place, unless pydantic's loader is imported already."""
    if LOADER not in sys.modules:
        sys.modules[LOADER] = _Loader()
