"""Page Discovery: a site's pages found from its homepage; published to S3, no job table."""

from collections.abc import Mapping
from typing import Any

from pageport.kinds import JobAccess, Kind


def _s3_access(message: Mapping[str, Any]) -> JobAccess:
    """A discovery writes its own batch item's prefix."""
    from pageport.kinds.page_discovery.layout import discovery_prefix  # not at import: stays light

    item = str(message["batchItemId"])
    return JobAccess(item, writes=(discovery_prefix(item),))


KIND = Kind(
    name="page_discovery",
    queue="discovery",
    worker="discovery_worker",
    s3_prefix="discovery/",
    chromium_image=True,  # as before the regroup; the job itself fetches over HTTP, no browser
    result_readers=("get_batch_discovery",),
    status_in_s3=True,
    s3_access=_s3_access,
)
