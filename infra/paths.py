"""Where the app finds its inputs, and the check that every function folder exists.

The route table (pageport.routes) names every function; each lives at
functions/<name>/handler.py with `lambda_handler`, but for the per-kind workers and webhooks,
which share functions/worker and functions/webhook (pageport.routes.handler_folder).
Synthesis stops, listing all that are missing, rather than failing on the first asset it
cannot stage.
"""

from __future__ import annotations

from pathlib import Path

from pageport import routes

REPO_ROOT = Path(__file__).resolve().parent.parent


class MissingFunctionsError(SystemExit):
    pass


def required_functions() -> tuple[str, ...]:
    """The handler folders synthesis needs (read at call time: a test may add a kind)."""
    names = [r.function for r in routes.ROUTES]
    names += [*routes.WEBHOOK_FUNCTIONS.values(), *routes.BACKGROUND_FUNCTIONS, *routes.WORKER_QUEUES]
    return tuple(dict.fromkeys(routes.handler_folder(name) for name in names))


def function_dir(repo_root: Path, function: str) -> Path:
    """A function's code folder (a per-kind worker or webhook: the shared one)."""
    return repo_root / "functions" / routes.handler_folder(function)


def missing_functions(repo_root: Path) -> list[str]:
    return [name for name in required_functions() if not (function_dir(repo_root, name) / "handler.py").is_file()]


def check_functions(repo_root: Path) -> None:
    missing = missing_functions(repo_root)
    if missing:
        listing = "\n".join(f"  functions/{name}/handler.py" for name in missing)
        raise MissingFunctionsError(
            f"cannot synthesize: {len(missing)} function(s) named by pageport.routes have no "
            f"handler under {repo_root}:\n{listing}\n"
            "Each needs functions/<name>/handler.py defining lambda_handler(event, context)."
        )
