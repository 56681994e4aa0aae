"""Make ``src/`` importable when the package is not installed into the venv yet.

A no-op once ``pip install -e .`` has run (then ``cordon`` is already importable).
"""

from __future__ import annotations

import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"

try:
    import cordon.approvals  # noqa: F401
except ModuleNotFoundError:  # pragma: no cover - depends on the environment
    sys.path.insert(0, str(SRC))
