"""A page behind a login: its import's auth applied to the capture's context, for the page's own
origin only. Cookies are host-only cookies of the page's host (never sent to another host or a
subdomain; browsers share a host's cookies across its ports, RFC 6265); headers are added to
requests whose URL is on that origin (a redirect or a request to any other origin goes without
them); localStorage items are set, before any page script, in documents of that origin alone.
Nothing here logs a value."""

from __future__ import annotations

import json
import re
from typing import Any

from pageport.kinds.page_import.auth import PageAuth, origin_of


def apply_auth(context: Any, url: str, auth: PageAuth) -> None:
    origin = origin_of(url)
    secure_default = origin.startswith("https:")
    if auth.cookies:
        context.add_cookies(
            [
                {
                    "name": c.name,
                    "value": c.value.get_secret_value(),
                    "url": origin + c.path,  # host-only, on the cookie's path
                    "httpOnly": c.http_only,
                    "secure": secure_default if c.secure is None else c.secure,
                    "sameSite": c.same_site,
                }
                for c in auth.cookies
            ]
        )
    if auth.headers:
        extra = {name: value.get_secret_value() for name, value in auth.headers.items()}

        def with_headers(route: Any) -> None:
            route.fallback(headers={**route.request.headers, **extra})

        # Matched in Playwright's driver: only this origin's requests come here.
        context.route(re.compile("^" + re.escape(origin) + r"(?:[/?#]|$)"), with_headers)
    if auth.local_storage:
        items = {key: value.get_secret_value() for key, value in auth.local_storage.items()}
        context.add_init_script(
            f"if (location.origin === {json.dumps(origin)}) "
            f"{{ for (const [k, v] of Object.entries({json.dumps(items)})) localStorage.setItem(k, v); }}"
        )
