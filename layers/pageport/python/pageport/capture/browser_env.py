"""The environment Chromium is launched with: an allowlist, never the worker's own.

Chromium runs without its sandbox in Lambda, so a renderer exploit would run as the function.
Inherited, the function's environment would hand it the role's credentials (AWS_ACCESS_KEY_ID,
AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), and whatever else a deployment sets. Chromium (and
the zygote, renderers and utilities it starts, which inherit from it) gets only what it needs to
find its libraries and fonts, write its profile and caches, and format text and times."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping

ALLOWED: frozenset[str] = frozenset(
    {
        "PATH",
        "HOME",
        "TMPDIR",
        "TZ",
        "LANG",
        "LANGUAGE",
        "LC_ALL",
        "LC_CTYPE",
        "LC_COLLATE",
        "LC_MESSAGES",
        "LC_MONETARY",
        "LC_NUMERIC",
        "LC_TIME",
        "FONTCONFIG_FILE",
        "FONTCONFIG_PATH",
        "XDG_CACHE_HOME",
        "XDG_CONFIG_HOME",
        "XDG_DATA_HOME",
        "XDG_CONFIG_DIRS",
        "XDG_DATA_DIRS",
        "XDG_RUNTIME_DIR",
        # Where the runtime's shared libraries are (set by Lambda; no secret in a search path).
        "LD_LIBRARY_PATH",
    }
)


def browser_environment(environ: Mapping[str, str] | None = None) -> dict[str, str | float | bool]:
    """The allowlisted variables of `environ` (default: this process's), with a HOME (Lambda
    sets none; Chromium writes its profile and caches under it)."""
    source = os.environ if environ is None else environ
    # Typed as Playwright's `launch(env=...)` takes it.
    env: dict[str, str | float | bool] = {name: value for name, value in source.items() if name in ALLOWED}
    env.setdefault("HOME", tempfile.gettempdir())
    env.setdefault("PATH", "/usr/local/bin:/usr/bin:/bin")
    return env
