"""Page Discovery: a site's pages found from its homepage; published to S3, no job table."""

from pageport.kinds import Kind

KIND = Kind(
    name="page_discovery",
    queue="discovery",
    worker="discovery_worker",
    s3_prefix="discovery/",
    chromium_image=True,  # as before the regroup; the job itself fetches over HTTP, no browser
    result_readers=("get_batch_discovery",),
    status_in_s3=True,
)
