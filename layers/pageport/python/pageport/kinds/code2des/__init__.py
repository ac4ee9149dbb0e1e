"""Code2Des: a completed Page Import's capture converted to a Figma node tree."""

from pageport.kinds import Kind, Webhook

WEBHOOK = Webhook(function="code2des_webhook", path="code2des")

KIND = Kind(
    name="code2des",
    queue="convert",
    worker="convert_worker",
    s3_prefix="code2des/",
    chromium_image=False,
    webhook=WEBHOOK,
    job_table="code2des",
    worker_reads=("page-imports/",),
    direct_senders=("create_code2des",),
    result_readers=("get_code2des_result",),
)
