"""The README's words for a policy file that "sets nothing" cover every file cordon names so.

``cordon check`` and ``cordon run`` warn of such a file (it loads as the defaults, so a file
saved empty or cut short is not read as "my rules are in force"). Quick start step 2 gives a
server no pack fits ``base.yaml`` holding ``version: 1`` only, which is such a file: a reader
told the warning covers "empty, or comments only" takes it for a mistake of theirs.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cordon.policy.loader import sets_nothing

README = Path(__file__).resolve().parents[1] / "README.md"

#: each kind of file the loader reads as setting nothing, with the words the README names it by
KINDS = {
    "empty": "",
    "comments only": "# written later\n",
    "`version: 1` alone": "version: 1\n",
}


def _definition() -> str:
    text = " ".join(README.read_text("utf-8").split())
    m = re.search(r"names a file that sets nothing \((.*?): the defaults apply", text)
    assert m is not None, "the quick start no longer says which files set nothing"
    return m.group(1)


@pytest.mark.parametrize("words", list(KINDS))
def test_readme_names_each_file_that_sets_nothing(words: str, tmp_path: Path) -> None:
    path = tmp_path / "policy.yaml"
    path.write_text(KINDS[words], "utf-8")
    assert sets_nothing(path)  # cordon check and cordon run name it
    assert words in _definition()


def test_step2_base_policy_is_said_to_set_nothing() -> None:
    """Step 2's ``base.yaml`` (``version: 1`` only) gets the warning at every start: its
    comment says so, so a reader following the steps expects it."""
    text = README.read_text("utf-8")
    line = next(x for x in text.splitlines() if "--policy base.yaml" in x)
    assert "version: 1 only" in line
    assert "sets nothing" in line
