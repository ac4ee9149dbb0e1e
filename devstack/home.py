"""The local stack's home page (`GET /`): the latest designs of every project on this machine,
each with its preview, its page and the `code2des/<id>` the Figma plugin opens (Jobs → Open).

The page needs no token, like `/docs`, so it answers only this machine (loopback clients): a
stack listening on another interface (`--host 0.0.0.0`) does not show the network its tenants'
pages. Previews are rendered from the verified result (as `pageport import` renders them), one
at a time, and kept in the data dir: a completed result never changes.
"""

from __future__ import annotations

import base64
import html
import ipaddress
import os
import re
import threading
from pathlib import Path
from typing import Any

from pageport.errors import MethodNotAllowed, NotFound

from devstack.commands import COMPLETED, FAILED, STATUS_NAMES
from devstack.docs import Answer, error_answer

HOME_PATH = "/"
_PREVIEW = re.compile(r"/designs/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/preview\.png")
RECENT = 50
_HEADERS = {
    "Cache-Control": "no-cache",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
}
_rendering = threading.Lock()


def answer(method: str, path: str, client_host: str, data_dir: Path | None) -> Answer | None:
    """The home page or a preview; None when `path` is neither (the API routes it)."""
    found = _PREVIEW.fullmatch(path)
    if path != HOME_PATH and found is None:
        return None
    if not _is_loopback(client_host) or data_dir is None:
        return error_answer(NotFound("No such route."))
    if method != "GET":
        return error_answer(MethodNotAllowed(), Allow="GET")
    if found is None:
        return Answer(200, _page(_recent_designs()).encode(), {"Content-Type": "text/html; charset=utf-8", **_HEADERS})
    preview = _preview(found[1], data_dir)
    if preview is None:
        return error_answer(NotFound("That design has no preview (it is not completed)."))
    return Answer(200, preview, {"Content-Type": "image/png", **_HEADERS})


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.removeprefix("::ffff:")).is_loopback
    except ValueError:
        return False


def _connect() -> Any:
    from pageport.db import connect

    return connect(os.environ["DATABASE_URL"])


def _recent_designs() -> list[dict[str, Any]]:
    # Every tenant's: this page is the machine owner's view, served to this machine only.
    with _connect() as conn:
        rows: list[dict[str, Any]] = conn.execute(
            """SELECT c.id, c.status::text AS status, c.warning_count, c.error_message, c.created_at, c.created_by,
                      c.materialized_node_id, p.source_url, p.viewport_width, p.viewport_height,
                      pr.name AS project, o.name AS organization
               FROM code2des c
               JOIN page_import p ON p.id = c.page_import_id
               JOIN project pr ON pr.id = c.project_id
               JOIN organization o ON o.id = c.organization_id
               WHERE c.deleted_at IS NULL
               ORDER BY c.created_at DESC, c.id DESC LIMIT %s""",
            (RECENT,),
        ).fetchall()
    return rows


def _preview(code2des_id: str, data_dir: Path) -> bytes | None:
    cached = data_dir / "previews" / f"{code2des_id}.png"
    if cached.exists():
        return cached.read_bytes()
    with _rendering:  # one render at a time: a page of previews must not start fifty at once
        if cached.exists():
            return cached.read_bytes()
        png = _render(code2des_id)
        if png is not None:
            cached.parent.mkdir(parents=True, exist_ok=True)
            temporary = cached.with_suffix(".tmp")
            temporary.write_bytes(png)
            temporary.replace(cached)
        return png


def _render(code2des_id: str) -> bytes | None:
    import boto3
    from pageport.errors import Conflict
    from pageport.kinds.code2des.models import Code2DesRow
    from pageport.kinds.code2des.result import load_result
    from pageport.render import render_preview
    from pageport.storage import ArtifactStore

    with _connect() as conn:
        row = conn.execute("SELECT * FROM code2des WHERE id = %s AND deleted_at IS NULL", (code2des_id,)).fetchone()
    if row is None:
        return None
    store = ArtifactStore(os.environ["ARTIFACT_BUCKET"], client=boto3.client("s3"))
    try:  # the result verified against its manifest, every image in one page
        result = load_result(Code2DesRow.model_validate(row), store, cursor=None, page_bytes=1 << 40)
    except Conflict:
        return None
    images = {key: base64.b64decode(value) for key, value in result.images.items()}
    return render_preview(result.document or {}, images, scale=0.5)


def _page(designs: list[dict[str, Any]]) -> str:
    rows = "\n".join(_row(design) for design in designs) or (
        '<tr><td colspan="3">No designs yet: <code>pageport import https://example.com/</code> makes one.</td></tr>'
    )
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pageport (local)</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body {{ font: 14px/1.45 system-ui, sans-serif; margin: 24px; color: #1d1d1f; }}
table {{ border-collapse: collapse; width: 100%; }}
td {{ border-top: 1px solid #e5e5e5; padding: 10px 12px 10px 0; vertical-align: top; }}
img {{ width: 240px; max-height: 320px; object-fit: cover; object-position: top; border: 1px solid #ddd; }}
code {{ background: #f3f3f3; padding: 2px 4px; user-select: all; white-space: nowrap; }}
.muted {{ color: #6e6e73; }} .failed {{ color: #b3261e; }}
</style></head>
<body>
<h1>Pageport on this machine</h1>
<p>The latest {RECENT} designs of every project. To place one in Figma: the Pageport plugin → Jobs →
Open, and paste its <code>code2des/…</code> line. <a href="/docs">API documentation</a>.</p>
<table>
{rows}
</table>
</body></html>
"""


def _row(design: dict[str, Any]) -> str:
    code2des_id = html.escape(design["id"])
    url = html.escape(design["source_url"])
    status = STATUS_NAMES.get(design["status"], design["status"])
    if design["status"] == COMPLETED:
        preview = f"/designs/{code2des_id}/preview.png"
        picture = f'<a href="{preview}"><img loading="lazy" alt="preview of {url}" src="{preview}"></a>'
    else:
        picture = f'<span class="muted">{html.escape(status)}</span>'
    detail = (
        f'<span class="failed">{html.escape(design["error_message"] or "")}</span>'
        if design["status"] == FAILED
        else ""
    )
    placed = " · placed in Figma" if design["materialized_node_id"] else ""
    warnings = f" · {design['warning_count']} warnings" if design["warning_count"] else ""
    facts = [
        f"{design['viewport_width']}x{design['viewport_height']}",
        html.escape(status) + warnings + placed,
        f"{html.escape(design['organization'])} / {html.escape(design['project'])}",
        html.escape(design["created_by"]),
        f"{design['created_at']:%Y-%m-%d %H:%M}",
    ]
    return (
        f"<tr><td>{picture}</td>"
        f'<td><a href="{url}" rel="noreferrer">{url}</a><br>'
        f'<span class="muted">{" · ".join(facts)}</span><br>{detail}</td>'
        f"<td><code>code2des/{code2des_id}</code></td></tr>"
    )
