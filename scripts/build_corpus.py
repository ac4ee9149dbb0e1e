"""Rebuild corpus/pages from the published packages that ship them (corpus/corpus.json).

Each corpus page comes from a package as its authors published it: an npm package (fetched
with `npm pack NAME@VERSION`, its integrity checked against the registry's) or Debian packages
(fetched with `apt-get download NAME=VERSION`, their SHA-256 checked against the manifest; a
page's packages are unpacked into one root, so a symlink into another package resolves as
installed). The page is served from that root on loopback and loaded in Chromium at 1280 and
390 px, scrolled to its end at each; every file it fetched from the root is copied to
corpus/pages/NAME/ at the same path, with the package's licence files under LICENSES/. What
the page asks of other hosts (font and icon CDNs) fails, as for a page whose CDN is down.

The copy in the repository is what tests and benchmarks use; this script is how it was made.
Run: `.venv/bin/python scripts/build_corpus.py [NAME ...]` (needs the registries; offline
use never needs it).
"""

from __future__ import annotations

import argparse
import base64
import functools
import hashlib
import http.server
import json
import mimetypes
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import urllib.parse
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO / "corpus"
CACHE = Path(os.environ.get("PAGEPORT_CORPUS_CACHE", Path.home() / ".cache" / "pageport-corpus"))
WIDTHS = ((1280, 800), (390, 844))


def _npm_unpacked(spec: str) -> Path:
    """`NAME@VERSION` fetched with npm pack (integrity as the registry states it) and unpacked."""
    dest = CACHE / "npm" / spec.replace("/", "+")
    if (dest / ".done").exists():
        return dest / "package"
    dest.mkdir(parents=True, exist_ok=True)
    out = subprocess.run(
        ["npm", "pack", spec, "--json", "--pack-destination", str(dest)],
        check=True,
        capture_output=True,
        text=True,
    )
    info = json.loads(out.stdout)[0]
    tarball = dest / info["filename"]
    algo, digest = info["integrity"].split("-", 1)
    if base64.b64encode(hashlib.new(algo, tarball.read_bytes()).digest()).decode() != digest:
        raise SystemExit(f"{spec}: the tarball does not match its integrity {info['integrity']}")
    with tarfile.open(tarball) as archive:
        archive.extractall(dest, filter="data")
    (dest / ".done").touch()
    return dest / "package"


def _debs_unpacked(specs: list[str], hashes: dict[str, str]) -> Path:
    """Debian packages `NAME=VERSION`, downloaded with apt-get, checked, unpacked into one root."""
    key = hashlib.sha256(" ".join(sorted(specs)).encode()).hexdigest()[:16]
    root = CACHE / "deb" / key
    if (root / ".done").exists():
        return root
    downloads = CACHE / "deb-archives"
    downloads.mkdir(parents=True, exist_ok=True)
    root.mkdir(parents=True, exist_ok=True)
    for spec in specs:
        name, version = spec.split("=", 1)
        found = [p for p in downloads.glob(f"{name}_*.deb") if _deb_version(p) == version]
        if not found:
            subprocess.run(["apt-get", "download", spec], cwd=downloads, check=True, capture_output=True)
            found = [p for p in downloads.glob(f"{name}_*.deb") if _deb_version(p) == version]
        archive = found[0]
        sha = hashlib.sha256(archive.read_bytes()).hexdigest()
        if hashes.get(spec) not in (None, sha):
            raise SystemExit(f"{spec}: SHA-256 {sha} is not the manifest's {hashes[spec]}")
        hashes[spec] = sha
        subprocess.run(["dpkg-deb", "-x", str(archive), str(root)], check=True)
    (root / ".done").touch()
    return root


def _deb_version(archive: Path) -> str:
    return subprocess.run(
        ["dpkg-deb", "-f", str(archive), "Version"], check=True, capture_output=True, text=True
    ).stdout.strip()


def _resolve(sysroot: Path, path: Path) -> Path | None:
    """`path` with every symlink followed inside `sysroot` (an absolute target is taken from
    the sysroot, as it would be on a machine with the packages installed)."""
    for _ in range(40):
        parts = path.relative_to(sysroot).parts
        current = sysroot
        for i, part in enumerate(parts):
            current = current / part
            if current.is_symlink():
                target = str(current.readlink())
                base = sysroot if target.startswith("/") else current.parent
                joined = Path(os.path.normpath(base / target.lstrip("/")))
                if not joined.is_relative_to(sysroot):
                    return None
                path = joined.joinpath(*parts[i + 1 :])
                break
        else:
            return path if path.is_file() else None
    return None


class _Handler(http.server.BaseHTTPRequestHandler):
    def __init__(
        self, *args: Any, sysroot: Path, root: Path, served: set[str], page: str, page_html: bytes, **kwargs: Any
    ) -> None:
        self.sysroot, self.root, self.served, self.page, self.page_html = sysroot, root, served, page, page_html
        super().__init__(*args, **kwargs)

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        rel = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path).lstrip("/")
        if rel == "" or rel.endswith("/"):
            rel += "index.html"
        target = Path(os.path.normpath(self.root / rel))
        real = _resolve(self.sysroot, target) if target.is_relative_to(self.root) else None
        if real is None:
            self.send_error(404)
            return
        body = self.page_html if rel == self.page else real.read_bytes()
        self.send_response(200)
        guessed = http.server.SimpleHTTPRequestHandler.extensions_map.get(real.suffix.lower())

        self.send_header("Content-Type", guessed or mimetypes.guess_type(real.name)[0] or "application/octet-stream")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        self.served.add(rel)


def page_with_local_cdn(html: bytes, page: str, cdn: dict[str, str]) -> bytes:
    """The page with each CDN prefix the manifest maps pointed at the same files in the
    package (a relative URL from the page's folder): the page as its authors' CDN served it."""
    text = html.decode("utf-8")
    for prefix, local in cdn.items():
        relative = os.path.relpath(local or ".", str(Path(page).parent)).replace(os.sep, "/")
        text = text.replace(prefix, relative.rstrip("/") + "/")
    return text.encode("utf-8")


def _files_loaded(sysroot: Path, root: Path, page: str, page_html: bytes) -> set[str]:
    from playwright.sync_api import sync_playwright

    served: set[str] = set()
    handler = functools.partial(_Handler, sysroot=sysroot, root=root, served=served, page=page, page_html=page_html)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/{page}"
    args = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=args)
            for width, height in WIDTHS:
                context = browser.new_context(viewport={"width": width, "height": height})
                tab = context.new_page()
                tab.goto(url, wait_until="load", timeout=60_000)
                tab.evaluate(
                    """async () => { for (let y = 0; y < document.documentElement.scrollHeight;
                    y += innerHeight / 2) { scrollTo(0, y); await new Promise(r => setTimeout(r, 60)); } }"""
                )
                tab.wait_for_timeout(800)
                context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return served


def build(entry: dict[str, Any], hashes: dict[str, str]) -> dict[str, Any]:
    source = entry["source"]
    if "npm" in source:
        sysroot = _npm_unpacked(source["npm"])
        licences = [sysroot / name for name in source.get("licence", ["LICENSE"])]
    else:
        sysroot = _debs_unpacked(source["deb"], hashes)
        licences = [sysroot / "usr/share/doc" / spec.split("=")[0] / "copyright" for spec in source["deb"]]
    root = sysroot / source.get("root", "")
    page_file = _resolve(sysroot, root / entry["page"])
    assert page_file is not None, f"{entry['name']}: no {entry['page']}"
    page_html = page_with_local_cdn(page_file.read_bytes(), entry["page"], source.get("cdn", {}))
    loaded = _files_loaded(sysroot, root, entry["page"], page_html)
    if entry["page"] not in loaded:
        raise SystemExit(f"{entry['name']}: {entry['page']} was not served")
    dest = CORPUS / "pages" / entry["name"]
    shutil.rmtree(dest, ignore_errors=True)
    size = 0
    for rel in sorted(loaded):
        real = _resolve(sysroot, Path(os.path.normpath(root / rel)))
        assert real is not None
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        if rel == entry["page"]:
            (dest / rel).write_bytes(page_html)
        else:
            shutil.copyfile(real, dest / rel)
        size += (dest / rel).stat().st_size
    for licence in licences:
        real = _resolve(sysroot, licence) if licence.is_relative_to(sysroot) else None
        if real is None:
            raise SystemExit(f"{entry['name']}: licence file {licence} is missing")
        name = licence.name if "npm" in source else f"{licence.parent.name}.copyright"
        (dest / "LICENSES").mkdir(parents=True, exist_ok=True)
        shutil.copyfile(real, dest / "LICENSES" / name)
    return {"files": len(loaded), "bytes": size}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", help="pages to rebuild (default: all)")
    args = parser.parse_args()
    manifest_path = CORPUS / "corpus.json"
    manifest = json.loads(manifest_path.read_text())
    hashes: dict[str, str] = manifest.setdefault("debSha256", {})
    for entry in manifest["pages"]:
        if args.names and entry["name"] not in args.names:
            continue
        with tempfile.TemporaryDirectory():
            stats = build(entry, hashes)
        print(f"{entry['name']}: {stats['files']} files, {stats['bytes'] / 1e6:.2f} MB", file=sys.stderr)
    manifest_path.write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
