"""Page Import: a web page captured by Chromium (capture.json, screenshot, assets)."""

from pageport.kinds import Kind, Webhook

WEBHOOK = Webhook(function="page_import_webhook", path="page-imports")

KIND = Kind(
    name="page_import",
    queue="capture",
    worker="capture_worker",
    s3_prefix="page-imports/",
    chromium_image=True,
    webhook=WEBHOOK,
    job_table="page_import",
    direct_senders=("create_page_import",),
)
