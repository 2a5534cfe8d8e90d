"""The house in order: no import circle, modules of one job, a README and rules pages that read.

Imports are read from the source (``ast``), wherever they stand: at the top,
inside a function, or under ``TYPE_CHECKING``. Each is a design dependency.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from cardcli.actions.play import rules_text
from cardcli.registry import game_names
from tests.conftest import REPO

PACKAGE = REPO / "cardcli"
MAX_MODULE_LINES = 600
MAX_COLUMNS = 80


def module_name(path: Path) -> str:
    name = ".".join(path.relative_to(REPO).with_suffix("").parts)
    return name.removesuffix(".__init__")


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imports() -> dict[str, set[str]]:
    """Each module's imports of cardcli modules: ``from a import b`` names a.b if b is one."""
    known = modules()
    found: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found[name].update(a.name for a in node.names if a.name in known)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    parts = parts[: len(parts) - (node.level - 1)]
                    base = ".".join([*parts, base] if base else parts)
                for alias in node.names:
                    if f"{base}.{alias.name}" in known:
                        found[name].add(f"{base}.{alias.name}")
                    elif base in known:
                        found[name].add(base)
    for name in found:
        found[name].discard(name)
    return found


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]


def test_no_import_circle_between_cardcli_modules() -> None:
    assert circles(imports()) == []


def _package(module: str) -> str:
    """``engine``, ``magic``, ``cardcli.games.horde``, ``cardcli.cards.mtg``..."""
    parts = module.split(".")
    if len(parts) < 2:
        return module
    return ".".join(parts[:3]) if parts[1] in ("games", "cards") and len(parts) > 2 else parts[1]


def test_the_layers_import_downwards_only() -> None:
    """The engine knows no game and no card; the card model and the rules core know no
    game; a game package never imports another game."""
    for module, targets in imports().items():
        here = _package(module)
        for target in targets:
            there = _package(target)
            if here == "engine":
                assert not there.startswith(("cardcli.cards", "magic", "cardcli.games")), (
                    module,
                    target,
                )
            if here.startswith("cardcli.cards") or here == "magic":
                assert not there.startswith("cardcli.games"), (module, target)
            if here.startswith("cardcli.games") and there.startswith("cardcli.games"):
                assert here == there, (module, target)


def test_no_module_is_over_600_lines() -> None:
    long = {
        name: n
        for name, path in modules().items()
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert long == {}


def test_the_readme_fences_pair_up() -> None:
    """An unclosed fence shows the rest of the README as code."""
    fence: str | None = None
    for number, line in enumerate((REPO / "README.md").read_text().splitlines(), start=1):
        opening = re.match(r"^(`{3,})(\S*)\s*$", line)
        if opening is None:
            continue
        if fence is None:
            fence = f"{number}"
        else:
            assert opening.group(2) == "", f"README.md:{number}: a fence opens inside another"
            fence = None
    assert fence is None, f"README.md:{fence}: this fence is never closed"


@pytest.mark.parametrize("game", game_names())
def test_a_rules_page_fits_a_pager_of_80_columns(game: str) -> None:
    """Prose and code at most 80 columns; a table may be wider (a pager scrolls it)."""
    wide = [
        f"{number}: {line[:40]}..."
        for number, line in enumerate(rules_text(game).splitlines(), start=1)
        if len(line) > MAX_COLUMNS and not line.startswith("|")
    ]
    assert wide == []


@pytest.mark.parametrize("game", game_names())
def test_a_rules_page_names_its_source_not_a_file_the_repository_lacks(game: str) -> None:
    text = rules_text(game)
    assert "seeds/" not in text and ".en.md" not in text and ".de.txt" not in text
