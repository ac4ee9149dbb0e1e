"""Build the shared Lambda layer without Docker, cached under build/ by a hash of its inputs.

`pip install --platform ... --only-binary=:all: --python-version 3.12 --target` fetches the
pyproject `layer` dependency group as Lambda (Amazon Linux 2023, CPython 3.12) needs it; the
`pageport` package is copied beside it. The group is every third-party package a zip function
imports, boto3 included (see `layer` in pyproject.toml). Two cache levels keep repeated synths
cheap: the pip result is keyed by (requirements, platform, Python) and reused while only our
code changes; the final layer is keyed by that plus the package's bytes.

`python_version` exists for tests only: the same build for the host's Python, so the layer can
be imported on a machine without CPython 3.12 on Lambda's architecture.

Usage: python -m infra.layer_build [--architecture arm64|x86_64]   (prints the layer folder)
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
LAMBDA_PYTHON = "3.12"
# The layer ships its own pinned boto3 stack rather than the runtime's: that one is whatever AWS
# last installed (too old for S3 conditional writes at times), /opt/python comes before it on
# sys.path anyway, and stripping boto3 while its dependencies (urllib3, via aws-xray-sdk) stay
# would mix two installations.
_PLATFORMS = {
    # AL2023 has glibc 2.34: every manylinux wheel up to 2_34 runs there.
    "arm64": ("manylinux2014_aarch64", "manylinux_2_28_aarch64", "manylinux_2_34_aarch64"),
    "x86_64": ("manylinux2014_x86_64", "manylinux_2_28_x86_64", "manylinux_2_34_x86_64"),
}
_STALE_AFTER_S = 3600  # other processes (tests, synths) may still read a recent layer folder


class LayerBuildError(RuntimeError):
    pass


@dataclass(frozen=True, slots=True)
class Layer:
    path: Path  # folder holding python/ (the layer's zip root)
    asset_hash: str


def dependency_group(pyproject: Path, group: str) -> list[str]:
    """Requirements of a PEP 735 group, `include-group` entries expanded."""
    groups = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("dependency-groups", {})

    def expand(name: str, seen: tuple[str, ...]) -> list[str]:
        if name in seen:
            raise LayerBuildError(f"dependency group cycle: {' -> '.join((*seen, name))}")
        if name not in groups:
            raise LayerBuildError(f"{pyproject} has no dependency group {name!r}")
        out: list[str] = []
        for item in groups[name]:
            out += expand(item["include-group"], (*seen, name)) if isinstance(item, dict) else [item]
        return out

    return expand(group, ())


def _digest(*parts: bytes) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(len(part).to_bytes(8, "big"))
        h.update(part)
    return h.hexdigest()


def tree_digest(root: Path) -> str:
    files = sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc")
    return _digest(*(part for p in files for part in (p.relative_to(root).as_posix().encode(), p.read_bytes())))


@functools.cache
def _python(version: str) -> str | None:
    """A CPython `version` to byte-compile the layer (Lambda's /opt is read-only: no pyc at run time)."""
    env = os.environ.get("PAGEPORT_PYTHON312", "") if version == LAMBDA_PYTHON else ""
    candidates = [env, shutil.which(f"python{version}") or "", sys.executable]
    candidates += sorted(str(p) for p in Path.home().glob(f".pyenv/versions/{version}*/bin/python{version}"))
    for exe in filter(None, candidates):
        probe = subprocess.run(
            [exe, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
            capture_output=True,
            text=True,
            check=False,
        )
        if probe.returncode == 0 and probe.stdout.strip() == version:
            return exe
    return None


def _publish(tmp: Path, final: Path) -> None:
    """Atomic rename; a concurrent builder that won the race leaves its (identical) result."""
    try:
        tmp.rename(final)
    except OSError:
        shutil.rmtree(tmp, ignore_errors=True)
        if not final.is_dir():
            raise


def _compile(python: str | None, folder: Path) -> None:
    if python:
        # unchecked-hash pycs are reproducible (no mtimes) and skip the source stat at import.
        subprocess.run(
            [
                python,
                "-m",
                "compileall",
                "-q",
                "-j",
                "0",
                "--invalidation-mode",
                "unchecked-hash",
                str(folder),
            ],
            check=True,
            capture_output=True,
        )


def _install_dependencies(
    requirements: list[str], architecture: str, python_version: str, cache: Path, compiler: str | None
) -> Path:
    key = _digest(
        "\n".join(requirements).encode(),
        architecture.encode(),
        python_version.encode(),
        Path(__file__).read_bytes(),
        str(bool(compiler)).encode(),
    )[:20]
    final = cache / f"{architecture}-cp{python_version.replace('.', '')}-{key}"
    if final.is_dir():
        os.utime(final)  # in use: _prune in other processes keeps it
        return final
    cache.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=cache))
    platforms = [arg for p in _PLATFORMS[architecture] for arg in ("--platform", p)]
    cmd = [
        sys.executable,
        "-m",
        "pip",
        "install",
        "--quiet",
        "--disable-pip-version-check",
        "--no-compile",
        "--only-binary=:all:",
        *platforms,
        "--implementation",
        "cp",
        "--python-version",
        python_version,
        "--abi",
        "cp" + python_version.replace(".", ""),
        "--target",
        str(tmp / "python"),
        *requirements,
    ]
    result = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        shutil.rmtree(tmp, ignore_errors=True)
        raise LayerBuildError(
            "pip could not fetch the layer dependencies (PyPI must be reachable on the first "
            f"build; later builds reuse {cache}):\n{result.stderr[-4000:]}"
        )
    site = tmp / "python"
    shutil.rmtree(site / "bin", ignore_errors=True)
    _compile(compiler, site)
    _publish(tmp, final)
    _prune(cache, keep=final)
    return final


def _prune(folder: Path, keep: Path) -> None:
    for entry in folder.iterdir():
        if entry != keep and entry.is_dir() and time.time() - entry.stat().st_mtime > _STALE_AFTER_S:
            shutil.rmtree(entry, ignore_errors=True)


def build_layer(
    architecture: str = "arm64",
    *,
    python_version: str = LAMBDA_PYTHON,
    repo_root: Path = REPO_ROOT,
    build_dir: Path | None = None,
) -> Layer:
    if architecture not in _PLATFORMS:
        raise LayerBuildError(f"unknown architecture {architecture!r}")
    build_dir = build_dir or Path(os.environ.get("PAGEPORT_BUILD_DIR") or repo_root / "build")
    package = repo_root / "layers" / "pageport" / "python" / "pageport"
    if not (package / "__init__.py").is_file():
        raise LayerBuildError(f"the shared package is missing: {package}")
    requirements = dependency_group(repo_root / "pyproject.toml", "layer")
    compiler = _python(python_version)
    deps = _install_dependencies(requirements, architecture, python_version, build_dir / "layer-deps", compiler)
    asset_hash = _digest(deps.name.encode(), tree_digest(package).encode())[:32]
    layers = build_dir / "layer"
    final = layers / f"{architecture}-{asset_hash}"
    if not final.is_dir():
        layers.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=layers))
        shutil.copytree(deps / "python", tmp / "python", symlinks=True)
        shutil.copytree(
            package,
            tmp / "python" / "pageport",
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
        )
        _compile(compiler, tmp / "python" / "pageport")
        _publish(tmp, final)
        _prune(layers, keep=final)
    os.utime(final)  # mark as in use for _prune in other processes
    return Layer(path=final, asset_hash=asset_hash)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--architecture", choices=sorted(_PLATFORMS), default="arm64")
    args = parser.parse_args()
    print(build_layer(args.architecture).path)


if __name__ == "__main__":
    main()
