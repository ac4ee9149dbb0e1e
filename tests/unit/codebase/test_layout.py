"""The layout by kind (tests/support/layout.py): each test carries its folder's marker, and a
test in the wrong folder fails collection, naming it. Checked on small throwaway suites run with
this repository's conftest hook and pytest settings (pytester), and on the running session."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest

from tests.support.layout import KINDS, kind_of
from tests.support.paths import REPO_ROOT, TESTS

# A stand-in for the root conftest: its real collection hook, and fixtures named like the ones a
# unit test may not use (here they start nothing).
CONFTEST = """
import pytest

from tests.conftest import pytest_collection_modifyitems  # the hook under test


@pytest.fixture
def db():
    return "a database"


@pytest.fixture
def tenant(db):
    return "a tenant"


@pytest.fixture
def clock():
    return 0
"""


def _ini_options() -> dict[str, Any]:
    return tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]


@pytest.fixture
def suite(pytester: pytest.Pytester) -> pytest.Pytester:
    """One passing test per kind folder, with this repository's markers and --strict-markers."""
    options = _ini_options()
    markers = "".join(f"    {marker!r},\n" for marker in options["markers"])
    pytester.makepyprojecttoml(
        f'[tool.pytest.ini_options]\naddopts = "{options["addopts"]} -p no:cacheprovider"\nmarkers = [\n{markers}]\n'
    )
    pytester.makeconftest(CONFTEST)
    for kind in KINDS:
        folder = pytester.path / "tests" / kind / "domain"
        folder.mkdir(parents=True)
        (folder / f"test_layout_probe_{kind}.py").write_text(
            f"def test_marked(request):\n    assert [m.name for m in request.node.iter_markers()] == [{kind!r}]\n"
        )
    return pytester


def test_the_kinds_are_the_registered_markers() -> None:
    registered = {line.split(":")[0] for line in _ini_options()["markers"]}
    assert set(KINDS) <= registered
    assert {path.name for path in TESTS.iterdir() if path.is_dir() and path.name in KINDS} == set(KINDS)


@pytest.mark.parametrize("kind", KINDS)
def test_each_test_gets_its_folders_marker_and_m_selects_it(suite: pytest.Pytester, kind: str) -> None:
    result = suite.runpytest("-m", kind)
    result.assert_outcomes(passed=1, deselected=len(KINDS) - 1)
    result.stdout.fnmatch_lines([f"*test_layout_probe_{kind}.py *"])


def test_a_unit_test_asking_for_the_database_fails_collection_naming_it(suite: pytest.Pytester) -> None:
    probe = suite.path / "tests" / "unit" / "domain" / "test_layout_probe_guarded.py"
    probe.write_text(
        "def test_direct(db):\n    pass\n\n\n"
        "def test_through_a_fixture(tenant):\n    pass\n\n\n"
        "def test_pure(clock):\n    pass\n"
    )
    result = suite.runpytest("-m", "unit")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    errors = result.stderr.str()
    assert (
        "tests/unit/domain/test_layout_probe_guarded.py::test_direct: a unit test may not use db (PostgreSQL)" in errors
    )
    assert (
        "test_layout_probe_guarded.py::test_through_a_fixture: a unit test may not use db (PostgreSQL), tenant"
        in errors
    )
    assert "test_pure" not in errors
    # The same test is fine in tests/integration/.
    probe.rename(suite.path / "tests" / "integration" / "domain" / probe.name)
    suite.runpytest("-m", "integration").assert_outcomes(passed=4, deselected=len(KINDS) - 1)


def test_a_test_outside_the_kind_folders_or_marked_with_another_kind_fails_collection(
    suite: pytest.Pytester,
) -> None:
    (suite.path / "tests" / "test_layout_probe_stray.py").write_text("def test_stray():\n    pass\n")
    (suite.path / "tests" / "unit" / "domain" / "test_layout_probe_marked.py").write_text(
        "import pytest\n\n\n@pytest.mark.chromium\ndef test_in_a_browser():\n    pass\n"
    )
    result = suite.runpytest()
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    errors = result.stderr.str()
    assert "tests/test_layout_probe_stray.py::test_stray: not in a kind folder" in errors
    assert "test_layout_probe_marked.py::test_in_a_browser: marked chromium but in tests/unit/" in errors


def test_every_test_of_this_session_carries_its_folders_kind(request: pytest.FixtureRequest) -> None:
    items = request.session.items
    assert request.node in items
    for item in items:
        kind = kind_of(item.path, REPO_ROOT)
        assert kind is not None, item.nodeid
        assert [m.name for m in item.iter_markers() if m.name in KINDS] == [kind], item.nodeid
