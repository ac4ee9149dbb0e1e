"""The shared layer as a zip function gets it on Lambda: built as infra/ builds it, then
imported and run with nothing else on the path.

The layer is built by `build_layer`, the function infra/app.py calls, from the same pyproject
`layer` group, twice:

- for the stage files' architecture (arm64) and Lambda's CPython 3.12: what ships. Its compiled
  extensions cannot load on this x86_64 machine (nor in CI), so it is checked as files: its
  size, every extension an ELF for that architecture, and its (pure Python) botocore knowing
  S3's conditional writes;
- for this machine's architecture and Python, through the same code path (only pip's
  `--platform` and `--python-version` differ), so that it can be imported and run here. Both
  builds must hold the same top-level packages: what imports here is what ships.

Each zip function (every PageportFunction of the synthesized stack that is not a container
image) is then imported in a fresh interpreter started with `-S -I` (no site-packages, no
PYTHON* variables, no script folder): its sys.path is exactly the function's folder, the layer's
python/ and the standard library, as on Lambda (/var/task, /opt/python, the runtime). Every
import statement reachable from its handler runs there, the lazy ones inside functions too.
Finally the convert worker's handler converts a capture end to end in that environment, against
S3 emulated by moto over HTTP and a loopback webhook.

The builds are cached under build/ as synthesis caches them (a cold run downloads the wheels
from PyPI: about 15 s here).
"""

from __future__ import annotations

import hashlib
import json
import platform
import subprocess
import sys
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import boto3
import pytest
from aws_cdk import aws_lambda as lambda_
from pageport.convert import convert_capture
from pageport.kinds import KIND_VARIABLE
from pageport.kinds.code2des.messages import Code2DesManifest, ConvertMessage
from pageport.kinds.page_import.messages import PageImportManifest
from pageport.models.manifests import ArtifactRef
from pageport.routes import KIND_FUNCTIONS

from infra.config import STAGES_DIR, load_stage
from infra.lambdas import PageportFunction
from infra.layer_build import LAMBDA_PYTHON, Layer, build_layer
from infra.paths import REPO_ROOT, function_dir
from tests.conftest import FUNCTION_ENVIRONMENT
from tests.infra.imports_reached import entry_modules, reached_imports
from tests.infra.synthesis import Synth

MB = 1024 * 1024
# Lambda's limit: a function's code and all its layers, unzipped.
LAMBDA_UNZIPPED_LIMIT = 250 * MB
# The arm64 layer measured 86 MiB with boto3/botocore (27 MB) and Pillow (23 MB); before them
# it was 36 MiB. The budget keeps 100 MB for function code and growth: raise it deliberately.
LAYER_BUDGET = 150 * MB
_HOST_ARCHITECTURES = {"x86_64": "x86_64", "amd64": "x86_64", "aarch64": "arm64", "arm64": "arm64"}
_ELF_MACHINES = {"arm64": 183, "x86_64": 62}  # e_machine: EM_AARCH64, EM_X86_64

# Runs in the isolated interpreter: only the standard library is importable before it extends
# sys.path. It writes its report to a file (the handler's logs go to stdout).
PROBE = r"""
import json, sys, traceback

spec = json.load(open(sys.argv[1]))
sys.path[:0] = [spec["function"], spec["layer"]]
report = {"errors": {}, "flags": [sys.flags.no_site, sys.flags.isolated], "path": list(sys.path), "probe": __file__}
for statement in spec["statements"]:
    try:
        exec(statement, {})
    except BaseException:
        report["errors"][statement] = traceback.format_exc(limit=-3)
if spec.get("put_object_members"):
    import botocore.session

    shape = botocore.session.get_session().get_service_model("s3").operation_model("PutObject").input_shape
    report["put_object_members"] = sorted(shape.members)
if spec.get("event") is not None and not report["errors"]:
    import handler

    class Context:
        function_name = "convert_worker"
        function_version = "$LATEST"
        memory_limit_in_mb = 1024
        invoked_function_arn = "arn:aws:lambda:us-east-1:000000000000:function:convert_worker"
        aws_request_id = "00000000-0000-0000-0000-000000000001"
        log_group_name = log_stream_name = "local"

        def get_remaining_time_in_millis(self):
            return 300_000

    try:
        report["result"] = handler.lambda_handler(spec["event"], Context())
    except BaseException:
        report["errors"]["lambda_handler"] = traceback.format_exc()
report["modules"] = {name: getattr(m, "__file__", None) for name, m in list(sys.modules.items())}
with open(spec["out"], "w") as out:
    json.dump(report, out, default=str)
"""


# --------------------------------------------------------------------------- the builds


def _stage_architectures() -> list[str]:
    return sorted({load_stage(p.stem).architecture for p in STAGES_DIR.glob("*.toml")})


def _host_python() -> str:
    return f"{sys.version_info.major}.{sys.version_info.minor}"


@pytest.fixture(scope="module")
def target_layers() -> dict[str, Layer]:
    return {arch: build_layer(arch) for arch in _stage_architectures()}


@pytest.fixture(scope="module")
def host_layer() -> Layer:
    machine = platform.machine().lower()
    if machine not in _HOST_ARCHITECTURES:
        pytest.skip(f"no manylinux build of the layer for this machine ({machine})")
    return build_layer(_HOST_ARCHITECTURES[machine], python_version=_host_python())


def _zip_functions(synth: Synth) -> list[str]:
    """The stack's zip functions (on the layer), as infra/ decides: not container images."""
    functions = [c for c in synth.stack.node.find_all() if isinstance(c, PageportFunction)]
    return sorted(f.function_name for f in functions if not isinstance(f.function, lambda_.DockerImageFunction))


def _top_level(site: Path) -> set[str]:
    """Importable names and distributions (without versions) at the root of a layer's python/."""
    names = set()
    for entry in site.iterdir():
        if entry.name == "__pycache__":
            continue
        if entry.name.endswith(".dist-info"):
            names.add(entry.name.split("-")[0].lower() + ".dist-info")
        elif entry.suffix == ".so":
            # A top-level extension module (cffi's _cffi_backend): its name, not its ABI tag.
            names.add(entry.name.split(".")[0] + ".so")
        else:
            names.add(entry.name.removesuffix(".py"))
    return names


def _elf_machine(path: Path) -> int | None:
    with path.open("rb") as f:
        header = f.read(20)
    return int.from_bytes(header[18:20], "little") if header[:4] == b"\x7fELF" else None


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


# --------------------------------------------------------------------------- the probe


@dataclass
class Probe:
    errors: dict[str, str]
    modules: dict[str, str | None]
    report: dict[str, Any]


def _function_environment(function: str) -> dict[str, str]:
    """What a deployed function is given, which its module checks at import (FunctionSettings):
    the tests' function environment, a database host (nothing connects at import) and, for a
    per-kind function's shared handler, its kind (as infra/lambdas.py sets)."""
    made = KIND_FUNCTIONS.get(function)
    return {**FUNCTION_ENVIRONMENT, "DB_HOST": "proxy.invalid", **({KIND_VARIABLE: made.kind} if made else {})}


def probe(
    tmp: Path,
    layer: Layer,
    function: str,
    statements: list[str],
    *,
    env: dict[str, str] | None = None,
    **extra: Any,
) -> Probe:
    """Run PROBE in a fresh `python -S -I` with exactly the function's folder and the layer."""
    work = tmp / f"probe-{function}-{layer.path.name}"
    work.mkdir(parents=True, exist_ok=True)
    (work / "probe.py").write_text(PROBE)
    spec = {
        "function": str(function_dir(REPO_ROOT, function)),
        "layer": str(layer.path / "python"),
        "statements": statements,
        "out": str(work / "report.json"),
        **extra,
    }
    (work / "spec.json").write_text(json.dumps(spec))
    base_env = {
        "HOME": str(work),  # no ~/.aws, no user configuration
        "AWS_REGION": "us-east-1",
        "AWS_DEFAULT_REGION": "us-east-1",
        "AWS_EC2_METADATA_DISABLED": "true",
        "AWS_CONFIG_FILE": str(work / "no-aws-config"),
        "AWS_SHARED_CREDENTIALS_FILE": str(work / "no-aws-credentials"),
    }
    run = subprocess.run(
        [sys.executable, "-S", "-I", str(work / "probe.py"), str(work / "spec.json")],
        cwd=work,
        env={**base_env, **_function_environment(function), **(env or {})},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, f"{function}: the probe crashed:\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}"
    report = json.loads((work / "report.json").read_text())
    assert report["flags"] == [1, 1]  # site disabled, isolated
    _assert_isolated(report, Path(spec["function"]), Path(spec["layer"]))
    return Probe(errors=report["errors"], modules=report["modules"], report=report)


def _assert_isolated(report: dict[str, Any], function: Path, site: Path) -> None:
    """Every module came from the function, the layer or the standard library: nothing leaked
    in from the dev venv or the repo (the editable `pageport` install lives in site-packages)."""
    stdlib = [p for p in report["path"][2:] if p]
    assert not any("site-packages" in p for p in report["path"]), report["path"]
    allowed = (str(function) + "/", str(site) + "/", *(p.rstrip("/") + "/" for p in stdlib))
    leaked = {
        name: file
        for name, file in report["modules"].items()
        if file and file != report["probe"] and (not file.startswith(allowed) or "site-packages" in file)
    }
    assert not leaked, f"modules from outside the function, the layer and the stdlib: {leaked}"


def _from_layer(result: Probe, site: Path) -> set[str]:
    prefix = str(site) + "/"
    return {name.split(".")[0] for name, file in result.modules.items() if file and file.startswith(prefix)}


# --------------------------------------------------------------------------- tests


def test_the_target_layer_fits_lambda_and_is_built_for_its_architecture(
    target_layers: dict[str, Layer], host_layer: Layer, synth: Synth
) -> None:
    largest_function = max(_size(function_dir(REPO_ROOT, name)) for name in _zip_functions(synth))
    host_names = _top_level(host_layer.path / "python")
    for architecture, layer in target_layers.items():
        site = layer.path / "python"
        size = _size(site)
        assert size < LAYER_BUDGET, f"the {architecture} layer is {size / MB:.1f} MB"
        assert size + largest_function < LAMBDA_UNZIPPED_LIMIT
        extensions = [p for p in site.rglob("*.so*") if p.is_file() and _elf_machine(p) is not None]
        assert any(p.parts[-2] == "PIL" for p in extensions)  # Pillow's compiled core ships
        wrong = [str(p.relative_to(site)) for p in extensions if _elf_machine(p) != _ELF_MACHINES[architecture]]
        assert not wrong, f"extensions not built for {architecture}: {wrong[:10]}"
        cpython = [p.name for p in extensions if ".cpython-" in p.name]
        assert cpython and all(f"cpython-{LAMBDA_PYTHON.replace('.', '')}" in n for n in cpython)
        # What imports on this machine (the host build) is what ships.
        assert _top_level(site) == host_names


def test_the_layers_botocore_makes_s3_conditional_writes(target_layers: dict[str, Layer], tmp_path: Path) -> None:
    """Stripped, boto3 would be the runtime's (whatever version AWS installed last); the layer
    ships its own, and storage.py's If-None-Match / If-Match need botocore >= 1.35.69."""
    for layer in target_layers.values():
        # botocore and its dependencies are pure Python: the arm64 copy imports here.
        result = probe(tmp_path, layer, "convert_worker", ["import botocore.session"], put_object_members=True)
        assert not result.errors, result.errors
        assert {"IfNoneMatch", "IfMatch"} <= set(result.report["put_object_members"])
        assert {"botocore", "urllib3", "dateutil", "jmespath"} <= _from_layer(result, layer.path / "python")


def test_every_zip_function_imports_everything_it_reaches_from_the_layer_alone(
    synth: Synth, host_layer: Layer, tmp_path: Path
) -> None:
    functions = _zip_functions(synth)
    assert "convert_worker" in functions and "capture_worker" not in functions
    site = host_layer.path / "python"
    plans = {name: reached_imports(function_dir(REPO_ROOT, name), site, entry_modules(name)) for name in functions}
    # The scan follows lazy imports: the converter and its Pillow are only imported per message.
    assert "from PIL import Image" in plans["convert_worker"]
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = dict(
            zip(plans, pool.map(lambda name: probe(tmp_path, host_layer, name, plans[name]), plans), strict=True)
        )
    failures = {name: result.errors for name, result in results.items() if result.errors}
    assert not failures, "\n\n".join(f"{name}:\n" + "\n".join(errs.values()) for name, errs in failures.items())
    loaded = _from_layer(results["convert_worker"], site)
    assert {"pageport", "PIL", "boto3", "botocore", "pydantic", "aws_lambda_powertools"} <= loaded


class _Webhook(BaseHTTPRequestHandler):
    received: list[tuple[str, dict[str, str], dict[str, Any]]] = []
    lock = threading.Lock()

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        with self.lock:
            self.received.append((self.path, dict(self.headers.items()), body))
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def emulated_s3() -> Iterator[str]:
    from moto.server import ThreadedMotoServer

    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    try:
        yield f"http://{host}:{port}"
    finally:
        server.stop()


def test_the_convert_worker_converts_a_capture_with_only_the_layer(
    host_layer: Layer, emulated_s3: str, tmp_path: Path
) -> None:
    fixtures = REPO_ROOT / "tests" / "fixtures" / "convert"
    capture = (fixtures / "card.capture.json").read_bytes()
    photo = (fixtures / "card-photo.png").read_bytes()
    bucket, page_import, code2des = "pageport-layer-test", "pi-layer-1", "c2d-layer-1"
    s3 = boto3.client(
        "s3",
        endpoint_url=emulated_s3,
        region_name="us-east-1",
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
    )
    s3.create_bucket(Bucket=bucket)

    # What the capture worker leaves: capture.json, its assets, then the manifest naming them.
    prefix = f"page-imports/{page_import}/1/"

    def put(key: str, data: bytes, content_type: str = "application/octet-stream") -> ArtifactRef:
        s3.put_object(Bucket=bucket, Key=key, Body=data, ContentType=content_type)
        return ArtifactRef(key=key, sha256=hashlib.sha256(data).hexdigest(), size=len(data), content_type=content_type)

    photo_sha = hashlib.sha256(photo).hexdigest()
    manifest = PageImportManifest(
        page_import_id=page_import,
        attempt=1,
        nonce="n1",
        outcome="succeeded",
        capture=put(prefix + "capture.json", capture, "application/json"),
        assets={photo_sha: put(f"{prefix}assets/{photo_sha}", photo)},
    )
    put(prefix + "manifest.json", manifest.model_dump_json(by_alias=True).encode(), "application/json")
    message = ConvertMessage(
        code2des_id=code2des,
        attempt=1,
        nonce="n2",
        page_import_id=page_import,
        capture_key=prefix + "capture.json",
        capture_hash=hashlib.sha256(capture).hexdigest(),
        artifact_prefix=f"code2des/{code2des}/1/",
    )
    event = {
        "Records": [
            {
                "messageId": "m1",
                "receiptHandle": "r1",
                "body": message.model_dump_json(by_alias=True),
                "attributes": {
                    "ApproximateReceiveCount": "1",
                    "SentTimestamp": "0",
                    "SenderId": "x",
                    "ApproximateFirstReceiveTimestamp": "0",
                },
                "messageAttributes": {},
                "md5OfBody": "",
                "eventSource": "aws:sqs",
                "eventSourceARN": "arn:aws:sqs:us-east-1:000000000000:convert",
                "awsRegion": "us-east-1",
            }
        ]
    }

    webhook = ThreadingHTTPServer(("127.0.0.1", 0), _Webhook)
    _Webhook.received = []
    threading.Thread(target=webhook.serve_forever, daemon=True).start()
    try:
        result = probe(
            tmp_path,
            host_layer,
            "convert_worker",
            ["import handler"],
            event=event,
            env={
                "AWS_ENDPOINT_URL": emulated_s3,
                "AWS_ACCESS_KEY_ID": "testing",
                "AWS_SECRET_ACCESS_KEY": "testing",
                "ARTIFACT_BUCKET": bucket,
                "CODE2DES_WEBHOOK_URL": f"http://127.0.0.1:{webhook.server_address[1]}/code2des",
                "CLAIM_EXPIRES_AFTER_S": "900",
                "POWERTOOLS_SERVICE_NAME": "pageport",
            },
        )
    finally:
        webhook.shutdown()
        webhook.server_close()
    assert not result.errors, "\n".join(result.errors.values())
    assert result.report["result"] == {"batchItemFailures": []}
    assert {"PIL", "boto3", "botocore"} <= _from_layer(result, host_layer.path / "python")

    # The signed webhook reported success, naming the manifest the worker wrote.
    assert len(_Webhook.received) == 1
    path, headers, body = _Webhook.received[0]
    assert path == "/code2des" and headers["Authorization"].startswith("AWS4-HMAC-SHA256 ")
    assert body["outcome"] == "succeeded" and body["code2desId"] == code2des
    written = Code2DesManifest.model_validate_json(
        s3.get_object(Bucket=bucket, Key=f"code2des/{code2des}/1/manifest.json")["Body"].read()
    )
    assert body["manifestUrl"] == f"s3://{bucket}/code2des/{code2des}/1/manifest.json"
    assert written.outcome == "succeeded" and written.result is not None
    # The same design the converter makes in the dev environment, byte for byte.
    expected = convert_capture(capture, {photo_sha: photo})
    assert s3.get_object(Bucket=bucket, Key=written.result.key)["Body"].read() == expected.result_json
    assert set(written.images) == set(expected.images) == {photo_sha}
