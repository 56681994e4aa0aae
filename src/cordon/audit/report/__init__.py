"""The review pack: ``cordon report`` (issue 7, "Review pack").

:func:`build_report` reads an audit log (streaming, following rotation), the policy file(s) and
optionally a saved ``tools/list`` result, and returns a :class:`ReportData`;
:func:`render_markdown` and :func:`render_html` turn it into the pack. The HTML is
self-contained (inline CSS and SVG charts; no scripts, fonts or CDN).

Modules, one concern each: ``_mappings`` (the OWASP and AIUC-1 items and the scope
statements), ``_data`` (the data model), ``_controls`` (controls in force and policy
findings), ``_build`` (one streaming pass over the log), ``_markdown`` and ``_html`` (the two
renderings).
"""

from cordon.audit.report._build import build_report
from cordon.audit.report._controls import _describe_tool as _describe_tool
from cordon.audit.report._controls import _global_controls as _global_controls
from cordon.audit.report._data import ControlRow, ReportData
from cordon.audit.report._html import render_html
from cordon.audit.report._mappings import AIUC1_MAP, OWASP_LLM_2025, MapItem
from cordon.audit.report._mappings import COVERS as COVERS
from cordon.audit.report._mappings import DOES_NOT as DOES_NOT
from cordon.audit.report._markdown import render_markdown

__all__ = [
    "AIUC1_MAP",
    "OWASP_LLM_2025",
    "ControlRow",
    "MapItem",
    "ReportData",
    "build_report",
    "render_html",
    "render_markdown",
]
