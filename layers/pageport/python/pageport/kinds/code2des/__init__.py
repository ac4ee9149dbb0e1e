"""Code2Des: a completed Page Import's capture converted to a Figma node tree."""

from collections.abc import Mapping
from typing import Any

from pageport.kinds import JobAccess, Kind, Webhook

WEBHOOK = Webhook(function="code2des_webhook", path="code2des")

PREFIX = "code2des/"


def _s3_access(message: Mapping[str, Any]) -> JobAccess:
    """A conversion reads its source captures (a site design's every variant) and its
    cancellation mark, writes its own prefix."""
    from pageport.cancellations import marker_folder  # not at import: descriptors stay light

    job = str(message["code2desId"])
    variants = message.get("variants") or []
    captures = dict.fromkeys([str(message["pageImportId"]), *(str(v["pageImportId"]) for v in variants)])
    reads = (*(f"page-imports/{capture}/" for capture in captures), marker_folder(PREFIX, job))
    return JobAccess(job, reads=reads, writes=(f"{PREFIX}{job}/",))


KIND = Kind(
    name="code2des",
    queue="convert",
    worker="convert_worker",
    s3_prefix=PREFIX,
    chromium_image=False,
    webhook=WEBHOOK,
    job_table="code2des",
    worker_reads=("page-imports/",),
    direct_senders=("create_code2des",),
    result_readers=("get_code2des_result",),
    s3_access=_s3_access,
)
