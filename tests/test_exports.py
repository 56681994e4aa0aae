"""The public surface of ``cordon`` is exactly ``__all__``: sorted, importable, deliberate."""

from __future__ import annotations

import subprocess
import sys

import cordon

EXPECTED = [
    "Blocked",
    "CordonError",
    "Decision",
    "Engine",
    "Finding",
    "Gateway",
    "PolicyError",
    "Session",
    "Verdict",
    "__version__",
]


def test_all_is_pinned_and_sorted() -> None:
    assert cordon.__all__ == EXPECTED
    assert cordon.__all__ == sorted(cordon.__all__)


def test_every_export_resolves_to_its_home() -> None:
    from cordon._exceptions import Blocked, CordonError, PolicyError
    from cordon._types import Finding, Verdict
    from cordon.engine.core import Engine, Session
    from cordon.gateway import Gateway

    homes = {
        "Blocked": Blocked,
        "CordonError": CordonError,
        "Decision": Verdict,
        "Engine": Engine,
        "Finding": Finding,
        "Gateway": Gateway,
        "PolicyError": PolicyError,
        "Session": Session,
        "Verdict": Verdict,
    }
    for name, obj in homes.items():
        assert getattr(cordon, name) is obj, name
    assert isinstance(cordon.__version__, str) and cordon.__version__
    assert issubclass(cordon.Blocked, cordon.CordonError)
    assert issubclass(cordon.PolicyError, cordon.CordonError)


def test_star_import_gives_exactly_all() -> None:
    ns: dict[str, object] = {}
    exec("from cordon import *", ns)  # noqa: S102 - the point of the test
    assert sorted(k for k in ns if k != "__builtins__") == sorted(EXPECTED)


def test_unknown_attribute_is_an_attribute_error() -> None:
    try:
        cordon.NotAThing  # type: ignore[attr-defined]  # noqa: B018
    except AttributeError as exc:
        assert "NotAThing" in str(exc)
    else:
        raise AssertionError("cordon.NotAThing resolved")


def test_import_cordon_does_not_load_the_engine() -> None:
    code = (
        "import sys, cordon; "
        "print('cordon.engine.core' in sys.modules, 'cordon.gateway' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
