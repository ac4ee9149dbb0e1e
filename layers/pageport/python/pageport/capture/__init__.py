"""Page capture: render a URL in Chromium and record capture.json, assets and a screenshot.

The schema (``pageport.capture.schema``) imports only pydantic; the capture itself
(``pageport.capture.capture``) needs Playwright and is imported lazily by the worker.
"""
