"""Page Import: a web page captured by Chromium (capture.json, screenshot, assets)."""

from collections.abc import Mapping
from typing import Any

from pageport.kinds import JobAccess, Kind, Webhook

WEBHOOK = Webhook(function="page_import_webhook", path="page-imports")

PREFIX = "page-imports/"


def _s3_access(message: Mapping[str, Any]) -> JobAccess:
    """A capture writes its own Page Import's prefix and reads its cancellation mark; one that
    carries sealed auth also opens it (KMS, under its own id) and deletes it when done."""
    from pageport.cancellations import marker_folder  # not at import: descriptors stay light

    job = str(message["pageImportId"])
    sealed = bool(message.get("auth"))
    return JobAccess(
        job,
        reads=(marker_folder(PREFIX, job),),
        writes=(f"{PREFIX}{job}/",),
        deletes=(f"{PREFIX}{job}/auth/",) if sealed else (),
        decrypts=(("pageImportId", job),) if sealed else (),
    )


KIND = Kind(
    name="page_import",
    queue="capture",
    worker="capture_worker",
    s3_prefix=PREFIX,
    chromium_image=True,
    webhook=WEBHOOK,
    job_table="page_import",
    direct_senders=("create_page_import",),
    s3_access=_s3_access,
)
