"""The README and the pages of `docs/` and its folders: every link between them and to the source leads
somewhere, every page is reachable from the README, the example bots are shown by a link to their files
(never a copy that could drift from them), the README still opens with its two commands, and the learning
example's libraries are installed with PyTorch's CPU build."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.M | re.S)


def _links(page: Path) -> list[str]:
    """The link targets of a page, outside its code blocks."""
    return LINK.findall(FENCE.sub("", page.read_text(encoding="utf-8")))


def _anchors(page: Path) -> set[str]:
    """The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens."""
    headings = re.findall(r"^#+ (.+)$", FENCE.sub("", page.read_text(encoding="utf-8")), re.M)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_link_leads_somewhere(page: Path) -> None:
    for target in _links(page):
        if re.match(r"[a-z]+:", target):  # a web address: not checked here
            continue
        path, _, anchor = target.partition("#")
        where = (page.parent / path).resolve() if path else page
        assert where.exists(), f"{page.name} links to {target}, which is not there"
        if anchor:
            assert anchor in _anchors(where), f"{page.name} links to {target}: no such heading"


def test_every_page_of_the_docs_is_linked_from_the_readme() -> None:
    linked = {(ROOT / t.partition("#")[0]).resolve() for t in _links(ROOT / "README.md")}
    assert len(PAGES) > 5
    for page in PAGES[1:]:
        assert page in linked, f"the README does not link {page.relative_to(ROOT)}"


def test_the_example_bots_are_linked_not_copied() -> None:
    bots = ROOT / "docs" / "bots.md"
    text = bots.read_text(encoding="utf-8")
    examples = sorted((ROOT / "examples").glob("*.py"))
    assert examples
    for example in examples:
        assert f"](../examples/{example.name})" in text, f"docs/bots.md does not link {example.name}"
        lines = [line for line in example.read_text(encoding="utf-8").splitlines() if len(line) > 40]
        copied = [line for line in lines if line in text]
        assert len(copied) <= 2, f"docs/bots.md copies {example.name}: {copied[:3]}"


def test_the_readme_opens_with_the_commands_to_play_and_to_test() -> None:
    blocks = re.findall(r"^```sh\n(.*?)\n```", (ROOT / "README.md").read_text(encoding="utf-8"), re.M | re.S)
    venv = "python3 -m venv .venv && . .venv/bin/activate && "
    assert blocks[:2] == [venv + "pip install . && landlords", venv + "pip install '.[test]' && pytest"]


def test_postgresql_is_set_up_as_its_own_user_never_as_root() -> None:
    """`initdb` and `pg_ctl` refuse to run as root: every one the operators' guide runs is run as the
    database's own user."""
    text = (ROOT / "docs" / "operating.md").read_text(encoding="utf-8")
    runs = [line for line in text.splitlines() if re.search(r"\b(initdb|pg_ctl)\b", line) and "`" not in line]
    assert runs, "the guide says how to start a PostgreSQL of its own"
    assert all(line.startswith("sudo -u landlords-db ") for line in runs), runs


CPU_TORCH = "pip install torch --index-url https://download.pytorch.org/whl/cpu && "


def test_the_research_extra_is_installed_after_pytorchs_cpu_build() -> None:
    """PyPI's PyTorch for Linux brings CUDA (gigabytes), and an extra cannot name PyTorch's own index: every
    command that installs the `research` extra, in the docs and in the example, installs the CPU build
    first, on the same line."""
    places = [*PAGES, *sorted((ROOT / "examples").rglob("*.py"))]
    found = 0
    for place in places:
        for line in place.read_text(encoding="utf-8").splitlines():
            for command in re.finditer(r"pip install (-e )?'[^']*\[research\]'", line):
                found += 1
                where = f"{place.relative_to(ROOT)}: {line.strip()}"
                assert line[: command.start()].endswith(CPU_TORCH), where
    assert found >= 4
