"""Every error code the API can answer with is declared by an error class (pageport.errors), the
one source of the documented `code` enum: a `Conflict(..., code="x")` anywhere in the layer or
the handlers must name a code some class declares."""

from __future__ import annotations

import ast
from pathlib import Path

from pageport import errors
from pageport.signin import service as signin

ERROR_CLASSES = {
    name for name, value in vars(errors).items() if isinstance(value, type) and issubclass(value, errors.PageportError)
}


def _code_literals(root: Path) -> dict[str, str]:
    """code literal -> where, for every call of an error class with `code="..."`."""
    found: dict[str, str] = {}
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            if name not in ERROR_CLASSES:
                continue
            for keyword in node.keywords:
                if keyword.arg == "code" and isinstance(keyword.value, ast.Constant):
                    found[str(keyword.value.value)] = f"{path}:{node.lineno}"
    return found


def test_every_code_raised_ad_hoc_is_declared_by_a_class(repo_root):
    declared = set(errors.codes_of(errors, signin))
    literals = {
        **_code_literals(repo_root / "layers" / "pageport" / "python" / "pageport"),
        **_code_literals(repo_root / "functions"),
    }
    assert {"batch_id_conflict", "page_import_not_ready"} <= set(literals)  # the scan finds them
    undeclared = {code: where for code, where in literals.items() if code not in declared}
    assert not undeclared, f"declare these codes as classes in pageport/errors.py: {undeclared}"


def test_codes_of_reads_only_the_classes_a_module_defines():
    assert "sign_in_session_not_found" not in errors.codes_of(errors)
    assert "sign_in_session_not_found" in errors.codes_of(signin)
    assert "not_found" not in errors.codes_of(signin)  # imported there, defined here


def test_api_gateways_own_answers_use_declared_codes():
    from infra.api import _GATEWAY_RESPONSES

    declared = set(errors.codes_of(errors, signin))
    codes = {code for _, _, code, _ in _GATEWAY_RESPONSES}
    assert {"throttled", "unauthorized"} <= codes
    assert codes <= declared, codes - declared
