"""The import statements a zip function's code can run, read statically from its handler and the
layer: what tests/infra/test_layer.py then runs in Lambda's isolation."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from pageport.routes import KIND_FUNCTIONS, WORKER_HANDLER

# Imported only by code paths that never run on Lambda (the embedded PostgreSQL of the local
# stack and tests; the deployed stack sets DB_HOST): left out of what a function reaches.
LOCAL_ONLY = frozenset({"pgserver"})


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_nodes(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom | ast.Call]:
    """Every import in a module, inside functions too; never those only type checkers see."""
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            todo.extend(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom) or (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", getattr(node.func, "attr", None)) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            yield node
        todo.extend(ast.iter_child_nodes(node))


def module_file(roots: list[Path], module: str) -> Path | None:
    for root in roots:
        base = root.joinpath(*module.split("."))
        for candidate in (base / "__init__.py", base.with_suffix(".py")):
            if candidate.is_file():
                return candidate
    return None


def entry_modules(function: str) -> list[str]:
    """What a per-kind function's shared handler imports by the kind's name (pageport.entrypoints):
    its kind's job module, or its webhook module."""
    made = KIND_FUNCTIONS.get(function)
    if made is None:
        return []
    return [f"pageport.kinds.{made.kind}.{'job' if made.folder == WORKER_HANDLER else 'webhook'}"]


def reached_imports(function: Path, site: Path, entries: list[str] | None = None) -> list[str]:
    """The import statements a zip function's code path can run: its handler's and, transitively,
    those of every module of ours it imports (its own folder's, and `pageport` in the layer), from
    `entries` too (modules imported by a computed name). Imports guarded by `except ImportError`
    count too: on Lambda they should behave as in tests."""
    statements: dict[str, None] = {"import handler": None, **{f"import {m}": None for m in entries or []}}
    todo = [("handler", function / "handler.py")]
    for module in entries or []:
        parts = module.split(".")
        for depth in range(1, len(parts) + 1):
            if (found := module_file([site], ".".join(parts[:depth]))) is not None:
                todo.append((".".join(parts[:depth]), found))
    seen: set[str] = set()
    while todo:
        name, path = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in _import_nodes(ast.parse(path.read_bytes(), str(path))):
            if isinstance(node, ast.Import):
                pairs = [(f"import {a.name}", [a.name]) for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                module = node.module or ""
                if node.level:  # relative: resolved against this module's package
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    module = ".".join(filter(None, [*base, module]))
                if module == "__future__":
                    continue
                names = ", ".join(a.name for a in node.names)
                pairs = [(f"from {module} import {names}", [module, *(f"{module}.{a.name}" for a in node.names)])]
            else:
                target = node.args[0].value  # type: ignore[attr-defined]
                pairs = [(f"import {target}", [target])]
            for statement, modules in pairs:
                if modules[0].split(".")[0] in LOCAL_ONLY:
                    continue
                statements[statement] = None
                for module in modules:
                    parts = module.split(".")
                    for depth in range(1, len(parts) + 1):  # parents run first on import
                        prefix = ".".join(parts[:depth])
                        ours = [function] if parts[0] != "pageport" else [site]
                        if (found := module_file(ours, prefix)) is not None:
                            todo.append((prefix, found))
    return list(statements)
