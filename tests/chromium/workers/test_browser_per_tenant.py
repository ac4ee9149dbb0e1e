"""The capture worker's warm browser is its tenant's alone: one organization's jobs reuse it
(each in a fresh context, capture/capture.py), another organization's job gets a new browser
process, and so does a job whose tenant is not known."""

from __future__ import annotations

from pageport.kinds.page_import import job as capture_job


def test_a_browser_serves_one_tenant() -> None:
    first = capture_job.warm_browser(tenant=1)
    assert capture_job.warm_browser(tenant=1) is first  # the same tenant: warm
    other = capture_job.warm_browser(tenant=2)
    assert other is not first and not first.is_connected()  # another tenant: the old one is closed
    back = capture_job.warm_browser(tenant=1)
    assert back is not other and not other.is_connected()
    unknown = capture_job.warm_browser(tenant=None)
    assert unknown is not back and not back.is_connected()
    assert capture_job.warm_browser(tenant=None) is not unknown  # nobody's: never shared
