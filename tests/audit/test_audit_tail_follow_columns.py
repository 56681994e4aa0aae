"""`cordon audit tail --follow` prints each batch of new records as a table without a header:
each table sized its columns to its own rows, so a batch's cells stood under other columns of
the first table's header. A steady table's widths come from the terminal's width alone."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from cordon.audit.commands import _table, fits_steady
from cordon.audit.log import record_for_call


def _rec(server: str, tool: str, reason: str, rule: str = "default.allow") -> dict[str, Any]:
    rec = record_for_call(
        session="s1",
        server=server,
        tool=tool,
        arguments={},
        verdict="allow",
        rule=rule,
        reason=reason,
    )
    rec["ts"], rec["seq"] = "2026-12-06T15:00:00.000000Z", 7
    return rec


def _bars(records: list[dict[str, Any]], steady: bool) -> list[int]:
    console = Console(width=160, record=True, color_system=None)
    assert fits_steady(console.width)
    table = _table(records, "", steady=steady)
    table.show_header = False
    console.print(table)
    line = next(x for x in console.export_text().splitlines() if "│" in x)
    return [i for i, ch in enumerate(line) if ch == "│"]


_FIRST = [_rec("files", "read_text_file", "no rule objected")]
_LATER = [
    _rec(
        "a-much-longer-server-name",
        "x",
        "destination 'evil@example.com' first appeared in untrusted tool output " * 2,
        rule="taint.seen_in_output",
    )
]


def test_follow_batches_line_up() -> None:
    assert _bars(_FIRST, steady=True) == _bars(_LATER, steady=True)


def test_a_table_sized_to_its_rows_does_not() -> None:
    # the control: without steady widths these two batches do not line up
    assert _bars(_FIRST, steady=False) != _bars(_LATER, steady=False)


def test_a_narrow_terminal_gets_a_header_per_batch_instead() -> None:
    # the fixed columns would squeeze server, tool and reason to nothing at 100 columns
    assert not fits_steady(100)
    assert fits_steady(160)
