"""The layer's modules import each other without a cycle, counting every import: at the top,
inside functions and under TYPE_CHECKING (a lazy import only hides a cycle until it bites)."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support.paths import REPO_ROOT

LAYER = REPO_ROOT / "layers" / "pageport" / "python"


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _targets(node: ast.Import | ast.ImportFrom, module: str, is_package: bool, known: set[str]) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:  # relative: from the module's own package upwards
        package = module.split(".") if is_package else module.split(".")[:-1]
        anchor = package[: len(package) - (node.level - 1)]
        base = ".".join([*anchor, base] if base else anchor)
    # `from package import submodule` imports the submodule; `from module import name`, the module.
    return [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]


def import_graph(root: Path = LAYER) -> dict[str, set[str]]:
    files = {_module_name(path, root): path for path in root.rglob("*.py") if "__pycache__" not in path.parts}
    known = set(files)
    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                edges.update(
                    t for t in _targets(node, module, path.name == "__init__.py", known) if t in known and t != module
                )
        graph[module] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_layer_has_no_import_cycle() -> None:
    graph = import_graph()
    assert graph.get("pageport.batches.registry"), "the walk found the layer"
    assert cycles(graph) == []


def test_nothing_the_registry_imports_imports_it() -> None:
    graph = import_graph()
    below: set[str] = set()
    pending = list(graph["pageport.batches.registry"])
    while pending:
        module = pending.pop()
        if module not in below:
            below.add(module)
            pending.extend(graph.get(module, ()))
    assert "pageport.batches.registry" not in below
    assert not any(module.startswith("pageport.kinds.") for module in below), "the kinds' code sits above it"


def test_the_walk_sees_function_level_and_type_checking_imports(tmp_path: Path) -> None:
    """The detector itself: a cycle closed only by a lazy import or a TYPE_CHECKING one is found."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg import b\n")
    (package / "b.py").write_text("def f():\n    from pkg.c import x\n")
    (package / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\nx = 1\n")
    (package / "d.py").write_text("from pkg import a\n")
    assert cycles(import_graph(tmp_path)) == [["pkg.a", "pkg.b", "pkg.c"]]
